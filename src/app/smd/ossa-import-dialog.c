/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-import"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "ossa-dialogs.h"
#include "ossa-import-dialog-private.h"

typedef struct
{
  /* The subclass template's widgets (_ossa_import_dialog_set_parts()) */
  GtkWidget       *form;
  GtkDropDown     *plane_dropdown;
  GtkSpinButton   *fps_spin;         /* or NULL */
  GtkSpinButton   *simplify_spin;
  GtkProgressBar  *progress_bar;
  GtkLabel        *status_label;

  OssaSmdImportOptions options;      /* what the form does not show */
  GFile           *folder;           /* where the choosers start */
  GtkNativeDialog *chooser;          /* the file chooser open, or NULL */
  OssaImportChosenFunc chosen;
  gpointer         chosen_data;

  GCancellable    *import;           /* the import running, or NULL */
  double           progress;
  gboolean         closed;

  GTask           *run;              /* ossa_import_dialog_run()'s, until answered */
  GCancellable    *run_cancellable;
  gulong           run_cancelled_id;
} OssaImportDialogPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (OssaImportDialog, ossa_import_dialog, GTK_TYPE_WINDOW)

#define PRIV(self) ((OssaImportDialogPrivate *) ossa_import_dialog_get_instance_private (self))

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

/* Answers ossa_import_dialog_run(), once: with @document (taken) or, when it is
 * NULL, as dismissed. */
static void
answer_run (OssaImportDialog  *self,
            OssaDocument      *document,
            char             **notices)
{
  OssaImportDialogPrivate *priv = PRIV (self);
  g_autoptr(GTask) task = g_steal_pointer (&priv->run);

  /* Not g_cancellable_disconnect(): this may run inside the "cancelled" emission
   * (run_cancelled_cb closes the dialog), where that would wait for itself. */
  if (priv->run_cancellable != NULL)
    {
      g_clear_signal_handler (&priv->run_cancelled_id, priv->run_cancellable);
      g_clear_object (&priv->run_cancellable);
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
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                               "The import dialog was closed");
    }
}

static gboolean
is_running (OssaImportDialog *self)
{
  return PRIV (self)->import != NULL;
}

void
_ossa_import_dialog_update_actions (OssaImportDialog *self)
{
  OSSA_IMPORT_DIALOG_GET_CLASS (self)->update_actions (self, is_running (self));
}

void
_ossa_import_dialog_set_status (OssaImportDialog *self,
                                const char       *text)
{
  GtkLabel *label = PRIV (self)->status_label;

  gtk_label_set_text (label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (label), text != NULL);
}

static void
set_progress (OssaImportDialog *self,
              double            fraction)
{
  OssaImportDialogPrivate *priv = PRIV (self);

  priv->progress = fraction;
  gtk_progress_bar_set_fraction (priv->progress_bar, fraction);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
}

