/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-hierarchy"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "ossa-bone-object.h"
#include "ossa-gerror.h"
#include "ossa-hierarchy.h"
#include "ossa-hierarchy-private.h"

/* The bone tree panel: one row per bone under its parent, a bone's children in
 * index order. The rows come from a GtkTreeListModel whose child models are made
 * from first-child / next-sibling links computed once per skeleton structure, so
 * listing a bone's children costs O(children) and the whole tree O(n). Drag a
 * row onto another to reparent its bone, onto the space below the rows to make
 * it a root; double-click a row (or press F2) to rename its bone. */

#define MESSAGE_SECONDS 6
/* One level of GtkTreeExpander indentation in the default theme: a 16 px icon
 * and the expander's 4 px border-spacing. */
#define INDENT_WIDTH 20
/* GtkTreeExpander makes one widget per level of indentation; rows deeper than
 * this are indented no further (and get an arrow of their own), so a chain
 * thousands of bones deep scrolls as fast as a shallow tree. */
#define MAX_INDENT_LEVELS 24
/* Space above and below a row's contents; an entry, taller than a label, takes
 * it while a row is renamed, so the rows below move only a little. */
#define ROW_MARGIN 4

/* The links of one skeleton's tree, shared with the GtkTreeListModel made from
 * them (which frees them): child models are made lazily, from these. */
typedef struct
{
  OssaEditor *editor;         /* a reference: names and colours are read from it */
  gsize       n_bones;
  int         first_root;
  int        *parent;
  int        *first_child;
  int        *next_sibling;
  guint      *depth;
  guint      *sibling_index;  /* place among the parent's children (or the roots) */
  char      **names;          /* as the rows show them, to tell renames apart */
} BoneLinks;

/* The widgets of one row, attached to its GtkTreeExpander. */
typedef struct
{
  OssaHierarchy  *self;
  GtkWidget      *expander;
  GtkWidget      *box;
  GtkWidget      *deep_arrow;  /* the expander arrow of rows past MAX_INDENT_LEVELS */
  GtkTreeListRow *deep_row;
  GtkWidget      *swatch;
  GtkWidget      *label;
  GtkWidget      *entry;
  int             bone;        /* -1 while unbound */
  guint32         color;
  gboolean        editing;
} Row;

struct _OssaHierarchy
{
  GtkWidget           parent_instance;

  /* Template children */
  GtkWidget          *scroller;
  GtkListView        *list_view;
  GtkLabel           *message_label;

  OssaEditor         *editor;
  GtkMultiSelection  *selection;
  GtkTreeListModel   *tree;          /* owned by selection */
  BoneLinks          *links;         /* owned by tree */
  GHashTable         *bound_rows;    /* Row * */

  guint               syncing;       /* > 0 while the panel itself changes a selection */
  int                 rename_bone;   /* -1 when not renaming */
  Row                *rename_row;
  int                 drag_bone;     /* -1 when no row is being dragged */
  int                 press_bone;    /* the row last pressed, for double-clicks */
  guint32             press_time;
  guint               rename_idle;   /* a double-click's rename, after the click */
  Row                *drop_row;      /* highlighted drop target */
  int                 drop_bone;     /* a drop waiting for the idle handler */
  int                 drop_parent;
  guint               drop_idle;
  guint               message_timeout;
};

