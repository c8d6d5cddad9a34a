/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Grid maps for the commands that take one: a map text file (either form, told by
 * its first word) or a map inside an .ossa document. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli-common.h"

bool
cli_load_map (const char *path, const char *name, OssaGridMap *map, CliMapSource *source)
{
  CliFileKind kind;
  OssaError err;
  OssaDocument *doc;
  size_t index = 0;

  memset (map, 0, sizeof *map);
  if (!cli_sniff_file (path, &kind))
    return false;
  if (kind == CLI_FILE_MAP)
    {
      OssaMapFormat format;
      uint8_t *data;
      size_t size;
      char *map_name;
      bool ok;

      /* A file is parsed as it is read, never held whole (a bad row fails where it
       * is); standard input was read already to tell what it is. */
      if (!cli_is_stdio (path))
        ok = ossa_grid_map_load (map, path, &format, &err);
      else
        {
          if (!cli_read_input (path, OSSA_MAX_MAP_FILE_SIZE, &data, &size, &err))
            {
              cli_error_ossa (&err, cli_input_label (path));
              return false;
            }
          map_name = ossa_grid_map_name_for_path (cli_input_stem_path (path));
          ok = ossa_grid_map_parse (map, data, size, cli_input_label (path), map_name, &format,
                                    &err);
          free (data);
          free (map_name);
        }
      if (!ok)
        {
          cli_error_ossa (&err, cli_input_label (path));
          return false;
        }
      if (name != NULL && strcmp (name, map->name) != 0)
        {
          cli_error (cli_input_label (path), "no map named '%s' (a map file holds one map, '%s')",
                     name, map->name);
          ossa_grid_map_clear (map);
          return false;
        }
      if (source != NULL)
        *source = format == OSSA_MAP_FORMAT_TEXT ? CLI_MAP_TEXT : CLI_MAP_MOVINGAI;
      return true;
    }
  if (kind != CLI_FILE_OSSA)
    {
      cli_error (cli_input_label (path), "not a grid map or an Ossa document (an %s file)",
                 cli_file_kind_name (kind));
      return false;
    }
  doc = cli_load_document (path);
  if (doc == NULL)
    return false;
  if (doc->n_maps == 0)
    {
      cli_error (cli_input_label (path), "the document holds no grid maps");
      ossa_document_free (doc);
      return false;
    }
  if (name != NULL)
    {
      for (index = 0; index < doc->n_maps; index++)
        if (strcmp (doc->maps[index].name, name) == 0)
          break;
      if (index == doc->n_maps)
        {
          GString *names = g_string_new (NULL);

          for (size_t i = 0; i < doc->n_maps; i++)
            g_string_append_printf (names, "%s'%s'", i > 0 ? ", " : "", doc->maps[i].name);
          cli_error (cli_input_label (path), "no map named '%s' (available: %s)", name, names->str);
          g_string_free (names, TRUE);
          ossa_document_free (doc);
          return false;
        }
    }
  /* Take the map out of the document rather than copying it. */
  *map = doc->maps[index];
  memset (&doc->maps[index], 0, sizeof doc->maps[index]);
  ossa_document_free (doc);
  if (source != NULL)
    *source = CLI_MAP_OSSA;
  return true;
}

const char *
cli_map_source_name (CliMapSource source)
{
  switch (source)
    {
    case CLI_MAP_TEXT: return "text";
    case CLI_MAP_MOVINGAI: return "movingai";
    case CLI_MAP_OSSA: return "ossa";
    default: return "unknown";
    }
}

bool
cli_parse_cell (const char *s, gint64 *x, gint64 *y)
{
  const char *comma;
  char *xs;
  gboolean ok;

  if (s == NULL || (comma = strchr (s, ',')) == NULL)
    return false;
  xs = g_strndup (s, (gsize) (comma - s));
  ok = xs[0] != '\0' && comma[1] != '\0' && !g_ascii_isspace (xs[0])
       && !g_ascii_isspace (comma[1])
       && g_ascii_string_to_signed (xs, 10, G_MININT32, G_MAXINT32, x, NULL)
       && g_ascii_string_to_signed (comma + 1, 10, G_MININT32, G_MAXINT32, y, NULL);
  g_free (xs);
  return ok;
}
