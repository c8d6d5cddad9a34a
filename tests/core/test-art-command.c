/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Commands on art: each applied, undone and redone through OssaHistory, and the
 * edits that must be refused leaving the document as it was. */
#include "test-art-support.h"

/* Executes cmd in a history, checks the change with check, undoes (the document
 * is exactly as before), redoes (exactly as after) and checks again. */
static void
round_trip (OssaDocument *doc, OssaCommand *cmd, const OssaError *build_err,
            void (*check) (const OssaDocument *doc))
{
  OssaHistory *history = ossa_history_new (0);
  OssaDocument *before = ossa_document_copy (doc), *after;
  OssaError err = { 0 };

  if (cmd == NULL)
    g_error ("building the command: %s", build_err->message);
  g_assert_true (ossa_history_execute (history, doc, cmd, &err));
  g_assert_true (ossa_document_validate (doc, &err));
  check (doc);
  after = ossa_document_copy (doc);
  g_assert_false (art_documents_equal (before, after));
  g_assert_true (ossa_history_undo (history, doc, &err));
  g_assert_true (art_documents_equal (doc, before));
  g_assert_true (ossa_history_redo (history, doc, &err));
  g_assert_true (art_documents_equal (doc, after));
  check (doc);
  ossa_history_free (history);
  ossa_document_free (before);
  ossa_document_free (after);
}

static void
check_image_added (const OssaDocument *doc)
{
  g_assert_cmpuint (doc->n_images, ==, 3);
  g_assert_cmpstr (doc->images[2].name, ==, "eye");
  g_assert_cmpstr (doc->images[2].path, ==, "../eye.png");
}

static void
check_image_removed (const OssaDocument *doc)
{
  /* "body" went with the attachment using it; "hands" is image 0 now. */
  g_assert_cmpuint (doc->n_images, ==, 1);
  g_assert_cmpstr (doc->images[0].name, ==, "hands");
  g_assert_cmpuint (doc->slots[0].n_attachments, ==, 0);
  g_assert_cmpint (doc->slots[0].attachment, ==, -1);
  g_assert_cmpuint (doc->slots[1].attachments[0].image, ==, 0);
}

static void
check_image_added_after_removal (const OssaDocument *doc)
{
  g_assert_cmpuint (doc->n_images, ==, 2);
  g_assert_cmpstr (doc->images[1].name, ==, "eye");
}

static void
check_image_embedded (const OssaDocument *doc)
{
  g_assert_null (doc->images[0].path);
  g_assert_cmpuint (doc->images[0].data_size, ==, 4);
  g_assert_cmpuint (doc->images[0].data[1], ==, 'P');
  g_assert_cmpuint (doc->images[0].width, ==, 128);
}

static void
check_slot_bone (const OssaDocument *doc)
{
  g_assert_cmpuint (doc->slots[0].bone, ==, 3);
}

static void
check_slot_added (const OssaDocument *doc)
{
  g_assert_cmpuint (doc->n_slots, ==, 4);
  g_assert_cmpstr (doc->slots[3].name, ==, "hat");
  g_assert_cmpint (doc->slots[3].attachment, ==, -1);
  /* On top in the draw-order key too. */
  g_assert_cmpuint (doc->animations[0].draw_order[0].n_order, ==, 4);
  g_assert_cmpuint (doc->animations[0].draw_order[0].order[3], ==, 3);
}

static void
check_slot_removed (const OssaDocument *doc)
{
  const OssaDrawOrderKey *key = &doc->animations[0].draw_order[0];

  /* body went with its colour track; hand is slot 0 and keeps its keys; the
   * order (leg, hand) is what it was without body. */
  g_assert_cmpuint (doc->n_slots, ==, 2);
  g_assert_cmpstr (doc->slots[0].name, ==, "hand");
  g_assert_cmpuint (doc->animations[0].n_slot_tracks, ==, 1);
  g_assert_cmpuint (doc->animations[0].slot_tracks[0].slot, ==, 0);
  g_assert_cmpuint (key->n_order, ==, 2);
  g_assert_cmpuint (key->order[0], ==, 1);
  g_assert_cmpuint (key->order[1], ==, 0);
}

