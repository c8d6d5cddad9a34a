/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The IK commands: each checks before it changes anything, changes what it says,
 * and undoes and redoes exactly, through OssaHistory as the editor runs them;
 * removing a bone repairs or deletes the constraints on it, as asked. */
#include "test-ik-support.h"

/* Runs cmd through a history: the change is checked by `check`, undo gives back
 * exactly the document before, redo exactly the one after. */
static void
run_undo_redo (OssaDocument *doc, OssaCommand *cmd, void (*check) (const OssaDocument *doc))
{
  OssaHistory *history = ossa_history_new (0);
  OssaDocument *before = ossa_document_copy (doc), *after;
  OssaError err = { 0 };

  g_assert_nonnull (cmd);
  g_assert_true (ossa_history_execute (history, doc, cmd, &err));
  g_assert_true (ossa_document_validate (doc, &err));
  check (doc);
  after = ossa_document_copy (doc);
  g_assert_false (test_documents_equal (before, after));
  g_assert_true (ossa_history_undo (history, doc, &err));
  g_assert_true (test_documents_equal (doc, before));
  g_assert_true (ossa_history_redo (history, doc, &err));
  g_assert_true (test_documents_equal (doc, after));
  check (doc);
  /* Once more both ways: the command's saved state survives a full cycle. */
  g_assert_true (ossa_history_undo (history, doc, &err));
  g_assert_true (test_documents_equal (doc, before));
  g_assert_true (ossa_history_redo (history, doc, &err));
  g_assert_true (test_documents_equal (doc, after));
  ossa_history_free (history);
  ossa_document_free (before);
  ossa_document_free (after);
}

/* cmd must be NULL with a message holding part, and doc unchanged. */
static void
expect_refused (OssaDocument *doc, OssaCommand *cmd, const OssaError *err, const OssaDocument *before,
                const char *part)
{
  g_assert_null (cmd);
  if (strstr (err->message, part) == NULL)
    g_error ("message '%s' does not hold '%s'", err->message, part);
  g_assert_true (test_documents_equal (doc, before));
}

static void
check_added (const OssaDocument *doc)
{
  g_assert_cmpuint (doc->n_ik, ==, 3);
  g_assert_cmpstr (doc->ik[2].name, ==, "point");
  g_assert_cmpuint (doc->ik[2].n_bones, ==, 1);
  g_assert_cmpuint (doc->ik[2].bones[0], ==, 5);
  g_assert_cmpuint (doc->ik[2].target, ==, 7);
  assert_close (doc->ik[2].mix, 0.25, 0);
  g_assert_false (doc->ik[2].bend_positive);
}

static void
test_add (void)
{
  OssaDocument *doc = test_make_ik_document ();
  OssaDocument *before = ossa_document_copy (doc);
  OssaError err = { 0 };
  uint32_t finger[] = { 5 }, bad_pair[] = { 1, 5 }, three[] = { 1, 2, 5 };

  expect_refused (doc, ossa_command_add_ik (doc, "reach", finger, 1, 7, true, 1, &err), &err, before,
                  "IK constraint 2 \"reach\": the name is already used by IK constraint 0");
  expect_refused (doc, ossa_command_add_ik (doc, "x", bad_pair, 2, 7, true, 1, &err), &err, before,
                  "IK constraint 2 \"x\": its second bone 'finger' is not a direct child of its first 'arm'");
  expect_refused (doc, ossa_command_add_ik (doc, "x", three, 3, 7, true, 1, &err), &err, before,
                  "it has 3 bones");
  expect_refused (doc, ossa_command_add_ik (doc, "x", finger, 1, 40, true, 1, &err), &err, before,
                  "its target is bone 40");
  /* finger aiming at hand, "reach"'s bone: hand would move under its own constraint. */
  expect_refused (doc, ossa_command_add_ik (doc, "x", finger, 1, 2, true, 1, &err), &err, before,
                  "IK constraint 2 \"x\": its target 'hand' is a bone of IK constraint 0 \"reach\"");
  expect_refused (doc, ossa_command_add_ik (doc, "x", finger, 1, 7, true, 2.f, &err), &err, before,
                  "mix 2 is not a number in [0, 1]");
  expect_refused (doc, ossa_command_add_ik (doc, "x", finger, 1, 7, true, NAN, &err), &err, before,
                  "mix nan");
  expect_refused (doc, ossa_command_add_ik (doc, "", finger, 1, 7, true, 1, &err), &err, before,
                  "IK constraint 2's name is empty");
  expect_refused (doc, ossa_command_add_ik (doc, "x", NULL, 1, 7, true, 1, &err), &err, before,
                  "no bones given");
  /* A constraint whose bone lies above another's target would move that target. */
  expect_refused (doc, ossa_command_add_ik (doc, "x", (uint32_t[]) { 0 }, 1, 7, true, 1, &err), &err, before,
                  "IK constraint 0 \"reach\": its target 'target' lies below bone 'root' of IK constraint 2 \"x\"");
  run_undo_redo (doc, ossa_command_add_ik (doc, "point", finger, 1, 7, false, 0.25f, &err), check_added);
  ossa_document_free (before);
  ossa_document_free (doc);
}

