/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The searcher: optimal lengths on every MovingAI scenario here (the big sets
 * sampled; bench-astar --all runs them whole), every path checked step by step
 * (adjacent, walkable, no corner cut, cost adds up), against a brute-force
 * Bellman-Ford written here on random maps, unreachable goals, the step API. */
#include <stdlib.h>
#include <string.h>

#include "test-helpers.h"

#define SQRT2 1.41421356237309504880

static gboolean
walkable (const OssaGridMap *map, int64_t x, int64_t y)
{
  return ossa_grid_map_walkable (map, x, y);
}

/* Every step legal: from start to goal, each to one of the 8 (or 4) neighbours,
 * every cell walkable, a diagonal only with both orthogonal neighbours walkable;
 * the costs add up to the reported length. */
static void
check_path (const OssaGridMap *map, const OssaPathResult *r, int connect, uint32_t sx,
            uint32_t sy, uint32_t gx, uint32_t gy)
{
  double length = 0;

  g_assert_true (r->found);
  g_assert_cmpuint (r->n_path, >=, 1);
  g_assert_cmpuint (r->path[0].x, ==, sx);
  g_assert_cmpuint (r->path[0].y, ==, sy);
  g_assert_cmpuint (r->path[r->n_path - 1].x, ==, gx);
  g_assert_cmpuint (r->path[r->n_path - 1].y, ==, gy);
  g_assert_true (walkable (map, sx, sy));
  for (size_t i = 1; i < r->n_path; i++)
    {
      int64_t x0 = r->path[i - 1].x, y0 = r->path[i - 1].y;
      int64_t x1 = r->path[i].x, y1 = r->path[i].y;
      int64_t dx = x1 - x0, dy = y1 - y0;

      if (!walkable (map, x1, y1))
        g_error ("step %zu enters blocked cell (%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT ")", i,
                 x1, y1);
      if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0))
        g_error ("step %zu is not to a neighbour", i);
      if (dx != 0 && dy != 0)
        {
          if (connect == 4)
            g_error ("step %zu is diagonal on a 4-connected search", i);
          if (!walkable (map, x0 + dx, y0) || !walkable (map, x0, y0 + dy))
            g_error ("step %zu cuts a corner at (%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT ")", i,
                     x0, y0);
          length += SQRT2;
        }
      else
        length += 1;
    }
  assert_close (r->length, length, 1e-9);
}

/* Shortest lengths from (sx, sy) to every cell by repeated relaxation: slow, simple
 * and independent of the searcher. */
static double *
brute_force (const OssaGridMap *map, int connect, uint32_t sx, uint32_t sy)
{
  size_t n = (size_t) map->width * map->height;
  double *d = g_new (double, n);
  gboolean changed = TRUE;

  for (size_t i = 0; i < n; i++)
    d[i] = INFINITY;
  d[(size_t) sy * map->width + sx] = 0;
  while (changed)
    {
      changed = FALSE;
      for (int64_t y = 0; y < map->height; y++)
        for (int64_t x = 0; x < map->width; x++)
          {
            double best = d[y * map->width + x];

            if (!walkable (map, x, y))
              continue;
            for (int dy = -1; dy <= 1; dy++)
              for (int dx = -1; dx <= 1; dx++)
                {
                  double c;

                  if ((dx == 0 && dy == 0) || !walkable (map, x + dx, y + dy))
                    continue;
                  if (dx != 0 && dy != 0)
                    {
                      if (connect == 4 || !walkable (map, x + dx, y) || !walkable (map, x, y + dy))
                        continue;
                      c = SQRT2;
                    }
                  else
                    c = 1;
                  if (d[(y + dy) * map->width + x + dx] + c < best - 1e-12)
                    best = d[(y + dy) * map->width + x + dx] + c;
                }
            if (best < d[y * map->width + x])
              {
                d[y * map->width + x] = best;
                changed = TRUE;
              }
          }
    }
  return d;
}

static void
make_map (OssaGridMap *map, const char *const *rows)
{
  uint32_t h = 0, w = (uint32_t) strlen (rows[0]);

  while (rows[h] != NULL)
    h++;
  g_assert_true (ossa_grid_map_init (map, "t", w, h, NULL));
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++)
      map->cells[y * w + x] = rows[y][x] == '.';
}

