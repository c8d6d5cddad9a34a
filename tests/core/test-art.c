/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Art on bones: sampling slot keys and draw order, the world corners of
 * attachments, validation, and saving and loading (with protoc reading what the
 * core wrote). */
#include <glib/gstdio.h>

#include "test-art-support.h"
#include "test-io-support.h"

static OssaSlotPose *
sampled (const OssaDocument *doc, float t)
{
  OssaError err = { 0 };
  OssaSlotPose *pose = ossa_slot_pose_new (doc, &err);

  g_assert_nonnull (pose);
  ossa_slot_pose_sample (pose, doc, &doc->animations[0], t);
  return pose;
}

static void
test_art_sample_attachment (void)
{
  OssaDocument *doc = art_make_document ();
  static const struct { float t; int32_t shown; } cases[] = {
    { -1.f, 0 }, { 0.f, 0 }, { 0.4999f, 0 },   /* before the first key: the rest attachment */
    { 0.5f, 1 }, { 0.75f, 1 },                 /* at and between keys: stepped */
    { 1.f, -1 }, { 7.f, -1 },                  /* at and after the last key */
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      OssaSlotPose *pose = sampled (doc, cases[i].t);

      g_assert_cmpint (pose->attachment[1], ==, cases[i].shown);
      g_assert_cmpint (pose->attachment[0], ==, 0);    /* no keys: the rest */
      g_assert_cmpint (pose->attachment[2], ==, -1);
      ossa_slot_pose_free (pose);
    }
  ossa_document_free (doc);
}

static void
assert_rgba (const float *c, double r, double g, double b, double a)
{
  assert_close (c[0], r, 1e-6);
  assert_close (c[1], g, 1e-6);
  assert_close (c[2], b, 1e-6);
  assert_close (c[3], a, 1e-6);
}

static void
test_art_sample_color (void)
{
  OssaDocument *doc = art_make_document ();
  double half = 128.0 / 255.0;
  OssaSlotPose *pose;
  OssaSlotKey k = { .time = 0.25f, .color = 0xff0000ffu, .interp = OSSA_INTERP_BEZIER,
                    .curve = OSSA_CURVE_EASE_IN };
  OssaError err = { 0 };

  pose = sampled (doc, 0.f);            /* before the first key: clamped to it */
  assert_rgba (&pose->color[0], 1, 0, 0, 1);
  assert_rgba (&pose->color[8], 1, 0, 0, half);   /* leg: no keys, its own tint */
  ossa_slot_pose_free (pose);
  pose = sampled (doc, 0.25f);          /* at */
  assert_rgba (&pose->color[0], 1, 0, 0, 1);
  ossa_slot_pose_free (pose);
  pose = sampled (doc, 0.5f);           /* between: each component linearly */
  assert_rgba (&pose->color[0], 0.5, 0, 0.5, (1 + half) / 2);
  ossa_slot_pose_free (pose);
  pose = sampled (doc, 0.75f);          /* at the last */
  assert_rgba (&pose->color[0], 0, 0, 1, half);
  ossa_slot_pose_free (pose);
  pose = sampled (doc, 9.f);            /* after: clamped */
  assert_rgba (&pose->color[0], 0, 0, 1, half);
  ossa_slot_pose_free (pose);
  /* Without the animation the slot's own colour shows: keys replace it only
   * while the animation plays. */
  pose = sampled (doc, 0.5f);
  ossa_slot_pose_sample (pose, doc, NULL, 0.5f);
  assert_rgba (&pose->color[0], 1, 1, 1, 1);
  ossa_slot_pose_free (pose);

  /* A bezier key eases: CSS ease-in at halfway is 0.31536. */
  art_apply (doc, ossa_command_set_slot_key (doc, 0, 0, OSSA_SLOT_CHANNEL_COLOR, &k, &err), &err);
  pose = sampled (doc, 0.5f);
  assert_close (pose->color[0], 1 - 0.3153568, 1e-4);
  assert_close (pose->color[2], 0.3153568, 1e-4);
  ossa_slot_pose_free (pose);
  /* A stepped one holds. */
  k.interp = OSSA_INTERP_STEP;
  art_apply (doc, ossa_command_set_slot_key (doc, 0, 0, OSSA_SLOT_CHANNEL_COLOR, &k, &err), &err);
  pose = sampled (doc, 0.7f);
  assert_rgba (&pose->color[0], 1, 0, 0, 1);
  ossa_slot_pose_free (pose);
  ossa_document_free (doc);
}

