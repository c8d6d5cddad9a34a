/* SPDX-License-Identifier: MIT */
/* The SMD reader's lexer: it walks a buffer held in memory line by line (LF, CRLF
 * or a lone CR), cutting each line into tokens, a quoted name being one token, and
 * stopping at `//`, `#` and `;` comments. It allocates nothing: tokens point into
 * the caller's buffer, which must outlive the lexer, and live in a fixed array.
 * Not installed. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <strings.h>

#include "ossa-number-private.h"
#include "ossa-smd.h"

#define OSSA_SMD_MAX_TOKENS 80   /* 10 + 2 · OSSA_SMD_MAX_LINKS fits */

_Static_assert (10 + 2 * OSSA_SMD_MAX_LINKS <= OSSA_SMD_MAX_TOKENS, "a vertex line's tokens fit");

typedef struct
{
  const char *p;
  uint32_t    len;
  bool        quoted;
} OssaSmdToken;

typedef struct
{
  const char  *buf, *p, *end;
  int          line;
  OssaSmdToken tok[OSSA_SMD_MAX_TOKENS];
  size_t       n_tok;          /* tokens on the line, even past OSSA_SMD_MAX_TOKENS */
  bool         empty;          /* nothing at all on the line, not even a comment */
  bool         unterminated;   /* a quote without its closing quote */
} OssaSmdLexer;

/* Reads the next line into tokens; false at the end of the buffer. */
bool _ossa_smd_lexer_next (OssaSmdLexer *lx);

/* "0.5x" as it was written, at most 40 bytes of it, for a message. */
void _ossa_smd_token_text (const OssaSmdToken *t, char *buf, size_t size);

static inline bool
_ossa_smd_token_is_n (const OssaSmdToken *t, const char *word, size_t len)
{
  return t->len == len && !t->quoted && strncasecmp (t->p, word, len) == 0;
}

/* word must be a string literal. */
#define _ossa_smd_token_is(t, word) _ossa_smd_token_is_n ((t), (word), sizeof (word) - 1)

/* The token as a number; a quoted token is never one. buf_end is the end of the
 * lexer's buffer. */
static inline bool
_ossa_smd_token_double (const OssaSmdToken *t, const char *buf_end, double *out)
{
  return !t->quoted && _ossa_number_parse_span (t->p, t->len, buf_end, out);
}

static inline bool
_ossa_smd_token_int (const OssaSmdToken *t, int32_t *out)
{
  return !t->quoted && _ossa_number_parse_int32 (t->p, t->len, out);
}