G_DEFINE_FINAL_TYPE (OssaHierarchy, ossa_hierarchy, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_EDITOR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ---- the tree ---- */

static void
bone_links_free (gpointer data)
{
  BoneLinks *links = data;

  g_clear_object (&links->editor);
  g_free (links->parent);
  g_free (links->first_child);
  g_free (links->next_sibling);
  g_free (links->depth);
  g_free (links->sibling_index);
  g_strfreev (links->names);
  g_free (links);
}

static BoneLinks *
bone_links_new (OssaEditor *editor)
{
  const OssaSkeleton *skel = &ossa_editor_get_document (editor)->skeleton;
  gsize n = skel->n_bones;
  BoneLinks *links = g_new0 (BoneLinks, 1);
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

/* A list of row objects for first and its following siblings. */
static GListModel *
make_sibling_list (BoneLinks *links, int first)
{
  const OssaSkeleton *skel = &ossa_editor_get_document (links->editor)->skeleton;
  g_autoptr (GPtrArray) objects = g_ptr_array_new_with_free_func (g_object_unref);
  GListStore *store = g_list_store_new (OSSA_TYPE_BONE_OBJECT);

  /* The skeleton changed and a new tree is on its way: list nothing stale. */
  if (skel->n_bones != links->n_bones)
    return G_LIST_MODEL (store);
  for (int b = first; b >= 0; b = links->next_sibling[b])
    g_ptr_array_add (objects, ossa_bone_object_new ((guint) b, skel->bones[b].name,
                                                    links->depth[b], skel->bones[b].color));
  g_list_store_splice (store, 0, 0, objects->pdata, objects->len);
  return G_LIST_MODEL (store);
}

static GListModel *
create_children (gpointer item, gpointer user_data)
{
  BoneLinks *links = user_data;
  guint bone = ossa_bone_object_get_index (OSSA_BONE_OBJECT (item));

  if (bone >= links->n_bones || links->first_child[bone] < 0)
    return NULL;
  return make_sibling_list (links, links->first_child[bone]);
}

static int
row_bone (GtkTreeListRow *row)
{
  g_autoptr (GObject) item = gtk_tree_list_row_get_item (row);

  return OSSA_IS_BONE_OBJECT (item) ? (int) ossa_bone_object_get_index (OSSA_BONE_OBJECT (item))
                                    : -1;
}

static int
bone_at (OssaHierarchy *self, guint position)
{
  g_autoptr (GtkTreeListRow) row = gtk_tree_list_model_get_row (self->tree, position);

  return row != NULL ? row_bone (row) : -1;
}

/* The row of bone, found down the path of sibling indices from its root:
 * O(depth · log n). NULL when an ancestor is collapsed (unless expand is set,
 * which opens them). */
static GtkTreeListRow *
find_row (OssaHierarchy *self, guint bone, gboolean expand)
{
  BoneLinks *links = self->links;
  g_autofree guint *chain = NULL;
  GtkTreeListRow *row;
  guint depth;
  int b;

  if (links == NULL || bone >= links->n_bones)
    return NULL;
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

static void
scroll_to (OssaHierarchy *self, guint position)
{
  gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u",
                              position);
}

/* Editor → rows. */
static void
sync_selection_from_editor (OssaHierarchy *self, gboolean scroll)
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
          g_autoptr (GtkTreeListRow) row = find_row (self, bones[i], FALSE);
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
    scroll_to (self, primary_position);
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

static void end_rename (OssaHierarchy *self);

static void
rebuild (OssaHierarchy *self)
{
  g_autoptr (GHashTable) collapsed = collect_collapsed (self);
  g_autoptr (GListModel) roots = NULL;
  GtkTreeListModel *tree;
  BoneLinks *links;

  end_rename (self);
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
  roots = make_sibling_list (links, links->first_root);
  /* Expanded by default; with autoexpand every child model is made here, once:
   * O(n) in all. */
  tree = gtk_tree_list_model_new (g_object_ref (roots), FALSE, TRUE, create_children, links,
                                  bone_links_free);
  apply_collapsed (tree, collapsed);

  self->syncing++;
  gtk_multi_selection_set_model (self->selection, G_LIST_MODEL (tree));
  self->syncing--;
  self->tree = tree;
  self->links = links;
  g_object_unref (tree);

  sync_selection_from_editor (self, TRUE);
}

/* ---- messages ---- */

static gboolean
hide_message_cb (gpointer user_data)
{
  OssaHierarchy *self = user_data;

  self->message_timeout = 0;
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), FALSE);
  gtk_label_set_text (self->message_label, "");
  return G_SOURCE_REMOVE;
}

static void
show_message (OssaHierarchy *self, const char *message)
{
  gtk_label_set_text (self->message_label, message);
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), TRUE);
  g_clear_handle_id (&self->message_timeout, g_source_remove);
  self->message_timeout = g_timeout_add_seconds (MESSAGE_SECONDS, hide_message_cb, self);
}

static void
hide_message (OssaHierarchy *self)
{
  g_clear_handle_id (&self->message_timeout, g_source_remove);
  hide_message_cb (self);
}

/* ---- rows ---- */

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  Row *r = user_data;
  guint32 rgba = r->color;
  double radius = MIN (width, height) / 2.0 - 1.0;

  /* A disc with a faint rim, so that light colours still show on a light list. */
  cairo_arc (cr, width / 2.0, height / 2.0, radius, 0, 2 * G_PI);
  cairo_set_source_rgba (cr,
                         ((rgba >> 24) & 0xff) / 255.0,
                         ((rgba >> 16) & 0xff) / 255.0,
                         ((rgba >> 8) & 0xff) / 255.0,
                         MAX ((rgba & 0xff) / 255.0, 0.25));
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
}

