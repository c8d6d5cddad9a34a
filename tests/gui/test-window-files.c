/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Documents in the window: the title and its unsaved mark, Save (and a save that
 * fails), New, Open over unsaved changes, broken files, File > Open…, a dropped
 * file, the settings (window size, Open Recent, shown names and meshes), and the
 * suffix a chooser adds to a typed name. */
#define G_LOG_DOMAIN "test-window-files"

#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-application.h"
#include "ossa-dialogs.h"
#include "ossa-gerror.h"
#include "ossa-window-private.h"
#include "gui-test-app.h"

/* ---- title ---- */

static void
test_window_title (AppFixture    *f,
                   gconstpointer  data)
{
  g_autoptr(GFile) file = save_trio (f, "trio.ossa");
  g_autoptr(GError) error = NULL;

  open_window (f);
  g_assert_cmpstr (title_of (f), ==, "Untitled — Ossa");

  add_bone (editor_of (f), "root", -1);
  g_assert_cmpstr (title_of (f), ==, "• Untitled — Ossa");
  g_assert_true (ossa_editor_undo (editor_of (f), NULL));
  g_assert_cmpstr (title_of (f), ==, "Untitled — Ossa");
  g_assert_true (ossa_editor_redo (editor_of (f), NULL));
  g_assert_cmpstr (title_of (f), ==, "• Untitled — Ossa");

  /* Opening needs no question from an unmodified document only; this one asks. */
  ossa_window_open (f->window, file);
  answer_question (f, GTK_RESPONSE_REJECT);
  g_assert_cmpstr (title_of (f), ==, "trio — Ossa");

  rename_bone (editor_of (f), 1, "back");
  g_assert_cmpstr (title_of (f), ==, "• trio — Ossa");
  g_assert_true (activate (f, "save", NULL));
  g_assert_cmpstr (title_of (f), ==, "trio — Ossa");
  g_assert_false (ossa_editor_get_modified (editor_of (f)));
}

/* ---- files ---- */

static void
test_window_save_reload (AppFixture    *f,
                         gconstpointer  data)
{
  g_autoptr(GFile) file = save_trio (f, "trio.ossa");
  OssaWindow *second;

  open_window (f);
  g_assert_true (ossa_window_open_file (f->window, file, NULL));
  rename_bone (editor_of (f), 2, "skull");
  add_bone (editor_of (f), "jaw", 2);
  g_assert_true (ossa_editor_get_modified (editor_of (f)));

  /* Save writes to the open file without asking. */
  g_assert_true (activate (f, "save", NULL));
  g_assert_null (find_file_chooser (GTK_WINDOW (f->window)));
  g_assert_false (ossa_editor_get_modified (editor_of (f)));
  g_assert_cmpstr (title_of (f), ==, "trio — Ossa");

  second = ossa_window_new (GTK_APPLICATION (f->app));
  g_assert_true (ossa_window_open_file (second, file, NULL));
  {
    const OssaSkeleton *a = &ossa_editor_get_document (editor_of (f))->skeleton;
    const OssaSkeleton *b = &ossa_editor_get_document (ossa_window_get_editor (second))->skeleton;

    g_assert_cmpuint (b->n_bones, ==, 4);
    g_assert_cmpuint (a->n_bones, ==, b->n_bones);
    for (gsize i = 0; i < a->n_bones; i++)
      {
        g_assert_cmpstr (a->bones[i].name, ==, b->bones[i].name);
        g_assert_cmpint (a->bones[i].parent, ==, b->bones[i].parent);
        g_assert_cmpfloat (a->bones[i].rest.x, ==, b->bones[i].rest.x);
      }
  }
  gtk_window_destroy (GTK_WINDOW (second));
}

static void
recent_changed_cb (GtkRecentManager *manager,
                   gboolean         *changed)
{
  *changed = TRUE;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *) data;
}

/* GtkRecentManager writes recently-used.xbel as it tells of a change, a moment
 * after a file was added. */
