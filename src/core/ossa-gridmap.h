/* SPDX-License-Identifier: MIT */
/* A 2D grid of walkable and blocked cells with an optional start and goal, as a
 * document holds them. An OssaGridMap owns its name and cells (release them with
 * ossa_grid_map_clear()); reading and writing maps as text is in ossa-gridmap-io.h,
 * which this header includes. */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "ossa-api.h"
#include "ossa-error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* width × height cells, row-major; cell (x, y) is cells[y * width + x], x the
 * column, y the row, origin top-left. 1 = walkable, 0 = blocked. */
typedef struct
{
  char     *name;
  uint32_t  width, height;
  uint8_t  *cells;
  bool      has_start, has_goal;
  uint32_t  start_x, start_y;
  uint32_t  goal_x, goal_y;
} OssaGridMap;

/* An all-walkable map; false with err set for a size of 0 or over OSSA_MAX_MAP_SIDE. */
OSSA_API bool ossa_grid_map_init (OssaGridMap *map, const char *name, uint32_t width, uint32_t height,
                                  OssaError *err);
OSSA_API void ossa_grid_map_clear (OssaGridMap *map);
OSSA_API bool ossa_grid_map_copy (OssaGridMap *dst, const OssaGridMap *src);

OSSA_API bool ossa_grid_map_validate (const OssaGridMap *map, OssaError *err);

/* Whether (x, y) is inside the map and walkable (false outside: callers need no
 * bounds check of their own). */
static inline bool
ossa_grid_map_walkable (const OssaGridMap *map, int64_t x, int64_t y)
{
  return x >= 0 && y >= 0 && (uint64_t) x < map->width && (uint64_t) y < map->height
         && map->cells[(size_t) y * map->width + (size_t) x] != 0;
}

/* Sets one cell (ignored outside the map). */
OSSA_API void ossa_grid_map_set (OssaGridMap *map, uint32_t x, uint32_t y, bool walkable);

/* Sets every cell of the rectangle [x0, x1] × [y0, y1] (inclusive, clipped to the map). */
OSSA_API void ossa_grid_map_fill_rect (OssaGridMap *map, int64_t x0, int64_t y0, int64_t x1, int64_t y1,
                                       bool walkable);

/* Changes the size, keeping the cells that stay inside (top-left anchored); new cells
 * are walkable; a start or goal that falls outside is dropped. false with err set
 * (map unchanged) for a size outside 1 to OSSA_MAX_MAP_SIDE or out of memory. */
OSSA_API bool ossa_grid_map_resize (OssaGridMap *map, uint32_t width, uint32_t height, OssaError *err);

/* Number of walkable cells. */
OSSA_API size_t ossa_grid_map_count_walkable (const OssaGridMap *map);

#ifdef __cplusplus
}
#endif

/* Code that includes this header gets the text formats too, as it always has. */
#include "ossa-gridmap-io.h"
