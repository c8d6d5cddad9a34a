/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ossa-document.h"
#include "ossa-smd.h"

G_BEGIN_DECLS

/* OssaSmdImportDialog, File > Import SMD…: gathers the reference and animation
 * files and the options, runs the import worker (ossa-smd-import-worker.h) with a
 * progress bar and a Cancel button, and shows a failure as "FILE:LINE: message"
 * while staying open for another try. It knows nothing of the window it is for:
 * it hands the imported document (and its notices) to whoever ran it, who owns
 * them from then on. The dialog owns itself while shown and destroys itself
 * once it answered. */

#define OSSA_TYPE_SMD_IMPORT_DIALOG (ossa_smd_import_dialog_get_type ())

G_DECLARE_FINAL_TYPE (OssaSmdImportDialog, ossa_smd_import_dialog, OSSA, SMD_IMPORT_DIALOG,
                      GtkWindow)

void          ossa_smd_import_dialog_run            (GtkWindow            *parent,
                                                     GCancellable         *cancellable,
                                                     GAsyncReadyCallback   callback,
                                                     gpointer              user_data);
OssaDocument *ossa_smd_import_dialog_run_finish     (GAsyncResult         *result,
                                                     char               ***notices,
                                                     GError              **error);
OssaSmdImportDialog *ossa_smd_import_dialog_find    (GtkWindow            *parent);

void          ossa_smd_import_dialog_set_reference  (OssaSmdImportDialog  *self,
                                                     GFile                *file);
void          ossa_smd_import_dialog_add_animation  (OssaSmdImportDialog  *self,
                                                     GFile                *file);
void          ossa_smd_import_dialog_get_options    (OssaSmdImportDialog  *self,
                                                     OssaSmdImportOptions *options);
void          ossa_smd_import_dialog_set_options    (OssaSmdImportDialog  *self,
                                                     const OssaSmdImportOptions *options);
gboolean      ossa_smd_import_dialog_get_running    (OssaSmdImportDialog  *self);
double        ossa_smd_import_dialog_get_progress   (OssaSmdImportDialog  *self);

G_END_DECLS
