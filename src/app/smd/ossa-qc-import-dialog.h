/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ossa-import-dialog.h"

G_BEGIN_DECLS

/* OssaQcImportDialog, File > Import Valve Model (.qc)…: an import dialog
 * (ossa-import-dialog.h: options, progress, Cancel, run and run_finish, the
 * document handed to whoever ran it) for one .qc file and the options plane and
 * simplification (each sequence brings its own frame rate). It holds a reference
 * to the file chosen. */

#define OSSA_TYPE_QC_IMPORT_DIALOG (ossa_qc_import_dialog_get_type ())

G_DECLARE_FINAL_TYPE (OssaQcImportDialog, ossa_qc_import_dialog, OSSA, QC_IMPORT_DIALOG,
                      OssaImportDialog)

void   ossa_qc_import_dialog_set_file (OssaQcImportDialog *self,
                                       GFile              *file);
GFile *ossa_qc_import_dialog_get_file (OssaQcImportDialog *self);

G_END_DECLS
