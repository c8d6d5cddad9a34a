/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ossa-document.h"
#include "ossa-smd-import-worker.h"
#include "ossa-smd.h"

G_BEGIN_DECLS

/* OssaImportDialog: what File > Import SMD… and File > Import Valve Model (.qc)…
 * have in common, so that both behave alike: the options (plane, simplification,
 * and the frame rate where the dialog shows one), the import on the worker
 * thread (ossa-smd-import-worker.h) with a progress bar and Cancel (Escape), a
 * failure shown as "FILE:LINE: message" while the dialog stays open for another
 * try, and the run/run_finish pair through which the window gets the document.
 * A subclass (OssaSmdImportDialog, OssaQcImportDialog) adds its files and starts
 * its kind of import. The dialog knows nothing of the window it is for: it hands
 * the imported document (and its notices) to whoever ran it, who owns them from
 * then on; it owns itself while shown and destroys itself once it answered. */

#define OSSA_TYPE_IMPORT_DIALOG (ossa_import_dialog_get_type ())

G_DECLARE_DERIVABLE_TYPE (OssaImportDialog, ossa_import_dialog, OSSA, IMPORT_DIALOG, GtkWindow)

struct _OssaImportDialogClass
{
  GtkWindowClass parent_class;

  /* The title of the message a failed import shows, marked with N_(). */
  const char *failure_title;

  /* Whether the form names what to import. */
  gboolean      (*can_import)     (OssaImportDialog           *self);
  /* Starts the import of the form's files with @options on the worker thread,
   * to be ended with finish(). */
  void          (*start)          (OssaImportDialog           *self,
                                   const OssaSmdImportOptions *options,
                                   GCancellable               *cancellable,
                                   OssaSmdImportProgressFunc   progress,
                                   gpointer                    progress_data,
                                   GAsyncReadyCallback         callback,
                                   gpointer                    user_data);
  OssaDocument *(*finish)         (GAsyncResult               *result,
                                   char                     ***notices,
                                   GError                    **error);
  /* Enables the subclass's own actions for @running and what the form holds. */
  void          (*update_actions) (OssaImportDialog           *self,
                                   gboolean                    running);
};

void              ossa_import_dialog_run          (GType                       type,
                                                   GtkWindow                  *parent,
                                                   GCancellable               *cancellable,
                                                   GAsyncReadyCallback         callback,
                                                   gpointer                    user_data);
OssaDocument     *ossa_import_dialog_run_finish   (GAsyncResult               *result,
                                                   char                     ***notices,
                                                   GError                    **error);
OssaImportDialog *ossa_import_dialog_find         (GType                       type,
                                                   GtkWindow                  *parent);

void              ossa_import_dialog_get_options  (OssaImportDialog           *self,
                                                   OssaSmdImportOptions       *options);
void              ossa_import_dialog_set_options  (OssaImportDialog           *self,
                                                   const OssaSmdImportOptions *options);
gboolean          ossa_import_dialog_get_running  (OssaImportDialog           *self);
double            ossa_import_dialog_get_progress (OssaImportDialog           *self);

G_END_DECLS
