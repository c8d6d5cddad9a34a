/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-hierarchy"

#include "config.h"

#include <stdio.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-bone-object.h"
#include "ossa-editor.h"
#include "ossa-hierarchy.h"
#include "ossa-hierarchy-private.h"
#include "gui-test-support.h"

/* A small rig, parents before children:
 *   hips ─ spine ─ neck ─ head
 *        │       ├ arm_l
 *        │       └ arm_r
 *        ├ leg_l
 *        └ leg_r                                                              */
enum { HIPS, SPINE, NECK, HEAD, ARM_L, ARM_R, LEG_L, LEG_R, N_RIG };
static const char * const rig_names[N_RIG] = {
  "hips", "spine", "neck", "head", "arm_l", "arm_r", "leg_l", "leg_r",
};
static const int rig_parents[N_RIG] = { -1, HIPS, SPINE, NECK, SPINE, SPINE, HIPS, HIPS };
static const char rig_rows[] =
  "hips@0 spine@1 neck@2 head@3 arm_l@2 arm_r@2 leg_l@1 leg_r@1";

typedef struct
{
  OssaEditor    *editor;
  GtkWindow     *window;
  OssaHierarchy *hierarchy;
} Fixture;

static void
add_bone (OssaEditor *editor, const char *name, int parent, guint32 color)
{
  OssaTransform rest = ossa_transform_identity ();
  OssaError err = { 0 };
  OssaCommand *command;

  rest.x = 1.0f;
  command = ossa_command_add_bone (ossa_editor_get_document (editor), name, parent, &rest, 1.0f,
                                   color, &err);
  g_assert_nonnull (command);
  g_assert_true (ossa_editor_execute (editor, command, NULL));
}

static void
show_hierarchy (Fixture *f)
{
  f->hierarchy = OSSA_HIERARCHY (ossa_hierarchy_new ());
  ossa_hierarchy_set_editor (f->hierarchy, f->editor);
  f->window = gui_test_show (GTK_WIDGET (f->hierarchy), 260, 420);
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  static const guint32 colors[] = { 0xc0504dff, 0x66bb6aff, 0x4a90d9ff, 0xf5c211ff };

  f->editor = ossa_editor_new ();
  for (guint i = 0; i < N_RIG; i++)
    add_bone (f->editor, rig_names[i], rig_parents[i], colors[i % G_N_ELEMENTS (colors)]);
  show_hierarchy (f);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_clear_pointer (&f->window, gtk_window_destroy);
  gui_test_iterate ();
  g_clear_object (&f->editor);
}

static GtkSelectionModel *
get_rows (Fixture *f)
{
  GtkListView *list = GTK_LIST_VIEW (gtk_widget_get_template_child (GTK_WIDGET (f->hierarchy),
                                                                    OSSA_TYPE_HIERARCHY,
                                                                    "list_view"));

  return gtk_list_view_get_model (list);
}

static GtkTreeListRow *
get_row (Fixture *f, guint position)
{
  return g_list_model_get_item (G_LIST_MODEL (get_rows (f)), position);
}

static const char *
row_name (GtkTreeListRow *row)
{
  g_autoptr (OssaBoneObject) bone = gtk_tree_list_row_get_item (row);

  /* The row objects live as long as the model; the name with them. */
  return ossa_bone_object_get_name (bone);
}

/* "name@depth" for every row, top to bottom. */
static char *
dup_rows (Fixture *f)
{
  GListModel *rows = G_LIST_MODEL (get_rows (f));
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (GtkTreeListRow) row = g_list_model_get_item (rows, i);

      g_string_append_printf (s, "%s%s@%u", i ? " " : "", row_name (row),
                              gtk_tree_list_row_get_depth (row));
    }
  return g_string_free (s, FALSE);
}

static guint
find_position (Fixture *f, const char *name)
{
  GListModel *rows = G_LIST_MODEL (get_rows (f));

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (GtkTreeListRow) row = g_list_model_get_item (rows, i);

      if (g_strcmp0 (row_name (row), name) == 0)
        return i;
    }
  g_error ("no row for %s", name);
  return G_MAXUINT;
}

/* The selected rows' names, top to bottom. */
static char *
dup_selected_rows (Fixture *f)
{
  GtkSelectionModel *rows = get_rows (f);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (rows)); i++)
    if (gtk_selection_model_is_selected (rows, i))
      {
        g_autoptr (GtkTreeListRow) row = get_row (f, i);

        g_string_append_printf (s, "%s%s", s->len ? " " : "", row_name (row));
      }
  return g_string_free (s, FALSE);
}

static char *
dup_editor_selection (OssaEditor *editor)
{
  const OssaSkeleton *skel = &ossa_editor_get_document (editor)->skeleton;
  GString *s = g_string_new (NULL);
  gsize n;
  const guint *bones = ossa_editor_get_selection (editor, &n);

  for (gsize i = 0; i < n; i++)
    g_string_append_printf (s, "%s%s", i ? " " : "", skel->bones[bones[i]].name);
  return g_string_free (s, FALSE);
}

