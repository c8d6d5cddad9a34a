/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli validate FILE: loads and checks a file, reading it once and applying
 * every rule once. */
#include "config.h"

#include <stdio.h>

#include "cli-common.h"

int
cli_validate (int argc, char **argv)
{
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
    G_OPTION_ENTRY_NULL
  };
  GOptionContext *context;
  OssaDocument *doc;
  OssaError err;
  CliFileKind kind;
  const char *path;

  context = cli_option_context_new ("FILE",
    "Load a file and check every rule of the format.",
    "Prints 'FILE: valid (N bones, M animations)' and exits 0, or prints the first\n"
    "problem as 'ossa-cli: FILE[:LINE]: message' on stderr and exits 1.\n"
    "An image whose file is missing (looked for beside the document) is a warning,\n"
    "'ossa-cli: FILE: warning: …' on stderr: the document is still valid.\n"
    "FILE '-' reads standard input.\n"
    "\n"
    "JSON: {\"file\", \"valid\": true|false, \"bones\", \"animations\", \"maps\",\n"
    "\"warnings\": [\"message\", …]} when valid; {\"file\", \"valid\": false, \"error\": \"message\"} (and \"line\" when the\n"
    "problem has one) when not. An invalid file still prints the JSON object on\n"
    "stdout as well as the error line on stderr, and exits 1.\n"
    "\n"
    "Exit status: 0 valid, 1 unreadable or invalid, 2 bad usage.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!cli_parse_options (context, "validate", &argc, &argv)
      || !cli_check_positionals ("validate", argc, argv, 1, 1, "FILE"))
    {
      g_option_context_free (context);
      return CLI_EXIT_USAGE;
    }
  g_option_context_free (context);
  path = argv[1];

  doc = cli_load_any (path, &kind, &err);
  /* A .ossa file is validated as it is read: every rule of ossa_document_validate()
   * is applied then. An SMD or a map becomes a document that has not been checked
   * as a whole: that is done here, once. */
  if (doc != NULL && kind != CLI_FILE_OSSA && !ossa_document_validate (doc, &err))
    {
      ossa_error_set_location (&err, cli_input_label (path), 0);
      ossa_document_free (doc);
      doc = NULL;
    }

  if (json)
    {
      JsonBuilder *b = json_builder_new ();

      json_builder_begin_object (b);
      cli_json_add_file (b, "file", path);
      cli_json_add_bool (b, "valid", doc != NULL);
      if (doc != NULL)
        {
          cli_json_add_int (b, "bones", (gint64) doc->skeleton.n_bones);
          cli_json_add_int (b, "animations", (gint64) doc->n_animations);
          cli_json_add_int (b, "maps", (gint64) doc->n_maps);
          json_builder_set_member_name (b, "warnings");
          json_builder_begin_array (b);
          cli_art_warn_missing (path, doc, b);
          json_builder_end_array (b);
        }
      else
        {
          cli_json_add_string (b, "error", err.message[0] ? err.message : "could not be read");
          if (err.line > 0)
            cli_json_add_int (b, "line", err.line);
        }
      json_builder_end_object (b);
      cli_json_print (b);
    }

  if (doc == NULL)
    {
      cli_error_ossa (&err, cli_input_label (path));
      return CLI_EXIT_INPUT;
    }
  if (!json)
    cli_art_warn_missing (path, doc, NULL);
  if (!json)
    printf ("%s: valid (%zu %s, %zu %s)\n", cli_input_label (path),
            doc->skeleton.n_bones, doc->skeleton.n_bones == 1 ? "bone" : "bones",
            doc->n_animations, doc->n_animations == 1 ? "animation" : "animations");
  ossa_document_free (doc);
  return CLI_EXIT_OK;
}
