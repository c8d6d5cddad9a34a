/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Keys typed for real (xdotool) into a text field in the window stay there, and
 * act on the document when the canvas has the focus. Runs alone on the display: a
 * window another test presents meanwhile would take the keyboard focus. */
#define G_LOG_DOMAIN "test-window-keys"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <gtk/gtk.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

#include "ossa.h"

#include "ossa-application.h"
#include "ossa-window-private.h"
#include "gui-test-app.h"

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
test_window_keys (AppFixture    *f,
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

/* The visible GtkDialog transient for window, if any (the New Map dialog). */
static GtkWindow *
visible_dialog (GtkWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (GTK_IS_DIALOG (toplevel) && gtk_widget_get_visible (GTK_WIDGET (toplevel))
          && gtk_window_get_transient_for (toplevel) == window)
        return toplevel;
    }
  return NULL;
}

/* One key, one action in each workspace, typed for real: Ctrl+Alt+N makes an
 * animation in the skeleton workspace and opens the New Map dialog in the map
 * workspace (nothing else in either), and R picks the map's rectangle there
 * without touching the skeleton's tool. */
static void
test_workspace_keys (AppFixture    *f,
                     gconstpointer  data)
{
#ifdef GDK_WINDOWING_X11
  static const char *which[] = { "version", NULL };
  g_autoptr(GFile) file = save_trio (f, "trio.ossa");
  g_autofree char *xid = NULL;
  g_autofree char *map_tool = NULL;
  GtkWindow *dialog;
  gsize n_animations;

  if (!GDK_IS_X11_DISPLAY (gdk_display_get_default ()) || !run_xdotool (which))
    {
      g_test_skip ("needs X11 and xdotool to type real keys");
      return;
    }
  open_window (f);
  g_assert_true (ossa_window_open_file (f->window, file, NULL));
  xid = g_strdup_printf ("%lu", (gulong) gdk_x11_surface_get_xid (
                                  gtk_native_get_surface (GTK_NATIVE (f->window))));
  {
    const char *args[] = { "windowfocus", "--sync", xid, NULL };

    g_assert_true (run_xdotool (args));
  }

  gtk_widget_grab_focus (GTK_WIDGET (f->window->canvas));
  n_animations = doc_of (f)->n_animations;
  type_key ("ctrl+alt+n");
  g_assert_cmpuint (doc_of (f)->n_animations, ==, n_animations + 1);
  g_assert_null (visible_dialog (GTK_WINDOW (f->window)));

  g_assert_true (activate (f, "workspace", g_variant_new_string ("map")));
  gui_test_flush (GTK_WIDGET (f->window));
  /* No map yet, so no map view on show: the focus is not left on it, hidden,
   * where it would take every key. */
  {
    GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (f->window));

    g_assert_true (focus == NULL || gtk_widget_get_mapped (focus));
  }
  n_animations = doc_of (f)->n_animations;
  type_key ("ctrl+alt+n");
  dialog = visible_dialog (GTK_WINDOW (f->window));
  g_assert_nonnull (dialog);
  g_assert_cmpuint (doc_of (f)->n_animations, ==, n_animations);
  gtk_window_destroy (dialog);
  gui_test_flush (GTK_WIDGET (f->window));

  /* Where switching put the focus (the workspace's first control, as there is
   * no map to show yet): R is the map's rectangle, not the skeleton's rotate. */
  ossa_editor_set_tool (editor_of (f), OSSA_TOOL_SCALE);
  g_action_group_change_action_state (ossa_map_editor_get_actions (f->window->map_editor), "tool",
                                      g_variant_new_string ("brush"));
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (f->window)),
                                         GTK_WIDGET (f->window->map_editor)));
  type_key ("r");
  g_assert_cmpint (ossa_editor_get_tool (editor_of (f)), ==, OSSA_TOOL_SCALE);
  {
    g_autoptr(GVariant) state =
      g_action_group_get_action_state (ossa_map_editor_get_actions (f->window->map_editor), "tool");

    map_tool = g_variant_dup_string (state, NULL);
  }
  g_assert_cmpstr (map_tool, ==, "rect");

  /* Back in the skeleton workspace, R is the rotate tool again. */
  g_assert_true (activate (f, "workspace", g_variant_new_string ("skeleton")));
  gui_test_flush (GTK_WIDGET (f->window));
  ossa_editor_set_tool (editor_of (f), OSSA_TOOL_SCALE);
  type_key ("r");
  g_assert_cmpint (ossa_editor_get_tool (editor_of (f)), ==, OSSA_TOOL_ROTATE);
#else
  g_test_skip ("needs X11 to type real keys");
#endif
}

int
main (int   argc,
      char *argv[])
{
  if (!gui_test_display_or_skip ())
    return 0;

  gtk_test_init (&argc, &argv, NULL);

  APP_TEST_ADD ("/ossa/window/keys", test_window_keys);
  APP_TEST_ADD ("/ossa/window/keys/workspaces", test_workspace_keys);

  return g_test_run ();
}