static void
wait_for_recent_written (void)
{
  GtkRecentManager *manager = gtk_recent_manager_get_default ();
  gboolean changed = FALSE;
  gulong id = g_signal_connect (manager, "changed", G_CALLBACK (recent_changed_cb), &changed);

  g_assert_true (gui_test_iterate_until (is_true, &changed));
  g_signal_handler_disconnect (manager, id);
}

static void
test_window_save_fails (AppFixture    *f,
                        gconstpointer  data)
{
  g_autoptr(GFile) file = save_trio (f, "trio.ossa");
  g_autoptr(GFile) blocker = save_trio (f, "not-a-folder.ossa");
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *bad_path = tmp_path (f, "not-a-folder.ossa/inside.ossa");
  g_autoptr(GFile) bad = g_file_new_for_path (bad_path);
  g_autofree char *before = read_file (path);
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  struct rlimit old_limit, limit;
  GStatBuf before_stat, after_stat;
  g_autofree char *secondary = NULL;

  open_window (f);
  g_assert_true (ossa_window_open_file (f->window, file, NULL));
  /* The recent files are written a moment after the open: not under the file
   * size limit below. */
  wait_for_recent_written ();
  add_bone (editor_of (f), "tail", 0);
  g_assert_true (ossa_editor_get_modified (editor_of (f)));

  /* A path that cannot be written: the folder is a file. */
  g_assert_false (ossa_window_save_file (f->window, bad, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_true (ossa_editor_get_modified (editor_of (f)));
  g_assert_true (g_file_equal (ossa_editor_get_file (editor_of (f)), file));
  g_assert_cmpstr (title_of (f), ==, "• trio — Ossa");
  g_object_get (find_error_dialog (GTK_WINDOW (f->window)), "secondary-text", &secondary, NULL);
  g_assert_cmpstr (secondary, ==, error->message);
  dismiss_error (f);
  g_clear_error (&error);

  /* Save over the existing file while writing fails part way (a file size limit
   * stands in for a full disk; it holds for root too, unlike permissions): the
   * old file stays as it was. */
  g_assert_cmpint (g_stat (path, &before_stat), ==, 0);
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &old_limit), ==, 0);
  limit = old_limit;
  limit.rlim_cur = 16;
  signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  g_assert_true (activate (f, "save", NULL));
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &old_limit), ==, 0);
  signal (SIGXFSZ, SIG_DFL);

  g_assert_nonnull (find_error_dialog (GTK_WINDOW (f->window)));
  dismiss_error (f);
  g_assert_true (ossa_editor_get_modified (editor_of (f)));
  g_assert_cmpstr (title_of (f), ==, "• trio — Ossa");
  after = read_file (path);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpint (g_stat (path, &after_stat), ==, 0);
  g_assert_cmpint (after_stat.st_size, ==, before_stat.st_size);
  g_assert_cmpint (after_stat.st_mtime, ==, before_stat.st_mtime);
  g_assert_cmpint (after_stat.st_ino, ==, before_stat.st_ino);

  /* With the limit gone, the same Save works. */
  g_assert_true (activate (f, "save", NULL));
  g_assert_null (find_error_dialog (GTK_WINDOW (f->window)));
  g_assert_false (ossa_editor_get_modified (editor_of (f)));
}

static void
test_window_new (AppFixture    *f,
                 gconstpointer  data)
{
  g_autoptr(GFile) file = save_trio (f, "trio.ossa");

  open_window (f);
  g_assert_true (ossa_window_open_file (f->window, file, NULL));

  /* Unmodified: New replaces it at once. */
  g_action_group_activate_action (G_ACTION_GROUP (f->app), "new", NULL);
  gui_test_iterate ();
  g_assert_null (find_question (GTK_WINDOW (f->window)));
  assert_names (f, "");
  g_assert_cmpstr (title_of (f), ==, "Untitled — Ossa");

  /* Modified: asks; Cancel keeps it, Discard replaces it. */
  add_bone (editor_of (f), "root", -1);
  g_action_group_activate_action (G_ACTION_GROUP (f->app), "new", NULL);
  answer_question (f, GTK_RESPONSE_CANCEL);
  assert_names (f, "root");
  g_action_group_activate_action (G_ACTION_GROUP (f->app), "new", NULL);
  answer_question (f, GTK_RESPONSE_REJECT);
  assert_names (f, "");
  g_assert_false (ossa_editor_get_modified (editor_of (f)));
}

