/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A person's first minute with the editor: the start page of an empty window and
 * its buttons, the bundled sample (opened as an untitled copy), recent documents
 * in the desktop's list, .smd files dropped on the window, the shortcuts window
 * on a 1280 × 800 screen and the Fit button's tooltip. */
#define G_LOG_DOMAIN "test-window-start"

#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-application.h"
#include "ossa-recent.h"
#include "ossa-smd-import-dialog.h"
#include "ossa-window-private.h"
#include "gui-test-app.h"

/* ---- finding widgets ---- */

typedef gboolean (*WidgetMatch) (GtkWidget *widget, gconstpointer data);

static void
collect (GtkWidget     *widget,
         WidgetMatch    match,
         gconstpointer  data,
         GPtrArray     *found)
{
  if (match (widget, data))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect (child, match, data, found);
}

static GPtrArray *
find_all (gpointer       root,
          WidgetMatch    match,
          gconstpointer  data)
{
  GPtrArray *found = g_ptr_array_new ();

  collect (GTK_WIDGET (root), match, data, found);
  return found;
}

/* "win.tool" or "win.tool::create"-like "win.tool::create" */
static gboolean
has_action (GtkWidget     *widget,
            gconstpointer  data)
{
  const char *wanted = data;
  const char *name;
  GVariant *target;
  g_autofree char *detailed = NULL;

  if (!GTK_IS_BUTTON (widget))
    return FALSE;
  name = gtk_actionable_get_action_name (GTK_ACTIONABLE (widget));
  if (name == NULL)
    return FALSE;
  target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget));
  detailed = g_action_print_detailed_name (name, target);
  return g_str_equal (detailed, wanted);
}

static gboolean
is_visible_label (GtkWidget     *widget,
                  gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_is_drawable (widget)
         && (data == NULL || g_str_equal (gtk_label_get_text (GTK_LABEL (widget)), data));
}

/* The one button on the start page that activates action (detailed), shown. */
static GtkWidget *
start_button (AppFixture *f,
              const char *action)
{
  g_autoptr(GPtrArray) found = find_all (f->window->start_page, has_action, action);

  if (found->len != 1)
    g_test_message ("%u buttons for %s", found->len, action);
  g_assert_cmpuint (found->len, ==, 1);
  g_assert_true (gtk_widget_is_drawable (found->pdata[0]));
  return found->pdata[0];
}

static gboolean
start_page_shown (AppFixture *f)
{
  return gtk_widget_is_drawable (f->window->start_page);
}

/* The recent documents start from none in each test (the tests' own
 * XDG_DATA_HOME, see meson.build, never the person's). */
static void
purge_recent (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (g_getenv ("XDG_DATA_HOME"));
  gtk_recent_manager_purge_items (gtk_recent_manager_get_default (), &error);
  g_assert_no_error (error);
  gui_test_iterate ();
}

static gboolean
recent_has (gpointer data)
{
  return gtk_recent_manager_has_item (gtk_recent_manager_get_default (), data);
}

/* ---- the start page ---- */

static void
test_start_page (AppFixture    *f,
                 gconstpointer  data)
{
  purge_recent ();
  open_window_sized (f, 1280, 800);

  /* An empty window says what to do, over the canvas. */
  g_assert_true (start_page_shown (f));
  start_button (f, "win.tool::create");
  start_button (f, "win.open");
  start_button (f, "win.open-sample");
  start_button (f, "win.import-smd");
  /* No recent documents yet: no empty list. */
  g_assert_false (gtk_widget_is_drawable (GTK_WIDGET (f->window->start_recent_list)));
  {
    g_autoptr(GPtrArray) title = find_all (f->window->start_page, is_visible_label,
                                           "Start a Skeleton");

    g_assert_cmpuint (title->len, ==, 1);
  }

  /* The map workspace hides it; back on the skeleton it is there again. */
  g_assert_true (activate (f, "workspace", g_variant_new_string ("map")));
  g_assert_false (start_page_shown (f));
  g_assert_true (activate (f, "workspace", g_variant_new_string ("skeleton")));
  g_assert_true (start_page_shown (f));

  /* New: the Create tool, and the page goes for good. */
  g_signal_emit_by_name (start_button (f, "win.tool::create"), "clicked");
  gui_test_iterate ();
  g_assert_cmpint (ossa_editor_get_tool (editor_of (f)), ==, OSSA_TOOL_CREATE);
  g_assert_false (start_page_shown (f));
  g_assert_true (activate (f, "tool", g_variant_new_string ("rotate")));
  g_assert_false (start_page_shown (f));
}

