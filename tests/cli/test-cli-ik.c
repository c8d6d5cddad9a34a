/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli on a document with IK constraints, as a user runs it: info lists the
 * constraints (bones and target by name, mix, bend) and each animation's IK keys,
 * in text and JSON; validate refuses hand-broken files (written with the proto's
 * own writer) naming the constraint by index and name; sample reports the pose
 * after a two-bone constraint (the arm's tip on its target, angles from the law
 * of cosines), before it with --no-ik, and halfway with a keyed mix of 0.5. The
 * documents are built with the helpers of tests/core/test-ik-support.h. */
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

/* ---- sample: a two-bone arm reaching for its target ---- */

/* root (10, -5) → upper (length 30) → lower (length 20) → tip, root → target at
 * (-24, -32) from the shoulder: 40 away, within reach (10 < 40 < 50). Animation
 * "reach" keys the arm's FK pose (upper 170°, lower 40°: the tip far from the
 * target) and the constraint's mix: 0 at 0 s, 1 at 1 s. */
enum { ARM_ROOT, ARM_UPPER, ARM_LOWER, ARM_TIP, ARM_TARGET, ARM_N_BONES };
#define ROOT_X 10.0
#define ROOT_Y (-5.0)
#define UPPER_LENGTH 30.0
#define LOWER_LENGTH 20.0
#define TARGET_DX (-24.0)
#define TARGET_DY (-32.0)
#define FK_UPPER_DEG 170.0
#define FK_LOWER_DEG 40.0
#define POSITION_TOLERANCE 1e-3
#define ANGLE_TOLERANCE 1e-4

static char *
write_arm (void)
{
  OssaDocument *doc = ossa_document_new ();
  char *path = cli_tmp_file ("arm.ossa");
  OssaKey upper = ossa_key_make (0, (float) DEG (FK_UPPER_DEG));
  OssaKey lower = ossa_key_make (0, (float) DEG (FK_LOWER_DEG));
  OssaAnimation anim;
  OssaError err = { 0 };

  test_add_bone (&doc->skeleton, "root", -1, (float) ROOT_X, (float) ROOT_Y, 0, 1, 1, 10);
  test_add_bone (&doc->skeleton, "upper", ARM_ROOT, 0, 0, 0, 1, 1, (float) UPPER_LENGTH);
  test_add_bone (&doc->skeleton, "lower", ARM_UPPER, (float) UPPER_LENGTH, 0, 0, 1, 1,
                 (float) LOWER_LENGTH);
  test_add_bone (&doc->skeleton, "tip", ARM_LOWER, (float) LOWER_LENGTH, 0, 0, 1, 1, 2);
  test_add_bone (&doc->skeleton, "target", ARM_ROOT, (float) TARGET_DX, (float) TARGET_DY, 0, 1,
                 1, 2);
  test_add_ik (doc, "reach", ARM_UPPER, ARM_LOWER, ARM_TARGET, 1.f, true);
  g_assert_true (ossa_animation_init (&anim, "reach"));
  anim.duration = 1;
  g_assert_cmpint (ossa_track_set_key (ossa_animation_ensure_track (&anim, ARM_UPPER,
                                                                    OSSA_CHANNEL_ROTATE),
                                       &upper, NULL), >=, 0);
  g_assert_cmpint (ossa_track_set_key (ossa_animation_ensure_track (&anim, ARM_LOWER,
                                                                    OSSA_CHANNEL_ROTATE),
                                       &lower, NULL), >=, 0);
  g_assert_cmpint (ossa_document_take_animation (doc, &anim, NULL), ==, 0);
  test_add_ik_key (doc, 0, 0, 0.f, 0.f, -1);
  test_add_ik_key (doc, 0, 0, 1.f, 1.f, -1);
  if (!ossa_document_save (doc, path, &err))
    g_error ("saving: %s", err.message);
  ossa_document_free (doc);
  return path;
}

