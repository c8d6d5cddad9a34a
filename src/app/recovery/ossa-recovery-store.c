/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-recovery"

#include "config.h"

/* The recovery folder: writing, removing, setting aside and scanning copies. */

#include <errno.h>
#include <string.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "ossa-io.h"

#include "ossa-gerror.h"
#include "ossa-recovery-store.h"

/* A copy without an index, or an interrupted write's temporary file, is left alone
 * this long: a writer may be between its two renames. */
#define ORPHAN_AGE_S 60

void
ossa_recovery_item_free (OssaRecoveryItem *item)
{
  if (item == NULL)
    return;
  g_free (item->folder);
  g_free (item->id);
  ossa_recovery_index_free (item->index);
  ossa_document_free (item->document);
  g_free (item->problem);
  g_free (item);
}

const char *
ossa_recovery_item_get_title (const OssaRecoveryItem *item)
{
  /* In the language of now, not of the session that wrote it. */
  if (item->problem == NULL && item->index->original == NULL)
    return _("Untitled");
  if (item->index != NULL && item->index->title != NULL && item->index->title[0] != '\0')
    return item->index->title;
  return item->id;
}

void
ossa_recovery_item_discard (OssaRecoveryItem *item)
{
  ossa_recovery_remove (item->folder, item->id);
}

char *
ossa_recovery_dup_folder (void)
{
  return g_build_filename (g_get_user_state_dir (), "ossa", "recovery", NULL);
}

char *
ossa_recovery_new_id (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");

  return g_strdup_printf ("%s-%08x", stamp, g_random_int ());
}

char *
ossa_recovery_dup_path (const char *folder,
                        const char *id,
                        const char *suffix)
{
  g_autofree char *name = g_strconcat (id, suffix, NULL);

  return g_build_filename (folder, name, NULL);
}

static gboolean
write_atomic (const char *path, const void *data, gsize size, GError **error)
{
  OssaError err = { 0 };

  GError *local = NULL;

  if (ossa_file_write_atomic (path, data, size, &err))
    return TRUE;
  ossa_gerror_set_from_core (&local, &err);
  /* A full disk is told apart: the autosave says so in its own words. */
  if (err.code == OSSA_ERROR_IO && (err.errno_value == ENOSPC || err.errno_value == EDQUOT))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, local->message);
      g_error_free (local);
      return FALSE;
    }
  g_propagate_error (error, local);
  return FALSE;
}

gboolean
ossa_recovery_write (const char  *folder,
                     const char  *id,
                     const void  *data,
                     gsize        size,
                     const char  *index_data,
                     gsize        index_size,
                     GError     **error)
{
  g_autofree char *copy = ossa_recovery_dup_path (folder, id, ".ossa");
  g_autofree char *index = ossa_recovery_dup_path (folder, id, ".ini");

  /* Only the person may read what they were working on. */
  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   "%s: %s", folder, g_strerror (saved));
      return FALSE;
    }
  /* The copy first: an index always names a whole copy. */
  return write_atomic (copy, data, size, error)
         && write_atomic (index, index_data, index_size, error);
}

void
ossa_recovery_remove (const char *folder,
                      const char *id)
{
  g_autofree char *copy = ossa_recovery_dup_path (folder, id, ".ossa");
  g_autofree char *index = ossa_recovery_dup_path (folder, id, ".ini");

  /* The index first: a copy without one is never offered. */
  g_unlink (index);
  g_unlink (copy);
}

static OssaRecoveryIndex *
read_index (const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  if (!g_file_get_contents (path, &data, &length, error))
    return NULL;
  return ossa_recovery_index_parse (data, length, error);
}

void
ossa_recovery_remove_own (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  OssaRecoveryIndex me = { 0 };
  const char *name;

  if (dir == NULL)
    return;
  ossa_recovery_index_set_owner (&me);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autoptr(OssaRecoveryIndex) index = NULL;

      if (!g_str_has_suffix (name, ".ini"))
        continue;
      path = g_build_filename (folder, name, NULL);
      index = read_index (path, NULL);
      if (index != NULL && index->format == OSSA_RECOVERY_FORMAT && index->pid == me.pid
          && index->start_ticks == me.start_ticks
          && g_strcmp0 (index->boot_id, me.boot_id) == 0)
        ossa_recovery_remove (folder, index->id);
    }
  g_free (me.boot_id);
}

/* folder/set-aside/name, or name-2, name-3 … when taken. */
static void
move_aside (const char *folder, const char *name)
{
  g_autofree char *from = g_build_filename (folder, name, NULL);
  g_autofree char *aside = g_build_filename (folder, OSSA_RECOVERY_SET_ASIDE, NULL);

  if (!g_file_test (from, G_FILE_TEST_EXISTS))
    return;
  if (g_mkdir_with_parents (aside, 0700) != 0)
    {
      g_warning ("cannot make %s: %s", aside, g_strerror (errno));
      return;
    }
  for (guint n = 1; n < 1000; n++)
    {
      g_autofree char *target_name = n == 1 ? g_strdup (name)
                                            : g_strdup_printf ("%s-%u", name, n);
      g_autofree char *to = g_build_filename (aside, target_name, NULL);

      if (g_file_test (to, G_FILE_TEST_EXISTS))
        continue;
      if (g_rename (from, to) != 0)
        g_warning ("cannot move %s to %s: %s", from, to, g_strerror (errno));
      return;
    }
}

static void
set_aside (const char *folder, const char *id)
{
  g_autofree char *copy = g_strconcat (id, ".ossa", NULL);
  g_autofree char *index = g_strconcat (id, ".ini", NULL);

  move_aside (folder, copy);
  move_aside (folder, index);
}

