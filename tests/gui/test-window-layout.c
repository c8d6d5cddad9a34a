/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The editor's window as it opens: its panes and their sizes, the status bar
 * (also on the map workspace), the View menu's zoom and names, and the tool and
 * mode actions with the tool row's buttons. */
#define G_LOG_DOMAIN "test-window-layout"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-application.h"
#include "ossa-window-private.h"
#include "gui-test-app.h"

/* ---- layout ---- */

static int
width_of (gpointer widget)
{
  return gtk_widget_get_width (GTK_WIDGET (widget));
}

static void
test_window_layout (AppFixture    *f,
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

/* ---- status bar on the map workspace ---- */

/* The status bar speaks of the workspace on show: on the map page, the map (its
 * name and size, or none), the cell under the pointer and the map's zoom. */
static void
test_window_status_map (AppFixture *f, gconstpointer data)
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

/* ---- tool and mode ---- */

static gboolean
tool_button_active (AppFixture *f,
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
assert_state (AppFixture *f,
              const char *action,
              const char *expected)
{
  g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (f->window), action);

  g_assert_cmpstr (g_variant_get_string (state, NULL), ==, expected);
}

static void
test_window_tool_mode (AppFixture    *f,
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
test_window_view (AppFixture    *f,
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

int
main (int   argc,
      char *argv[])
{
  if (!gui_test_display_or_skip ())
    return 0;

  gtk_test_init (&argc, &argv, NULL);

  APP_TEST_ADD ("/ossa/window/layout", test_window_layout);
  APP_TEST_ADD ("/ossa/window/status-map", test_window_status_map);
  APP_TEST_ADD ("/ossa/window/tool-mode", test_window_tool_mode);
  APP_TEST_ADD ("/ossa/window/view", test_window_view);

  return g_test_run ();
}
