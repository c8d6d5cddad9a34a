/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-art"

#include "config.h"

/* The document's pictures, decoded (ossa-image-store.h). One entry per image of
 * the editor's document, matched to the images again after every change of the
 * document so that only a new or changed image is read again; the reads run on a
 * small thread pool of their own (libpng's simplified API, then premultiplied)
 * and land back on the main context; the folders of the files are watched, and a
 * burst of events on one file reads it once, after the burst. */

#include <string.h>

#include <glib/gi18n.h>
#include <png.h>

#include "ossa-image-store.h"
#include "ossa-png-reader.h"

/* How long a file must be quiet after an event before it is read again: an
 * artist's program writes a temporary file, renames it over the old one and
 * touches it, in a few milliseconds; a read in the middle would find half a file. */
#define RELOAD_DELAY_MS 150

/* Alpha from which a pixel is opaque to a click: a quarter. */
#define HIT_ALPHA 64

typedef struct
{
  /* What the entry was read from: an absolute path, or embedded bytes known by
   * their address, size and a sample of them (hashing every embedded PNG on every
   * change of the document would cost a drag its frames). */
  char            *path;
  const guint8    *data;
  gsize            data_size;
  guint64          data_sample;
  char            *name;        /* the image's name, for the messages of embedded ones */
  guint            doc_width, doc_height;

  OssaPictureState state;
  guint            width, height;
  guint8          *pixels;      /* READY: premultiplied RGBA8 */
  char            *message;
  char            *reason;
  guint64          serial;

  guint64          ticket;      /* the read under way, 0 for none */
  GCancellable    *cancellable; /* stops it */
  gboolean         dirty;       /* its file changed: read again after the burst */
} Entry;

/* One read: what it reads (copied, so the document may change meanwhile), and
 * what it found, handed back to the main context. */
typedef struct
{
  GWeakRef          store;
  GMainContext     *context;
  guint64           ticket;
  char             *path;
  GBytes           *data;
  char             *name;
  GCancellable     *cancellable;

  OssaPictureState  state;
  guint             width, height;
  guint8           *pixels;
  char             *message;
  char             *reason;
} Job;

struct _OssaImageStore
{
  GObject       parent_instance;
  OssaEditor   *editor;
  gulong        changed_handler;
  GMainContext *context;
  GPtrArray    *entries;    /* Entry *, one per image of the document, in order */
  GHashTable   *monitors;   /* folder path → GFileMonitor */
  guint         emit_source;
  guint         reload_source;
};

G_DEFINE_FINAL_TYPE (OssaImageStore, ossa_image_store, G_TYPE_OBJECT)

