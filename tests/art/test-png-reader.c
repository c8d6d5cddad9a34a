/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One PNG read as File → Import Images will: its size from its header, its bytes
 * as they were, decoded on request to a texture of that size; and the bad ones,
 * each an error naming the file: a path that does not exist, a folder, a file
 * that is no PNG, a broken header, a picture over 16384 pixels a side, a PNG
 * that does not decode, a file over the byte limit (refused unread). */
#define G_LOG_DOMAIN "test-png-reader"

#include "config.h"

#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "art-test-support.h"
#include "ossa-png-reader.h"

typedef struct
{
  char  *dir;
  char  *path;
  GFile *file;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->dir = g_dir_make_tmp ("test-png-reader-XXXXXX", NULL);
  fixture->path = g_build_filename (fixture->dir, "arm.png", NULL);
  fixture->file = g_file_new_for_path (fixture->path);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_object_unref (fixture->file);
  g_unlink (fixture->path);
  g_rmdir (fixture->dir);
  g_free (fixture->path);
  g_free (fixture->dir);
}

static void
write_bytes (Fixture *fixture,
             GBytes  *bytes)
{
  g_assert_true (g_file_set_contents (fixture->path, g_bytes_get_data (bytes, NULL),
                                      (gssize) g_bytes_get_size (bytes), NULL));
}

static GError *
read_fails (Fixture             *fixture,
            OssaArtReadFlags     flags,
            const OssaArtLimits *limits,
            int                  code)
{
  g_autoptr (OssaArtImage) image = NULL;
  GError *error = NULL;

  image = ossa_png_read_file (fixture->file, flags, limits, NULL, &error);
  g_test_message ("%s", error != NULL ? error->message : "(no error)");
  g_assert_null (image);
  g_assert_error (error, OSSA_ART_ERROR, code);
  return error;
}

static void
assert_message (const GError *error,
                const char   *path,
                const char   *english)
{
  g_autofree char *expected = g_strdup_printf ("%s: %s", path, english);

  g_assert_cmpstr (error->message, ==, expected);
}

