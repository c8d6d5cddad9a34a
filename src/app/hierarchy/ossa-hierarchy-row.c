/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-hierarchy"

#include "config.h"

#include <glib/gi18n.h>

#include "ossa-hierarchy-private.h"

/* The rows of the bone tree: the widgets of one row (indent, colour swatch, name),
 * recycled by the list view's factory, and renaming a bone in its row. Names are
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
/* The swatch's width and the row box's spacing: where the name starts. */
#define SWATCH_WIDTH 12
#define ROW_SPACING 8
#define DEEP_ARROW_WIDTH 16
/* Room around each row: the theme gives plain list rows none. */
#define ROW_SIDE_MARGIN 6
/* Space above and below a row's contents; an entry, taller than a label, takes
 * it while a row is renamed, so the rows below move only a little. */
#define ROW_MARGIN 4

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

/* The reason (NULL: none) shows right under the entry, across the whole row so
 * that it reads in a narrow panel at any depth, and as the entry's tooltip and
 * accessible description. */
static void
set_entry_error (OssaHierarchyRow *r, const char *message)
{
  if (r->entry == NULL)
    return;
  if (message != NULL)
    {
      gtk_widget_add_css_class (r->entry, "error");
      gtk_label_set_text (GTK_LABEL (r->error_label), message);
      gtk_widget_set_visible (r->error_label, TRUE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (r->entry),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message, -1);
    }
  else
    {
      gtk_widget_remove_css_class (r->entry, "error");
      gtk_widget_set_visible (r->error_label, FALSE);
      gtk_label_set_text (GTK_LABEL (r->error_label), "");
      gtk_accessible_reset_property (GTK_ACCESSIBLE (r->entry),
                                     GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
  gtk_widget_set_tooltip_text (r->entry, message);
}

/* The name typed so far, checked as Enter would: NULL when it would do. */
static char *
dup_entry_error (OssaHierarchyRow *r)
{
  const char *name = r->entry != NULL ? gtk_editable_get_text (GTK_EDITABLE (r->entry)) : "";
  const OssaBone *bone = _ossa_hierarchy_get_bone (r->self, r->bone);
  g_autoptr (GError) error = NULL;

  if (r->entry == NULL || bone == NULL || g_strcmp0 (name, bone->name) == 0
      || ossa_editor_check_bone_name (r->self->editor, (guint) r->bone, name, &error))
    return NULL;
  return ossa_editor_dup_name_refusal (name, error);
}

static void ensure_entry (OssaHierarchyRow *r);

static void
begin_edit (OssaHierarchyRow *r)
{
  const OssaBone *bone = _ossa_hierarchy_get_bone (r->self, r->bone);

  if (bone == NULL)
    return;
  ensure_entry (r);
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
end_edit (OssaHierarchyRow *r)
{
  GtkWidget *item = gtk_widget_get_parent (r->column);
  GtkRoot *root = gtk_widget_get_root (r->column);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  r->editing = FALSE;
  if (r->self->rename_row == r)
    r->self->rename_row = NULL;
  if (r->entry == NULL)
    return;
  if (focus != NULL && (focus == r->entry || gtk_widget_is_ancestor (focus, r->entry))
      && item != NULL)
    gtk_widget_grab_focus (item);
  gtk_widget_set_visible (r->entry, FALSE);
  gtk_widget_set_visible (r->label, TRUE);
  gtk_widget_set_margin_top (r->expander, ROW_MARGIN);
  gtk_widget_set_margin_bottom (r->expander, ROW_MARGIN);
  set_entry_error (r, NULL);
}

void
_ossa_hierarchy_end_rename (OssaHierarchy *self)
{
  self->rename_bone = -1;
  if (self->rename_row != NULL)
    end_edit (self->rename_row);
}

/* Enter: the new name, or the core's reason why not. */
static gboolean
commit_edit (OssaHierarchyRow *r)
{
  OssaHierarchy *self = r->self;
  const char *name = gtk_editable_get_text (GTK_EDITABLE (r->entry));
  const OssaBone *bone = _ossa_hierarchy_get_bone (self, r->bone);
  g_autoptr (GError) error = NULL;

  if (!r->editing || bone == NULL)
    return FALSE;
  if (g_strcmp0 (name, bone->name) == 0)
    {
      _ossa_hierarchy_end_rename (self);
      return TRUE;
    }
  if (!ossa_editor_check_bone_name (self->editor, r->bone, name, &error))
    {
      g_autofree char *message = ossa_editor_dup_name_refusal (name, error);

      set_entry_error (r, message);
      return FALSE;
    }
  /* The rename rebuilds the rows (this one included): leave editing first. */
  _ossa_hierarchy_end_rename (self);
  if (!ossa_editor_rename_bone (self->editor, r->bone, name, &error))
    {
      _ossa_hierarchy_show_message (self, error->message);
      return FALSE;
    }
  return TRUE;
}

static void
entry_activate_cb (GtkEntry *entry, OssaHierarchyRow *r)
{
  commit_edit (r);
}

/* Once a name has been refused, the reason follows the typing: it changes with
 * the text and goes away as soon as the text would do. */
static void
entry_changed_cb (GtkEditable *editable, OssaHierarchyRow *r)
{
  g_autofree char *message = NULL;

  if (!gtk_widget_get_visible (r->error_label))
    return;
  message = r->editing ? dup_entry_error (r) : NULL;
  set_entry_error (r, message);
}

static gboolean
entry_key_pressed_cb (GtkEventControllerKey *controller,
                      guint                  keyval,
                      guint                  keycode,
                      GdkModifierType        state,
                      OssaHierarchyRow                   *r)
{
  if (keyval != GDK_KEY_Escape || !r->editing)
    return FALSE;
  _ossa_hierarchy_end_rename (r->self);
  return TRUE;
}

/* Clicking elsewhere keeps a good name and drops a refused one. The window
 * going inactive keeps its focus widget and changes nothing. */
static void
entry_focus_leave_cb (GtkEventControllerFocus *controller, OssaHierarchyRow *r)
{
  GtkRoot *root = gtk_widget_get_root (r->entry);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (focus != NULL && (focus == r->entry || gtk_widget_is_ancestor (focus, r->entry)))
    return;
  if (r->editing && !commit_edit (r) && r->editing)
    _ossa_hierarchy_end_rename (r->self);
}
static gboolean
rename_idle_cb (gpointer user_data)
{
  OssaHierarchy *self = user_data;

  self->rename_idle = 0;
  if (self->press_bone >= 0)
    _ossa_hierarchy_start_rename_bone (self, (guint) self->press_bone);
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
                OssaHierarchyRow             *r)
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

/* The entry that renames the row's bone and the label under it saying why a
 * name is refused: made the first time the row is renamed, not with every row
 * (a GtkEntry is most of a row's cost, and a new document makes a screenful of
 * rows at once). */
static void
ensure_entry (OssaHierarchyRow *r)
{
  GtkEventController *controller;

  if (r->entry != NULL)
    return;
  r->entry = gtk_entry_new ();
  r->error_label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (r->error_label), 0.0f);
  gtk_label_set_wrap (GTK_LABEL (r->error_label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (r->error_label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (r->error_label), 40);
  gtk_widget_set_margin_start (r->error_label, ROW_SIDE_MARGIN);
  gtk_widget_set_margin_end (r->error_label, ROW_SIDE_MARGIN);
  gtk_widget_set_margin_bottom (r->error_label, ROW_MARGIN);
  gtk_widget_add_css_class (r->error_label, "error");
  gtk_widget_add_css_class (r->error_label, "caption");
  /* style.css: white on red, readable on a selected row too. */
  gtk_widget_add_css_class (r->error_label, "rename-error");
  gtk_widget_set_visible (r->error_label, FALSE);

  gtk_widget_set_hexpand (r->entry, TRUE);
  gtk_widget_set_visible (r->entry, FALSE);
  gtk_editable_set_width_chars (GTK_EDITABLE (r->entry), 6);
  gtk_accessible_update_property (GTK_ACCESSIBLE (r->entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Bone name"), -1);
  gtk_box_append (GTK_BOX (r->box), r->entry);
  gtk_box_append (GTK_BOX (r->column), r->error_label);

  g_signal_connect (r->entry, "activate", G_CALLBACK (entry_activate_cb), r);
  g_signal_connect (r->entry, "changed", G_CALLBACK (entry_changed_cb), r);
  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (entry_key_pressed_cb), r);
  gtk_widget_add_controller (r->entry, controller);
  controller = gtk_event_controller_focus_new ();
  g_signal_connect (controller, "leave", G_CALLBACK (entry_focus_leave_cb), r);
  gtk_widget_add_controller (r->entry, controller);
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
  r->box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, ROW_SPACING);
  r->deep_arrow = gtk_image_new ();
  r->swatch = gtk_drawing_area_new ();
  r->label = gtk_label_new (NULL);

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
  gtk_widget_set_margin_start (r->expander, ROW_SIDE_MARGIN);
  gtk_widget_set_margin_end (r->expander, ROW_SIDE_MARGIN);
  gtk_widget_set_margin_top (r->expander, ROW_MARGIN);
  gtk_widget_set_margin_bottom (r->expander, ROW_MARGIN);
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
         + (expandable ? 0 : DEEP_ARROW_WIDTH + ROW_SPACING);
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
  if (r->bone >= 0 && r->bone == self->rename_bone && self->rename_row == NULL)
    begin_edit (r);
}

static void
unbind_row_cb (GtkSignalListItemFactory *factory, GtkListItem *item, OssaHierarchy *self)
{
  GtkWidget *column = gtk_list_item_get_child (item);
  OssaHierarchyRow *r = g_object_get_data (G_OBJECT (column), "ossa-row");

  /* Scrolled away while renaming: the rename waits for the row to come back. */
  if (r->editing)
    {
      int bone = self->rename_bone;

      end_edit (r);
      self->rename_bone = bone;
    }
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
  GHashTableIter iter;
  gpointer key;

  _ossa_hierarchy_end_rename (self);
  row = _ossa_hierarchy_find_row (self, bone, TRUE);
  if (row == NULL)
    return;
  self->rename_bone = (int) bone;
  g_hash_table_iter_init (&iter, self->bound_rows);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (((OssaHierarchyRow *) key)->bone == (int) bone)
      {
        begin_edit (key);
        break;
      }
  /* Not on screen: its row starts editing when it is bound. */
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
  left = bounds.origin.x - SWATCH_WIDTH - ROW_SPACING;
  right = bounds.origin.x + bounds.size.width + ROW_SIDE_MARGIN;
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

GtkListItemFactory *
_ossa_hierarchy_row_factory_new (OssaHierarchy *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_row_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row_cb), self);
  return factory;
}
