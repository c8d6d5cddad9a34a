/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The editor's IK constraint edits and pinned joints (ossa-editor-ik.c,
 * ossa-editor-pins.c), without a display: a constraint from the selection (the
 * target picked last), mix and bend in Setup mode (a merged slider drag one undo
 * step) and as keys in Animate mode, K with a constraint picked, removing a
 * constraint and removing a bone that one uses (repaired or deleted), the picked
 * constraint following its edits, OSSA_CHANGE_IK, pins following their bones, and
 * the end of an animation keyed by IK keys alone. Expected values are the ones the steps put in, not read back from the editor. */
#include "config.h"

#include <math.h>

#include "ossa-editor.h"
#include "ossa-gerror.h"

enum { ROOT, UPPER, LOWER, HAND, TARGET };

/* root → upper → lower → hand, and root → target. */
static OssaEditor *
make_arm (void)
{
  OssaEditor *editor = ossa_editor_new ();
  const char *names[] = { "root", "upper", "lower", "hand", "target" };
  int32_t parents[] = { -1, ROOT, UPPER, LOWER, ROOT };

  for (int i = 0; i < 5; i++)
    {
      OssaTransform rest = { i == TARGET ? 0.f : 10.f, i == TARGET ? 15.f : 0.f, 0.f, 1.f, 1.f };
      OssaError err = { 0 };
      OssaCommand *cmd = ossa_command_add_bone (ossa_editor_get_document (editor), names[i],
                                                parents[i], &rest, 10.f, 0xff0000ffu, &err);

      g_assert_nonnull (cmd);
      g_assert_true (ossa_editor_execute (editor, cmd, NULL));
    }
  return editor;
}

static void
count_signal (gpointer instance, gpointer user_data)
{
  (void) instance;
  (*(int *) user_data)++;
}

static void
record_change (OssaEditor *editor, guint change, gpointer user_data)
{
  (void) editor;
  *(guint *) user_data |= change;
}

static int
undo_steps (OssaEditor *editor)
{
  int n = 0;

  while (ossa_editor_can_undo (editor))
    {
      g_assert_true (ossa_editor_undo (editor, NULL));
      n++;
    }
  return n;
}

/* upper and lower picked, then target last: the arm reaches for target. */
static int
add_arm_ik (OssaEditor *editor)
{
  guint pick[] = { UPPER, LOWER, TARGET };
  g_autoptr(GError) error = NULL;
  int c;

  ossa_editor_select (editor, pick, 3, FALSE);
  c = ossa_editor_add_ik_from_selection (editor, &error);
  g_assert_no_error (error);
  return c;
}

