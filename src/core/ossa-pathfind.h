/* SPDX-License-Identifier: MIT */
/* Shortest paths on grid maps. A pathfinder owns its buffers and a copy of the map
 * it is bound to (ossa_pathfinder_free()); a result's path points into it, valid
 * until its next search. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ossa-api.h"
#include "ossa-error.h"
#include "ossa-gridmap.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A reusable grid searcher. Bind it to a map once (ossa_pathfinder_set_map(), which
 * copies what it needs: later edits go through ossa_pathfinder_set_cell()), then run
 * any number of searches. Buffers grow on the first search of a map and are reused:
 * a search allocates nothing after that (per-search generation stamps instead of
 * clearing arrays). One searcher is used by one thread at a time; the map is not
 * referenced after set_map returns.
 *
 * Moves: 8-connected (straight cost 1, diagonal √2; a diagonal step only when both
 * orthogonal neighbours are walkable: no corner cutting, as MovingAI's optimal
 * lengths assume) or 4-connected (cost 1).
 *
 * Orders:
 * - A*: f = g + h with the octile heuristic (Manhattan when 4-connected); ties go to
 *   the larger g. Optimal.
 * - Dijkstra: f = g. Optimal; expands everything closer than the goal.
 * - greedy: the original article's order, f = h alone. Fast, usually not optimal. */

typedef enum
{
  OSSA_PATH_ASTAR = 0,
  OSSA_PATH_DIJKSTRA = 1,
  OSSA_PATH_GREEDY = 2,
} OssaPathAlgorithm;

typedef struct
{
  uint32_t x, y;
} OssaCell;

/* Where a cell stands in the current (or last) search. */
typedef enum
{
  OSSA_CELL_UNSEEN = 0,   /* not reached yet */
  OSSA_CELL_OPEN = 1,     /* reached, waiting in the open list */
  OSSA_CELL_CLOSED = 2,   /* expanded */
} OssaCellState;

/* What ossa_pathfinder_step() did. */
typedef enum
{
  OSSA_SEARCH_IDLE = 0,       /* no search begun */
  OSSA_SEARCH_RUNNING = 1,    /* expanded one node; more to do */
  OSSA_SEARCH_FOUND = 2,      /* the goal came off the open list */
  OSSA_SEARCH_NO_PATH = 3,    /* the open list ran dry */
} OssaSearchStatus;

/* A search's outcome. path points into the searcher (valid until its next search,
 * set_map or free): n_path cells from start to goal inclusive (empty when not found). */
typedef struct
{
  bool            found;
  double          length;      /* sum of step costs along path (0 when not found) */
  uint64_t        expansions;  /* nodes taken off the open list and expanded */
  const OssaCell *path;
  size_t          n_path;
} OssaPathResult;

typedef struct _OssaPathfinder OssaPathfinder;

/* A new searcher (NULL on out of memory); free with ossa_pathfinder_free(). */
OSSA_API OssaPathfinder *ossa_pathfinder_new (void);
OSSA_API void ossa_pathfinder_free (OssaPathfinder *pf);

/* Binds a copy of map's walkable cells (start and goal are ignored). */
OSSA_API bool ossa_pathfinder_set_map (OssaPathfinder *pf, const OssaGridMap *map, OssaError *err);

/* Changes one cell of the bound map (ignored outside it). Ends a search in progress. */
OSSA_API void ossa_pathfinder_set_cell (OssaPathfinder *pf, uint32_t x, uint32_t y, bool walkable);

/* Whether (x, y) is walkable in the bound map (false outside it). */
OSSA_API bool ossa_pathfinder_walkable (const OssaPathfinder *pf, int64_t x, int64_t y);

/* ---- memory ----
 *
 * A searcher holds 2 bytes a cell for the map it is bound to and, from its first
 * search, 5 bytes a cell (and 1/16) of search state: 7 bytes a cell in all, and an
 * open list of 24 bytes an open cell, and the path (8 bytes a cell on it). All of
 * it stays within a memory budget: set_map refuses a map whose copy would pass it,
 * and a search that would pass it stops with OSSA_ERROR_LIMIT and a message
 * ("… would pass its memory budget of N MiB") rather than making the machine swap. */

