/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-window"

#include "config.h"

#include <stdio.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-application.h"
#include "ossa-bone-object.h"
#include "ossa-gerror.h"
#include "ossa-window.h"

typedef struct
{
  OssaApplication *app;
  OssaWindow      *window;
  char            *tmpdir;
} Fixture;

/* Lets GTK lay out and paint the window, then waits for the X server. */
static void
flush_widget (GtkWidget *widget)
{
  gtk_test_widget_wait_for_draw (widget);
  gdk_display_sync (gtk_widget_get_display (widget));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  /* NON_UNIQUE: each test gets its own primary instance, and none is looked for
   * on a session bus that the test machine may not have. */
  f->app = g_object_new (OSSA_TYPE_APPLICATION,
                         "application-id", APP_ID,
                         "flags", G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE,
                         NULL);
  g_application_register (G_APPLICATION (f->app), NULL, &error);
  g_assert_no_error (error);

  f->tmpdir = g_dir_make_tmp ("ossa-test-window-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (f->app)));

  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_destroy (GTK_WINDOW (l->data));
  g_list_free (windows);
  while (g_main_context_iteration (NULL, FALSE))
    ;

  g_clear_object (&f->app);
  g_rmdir (f->tmpdir);
  g_clear_pointer (&f->tmpdir, g_free);
}

static void
open_window (Fixture *f)
{
  f->window = ossa_window_new (f->app);
  gtk_window_present (GTK_WINDOW (f->window));
  flush_widget (GTK_WIDGET (f->window));
}

/* A document made with the core API, saved as a real file in the test's folder. */
static GFile *
save_document (Fixture            *f,
               const char         *basename,
               const char * const *names,
               const int          *parents,
               guint               n_animations)
{
  g_autofree char *path = g_build_filename (f->tmpdir, basename, NULL);
  static const guint32 colors[] = { 0xc0504dff, 0x66bb6aff, 0x4a90d9ff, 0xffffffff };
  OssaTransform rest = ossa_transform_identity ();
  OssaDocument *doc = ossa_document_new ();
  OssaError err;

  ossa_error_clear (&err);
  g_assert_nonnull (doc);
  for (guint i = 0; names[i] != NULL; i++)
    {
      rest.x = 1.0f;
      g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, names[i], parents[i], &rest,
                                               1.0f, colors[i % G_N_ELEMENTS (colors)], &err),
                       ==, i);
    }
  for (guint i = 0; i < n_animations; i++)
    {
      g_autofree char *name = g_strdup_printf ("anim%u", i);
      OssaAnimation anim;

      g_assert_true (ossa_animation_init (&anim, name));
      anim.duration = 1.0f;
      g_assert_cmpint (ossa_document_take_animation (doc, &anim, &err), ==, i);
    }

  if (!ossa_document_save (doc, path, &err))
    g_error ("saving %s: %s", path, err.message);
  ossa_document_free (doc);

  return g_file_new_for_path (path);
}

static GFile *
write_bytes (Fixture    *f,
             const char *basename,
             const char *contents,
             gssize      length)
{
  g_autofree char *path = g_build_filename (f->tmpdir, basename, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, contents, length, &error);
  g_assert_no_error (error);
  return g_file_new_for_path (path);
}

static void
remove_file (GFile *file)
{
  g_file_delete (file, NULL, NULL);
}

/* "name@depth" for every row the window lists, in order. */
static char *
dup_listed (OssaWindow *window)
{
  GListModel *bones = ossa_window_get_bones (window);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (bones); i++)
    {
      g_autoptr(OssaBoneObject) bone = g_list_model_get_item (bones, i);

      g_string_append_printf (s, "%s%s@%u", i ? " " : "",
                              ossa_bone_object_get_name (bone),
                              ossa_bone_object_get_depth (bone));
    }
  return g_string_free (s, FALSE);
}

static void
collect_row_labels (GtkWidget *widget,
                    GString   *s)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "bone-name") &&
      gtk_widget_get_mapped (widget))
    g_string_append_printf (s, "%s%s", s->len ? " " : "",
                            gtk_label_get_text (GTK_LABEL (widget)));

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_row_labels (child, s);
}