static void
test_add_from_selection (void)
{
  g_autoptr(OssaEditor) editor = make_arm ();
  const OssaDocument *doc = ossa_editor_get_document (editor);
  guint pick_one[] = { LOWER, TARGET };
  guint not_a_pair[] = { ROOT, LOWER, TARGET };
  guint only[] = { UPPER };
  g_autoptr(GError) error = NULL;
  guint change = 0;
  int picked = 0;
  int c;

  g_signal_connect (editor, "ik-selection-changed", G_CALLBACK (count_signal), &picked);
  g_signal_connect (editor, "document-changed", G_CALLBACK (record_change), &change);

  /* The target alone, or a chain that is no parent–child pair: refused, nothing made. */
  ossa_editor_select (editor, only, 1, FALSE);
  g_assert_cmpint (ossa_editor_add_ik_from_selection (editor, &error), ==, -1);
  g_assert_error (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID);
  g_clear_error (&error);
  ossa_editor_select (editor, not_a_pair, 3, FALSE);
  g_assert_cmpint (ossa_editor_add_ik_from_selection (editor, &error), ==, -1);
  g_assert_error (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpuint (doc->n_ik, ==, 0);
  g_assert_cmpint (picked, ==, 0);

  change = 0;
  c = add_arm_ik (editor);
  g_assert_cmpint (c, ==, 0);
  g_assert_cmpuint (doc->n_ik, ==, 1);
  g_assert_cmpstr (doc->ik[0].name, ==, "IK 1");
  g_assert_cmpuint (doc->ik[0].n_bones, ==, 2);
  g_assert_cmpuint (doc->ik[0].bones[0], ==, UPPER);
  g_assert_cmpuint (doc->ik[0].bones[1], ==, LOWER);
  g_assert_cmpuint (doc->ik[0].target, ==, TARGET);
  g_assert_true (doc->ik[0].bend_positive);
  g_assert_cmpfloat (doc->ik[0].mix, ==, 1.0f);
  g_assert_true (change & OSSA_CHANGE_IK);
  g_assert_cmpint (ossa_editor_get_selected_ik (editor), ==, 0);
  g_assert_cmpint (picked, ==, 1);
  /* The bones stay selected. */
  g_assert_cmpint (ossa_editor_get_primary (editor), ==, TARGET);

  /* One bone and the target: a one-bone constraint, the next free name. */
  ossa_editor_select (editor, pick_one, 2, FALSE);
  g_assert_cmpint (ossa_editor_add_ik_from_selection (editor, &error), ==, 1);
  g_assert_no_error (error);
  g_assert_cmpstr (doc->ik[1].name, ==, "IK 2");
  g_assert_cmpuint (doc->ik[1].n_bones, ==, 1);
  g_assert_cmpuint (doc->ik[1].bones[0], ==, LOWER);
  g_assert_cmpint (ossa_editor_get_selected_ik (editor), ==, 1);

  /* Each add is one step; undoing the second unpicks it. */
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpuint (doc->n_ik, ==, 1);
  g_assert_cmpint (ossa_editor_get_selected_ik (editor), ==, -1);
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpuint (doc->n_ik, ==, 0);
}

static void
test_picked_follows_edits (void)
{
  g_autoptr(OssaEditor) editor = make_arm ();
  const OssaDocument *doc = ossa_editor_get_document (editor);
  guint chain[] = { LOWER };
  guint change = 0;

  g_assert_cmpint (add_arm_ik (editor), ==, 0);
  g_assert_cmpint (ossa_editor_add_ik (editor, "aim", chain, 1, TARGET, NULL), ==, 1);
  ossa_editor_select_ik (editor, 0);

  /* Reordered: the picked one is found by name where it went. */
  g_assert_true (ossa_editor_reorder_ik (editor, 0, 1, NULL));
  g_assert_cmpstr (doc->ik[1].name, ==, "IK 1");
  g_assert_cmpint (ossa_editor_get_selected_ik (editor), ==, 1);

  /* Renamed: still picked; the change is OSSA_CHANGE_IK. */
  g_signal_connect (editor, "document-changed", G_CALLBACK (record_change), &change);
  g_assert_true (ossa_editor_rename_ik (editor, 1, "arm", NULL));
  g_assert_cmpstr (doc->ik[1].name, ==, "arm");
  g_assert_cmpint (ossa_editor_get_selected_ik (editor), ==, 1);
  g_assert_true (change & OSSA_CHANGE_IK);
  /* A mix is a value: no OSSA_CHANGE_IK. */
  change = 0;
  g_assert_true (ossa_editor_set_ik_mix (editor, 1, 0.5f, 0, NULL));
  g_assert_cmpuint (change, !=, 0);
  g_assert_false (change & OSSA_CHANGE_IK);

  /* A refused name changes nothing. */
  g_assert_false (ossa_editor_rename_ik (editor, 1, "aim", NULL));
  g_assert_cmpstr (doc->ik[1].name, ==, "arm");

  /* Removed: unpicked. */
  g_assert_true (ossa_editor_remove_ik (editor, 1, NULL));
  g_assert_cmpuint (doc->n_ik, ==, 1);
  g_assert_cmpstr (doc->ik[0].name, ==, "aim");
  g_assert_cmpint (ossa_editor_get_selected_ik (editor), ==, -1);
  /* Undone: back, with its mix. */
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpuint (doc->n_ik, ==, 2);
  g_assert_cmpstr (doc->ik[1].name, ==, "arm");
  g_assert_cmpfloat (doc->ik[1].mix, ==, 0.5f);

  /* A new document drops the pick. */
  ossa_editor_select_ik (editor, 0);
  ossa_editor_new_document (editor);
  g_assert_cmpint (ossa_editor_get_selected_ik (editor), ==, -1);
}

static void
test_mix_and_bend_setup (void)
{
  g_autoptr(OssaEditor) editor = make_arm ();
  const OssaDocument *doc = ossa_editor_get_document (editor);
  guint64 drag;
  int steps_before;

  g_assert_cmpint (add_arm_ik (editor), ==, 0);
  steps_before = 6;   /* five bones and the constraint */

  /* A slider drag: ten values, one merge id, one step. */
  drag = ossa_editor_new_merge_id (editor);
  for (int i = 1; i <= 10; i++)
    g_assert_true (ossa_editor_set_ik_mix (editor, 0, 1.0f - 0.05f * (float) i, drag, NULL));
  g_assert_cmpfloat_with_epsilon (doc->ik[0].mix, 0.5f, 1e-6);
  g_assert_cmpfloat_with_epsilon (ossa_editor_get_ik_state (editor, 0).mix, 0.5f, 1e-6);
  /* Out of [0, 1]: refused. */
  g_assert_false (ossa_editor_set_ik_mix (editor, 0, 1.5f, 0, NULL));
  g_assert_cmpfloat_with_epsilon (doc->ik[0].mix, 0.5f, 1e-6);

  g_assert_true (ossa_editor_set_ik_bend (editor, 0, FALSE, NULL));
  g_assert_false (doc->ik[0].bend_positive);
  g_assert_false (ossa_editor_get_ik_state (editor, 0).bend_positive);

  /* Undo: the bend, then the whole drag at once. */
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_true (doc->ik[0].bend_positive);
  g_assert_cmpfloat_with_epsilon (doc->ik[0].mix, 0.5f, 1e-6);
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpfloat (doc->ik[0].mix, ==, 1.0f);
  g_assert_cmpuint (doc->n_ik, ==, 1);
  g_assert_cmpint (undo_steps (editor), ==, steps_before);
}

static const OssaIkTrack *
ik_track (const OssaDocument *doc, guint c)
{
  const OssaAnimation *anim = &doc->animations[0];

  for (gsize i = 0; i < anim->n_ik_tracks; i++)
    if (anim->ik_tracks[i].constraint == c)
      return &anim->ik_tracks[i];
  g_error ("no IK track for constraint %u", c);
}

static void
test_keys_in_animate_mode (void)
{
  g_autoptr(OssaEditor) editor = make_arm ();
  const OssaDocument *doc = ossa_editor_get_document (editor);
  const OssaIkTrack *track;
  OssaIkKey key;
  guint64 drag;

  g_assert_cmpint (add_arm_ik (editor), ==, 0);
  g_assert_true (ossa_editor_set_ik_mix (editor, 0, 0.8f, 0, NULL));
  /* Animate mode without an animation: the first key makes one. */
  ossa_editor_set_mode (editor, OSSA_EDIT_MODE_ANIMATE);
  ossa_editor_set_time (editor, 0.5);
  g_assert_true (ossa_editor_set_ik_mix (editor, 0, 0.25f, 0, NULL));
  g_assert_cmpuint (doc->n_animations, ==, 1);
  track = ik_track (doc, 0);
  g_assert_nonnull (track);
  g_assert_cmpuint (track->n_keys, ==, 1);
  g_assert_cmpfloat (track->times[0], ==, 0.5f);
  g_assert_cmpfloat (track->mix[0], ==, 0.25f);
  /* The constraint's own stays. */
  g_assert_cmpfloat (doc->ik[0].mix, ==, 0.8f);
  g_assert_cmpfloat (ossa_editor_get_ik_state (editor, 0).mix, ==, 0.25f);
  /* One step: the key and the animation it needed. */
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpuint (doc->n_animations, ==, 0);
  g_assert_true (ossa_editor_redo (editor, NULL));

  /* A drag at another time: one step, the last value. */
  ossa_editor_set_time (editor, 0.75);
  drag = ossa_editor_new_merge_id (editor);
  for (int i = 1; i <= 4; i++)
    g_assert_true (ossa_editor_set_ik_mix (editor, 0, 0.1f * (float) i, drag, NULL));
  track = ik_track (doc, 0);
  g_assert_cmpuint (track->n_keys, ==, 2);
  g_assert_cmpfloat_with_epsilon (track->mix[1], 0.4f, 1e-6);
  g_assert_true (ossa_editor_undo (editor, NULL));
  track = ik_track (doc, 0);
  g_assert_cmpuint (track->n_keys, ==, 1);

  /* Bend in Animate mode: a key with the bend and the mix on show. */
  ossa_editor_set_time (editor, 0.5);
  g_assert_true (ossa_editor_set_ik_bend (editor, 0, FALSE, NULL));
  track = ik_track (doc, 0);
  g_assert_cmpuint (track->n_keys, ==, 1);
  key = ossa_ik_track_get_key (track, 0);
  g_assert_true (key.has_bend);
  g_assert_false (key.bend_positive);
  g_assert_cmpfloat (key.mix, ==, 0.25f);
  g_assert_true (doc->ik[0].bend_positive);
  g_assert_false (ossa_editor_get_ik_state (editor, 0).bend_positive);
  /* In Setup mode the constraint's own shows. */
  ossa_editor_set_mode (editor, OSSA_EDIT_MODE_SETUP);
  g_assert_true (ossa_editor_get_ik_state (editor, 0).bend_positive);
  g_assert_cmpfloat (ossa_editor_get_ik_state (editor, 0).mix, ==, 0.8f);
}

static void
test_key_with_k (void)
{
  g_autoptr(OssaEditor) editor = make_arm ();
  const OssaDocument *doc = ossa_editor_get_document (editor);
  guint bones[] = { UPPER, LOWER };
  const OssaIkTrack *track;
  OssaIkKey key;

  g_assert_cmpint (add_arm_ik (editor), ==, 0);
  g_assert_true (ossa_editor_set_ik_mix (editor, 0, 0.6f, 0, NULL));
  g_assert_true (ossa_editor_set_ik_bend (editor, 0, FALSE, NULL));
  ossa_editor_set_time (editor, 0.25);

  /* K in Setup mode with the constraint picked and two bones: what Setup mode
   * showed, keyed at the playhead, as one step. */
  g_assert_true (ossa_editor_key_bones_and_ik (editor, bones, 2, NULL));
  g_assert_cmpint (ossa_editor_get_mode (editor), ==, OSSA_EDIT_MODE_ANIMATE);
  g_assert_cmpuint (doc->n_animations, ==, 1);
  g_assert_nonnull (ossa_animation_find_track (&doc->animations[0], UPPER, OSSA_CHANNEL_ROTATE));
  g_assert_nonnull (ossa_animation_find_track (&doc->animations[0], LOWER, OSSA_CHANNEL_ROTATE));
  track = ik_track (doc, 0);
  g_assert_nonnull (track);
  key = ossa_ik_track_get_key (track, 0);
  g_assert_cmpfloat (key.time, ==, 0.25f);
  g_assert_cmpfloat (key.mix, ==, 0.6f);
  g_assert_true (key.has_bend);
  g_assert_false (key.bend_positive);
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpuint (doc->n_animations, ==, 0);

  /* K with the constraint alone, in Animate mode at another time. */
  ossa_editor_set_mode (editor, OSSA_EDIT_MODE_ANIMATE);
  g_assert_cmpint (ossa_editor_add_animation (editor, NULL, NULL), ==, 0);
  ossa_editor_set_time (editor, 0.5);
  g_assert_true (ossa_editor_key_ik (editor, 0, NULL));
  track = ik_track (doc, 0);
  g_assert_cmpuint (track->n_keys, ==, 1);
  key = ossa_ik_track_get_key (track, 0);
  g_assert_cmpfloat (key.time, ==, 0.5f);
  g_assert_cmpfloat (key.mix, ==, 0.6f);
  g_assert_false (key.bend_positive);
  g_assert_null (ossa_animation_find_track (&doc->animations[0], UPPER, OSSA_CHANNEL_ROTATE));

  /* Nothing picked: K keys the bones alone. */
  ossa_editor_select_ik (editor, -1);
  ossa_editor_set_time (editor, 0.75);
  g_assert_true (ossa_editor_key_bones_and_ik (editor, bones, 2, NULL));
  g_assert_cmpuint (ik_track (doc, 0)->n_keys, ==, 1);
  g_assert_nonnull (ossa_animation_find_track (&doc->animations[0], UPPER, OSSA_CHANNEL_ROTATE));
}

static void
test_remove_bone_repair_or_delete (void)
{
  g_autoptr(OssaEditor) editor = make_arm ();
  const OssaDocument *doc = ossa_editor_get_document (editor);
  guint lower[] = { LOWER };
  guint target[] = { TARGET };
  guint hand[] = { HAND };

  g_assert_cmpint (add_arm_ik (editor), ==, 0);
  g_assert_cmpuint (ossa_editor_count_ik_of_bones (editor, lower, 1), ==, 1);
  g_assert_cmpuint (ossa_editor_count_ik_of_bones (editor, target, 1), ==, 1);
  /* The hand is below the chain, but the constraint names neither it nor its subtree. */
  g_assert_cmpuint (ossa_editor_count_ik_of_bones (editor, hand, 1), ==, 0);

  /* Repair: the child goes (with the hand), the constraint moves the upper arm alone. */
  g_assert_true (ossa_editor_remove_bones_ik (editor, lower, 1, OSSA_IK_REMOVAL_REPAIR, NULL));
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 3);
  g_assert_cmpuint (doc->n_ik, ==, 1);
  g_assert_cmpuint (doc->ik[0].n_bones, ==, 1);
  g_assert_cmpuint (doc->ik[0].bones[0], ==, UPPER);
  /* target was 4, now 2: the bones after the removed ones moved down. */
  g_assert_cmpuint (doc->ik[0].target, ==, 2);
  g_assert_cmpint (ossa_editor_get_selected_ik (editor), ==, 0);
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 5);
  g_assert_cmpuint (doc->ik[0].n_bones, ==, 2);
  g_assert_cmpuint (doc->ik[0].target, ==, TARGET);

  /* Delete: the constraint goes with the bone, one step. */
  g_assert_true (ossa_editor_remove_bones_ik (editor, lower, 1, OSSA_IK_REMOVAL_DELETE, NULL));
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 3);
  g_assert_cmpuint (doc->n_ik, ==, 0);
  g_assert_cmpint (ossa_editor_get_selected_ik (editor), ==, -1);
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpuint (doc->n_ik, ==, 1);
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 5);

  /* Repair when the target goes: nothing left to aim at, the constraint goes. */
  g_assert_true (ossa_editor_remove_bones (editor, target, 1, NULL));
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 4);
  g_assert_cmpuint (doc->n_ik, ==, 0);
}

