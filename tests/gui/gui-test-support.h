/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For the GUI tests: skipping without a display, turning the main loop (until
 * nothing is pending, for a while, or until a condition holds), waiting for a
 * window to be drawn, a widget shown in a window of its own, a widget's last
 * picture, and that picture as its window's renderer draws it, in bytes. */
#pragma once

#include <stdio.h>

#include <gtk/gtk.h>

/* Whether there is a display to test on. Without one it prints TAP's skip of the
 * whole file, and main() returns 0 before touching GTK (gtk_test_init() aborts
 * without a display). Called first in main(), it also keeps what GTK writes for
 * the user (the recent files' recently-used.xbel) out of the person's own
 * folders: in $XDG_DATA_HOME, which meson test sets to a folder of the build's,
 * or else in a new temporary folder. */
static inline gboolean
gui_test_display_or_skip (void)
{
  const char *display = g_getenv ("DISPLAY");
  const char *wayland = g_getenv ("WAYLAND_DISPLAY");
  const char *data_home = g_getenv ("XDG_DATA_HOME");

  if (data_home == NULL || data_home[0] == '\0')
    {
      char *dir = g_dir_make_tmp ("ossa-test-data-XXXXXX", NULL);

      if (dir != NULL)
        g_setenv ("XDG_DATA_HOME", dir, TRUE);
      g_free (dir);
    }

  if ((display == NULL || display[0] == '\0') && (wayland == NULL || wayland[0] == '\0'))
    {
      printf ("1..0 # SKIP no display\n");
      return FALSE;
    }
  return TRUE;
}

/* Handles every pending event and source, without waiting. */
static inline void
gui_test_iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Turns the main loop for seconds (timers and the frame clock keep running),
 * napping 10 ms between turns. */
static inline void
gui_test_linger (double seconds)
{
  gint64 end = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (10000);
    }
}

/* OSSA_TEST_LINGER=SECONDS keeps what a test shows on screen that long (for a
 * screenshot); nothing without it. */
static inline void
gui_test_linger_if_asked (void)
{
  const char *linger = g_getenv ("OSSA_TEST_LINGER");

  if (linger != NULL)
    gui_test_linger (g_ascii_strtod (linger, NULL));
}

/* Turns the main loop until done (data) is true, at most 500 turns 10 ms apart
 * (5 s); whether it came true. */
static inline gboolean
gui_test_iterate_until (gboolean (*done) (gpointer data), gpointer data)
{
  for (guint i = 0; i < 500; i++)
    {
      if (done (data))
        return TRUE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (10000);
    }
  return done (data);
}

/* Until widget's window has drawn and every pending event is handled. */
static inline void
gui_test_flush (GtkWidget *widget)
{
  gtk_test_widget_wait_for_draw (widget);
  gdk_display_sync (gtk_widget_get_display (widget));
  gui_test_iterate ();
}

/* A new window of width × height (-1: the child's natural size) holding child,
 * shown and drawn. */
static inline GtkWindow *
gui_test_show (GtkWidget *child,
               int        width,
               int        height)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());

  gtk_window_set_default_size (window, width, height);
  gtk_window_set_child (window, child);
  gtk_window_present (window);
  gui_test_flush (GTK_WIDGET (window));
  return window;
}

/* widget's render node from its window's last frame, as a new reference. A widget
 * that queued a redraw since that frame (focus coming back after a dialog, a state
 * change from an event handled late on a busy machine) has none until the next
 * frame, so this draws the window again until there is one. */
static inline GskRenderNode *
gui_test_widget_node (GtkWidget *widget)
{
  for (int attempt = 0; attempt < 100; attempt++)
    {
      GdkPaintable *paintable = gtk_widget_paintable_new (widget);
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      GskRenderNode *node;

      gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (widget),
                              gtk_widget_get_height (widget));
      node = gtk_snapshot_free_to_node (snapshot);
      g_object_unref (paintable);
      if (node != NULL)
        return node;
      gui_test_flush (widget);
    }
  g_error ("%s was not drawn in 100 frames", G_OBJECT_TYPE_NAME (widget));
  return NULL;
}

/* widget drawn on its own (its current render nodes) by the renderer of the window
 * it is in; RGBA bytes, premultiplied, width × height pixels, rows packed. */
static inline GBytes *
render_widget_pixels (GtkWidget *widget, int *width, int *height)
{
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  GskRenderNode *node = gui_test_widget_node (widget);
  GdkTexture *texture;
  guchar *pixels;
  gsize size;

  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  *width = gdk_texture_get_width (texture);
  *height = gdk_texture_get_height (texture);
  size = (gsize) *width * (gsize) *height * 4;
  pixels = g_malloc (size);
  gdk_texture_download (texture, pixels, (gsize) *width * 4);
  g_object_unref (texture);
  gsk_render_node_unref (node);
  return g_bytes_new_take (pixels, size);
}
