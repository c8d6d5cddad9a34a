/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-hierarchy"

#include "config.h"

#include <glib/gi18n.h>

#include "ossa-hierarchy-private.h"

/* The rows of the bone tree: the widgets of one row (indent, colour swatch, name),
 * recycled by the list view's factory, and what renaming a bone in its row
 * (ossa-hierarchy-rename.c) asks of them. Names are
 * never cut: a row is as wide as its indent and name, and the list scrolls
 * sideways when that is wider than the panel. */

/* One level of GtkTreeExpander indentation in the default theme: a 16 px icon
 * and the expander's 4 px border-spacing. */
#define INDENT_WIDTH 20
/* The first levels get the expander's full indent. Deeper rows (a Half-Life
 * biped's fingers sit 11 levels down) are indented by DEEP_INDENT_WIDTH a level
 * and get an arrow of their own, so that their names start inside a panel of
 * usual width; the tooltip gives the path. */
#define FULL_INDENT_LEVELS 4
#define DEEP_INDENT_WIDTH 6
/* Rows deeper than this are indented no further, so a chain thousands of bones
 * deep scrolls as fast as a shallow tree. */
#define MAX_INDENT_LEVELS 24
/* The swatch's width and the row box's spacing (OSSA_HIERARCHY_ROW_SPACING):
 * where the name starts. */
#define SWATCH_WIDTH 12
#define DEEP_ARROW_WIDTH 16

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  OssaHierarchyRow *r = user_data;
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

const OssaBone *
_ossa_hierarchy_get_bone (OssaHierarchy *self, int bone)
{
  const OssaSkeleton *skel;

  if (self->editor == NULL || bone < 0)
    return NULL;
  skel = &ossa_editor_get_document (self->editor)->skeleton;
  return (gsize) bone < skel->n_bones ? &skel->bones[bone] : NULL;
}

/* ---- what renaming a bone in its row asks of the row ---- */

static const char *
bone_name (OssaHierarchy *self, int bone)
{
  const OssaBone *b = _ossa_hierarchy_get_bone (self, bone);

  return b != NULL ? b->name : NULL;
}

static gboolean
check_bone_name (OssaHierarchy *self, int bone, const char *name, GError **error)
{
  return ossa_editor_check_bone_name (self->editor, (guint) bone, name, error);
}

static gboolean
rename_bone (OssaHierarchy *self, int bone, const char *name, GError **error)
{
  return ossa_editor_rename_bone (self->editor, (guint) bone, name, error);
}

/* The entry takes the label's place, and the room above and below it. */
static void
show_entry (gpointer row, gboolean editing)
{
  OssaHierarchyRow *r = row;
  int margin = editing ? 0 : OSSA_HIERARCHY_ROW_MARGIN;

  gtk_widget_set_visible (r->label, !editing);
  gtk_widget_set_margin_top (r->expander, margin);
  gtk_widget_set_margin_bottom (r->expander, margin);
}

static const OssaListRenameFuncs rename_funcs = {
  .get_name = bone_name,
  .check_name = check_bone_name,
  .rename = rename_bone,
  .show_entry = show_entry,
  .start = _ossa_hierarchy_start_rename_bone,
};

void
_ossa_hierarchy_end_rename (OssaHierarchy *self)
{
  _ossa_list_rename_end (&self->rename);
}

static void
row_pressed_cb (GtkGestureClick  *gesture,
                int               n_press,
                double            x,
                double            y,
                OssaHierarchyRow *r)
{
  _ossa_row_rename_pressed (&r->rename, GTK_GESTURE (gesture));
}