static OssaPathfinder *
finder_for (const OssaGridMap *map)
{
  OssaPathfinder *pf = ossa_pathfinder_new ();
  OssaError err = { 0 };

  g_assert_nonnull (pf);
  if (!ossa_pathfinder_set_map (pf, map, &err))
    g_error ("%s", err.message);
  return pf;
}

static void
test_pathfind_corners (void)
{
  /* The diagonal from (0,1) to (1,0) would cut the corner of the wall at (0,0). */
  static const char *const rows[] = { "@.", "..", NULL };
  /* Two walls touching at a corner: no squeezing between them. */
  static const char *const pinch[] = { "..@", ".@.", "...", NULL };
  OssaGridMap map;
  OssaPathfinder *pf;
  OssaPathResult r;
  OssaError err = { 0 };

  make_map (&map, rows);
  pf = finder_for (&map);
  g_assert_true (ossa_pathfinder_search (pf, OSSA_PATH_ASTAR, 8, 0, 1, 1, 0, &r, &err));
  check_path (&map, &r, 8, 0, 1, 1, 0);
  assert_close (r.length, 2, 1e-12);
  /* The other diagonal is clear. */
  g_assert_true (ossa_pathfinder_search (pf, OSSA_PATH_ASTAR, 8, 1, 0, 1, 1, &r, &err));
  assert_close (r.length, 1, 1e-12);
  ossa_pathfinder_set_cell (pf, 0, 0, true);
  g_assert_true (ossa_pathfinder_search (pf, OSSA_PATH_ASTAR, 8, 0, 1, 1, 0, &r, &err));
  assert_close (r.length, SQRT2, 1e-12);
  ossa_pathfinder_free (pf);
  ossa_grid_map_clear (&map);

  make_map (&map, pinch);
  pf = finder_for (&map);
  g_assert_true (ossa_pathfinder_search (pf, OSSA_PATH_ASTAR, 8, 1, 0, 2, 1, &r, &err));
  check_path (&map, &r, 8, 1, 0, 2, 1);
  /* Round by the left and the bottom; the length checked by brute force. */
  {
    double *d = brute_force (&map, 8, 1, 0);

    assert_close (r.length, d[1 * 3 + 2], 1e-9);
    g_free (d);
  }
  ossa_pathfinder_free (pf);
  ossa_grid_map_clear (&map);
}

static void
test_pathfind_unreachable (void)
{
  static const char *const rows[] = { "..@..", "..@..", "..@..", NULL };
  OssaGridMap map;
  OssaPathfinder *pf;
  OssaPathResult r;
  OssaError err = { 0 };

  make_map (&map, rows);
  pf = finder_for (&map);
  for (int a = 0; a < 3; a++)
    {
      g_assert_true (ossa_pathfinder_search (pf, (OssaPathAlgorithm) a, 8, 0, 0, 4, 2, &r, &err));
      g_assert_false (r.found);
      g_assert_cmpuint (r.n_path, ==, 0);
      g_assert_cmpuint (r.expansions, ==, 6);   /* the whole left side, then give up */
    }
  /* Blocked goal or start: no path, nothing expanded. */
  g_assert_true (ossa_pathfinder_search (pf, OSSA_PATH_ASTAR, 8, 0, 0, 2, 1, &r, &err));
  g_assert_false (r.found);
  g_assert_cmpuint (r.expansions, ==, 0);
  g_assert_true (ossa_pathfinder_search (pf, OSSA_PATH_ASTAR, 8, 2, 0, 0, 0, &r, &err));
  g_assert_false (r.found);
  /* Start = goal. */
  g_assert_true (ossa_pathfinder_search (pf, OSSA_PATH_ASTAR, 4, 1, 1, 1, 1, &r, &err));
  g_assert_true (r.found);
  g_assert_cmpuint (r.n_path, ==, 1);
  assert_close (r.length, 0, 0);
  /* Outside the map, a bad connect: errors, not "no path". */
  g_assert_false (ossa_pathfinder_search (pf, OSSA_PATH_ASTAR, 8, 0, 0, 5, 0, &r, &err));
  g_assert_nonnull (strstr (err.message, "goal (5, 0) lies outside"));
  g_assert_false (ossa_pathfinder_search (pf, OSSA_PATH_ASTAR, 8, 0, 3, 0, 0, &r, &err));
  g_assert_nonnull (strstr (err.message, "start"));
  g_assert_false (ossa_pathfinder_search (pf, OSSA_PATH_ASTAR, 6, 0, 0, 1, 0, &r, &err));
  /* Opening the wall joins the halves. */
  ossa_pathfinder_set_cell (pf, 2, 1, true);
  ossa_grid_map_set (&map, 2, 1, true);
  g_assert_true (ossa_pathfinder_search (pf, OSSA_PATH_ASTAR, 8, 0, 0, 4, 2, &r, &err));
  check_path (&map, &r, 8, 0, 0, 4, 2);
  assert_close (r.length, 2 + 2 * SQRT2, 1e-9);
  ossa_pathfinder_free (pf);
  ossa_grid_map_clear (&map);
}

