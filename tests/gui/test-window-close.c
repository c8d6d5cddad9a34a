/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Closing with unsaved changes: the question on closing a window (Cancel, a Save
 * that fails, Save As… on an untitled document, Discard), no question when the
 * document is back as it was, and Quit asking each window in turn. */
#define G_LOG_DOMAIN "test-window-close"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-application.h"
#include "ossa-window-private.h"
#include "gui-test-app.h"

typedef struct
{
  AppFixture *f;
  GtkWindow  *window;
} Closing;

static gboolean
window_closed (gpointer data)
{
  Closing *closing = data;

  return !window_is_open (closing->f, closing->window);
}

static void
test_window_save_as (AppFixture    *f,
                     gconstpointer  data)
{
  g_autofree char *path = tmp_path (f, "fresh.ossa");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkFileChooser *chooser;
  GtkWindow *window;

  open_window (f);
  window = GTK_WINDOW (f->window);
  add_bone (editor_of (f), "root", -1);
  add_bone (editor_of (f), "tip", 0);

  /* Closing asks; Save on an untitled document asks where; then the window goes. */
  gtk_window_close (window);
  answer_question (f, GTK_RESPONSE_ACCEPT);
  gui_test_flush (GTK_WIDGET (window));
  chooser = find_file_chooser (window);
  g_assert_nonnull (chooser);
  g_assert_cmpint (gtk_file_chooser_get_action (chooser), ==, GTK_FILE_CHOOSER_ACTION_SAVE);
  g_assert_true (window_is_open (f, window));

  gtk_file_chooser_set_current_folder (chooser, g_file_get_parent (file), NULL);
  gtk_file_chooser_set_current_name (chooser, "fresh");
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  /* The chooser checks the name before it answers. */
  gui_test_iterate_until (window_closed, &(Closing) { f, window });
  g_assert_false (window_is_open (f, window));
  f->window = NULL;

  /* ".ossa" was added to the name typed. */
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  {
    OssaError err = { 0 };
    OssaDocument *doc = ossa_document_load (path, &err);

    g_assert_nonnull (doc);
    g_assert_cmpuint (doc->skeleton.n_bones, ==, 2);
    g_assert_cmpstr (doc->skeleton.bones[1].name, ==, "tip");
    ossa_document_free (doc);
  }
}

static void
test_window_close_unsaved (AppFixture    *f,
                           gconstpointer  data)
{
  g_autoptr(GFile) file = save_trio (f, "trio.ossa");
  g_autofree char *folder = NULL;
  GtkWindow *window;

  open_window (f);
  window = GTK_WINDOW (f->window);

  /* Nothing to lose: closes at once. */
  g_assert_true (ossa_window_open_file (f->window, file, NULL));
  add_bone (editor_of (f), "tail", 0);

  /* Cancel: the window stays, changes and all. */
  g_assert_true (activate (f, "close", NULL));
  g_assert_true (window_is_open (f, window));
  answer_question (f, GTK_RESPONSE_CANCEL);
  g_assert_true (window_is_open (f, window));
  g_assert_true (ossa_editor_get_modified (editor_of (f)));

  /* Save fails (the folder is gone): the window stays, still modified, and says
   * why. */
  folder = g_path_get_dirname (g_file_peek_path (file));
  {
    g_autofree char *command = g_strdup_printf ("rm -rf '%s'", folder);

    g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL));
  }
  gtk_window_close (window);
  answer_question (f, GTK_RESPONSE_ACCEPT);
  g_assert_true (window_is_open (f, window));
  g_assert_true (ossa_editor_get_modified (editor_of (f)));
  dismiss_error (f);
  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);

  /* Discard: the window goes. */
  gtk_window_close (window);
  answer_question (f, GTK_RESPONSE_REJECT);
  g_assert_false (window_is_open (f, window));
  f->window = NULL;
}

static void
test_window_close_clean (AppFixture    *f,
                         gconstpointer  data)
{
  GtkWindow *window;

  open_window (f);
  window = GTK_WINDOW (f->window);
  add_bone (editor_of (f), "root", -1);
  g_assert_true (ossa_editor_undo (editor_of (f), NULL));

  /* Back where it started: no question. */
  gtk_window_close (window);
  gui_test_iterate ();
  g_assert_null (find_question (window));
  g_assert_false (window_is_open (f, window));
  f->window = NULL;
}

static void
test_window_quit (AppFixture    *f,
                  gconstpointer  data)
{
  OssaWindow *first, *second;

  open_window (f);
  first = f->window;
  add_bone (editor_of (f), "root", -1);
  open_window (f);
  second = f->window;
  add_bone (editor_of (f), "root", -1);

  /* One question at a time; Cancel on one stops the quit. */
  g_action_group_activate_action (G_ACTION_GROUP (f->app), "quit", NULL);
  gui_test_iterate ();
  {
    GtkMessageDialog *q1 = find_question (GTK_WINDOW (first));
    GtkMessageDialog *q2 = find_question (GTK_WINDOW (second));

    g_assert_true ((q1 == NULL) != (q2 == NULL));
    f->window = q1 != NULL ? first : second;
  }
  answer_question (f, GTK_RESPONSE_CANCEL);
  g_assert_true (window_is_open (f, GTK_WINDOW (first)));
  g_assert_true (window_is_open (f, GTK_WINDOW (second)));
  g_assert_null (find_question (GTK_WINDOW (first)));
  g_assert_null (find_question (GTK_WINDOW (second)));

  /* Discard both: the app has no windows left. */
  g_action_group_activate_action (G_ACTION_GROUP (f->app), "quit", NULL);
  gui_test_iterate ();
  f->window = find_question (GTK_WINDOW (first)) != NULL ? first : second;
  answer_question (f, GTK_RESPONSE_REJECT);
  f->window = f->window == first ? second : first;
  answer_question (f, GTK_RESPONSE_REJECT);
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (f->app)));
  f->window = NULL;
}

int
main (int   argc,
      char *argv[])
{
  if (!gui_test_display_or_skip ())
    return 0;

  gtk_test_init (&argc, &argv, NULL);

  APP_TEST_ADD ("/ossa/window/save-as", test_window_save_as);
  APP_TEST_ADD ("/ossa/window/close-unsaved", test_window_close_unsaved);
  APP_TEST_ADD ("/ossa/window/close-clean", test_window_close_clean);
  APP_TEST_ADD ("/ossa/window/quit", test_window_quit);

  return g_test_run ();
}
