/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli astar MAP --from X,Y --to X,Y: the shortest path on a grid map. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli-common.h"

static void
print_json (const char *path, OssaPathAlgorithm algorithm, int connect, gint64 sx, gint64 sy,
            gint64 gx, gint64 gy, const OssaPathResult *r, double us)
{
  JsonBuilder *b = json_builder_new ();

  json_builder_begin_object (b);
  cli_json_add_file (b, "file", path);
  cli_json_add_string (b, "algo", ossa_path_algorithm_name (algorithm));
  cli_json_add_int (b, "connect", connect);
  json_builder_set_member_name (b, "from");
  json_builder_begin_array (b);
  json_builder_add_int_value (b, sx);
  json_builder_add_int_value (b, sy);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "to");
  json_builder_begin_array (b);
  json_builder_add_int_value (b, gx);
  json_builder_add_int_value (b, gy);
  json_builder_end_array (b);
  cli_json_add_bool (b, "found", r->found);
  if (r->found)
    cli_json_add_double (b, "length", r->length);
  else
    {
      json_builder_set_member_name (b, "length");
      json_builder_add_null_value (b);
    }
  cli_json_add_int (b, "expansions", (gint64) r->expansions);
  cli_json_add_double (b, "time_us", us);
  json_builder_set_member_name (b, "path");
  json_builder_begin_array (b);
  for (size_t i = 0; i < r->n_path; i++)
    {
      json_builder_begin_array (b);
      json_builder_add_int_value (b, r->path[i].x);
      json_builder_add_int_value (b, r->path[i].y);
      json_builder_end_array (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  cli_json_print (b);
}

static void
print_text (const OssaGridMap *map, OssaPathAlgorithm algorithm, int connect, gint64 sx,
            gint64 sy, gint64 gx, gint64 gy, const OssaPathResult *r, double us)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  printf ("%s, %d-connected, (%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT ") → (%" G_GINT64_FORMAT
          ", %" G_GINT64_FORMAT ")\n", ossa_path_algorithm_name (algorithm), connect, sx, sy, gx,
          gy);
  if (!r->found)
    {
      if (!map->cells[(size_t) sy * map->width + (size_t) sx])
        printf ("no path: the start is blocked\n");
      else if (!map->cells[(size_t) gy * map->width + (size_t) gx])
        printf ("no path: the goal is blocked\n");
      else
        printf ("no path: the goal cannot be reached\n");
      printf ("expansions: %" G_GUINT64_FORMAT "\n", r->expansions);
      return;
    }
  printf ("length: %s\n", cli_format (buf, sizeof buf, "%.6f", r->length));
  printf ("steps: %zu\n", r->n_path - 1);
  printf ("expansions: %" G_GUINT64_FORMAT "\n", r->expansions);
  printf ("time: %s µs\n", cli_format (buf, sizeof buf, "%.1f", us));
  printf ("path:");
  for (size_t i = 0; i < r->n_path; i++)
    printf (" %u,%u", r->path[i].x, r->path[i].y);
  printf ("\n");
}

