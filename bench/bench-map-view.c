/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-map-view [SIDE]: the map workspace's view on a SIDE² map (default 4096,
 * 15 % blocked at random) in a 1280 × 800 window, panned and zoomed on every frame
 * for three seconds (zooming between a whole-map fit and 24 pixels a cell). Prints
 * the view's GL render time and the time between frames. Needs a display
 * (xvfb-run -a bench/bench-map-view). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <gtk/gtk.h>

#include "ossa-map-view.h"

typedef struct
{
  OssaMapView *view;
  guint        side;
  gint64       first, last;
  GArray      *intervals, *renders;
  gboolean     done;
} Bench;

static int
compare (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
report (const char *what, GArray *values)
{
  double sum = 0;

  g_array_sort (values, compare);
  for (guint i = 0; i < values->len; i++)
    sum += g_array_index (values, double, i);
  printf ("%-22s mean %7.2f ms   median %7.2f ms   p95 %7.2f ms   (%u frames)\n", what,
          sum / values->len, g_array_index (values, double, values->len / 2),
          g_array_index (values, double, values->len * 95 / 100), values->len);
}

static gboolean
tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  Bench *b = data;
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  double t, fit, zoom;

  if (b->first == 0)
    b->first = now;
  else
    {
      double render = ossa_map_view_get_render_us (b->view) / 1000.0;

      g_array_append_val (b->intervals, ((double) { (now - b->last) / 1000.0 }));
      g_array_append_val (b->renders, render);
    }
  b->last = now;
  t = (now - b->first) / 1e6;
  if (t > 3.0)
    {
      b->done = TRUE;
      return G_SOURCE_REMOVE;
    }
  /* Zoom in and out around a point that wanders over the map. */
  fit = 760.0 / b->side;
  zoom = fit * pow (24.0 / fit, 0.5 - 0.5 * cos (t * 2.0));
  ossa_map_view_set_camera (b->view, b->side * (0.5 + 0.3 * sin (t * 1.3)),
                            b->side * (0.5 + 0.3 * cos (t * 0.9)), zoom);
  return G_SOURCE_CONTINUE;
}

int
main (int argc, char *argv[])
{
  Bench b = { 0 };
  GtkWidget *window;
  guint8 *cells;
  GRand *rand;
  gsize n;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      printf ("bench-map-view: no display, skipped\n");
      return 77;
    }
  gtk_init ();
  b.side = argc > 1 ? (guint) atoi (argv[1]) : 4096;
  if (b.side < 2 || b.side > 16384)
    return 2;
  n = (gsize) b.side * b.side;
  cells = g_malloc (n);
  rand = g_rand_new_with_seed (7);
  for (gsize i = 0; i < n; i++)
    cells[i] = g_rand_double (rand) >= 0.15;
  g_rand_free (rand);
  b.intervals = g_array_new (FALSE, FALSE, sizeof (double));
  b.renders = g_array_new (FALSE, FALSE, sizeof (double));

  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  b.view = OSSA_MAP_VIEW (ossa_map_view_new ());
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (b.view));
  ossa_map_view_set_cells (b.view, b.side, b.side, cells);
  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_add_tick_callback (GTK_WIDGET (b.view), tick, &b, NULL);
  while (!b.done)
    g_main_context_iteration (NULL, TRUE);

  printf ("map view, %u × %u cells (%.0f MB of cells), 1280 × 800 window, pan and zoom "
          "every frame:\n", b.side, b.side, n / 1048576.0);
  report ("GL render (upload+draw)", b.renders);
  report ("frame to frame", b.intervals);
  gtk_window_destroy (GTK_WINDOW (window));
  g_free (cells);
  return 0;
}
