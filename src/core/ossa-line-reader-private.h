/* SPDX-License-Identifier: MIT */
/* Lines of text, from bytes in memory or streamed from a file in chunks, for the
 * grid map and scenario readers (ossa-gridmap-io.c). A streamed file is never held
 * whole: the reader keeps one buffer of at most its longest line (max_line) plus a
 * chunk, and a line longer than max_line is an error at that line (after the
 * caller has seen its first max_line bytes, to report a more precise problem in
 * them first). The reader owns
 * its buffer and file (_ossa_line_reader_close()); a line it returns is valid until
 * the next call. Not installed. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ossa-error.h"

typedef struct
{
  const char *p, *end;     /* bytes not yet returned */
  int         line;        /* number of the line returned last */
  const char *path;        /* for messages (may be NULL) */

  /* streaming: fd >= 0 */
  int         fd;
  char       *buf;
  size_t      cap;
  size_t      max_line;
  size_t      max_size;    /* bytes the file may have */
  uint64_t    buf_offset;  /* file offset of buf[0] */
  uint64_t    size;        /* file size when known, else UINT64_MAX */
  bool        eof;

  bool        failed;      /* an error is in err: stop */
  bool        truncated;   /* the line returned last is only the first max_line bytes */
  bool        again;       /* the next call returns the last line again */
  const char *last_s, *last_e;
  OssaError  *err;
} OssaLineReader;

/* Over size bytes at data (a UTF-8 byte order mark at the start is skipped). */
void _ossa_line_reader_init_bytes (OssaLineReader *r, const void *data, size_t size,
                                   const char *path, OssaError *err);

/* Opens path for streaming: false with err set (path, line 0) when it cannot be
 * opened, is a directory, or is a regular file over max_size bytes. A file that is
 * not a regular one (a pipe) is read until its end or max_size. */
bool _ossa_line_reader_open (OssaLineReader *r, const char *path, size_t max_size,
                             size_t max_line, OssaError *err);
void _ossa_line_reader_close (OssaLineReader *r);

/* The next line as [*s, *e) without its LF, CRLF or lone CR. false at the end of
 * the text, or when reading failed (r->failed, with err set: an I/O error, a line
 * over max_line bytes, a stream over max_size bytes). A line over max_line bytes
 * comes back once cut to its first max_line bytes with r->truncated set; the call
 * after fails. */
bool _ossa_line_reader_next (OssaLineReader *r, const char **s, const char **e);

/* Fails (err set, at the current line) because the line is over max_line bytes: for
 * a caller that found nothing else wrong in a truncated line. */
void _ossa_line_reader_fail_long (OssaLineReader *r);

/* Makes the next _ossa_line_reader_next() return the same line again (and count
 * it again). */
void _ossa_line_reader_unread (OssaLineReader *r);

/* Bytes not read yet (UINT64_MAX when a stream's size is unknown). */
uint64_t _ossa_line_reader_remaining (const OssaLineReader *r);