static void
test_window_open_over_unsaved (AppFixture    *f,
                               gconstpointer  data)
{
  g_autoptr(GFile) file = save_trio (f, "trio.ossa");
  static const char junk[] = "not an Ossa document\xff";
  g_autofree char *broken_path = tmp_path (f, "broken.ossa");
  g_autoptr(GFile) broken = g_file_new_for_path (broken_path);

  g_assert_true (g_file_set_contents (broken_path, junk, sizeof junk - 1, NULL));
  open_window (f);
  add_bone (editor_of (f), "mine", -1);

  ossa_window_open (f->window, file);
  answer_question (f, GTK_RESPONSE_CANCEL);
  assert_names (f, "mine");
  g_assert_true (ossa_editor_get_modified (editor_of (f)));

  /* Discard, but the file is broken: the message, and nothing changes. */
  ossa_window_open (f->window, broken);
  answer_question (f, GTK_RESPONSE_REJECT);
  dismiss_error (f);
  assert_names (f, "mine");
  g_assert_true (ossa_editor_get_modified (editor_of (f)));

  ossa_window_open (f->window, file);
  answer_question (f, GTK_RESPONSE_REJECT);
  assert_names (f, "root spine head");
  g_assert_false (ossa_editor_get_modified (editor_of (f)));
  g_assert_cmpstr (title_of (f), ==, "trio — Ossa");
}

static void
assert_open_fails (AppFixture *f,
                   GFile      *file,
                   const char *before_names,
                   const char *before_title)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *text = NULL;
  g_autofree char *secondary = NULL;
  GtkMessageDialog *dialog;

  g_assert_false (ossa_window_open_file (f->window, file, &error));
  g_assert_error (error, OSSA_CORE_ERROR, error->code);
  g_assert_cmpint (error->code, !=, OSSA_ERROR_NONE);
  g_test_message ("%s: %s", basename, error->message);
  gui_test_flush (GTK_WIDGET (f->window));

  /* The message names the file and gives the core's reason ... */
  dialog = find_error_dialog (GTK_WINDOW (f->window));
  g_assert_nonnull (dialog);
  g_object_get (dialog, "text", &text, "secondary-text", &secondary, NULL);
  g_assert_nonnull (strstr (text, basename));
  g_assert_cmpstr (secondary, ==, error->message);
  g_assert_nonnull (strstr (secondary, basename));

  /* ... and the window is as it was. */
  assert_names (f, before_names);
  g_assert_cmpstr (title_of (f), ==, before_title);
  dismiss_error (f);
}

static void
test_window_open_broken (AppFixture    *f,
                         gconstpointer  data)
{
  static const char junk[] = "this is not an Ossa document\n\xff\xfe\x01\x02";
  g_autoptr(GFile) good = save_trio (f, "trio.ossa");
  g_autofree char *broken_path = tmp_path (f, "broken.ossa");
  g_autofree char *empty_path = tmp_path (f, "empty.ossa");
  g_autofree char *missing_path = tmp_path (f, "missing.ossa");
  g_autoptr(GFile) broken = g_file_new_for_path (broken_path);
  g_autoptr(GFile) empty = g_file_new_for_path (empty_path);
  g_autoptr(GFile) missing = g_file_new_for_path (missing_path);

  g_assert_true (g_file_set_contents (broken_path, junk, sizeof junk - 1, NULL));
  g_assert_true (g_file_set_contents (empty_path, "", 0, NULL));

  open_window (f);
  assert_open_fails (f, broken, "", "Untitled — Ossa");
  g_assert_null (ossa_editor_get_file (editor_of (f)));

  g_assert_true (ossa_window_open_file (f->window, good, NULL));
  assert_open_fails (f, broken, "root spine head", "trio — Ossa");
  assert_open_fails (f, empty, "root spine head", "trio — Ossa");
  assert_open_fails (f, missing, "root spine head", "trio — Ossa");
  g_assert_true (g_file_equal (ossa_editor_get_file (editor_of (f)), good));
}