static int
parent_of (Fixture *f, const char *name)
{
  const OssaSkeleton *skel = &ossa_editor_get_document (f->editor)->skeleton;
  ssize_t bone = ossa_skeleton_find_bone (skel, name);

  g_assert_cmpint (bone, >=, 0);
  return skel->bones[bone].parent;
}

static int
index_of (Fixture *f, const char *name)
{
  return (int) ossa_skeleton_find_bone (&ossa_editor_get_document (f->editor)->skeleton, name);
}

static void
count_cb (gpointer instance, gpointer user_data)
{
  (*(int *) user_data)++;
}

static void
test_rows (Fixture *f, gconstpointer data)
{
  g_autofree char *rows = dup_rows (f);
  g_autofree char *after_add = NULL;
  g_autofree char *collapsed = NULL;
  g_autofree char *kept = NULL;
  g_autoptr (GtkTreeListRow) spine = NULL;
  g_autoptr (GtkTreeListRow) head = NULL;

  g_assert_cmpstr (rows, ==, rig_rows);

  /* Expanded by default; leaves have nothing to expand. */
  spine = get_row (f, find_position (f, "spine"));
  head = get_row (f, find_position (f, "head"));
  g_assert_true (gtk_tree_list_row_get_expanded (spine));
  g_assert_false (gtk_tree_list_row_is_expandable (head));

  /* A new bone shows up under its parent, after its older siblings. */
  add_bone (f->editor, "tail", HIPS, 0xffffffff);
  after_add = dup_rows (f);
  g_assert_cmpstr (after_add, ==,
                   "hips@0 spine@1 neck@2 head@3 arm_l@2 arm_r@2 leg_l@1 leg_r@1 tail@1");

  /* A collapsed row stays collapsed when the structure changes again. */
  g_clear_object (&spine);
  spine = get_row (f, find_position (f, "spine"));
  gtk_tree_list_row_set_expanded (spine, FALSE);
  collapsed = dup_rows (f);
  g_assert_cmpstr (collapsed, ==, "hips@0 spine@1 leg_l@1 leg_r@1 tail@1");
  add_bone (f->editor, "toe", LEG_L, 0xffffffff);
  kept = dup_rows (f);
  g_assert_cmpstr (kept, ==, "hips@0 spine@1 leg_l@1 toe@2 leg_r@1 tail@1");

  /* A whole new document starts expanded and mirrors its skeleton. */
  ossa_editor_new_document (f->editor);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (get_rows (f))), ==, 0);
  add_bone (f->editor, "root", -1, 0xffffffff);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (get_rows (f))), ==, 1);

  /* No editor, no rows. */
  g_object_set (f->hierarchy, "editor", NULL, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (get_rows (f))), ==, 0);
}

static void
test_select (Fixture *f, gconstpointer data)
{
  GtkSelectionModel *rows = get_rows (f);
  g_autofree char *one = NULL;
  g_autofree char *two = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *cleared = NULL;
  int emitted = 0;

  g_signal_connect (f->editor, "selection-changed", G_CALLBACK (count_cb), &emitted);

  /* Rows → editor: a click selects only that bone and makes it the primary one. */
  g_assert_true (gtk_selection_model_select_item (rows, find_position (f, "neck"), TRUE));
  one = dup_editor_selection (f->editor);
  g_assert_cmpstr (one, ==, "neck");
  g_assert_cmpint (ossa_editor_get_primary (f->editor), ==, NECK);
  g_assert_cmpint (emitted, ==, 1);

  /* Ctrl+click adds, and the newly picked bone becomes the primary one. */
  g_assert_true (gtk_selection_model_select_item (rows, find_position (f, "leg_r"), FALSE));
  two = dup_editor_selection (f->editor);
  g_assert_cmpstr (two, ==, "neck leg_r");
  g_assert_cmpint (ossa_editor_get_primary (f->editor), ==, LEG_R);
  g_assert_cmpint (emitted, ==, 2);

  /* Editor → rows, without the rows echoing it back. */
  ossa_editor_select (f->editor, (const guint[]) { HEAD, ARM_L }, 2, FALSE);
  g_assert_cmpint (emitted, ==, 3);
  shown = dup_selected_rows (f);
  g_assert_cmpstr (shown, ==, "head arm_l");
  g_assert_cmpint (ossa_editor_get_primary (f->editor), ==, ARM_L);

  ossa_editor_clear_selection (f->editor);
  cleared = dup_selected_rows (f);
  g_assert_cmpstr (cleared, ==, "");
  g_assert_cmpint (emitted, ==, 4);

  g_signal_handlers_disconnect_by_func (f->editor, count_cb, &emitted);
}

