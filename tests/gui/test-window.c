/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-window"

#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

#include "ossa.h"

#include "ossa-application.h"
#include "ossa-dialogs.h"
#include "ossa-gerror.h"
#include "ossa-window-private.h"
#include "gui-test-support.h"

typedef struct
{
  OssaApplication *app;
  OssaWindow      *window;
  char            *tmpdir;
} Fixture;

/* Lets GTK lay out and paint the window, then waits for the X server. */
static void
iterate (void)
{
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

  /* The memory backend keeps settings for the whole process: start each test
   * from the defaults. */
  if (ossa_application_get_settings (f->app) != NULL)
    {
      GSettings *settings = ossa_application_get_settings (f->app);
      g_autoptr(GSettingsSchema) schema = NULL;
      g_auto(GStrv) keys = NULL;

      g_object_get (settings, "settings-schema", &schema, NULL);
      keys = g_settings_schema_list_keys (schema);
      for (guint i = 0; keys[i] != NULL; i++)
        g_settings_reset (settings, keys[i]);
    }

  f->tmpdir = g_dir_make_tmp ("ossa-test-window-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (f->app)));
  g_autofree char *command = NULL;

  /* Their dialogs go with them. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_destroy (GTK_WINDOW (l->data));
  g_list_free (windows);
  iterate ();

  g_clear_object (&f->app);
  command = g_strdup_printf ("rm -rf '%s'", f->tmpdir);
  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL));
  g_clear_pointer (&f->tmpdir, g_free);
}

static void
open_window (Fixture *f)
{
  f->window = ossa_window_new (f->app);
  gtk_window_present (GTK_WINDOW (f->window));
  gui_test_flush (GTK_WIDGET (f->window));
}

static OssaEditor *
editor_of (Fixture *f)
{
  return ossa_window_get_editor (f->window);
}

static const char *
title_of (Fixture *f)
{
  return gtk_window_get_title (GTK_WINDOW (f->window));
}

static char *
tmp_path (Fixture    *f,
          const char *basename)
{
  return g_build_filename (f->tmpdir, basename, NULL);
}

/* A document made with the core API, saved as a real file in the test's folder. */
static GFile *
save_document (Fixture            *f,
               const char         *basename,
               const char * const *names,
               const int          *parents)
{
  g_autofree char *path = tmp_path (f, basename);
  OssaTransform rest = ossa_transform_identity ();
  OssaDocument *doc = ossa_document_new ();
  OssaError err;

  ossa_error_clear (&err);
  g_assert_nonnull (doc);
  for (guint i = 0; names[i] != NULL; i++)
    {
      rest.x = 1.0f;
      g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, names[i], parents[i], &rest,
                                               1.0f, 0xc0504dff, &err),
                       ==, i);
    }
  if (!ossa_document_save (doc, path, &err))
    g_error ("saving %s: %s", path, err.message);
  ossa_document_free (doc);

  return g_file_new_for_path (path);
}

static const char * const trio_names[] = { "root", "spine", "head", NULL };
static const int trio_parents[] = { -1, 0, 1 };

static GFile *
save_trio (Fixture    *f,
           const char *basename)
{
  return save_document (f, basename, trio_names, trio_parents);
}

/* The bone names of the window's document, space-separated, in index order. */
static char *
dup_names (Fixture *f)
{
  const OssaSkeleton *skel = &ossa_editor_get_document (editor_of (f))->skeleton;
  GString *s = g_string_new (NULL);

  for (gsize i = 0; i < skel->n_bones; i++)
    g_string_append_printf (s, "%s%s", i ? " " : "", skel->bones[i].name);
  return g_string_free (s, FALSE);
}

static void
assert_names (Fixture    *f,
              const char *expected)
{
  g_autofree char *names = dup_names (f);

  g_assert_cmpstr (names, ==, expected);
}

static void
execute (OssaEditor  *editor,
         OssaCommand *command)
{
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (command);
  g_assert_true (ossa_editor_execute (editor, command, &error));
  g_assert_no_error (error);
}

static void
add_bone (OssaEditor *editor,
          const char *name,
          int         parent)
{
  OssaTransform rest = ossa_transform_identity ();
  OssaError err = { 0 };

  execute (editor, ossa_command_add_bone (ossa_editor_get_document (editor), name, parent,
                                          &rest, 1.0f, 0x4a90d9ff, &err));
}

static void
rename_bone (OssaEditor *editor,
             guint       bone,
             const char *name)
{
  OssaError err = { 0 };

  execute (editor, ossa_command_rename_bone (ossa_editor_get_document (editor), bone, name,
                                             &err));
}

static gboolean
activate (Fixture    *f,
          const char *name,
          GVariant   *parameter)
{
  gboolean enabled = g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), name);

  if (enabled)
    g_action_group_activate_action (G_ACTION_GROUP (f->window), name, parameter);
  else if (parameter != NULL)
    g_variant_unref (g_variant_ref_sink (parameter));
  iterate ();
  return enabled;
}

static GtkMessageDialog *
find_message_dialog (GtkWindow      *parent,
                     GtkMessageType  type)
{
  GtkMessageDialog *found = NULL;
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);
      GtkMessageType message_type;

      if (!GTK_IS_MESSAGE_DIALOG (toplevel) ||
          gtk_window_get_transient_for (toplevel) != parent ||
          !gtk_widget_get_visible (GTK_WIDGET (toplevel)))
        continue;
      g_object_get (toplevel, "message-type", &message_type, NULL);
      if (message_type == type)
        {
          g_assert_null (found);
          found = GTK_MESSAGE_DIALOG (toplevel);
        }
    }
  return found;
}

