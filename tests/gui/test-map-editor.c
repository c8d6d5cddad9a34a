/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The map workspace in a window: its actions, painting through the functions the
 * mouse gestures call, the path found again after every edit, undo, the stepped
 * search and finishing it at once, the hover panel kept true to the cell under a
 * still pointer, Enter in the New Map dialog, and the cat walking a legal path
 * while mice flee. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ossa-map-editor.h"
#include "gui-test-support.h"

typedef struct
{
  GtkWindow     *window;
  OssaEditor    *editor;
  OssaMapEditor *maps;
  double         hover_x, hover_y;   /* where hover() put the pointer, widget pixels */
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  f->editor = ossa_editor_new ();
  f->maps = OSSA_MAP_EDITOR (ossa_map_editor_new ());
  ossa_map_editor_set_editor (f->maps, f->editor);
  f->window = gui_test_show (GTK_WIDGET (f->maps), 1000, 700);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (f->window);
  g_object_unref (f->editor);
  gui_test_iterate ();
}

static const OssaGridMap *
doc_map (Fixture *f, guint index)
{
  const OssaDocument *doc = ossa_editor_get_document (f->editor);

  g_assert_cmpuint (index, <, doc->n_maps);
  return &doc->maps[index];
}

static void
activate (Fixture *f, const char *name, GVariant *parameter)
{
  GActionGroup *group = ossa_map_editor_get_actions (f->maps);

  g_assert_true (g_action_group_get_action_enabled (group, name));
  g_action_group_activate_action (group, name, parameter);
}

static void
set_state (Fixture *f, const char *name, GVariant *state)
{
  g_action_group_change_action_state (ossa_map_editor_get_actions (f->maps), name, state);
}

static void
click (Fixture *f, double x, double y)
{
  ossa_map_editor_stroke_begin (f->maps, x + 0.5, y + 0.5);
  ossa_map_editor_stroke_end (f->maps, x + 0.5, y + 0.5);
}

static void
drag (Fixture *f, double x0, double y0, double x1, double y1)
{
  int steps = 8;

  ossa_map_editor_stroke_begin (f->maps, x0 + 0.5, y0 + 0.5);
  for (int i = 1; i <= steps; i++)
    ossa_map_editor_stroke_update (f->maps, x0 + 0.5 + (x1 - x0) * i / steps,
                                   y0 + 0.5 + (y1 - y0) * i / steps);
  ossa_map_editor_stroke_end (f->maps, x1 + 0.5, y1 + 0.5);
}

/* A 20 × 10 empty map, start (1, 5), goal (18, 5), placed with the S and G tools. */
static void
make_corridor (Fixture *f)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (ossa_map_editor_new_map (f->maps, "corridor", 20, 10, &error));
  g_assert_no_error (error);
  set_state (f, "tool", g_variant_new_string ("start"));
  click (f, 1, 5);
  set_state (f, "tool", g_variant_new_string ("goal"));
  click (f, 18, 5);
  g_assert_true (doc_map (f, 0)->has_start);
  g_assert_true (doc_map (f, 0)->has_goal);
}

/* The widget of @root's tree built from the template object called @id. */
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

/* A label in @root's tree showing exactly @text, or NULL. */
static GtkWidget *
find_label_text (GtkWidget *root, const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label_text (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The hover panel: what it says about the cell under the pointer. */
static const char *
cell_text (Fixture *f)
{
  GtkWidget *label = find_by_id (GTK_WIDGET (f->maps), "cell_label");

  g_assert_true (GTK_IS_LABEL (label));
  return gtk_label_get_text (GTK_LABEL (label));
}

/* The pointer comes to rest over cell (x, y), as the view's motion controller
 * hears it, and the main loop runs (the search after an edit runs there). */
static void
hover (Fixture *f, guint x, guint y)
{
  OssaMapView *view = ossa_map_editor_get_view (f->maps);
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));
  gboolean moved = FALSE;
  double wx, wy, px = -1, py = -1;

  /* The view laid out, as it is on screen when a person points at it. */
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (view)), >, 0);
  ossa_map_view_from_cell (view, x + 0.5, y + 0.5, &wx, &wy);
  f->hover_x = wx, f->hover_y = wy;
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !moved; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_MOTION (controller))
        {
          g_signal_emit_by_name (controller, "motion", wx, wy);
          moved = TRUE;
        }
    }
  g_assert_true (moved);
  g_object_get (view, "pointer-x", &px, "pointer-y", &py, NULL);
  g_assert_cmpfloat (px, ==, x);
  g_assert_cmpfloat (py, ==, y);
  gui_test_iterate ();
}