/* What a person sees in the list: the mapped row labels, top to bottom. */
static char *
dup_shown (OssaWindow *window)
{
  GString *s = g_string_new (NULL);

  collect_row_labels (GTK_WIDGET (window), s);
  return g_string_free (s, FALSE);
}

static GtkMessageDialog *
find_error_dialog (GtkWindow *parent)
{
  GtkMessageDialog *found = NULL;
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (GTK_IS_MESSAGE_DIALOG (toplevel) &&
          gtk_window_get_transient_for (toplevel) == parent &&
          gtk_widget_get_visible (GTK_WIDGET (toplevel)))
        {
          g_assert_null (found);
          found = GTK_MESSAGE_DIALOG (toplevel);
        }
    }
  return found;
}

static void
test_window_empty (Fixture       *f,
                   gconstpointer  data)
{
  open_window (f);

  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (f->window)), ==, "Ossa");
  g_assert_null (ossa_window_get_file (f->window));
  g_assert_null (ossa_window_get_document (f->window));
  g_assert_cmpuint (g_list_model_get_n_items (ossa_window_get_bones (f->window)), ==, 0);
  g_assert_cmpstr (ossa_window_get_status_text (f->window), ==, "");

  /* GtkApplication found the menu bar and the shortcuts window in the resource. */
  g_assert_nonnull (gtk_application_get_menubar (GTK_APPLICATION (f->app)));
  g_assert_true (gtk_application_window_get_show_menubar (GTK_APPLICATION_WINDOW (f->window)));
  g_assert_nonnull (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (f->window)));

  /* Every menu item has its action. */
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (f->app), "quit"));
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (f->app), "about"));
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (f->app), "new-window"));
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (f->window), "show-help-overlay"));
}

static void
test_window_accels (Fixture       *f,
                    gconstpointer  data)
{
  static const struct { const char *action; const char *accel; } expected[] = {
    { "win.open", "<Control>o" },
    { "window.close", "<Control>w" },
    { "app.quit", "<Control>q" },
    { "win.show-help-overlay", "<Control>question" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_auto(GStrv) accels =
        gtk_application_get_accels_for_action (GTK_APPLICATION (f->app), expected[i].action);

      g_assert_nonnull (accels[0]);
      g_assert_cmpstr (accels[0], ==, expected[i].accel);
    }
}

static void
test_window_open (Fixture       *f,
                  gconstpointer  data)
{
  static const char * const names[] = { "root", "spine", "head", NULL };
  static const int parents[] = { -1, 0, 1 };
  g_autoptr(GFile) file = save_document (f, "trio.ossa", names, parents, 1);
  g_autoptr(GError) error = NULL;
  g_autofree char *listed = NULL;
  g_autofree char *shown = NULL;

  open_window (f);
  g_assert_true (ossa_window_open_file (f->window, file, &error));
  g_assert_no_error (error);
  flush_widget (GTK_WIDGET (f->window));

  listed = dup_listed (f->window);
  g_assert_cmpstr (listed, ==, "root@0 spine@1 head@2");
  shown = dup_shown (f->window);
  g_assert_cmpstr (shown, ==, "root spine head");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (f->window)), ==, "trio — Ossa");
  g_assert_cmpstr (ossa_window_get_status_text (f->window), ==,
                   "3 bones, 1 animation — trio.ossa");
  g_assert_true (g_file_equal (ossa_window_get_file (f->window), file));
  g_assert_null (find_error_dialog (GTK_WINDOW (f->window)));

  remove_file (file);
}

static void
test_window_tree_order (Fixture       *f,
                        gconstpointer  data)
{
  /* Index order differs from tree order: "hand" (3) belongs under "arm" (1). */
  static const char * const names[] = { "root", "arm", "leg", "hand", "tail", NULL };
  static const int parents[] = { -1, 0, 0, 1, -1 };
  g_autoptr(GFile) file = save_document (f, "tree.ossa", names, parents, 0);
  g_autoptr(GError) error = NULL;
  g_autofree char *listed = NULL;
  g_autofree char *shown = NULL;

  open_window (f);
  g_assert_true (ossa_window_open_file (f->window, file, &error));
  g_assert_no_error (error);
  flush_widget (GTK_WIDGET (f->window));

  listed = dup_listed (f->window);
  g_assert_cmpstr (listed, ==, "root@0 arm@1 hand@2 leg@1 tail@0");
  shown = dup_shown (f->window);
  g_assert_cmpstr (shown, ==, "root arm hand leg tail");
  g_assert_cmpstr (ossa_window_get_status_text (f->window), ==,
                   "5 bones, 0 animations — tree.ossa");

  remove_file (file);
}

