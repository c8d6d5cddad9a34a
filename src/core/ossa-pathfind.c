/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The grid searcher: A*, Dijkstra and greedy best-first over one loop.
 *
 * What makes it fast:
 * - each cell's legal moves are precomputed once per map as an 8-bit mask (walkable
 *   neighbour, and for a diagonal both orthogonal neighbours walkable), so an
 *   expansion reads one byte and never checks bounds or corners;
 * - costs are fixed-point integers (1 = 2^24, √2 rounded down), exact to add and
 *   compare, so equal-cost paths tie exactly and ties go to the larger g (fewer
 *   expansions on open maps); the reported length is summed from the path's step
 *   counts in double;
 * - a node is 16 bytes (g, generation stamp, heap position) and the heap holds
 *   16-byte (f, tie, node) entries: the comparison never leaves the heap array;
 * - per-search generation stamps instead of clearing arrays, and the loop is
 *   specialised per order at compile time. */
#include "ossa-pathfind.h"

#include <math.h>
#include <string.h>
#include <strings.h>

#include "ossa-heap-private.h"
#include "ossa-types.h"

#define COST_SHIFT    24
#define COST_STRAIGHT ((uint64_t) 1 << COST_SHIFT)
#define COST_DIAGONAL ((uint64_t) 23726566)   /* floor (√2 · 2^24) */
#define TIE_SHIFT     16                      /* tie values in 1/256 of a step */
#define CLOSED        UINT32_MAX
#define SQRT2         1.41421356237309504880

/* Directions: 0 N, 1 E, 2 S, 3 W (bits 0–3, the 4-connected moves), 4 NE, 5 SE,
 * 6 SW, 7 NW. */
static const int dir_dx[8] = { 0, 1, 0, -1, 1, 1, -1, -1 };
static const int dir_dy[8] = { -1, 0, 1, 0, -1, 1, 1, -1 };
static const uint64_t dir_cost[8] = {
  COST_STRAIGHT, COST_STRAIGHT, COST_STRAIGHT, COST_STRAIGHT,
  COST_DIAGONAL, COST_DIAGONAL, COST_DIAGONAL, COST_DIAGONAL,
};

typedef struct
{
  uint64_t g;
  uint32_t stamp;   /* the search that last reached this node */
  uint32_t pos;     /* heap index while open, CLOSED once expanded */
} Node;

#define POS_STRIDE (sizeof (Node) / sizeof (uint32_t))

struct _OssaPathfinder
{
  uint32_t           width, height;
  size_t             n_cells;
  uint8_t           *cells;      /* walkable copy of the map */
  uint8_t           *moves;      /* legal 8-connected moves of each cell, as bits */
  uint8_t           *parent;     /* the direction that reached each node */
  Node              *nodes;
  int64_t            offset[8];  /* index step of each direction */
  OssaHeap           heap;
  uint32_t           stamp;

  OssaCell          *path;
  size_t             path_cap, n_path;
  double             length;

  /* the search in progress */
  OssaSearchStatus   status;
  OssaPathAlgorithm  algorithm;
  int                connect;
  uint8_t            mask;
  uint32_t           start, goal, current;
  bool               has_current;
  uint64_t           expansions;
};

OssaPathfinder *
ossa_pathfinder_new (void)
{
  return calloc (1, sizeof (OssaPathfinder));
}

void
ossa_pathfinder_free (OssaPathfinder *pf)
{
  if (pf == NULL)
    return;
  free (pf->cells);
  free (pf->moves);
  free (pf->parent);
  free (pf->nodes);
  free (pf->path);
  _ossa_heap_clear (&pf->heap);
  free (pf);
}

static uint8_t
cell_moves (const OssaPathfinder *pf, uint32_t x, uint32_t y)
{
  const uint8_t *c = pf->cells;
  size_t w = pf->width, i = (size_t) y * w + x;
  bool n, e, s, wst;
  uint8_t m = 0;

  if (!c[i])
    return 0;
  n = y > 0 && c[i - w];
  s = y + 1 < pf->height && c[i + w];
  wst = x > 0 && c[i - 1];
  e = x + 1 < pf->width && c[i + 1];
  m |= n ? 1u << 0 : 0;
  m |= e ? 1u << 1 : 0;
  m |= s ? 1u << 2 : 0;
  m |= wst ? 1u << 3 : 0;
  /* A diagonal needs both orthogonal neighbours: no corner cutting. */
  m |= n && e && c[i - w + 1] ? 1u << 4 : 0;
  m |= s && e && c[i + w + 1] ? 1u << 5 : 0;
  m |= s && wst && c[i + w - 1] ? 1u << 6 : 0;
  m |= n && wst && c[i - w - 1] ? 1u << 7 : 0;
  return m;
}

