/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli as a user runs it: spawn the real binary ($OSSA_CLI) on documents built
 * here with the core API; check exit codes, stderr lines, JSON fields, and sampled
 * numbers against values worked out by hand (trigonometry written out here, not the
 * core's functions). Every case runs under C.UTF-8 and again under de_DE.UTF-8 (a
 * decimal comma locale) when that locale is installed. */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "ossa.h"

#include "cli-test-support.h"

#define TOLERANCE 2e-4

static char *rig_path;        /* a valid document, see make_rig() */
static char *garbage_path;    /* not protobuf at all */
static char *truncated_path;  /* rig.ossa minus its last byte */
static char *half_path;       /* the first half of rig.ossa */
static char *missing_path;    /* does not exist */
static char *smd_path;        /* text starting with `version` */
static char *map_path;        /* text starting with `type` */

static double
deg (double d)
{
  return d * G_PI / 180.0;
}

/* ---- running the binary ---- */

/* Numbers must use '.' whatever the locale: a digit, a comma and a digit never
 * appear in our outputs otherwise (JSON separates numbers from the next key with
 * a comma and a quote). */
static void
assert_no_decimal_comma (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    if (*p == ',' && p > text && g_ascii_isdigit (p[-1]) && g_ascii_isdigit (p[1]))
      g_error ("decimal comma in output near: %.40s", p > text + 20 ? p - 20 : text);
}

/* cli_runv(), and no decimal comma on stdout. */
static void
run_cliv (CliRun *run, const char *locale, const char *const *args)
{
  cli_runv (run, locale, args);
  assert_no_decimal_comma (run->out);
}

/* run_cli (&run, locale, "sample", path, "--json", NULL) */
static void
run_cli (CliRun *run, const char *locale, ...)
{
  va_list ap;

  va_start (ap, locale);
  cli_run_va (run, locale, ap);
  va_end (ap);
  assert_no_decimal_comma (run->out);
}

/* Exit 1 with "ossa-cli: PATH[:LINE]: message" on stderr. */
static void
assert_input_error (const CliRun *run, const char *path)
{
  char *prefix = g_strdup_printf ("ossa-cli: %s:", path);
  const char *rest;

  cli_assert_exit (run, 1);
  if (!g_str_has_prefix (run->err, prefix))
    g_error ("stderr does not start with '%s': %s", prefix, run->err);
  rest = run->err + strlen (prefix);
  if (*rest != ' ')
    {
      const char *digits = rest;

      while (g_ascii_isdigit (*rest))
        rest++;
      if (rest == digits || rest[0] != ':' || rest[1] != ' ')
        g_error ("stderr is not 'ossa-cli: %s[:LINE]: message': %s", path, run->err);
    }
  g_assert_true (g_str_has_suffix (run->err, "\n"));
  g_free (prefix);
}

/* ---- JSON ---- */

/* A new parser holding text, which must be exactly one JSON object on one
 * newline-terminated line; *object is that object. */
static JsonParser *
parse_json (const char *text, JsonObject **object)
{
  JsonParser *parser = json_parser_new ();

  *object = cli_parse_json (parser, text);
  return parser;
}

static double
member_number (JsonObject *object, const char *name)
{
  JsonNode *node = json_object_get_member (object, name);
  GType type;

  if (node == NULL)
    g_error ("no member '%s'", name);
  g_assert_true (JSON_NODE_HOLDS_VALUE (node));
  type = json_node_get_value_type (node);
  g_assert_true (type == G_TYPE_DOUBLE || type == G_TYPE_INT64);
  return json_node_get_double (node);
}

static gint64
member_int (JsonObject *object, const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL)
    g_error ("no member '%s'", name);
  g_assert_cmpint (json_node_get_value_type (node), ==, G_TYPE_INT64);
  return json_node_get_int (node);
}

static const char *
member_string (JsonObject *object, const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL)
    g_error ("no member '%s'", name);
  g_assert_cmpint (json_node_get_value_type (node), ==, G_TYPE_STRING);
  return json_node_get_string (node);
}

static gboolean
member_is_null (JsonObject *object, const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL)
    g_error ("no member '%s'", name);
  return JSON_NODE_HOLDS_NULL (node);
}

static void
assert_close (double got, double expected, const char *what)
{
  if (!(fabs (got - expected) <= TOLERANCE * MAX (1.0, fabs (expected))))
    g_error ("%s: got %.9g, expected %.9g", what, got, expected);
}

/* Angles compared modulo a full turn. */
static void
assert_angle_close (double got, double expected, const char *what)
{
  double d = remainder (got - expected, 2 * G_PI);

  if (!(fabs (d) <= TOLERANCE))
    g_error ("%s: got %.9g rad, expected %.9g rad (mod 2π)", what, got, expected);
}

/* ---- the test documents ---- */

/* Four bones, two roots:
 *   root  (10, 20), 30°, scale 2       (a root)
 *   arm   (5, 0), 20°                  child of root
 *   tip   (3, 1), 0°                   child of arm
 *   prop  (-4, 0), −90°                (a root)
 * Animations:
 *   a170  root rotation 0 → 170° and arm x 5 → 7 over 1 s
 *   a190  root rotation 0 → 190° over 1 s (the short way: through −85° at 0.5 s)
 *   turns arm rotation 0 → 3π over 1 s, counter-clockwise with one extra turn
 * and one 8 × 4 grid map. */
