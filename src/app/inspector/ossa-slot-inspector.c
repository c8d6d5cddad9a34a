/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-inspector"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "ossa-image-store.h"
#include "ossa-name-field.h"
#include "ossa-slot-inspector.h"

/* The picked slot's fields and its attachment's, in the state on show (the
 * slot pose: rest in Setup mode, sampled at the playhead in Animate mode). The
 * attachment shown in the lower half is the picked one, or the one the slot
 * shows when only the slot is picked.
 *
 * Undo steps as in the bone inspector (ossa-inspector.c): the changes of one
 * edit session share a merge id, and a session is closed when the focus enters
 * a field, on Enter, when another field is edited, when the shown slot changes
 * and when the document changes by anything but this inspector. The colour
 * button is one field: the choices made while its chooser is open are one step
 * (the focus comes back to it when the chooser closes, which closes the
 * session). */

struct _OssaSlotInspector
{
  GtkWidget       parent_instance;

  /* Template children */
  GtkWidget      *slot_box;
  GtkLabel       *slot_title;
  GtkLabel       *slot_subtitle;
  GtkWidget      *slot_grid;
  GtkEntry       *name_entry;
  GtkLabel       *name_error_label;
  GtkColorButton *color_button;
  GtkDropDown    *attachment_dropdown;
  GtkWidget      *attachment_box;
  GtkLabel       *attachment_title;
  GtkLabel       *attachment_subtitle;
  GtkWidget      *attachment_grid;
  GtkLabel       *image_label;
  GtkLabel       *image_path_label;
  GtkLabel       *image_message_label;
  GtkSpinButton  *att_x_spin;
  GtkSpinButton  *att_y_spin;
  GtkSpinButton  *att_rotation_spin;
  GtkSpinButton  *att_scale_x_spin;
  GtkSpinButton  *att_scale_y_spin;
  GtkSpinButton  *att_width_spin;
  GtkSpinButton  *att_height_spin;
  GtkLabel       *setup_note_label;
  GtkWidget      *bone_slots_box;
  GtkLabel       *bone_slots_label;
  GtkLabel       *message_label;

  OssaEditor     *editor;
  GtkStringList  *attachment_names;  /* the dropdown's: "None", then the slot's */
  int             slot;              /* shown, or -1 */
  int             attachment;        /* shown, or -1 */
  int             bone;              /* whose slots are listed, or -1 */
  guint           bone_slots_hash;   /* of the slots listed */
  OssaNameField   name;
  guint           updating;
  guint           applying;
  guint64         merge_id;
  GtkWidget      *merge_field;
};

G_DEFINE_FINAL_TYPE (OssaSlotInspector, ossa_slot_inspector, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_EDITOR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void update_fields (OssaSlotInspector *self);

static void
close_session (OssaSlotInspector *self)
{
  self->merge_id = 0;
  self->merge_field = NULL;
}

static guint64
session_merge_id (OssaSlotInspector *self, GtkWidget *field)
{
  if (self->merge_id == 0 || self->merge_field != field)
    {
      self->merge_id = ossa_editor_new_merge_id (self->editor);
      self->merge_field = field;
    }
  return self->merge_id;
}

static void
show_message (OssaSlotInspector *self, const char *message)
{
  gtk_label_set_text (self->message_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), message != NULL);
}

static const OssaSlot *
shown_slot (OssaSlotInspector *self)
{
  const OssaDocument *doc;

  if (self->editor == NULL || self->slot < 0)
    return NULL;
  doc = ossa_editor_get_document (self->editor);
  return (gsize) self->slot < doc->n_slots ? &doc->slots[self->slot] : NULL;
}

static const OssaAttachment *
shown_attachment (OssaSlotInspector *self)
{
  const OssaSlot *slot = shown_slot (self);

  if (slot == NULL || self->attachment < 0 || (gsize) self->attachment >= slot->n_attachments)
    return NULL;
  return &slot->attachments[self->attachment];
}

/* ---- document → fields ---- */

