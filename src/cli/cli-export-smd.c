/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli export-smd DOC --anim NAME -o OUT.smd: an animation as Valve SMD. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli-common.h"

int
cli_export_smd (int argc, char **argv)
{
  gboolean json = FALSE, force = FALSE;
  char *out = NULL, *anim_name = NULL;
  GOptionEntry entries[] = {
    { "anim", 0, 0, G_OPTION_ARG_STRING, &anim_name, "The animation to write", "NAME" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &out, "The SMD file to write", "OUT.smd" },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force,
      "Write OUT even when its name says another format (d.ossa)", NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
    G_OPTION_ENTRY_NULL
  };
  GOptionContext *context;
  OssaDocument *doc = NULL;
  const OssaAnimation *anim;
  OssaError err;
  const char *path;
  char *text = NULL;
  size_t frames, length = 0;
  int status = CLI_EXIT_USAGE;

  context = cli_option_context_new ("DOC --anim NAME -o OUT.smd",
    "Write an animation of a document as a Valve SMD animation file.",
    "Every bone in every frame, frames 0 to duration × fps sampled at frame / fps,\n"
    "on plane xz (2D x, y are 3D X, Z; z = 0; a 2D rotation θ is −θ about Y). Each\n"
    "bone's 3D local is taken from the 2D world pose, so 'ossa-cli import-smd' of\n"
    "the file (plane xz, the same --fps) gives the same world joint positions.\n"
    "OUT is written atomically. DOC '-' reads standard input; -o - writes the SMD to\n"
    "standard output (and nothing else: no summary line; not with --json).\n"
    "OUT is never DOC: the same file under any name or link is refused before\n"
    "anything is read. An existing OUT whose name says another format (.ossa, .map,\n"
    ".scen, .qc) is refused too, unless --force.\n"
    "\n"
    "JSON: {\"input\", \"output\", \"animation\", \"bones\", \"frames\"}\n"
    "\n"
    "Exit status: 0 success, 1 unreadable document, unknown animation or OUT not\n"
    "writable, 2 bad usage (an OUT that is DOC or, without --force, is named for\n"
    "another format included).");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!cli_parse_options (context, "export-smd", &argc, &argv)
      || !cli_check_positionals ("export-smd", argc, argv, 1, 1, "DOC"))
    goto out;
  if (anim_name == NULL)
    {
      cli_usage_error ("export-smd", "missing --anim NAME");
      goto out;
    }
  if (out == NULL)
    {
      cli_usage_error ("export-smd", "missing -o OUT.smd");
      goto out;
    }
  path = argv[1];
  if (json && cli_is_stdio (out))
    {
      cli_usage_error ("export-smd", "--json and -o - both write to standard output: "
                       "pick one");
      goto out;
    }
  if (!cli_check_output ("export-smd", out, argv + 1, 1, CLI_FILE_SMD, force))
    goto out;
  status = CLI_EXIT_INPUT;
  doc = cli_load_document (path);
  if (doc == NULL || (anim = cli_find_animation (doc, path, anim_name)) == NULL)
    goto out;
  ossa_error_clear (&err);
  if (!ossa_smd_export_animation (doc, (size_t) (anim - doc->animations), &text, &length, &err))
    {
      cli_error_ossa (&err, cli_input_label (path));
      goto out;
    }
  if (!cli_write_output (out, text, length, &err))
    {
      cli_error_ossa (&err, out);
      goto out;
    }
  frames = (size_t) lround (anim->duration * (anim->fps > 0 ? anim->fps : 30)) + 1;
  if (json)
    {
      JsonBuilder *b = json_builder_new ();

      json_builder_begin_object (b);
      cli_json_add_file (b, "input", path);
      cli_json_add_file (b, "output", out);
      cli_json_add_string (b, "animation", anim->name);
      cli_json_add_int (b, "bones", (gint64) doc->skeleton.n_bones);
      cli_json_add_int (b, "frames", (gint64) frames);
      json_builder_end_object (b);
      cli_json_print (b);
    }
  else if (!cli_is_stdio (out))   /* standard output holds the SMD alone */
    printf ("%s → %s: animation '%s', %zu bones × %zu frames\n", cli_input_label (path), out,
            anim->name, doc->skeleton.n_bones, frames);
  status = CLI_EXIT_OK;

out:
  free (text);
  ossa_document_free (doc);
  g_free (out);
  g_free (anim_name);
  g_option_context_free (context);
  return status;
}