static void
test_start_page_goes (AppFixture    *f,
                      gconstpointer  data)
{
  g_autoptr(GFile) file = save_trio (f, "trio.ossa");
  g_autofree char *uri = g_file_get_uri (file);
  OssaWindow *first;

  purge_recent ();

  /* A bone drawn: the page goes. */
  open_window (f);
  g_assert_true (start_page_shown (f));
  add_bone (editor_of (f), "root", -1);
  gui_test_iterate ();
  g_assert_false (start_page_shown (f));
  /* Undone, the document is empty again, but the person has started: it stays
   * away. */
  g_assert_true (activate (f, "undo", NULL));
  g_assert_false (start_page_shown (f));

  /* A file opened: the page goes. */
  open_window (f);
  first = f->window;
  g_assert_true (start_page_shown (f));
  g_assert_true (ossa_window_open_file (f->window, file, NULL));
  gui_test_iterate ();
  g_assert_false (start_page_shown (f));

  /* The next new window lists it under Recent, as a row that opens it. */
  g_assert_true (gui_test_iterate_until (recent_has, uri));
  open_window (f);
  g_assert_true (first != f->window);
  g_assert_true (start_page_shown (f));
  g_assert_true (gtk_widget_is_drawable (GTK_WIDGET (f->window->start_recent_list)));
  {
    g_autofree char *detailed = g_strdup_printf ("win.open-recent('%s')", uri);
    GtkWidget *row = start_button (f, detailed);
    g_autoptr(GPtrArray) name = find_all (row, is_visible_label, "trio.ossa");

    g_assert_cmpuint (name->len, ==, 1);
    g_signal_emit_by_name (row, "clicked");
    gui_test_iterate ();
    wait_for_window_io (f->window);
  }
  g_assert_nonnull (ossa_editor_get_file (editor_of (f)));
  g_assert_true (g_file_equal (ossa_editor_get_file (editor_of (f)), file));
  assert_names (f, "root spine head");
  g_assert_false (start_page_shown (f));
}

/* ---- the sample ---- */

static gboolean
help_menu_has (GMenuModel *menu,
               const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *name = NULL;
      GMenuModel *link;

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &name)
          && g_str_equal (name, action))
        return TRUE;
      link = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);
      if (link == NULL)
        link = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SUBMENU);
      if (link != NULL)
        {
          gboolean found = help_menu_has (link, action);

          g_object_unref (link);
          if (found)
            return TRUE;
        }
    }
  return FALSE;
}

static void
test_open_sample (AppFixture    *f,
                  gconstpointer  data)
{
  g_autoptr(GFile) sample = _ossa_window_dup_sample_file ();
  g_autofree char *path = g_file_get_path (sample);
  g_autofree char *before = NULL;
  GMenuModel *menubar;

  if (g_getenv ("OSSA_SAMPLES_DIR") == NULL)
    {
      g_test_skip ("OSSA_SAMPLES_DIR is not set (meson test sets it)");
      return;
    }
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  before = read_file (path);

  /* Help > Open the Sample. */
  menubar = gtk_application_get_menubar (GTK_APPLICATION (f->app));
  {
    gboolean in_help = FALSE;

    for (int i = 0; i < g_menu_model_get_n_items (menubar); i++)
      {
        g_autofree char *label = NULL;
        g_autoptr(GMenuModel) submenu = g_menu_model_get_item_link (menubar, i,
                                                                    G_MENU_LINK_SUBMENU);

        g_menu_model_get_item_attribute (menubar, i, G_MENU_ATTRIBUTE_LABEL, "s", &label);
        if (g_strcmp0 (label, "_Help") == 0)
          in_help = help_menu_has (submenu, "win.open-sample");
      }
    g_assert_true (in_help);
  }

  open_window (f);
  g_signal_emit_by_name (start_button (f, "win.open-sample"), "clicked");
  gui_test_iterate ();

  /* The hero, with its art, as a copy: untitled, so Save asks where. */
  g_assert_cmpuint (doc_of (f)->skeleton.n_bones, >, 5);
  g_assert_cmpuint (doc_of (f)->n_animations, >, 0);
  g_assert_cmpuint (doc_of (f)->n_slots, >, 5);
  g_assert_null (ossa_editor_get_file (editor_of (f)));
  g_assert_false (start_page_shown (f));
  g_assert_cmpstr (title_of (f), ==, "• Untitled — Ossa");

  rename_bone (editor_of (f), 0, "renamed");
  g_assert_true (activate (f, "save", NULL));
  gui_test_flush (GTK_WIDGET (f->window));
  {
    GtkFileChooser *chooser = find_file_chooser (GTK_WINDOW (f->window));

    g_assert_nonnull (chooser);
    gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
    gui_test_flush (GTK_WIDGET (f->window));
  }
  g_assert_null (ossa_editor_get_file (editor_of (f)));
  {
    g_autofree char *after = read_file (path);

    g_assert_cmpstr (after, ==, before);
  }
}