static void
check_slot_renamed (const OssaDocument *doc)
{
  g_assert_cmpstr (doc->slots[1].name, ==, "손");
}

static void
check_slot_reordered (const OssaDocument *doc)
{
  const OssaDrawOrderKey *key = &doc->animations[0].draw_order[0];

  /* leg moved to the back: leg, body, hand (called 손). The keyed order still draws leg,
   * body, hand, now slots 0, 1, 2; the tracks follow their slots. */
  g_assert_cmpstr (doc->slots[0].name, ==, "leg");
  g_assert_cmpstr (doc->slots[1].name, ==, "body");
  g_assert_cmpstr (doc->slots[2].name, ==, "손");   /* hand, renamed before */
  for (int i = 0; i < 3; i++)
    g_assert_cmpuint (key->order[i], ==, (uint32_t) i);
  for (size_t i = 0; i < doc->animations[0].n_slot_tracks; i++)
    {
      const OssaSlotTrack *t = &doc->animations[0].slot_tracks[i];

      g_assert_cmpuint (t->slot, ==, t->channel == OSSA_SLOT_CHANNEL_COLOR ? 1 : 2);
    }
}

static void
check_color (const OssaDocument *doc)
{
  g_assert_cmpuint (doc->slots[2].color, ==, 0x11223344u);
}

static void
check_rest_attachment (const OssaDocument *doc)
{
  g_assert_cmpint (doc->slots[1].attachment, ==, 1);
}

static void
check_attachment_added (const OssaDocument *doc)
{
  const OssaAttachment *a = &doc->slots[2].attachments[0];

  g_assert_cmpuint (doc->slots[2].n_attachments, ==, 1);
  g_assert_cmpint (doc->slots[2].attachment, ==, 0);   /* the slot showed none */
  g_assert_cmpstr (a->name, ==, "shoe");
  assert_close (a->offset.x, 1, 0);
  assert_close (a->width, 5, 0);
}

static void
check_attachment_removed (const OssaDocument *doc)
{
  const OssaSlotTrack *t = &doc->animations[0].slot_tracks[0];

  /* "open" went: the rest showed it, so it shows none now; "fist" is attachment
   * 0, and the key that showed it shows it as 0. */
  g_assert_cmpuint (doc->slots[1].n_attachments, ==, 1);
  g_assert_cmpstr (doc->slots[1].attachments[0].name, ==, "fist");
  g_assert_cmpint (doc->slots[1].attachment, ==, -1);
  g_assert_cmpint (t->channel, ==, OSSA_SLOT_CHANNEL_ATTACHMENT);
  g_assert_cmpint (t->attachments[0], ==, 0);
  g_assert_cmpint (t->attachments[1], ==, -1);
}

static void
check_offset (const OssaDocument *doc)
{
  const OssaAttachment *a = &doc->slots[1].attachments[1];

  assert_close (a->offset.x, 7, 0);
  assert_close (a->offset.rotation, DEG (45), 0);
  assert_close (a->offset.scale_y, 2, 0);
}

static void
check_size (const OssaDocument *doc)
{
  assert_close (doc->slots[0].attachments[0].width, 32, 0);
  assert_close (doc->slots[0].attachments[0].height, 48, 0);
}

static void
check_attachment_keyed (const OssaDocument *doc)
{
  const OssaSlotTrack *t = &doc->animations[0].slot_tracks[0];

  g_assert_cmpuint (t->n_keys, ==, 3);
  assert_close (t->times[0], 0.1, 1e-7);
  g_assert_cmpint (t->attachments[0], ==, 1);
}

static void
check_color_keyed (const OssaDocument *doc)
{
  const OssaSlotTrack *t = &doc->animations[0].slot_tracks[2];

  g_assert_cmpuint (doc->animations[0].n_slot_tracks, ==, 3);
  g_assert_cmpuint (t->slot, ==, 2);
  g_assert_cmpint (t->channel, ==, OSSA_SLOT_CHANNEL_COLOR);
  g_assert_cmpuint (t->colors[0], ==, 0x00ff00ffu);
  g_assert_cmpint (t->interp[0], ==, OSSA_INTERP_BEZIER);
}

