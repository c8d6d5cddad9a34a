/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-hierarchy"

#include "config.h"

#include <string.h>

#include "ossa-bone-object.h"
#include "ossa-hierarchy-private.h"

/* The bone tree's model: a GtkTreeListModel whose child models are made from
 * first-child / next-sibling links computed once per skeleton structure, so
 * listing a bone's children costs O(children) and the whole tree O(n); and the
 * selection kept in step with the editor's both ways. A big new tree is filled
 * in steps: its first rows at once, the rest between frames, top to bottom
 * (10,000 rows in one go took the main loop 26–52 ms, a stall on opening). */

/* A child list made empty, still to be filled with next and the siblings after
 * it. */
typedef struct
{
  GListStore *store;   /* a reference */
  int         next;    /* -1 when it is full */
} OssaPendingList;

/* Rows a new tree gets at once (a screenful and more: a document up to this
 * many bones is shown whole in the turn that brings it), and in each step
 * while the list view still makes widgets for new rows (it does for the 200
 * around the view: 100 rows' widgets took 10–15 ms); then FILL_STEP_ROWS a
 * step, or what FILL_STEP_US allows. A step's rows come in few insertions,
 * whole subtrees at a time: the tree model's work for one insertion grows
 * with the depth it is made at (a chain of 20,000 bones a row at a time would
 * take minutes). */
#define FILL_AT_ONCE    50
#define FILL_WIDGET_ROWS 250
#define FILL_STEP_ROWS  2048
#define FILL_STEP_US    4000
#define FILL_CHUNK      256

static void finish_fill (OssaHierarchy *self);

static void
bone_links_free (gpointer data)
{
  OssaBoneLinks *links = data;

  g_clear_object (&links->editor);
  g_free (links->parent);
  g_free (links->first_child);
  g_free (links->next_sibling);
  g_free (links->depth);
  g_free (links->sibling_index);
  g_strfreev (links->names);
  for (guint i = 0; i < links->pending->len; i++)
    g_object_unref (g_array_index (links->pending, OssaPendingList, i).store);
  g_array_unref (links->pending);
  g_free (links);
}

static OssaBoneLinks *
bone_links_new (OssaEditor *editor)
{
  const OssaSkeleton *skel = &ossa_editor_get_document (editor)->skeleton;
  gsize n = skel->n_bones;
  OssaBoneLinks *links = g_new0 (OssaBoneLinks, 1);
  g_autofree guint *n_children = g_new0 (guint, n);
  guint n_roots = 0;

  links->editor = g_object_ref (editor);
  links->n_bones = n;
  links->first_root = -1;
  links->parent = g_new (int, n);
  links->first_child = g_new (int, n);
  links->next_sibling = g_new (int, n);
  links->depth = g_new (guint, n);
  links->sibling_index = g_new (guint, n);
  links->names = g_new (char *, n + 1);
  links->names[n] = NULL;
  links->pending = g_array_new (FALSE, FALSE, sizeof (OssaPendingList));

  for (gsize i = 0; i < n; i++)
    {
      int32_t p = skel->bones[i].parent;

      links->names[i] = g_strdup (skel->bones[i].name);

      /* The document keeps parents before children; anything else counts as a
       * root rather than making a loop. */
      links->parent[i] = (p >= 0 && (gsize) p < i) ? p : -1;
      links->depth[i] = links->parent[i] < 0 ? 0 : links->depth[links->parent[i]] + 1;
      links->sibling_index[i] = links->parent[i] < 0 ? n_roots++
                                                     : n_children[links->parent[i]]++;
      links->first_child[i] = -1;
    }
  /* Backwards, so that each sibling list comes out in index order. */
  for (gsize k = n; k > 0; k--)
    {
      int i = (int) k - 1;
      int p = links->parent[i];

      if (p < 0)
        {
          links->next_sibling[i] = links->first_root;
          links->first_root = i;
        }
      else
        {
          links->next_sibling[i] = links->first_child[p];
          links->first_child[p] = i;
        }
    }
  return links;
}

/* Appends row objects for *next and its following siblings to store, at most
 * limit of them; *next becomes the first one left (-1: none). The tree makes
 * the new rows' child lists meanwhile (create_children()). */
