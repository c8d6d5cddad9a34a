/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Bad OpenRaster files, each written by the test: a layer file that is missing,
 * a stack.xml that is not XML, a file that is no zip or no OpenRaster, zip bombs
 * (one that says how big it is, one whose headers lie, one that passes the limit
 * for a whole file), a layer over 16384 pixels a side, a layer that is no PNG or
 * does not decode, a damaged entry, too many layers, groups too deep, a size of
 * 309 digits, a NUL byte, no <image>. Each gives no layers at all and an error
 * naming the .ora and the layer. With --lang=ko or hi, the messages a person
 * sees are checked to be in that language (a few cases only). */
#define G_LOG_DOMAIN "test-ora-bad"

#include "config.h"

#include <libintl.h>
#include <locale.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "art-test-support.h"
#include "ossa-ora.h"

/* g_format_size() puts a no-break space between a number and its unit. */
#define NBSP "\xc2\xa0"

static const char *language = "en";

typedef struct
{
  char *dir;
  char *path;   /* the .ora's path, as messages name it */
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->dir = g_dir_make_tmp ("test-ora-bad-XXXXXX", NULL);
  fixture->path = g_build_filename (fixture->dir, "bad.ora", NULL);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_unlink (fixture->path);
  g_rmdir (fixture->dir);
  g_free (fixture->path);
  g_free (fixture->dir);
}

/* Writes the fixture's .ora: its mimetype, stack.xml (xml as it is when it
 * does not start with "<layer", else body wrapped as a 640 × 480 image's) and the layers. */
static void
write_ora (Fixture            *fixture,
           const char         *xml,
           const ArtTestEntry *layers,
           guint               n_layers)
{
  g_autofree char *whole = !g_str_has_prefix (xml, "<layer") ? g_strdup (xml)
                                                              : art_test_stack_xml (640, 480, xml);
  g_autoptr (GBytes) mimetype = g_bytes_new_static ("image/openraster", 16);
  g_autoptr (GBytes) stack = g_bytes_new (whole, strlen (whole));
  g_autofree ArtTestEntry *entries = g_new0 (ArtTestEntry, n_layers + 2);

  entries[0] = (ArtTestEntry) { "mimetype", mimetype, 0, TRUE };
  entries[1] = (ArtTestEntry) { "stack.xml", stack, 0, FALSE };
  for (guint i = 0; i < n_layers; i++)
    entries[i + 2] = layers[i];
  art_test_write_zip (fixture->path, entries, n_layers + 2);
}

/* Reads the fixture's .ora, which must fail with code, and returns the error. */
static GError *
read_fails (Fixture             *fixture,
            OssaArtReadFlags     flags,
            const OssaArtLimits *limits,
            int                  code)
{
  g_autoptr (GFile) file = g_file_new_for_path (fixture->path);
  g_autoptr (OssaOra) ora = NULL;
  GError *error = NULL;
  gint64 start = g_get_monotonic_time ();

  ora = ossa_ora_read_file (file, flags, limits, NULL, &error);
  g_test_message ("%.3f s: %s", (g_get_monotonic_time () - start) / 1e6,
                  error != NULL ? error->message : "(no error)");
  g_assert_null (ora);
  g_assert_error (error, OSSA_ART_ERROR, code);
  return error;
}

/* The message is "PATH: " followed by the English words, or in another language
 * by words in its script. */
static void
assert_message (const GError *error,
                const char   *path,
                const char   *english)
{
  g_autofree char *expected = g_strdup_printf ("%s: %s", path, english);

  if (strcmp (language, "en") == 0)
    {
      g_assert_cmpstr (error->message, ==, expected);
      return;
    }
  g_assert_true (g_str_has_prefix (error->message, path));
  for (const char *p = error->message; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if ((strcmp (language, "ko") == 0 && c >= 0xAC00 && c <= 0xD7A3)
          || (strcmp (language, "hi") == 0 && c >= 0x0900 && c <= 0x097F))
        return;
    }
  g_error ("not in %s: %s", language, error->message);
}