/* A* and Dijkstra against the brute force on random maps, 8- and 4-connected; greedy
 * finds a legal path, never shorter. */
static void
test_pathfind_random (void)
{
  GRand *rand = g_rand_new_with_seed (1234);

  for (int trial = 0; trial < 60; trial++)
    {
      OssaGridMap map;
      OssaPathfinder *pf;
      uint32_t w = (uint32_t) g_rand_int_range (rand, 1, 24);
      uint32_t h = (uint32_t) g_rand_int_range (rand, 1, 24);
      double density = g_rand_double_range (rand, 0, 0.45);
      uint32_t sx, sy;
      int connect = trial % 2 ? 4 : 8;
      double *d;

      g_assert_true (ossa_grid_map_init (&map, "r", w, h, NULL));
      for (size_t i = 0; i < (size_t) w * h; i++)
        map.cells[i] = g_rand_double (rand) >= density;
      sx = (uint32_t) g_rand_int_range (rand, 0, (gint32) w);
      sy = (uint32_t) g_rand_int_range (rand, 0, (gint32) h);
      map.cells[sy * w + sx] = 1;
      pf = finder_for (&map);
      d = brute_force (&map, connect, sx, sy);
      for (uint32_t gy = 0; gy < h; gy++)
        for (uint32_t gx = 0; gx < w; gx++)
          for (int a = 0; a < 3; a++)
            {
              OssaPathResult r;
              double best = d[gy * w + gx];

              g_assert_true (ossa_pathfinder_search (pf, (OssaPathAlgorithm) a, connect, sx, sy,
                                                     gx, gy, &r, NULL));
              if (isinf (best))
                {
                  g_assert_false (r.found);
                  continue;
                }
              check_path (&map, &r, connect, sx, sy, gx, gy);
              if (a == OSSA_PATH_GREEDY)
                g_assert_cmpfloat (r.length, >=, best - 1e-9);
              else
                assert_close (r.length, best, 1e-9);
            }
      g_free (d);
      ossa_pathfinder_free (pf);
      ossa_grid_map_clear (&map);
    }
  g_rand_free (rand);
}

/* Every problem of a scenario, or every step-th one. */
static void
run_scenario (const char *name, size_t step)
{
  char *rel = g_strdup_printf ("movingai/%s.scen", name);
  char *scen_path = test_shared_data (rel);
  char *map_path;
  OssaScenario scen;
  OssaGridMap map;
  OssaPathfinder *pf;
  OssaError err = { 0 };
  size_t checked = 0;

  g_free (rel);
  if (scen_path == NULL)
    return;
  map_path = g_strndup (scen_path, strlen (scen_path) - 5);
  g_assert_true (ossa_scenario_load (&scen, scen_path, &err));
  g_assert_true (ossa_grid_map_load (&map, map_path, NULL, &err));
  pf = finder_for (&map);
  for (size_t i = 0; i < scen.n_problems; i += step)
    {
      const OssaScenProblem *p = &scen.problems[i];
      OssaPathResult r;

      g_assert_true (ossa_pathfinder_search (pf, OSSA_PATH_ASTAR, 8, p->start_x, p->start_y,
                                             p->goal_x, p->goal_y, &r, &err));
      check_path (&map, &r, 8, p->start_x, p->start_y, p->goal_x, p->goal_y);
      if (!ossa_scen_length_matches (r.length, p->optimal))
        g_error ("%s:%d: length %.6f, optimal %.6f", scen_path, p->line, r.length, p->optimal);
      /* Dijkstra agrees, on a few. */
      if (i % (step * 16) == 0)
        {
          double astar = r.length;

          g_assert_true (ossa_pathfinder_search (pf, OSSA_PATH_DIJKSTRA, 8, p->start_x,
                                                 p->start_y, p->goal_x, p->goal_y, &r, &err));
          assert_close (r.length, astar, 1e-6);
        }
      checked++;
    }
  g_test_message ("%s: %zu problems checked of %zu, all optimal", name, checked, scen.n_problems);
  ossa_pathfinder_free (pf);
  ossa_grid_map_clear (&map);
  ossa_scenario_clear (&scen);
  g_free (map_path);
  g_free (scen_path);
}

