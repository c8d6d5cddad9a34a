/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-qc-import"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "ossa-dialogs.h"
#include "ossa-qc-import-dialog.h"
#include "ossa-smd-import-worker.h"

struct _OssaQcImportDialog
{
  GtkWindow        parent_instance;

  /* Template children */
  GtkWidget       *form;
  GtkLabel        *file_label;
  GtkDropDown     *plane_dropdown;
  GtkSpinButton   *simplify_spin;
  GtkProgressBar  *progress_bar;
  GtkLabel        *status_label;

  GFile           *file;
  GFile           *folder;           /* where the chooser starts */
  GtkNativeDialog *chooser;          /* the file chooser open, or NULL */
  OssaSmdImportOptions options;      /* what the form does not show (the fps) */

  GCancellable    *import;           /* the import running, or NULL */
  double           progress;
  gboolean         closed;

  GTask           *run;              /* ossa_qc_import_dialog_run()'s, until answered */
  GCancellable    *run_cancellable;
  gulong           run_cancelled_id;
};

G_DEFINE_FINAL_TYPE (OssaQcImportDialog, ossa_qc_import_dialog, GTK_TYPE_WINDOW)

enum
{
  PROP_0,
  PROP_RUNNING,
  PROP_PROGRESS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

typedef struct
{
  OssaDocument  *document;
  char         **notices;
} RunResult;

static void
run_result_free (gpointer data)
{
  RunResult *r = data;

  ossa_document_free (r->document);
  g_strfreev (r->notices);
  g_free (r);
}

/* Answers ossa_qc_import_dialog_run(), once: with @document (taken) or, when it is
 * NULL, as dismissed. */
static void
answer_run (OssaQcImportDialog  *self,
            OssaDocument        *document,
            char               **notices)
{
  g_autoptr(GTask) task = g_steal_pointer (&self->run);

  /* Not g_cancellable_disconnect(): this may run inside the "cancelled" emission
   * (run_cancelled_cb closes the dialog), where that would wait for itself. */
  if (self->run_cancellable != NULL)
    {
      g_clear_signal_handler (&self->run_cancelled_id, self->run_cancellable);
      g_clear_object (&self->run_cancellable);
    }
  if (task == NULL)
    {
      ossa_document_free (document);
      g_strfreev (notices);
      return;
    }
  if (document != NULL)
    {
      RunResult *r = g_new0 (RunResult, 1);

      r->document = document;
      r->notices = notices;
      g_task_return_pointer (task, r, run_result_free);
    }
  else
    {
      g_strfreev (notices);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "The import dialog was closed");
    }
}

static gboolean
is_running (OssaQcImportDialog *self)
{
  return self->import != NULL;
}

static void
update_actions (OssaQcImportDialog *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean running = is_running (self);

  gtk_widget_action_set_enabled (widget, "qc-import.import", self->file != NULL && !running);
  gtk_widget_action_set_enabled (widget, "qc-import.choose", !running);
}

static void
set_status (OssaQcImportDialog *self,
            const char         *text)
{
  gtk_label_set_text (self->status_label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), text != NULL);
}

static void
set_progress (OssaQcImportDialog *self,
              double              fraction)
{
  self->progress = fraction;
  gtk_progress_bar_set_fraction (self->progress_bar, fraction);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
}

static void
set_running (OssaQcImportDialog *self,
             GCancellable       *import)
{
  g_set_object (&self->import, import);
  gtk_widget_set_sensitive (self->form, import == NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), import != NULL);
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

/**
 * ossa_qc_import_dialog_set_file:
 * @file: (nullable): the .qc to import: its meshes, skeleton and sequences
 */
void
ossa_qc_import_dialog_set_file (OssaQcImportDialog *self,
                                GFile              *file)
{
  g_return_if_fail (OSSA_IS_QC_IMPORT_DIALOG (self));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  g_set_object (&self->file, file);
  if (file != NULL)
    {
      g_autofree char *name = ossa_dialogs_dup_display_name (file);
      g_autofree char *parse_name = g_file_get_parse_name (file);
      g_autoptr(GFile) parent = g_file_get_parent (file);

      gtk_label_set_text (self->file_label, name);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->file_label), parse_name);
      gtk_widget_remove_css_class (GTK_WIDGET (self->file_label), "dim-label");
      if (parent != NULL)
        g_set_object (&self->folder, parent);
    }
  else
    {
      gtk_label_set_text (self->file_label, _("None chosen"));
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->file_label), NULL);
      gtk_widget_add_css_class (GTK_WIDGET (self->file_label), "dim-label");
    }
  set_status (self, NULL);
  update_actions (self);
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

/**
 * ossa_qc_import_dialog_get_options:
 * @options: (out caller-allocates): the plane and simplification shown (the
 *   frame rate is each sequence's own); no callbacks
 */
