/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-inspector"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "ossa-gerror.h"
#include "ossa-inspector.h"
#include "ossa-name-field.h"
#include "ossa-slot-inspector.h"

/* The numeric fields of the primary selected bone, in the pose on show: editing
 * one changes the rest pose in Setup mode and keys the animation in Animate mode
 * (ossa_editor_set_bone_local()).
 *
 * Undo steps. A field edit belongs to an edit session, and all the changes of one
 * session share one merge id, so they are one undo step. A session starts with
 * the first change after it was closed and is closed when the keyboard focus
 * enters a field, when Enter is pressed in a field, when another field is edited,
 * when the shown bone changes, and when the document changes by anything but the
 * inspector (a canvas drag, an undo). So holding the arrow of a spin button,
 * clicking it several times, scrolling over it or typing several values into it
 * without leaving it is one step; a value typed and committed by leaving the field
 * joins the session it was typed in (the field commits while the focus leaves,
 * before the next field's focus-enter closes the session). */

struct _OssaInspector
{
  GtkWidget       parent_instance;

  /* Template children */
  GtkWidget      *header_box;
  GtkLabel       *title_label;
  GtkLabel       *subtitle_label;
  GtkWidget      *grid;
  GtkEntry       *name_entry;
  GtkLabel       *name_error_label;
  GtkSpinButton  *x_spin;
  GtkSpinButton  *y_spin;
  GtkSpinButton  *rotation_spin;
  GtkSpinButton  *scale_x_spin;
  GtkSpinButton  *scale_y_spin;
  GtkSpinButton  *length_spin;
  GtkColorButton *color_button;
  GtkLabel       *message_label;
  OssaSlotInspector *slot_inspector;

  OssaEditor     *editor;
  int             bone;           /* shown, or -1 */
  OssaNameField   name;
  guint           updating;       /* > 0 while fields are set from the document */
  guint           applying;       /* > 0 while the inspector edits the document */
  guint64         merge_id;       /* of the open edit session, 0 when none */
  GtkWidget      *merge_field;    /* the field of that session */
};

G_DEFINE_FINAL_TYPE (OssaInspector, ossa_inspector, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_EDITOR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
close_session (OssaInspector *self)
{
  self->merge_id = 0;
  self->merge_field = NULL;
}

static guint64
session_merge_id (OssaInspector *self, GtkWidget *field)
{
  if (self->merge_id == 0 || self->merge_field != field)
    {
      self->merge_id = ossa_editor_new_merge_id (self->editor);
      self->merge_field = field;
    }
  return self->merge_id;
}

static void
show_message (OssaInspector *self, const char *message)
{
  gtk_label_set_text (self->message_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), message != NULL);
}

static const OssaBone *
shown_bone (OssaInspector *self)
{
  const OssaSkeleton *skel;

  if (self->editor == NULL || self->bone < 0)
    return NULL;
  skel = &ossa_editor_get_document (self->editor)->skeleton;
  return (gsize) self->bone < skel->n_bones ? &skel->bones[self->bone] : NULL;
}

/* ---- document → fields ---- */

static double
degrees (double radians)
{
  return radians * (180.0 / G_PI);
}

/* Leaves a field alone when it already shows the value (a field being typed in is
 * not rewritten by its own edit coming back). */
static void
set_spin (GtkSpinButton *spin, double value)
{
  double now = gtk_spin_button_get_value (spin);

  if (fabs (now - value) > 1e-6 * MAX (1.0, fabs (value)))
    gtk_spin_button_set_value (spin, value);
}

/* Rotation is shown in (-180°, 180°] (DESIGN); a field that shows the same angle
 * another way round (270° for -90°) is left as the person typed it. */
static void
set_rotation_spin (GtkSpinButton *spin, double radians)
{
  double shown = degrees (ossa_angle_normalize (radians));
  double now = gtk_spin_button_get_value (spin);

  if (fabs (remainder (now - shown, 360.0)) > 1e-4)
    gtk_spin_button_set_value (spin, shown);
}

