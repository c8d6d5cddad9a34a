/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libossa-fail-write.so: a full disk on demand, for tests. Preloaded into a
 * program (LD_PRELOAD), it makes the calls that write or sync a file fail, with
 * ENOSPC by default, for files under one folder; everything else is untouched.
 * It holds no state of anyone else's and needs no cleanup.
 *
 * Interface (environment variables, read once, at the first call):
 *
 *   OSSA_FAIL_WRITE_DIR=DIR   required: files under DIR (at any depth; DIR is
 *                             resolved once with realpath(), so a DIR removed
 *                             later still counts) are the ones that fail. Unset
 *                             or empty: the shim does nothing.
 *   OSSA_FAIL_WRITE_AFTER=N   the first N bytes written to such files, counted
 *                             over the whole process, succeed; the write that
 *                             would pass N is cut short to N (a short write, as a
 *                             disk that fills up gives), the writes after it
 *                             fail. Default 0: every write fails.
 *   OSSA_FAIL_WRITE_OPS=LIST  which calls fail, comma-separated: "write" (write,
 *                             pwrite, pwrite64, writev, pwritev, fallocate,
 *                             posix_fallocate) and "sync" (fsync, fdatasync:
 *                             they fail once the N bytes are spent, at once for
 *                             N = 0). Default "write,sync". "sync" alone gives
 *                             the file system that accepts every write and
 *                             reports the full disk at fsync() (delayed
 *                             allocation), the cruelest case.
 *   OSSA_FAIL_WRITE_ERRNO=E   the error: ENOSPC (default), EDQUOT, EIO, EFBIG,
 *                             EROFS, or a number.
 *
 * What it cannot see: writes that glibc makes internally (stdio's fwrite and
 * fflush call glibc's own write, not the interposed one) and memory-mapped
 * files. Ossa's saves (ossa_file_write_atomic()) and GIO's (g_file_replace(),
 * g_file_set_contents()) call write() and fsync() themselves, so they are seen.
 *
 * Under AddressSanitizer: ASan wants its runtime first in the list of loaded
 * libraries and aborts when a preloaded library comes before it; run the program
 * with ASAN_OPTIONS=verify_asan_link_order=0 (the tests that use the shim add it).
 * The shim calls through to the next definition (dlsym(RTLD_NEXT)), which is
 * ASan's interceptor there, so ASan still checks every write.
 *
 * At run time, for a test that preloads the shim into itself (the editor's GUI
 * tests): two functions, found with dlsym (RTLD_DEFAULT, …), since the program
 * does not link the shim:
 *
 *   void ossa_fail_write_arm (const char *dir);
 *                             from now on the files under dir fail (in place of
 *                             OSSA_FAIL_WRITE_DIR, which need not be set; the
 *                             other variables still say how), the byte count
 *                             starting again from 0: the disk is full;
 *   void ossa_fail_write_disarm (void);
 *                             nothing fails any more: the disk has room again.
 *
 * Usage from a test: the build puts the module's path in $OSSA_FAIL_WRITE_SHIM;
 *   LD_PRELOAD=$OSSA_FAIL_WRITE_SHIM OSSA_FAIL_WRITE_DIR=/tmp/full \
 *   ASAN_OPTIONS=verify_asan_link_order=0 ossa-cli convert a.ossa /tmp/full/b.ossa */
/* The functions are defined under their own names: meson's 64-bit file offsets
 * would turn pwrite() into pwrite64() by a rename in the headers. */
#undef _FILE_OFFSET_BITS
#define _GNU_SOURCE

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

static struct
{
  bool   on;
  char   dir[PATH_MAX];
  size_t dir_len;
  size_t budget;        /* OSSA_FAIL_WRITE_AFTER */
  bool   fail_write, fail_sync;
  int    error;
} config;

static size_t used;     /* bytes written to files under the folder, __atomic */
static pthread_once_t once = PTHREAD_ONCE_INIT;
/* Guards config.on, .dir and .dir_len, which ossa_fail_write_arm() and _disarm()
 * change while other threads write. */
static pthread_rwlock_t config_lock = PTHREAD_RWLOCK_INITIALIZER;

static int
parse_errno (const char *s)
{
  static const struct { const char *name; int value; } names[] = {
    { "ENOSPC", ENOSPC }, { "EDQUOT", EDQUOT }, { "EIO", EIO }, { "EFBIG", EFBIG },
    { "EROFS", EROFS },
  };
  char *end;
  long v;

  if (s == NULL || *s == '\0')
    return ENOSPC;
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strcmp (s, names[i].name) == 0)
      return names[i].value;
  v = strtol (s, &end, 10);
  return *end == '\0' && v > 0 && v < 4096 ? (int) v : ENOSPC;
}