static void
check_removed (const OssaDocument *doc)
{
  /* "reach" went with its keys; "look" is constraint 0 now and its track follows. */
  g_assert_cmpuint (doc->n_ik, ==, 1);
  g_assert_cmpstr (doc->ik[0].name, ==, "look");
  g_assert_cmpuint (doc->animations[0].n_ik_tracks, ==, 1);
  g_assert_cmpuint (doc->animations[0].ik_tracks[0].constraint, ==, 0);
  assert_close (doc->animations[0].ik_tracks[0].mix[0], 0.75, 0);
}

static void
test_remove (void)
{
  OssaDocument *doc = test_make_ik_document ();
  OssaDocument *before = ossa_document_copy (doc);
  OssaError err = { 0 };

  expect_refused (doc, ossa_command_remove_ik (doc, 2, &err), &err, before,
                  "IK constraint 2 does not exist (the document has 2)");
  run_undo_redo (doc, ossa_command_remove_ik (doc, 0, &err), check_removed);
  ossa_document_free (before);
  ossa_document_free (doc);
}

static void
check_edited (const OssaDocument *doc)
{
  g_assert_cmpstr (doc->ik[0].name, ==, "grab");
  g_assert_cmpuint (doc->ik[0].n_bones, ==, 1);
  g_assert_cmpuint (doc->ik[0].target, ==, 7);
  g_assert_false (doc->ik[0].bend_positive);
  assert_close (doc->ik[0].mix, 0.5, 0);
  /* Its keys stay. */
  g_assert_cmpuint (doc->animations[0].ik_tracks[0].n_keys, ==, 2);
}

