/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-smd-import"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "ossa-dialogs.h"
#include "ossa-gerror.h"
#include "ossa-smd-import.h"
#include "ossa-window-private.h"

/* At most this many notices are listed; the rest are counted. */
#define NOTICES_SHOWN 200

/* ---- the worker ------------------------------------------------------------- */

/* What one import shares between the caller's main context and the worker thread.
 * Reference counted: the task holds it, and so does each progress report on its
 * way to the main context. */
typedef struct
{
  /* Set up before the thread starts, then the worker's. */
  char                      **paths;
  guint                       n_paths;
  OssaSmdImportOptions        options;
  GPtrArray                  *notices;      /* "file.smd:LINE: message" */

  /* The core polls this; the GCancellable sets it from whichever thread cancels. */
  atomic_bool                 cancel;
  GCancellable               *cancellable;
  gulong                      cancelled_id;

  /* Progress: the worker posts the latest fraction, the main context shows it.
   * At most one report is on its way at a time; it reads the latest value. */
  GMainContext               *context;
  GMutex                      lock;
  double                      fraction;
  gboolean                    posted;
  OssaSmdImportProgressFunc   progress;
  gpointer                    progress_data;
  gboolean                    finished;     /* main context only: no more reports */
} ImportJob;

static void
import_job_clear (gpointer data)
{
  ImportJob *job = data;

  if (job->cancellable != NULL)
    g_cancellable_disconnect (job->cancellable, job->cancelled_id);
  g_clear_object (&job->cancellable);
  g_strfreev (job->paths);
  g_ptr_array_unref (job->notices);
  g_main_context_unref (job->context);
  g_mutex_clear (&job->lock);
}

static void
import_job_release (gpointer data)
{
  g_atomic_rc_box_release_full (data, import_job_clear);
}

static void
import_job_cancelled_cb (GCancellable *cancellable,
                         gpointer      data)
{
  ImportJob *job = data;

  atomic_store (&job->cancel, true);
}

static gboolean
deliver_progress_cb (gpointer data)
{
  ImportJob *job = data;
  double fraction;

  g_mutex_lock (&job->lock);
  fraction = job->fraction;
  job->posted = FALSE;
  g_mutex_unlock (&job->lock);

  if (!job->finished && job->progress != NULL)
    job->progress (fraction, job->progress_data);
  return G_SOURCE_REMOVE;
}

/* On the worker thread. */
static void
import_progress_cb (double  fraction,
                    void   *user_data)
{
  ImportJob *job = user_data;
  gboolean post;

  g_mutex_lock (&job->lock);
  job->fraction = CLAMP (fraction, 0.0, 1.0);
  post = !job->posted;
  job->posted = TRUE;
  g_mutex_unlock (&job->lock);

  if (post)
    {
      GSource *source = g_idle_source_new ();

      g_source_set_priority (source, G_PRIORITY_DEFAULT);
      g_source_set_callback (source, deliver_progress_cb, g_atomic_rc_box_acquire (job),
                             import_job_release);
      g_source_set_static_name (source, "[ossa] SMD import progress");
      g_source_attach (source, job->context);
      g_source_unref (source);
    }
}

/* On the worker thread: a person reads the file's name, not its whole path. */
static void
import_notice_cb (const char *path,
                  int         line,
                  const char *message,
                  void       *user_data)
{
  ImportJob *job = user_data;
  g_autofree char *name = path != NULL ? g_path_get_basename (path) : g_strdup ("");
  g_autofree char *display = g_filename_display_name (name);
  g_autofree char *text = NULL;

  if (line > 0)
    text = g_strdup_printf ("%s:%d: %s", display, line, message);
  else
    text = g_strdup_printf ("%s: %s", display, message);
  g_ptr_array_add (job->notices, g_utf8_make_valid (text, -1));
}