static void
test_art_last_key_time (void)
{
  OssaDocument *doc = art_make_document ();
  static const uint32_t order[] = { 0, 1, 2 };
  OssaError err = { 0 };

  /* Bone keys end at 1 s, the hand's attachment keys too. */
  assert_close (ossa_animation_last_key_time (&doc->animations[0]), 1, 0);
  art_apply (doc, ossa_command_set_draw_order_key (doc, 0, 1.5f, order, 3, &err), &err);
  assert_close (ossa_animation_last_key_time (&doc->animations[0]), 1.5, 0);
  ossa_document_free (doc);
}

static void
test_art_sample_draw_order (void)
{
  OssaDocument *doc = art_make_document ();
  static const uint32_t later[] = { 1, 2, 0 };
  static const struct { float t; uint32_t order[3]; } cases[] = {
    { -1.f, { 0, 1, 2 } }, { 0.49f, { 0, 1, 2 } },   /* before the first key: the slots' order */
    { 0.5f, { 2, 0, 1 } }, { 1.f, { 2, 0, 1 } },     /* at, between */
    { 2.f, { 1, 2, 0 } }, { 50.f, { 1, 2, 0 } },     /* at and after the last */
  };
  OssaError err = { 0 };

  art_apply (doc, ossa_command_set_draw_order_key (doc, 0, 2.f, later, 3, &err), &err);
  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      OssaSlotPose *pose = sampled (doc, cases[i].t);

      for (int k = 0; k < 3; k++)
        g_assert_cmpuint (pose->order[k], ==, cases[i].order[k]);
      ossa_slot_pose_free (pose);
    }
  ossa_document_free (doc);
}

/* 3 × 3 matrices in double, built and multiplied here, not by the core. */
typedef struct { double m[3][3]; } Mat;

static Mat
trs (double x, double y, double rot, double sx, double sy)
{
  Mat r = { { { cos (rot) * sx, -sin (rot) * sy, x }, { sin (rot) * sx, cos (rot) * sy, y }, { 0, 0, 1 } } };

  return r;
}

static Mat
mul (Mat a, Mat b)
{
  Mat r;

  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      r.m[i][j] = a.m[i][0] * b.m[0][j] + a.m[i][1] * b.m[1][j] + a.m[i][2] * b.m[2][j];
  return r;
}

