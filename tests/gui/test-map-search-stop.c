/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The map workspace when the searcher's memory budget (OSSA_PATH_MEMORY_BUDGET, in
 * bytes) is too small: the side panel's Path line says the search stopped, with the
 * core's reason in its tooltip and on a wrapped line under the stats, in the live
 * search, the stepped search and when the map cannot even be bound; no dialog; and
 * with the budget lifted the path is found again and the reason goes away. */
#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "ossa-map-editor-private.h"
#include "gui-test-support.h"

#define SIDE 512

typedef struct
{
  GtkWindow     *window;
  OssaEditor    *editor;
  OssaMapEditor *maps;
} Fixture;

/* The map workspace made with OSSA_PATH_MEMORY_BUDGET set to @budget (NULL: unset),
 * as a person starting Ossa with it would have it. */
static void
make_workspace (Fixture *f, const char *budget)
{
  if (budget != NULL)
    g_setenv ("OSSA_PATH_MEMORY_BUDGET", budget, TRUE);
  else
    g_unsetenv ("OSSA_PATH_MEMORY_BUDGET");
  f->editor = ossa_editor_new ();
  f->maps = OSSA_MAP_EDITOR (ossa_map_editor_new ());
  ossa_map_editor_set_editor (f->maps, f->editor);
  f->window = gui_test_show (GTK_WIDGET (f->maps), 1000, 700);
  g_unsetenv ("OSSA_PATH_MEMORY_BUDGET");
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  if (f->window != NULL)
    gtk_window_destroy (f->window);
  g_clear_object (&f->editor);
  gui_test_iterate ();
}

static void
set_state (Fixture *f, const char *name, GVariant *state)
{
  g_action_group_change_action_state (ossa_map_editor_get_actions (f->maps), name, state);
}

static void
activate (Fixture *f, const char *name)
{
  GActionGroup *group = ossa_map_editor_get_actions (f->maps);

  g_assert_true (g_action_group_get_action_enabled (group, name));
  g_action_group_activate_action (group, name, NULL);
}

static void
click (Fixture *f, double x, double y)
{
  ossa_map_editor_stroke_begin (f->maps, x + 0.5, y + 0.5);
  ossa_map_editor_stroke_end (f->maps, x + 0.5, y + 0.5);
}

/* A SIDE × SIDE empty map searched by Dijkstra from its middle to a corner: its
 * open list grows well past the searcher's first 1,024 entries. */
static void
make_open_map (Fixture *f)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (ossa_map_editor_new_map (f->maps, "open", SIDE, SIDE, &error));
  g_assert_no_error (error);
  set_state (f, "algorithm", g_variant_new_string ("dijkstra"));
  set_state (f, "tool", g_variant_new_string ("start"));
  click (f, SIDE / 2, SIDE / 2);
  set_state (f, "tool", g_variant_new_string ("goal"));
  click (f, 0, 0);
}

static GtkWidget *
find_by_id (GtkWidget *root, const char *id)
{
  if (g_strcmp0 (gtk_buildable_get_buildable_id (GTK_BUILDABLE (root)), id) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_by_id (child, id);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Lets the search after an edit run, and lays the panel out. */
static void
settle (Fixture *f)
{
  (void) ossa_map_editor_get_search (f->maps);
  gui_test_flush (GTK_WIDGET (f->window));
}

/* The Path line says @title and its tooltip, and the line under the stats, hold
 * @reason (NULL: the line says a search outcome, no tooltip, no reason line). */
#define assert_path_line(f, title, reason) assert_path_line_at (f, title, reason, __LINE__)

static void
assert_path_line_at (Fixture *f, const char *title, const char *reason, int at)
{
  GtkWidget *found = find_by_id (GTK_WIDGET (f->maps), "found_label");
  GtkWidget *line = find_by_id (GTK_WIDGET (f->maps), "search_error_label");
  const char *tooltip;

  settle (f);
  g_assert_true (GTK_IS_LABEL (found));
  g_assert_true (GTK_IS_LABEL (line));
  tooltip = gtk_widget_get_tooltip_text (found);
  if (g_strcmp0 (gtk_label_get_text (GTK_LABEL (found)), title) != 0)
    g_error ("line %d: the Path line says \"%s\", not \"%s\"", at,
             gtk_label_get_text (GTK_LABEL (found)), title);
  if (reason == NULL)
    {
      g_assert_null (tooltip);
      g_assert_false (gtk_widget_get_visible (line));
      return;
    }
  if (tooltip == NULL || strstr (tooltip, reason) == NULL)
    g_error ("line %d: the Path line's tooltip is \"%s\", without \"%s\"", at, tooltip,
             reason);
  g_assert_true (gtk_widget_is_drawable (line));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (line)), ==, tooltip);
}