static void
import_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ImportJob *job = task_data;
  OssaDocument *doc;
  OssaError err;
  GError *error = NULL;

  ossa_error_clear (&err);
  doc = ossa_smd_import_files ((const char * const *) job->paths, job->n_paths, &job->options,
                               &err);
  /* What the editor holds is always valid; a document the importer made should
   * be, but the check is cheap next to the reading. */
  if (doc != NULL && !ossa_document_validate (doc, &err))
    g_clear_pointer (&doc, ossa_document_free);
  if (doc != NULL)
    {
      g_task_return_pointer (task, doc, (GDestroyNotify) ossa_document_free);
      return;
    }
  if (err.code == OSSA_ERROR_CANCELLED)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                             _("The import was cancelled"));
  else
    {
      ossa_gerror_set_from_core (&error, &err);
      g_task_return_error (task, error);
    }
}

/**
 * ossa_smd_import_async:
 * @files: (array length=n_files): the reference SMD, then any animation SMDs
 * @n_files: how many, at least 1
 * @options: (nullable): plane, frame rate and simplification; its callbacks are
 *   not used (%NULL: ossa_smd_import_options_init()'s defaults)
 * @cancellable: (nullable): stops the import, which then ends with
 *   %G_IO_ERROR_CANCELLED and no document
 * @progress: (nullable): called now and then on the caller's thread-default main
 *   context, before @callback, with how far the import is
 * @progress_data: data for @progress; must live until @callback runs
 * @callback: called on the same main context when the import is over
 * @user_data: data for @callback
 *
 * Imports the files as ossa_smd_import_files() does, on a worker thread. Finish
 * with ossa_smd_import_finish().
 */
void
ossa_smd_import_async (GFile * const              *files,
                       guint                       n_files,
                       const OssaSmdImportOptions *options,
                       GCancellable               *cancellable,
                       OssaSmdImportProgressFunc   progress,
                       gpointer                    progress_data,
                       GAsyncReadyCallback         callback,
                       gpointer                    user_data)
{
  g_autoptr(GTask) task = NULL;
  ImportJob *job;

  g_return_if_fail (files != NULL || n_files == 0);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, ossa_smd_import_async);
  g_task_set_name (task, "[ossa] SMD import");

  job = g_atomic_rc_box_new0 (ImportJob);
  job->paths = g_new0 (char *, n_files + 1);
  job->n_paths = n_files;
  job->notices = g_ptr_array_new_with_free_func (g_free);
  job->context = g_main_context_ref_thread_default ();
  g_mutex_init (&job->lock);
  job->progress = progress;
  job->progress_data = progress_data;
  atomic_init (&job->cancel, false);
  if (options != NULL)
    job->options = *options;
  else
    ossa_smd_import_options_init (&job->options);
  job->options.callbacks.progress = import_progress_cb;
  job->options.callbacks.notice = import_notice_cb;
  job->options.callbacks.user_data = job;
  job->options.callbacks.cancel = &job->cancel;
  g_task_set_task_data (task, job, import_job_release);

  for (guint i = 0; i < n_files; i++)
    {
      job->paths[i] = g_file_get_path (files[i]);
      if (job->paths[i] == NULL)
        {
          g_autofree char *uri = g_file_get_uri (files[i]);

          g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                                   _("%s: only local files can be imported"), uri);
          return;
        }
    }
  if (n_files == 0)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               _("Choose a reference SMD file to import"));
      return;
    }

  if (cancellable != NULL)
    {
      job->cancellable = g_object_ref (cancellable);
      job->cancelled_id = g_cancellable_connect (cancellable,
                                                 G_CALLBACK (import_job_cancelled_cb),
                                                 job, NULL);
    }
  g_task_run_in_thread (task, import_thread);
}

/**
 * ossa_smd_import_finish:
 * @result: the result given to the callback
 * @notices: (out) (optional) (transfer full): what the import reported without
 *   failing (bones skipped, vertex animation not kept), as "file.smd:LINE: message";
 *   an empty array when there was nothing
 * @error: return location for a #GError: the core's "PATH:LINE: message", or
 *   %G_IO_ERROR_CANCELLED
 *
 * Returns: (transfer full) (nullable): the new document, or %NULL on failure
 */