static void
add_bone (OssaDocument *doc, const char *name, int32_t parent, double x, double y,
          double rot_deg, double scale)
{
  OssaTransform rest = { (float) x, (float) y, (float) deg (rot_deg), (float) scale, (float) scale };
  OssaError err;

  g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, name, parent, &rest, 10.f,
                                           0xff8800ffu, &err), >=, 0);
}

static void
add_keys (OssaAnimation *anim, uint32_t bone, OssaChannel channel, float v0, float v1,
          OssaSpin spin, uint32_t turns)
{
  OssaTrack *track = ossa_animation_ensure_track (anim, bone, channel);
  OssaKey k0 = ossa_key_make (0.f, v0), k1 = ossa_key_make (1.f, v1);
  OssaError err;

  g_assert_nonnull (track);
  k0.spin = spin;
  k0.turns = turns;
  g_assert_cmpint (ossa_track_set_key (track, &k0, &err), ==, 0);
  g_assert_cmpint (ossa_track_set_key (track, &k1, &err), ==, 1);
}

static void
take_animation (OssaDocument *doc, OssaAnimation *anim)
{
  OssaError err;

  if (ossa_document_take_animation (doc, anim, &err) < 0)
    g_error ("take_animation: %s", err.message);
}

static void
make_rig (const char *path)
{
  OssaDocument *doc = ossa_document_new ();
  OssaAnimation anim;
  OssaGridMap map;
  OssaError err;

  add_bone (doc, "root", -1, 10, 20, 30, 2);
  add_bone (doc, "arm", 0, 5, 0, 20, 1);
  add_bone (doc, "tip", 1, 3, 1, 0, 1);
  add_bone (doc, "prop", -1, -4, 0, -90, 1);

  g_assert_true (ossa_animation_init (&anim, "a170"));
  anim.duration = 1.f;
  anim.fps = 30.f;
  add_keys (&anim, 0, OSSA_CHANNEL_ROTATE, 0.f, (float) deg (170), OSSA_SPIN_SHORTEST, 0);
  add_keys (&anim, 1, OSSA_CHANNEL_TRANSLATE_X, 5.f, 7.f, OSSA_SPIN_SHORTEST, 0);
  take_animation (doc, &anim);

  g_assert_true (ossa_animation_init (&anim, "a190"));
  anim.duration = 1.f;
  anim.fps = 24.f;
  anim.loop = true;
  add_keys (&anim, 0, OSSA_CHANNEL_ROTATE, 0.f, (float) deg (190), OSSA_SPIN_SHORTEST, 0);
  take_animation (doc, &anim);

  g_assert_true (ossa_animation_init (&anim, "turns"));
  anim.duration = 2.f;
  anim.fps = 60.f;
  add_keys (&anim, 1, OSSA_CHANNEL_ROTATE, 0.f, (float) (3 * G_PI), OSSA_SPIN_COUNTERCLOCKWISE, 1);
  take_animation (doc, &anim);

  g_assert_true (ossa_grid_map_init (&map, "arena", 8, 4, &err));
  map.cells[3] = 0;
  g_assert_cmpint (ossa_document_take_map (doc, &map, &err), >=, 0);

  doc->generator = strdup ("test-cli");
  if (!ossa_document_save (doc, path, &err))
    g_error ("saving %s: %s", path, err.message);
  ossa_document_free (doc);
}

static void
write_file (const char *path, const void *data, gssize size)
{
  GError *error = NULL;

  g_file_set_contents (path, data, size, &error);
  g_assert_no_error (error);
}

static char *
read_file (const char *path, gsize *size)
{
  GError *error = NULL;
  char *data = NULL;

  g_file_get_contents (path, &data, size, &error);
  g_assert_no_error (error);
  return data;
}

static void
make_documents (void)
{
  static const char garbage[] = "this is not an Ossa document\n\x01\x02\x03\xff\xfe";
  char *data;
  gsize size;

  rig_path = cli_tmp_file ("rig.ossa");
  make_rig (rig_path);
  data = read_file (rig_path, &size);
  g_assert_cmpuint (size, >, 16);

  garbage_path = cli_tmp_file ("garbage.ossa");
  write_file (garbage_path, garbage, sizeof garbage - 1);
  truncated_path = cli_tmp_file ("truncated.ossa");
  write_file (truncated_path, data, (gssize) size - 1);
  half_path = cli_tmp_file ("half.ossa");
  write_file (half_path, data, (gssize) size / 2);
  missing_path = cli_tmp_file ("missing.ossa");
  smd_path = cli_tmp_file ("model.smd");
  /* An SMD whose nodes block lacks its end: every command refuses it. */
  write_file (smd_path, "// Created by Crowbar\nversion 1\nnodes\n0 \"root\" -1\n", -1);
  map_path = cli_tmp_file ("arena.map");
  write_file (map_path, "type octile\nheight 1\nwidth 2\nmap\n..\n", -1);
  g_free (data);
}

/* ---- the cases ---- */

static const char *const commands[] = { "info", "validate", "sample", "convert", "bench" };

