/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The interpolation preview's geometry without a display: when the onion skin's
 * ghosts fall, and the motion path of a bone's tip against the full pose, before
 * and after an IK constraint (an arm aiming at a moving target, by hand). */
#include "config.h"

#include <math.h>

#include <glib.h>

#include "ossa.h"

#include "gui-test-ik.h"
#include "ossa-preview.h"

static void
test_ghost_times (void)
{
  double t[4];

  /* One-shot of 1 s: those outside are left out. */
  ossa_preview_ghost_times (0.2, 0.1, 2, 1.0, FALSE, t);
  g_assert_cmpfloat_with_epsilon (t[0], 0.1, 1e-12);
  g_assert_cmpfloat_with_epsilon (t[1], 0.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (t[2], 0.3, 1e-12);
  g_assert_cmpfloat_with_epsilon (t[3], 0.4, 1e-12);
  ossa_preview_ghost_times (0.05, 0.1, 2, 1.0, FALSE, t);
  g_assert_true (isnan (t[0]) && isnan (t[1]));
  ossa_preview_ghost_times (0.95, 0.1, 2, 1.0, FALSE, t);
  g_assert_true (isnan (t[2]) && isnan (t[3]));
  /* Looping: they wrap round. */
  ossa_preview_ghost_times (0.05, 0.1, 2, 1.0, TRUE, t);
  g_assert_cmpfloat_with_epsilon (t[0], 0.95, 1e-12);
  g_assert_cmpfloat_with_epsilon (t[1], 0.85, 1e-12);
  ossa_preview_ghost_times (0.95, 0.1, 1, 1.0, TRUE, t);
  g_assert_cmpfloat_with_epsilon (t[1], 0.05, 1e-12);
}

/* root → upper → lower, the root and the upper arm turning over 1 s. */
static void
test_tip_path (void)
{
  OssaSkeleton skel;
  OssaAnimation anim;
  OssaTransform rest = { 0, 0, 0, 1, 1 }, arm = { 10, 0, 0.3f, 1, 1 };
  OssaTransform local[3];
  OssaXform world[3];
  float xy[2 * 11];
  OssaKey key;

  ossa_skeleton_init (&skel);
  g_assert_cmpint (ossa_skeleton_add_bone (&skel, "root", -1, &rest, 10, 0, NULL), ==, 0);
  g_assert_cmpint (ossa_skeleton_add_bone (&skel, "upper", 0, &arm, 8, 0, NULL), ==, 1);
  g_assert_cmpint (ossa_skeleton_add_bone (&skel, "lower", 1, &arm, 6, 0, NULL), ==, 2);
  g_assert_true (ossa_animation_init (&anim, "a"));
  key = ossa_key_make (0, 0);
  g_assert_cmpint (ossa_track_set_key (ossa_animation_ensure_track (&anim, 0, OSSA_CHANNEL_ROTATE),
                                       &key, NULL), >=, 0);
  key = ossa_key_make (1, 3.0f);  /* the short way: -3.28 rad */
  g_assert_cmpint (ossa_track_set_key (ossa_animation_ensure_track (&anim, 0, OSSA_CHANNEL_ROTATE),
                                       &key, NULL), >=, 0);
  key = ossa_key_make (0, 1);
  key.interp = OSSA_INTERP_BEZIER;
  g_assert_cmpint (ossa_track_set_key (ossa_animation_ensure_track (&anim, 1, OSSA_CHANNEL_SCALE_X),
                                       &key, NULL), >=, 0);
  key = ossa_key_make (1, 2);
  g_assert_cmpint (ossa_track_set_key (ossa_animation_ensure_track (&anim, 1, OSSA_CHANNEL_SCALE_X),
                                       &key, NULL), >=, 0);

  g_assert_cmpuint (ossa_preview_tip_path (&skel, &anim, 2, 0, 1, 11, xy), ==, 11);
  for (int s = 0; s <= 10; s++)
    {
      OssaVec2 tip;

      ossa_animation_sample_pose (&anim, &skel, s / 10.0f, local);
      ossa_pose_compute_world (&skel, local, world);
      tip = ossa_pose_tip (&world[2], 6);
      g_assert_cmpfloat_with_epsilon (xy[2 * s], tip.x, 1e-4);
      g_assert_cmpfloat_with_epsilon (xy[2 * s + 1], tip.y, 1e-4);
    }
  g_assert_cmpuint (ossa_preview_tip_path (&skel, &anim, 3, 0, 1, 11, xy), ==, 0);

  {
    OssaSegment seg[3];
    const uint8_t color[4] = { 1, 2, 3, 4 };

    ossa_animation_sample_pose (&anim, &skel, 0.5f, local);
    ossa_pose_compute_world (&skel, local, world);
    ossa_preview_pose_segments (&skel, world, color, 3, seg);
    g_assert_cmpfloat (seg[2].p0[0], ==, world[2].tx);
    g_assert_cmpfloat_with_epsilon (seg[2].p1[0], ossa_pose_tip (&world[2], 6).x, 1e-6);
    g_assert_cmpuint (seg[1].color[3], ==, 4);
    g_assert_cmpfloat (seg[0].width, ==, 3);
  }
  ossa_animation_clear (&anim);
  ossa_skeleton_clear (&skel);
}

/* The onion skin reads on the dark canvas: past ghosts red, future ones green,
 * each side fainter and no wider the farther it is from the playhead, and never
 * thinner than a line one reads at 100 %. */
static void
test_ghost_style (void)
{
  for (int count = 1; count <= 4; count++)
    {
      uint8_t before[4], after[4];
      float wb, wa;
      uint8_t last_alpha[2] = { 255, 255 };
      float last_width[2] = { 1e9f, 1e9f };

      for (int k = 0; k < count; k++)
        for (int side = 0; side < 2; side++)
          {
            uint8_t color[4];
            float width;

            ossa_preview_ghost_style (side, k, count, color, &width);
            g_assert_cmpfloat (width, >=, OSSA_PREVIEW_GHOST_MIN_WIDTH);
            g_assert_cmpfloat (width, <=, last_width[side]);
            if (k > 0)
              g_assert_cmpuint (color[3], <, last_alpha[side]);
            /* Even the farthest stands out; the nearest is clearly there. */
            g_assert_cmpuint (color[3], >=, 90);
            if (k == 0)
              g_assert_cmpuint (color[3], >=, 170);
            last_alpha[side] = color[3];
            last_width[side] = width;
          }
      ossa_preview_ghost_style (FALSE, 0, count, before, &wb);
      ossa_preview_ghost_style (TRUE, 0, count, after, &wa);
      /* Past: red first; future: green first; far apart. */
      g_assert_cmpint (before[0], >, before[1] + 100);
      g_assert_cmpint (before[0], >, before[2] + 100);
      g_assert_cmpint (after[1], >, after[0] + 100);
      g_assert_cmpint (after[1], >, after[2] + 50);
      /* Bright on a dark background. */
      g_assert_cmpint (MAX (before[0], MAX (before[1], before[2])), >=, 220);
      g_assert_cmpint (MAX (after[0], MAX (after[1], after[2])), >=, 220);
    }
  g_assert_cmpfloat (OSSA_PREVIEW_GHOST_MIN_WIDTH, >=, 4.0f);
}

/* root ─ arm (length 5) ─ hand (at the arm's tip, length 2), root ─ target, and
 * leg, another root. Constraint "aim": the arm aims at the target. Animation
 * "chase" (1 s): the target goes from (10, 0) to (0, 10) in a straight line, and
 * the aim's mix is keyed 1 at 0 s and 0.5 s, 0 at 1 s. */
enum { AIM_ROOT, AIM_ARM, AIM_HAND, AIM_TARGET, AIM_LEG };

static OssaDocument *
aim_document (void)
{
  OssaDocument *doc = ossa_document_new ();
  OssaTransform rest = { 0, 0, 0, 1, 1 }, at_tip = { 5, 0, 0, 1, 1 }, target = { 10, 0, 0, 1, 1 };
  OssaAnimation anim;
  OssaKey key;

  g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, "root", -1, &rest, 10, 0, NULL), ==, 0);
  g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, "arm", 0, &rest, 5, 0, NULL), ==, 1);
  g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, "hand", 1, &at_tip, 2, 0, NULL), ==, 2);
  g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, "target", 0, &target, 1, 0, NULL), ==, 3);
  g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, "leg", -1, &rest, 3, 0, NULL), ==, 4);
  doc->ik = calloc (1, sizeof *doc->ik);
  doc->n_ik = 1;
  ik_test_constraint (&doc->ik[0], "aim", AIM_ARM, -1, AIM_TARGET, 1.0f);

  g_assert_true (ossa_animation_init (&anim, "chase"));
  anim.duration = 1;
  for (int c = 0; c < 2; c++)
    {
      OssaTrack *track = ossa_animation_ensure_track (&anim, AIM_TARGET,
                                                      c == 0 ? OSSA_CHANNEL_TRANSLATE_X
                                                             : OSSA_CHANNEL_TRANSLATE_Y);

      key = ossa_key_make (0, c == 0 ? 10 : 0);
      g_assert_cmpint (ossa_track_set_key (track, &key, NULL), >=, 0);
      key = ossa_key_make (1, c == 0 ? 0 : 10);
      g_assert_cmpint (ossa_track_set_key (track, &key, NULL), >=, 0);
    }
  anim.ik_tracks = calloc (1, sizeof *anim.ik_tracks);
  anim.n_ik_tracks = 1;
  ik_test_track (&anim.ik_tracks[0], 0, (const double[]) { 0, 15, 30 },
                 (const float[]) { 1, 1, 0 }, (const int[]) { -1, -1, -1 }, 3);
  g_assert_cmpint (ossa_document_take_animation (doc, &anim, NULL), ==, 0);
  return doc;
}

