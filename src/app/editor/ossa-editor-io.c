/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-editor"

#include "config.h"

/* Opening and saving the editor's document. The slow parts run on a worker
 * thread: reading, decoding and checking a file; copying the document (the
 * snapshot a save writes), encoding it and writing it atomically. The main
 * thread only puts a loaded document in place. While a save's worker copies the
 * document, the document is read by two threads and changed by none: an edit
 * (or a new document) made meanwhile waits for the copy first, see
 * _ossa_editor_wait_for_snapshot(). Each file read or written leaves its stamp
 * (device, inode, size, modification time), so that a save over a file another
 * program changed since can stop and ask. */

#include <errno.h>
#include <sys/stat.h>

#include <glib/gi18n.h>

#include "ossa-io.h"

#include "ossa-editor-private.h"
#include "ossa-gerror.h"

/* Stamps ---------------------------------------------------------------------- */

/* The stamp of the file at path now; unknown when there is none. */
static OssaFileStamp
stamp_of (const char *path)
{
  OssaFileStamp stamp = { 0 };
  struct stat st;

  if (stat (path, &st) != 0)
    return stamp;
  stamp.known = TRUE;
  stamp.device = (guint64) st.st_dev;
  stamp.inode = (guint64) st.st_ino;
  stamp.size = (gint64) st.st_size;
  stamp.mtime_ns = (gint64) st.st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000)
                   + st.st_mtim.tv_nsec;
  return stamp;
}

static gboolean
stamps_equal (const OssaFileStamp *a,
              const OssaFileStamp *b)
{
  return a->known == b->known && a->device == b->device && a->inode == b->inode
         && a->size == b->size && a->mtime_ns == b->mtime_ns;
}

/* Whether the stamp the editor holds is about file. */
static gboolean
stamp_is_of (OssaEditor *self,
             GFile      *file)
{
  return self->stamp.known && self->file != NULL && g_file_equal (self->file, file);
}

void
ossa_editor_get_file_stamp (OssaEditor    *self,
                            OssaFileStamp *stamp)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  g_return_if_fail (stamp != NULL);
  *stamp = self->file != NULL ? self->stamp : (OssaFileStamp) { 0 };
}

/**
 * ossa_editor_file_changed_on_disk:
 * @file: a file
 *
 * Returns: whether @file is the editor's file and was written or replaced by
 *   someone else since the editor read or wrote it; %FALSE when it is gone
 */
gboolean
ossa_editor_file_changed_on_disk (OssaEditor *self,
                                  GFile      *file)
{
  g_autofree char *path = NULL;
  OssaFileStamp now;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  if (!stamp_is_of (self, file) || (path = g_file_get_path (file)) == NULL)
    return FALSE;
  now = stamp_of (path);
  return now.known && !stamps_equal (&now, &self->stamp);
}

static char *
local_path (GFile      *file,
            gboolean    saving,
            GError    **error)
{
  char *path = g_file_get_path (file);

  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      if (saving)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                     _("%s: only local files can be saved"), uri);
      else
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                     _("%s: only local files can be opened"), uri);
    }
  return path;
}

/* Freeing off the main thread ------------------------------------------------- */

static void
free_document_thread (GTask        *task,
                      gpointer      source,
                      gpointer      task_data,
                      GCancellable *cancellable)
{
  ossa_document_free (task_data);
}

void
_ossa_editor_free_document_later (OssaDocument *doc)
{
  g_autoptr(GTask) task = NULL;

  if (doc == NULL)
    return;
  /* A new, empty document is freed at once: no thread for nothing. */
  if (doc->skeleton.n_bones == 0 && doc->n_animations == 0 && doc->n_maps == 0)
    {
      ossa_document_free (doc);
      return;
    }
  task = g_task_new (NULL, NULL, NULL, NULL);
  g_task_set_source_tag (task, _ossa_editor_free_document_later);
  /* The thread frees it: task data would be freed with the task, which may be
   * on the main thread. */
  g_task_set_task_data (task, doc, NULL);
  g_task_run_in_thread (task, free_document_thread);
}

/* Loading --------------------------------------------------------------------- */

typedef struct
{
  char          *path;
  OssaDocument  *doc;     /* the worker's result */
  OssaFileStamp  stamp;   /* the file's before it was read */
} LoadJob;

static void
load_job_free (LoadJob *job)
{
  g_free (job->path);
  _ossa_editor_free_document_later (job->doc);
  g_free (job);
}

/* Any thread: reads, decodes and checks the file. */
static gboolean
load_job_run (LoadJob  *job,
              GError  **error)
{
  OssaError err = { 0 };

  job->stamp = stamp_of (job->path);
  job->doc = ossa_document_load (job->path, &err);
  if (job->doc == NULL)
    {
      ossa_gerror_set_from_core (error, &err);
      return FALSE;
    }
  /* The editor holds image paths absolute (ossa-editor-art-files.c). */
  {
    g_autoptr (GFile) file = g_file_new_for_path (job->path);
    g_autoptr (GFile) folder = g_file_get_parent (file);

    _ossa_editor_absolute_image_paths (job->doc, folder);
  }
  return TRUE;
}

