/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ossa-import-dialog.h"

G_BEGIN_DECLS

/* OssaSmdImportDialog, File > Import SMD…: an import dialog (ossa-import-dialog.h:
 * options, progress, Cancel, run and run_finish, the document handed to whoever
 * ran it) for a reference SMD and any number of animation SMDs, with the plane,
 * frame rate and simplification. It holds references to the files chosen. */

#define OSSA_TYPE_SMD_IMPORT_DIALOG (ossa_smd_import_dialog_get_type ())

G_DECLARE_FINAL_TYPE (OssaSmdImportDialog, ossa_smd_import_dialog, OSSA, SMD_IMPORT_DIALOG,
                      OssaImportDialog)

void ossa_smd_import_dialog_set_reference (OssaSmdImportDialog *self,
                                           GFile               *file);
void ossa_smd_import_dialog_add_animation (OssaSmdImportDialog *self,
                                           GFile               *file);

G_END_DECLS
