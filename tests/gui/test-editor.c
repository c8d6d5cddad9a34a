/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>

#include "ossa-editor.h"

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
  return g_test_run ();
}