/* Lets pending work (the search after an edit) run, as it does before a frame. */
static void
settle (Fixture *f)
{
  (void) ossa_map_editor_get_search (f->maps);
  gui_test_iterate ();
}

/* The panel says @prefix about the cell, then exactly @rest (NULL: anything). */
static void
assert_cell (Fixture *f, const char *prefix, const char *rest)
{
  OssaMapView *view = ossa_map_editor_get_view (f->maps);
  gboolean inside = FALSE;
  const char *text;

  /* A window another test maps over ours on the shared display takes the pointer
   * away (a leave): bring it back to the same place, without moving it. */
  g_object_get (view, "pointer-inside", &inside, NULL);
  if (!inside)
    {
      g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));

      for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
        {
          g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

          if (GTK_IS_EVENT_CONTROLLER_MOTION (controller))
            {
              g_signal_emit_by_name (controller, "motion", f->hover_x, f->hover_y);
              break;
            }
        }
    }
  text = cell_text (f);
  if (!g_str_has_prefix (text, prefix) || (rest != NULL && strstr (text, rest) == NULL))
    g_error ("the hover panel says \"%s\", not \"%s…%s\"", text, prefix,
             rest != NULL ? rest : "");
}

/* Each step of the path is to one of the 8 neighbours, onto a walkable cell,
 * diagonals only past two walkable orthogonal cells. */
static void
assert_legal (const OssaGridMap *map, const OssaCell *path, gsize n)
{
  for (gsize i = 0; i < n; i++)
    {
      g_assert_true (ossa_grid_map_walkable (map, path[i].x, path[i].y));
      if (i > 0)
        {
          int dx = (int) path[i].x - (int) path[i - 1].x;
          int dy = (int) path[i].y - (int) path[i - 1].y;

          g_assert_cmpint (ABS (dx), <=, 1);
          g_assert_cmpint (ABS (dy), <=, 1);
          g_assert_true (dx != 0 || dy != 0);
          if (dx != 0 && dy != 0)
            {
              g_assert_true (ossa_grid_map_walkable (map, path[i - 1].x + dx, path[i - 1].y));
              g_assert_true (ossa_grid_map_walkable (map, path[i - 1].x, path[i - 1].y + dy));
            }
        }
    }
}

static void
test_actions (Fixture *f, gconstpointer data)
{
  GActionGroup *group = ossa_map_editor_get_actions (f->maps);
  GList *toplevels;
  GtkWidget *dialog = NULL;
  g_autoptr(GVariant) state = NULL;

  /* No map: only making or opening one is possible. */
  g_assert_cmpint (ossa_map_editor_get_map (f->maps), ==, -1);
  g_assert_false (g_action_group_get_action_enabled (group, "save-as"));
  g_assert_false (g_action_group_get_action_enabled (group, "resize"));
  g_assert_false (g_action_group_get_action_enabled (group, "step"));

  /* map.new asks for a name and a size; Create adds the map as one undo step. */
  activate (f, "new", NULL);
  gui_test_flush (GTK_WIDGET (f->window));
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (GTK_IS_DIALOG (l->data))
      dialog = l->data;
  g_list_free (toplevels);
  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_OK);
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_cmpuint (ossa_editor_get_document (f->editor)->n_maps, ==, 1);
  g_assert_cmpstr (doc_map (f, 0)->name, ==, "map");
  g_assert_cmpuint (doc_map (f, 0)->width, ==, 40);
  g_assert_cmpint (ossa_map_editor_get_map (f->maps), ==, 0);
  g_assert_true (g_action_group_get_action_enabled (group, "save-as"));
  g_assert_cmpstr (ossa_editor_get_undo_label (f->editor), ==, "Add Map");

  /* Stateful actions take only what they know. */
  set_state (f, "tool", g_variant_new_string ("fill"));
  set_state (f, "tool", g_variant_new_string ("nonsense"));
  state = g_action_group_get_action_state (group, "tool");
  g_assert_cmpstr (g_variant_get_string (state, NULL), ==, "fill");
  g_clear_pointer (&state, g_variant_unref);
  set_state (f, "connect", g_variant_new_int32 (5));
  state = g_action_group_get_action_state (group, "connect");
  g_assert_cmpint (g_variant_get_int32 (state), ==, 8);

  /* map.remove, then undo brings it back. */
  activate (f, "remove", NULL);
  g_assert_cmpuint (ossa_editor_get_document (f->editor)->n_maps, ==, 0);
  g_assert_cmpint (ossa_map_editor_get_map (f->maps), ==, -1);
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  g_assert_cmpint (ossa_map_editor_get_map (f->maps), ==, 0);
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  g_assert_cmpuint (ossa_editor_get_document (f->editor)->n_maps, ==, 0);
}

