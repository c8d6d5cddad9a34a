/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The IK model: every rule of ossa_ik_constraints_validate() and
 * ossa_ik_tracks_validate(), the document's validate pass, copies that share
 * nothing, and what removing or reparenting a bone does to constraints. */
#include "test-ik-support.h"

static void
test_valid_document (void)
{
  OssaDocument *doc = test_make_ik_document ();
  OssaError err = { 0 };

  g_assert_true (ossa_ik_constraints_validate (doc->ik, doc->n_ik, &doc->skeleton, &err));
  g_assert_true (ossa_document_validate (doc, &err));
  g_assert_cmpint (ossa_document_find_ik (doc, "look"), ==, 1);
  g_assert_cmpint (ossa_document_find_ik (doc, "reach"), ==, 0);
  g_assert_cmpint (ossa_document_find_ik (doc, "nope"), ==, -1);
  ossa_document_free (doc);
}

/* Breaks one field of constraint c (by `edit`) and asserts both validators refuse
 * it with a message that starts with prefix and holds part. */
static void
expect_refused (void (*edit) (OssaDocument *doc), const char *prefix, const char *part)
{
  OssaDocument *doc = test_make_ik_document ();
  OssaError err = { 0 };

  edit (doc);
  g_assert_false (ossa_ik_constraints_validate (doc->ik, doc->n_ik, &doc->skeleton, &err));
  if (!g_str_has_prefix (err.message, prefix) || strstr (err.message, part) == NULL)
    g_error ("message '%s' does not start with '%s' and hold '%s'", err.message, prefix, part);
  ossa_error_clear (&err);
  g_assert_false (ossa_document_validate (doc, &err));
  g_assert_nonnull (strstr (err.message, part));
  ossa_document_free (doc);
}

static void bone_out_of_range (OssaDocument *d) { d->ik[1].bones[0] = 8; }
static void child_out_of_range (OssaDocument *d) { d->ik[0].bones[1] = 100; }
static void no_bones (OssaDocument *d) { d->ik[1].n_bones = 0; }
static void three_bones (OssaDocument *d) { d->ik[0].n_bones = 3; }
static void not_a_child (OssaDocument *d) { d->ik[0].bones[1] = 5; }      /* finger: a grandchild of arm */
static void sibling (OssaDocument *d) { d->ik[0].bones[1] = 3; }          /* leg: arm's sibling */
static void target_out_of_range (OssaDocument *d) { d->ik[1].target = 8; }
static void target_own_bone (OssaDocument *d) { d->ik[0].target = 2; }
static void target_below (OssaDocument *d) { d->ik[0].target = 5; }       /* finger, below hand */
static void target_other_bone (OssaDocument *d) { d->ik[0].target = 3; }  /* leg: "look"'s bone */
static void target_below_other (OssaDocument *d) { d->ik[0].target = 6; } /* foot, below leg */
static void target_root (OssaDocument *d) { d->ik[1].target = 0; }        /* root: above, allowed */
static void mix_two (OssaDocument *d) { d->ik[1].mix = 2.f; }
static void mix_negative (OssaDocument *d) { d->ik[1].mix = -0.01f; }
static void mix_nan (OssaDocument *d) { d->ik[1].mix = NAN; }
static void mix_inf (OssaDocument *d) { d->ik[1].mix = INFINITY; }
static void empty_name (OssaDocument *d) { d->ik[1].name[0] = '\0'; }
static void bad_utf8 (OssaDocument *d) { d->ik[1].name[0] = (char) 0xff; }
/* "reach" is longer than "look": a new string, not a copy over the old one. */
static void
same_name (OssaDocument *d)
{
  free (d->ik[1].name);
  d->ik[1].name = strdup ("reach");
}