bool
ossa_pathfinder_set_map (OssaPathfinder *pf, const OssaGridMap *map, OssaError *err)
{
  size_t n = (size_t) map->width * map->height;

  if (map->width == 0 || map->height == 0 || map->width > OSSA_MAX_MAP_SIDE
      || map->height > OSSA_MAX_MAP_SIDE || map->cells == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "the map is empty or over %u cells a side",
                      OSSA_MAX_MAP_SIDE);
      return false;
    }
  if (n != pf->n_cells)
    {
      uint8_t *cells = realloc (pf->cells, n), *moves = realloc (pf->moves, n);

      if (cells != NULL)
        pf->cells = cells;
      if (moves != NULL)
        pf->moves = moves;
      /* The search arrays follow on the first search. */
      free (pf->parent);
      free (pf->nodes);
      pf->parent = NULL;
      pf->nodes = NULL;
      pf->stamp = 0;
      if (cells == NULL || moves == NULL)
        {
          free (pf->cells);
          free (pf->moves);
          pf->cells = pf->moves = NULL;
          pf->n_cells = 0;
          pf->width = pf->height = 0;
          ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
          return false;
        }
      pf->n_cells = n;
    }
  pf->width = map->width;
  pf->height = map->height;
  for (size_t i = 0; i < n; i++)
    pf->cells[i] = map->cells[i] != 0;
  for (uint32_t y = 0; y < map->height; y++)
    for (uint32_t x = 0; x < map->width; x++)
      pf->moves[(size_t) y * map->width + x] = cell_moves (pf, x, y);
  for (int d = 0; d < 8; d++)
    pf->offset[d] = (int64_t) dir_dy[d] * map->width + dir_dx[d];
  pf->status = OSSA_SEARCH_IDLE;
  pf->has_current = false;
  pf->n_path = 0;
  return true;
}

void
ossa_pathfinder_set_cell (OssaPathfinder *pf, uint32_t x, uint32_t y, bool walkable)
{
  if (x >= pf->width || y >= pf->height)
    return;
  pf->cells[(size_t) y * pf->width + x] = walkable;
  for (int64_t yy = (int64_t) y - 1; yy <= (int64_t) y + 1; yy++)
    for (int64_t xx = (int64_t) x - 1; xx <= (int64_t) x + 1; xx++)
      if (xx >= 0 && yy >= 0 && xx < pf->width && yy < pf->height)
        pf->moves[(size_t) yy * pf->width + (size_t) xx] = cell_moves (pf, (uint32_t) xx,
                                                                      (uint32_t) yy);
  pf->status = OSSA_SEARCH_IDLE;
  pf->has_current = false;
  pf->n_path = 0;
}

bool
ossa_pathfinder_walkable (const OssaPathfinder *pf, int64_t x, int64_t y)
{
  return x >= 0 && y >= 0 && x < pf->width && y < pf->height
         && pf->cells[(size_t) y * pf->width + (size_t) x];
}

/* The heuristic in fixed point: octile (8-connected) or Manhattan (4-connected). */
static inline uint64_t
heuristic (int connect, uint32_t x, uint32_t y, uint32_t gx, uint32_t gy)
{
  uint64_t dx = x > gx ? x - gx : gx - x;
  uint64_t dy = y > gy ? y - gy : gy - y;

  if (connect == 4)
    return (dx + dy) * COST_STRAIGHT;
  return dx > dy ? dx * COST_STRAIGHT + dy * (COST_DIAGONAL - COST_STRAIGHT)
                 : dy * COST_STRAIGHT + dx * (COST_DIAGONAL - COST_STRAIGHT);
}

/* (f, tie) of a node with cost g and heuristic h under an order. */
static inline void
priority (OssaPathAlgorithm algorithm, uint64_t g, uint64_t h, uint64_t *key, uint32_t *tie)
{
  switch (algorithm)
    {
    case OSSA_PATH_DIJKSTRA:
      *key = g;
      *tie = 0;
      break;
    case OSSA_PATH_GREEDY:
      *key = h;
      *tie = (uint32_t) (g >> TIE_SHIFT);
      break;
    case OSSA_PATH_ASTAR:
    default:
      *key = g + h;
      *tie = (uint32_t) (h >> TIE_SHIFT);   /* smaller h at equal f: larger g first */
      break;
    }
}