static void
test_paint_and_path (Fixture *f, gconstpointer data)
{
  OssaMapSearchInfo info;
  const OssaCell *path;
  gsize n;
  gsize steps_before;

  make_corridor (f);
  info = ossa_map_editor_get_search (f->maps);
  g_assert_true (info.searched);
  g_assert_true (info.found);
  g_assert_cmpfloat_with_epsilon (info.length, 17.0, 1e-9);

  /* A wall down x = 10 with one gap at the bottom, in one brush stroke. */
  steps_before = ossa_editor_can_undo (f->editor);
  set_state (f, "tool", g_variant_new_string ("brush"));
  set_state (f, "paint", g_variant_new_string ("wall"));
  drag (f, 10, 0, 10, 8);
  for (guint y = 0; y <= 8; y++)
    g_assert_false (ossa_grid_map_walkable (doc_map (f, 0), 10, y));
  g_assert_true (ossa_grid_map_walkable (doc_map (f, 0), 10, 9));
  g_assert_cmpstr (ossa_editor_get_undo_label (f->editor), ==, "Paint Walls");

  /* The path was found again: longer, through the gap, every step legal. */
  info = ossa_map_editor_get_search (f->maps);
  g_assert_true (info.found);
  g_assert_cmpfloat (info.length, >, 17.5);
  path = ossa_map_editor_get_path (f->maps, &n);
  g_assert_cmpuint (n, >, 2);
  assert_legal (doc_map (f, 0), path, n);
  for (gsize i = 0; i < n; i++)
    if (path[i].x == 10)
      g_assert_cmpuint (path[i].y, ==, 9);

  /* Closing the gap: no path. */
  click (f, 10, 9);
  info = ossa_map_editor_get_search (f->maps);
  g_assert_true (info.searched);
  g_assert_false (info.found);

  /* Undo the click, then the whole stroke in one step. */
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  g_assert_true (ossa_map_editor_get_search (f->maps).found);
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  g_assert_cmpuint (ossa_grid_map_count_walkable (doc_map (f, 0)), ==, 200);
  info = ossa_map_editor_get_search (f->maps);
  g_assert_cmpfloat_with_epsilon (info.length, 17.0, 1e-9);
  g_assert_true (ossa_editor_redo (f->editor, NULL));
  g_assert_cmpfloat (ossa_map_editor_get_search (f->maps).length, >, 17.5);
  (void) steps_before;

  /* The algorithm and the moves change the search. */
  set_state (f, "algorithm", g_variant_new_string ("dijkstra"));
  g_assert_cmpuint (ossa_map_editor_get_search (f->maps).expansions, >, info.expansions);
  set_state (f, "connect", g_variant_new_int32 (4));
  info = ossa_map_editor_get_search (f->maps);
  g_assert_cmpfloat (info.length, ==, floor (info.length));

  gui_test_flush (GTK_WIDGET (f->window));
}

static void
test_tools (Fixture *f, gconstpointer data)
{
  const OssaGridMap *m;

  make_corridor (f);
  set_state (f, "paint", g_variant_new_string ("wall"));

  /* Rectangle: 3 × 2 cells. */
  set_state (f, "tool", g_variant_new_string ("rect"));
  drag (f, 2, 1, 4, 2);
  m = doc_map (f, 0);
  g_assert_cmpuint (ossa_grid_map_count_walkable (m), ==, 200 - 6);
  g_assert_false (ossa_grid_map_walkable (m, 4, 2));
  g_assert_cmpstr (ossa_editor_get_undo_label (f->editor), ==, "Fill Rectangle");

  /* Line of width 1 along the bottom row, then a wider brush. */
  set_state (f, "tool", g_variant_new_string ("line"));
  drag (f, 0, 9, 19, 9);
  g_assert_cmpuint (ossa_grid_map_count_walkable (doc_map (f, 0)), ==, 200 - 6 - 20);
  activate (f, "brush-bigger", NULL);
  activate (f, "brush-bigger", NULL);
  set_state (f, "tool", g_variant_new_string ("brush"));
  click (f, 15, 3);   /* 3 × 3 around (15, 3) */
  g_assert_cmpuint (ossa_grid_map_count_walkable (doc_map (f, 0)), ==, 200 - 6 - 20 - 9);

  /* Flood fill with floor from inside the rectangle opens exactly it. */
  activate (f, "swap-paint", NULL);
  set_state (f, "tool", g_variant_new_string ("fill"));
  click (f, 3, 1);
  g_assert_cmpuint (ossa_grid_map_count_walkable (doc_map (f, 0)), ==, 200 - 20 - 9);
  g_assert_cmpstr (ossa_editor_get_undo_label (f->editor), ==, "Flood Fill");

  /* Resizing through the core command: the view and the search follow. */
  g_assert_true (ossa_editor_execute (f->editor,
                                      ossa_command_resize_map (ossa_editor_get_document (f->editor),
                                                               0, 12, 6, NULL),
                                      NULL));
  g_assert_false (doc_map (f, 0)->has_goal);
  g_assert_false (ossa_map_editor_get_search (f->maps).searched);
  gui_test_flush (GTK_WIDGET (f->window));
}