static GtkMessageDialog *
find_error_dialog (GtkWindow *parent)
{
  return find_message_dialog (parent, GTK_MESSAGE_ERROR);
}

static GtkMessageDialog *
find_question (GtkWindow *parent)
{
  return find_message_dialog (parent, GTK_MESSAGE_QUESTION);
}

static void
dismiss_error (Fixture *f)
{
  GtkMessageDialog *dialog = find_error_dialog (GTK_WINDOW (f->window));

  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CLOSE);
  iterate ();
  g_assert_null (find_error_dialog (GTK_WINDOW (f->window)));
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

static gboolean
window_is_open (Fixture   *f,
                GtkWindow *window)
{
  return g_list_find (gtk_application_get_windows (GTK_APPLICATION (f->app)), window) != NULL;
}

/* The unsaved-changes question, answered with @response. */
static void
answer_question (Fixture *f,
                 int      response)
{
  GtkWindow *window = GTK_WINDOW (f->window);
  GtkMessageDialog *question;
  g_autofree char *text = NULL;

  gui_test_flush (GTK_WIDGET (f->window));
  question = find_question (GTK_WINDOW (f->window));
  g_assert_nonnull (question);
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (question)));
  g_object_get (question, "text", &text, NULL);
  g_assert_nonnull (strstr (text, "Save changes"));
  /* Save, Discard and Cancel */
  g_assert_nonnull (gtk_dialog_get_widget_for_response (GTK_DIALOG (question),
                                                        GTK_RESPONSE_ACCEPT));
  g_assert_nonnull (gtk_dialog_get_widget_for_response (GTK_DIALOG (question),
                                                        GTK_RESPONSE_REJECT));
  g_assert_nonnull (gtk_dialog_get_widget_for_response (GTK_DIALOG (question),
                                                        GTK_RESPONSE_CANCEL));
  /* The answer may close the window: nothing here keeps it alive, so it is
   * finalized as in the real program. */
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_dialog_response (GTK_DIALOG (question), response);
  iterate ();
  if (window != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (window), (gpointer *) &window);
      g_assert_null (find_question (window));
    }
}

static char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;
  gsize length;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  return contents;
}

/* ---- layout ---- */

static int
width_of (gpointer widget)
{
  return gtk_widget_get_width (GTK_WIDGET (widget));
}

static void
test_window_layout (Fixture       *f,
                    gconstpointer  data)
{
  open_window (f);

  /* A new window holds a new, empty document. */
  g_assert_true (OSSA_IS_EDITOR (editor_of (f)));
  g_assert_null (ossa_editor_get_file (editor_of (f)));
  g_assert_cmpuint (ossa_editor_get_document (editor_of (f))->skeleton.n_bones, ==, 0);
  g_assert_cmpstr (title_of (f), ==, "Untitled — Ossa");

  /* GtkApplication found the menu bar and the shortcuts window in the resource. */
  g_assert_nonnull (gtk_application_get_menubar (GTK_APPLICATION (f->app)));
  g_assert_true (gtk_application_window_get_show_menubar (GTK_APPLICATION_WINDOW (f->window)));
  g_assert_nonnull (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (f->window)));

  /* The panes share the window's editor. */
  g_assert_true (OSSA_IS_CANVAS (f->window->canvas));
  g_assert_true (OSSA_IS_HIERARCHY (f->window->hierarchy));
  g_assert_true (OSSA_IS_INSPECTOR (f->window->inspector));
  {
    g_autoptr(OssaEditor) canvas_editor = NULL;
    g_autoptr(OssaEditor) hierarchy_editor = NULL;
    g_autoptr(OssaEditor) inspector_editor = NULL;

    g_object_get (f->window->canvas, "editor", &canvas_editor, NULL);
    g_object_get (f->window->hierarchy, "editor", &hierarchy_editor, NULL);
    g_object_get (f->window->inspector, "editor", &inspector_editor, NULL);
    g_assert_true (canvas_editor == editor_of (f));
    g_assert_true (hierarchy_editor == editor_of (f));
    g_assert_true (inspector_editor == editor_of (f));
  }

  /* Hierarchy | canvas | inspector over the timeline, at their starting sizes; the
   * canvas takes the rest. */
  g_assert_cmpint (ABS (width_of (f->window->hierarchy) - 220), <=, 2);
  g_assert_cmpint (ABS (width_of (f->window->inspector) - 260), <=, 2);
  g_assert_cmpint (ABS (gtk_widget_get_height (GTK_WIDGET (f->window->timeline_slot)) - 230),
                   <=, 2);
  g_assert_cmpint (width_of (f->window->canvas), >,
                   width_of (f->window) - 220 - 260 - 8);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (f->window->canvas)));

  /* The status bar */
  g_assert_cmpstr (gtk_label_get_text (f->window->selection_label), ==, "No selection");
  /* The X server's pointer starts in the middle of the screen, over the canvas:
   * whether the window has been told so yet is a race, so the label is checked
   * against what the canvas knows. */
  {
    gboolean inside = FALSE;

    g_object_get (f->window->canvas, "pointer-inside", &inside, NULL);
    if (inside)
      g_assert_true (g_str_has_prefix (gtk_label_get_text (f->window->pointer_label), "x "));
    else
      g_assert_cmpstr (gtk_label_get_text (f->window->pointer_label), ==, "—");
  }
  g_assert_cmpstr (gtk_label_get_text (f->window->zoom_label), ==, "100 %");

  /* Growing the window grows the canvas; the side panes keep their width. */
  gtk_window_set_default_size (GTK_WINDOW (f->window), width_of (f->window) + 200,
                               gtk_widget_get_height (GTK_WIDGET (f->window)) + 100);
  gui_test_flush (GTK_WIDGET (f->window));
  g_usleep (100000);
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_cmpint (ABS (width_of (f->window->hierarchy) - 220), <=, 2);
  g_assert_cmpint (ABS (width_of (f->window->inspector) - 260), <=, 2);
  g_assert_cmpint (ABS (gtk_widget_get_height (GTK_WIDGET (f->window->timeline_slot)) - 230),
                   <=, 2);
}