/* File > Open… as a person uses it: the chooser comes up with the .ossa filter,
 * Cancel changes nothing, choosing a file opens it. Without a portal (as here)
 * GtkFileChooserNative shows a GtkFileChooserDialog, which the test answers. */
static void
test_window_open_action (AppFixture    *f,
                         gconstpointer  data)
{
  g_autoptr(GFile) file = save_trio (f, "chosen.ossa");
  GtkFileChooser *chooser;
  GtkFileFilter *filter;

  open_window (f);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.open", NULL));
  gui_test_flush (GTK_WIDGET (f->window));
  chooser = find_file_chooser (GTK_WINDOW (f->window));
  g_assert_nonnull (chooser);
  filter = gtk_file_chooser_get_filter (chooser);
  g_assert_nonnull (filter);
  g_assert_cmpstr (gtk_file_filter_get_name (filter), ==, "Ossa documents (*.ossa)");
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_null (find_file_chooser (GTK_WINDOW (f->window)));
  g_assert_null (ossa_editor_get_file (editor_of (f)));
  g_assert_null (find_error_dialog (GTK_WINDOW (f->window)));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.open", NULL));
  gui_test_flush (GTK_WIDGET (f->window));
  chooser = find_file_chooser (GTK_WINDOW (f->window));
  g_assert_nonnull (chooser);
  /* The chooser loads the folder before it selects the file, and refuses to
   * answer "Open" until then. */
  choose_file (chooser, file);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  gui_test_flush (GTK_WIDGET (f->window));
  wait_for_window_io (f->window);

  g_assert_null (find_file_chooser (GTK_WINDOW (f->window)));
  g_assert_nonnull (ossa_editor_get_file (editor_of (f)));
  g_assert_true (g_file_equal (ossa_editor_get_file (editor_of (f)), file));
  assert_names (f, "root spine head");
  g_assert_cmpstr (title_of (f), ==, "chosen — Ossa");
}


static void
test_window_drop (AppFixture    *f,
                  gconstpointer  data)
{
  g_autoptr(GFile) file = save_trio (f, "dropped.ossa");
  GtkDropTarget *target = NULL;
  g_autoptr(GListModel) controllers = NULL;
  GValue value = G_VALUE_INIT;
  gboolean accepted = FALSE;

  open_window (f);
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->window));
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && target == NULL; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        target = GTK_DROP_TARGET (controller);
    }
  g_assert_nonnull (target);

  /* It takes file lists (what file managers offer) and single files. */
  {
    gsize n_types;
    const GType *types = gtk_drop_target_get_gtypes (target, &n_types);
    gboolean list = FALSE, single = FALSE;

    for (gsize i = 0; i < n_types; i++)
      {
        list |= types[i] == GDK_TYPE_FILE_LIST;
        single |= types[i] == G_TYPE_FILE;
      }
    g_assert_true (list && single);
  }

  g_value_init (&value, G_TYPE_FILE);
  g_value_set_object (&value, file);
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &accepted);
  g_value_unset (&value);
  gui_test_iterate ();
  wait_for_window_io (f->window);
  g_assert_true (accepted);
  assert_names (f, "root spine head");
  g_assert_cmpstr (title_of (f), ==, "dropped — Ossa");

  /* Over unsaved changes, it asks like Open does. */
  add_bone (editor_of (f), "tail", 0);
  {
    GSList *files = g_slist_prepend (NULL, file);

    g_value_init (&value, GDK_TYPE_FILE_LIST);
    g_value_take_boxed (&value, gdk_file_list_new_from_list (files));
    g_slist_free (files);
  }
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &accepted);
  g_value_unset (&value);
  answer_question (f, GTK_RESPONSE_REJECT);
  assert_names (f, "root spine head");
  g_assert_false (ossa_editor_get_modified (editor_of (f)));
}