static void
test_set (void)
{
  OssaDocument *doc = test_make_ik_document ();
  OssaDocument *before = ossa_document_copy (doc);
  OssaError err = { 0 };
  uint32_t arm[] = { 1 }, arm_finger[] = { 1, 5 }, arm_hand[] = { 1, 2 };
  OssaHistory *history;
  OssaCommand *cmd;

  expect_refused (doc, ossa_command_set_ik (doc, 0, "look", arm, 1, 4, true, 1, &err), &err, before,
                  "IK constraint 1 \"look\": the name is already used by IK constraint 0");
  expect_refused (doc, ossa_command_set_ik (doc, 0, "reach", arm_finger, 2, 4, true, 1, &err), &err, before,
                  "IK constraint 0 \"reach\": its second bone 'finger' is not a direct child");
  expect_refused (doc, ossa_command_set_ik (doc, 0, "reach", arm_hand, 2, 5, true, 1, &err), &err, before,
                  "its target 'finger' lies below its bone 'arm'");
  expect_refused (doc, ossa_command_set_ik (doc, 1, "look", (uint32_t[]) { 3 }, 1, 99, true, 1, &err), &err,
                  before, "IK constraint 1 \"look\": its target is bone 99");
  expect_refused (doc, ossa_command_set_ik (doc, 1, "look", (uint32_t[]) { 3 }, 1, 7, true, -1, &err), &err,
                  before, "mix -1 is not a number in [0, 1]");
  expect_refused (doc, ossa_command_set_ik (doc, 5, "look", arm, 1, 7, true, 1, &err), &err, before,
                  "IK constraint 5 does not exist");
  /* Keeping its own name is no clash. */
  cmd = ossa_command_set_ik (doc, 0, "reach", arm_hand, 2, 4, true, 0.5f, &err);
  g_assert_nonnull (cmd);
  ossa_command_free (cmd);
  run_undo_redo (doc, ossa_command_set_ik (doc, 0, "grab", arm, 1, 7, false, 0.5f, &err), check_edited);

  /* A mix drag: edits under one merge id are one undo step back to where it began. */
  ossa_document_free (before);
  before = ossa_document_copy (doc);
  history = ossa_history_new (0);
  for (int i = 1; i <= 5; i++)
    {
      cmd = ossa_command_set_ik (doc, 1, "look", (uint32_t[]) { 3 }, 1, 7, false, (float) i / 10, &err);
      ossa_command_set_merge_id (cmd, 42);
      g_assert_true (ossa_history_execute (history, doc, cmd, &err));
    }
  assert_close (doc->ik[1].mix, 0.5, 1e-7);
  g_assert_cmpuint (ossa_history_n_undo (history), ==, 1);
  g_assert_true (ossa_history_undo (history, doc, &err));
  assert_close (doc->ik[1].mix, 0.5, 0);   /* look's own 0.5 from before the drag */
  g_assert_true (test_documents_equal (doc, before));
  ossa_history_free (history);
  ossa_document_free (before);
  ossa_document_free (doc);
}

static void
check_reordered (const OssaDocument *doc)
{
  g_assert_cmpstr (doc->ik[0].name, ==, "look");
  g_assert_cmpstr (doc->ik[1].name, ==, "reach");
  /* Keys follow their constraints and stay sorted by constraint. */
  g_assert_cmpuint (doc->animations[0].ik_tracks[0].constraint, ==, 0);
  assert_close (doc->animations[0].ik_tracks[0].mix[0], 0.75, 0);
  g_assert_cmpuint (doc->animations[0].ik_tracks[1].constraint, ==, 1);
  assert_close (doc->animations[0].ik_tracks[1].mix[1], 0.25, 0);
}

static void
check_three_reordered (const OssaDocument *doc)
{
  /* point (2) moved to the front: point, reach, look. */
  g_assert_cmpstr (doc->ik[0].name, ==, "point");
  g_assert_cmpstr (doc->ik[1].name, ==, "reach");
  g_assert_cmpstr (doc->ik[2].name, ==, "look");
  g_assert_cmpuint (doc->animations[0].n_ik_tracks, ==, 3);
  g_assert_cmpuint (doc->animations[0].ik_tracks[0].constraint, ==, 0);
  assert_close (doc->animations[0].ik_tracks[0].mix[0], 0.125, 0);
  g_assert_cmpuint (doc->animations[0].ik_tracks[2].constraint, ==, 2);
  assert_close (doc->animations[0].ik_tracks[2].mix[0], 0.75, 0);
}

static void
test_reorder (void)
{
  OssaDocument *doc = test_make_ik_document ();
  OssaDocument *before = ossa_document_copy (doc);
  OssaError err = { 0 };

  expect_refused (doc, ossa_command_reorder_ik (doc, 0, 2, &err), &err, before, "IK constraint 2 does not exist");
  run_undo_redo (doc, ossa_command_reorder_ik (doc, 0, 1, &err), check_reordered);
  ossa_document_free (doc);
  doc = test_make_ik_document ();
  test_add_ik (doc, "point", 5, -1, 7, 1.f, true);
  test_add_ik_key (doc, 0, 2, 0.f, 0.125f, -1);
  run_undo_redo (doc, ossa_command_reorder_ik (doc, 2, 0, &err), check_three_reordered);
  ossa_document_free (before);
  ossa_document_free (doc);
}

