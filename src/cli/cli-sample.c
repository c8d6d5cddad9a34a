/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli sample DOC [--anim NAME] --time T [--no-ik]: the pose of every bone at
 * T, after the document's IK constraints unless --no-ik. */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "cli-common.h"

#define COLUMN_WIDTH 11

/* People see angles in degrees in (−180°, 180°], to 3 decimals; the JSON keeps what
 * was sampled. Rounded before folding, so that a float a hair past π (3π as a
 * float, say) shows as 180.000 and never as -180.000. */
static double
degrees_shown (double radians)
{
  double deg = ossa_angle_normalize (radians) * (180.0 / OSSA_PI);

  deg = round (deg * 1000.0) / 1000.0;
  if (deg <= -180.0)
    deg += 360.0;
  return deg;
}

static void
print_column (const char *format, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  printf (" %*s", COLUMN_WIDTH - 1, cli_format (buf, sizeof buf, format, v));
}

static bool
print_human (const char *path, const OssaDocument *doc, const OssaAnimation *anim, float t,
             const OssaTransform *local, const OssaXform *world)
{
  static const char *const headers[] = {
    "x", "y", "rotation", "scale_x", "scale_y", "world x", "world y", "world rot",
  };
  const OssaSkeleton *skel = &doc->skeleton;
  char tb[G_ASCII_DTOSTR_BUF_SIZE];
  int name_width = 4;

  path = cli_input_label (path);
  if (anim != NULL)
    printf ("%s: animation '%s' at %s s\n", path, anim->name, cli_format_float (tb, sizeof tb, t));
  else
    printf ("%s: rest pose\n", path);
  printf ("(local transform, then world position and rotation; angles in degrees, in (-180, 180])\n");

  for (size_t i = 0; i < skel->n_bones; i++)
    name_width = MAX (name_width, cli_text_width (skel->bones[i].name));

  cli_print_padded ("bone", name_width);
  for (size_t c = 0; c < G_N_ELEMENTS (headers); c++)
    printf (" %*s", COLUMN_WIDTH - 1, headers[c]);
  printf ("\n");

  for (size_t i = 0; i < skel->n_bones; i++)
    {
      cli_print_padded (skel->bones[i].name, name_width);
      print_column ("%.4f", local[i].x);
      print_column ("%.4f", local[i].y);
      print_column ("%.3f", degrees_shown (local[i].rotation));
      print_column ("%.4f", local[i].scale_x);
      print_column ("%.4f", local[i].scale_y);
      print_column ("%.4f", world[i].tx);
      print_column ("%.4f", world[i].ty);
      print_column ("%.3f", degrees_shown (ossa_xform_rotation (&world[i])));
      printf ("\n");
    }
  return cli_art_sample_human (doc, anim, t, world);
}

