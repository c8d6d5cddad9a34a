/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-recovery"

#include "config.h"

/* The recovery copy's index as a keyfile, and whether its writer still runs. */

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "ossa-recovery-index.h"

#define GROUP "Recovery"

void
ossa_recovery_index_free (OssaRecoveryIndex *index)
{
  if (index == NULL)
    return;
  g_free (index->id);
  g_free (index->original);
  g_free (index->title);
  g_free (index->boot_id);
  g_free (index);
}

char *
ossa_recovery_index_to_data (const OssaRecoveryIndex *index,
                             gsize                   *length)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autoptr(GDateTime) when = g_date_time_new_from_unix_utc (index->time);
  g_autofree char *iso = when != NULL ? g_date_time_format_iso8601 (when) : g_strdup ("");

  g_key_file_set_comment (kf, NULL, NULL,
                          " A recovery copy of unsaved changes made by Ossa (see copy=).", NULL);
  g_key_file_set_integer (kf, GROUP, "format", (int) index->format);
  g_key_file_set_string (kf, GROUP, "id", index->id);
  {
    g_autofree char *copy = g_strconcat (index->id, ".ossa", NULL);

    g_key_file_set_string (kf, GROUP, "copy", copy);
  }
  if (index->original != NULL)
    g_key_file_set_string (kf, GROUP, "original", index->original);
  if (index->original != NULL && index->original_stamp.known)
    {
      g_key_file_set_uint64 (kf, GROUP, "original-device", index->original_stamp.device);
      g_key_file_set_uint64 (kf, GROUP, "original-inode", index->original_stamp.inode);
      g_key_file_set_int64 (kf, GROUP, "original-size", index->original_stamp.size);
      g_key_file_set_int64 (kf, GROUP, "original-mtime-ns", index->original_stamp.mtime_ns);
    }
  g_key_file_set_string (kf, GROUP, "title", index->title != NULL ? index->title : "");
  g_key_file_set_int64 (kf, GROUP, "time", index->time);
  g_key_file_set_string (kf, GROUP, "time-iso8601", iso);
  g_key_file_set_uint64 (kf, GROUP, "changes", index->changes);
  g_key_file_set_int64 (kf, GROUP, "pid", index->pid);
  g_key_file_set_string (kf, GROUP, "boot-id", index->boot_id != NULL ? index->boot_id : "");
  g_key_file_set_uint64 (kf, GROUP, "start-ticks", index->start_ticks);
  return g_key_file_to_data (kf, length, NULL);
}

/* An id names two files in one folder: letters, digits, '-' and '_' only. */
static gboolean
id_is_valid (const char *id)
{
  if (id == NULL || id[0] == '\0' || strlen (id) > 64)
    return FALSE;
  for (const char *p = id; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '-' && *p != '_')
      return FALSE;
  return TRUE;
}

/* The original's stamp, known only when all four keys are there and numbers:
 * added to format 1 later, so optional (an index without one asks nothing). */
static void
read_stamp (GKeyFile *kf, OssaFileStamp *stamp)
{
  GError *local = NULL;

  *stamp = (OssaFileStamp) { 0 };
  stamp->device = g_key_file_get_uint64 (kf, GROUP, "original-device", &local);
  if (local == NULL)
    stamp->inode = g_key_file_get_uint64 (kf, GROUP, "original-inode", &local);
  if (local == NULL)
    stamp->size = g_key_file_get_int64 (kf, GROUP, "original-size", &local);
  if (local == NULL)
    stamp->mtime_ns = g_key_file_get_int64 (kf, GROUP, "original-mtime-ns", &local);
  if (local != NULL)
    {
      g_error_free (local);
      *stamp = (OssaFileStamp) { 0 };
      return;
    }
  stamp->known = TRUE;
}