static void
test_help (gconstpointer data)
{
  const char *locale = data;
  CliRun run;

  if (!cli_locale_usable (locale))
    return;

  for (size_t i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      char *usage = g_strdup_printf ("ossa-cli %s", commands[i]);

      run_cli (&run, locale, commands[i], "--help", NULL);
      cli_assert_ok (&run);
      g_assert_nonnull (strstr (run.out, usage));
      cli_run_clear (&run);

      run_cli (&run, locale, "help", commands[i], NULL);
      cli_assert_ok (&run);
      g_assert_nonnull (strstr (run.out, usage));
      cli_run_clear (&run);
      g_free (usage);
    }

  for (size_t i = 0; i < 3; i++)
    {
      static const char *const general[] = { "--help", "-h", "help" };

      run_cli (&run, locale, general[i], NULL);
      cli_assert_ok (&run);
      for (size_t c = 0; c < G_N_ELEMENTS (commands); c++)
        g_assert_nonnull (strstr (run.out, commands[c]));
      cli_run_clear (&run);
    }

  run_cli (&run, locale, "--version", NULL);
  cli_assert_ok (&run);
  g_assert_true (g_str_has_prefix (run.out, "ossa-cli "));
  cli_run_clear (&run);

  /* The sample help documents the units. */
  run_cli (&run, locale, "sample", "--help", NULL);
  g_assert_nonnull (strstr (run.out, "RADIANS"));
  g_assert_nonnull (strstr (run.out, "DEGREES"));
  cli_run_clear (&run);
}

static void
test_usage_errors (gconstpointer data)
{
  static const struct
  {
    const char *command;             /* for the hint; NULL: general */
    const char *args[8];
  } cases[] = {
    { NULL, { NULL } },
    { NULL, { "frobnicate", NULL } },
    { NULL, { "--frobnicate", NULL } },
    { NULL, { "help", "frobnicate", NULL } },
    { "info", { "info", NULL } },
    { "info", { "info", "a.ossa", "b.ossa", NULL } },
    { "info", { "info", "--bogus", "a.ossa", NULL } },
    { "validate", { "validate", NULL } },
    { "sample", { "sample", "--time", "0", NULL } },
    { "sample", { "sample", "RIG", NULL } },
    { "sample", { "sample", "RIG", "--anim", "a170", NULL } },
    { "sample", { "sample", "RIG", "--time", "abc", NULL } },
    { "sample", { "sample", "RIG", "--time", "nan", NULL } },
    { "sample", { "sample", "RIG", "--time", "inf", NULL } },
    { "sample", { "sample", "RIG", "--time", "1e999", NULL } },
    { "sample", { "sample", "RIG", "--time", "1e39", NULL } },
    { "sample", { "sample", "RIG", "--time", "0,5", NULL } },
    { "sample", { "sample", "RIG", "--time", "", NULL } },
    { "sample", { "sample", "RIG", "--time", "0.5s", NULL } },
    { "sample", { "sample", "RIG", "--time", NULL } },
    { "convert", { "convert", "RIG", NULL } },
    { "convert", { "convert", "RIG", "out.smd", NULL } },
    { "convert", { "convert", "RIG", "noextension", NULL } },
    { "bench", { "bench", NULL } },
    { "bench", { "bench", "frobnicate", NULL } },
    { "bench", { "bench", "pose", "--bones", "0", NULL } },
    { "bench", { "bench", "pose", "--bones", "1000001", NULL } },
    { "bench", { "bench", "pose", "--bones", "ten", NULL } },
    { "bench", { "bench", "pose", "--bones", "-5", NULL } },
    { "bench", { "bench", "pose", "--keys", "100001", NULL } },
    { "bench", { "bench", "pose", "--bones", "1000000", "--keys", "100000", NULL } },
    { "bench", { "bench", "pose", "--seek", "sideways", NULL } },
    { "bench", { "bench", "pose", "--interp", "cubic", NULL } },
    { "bench", { "bench", "pose", "--frames", "0", NULL } },
    { "bench", { "bench", "pose", "--anim", "a170", NULL } },
    { "bench", { "bench", "pose", "RIG", "--bones", "10", NULL } },
    { "bench", { "bench", "pose", "RIG", "extra", NULL } },
  };
  const char *locale = data;

  if (!cli_locale_usable (locale))
    return;
  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *args[8];
      CliRun run;

      for (size_t a = 0; a < G_N_ELEMENTS (args); a++)
        {
          args[a] = cases[i].args[a];
          if (args[a] != NULL && strcmp (args[a], "RIG") == 0)
            args[a] = rig_path;
          if (args[a] == NULL)
            break;
        }
      g_test_message ("case %zu: %s %s", i, args[0] ? args[0] : "(nothing)",
                      args[0] && args[1] ? args[1] : "");
      run_cliv (&run, locale, args);
      cli_assert_usage_error (&run, cases[i].command);
      cli_run_clear (&run);
    }
}

