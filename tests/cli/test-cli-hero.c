/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The bundled sample character with art (data/samples/hero.txtpb and its SVGs), as
 * the build leaves it in <build>/data/samples: ossa-cli validate finds every
 * picture (no warning), each image's size is its PNG's, and sample --json shows
 * what the document keys: the far limbs behind the torso at rest, a walk that
 * keeps the feet on the ground and loops, and a cheer whose hand closes into a
 * fist at 0.3 and opens at 1.1, whose blush fades in from 0.3 to 0.6 and out by
 * 1.4, and whose far arm is drawn in front of the body from 0.15 to 1.2. */
#include <math.h>
#include <string.h>

#include <glib.h>
#include <json-glib/json-glib.h>

#include "cli-test-support.h"
#include "../support/test-samples.h"

/* sample --json of the hero (anim NULL: the rest pose) at time, parsed into
 * parser; its "slots", in draw order. */
static JsonArray *
sample_slots (JsonParser *parser, const char *anim, const char *time)
{
  char *path = test_sample_path ("hero.ossa");
  JsonObject *o;
  CliRun run;

  if (anim != NULL)
    cli_run (&run, "C.UTF-8", "sample", path, "--anim", anim, "--time", time, "--json", NULL);
  else
    cli_run (&run, "C.UTF-8", "sample", path, "--time", time, "--json", NULL);
  cli_assert_ok (&run);
  o = cli_parse_json (parser, run.out);
  cli_run_clear (&run);
  g_free (path);
  g_assert_true (json_object_has_member (o, "slots"));
  return json_object_get_array_member (o, "slots");
}

/* Where the slot called name is in the draw order (the test fails if nowhere). */
static guint
slot_place (JsonArray *slots, const char *name)
{
  for (guint i = 0; i < json_array_get_length (slots); i++)
    if (g_strcmp0 (json_object_get_string_member (json_array_get_object_element (slots, i), "name"),
                   name) == 0)
      return i;
  g_error ("no slot called %s", name);
}

static JsonObject *
slot (JsonArray *slots, const char *name)
{
  return json_array_get_object_element (slots, slot_place (slots, name));
}

/* The slot's attachment, or NULL when it shows none. */
static const char *
slot_attachment (JsonArray *slots, const char *name)
{
  JsonObject *s = slot (slots, name);

  return json_object_get_null_member (s, "attachment") ? NULL
                                                       : json_object_get_string_member (s, "attachment");
}

static double
slot_alpha (JsonArray *slots, const char *name)
{
  return json_array_get_double_element (json_object_get_array_member (slot (slots, name), "color"), 3);
}

/* The lowest y of the slot's four world corners. */
static double
slot_bottom (JsonArray *slots, const char *name)
{
  JsonArray *v = json_object_get_array_member (slot (slots, name), "vertices");
  double y = INFINITY;

  g_assert_cmpuint (json_array_get_length (v), ==, 4);
  for (guint i = 0; i < 4; i++)
    y = fmin (y, json_array_get_double_element (json_array_get_array_element (v, i), 1));
  return y;
}

/* The width and height a PNG file's IHDR says. */
static void
png_size (const char *path, guint *width, guint *height)
{
  guchar *data = NULL;
  gsize size = 0;

  if (!g_file_get_contents (path, (char **) &data, &size, NULL))
    g_error ("cannot read %s", path);
  g_assert_cmpuint (size, >, 24);
  g_assert_cmpmem (data, 8, "\x89PNG\r\n\x1a\n", 8);
  g_assert_cmpmem (data + 12, 4, "IHDR", 4);
  *width = (guint) data[16] << 24 | (guint) data[17] << 16 | (guint) data[18] << 8 | data[19];
  *height = (guint) data[20] << 24 | (guint) data[21] << 16 | (guint) data[22] << 8 | data[23];
  g_free (data);
}

/* Valid with no warning: every picture is where its relative path points, and
 * each image's recorded size is its PNG's. */
