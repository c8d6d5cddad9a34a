/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-ik-inspector"

#include "config.h"

#include <glib/gi18n.h>

#include "ossa-ik-inspector.h"

/* The fields show the constraint as on show: its own mix and bend in Setup mode,
 * the keys' at the playhead in Animate mode (ossa_editor_get_ik_state()). Bone and
 * target lists are the skeleton's bone names; the child list is "None" and the
 * children of the chosen bone.
 *
 * Undo steps: the mix slider's changes share a merge id from the press of the
 * pointer on it (or the focus entering it) until the next press, so a drag, or
 * arrow keys held, is one step; any change of the document by anything else
 * closes that session too. */

struct _OssaIkInspector
{
  GtkWidget        parent_instance;

  /* Template children */
  GtkLabel        *title_label;
  GtkWidget       *grid;
  GtkEntry        *name_entry;
  GtkDropDown     *bone_drop;
  GtkDropDown     *child_drop;
  GtkDropDown     *target_drop;
  GtkScale        *mix_scale;
  GtkToggleButton *bend_positive_button;
  GtkToggleButton *bend_negative_button;
  GtkWidget       *key_button;
  GtkLabel        *message_label;

  OssaEditor      *editor;
  GtkStringList   *bone_names;    /* the skeleton's, for the bone and target lists */
  GArray          *children;      /* guint: the bones of child_drop's items after "None" */
  guint            children_of;   /* the bone whose children those are, or G_MAXUINT */
  int              shown;         /* the constraint shown, or -1 */
  guint            updating;      /* > 0 while the fields are set from the document */
  guint            applying;      /* > 0 while the inspector edits the document */
  guint64          merge_id;      /* the mix slider's session, 0 when none */
};

G_DEFINE_FINAL_TYPE (OssaIkInspector, ossa_ik_inspector, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_EDITOR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
show_message (OssaIkInspector *self, const GError *error)
{
  gtk_label_set_text (self->message_label, error != NULL ? error->message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), error != NULL);
  if (error != NULL)
    gtk_widget_error_bell (GTK_WIDGET (self));
}

static const OssaIkConstraint *
shown_constraint (OssaIkInspector *self)
{
  const OssaDocument *doc = ossa_editor_get_document (self->editor);

  return self->shown >= 0 && (gsize) self->shown < doc->n_ik ? &doc->ik[self->shown] : NULL;
}

static void
fill_bone_names (OssaIkInspector *self)
{
  const OssaSkeleton *skel = &ossa_editor_get_document (self->editor)->skeleton;
  g_autofree const char **names = g_new (const char *, skel->n_bones + 1);
  guint old = g_list_model_get_n_items (G_LIST_MODEL (self->bone_names));

  for (gsize i = 0; i < skel->n_bones; i++)
    names[i] = skel->bones[i].name;
  names[skel->n_bones] = NULL;
  gtk_string_list_splice (self->bone_names, 0, old, names);
}

/* "None" and the direct children of bone (kept while they stay the same). */
static void
fill_children (OssaIkInspector *self, guint bone)
{
  const OssaSkeleton *skel = &ossa_editor_get_document (self->editor)->skeleton;
  g_autoptr(GtkStringList) list = NULL;

  if (bone == self->children_of)
    return;
  self->children_of = bone;
  list = gtk_string_list_new (NULL);
  g_array_set_size (self->children, 0);
  gtk_string_list_append (list, C_("no child bone", "None"));
  for (gsize i = bone + 1; i < skel->n_bones; i++)
    if (skel->bones[i].parent == (int32_t) bone)
      {
        guint child = (guint) i;

        g_array_append_val (self->children, child);
        gtk_string_list_append (list, skel->bones[i].name);
      }
  gtk_drop_down_set_model (self->child_drop, G_LIST_MODEL (list));
}

