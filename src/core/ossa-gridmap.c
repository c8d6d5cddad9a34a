/* SPDX-License-Identifier: MIT */
#include "ossa-gridmap.h"

#include <stdlib.h>
#include <string.h>

#include "ossa-skeleton.h"
#include "ossa-types.h"

bool
ossa_grid_map_init (OssaGridMap *map, const char *name, uint32_t width, uint32_t height,
                    OssaError *err)
{
  memset (map, 0, sizeof *map);
  if (width == 0 || height == 0 || width > OSSA_MAX_MAP_SIDE || height > OSSA_MAX_MAP_SIDE)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "a map is 1 to %u cells wide and high, not %u × %u",
                      OSSA_MAX_MAP_SIDE, width, height);
      return false;
    }
  map->name = strdup (name ? name : "");
  map->cells = malloc ((size_t) width * height);
  if (map->name == NULL || map->cells == NULL)
    {
      ossa_grid_map_clear (map);
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return false;
    }
  memset (map->cells, 1, (size_t) width * height);
  map->width = width;
  map->height = height;
  return true;
}

void
ossa_grid_map_clear (OssaGridMap *map)
{
  free (map->name);
  free (map->cells);
  memset (map, 0, sizeof *map);
}

bool
ossa_grid_map_copy (OssaGridMap *dst, const OssaGridMap *src)
{
  size_t n = (size_t) src->width * src->height;

  *dst = *src;
  dst->name = strdup (src->name ? src->name : "");
  dst->cells = malloc (n ? n : 1);
  if (dst->name == NULL || dst->cells == NULL)
    {
      ossa_grid_map_clear (dst);
      return false;
    }
  memcpy (dst->cells, src->cells, n);
  return true;
}

bool
ossa_grid_map_validate (const OssaGridMap *map, OssaError *err)
{
  size_t n = (size_t) map->width * map->height;

  if (map->name == NULL || !ossa_utf8_valid (map->name, strlen (map->name))
      || strlen (map->name) > OSSA_MAX_NAME_BYTES)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "map name is not valid UTF-8 of at most %u bytes",
                      OSSA_MAX_NAME_BYTES);
      return false;
    }
  if (map->width == 0 || map->height == 0 || map->width > OSSA_MAX_MAP_SIDE
      || map->height > OSSA_MAX_MAP_SIDE)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "map '%s': size %u × %u is outside 1 to %u",
                      map->name, map->width, map->height, OSSA_MAX_MAP_SIDE);
      return false;
    }
  for (size_t i = 0; i < n; i++)
    if (map->cells[i] > 1)
      {
        ossa_error_set (err, OSSA_ERROR_INVALID, "map '%s': cell (%zu, %zu) holds %u, not 0 or 1",
                        map->name, i % map->width, i / map->width, map->cells[i]);
        return false;
      }
  if ((map->has_start && (map->start_x >= map->width || map->start_y >= map->height))
      || (map->has_goal && (map->goal_x >= map->width || map->goal_y >= map->height)))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "map '%s': start or goal lies outside the %u × %u map",
                      map->name, map->width, map->height);
      return false;
    }
  return true;
}

void
ossa_grid_map_set (OssaGridMap *map, uint32_t x, uint32_t y, bool walkable)
{
  if (x < map->width && y < map->height)
    map->cells[(size_t) y * map->width + x] = walkable ? 1 : 0;
}

void
ossa_grid_map_fill_rect (OssaGridMap *map, int64_t x0, int64_t y0, int64_t x1, int64_t y1,
                         bool walkable)
{
  int64_t t;

  if (x0 > x1)
    {
      t = x0;
      x0 = x1;
      x1 = t;
    }
  if (y0 > y1)
    {
      t = y0;
      y0 = y1;
      y1 = t;
    }
  if (x1 < 0 || y1 < 0 || x0 >= (int64_t) map->width || y0 >= (int64_t) map->height)
    return;
  if (x0 < 0)
    x0 = 0;
  if (y0 < 0)
    y0 = 0;
  if (x1 >= (int64_t) map->width)
    x1 = (int64_t) map->width - 1;
  if (y1 >= (int64_t) map->height)
    y1 = (int64_t) map->height - 1;
  for (int64_t y = y0; y <= y1; y++)
    memset (map->cells + (size_t) y * map->width + (size_t) x0, walkable ? 1 : 0,
            (size_t) (x1 - x0 + 1));
}

bool
ossa_grid_map_resize (OssaGridMap *map, uint32_t width, uint32_t height, OssaError *err)
{
  uint8_t *cells;
  uint32_t keep_w, keep_h;

  if (width == 0 || height == 0 || width > OSSA_MAX_MAP_SIDE || height > OSSA_MAX_MAP_SIDE)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "a map is 1 to %u cells wide and high, not %u × %u",
                      OSSA_MAX_MAP_SIDE, width, height);
      return false;
    }
  cells = malloc ((size_t) width * height);
  if (cells == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return false;
    }
  memset (cells, 1, (size_t) width * height);
  keep_w = width < map->width ? width : map->width;
  keep_h = height < map->height ? height : map->height;
  for (uint32_t y = 0; y < keep_h; y++)
    memcpy (cells + (size_t) y * width, map->cells + (size_t) y * map->width, keep_w);
  free (map->cells);
  map->cells = cells;
  map->width = width;
  map->height = height;
  if (map->has_start && (map->start_x >= width || map->start_y >= height))
    map->has_start = false;
  if (map->has_goal && (map->goal_x >= width || map->goal_y >= height))
    map->has_goal = false;
  return true;
}

size_t
ossa_grid_map_count_walkable (const OssaGridMap *map)
{
  size_t n = (size_t) map->width * map->height, count = 0;

  for (size_t i = 0; i < n; i++)
    count += map->cells[i] != 0;
  return count;
}