static OssaRecoveryItem *
broken_item (const char *folder, const char *id, OssaRecoveryIndex *index, char *problem)
{
  OssaRecoveryItem *item = g_new0 (OssaRecoveryItem, 1);

  item->folder = g_strdup (folder);
  item->id = g_strdup (id);
  item->index = index;
  item->problem = problem;
  set_aside (folder, id);
  return item;
}

static gboolean
is_old (const char *path)
{
  GStatBuf st;

  return g_stat (path, &st) == 0 && (gint64) st.st_mtime + ORPHAN_AGE_S < g_get_real_time () / G_USEC_PER_SEC;
}

/* The loader's message without the copy's path in front: the file is ours, not
 * the person's, and the list says which document it was. */
static const char *
skip_path (const char *message, const char *path)
{
  gsize len = strlen (path);

  if (strncmp (message, path, len) == 0)
    {
      message += len;
      while (*message == ':' || g_ascii_isdigit (*message) || *message == ' ')
        message++;
    }
  return message;
}

/* The item for folder/<id>.ini, or NULL when its writer still runs. */
static OssaRecoveryItem *
scan_index (const char *folder, const char *id)
{
  g_autofree char *index_path = ossa_recovery_dup_path (folder, id, ".ini");
  g_autofree char *copy_path = ossa_recovery_dup_path (folder, id, ".ossa");
  g_autoptr(GError) error = NULL;
  g_autoptr(OssaRecoveryIndex) index = read_index (index_path, &error);
  OssaRecoveryItem *item;
  OssaError err = { 0 };

  if (index == NULL)
    /* Translators: %s says why (GLib's message) */
    return broken_item (folder, id, NULL,
                        g_strdup_printf (_("Its index cannot be read: %s"), error->message));
  if (index->format != OSSA_RECOVERY_FORMAT)
    /* Translators: %u is a number: the format of the recovery copy */
    return broken_item (folder, id, NULL,
                        g_strdup_printf (_("Written by another version of Ossa "
                                           "(recovery format %u)"), index->format));
  if (strcmp (index->id, id) != 0)
    return broken_item (folder, id, g_steal_pointer (&index),
                        g_strdup (_("Its index names another copy")));
  if (ossa_recovery_index_owner_alive (index))
    return NULL;

  item = g_new0 (OssaRecoveryItem, 1);
  item->folder = g_strdup (folder);
  item->id = g_strdup (id);
  item->document = ossa_document_load (copy_path, &err);
  if (item->document == NULL)
    {
      ossa_recovery_item_free (item);
      if (err.code == OSSA_ERROR_IO && err.errno_value == ENOENT)
        return broken_item (folder, id, g_steal_pointer (&index),
                            g_strdup (_("The copy is missing")));
      ossa_gerror_set_from_core (&error, &err);
      /* Translators: %s says why (the loader's message) */
      return broken_item (folder, id, g_steal_pointer (&index),
                          g_strdup_printf (_("The copy cannot be read: %s"),
                                           skip_path (error->message, copy_path)));
    }
  item->index = g_steal_pointer (&index);
  return item;
}

static int
compare_items (gconstpointer a, gconstpointer b)
{
  const OssaRecoveryItem *x = *(OssaRecoveryItem * const *) a;
  const OssaRecoveryItem *y = *(OssaRecoveryItem * const *) b;
  gint64 tx = x->index != NULL ? x->index->time : 0;
  gint64 ty = y->index != NULL ? y->index->time : 0;

  /* Recoverable ones first, then newest first. */
  if ((x->problem == NULL) != (y->problem == NULL))
    return x->problem == NULL ? -1 : 1;
  return (ty > tx) - (ty < tx);
}

GPtrArray *
ossa_recovery_scan (const char *folder)
{
  GPtrArray *items = g_ptr_array_new_with_free_func ((GDestroyNotify) ossa_recovery_item_free);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  if (dir == NULL)
    return items;
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));

  for (guint i = 0; i < names->len; i++)
    {
      const char *file = names->pdata[i];
      g_autofree char *path = g_build_filename (folder, file, NULL);
      g_autofree char *id = NULL;

      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        continue;
      if (file[0] == '.')
        {
          /* A write interrupted by a kill leaves .<id>.ossa.XXXXXX behind. */
          if ((strstr (file, ".ossa.") != NULL || strstr (file, ".ini.") != NULL) && is_old (path))
            g_unlink (path);
          continue;
        }
      if (g_str_has_suffix (file, ".ini"))
        {
          OssaRecoveryItem *item;

          id = g_strndup (file, strlen (file) - 4);
          item = scan_index (folder, id);
          if (item != NULL)
            g_ptr_array_add (items, item);
        }
      else if (g_str_has_suffix (file, ".ossa"))
        {
          g_autofree char *index = NULL;

          id = g_strndup (file, strlen (file) - 5);
          index = ossa_recovery_dup_path (folder, id, ".ini");
          if (!g_file_test (index, G_FILE_TEST_EXISTS) && is_old (path))
            g_ptr_array_add (items, broken_item (folder, id, NULL,
                                                 g_strdup (_("Its index is missing"))));
        }
    }
  g_ptr_array_sort (items, compare_items);
  return items;
}

static void
scan_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  g_task_return_pointer (task, ossa_recovery_scan (data), (GDestroyNotify) g_ptr_array_unref);
}

void
ossa_recovery_scan_async (const char          *folder,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, ossa_recovery_scan_async);
  g_task_set_task_data (task, g_strdup (folder), g_free);
  g_task_run_in_thread (task, scan_thread);
}

GPtrArray *
ossa_recovery_scan_finish (GAsyncResult  *result,
                           GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}