static void
test_read (Fixture       *fixture,
           gconstpointer  data)
{
  g_autoptr (GBytes) png = art_test_png (123, 45, 0xff336699);
  g_autoptr (OssaArtImage) image = NULL;
  g_autoptr (OssaArtImage) decoded = NULL;
  g_autoptr (GError) error = NULL;

  write_bytes (fixture, png);
  image = ossa_png_read_file (fixture->file, OSSA_ART_READ_DEFAULT, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (image->name, ==, fixture->path);
  g_assert_cmpuint (image->width, ==, 123);
  g_assert_cmpuint (image->height, ==, 45);
  g_assert_true (g_bytes_equal (image->png, png));
  g_assert_null (image->texture);

  decoded = ossa_png_read_file (fixture->file, OSSA_ART_READ_DECODE, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (decoded->texture);
  g_assert_cmpint (gdk_texture_get_width (decoded->texture), ==, 123);
  g_assert_cmpint (gdk_texture_get_height (decoded->texture), ==, 45);
}

/* The header alone: its size, and each way it can be broken. */
static void
test_header (void)
{
  g_autoptr (GBytes) png = art_test_png (300, 7, 0xff000000);
  gsize size;
  const guint8 *data = g_bytes_get_data (png, &size);
  g_autofree guint8 *copy = g_memdup2 (data, size);
  g_autoptr (GError) error = NULL;
  guint width = 0, height = 0;

  g_assert_true (ossa_png_read_size (data, size, &width, &height, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (width, ==, 300);
  g_assert_cmpuint (height, ==, 7);
  /* The header is all it needs. */
  g_assert_true (ossa_png_read_size (data, 33, &width, &height, &error));

  g_assert_false (ossa_png_read_size (data, 32, &width, &height, &error));
  g_assert_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_DECODE);
  g_assert_cmpstr (error->message, ==, "a damaged PNG image: it ends inside its header");
  g_clear_error (&error);

  g_assert_false (ossa_png_read_size ((const guint8 *) "GIF89a", 6, &width, &height, &error));
  g_assert_cmpstr (error->message, ==, "not a PNG image");
  g_clear_error (&error);

  g_assert_false (ossa_png_read_size (NULL, 0, &width, &height, &error));
  g_assert_cmpstr (error->message, ==, "not a PNG image");
  g_clear_error (&error);

  memcpy (copy + 12, "IDAT", 4);
  g_assert_false (ossa_png_read_size (copy, size, &width, &height, &error));
  g_assert_cmpstr (error->message, ==,
                   "a damaged PNG image: it does not start with its header (IHDR)");
  g_clear_error (&error);
  memcpy (copy + 12, "IHDR", 4);

  memset (copy + 16, 0, 4);
  g_assert_false (ossa_png_read_size (copy, size, &width, &height, &error));
  g_assert_cmpstr (error->message, ==, "a damaged PNG image: its header says 0 × 7 pixels");
  g_clear_error (&error);
  memcpy (copy, data, size);

  copy[24] = 3;  /* RGBA at 3 bits a channel */
  g_assert_false (ossa_png_read_size (copy, size, &width, &height, &error));
  g_assert_cmpstr (error->message, ==,
                   "a damaged PNG image: its header has a colour type, depth or method no decoder knows");
  g_clear_error (&error);

  /* Untouched: what it was given is only read. */
  g_assert_true (ossa_png_read_size (data, size, &width, &height, &error));
}

static void
test_missing (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr (GError) error = read_fails (fixture, OSSA_ART_READ_DEFAULT, NULL,
                                         OSSA_ART_ERROR_NOT_FOUND);

  assert_message (error, fixture->path, "the file does not exist");
}

static void
test_folder (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr (GFile) folder = g_file_new_for_path (fixture->dir);
  g_autoptr (GError) error = NULL;
  g_autoptr (OssaArtImage) image = ossa_png_read_file (folder, OSSA_ART_READ_DEFAULT, NULL,
                                                       NULL, &error);
  g_autofree char *prefix = g_strdup_printf ("%s: the file could not be read (", fixture->dir);

  g_assert_null (image);
  g_assert_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, prefix));
}

static void
test_not_png (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr (GBytes) text = g_bytes_new_static ("<svg/>", 6);
  g_autoptr (GError) error = NULL;

  write_bytes (fixture, text);
  error = read_fails (fixture, OSSA_ART_READ_DECODE, NULL, OSSA_ART_ERROR_DECODE);
  assert_message (error, fixture->path, "not a PNG image");
}

static void
test_too_big (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr (GBytes) tall = art_test_png (1, OSSA_ART_MAX_SIDE + 1, 0xff000000);
  g_autoptr (GBytes) fits = art_test_png (OSSA_ART_MAX_SIDE, 1, 0xff000000);
  g_autoptr (OssaArtImage) image = NULL;
  g_autoptr (GError) error = NULL;

  write_bytes (fixture, fits);
  image = ossa_png_read_file (fixture->file, OSSA_ART_READ_DECODE, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (image->width, ==, OSSA_ART_MAX_SIDE);

  write_bytes (fixture, tall);
  error = read_fails (fixture, OSSA_ART_READ_DECODE, NULL, OSSA_ART_ERROR_LIMIT);
  assert_message (error, fixture->path, "1 × 16385 pixels, over the limit of 16384 pixels a side");
}

static void
test_no_decode (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr (GBytes) good = art_test_png (64, 64, 0xff336699);
  g_autoptr (GBytes) broken = NULL;
  g_autoptr (GBytes) cut = NULL;
  g_autoptr (OssaArtImage) image = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *prefix = g_strdup_printf ("%s: the PNG image does not decode (", fixture->path);
  gsize size = g_bytes_get_size (good);
  guint8 *bytes = g_memdup2 (g_bytes_get_data (good, NULL), size);

  for (gsize i = 41; i < size - 12; i++)
    bytes[i] ^= 0x5a;
  broken = g_bytes_new_take (bytes, size);
  write_bytes (fixture, broken);
  image = ossa_png_read_file (fixture->file, OSSA_ART_READ_DEFAULT, NULL, NULL, &error);
  g_assert_no_error (error);
  g_clear_pointer (&image, ossa_art_image_free);
  error = read_fails (fixture, OSSA_ART_READ_DECODE, NULL, OSSA_ART_ERROR_DECODE);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_clear_error (&error);

  /* Cut short after its header. */
  cut = g_bytes_new_from_bytes (good, 0, 40);
  write_bytes (fixture, cut);
  error = read_fails (fixture, OSSA_ART_READ_DECODE, NULL, OSSA_ART_ERROR_DECODE);
  g_assert_true (g_str_has_prefix (error->message, prefix));
}

/* Over the byte limit: refused by its size, before it is read. */
static void
test_too_many_bytes (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr (GBytes) png = art_test_png (64, 64, 0xff336699);
  OssaArtLimits limits = *ossa_art_limits_default ();
  g_autoptr (GError) error = NULL;
  g_autoptr (OssaArtImage) image = NULL;
  g_autofree char *expected = NULL;

  limits.max_png_bytes = 100;
  write_bytes (fixture, png);
  error = read_fails (fixture, OSSA_ART_READ_DEFAULT, &limits, OSSA_ART_ERROR_LIMIT);
  expected = g_strdup_printf ("%" G_GSIZE_FORMAT " bytes, over the limit of 100 bytes for one picture",
                              g_bytes_get_size (png));
  assert_message (error, fixture->path, expected);
  g_clear_error (&error);

  /* From memory, likewise. */
  image = ossa_png_read_bytes (png, "arm.png", OSSA_ART_READ_DEFAULT, &limits, &error);
  g_assert_null (image);
  g_assert_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_LIMIT);
  assert_message (error, "arm.png", expected);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/png-reader/read", test_read);
  g_test_add_func ("/png-reader/header", test_header);
  ADD ("/png-reader/missing", test_missing);
  ADD ("/png-reader/folder", test_folder);
  ADD ("/png-reader/not-png", test_not_png);
  ADD ("/png-reader/too-big", test_too_big);
  ADD ("/png-reader/no-decode", test_no_decode);
  ADD ("/png-reader/too-many-bytes", test_too_many_bytes);
#undef ADD
  return g_test_run ();
}