static void
test_rules (void)
{
  expect_refused (bone_out_of_range, "IK constraint 1 \"look\": ", "bone 0 is bone 8, but the skeleton has 8 bones");
  expect_refused (child_out_of_range, "IK constraint 0 \"reach\": ", "bone 1 is bone 100");
  expect_refused (no_bones, "IK constraint 1 \"look\": ", "it has 0 bones; a constraint has 1 or 2");
  expect_refused (three_bones, "IK constraint 0 \"reach\": ", "it has 3 bones");
  expect_refused (not_a_child, "IK constraint 0 \"reach\": ", "its second bone 'finger' is not a direct child of its first 'arm'");
  expect_refused (sibling, "IK constraint 0 \"reach\": ", "'leg' is not a direct child of its first 'arm'");
  expect_refused (target_out_of_range, "IK constraint 1 \"look\": ", "its target is bone 8");
  expect_refused (target_own_bone, "IK constraint 0 \"reach\": ", "its target 'hand' is one of its own bones");
  expect_refused (target_below, "IK constraint 0 \"reach\": ", "its target 'finger' lies below its bone 'arm'");
  expect_refused (target_other_bone, "IK constraint 0 \"reach\": ", "its target 'leg' is a bone of IK constraint 1 \"look\"");
  expect_refused (target_below_other, "IK constraint 0 \"reach\": ",
                  "its target 'foot' lies below bone 'leg' of IK constraint 1 \"look\"");
  expect_refused (mix_two, "IK constraint 1 \"look\": ", "mix 2 is not a number in [0, 1]");
  expect_refused (mix_negative, "IK constraint 1 \"look\": ", "not a number in [0, 1]");
  expect_refused (mix_nan, "IK constraint 1 \"look\": ", "mix nan");
  expect_refused (mix_inf, "IK constraint 1 \"look\": ", "mix inf");
  expect_refused (empty_name, "IK constraint 1's name", "is empty");
  expect_refused (bad_utf8, "IK constraint 1's name", "not valid UTF-8");
  expect_refused (same_name, "IK constraint 1 \"reach\": ", "the name is already used by IK constraint 0");
}

static void
test_edges_allowed (void)
{
  OssaDocument *doc = test_make_ik_document ();
  OssaError err = { 0 };

  /* A target above the chain is fine, and so are mix 0 and 1 exactly. */
  target_root (doc);
  doc->ik[0].mix = 0.f;
  doc->ik[1].mix = 1.f;
  g_assert_true (ossa_document_validate (doc, &err));
  /* No constraints, no skeleton: nothing to refuse. */
  g_assert_true (ossa_ik_constraints_validate (NULL, 0, &doc->skeleton, &err));
  ossa_document_free (doc);
}

/* Breaks animation 0's IK tracks by `edit` and asserts the refusal. */
static void
expect_tracks_refused (void (*edit) (OssaDocument *doc), const char *part)
{
  OssaDocument *doc = test_make_ik_document ();
  OssaAnimation *a = &doc->animations[0];
  OssaError err = { 0 };

  edit (doc);
  g_assert_false (ossa_ik_tracks_validate (a->ik_tracks, a->n_ik_tracks, doc->n_ik, &err));
  if (strstr (err.message, part) == NULL)
    g_error ("message '%s' does not hold '%s'", err.message, part);
  ossa_error_clear (&err);
  g_assert_false (ossa_document_validate (doc, &err));
  g_assert_true (g_str_has_prefix (err.message, "animation 'walk': IK track"));
  ossa_document_free (doc);
}

static void track_constraint_out (OssaDocument *d) { d->animations[0].ik_tracks[1].constraint = 2; }
static void track_twice (OssaDocument *d) { d->animations[0].ik_tracks[1].constraint = 0; }
static void
track_unsorted (OssaDocument *d)
{
  d->animations[0].ik_tracks[0].constraint = 1;
  d->animations[0].ik_tracks[1].constraint = 0;
}
static void key_order (OssaDocument *d) { d->animations[0].ik_tracks[0].times[1] = 0.f; }
static void key_time_nan (OssaDocument *d) { d->animations[0].ik_tracks[0].times[0] = NAN; }
static void key_mix_nan (OssaDocument *d) { d->animations[0].ik_tracks[1].mix[0] = NAN; }
static void key_mix_big (OssaDocument *d) { d->animations[0].ik_tracks[1].mix[1] = 1.5f; }
static void key_bend_two (OssaDocument *d) { d->animations[0].ik_tracks[1].bend_positive[1] = 2; }

