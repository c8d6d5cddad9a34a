/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-editor"

#include "config.h"

/* IK constraints and their keys, each edit one undo step. STUB: the contract's
 * shapes only, filled in by the IK editor work. */

#include <glib/gi18n.h>

#include "ossa-editor-private.h"

enum { IK_SELECTION_CHANGED, N_IK_SIGNALS };
static guint ik_signals[N_IK_SIGNALS];

void
_ossa_editor_ik_class_init (GObjectClass *klass)
{
  /**
   * OssaEditor::ik-selection-changed:
   *
   * The picked IK constraint changed (picked, or gone with an edit).
   */
  ik_signals[IK_SELECTION_CHANGED] = g_signal_new ("ik-selection-changed",
                                                   G_TYPE_FROM_CLASS (klass),
                                                   G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                   G_TYPE_NONE, 0);
}

void
_ossa_editor_ik_init (OssaEditor *self)
{
  (void) self;
}

void
_ossa_editor_ik_document_changed (OssaEditor *self)
{
  (void) self;
}

static gboolean
not_yet (GError **error)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "IK is not implemented yet");
  return FALSE;
}

int
ossa_editor_get_selected_ik (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), -1);
  return -1;
}

void
ossa_editor_select_ik (OssaEditor *self, int c)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  (void) c;
}

int
ossa_editor_add_ik (OssaEditor *self, const char *name, const guint *bones, gsize n_bones, guint target,
                    GError **error)
{
  (void) self; (void) name; (void) bones; (void) n_bones; (void) target;
  not_yet (error);
  return -1;
}

int
ossa_editor_add_ik_from_selection (OssaEditor *self, GError **error)
{
  (void) self;
  not_yet (error);
  return -1;
}

gboolean
ossa_editor_remove_ik (OssaEditor *self, guint c, GError **error)
{
  (void) self; (void) c;
  return not_yet (error);
}

gboolean
ossa_editor_rename_ik (OssaEditor *self, guint c, const char *name, GError **error)
{
  (void) self; (void) c; (void) name;
  return not_yet (error);
}

gboolean
ossa_editor_reorder_ik (OssaEditor *self, guint c, guint new_index, GError **error)
{
  (void) self; (void) c; (void) new_index;
  return not_yet (error);
}

gboolean
ossa_editor_set_ik_mix (OssaEditor *self, guint c, float mix, guint64 merge_id, GError **error)
{
  (void) self; (void) c; (void) mix; (void) merge_id;
  return not_yet (error);
}

gboolean
ossa_editor_set_ik_bend (OssaEditor *self, guint c, gboolean bend_positive, GError **error)
{
  (void) self; (void) c; (void) bend_positive;
  return not_yet (error);
}

gboolean
ossa_editor_key_ik (OssaEditor *self, guint c, GError **error)
{
  (void) self; (void) c;
  return not_yet (error);
}

OssaIkState
ossa_editor_get_ik_state (OssaEditor *self, guint c)
{
  const OssaDocument *doc = ossa_editor_get_document (self);
  OssaIkState state = { 1.0f, TRUE };

  if (c < doc->n_ik)
    {
      state.mix = doc->ik[c].mix;
      state.bend_positive = doc->ik[c].bend_positive;
    }
  return state;
}