static void
test_step_mode (Fixture *f, gconstpointer data)
{
  OssaMapSearchInfo whole;
  guint64 steps = 0;
  guint guard = 0;

  make_corridor (f);
  set_state (f, "tool", g_variant_new_string ("line"));
  drag (f, 10, 0, 10, 8);
  whole = ossa_map_editor_get_search (f->maps);
  g_assert_true (whole.found);

  /* map.step enters step mode and expands one node at a time. */
  activate (f, "step", NULL);
  g_assert_cmpint (ossa_map_editor_get_step_status (f->maps, &steps), ==, OSSA_SEARCH_RUNNING);
  g_assert_cmpuint (steps, ==, 1);
  activate (f, "step", NULL);
  activate (f, "step", NULL);
  ossa_map_editor_get_step_status (f->maps, &steps);
  g_assert_cmpuint (steps, ==, 3);
  g_assert_false (ossa_map_editor_get_search (f->maps).found);

  /* An edit restarts it. */
  set_state (f, "tool", g_variant_new_string ("brush"));
  click (f, 5, 0);
  ossa_map_editor_get_step_status (f->maps, &steps);
  g_assert_cmpuint (steps, ==, 0);
  g_assert_true (ossa_editor_undo (f->editor, NULL));

  /* Playing runs on the frame clock until the goal comes off the open list, with
   * the same outcome as the whole search. */
  set_state (f, "play", g_variant_new_boolean (TRUE));
  while (ossa_map_editor_get_step_status (f->maps, NULL) == OSSA_SEARCH_RUNNING && guard++ < 2000)
    {
      gui_test_flush (GTK_WIDGET (f->window));
      g_usleep (5000);
    }
  g_assert_cmpint (ossa_map_editor_get_step_status (f->maps, &steps), ==, OSSA_SEARCH_FOUND);
  g_assert_cmpuint (steps, ==, whole.expansions);
  g_assert_cmpfloat_with_epsilon (ossa_map_editor_get_search (f->maps).length, whole.length, 1e-9);

  /* Leaving step mode: the whole search again. */
  set_state (f, "step-mode", g_variant_new_boolean (FALSE));
  g_assert_cmpint (ossa_map_editor_get_step_status (f->maps, NULL), ==, OSSA_SEARCH_IDLE);
  g_assert_cmpuint (ossa_map_editor_get_search (f->maps).expansions, ==, whole.expansions);
}

/* ---- the hover panel describes the cell under the pointer, now ---- */

/* A 40 × 40 empty map (the New Map dialog's size), start (3, 2), goal (3, 18):
 * the path runs straight down column 3. */
static void
make_column (Fixture *f)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (ossa_map_editor_new_map (f->maps, "open", 40, 40, &error));
  g_assert_no_error (error);
  set_state (f, "tool", g_variant_new_string ("start"));
  click (f, 3, 2);
  set_state (f, "tool", g_variant_new_string ("goal"));
  click (f, 3, 18);
  settle (f);
  g_assert_true (ossa_map_editor_get_search (f->maps).found);
}

/* The pointer rests where the goal goes, then the click places it: the search
 * that follows reached it, and the panel says so. An edit under the pointer, and
 * its undo, are told too. */