static void
test_reparent (Fixture *f, gconstpointer data)
{
  g_autofree char *moved = NULL;
  g_autofree char *cycle = NULL;
  g_autofree char *rooted = NULL;
  g_autofree char *undone = NULL;

  /* leg_r onto spine: it becomes spine's last child. */
  g_assert_true (_ossa_hierarchy_drop_bone (f->hierarchy, LEG_R, SPINE));
  g_assert_cmpint (parent_of (f, "leg_r"), ==, index_of (f, "spine"));
  moved = dup_rows (f);
  g_assert_cmpstr (moved, ==, "hips@0 spine@1 neck@2 head@3 arm_l@2 arm_r@2 leg_r@2 leg_l@1");
  g_assert_cmpstr (_ossa_hierarchy_get_message (f->hierarchy), ==, "");

  /* hips onto head, its own descendant: refused, nothing changes, and why is shown. */
  g_assert_false (_ossa_hierarchy_drop_bone (f->hierarchy, (guint) index_of (f, "hips"),
                                             index_of (f, "head")));
  cycle = dup_rows (f);
  g_assert_cmpstr (cycle, ==, moved);
  g_assert_cmpint (parent_of (f, "hips"), ==, -1);
  g_assert_nonnull (strstr (_ossa_hierarchy_get_message (f->hierarchy), "own subtree"));

  /* Onto the empty space below the rows: neck becomes a root. */
  g_assert_true (_ossa_hierarchy_drop_bone (f->hierarchy, (guint) index_of (f, "neck"), -1));
  g_assert_cmpint (parent_of (f, "neck"), ==, -1);
  rooted = dup_rows (f);
  g_assert_cmpstr (rooted, ==, "hips@0 spine@1 arm_l@2 arm_r@2 leg_r@2 leg_l@1 neck@0 head@1");

  /* Each move is one undo step. */
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  undone = dup_rows (f);
  g_assert_cmpstr (undone, ==, rig_rows);
}

/* The dragged bone's selection survives the rebuild a move causes. */
static void
test_reparent_keeps_selection (Fixture *f, gconstpointer data)
{
  g_autofree char *shown = NULL;

  ossa_editor_select (f->editor, (const guint[]) { LEG_L }, 1, FALSE);
  g_assert_true (_ossa_hierarchy_drop_bone (f->hierarchy, LEG_L, HEAD));
  g_assert_cmpint (parent_of (f, "leg_l"), ==, index_of (f, "head"));
  shown = dup_selected_rows (f);
  g_assert_cmpstr (shown, ==, "leg_l");
}

static void
test_rename (Fixture *f, gconstpointer data)
{
  const OssaSkeleton *skel = &ossa_editor_get_document (f->editor)->skeleton;
  g_autofree char *undo_before = g_strdup (ossa_editor_get_undo_label (f->editor));
  GtkEditable *entry;
  const char *tooltip;
  g_autofree char *rows = NULL;

  /* Nothing selected: nothing to rename. */
  ossa_hierarchy_start_rename (f->hierarchy);
  g_assert_null (_ossa_hierarchy_get_rename_entry (f->hierarchy));

  ossa_editor_select (f->editor, (const guint[]) { SPINE }, 1, FALSE);
  ossa_hierarchy_start_rename (f->hierarchy);
  gui_test_flush (GTK_WIDGET (f->window));
  entry = _ossa_hierarchy_get_rename_entry (f->hierarchy);
  g_assert_nonnull (entry);
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, "spine");
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (entry)));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (entry))
                 || gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (f->window)),
                                            GTK_WIDGET (entry)));

  /* A name that is taken: refused with the core's reason, nothing changes. */
  gtk_editable_set_text (entry, "leg_l");
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpstr (skel->bones[SPINE].name, ==, "spine");
  g_assert_cmpstr (ossa_editor_get_undo_label (f->editor), ==, undo_before);
  g_assert_true (_ossa_hierarchy_get_rename_entry (f->hierarchy) == entry);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (entry), "error"));
  tooltip = gtk_widget_get_tooltip_text (GTK_WIDGET (entry));
  g_assert_nonnull (strstr (tooltip, "already called “leg_l”"));

  /* Typing a name that would do clears the mark; an empty name is refused too. */
  gtk_editable_set_text (entry, "chest");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (entry), "error"));
  gtk_editable_set_text (entry, "");
  g_signal_emit_by_name (entry, "activate");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (entry), "error"));
  g_assert_cmpstr (skel->bones[SPINE].name, ==, "spine");

  /* A free name: renamed through the history, the row shows it. */
  gtk_editable_set_text (entry, "torso");
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpstr (skel->bones[SPINE].name, ==, "torso");
  g_assert_null (_ossa_hierarchy_get_rename_entry (f->hierarchy));
  rows = dup_rows (f);
  g_assert_cmpstr (rows, ==, "hips@0 torso@1 neck@2 head@3 arm_l@2 arm_r@2 leg_l@1 leg_r@1");
  g_assert_cmpstr (ossa_editor_get_undo_label (f->editor), !=, undo_before);
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  g_assert_cmpstr (skel->bones[SPINE].name, ==, "spine");
}

/* The label of the row around entry that says, in red, why its name is refused:
 * shown, with text, and below the entry. NULL when there is none. */
