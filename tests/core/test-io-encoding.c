/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The .ossa encoding: a round trip of every field, proto defaults, the compact
 * column encoding, long tracks the loader takes over, and protoc as an independent
 * decoder of what we write. */
#include <math.h>
#include <string.h>

#include <glib.h>

#include "test-io-support.h"

static void
test_round_trip (void)
{
  OssaDocument *doc = make_document ();
  GBytes *bytes = document_bytes (doc);
  OssaDocument *back = assert_load_works (bytes);

  assert_same_document (doc, back);
  /* -0 is not 0: the rest rotation of "hand" kept its sign bit. */
  g_assert_true (signbit (back->skeleton.bones[2].rest.rotation));
  ossa_document_free (back);
  g_bytes_unref (bytes);
  ossa_document_free (doc);
}

/* Absent fields read as their proto defaults. */
static void
test_defaults (void)
{
  Ossa__Document msg = OSSA__DOCUMENT__INIT;
  Ossa__Skeleton skel = OSSA__SKELETON__INIT;
  Ossa__Bone bone = OSSA__BONE__INIT, *bones[] = { &bone };
  Ossa__Animation anim = OSSA__ANIMATION__INIT, *anims[] = { &anim };
  Ossa__Track track = OSSA__TRACK__INIT, *tracks[] = { &track };
  float times[] = { 0.f, 1.f }, values[] = { 5.f, 6.f };
  GBytes *bytes;
  OssaDocument *doc;
  OssaTransform identity = ossa_transform_identity ();

  msg.has_format_version = 1;
  msg.format_version = 1;
  msg.skeleton = &skel;
  skel.n_bones = 1;
  skel.bones = bones;
  bone.name = (char *) "solo";
  msg.n_animations = 1;
  msg.animations = anims;
  anim.name = (char *) "a";
  anim.n_tracks = 1;
  anim.tracks = tracks;
  track.n_times = track.n_values = 2;
  track.times = times;
  track.values = values;
  bytes = pack_message (&msg);
  doc = assert_load_works (bytes);
  g_assert_null (doc->generator);
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 1);
  g_assert_cmpint (doc->skeleton.bones[0].parent, ==, -1);
  assert_same_transform (&doc->skeleton.bones[0].rest, &identity);
  assert_same_float (doc->skeleton.bones[0].length, 0.f);
  g_assert_cmphex (doc->skeleton.bones[0].color, ==, 0xffffffffu);
  assert_same_float (doc->animations[0].fps, 30.f);
  assert_same_float (doc->animations[0].duration, 0.f);
  g_assert_false (doc->animations[0].loop);
  g_assert_cmpuint (doc->animations[0].tracks[0].bone, ==, 0);
  g_assert_cmpint (doc->animations[0].tracks[0].channel, ==, OSSA_CHANNEL_TRANSLATE_X);
  for (size_t k = 0; k < 2; k++)
    {
      OssaKey key = ossa_track_get_key (&doc->animations[0].tracks[0], k);

      g_assert_cmpint (key.interp, ==, OSSA_INTERP_LINEAR);
      g_assert_cmpint (key.spin, ==, OSSA_SPIN_SHORTEST);
      g_assert_cmpuint (key.turns, ==, 0);
    }
  ossa_document_free (doc);
  g_bytes_unref (bytes);

  /* No skeleton at all: no bones, and still a document. */
  msg.skeleton = NULL;
  msg.n_animations = 0;
  bytes = pack_message (&msg);
  doc = assert_load_works (bytes);
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 0);
  ossa_document_free (doc);
  g_bytes_unref (bytes);
}