OssaDocument *
ossa_smd_import_finish (GAsyncResult   *result,
                        char         ***notices,
                        GError        **error)
{
  ImportJob *job;
  OssaDocument *doc;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ossa_smd_import_async, NULL);

  job = g_task_get_task_data (G_TASK (result));
  job->finished = TRUE;
  doc = g_task_propagate_pointer (G_TASK (result), error);
  if (notices != NULL)
    {
      GStrvBuilder *builder = g_strv_builder_new ();

      if (doc != NULL)
        for (guint i = 0; i < job->notices->len; i++)
          g_strv_builder_add (builder, g_ptr_array_index (job->notices, i));
      *notices = g_strv_builder_end (builder);
      g_strv_builder_unref (builder);
    }
  return doc;
}

/* ---- the dialog ------------------------------------------------------------- */

struct _OssaSmdImportDialog
{
  GtkWindow        parent_instance;

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
  GFile           *folder;           /* where the choosers start */
  GtkNativeDialog *chooser;          /* the file chooser open, or NULL */

  GCancellable    *import;           /* the import running, or NULL */
  double           progress;
  gboolean         closed;

  GTask           *run;              /* ossa_smd_import_dialog_run()'s, until answered */
  GCancellable    *run_cancellable;
  gulong           run_cancelled_id;
};

G_DEFINE_FINAL_TYPE (OssaSmdImportDialog, ossa_smd_import_dialog, GTK_TYPE_WINDOW)

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

/* Answers ossa_smd_import_dialog_run(), once: with @document (taken) or, when it
 * is NULL, as dismissed. */
static void
answer_run (OssaSmdImportDialog  *self,
            OssaDocument         *document,
            char                **notices)
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
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                               "The import dialog was closed");
    }
}

static gboolean
is_running (OssaSmdImportDialog *self)
{
  return self->import != NULL;
}

static void
update_actions (OssaSmdImportDialog *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean running = is_running (self);

  gtk_widget_action_set_enabled (widget, "smd-import.import",
                                 self->reference != NULL && !running);
  gtk_widget_action_set_enabled (widget, "smd-import.choose-reference", !running);
  gtk_widget_action_set_enabled (widget, "smd-import.add-animations", !running);
}

static void
set_status (OssaSmdImportDialog *self,
            const char          *text)
{
  gtk_label_set_text (self->status_label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), text != NULL);
}

static void
set_progress (OssaSmdImportDialog *self,
              double               fraction)
{
  self->progress = fraction;
  gtk_progress_bar_set_fraction (self->progress_bar, fraction);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
}

static void
set_running (OssaSmdImportDialog *self,
             GCancellable        *import)
{
  g_set_object (&self->import, import);
  gtk_widget_set_sensitive (self->form, import == NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), import != NULL);
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static char *
dup_display_basename (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);

  return g_filename_display_name (basename);
}

static void
remember_folder (OssaSmdImportDialog *self,
                 GFile               *file)
{
  g_autoptr(GFile) parent = g_file_get_parent (file);

  if (parent != NULL)
    g_set_object (&self->folder, parent);
}

/**
 * ossa_smd_import_dialog_set_reference:
 * @file: (nullable): the reference SMD: skeleton, mesh and, with more than one
 *   frame, an animation of its own
 */
void
ossa_smd_import_dialog_set_reference (OssaSmdImportDialog *self,
                                      GFile               *file)
{
  g_return_if_fail (OSSA_IS_SMD_IMPORT_DIALOG (self));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  g_set_object (&self->reference, file);
  if (file != NULL)
    {
      g_autofree char *name = dup_display_basename (file);
      g_autofree char *parse_name = g_file_get_parse_name (file);

      gtk_label_set_text (self->reference_label, name);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->reference_label), parse_name);
      gtk_widget_remove_css_class (GTK_WIDGET (self->reference_label), "dim-label");
      remember_folder (self, file);
    }
  else
    {
      gtk_label_set_text (self->reference_label, _("None chosen"));
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->reference_label), NULL);
      gtk_widget_add_css_class (GTK_WIDGET (self->reference_label), "dim-label");
    }
  set_status (self, NULL);
  update_actions (self);
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
  remember_folder (self, file);
  set_status (self, NULL);
}