static void
test_validate (void)
{
  char *path = test_sample_path ("hero.ossa"), *dir;
  JsonParser *parser = json_parser_new ();
  JsonObject *o;
  JsonArray *images;
  CliRun run;

  if (path == NULL)
    return;
  cli_run (&run, "C.UTF-8", "validate", path, NULL);
  cli_assert_ok (&run);
  g_assert_nonnull (strstr (run.out, "valid (16 bones, 2 animations)"));
  cli_run_clear (&run);
  cli_run (&run, "C.UTF-8", "validate", path, "--json", NULL);
  cli_assert_ok (&run);
  o = cli_parse_json (parser, run.out);
  g_assert_true (json_object_get_boolean_member (o, "valid"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "warnings")), ==, 0);
  cli_run_clear (&run);

  cli_run (&run, "C.UTF-8", "info", path, "--json", NULL);
  cli_assert_ok (&run);
  o = cli_parse_json (parser, run.out);
  images = json_object_get_array_member (o, "images");
  g_assert_cmpuint (json_array_get_length (images), ==, 10);
  dir = g_path_get_dirname (path);
  for (guint i = 0; i < json_array_get_length (images); i++)
    {
      JsonObject *im = json_array_get_object_element (images, i);
      const char *rel = json_object_get_string_member (im, "path");
      char *png;
      guint w, h;

      g_assert_true (g_str_has_prefix (rel, "art/hero-"));
      g_assert_false (json_object_get_boolean_member (im, "missing"));
      png = g_build_filename (dir, rel, NULL);
      png_size (png, &w, &h);
      g_assert_cmpint (json_object_get_int_member (im, "width"), ==, w);
      g_assert_cmpint (json_object_get_int_member (im, "height"), ==, h);
      g_free (png);
    }
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "slots")), ==, 15);
  cli_run_clear (&run);
  g_free (dir);
  g_object_unref (parser);
  g_free (path);
}

/* At rest: the far arm and leg behind the torso, the near leg in front of the far
 * one but under the torso's trousers, the near arm in front of everything, the
 * head over the torso, the blush hidden, the hands open; the shoes on the ground. */
static void
test_rest (void)
{
  JsonParser *parser = json_parser_new ();
  char *path = test_sample_path ("hero.ossa");
  JsonArray *slots;

  if (path == NULL)
    return;
  slots = sample_slots (parser, NULL, "0");
  g_assert_cmpuint (slot_place (slots, "upper_arm_l"), <, slot_place (slots, "torso"));
  g_assert_cmpuint (slot_place (slots, "thigh_l"), <, slot_place (slots, "torso"));
  g_assert_cmpuint (slot_place (slots, "thigh_l"), <, slot_place (slots, "thigh_r"));
  g_assert_cmpuint (slot_place (slots, "thigh_r"), <, slot_place (slots, "torso"));
  g_assert_cmpuint (slot_place (slots, "torso"), <, slot_place (slots, "head"));
  g_assert_cmpuint (slot_place (slots, "head"), <, slot_place (slots, "upper_arm_r"));
  g_assert_cmpstr (slot_attachment (slots, "hand_l"), ==, "open");
  g_assert_cmpstr (slot_attachment (slots, "hand_r"), ==, "open");
  g_assert_cmpfloat (slot_alpha (slots, "blush"), ==, 0);
  g_assert_cmpfloat (fabs (slot_bottom (slots, "foot_l")), <, 3);
  g_assert_cmpfloat (fabs (slot_bottom (slots, "foot_r")), <, 3);
  g_object_unref (parser);
  g_free (path);
}

/* The walk: the shoes never sink below the ground nor float far above it (the
 * planted one within a few units), and the end of the loop is its start. */
static void
test_walk (void)
{
  static const char *const times[] = { "0", "0.125", "0.25", "0.375", "0.5", "0.625", "0.75", "0.875" };
  JsonParser *parser = json_parser_new (), *end = json_parser_new ();
  char *path = test_sample_path ("hero.ossa");
  JsonArray *slots, *last;

  if (path == NULL)
    return;
  for (gsize i = 0; i < G_N_ELEMENTS (times); i++)
    {
      double l, r;

      slots = sample_slots (parser, "walk", times[i]);
      l = slot_bottom (slots, "foot_l");
      r = slot_bottom (slots, "foot_r");
      g_test_message ("walk at %s: shoes' bottoms at %g, %g", times[i], l, r);
      g_assert_cmpfloat (l, >, -4);
      g_assert_cmpfloat (r, >, -4);
      g_assert_cmpfloat (fmin (l, r), <, 4);
    }
  slots = sample_slots (parser, "walk", "0");
  last = sample_slots (end, "walk", "1");
  for (guint i = 0; i < json_array_get_length (slots); i++)
    {
      JsonArray *a = json_object_get_array_member (json_array_get_object_element (slots, i), "vertices");
      JsonArray *b = json_object_get_array_member (json_array_get_object_element (last, i), "vertices");

      for (guint k = 0; k < 4; k++)
        for (guint c = 0; c < 2; c++)
          g_assert_cmpfloat_with_epsilon (
            json_array_get_double_element (json_array_get_array_element (a, k), c),
            json_array_get_double_element (json_array_get_array_element (b, k), c), 1e-2);
    }
  g_object_unref (end);
  g_object_unref (parser);
  g_free (path);
}