static void
test_info (gconstpointer data)
{
  const char *locale = data;
  JsonParser *parser;
  JsonObject *o, *a;
  JsonArray *names, *anims, *maps;
  CliRun run;

  if (!cli_locale_usable (locale))
    return;

  run_cli (&run, locale, "info", rig_path, NULL);
  cli_assert_ok (&run);
  g_assert_nonnull (strstr (run.out, "bones: 4 (2 roots, depth 3)"));
  g_assert_nonnull (strstr (run.out, "a170"));
  g_assert_nonnull (strstr (run.out, "arena: 8 × 4"));
  cli_run_clear (&run);

  run_cli (&run, locale, "info", "--json", rig_path, NULL);
  cli_assert_ok (&run);
  parser = parse_json (run.out, &o);
  g_assert_cmpstr (member_string (o, "file"), ==, rig_path);
  g_assert_cmpint (member_int (o, "format_version"), ==, 1);
  g_assert_cmpstr (member_string (o, "generator"), ==, "test-cli");
  g_assert_cmpint (member_int (o, "bones"), ==, 4);
  g_assert_cmpint (member_int (o, "roots"), ==, 2);
  g_assert_cmpint (member_int (o, "depth"), ==, 3);
  names = json_object_get_array_member (o, "bone_names");
  g_assert_cmpuint (json_array_get_length (names), ==, 4);
  g_assert_cmpstr (json_array_get_string_element (names, 0), ==, "root");
  g_assert_cmpstr (json_array_get_string_element (names, 3), ==, "prop");

  anims = json_object_get_array_member (o, "animations");
  g_assert_cmpuint (json_array_get_length (anims), ==, 3);
  a = json_array_get_object_element (anims, 0);
  g_assert_cmpstr (member_string (a, "name"), ==, "a170");
  assert_close (member_number (a, "duration"), 1.0, "a170 duration");
  assert_close (member_number (a, "fps"), 30.0, "a170 fps");
  g_assert_false (json_object_get_boolean_member (a, "loop"));
  g_assert_cmpint (member_int (a, "tracks"), ==, 2);
  g_assert_cmpint (member_int (a, "keys"), ==, 4);
  a = json_array_get_object_element (anims, 1);
  g_assert_cmpstr (member_string (a, "name"), ==, "a190");
  g_assert_true (json_object_get_boolean_member (a, "loop"));
  assert_close (member_number (a, "fps"), 24.0, "a190 fps");
  a = json_array_get_object_element (anims, 2);
  assert_close (member_number (a, "duration"), 2.0, "turns duration");

  maps = json_object_get_array_member (o, "maps");
  g_assert_cmpuint (json_array_get_length (maps), ==, 1);
  a = json_array_get_object_element (maps, 0);
  g_assert_cmpstr (member_string (a, "name"), ==, "arena");
  g_assert_cmpint (member_int (a, "width"), ==, 8);
  g_assert_cmpint (member_int (a, "height"), ==, 4);
  g_object_unref (parser);
  cli_run_clear (&run);

  /* Text formats are told by content: a broken SMD gets its line. */
  run_cli (&run, locale, "info", smd_path, NULL);
  assert_input_error (&run, smd_path);
  g_assert_nonnull (strstr (run.err, ":4: missing 'end'"));
  cli_run_clear (&run);
  /* A map file reads as a document holding that one map. */
  run_cli (&run, locale, "info", map_path, NULL);
  cli_assert_ok (&run);
  g_assert_nonnull (strstr (run.out, "grid map"));
  g_assert_nonnull (strstr (run.out, "arena: 2 × 1 cells"));
  cli_run_clear (&run);
  run_cli (&run, locale, "validate", map_path, NULL);
  cli_assert_ok (&run);
  cli_run_clear (&run);
}

static void
test_validate (gconstpointer data)
{
  const char *locale = data;
  JsonParser *parser;
  JsonObject *o;
  CliRun run;
  char *expected;

  if (!cli_locale_usable (locale))
    return;

  run_cli (&run, locale, "validate", rig_path, NULL);
  cli_assert_ok (&run);
  expected = g_strdup_printf ("%s: valid (4 bones, 3 animations)\n", rig_path);
  g_assert_cmpstr (run.out, ==, expected);
  g_free (expected);
  cli_run_clear (&run);

  run_cli (&run, locale, "validate", rig_path, "--json", NULL);
  cli_assert_ok (&run);
  parser = parse_json (run.out, &o);
  g_assert_cmpstr (member_string (o, "file"), ==, rig_path);
  g_assert_true (json_object_get_boolean_member (o, "valid"));
  g_assert_false (json_object_has_member (o, "error"));
  g_object_unref (parser);
  cli_run_clear (&run);
}

/* Every command on every broken file: exit 1, "ossa-cli: PATH: " on stderr. */
static void
test_bad_files (gconstpointer data)
{
  const char *locale = data;
  const char *bad[] = { garbage_path, truncated_path, half_path, missing_path, cli_tmp_dir (),
                        smd_path };
  char *out_path = cli_tmp_file ("bad-out.ossa");

  if (!cli_locale_usable (locale))
    return;
  for (size_t i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      JsonParser *parser;
      JsonObject *o;
      CliRun run;

      g_test_message ("bad file %s", bad[i]);

      run_cli (&run, locale, "info", bad[i], NULL);
      assert_input_error (&run, bad[i]);
      g_assert_cmpstr (run.out, ==, "");
      cli_run_clear (&run);

      run_cli (&run, locale, "info", "--json", bad[i], NULL);
      assert_input_error (&run, bad[i]);
      g_assert_cmpstr (run.out, ==, "");
      cli_run_clear (&run);

      run_cli (&run, locale, "validate", bad[i], NULL);
      assert_input_error (&run, bad[i]);
      g_assert_cmpstr (run.out, ==, "");
      cli_run_clear (&run);

      /* With --json: the JSON on stdout and the error line on stderr. */
      run_cli (&run, locale, "validate", "--json", bad[i], NULL);
      assert_input_error (&run, bad[i]);
      parser = parse_json (run.out, &o);
      g_assert_cmpstr (member_string (o, "file"), ==, bad[i]);
      g_assert_false (json_object_get_boolean_member (o, "valid"));
      g_assert_cmpstr (member_string (o, "error"), !=, "");
      g_assert_nonnull (strstr (run.err, member_string (o, "error")));
      g_object_unref (parser);
      cli_run_clear (&run);

      run_cli (&run, locale, "sample", bad[i], "--time", "0", NULL);
      assert_input_error (&run, bad[i]);
      g_assert_cmpstr (run.out, ==, "");
      cli_run_clear (&run);

      run_cli (&run, locale, "sample", bad[i], "--anim", "a170", "--time", "0", "--json", NULL);
      assert_input_error (&run, bad[i]);
      g_assert_cmpstr (run.out, ==, "");
      cli_run_clear (&run);

      run_cli (&run, locale, "bench", "pose", bad[i], "--frames", "1", NULL);
      assert_input_error (&run, bad[i]);
      cli_run_clear (&run);

      if (g_str_has_suffix (bad[i], ".ossa"))
        {
          run_cli (&run, locale, "convert", bad[i], out_path, NULL);
          assert_input_error (&run, bad[i]);
          g_assert_false (g_file_test (out_path, G_FILE_TEST_EXISTS));
          cli_run_clear (&run);
        }
    }
  g_free (out_path);
}

