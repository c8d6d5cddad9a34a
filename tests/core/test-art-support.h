/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For the art tests: a document with images, slots, attachments, slot keys and a
 * draw-order key built through the core's commands, and equality of documents as
 * the bytes they save to (which covers every part, art included). */
#pragma once

#include "test-helpers.h"

/* Applies cmd (which must exist) to doc and frees it. */
static inline void
art_apply (OssaDocument *doc, OssaCommand *cmd, const OssaError *err)
{
  OssaError apply_err = { 0 };

  if (cmd == NULL)
    g_error ("building a command: %s", err ? err->message : "?");
  g_assert_true (ossa_command_apply (cmd, doc, &apply_err));
  ossa_command_free (cmd);
}

/* test_make_document() (root, arm, hand, leg; "walk") plus images "body" (a file,
 * 64 × 32) and "hands" (embedded bytes, 16 × 16); slots "body" on root (attachment
 * "body"), "hand" on hand (attachments "open", "fist", showing "open") and "leg" on
 * leg (none, tinted half transparent red); in "walk": hand shows "fist" from 0.5 s
 * and none from 1 s, body's colour goes from red at 0.25 s to blue half transparent
 * at 0.75 s (linear), and from 0.5 s the order is leg, body, hand. */
static inline OssaDocument *
art_make_document (void)
{
  static const uint8_t png[] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 1, 2, 3 };
  static const uint32_t order[] = { 2, 0, 1 };
  OssaDocument *doc = test_make_document ();
  OssaTransform body_off = { 0, 10, 0, 1, 1 };
  OssaTransform hand_off = { 2, 0, DEG (90), 1, 1 };
  OssaSlotKey k;
  OssaError err = { 0 };

  art_apply (doc, ossa_command_add_image (doc, "body", "art/body.png", NULL, 0, 64, 32, &err), &err);
  art_apply (doc, ossa_command_add_image (doc, "hands", NULL, png, sizeof png, 16, 16, &err), &err);
  art_apply (doc, ossa_command_add_slot (doc, "body", 0, 0xffffffffu, &err), &err);
  art_apply (doc, ossa_command_add_slot (doc, "hand", 2, 0xffffffffu, &err), &err);
  art_apply (doc, ossa_command_add_slot (doc, "leg", 3, 0xff000080u, &err), &err);
  art_apply (doc, ossa_command_add_attachment (doc, 0, "body", 0, &body_off, 64, 32, &err), &err);
  art_apply (doc, ossa_command_add_attachment (doc, 1, "open", 1, &hand_off, 8, 8, &err), &err);
  art_apply (doc, ossa_command_add_attachment (doc, 1, "fist", 1, &hand_off, 6, 6, &err), &err);
  memset (&k, 0, sizeof k);
  k.curve = OSSA_CURVE_EASE;
  k.time = 0.5f, k.attachment = 1;
  art_apply (doc, ossa_command_set_slot_key (doc, 0, 1, OSSA_SLOT_CHANNEL_ATTACHMENT, &k, &err), &err);
  k.time = 1.f, k.attachment = -1;
  art_apply (doc, ossa_command_set_slot_key (doc, 0, 1, OSSA_SLOT_CHANNEL_ATTACHMENT, &k, &err), &err);
  k.time = 0.25f, k.color = 0xff0000ffu;
  art_apply (doc, ossa_command_set_slot_key (doc, 0, 0, OSSA_SLOT_CHANNEL_COLOR, &k, &err), &err);
  k.time = 0.75f, k.color = 0x0000ff80u;
  art_apply (doc, ossa_command_set_slot_key (doc, 0, 0, OSSA_SLOT_CHANNEL_COLOR, &k, &err), &err);
  art_apply (doc, ossa_command_set_draw_order_key (doc, 0, 0.5f, order, 3, &err), &err);
  g_assert_true (ossa_document_validate (doc, &err));
  return doc;
}

/* Whether two valid documents save to the same bytes. */
static inline gboolean
art_documents_equal (const OssaDocument *a, const OssaDocument *b)
{
  uint8_t *x = NULL, *y = NULL;
  size_t nx = 0, ny = 0;
  OssaError err = { 0 };
  gboolean same;

  if (!ossa_document_to_bytes (a, &x, &nx, &err) || !ossa_document_to_bytes (b, &y, &ny, &err))
    g_error ("saving: %s", err.message);
  same = nx == ny && memcmp (x, y, nx) == 0;
  free (x);
  free (y);
  return same;
}
