/* SPDX-License-Identifier: MIT */
/* Files: reading regular files with a size cap, and the atomic write behind
 * every save (its temporary files are made and cleaned up in ossa-io-temp.c). The
 * conversion between bytes and documents lives in ossa-io-pb-load.c and
 * ossa-io-pb-save.c (ossa-io-pb.h), which with their helpers are the only files
 * that see the generated protobuf-c code. */

#include "ossa-io.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ossa-io-temp-private.h"
#include "ossa-types.h"

/* What a read of a pipe or other file of unknown size starts with. */
#define READ_CHUNK ((size_t) 64 << 10)

/* Most symbolic links followed to the file a save replaces: the kernel's own
 * limit (ELOOP past it). */
#define MAX_LINK_HOPS 40

/* "DOING: strerror", the path and errno recorded. strerror_r because a GUI may
 * save from one thread while another reports an error. */
static void
set_io_error (OssaError *err, const char *path, int errno_value, const char *doing)
{
  char reason[128];

  if (err == NULL)
    return;
  if (strerror_r (errno_value, reason, sizeof reason) != 0)
    snprintf (reason, sizeof reason, "error %d", errno_value);
  ossa_error_set (err, OSSA_ERROR_IO, "%s: %s", doing, reason);
  err->errno_value = errno_value;
  ossa_error_set_location (err, path, 0);
}

/* Reading ------------------------------------------------------------------- */

/* Reads to end of file into a buffer grown from cap, failing once more than
 * max_size bytes arrive: the size a regular file reported may have changed, and
 * other files report none. */
static bool
read_all (int fd, const char *path, size_t cap, size_t max_size, uint8_t **data,
          size_t *size, OssaError *err)
{
  size_t limit = max_size < SIZE_MAX ? max_size + 1 : SIZE_MAX;
  size_t len = 0;
  uint8_t *buf = malloc (cap);

  if (buf == NULL)
    goto no_memory;
  for (;;)
    {
      ssize_t n;

      if (len == cap)
        {
          uint8_t *bigger;

          if (cap >= limit)
            {
              free (buf);
              ossa_error_set (err, OSSA_ERROR_LIMIT, "the file is larger than %zu bytes", max_size);
              ossa_error_set_location (err, path, 0);
              return false;
            }
          cap = cap <= limit / 2 ? cap * 2 : limit;
          bigger = realloc (buf, cap);
          if (bigger == NULL)
            goto no_memory;
          buf = bigger;
        }
      n = read (fd, buf + len, cap - len);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          set_io_error (err, path, errno, "cannot read");
          free (buf);
          return false;
        }
      if (n == 0)
        break;
      len += (size_t) n;
    }
  *data = buf;
  *size = len;
  return true;

no_memory:
  free (buf);
  ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory reading the file");
  ossa_error_set_location (err, path, 0);
  return false;
}

bool
ossa_file_read_fd (int fd, const char *path, size_t max_size, uint8_t **data, size_t *size,
                   OssaError *err)
{
  struct stat st;
  size_t cap = READ_CHUNK;

  if (fstat (fd, &st) != 0)
    {
      set_io_error (err, path, errno, "cannot read");
      return false;
    }
  if (S_ISDIR (st.st_mode))
    {
      set_io_error (err, path, EISDIR, "cannot read");
      return false;
    }
  if (S_ISREG (st.st_mode))
    {
      /* Refused before a byte is read or a buffer allocated. */
      if ((uintmax_t) st.st_size > max_size)
        {
          ossa_error_set (err, OSSA_ERROR_LIMIT, "the file is %jd bytes (limit %zu)",
                          (intmax_t) st.st_size, max_size);
          ossa_error_set_location (err, path, 0);
          return false;
        }
      /* One more byte than expected, so that end of file shows in one read. */
      cap = (size_t) st.st_size + 1;
    }
  else if (cap > max_size)
    cap = max_size + 1;
  return read_all (fd, path, cap, max_size, data, size, err);
}

/* What a file that is not a regular file is, for a message. */
static const char *
file_type_name (mode_t mode)
{
  if (S_ISFIFO (mode))
    return "a named pipe";
  if (S_ISCHR (mode))
    return "a character device";
  if (S_ISBLK (mode))
    return "a block device";
  if (S_ISSOCK (mode))
    return "a socket";
  return "not a plain file";
}

