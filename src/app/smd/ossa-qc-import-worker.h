/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "ossa-document.h"
#include "ossa-qc.h"

G_BEGIN_DECLS

/* The .qc import as a GTask: ossa_qc_import_file() on a worker thread, its
 * progress and end delivered on the caller's main context, a GCancellable that
 * stops it; the same pattern as the SMD import's worker (ossa-smd-import-worker.h).
 * The caller owns the file and options it passes (copied before the thread
 * starts) and gets the document and notices, to own, from the finish function. */

/* Called on the caller's main context with how far the import is, 0 to 1. */
typedef void (*OssaQcImportProgressFunc) (double   fraction,
                                          gpointer user_data);

void          ossa_qc_import_async  (GFile                      *file,
                                     const OssaSmdImportOptions *options,
                                     GCancellable               *cancellable,
                                     OssaQcImportProgressFunc    progress,
                                     gpointer                    progress_data,
                                     GAsyncReadyCallback         callback,
                                     gpointer                    user_data);
OssaDocument *ossa_qc_import_finish (GAsyncResult               *result,
                                     char                     ***notices,
                                     GError                    **error);

G_END_DECLS
