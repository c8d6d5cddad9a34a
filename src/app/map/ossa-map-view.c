/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-map-view"

#include "config.h"

#include <math.h>

#include <epoxy/gl.h>
#include <glib/gi18n.h>

#include "ossa-gl-program.h"
#include "ossa-map-view.h"

#define ZOOM_MIN 0.01
#define ZOOM_MAX 160.0
#define ZOOM_STEP 1.25
#define WHEEL_STEP 1.15
#define FIT_MARGIN 24.0
#define PATH_WIDTH 3.0      /* logical pixels */
#define AGENT_PATH_WIDTH 2.0

typedef struct
{
  float x0, y0, x1, y1;
} Segment;

struct _OssaMapView
{
  GtkGLArea      parent_instance;

  /* What is shown; cells and states belong to the owner. */
  guint          width, height;
  const guint8  *cells;
  const guint8  *states;
  GArray        *paths[OSSA_MAP_N_PATHS];   /* of Segment */
  GArray        *marks;                     /* of OssaMapMark */
  OssaMapPreview preview;
  int            preview_x0, preview_y0, preview_x1, preview_y1;
  guint          preview_size;
  gboolean       preview_walkable;

  /* Camera: the cell coordinates at the middle, logical pixels a cell. */
  double         center_x, center_y;
  double         zoom;
  gboolean       fitted;   /* fit once the first map and a size are known */

  /* Pointer. */
  double         pointer_px, pointer_py;
  int            pointer_x, pointer_y;
  gboolean       pointer_inside;
  double         pan_last_x, pan_last_y;

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

G_DEFINE_FINAL_TYPE (OssaMapView, ossa_map_view, GTK_TYPE_GL_AREA)

enum
{
  PROP_0,
  PROP_ZOOM,
  PROP_POINTER_X,
  PROP_POINTER_Y,
  PROP_POINTER_INSIDE,
  N_PROPS
};

enum
{
  STROKE_BEGIN,
  STROKE_UPDATE,
  STROKE_END,
  CONTEXT_MENU,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
redraw (OssaMapView *self)
{
  gtk_gl_area_queue_render (GTK_GL_AREA (self));
}

/* ---- coordinates ---- */

void
ossa_map_view_to_cell (OssaMapView *self, double widget_x, double widget_y, double *cell_x,
                       double *cell_y)
{
  g_return_if_fail (OSSA_IS_MAP_VIEW (self));
  *cell_x = (widget_x - 0.5 * gtk_widget_get_width (GTK_WIDGET (self))) / self->zoom
            + self->center_x;
  *cell_y = (widget_y - 0.5 * gtk_widget_get_height (GTK_WIDGET (self))) / self->zoom
            + self->center_y;
}

void
ossa_map_view_from_cell (OssaMapView *self, double cell_x, double cell_y, double *widget_x,
                         double *widget_y)
{
  g_return_if_fail (OSSA_IS_MAP_VIEW (self));
  *widget_x = (cell_x - self->center_x) * self->zoom
              + 0.5 * gtk_widget_get_width (GTK_WIDGET (self));
  *widget_y = (cell_y - self->center_y) * self->zoom
              + 0.5 * gtk_widget_get_height (GTK_WIDGET (self));
}

static void
update_pointer_cell (OssaMapView *self)
{
  double cx, cy;
  int x = -1, y = -1;

  if (self->pointer_inside)
    {
      ossa_map_view_to_cell (self, self->pointer_px, self->pointer_py, &cx, &cy);
      if (cx >= 0 && cy >= 0 && cx < self->width && cy < self->height)
        x = (int) cx, y = (int) cy;
    }
  if (x == self->pointer_x && y == self->pointer_y)
    return;
  g_object_freeze_notify (G_OBJECT (self));
  if (x != self->pointer_x)
    {
      self->pointer_x = x;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POINTER_X]);
    }
  if (y != self->pointer_y)
    {
      self->pointer_y = y;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POINTER_Y]);
    }
  g_object_thaw_notify (G_OBJECT (self));
  redraw (self);
}

/* ---- camera ---- */

