/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The export job (ossa_export_run()) on a worker thread, for the Export Animation
 * dialog: it owns the document copy and a copy of the settings it was given, and
 * reports progress on the main thread. The caller owns the result it gets from
 * _finish() (ossa_export_result_clear()). */
#pragma once

#include <gio/gio.h>

#include "ossa-export.h"

G_BEGIN_DECLS

/* done of total frames written; on the main thread, at most once a main loop turn. */
typedef void (*OssaExportTaskProgress) (gsize    done,
                                        gsize    total,
                                        gpointer user_data);

void     ossa_export_task_run_async  (OssaDocument              *doc,
                                      const OssaExportSettings  *settings,
                                      GCancellable              *cancellable,
                                      OssaExportTaskProgress     progress,
                                      gpointer                   progress_data,
                                      GAsyncReadyCallback        callback,
                                      gpointer                   user_data);
gboolean ossa_export_task_run_finish (GAsyncResult              *result,
                                      OssaExportResult          *export_result,
                                      GError                   **error);

G_END_DECLS