/**
 * ossa_smd_import_dialog_get_options:
 * @options: (out caller-allocates): the plane, frame rate and simplification shown;
 *   no callbacks
 */
void
ossa_smd_import_dialog_get_options (OssaSmdImportDialog  *self,
                                    OssaSmdImportOptions *options)
{
  guint plane;

  g_return_if_fail (OSSA_IS_SMD_IMPORT_DIALOG (self));
  g_return_if_fail (options != NULL);

  ossa_smd_import_options_init (options);
  plane = gtk_drop_down_get_selected (self->plane_dropdown);
  options->plane = plane <= OSSA_SMD_PLANE_YZ ? (OssaSmdPlane) plane : OSSA_SMD_PLANE_XZ;
  options->fps = (float) gtk_spin_button_get_value (self->fps_spin);
  options->simplify = (float) gtk_spin_button_get_value (self->simplify_spin);
}

void
ossa_smd_import_dialog_set_options (OssaSmdImportDialog        *self,
                                    const OssaSmdImportOptions *options)
{
  g_return_if_fail (OSSA_IS_SMD_IMPORT_DIALOG (self));
  g_return_if_fail (options != NULL);

  gtk_drop_down_set_selected (self->plane_dropdown, (guint) options->plane);
  gtk_spin_button_set_value (self->fps_spin, options->fps);
  gtk_spin_button_set_value (self->simplify_spin, options->simplify);
}

/**
 * ossa_smd_import_dialog_get_running:
 *
 * Returns: whether an import is under way (the "running" property)
 */
gboolean
ossa_smd_import_dialog_get_running (OssaSmdImportDialog *self)
{
  g_return_val_if_fail (OSSA_IS_SMD_IMPORT_DIALOG (self), FALSE);
  return is_running (self);
}

/**
 * ossa_smd_import_dialog_get_progress:
 *
 * Returns: how far the running or last import got, 0 to 1 (the "progress" property)
 */
double
ossa_smd_import_dialog_get_progress (OssaSmdImportDialog *self)
{
  g_return_val_if_fail (OSSA_IS_SMD_IMPORT_DIALOG (self), 0);
  return self->progress;
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
  g_autofree char *name = dup_display_basename (file);
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

/* File choosers ------------------------------------------------------------------ */

static void
add_smd_filters (GtkFileChooser *chooser)
{
  static const char *const smd[] = { "smd", "vta", NULL };

  ossa_dialogs_add_filter (chooser, _("SMD files (*.smd, *.vta)"), smd);
  ossa_dialogs_add_filter (chooser, _("All files"), NULL);
}

static void
chooser_response_cb (GtkNativeDialog     *native,
                     int                  response,
                     OssaSmdImportDialog *self)
{
  gboolean for_reference = !gtk_file_chooser_get_select_multiple (GTK_FILE_CHOOSER (native));

  g_signal_handlers_disconnect_by_func (native, chooser_response_cb, self);
  if (response == GTK_RESPONSE_ACCEPT && !self->closed)
    {
      g_autoptr(GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (native));
      guint n = files != NULL ? g_list_model_get_n_items (files) : 0;

      for (guint i = 0; i < n; i++)
        {
          g_autoptr(GFile) file = g_list_model_get_item (files, i);

          if (for_reference)
            ossa_smd_import_dialog_set_reference (self, file);
          else
            ossa_smd_import_dialog_add_animation (self, file);
        }
    }
  gtk_native_dialog_destroy (native);
  if (self->chooser == native)
    g_clear_object (&self->chooser);
}

static void
open_chooser (OssaSmdImportDialog *self,
              gboolean             for_reference)
{
  GtkFileChooserNative *native;

  if (self->chooser != NULL)
    {
      gtk_native_dialog_show (self->chooser);
      return;
    }
  native = gtk_file_chooser_native_new (for_reference ? _("Choose the Reference SMD")
                                                      : _("Add Animation SMDs"),
                                        GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN,
                                        for_reference ? _("_Choose") : _("_Add"),
                                        _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (native), !for_reference);
  add_smd_filters (GTK_FILE_CHOOSER (native));
  if (self->folder != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), self->folder, NULL);
  self->chooser = GTK_NATIVE_DIALOG (native);
  g_signal_connect (native, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (self->chooser);
}

/* Actions ------------------------------------------------------------------------- */

static void
choose_reference_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  open_chooser (OSSA_SMD_IMPORT_DIALOG (widget), TRUE);
}