void
ossa_map_view_set_camera (OssaMapView *self, double center_x, double center_y, double zoom)
{
  g_return_if_fail (OSSA_IS_MAP_VIEW (self));

  zoom = CLAMP (zoom, ZOOM_MIN, ZOOM_MAX);
  self->center_x = center_x;
  self->center_y = center_y;
  if (zoom != self->zoom)
    {
      self->zoom = zoom;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
    }
  update_pointer_cell (self);
  redraw (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ossa_map_view_get_camera (OssaMapView *self, double *center_x, double *center_y, double *zoom)
{
  g_return_if_fail (OSSA_IS_MAP_VIEW (self));
  if (center_x != NULL)
    *center_x = self->center_x;
  if (center_y != NULL)
    *center_y = self->center_y;
  if (zoom != NULL)
    *zoom = self->zoom;
}

/* Keeps the cell under (widget_x, widget_y) where it is. */
void
ossa_map_view_zoom_at (OssaMapView *self, double factor, double widget_x, double widget_y)
{
  double cx, cy, zoom;

  g_return_if_fail (OSSA_IS_MAP_VIEW (self));
  ossa_map_view_to_cell (self, widget_x, widget_y, &cx, &cy);
  zoom = CLAMP (self->zoom * factor, ZOOM_MIN, ZOOM_MAX);
  ossa_map_view_set_camera (self,
                            cx - (widget_x - 0.5 * gtk_widget_get_width (GTK_WIDGET (self))) / zoom,
                            cy - (widget_y - 0.5 * gtk_widget_get_height (GTK_WIDGET (self))) / zoom,
                            zoom);
}

/* Moves the picture by (dx, dy) logical pixels. */
void
ossa_map_view_pan (OssaMapView *self, double dx, double dy)
{
  g_return_if_fail (OSSA_IS_MAP_VIEW (self));
  ossa_map_view_set_camera (self, self->center_x - dx / self->zoom,
                            self->center_y - dy / self->zoom, self->zoom);
}

void
ossa_map_view_fit (OssaMapView *self)
{
  int w, h;
  double zoom;

  g_return_if_fail (OSSA_IS_MAP_VIEW (self));
  w = gtk_widget_get_width (GTK_WIDGET (self));
  h = gtk_widget_get_height (GTK_WIDGET (self));
  if (self->width == 0 || w <= 0 || h <= 0)
    return;
  zoom = MIN ((w - 2 * FIT_MARGIN) / self->width, (h - 2 * FIT_MARGIN) / self->height);
  /* Whole pixels a cell when cells are big: even lines, no shimmer. */
  if (zoom > 2)
    zoom = floor (zoom);
  self->fitted = TRUE;
  ossa_map_view_set_camera (self, 0.5 * self->width, 0.5 * self->height, MAX (zoom, ZOOM_MIN));
}

/* ---- content ---- */

static void
grow_rect (guint *rect, gboolean *dirty, guint x, guint y, guint w, guint h)
{
  if (!*dirty)
    {
      rect[0] = x, rect[1] = y, rect[2] = x + w, rect[3] = y + h;
      *dirty = TRUE;
      return;
    }
  rect[0] = MIN (rect[0], x);
  rect[1] = MIN (rect[1], y);
  rect[2] = MAX (rect[2], x + w);
  rect[3] = MAX (rect[3], y + h);
}

/**
 * ossa_map_view_set_cells:
 * @cells: (nullable): @width × @height bytes, 0 blocked; not copied: it must stay
 *   valid until the next call (tell the view about changes with
 *   ossa_map_view_cells_changed())
 *
 * Shows another map (or none). A different size drops the states.
 */
void
ossa_map_view_set_cells (OssaMapView *self, guint width, guint height, const guint8 *cells)
{
  gboolean resized;

  g_return_if_fail (OSSA_IS_MAP_VIEW (self));

  if (cells == NULL)
    width = height = 0;
  resized = width != self->width || height != self->height;
  self->width = width;
  self->height = height;
  self->cells = cells;
  self->cells_full = TRUE;
  self->cells_dirty = TRUE;
  if (resized)
    {
      self->states = NULL;
      if (!self->fitted)
        ossa_map_view_fit (self);
    }
  update_pointer_cell (self);
  redraw (self);
}

void
ossa_map_view_cells_changed (OssaMapView *self, guint x, guint y, guint width, guint height)
{
  g_return_if_fail (OSSA_IS_MAP_VIEW (self));
  if (width == 0 || height == 0)
    return;
  grow_rect (self->cells_rect, &self->cells_dirty, x, y, width, height);
  redraw (self);
}

/**
 * ossa_map_view_set_states:
 * @states: (nullable): one byte a cell as in ossa_map_view_set_cells(): 0 unseen,
 *   1 open, 2 closed; %NULL hides the states
 */
void
ossa_map_view_set_states (OssaMapView *self, const guint8 *states)
{
  g_return_if_fail (OSSA_IS_MAP_VIEW (self));
  self->states = states;
  self->states_full = TRUE;
  self->states_dirty = states != NULL;
  redraw (self);
}

void
ossa_map_view_states_changed (OssaMapView *self, guint x, guint y, guint width, guint height)
{
  g_return_if_fail (OSSA_IS_MAP_VIEW (self));
  if (width == 0 || height == 0 || self->states == NULL)
    return;
  grow_rect (self->states_rect, &self->states_dirty, x, y, width, height);
  redraw (self);
}

/* Straight runs become one segment: a path across a big map is a few dozen
 * instances, not thousands. */
void
ossa_map_view_set_path (OssaMapView *self, OssaMapPathSlot slot, const OssaCell *cells,
                        gsize n_cells)
{
  GArray *segments;
  gsize start = 0;

  g_return_if_fail (OSSA_IS_MAP_VIEW (self));
  g_return_if_fail (slot < OSSA_MAP_N_PATHS);

  segments = self->paths[slot];
  g_array_set_size (segments, 0);
  for (gsize i = 1; i < n_cells; i++)
    {
      gboolean last = i + 1 == n_cells;
      int dx = (int) cells[i].x - (int) cells[i - 1].x;
      int dy = (int) cells[i].y - (int) cells[i - 1].y;

      if (!last && (int) cells[i + 1].x - (int) cells[i].x == dx
          && (int) cells[i + 1].y - (int) cells[i].y == dy)
        continue;
      g_array_append_val (segments, ((Segment) { cells[start].x + 0.5f, cells[start].y + 0.5f,
                                                 cells[i].x + 0.5f, cells[i].y + 0.5f }));
      start = i;
    }
  redraw (self);
}

void
ossa_map_view_set_marks (OssaMapView *self, const OssaMapMark *marks, gsize n_marks)
{
  g_return_if_fail (OSSA_IS_MAP_VIEW (self));
  g_array_set_size (self->marks, 0);
  if (n_marks > 0)
    g_array_append_vals (self->marks, marks, (guint) n_marks);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ossa_map_view_set_preview (OssaMapView *self, OssaMapPreview preview, int x0, int y0, int x1,
                           int y1, guint size, gboolean walkable)
{
  g_return_if_fail (OSSA_IS_MAP_VIEW (self));
  self->preview = preview;
  self->preview_x0 = x0, self->preview_y0 = y0;
  self->preview_x1 = x1, self->preview_y1 = y1;
  self->preview_size = MAX (size, 1);
  self->preview_walkable = walkable;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gint64
ossa_map_view_get_render_us (OssaMapView *self)
{
  g_return_val_if_fail (OSSA_IS_MAP_VIEW (self), 0);
  return self->render_us;
}

/* ---- GL ---- */

static GLuint
new_texture (void)
{
  GLuint texture;

  glGenTextures (1, &texture);
  glBindTexture (GL_TEXTURE_2D, texture);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  return texture;
}

static gboolean
build_gl (OssaMapView *self, GError **error)
{
  self->map_program = ossa_gl_program_new ("shaders/map.vert", "shaders/map.frag",
                                           self->use_es, error);
  if (self->map_program == 0)
    return FALSE;
  self->line_program = ossa_gl_program_new ("shaders/line.vert", "shaders/line.frag",
                                            self->use_es, error);
  if (self->line_program == 0)
    return FALSE;

  self->u_viewport = glGetUniformLocation (self->map_program, "u_viewport");
  self->u_center = glGetUniformLocation (self->map_program, "u_center");
  self->u_zoom = glGetUniformLocation (self->map_program, "u_zoom");
  self->u_scale = glGetUniformLocation (self->map_program, "u_scale");
  self->u_size = glGetUniformLocation (self->map_program, "u_size");
  self->u_cells = glGetUniformLocation (self->map_program, "u_cells");
  self->u_states = glGetUniformLocation (self->map_program, "u_states");
  self->u_show_states = glGetUniformLocation (self->map_program, "u_show_states");
  self->u_hover = glGetUniformLocation (self->map_program, "u_hover");
  self->ul_viewport = glGetUniformLocation (self->line_program, "u_viewport");
  self->ul_center = glGetUniformLocation (self->line_program, "u_center");
  self->ul_zoom = glGetUniformLocation (self->line_program, "u_zoom");
  self->ul_width = glGetUniformLocation (self->line_program, "u_width");
  self->ul_color = glGetUniformLocation (self->line_program, "u_color");

  glGetIntegerv (GL_MAX_TEXTURE_SIZE, &self->max_texture_size);

  glGenVertexArrays (1, &self->empty_vao);
  glGenVertexArrays (1, &self->line_vao);
  glGenBuffers (1, &self->line_buffer);
  glBindVertexArray (self->line_vao);
  glBindBuffer (GL_ARRAY_BUFFER, self->line_buffer);
  glEnableVertexAttribArray (0);
  glVertexAttribPointer (0, 4, GL_FLOAT, GL_FALSE, sizeof (Segment), NULL);
  glVertexAttribDivisor (0, 1);
  glBindVertexArray (0);
  glBindBuffer (GL_ARRAY_BUFFER, 0);

  self->cells_texture = new_texture ();
  self->states_texture = new_texture ();
  glBindTexture (GL_TEXTURE_2D, 0);
  self->texture_width = self->texture_height = 0;
  self->cells_full = self->cells_dirty = TRUE;
  self->states_full = self->states_dirty = self->states != NULL;
  return TRUE;
}

static void
delete_gl (OssaMapView *self)
{
  GLuint *programs[] = { &self->map_program, &self->line_program };
  GLuint *textures[] = { &self->cells_texture, &self->states_texture };

  for (gsize i = 0; i < G_N_ELEMENTS (programs); i++)
    if (*programs[i] != 0)
      glDeleteProgram (*programs[i]), *programs[i] = 0;
  for (gsize i = 0; i < G_N_ELEMENTS (textures); i++)
    if (*textures[i] != 0)
      glDeleteTextures (1, textures[i]), *textures[i] = 0;
  if (self->empty_vao != 0)
    glDeleteVertexArrays (1, &self->empty_vao), self->empty_vao = 0;
  if (self->line_vao != 0)
    glDeleteVertexArrays (1, &self->line_vao), self->line_vao = 0;
  if (self->line_buffer != 0)
    glDeleteBuffers (1, &self->line_buffer), self->line_buffer = 0;
}

static void
ossa_map_view_realize (GtkWidget *widget)
{
  OssaMapView *self = OSSA_MAP_VIEW (widget);
  GtkGLArea *area = GTK_GL_AREA (widget);
  g_autoptr(GError) error = NULL;

  GTK_WIDGET_CLASS (ossa_map_view_parent_class)->realize (widget);
  gtk_gl_area_make_current (area);
  if (gtk_gl_area_get_error (area) != NULL)
    return;
  self->use_es = gdk_gl_context_get_use_es (gtk_gl_area_get_context (area));
  if (!build_gl (self, &error))
    {
      delete_gl (self);
      gtk_gl_area_set_error (area, error);
    }
}

static void
ossa_map_view_unrealize (GtkWidget *widget)
{
  OssaMapView *self = OSSA_MAP_VIEW (widget);
  GtkGLArea *area = GTK_GL_AREA (widget);

  gtk_gl_area_make_current (area);
  if (gtk_gl_area_get_error (area) == NULL)
    delete_gl (self);
  GTK_WIDGET_CLASS (ossa_map_view_parent_class)->unrealize (widget);
}

/* Sends the changed part of a one-byte-a-cell array to its texture. */
static void
upload (GLuint texture, const guint8 *data, guint width, guint height, gboolean full,
        const guint *rect)
{
  glBindTexture (GL_TEXTURE_2D, texture);
  glPixelStorei (GL_UNPACK_ALIGNMENT, 1);
  if (full)
    {
      glPixelStorei (GL_UNPACK_ROW_LENGTH, 0);
      glPixelStorei (GL_UNPACK_SKIP_PIXELS, 0);
      glPixelStorei (GL_UNPACK_SKIP_ROWS, 0);
      glTexImage2D (GL_TEXTURE_2D, 0, GL_R8, (GLsizei) width, (GLsizei) height, 0, GL_RED,
                    GL_UNSIGNED_BYTE, data);
      return;
    }
  glPixelStorei (GL_UNPACK_ROW_LENGTH, (GLint) width);
  glPixelStorei (GL_UNPACK_SKIP_PIXELS, (GLint) rect[0]);
  glPixelStorei (GL_UNPACK_SKIP_ROWS, (GLint) rect[1]);
  glTexSubImage2D (GL_TEXTURE_2D, 0, (GLint) rect[0], (GLint) rect[1],
                   (GLsizei) (MIN (rect[2], width) - rect[0]),
                   (GLsizei) (MIN (rect[3], height) - rect[1]), GL_RED, GL_UNSIGNED_BYTE, data);
  glPixelStorei (GL_UNPACK_ROW_LENGTH, 0);
  glPixelStorei (GL_UNPACK_SKIP_PIXELS, 0);
  glPixelStorei (GL_UNPACK_SKIP_ROWS, 0);
}

static void
upload_textures (OssaMapView *self)
{
  gboolean resized = self->width != self->texture_width || self->height != self->texture_height;

  if (self->cells == NULL)
    return;
  if (resized)
    {
      self->cells_full = TRUE;
      self->states_full = TRUE;
      self->texture_width = self->width;
      self->texture_height = self->height;
    }
  if (self->cells_dirty || resized)
    upload (self->cells_texture, self->cells, self->width, self->height, self->cells_full,
            self->cells_rect);
  if (self->states != NULL && (self->states_dirty || resized))
    upload (self->states_texture, self->states, self->width, self->height, self->states_full,
            self->states_rect);
  self->cells_dirty = self->cells_full = FALSE;
  if (self->states != NULL)
    self->states_dirty = self->states_full = FALSE;
  glBindTexture (GL_TEXTURE_2D, 0);
}

static void
draw_path (OssaMapView *self, GArray *segments, float width, const float *color,
           float vw, float vh, float scale)
{
  if (segments->len == 0)
    return;
  glUseProgram (self->line_program);
  glUniform2f (self->ul_viewport, vw, vh);
  glUniform2f (self->ul_center, (float) self->center_x, (float) self->center_y);
  glUniform1f (self->ul_zoom, (float) (self->zoom * scale));
  glUniform1f (self->ul_width, width * scale);
  glUniform4fv (self->ul_color, 1, color);
  glBindVertexArray (self->line_vao);
  glBindBuffer (GL_ARRAY_BUFFER, self->line_buffer);
  glBufferData (GL_ARRAY_BUFFER, (GLsizeiptr) (segments->len * sizeof (Segment)), segments->data,
                GL_STREAM_DRAW);
  glDrawArraysInstanced (GL_TRIANGLE_STRIP, 0, 4, (GLsizei) segments->len);
  glBindBuffer (GL_ARRAY_BUFFER, 0);
}

static gboolean
ossa_map_view_render (GtkGLArea *area, GdkGLContext *context)
{
  static const float path_color[4] = { 0.851f, 0.282f, 0.169f, 1.0f };
  static const float agent_color[4] = { 0.898f, 0.608f, 0.173f, 0.9f };
  OssaMapView *self = OSSA_MAP_VIEW (area);
  GtkWidget *widget = GTK_WIDGET (area);
  gint64 start = g_get_monotonic_time ();
  float scale = (float) gtk_widget_get_scale_factor (widget);
  float vw = (float) gtk_widget_get_width (widget) * scale;
  float vh = (float) gtk_widget_get_height (widget) * scale;

  if (self->map_program == 0)
    return FALSE;

  glClearColor (0.137f, 0.141f, 0.153f, 1.0f);
  glClear (GL_COLOR_BUFFER_BIT);
  if (self->cells == NULL || self->width > (guint) self->max_texture_size
      || self->height > (guint) self->max_texture_size)
    return TRUE;

  upload_textures (self);

  glUseProgram (self->map_program);
  glUniform2f (self->u_viewport, vw, vh);
  glUniform2f (self->u_center, (float) self->center_x, (float) self->center_y);
  glUniform1f (self->u_zoom, (float) (self->zoom * scale));
  glUniform1f (self->u_scale, scale);
  glUniform2i (self->u_size, (GLint) self->width, (GLint) self->height);
  glUniform1i (self->u_cells, 0);
  glUniform1i (self->u_states, 1);
  glUniform1i (self->u_show_states, self->states != NULL);
  glUniform2i (self->u_hover, self->pointer_x, self->pointer_y);
  glActiveTexture (GL_TEXTURE0);
  glBindTexture (GL_TEXTURE_2D, self->cells_texture);
  glActiveTexture (GL_TEXTURE1);
  glBindTexture (GL_TEXTURE_2D, self->states != NULL ? self->states_texture : self->cells_texture);
  glBindVertexArray (self->empty_vao);
  glDrawArrays (GL_TRIANGLE_STRIP, 0, 4);

  glEnable (GL_BLEND);
  glBlendFunc (GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  draw_path (self, self->paths[OSSA_MAP_PATH_AGENT], AGENT_PATH_WIDTH, agent_color, vw, vh,
             scale);
  draw_path (self, self->paths[OSSA_MAP_PATH_SEARCH], PATH_WIDTH, path_color, vw, vh, scale);
  glDisable (GL_BLEND);

  glBindVertexArray (0);
  glBindTexture (GL_TEXTURE_2D, 0);
  glActiveTexture (GL_TEXTURE0);
  glBindTexture (GL_TEXTURE_2D, 0);
  glUseProgram (0);
  self->render_us = g_get_monotonic_time () - start;
  return TRUE;
}

/* ---- marks, drawn as GSK nodes on top ---- */

static void
set_rgb (cairo_t *cr, guint32 rgb, double alpha)
{
  cairo_set_source_rgba (cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                         (rgb & 0xff) / 255.0, alpha);
}

/* A round badge with a letter: start (S) and goal (G). */
static void
draw_badge (cairo_t *cr, double r, guint32 rgb, const char *letter)
{
  cairo_text_extents_t ext;

  cairo_arc (cr, 0, 0, r, 0, 2 * G_PI);
  set_rgb (cr, rgb, 1);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, MAX (1.0, r * 0.15));
  set_rgb (cr, 0xffffff, 0.9);
  cairo_stroke (cr);
  if (r < 6)
    return;
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, r * 1.2);
  cairo_text_extents (cr, letter, &ext);
  cairo_move_to (cr, -ext.x_bearing - ext.width / 2, -ext.y_bearing - ext.height / 2);
  set_rgb (cr, 0xffffff, 1);
  cairo_show_text (cr, letter);
}

static void
draw_cat (cairo_t *cr, double r)
{
  /* Ears, head, eyes, whiskers. */
  set_rgb (cr, 0xe8912d, 1);
  cairo_move_to (cr, -r * 0.95, -r * 0.25);
  cairo_line_to (cr, -r * 0.8, -r * 1.15);
  cairo_line_to (cr, -r * 0.2, -r * 0.75);
  cairo_close_path (cr);
  cairo_move_to (cr, r * 0.95, -r * 0.25);
  cairo_line_to (cr, r * 0.8, -r * 1.15);
  cairo_line_to (cr, r * 0.2, -r * 0.75);
  cairo_close_path (cr);
  cairo_fill (cr);
  cairo_arc (cr, 0, 0.05 * r, r * 0.85, 0, 2 * G_PI);
  cairo_fill_preserve (cr);
  set_rgb (cr, 0x5a3410, 1);
  cairo_set_line_width (cr, MAX (1.0, r * 0.1));
  cairo_stroke (cr);
  cairo_arc (cr, -r * 0.32, -r * 0.05, r * 0.12, 0, 2 * G_PI);
  cairo_arc (cr, r * 0.32, -r * 0.05, r * 0.12, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_set_line_width (cr, MAX (0.6, r * 0.05));
  for (int side = -1; side <= 1; side += 2)
    for (int k = 0; k < 2; k++)
      {
        cairo_move_to (cr, side * r * 0.25, r * (0.3 + 0.12 * k));
        cairo_line_to (cr, side * r * 1.05, r * (0.22 + 0.25 * k));
      }
  cairo_stroke (cr);
}

static void
draw_mouse (cairo_t *cr, double r)
{
  set_rgb (cr, 0x8d8f96, 1);
  cairo_arc (cr, -r * 0.55, -r * 0.55, r * 0.38, 0, 2 * G_PI);
  cairo_arc (cr, r * 0.55, -r * 0.55, r * 0.38, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_arc (cr, 0, 0.1 * r, r * 0.7, 0, 2 * G_PI);
  cairo_fill_preserve (cr);
  set_rgb (cr, 0x3a3b40, 1);
  cairo_set_line_width (cr, MAX (1.0, r * 0.1));
  cairo_stroke (cr);
  set_rgb (cr, 0xf2a7b8, 1);
  cairo_arc (cr, 0, r * 0.45, r * 0.14, 0, 2 * G_PI);
  cairo_fill (cr);
  set_rgb (cr, 0x1d1e22, 1);
  cairo_arc (cr, -r * 0.25, 0, r * 0.1, 0, 2 * G_PI);
  cairo_arc (cr, r * 0.25, 0, r * 0.1, 0, 2 * G_PI);
  cairo_fill (cr);
}

static void
draw_mark (OssaMapView *self, GtkSnapshot *snapshot, const OssaMapMark *mark)
{
  double x, y, r;
  cairo_t *cr;

  ossa_map_view_from_cell (self, mark->x, mark->y, &x, &y);
  /* Marks keep a readable size when cells are tiny and fill a cell when big. */
  r = CLAMP (self->zoom * (mark->kind == OSSA_MAP_MARK_CAT ? 0.8 : 0.6),
             mark->kind == OSSA_MAP_MARK_CAT ? 10.0 : 8.0, 40.0);
  if (x < -2 * r || y < -2 * r || x > gtk_widget_get_width (GTK_WIDGET (self)) + 2 * r
      || y > gtk_widget_get_height (GTK_WIDGET (self)) + 2 * r)
    return;

  if (mark->kind == OSSA_MAP_MARK_CURRENT)
    {
      double half = MAX (self->zoom * 0.5, 4.0);
      GskRoundedRect outline;
      GdkRGBA color = { 0.95f, 0.77f, 0.06f, 1.0f };
      float widths[4] = { 2, 2, 2, 2 };
      GdkRGBA colors[4] = { color, color, color, color };

      gsk_rounded_rect_init_from_rect (&outline,
                                       &GRAPHENE_RECT_INIT ((float) (x - half), (float) (y - half),
                                                            (float) (2 * half), (float) (2 * half)),
                                       2);
      gtk_snapshot_append_border (snapshot, &outline, widths, colors);
      return;
    }

  cr = gtk_snapshot_append_cairo (snapshot,
                                  &GRAPHENE_RECT_INIT ((float) (x - 1.5 * r), (float) (y - 1.5 * r),
                                                       (float) (3 * r), (float) (3 * r)));
  cairo_translate (cr, x, y);
  switch (mark->kind)
    {
    case OSSA_MAP_MARK_START:
      draw_badge (cr, r, 0x2e9e4f, "S");
      break;
    case OSSA_MAP_MARK_GOAL:
      draw_badge (cr, r, 0xc9302c, "G");
      break;
    case OSSA_MAP_MARK_CAT:
      draw_cat (cr, r);
      break;
    case OSSA_MAP_MARK_MOUSE:
      draw_mouse (cr, r);
      break;
    case OSSA_MAP_MARK_CURRENT:
    default:
      break;
    }
  cairo_destroy (cr);
}

static void
draw_preview (OssaMapView *self, GtkSnapshot *snapshot)
{
  GdkRGBA fill = self->preview_walkable ? (GdkRGBA) { 1, 1, 1, 0.45f }
                                        : (GdkRGBA) { 0.12f, 0.13f, 0.15f, 0.55f };
  GdkRGBA edge = { 0.95f, 0.77f, 0.06f, 1.0f };
  float widths[4] = { 1, 1, 1, 1 };
  GdkRGBA edges[4] = { edge, edge, edge, edge };
  double x0, y0, x1, y1;
  int half = (int) self->preview_size / 2;
  GskRoundedRect outline;

  switch (self->preview)
    {
    case OSSA_MAP_PREVIEW_RECT:
      ossa_map_view_from_cell (self, MIN (self->preview_x0, self->preview_x1),
                               MIN (self->preview_y0, self->preview_y1), &x0, &y0);
      ossa_map_view_from_cell (self, MAX (self->preview_x0, self->preview_x1) + 1,
                               MAX (self->preview_y0, self->preview_y1) + 1, &x1, &y1);
      break;
    case OSSA_MAP_PREVIEW_BRUSH:
      ossa_map_view_from_cell (self, self->preview_x0 - half, self->preview_y0 - half, &x0, &y0);
      ossa_map_view_from_cell (self, self->preview_x0 - half + (int) self->preview_size,
                               self->preview_y0 - half + (int) self->preview_size, &x1, &y1);
      fill.alpha = 0;
      break;
    case OSSA_MAP_PREVIEW_LINE:
      {
        cairo_t *cr;
        double ax, ay, bx, by;
        double w = MAX (self->preview_size * self->zoom, 2.0);

        ossa_map_view_from_cell (self, self->preview_x0 + 0.5, self->preview_y0 + 0.5, &ax, &ay);
        ossa_map_view_from_cell (self, self->preview_x1 + 0.5, self->preview_y1 + 0.5, &bx, &by);
        cr = gtk_snapshot_append_cairo (snapshot,
                                        &GRAPHENE_RECT_INIT ((float) (MIN (ax, bx) - w),
                                                             (float) (MIN (ay, by) - w),
                                                             (float) (fabs (bx - ax) + 2 * w),
                                                             (float) (fabs (by - ay) + 2 * w)));
        cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
        cairo_set_line_width (cr, w);
        gdk_cairo_set_source_rgba (cr, &fill);
        cairo_move_to (cr, ax, ay);
        cairo_line_to (cr, bx, by);
        cairo_stroke (cr);
        cairo_destroy (cr);
        return;
      }
    case OSSA_MAP_PREVIEW_NONE:
    default:
      return;
    }
  gtk_snapshot_append_color (snapshot, &fill,
                             &GRAPHENE_RECT_INIT ((float) x0, (float) y0, (float) (x1 - x0),
                                                  (float) (y1 - y0)));
  gsk_rounded_rect_init_from_rect (&outline,
                                   &GRAPHENE_RECT_INIT ((float) x0, (float) y0, (float) (x1 - x0),
                                                        (float) (y1 - y0)),
                                   0);
  gtk_snapshot_append_border (snapshot, &outline, widths, edges);
}

static void
draw_message (OssaMapView *self, GtkSnapshot *snapshot, const char *text)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  int w, h;

  pango_layout_set_width (layout, (gtk_widget_get_width (GTK_WIDGET (self)) - 48) * PANGO_SCALE);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_get_pixel_size (layout, &w, &h);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot,
                          &GRAPHENE_POINT_INIT (24, (gtk_widget_get_height (GTK_WIDGET (self)) - h)
                                                        / 2.0f));
  gtk_snapshot_append_layout (snapshot, layout, &(GdkRGBA) { 0.85f, 0.85f, 0.85f, 1 });
  gtk_snapshot_restore (snapshot);
  g_object_unref (layout);
}

static void
ossa_map_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  OssaMapView *self = OSSA_MAP_VIEW (widget);
  GError *error;

  GTK_WIDGET_CLASS (ossa_map_view_parent_class)->snapshot (widget, snapshot);
  error = gtk_gl_area_get_error (GTK_GL_AREA (widget));
  if (error != NULL)
    {
      draw_message (self, snapshot, error->message);
      return;
    }
  if (self->max_texture_size > 0 && (self->width > (guint) self->max_texture_size
                                     || self->height > (guint) self->max_texture_size))
    {
      g_autofree char *text = NULL;

      /* Translators: %d is the largest texture side the graphics driver allows */
      text = g_strdup_printf (_("This map is too large to show here (the graphics driver allows %d × %d cells)."),
                              self->max_texture_size, self->max_texture_size);
      draw_message (self, snapshot, text);
      return;
    }
  if (self->preview != OSSA_MAP_PREVIEW_NONE)
    draw_preview (self, snapshot);
  for (guint i = 0; i < self->marks->len; i++)
    draw_mark (self, snapshot, &g_array_index (self->marks, OssaMapMark, i));
}

static void
ossa_map_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  OssaMapView *self = OSSA_MAP_VIEW (widget);

  GTK_WIDGET_CLASS (ossa_map_view_parent_class)->size_allocate (widget, width, height, baseline);
  if (!self->fitted && self->width > 0)
    ossa_map_view_fit (self);
}

/* ---- events ---- */

static void
emit_stroke (OssaMapView *self, guint signal, double x, double y, GdkModifierType state)
{
  double cx, cy;

  ossa_map_view_to_cell (self, x, y, &cx, &cy);
  g_signal_emit (self, signals[signal], 0, cx, cy, (guint) state);
}

static GdkModifierType
current_state (GtkEventController *controller)
{
  return gtk_event_controller_get_current_event_state (controller);
}

static void
on_drag_begin (GtkGestureDrag *gesture, double x, double y, OssaMapView *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  emit_stroke (self, STROKE_BEGIN, x, y, current_state (GTK_EVENT_CONTROLLER (gesture)));
}

static void
on_drag_update (GtkGestureDrag *gesture, double dx, double dy, OssaMapView *self)
{
  double x, y;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  emit_stroke (self, STROKE_UPDATE, x + dx, y + dy,
               current_state (GTK_EVENT_CONTROLLER (gesture)));
}

static void
on_drag_end (GtkGestureDrag *gesture, double dx, double dy, OssaMapView *self)
{
  double x, y;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  emit_stroke (self, STROKE_END, x + dx, y + dy, current_state (GTK_EVENT_CONTROLLER (gesture)));
}

static void
on_pan_begin (GtkGestureDrag *gesture, double x, double y, OssaMapView *self)
{
  self->pan_last_x = self->pan_last_y = 0;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
}

static void
on_pan_update (GtkGestureDrag *gesture, double dx, double dy, OssaMapView *self)
{
  ossa_map_view_pan (self, dx - self->pan_last_x, dy - self->pan_last_y);
  self->pan_last_x = dx;
  self->pan_last_y = dy;
}

static void
on_pan_end (GtkGestureDrag *gesture, double dx, double dy, OssaMapView *self)
{
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "crosshair");
}