/* The arm's world angle at t by hand: towards the target, (10 − 10t, 10t), from
 * the FK angle 0 by the keyed mix (1 until 0.5 s, then down to 0 at 1 s). */
static double
aim_angle (double t)
{
  double mix = t <= 0.5 ? 1 : 2 - 2 * t;

  return mix * atan2 (10 * t, 10 - 10 * t);
}

static void
test_tip_path_ik (void)
{
  OssaDocument *doc = aim_document ();
  const OssaAnimation *anim = &doc->animations[0];
  OssaPose *pose = ossa_pose_new (&doc->skeleton, NULL);
  float xy[2 * 11], fk[2 * 11];

  /* The arm and what hangs from it move with the aim; its target and the rest
   * do not. */
  g_assert_true (ossa_preview_ik_moves_bone (doc, AIM_ARM));
  g_assert_true (ossa_preview_ik_moves_bone (doc, AIM_HAND));
  g_assert_false (ossa_preview_ik_moves_bone (doc, AIM_ROOT));
  g_assert_false (ossa_preview_ik_moves_bone (doc, AIM_TARGET));
  g_assert_false (ossa_preview_ik_moves_bone (doc, AIM_LEG));
  g_assert_false (ossa_preview_ik_moves_bone (doc, 5));

  /* The hand's tip, 7 from the shoulder along the arm's angle. */
  g_assert_cmpuint (ossa_preview_tip_path_ik (doc, anim, AIM_HAND, 0, 1, 11, pose, xy), ==, 11);
  for (int s = 0; s <= 10; s++)
    {
      double a = aim_angle (s / 10.0);

      g_assert_cmpfloat_with_epsilon (xy[2 * s], 7 * cos (a), 1e-4);
      g_assert_cmpfloat_with_epsilon (xy[2 * s + 1], 7 * sin (a), 1e-4);
    }
  /* One time alone (a key's dot). */
  g_assert_cmpuint (ossa_preview_tip_path_ik (doc, anim, AIM_ARM, 0.25, 0.25, 1, pose, xy), ==, 1);
  g_assert_cmpfloat_with_epsilon (xy[0], 5 * cos (aim_angle (0.25)), 1e-4);
  g_assert_cmpfloat_with_epsilon (xy[1], 5 * sin (aim_angle (0.25)), 1e-4);

  /* A bone no constraint moves: the FK path, without the pose (NULL is never
   * touched). */
  g_assert_cmpuint (ossa_preview_tip_path_ik (doc, anim, AIM_TARGET, 0, 1, 11, NULL, xy), ==, 11);
  g_assert_cmpuint (ossa_preview_tip_path (&doc->skeleton, anim, AIM_TARGET, 0, 1, 11, fk), ==, 11);
  for (int i = 0; i < 2 * 11; i++)
    g_assert_cmpfloat (xy[i], ==, fk[i]);
  g_assert_cmpuint (ossa_preview_tip_path_ik (doc, anim, 5, 0, 1, 11, pose, xy), ==, 0);

  ossa_pose_free (pose);
  ossa_document_free (doc);
}

