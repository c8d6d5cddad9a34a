/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-smd-import"

#include "config.h"

#include <glib/gi18n.h>

#include "ossa-gerror.h"
#include "ossa-smd-import-worker.h"

/* What one import shares between the caller's main context and the worker thread.
 * Reference counted: the task holds it, and so does each progress report on its
 * way to the main context. */
typedef struct
{
  /* Set up before the thread starts, then the worker's. */
  gboolean                    whole_model;  /* paths[0] is a .qc: ossa_qc_import_file() */
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
      g_source_set_static_name (source, job->whole_model ? "[ossa] .qc import progress"
                                                         : "[ossa] SMD import progress");
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
  if (job->whole_model)
    doc = ossa_qc_import_file (job->paths[0], &job->options, &err);
  else
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

/* Both imports' start: the job copied from the caller's files and options, then
 * the worker thread, or the task ended at once when a file is not local. */
static void
start_import (GTask                      *task,
              gboolean                    whole_model,
              GFile * const              *files,
              guint                       n_files,
              const OssaSmdImportOptions *options,
              GCancellable               *cancellable,
              OssaSmdImportProgressFunc   progress,
              gpointer                    progress_data)
{
  ImportJob *job = g_atomic_rc_box_new0 (ImportJob);

  job->whole_model = whole_model;
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

/* Both imports' end: the document, and its notices when it came. */
static OssaDocument *
finish_import (GAsyncResult   *result,
               char         ***notices,
               GError        **error)
{
  ImportJob *job = g_task_get_task_data (G_TASK (result));
  OssaDocument *doc;

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

  g_return_if_fail (files != NULL || n_files == 0);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, ossa_smd_import_async);
  g_task_set_name (task, "[ossa] SMD import");
  start_import (task, FALSE, files, n_files, options, cancellable, progress, progress_data);
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
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ossa_smd_import_async, NULL);

  return finish_import (result, notices, error);
}

/**
 * ossa_qc_import_async:
 * @file: the .qc file
 * @options: (nullable): plane and simplification (each sequence has its own
 *   frame rate); its callbacks are not used (%NULL: the defaults)
 * @cancellable: (nullable): as for ossa_smd_import_async()
 * @progress: (nullable): as for ossa_smd_import_async()
 * @progress_data: data for @progress; must live until @callback runs
 * @callback: called on the caller's main context when the import is over
 * @user_data: data for @callback
 *
 * Imports the model as `ossa-cli import-qc` does (ossa_qc_import_file()), on a
 * worker thread, the same way as the SMD import. Finish with
 * ossa_qc_import_finish().
 */
void
ossa_qc_import_async (GFile                      *file,
                      const OssaSmdImportOptions *options,
                      GCancellable               *cancellable,
                      OssaSmdImportProgressFunc   progress,
                      gpointer                    progress_data,
                      GAsyncReadyCallback         callback,
                      gpointer                    user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, ossa_qc_import_async);
  g_task_set_name (task, "[ossa] .qc import");
  start_import (task, TRUE, &file, 1, options, cancellable, progress, progress_data);
}

/**
 * ossa_qc_import_finish:
 * @result: the result given to the callback
 * @notices: (out) (optional) (transfer full): what the import reported without
 *   failing (commands Ossa does not use, bones skipped), as "file:LINE: message";
 *   an empty array when there was nothing
 * @error: return location for a #GError: the core's "PATH:LINE: message", or
 *   %G_IO_ERROR_CANCELLED
 *
 * Returns: (transfer full) (nullable): the new document, or %NULL on failure
 */
OssaDocument *
ossa_qc_import_finish (GAsyncResult   *result,
                       char         ***notices,
                       GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ossa_qc_import_async, NULL);

  return finish_import (result, notices, error);
}
