/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Files: reading with a size cap, and the atomic write behind every save. The
 * conversion between bytes and documents lives in ossa-io-pb-load.c and
 * ossa-io-pb-save.c (ossa-io-pb.h), which with their helpers are the only files
 * that see the generated protobuf-c code. */

/* realpath() is XSI, beyond the _POSIX_C_SOURCE the project builds with. */
#define _XOPEN_SOURCE 700

#include "ossa-io.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ossa-types.h"

/* What a read of a pipe or other file of unknown size starts with. */
#define READ_CHUNK ((size_t) 64 << 10)

/* Keeps ".NAME.XXXXXX" within the usual 255-byte limit of a file name. */
#define TEMP_BASE_MAX 200

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

bool
ossa_file_read (const char *path, size_t max_size, uint8_t **data, size_t *size, OssaError *err)
{
  bool ok;
  int fd = open (path, O_RDONLY | O_CLOEXEC);

  if (fd < 0)
    {
      set_io_error (err, path, errno, "cannot open");
      return false;
    }
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

/* Saving through a symbolic link replaces the file it points to, not the link. */
static char *
resolve_target (const char *path)
{
  struct stat st;

  if (lstat (path, &st) == 0 && S_ISLNK (st.st_mode))
    {
      char *real = realpath (path, NULL);

      if (real != NULL)
        return real;
    }
  return strdup (path);
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

/* "DIR/.NAME.XXXXXX" for target "DIR/NAME", in the same folder so that the final
 * rename stays within one file system. NULL when there is no NAME, or on out of
 * memory. */
static char *
temp_template (const char *target)
{
  const char *slash = strrchr (target, '/');
  const char *base = slash ? slash + 1 : target;
  int dir_len = (int) (base - target);
  int base_len = (int) strnlen (base, TEMP_BASE_MAX);
  size_t size = (size_t) dir_len + (size_t) base_len + sizeof "/..XXXXXX";
  char *tmp;

  if (base_len == 0)
    return NULL;
  tmp = malloc (size);
  if (tmp != NULL)
    snprintf (tmp, size, "%.*s.%.*s.XXXXXX", dir_len, target, base_len, base);
  return tmp;
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
  char *target = resolve_target (path);
  char *tmp = NULL;
  Target t;
  bool ok = false;
  int fd;

  if (target == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      ossa_error_set_location (err, path, 0);
      return false;
    }
  if (!stat_target (target, path, &t, err))
    goto out;
  tmp = temp_template (target);
  if (tmp == NULL)
    {
      /* No file name after the last slash: the path names a folder (or nothing). */
      if (target[0] == '\0' || target[strlen (target) - 1] == '/')
        set_io_error (err, path, target[0] ? EISDIR : ENOENT, "cannot write");
      else
        set_io_error (err, path, ENOMEM, "cannot write");
      goto out;
    }
  fd = mkstemp (tmp);
  if (fd < 0)
    {
      set_io_error (err, path, errno, "cannot create a temporary file");
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