static void
test_compact_columns (void)
{
  GBytes *bytes = make_document_bytes ();
  MsgArena arena;
  Ossa__Document *msg;
  const Ossa__Track *rot, *tx;

  msg_arena_init (&arena);
  msg = unpack_bytes (bytes, &arena);
  g_assert_true (msg->has_format_version);
  g_assert_cmpuint (msg->format_version, ==, 1);
  g_assert_cmpstr (msg->generator, ==, "test-io");
  /* All-default track: only times and values. */
  tx = TRACK (0, 1);
  g_assert_cmpuint (tx->n_times, ==, 2);
  g_assert_cmpuint (tx->n_values, ==, 2);
  g_assert_cmpuint (tx->n_interp, ==, 0);
  g_assert_cmpuint (tx->n_curves, ==, 0);
  g_assert_cmpuint (tx->n_spin, ==, 0);
  g_assert_cmpuint (tx->n_turns, ==, 0);
  /* Mixed track: every column, curves for the one BEZIER key only. */
  rot = TRACK (0, 0);
  g_assert_cmpuint (rot->n_interp, ==, 4);
  g_assert_cmpint (rot->interp[0], ==, OSSA__INTERP__LINEAR);
  g_assert_cmpint (rot->interp[1], ==, OSSA__INTERP__BEZIER);
  g_assert_cmpint (rot->interp[2], ==, OSSA__INTERP__STEP);
  g_assert_cmpuint (rot->n_curves, ==, 4);
  g_assert_cmpfloat (rot->curves[0], ==, 0.1f);
  g_assert_cmpfloat (rot->curves[3], ==, 1.4f);
  g_assert_cmpuint (rot->n_spin, ==, 4);
  g_assert_cmpint (rot->spin[3], ==, OSSA__SPIN__NUMERIC);
  g_assert_cmpuint (rot->n_turns, ==, 4);
  g_assert_cmpuint (rot->turns[1], ==, 2);
  /* Defaults are left out; non-defaults are present. */
  g_assert_false (BONE (0)->has_parent);
  g_assert_null (BONE (0)->rest);
  g_assert_true (BONE (0)->has_color);
  g_assert_false (BONE (1)->has_color);
  g_assert_true (BONE (1)->rest->has_scale_x);
  g_assert_false (BONE (2)->rest->has_y);
  g_assert_true (BONE (2)->rest->has_rotation);  /* -0 */
  g_assert_false (msg->animations[1]->has_fps);
  g_assert_null (MAP (1)->start);
  msg_arena_clear (&arena);
  g_bytes_unref (bytes);
}

/* Only BEZIER keys write curves, in key order, whatever the others hold. */
static void
test_curves_in_key_order (void)
{
  OssaDocument *doc = make_document ();
  OssaTrack *track = &doc->animations[0].tracks[1];
  OssaKey k0 = ossa_track_get_key (track, 0), k1 = ossa_track_get_key (track, 1);
  MsgArena arena;
  Ossa__Document *msg;
  GBytes *bytes;

  k0.interp = OSSA_INTERP_BEZIER;
  k0.curve = (OssaCurve) { 0.f, 1.f, 0.5f, 2.f };
  k1.interp = OSSA_INTERP_BEZIER;
  k1.curve = (OssaCurve) { 1.f, 3.f, 0.25f, 4.f };
  g_assert_cmpint (ossa_track_set_key (track, &k0, NULL), ==, 0);
  g_assert_cmpint (ossa_track_set_key (track, &k1, NULL), ==, 1);
  bytes = document_bytes (doc);
  msg_arena_init (&arena);
  msg = unpack_bytes (bytes, &arena);
  {
    static const float want[] = { 0.f, 1.f, 0.5f, 2.f, 1.f, 3.f, 0.25f, 4.f };

    g_assert_cmpuint (TRACK (0, 1)->n_curves, ==, 8);
    g_assert_cmpmem (TRACK (0, 1)->curves, sizeof want, want, sizeof want);
  }
  msg_arena_clear (&arena);
  g_bytes_unref (bytes);
  ossa_document_free (doc);
}

/* Long tracks: 256 bytes or more of times or values, which the loader takes over
 * from protobuf-c instead of copying. Two animations "long-a" and "long-b" after
 * make_document()'s, each with track 0 = arm rotate (every column), track 1 = hand
 * translate_x (all defaults) and track 2 = root scale_y (turns only). */