static void
add_animations_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  open_chooser (OSSA_SMD_IMPORT_DIALOG (widget), FALSE);
}

static void
import_progress (double   fraction,
                 gpointer user_data)
{
  OssaSmdImportDialog *self = user_data;

  if (!self->closed)
    set_progress (self, fraction);
}

static void
import_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(OssaSmdImportDialog) self = user_data;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) notices = NULL;
  OssaDocument *doc;

  doc = ossa_smd_import_finish (result, &notices, &error);
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
  ossa_dialogs_show_error (GTK_WINDOW (self), _("Could not import the SMD files"),
                           error->message);
}

static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  OssaSmdImportDialog *self = OSSA_SMD_IMPORT_DIALOG (widget);
  g_autoptr(GCancellable) cancellable = NULL;
  g_autoptr(GPtrArray) files = NULL;
  OssaSmdImportOptions options;
  guint n;

  if (self->reference == NULL || is_running (self))
    return;

  n = g_list_model_get_n_items (G_LIST_MODEL (self->animations));
  files = g_ptr_array_new_full (n + 1, g_object_unref);
  g_ptr_array_add (files, g_object_ref (self->reference));
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (files, g_list_model_get_item (G_LIST_MODEL (self->animations), i));
  ossa_smd_import_dialog_get_options (self, &options);

  cancellable = g_cancellable_new ();
  set_status (self, NULL);
  set_progress (self, 0.0);
  set_running (self, cancellable);
  ossa_smd_import_async ((GFile * const *) files->pdata, files->len, &options, cancellable,
                         import_progress, self, import_done_cb, g_object_ref (self));
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  OssaSmdImportDialog *self = OSSA_SMD_IMPORT_DIALOG (widget);

  /* Cancel stops an import under way, and closes the dialog otherwise. */
  if (is_running (self))
    g_cancellable_cancel (self->import);
  else
    gtk_window_close (GTK_WINDOW (self));
}

/* GObject ------------------------------------------------------------------------- */

static gboolean
ossa_smd_import_dialog_close_request (GtkWindow *window)
{
  OssaSmdImportDialog *self = OSSA_SMD_IMPORT_DIALOG (window);

  self->closed = TRUE;
  if (self->import != NULL)
    g_cancellable_cancel (self->import);
  answer_run (self, NULL, NULL);
  return GTK_WINDOW_CLASS (ossa_smd_import_dialog_parent_class)->close_request (window);
}

static void
ossa_smd_import_dialog_dispose (GObject *object)
{
  OssaSmdImportDialog *self = OSSA_SMD_IMPORT_DIALOG (object);

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
  gtk_widget_dispose_template (GTK_WIDGET (self), OSSA_TYPE_SMD_IMPORT_DIALOG);
  g_clear_object (&self->reference);
  g_clear_object (&self->animations);
  g_clear_object (&self->folder);

  G_OBJECT_CLASS (ossa_smd_import_dialog_parent_class)->dispose (object);
}

