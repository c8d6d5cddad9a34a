/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-recovery"

#include "config.h"

/* The autosave of one editor: when to copy, the copy on the main thread and the
 * write on a worker. What the worker writes is guarded by a Slot shared with it,
 * so that a copy removed on the main thread (saved, closed) is never written
 * again by a worker that was already under way. */

#include "ossa-io.h"

#include "ossa-autosave.h"
#include "ossa-recovery-index.h"
#include "ossa-recovery-store.h"

/* One copy id and the lock its writes and its removal take. */
typedef struct
{
  gatomicrefcount ref;
  GMutex          lock;
  char           *folder;
  char           *id;
  gboolean        removed;
} Slot;

static Slot *
slot_new (const char *folder, const char *id)
{
  Slot *slot = g_new0 (Slot, 1);

  g_atomic_ref_count_init (&slot->ref);
  g_mutex_init (&slot->lock);
  slot->folder = g_strdup (folder);
  slot->id = g_strdup (id);
  return slot;
}

static Slot *
slot_ref (Slot *slot)
{
  g_atomic_ref_count_inc (&slot->ref);
  return slot;
}

static void
slot_unref (Slot *slot)
{
  if (!g_atomic_ref_count_dec (&slot->ref))
    return;
  g_mutex_clear (&slot->lock);
  g_free (slot->folder);
  g_free (slot->id);
  g_free (slot);
}

/* Waits for a write under way, then removes the files for good. */
static void
slot_remove (Slot *slot)
{
  g_mutex_lock (&slot->lock);
  slot->removed = TRUE;
  ossa_recovery_remove (slot->folder, slot->id);
  g_mutex_unlock (&slot->lock);
}

/* What a worker writes: the document's copy, made on the main thread. */
typedef struct
{
  Slot         *slot;
  OssaDocument *document;
  char         *index;
  gsize         index_size;
  gint64        worker_us;
} Job;

static void
job_free (Job *job)
{
  slot_unref (job->slot);
  ossa_document_free (job->document);
  g_free (job->index);
  g_free (job);
}

struct _OssaAutosave
{
  GObject      parent_instance;

  OssaEditor  *editor;       /* NULL once closed */
  GSettings   *settings;
  char        *folder;
  Slot        *slot;         /* the copy's, NULL while there is none */
  guint        interval;     /* seconds */
  gboolean     env_interval; /* the environment set it: settings do not count */
  guint        timer;

  guint64      edits_at_copy;  /* the editor's n_edits at the last copy */
  guint64      edits_at_save;  /* … when the document was last saved or replaced */
  guint        changes_base;   /* changes before those (a recovered copy's) */
  gboolean     dirty;          /* changes not in the copy */
  gboolean     writing;        /* a worker is under way */
  gboolean     again;          /* another copy was asked for meanwhile */

  guint        n_copies;
  gint64       main_us, worker_us;
  GError      *error;          /* why the last copy could not be written */
};

G_DEFINE_FINAL_TYPE (OssaAutosave, ossa_autosave, G_TYPE_OBJECT)

enum
{
  COPIED,
  N_SIGNALS
};

enum
{
  PROP_0,
  PROP_ERROR,
  N_PROPS
};

static guint signals[N_SIGNALS];
static GParamSpec *properties[N_PROPS];

/* error (owned) is why copies fail now; NULL: they do not (written, or none
 * needed any more). */
static void
set_error (OssaAutosave *self,
           GError       *error)
{
  if (error == NULL && self->error == NULL)
    return;
  /* Said once while it lasts, not at each attempt. */
  if (error != NULL && self->error == NULL)
    g_message ("the recovery copy could not be written: %s", error->message);
  g_clear_error (&self->error);
  self->error = error;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
}

static void copy_now (OssaAutosave *self);

static gboolean
timer_cb (gpointer user_data)
{
  OssaAutosave *self = user_data;

  self->timer = 0;
  if (self->dirty)
    copy_now (self);
  return G_SOURCE_REMOVE;
}

static void
arm_timer (OssaAutosave *self)
{
  if (self->timer == 0 && self->editor != NULL)
    self->timer = g_timeout_add_full (G_PRIORITY_DEFAULT, self->interval * 1000, timer_cb,
                                      self, NULL);
}

/* Nothing unsaved any more (saved, back at the saved state, another document):
 * the copy goes. */
