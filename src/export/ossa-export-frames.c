/* SPDX-License-Identifier: GPL-3.0-or-later */
/* STUB until the frames writer lands: refuses to begin. */
#include "ossa-export-private.h"

static OssaExportWriter *
frames_begin (const OssaExportSettings *settings, const OssaExportResult *plan, GError **error)
{
  g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID, "the frames writer is not built yet");
  return NULL;
}

static gboolean
frames_add_frame (OssaExportWriter *writer, size_t index, const uint8_t *argb, int stride,
            GError **error)
{
  return FALSE;
}

static gboolean
frames_finish (OssaExportWriter *writer, OssaExportResult *result, GError **error)
{
  return FALSE;
}

static void
frames_abort (OssaExportWriter *writer)
{
}

const OssaExportWriterClass _ossa_export_frames_writer = {
  frames_begin, frames_add_frame, frames_finish, frames_abort,
};
