/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Searches of whole open maps: A* and Dijkstra from one corner to the other of an
 * open SIDE × SIDE map (every cell walkable, 8-connected), for SIDE = 4096 and
 * 16384 (or the sides given as arguments). Each search runs in its own child
 * process, which prints its time (set_map, then the search), expansions, path
 * length, the searcher's own figure of bytes held and bytes a cell, and its peak
 * resident memory (VmHWM of /proc/self/status, which includes the map itself, 1
 * byte a cell). Dijkstra expands the whole map; A* a diagonal band.
 *
 * OSSA_PATH_BUDGET_MIB=N runs with that memory budget instead of the default, to
 * see a search stop with its message. Prints figures; never fails on time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ossa.h"

static double
now_s (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

static long
peak_rss_kib (void)
{
  FILE *f = fopen ("/proc/self/status", "r");
  char line[256];
  long kib = -1;

  if (f == NULL)
    return -1;
  while (fgets (line, sizeof line, f) != NULL)
    if (sscanf (line, "VmHWM: %ld kB", &kib) == 1)
      break;
  fclose (f);
  return kib;
}

static int
run (uint32_t side, OssaPathAlgorithm algorithm)
{
  OssaGridMap map;
  OssaPathfinder *pf = ossa_pathfinder_new ();
  OssaPathResult result;
  OssaError err = { 0 };
  const char *budget = getenv ("OSSA_PATH_BUDGET_MIB");
  double t0, t_map, t_search;

  if (!ossa_grid_map_init (&map, "open", side, side, &err))
    {
      printf ("map: %s\n", err.message);
      return 1;
    }
  memset (map.cells, 1, (size_t) side * side);
#ifdef OSSA_PATH_MEMORY_BUDGET   /* (the same file builds against an older core, for figures from before) */
  if (budget != NULL)
    ossa_pathfinder_set_memory_budget (pf, (uint64_t) strtoull (budget, NULL, 10) << 20);
#else
  (void) budget;
#endif
  t0 = now_s ();
  if (!ossa_pathfinder_set_map (pf, &map, &err))
    {
      printf ("%-8s %5u²  refused: %s\n", ossa_path_algorithm_name (algorithm), side, err.message);
      return 0;
    }
  t_map = now_s () - t0;
  t0 = now_s ();
  if (!ossa_pathfinder_search (pf, algorithm, 8, 0, 0, side - 1, side - 1, &result, &err))
    {
      printf ("%-8s %5u²  stopped after %.2f s: %s   peak RSS %.0f MiB\n",
              ossa_path_algorithm_name (algorithm), side, now_s () - t0, err.message,
              peak_rss_kib () / 1024.0);
      return 0;
    }
  t_search = now_s () - t0;
  printf ("%-8s %5u²  set_map %5.2f s  search %6.2f s  %10llu expansions  length %.3f  ",
          ossa_path_algorithm_name (algorithm), side, t_map, t_search,
          (unsigned long long) result.expansions, result.length);
#ifdef OSSA_PATH_MEMORY_BUDGET
  printf ("held %7.1f MiB (%.2f B/cell)  ", ossa_pathfinder_memory_used (pf) / 1048576.0,
          (double) ossa_pathfinder_memory_used (pf) / ((double) side * side));
#endif
  printf ("peak RSS %7.1f MiB\n", peak_rss_kib () / 1024.0);
  ossa_pathfinder_free (pf);
  ossa_grid_map_clear (&map);
  return 0;
}

int
main (int argc, char **argv)
{
  static const uint32_t defaults[] = { 4096, 16384 };
  size_t n_sides = argc > 1 ? (size_t) argc - 1 : 2;

  printf ("bench-path-memory: open maps, corner to corner, 8-connected\n");
  fflush (stdout);
  for (size_t k = 0; k < n_sides; k++)
    for (int a = 0; a < 2; a++)
      {
        uint32_t side = argc > 1 ? (uint32_t) strtoul (argv[k + 1], NULL, 10) : defaults[k];
        OssaPathAlgorithm algorithm = a == 0 ? OSSA_PATH_ASTAR : OSSA_PATH_DIJKSTRA;
        pid_t pid = fork ();
        int status;

        if (pid == 0)
          {
            int rc = run (side, algorithm);

            fflush (stdout);
            _exit (rc);
          }
        if (pid < 0 || waitpid (pid, &status, 0) < 0 || !WIFEXITED (status)
            || WEXITSTATUS (status) != 0)
          printf ("%u²: failed (status %d)\n", side, status);
        fflush (stdout);
      }
  return 0;
}