static GtkWidget *
find_shown_error (GtkWidget *entry)
{
  GtkWidget *row = entry;
  graphene_rect_t e, l;

  /* Up to the list item: the child of the list view. */
  while (row != NULL && !GTK_IS_LIST_VIEW (gtk_widget_get_parent (row)))
    row = gtk_widget_get_parent (row);
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_compute_bounds (entry, row, &e));
  for (GtkWidget *w = gtk_widget_get_first_child (row); w != NULL;)
    {
      if (GTK_IS_LABEL (w) && gtk_widget_get_mapped (w) && gtk_widget_has_css_class (w, "error")
          && gtk_label_get_text (GTK_LABEL (w))[0] != '\0'
          && gtk_widget_compute_bounds (w, row, &l)
          && l.origin.y >= e.origin.y + e.size.height - 1
          && l.origin.y < e.origin.y + e.size.height + 24
          && l.origin.x < e.origin.x + e.size.width && l.origin.x + l.size.width > e.origin.x)
        return w;
      /* Depth first through the row's widgets. */
      if (gtk_widget_get_first_child (w) != NULL)
        w = gtk_widget_get_first_child (w);
      else
        {
          while (w != row && gtk_widget_get_next_sibling (w) == NULL)
            w = gtk_widget_get_parent (w);
          w = w == row ? NULL : gtk_widget_get_next_sibling (w);
        }
    }
  return NULL;
}

/* F2 on arm_l, type "head", Enter: the row says why, in red under the field,
 * and says no more once the name would do or the rename ends. */
static void
test_rename_says_why (Fixture *f, gconstpointer data)
{
  const OssaSkeleton *skel = &ossa_editor_get_document (f->editor)->skeleton;
  GtkEditable *entry;
  GtkWidget *error;

  ossa_editor_select (f->editor, (const guint[]) { ARM_L }, 1, FALSE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->hierarchy), "hierarchy.rename", NULL));
  gui_test_flush (GTK_WIDGET (f->window));
  entry = _ossa_hierarchy_get_rename_entry (f->hierarchy);
  g_assert_nonnull (entry);
  g_assert_null (find_shown_error (GTK_WIDGET (entry)));

  gtk_editable_set_text (entry, "head");
  g_signal_emit_by_name (entry, "activate");
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_cmpstr (skel->bones[ARM_L].name, ==, "arm_l");
  error = find_shown_error (GTK_WIDGET (entry));
  g_assert_nonnull (error);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (error)), ==,
                   "Another bone is already called “head”.");

  /* Still refused: the reason follows the text. */
  gtk_editable_set_text (entry, "");
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_true (find_shown_error (GTK_WIDGET (entry)) == error);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (error)), ==, "A bone needs a name.");

  /* A name that would do: the reason goes. */
  gtk_editable_set_text (entry, "hand_l");
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_null (find_shown_error (GTK_WIDGET (entry)));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (entry), "error"));

  /* Refused again, then Escape (what the entry's key handler calls): the
   * rename ends and the reason with it; the next rename starts clean. */
  gtk_editable_set_text (entry, "neck");
  g_signal_emit_by_name (entry, "activate");
  gui_test_flush (GTK_WIDGET (f->window));
  error = find_shown_error (GTK_WIDGET (entry));
  g_assert_nonnull (error);
  _ossa_hierarchy_end_rename (f->hierarchy);
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_null (_ossa_hierarchy_get_rename_entry (f->hierarchy));
  g_assert_false (gtk_widget_get_mapped (error));
  ossa_hierarchy_start_rename (f->hierarchy);
  gui_test_flush (GTK_WIDGET (f->window));
  entry = _ossa_hierarchy_get_rename_entry (f->hierarchy);
  g_assert_nonnull (entry);
  g_assert_null (find_shown_error (GTK_WIDGET (entry)));
  g_assert_cmpstr (skel->bones[ARM_L].name, ==, "arm_l");
}

/* F2 is bound in the panel; the row of a bone under a collapsed parent is
 * uncovered for it. */
static void
test_rename_hidden (Fixture *f, gconstpointer data)
{
  g_autoptr (GtkTreeListRow) spine = get_row (f, find_position (f, "spine"));
  GtkEditable *entry;

  gtk_tree_list_row_set_expanded (spine, FALSE);
  ossa_editor_select (f->editor, (const guint[]) { HEAD }, 1, FALSE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->hierarchy), "hierarchy.rename", NULL));
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_true (gtk_tree_list_row_get_expanded (spine));
  entry = _ossa_hierarchy_get_rename_entry (f->hierarchy);
  g_assert_nonnull (entry);
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, "head");
}

static void
assert_only_selected (GtkSelectionModel *rows, const char *name)
{
  g_autoptr (GtkBitset) selected = gtk_selection_model_get_selection (rows);
  g_autoptr (GtkTreeListRow) row = NULL;

  g_assert_cmpuint (gtk_bitset_get_size (selected), ==, 1);
  row = g_list_model_get_item (G_LIST_MODEL (rows), gtk_bitset_get_minimum (selected));
  g_assert_cmpstr (row_name (row), ==, name);
}

