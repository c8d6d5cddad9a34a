/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli import-smd REF.smd [ANIM.smd…] -o OUT.ossa: Valve SMD → document. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli-common.h"

typedef struct
{
  gboolean   json;
  GPtrArray *notices;   /* JSON mode: "FILE:LINE: message" kept for the output */
} NoticeSink;

static void
on_notice (const char *path, int line, const char *message, void *user_data)
{
  NoticeSink *sink = user_data;
  char *text;

  if (line > 0)
    text = g_strdup_printf ("%s:%d: %s", path ? path : "", line, message);
  else
    text = g_strdup_printf ("%s: %s", path ? path : "", message);
  if (sink->json)
    g_ptr_array_add (sink->notices, text);
  else
    {
      fprintf (stderr, "ossa-cli: %s\n", text);
      g_free (text);
    }
}

static void
report (char **inputs, const char *out, const OssaSmdImportOptions *options,
        const OssaDocument *doc, const NoticeSink *sink)
{
  if (sink->json)
    {
      JsonBuilder *b = json_builder_new ();

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "inputs");
      json_builder_begin_array (b);
      for (size_t i = 0; inputs[i] != NULL; i++)
        {
          char *name = cli_display_name (inputs[i]);

          json_builder_add_string_value (b, name);
          g_free (name);
        }
      json_builder_end_array (b);
      cli_json_add_file (b, "output", out);
      cli_json_add_string (b, "plane", ossa_smd_plane_name (options->plane));
      cli_json_add_float (b, "fps", options->fps);
      cli_json_add_float (b, "simplify", options->simplify);
      cli_json_add_int (b, "bones", (gint64) doc->skeleton.n_bones);
      json_builder_set_member_name (b, "animations");
      json_builder_begin_array (b);
      for (size_t i = 0; i < doc->n_animations; i++)
        {
          const OssaAnimation *anim = &doc->animations[i];

          json_builder_begin_object (b);
          cli_json_add_string (b, "name", anim->name);
          cli_json_add_float (b, "duration", anim->duration);
          cli_json_add_int (b, "tracks", (gint64) anim->n_tracks);
          cli_json_add_int (b, "keys", (gint64) ossa_animation_n_keys (anim));
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_set_member_name (b, "meshes");
      json_builder_begin_array (b);
      for (size_t i = 0; i < doc->n_meshes; i++)
        {
          json_builder_begin_object (b);
          cli_json_add_string (b, "name", doc->meshes[i].name);
          cli_json_add_int (b, "vertices", (gint64) doc->meshes[i].n_vertices);
          cli_json_add_int (b, "triangles", (gint64) doc->meshes[i].n_triangles);
          cli_json_add_int (b, "materials", (gint64) doc->meshes[i].n_materials);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_set_member_name (b, "notices");
      json_builder_begin_array (b);
      for (guint i = 0; i < sink->notices->len; i++)
        json_builder_add_string_value (b, g_ptr_array_index (sink->notices, i));
      json_builder_end_array (b);
      json_builder_end_object (b);
      cli_json_print (b);
      return;
    }
  printf ("%s → %s: %zu %s", inputs[0], out, doc->skeleton.n_bones,
          doc->skeleton.n_bones == 1 ? "bone" : "bones");
  for (size_t i = 0; i < doc->n_meshes; i++)
    printf (", mesh '%s' (%zu triangles)", doc->meshes[i].name, doc->meshes[i].n_triangles);
  printf (", %zu %s (plane %s)\n", doc->n_animations,
          doc->n_animations == 1 ? "animation" : "animations", ossa_smd_plane_name (options->plane));
  for (size_t i = 0; i < doc->n_animations; i++)
    {
      const OssaAnimation *anim = &doc->animations[i];
      char d[G_ASCII_DTOSTR_BUF_SIZE];

      printf ("  %s: %s s, %zu %s, %zu keys\n", anim->name, cli_format_float (d, sizeof d, anim->duration),
              anim->n_tracks, anim->n_tracks == 1 ? "track" : "tracks", ossa_animation_n_keys (anim));
    }
}

/* doc as .ossa bytes to out (atomically, or to standard output for "-"). */
static bool
write_document (const OssaDocument *doc, const char *out, OssaError *err)
{
  uint8_t *data = NULL;
  size_t size = 0;
  bool ok;

  ossa_error_clear (err);
  ok = ossa_document_to_bytes (doc, &data, &size, err) && cli_write_output (out, data, size, err);
  free (data);
  return ok;
}

int
cli_import_smd (int argc, char **argv)
{
  gboolean json = FALSE, force = FALSE;
  char *out = NULL, *plane_text = NULL, *fps_text = NULL, *simplify_text = NULL;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &out, "The document to write", "OUT.ossa" },
    { "plane", 0, 0, G_OPTION_ARG_STRING, &plane_text, "Projection plane: xz (default), xy or yz", "PLANE" },
    { "fps", 0, 0, G_OPTION_ARG_STRING, &fps_text, "Frame rate of the animations (default 30)", "F" },
    { "simplify", 0, 0, G_OPTION_ARG_STRING, &simplify_text,
      "Drop keys that linear interpolation reproduces within TOL (units, radians)", "TOL" },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force,
      "Write OUT even when its name says another format (a.smd)", NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
    G_OPTION_ENTRY_NULL
  };
  GOptionContext *context;
  OssaSmdImportOptions options;
  NoticeSink sink = { FALSE, NULL };
  OssaDocument *doc = NULL;
  OssaError err;
  double v;
  int status = CLI_EXIT_USAGE;

  ossa_smd_import_options_init (&options);
  context = cli_option_context_new ("REF.smd [ANIM.smd…] -o OUT.ossa",
    "Import Valve SMD files into a new document.",
    "REF gives the skeleton (its first frame is the rest pose) and, when it has\n"
    "triangles, a mesh bound rigidly to the bones; when it has several frames it is\n"
    "an animation too. Each ANIM becomes an animation named after its file's stem,\n"
    "frame N at time (N − N₀)/F. Bones are matched by name; an ANIM bone the skeleton\n"
    "lacks is reported and skipped; an ANIM that gives a bone another parent than REF\n"
    "does is refused (FILE:LINE, naming the bone and both parents), as studiomdl\n"
    "refuses it. A file named twice (any spelling or link) is read and imported once,\n"
    "with a notice. The 3D skeleton is projected onto the plane:\n"
    "xz maps 3D (X, Z) to 2D (x, y), xy maps (X, Y), yz maps (Y, Z); the 2D world\n"
    "joints are the projected 3D joints in every frame.\n"
    "\n"
    "Notices (a skipped bone or block) go to stderr as 'ossa-cli: FILE:LINE: message',\n"
    "or into the JSON's \"notices\".\n"
    "\n"
    "JSON: {\"inputs\": [...], \"output\", \"plane\", \"fps\", \"simplify\", \"bones\",\n"
    "\"animations\": [{\"name\", \"duration\", \"tracks\", \"keys\"}], \"meshes\": [{\"name\",\n"
    "\"vertices\", \"triangles\", \"materials\"}], \"notices\": [...]}\n"
    "\n"
    "REF '-' reads standard input (then the only input; its mesh and animation are\n"
    "named 'stdin'); -o - writes the document to standard output, alone.\n"
    "\n"
    "OUT is written atomically and is never one of the inputs: the same file under\n"
    "any name or link is refused before anything is read. An existing OUT whose name\n"
    "says another format (.smd, .map, .txt, .scen) is refused too, unless --force.\n"
    "\n"
    "Exit status: 0 success, 1 unreadable or broken SMD (FILE:LINE: message) or OUT\n"
    "not writable, 2 bad usage (an OUT that is an input or, without --force, is\n"
    "named for another format included).");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!cli_parse_options (context, "import-smd", &argc, &argv)
      || !cli_check_positionals ("import-smd", argc, argv, 1, G_MAXINT, "REF.smd"))
    goto out;
  if (out == NULL)
    {
      cli_usage_error ("import-smd", "missing -o OUT.ossa");
      goto out;
    }
  for (int i = 1; i < argc; i++)
    if (cli_is_stdio (argv[i]) && argc > 2)
      {
        cli_usage_error ("import-smd", "standard input ('-') can only be the one input, REF");
        goto out;
      }
  if (cli_is_stdio (out) && (json || isatty (STDOUT_FILENO)))
    {
      cli_usage_error ("import-smd", json ? "--json and -o - both write to standard output: pick one"
                       : "an .ossa document is binary: not writing it to a terminal (redirect "
                         "standard output)");
      goto out;
    }
  if (plane_text != NULL && !ossa_smd_plane_from_string (plane_text, &options.plane))
    {
      cli_usage_error ("import-smd", "--plane '%s' is not xz, xy or yz", plane_text);
      goto out;
    }
  if (fps_text != NULL)
    {
      if (!cli_parse_double (fps_text, &v) || !(v > 0) || !isfinite ((float) v))
        {
          cli_usage_error ("import-smd", "--fps '%s' is not a positive number", fps_text);
          goto out;
        }
      options.fps = (float) v;
    }
  if (simplify_text != NULL)
    {
      if (!cli_parse_double (simplify_text, &v) || v < 0 || !isfinite ((float) v))
        {
          cli_usage_error ("import-smd", "--simplify '%s' is not a number >= 0", simplify_text);
          goto out;
        }
      options.simplify = (float) v;
    }

  if (!cli_check_output ("import-smd", out, argv + 1, (size_t) argc - 1, CLI_FILE_OSSA, force))
    goto out;

  status = CLI_EXIT_INPUT;
  sink.json = json;
  sink.notices = g_ptr_array_new_with_free_func (g_free);
  options.callbacks.notice = on_notice;
  options.callbacks.user_data = &sink;
  ossa_error_clear (&err);
  if (cli_is_stdio (argv[1]))
    {
      uint8_t *data;
      size_t size;

      if (!cli_read_input (argv[1], OSSA_SMD_MAX_FILE_SIZE, &data, &size, &err))
        {
          cli_error_ossa (&err, CLI_STDIN_LABEL);
          goto out;
        }
      /* The mesh and an animation in REF are named "stdin". */
      doc = ossa_smd_import_bytes ((const char *) data, size, cli_input_stem_path (argv[1]),
                                   &options, &err);
      free (data);
      if (doc == NULL)
        ossa_error_set_location (&err, CLI_STDIN_LABEL, err.line);
    }
  else
    doc = ossa_smd_import_files ((const char *const *) argv + 1, (size_t) argc - 1, &options,
                                 &err);
  if (doc == NULL)
    {
      cli_error_ossa (&err, argv[1]);
      goto out;
    }
  if (!write_document (doc, out, &err))
    {
      cli_error_ossa (&err, cli_output_label (out));
      goto out;
    }
  argv[argc] = NULL;
  if (json || !cli_is_stdio (out))   /* standard output holds the document alone */
    report (argv + 1, out, &options, doc, &sink);
  status = CLI_EXIT_OK;

out:
  if (sink.notices != NULL)
    g_ptr_array_unref (sink.notices);
  ossa_document_free (doc);
  g_free (out);
  g_free (plane_text);
  g_free (fps_text);
  g_free (simplify_text);
  g_option_context_free (context);
  return status;
}