static void
check_keyed (const OssaDocument *doc)
{
  const OssaIkTrack *t = &doc->animations[0].ik_tracks[0];

  /* A key between reach's two: 0, 0.25, 0.5 s. */
  g_assert_cmpuint (t->n_keys, ==, 3);
  assert_close (t->times[1], 0.25, 0);
  assert_close (t->mix[1], 0.6, 1e-7);
  g_assert_nonnull (t->bend_positive);
  g_assert_cmpuint (t->bend_positive[1], ==, 0);
}

static void
check_new_track (const OssaDocument *doc)
{
  /* "look" had no keys in "idle" (animation 1): its track appears. */
  g_assert_cmpuint (doc->animations[1].n_ik_tracks, ==, 1);
  g_assert_cmpuint (doc->animations[1].ik_tracks[0].constraint, ==, 1);
  assert_close (doc->animations[1].ik_tracks[0].mix[0], 0.3, 1e-7);
}

static void
check_key_removed (const OssaDocument *doc)
{
  g_assert_cmpuint (doc->animations[0].ik_tracks[1].n_keys, ==, 1);
  assert_close (doc->animations[0].ik_tracks[1].times[0], 0.25, 0);
}

static void
check_track_gone (const OssaDocument *doc)
{
  g_assert_cmpuint (doc->animations[0].n_ik_tracks, ==, 0);
}

static void
test_keys (void)
{
  OssaDocument *doc = test_make_ik_document ();
  OssaDocument *before = ossa_document_copy (doc);
  OssaError err = { 0 };
  OssaIkKey key = { 0.25f, 0.6f, true, false }, bad = { 0.25f, 1.5f, false, false };
  OssaIkKey nan_time = { NAN, 0.5f, false, false }, idle = { 0.f, 0.3f, false, false };
  OssaAnimation extra;
  OssaCommand *cmd;

  expect_refused (doc, ossa_command_set_ik_key (doc, 0, 2, &key, &err), &err, before, "IK constraint 2 does not exist");
  expect_refused (doc, ossa_command_set_ik_key (doc, 3, 0, &key, &err), &err, before, "animation 3 does not exist");
  expect_refused (doc, ossa_command_set_ik_key (doc, 0, 0, &bad, &err), &err, before, "1.5");
  expect_refused (doc, ossa_command_set_ik_key (doc, 0, 0, &nan_time, &err), &err, before, "finite");
  expect_refused (doc, ossa_command_set_ik_key (doc, 0, 0, NULL, &err), &err, before, "no key given");
  expect_refused (doc, ossa_command_remove_ik_key (doc, 0, 0, 0.3f, &err), &err, before,
                  "animation 'walk' has no key of IK constraint \"reach\" at 0.3 s");
  run_undo_redo (doc, ossa_command_set_ik_key (doc, 0, 0, &key, &err), check_keyed);
  g_assert_true (ossa_animation_init (&extra, "idle"));
  g_assert_cmpint (ossa_document_take_animation (doc, &extra, NULL), ==, 1);
  run_undo_redo (doc, ossa_command_set_ik_key (doc, 1, 1, &idle, &err), check_new_track);
  run_undo_redo (doc, ossa_command_remove_ik_key (doc, 0, 1, 0.75f, &err), check_key_removed);
  /* Remove every key: the tracks go with their last, and come back on undo. */
  {
    OssaHistory *history = ossa_history_new (0);
    OssaDocument *full = ossa_document_copy (doc);
    int steps = 0;

    /* reach has keys at 0, 0.25 and 0.5 s, look at 0.25 s: four removals. */
    while (doc->animations[0].n_ik_tracks > 0)
      {
        const OssaIkTrack *t = &doc->animations[0].ik_tracks[0];

        cmd = ossa_command_remove_ik_key (doc, 0, t->constraint, t->times[t->n_keys - 1], &err);
        g_assert_nonnull (cmd);
        g_assert_true (ossa_history_execute (history, doc, cmd, &err));
        steps++;
      }
    g_assert_cmpint (steps, ==, 4);
    check_track_gone (doc);
    g_assert_true (ossa_document_validate (doc, &err));
    for (int i = 0; i < steps; i++)
      g_assert_true (ossa_history_undo (history, doc, &err));
    g_assert_true (test_documents_equal (doc, full));
    ossa_history_free (history);
    ossa_document_free (full);
  }
  ossa_document_free (before);
  ossa_document_free (doc);
}

