/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-qc-import"

#include "config.h"

#include <glib/gi18n.h>

#include "ossa-dialogs.h"
#include "ossa-import-dialog-private.h"
#include "ossa-qc-import-dialog.h"

struct _OssaQcImportDialog
{
  OssaImportDialog parent_instance;

  /* Template children */
  GtkWidget       *form;
  GtkLabel        *file_label;
  GtkDropDown     *plane_dropdown;
  GtkSpinButton   *simplify_spin;
  GtkProgressBar  *progress_bar;
  GtkLabel        *status_label;

  GFile           *file;
};

G_DEFINE_FINAL_TYPE (OssaQcImportDialog, ossa_qc_import_dialog, OSSA_TYPE_IMPORT_DIALOG)

/**
 * ossa_qc_import_dialog_set_file:
 * @file: (nullable): the .qc to import: its meshes, skeleton and sequences
 */
void
ossa_qc_import_dialog_set_file (OssaQcImportDialog *self,
                                GFile              *file)
{
  OssaImportDialog *base = OSSA_IMPORT_DIALOG (self);

  g_return_if_fail (OSSA_IS_QC_IMPORT_DIALOG (self));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  g_set_object (&self->file, file);
  if (file != NULL)
    {
      g_autofree char *name = ossa_dialogs_dup_display_name (file);
      g_autofree char *parse_name = g_file_get_parse_name (file);

      gtk_label_set_text (self->file_label, name);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->file_label), parse_name);
      gtk_widget_remove_css_class (GTK_WIDGET (self->file_label), "dim-label");
      _ossa_import_dialog_remember_folder (base, file);
    }
  else
    {
      gtk_label_set_text (self->file_label, _("None chosen"));
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->file_label), NULL);
      gtk_widget_add_css_class (GTK_WIDGET (self->file_label), "dim-label");
    }
  _ossa_import_dialog_set_status (base, NULL);
  _ossa_import_dialog_update_actions (base);
}

/**
 * ossa_qc_import_dialog_get_file:
 *
 * Returns: (transfer none) (nullable): the .qc chosen
 */
GFile *
ossa_qc_import_dialog_get_file (OssaQcImportDialog *self)
{
  g_return_val_if_fail (OSSA_IS_QC_IMPORT_DIALOG (self), NULL);
  return self->file;
}

/* Actions ------------------------------------------------------------------------- */

static void
file_chosen (OssaImportDialog *base,
             GListModel       *files,
             gpointer          data G_GNUC_UNUSED)
{
  g_autoptr(GFile) file = g_list_model_get_item (files, 0);

  if (file != NULL)
    ossa_qc_import_dialog_set_file (OSSA_QC_IMPORT_DIALOG (base), file);
}

static void
choose_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  static const char *const qc[] = { "qc", "qci", NULL };

  _ossa_import_dialog_choose (OSSA_IMPORT_DIALOG (widget), _("Choose the Valve Model"),
                              _("_Choose"), FALSE, _("Valve models (*.qc)"), qc,
                              file_chosen, NULL);
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
  return OSSA_QC_IMPORT_DIALOG (base)->file != NULL;
}

static void
start (OssaImportDialog           *base,
       const OssaSmdImportOptions *options,
       GCancellable               *cancellable,
       OssaSmdImportProgressFunc   progress,
       gpointer                    progress_data,
       GAsyncReadyCallback         callback,
       gpointer                    user_data)
{
  ossa_qc_import_async (OSSA_QC_IMPORT_DIALOG (base)->file, options, cancellable, progress,
                        progress_data, callback, user_data);
}

static void
update_actions (OssaImportDialog *base,
                gboolean          running)
{
  GtkWidget *widget = GTK_WIDGET (base);

  gtk_widget_action_set_enabled (widget, "qc-import.import", can_import (base) && !running);
  gtk_widget_action_set_enabled (widget, "qc-import.choose", !running);
}

/* GObject ------------------------------------------------------------------------- */

static void
ossa_qc_import_dialog_dispose (GObject *object)
{
  OssaQcImportDialog *self = OSSA_QC_IMPORT_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), OSSA_TYPE_QC_IMPORT_DIALOG);
  G_OBJECT_CLASS (ossa_qc_import_dialog_parent_class)->dispose (object);
  g_clear_object (&self->file);
}

static void
ossa_qc_import_dialog_class_init (OssaQcImportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  OssaImportDialogClass *import_class = OSSA_IMPORT_DIALOG_CLASS (klass);

  object_class->dispose = ossa_qc_import_dialog_dispose;
  import_class->failure_title = N_("Could not import the Valve model");
  import_class->can_import = can_import;
  import_class->start = start;
  import_class->finish = ossa_qc_import_finish;
  import_class->update_actions = update_actions;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ossa-qc-import.ui");
  gtk_widget_class_bind_template_child (widget_class, OssaQcImportDialog, form);
  gtk_widget_class_bind_template_child (widget_class, OssaQcImportDialog, file_label);
  gtk_widget_class_bind_template_child (widget_class, OssaQcImportDialog, plane_dropdown);
  gtk_widget_class_bind_template_child (widget_class, OssaQcImportDialog, simplify_spin);
  gtk_widget_class_bind_template_child (widget_class, OssaQcImportDialog, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, OssaQcImportDialog, status_label);

  gtk_widget_class_install_action (widget_class, "qc-import.choose", NULL, choose_action);
  gtk_widget_class_install_action (widget_class, "qc-import.import", NULL, import_action);
  gtk_widget_class_install_action (widget_class, "qc-import.cancel", NULL, cancel_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "qc-import.cancel", NULL);
}

static void
ossa_qc_import_dialog_init (OssaQcImportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  _ossa_import_dialog_set_parts (OSSA_IMPORT_DIALOG (self), self->form, self->plane_dropdown,
                                 NULL, self->simplify_spin, self->progress_bar,
                                 self->status_label);
  ossa_qc_import_dialog_set_file (self, NULL);
}