static void
test_art_world_corners (void)
{
  OssaDocument *doc = ossa_document_new ();
  OssaTransform off = { 3, -2, DEG (40), 1.2f, 0.8f };
  OssaError err = { 0 };
  OssaPose *pose;
  OssaSlotPose *slots;
  OssaQuad quads[2];
  Mat world;
  static const double cx[4] = { -5, 5, 5, -5 }, cy[4] = { -3, -3, 3, 3 };
  static const float uv[8] = { 0, 1, 1, 1, 1, 0, 0, 0 };

  /* A turned parent scaled unevenly, a turned child on it. */
  test_add_bone (&doc->skeleton, "parent", -1, 10, 5, 30, 2, 0.5f, 10);
  test_add_bone (&doc->skeleton, "child", 0, 4, 1, 20, 1.5f, 1, 10);
  art_apply (doc, ossa_command_add_image (doc, "pic", "pic.png", NULL, 0, 10, 6, &err), &err);
  art_apply (doc, ossa_command_add_slot (doc, "s", 1, 0x336699ccu, &err), &err);
  art_apply (doc, ossa_command_add_attachment (doc, 0, "a", 0, &off, 10, 6, &err), &err);

  pose = ossa_pose_new (&doc->skeleton, &err);
  slots = ossa_slot_pose_new (doc, &err);
  g_assert_nonnull (pose);
  g_assert_nonnull (slots);
  g_assert_cmpuint (ossa_slot_pose_n_visible (slots), ==, 1);
  g_assert_cmpuint (ossa_slot_pose_fill_quads (slots, pose->world, quads, 2), ==, 1);
  world = mul (mul (trs (10, 5, G_PI / 6, 2, 0.5), trs (4, 1, 20 * G_PI / 180, 1.5, 1)),
               trs (3, -2, 40 * G_PI / 180, 1.2, 0.8));
  for (int k = 0; k < 4; k++)
    {
      double x = world.m[0][0] * cx[k] + world.m[0][1] * cy[k] + world.m[0][2];
      double y = world.m[1][0] * cx[k] + world.m[1][1] * cy[k] + world.m[1][2];

      assert_close (quads[0].xy[2 * k], x, 1e-4);
      assert_close (quads[0].xy[2 * k + 1], y, 1e-4);
      assert_close (quads[0].uv[2 * k], uv[2 * k], 0);
      assert_close (quads[0].uv[2 * k + 1], uv[2 * k + 1], 0);
    }
  assert_rgba (quads[0].rgba, 0x33 / 255.0, 0x66 / 255.0, 0x99 / 255.0, 0xcc / 255.0);
  g_assert_cmpuint (quads[0].slot, ==, 0);
  g_assert_cmpuint (quads[0].image, ==, 0);
  /* No room: nothing written, the count still said. */
  g_assert_cmpuint (ossa_slot_pose_fill_quads (slots, pose->world, quads, 0), ==, 1);
  ossa_slot_pose_free (slots);
  ossa_pose_free (pose);
  ossa_document_free (doc);
}

static void
test_art_quads_in_draw_order (void)
{
  OssaDocument *doc = art_make_document ();
  OssaPose *pose = ossa_pose_new (&doc->skeleton, NULL);
  OssaSlotPose *slots = sampled (doc, 0.f);
  OssaQuad q[3];

  /* Rest order, hand open: body then hand. */
  g_assert_cmpuint (ossa_slot_pose_fill_quads (slots, pose->world, q, 3), ==, 2);
  g_assert_cmpuint (q[0].slot, ==, 0);
  g_assert_cmpuint (q[1].slot, ==, 1);
  g_assert_cmpuint (q[1].attachment, ==, 0);
  g_assert_cmpuint (q[1].image, ==, 1);
  /* The hand in front at 0.6 s (leg, body, hand) with its fist; at 1 s, none. */
  ossa_slot_pose_sample (slots, doc, &doc->animations[0], 0.6f);
  g_assert_cmpuint (ossa_slot_pose_fill_quads (slots, pose->world, q, 3), ==, 2);
  g_assert_cmpuint (q[0].slot, ==, 0);
  g_assert_cmpuint (q[1].attachment, ==, 1);
  ossa_slot_pose_sample (slots, doc, &doc->animations[0], 1.f);
  g_assert_cmpuint (ossa_slot_pose_fill_quads (slots, pose->world, q, 3), ==, 1);
  g_assert_cmpuint (q[0].slot, ==, 0);
  ossa_slot_pose_free (slots);
  ossa_pose_free (pose);
  ossa_document_free (doc);
}

/* Validation ----------------------------------------------------------------- */

static void
expect_invalid (OssaDocument *doc, const char *words)
{
  OssaError err = { 0 };
  uint8_t *data = NULL;
  size_t size;

  g_assert_false (ossa_document_validate (doc, &err));
  if (strstr (err.message, words) == NULL)
    g_error ("expected '%s' in: %s", words, err.message);
  g_assert_false (ossa_document_to_bytes (doc, &data, &size, NULL));
  g_assert_null (data);
  ossa_document_free (doc);
}