static void
set_spin (GtkSpinButton *spin, double value)
{
  double now = gtk_spin_button_get_value (spin);

  if (fabs (now - value) > 1e-6 * MAX (1.0, fabs (value)))
    gtk_spin_button_set_value (spin, value);
}

static void
set_rotation_spin (GtkSpinButton *spin, double radians)
{
  double shown = ossa_angle_normalize (radians) * (180.0 / G_PI);

  if (fabs (remainder (gtk_spin_button_get_value (spin) - shown, 360.0)) > 1e-4)
    gtk_spin_button_set_value (spin, shown);
}

static void
set_label (GtkLabel *label, const char *text)
{
  if (g_strcmp0 (gtk_label_get_text (label), text) != 0)
    gtk_label_set_text (label, text);
}

static guint32
color_from_rgba (const GdkRGBA *rgba)
{
  const float value[4] = { rgba->red, rgba->green, rgba->blue, rgba->alpha };

  return ossa_color_pack (value);
}

/* The dropdown's items: "None", then the slot's attachments; set again only when
 * their names changed, so an open list is not rebuilt by a playhead move. */
static void
update_attachment_names (OssaSlotInspector *self, const OssaSlot *slot)
{
  GListModel *model = G_LIST_MODEL (self->attachment_names);
  guint n = g_list_model_get_n_items (model);
  gboolean same = n == slot->n_attachments + 1;
  g_autoptr (GPtrArray) names = NULL;

  for (guint i = 1; same && i < n; i++)
    same = g_strcmp0 (gtk_string_list_get_string (self->attachment_names, i),
                      slot->attachments[i - 1].name) == 0;
  if (same)
    return;
  names = g_ptr_array_new ();
  /* Translators: the attachment a slot shows when it shows none */
  g_ptr_array_add (names, (gpointer) C_ ("attachment", "None"));
  for (gsize i = 0; i < slot->n_attachments; i++)
    g_ptr_array_add (names, slot->attachments[i].name);
  g_ptr_array_add (names, NULL);
  gtk_string_list_splice (self->attachment_names, 0, n, (const char *const *) names->pdata);
}

/* "art/hero-head.png" beside the document, the whole path elsewhere, or
 * "Embedded in the document". */
static char *
image_place (OssaSlotInspector *self, const OssaImage *image)
{
  GFile *file = ossa_editor_get_file (self->editor);
  g_autoptr (GFile) folder = file != NULL ? g_file_get_parent (file) : NULL;
  g_autoptr (GFile) picture = NULL;
  char *relative;

  if (image->path == NULL)
    return g_strdup (_("Embedded in the document"));
  if (folder == NULL || !g_path_is_absolute (image->path))
    return g_strdup (image->path);
  picture = g_file_new_for_path (image->path);
  relative = g_file_get_relative_path (folder, picture);
  return relative != NULL ? relative : g_strdup (image->path);
}

static void
update_image (OssaSlotInspector *self, const OssaAttachment *att)
{
  const OssaDocument *doc = ossa_editor_get_document (self->editor);
  OssaImageStore *store = ossa_editor_get_images (self->editor);
  OssaPicture picture = { 0 };
  const char *message = NULL;

  if (att->image >= doc->n_images)
    {
      set_label (self->image_label, "");
      set_label (self->image_path_label, "");
      gtk_widget_set_visible (GTK_WIDGET (self->image_message_label), FALSE);
      return;
    }
  {
    const OssaImage *image = &doc->images[att->image];
    g_autofree char *place = image_place (self, image);
    /* Translators: an image's name and its size in pixels */
    g_autofree char *line = g_strdup_printf (_("%s, %u × %u px"), image->name, image->width,
                                             image->height);

    set_label (self->image_label, line);
    set_label (self->image_path_label, place);
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->image_path_label), place);
  }
  if (store != NULL && ossa_image_store_get_picture (store, att->image, &picture)
      && (picture.state == OSSA_PICTURE_MISSING || picture.state == OSSA_PICTURE_BROKEN))
    message = picture.message;
  set_label (self->image_message_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->image_message_label), message != NULL);
}