static void
on_secondary_pressed (GtkGestureClick *gesture, int n_press, double x, double y,
                      OssaMapView *self)
{
  double cx, cy;

  ossa_map_view_to_cell (self, x, y, &cx, &cy);
  g_signal_emit (self, signals[CONTEXT_MENU], 0, cx, cy, x, y);
}

static gboolean
on_scroll (GtkEventControllerScroll *controller, double dx, double dy, OssaMapView *self)
{
  ossa_map_view_zoom_at (self, pow (WHEEL_STEP, -dy), self->pointer_px, self->pointer_py);
  return TRUE;
}

static void
on_motion (GtkEventControllerMotion *controller, double x, double y, OssaMapView *self)
{
  self->pointer_px = x;
  self->pointer_py = y;
  if (!self->pointer_inside)
    {
      self->pointer_inside = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POINTER_INSIDE]);
    }
  update_pointer_cell (self);
}

static void
on_leave (GtkEventControllerMotion *controller, OssaMapView *self)
{
  self->pointer_inside = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POINTER_INSIDE]);
  update_pointer_cell (self);
}

static void
view_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  OssaMapView *self = OSSA_MAP_VIEW (widget);
  double x = 0.5 * gtk_widget_get_width (widget), y = 0.5 * gtk_widget_get_height (widget);

  if (g_str_equal (name, "map-view.fit"))
    ossa_map_view_fit (self);
  else if (g_str_equal (name, "map-view.zoom-in"))
    ossa_map_view_zoom_at (self, ZOOM_STEP, x, y);
  else if (g_str_equal (name, "map-view.zoom-out"))
    ossa_map_view_zoom_at (self, 1 / ZOOM_STEP, x, y);
}