static void
test_missing_layer (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr (GBytes) head = art_test_png (10, 10, 0xffff0000);
  ArtTestEntry layers[] = { { "data/head.png", head, 0, FALSE } };
  g_autoptr (GError) error = NULL;

  write_ora (fixture,
             "<layer name=\"Head\" src=\"data/head.png\"/>\n"
             "<layer name=\"Arm\" src=\"data/arm.png\"/>\n",
             layers, G_N_ELEMENTS (layers));
  error = read_fails (fixture, OSSA_ART_READ_DEFAULT, NULL, OSSA_ART_ERROR_NOT_FOUND);
  assert_message (error, fixture->path, "layer “Arm”: its picture data/arm.png is not in the file");
}

static void
test_not_xml (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *prefix = g_strdup_printf ("%s: stack.xml:4: ", fixture->path);

  write_ora (fixture, "<image w='10' h='10'>\n <stack>\n  <layer src='a.png'\n</image>\n", NULL, 0);
  error = read_fails (fixture, OSSA_ART_READ_DEFAULT, NULL, OSSA_ART_ERROR_XML);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_clear_error (&error);

  write_ora (fixture, "<html>\n</html>\n", NULL, 0);
  error = read_fails (fixture, OSSA_ART_READ_DEFAULT, NULL, OSSA_ART_ERROR_XML);
  assert_message (error, fixture->path, "stack.xml:1: the document is a <html>, not an OpenRaster <image>");
  g_clear_error (&error);

  write_ora (fixture, "\xff\xfe<\0i\0m\0", NULL, 0);
  error = read_fails (fixture, OSSA_ART_READ_DEFAULT, NULL, OSSA_ART_ERROR_XML);
  g_clear_error (&error);

  write_ora (fixture, "<image w='10' h='10'><stack><layer name='Arm' src='a.png' x='left'/></stack></image>",
             NULL, 0);
  error = read_fails (fixture, OSSA_ART_READ_DEFAULT, NULL, OSSA_ART_ERROR_XML);
  assert_message (error, fixture->path, "stack.xml:1: “Arm”: x “left” is not a number");
  g_clear_error (&error);

  write_ora (fixture, "<image w='10' h='10'><stack>\n<layer name='Arm' visibility='no' src='a.png'/></stack></image>",
             NULL, 0);
  error = read_fails (fixture, OSSA_ART_READ_DEFAULT, NULL, OSSA_ART_ERROR_XML);
  assert_message (error, fixture->path,
                  "stack.xml:2: “Arm”: visibility “no” is neither “visible” nor “hidden”");
  g_clear_error (&error);

  write_ora (fixture, "<image w='10' h='10'><stack><layer name='Arm'/></stack></image>", NULL, 0);
  error = read_fails (fixture, OSSA_ART_READ_DEFAULT, NULL, OSSA_ART_ERROR_XML);
  assert_message (error, fixture->path,
                  "stack.xml:1: layer “Arm” does not say which file holds its picture (src)");
  g_clear_error (&error);

  write_ora (fixture, "<image><stack/></image>", NULL, 0);
  error = read_fails (fixture, OSSA_ART_READ_DEFAULT, NULL, OSSA_ART_ERROR_XML);
  assert_message (error, fixture->path, "stack.xml:1: <image> does not say its size (w and h)");
}

static void
test_not_zip (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr (GBytes) png = art_test_png (4, 4, 0xff000000);
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_set_contents (fixture->path, "a text file, not a zip\n", -1, NULL));
  error = read_fails (fixture, OSSA_ART_READ_DEFAULT, NULL, OSSA_ART_ERROR_NOT_ZIP);
  assert_message (error, fixture->path, "not a zip archive, so not an OpenRaster file");
  g_clear_error (&error);

  /* An empty file, which libzip opens as an empty archive. */
  g_assert_true (g_file_set_contents (fixture->path, "", 0, NULL));
  error = read_fails (fixture, OSSA_ART_READ_DEFAULT, NULL, OSSA_ART_ERROR_NOT_ZIP);
  assert_message (error, fixture->path, "not a zip archive, so not an OpenRaster file");
  g_clear_error (&error);

  /* A PNG renamed .ora. */
  g_assert_true (g_file_set_contents (fixture->path, g_bytes_get_data (png, NULL),
                                      (gssize) g_bytes_get_size (png), NULL));
  error = read_fails (fixture, OSSA_ART_READ_DEFAULT, NULL, OSSA_ART_ERROR_NOT_ZIP);
  g_clear_error (&error);

  /* From memory too. */
  {
    g_autoptr (OssaOra) ora = ossa_ora_read_bytes (png, "renamed.ora", OSSA_ART_READ_DEFAULT,
                                                   NULL, NULL, &error);

    g_assert_null (ora);
    g_assert_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_NOT_ZIP);
    assert_message (error, "renamed.ora", "not a zip archive, so not an OpenRaster file");
  }
  {
    g_autoptr (GBytes) empty = g_bytes_new_static ("", 0);
    g_autoptr (OssaOra) ora = NULL;

    g_clear_error (&error);
    ora = ossa_ora_read_bytes (empty, "empty.ora", OSSA_ART_READ_DEFAULT, NULL, NULL, &error);
    g_assert_null (ora);
    g_assert_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_NOT_ZIP);
    assert_message (error, "empty.ora", "not a zip archive, so not an OpenRaster file");
  }
}