/* A link of the picked bone's slots ("slot:INDEX"): picks it. */
static gboolean
bone_slot_link_cb (GtkLabel *label, const char *uri, OssaSlotInspector *self)
{
  const OssaDocument *doc;
  guint64 slot;

  if (self->editor == NULL || !g_str_has_prefix (uri, "slot:")
      || !g_ascii_string_to_unsigned (uri + 5, 10, 0, G_MAXINT, &slot, NULL))
    return TRUE;
  doc = ossa_editor_get_document (self->editor);
  if (slot < doc->n_slots)
    ossa_editor_select_slot (self->editor, (int) slot,
                             ossa_editor_get_slot_pose (self->editor)->attachment[slot]);
  return TRUE;
}

static void
update_bone_slots (OssaSlotInspector *self, int bone)
{
  const OssaDocument *doc = ossa_editor_get_document (self->editor);
  guint hash = (guint) bone * 31u + 7u;
  g_autoptr (GString) markup = NULL;
  gboolean any = FALSE;

  for (gsize i = 0; bone >= 0 && i < doc->n_slots; i++)
    if (doc->slots[i].bone == (guint) bone)
      {
        hash = hash * 33u + g_str_hash (doc->slots[i].name) + (guint) i;
        any = TRUE;
      }
  gtk_widget_set_visible (self->bone_slots_box, any);
  if (bone == self->bone && hash == self->bone_slots_hash)
    return;
  self->bone = bone;
  self->bone_slots_hash = hash;
  markup = g_string_new (NULL);
  for (gsize i = 0; any && i < doc->n_slots; i++)
    if (doc->slots[i].bone == (guint) bone)
      {
        g_autofree char *link = g_markup_printf_escaped ("<a href=\"slot:%zu\" title=\"%s\">%s</a>",
                                                         i, _("Pick this slot"),
                                                         doc->slots[i].name);

        if (markup->len > 0)
          g_string_append (markup, ", ");
        g_string_append (markup, link);
      }
  gtk_label_set_markup (self->bone_slots_label, markup->str);
}

static void
show_slot_fields (OssaSlotInspector *self, gboolean slot, gboolean attachment)
{
  gtk_widget_set_visible (self->slot_box, slot);
  gtk_widget_set_visible (self->slot_grid, slot);
  gtk_widget_set_visible (self->attachment_box, attachment);
  gtk_widget_set_visible (self->attachment_grid, attachment);
}

static void
update_attachment (OssaSlotInspector *self, const OssaSlot *slot)
{
  const OssaAttachment *att = shown_attachment (self);
  gboolean setup = ossa_editor_get_mode (self->editor) != OSSA_EDIT_MODE_ANIMATE;
  const char *tip = setup ? NULL
                          : _("Where a picture sits on its bone is set in Setup mode.");
  GtkWidget *spins[] = { GTK_WIDGET (self->att_x_spin), GTK_WIDGET (self->att_y_spin),
                         GTK_WIDGET (self->att_rotation_spin),
                         GTK_WIDGET (self->att_scale_x_spin),
                         GTK_WIDGET (self->att_scale_y_spin), GTK_WIDGET (self->att_width_spin),
                         GTK_WIDGET (self->att_height_spin) };
  const char *const spin_tips[] = { N_ ("X"), N_ ("Y"), NULL, N_ ("Scale X"), N_ ("Scale Y"),
                                    N_ ("Width"), N_ ("Height") };
  g_autofree char *subtitle = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->setup_note_label), att != NULL && !setup);
  if (att == NULL)
    return;
  set_label (self->attachment_title, att->name);
  if (self->attachment == ossa_editor_get_slot_pose (self->editor)->attachment[self->slot])
    /* Translators: the inspector's subtitle of the attachment a slot shows now */
    subtitle = g_strdup (_("Attachment, on show"));
  else
    subtitle = g_strdup (_("Attachment, not on show"));
  set_label (self->attachment_subtitle, subtitle);
  update_image (self, att);
  set_spin (self->att_x_spin, att->offset.x);
  set_spin (self->att_y_spin, att->offset.y);
  set_rotation_spin (self->att_rotation_spin, att->offset.rotation);
  set_spin (self->att_scale_x_spin, att->offset.scale_x);
  set_spin (self->att_scale_y_spin, att->offset.scale_y);
  set_spin (self->att_width_spin, att->width);
  set_spin (self->att_height_spin, att->height);
  for (guint i = 0; i < G_N_ELEMENTS (spins); i++)
    {
      gtk_widget_set_sensitive (spins[i], setup);
      gtk_widget_set_tooltip_text (spins[i], tip != NULL ? tip
                                             : spin_tips[i] != NULL ? _(spin_tips[i]) : NULL);
    }
  (void) slot;
}

