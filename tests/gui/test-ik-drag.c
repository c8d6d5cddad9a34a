/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The IK tool's drag on the editor model (ossa-editor-ik-drag.c), no display: the
 * chain it bends (to the root, a chain length, a pinned joint), the tip where the
 * pointer is, rest rotations in Setup mode and keys at the playhead in Animate mode,
 * one undo step, Escape, a planted foot. Expected values by hand from the rigs'
 * lengths. */
#include "config.h"

#include <math.h>

#include "ossa-editor.h"
#include "ossa-gerror.h"

/* What the solver guarantees for a reachable goal (its default tolerance), and a
 * little for float arithmetic on top. */
#define TIP_TOLERANCE 0.02

/* An arm lying along +x: body (root, at the origin) → upper → fore → hand, each
 * starting at its parent's tip; lengths 10, 10, 10, 5: the hand's tip at (35, 0). */
enum { BODY, UPPER, FORE, HAND };

static void
add_bone (OssaEditor *editor, const char *name, int parent, float x, float y, float rotation,
          float length)
{
  OssaTransform rest = { x, y, rotation, 1.f, 1.f };

  g_assert_cmpint (ossa_editor_add_bone (editor, name, parent, &rest, length, 0xff0000ffu, NULL),
                   >=, 0);
}

static OssaEditor *
make_arm (void)
{
  OssaEditor *editor = ossa_editor_new ();

  add_bone (editor, "body", -1, 0, 0, 0, 10);
  add_bone (editor, "upper", BODY, 10, 0, 0, 10);
  add_bone (editor, "fore", UPPER, 10, 0, 0, 10);
  add_bone (editor, "hand", FORE, 10, 0, 0, 5);
  return editor;
}

/* The chain solver is core's (another piece of work): without it there is nothing
 * to test here yet. */
static gboolean
solver_or_skip (void)
{
  OssaSkeleton skel = { 0 };
  OssaBone bone = { .name = (char *) "b", .parent = -1, .length = 1 };
  OssaTransform local = ossa_transform_identity ();
  OssaXform world = ossa_xform_from_transform (&local);
  uint32_t chain = 0;
  float rotation;
  OssaIkSolveOptions options;

  bone.rest = local;
  skel.bones = &bone;
  skel.n_bones = 1;
  ossa_ik_solve_options_init (&options);
  if (ossa_ik_solve_chain (&skel, &local, &world, &chain, 1, NULL, (OssaVec2) { 0, 1 }, &options,
                           &rotation) >= 0)
    return TRUE;
  g_test_skip ("ossa_ik_solve_chain() is not implemented yet");
  return FALSE;
}

/* Pinned joints are ossa-editor-pins.c's (another piece of work). */
static gboolean
pins_or_skip (OssaEditor *editor, guint bone)
{
  ossa_editor_set_pinned (editor, bone, TRUE);
  if (ossa_editor_is_pinned (editor, bone))
    return TRUE;
  g_test_skip ("ossa_editor_set_pinned() is not implemented yet");
  return FALSE;
}

static OssaVec2
tip_of (OssaEditor *editor, guint bone)
{
  const OssaDocument *doc = ossa_editor_get_document (editor);

  return ossa_pose_tip (&ossa_editor_get_world (editor)[bone], doc->skeleton.bones[bone].length);
}

static OssaVec2
joint_of (OssaEditor *editor, guint bone)
{
  return ossa_pose_joint (&ossa_editor_get_world (editor)[bone]);
}

static void
assert_near (OssaVec2 got, double x, double y, double tolerance)
{
  if (hypot (got.x - x, got.y - y) > tolerance)
    g_error ("(%g, %g) is not within %g of (%g, %g)", got.x, got.y, tolerance, x, y);
}

static guint
n_undo_steps (OssaEditor *editor)
{
  guint n = 0;

  while (ossa_editor_can_undo (editor))
    {
      g_assert_true (ossa_editor_undo (editor, NULL));
      n++;
    }
  for (guint i = 0; i < n; i++)
    g_assert_true (ossa_editor_redo (editor, NULL));
  return n;
}

