/* SPDX-License-Identifier: GPL-3.0-or-later */
/* File > Import Valve Model (.qc)… in a real window, through its GAction: the
 * dialog (not modal, nothing to import until a .qc is chosen, the chooser's
 * filter), the menu item and its key, a broken .qc's FILE:LINE over the dialog
 * with the document untouched, and whole models whose .qc and SMDs the test
 * writes, compared with what the core's import makes of the same files. */
#define G_LOG_DOMAIN "test-qc"

#include "config.h"

#include <locale.h>
#include <string.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-smd-import.h"
#include "ossa-window-private.h"
#include "gui-test-app.h"

static void
answer (GtkMessageDialog *dialog,
        int               response)
{
  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), response);
  gui_test_iterate ();
}

static char *
write_tmp (AppFixture *f,
           const char *basename,
           const char *text)
{
  char *path = tmp_path (f, basename);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static OssaQcImportDialog *
open_qc_dialog (AppFixture *f)
{
  OssaQcImportDialog *dialog;

  g_assert_true (activate (f, "import-qc", NULL));
  gui_test_flush (GTK_WIDGET (f->window));
  dialog = (OssaQcImportDialog *) find_transient (GTK_WINDOW (f->window), OSSA_TYPE_QC_IMPORT_DIALOG);
  g_assert_nonnull (dialog);
  /* Not modal: the window goes on working during a long import. */
  g_assert_false (gtk_window_get_modal (GTK_WINDOW (dialog)));
  return dialog;
}

static void
set_qc (OssaQcImportDialog *dialog,
        const char         *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  ossa_qc_import_dialog_set_file (dialog, file);
}

/* Until the dialog's import is over (or the dialog is gone). */
static void
wait_import (OssaQcImportDialog *dialog)
{
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  while (dialog != NULL && ossa_import_dialog_get_running (OSSA_IMPORT_DIALOG (dialog))
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  if (dialog != NULL)
    {
      g_assert_false (ossa_import_dialog_get_running (OSSA_IMPORT_DIALOG (dialog)));
      g_object_remove_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
    }
  gui_test_iterate ();
}

/* widget as drawn, into G_TEST_BUILDDIR/basename: an artefact to look at. */
static void
save_screenshot (GtkWidget  *widget,
                 const char *basename)
{
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  const char *dir = g_getenv ("G_TEST_BUILDDIR");
  g_autofree char *path = g_build_filename (dir != NULL ? dir : ".", basename, NULL);
  GskRenderNode *node = gui_test_widget_node (widget);
  GdkTexture *texture;

  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
  g_object_unref (texture);
  gsk_render_node_unref (node);
}

/* Whether model (or a submenu of it) has an item for action with accel. */
static gboolean
menu_has (GMenuModel *model,
          const char *action,
          const char *accel)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *item_action = NULL, *item_accel = NULL;
      g_autoptr(GMenuLinkIter) links = NULL;
      const char *name;
      GMenuModel *link;

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &item_action)
          && g_strcmp0 (item_action, action) == 0
          && g_menu_model_get_item_attribute (model, i, "accel", "s", &item_accel)
          && g_strcmp0 (item_accel, accel) == 0)
        return TRUE;
      links = g_menu_model_iterate_item_links (model, i);
      while (g_menu_link_iter_get_next (links, &name, &link))
        {
          gboolean found = menu_has (link, action, accel);

          g_object_unref (link);
          if (found)
            return TRUE;
        }
    }
  return FALSE;
}

/* The window's own key for action (its "ossa-window-shortcuts" controller), or NULL. */
static GtkShortcut *
find_window_shortcut (OssaWindow *window,
                      const char *action)
{
  g_autoptr(GListModel) own = gtk_widget_observe_controllers (GTK_WIDGET (window));

  for (guint i = 0; i < g_list_model_get_n_items (own); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (own, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller)
          || g_strcmp0 (gtk_event_controller_get_name (GTK_EVENT_CONTROLLER (controller)),
                        "ossa-window-shortcuts") != 0)
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          GtkShortcut *shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutAction *named = gtk_shortcut_get_action (shortcut);

          if (GTK_IS_NAMED_ACTION (named)
              && g_strcmp0 (gtk_named_action_get_action_name (GTK_NAMED_ACTION (named)), action) == 0)
            return shortcut;
          g_object_unref (shortcut);
        }
    }
  return NULL;
}

/* The menu item, its key in the window, and the dialog it opens: nothing to
 * import until a .qc is chosen, chosen through a chooser that shows .qc files. */
