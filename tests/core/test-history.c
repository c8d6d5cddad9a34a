/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-helpers.h"

static void
execute (OssaHistory *h, OssaDocument *doc, OssaCommand *cmd)
{
  OssaError err = { 0 };

  g_assert_nonnull (cmd);
  if (!ossa_history_execute (h, doc, cmd, &err))
    g_error ("execute failed: %s", err.message);
}

static void
test_history_undo_redo (void)
{
  OssaDocument *doc = test_make_document ();
  OssaDocument *original = ossa_document_copy (doc);
  OssaDocument *renamed;
  OssaHistory *h = ossa_history_new (0);
  OssaError err = { 0 };

  g_assert_false (ossa_history_can_undo (h));
  g_assert_null (ossa_history_undo_label (h));
  g_assert_false (ossa_history_undo (h, doc, &err));
  execute (h, doc, ossa_command_rename_bone (doc, 1, "upper_arm", NULL));
  renamed = ossa_document_copy (doc);
  execute (h, doc, ossa_command_remove_bone (doc, 3, NULL));
  g_assert_cmpstr (ossa_history_undo_label (h), ==, "Delete Bone");
  g_assert_true (ossa_history_is_modified (h));

  g_assert_true (ossa_history_undo (h, doc, &err));
  g_assert_true (test_documents_equal (doc, renamed));
  g_assert_cmpstr (ossa_history_redo_label (h), ==, "Delete Bone");
  g_assert_cmpstr (ossa_history_undo_label (h), ==, "Rename Bone");
  g_assert_true (ossa_history_undo (h, doc, &err));
  g_assert_true (test_documents_equal (doc, original));
  g_assert_false (ossa_history_is_modified (h));
  g_assert_true (ossa_history_redo (h, doc, &err));
  g_assert_true (ossa_history_redo (h, doc, &err));
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 3);
  g_assert_false (ossa_history_redo (h, doc, &err));

  /* A new edit after undo drops what could be redone. */
  g_assert_true (ossa_history_undo (h, doc, &err));
  execute (h, doc, ossa_command_set_bone_length (doc, 0, 50, NULL));
  g_assert_false (ossa_history_can_redo (h));
  g_assert_cmpuint (ossa_history_n_undo (h), ==, 2);
  ossa_history_free (h);
  ossa_document_free (renamed);
  ossa_document_free (original);
  ossa_document_free (doc);
}

static void
test_history_drag_merges (void)
{
  /* A drag sends many small edits with one merge id: one undo step brings back the
   * pose from before the drag; the next drag is a step of its own. */
  OssaDocument *doc = test_make_document ();
  OssaDocument *original = ossa_document_copy (doc);
  OssaHistory *h = ossa_history_new (0);
  OssaTransform rest = doc->skeleton.bones[1].rest;

  for (int i = 1; i <= 50; i++)
    {
      OssaCommand *cmd;

      rest.rotation = DEG (i * 4);
      cmd = ossa_command_set_bone_rest (doc, 1, &rest, NULL);
      ossa_command_set_merge_id (cmd, 7);
      execute (h, doc, cmd);
    }
  assert_close (doc->skeleton.bones[1].rest.rotation, DEG (200), 1e-5);
  g_assert_cmpuint (ossa_history_n_undo (h), ==, 1);
  for (int i = 1; i <= 3; i++)
    {
      OssaCommand *cmd;

      rest.rotation = DEG (200 + i);
      cmd = ossa_command_set_bone_rest (doc, 1, &rest, NULL);
      ossa_command_set_merge_id (cmd, 8);
      execute (h, doc, cmd);
    }
  /* Same id, another bone: not the same target, so a step of its own. */
  {
    OssaCommand *cmd = ossa_command_set_bone_rest (doc, 2, &rest, NULL);

    ossa_command_set_merge_id (cmd, 8);
    execute (h, doc, cmd);
  }
  g_assert_cmpuint (ossa_history_n_undo (h), ==, 3);
  g_assert_true (ossa_history_undo (h, doc, NULL));
  g_assert_true (ossa_history_undo (h, doc, NULL));
  assert_close (doc->skeleton.bones[1].rest.rotation, DEG (200), 1e-5);
  g_assert_true (ossa_history_undo (h, doc, NULL));
  g_assert_true (test_documents_equal (doc, original));
  g_assert_true (ossa_history_redo (h, doc, NULL));
  assert_close (doc->skeleton.bones[1].rest.rotation, DEG (200), 1e-5);
  ossa_history_free (h);
  ossa_document_free (original);
  ossa_document_free (doc);
}