/* No window but ours: a failed search asks nothing. */
static void
assert_no_dialog (Fixture *f)
{
  GList *toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (l->data != f->window && gtk_widget_get_visible (l->data))
      g_error ("a window opened over the map workspace: %s", G_OBJECT_TYPE_NAME (l->data));
  g_list_free (toplevels);
}

/* Enough for the map and a first open list of 1,024 entries, not for a bigger one. */
static char *
small_budget (void)
{
  return g_strdup_printf ("%" G_GUINT64_FORMAT,
                          ossa_pathfinder_memory_needed (SIDE, SIDE) + 28 * 1024);
}

static void
test_live_and_stepped (Fixture *f, gconstpointer data)
{
  g_autofree char *budget = small_budget ();
  OssaMapSearchInfo info;
  guint64 steps = 0;

  make_workspace (f, budget);
  make_open_map (f);

  /* The live search stops partway: told, with the core's reason. */
  assert_path_line (f, "Stopped: too large for memory", "would pass its memory budget");
  info = ossa_map_editor_get_search (f->maps);
  g_assert_false (info.found);
  assert_no_dialog (f);

  /* A stroke searches again, and says so again, without a dialog. */
  set_state (f, "tool", g_variant_new_string ("brush"));
  set_state (f, "paint", g_variant_new_string ("wall"));
  click (f, 100, 300);
  assert_path_line (f, "Stopped: too large for memory", "would pass its memory budget");
  assert_no_dialog (f);

  /* The stepped search, run to its end, stops the same way. */
  activate (f, "step");
  assert_path_line (f, "Searching…", NULL);
  activate (f, "finish");
  g_assert_cmpint (ossa_map_editor_get_step_status (f->maps, &steps), ==, OSSA_SEARCH_NO_PATH);
  g_assert_cmpuint (steps, >, 1);
  assert_path_line (f, "Stopped: too large for memory", "stopped after");

  /* Restarting clears it until it stops again. */
  activate (f, "restart");
  assert_path_line (f, "Searching…", NULL);
  activate (f, "finish");
  assert_path_line (f, "Stopped: too large for memory", "stopped after");

  /* With the budget lifted the stepped search, then the live one, find the goal
   * and the reason goes. */
  _ossa_map_editor_set_memory_budget (f->maps, 0);
  assert_path_line (f, "Searching…", NULL);
  activate (f, "finish");
  g_assert_cmpint (ossa_map_editor_get_step_status (f->maps, NULL), ==, OSSA_SEARCH_FOUND);
  assert_path_line (f, "Found", NULL);
  set_state (f, "step-mode", g_variant_new_boolean (FALSE));
  assert_path_line (f, "Found", NULL);
  g_assert_true (ossa_map_editor_get_search (f->maps).found);

  /* And back down: the live search stops again. */
  _ossa_map_editor_set_memory_budget (f->maps, ossa_pathfinder_memory_needed (SIDE, SIDE)
                                               + 28 * 1024);
  assert_path_line (f, "Stopped: too large for memory", "would pass its memory budget");
}

static void
test_bind (Fixture *f, gconstpointer data)
{
  make_workspace (f, "1000");
  make_open_map (f);

  /* Not even the map's copy fits: every search says why, painting still works. */
  assert_path_line (f, "Stopped: too large for memory", "would need");
  set_state (f, "tool", g_variant_new_string ("brush"));
  set_state (f, "paint", g_variant_new_string ("wall"));
  click (f, 100, 300);
  g_assert_false (ossa_grid_map_walkable (&ossa_editor_get_document (f->editor)->maps[0],
                                          100, 300));
  assert_path_line (f, "Stopped: too large for memory", "would need");
  activate (f, "finish");
  assert_path_line (f, "Stopped: too large for memory", "would need");
  assert_no_dialog (f);
  set_state (f, "step-mode", g_variant_new_boolean (FALSE));

  _ossa_map_editor_set_memory_budget (f->maps, 0);
  assert_path_line (f, "Found", NULL);
}

/* A budget that is not a number of bytes is said once and changes nothing. */
static void
test_bad_value (Fixture *f, gconstpointer data)
{
  g_test_expect_message ("ossa-map-editor", G_LOG_LEVEL_WARNING,
                         "*OSSA_PATH_MEMORY_BUDGET*lots*");
  make_workspace (f, "lots");
  g_test_assert_expected_messages ();
  g_assert_cmpuint (ossa_pathfinder_memory_budget (f->maps->finder), ==,
                    ossa_pathfinder_default_memory_budget ());
  make_open_map (f);
  assert_path_line (f, "Found", NULL);
}

int
main (int argc, char *argv[])
{
  if (!gui_test_display_or_skip ())
    return 0;

  gtk_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, NULL, func, fixture_teardown)
  ADD ("/ossa/map-search-stop/live-and-stepped", test_live_and_stepped);
  ADD ("/ossa/map-search-stop/bind", test_bind);
  ADD ("/ossa/map-search-stop/bad-value", test_bad_value);
#undef ADD

  return g_test_run ();
}