enum { PICTURES_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* Serials and tickets are unique in the process, so a texture cached under one
 * is never mistaken for another store's picture. Main thread only. */
static guint64 last_serial;
static guint64 last_ticket;

static void
entry_free (gpointer data)
{
  Entry *e = data;

  /* The old array's taken places are NULL. */
  if (e == NULL)
    return;
  if (e->cancellable != NULL)
    g_cancellable_cancel (e->cancellable);
  g_clear_object (&e->cancellable);
  g_free (e->path);
  g_free (e->name);
  g_free (e->pixels);
  g_free (e->message);
  g_free (e->reason);
  g_free (e);
}

static void
job_free (Job *job)
{
  g_weak_ref_clear (&job->store);
  g_main_context_unref (job->context);
  g_free (job->path);
  g_clear_pointer (&job->data, g_bytes_unref);
  g_free (job->name);
  g_clear_object (&job->cancellable);
  g_free (job->pixels);
  g_free (job->message);
  g_free (job->reason);
  g_free (job);
}

/* ---- on a worker ---- */

/* round (c × a / 255) for every colour byte, in place. */
static void
premultiply (guint8 *pixels, gsize n_pixels)
{
  for (gsize i = 0; i < n_pixels; i++)
    {
      guint8 *p = pixels + 4 * i;
      guint a = p[3];

      if (a == 255)
        continue;
      p[0] = (guint8) ((p[0] * a + 127) / 255);
      p[1] = (guint8) ((p[1] * a + 127) / 255);
      p[2] = (guint8) ((p[2] * a + 127) / 255);
    }
}

/* Decodes image's bytes, already checked against the limits, with libpng's
 * simplified API: straight sRGB RGBA8 whatever the file's colour type and depth.
 * Fills the job's pixels or its message. */
static void
decode_png (Job *job, const OssaArtImage *image)
{
  png_image png = { .version = PNG_IMAGE_VERSION };
  gsize size, n_bytes;
  const guint8 *data = g_bytes_get_data (image->png, &size);
  guint8 *pixels;
  const char *why;

  if (!png_image_begin_read_from_memory (&png, data, size))
    goto broken;
  png.format = PNG_FORMAT_RGBA;
  if (png.width != image->width || png.height != image->height)
    {
      png_image_free (&png);
      why = "";
      goto broken;
    }
  n_bytes = (gsize) png.width * png.height * 4;
  pixels = g_try_malloc (n_bytes);
  if (pixels == NULL)
    {
      png_image_free (&png);
      job->state = OSSA_PICTURE_BROKEN;
      job->reason = g_strdup (_("not enough memory to decode it"));
      job->message = g_strdup_printf ("%s: %s", image->name, job->reason);
      return;
    }
  if (!png_image_finish_read (&png, NULL, pixels, 0, NULL))
    {
      g_free (pixels);
      goto broken;
    }
  premultiply (pixels, (gsize) png.width * png.height);
  job->state = OSSA_PICTURE_READY;
  job->width = png.width;
  job->height = png.height;
  job->pixels = pixels;
  return;

broken:
  why = png.message[0] != '\0' ? png.message : _("damaged data");
  job->state = OSSA_PICTURE_BROKEN;
  job->reason = g_strdup_printf (_("the PNG image does not decode (%s)"), why);
  job->message = g_strdup_printf ("%s: %s", image->name, job->reason);
}

static gboolean job_done (gpointer data);

static void
run_job (gpointer data, gpointer pool_data)
{
  Job *job = data;
  g_autoptr (OssaArtImage) image = NULL;
  g_autoptr (GError) error = NULL;

  (void) pool_data;
  if (g_cancellable_is_cancelled (job->cancellable))
    goto done;
  if (job->data != NULL)
    image = ossa_png_read_bytes (job->data, job->name, OSSA_ART_READ_DEFAULT, NULL, &error);
  else
    {
      g_autoptr (GFile) file = g_file_new_for_path (job->path);

      image = ossa_png_read_file (file, OSSA_ART_READ_DEFAULT, NULL, job->cancellable, &error);
    }
  if (image != NULL)
    decode_png (job, image);
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      gboolean missing = g_error_matches (error, OSSA_ART_ERROR, OSSA_ART_ERROR_NOT_FOUND);
      const char *colon = strstr (error->message, ": ");

      job->state = missing ? OSSA_PICTURE_MISSING : OSSA_PICTURE_BROKEN;
      job->message = g_strdup (error->message);
      /* The readers say "FILE: why"; the short list wants the why alone. */
      job->reason = missing ? g_strdup (_("no such file"))
                            : g_strdup (colon != NULL ? colon + 2 : error->message);
    }

done:
  /* A source of its own, never g_main_context_invoke(): that runs the callback
   * right here when the main context is free for the taking, and the entries
   * are the main thread's. */
  {
    GSource *source = g_idle_source_new ();

    g_source_set_priority (source, G_PRIORITY_DEFAULT);
    g_source_set_callback (source, job_done, job, NULL);
    g_source_set_static_name (source, "[ossa] picture read");
    g_source_attach (source, job->context);
    g_source_unref (source);
  }
}

