/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window's style: dark by default, panels and all, as the canvas and the
 * timeline are; View ▸ Follow System Style gives the desktop's choice back, at
 * once and kept in the settings. */
#define G_LOG_DOMAIN "test-window-style"

#include "config.h"

#include <stdlib.h>

#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-application.h"
#include "ossa-window-private.h"
#include "gui-test-app.h"

/* gtk-application-prefer-dark-theme as the desktop has it, before any app. */
static gboolean system_prefers_dark;

static gboolean
prefers_dark (void)
{
  gboolean dark;

  g_object_get (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", &dark, NULL);
  return dark;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The median luminance (0 black … 1 white) of the inspector's area in the
 * window as drawn: its background, whatever text and fields lie on it. */
static double
inspector_luminance (AppFixture *f)
{
  GtkWidget *window = GTK_WIDGET (f->window);
  GtkWidget *inspector = GTK_WIDGET (f->window->inspector);
  graphene_rect_t bounds;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree double *values = NULL;
  const guchar *pixels;
  int width, height;
  guint n = 0;
  double median;

  gui_test_flush (window);
  g_assert_true (gtk_widget_compute_bounds (inspector, window, &bounds));
  bytes = render_widget_pixels (window, &width, &height);
  pixels = g_bytes_get_data (bytes, NULL);
  values = g_new (double, (gsize) width * (gsize) height);
  for (int y = (int) bounds.origin.y; y < (int) (bounds.origin.y + bounds.size.height); y++)
    for (int x = (int) bounds.origin.x; x < (int) (bounds.origin.x + bounds.size.width); x++)
      {
        const guchar *p;

        if (x < 0 || y < 0 || x >= width || y >= height)
          continue;
        p = pixels + ((gsize) y * (gsize) width + (gsize) x) * 4;
        values[n++] = (0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2]) / 255.0;
      }
  g_assert_cmpuint (n, >, 1000);
  qsort (values, n, sizeof (double), compare_doubles);
  median = values[n / 2];
  g_test_message ("inspector luminance %.3f", median);
  return median;
}

static gboolean
follows_system (AppFixture *f)
{
  g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (f->app),
                                                               "follow-system-style");

  g_assert_nonnull (state);
  return g_variant_get_boolean (state);
}

static void
test_window_style (AppFixture    *f,
                   gconstpointer  data)
{
  GSettings *settings = ossa_application_get_settings (f->app);

  g_assert_nonnull (settings);
  open_window_sized (f, 1280, 800);

  /* Dark by default: the theme's dark variant, and the panels drawn dark. */
  g_assert_false (g_settings_get_boolean (settings, "follow-system-style"));
  g_assert_false (follows_system (f));
  g_assert_true (prefers_dark ());
  g_assert_cmpfloat (inspector_luminance (f), <, 0.3);

  /* View ▸ Follow System Style: the desktop's value back, kept in the settings. */
  g_action_group_activate_action (G_ACTION_GROUP (f->app), "follow-system-style", NULL);
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_true (follows_system (f));
  g_assert_true (g_settings_get_boolean (settings, "follow-system-style"));
  g_assert_cmpint (prefers_dark (), ==, system_prefers_dark);
  if (!system_prefers_dark)
    g_assert_cmpfloat (inspector_luminance (f), >, 0.7);

  /* And again: dark. */
  g_action_group_activate_action (G_ACTION_GROUP (f->app), "follow-system-style", NULL);
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_false (follows_system (f));
  g_assert_false (g_settings_get_boolean (settings, "follow-system-style"));
  g_assert_true (prefers_dark ());
  g_assert_cmpfloat (inspector_luminance (f), <, 0.3);

  /* A change of the setting from elsewhere (another window, dconf) applies live. */
  g_settings_set_boolean (settings, "follow-system-style", TRUE);
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_true (follows_system (f));
  g_assert_cmpint (prefers_dark (), ==, system_prefers_dark);
}

int
main (int   argc,
      char *argv[])
{
  if (!gui_test_display_or_skip ())
    return 0;

  gtk_test_init (&argc, &argv, NULL);
  system_prefers_dark = prefers_dark ();

  APP_TEST_ADD ("/ossa/window/style", test_window_style);

  return g_test_run ();
}
