/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The editor's window at 1280 × 800 in one language (--lang=en, ko or hi; meson
 * runs it once for each): with the sample and an animation of a long name, every
 * widget of the timeline's header, the tool rows and the status bar lies inside
 * the window, and none is narrower than its text needs (GTK 4 cuts a squeezed
 * widget without a word). Each workspace is saved as a picture in the build
 * folder, window-fit-LANG-WORKSPACE.png, for a person to look at. */
#define G_LOG_DOMAIN "test-window-fit"

#include "config.h"

#include <libintl.h>
#include <locale.h>
#include <string.h>

#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-application.h"
#include "ossa-window-private.h"
#include "gui-test-app.h"

#define WIDTH  1280
#define HEIGHT 800

/* 60 characters, as a person names a take in a hurry. */
#define LONG_NAME "walk_cycle_left_turn_with_arm_swing_and_head_bob_final_v2_ok"

static const char *language = "en";

/* The first descendant of root (root itself included) with the CSS class. */
static GtkWidget *
find_by_class (GtkWidget  *root,
               const char *css_class)
{
  if (gtk_widget_has_css_class (root, css_class))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_NATIVE (child))
        continue;
      found = find_by_class (child, css_class);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The first label in root showing text. */
static GtkLabel *
find_label (GtkWidget  *root,
            const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return GTK_LABEL (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found;

      if (GTK_IS_NATIVE (child))
        continue;
      found = find_label (child, text);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A label that may show less than its text: an ellipsized one says so. */
static gboolean
may_shorten (GtkWidget *widget)
{
  return GTK_IS_LABEL (widget)
         && (gtk_label_get_ellipsize (GTK_LABEL (widget)) != PANGO_ELLIPSIZE_NONE
             || gtk_label_get_wrap (GTK_LABEL (widget)));
}

/* Whether widget or one of its descendants may shorten its text. */
static gboolean
holds_shortening (GtkWidget *widget)
{
  if (may_shorten (widget))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (!GTK_IS_NATIVE (child) && holds_shortening (child))
      return TRUE;
  return FALSE;
}

/* Every visible widget in root lies inside the window, and none that cannot
 * shorten its text is narrower than it would be; what is wrong, appended to
 * problems ("where: what"), so that one run names all of it. */
static void
check_fits (GtkWidget  *window,
            GtkWidget  *widget,
            const char *where,
            GString    *problems)
{
  graphene_rect_t bounds;

  if (!gtk_widget_get_visible (widget) || GTK_IS_NATIVE (widget))
    return;
  if (!gtk_widget_get_mapped (widget))
    return;
  if (gtk_widget_compute_bounds (widget, window, &bounds)
      && bounds.size.width > 0 && bounds.size.height > 0)
    {
      const char *text = GTK_IS_LABEL (widget) ? gtk_label_get_text (GTK_LABEL (widget))
                         : gtk_widget_get_tooltip_text (widget);
      int min = 0, nat = 0;
      GtkAllocation allocation;

      if (bounds.origin.x < -0.5 || bounds.origin.x + bounds.size.width > WIDTH + 0.5
          || bounds.origin.y < -0.5 || bounds.origin.y + bounds.size.height > HEIGHT + 0.5)
        g_string_append_printf (problems, "%s: %s \"%s\" at x %.0f–%.0f, y %.0f–%.0f is outside "
                                "the %d × %d window\n", where, G_OBJECT_TYPE_NAME (widget),
                                text != NULL ? text : "", bounds.origin.x,
                                bounds.origin.x + bounds.size.width, bounds.origin.y,
                                bounds.origin.y + bounds.size.height, WIDTH, HEIGHT);
      /* Both with borders and padding; the measure also with the margins. */
      gtk_widget_get_allocation (widget, &allocation);
      gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
      nat -= gtk_widget_get_margin_start (widget) + gtk_widget_get_margin_end (widget);
      if (!holds_shortening (widget) && allocation.width < nat)
        g_string_append_printf (problems, "%s: %s \"%s\" is %d px wide, its content %d px\n",
                                where, G_OBJECT_TYPE_NAME (widget), text != NULL ? text : "",
                                allocation.width, nat);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    check_fits (window, child, where, problems);
}

/* The window as its renderer draws it, saved as window-fit-LANG-name.png in the
 * build folder. */
static void
save_picture (AppFixture *f,
              const char *name)
{
  GtkWidget *window = GTK_WIDGET (f->window);
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (window));
  GskRenderNode *node = gui_test_widget_node (window);
  g_autofree char *basename = g_strdup_printf ("window-fit-%s-%s.png", language, name);
  g_autofree char *path = g_build_filename (g_getenv ("G_TEST_BUILDDIR") != NULL
                                            ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                            basename, NULL);
  GdkTexture *texture;

  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (window),
                                                              gtk_widget_get_height (window)));
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("picture: %s", path);
  g_object_unref (texture);
  gsk_render_node_unref (node);
}