static void
test_art_validate (void)
{
  OssaDocument *doc;

  doc = art_make_document ();
  doc->slots[1].bone = 99;
  expect_invalid (doc, "slot 1 'hand': bone 99 does not exist");
  doc = art_make_document ();
  doc->slots[1].attachments[1].image = 7;
  expect_invalid (doc, "attachment 'fist' uses image 7; the document has 2");
  doc = art_make_document ();
  doc->slots[1].attachment = 2;
  expect_invalid (doc, "slot 1 'hand': attachment 2 does not exist");
  doc = art_make_document ();
  free (doc->slots[2].name);
  doc->slots[2].name = strdup ("body");
  expect_invalid (doc, "slot 2 'body': the name is already used by slot 0");
  doc = art_make_document ();
  free (doc->slots[1].attachments[1].name);
  doc->slots[1].attachments[1].name = strdup ("open");
  expect_invalid (doc, "attachment 1 'open': the name is already used by attachment 0");
  doc = art_make_document ();
  free (doc->images[1].name);
  doc->images[1].name = strdup ("body");
  expect_invalid (doc, "image 1 'body': the name is already used by image 0");
  doc = art_make_document ();
  doc->images[0].width = 16385;
  expect_invalid (doc, "outside 1 to 16384 pixels");
  doc = art_make_document ();
  free (doc->images[0].path);
  doc->images[0].path = NULL;
  expect_invalid (doc, "neither a path nor embedded data");
  doc = art_make_document ();
  doc->slots[0].attachments[0].width = 0;
  expect_invalid (doc, "is not finite and positive");
  doc = art_make_document ();
  doc->slots[0].attachments[0].height = NAN;
  expect_invalid (doc, "is not finite and positive");
  doc = art_make_document ();
  doc->animations[0].draw_order[0].order[1] = 2;
  expect_invalid (doc, "draw-order key 0 at 0.5 s is not a permutation of the slots");
  doc = art_make_document ();
  doc->animations[0].draw_order[0].n_order = 2;
  expect_invalid (doc, "orders 2 slots; the document has 3");
  doc = art_make_document ();
  for (size_t i = 0; i < doc->animations[0].n_slot_tracks; i++)
    if (doc->animations[0].slot_tracks[i].channel == OSSA_SLOT_CHANNEL_COLOR)
      {
        free (doc->animations[0].slot_tracks[i].colors);
        doc->animations[0].slot_tracks[i].colors = NULL;
      }
  expect_invalid (doc, "color: 2 keys but no colours");
  doc = art_make_document ();
  doc->animations[0].slot_tracks[0].times[1] = 0.1f;
  expect_invalid (doc, "key 1 at 0.1 s is not a finite time after the key before it");
  doc = art_make_document ();
  doc->animations[0].slot_tracks[0].attachments[0] = 5;
  expect_invalid (doc, "key 0 shows attachment 5; the slot has 2");
  doc = art_make_document ();
  doc->animations[0].slot_tracks[1].slot = 9;
  expect_invalid (doc, "names slot 9, but the document has 3 slots");
  doc = art_make_document ();
  doc->animations[0].slot_tracks[1].slot = 1;
  doc->animations[0].slot_tracks[1].channel = OSSA_SLOT_CHANNEL_ATTACHMENT;
  expect_invalid (doc, "slot 'hand' has two attachment tracks");
}

/* Any bytes near a file with art load or are refused in words, never a crash
 * (the sanitizer build runs this too). */