typedef struct
{
  double x, y, rotation;  /* world */
  double local_rotation;
} Joint;

/* The arm's world joints by hand for local rotations upper and lower (radians):
 * each child at its parent's position plus the parent's x axis times the length. */
static void
arm_pose (double upper, double lower, Joint joints[ARM_N_BONES])
{
  double elbow = upper + lower;

  joints[ARM_ROOT] = (Joint) { ROOT_X, ROOT_Y, 0, 0 };
  joints[ARM_UPPER] = (Joint) { ROOT_X, ROOT_Y, upper, upper };
  joints[ARM_LOWER] = (Joint) { ROOT_X + UPPER_LENGTH * cos (upper),
                                ROOT_Y + UPPER_LENGTH * sin (upper), elbow, lower };
  joints[ARM_TIP] = (Joint) { joints[ARM_LOWER].x + LOWER_LENGTH * cos (elbow),
                              joints[ARM_LOWER].y + LOWER_LENGTH * sin (elbow), elbow, 0 };
  joints[ARM_TARGET] = (Joint) { ROOT_X + TARGET_DX, ROOT_Y + TARGET_DY, 0, 0 };
}

/* The two-bone solve by the law of cosines, elbow bent positive: the lower arm
 * turns by π minus the triangle's angle at the elbow, and the upper arm aims that
 * much short of the target (the shoulder's angle). */
static void
arm_solved (double *upper, double *lower)
{
  double a = UPPER_LENGTH, b = LOWER_LENGTH, d = hypot (TARGET_DX, TARGET_DY);
  double shoulder = acos ((a * a + d * d - b * b) / (2 * a * d));
  double elbow = acos ((a * a + b * b - d * d) / (2 * a * b));

  *upper = atan2 (TARGET_DY, TARGET_DX) - shoulder;
  *lower = G_PI - elbow;
}

/* `ossa-cli sample ARM --anim reach --time T --json [--no-ik]`, the bones in order. */
static void
sample_arm (const char *path, const char *time, gboolean no_ik, Joint joints[ARM_N_BONES])
{
  static const char *const names[ARM_N_BONES] = { "root", "upper", "lower", "tip", "target" };
  JsonParser *parser = json_parser_new ();
  JsonArray *bones;
  CliRun run;

  if (no_ik)
    cli_run (&run, "C.UTF-8", "sample", path, "--anim", "reach", "--time", time, "--json",
             "--no-ik", NULL);
  else
    cli_run (&run, "C.UTF-8", "sample", path, "--anim", "reach", "--time", time, "--json", NULL);
  cli_assert_ok (&run);
  bones = json_object_get_array_member (cli_parse_json (parser, run.out), "bones");
  g_assert_cmpuint (json_array_get_length (bones), ==, ARM_N_BONES);
  for (guint i = 0; i < ARM_N_BONES; i++)
    {
      JsonObject *bone = json_array_get_object_element (bones, i);
      JsonObject *world = json_object_get_object_member (bone, "world");

      g_assert_cmpstr (json_object_get_string_member (bone, "name"), ==, names[i]);
      joints[i].x = json_object_get_double_member (world, "x");
      joints[i].y = json_object_get_double_member (world, "y");
      joints[i].rotation = json_object_get_double_member (world, "rotation");
      joints[i].local_rotation
        = json_object_get_double_member (json_object_get_object_member (bone, "local"),
                                         "rotation");
    }
  cli_run_clear (&run);
  g_object_unref (parser);
}

static void
assert_angle (double got, double expected, const char *what, guint bone)
{
  if (!(fabs (remainder (got - expected, 2 * G_PI)) <= ANGLE_TOLERANCE))
    g_error ("bone %u %s: got %.7g rad, expected %.7g rad (mod 2π)", bone, what, got, expected);
}