/* The pool every store reads with: as many threads as cores (at most 4), kept for
 * the process, so a store going away never waits for a read. */
static GThreadPool *
get_pool (void)
{
  static gsize once;
  static GThreadPool *pool;

  if (g_once_init_enter (&once))
    {
      guint n = CLAMP (g_get_num_processors (), 1u, 4u);

      pool = g_thread_pool_new (run_job, NULL, (int) n, FALSE, NULL);
      g_once_init_leave (&once, 1);
    }
  return pool;
}

/* ---- on the main context ---- */

static gboolean
emit_now (gpointer data)
{
  OssaImageStore *self = data;

  self->emit_source = 0;
  g_signal_emit (self, signals[PICTURES_CHANGED], 0);
  return G_SOURCE_REMOVE;
}

/* One "pictures-changed" for everything that lands before the main context is
 * idle (a burst of reads finishing together). */
static void
schedule_emit (OssaImageStore *self)
{
  if (self->emit_source == 0)
    {
      GSource *source = g_idle_source_new ();

      g_source_set_priority (source, G_PRIORITY_HIGH_IDLE);
      g_source_set_callback (source, emit_now, self, NULL);
      g_source_set_static_name (source, "[ossa] pictures-changed");
      self->emit_source = g_source_attach (source, self->context);
      g_source_unref (source);
    }
}

static Entry *
find_ticket (OssaImageStore *self, guint64 ticket)
{
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *e = g_ptr_array_index (self->entries, i);

      if (e->ticket == ticket)
        return e;
    }
  return NULL;
}

static gboolean
job_done (gpointer data)
{
  Job *job = data;
  g_autoptr (OssaImageStore) self = g_weak_ref_get (&job->store);
  Entry *e;

  if (self == NULL)
    goto out;
  e = find_ticket (self, job->ticket);
  /* A read overtaken by a newer one, or of an image gone, or stopped. */
  if (e == NULL || job->state == OSSA_PICTURE_LOADING)
    goto out;
  e->ticket = 0;
  g_clear_object (&e->cancellable);
  g_free (e->pixels);
  g_free (e->message);
  g_free (e->reason);
  e->state = job->state;
  e->width = job->width;
  e->height = job->height;
  e->pixels = g_steal_pointer (&job->pixels);
  e->message = g_steal_pointer (&job->message);
  e->reason = g_steal_pointer (&job->reason);
  e->serial = ++last_serial;
  schedule_emit (self);

out:
  job_free (job);
  return G_SOURCE_REMOVE;
}

/* Starts reading e again (overtaking a read under way); what it shows stays until
 * the read is back, so a reload never flashes a placeholder. */
static void
start_read (OssaImageStore *self, Entry *e)
{
  Job *job;

  if (e->cancellable != NULL)
    g_cancellable_cancel (e->cancellable);
  g_clear_object (&e->cancellable);
  e->dirty = FALSE;
  if (e->path == NULL && e->data == NULL)
    {
      /* Nothing to read: no file and no bytes. */
      e->ticket = 0;
      e->state = OSSA_PICTURE_MISSING;
      g_free (e->reason);
      g_free (e->message);
      e->reason = g_strdup (_("neither a file nor embedded"));
      e->message = g_strdup_printf ("%s: %s", e->name, e->reason);
      e->serial = ++last_serial;
      return;
    }
  e->cancellable = g_cancellable_new ();
  e->ticket = ++last_ticket;
  job = g_new0 (Job, 1);
  g_weak_ref_init (&job->store, self);
  job->context = g_main_context_ref (self->context);
  job->ticket = e->ticket;
  job->cancellable = g_object_ref (e->cancellable);
  job->state = OSSA_PICTURE_LOADING;
  if (e->data != NULL)
    {
      job->data = g_bytes_new (e->data, e->data_size);
      job->name = g_strdup_printf (_("%s (embedded)"), e->name);
    }
  else
    job->path = g_strdup (e->path);
  g_thread_pool_push (get_pool (), job, NULL);
}

