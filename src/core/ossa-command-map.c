/* SPDX-License-Identifier: MIT */
/* Commands on grid maps: adding and deleting one, flipping cells, resizing, and
 * moving the start and goal. */
#include "ossa-command.h"

#include <stdlib.h>
#include <string.h>

#include "ossa-command-private.h"
#include "ossa-types.h"
#include "ossa-text.h"

static bool
check_map (const OssaDocument *doc, size_t map, OssaError *err)
{
  if (map < doc->n_maps)
    return true;
  ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "map %zu does not exist", map);
  return false;
}

/* Flipping is its own inverse: apply and revert are the same walk. */
bool
_ossa_command_swap_map_cells (OssaCommand *cmd, OssaDocument *doc, OssaError *err)
{
  OssaGridMap *map;
  size_t bit = 0;

  if (!check_map (doc, cmd->cells.map, err))
    return false;
  map = &doc->maps[cmd->cells.map];
  if ((uint64_t) cmd->cells.x + cmd->cells.width > map->width
      || (uint64_t) cmd->cells.y + cmd->cells.height > map->height)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "map '%s' is smaller than the edit", map->name);
      return false;
    }
  for (uint32_t j = 0; j < cmd->cells.height; j++)
    {
      uint8_t *row = map->cells + (size_t) (cmd->cells.y + j) * map->width + cmd->cells.x;

      for (uint32_t i = 0; i < cmd->cells.width; i++, bit++)
        if (cmd->cells.flips[bit >> 3] & (1u << (bit & 7)))
          row[i] = row[i] ? 0 : 1;
    }
  return true;
}

bool
_ossa_command_swap_map (OssaCommand *cmd, OssaDocument *doc, OssaError *err)
{
  OssaGridMap tmp;

  if (!check_map (doc, cmd->map.index, err))
    return false;
  tmp = doc->maps[cmd->map.index];
  doc->maps[cmd->map.index] = cmd->map.other;
  cmd->map.other = tmp;
  return true;
}

bool
_ossa_command_swap_map_ends (OssaCommand *cmd, OssaDocument *doc, OssaError *err)
{
  OssaGridMap *map;
  bool has_start, has_goal;
  uint32_t sx, sy, gx, gy;

  if (!check_map (doc, cmd->ends.map, err))
    return false;
  map = &doc->maps[cmd->ends.map];
  if ((cmd->ends.has_start && (cmd->ends.start_x >= map->width || cmd->ends.start_y >= map->height))
      || (cmd->ends.has_goal && (cmd->ends.goal_x >= map->width || cmd->ends.goal_y >= map->height)))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "map '%s' is smaller than the edit", map->name);
      return false;
    }
  has_start = map->has_start, has_goal = map->has_goal;
  sx = map->start_x, sy = map->start_y, gx = map->goal_x, gy = map->goal_y;
  map->has_start = cmd->ends.has_start, map->has_goal = cmd->ends.has_goal;
  map->start_x = cmd->ends.start_x, map->start_y = cmd->ends.start_y;
  map->goal_x = cmd->ends.goal_x, map->goal_y = cmd->ends.goal_y;
  cmd->ends.has_start = has_start, cmd->ends.has_goal = has_goal;
  cmd->ends.start_x = sx, cmd->ends.start_y = sy, cmd->ends.goal_x = gx, cmd->ends.goal_y = gy;
  return true;
}

bool
_ossa_command_swap_map_list (OssaCommand *cmd, OssaDocument *doc, OssaError *err)
{
  size_t index = cmd->list.index;

  if (cmd->list.present)
    {
      OssaGridMap *maps;

      if (index > doc->n_maps)
        {
          ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "map %zu does not exist", index);
          return false;
        }
      maps = realloc (doc->maps, (doc->n_maps + 1) * sizeof *maps);
      if (maps == NULL)
        {
          ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
          return false;
        }
      doc->maps = maps;
      memmove (maps + index + 1, maps + index, (doc->n_maps - index) * sizeof *maps);
      maps[index] = cmd->list.other;
      doc->n_maps++;
      memset (&cmd->list.other, 0, sizeof cmd->list.other);
      cmd->list.present = false;
      return true;
    }
  if (!check_map (doc, index, err))
    return false;
  cmd->list.other = doc->maps[index];
  memmove (doc->maps + index, doc->maps + index + 1, (doc->n_maps - index - 1) * sizeof *doc->maps);
  doc->n_maps--;
  cmd->list.present = true;
  return true;
}

OssaCommand *
ossa_command_add_map (const OssaDocument *doc, const OssaGridMap *map, OssaError *err)
{
  OssaCommand *cmd;

  if (doc->n_maps >= OSSA_MAX_MAPS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "a document holds at most %u maps", OSSA_MAX_MAPS);
      return NULL;
    }
  if (!ossa_grid_map_validate (map, err))
    return NULL;
  if ((cmd = _ossa_command_new (KIND_MAP_LIST, OSSA_N_ ("Add Map"), err)) == NULL)
    return NULL;
  cmd->list.index = doc->n_maps;
  cmd->list.present = true;
  if (!ossa_grid_map_copy (&cmd->list.other, map))
    {
      cmd->list.present = false;
      ossa_command_free (cmd);
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return NULL;
    }
  return cmd;
}

OssaCommand *
ossa_command_remove_map (const OssaDocument *doc, size_t map, OssaError *err)
{
  OssaCommand *cmd;

  if (!check_map (doc, map, err))
    return NULL;
  if ((cmd = _ossa_command_new (KIND_MAP_LIST, OSSA_N_ ("Delete Map"), err)) == NULL)
    return NULL;
  cmd->list.index = map;
  cmd->list.present = false;
  return cmd;
}