static void
test_not_ora (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr (GBytes) text = g_bytes_new_static ("hello", 5);
  g_autoptr (GBytes) mimetype = g_bytes_new_static ("image/openraster", 16);
  ArtTestEntry plain[] = { { "readme.txt", text, 0, FALSE } };
  ArtTestEntry no_stack[] = { { "mimetype", mimetype, 0, TRUE } };
  g_autoptr (GError) error = NULL;

  art_test_write_zip (fixture->path, plain, G_N_ELEMENTS (plain));
  error = read_fails (fixture, OSSA_ART_READ_DEFAULT, NULL, OSSA_ART_ERROR_NOT_ORA);
  assert_message (error, fixture->path,
                  "a zip archive, but not an OpenRaster file (it has no mimetype “image/openraster”)");
  g_clear_error (&error);

  art_test_write_zip (fixture->path, no_stack, G_N_ELEMENTS (no_stack));
  error = read_fails (fixture, OSSA_ART_READ_DEFAULT, NULL, OSSA_ART_ERROR_NOT_ORA);
  assert_message (error, fixture->path, "an OpenRaster file without its list of layers (stack.xml)");
}

static void
test_no_file (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr (GError) error = read_fails (fixture, OSSA_ART_READ_DEFAULT, NULL,
                                         OSSA_ART_ERROR_NOT_FOUND);

  assert_message (error, fixture->path, "the file does not exist");
}

/* A real zip bomb at the real limit: a layer of zeros 44 MiB over
 * OSSA_ART_MAX_PNG_BYTES, deflated to a few hundred kilobytes. Its headers say
 * its size: refused before anything is inflated. */
static void
test_bomb_declared (Fixture       *fixture,
                    gconstpointer  data)
{
  ArtTestEntry layers[] = { { "data/bomb.png", NULL, OSSA_ART_MAX_PNG_BYTES + (44 << 20), FALSE } };
  g_autoptr (GError) error = NULL;

  write_ora (fixture, "<layer name=\"Bomb\" src=\"data/bomb.png\"/>\n", layers, 1);
  error = read_fails (fixture, OSSA_ART_READ_DEFAULT, NULL, OSSA_ART_ERROR_LIMIT);
  assert_message (error, fixture->path,
                  "layer “Bomb” (data/bomb.png): says it inflates to 300.0" NBSP "MiB, over the limit of 256.0" NBSP "MiB");
}

/* The same bomb with headers that lie (both the local header and the central
 * directory say 1000 bytes): the reader inflates until the bytes pass the limit,
 * then stops. */
static void
test_bomb_lying (Fixture       *fixture,
                 gconstpointer  data)
{
  ArtTestEntry layers[] = { { "data/bomb.png", NULL, OSSA_ART_MAX_PNG_BYTES + (44 << 20), FALSE } };
  g_autoptr (GError) error = NULL;

  write_ora (fixture, "<layer name=\"Bomb\" src=\"data/bomb.png\"/>\n", layers, 1);
  art_test_patch_size (fixture->path, "data/bomb.png", 1000);
  error = read_fails (fixture, OSSA_ART_READ_DEFAULT, NULL, OSSA_ART_ERROR_LIMIT);
  assert_message (error, fixture->path,
                  "layer “Bomb” (data/bomb.png): inflates past 256.0" NBSP "MiB, the limit, "
                  "though it says it is 1000 bytes (a zip bomb)");
}