static bool
print_json (const char *path, const OssaDocument *doc, const OssaAnimation *anim, float t,
            const OssaTransform *local, const OssaXform *world)
{
  const OssaSkeleton *skel = &doc->skeleton;
  JsonBuilder *b = json_builder_new ();

  json_builder_begin_object (b);
  cli_json_add_file (b, "file", path);
  cli_json_add_string (b, "animation", anim != NULL ? anim->name : NULL);
  cli_json_add_float (b, "time", t);
  json_builder_set_member_name (b, "bones");
  json_builder_begin_array (b);
  for (size_t i = 0; i < skel->n_bones; i++)
    {
      int32_t parent = skel->bones[i].parent;

      json_builder_begin_object (b);
      cli_json_add_string (b, "name", skel->bones[i].name);
      cli_json_add_string (b, "parent", parent >= 0 ? skel->bones[parent].name : NULL);

      json_builder_set_member_name (b, "local");
      json_builder_begin_object (b);
      cli_json_add_float (b, "x", local[i].x);
      cli_json_add_float (b, "y", local[i].y);
      cli_json_add_float (b, "rotation", local[i].rotation);
      cli_json_add_float (b, "scale_x", local[i].scale_x);
      cli_json_add_float (b, "scale_y", local[i].scale_y);
      json_builder_end_object (b);

      json_builder_set_member_name (b, "world");
      json_builder_begin_object (b);
      cli_json_add_float (b, "x", world[i].tx);
      cli_json_add_float (b, "y", world[i].ty);
      cli_json_add_float (b, "rotation", ossa_xform_rotation (&world[i]));
      json_builder_end_object (b);

      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  if (!cli_art_sample_json (b, doc, anim, t, world))
    {
      g_object_unref (b);
      return false;
    }
  json_builder_end_object (b);
  cli_json_print (b);
  return true;
}

int
cli_sample (int argc, char **argv)
{
  gboolean json = FALSE, no_ik = FALSE;
  char *anim_name = NULL;
  char *time_text = NULL;
  GOptionEntry entries[] = {
    { "anim", 'a', 0, G_OPTION_ARG_STRING, &anim_name,
      "Animation to sample (default: none, the rest pose)", "NAME" },
    { "time", 't', 0, G_OPTION_ARG_STRING, &time_text,
      "Time in seconds ('.' decimals, any locale)", "T" },
    { "no-ik", 0, 0, G_OPTION_ARG_NONE, &no_ik,
      "The pose before IK constraints (forward kinematics only)", NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
    G_OPTION_ENTRY_NULL
  };
  GOptionContext *context;
  OssaDocument *doc = NULL;
  const OssaAnimation *anim = NULL;
  OssaPose *pose = NULL;
  OssaError err = { 0 };
  const char *path;
  double time_value = 0;
  float t;
  int status = CLI_EXIT_USAGE;

  context = cli_option_context_new ("DOC --time T",
    "Print the pose of every bone of a document at a time.",
    "Samples animation NAME at T seconds (times before the first key give the first\n"
    "value, after the last key the last value); without --anim, the rest pose.\n"
    "For each bone: the local transform (x, y, rotation, scale_x, scale_y) and the\n"
    "world transform (x, y, rotation; world rotation = atan2(m10, m00) of the world\n"
    "matrix). Coordinates are y up; angles are counter-clockwise positive.\n"
    "DOC '-' reads standard input.\n"
    "\n"
    "The pose is the one the runtime plays: after the document's IK constraints,\n"
    "applied in order at the animation's mix and bend keys (or each constraint's\n"
    "own mix and bend), so a constrained bone's local rotation is the solved one.\n"
    "--no-ik reports the pose before them (the keys alone).\n"
    "\n"
    "Text output shows angles in DEGREES, normalised to (-180, 180].\n"
    "JSON output gives angles in RADIANS; the local rotation exactly as sampled (not\n"
    "normalised: a key at 1.5 turns gives 3π), the world rotation in (-π, π]:\n"
    "{\"file\", \"animation\": NAME or null, \"time\": T, \"bones\": [{\"name\",\n"
    "\"parent\": NAME or null, \"local\": {\"x\", \"y\", \"rotation\", \"scale_x\",\n"
    "\"scale_y\"}, \"world\": {\"x\", \"y\", \"rotation\"}}], \"slots\": [{\"name\",\n"
    "\"bone\", \"attachment\": NAME or null, \"color\": [r, g, b, a], \"vertices\":\n"
    "[[x, y] × 4]}]}: the slots in draw order, back to front, at T; colour components\n"
    "in [0, 1], straight alpha (a keyed colour replaces the slot's); vertices are the\n"
    "attachment's world corners (-w/2, -h/2), (w/2, -h/2), (w/2, h/2), (-w/2, h/2),\n"
    "absent when the slot shows no attachment. Text output lists the slots after\n"
    "the bones.\n"
    "\n"
    "Exit status: 0 success, 1 unreadable or invalid file or unknown animation,\n"
    "2 bad usage (including a time that is not a finite number).");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!cli_parse_options (context, "sample", &argc, &argv)
      || !cli_check_positionals ("sample", argc, argv, 1, 1, "DOC"))
    goto out;
  if (time_text == NULL)
    {
      cli_usage_error ("sample", "missing --time T");
      goto out;
    }
  if (!cli_parse_double (time_text, &time_value) || !isfinite ((float) time_value))
    {
      cli_usage_error ("sample", "--time '%s' is not a finite number of seconds", time_text);
      goto out;
    }
  t = (float) time_value;
  path = argv[1];

  status = CLI_EXIT_INPUT;
  doc = cli_load_document (path);
  if (doc == NULL)
    goto out;
  if (anim_name != NULL)
    {
      anim = cli_find_animation (doc, path, anim_name);
      if (anim == NULL)
        goto out;
    }

  pose = ossa_pose_new (&doc->skeleton, &err);
  if (pose == NULL)
    {
      cli_error_ossa (&err, cli_input_label (path));
      goto out;
    }
  ossa_pose_sample (pose, anim, &doc->skeleton, t);
  ossa_pose_update_world (pose, &doc->skeleton);
  if (!no_ik)
    ossa_pose_apply_ik (pose, doc, anim, t);

  if (json ? !print_json (path, doc, anim, t, pose->local, pose->world)
           : !print_human (path, doc, anim, t, pose->local, pose->world))
    {
      cli_error (cli_input_label (path), "out of memory");
      goto out;
    }
  status = CLI_EXIT_OK;

out:
  ossa_pose_free (pose);
  ossa_document_free (doc);
  g_free (anim_name);
  g_free (time_text);
  g_option_context_free (context);
  return status;
}
