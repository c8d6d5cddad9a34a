/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli import-smd REF.smd [ANIM.smd…] -o OUT.ossa: Valve SMD → document. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli-import-common.h"

static void
report (char **inputs, const char *out, const OssaSmdImportOptions *options,
        const OssaDocument *doc, const CliImportNotices *notices)
{
  JsonBuilder *b;

  if (!notices->json)
    {
      cli_import_print_document (inputs[0], out, doc, options->plane);
      return;
    }
  b = json_builder_new ();
  json_builder_begin_object (b);
  cli_import_json_files (b, "inputs", inputs, g_strv_length (inputs));
  cli_json_add_file (b, "output", out);
  cli_json_add_string (b, "plane", ossa_smd_plane_name (options->plane));
  cli_json_add_float (b, "fps", options->fps);
  cli_json_add_float (b, "simplify", options->simplify);
  cli_import_json_document (b, doc, notices);
  json_builder_end_object (b);
  cli_json_print (b);
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
  CliImportNotices notices = { FALSE, FALSE, NULL };
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
    "\"animations\": [{\"name\", \"duration\", \"fps\", \"loop\", \"tracks\", \"keys\"}],\n"
    "\"meshes\": [{\"name\", \"vertices\", \"triangles\", \"materials\"}], \"notices\": [...]}\n"
    "\n"
    "REF '-' reads standard input (then the only input; its mesh and animation are\n"
    "named 'stdin'); -o - writes the document to standard output, alone.\n"
    "\n"
    "OUT is written atomically and is never one of the inputs: the same file under\n"
    "any name or link is refused before anything is read. An existing OUT whose name\n"
    "says another format (.smd, .map, .txt, .scen, .qc) is refused too, unless --force.\n"
    "\n"
    "Exit status: 0 success, 1 unreadable or broken SMD (FILE:LINE: message) or OUT\n"
    "not writable, 2 bad usage (an OUT that is an input or, without --force, is\n"
    "named for another format included).");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!cli_parse_options (context, "import-smd", &argc, &argv)
      || !cli_check_positionals ("import-smd", argc, argv, 1, G_MAXINT, "REF.smd")
      || !cli_import_parse_options ("import-smd", out, json, plane_text, simplify_text, &options))
    goto out;
  for (int i = 1; i < argc; i++)
    if (cli_is_stdio (argv[i]) && argc > 2)
      {
        cli_usage_error ("import-smd", "standard input ('-') can only be the one input, REF");
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

  if (!cli_check_output ("import-smd", out, argv + 1, (size_t) argc - 1, CLI_FILE_OSSA, force))
    goto out;

  status = CLI_EXIT_INPUT;
  cli_import_notices_init (&notices, json, FALSE);
  options.callbacks.notice = cli_import_notice;
  options.callbacks.user_data = &notices;
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
  if (!cli_import_write (doc, out))
    goto out;
  argv[argc] = NULL;
  if (json || !cli_is_stdio (out))   /* standard output holds the document alone */
    report (argv + 1, out, &options, doc, &notices);
  status = CLI_EXIT_OK;

out:
  cli_import_notices_clear (&notices);
  ossa_document_free (doc);
  g_free (out);
  g_free (plane_text);
  g_free (fps_text);
  g_free (simplify_text);
  g_option_context_free (context);
  return status;
}