int
ossa_file_open_read (const char *path, OssaError *err)
{
  struct stat st;
  int flags;
  /* O_NONBLOCK: opening a pipe nobody writes to returns at once instead of
   * waiting for a writer, and the fstat() that follows is of the very file
   * opened (a stat() before the open could be of another one). */
  int fd = open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);

  if (fd < 0)
    {
      set_io_error (err, path, errno, "cannot open");
      return -1;
    }
  if (fstat (fd, &st) != 0)
    {
      set_io_error (err, path, errno, "cannot read");
      close (fd);
      return -1;
    }
  if (S_ISDIR (st.st_mode))
    {
      set_io_error (err, path, EISDIR, "cannot read");
      close (fd);
      return -1;
    }
  if (!S_ISREG (st.st_mode))
    {
      ossa_error_set (err, OSSA_ERROR_IO, "cannot read: not a regular file (%s)",
                      file_type_name (st.st_mode));
      ossa_error_set_location (err, path, 0);
      close (fd);
      return -1;
    }
  flags = fcntl (fd, F_GETFL);
  if (flags >= 0)
    fcntl (fd, F_SETFL, flags & ~O_NONBLOCK);
  return fd;
}

bool
ossa_file_read (const char *path, size_t max_size, uint8_t **data, size_t *size, OssaError *err)
{
  bool ok;
  int fd = ossa_file_open_read (path, err);

  if (fd < 0)
    return false;
  ok = ossa_file_read_fd (fd, path, max_size, data, size, err);
  close (fd);
  return ok;
}

/* Atomic writing ------------------------------------------------------------ */

/* The umask can only be read by setting it, which races with other threads that
 * create files meanwhile; Linux shows it in /proc/self/status instead. */
static mode_t
new_file_mode (void)
{
  FILE *f = fopen ("/proc/self/status", "r");
  char line[128];
  unsigned mask;
  mode_t m;

  if (f != NULL)
    {
      while (fgets (line, sizeof line, f) != NULL)
        if (sscanf (line, "Umask: %o", &mask) == 1)
          {
            fclose (f);
            return 0666 & ~(mode_t) mask;
          }
      fclose (f);
    }
  m = umask (022);
  umask (m);
  return 0666 & ~m;
}

/* The file a save to path replaces: path itself or, when path is a symbolic
 * link, the end of its chain of links, which may not exist yet (a save through a
 * dangling link creates the file it names, as text editors do). Links are never
 * replaced, and the temporary file goes beside the file, on its file system. NULL
 * with err set for a loop of links or when out of memory. */
static char *
resolve_target (const char *path, OssaError *err)
{
  char *cur = strdup (path);

  for (int hops = 0; cur != NULL; hops++)
    {
      struct stat st;
      const char *slash;
      char *link, *next;
      size_t cap;
      ssize_t n;

      if (lstat (cur, &st) != 0 || !S_ISLNK (st.st_mode))
        return cur;   /* the file, or nothing yet: stat_target() tells which */
      if (hops == MAX_LINK_HOPS)
        {
          free (cur);
          set_io_error (err, path, ELOOP, "cannot write");
          return NULL;
        }
      /* Links in /proc report a size of 0. */
      cap = st.st_size > 0 ? (size_t) st.st_size + 1 : 4096;
      link = malloc (cap);
      if (link == NULL)
        break;
      n = readlink (cur, link, cap);
      if (n < 0)
        {
          set_io_error (err, path, errno, "cannot write");
          free (link);
          free (cur);
          return NULL;
        }
      if ((size_t) n >= cap)   /* changed since the lstat(): look again */
        {
          free (link);
          continue;
        }
      link[n] = '\0';
      slash = strrchr (cur, '/');
      if (link[0] == '/' || slash == NULL)
        next = link;
      else
        {
          /* Relative to the link's folder; ".." in it is left to the kernel,
           * which takes it from where the folder really is. */
          size_t dir_len = (size_t) (slash - cur) + 1;

          next = malloc (dir_len + (size_t) n + 1);
          if (next != NULL)
            {
              memcpy (next, cur, dir_len);
              memcpy (next + dir_len, link, (size_t) n + 1);
            }
          free (link);
        }
      free (cur);
      cur = next;
    }
  free (cur);
  ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
  ossa_error_set_location (err, path, 0);
  return NULL;
}

/* What the new file takes over from the one it replaces. */
typedef struct
{
  bool   exists;
  mode_t mode;    /* the old file's, or what a new file would get */
  uid_t  uid;
  gid_t  gid;
} Target;

static bool
stat_target (const char *target, const char *path, Target *t, OssaError *err)
{
  struct stat st;

  memset (t, 0, sizeof *t);
  if (stat (target, &st) != 0)
    {
      if (errno != ENOENT)
        {
          set_io_error (err, path, errno, "cannot write");
          return false;
        }
      t->mode = new_file_mode ();
      return true;
    }
  if (S_ISDIR (st.st_mode))
    {
      set_io_error (err, path, EISDIR, "cannot write");
      return false;
    }
  /* A rename over a device or a pipe would replace it with a plain file. */
  if (!S_ISREG (st.st_mode))
    {
      set_io_error (err, path, EINVAL, "cannot write over something that is not a regular file");
      return false;
    }
  t->exists = true;
  t->mode = st.st_mode & 07777;
  t->uid = st.st_uid;
  t->gid = st.st_gid;
  return true;
}