static guint64
sample_bytes (const guint8 *data, gsize size)
{
  guint64 h = size;

  if (size == 0)
    return h;
  for (guint k = 0; k < 64; k++)
    h = h * 1099511628211u + data[(guint64) k * (size - 1) / 63];
  return h;
}

static const char *
image_path (const OssaImage *image)
{
  return image->data == NULL && image->path != NULL && image->path[0] != '\0' ? image->path : NULL;
}

static gboolean
entry_matches (const Entry *e, const OssaImage *image)
{
  const char *path = image_path (image);

  if (image->data != NULL)
    return e->data == image->data && e->data_size == image->data_size
           && e->data_sample == sample_bytes (image->data, image->data_size);
  if (e->data != NULL)
    return FALSE;
  if (path == NULL || e->path == NULL)
    return path == NULL && e->path == NULL && g_strcmp0 (e->name, image->name) == 0;
  return strcmp (e->path, path) == 0;
}

/* What entry_matches() compares, as a string, to find moved entries. */
static char *
image_key (const OssaImage *image)
{
  if (image->data != NULL)
    return g_strdup_printf ("d%p:%" G_GSIZE_FORMAT, (const void *) image->data, image->data_size);
  if (image_path (image) != NULL)
    return g_strconcat ("p", image->path, NULL);
  return g_strconcat ("n", image->name, NULL);
}

static char *
entry_key (const Entry *e)
{
  if (e->data != NULL)
    return g_strdup_printf ("d%p:%" G_GSIZE_FORMAT, (const void *) e->data, e->data_size);
  if (e->path != NULL)
    return g_strconcat ("p", e->path, NULL);
  return g_strconcat ("n", e->name, NULL);
}

static Entry *
entry_new (OssaImageStore *self, const OssaImage *image)
{
  Entry *e = g_new0 (Entry, 1);

  e->path = g_strdup (image_path (image));
  e->data = image->data;
  e->data_size = image->data != NULL ? image->data_size : 0;
  e->data_sample = image->data != NULL ? sample_bytes (image->data, image->data_size) : 0;
  e->name = g_strdup (image->name);
  e->state = OSSA_PICTURE_LOADING;
  e->serial = ++last_serial;
  start_read (self, e);
  return e;
}

static void on_folder_changed (GFileMonitor *monitor, GFile *file, GFile *other,
                               GFileMonitorEvent event, gpointer data);

static void
monitor_free (gpointer data)
{
  GFileMonitor *monitor = data;

  g_signal_handlers_disconnect_matched (monitor, G_SIGNAL_MATCH_FUNC, 0, 0, NULL,
                                        on_folder_changed, NULL);
  g_file_monitor_cancel (monitor);
  g_object_unref (monitor);
}

/* Watches the folder of every file the pictures come from, and only those:
 * watching the folder, not the file, is what sees a file replaced by a rename. */
static void
update_monitors (OssaImageStore *self)
{
  g_autoptr (GHashTable) needed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTableIter iter;
  gpointer key;

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *e = g_ptr_array_index (self->entries, i);

      if (e->path != NULL)
        g_hash_table_add (needed, g_path_get_dirname (e->path));
    }
  g_hash_table_iter_init (&iter, self->monitors);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_hash_table_contains (needed, key))
      g_hash_table_iter_remove (&iter);
  g_hash_table_iter_init (&iter, needed);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      g_autoptr (GFile) folder = NULL;
      g_autoptr (GError) error = NULL;
      GFileMonitor *monitor;

      if (g_hash_table_contains (self->monitors, key))
        continue;
      folder = g_file_new_for_path (key);
      monitor = g_file_monitor_directory (folder, G_FILE_MONITOR_WATCH_MOVES, NULL, &error);
      if (monitor == NULL)
        {
          /* Not fatal: the pictures are there, they just will not follow the disk. */
          g_debug ("cannot watch %s: %s", (const char *) key, error->message);
          continue;
        }
      g_signal_connect (monitor, "changed", G_CALLBACK (on_folder_changed), self);
      g_hash_table_insert (self->monitors, g_strdup (key), monitor);
    }
}