static void
drop_copy (OssaAutosave *self)
{
  g_clear_handle_id (&self->timer, g_source_remove);
  self->dirty = FALSE;
  self->again = FALSE;
  if (self->slot != NULL)
    {
      slot_remove (self->slot);
      g_clear_pointer (&self->slot, slot_unref);
    }
  /* Nothing to copy: a copy that could not be written no longer matters. */
  set_error (self, NULL);
}

static void
write_thread (GTask        *task,
              gpointer      source,
              gpointer      data,
              GCancellable *cancellable)
{
  Job *job = data;
  gint64 start = g_get_monotonic_time ();
  g_autoptr(GError) error = NULL;
  OssaError err = { 0 };
  uint8_t *bytes = NULL;
  size_t size = 0;
  gboolean ok = TRUE;

  if (!ossa_document_to_bytes (job->document, &bytes, &size, &err))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", err.message);
      return;
    }
  g_mutex_lock (&job->slot->lock);
  if (!job->slot->removed)
    ok = ossa_recovery_write (job->slot->folder, job->slot->id, bytes, size, job->index,
                              job->index_size, &error);
  g_mutex_unlock (&job->slot->lock);
  free (bytes);
  job->worker_us = g_get_monotonic_time () - start;
  if (!ok)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_boolean (task, TRUE);
}

static void
copied_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  OssaAutosave *self = OSSA_AUTOSAVE (source);
  Job *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  gboolean ok = g_task_propagate_boolean (G_TASK (result), &error);

  self->writing = FALSE;
  self->worker_us = job->worker_us;
  if (ok)
    self->n_copies++;
  /* A copy dropped meanwhile (saved, closed) is not about now. Not fatal to the
   * person's work: the last good copy stays, and the next copy tries again. */
  if (!job->slot->removed)
    {
      set_error (self, ok ? NULL : g_steal_pointer (&error));
      /* The changes are in no copy: tried again an interval later (the disk
       * may have room by then), edits or not. */
      if (!ok && self->editor != NULL)
        {
          self->dirty = TRUE;
          arm_timer (self);
        }
    }
  g_signal_emit (self, signals[COPIED], 0, ok);
  if (self->again && self->dirty && self->editor != NULL)
    {
      self->again = FALSE;
      copy_now (self);
    }
}

static void
copy_now (OssaAutosave *self)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(OssaRecoveryIndex) index = NULL;
  GFile *file;
  gint64 start;
  guint64 n_edits;
  Job *job;

  if (self->editor == NULL || !ossa_editor_get_modified (self->editor))
    return;
  if (self->writing)
    {
      self->again = TRUE;
      return;
    }
  g_clear_handle_id (&self->timer, g_source_remove);
  if (self->slot == NULL)
    {
      g_autofree char *id = ossa_recovery_new_id ();

      self->slot = slot_new (self->folder, id);
    }

  start = g_get_monotonic_time ();
  job = g_new0 (Job, 1);
  job->slot = slot_ref (self->slot);
  job->document = ossa_document_copy (ossa_editor_get_document (self->editor));
  if (job->document == NULL)
    {
      job_free (job);
      g_message ("the recovery copy could not be made: out of memory");
      return;
    }
  n_edits = ossa_editor_get_n_edits (self->editor);
  index = g_new0 (OssaRecoveryIndex, 1);
  index->format = OSSA_RECOVERY_FORMAT;
  index->id = g_strdup (self->slot->id);
  file = ossa_editor_get_file (self->editor);
  index->original = file != NULL ? g_file_get_path (file) : NULL;
  ossa_editor_get_file_stamp (self->editor, &index->original_stamp);
  index->title = ossa_editor_dup_display_name (self->editor);
  index->time = g_get_real_time () / G_USEC_PER_SEC;
  index->changes = self->changes_base + (guint) MIN (n_edits - self->edits_at_save, G_MAXUINT / 2);
  ossa_recovery_index_set_owner (index);
  job->index = ossa_recovery_index_to_data (index, &job->index_size);
  self->main_us = g_get_monotonic_time () - start;

  self->writing = TRUE;
  self->dirty = FALSE;
  self->edits_at_copy = n_edits;
  task = g_task_new (self, NULL, copied_cb, NULL);
  g_task_set_source_tag (task, copy_now);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, write_thread);
}