static void
update (OssaIkInspector *self)
{
  const OssaIkConstraint *ik;
  OssaIkState state;
  guint child_item = 0;

  if (self->editor == NULL)
    return;
  self->shown = ossa_editor_get_selected_ik (self->editor);
  ik = shown_constraint (self);
  gtk_widget_set_visible (GTK_WIDGET (self), ik != NULL);
  if (ik == NULL)
    return;

  self->updating++;
  /* The picked one may change before the document's change reaches the lists. */
  if (g_list_model_get_n_items (G_LIST_MODEL (self->bone_names))
      != ossa_editor_get_document (self->editor)->skeleton.n_bones)
    {
      fill_bone_names (self);
      self->children_of = G_MAXUINT;
    }
  state = ossa_editor_get_ik_state (self->editor, (guint) self->shown);
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->name_entry)), ik->name) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->name_entry), ik->name);
  gtk_drop_down_set_selected (self->bone_drop, ik->bones[0]);
  fill_children (self, ik->bones[0]);
  for (guint i = 0; ik->n_bones == 2 && i < self->children->len; i++)
    if (g_array_index (self->children, guint, i) == ik->bones[1])
      child_item = i + 1;
  gtk_drop_down_set_selected (self->child_drop, child_item);
  gtk_drop_down_set_selected (self->target_drop, ik->target);
  gtk_range_set_value (GTK_RANGE (self->mix_scale), state.mix);
  gtk_toggle_button_set_active (state.bend_positive ? self->bend_positive_button
                                                    : self->bend_negative_button, TRUE);
  /* Bend moves the elbow of two bones; one bone has none. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->bend_positive_button), ik->n_bones == 2);
  gtk_widget_set_sensitive (GTK_WIDGET (self->bend_negative_button), ik->n_bones == 2);
  gtk_widget_set_visible (self->key_button,
                          ossa_editor_get_mode (self->editor) == OSSA_EDIT_MODE_ANIMATE);
  self->updating--;
}

/* Another constraint, or none: a fresh start. */
static void
ik_selection_changed_cb (OssaIkInspector *self)
{
  self->merge_id = 0;
  show_message (self, NULL);
  update (self);
}

static void
document_changed_cb (OssaIkInspector *self, guint change)
{
  if (!self->applying)
    self->merge_id = 0;
  if (change & (OSSA_CHANGE_STRUCTURE | OSSA_CHANGE_DOCUMENT))
    {
      self->updating++;
      fill_bone_names (self);
      self->children_of = G_MAXUINT;
      self->updating--;
    }
  update (self);
}

/* The result of an edit the inspector asked for: refused, its reason shows and
 * the fields go back to what the document says. */
static void
applied (OssaIkInspector *self, gboolean ok, const GError *error)
{
  show_message (self, ok ? NULL : error);
  if (!ok)
    update (self);
}

static void
name_activate_cb (OssaIkInspector *self)
{
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (self->updating || shown_constraint (self) == NULL)
    return;
  self->applying++;
  ok = ossa_editor_rename_ik (self->editor, (guint) self->shown,
                              gtk_editable_get_text (GTK_EDITABLE (self->name_entry)), &error);
  self->applying--;
  applied (self, ok, error);
}

/* Leaving the field commits it, as Enter does. */
static void
name_focus_leave_cb (OssaIkInspector *self)
{
  const OssaIkConstraint *ik = shown_constraint (self);

  if (ik != NULL
      && g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->name_entry)), ik->name) != 0)
    name_activate_cb (self);
}

static void
chain_changed_cb (OssaIkInspector *self)
{
  const OssaSkeleton *skel;
  g_autoptr(GError) error = NULL;
  guint bones[2];
  guint child_item, target;
  gsize n = 1;
  gboolean ok;

  if (self->updating || shown_constraint (self) == NULL)
    return;
  skel = &ossa_editor_get_document (self->editor)->skeleton;
  bones[0] = gtk_drop_down_get_selected (self->bone_drop);
  target = gtk_drop_down_get_selected (self->target_drop);
  child_item = gtk_drop_down_get_selected (self->child_drop);
  if (bones[0] >= skel->n_bones || target >= skel->n_bones)
    return;
  /* A child of the bone shown before keeps nothing when the bone changed. */
  if (child_item > 0 && child_item <= self->children->len
      && skel->bones[g_array_index (self->children, guint, child_item - 1)].parent
           == (int32_t) bones[0])
    bones[n++] = g_array_index (self->children, guint, child_item - 1);
  self->applying++;
  ok = ossa_editor_set_ik_chain (self->editor, (guint) self->shown, bones, n, target, &error);
  self->applying--;
  applied (self, ok, error);
}