/* Layers that pass the limit for a whole file between them, first by what they
 * say, then, lying, by what they inflate to. */
static void
test_bomb_total (Fixture       *fixture,
                 gconstpointer  data)
{
  OssaArtLimits limits = *ossa_art_limits_default ();
  ArtTestEntry layers[] = {
    { "data/a.png", NULL, 700 << 10, FALSE },
    { "data/b.png", NULL, 700 << 10, FALSE },
  };
  ArtTestEntry lying[] = { { "data/a.png", NULL, 2 << 20, FALSE } };
  g_autoptr (GError) error = NULL;

  limits.max_total_bytes = 1 << 20;
  write_ora (fixture,
             "<layer name=\"A\" src=\"data/a.png\"/>\n<layer name=\"B\" src=\"data/b.png\"/>\n",
             layers, G_N_ELEMENTS (layers));
  error = read_fails (fixture, OSSA_ART_READ_DEFAULT, &limits, OSSA_ART_ERROR_LIMIT);
  assert_message (error, fixture->path,
                  "its layers say they inflate to 1.4" NBSP "MiB, over the limit of 1.0" NBSP "MiB for one file");
  g_clear_error (&error);

  write_ora (fixture, "<layer name=\"A\" src=\"data/a.png\"/>\n", lying, G_N_ELEMENTS (lying));
  art_test_patch_size (fixture->path, "data/a.png", 10);
  error = read_fails (fixture, OSSA_ART_READ_DEFAULT, &limits, OSSA_ART_ERROR_LIMIT);
  assert_message (error, fixture->path,
                  "layer “A” (data/a.png): inflates past the 1.0" NBSP "MiB left of the limit for one file");
}

static void
test_too_wide (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr (GBytes) wide = art_test_png (OSSA_ART_MAX_SIDE + 1, 1, 0xff0000ff);
  g_autoptr (GBytes) tall = art_test_png (2, OSSA_ART_MAX_SIDE, 0xff0000ff);
  ArtTestEntry layers[] = {
    { "data/tall.png", tall, 0, FALSE },
    { "data/wide.png", wide, 0, FALSE },
  };
  g_autoptr (GError) error = NULL;

  /* 16384 is allowed, one more is not. */
  write_ora (fixture,
             "<layer name=\"Wide\" src=\"data/wide.png\"/>\n<layer name=\"Tall\" src=\"data/tall.png\"/>\n",
             layers, G_N_ELEMENTS (layers));
  error = read_fails (fixture, OSSA_ART_READ_DECODE, NULL, OSSA_ART_ERROR_LIMIT);
  assert_message (error, fixture->path,
                  "layer “Wide” (data/wide.png): 16385 × 1 pixels, over the limit of 16384 pixels a side");
  g_clear_error (&error);

  write_ora (fixture, "<image w='20000' h='10'><stack/></image>", NULL, 0);
  error = read_fails (fixture, OSSA_ART_READ_DEFAULT, NULL, OSSA_ART_ERROR_LIMIT);
  assert_message (error, fixture->path,
                  "stack.xml:1: the image is “20000” × “10” pixels, over the limit of 16384 pixels a side");
}

/* A size far past the limit is named as stack.xml writes it, not as the 309
 * digits of 1e308 (found by the ora-stack fuzz target). */
static void
test_huge_size (void)
{
  static const char xml[] = "<image w='1e308' h='99999999999999999999999'><stack/></image>";
  g_autoptr (GError) error = NULL;
  g_autoptr (OssaOra) ora = ossa_ora_parse_stack (xml, strlen (xml), NULL, &error);

  g_assert_null (ora);
  g_assert_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_LIMIT);
  g_assert_cmpstr (error->message, ==,
                   "stack.xml:1: the image is “1e308” × “99999999999999999999999” pixels, "
                   "over the limit of 16384 pixels a side");
}

/* A document without an <image> is refused: a comment alone, or a <!DOCTYPE>
 * that swallows the <image> written inside it, which GMarkup took for a document
 * and the reader read as an image of 0 × 0 pixels (found by the ora-stack fuzz
 * target). */
