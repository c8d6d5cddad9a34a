/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-editor"

#include "config.h"

/* Pinned joints: the editor's state for the IK drag, not the document's. STUB:
 * the contract's shapes only, filled in by the IK drag work. */

#include "ossa-editor-private.h"

enum { PINS_CHANGED, N_PIN_SIGNALS };
static guint pin_signals[N_PIN_SIGNALS];

void
_ossa_editor_pins_class_init (GObjectClass *klass)
{
  /**
   * OssaEditor::pins-changed:
   *
   * A joint was pinned or unpinned (or its bone went).
   */
  pin_signals[PINS_CHANGED] = g_signal_new ("pins-changed", G_TYPE_FROM_CLASS (klass),
                                            G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                            G_TYPE_NONE, 0);
}

void
_ossa_editor_pins_init (OssaEditor *self)
{
  (void) self;
}

void
_ossa_editor_pins_document_changed (OssaEditor *self)
{
  (void) self;
}

gboolean
ossa_editor_is_pinned (OssaEditor *self, guint bone)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  (void) bone;
  return FALSE;
}

void
ossa_editor_set_pinned (OssaEditor *self, guint bone, gboolean pinned)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  (void) bone;
  (void) pinned;
  (void) pin_signals;
}