static void
test_action (AppFixture    *f,
             gconstpointer  data)
{
  g_autofree char *path = write_tmp (f, "empty.qc", "$modelname \"empty.mdl\"\n");
  GMenuModel *menubar;
  OssaQcImportDialog *dialog;
  GtkFileChooser *chooser;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GtkShortcut) shortcut = NULL;
  g_autofree char *trigger = NULL;
  OssaSmdImportOptions options;

  open_window_sized (f, 1000, 700);
  menubar = gtk_application_get_menubar (GTK_APPLICATION (f->app));
  g_assert_nonnull (menubar);
  g_assert_true (menu_has (menubar, "win.import-qc", "<Control><Alt>v"));

  /* The window's key is the one the menu shows, and it opens the dialog. */
  shortcut = find_window_shortcut (f->window, "win.import-qc");
  g_assert_nonnull (shortcut);
  trigger = gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut));
  g_assert_cmpstr (trigger, ==, "<Control><Alt>v");
  g_assert_null (ossa_import_dialog_find (OSSA_TYPE_QC_IMPORT_DIALOG, GTK_WINDOW (f->window)));
  g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, GTK_WIDGET (f->window),
                                               gtk_shortcut_get_arguments (shortcut)));
  gui_test_flush (GTK_WIDGET (f->window));
  dialog = OSSA_QC_IMPORT_DIALOG (ossa_import_dialog_find (OSSA_TYPE_QC_IMPORT_DIALOG,
                                                           GTK_WINDOW (f->window)));
  g_assert_nonnull (dialog);
  /* The action again brings the same one forward. */
  g_assert_true (open_qc_dialog (f) == dialog);

  g_assert_null (ossa_qc_import_dialog_get_file (dialog));
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (dialog), "qc-import.import", NULL)
                  && ossa_import_dialog_get_running (OSSA_IMPORT_DIALOG (dialog)));
  g_assert_false (ossa_import_dialog_get_running (OSSA_IMPORT_DIALOG (dialog)));
  ossa_import_dialog_get_options (OSSA_IMPORT_DIALOG (dialog), &options);
  g_assert_cmpint (options.plane, ==, OSSA_SMD_PLANE_XZ);
  g_assert_cmpfloat (options.simplify, ==, 0.0f);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "qc-import.choose", NULL));
  gui_test_flush (GTK_WIDGET (dialog));
  chooser = find_file_chooser (GTK_WINDOW (dialog));
  g_assert_nonnull (chooser);
  g_assert_cmpstr (gtk_file_filter_get_name (gtk_file_chooser_get_filter (chooser)), ==, "Valve models (*.qc)");
  choose_file (chooser, file);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  gui_test_flush (GTK_WIDGET (dialog));
  g_assert_null (find_file_chooser (GTK_WINDOW (dialog)));
  g_assert_true (g_file_equal (ossa_qc_import_dialog_get_file (dialog), file));
  gui_test_flush (GTK_WIDGET (dialog));
  save_screenshot (GTK_WIDGET (dialog), "qc-import-dialog.png");

  /* Escape (Cancel while idle) closes it. */
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "qc-import.cancel", NULL));
  gui_test_iterate ();
  g_assert_null (dialog);
}

/* A broken .qc: the error over the dialog says FILE:LINE, the dialog stays for
 * another try, and the window's document is as it was. */
static void
test_broken (AppFixture    *f,
             gconstpointer  data)
{
  g_autofree char *inc = write_tmp (f, "anims.qci", "$sequence walk \"walk\" fps 30\n$include \"model.qc\"\n");
  g_autofree char *path = write_tmp (f, "model.qc", "$body body \"ref\"\n\n$include \"anims.qci\"\n");
  g_autofree char *expected = g_strdup_printf ("%s:2: ", inc);
  g_autofree char *text = NULL, *secondary = NULL, *names = NULL;
  OssaQcImportDialog *dialog;
  GtkMessageDialog *error;

  open_window_sized (f, 1000, 700);
  add_bone (editor_of (f), "mine", -1);
  dialog = open_qc_dialog (f);
  set_qc (dialog, path);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "qc-import.import", NULL));
  wait_import (dialog);
  gui_test_flush (GTK_WIDGET (dialog));

  error = find_message_dialog (GTK_WINDOW (dialog), GTK_MESSAGE_ERROR);
  g_assert_nonnull (error);
  g_object_get (error, "text", &text, "secondary-text", &secondary, NULL);
  g_test_message ("%s / %s", text, secondary);
  g_assert_cmpstr (text, ==, "Could not import the Valve model");
  g_assert_true (g_str_has_prefix (secondary, expected));
  g_assert_nonnull (strstr (secondary, "$include loop"));
  answer (error, GTK_RESPONSE_CLOSE);

  g_assert_true (ossa_import_dialog_find (OSSA_TYPE_QC_IMPORT_DIALOG, GTK_WINDOW (f->window))
                 == OSSA_IMPORT_DIALOG (dialog));
  g_assert_null (find_message_dialog (GTK_WINDOW (f->window), GTK_MESSAGE_QUESTION));
  names = dup_bone_names (doc_of (f));
  g_assert_cmpstr (names, ==, "mine");
  g_assert_cmpuint (doc_of (f)->n_animations, ==, 0);
  g_assert_false (ossa_import_dialog_get_running (OSSA_IMPORT_DIALOG (dialog)));
}

int
main (int   argc,
      char *argv[])
{
  if (!gui_test_display_or_skip ())
    return 0;
  gtk_test_init (&argc, &argv, NULL);
  setlocale (LC_ALL, "C.UTF-8");

  APP_TEST_ADD ("/ossa/qc/dialog/action", test_action);
  APP_TEST_ADD ("/ossa/qc/dialog/broken", test_broken);

  return g_test_run ();
}
