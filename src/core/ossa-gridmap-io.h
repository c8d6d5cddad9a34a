/* SPDX-License-Identifier: MIT */
/* Grid maps as text (ossa-gridmap-io.c): the original article's form and
 * MovingAI's .map, and MovingAI's .scen scenarios. A map or scenario read is the
 * caller's (ossa_grid_map_clear(), ossa_scenario_clear()), so is text written
 * (free()); nothing keeps a pointer into the bytes it was read from. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ossa-api.h"
#include "ossa-error.h"
#include "ossa-gridmap.h"
#include "ossa-limits.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- text formats ---- */

/* The two text forms a map is read from and written to. Readers tell them apart by
 * the first word (`width` or `type`), never by the file name. */
typedef enum
{
  OSSA_MAP_FORMAT_TEXT = 0,     /* the original article's: width N, height N, mapstart, rows
                                 * of 0/1 separated by spaces, 1 = walkable */
  OSSA_MAP_FORMAT_MOVINGAI = 1, /* type octile, height, width, map, rows of characters:
                                 * `.` `G` `S` walkable, other printable characters blocked */
} OssaMapFormat;

/* Parses a map in either text form from memory into map (which the call
 * initialises; clear it with ossa_grid_map_clear()). path (may be NULL) names the
 * source in errors, and name (may be NULL: "") becomes the map's name. format (may
 * be NULL) receives the form that was read. On failure err holds the path and the
 * 1-based line of the first problem: a bad or missing header, a size that is not a
 * number, negative, zero or over OSSA_MAX_MAP_SIDE, a short or long row, too few
 * rows, an unknown character, or text after the last row. LF, CRLF, a missing final
 * newline and (article form) blank lines between rows are accepted. */
OSSA_API bool ossa_grid_map_parse (OssaGridMap *map, const void *data, size_t size, const char *path,
                                   const char *name, OssaMapFormat *format, OssaError *err);

/* ossa_grid_map_parse() on a file; the map is named after the file's base name
 * without its extension. */
OSSA_API bool ossa_grid_map_load (OssaGridMap *map, const char *path, OssaMapFormat *format,
                                  OssaError *err);

/* The name ossa_grid_map_load() gives the map in path ("maze" for "a/maze.map"),
 * for a caller that reads the file itself. malloc'd; NULL on out of memory. */
OSSA_API char *ossa_grid_map_name_for_path (const char *path);

/* Writes map in the given form into a new malloc'd buffer (LF line endings). Start
 * and goal are not part of either form and are not written. */
OSSA_API bool ossa_grid_map_to_text (const OssaGridMap *map, OssaMapFormat format, char **data,
                                     size_t *size, OssaError *err);

/* ossa_grid_map_to_text() written atomically to path. */
OSSA_API bool ossa_grid_map_save (const OssaGridMap *map, const char *path, OssaMapFormat format,
                                  OssaError *err);

/* "text" or "movingai". */
OSSA_API const char *ossa_map_format_name (OssaMapFormat format);

/* ---- MovingAI scenarios (.scen) ---- */

/* One problem of a scenario: a start, a goal and the optimal octile length (no
 * corner cutting). map is the file's map path as written (informative only). */
typedef struct
{
  uint32_t  bucket;
  char     *map;
  uint32_t  map_width, map_height;
  uint32_t  start_x, start_y;
  uint32_t  goal_x, goal_y;
  double    optimal;
  int       line;        /* where it was read, for messages */
} OssaScenProblem;

typedef struct
{
  OssaScenProblem *problems;
  size_t           n_problems;
} OssaScenario;

/* Reads a .scen file: `version 1` or `version 1.0`, then one problem a line of nine
 * fields separated by tabs or spaces; blank lines are skipped. Errors carry the
 * file and line. Clear the result with ossa_scenario_clear(). */
OSSA_API bool ossa_scenario_parse (OssaScenario *scen, const void *data, size_t size, const char *path,
                                   OssaError *err);
OSSA_API bool ossa_scenario_load (OssaScenario *scen, const char *path, OssaError *err);
OSSA_API void ossa_scenario_clear (OssaScenario *scen);

/* Whether length matches optimal within max(1e-4 × optimal, 0.005): the precision
 * the published files are printed with. */
OSSA_API bool ossa_scen_length_matches (double length, double optimal);

#ifdef __cplusplus
}
#endif
