/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-hierarchy"

#include "config.h"

#include <glib/gi18n.h>

#include "ossa-hierarchy-private.h"

/* The Constraints group under the bone tree, as Spine lists its constraints in a
 * node of their own rather than among the bones: one row per IK constraint in the
 * order they apply, an IK glyph, its name and its chain ("upper › fore → hand").
 * Clicking a row picks the constraint (ossa_editor_select_ik()); a double-click or
 * F2 with the focus in the group renames it in its row, as bone rows are. The
 * group is hidden while the document has no constraints. Its model is a string
 * list of the names, a row's position its constraint's index. */

/* As the bone rows (ossa-hierarchy-row.c). */
#define ROW_SPACING 8
#define ROW_SIDE_MARGIN 6
#define ROW_MARGIN 4
#define GLYPH_WIDTH 16
#define GLYPH_HEIGHT 12

static void
draw_glyph (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer user_data)
{
  /* Two bones bent at an elbow, the second reaching for a ring: the target. */
  double h = height;

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (cr, 2.0);
  cairo_set_source_rgb (cr, 0xe9 / 255.0, 0x80 / 255.0, 0x6e / 255.0);
  cairo_move_to (cr, 1.5, h - 1.5);
  cairo_line_to (cr, 6.0, 3.0);
  cairo_line_to (cr, 10.0, h - 4.0);
  cairo_stroke (cr);
  cairo_set_line_width (cr, 1.5);
  cairo_arc (cr, width - 3.5, h - 3.5, 2.5, 0, 2 * G_PI);
  cairo_stroke (cr);
}

const OssaIkConstraint *
_ossa_hierarchy_get_ik (OssaHierarchy *self, int c)
{
  const OssaDocument *doc;

  if (self->editor == NULL || c < 0)
    return NULL;
  doc = ossa_editor_get_document (self->editor);
  return (gsize) c < doc->n_ik ? &doc->ik[c] : NULL;
}

static const char *
bone_name (OssaHierarchy *self, guint bone)
{
  const OssaBone *b = _ossa_hierarchy_get_bone (self, (int) bone);

  return b != NULL ? b->name : "?";
}

/* "upper › fore → hand": the chain, then the target. */
char *
_ossa_hierarchy_dup_ik_chain (OssaHierarchy *self, int c)
{
  const OssaIkConstraint *ik = _ossa_hierarchy_get_ik (self, c);

  if (ik == NULL)
    return NULL;
  if (ik->n_bones == 2)
    return g_strdup_printf ("%s › %s → %s", bone_name (self, ik->bones[0]),
                            bone_name (self, ik->bones[1]), bone_name (self, ik->target));
  return g_strdup_printf ("%s → %s", bone_name (self, ik->bones[0]), bone_name (self, ik->target));
}

/* ---- renaming in the row ---- */

static void
end_ik_edit (OssaIkRow *r)
{
  GtkWidget *item = gtk_widget_get_parent (r->box);
  GtkRoot *root = gtk_widget_get_root (r->box);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  r->editing = FALSE;
  if (r->self->ik_rename_row == r)
    r->self->ik_rename_row = NULL;
  if (r->entry == NULL)
    return;
  if (focus != NULL && (focus == r->entry || gtk_widget_is_ancestor (focus, r->entry))
      && item != NULL)
    gtk_widget_grab_focus (item);
  gtk_widget_set_visible (r->entry, FALSE);
  gtk_widget_set_visible (r->label, TRUE);
  gtk_widget_set_visible (r->chain, TRUE);
}

void
_ossa_hierarchy_end_ik_rename (OssaHierarchy *self)
{
  self->ik_rename = -1;
  if (self->ik_rename_row != NULL)
    end_ik_edit (self->ik_rename_row);
}

/* Enter: the new name, or the editor's reason why not under the list. */
static gboolean
commit_ik_edit (OssaIkRow *r)
{
  OssaHierarchy *self = r->self;
  const OssaIkConstraint *ik = _ossa_hierarchy_get_ik (self, r->constraint);
  g_autofree char *name = NULL;
  g_autoptr (GError) error = NULL;
  int c = r->constraint;

  if (!r->editing || ik == NULL)
    return FALSE;
  name = g_strdup (gtk_editable_get_text (GTK_EDITABLE (r->entry)));
  /* The rename lists the rows again (this one included): leave editing first. */
  _ossa_hierarchy_end_ik_rename (self);
  if (g_strcmp0 (name, ik->name) == 0)
    return TRUE;
  if (!ossa_editor_rename_ik (self->editor, (guint) c, name, &error))
    {
      _ossa_hierarchy_show_message (self, error->message);
      return FALSE;
    }
  return TRUE;
}