static const OssaBone *
get_bone (OssaHierarchy *self, int bone)
{
  const OssaSkeleton *skel;

  if (self->editor == NULL || bone < 0)
    return NULL;
  skel = &ossa_editor_get_document (self->editor)->skeleton;
  return (gsize) bone < skel->n_bones ? &skel->bones[bone] : NULL;
}

static void
set_entry_error (Row *r, const char *message)
{
  if (message != NULL)
    gtk_widget_add_css_class (r->entry, "error");
  else
    gtk_widget_remove_css_class (r->entry, "error");
  gtk_widget_set_tooltip_text (r->entry, message);
}

static void
begin_edit (Row *r)
{
  const OssaBone *bone = get_bone (r->self, r->bone);

  if (bone == NULL)
    return;
  r->editing = TRUE;
  r->self->rename_row = r;
  set_entry_error (r, NULL);
  gtk_editable_set_text (GTK_EDITABLE (r->entry), bone->name);
  gtk_widget_set_visible (r->label, FALSE);
  gtk_widget_set_visible (r->entry, TRUE);
  gtk_widget_set_margin_top (r->expander, 0);
  gtk_widget_set_margin_bottom (r->expander, 0);
  gtk_widget_grab_focus (r->entry);
  gtk_editable_select_region (GTK_EDITABLE (r->entry), 0, -1);
}

/* Back to the label; the keyboard focus goes back to the row. */
static void
end_edit (Row *r)
{
  GtkWidget *item = gtk_widget_get_parent (r->expander);
  GtkRoot *root = gtk_widget_get_root (r->entry);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  r->editing = FALSE;
  if (r->self->rename_row == r)
    r->self->rename_row = NULL;
  if (focus != NULL && (focus == r->entry || gtk_widget_is_ancestor (focus, r->entry))
      && item != NULL)
    gtk_widget_grab_focus (item);
  gtk_widget_set_visible (r->entry, FALSE);
  gtk_widget_set_visible (r->label, TRUE);
  gtk_widget_set_margin_top (r->expander, ROW_MARGIN);
  gtk_widget_set_margin_bottom (r->expander, ROW_MARGIN);
  set_entry_error (r, NULL);
}

static void
end_rename (OssaHierarchy *self)
{
  self->rename_bone = -1;
  if (self->rename_row != NULL)
    end_edit (self->rename_row);
}

/* Enter: the new name, or the core's reason why not. */
static gboolean
commit_edit (Row *r)
{
  OssaHierarchy *self = r->self;
  const char *name = gtk_editable_get_text (GTK_EDITABLE (r->entry));
  const OssaBone *bone = get_bone (self, r->bone);
  g_autoptr (GError) error = NULL;

  if (!r->editing || bone == NULL)
    return FALSE;
  if (g_strcmp0 (name, bone->name) == 0)
    {
      end_rename (self);
      return TRUE;
    }
  if (!ossa_editor_check_bone_name (self->editor, r->bone, name, &error))
    {
      set_entry_error (r, error->message);
      return FALSE;
    }
  /* The rename rebuilds the rows (this one included): leave editing first. */
  end_rename (self);
  if (!ossa_editor_rename_bone (self->editor, r->bone, name, &error))
    {
      show_message (self, error->message);
      return FALSE;
    }
  return TRUE;
}

static void
entry_activate_cb (GtkEntry *entry, Row *r)
{
  commit_edit (r);
}

static void
entry_changed_cb (GtkEditable *editable, Row *r)
{
  set_entry_error (r, NULL);
}

static gboolean
entry_key_pressed_cb (GtkEventControllerKey *controller,
                      guint                  keyval,
                      guint                  keycode,
                      GdkModifierType        state,
                      Row                   *r)
{
  if (keyval != GDK_KEY_Escape || !r->editing)
    return FALSE;
  end_rename (r->self);
  return TRUE;
}

/* Clicking elsewhere keeps a good name and drops a refused one. The window
 * going inactive keeps its focus widget and changes nothing. */
static void
entry_focus_leave_cb (GtkEventControllerFocus *controller, Row *r)
{
  GtkRoot *root = gtk_widget_get_root (r->entry);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (focus != NULL && (focus == r->entry || gtk_widget_is_ancestor (focus, r->entry)))
    return;
  if (r->editing && !commit_edit (r) && r->editing)
    end_rename (r->self);
}