static void
check_slot_key_removed (const OssaDocument *doc)
{
  /* The colour track lost its key at 0.25 s. */
  g_assert_cmpuint (doc->animations[0].slot_tracks[1].n_keys, ==, 1);
  assert_close (doc->animations[0].slot_tracks[1].times[0], 0.75, 0);
}

static void
check_order_keyed (const OssaDocument *doc)
{
  const OssaAnimation *a = &doc->animations[0];

  g_assert_cmpuint (a->n_draw_order, ==, 2);
  assert_close (a->draw_order[0].time, 0.2, 1e-7);
  g_assert_cmpuint (a->draw_order[0].order[0], ==, 1);
}

static void
check_order_key_removed (const OssaDocument *doc)
{
  g_assert_cmpuint (doc->animations[0].n_draw_order, ==, 0);
}

static void
check_bone_removed (const OssaDocument *doc)
{
  const OssaDrawOrderKey *key = &doc->animations[0].draw_order[0];

  /* arm went with hand, and the "hand" slot with its keys; leg is bone 1 now. */
  g_assert_cmpuint (doc->n_slots, ==, 2);
  g_assert_cmpstr (doc->slots[1].name, ==, "leg");
  g_assert_cmpuint (doc->slots[1].bone, ==, 1);
  g_assert_cmpuint (doc->animations[0].n_slot_tracks, ==, 1);
  g_assert_cmpuint (key->n_order, ==, 2);
  g_assert_cmpuint (key->order[0], ==, 1);
  g_assert_cmpuint (key->order[1], ==, 0);
}

static void
test_art_command_round_trips (void)
{
  static const uint32_t order[] = { 1, 2, 0 };
  OssaTransform shoe = { 1, 0, 0, 1, 1 }, off = { 7, 0, DEG (45), 1, 2 };
  OssaSlotKey att_key = { .time = 0.1f, .attachment = 1, .curve = OSSA_CURVE_EASE };
  OssaSlotKey color_key = { .time = 0.3f, .color = 0x00ff00ffu, .interp = OSSA_INTERP_BEZIER,
                            .curve = OSSA_CURVE_EASE_OUT };
  OssaDocument *doc = art_make_document ();
  OssaError err = { 0 };

  round_trip (doc, ossa_command_add_image (doc, "eye", "../eye.png", NULL, 0, 8, 8, &err), &err,
              check_image_added);
  ossa_document_free (doc);
  doc = art_make_document ();
  round_trip (doc, ossa_command_remove_image (doc, 0, true, &err), &err, check_image_removed);
  round_trip (doc, ossa_command_add_image (doc, "eye", "../eye.png", NULL, 0, 8, 8, &err), &err,
              check_image_added_after_removal);
  ossa_document_free (doc);
  doc = art_make_document ();
  round_trip (doc, ossa_command_set_image (doc, 0, "body", NULL, "\x89PNG", 4, 128, 64, &err), &err,
              check_image_embedded);
  round_trip (doc, ossa_command_set_slot_bone (doc, 0, 3, &err), &err, check_slot_bone);
  ossa_document_free (doc);
  doc = art_make_document ();
  round_trip (doc, ossa_command_add_slot (doc, "hat", 0, 0xffffffffu, &err), &err, check_slot_added);
  ossa_document_free (doc);
  doc = art_make_document ();
  round_trip (doc, ossa_command_remove_slot (doc, 0, &err), &err, check_slot_removed);
  ossa_document_free (doc);
  doc = art_make_document ();
  round_trip (doc, ossa_command_rename_slot (doc, 1, "손", &err), &err, check_slot_renamed);
  round_trip (doc, ossa_command_reorder_slot (doc, 2, 0, &err), &err, check_slot_reordered);
  ossa_document_free (doc);
  doc = art_make_document ();
  round_trip (doc, ossa_command_set_slot_color (doc, 2, 0x11223344u, &err), &err, check_color);
  round_trip (doc, ossa_command_set_slot_attachment (doc, 1, 1, &err), &err, check_rest_attachment);
  round_trip (doc, ossa_command_add_attachment (doc, 2, "shoe", 1, &shoe, 5, 3, &err), &err,
              check_attachment_added);
  round_trip (doc, ossa_command_set_attachment_offset (doc, 1, 1, &off, &err), &err, check_offset);
  round_trip (doc, ossa_command_set_attachment_size (doc, 0, 0, 32, 48, &err), &err, check_size);
  round_trip (doc, ossa_command_set_slot_key (doc, 0, 1, OSSA_SLOT_CHANNEL_ATTACHMENT, &att_key, &err),
              &err, check_attachment_keyed);
  round_trip (doc, ossa_command_set_slot_key (doc, 0, 2, OSSA_SLOT_CHANNEL_COLOR, &color_key, &err),
              &err, check_color_keyed);
  ossa_document_free (doc);
  doc = art_make_document ();
  round_trip (doc, ossa_command_remove_attachment (doc, 1, 0, &err), &err, check_attachment_removed);
  ossa_document_free (doc);
  doc = art_make_document ();
  round_trip (doc, ossa_command_remove_slot_key (doc, 0, 0, OSSA_SLOT_CHANNEL_COLOR, 0.25f, &err),
              &err, check_slot_key_removed);
  round_trip (doc, ossa_command_set_draw_order_key (doc, 0, 0.2f, order, 3, &err), &err,
              check_order_keyed);
  ossa_document_free (doc);
  doc = art_make_document ();
  round_trip (doc, ossa_command_remove_draw_order_key (doc, 0, 0.5f, &err), &err,
              check_order_key_removed);
  ossa_document_free (doc);
  doc = art_make_document ();
  round_trip (doc, ossa_command_remove_bone (doc, 1, &err), &err, check_bone_removed);
  ossa_document_free (doc);
}