static void
update_deep_arrow (OssaHierarchyRow *r)
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
                        OssaHierarchyRow             *r)
{
  if (r->deep_row == NULL)
    return;
  gtk_tree_list_row_set_expanded (r->deep_row, !gtk_tree_list_row_get_expanded (r->deep_row));
  update_deep_arrow (r);
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static gboolean
query_tooltip_cb (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard_mode,
                  GtkTooltip *tooltip,
                  OssaHierarchyRow *r)
{
  g_autofree char *text = _ossa_hierarchy_dup_tooltip (r->self, r->bone);

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
setup_row_cb (GtkSignalListItemFactory *factory, GtkListItem *item, OssaHierarchy *self)
{
  OssaHierarchyRow *r = g_new0 (OssaHierarchyRow, 1);
  GtkGesture *gesture;

  r->self = self;
  r->bone = -1;
  r->expander = gtk_tree_expander_new ();
  r->column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  r->box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, OSSA_HIERARCHY_ROW_SPACING);
  r->deep_arrow = gtk_image_new ();
  r->swatch = gtk_drawing_area_new ();
  r->label = gtk_label_new (NULL);
  r->rename = (OssaRowRename) { .list = &self->rename, .row = r, .item = &r->bone,
                                .child = r->column, .entry_box = r->box };

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (r->swatch), SWATCH_WIDTH);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (r->swatch), SWATCH_WIDTH);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (r->swatch), draw_swatch, r, NULL);
  gtk_widget_set_valign (r->swatch, GTK_ALIGN_CENTER);

  /* Never ellipsized: a deep row's name is what tells it from its neighbours. */
  gtk_label_set_xalign (GTK_LABEL (r->label), 0.0f);
  gtk_widget_set_hexpand (r->label, TRUE);

  /* The tooltip is made when it is asked for: setting its text on every row
   * bound would ask the display where the pointer is, a round trip a row. */
  gtk_widget_set_has_tooltip (r->box, TRUE);
  g_signal_connect (r->box, "query-tooltip", G_CALLBACK (query_tooltip_cb), r);

  gtk_widget_set_visible (r->deep_arrow, FALSE);
  gtk_box_append (GTK_BOX (r->box), r->deep_arrow);
  gtk_box_append (GTK_BOX (r->box), r->swatch);
  gtk_box_append (GTK_BOX (r->box), r->label);
  gtk_box_append (GTK_BOX (r->column), r->expander);
  gtk_widget_set_margin_start (r->expander, OSSA_HIERARCHY_ROW_SIDE_MARGIN);
  gtk_widget_set_margin_end (r->expander, OSSA_HIERARCHY_ROW_SIDE_MARGIN);
  gtk_widget_set_margin_top (r->expander, OSSA_HIERARCHY_ROW_MARGIN);
  gtk_widget_set_margin_bottom (r->expander, OSSA_HIERARCHY_ROW_MARGIN);
  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (r->expander), r->box);
  g_object_set_data_full (G_OBJECT (r->column), "ossa-row", r, g_free);
  gtk_list_item_set_child (item, r->column);

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect (gesture, "pressed", G_CALLBACK (row_pressed_cb), r);
  gtk_widget_add_controller (r->expander, GTK_EVENT_CONTROLLER (gesture));
  gesture = gtk_gesture_click_new ();
  g_signal_connect (gesture, "released", G_CALLBACK (deep_arrow_released_cb), r);
  gtk_widget_add_controller (r->deep_arrow, GTK_EVENT_CONTROLLER (gesture));

  _ossa_hierarchy_add_drag_source (r);
}

static void
update_row_color (OssaHierarchyRow *r)
{
  const OssaBone *bone = _ossa_hierarchy_get_bone (r->self, r->bone);

  if (bone != NULL && bone->color != r->color)
    {
      r->color = bone->color;
      gtk_widget_queue_draw (r->swatch);
    }
}

/* How far a row past FULL_INDENT_LEVELS is indented: its levels at the
 * expander's width, then at DEEP_INDENT_WIDTH, then no further. A row without
 * children leaves the room of the arrow its siblings may have. */