/* The cheer's keys, just before, at and after each. */
static void
test_cheer (void)
{
  JsonParser *parser = json_parser_new ();
  char *path = test_sample_path ("hero.ossa");
  JsonArray *slots;
  double a;

  if (path == NULL)
    return;
  /* The swap: open until 0.3, a fist from 0.3, open again from 1.1. */
  slots = sample_slots (parser, "cheer", "0.29");
  g_assert_cmpstr (slot_attachment (slots, "hand_l"), ==, "open");
  slots = sample_slots (parser, "cheer", "0.3");
  g_assert_cmpstr (slot_attachment (slots, "hand_l"), ==, "fist");
  g_assert_cmpstr (slot_attachment (slots, "hand_r"), ==, "open");
  slots = sample_slots (parser, "cheer", "1.09");
  g_assert_cmpstr (slot_attachment (slots, "hand_l"), ==, "fist");
  slots = sample_slots (parser, "cheer", "1.1");
  g_assert_cmpstr (slot_attachment (slots, "hand_l"), ==, "open");

  /* The blush: hidden to 0.3, fading in, shown from 0.6 to 1, gone at 1.4. */
  slots = sample_slots (parser, "cheer", "0.3");
  g_assert_cmpfloat (slot_alpha (slots, "blush"), ==, 0);
  slots = sample_slots (parser, "cheer", "0.45");
  a = slot_alpha (slots, "blush");
  g_assert_cmpfloat_with_epsilon (a, 0.5, 0.01);
  slots = sample_slots (parser, "cheer", "0.8");
  g_assert_cmpfloat (slot_alpha (slots, "blush"), ==, 1);
  slots = sample_slots (parser, "cheer", "1.4");
  g_assert_cmpfloat (slot_alpha (slots, "blush"), ==, 0);

  /* The draw order: the far arm behind the torso until 0.15, then in front of
   * the torso and the head (still behind the near arm), behind again from 1.2. */
  slots = sample_slots (parser, "cheer", "0.14");
  g_assert_cmpuint (slot_place (slots, "upper_arm_l"), <, slot_place (slots, "torso"));
  slots = sample_slots (parser, "cheer", "0.15");
  g_assert_cmpuint (slot_place (slots, "upper_arm_l"), >, slot_place (slots, "head"));
  g_assert_cmpuint (slot_place (slots, "hand_l"), >, slot_place (slots, "head"));
  g_assert_cmpuint (slot_place (slots, "hand_l"), <, slot_place (slots, "upper_arm_r"));
  slots = sample_slots (parser, "cheer", "1.19");
  g_assert_cmpuint (slot_place (slots, "upper_arm_l"), >, slot_place (slots, "torso"));
  slots = sample_slots (parser, "cheer", "1.2");
  g_assert_cmpuint (slot_place (slots, "upper_arm_l"), ==, 0);
  g_assert_cmpuint (slot_place (slots, "upper_arm_l"), <, slot_place (slots, "torso"));
  g_object_unref (parser);
  g_free (path);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (cli_test_binary () == NULL)
    {
      g_print ("1..0 # SKIP OSSA_CLI is not set\n");
      return 0;
    }
  g_test_add_func ("/cli-hero/validate", test_validate);
  g_test_add_func ("/cli-hero/rest", test_rest);
  g_test_add_func ("/cli-hero/walk", test_walk);
  g_test_add_func ("/cli-hero/cheer", test_cheer);
  return g_test_run ();
}
