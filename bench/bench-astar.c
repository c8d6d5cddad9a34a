/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Grid A*: libossa's searcher side by side with a plain binary-heap A* written here,
 * on MovingAI scenarios, in one run. Prints mean microseconds per search and checks
 * that every length equals the other's and the scenario's optimal one (a mismatch is
 * reported and makes the exit status 1; time never does).
 *
 *   bench-astar                       random512-10-0 and 8room_000 from
 *                                     $OSSA_SHARED_TESTDATA/movingai (or ../shared/testdata)
 *   bench-astar FILE.scen [MAP]…      those scenarios (the map beside the .scen by default)
 *   bench-astar --all                 every .scen in the movingai folder, ours only, every
 *                                     problem checked (the whole sets the test suite samples)
 *
 * The plain A* is what a straightforward implementation looks like: double g, a
 * binary heap of node indices with decrease-key through a position array, octile
 * heuristic, bounds and corner checks on each of the 8 neighbours, no tie-breaking.
 * "plain" allocates and initialises its arrays for every search, as most do;
 * "plain-reuse" allocates them once per map and re-initialises them per search.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ossa.h"

#define RUNS 3

static double
now_s (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

/* ---- the plain A* ---- */

typedef struct
{
  int            w, h;
  const uint8_t *cells;
  bool           reuse;
  double        *g, *f;
  int           *parent, *pos, *heap;
  uint8_t       *closed;
  int            n_heap;
} Plain;

static bool
plain_less (const Plain *p, int a, int b)
{
  return p->f[a] < p->f[b];
}

static void
plain_up (Plain *p, int i)
{
  while (i > 0)
    {
      int parent = (i - 1) / 2;
      int t;

      if (!plain_less (p, p->heap[i], p->heap[parent]))
        break;
      t = p->heap[i];
      p->heap[i] = p->heap[parent];
      p->heap[parent] = t;
      p->pos[p->heap[i]] = i;
      p->pos[p->heap[parent]] = parent;
      i = parent;
    }
}

static void
plain_down (Plain *p, int i)
{
  for (;;)
    {
      int l = 2 * i + 1, r = l + 1, m = i, t;

      if (l < p->n_heap && plain_less (p, p->heap[l], p->heap[m]))
        m = l;
      if (r < p->n_heap && plain_less (p, p->heap[r], p->heap[m]))
        m = r;
      if (m == i)
        break;
      t = p->heap[i];
      p->heap[i] = p->heap[m];
      p->heap[m] = t;
      p->pos[p->heap[i]] = i;
      p->pos[p->heap[m]] = m;
      i = m;
    }
}

static double
octile (int x0, int y0, int x1, int y1)
{
  double dx = abs (x0 - x1), dy = abs (y0 - y1);

  return dx > dy ? dx + (sqrt (2.0) - 1) * dy : dy + (sqrt (2.0) - 1) * dx;
}

static bool
plain_walkable (const Plain *p, int x, int y)
{
  return x >= 0 && y >= 0 && x < p->w && y < p->h && p->cells[y * p->w + x];
}

static void
plain_alloc (Plain *p)
{
  size_t n = (size_t) p->w * p->h;

  p->g = malloc (n * sizeof *p->g);
  p->f = malloc (n * sizeof *p->f);
  p->parent = malloc (n * sizeof *p->parent);
  p->pos = malloc (n * sizeof *p->pos);
  p->heap = malloc (n * sizeof *p->heap);
  p->closed = malloc (n);
}

static void
plain_free (Plain *p)
{
  free (p->g);
  free (p->f);
  free (p->parent);
  free (p->pos);
  free (p->heap);
  free (p->closed);
}

/* Length of the shortest path, or -1. */
static double
plain_astar (Plain *p, int sx, int sy, int gx, int gy, long *expansions)
{
  static const int dx[8] = { 1, -1, 0, 0, 1, 1, -1, -1 };
  static const int dy[8] = { 0, 0, 1, -1, 1, -1, 1, -1 };
  size_t n = (size_t) p->w * p->h;
  int start = sy * p->w + sx, goal = gy * p->w + gx;
  double result = -1;

  if (!p->reuse)
    plain_alloc (p);
  for (size_t i = 0; i < n; i++)
    {
      p->g[i] = INFINITY;
      p->pos[i] = -1;
    }
  memset (p->closed, 0, n);
  p->n_heap = 0;
  *expansions = 0;
  if (!p->cells[start] || !p->cells[goal])
    goto out;

  p->g[start] = 0;
  p->f[start] = octile (sx, sy, gx, gy);
  p->parent[start] = -1;
  p->heap[p->n_heap] = start;
  p->pos[start] = p->n_heap++;
  while (p->n_heap > 0)
    {
      int cur = p->heap[0], cx, cy;

      p->heap[0] = p->heap[--p->n_heap];
      p->pos[p->heap[0]] = 0;
      plain_down (p, 0);
      p->pos[cur] = -1;
      p->closed[cur] = 1;
      (*expansions)++;
      if (cur == goal)
        {
          result = p->g[goal];
          break;
        }
      cx = cur % p->w;
      cy = cur / p->w;
      for (int d = 0; d < 8; d++)
        {
          int nx = cx + dx[d], ny = cy + dy[d], nb;
          double ng;

          if (!plain_walkable (p, nx, ny))
            continue;
          if (dx[d] != 0 && dy[d] != 0
              && (!plain_walkable (p, cx + dx[d], cy) || !plain_walkable (p, cx, cy + dy[d])))
            continue;
          nb = ny * p->w + nx;
          if (p->closed[nb])
            continue;
          ng = p->g[cur] + (d < 4 ? 1.0 : sqrt (2.0));
          if (ng < p->g[nb])
            {
              p->g[nb] = ng;
              p->f[nb] = ng + octile (nx, ny, gx, gy);
              p->parent[nb] = cur;
              if (p->pos[nb] < 0)
                {
                  p->heap[p->n_heap] = nb;
                  p->pos[nb] = p->n_heap++;
                }
              plain_up (p, p->pos[nb]);
            }
        }
    }
out:
  if (!p->reuse)
    plain_free (p);
  return result;
}

/* ---- running a scenario ---- */

typedef struct
{
  double   seconds;
  double   expansions;
  size_t   optimal;    /* lengths within the scenario's tolerance */
} Tally;

static bool
load_map_for (const char *scen_path, const char *map_arg, OssaGridMap *map)
{
  OssaError err = { 0 };
  char *path;

  if (map_arg != NULL)
    path = strdup (map_arg);
  else
    {
      path = strdup (scen_path);
      if (strlen (path) > 5 && strcmp (path + strlen (path) - 5, ".scen") == 0)
        path[strlen (path) - 5] = '\0';
    }
  if (!ossa_grid_map_load (map, path, NULL, &err))
    {
      fprintf (stderr, "bench-astar: %s:%d: %s\n", err.path, err.line, err.message);
      free (path);
      return false;
    }
  free (path);
  return true;
}

/* Runs every problem with ours (lengths into ours[]) and, when plain is not NULL,
 * with the plain A* (into theirs[]). */
static void
run_ours (OssaPathfinder *pf, const OssaScenario *scen, double *lengths, Tally *t)
{
  double t0 = now_s ();

  t->expansions = 0;
  t->optimal = 0;
  for (size_t i = 0; i < scen->n_problems; i++)
    {
      const OssaScenProblem *p = &scen->problems[i];
      OssaPathResult r;

      if (!ossa_pathfinder_search (pf, OSSA_PATH_ASTAR, 8, p->start_x, p->start_y, p->goal_x,
                                   p->goal_y, &r, NULL))
        {
          lengths[i] = -2;
          continue;
        }
      lengths[i] = r.found ? r.length : -1;
      t->expansions += (double) r.expansions;
    }
  t->seconds = now_s () - t0;
  for (size_t i = 0; i < scen->n_problems; i++)
    t->optimal += ossa_scen_length_matches (lengths[i], scen->problems[i].optimal);
}

static void
run_plain (Plain *plain, const OssaScenario *scen, double *lengths, Tally *t)
{
  double t0 = now_s ();

  t->expansions = 0;
  t->optimal = 0;
  if (plain->reuse)
    plain_alloc (plain);
  for (size_t i = 0; i < scen->n_problems; i++)
    {
      const OssaScenProblem *p = &scen->problems[i];
      long e;

      lengths[i] = plain_astar (plain, (int) p->start_x, (int) p->start_y, (int) p->goal_x,
                                (int) p->goal_y, &e);
      t->expansions += (double) e;
    }
  if (plain->reuse)
    plain_free (plain);
  t->seconds = now_s () - t0;
  for (size_t i = 0; i < scen->n_problems; i++)
    t->optimal += ossa_scen_length_matches (lengths[i], scen->problems[i].optimal);
}

static bool
check_problems (const OssaScenario *scen, const OssaGridMap *map, const char *path)
{
  for (size_t i = 0; i < scen->n_problems; i++)
    {
      const OssaScenProblem *p = &scen->problems[i];

      if (p->start_x >= map->width || p->start_y >= map->height || p->goal_x >= map->width
          || p->goal_y >= map->height)
        {
          fprintf (stderr, "bench-astar: %s:%d: start or goal outside the %u × %u map\n", path,
                   p->line, map->width, map->height);
          return false;
        }
    }
  return true;
}

static void
print_row (const char *name, const char *who, const OssaScenario *scen, const Tally *best)
{
  printf ("%-16s %-12s %6zu problems  %8.1f µs/search  %10.0f expansions/search  %zu/%zu optimal\n",
          name, who, scen->n_problems, best->seconds / (double) scen->n_problems * 1e6,
          best->expansions / (double) scen->n_problems, best->optimal, scen->n_problems);
}

/* Side by side, best of RUNS for each. Returns false on a length mismatch. */
static bool
bench_pair (const char *scen_path, const char *map_path)
{
  OssaScenario scen;
  OssaGridMap map;
  OssaError err = { 0 };
  OssaPathfinder *pf;
  Plain plain = { 0 }, reuse = { 0 };
  Tally best[3], t;
  double *lens[3];
  const char *base = strrchr (scen_path, '/');
  bool ok = true;
  size_t mismatches = 0;

  base = base ? base + 1 : scen_path;
  if (!ossa_scenario_load (&scen, scen_path, &err))
    {
      fprintf (stderr, "bench-astar: %s:%d: %s\n", err.path, err.line, err.message);
      return false;
    }
  if (!load_map_for (scen_path, map_path, &map) || !check_problems (&scen, &map, scen_path))
    {
      ossa_scenario_clear (&scen);
      return false;
    }
  pf = ossa_pathfinder_new ();
  if (!ossa_pathfinder_set_map (pf, &map, &err))
    {
      fprintf (stderr, "bench-astar: %s\n", err.message);
      return false;
    }
  plain.w = reuse.w = (int) map.width;
  plain.h = reuse.h = (int) map.height;
  plain.cells = reuse.cells = map.cells;
  reuse.reuse = true;
  for (int k = 0; k < 3; k++)
    {
      lens[k] = calloc (scen.n_problems, sizeof (double));
      best[k].seconds = INFINITY;
    }
  /* Interleaved runs, so that a busy moment on the shared machine hits all three. */
  for (int run = 0; run < RUNS; run++)
    {
      run_ours (pf, &scen, lens[0], &t);
      if (t.seconds < best[0].seconds)
        best[0] = t;
      run_plain (&plain, &scen, lens[1], &t);
      if (t.seconds < best[1].seconds)
        best[1] = t;
      run_plain (&reuse, &scen, lens[2], &t);
      if (t.seconds < best[2].seconds)
        best[2] = t;
    }
  for (size_t i = 0; i < scen.n_problems; i++)
    if (fabs (lens[0][i] - lens[1][i]) > 1e-6 || fabs (lens[1][i] - lens[2][i]) > 1e-9)
      {
        if (mismatches++ < 5)
          fprintf (stderr, "%s:%d: lengths differ: ossa %.9f, plain %.9f, plain-reuse %.9f\n",
                   scen_path, scen.problems[i].line, lens[0][i], lens[1][i], lens[2][i]);
      }
  print_row (base, "ossa", &scen, &best[0]);
  print_row (base, "plain", &scen, &best[1]);
  print_row (base, "plain-reuse", &scen, &best[2]);
  printf ("%-16s plain/ossa %.2f×, plain-reuse/ossa %.2f×, lengths %s\n\n", base,
          best[1].seconds / best[0].seconds, best[2].seconds / best[0].seconds,
          mismatches == 0 ? "identical" : "DIFFER");
  if (mismatches > 0 || best[0].optimal != scen.n_problems)
    ok = false;
  for (int k = 0; k < 3; k++)
    free (lens[k]);
  ossa_pathfinder_free (pf);
  ossa_grid_map_clear (&map);
  ossa_scenario_clear (&scen);
  return ok;
}

/* Ours alone on one scenario, every problem checked. */
static bool
bench_one (const char *scen_path)
{
  OssaScenario scen;
  OssaGridMap map;
  OssaError err = { 0 };
  OssaPathfinder *pf;
  Tally t;
  double *lens;
  const char *base = strrchr (scen_path, '/');
  bool ok;

  base = base ? base + 1 : scen_path;
  if (!ossa_scenario_load (&scen, scen_path, &err))
    {
      fprintf (stderr, "bench-astar: %s:%d: %s\n", err.path, err.line, err.message);
      return false;
    }
  if (!load_map_for (scen_path, NULL, &map) || !check_problems (&scen, &map, scen_path))
    {
      ossa_scenario_clear (&scen);
      return false;
    }
  pf = ossa_pathfinder_new ();
  ossa_pathfinder_set_map (pf, &map, NULL);
  lens = calloc (scen.n_problems, sizeof *lens);
  run_ours (pf, &scen, lens, &t);
  print_row (base, "ossa", &scen, &t);
  for (size_t i = 0; i < scen.n_problems; i++)
    if (!ossa_scen_length_matches (lens[i], scen.problems[i].optimal))
      fprintf (stderr, "%s:%d: length %.6f, optimal %.6f\n", scen_path, scen.problems[i].line,
               lens[i], scen.problems[i].optimal);
  ok = t.optimal == scen.n_problems;
  free (lens);
  ossa_pathfinder_free (pf);
  ossa_grid_map_clear (&map);
  ossa_scenario_clear (&scen);
  return ok;
}

static char *
movingai_dir (void)
{
  const char *shared = getenv ("OSSA_SHARED_TESTDATA");
  char *dir;

  if (asprintf (&dir, "%s/movingai", shared != NULL ? shared : "../shared/testdata") < 0)
    return NULL;
  return dir;
}

static int
compare_names (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

int
main (int argc, char **argv)
{
  char *dir = movingai_dir ();
  bool ok = true;

  if (argc > 1 && strcmp (argv[1], "--all") == 0)
    {
      DIR *d = opendir (dir);
      struct dirent *e;
      char *names[256];
      size_t n = 0;

      if (d == NULL)
        {
          printf ("bench-astar: no test data in %s: nothing to run\n", dir);
          free (dir);
          return 0;
        }
      while ((e = readdir (d)) != NULL && n < 256)
        if (strlen (e->d_name) > 5 && strcmp (e->d_name + strlen (e->d_name) - 5, ".scen") == 0)
          if (asprintf (&names[n], "%s/%s", dir, e->d_name) >= 0)
            n++;
      closedir (d);
      qsort (names, n, sizeof *names, compare_names);
      for (size_t i = 0; i < n; i++)
        {
          ok = bench_one (names[i]) && ok;
          free (names[i]);
        }
    }
  else if (argc > 1)
    ok = bench_pair (argv[1], argc > 2 ? argv[2] : NULL);
  else
    {
      static const char *const judged[] = { "random512-10-0.map.scen", "8room_000.map.scen" };

      for (size_t i = 0; i < 2; i++)
        {
          char *path;

          if (asprintf (&path, "%s/%s", dir, judged[i]) < 0)
            break;
          ok = bench_pair (path, NULL) && ok;
          free (path);
        }
    }
  free (dir);
  return ok ? 0 : 1;
}
