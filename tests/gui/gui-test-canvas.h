/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For the GUI tests that look at an OssaCanvas in a window: waiting for it to
 * render a new frame, and what it shows as pixels, looked up by world point. */
#pragma once

#include <math.h>

#include <gtk/gtk.h>

#include "ossa-canvas-private.h"
#include "gui-test-support.h"

/* How many frames the canvas has rendered. */
static inline guint64
gui_test_canvas_frames (OssaCanvas *canvas)
{
  OssaCanvasStats stats;

  _ossa_canvas_get_stats (canvas, &stats);
  return stats.frames;
}

/* Until the canvas has rendered a new frame and GTK has painted its window. */
static inline void
gui_test_canvas_wait_frame (OssaCanvas *canvas)
{
  guint64 before = gui_test_canvas_frames (canvas);
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  gtk_gl_area_queue_render (GTK_GL_AREA (canvas));
  while (gui_test_canvas_frames (canvas) == before && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (gui_test_canvas_frames (canvas), >, before);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (canvas))));
  gui_test_iterate ();
}

typedef struct
{
  guchar *data;    /* g_free() it */
  int     width, height;
} GuiTestPixels;

/* What the canvas shows (GL picture and the GSK nodes on top), at logical size. */
static inline GuiTestPixels
gui_test_canvas_pixels (OssaCanvas *canvas)
{
  GtkWidget *widget = GTK_WIDGET (canvas);
  gsize size;
  GuiTestPixels p;

  p.data = g_bytes_unref_to_data (render_widget_pixels (widget, &p.width, &p.height), &size);
  g_assert_cmpint (p.width, ==, gtk_widget_get_width (widget));
  return p;
}

/* r, g, b at a world point. gdk_texture_download gives Cairo's ARGB32 (B, G, R, A
 * in memory on little-endian machines), opaque here. */
static inline void
gui_test_canvas_pixel_at (OssaCanvas *canvas, const GuiTestPixels *p, double wx, double wy,
                          int rgb[3])
{
  double px, py;
  int x, y;
  const guchar *q;

  ossa_camera_world_to_widget (_ossa_canvas_get_camera (canvas), wx, wy, &px, &py);
  x = (int) floor (px);
  y = (int) floor (py);
  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, p->width);
  g_assert_cmpint (y, <, p->height);
  q = p->data + ((gsize) y * p->width + x) * 4;
  rgb[0] = q[2];
  rgb[1] = q[1];
  rgb[2] = q[0];
}