/* ---- actions, accelerators, menus and the shortcuts window ---- */

/* The window's own key shortcuts: detailed action name -> first key. */
static void
add_key_shortcuts (GHashTable            *keys,
                   GtkShortcutController *controller)
{
  GListModel *model = G_LIST_MODEL (controller);

  g_assert_true (gtk_event_controller_get_propagation_phase (
                   GTK_EVENT_CONTROLLER (controller)) == GTK_PHASE_BUBBLE);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (model, i);
      GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);
      GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);
      char *name;

      g_assert_true (GTK_IS_NAMED_ACTION (action));
      name = g_action_print_detailed_name (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)),
                                           gtk_shortcut_get_arguments (shortcut));
      while (GTK_IS_ALTERNATIVE_TRIGGER (trigger))
        trigger = gtk_alternative_trigger_get_first (GTK_ALTERNATIVE_TRIGGER (trigger));
      g_assert_true (GTK_IS_KEYVAL_TRIGGER (trigger));
      g_hash_table_insert (keys, name,
                           gtk_accelerator_name (gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)),
                                                 gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger))));
    }
}

/* The keys the window and the map workspace bind themselves (both in the bubble
 * phase): detailed action name -> first key. */
static GHashTable *
collect_key_shortcuts (OssaWindow *window)
{
  GHashTable *keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window->map_editor));
  gboolean found = FALSE;

  add_key_shortcuts (keys, window->key_shortcuts);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_SHORTCUT_CONTROLLER (controller))
        {
          add_key_shortcuts (keys, GTK_SHORTCUT_CONTROLLER (controller));
          found = TRUE;
        }
    }
  g_assert_true (found);
  return keys;
}

static char *
normalize_detailed (const char *detailed)
{
  g_autofree char *name = NULL;
  g_autoptr(GVariant) target = NULL;
  g_autoptr(GError) error = NULL;

  g_action_parse_detailed_name (detailed, &name, &target, &error);
  g_assert_no_error (error);
  return g_action_print_detailed_name (name, target);
}

static void
collect_overlay (GtkWidget  *widget,
                 GHashTable *listed)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      g_autofree char *action = NULL;
      g_autofree char *accelerator = NULL;

      g_object_get (widget, "action-name", &action, "accelerator", &accelerator, NULL);
      if (action != NULL)
        g_hash_table_add (listed, normalize_detailed (action));
      if (accelerator != NULL)
        {
          g_auto(GStrv) accels = g_strsplit (accelerator, " ", -1);

          for (guint i = 0; accels[i] != NULL; i++)
            {
              guint key;
              GdkModifierType mods;

              if (gtk_accelerator_parse (accels[i], &key, &mods))
                g_hash_table_add (listed, gtk_accelerator_name (key, mods));
            }
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_overlay (child, listed);
}

typedef struct
{
  Fixture    *f;
  GHashTable *keys;
  GHashTable *overlay;
  guint       n_items;
} MenuCheck;

static void
check_menu (MenuCheck  *check,
            GMenuModel *model)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autoptr(GMenuLinkIter) links = g_menu_model_iterate_item_links (model, i);
      g_autofree char *action = NULL;
      g_autofree char *label = NULL;
      g_autofree char *menu_accel = NULL;
      g_autoptr(GVariant) target = NULL;
      g_autofree char *detailed = NULL;
      g_auto(GStrv) app_accels = NULL;
      const char *key;
      GActionGroup *group;

      while (g_menu_link_iter_next (links))
        {
          g_autoptr(GMenuModel) link = g_menu_link_iter_get_value (links);

          check_menu (check, link);
        }

      if (!g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &action))
        continue;
      g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_LABEL, "s", &label);
      g_menu_model_get_item_attribute (model, i, "accel", "s", &menu_accel);
      target = g_menu_model_get_item_attribute_value (model, i, G_MENU_ATTRIBUTE_TARGET, NULL);
      detailed = g_action_print_detailed_name (action, target);
      g_test_message ("menu item %s: %s", label, detailed);
      check->n_items++;

      /* The action exists, in the application or the window. */
      group = g_str_has_prefix (action, "app.") ? G_ACTION_GROUP (check->f->app)
              : g_str_has_prefix (action, "map.")
                ? ossa_map_editor_get_actions (check->f->window->map_editor)
                : G_ACTION_GROUP (check->f->window);
      g_assert_true (g_str_has_prefix (action, "app.") || g_str_has_prefix (action, "win.")
                     || g_str_has_prefix (action, "map."));
      g_assert_true (g_action_group_has_action (group, action + 4));

      /* Items without keys: the recent files (a list that changes) and About. */
      if (g_str_equal (action, "win.open-recent") || g_str_equal (action, "app.about"))
        continue;

      app_accels = gtk_application_get_accels_for_action (GTK_APPLICATION (check->f->app),
                                                          detailed);
      key = g_hash_table_lookup (check->keys, detailed);
      if (app_accels[0] != NULL)
        {
          /* GTK shows it by itself; no second key in the menu file. */
          g_assert_null (key);
          g_assert_null (menu_accel);
          g_assert_true (g_hash_table_contains (check->overlay, detailed));
        }
      else
        {
          guint keyval;
          GdkModifierType mods;
          g_autofree char *menu_key = NULL;

          /* A key of the window's own, spelled out in the menu and the overlay. */
          if (key == NULL)
            g_error ("menu item %s (%s) has no keyboard shortcut", label, detailed);
          g_assert_nonnull (menu_accel);
          g_assert_true (gtk_accelerator_parse (menu_accel, &keyval, &mods));
          menu_key = gtk_accelerator_name (keyval, mods);
          g_assert_cmpstr (menu_key, ==, key);
          g_assert_true (g_hash_table_contains (check->overlay, key));
        }
    }
}