static void
ik_entry_activate_cb (GtkEntry *entry, OssaIkRow *r)
{
  commit_ik_edit (r);
}

static gboolean
ik_entry_key_pressed_cb (GtkEventControllerKey *controller, guint keyval, guint keycode,
                         GdkModifierType state, OssaIkRow *r)
{
  if (keyval != GDK_KEY_Escape || !r->editing)
    return FALSE;
  _ossa_hierarchy_end_ik_rename (r->self);
  return TRUE;
}

/* Clicking elsewhere keeps the name typed (or says why not). */
static void
ik_entry_focus_leave_cb (GtkEventControllerFocus *controller, OssaIkRow *r)
{
  GtkRoot *root = gtk_widget_get_root (r->entry);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (focus != NULL && (focus == r->entry || gtk_widget_is_ancestor (focus, r->entry)))
    return;
  if (r->editing)
    commit_ik_edit (r);
}

/* The entry, made the first time the row is renamed. */
static void
ensure_ik_entry (OssaIkRow *r)
{
  GtkEventController *controller;

  if (r->entry != NULL)
    return;
  r->entry = gtk_entry_new ();
  gtk_widget_set_hexpand (r->entry, TRUE);
  gtk_widget_set_visible (r->entry, FALSE);
  gtk_editable_set_width_chars (GTK_EDITABLE (r->entry), 6);
  gtk_accessible_update_property (GTK_ACCESSIBLE (r->entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Constraint name"), -1);
  gtk_box_append (GTK_BOX (r->box), r->entry);
  g_signal_connect (r->entry, "activate", G_CALLBACK (ik_entry_activate_cb), r);
  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (ik_entry_key_pressed_cb), r);
  gtk_widget_add_controller (r->entry, controller);
  controller = gtk_event_controller_focus_new ();
  g_signal_connect (controller, "leave", G_CALLBACK (ik_entry_focus_leave_cb), r);
  gtk_widget_add_controller (r->entry, controller);
}

static void
begin_ik_edit (OssaIkRow *r)
{
  const OssaIkConstraint *ik = _ossa_hierarchy_get_ik (r->self, r->constraint);

  if (ik == NULL)
    return;
  ensure_ik_entry (r);
  r->editing = TRUE;
  r->self->ik_rename_row = r;
  gtk_editable_set_text (GTK_EDITABLE (r->entry), ik->name);
  gtk_widget_set_visible (r->label, FALSE);
  gtk_widget_set_visible (r->chain, FALSE);
  gtk_widget_set_visible (r->entry, TRUE);
  gtk_widget_grab_focus (r->entry);
  gtk_editable_select_region (GTK_EDITABLE (r->entry), 0, -1);
}

void
_ossa_hierarchy_start_rename_ik (OssaHierarchy *self, guint c)
{
  GHashTableIter iter;
  gpointer key;

  _ossa_hierarchy_end_ik_rename (self);
  if (_ossa_hierarchy_get_ik (self, (int) c) == NULL)
    return;
  self->ik_rename = (int) c;
  g_hash_table_iter_init (&iter, self->ik_rows);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (((OssaIkRow *) key)->constraint == (int) c)
      {
        begin_ik_edit (key);
        return;
      }
  /* Not on screen: its row starts editing when it is bound. */
  gtk_widget_activate_action (GTK_WIDGET (self->ik_list), "list.scroll-to-item", "u", c);
}

GtkEditable *
_ossa_hierarchy_get_ik_rename_entry (OssaHierarchy *self)
{
  g_return_val_if_fail (OSSA_IS_HIERARCHY (self), NULL);
  return self->ik_rename_row != NULL ? GTK_EDITABLE (self->ik_rename_row->entry) : NULL;
}

gboolean
_ossa_hierarchy_ik_has_focus (OssaHierarchy *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  return focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->ik_list));
}

/* ---- the rows ---- */

