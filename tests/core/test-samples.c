/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The bundled sample rig, data/samples/humanoid.txtpb, as the build encodes it
 * (humanoid.ossa in the build tree): it loads, it is a plausible figure, and its
 * animations show what they are there to show (every interpolation mode, a
 * seamless loop, the shortest way across ±180°, an explicit spin with turns). */
#include <glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-animation.h"
#include "ossa-document.h"
#include "ossa-interp.h"
#include "ossa-io.h"
#include "ossa-math.h"
#include "ossa-pose.h"
#include "ossa-skeleton.h"

#define SEAM_EPSILON 1e-4

/* Bones every humanoid in the sample must have, by name. */
static const char *const required_bones[] = {
  "root", "hips", "spine", "chest", "neck", "head",
  "upper_arm_l", "forearm_l", "hand_l", "upper_arm_r", "forearm_r", "hand_r",
  "thigh_l", "shin_l", "foot_l", "thigh_r", "shin_r", "foot_r",
};

static char *
sample_path (void)
{
  const char *root = g_getenv ("OSSA_BUILD_ROOT");

  if (root == NULL)
    return NULL;
  return g_build_filename (root, "data", "samples", "humanoid.ossa", NULL);
}

/* The sample, or NULL (test skipped) when the test runs outside meson. */
static OssaDocument *
load_sample (void)
{
  char *path = sample_path ();
  OssaError err;
  OssaDocument *doc;
  char msg[OSSA_ERROR_PATH_MAX + OSSA_ERROR_MESSAGE_MAX + 8];

  if (path == NULL)
    {
      g_test_skip ("OSSA_BUILD_ROOT is not set (run through meson test)");
      return NULL;
    }
  ossa_error_clear (&err);
  doc = ossa_document_load (path, &err);
  ossa_error_format (&err, msg, sizeof msg);
  if (doc == NULL)
    g_test_message ("loading %s: %s", path, msg);
  g_assert_nonnull (doc);
  g_assert_cmpint (err.code, ==, OSSA_ERROR_NONE);
  g_free (path);
  return doc;
}

/* The animation called name; the test fails when there is none. */
static const OssaAnimation *
require_animation (const OssaDocument *doc, const char *name)
{
  ssize_t i = ossa_document_find_animation (doc, name);

  if (i < 0)
    g_error ("the sample has no animation called \"%s\"", name);
  return &doc->animations[i];
}

static size_t
bone_index (const OssaDocument *doc, const char *name)
{
  ssize_t i = ossa_skeleton_find_bone (&doc->skeleton, name);

  if (i < 0)
    g_test_message ("no bone called %s", name);
  g_assert_cmpint (i, >=, 0);
  return (size_t) i;
}

/* Signed difference of two angles, wrapped into (-π, π]. */
static double
angle_diff (double a, double b)
{
  return ossa_angle_normalize (a - b);
}

/* The value a track's channel has at t, compared across a loop seam: angles as
 * angles (a whole turn apart is the same pose), other channels as numbers. */
static double
channel_diff (OssaChannel channel, double a, double b)
{
  return channel == OSSA_CHANNEL_ROTATE ? angle_diff (a, b) : a - b;
}

/* World matrices of anim at t (anim NULL: the rest pose); caller frees. */
static OssaXform *
pose_world (const OssaDocument *doc, const OssaAnimation *anim, float t)
{
  size_t n = doc->skeleton.n_bones;
  OssaTransform *local = g_new (OssaTransform, n);
  OssaXform *world = g_new (OssaXform, n);

  ossa_animation_sample_pose (anim, &doc->skeleton, t, local);
  ossa_pose_compute_world (&doc->skeleton, local, world);
  g_free (local);
  return world;
}

/* Loading and the skeleton ------------------------------------------------- */