/* A rig of 10,000 bones: a bushy tree with a chain 2,000 bones deep hanging off
 * it. Every step stays well under the O(n²) regime; times are printed. */
static void
test_large (void)
{
  g_autoptr (OssaEditor) editor = ossa_editor_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ossa-test-hierarchy-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr (GFile) file = NULL;
  g_autoptr (GTimer) timer = g_timer_new ();
  OssaDocument *doc = ossa_document_new ();
  OssaTransform rest = ossa_transform_identity ();
  GtkWindow *window;
  OssaHierarchy *hierarchy;
  GtkListView *list;
  GtkSelectionModel *rows;
  const guint n = 10000, deepest = n - 1;
  OssaError err = { 0 };
  double built, selected, renamed, moved;
  OssaCommand *command;

  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    {
      char name[32];
      int parent = i == 0 ? -1 : i < 8000 ? (int) (i - 1) / 3 : (int) i - 1;

      g_snprintf (name, sizeof name, "bone%u", i);
      g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, name, parent, &rest, 1.0f,
                                               0x808080ff, &err), ==, i);
    }
  path = g_build_filename (dir, "large.ossa", NULL);
  g_assert_true (ossa_document_save (doc, path, &err));
  ossa_document_free (doc);
  file = g_file_new_for_path (path);
  g_assert_true (ossa_editor_load (editor, file, &error));
  g_assert_no_error (error);

  g_timer_start (timer);
  hierarchy = OSSA_HIERARCHY (ossa_hierarchy_new ());
  ossa_hierarchy_set_editor (hierarchy, editor);
  window = gui_test_show (GTK_WIDGET (hierarchy), 260, 420);
  built = g_timer_elapsed (timer, NULL);

  list = GTK_LIST_VIEW (gtk_widget_get_template_child (GTK_WIDGET (hierarchy),
                                                      OSSA_TYPE_HIERARCHY, "list_view"));
  rows = gtk_list_view_get_model (list);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (rows)), ==, n);

  /* Selecting the deepest bone from the editor selects its row. */
  g_timer_start (timer);
  ossa_editor_select (editor, &deepest, 1, FALSE);
  gui_test_flush (GTK_WIDGET (window));
  selected = g_timer_elapsed (timer, NULL);
  assert_only_selected (rows, "bone9999");

  /* A screenful of rows is made for a new document, without rename entries (the
   * most costly part of a row): a row makes its entry when it is renamed, and
   * its tooltip when the pointer rests on it. */
  {
    GHashTableIter iter;
    gpointer key;
    OssaHierarchyRow *deep = NULL;
    g_autofree char *tooltip = NULL;

    g_assert_cmpuint (g_hash_table_size (hierarchy->bound_rows), >, 0);
    g_hash_table_iter_init (&iter, hierarchy->bound_rows);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      {
        OssaHierarchyRow *r = key;

        g_assert_null (r->rename.entry);
        g_assert_null (gtk_widget_get_tooltip_text (r->box));
        g_assert_true (gtk_widget_get_has_tooltip (r->box));
        if (r->bone == (int) deepest)
          deep = r;
      }
    g_assert_nonnull (deep);
    tooltip = _ossa_hierarchy_dup_tooltip (hierarchy, deep->bone);
    g_assert_nonnull (strstr (tooltip, "bone9999\n"));
    g_assert_nonnull (strstr (tooltip, "bone9998 › bone9999"));
    ossa_hierarchy_start_rename (hierarchy);
    gui_test_flush (GTK_WIDGET (window));
    g_assert_nonnull (deep->rename.entry);
    g_assert_true (_ossa_hierarchy_get_rename_entry (hierarchy) == GTK_EDITABLE (deep->rename.entry));
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (deep->rename.entry)), ==, "bone9999");
    gtk_editable_set_text (GTK_EDITABLE (deep->rename.entry), "tip");
    g_signal_emit_by_name (deep->rename.entry, "activate");
    gui_test_flush (GTK_WIDGET (window));
    g_assert_cmpstr (ossa_editor_get_document (editor)->skeleton.bones[deepest].name, ==, "tip");
    g_assert_true (ossa_editor_undo (editor, NULL));
    gui_test_flush (GTK_WIDGET (window));
    assert_only_selected (rows, "bone9999");
  }

  /* A rename rebuilds the tree. */
  g_timer_start (timer);
  command = ossa_command_rename_bone (ossa_editor_get_document (editor), 5, "renamed", &err);
  g_assert_nonnull (command);
  g_assert_true (ossa_editor_execute (editor, command, NULL));
  gui_test_flush (GTK_WIDGET (window));
  renamed = g_timer_elapsed (timer, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (rows)), ==, n);
  assert_only_selected (rows, "bone9999");

  /* A move changes the tree's shape: the rows are made again. */
  g_timer_start (timer);
  g_assert_true (_ossa_hierarchy_drop_bone (hierarchy, 8500, -1));
  gui_test_flush (GTK_WIDGET (window));
  moved = g_timer_elapsed (timer, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (rows)), ==, n);
  assert_only_selected (rows, "bone9999");

  g_test_message ("10,000 bones: shown in %.3f s, deepest selected in %.3f s, "
                  "renamed in %.3f s, moved in %.3f s", built, selected, renamed, moved);
  /* Generous bounds (sanitizers, a loaded machine): quadratic work on 10,000
   * bones takes far longer. */
  g_assert_cmpfloat (built, <, 10.0);
  g_assert_cmpfloat (selected, <, 5.0);
  g_assert_cmpfloat (renamed, <, 10.0);
  g_assert_cmpfloat (moved, <, 10.0);

  gtk_window_destroy (window);
  gui_test_iterate ();
  g_unlink (path);
  g_rmdir (dir);
}