/* OSSA_PATH_MEMORY_BUDGET (ossa-limits.h), or half the machine's memory if that is
 * less. */
OSSA_API uint64_t ossa_pathfinder_default_memory_budget (void);

/* Sets the budget in bytes (0: the default) for the next set_map and searches. */
OSSA_API void ossa_pathfinder_set_memory_budget (OssaPathfinder *pf, uint64_t bytes);
OSSA_API uint64_t ossa_pathfinder_memory_budget (const OssaPathfinder *pf);

/* Bytes the searcher holds now (map copy, search state, open list, path). */
OSSA_API uint64_t ossa_pathfinder_memory_used (const OssaPathfinder *pf);

/* Bytes a width × height map costs before its open list: its copy and search state. */
OSSA_API uint64_t ossa_pathfinder_memory_needed (uint32_t width, uint32_t height);

/* One whole search from (sx, sy) to (gx, gy). connect is 8 or 4. false with err set
 * for a bad request (no map, a start or goal outside the map, connect not 4 or 8)
 * and for a search that could not finish: out of memory (OSSA_ERROR_NO_MEMORY) or
 * over the memory budget (OSSA_ERROR_LIMIT). A goal that cannot be reached is a
 * successful search with result->found false. A blocked start or goal has no path. */
OSSA_API bool ossa_pathfinder_search (OssaPathfinder *pf, OssaPathAlgorithm algorithm, int connect,
                                      uint32_t sx, uint32_t sy, uint32_t gx, uint32_t gy,
                                      OssaPathResult *result, OssaError *err);

/* ---- stepping, for showing a search as it runs ---- */

/* Starts a search without expanding anything (the start is open). Same checks as
 * ossa_pathfinder_search(). */
OSSA_API bool ossa_pathfinder_begin (OssaPathfinder *pf, OssaPathAlgorithm algorithm, int connect,
                                     uint32_t sx, uint32_t sy, uint32_t gx, uint32_t gy, OssaError *err);

/* Expands one node (the open list's best). Returns the status after it; FOUND and
 * NO_PATH are returned again on further calls. A search that could not go on (out
 * of memory, over the budget) ends as NO_PATH; ossa_pathfinder_stopped() tells. */
OSSA_API OssaSearchStatus ossa_pathfinder_step (OssaPathfinder *pf);

/* True, with err saying why, when the last search ended unfinished (out of memory
 * or over the memory budget) rather than finding the goal or running dry. */
OSSA_API bool ossa_pathfinder_stopped (const OssaPathfinder *pf, OssaError *err);

/* Status of the current search. */
OSSA_API OssaSearchStatus ossa_pathfinder_status (const OssaPathfinder *pf);

/* The cell expanded last; false before the first step. */
OSSA_API bool ossa_pathfinder_current (const OssaPathfinder *pf, OssaCell *cell);

/* The result so far: found and path once the status is FOUND, expansions always. */
OSSA_API void ossa_pathfinder_result (OssaPathfinder *pf, OssaPathResult *result);

/* Open, closed or unseen in the current search (UNSEEN outside the map). */
OSSA_API OssaCellState ossa_pathfinder_cell_state (const OssaPathfinder *pf, uint32_t x, uint32_t y);

/* g (best cost found so far from the start), h (the heuristic of the current order:
 * 0 for Dijkstra) and f (the priority: g + h, or h for greedy) of a reached cell;
 * false for an unseen cell. Any pointer may be NULL. */
OSSA_API bool ossa_pathfinder_cell_costs (const OssaPathfinder *pf, uint32_t x, uint32_t y, double *g,
                                          double *h, double *f);

/* Number of cells in the open list. */
OSSA_API size_t ossa_pathfinder_open_count (const OssaPathfinder *pf);

/* The octile distance between two cells: max(dx, dy) + (√2 − 1)·min(dx, dy). */
OSSA_API double ossa_octile_distance (uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1);

/* "astar", "dijkstra", "greedy"; NULL out of range. */
OSSA_API const char *ossa_path_algorithm_name (OssaPathAlgorithm algorithm);

/* The algorithm called name ("astar", "a*", "dijkstra", "greedy"); false if none. */
OSSA_API bool ossa_path_algorithm_from_name (const char *name, OssaPathAlgorithm *algorithm);

#ifdef __cplusplus
}
#endif