static void
test_no_image (void)
{
  static const char *const xmls[] = {
    "<!-- nothing -->",
    "<?xml version='1.0'?>\n<!DOCTYPE ima<image w='4' h='4'>>",
  };

  for (guint i = 0; i < G_N_ELEMENTS (xmls); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (OssaOra) ora = ossa_ora_parse_stack (xmls[i], strlen (xmls[i]), NULL, &error);

      g_assert_null (ora);
      g_assert_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_XML);
      g_assert_true (g_str_has_suffix (error->message, ": the document has no OpenRaster <image>"));
    }
}

/* A NUL byte is refused with its line: GMarkup cut the attribute short at it, so
 * that src="a\0.png" named the file "a" (found by the ora-stack fuzz target). */
static void
test_nul_byte (void)
{
  static const char xml[] = "<image w='4' h='4'>\n<stack>\n<layer src='a\0.png'/></stack></image>";
  g_autoptr (GError) error = NULL;
  g_autoptr (OssaOra) ora = ossa_ora_parse_stack (xml, sizeof xml - 1, NULL, &error);

  g_assert_null (ora);
  g_assert_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_XML);
  g_assert_cmpstr (error->message, ==, "stack.xml:3: a NUL byte, which XML does not allow");
}

static void
test_no_decode (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr (GBytes) good = art_test_png (64, 64, 0xff336699);
  g_autoptr (GBytes) text = g_bytes_new_static ("GIF89a, not a PNG", 17);
  g_autoptr (GBytes) broken = NULL;
  g_autoptr (GFile) file = g_file_new_for_path (fixture->path);
  g_autoptr (GError) error = NULL;
  g_autoptr (OssaOra) ora = NULL;
  gsize size = g_bytes_get_size (good);
  guint8 *bytes = g_memdup2 (g_bytes_get_data (good, NULL), size);
  ArtTestEntry layers[] = { { "data/bad.png", NULL, 0, FALSE } };

  /* The header stays whole, the picture's data does not. */
  for (gsize i = 41; i < size - 12; i++)
    bytes[i] ^= 0x5a;
  broken = g_bytes_new_take (bytes, size);
  layers[0].bytes = broken;
  write_ora (fixture, "<layer name=\"Bad\" src=\"data/bad.png\"/>\n", layers, 1);

  /* Without a decode, the header is all that is read: the size is right. */
  ora = ossa_ora_read_file (file, OSSA_ART_READ_DEFAULT, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (((OssaOraLayer *) g_ptr_array_index (ora->layers, 0))->width, ==, 64);

  error = read_fails (fixture, OSSA_ART_READ_DECODE, NULL, OSSA_ART_ERROR_DECODE);
  {
    g_autofree char *prefix = g_strdup_printf ("%s: layer “Bad” (data/bad.png): ", fixture->path);

    g_assert_true (g_str_has_prefix (error->message, prefix));
  }
  g_clear_error (&error);

  /* Among good layers decoded on other threads, the bad one is still the one
   * named, and none of the good ones comes back. */
  {
    ArtTestEntry mixed[] = {
      { "data/good.png", good, 0, FALSE },
      { "data/bad.png", broken, 0, FALSE },
    };
    g_autofree char *prefix = g_strdup_printf ("%s: layer “Bad” (data/bad.png): the PNG image does not decode (",
                                               fixture->path);

    write_ora (fixture,
               "<layer name=\"Top\" src=\"data/good.png\"/>\n"
               "<layer name=\"Bad\" src=\"data/bad.png\"/>\n"
               "<layer name=\"Bottom\" src=\"data/good.png\"/>\n",
               mixed, G_N_ELEMENTS (mixed));
    error = read_fails (fixture, OSSA_ART_READ_DECODE, NULL, OSSA_ART_ERROR_DECODE);
    g_assert_true (g_str_has_prefix (error->message, prefix));
    g_clear_error (&error);
  }

  layers[0].bytes = text;
  write_ora (fixture, "<layer name=\"Bad\" src=\"data/bad.png\"/>\n", layers, 1);
  error = read_fails (fixture, OSSA_ART_READ_DEFAULT, NULL, OSSA_ART_ERROR_DECODE);
  assert_message (error, fixture->path, "layer “Bad” (data/bad.png): not a PNG image");
}

/* OSSA_ORA_MAX_LAYERS layers read; one more is refused. */
static void
test_too_many_layers (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr (GBytes) dot = art_test_png (2, 2, 0xff000000);
  ArtTestEntry layers[] = { { "data/dot.png", dot, 0, FALSE } };
  g_autoptr (GString) body = g_string_new (NULL);
  g_autoptr (GFile) file = g_file_new_for_path (fixture->path);
  g_autoptr (GError) error = NULL;
  g_autoptr (OssaOra) ora = NULL;
  g_autofree char *expected = NULL;

  for (guint i = 0; i < OSSA_ORA_MAX_LAYERS; i++)
    g_string_append (body, "<layer src=\"data/dot.png\"/>\n");
  write_ora (fixture, body->str, layers, 1);
  ora = ossa_ora_read_file (file, OSSA_ART_READ_DEFAULT, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ora->layers->len, ==, OSSA_ORA_MAX_LAYERS);

  g_string_append (body, "<layer src=\"data/dot.png\"/>\n");
  write_ora (fixture, body->str, layers, 1);
  error = read_fails (fixture, OSSA_ART_READ_DEFAULT, NULL, OSSA_ART_ERROR_LIMIT);
  /* The wrapper's three lines, then one a layer. */
  expected = g_strdup_printf ("stack.xml:%u: more than %u layers, the limit for one file",
                              3 + OSSA_ORA_MAX_LAYERS + 1, OSSA_ORA_MAX_LAYERS);
  assert_message (error, fixture->path, expected);
}

/* Groups OSSA_ORA_MAX_DEPTH deep are read (the root stack counts); one deeper is
 * refused. stack.xml over its limit is refused too. */
static void
test_too_deep (void)
{
  g_autoptr (GString) xml = g_string_new ("<image w='8' h='8'>");
  g_autoptr (GError) error = NULL;
  g_autoptr (OssaOra) ora = NULL;
  OssaArtLimits limits = *ossa_art_limits_default ();

  for (guint i = 0; i < OSSA_ORA_MAX_DEPTH; i++)
    g_string_append (xml, "<stack name='g'>");
  g_string_append (xml, "<layer src='a.png'/>");
  for (guint i = 0; i < OSSA_ORA_MAX_DEPTH; i++)
    g_string_append (xml, "</stack>");
  g_string_append (xml, "</image>");
  ora = ossa_ora_parse_stack (xml->str, xml->len, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ora->layers->len, ==, 1);
  g_clear_pointer (&ora, ossa_ora_free);

  g_string_insert (xml, strlen ("<image w='8' h='8'>"), "<stack>");
  g_string_insert (xml, xml->len - strlen ("</image>"), "</stack>");
  ora = ossa_ora_parse_stack (xml->str, xml->len, NULL, &error);
  g_assert_null (ora);
  g_assert_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_LIMIT);
  g_assert_cmpstr (error->message, ==, "stack.xml:1: groups nested more than 64 deep, the limit");
  g_clear_error (&error);

  limits.max_stack_bytes = 100;
  ora = ossa_ora_parse_stack (xml->str, xml->len, &limits, &error);
  g_assert_null (ora);
  g_assert_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_LIMIT);
  g_assert_cmpstr (error->message, ==, "stack.xml: over 100 bytes, the limit for it");
}