/* Expected pose by hand. Root: rest (10, 20), scale 2, rotation theta. Arm: local
 * (ax, 0) rotation phi under root. Tip: local (3, 1) under arm. Prop: a root at
 * (−4, 0), −90°. World of a child = parent position + parent's R·S applied to the
 * child's local position; rotations add because the scale is uniform. */
typedef struct
{
  double x, y, rot;
} Expected;

static void
expected_pose (double theta, double ax, double phi, Expected e[4])
{
  double arm_rot = theta + phi;

  e[0] = (Expected) { 10, 20, theta };
  e[1] = (Expected) { 10 + 2 * ax * cos (theta), 20 + 2 * ax * sin (theta), arm_rot };
  e[2] = (Expected) {
    e[1].x + 2 * (3 * cos (arm_rot) - 1 * sin (arm_rot)),
    e[1].y + 2 * (3 * sin (arm_rot) + 1 * cos (arm_rot)),
    arm_rot,
  };
  e[3] = (Expected) { -4, 0, deg (-90) };
}

static JsonObject *
find_bone (JsonObject *o, const char *name)
{
  JsonArray *bones = json_object_get_array_member (o, "bones");

  for (guint i = 0; i < json_array_get_length (bones); i++)
    {
      JsonObject *b = json_array_get_object_element (bones, i);

      if (strcmp (member_string (b, "name"), name) == 0)
        return b;
    }
  g_error ("no bone '%s' in the sample output", name);
  return NULL;
}

/* Runs sample --json and checks every bone's world pose against expected_pose(),
 * and the local rotation of root and arm against what was sampled. */
static void
check_sample (const char *locale, const char *anim, const char *time, double theta,
              double ax, double phi, double root_local_rot, double arm_local_rot)
{
  static const char *const names[] = { "root", "arm", "tip", "prop" };
  JsonParser *parser;
  JsonObject *o;
  Expected e[4];
  CliRun run;

  if (anim != NULL)
    run_cli (&run, locale, "sample", rig_path, "--anim", anim, "--time", time, "--json", NULL);
  else
    run_cli (&run, locale, "sample", "--json", "--time", time, rig_path, NULL);
  cli_assert_ok (&run);
  parser = parse_json (run.out, &o);
  g_assert_cmpstr (member_string (o, "file"), ==, rig_path);
  if (anim != NULL)
    g_assert_cmpstr (member_string (o, "animation"), ==, anim);
  else
    g_assert_true (member_is_null (o, "animation"));
  assert_close (member_number (o, "time"), g_ascii_strtod (time, NULL), "time");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "bones")), ==, 4);

  expected_pose (theta, ax, phi, e);
  for (size_t i = 0; i < G_N_ELEMENTS (names); i++)
    {
      JsonObject *b = find_bone (o, names[i]);
      JsonObject *w = json_object_get_object_member (b, "world");
      char what[64];

      g_assert_nonnull (w);
      g_assert_nonnull (json_object_get_object_member (b, "local"));
      snprintf (what, sizeof what, "%s %s@%s world x", names[i], anim ? anim : "rest", time);
      assert_close (member_number (w, "x"), e[i].x, what);
      snprintf (what, sizeof what, "%s %s@%s world y", names[i], anim ? anim : "rest", time);
      assert_close (member_number (w, "y"), e[i].y, what);
      snprintf (what, sizeof what, "%s %s@%s world rotation", names[i], anim ? anim : "rest", time);
      assert_angle_close (member_number (w, "rotation"), e[i].rot, what);
      /* atan2(m10, m00): always in (−π, π]. */
      g_assert_cmpfloat (member_number (w, "rotation"), >, -G_PI - 1e-6);
      g_assert_cmpfloat (member_number (w, "rotation"), <=, G_PI + 1e-6);
    }

  /* Parents by name, roots null. */
  g_assert_true (member_is_null (find_bone (o, "root"), "parent"));
  g_assert_cmpstr (member_string (find_bone (o, "tip"), "parent"), ==, "arm");
  g_assert_true (member_is_null (find_bone (o, "prop"), "parent"));

  /* Local rotations exactly as sampled, not normalised. */
  assert_close (member_number (json_object_get_object_member (find_bone (o, "root"), "local"), "rotation"),
                root_local_rot, "root local rotation");
  assert_close (member_number (json_object_get_object_member (find_bone (o, "arm"), "local"), "rotation"),
                arm_local_rot, "arm local rotation");
  assert_close (member_number (json_object_get_object_member (find_bone (o, "arm"), "local"), "x"),
                ax, "arm local x");
  assert_close (member_number (json_object_get_object_member (find_bone (o, "root"), "local"), "scale_x"),
                2.0, "root local scale_x");
  assert_close (member_number (json_object_get_object_member (find_bone (o, "tip"), "local"), "y"),
                1.0, "tip local y");
  g_object_unref (parser);
  cli_run_clear (&run);
}

