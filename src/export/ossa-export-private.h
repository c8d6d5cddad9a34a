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

/* For the tests: how many bytes of frames the GIF writer keeps in memory before
 * the rest wait in a scratch file (256 MiB); returns the old value. */
size_t _ossa_export_gif_set_keep_bytes (size_t bytes);

/* For plan: the video writer checks its GStreamer elements exist (NO_ENCODER). */
gboolean _ossa_export_video_check (OssaExportFormat format, GError **error);

/* A FRAMES pattern's file name cut at its one conversion: prefix, the digits of
 * %0Nd (0 for %d), suffix ("%%" already turned into "%"). */
typedef struct
{
  char *prefix, *suffix;
  int   width;
} OssaExportPattern;

/* Parses a pattern's file name (not its folder): exactly one %d or %0Nd, no other
 * conversion, "%%" allowed. False with error (INVALID) naming pattern otherwise. */
gboolean _ossa_export_pattern_parse (const char *pattern, OssaExportPattern *out, GError **error);
void     _ossa_export_pattern_clear (OssaExportPattern *pattern);
/* The file name of frame number n (newly allocated). */
char    *_ossa_export_pattern_name (const OssaExportPattern *pattern, long n);

/* The number frame i of plan carries in its file name: its frame in the animation
 * (so that --from 10 starts at walk-0010.png). */
long _ossa_export_frame_number (const OssaExportResult *plan, size_t i);

/* For plan: the sheet of plan's frames fits OSSA_RENDER_MAX_SIZE (INVALID). */
gboolean _ossa_export_sheet_check (const OssaExportSettings *settings,
                                   const OssaExportResult *plan, GError **error);

/* Writes a PNG of argb (premultiplied native ARGB32) to the open fd with write(2)
 * (so that a full disk is seen), then, with sync, fsync(2); path names it in
 * errors (IO). Does not close fd. */
gboolean _ossa_export_png_write_fd (int fd, const char *path, const uint8_t *argb, int width,
                                    int height, int stride, gboolean sync, GError **error);
/* bytes to fd with write(2) and fsync(2); IO naming path. */
gboolean _ossa_export_write_all (int fd, const char *path, const void *bytes, size_t size,
                                 GError **error);
/* A new file beside path, hidden (".NAME.XXXXXX"), open for writing: its fd, its
 * name in *tmp_path. -1 with error (IO). */
int      _ossa_export_open_temp (const char *path, char **tmp_path, GError **error);

G_END_DECLS