/* stack.xml over its limit inside an .ora is refused before it is inflated. */
static void
test_stack_too_big (Fixture       *fixture,
                    gconstpointer  data)
{
  OssaArtLimits limits = *ossa_art_limits_default ();
  g_autofree char *padding = g_strnfill (200, ' ');
  g_autofree char *xml = g_strdup_printf ("<image w='8' h='8'><stack>%s</stack></image>", padding);
  g_autofree char *expected = g_strdup_printf ("stack.xml: says it inflates to %zu bytes, "
                                               "over the limit of 100 bytes", strlen (xml));
  g_autoptr (GError) error = NULL;

  limits.max_stack_bytes = 100;
  write_ora (fixture, xml, NULL, 0);
  error = read_fails (fixture, OSSA_ART_READ_DEFAULT, &limits, OSSA_ART_ERROR_LIMIT);
  assert_message (error, fixture->path, expected);
}

/* An entry that inflates to less than it says, and one whose deflated bytes are
 * spoiled: damaged, whatever libzip finds first. */
static void
test_damaged (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr (GBytes) png = art_test_png_noise (64, 64, 7);
  ArtTestEntry layers[] = { { "data/a.png", png, 0, FALSE } };
  g_autofree char *contents = NULL;
  g_autofree char *prefix = g_strdup_printf ("%s: layer “A” (data/a.png): damaged in the archive (",
                                             fixture->path);
  g_autoptr (GError) error = NULL;
  gsize length = 0;
  char *at;

  write_ora (fixture, "<layer name=\"A\" src=\"data/a.png\"/>\n", layers, 1);
  art_test_patch_size (fixture->path, "data/a.png", (guint32) g_bytes_get_size (png) + 100);
  error = read_fails (fixture, OSSA_ART_READ_DEFAULT, NULL, OSSA_ART_ERROR_DAMAGED);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_clear_error (&error);

  write_ora (fixture, "<layer name=\"A\" src=\"data/a.png\"/>\n", layers, 1);
  g_assert_true (g_file_get_contents (fixture->path, &contents, &length, NULL));
  /* The layer's deflated bytes follow its local header and name. */
  at = NULL;
  for (gsize i = 0; at == NULL && i + 30 + 512 < length; i++)
    if (memcmp (contents + i, "PK\3\4", 4) == 0 && memcmp (contents + i + 30, "data/a.png", 10) == 0)
      at = contents + i + 30;
  g_assert_nonnull (at);
  for (gsize i = 64; i < 512; i++)
    at[i] ^= 0x33;
  g_assert_true (g_file_set_contents (fixture->path, contents, (gssize) length, NULL));
  error = read_fails (fixture, OSSA_ART_READ_DEFAULT, NULL, OSSA_ART_ERROR_DAMAGED);
  g_assert_true (g_str_has_prefix (error->message, prefix));
}