/* Chain length 1: the hand alone turns to aim at the pointer. Pressed 1 unit short
 * of its tip and released at (29, 5), the tip goes to (30, 5), straight above the
 * wrist (30, 0): a rotation of π/2 exactly. The hand's rest was 6.0 rad (a turn
 * and −0.28): the new rotation is the nearest turn to it, π/2 + 2π, so that a key
 * plays the small motion the drag showed. */
static void
test_one_bone_aims (void)
{
  g_autoptr (OssaEditor) editor = make_arm ();
  const OssaDocument *doc = ossa_editor_get_document (editor);
  OssaTransform rest = doc->skeleton.bones[HAND].rest;
  OssaVec2 tip;
  gsize n;

  if (!solver_or_skip ())
    return;
  rest.rotation = 6.0f;
  g_assert_true (ossa_editor_set_bone_rest (editor, HAND, &rest, 0, NULL));
  ossa_editor_set_ik_chain_length (editor, 1);
  g_assert_cmpuint (ossa_editor_get_ik_chain_length (editor), ==, 1);
  tip = tip_of (editor, HAND);
  g_assert_true (ossa_editor_ik_drag_begin (editor, HAND, tip.x - 1, tip.y, NULL));
  g_assert_true (ossa_editor_ik_drag_is_active (editor));
  g_assert_cmpuint (ossa_editor_ik_drag_get_bones (editor, &n)[0], ==, HAND);
  g_assert_cmpuint (n, ==, 1);
  g_assert_true (ossa_editor_ik_drag_update (editor, 29, 5));
  /* Shown at once, the document unchanged until the release. */
  assert_near (tip_of (editor, HAND), 30, 5, TIP_TOLERANCE);
  g_assert_cmpfloat (doc->skeleton.bones[HAND].rest.rotation, ==, 6.0f);
  g_assert_true (ossa_editor_ik_drag_end (editor, NULL));
  g_assert_false (ossa_editor_ik_drag_is_active (editor));
  g_assert_cmpfloat_with_epsilon (doc->skeleton.bones[HAND].rest.rotation, 2.5 * G_PI, 2e-3);
  for (guint b = BODY; b < HAND; b++)
    g_assert_cmpfloat (doc->skeleton.bones[b].rest.rotation, ==, 0.f);
}

/* Chain length 2 in Setup mode: fore and hand (10 and 5) bend so that the tip
 * reaches (27, 8), 8.54 from the elbow (20, 0), within their reach of 15; upper and
 * body keep their rotations, the elbow stays at (20, 0). One undo step restores
 * every rest rotation. */
static void
test_setup_chain_length (void)
{
  g_autoptr (OssaEditor) editor = make_arm ();
  const OssaDocument *doc = ossa_editor_get_document (editor);
  guint steps = n_undo_steps (editor);
  gsize n;

  if (!solver_or_skip ())
    return;
  ossa_editor_set_ik_chain_length (editor, 2);
  g_assert_true (ossa_editor_ik_drag_begin (editor, HAND, 35, 0, NULL));
  ossa_editor_ik_drag_get_bones (editor, &n);
  g_assert_cmpuint (n, ==, 2);
  for (int i = 1; i <= 20; i++)
    g_assert_true (ossa_editor_ik_drag_update (editor, 35 - 8 * i / 20.0, 8 * i / 20.0));
  g_assert_true (ossa_editor_ik_drag_end (editor, NULL));
  assert_near (tip_of (editor, HAND), 27, 8, TIP_TOLERANCE);
  assert_near (joint_of (editor, FORE), 20, 0, 1e-4);
  g_assert_cmpfloat (doc->skeleton.bones[BODY].rest.rotation, ==, 0.f);
  g_assert_cmpfloat (doc->skeleton.bones[UPPER].rest.rotation, ==, 0.f);
  g_assert_cmpfloat (doc->skeleton.bones[FORE].rest.rotation, !=, 0.f);
  g_assert_cmpuint (n_undo_steps (editor), ==, steps + 1);
  g_assert_true (ossa_editor_undo (editor, NULL));
  for (guint b = BODY; b <= HAND; b++)
    g_assert_cmpfloat (doc->skeleton.bones[b].rest.rotation, ==, 0.f);
  assert_near (tip_of (editor, HAND), 35, 0, 1e-4);
}