static GdkContentProvider *
drag_prepare_cb (GtkDragSource *source, double x, double y, Row *r)
{
  const OssaBone *bone = get_bone (r->self, r->bone);
  g_autoptr (OssaBoneObject) object = NULL;

  if (bone == NULL || r->editing)
    return NULL;
  object = ossa_bone_object_new ((guint) r->bone, bone->name, 0, bone->color);
  return gdk_content_provider_new_typed (OSSA_TYPE_BONE_OBJECT, object);
}

/* The dragged bone's name on a plate of its own: a snapshot of the row would be
 * transparent, and black where there is no compositor. */
static void
drag_begin_cb (GtkDragSource *source, GdkDrag *drag, Row *r)
{
  const OssaBone *bone = get_bone (r->self, r->bone);
  GtkWidget *plate = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *label = gtk_label_new (bone != NULL ? bone->name : NULL);

  r->self->drag_bone = r->bone;
  gtk_widget_add_css_class (plate, "view");
  gtk_widget_set_margin_start (label, 8);
  gtk_widget_set_margin_end (label, 8);
  gtk_widget_set_margin_top (label, 4);
  gtk_widget_set_margin_bottom (label, 4);
  gtk_box_append (GTK_BOX (plate), label);
  gtk_drag_icon_set_child (GTK_DRAG_ICON (gtk_drag_icon_get_for_drag (drag)), plate);
}

static void
set_drop_row (OssaHierarchy *self, Row *r)
{
  if (self->drop_row == r)
    return;
  if (self->drop_row != NULL)
    gtk_widget_unset_state_flags (self->drop_row->expander, GTK_STATE_FLAG_DROP_ACTIVE);
  self->drop_row = r;
  if (r != NULL)
    gtk_widget_set_state_flags (r->expander, GTK_STATE_FLAG_DROP_ACTIVE, FALSE);
}

static void
drag_end_cb (GtkDragSource *source, GdkDrag *drag, gboolean delete_data, Row *r)
{
  r->self->drag_bone = -1;
  set_drop_row (r->self, NULL);
}

static void start_rename_bone (OssaHierarchy *self, guint bone);

static gboolean
rename_idle_cb (gpointer user_data)
{
  OssaHierarchy *self = user_data;

  self->rename_idle = 0;
  if (self->press_bone >= 0)
    start_rename_bone (self, (guint) self->press_bone);
  self->press_bone = -1;
  return G_SOURCE_REMOVE;
}

/* Two presses on one row within the double-click time rename its bone. Counted
 * here: the list row claims each click for selecting, which resets the count of
 * a click gesture on its contents. The rename starts once the press is handled,
 * since the row takes the keyboard focus for itself on a press. */
static void
row_pressed_cb (GtkGestureClick *gesture,
                int              n_press,
                double           x,
                double           y,
                Row             *r)
{
  OssaHierarchy *self = r->self;
  guint32 time = gtk_event_controller_get_current_event_time (GTK_EVENT_CONTROLLER (gesture));
  int double_click_time = 400;

  g_object_get (gtk_widget_get_settings (r->expander), "gtk-double-click-time",
                &double_click_time, NULL);
  if (r->bone >= 0 && !r->editing && r->bone == self->press_bone
      && time - self->press_time <= (guint32) double_click_time)
    {
      if (self->rename_idle == 0)
        self->rename_idle = g_idle_add (rename_idle_cb, self);
      return;
    }
  self->press_bone = r->bone;
  self->press_time = time;
}

static void
update_deep_arrow (Row *r)
{
  gtk_image_set_from_icon_name (GTK_IMAGE (r->deep_arrow),
                                gtk_tree_list_row_get_expanded (r->deep_row)
                                  ? "pan-down-symbolic" : "pan-end-symbolic");
}