static void
test_cancelled (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr (GBytes) dot = art_test_png (2, 2, 0xff000000);
  ArtTestEntry layers[] = { { "data/dot.png", dot, 0, FALSE } };
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GFile) file = g_file_new_for_path (fixture->path);
  g_autoptr (GError) error = NULL;
  g_autoptr (OssaOra) ora = NULL;

  write_ora (fixture, "<layer src=\"data/dot.png\"/>\n", layers, 1);
  g_cancellable_cancel (cancellable);
  ora = ossa_ora_read_file (file, OSSA_ART_READ_DEFAULT, NULL, cancellable, &error);
  g_assert_null (ora);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

int
main (int argc, char **argv)
{
  const char *build_root = g_getenv ("OSSA_BUILD_ROOT");
  g_autofree char *localedir = NULL;

  for (int i = 1; i < argc; i++)
    if (g_str_has_prefix (argv[i], "--lang="))
      language = argv[i] + strlen ("--lang=");
  g_setenv ("LANGUAGE", language, TRUE);
  setlocale (LC_ALL, "C.UTF-8");
  localedir = build_root != NULL ? g_build_filename (build_root, "po", NULL)
                                 : g_strdup (LOCALEDIR);
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/ora-bad/missing-layer", test_missing_layer);
  ADD ("/ora-bad/not-zip", test_not_zip);
  ADD ("/ora-bad/not-ora", test_not_ora);
  ADD ("/ora-bad/no-file", test_no_file);
  ADD ("/ora-bad/too-wide", test_too_wide);
  if (strcmp (language, "en") == 0)
    {
      ADD ("/ora-bad/not-xml", test_not_xml);
      ADD ("/ora-bad/bomb-declared", test_bomb_declared);
      ADD ("/ora-bad/bomb-lying", test_bomb_lying);
      ADD ("/ora-bad/bomb-total", test_bomb_total);
      ADD ("/ora-bad/no-decode", test_no_decode);
      ADD ("/ora-bad/too-many-layers", test_too_many_layers);
      ADD ("/ora-bad/stack-too-big", test_stack_too_big);
      ADD ("/ora-bad/damaged", test_damaged);
      ADD ("/ora-bad/cancelled", test_cancelled);
      g_test_add_func ("/ora-bad/too-deep", test_too_deep);
      g_test_add_func ("/ora-bad/huge-size", test_huge_size);
      g_test_add_func ("/ora-bad/nul-byte", test_nul_byte);
      g_test_add_func ("/ora-bad/no-image", test_no_image);
    }
#undef ADD
  return g_test_run ();
}