static gboolean
ik_rename_idle_cb (gpointer user_data)
{
  OssaHierarchy *self = user_data;

  self->ik_rename_idle = 0;
  if (self->ik_press >= 0)
    _ossa_hierarchy_start_rename_ik (self, (guint) self->ik_press);
  self->ik_press = -1;
  return G_SOURCE_REMOVE;
}

/* Two presses on one row within the double-click time rename its constraint,
 * counted as the bone rows count them (the list row claims each click). */
static void
ik_row_pressed_cb (GtkGestureClick *gesture, int n_press, double x, double y, OssaIkRow *r)
{
  OssaHierarchy *self = r->self;
  guint32 time = gtk_event_controller_get_current_event_time (GTK_EVENT_CONTROLLER (gesture));
  int double_click_time = 400;

  g_object_get (gtk_widget_get_settings (r->box), "gtk-double-click-time", &double_click_time,
                NULL);
  if (r->constraint >= 0 && !r->editing && r->constraint == self->ik_press
      && time - self->ik_press_time <= (guint32) double_click_time)
    {
      if (self->ik_rename_idle == 0)
        self->ik_rename_idle = g_idle_add (ik_rename_idle_cb, self);
      return;
    }
  self->ik_press = r->constraint;
  self->ik_press_time = time;
}

static void
setup_ik_row_cb (GtkSignalListItemFactory *factory, GtkListItem *item, OssaHierarchy *self)
{
  OssaIkRow *r = g_new0 (OssaIkRow, 1);
  GtkWidget *glyph = gtk_drawing_area_new ();
  GtkGesture *gesture;

  r->self = self;
  r->constraint = -1;
  r->box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, ROW_SPACING);
  r->label = gtk_label_new (NULL);
  r->chain = gtk_label_new (NULL);

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (glyph), GLYPH_WIDTH);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (glyph), GLYPH_HEIGHT);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (glyph), draw_glyph, NULL, NULL);
  gtk_widget_set_valign (glyph, GTK_ALIGN_CENTER);
  gtk_label_set_xalign (GTK_LABEL (r->label), 0.0f);
  gtk_label_set_xalign (GTK_LABEL (r->chain), 0.0f);
  gtk_label_set_ellipsize (GTK_LABEL (r->chain), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (r->chain, TRUE);
  gtk_widget_add_css_class (r->chain, "dim-label");
  gtk_widget_add_css_class (r->chain, "caption");

  gtk_box_append (GTK_BOX (r->box), glyph);
  gtk_box_append (GTK_BOX (r->box), r->label);
  gtk_box_append (GTK_BOX (r->box), r->chain);
  gtk_widget_set_margin_start (r->box, ROW_SIDE_MARGIN);
  gtk_widget_set_margin_end (r->box, ROW_SIDE_MARGIN);
  gtk_widget_set_margin_top (r->box, ROW_MARGIN);
  gtk_widget_set_margin_bottom (r->box, ROW_MARGIN);
  g_object_set_data_full (G_OBJECT (r->box), "ossa-ik-row", r, g_free);
  gtk_list_item_set_child (item, r->box);

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect (gesture, "pressed", G_CALLBACK (ik_row_pressed_cb), r);
  gtk_widget_add_controller (r->box, GTK_EVENT_CONTROLLER (gesture));
}

static void
label_ik_row (OssaIkRow *r)
{
  const OssaIkConstraint *ik = _ossa_hierarchy_get_ik (r->self, r->constraint);
  g_autofree char *chain = _ossa_hierarchy_dup_ik_chain (r->self, r->constraint);
  g_autofree char *tooltip = NULL;

  gtk_label_set_text (GTK_LABEL (r->label), ik != NULL ? ik->name : "");
  gtk_label_set_text (GTK_LABEL (r->chain), chain != NULL ? chain : "");
  if (ik != NULL)
    tooltip = g_strdup_printf ("%s\n%s", ik->name, chain);
  gtk_widget_set_tooltip_text (r->box, tooltip);
}

static void
bind_ik_row_cb (GtkSignalListItemFactory *factory, GtkListItem *item, OssaHierarchy *self)
{
  OssaIkRow *r = g_object_get_data (G_OBJECT (gtk_list_item_get_child (item)), "ossa-ik-row");

  r->constraint = (int) gtk_list_item_get_position (item);
  label_ik_row (r);
  g_hash_table_add (self->ik_rows, r);
  if (r->constraint == self->ik_rename && self->ik_rename_row == NULL)
    begin_ik_edit (r);
}

