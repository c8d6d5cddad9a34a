/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli import-qc MODEL.qc -o OUT.ossa: a whole Valve model (its .qc, every
 * file it includes, every SMD it names) → one document. */
#include "config.h"

#include <stdio.h>

#include "cli-import-common.h"

/* Every file the import reads: the .qc files (the one asked for and each it
 * includes), then each SMD a body or a sequence names (as many times as named:
 * cli_check_output() compares them all). The strings are qc's. */
static GPtrArray *
qc_inputs (const OssaQc *qc)
{
  GPtrArray *inputs = g_ptr_array_new ();

  for (size_t i = 0; i < qc->n_files; i++)
    g_ptr_array_add (inputs, qc->files[i]);
  for (size_t b = 0; b < qc->n_bodies; b++)
    for (size_t c = 0; c < qc->bodies[b].n_choices; c++)
      if (qc->bodies[b].choices[c].smd != NULL)
        g_ptr_array_add (inputs, qc->bodies[b].choices[c].smd);
  for (size_t s = 0; s < qc->n_sequences; s++)
    if (qc->sequences[s].smd != NULL)
      g_ptr_array_add (inputs, qc->sequences[s].smd);
  return inputs;
}

static void
report (const char *input, const char *out, const OssaQc *qc,
        const OssaSmdImportOptions *options, const OssaDocument *doc,
        const CliImportNotices *notices)
{
  JsonBuilder *b;

  if (!notices->json)
    {
      cli_import_print_document (input, out, doc, options->plane);
      return;
    }
  b = json_builder_new ();
  json_builder_begin_object (b);
  cli_json_add_file (b, "input", input);
  cli_import_json_files (b, "qc_files", qc->files, qc->n_files);
  cli_json_add_file (b, "output", out);
  cli_json_add_string (b, "modelname", qc->modelname);
  cli_json_add_double (b, "scale", qc->scale);
  cli_json_add_string (b, "plane", ossa_smd_plane_name (options->plane));
  cli_json_add_float (b, "simplify", options->simplify);
  cli_import_json_document (b, doc, notices);
  json_builder_end_object (b);
  cli_json_print (b);
}

/* Reads the .qc and what it includes, then refuses an OUT that is any file the
 * import would read. Notices are held meanwhile, so that a refused OUT prints
 * its usage error alone. NULL with the error printed and *status set. */
static OssaQc *
read_qc (const char *path, const char *out, gboolean force, OssaSmdImportOptions *options,
         CliImportNotices *notices, int *status)
{
  OssaError err;
  OssaQc *qc;
  GPtrArray *inputs;
  bool safe;

  ossa_error_clear (&err);
  qc = ossa_qc_read (path, &options->callbacks, &err);
  if (qc == NULL)
    {
      cli_import_notices_release (notices);
      cli_error_ossa (&err, path);
      *status = CLI_EXIT_INPUT;
      return NULL;
    }
  inputs = qc_inputs (qc);
  safe = cli_check_output ("import-qc", out, (char *const *) inputs->pdata, inputs->len,
                           CLI_FILE_OSSA, force);
  g_ptr_array_unref (inputs);
  if (!safe)
    {
      ossa_qc_free (qc);
      *status = CLI_EXIT_USAGE;
      return NULL;
    }
  cli_import_notices_release (notices);
  return qc;
}