/* The main thread: the loaded document becomes the editor's. */
static void
load_job_finish (OssaEditor *self,
                 LoadJob    *job,
                 GFile      *file)
{
  _ossa_editor_replace_document (self, g_steal_pointer (&job->doc), file, FALSE);
  self->stamp = job->stamp;
}

/**
 * ossa_editor_load:
 *
 * Opens @file, blocking until it is read (ossa_editor_load_async() does not). On
 * failure the open document stays as it was and @error holds the core's message,
 * naming the file.
 */
gboolean
ossa_editor_load (OssaEditor *self, GFile *file, GError **error)
{
  LoadJob *job;
  gboolean ok;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  job = g_new0 (LoadJob, 1);
  job->path = local_path (file, FALSE, error);
  ok = job->path != NULL && load_job_run (job, error);
  if (ok)
    load_job_finish (self, job, file);
  load_job_free (job);
  return ok;
}

static void
load_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GError *error = NULL;

  if (load_job_run (task_data, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
load_thread_done_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  OssaEditor *self = OSSA_EDITOR (source);
  GError *error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      g_task_return_error (task, error);
      return;
    }
  if (g_task_return_error_if_cancelled (task))
    return;
  load_job_finish (self, g_task_get_task_data (G_TASK (result)), g_task_get_task_data (task));
  g_task_return_boolean (task, TRUE);
}

/**
 * ossa_editor_load_async:
 * @file: a .ossa document
 * @cancellable: (nullable): cancelling it keeps the open document
 * @callback: called once @file is the document, or could not be
 * @user_data: data for @callback
 *
 * Opens @file: reads, decodes and checks it on a worker thread, then replaces the
 * document on the main thread (before @callback runs). Finish with
 * ossa_editor_load_finish(); on failure the document stays as it was.
 */
void
ossa_editor_load_async (OssaEditor          *self,
                        GFile               *file,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GTask) thread = NULL;
  GError *error = NULL;
  LoadJob *job;

  g_return_if_fail (OSSA_IS_EDITOR (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ossa_editor_load_async);
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);

  job = g_new0 (LoadJob, 1);
  job->path = local_path (file, FALSE, &error);
  if (job->path == NULL)
    {
      load_job_free (job);
      g_task_return_error (task, error);
      return;
    }
  thread = g_task_new (self, NULL, load_thread_done_cb, g_steal_pointer (&task));
  g_task_set_source_tag (thread, load_thread);
  g_task_set_task_data (thread, job, (GDestroyNotify) load_job_free);
  g_task_run_in_thread (thread, load_thread);
}

