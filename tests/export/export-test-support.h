/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For the export tests: the bundled hero (<build>/data/samples/hero.ossa), small
 * documents built with the core, temporary folders and what is in them, PNGs read
 * back with cairo as premultiplied ARGB32 (the renderer's own format). */
#pragma once

#include <cairo.h>
#include <errno.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "ossa-export.h"
#include "ossa-io.h"
#include "../support/test-folder.h"
#include "../support/test-samples.h"

/* hero.ossa loaded, its folder (where its art/ is) in *base_dir; NULL (the test
 * skipped) outside meson. */
static inline OssaDocument *
export_load_hero (char **base_dir)
{
  g_autofree char *path = test_sample_path ("hero.ossa");
  OssaDocument *doc;
  OssaError err = { 0 };

  if (path == NULL)
    return NULL;
  doc = ossa_document_load (path, &err);
  if (doc == NULL)
    g_error ("%s: %s", path, err.message);
  *base_dir = g_path_get_dirname (path);
  return doc;
}

/* Removes dir and everything under it. */
static inline void
export_remove_tree (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      /* A link to a folder goes, not what it points to. */
      if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        export_remove_tree (path);
      else
        g_unlink (path);
    }
  g_dir_close (d);
  g_chmod (dir, 0755);
  g_rmdir (dir);
}

static inline char *
export_tmp_dir (void)
{
  GError *error = NULL;
  char *dir = g_dir_make_tmp ("ossa-export-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

/* A PNG read back (cairo: premultiplied native ARGB32); asserts it decodes. */
static inline cairo_surface_t *
export_read_png (const char *path)
{
  cairo_surface_t *s = cairo_image_surface_create_from_png (path);

  if (cairo_surface_status (s) != CAIRO_STATUS_SUCCESS)
    g_error ("%s: %s", path, cairo_status_to_string (cairo_surface_status (s)));
  return s;
}

/* Pixel (x, y) of an ARGB32 surface. */
static inline uint32_t
export_pixel (cairo_surface_t *s, int x, int y)
{
  const uint8_t *data = cairo_image_surface_get_data (s);

  return *(const uint32_t *) (const void *) (data + (size_t) y * (size_t) cairo_image_surface_get_stride (s)
                                             + 4 * (size_t) x);
}

/* Settings for anim into output, the rest as ossa_export_settings_init() and the
 * format from the path (which must be good). */
static inline void
export_settings (OssaExportSettings *s, const char *anim, const char *output, gboolean sheet,
                 const char *base_dir)
{
  GError *error = NULL;

  ossa_export_settings_init (s);
  s->animation = anim;
  s->output = output;
  s->base_dir = base_dir;
  g_assert_true (ossa_export_format_for_path (output, sheet, &s->format, &error));
  g_assert_no_error (error);
}