/* The angle of bone's x axis in the world pose on show. */
static double
world_angle (OssaEditor *editor, guint bone)
{
  const OssaXform *w = &ossa_editor_get_world (editor)[bone];

  return atan2 (w->b, w->a);
}

static void
test_pose_follows_target (void)
{
  g_autoptr(OssaEditor) editor = make_arm ();
  const OssaDocument *doc = ossa_editor_get_document (editor);
  guint chain[] = { UPPER };
  OssaTransform rest;

  /* Before: the arm lies along x. upper's joint is at (20, 0), target's at (10, 15). */
  g_assert_cmpfloat_with_epsilon (world_angle (editor, UPPER), 0.0, 1e-6);
  g_assert_cmpint (ossa_editor_add_ik (editor, NULL, chain, 1, TARGET, NULL), ==, 0);
  g_assert_cmpfloat_with_epsilon (world_angle (editor, UPPER), atan2 (15.0, -10.0), 1e-4);
  /* The bones below follow: lower's joint at upper's tip, 10 along the new axis. */
  g_assert_cmpfloat_with_epsilon (ossa_editor_get_world (editor)[LOWER].tx,
                                  20.0 + 10.0 * cos (atan2 (15.0, -10.0)), 1e-3);

  /* The target moved to (10, -15): the arm follows it. */
  rest = doc->skeleton.bones[TARGET].rest;
  rest.y = -15.f;
  g_assert_true (ossa_editor_set_bone_rest (editor, TARGET, &rest, 0, NULL));
  g_assert_cmpfloat_with_epsilon (world_angle (editor, UPPER), atan2 (-15.0, -10.0), 1e-4);

  /* Mix 0: the pose the bones have without it. */
  g_assert_true (ossa_editor_set_ik_mix (editor, 0, 0.0f, 0, NULL));
  g_assert_cmpfloat_with_epsilon (world_angle (editor, UPPER), 0.0, 1e-6);
}