static void
test_window_actions (Fixture       *f,
                     gconstpointer  data)
{
  static const char * const win_actions[] = {
    "open", "open-recent", "save", "save-as", "close", "undo", "redo", "delete", "rename",
    "select-all", "select-none", "tool", "mode", "zoom-in", "zoom-out", "zoom-reset", "fit",
    "show-names", "show-help-overlay", "new-animation", "duplicate-animation",
    "rename-animation", "delete-animation", "animation-loop", "play", "first-frame",
    "last-frame", "previous-frame", "next-frame", "previous-key", "next-key", "key-bones",
    "auto-key", "copy-keys", "paste-keys", "delete-keys", "key-interp", "key-spin",
    "onion-skin", "motion-path",
  };
  static const char * const app_actions[] = { "new", "new-window", "quit", "about" };
  static const struct { const char *action; const char *accel; } app_expected[] = {
    { "app.new", "<Control>n" },
    { "win.open", "<Control>o" },
    { "win.save", "<Control>s" },
    { "win.save-as", "<Shift><Control>s" },
    { "win.close", "<Control>w" },
    { "app.quit", "<Control>q" },
    { "win.undo", "<Control>z" },
    { "win.redo", "<Shift><Control>z" },
    { "win.zoom-in", "<Control>plus" },
    { "win.zoom-out", "<Control>minus" },
    { "win.zoom-reset", "<Control>0" },
    { "win.mode('setup')", "<Control>1" },
    { "win.mode('animate')", "<Control>2" },
    { "win.new-animation", "<Control><Alt>n" },
    { "win.show-help-overlay", "<Control>question" },
  };
  static const struct { const char *action; const char *accel; } window_expected[] = {
    { "win.tool::rotate", "r" },
    { "win.tool::translate", "t" },
    { "win.tool::scale", "s" },
    { "win.tool::create", "c" },
    { "win.delete", "Delete" },
    { "win.rename", "F2" },
    { "win.fit", "f" },
    { "win.play", "space" },
    { "win.key-bones", "k" },
    { "win.first-frame", "Home" },
    { "win.last-frame", "End" },
    { "win.previous-frame", "Left" },
    { "win.next-frame", "Right" },
    { "win.previous-key", "Up" },
    { "win.next-key", "Down" },
    { "win.copy-keys", "<Control>c" },
    { "win.paste-keys", "<Control>v" },
    { "win.select-all", "<Control>a" },
    { "win.select-none", "<Shift><Control>a" },
  };
  g_autoptr(GHashTable) keys = NULL;
  g_autoptr(GHashTable) overlay = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto(GStrv) redo = NULL;
  MenuCheck check;

  open_window (f);

  for (guint i = 0; i < G_N_ELEMENTS (win_actions); i++)
    g_assert_true (g_action_group_has_action (G_ACTION_GROUP (f->window), win_actions[i]));
  for (guint i = 0; i < G_N_ELEMENTS (app_actions); i++)
    g_assert_true (g_action_group_has_action (G_ACTION_GROUP (f->app), app_actions[i]));

  for (guint i = 0; i < G_N_ELEMENTS (app_expected); i++)
    {
      g_auto(GStrv) accels =
        gtk_application_get_accels_for_action (GTK_APPLICATION (f->app), app_expected[i].action);
      guint key, expected_key;
      GdkModifierType mods, expected_mods;

      g_assert_nonnull (accels[0]);
      gtk_accelerator_parse (accels[0], &key, &mods);
      gtk_accelerator_parse (app_expected[i].accel, &expected_key, &expected_mods);
      g_assert_cmpuint (key, ==, expected_key);
      g_assert_cmpuint (mods, ==, expected_mods);
    }
  redo = gtk_application_get_accels_for_action (GTK_APPLICATION (f->app), "win.redo");
  g_assert_cmpstr (redo[1], ==, "<Control>y");

  keys = collect_key_shortcuts (f->window);
  for (guint i = 0; i < G_N_ELEMENTS (window_expected); i++)
    {
      g_autofree char *detailed = normalize_detailed (window_expected[i].action);

      g_assert_cmpstr (g_hash_table_lookup (keys, detailed), ==, window_expected[i].accel);
      /* Not an application accelerator too: those fire before a text field. */
      {
        g_auto(GStrv) accels =
          gtk_application_get_accels_for_action (GTK_APPLICATION (f->app), detailed);

        g_assert_null (accels[0]);
      }
    }

  collect_overlay (GTK_WIDGET (gtk_application_window_get_help_overlay (
                                 GTK_APPLICATION_WINDOW (f->window))),
                   overlay);

  /* Every item of every menu: an action that exists, a key, listed in Ctrl+?. */
  check.f = f;
  check.keys = keys;
  check.overlay = overlay;
  check.n_items = 0;
  check_menu (&check, gtk_application_get_menubar (GTK_APPLICATION (f->app)));
  g_assert_cmpuint (check.n_items, >=, 27);
}

/* ---- title ---- */