static void
rgba_from_color (guint32 color, GdkRGBA *rgba)
{
  rgba->red = ((color >> 24) & 0xff) / 255.0f;
  rgba->green = ((color >> 16) & 0xff) / 255.0f;
  rgba->blue = ((color >> 8) & 0xff) / 255.0f;
  rgba->alpha = (color & 0xff) / 255.0f;
}

static guint32
color_from_rgba (const GdkRGBA *rgba)
{
  guint32 channel[4];
  const float value[4] = { rgba->red, rgba->green, rgba->blue, rgba->alpha };

  for (int i = 0; i < 4; i++)
    channel[i] = (guint32) lrintf (CLAMP (value[i], 0.0f, 1.0f) * 255.0f);
  return channel[0] << 24 | channel[1] << 16 | channel[2] << 8 | channel[3];
}

static void
update_header (OssaInspector *self, const OssaBone *bone)
{
  const OssaSkeleton *skel = &ossa_editor_get_document (self->editor)->skeleton;
  g_autofree char *subtitle = NULL;
  gsize n_selected = 0;

  ossa_editor_get_selection (self->editor, &n_selected);
  gtk_label_set_text (self->title_label, bone->name);
  gtk_widget_remove_css_class (GTK_WIDGET (self->title_label), "dim-label");
  if (n_selected > 1)
    subtitle = g_strdup_printf (ngettext ("%zu bone selected", "%zu bones selected", n_selected),
                                n_selected);
  else if (bone->parent >= 0 && (gsize) bone->parent < skel->n_bones)
    /* Translators: the inspector's subtitle; %s is the parent bone's name */
    subtitle = g_strdup_printf (_("Child of “%s”"), skel->bones[bone->parent].name);
  else
    subtitle = g_strdup (_("Root bone"));
  gtk_label_set_text (self->subtitle_label, subtitle);
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), TRUE);
}

static void
update_fields (OssaInspector *self)
{
  int bone = self->editor != NULL ? ossa_editor_get_primary (self->editor) : -1;
  const OssaBone *b;
  GdkRGBA rgba;

  if (bone != self->bone)
    {
      close_session (self);
      show_message (self, NULL);
      ossa_name_field_forget (&self->name);
    }
  self->bone = bone;
  b = shown_bone (self);
  if (b == NULL)
    self->bone = -1;
  /* A picked slot shows in place of the bone's fields (picking one lets the
   * bones go). */
  {
    gboolean slot = b == NULL && self->editor != NULL
                    && ossa_editor_get_selected_slot (self->editor) >= 0;

    gtk_widget_set_visible (self->header_box, !slot);
    gtk_widget_set_visible (self->grid, !slot);
    if (slot)
      show_message (self, NULL);
  }

  self->updating++;
  gtk_widget_set_sensitive (self->grid, b != NULL);
  if (b == NULL)
    {
      gtk_label_set_text (self->title_label, _("No bone selected"));
      gtk_widget_add_css_class (GTK_WIDGET (self->title_label), "dim-label");
      gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), FALSE);
      ossa_name_field_show (&self->name, NULL);
      set_spin (self->x_spin, 0);
      set_spin (self->y_spin, 0);
      set_spin (self->rotation_spin, 0);
      set_spin (self->scale_x_spin, 1);
      set_spin (self->scale_y_spin, 1);
      set_spin (self->length_spin, 0);
    }
  else
    {
      const OssaTransform *local = &ossa_editor_get_local (self->editor)[self->bone];

      update_header (self, b);
      ossa_name_field_show (&self->name, b->name);
      set_spin (self->x_spin, local->x);
      set_spin (self->y_spin, local->y);
      set_rotation_spin (self->rotation_spin, local->rotation);
      set_spin (self->scale_x_spin, local->scale_x);
      set_spin (self->scale_y_spin, local->scale_y);
      set_spin (self->length_spin, b->length);
      rgba_from_color (b->color, &rgba);
      gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (self->color_button), &rgba);
    }
  self->updating--;
}

