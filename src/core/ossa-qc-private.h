/* SPDX-License-Identifier: MIT */
/* The state of one .qc read (ossa-qc.c) and what its lexer (ossa-qc-lexer.c)
 * gives it: tokens pointing into the file's buffer, arguments read from a
 * command's own line as studiomdl's GetToken(false) does (any line inside braces),
 * FILE:LINE errors and notices given once. The reader owns everything here until
 * the read ends. Not installed. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "ossa-qc.h"

typedef struct
{
  const char *s;
  size_t      len;
  int         line;
  bool        quoted;
} QcToken;

typedef struct QcReader QcReader;

/* One file being read. */
typedef struct
{
  QcReader   *r;
  const char *path;     /* one of qc->files */
  char       *canon;    /* realpath, or a copy of path when there is none */
  const char *p, *end;
  int         line;
  QcToken     ahead;
  bool        has_ahead;
  int         last_line;  /* the line of the token taken last */
} QcFile;

/* An $animation (Source), which a $sequence may name instead of a file. */
typedef struct
{
  char  *name;
  char  *smd;
  float  fps;
  bool   loop, has_fps, has_loop;
} QcAnimation;

struct QcReader
{
  OssaQc                 *qc;
  const OssaSmdCallbacks *cb;
  OssaError              *err;
  bool                    failed;
  char                   *cd;          /* the folder of the last $cd, or NULL */
  QcFile                 *chain[OSSA_QC_MAX_INCLUDE_DEPTH + 1];
  size_t                  depth;
  size_t                  n_includes;
  size_t                  total_bytes;
  char                  **noticed;     /* keys of the notices given once */
  size_t                  n_noticed, noticed_cap;
  size_t                  files_cap, bodies_cap, sequences_cap;
  QcAnimation            *animations;
  size_t                  n_animations, animations_cap;
  bool                    have_scale;
};

/* Grows *array (of elem-sized items, room for *cap) to room for want. */
bool _ossa_qc_grow (void **array, size_t *cap, size_t want, size_t elem);

/* A NUL-terminated malloc'd copy of s[0, len) (NULL when out of memory). */
char *_ossa_qc_copy_span (const char *s, size_t len);

/* The same as UTF-8 for a name the document shows: valid UTF-8 as it is, any
 * other bytes read as Latin-1 (old GoldSrc tools). */
char *_ossa_qc_copy_text (const char *s, size_t len);

/* Whether t is word (lower case), ignoring the case of t; or starts with prefix. */
bool _ossa_qc_token_is (const QcToken *t, const char *word);
bool _ossa_qc_token_starts (const QcToken *t, const char *prefix);

/* An unquoted brace c; an unquoted $word. */
bool _ossa_qc_is_brace (const QcToken *t, char c);
bool _ossa_qc_is_command (const QcToken *t);

/* The token for a message (at most 60 bytes), and as a notice key: prefix and
 * the word in lower case. */
void _ossa_qc_token_text (const QcToken *t, char *buf, size_t size);
void _ossa_qc_token_key (const char *prefix, const QcToken *t, char *buf, size_t size);

/* Sets the error at f's path and line (the first one only sticks); always false. */
bool _ossa_qc_fail (QcFile *f, int line, OssaErrorCode code, const char *format, ...)
  __attribute__ ((format (printf, 4, 5)));
bool _ossa_qc_no_memory (QcFile *f);

/* Tells the message once for key (a command or an option's name): true, or
 * false when out of memory. */
bool _ossa_qc_notice_once (QcFile *f, int line, const char *key, const char *format, ...)
  __attribute__ ((format (printf, 4, 5)));

/* The next token without taking it (NULL at the end, or on an error), and taking it. */
const QcToken *_ossa_qc_peek (QcFile *f);
bool _ossa_qc_take (QcFile *f, QcToken *t);

/* The next token when it is an argument: on the line of the token taken last (any
 * line when depth > 0), neither a brace nor a $command. need_arg: an error naming
 * what when there is none; need_number: the same for a finite number. */
bool _ossa_qc_take_arg (QcFile *f, int depth, QcToken *t);
bool _ossa_qc_need_arg (QcFile *f, int depth, const char *command, const char *what, QcToken *t);
bool _ossa_qc_need_number (QcFile *f, int depth, const char *command, const char *what, double *out);

/* Skips a { … } block whose '{' is the next token, nested ones too (what names
 * it when it is never closed). */
bool _ossa_qc_skip_block (QcFile *f, const char *what);

/* The error for a $command t met inside the block opened at line opened. */
bool _ossa_qc_unclosed (QcFile *f, int opened, const char *what, const QcToken *t);
