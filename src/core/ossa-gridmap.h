/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stdbool.h>
#include <stdint.h>

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
bool ossa_grid_map_init (OssaGridMap *map, const char *name, uint32_t width, uint32_t height,
                         OssaError *err);
void ossa_grid_map_clear (OssaGridMap *map);
bool ossa_grid_map_copy (OssaGridMap *dst, const OssaGridMap *src);

bool ossa_grid_map_validate (const OssaGridMap *map, OssaError *err);

#ifdef __cplusplus
}
#endif