static guint
append_siblings (OssaBoneLinks *links, GListStore *store, int *next, guint limit)
{
  const OssaSkeleton *skel = &ossa_editor_get_document (links->editor)->skeleton;
  g_autoptr (GPtrArray) objects = g_ptr_array_new_with_free_func (g_object_unref);
  int b;

  /* The skeleton changed and a new tree is on its way: list nothing stale. */
  if (skel->n_bones != links->n_bones)
    {
      *next = -1;
      return 0;
    }
  for (b = *next; b >= 0 && objects->len < limit; b = links->next_sibling[b])
    g_ptr_array_add (objects, ossa_bone_object_new ((guint) b, skel->bones[b].name,
                                                    links->depth[b], skel->bones[b].color));
  *next = b;
  links->budget = links->budget > objects->len ? links->budget - objects->len : 0;
  g_list_store_splice (store, g_list_model_get_n_items (G_LIST_MODEL (store)), 0,
                       objects->pdata, objects->len);
  return objects->len;
}

/* A list of row objects for first and its following siblings: made whole; or
 * while the tree fills in steps, as much as the step's budget allows (their
 * children are made with them), the rest queued. */
static GListModel *
make_sibling_list (OssaBoneLinks *links, int first)
{
  GListStore *store = g_list_store_new (OSSA_TYPE_BONE_OBJECT);

  if (!links->filling)
    {
      append_siblings (links, store, &first, G_MAXUINT);
      return G_LIST_MODEL (store);
    }
  if (links->budget > 0)
    append_siblings (links, store, &first, MIN (links->budget, FILL_CHUNK));
  if (first >= 0)
    {
      OssaPendingList list = { g_object_ref (store), first };

      g_array_append_val (links->pending, list);
    }
  return G_LIST_MODEL (store);
}

/* Fills queued child lists until max_rows rows are made or the time is past
 * deadline (0: none); whether the tree is full. A list's rows are followed by
 * their children, first child first, before the rows after them: the tree
 * fills top to bottom, as it reads. */
static gboolean
fill_some (OssaBoneLinks *links, guint max_rows, gint64 deadline)
{
  links->budget = max_rows;
  while (links->pending->len > 0 && links->budget > 0)
    {
      guint top = links->pending->len - 1;
      OssaPendingList list = g_array_index (links->pending, OssaPendingList, top);
      guint before;

      g_array_remove_index (links->pending, top);
      before = links->pending->len;
      append_siblings (links, list.store, &list.next, MIN (links->budget, FILL_CHUNK));
      /* The new rows queued their child lists in row order: the first on top. */
      for (guint i = before, j = links->pending->len; i + 1 < j; i++, j--)
        {
          OssaPendingList swap = g_array_index (links->pending, OssaPendingList, i);

          g_array_index (links->pending, OssaPendingList, i)
            = g_array_index (links->pending, OssaPendingList, j - 1);
          g_array_index (links->pending, OssaPendingList, j - 1) = swap;
        }
      if (list.next >= 0)
        g_array_insert_val (links->pending, before, list);
      else
        g_object_unref (list.store);
      if (deadline > 0 && g_get_monotonic_time () >= deadline)
        break;
    }
  return links->pending->len == 0;
}

static GListModel *
create_children (gpointer item, gpointer user_data)
{
  OssaBoneLinks *links = user_data;
  guint bone = ossa_bone_object_get_index (OSSA_BONE_OBJECT (item));

  if (bone >= links->n_bones || links->first_child[bone] < 0)
    return NULL;
  return make_sibling_list (links, links->first_child[bone]);
}

int
_ossa_hierarchy_row_bone (GtkTreeListRow *row)
{
  g_autoptr (GObject) item = gtk_tree_list_row_get_item (row);

  return OSSA_IS_BONE_OBJECT (item) ? (int) ossa_bone_object_get_index (OSSA_BONE_OBJECT (item))
                                    : -1;
}

static int
bone_at (OssaHierarchy *self, guint position)
{
  g_autoptr (GtkTreeListRow) row = gtk_tree_list_model_get_row (self->tree, position);

  return row != NULL ? _ossa_hierarchy_row_bone (row) : -1;
}

