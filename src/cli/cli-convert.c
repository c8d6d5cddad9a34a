/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli convert IN OUT: between formats, chosen by the files' extensions. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli-common.h"

typedef int (*ConvertFunc) (const char *in, const char *out, gboolean json);

typedef struct
{
  const char  *from;   /* extension of IN, with the dot, compared case-insensitively */
  const char  *to;     /* extension of OUT */
  ConvertFunc  convert;
} Conversion;

static void
report (const char *in, const char *out, const char *from, const char *to,
        const OssaDocument *doc, gboolean json)
{
  if (json)
    {
      JsonBuilder *b = json_builder_new ();

      json_builder_begin_object (b);
      cli_json_add_file (b, "input", in);
      cli_json_add_file (b, "output", out);
      cli_json_add_string (b, "from", from);
      cli_json_add_string (b, "to", to);
      cli_json_add_int (b, "bones", (gint64) doc->skeleton.n_bones);
      cli_json_add_int (b, "animations", (gint64) doc->n_animations);
      cli_json_add_int (b, "maps", (gint64) doc->n_maps);
      json_builder_end_object (b);
      cli_json_print (b);
    }
  else
    printf ("%s → %s: %zu %s, %zu %s, %zu %s\n", in, out,
            doc->skeleton.n_bones, doc->skeleton.n_bones == 1 ? "bone" : "bones",
            doc->n_animations, doc->n_animations == 1 ? "animation" : "animations",
            doc->n_maps, doc->n_maps == 1 ? "map" : "maps");
}

/* Load (which validates) and save atomically: OUT is only replaced by a complete,
 * valid file, and is never touched when IN fails to load. */
static int
convert_ossa_to_ossa (const char *in, const char *out, gboolean json)
{
  OssaDocument *doc = cli_load_document (in);
  OssaError err;

  if (doc == NULL)
    return CLI_EXIT_INPUT;
  ossa_error_clear (&err);
  if (!ossa_document_save (doc, out, &err))
    {
      cli_error_ossa (&err, out);
      ossa_document_free (doc);
      return CLI_EXIT_INPUT;
    }
  report (in, out, "ossa", "ossa", doc, json);
  ossa_document_free (doc);
  return CLI_EXIT_OK;
}

/* The conversions there are; SMD and grid map ones slot in here. */
static const Conversion conversions[] = {
  { ".ossa", ".ossa", convert_ossa_to_ossa },
};

/* The extension of the file name part of path (".ossa"), or "" when it has none. */
static const char *
extension (const char *path)
{
  const char *base = strrchr (path, '/');
  const char *dot;

  base = base != NULL ? base + 1 : path;
  dot = strrchr (base, '.');
  return dot != NULL && dot != base ? dot : "";
}

int
cli_convert (int argc, char **argv)
{
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
    G_OPTION_ENTRY_NULL
  };
  GOptionContext *context;
  GString *supported, *listed;
  char *description;
  const char *in, *out, *from, *to;

  supported = g_string_new (NULL);   /* one line */
  listed = g_string_new (NULL);      /* one per line, for --help */
  for (size_t i = 0; i < G_N_ELEMENTS (conversions); i++)
    {
      g_string_append_printf (supported, "%s%s → %s", i > 0 ? ", " : "",
                              conversions[i].from, conversions[i].to);
      g_string_append_printf (listed, "  %s → %s\n", conversions[i].from, conversions[i].to);
    }

  description = g_strdup_printf (
      "The formats are chosen by the files' extensions. Conversions so far:\n"
      "%s"
      "\n"
      "IN is loaded and checked completely before OUT is written, and OUT is written\n"
      "atomically (a temporary file renamed over it): when IN cannot be loaded or the\n"
      "write fails, an existing OUT is left as it was.\n"
      "\n"
      "JSON: {\"input\", \"output\", \"from\", \"to\", \"bones\", \"animations\", \"maps\"}\n"
      "\n"
      "Exit status: 0 success, 1 unreadable or invalid IN or OUT not writable,\n"
      "2 bad usage (including a pair of formats that cannot be converted).",
      listed->str);
  context = cli_option_context_new ("IN OUT", "Convert a file to another format.", description);
  g_free (description);
  g_string_free (listed, TRUE);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!cli_parse_options (context, "convert", &argc, &argv)
      || !cli_check_positionals ("convert", argc, argv, 2, 2, "IN and OUT"))
    {
      g_option_context_free (context);
      g_string_free (supported, TRUE);
      return CLI_EXIT_USAGE;
    }
  g_option_context_free (context);
  in = argv[1];
  out = argv[2];
  from = extension (in);
  to = extension (out);

  for (size_t i = 0; i < G_N_ELEMENTS (conversions); i++)
    if (g_ascii_strcasecmp (from, conversions[i].from) == 0
        && g_ascii_strcasecmp (to, conversions[i].to) == 0)
      {
        g_string_free (supported, TRUE);
        return conversions[i].convert (in, out, json);
      }

  cli_usage_error ("convert", "cannot convert %s to %s yet (supported: %s)",
                   from[0] ? from : "a file without an extension",
                   to[0] ? to : "a file without an extension", supported->str);
  g_string_free (supported, TRUE);
  return CLI_EXIT_USAGE;
}