/* config.dir becomes dir, resolved (config_lock held for writing, or not yet
 * shared). */
static void
set_dir (const char *dir)
{
  char real[PATH_MAX];

  if (realpath (dir, real) == NULL)
    snprintf (real, sizeof real, "%s", dir);
  snprintf (config.dir, sizeof config.dir, "%s", real);
  config.dir_len = strlen (config.dir);
  while (config.dir_len > 1 && config.dir[config.dir_len - 1] == '/')
    config.dir[--config.dir_len] = '\0';
}

static void
configure (void)
{
  const char *dir = getenv ("OSSA_FAIL_WRITE_DIR");
  const char *after = getenv ("OSSA_FAIL_WRITE_AFTER");
  const char *ops = getenv ("OSSA_FAIL_WRITE_OPS");

  /* How it fails, for ossa_fail_write_arm() too. */
  config.budget = after != NULL ? (size_t) strtoull (after, NULL, 10) : 0;
  config.fail_write = ops == NULL || strstr (ops, "write") != NULL;
  config.fail_sync = ops == NULL || strstr (ops, "sync") != NULL;
  config.error = parse_errno (getenv ("OSSA_FAIL_WRITE_ERRNO"));
  if (dir == NULL || *dir == '\0')
    return;
  set_dir (dir);
  config.on = true;
}

void ossa_fail_write_arm (const char *dir);
void ossa_fail_write_disarm (void);

void
ossa_fail_write_arm (const char *dir)
{
  pthread_once (&once, configure);
  pthread_rwlock_wrlock (&config_lock);
  set_dir (dir);
  __atomic_store_n (&used, 0, __ATOMIC_RELAXED);
  config.on = true;
  pthread_rwlock_unlock (&config_lock);
}

void
ossa_fail_write_disarm (void)
{
  pthread_once (&once, configure);
  pthread_rwlock_wrlock (&config_lock);
  config.on = false;
  pthread_rwlock_unlock (&config_lock);
}

/* Whether fd is a file under the folder: what /proc/self/fd/FD points to starts
 * with the folder and a slash (a removed file reads "PATH (deleted)": still
 * under it). */
static bool
watched (int fd)
{
  char link[64], path[PATH_MAX];
  ssize_t n;
  bool under = false;

  pthread_once (&once, configure);
  if (fd < 0)
    return false;
  pthread_rwlock_rdlock (&config_lock);
  if (config.on)
    {
      snprintf (link, sizeof link, "/proc/self/fd/%d", fd);
      n = readlink (link, path, sizeof path - 1);
      if (n > 0)
        {
          path[n] = '\0';
          if (config.dir_len == 1)   /* the folder is "/" */
            under = path[0] == '/';
          else
            under = strncmp (path, config.dir, config.dir_len) == 0
                    && path[config.dir_len] == '/';
        }
    }
  pthread_rwlock_unlock (&config_lock);
  return under;
}

/* How many of count bytes a write to a watched file may write: count, fewer (the
 * disk fills up in the middle), or 0 with errno set (it is full). */