/* ---- GObject ---- */

static void
ossa_map_view_finalize (GObject *object)
{
  OssaMapView *self = OSSA_MAP_VIEW (object);

  for (guint i = 0; i < OSSA_MAP_N_PATHS; i++)
    g_array_unref (self->paths[i]);
  g_array_unref (self->marks);
  G_OBJECT_CLASS (ossa_map_view_parent_class)->finalize (object);
}

static void
ossa_map_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  OssaMapView *self = OSSA_MAP_VIEW (object);

  switch (prop_id)
    {
    case PROP_ZOOM:
      g_value_set_double (value, self->zoom);
      break;
    case PROP_POINTER_X:
      g_value_set_int (value, self->pointer_x);
      break;
    case PROP_POINTER_Y:
      g_value_set_int (value, self->pointer_y);
      break;
    case PROP_POINTER_INSIDE:
      g_value_set_boolean (value, self->pointer_inside);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_map_view_set_property (GObject *object, guint prop_id, const GValue *value,
                            GParamSpec *pspec)
{
  OssaMapView *self = OSSA_MAP_VIEW (object);

  switch (prop_id)
    {
    case PROP_ZOOM:
      ossa_map_view_set_camera (self, self->center_x, self->center_y, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_map_view_class_init (OssaMapViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkGLAreaClass *area_class = GTK_GL_AREA_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = ossa_map_view_finalize;
  object_class->get_property = ossa_map_view_get_property;
  object_class->set_property = ossa_map_view_set_property;

  widget_class->realize = ossa_map_view_realize;
  widget_class->unrealize = ossa_map_view_unrealize;
  widget_class->snapshot = ossa_map_view_snapshot;
  widget_class->size_allocate = ossa_map_view_size_allocate;

  area_class->render = ossa_map_view_render;
  area_class->create_context = ossa_gl_area_create_context;

  properties[PROP_ZOOM] = g_param_spec_double ("zoom", NULL, NULL, ZOOM_MIN, ZOOM_MAX, 16.0,
                                               G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                               | G_PARAM_STATIC_STRINGS);
  properties[PROP_POINTER_X] = g_param_spec_int ("pointer-x", NULL, NULL, -1, G_MAXINT, -1, ro);
  properties[PROP_POINTER_Y] = g_param_spec_int ("pointer-y", NULL, NULL, -1, G_MAXINT, -1, ro);
  properties[PROP_POINTER_INSIDE] = g_param_spec_boolean ("pointer-inside", NULL, NULL, FALSE,
                                                          ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * OssaMapView::stroke-begin:
   * @x: cell coordinates of the press
   * @y:
   * @state: the modifier keys (#GdkModifierType)
   */
  signals[STROKE_BEGIN] = g_signal_new ("stroke-begin", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                        G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_UINT);
  signals[STROKE_UPDATE] = g_signal_new ("stroke-update", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                         G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_UINT);
  signals[STROKE_END] = g_signal_new ("stroke-end", G_TYPE_FROM_CLASS (klass),
                                      G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                      G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_UINT);
  /**
   * OssaMapView::context-menu:
   * @x: cell coordinates of the click
   * @y:
   * @widget_x: where to point a menu, widget coordinates
   * @widget_y:
   */
  signals[CONTEXT_MENU] = g_signal_new ("context-menu", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 4,
                                        G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_DOUBLE,
                                        G_TYPE_DOUBLE);

  gtk_widget_class_install_action (widget_class, "map-view.fit", NULL, view_action);
  gtk_widget_class_install_action (widget_class, "map-view.zoom-in", NULL, view_action);
  gtk_widget_class_install_action (widget_class, "map-view.zoom-out", NULL, view_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "map-view.fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "map-view.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, 0, "map-view.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, 0, "map-view.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "map-view.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, 0,
                                       "map-view.zoom-out", NULL);

  gtk_widget_class_set_css_name (widget_class, "ossa-map-view");
}

static void
ossa_map_view_init (OssaMapView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkGesture *gesture;
  GtkEventController *controller;

  for (guint i = 0; i < OSSA_MAP_N_PATHS; i++)
    self->paths[i] = g_array_new (FALSE, FALSE, sizeof (Segment));
  self->marks = g_array_new (FALSE, FALSE, sizeof (OssaMapMark));
  self->zoom = 16.0;
  self->pointer_x = self->pointer_y = -1;

  gtk_gl_area_set_required_version (GTK_GL_AREA (self), 3, 3);
  gtk_gl_area_set_has_depth_buffer (GTK_GL_AREA (self), FALSE);
  gtk_gl_area_set_auto_render (GTK_GL_AREA (self), FALSE);
  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_focus_on_click (widget, TRUE);
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_widget_set_vexpand (widget, TRUE);
  gtk_widget_set_cursor_from_name (widget, "crosshair");

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_MIDDLE);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_pan_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_pan_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_pan_end), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_SECONDARY);
  g_signal_connect (gesture, "pressed", G_CALLBACK (on_secondary_pressed), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect (controller, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (widget, controller);
}

GtkWidget *
ossa_map_view_new (void)
{
  return g_object_new (OSSA_TYPE_MAP_VIEW, NULL);
}