static void
update_fields (OssaSlotInspector *self)
{
  int slot = self->editor != NULL ? ossa_editor_get_selected_slot (self->editor) : -1;
  int attachment = self->editor != NULL ? ossa_editor_get_selected_attachment (self->editor) : -1;
  const OssaSlotPose *pose;
  const OssaDocument *doc;
  const OssaSlot *s;
  GdkRGBA rgba;
  float color[4];

  if (self->editor == NULL)
    {
      show_slot_fields (self, FALSE, FALSE);
      gtk_widget_set_visible (self->bone_slots_box, FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->setup_note_label), FALSE);
      return;
    }
  doc = ossa_editor_get_document (self->editor);
  pose = ossa_editor_get_slot_pose (self->editor);
  if (slot >= 0 && (gsize) slot < doc->n_slots && attachment < 0)
    attachment = pose->attachment[slot];
  if (slot != self->slot || attachment != self->attachment)
    {
      close_session (self);
      show_message (self, NULL);
      ossa_name_field_forget (&self->name);
    }
  self->slot = slot;
  self->attachment = attachment;
  s = shown_slot (self);
  if (s == NULL)
    self->slot = self->attachment = -1;

  self->updating++;
  show_slot_fields (self, s != NULL, shown_attachment (self) != NULL);
  update_bone_slots (self, s == NULL ? ossa_editor_get_primary (self->editor) : -1);
  if (s == NULL)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->setup_note_label), FALSE);
      self->updating--;
      return;
    }
  set_label (self->slot_title, s->name);
  {
    const OssaSkeleton *skel = &doc->skeleton;
    /* Translators: the inspector's subtitle for a slot; %s is its bone's name */
    g_autofree char *subtitle = g_strdup_printf (_("Slot on “%s”"),
                                                 s->bone < skel->n_bones ? skel->bones[s->bone].name
                                                                         : "?");

    set_label (self->slot_subtitle, subtitle);
  }
  ossa_name_field_show (&self->name, s->name);
  memcpy (color, &pose->color[self->slot * 4], sizeof color);
  rgba = (GdkRGBA) { color[0], color[1], color[2], color[3] };
  {
    GdkRGBA now;

    gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (self->color_button), &now);
    if (color_from_rgba (&now) != color_from_rgba (&rgba))
      gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (self->color_button), &rgba);
  }
  update_attachment_names (self, s);
  {
    guint selected = (guint) (pose->attachment[self->slot] + 1);

    if (gtk_drop_down_get_selected (self->attachment_dropdown) != selected)
      gtk_drop_down_set_selected (self->attachment_dropdown, selected);
  }
  update_attachment (self, s);
  self->updating--;
}

/* ---- fields → document ---- */

static gboolean
can_edit (OssaSlotInspector *self)
{
  return self->updating == 0 && self->editor != NULL && shown_slot (self) != NULL;
}

static void
report (OssaSlotInspector *self, gboolean ok, GError *error)
{
  if (ok)
    {
      show_message (self, NULL);
      return;
    }
  show_message (self, error != NULL ? error->message : NULL);
  update_fields (self);
}