void
ossa_qc_import_dialog_get_options (OssaQcImportDialog   *self,
                                   OssaSmdImportOptions *options)
{
  guint plane;

  g_return_if_fail (OSSA_IS_QC_IMPORT_DIALOG (self));
  g_return_if_fail (options != NULL);

  *options = self->options;
  plane = gtk_drop_down_get_selected (self->plane_dropdown);
  options->plane = plane <= OSSA_SMD_PLANE_YZ ? (OssaSmdPlane) plane : OSSA_SMD_PLANE_XZ;
  options->simplify = (float) gtk_spin_button_get_value (self->simplify_spin);
}

void
ossa_qc_import_dialog_set_options (OssaQcImportDialog         *self,
                                   const OssaSmdImportOptions *options)
{
  g_return_if_fail (OSSA_IS_QC_IMPORT_DIALOG (self));
  g_return_if_fail (options != NULL);

  self->options = *options;
  memset (&self->options.callbacks, 0, sizeof self->options.callbacks);
  gtk_drop_down_set_selected (self->plane_dropdown, (guint) options->plane);
  gtk_spin_button_set_value (self->simplify_spin, options->simplify);
}

/**
 * ossa_qc_import_dialog_get_running:
 *
 * Returns: whether an import is under way (the "running" property)
 */
gboolean
ossa_qc_import_dialog_get_running (OssaQcImportDialog *self)
{
  g_return_val_if_fail (OSSA_IS_QC_IMPORT_DIALOG (self), FALSE);
  return is_running (self);
}

/**
 * ossa_qc_import_dialog_get_progress:
 *
 * Returns: how far the running or last import got, 0 to 1 (the "progress" property)
 */
double
ossa_qc_import_dialog_get_progress (OssaQcImportDialog *self)
{
  g_return_val_if_fail (OSSA_IS_QC_IMPORT_DIALOG (self), 0);
  return self->progress;
}

/* The file chooser --------------------------------------------------------------- */

static void
chooser_response_cb (GtkNativeDialog    *native,
                     int                 response,
                     OssaQcImportDialog *self)
{
  g_signal_handlers_disconnect_by_func (native, chooser_response_cb, self);
  if (response == GTK_RESPONSE_ACCEPT && !self->closed)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      if (file != NULL)
        ossa_qc_import_dialog_set_file (self, file);
    }
  gtk_native_dialog_destroy (native);
  if (self->chooser == native)
    g_clear_object (&self->chooser);
}

static void
choose_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  OssaQcImportDialog *self = OSSA_QC_IMPORT_DIALOG (widget);
  static const char *const qc[] = { "qc", "qci", NULL };
  GtkFileChooserNative *native;

  if (self->chooser != NULL)
    {
      gtk_native_dialog_show (self->chooser);
      return;
    }
  native = gtk_file_chooser_native_new (_("Choose the Valve Model"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Choose"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  ossa_dialogs_add_filter (GTK_FILE_CHOOSER (native), _("Valve models (*.qc)"), qc);
  ossa_dialogs_add_filter (GTK_FILE_CHOOSER (native), _("All files"), NULL);
  if (self->folder != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), self->folder, NULL);
  self->chooser = GTK_NATIVE_DIALOG (native);
  g_signal_connect (native, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (self->chooser);
}

/* Import and Cancel ---------------------------------------------------------------- */

static void
import_progress (double   fraction,
                 gpointer user_data)
{
  OssaQcImportDialog *self = user_data;

  if (!self->closed)
    set_progress (self, fraction);
}

static void
import_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(OssaQcImportDialog) self = user_data;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) notices = NULL;
  OssaDocument *doc;

  doc = ossa_qc_import_finish (result, &notices, &error);
  if (self->closed)
    {
      ossa_document_free (doc);
      return;
    }
  set_running (self, NULL);
  if (doc != NULL)
    {
      set_progress (self, 1.0);
      answer_run (self, doc, g_steal_pointer (&notices));
      gtk_window_destroy (GTK_WINDOW (self));
      return;
    }
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      set_status (self, _("Cancelled: nothing was imported."));
      return;
    }
  /* The core's "PATH:LINE: message"; the dialog stays for another try. */
  set_status (self, NULL);
  ossa_dialogs_show_failure (GTK_WINDOW (self), error, _("Could not import the Valve model"));
}

static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  OssaQcImportDialog *self = OSSA_QC_IMPORT_DIALOG (widget);
  g_autoptr(GCancellable) cancellable = NULL;
  OssaSmdImportOptions options;

  if (self->file == NULL || is_running (self))
    return;
  ossa_qc_import_dialog_get_options (self, &options);
  cancellable = g_cancellable_new ();
  set_status (self, NULL);
  set_progress (self, 0.0);
  set_running (self, cancellable);
  ossa_qc_import_async (self->file, &options, cancellable, import_progress, self, import_done_cb,
                        g_object_ref (self));
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  OssaQcImportDialog *self = OSSA_QC_IMPORT_DIALOG (widget);

  /* Cancel stops an import under way, and closes the dialog otherwise. */
  if (is_running (self))
    g_cancellable_cancel (self->import);
  else
    gtk_window_close (GTK_WINDOW (self));
}

/* GObject ------------------------------------------------------------------------- */

