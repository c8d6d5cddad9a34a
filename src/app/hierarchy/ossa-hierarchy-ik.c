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

/* ---- what renaming a constraint in its row asks of the row ---- */

static const char *
constraint_name (OssaHierarchy *self, int c)
{
  const OssaIkConstraint *ik = _ossa_hierarchy_get_ik (self, c);

  return ik != NULL ? ik->name : NULL;
}

static gboolean
rename_constraint (OssaHierarchy *self, int c, const char *name, GError **error)
{
  return ossa_editor_rename_ik (self->editor, (guint) c, name, error);
}

/* The entry takes the place of the name and the chain. */
static void
show_entry (gpointer row, gboolean editing)
{
  OssaIkRow *r = row;

  gtk_widget_set_visible (r->label, !editing);
  gtk_widget_set_visible (r->chain, !editing);
}

/* A refused name is said under the list (the editor checks it as it renames). */
static const OssaListRenameFuncs rename_funcs = {
  .get_name = constraint_name,
  .rename = rename_constraint,
  .show_entry = show_entry,
  .start = _ossa_hierarchy_start_rename_ik,
};

void
_ossa_hierarchy_end_ik_rename (OssaHierarchy *self)
{
  _ossa_list_rename_end (&self->ik_rename);
}

void
_ossa_hierarchy_start_rename_ik (OssaHierarchy *self, guint c)
{
  _ossa_hierarchy_end_ik_rename (self);
  if (_ossa_hierarchy_get_ik (self, (int) c) == NULL)
    return;
  /* Not on screen: its row starts editing when it is bound. */
  if (!_ossa_list_rename_begin (&self->ik_rename, c))
    gtk_widget_activate_action (GTK_WIDGET (self->ik_list), "list.scroll-to-item", "u", c);
}

GtkEditable *
_ossa_hierarchy_get_ik_rename_entry (OssaHierarchy *self)
{
  g_return_val_if_fail (OSSA_IS_HIERARCHY (self), NULL);
  return self->ik_rename.row != NULL ? GTK_EDITABLE (self->ik_rename.row->entry) : NULL;
}

gboolean
_ossa_hierarchy_ik_has_focus (OssaHierarchy *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  return focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->ik_list));
}

/* ---- the rows ---- */

static void
ik_row_pressed_cb (GtkGestureClick *gesture, int n_press, double x, double y, OssaIkRow *r)
{
  _ossa_row_rename_pressed (&r->rename, GTK_GESTURE (gesture));
}

static void
setup_ik_row_cb (GtkSignalListItemFactory *factory, GtkListItem *item, OssaHierarchy *self)
{
  OssaIkRow *r = g_new0 (OssaIkRow, 1);
  GtkWidget *glyph = gtk_drawing_area_new ();
  GtkGesture *gesture;

  r->self = self;
  r->constraint = -1;
  r->box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, OSSA_HIERARCHY_ROW_SPACING);
  r->label = gtk_label_new (NULL);
  r->chain = gtk_label_new (NULL);
  r->rename = (OssaRowRename) { .list = &self->ik_rename, .row = r, .item = &r->constraint,
                                .child = r->box, .entry_box = r->box };

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
  gtk_widget_set_margin_start (r->box, OSSA_HIERARCHY_ROW_SIDE_MARGIN);
  gtk_widget_set_margin_end (r->box, OSSA_HIERARCHY_ROW_SIDE_MARGIN);
  gtk_widget_set_margin_top (r->box, OSSA_HIERARCHY_ROW_MARGIN);
  gtk_widget_set_margin_bottom (r->box, OSSA_HIERARCHY_ROW_MARGIN);
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
  _ossa_row_rename_bind (&r->rename);
}

static void
unbind_ik_row_cb (GtkSignalListItemFactory *factory, GtkListItem *item, OssaHierarchy *self)
{
  OssaIkRow *r = g_object_get_data (G_OBJECT (gtk_list_item_get_child (item)), "ossa-ik-row");

  _ossa_row_rename_unbind (&r->rename);
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
  GHashTableIter iter;
  gpointer key;

  /* The rows are rebuilt only when constraints come or go: each row shows the
   * constraint at its place in the document, so a rename or a reorder is a new
   * label. (Rebuilt for a rename, the row went from under the focus while GTK
   * was moving it, when the rename came from leaving the entry.) */
  if (old != n)
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
      /* Names, order, and the bones their chains name. */
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

  _ossa_list_rename_init (&self->ik_rename, self, &rename_funcs, _("Constraint name"));
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
  _ossa_list_rename_dispose (&self->ik_rename);
  if (self->ik_selection != NULL)
    g_signal_handlers_disconnect_by_data (self->ik_selection, self);
  g_clear_object (&self->ik_selection);
  g_clear_object (&self->ik_names);
}

void
_ossa_hierarchy_ik_finalize (OssaHierarchy *self)
{
  g_hash_table_unref (self->ik_rows);
  _ossa_list_rename_finalize (&self->ik_rename);
}