static void
ossa_smd_import_dialog_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  OssaSmdImportDialog *self = OSSA_SMD_IMPORT_DIALOG (object);

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
ossa_smd_import_dialog_class_init (OssaSmdImportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->dispose = ossa_smd_import_dialog_dispose;
  object_class->get_property = ossa_smd_import_dialog_get_property;
  window_class->close_request = ossa_smd_import_dialog_close_request;

  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE, ro);
  properties[PROP_PROGRESS] = g_param_spec_double ("progress", NULL, NULL, 0, 1, 0, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

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

  self->animations = g_list_store_new (G_TYPE_FILE);
  gtk_list_box_bind_model (self->animation_list, G_LIST_MODEL (self->animations),
                           create_animation_row, self, NULL);
  placeholder = gtk_label_new (_("None: only the reference’s own frames"));
  gtk_widget_add_css_class (placeholder, "dim-label");
  gtk_widget_set_margin_top (placeholder, 6);
  gtk_widget_set_margin_bottom (placeholder, 6);
  gtk_list_box_set_placeholder (self->animation_list, placeholder);

  ossa_smd_import_dialog_set_reference (self, NULL);
}

static void
run_cancelled_cb (GCancellable        *cancellable,
                  OssaSmdImportDialog *self)
{
  gtk_window_close (GTK_WINDOW (self));
}

/**
 * ossa_smd_import_dialog_run:
 * @parent: the window the import is for
 * @cancellable: (nullable): closes the dialog (and stops its import) when cancelled
 * @callback: called once the import succeeded (the dialog then closes itself) or
 *   the dialog was closed
 * @user_data: data for @callback
 *
 * Shows the Import SMD dialog, transient for @parent but not modal: @parent keeps
 * working while a large import runs. Errors are shown by the dialog itself, which
 * stays open for another try. Finish with ossa_smd_import_dialog_run_finish().
 */
void
ossa_smd_import_dialog_run (GtkWindow           *parent,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  OssaSmdImportDialog *self;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));

  self = g_object_new (OSSA_TYPE_SMD_IMPORT_DIALOG,
                       "transient-for", parent,
                       NULL);
  self->run = g_task_new (parent, cancellable, callback, user_data);
  g_task_set_source_tag (self->run, ossa_smd_import_dialog_run);
  /* Closing is an answer, not an error of the cancellable's. */
  g_task_set_check_cancellable (self->run, FALSE);
  if (cancellable != NULL)
    {
      self->run_cancellable = g_object_ref (cancellable);
      self->run_cancelled_id = g_signal_connect_object (cancellable, "cancelled",
                                                        G_CALLBACK (run_cancelled_cb), self,
                                                        0);
    }
  gtk_window_present (GTK_WINDOW (self));
}

/**
 * ossa_smd_import_dialog_run_finish:
 * @result: the result given to the callback
 * @notices: (out) (optional) (transfer full): see ossa_smd_import_finish()
 * @error: return location for a #GError: %G_IO_ERROR_CANCELLED when the dialog
 *   was closed without importing
 *
 * Returns: (transfer full) (nullable): the imported document
 */