/* Every move of the history (notify::can-undo): an edit, an undo, a redo, a save. */
static void
history_moved_cb (OssaAutosave *self)
{
  guint64 n_edits = ossa_editor_get_n_edits (self->editor);

  /* On a save this comes before notify::modified, which drops the copy. */
  if (!ossa_editor_get_modified (self->editor))
    return;
  self->dirty = TRUE;
  if (n_edits - self->edits_at_copy >= OSSA_AUTOSAVE_EDITS)
    copy_now (self);
  else
    arm_timer (self);
}

/* A document unsaved without an edit (the sample, an import) gets its copy
 * with the first edit: until then there is nothing of the person's to lose. */
static void
modified_cb (OssaAutosave *self)
{
  if (ossa_editor_get_modified (self->editor))
    {
      /* The first edit after a save: notify::can-undo came while the editor
       * still said unmodified. */
      if (ossa_editor_get_n_edits (self->editor) != self->edits_at_save)
        history_moved_cb (self);
      return;
    }
  /* Saved, or undone back to the saved state. */
  drop_copy (self);
  self->edits_at_save = self->edits_at_copy = ossa_editor_get_n_edits (self->editor);
  self->changes_base = 0;
}

/* A save wrote the document as it was at n_edits. With edits made while it
 * wrote, the copy is no newer than the file and they are in neither: a copy of
 * them now, counting only them. */
static void
saved_cb (OssaAutosave *self,
          guint64       n_edits)
{
  self->edits_at_save = n_edits;
  self->changes_base = 0;
  if (!ossa_editor_get_modified (self->editor))
    return;
  self->dirty = TRUE;
  copy_now (self);
}

static void
document_changed_cb (OssaAutosave *self,
                     guint         change)
{
  if (!(change & OSSA_CHANGE_DOCUMENT))
    return;
  /* Another document: the person has saved or discarded the old one. */
  drop_copy (self);
  self->edits_at_save = self->edits_at_copy = ossa_editor_get_n_edits (self->editor);
  self->changes_base = 0;
}

static void
settings_changed_cb (OssaAutosave *self)
{
  ossa_autosave_set_interval (self, g_settings_get_uint (self->settings, "autosave-interval"));
}

static void
ossa_autosave_dispose (GObject *object)
{
  OssaAutosave *self = OSSA_AUTOSAVE (object);

  ossa_autosave_close (self);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (ossa_autosave_parent_class)->dispose (object);
}

static void
ossa_autosave_finalize (GObject *object)
{
  OssaAutosave *self = OSSA_AUTOSAVE (object);

  g_free (self->folder);
  g_clear_error (&self->error);
  G_OBJECT_CLASS (ossa_autosave_parent_class)->finalize (object);
}