static void
mix_changed_cb (OssaIkInspector *self)
{
  g_autoptr(GError) error = NULL;
  float mix = (float) gtk_range_get_value (GTK_RANGE (self->mix_scale));
  gboolean ok;

  if (self->updating || shown_constraint (self) == NULL)
    return;
  if (self->merge_id == 0)
    self->merge_id = ossa_editor_new_merge_id (self->editor);
  self->applying++;
  ok = ossa_editor_set_ik_mix (self->editor, (guint) self->shown, mix, self->merge_id, &error);
  self->applying--;
  applied (self, ok, error);
}

/* A new press or the focus coming in: the next change starts a new undo step. */
static void
close_session (OssaIkInspector *self)
{
  self->merge_id = 0;
}

static void
bend_toggled_cb (OssaIkInspector *self, GtkToggleButton *button)
{
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (self->updating || shown_constraint (self) == NULL || !gtk_toggle_button_get_active (button))
    return;
  self->applying++;
  ok = ossa_editor_set_ik_bend (self->editor, (guint) self->shown,
                                button == self->bend_positive_button, &error);
  self->applying--;
  applied (self, ok, error);
}

static void
key_clicked_cb (OssaIkInspector *self)
{
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (shown_constraint (self) == NULL)
    return;
  self->applying++;
  ok = ossa_editor_key_ik (self->editor, (guint) self->shown, &error);
  self->applying--;
  applied (self, ok, error);
}

/**
 * ossa_ik_inspector_set_editor:
 * @editor: (nullable): the editor whose picked constraint the inspector shows
 */
void
ossa_ik_inspector_set_editor (OssaIkInspector *self, OssaEditor *editor)
{
  g_return_if_fail (OSSA_IS_IK_INSPECTOR (self));
  g_return_if_fail (editor == NULL || OSSA_IS_EDITOR (editor));
  if (self->editor == editor)
    return;
  if (self->editor != NULL)
    g_signal_handlers_disconnect_by_data (self->editor, self);
  g_set_object (&self->editor, editor);
  self->merge_id = 0;
  if (editor != NULL)
    {
      g_signal_connect_swapped (editor, "ik-selection-changed",
                                G_CALLBACK (ik_selection_changed_cb), self);
      g_signal_connect_swapped (editor, "document-changed", G_CALLBACK (document_changed_cb),
                                self);
      g_signal_connect_swapped (editor, "notify::mode", G_CALLBACK (update), self);
      g_signal_connect_swapped (editor, "notify::time", G_CALLBACK (update), self);
      g_signal_connect_swapped (editor, "notify::animation", G_CALLBACK (update), self);
      self->updating++;
      fill_bone_names (self);
      self->children_of = G_MAXUINT;
      self->updating--;
    }
  update (self);
  if (editor == NULL)
    gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDITOR]);
}

GtkWidget *
ossa_ik_inspector_new (void)
{
  return g_object_new (OSSA_TYPE_IK_INSPECTOR, NULL);
}

