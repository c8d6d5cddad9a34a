/* SPDX-License-Identifier: MIT */
/* The temporary files of the atomic write: created locked, and those of dead
 * saves removed. Why a lock, and the names, are in ossa-io-temp-private.h. */

/* flock() is BSD, beyond the POSIX the project builds with. */
#define _DEFAULT_SOURCE

#include "ossa-io-temp-private.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Keeps ".NAME.XXXXXX.ossa-tmp" within the usual 255-byte limit of a file name. */
#define TEMP_BASE_MAX 200

/* Letters of the random part, as mkstemp() uses. */
#define RANDOM_LEN 6
static const char letters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/* How long an unlocked temporary file of the old naming must have been left
 * alone: the versions that wrote them took no lock, and neither do other
 * programs that name their temporary files so (rsync), so only age tells that
 * nobody is writing it. */
#define LEGACY_AGE_SECONDS 60

/* Tries at a fresh name before giving up, as mkstemp() does. */
#define CREATE_ATTEMPTS 100

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

/* splitmix64: each call's own state, so that threads share nothing. */
static uint64_t
next_random (uint64_t *state)
{
  uint64_t z = (*state += 0x9e3779b97f4a7c15u);

  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

static uint64_t
random_seed (void)
{
  struct timespec ts = { 0, 0 };
  int local;

  clock_gettime (CLOCK_REALTIME, &ts);
  return ((uint64_t) ts.tv_sec << 30) ^ (uint64_t) ts.tv_nsec ^ ((uint64_t) getpid () << 40)
         ^ (uint64_t) (uintptr_t) &local;
}

/* Where target's file name starts, and how long the part of it a temporary
 * file's name holds is. */
static const char *
base_name (const char *target, int *len)
{
  const char *slash = strrchr (target, '/');
  const char *base = slash ? slash + 1 : target;

  *len = (int) strnlen (base, TEMP_BASE_MAX);
  return base;
}

/* Whether the file held by the open fd is still the one name points to (under
 * the folder dir_fd, or the current folder for AT_FDCWD). */
static bool
still_named (int dir_fd, const char *name, int fd)
{
  struct stat by_fd, by_name;

  return fstat (fd, &by_fd) == 0 && fstatat (dir_fd, name, &by_name, AT_SYMLINK_NOFOLLOW) == 0
         && by_fd.st_dev == by_name.st_dev && by_fd.st_ino == by_name.st_ino;
}

int
_ossa_temp_create (const char *target, const char *path, char **tmp_path, OssaError *err)
{
  int base_len;
  const char *base = base_name (target, &base_len);
  int dir_len = (int) (base - target);
  size_t size = (size_t) dir_len + 1 + (size_t) base_len + 1 + RANDOM_LEN
                + sizeof _OSSA_TEMP_SUFFIX;
  uint64_t state = random_seed ();
  char *tmp = malloc (size);
  int errno_value = EEXIST;

  if (tmp == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      ossa_error_set_location (err, path, 0);
      return -1;
    }
  for (int attempt = 0; attempt < CREATE_ATTEMPTS; attempt++)
    {
      char random[RANDOM_LEN + 1];
      int fd;

      for (int i = 0; i < RANDOM_LEN; i++)
        random[i] = letters[next_random (&state) % (sizeof letters - 1)];
      random[RANDOM_LEN] = '\0';
      snprintf (tmp, size, "%.*s.%.*s.%s%s", dir_len, target, base_len, base, random,
                _OSSA_TEMP_SUFFIX);
      fd = open (tmp, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, 0600);
      if (fd < 0)
        {
          errno_value = errno;
          if (errno_value == EEXIST || errno_value == EINTR)
            continue;
          break;
        }
      /* A file system without locks (some network ones) still saves; its
       * temporary files are then never taken for dead ones either. */
      while (flock (fd, LOCK_EX) != 0 && errno == EINTR)
        ;
      /* Between the open and the lock, a cleanup in another process may have
       * found the file unlocked and removed it: then take another name. */
      if (!still_named (AT_FDCWD, tmp, fd))
        {
          close (fd);
          continue;
        }
      *tmp_path = tmp;
      return fd;
    }
  free (tmp);
  if (errno_value == ENOENT || errno_value == ENOTDIR)
    {
      /* Said plainly: the usual cause is a folder removed or renamed while the
       * document was open. */
      char reason[128];

      if (strerror_r (errno_value, reason, sizeof reason) != 0)
        snprintf (reason, sizeof reason, "error %d", errno_value);
      ossa_error_set (err, OSSA_ERROR_IO, "cannot write: the folder does not exist (%s)", reason);
      if (err != NULL)
        err->errno_value = errno_value;
      ossa_error_set_location (err, path, 0);
    }
  else
    set_io_error (err, path, errno_value, "cannot create a temporary file");
  return -1;
}

/* Whether s (n bytes) is RANDOM_LEN letters of the random part. */
static bool
is_random_part (const char *s, size_t n)
{
  if (n != RANDOM_LEN)
    return false;
  for (size_t i = 0; i < n; i++)
    if (strchr (letters, s[i]) == NULL || s[i] == '\0')
      return false;
  return true;
}

typedef enum
{
  NOT_A_TEMP,
  TEMP_LOCKED,   /* ours: the lock tells */
  TEMP_LEGACY,   /* the old naming, for this target only: lock and age tell */
} TempKind;

/* What the folder entry name is: ".ANY.XXXXXX.ossa-tmp" is ours; ".NAME.XXXXXX"
 * with NAME the target's (base, base_len) is the old naming. */
static TempKind
temp_kind (const char *name, const char *base, int base_len)
{
  size_t n = strlen (name);
  size_t suffix = sizeof _OSSA_TEMP_SUFFIX - 1;

  if (name[0] != '.')
    return NOT_A_TEMP;
  if (n > suffix + RANDOM_LEN + 2 && strcmp (name + n - suffix, _OSSA_TEMP_SUFFIX) == 0
      && name[n - suffix - RANDOM_LEN - 1] == '.'
      && is_random_part (name + n - suffix - RANDOM_LEN, RANDOM_LEN))
    return TEMP_LOCKED;
  if (n == (size_t) base_len + RANDOM_LEN + 2 && strncmp (name + 1, base, (size_t) base_len) == 0
      && name[1 + base_len] == '.' && is_random_part (name + 2 + base_len, RANDOM_LEN))
    return TEMP_LEGACY;
  return NOT_A_TEMP;
}

/* Removes the entry name of the folder dir_fd when it is a temporary file of
 * kind that nobody writes any more. */
static bool
remove_if_dead (int dir_fd, const char *name, TempKind kind, time_t now)
{
  struct stat st;
  bool removed = false;
  /* Not followed if a link, not waited on if a pipe, never a controlling tty. */
  int fd = openat (dir_fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);

  if (fd < 0)
    return false;
  if (fstat (fd, &st) == 0 && S_ISREG (st.st_mode) && st.st_nlink == 1
      && (kind == TEMP_LOCKED || now - st.st_mtime >= LEGACY_AGE_SECONDS)
      && flock (fd, LOCK_EX | LOCK_NB) == 0)
    {
      /* Locked now, so no save can start using it; the name must still be this
       * file (a save that finished renamed it to its target meanwhile). */
      if (still_named (dir_fd, name, fd) && unlinkat (dir_fd, name, 0) == 0)
        removed = true;
    }
  close (fd);
  return removed;
}

size_t
_ossa_temp_remove_stale (const char *target)
{
  int base_len;
  const char *base = base_name (target, &base_len);
  char *dir_path;
  struct dirent *entry;
  size_t removed = 0;
  time_t now = time (NULL);
  DIR *dir;

  if (base_len == 0)
    return 0;
  if (base == target)
    dir_path = strdup (".");
  else if (base == target + 1)
    dir_path = strdup ("/");
  else
    dir_path = strndup (target, (size_t) (base - target - 1));
  if (dir_path == NULL)
    return 0;
  dir = opendir (dir_path);
  free (dir_path);
  if (dir == NULL)
    return 0;
  while ((entry = readdir (dir)) != NULL)
    {
      TempKind kind = temp_kind (entry->d_name, base, base_len);

      if (kind != NOT_A_TEMP && strcmp (entry->d_name, base) != 0
          && remove_if_dead (dirfd (dir), entry->d_name, kind, now))
        removed++;
    }
  closedir (dir);
  return removed;
}