static void
deep_arrow_released_cb (GtkGestureClick *gesture,
                        int              n_press,
                        double           x,
                        double           y,
                        Row             *r)
{
  if (r->deep_row == NULL)
    return;
  gtk_tree_list_row_set_expanded (r->deep_row, !gtk_tree_list_row_get_expanded (r->deep_row));
  update_deep_arrow (r);
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
setup_row_cb (GtkSignalListItemFactory *factory, GtkListItem *item, OssaHierarchy *self)
{
  Row *r = g_new0 (Row, 1);
  GtkEventController *controller;
  GtkGesture *gesture;
  GtkDragSource *source;

  r->self = self;
  r->bone = -1;
  r->expander = gtk_tree_expander_new ();
  r->box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  r->deep_arrow = gtk_image_new ();
  r->swatch = gtk_drawing_area_new ();
  r->label = gtk_label_new (NULL);
  r->entry = gtk_entry_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (r->swatch), 12);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (r->swatch), 12);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (r->swatch), draw_swatch, r, NULL);
  gtk_widget_set_valign (r->swatch, GTK_ALIGN_CENTER);

  gtk_label_set_xalign (GTK_LABEL (r->label), 0.0f);
  gtk_label_set_ellipsize (GTK_LABEL (r->label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (r->label, TRUE);

  gtk_widget_set_hexpand (r->entry, TRUE);
  gtk_widget_set_visible (r->entry, FALSE);
  gtk_editable_set_width_chars (GTK_EDITABLE (r->entry), 6);
  gtk_accessible_update_property (GTK_ACCESSIBLE (r->entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Bone name"), -1);

  gtk_widget_set_visible (r->deep_arrow, FALSE);
  gtk_box_append (GTK_BOX (r->box), r->deep_arrow);
  gtk_box_append (GTK_BOX (r->box), r->swatch);
  gtk_box_append (GTK_BOX (r->box), r->label);
  gtk_box_append (GTK_BOX (r->box), r->entry);
  /* Room around each row: the theme gives plain list rows none. */
  gtk_widget_set_margin_start (r->expander, 6);
  gtk_widget_set_margin_end (r->expander, 6);
  gtk_widget_set_margin_top (r->expander, ROW_MARGIN);
  gtk_widget_set_margin_bottom (r->expander, ROW_MARGIN);
  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (r->expander), r->box);
  g_object_set_data_full (G_OBJECT (r->expander), "ossa-row", r, g_free);
  gtk_list_item_set_child (item, r->expander);

  g_signal_connect (r->entry, "activate", G_CALLBACK (entry_activate_cb), r);
  g_signal_connect (r->entry, "changed", G_CALLBACK (entry_changed_cb), r);
  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (entry_key_pressed_cb), r);
  gtk_widget_add_controller (r->entry, controller);
  controller = gtk_event_controller_focus_new ();
  g_signal_connect (controller, "leave", G_CALLBACK (entry_focus_leave_cb), r);
  gtk_widget_add_controller (r->entry, controller);

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect (gesture, "pressed", G_CALLBACK (row_pressed_cb), r);
  gtk_widget_add_controller (r->expander, GTK_EVENT_CONTROLLER (gesture));
  gesture = gtk_gesture_click_new ();
  g_signal_connect (gesture, "released", G_CALLBACK (deep_arrow_released_cb), r);
  gtk_widget_add_controller (r->deep_arrow, GTK_EVENT_CONTROLLER (gesture));

  source = gtk_drag_source_new ();
  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
  g_signal_connect (source, "prepare", G_CALLBACK (drag_prepare_cb), r);
  g_signal_connect (source, "drag-begin", G_CALLBACK (drag_begin_cb), r);
  g_signal_connect (source, "drag-end", G_CALLBACK (drag_end_cb), r);
  gtk_widget_add_controller (r->expander, GTK_EVENT_CONTROLLER (source));
}

static void
update_row_color (Row *r)
{
  const OssaBone *bone = get_bone (r->self, r->bone);

  if (bone != NULL && bone->color != r->color)
    {
      r->color = bone->color;
      gtk_widget_queue_draw (r->swatch);
    }
}

static void
bind_row_cb (GtkSignalListItemFactory *factory, GtkListItem *item, OssaHierarchy *self)
{
  GtkTreeListRow *row = gtk_list_item_get_item (item);
  GtkWidget *expander = gtk_list_item_get_child (item);
  Row *r = g_object_get_data (G_OBJECT (expander), "ossa-row");
  const OssaBone *bone;

  gboolean expandable = gtk_tree_list_row_is_expandable (row);
  guint depth = gtk_tree_list_row_get_depth (row);
  int indent = 0;

  r->bone = row_bone (row);
  bone = get_bone (self, r->bone);
  if (depth <= MAX_INDENT_LEVELS)
    {
      gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (r->expander), row);
      gtk_widget_set_visible (r->deep_arrow, FALSE);
    }
  else
    {
      gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (r->expander), NULL);
      r->deep_row = row;
      indent = (MAX_INDENT_LEVELS + (expandable ? 0 : 1)) * INDENT_WIDTH;
      gtk_widget_set_visible (r->deep_arrow, expandable);
      if (expandable)
        update_deep_arrow (r);
    }
  gtk_label_set_text (GTK_LABEL (r->label), bone != NULL ? bone->name : "");
  gtk_widget_set_tooltip_text (r->label, bone != NULL ? bone->name : NULL);
  r->color = bone != NULL ? ~bone->color : 0;
  update_row_color (r);
  gtk_widget_set_margin_start (r->box, indent);
  g_hash_table_add (self->bound_rows, r);
  if (r->bone >= 0 && r->bone == self->rename_bone && self->rename_row == NULL)
    begin_edit (r);
}