static gboolean
reload_dirty (gpointer data)
{
  OssaImageStore *self = data;

  self->reload_source = 0;
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *e = g_ptr_array_index (self->entries, i);

      if (e->dirty)
        start_read (self, e);
    }
  return G_SOURCE_REMOVE;
}

static void
mark_dirty (OssaImageStore *self, GFile *file)
{
  g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
  gboolean any = FALSE;
  GSource *source;

  if (path == NULL)
    return;
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *e = g_ptr_array_index (self->entries, i);

      if (e->path != NULL && strcmp (e->path, path) == 0)
        any = e->dirty = TRUE;
    }
  if (!any)
    return;
  /* Each event pushes the read back: one read after the burst. */
  g_clear_handle_id (&self->reload_source, g_source_remove);
  source = g_timeout_source_new (RELOAD_DELAY_MS);
  g_source_set_callback (source, reload_dirty, self, NULL);
  g_source_set_static_name (source, "[ossa] reload pictures");
  self->reload_source = g_source_attach (source, self->context);
  g_source_unref (source);
}

static void
on_folder_changed (GFileMonitor      *monitor,
                   GFile             *file,
                   GFile             *other,
                   GFileMonitorEvent  event,
                   gpointer           data)
{
  OssaImageStore *self = data;

  (void) monitor;
  switch (event)
    {
    case G_FILE_MONITOR_EVENT_CHANGED:
    case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT:
    case G_FILE_MONITOR_EVENT_DELETED:
    case G_FILE_MONITOR_EVENT_CREATED:
    case G_FILE_MONITOR_EVENT_MOVED_IN:
    case G_FILE_MONITOR_EVENT_MOVED_OUT:
    case G_FILE_MONITOR_EVENT_MOVED:
    case G_FILE_MONITOR_EVENT_RENAMED:
      /* A rename names the old file first and the new one second: both matter
       * (a picture renamed away is missing; one renamed into place is new). */
      mark_dirty (self, file);
      mark_dirty (self, other);
      break;
    case G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED:
    case G_FILE_MONITOR_EVENT_PRE_UNMOUNT:
    case G_FILE_MONITOR_EVENT_UNMOUNTED:
    default:
      break;
    }
}

/* Matches the entries to the document's images: an entry that still fits its
 * index stays, one that moved (an image removed before it) moves with it, a new
 * or changed image gets a new entry and a read, and the rest go. */