static bool
check_request (OssaPathfinder *pf, OssaPathAlgorithm algorithm, int connect, uint32_t sx,
               uint32_t sy, uint32_t gx, uint32_t gy, OssaError *err)
{
  if (pf->n_cells == 0)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "no map to search");
      return false;
    }
  if (connect != 4 && connect != 8)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "connect is 4 or 8, not %d", connect);
      return false;
    }
  if ((unsigned) algorithm > OSSA_PATH_GREEDY)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "unknown search order %d", (int) algorithm);
      return false;
    }
  if (sx >= pf->width || sy >= pf->height)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "the start (%u, %u) lies outside the %u × %u map",
                      sx, sy, pf->width, pf->height);
      return false;
    }
  if (gx >= pf->width || gy >= pf->height)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "the goal (%u, %u) lies outside the %u × %u map",
                      gx, gy, pf->width, pf->height);
      return false;
    }
  return true;
}

static bool
ensure_search_arrays (OssaPathfinder *pf, OssaError *err)
{
  if (pf->nodes == NULL)
    {
      pf->nodes = calloc (pf->n_cells, sizeof *pf->nodes);
      pf->parent = malloc (pf->n_cells);
      pf->stamp = 0;
      if (pf->nodes == NULL || pf->parent == NULL)
        {
          free (pf->nodes);
          free (pf->parent);
          pf->nodes = NULL;
          pf->parent = NULL;
          ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory for a %u × %u search",
                          pf->width, pf->height);
          return false;
        }
    }
  if (pf->heap.cap == 0 && !_ossa_heap_reserve (&pf->heap, 1024))
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return false;
    }
  return true;
}

bool
ossa_pathfinder_begin (OssaPathfinder *pf, OssaPathAlgorithm algorithm, int connect,
                       uint32_t sx, uint32_t sy, uint32_t gx, uint32_t gy, OssaError *err)
{
  uint32_t start;
  uint64_t h, key;
  uint32_t tie;
  Node *node;

  if (!check_request (pf, algorithm, connect, sx, sy, gx, gy, err)
      || !ensure_search_arrays (pf, err))
    return false;

  /* A new generation; on wrap-around the stamps are cleared once. */
  if (++pf->stamp == 0)
    {
      for (size_t i = 0; i < pf->n_cells; i++)
        pf->nodes[i].stamp = 0;
      pf->stamp = 1;
    }
  pf->algorithm = algorithm;
  pf->connect = connect;
  pf->mask = connect == 4 ? 0x0f : 0xff;
  start = sy * pf->width + sx;
  pf->start = start;
  pf->goal = gy * pf->width + gx;
  pf->heap.n = 0;
  pf->expansions = 0;
  pf->has_current = false;
  pf->n_path = 0;
  pf->length = 0;

  if (!pf->cells[start] || !pf->cells[pf->goal])
    {
      pf->status = OSSA_SEARCH_NO_PATH;
      return true;
    }
  node = &pf->nodes[start];
  node->stamp = pf->stamp;
  node->g = 0;
  h = algorithm == OSSA_PATH_DIJKSTRA ? 0 : heuristic (connect, sx, sy, gx, gy);
  priority (algorithm, 0, h, &key, &tie);
  _ossa_heap_push (&pf->heap, (OssaHeapEntry) { key, tie, start }, &pf->nodes[0].pos, POS_STRIDE);
  pf->status = OSSA_SEARCH_RUNNING;
  return true;
}

/* Grows the heap by half; false on out of memory. */
static __attribute__ ((noinline)) bool
grow_heap (OssaHeap *heap)
{
  return _ossa_heap_reserve (heap, heap->cap + heap->cap / 2 + 8);
}

/* Expands up to limit nodes. algorithm is a constant at each call site, so each
 * order gets its own loop. */