/* The reference SMD of a Half-Life character, made a document as File > Import
 * SMD makes it; NULL (the test skipped with a message) when the data is absent. */
static OssaDocument *
load_barney (void)
{
  const char *dir = g_getenv ("OSSA_SHARED_TESTDATA");
  g_autofree char *path = NULL;
  OssaSmdImportOptions options;
  OssaError err = { 0 };
  OssaDocument *doc;
  OssaSmd *smd;

  if (dir != NULL)
    path = g_build_filename (dir, "smd", "hlsdk_barney_hd_ref.smd", NULL);
  if (path == NULL || !g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("OSSA_SHARED_TESTDATA/smd/hlsdk_barney_hd_ref.smd is not available");
      return NULL;
    }
  smd = ossa_smd_read (path, NULL, &err);
  if (smd == NULL)
    g_error ("%s", err.message);
  ossa_smd_import_options_init (&options);
  doc = ossa_smd_to_document (smd, "barney", &options, &err);
  if (doc == NULL)
    g_error ("%s", err.message);
  ossa_smd_free (smd);
  return doc;
}

static OssaHierarchyRow *
find_bound_row (Fixture *f, int bone)
{
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, f->hierarchy->bound_rows);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (((OssaHierarchyRow *) key)->bone == bone)
      return key;
  return NULL;
}

/* The tooltip nearest the row's name: on it or on a widget holding it, made
 * when the pointer rests there. */
static char *
name_tooltip (OssaHierarchyRow *r)
{
  for (GtkWidget *w = r->label; w != NULL; w = gtk_widget_get_parent (w))
    if (gtk_widget_get_has_tooltip (w))
      return _ossa_hierarchy_dup_tooltip (r->self, r->bone);
  return NULL;
}

/* An SMD biped in a panel of usual width: the deepest bone's name is there in
 * full (in view or by scrolling sideways), its tooltip says the full name and
 * the path to it, and opening another document starts at the top left. */