static void
test_window_title (Fixture       *f,
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

/* ---- Edit menu ---- */

static void
assert_undo_item (Fixture    *f,
                  int         index,
                  const char *label,
                  const char *action)
{
  GMenuModel *section = G_MENU_MODEL (gtk_application_get_menu_by_id (GTK_APPLICATION (f->app),
                                                                      "undo-section"));
  g_autofree char *got_label = NULL;
  g_autofree char *got_action = NULL;

  g_assert_nonnull (section);
  g_assert_cmpint (g_menu_model_get_n_items (section), ==, 2);
  g_assert_true (g_menu_model_get_item_attribute (section, index, G_MENU_ATTRIBUTE_LABEL, "s",
                                                  &got_label));
  g_assert_true (g_menu_model_get_item_attribute (section, index, G_MENU_ATTRIBUTE_ACTION, "s",
                                                  &got_action));
  g_assert_cmpstr (got_label, ==, label);
  g_assert_cmpstr (got_action, ==, action);
}

static gboolean
enabled (Fixture    *f,
         const char *action)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), action);
}

static void
test_window_undo_menu (Fixture       *f,
                       gconstpointer  data)
{
  open_window (f);

  assert_undo_item (f, 0, "_Undo", "win.undo");
  assert_undo_item (f, 1, "_Redo", "win.redo");
  g_assert_false (enabled (f, "undo"));
  g_assert_false (enabled (f, "redo"));

  add_bone (editor_of (f), "root", -1);
  assert_undo_item (f, 0, "_Undo Add Bone", "win.undo");
  g_assert_true (enabled (f, "undo"));
  g_assert_false (enabled (f, "redo"));

  rename_bone (editor_of (f), 0, "hips");
  assert_undo_item (f, 0, "_Undo Rename Bone", "win.undo");

  /* Through the action, as the menu and Ctrl+Z do. */
  g_assert_true (activate (f, "undo", NULL));
  assert_names (f, "root");
  assert_undo_item (f, 0, "_Undo Add Bone", "win.undo");
  assert_undo_item (f, 1, "_Redo Rename Bone", "win.redo");
  g_assert_true (enabled (f, "redo"));

  g_assert_true (activate (f, "undo", NULL));
  assert_names (f, "");
  assert_undo_item (f, 0, "_Undo", "win.undo");
  g_assert_false (enabled (f, "undo"));
  g_assert_false (activate (f, "undo", NULL));

  g_assert_true (activate (f, "redo", NULL));
  g_assert_true (activate (f, "redo", NULL));
  assert_names (f, "hips");
  g_assert_false (enabled (f, "redo"));
  assert_undo_item (f, 1, "_Redo", "win.redo");
}

/* ---- selection, delete ---- */

static void
select_bones (Fixture     *f,
              const guint *bones,
              gsize        n)
{
  ossa_editor_select (editor_of (f), bones, n, FALSE);
}

static void
test_window_delete (Fixture       *f,
                    gconstpointer  data)
{
  /* root ─ spine ─ head, root ─ arm ─ hand, tail */
  static const char * const names[] = { "root", "spine", "head", "arm", "hand", "tail", NULL };
  static const int parents[] = { -1, 0, 1, 0, 3, -1 };
  g_autoptr(GFile) file = save_document (f, "six.ossa", names, parents);
  static const guint spine_hand_head[] = { 1, 4, 2 };
  static const guint tail[] = { 5 };

  open_window (f);
  g_assert_true (ossa_window_open_file (f->window, file, NULL));
  g_assert_false (enabled (f, "delete"));
  g_assert_false (enabled (f, "rename"));
  g_assert_false (enabled (f, "select-none"));
  g_assert_true (enabled (f, "select-all"));
  g_assert_cmpstr (gtk_label_get_text (f->window->selection_label), ==, "No selection");

  select_bones (f, tail, 1);
  g_assert_cmpstr (gtk_label_get_text (f->window->selection_label), ==, "tail");
  g_assert_true (enabled (f, "rename"));

  /* head is under spine: it goes with it. */
  select_bones (f, spine_hand_head, 3);
  g_assert_cmpstr (gtk_label_get_text (f->window->selection_label), ==, "3 bones selected");
  g_assert_true (enabled (f, "delete"));
  g_assert_true (activate (f, "delete", NULL));
  assert_names (f, "root arm tail");
  g_assert_true (ossa_editor_get_modified (editor_of (f)));
  g_assert_cmpstr (gtk_label_get_text (f->window->selection_label), ==, "No selection");
  g_assert_false (enabled (f, "delete"));
  assert_undo_item (f, 0, "_Undo Delete Bones", "win.undo");

  /* One step back brings all three. */
  g_assert_true (activate (f, "undo", NULL));
  assert_names (f, "root spine head arm hand tail");
  g_assert_false (ossa_editor_can_undo (editor_of (f)));
  g_assert_false (ossa_editor_get_modified (editor_of (f)));

  /* Select all, select none */
  g_assert_true (activate (f, "select-all", NULL));
  g_assert_cmpstr (gtk_label_get_text (f->window->selection_label), ==, "6 bones selected");
  g_assert_true (activate (f, "select-none", NULL));
  g_assert_cmpstr (gtk_label_get_text (f->window->selection_label), ==, "No selection");

  /* Everything, then the rename action has nothing to rename. */
  g_assert_true (activate (f, "select-all", NULL));
  g_assert_true (activate (f, "delete", NULL));
  assert_names (f, "");
  g_assert_false (enabled (f, "select-all"));
  g_assert_false (enabled (f, "rename"));
  g_assert_true (activate (f, "undo", NULL));
  assert_names (f, "root spine head arm hand tail");
}

/* ---- tool and mode ---- */