static OssaDocument *
make_long_document (size_t n_keys)
{
  static const char *const names[] = { "long-a", "long-b" };
  OssaDocument *doc = make_document ();

  for (size_t a = 0; a < G_N_ELEMENTS (names); a++)
    {
      OssaAnimation anim;
      OssaTrack *rot, *tx, *sy;

      g_assert_true (ossa_animation_init (&anim, names[a]));
      rot = ossa_animation_ensure_track (&anim, 1, OSSA_CHANNEL_ROTATE);
      tx = ossa_animation_ensure_track (&anim, 2, OSSA_CHANNEL_TRANSLATE_X);
      sy = ossa_animation_ensure_track (&anim, 0, OSSA_CHANNEL_SCALE_Y);
      for (size_t k = 0; k < n_keys; k++)
        {
          float t = (float) k / 30.f;

          add_key (rot, t, (float) (k + a), (OssaInterp) (k % 3), (OssaSpin) (k % 4),
                   (uint32_t) (k % 2));
          add_key (tx, t, -(float) k, OSSA_INTERP_LINEAR, OSSA_SPIN_SHORTEST, 0);
          add_key (sy, t, 1.f, OSSA_INTERP_LINEAR, OSSA_SPIN_SHORTEST, (uint32_t) (k % 5 == 0));
        }
      g_assert_cmpint (ossa_document_take_animation (doc, &anim, NULL), >=, 0);
    }
  g_assert_true (ossa_document_validate (doc, NULL));
  return doc;
}

static void
test_long_tracks (void)
{
  OssaDocument *doc = make_long_document (300), *back;
  GBytes *bytes = document_bytes (doc), *padded;
  OssaTrack *track;
  OssaKey key = ossa_key_make (100.f, 1.f);
  MsgArena arena;
  Ossa__Document *msg;

  back = assert_load_works (bytes);
  assert_same_document (doc, back);
  track = &back->animations[3].tracks[1];
  g_assert_null (track->interp);
  g_assert_null (track->curves);
  g_assert_null (track->spin);
  g_assert_null (track->turns);
  g_assert_null (back->animations[3].tracks[2].interp);
  g_assert_nonnull (back->animations[3].tracks[2].turns);

  /* The columns taken over are the track's own: they grow and shrink with it. */
  track = &back->animations[2].tracks[0];
  g_assert_cmpint (ossa_track_set_key (track, &key, NULL), ==, 300);
  key.time = 0.25f / 30.f;
  key.interp = OSSA_INTERP_BEZIER;
  g_assert_cmpint (ossa_track_set_key (track, &key, NULL), ==, 1);
  g_assert_true (ossa_track_remove_key (track, 0, NULL));
  g_assert_cmpuint (track->n_keys, ==, 301);
  g_assert_true (ossa_document_validate (back, NULL));
  ossa_document_free (back);

  /* Columns a file spells out in full but that hold only defaults are dropped. */
  msg_arena_init (&arena);
  msg = unpack_bytes (bytes, &arena);
  TRACK (3, 1)->n_interp = TRACK (3, 1)->n_turns = 300;
  TRACK (3, 1)->interp = msg_alloc (&arena, 300 * sizeof *TRACK (3, 1)->interp);
  TRACK (3, 1)->turns = msg_alloc (&arena, 300 * sizeof *TRACK (3, 1)->turns);
  padded = pack_message (msg);
  back = assert_load_works (padded);
  g_assert_null (back->animations[3].tracks[1].interp);
  g_assert_null (back->animations[3].tracks[1].turns);
  assert_same_document (doc, back);
  ossa_document_free (back);
  g_bytes_unref (padded);
  msg_arena_clear (&arena);

  g_bytes_unref (bytes);
  ossa_document_free (doc);
}

/* A bad key in a long track after others were taken over: the error names it and,
 * under a sanitizer, nothing leaks or is freed twice. */