static void
unbind_row_cb (GtkSignalListItemFactory *factory, GtkListItem *item, OssaHierarchy *self)
{
  GtkWidget *expander = gtk_list_item_get_child (item);
  Row *r = g_object_get_data (G_OBJECT (expander), "ossa-row");

  /* Scrolled away while renaming: the rename waits for the row to come back. */
  if (r->editing)
    {
      int bone = self->rename_bone;

      end_edit (r);
      self->rename_bone = bone;
    }
  if (self->drop_row == r)
    set_drop_row (self, NULL);
  g_hash_table_remove (self->bound_rows, r);
  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (r->expander), NULL);
  r->deep_row = NULL;
  r->bone = -1;
}

static void
refresh_colors (OssaHierarchy *self)
{
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, self->bound_rows);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    update_row_color (key);
}

/* A skeleton whose bones kept their places and parents and only changed names:
 * the rows take the new names without a rebuild (which, at 10,000 bones, costs a
 * GtkListView about a tenth of a second). FALSE when the tree changed shape. */
static gboolean
rename_in_place (OssaHierarchy *self)
{
  BoneLinks *links = self->links;
  const OssaSkeleton *skel;
  GHashTableIter iter;
  gpointer key;

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
      row = find_row (self, (guint) i, FALSE);
      item = row != NULL ? gtk_tree_list_row_get_item (row) : NULL;
      if (item != NULL)
        ossa_bone_object_set_name (OSSA_BONE_OBJECT (item), skel->bones[i].name);
    }
  g_hash_table_iter_init (&iter, self->bound_rows);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      Row *r = key;
      const OssaBone *bone = get_bone (self, r->bone);

      if (bone != NULL && g_strcmp0 (gtk_label_get_text (GTK_LABEL (r->label)), bone->name) != 0)
        {
          gtk_label_set_text (GTK_LABEL (r->label), bone->name);
          gtk_widget_set_tooltip_text (r->label, bone->name);
        }
    }
  return TRUE;
}

/* ---- dropping ---- */

/* The row under (x, y) of the list, or NULL over the empty space below the rows. */
static Row *
row_at (OssaHierarchy *self, double x, double y)
{
  GtkWidget *list = GTK_WIDGET (self->list_view);
  GtkWidget *w = gtk_widget_pick (list, x, y, GTK_PICK_DEFAULT);

  /* Up to the list item, which may be picked on its padding, then down to ours. */
  while (w != NULL && w != list && gtk_widget_get_parent (w) != list)
    w = gtk_widget_get_parent (w);
  if (w == NULL || w == list)
    return NULL;
  for (GtkWidget *child = gtk_widget_get_first_child (w); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      Row *r = g_object_get_data (G_OBJECT (child), "ossa-row");

      if (r != NULL)
        return r->bone >= 0 ? r : NULL;
    }
  return NULL;
}

static GdkDragAction
drop_motion_cb (GtkDropTarget *target, double x, double y, OssaHierarchy *self)
{
  Row *r = row_at (self, x, y);
  const OssaBone *dragged = get_bone (self, self->drag_bone);
  gboolean fits = r != NULL;

  /* Only rows the bone can hang from light up; a drop elsewhere still reaches the
   * core, which says why it cannot be. */
  if (r != NULL && dragged != NULL)
    fits = r->bone != self->drag_bone && r->bone != dragged->parent
           && !ossa_skeleton_is_in_subtree (&ossa_editor_get_document (self->editor)->skeleton,
                                            (gsize) r->bone, (gsize) self->drag_bone);
  set_drop_row (self, fits ? r : NULL);
  return GDK_ACTION_MOVE;
}

static void
drop_leave_cb (GtkDropTarget *target, OssaHierarchy *self)
{
  set_drop_row (self, NULL);
}

static gboolean
drop_idle_cb (gpointer user_data)
{
  OssaHierarchy *self = user_data;

  self->drop_idle = 0;
  _ossa_hierarchy_drop_bone (self, (guint) self->drop_bone, self->drop_parent);
  return G_SOURCE_REMOVE;
}