/* Refused, with words saying why, and nothing changed. */
static void
expect_refused (OssaDocument *doc, OssaCommand *cmd, const OssaError *err, const char *words)
{
  OssaDocument *fresh = art_make_document ();

  g_assert_null (cmd);
  if (strstr (err->message, words) == NULL)
    g_error ("expected '%s' in: %s", words, err->message);
  g_assert_true (art_documents_equal (doc, fresh));
  ossa_document_free (fresh);
}

static void
test_art_command_refused (void)
{
  static const uint32_t twice[] = { 0, 0, 1 };
  static const uint32_t short_order[] = { 0, 1 };
  OssaTransform bad = { NAN, 0, 0, 1, 1 };
  OssaSlotKey k = { .time = 0.1f, .attachment = 2, .curve = OSSA_CURVE_EASE };
  OssaDocument *doc = art_make_document ();
  OssaError err = { 0 };

  expect_refused (doc, ossa_command_remove_image (doc, 1, false, &err), &err,
                  "image 'hands' is used by 2 attachments: 'open' in slot 'hand', 'fist' in slot 'hand'");
  expect_refused (doc, ossa_command_remove_image (doc, 5, true, &err), &err, "image 5 does not exist");
  expect_refused (doc, ossa_command_add_image (doc, "body", "x.png", NULL, 0, 4, 4, &err), &err,
                  "an image called 'body' already exists");
  expect_refused (doc, ossa_command_add_image (doc, "big", "x.png", NULL, 0, 16385, 4, &err), &err,
                  "outside 1 to 16384");
  expect_refused (doc, ossa_command_add_image (doc, "win", "art\\x.png", NULL, 0, 4, 4, &err), &err,
                  "separators are '/'");
  expect_refused (doc, ossa_command_set_image (doc, 0, "hands", "a.png", NULL, 0, 4, 4, &err), &err,
                  "an image called 'hands' already exists");
  expect_refused (doc, ossa_command_set_image (doc, 0, "body", NULL, NULL, 0, 4, 4, &err), &err,
                  "neither a path nor embedded data");
  expect_refused (doc, ossa_command_set_slot_bone (doc, 0, 4, &err), &err, "bone 4 does not exist");
  expect_refused (doc, ossa_command_add_slot (doc, "hand", 0, 0, &err), &err,
                  "a slot called 'hand' already exists");
  expect_refused (doc, ossa_command_add_slot (doc, "tail", 9, 0, &err), &err, "bone 9 does not exist");
  expect_refused (doc, ossa_command_rename_slot (doc, 0, "leg", &err), &err,
                  "a slot called 'leg' already exists");
  expect_refused (doc, ossa_command_rename_slot (doc, 0, "", &err), &err, "slot name is empty");
  expect_refused (doc, ossa_command_reorder_slot (doc, 0, 3, &err), &err,
                  "draw order position 3 does not exist");
  expect_refused (doc, ossa_command_remove_slot (doc, 3, &err), &err, "slot 3 does not exist");
  expect_refused (doc, ossa_command_set_slot_attachment (doc, 1, 2, &err), &err,
                  "attachment 2 does not exist");
  expect_refused (doc, ossa_command_add_attachment (doc, 1, "fist", 0, NULL, 1, 1, &err), &err,
                  "already has an attachment called 'fist'");
  expect_refused (doc, ossa_command_add_attachment (doc, 1, "x", 2, NULL, 1, 1, &err), &err,
                  "uses image 2; the document has 2");
  expect_refused (doc, ossa_command_add_attachment (doc, 1, "x", 0, NULL, -1, 1, &err), &err,
                  "not finite and positive");
  expect_refused (doc, ossa_command_set_attachment_offset (doc, 1, 0, &bad, &err), &err,
                  "the offset is not finite");
  expect_refused (doc, ossa_command_set_attachment_size (doc, 1, 5, 1, 1, &err), &err,
                  "slot 'hand' has no attachment 5");
  expect_refused (doc, ossa_command_set_slot_key (doc, 0, 1, OSSA_SLOT_CHANNEL_ATTACHMENT, &k, &err),
                  &err, "shows attachment 2; the slot has 2");
  expect_refused (doc, ossa_command_set_slot_key (doc, 3, 1, OSSA_SLOT_CHANNEL_ATTACHMENT, &k, &err),
                  &err, "animation 3 does not exist");
  expect_refused (doc, ossa_command_remove_slot_key (doc, 0, 2, OSSA_SLOT_CHANNEL_COLOR, 0.25f, &err),
                  &err, "slot 'leg' has no color key at 0.25 s");
  expect_refused (doc, ossa_command_set_draw_order_key (doc, 0, 1, twice, 3, &err), &err,
                  "is not a permutation of the slots");
  expect_refused (doc, ossa_command_set_draw_order_key (doc, 0, 1, short_order, 2, &err), &err,
                  "orders 2 slots; the document has 3");
  expect_refused (doc, ossa_command_remove_draw_order_key (doc, 0, 0.4f, &err), &err,
                  "has no draw-order key at 0.4 s");
  ossa_document_free (doc);
}

/* A drag of an attachment is one undo step. */
static void
test_art_command_merge (void)
{
  OssaDocument *doc = art_make_document ();
  OssaHistory *history = ossa_history_new (0);
  OssaError err = { 0 };

  for (int i = 1; i <= 5; i++)
    {
      OssaTransform t = { (float) i, 0, 0, 1, 1 };
      OssaCommand *cmd = ossa_command_set_attachment_offset (doc, 0, 0, &t, &err);

      ossa_command_set_merge_id (cmd, 42);
      g_assert_true (ossa_history_execute (history, doc, cmd, &err));
    }
  g_assert_cmpuint (ossa_history_n_undo (history), ==, 1);
  g_assert_cmpstr (ossa_history_undo_label (history), ==, "Transform Attachment");
  g_assert_true (ossa_history_undo (history, doc, &err));
  assert_close (doc->slots[0].attachments[0].offset.x, 0, 0);
  ossa_history_free (history);
  ossa_document_free (doc);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/art-command/round-trips", test_art_command_round_trips);
  g_test_add_func ("/art-command/refused", test_art_command_refused);
  g_test_add_func ("/art-command/merge", test_art_command_merge);
  return g_test_run ();
}
