/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-hierarchy"

#include "config.h"

#include "ossa-hierarchy-private.h"

/* The bone tree panel: one row per bone under its parent, a bone's children in
 * index order. Drag a row onto another to reparent its bone, onto the space below
 * the rows to make it a root; double-click a row (or press F2) to rename its
 * bone. Under the tree, the document's IK constraints (ossa-hierarchy-ik.c). This
 * file is the GObject, the message under the list and the editor's
 * signals; the model is in ossa-hierarchy-tree.c, the row widgets in
 * ossa-hierarchy-row.c, renaming in a row in ossa-hierarchy-rename.c, dragging
 * and dropping in ossa-hierarchy-drop.c. */

/* How long a refused move's reason stays under the list. */
#define MESSAGE_SECONDS 6

G_DEFINE_FINAL_TYPE (OssaHierarchy, ossa_hierarchy, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_EDITOR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

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

void
_ossa_hierarchy_show_message (OssaHierarchy *self, const char *message)
{
  gtk_label_set_text (self->message_label, message);
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), TRUE);
  g_clear_handle_id (&self->message_timeout, g_source_remove);
  self->message_timeout = g_timeout_add_seconds (MESSAGE_SECONDS, hide_message_cb, self);
}

void
_ossa_hierarchy_hide_message (OssaHierarchy *self)
{
  g_clear_handle_id (&self->message_timeout, g_source_remove);
  hide_message_cb (self);
}

/* ---- for the tests ---- */

GtkEditable *
_ossa_hierarchy_get_rename_entry (OssaHierarchy *self)
{
  g_return_val_if_fail (OSSA_IS_HIERARCHY (self), NULL);
  return self->rename.row != NULL ? GTK_EDITABLE (self->rename.row->entry) : NULL;
}

GtkWidget *
_ossa_hierarchy_get_rename_error (OssaHierarchy *self)
{
  g_return_val_if_fail (OSSA_IS_HIERARCHY (self), NULL);
  return self->rename.row != NULL ? self->rename.row->error_label : NULL;
}

const char *
_ossa_hierarchy_get_message (OssaHierarchy *self)
{
  g_return_val_if_fail (OSSA_IS_HIERARCHY (self), NULL);
  return gtk_label_get_text (self->message_label);
}

/* ---- the editor ---- */

/* A new or opened document starts at the top left of its tree, not where the
 * last one was scrolled to. Called before the new tree replaces the old one:
 * the list can place its view only among rows it has laid out. */
static void
scroll_to_start (OssaHierarchy *self)
{
  GtkScrolledWindow *scroller = GTK_SCROLLED_WINDOW (self->scroller);
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (scroller);
  GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (scroller);

  _ossa_hierarchy_stop_reveal (self);
  gtk_adjustment_set_value (h, gtk_adjustment_get_lower (h));
  gtk_adjustment_set_value (v, gtk_adjustment_get_lower (v));
}

static void
document_changed_cb (OssaEditor *editor, guint change, OssaHierarchy *self)
{
  /* The constraints' rows name bones too. */
  if (change & (OSSA_CHANGE_DOCUMENT | OSSA_CHANGE_IK | OSSA_CHANGE_STRUCTURE))
    _ossa_hierarchy_ik_rebuild (self);
  if (change & OSSA_CHANGE_DOCUMENT)
    {
      scroll_to_start (self);
      _ossa_hierarchy_rebuild (self);
      return;
    }
  if ((change & OSSA_CHANGE_STRUCTURE) && !_ossa_hierarchy_rename_in_place (self))
    {
      _ossa_hierarchy_rebuild (self);
      return;
    }
  if (change & OSSA_CHANGE_POSE)
    _ossa_hierarchy_refresh_colors (self);
}

static void
editor_selection_changed_cb (OssaEditor *editor, OssaHierarchy *self)
{
  if (self->syncing > 0)
    return;
  _ossa_hierarchy_sync_selection (self, TRUE);
}

static void
editor_ik_selection_changed_cb (OssaEditor *editor, OssaHierarchy *self)
{
  if (self->syncing > 0)
    return;
  _ossa_hierarchy_ik_sync_selection (self);
}

/**
 * ossa_hierarchy_start_rename:
 *
 * Opens the name of the primary selected bone for editing in its row (F2), or of
 * the picked constraint when the keyboard focus is in the Constraints group: Enter
 * renames it, Escape leaves it as it was.
 */
void
ossa_hierarchy_start_rename (OssaHierarchy *self)
{
  int primary;

  g_return_if_fail (OSSA_IS_HIERARCHY (self));
  if (self->editor == NULL)
    return;
  if (_ossa_hierarchy_ik_has_focus (self) && ossa_editor_get_selected_ik (self->editor) >= 0)
    {
      _ossa_hierarchy_start_rename_ik (self, (guint) ossa_editor_get_selected_ik (self->editor));
      return;
    }
  primary = ossa_editor_get_primary (self->editor);
  if (primary < 0)
    {
      _ossa_hierarchy_end_rename (self);
      return;
    }
  _ossa_hierarchy_start_rename_bone (self, (guint) primary);
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
      g_signal_connect (editor, "ik-selection-changed", G_CALLBACK (editor_ik_selection_changed_cb),
                        self);
    }
  _ossa_hierarchy_hide_message (self);
  scroll_to_start (self);
  _ossa_hierarchy_rebuild (self);
  _ossa_hierarchy_ik_rebuild (self);
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
  _ossa_list_rename_dispose (&self->rename);
  g_clear_handle_id (&self->message_timeout, g_source_remove);
  _ossa_hierarchy_stop_fill (self);
  _ossa_hierarchy_stop_reveal (self);
  _ossa_hierarchy_ik_dispose (self);
  if (self->editor != NULL)
    g_signal_handlers_disconnect_by_data (self->editor, self);
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
  _ossa_list_rename_finalize (&self->rename);
  _ossa_hierarchy_ik_finalize (self);

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
  gtk_widget_class_bind_template_child (widget_class, OssaHierarchy, ik_box);
  gtk_widget_class_bind_template_child (widget_class, OssaHierarchy, ik_list);

  gtk_widget_class_install_action (widget_class, "hierarchy.rename", NULL, rename_shortcut);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F2, 0, "hierarchy.rename", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "ossahierarchy");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ossa_hierarchy_init (OssaHierarchy *self)
{
  self->drag_bone = -1;
  self->bound_rows = g_hash_table_new (NULL, NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);

  _ossa_hierarchy_tree_init (self);
  _ossa_hierarchy_rows_init (self);
  _ossa_hierarchy_add_drop_target (self);
  _ossa_hierarchy_ik_init (self);
}
