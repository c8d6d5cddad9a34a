/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The map view's instance struct, shared by ossa-map-view.c (the widget, its
 * camera, content and mouse input) and ossa-map-view-render.c (what it draws, with
 * GL and on top). What it shows is the owner's (cells, states); paths and marks are
 * copies the view owns. */

#include <epoxy/gl.h>

#include "ossa-map-view.h"
#include "ossa-pointer-input.h"

G_BEGIN_DECLS

/* One straight run of a path, cell coordinates (one instance a segment). */
typedef struct
{
  float x0, y0, x1, y1;
} OssaMapSegment;

struct _OssaMapView
{
  GtkGLArea      parent_instance;

  /* What is shown; cells and states belong to the owner. */
  guint          width, height;
  const guint8  *cells;
  const guint8  *states;
  GArray        *paths[OSSA_MAP_N_PATHS];   /* of OssaMapSegment */
  GArray        *marks;                     /* of OssaMapMark */
  OssaMapPreview preview;
  int            preview_x0, preview_y0, preview_x1, preview_y1;
  guint          preview_size;
  gboolean       preview_walkable;

  /* Camera: the cell coordinates at the middle, logical pixels a cell. */
  double         center_x, center_y;
  double         zoom;
  gboolean       fitted;   /* fit once the first map and a size are known */

  /* The pointer properties: the cell under the pointer (whole numbers, -1 when
   * it is over no cell) and whether the pointer is over the view. */
  OssaPointerState pointer;

  /* GL objects, valid while realized. */
  gboolean       use_es;
  GLuint         map_program, line_program;
  GLuint         empty_vao, line_vao, line_buffer;
  GLuint         cells_texture, states_texture;
  guint          texture_width, texture_height;
  GLint          max_texture_size;
  GLint          u_viewport, u_center, u_zoom, u_scale, u_size, u_cells, u_states,
                 u_show_states, u_hover;
  GLint          ul_viewport, ul_center, ul_zoom, ul_width, ul_color;

  /* Dirty rectangles (x0, y0, x1, y1 exclusive) to upload. */
  gboolean       cells_dirty, cells_full, states_dirty, states_full;
  guint          cells_rect[4], states_rect[4];

  gint64         render_us;
};

/* ossa-map-view-render.c */
void     _ossa_map_view_realize_gl       (OssaMapView  *self);
void     _ossa_map_view_unrealize_gl     (OssaMapView  *self);
gboolean _ossa_map_view_render           (GtkGLArea    *area,
                                          GdkGLContext *context);
void     _ossa_map_view_snapshot_overlay (OssaMapView  *self,
                                          GtkSnapshot  *snapshot);

G_END_DECLS