/* ---- settings ---- */

/* File > Open Recent, which the tests read (the recent manager tells of changes
 * a moment later). */
static GMenuModel *recent_menu;

static gboolean
menu_is_empty (gpointer data)
{
  g_autofree char *action = NULL;

  return g_menu_model_get_n_items (data) == 1
         && !g_menu_model_get_item_attribute (data, 0, G_MENU_ATTRIBUTE_ACTION, "s", &action);
}

static gboolean
menu_first_is (gpointer data)
{
  g_autofree char *target = NULL;

  return g_menu_model_get_n_items (recent_menu) > 0
         && g_menu_model_get_item_attribute (recent_menu, 0, G_MENU_ATTRIBUTE_TARGET, "s",
                                             &target)
         && g_str_equal (target, data);
}

static void
test_window_settings (AppFixture    *f,
                      gconstpointer  data)
{
  g_autoptr(GFile) file = save_trio (f, "solo.ossa");
  GSettings *settings = ossa_application_get_settings (f->app);
  g_autofree char *uri = g_file_get_uri (file);
  g_autofree char *last = NULL;
  int width, height;

  if (settings == NULL)
    {
      g_test_skip ("the GSettings schema is not compiled (GSETTINGS_SCHEMA_DIR)");
      return;
    }

  g_settings_set_int (settings, "window-width", 1000);
  g_settings_set_int (settings, "window-height", 700);
  open_window (f);
  gtk_window_get_default_size (GTK_WINDOW (f->window), &width, &height);
  g_assert_cmpint (width, ==, 1000);
  g_assert_cmpint (height, ==, 700);

  /* Open Recent says so when it has nothing. */
  gtk_recent_manager_purge_items (gtk_recent_manager_get_default (), NULL);
  recent_menu = G_MENU_MODEL (gtk_application_get_menu_by_id (GTK_APPLICATION (f->app),
                                                              "recent-files"));
  g_assert_nonnull (recent_menu);
  g_assert_true (gui_test_iterate_until (menu_is_empty, recent_menu));
  g_assert_cmpint (g_menu_model_get_n_items (recent_menu), ==, 1);

  /* The desktop's recent files have it, as Ossa's, and the menu follows them:
   * one item opening the file. */
  g_assert_true (ossa_window_open_file (f->window, file, NULL));
  g_assert_true (gtk_recent_manager_has_item (gtk_recent_manager_get_default (), uri));
  g_assert_true (gui_test_iterate_until (menu_first_is, uri));
  g_assert_cmpint (g_menu_model_get_n_items (recent_menu), ==, 1);
  {
    g_autofree char *label = NULL;
    g_autofree char *action = NULL;
    g_autofree char *target = NULL;

    g_menu_model_get_item_attribute (recent_menu, 0, G_MENU_ATTRIBUTE_LABEL, "s", &label);
    g_menu_model_get_item_attribute (recent_menu, 0, G_MENU_ATTRIBUTE_ACTION, "s", &action);
    g_menu_model_get_item_attribute (recent_menu, 0, G_MENU_ATTRIBUTE_TARGET, "s", &target);
    g_assert_cmpstr (label, ==, "solo.ossa");
    g_assert_cmpstr (action, ==, "win.open-recent");
    g_assert_cmpstr (target, ==, uri);
  }

  /* Open Recent opens it. */
  ossa_editor_new_document (editor_of (f));
  g_assert_true (activate (f, "open-recent", g_variant_new_string (uri)));
  g_assert_true (g_file_equal (ossa_editor_get_file (editor_of (f)), file));

  /* Ten at most, newest first. */
  for (guint i = 0; i < 12; i++)
    {
      g_autofree char *name = g_strdup_printf ("n%u.ossa", i);
      g_autoptr(GFile) other = save_trio (f, name);

      g_assert_true (ossa_window_open_file (f->window, other, NULL));
      if (i == 11)
        last = g_file_get_uri (other);
    }
  g_assert_true (gui_test_iterate_until (menu_first_is, last));
  g_assert_cmpint (g_menu_model_get_n_items (recent_menu), ==, 10);
  {
    g_autofree char *label = NULL;

    g_menu_model_get_item_attribute (recent_menu, 0, G_MENU_ATTRIBUTE_LABEL, "s", &label);
    g_assert_cmpstr (label, ==, "n11.ossa");
  }

  /* Show names is remembered. */
  g_settings_set_boolean (settings, "show-bone-names", FALSE);
  {
    gboolean show = TRUE;

    g_object_get (f->window->canvas, "show-names", &show, NULL);
    g_assert_false (show);
  }
  /* So is Show Meshes, both ways: the setting drives the canvas and the View
   * menu's action writes the setting. */
  g_settings_set_boolean (settings, "show-meshes", FALSE);
  {
    gboolean show = TRUE;

    g_object_get (f->window->canvas, "show-meshes", &show, NULL);
    g_assert_false (show);
    g_assert_true (activate (f, "show-meshes", NULL));
    g_object_get (f->window->canvas, "show-meshes", &show, NULL);
    g_assert_true (show);
    g_assert_true (g_settings_get_boolean (settings, "show-meshes"));
  }

  gtk_window_set_default_size (GTK_WINDOW (f->window), 900, 600);
  gtk_window_close (GTK_WINDOW (f->window));
  f->window = NULL;
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 900);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 600);
}

