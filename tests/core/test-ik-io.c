/* SPDX-License-Identifier: GPL-3.0-or-later */
/* IK in .ossa files: Skeleton.ik and Animation.ik_tracks saved and read back
 * exactly, the proto's defaults (bend true, mix 1), tracks sorted on load, files
 * without IK unchanged, and every bad value refused with a message naming the file. */
#include "test-io-support.h"
#include "test-ik-support.h"

static GBytes *
ik_bytes (void)
{
  OssaDocument *doc = test_make_ik_document ();
  GBytes *bytes = document_bytes (doc);

  ossa_document_free (doc);
  return bytes;
}

static void
test_round_trip (void)
{
  OssaDocument *doc = test_make_ik_document ();
  GBytes *bytes;
  OssaDocument *back;

  doc->ik[0].mix = -0.f;   /* in [0, 1], and must come back as -0, not 0 */
  bytes = document_bytes (doc);
  back = assert_load_works (bytes);
  g_assert_true (test_documents_equal (doc, back));
  g_assert_cmpuint (back->n_ik, ==, 2);
  g_assert_cmpstr (back->ik[1].name, ==, "look");
  g_assert_cmpuint (back->ik[1].n_bones, ==, 1);
  g_assert_false (back->ik[1].bend_positive);
  assert_same_float (back->ik[1].mix, 0.5f);
  assert_same_float (back->ik[0].mix, -0.f);
  g_assert_cmpuint (back->ik[0].bones[1], ==, 2);
  g_assert_null (back->animations[0].ik_tracks[0].bend_positive);
  g_assert_cmpuint (back->animations[0].ik_tracks[1].bend_positive[0], ==, 1);
  g_assert_cmpuint (back->animations[0].ik_tracks[1].bend_positive[1], ==, 0);
  ossa_document_free (back);
  ossa_document_free (doc);
  g_bytes_unref (bytes);
}

static void
test_defaults (void)
{
  MsgArena arena;
  GBytes *good = ik_bytes (), *bytes;
  Ossa__Document *msg;
  Ossa__IkConstraint *c;
  OssaDocument *doc;

  msg_arena_init (&arena);
  msg = unpack_bytes (good, &arena);
  c = msg->skeleton->ik[1];
  /* What a writer that leaves defaults out writes: no bend, no mix. */
  c->has_bend_positive = 0;
  c->bend_positive = 0;
  c->has_mix = 0;
  c->mix = 0.25f;
  bytes = pack_message (msg);
  doc = assert_load_works (bytes);
  g_assert_true (doc->ik[1].bend_positive);
  assert_same_float (doc->ik[1].mix, 1.f);
  ossa_document_free (doc);
  g_bytes_unref (bytes);
  g_bytes_unref (good);
  msg_arena_clear (&arena);
}

static void
test_tracks_sorted_on_load (void)
{
  MsgArena arena;
  GBytes *good = ik_bytes (), *bytes;
  Ossa__Document *msg;
  Ossa__IkTrack *first;
  OssaDocument *doc;

  msg_arena_init (&arena);
  msg = unpack_bytes (good, &arena);
  first = msg->animations[0]->ik_tracks[0];
  msg->animations[0]->ik_tracks[0] = msg->animations[0]->ik_tracks[1];
  msg->animations[0]->ik_tracks[1] = first;
  bytes = pack_message (msg);
  doc = assert_load_works (bytes);
  g_assert_cmpuint (doc->animations[0].ik_tracks[0].constraint, ==, 0);
  g_assert_cmpuint (doc->animations[0].ik_tracks[1].constraint, ==, 1);
  assert_same_float (doc->animations[0].ik_tracks[0].mix[1], 0.25f);
  assert_same_float (doc->animations[0].ik_tracks[1].times[1], 0.75f);
  ossa_document_free (doc);
  g_bytes_unref (bytes);
  g_bytes_unref (good);
  msg_arena_clear (&arena);
}

/* A document without IK writes no IK field, so files from before IK and after
 * are byte for byte what they were; and they load with no constraints. */
static void
test_files_without_ik (void)
{
  GBytes *bytes = make_document_bytes ();
  MsgArena arena;
  Ossa__Document *msg;
  OssaDocument *doc;
  GBytes *again;

  msg_arena_init (&arena);
  msg = unpack_bytes (bytes, &arena);
  g_assert_cmpuint (msg->skeleton->n_ik, ==, 0);
  for (size_t a = 0; a < msg->n_animations; a++)
    g_assert_cmpuint (msg->animations[a]->n_ik_tracks, ==, 0);
  doc = assert_load_works (bytes);
  g_assert_cmpuint (doc->n_ik, ==, 0);
  g_assert_null (doc->ik);
  g_assert_cmpuint (doc->animations[0].n_ik_tracks, ==, 0);
  again = document_bytes (doc);
  g_assert_true (g_bytes_equal (bytes, again));
  ossa_document_free (doc);
  g_bytes_unref (again);
  g_bytes_unref (bytes);
  msg_arena_clear (&arena);
}

/* The IK document with one field broken by edit, refused with substring. */
static void
expect_broken (void (*edit) (Ossa__Document *msg, MsgArena *arena), OssaErrorCode code,
               const char *substring)
{
  MsgArena arena;
  GBytes *good = ik_bytes (), *bytes;
  Ossa__Document *msg;

  msg_arena_init (&arena);
  msg = unpack_bytes (good, &arena);
  edit (msg, &arena);
  bytes = pack_message (msg);
  assert_load_fails (bytes, code, substring);
  g_bytes_unref (bytes);
  g_bytes_unref (good);
  msg_arena_clear (&arena);
}