static void
assert_open_fails (Fixture    *f,
                   GFile      *file,
                   const char *before_listed,
                   const char *before_title)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *listed = NULL;
  g_autofree char *text = NULL;
  g_autofree char *secondary = NULL;
  GtkMessageDialog *dialog;

  g_assert_false (ossa_window_open_file (f->window, file, &error));
  g_assert_error (error, OSSA_CORE_ERROR, error->code);
  g_assert_cmpint (error->code, !=, OSSA_ERROR_NONE);
  g_test_message ("%s: %s", basename, error->message);
  flush_widget (GTK_WIDGET (f->window));

  /* The message names the file and gives the core's reason ... */
  dialog = find_error_dialog (GTK_WINDOW (f->window));
  g_assert_nonnull (dialog);
  g_object_get (dialog, "text", &text, "secondary-text", &secondary, NULL);
  g_assert_nonnull (strstr (text, basename));
  g_assert_cmpstr (secondary, ==, error->message);
  g_assert_nonnull (strstr (secondary, basename));

  /* ... and the window is as it was. */
  listed = dup_listed (f->window);
  g_assert_cmpstr (listed, ==, before_listed);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (f->window)), ==, before_title);

  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CLOSE);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_null (find_error_dialog (GTK_WINDOW (f->window)));
}

static void
test_window_open_broken (Fixture       *f,
                         gconstpointer  data)
{
  static const char * const names[] = { "root", "spine", "head", NULL };
  static const int parents[] = { -1, 0, 1 };
  static const char junk[] = "this is not an Ossa document\n\xff\xfe\x01\x02";
  g_autoptr(GFile) good = save_document (f, "trio.ossa", names, parents, 0);
  g_autoptr(GFile) broken = write_bytes (f, "broken.ossa", junk, sizeof junk - 1);
  g_autoptr(GFile) empty = write_bytes (f, "empty.ossa", "", 0);
  g_autoptr(GFile) missing = NULL;
  g_autofree char *missing_path = g_build_filename (f->tmpdir, "missing.ossa", NULL);
  g_autofree char *status = NULL;

  missing = g_file_new_for_path (missing_path);

  open_window (f);

  /* Nothing loaded yet: a failure leaves the empty window empty. */
  assert_open_fails (f, broken, "", "Ossa");
  g_assert_null (ossa_window_get_file (f->window));

  g_assert_true (ossa_window_open_file (f->window, good, NULL));
  status = g_strdup (ossa_window_get_status_text (f->window));

  assert_open_fails (f, broken, "root@0 spine@1 head@2", "trio — Ossa");
  assert_open_fails (f, empty, "root@0 spine@1 head@2", "trio — Ossa");
  assert_open_fails (f, missing, "root@0 spine@1 head@2", "trio — Ossa");
  g_assert_true (g_file_equal (ossa_window_get_file (f->window), good));
  g_assert_cmpstr (ossa_window_get_status_text (f->window), ==, status);

  remove_file (good);
  remove_file (broken);
  remove_file (empty);
}

static GtkFileChooser *
find_file_chooser (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER (toplevel) &&
          gtk_window_get_transient_for (toplevel) == parent &&
          gtk_widget_get_visible (GTK_WIDGET (toplevel)))
        return GTK_FILE_CHOOSER (toplevel);
    }
  return NULL;
}

/* File > Open… as a person uses it: the chooser comes up with the .ossa filter,
 * Cancel changes nothing, choosing a file opens it. Without a portal (as here)
 * GtkFileChooserNative shows a GtkFileChooserDialog, which the test answers. */
