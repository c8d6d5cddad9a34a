/* SPDX-License-Identifier: GPL-3.0-or-later */
/* STUB until the video writer lands: refuses to begin. */
#include "ossa-export-private.h"

static OssaExportWriter *
video_begin (const OssaExportSettings *settings, const OssaExportResult *plan, GError **error)
{
  g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID, "the video writer is not built yet");
  return NULL;
}

static gboolean
video_add_frame (OssaExportWriter *writer, size_t index, const uint8_t *argb, int stride,
            GError **error)
{
  return FALSE;
}

static gboolean
video_finish (OssaExportWriter *writer, OssaExportResult *result, GError **error)
{
  return FALSE;
}

static void
video_abort (OssaExportWriter *writer)
{
}

const OssaExportWriterClass _ossa_export_video_writer = {
  video_begin, video_add_frame, video_finish, video_abort,
};

gboolean
_ossa_export_video_check (OssaExportFormat format, GError **error)
{
  g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_NO_ENCODER, "video is not built yet");
  return FALSE;
}
