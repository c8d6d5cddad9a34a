/* SPDX-License-Identifier: GPL-3.0-or-later */
/* STUB until the sheet writer lands: refuses to begin. */
#include "ossa-export-private.h"

#include <math.h>

gboolean
_ossa_export_sheet_check (const OssaExportSettings *settings, const OssaExportResult *plan,
                          GError **error)
{
  return TRUE;
}

static OssaExportWriter *
sheet_begin (const OssaExportSettings *settings, const OssaExportResult *plan, GError **error)
{
  g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID, "the sheet writer is not built yet");
  return NULL;
}

static gboolean
sheet_add_frame (OssaExportWriter *writer, size_t index, const uint8_t *argb, int stride,
            GError **error)
{
  return FALSE;
}

static gboolean
sheet_finish (OssaExportWriter *writer, OssaExportResult *result, GError **error)
{
  return FALSE;
}

static void
sheet_abort (OssaExportWriter *writer)
{
}

const OssaExportWriterClass _ossa_export_sheet_writer = {
  sheet_begin, sheet_add_frame, sheet_finish, sheet_abort,
};