/* ---- file names ---- */

/* A name typed without an extension gets the chooser's; one with an extension, or
 * a folder with none, is kept. */
static void
test_dialogs_with_suffix (void)
{
  struct { const char *in, *suffix, *out; } cases[] = {
    { "/tmp/walk", "smd", "/tmp/walk.smd" },
    { "/tmp/hero", "ossa", "/tmp/hero.ossa" },
    { "/tmp/walk.v2", "smd", "/tmp/walk.v2" },
    { "/tmp/hero.ossa", "ossa", "/tmp/hero.ossa" },
    { "/", "ossa", "/" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GFile) in = g_file_new_for_path (cases[i].in);
      g_autoptr(GFile) out = ossa_dialogs_with_suffix (in, cases[i].suffix);
      g_autofree char *path = g_file_get_path (out);

      g_assert_cmpstr (path, ==, cases[i].out);
    }
}

int
main (int   argc,
      char *argv[])
{
  if (!gui_test_display_or_skip ())
    return 0;

  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ossa/window/dialogs-with-suffix", test_dialogs_with_suffix);
  APP_TEST_ADD ("/ossa/window/title", test_window_title);
  APP_TEST_ADD ("/ossa/window/save-reload", test_window_save_reload);
  APP_TEST_ADD ("/ossa/window/save-fails", test_window_save_fails);
  APP_TEST_ADD ("/ossa/window/new", test_window_new);
  APP_TEST_ADD ("/ossa/window/open-over-unsaved", test_window_open_over_unsaved);
  APP_TEST_ADD ("/ossa/window/open-broken", test_window_open_broken);
  APP_TEST_ADD ("/ossa/window/open-action", test_window_open_action);
  APP_TEST_ADD ("/ossa/window/drop", test_window_drop);
  APP_TEST_ADD ("/ossa/window/settings", test_window_settings);

  return g_test_run ();
}
