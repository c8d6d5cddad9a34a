/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli on a document with art, as a user runs it: info lists images (a path
 * or embedded, the size, a missing file), slots and attachments; validate warns of
 * a missing image file (exit 0) and refuses a bad index (exit 1); sample --json
 * gives the "slots" of DESIGN.md; convert keeps everything. The document is made
 * with the core's commands (tests/core/test-art-support.h). */
#include <math.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "../core/test-art-support.h"
#include "cli-test-support.h"
#include "ossa.pb-c.h"

/* art_make_document() saved as art.ossa in the test folder; its "body" image is
 * art/body.png beside it, which does not exist yet. */
static char *
write_art (void)
{
  OssaDocument *doc = art_make_document ();
  char *path = cli_tmp_file ("art.ossa");
  OssaError err = { 0 };

  if (!ossa_document_save (doc, path, &err))
    g_error ("saving: %s", err.message);
  ossa_document_free (doc);
  return path;
}

static void
test_info (void)
{
  char *path = write_art (), *art = cli_tmp_file ("art"), *png = cli_tmp_file ("art/body.png");
  JsonParser *parser = json_parser_new ();
  JsonObject *o, *im, *slot, *att;
  JsonArray *images, *slots;
  CliRun run;

  cli_run (&run, "C.UTF-8", "info", path, NULL);
  cli_assert_ok (&run);
  g_assert_nonnull (strstr (run.out, "images: 2\n  body: art/body.png, 64 × 32 pixels (missing)\n"
                                     "  hands: embedded (12 bytes), 16 × 16 pixels\n"));
  g_assert_nonnull (strstr (run.out, "slots: 3 (back to front)\n  body on root, colour #ffffffff, shows body\n"
                                     "    body: image body, 64 × 32\n"
                                     "  hand on hand, colour #ffffffff, shows open\n"
                                     "    open: image hands, 8 × 8\n    fist: image hands, 6 × 6\n"
                                     "  leg on leg, colour #ff000080, shows nothing\n"));
  g_assert_nonnull (strstr (run.out, "2 slot tracks, 1 draw-order key\n"));
  cli_run_clear (&run);

  /* With the file there, nothing is missing. */
  g_assert_cmpint (g_mkdir (art, 0700), ==, 0);
  g_assert_true (g_file_set_contents (png, "\x89PNG", 4, NULL));
  cli_run (&run, "C.UTF-8", "info", path, "--json", NULL);
  cli_assert_ok (&run);
  o = cli_parse_json (parser, run.out);
  images = json_object_get_array_member (o, "images");
  g_assert_cmpuint (json_array_get_length (images), ==, 2);
  im = json_array_get_object_element (images, 0);
  g_assert_cmpstr (json_object_get_string_member (im, "path"), ==, "art/body.png");
  g_assert_false (json_object_get_boolean_member (im, "missing"));
  g_assert_cmpint (json_object_get_int_member (im, "width"), ==, 64);
  im = json_array_get_object_element (images, 1);
  g_assert_true (json_object_get_null_member (im, "path"));
  g_assert_cmpint (json_object_get_int_member (im, "embedded_bytes"), ==, 12);
  slots = json_object_get_array_member (o, "slots");
  slot = json_array_get_object_element (slots, 1);
  g_assert_cmpstr (json_object_get_string_member (slot, "bone"), ==, "hand");
  g_assert_cmpstr (json_object_get_string_member (slot, "attachment"), ==, "open");
  att = json_array_get_object_element (json_object_get_array_member (slot, "attachments"), 1);
  g_assert_cmpstr (json_object_get_string_member (att, "name"), ==, "fist");
  g_assert_cmpstr (json_object_get_string_member (att, "image"), ==, "hands");
  g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (att, "offset"), "x"), ==, 2);
  g_assert_cmpfloat (json_object_get_double_member (att, "width"), ==, 6);
  g_assert_true (json_object_get_null_member (json_array_get_object_element (slots, 2), "attachment"));
  cli_run_clear (&run);

  g_remove (png);
  g_rmdir (art);
  g_remove (path);
  g_object_unref (parser);
  g_free (png);
  g_free (art);
  g_free (path);
}