int
cli_import_qc (int argc, char **argv)
{
  gboolean json = FALSE, force = FALSE;
  char *out = NULL, *plane_text = NULL, *simplify_text = NULL;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &out, "The document to write", "OUT.ossa" },
    { "plane", 0, 0, G_OPTION_ARG_STRING, &plane_text, "Projection plane: xz (default), xy or yz", "PLANE" },
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
  OssaQc *qc = NULL;
  OssaDocument *doc = NULL;
  OssaError err;
  int status = CLI_EXIT_USAGE;

  ossa_smd_import_options_init (&options);
  context = cli_option_context_new ("MODEL.qc -o OUT.ossa",
    "Import a whole Valve model, as its .qc describes it, into a new document.",
    "The .qc is read as studiomdl reads it: $include (relative to the including\n"
    "file; a cycle is refused), $cd, $scale and $origin are followed. The skeleton\n"
    "is the union of the bones of every reference mesh ($body, $model, the studio\n"
    "lines of $bodygroup), merged by name; each mesh is imported, named after its\n"
    "body (\"GROUP/CHOICE\" for a body group of several choices). Each $sequence\n"
    "(line or block form) becomes an animation named as in the .qc, with its fps\n"
    "(default 30) and loop flag. A bone whose parent differs between two meshes, or\n"
    "between the skeleton and a sequence, is refused (FILE:LINE, naming the bone and\n"
    "both parents), as studiomdl refuses it. An SMD named several times (any\n"
    "spelling or link) is read once, with a notice. The 3D skeleton is projected\n"
    "onto the plane as by import-smd: xz maps 3D (X, Z) to 2D (x, y), xy maps\n"
    "(X, Y), yz maps (Y, Z).\n"
    "\n"
    "Notices (a command Ossa does not use, listed once; a file named again; a\n"
    "skipped bone) go to stderr as 'ossa-cli: FILE:LINE: message', or into the\n"
    "JSON's \"notices\".\n"
    "\n"
    "JSON: {\"input\", \"qc_files\": [...], \"output\", \"modelname\", \"scale\", \"plane\",\n"
    "\"simplify\", \"bones\", \"animations\": [{\"name\", \"duration\", \"fps\", \"loop\",\n"
    "\"tracks\", \"keys\"}], \"meshes\": [{\"name\", \"vertices\", \"triangles\",\n"
    "\"materials\"}], \"notices\": [...]}\n"
    "\n"
    "MODEL is a file (its SMDs are found from its folder), not '-'; -o - writes the\n"
    "document to standard output, alone.\n"
    "\n"
    "OUT is written atomically and is never one of the inputs: neither the .qc, nor\n"
    "a file it includes, nor an SMD it names, under any name or link; that is\n"
    "refused before any SMD is read. An existing OUT whose name says another format\n"
    "(.smd, .map, .txt, .scen, .qc) is refused too, unless --force.\n"
    "\n"
    "Exit status: 0 success, 1 unreadable or broken .qc or SMD (FILE:LINE: message)\n"
    "or OUT not writable, 2 bad usage (an OUT that is an input or, without --force,\n"
    "is named for another format included).");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!cli_parse_options (context, "import-qc", &argc, &argv)
      || !cli_check_positionals ("import-qc", argc, argv, 1, 1, "MODEL.qc")
      || !cli_import_parse_options ("import-qc", out, json, plane_text, simplify_text, &options))
    goto out;
  if (cli_is_stdio (argv[1]))
    {
      cli_usage_error ("import-qc", "a .qc names its files relative to its folder: give its "
                       "path, not '-'");
      goto out;
    }
  /* The .qc itself, before it is read; what it names is checked once it is. */
  if (!cli_check_output ("import-qc", out, argv + 1, 1, CLI_FILE_OSSA, force))
    goto out;

  cli_import_notices_init (&notices, json, TRUE);
  options.callbacks.notice = cli_import_notice;
  options.callbacks.user_data = &notices;
  qc = read_qc (argv[1], out, force, &options, &notices, &status);
  if (qc == NULL)
    goto out;
  status = CLI_EXIT_INPUT;
  ossa_error_clear (&err);
  doc = ossa_qc_import (qc, &options, &err);
  if (doc == NULL)
    {
      cli_error_ossa (&err, argv[1]);
      goto out;
    }
  if (!cli_import_write (doc, out))
    goto out;
  if (json || !cli_is_stdio (out))   /* standard output holds the document alone */
    report (argv[1], out, qc, &options, doc, &notices);
  status = CLI_EXIT_OK;

out:
  cli_import_notices_clear (&notices);
  ossa_document_free (doc);
  ossa_qc_free (qc);
  g_free (out);
  g_free (plane_text);
  g_free (simplify_text);
  g_option_context_free (context);
  return status;
}