/* A sample that is not where it should be: a clear message, nothing changed. */
static void
test_open_sample_missing (AppFixture    *f,
                          gconstpointer  data)
{
  g_autofree char *saved = g_strdup (g_getenv ("OSSA_SAMPLES_DIR"));

  g_setenv ("OSSA_SAMPLES_DIR", f->tmpdir, TRUE);
  open_window (f);
  g_assert_true (activate (f, "open-sample", NULL));
  {
    GtkMessageDialog *error = find_error_dialog (GTK_WINDOW (f->window));
    g_autofree char *text = NULL;

    g_assert_nonnull (error);
    g_object_get (error, "text", &text, NULL);
    g_assert_cmpstr (text, ==, "Could not open the sample");
  }
  dismiss_error (f);
  g_assert_cmpuint (doc_of (f)->skeleton.n_bones, ==, 0);
  g_assert_true (start_page_shown (f));
  if (saved != NULL)
    g_setenv ("OSSA_SAMPLES_DIR", saved, TRUE);
  else
    g_unsetenv ("OSSA_SAMPLES_DIR");
}

/* ---- recent documents ---- */

static gboolean
menu_has_target (gpointer data)
{
  g_autofree char *target = NULL;

  return g_menu_model_get_n_items (data) > 0
         && g_menu_model_get_item_attribute (data, 0, G_MENU_ATTRIBUTE_TARGET, "s", &target);
}

static void
test_recent_manager (AppFixture    *f,
                     gconstpointer  data)
{
  g_autoptr(GFile) file = save_trio (f, "shared.ossa");
  g_autofree char *uri = g_file_get_uri (file);
  GMenuModel *recent_menu;

  purge_recent ();
  open_window (f);
  g_assert_true (ossa_window_open_file (f->window, file, NULL));

  /* In the desktop's list, as Ossa's. */
  g_assert_true (gui_test_iterate_until (recent_has, uri));
  {
    GtkRecentInfo *info = gtk_recent_manager_lookup_item (gtk_recent_manager_get_default (),
                                                          uri, NULL);

    g_assert_nonnull (info);
    g_assert_true (gtk_recent_info_has_application (info, OSSA_RECENT_APP_NAME));
    gtk_recent_info_unref (info);
  }

  /* Another program's recent file is not an Ossa document: File > Open Recent
   * lists only ours. */
  {
    g_autofree char *other = g_strdup_printf ("file://%s/notes.txt", f->tmpdir);
    g_autofree char *other_path = tmp_path (f, "notes.txt");

    g_assert_true (g_file_set_contents (other_path, "hi", -1, NULL));
    gtk_recent_manager_add_item (gtk_recent_manager_get_default (), other);
    g_assert_true (gui_test_iterate_until (recent_has, other));
  }
  recent_menu = G_MENU_MODEL (gtk_application_get_menu_by_id (GTK_APPLICATION (f->app),
                                                              "recent-files"));
  /* The manager tells of changes a moment later, all at once. */
  g_assert_true (gui_test_iterate_until (menu_has_target, recent_menu));
  g_assert_cmpint (g_menu_model_get_n_items (recent_menu), ==, 1);
  {
    g_autofree char *target = NULL;

    g_menu_model_get_item_attribute (recent_menu, 0, G_MENU_ATTRIBUTE_TARGET, "s", &target);
    g_assert_cmpstr (target, ==, uri);
  }

  /* The file is what the list says, read back from disk as another program
   * would. */
  {
    g_autofree char *xbel = g_build_filename (g_get_user_data_dir (), "recently-used.xbel",
                                              NULL);
    g_autofree char *text = read_file (xbel);

    g_assert_nonnull (strstr (text, uri));
    g_assert_nonnull (strstr (text, OSSA_RECENT_APP_NAME));
  }
}

/* ---- dropped .smd files ---- */

static gboolean
label_is (GtkWidget     *widget,
          gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && g_str_equal (gtk_label_get_text (GTK_LABEL (widget)), data);
}