static void
set_running (OssaImportDialog *self,
             GCancellable     *import)
{
  OssaImportDialogPrivate *priv = PRIV (self);

  g_set_object (&priv->import, import);
  gtk_widget_set_sensitive (priv->form, import == NULL);
  gtk_widget_set_visible (GTK_WIDGET (priv->progress_bar), import != NULL);
  _ossa_import_dialog_update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

void
_ossa_import_dialog_set_parts (OssaImportDialog *self,
                               GtkWidget        *form,
                               GtkDropDown      *plane_dropdown,
                               GtkSpinButton    *fps_spin,
                               GtkSpinButton    *simplify_spin,
                               GtkProgressBar   *progress_bar,
                               GtkLabel         *status_label)
{
  OssaImportDialogPrivate *priv = PRIV (self);

  priv->form = form;
  priv->plane_dropdown = plane_dropdown;
  priv->fps_spin = fps_spin;
  priv->simplify_spin = simplify_spin;
  priv->progress_bar = progress_bar;
  priv->status_label = status_label;
  _ossa_import_dialog_set_status (self, NULL);
}

/**
 * ossa_import_dialog_get_options:
 * @options: (out caller-allocates): the plane, simplification and (where the
 *   dialog shows it) frame rate shown; no callbacks
 */
void
ossa_import_dialog_get_options (OssaImportDialog     *self,
                                OssaSmdImportOptions *options)
{
  OssaImportDialogPrivate *priv;
  guint plane;

  g_return_if_fail (OSSA_IS_IMPORT_DIALOG (self));
  g_return_if_fail (options != NULL);

  priv = PRIV (self);
  *options = priv->options;
  plane = gtk_drop_down_get_selected (priv->plane_dropdown);
  options->plane = plane <= OSSA_SMD_PLANE_YZ ? (OssaSmdPlane) plane : OSSA_SMD_PLANE_XZ;
  if (priv->fps_spin != NULL)
    options->fps = (float) gtk_spin_button_get_value (priv->fps_spin);
  options->simplify = (float) gtk_spin_button_get_value (priv->simplify_spin);
}

void
ossa_import_dialog_set_options (OssaImportDialog           *self,
                                const OssaSmdImportOptions *options)
{
  OssaImportDialogPrivate *priv;

  g_return_if_fail (OSSA_IS_IMPORT_DIALOG (self));
  g_return_if_fail (options != NULL);

  priv = PRIV (self);
  priv->options = *options;
  memset (&priv->options.callbacks, 0, sizeof priv->options.callbacks);
  gtk_drop_down_set_selected (priv->plane_dropdown, (guint) options->plane);
  if (priv->fps_spin != NULL)
    gtk_spin_button_set_value (priv->fps_spin, options->fps);
  gtk_spin_button_set_value (priv->simplify_spin, options->simplify);
}

/**
 * ossa_import_dialog_get_running:
 *
 * Returns: whether an import is under way (the "running" property)
 */
gboolean
ossa_import_dialog_get_running (OssaImportDialog *self)
{
  g_return_val_if_fail (OSSA_IS_IMPORT_DIALOG (self), FALSE);
  return is_running (self);
}

/**
 * ossa_import_dialog_get_progress:
 *
 * Returns: how far the running or last import got, 0 to 1 (the "progress" property)
 */
double
ossa_import_dialog_get_progress (OssaImportDialog *self)
{
  g_return_val_if_fail (OSSA_IS_IMPORT_DIALOG (self), 0);
  return PRIV (self)->progress;
}

/* File choosers ------------------------------------------------------------------ */

void
_ossa_import_dialog_remember_folder (OssaImportDialog *self,
                                     GFile            *file)
{
  g_autoptr(GFile) parent = g_file_get_parent (file);

  if (parent != NULL)
    g_set_object (&PRIV (self)->folder, parent);
}

static void
chooser_response_cb (GtkNativeDialog  *native,
                     int               response,
                     OssaImportDialog *self)
{
  OssaImportDialogPrivate *priv = PRIV (self);

  g_signal_handlers_disconnect_by_func (native, chooser_response_cb, self);
  if (response == GTK_RESPONSE_ACCEPT && !priv->closed)
    {
      g_autoptr(GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (native));

      if (files != NULL)
        priv->chosen (self, files, priv->chosen_data);
    }
  gtk_native_dialog_destroy (native);
  if (priv->chooser == native)
    g_clear_object (&priv->chooser);
}

void
_ossa_import_dialog_choose (OssaImportDialog     *self,
                            const char           *title,
                            const char           *accept_label,
                            gboolean              multiple,
                            const char           *filter_name,
                            const char * const   *patterns,
                            OssaImportChosenFunc  chosen,
                            gpointer              data)
{
  OssaImportDialogPrivate *priv = PRIV (self);
  GtkFileChooserNative *native;

  if (priv->chooser != NULL)
    {
      gtk_native_dialog_show (priv->chooser);
      return;
    }
  native = gtk_file_chooser_native_new (title, GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN,
                                        accept_label, _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (native), multiple);
  ossa_dialogs_add_filter (GTK_FILE_CHOOSER (native), filter_name, patterns);
  ossa_dialogs_add_filter (GTK_FILE_CHOOSER (native), _("All files"), NULL);
  if (priv->folder != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), priv->folder, NULL);
  priv->chooser = GTK_NATIVE_DIALOG (native);
  priv->chosen = chosen;
  priv->chosen_data = data;
  g_signal_connect (native, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (priv->chooser);
}

/* Import and Cancel ---------------------------------------------------------------- */

static void
import_progress (double   fraction,
                 gpointer user_data)
{
  OssaImportDialog *self = user_data;

  if (!PRIV (self)->closed)
    set_progress (self, fraction);
}

static void
import_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(OssaImportDialog) self = user_data;
  OssaImportDialogClass *klass = OSSA_IMPORT_DIALOG_GET_CLASS (self);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) notices = NULL;
  OssaDocument *doc;

  doc = klass->finish (result, &notices, &error);
  if (PRIV (self)->closed)
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
      _ossa_import_dialog_set_status (self, _("Cancelled: nothing was imported."));
      return;
    }
  /* The core's "PATH:LINE: message"; the dialog stays for another try. */
  _ossa_import_dialog_set_status (self, NULL);
  ossa_dialogs_show_failure (GTK_WINDOW (self), error, "%s", _(klass->failure_title));
}

void
_ossa_import_dialog_start (OssaImportDialog *self)
{
  OssaImportDialogClass *klass = OSSA_IMPORT_DIALOG_GET_CLASS (self);
  g_autoptr(GCancellable) cancellable = NULL;
  OssaSmdImportOptions options;

  if (is_running (self) || !klass->can_import (self))
    return;
  ossa_import_dialog_get_options (self, &options);
  cancellable = g_cancellable_new ();
  _ossa_import_dialog_set_status (self, NULL);
  set_progress (self, 0.0);
  set_running (self, cancellable);
  klass->start (self, &options, cancellable, import_progress, self, import_done_cb,
                g_object_ref (self));
}

void
_ossa_import_dialog_cancel_or_close (OssaImportDialog *self)
{
  if (is_running (self))
    g_cancellable_cancel (PRIV (self)->import);
  else
    gtk_window_close (GTK_WINDOW (self));
}