static void
test_art_garbage (void)
{
  OssaDocument *doc = art_make_document ();
  GBytes *bytes = document_bytes (doc);
  gsize size;
  const uint8_t *orig = g_bytes_get_data (bytes, &size);
  uint8_t *buf = g_malloc (size);
  size_t loaded = 0, refused = 0;

  for (int round = 0; round < 4000; round++)
    {
      OssaError err = { 0 };
      size_t n = size;
      OssaDocument *back;

      memcpy (buf, orig, size);
      for (int k = 0, flips = 1 + g_test_rand_int_range (0, 4); k < flips; k++)
        buf[g_test_rand_int_range (0, (gint32) size)] ^= (uint8_t) g_test_rand_int_range (1, 256);
      if (round % 5 == 0)
        n = (size_t) g_test_rand_int_range (1, (gint32) size);
      back = ossa_document_load_bytes (buf, n, "garbage.ossa", &err);
      if (back != NULL)
        {
          /* What loads is valid and saves again. */
          g_assert_true (ossa_document_validate (back, &err));
          loaded++;
          ossa_document_free (back);
        }
      else
        {
          g_assert_cmpstr (err.message, !=, "");
          refused++;
        }
    }
  g_test_message ("%zu loaded, %zu refused", loaded, refused);
  g_assert_cmpuint (refused, >, 0);
  g_free (buf);
  g_bytes_unref (bytes);
  ossa_document_free (doc);
}

/* Files --------------------------------------------------------------------- */

static void
test_art_round_trip (void)
{
  OssaDocument *doc = art_make_document (), *back;
  GBytes *bytes = document_bytes (doc);
  OssaError err = { 0 };
  gsize size;
  const void *data = g_bytes_get_data (bytes, &size);

  back = ossa_document_load_bytes (data, size, "art.ossa", &err);
  g_assert_nonnull (back);
  g_assert_true (art_documents_equal (doc, back));
  g_assert_cmpuint (back->n_images, ==, 2);
  g_assert_cmpstr (back->images[0].path, ==, "art/body.png");
  g_assert_null (back->images[0].data);
  g_assert_null (back->images[1].path);
  g_assert_cmpuint (back->images[1].data_size, ==, 12);
  g_assert_cmpuint (back->images[1].data[1], ==, 'P');
  g_assert_cmpuint (back->n_slots, ==, 3);
  g_assert_cmpstr (back->slots[1].attachments[1].name, ==, "fist");
  assert_close (back->slots[1].attachments[0].offset.rotation, DEG (90), 0);
  g_assert_cmpuint (back->slots[2].color, ==, 0xff000080u);
  g_assert_cmpint (back->slots[2].attachment, ==, -1);
  g_assert_cmpuint (back->animations[0].n_slot_tracks, ==, 2);
  g_assert_cmpuint (back->animations[0].n_draw_order, ==, 1);
  /* ossa_document_copy() keeps all of it as well. */
  ossa_document_free (doc);
  doc = ossa_document_copy (back);
  g_assert_true (art_documents_equal (doc, back));
  g_assert_cmpuint (doc->images[1].data_size, ==, 12);
  ossa_document_free (doc);
  ossa_document_free (back);
  g_bytes_unref (bytes);
}

/* A file may leave an attachment's size out: the image's pixels. Bad art in a file
 * is refused in words. */
static void
test_art_load_rules (void)
{
  OssaDocument *doc = art_make_document (), *back;
  GBytes *bytes = document_bytes (doc), *edited;
  MsgArena arena;
  Ossa__Document *msg;
  OssaError err = { 0 };
  gsize size;
  const void *data;

  msg_arena_init (&arena);
  msg = unpack_bytes (bytes, &arena);
  msg->skeleton->slots[0]->attachments[0]->has_width = 0;
  msg->skeleton->slots[0]->attachments[0]->has_height = 0;
  edited = pack_message (msg);
  data = g_bytes_get_data (edited, &size);
  back = ossa_document_load_bytes (data, size, "art.ossa", &err);
  g_assert_nonnull (back);
  assert_close (back->slots[0].attachments[0].width, 64, 0);
  assert_close (back->slots[0].attachments[0].height, 32, 0);
  ossa_document_free (back);
  g_bytes_unref (edited);

  /* An empty slot that does not say which attachment it shows shows none (the
   * default, 0, would name one it does not have). */
  msg->skeleton->slots[2]->has_attachment = 0;
  msg->skeleton->slots[2]->attachment = 0;
  edited = pack_message (msg);
  data = g_bytes_get_data (edited, &size);
  back = ossa_document_load_bytes (data, size, "art.ossa", &err);
  g_assert_nonnull (back);
  g_assert_cmpint (back->slots[2].attachment, ==, -1);
  ossa_document_free (back);
  g_bytes_unref (edited);

  msg->animations[0]->slot_tracks[1]->n_colors = 1;
  edited = pack_message (msg);
  data = g_bytes_get_data (edited, &size);
  g_assert_null (ossa_document_load_bytes (data, size, "art.ossa", &err));
  g_assert_nonnull (strstr (err.message, "2 times but 0 attachments, 1 colours"));
  g_assert_cmpstr (err.path, ==, "art.ossa");
  g_bytes_unref (edited);
  msg->animations[0]->slot_tracks[1]->n_colors = 2;

  msg->skeleton->slots[1]->attachments[0]->image = 5;
  edited = pack_message (msg);
  data = g_bytes_get_data (edited, &size);
  g_assert_null (ossa_document_load_bytes (data, size, "art.ossa", &err));
  g_assert_nonnull (strstr (err.message, "attachment 'open' uses image 5"));
  g_bytes_unref (edited);

  msg_arena_clear (&arena);
  g_bytes_unref (bytes);
  ossa_document_free (doc);
}