OssaDocument *
ossa_smd_import_dialog_run_finish (GAsyncResult   *result,
                                   char         ***notices,
                                   GError        **error)
{
  RunResult *r;
  OssaDocument *doc;

  g_return_val_if_fail (G_IS_TASK (result), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ossa_smd_import_dialog_run,
                        NULL);

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

/* Notices ------------------------------------------------------------------------- */

static void
notices_response_cb (GtkDialog *dialog,
                     int        response,
                     gpointer   user_data)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/**
 * ossa_smd_show_notices:
 * @parent: (nullable): the window the import went into
 * @notices: the notices, as ossa_smd_import_finish() gives them
 *
 * Returns: (transfer none): the message window
 */
GtkWindow *
ossa_smd_show_notices (GtkWindow          *parent,
                       const char * const *notices)
{
  guint n = notices != NULL ? g_strv_length ((char **) notices) : 0;
  g_autoptr(GString) text = g_string_new (NULL);
  GtkWidget *dialog, *area, *scroller, *label;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  for (guint i = 0; i < n && i < NOTICES_SHOWN; i++)
    g_string_append_printf (text, "%s%s", i > 0 ? "\n" : "", notices[i]);
  if (n > NOTICES_SHOWN)
    {
      g_string_append_c (text, '\n');
      /* Translators: after the first notices of an import, how many more there are */
      g_string_append_printf (text, ngettext ("… and %u more", "… and %u more",
                                              n - NOTICES_SHOWN),
                              n - NOTICES_SHOWN);
    }

  dialog = gtk_message_dialog_new (parent,
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_INFO,
                                   GTK_BUTTONS_CLOSE,
                                   ngettext ("Imported, with %u note", "Imported, with %u notes",
                                             n),
                                   n);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("Parts of the SMD files that a document "
                                              "cannot hold were left out:"));
  area = gtk_message_dialog_get_message_area (GTK_MESSAGE_DIALOG (dialog));
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 240);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_has_frame (GTK_SCROLLED_WINDOW (scroller), TRUE);
  label = gtk_label_new (text->str);
  gtk_widget_set_name (label, "notices");
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_yalign (GTK_LABEL (label), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 70);
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_end (label, 6);
  gtk_widget_set_margin_top (label, 6);
  gtk_widget_set_margin_bottom (label, 6);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), label);
  gtk_box_append (GTK_BOX (area), scroller);

  g_signal_connect (dialog, "response", G_CALLBACK (notices_response_cb), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

/* ---- in a window ------------------------------------------------------------ */

typedef struct
{
  OssaDocument  *document;
  char         **notices;
} Pending;

static void
pending_free (Pending *p)
{
  ossa_document_free (p->document);
  g_strfreev (p->notices);
  g_free (p);
}

static void
import_answered_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  OssaWindow *window = OSSA_WINDOW (source);
  Pending *p = user_data;

  if (ossa_window_ask_save_changes_finish (window, result))
    {
      /* The canvas fits the new document by itself. */
      ossa_editor_take_document (ossa_window_get_editor (window), g_steal_pointer (&p->document));
      if (p->notices != NULL && p->notices[0] != NULL)
        ossa_smd_show_notices (GTK_WINDOW (window), (const char * const *) p->notices);
    }
  pending_free (p);
}

static void
import_dialog_done_cb (GObject      *source,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  OssaWindow *window = OSSA_WINDOW (source);
  Pending *p = g_new0 (Pending, 1);

  p->document = ossa_smd_import_dialog_run_finish (result, &p->notices, NULL);
  if (p->document == NULL || gtk_widget_in_destruction (GTK_WIDGET (window)))
    {
      /* Closed, or the window went: errors were shown by the dialog. */
      pending_free (p);
      return;
    }
  ossa_window_ask_save_changes (window, import_answered_cb, p);
}

static OssaSmdImportDialog *
find_import_dialog (OssaWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  OssaSmdImportDialog *found = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && found == NULL; i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (OSSA_IS_SMD_IMPORT_DIALOG (toplevel)
          && gtk_window_get_transient_for (toplevel) == GTK_WINDOW (window))
        found = OSSA_SMD_IMPORT_DIALOG (toplevel);
    }
  return found;
}

void
ossa_smd_import_start (OssaWindow *window)
{
  OssaSmdImportDialog *open;

  g_return_if_fail (OSSA_IS_WINDOW (window));

  open = find_import_dialog (window);
  if (open != NULL)
    {
      gtk_window_present (GTK_WINDOW (open));
      return;
    }
  ossa_smd_import_dialog_run (GTK_WINDOW (window), window->cancellable, import_dialog_done_cb,
                              NULL);
}

/* Export -------------------------------------------------------------------------- */

