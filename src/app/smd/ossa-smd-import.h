/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ossa-document.h"
#include "ossa-smd.h"
#include "ossa-window.h"

G_BEGIN_DECLS

/* Valve SMD in the editor: File > Import SMD… and File > Export SMD….
 *
 * The import runs ossa_smd_import_files() on a worker thread (GTask) so the window
 * keeps drawing and answering while a large file is read; progress and the end
 * come back on the main context. The dialog gathers the files and options, shows
 * the progress with a Cancel button and any error as "FILE:LINE: message"; the
 * window then asks about unsaved changes and takes the result as a new untitled
 * document, and lists what the import skipped (bones, vertex animation). */

/* ---- the worker ---- */

/* Called on the main context of the caller with how far the import is, 0 to 1. */
typedef void (*OssaSmdImportProgressFunc) (double   fraction,
                                           gpointer user_data);

void          ossa_smd_import_async  (GFile * const              *files,
                                      guint                       n_files,
                                      const OssaSmdImportOptions *options,
                                      GCancellable               *cancellable,
                                      OssaSmdImportProgressFunc   progress,
                                      gpointer                    progress_data,
                                      GAsyncReadyCallback         callback,
                                      gpointer                    user_data);
OssaDocument *ossa_smd_import_finish (GAsyncResult               *result,
                                      char                     ***notices,
                                      GError                    **error);

/* ---- the dialog ---- */

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

/* A message listing what an import left out; closes itself when answered. */
GtkWindow    *ossa_smd_show_notices                 (GtkWindow            *parent,
                                                     const char * const   *notices);

/* ---- in a window ---- */

/* File > Import SMD…: the dialog; a result replaces the window's document once
 * unsaved changes are dealt with (ossa_window_ask_save_changes()). A second call
 * while the dialog is open brings it to the front. */
void          ossa_smd_import_start                 (OssaWindow           *window);

/* File > Export SMD…: a save chooser with an "Animation" choice (the current one
 * first); writes it with ossa_smd_save_animation() and says why if that fails. */
void          ossa_smd_export_start                 (OssaWindow           *window);

G_END_DECLS