static gboolean
tool_button_active (Fixture    *f,
                    const char *action,
                    const char *target)
{
  g_autoptr(GVariant) wanted = g_variant_ref_sink (g_variant_new_string (target));
  GtkWidget *found = NULL;
  GtkWidget *widget = GTK_WIDGET (f->window);

  /* Depth-first walk for the toggle button bound to action(target). */
  while (widget != NULL && found == NULL)
    {
      GtkWidget *next;

      if (GTK_IS_TOGGLE_BUTTON (widget) &&
          g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0 &&
          gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget)) != NULL &&
          g_variant_equal (gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget)),
                           wanted))
        found = widget;

      next = gtk_widget_get_first_child (widget);
      while (next == NULL && widget != NULL)
        {
          next = gtk_widget_get_next_sibling (widget);
          if (next == NULL)
            {
              widget = gtk_widget_get_parent (widget);
              if (widget == GTK_WIDGET (f->window))
                widget = NULL;
            }
        }
      widget = next;
    }
  g_assert_nonnull (found);
  return gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (found));
}

static void
assert_state (Fixture    *f,
              const char *action,
              const char *expected)
{
  g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (f->window), action);

  g_assert_cmpstr (g_variant_get_string (state, NULL), ==, expected);
}

static void
test_window_tool_mode (Fixture       *f,
                       gconstpointer  data)
{
  open_window (f);

  assert_state (f, "tool", "rotate");
  g_assert_true (tool_button_active (f, "win.tool", "rotate"));
  g_assert_false (tool_button_active (f, "win.tool", "translate"));

  g_assert_true (activate (f, "tool", g_variant_new_string ("translate")));
  g_assert_cmpint (ossa_editor_get_tool (editor_of (f)), ==, OSSA_TOOL_TRANSLATE);
  assert_state (f, "tool", "translate");
  g_assert_true (tool_button_active (f, "win.tool", "translate"));
  g_assert_false (tool_button_active (f, "win.tool", "rotate"));

  g_assert_true (activate (f, "tool", g_variant_new_string ("scale")));
  g_assert_cmpint (ossa_editor_get_tool (editor_of (f)), ==, OSSA_TOOL_SCALE);
  g_assert_true (activate (f, "tool", g_variant_new_string ("create")));
  g_assert_cmpint (ossa_editor_get_tool (editor_of (f)), ==, OSSA_TOOL_CREATE);

  /* An unknown tool changes nothing. */
  g_assert_true (activate (f, "tool", g_variant_new_string ("paint")));
  g_assert_cmpint (ossa_editor_get_tool (editor_of (f)), ==, OSSA_TOOL_CREATE);
  assert_state (f, "tool", "create");

  /* The other way: a pane changes the editor, the action and the buttons follow. */
  ossa_editor_set_tool (editor_of (f), OSSA_TOOL_ROTATE);
  assert_state (f, "tool", "rotate");
  g_assert_true (tool_button_active (f, "win.tool", "rotate"));
  g_assert_false (tool_button_active (f, "win.tool", "create"));

  assert_state (f, "mode", "setup");
  g_assert_true (tool_button_active (f, "win.mode", "setup"));
  g_assert_true (activate (f, "mode", g_variant_new_string ("animate")));
  g_assert_cmpint (ossa_editor_get_mode (editor_of (f)), ==, OSSA_EDIT_MODE_ANIMATE);
  g_assert_true (tool_button_active (f, "win.mode", "animate"));
  g_assert_false (tool_button_active (f, "win.mode", "setup"));
  ossa_editor_set_mode (editor_of (f), OSSA_EDIT_MODE_SETUP);
  assert_state (f, "mode", "setup");
  g_assert_true (tool_button_active (f, "win.mode", "setup"));
}

/* ---- view ---- */

static void
test_window_view (Fixture       *f,
                  gconstpointer  data)
{
  double zoom = 0;
  gboolean show = FALSE;
  g_autofree char *expected = NULL;
  g_autoptr(GVariant) state = NULL;

  open_window (f);

  g_assert_true (activate (f, "zoom-in", NULL));
  g_object_get (f->window->canvas, "zoom", &zoom, NULL);
  g_assert_cmpfloat (zoom, >, 1.0);
  expected = g_strdup_printf ("%.0f %%", zoom * 100.0);
  g_assert_cmpstr (gtk_label_get_text (f->window->zoom_label), ==, expected);

  g_assert_true (activate (f, "zoom-reset", NULL));
  g_object_get (f->window->canvas, "zoom", &zoom, NULL);
  g_assert_cmpfloat (zoom, ==, 1.0);
  g_assert_cmpstr (gtk_label_get_text (f->window->zoom_label), ==, "100 %");

  g_assert_true (activate (f, "zoom-out", NULL));
  g_object_get (f->window->canvas, "zoom", &zoom, NULL);
  g_assert_cmpfloat (zoom, <, 1.0);
  g_assert_true (activate (f, "fit", NULL));

  g_object_get (f->window->canvas, "show-names", &show, NULL);
  state = g_action_group_get_action_state (G_ACTION_GROUP (f->window), "show-names");
  g_assert_cmpint (g_variant_get_boolean (state), ==, show);
  g_assert_true (activate (f, "show-names", NULL));
  g_object_get (f->window->canvas, "show-names", &show, NULL);
  g_clear_pointer (&state, g_variant_unref);
  state = g_action_group_get_action_state (G_ACTION_GROUP (f->window), "show-names");
  g_assert_cmpint (g_variant_get_boolean (state), ==, show);
  g_assert_false (show);

  /* The canvas changes on its own (its own action): the menu's check follows. */
  g_object_set (f->window->canvas, "show-names", TRUE, NULL);
  g_clear_pointer (&state, g_variant_unref);
  state = g_action_group_get_action_state (G_ACTION_GROUP (f->window), "show-names");
  g_assert_true (g_variant_get_boolean (state));

}