/* A ghost's pose is the pose after IK at its own time: aiming at the target until
 * 0.5 s, at 0.75 s (mix 0.5) halfway between straight (FK) and aiming, at 1 s
 * straight. */
static void
test_sample_pose_ik (void)
{
  OssaDocument *doc = aim_document ();
  OssaPose *pose = ossa_pose_new (&doc->skeleton, NULL);
  OssaVec2 tip;

  for (int s = 0; s <= 4; s++)
    {
      double t = s / 4.0, a = aim_angle (t);

      ossa_preview_sample_pose (doc, &doc->animations[0], t, pose);
      tip = ossa_pose_tip (&pose->world[AIM_HAND], 2);
      g_assert_cmpfloat_with_epsilon (tip.x, 7 * cos (a), 1e-4);
      g_assert_cmpfloat_with_epsilon (tip.y, 7 * sin (a), 1e-4);
      g_assert_cmpfloat_with_epsilon (pose->world[AIM_TARGET].tx, 10 - 10 * t, 1e-5);
    }
  ossa_pose_free (pose);
  ossa_document_free (doc);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ossa/preview/ghost-times", test_ghost_times);
  g_test_add_func ("/ossa/preview/tip-path", test_tip_path);
  g_test_add_func ("/ossa/preview/ghost-style", test_ghost_style);
  g_test_add_func ("/ossa/preview/tip-path-ik", test_tip_path_ik);
  g_test_add_func ("/ossa/preview/sample-pose-ik", test_sample_pose_ik);
  return g_test_run ();
}