static void
test_sample_shortest (gconstpointer data)
{
  const char *locale = data;

  if (!cli_locale_usable (locale))
    return;
  /* 0 → 170°: +85° at the midpoint; arm x 5 → 7: 6. */
  check_sample (locale, "a170", "0.5", deg (85), 6, deg (20), deg (85), deg (20));
  /* 0 → 190°: the short way, −85° at the midpoint (not +95°). */
  check_sample (locale, "a190", "0.5", deg (-85), 5, deg (20), deg (-85), deg (20));
  check_sample (locale, "a190", "0.25", deg (-42.5), 5, deg (20), deg (-42.5), deg (20));
}

static void
test_sample_rest (gconstpointer data)
{
  const char *locale = data;

  if (!cli_locale_usable (locale))
    return;
  check_sample (locale, NULL, "0", deg (30), 5, deg (20), deg (30), deg (20));
  /* The time does not matter for the rest pose. */
  check_sample (locale, NULL, "123.5", deg (30), 5, deg (20), deg (30), deg (20));
}

static void
test_sample_clamp (gconstpointer data)
{
  const char *locale = data;

  if (!cli_locale_usable (locale))
    return;
  /* Before the first key: the first value; negative times parse as values. */
  check_sample (locale, "a190", "-1", 0, 5, deg (20), 0, deg (20));
  check_sample (locale, "a170", "-0.5", 0, 5, deg (20), 0, deg (20));
  /* After the last: the last value, as stored (190°, not −170°) in local. */
  check_sample (locale, "a190", "5", deg (190), 5, deg (20), (float) deg (190), deg (20));
  check_sample (locale, "a170", "1e6", deg (170), 7, deg (20), (float) deg (170), deg (20));
  check_sample (locale, "a170", "1", deg (170), 7, deg (20), (float) deg (170), deg (20));
}

static void
test_sample_turns (gconstpointer data)
{
  const char *locale = data;

  if (!cli_locale_usable (locale))
    return;
  /* 0 → 3π counter-clockwise with one extra turn: 1.5π at the midpoint, and the
   * key's 3π (a turn and a half) after it, not normalised. */
  check_sample (locale, "turns", "0.5", deg (30), 5, 1.5 * G_PI, deg (30), 1.5 * G_PI);
  check_sample (locale, "turns", "2", deg (30), 5, 3 * G_PI, deg (30), (float) (3 * G_PI));
}

/* The numbers of one row of the text table. */
static void
human_row (const char *out, const char *bone, double v[8])
{
  char **lines = g_strsplit (out, "\n", -1);
  gboolean found = FALSE;

  for (size_t i = 0; lines[i] != NULL && !found; i++)
    {
      char **tokens;
      size_t n = 0;

      if (!g_str_has_prefix (lines[i], bone) || lines[i][strlen (bone)] != ' ')
        continue;
      tokens = g_strsplit_set (lines[i], " ", -1);
      for (size_t t = 1; tokens[t] != NULL; t++)
        {
          char *end;

          if (tokens[t][0] == '\0')
            continue;
          g_assert_cmpuint (n, <, 8);
          v[n] = g_ascii_strtod (tokens[t], &end);
          if (*end != '\0')
            g_error ("not a '.'-decimal number in the table: '%s'", tokens[t]);
          n++;
        }
      g_assert_cmpuint (n, ==, 8);
      g_strfreev (tokens);
      found = TRUE;
    }
  if (!found)
    g_error ("no row for bone '%s' in:\n%s", bone, out);
  g_strfreev (lines);
}

static void
test_sample_human (gconstpointer data)
{
  const char *locale = data;
  Expected e[4];
  double v[8];
  CliRun run;

  if (!cli_locale_usable (locale))
    return;

  run_cli (&run, locale, "sample", rig_path, "--anim", "a190", "--time", "0.5", NULL);
  cli_assert_ok (&run);
  expected_pose (deg (-85), 5, deg (20), e);
  human_row (run.out, "root", v);
  assert_close (v[0], 10, "root x");
  assert_close (v[1], 20, "root y");
  assert_close (v[2], -85, "root rotation in degrees");
  assert_close (v[3], 2, "root scale_x");
  assert_close (v[4], 2, "root scale_y");
  assert_close (v[5], 10, "root world x");
  assert_close (v[6], 20, "root world y");
  assert_close (v[7], -85, "root world rotation in degrees");
  human_row (run.out, "tip", v);
  g_assert_cmpfloat (fabs (v[5] - e[2].x), <, 1e-3);
  g_assert_cmpfloat (fabs (v[6] - e[2].y), <, 1e-3);
  assert_close (v[7], -65, "tip world rotation in degrees");
  cli_run_clear (&run);

  /* 190° as stored is shown as −170°; 3π as 180° (never −180°). */
  run_cli (&run, locale, "sample", rig_path, "--anim", "a190", "--time", "5", NULL);
  cli_assert_ok (&run);
  human_row (run.out, "root", v);
  assert_close (v[2], -170, "root rotation shown normalised");
  cli_run_clear (&run);
  run_cli (&run, locale, "sample", rig_path, "--anim", "turns", "--time", "2", NULL);
  cli_assert_ok (&run);
  human_row (run.out, "arm", v);
  assert_close (v[2], 180, "3π shown as 180°");
  cli_run_clear (&run);

  /* The rest pose says so. */
  run_cli (&run, locale, "sample", rig_path, "--time", "0", NULL);
  cli_assert_ok (&run);
  g_assert_nonnull (strstr (run.out, "rest pose"));
  human_row (run.out, "prop", v);
  assert_close (v[0], -4, "prop x");
  assert_close (v[2], -90, "prop rotation");
  cli_run_clear (&run);
}