static int
deep_indent (guint depth, gboolean expandable)
{
  guint levels = MIN (depth, MAX_INDENT_LEVELS);

  return FULL_INDENT_LEVELS * INDENT_WIDTH
         + (int) (levels - FULL_INDENT_LEVELS) * DEEP_INDENT_WIDTH
         + (expandable ? 0 : DEEP_ARROW_WIDTH + OSSA_HIERARCHY_ROW_SPACING);
}

/* The tooltip of a row: its bone's full name, and the path down to it (its
 * root, then at most TOOLTIP_ANCESTORS nearest ancestors). */
#define TOOLTIP_ANCESTORS 16

char *
_ossa_hierarchy_dup_tooltip (OssaHierarchy *self, int bone_index)
{
  const OssaBone *bone = _ossa_hierarchy_get_bone (self, bone_index);
  const OssaSkeleton *skel;
  GString *path;
  int32_t p, root = -1;
  guint n = 0;

  if (bone == NULL)
    return NULL;
  if (bone->parent < 0)
    return g_strdup (bone->name);
  skel = &ossa_editor_get_document (self->editor)->skeleton;
  /* Built from the bone up; the document keeps parents before children, which
   * bounds the walk. */
  path = g_string_new (bone->name);
  for (p = bone->parent; p >= 0 && (gsize) p < skel->n_bones; p = skel->bones[p].parent)
    {
      root = p;
      if (n++ < TOOLTIP_ANCESTORS)
        {
          g_string_prepend (path, " › ");
          g_string_prepend (path, skel->bones[p].name);
        }
      if (skel->bones[p].parent >= p)
        break;
    }
  if (n > TOOLTIP_ANCESTORS)
    {
      g_string_prepend (path, n > TOOLTIP_ANCESTORS + 1 ? " › … › " : " › ");
      g_string_prepend (path, skel->bones[root].name);
    }
  g_string_prepend (path, "\n");
  g_string_prepend (path, bone->name);
  return g_string_free (path, FALSE);
}

static void
bind_row_cb (GtkSignalListItemFactory *factory, GtkListItem *item, OssaHierarchy *self)
{
  GtkTreeListRow *row = gtk_list_item_get_item (item);
  GtkWidget *column = gtk_list_item_get_child (item);
  OssaHierarchyRow *r = g_object_get_data (G_OBJECT (column), "ossa-row");
  const OssaBone *bone;

  gboolean expandable = gtk_tree_list_row_is_expandable (row);
  guint depth = gtk_tree_list_row_get_depth (row);
  int indent = 0;

  r->bone = _ossa_hierarchy_row_bone (row);
  bone = _ossa_hierarchy_get_bone (self, r->bone);
  if (depth <= FULL_INDENT_LEVELS)
    {
      gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (r->expander), row);
      gtk_widget_set_visible (r->deep_arrow, FALSE);
    }
  else
    {
      gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (r->expander), NULL);
      r->deep_row = row;
      indent = deep_indent (depth, expandable);
      gtk_widget_set_visible (r->deep_arrow, expandable);
      if (expandable)
        update_deep_arrow (r);
    }
  gtk_label_set_text (GTK_LABEL (r->label), bone != NULL ? bone->name : "");
  r->color = bone != NULL ? ~bone->color : 0;
  update_row_color (r);
  gtk_widget_set_margin_start (r->box, indent);
  g_hash_table_add (self->bound_rows, r);
  _ossa_row_rename_bind (&r->rename);
}

static void
unbind_row_cb (GtkSignalListItemFactory *factory, GtkListItem *item, OssaHierarchy *self)
{
  GtkWidget *column = gtk_list_item_get_child (item);
  OssaHierarchyRow *r = g_object_get_data (G_OBJECT (column), "ossa-row");

  _ossa_row_rename_unbind (&r->rename);
  if (self->drop_row == r)
    _ossa_hierarchy_set_drop_row (self, NULL);
  g_hash_table_remove (self->bound_rows, r);
  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (r->expander), NULL);
  r->deep_row = NULL;
  r->bone = -1;
}