static void
check_class (AppFixture *f,
             GtkWidget  *root,
             const char *css_class,
             GString    *problems)
{
  GtkWidget *found = find_by_class (root, css_class);

  g_assert_nonnull (found);
  g_assert_true (gtk_widget_get_mapped (found));
  {
    int nat = 0;

    gtk_widget_measure (found, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL, NULL);
    g_test_message ("%s: %d px wide, %d px wanted", css_class, gtk_widget_get_width (found), nat);
  }
  check_fits (GTK_WIDGET (f->window), found, css_class, problems);
}

static void
test_window_fit (AppFixture    *f,
                 gconstpointer  data)
{
  g_autoptr(GString) problems = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  GtkWidget *window;
  int animation;

  if (g_getenv ("OSSA_SAMPLES_DIR") == NULL)
    {
      g_test_skip ("OSSA_SAMPLES_DIR is not set (meson test sets it)");
      return;
    }

  open_window_sized (f, WIDTH, HEIGHT);
  window = GTK_WIDGET (f->window);
  g_assert_true (activate (f, "open-sample", NULL));
  g_assert_cmpuint (doc_of (f)->n_animations, >, 0);
  animation = ossa_editor_add_animation (editor_of (f), LONG_NAME, &error);
  g_assert_no_error (error);
  ossa_editor_set_animation (editor_of (f), animation);
  g_assert_true (activate (f, "mode", g_variant_new_string ("animate")));
  gui_test_flush (window);
  g_assert_cmpint (gtk_widget_get_width (window), ==, WIDTH);
  g_assert_cmpint (gtk_widget_get_height (window), ==, HEIGHT);

  /* The animation's name is cut in the middle on the header, and whole in its
   * tooltip. */
  {
    GtkLabel *name = find_label (GTK_WIDGET (f->window->timeline), LONG_NAME);

    g_assert_nonnull (name);
    g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (name)));
    g_assert_true (pango_layout_is_ellipsized (gtk_label_get_layout (name)));
    g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (name)), ==, LONG_NAME);
  }

  /* The skeleton workspace: its tool row, the timeline's header, the status bar. */
  check_class (f, window, "tool-row", problems);
  check_class (f, GTK_WIDGET (f->window->timeline), "timeline-header", problems);
  check_class (f, window, "status-bar", problems);
  save_picture (f, "skeleton");

  /* The map workspace: its own tool row and the same status bar. */
  g_assert_true (activate (f, "workspace", g_variant_new_string ("map")));
  gui_test_flush (window);
  check_class (f, GTK_WIDGET (f->window->map_editor), "tool-row", problems);
  check_class (f, window, "status-bar", problems);
  save_picture (f, "map");

  if (problems->len > 0)
    g_test_message ("in %s:\n%s", language, problems->str);
  g_assert_cmpstr (problems->str, ==, "");
}

int
main (int   argc,
      char *argv[])
{
  const char *build_root = g_getenv ("OSSA_BUILD_ROOT");
  g_autofree char *localedir = NULL;

  if (!gui_test_display_or_skip ())
    return 0;

  /* --lang=LANG before GTK starts: gettext reads LANGUAGE at each lookup, and
   * ignores it only in the plain C locale. */
  for (int i = 1; i < argc; i++)
    if (g_str_has_prefix (argv[i], "--lang="))
      language = argv[i] + strlen ("--lang=");
  g_setenv ("LANGUAGE", language, TRUE);
  setlocale (LC_ALL, "C.UTF-8");
  localedir = build_root != NULL ? g_build_filename (build_root, "po", NULL)
                                 : g_strdup (LOCALEDIR);
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  gtk_test_init (&argc, &argv, NULL);

  /* The catalog is found: otherwise every language would be checked in English. */
  if (strcmp (language, "en") != 0)
    g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "Length"), !=, "Length");

  APP_TEST_ADD ("/window/fit", test_window_fit);
  return g_test_run ();
}