static void
test_pathfind_scen_small (void)
{
  run_scenario ("arena.map", 1);
  run_scenario ("den312d.map", 1);
  run_scenario ("Berlin_0_256.map", 1);
}

static void
test_pathfind_scen_sampled (void)
{
  /* The big sets: about 150 problems each, spread over every bucket (the files list
   * problems by bucket, so a stride samples short and long ones alike). */
  run_scenario ("random512-10-0.map", 11);
  run_scenario ("8room_000.map", 13);
  run_scenario ("brc202d.map", 17);
  run_scenario ("AR0011SR.map", 9);
  run_scenario ("Aurora.map", 20);
  run_scenario ("maze512-1-0.map", 120);
}

/* The step API walks the same search as a whole run, and shows open/closed sets and
 * costs as it goes. */
static void
test_pathfind_steps (void)
{
  char *path = test_shared_data ("seed/map40.txt");
  OssaGridMap map;
  OssaPathfinder *pf;
  OssaPathResult whole, stepped;
  OssaError err = { 0 };
  OssaSearchStatus status;
  OssaCell cur;
  double g, h, f;
  uint64_t steps = 0;

  if (path == NULL)
    return;
  g_assert_true (ossa_grid_map_load (&map, path, NULL, &err));
  pf = finder_for (&map);
  g_assert_true (ossa_pathfinder_search (pf, OSSA_PATH_ASTAR, 8, 0, 0, 39, 39, &whole, &err));
  check_path (&map, &whole, 8, 0, 0, 39, 39);
  {
    uint64_t expansions = whole.expansions;
    double length = whole.length;

    g_assert_true (ossa_pathfinder_begin (pf, OSSA_PATH_ASTAR, 8, 0, 0, 39, 39, &err));
    g_assert_cmpint (ossa_pathfinder_status (pf), ==, OSSA_SEARCH_RUNNING);
    g_assert_false (ossa_pathfinder_current (pf, &cur));
    g_assert_cmpint (ossa_pathfinder_cell_state (pf, 0, 0), ==, OSSA_CELL_OPEN);
    g_assert_cmpuint (ossa_pathfinder_open_count (pf), ==, 1);
    g_assert_true (ossa_pathfinder_cell_costs (pf, 0, 0, &g, &h, &f));
    assert_close (g, 0, 0);
    assert_close (h, 39 * SQRT2, 1e-9);
    assert_close (f, h, 1e-9);
    g_assert_false (ossa_pathfinder_cell_costs (pf, 5, 0, NULL, NULL, NULL));

    status = ossa_pathfinder_step (pf);
    steps++;
    g_assert_cmpint (status, ==, OSSA_SEARCH_RUNNING);
    g_assert_true (ossa_pathfinder_current (pf, &cur));
    g_assert_cmpuint (cur.x, ==, 0);
    g_assert_cmpuint (cur.y, ==, 0);
    g_assert_cmpint (ossa_pathfinder_cell_state (pf, 0, 0), ==, OSSA_CELL_CLOSED);
    g_assert_cmpint (ossa_pathfinder_cell_state (pf, 1, 1), ==, OSSA_CELL_OPEN);
    g_assert_cmpint (ossa_pathfinder_cell_state (pf, 2, 2), ==, OSSA_CELL_UNSEEN);
    g_assert_cmpuint (ossa_pathfinder_open_count (pf), ==, 3);
    g_assert_true (ossa_pathfinder_cell_costs (pf, 1, 1, &g, &h, &f));
    assert_close (g, SQRT2, 1e-6);
    assert_close (h, 38 * SQRT2, 1e-9);
    assert_close (f, g + h, 1e-9);

    while ((status = ossa_pathfinder_step (pf)) == OSSA_SEARCH_RUNNING)
      steps++;
    steps++;
    g_assert_cmpint (status, ==, OSSA_SEARCH_FOUND);
    g_assert_cmpint (ossa_pathfinder_step (pf), ==, OSSA_SEARCH_FOUND);   /* stays */
    ossa_pathfinder_result (pf, &stepped);
    g_assert_true (stepped.found);
    g_assert_cmpuint (stepped.expansions, ==, expansions);
    g_assert_cmpuint (steps, ==, expansions);
    assert_close (stepped.length, length, 1e-12);
    g_assert_true (ossa_pathfinder_current (pf, &cur));
    g_assert_cmpuint (cur.x, ==, 39);
    g_assert_cmpuint (cur.y, ==, 39);
  }

  /* Greedy expands fewer nodes here and its path is longer: why A* wins. */
  g_assert_true (ossa_pathfinder_search (pf, OSSA_PATH_GREEDY, 8, 0, 0, 39, 39, &stepped, &err));
  check_path (&map, &stepped, 8, 0, 0, 39, 39);
  g_assert_cmpfloat (stepped.length, >, whole.length + 1);
  g_assert_cmpuint (stepped.expansions, <, whole.expansions);
  /* Dijkstra: the same length, more expansions. */
  g_assert_true (ossa_pathfinder_search (pf, OSSA_PATH_DIJKSTRA, 8, 0, 0, 39, 39, &stepped, &err));
  assert_close (stepped.length, whole.length, 1e-9);
  g_assert_cmpuint (stepped.expansions, >, whole.expansions);

  /* Stamps: searches after others give the same answer as the first. */
  g_assert_true (ossa_pathfinder_search (pf, OSSA_PATH_ASTAR, 8, 0, 0, 39, 39, &stepped, &err));
  g_assert_cmpuint (stepped.expansions, ==, whole.expansions);
  assert_close (stepped.length, whole.length, 0);

  /* An edit ends the search in progress. */
  ossa_pathfinder_set_cell (pf, 10, 10, false);
  g_assert_cmpint (ossa_pathfinder_status (pf), ==, OSSA_SEARCH_IDLE);
  g_assert_cmpint (ossa_pathfinder_cell_state (pf, 0, 0), ==, OSSA_CELL_UNSEEN);
  ossa_pathfinder_free (pf);
  ossa_grid_map_clear (&map);
  g_free (path);
}

