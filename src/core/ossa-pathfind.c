/* SPDX-License-Identifier: MIT */
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
 * - the heap holds 24-byte (f, g, tie, node) entries: the comparison never leaves
 *   the heap array, and an open node's g lives in its entry;
 * - the loop is specialised per order at compile time.
 *
 * What keeps it small: 7 bytes a cell and 1/16 byte a cell of generation stamps,
 * whatever the order (OSSA_MAX_MAP_SIDE² cells are 1.9 GiB):
 *   1  the map's walkable byte            (cells)
 *   1  the cell's legal moves             (moves)
 *   1  state (unseen, open, closed) and the direction that reached it  (flags)
 *   4  while open: its heap index; once closed: its g as a float, for display
 *      only (the search reads a closed node's g never again)         (slot)
 *   4 per 64 cells: the search that last touched the block (block_stamp); a block
 *      a new search touches first has its 64 flags cleared then, so a search
 *      clears only what it reaches, never the whole map.
 * The open list grows on demand; the map, the search state, the open list and the
 * path together stay inside a memory budget (ossa_pathfinder_set_memory_budget(),
 * OSSA_PATH_MEMORY_BUDGET by default): a search that would pass it stops with
 * OSSA_ERROR_LIMIT and a message instead of pushing the machine into swap. */
#include "ossa-pathfind.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "ossa-heap-private.h"
#include "ossa-types.h"

#define COST_SHIFT    24
#define COST_STRAIGHT ((uint64_t) 1 << COST_SHIFT)
#define COST_DIAGONAL ((uint64_t) 23726566)   /* floor (√2 · 2^24) */
#define TIE_SHIFT     16                      /* tie values in 1/256 of a step */
#define SQRT2         1.41421356237309504880

/* Directions: 0 N, 1 E, 2 S, 3 W (bits 0–3, the 4-connected moves), 4 NE, 5 SE,
 * 6 SW, 7 NW. */
static const int dir_dx[8] = { 0, 1, 0, -1, 1, 1, -1, -1 };
static const int dir_dy[8] = { -1, 0, 1, 0, -1, 1, 1, -1 };
static const uint64_t dir_cost[8] = {
  COST_STRAIGHT, COST_STRAIGHT, COST_STRAIGHT, COST_STRAIGHT,
  COST_DIAGONAL, COST_DIAGONAL, COST_DIAGONAL, COST_DIAGONAL,
};

/* flags: bits 0-2 the direction that reached the cell, bits 3-4 its state. */
#define DIR_MASK     0x07u
#define STATE_SHIFT  3
#define STATE_OPEN   ((uint8_t) (OSSA_CELL_OPEN << STATE_SHIFT))
#define STATE_CLOSED ((uint8_t) (OSSA_CELL_CLOSED << STATE_SHIFT))
#define BLOCK_SHIFT  6   /* 64 cells share a generation stamp */
#define BLOCK_CELLS  ((size_t) 1 << BLOCK_SHIFT)
#define POS_STRIDE   1

/* What run() returns when the open list could not grow (out of memory, or the
 * budget): the search is unfinished; pf->status says NO_PATH. */
#define SEARCH_STOPPED ((OssaSearchStatus) 100)

/* Bytes of search state a cell: flags and slot, and its share of a block stamp. */
#define SEARCH_BYTES_PER_BLOCK (BLOCK_CELLS * (1 + sizeof (uint32_t)) + sizeof (uint32_t))

struct _OssaPathfinder
{
  uint32_t           width, height;
  size_t             n_cells;
  uint8_t           *cells;      /* walkable copy of the map */
  uint8_t           *moves;      /* legal 8-connected moves of each cell, as bits */
  uint8_t           *flags;      /* state and parent direction of each cell */
  uint32_t          *slot;       /* heap index (open) or float g (closed) of each cell */
  uint32_t          *block_stamp;
  size_t             n_blocks;
  int64_t            offset[8];  /* index step of each direction */
  OssaHeap           heap;
  uint32_t           stamp;
  uint64_t           budget;     /* 0: the default */
  bool               over_budget;   /* the last search stopped at the budget */
  bool               stopped;       /* the last search stopped unfinished */

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
  free (pf->flags);
  free (pf->slot);
  free (pf->block_stamp);
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

static void
free_search_state (OssaPathfinder *pf)
{
  free (pf->flags);
  free (pf->slot);
  free (pf->block_stamp);
  pf->flags = NULL;
  pf->slot = NULL;
  pf->block_stamp = NULL;
  pf->n_blocks = 0;
  pf->stamp = 0;
}

uint64_t
ossa_pathfinder_default_memory_budget (void)
{
  long pages = sysconf (_SC_PHYS_PAGES), page = sysconf (_SC_PAGESIZE);
  uint64_t budget = OSSA_PATH_MEMORY_BUDGET;

  if (pages > 0 && page > 0 && (uint64_t) pages * (uint64_t) page / 2 < budget)
    budget = (uint64_t) pages * (uint64_t) page / 2;
  return budget;
}

void
ossa_pathfinder_set_memory_budget (OssaPathfinder *pf, uint64_t bytes)
{
  pf->budget = bytes;
}

uint64_t
ossa_pathfinder_memory_budget (const OssaPathfinder *pf)
{
  return pf->budget != 0 ? pf->budget : ossa_pathfinder_default_memory_budget ();
}

/* Bytes of per-cell search state for n cells. */
static uint64_t
search_state_bytes (size_t n)
{
  uint64_t blocks = (n + BLOCK_CELLS - 1) / BLOCK_CELLS;

  return (uint64_t) n * (1 + sizeof (uint32_t)) + blocks * sizeof (uint32_t);
}

uint64_t
ossa_pathfinder_memory_used (const OssaPathfinder *pf)
{
  return 2 * (uint64_t) pf->n_cells + (pf->flags != NULL ? search_state_bytes (pf->n_cells) : 0)
         + (uint64_t) pf->heap.cap * sizeof (OssaHeapEntry)
         + (uint64_t) pf->path_cap * sizeof (OssaCell);
}

uint64_t
ossa_pathfinder_memory_needed (uint32_t width, uint32_t height)
{
  size_t n = (size_t) width * height;

  return 2 * (uint64_t) n + search_state_bytes (n);
}

static void
over_budget_error (const OssaPathfinder *pf, OssaError *err, uint32_t width, uint32_t height,
                   uint64_t need)
{
  ossa_error_set (err, OSSA_ERROR_LIMIT,
                  "a search of the %u × %u map would need %.1f MiB, over its memory budget of %.1f MiB",
                  width, height, (double) need / (1 << 20),
                  (double) ossa_pathfinder_memory_budget (pf) / (1 << 20));
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
      uint8_t *cells, *moves;

      free_search_state (pf);
      if (2 * (uint64_t) n > ossa_pathfinder_memory_budget (pf))
        {
          free (pf->cells);
          free (pf->moves);
          pf->cells = pf->moves = NULL;
          pf->n_cells = 0;
          pf->width = pf->height = 0;
          over_budget_error (pf, err, map->width, map->height, 2 * (uint64_t) n);
          return false;
        }
      cells = realloc (pf->cells, n);
      if (cells != NULL)
        pf->cells = cells;
      moves = realloc (pf->moves, n);
      if (moves != NULL)
        pf->moves = moves;
      /* The search arrays follow on the first search. */
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
  if (pf->flags == NULL)
    {
      uint64_t need = ossa_pathfinder_memory_used (pf) + search_state_bytes (pf->n_cells)
                      + (pf->heap.cap == 0 ? 1024 * sizeof (OssaHeapEntry) : 0);

      if (need > ossa_pathfinder_memory_budget (pf))
        {
          over_budget_error (pf, err, pf->width, pf->height, need);
          return false;
        }
      pf->n_blocks = (pf->n_cells + BLOCK_CELLS - 1) / BLOCK_CELLS;
      pf->flags = malloc (pf->n_cells);
      pf->slot = malloc (pf->n_cells * sizeof *pf->slot);
      pf->block_stamp = calloc (pf->n_blocks, sizeof *pf->block_stamp);
      pf->stamp = 0;
      if (pf->flags == NULL || pf->slot == NULL || pf->block_stamp == NULL)
        {
          free_search_state (pf);
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

/* Makes the flags of cell i's block belong to the current search (unseen unless
 * this search touched the block before). */
static inline void
touch (uint8_t *flags, uint32_t *block_stamp, size_t n_cells, uint32_t stamp, uint32_t i)
{
  size_t b = i >> BLOCK_SHIFT;

  if (block_stamp[b] != stamp)
    {
      size_t first = b << BLOCK_SHIFT;
      size_t n = n_cells - first < BLOCK_CELLS ? n_cells - first : BLOCK_CELLS;

      block_stamp[b] = stamp;
      memset (flags + first, 0, n);
    }
}

static inline float
slot_float (uint32_t v)
{
  float f;

  memcpy (&f, &v, sizeof f);
  return f;
}

static inline uint32_t
float_slot (float f)
{
  uint32_t v;

  memcpy (&v, &f, sizeof v);
  return v;
}

bool
ossa_pathfinder_begin (OssaPathfinder *pf, OssaPathAlgorithm algorithm, int connect,
                       uint32_t sx, uint32_t sy, uint32_t gx, uint32_t gy, OssaError *err)
{
  uint32_t start;
  uint64_t h, key;
  uint32_t tie;

  if (!check_request (pf, algorithm, connect, sx, sy, gx, gy, err)
      || !ensure_search_arrays (pf, err))
    return false;

  /* A new generation; on wrap-around the stamps are cleared once. */
  if (++pf->stamp == 0)
    {
      memset (pf->block_stamp, 0, pf->n_blocks * sizeof *pf->block_stamp);
      pf->stamp = 1;
    }
  pf->over_budget = false;
  pf->stopped = false;
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
  touch (pf->flags, pf->block_stamp, pf->n_cells, pf->stamp, start);
  pf->flags[start] = STATE_OPEN;
  h = algorithm == OSSA_PATH_DIJKSTRA ? 0 : heuristic (connect, sx, sy, gx, gy);
  priority (algorithm, 0, h, &key, &tie);
  _ossa_heap_push (&pf->heap, (OssaHeapEntry) { key, 0, tie, start }, pf->slot, POS_STRIDE);
  pf->status = OSSA_SEARCH_RUNNING;
  return true;
}

/* Grows the heap by half; false on out of memory or when that would pass the
 * budget (pf->over_budget then says which). */
static __attribute__ ((noinline)) bool
grow_heap (OssaPathfinder *pf)
{
  OssaHeap *heap = &pf->heap;
  size_t cap = heap->cap + heap->cap / 2 + 8;
  uint64_t need = ossa_pathfinder_memory_used (pf) + (uint64_t) (cap - heap->cap) * sizeof (OssaHeapEntry);

  if (need > ossa_pathfinder_memory_budget (pf))
    {
      pf->over_budget = true;
      return false;
    }
  return _ossa_heap_reserve (heap, cap);
}

/* Expands up to limit nodes. algorithm is a constant at each call site, so each
 * order gets its own loop. */
static inline __attribute__ ((always_inline)) OssaSearchStatus
run (OssaPathfinder *pf, const OssaPathAlgorithm algorithm, uint64_t limit)
{
  const uint8_t *const moves = pf->moves;
  uint8_t *const flags = pf->flags;
  uint32_t *const pos = pf->slot;
  uint32_t *const block_stamp = pf->block_stamp;
  const size_t n_cells = pf->n_cells;
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
      gc = top.g;
      flags[cur] = (uint8_t) ((flags[cur] & DIR_MASK) | STATE_CLOSED);
      pos[cur] = float_slot ((float) ((double) gc / (double) COST_STRAIGHT));
      expansions++;
      pf->current = cur;
      if (cur == goal)
        {
          status = OSSA_SEARCH_FOUND;
          break;
        }
      cy = cur / width;
      cx = cur - cy * width;
      m = moves[cur] & mask;
      /* At most 8 pushes below. */
      if (__builtin_expect (heap->cap - heap->n < 8, 0) && !grow_heap (pf))
        {
          /* Put the node back: the search stops here, unfinished. */
          flags[cur] = (uint8_t) ((flags[cur] & DIR_MASK) | STATE_OPEN);
          _ossa_heap_push (heap, top, pos, POS_STRIDE);
          expansions--;
          status = SEARCH_STOPPED;
          break;
        }
      while (m != 0)
        {
          unsigned d = (unsigned) __builtin_ctz (m);
          uint32_t nb = (uint32_t) ((int64_t) cur + offset[d]);
          uint64_t ng = gc + dir_cost[d];
          uint64_t h, key;
          uint32_t tie;
          uint8_t state;

          m &= m - 1;
          touch (flags, block_stamp, n_cells, stamp, nb);
          state = flags[nb] & (uint8_t) ~DIR_MASK;
          if (state == 0)
            {
              flags[nb] = (uint8_t) (STATE_OPEN | d);
              h = algorithm == OSSA_PATH_DIJKSTRA
                    ? 0 : heuristic (connect, (uint32_t) ((int) cx + dir_dx[d]),
                                     (uint32_t) ((int) cy + dir_dy[d]), gx, gy);
              priority (algorithm, ng, h, &key, &tie);
              _ossa_heap_push (heap, (OssaHeapEntry) { key, ng, tie, nb }, pos, POS_STRIDE);
            }
          else if (state == STATE_OPEN && ng < heap->items[pos[nb]].g)
            {
              flags[nb] = (uint8_t) (STATE_OPEN | d);
              h = algorithm == OSSA_PATH_DIJKSTRA
                    ? 0 : heuristic (connect, (uint32_t) ((int) cx + dir_dx[d]),
                                     (uint32_t) ((int) cy + dir_dy[d]), gx, gy);
              priority (algorithm, ng, h, &key, &tie);
              _ossa_heap_decrease (heap, pos[nb], key, tie, ng, pos, POS_STRIDE);
            }
        }
    }
  pf->expansions = expansions;
  pf->has_current = expansions > 0;
  pf->status = status == SEARCH_STOPPED ? OSSA_SEARCH_NO_PATH : status;
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

/* Follows the parents from the goal into pf->path; false on out of memory or over
 * the budget (pf->over_budget). */
static bool
build_path (OssaPathfinder *pf)
{
  size_t n = 1, straight = 0, diagonal = 0;
  uint32_t i;

  for (i = pf->goal; i != pf->start; i = (uint32_t) ((int64_t) i - pf->offset[pf->flags[i] & DIR_MASK]))
    n++;
  if (n > pf->path_cap)
    {
      size_t cap = n + n / 2;
      OssaCell *path;

      if (ossa_pathfinder_memory_used (pf) + (uint64_t) (cap - pf->path_cap) * sizeof *path
          > ossa_pathfinder_memory_budget (pf))
        {
          pf->over_budget = true;
          return false;
        }
      path = realloc (pf->path, cap * sizeof *path);
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
          unsigned d = pf->flags[i] & DIR_MASK;

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

static void
search_stopped_error (const OssaPathfinder *pf, OssaError *err)
{
  if (pf->over_budget)
    ossa_error_set (err, OSSA_ERROR_LIMIT,
                    "the search of the %u × %u map stopped after %llu expansions: it would pass its memory budget of %.1f MiB",
                    pf->width, pf->height, (unsigned long long) pf->expansions,
                    (double) ossa_pathfinder_memory_budget (pf) / (1 << 20));
  else
    ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory for the search of the %u × %u map",
                    pf->width, pf->height);
}

bool
ossa_pathfinder_stopped (const OssaPathfinder *pf, OssaError *err)
{
  if (!pf->stopped)
    return false;
  search_stopped_error (pf, err);
  return true;
}

OssaSearchStatus
ossa_pathfinder_step (OssaPathfinder *pf)
{
  OssaSearchStatus status;

  if (pf->status != OSSA_SEARCH_RUNNING)
    return pf->status;
  status = run_any (pf, 1);
  if (status == SEARCH_STOPPED)
    pf->stopped = true;
  else if (status == OSSA_SEARCH_FOUND && !build_path (pf))
    {
      pf->status = OSSA_SEARCH_NO_PATH;
      pf->stopped = true;
    }
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
  OssaSearchStatus status;

  if (!ossa_pathfinder_begin (pf, algorithm, connect, sx, sy, gx, gy, err))
    return false;
  if (pf->status != OSSA_SEARCH_RUNNING)
    {
      ossa_pathfinder_result (pf, result);
      return true;
    }
  status = run_any (pf, UINT64_MAX);
  if (status == SEARCH_STOPPED || (status == OSSA_SEARCH_FOUND && !build_path (pf)))
    {
      pf->status = OSSA_SEARCH_NO_PATH;
      pf->stopped = true;
      search_stopped_error (pf, err);
      return false;
    }
  ossa_pathfinder_result (pf, result);
  return true;
}

OssaCellState
ossa_pathfinder_cell_state (const OssaPathfinder *pf, uint32_t x, uint32_t y)
{
  size_t i;

  if (pf->status == OSSA_SEARCH_IDLE || pf->flags == NULL || x >= pf->width || y >= pf->height)
    return OSSA_CELL_UNSEEN;
  i = (size_t) y * pf->width + x;
  if (pf->block_stamp[i >> BLOCK_SHIFT] != pf->stamp)
    return OSSA_CELL_UNSEEN;
  return (OssaCellState) (pf->flags[i] >> STATE_SHIFT);
}

bool
ossa_pathfinder_cell_costs (const OssaPathfinder *pf, uint32_t x, uint32_t y, double *g,
                            double *h, double *f)
{
  OssaCellState state = ossa_pathfinder_cell_state (pf, x, y);
  size_t i = (size_t) y * pf->width + x;
  double gv, hv;

  if (state == OSSA_CELL_UNSEEN)
    return false;
  /* Open: exact, from the heap entry; closed: the float kept for display. */
  if (state == OSSA_CELL_OPEN)
    gv = (double) pf->heap.items[pf->slot[i]].g / (double) COST_STRAIGHT;
  else
    gv = (double) slot_float (pf->slot[i]);
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