static void
sync_with_document (OssaImageStore *self)
{
  const OssaDocument *doc = ossa_editor_get_document (self->editor);
  GPtrArray *old = self->entries;
  g_autoptr (GPtrArray) fresh = g_ptr_array_new_full ((guint) doc->n_images, entry_free);
  g_autoptr (GHashTable) left = NULL;
  gboolean changed = doc->n_images != old->len;
  gboolean paths_changed = FALSE;

  g_ptr_array_set_size (fresh, (int) doc->n_images);
  for (gsize i = 0; i < doc->n_images; i++)
    if (i < old->len && entry_matches (g_ptr_array_index (old, i), &doc->images[i]))
      {
        fresh->pdata[i] = old->pdata[i];
        old->pdata[i] = NULL;
      }
  for (gsize i = 0; i < doc->n_images; i++)
    {
      const OssaImage *image = &doc->images[i];
      Entry *e = NULL;

      if (fresh->pdata[i] != NULL)
        continue;
      changed = TRUE;
      if (left == NULL)
        {
          /* Only when something moved: key → queue of the entries not yet taken. */
          left = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                        (GDestroyNotify) g_queue_free);
          for (guint j = 0; j < old->len; j++)
            {
              Entry *o = g_ptr_array_index (old, j);
              g_autofree char *key = NULL;
              GQueue *queue;

              if (o == NULL)
                continue;
              key = entry_key (o);
              queue = g_hash_table_lookup (left, key);
              if (queue == NULL)
                {
                  queue = g_queue_new ();
                  g_hash_table_insert (left, g_steal_pointer (&key), queue);
                }
              g_queue_push_tail (queue, GUINT_TO_POINTER (j));
            }
        }
      {
        g_autofree char *key = image_key (image);
        GQueue *queue = g_hash_table_lookup (left, key);

        while (e == NULL && queue != NULL && !g_queue_is_empty (queue))
          {
            guint j = GPOINTER_TO_UINT (g_queue_pop_head (queue));

            if (entry_matches (old->pdata[j], image))
              {
                e = old->pdata[j];
                old->pdata[j] = NULL;
              }
          }
      }
      if (e == NULL)
        {
          e = entry_new (self, image);
          paths_changed = TRUE;
        }
      fresh->pdata[i] = e;
    }
  for (gsize i = 0; i < doc->n_images; i++)
    {
      Entry *e = fresh->pdata[i];

      if (e->doc_width != doc->images[i].width || e->doc_height != doc->images[i].height)
        {
          e->doc_width = doc->images[i].width;
          e->doc_height = doc->images[i].height;
          if (e->state != OSSA_PICTURE_READY)
            changed = TRUE;
        }
      if (g_strcmp0 (e->name, doc->images[i].name) != 0)
        {
          g_free (e->name);
          e->name = g_strdup (doc->images[i].name);
        }
    }
  for (guint j = 0; j < old->len; j++)
    if (old->pdata[j] != NULL)
      paths_changed = TRUE;
  self->entries = g_steal_pointer (&fresh);
  g_ptr_array_unref (old);
  if (paths_changed)
    update_monitors (self);
  if (changed)
    schedule_emit (self);
}

static void
on_document_changed (OssaEditor *editor, guint change, gpointer data)
{
  (void) editor;
  (void) change;
  /* Every change: an embed or a new path is no OSSA_CHANGE_ART (names and counts
   * stay), and the comparison costs a pointer or a string an image. */
  sync_with_document (data);
}

static void
ossa_image_store_dispose (GObject *object)
{
  OssaImageStore *self = OSSA_IMAGE_STORE (object);

  /* The editor may have let go of its handlers already (it disposes the store last). */
  if (self->changed_handler != 0 && self->editor != NULL
      && g_signal_handler_is_connected (self->editor, self->changed_handler))
    g_signal_handler_disconnect (self->editor, self->changed_handler);
  self->changed_handler = 0;
  g_clear_handle_id (&self->emit_source, g_source_remove);
  g_clear_handle_id (&self->reload_source, g_source_remove);
  g_clear_pointer (&self->monitors, g_hash_table_unref);
  if (self->entries != NULL)
    g_ptr_array_set_size (self->entries, 0);
  G_OBJECT_CLASS (ossa_image_store_parent_class)->dispose (object);
}

static void
ossa_image_store_finalize (GObject *object)
{
  OssaImageStore *self = OSSA_IMAGE_STORE (object);

  g_clear_pointer (&self->entries, g_ptr_array_unref);
  g_clear_pointer (&self->context, g_main_context_unref);
  G_OBJECT_CLASS (ossa_image_store_parent_class)->finalize (object);
}

static void
ossa_image_store_class_init (OssaImageStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ossa_image_store_dispose;
  object_class->finalize = ossa_image_store_finalize;
  signals[PICTURES_CHANGED] = g_signal_new ("pictures-changed", G_TYPE_FROM_CLASS (klass),
                                            G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                            G_TYPE_NONE, 0);
}

