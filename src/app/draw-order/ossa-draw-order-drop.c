/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-draw-order"

#include "config.h"

#include <string.h>

#include "ossa-draw-order-private.h"

/* Reordering by drag and drop: a row is dragged as an OssaSlotDrag (the slot's
 * name) and dropped on another row, above it (in front of that slot) or below it
 * (behind it), or on the space under the rows (at the back). A line over or under
 * the row shows where it goes. */

static OssaSlotDrag *
slot_drag_copy (OssaSlotDrag *drag)
{
  return _ossa_slot_drag_new (drag->name);
}

static void
slot_drag_free (OssaSlotDrag *drag)
{
  g_free (drag->name);
  g_free (drag);
}

G_DEFINE_BOXED_TYPE (OssaSlotDrag, _ossa_slot_drag, slot_drag_copy, slot_drag_free)

OssaSlotDrag *
_ossa_slot_drag_new (const char *name)
{
  OssaSlotDrag *drag = g_new0 (OssaSlotDrag, 1);

  drag->name = g_strdup (name);
  return drag;
}

static const OssaSlot *
row_slot (OssaDrawOrderRow *r)
{
  const OssaDocument *doc;

  if (r->self->editor == NULL)
    return NULL;
  doc = ossa_editor_get_document (r->self->editor);
  return r->slot < doc->n_slots ? &doc->slots[r->slot] : NULL;
}

static GdkContentProvider *
drag_prepare_cb (GtkDragSource *source, double x, double y, OssaDrawOrderRow *r)
{
  const OssaSlot *slot = row_slot (r);
  GValue value = G_VALUE_INIT;
  GdkContentProvider *provider;

  if (slot == NULL)
    return NULL;
  g_value_init (&value, OSSA_TYPE_SLOT_DRAG);
  g_value_take_boxed (&value, _ossa_slot_drag_new (slot->name));
  provider = gdk_content_provider_new_for_value (&value);
  g_value_unset (&value);
  return provider;
}

/* The slot's name on a plate of its own (a snapshot of the row would be
 * transparent, and black without a compositor), as the bone tree does. */
static void
drag_begin_cb (GtkDragSource *source, GdkDrag *drag, OssaDrawOrderRow *r)
{
  const OssaSlot *slot = row_slot (r);
  GtkWidget *plate = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *label = gtk_label_new (slot != NULL ? slot->name : NULL);

  r->self->drag_slot = (int) r->slot;
  gtk_widget_add_css_class (plate, "view");
  gtk_widget_set_margin_start (label, 8);
  gtk_widget_set_margin_end (label, 8);
  gtk_widget_set_margin_top (label, 4);
  gtk_widget_set_margin_bottom (label, 4);
  gtk_box_append (GTK_BOX (plate), label);
  gtk_drag_icon_set_child (GTK_DRAG_ICON (gtk_drag_icon_get_for_drag (drag)), plate);
}

static void
set_drop_row (OssaDrawOrder *self, OssaDrawOrderRow *r, gboolean below)
{
  if (self->drop_row == r && self->drop_below == below)
    return;
  if (self->drop_row != NULL)
    {
      gtk_widget_remove_css_class (self->drop_row->row, "drop-above");
      gtk_widget_remove_css_class (self->drop_row->row, "drop-below");
    }
  self->drop_row = r;
  self->drop_below = below;
  if (r != NULL)
    gtk_widget_add_css_class (r->row, below ? "drop-below" : "drop-above");
}

static void
drag_end_cb (GtkDragSource *source, GdkDrag *drag, gboolean delete_data, OssaDrawOrderRow *r)
{
  r->self->drag_slot = -1;
  set_drop_row (r->self, NULL, FALSE);
}

void
_ossa_draw_order_add_drag_source (OssaDrawOrderRow *r)
{
  GtkDragSource *source = gtk_drag_source_new ();

  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
  g_signal_connect (source, "prepare", G_CALLBACK (drag_prepare_cb), r);
  g_signal_connect (source, "drag-begin", G_CALLBACK (drag_begin_cb), r);
  g_signal_connect (source, "drag-end", G_CALLBACK (drag_end_cb), r);
  gtk_widget_add_controller (r->row, GTK_EVENT_CONTROLLER (source));
}

/* The row at y of the list (NULL under the rows) and whether y is in its lower
 * half. */