static gboolean
drop_cb (GtkDropTarget *target, const GValue *value, double x, double y, OssaHierarchy *self)
{
  OssaBoneObject *object = g_value_get_object (value);
  const OssaSkeleton *skel;
  Row *r = row_at (self, x, y);
  ssize_t bone;

  set_drop_row (self, NULL);
  if (self->editor == NULL || !OSSA_IS_BONE_OBJECT (object))
    return FALSE;
  skel = &ossa_editor_get_document (self->editor)->skeleton;
  bone = ossa_skeleton_find_bone (skel, ossa_bone_object_get_name (object));
  if (bone < 0)
    return FALSE;
  /* The move rebuilds the rows, the dragged one included, so it waits until the
   * drag is over. */
  self->drop_bone = (int) bone;
  self->drop_parent = r != NULL ? r->bone : -1;
  if (self->drop_idle == 0)
    self->drop_idle = g_idle_add (drop_idle_cb, self);
  return TRUE;
}

/**
 * _ossa_hierarchy_drop_bone:
 *
 * What dropping @bone onto the row of @new_parent does (-1: onto the empty space
 * below the rows, making it a root).
 */
gboolean
_ossa_hierarchy_drop_bone (OssaHierarchy *self, guint bone, int new_parent)
{
  const OssaDocument *doc;
  g_autoptr (GError) error = NULL;

  g_return_val_if_fail (OSSA_IS_HIERARCHY (self), FALSE);
  if (self->editor == NULL)
    return FALSE;
  doc = ossa_editor_get_document (self->editor);
  if (bone < doc->skeleton.n_bones && doc->skeleton.bones[bone].parent == new_parent)
    return FALSE;
  if (!ossa_editor_reparent_bone (self->editor, bone, new_parent, &error))
    {
      /* Translators: %s is the reason, e.g. that a bone cannot hang from its own child */
      g_autofree char *message = g_strdup_printf (_("Not moved: %s"), error->message);

      show_message (self, message);
      return FALSE;
    }
  hide_message (self);
  return TRUE;
}

GtkEditable *
_ossa_hierarchy_get_rename_entry (OssaHierarchy *self)
{
  g_return_val_if_fail (OSSA_IS_HIERARCHY (self), NULL);
  return self->rename_row != NULL ? GTK_EDITABLE (self->rename_row->entry) : NULL;
}

const char *
_ossa_hierarchy_get_message (OssaHierarchy *self)
{
  g_return_val_if_fail (OSSA_IS_HIERARCHY (self), NULL);
  return gtk_label_get_text (self->message_label);
}

/* ---- the editor ---- */

static void
document_changed_cb (OssaEditor *editor, guint change, OssaHierarchy *self)
{
  if ((change & OSSA_CHANGE_DOCUMENT)
      || ((change & OSSA_CHANGE_STRUCTURE) && !rename_in_place (self)))
    {
      rebuild (self);
      return;
    }
  if (change & OSSA_CHANGE_POSE)
    refresh_colors (self);
}

static void
editor_selection_changed_cb (OssaEditor *editor, OssaHierarchy *self)
{
  if (self->syncing > 0)
    return;
  sync_selection_from_editor (self, TRUE);
}

static void
start_rename_bone (OssaHierarchy *self, guint bone)
{
  g_autoptr (GtkTreeListRow) row = NULL;
  GHashTableIter iter;
  gpointer key;

  end_rename (self);
  row = find_row (self, bone, TRUE);
  if (row == NULL)
    return;
  self->rename_bone = (int) bone;
  g_hash_table_iter_init (&iter, self->bound_rows);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (((Row *) key)->bone == (int) bone)
      {
        begin_edit (key);
        break;
      }
  /* Not on screen: its row starts editing when it is bound. */
  scroll_to (self, gtk_tree_list_row_get_position (row));
}

/**
 * ossa_hierarchy_start_rename:
 *
 * Opens the name of the primary selected bone for editing in its row (F2): Enter
 * renames the bone, Escape leaves it as it was.
 */
void
ossa_hierarchy_start_rename (OssaHierarchy *self)
{
  int primary;

  g_return_if_fail (OSSA_IS_HIERARCHY (self));
  if (self->editor == NULL)
    return;
  primary = ossa_editor_get_primary (self->editor);
  if (primary < 0)
    {
      end_rename (self);
      return;
    }
  start_rename_bone (self, (guint) primary);
}