static void
ossa_autosave_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  OssaAutosave *self = OSSA_AUTOSAVE (object);

  switch (prop_id)
    {
    case PROP_ERROR:
      g_value_set_boxed (value, self->error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_autosave_class_init (OssaAutosaveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ossa_autosave_dispose;
  object_class->finalize = ossa_autosave_finalize;
  object_class->get_property = ossa_autosave_get_property;

  /**
   * OssaAutosave:error:
   *
   * Why the last copy could not be written (%G_IO_ERROR_NO_SPACE: the disk is
   * full); %NULL once one is, or when none is needed any more.
   */
  properties[PROP_ERROR] = g_param_spec_boxed ("error", NULL, NULL, G_TYPE_ERROR,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS
                                               | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * OssaAutosave::copied:
   * @ok: whether the copy was written
   *
   * A copy's write ended (on the main thread).
   */
  signals[COPIED] = g_signal_new ("copied", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
ossa_autosave_init (OssaAutosave *self)
{
  const char *env = g_getenv (OSSA_AUTOSAVE_INTERVAL_ENV);
  guint64 seconds = 0;

  self->interval = OSSA_AUTOSAVE_DEFAULT_INTERVAL;
  if (env != NULL && g_ascii_string_to_unsigned (env, 10, 1, 24 * 3600, &seconds, NULL))
    {
      self->interval = (guint) seconds;
      self->env_interval = TRUE;
    }
}

OssaAutosave *
ossa_autosave_new (OssaEditor *editor,
                   const char *folder)
{
  OssaAutosave *self;

  g_return_val_if_fail (OSSA_IS_EDITOR (editor), NULL);

  self = g_object_new (OSSA_TYPE_AUTOSAVE, NULL);
  self->editor = g_object_ref (editor);
  self->folder = folder != NULL ? g_strdup (folder) : ossa_recovery_dup_folder ();
  self->edits_at_save = self->edits_at_copy = ossa_editor_get_n_edits (editor);
  g_signal_connect_object (editor, "notify::can-undo", G_CALLBACK (history_moved_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (editor, "notify::modified", G_CALLBACK (modified_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (editor, "document-changed", G_CALLBACK (document_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (editor, "saved", G_CALLBACK (saved_cb), self, G_CONNECT_SWAPPED);
  return self;
}

void
ossa_autosave_set_settings (OssaAutosave *self,
                            GSettings    *settings)
{
  g_autoptr(GSettingsSchema) schema = NULL;

  g_return_if_fail (OSSA_IS_AUTOSAVE (self));
  g_return_if_fail (G_IS_SETTINGS (settings));

  g_object_get (settings, "settings-schema", &schema, NULL);
  /* An older compiled schema: keep the default rather than abort. */
  if (schema == NULL || !g_settings_schema_has_key (schema, "autosave-interval"))
    return;
  g_set_object (&self->settings, settings);
  g_signal_connect_object (settings, "changed::autosave-interval",
                           G_CALLBACK (settings_changed_cb), self, G_CONNECT_SWAPPED);
  settings_changed_cb (self);
}

guint
ossa_autosave_get_interval (OssaAutosave *self)
{
  g_return_val_if_fail (OSSA_IS_AUTOSAVE (self), 0);
  return self->interval;
}

void
ossa_autosave_set_interval (OssaAutosave *self,
                            guint         seconds)
{
  g_return_if_fail (OSSA_IS_AUTOSAVE (self));

  if (self->env_interval || seconds == 0 || seconds == self->interval)
    return;
  self->interval = seconds;
  /* A shorter interval counts from now rather than after the old one. */
  if (self->timer != 0)
    {
      g_clear_handle_id (&self->timer, g_source_remove);
      arm_timer (self);
    }
}

const char *
ossa_autosave_get_id (OssaAutosave *self)
{
  g_return_val_if_fail (OSSA_IS_AUTOSAVE (self), NULL);
  return self->slot != NULL ? self->slot->id : NULL;
}

const GError *
ossa_autosave_get_error (OssaAutosave *self)
{
  g_return_val_if_fail (OSSA_IS_AUTOSAVE (self), NULL);
  return self->error;
}

const char *
ossa_autosave_get_folder (OssaAutosave *self)
{
  g_return_val_if_fail (OSSA_IS_AUTOSAVE (self), NULL);
  return self->folder;
}

guint
ossa_autosave_get_n_copies (OssaAutosave *self)
{
  g_return_val_if_fail (OSSA_IS_AUTOSAVE (self), 0);
  return self->n_copies;
}

void
ossa_autosave_get_timings (OssaAutosave *self,
                           gint64       *main_us,
                           gint64       *worker_us)
{
  g_return_if_fail (OSSA_IS_AUTOSAVE (self));
  if (main_us != NULL)
    *main_us = self->main_us;
  if (worker_us != NULL)
    *worker_us = self->worker_us;
}

void
ossa_autosave_adopt (OssaAutosave *self,
                     const char   *id,
                     guint         changes)
{
  g_return_if_fail (OSSA_IS_AUTOSAVE (self));
  g_return_if_fail (id != NULL);

  if (self->editor == NULL)
    return;
  if (self->slot != NULL)
    {
      slot_remove (self->slot);
      g_clear_pointer (&self->slot, slot_unref);
    }
  self->slot = slot_new (self->folder, id);
  self->edits_at_save = ossa_editor_get_n_edits (self->editor);
  self->changes_base = changes;
  self->dirty = TRUE;
  copy_now (self);
}

void
ossa_autosave_write_now (OssaAutosave *self)
{
  g_return_if_fail (OSSA_IS_AUTOSAVE (self));
  if (self->dirty)
    copy_now (self);
}

void
ossa_autosave_close (OssaAutosave *self)
{
  g_return_if_fail (OSSA_IS_AUTOSAVE (self));

  if (self->editor == NULL)
    return;
  drop_copy (self);
  g_signal_handlers_disconnect_by_data (self->editor, self);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->editor);
}