/* GObject ------------------------------------------------------------------------- */

/* Closed, by the person or the window: the import stops, the run is answered. */
static void
stop (OssaImportDialog *self)
{
  OssaImportDialogPrivate *priv = PRIV (self);

  priv->closed = TRUE;
  if (priv->import != NULL)
    g_cancellable_cancel (priv->import);
  answer_run (self, NULL, NULL);
}

static gboolean
ossa_import_dialog_close_request (GtkWindow *window)
{
  stop (OSSA_IMPORT_DIALOG (window));
  return GTK_WINDOW_CLASS (ossa_import_dialog_parent_class)->close_request (window);
}

static void
ossa_import_dialog_dispose (GObject *object)
{
  OssaImportDialog *self = OSSA_IMPORT_DIALOG (object);
  OssaImportDialogPrivate *priv = PRIV (self);

  stop (self);
  g_clear_object (&priv->import);
  if (priv->chooser != NULL)
    {
      g_signal_handlers_disconnect_by_func (priv->chooser, chooser_response_cb, self);
      gtk_native_dialog_destroy (priv->chooser);
      g_clear_object (&priv->chooser);
    }
  g_clear_object (&priv->folder);

  G_OBJECT_CLASS (ossa_import_dialog_parent_class)->dispose (object);
}

static void
ossa_import_dialog_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  OssaImportDialog *self = OSSA_IMPORT_DIALOG (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, is_running (self));
      break;
    case PROP_PROGRESS:
      g_value_set_double (value, PRIV (self)->progress);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_import_dialog_class_init (OssaImportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->dispose = ossa_import_dialog_dispose;
  object_class->get_property = ossa_import_dialog_get_property;
  window_class->close_request = ossa_import_dialog_close_request;

  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE, ro);
  properties[PROP_PROGRESS] = g_param_spec_double ("progress", NULL, NULL, 0, 1, 0, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ossa_import_dialog_init (OssaImportDialog *self)
{
  ossa_smd_import_options_init (&PRIV (self)->options);
}

/* Running ------------------------------------------------------------------------- */

static void
run_cancelled_cb (GCancellable     *cancellable,
                  OssaImportDialog *self)
{
  gtk_window_close (GTK_WINDOW (self));
}

/**
 * ossa_import_dialog_run:
 * @type: the dialog: %OSSA_TYPE_SMD_IMPORT_DIALOG or %OSSA_TYPE_QC_IMPORT_DIALOG
 * @parent: the window the import is for
 * @cancellable: (nullable): closes the dialog (and stops its import) when cancelled
 * @callback: called once the import succeeded (the dialog then closes itself) or
 *   the dialog was closed
 * @user_data: data for @callback
 *
 * Shows a new import dialog, transient for @parent but not modal: @parent keeps
 * working while large files are read. Errors are shown by the dialog itself,
 * which stays open for another try. Finish with ossa_import_dialog_run_finish().
 */
void
ossa_import_dialog_run (GType                type,
                        GtkWindow           *parent,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  OssaImportDialog *self;
  OssaImportDialogPrivate *priv;

  g_return_if_fail (g_type_is_a (type, OSSA_TYPE_IMPORT_DIALOG));
  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));

  self = g_object_new (type, "transient-for", parent, NULL);
  priv = PRIV (self);
  priv->run = g_task_new (parent, cancellable, callback, user_data);
  g_task_set_source_tag (priv->run, ossa_import_dialog_run);
  /* Closing is an answer, not an error of the cancellable's. */
  g_task_set_check_cancellable (priv->run, FALSE);
  if (cancellable != NULL)
    {
      priv->run_cancellable = g_object_ref (cancellable);
      priv->run_cancelled_id = g_signal_connect_object (cancellable, "cancelled",
                                                        G_CALLBACK (run_cancelled_cb), self, 0);
    }
  gtk_window_present (GTK_WINDOW (self));
}

/**
 * ossa_import_dialog_run_finish:
 * @result: the result given to the callback
 * @notices: (out) (optional) (transfer full): what the import left out, one
 *   "FILE:LINE: message" each (see ossa_smd_import_finish())
 * @error: return location for a #GError: %G_IO_ERROR_CANCELLED when the dialog
 *   was closed without importing
 *
 * Returns: (transfer full) (nullable): the imported document
 */
OssaDocument *
ossa_import_dialog_run_finish (GAsyncResult   *result,
                               char         ***notices,
                               GError        **error)
{
  RunResult *r;
  OssaDocument *doc;

  g_return_val_if_fail (G_IS_TASK (result), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ossa_import_dialog_run, NULL);

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
 * ossa_import_dialog_find:
 * @type: the kind of import dialog
 * @parent: a window
 *
 * Returns: (transfer none) (nullable): the import dialog of @type open for @parent
 */
OssaImportDialog *
ossa_import_dialog_find (GType      type,
                         GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  OssaImportDialog *found = NULL;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);

  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && found == NULL; i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (toplevel, type)
          && gtk_window_get_transient_for (toplevel) == parent)
        found = OSSA_IMPORT_DIALOG (toplevel);
    }
  return found;
}