static void
test_load (void)
{
  OssaDocument *doc = load_sample ();
  const OssaSkeleton *skel;
  OssaError err;

  if (doc == NULL)
    return;
  skel = &doc->skeleton;
  g_assert_cmpstr (doc->generator, ==, "Ossa sample");
  g_assert_cmpuint (skel->n_bones, >=, 15);
  ossa_error_clear (&err);
  g_assert_true (ossa_document_validate (doc, &err));

  for (size_t i = 0; i < G_N_ELEMENTS (required_bones); i++)
    bone_index (doc, required_bones[i]);

  g_assert_cmpint (skel->bones[0].parent, ==, -1);
  for (size_t i = 0; i < skel->n_bones; i++)
    {
      const OssaBone *b = &skel->bones[i];

      /* Parent before child; one root; every bone visible and opaque. */
      g_assert_cmpint (b->parent, <, (int32_t) i);
      if (i > 0)
        g_assert_cmpint (b->parent, >=, 0);
      g_assert_cmpfloat (b->length, >, 0.f);
      g_assert_cmpuint (b->color & 0xffu, ==, 0xffu);
      /* A colour per body part. */
      for (size_t j = 0; j < i; j++)
        g_assert_cmpuint (b->color, !=, skel->bones[j].color);
    }

  /* Both animations the editor shows a new user. */
  require_animation (doc, "walk");
  require_animation (doc, "wave");
  ossa_document_free (doc);
}

/* A ~200-unit figure standing on y = 0 at the origin, head up, feet down. */
static void
test_rest_pose (void)
{
  OssaDocument *doc = load_sample ();
  OssaXform *world;
  float min_y = INFINITY, max_y = -INFINITY;
  OssaVec2 head_tip, hips, ankle_l, ankle_r;
  size_t n;

  if (doc == NULL)
    return;
  n = doc->skeleton.n_bones;
  world = g_new (OssaXform, n);
  ossa_skeleton_rest_world (&doc->skeleton, world);
  for (size_t i = 0; i < n; i++)
    {
      OssaVec2 joint = ossa_pose_joint (&world[i]);
      OssaVec2 tip = ossa_pose_tip (&world[i], doc->skeleton.bones[i].length);

      g_assert_true (isfinite (joint.x) && isfinite (joint.y));
      g_assert_cmpfloat (joint.x, >, -100.f);
      g_assert_cmpfloat (joint.x, <, 100.f);
      g_assert_cmpfloat (joint.y, >=, -1.f);
      g_assert_cmpfloat (joint.y, <, 250.f);
      g_assert_cmpfloat (tip.x, >, -100.f);
      g_assert_cmpfloat (tip.x, <, 100.f);
      g_assert_cmpfloat (tip.y, >=, -1.f);
      g_assert_cmpfloat (tip.y, <, 250.f);
      min_y = fminf (min_y, fminf (joint.y, tip.y));
      max_y = fmaxf (max_y, fmaxf (joint.y, tip.y));
    }
  /* Feet on the ground, head at the top, about 200 tall. */
  g_assert_cmpfloat (min_y, <, 5.f);
  g_assert_cmpfloat (max_y - min_y, >, 150.f);
  g_assert_cmpfloat (max_y - min_y, <, 250.f);

  head_tip = ossa_pose_tip (&world[bone_index (doc, "head")],
                            doc->skeleton.bones[bone_index (doc, "head")].length);
  hips = ossa_pose_joint (&world[bone_index (doc, "hips")]);
  ankle_l = ossa_pose_joint (&world[bone_index (doc, "foot_l")]);
  ankle_r = ossa_pose_joint (&world[bone_index (doc, "foot_r")]);
  g_assert_cmpfloat_with_epsilon (head_tip.y, max_y, 1e-3);
  g_assert_cmpfloat (hips.y, >, ankle_l.y + 50.f);
  g_assert_cmpfloat (hips.y, >, ankle_r.y + 50.f);
  g_assert_cmpfloat (head_tip.y, >, hips.y + 50.f);

  g_free (world);
  ossa_document_free (doc);
}

/* The walk ------------------------------------------------------------------ */

/* Every key column as DESIGN.md has it: times strictly increasing within
 * [0, duration], finite values, curves with x in [0, 1]. */
static void
check_keys (const OssaAnimation *anim)
{
  for (size_t i = 0; i < anim->n_tracks; i++)
    {
      const OssaTrack *tr = &anim->tracks[i];

      g_assert_cmpuint (tr->n_keys, >=, 2);
      for (size_t k = 0; k < tr->n_keys; k++)
        {
          OssaKey key = ossa_track_get_key (tr, k);

          g_assert_cmpfloat (key.time, >=, 0.f);
          g_assert_cmpfloat (key.time, <=, anim->duration);
          g_assert_true (isfinite (key.value));
          if (k > 0)
            g_assert_cmpfloat (key.time, >, tr->times[k - 1]);
          if (key.interp == OSSA_INTERP_BEZIER)
            {
              g_assert_cmpfloat (key.curve.x1, >=, 0.f);
              g_assert_cmpfloat (key.curve.x1, <=, 1.f);
              g_assert_cmpfloat (key.curve.x2, >=, 0.f);
              g_assert_cmpfloat (key.curve.x2, <=, 1.f);
            }
        }
    }
}

