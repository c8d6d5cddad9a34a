/* SPDX-License-Identifier: MIT */
/* Lines from memory or from a file read in chunks (ossa-line-reader-private.h). */
#include "ossa-io.h"
#include "ossa-line-reader-private.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define CHUNK ((size_t) 64 << 10)

static void
io_error (OssaLineReader *r, int errno_value, const char *doing)
{
  char reason[128];

  r->failed = true;
  if (r->err == NULL)
    return;
  if (strerror_r (errno_value, reason, sizeof reason) != 0)
    snprintf (reason, sizeof reason, "error %d", errno_value);
  ossa_error_set (r->err, OSSA_ERROR_IO, "%s: %s", doing, reason);
  r->err->errno_value = errno_value;
  ossa_error_set_location (r->err, r->path, 0);
}

static void
skip_bom (OssaLineReader *r)
{
  if (r->end - r->p >= 3 && (unsigned char) r->p[0] == 0xef && (unsigned char) r->p[1] == 0xbb
      && (unsigned char) r->p[2] == 0xbf)
    r->p += 3;
}

void
_ossa_line_reader_init_bytes (OssaLineReader *r, const void *data, size_t size, const char *path,
                              OssaError *err)
{
  memset (r, 0, sizeof *r);
  r->fd = -1;
  r->p = data;
  r->end = r->p + size;
  r->path = path;
  r->err = err;
  r->eof = true;
  r->size = size;
  skip_bom (r);
}

bool
_ossa_line_reader_open (OssaLineReader *r, const char *path, size_t max_size, size_t max_line,
                        OssaError *err)
{
  struct stat st;

  memset (r, 0, sizeof *r);
  r->path = path;
  r->err = err;
  r->max_line = max_line;
  r->max_size = max_size;
  r->size = UINT64_MAX;
  /* The one gate every reader passes: pipes, devices and sockets are refused
   * without waiting on them (ossa-io.h). */
  r->fd = ossa_file_open_read (path, err);
  if (r->fd < 0)
    return false;
  if (fstat (r->fd, &st) != 0)
    {
      io_error (r, errno, "cannot read");
      _ossa_line_reader_close (r);
      return false;
    }
  if (S_ISREG (st.st_mode))
    {
      if ((uintmax_t) st.st_size > max_size)
        {
          ossa_error_set (err, OSSA_ERROR_LIMIT, "the file is %jd bytes (limit %zu)",
                          (intmax_t) st.st_size, max_size);
          ossa_error_set_location (err, path, 0);
          _ossa_line_reader_close (r);
          return false;
        }
      r->size = (uint64_t) st.st_size;
    }
  r->cap = CHUNK;
  r->buf = malloc (r->cap);
  if (r->buf == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      ossa_error_set_location (err, path, 0);
      _ossa_line_reader_close (r);
      return false;
    }
  r->p = r->end = r->buf;
  return true;
}

void
_ossa_line_reader_close (OssaLineReader *r)
{
  if (r->fd >= 0)
    close (r->fd);
  free (r->buf);
  r->fd = -1;
  r->buf = NULL;
  r->p = r->end = NULL;
}

/* Moves the unread bytes to the front of the buffer and reads more after them;
 * false on an error (r->failed). At the end of the file r->eof goes true. */