/* Animate mode, no chain length: the chain runs to the root. At the playhead
 * (0.5 s) every bone that moved gets a rotation key and nothing else; the rest
 * pose stays; the tip is at the release point (10, 20), 22.4 from the root's
 * joint, within the arm's 35. Undo takes every key away at once. */
static void
test_animate_keys_one_step (void)
{
  g_autoptr (OssaEditor) editor = make_arm ();
  const OssaDocument *doc = ossa_editor_get_document (editor);
  const OssaAnimation *anim;
  guint keyed = 0;

  if (!solver_or_skip ())
    return;
  g_assert_cmpint (ossa_editor_add_animation (editor, "reach", NULL), ==, 0);
  ossa_editor_set_mode (editor, OSSA_EDIT_MODE_ANIMATE);
  ossa_editor_set_time (editor, 0.5);
  g_assert_true (ossa_editor_get_auto_key (editor));
  g_assert_true (ossa_editor_ik_drag_begin (editor, HAND, 35, 0, NULL));
  for (int i = 1; i <= 30; i++)
    g_assert_true (ossa_editor_ik_drag_update (editor, 35 - 25 * i / 30.0, 20 * i / 30.0));
  g_assert_true (ossa_editor_ik_drag_end (editor, NULL));
  assert_near (tip_of (editor, HAND), 10, 20, TIP_TOLERANCE);
  anim = &doc->animations[0];
  for (gsize t = 0; t < anim->n_tracks; t++)
    {
      const OssaTrack *track = &anim->tracks[t];

      g_assert_cmpint (track->channel, ==, OSSA_CHANNEL_ROTATE);
      g_assert_cmpuint (track->n_keys, ==, 1);
      g_assert_cmpfloat (track->times[0], ==, 0.5f);
      keyed++;
    }
  /* Three bones cannot put a tip 22.4 away at (10, 20) with the root's
   * rotation alone: at least the root and one more turned. */
  g_assert_cmpuint (keyed, >=, 2);
  g_assert_nonnull (ossa_animation_find_track (anim, BODY, OSSA_CHANNEL_ROTATE));
  for (guint b = BODY; b <= HAND; b++)
    g_assert_cmpfloat (doc->skeleton.bones[b].rest.rotation, ==, 0.f);
  g_assert_cmpstr (ossa_editor_get_undo_label (editor), ==, "IK Drag");
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpuint (doc->animations[0].n_tracks, ==, 0);
  assert_near (tip_of (editor, HAND), 35, 0, 1e-4);
}

/* Escape: the pose goes back to the press and nothing is written; an undo under a
 * drag ends it the same way. Animate mode without an animation is refused. */
static void
test_cancel_and_refusal (void)
{
  g_autoptr (OssaEditor) editor = make_arm ();
  const OssaDocument *doc = ossa_editor_get_document (editor);
  g_autoptr (GError) error = NULL;
  guint steps = n_undo_steps (editor);

  if (!solver_or_skip ())
    return;
  g_assert_true (ossa_editor_ik_drag_begin (editor, HAND, 35, 0, NULL));
  g_assert_true (ossa_editor_ik_drag_update (editor, 20, 15));
  assert_near (tip_of (editor, HAND), 20, 15, TIP_TOLERANCE);
  ossa_editor_ik_drag_cancel (editor);
  g_assert_false (ossa_editor_ik_drag_is_active (editor));
  assert_near (tip_of (editor, HAND), 35, 0, 1e-4);
  g_assert_true (ossa_editor_ik_drag_end (editor, NULL));
  g_assert_cmpuint (n_undo_steps (editor), ==, steps);

  g_assert_true (ossa_editor_ik_drag_begin (editor, HAND, 35, 0, NULL));
  g_assert_true (ossa_editor_ik_drag_update (editor, 20, 15));
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_false (ossa_editor_ik_drag_is_active (editor));
  g_assert_false (ossa_editor_ik_drag_update (editor, 20, 16));
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 3);

  ossa_editor_set_mode (editor, OSSA_EDIT_MODE_ANIMATE);
  g_assert_false (ossa_editor_ik_drag_begin (editor, FORE, 30, 0, &error));
  g_assert_error (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID);
  g_assert_false (ossa_editor_ik_drag_is_active (editor));
  g_clear_error (&error);
  g_assert_false (ossa_editor_ik_drag_begin (editor, 7, 0, 0, &error));
  g_assert_nonnull (error);
}