static void
assert_pose (const Joint got[ARM_N_BONES], const Joint expected[ARM_N_BONES], const char *what)
{
  for (guint i = 0; i < ARM_N_BONES; i++)
    {
      if (hypot (got[i].x - expected[i].x, got[i].y - expected[i].y) > POSITION_TOLERANCE)
        g_error ("%s: bone %u at (%.6g, %.6g), expected (%.6g, %.6g)", what, i, got[i].x, got[i].y,
                 expected[i].x, expected[i].y);
      assert_angle (got[i].rotation, expected[i].rotation, "world rotation", i);
      assert_angle (got[i].local_rotation, expected[i].local_rotation, "local rotation", i);
    }
}

static void
test_sample_reach (void)
{
  char *path = write_arm ();
  Joint got[ARM_N_BONES], fk[ARM_N_BONES], ik[ARM_N_BONES];
  double upper, lower;

  arm_pose (DEG (FK_UPPER_DEG), DEG (FK_LOWER_DEG), fk);
  /* The keys alone leave the tip far from the target. */
  g_assert_cmpfloat (hypot (fk[ARM_TIP].x - fk[ARM_TARGET].x, fk[ARM_TIP].y - fk[ARM_TARGET].y),
                     >, 30.0);
  arm_solved (&upper, &lower);
  arm_pose (upper, lower, ik);

  /* Mix 1 at 1 s: the tip on the target, the angles the law of cosines gives. */
  sample_arm (path, "1", FALSE, got);
  assert_pose (got, ik, "IK at 1 s");
  g_assert_cmpfloat (hypot (got[ARM_TIP].x - got[ARM_TARGET].x,
                            got[ARM_TIP].y - got[ARM_TARGET].y), <=, POSITION_TOLERANCE);
  /* --no-ik: the FK pose, keys alone. */
  sample_arm (path, "1", TRUE, got);
  assert_pose (got, fk, "--no-ik at 1 s");
  /* Mix 0 at 0 s: nothing moves. */
  sample_arm (path, "0", FALSE, got);
  assert_pose (got, fk, "IK with mix 0 at 0 s");

  g_remove (path);
  g_free (path);
}

/* At 0.5 s the keyed mix is 0.5: each bone halfway from its keyed rotation to the
 * solved one, the short way round. The upper arm goes from 170° to the solve's
 * -155.8° (204.2°): +34.2° the short way, so halfway is 187.1° (-172.9°); a blend
 * of the plain numbers would put it at 7.1°, on the other side of the shoulder. */
static void
test_sample_half_mix (void)
{
  char *path = write_arm ();
  Joint got[ARM_N_BONES], half[ARM_N_BONES], fk[ARM_N_BONES];
  double fk_upper = DEG (FK_UPPER_DEG), fk_lower = DEG (FK_LOWER_DEG), upper, lower;

  arm_solved (&upper, &lower);
  upper = fk_upper + 0.5 * remainder (upper - fk_upper, 2 * G_PI);
  lower = fk_lower + 0.5 * remainder (lower - fk_lower, 2 * G_PI);
  arm_pose (upper, lower, half);
  g_assert_cmpfloat (fabs (remainder (upper - G_PI, 2 * G_PI)), <, DEG (10));

  sample_arm (path, "0.5", FALSE, got);
  assert_pose (got, half, "IK with mix 0.5 at 0.5 s");
  sample_arm (path, "0.5", TRUE, got);
  arm_pose (fk_upper, fk_lower, fk);
  assert_pose (got, fk, "--no-ik at 0.5 s");

  g_remove (path);
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
  cli_tmp_dir_create ("ossa-cli-ik-XXXXXX");
  g_test_add_func ("/cli-ik/info", test_info);
  g_test_add_func ("/cli-ik/validate", test_validate);
  g_test_add_func ("/cli-ik/sample-reach", test_sample_reach);
  g_test_add_func ("/cli-ik/sample-half-mix", test_sample_half_mix);
  status = g_test_run ();
  cli_tmp_dir_remove ();
  return status;
}