static void
test_walk (void)
{
  OssaDocument *doc = load_sample ();
  const OssaAnimation *walk;
  bool seen[OSSA_N_INTERPS] = { false };
  size_t hips;

  if (doc == NULL)
    return;
  walk = require_animation (doc, "walk");
  g_assert_true (walk->loop);
  g_assert_cmpfloat_with_epsilon (walk->duration, 1.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (walk->fps, 30.0, 1e-6);
  check_keys (walk);

  /* Every interpolation mode, on segments that are actually played (not the
   * last key's mode, which starts no segment). */
  for (size_t i = 0; i < walk->n_tracks; i++)
    for (size_t k = 0; k + 1 < walk->tracks[i].n_keys; k++)
      seen[ossa_track_get_key (&walk->tracks[i], k).interp] = true;
  g_assert_true (seen[OSSA_INTERP_LINEAR]);
  g_assert_true (seen[OSSA_INTERP_STEP]);
  g_assert_true (seen[OSSA_INTERP_BEZIER]);

  /* The hips bob, the legs, arms and spine turn. */
  hips = bone_index (doc, "hips");
  g_assert_nonnull (ossa_animation_find_track (walk, (uint32_t) hips, OSSA_CHANNEL_TRANSLATE_Y));
  g_assert_nonnull (ossa_animation_find_track (walk, (uint32_t) bone_index (doc, "spine"),
                                               OSSA_CHANNEL_ROTATE));
  {
    static const char *const swinging[] = { "thigh_l", "thigh_r", "shin_l", "shin_r",
                                            "upper_arm_l", "upper_arm_r" };

    for (size_t i = 0; i < G_N_ELEMENTS (swinging); i++)
      g_assert_nonnull (ossa_animation_find_track (walk, (uint32_t) bone_index (doc, swinging[i]),
                                                   OSSA_CHANNEL_ROTATE));
  }
  ossa_document_free (doc);
}

/* A looping animation's last pose is its first: every track, and the world pose. */
static void
test_loop_seam (void)
{
  OssaDocument *doc = load_sample ();
  size_t n_looping = 0;

  if (doc == NULL)
    return;
  for (size_t a = 0; a < doc->n_animations; a++)
    {
      const OssaAnimation *anim = &doc->animations[a];
      OssaXform *first, *last;

      if (!anim->loop)
        continue;
      n_looping++;
      for (size_t i = 0; i < anim->n_tracks; i++)
        {
          const OssaTrack *tr = &anim->tracks[i];
          double v0 = ossa_track_sample (tr, 0.f);
          double v1 = ossa_track_sample (tr, anim->duration);

          if (fabs (channel_diff (tr->channel, v0, v1)) > SEAM_EPSILON)
            g_test_message ("%s: bone %s channel %s: %g at 0 s, %g at %g s", anim->name,
                            doc->skeleton.bones[tr->bone].name, ossa_channel_name (tr->channel),
                            v0, v1, (double) anim->duration);
          g_assert_cmpfloat (fabs (channel_diff (tr->channel, v0, v1)), <=, SEAM_EPSILON);
        }
      first = pose_world (doc, anim, 0.f);
      last = pose_world (doc, anim, anim->duration);
      for (size_t i = 0; i < doc->skeleton.n_bones; i++)
        {
          g_assert_cmpfloat_with_epsilon (first[i].tx, last[i].tx, 1e-3);
          g_assert_cmpfloat_with_epsilon (first[i].ty, last[i].ty, 1e-3);
          g_assert_cmpfloat (fabs (angle_diff (ossa_xform_rotation (&first[i]),
                                               ossa_xform_rotation (&last[i]))), <=, 1e-3);
        }
      g_free (first);
      g_free (last);
    }
  g_assert_cmpuint (n_looping, >=, 1);
  ossa_document_free (doc);
}

/* The walk looks like one: at every frame the feet stay near the ground (the
 * hips bob keeps the lowest point of the figure close to the rest sole height),
 * nothing leaves the box, and arms swing against the legs of the same side. */
static void
test_walk_plausible (void)
{
  OssaDocument *doc = load_sample ();
  const OssaAnimation *walk;
  size_t n, n_frames, root;
  size_t thigh_l, thigh_r, arm_r;

  if (doc == NULL)
    return;
  walk = require_animation (doc, "walk");
  n = doc->skeleton.n_bones;
  root = bone_index (doc, "root");
  n_frames = (size_t) lround (walk->duration * walk->fps);
  for (size_t f = 0; f <= n_frames; f++)
    {
      float t = (float) f / walk->fps;
      OssaXform *world = pose_world (doc, walk, t);
      float min_y = INFINITY;

      for (size_t i = 0; i < n; i++)
        {
          OssaVec2 joint = ossa_pose_joint (&world[i]);
          OssaVec2 tip = ossa_pose_tip (&world[i], doc->skeleton.bones[i].length);

          if (i == root)
            continue;
          g_assert_cmpfloat (fabsf (joint.x), <, 120.f);
          g_assert_cmpfloat (fabsf (tip.x), <, 120.f);
          g_assert_cmpfloat (tip.y, <, 250.f);
          min_y = fminf (min_y, fminf (joint.y, tip.y));
        }
      if (min_y < -1.f || min_y > 6.f)
        g_test_message ("walk at %g s: lowest point at y = %g", (double) t, (double) min_y);
      g_assert_cmpfloat (min_y, >=, -1.f);
      g_assert_cmpfloat (min_y, <=, 6.f);
      g_free (world);
    }

  /* At the right heel strike (0 s) the right thigh is forward of straight down,
   * the left one behind, and the right arm behind; half a cycle later the other
   * way round. World angles, measured from straight down (-π/2). */
  thigh_l = bone_index (doc, "thigh_l");
  thigh_r = bone_index (doc, "thigh_r");
  arm_r = bone_index (doc, "upper_arm_r");
  for (int half = 0; half < 2; half++)
    {
      OssaXform *world = pose_world (doc, walk, half * walk->duration / 2.f);
      double sign = half == 0 ? 1.0 : -1.0;
      double tl = angle_diff (ossa_xform_rotation (&world[thigh_l]), -G_PI / 2);
      double tr = angle_diff (ossa_xform_rotation (&world[thigh_r]), -G_PI / 2);
      double ar = angle_diff (ossa_xform_rotation (&world[arm_r]), -G_PI / 2);

      g_assert_cmpfloat (sign * tr, >, 0.15);
      g_assert_cmpfloat (sign * tl, <, -0.15);
      g_assert_cmpfloat (sign * ar, <, -0.15);
      g_free (world);
    }
  ossa_document_free (doc);
}

/* Rotation across ±180° ---------------------------------------------------- */

/* Does the SHORTEST segment from a to b pass through ±π (the arc from a, wrapped,
 * to a + d leaves (-π, π]) while the numbers themselves are more than π apart? */
static bool
crosses_half_turn (double a, double b)
{
  double d = ossa_rotation_delta (a, b, OSSA_SPIN_SHORTEST, 0);
  double from = ossa_angle_normalize (a);

  return fabs (b - a) > G_PI && (from + d > G_PI || from + d <= -G_PI);
}

static double
segment_ease (const OssaKey *key, double u)
{
  switch (key->interp)
    {
    case OSSA_INTERP_BEZIER:
      return ossa_curve_ease (&key->curve, u);
    case OSSA_INTERP_STEP:
      return 0.0;
    case OSSA_INTERP_LINEAR:
    case OSSA_N_INTERPS:
    default:
      return u;
    }
}

static void
test_shortest_across_pi (void)
{
  OssaDocument *doc = load_sample ();
  size_t n_found = 0;

  if (doc == NULL)
    return;
  for (size_t a = 0; a < doc->n_animations; a++)
    {
      const OssaAnimation *anim = &doc->animations[a];

      for (size_t i = 0; i < anim->n_tracks; i++)
        {
          const OssaTrack *tr = &anim->tracks[i];

          if (tr->channel != OSSA_CHANNEL_ROTATE)
            continue;
          for (size_t k = 0; k + 1 < tr->n_keys; k++)
            {
              OssaKey key0 = ossa_track_get_key (tr, k), key1 = ossa_track_get_key (tr, k + 1);
              const OssaKey *k0 = &key0, *k1 = &key1;
              double d, mid, expected, prev;
              float tm;

              if (k0->spin != OSSA_SPIN_SHORTEST || k0->interp == OSSA_INTERP_STEP
                  || !crosses_half_turn (k0->value, k1->value))
                continue;
              n_found++;
              d = ossa_rotation_delta (k0->value, k1->value, OSSA_SPIN_SHORTEST, 0);
              g_test_message ("%s: %s %g -> %g at %g-%g s turns %g rad", anim->name,
                              doc->skeleton.bones[tr->bone].name, (double) k0->value,
                              (double) k1->value, (double) k0->time, (double) k1->time, d);
              /* The short way is less than a half turn, the stored numbers are
               * further apart than that. */
              g_assert_cmpfloat (fabs (d), <=, G_PI);
              g_assert_cmpfloat (fabs (d), <, fabs ((double) k1->value - k0->value));

              /* Halfway along, the sample is on the short arc, near ±π: a plain
               * lerp would be on the far side, near (a + b) / 2. */
              tm = k0->time + (k1->time - k0->time) / 2.f;
              mid = ossa_track_sample (tr, tm);
              expected = k0->value + d * segment_ease (k0, (tm - k0->time) / (k1->time - k0->time));
              g_assert_cmpfloat (fabs (angle_diff (mid, expected)), <=, 1e-4);
              g_assert_cmpfloat (G_PI - fabs (ossa_angle_normalize (mid)), <=, fabs (d));
              g_assert_cmpfloat (fabs (ossa_angle_normalize (mid)), >, G_PI / 2);

              /* And it gets there in small steps, never sweeping round. */
              prev = ossa_track_sample (tr, k0->time);
              for (int s = 1; s <= 16; s++)
                {
                  float t = k0->time + (k1->time - k0->time) * (float) s / 16.f;
                  double v = ossa_track_sample (tr, t);

                  g_assert_cmpfloat (fabs (angle_diff (v, prev)), <=, fabs (d) / 2 + 1e-4);
                  prev = v;
                }
            }
        }
    }
  g_assert_cmpuint (n_found, >=, 1);
  ossa_document_free (doc);
}

/* The wave also shows an explicit direction with extra turns: that segment turns
 * further than a full turn, the way its key says. */
static void
test_spin_with_turns (void)
{
  OssaDocument *doc = load_sample ();
  const OssaAnimation *wave;
  size_t n_found = 0;

  if (doc == NULL)
    return;
  wave = require_animation (doc, "wave");
  check_keys (wave);
  for (size_t i = 0; i < wave->n_tracks; i++)
    {
      const OssaTrack *tr = &wave->tracks[i];

      for (size_t k = 0; k + 1 < tr->n_keys; k++)
        {
          OssaKey key0 = ossa_track_get_key (tr, k), key1 = ossa_track_get_key (tr, k + 1);
          const OssaKey *k0 = &key0, *k1 = &key1;
          double d, quarter, expected;
          float tq;

          if (k0->spin != OSSA_SPIN_CLOCKWISE && k0->spin != OSSA_SPIN_COUNTERCLOCKWISE)
            continue;
          if (k0->turns < 1)
            continue;
          g_assert_cmpint (tr->channel, ==, OSSA_CHANNEL_ROTATE);
          n_found++;
          d = ossa_rotation_delta (k0->value, k1->value, k0->spin, k0->turns);
          g_assert_cmpfloat (fabs (d), >, G_PI * 2);
          g_assert_cmpfloat (k0->spin == OSSA_SPIN_COUNTERCLOCKWISE ? d : -d, >, 0.0);
          tq = k0->time + (k1->time - k0->time) / 4.f;
          quarter = ossa_track_sample (tr, tq);
          expected = k0->value + d * segment_ease (k0, (tq - k0->time) / (k1->time - k0->time));
          g_assert_cmpfloat (fabs (angle_diff (quarter, expected)), <=, 1e-4);
          /* It ends where the next key says. */
          g_assert_cmpfloat (fabs (angle_diff (ossa_track_sample (tr, k1->time), k1->value)), <=,
                             1e-4);
        }
    }
  g_assert_cmpuint (n_found, >=, 1);
  ossa_document_free (doc);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/samples/humanoid/load", test_load);
  g_test_add_func ("/samples/humanoid/rest-pose", test_rest_pose);
  g_test_add_func ("/samples/humanoid/walk", test_walk);
  g_test_add_func ("/samples/humanoid/loop-seam", test_loop_seam);
  g_test_add_func ("/samples/humanoid/walk-plausible", test_walk_plausible);
  g_test_add_func ("/samples/humanoid/shortest-across-pi", test_shortest_across_pi);
  g_test_add_func ("/samples/humanoid/spin-with-turns", test_spin_with_turns);
  return g_test_run ();
}