OssaRecoveryIndex *
ossa_recovery_index_parse (const char  *data,
                           gsize        length,
                           GError     **error)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autoptr(OssaRecoveryIndex) index = g_new0 (OssaRecoveryIndex, 1);
  GError *local = NULL;
  gint64 format;

  if (!g_key_file_load_from_data (kf, data, length, G_KEY_FILE_NONE, error))
    return NULL;
  format = g_key_file_get_int64 (kf, GROUP, "format", &local);
  if (local != NULL)
    {
      g_propagate_error (error, local);
      return NULL;
    }
  index->format = (guint) CLAMP (format, 0, G_MAXINT);
  if (index->format != OSSA_RECOVERY_FORMAT)
    return g_steal_pointer (&index);

  index->id = g_key_file_get_string (kf, GROUP, "id", error);
  if (index->id == NULL)
    return NULL;
  if (!id_is_valid (index->id))
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   "id “%s” is not a recovery copy's name", index->id);
      return NULL;
    }
  index->original = g_key_file_get_string (kf, GROUP, "original", NULL);
  if (index->original != NULL && !g_path_is_absolute (index->original))
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   "original “%s” is not an absolute path", index->original);
      return NULL;
    }
  if (index->original != NULL)
    read_stamp (kf, &index->original_stamp);
  index->title = g_key_file_get_string (kf, GROUP, "title", error);
  if (index->title == NULL)
    return NULL;
  if (!g_utf8_validate (index->title, -1, NULL))
    {
      g_set_error_literal (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                           "title is not UTF-8");
      return NULL;
    }
  index->time = g_key_file_get_int64 (kf, GROUP, "time", &local);
  if (local == NULL)
    index->changes = (guint) MIN (g_key_file_get_uint64 (kf, GROUP, "changes", &local),
                                  G_MAXUINT);
  if (local == NULL)
    index->pid = g_key_file_get_int64 (kf, GROUP, "pid", &local);
  if (local != NULL)
    {
      g_propagate_error (error, local);
      return NULL;
    }
  index->boot_id = g_key_file_get_string (kf, GROUP, "boot-id", NULL);
  index->start_ticks = g_key_file_get_uint64 (kf, GROUP, "start-ticks", NULL);
  return g_steal_pointer (&index);
}

static char *
dup_boot_id (void)
{
  char *text = NULL;

  if (!g_file_get_contents ("/proc/sys/kernel/random/boot_id", &text, NULL, NULL))
    return g_strdup ("");
  return g_strstrip (text);
}

/* Field 22 of /proc/PID/stat: when the process started, in ticks after boot; 0
 * when it cannot be read. The command name (field 2) may hold spaces and ')'. */
static guint64
process_start_ticks (gint64 pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%" G_GINT64_FORMAT "/stat", pid);
  g_autofree char *text = NULL;
  char *p;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return 0;
  p = strrchr (text, ')');
  if (p == NULL)
    return 0;
  p++;
  /* Fields 3 … 21 come before it. */
  for (int field = 3; field <= 22 && p != NULL; field++)
    {
      while (*p == ' ')
        p++;
      if (field == 22)
        return g_ascii_strtoull (p, NULL, 10);
      p = strchr (p, ' ');
    }
  return 0;
}

void
ossa_recovery_index_set_owner (OssaRecoveryIndex *index)
{
  static gsize boot_id;
  static guint64 start_ticks;

  if (g_once_init_enter (&boot_id))
    {
      start_ticks = process_start_ticks (getpid ());
      g_once_init_leave (&boot_id, (gsize) dup_boot_id ());
    }
  index->pid = getpid ();
  g_free (index->boot_id);
  index->boot_id = g_strdup ((const char *) boot_id);
  index->start_ticks = start_ticks;
}

gboolean
ossa_recovery_index_owner_alive (const OssaRecoveryIndex *index)
{
  OssaRecoveryIndex me = { 0 };
  gboolean same_boot;

  if (index->pid <= 0 || index->pid > G_MAXINT)
    return FALSE;
  ossa_recovery_index_set_owner (&me);
  same_boot = g_strcmp0 (me.boot_id, index->boot_id) == 0;
  g_free (me.boot_id);
  /* A restart since: every process of then is gone. */
  if (!same_boot && index->boot_id != NULL && index->boot_id[0] != '\0')
    return FALSE;
  if (kill ((pid_t) index->pid, 0) != 0 && errno != EPERM)
    return FALSE;
  /* The pid runs: the writer only if it started when the writer did. */
  if (index->start_ticks != 0)
    {
      guint64 now = process_start_ticks (index->pid);

      if (now != 0 && now != index->start_ticks)
        return FALSE;
    }
  return TRUE;
}
