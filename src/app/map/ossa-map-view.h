/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ossa-pathfind.h"

G_BEGIN_DECLS

/* The map workspace's drawing area: a grid map drawn with OpenGL from a texture of
 * one byte a cell (crisp squares at any zoom, one quad whatever the map's size),
 * the search's open and closed sets, up to two paths, and marks (start, goal, the
 * current node, the cat and the mice) on top. It knows nothing of documents: its
 * owner hands it the cells and tells it which rectangle changed.
 *
 * Coordinates: cell (x, y) covers [x, x + 1) × [y, y + 1), y down; "cell
 * coordinates" are doubles in that space.
 *
 * Mouse (see ossa-pointer-input.h): primary button drags emit
 * stroke-begin/-update/-end; the secondary button emits context-menu; the wheel
 * zooms about the pointer; a middle drag pans.
 * Properties: "zoom" (logical pixels a cell), read-only "pointer-x", "pointer-y"
 * (doubles holding the column and row of the cell under the pointer, -1 when it is
 * over no cell) and "pointer-inside".
 * Actions: map-view.fit, map-view.zoom-in, map-view.zoom-out. */
#define OSSA_TYPE_MAP_VIEW (ossa_map_view_get_type ())

G_DECLARE_FINAL_TYPE (OssaMapView, ossa_map_view, OSSA, MAP_VIEW, GtkGLArea)

typedef enum
{
  OSSA_MAP_MARK_START,
  OSSA_MAP_MARK_GOAL,
  OSSA_MAP_MARK_CURRENT,   /* the node a stepped search expanded last */
  OSSA_MAP_MARK_CAT,
  OSSA_MAP_MARK_MOUSE,
} OssaMapMarkKind;

typedef struct
{
  OssaMapMarkKind kind;
  double          x, y;    /* centre, cell coordinates (a cell's centre is x + 0.5) */
} OssaMapMark;

typedef enum
{
  OSSA_MAP_PATH_SEARCH,    /* the start-to-goal path */
  OSSA_MAP_PATH_AGENT,     /* where the cat is going */
  OSSA_MAP_N_PATHS,
} OssaMapPathSlot;

typedef enum
{
  OSSA_MAP_PREVIEW_NONE,
  OSSA_MAP_PREVIEW_RECT,   /* cells x0..x1 × y0..y1 */
  OSSA_MAP_PREVIEW_LINE,   /* a brush of `size` cells from (x0, y0) to (x1, y1) */
  OSSA_MAP_PREVIEW_BRUSH,  /* the brush outline at (x0, y0) */
} OssaMapPreview;

GtkWidget *ossa_map_view_new             (void);

void       ossa_map_view_set_cells       (OssaMapView       *self,
                                          guint              width,
                                          guint              height,
                                          const guint8      *cells);
void       ossa_map_view_cells_changed   (OssaMapView       *self,
                                          guint              x,
                                          guint              y,
                                          guint              width,
                                          guint              height);
void       ossa_map_view_set_states      (OssaMapView       *self,
                                          const guint8      *states);
void       ossa_map_view_states_changed  (OssaMapView       *self,
                                          guint              x,
                                          guint              y,
                                          guint              width,
                                          guint              height);
void       ossa_map_view_set_path        (OssaMapView       *self,
                                          OssaMapPathSlot    slot,
                                          const OssaCell    *cells,
                                          gsize              n_cells);
void       ossa_map_view_set_marks       (OssaMapView       *self,
                                          const OssaMapMark *marks,
                                          gsize              n_marks);
void       ossa_map_view_set_preview     (OssaMapView       *self,
                                          OssaMapPreview     preview,
                                          int                x0,
                                          int                y0,
                                          int                x1,
                                          int                y1,
                                          guint              size,
                                          gboolean           walkable);

void       ossa_map_view_fit             (OssaMapView       *self);
void       ossa_map_view_set_camera      (OssaMapView       *self,
                                          double             center_x,
                                          double             center_y,
                                          double             zoom);
void       ossa_map_view_get_camera      (OssaMapView       *self,
                                          double            *center_x,
                                          double            *center_y,
                                          double            *zoom);
void       ossa_map_view_zoom_at         (OssaMapView       *self,
                                          double             factor,
                                          double             widget_x,
                                          double             widget_y);
void       ossa_map_view_pan             (OssaMapView       *self,
                                          double             dx,
                                          double             dy);
void       ossa_map_view_to_cell         (OssaMapView       *self,
                                          double             widget_x,
                                          double             widget_y,
                                          double            *cell_x,
                                          double            *cell_y);
void       ossa_map_view_from_cell       (OssaMapView       *self,
                                          double             cell_x,
                                          double             cell_y,
                                          double            *widget_x,
                                          double            *widget_y);

/* Microseconds the last GL render took (uploads and draws), for benchmarks. */
gint64     ossa_map_view_get_render_us   (OssaMapView       *self);

G_END_DECLS
