/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli convert IN OUT: between formats, chosen by the files' extensions. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
  else if (!cli_is_stdio (out))   /* standard output holds the converted file alone */
    printf ("%s → %s: %zu %s, %zu %s, %zu %s\n", cli_input_label (in), out,
            doc->skeleton.n_bones, doc->skeleton.n_bones == 1 ? "bone" : "bones",
            doc->n_animations, doc->n_animations == 1 ? "animation" : "animations",
            doc->n_maps, doc->n_maps == 1 ? "map" : "maps");
}

/* doc as .ossa bytes to out (atomically, or to standard output for "-"). */
static bool
write_document (const OssaDocument *doc, const char *out, OssaError *err)
{
  uint8_t *data = NULL;
  size_t size = 0;
  bool ok;

  ossa_error_clear (err);
  ok = ossa_document_to_bytes (doc, &data, &size, err)
       && cli_write_output (out, data, size, err);
  free (data);
  return ok;
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
  if (!write_document (doc, out, &err))
    {
      cli_error_ossa (&err, cli_output_label (out));
      ossa_document_free (doc);
      return CLI_EXIT_INPUT;
    }
  report (in, out, "ossa", "ossa", doc, json);
  ossa_document_free (doc);
  return CLI_EXIT_OK;
}

/* ---- grid maps ---- */

static char *map_name;   /* --map NAME: which map of an .ossa input */
static char *to_name;    /* --to FORMAT: OUT's format when OUT is "-" */

static void
report_map (const char *in, const char *out, CliMapSource from, const char *to,
            const OssaGridMap *map, gboolean json)
{
  if (json)
    {
      JsonBuilder *b = json_builder_new ();

      json_builder_begin_object (b);
      cli_json_add_file (b, "input", in);
      cli_json_add_file (b, "output", out);
      cli_json_add_string (b, "from", cli_map_source_name (from));
      cli_json_add_string (b, "to", to);
      cli_json_add_string (b, "map", map->name);
      cli_json_add_int (b, "width", map->width);
      cli_json_add_int (b, "height", map->height);
      cli_json_add_int (b, "walkable", (gint64) ossa_grid_map_count_walkable (map));
      json_builder_end_object (b);
      cli_json_print (b);
    }
  else if (!cli_is_stdio (out))
    printf ("%s → %s: map '%s', %u × %u cells (%s → %s)\n", cli_input_label (in), out, map->name, map->width,
            map->height, cli_map_source_name (from), to);
}

/* IN (a map in either text form, or an .ossa document's map) to a map text file. */
static int
convert_map_to_text (const char *in, const char *out, OssaMapFormat format, gboolean json)
{
  OssaGridMap map;
  CliMapSource from;
  OssaError err;
  char *text = NULL;
  size_t size = 0;
  bool ok;

  if (!cli_load_map (in, map_name, &map, &from))
    return CLI_EXIT_INPUT;
  ossa_error_clear (&err);
  ok = ossa_grid_map_to_text (&map, format, &text, &size, &err)
       && cli_write_output (out, text, size, &err);
  free (text);
  if (!ok)
    {
      cli_error_ossa (&err, cli_output_label (out));
      ossa_grid_map_clear (&map);
      return CLI_EXIT_INPUT;
    }
  report_map (in, out, from, ossa_map_format_name (format), &map, json);
  ossa_grid_map_clear (&map);
  return CLI_EXIT_OK;
}

static int
convert_to_article (const char *in, const char *out, gboolean json)
{
  return convert_map_to_text (in, out, OSSA_MAP_FORMAT_TEXT, json);
}

static int
convert_to_movingai (const char *in, const char *out, gboolean json)
{
  return convert_map_to_text (in, out, OSSA_MAP_FORMAT_MOVINGAI, json);
}

/* A map text file to a new document holding that one map. */
static int
convert_map_to_ossa (const char *in, const char *out, gboolean json)
{
  OssaDocument *doc;
  OssaGridMap map;
  CliMapSource from;
  OssaError err;
  CliFileKind kind;

  /* An .ossa input named .txt or .map still goes through the document path. */
  if (!cli_sniff_file (in, &kind))
    return CLI_EXIT_INPUT;
  if (kind == CLI_FILE_OSSA)
    return convert_ossa_to_ossa (in, out, json);
  if (!cli_load_map (in, map_name, &map, &from))
    return CLI_EXIT_INPUT;
  ossa_error_clear (&err);
  doc = ossa_document_new ();
  if (doc == NULL || ossa_document_take_map (doc, &map, &err) < 0)
    {
      if (err.message[0] == '\0')
        ossa_error_set (&err, OSSA_ERROR_NO_MEMORY, "out of memory");
      cli_error_ossa (&err, cli_output_label (out));
      ossa_grid_map_clear (&map);
      ossa_document_free (doc);
      return CLI_EXIT_INPUT;
    }
  if (!write_document (doc, out, &err))
    {
      cli_error_ossa (&err, cli_output_label (out));
      ossa_document_free (doc);
      return CLI_EXIT_INPUT;
    }
  report_map (in, out, from, "ossa", &doc->maps[0], json);
  ossa_document_free (doc);
  return CLI_EXIT_OK;
}

/* The conversions there are; SMD ones slot in here. Map text files are read by
 * content (either form, or an .ossa document), written by OUT's extension: .txt the
 * article's form, .map MovingAI's. */