static void
test_deep_rig (void)
{
  Fixture fixture = { 0 }, *f = &fixture;
  OssaDocument *doc = load_barney ();
  const OssaSkeleton *skel;
  GtkScrolledWindow *scroller;
  GtkAdjustment *h, *v;
  OssaHierarchyRow *r;
  graphene_rect_t bounds;
  g_autofree char *tooltip = NULL;
  guint deepest = 0, depth_max = 0;
  int natural = 0;

  if (doc == NULL)
    return;
  f->editor = ossa_editor_new ();
  ossa_editor_take_document (f->editor, doc);
  skel = &ossa_editor_get_document (f->editor)->skeleton;
  for (guint i = 0; i < skel->n_bones; i++)
    {
      guint depth = 0;

      for (int32_t p = skel->bones[i].parent; p >= 0; p = skel->bones[p].parent)
        depth++;
      if (depth > depth_max)
        {
          depth_max = depth;
          deepest = i;
        }
    }
  g_test_message ("%zu bones; the deepest, %s, %u levels down", skel->n_bones,
                  skel->bones[deepest].name, depth_max);
  g_assert_cmpuint (depth_max, >=, 10);
  f->hierarchy = OSSA_HIERARCHY (ossa_hierarchy_new ());
  ossa_hierarchy_set_editor (f->hierarchy, f->editor);
  f->window = gui_test_show (GTK_WIDGET (f->hierarchy), 240, 420);
  scroller = GTK_SCROLLED_WINDOW (f->hierarchy->scroller);
  h = gtk_scrolled_window_get_hadjustment (scroller);
  v = gtk_scrolled_window_get_vadjustment (scroller);

  /* Select the deepest bone: its row scrolls into view. */
  ossa_editor_select (f->editor, &deepest, 1, FALSE);
  gui_test_flush (GTK_WIDGET (f->window));
  gui_test_flush (GTK_WIDGET (f->window));
  r = find_bound_row (f, (int) deepest);
  g_assert_nonnull (r);
  g_assert_true (gtk_widget_get_mapped (r->label));

  /* Selected from elsewhere (the canvas, say), the list has scrolled sideways
   * to show the whole name. */
  g_assert_true (gtk_widget_compute_bounds (r->label, GTK_WIDGET (scroller), &bounds));
  g_assert_cmpfloat (bounds.origin.x, >=, 0);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=,
                     gtk_widget_get_width (GTK_WIDGET (scroller)) + 0.5);

  /* The name is not cut short ... */
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (r->label)), ==, skel->bones[deepest].name);
  gtk_widget_measure (r->label, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
  g_assert_cmpint (gtk_widget_get_width (r->label), >=, natural);
  /* ... and the horizontal scrollbar reaches its end: scrolled all the way, the
   * name's right edge is inside the scroller. */
  gtk_adjustment_set_value (h, gtk_adjustment_get_upper (h) - gtk_adjustment_get_page_size (h));
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_true (gtk_widget_compute_bounds (r->label, GTK_WIDGET (scroller), &bounds));
  g_assert_cmpfloat (bounds.origin.x, >=, 0);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=,
                     gtk_widget_get_width (GTK_WIDGET (scroller)) + 0.5);
  /* Deep levels are indented less: unscrolled, the name starts in the first
   * three quarters of the panel (at the expander's 20 px a level it would start
   * past the panel's right edge). */
  gtk_adjustment_set_value (h, 0);
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_true (gtk_widget_compute_bounds (r->label, GTK_WIDGET (scroller), &bounds));
  g_assert_cmpfloat (bounds.origin.x, <, gtk_widget_get_width (GTK_WIDGET (scroller)) * 0.75);

  /* The tooltip: the full name, and the bones above it. */
  tooltip = name_tooltip (r);
  g_assert_nonnull (tooltip);
  g_assert_nonnull (strstr (tooltip, skel->bones[deepest].name));
  g_assert_nonnull (strstr (tooltip, skel->bones[skel->bones[deepest].parent].name));
  g_assert_nonnull (strstr (tooltip, skel->bones[0].name));

  /* Scrolled down and sideways, then another document: back at the top left. */
  gtk_adjustment_set_value (h, gtk_adjustment_get_upper (h));
  gtk_adjustment_set_value (v, gtk_adjustment_get_upper (v));
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_cmpfloat (gtk_adjustment_get_value (h), >, 0);
  g_assert_cmpfloat (gtk_adjustment_get_value (v), >, 0);
  doc = load_barney ();
  ossa_editor_take_document (f->editor, doc);
  gui_test_flush (GTK_WIDGET (f->window));
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_cmpfloat (gtk_adjustment_get_value (h), ==, 0);
  g_assert_cmpfloat (gtk_adjustment_get_value (v), ==, 0);
  gui_test_linger_if_asked ();

  fixture_teardown (f, NULL);
}

/* The panel at the width the window gives it, with a selection, a refused drop
 * message and a rename under way. OSSA_TEST_LINGER=SECONDS keeps it on screen for a screenshot. */
static void
test_look (Fixture *f, gconstpointer data)
{
  int min_width = 0;

  ossa_editor_select (f->editor, (const guint[]) { ARM_L }, 1, FALSE);
  _ossa_hierarchy_drop_bone (f->hierarchy, HIPS, HEAD);
  ossa_hierarchy_start_rename (f->hierarchy);
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_nonnull (_ossa_hierarchy_get_rename_entry (f->hierarchy));
  gtk_widget_measure (GTK_WIDGET (f->hierarchy), GTK_ORIENTATION_HORIZONTAL, -1, &min_width,
                      NULL, NULL, NULL);
  g_assert_cmpint (min_width, <=, 260);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->hierarchy)), ==, 260);
  gui_test_linger_if_asked ();
}

/* "name@depth" for the rows a tree of skel should have, top to bottom: each
 * bone before its children, siblings in index order, nothing under hidden. */
static char *
dup_expected_rows (const OssaSkeleton *skel, guint hidden)
{
  GString *s = g_string_new (NULL);
  g_autofree int *stack = g_new (int, skel->n_bones + 1);
  g_autofree guint *depth = g_new0 (guint, skel->n_bones);
  gsize top = 0;

  for (gsize i = skel->n_bones; i > 0; i--)
    if (skel->bones[i - 1].parent < 0)
      stack[top++] = (int) i - 1;
  while (top > 0)
    {
      int b = stack[--top];

      g_string_append_printf (s, "%s%s@%u", s->len ? " " : "", skel->bones[b].name, depth[b]);
      if ((guint) b == hidden)
        continue;
      for (gsize i = skel->n_bones; i > (gsize) b + 1; i--)
        if (skel->bones[i - 1].parent == b)
          {
            depth[i - 1] = depth[b] + 1;
            stack[top++] = (int) i - 1;
          }
    }
  return g_string_free (s, FALSE);
}

typedef struct
{
  Fixture *f;
  guint    n_rows;
} RowCount;

static gboolean
has_rows (gpointer data)
{
  RowCount *c = data;

  return g_list_model_get_n_items (G_LIST_MODEL (get_rows (c->f))) == c->n_rows;
}

/* A big tree is filled in steps between frames (opening a document of 10,000
 * bones must not stall the window): its first rows at once, then the rest, top
 * to bottom. Once full it has every bone, in order, the rows collapsed before
 * collapsed again, and the editor's selection, even one picked meanwhile. */