/* A pinned elbow (fore's joint, at (20, 0)): dragging the hand bends fore and hand
 * only, the elbow does not move, upper and body keep their rotations. */
static void
test_pinned_joint_stays (void)
{
  g_autoptr (OssaEditor) editor = make_arm ();
  const OssaDocument *doc = ossa_editor_get_document (editor);
  const guint32 *bones;
  gsize n;

  if (!solver_or_skip () || !pins_or_skip (editor, FORE))
    return;
  g_assert_true (ossa_editor_ik_drag_begin (editor, HAND, 35, 0, NULL));
  bones = ossa_editor_ik_drag_get_bones (editor, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (bones[0], ==, FORE);
  g_assert_cmpuint (bones[1], ==, HAND);
  g_assert_true (ossa_editor_ik_drag_update (editor, 24, -9));
  g_assert_true (ossa_editor_ik_drag_end (editor, NULL));
  assert_near (tip_of (editor, HAND), 24, -9, TIP_TOLERANCE);
  assert_near (joint_of (editor, FORE), 20, 0, 1e-4);
  g_assert_cmpfloat (doc->skeleton.bones[BODY].rest.rotation, ==, 0.f);
  g_assert_cmpfloat (doc->skeleton.bones[UPPER].rest.rotation, ==, 0.f);
}

/* A planted foot: hips (root, at (0, 0), pointing up) carries a spine (up, its tip
 * at (0, 20)) and a leg: thigh (down, 10) → shin (10, the knee bent 0.3 rad) →
 * foot, whose joint (the ankle, at (−10 sin 0.3, −10 − 10 cos 0.3)) is pinned.
 * Dragging the spine’s tip to (−8, 14) turns the hips; thigh and shin bend so that
 * the ankle stays where it was. */
static void
test_planted_foot (void)
{
  g_autoptr (OssaEditor) editor = ossa_editor_new ();
  const float up = (float) (G_PI / 2);

  add_bone (editor, "hips", -1, 0, 0, up, 4);
  add_bone (editor, "spine", 0, 4, 0, 0, 16);
  add_bone (editor, "thigh", 0, 0, 0, (float) G_PI, 10);
  add_bone (editor, "shin", 2, 10, 0, -0.3f, 10);
  add_bone (editor, "foot", 3, 10, 0, 0.3f, 3);
  if (!solver_or_skip () || !pins_or_skip (editor, 4))
    return;
  {
    OssaVec2 ankle = joint_of (editor, 4);
    gsize n;

    g_assert_true (ossa_editor_ik_drag_begin (editor, 1, 0, 20, NULL));
    ossa_editor_ik_drag_get_bones (editor, &n);
    /* hips and spine, then thigh and shin for the foot. */
    g_assert_cmpuint (n, ==, 4);
    g_assert_true (ossa_editor_ik_drag_update (editor, -8, 14));
    assert_near (tip_of (editor, 1), -8, 14, TIP_TOLERANCE);
    assert_near (joint_of (editor, 4), ankle.x, ankle.y, TIP_TOLERANCE);
    g_assert_true (ossa_editor_ik_drag_end (editor, NULL));
    assert_near (joint_of (editor, 4), ankle.x, ankle.y, TIP_TOLERANCE);
  }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ossa/ik-drag/one-bone-aims", test_one_bone_aims);
  g_test_add_func ("/ossa/ik-drag/setup-chain-length", test_setup_chain_length);
  g_test_add_func ("/ossa/ik-drag/animate-keys-one-step", test_animate_keys_one_step);
  g_test_add_func ("/ossa/ik-drag/cancel-and-refusal", test_cancel_and_refusal);
  g_test_add_func ("/ossa/ik-drag/pinned-joint-stays", test_pinned_joint_stays);
  g_test_add_func ("/ossa/ik-drag/planted-foot", test_planted_foot);
  return g_test_run ();
}