static void
unbind_ik_row_cb (GtkSignalListItemFactory *factory, GtkListItem *item, OssaHierarchy *self)
{
  OssaIkRow *r = g_object_get_data (G_OBJECT (gtk_list_item_get_child (item)), "ossa-ik-row");

  /* Scrolled away while renaming: the rename waits for the row to come back. */
  if (r->editing)
    {
      int c = self->ik_rename;

      end_ik_edit (r);
      self->ik_rename = c;
    }
  g_hash_table_remove (self->ik_rows, r);
  r->constraint = -1;
}

/* ---- the model and the selection ---- */

/* Editor → list. */
void
_ossa_hierarchy_ik_sync_selection (OssaHierarchy *self)
{
  int c = self->editor != NULL ? ossa_editor_get_selected_ik (self->editor) : -1;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->ik_names));

  self->syncing++;
  gtk_single_selection_set_selected (self->ik_selection,
                                     c >= 0 && (guint) c < n ? (guint) c : GTK_INVALID_LIST_POSITION);
  self->syncing--;
}

/* List → editor. */
static void
ik_selected_cb (GtkSingleSelection *selection, GParamSpec *pspec, OssaHierarchy *self)
{
  guint selected = gtk_single_selection_get_selected (selection);

  if (self->syncing > 0 || self->editor == NULL)
    return;
  self->syncing++;
  ossa_editor_select_ik (self->editor, selected == GTK_INVALID_LIST_POSITION ? -1 : (int) selected);
  self->syncing--;
}

void
_ossa_hierarchy_ik_rebuild (OssaHierarchy *self)
{
  const OssaDocument *doc = self->editor != NULL ? ossa_editor_get_document (self->editor) : NULL;
  gsize n = doc != NULL ? doc->n_ik : 0;
  guint old = g_list_model_get_n_items (G_LIST_MODEL (self->ik_names));
  gboolean same = old == n;
  GHashTableIter iter;
  gpointer key;

  for (gsize c = 0; same && c < n; c++)
    same = g_strcmp0 (gtk_string_list_get_string (self->ik_names, (guint) c), doc->ik[c].name) == 0;
  if (!same)
    {
      g_autofree const char **names = g_new0 (const char *, n + 1);

      _ossa_hierarchy_end_ik_rename (self);
      for (gsize c = 0; c < n; c++)
        names[c] = doc->ik[c].name;
      self->syncing++;
      gtk_string_list_splice (self->ik_names, 0, old, names);
      self->syncing--;
    }
  else
    {
      /* The same constraints: their chains may name renamed bones. */
      g_hash_table_iter_init (&iter, self->ik_rows);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        label_ik_row (key);
    }
  gtk_widget_set_visible (self->ik_box, n > 0);
  _ossa_hierarchy_ik_sync_selection (self);
}

void
_ossa_hierarchy_ik_init (OssaHierarchy *self)
{
  g_autoptr (GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  self->ik_rename = -1;
  self->ik_press = -1;
  self->ik_rows = g_hash_table_new (NULL, NULL);
  self->ik_names = gtk_string_list_new (NULL);
  self->ik_selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->ik_names)));
  gtk_single_selection_set_autoselect (self->ik_selection, FALSE);
  gtk_single_selection_set_can_unselect (self->ik_selection, TRUE);
  gtk_single_selection_set_selected (self->ik_selection, GTK_INVALID_LIST_POSITION);
  g_signal_connect (self->ik_selection, "notify::selected", G_CALLBACK (ik_selected_cb), self);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_ik_row_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_ik_row_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_ik_row_cb), self);
  gtk_list_view_set_factory (self->ik_list, factory);
  gtk_list_view_set_model (self->ik_list, GTK_SELECTION_MODEL (self->ik_selection));
}

void
_ossa_hierarchy_ik_dispose (OssaHierarchy *self)
{
  g_clear_handle_id (&self->ik_rename_idle, g_source_remove);
  self->ik_rename_row = NULL;
  if (self->ik_selection != NULL)
    g_signal_handlers_disconnect_by_data (self->ik_selection, self);
  g_clear_object (&self->ik_selection);
  g_clear_object (&self->ik_names);
}

void
_ossa_hierarchy_ik_finalize (OssaHierarchy *self)
{
  g_hash_table_unref (self->ik_rows);
}
