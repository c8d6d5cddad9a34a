/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli scen FILE.scen [--maps DIR]: every problem of a MovingAI scenario. */
/* realpath() is XSI, beyond the POSIX the project builds with. */
#define _XOPEN_SOURCE 700

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli-common.h"

/* Maps loaded so far, by the scenario's map field: a file usually names one map. */
typedef struct
{
  char           *field;
  char           *path;
  OssaGridMap     map;
  OssaPathfinder *pf;
} LoadedMap;

static void
loaded_map_free (gpointer data)
{
  LoadedMap *m = data;

  g_free (m->field);
  g_free (m->path);
  ossa_grid_map_clear (&m->map);
  ossa_pathfinder_free (m->pf);
  g_free (m);
}

/* Whether real (a resolved path) is root (a resolved folder) or lies under it,
 * compared by whole components: /maps2/a.map is not inside /maps. */
static bool
inside (const char *root, const char *real)
{
  size_t n = strlen (root);

  if (n == 1 && root[0] == '/')
    return real[0] == '/';
  return strncmp (real, root, n) == 0 && (real[n] == '/' || real[n] == '\0');
}

/* Where the map of a problem is: DIR/FIELD, DIR/BASENAME(FIELD) with DIR the --maps
 * folder or else the scenario's own folder; last, the scenario's name without
 * ".scen" (MovingAI names them MAP.map.scen). A scenario is data from anywhere,
 * so a map must lie inside DIR once symbolic links and ".." are followed:
 * "../../etc/passwd" and a link out of DIR are passed over (where the first
 * such candidate really is goes into *escaped, for the message). NULL when none
 * is found. */
static char *
find_map (const char *scen_path, const char *maps_dir, const char *field, GString *tried,
          char **escaped)
{
  char *dir = maps_dir != NULL ? g_strdup (maps_dir) : g_path_get_dirname (scen_path);
  char *base = g_path_get_basename (field);
  char *root = realpath (dir, NULL);
  char *candidates[3];
  char *found = NULL;

  candidates[0] = g_path_is_absolute (field) ? g_strdup (field) : g_build_filename (dir, field, NULL);
  candidates[1] = g_build_filename (dir, base, NULL);
  candidates[2] = maps_dir == NULL && g_str_has_suffix (scen_path, ".scen")
                    ? g_strndup (scen_path, strlen (scen_path) - 5) : NULL;
  for (size_t i = 0; i < G_N_ELEMENTS (candidates); i++)
    {
      if (candidates[i] == NULL)
        continue;
      if (found == NULL && g_file_test (candidates[i], G_FILE_TEST_IS_REGULAR))
        {
          char *real = realpath (candidates[i], NULL);

          if (root != NULL && real != NULL && inside (root, real))
            found = g_strdup (candidates[i]);
          else if (*escaped == NULL)
            *escaped = g_strdup (real != NULL ? real : candidates[i]);
          free (real);
        }
      if (tried != NULL)
        g_string_append_printf (tried, "%s%s", tried->len > 0 ? ", " : "", candidates[i]);
      g_free (candidates[i]);
    }
  free (root);
  g_free (dir);
  g_free (base);
  return found;
}

/* Progress on stderr ("ossa-cli: scen: searching 120/1000 (12%)"), through the
 * CLI's shared progress line. */
static void
progress_show (CliProgress *p, const char *what, size_t done, size_t total)
{
  if (!cli_progress_due (p, done, total))
    return;
  fprintf (stderr, "\r\033[Kossa-cli: scen: %s %zu/%zu (%d%%)", what, done, total,
           total > 0 ? (int) (done * 100 / total) : 100);
  fflush (stderr);
}