/* The row of bone, found down the path of sibling indices from its root:
 * O(depth · log n). NULL when an ancestor is collapsed (unless expand is set,
 * which opens them). */
GtkTreeListRow *
_ossa_hierarchy_find_row (OssaHierarchy *self, guint bone, gboolean expand)
{
  OssaBoneLinks *links = self->links;
  g_autofree guint *chain = NULL;
  GtkTreeListRow *row;
  guint depth;
  int b;

  if (links == NULL || bone >= links->n_bones)
    return NULL;
  /* Asked to open the way to a row (to rename it): every row is made first. */
  if (expand && self->fill_idle != 0)
    finish_fill (self);
  depth = links->depth[bone];
  chain = g_new (guint, depth + 1);
  b = (int) bone;
  for (guint k = depth + 1; k > 0 && b >= 0; k--, b = links->parent[b])
    chain[k - 1] = (guint) b;

  row = gtk_tree_list_model_get_child_row (self->tree, links->sibling_index[chain[0]]);
  for (guint k = 1; row != NULL && k <= depth; k++)
    {
      GtkTreeListRow *child;

      if (expand)
        gtk_tree_list_row_set_expanded (row, TRUE);
      child = gtk_tree_list_row_get_child_row (row, links->sibling_index[chain[k]]);
      g_object_unref (row);
      row = child;
    }
  return row;
}

/* Names of the bones whose rows are collapsed. Every row starts expanded, so
 * there are none when every bone has a row. */
static GHashTable *
collect_collapsed (OssaHierarchy *self)
{
  GHashTable *names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n;

  if (self->tree == NULL || self->links == NULL)
    return names;
  n = g_list_model_get_n_items (G_LIST_MODEL (self->tree));
  if (n == self->links->n_bones)
    return names;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GtkTreeListRow) row = gtk_tree_list_model_get_row (self->tree, i);
      g_autoptr (GObject) item = NULL;

      if (gtk_tree_list_row_get_expanded (row) || !gtk_tree_list_row_is_expandable (row))
        continue;
      item = gtk_tree_list_row_get_item (row);
      g_hash_table_add (names, g_strdup (ossa_bone_object_get_name (OSSA_BONE_OBJECT (item))));
    }
  return names;
}

static void
apply_collapsed (GtkTreeListModel *tree, GHashTable *names)
{
  if (g_hash_table_size (names) == 0)
    return;
  /* Collapsing a row removes its subtree from the count, so n is read each time. */
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (tree)); i++)
    {
      g_autoptr (GtkTreeListRow) row = gtk_tree_list_model_get_row (tree, i);
      g_autoptr (GObject) item = gtk_tree_list_row_get_item (row);

      if (g_hash_table_contains (names, ossa_bone_object_get_name (OSSA_BONE_OBJECT (item))))
        gtk_tree_list_row_set_expanded (row, FALSE);
    }
}

void
_ossa_hierarchy_scroll_to (OssaHierarchy *self, guint position)
{
  gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u",
                              position);
}

/* Editor → rows. */
void
_ossa_hierarchy_sync_selection (OssaHierarchy *self, gboolean scroll)
{
  g_autoptr (GtkBitset) selected = gtk_bitset_new_empty ();
  g_autoptr (GtkBitset) mask = NULL;
  const guint *bones;
  gsize n_selected;
  guint n_items;
  guint64 cost = 0;
  guint primary_position = G_MAXUINT;
  int primary;

  if (self->tree == NULL || self->editor == NULL)
    return;
  n_items = g_list_model_get_n_items (G_LIST_MODEL (self->tree));
  bones = ossa_editor_get_selection (self->editor, &n_selected);
  primary = ossa_editor_get_primary (self->editor);

  /* Finding each selected bone's row costs its depth; past the number of rows a
   * single walk down all of them is cheaper. */
  for (gsize i = 0; i < n_selected && cost <= n_items; i++)
    cost += bones[i] < self->links->n_bones ? self->links->depth[bones[i]] + 1 : 0;
  if (cost > n_items)
    {
      for (guint pos = 0; pos < n_items; pos++)
        {
          int bone = bone_at (self, pos);

          if (bone < 0 || !ossa_editor_is_selected (self->editor, (guint) bone))
            continue;
          gtk_bitset_add (selected, pos);
          if (bone == primary)
            primary_position = pos;
        }
    }
  else
    {
      for (gsize i = 0; i < n_selected; i++)
        {
          g_autoptr (GtkTreeListRow) row = _ossa_hierarchy_find_row (self, bones[i], FALSE);
          guint pos;

          if (row == NULL)
            continue;
          pos = gtk_tree_list_row_get_position (row);
          gtk_bitset_add (selected, pos);
          if ((int) bones[i] == primary)
            primary_position = pos;
        }
    }

  mask = gtk_bitset_new_range (0, n_items);
  self->syncing++;
  gtk_selection_model_set_selection (GTK_SELECTION_MODEL (self->selection), selected, mask);
  self->syncing--;
  if (scroll && primary_position != G_MAXUINT)
    {
      _ossa_hierarchy_scroll_to (self, primary_position);
      _ossa_hierarchy_reveal_name (self, primary);
    }
}

