/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-art"

#include "config.h"

/* The choosers and messages of bringing art in (ossa-art-import-dialog.h). */

#include <glib/gi18n.h>

#include "ossa-art-import-dialog.h"
#include "ossa-art-import.h"
#include "ossa-dialogs.h"

static GtkWindow *
show_notice (GtkWindow *parent, const char *primary, const char *secondary)
{
  GtkWidget *dialog = gtk_message_dialog_new (parent,
                                              GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_INFO, GTK_BUTTONS_CLOSE, "%s", primary);

  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", secondary);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

gboolean
ossa_art_import_files (GtkWindow *parent, OssaEditor *editor, GFile *const *files, guint n_files,
                       const OssaArtTarget *target)
{
  g_autoptr (GPtrArray) pngs = g_ptr_array_new ();
  g_autoptr (GPtrArray) oras = g_ptr_array_new ();
  g_autoptr (GString) others = g_string_new (NULL);
  gboolean imported = FALSE;

  g_return_val_if_fail (OSSA_IS_EDITOR (editor), FALSE);
  for (guint i = 0; i < n_files; i++)
    {
      if (ossa_art_import_is_png (files[i]))
        g_ptr_array_add (pngs, files[i]);
      else if (ossa_art_import_is_ora (files[i]))
        g_ptr_array_add (oras, files[i]);
      else
        {
          g_autofree char *name = g_file_get_parse_name (files[i]);

          g_string_append_printf (others, "%s%s", others->len > 0 ? "\n" : "", name);
        }
    }
  if (others->len > 0)
    {
      g_autofree char *reason = g_strdup_printf (_("Ossa brings in PNG pictures (.png) and "
                                                   "OpenRaster files (.ora); not:\n%s"),
                                                 others->str);

      ossa_dialogs_show_error (parent, _("Could not import these files"), reason);
      return FALSE;
    }
  if (pngs->len > 0)
    {
      g_autoptr (GError) error = NULL;

      if (ossa_art_import_pngs (editor, (GFile *const *) pngs->pdata, pngs->len, target->x,
                                target->y, target->bone, &error) >= 0)
        imported = TRUE;
      else
        ossa_dialogs_show_failure (parent, error,
                                   ngettext ("Could not import the picture",
                                             "Could not import the pictures", pngs->len));
    }
  for (guint i = 0; i < oras->len; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *notice = NULL;
      g_autofree char *name = ossa_dialogs_dup_display_name (oras->pdata[i]);

      if (ossa_art_import_ora (editor, oras->pdata[i], &notice, &error) < 0)
        {
          ossa_dialogs_show_failure (parent, error, _("Could not import “%s”"), name);
          continue;
        }
      imported = TRUE;
      if (notice != NULL)
        show_notice (parent, _("Imported, with a note"), notice);
    }
  return imported;
}

/* The chooser's answer. */
static void
chooser_response_cb (GtkNativeDialog *native, int response, GtkWindow *parent)
{
  OssaEditor *editor = g_object_get_data (G_OBJECT (native), "ossa-editor");
  const OssaArtTarget *target = g_object_get_data (G_OBJECT (native), "ossa-art-target");
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GListModel) chosen = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (native));

      for (guint i = 0; chosen != NULL && i < g_list_model_get_n_items (chosen); i++)
        g_ptr_array_add (files, g_list_model_get_item (chosen, i));
    }
  gtk_native_dialog_destroy (native);
  if (files->len > 0)
    ossa_art_import_files (parent, editor, (GFile *const *) files->pdata, files->len, target);
  g_object_unref (native);
}

static void
chooser_cancelled_cb (GCancellable *cancellable, GtkNativeDialog *native)
{
  gtk_native_dialog_hide (native);
}

static void
choose (GtkWindow *parent, OssaEditor *editor, const OssaArtTarget *target,
        GCancellable *cancellable, const char *title, const char *filter_name,
        const char *suffix, gboolean multiple)
{
  const char *suffixes[] = { suffix, NULL };
  GtkFileChooserNative *native;
  GFile *doc_file;

  g_return_if_fail (GTK_IS_WINDOW (parent));
  g_return_if_fail (OSSA_IS_EDITOR (editor));
  native = gtk_file_chooser_native_new (title, parent, GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"),
                                        _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (native), multiple);
  ossa_dialogs_add_filter (GTK_FILE_CHOOSER (native), filter_name, suffixes);
  ossa_dialogs_add_filter (GTK_FILE_CHOOSER (native), _("All files"), NULL);
  doc_file = ossa_editor_get_file (editor);
  if (doc_file != NULL)
    {
      g_autoptr (GFile) folder = g_file_get_parent (doc_file);

      if (folder != NULL)
        gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), folder, NULL);
    }
  g_object_set_data_full (G_OBJECT (native), "ossa-editor", g_object_ref (editor), g_object_unref);
  g_object_set_data_full (G_OBJECT (native), "ossa-art-target",
                          g_memdup2 (target, sizeof *target), g_free);
  /* The handler owns the chooser until it answers. */
  g_signal_connect_object (native, "response", G_CALLBACK (chooser_response_cb), parent, 0);
  if (cancellable != NULL)
    g_signal_connect_object (cancellable, "cancelled", G_CALLBACK (chooser_cancelled_cb), native,
                             0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

void
ossa_art_import_images_choose (GtkWindow *parent, OssaEditor *editor, const OssaArtTarget *target,
                               GCancellable *cancellable)
{
  choose (parent, editor, target, cancellable, _("Import Images"), _("PNG images (*.png)"), "png",
          TRUE);
}

void
ossa_art_import_ora_choose (GtkWindow *parent, OssaEditor *editor, GCancellable *cancellable)
{
  OssaArtTarget none = { 0, 0, -1 };

  choose (parent, editor, &none, cancellable, _("Import OpenRaster"),
          _("OpenRaster files (*.ora)"), "ora", FALSE);
}
