/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-editor"

#include "config.h"

/* STUB, replaced by the real embedding: both refuse. */

#include <glib/gi18n.h>

#include "ossa-editor-private.h"

gboolean
ossa_editor_embed_images (OssaEditor *self, GError **error)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "not yet");
  return FALSE;
}

gboolean
ossa_editor_unembed_images (OssaEditor *self, GFile *folder, GError **error)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  (void) folder;
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "not yet");
  return FALSE;
}

void
_ossa_editor_absolute_image_paths (OssaDocument *doc, GFile *folder)
{
  (void) doc;
  (void) folder;
}

gboolean
_ossa_editor_relative_image_paths (OssaDocument *doc, GFile *folder, GError **error)
{
  (void) doc;
  (void) folder;
  (void) error;
  return TRUE;
}