OssaCommand *
ossa_command_set_map_cells (const OssaDocument *doc, size_t map, uint32_t x, uint32_t y,
                            uint32_t width, uint32_t height, const uint8_t *values,
                            OssaError *err)
{
  const OssaGridMap *m;
  OssaCommand *cmd;
  uint32_t x0 = UINT32_MAX, y0 = UINT32_MAX, x1 = 0, y1 = 0;
  size_t bit = 0;

  if (!check_map (doc, map, err))
    return NULL;
  m = &doc->maps[map];
  if (width == 0 || height == 0 || (uint64_t) x + width > m->width
      || (uint64_t) y + height > m->height)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID,
                      "cells %u,%u to %u,%u are not inside map '%s' (%u × %u)", x, y,
                      x + width, y + height, m->name, m->width, m->height);
      return NULL;
    }
  /* The flips' bounding box first, so that the bitmap covers only that. */
  for (uint32_t j = 0; j < height; j++)
    {
      const uint8_t *row = m->cells + (size_t) (y + j) * m->width + x;
      const uint8_t *want = values + (size_t) j * width;

      for (uint32_t i = 0; i < width; i++)
        if (want[i] <= 1 && (row[i] != 0) != (want[i] != 0))
          {
            x0 = i < x0 ? i : x0, x1 = i > x1 ? i : x1;
            y0 = j < y0 ? j : y0, y1 = j;
          }
    }
  if ((cmd = _ossa_command_new (KIND_MAP_CELLS, OSSA_N_ ("Edit Map Cells"), err)) == NULL)
    return NULL;
  cmd->cells.map = map;
  if (x0 == UINT32_MAX)
    return cmd;  /* nothing changes: an empty rectangle */
  cmd->cells.x = x + x0;
  cmd->cells.y = y + y0;
  cmd->cells.width = x1 - x0 + 1;
  cmd->cells.height = y1 - y0 + 1;
  cmd->cells.flips = calloc (((size_t) cmd->cells.width * cmd->cells.height + 7) / 8, 1);
  if (cmd->cells.flips == NULL)
    {
      ossa_command_free (cmd);
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return NULL;
    }
  for (uint32_t j = y0; j <= y1; j++)
    {
      const uint8_t *row = m->cells + (size_t) (y + j) * m->width + x;
      const uint8_t *want = values + (size_t) j * width;

      for (uint32_t i = x0; i <= x1; i++, bit++)
        if (want[i] <= 1 && (row[i] != 0) != (want[i] != 0))
          cmd->cells.flips[bit >> 3] |= (uint8_t) (1u << (bit & 7));
    }
  return cmd;
}

bool
ossa_command_map_cells_rect (const OssaCommand *cmd, size_t *map, uint32_t *x, uint32_t *y,
                             uint32_t *width, uint32_t *height)
{
  if (cmd->kind != KIND_MAP_CELLS)
    return false;
  if (map != NULL)
    *map = cmd->cells.map;
  if (x != NULL)
    *x = cmd->cells.x;
  if (y != NULL)
    *y = cmd->cells.y;
  if (width != NULL)
    *width = cmd->cells.width;
  if (height != NULL)
    *height = cmd->cells.height;
  return true;
}

OssaCommand *
ossa_command_resize_map (const OssaDocument *doc, size_t map, uint32_t width, uint32_t height,
                         OssaError *err)
{
  OssaCommand *cmd;

  if (!check_map (doc, map, err))
    return NULL;
  if ((cmd = _ossa_command_new (KIND_MAP, OSSA_N_ ("Resize Map"), err)) == NULL)
    return NULL;
  cmd->map.index = map;
  if (!ossa_grid_map_copy (&cmd->map.other, &doc->maps[map]))
    {
      memset (&cmd->map.other, 0, sizeof cmd->map.other);
      ossa_command_free (cmd);
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return NULL;
    }
  if (!ossa_grid_map_resize (&cmd->map.other, width, height, err))
    {
      ossa_command_free (cmd);
      return NULL;
    }
  return cmd;
}

OssaCommand *
ossa_command_set_map_endpoints (const OssaDocument *doc, size_t map, bool has_start,
                                uint32_t start_x, uint32_t start_y, bool has_goal,
                                uint32_t goal_x, uint32_t goal_y, OssaError *err)
{
  const OssaGridMap *m;
  OssaCommand *cmd;

  if (!check_map (doc, map, err))
    return NULL;
  m = &doc->maps[map];
  if ((has_start && (start_x >= m->width || start_y >= m->height))
      || (has_goal && (goal_x >= m->width || goal_y >= m->height)))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "the start or goal is outside map '%s' (%u × %u)",
                      m->name, m->width, m->height);
      return NULL;
    }
  if ((cmd = _ossa_command_new (KIND_MAP_ENDS, OSSA_N_ ("Move Start and Goal"), err)) == NULL)
    return NULL;
  cmd->ends.map = map;
  cmd->ends.has_start = has_start;
  cmd->ends.start_x = has_start ? start_x : 0;
  cmd->ends.start_y = has_start ? start_y : 0;
  cmd->ends.has_goal = has_goal;
  cmd->ends.goal_x = has_goal ? goal_x : 0;
  cmd->ends.goal_y = has_goal ? goal_y : 0;
  return cmd;
}