/* Rows → editor. The primary bone is the one the person just picked: the last
 * newly selected row of the change, else the old primary if it stays selected. */
static void
selection_changed_cb (GtkSelectionModel *model,
                      guint              position,
                      guint              n_items,
                      OssaHierarchy     *self)
{
  g_autoptr (GtkBitset) selected = NULL;
  g_autoptr (GArray) bones = NULL;
  GtkBitsetIter iter;
  guint pos;
  int old_primary, primary = -1;
  gboolean keep_old = FALSE;

  if (self->syncing > 0 || self->editor == NULL || self->tree == NULL)
    return;
  selected = gtk_selection_model_get_selection (model);
  bones = g_array_sized_new (FALSE, FALSE, sizeof (guint), (guint) gtk_bitset_get_size (selected));
  old_primary = ossa_editor_get_primary (self->editor);
  for (gboolean ok = gtk_bitset_iter_init_first (&iter, selected, &pos); ok;
       ok = gtk_bitset_iter_next (&iter, &pos))
    {
      int bone = bone_at (self, pos);

      if (bone < 0)
        continue;
      if (pos >= position && pos - position < n_items
          && !ossa_editor_is_selected (self->editor, (guint) bone))
        primary = bone;
      if (bone == old_primary)
        keep_old = TRUE;
      g_array_append_val (bones, bone);
    }
  if (primary < 0 && keep_old)
    primary = old_primary;
  /* ossa_editor_select() makes the last bone the primary one. */
  for (guint i = 0; primary >= 0 && i + 1 < bones->len; i++)
    if (g_array_index (bones, guint, i) == (guint) primary)
      {
        g_array_remove_index (bones, i);
        g_array_append_val (bones, primary);
        break;
      }

  self->syncing++;
  ossa_editor_select (self->editor, (const guint *) bones->data, bones->len, FALSE);
  self->syncing--;
}

/* The tree is full: the rows collapsed before the rebuild are again, and the
 * editor's selection is shown. */
static void
fill_done (OssaHierarchy *self)
{
  g_autoptr (GHashTable) collapsed = g_steal_pointer (&self->fill_collapsed);

  self->links->filling = FALSE;
  if (collapsed != NULL)
    apply_collapsed (self->tree, collapsed);
  _ossa_hierarchy_sync_selection (self, TRUE);
}

static gboolean
fill_step_cb (gpointer data)
{
  OssaHierarchy *self = data;

  guint rows = g_list_model_get_n_items (G_LIST_MODEL (self->tree));

  if (!fill_some (self->links, rows < FILL_WIDGET_ROWS ? FILL_AT_ONCE : FILL_STEP_ROWS,
                  g_get_monotonic_time () + FILL_STEP_US))
    return G_SOURCE_CONTINUE;
  self->fill_idle = 0;
  fill_done (self);
  return G_SOURCE_REMOVE;
}

/* Makes the rows left at once. */
static void
finish_fill (OssaHierarchy *self)
{
  g_clear_handle_id (&self->fill_idle, g_source_remove);
  fill_some (self->links, G_MAXUINT, 0);
  fill_done (self);
}

void
_ossa_hierarchy_stop_fill (OssaHierarchy *self)
{
  g_clear_handle_id (&self->fill_idle, g_source_remove);
  g_clear_pointer (&self->fill_collapsed, g_hash_table_unref);
}