static void
test_sample_unknown_anim (gconstpointer data)
{
  const char *locale = data;
  CliRun run;

  if (!cli_locale_usable (locale))
    return;
  run_cli (&run, locale, "sample", rig_path, "--anim", "dance", "--time", "0", NULL);
  assert_input_error (&run, rig_path);
  g_assert_nonnull (strstr (run.err, "dance"));
  g_assert_nonnull (strstr (run.err, "a170"));
  g_assert_nonnull (strstr (run.err, "a190"));
  g_assert_nonnull (strstr (run.err, "turns"));
  g_assert_cmpstr (run.out, ==, "");
  cli_run_clear (&run);
}

/* info --json without its "file" member, as text. */
static char *
info_without_file (const char *locale, const char *path)
{
  JsonParser *parser;
  JsonObject *o;
  JsonGenerator *generator = json_generator_new ();
  CliRun run;
  char *text;

  run_cli (&run, locale, "info", "--json", path, NULL);
  cli_assert_ok (&run);
  parser = parse_json (run.out, &o);
  json_object_remove_member (o, "file");
  json_generator_set_root (generator, json_parser_get_root (parser));
  text = json_generator_to_data (generator, NULL);
  g_object_unref (generator);
  g_object_unref (parser);
  cli_run_clear (&run);
  return text;
}

static void
test_convert (gconstpointer data)
{
  static const char precious[] = "precious bytes\n";
  const char *locale = data;
  char *out_path = cli_tmp_file ("converted.ossa");
  char *keep_path = cli_tmp_file ("keep.ossa");
  char *keep_smd = cli_tmp_file ("keep.smd");
  char *in_info, *out_info, *contents;
  const char *bad_dir_out = "/nonexistent-ossa-dir/out.ossa";
  JsonParser *parser;
  JsonObject *o;
  CliRun run;

  if (!cli_locale_usable (locale))
    return;

  g_unlink (out_path);
  run_cli (&run, locale, "convert", rig_path, out_path, NULL);
  cli_assert_ok (&run);
  g_assert_nonnull (strstr (run.out, out_path));
  cli_run_clear (&run);
  in_info = info_without_file (locale, rig_path);
  out_info = info_without_file (locale, out_path);
  g_assert_cmpstr (in_info, ==, out_info);
  g_free (in_info);
  g_free (out_info);

  /* The poses survive too. */
  {
    CliRun a, b;
    char *a_body, *b_body;

    run_cli (&a, locale, "sample", rig_path, "--anim", "turns", "--time", "0.3", "--json", NULL);
    run_cli (&b, locale, "sample", out_path, "--anim", "turns", "--time", "0.3", "--json", NULL);
    cli_assert_ok (&a);
    cli_assert_ok (&b);
    a_body = strstr (a.out, "\"animation\"");
    b_body = strstr (b.out, "\"animation\"");
    g_assert_nonnull (a_body);
    g_assert_cmpstr (a_body, ==, b_body);
    cli_run_clear (&a);
    cli_run_clear (&b);
  }

  run_cli (&run, locale, "convert", "--json", rig_path, out_path, NULL);
  cli_assert_ok (&run);
  parser = parse_json (run.out, &o);
  g_assert_cmpstr (member_string (o, "input"), ==, rig_path);
  g_assert_cmpstr (member_string (o, "output"), ==, out_path);
  g_assert_cmpint (member_int (o, "bones"), ==, 4);
  g_assert_cmpint (member_int (o, "animations"), ==, 3);
  g_object_unref (parser);
  cli_run_clear (&run);

  /* A failing convert leaves an existing OUT as it was. */
  write_file (keep_path, precious, -1);
  write_file (keep_smd, precious, -1);
  run_cli (&run, locale, "convert", garbage_path, keep_path, NULL);
  assert_input_error (&run, garbage_path);
  cli_run_clear (&run);
  run_cli (&run, locale, "convert", truncated_path, keep_path, NULL);
  assert_input_error (&run, truncated_path);
  cli_run_clear (&run);
  run_cli (&run, locale, "convert", missing_path, keep_path, NULL);
  assert_input_error (&run, missing_path);
  cli_run_clear (&run);
  run_cli (&run, locale, "convert", rig_path, keep_smd, NULL);
  cli_assert_usage_error (&run, "convert");
  g_assert_nonnull (strstr (run.err, "cannot convert"));
  cli_run_clear (&run);
  contents = read_file (keep_path, NULL);
  g_assert_cmpstr (contents, ==, precious);
  g_free (contents);
  contents = read_file (keep_smd, NULL);
  g_assert_cmpstr (contents, ==, precious);
  g_free (contents);

  /* OUT that cannot be written: exit 1, the error names OUT. */
  run_cli (&run, locale, "convert", rig_path, bad_dir_out, NULL);
  assert_input_error (&run, bad_dir_out);
  cli_run_clear (&run);

  g_unlink (out_path);
  g_unlink (keep_path);
  g_unlink (keep_smd);
  g_free (out_path);
  g_free (keep_path);
  g_free (keep_smd);
}