static void
test_track_rules (void)
{
  expect_tracks_refused (track_constraint_out, "IK track 1 names constraint 2, but the document has 2");
  expect_tracks_refused (track_twice, "IK track 1: constraint 0 has two tracks");
  expect_tracks_refused (track_unsorted, "IK track 1: constraint 0 comes after constraint 1");
  expect_tracks_refused (key_order, "IK track 0 (constraint 0): key 1 at 0 s does not come after key 0 at 0 s");
  expect_tracks_refused (key_time_nan, "key 0 has a time that is not a finite number");
  expect_tracks_refused (key_mix_nan, "IK track 1 (constraint 1): key 0 has mix nan");
  expect_tracks_refused (key_mix_big, "key 1 has mix 1.5, not a number in [0, 1]");
  expect_tracks_refused (key_bend_two, "key 1 has bend 2, not 0 or 1");
}

static void
test_copies_share_nothing (void)
{
  OssaDocument *doc = test_make_ik_document ();
  OssaDocument *copy = ossa_document_copy (doc);
  OssaAnimation anim;

  g_assert_nonnull (copy);
  g_assert_true (test_ik_equal (doc, copy));
  g_assert_true (copy->ik != doc->ik && copy->ik[0].name != doc->ik[0].name);
  g_assert_true (copy->animations[0].ik_tracks != doc->animations[0].ik_tracks);
  g_assert_true (ossa_animation_copy (&anim, &doc->animations[0]));
  g_assert_true (anim.ik_tracks != doc->animations[0].ik_tracks);
  g_assert_true (anim.ik_tracks[1].bend_positive != doc->animations[0].ik_tracks[1].bend_positive);
  /* Freed first, the original must leave both copies whole (ASan sees a shared array). */
  ossa_document_free (doc);
  g_assert_cmpstr (copy->ik[1].name, ==, "look");
  g_assert_cmpuint (anim.n_ik_tracks, ==, 2);
  assert_close (anim.ik_tracks[0].mix[1], 0.25, 0);
  g_assert_cmpuint (anim.ik_tracks[1].bend_positive[0], ==, 1);
  g_assert_null (anim.ik_tracks[0].bend_positive);
  ossa_animation_clear (&anim);
  g_assert_null (anim.ik_tracks);
  g_assert_true (ossa_document_validate (copy, NULL));
  ossa_document_free (copy);
}

static void
test_remove_bone_repairs (void)
{
  OssaDocument *doc = test_make_ik_document ();
  OssaError err = { 0 };

  /* hand (2) goes with finger: "reach" keeps arm alone; bones above 2 shift down. */
  g_assert_true (ossa_document_remove_bone (doc, 2, &err));
  g_assert_true (ossa_document_validate (doc, &err));
  g_assert_cmpuint (doc->n_ik, ==, 2);
  g_assert_cmpuint (doc->ik[0].n_bones, ==, 1);
  g_assert_cmpuint (doc->ik[0].bones[0], ==, 1);
  g_assert_cmpstr (doc->skeleton.bones[doc->ik[0].target].name, ==, "target");
  g_assert_cmpuint (doc->ik[0].target, ==, 3);
  g_assert_cmpstr (doc->skeleton.bones[doc->ik[1].bones[0]].name, ==, "leg");
  g_assert_cmpstr (doc->skeleton.bones[doc->ik[1].target].name, ==, "aim");
  g_assert_cmpuint (doc->animations[0].n_ik_tracks, ==, 2);
  /* target goes: "reach" goes with its keys, "look" becomes constraint 0. */
  g_assert_true (ossa_document_remove_bone (doc, 3, &err));
  g_assert_true (ossa_document_validate (doc, &err));
  g_assert_cmpuint (doc->n_ik, ==, 1);
  g_assert_cmpstr (doc->ik[0].name, ==, "look");
  g_assert_cmpuint (doc->animations[0].n_ik_tracks, ==, 1);
  g_assert_cmpuint (doc->animations[0].ik_tracks[0].constraint, ==, 0);
  assert_close (doc->animations[0].ik_tracks[0].mix[0], 0.75, 0);
  /* leg goes: its one-bone constraint goes; nothing is left. */
  g_assert_true (ossa_document_remove_bone (doc, (size_t) ossa_skeleton_find_bone (&doc->skeleton, "leg"), &err));
  g_assert_cmpuint (doc->n_ik, ==, 0);
  g_assert_null (doc->ik);
  g_assert_cmpuint (doc->animations[0].n_ik_tracks, ==, 0);
  g_assert_true (ossa_document_validate (doc, &err));
  ossa_document_free (doc);
}

