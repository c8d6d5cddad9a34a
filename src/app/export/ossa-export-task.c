/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-export-task"

#include "config.h"

#include <string.h>

#include "ossa-export-task.h"

/* What the worker owns: the document copy, the settings with their strings, and
 * the progress it last reached, handed to the main thread by one idle at a time
 * (a fast export would otherwise queue an idle a frame). */
typedef struct
{
  OssaDocument           *doc;
  OssaExportSettings      settings;
  char                   *animation, *output, *base_dir;
  GMainContext           *context;
  OssaExportTaskProgress  progress;
  gpointer                progress_data;
  GCancellable           *cancellable;

  GMutex                  lock;
  gsize                   done, total;
  gboolean                idle_pending;
  gboolean                finished;        /* no more progress once the answer is due */
  OssaExportResult        result;
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;

  ossa_document_free (job->doc);
  g_free (job->animation);
  g_free (job->output);
  g_free (job->base_dir);
  g_main_context_unref (job->context);
  g_clear_object (&job->cancellable);
  ossa_export_result_clear (&job->result);
  g_mutex_clear (&job->lock);
  g_free (job);
}

static gboolean
progress_idle_cb (gpointer user_data)
{
  GTask *task = user_data;
  Job *job = g_task_get_task_data (task);
  gsize done, total;
  gboolean finished;

  g_mutex_lock (&job->lock);
  done = job->done;
  total = job->total;
  finished = job->finished;
  job->idle_pending = FALSE;
  g_mutex_unlock (&job->lock);
  if (!finished && job->progress != NULL && !g_cancellable_is_cancelled (job->cancellable))
    job->progress (done, total, job->progress_data);
  return G_SOURCE_REMOVE;
}

/* On the worker thread. */
static void
job_progress (size_t   done,
              size_t   total,
              gpointer user_data)
{
  GTask *task = user_data;
  Job *job = g_task_get_task_data (task);
  gboolean schedule;

  g_mutex_lock (&job->lock);
  job->done = done;
  job->total = total;
  schedule = !job->idle_pending;
  job->idle_pending = TRUE;
  g_mutex_unlock (&job->lock);
  if (schedule)
    {
      GSource *source = g_idle_source_new ();

      g_source_set_callback (source, progress_idle_cb, g_object_ref (task), g_object_unref);
      g_source_attach (source, job->context);
      g_source_unref (source);
    }
}

static void
run_thread (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  Job *job = task_data;
  GError *error = NULL;
  gboolean ok;

  ok = ossa_export_run (job->doc, &job->settings, job_progress, task, cancellable,
                        &job->result, &error);
  g_mutex_lock (&job->lock);
  job->finished = TRUE;
  g_mutex_unlock (&job->lock);
  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    {
      if (error == NULL)
        error = g_error_new_literal (OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO,
                                     "the export failed");
      g_task_return_error (task, error);
    }
}

/**
 * ossa_export_task_run_async:
 * @doc: (transfer full): the document to export, a copy that nothing else changes
 * @settings: what to export; copied, strings included
 * @cancellable: (nullable): stops the job (nothing is left under a final name)
 * @progress: (nullable): called on the calling thread's main context
 * @progress_data: data for @progress; it must live until @callback runs
 * @callback: called once the job ended
 * @user_data: data for @callback
 */
void
ossa_export_task_run_async (OssaDocument              *doc,
                            const OssaExportSettings  *settings,
                            GCancellable              *cancellable,
                            OssaExportTaskProgress     progress,
                            gpointer                   progress_data,
                            GAsyncReadyCallback        callback,
                            gpointer                   user_data)
{
  g_autoptr(GTask) task = NULL;
  Job *job;

  g_return_if_fail (doc != NULL);
  g_return_if_fail (settings != NULL);

  job = g_new0 (Job, 1);
  g_mutex_init (&job->lock);
  job->doc = doc;
  job->settings = *settings;
  job->animation = g_strdup (settings->animation);
  job->output = g_strdup (settings->output);
  job->base_dir = g_strdup (settings->base_dir);
  job->settings.animation = job->animation;
  job->settings.output = job->output;
  job->settings.base_dir = job->base_dir;
  job->context = g_main_context_ref_thread_default ();
  job->progress = progress;
  job->progress_data = progress_data;
  job->cancellable = cancellable != NULL ? g_object_ref (cancellable) : g_cancellable_new ();

  task = g_task_new (NULL, job->cancellable, callback, user_data);
  g_task_set_source_tag (task, ossa_export_task_run_async);
  g_task_set_task_data (task, job, job_free);
  /* The job's own answer: a cancel is its G_IO_ERROR_CANCELLED, after it cleaned up. */
  g_task_set_return_on_cancel (task, FALSE);
  g_task_set_check_cancellable (task, FALSE);
  g_task_run_in_thread (task, run_thread);
}

/**
 * ossa_export_task_run_finish:
 * @export_result: (out caller-allocates): what was written, on success
 *
 * Returns: whether the export was written; %G_IO_ERROR_CANCELLED when it was stopped
 */
gboolean
ossa_export_task_run_finish (GAsyncResult      *result,
                             OssaExportResult  *export_result,
                             GError           **error)
{
  Job *job;

  g_return_val_if_fail (G_IS_TASK (result), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ossa_export_task_run_async,
                        FALSE);

  memset (export_result, 0, sizeof *export_result);
  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  job = g_task_get_task_data (G_TASK (result));
  *export_result = job->result;
  memset (&job->result, 0, sizeof job->result);
  return TRUE;
}
