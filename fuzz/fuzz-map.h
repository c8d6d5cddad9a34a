/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The map targets' one body (fuzz-map-text.c, fuzz-map-movingai.c): parse, check,
 * write in the form read, parse that again and compare. They differ by their seeds
 * and dictionary, not their code, since a reader tells the forms apart itself. */
#pragma once

#include "fuzz-support.h"

static inline int
fuzz_map_one (const uint8_t *data, size_t size)
{
  OssaError err = { 0 };
  OssaGridMap map, again;
  OssaMapFormat format;
  char *text = NULL;
  size_t length = 0;

  if (!ossa_grid_map_parse (&map, data, size, "fuzz.map", "fuzz", &format, &err))
    {
      FUZZ_CHECK (err.message[0] != '\0', "a refused map says why");
      return 0;
    }
  FUZZ_CHECK (ossa_grid_map_validate (&map, &err), "a map read validates");
  FUZZ_CHECK (ossa_grid_map_count_walkable (&map) <= (size_t) map.width * map.height,
              "walkable cells are cells");
  FUZZ_CHECK (ossa_grid_map_to_text (&map, format, &text, &length, &err),
              "a map read can be written");
  if (!ossa_grid_map_parse (&again, text, length, "written.map", "fuzz", NULL, &err))
    {
      fprintf (stderr, "reading it back: %s\n", err.message);
      FUZZ_CHECK (0, "a map written reads again");
    }
  FUZZ_CHECK (again.width == map.width && again.height == map.height
              && memcmp (again.cells, map.cells, (size_t) map.width * map.height) == 0,
              "the map read back is the same");
  ossa_grid_map_clear (&again);
  free (text);
  ossa_grid_map_clear (&map);
  return 0;
}
