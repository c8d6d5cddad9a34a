/* SPDX-License-Identifier: GPL-3.0-or-later */
/* STUB until the gif writer lands: refuses to begin. */
#include "ossa-export-private.h"

static OssaExportWriter *
gif_begin (const OssaExportSettings *settings, const OssaExportResult *plan, GError **error)
{
  g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID, "the gif writer is not built yet");
  return NULL;
}

static gboolean
gif_add_frame (OssaExportWriter *writer, size_t index, const uint8_t *argb, int stride,
            GError **error)
{
  return FALSE;
}

static gboolean
gif_finish (OssaExportWriter *writer, OssaExportResult *result, GError **error)
{
  return FALSE;
}

static void
gif_abort (OssaExportWriter *writer)
{
}

const OssaExportWriterClass _ossa_export_gif_writer = {
  gif_begin, gif_add_frame, gif_finish, gif_abort,
};