static void
ossa_ik_inspector_dispose (GObject *object)
{
  OssaIkInspector *self = OSSA_IK_INSPECTOR (object);
  GtkWidget *child;

  if (self->editor != NULL)
    g_signal_handlers_disconnect_by_data (self->editor, self);
  g_clear_object (&self->editor);
  gtk_widget_dispose_template (GTK_WIDGET (self), OSSA_TYPE_IK_INSPECTOR);
  /* dispose_template() unparents only the children bound to fields. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->bone_names);
  G_OBJECT_CLASS (ossa_ik_inspector_parent_class)->dispose (object);
}

static void
ossa_ik_inspector_finalize (GObject *object)
{
  OssaIkInspector *self = OSSA_IK_INSPECTOR (object);

  g_array_unref (self->children);
  G_OBJECT_CLASS (ossa_ik_inspector_parent_class)->finalize (object);
}

static void
ossa_ik_inspector_get_property (GObject *object, guint prop_id, GValue *value,
                                GParamSpec *pspec)
{
  OssaIkInspector *self = OSSA_IK_INSPECTOR (object);

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
ossa_ik_inspector_set_property (GObject *object, guint prop_id, const GValue *value,
                                GParamSpec *pspec)
{
  OssaIkInspector *self = OSSA_IK_INSPECTOR (object);

  switch (prop_id)
    {
    case PROP_EDITOR:
      ossa_ik_inspector_set_editor (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_ik_inspector_class_init (OssaIkInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ossa_ik_inspector_dispose;
  object_class->finalize = ossa_ik_inspector_finalize;
  object_class->get_property = ossa_ik_inspector_get_property;
  object_class->set_property = ossa_ik_inspector_set_property;

  properties[PROP_EDITOR] = g_param_spec_object ("editor", NULL, NULL, OSSA_TYPE_EDITOR,
                                                 G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                 | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/ossa-ik-inspector.ui");
  gtk_widget_class_bind_template_child (widget_class, OssaIkInspector, title_label);
  gtk_widget_class_bind_template_child (widget_class, OssaIkInspector, grid);
  gtk_widget_class_bind_template_child (widget_class, OssaIkInspector, name_entry);
  gtk_widget_class_bind_template_child (widget_class, OssaIkInspector, bone_drop);
  gtk_widget_class_bind_template_child (widget_class, OssaIkInspector, child_drop);
  gtk_widget_class_bind_template_child (widget_class, OssaIkInspector, target_drop);
  gtk_widget_class_bind_template_child (widget_class, OssaIkInspector, mix_scale);
  gtk_widget_class_bind_template_child (widget_class, OssaIkInspector, bend_positive_button);
  gtk_widget_class_bind_template_child (widget_class, OssaIkInspector, bend_negative_button);
  gtk_widget_class_bind_template_child (widget_class, OssaIkInspector, key_button);
  gtk_widget_class_bind_template_child (widget_class, OssaIkInspector, message_label);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "ossaikinspector");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ossa_ik_inspector_init (OssaIkInspector *self)
{
  g_autoptr(GtkExpression) name = NULL;
  GtkEventController *focus;
  GtkGesture *press;

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_orientable_set_orientation (
    GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))), GTK_ORIENTATION_VERTICAL);
  self->shown = -1;
  self->children = g_array_new (FALSE, FALSE, sizeof (guint));
  self->children_of = G_MAXUINT;
  self->bone_names = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->bone_drop, G_LIST_MODEL (self->bone_names));
  gtk_drop_down_set_model (self->target_drop, G_LIST_MODEL (self->bone_names));
  /* Typing in the list's search finds a bone among thousands. */
  name = gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string");
  gtk_drop_down_set_expression (self->bone_drop, name);
  gtk_drop_down_set_expression (self->child_drop, name);
  gtk_drop_down_set_expression (self->target_drop, name);

  g_signal_connect_swapped (self->name_entry, "activate", G_CALLBACK (name_activate_cb), self);
  focus = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (name_focus_leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->name_entry), focus);
  g_signal_connect_swapped (self->bone_drop, "notify::selected", G_CALLBACK (chain_changed_cb),
                            self);
  g_signal_connect_swapped (self->child_drop, "notify::selected", G_CALLBACK (chain_changed_cb),
                            self);
  g_signal_connect_swapped (self->target_drop, "notify::selected",
                            G_CALLBACK (chain_changed_cb), self);
  g_signal_connect_swapped (self->mix_scale, "value-changed", G_CALLBACK (mix_changed_cb), self);
  press = gtk_gesture_click_new ();
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (press), GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (press, "pressed", G_CALLBACK (close_session), self);
  gtk_widget_add_controller (GTK_WIDGET (self->mix_scale), GTK_EVENT_CONTROLLER (press));
  focus = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (close_session), self);
  gtk_widget_add_controller (GTK_WIDGET (self->mix_scale), focus);
  g_signal_connect_swapped (self->bend_positive_button, "toggled", G_CALLBACK (bend_toggled_cb),
                            self);
  g_signal_connect_swapped (self->bend_negative_button, "toggled", G_CALLBACK (bend_toggled_cb),
                            self);
  g_signal_connect_swapped (self->key_button, "clicked", G_CALLBACK (key_clicked_cb), self);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}
