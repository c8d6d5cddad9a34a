/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Inside the export layer: the job hands each frame to the writer of its format.
 * A writer owns what it wrote until finish() moves it under the final names or
 * abort() removes it; both free the writer. */
#pragma once

#include "ossa-export.h"

G_BEGIN_DECLS

typedef struct _OssaExportWriter OssaExportWriter;

typedef struct
{
  /* Starts writing plan->range.n_frames frames of plan->width × plan->height. */
  OssaExportWriter *(*begin) (const OssaExportSettings *settings, const OssaExportResult *plan,
                              GError **error);
  /* Frame index (in order), premultiplied native ARGB32 as the renderer draws it. */
  gboolean (*add_frame) (OssaExportWriter *writer, size_t index, const uint8_t *argb,
                         int stride, GError **error);
  /* Every frame added: puts the output under its final name(s) and appends each
   * file's path to result->files. */
  gboolean (*finish) (OssaExportWriter *writer, OssaExportResult *result, GError **error);
  /* Removes everything this writer wrote. */
  void (*abort) (OssaExportWriter *writer);
} OssaExportWriterClass;

extern const OssaExportWriterClass _ossa_export_frames_writer;  /* ossa-export-frames.c */
extern const OssaExportWriterClass _ossa_export_sheet_writer;   /* ossa-export-sheet.c */
extern const OssaExportWriterClass _ossa_export_gif_writer;     /* ossa-export-gif.c */
extern const OssaExportWriterClass _ossa_export_video_writer;   /* ossa-export-video.c */

/* For plan: the video writer checks its GStreamer elements exist (NO_ENCODER). */
gboolean _ossa_export_video_check (OssaExportFormat format, GError **error);

G_END_DECLS