gboolean
ossa_editor_load_finish (OssaEditor    *self,
                         GAsyncResult  *result,
                         GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ossa_editor_load_async,
                        FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* Saving ---------------------------------------------------------------------- */

/* Opened by a save's worker once its copy of the editor's document is taken:
 * until then the main thread may read the document but not change it. Shared
 * by the job and the editor (snapshot_gate), each holding a reference. */
struct _OssaSnapshotGate
{
  gint          ref_count;
  GMutex        mutex;
  GCond         cond;
  gboolean      open;
};

static OssaSnapshotGate *
snapshot_gate_new (void)
{
  OssaSnapshotGate *gate = g_new0 (OssaSnapshotGate, 1);

  gate->ref_count = 1;
  g_mutex_init (&gate->mutex);
  g_cond_init (&gate->cond);
  return gate;
}

static OssaSnapshotGate *
snapshot_gate_ref (OssaSnapshotGate *gate)
{
  g_atomic_int_inc (&gate->ref_count);
  return gate;
}

static void
snapshot_gate_unref (OssaSnapshotGate *gate)
{
  if (!g_atomic_int_dec_and_test (&gate->ref_count))
    return;
  g_mutex_clear (&gate->mutex);
  g_cond_clear (&gate->cond);
  g_free (gate);
}

static void
snapshot_gate_open (OssaSnapshotGate *gate)
{
  g_mutex_lock (&gate->mutex);
  gate->open = TRUE;
  g_cond_broadcast (&gate->cond);
  g_mutex_unlock (&gate->mutex);
}

/**
 * _ossa_editor_wait_for_snapshot:
 *
 * The main thread, before anything changes or drops the document: returns once
 * no save is copying it (at once, nearly always; right after a save of a big
 * document began, when its worker has not finished the copy, after it has).
 */
void
_ossa_editor_wait_for_snapshot (OssaEditor *self)
{
  OssaSnapshotGate *gate = g_steal_pointer (&self->snapshot_gate);

  if (gate == NULL)
    return;
  g_mutex_lock (&gate->mutex);
  while (!gate->open)
    g_cond_wait (&gate->cond, &gate->mutex);
  g_mutex_unlock (&gate->mutex);
  snapshot_gate_unref (gate);
}

typedef struct
{
  GFile         *file;
  char          *path;
  const OssaDocument *source;   /* the editor's, until the snapshot is taken */
  OssaSnapshotGate   *gate;     /* NULL when the save blocks the main thread */
  OssaDocument  *snapshot;      /* the worker frees it */
  gboolean       check;         /* refuse when the file's stamp is not expected */
  OssaFileStamp  expected;
  OssaFileStamp  written;       /* the worker's result */
  guint          generation;
  gboolean       was_modified;
  guint64        n_edits;       /* ossa_editor_get_n_edits() at the snapshot */
} SaveJob;

static void
save_job_free (SaveJob *job)
{
  g_clear_object (&job->file);
  g_free (job->path);
  g_clear_pointer (&job->snapshot, ossa_document_free);
  g_clear_pointer (&job->gate, snapshot_gate_unref);
  g_free (job);
}

/* The main thread: what to write (the document as it is now, copied by
 * save_job_snapshot()), and the history marked saved at it. With gated, the
 * copy is taken on another thread: the document stays unchanged till then. */
static SaveJob *
save_job_begin (OssaEditor           *self,
                GFile                *file,
                OssaEditorSaveFlags   flags,
                gboolean              gated,
                GError              **error)
{
  g_autofree char *path = NULL;
  SaveJob *job;

  if (self->saving)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_PENDING,
                           _("The document is being saved already"));
      return NULL;
    }
  path = local_path (file, TRUE, error);
  if (path == NULL)
    return NULL;

  job = g_new0 (SaveJob, 1);
  job->source = self->document;
  if (gated)
    {
      /* A save that began before waited for its copy when it ended. */
      g_assert (self->snapshot_gate == NULL);
      job->gate = snapshot_gate_new ();
      self->snapshot_gate = snapshot_gate_ref (job->gate);
    }
  job->file = g_object_ref (file);
  job->path = g_steal_pointer (&path);
  job->check = !(flags & OSSA_EDITOR_SAVE_OVERWRITE) && stamp_is_of (self, file);
  job->expected = self->stamp;
  job->generation = self->generation;
  job->was_modified = self->modified;
  job->n_edits = self->n_edits;

  /* Edits from now on are changes since this save: the history follows them
   * (merges, undo, redo) from here. Until the file is written the document
   * stays as modified as it was. */
  ossa_history_mark_saved (self->history);
  self->saving = TRUE;
  self->saving_modified = job->was_modified;
  return job;
}

/* Any thread: the snapshot to write, a copy of the editor's document as it
 * was when the save began (a copy of 100 MB takes the better part of a tenth
 * of a second: not on the main thread); then the editor may change it again. */
void (*_ossa_editor_before_snapshot) (void) = NULL;

static void
save_job_snapshot (SaveJob *job)
{
  if (_ossa_editor_before_snapshot != NULL && job->gate != NULL)
    _ossa_editor_before_snapshot ();
  job->snapshot = ossa_document_copy (job->source);
  if (job->snapshot == NULL)
    g_error ("out of memory");
  job->source = NULL;
  if (job->gate != NULL)
    snapshot_gate_open (job->gate);
}

/* Any thread: takes the snapshot, checks the file is still the one the editor
 * knows, then writes. */
static gboolean
save_job_run (SaveJob  *job,
              GError  **error)
{
  OssaError err = { 0 };
  gboolean ok;

  save_job_snapshot (job);

  if (job->check)
    {
      OssaFileStamp now = stamp_of (job->path);

      /* Gone is not changed: writing puts it back. */
      if (now.known && !stamps_equal (&now, &job->expected))
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG,
                               _("The file was changed by another program since it was opened"));
          return FALSE;
        }
    }
  /* The copy written has its image paths relative to where it goes. */
  {
    g_autoptr (GFile) folder = g_file_get_parent (job->file);

    if (!_ossa_editor_relative_image_paths (job->snapshot, folder, error))
      return FALSE;
  }
  ok = ossa_document_save (job->snapshot, job->path, &err);
  /* A big snapshot takes a while to free: here, not on the main thread. */
  g_clear_pointer (&job->snapshot, ossa_document_free);
  if (!ok)
    {
      g_autofree char *folder = g_path_get_dirname (job->path);

      /* Said plainly: the core only knows it could not create a file there. */
      if (!g_file_test (folder, G_FILE_TEST_IS_DIR))
        {
          g_autofree char *display = g_filename_display_name (job->path);
          g_autofree char *display_folder = g_filename_display_name (folder);

          /* Translators: the first %s is the file being saved, the second its folder */
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                       _("%s: the folder %s no longer exists; save the document somewhere else with Save As…"),
                       display, display_folder);
          return FALSE;
        }
      /* Said with what to do: the core's "No space left on device" does not. */
      if (err.code == OSSA_ERROR_IO && (err.errno_value == ENOSPC || err.errno_value == EDQUOT))
        {
          g_autofree char *display = g_filename_display_name (job->path);

          /* Translators: %s is the file being saved */
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                       _("%s: the disk is full; free some space, or save the document somewhere else with Save As…"),
                       display);
          return FALSE;
        }
      ossa_gerror_set_from_core (error, &err);
      return FALSE;
    }
  job->written = stamp_of (job->path);
  return TRUE;
}