static void
color_changed_cb (GtkColorButton *button, GParamSpec *pspec, OssaSlotInspector *self)
{
  g_autoptr (GError) error = NULL;
  GdkRGBA rgba;
  gboolean ok;

  if (!can_edit (self))
    return;
  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (button), &rgba);
  /* The button tells of the colour put in it from the document too (GTK may
   * notify late): nothing to do when it is what the slot shows. */
  if (color_from_rgba (&rgba)
      == ossa_color_pack (&ossa_editor_get_slot_pose (self->editor)->color[self->slot * 4]))
    return;
  self->applying++;
  ok = ossa_editor_set_slot_color (self->editor, (guint) self->slot, color_from_rgba (&rgba),
                                   session_merge_id (self, GTK_WIDGET (button)), &error);
  self->applying--;
  report (self, ok, error);
}

static void
attachment_selected_cb (GtkDropDown *dropdown, GParamSpec *pspec, OssaSlotInspector *self)
{
  g_autoptr (GError) error = NULL;
  guint selected = gtk_drop_down_get_selected (dropdown);
  int attachment = selected == GTK_INVALID_LIST_POSITION ? -1 : (int) selected - 1;
  int slot = self->slot;
  gboolean ok;

  if (!can_edit (self))
    return;
  close_session (self);
  self->applying++;
  ok = ossa_editor_set_slot_attachment (self->editor, (guint) slot, attachment, &error);
  self->applying--;
  /* The picked attachment follows: the one now shown is what the canvas outlines. */
  if (ok)
    ossa_editor_select_slot (self->editor, slot, attachment);
  report (self, ok, error);
}

static void
offset_changed_cb (GtkSpinButton *spin, OssaSlotInspector *self)
{
  g_autoptr (GError) error = NULL;
  const OssaAttachment *att;
  OssaTransform offset;
  double value = gtk_spin_button_get_value (spin);
  gboolean ok;

  if (!can_edit (self) || (att = shown_attachment (self)) == NULL)
    return;
  offset = att->offset;
  if (spin == self->att_x_spin)
    offset.x = (float) value;
  else if (spin == self->att_y_spin)
    offset.y = (float) value;
  else if (spin == self->att_rotation_spin)
    {
      double shown = ossa_angle_normalize (offset.rotation) * (180.0 / G_PI);

      offset.rotation = (float) (offset.rotation + (value - shown) * (G_PI / 180.0));
    }
  else if (spin == self->att_scale_x_spin)
    offset.scale_x = (float) value;
  else
    offset.scale_y = (float) value;
  self->applying++;
  ok = ossa_editor_set_attachment_offset (self->editor, (guint) self->slot,
                                          (guint) self->attachment, &offset,
                                          session_merge_id (self, GTK_WIDGET (spin)), &error);
  self->applying--;
  report (self, ok, error);
}

static void
size_changed_cb (GtkSpinButton *spin, OssaSlotInspector *self)
{
  g_autoptr (GError) error = NULL;
  const OssaAttachment *att;
  double width, height;
  gboolean ok;

  if (!can_edit (self) || (att = shown_attachment (self)) == NULL)
    return;
  width = spin == self->att_width_spin ? gtk_spin_button_get_value (spin) : att->width;
  height = spin == self->att_height_spin ? gtk_spin_button_get_value (spin) : att->height;
  self->applying++;
  ok = ossa_editor_set_attachment_size (self->editor, (guint) self->slot, (guint) self->attachment,
                                        width, height, session_merge_id (self, GTK_WIDGET (spin)),
                                        &error);
  self->applying--;
  report (self, ok, error);
}

/* The Name field (ossa-name-field.h) renames the slot. */
static const char *
editable_name (gpointer owner)
{
  OssaSlotInspector *self = owner;
  const OssaSlot *shown = can_edit (self) ? shown_slot (self) : NULL;

  return shown != NULL ? shown->name : NULL;
}

static gboolean
rename_slot (gpointer owner, const char *name, GError **error)
{
  OssaSlotInspector *self = owner;
  gboolean ok;

  close_session (self);
  self->applying++;
  ok = ossa_editor_rename_slot (self->editor, (guint) self->slot, name, error);
  self->applying--;
  return ok;
}