static void
rename_shortcut (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ossa_hierarchy_start_rename (OSSA_HIERARCHY (widget));
}

void
ossa_hierarchy_set_editor (OssaHierarchy *self, OssaEditor *editor)
{
  g_return_if_fail (OSSA_IS_HIERARCHY (self));
  g_return_if_fail (editor == NULL || OSSA_IS_EDITOR (editor));

  if (self->editor == editor)
    return;
  if (self->editor != NULL)
    g_signal_handlers_disconnect_by_data (self->editor, self);
  g_set_object (&self->editor, editor);
  if (editor != NULL)
    {
      g_signal_connect (editor, "document-changed", G_CALLBACK (document_changed_cb), self);
      g_signal_connect (editor, "selection-changed", G_CALLBACK (editor_selection_changed_cb),
                        self);
    }
  hide_message (self);
  rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDITOR]);
}

GtkWidget *
ossa_hierarchy_new (void)
{
  return g_object_new (OSSA_TYPE_HIERARCHY, NULL);
}

static void
ossa_hierarchy_dispose (GObject *object)
{
  OssaHierarchy *self = OSSA_HIERARCHY (object);
  GtkWidget *child;

  g_clear_handle_id (&self->drop_idle, g_source_remove);
  g_clear_handle_id (&self->rename_idle, g_source_remove);
  g_clear_handle_id (&self->message_timeout, g_source_remove);
  if (self->editor != NULL)
    g_signal_handlers_disconnect_by_data (self->editor, self);
  self->rename_row = NULL;
  self->drop_row = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), OSSA_TYPE_HIERARCHY);
  /* dispose_template() unparents only the children bound to fields. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  self->tree = NULL;
  self->links = NULL;
  g_clear_object (&self->selection);
  g_clear_object (&self->editor);

  G_OBJECT_CLASS (ossa_hierarchy_parent_class)->dispose (object);
}

static void
ossa_hierarchy_finalize (GObject *object)
{
  OssaHierarchy *self = OSSA_HIERARCHY (object);

  g_hash_table_unref (self->bound_rows);

  G_OBJECT_CLASS (ossa_hierarchy_parent_class)->finalize (object);
}

static void
ossa_hierarchy_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  OssaHierarchy *self = OSSA_HIERARCHY (object);

  switch (prop_id)
    {
    case PROP_EDITOR:
      g_value_set_object (value, self->editor);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_hierarchy_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  OssaHierarchy *self = OSSA_HIERARCHY (object);

  switch (prop_id)
    {
    case PROP_EDITOR:
      ossa_hierarchy_set_editor (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_hierarchy_class_init (OssaHierarchyClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ossa_hierarchy_dispose;
  object_class->finalize = ossa_hierarchy_finalize;
  object_class->get_property = ossa_hierarchy_get_property;
  object_class->set_property = ossa_hierarchy_set_property;

  properties[PROP_EDITOR] =
    g_param_spec_object ("editor", NULL, NULL, OSSA_TYPE_EDITOR,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/ossa-hierarchy.ui");
  gtk_widget_class_bind_template_child (widget_class, OssaHierarchy, scroller);
  gtk_widget_class_bind_template_child (widget_class, OssaHierarchy, list_view);
  gtk_widget_class_bind_template_child (widget_class, OssaHierarchy, message_label);

  gtk_widget_class_install_action (widget_class, "hierarchy.rename", NULL, rename_shortcut);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F2, 0, "hierarchy.rename", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "ossahierarchy");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ossa_hierarchy_init (OssaHierarchy *self)
{
  g_autoptr (GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  GtkDropTarget *target;

  self->rename_bone = -1;
  self->drag_bone = -1;
  self->press_bone = -1;
  self->bound_rows = g_hash_table_new (NULL, NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);

  self->selection = gtk_multi_selection_new (NULL);
  g_signal_connect (self->selection, "selection-changed", G_CALLBACK (selection_changed_cb), self);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));

  g_signal_connect (factory, "setup", G_CALLBACK (setup_row_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row_cb), self);
  gtk_list_view_set_factory (self->list_view, factory);

  target = gtk_drop_target_new (OSSA_TYPE_BONE_OBJECT, GDK_ACTION_MOVE);
  g_signal_connect (target, "motion", G_CALLBACK (drop_motion_cb), self);
  g_signal_connect (target, "leave", G_CALLBACK (drop_leave_cb), self);
  g_signal_connect (target, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->list_view), GTK_EVENT_CONTROLLER (target));
}