static void
test_history_group (void)
{
  OssaDocument *doc = test_make_document ();
  OssaDocument *original = ossa_document_copy (doc);
  OssaHistory *h = ossa_history_new (0);
  OssaKey key = ossa_key_make (0.5f, 1);

  ossa_history_begin_group (h, "Key Bones");
  for (uint32_t b = 0; b < 4; b++)
    for (int c = 0; c < OSSA_N_CHANNELS; c++)
      execute (h, doc, ossa_command_set_key (doc, 0, b, (OssaChannel) c, &key, NULL));
  ossa_history_end_group (h);
  g_assert_cmpuint (ossa_history_n_undo (h), ==, 1);
  g_assert_cmpstr (ossa_history_undo_label (h), ==, "Key Bones");
  g_assert_cmpuint (doc->animations[0].n_tracks, ==, 20);
  g_assert_true (ossa_history_undo (h, doc, NULL));
  g_assert_true (test_documents_equal (doc, original));
  g_assert_true (ossa_history_redo (h, doc, NULL));
  g_assert_cmpuint (doc->animations[0].n_tracks, ==, 20);
  /* An empty group records nothing. */
  ossa_history_begin_group (h, "Nothing");
  ossa_history_end_group (h);
  g_assert_cmpuint (ossa_history_n_undo (h), ==, 1);
  ossa_history_free (h);
  ossa_document_free (original);
  ossa_document_free (doc);
}

static void
test_history_saved_state (void)
{
  OssaDocument *doc = test_make_document ();
  OssaHistory *h = ossa_history_new (0);
  OssaTransform rest = doc->skeleton.bones[0].rest;
  OssaCommand *cmd;

  g_assert_false (ossa_history_is_modified (h));
  execute (h, doc, ossa_command_set_bone_length (doc, 0, 5, NULL));
  g_assert_true (ossa_history_is_modified (h));
  ossa_history_mark_saved (h);
  g_assert_false (ossa_history_is_modified (h));
  g_assert_true (ossa_history_undo (h, doc, NULL));
  g_assert_true (ossa_history_is_modified (h));
  g_assert_true (ossa_history_redo (h, doc, NULL));
  g_assert_false (ossa_history_is_modified (h));
  /* A drag that merges into the saved step makes the document differ from disk. */
  rest.x = 3;
  cmd = ossa_command_set_bone_rest (doc, 0, &rest, NULL);
  ossa_command_set_merge_id (cmd, 1);
  execute (h, doc, cmd);
  ossa_history_mark_saved (h);
  rest.x = 4;
  cmd = ossa_command_set_bone_rest (doc, 0, &rest, NULL);
  ossa_command_set_merge_id (cmd, 1);
  execute (h, doc, cmd);
  g_assert_true (ossa_history_is_modified (h));
  /* Undoing past the save and editing makes the saved state unreachable. */
  g_assert_true (ossa_history_undo (h, doc, NULL));
  execute (h, doc, ossa_command_set_bone_length (doc, 0, 6, NULL));
  g_assert_true (ossa_history_is_modified (h));
  g_assert_true (ossa_history_undo (h, doc, NULL));
  g_assert_true (ossa_history_is_modified (h));
  ossa_history_free (h);
  ossa_document_free (doc);
}

static void
test_history_limit (void)
{
  OssaDocument *doc = test_make_document ();
  OssaHistory *h = ossa_history_new (3);

  for (int i = 1; i <= 10; i++)
    execute (h, doc, ossa_command_set_bone_length (doc, 0, (float) i, NULL));
  g_assert_cmpuint (ossa_history_n_undo (h), ==, 3);
  while (ossa_history_undo (h, doc, NULL))
    ;
  assert_close (doc->skeleton.bones[0].length, 7, 0);
  ossa_history_free (h);
  ossa_document_free (doc);
}

static void
test_history_failed_command (void)
{
  /* A command that cannot apply (its bone is gone) leaves the document and the
   * history as they were. */
  OssaDocument *doc = test_make_document ();
  OssaHistory *h = ossa_history_new (0);
  OssaCommand *stale = ossa_command_set_bone_length (doc, 3, 1, NULL);
  OssaDocument *before;
  OssaError err = { 0 };

  execute (h, doc, ossa_command_remove_bone (doc, 3, NULL));
  before = ossa_document_copy (doc);
  g_assert_false (ossa_history_execute (h, doc, stale, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_NOT_FOUND);
  g_assert_true (test_documents_equal (doc, before));
  g_assert_cmpuint (ossa_history_n_undo (h), ==, 1);
  ossa_history_free (h);
  ossa_document_free (before);
  ossa_document_free (doc);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/history/undo-redo", test_history_undo_redo);
  g_test_add_func ("/history/drag-merges", test_history_drag_merges);
  g_test_add_func ("/history/group", test_history_group);
  g_test_add_func ("/history/saved-state", test_history_saved_state);
  g_test_add_func ("/history/limit", test_history_limit);
  g_test_add_func ("/history/failed-command", test_history_failed_command);
  return g_test_run ();
}