/* ---- fields → document ---- */

static gboolean
can_edit (OssaInspector *self)
{
  return self->updating == 0 && self->editor != NULL && shown_bone (self) != NULL;
}

static void
report (OssaInspector *self, gboolean ok, GError *error)
{
  if (ok)
    {
      show_message (self, NULL);
      return;
    }
  show_message (self, error != NULL ? error->message : NULL);
  /* Back to what the document holds. */
  update_fields (self);
}

static void
transform_changed_cb (GtkSpinButton *spin, OssaInspector *self)
{
  g_autoptr (GError) error = NULL;
  OssaTransform local;
  double value = gtk_spin_button_get_value (spin);
  guint64 merge_id;
  gboolean ok;

  if (!can_edit (self))
    return;
  local = ossa_editor_get_local (self->editor)[self->bone];
  if (spin == self->x_spin)
    local.x = (float) value;
  else if (spin == self->y_spin)
    local.y = (float) value;
  else if (spin == self->rotation_spin)
    {
      /* By the difference from the angle shown, so that whole turns the
       * document holds stay. */
      double shown = degrees (ossa_angle_normalize (local.rotation));

      local.rotation = (float) (local.rotation + (value - shown) * (G_PI / 180.0));
    }
  else if (spin == self->scale_x_spin)
    local.scale_x = (float) value;
  else
    local.scale_y = (float) value;

  merge_id = session_merge_id (self, GTK_WIDGET (spin));
  self->applying++;
  ok = ossa_editor_set_bone_local (self->editor, (guint) self->bone, &local, merge_id, &error);
  self->applying--;
  report (self, ok, error);
}

static void
length_changed_cb (GtkSpinButton *spin, OssaInspector *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (!can_edit (self))
    return;
  self->applying++;
  ok = ossa_editor_set_bone_length (self->editor, (guint) self->bone,
                                    (float) gtk_spin_button_get_value (spin),
                                    session_merge_id (self, GTK_WIDGET (spin)), &error);
  self->applying--;
  report (self, ok, error);
}

static void
color_set_cb (GtkColorButton *button, OssaInspector *self)
{
  g_autoptr (GError) error = NULL;
  GdkRGBA rgba;
  gboolean ok;

  if (!can_edit (self))
    return;
  close_session (self);
  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (button), &rgba);
  self->applying++;
  ok = ossa_editor_set_bone_color (self->editor, (guint) self->bone, color_from_rgba (&rgba),
                                   &error);
  self->applying--;
  report (self, ok, error);
}

/* The Name field (ossa-name-field.h) renames the bone. */
static const char *
editable_name (gpointer owner)
{
  OssaInspector *self = owner;
  const OssaBone *shown = can_edit (self) ? shown_bone (self) : NULL;

  return shown != NULL ? shown->name : NULL;
}

static gboolean
rename_bone (gpointer owner, const char *name, GError **error)
{
  OssaInspector *self = owner;
  gboolean ok;

  close_session (self);
  self->applying++;
  ok = ossa_editor_rename_bone (self->editor, (guint) self->bone, name, error);
  self->applying--;
  return ok;
}

static void
refresh (gpointer owner)
{
  update_fields (owner);
}

static const OssaNameFieldFuncs name_funcs = { editable_name, rename_bone, refresh };

static void
field_focus_enter_cb (GtkEventControllerFocus *controller, OssaInspector *self)
{
  close_session (self);
}

static void
field_activate_cb (GtkText *text, OssaInspector *self)
{
  close_session (self);
}

