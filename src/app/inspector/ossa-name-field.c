/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ossa-editor.h"
#include "ossa-name-field.h"

/* The reason (NULL: none) shows right under the field, as its tooltip and as its
 * accessible description. */
static void
set_error (OssaNameField *self,
           const char    *message)
{
  GtkWidget *entry = GTK_WIDGET (self->entry);

  if (message != NULL)
    {
      gtk_widget_add_css_class (entry, "error");
      gtk_label_set_text (self->error_label, message);
      gtk_accessible_update_property (GTK_ACCESSIBLE (entry),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message, -1);
    }
  else
    {
      gtk_widget_remove_css_class (entry, "error");
      gtk_accessible_reset_property (GTK_ACCESSIBLE (entry),
                                     GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
  gtk_widget_set_tooltip_text (entry, message);
}

void
ossa_name_field_show (OssaNameField *self,
                      const char    *name)
{
  if (name != NULL && g_strcmp0 (self->shown, name) == 0)
    return;
  g_free (self->shown);
  self->shown = g_strdup (name);
  self->setting++;
  gtk_editable_set_text (GTK_EDITABLE (self->entry), name != NULL ? name : "");
  self->setting--;
  set_error (self, NULL);
}

void
ossa_name_field_forget (OssaNameField *self)
{
  g_clear_pointer (&self->shown, g_free);
}

gboolean
ossa_name_field_commit (OssaNameField *self)
{
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  const char *current = self->funcs->editable_name (self->owner);
  g_autoptr (GError) error = NULL;

  if (current == NULL)
    return FALSE;
  if (g_strcmp0 (name, current) != 0 && !self->funcs->rename (self->owner, name, &error))
    {
      g_autofree char *message = ossa_editor_dup_name_refusal (name, error);

      set_error (self, message);
      return FALSE;
    }
  set_error (self, NULL);
  return TRUE;
}

static void
revert (OssaNameField *self)
{
  ossa_name_field_forget (self);
  self->funcs->refresh (self->owner);
}

static void
activate_cb (GtkEntry      *entry,
             OssaNameField *self)
{
  ossa_name_field_commit (self);
}

static void
changed_cb (GtkEditable   *editable,
            OssaNameField *self)
{
  if (self->setting == 0)
    set_error (self, NULL);
}

/* Leaving the field keeps a good name and puts the old one back over a refused one. */
static void
focus_leave_cb (GtkEventControllerFocus *controller,
                OssaNameField           *self)
{
  if (!ossa_name_field_commit (self))
    revert (self);
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                OssaNameField         *self)
{
  if (keyval != GDK_KEY_Escape)
    return FALSE;
  revert (self);
  return TRUE;
}

void
ossa_name_field_init (OssaNameField            *self,
                      GtkEntry                 *entry,
                      GtkLabel                 *error_label,
                      const OssaNameFieldFuncs *funcs,
                      gpointer                  owner)
{
  GtkEventController *controller;

  *self = (OssaNameField) { .entry = entry, .error_label = error_label, .funcs = funcs,
                            .owner = owner };
  g_signal_connect (entry, "activate", G_CALLBACK (activate_cb), self);
  g_signal_connect (entry, "changed", G_CALLBACK (changed_cb), self);
  controller = gtk_event_controller_focus_new ();
  g_signal_connect (controller, "leave", G_CALLBACK (focus_leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (entry), controller);
  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (entry), controller);
  set_error (self, NULL);
}