void
_ossa_hierarchy_refresh_colors (OssaHierarchy *self)
{
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, self->bound_rows);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    update_row_color (key);
}

/* Bound rows whose label differs from their bone's name take the name. */
void
_ossa_hierarchy_relabel_rows (OssaHierarchy *self)
{
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, self->bound_rows);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      OssaHierarchyRow *r = key;
      const OssaBone *bone = _ossa_hierarchy_get_bone (self, r->bone);

      if (bone != NULL && g_strcmp0 (gtk_label_get_text (GTK_LABEL (r->label)), bone->name) != 0)
        {
          gtk_label_set_text (GTK_LABEL (r->label), bone->name);
        }
    }
}

void
_ossa_hierarchy_start_rename_bone (OssaHierarchy *self, guint bone)
{
  g_autoptr (GtkTreeListRow) row = NULL;

  _ossa_hierarchy_end_rename (self);
  row = _ossa_hierarchy_find_row (self, bone, TRUE);
  if (row == NULL)
    return;
  /* Not on screen, its row starts editing when it is bound. */
  _ossa_list_rename_begin (&self->rename, bone);
  _ossa_hierarchy_scroll_to (self, gtk_tree_list_row_get_position (row));
}

/* ---- bringing a name into view sideways ---- */

/* How many frames to wait for the row to be laid out. */
#define REVEAL_FRAMES 10

static gboolean
reveal_tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  OssaHierarchy *self = user_data;
  GtkWidget *scroller = self->scroller;
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scroller));
  OssaHierarchyRow *found = NULL;
  graphene_rect_t bounds;
  GHashTableIter iter;
  gpointer key;
  double left, right, width, shift = 0;

  g_hash_table_iter_init (&iter, self->bound_rows);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (((OssaHierarchyRow *) key)->bone == self->reveal_bone)
      found = key;
  if (found == NULL || gtk_widget_get_width (found->label) <= 0
      || !gtk_widget_compute_bounds (found->label, scroller, &bounds))
    {
      if (++self->reveal_frames < REVEAL_FRAMES)
        return G_SOURCE_CONTINUE;
      self->reveal_tick = 0;
      return G_SOURCE_REMOVE;
    }
  /* The name's end in view, but never its start (and the swatch before it)
   * out of view on the left. */
  left = bounds.origin.x - SWATCH_WIDTH - OSSA_HIERARCHY_ROW_SPACING;
  right = bounds.origin.x + bounds.size.width + OSSA_HIERARCHY_ROW_SIDE_MARGIN;
  width = gtk_widget_get_width (scroller);
  if (right > width)
    shift = MIN (right - width, MAX (left, 0));
  else if (left < 0)
    shift = left;
  if (shift != 0)
    gtk_adjustment_set_value (h, gtk_adjustment_get_value (h) + shift);
  self->reveal_tick = 0;
  return G_SOURCE_REMOVE;
}

/* Once bone's row is laid out, scrolls the list sideways so that its name can
 * be read. */
void
_ossa_hierarchy_reveal_name (OssaHierarchy *self, int bone)
{
  self->reveal_bone = bone;
  self->reveal_frames = 0;
  if (self->reveal_tick == 0)
    self->reveal_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->list_view),
                                                      reveal_tick_cb, self, NULL);
}

void
_ossa_hierarchy_stop_reveal (OssaHierarchy *self)
{
  if (self->reveal_tick != 0 && self->list_view != NULL)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->list_view), self->reveal_tick);
  self->reveal_tick = 0;
}

void
_ossa_hierarchy_rows_init (OssaHierarchy *self)
{
  g_autoptr (GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  _ossa_list_rename_init (&self->rename, self, &rename_funcs, _("Bone name"));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row_cb), self);
  gtk_list_view_set_factory (self->list_view, factory);
}