static void
test_validate (void)
{
  char *path = write_art (), *bad = cli_tmp_file ("bad.ossa");
  JsonParser *parser = json_parser_new ();
  JsonObject *o;
  JsonArray *warnings;
  Ossa__Document *msg;
  uint8_t *data = NULL, *packed;
  size_t size = 0;
  CliRun run;

  /* A missing image file: a warning, and still valid. */
  cli_run (&run, "C.UTF-8", "validate", path, NULL);
  cli_assert_exit (&run, 0);
  g_assert_nonnull (strstr (run.out, "valid (4 bones, 1 animation)"));
  if (!g_str_has_prefix (run.err, "ossa-cli: ")
      || strstr (run.err, "art.ossa: warning: image 'body': its file art/body.png does not exist") == NULL)
    g_error ("stderr should warn of the missing file: %s", run.err);
  cli_run_clear (&run);
  cli_run (&run, "C.UTF-8", "validate", path, "--json", NULL);
  cli_assert_exit (&run, 0);
  o = cli_parse_json (parser, run.out);
  g_assert_true (json_object_get_boolean_member (o, "valid"));
  warnings = json_object_get_array_member (o, "warnings");
  g_assert_cmpuint (json_array_get_length (warnings), ==, 1);
  g_assert_nonnull (strstr (json_array_get_string_element (warnings, 0), "image 'body'"));
  cli_run_clear (&run);

  /* A slot on a bone that does not exist: an error. */
  g_assert_true (g_file_get_contents (path, (char **) &data, &size, NULL));
  msg = ossa__document__unpack (NULL, size, data);
  g_assert_nonnull (msg);
  msg->skeleton->slots[1]->bone = 99;
  packed = g_malloc (ossa__document__get_packed_size (msg));
  size = ossa__document__pack (msg, packed);
  g_assert_true (g_file_set_contents (bad, (const char *) packed, (gssize) size, NULL));
  cli_run (&run, "C.UTF-8", "validate", bad, NULL);
  cli_assert_exit (&run, 1);
  if (strstr (run.err, "bad.ossa: slot 1 'hand': bone 99 does not exist (the skeleton has 4 bones)") == NULL)
    g_error ("stderr should name the slot and the bone: %s", run.err);
  g_assert_cmpstr (run.out, ==, "");
  cli_run_clear (&run);

  ossa__document__free_unpacked (msg, NULL);
  g_free (packed);
  g_free (data);
  g_remove (bad);
  g_remove (path);
  g_object_unref (parser);
  g_free (bad);
  g_free (path);
}

static void
assert_vertices (JsonObject *slot, const double *xy)
{
  JsonArray *v = json_object_get_array_member (slot, "vertices");

  g_assert_cmpuint (json_array_get_length (v), ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      JsonArray *p = json_array_get_array_element (v, i);

      g_assert_cmpuint (json_array_get_length (p), ==, 2);
      assert_close (json_array_get_double_element (p, 0), xy[2 * i], 1e-4);
      assert_close (json_array_get_double_element (p, 1), xy[2 * i + 1], 1e-4);
    }
}

