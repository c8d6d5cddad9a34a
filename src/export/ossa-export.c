/* SPDX-License-Identifier: GPL-3.0-or-later */
/* STUB until the export job lands: plans nothing, writes nothing. */
#include "ossa-export-private.h"

G_DEFINE_QUARK (ossa-export-error-quark, ossa_export_error)

void
ossa_export_settings_init (OssaExportSettings *settings)
{
  *settings = (OssaExportSettings) { .width = 512, .height = 512, .margin = 16 };
}

gboolean
ossa_export_format_for_path (const char *path, gboolean sheet, OssaExportFormat *format,
                             GError **error)
{
  g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID,
               "%s: export is not built yet", path);
  return FALSE;
}

void
ossa_export_result_clear (OssaExportResult *result)
{
  g_clear_pointer (&result->files, g_ptr_array_unref);
  g_clear_pointer (&result->missing, g_free);
}

gboolean
ossa_export_plan (const OssaDocument *doc, const OssaExportSettings *settings,
                  OssaExportResult *plan, GError **error)
{
  g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID, "export is not built yet");
  return FALSE;
}

gboolean
ossa_export_run (const OssaDocument *doc, const OssaExportSettings *settings,
                 OssaExportProgress progress, gpointer user_data, GCancellable *cancellable,
                 OssaExportResult *result, GError **error)
{
  return ossa_export_plan (doc, settings, result, error);
}

gboolean
ossa_export_write_png (const char *path, const uint8_t *argb, int width, int height,
                       int stride, GError **error)
{
  g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO, "%s: export is not built yet", path);
  return FALSE;
}
