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
 * @stamp: (nullable): @original as the session that made the copy last read or
 *   wrote it (its ossa_editor_get_file_stamp())
 *
 * Replaces the document with @document, with an empty history, as an unsaved
 * (modified) document whose file is @original: the window is titled after it and
 * Save writes to it (Save As is asked for when it is %NULL). It stays modified
 * until it is saved. The copy's changes were made to @original as @stamp says
 * it was, so Save asks first when another program changed it since, as it would
 * have in that session; without a stamp it does not.
 */
void
ossa_editor_take_recovered (OssaEditor          *self,
                            OssaDocument        *document,
                            GFile               *original,
                            const OssaFileStamp *stamp)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  g_return_if_fail (document != NULL);
  g_return_if_fail (original == NULL || G_IS_FILE (original));

  /* The autosave wrote the editor's absolute paths; relative ones (a copy made
   * otherwise) are the original's folder's. */
  if (original != NULL)
    {
      g_autoptr (GFile) folder = g_file_get_parent (original);

      _ossa_editor_absolute_image_paths (document, folder);
    }
  /* Untitled and never saved, hence modified; then the original's name. */
  ossa_editor_take_document (self, document);
  if (original != NULL)
    {
      g_set_object (&self->file, original);
      if (stamp != NULL)
        self->stamp = *stamp;
      _ossa_editor_notify (self, PROP_FILE);
    }
}