/* Rotation reads and writes "90.0°". */
static gboolean
rotation_output_cb (GtkSpinButton *spin, OssaInspector *self)
{
  g_autofree char *text = g_strdup_printf ("%.*f°", (int) gtk_spin_button_get_digits (spin),
                                           gtk_spin_button_get_value (spin));

  if (g_strcmp0 (text, gtk_editable_get_text (GTK_EDITABLE (spin))) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), text);
  return TRUE;
}

static int
rotation_input_cb (GtkSpinButton *spin, double *value, OssaInspector *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));
  char *end = NULL;

  *value = g_strtod (text, &end);
  while (end != NULL && g_ascii_isspace (*end))
    end++;
  if (end == text || (end != NULL && *end != '\0' && strcmp (end, "°") != 0))
    return GTK_INPUT_ERROR;
  return TRUE;
}

/* ---- the editor ---- */

static void
document_changed_cb (OssaEditor *editor, guint change, OssaInspector *self)
{
  if (self->applying == 0)
    close_session (self);
  update_fields (self);
}

static void
selection_changed_cb (OssaEditor *editor, OssaInspector *self)
{
  update_fields (self);
}

void
ossa_inspector_set_editor (OssaInspector *self, OssaEditor *editor)
{
  g_return_if_fail (OSSA_IS_INSPECTOR (self));
  g_return_if_fail (editor == NULL || OSSA_IS_EDITOR (editor));

  if (self->editor == editor)
    return;
  if (self->editor != NULL)
    g_signal_handlers_disconnect_by_data (self->editor, self);
  g_set_object (&self->editor, editor);
  if (editor != NULL)
    {
      g_signal_connect (editor, "document-changed", G_CALLBACK (document_changed_cb), self);
      g_signal_connect (editor, "selection-changed", G_CALLBACK (selection_changed_cb), self);
      g_signal_connect (editor, "art-selection-changed", G_CALLBACK (selection_changed_cb), self);
    }
  ossa_slot_inspector_set_editor (self->slot_inspector, editor);
  self->bone = -1;
  update_fields (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDITOR]);
}

GtkWidget *
ossa_inspector_new (void)
{
  return g_object_new (OSSA_TYPE_INSPECTOR, NULL);
}

