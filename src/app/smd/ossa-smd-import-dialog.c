/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-smd-import"

#include "config.h"

#include <glib/gi18n.h>

#include "ossa-dialogs.h"
#include "ossa-import-dialog-private.h"
#include "ossa-smd-import-dialog.h"

struct _OssaSmdImportDialog
{
  OssaImportDialog parent_instance;

  /* Template children */
  GtkWidget       *form;
  GtkLabel        *reference_label;
  GtkListBox      *animation_list;
  GtkDropDown     *plane_dropdown;
  GtkSpinButton   *fps_spin;
  GtkSpinButton   *simplify_spin;
  GtkProgressBar  *progress_bar;
  GtkLabel        *status_label;

  GFile           *reference;
  GListStore      *animations;       /* GFile */
};

G_DEFINE_FINAL_TYPE (OssaSmdImportDialog, ossa_smd_import_dialog, OSSA_TYPE_IMPORT_DIALOG)

/**
 * ossa_smd_import_dialog_set_reference:
 * @file: (nullable): the reference SMD: skeleton, mesh and, with more than one
 *   frame, an animation of its own
 */
void
ossa_smd_import_dialog_set_reference (OssaSmdImportDialog *self,
                                      GFile               *file)
{
  OssaImportDialog *base = OSSA_IMPORT_DIALOG (self);

  g_return_if_fail (OSSA_IS_SMD_IMPORT_DIALOG (self));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  g_set_object (&self->reference, file);
  if (file != NULL)
    {
      g_autofree char *name = ossa_dialogs_dup_display_name (file);
      g_autofree char *parse_name = g_file_get_parse_name (file);

      gtk_label_set_text (self->reference_label, name);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->reference_label), parse_name);
      gtk_widget_remove_css_class (GTK_WIDGET (self->reference_label), "dim-label");
      _ossa_import_dialog_remember_folder (base, file);
    }
  else
    {
      gtk_label_set_text (self->reference_label, _("None chosen"));
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->reference_label), NULL);
      gtk_widget_add_css_class (GTK_WIDGET (self->reference_label), "dim-label");
    }
  _ossa_import_dialog_set_status (base, NULL);
  _ossa_import_dialog_update_actions (base);
}

/**
 * ossa_smd_import_dialog_add_animation:
 * @file: an animation SMD; it becomes an animation named after its file's stem
 */
void
ossa_smd_import_dialog_add_animation (OssaSmdImportDialog *self,
                                      GFile               *file)
{
  g_return_if_fail (OSSA_IS_SMD_IMPORT_DIALOG (self));
  g_return_if_fail (G_IS_FILE (file));

  g_list_store_append (self->animations, file);
  _ossa_import_dialog_remember_folder (OSSA_IMPORT_DIALOG (self), file);
  _ossa_import_dialog_set_status (OSSA_IMPORT_DIALOG (self), NULL);
}

/* Animation rows ---------------------------------------------------------------- */

static void
remove_clicked_cb (GtkButton           *button,
                   OssaSmdImportDialog *self)
{
  GFile *file = g_object_get_data (G_OBJECT (button), "ossa-file");
  guint position;

  if (file != NULL && g_list_store_find (self->animations, file, &position))
    g_list_store_remove (self->animations, position);
}

static GtkWidget *
create_animation_row (gpointer item,
                      gpointer user_data)
{
  OssaSmdImportDialog *self = user_data;
  GFile *file = G_FILE (item);
  g_autofree char *name = ossa_dialogs_dup_display_name (file);
  g_autofree char *parse_name = g_file_get_parse_name (file);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (name);
  GtkWidget *button = gtk_button_new_from_icon_name ("list-remove-symbolic");

  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 2);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_tooltip_text (label, parse_name);
  gtk_box_append (GTK_BOX (box), label);

  gtk_button_set_has_frame (GTK_BUTTON (button), FALSE);
  gtk_widget_set_tooltip_text (button, _("Remove"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Remove"), -1);
  g_object_set_data_full (G_OBJECT (button), "ossa-file", g_object_ref (file), g_object_unref);
  g_signal_connect (button, "clicked", G_CALLBACK (remove_clicked_cb), self);
  gtk_box_append (GTK_BOX (box), button);
  return box;
}

/* Actions ------------------------------------------------------------------------- */

static void
files_chosen (OssaImportDialog *base,
              GListModel       *files,
              gpointer          for_reference)
{
  OssaSmdImportDialog *self = OSSA_SMD_IMPORT_DIALOG (base);

  for (guint i = 0; i < g_list_model_get_n_items (files); i++)
    {
      g_autoptr(GFile) file = g_list_model_get_item (files, i);

      if (for_reference)
        ossa_smd_import_dialog_set_reference (self, file);
      else
        ossa_smd_import_dialog_add_animation (self, file);
    }
}

static const char *const smd_patterns[] = { "smd", "vta", NULL };

static void
choose_reference_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  _ossa_import_dialog_choose (OSSA_IMPORT_DIALOG (widget), _("Choose the Reference SMD"),
                              _("_Choose"), FALSE, _("SMD files (*.smd, *.vta)"), smd_patterns,
                              files_chosen, GINT_TO_POINTER (TRUE));
}

static void
add_animations_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  _ossa_import_dialog_choose (OSSA_IMPORT_DIALOG (widget), _("Add Animation SMDs"), _("_Add"),
                              TRUE, _("SMD files (*.smd, *.vta)"), smd_patterns, files_chosen,
                              NULL);
}

