/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-hierarchy"

#include "config.h"

#include <glib/gi18n.h>

#include "ossa-bone-object.h"
#include "ossa-hierarchy-private.h"

/* Reparenting by drag and drop: a row is dragged as an OssaBoneObject and
 * dropped onto another row (the new parent) or onto the space below the rows (a
 * root); the rows a bone can hang from light up on the way. */

static GdkContentProvider *
drag_prepare_cb (GtkDragSource *source, double x, double y, OssaHierarchyRow *r)
{
  const OssaBone *bone = _ossa_hierarchy_get_bone (r->self, r->bone);
  g_autoptr (OssaBoneObject) object = NULL;

  if (bone == NULL || _ossa_row_rename_is_editing (&r->rename))
    return NULL;
  object = ossa_bone_object_new ((guint) r->bone, bone->name, 0, bone->color);
  return gdk_content_provider_new_typed (OSSA_TYPE_BONE_OBJECT, object);
}

/* The dragged bone's name on a plate of its own: a snapshot of the row would be
 * transparent, and black where there is no compositor. */
static void
drag_begin_cb (GtkDragSource *source, GdkDrag *drag, OssaHierarchyRow *r)
{
  const OssaBone *bone = _ossa_hierarchy_get_bone (r->self, r->bone);
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

void
_ossa_hierarchy_set_drop_row (OssaHierarchy *self, OssaHierarchyRow *r)
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
drag_end_cb (GtkDragSource *source, GdkDrag *drag, gboolean delete_data, OssaHierarchyRow *r)
{
  r->self->drag_bone = -1;
  _ossa_hierarchy_set_drop_row (r->self, NULL);
}

/* The row's bone can be dragged onto another row (see drop_cb). */
void
_ossa_hierarchy_add_drag_source (OssaHierarchyRow *r)
{
  GtkDragSource *source = gtk_drag_source_new ();

  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
  g_signal_connect (source, "prepare", G_CALLBACK (drag_prepare_cb), r);
  g_signal_connect (source, "drag-begin", G_CALLBACK (drag_begin_cb), r);
  g_signal_connect (source, "drag-end", G_CALLBACK (drag_end_cb), r);
  gtk_widget_add_controller (r->expander, GTK_EVENT_CONTROLLER (source));
}

/* The row under (x, y) of the list, or NULL over the empty space below the rows. */
static OssaHierarchyRow *
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
      OssaHierarchyRow *r = g_object_get_data (G_OBJECT (child), "ossa-row");

      if (r != NULL)
        return r->bone >= 0 ? r : NULL;
    }
  return NULL;
}

static GdkDragAction
drop_motion_cb (GtkDropTarget *target, double x, double y, OssaHierarchy *self)
{
  OssaHierarchyRow *r = row_at (self, x, y);
  const OssaBone *dragged = _ossa_hierarchy_get_bone (self, self->drag_bone);
  gboolean fits = r != NULL;

  /* Only rows the bone can hang from light up; a drop elsewhere still reaches the
   * core, which says why it cannot be. */
  if (r != NULL && dragged != NULL)
    fits = r->bone != self->drag_bone && r->bone != dragged->parent
           && !ossa_skeleton_is_in_subtree (&ossa_editor_get_document (self->editor)->skeleton,
                                            (gsize) r->bone, (gsize) self->drag_bone);
  _ossa_hierarchy_set_drop_row (self, fits ? r : NULL);
  return GDK_ACTION_MOVE;
}

static void
drop_leave_cb (GtkDropTarget *target, OssaHierarchy *self)
{
  _ossa_hierarchy_set_drop_row (self, NULL);
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
  OssaHierarchyRow *r = row_at (self, x, y);
  ssize_t bone;

  _ossa_hierarchy_set_drop_row (self, NULL);
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

      _ossa_hierarchy_show_message (self, message);
      return FALSE;
    }
  _ossa_hierarchy_hide_message (self);
  return TRUE;
}

void
_ossa_hierarchy_add_drop_target (OssaHierarchy *self)
{
  GtkDropTarget *target = gtk_drop_target_new (OSSA_TYPE_BONE_OBJECT, GDK_ACTION_MOVE);

  g_signal_connect (target, "motion", G_CALLBACK (drop_motion_cb), self);
  g_signal_connect (target, "leave", G_CALLBACK (drop_leave_cb), self);
  g_signal_connect (target, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->list_view), GTK_EVENT_CONTROLLER (target));
}