static void
refresh (gpointer owner)
{
  update_fields (owner);
}

static const OssaNameFieldFuncs name_funcs = { editable_name, rename_slot, refresh };

static void
field_focus_enter_cb (GtkEventControllerFocus *controller, OssaSlotInspector *self)
{
  close_session (self);
}

static void
field_activate_cb (GtkText *text, OssaSlotInspector *self)
{
  close_session (self);
}

static gboolean
rotation_output_cb (GtkSpinButton *spin, OssaSlotInspector *self)
{
  g_autofree char *text = g_strdup_printf ("%.*f°", (int) gtk_spin_button_get_digits (spin),
                                           gtk_spin_button_get_value (spin));

  if (g_strcmp0 (text, gtk_editable_get_text (GTK_EDITABLE (spin))) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), text);
  return TRUE;
}

static int
rotation_input_cb (GtkSpinButton *spin, double *value, OssaSlotInspector *self)
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
document_changed_cb (OssaEditor *editor, guint change, OssaSlotInspector *self)
{
  if (self->applying == 0)
    close_session (self);
  update_fields (self);
}

static void
selection_changed_cb (OssaSlotInspector *self)
{
  update_fields (self);
}

void
ossa_slot_inspector_set_editor (OssaSlotInspector *self, OssaEditor *editor)
{
  g_return_if_fail (OSSA_IS_SLOT_INSPECTOR (self));
  g_return_if_fail (editor == NULL || OSSA_IS_EDITOR (editor));

  if (self->editor == editor)
    return;
  if (self->editor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->editor, self);
      g_signal_handlers_disconnect_by_data (ossa_editor_get_images (self->editor), self);
    }
  g_set_object (&self->editor, editor);
  if (editor != NULL)
    {
      g_signal_connect (editor, "document-changed", G_CALLBACK (document_changed_cb), self);
      g_signal_connect_swapped (editor, "selection-changed", G_CALLBACK (selection_changed_cb),
                                self);
      g_signal_connect_swapped (editor, "art-selection-changed",
                                G_CALLBACK (selection_changed_cb), self);
      g_signal_connect_swapped (editor, "notify::mode", G_CALLBACK (selection_changed_cb), self);
      g_signal_connect_swapped (ossa_editor_get_images (editor), "pictures-changed",
                                G_CALLBACK (selection_changed_cb), self);
    }
  self->slot = self->attachment = self->bone = -1;
  update_fields (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDITOR]);
}

GtkWidget *
ossa_slot_inspector_new (void)
{
  return g_object_new (OSSA_TYPE_SLOT_INSPECTOR, NULL);
}

static void
ossa_slot_inspector_dispose (GObject *object)
{
  OssaSlotInspector *self = OSSA_SLOT_INSPECTOR (object);
  GtkWidget *child;

  if (self->editor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->editor, self);
      g_signal_handlers_disconnect_by_data (ossa_editor_get_images (self->editor), self);
    }
  g_clear_object (&self->editor);
  self->merge_field = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), OSSA_TYPE_SLOT_INSPECTOR);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->attachment_names);

  G_OBJECT_CLASS (ossa_slot_inspector_parent_class)->dispose (object);
}

static void
ossa_slot_inspector_finalize (GObject *object)
{
  ossa_name_field_forget (&OSSA_SLOT_INSPECTOR (object)->name);

  G_OBJECT_CLASS (ossa_slot_inspector_parent_class)->finalize (object);
}