static void
test_filled_in_steps (void)
{
  g_autoptr (OssaEditor) editor = ossa_editor_new ();
  g_autoptr (GError) error = NULL;
  OssaTransform rest = ossa_transform_identity ();
  const guint n = 3000, loose = 2950, deep = 2800;
  g_autofree char *expected = NULL;
  g_autofree char *rows_now = NULL;
  g_autoptr (GtkTreeListRow) collapsed = NULL;
  GtkWindow *window;
  Fixture f = { editor, NULL, NULL };
  guint n_rows, n_expected = 1;

  /* A bushy tree of three children each, and a second root with a hundred
   * children side by side. */
  for (guint i = 0; i < n; i++)
    {
      char name[32];
      int parent = i == 0 || i == 2900 ? -1 : i < 2900 ? (int) (i - 1) / 3 : 2900;

      g_snprintf (name, sizeof name, "bone%u", i);
      g_assert_cmpint (ossa_editor_add_bone (editor, name, parent, &rest, 1.0f, 0x808080ff,
                                             &error), ==, i);
      g_assert_no_error (error);
    }
  f.hierarchy = OSSA_HIERARCHY (ossa_hierarchy_new ());
  ossa_hierarchy_set_editor (f.hierarchy, editor);
  window = gui_test_show (GTK_WIDGET (f.hierarchy), 260, 420);
  f.window = window;
  g_assert_true (gui_test_iterate_until (has_rows, &(RowCount) { &f, n }));

  /* bone1's row collapsed; a change of the tree's shape rebuilds it. */
  collapsed = get_row (&f, find_position (&f, "bone1"));
  gtk_tree_list_row_set_expanded (collapsed, FALSE);
  g_assert_true (ossa_editor_reparent_bone (editor, loose, -1, &error));
  g_assert_no_error (error);

  /* Every row but those under bone1, once the tree is full; not all of them
   * in the turn of the change: the first ones, then the rest. */
  expected = dup_expected_rows (&ossa_editor_get_document (editor)->skeleton, 1);
  for (const char *c = expected; *c != '\0'; c++)
    n_expected += *c == ' ';
  n_rows = g_list_model_get_n_items (G_LIST_MODEL (get_rows (&f)));
  g_test_message ("%u of %u rows at once", n_rows, n_expected);
  g_assert_cmpuint (n_rows, >, 0);
  g_assert_cmpuint (n_rows, <, n_expected);
  {
    g_autoptr (GtkTreeListRow) first = get_row (&f, 0);

    g_assert_cmpstr (row_name (first), ==, "bone0");
  }
  /* Picked while the tree fills. */
  ossa_editor_select (editor, &deep, 1, FALSE);
  g_assert_true (gui_test_iterate_until (has_rows, &(RowCount) { &f, n_expected }));
  gui_test_flush (GTK_WIDGET (window));

  rows_now = dup_rows (&f);
  g_assert_cmpstr (rows_now, ==, expected);
  {
    g_autoptr (GtkTreeListRow) row = get_row (&f, find_position (&f, "bone1"));

    g_assert_false (gtk_tree_list_row_get_expanded (row));
    g_assert_true (gtk_tree_list_row_is_expandable (row));
  }
  assert_only_selected (get_rows (&f), "bone2800");
  {
    g_autofree char *picked = dup_editor_selection (editor);

    g_assert_cmpstr (picked, ==, "bone2800");
  }

  /* Expanding bone1 again shows its subtree at once. */
  {
    g_autoptr (GtkTreeListRow) row = get_row (&f, find_position (&f, "bone1"));
    g_autofree char *all = dup_expected_rows (&ossa_editor_get_document (editor)->skeleton,
                                              G_MAXUINT);
    g_autofree char *shown = NULL;

    gtk_tree_list_row_set_expanded (row, TRUE);
    shown = dup_rows (&f);
    g_assert_cmpstr (shown, ==, all);
  }
  gtk_window_destroy (window);
}

int
main (int argc, char *argv[])
{
  if (!gui_test_display_or_skip ())
    return 0;

  gtk_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("/ossa/hierarchy/rows", test_rows);
  ADD ("/ossa/hierarchy/select", test_select);
  ADD ("/ossa/hierarchy/reparent", test_reparent);
  ADD ("/ossa/hierarchy/reparent-keeps-selection", test_reparent_keeps_selection);
  ADD ("/ossa/hierarchy/rename", test_rename);
  ADD ("/ossa/hierarchy/rename-says-why", test_rename_says_why);
  ADD ("/ossa/hierarchy/rename-hidden", test_rename_hidden);
  ADD ("/ossa/hierarchy/look", test_look);
#undef ADD
  g_test_add_func ("/ossa/hierarchy/large", test_large);
  g_test_add_func ("/ossa/hierarchy/deep-rig", test_deep_rig);
  g_test_add_func ("/ossa/hierarchy/filled-in-steps", test_filled_in_steps);

  return g_test_run ();
}
