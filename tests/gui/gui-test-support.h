/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For the GUI tests: waiting for a window to be drawn, and a widget as its
 * window's renderer draws it, in bytes. */
#pragma once

#include <gtk/gtk.h>

/* Until widget's window has drawn and every pending event is handled. */
static inline void
gui_test_flush (GtkWidget *widget)
{
  gtk_test_widget_wait_for_draw (widget);
  gdk_display_sync (gtk_widget_get_display (widget));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* widget drawn on its own (its current render nodes) by the renderer of the window
 * it is in; RGBA bytes, premultiplied, width × height pixels, rows packed. */
static inline GBytes *
render_widget_pixels (GtkWidget *widget, int *width, int *height)
{
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GdkPaintable *paintable = gtk_widget_paintable_new (widget);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  GskRenderNode *node;
  GdkTexture *texture;
  guchar *pixels;
  gsize size;

  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  *width = gdk_texture_get_width (texture);
  *height = gdk_texture_get_height (texture);
  size = (gsize) *width * (gsize) *height * 4;
  pixels = g_malloc (size);
  gdk_texture_download (texture, pixels, (gsize) *width * 4);
  g_object_unref (texture);
  gsk_render_node_unref (node);
  g_object_unref (paintable);
  return g_bytes_new_take (pixels, size);
}