static inline __attribute__ ((always_inline)) OssaSearchStatus
run (OssaPathfinder *pf, const OssaPathAlgorithm algorithm, uint64_t limit)
{
  Node *const nodes = pf->nodes;
  const uint8_t *const moves = pf->moves;
  uint8_t *const parent = pf->parent;
  uint32_t *const pos = &nodes[0].pos;
  OssaHeap *const heap = &pf->heap;
  const uint32_t stamp = pf->stamp, goal = pf->goal, width = pf->width;
  const uint32_t gx = goal % width, gy = goal / width;
  const uint8_t mask = pf->mask;
  const int connect = pf->connect;
  int64_t offset[8];
  uint64_t expansions = pf->expansions;
  OssaSearchStatus status = OSSA_SEARCH_RUNNING;

  memcpy (offset, pf->offset, sizeof offset);
  while (limit-- > 0)
    {
      OssaHeapEntry top;
      uint32_t cur, cx, cy;
      uint64_t gc;
      unsigned m;

      if (heap->n == 0)
        {
          status = OSSA_SEARCH_NO_PATH;
          break;
        }
      top = _ossa_heap_pop (heap, pos, POS_STRIDE);
      cur = top.node;
      nodes[cur].pos = CLOSED;
      expansions++;
      pf->current = cur;
      if (cur == goal)
        {
          status = OSSA_SEARCH_FOUND;
          break;
        }
      gc = nodes[cur].g;
      cy = cur / width;
      cx = cur - cy * width;
      m = moves[cur] & mask;
      /* At most 8 pushes below. */
      if (__builtin_expect (heap->cap - heap->n < 8, 0) && !grow_heap (heap))
        {
          status = OSSA_SEARCH_NO_PATH;
          break;
        }
      while (m != 0)
        {
          unsigned d = (unsigned) __builtin_ctz (m);
          uint32_t nb = (uint32_t) ((int64_t) cur + offset[d]);
          uint64_t ng = gc + dir_cost[d];
          Node *nn = &nodes[nb];
          uint64_t h, key;
          uint32_t tie;

          m &= m - 1;
          if (nn->stamp != stamp)
            {
              nn->stamp = stamp;
              nn->g = ng;
              parent[nb] = (uint8_t) d;
              h = algorithm == OSSA_PATH_DIJKSTRA
                    ? 0 : heuristic (connect, (uint32_t) ((int) cx + dir_dx[d]),
                                     (uint32_t) ((int) cy + dir_dy[d]), gx, gy);
              priority (algorithm, ng, h, &key, &tie);
              _ossa_heap_push (heap, (OssaHeapEntry) { key, tie, nb }, pos, POS_STRIDE);
            }
          else if (ng < nn->g && nn->pos != CLOSED)
            {
              nn->g = ng;
              parent[nb] = (uint8_t) d;
              h = algorithm == OSSA_PATH_DIJKSTRA
                    ? 0 : heuristic (connect, (uint32_t) ((int) cx + dir_dx[d]),
                                     (uint32_t) ((int) cy + dir_dy[d]), gx, gy);
              priority (algorithm, ng, h, &key, &tie);
              _ossa_heap_decrease (heap, nn->pos, key, tie, pos, POS_STRIDE);
            }
        }
    }
  pf->expansions = expansions;
  pf->has_current = expansions > 0;
  pf->status = status;
  return status;
}

static OssaSearchStatus
run_any (OssaPathfinder *pf, uint64_t limit)
{
  switch (pf->algorithm)
    {
    case OSSA_PATH_DIJKSTRA:
      return run (pf, OSSA_PATH_DIJKSTRA, limit);
    case OSSA_PATH_GREEDY:
      return run (pf, OSSA_PATH_GREEDY, limit);
    case OSSA_PATH_ASTAR:
    default:
      return run (pf, OSSA_PATH_ASTAR, limit);
    }
}

/* Follows the parents from the goal into pf->path; false on out of memory. */
static bool
build_path (OssaPathfinder *pf)
{
  size_t n = 1, straight = 0, diagonal = 0;
  uint32_t i;

  for (i = pf->goal; i != pf->start; i = (uint32_t) ((int64_t) i - pf->offset[pf->parent[i]]))
    n++;
  if (n > pf->path_cap)
    {
      size_t cap = n + n / 2;
      OssaCell *path = realloc (pf->path, cap * sizeof *path);

      if (path == NULL)
        return false;
      pf->path = path;
      pf->path_cap = cap;
    }
  pf->n_path = n;
  i = pf->goal;
  for (size_t k = n; k-- > 0;)
    {
      pf->path[k].x = i % pf->width;
      pf->path[k].y = i / pf->width;
      if (k > 0)
        {
          unsigned d = pf->parent[i];

          if (d < 4)
            straight++;
          else
            diagonal++;
          i = (uint32_t) ((int64_t) i - pf->offset[d]);
        }
    }
  pf->length = (double) straight + (double) diagonal * SQRT2;
  return true;
}

OssaSearchStatus
ossa_pathfinder_step (OssaPathfinder *pf)
{
  if (pf->status != OSSA_SEARCH_RUNNING)
    return pf->status;
  if (run_any (pf, 1) == OSSA_SEARCH_FOUND && !build_path (pf))
    pf->status = OSSA_SEARCH_NO_PATH;
  return pf->status;
}

OssaSearchStatus
ossa_pathfinder_status (const OssaPathfinder *pf)
{
  return pf->status;
}