static void
test_pins (void)
{
  g_autoptr(OssaEditor) editor = make_arm ();
  guint lower[] = { LOWER };
  const guint *pins;
  gsize n_pins;
  int changed = 0;

  g_signal_connect (editor, "pins-changed", G_CALLBACK (count_signal), &changed);
  g_assert_false (ossa_editor_is_pinned (editor, HAND));
  ossa_editor_set_pinned (editor, TARGET, TRUE);
  ossa_editor_set_pinned (editor, HAND, TRUE);
  ossa_editor_set_pinned (editor, HAND, TRUE);   /* already: no signal */
  g_assert_cmpint (changed, ==, 2);
  g_assert_true (ossa_editor_is_pinned (editor, HAND));
  g_assert_true (ossa_editor_is_pinned (editor, TARGET));
  g_assert_false (ossa_editor_is_pinned (editor, LOWER));
  pins = ossa_editor_get_pins (editor, &n_pins);
  g_assert_cmpuint (n_pins, ==, 2);
  g_assert_cmpuint (pins[0], ==, HAND);
  g_assert_cmpuint (pins[1], ==, TARGET);

  ossa_editor_set_pinned (editor, TARGET, FALSE);
  g_assert_cmpint (changed, ==, 3);
  g_assert_false (ossa_editor_is_pinned (editor, TARGET));
  ossa_editor_set_pinned (editor, TARGET, TRUE);
  changed = 0;

  /* Pins are not the document's: an edit of a bone keeps them, undo too. */
  g_assert_true (ossa_editor_rename_bone (editor, HAND, "palm", NULL));
  g_assert_true (ossa_editor_is_pinned (editor, HAND));
  g_assert_cmpint (changed, ==, 0);

  /* The lower arm goes with the hand: the hand's pin goes, the target's follows
   * it from 4 to 2. */
  g_assert_true (ossa_editor_remove_bones (editor, lower, 1, NULL));
  g_assert_cmpint (changed, ==, 1);
  pins = ossa_editor_get_pins (editor, &n_pins);
  g_assert_cmpuint (n_pins, ==, 1);
  g_assert_cmpuint (pins[0], ==, 2);
  g_assert_true (ossa_editor_is_pinned (editor, 2));

  /* Undo brings the bones back, not the pin (an editor state, not an edit). */
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_false (ossa_editor_is_pinned (editor, HAND));
  g_assert_true (ossa_editor_is_pinned (editor, TARGET));

  /* Another document: no pins. */
  ossa_editor_new_document (editor);
  ossa_editor_get_pins (editor, &n_pins);
  g_assert_cmpuint (n_pins, ==, 0);
  g_assert_cmpint (changed, ==, 3);
}