void
_ossa_hierarchy_rebuild (OssaHierarchy *self)
{
  g_autoptr (GHashTable) collapsed = NULL;
  g_autoptr (GListModel) roots = NULL;
  GtkTreeListModel *tree;
  OssaBoneLinks *links;
  gboolean full;

  /* A tree still filling has not collapsed its rows yet: they stay to be. */
  if (self->fill_idle != 0 && self->fill_collapsed != NULL)
    collapsed = g_steal_pointer (&self->fill_collapsed);
  else if (self->fill_idle == 0)
    collapsed = collect_collapsed (self);
  else
    collapsed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  _ossa_hierarchy_stop_fill (self);
  _ossa_hierarchy_end_rename (self);
  self->drop_row = NULL;
  if (self->editor == NULL)
    {
      self->syncing++;
      gtk_multi_selection_set_model (self->selection, NULL);
      self->syncing--;
      self->tree = NULL;
      self->links = NULL;
      return;
    }

  links = bone_links_new (self->editor);
  links->filling = TRUE;
  links->budget = 0;
  roots = make_sibling_list (links, links->first_root);
  /* Expanded by default; with autoexpand every child model is made as its row
   * is: O(n) in all, the first rows here, the rest in steps. */
  tree = gtk_tree_list_model_new (g_object_ref (roots), FALSE, TRUE, create_children, links,
                                  bone_links_free);
  full = fill_some (links, FILL_AT_ONCE, 0);
  if (full)
    {
      links->filling = FALSE;
      apply_collapsed (tree, collapsed);
    }

  self->syncing++;
  gtk_multi_selection_set_model (self->selection, G_LIST_MODEL (tree));
  self->syncing--;
  self->tree = tree;
  self->links = links;
  g_object_unref (tree);

  if (full)
    {
      _ossa_hierarchy_sync_selection (self, TRUE);
      return;
    }
  self->fill_collapsed = g_steal_pointer (&collapsed);
  /* Below the frames: the window draws and answers between the steps. */
  self->fill_idle = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, fill_step_cb, self, NULL);
  /* What is selected among the rows made so far shows already. */
  _ossa_hierarchy_sync_selection (self, FALSE);
}

/* A skeleton whose bones kept their places and parents and only changed names:
 * the rows take the new names without a _ossa_hierarchy_rebuild (which, at 10,000 bones, costs a
 * GtkListView about a tenth of a second). FALSE when the tree changed shape. */
gboolean
_ossa_hierarchy_rename_in_place (OssaHierarchy *self)
{
  OssaBoneLinks *links = self->links;
  const OssaSkeleton *skel;

  if (links == NULL || self->editor == NULL)
    return FALSE;
  skel = &ossa_editor_get_document (self->editor)->skeleton;
  if (skel->n_bones != links->n_bones)
    return FALSE;
  for (gsize i = 0; i < skel->n_bones; i++)
    {
      int32_t p = skel->bones[i].parent;

      if (((p >= 0 && (gsize) p < i) ? p : -1) != links->parent[i])
        return FALSE;
    }
  for (gsize i = 0; i < skel->n_bones; i++)
    {
      g_autoptr (GtkTreeListRow) row = NULL;
      g_autoptr (GObject) item = NULL;

      if (strcmp (skel->bones[i].name, links->names[i]) == 0)
        continue;
      g_free (links->names[i]);
      links->names[i] = g_strdup (skel->bones[i].name);
      /* Rows under a collapsed bone have no objects yet: they will be made with
       * the new name. */
      row = _ossa_hierarchy_find_row (self, (guint) i, FALSE);
      item = row != NULL ? gtk_tree_list_row_get_item (row) : NULL;
      if (item != NULL)
        ossa_bone_object_set_name (OSSA_BONE_OBJECT (item), skel->bones[i].name);
    }
  _ossa_hierarchy_relabel_rows (self);
  return TRUE;
}

/* The selection model the list view shows; the tree goes in at each rebuild. */
void
_ossa_hierarchy_tree_init (OssaHierarchy *self)
{
  self->selection = gtk_multi_selection_new (NULL);
  g_signal_connect (self->selection, "selection-changed", G_CALLBACK (selection_changed_cb), self);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));
}