static void
test_hover_after_search_and_edit (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (ossa_map_editor_new_map (f->maps, "corridor", 20, 10, &error));
  set_state (f, "tool", g_variant_new_string ("start"));
  click (f, 1, 5);
  hover (f, 18, 5);
  assert_cell (f, "Cell 18, 5: walkable", "not reached by the search");
  set_state (f, "tool", g_variant_new_string ("goal"));
  click (f, 18, 5);
  settle (f);
  g_assert_true (ossa_map_editor_get_search (f->maps).found);
  assert_cell (f, "Cell 18, 5: walkable", "g 17.000   h 0.000   f 17.000");

  /* A wall painted under the pointer: blocked, out of the search. */
  hover (f, 10, 5);
  assert_cell (f, "Cell 10, 5: walkable", "g 9.000");
  set_state (f, "tool", g_variant_new_string ("brush"));
  set_state (f, "paint", g_variant_new_string ("wall"));
  click (f, 10, 5);
  settle (f);
  assert_cell (f, "Cell 10, 5: blocked", "not reached by the search");
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  settle (f);
  assert_cell (f, "Cell 10, 5: walkable", "g 9.000");

  /* Another algorithm is another search: Dijkstra has no heuristic. */
  hover (f, 12, 5);
  assert_cell (f, "Cell 12, 5: walkable", "h 6.000");
  set_state (f, "algorithm", g_variant_new_string ("dijkstra"));
  settle (f);
  assert_cell (f, "Cell 12, 5: walkable", "g 11.000   h 0.000   f 11.000");

  /* The goal taken away: nothing was searched. */
  activate (f, "clear-ends", NULL);
  settle (f);
  assert_cell (f, "Cell 12, 5: walkable", "not reached by the search");
}

/* Map > Open Map with the pointer over the view: the article's map has the same
 * size as the map on show, so the same cell stays under the pointer, but it is a
 * wall there and that map has no search yet. Switching back shows the first
 * map's cell and search again. */
static void
test_hover_after_load_and_switch (Fixture *f, gconstpointer data)
{
  const char *dir = g_getenv ("OSSA_SHARED_TESTDATA");
  g_autofree char *path = dir != NULL ? g_build_filename (dir, "seed", "map40.txt", NULL) : NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (path == NULL || !g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_test_skip ("OSSA_SHARED_TESTDATA/seed/map40.txt is not available");
      return;
    }
  make_column (f);
  hover (f, 3, 10);
  assert_cell (f, "Cell 3, 10: walkable", "g 8.000");

  file = g_file_new_for_path (path);
  g_assert_true (ossa_map_editor_add_map_file (f->maps, file, &error));
  g_assert_no_error (error);
  g_assert_cmpint (ossa_map_editor_get_map (f->maps), ==, 1);
  g_assert_false (ossa_grid_map_walkable (doc_map (f, 1), 3, 10));
  settle (f);
  hover (f, 3, 10);   /* the pointer did not move: same cell */
  assert_cell (f, "Cell 3, 10: blocked", "not reached by the search");

  /* The map list's other entry: the first map, searched again. */
  ossa_map_editor_set_map (f->maps, 0);
  settle (f);
  assert_cell (f, "Cell 3, 10: walkable", "g 8.000");
  ossa_map_editor_set_map (f->maps, 1);
  settle (f);
  assert_cell (f, "Cell 3, 10: blocked", "not reached by the search");
}

/* Step mode: each step, a restart and the end of the search are told. */
static void
test_hover_while_stepping (Fixture *f, gconstpointer data)
{
  make_column (f);
  hover (f, 3, 4);
  assert_cell (f, "Cell 3, 4: walkable", "g 2.000");

  /* Entering step mode restarts: only the start is open. */
  set_state (f, "step-mode", g_variant_new_boolean (TRUE));
  gui_test_iterate ();
  assert_cell (f, "Cell 3, 4: walkable", "not reached by the search");
  activate (f, "step", NULL);   /* (3, 2) expanded: (3, 3) open */
  assert_cell (f, "Cell 3, 4: walkable", "not reached by the search");
  activate (f, "step", NULL);   /* (3, 3) expanded: (3, 4) open */
  gui_test_iterate ();
  assert_cell (f, "Cell 3, 4: walkable", "g 2.000");

  /* Backspace: back to the start. */
  activate (f, "restart", NULL);
  gui_test_iterate ();
  assert_cell (f, "Cell 3, 4: walkable", "not reached by the search");

  /* No goal in step mode: no search, nothing left of the last one. */
  activate (f, "step", NULL);
  activate (f, "step", NULL);
  assert_cell (f, "Cell 3, 4: walkable", "g 2.000");
  activate (f, "clear-ends", NULL);
  gui_test_iterate ();
  assert_cell (f, "Cell 3, 4: walkable", "not reached by the search");
}

/* The button in @root's tree for @action. */
static GtkWidget *
find_action_button (GtkWidget *root, const char *action)
{
  if (GTK_IS_ACTIONABLE (root)
      && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (root)), action) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_action_button (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The workspace's key for @action ("End"), or NULL. */
static char *
key_for (Fixture *f, const char *action)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->maps));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutAction *named = gtk_shortcut_get_action (shortcut);

          if (GTK_IS_NAMED_ACTION (named)
              && g_str_equal (gtk_named_action_get_action_name (GTK_NAMED_ACTION (named)), action))
            return gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut));
        }
    }
  return NULL;
}