/* protoc, which knows only proto/ossa.proto, reads what the core wrote with the
 * names of the contract. */
static void
test_art_protoc_decode (void)
{
  OssaDocument *doc = art_make_document ();
  char *protoc = g_find_program_in_path ("protoc");
  char *dir, *path, *out = NULL, *errout = NULL;
  const char *argv[] = { "sh", "-c", NULL, NULL };
  char *cmdline;
  int status = 0;
  OssaError err = { 0 };

  if (protoc == NULL)
    {
      g_test_skip ("protoc is absent (build-aux/install-deps.sh installs protobuf-compiler): skipping");
      ossa_document_free (doc);
      return;
    }
  dir = g_dir_make_tmp ("ossa-art-XXXXXX", NULL);
  path = g_build_filename (dir, "art.ossa", NULL);
  g_assert_true (ossa_document_save (doc, path, &err));
  cmdline = g_strdup_printf ("'%s' --decode=ossa.Document --proto_path='%s' ossa.proto < '%s'",
                             protoc, OSSA_PROTO_DIR, path);
  argv[2] = cmdline;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               &out, &errout, &status, NULL));
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("protoc failed: %s", errout);
  /* Each message and field by its contract name. */
  for (const char *const *w = (const char *const[]) {
         "images {", "name: \"body\"", "path: \"art/body.png\"", "data: \"\\211PNG",
         "width: 64", "height: 32", "slots {", "bone: 2", "attachments {", "name: \"fist\"",
         "image: 1", "offset {", "rotation: 1.57", "color: 4278190208", "attachment: -1",
         "slot_tracks {", "channel: COLOR", "colors: 4278190335", "attachments: 1",
         "draw_order {", "time: 0.5", "order: 2", NULL }; *w != NULL; w++)
    if (strstr (out, *w) == NULL)
      g_error ("'%s' is not in protoc's output:\n%s", *w, out);
  g_remove (path);
  g_rmdir (dir);
  g_free (cmdline);
  g_free (out);
  g_free (errout);
  g_free (path);
  g_free (dir);
  g_free (protoc);
  ossa_document_free (doc);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/art/sample-attachment", test_art_sample_attachment);
  g_test_add_func ("/art/sample-color", test_art_sample_color);
  g_test_add_func ("/art/sample-draw-order", test_art_sample_draw_order);
  g_test_add_func ("/art/last-key-time", test_art_last_key_time);
  g_test_add_func ("/art/world-corners", test_art_world_corners);
  g_test_add_func ("/art/quads-in-draw-order", test_art_quads_in_draw_order);
  g_test_add_func ("/art/validate", test_art_validate);
  g_test_add_func ("/art/round-trip", test_art_round_trip);
  g_test_add_func ("/art/garbage", test_art_garbage);
  g_test_add_func ("/art/load-rules", test_art_load_rules);
  g_test_add_func ("/art/protoc-decode", test_art_protoc_decode);
  return g_test_run ();
}