/* A wall painted across the path changes it; the searcher follows cell edits. */
static void
test_pathfind_edit (void)
{
  OssaGridMap map;
  OssaPathfinder *pf;
  OssaPathResult r;

  g_assert_true (ossa_grid_map_init (&map, "e", 30, 20, NULL));
  pf = finder_for (&map);
  g_assert_true (ossa_pathfinder_search (pf, OSSA_PATH_ASTAR, 8, 2, 10, 27, 10, &r, NULL));
  assert_close (r.length, 25, 1e-12);
  for (uint32_t y = 0; y < 19; y++)
    {
      ossa_grid_map_set (&map, 15, y, false);
      ossa_pathfinder_set_cell (pf, 15, y, false);
    }
  g_assert_true (ossa_pathfinder_search (pf, OSSA_PATH_ASTAR, 8, 2, 10, 27, 10, &r, NULL));
  check_path (&map, &r, 8, 2, 10, 27, 10);
  {
    gboolean through_gap = FALSE;

    for (size_t i = 0; i < r.n_path; i++)
      through_gap |= r.path[i].x == 15 && r.path[i].y == 19;
    g_assert_true (through_gap);
  }
  {
    double *d = brute_force (&map, 8, 2, 10);

    assert_close (r.length, d[10 * 30 + 27], 1e-9);
    g_free (d);
  }
  ossa_pathfinder_free (pf);
  ossa_grid_map_clear (&map);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/pathfind/corners", test_pathfind_corners);
  g_test_add_func ("/pathfind/unreachable", test_pathfind_unreachable);
  g_test_add_func ("/pathfind/random", test_pathfind_random);
  g_test_add_func ("/pathfind/scen-small", test_pathfind_scen_small);
  g_test_add_func ("/pathfind/scen-sampled", test_pathfind_scen_sampled);
  g_test_add_func ("/pathfind/steps", test_pathfind_steps);
  g_test_add_func ("/pathfind/edit", test_pathfind_edit);
  return g_test_run ();
}