/* Step mode's "finish the search": a button next to the single step, with its key
 * in the tooltip, runs the stepped search to its end at once; the stats, the path
 * and the hover panel show the outcome of the whole search. */
static void
test_finish_search (Fixture *f, gconstpointer data)
{
  GtkWidget *step = find_action_button (GTK_WIDGET (f->maps), "map.step");
  GtkWidget *finish = find_action_button (GTK_WIDGET (f->maps), "map.finish");
  g_autofree char *key = key_for (f, "map.finish");
  OssaMapSearchInfo whole, info;
  const OssaCell *path;
  gsize n;
  guint64 steps = 0;

  g_assert_nonnull (step);
  g_assert_nonnull (finish);
  g_assert_true (gtk_widget_get_parent (finish) == gtk_widget_get_parent (step));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (finish), "(End)"));
  g_assert_cmpstr (key, ==, "End");

  make_corridor (f);
  set_state (f, "tool", g_variant_new_string ("line"));
  drag (f, 10, 0, 10, 8);
  whole = ossa_map_editor_get_search (f->maps);
  g_assert_true (whole.found);

  /* A few steps in, playing: finishing stops the play and ends the search. */
  hover (f, 18, 5);
  activate (f, "step", NULL);
  activate (f, "step", NULL);
  assert_cell (f, "Cell 18, 5: walkable", "not reached by the search");
  set_state (f, "play", g_variant_new_boolean (TRUE));
  g_assert_true (gtk_widget_is_sensitive (finish));
  g_signal_emit_by_name (finish, "clicked");   /* what a click on it ends in */
  gui_test_iterate ();
  g_assert_cmpint (ossa_map_editor_get_step_status (f->maps, &steps), ==, OSSA_SEARCH_FOUND);
  g_assert_cmpuint (steps, ==, whole.expansions);
  {
    g_autoptr(GVariant) playing = g_action_group_get_action_state (ossa_map_editor_get_actions (f->maps),
                                                                 "play");

    g_assert_false (g_variant_get_boolean (playing));
  }
  info = ossa_map_editor_get_search (f->maps);
  g_assert_true (info.found);
  g_assert_cmpuint (info.expansions, ==, whole.expansions);
  g_assert_cmpfloat_with_epsilon (info.length, whole.length, 1e-9);
  path = ossa_map_editor_get_path (f->maps, &n);
  g_assert_cmpuint (n, >, 2);
  assert_legal (doc_map (f, 0), path, n);
  g_assert_cmpuint (path[n - 1].x, ==, 18);
  assert_cell (f, "Cell 18, 5: walkable", "f ");
  g_assert_nonnull (find_label_text (GTK_WIDGET (f->maps), "Found"));

  /* Again at the end: nothing more to do. */
  activate (f, "finish", NULL);
  ossa_map_editor_get_step_status (f->maps, &steps);
  g_assert_cmpuint (steps, ==, whole.expansions);

  /* Out of step mode, it shows the whole search's open and closed sets. */
  set_state (f, "step-mode", g_variant_new_boolean (FALSE));
  activate (f, "finish", NULL);
  g_assert_cmpint (ossa_map_editor_get_step_status (f->maps, &steps), ==, OSSA_SEARCH_FOUND);
  g_assert_cmpuint (steps, ==, whole.expansions);

  /* With the goal walled in: no path, told as such. */
  set_state (f, "tool", g_variant_new_string ("brush"));
  click (f, 10, 9);
  activate (f, "finish", NULL);
  g_assert_cmpint (ossa_map_editor_get_step_status (f->maps, NULL), ==, OSSA_SEARCH_NO_PATH);
  g_assert_false (ossa_map_editor_get_search (f->maps).found);
  g_assert_nonnull (find_label_text (GTK_WIDGET (f->maps), "No path"));
}

/* The New Map dialog, opened with map.new. */
static GtkWidget *
open_new_map_dialog (Fixture *f)
{
  GtkWidget *dialog = NULL;
  GList *toplevels;

  activate (f, "new", NULL);
  gui_test_flush (GTK_WIDGET (f->window));
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (GTK_IS_DIALOG (l->data) && gtk_widget_get_visible (l->data))
      dialog = l->data;
  g_list_free (toplevels);
  g_assert_nonnull (dialog);
  gui_test_flush (dialog);
  return dialog;
}

/* The dialog's text fields in order: name, width, height (a spin button's is its
 * GtkText). */