static void
test_sample (void)
{
  /* body: a 64 × 32 quad at (0, 10) on root, which is turned 90°. */
  static const double body[8] = { 6, -32, 6, 32, -26, 32, -26, -32 };
  char *path = write_art ();
  JsonParser *parser = json_parser_new ();
  JsonObject *o, *s;
  JsonArray *slots, *color;
  double half = 128.0 / 255.0;
  CliRun run;

  cli_run (&run, "C.UTF-8", "sample", path, "--anim", "walk", "--time", "0.6", "--json", NULL);
  cli_assert_ok (&run);
  o = cli_parse_json (parser, run.out);
  slots = json_object_get_array_member (o, "slots");
  /* From 0.5 s: leg, body, hand. */
  g_assert_cmpuint (json_array_get_length (slots), ==, 3);
  s = json_array_get_object_element (slots, 0);
  g_assert_cmpstr (json_object_get_string_member (s, "name"), ==, "leg");
  g_assert_cmpstr (json_object_get_string_member (s, "bone"), ==, "leg");
  g_assert_true (json_object_get_null_member (s, "attachment"));
  g_assert_false (json_object_has_member (s, "vertices"));
  color = json_object_get_array_member (s, "color");
  assert_close (json_array_get_double_element (color, 0), 1, 1e-6);
  assert_close (json_array_get_double_element (color, 3), half, 1e-6);
  s = json_array_get_object_element (slots, 1);
  g_assert_cmpstr (json_object_get_string_member (s, "name"), ==, "body");
  g_assert_cmpstr (json_object_get_string_member (s, "attachment"), ==, "body");
  color = json_object_get_array_member (s, "color");
  assert_close (json_array_get_double_element (color, 0), 0.3, 1e-6);
  assert_close (json_array_get_double_element (color, 1), 0, 1e-6);
  assert_close (json_array_get_double_element (color, 2), 0.7, 1e-6);
  assert_close (json_array_get_double_element (color, 3), 1 + (half - 1) * 0.7, 1e-6);
  assert_vertices (s, body);
  s = json_array_get_object_element (slots, 2);
  g_assert_cmpstr (json_object_get_string_member (s, "attachment"), ==, "fist");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (s, "vertices")), ==, 4);
  cli_run_clear (&run);

  /* The rest pose: slots in their own order, their own colours. */
  cli_run (&run, "C.UTF-8", "sample", path, "--time", "0", "--json", NULL);
  cli_assert_ok (&run);
  o = cli_parse_json (parser, run.out);
  slots = json_object_get_array_member (o, "slots");
  s = json_array_get_object_element (slots, 0);
  g_assert_cmpstr (json_object_get_string_member (s, "name"), ==, "body");
  assert_close (json_array_get_double_element (json_object_get_array_member (s, "color"), 1), 1, 0);
  assert_vertices (s, body);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (slots, 1), "attachment"), ==, "open");
  cli_run_clear (&run);

  /* Text: the slots after the bones. */
  cli_run (&run, "C.UTF-8", "sample", path, "--anim", "walk", "--time", "0.6", NULL);
  cli_assert_ok (&run);
  g_assert_nonnull (strstr (run.out, "\nslots, back to front"));
  g_assert_nonnull (strstr (run.out, "\nleg on leg: (none), 1.000 0.000 0.000 0.502\n"));
  g_assert_nonnull (strstr (run.out, "\nbody on root: body, 0.300 0.000 0.700 0.651, (6.0000, -32.0000)"));
  cli_run_clear (&run);

  g_remove (path);
  g_object_unref (parser);
  g_free (path);
}

static void
test_convert (void)
{
  char *path = write_art (), *out = cli_tmp_file ("copy.ossa");
  char *a = NULL, *b = NULL;
  gsize na = 0, nb = 0;
  OssaDocument *doc;
  CliRun run;

  cli_run (&run, "C.UTF-8", "convert", path, out, NULL);
  cli_assert_ok (&run);
  cli_run_clear (&run);
  g_assert_true (g_file_get_contents (path, &a, &na, NULL));
  g_assert_true (g_file_get_contents (out, &b, &nb, NULL));
  /* Everything is kept: the same bytes, art included. */
  g_assert_cmpuint (na, ==, nb);
  g_assert_true (memcmp (a, b, na) == 0);
  doc = ossa_document_load (out, NULL);
  g_assert_nonnull (doc);
  g_assert_cmpuint (doc->n_slots, ==, 3);
  g_assert_cmpuint (doc->n_images, ==, 2);
  g_assert_cmpuint (doc->animations[0].n_draw_order, ==, 1);
  ossa_document_free (doc);
  g_free (a);
  g_free (b);
  g_remove (out);
  g_remove (path);
  g_free (out);
  g_free (path);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  if (cli_test_binary () == NULL)
    {
      g_print ("1..0 # SKIP OSSA_CLI is not set\n");
      return 0;
    }
  cli_tmp_dir_create ("ossa-cli-art-XXXXXX");
  g_test_add_func ("/cli-art/info", test_info);
  g_test_add_func ("/cli-art/validate", test_validate);
  g_test_add_func ("/cli-art/sample", test_sample);
  g_test_add_func ("/cli-art/convert", test_convert);
  status = g_test_run ();
  cli_tmp_dir_remove ();
  return status;
}