static void
test_window_open_action (Fixture       *f,
                         gconstpointer  data)
{
  static const char * const names[] = { "root", "spine", "head", NULL };
  static const int parents[] = { -1, 0, 1 };
  g_autoptr(GFile) file = save_document (f, "chosen.ossa", names, parents, 0);
  g_autoptr(GError) error = NULL;
  g_autofree char *listed = NULL;
  GtkFileChooser *chooser;
  GtkFileFilter *filter;

  open_window (f);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.open", NULL));
  flush_widget (GTK_WIDGET (f->window));
  chooser = find_file_chooser (GTK_WINDOW (f->window));
  g_assert_nonnull (chooser);
  filter = gtk_file_chooser_get_filter (chooser);
  g_assert_nonnull (filter);
  g_assert_cmpstr (gtk_file_filter_get_name (filter), ==, "Ossa documents (*.ossa)");
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
  flush_widget (GTK_WIDGET (f->window));
  g_assert_null (find_file_chooser (GTK_WINDOW (f->window)));
  g_assert_null (ossa_window_get_file (f->window));
  g_assert_null (find_error_dialog (GTK_WINDOW (f->window)));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.open", NULL));
  flush_widget (GTK_WIDGET (f->window));
  chooser = find_file_chooser (GTK_WINDOW (f->window));
  g_assert_nonnull (chooser);
  gtk_file_chooser_set_file (chooser, file, &error);
  g_assert_no_error (error);
  /* The chooser loads the folder before it selects the file, and refuses to
   * answer "Open" until then. */
  for (guint i = 0; i < 500; i++)
    {
      g_autoptr(GFile) selected = gtk_file_chooser_get_file (chooser);

      if (selected != NULL && g_file_equal (selected, file))
        break;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (10000);
    }
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  flush_widget (GTK_WIDGET (f->window));

  g_assert_null (find_file_chooser (GTK_WINDOW (f->window)));
  g_assert_nonnull (ossa_window_get_file (f->window));
  g_assert_true (g_file_equal (ossa_window_get_file (f->window), file));
  listed = dup_listed (f->window);
  g_assert_cmpstr (listed, ==, "root@0 spine@1 head@2");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (f->window)), ==, "chosen — Ossa");

  remove_file (file);
}

static void
test_window_settings (Fixture       *f,
                      gconstpointer  data)
{
  static const char * const names[] = { "solo", NULL };
  static const int parents[] = { -1 };
  g_autoptr(GFile) file = save_document (f, "solo.ossa", names, parents, 0);
  GSettings *settings = ossa_application_get_settings (f->app);
  g_auto(GStrv) recent = NULL;
  g_autofree char *uri = g_file_get_uri (file);
  int width, height;

  if (settings == NULL)
    {
      g_test_skip ("the GSettings schema is not compiled (GSETTINGS_SCHEMA_DIR)");
      return;
    }

  g_settings_set_int (settings, "window-width", 800);
  g_settings_set_int (settings, "window-height", 500);
  open_window (f);
  gtk_window_get_default_size (GTK_WINDOW (f->window), &width, &height);
  g_assert_cmpint (width, ==, 800);
  g_assert_cmpint (height, ==, 500);

  g_assert_true (ossa_window_open_file (f->window, file, NULL));
  recent = g_settings_get_strv (settings, "recent-files");
  g_assert_cmpstr (recent[0], ==, uri);

  gtk_window_set_default_size (GTK_WINDOW (f->window), 900, 600);
  gtk_window_close (GTK_WINDOW (f->window));
  f->window = NULL;
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 900);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 600);

  remove_file (file);
}

int
main (int   argc,
      char *argv[])
{
  const char *display = g_getenv ("DISPLAY");
  const char *wayland = g_getenv ("WAYLAND_DISPLAY");

  /* gtk_test_init() aborts without a display; decide before touching GTK. */
  if ((display == NULL || display[0] == '\0') && (wayland == NULL || wayland[0] == '\0'))
    {
      printf ("1..0 # SKIP no display\n");
      return 0;
    }

  gtk_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("/ossa/window/empty", test_window_empty);
  ADD ("/ossa/window/accels", test_window_accels);
  ADD ("/ossa/window/open", test_window_open);
  ADD ("/ossa/window/tree-order", test_window_tree_order);
  ADD ("/ossa/window/open-broken", test_window_open_broken);
  ADD ("/ossa/window/open-action", test_window_open_action);
  ADD ("/ossa/window/settings", test_window_settings);
#undef ADD

  return g_test_run ();
}
