/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ossa-document.h"
#include "ossa-smd.h"

G_BEGIN_DECLS

/* OssaQcImportDialog, File > Import Valve Model (.qc)…: the .qc file and the
 * options (plane, simplification; each sequence brings its own frame rate), run
 * by the import worker (ossa-smd-import-worker.h) with a progress bar and a
 * Cancel button; a failure is shown as "FILE:LINE: message" while the dialog stays
 * open for another try. Built as the Import SMD dialog is, it knows nothing of the
 * window it is for: it hands the imported document (and its notices) to whoever
 * ran it, who owns them from then on. It owns itself while shown and destroys
 * itself once it answered. */

#define OSSA_TYPE_QC_IMPORT_DIALOG (ossa_qc_import_dialog_get_type ())

G_DECLARE_FINAL_TYPE (OssaQcImportDialog, ossa_qc_import_dialog, OSSA, QC_IMPORT_DIALOG, GtkWindow)

void                ossa_qc_import_dialog_run          (GtkWindow                  *parent,
                                                        GCancellable               *cancellable,
                                                        GAsyncReadyCallback         callback,
                                                        gpointer                    user_data);
OssaDocument       *ossa_qc_import_dialog_run_finish   (GAsyncResult               *result,
                                                        char                     ***notices,
                                                        GError                    **error);
OssaQcImportDialog *ossa_qc_import_dialog_find         (GtkWindow                  *parent);

void                ossa_qc_import_dialog_set_file     (OssaQcImportDialog         *self,
                                                        GFile                      *file);
GFile              *ossa_qc_import_dialog_get_file     (OssaQcImportDialog         *self);
void                ossa_qc_import_dialog_get_options  (OssaQcImportDialog         *self,
                                                        OssaSmdImportOptions       *options);
void                ossa_qc_import_dialog_set_options  (OssaQcImportDialog         *self,
                                                        const OssaSmdImportOptions *options);
gboolean            ossa_qc_import_dialog_get_running  (OssaQcImportDialog         *self);
double              ossa_qc_import_dialog_get_progress (OssaQcImportDialog         *self);

G_END_DECLS
