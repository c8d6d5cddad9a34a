/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "ossa-document.h"
#include "ossa-qc.h"
#include "ossa-smd.h"

G_BEGIN_DECLS

/* The SMD import and the whole-model (.qc) import as GTasks: ossa_smd_import_files()
 * or ossa_qc_import_file() on a worker thread, with its progress and end delivered
 * on the caller's main context and a GCancellable that stops it. The caller owns the files and options it passes (copied before
 * the thread starts) and gets the document and notices, to own, from the finish
 * function. */

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

void          ossa_qc_import_async   (GFile                      *file,
                                      const OssaSmdImportOptions *options,
                                      GCancellable               *cancellable,
                                      OssaSmdImportProgressFunc   progress,
                                      gpointer                    progress_data,
                                      GAsyncReadyCallback         callback,
                                      gpointer                    user_data);
OssaDocument *ossa_qc_import_finish  (GAsyncResult               *result,
                                      char                     ***notices,
                                      GError                    **error);

G_END_DECLS