/* ---- files ---- */

static void
test_window_save_reload (Fixture       *f,
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

  second = ossa_window_new (f->app);
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
test_window_save_fails (Fixture       *f,
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
test_window_save_as (Fixture       *f,
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
  for (guint i = 0; i < 500 && window_is_open (f, window); i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (10000);
    }
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
test_window_close_unsaved (Fixture       *f,
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
test_window_close_clean (Fixture       *f,
                         gconstpointer  data)
{
  GtkWindow *window;

  open_window (f);
  window = GTK_WINDOW (f->window);
  add_bone (editor_of (f), "root", -1);
  g_assert_true (ossa_editor_undo (editor_of (f), NULL));

  /* Back where it started: no question. */
  gtk_window_close (window);
  iterate ();
  g_assert_null (find_question (window));
  g_assert_false (window_is_open (f, window));
  f->window = NULL;
}

static void
test_window_quit (Fixture       *f,
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
  iterate ();
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
  iterate ();
  f->window = find_question (GTK_WINDOW (first)) != NULL ? first : second;
  answer_question (f, GTK_RESPONSE_REJECT);
  f->window = f->window == first ? second : first;
  answer_question (f, GTK_RESPONSE_REJECT);
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (f->app)));
  f->window = NULL;
}

static void
test_window_new (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GFile) file = save_trio (f, "trio.ossa");

  open_window (f);
  g_assert_true (ossa_window_open_file (f->window, file, NULL));

  /* Unmodified: New replaces it at once. */
  g_action_group_activate_action (G_ACTION_GROUP (f->app), "new", NULL);
  iterate ();
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
test_window_open_over_unsaved (Fixture       *f,
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
assert_open_fails (Fixture    *f,
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
test_window_open_broken (Fixture       *f,
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
test_window_open_action (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(GFile) file = save_trio (f, "chosen.ossa");
  g_autoptr(GError) error = NULL;
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
  gui_test_flush (GTK_WIDGET (f->window));

  g_assert_null (find_file_chooser (GTK_WINDOW (f->window)));
  g_assert_nonnull (ossa_editor_get_file (editor_of (f)));
  g_assert_true (g_file_equal (ossa_editor_get_file (editor_of (f)), file));
  assert_names (f, "root spine head");
  g_assert_cmpstr (title_of (f), ==, "chosen — Ossa");
}


static void
test_window_drop (Fixture       *f,
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
  iterate ();
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

static void
test_window_settings (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GFile) file = save_trio (f, "solo.ossa");
  GSettings *settings = ossa_application_get_settings (f->app);
  g_auto(GStrv) recent = NULL;
  g_autofree char *uri = g_file_get_uri (file);
  GMenuModel *recent_menu;
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
  recent_menu = G_MENU_MODEL (gtk_application_get_menu_by_id (GTK_APPLICATION (f->app),
                                                              "recent-files"));
  g_assert_nonnull (recent_menu);
  g_assert_cmpint (g_menu_model_get_n_items (recent_menu), ==, 1);
  {
    g_autofree char *action = NULL;

    g_assert_false (g_menu_model_get_item_attribute (recent_menu, 0, G_MENU_ATTRIBUTE_ACTION,
                                                     "s", &action));
  }

  g_assert_true (ossa_window_open_file (f->window, file, NULL));
  recent = g_settings_get_strv (settings, "recent-files");
  g_assert_cmpstr (recent[0], ==, uri);

  /* The menu follows the setting: one item opening the file. */
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
    }
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

/* ---- keys typed into a text field stay there ---- */

static gboolean
run_xdotool (const char *const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  int status = -1;

  g_ptr_array_add (argv, (gpointer) "xdotool");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_SEARCH_PATH |
                     G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, NULL, NULL, &status, NULL))
    return FALSE;
  return g_spawn_check_wait_status (status, NULL);
}

static void
type_key (const char *key)
{
  const char *args[] = { "key", "--clearmodifiers", key, NULL };

  g_assert_true (run_xdotool (args));
  /* xdotool syncs before it exits, so its events are queued for us by now; a
   * round trip of our own brings them in. Then handle everything pending, and
   * keep at it a while (a loaded machine may take longer to deliver). */
  gdk_display_sync (gdk_display_get_default ());
  for (guint i = 0, quiet = 0; i < 200 && quiet < 10; i++)
    {
      gboolean busy = FALSE;

      while (g_main_context_pending (NULL))
        {
          g_main_context_iteration (NULL, FALSE);
          busy = TRUE;
        }
      quiet = busy ? 0 : quiet + 1;
      g_usleep (5000);
    }
}

static void
test_window_keys (Fixture       *f,
                  gconstpointer  data)
{
#ifdef GDK_WINDOWING_X11
  static const char *which[] = { "version", NULL };
  static const guint arm[] = { 1 };
  g_autoptr(GFile) file = save_trio (f, "trio.ossa");
  g_autofree char *xid = NULL;
  GdkSurface *surface;
  GtkWidget *entry;

  if (!GDK_IS_X11_DISPLAY (gdk_display_get_default ()) || !run_xdotool (which))
    {
      g_test_skip ("needs X11 and xdotool to type real keys");
      return;
    }

  open_window (f);
  g_assert_true (ossa_window_open_file (f->window, file, NULL));
  surface = gtk_native_get_surface (GTK_NATIVE (f->window));
  xid = g_strdup_printf ("%lu", (gulong) gdk_x11_surface_get_xid (surface));
  {
    const char *args[] = { "windowfocus", "--sync", xid, NULL };

    g_assert_true (run_xdotool (args));
  }

  /* A text field in the window, as the inspector and the rename entry are. */
  entry = gtk_entry_new ();
  gtk_box_append (f->window->timeline_slot, entry);
  gui_test_flush (GTK_WIDGET (f->window));
  select_bones (f, arm, 1);

  g_assert_true (gtk_widget_grab_focus (entry));
  type_key ("t");
  type_key ("c");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "tc");
  g_assert_cmpint (ossa_editor_get_tool (editor_of (f)), ==, OSSA_TOOL_ROTATE);
  type_key ("Home");
  type_key ("Delete");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "c");
  assert_names (f, "root spine head");
  type_key ("ctrl+a");
  g_assert_true (gtk_editable_get_selection_bounds (GTK_EDITABLE (entry), NULL, NULL));
  g_assert_cmpstr (gtk_label_get_text (f->window->selection_label), ==, "spine");

  /* Elsewhere (the canvas has the focus) the same keys act on the document. */
  gtk_widget_grab_focus (GTK_WIDGET (f->window->canvas));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (f->window->canvas)));
  type_key ("t");
  g_assert_cmpint (ossa_editor_get_tool (editor_of (f)), ==, OSSA_TOOL_TRANSLATE);
  type_key ("c");
  g_assert_cmpint (ossa_editor_get_tool (editor_of (f)), ==, OSSA_TOOL_CREATE);
  type_key ("Delete");
  assert_names (f, "root");
  /* Application accelerators work from anywhere. */
  type_key ("ctrl+z");
  assert_names (f, "root spine head");
  type_key ("ctrl+a");
  g_assert_cmpstr (gtk_label_get_text (f->window->selection_label), ==, "3 bones selected");
  type_key ("Escape");
  g_assert_cmpstr (gtk_label_get_text (f->window->selection_label), ==, "No selection");
  type_key ("ctrl+2");
  g_assert_cmpint (ossa_editor_get_mode (editor_of (f)), ==, OSSA_EDIT_MODE_ANIMATE);