static void
test_long_track_broken (void)
{
  OssaDocument *doc = make_long_document (300);
  GBytes *bytes = document_bytes (doc), *bad;
  MsgArena arena;
  Ossa__Document *msg;

  msg_arena_init (&arena);
  msg = unpack_bytes (bytes, &arena);
  TRACK (3, 1)->times[200] = TRACK (3, 1)->times[199];
  bad = pack_message (msg);
  assert_load_fails (bad, OSSA_ERROR_INVALID,
                     "animation 'long-b': bone 2 translate_x: key 200 at 6.63333 s does not come after key 199 at 6.63333 s");
  g_bytes_unref (bad);
  TRACK (3, 1)->times[200] = TRACK (3, 0)->times[200];
  TRACK (3, 2)->turns[150] = OSSA_MAX_TURNS + 1;
  bad = pack_message (msg);
  assert_load_fails (bad, OSSA_ERROR_LIMIT,
                     "animation 'long-b': bone 0 scale_y: key 150 asks for 1001 turns (limit 1000)");
  g_bytes_unref (bad);
  msg_arena_clear (&arena);
  g_bytes_unref (bytes);
  ossa_document_free (doc);
}

/* protoc, which shares no code with us, reads what we write. */
static void
test_protoc_decodes (void)
{
  const char *proto = g_getenv ("OSSA_PROTO");
  char *protoc = g_find_program_in_path ("protoc");
  OssaDocument *doc;
  char *dir, *path, *proto_dir, *proto_name, *cmd, *out = NULL, *errout = NULL;
  OssaError err = { 0 };
  GError *error = NULL;
  int status = 0;
  static const char *const want[] = {
    "format_version: 1", "generator: \"test-io\"", "name: \"root\"", "name: \"arm\"",
    "name: \"hand\"", "name: \"walk\"", "loop: true", "fps: 24", "channel: ROTATE",
    "times: 0.5", "values: -1", "interp: BEZIER", "curves: 0.1", "spin: COUNTERCLOCKWISE",
    "turns: 2", "width: 4", "height: 3", "goal {",
  };

  if (protoc == NULL)
    {
      g_test_skip ("protoc is not installed (Debian: protobuf-compiler); cannot cross-check the encoding");
      return;
    }
  if (proto == NULL || !g_file_test (proto, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("OSSA_PROTO does not name proto/ossa.proto; run through meson test");
      g_free (protoc);
      return;
    }
  doc = make_document ();
  dir = g_dir_make_tmp ("ossa-io-XXXXXX", NULL);
  path = g_build_filename (dir, "walk.ossa", NULL);
  g_assert_true (ossa_document_save (doc, path, &err));
  proto_dir = g_path_get_dirname (proto);
  proto_name = g_path_get_basename (proto);
  {
    char *q_protoc = g_shell_quote (protoc), *q_dir = g_shell_quote (proto_dir);
    char *q_name = g_shell_quote (proto_name), *q_path = g_shell_quote (path);

    cmd = g_strdup_printf ("%s --decode=ossa.Document --proto_path=%s %s < %s", q_protoc, q_dir,
                           q_name, q_path);
    g_free (q_protoc);
    g_free (q_dir);
    g_free (q_name);
    g_free (q_path);
  }
  {
    const char *argv[] = { "/bin/sh", "-c", cmd, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                 &out, &errout, &status, &error));
  }
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, &error))
    g_error ("protoc failed: %s\n%s", error->message, errout);
  for (size_t i = 0; i < G_N_ELEMENTS (want); i++)
    if (strstr (out, want[i]) == NULL)
      g_error ("protoc's decoding lacks \"%s\":\n%s", want[i], out);
  remove_tree (dir);
  g_free (out);
  g_free (errout);
  g_free (cmd);
  g_free (proto_name);
  g_free (proto_dir);
  g_free (path);
  g_free (dir);
  g_free (protoc);
  ossa_document_free (doc);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/io/round-trip", test_round_trip);
  g_test_add_func ("/io/defaults", test_defaults);
  g_test_add_func ("/io/compact-columns", test_compact_columns);
  g_test_add_func ("/io/curves-in-key-order", test_curves_in_key_order);
  g_test_add_func ("/io/long-tracks", test_long_tracks);
  g_test_add_func ("/io/long-track-broken", test_long_track_broken);
  g_test_add_func ("/io/protoc-decodes", test_protoc_decodes);
  return g_test_run ();
}