static void
ossa_slot_inspector_get_property (GObject *object, guint prop_id, GValue *value,
                                  GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_EDITOR:
      g_value_set_object (value, OSSA_SLOT_INSPECTOR (object)->editor);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_slot_inspector_set_property (GObject *object, guint prop_id, const GValue *value,
                                  GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_EDITOR:
      ossa_slot_inspector_set_editor (OSSA_SLOT_INSPECTOR (object), g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_slot_inspector_class_init (OssaSlotInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ossa_slot_inspector_dispose;
  object_class->finalize = ossa_slot_inspector_finalize;
  object_class->get_property = ossa_slot_inspector_get_property;
  object_class->set_property = ossa_slot_inspector_set_property;

  properties[PROP_EDITOR] =
    g_param_spec_object ("editor", NULL, NULL, OSSA_TYPE_EDITOR,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/ossa-slot-inspector.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, OssaSlotInspector, name)
  BIND (slot_box);
  BIND (slot_title);
  BIND (slot_subtitle);
  BIND (slot_grid);
  BIND (name_entry);
  BIND (name_error_label);
  BIND (color_button);
  BIND (attachment_dropdown);
  BIND (attachment_box);
  BIND (attachment_title);
  BIND (attachment_subtitle);
  BIND (attachment_grid);
  BIND (image_label);
  BIND (image_path_label);
  BIND (image_message_label);
  BIND (att_x_spin);
  BIND (att_y_spin);
  BIND (att_rotation_spin);
  BIND (att_scale_x_spin);
  BIND (att_scale_y_spin);
  BIND (att_width_spin);
  BIND (att_height_spin);
  BIND (setup_note_label);
  BIND (bone_slots_box);
  BIND (bone_slots_label);
  BIND (message_label);
#undef BIND

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "ossaslotinspector");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
watch_field (OssaSlotInspector *self, GtkWidget *field)
{
  GtkEventController *focus = gtk_event_controller_focus_new ();

  g_signal_connect (focus, "enter", G_CALLBACK (field_focus_enter_cb), self);
  gtk_widget_add_controller (field, focus);
}

static void
ossa_slot_inspector_init (OssaSlotInspector *self)
{
  GtkSpinButton *spins[7];

  self->slot = self->attachment = self->bone = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);

  self->attachment_names = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->attachment_dropdown, G_LIST_MODEL (self->attachment_names));

  spins[0] = self->att_x_spin;
  spins[1] = self->att_y_spin;
  spins[2] = self->att_rotation_spin;
  spins[3] = self->att_scale_x_spin;
  spins[4] = self->att_scale_y_spin;
  spins[5] = self->att_width_spin;
  spins[6] = self->att_height_spin;
  for (guint i = 0; i < G_N_ELEMENTS (spins); i++)
    {
      GtkWidget *field = GTK_WIDGET (spins[i]);

      g_signal_connect (field, "value-changed",
                        i < 5 ? G_CALLBACK (offset_changed_cb) : G_CALLBACK (size_changed_cb),
                        self);
      /* Paired fields are plain number fields, as in the bone inspector. */
      if (gtk_widget_has_css_class (field, "pair"))
        for (GtkWidget *part = gtk_widget_get_first_child (field); part != NULL;
             part = gtk_widget_get_next_sibling (part))
          if (GTK_IS_BUTTON (part))
            gtk_widget_set_visible (part, FALSE);
      watch_field (self, field);
      g_signal_connect_after (gtk_editable_get_delegate (GTK_EDITABLE (field)), "activate",
                              G_CALLBACK (field_activate_cb), self);
    }
  g_signal_connect (self->att_rotation_spin, "output", G_CALLBACK (rotation_output_cb), self);
  g_signal_connect (self->att_rotation_spin, "input", G_CALLBACK (rotation_input_cb), self);

  watch_field (self, GTK_WIDGET (self->name_entry));
  watch_field (self, GTK_WIDGET (self->color_button));
  watch_field (self, GTK_WIDGET (self->attachment_dropdown));
  ossa_name_field_init (&self->name, self->name_entry, self->name_error_label, &name_funcs, self);

  g_signal_connect (self->color_button, "notify::rgba", G_CALLBACK (color_changed_cb), self);
  g_signal_connect (self->bone_slots_label, "activate-link", G_CALLBACK (bone_slot_link_cb), self);
  g_signal_connect (self->attachment_dropdown, "notify::selected",
                    G_CALLBACK (attachment_selected_cb), self);

  update_fields (self);
}