#else
  g_test_skip ("needs X11 to type real keys");
#endif
}

/* The status bar speaks of the workspace on show: on the map page, the map (its
 * name and size, or none), the cell under the pointer and the map's zoom. */
static void
test_window_status_map (Fixture *f, gconstpointer data)
{
  OssaGridMap map;
  OssaEditor *editor;

  open_window (f);
  gui_test_flush (GTK_WIDGET (f->window));
  editor = editor_of (f);
  g_assert_cmpstr (gtk_label_get_text (f->window->selection_label), ==, "No selection");
  g_assert_true (activate (f, "workspace", g_variant_new_string ("map")));
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_cmpstr (gtk_label_get_text (f->window->selection_label), ==, "No map");
  g_assert_true (g_str_has_suffix (gtk_label_get_text (f->window->zoom_label), " px"));
  g_assert_false (g_str_has_prefix (gtk_label_get_text (f->window->pointer_label), "x "));

  g_assert_true (ossa_grid_map_init (&map, "arena", 40, 30, NULL));
  execute (editor, ossa_command_add_map (ossa_editor_get_document (editor), &map, NULL));
  ossa_grid_map_clear (&map);
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_cmpstr (gtk_label_get_text (f->window->selection_label), ==, "arena   40 × 30 cells");

  /* Back to the skeleton: its selection and the canvas zoom again. */
  g_assert_true (activate (f, "workspace", g_variant_new_string ("skeleton")));
  g_assert_cmpstr (gtk_label_get_text (f->window->selection_label), ==, "No selection");
  g_assert_cmpstr (gtk_label_get_text (f->window->zoom_label), ==, "100 %");

  /* Undoing the new map on the map page leaves none to speak of. */
  g_assert_true (activate (f, "workspace", g_variant_new_string ("map")));
  g_assert_cmpstr (gtk_label_get_text (f->window->selection_label), ==, "arena   40 × 30 cells");
  g_assert_true (activate (f, "undo", NULL));
  g_assert_cmpstr (gtk_label_get_text (f->window->selection_label), ==, "No map");
}

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

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("/ossa/window/layout", test_window_layout);
  g_test_add_func ("/ossa/window/dialogs-with-suffix", test_dialogs_with_suffix);
  ADD ("/ossa/window/status-map", test_window_status_map);
  ADD ("/ossa/window/actions", test_window_actions);
  ADD ("/ossa/window/title", test_window_title);
  ADD ("/ossa/window/undo-menu", test_window_undo_menu);
  ADD ("/ossa/window/delete", test_window_delete);
  ADD ("/ossa/window/tool-mode", test_window_tool_mode);
  ADD ("/ossa/window/view", test_window_view);
  ADD ("/ossa/window/save-reload", test_window_save_reload);
  ADD ("/ossa/window/save-fails", test_window_save_fails);
  ADD ("/ossa/window/save-as", test_window_save_as);
  ADD ("/ossa/window/close-unsaved", test_window_close_unsaved);
  ADD ("/ossa/window/close-clean", test_window_close_clean);
  ADD ("/ossa/window/quit", test_window_quit);
  ADD ("/ossa/window/new", test_window_new);
  ADD ("/ossa/window/open-over-unsaved", test_window_open_over_unsaved);
  ADD ("/ossa/window/open-broken", test_window_open_broken);
  ADD ("/ossa/window/open-action", test_window_open_action);
  ADD ("/ossa/window/drop", test_window_drop);
  ADD ("/ossa/window/settings", test_window_settings);
  ADD ("/ossa/window/keys", test_window_keys);
#undef ADD

  return g_test_run ();
}