static GtkWidget *
nth_text (GtkWidget *root, guint *n)
{
  if (GTK_IS_TEXT (root))
    {
      if ((*n)-- == 0)
        return root;
      return NULL;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = nth_text (child, n);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Enter in the text field @which (0 name, 1 width, 2 height) after typing @typed
 * (NULL: nothing) in it: what the Return key does there, the GtkText's
 * "activate". */
static void
press_enter_in (GtkWidget *dialog, guint which, const char *typed)
{
  guint n = which;
  GtkWidget *text = nth_text (dialog, &n);

  g_assert_nonnull (text);
  g_assert_true (gtk_widget_grab_focus (text));
  if (typed != NULL)
    gtk_editable_set_text (GTK_EDITABLE (text), typed);
  g_signal_emit_by_name (text, "activate");
}

static gboolean
has_maps (gpointer data)
{
  Fixture *f = ((gpointer *) data)[0];
  guint n = GPOINTER_TO_UINT (((gpointer *) data)[1]);

  return ossa_editor_get_document (f->editor)->n_maps == n;
}

/* Until the document holds @n maps (a button activated from the keyboard is
 * clicked a moment later, once it has shown itself pressed). */
static void
wait_for_maps (Fixture *f, guint n)
{
  gpointer data[2] = { f, GUINT_TO_POINTER (n) };

  g_assert_true (gui_test_iterate_until (has_maps, data));
  gui_test_flush (GTK_WIDGET (f->window));
}

/* Enter creates the map from whichever field has the focus, with what was typed
 * there; Create is the dialog's default and looks it. */
static void
test_new_map_enter (Fixture *f, gconstpointer data)
{
  GtkWidget *dialog = open_new_map_dialog (f);
  GtkWidget *create = gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog), GTK_RESPONSE_OK);
  guint first = 0;

  g_assert_nonnull (create);
  g_assert_true (gtk_window_get_default_widget (GTK_WINDOW (dialog)) == create);
  g_assert_true (gtk_widget_has_css_class (create, "suggested-action"));
  /* The dialog's focus widget, whether or not the window is active just now (on a
   * shared display another test's window can take the activation). */
  g_assert_true (gtk_root_get_focus (GTK_ROOT (dialog)) == nth_text (dialog, &first));

  /* In the name: the default size. */
  press_enter_in (dialog, 0, "first");
  wait_for_maps (f, 1);
  g_assert_cmpstr (doc_map (f, 0)->name, ==, "first");
  g_assert_cmpuint (doc_map (f, 0)->width, ==, 40);

  /* In the width, just typed: that width. */
  dialog = open_new_map_dialog (f);
  press_enter_in (dialog, 1, "25");
  wait_for_maps (f, 2);
  g_assert_cmpuint (doc_map (f, 1)->width, ==, 25);
  g_assert_cmpuint (doc_map (f, 1)->height, ==, 40);

  /* In the height. */
  dialog = open_new_map_dialog (f);
  press_enter_in (dialog, 2, "12");
  wait_for_maps (f, 3);
  g_assert_cmpuint (doc_map (f, 2)->height, ==, 12);
  g_assert_cmpint (ossa_map_editor_get_map (f->maps), ==, 2);
}

static void
test_cat_and_mice (Fixture *f, gconstpointer data)
{
  const OssaGridMap *m;
  double x, y, mx0, my0, mx, my;
  int last_x, last_y;
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (OssaCell));

  make_corridor (f);
  set_state (f, "tool", g_variant_new_string ("line"));
  drag (f, 10, 0, 10, 8);
  m = doc_map (f, 0);

  /* A mouse, then the cat; the cat tool's next click sends it across the wall. */
  set_state (f, "tool", g_variant_new_string ("mouse"));
  click (f, 4, 3);
  g_assert_cmpuint (ossa_map_editor_get_n_mice (f->maps), ==, 1);
  set_state (f, "tool", g_variant_new_string ("cat"));
  click (f, 1, 1);
  g_assert_true (ossa_map_editor_get_cat (f->maps, &x, &y));
  g_assert_cmpfloat (x, ==, 1.5);
  g_assert_cmpfloat (y, ==, 1.5);
  ossa_map_editor_get_mouse (f->maps, 0, &mx0, &my0);
  click (f, 18, 1);

  last_x = 1, last_y = 1;
  g_array_append_val (cells, ((OssaCell) { 1, 1 }));
  for (int i = 0; i < 2000; i++)
    {
      int cx, cy;

      ossa_map_editor_advance_agents (f->maps, 0.01);
      g_assert_true (ossa_map_editor_get_cat (f->maps, &x, &y));
      /* Between two cells the cat is on the segment joining their centres: the
       * cell it is nearest to is where it stands. */
      cx = (int) floor (x), cy = (int) floor (y);
      if (cx != last_x || cy != last_y)
        {
          g_array_append_val (cells, ((OssaCell) { (guint32) cx, (guint32) cy }));
          last_x = cx, last_y = cy;
        }
    }
  g_assert_cmpfloat (x, ==, 18.5);
  g_assert_cmpfloat (y, ==, 1.5);
  g_assert_cmpuint (cells->len, >, 17);
  assert_legal (m, (const OssaCell *) (gpointer) cells->data, cells->len);

  /* The mouse saw the cat pass and ran off, away from it, on walkable ground (or
   * was caught). */
  if (ossa_map_editor_get_n_mice (f->maps) == 1)
    {
      ossa_map_editor_get_mouse (f->maps, 0, &mx, &my);
      g_assert_true (mx != mx0 || my != my0);
      g_assert_true (ossa_grid_map_walkable (m, (int) floor (mx), (int) floor (my)));
    }

  activate (f, "clear-agents", NULL);
  g_assert_false (ossa_map_editor_get_cat (f->maps, &x, &y));
  g_assert_cmpuint (ossa_map_editor_get_n_mice (f->maps), ==, 0);
}