static OssaDrawOrderRow *
row_at (OssaDrawOrder *self, double y, gboolean *below)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_y (self->list, (int) y);
  graphene_rect_t bounds;

  *below = FALSE;
  if (row == NULL)
    return NULL;
  if (gtk_widget_compute_bounds (GTK_WIDGET (row), GTK_WIDGET (self->list), &bounds))
    *below = y > bounds.origin.y + bounds.size.height / 2;
  return g_object_get_data (G_OBJECT (row), "ossa-draw-order-row");
}

static GdkDragAction
drop_motion_cb (GtkDropTarget *target, double x, double y, OssaDrawOrder *self)
{
  gboolean below;
  OssaDrawOrderRow *r = row_at (self, y, &below);

  set_drop_row (self, r, below);
  return GDK_ACTION_MOVE;
}

static void
drop_leave_cb (GtkDropTarget *target, OssaDrawOrder *self)
{
  set_drop_row (self, NULL, FALSE);
}

static gboolean
drop_idle_cb (gpointer user_data)
{
  OssaDrawOrder *self = user_data;
  const OssaDocument *doc;
  int slot = self->drop_slot;

  self->drop_idle = 0;
  self->drop_slot = -1;
  if (self->editor == NULL || slot < 0)
    return G_SOURCE_REMOVE;
  doc = ossa_editor_get_document (self->editor);
  if ((gsize) slot < doc->n_slots)
    {
      /* The dropped slot is picked, as after a drag in a layers panel; in Setup
       * mode it then has another index. */
      g_autofree char *name = g_strdup (doc->slots[slot].name);

      if (!_ossa_draw_order_move_slot (self, (guint) slot, (guint) self->drop_place))
        return G_SOURCE_REMOVE;
      doc = ossa_editor_get_document (self->editor);
      for (gsize i = 0; i < doc->n_slots; i++)
        if (strcmp (doc->slots[i].name, name) == 0)
          ossa_editor_select_slot (self->editor, (int) i,
                                   (int) i == ossa_editor_get_selected_slot (self->editor)
                                     ? ossa_editor_get_selected_attachment (self->editor)
                                     : ossa_editor_get_slot_pose (self->editor)->attachment[i]);
    }
  return G_SOURCE_REMOVE;
}

static gboolean
drop_cb (GtkDropTarget *target, const GValue *value, double x, double y, OssaDrawOrder *self)
{
  OssaSlotDrag *drag = G_VALUE_HOLDS (value, OSSA_TYPE_SLOT_DRAG) ? g_value_get_boxed (value)
                                                                   : NULL;
  const OssaDocument *doc;
  OssaDrawOrderRow *r;
  gboolean below;
  int slot = -1;
  guint place, dragged_rank, target_rank;

  set_drop_row (self, NULL, FALSE);
  if (self->editor == NULL || drag == NULL || drag->name == NULL)
    return FALSE;
  doc = ossa_editor_get_document (self->editor);
  for (gsize i = 0; i < doc->n_slots; i++)
    if (strcmp (doc->slots[i].name, drag->name) == 0)
      slot = (int) i;
  if (slot < 0 || (gsize) slot >= self->n_order)
    return FALSE;
  r = row_at (self, y, &below);
  dragged_rank = self->rank[slot];
  if (r == NULL)
    place = 0;  /* under the rows: at the back */
  else
    {
      /* Places count from the back; above a row is in front of it. The dragged
       * slot leaves its place first, so the places behind it shift down. */
      target_rank = self->rank[r->slot];
      place = below ? target_rank : target_rank + 1;
      if (dragged_rank < place)
        place--;
    }
  if (place == dragged_rank)
    return TRUE;
  /* The edit sorts the rows again under the drag, so it waits until the drag is
   * over. */
  self->drop_slot = slot;
  self->drop_place = (int) place;
  if (self->drop_idle == 0)
    self->drop_idle = g_idle_add (drop_idle_cb, self);
  return TRUE;
}

void
_ossa_draw_order_init_drop (OssaDrawOrder *self)
{
  self->drop_target = gtk_drop_target_new (OSSA_TYPE_SLOT_DRAG, GDK_ACTION_MOVE);
  g_signal_connect (self->drop_target, "motion", G_CALLBACK (drop_motion_cb), self);
  g_signal_connect (self->drop_target, "leave", G_CALLBACK (drop_leave_cb), self);
  g_signal_connect (self->drop_target, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->list), GTK_EVENT_CONTROLLER (self->drop_target));
}

void
_ossa_draw_order_dispose_drop (OssaDrawOrder *self)
{
  g_clear_handle_id (&self->drop_idle, g_source_remove);
  self->drop_row = NULL;
}