/* An animation of duration 0 ends at its last key, and IK keys are keys: with
 * only mix keys, playback ends at the last of them. */
static void
test_end_at_last_ik_key (void)
{
  g_autoptr(OssaEditor) editor = make_arm ();
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (add_arm_ik (editor), ==, 0);
  ossa_editor_set_mode (editor, OSSA_EDIT_MODE_ANIMATE);
  g_assert_cmpint (ossa_editor_add_animation (editor, "mix", NULL), ==, 0);
  g_assert_true (ossa_editor_set_animation_props (editor, 0, "mix", 0, 30, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (ossa_editor_get_end_time (editor), ==, 0);
  ossa_editor_set_time (editor, 0.5);
  g_assert_true (ossa_editor_set_ik_mix (editor, 0, 0.f, 0, NULL));
  ossa_editor_set_time (editor, 1.5);
  g_assert_true (ossa_editor_set_ik_mix (editor, 0, 1.f, 0, NULL));
  g_assert_cmpuint (ossa_editor_get_document (editor)->animations[0].n_tracks, ==, 0);
  g_assert_cmpfloat (ossa_editor_get_end_time (editor), ==, 1.5);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ossa/editor-ik/add-from-selection", test_add_from_selection);
  g_test_add_func ("/ossa/editor-ik/picked-follows-edits", test_picked_follows_edits);
  g_test_add_func ("/ossa/editor-ik/mix-and-bend-setup", test_mix_and_bend_setup);
  g_test_add_func ("/ossa/editor-ik/keys-in-animate-mode", test_keys_in_animate_mode);
  g_test_add_func ("/ossa/editor-ik/key-with-k", test_key_with_k);
  g_test_add_func ("/ossa/editor-ik/remove-bone-repair-or-delete",
                   test_remove_bone_repair_or_delete);
  g_test_add_func ("/ossa/editor-ik/pose-follows-target", test_pose_follows_target);
  g_test_add_func ("/ossa/editor-ik/pins", test_pins);
  g_test_add_func ("/ossa/editor-ik/end-at-last-ik-key", test_end_at_last_ik_key);
  return g_test_run ();
}