static void
export_response_cb (GtkNativeDialog *native,
                    int              response,
                    OssaWindow      *window)
{
  const OssaDocument *doc = ossa_editor_get_document (ossa_window_get_editor (window));
  g_autoptr(GFile) chosen = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;
  const char *choice;
  gsize animation = 0;
  OssaError err;

  g_signal_handlers_disconnect_by_func (native, export_response_cb, window);
  if (response == GTK_RESPONSE_ACCEPT)
    chosen = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  choice = gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (native), "animation");
  if (choice != NULL)
    animation = (gsize) g_ascii_strtoull (choice, NULL, 10);
  gtk_native_dialog_destroy (native);
  g_object_unref (native);
  if (chosen == NULL || gtk_widget_in_destruction (GTK_WIDGET (window)))
    return;

  file = ossa_dialogs_with_suffix (chosen, "smd");
  path = g_file_get_path (file);
  ossa_error_clear (&err);
  if (animation >= doc->n_animations)
    ossa_error_set (&err, OSSA_ERROR_NOT_FOUND, "the animation is gone");
  else if (path == NULL)
    ossa_error_set (&err, OSSA_ERROR_IO, "only local files can be written");
  else
    ossa_smd_save_animation (doc, animation, path, &err);
  if (err.code != OSSA_ERROR_NONE)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *name = dup_display_basename (file);
      g_autofree char *primary = NULL;

      if (err.path[0] == '\0' && path != NULL)
        ossa_error_set_location (&err, path, 0);
      ossa_gerror_set_from_core (&error, &err);
      /* Translators: %s is a file name */
      primary = g_strdup_printf (_("Could not export “%s”"), name);
      ossa_dialogs_show_error (GTK_WINDOW (window), primary, error->message);
    }
}

static void
export_cancelled_cb (GCancellable    *cancellable,
                     GtkNativeDialog *native)
{
  gtk_native_dialog_hide (native);
  g_signal_emit_by_name (native, "response", GTK_RESPONSE_CANCEL);
}

void
ossa_smd_export_start (OssaWindow *window)
{
  OssaEditor *editor;
  const OssaDocument *doc;
  GtkFileChooserNative *native;
  GtkFileFilter *filter;
  g_autoptr(GPtrArray) ids = NULL;
  g_autoptr(GPtrArray) labels = NULL;
  g_autofree char *current = NULL;
  g_autofree char *suggested = NULL;
  GFile *doc_file;
  int animation;

  g_return_if_fail (OSSA_IS_WINDOW (window));

  editor = ossa_window_get_editor (window);
  doc = ossa_editor_get_document (editor);
  if (doc->n_animations == 0)
    return;
  animation = CLAMP (ossa_editor_get_animation (editor), 0, (int) doc->n_animations - 1);

  native = gtk_file_chooser_native_new (_("Export SMD Animation"),
                                        GTK_WINDOW (window),
                                        GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Export"),
                                        _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);

  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("SMD files (*.smd)"));
  gtk_file_filter_add_suffix (filter, "smd");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (native), filter);
  g_object_unref (filter);

  /* Which animation: a choice in the chooser itself (the portal has them too). */
  ids = g_ptr_array_new_with_free_func (g_free);
  labels = g_ptr_array_new ();
  for (gsize i = 0; i < doc->n_animations; i++)
    {
      g_ptr_array_add (ids, g_strdup_printf ("%" G_GSIZE_FORMAT, i));
      g_ptr_array_add (labels, doc->animations[i].name);
    }
  g_ptr_array_add (ids, NULL);
  g_ptr_array_add (labels, NULL);
  gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (native), "animation", _("Animation"),
                               (const char **) ids->pdata, (const char **) labels->pdata);
  current = g_strdup_printf ("%d", animation);
  gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (native), "animation", current);

  doc_file = ossa_editor_get_file (editor);
  if (doc_file != NULL)
    {
      g_autoptr(GFile) folder = g_file_get_parent (doc_file);

      if (folder != NULL)
        gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), folder, NULL);
    }
  suggested = g_strconcat (doc->animations[animation].name, ".smd", NULL);
  g_strdelimit (suggested, "/\\", '_');
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), suggested);

  /* The handler owns the chooser until it answers. */
  g_signal_connect_object (native, "response", G_CALLBACK (export_response_cb), window, 0);
  g_signal_connect_object (window->cancellable, "cancelled",
                           G_CALLBACK (export_cancelled_cb), native, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}