static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  _ossa_import_dialog_start (OSSA_IMPORT_DIALOG (widget));
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  _ossa_import_dialog_cancel_or_close (OSSA_IMPORT_DIALOG (widget));
}

/* OssaImportDialog ----------------------------------------------------------------- */

static gboolean
can_import (OssaImportDialog *base)
{
  return OSSA_SMD_IMPORT_DIALOG (base)->reference != NULL;
}

/* The reference first, then the animations in the order shown. */
static void
start (OssaImportDialog           *base,
       const OssaSmdImportOptions *options,
       GCancellable               *cancellable,
       OssaSmdImportProgressFunc   progress,
       gpointer                    progress_data,
       GAsyncReadyCallback         callback,
       gpointer                    user_data)
{
  OssaSmdImportDialog *self = OSSA_SMD_IMPORT_DIALOG (base);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->animations));
  g_autoptr(GPtrArray) files = g_ptr_array_new_full (n + 1, g_object_unref);

  g_ptr_array_add (files, g_object_ref (self->reference));
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (files, g_list_model_get_item (G_LIST_MODEL (self->animations), i));
  ossa_smd_import_async ((GFile * const *) files->pdata, files->len, options, cancellable,
                         progress, progress_data, callback, user_data);
}

static void
update_actions (OssaImportDialog *base,
                gboolean          running)
{
  GtkWidget *widget = GTK_WIDGET (base);

  gtk_widget_action_set_enabled (widget, "smd-import.import", can_import (base) && !running);
  gtk_widget_action_set_enabled (widget, "smd-import.choose-reference", !running);
  gtk_widget_action_set_enabled (widget, "smd-import.add-animations", !running);
}

/* GObject ------------------------------------------------------------------------- */

static void
ossa_smd_import_dialog_dispose (GObject *object)
{
  OssaSmdImportDialog *self = OSSA_SMD_IMPORT_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), OSSA_TYPE_SMD_IMPORT_DIALOG);
  G_OBJECT_CLASS (ossa_smd_import_dialog_parent_class)->dispose (object);
  g_clear_object (&self->reference);
  g_clear_object (&self->animations);
}

static void
ossa_smd_import_dialog_class_init (OssaSmdImportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  OssaImportDialogClass *import_class = OSSA_IMPORT_DIALOG_CLASS (klass);

  object_class->dispose = ossa_smd_import_dialog_dispose;
  import_class->failure_title = N_("Could not import the SMD files");
  import_class->can_import = can_import;
  import_class->start = start;
  import_class->finish = ossa_smd_import_finish;
  import_class->update_actions = update_actions;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/ossa-smd-import.ui");
  gtk_widget_class_bind_template_child (widget_class, OssaSmdImportDialog, form);
  gtk_widget_class_bind_template_child (widget_class, OssaSmdImportDialog, reference_label);
  gtk_widget_class_bind_template_child (widget_class, OssaSmdImportDialog, animation_list);
  gtk_widget_class_bind_template_child (widget_class, OssaSmdImportDialog, plane_dropdown);
  gtk_widget_class_bind_template_child (widget_class, OssaSmdImportDialog, fps_spin);
  gtk_widget_class_bind_template_child (widget_class, OssaSmdImportDialog, simplify_spin);
  gtk_widget_class_bind_template_child (widget_class, OssaSmdImportDialog, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, OssaSmdImportDialog, status_label);

  gtk_widget_class_install_action (widget_class, "smd-import.choose-reference", NULL,
                                   choose_reference_action);
  gtk_widget_class_install_action (widget_class, "smd-import.add-animations", NULL,
                                   add_animations_action);
  gtk_widget_class_install_action (widget_class, "smd-import.import", NULL, import_action);
  gtk_widget_class_install_action (widget_class, "smd-import.cancel", NULL, cancel_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "smd-import.cancel",
                                       NULL);
}

static void
ossa_smd_import_dialog_init (OssaSmdImportDialog *self)
{
  GtkWidget *placeholder;

  gtk_widget_init_template (GTK_WIDGET (self));
  _ossa_import_dialog_set_parts (OSSA_IMPORT_DIALOG (self), self->form, self->plane_dropdown,
                                 self->fps_spin, self->simplify_spin, self->progress_bar,
                                 self->status_label);

  self->animations = g_list_store_new (G_TYPE_FILE);
  gtk_list_box_bind_model (self->animation_list, G_LIST_MODEL (self->animations),
                           create_animation_row, self, NULL);
  /* Wrapped, so that it shows whole at the dialog's width in every language. */
  placeholder = gtk_label_new (_("None: only the reference’s own frames"));
  gtk_widget_set_name (placeholder, "reference-frames-note");
  gtk_label_set_wrap (GTK_LABEL (placeholder), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (placeholder), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_justify (GTK_LABEL (placeholder), GTK_JUSTIFY_CENTER);
  gtk_label_set_max_width_chars (GTK_LABEL (placeholder), 40);
  gtk_widget_add_css_class (placeholder, "dim-label");
  gtk_widget_set_margin_start (placeholder, 12);
  gtk_widget_set_margin_end (placeholder, 12);
  gtk_widget_set_margin_top (placeholder, 6);
  gtk_widget_set_margin_bottom (placeholder, 6);
  gtk_list_box_set_placeholder (self->animation_list, placeholder);

  ossa_smd_import_dialog_set_reference (self, NULL);
}
