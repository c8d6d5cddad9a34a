/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Reading OpenRaster files the test writes with libzip, as Krita, GIMP and
 * MyPaint do: four layers of different sizes and places, two of them in a group
 * offset from the image, one hidden, one half opaque, come back back to front
 * with their positions, sizes, bytes and pixels; stack.xml parsed alone (the
 * fuzzer's entry point) flattens groups the same way and skips what it does not
 * know. The bad files are in test-ora-bad.c. */
#define G_LOG_DOMAIN "test-ora"

#include "config.h"

#include <locale.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "art-test-support.h"
#include "ossa-ora.h"

/* stack.xml lists the topmost layer first. */
static const char stack_body[] =
  "    <layer name=\"Head\" src=\"data/head.png\" x=\"200\" y=\"20\" opacity=\"0.5\"/>\n"
  "    <stack name=\"Body\" x=\"10\" y=\"5\" opacity=\"0.5\" isolation=\"isolate\">\n"
  "      <layer name=\"Arm\" src=\"data/arm.png\" x=\"300\" y=\"150\" visibility=\"hidden\"/>\n"
  "      <layer name=\"Torso\" src=\"data/torso.png\" x=\"150\" y=\"120\" selected=\"true\"/>\n"
  "    </stack>\n"
  "    <layer name=\"Background\" src=\"data/background.png\" x=\"0\" y=\"0\""
  " composite-op=\"svg:multiply\" visibility=\"visible\"/>\n";

typedef struct
{
  const char *name;
  const char *group;
  const char *src;
  int         x;
  int         y;
  guint       width;
  guint       height;
  gboolean    visible;
  double      opacity;
  const char *composite_op;
  guint32     argb;
} Expected;

/* Back to front. */
static const Expected expected[] = {
  { "Background", "", "data/background.png", 0, 0, 640, 480, TRUE, 1.0, "svg:multiply", 0xff204080 },
  { "Torso", "Body", "data/torso.png", 160, 125, 120, 200, TRUE, 0.5, "svg:src-over", 0xffc08040 },
  { "Arm", "Body", "data/arm.png", 310, 155, 40, 160, FALSE, 0.5, "svg:src-over", 0xff40c040 },
  { "Head", "", "data/head.png", 200, 20, 90, 100, TRUE, 0.5, "svg:src-over", 0xffe0c0a0 },
};

typedef struct
{
  char   *dir;
  char   *path;
  GBytes *png[G_N_ELEMENTS (expected)];
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *xml = art_test_stack_xml (640, 480, stack_body);
  g_autoptr (GBytes) mimetype = g_bytes_new_static ("image/openraster", 16);
  g_autoptr (GBytes) stack = g_bytes_new (xml, strlen (xml));
  g_autoptr (GBytes) thumbnail = art_test_png (256, 192, 0xff808080);
  ArtTestEntry entries[3 + G_N_ELEMENTS (expected) + 1] = {
    { "mimetype", mimetype, 0, TRUE },
    { "stack.xml", stack, 0, FALSE },
  };
  guint n = 2;

  fixture->dir = g_dir_make_tmp ("test-ora-XXXXXX", NULL);
  fixture->path = g_build_filename (fixture->dir, "character.ora", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      fixture->png[i] = art_test_png (expected[i].width, expected[i].height, expected[i].argb);
      entries[n++] = (ArtTestEntry) { expected[i].src, fixture->png[i], 0, FALSE };
    }
  entries[n++] = (ArtTestEntry) { "Thumbnails/thumbnail.png", thumbnail, 0, FALSE };
  entries[n++] = (ArtTestEntry) { "mergedimage.png", thumbnail, 0, FALSE };
  art_test_write_zip (fixture->path, entries, n);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_bytes_unref (fixture->png[i]);
  g_unlink (fixture->path);
  g_rmdir (fixture->dir);
  g_free (fixture->path);
  g_free (fixture->dir);
}

/* The colour of the pixel at (x, y), 0xAARRGGBB (opaque pictures only: the
 * download is premultiplied). */
static guint32
pixel_at (GdkTexture *texture,
          int         x,
          int         y)
{
  int width = gdk_texture_get_width (texture);
  int height = gdk_texture_get_height (texture);
  g_autofree guint32 *pixels = g_new (guint32, (gsize) width * height);

  gdk_texture_download (texture, (guchar *) pixels, (gsize) width * 4);
  return pixels[(gsize) y * width + x];
}

static void
check_layers (Fixture       *fixture,
              const OssaOra *ora,
              gboolean       decoded)
{
  g_assert_cmpuint (ora->width, ==, 640);
  g_assert_cmpuint (ora->height, ==, 480);
  g_assert_cmpuint (ora->layers->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const OssaOraLayer *layer = g_ptr_array_index (ora->layers, i);
      const Expected *e = &expected[i];

      g_test_message ("layer %u: %s at %d, %d, %u × %u", i, layer->name, layer->x, layer->y,
                      layer->width, layer->height);
      g_assert_cmpstr (layer->name, ==, e->name);
      g_assert_cmpstr (layer->group, ==, e->group);
      g_assert_cmpstr (layer->src, ==, e->src);
      g_assert_cmpint (layer->x, ==, e->x);
      g_assert_cmpint (layer->y, ==, e->y);
      g_assert_cmpuint (layer->width, ==, e->width);
      g_assert_cmpuint (layer->height, ==, e->height);
      g_assert_cmpint (layer->visible, ==, e->visible);
      g_assert_cmpfloat_with_epsilon (layer->opacity, e->opacity, 1e-9);
      g_assert_cmpstr (layer->composite_op, ==, e->composite_op);
      g_assert_nonnull (layer->png);
      g_assert_true (g_bytes_equal (layer->png, fixture->png[i]));
      if (!decoded)
        g_assert_null (layer->texture);
      else
        {
          g_assert_nonnull (layer->texture);
          g_assert_cmpint (gdk_texture_get_width (layer->texture), ==, (int) e->width);
          g_assert_cmpint (gdk_texture_get_height (layer->texture), ==, (int) e->height);
          g_assert_cmphex (pixel_at (layer->texture, (int) e->width / 2, (int) e->height / 2),
                           ==, e->argb);
        }
    }
}

static void
test_read_file (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr (GFile) file = g_file_new_for_path (fixture->path);
  g_autoptr (GError) error = NULL;
  g_autoptr (OssaOra) ora = ossa_ora_read_file (file, OSSA_ART_READ_DEFAULT, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (ora);
  check_layers (fixture, ora, FALSE);
}

static void
test_read_decoded (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr (GFile) file = g_file_new_for_path (fixture->path);
  g_autoptr (GError) error = NULL;
  g_autoptr (OssaOra) ora = ossa_ora_read_file (file, OSSA_ART_READ_DECODE, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (ora);
  check_layers (fixture, ora, TRUE);
}

static void
test_read_bytes (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GMappedFile) mapped = g_mapped_file_new (fixture->path, FALSE, &error);
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (OssaOra) ora = NULL;

  g_assert_no_error (error);
  bytes = g_mapped_file_get_bytes (mapped);
  ora = ossa_ora_read_bytes (bytes, "character.ora", OSSA_ART_READ_DEFAULT, NULL, NULL, &error);
  g_assert_no_error (error);
  check_layers (fixture, ora, FALSE);
}

/* The fuzzer's entry point: stack.xml alone, no archive. */
static void
test_parse_stack (void)
{
  g_autofree char *xml = art_test_stack_xml (640, 480, stack_body);
  g_autoptr (GError) error = NULL;
  g_autoptr (OssaOra) ora = ossa_ora_parse_stack (xml, strlen (xml), NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (ora->width, ==, 640);
  g_assert_cmpuint (ora->layers->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const OssaOraLayer *layer = g_ptr_array_index (ora->layers, i);

      g_assert_cmpstr (layer->name, ==, expected[i].name);
      g_assert_cmpint (layer->x, ==, expected[i].x);
      g_assert_cmpint (layer->y, ==, expected[i].y);
      g_assert_cmpuint (layer->width, ==, 0);
      g_assert_null (layer->png);
    }
}

/* Groups in groups add up; what the reader does not know is skipped with what
 * it holds; a layer without a name takes its file's; numbers are read in the C
 * locale whatever the person's is, and opacity is clamped to [0, 1]. */
static void
test_parse_nested (void)
{
  static const char xml[] =
    "<?xml version='1.0'?>\n"
    "<image w='100.0' h='50' xres='72'>\n"
    " <stack x='1' y='2'>\n"
    "  <text x='0' y='0'><layer src='data/hidden-in-text.png'/></text>\n"
    "  <stack name='Outer' x='10' y='20' visibility='hidden' opacity='0.5'>\n"
    "   <stack name='Inner' x='-5' y='5' opacity='0.5'>\n"
    "    <layer src='data/hand.png' x='3.4' y='-2.6' opacity='1.5'/>\n"
    "   </stack>\n"
    "   <layer name='' src='./data/sleeve' x='0' y='0' opacity='-1'/>\n"
    "  </stack>\n"
    "  <future-element><layer src='data/nope.png'/></future-element>\n"
    "  <layer name='Ground' src='data/ground.png'/>\n"
    " </stack>\n"
    "</image>\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (OssaOra) ora = NULL;
  g_autofree char *numeric = g_strdup (setlocale (LC_NUMERIC, NULL));
  const OssaOraLayer *layer;

  if (setlocale (LC_NUMERIC, "de_DE.UTF-8") == NULL)
    g_test_message ("no de_DE.UTF-8 locale: numbers read in %s only", numeric);
  ora = ossa_ora_parse_stack (xml, sizeof xml - 1, NULL, &error);
  setlocale (LC_NUMERIC, numeric);
  g_assert_no_error (error);
  g_assert_cmpuint (ora->width, ==, 100);
  g_assert_cmpuint (ora->height, ==, 50);
  g_assert_cmpuint (ora->layers->len, ==, 3);

  layer = g_ptr_array_index (ora->layers, 0);
  g_assert_cmpstr (layer->name, ==, "Ground");
  g_assert_cmpstr (layer->group, ==, "");
  g_assert_cmpint (layer->x, ==, 1);
  g_assert_cmpint (layer->y, ==, 2);
  g_assert_true (layer->visible);
  g_assert_cmpfloat (layer->opacity, ==, 1.0);

  layer = g_ptr_array_index (ora->layers, 1);
  g_assert_cmpstr (layer->name, ==, "sleeve");
  g_assert_cmpstr (layer->src, ==, "./data/sleeve");
  g_assert_cmpstr (layer->group, ==, "Outer");
  g_assert_cmpint (layer->x, ==, 11);
  g_assert_cmpint (layer->y, ==, 22);
  g_assert_false (layer->visible);
  g_assert_cmpfloat (layer->opacity, ==, 0.0);

  layer = g_ptr_array_index (ora->layers, 2);
  g_assert_cmpstr (layer->name, ==, "hand");
  g_assert_cmpstr (layer->group, ==, "Outer/Inner");
  g_assert_cmpint (layer->x, ==, 1 + 10 - 5 + 3);
  g_assert_cmpint (layer->y, ==, 2 + 20 + 5 - 3);
  g_assert_false (layer->visible);
  g_assert_cmpfloat_with_epsilon (layer->opacity, 0.25, 1e-12);
}

/* A writer that puts "./" before its paths, compresses the mimetype and puts it
 * last is still read: the reader asks only that it is there and right. */
static void
test_lenient (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-ora-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "lenient.ora", NULL);
  g_autofree char *xml = art_test_stack_xml (64, 64,
                                             "<layer name=\"Dot\" src=\"./data/dot.png\"/>\n");
  g_autoptr (GBytes) mimetype = g_bytes_new_static ("image/openraster", 16);
  g_autoptr (GBytes) stack = g_bytes_new (xml, strlen (xml));
  g_autoptr (GBytes) dot = art_test_png (8, 8, 0xff000000);
  ArtTestEntry entries[] = {
    { "stack.xml", stack, 0, FALSE },
    { "data/dot.png", dot, 0, FALSE },
    { "mimetype", mimetype, 0, FALSE },
  };
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (OssaOra) ora = NULL;

  art_test_write_zip (path, entries, G_N_ELEMENTS (entries));
  ora = ossa_ora_read_file (file, OSSA_ART_READ_DECODE, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ora->layers->len, ==, 1);
  g_assert_cmpuint (((OssaOraLayer *) g_ptr_array_index (ora->layers, 0))->width, ==, 8);
  g_unlink (path);
  g_rmdir (dir);
}

/* An image without layers is read as one: nothing to import is the caller's to
 * say. */
static void
test_parse_empty (void)
{
  static const char xml[] = "<image w='8' h='8'><stack/></image>";
  g_autoptr (GError) error = NULL;
  g_autoptr (OssaOra) ora = ossa_ora_parse_stack (xml, sizeof xml - 1, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (ora->width, ==, 8);
  g_assert_cmpuint (ora->layers->len, ==, 0);
}

/* Any bytes give layers or an error, never both, never a crash: the sample
 * stack.xml cut short and with bytes changed, the way a fuzzer would start. */
static void
test_parse_mutations (void)
{
  g_autofree char *xml = art_test_stack_xml (640, 480, stack_body);
  gsize size = strlen (xml);
  g_autoptr (GRand) rand = g_rand_new_with_seed (14);
  static const char alphabet[] = "<>/='\"&; \nxy0-9.\xff\xc3";
  guint parsed = 0;

  for (guint round = 0; round < 3000; round++)
    {
      g_autofree char *copy = g_memdup2 (xml, size);
      gsize length = round % 3 == 0 ? (gsize) g_rand_int_range (rand, 0, (gint32) size) : size;
      g_autoptr (GError) error = NULL;
      g_autoptr (OssaOra) ora = NULL;

      for (guint n = g_rand_int_range (rand, 1, 5); n > 0; n--)
        copy[g_rand_int_range (rand, 0, (gint32) size)] =
          alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];
      ora = ossa_ora_parse_stack (copy, length, NULL, &error);
      g_assert_true ((ora == NULL) != (error == NULL));
      if (ora != NULL)
        parsed++;
      else
        g_assert_true (g_str_has_prefix (error->message, "stack.xml:"));
    }
  g_test_message ("%u of 3000 mutations parsed", parsed);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/ora/read-file", Fixture, NULL, fixture_set_up, test_read_file, fixture_tear_down);
  g_test_add ("/ora/read-decoded", Fixture, NULL, fixture_set_up, test_read_decoded,
              fixture_tear_down);
  g_test_add ("/ora/read-bytes", Fixture, NULL, fixture_set_up, test_read_bytes,
              fixture_tear_down);
  g_test_add_func ("/ora/parse-stack", test_parse_stack);
  g_test_add_func ("/ora/parse-nested", test_parse_nested);
  g_test_add_func ("/ora/parse-empty", test_parse_empty);
  g_test_add_func ("/ora/parse-mutations", test_parse_mutations);
  g_test_add_func ("/ora/lenient", test_lenient);
  return g_test_run ();
}