static size_t
allow (size_t count)
{
  size_t before = __atomic_load_n (&used, __ATOMIC_RELAXED);
  size_t room;

  for (;;)
    {
      size_t n;

      room = before < config.budget ? config.budget - before : 0;
      n = !config.fail_write ? count : count < room ? count : room;
      if (__atomic_compare_exchange_n (&used, &before, before + n, false, __ATOMIC_RELAXED,
                                       __ATOMIC_RELAXED))
        {
          if (n == 0 && count > 0)
            errno = config.error;
          return n;
        }
    }
}

/* Whether a sync of a watched file fails now (errno set then). */
static bool
sync_fails (void)
{
  if (!config.fail_sync || __atomic_load_n (&used, __ATOMIC_RELAXED) < config.budget)
    return false;
  errno = config.error;
  return true;
}

/* The definition the program would have called without the shim. */
#define NEXT(name) \
  static __typeof__ (&name) next_##name; \
  if (next_##name == NULL) \
    next_##name = (__typeof__ (&name)) dlsym (RTLD_NEXT, #name)

ssize_t
write (int fd, const void *buf, size_t count)
{
  NEXT (write);
  if (count > 0 && watched (fd) && (count = allow (count)) == 0)
    return -1;
  return next_write (fd, buf, count);
}

ssize_t
pwrite (int fd, const void *buf, size_t count, off_t offset)
{
  NEXT (pwrite);
  if (count > 0 && watched (fd) && (count = allow (count)) == 0)
    return -1;
  return next_pwrite (fd, buf, count, offset);
}

ssize_t
pwrite64 (int fd, const void *buf, size_t count, off64_t offset)
{
  NEXT (pwrite64);
  if (count > 0 && watched (fd) && (count = allow (count)) == 0)
    return -1;
  return next_pwrite64 (fd, buf, count, offset);
}

/* The vector calls fail whole or not at all: cutting a vector short is not
 * worth the code for a test shim. */
static size_t
iov_total (const struct iovec *iov, int n)
{
  size_t total = 0;

  for (int i = 0; i < n; i++)
    total += iov[i].iov_len;
  return total;
}

ssize_t
writev (int fd, const struct iovec *iov, int iovcnt)
{
  size_t total = iov_total (iov, iovcnt);

  NEXT (writev);
  if (total > 0 && watched (fd) && allow (total) < total)
    {
      errno = config.error;
      return -1;
    }
  return next_writev (fd, iov, iovcnt);
}

ssize_t
pwritev (int fd, const struct iovec *iov, int iovcnt, off_t offset)
{
  size_t total = iov_total (iov, iovcnt);

  NEXT (pwritev);
  if (total > 0 && watched (fd) && allow (total) < total)
    {
      errno = config.error;
      return -1;
    }
  return next_pwritev (fd, iov, iovcnt, offset);
}

int
fallocate (int fd, int mode, off_t offset, off_t len)
{
  NEXT (fallocate);
  if (watched (fd) && config.fail_write
      && __atomic_load_n (&used, __ATOMIC_RELAXED) + (size_t) len > config.budget)
    {
      errno = config.error;
      return -1;
    }
  return next_fallocate (fd, mode, offset, len);
}

int
posix_fallocate (int fd, off_t offset, off_t len)
{
  NEXT (posix_fallocate);
  if (watched (fd) && config.fail_write
      && __atomic_load_n (&used, __ATOMIC_RELAXED) + (size_t) len > config.budget)
    return config.error;   /* it returns the error rather than setting errno */
  return next_posix_fallocate (fd, offset, len);
}

int
fsync (int fd)
{
  NEXT (fsync);
  if (watched (fd) && sync_fails ())
    return -1;
  return next_fsync (fd);
}

int
fdatasync (int fd)
{
  NEXT (fdatasync);
  if (watched (fd) && sync_fails ())
    return -1;
  return next_fdatasync (fd);
}
