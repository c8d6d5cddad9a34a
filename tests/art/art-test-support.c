/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "art-test"

#include "config.h"

#include <string.h>

#include <gdk/gdk.h>
#include <zip.h>

#include "art-test-support.h"

/* A PNG of width × height pixels, all of the colour argb (0xAARRGGBB). */
GBytes *
art_test_png (guint   width,
              guint   height,
              guint32 argb)
{
  gsize stride = (gsize) width * 4;
  guint8 *pixels = g_malloc ((gsize) height * stride);
  g_autoptr (GBytes) memory = NULL;
  g_autoptr (GdkTexture) texture = NULL;

  for (gsize i = 0; i < (gsize) width * height; i++)
    {
      pixels[i * 4 + 0] = (guint8) (argb >> 16);
      pixels[i * 4 + 1] = (guint8) (argb >> 8);
      pixels[i * 4 + 2] = (guint8) argb;
      pixels[i * 4 + 3] = (guint8) (argb >> 24);
    }
  memory = g_bytes_new_take (pixels, (gsize) height * stride);
  texture = gdk_memory_texture_new ((int) width, (int) height, GDK_MEMORY_R8G8B8A8,
                                    memory, stride);
  return gdk_texture_save_to_png_bytes (texture);
}

/* A PNG a painter might make: a soft disc of colour on transparency, with grain
 * (so that it does not compress to nothing), different for each seed. */
GBytes *
art_test_png_noise (guint   width,
                    guint   height,
                    guint32 seed)
{
  gsize stride = (gsize) width * 4;
  guint8 *pixels = g_malloc0 ((gsize) height * stride);
  g_autoptr (GBytes) memory = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  double cx = width * g_rand_double_range (rand, 0.3, 0.7);
  double cy = height * g_rand_double_range (rand, 0.3, 0.7);
  double r = MIN (width, height) * g_rand_double_range (rand, 0.2, 0.45);

  for (guint y = 0; y < height; y++)
    for (guint x = 0; x < width; x++)
      {
        double d = ((x - cx) * (x - cx) + (y - cy) * (y - cy)) / (r * r);
        guint8 *p = pixels + y * stride + x * 4;

        if (d >= 1.0)
          continue;
        p[0] = (guint8) (seed * 37 + x / 8);
        p[1] = (guint8) (seed * 91 + y / 8);
        p[2] = (guint8) (g_rand_int (rand) & 0x1f);
        p[3] = (guint8) (255 * (1.0 - d * d));
      }
  memory = g_bytes_new_take (pixels, (gsize) height * stride);
  texture = gdk_memory_texture_new ((int) width, (int) height, GDK_MEMORY_R8G8B8A8,
                                    memory, stride);
  return gdk_texture_save_to_png_bytes (texture);
}

/* Writes a zip archive at path with the entries in this order (libzip keeps it).
 * Zeros are deflated at the fastest level: a bomb is quick to make. */
void
art_test_write_zip (const char         *path,
                    const ArtTestEntry *entries,
                    guint               n_entries)
{
  int code = 0;
  zip_t *zip = zip_open (path, ZIP_CREATE | ZIP_TRUNCATE, &code);

  g_assert_nonnull (zip);
  for (guint i = 0; i < n_entries; i++)
    {
      const ArtTestEntry *entry = &entries[i];
      zip_source_t *source;
      zip_int64_t index;

      if (entry->bytes != NULL)
        source = zip_source_buffer (zip, g_bytes_get_data (entry->bytes, NULL),
                                    g_bytes_get_size (entry->bytes), 0);
      else
        /* calloc'd pages are not touched until read, and reading maps zeros. */
        source = zip_source_buffer (zip, g_malloc0 (entry->zeros), entry->zeros, 1);
      g_assert_nonnull (source);
      index = zip_file_add (zip, entry->name, source, ZIP_FL_ENC_UTF_8);
      g_assert_cmpint (index, >=, 0);
      if (entry->store)
        g_assert_cmpint (zip_set_file_compression (zip, (zip_uint64_t) index, ZIP_CM_STORE, 0), ==, 0);
      else
        g_assert_cmpint (zip_set_file_compression (zip, (zip_uint64_t) index, ZIP_CM_DEFLATE,
                                                   entry->bytes == NULL ? 1 : 6), ==, 0);
    }
  g_assert_cmpint (zip_close (zip), ==, 0);
}

/* Makes entry's headers in the zip at path lie: both its local header and its
 * central directory record say it inflates to size bytes. */
void
art_test_patch_size (const char *path,
                     const char *entry,
                     guint32     size)
{
  g_autofree char *data = NULL;
  gsize length = 0;
  gsize name_length = strlen (entry);
  guint patched = 0;
  guint8 le[4] = { size & 0xff, (size >> 8) & 0xff, (size >> 16) & 0xff, size >> 24 };

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  for (gsize i = 0; i + 46 + name_length <= length; i++)
    {
      guint8 *p = (guint8 *) data + i;

      /* Local file header: name at 30, uncompressed size at 22. */
      if (memcmp (p, "PK\3\4", 4) == 0 && p[26] == name_length && p[27] == 0
          && memcmp (p + 30, entry, name_length) == 0)
        memcpy (p + 22, le, 4), patched++;
      /* Central directory record: name at 46, uncompressed size at 24. */
      else if (memcmp (p, "PK\1\2", 4) == 0 && p[28] == name_length && p[29] == 0
               && memcmp (p + 46, entry, name_length) == 0)
        memcpy (p + 24, le, 4), patched++;
    }
  g_assert_cmpuint (patched, ==, 2);
  g_assert_true (g_file_set_contents (path, data, (gssize) length, NULL));
}

/* A stack.xml of the image's size around body (its root <stack>'s children). */
char *
art_test_stack_xml (guint       width,
                    guint       height,
                    const char *body)
{
  return g_strdup_printf ("<?xml version='1.0' encoding='UTF-8'?>\n"
                          "<image version=\"0.0.5\" w=\"%u\" h=\"%u\">\n"
                          "  <stack>\n%s  </stack>\n"
                          "</image>\n", width, height, body);
}
