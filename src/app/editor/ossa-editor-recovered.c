/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-editor"

#include "config.h"

/* A document recovered after a crash (src/app/recovery/): it comes back as the
 * original's unsaved changes, so that the title names the original and Save
 * writes there. */

#include "ossa-editor-private.h"

/**
 * ossa_editor_take_recovered:
 * @document: (transfer full): the recovered copy, loaded and valid
 * @original: (nullable): the file the copy was made from; %NULL for a document
 *   that was never saved
 *
 * Replaces the document with @document, with an empty history, as an unsaved
 * (modified) document whose file is @original: the window is titled after it and
 * Save writes to it (Save As is asked for when it is %NULL). It stays modified
 * until it is saved.
 */
void
ossa_editor_take_recovered (OssaEditor   *self,
                            OssaDocument *document,
                            GFile        *original)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  g_return_if_fail (document != NULL);
  g_return_if_fail (original == NULL || G_IS_FILE (original));

  /* Untitled and never saved, hence modified; then the original's name. */
  ossa_editor_take_document (self, document);
  if (original != NULL)
    {
      g_set_object (&self->file, original);
      _ossa_editor_notify (self, PROP_FILE);
    }
}