/* The main thread: what the save means for the document. */
static void
save_job_end (OssaEditor *self,
              SaveJob    *job,
              gboolean    ok)
{
  /* The worker is done: its copy was taken (the gate is open). */
  if (self->snapshot_gate == job->gate)
    _ossa_editor_wait_for_snapshot (self);
  self->saving = FALSE;
  /* Another document was opened meanwhile: this save was about the old one. */
  if (job->generation != self->generation)
    return;
  self->saving_modified = FALSE;
  if (ok)
    {
      self->save_point_lost = FALSE;
      self->never_saved = FALSE;
      self->stamp = job->written;
      if (self->file == NULL || !g_file_equal (self->file, job->file))
        {
          g_set_object (&self->file, job->file);
          _ossa_editor_notify (self, PROP_FILE);
        }
    }
  else if (job->was_modified)
    {
      /* The history was marked saved at the snapshot, which is not on disk. */
      self->save_point_lost = TRUE;
    }
  _ossa_editor_notify_history (self);
  if (ok)
    _ossa_editor_saved (self, job->n_edits);
}

/**
 * ossa_editor_save:
 *
 * Writes the document to @file atomically, blocking until it is written (see
 * ossa_editor_save_async(), which does not, for the rest). On success @file
 * becomes the document's file and the document counts as saved; on failure
 * nothing changes (the old file on disk included) and @error says why.
 */
gboolean
ossa_editor_save (OssaEditor *self, GFile *file, GError **error)
{
  SaveJob *job;
  gboolean ok;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  job = save_job_begin (self, file, OSSA_EDITOR_SAVE_DEFAULT, FALSE, error);
  if (job == NULL)
    return FALSE;
  ok = save_job_run (job, error);
  save_job_end (self, job, ok);
  save_job_free (job);
  return ok;
}

static void
save_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GError *error = NULL;

  if (save_job_run (task_data, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
save_thread_done_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;
  gboolean ok = g_task_propagate_boolean (G_TASK (result), &error);

  save_job_end (OSSA_EDITOR (source), g_task_get_task_data (G_TASK (result)), ok);
  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/**
 * ossa_editor_save_async:
 * @file: where to write
 * @flags: #OssaEditorSaveFlags
 * @callback: called once the file is written, or could not be
 * @user_data: data for @callback
 *
 * Saves the document as it is now: a snapshot of it is copied, encoded and
 * written atomically on a worker thread. The document may be edited meanwhile
 * (an edit made before the copy is done waits for it, a fraction of a second
 * for a document of 100 MB); it counts as saved afterwards only if it was not. One save at a time: a second
 * while one runs fails with %G_IO_ERROR_PENDING. A save over the editor's own
 * file that another program changed since fails with %G_IO_ERROR_WRONG_ETAG
 * unless @flags has %OSSA_EDITOR_SAVE_OVERWRITE. On failure the file on disk is
 * as it was and the document keeps its changes. It cannot be cancelled: a save
 * started runs to its end. Finish with ossa_editor_save_finish().
 */
void
ossa_editor_save_async (OssaEditor          *self,
                        GFile               *file,
                        OssaEditorSaveFlags  flags,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GTask) thread = NULL;
  GError *error = NULL;
  SaveJob *job;

  g_return_if_fail (OSSA_IS_EDITOR (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (task, ossa_editor_save_async);
  job = save_job_begin (self, file, flags, TRUE, &error);
  if (job == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  thread = g_task_new (self, NULL, save_thread_done_cb, g_steal_pointer (&task));
  g_task_set_source_tag (thread, save_thread);
  g_task_set_task_data (thread, job, (GDestroyNotify) save_job_free);
  g_task_run_in_thread (thread, save_thread);
}

gboolean
ossa_editor_save_finish (OssaEditor    *self,
                         GAsyncResult  *result,
                         GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ossa_editor_save_async,
                        FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

guint
ossa_editor_get_generation (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), 0);
  return self->generation;
}

gboolean
ossa_editor_get_saving (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  return self->saving;
}