bool
ossa_pathfinder_current (const OssaPathfinder *pf, OssaCell *cell)
{
  if (!pf->has_current || pf->status == OSSA_SEARCH_IDLE)
    return false;
  cell->x = pf->current % pf->width;
  cell->y = pf->current / pf->width;
  return true;
}

void
ossa_pathfinder_result (OssaPathfinder *pf, OssaPathResult *result)
{
  bool found = pf->status == OSSA_SEARCH_FOUND;

  result->found = found;
  result->length = found ? pf->length : 0;
  result->expansions = pf->status == OSSA_SEARCH_IDLE ? 0 : pf->expansions;
  result->path = found ? pf->path : NULL;
  result->n_path = found ? pf->n_path : 0;
}

bool
ossa_pathfinder_search (OssaPathfinder *pf, OssaPathAlgorithm algorithm, int connect,
                        uint32_t sx, uint32_t sy, uint32_t gx, uint32_t gy,
                        OssaPathResult *result, OssaError *err)
{
  if (!ossa_pathfinder_begin (pf, algorithm, connect, sx, sy, gx, gy, err))
    return false;
  if (pf->status == OSSA_SEARCH_RUNNING && run_any (pf, UINT64_MAX) == OSSA_SEARCH_FOUND
      && !build_path (pf))
    {
      pf->status = OSSA_SEARCH_NO_PATH;
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return false;
    }
  if (pf->status == OSSA_SEARCH_RUNNING)   /* the heap could not grow */
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return false;
    }
  ossa_pathfinder_result (pf, result);
  return true;
}

OssaCellState
ossa_pathfinder_cell_state (const OssaPathfinder *pf, uint32_t x, uint32_t y)
{
  const Node *node;

  if (pf->status == OSSA_SEARCH_IDLE || pf->nodes == NULL || x >= pf->width || y >= pf->height)
    return OSSA_CELL_UNSEEN;
  node = &pf->nodes[(size_t) y * pf->width + x];
  if (node->stamp != pf->stamp)
    return OSSA_CELL_UNSEEN;
  return node->pos == CLOSED ? OSSA_CELL_CLOSED : OSSA_CELL_OPEN;
}

bool
ossa_pathfinder_cell_costs (const OssaPathfinder *pf, uint32_t x, uint32_t y, double *g,
                            double *h, double *f)
{
  const Node *node;
  double gv, hv;

  if (ossa_pathfinder_cell_state (pf, x, y) == OSSA_CELL_UNSEEN)
    return false;
  node = &pf->nodes[(size_t) y * pf->width + x];
  gv = (double) node->g / (double) COST_STRAIGHT;
  if (pf->algorithm == OSSA_PATH_DIJKSTRA)
    hv = 0;
  else if (pf->connect == 4)
    hv = fabs ((double) x - (double) (pf->goal % pf->width))
         + fabs ((double) y - (double) (pf->goal / pf->width));
  else
    hv = ossa_octile_distance (x, y, pf->goal % pf->width, pf->goal / pf->width);
  if (g != NULL)
    *g = gv;
  if (h != NULL)
    *h = hv;
  if (f != NULL)
    *f = pf->algorithm == OSSA_PATH_GREEDY ? hv : gv + hv;
  return true;
}

size_t
ossa_pathfinder_open_count (const OssaPathfinder *pf)
{
  return pf->status == OSSA_SEARCH_IDLE ? 0 : pf->heap.n;
}

double
ossa_octile_distance (uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1)
{
  double dx = fabs ((double) x0 - (double) x1), dy = fabs ((double) y0 - (double) y1);

  return dx > dy ? dx + (SQRT2 - 1) * dy : dy + (SQRT2 - 1) * dx;
}

const char *
ossa_path_algorithm_name (OssaPathAlgorithm algorithm)
{
  switch (algorithm)
    {
    case OSSA_PATH_ASTAR: return "astar";
    case OSSA_PATH_DIJKSTRA: return "dijkstra";
    case OSSA_PATH_GREEDY: return "greedy";
    default: return NULL;
    }
}

bool
ossa_path_algorithm_from_name (const char *name, OssaPathAlgorithm *algorithm)
{
  if (strcasecmp (name, "astar") == 0 || strcasecmp (name, "a*") == 0)
    *algorithm = OSSA_PATH_ASTAR;
  else if (strcasecmp (name, "dijkstra") == 0)
    *algorithm = OSSA_PATH_DIJKSTRA;
  else if (strcasecmp (name, "greedy") == 0)
    *algorithm = OSSA_PATH_GREEDY;
  else
    return false;
  return true;
}