/* The rename is only durable once the folder's entry is on disk. Best effort: the
 * new file is in place by now, and some file systems cannot sync a folder. */
static void
sync_folder (const char *target)
{
  const char *slash = strrchr (target, '/');
  char *dir;
  int fd;

  if (slash == NULL)
    dir = strdup (".");
  else if (slash == target)
    dir = strdup ("/");
  else
    dir = strndup (target, (size_t) (slash - target));
  if (dir == NULL)
    return;
  fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0)
    {
      fsync (fd);
      close (fd);
    }
  free (dir);
}

static bool
write_all (int fd, const uint8_t *data, size_t size)
{
  while (size > 0)
    {
      ssize_t n = write (fd, data, size);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return false;
      data += n;
      size -= (size_t) n;
    }
  return true;
}

/* Writes, syncs and closes fd; on failure says why and returns false (fd closed
 * either way). */
static bool
fill_temp (int fd, const Target *t, const void *data, size_t size, const char *path,
           OssaError *err)
{
  /* Best effort, both: a file system without permissions (FAT) must not stop a
   * save, and only root may give a file away. Keeping the owner matters when root
   * saves someone's file, who could not save it again otherwise. */
  if (t->exists && fchown (fd, t->uid, t->gid) != 0)
    errno = 0;  /* nothing to report */
  if (fchmod (fd, t->mode) != 0)
    errno = 0;
  if (!write_all (fd, data, size))
    set_io_error (err, path, errno, "cannot write");
  else if (fsync (fd) != 0)
    set_io_error (err, path, errno, "cannot write to disk");
  else
    {
      /* close() reports what a network file system deferred; never retried. */
      if (close (fd) == 0)
        return true;
      set_io_error (err, path, errno, "cannot write");
      return false;
    }
  close (fd);
  return false;
}

bool
ossa_file_write_atomic (const char *path, const void *data, size_t size, OssaError *err)
{
  char *target = resolve_target (path, err);
  char *tmp = NULL;
  Target t;
  bool ok = false;
  int fd, lock_fd;

  if (target == NULL)
    return false;
  if (!stat_target (target, path, &t, err))
    goto out;
  if (target[0] == '\0' || target[strlen (target) - 1] == '/')
    {
      /* No file name after the last slash: the path names a folder (or nothing). */
      set_io_error (err, path, target[0] ? EISDIR : ENOENT, "cannot write");
      goto out;
    }
  /* First, so that on a full disk the space the dead ones took is free again. */
  _ossa_temp_remove_stale (target);
  fd = _ossa_temp_create (target, path, &tmp, err);
  if (fd < 0)
    goto out;
  /* fill_temp() closes fd to learn what a network file system defers to close();
   * a second descriptor of the same open file keeps the lock until the temporary
   * file is renamed or removed, so that no cleanup takes it for a dead one. */
  lock_fd = fcntl (fd, F_DUPFD_CLOEXEC, 0);
  if (lock_fd < 0)
    {
      set_io_error (err, path, errno, "cannot write");
      unlink (tmp);
      close (fd);
      goto out;
    }
  if (!fill_temp (fd, &t, data, size, path, err))
    unlink (tmp);
  else if (rename (tmp, target) != 0)
    {
      set_io_error (err, path, errno, "cannot replace the file");
      unlink (tmp);
    }
  else
    {
      sync_folder (target);
      ok = true;
    }
  close (lock_fd);

out:
  free (tmp);
  free (target);
  return ok;
}

/* Documents ------------------------------------------------------------------ */

OssaDocument *
ossa_document_load (const char *path, OssaError *err)
{
  uint8_t *data;
  size_t size;
  OssaDocument *doc;

  if (!ossa_file_read (path, OSSA_MAX_FILE_SIZE, &data, &size, err))
    return NULL;
  doc = ossa_document_load_bytes (data, size, path, err);
  free (data);
  return doc;
}

bool
ossa_document_save (const OssaDocument *doc, const char *path, OssaError *err)
{
  uint8_t *data;
  size_t size;
  bool ok;

  if (!ossa_document_to_bytes (doc, &data, &size, err))
    {
      ossa_error_set_location (err, path, 0);
      return false;
    }
  ok = ossa_file_write_atomic (path, data, size, err);
  free (data);
  return ok;
}