int
cli_scen (int argc, char **argv)
{
  gboolean json = FALSE, quiet = FALSE;
  char *maps_dir = NULL;
  GOptionEntry entries[] = {
    { "maps", 0, 0, G_OPTION_ARG_FILENAME, &maps_dir,
      "Folder holding the maps (default: the scenario's folder)", "DIR" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, "Show no progress on stderr", NULL },
    G_OPTION_ENTRY_NULL
  };
  CliProgress progress = { false, false, 0 };
  GOptionContext *context;
  GHashTable *maps = NULL;
  OssaScenario scen = { 0 };
  OssaError err;
  const char *path, *label;
  size_t optimal = 0, shown = 0;
  double seconds = 0, mean_us;
  guint64 expansions = 0;
  int status = CLI_EXIT_USAGE;
  GString *mismatches = g_string_new (NULL);

  context = cli_option_context_new (
      "FILE.scen", "Run every problem of a MovingAI scenario with A*.",
      "FILE.scen is a MovingAI scenario: 'version 1' (or '1.0'), then one problem a\n"
      "line: bucket, map, map width, map height, start x, start y, goal x, goal y,\n"
      "optimal length, separated by tabs or spaces. The map of a problem is looked for\n"
      "as DIR/MAP, then DIR/basename(MAP), DIR being --maps or the scenario's folder,\n"
      "then as the scenario's name without '.scen'. A map must lie inside DIR once\n"
      "symbolic links and '..' are followed: one outside it is refused.\n"
      "\n"
      "Each problem is solved with 8-connected A* (no corner cutting) and counts as\n"
      "optimal when |length − optimal| <= max(1e-4 × optimal, 0.005). The time is the\n"
      "mean of the searches alone (maps are loaded before).\n"
      "\n"
      "While it runs, progress is shown on stderr when stderr is a terminal (not with\n"
      "--json or --quiet). FILE.scen '-' reads standard input; its maps are then\n"
      "looked for in --maps or the current folder.\n"
      "\n"
      "JSON: {\"file\", \"problems\", \"optimal\", \"mean_us\", \"expansions\"}\n"
      "\n"
      "Exit status: 0 when every problem ran (however many were optimal), 1 an\n"
      "unreadable or malformed scenario or map, a map not found, a size or cell that\n"
      "does not fit the map; 2 bad usage.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!cli_parse_options (context, "scen", &argc, &argv)
      || !cli_check_positionals ("scen", argc, argv, 1, 1, "FILE.scen"))
    goto out;
  path = argv[1];
  status = CLI_EXIT_INPUT;

  {
    uint8_t *data;
    size_t size;
    bool ok;

    /* A file is parsed as it is read, never held whole; standard input is
     * read first. */
    if (!cli_is_stdio (path))
      ok = ossa_scenario_load (&scen, path, &err);
    else if (!cli_read_input (path, OSSA_MAX_SCEN_FILE_SIZE, &data, &size, &err))
      ok = false;
    else
      {
        ok = ossa_scenario_parse (&scen, data, size, cli_input_label (path), &err);
        free (data);
      }
    if (!ok)
      {
        cli_error_ossa (&err, cli_input_label (path));
        goto out;
      }
  }
  progress.on = !json && !quiet && isatty (STDERR_FILENO);
  label = cli_input_label (path);

  /* Load and check every map first, so that the timing covers searches only. */
  maps = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, loaded_map_free);
  for (size_t i = 0; i < scen.n_problems; i++)
    {
      const OssaScenProblem *p = &scen.problems[i];
      LoadedMap *m = g_hash_table_lookup (maps, p->map);

      progress_show (&progress, "checking problems", i + 1, scen.n_problems);
      if (m == NULL)
        {
          GString *tried = g_string_new (NULL);
          char *escaped = NULL;
          char *map_path = find_map (path, maps_dir, p->map, tried, &escaped);

          if (map_path == NULL)
            {
              char *dir = maps_dir != NULL ? g_strdup (maps_dir) : g_path_get_dirname (label);

              cli_progress_end (&progress);
              if (escaped != NULL)
                fprintf (stderr, "ossa-cli: %s:%d: map '%s' is %s, outside %s: refused (a "
                         "scenario's maps must be inside %s)\n", label, p->line, p->map,
                         escaped, dir, maps_dir != NULL ? "--maps" : "the scenario's folder");
              else
                fprintf (stderr, "ossa-cli: %s:%d: map '%s' not found (looked for %s)\n", label,
                         p->line, p->map, tried->str);
              g_free (dir);
              g_free (escaped);
              g_string_free (tried, TRUE);
              goto out;
            }
          g_free (escaped);
          g_string_free (tried, TRUE);
          m = g_new0 (LoadedMap, 1);
          m->field = g_strdup (p->map);
          m->path = map_path;
          g_hash_table_insert (maps, m->field, m);
          cli_progress_end (&progress);   /* a map's own error line starts at column 0 */
          if (!cli_load_map (map_path, NULL, &m->map, NULL))
            goto out;
          m->pf = ossa_pathfinder_new ();
          ossa_error_clear (&err);
          if (m->pf == NULL || !ossa_pathfinder_set_map (m->pf, &m->map, &err))
            {
              cli_progress_end (&progress);
              cli_error (map_path, "%s", err.message[0] ? err.message : "out of memory");
              goto out;
            }
        }
      if (p->map_width != m->map.width || p->map_height != m->map.height)
        {
          cli_progress_end (&progress);
          fprintf (stderr, "ossa-cli: %s:%d: the problem is for a %u × %u map, but %s is %u × %u\n",
                   label, p->line, p->map_width, p->map_height, m->path, m->map.width,
                   m->map.height);
          goto out;
        }
      if (p->start_x >= m->map.width || p->start_y >= m->map.height
          || p->goal_x >= m->map.width || p->goal_y >= m->map.height)
        {
          cli_progress_end (&progress);
          fprintf (stderr, "ossa-cli: %s:%d: the %s lies outside the %u × %u map\n", label,
                   p->line, p->start_x >= m->map.width || p->start_y >= m->map.height
                              ? "start" : "goal", m->map.width, m->map.height);
          goto out;
        }
    }

  for (size_t i = 0; i < scen.n_problems; i++)
    {
      const OssaScenProblem *p = &scen.problems[i];
      LoadedMap *m = g_hash_table_lookup (maps, p->map);
      OssaPathResult r;
      gint64 t0 = g_get_monotonic_time ();
      bool ok = ossa_pathfinder_search (m->pf, OSSA_PATH_ASTAR, 8, p->start_x, p->start_y,
                                        p->goal_x, p->goal_y, &r, &err);
      double length;

      progress_show (&progress, "searching", i + 1, scen.n_problems);
      seconds += (double) (g_get_monotonic_time () - t0) * 1e-6;
      if (!ok)
        {
          cli_progress_end (&progress);
          fprintf (stderr, "ossa-cli: %s:%d: %s\n", label, p->line, err.message);
          goto out;
        }
      expansions += r.expansions;
      length = r.found ? r.length : INFINITY;
      if (ossa_scen_length_matches (length, p->optimal))
        optimal++;
      else
        {
          char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];

          if (shown++ < 10)
            g_string_append_printf (mismatches, "  line %d: %s, optimal %s\n", p->line,
                                    r.found ? cli_format (a, sizeof a, "%.6f", length) : "no path",
                                    cli_format (b, sizeof b, "%.6f", p->optimal));
        }
    }
  cli_progress_end (&progress);
  mean_us = scen.n_problems > 0 ? seconds * 1e6 / (double) scen.n_problems : 0;

  if (json)
    {
      JsonBuilder *b = json_builder_new ();

      json_builder_begin_object (b);
      cli_json_add_file (b, "file", path);
      cli_json_add_int (b, "problems", (gint64) scen.n_problems);
      cli_json_add_int (b, "optimal", (gint64) optimal);
      cli_json_add_double (b, "mean_us", mean_us);
      cli_json_add_double (b, "expansions",
                           scen.n_problems > 0 ? (double) expansions / (double) scen.n_problems : 0);
      json_builder_end_object (b);
      cli_json_print (b);
    }
  else
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      printf ("%s: %zu problems, %zu optimal\n", label, scen.n_problems, optimal);
      printf ("mean time per search: %s µs\n", cli_format (buf, sizeof buf, "%.1f", mean_us));
      printf ("mean expansions per search: %s\n",
              cli_format (buf, sizeof buf, "%.1f", scen.n_problems > 0
                          ? (double) expansions / (double) scen.n_problems : 0));
      if (shown > 0)
        printf ("not optimal (first %zu):\n%s", MIN (shown, (size_t) 10), mismatches->str);
    }
  status = CLI_EXIT_OK;

out:
  cli_progress_end (&progress);
  if (maps != NULL)
    g_hash_table_unref (maps);
  ossa_scenario_clear (&scen);
  g_string_free (mismatches, TRUE);
  g_option_context_free (context);
  g_free (maps_dir);
  return status;
}