#define IK(i) (msg->skeleton->ik[i])
#define IKT(i) (msg->animations[0]->ik_tracks[i])

static void target_out (Ossa__Document *msg, MsgArena *a) { (void) a; IK (1)->target = 99; }
static void not_child (Ossa__Document *msg, MsgArena *a) { (void) a; IK (0)->bones[1] = 5; }
static void mix_two (Ossa__Document *msg, MsgArena *a) { (void) a; IK (1)->has_mix = 1; IK (1)->mix = 2.f; }
static void mix_nan (Ossa__Document *msg, MsgArena *a) { (void) a; IK (1)->has_mix = 1; IK (1)->mix = NAN; }
static void
three_bones (Ossa__Document *msg, MsgArena *a)
{
  uint32_t *bones = msg_alloc (a, 3 * sizeof *bones);

  bones[0] = 1, bones[1] = 2, bones[2] = 5;
  IK (0)->bones = bones;
  IK (0)->n_bones = 3;
}
static void no_bones (Ossa__Document *msg, MsgArena *a) { (void) a; IK (1)->n_bones = 0; }
static void no_name (Ossa__Document *msg, MsgArena *a) { (void) a; IK (1)->name = NULL; }
static void same_name (Ossa__Document *msg, MsgArena *a) { IK (1)->name = msg_strdup (a, "reach"); }
static void target_constrained (Ossa__Document *msg, MsgArena *a) { (void) a; IK (0)->target = 6; }
static void mix_column (Ossa__Document *msg, MsgArena *a) { (void) a; IKT (0)->n_mix = 1; }
static void bend_column (Ossa__Document *msg, MsgArena *a) { (void) a; IKT (1)->n_bend_positive = 1; }
static void track_out (Ossa__Document *msg, MsgArena *a) { (void) a; IKT (1)->constraint = 2; }
static void track_twice (Ossa__Document *msg, MsgArena *a) { (void) a; IKT (1)->constraint = 0; }
static void key_mix (Ossa__Document *msg, MsgArena *a) { (void) a; IKT (1)->mix[0] = -1.f; }
static void key_nan (Ossa__Document *msg, MsgArena *a) { (void) a; IKT (0)->times[1] = NAN; }
static void key_order (Ossa__Document *msg, MsgArena *a) { (void) a; IKT (0)->times[1] = 0.f; }

static void
test_broken (void)
{
  expect_broken (target_out, OSSA_ERROR_INVALID, "IK constraint 1 \"look\": its target is bone 99, but the skeleton has 8 bones");
  expect_broken (not_child, OSSA_ERROR_INVALID, "IK constraint 0 \"reach\": its second bone 'finger' is not a direct child of its first 'arm'");
  expect_broken (mix_two, OSSA_ERROR_INVALID, "IK constraint 1 \"look\": mix 2 is not a number in [0, 1]");
  expect_broken (mix_nan, OSSA_ERROR_INVALID, "IK constraint 1 \"look\": mix nan");
  expect_broken (three_bones, OSSA_ERROR_INVALID, "IK constraint 0 \"reach\": it has 3 bones; a constraint has 1 or 2");
  expect_broken (no_bones, OSSA_ERROR_INVALID, "IK constraint 1 \"look\": it has 0 bones");
  expect_broken (no_name, OSSA_ERROR_INVALID, "IK constraint 1's name is empty");
  expect_broken (same_name, OSSA_ERROR_INVALID, "IK constraint 1 \"reach\": the name is already used by IK constraint 0");
  expect_broken (target_constrained, OSSA_ERROR_INVALID, "its target 'foot' lies below bone 'leg' of IK constraint 1 \"look\"");
  expect_broken (mix_column, OSSA_ERROR_INVALID, "animation 0: IK track 0: 2 times but 1 mix values");
  expect_broken (bend_column, OSSA_ERROR_INVALID, "animation 0: IK track 1: 2 times but 2 mix values and 1 bends");
  expect_broken (track_out, OSSA_ERROR_INVALID, "animation 'walk': IK track 1 names constraint 2, but the document has 2");
  expect_broken (track_twice, OSSA_ERROR_INVALID, "animation 'walk': IK track 1: constraint 0 has two tracks");
  expect_broken (key_mix, OSSA_ERROR_INVALID, "animation 'walk': IK track 1 (constraint 1): key 0 has mix -1");
  expect_broken (key_nan, OSSA_ERROR_INVALID, "IK track 0 (constraint 0): key 1 has a time that is not a finite number");
  expect_broken (key_order, OSSA_ERROR_INVALID, "IK track 0 (constraint 0): key 1 at 0 s does not come after key 0 at 0 s");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ik-io/round-trip", test_round_trip);
  g_test_add_func ("/ik-io/defaults", test_defaults);
  g_test_add_func ("/ik-io/tracks-sorted-on-load", test_tracks_sorted_on_load);
  g_test_add_func ("/ik-io/files-without-ik", test_files_without_ik);
  g_test_add_func ("/ik-io/broken", test_broken);
  return g_test_run ();
}