static void
ossa_image_store_init (OssaImageStore *self)
{
  self->entries = g_ptr_array_new_with_free_func (entry_free);
  self->monitors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, monitor_free);
  self->context = g_main_context_ref_thread_default ();
}

OssaImageStore *
ossa_image_store_new (OssaEditor *editor)
{
  OssaImageStore *self;

  g_return_val_if_fail (OSSA_IS_EDITOR (editor), NULL);
  self = g_object_new (OSSA_TYPE_IMAGE_STORE, NULL);
  self->editor = editor;
  /* Connected first (the editor makes the store in its init), so the store has
   * the new images before any pane asks for them. */
  self->changed_handler = g_signal_connect (editor, "document-changed",
                                            G_CALLBACK (on_document_changed), self);
  sync_with_document (self);
  return self;
}

guint
ossa_image_store_get_n_pictures (OssaImageStore *self)
{
  g_return_val_if_fail (OSSA_IS_IMAGE_STORE (self), 0);
  return self->entries->len;
}

gboolean
ossa_image_store_get_picture (OssaImageStore *self, guint image, OssaPicture *picture)
{
  const Entry *e;

  g_return_val_if_fail (OSSA_IS_IMAGE_STORE (self), FALSE);
  g_return_val_if_fail (picture != NULL, FALSE);
  if (image >= self->entries->len)
    return FALSE;
  e = g_ptr_array_index (self->entries, image);
  *picture = (OssaPicture) {
    .state = e->state,
    .width = e->state == OSSA_PICTURE_READY ? e->width : e->doc_width,
    .height = e->state == OSSA_PICTURE_READY ? e->height : e->doc_height,
    .pixels = e->state == OSSA_PICTURE_READY ? e->pixels : NULL,
    .serial = e->serial,
    .message = e->state == OSSA_PICTURE_MISSING || e->state == OSSA_PICTURE_BROKEN
               ? e->message : NULL,
    .reason = e->state == OSSA_PICTURE_MISSING || e->state == OSSA_PICTURE_BROKEN
              ? e->reason : NULL,
  };
  return TRUE;
}

gboolean
ossa_image_store_hit (OssaImageStore *self, guint image, double u, double v)
{
  const Entry *e;
  guint x, y;

  g_return_val_if_fail (OSSA_IS_IMAGE_STORE (self), FALSE);
  if (!(u >= 0 && u <= 1 && v >= 0 && v <= 1))
    return FALSE;
  if (image >= self->entries->len)
    return FALSE;
  e = g_ptr_array_index (self->entries, image);
  if (e->state != OSSA_PICTURE_READY)
    return TRUE;
  x = MIN ((guint) (u * e->width), e->width - 1);
  y = MIN ((guint) (v * e->height), e->height - 1);
  return e->pixels[((gsize) y * e->width + x) * 4 + 3] >= HIT_ALPHA;
}

/* A read under way (every LOADING picture has one) or one to come after a burst. */
static gboolean
is_busy (OssaImageStore *self)
{
  if (self->reload_source != 0)
    return TRUE;
  for (guint i = 0; i < self->entries->len; i++)
    if (((Entry *) g_ptr_array_index (self->entries, i))->ticket != 0)
      return TRUE;
  return FALSE;
}

gboolean
ossa_image_store_is_loading (OssaImageStore *self)
{
  g_return_val_if_fail (OSSA_IS_IMAGE_STORE (self), FALSE);
  for (guint i = 0; i < self->entries->len; i++)
    if (((Entry *) g_ptr_array_index (self->entries, i))->state == OSSA_PICTURE_LOADING)
      return TRUE;
  return FALSE;
}

void
ossa_image_store_wait (OssaImageStore *self)
{
  g_return_if_fail (OSSA_IS_IMAGE_STORE (self));
  g_object_ref (self);
  while (is_busy (self))
    g_main_context_iteration (self->context, TRUE);
  g_object_unref (self);
}