static void
test_remove_bone_deletes (void)
{
  OssaDocument *doc = test_make_ik_document ();
  OssaError err = { 0 };

  /* DELETE: losing hand takes "reach" whole. */
  g_assert_true (ossa_document_remove_bone_ik (doc, 2, OSSA_IK_REMOVAL_DELETE, &err));
  g_assert_cmpuint (doc->n_ik, ==, 1);
  g_assert_cmpstr (doc->ik[0].name, ==, "look");
  g_assert_cmpuint (doc->animations[0].n_ik_tracks, ==, 1);
  g_assert_cmpuint (doc->animations[0].ik_tracks[0].constraint, ==, 0);
  g_assert_true (ossa_document_validate (doc, &err));
  /* A way of removing that does not exist is refused. */
  g_assert_false (ossa_document_remove_bone_ik (doc, 2, (OssaIkRemoval) 7, &err));
  g_assert_nonnull (strstr (err.message, "unknown way"));
  ossa_document_free (doc);
}

static void
test_reparent_keeps_rules (void)
{
  OssaDocument *doc = test_make_ik_document ();
  OssaError err = { 0 };

  /* hand must stay arm's child. */
  g_assert_false (ossa_document_reparent_bone (doc, 2, 0, &err));
  g_assert_nonnull (strstr (err.message, "bone 'hand' is the second bone of IK constraint 0 \"reach\""));
  /* target must not go below leg ("look"'s bone), nor below arm. */
  g_assert_false (ossa_document_reparent_bone (doc, 4, 6, &err));
  g_assert_nonnull (strstr (err.message, "would put the target 'target' of IK constraint 0 \"reach\" below bone 'leg'"));
  g_assert_false (ossa_document_reparent_bone (doc, 4, 1, &err));
  g_assert_true (ossa_document_validate (doc, &err));
  /* target under aim is fine: the indices follow the bones' new order. */
  g_assert_true (ossa_document_reparent_bone (doc, 4, 7, &err));
  g_assert_true (ossa_document_validate (doc, &err));
  g_assert_cmpstr (doc->skeleton.bones[doc->ik[0].target].name, ==, "target");
  g_assert_cmpstr (doc->skeleton.bones[doc->ik[1].target].name, ==, "aim");
  g_assert_cmpstr (doc->skeleton.bones[doc->ik[0].bones[1]].name, ==, "hand");
  ossa_document_free (doc);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ik-model/valid", test_valid_document);
  g_test_add_func ("/ik-model/rules", test_rules);
  g_test_add_func ("/ik-model/edges-allowed", test_edges_allowed);
  g_test_add_func ("/ik-model/track-rules", test_track_rules);
  g_test_add_func ("/ik-model/copies-share-nothing", test_copies_share_nothing);
  g_test_add_func ("/ik-model/remove-bone-repairs", test_remove_bone_repairs);
  g_test_add_func ("/ik-model/remove-bone-deletes", test_remove_bone_deletes);
  g_test_add_func ("/ik-model/reparent-keeps-rules", test_reparent_keeps_rules);
  return g_test_run ();
}
