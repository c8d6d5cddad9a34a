/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "ossa-dialogs.h"
#include "ossa-image-store.h"
#include "ossa-window-private.h"

/* The document's pictures in the window: File → Embed Images and Unembed Images
 * (win.embed-images, win.unembed-images; enabled only when there is something to
 * embed or unembed), and one line in the status bar while pictures cannot be
 * read, naming them and why ("2 pictures could not be read: head.png (no such
 * file), …"; every message in its tooltip). The line is there while it is true
 * and goes when the files come back: said once, never a dialog at each redraw. */

/* At most this many names on the line; the tooltip has them all. */
#define MAX_NAMES 3

static void
embed_activated (GSimpleAction *action G_GNUC_UNUSED,
                 GVariant      *parameter G_GNUC_UNUSED,
                 gpointer       user_data)
{
  OssaWindow *self = user_data;
  g_autoptr (GError) error = NULL;

  if (!ossa_editor_embed_images (self->editor, &error))
    ossa_dialogs_show_failure (GTK_WINDOW (self), error, _("Could not embed the images"));
}

static void
unembed_activated (GSimpleAction *action G_GNUC_UNUSED,
                   GVariant      *parameter G_GNUC_UNUSED,
                   gpointer       user_data)
{
  OssaWindow *self = user_data;
  g_autoptr (GError) error = NULL;

  /* Beside the document: where its relative paths lead. */
  if (!ossa_editor_unembed_images (self->editor, NULL, &error))
    ossa_dialogs_show_failure (GTK_WINDOW (self), error, _("Could not unembed the images"));
}

static const GActionEntry art_actions[] = {
  { "embed-images", embed_activated, NULL, NULL, NULL, { 0 } },
  { "unembed-images", unembed_activated, NULL, NULL, NULL, { 0 } },
};

static void
update_actions (OssaWindow *self)
{
  GAction *embed = g_action_map_lookup_action (G_ACTION_MAP (self), "embed-images");
  GAction *unembed = g_action_map_lookup_action (G_ACTION_MAP (self), "unembed-images");

  g_simple_action_set_enabled (G_SIMPLE_ACTION (embed), ossa_editor_can_embed_images (self->editor));
  g_simple_action_set_enabled (G_SIMPLE_ACTION (unembed),
                               ossa_editor_can_unembed_images (self->editor));
}

/* The name a person knows a picture by: its file's, or the image's when embedded. */
static char *
picture_name (const OssaImage *image)
{
  if (image->data == NULL && image->path != NULL && image->path[0] != '\0')
    {
      g_autofree char *base = g_path_get_basename (image->path);

      return g_filename_display_name (base);
    }
  return g_strdup (image->name);
}

static void
update_pictures_status (OssaWindow *self)
{
  OssaImageStore *store = ossa_editor_get_images (self->editor);
  const OssaDocument *doc = ossa_editor_get_document (self->editor);
  g_autoptr (GString) names = g_string_new (NULL);
  g_autoptr (GString) tooltip = g_string_new (NULL);
  g_autofree char *text = NULL;
  guint n = 0;

  for (guint i = 0; i < ossa_image_store_get_n_pictures (store) && i < doc->n_images; i++)
    {
      OssaPicture picture;
      g_autofree char *name = NULL;

      if (!ossa_image_store_get_picture (store, i, &picture)
          || (picture.state != OSSA_PICTURE_MISSING && picture.state != OSSA_PICTURE_BROKEN))
        continue;
      if (n++ < MAX_NAMES)
        {
          name = picture_name (&doc->images[i]);
          if (names->len > 0)
            g_string_append (names, _(", "));
          /* Translators: one picture on the status bar's line: its file's name and
           * why it could not be read ("head.png (no such file)") */
          g_string_append_printf (names, _("%s (%s)"), name, picture.reason);
        }
      if (tooltip->len > 0)
        g_string_append_c (tooltip, '\n');
      g_string_append (tooltip, picture.message);
    }
  gtk_widget_set_visible (self->pictures_status, n > 0);
  if (n == 0)
    return;
  if (n > MAX_NAMES)
    /* Translators: after the first names of the status bar's list of pictures */
    g_string_append (names, _(", …"));
  /* Translators: in the status bar; %u is how many, %s their names and why */
  text = g_strdup_printf (ngettext ("%u picture could not be read: %s",
                                    "%u pictures could not be read: %s", n),
                          n, names->str);
  gtk_label_set_text (self->pictures_label, text);
  gtk_widget_set_tooltip_text (self->pictures_status, tooltip->str);
}

static void
document_changed_cb (OssaWindow *self)
{
  update_actions (self);
  update_pictures_status (self);
}

void
_ossa_window_art_init (OssaWindow *self)
{
  GtkWidget *status_bar = gtk_widget_get_parent (self->recovery_status);
  GtkWidget *icon, *label;

  g_action_map_add_action_entries (G_ACTION_MAP (self), art_actions, G_N_ELEMENTS (art_actions),
                                   self);

  /* Beside the recovery line, and like it: a warning that lasts as long as it is true. */
  self->pictures_status = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_name (self->pictures_status, "pictures-status");
  gtk_widget_add_css_class (self->pictures_status, "warning");
  icon = gtk_image_new_from_icon_name ("image-missing-symbolic");
  label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (self->pictures_status), icon);
  gtk_box_append (GTK_BOX (self->pictures_status), label);
  gtk_widget_set_visible (self->pictures_status, FALSE);
  gtk_box_insert_child_after (GTK_BOX (status_bar), self->pictures_status, self->recovery_status);
  self->pictures_label = GTK_LABEL (label);

  g_signal_connect_object (self->editor, "document-changed", G_CALLBACK (document_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (ossa_editor_get_images (self->editor), "pictures-changed",
                           G_CALLBACK (update_pictures_status), self, G_CONNECT_SWAPPED);
  document_changed_cb (self);
}