int
cli_astar (int argc, char **argv)
{
  gboolean json = FALSE;
  char *from = NULL, *to = NULL, *algo = NULL, *map_name = NULL;
  gint connect = 8;
  GOptionEntry entries[] = {
    { "from", 0, 0, G_OPTION_ARG_STRING, &from, "Start cell (default: the map's start)", "X,Y" },
    { "to", 0, 0, G_OPTION_ARG_STRING, &to, "Goal cell (default: the map's goal)", "X,Y" },
    { "algo", 0, 0, G_OPTION_ARG_STRING, &algo, "astar (default), dijkstra or greedy", "ALGO" },
    { "connect", 0, 0, G_OPTION_ARG_INT, &connect, "8 (default) or 4 neighbours", "N" },
    { "map", 0, 0, G_OPTION_ARG_STRING, &map_name,
      "Which map of an .ossa document (default: the first)", "NAME" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
    G_OPTION_ENTRY_NULL
  };
  GOptionContext *context;
  OssaPathAlgorithm algorithm = OSSA_PATH_ASTAR;
  OssaGridMap map;
  OssaPathfinder *pf;
  OssaPathResult result;
  OssaError err;
  gint64 sx = 0, sy = 0, gx = 0, gy = 0;
  const char *path;
  int status = CLI_EXIT_USAGE;
  gint64 t0;
  double us;

  context = cli_option_context_new (
      "MAP", "Find the shortest path between two cells of a grid map.",
      "MAP is a map in the article's text form or MovingAI's .map (told apart by the\n"
      "first word, not the file name), or an .ossa document (--map picks one of its\n"
      "maps; --from and --to default to the map's stored start and goal).\n"
      "MAP '-' reads standard input.\n"
      "Cells are X,Y: X the column, Y the row, 0,0 the top-left corner.\n"
      "\n"
      "Moves: 8-connected (straight 1, diagonal √2, never cutting a corner: a\n"
      "diagonal step needs both orthogonal neighbours walkable) or 4-connected.\n"
      "Orders: astar (octile heuristic, optimal), dijkstra (optimal, no heuristic),\n"
      "greedy (the original article's order: nearest to the goal first; fast, not\n"
      "optimal).\n"
      "\n"
      "JSON: {\"file\", \"algo\", \"connect\", \"from\": [x, y], \"to\": [x, y], \"found\",\n"
      "\"length\" (null when not found), \"expansions\", \"time_us\", \"path\": [[x, y], …]}\n"
      "\n"
      "Exit status: 0 whether or not a path exists (found is false when none does),\n"
      "1 an unreadable or malformed map or a cell outside it, 2 bad usage.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!cli_parse_options (context, "astar", &argc, &argv)
      || !cli_check_positionals ("astar", argc, argv, 1, 1, "MAP"))
    goto out;
  if (algo != NULL && !ossa_path_algorithm_from_name (algo, &algorithm))
    {
      cli_usage_error ("astar", "unknown --algo '%s' (astar, dijkstra or greedy)", algo);
      goto out;
    }
  if (connect != 4 && connect != 8)
    {
      cli_usage_error ("astar", "--connect is 8 or 4, not %d", connect);
      goto out;
    }
  if (from != NULL && !cli_parse_cell (from, &sx, &sy))
    {
      cli_usage_error ("astar", "--from '%s' is not X,Y (two whole numbers)", from);
      goto out;
    }
  if (to != NULL && !cli_parse_cell (to, &gx, &gy))
    {
      cli_usage_error ("astar", "--to '%s' is not X,Y (two whole numbers)", to);
      goto out;
    }

  path = argv[1];
  status = CLI_EXIT_INPUT;
  if (!cli_load_map (path, map_name, &map, NULL))
    goto out;
  if (from == NULL || to == NULL)
    {
      if ((from == NULL && !map.has_start) || (to == NULL && !map.has_goal))
        {
          ossa_grid_map_clear (&map);
          status = cli_usage_error ("astar", "missing %s (the map stores no %s)",
                                    from == NULL ? "--from" : "--to",
                                    from == NULL ? "start" : "goal");
          goto out;
        }
      if (from == NULL)
        {
          sx = map.start_x;
          sy = map.start_y;
        }
      if (to == NULL)
        {
          gx = map.goal_x;
          gy = map.goal_y;
        }
    }
  if (sx < 0 || sy < 0 || sx >= map.width || sy >= map.height)
    {
      cli_error (cli_input_label (path), "the start (%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT ") lies outside the "
                 "%u × %u map", sx, sy, map.width, map.height);
      ossa_grid_map_clear (&map);
      goto out;
    }
  if (gx < 0 || gy < 0 || gx >= map.width || gy >= map.height)
    {
      cli_error (cli_input_label (path), "the goal (%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT ") lies outside the "
                 "%u × %u map", gx, gy, map.width, map.height);
      ossa_grid_map_clear (&map);
      goto out;
    }

  pf = ossa_pathfinder_new ();
  ossa_error_clear (&err);
  t0 = 0;
  if (pf == NULL || !ossa_pathfinder_set_map (pf, &map, &err)
      || (t0 = g_get_monotonic_time (), false)
      || !ossa_pathfinder_search (pf, algorithm, connect, (uint32_t) sx, (uint32_t) sy,
                                  (uint32_t) gx, (uint32_t) gy, &result, &err))
    {
      cli_error (cli_input_label (path), "%s", err.message[0] ? err.message : "out of memory");
      ossa_pathfinder_free (pf);
      ossa_grid_map_clear (&map);
      goto out;
    }
  us = (double) (g_get_monotonic_time () - t0);
  if (json)
    print_json (path, algorithm, connect, sx, sy, gx, gy, &result, us);
  else
    print_text (&map, algorithm, connect, sx, sy, gx, gy, &result, us);
  ossa_pathfinder_free (pf);
  ossa_grid_map_clear (&map);
  status = CLI_EXIT_OK;

out:
  g_option_context_free (context);
  g_free (from);
  g_free (to);
  g_free (algo);
  g_free (map_name);
  return status;
}
