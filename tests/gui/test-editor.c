/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>

#include "ossa-editor.h"
#include "ossa-gerror.h"

/* A root with two children: hips → spine, hips → leg. */
static OssaEditor *
make_editor (void)
{
  OssaEditor *editor = ossa_editor_new ();
  const char *names[] = { "hips", "spine", "leg" };
  int32_t parents[] = { -1, 0, 0 };

  for (int i = 0; i < 3; i++)
    {
      OssaTransform rest = { (float) i, 0.f, 0.f, 1.f, 1.f };
      OssaError err = { 0 };
      OssaCommand *cmd = ossa_command_add_bone (ossa_editor_get_document (editor), names[i],
                                                parents[i], &rest, 1.f, 0xff0000ffu, &err);

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
test_drag_is_one_step (void)
{
  g_autoptr (OssaEditor) editor = make_editor ();
  guint64 drag = ossa_editor_new_merge_id (editor);
  const OssaDocument *doc = ossa_editor_get_document (editor);
  gsize steps_before = 0;

  while (ossa_editor_can_undo (editor) && ossa_editor_undo (editor, NULL))
    steps_before++;
  g_assert_cmpuint (steps_before, ==, 3);
  while (ossa_editor_can_redo (editor))
    g_assert_true (ossa_editor_redo (editor, NULL));

  for (int step = 1; step <= 10; step++)
    {
      OssaTransform local = doc->skeleton.bones[1].rest;

      local.rotation = 0.1f * (float) step;
      g_assert_true (ossa_editor_set_bone_local (editor, 1, &local, drag, NULL));
    }
  g_assert_cmpfloat_with_epsilon (ossa_editor_get_local (editor)[1].rotation, 1.0f, 1e-6);
  g_assert_true (ossa_editor_get_modified (editor));
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpfloat (doc->skeleton.bones[1].rest.rotation, ==, 0.f);
  g_assert_cmpfloat (ossa_editor_get_local (editor)[1].rotation, ==, 0.f);
  g_assert_true (ossa_editor_redo (editor, NULL));
  g_assert_cmpfloat_with_epsilon (doc->skeleton.bones[1].rest.rotation, 1.0f, 1e-6);
}

static void
test_selection_follows_structure (void)
{
  g_autoptr (OssaEditor) editor = make_editor ();
  guint pick[] = { 2 };
  gsize n;
  const guint *sel;
  int emitted = 0;
  OssaCommand *cmd;

  g_signal_connect (editor, "selection-changed", G_CALLBACK (count_signal), &emitted);
  ossa_editor_select (editor, pick, 1, FALSE);
  g_assert_cmpint (ossa_editor_get_primary (editor), ==, 2);
  /* Removing "spine" moves "leg" from 2 to 1: the selection follows it. */
  cmd = ossa_command_remove_bone (ossa_editor_get_document (editor), 1, NULL);
  g_assert_true (ossa_editor_execute (editor, cmd, NULL));
  sel = ossa_editor_get_selection (editor, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (sel[0], ==, 1);
  g_assert_cmpint (ossa_editor_get_primary (editor), ==, 1);
  g_assert_cmpint (emitted, >=, 2);
  /* Undo brings "spine" back and "leg" back to 2. */
  g_assert_true (ossa_editor_undo (editor, NULL));
  sel = ossa_editor_get_selection (editor, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (sel[0], ==, 2);
  ossa_editor_toggle_selected (editor, 0);
  sel = ossa_editor_get_selection (editor, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (sel[0], ==, 0);
  g_assert_cmpint (ossa_editor_get_primary (editor), ==, 0);
  ossa_editor_toggle_selected (editor, 0);
  g_assert_cmpint (ossa_editor_get_primary (editor), ==, 2);
  ossa_editor_clear_selection (editor);
  g_assert_cmpint (ossa_editor_get_primary (editor), ==, -1);
}

static void
test_animate_mode_keys (void)
{
  g_autoptr (OssaEditor) editor = make_editor ();
  const OssaDocument *doc = ossa_editor_get_document (editor);
  g_autoptr (GError) error = NULL;
  OssaTransform local;
  OssaCommand *cmd;

  ossa_editor_set_mode (editor, OSSA_EDIT_MODE_ANIMATE);
  local = ossa_editor_get_local (editor)[1];
  local.rotation = 1.f;
  /* No animation yet: refused, nothing changes. */
  g_assert_false (ossa_editor_set_bone_local (editor, 1, &local, 0, &error));
  g_assert_nonnull (error);
  g_assert_cmpfloat (doc->skeleton.bones[1].rest.rotation, ==, 0.f);

  cmd = ossa_command_add_animation (doc, "walk", 2.f, 30.f, TRUE, NULL);
  g_assert_true (ossa_editor_execute (editor, cmd, NULL));
  g_assert_cmpint (ossa_editor_get_animation (editor), ==, 0);
  ossa_editor_set_time (editor, 0.5);
  g_assert_true (ossa_editor_set_bone_local (editor, 1, &local, 0, NULL));
  /* A rotation key at 0.5 s; the rest pose is untouched. */
  g_assert_cmpuint (doc->animations[0].n_tracks, ==, 1);
  g_assert_cmpint (doc->animations[0].tracks[0].channel, ==, OSSA_CHANNEL_ROTATE);
  g_assert_cmpfloat (doc->animations[0].tracks[0].times[0], ==, 0.5f);
  g_assert_cmpfloat (doc->skeleton.bones[1].rest.rotation, ==, 0.f);
  g_assert_cmpfloat (ossa_editor_get_local (editor)[1].rotation, ==, 1.f);
  ossa_editor_set_mode (editor, OSSA_EDIT_MODE_SETUP);
  g_assert_cmpfloat (ossa_editor_get_local (editor)[1].rotation, ==, 0.f);
}


#define DEG(d) ((float) ((d) * G_PI / 180.0))

static float
sample_rotation (OssaEditor *editor, guint bone, double t)
{
  const OssaDocument *doc = ossa_editor_get_document (editor);
  const OssaTrack *track = ossa_animation_find_track (
    &doc->animations[ossa_editor_get_animation (editor)], bone, OSSA_CHANNEL_ROTATE);

  g_assert_nonnull (track);
  return ossa_track_sample (track, (float) t);
}

/* The scenario on the model: key at frame 0, 30 frames on turn 190°
 * counter-clockwise, key: halfway the bone has turned 85° clockwise (the short
 * way); a counter-clockwise spin on the first key makes it go the long way. */
static void
test_key_bones_and_spin (void)
{
  g_autoptr (OssaEditor) editor = make_editor ();
  const OssaDocument *doc = ossa_editor_get_document (editor);
  guint spine = 1;
  OssaTransform local;
  OssaKeyRef first = { 1, OSSA_CHANNEL_ROTATE, 0.f };
  float a;

  /* K in Setup mode without an animation: Animate mode, a new animation. */
  g_assert_true (ossa_editor_key_bones (editor, &spine, 1, NULL));
  g_assert_cmpint (ossa_editor_get_mode (editor), ==, OSSA_EDIT_MODE_ANIMATE);
  g_assert_cmpuint (doc->n_animations, ==, 1);
  g_assert_cmpstr (doc->animations[0].name, ==, "animation");
  g_assert_cmpuint (doc->animations[0].n_tracks, ==, OSSA_N_CHANNELS);
  g_assert_cmpstr (ossa_editor_get_undo_label (editor), ==, "Key Bone");
  a = ossa_editor_get_local (editor)[1].rotation;

  for (int i = 0; i < 30; i++)
    ossa_editor_step_frames (editor, 1);
  g_assert_cmpfloat (ossa_editor_get_time (editor), ==, 1.0);
  local = ossa_editor_get_local (editor)[1];
  local.rotation = a + DEG (190);
  g_assert_true (ossa_editor_set_bone_local (editor, 1, &local, ossa_editor_new_merge_id (editor),
                                             NULL));
  g_assert_true (ossa_editor_key_bones (editor, &spine, 1, NULL));
  /* Stored as turned, continuous. */
  g_assert_cmpfloat_with_epsilon (sample_rotation (editor, 1, 1.0), a + DEG (190), 1e-5);
  g_assert_cmpfloat_with_epsilon (sample_rotation (editor, 1, 0.5), a - DEG (85), 1e-5);

  ossa_editor_select_keys (editor, &first, 1, FALSE);
  g_assert_true (ossa_editor_set_selected_keys_spin (editor, OSSA_SPIN_COUNTERCLOCKWISE, 0, NULL));
  g_assert_cmpfloat_with_epsilon (sample_rotation (editor, 1, 0.5), a + DEG (95), 1e-5);
  /* The selection survives its own edit; undo goes back to the short way. */
  g_assert_true (ossa_editor_is_key_selected (editor, 1, OSSA_CHANNEL_ROTATE, 0.f));
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpfloat_with_epsilon (sample_rotation (editor, 1, 0.5), a - DEG (85), 1e-5);

  g_assert_true (ossa_editor_set_selected_keys_interp (editor, OSSA_INTERP_STEP, NULL, NULL));
  g_assert_cmpfloat_with_epsilon (sample_rotation (editor, 1, 0.9), a, 1e-6);
  g_assert_true (ossa_editor_set_selected_keys_interp (editor, OSSA_INTERP_BEZIER,
                                                       &OSSA_CURVE_EASE_IN_OUT, NULL));
  {
    OssaKey key = ossa_track_get_key (ossa_animation_find_track (&doc->animations[0], 1,
                                                                 OSSA_CHANNEL_ROTATE), 0);

    g_assert_cmpint (key.interp, ==, OSSA_INTERP_BEZIER);
    g_assert_cmpfloat (key.curve.x1, ==, 0.42f);
    g_assert_cmpfloat (key.curve.x2, ==, 0.58f);
  }
}

static void
test_auto_key_off (void)
{
  g_autoptr (OssaEditor) editor = make_editor ();
  const OssaDocument *doc = ossa_editor_get_document (editor);
  guint leg = 2;
  OssaTransform local;

  g_assert_true (ossa_editor_key_bones (editor, &leg, 1, NULL));
  ossa_editor_set_auto_key (editor, FALSE);
  ossa_editor_set_time (editor, 0.5);
  local = ossa_editor_get_local (editor)[2];
  local.x = 7.f;
  /* Shown, not keyed. */
  g_assert_true (ossa_editor_set_bone_local (editor, 2, &local, 0, NULL));
  g_assert_cmpfloat (ossa_editor_get_local (editor)[2].x, ==, 7.f);
  g_assert_cmpuint (ossa_track_get_key (ossa_animation_find_track (&doc->animations[0], 2,
                                                                   OSSA_CHANNEL_TRANSLATE_X),
                                        0).time, ==, 0);
  g_assert_cmpuint (ossa_animation_find_track (&doc->animations[0], 2,
                                               OSSA_CHANNEL_TRANSLATE_X)->n_keys, ==, 1);
  /* Moving the playhead drops the unkeyed edit. */
  ossa_editor_set_time (editor, 0.6);
  g_assert_cmpfloat (ossa_editor_get_local (editor)[2].x, ==, 2.f);
  ossa_editor_set_time (editor, 0.5);
  g_assert_true (ossa_editor_set_bone_local (editor, 2, &local, 0, NULL));
  g_assert_true (ossa_editor_key_bones (editor, &leg, 1, NULL));
  g_assert_cmpuint (ossa_animation_find_track (&doc->animations[0], 2,
                                               OSSA_CHANNEL_TRANSLATE_X)->n_keys, ==, 2);
  ossa_editor_set_time (editor, 0.6);
  ossa_editor_set_time (editor, 0.5);
  g_assert_cmpfloat (ossa_editor_get_local (editor)[2].x, ==, 7.f);
}

static gsize
n_keys (OssaEditor *editor, guint bone, OssaChannel channel)
{
  const OssaDocument *doc = ossa_editor_get_document (editor);
  const OssaTrack *track = ossa_animation_find_track (
    &doc->animations[ossa_editor_get_animation (editor)], bone, channel);

  return track != NULL ? track->n_keys : 0;
}

static void
test_move_delete_paste (void)
{
  g_autoptr (OssaEditor) editor = make_editor ();
  const OssaDocument *doc = ossa_editor_get_document (editor);
  guint spine = 1, leg = 2;
  OssaKeyRef keys[2] = { { 1, OSSA_CHANNEL_ROTATE, 0.f }, { 1, OSSA_CHANNEL_ROTATE, 0.5f } };
  g_autoptr (GError) error = NULL;
  const OssaTrack *track;
  int changed = 0;
  gsize n;

  g_assert_true (ossa_editor_key_bones (editor, &spine, 1, NULL));
  ossa_editor_set_time (editor, 0.5);
  g_assert_true (ossa_editor_key_bones (editor, &spine, 1, NULL));
  g_signal_connect (editor, "key-selection-changed", G_CALLBACK (count_signal), &changed);
  ossa_editor_select_keys (editor, keys, 2, FALSE);
  g_assert_cmpint (changed, ==, 1);
  ossa_editor_get_selected_keys (editor, &n);
  g_assert_cmpuint (n, ==, 2);

  /* Both later by 3 frames and a bit: snapped to frame 3 and 18. */
  g_assert_true (ossa_editor_move_selected_keys (editor, 0.11, TRUE, NULL));
  track = ossa_animation_find_track (&doc->animations[0], 1, OSSA_CHANNEL_ROTATE);
  g_assert_cmpfloat_with_epsilon (track->times[0], 0.1f, 1e-6);
  g_assert_cmpfloat_with_epsilon (track->times[1], 0.6f, 1e-6);
  g_assert_true (ossa_editor_is_key_selected (editor, 1, OSSA_CHANNEL_ROTATE, track->times[1]));
  g_assert_cmpstr (ossa_editor_get_undo_label (editor), ==, "Move Keys");
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpfloat (track->times[0], ==, 0.f);
  /* The moved keys are gone from the selection after the undo. */
  ossa_editor_get_selected_keys (editor, &n);
  g_assert_cmpuint (n, ==, 0);

  /* A key onto one that stays: refused, nothing changes. */
  ossa_editor_select_keys (editor, keys, 1, FALSE);
  g_assert_false (ossa_editor_move_selected_keys (editor, 0.5, TRUE, &error));
  g_assert_error (error, OSSA_CORE_ERROR, OSSA_ERROR_CONFLICT);
  g_assert_cmpfloat (track->times[0], ==, 0.f);

  /* Copy the two rotation keys; paste onto the leg (selected) at 1 s. */
  ossa_editor_select_keys (editor, keys, 2, FALSE);
  g_assert_true (ossa_editor_copy_selected_keys (editor));
  ossa_editor_select (editor, &leg, 1, FALSE);
  ossa_editor_set_time (editor, 1.0);
  g_assert_true (ossa_editor_paste_keys (editor, NULL));
  g_assert_cmpuint (n_keys (editor, 2, OSSA_CHANNEL_ROTATE), ==, 2);
  track = ossa_animation_find_track (&doc->animations[0], 2, OSSA_CHANNEL_ROTATE);
  g_assert_cmpfloat (track->times[0], ==, 1.f);
  g_assert_cmpfloat (track->times[1], ==, 1.5f);
  g_assert_cmpfloat (doc->animations[0].duration, ==, 1.5f);
  ossa_editor_get_selected_keys (editor, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpuint (n_keys (editor, 2, OSSA_CHANNEL_ROTATE), ==, 0);
  g_assert_cmpfloat (doc->animations[0].duration, ==, 1.f);
  /* No bone selected: back onto the bone they came from. */
  ossa_editor_clear_selection (editor);
  g_assert_true (ossa_editor_paste_keys (editor, NULL));
  g_assert_cmpuint (n_keys (editor, 1, OSSA_CHANNEL_ROTATE), ==, 4);

  /* Delete them again: one step. */
  g_assert_true (ossa_editor_delete_selected_keys (editor, NULL));
  g_assert_cmpuint (n_keys (editor, 1, OSSA_CHANNEL_ROTATE), ==, 2);
  g_assert_cmpstr (ossa_editor_get_undo_label (editor), ==, "Delete Keys");
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpuint (n_keys (editor, 1, OSSA_CHANNEL_ROTATE), ==, 4);
}

static void
test_seek (void)
{
  g_autoptr (OssaEditor) editor = make_editor ();
  guint spine = 1, leg = 2;

  g_assert_true (ossa_editor_key_bones (editor, &spine, 1, NULL));
  ossa_editor_set_time (editor, 0.4);
  g_assert_true (ossa_editor_key_bones (editor, &leg, 1, NULL));
  ossa_editor_set_time (editor, 0.8);
  g_assert_true (ossa_editor_key_bones (editor, &spine, 1, NULL));
  ossa_editor_set_time (editor, 0);
  g_assert_true (ossa_editor_seek_key (editor, 1));
  g_assert_cmpfloat_with_epsilon (ossa_editor_get_time (editor), 0.4, 1e-6);
  /* Only the selected bones' keys count when there are selected bones. */
  ossa_editor_select (editor, &spine, 1, FALSE);
  ossa_editor_set_time (editor, 0);
  g_assert_true (ossa_editor_seek_key (editor, 1));
  g_assert_cmpfloat_with_epsilon (ossa_editor_get_time (editor), 0.8, 1e-6);
  g_assert_false (ossa_editor_seek_key (editor, 1));
  g_assert_true (ossa_editor_seek_key (editor, -1));
  g_assert_cmpfloat (ossa_editor_get_time (editor), ==, 0);
  ossa_editor_step_frames (editor, -1);
  g_assert_cmpfloat (ossa_editor_get_time (editor), ==, 0);
  ossa_editor_step_frames (editor, 3);
  g_assert_cmpfloat_with_epsilon (ossa_editor_get_time (editor), 0.1, 1e-9);
  g_assert_cmpfloat (ossa_editor_get_end_time (editor), ==, 1.0);

  ossa_editor_set_speed (editor, 5);
  g_assert_cmpfloat (ossa_editor_get_speed (editor), ==, 2.0);
  ossa_editor_set_speed (editor, 0.1);
  g_assert_cmpfloat (ossa_editor_get_speed (editor), ==, 0.25);
}

static void
test_animations (void)
{
  g_autoptr (OssaEditor) editor = make_editor ();
  const OssaDocument *doc = ossa_editor_get_document (editor);
  g_autoptr (GError) error = NULL;
  guint spine = 1;

  g_assert_cmpint (ossa_editor_add_animation (editor, "walk", NULL), ==, 0);
  g_assert_true (ossa_editor_key_bones (editor, &spine, 1, NULL));
  g_assert_cmpint (ossa_editor_add_animation (editor, NULL, NULL), ==, 1);
  g_assert_cmpstr (doc->animations[1].name, ==, "animation");
  g_assert_cmpint (ossa_editor_get_animation (editor), ==, 1);
  g_assert_cmpint (ossa_editor_duplicate_animation (editor, 0, NULL), ==, 2);
  g_assert_cmpstr (doc->animations[2].name, ==, "walk copy");
  g_assert_cmpuint (ossa_animation_n_keys (&doc->animations[2]), ==, OSSA_N_CHANNELS);
  g_assert_cmpint (ossa_editor_duplicate_animation (editor, 0, NULL), ==, 3);
  g_assert_cmpstr (doc->animations[3].name, ==, "walk copy 2");

  g_assert_false (ossa_editor_set_animation_props (editor, 3, "walk", 1, 30, TRUE, &error));
  g_assert_error (error, OSSA_CORE_ERROR, OSSA_ERROR_CONFLICT);
  g_assert_true (ossa_editor_set_animation_props (editor, 3, "run", 0.5, 24, FALSE, NULL));
  g_assert_cmpstr (doc->animations[3].name, ==, "run");
  g_assert_cmpfloat (doc->animations[3].fps, ==, 24.f);
  g_assert_false (doc->animations[3].loop);
  g_assert_cmpfloat (ossa_editor_get_frame_rate (editor), ==, 24.0);

  ossa_editor_set_animation (editor, 3);
  g_assert_true (ossa_editor_remove_animation (editor, 3, NULL));
  g_assert_cmpuint (doc->n_animations, ==, 3);
  g_assert_cmpint (ossa_editor_get_animation (editor), ==, 2);
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpstr (doc->animations[3].name, ==, "run");
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpstr (doc->animations[3].name, ==, "walk copy 2");
}

static void
test_failed_load_changes_nothing (void)
{
  g_autoptr (OssaEditor) editor = make_editor ();
  g_autofree char *dir = g_dir_make_tmp ("ossa-editor-XXXXXX", NULL);
  g_autofree char *bad_path = g_build_filename (dir, "broken.ossa", NULL);
  g_autofree char *good_path = g_build_filename (dir, "good.ossa", NULL);
  g_autoptr (GFile) bad = g_file_new_for_path (bad_path);
  g_autoptr (GFile) good = g_file_new_for_path (good_path);
  g_autoptr (GError) error = NULL;
  g_autofree char *name = NULL;

  g_assert_true (g_file_set_contents (bad_path, "\x08\x99\xff\xff", 4, NULL));
  g_assert_false (ossa_editor_load (editor, bad, &error));
  g_assert_nonnull (strstr (error->message, "broken.ossa"));
  g_assert_cmpuint (ossa_editor_get_document (editor)->skeleton.n_bones, ==, 3);
  g_assert_true (ossa_editor_get_modified (editor));

  g_assert_true (ossa_editor_save (editor, good, NULL));
  g_assert_false (ossa_editor_get_modified (editor));
  name = ossa_editor_dup_display_name (editor);
  g_assert_cmpstr (name, ==, "good");
  ossa_editor_new_document (editor);
  g_assert_cmpuint (ossa_editor_get_document (editor)->skeleton.n_bones, ==, 0);
  g_assert_true (ossa_editor_load (editor, good, NULL));
  g_assert_cmpuint (ossa_editor_get_document (editor)->skeleton.n_bones, ==, 3);
  g_assert_false (ossa_editor_can_undo (editor));
  g_unlink (bad_path);
  g_unlink (good_path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ossa/editor/drag-is-one-step", test_drag_is_one_step);
  g_test_add_func ("/ossa/editor/selection-follows-structure", test_selection_follows_structure);
  g_test_add_func ("/ossa/editor/animate-mode-keys", test_animate_mode_keys);
  g_test_add_func ("/ossa/editor/failed-load-changes-nothing", test_failed_load_changes_nothing);
  g_test_add_func ("/ossa/editor/key-bones-and-spin", test_key_bones_and_spin);
  g_test_add_func ("/ossa/editor/auto-key-off", test_auto_key_off);
  g_test_add_func ("/ossa/editor/move-delete-paste", test_move_delete_paste);
  g_test_add_func ("/ossa/editor/seek", test_seek);
  g_test_add_func ("/ossa/editor/animations", test_animations);
  return g_test_run ();
}