static void
test_bench (gconstpointer data)
{
  const char *locale = data;
  JsonParser *parser;
  JsonObject *o;
  CliRun run;

  if (!cli_locale_usable (locale))
    return;

  run_cli (&run, locale, "bench", "pose", "--bones", "100", "--keys", "4", "--seek", "random",
           "--json", NULL);
  cli_assert_ok (&run);
  parser = parse_json (run.out, &o);
  g_assert_cmpint (member_int (o, "bones"), ==, 100);
  g_assert_cmpint (member_int (o, "keys"), ==, 4);
  g_assert_cmpint (member_int (o, "channels"), ==, 5);
  g_assert_cmpstr (member_string (o, "seek"), ==, "random");
  g_assert_cmpstr (member_string (o, "interp"), ==, "mixed");
  g_assert_cmpint (member_int (o, "frames"), >, 0);
  /* Figures only: positive, never a speed requirement. */
  g_assert_cmpfloat (member_number (o, "ns_per_bone"), >, 0);
  g_assert_cmpfloat (member_number (o, "reference_ns_per_bone"), >, 0);
  g_assert_cmpfloat (member_number (o, "clip_build_seconds"), >=, 0);
  /* At least every key once in playback order (24 bytes each) and once for seeks. */
  g_assert_cmpint (member_int (o, "clip_bytes"), >=, 100 * 5 * 4 * (24 + 20));
  g_object_unref (parser);
  cli_run_clear (&run);

  run_cli (&run, locale, "bench", "pose", "--bones", "20", "--keys", "3", "--interp", "linear",
           "--frames", "50", "--json", NULL);
  cli_assert_ok (&run);
  parser = parse_json (run.out, &o);
  g_assert_cmpstr (member_string (o, "interp"), ==, "linear");
  g_object_unref (parser);
  cli_run_clear (&run);

  run_cli (&run, locale, "bench", "pose", "--bones", "50", "--keys", "3", "--frames", "200", NULL);
  cli_assert_ok (&run);
  g_assert_nonnull (strstr (run.out, "50 bones × 5 channels × 3 mixed keys, forward: "));
  g_assert_nonnull (strstr (run.out, "ns per bone"));
  cli_run_clear (&run);

  run_cli (&run, locale, "bench", "pose", rig_path, "--anim", "a190", "--frames", "100",
           "--seek", "forward", "--json", NULL);
  cli_assert_ok (&run);
  parser = parse_json (run.out, &o);
  g_assert_cmpint (member_int (o, "bones"), ==, 4);
  g_assert_cmpint (member_int (o, "frames"), ==, 100);
  g_assert_cmpstr (member_string (o, "animation"), ==, "a190");
  g_assert_cmpstr (member_string (o, "seek"), ==, "forward");
  g_assert_cmpfloat (member_number (o, "ns_per_bone"), >, 0);
  g_object_unref (parser);
  cli_run_clear (&run);

  run_cli (&run, locale, "bench", "pose", rig_path, "--anim", "dance", "--frames", "10", NULL);
  assert_input_error (&run, rig_path);
  cli_run_clear (&run);
}

int
main (int argc, char **argv)
{
  static const struct
  {
    const char *tag;
    const char *locale;
  } locales[] = {
    { "C", "C.UTF-8" },
    { "de_DE", "de_DE.UTF-8" },
  };
  static const struct
  {
    const char     *name;
    GTestDataFunc   func;
  } cases[] = {
    { "help", test_help },
    { "usage-errors", test_usage_errors },
    { "info", test_info },
    { "validate", test_validate },
    { "bad-files", test_bad_files },
    { "sample/shortest", test_sample_shortest },
    { "sample/rest", test_sample_rest },
    { "sample/clamp", test_sample_clamp },
    { "sample/turns", test_sample_turns },
    { "sample/human", test_sample_human },
    { "sample/unknown-anim", test_sample_unknown_anim },
    { "convert", test_convert },
    { "bench", test_bench },
  };
  int status;

  g_test_init (&argc, &argv, NULL);

  if (cli_test_binary () == NULL || !g_file_test (cli_test_binary (), G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_message ("OSSA_CLI does not name the ossa-cli binary");
      return 1;
    }
  cli_tmp_dir_create ("ossa-cli-test-XXXXXX");
  make_documents ();

  for (size_t l = 0; l < G_N_ELEMENTS (locales); l++)
    for (size_t c = 0; c < G_N_ELEMENTS (cases); c++)
      {
        char *path = g_strdup_printf ("/cli/%s/%s", locales[l].tag, cases[c].name);

        g_test_add_data_func (path, locales[l].locale, cases[c].func);
        g_free (path);
      }

  status = g_test_run ();
  cli_tmp_dir_remove ();
  return status;
}