static bool
refill (OssaLineReader *r)
{
  size_t keep = (size_t) (r->end - r->p);
  ssize_t n;

  if (r->p != r->buf)
    {
      memmove (r->buf, r->p, keep);
      r->buf_offset += (uint64_t) (r->p - r->buf);
      r->p = r->buf;
      r->end = r->buf + keep;
    }
  if (keep == r->cap)
    {
      /* A line longer than the buffer: grow it, up to the longest line allowed. */
      size_t cap = r->cap * 2 < r->max_line + 2 ? r->cap * 2 : r->max_line + 2;
      char *bigger;

      if (cap <= r->cap)
        {
          r->failed = true;
          ossa_error_set (r->err, OSSA_ERROR_LIMIT, "line %d is longer than %zu bytes (a line of this file is at most that long)",
                          r->line + 1, r->max_line);
          ossa_error_set_location (r->err, r->path, r->line + 1);
          return false;
        }
      bigger = realloc (r->buf, cap);
      if (bigger == NULL)
        {
          r->failed = true;
          ossa_error_set (r->err, OSSA_ERROR_NO_MEMORY, "out of memory");
          ossa_error_set_location (r->err, r->path, r->line + 1);
          return false;
        }
      r->buf = bigger;
      r->p = bigger;
      r->end = bigger + keep;
      r->cap = cap;
    }
  do
    n = read (r->fd, r->buf + keep, r->cap - keep);
  while (n < 0 && errno == EINTR);
  if (n < 0)
    {
      io_error (r, errno, "cannot read");
      return false;
    }
  if (n == 0)
    r->eof = true;
  r->end += n;
  if (r->buf_offset + (uint64_t) (r->end - r->buf) > r->max_size)
    {
      r->failed = true;
      ossa_error_set (r->err, OSSA_ERROR_LIMIT, "the file is larger than %zu bytes", r->max_size);
      ossa_error_set_location (r->err, r->path, 0);
      return false;
    }
  if (r->buf_offset == 0 && r->p == r->buf && r->line == 0)
    skip_bom (r);
  return true;
}

void
_ossa_line_reader_fail_long (OssaLineReader *r)
{
  r->failed = true;
  ossa_error_set (r->err, OSSA_ERROR_LIMIT, "line %d is longer than %zu bytes (the longest line read)",
                  r->line, r->max_line);
  ossa_error_set_location (r->err, r->path, r->line);
}

bool
_ossa_line_reader_next (OssaLineReader *r, const char **s, const char **e)
{
  const char *q;

  if (r->truncated)
    _ossa_line_reader_fail_long (r);
  if (r->failed)
    return false;
  if (r->again)
    {
      r->again = false;
      r->line++;
      *s = r->last_s;
      *e = r->last_e;
      return true;
    }
  for (;;)
    {
      for (q = r->p; q < r->end && *q != '\n' && *q != '\r'; q++)
        ;
      /* A line is complete at its end of line; a CR at the end of the bytes read
       * so far needs one more byte to tell CRLF from a lone CR. */
      if ((q < r->end && !(*q == '\r' && q + 1 == r->end && !r->eof)) || (r->eof && q == r->end))
        break;
      if (r->fd < 0)
        break;
      if (r->end - r->p > (ptrdiff_t) r->max_line)
        {
          /* Its first max_line bytes, for the caller to find what is wrong in
           * them; the next call fails. */
          r->truncated = true;
          r->line++;
          *s = r->p;
          *e = r->p + r->max_line;
          return true;
        }
      if (!refill (r))
        return false;
    }
  if (r->p >= r->end)
    return false;
  if (r->fd >= 0 && (size_t) (q - r->p) > r->max_line)
    {
      r->truncated = true;
      r->line++;
      *s = r->p;
      *e = r->p + r->max_line;
      return true;
    }
  *s = r->p;
  *e = q;
  if (q < r->end && *q == '\r')
    {
      q++;
      if (q < r->end && *q == '\n')
        q++;
    }
  else if (q < r->end)
    q++;
  r->p = q;
  r->line++;
  r->last_s = *s;
  r->last_e = *e;
  return true;
}

void
_ossa_line_reader_unread (OssaLineReader *r)
{
  r->again = true;
  r->line--;
}

uint64_t
_ossa_line_reader_remaining (const OssaLineReader *r)
{
  if (r->fd < 0)
    return (uint64_t) (r->end - r->p);
  if (r->size == UINT64_MAX)
    return UINT64_MAX;
  return r->size - (r->buf_offset + (uint64_t) (r->p - r->buf));
}
