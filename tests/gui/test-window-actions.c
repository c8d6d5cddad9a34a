/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window's actions: every one exists, the application accelerators and the
 * window's own keys, every menu item (an action, a key, listed in the shortcuts
 * window), the Edit menu's undo and redo items, selection and Delete. */
#define G_LOG_DOMAIN "test-window-actions"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-application.h"
#include "ossa-window-private.h"
#include "gui-test-app.h"

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

  g_autoptr(GListModel) own = gtk_widget_observe_controllers (GTK_WIDGET (window));

  add_key_shortcuts (keys, window->key_shortcuts);
  /* The window's keys for both workspaces (Ctrl+I, Ctrl+E). */
  for (guint i = 0; i < g_list_model_get_n_items (own); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (own, i);

      if (GTK_IS_SHORTCUT_CONTROLLER (controller)
          && g_strcmp0 (gtk_event_controller_get_name (GTK_EVENT_CONTROLLER (controller)),
                        "ossa-window-shortcuts") == 0)
        add_key_shortcuts (keys, GTK_SHORTCUT_CONTROLLER (controller));
    }
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
  AppFixture *f;
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
test_window_actions (AppFixture    *f,
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
  static const char * const app_actions[] = { "new", "new-window", "quit", "about",
                                              "preferences" };
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
    { "win.show-help-overlay", "<Control>question" },
    { "app.preferences", "<Control>comma" },
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
    { "win.new-animation", "<Control><Alt>n" },
    { "win.duplicate-animation", "<Control><Alt>d" },
    { "win.rename-animation", "<Control><Alt>r" },
    { "map.new", "<Control><Alt>n" },
    { "map.remove", "<Control><Alt>d" },
    { "map.resize", "<Control><Alt>r" },
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

/* ---- one key, one action ---- */

/* A key as GTK names it ("<Control><Alt>n"), for each keyval trigger in trigger. */
static void
add_trigger (GHashTable         *by_key,
             GtkShortcutTrigger *trigger,
             const char         *action,
             const char         *where)
{
  if (GTK_IS_ALTERNATIVE_TRIGGER (trigger))
    {
      add_trigger (by_key, gtk_alternative_trigger_get_first (GTK_ALTERNATIVE_TRIGGER (trigger)),
                   action, where);
      add_trigger (by_key, gtk_alternative_trigger_get_second (GTK_ALTERNATIVE_TRIGGER (trigger)),
                   action, where);
      return;
    }
  if (GTK_IS_KEYVAL_TRIGGER (trigger))
    {
      guint keyval = gdk_keyval_to_lower (gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)));
      g_autofree char *key =
        gtk_accelerator_name (keyval, gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)));
      GHashTable *actions = g_hash_table_lookup (by_key, key);

      if (actions == NULL)
        {
          actions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
          g_hash_table_insert (by_key, g_strdup (key), actions);
        }
      g_hash_table_insert (actions, g_strdup (action), g_strdup (where));
    }
}

/* The keys of every shortcut controller of ours (named actions of win., app. and
 * map.) on widget and its mapped descendants: GTK runs one only while its
 * widget is mapped (with the focus inside, for a local one). GTK's
 * own controllers (widget classes' keys, the shortcut manager's and the
 * application's lists, named "gtk-…") are left out; the application's
 * accelerators are added by the caller. */
static void
collect_mapped_shortcuts (GtkWidget  *widget,
                          GHashTable *by_key)
{
  g_autoptr(GListModel) controllers = NULL;

  if (!gtk_widget_get_mapped (widget))
    return;
  controllers = gtk_widget_observe_controllers (widget);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);
      const char *name;

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      name = gtk_event_controller_get_name (GTK_EVENT_CONTROLLER (controller));
      if (name != NULL && g_str_has_prefix (name, "gtk-"))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);
          const char *action_name;
          g_autofree char *detailed = NULL;

          if (!GTK_IS_NAMED_ACTION (action))
            continue;
          action_name = gtk_named_action_get_action_name (GTK_NAMED_ACTION (action));
          if (!g_str_has_prefix (action_name, "win.") && !g_str_has_prefix (action_name, "app.")
              && !g_str_has_prefix (action_name, "map."))
            continue;
          detailed = g_action_print_detailed_name (action_name, gtk_shortcut_get_arguments (shortcut));
          add_trigger (by_key, gtk_shortcut_get_trigger (shortcut), detailed,
                       G_OBJECT_TYPE_NAME (widget));
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_mapped_shortcuts (child, by_key);
}

/* Keys bound to more than one action while workspace shows, one a line. */
static char *
shared_keys (AppFixture *f,
             const char *workspace)
{
  g_autoptr(GHashTable) by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                        (GDestroyNotify) g_hash_table_unref);
  g_auto(GStrv) actions = gtk_application_list_action_descriptions (GTK_APPLICATION (f->app));
  GString *shared = g_string_new (NULL);
  GHashTableIter iter;
  gpointer key, value;

  g_assert_true (activate (f, "workspace", g_variant_new_string (workspace)));
  gui_test_flush (GTK_WIDGET (f->window));
  for (guint i = 0; actions[i] != NULL; i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (f->app),
                                                                    actions[i]);
      g_autofree char *detailed = normalize_detailed (actions[i]);

      for (guint j = 0; accels[j] != NULL; j++)
        {
          g_autoptr(GtkShortcutTrigger) trigger = gtk_shortcut_trigger_parse_string (accels[j]);

          add_trigger (by_key, trigger, detailed, "application");
        }
    }
  collect_mapped_shortcuts (GTK_WIDGET (f->window), by_key);

  g_hash_table_iter_init (&iter, by_key);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (g_hash_table_size (value) > 1)
      {
        g_autofree gpointer *names = g_hash_table_get_keys_as_array (value, NULL);

        g_string_append_printf (shared, "%s in the %s workspace:", (const char *) key, workspace);
        for (guint i = 0; names[i] != NULL; i++)
          g_string_append_printf (shared, " %s (%s)", (const char *) names[i],
                                  (const char *) g_hash_table_lookup (value, names[i]));
        g_string_append_c (shared, '\n');
      }
  return g_string_free (shared, FALSE);
}

/* No two actions share a key in the same workspace: Ctrl+Alt+N is a new
 * animation in the skeleton workspace and a new map in the map workspace, each
 * with its own keys, and the window's one-letter keys leave the map's alone. */
static void
test_no_shared_keys (AppFixture    *f,
                     gconstpointer  data)
{
  g_autofree char *skeleton = NULL;
  g_autofree char *map = NULL;

  open_window_sized (f, 1280, 800);
  skeleton = shared_keys (f, "skeleton");
  map = shared_keys (f, "map");
  if (skeleton[0] != '\0' || map[0] != '\0')
    g_test_message ("%s%s", skeleton, map);
  g_assert_cmpstr (skeleton, ==, "");
  g_assert_cmpstr (map, ==, "");
}

/* ---- Edit menu ---- */

static void
assert_undo_item (AppFixture *f,
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

static void
test_window_undo_menu (AppFixture    *f,
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
test_window_delete (AppFixture    *f,
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

int
main (int   argc,
      char *argv[])
{
  if (!gui_test_display_or_skip ())
    return 0;

  gtk_test_init (&argc, &argv, NULL);

  APP_TEST_ADD ("/ossa/window/actions", test_window_actions);
  APP_TEST_ADD ("/ossa/window/no-shared-keys", test_no_shared_keys);
  APP_TEST_ADD ("/ossa/window/undo-menu", test_window_undo_menu);
  APP_TEST_ADD ("/ossa/window/delete", test_window_delete);

  return g_test_run ();
}
