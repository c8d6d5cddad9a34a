/* SPDX-License-Identifier: GPL-3.0-or-later */
/* OssaCachedBin: the child is drawn into a texture once, that texture is used
 * while nothing in the child changes (other widgets redrawing do not count), a
 * change in the child draws it again, and the picture is the child's own. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include <gtk/gtk.h>

#include "ossa-cached-bin.h"
#include "gui-test-support.h"

typedef struct
{
  GtkWindow     *window;
  OssaCachedBin *bin;
  GtkLabel      *label;
  GtkWidget     *button;
  GtkWidget     *busy;       /* outside the bin: redrawn to make frames happen */
} Fixture;

static void
draw_busy (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  cairo_set_source_rgb (cr, g_random_double (), 0.2, 0.3);
  cairo_paint (cr);
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  f->label = GTK_LABEL (gtk_label_new ("Frame 12   0.40 s"));
  f->button = gtk_button_new_with_label ("Play");
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (f->label));
  gtk_box_append (GTK_BOX (row), f->button);
  gtk_box_append (GTK_BOX (row), gtk_spin_button_new_with_range (0, 100, 1));
  f->bin = OSSA_CACHED_BIN (ossa_cached_bin_new ());
  ossa_cached_bin_set_child (f->bin, row);
  f->busy = gtk_drawing_area_new ();
  gtk_widget_set_size_request (f->busy, 200, 100);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (f->busy), draw_busy, NULL, NULL);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (f->bin));
  gtk_box_append (GTK_BOX (box), f->busy);
  f->window = gui_test_show (box, 400, 200);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (f->window);
  gui_test_iterate ();
}

static void
test_renders_once (Fixture *f, gconstpointer data)
{
  guint before = ossa_cached_bin_get_renders (f->bin);

  g_assert_cmpuint (before, >=, 1);
  g_assert_true (ossa_cached_bin_get_child (f->bin) != NULL);
  /* Frames where only the widget outside changes: the texture is kept. */
  for (int i = 0; i < 10; i++)
    {
      gtk_widget_queue_draw (f->busy);
      gui_test_flush (GTK_WIDGET (f->window));
    }
  g_assert_cmpuint (ossa_cached_bin_get_renders (f->bin), ==, before);

  /* The child changes: drawn again, once. */
  gtk_label_set_text (f->label, "Frame 13   0.43 s");
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_cmpuint (ossa_cached_bin_get_renders (f->bin), ==, before + 1);
  gtk_widget_queue_draw (f->busy);
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_cmpuint (ossa_cached_bin_get_renders (f->bin), ==, before + 1);

  /* A state change deep inside (insensitive button) counts as a change. */
  gtk_widget_set_sensitive (f->button, FALSE);
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_cmpuint (ossa_cached_bin_get_renders (f->bin), >, before + 1);
}

static void
test_same_picture (Fixture *f, gconstpointer data)
{
  GtkWidget *child = ossa_cached_bin_get_child (f->bin);
  int cw, ch, bw, bh, worst = 0;
  g_autoptr(GBytes) direct = NULL, cached = NULL;
  const guchar *a, *b;

  gtk_label_set_text (f->label, "Frame 99   3.30 s");
  gui_test_flush (GTK_WIDGET (f->window));
  direct = render_widget_pixels (child, &cw, &ch);
  cached = render_widget_pixels (GTK_WIDGET (f->bin), &bw, &bh);
  g_assert_cmpint (cw, ==, bw);
  g_assert_cmpint (ch, ==, bh);
  a = g_bytes_get_data (direct, NULL);
  b = g_bytes_get_data (cached, NULL);
  for (gsize i = 0; i < (gsize) cw * ch * 4; i++)
    worst = MAX (worst, abs ((int) a[i] - (int) b[i]));
  /* Same renderer, same pixel grid: at most rounding in the texture. */
  g_assert_cmpint (worst, <=, 2);
  /* And there is something to compare: the label's text is not blank. */
  {
    int inked = 0;

    for (gsize i = 3; i < (gsize) cw * ch * 4; i += 4)
      inked += a[i] > 128;
    g_assert_cmpint (inked, >, 50);
  }
}

static void
test_no_child (void)
{
  OssaCachedBin *bin = OSSA_CACHED_BIN (ossa_cached_bin_new ());
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());

  gtk_window_set_child (window, GTK_WIDGET (bin));
  gtk_window_present (window);
  gui_test_flush (GTK_WIDGET (window));
  g_assert_cmpuint (ossa_cached_bin_get_renders (bin), ==, 0);
  ossa_cached_bin_set_child (bin, gtk_label_new ("late"));
  gui_test_flush (GTK_WIDGET (window));
  g_assert_cmpuint (ossa_cached_bin_get_renders (bin), >=, 1);
  ossa_cached_bin_set_child (bin, NULL);
  gui_test_flush (GTK_WIDGET (window));
  g_assert_null (ossa_cached_bin_get_child (bin));
  gtk_window_destroy (window);
}

int
main (int argc, char **argv)
{
  if (!gui_test_display_or_skip ())
    return 0;
  gtk_test_init (&argc, &argv, NULL);
  g_test_add ("/cached-bin/renders-once", Fixture, NULL, fixture_setup, test_renders_once,
              fixture_teardown);
  g_test_add ("/cached-bin/same-picture", Fixture, NULL, fixture_setup, test_same_picture,
              fixture_teardown);
  g_test_add_func ("/cached-bin/no-child", test_no_child);
  return g_test_run ();
}