static void
ossa_inspector_dispose (GObject *object)
{
  OssaInspector *self = OSSA_INSPECTOR (object);
  GtkWidget *child;

  if (self->editor != NULL)
    g_signal_handlers_disconnect_by_data (self->editor, self);
  g_clear_object (&self->editor);
  self->merge_field = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), OSSA_TYPE_INSPECTOR);
  /* dispose_template() unparents only the children bound to fields. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (ossa_inspector_parent_class)->dispose (object);
}

static void
ossa_inspector_finalize (GObject *object)
{
  OssaInspector *self = OSSA_INSPECTOR (object);

  ossa_name_field_forget (&self->name);

  G_OBJECT_CLASS (ossa_inspector_parent_class)->finalize (object);
}

static void
ossa_inspector_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  OssaInspector *self = OSSA_INSPECTOR (object);

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
ossa_inspector_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  OssaInspector *self = OSSA_INSPECTOR (object);

  switch (prop_id)
    {
    case PROP_EDITOR:
      ossa_inspector_set_editor (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_inspector_class_init (OssaInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ossa_inspector_dispose;
  object_class->finalize = ossa_inspector_finalize;
  object_class->get_property = ossa_inspector_get_property;
  object_class->set_property = ossa_inspector_set_property;

  properties[PROP_EDITOR] =
    g_param_spec_object ("editor", NULL, NULL, OSSA_TYPE_EDITOR,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (OSSA_TYPE_SLOT_INSPECTOR);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/ossa-inspector.ui");
  gtk_widget_class_bind_template_child (widget_class, OssaInspector, header_box);
  gtk_widget_class_bind_template_child (widget_class, OssaInspector, slot_inspector);
  gtk_widget_class_bind_template_child (widget_class, OssaInspector, title_label);
  gtk_widget_class_bind_template_child (widget_class, OssaInspector, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, OssaInspector, grid);
  gtk_widget_class_bind_template_child (widget_class, OssaInspector, name_entry);
  gtk_widget_class_bind_template_child (widget_class, OssaInspector, name_error_label);
  gtk_widget_class_bind_template_child (widget_class, OssaInspector, x_spin);
  gtk_widget_class_bind_template_child (widget_class, OssaInspector, y_spin);
  gtk_widget_class_bind_template_child (widget_class, OssaInspector, rotation_spin);
  gtk_widget_class_bind_template_child (widget_class, OssaInspector, scale_x_spin);
  gtk_widget_class_bind_template_child (widget_class, OssaInspector, scale_y_spin);
  gtk_widget_class_bind_template_child (widget_class, OssaInspector, length_spin);
  gtk_widget_class_bind_template_child (widget_class, OssaInspector, color_button);
  gtk_widget_class_bind_template_child (widget_class, OssaInspector, message_label);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "ossainspector");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
watch_field (OssaInspector *self, GtkWidget *field)
{
  GtkEventController *focus = gtk_event_controller_focus_new ();

  g_signal_connect (focus, "enter", G_CALLBACK (field_focus_enter_cb), self);
  gtk_widget_add_controller (field, focus);
}

static void
ossa_inspector_init (OssaInspector *self)
{
  GtkSpinButton *transforms[5];

  self->bone = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);

  transforms[0] = self->x_spin;
  transforms[1] = self->y_spin;
  transforms[2] = self->rotation_spin;
  transforms[3] = self->scale_x_spin;
  transforms[4] = self->scale_y_spin;
  for (guint i = 0; i < G_N_ELEMENTS (transforms); i++)
    g_signal_connect (transforms[i], "value-changed", G_CALLBACK (transform_changed_cb), self);
  /* The fields that share a row (X and Y, scale X and Y, the length beside the
   * colour) are plain number fields, as in other animation tools; the arrow keys
   * and the wheel still step them. */
  for (guint i = 0; i <= G_N_ELEMENTS (transforms); i++)
    {
      GtkWidget *field = GTK_WIDGET (i < G_N_ELEMENTS (transforms) ? transforms[i]
                                                                    : self->length_spin);

      if (gtk_widget_has_css_class (field, "pair"))
        for (GtkWidget *part = gtk_widget_get_first_child (field); part != NULL;
             part = gtk_widget_get_next_sibling (part))
          if (GTK_IS_BUTTON (part))
            gtk_widget_set_visible (part, FALSE);
    }
  g_signal_connect (self->length_spin, "value-changed", G_CALLBACK (length_changed_cb), self);
  g_signal_connect (self->rotation_spin, "output", G_CALLBACK (rotation_output_cb), self);
  g_signal_connect (self->rotation_spin, "input", G_CALLBACK (rotation_input_cb), self);

  for (guint i = 0; i < G_N_ELEMENTS (transforms); i++)
    {
      watch_field (self, GTK_WIDGET (transforms[i]));
      /* After the spin button's own handler, which reads the typed value. */
      g_signal_connect_after (gtk_editable_get_delegate (GTK_EDITABLE (transforms[i])),
                              "activate", G_CALLBACK (field_activate_cb), self);
    }
  watch_field (self, GTK_WIDGET (self->length_spin));
  g_signal_connect_after (gtk_editable_get_delegate (GTK_EDITABLE (self->length_spin)),
                          "activate", G_CALLBACK (field_activate_cb), self);
  watch_field (self, GTK_WIDGET (self->name_entry));
  watch_field (self, GTK_WIDGET (self->color_button));

  ossa_name_field_init (&self->name, self->name_entry, self->name_error_label, &name_funcs, self);

  g_signal_connect (self->color_button, "color-set", G_CALLBACK (color_set_cb), self);

  update_fields (self);
}