static void
check_bone_repaired (const OssaDocument *doc)
{
  /* hand went: "reach" aims arm alone; "look" stays, renumbered. */
  g_assert_cmpuint (doc->n_ik, ==, 2);
  g_assert_cmpuint (doc->ik[0].n_bones, ==, 1);
  g_assert_cmpstr (doc->skeleton.bones[doc->ik[0].bones[0]].name, ==, "arm");
  g_assert_cmpstr (doc->skeleton.bones[doc->ik[0].target].name, ==, "target");
  g_assert_cmpstr (doc->skeleton.bones[doc->ik[1].bones[0]].name, ==, "leg");
  g_assert_cmpuint (doc->animations[0].n_ik_tracks, ==, 2);
}

static void
check_bone_deleted (const OssaDocument *doc)
{
  g_assert_cmpuint (doc->n_ik, ==, 1);
  g_assert_cmpstr (doc->ik[0].name, ==, "look");
  g_assert_cmpstr (doc->skeleton.bones[doc->ik[0].target].name, ==, "aim");
  g_assert_cmpuint (doc->animations[0].n_ik_tracks, ==, 1);
  g_assert_cmpuint (doc->animations[0].ik_tracks[0].constraint, ==, 0);
}

static void
check_target_gone (const OssaDocument *doc)
{
  /* target went: "reach" went with its keys even when repairing. */
  g_assert_cmpuint (doc->n_ik, ==, 1);
  g_assert_cmpstr (doc->ik[0].name, ==, "look");
  g_assert_cmpuint (doc->animations[0].n_ik_tracks, ==, 1);
}

/* One bone removal on a fresh document, through the history. */
static void
remove_bone_case (size_t bone, int how, void (*check) (const OssaDocument *doc))
{
  OssaDocument *doc = test_make_ik_document ();
  OssaError err = { 0 };

  run_undo_redo (doc, how < 0 ? ossa_command_remove_bone (doc, bone, &err)
                              : ossa_command_remove_bone_ik (doc, bone, (OssaIkRemoval) how, &err),
                 check);
  ossa_document_free (doc);
}

static void
test_remove_bone (void)
{
  OssaDocument *doc = test_make_ik_document ();
  OssaError err = { 0 };

  /* The plain removal repairs. */
  remove_bone_case (2, -1, check_bone_repaired);
  remove_bone_case (2, OSSA_IK_REMOVAL_REPAIR, check_bone_repaired);
  remove_bone_case (2, OSSA_IK_REMOVAL_DELETE, check_bone_deleted);
  remove_bone_case (4, OSSA_IK_REMOVAL_REPAIR, check_target_gone);
  remove_bone_case (4, -1, check_target_gone);
  g_assert_null (ossa_command_remove_bone_ik (doc, 2, (OssaIkRemoval) 9, &err));
  g_assert_nonnull (strstr (err.message, "unknown way"));
  g_assert_null (ossa_command_remove_bone_ik (doc, 80, OSSA_IK_REMOVAL_DELETE, &err));
  ossa_document_free (doc);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ik-command/add", test_add);
  g_test_add_func ("/ik-command/remove", test_remove);
  g_test_add_func ("/ik-command/set", test_set);
  g_test_add_func ("/ik-command/reorder", test_reorder);
  g_test_add_func ("/ik-command/keys", test_keys);
  g_test_add_func ("/ik-command/remove-bone", test_remove_bone);
  return g_test_run ();
}
