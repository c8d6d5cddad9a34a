/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the map view draws: the cells and the search's states as two one-byte
 * textures on one quad, and the paths as instanced segments, with OpenGL (the GL
 * objects are the view's, made at realize and deleted at unrealize); then the
 * tool's preview, the marks and any message as GSK nodes on top. */
#define G_LOG_DOMAIN "ossa-map-view"

#include "config.h"

#include <math.h>

#include <epoxy/gl.h>
#include <glib/gi18n.h>

#include "ossa-gl-program.h"
#include "ossa-map-view-private.h"

#define PATH_WIDTH 3.0      /* logical pixels */
#define AGENT_PATH_WIDTH 2.0

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
  glVertexAttribPointer (0, 4, GL_FLOAT, GL_FALSE, sizeof (OssaMapSegment), NULL);
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

/* After the GL area's own realize: builds the programs, buffers and textures, or
 * leaves the error on the area for the snapshot to show. */
void
_ossa_map_view_realize_gl (OssaMapView *self)
{
  GtkGLArea *area = GTK_GL_AREA (self);
  g_autoptr(GError) error = NULL;

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

/* Before the GL area's own unrealize, while its context still exists. */
void
_ossa_map_view_unrealize_gl (OssaMapView *self)
{
  GtkGLArea *area = GTK_GL_AREA (self);

  gtk_gl_area_make_current (area);
  if (gtk_gl_area_get_error (area) == NULL)
    delete_gl (self);
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
  glBufferData (GL_ARRAY_BUFFER, (GLsizeiptr) (segments->len * sizeof (OssaMapSegment)),
                segments->data, GL_STREAM_DRAW);
  glDrawArraysInstanced (GL_TRIANGLE_STRIP, 0, 4, (GLsizei) segments->len);
  glBindBuffer (GL_ARRAY_BUFFER, 0);
}

gboolean
_ossa_map_view_render (GtkGLArea *area, GdkGLContext *context)
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
  glUniform2i (self->u_hover, (GLint) self->pointer.x, (GLint) self->pointer.y);
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
      /* Translators: one letter on the map's start cell */
      draw_badge (cr, r, 0x2e9e4f, C_ ("map badge", "S"));
      break;
    case OSSA_MAP_MARK_GOAL:
      /* Translators: one letter on the map's goal cell */
      draw_badge (cr, r, 0xc9302c, C_ ("map badge", "G"));
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

/* After the GL area's own snapshot (the GL picture): the GL error or why the map
 * cannot be shown, else the tool's preview and the marks. */
void
_ossa_map_view_snapshot_overlay (OssaMapView *self, GtkSnapshot *snapshot)
{
  GError *error = gtk_gl_area_get_error (GTK_GL_AREA (self));

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