static const Conversion conversions[] = {
  { ".ossa", ".ossa", convert_ossa_to_ossa },
  { ".txt", ".ossa", convert_map_to_ossa },
  { ".map", ".ossa", convert_map_to_ossa },
  { ".ossa", ".txt", convert_to_article },
  { ".ossa", ".map", convert_to_movingai },
  { ".txt", ".map", convert_to_movingai },
  { ".map", ".txt", convert_to_article },
  { ".txt", ".txt", convert_to_article },
  { ".map", ".map", convert_to_movingai },
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

/* The extensions the conversion is picked by: IN's, or for "-" its content's; OUT's,
 * or for "-" --to's or else IN's. Prints a usage error (returning its status) for
 * a choice that cannot be made, and an input error for an unreadable "-". */
static int
choose_formats (const char *in, const char *out, gboolean json, const char **from,
                const char **to)
{
  static char to_buf[16];
  CliFileKind kind;

  *from = extension (in);
  if (cli_is_stdio (in))
    {
      if (!cli_sniff_file (in, &kind))
        return CLI_EXIT_INPUT;
      *from = kind == CLI_FILE_OSSA ? ".ossa" : kind == CLI_FILE_MAP ? ".map" : ".smd";
    }
  *to = extension (out);
  if (!cli_is_stdio (out))
    {
      if (to_name != NULL)
        return cli_usage_error ("convert", "--to is for OUT '-'; %s has its own extension", out);
      return CLI_EXIT_OK;
    }
  if (json)
    return cli_usage_error ("convert", "--json and OUT '-' both write to standard output: "
                            "pick one");
  if (to_name != NULL)
    {
      if (strcmp (to_name, "ossa") != 0 && strcmp (to_name, "txt") != 0
          && strcmp (to_name, "map") != 0)
        return cli_usage_error ("convert", "--to '%s' is not ossa, txt or map", to_name);
      g_snprintf (to_buf, sizeof to_buf, ".%s", to_name);
      *to = to_buf;
    }
  else
    *to = *from;
  if (g_ascii_strcasecmp (*to, ".ossa") == 0 && isatty (STDOUT_FILENO))
    return cli_usage_error ("convert", "an .ossa document is binary: not writing it to a "
                            "terminal (redirect standard output)");
  return CLI_EXIT_OK;
}

int
cli_convert (int argc, char **argv)
{
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
    { "map", 0, 0, G_OPTION_ARG_STRING, &map_name,
      "Which map of an .ossa IN to write as a map file (default: the first)", "NAME" },
    { "to", 0, 0, G_OPTION_ARG_STRING, &to_name,
      "OUT's format when OUT is '-': ossa, txt or map (default: IN's)", "FORMAT" },
    G_OPTION_ENTRY_NULL
  };
  GOptionContext *context;
  GString *supported, *listed;
  char *description;
  const char *in, *out, *from = "", *to = "";
  int status;

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
      "write fails, an existing OUT is left as it was. OUT may not be IN: the same\n"
      "file, under any name or link, is refused before anything is read.\n"
      "\n"
      "Grid maps: .txt is the original article's form (width, height, mapstart, rows\n"
      "of 0/1, 1 walkable), .map MovingAI's (type octile, height, width, map, rows of\n"
      "'.' walkable and '@' blocked). An input map is read by its content, whichever\n"
      "its extension; an .ossa input gives its first map, or the one --map names; a\n"
      "map written to .ossa becomes a new document holding that one map. Start and\n"
      "goal are not part of the text forms.\n"
      "\n"
      "JSON: {\"input\", \"output\", \"from\", \"to\", \"bones\", \"animations\", \"maps\"};\n"
      "for a map: {\"input\", \"output\", \"from\", \"to\", \"map\", \"width\", \"height\",\n"
      "\"walkable\"}\n"
      "\n"
      "Exit status: 0 success, 1 unreadable or invalid IN or OUT not writable,\n"
      "2 bad usage (including a pair of formats that cannot be converted, and an OUT\n"
      "that is IN).\n"
      "\n"
      "IN '-' reads standard input (its format told by its content); OUT '-' writes\n"
      "the converted file to standard output, alone (no summary line, not with\n"
      "--json; an .ossa document is not written to a terminal), in the format --to\n"
      "names or else IN's.",
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
      g_clear_pointer (&map_name, g_free);
      g_clear_pointer (&to_name, g_free);
      return CLI_EXIT_USAGE;
    }
  g_option_context_free (context);
  in = argv[1];
  out = argv[2];
  /* OUT's extension chooses what is written, so it never names another format:
   * only the same file as IN is refused. */
  if (!cli_check_output ("convert", out, argv + 1, 1, CLI_FILE_OSSA, TRUE))
    {
      g_string_free (supported, TRUE);
      status = CLI_EXIT_USAGE;
      goto done;
    }
  status = choose_formats (in, out, json, &from, &to);
  if (status != CLI_EXIT_OK)
    {
      g_string_free (supported, TRUE);
      goto done;
    }
  for (size_t i = 0; i < G_N_ELEMENTS (conversions); i++)
    if (g_ascii_strcasecmp (from, conversions[i].from) == 0
        && g_ascii_strcasecmp (to, conversions[i].to) == 0)
      {
        g_string_free (supported, TRUE);
        status = conversions[i].convert (in, out, json);
        goto done;
      }

  cli_usage_error ("convert", "cannot convert %s to %s yet (supported: %s)",
                   from[0] ? from : "a file without an extension",
                   to[0] ? to : "a file without an extension", supported->str);
  g_string_free (supported, TRUE);
  status = CLI_EXIT_USAGE;
done:
  g_clear_pointer (&map_name, g_free);
  g_clear_pointer (&to_name, g_free);
  return status;
}