static void
test_drop_smd (AppFixture    *f,
               gconstpointer  data)
{
  g_autofree char *path = tmp_path (f, "walker.smd");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GListModel) controllers = NULL;
  GtkDropTarget *target = NULL;
  GValue value = G_VALUE_INIT;
  gboolean accepted = FALSE;
  OssaSmdImportDialog *dialog;

  g_assert_true (g_file_set_contents (path, "version 1\nnodes\n0 \"root\" -1\nend\n", -1, NULL));
  open_window (f);
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->window));
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && target == NULL; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        target = GTK_DROP_TARGET (controller);
    }
  g_assert_nonnull (target);

  g_value_init (&value, GDK_TYPE_FILE_LIST);
  {
    GSList *list = g_slist_prepend (NULL, file);

    g_value_take_boxed (&value, gdk_file_list_new_from_list (list));
    g_slist_free (list);
  }
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &accepted);
  g_value_unset (&value);
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_true (accepted);

  /* Not an .ossa to load: no error, the document as it was, and the Import SMD
   * dialog with the file as its reference. */
  g_assert_null (find_error_dialog (GTK_WINDOW (f->window)));
  g_assert_cmpuint (doc_of (f)->skeleton.n_bones, ==, 0);
  dialog = (OssaSmdImportDialog *) find_transient (GTK_WINDOW (f->window),
                                                   OSSA_TYPE_SMD_IMPORT_DIALOG);
  g_assert_nonnull (dialog);
  {
    g_autoptr(GPtrArray) shown = find_all (dialog, label_is, "walker.smd");

    g_assert_cmpuint (shown->len, ==, 1);
  }
  gtk_window_destroy (GTK_WINDOW (dialog));
  gui_test_iterate ();
}

/* ---- the shortcuts window ---- */

static gboolean
is_row (GtkWidget     *widget,
        gconstpointer  data)
{
  return GTK_IS_LIST_BOX_ROW (widget);
}

static gboolean
is_nonempty_label (GtkWidget     *widget,
                   gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_label_get_text (GTK_LABEL (widget))[0] != '\0';
}

static void
test_shortcuts_window (AppFixture    *f,
                       gconstpointer  data)
{
  GtkWindow *overlay;
  int minimum = 0, natural = 0;
  GLogLevelFlags fatal;

  open_window (f);
  /* GTK 4.8's shortcuts window warns that one of its own labels "reported min
   * width -4" under the default theme (it clamps it and carries on): not fatal
   * here, criticals still are. */
  fatal = g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  overlay = GTK_WINDOW (gtk_application_window_get_help_overlay (
                          GTK_APPLICATION_WINDOW (f->window)));
  g_assert_nonnull (overlay);
  g_assert_true (activate (f, "show-help-overlay", NULL));
  gui_test_flush (GTK_WIDGET (overlay));

  /* It fits a 1280 × 800 screen, whichever section is on show, with room left
   * for a desktop's top bar. */
  gtk_widget_measure (GTK_WIDGET (overlay), GTK_ORIENTATION_VERTICAL, -1,
                      &minimum, &natural, NULL, NULL);
  g_test_message ("shortcuts window: %d × %d, natural height %d",
                  gtk_widget_get_width (GTK_WIDGET (overlay)),
                  gtk_widget_get_height (GTK_WIDGET (overlay)), natural);
  g_assert_cmpint (natural, <=, 740);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (overlay)), <=, 740);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (overlay)), <=, 1280);

  /* Its section selector lists the sections by name. */
  {
    g_autoptr(GPtrArray) rows = find_all (overlay, is_row, NULL);

    g_assert_cmpuint (rows->len, >=, 2);
    for (guint i = 0; i < rows->len; i++)
      {
        g_autoptr(GPtrArray) labels = find_all (rows->pdata[i], is_nonempty_label, NULL);

        g_assert_cmpuint (labels->len, >=, 1);
      }
  }
  gtk_window_close (overlay);
  gui_test_iterate ();
  g_log_set_always_fatal (fatal);
}

/* ---- the tool row ---- */

static void
test_fit_tooltip (AppFixture    *f,
                  gconstpointer  data)
{
  g_autoptr(GPtrArray) fit = NULL;
  const char *tooltip;

  open_window (f);
  fit = find_all (f->window, has_action, "win.fit");
  g_assert_cmpuint (fit->len, ==, 1);
  tooltip = gtk_widget_get_tooltip_text (fit->pdata[0]);
  /* The key the window binds to win.fit (ossa-window-actions.c). */
  g_assert_nonnull (strstr (tooltip, "(F)"));
  g_assert_null (strstr (tooltip, "Home"));
}

int
main (int   argc,
      char *argv[])
{
  if (!gui_test_display_or_skip ())
    return 0;

  gtk_test_init (&argc, &argv, NULL);

  APP_TEST_ADD ("/ossa/window/start-page", test_start_page);
  APP_TEST_ADD ("/ossa/window/start-page-goes", test_start_page_goes);
  APP_TEST_ADD ("/ossa/window/open-sample", test_open_sample);
  APP_TEST_ADD ("/ossa/window/open-sample-missing", test_open_sample_missing);
  APP_TEST_ADD ("/ossa/window/recent-manager", test_recent_manager);
  APP_TEST_ADD ("/ossa/window/drop-smd", test_drop_smd);
  APP_TEST_ADD ("/ossa/window/shortcuts-window", test_shortcuts_window);
  APP_TEST_ADD ("/ossa/window/fit-tooltip", test_fit_tooltip);

  return g_test_run ();
}