static void
test_files (Fixture *f, gconstpointer data)
{
  g_autofree char *dir = g_dir_make_tmp ("ossa-map-XXXXXX", NULL);
  g_autofree char *text_path = g_build_filename (dir, "corridor.txt", NULL);
  g_autofree char *mai_path = g_build_filename (dir, "corridor.map", NULL);
  g_autoptr(GFile) text_file = g_file_new_for_path (text_path);
  g_autoptr(GFile) mai_file = g_file_new_for_path (mai_path);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  OssaGridMap loaded;

  make_corridor (f);
  set_state (f, "tool", g_variant_new_string ("line"));
  drag (f, 10, 0, 10, 8);

  /* Saved in both forms, chosen by the name. */
  g_assert_true (ossa_map_editor_save_map_file (f->maps, text_file, &error));
  g_assert_no_error (error);
  g_assert_true (ossa_map_editor_save_map_file (f->maps, mai_file, &error));
  g_assert_true (g_file_get_contents (text_path, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "width 20\n"));
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (mai_path, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "type octile\n"));
  g_assert_true (ossa_grid_map_load (&loaded, mai_path, NULL, NULL));
  g_assert_cmpmem (loaded.cells, 200, doc_map (f, 0)->cells, 200);
  ossa_grid_map_clear (&loaded);

  /* Opened into the document as a second map, with a name of its own. */
  g_assert_true (ossa_map_editor_add_map_file (f->maps, text_file, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ossa_editor_get_document (f->editor)->n_maps, ==, 2);
  g_assert_cmpint (ossa_map_editor_get_map (f->maps), ==, 1);
  g_assert_cmpstr (doc_map (f, 1)->name, ==, "corridor 2");
  g_assert_cmpmem (doc_map (f, 1)->cells, 200, doc_map (f, 0)->cells, 200);
  /* A new map has no start or goal: nothing to search. */
  g_assert_false (ossa_map_editor_get_search (f->maps).searched);

  /* A broken file changes nothing. */
  g_assert_true (g_file_set_contents (text_path, "width 3\nheight 2\nmapstart\n1 1\n", -1, NULL));
  g_assert_false (ossa_map_editor_add_map_file (f->maps, text_file, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "corridor.txt"));
  g_assert_cmpuint (ossa_editor_get_document (f->editor)->n_maps, ==, 2);

  g_unlink (text_path);
  g_unlink (mai_path);
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  if (!gui_test_display_or_skip ())
    return 0;

  gtk_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("/ossa/map-editor/actions", test_actions);
  ADD ("/ossa/map-editor/paint-and-path", test_paint_and_path);
  ADD ("/ossa/map-editor/tools", test_tools);
  ADD ("/ossa/map-editor/step-mode", test_step_mode);
  ADD ("/ossa/map-editor/cat-and-mice", test_cat_and_mice);
  ADD ("/ossa/map-editor/files", test_files);
  ADD ("/ossa/map-editor/hover-after-search-and-edit", test_hover_after_search_and_edit);
  ADD ("/ossa/map-editor/hover-after-load-and-switch", test_hover_after_load_and_switch);
  ADD ("/ossa/map-editor/hover-while-stepping", test_hover_while_stepping);
  ADD ("/ossa/map-editor/finish-search", test_finish_search);
  ADD ("/ossa/map-editor/new-map-enter", test_new_map_enter);
#undef ADD

  return g_test_run ();
}
