/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli on a document with IK constraints, as a user runs it: info lists the
 * constraints (bones and target by name, mix, bend) and each animation's IK keys,
 * in text and JSON; validate refuses hand-broken files (written with the proto's
 * own writer) naming the constraint by index and name. The document is built by
 * tests/core/test-ik-support.h. */
#include <math.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "../core/test-ik-support.h"
#include "cli-test-support.h"
#include "ossa.pb-c.h"

static char *
write_ik (void)
{
  OssaDocument *doc = test_make_ik_document ();
  char *path = cli_tmp_file ("ik.ossa");
  OssaError err = { 0 };

  if (!ossa_document_save (doc, path, &err))
    g_error ("saving: %s", err.message);
  ossa_document_free (doc);
  return path;
}

static void
test_info (void)
{
  char *path = write_ik ();
  JsonParser *parser = json_parser_new ();
  JsonObject *o, *c, *anim, *track;
  JsonArray *ik, *bones, *tracks;
  CliRun run;

  cli_run (&run, "C.UTF-8", "info", path, NULL);
  cli_assert_ok (&run);
  if (strstr (run.out, "IK constraints: 2 (applied in this order)\n"
                       "  reach: arm → hand, target target, mix 1, bend positive\n"
                       "  look: leg, target aim, mix 0.5, bend negative\n") == NULL
      || strstr (run.out, ", 2 IK tracks\n    IK reach: 2 keys (mix)\n    IK look: 2 keys (mix and bend)\n") == NULL)
    g_error ("info should list the constraints and the IK keys:\n%s", run.out);
  cli_run_clear (&run);

  cli_run (&run, "C.UTF-8", "info", path, "--json", NULL);
  cli_assert_ok (&run);
  o = cli_parse_json (parser, run.out);
  ik = json_object_get_array_member (o, "ik_constraints");
  g_assert_cmpuint (json_array_get_length (ik), ==, 2);
  c = json_array_get_object_element (ik, 0);
  g_assert_cmpstr (json_object_get_string_member (c, "name"), ==, "reach");
  bones = json_object_get_array_member (c, "bones");
  g_assert_cmpuint (json_array_get_length (bones), ==, 2);
  g_assert_cmpstr (json_array_get_string_element (bones, 0), ==, "arm");
  g_assert_cmpstr (json_array_get_string_element (bones, 1), ==, "hand");
  g_assert_cmpstr (json_object_get_string_member (c, "target"), ==, "target");
  g_assert_cmpfloat (json_object_get_double_member (c, "mix"), ==, 1.0);
  g_assert_true (json_object_get_boolean_member (c, "bend_positive"));
  c = json_array_get_object_element (ik, 1);
  g_assert_cmpstr (json_object_get_string_member (c, "name"), ==, "look");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (c, "bones")), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (c, "target"), ==, "aim");
  g_assert_cmpfloat (json_object_get_double_member (c, "mix"), ==, 0.5);
  g_assert_false (json_object_get_boolean_member (c, "bend_positive"));
  anim = json_array_get_object_element (json_object_get_array_member (o, "animations"), 0);
  tracks = json_object_get_array_member (anim, "ik_tracks");
  g_assert_cmpuint (json_array_get_length (tracks), ==, 2);
  track = json_array_get_object_element (tracks, 1);
  g_assert_cmpstr (json_object_get_string_member (track, "constraint"), ==, "look");
  g_assert_cmpint (json_object_get_int_member (track, "keys"), ==, 2);
  g_assert_true (json_object_get_boolean_member (track, "bend_keys"));
  cli_run_clear (&run);

  g_remove (path);
  g_object_unref (parser);
  g_free (path);
}

/* The saved IK document with one field broken by edit, written with the proto's
 * writer as bad.ossa; validate must exit 1 with message on stderr (after the file
 * name) and in the JSON "error". */
static void
expect_invalid (void (*edit) (Ossa__Document *msg), const char *message)
{
  char *path = write_ik (), *bad = cli_tmp_file ("bad.ossa"), *line;
  JsonParser *parser = json_parser_new ();
  Ossa__Document *msg;
  uint8_t *data = NULL, *packed;
  size_t size = 0;
  JsonObject *o;
  CliRun run;

  g_assert_true (g_file_get_contents (path, (char **) &data, &size, NULL));
  msg = ossa__document__unpack (NULL, size, data);
  g_assert_nonnull (msg);
  edit (msg);
  packed = g_malloc (ossa__document__get_packed_size (msg));
  size = ossa__document__pack (msg, packed);
  g_assert_true (g_file_set_contents (bad, (const char *) packed, (gssize) size, NULL));
  cli_run (&run, "C.UTF-8", "validate", bad, NULL);
  cli_assert_exit (&run, 1);
  line = g_strdup_printf ("ossa-cli: %s: %s\n", bad, message);
  if (strstr (run.err, line) == NULL)
    g_error ("stderr should be '%s', is '%s'", line, run.err);
  g_assert_cmpstr (run.out, ==, "");
  cli_run_clear (&run);
  cli_run (&run, "C.UTF-8", "validate", bad, "--json", NULL);
  cli_assert_exit (&run, 1);
  o = cli_parse_json (parser, run.out);
  g_assert_false (json_object_get_boolean_member (o, "valid"));
  g_assert_cmpstr (json_object_get_string_member (o, "error"), ==, message);
  cli_run_clear (&run);

  ossa__document__free_unpacked (msg, NULL);
  g_free (line);
  g_free (packed);
  g_free (data);
  g_remove (bad);
  g_remove (path);
  g_object_unref (parser);
  g_free (bad);
  g_free (path);
}

static void target_out (Ossa__Document *msg) { msg->skeleton->ik[1]->target = 40; }
static void not_child (Ossa__Document *msg) { msg->skeleton->ik[0]->bones[1] = 6; }
static void
mix_two (Ossa__Document *msg)
{
  msg->skeleton->ik[1]->has_mix = 1;
  msg->skeleton->ik[1]->mix = 2.f;
}
static void
mix_nan (Ossa__Document *msg)
{
  msg->skeleton->ik[0]->has_mix = 1;
  msg->skeleton->ik[0]->mix = NAN;
}
static void key_mix_nan (Ossa__Document *msg) { msg->animations[0]->ik_tracks[1]->mix[1] = NAN; }

static void
test_validate (void)
{
  char *path = write_ik ();
  CliRun run;

  cli_run (&run, "C.UTF-8", "validate", path, NULL);
  cli_assert_ok (&run);
  g_assert_nonnull (strstr (run.out, "valid (8 bones, 1 animation)"));
  cli_run_clear (&run);
  g_remove (path);
  g_free (path);

  expect_invalid (target_out, "IK constraint 1 \"look\": its target is bone 40, but the skeleton has 8 bones");
  expect_invalid (not_child, "IK constraint 0 \"reach\": its second bone 'foot' is not a direct child of its first 'arm'");
  expect_invalid (mix_two, "IK constraint 1 \"look\": mix 2 is not a number in [0, 1]");
  expect_invalid (mix_nan, "IK constraint 0 \"reach\": mix nan is not a number in [0, 1]");
  expect_invalid (key_mix_nan, "animation 'walk': IK track 1 (constraint 1): key 1 has mix nan, not a number in [0, 1]");
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
  cli_tmp_dir_create ("ossa-cli-ik-XXXXXX");
  g_test_add_func ("/cli-ik/info", test_info);
  g_test_add_func ("/cli-ik/validate", test_validate);
  status = g_test_run ();
  cli_tmp_dir_remove ();
  return status;
}