static gboolean
ossa_qc_import_dialog_close_request (GtkWindow *window)
{
  OssaQcImportDialog *self = OSSA_QC_IMPORT_DIALOG (window);

  self->closed = TRUE;
  if (self->import != NULL)
    g_cancellable_cancel (self->import);
  answer_run (self, NULL, NULL);
  return GTK_WINDOW_CLASS (ossa_qc_import_dialog_parent_class)->close_request (window);
}

static void
ossa_qc_import_dialog_dispose (GObject *object)
{
  OssaQcImportDialog *self = OSSA_QC_IMPORT_DIALOG (object);

  self->closed = TRUE;
  if (self->import != NULL)
    g_cancellable_cancel (self->import);
  g_clear_object (&self->import);
  answer_run (self, NULL, NULL);
  if (self->chooser != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->chooser, chooser_response_cb, self);
      gtk_native_dialog_destroy (self->chooser);
      g_clear_object (&self->chooser);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), OSSA_TYPE_QC_IMPORT_DIALOG);
  g_clear_object (&self->file);
  g_clear_object (&self->folder);

  G_OBJECT_CLASS (ossa_qc_import_dialog_parent_class)->dispose (object);
}

static void
ossa_qc_import_dialog_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  OssaQcImportDialog *self = OSSA_QC_IMPORT_DIALOG (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, is_running (self));
      break;
    case PROP_PROGRESS:
      g_value_set_double (value, self->progress);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_qc_import_dialog_class_init (OssaQcImportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->dispose = ossa_qc_import_dialog_dispose;
  object_class->get_property = ossa_qc_import_dialog_get_property;
  window_class->close_request = ossa_qc_import_dialog_close_request;

  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE, ro);
  properties[PROP_PROGRESS] = g_param_spec_double ("progress", NULL, NULL, 0, 1, 0, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

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
  ossa_smd_import_options_init (&self->options);
  ossa_qc_import_dialog_set_file (self, NULL);
}

static void
run_cancelled_cb (GCancellable       *cancellable,
                  OssaQcImportDialog *self)
{
  gtk_window_close (GTK_WINDOW (self));
}

/**
 * ossa_qc_import_dialog_run:
 * @parent: the window the import is for
 * @cancellable: (nullable): closes the dialog (and stops its import) when cancelled
 * @callback: called once the import succeeded (the dialog then closes itself) or
 *   the dialog was closed
 * @user_data: data for @callback
 *
 * Shows the Import Valve Model dialog, transient for @parent but not modal:
 * @parent keeps working while a large model is read. Errors are shown by the
 * dialog itself, which stays open for another try. Finish with
 * ossa_qc_import_dialog_run_finish().
 */
void
ossa_qc_import_dialog_run (GtkWindow           *parent,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  OssaQcImportDialog *self;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));

  self = g_object_new (OSSA_TYPE_QC_IMPORT_DIALOG, "transient-for", parent, NULL);
  self->run = g_task_new (parent, cancellable, callback, user_data);
  g_task_set_source_tag (self->run, ossa_qc_import_dialog_run);
  /* Closing is an answer, not an error of the cancellable's. */
  g_task_set_check_cancellable (self->run, FALSE);
  if (cancellable != NULL)
    {
      self->run_cancellable = g_object_ref (cancellable);
      self->run_cancelled_id = g_signal_connect_object (cancellable, "cancelled",
                                                        G_CALLBACK (run_cancelled_cb), self, 0);
    }
  gtk_window_present (GTK_WINDOW (self));
}

/**
 * ossa_qc_import_dialog_run_finish:
 * @result: the result given to the callback
 * @notices: (out) (optional) (transfer full): see ossa_qc_import_finish()
 * @error: return location for a #GError: %G_IO_ERROR_CANCELLED when the dialog
 *   was closed without importing
 *
 * Returns: (transfer full) (nullable): the imported document
 */
OssaDocument *
ossa_qc_import_dialog_run_finish (GAsyncResult   *result,
                                  char         ***notices,
                                  GError        **error)
{
  RunResult *r;
  OssaDocument *doc;

  g_return_val_if_fail (G_IS_TASK (result), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ossa_qc_import_dialog_run, NULL);

  if (notices != NULL)
    *notices = NULL;
  r = g_task_propagate_pointer (G_TASK (result), error);
  if (r == NULL)
    return NULL;
  doc = g_steal_pointer (&r->document);
  if (notices != NULL)
    *notices = g_steal_pointer (&r->notices);
  run_result_free (r);
  return doc;
}

/**
 * ossa_qc_import_dialog_find:
 * @parent: a window
 *
 * Returns: (transfer none) (nullable): the Import Valve Model dialog open for @parent
 */
OssaQcImportDialog *
ossa_qc_import_dialog_find (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  OssaQcImportDialog *found = NULL;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);

  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && found == NULL; i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (OSSA_IS_QC_IMPORT_DIALOG (toplevel) && gtk_window_get_transient_for (toplevel) == parent)
        found = OSSA_QC_IMPORT_DIALOG (toplevel);
    }
  return found;
}
