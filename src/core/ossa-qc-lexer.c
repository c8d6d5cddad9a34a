/* SPDX-License-Identifier: MIT */
/* The .qc lexer and what the command readers of ossa-qc.c share: errors, notices
 * given once, tokens and their arguments (ossa-qc-private.h describes them).
 *
 * The tokens are studiomdl's scriplib's: runs of bytes above space, or quoted
 * strings (no newline inside one); `//`, `;` and `#` start a comment to the end
 * of the line, and a slash-star comment runs to its star-slash; `{` and `}` are
 * tokens of their own, also when written against a word. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-number.h"
#include "ossa-qc-private.h"
#include "ossa-skeleton.h"

bool
_ossa_qc_grow (void **array, size_t *cap, size_t want, size_t elem)
{
  size_t n;
  void *bigger;

  if (want <= *cap)
    return true;
  n = *cap ? *cap : 8;
  while (n < want)
    n *= 2;
  bigger = realloc (*array, n * elem);
  if (bigger == NULL)
    return false;
  *array = bigger;
  *cap = n;
  return true;
}

char *
_ossa_qc_copy_span (const char *s, size_t len)
{
  char *c = malloc (len + 1);

  if (c != NULL)
    {
      memcpy (c, s, len);
      c[len] = '\0';
    }
  return c;
}

/* A name the document will show: UTF-8 as it is, other bytes read as Latin-1. */
char *
_ossa_qc_copy_text (const char *s, size_t len)
{
  char *c;
  size_t at = 0;

  if (ossa_utf8_valid (s, len))
    return _ossa_qc_copy_span (s, len);
  c = malloc (2 * len + 1);
  if (c == NULL)
    return NULL;
  for (size_t i = 0; i < len; i++)
    {
      unsigned char b = (unsigned char) s[i];

      if (b < 0x80)
        c[at++] = (char) b;
      else
        {
          c[at++] = (char) (0xc0 | (b >> 6));
          c[at++] = (char) (0x80 | (b & 0x3f));
        }
    }
  c[at] = '\0';
  return c;
}

bool
_ossa_qc_token_is (const QcToken *t, const char *word)
{
  size_t n = strlen (word);

  if (t->len != n)
    return false;
  for (size_t i = 0; i < n; i++)
    {
      char a = t->s[i], b = word[i];

      if (a >= 'A' && a <= 'Z')
        a = (char) (a - 'A' + 'a');
      if (a != b)
        return false;
    }
  return true;
}

bool
_ossa_qc_token_starts (const QcToken *t, const char *prefix)
{
  QcToken head = *t;
  size_t n = strlen (prefix);

  if (t->len < n)
    return false;
  head.len = n;
  return _ossa_qc_token_is (&head, prefix);
}

bool
_ossa_qc_is_brace (const QcToken *t, char c)
{
  return !t->quoted && t->len == 1 && t->s[0] == c;
}

bool
_ossa_qc_is_command (const QcToken *t)
{
  return !t->quoted && t->len > 0 && t->s[0] == '$';
}

/* A token shown in a message: at most 60 bytes of it. */
void
_ossa_qc_token_text (const QcToken *t, char *buf, size_t size)
{
  size_t n = t->len < 60 ? t->len : 60;

  snprintf (buf, size, "%.*s%s", (int) n, t->s, n < t->len ? "…" : "");
}

bool
_ossa_qc_fail (QcFile *f, int line, OssaErrorCode code, const char *format, ...)
{
  char message[OSSA_ERROR_MESSAGE_MAX];
  va_list args;

  if (f->r->failed)
    return false;
  va_start (args, format);
  vsnprintf (message, sizeof message, format, args);
  va_end (args);
  ossa_error_set (f->r->err, code, "%s", message);
  ossa_error_set_location (f->r->err, f->path, line);
  f->r->failed = true;
  return false;
}

bool
_ossa_qc_no_memory (QcFile *f)
{
  return _ossa_qc_fail (f, 0, OSSA_ERROR_NO_MEMORY, "out of memory reading the .qc");
}

bool
_ossa_qc_notice_once (QcFile *f, int line, const char *key, const char *format, ...)
{
  QcReader *r = f->r;
  char message[OSSA_ERROR_MESSAGE_MAX];
  va_list args;

  for (size_t i = 0; i < r->n_noticed; i++)
    if (strcmp (r->noticed[i], key) == 0)
      return true;
  if (!_ossa_qc_grow ((void **) &r->noticed, &r->noticed_cap, r->n_noticed + 1, sizeof *r->noticed)
      || (r->noticed[r->n_noticed] = _ossa_qc_copy_span (key, strlen (key))) == NULL)
    return _ossa_qc_no_memory (f);
  r->n_noticed++;
  if (r->cb == NULL || r->cb->notice == NULL)
    return true;
  va_start (args, format);
  vsnprintf (message, sizeof message, format, args);
  va_end (args);
  r->cb->notice (f->path, line, message, r->cb->user_data);
  return true;
}

/* A token's word in lower case, as a notice key (at most 63 bytes). */
void
_ossa_qc_token_key (const char *prefix, const QcToken *t, char *buf, size_t size)
{
  size_t at = (size_t) snprintf (buf, size, "%s", prefix);

  for (size_t i = 0; i < t->len && at + 1 < size && i < 63; i++)
    {
      char c = t->s[i];

      buf[at++] = (c >= 'A' && c <= 'Z') ? (char) (c - 'A' + 'a') : c;
    }
  buf[at < size ? at : size - 1] = '\0';
}

/* ------------------------------------------------------------------ lexer */

/* Reads the next token into f->ahead; false at the end of the file or on an
 * error (f->r->failed). */
static bool
_ossa_qc_lex (QcFile *f)
{
  for (;;)
    {
      while (f->p < f->end && (unsigned char) *f->p <= ' ')
        {
          if (*f->p == '\0')
            return _ossa_qc_fail (f, f->line, OSSA_ERROR_FORMAT, "a NUL byte: this is not a text file");
          if (*f->p == '\n')
            f->line++;
          f->p++;
        }
      if (f->p >= f->end)
        return false;
      if (*f->p == ';' || *f->p == '#' || (*f->p == '/' && f->p + 1 < f->end && f->p[1] == '/'))
        {
          while (f->p < f->end && *f->p != '\n')
            f->p++;
          continue;
        }
      if (*f->p == '/' && f->p + 1 < f->end && f->p[1] == '*')
        {
          int opened = f->line;

          f->p += 2;
          while (f->p + 1 < f->end && !(f->p[0] == '*' && f->p[1] == '/'))
            {
              if (*f->p == '\n')
                f->line++;
              f->p++;
            }
          if (f->p + 1 >= f->end)
            return _ossa_qc_fail (f, opened, OSSA_ERROR_FORMAT, "a '/*' comment that is never closed with '*/'");
          f->p += 2;
          continue;
        }
      break;
    }
  f->ahead.line = f->line;
  f->ahead.quoted = false;
  if (*f->p == '"')
    {
      const char *start = ++f->p;

      while (f->p < f->end && *f->p != '"' && *f->p != '\n')
        {
          if (*f->p == '\0')
            return _ossa_qc_fail (f, f->line, OSSA_ERROR_FORMAT, "a NUL byte: this is not a text file");
          f->p++;
        }
      if (f->p >= f->end || *f->p != '"')
        return _ossa_qc_fail (f, f->ahead.line, OSSA_ERROR_FORMAT, "a quoted string that is not closed on its line");
      f->ahead.s = start;
      f->ahead.len = (size_t) (f->p - start);
      f->ahead.quoted = true;
      f->p++;
      return true;
    }
  f->ahead.s = f->p;
  if (*f->p == '{' || *f->p == '}')
    f->p++;
  else
    while (f->p < f->end && (unsigned char) *f->p > ' ' && *f->p != '{' && *f->p != '}' && *f->p != '"'
           && *f->p != ';' && !(*f->p == '/' && f->p + 1 < f->end && (f->p[1] == '/' || f->p[1] == '*')))
      f->p++;
  f->ahead.len = (size_t) (f->p - f->ahead.s);
  return true;
}

/* The next token without taking it (NULL at the end or on an error). */
const QcToken *
_ossa_qc_peek (QcFile *f)
{
  if (!f->has_ahead)
    f->has_ahead = _ossa_qc_lex (f);
  return f->has_ahead ? &f->ahead : NULL;
}

bool
_ossa_qc_take (QcFile *f, QcToken *t)
{
  if (_ossa_qc_peek (f) == NULL)
    return false;
  *t = f->ahead;
  f->has_ahead = false;
  f->last_line = t->line;
  return true;
}

/* The next token when it is an argument on the line of the last one (or anywhere
 * inside braces, depth > 0): not a brace, not a command. */
bool
_ossa_qc_take_arg (QcFile *f, int depth, QcToken *t)
{
  const QcToken *next = _ossa_qc_peek (f);

  if (next == NULL || _ossa_qc_is_brace (next, '{') || _ossa_qc_is_brace (next, '}') || _ossa_qc_is_command (next)
      || (depth == 0 && next->line != f->last_line))
    return false;
  return _ossa_qc_take (f, t);
}

/* The same, but one is needed: an error naming what when it is missing. */
bool
_ossa_qc_need_arg (QcFile *f, int depth, const char *command, const char *what, QcToken *t)
{
  int line = f->last_line;

  if (_ossa_qc_take_arg (f, depth, t))
    return true;
  if (f->r->failed)
    return false;
  return _ossa_qc_fail (f, line, OSSA_ERROR_FORMAT, "%s needs %s", command, what);
}

bool
_ossa_qc_need_number (QcFile *f, int depth, const char *command, const char *what, double *out)
{
  QcToken t;
  char text[72], *end;

  if (!_ossa_qc_need_arg (f, depth, command, what, &t))
    return false;
  if (t.len >= 64)
    return _ossa_qc_fail (f, t.line, OSSA_ERROR_FORMAT, "%s: '%.40s…' is not a number (%s)", command, t.s, what);
  memcpy (text, t.s, t.len);
  text[t.len] = '\0';
  *out = ossa_number_parse (text, &end);
  if (t.len == 0 || *end != '\0' || !isfinite (*out))
    return _ossa_qc_fail (f, t.line, OSSA_ERROR_FORMAT, "%s: '%s' is not a number (%s)", command, text, what);
  return true;
}

/* Skips a { … } block whose '{' is the next token, nested ones too. */
bool
_ossa_qc_skip_block (QcFile *f, const char *what)
{
  QcToken t, open;
  int depth = 0;

  if (!_ossa_qc_take (f, &open))
    return false;
  do
    {
      if (!_ossa_qc_take (f, &t))
        {
          if (f->r->failed)
            return false;
          return _ossa_qc_fail (f, open.line, OSSA_ERROR_FORMAT, "the '{' of %s is never closed", what);
        }
      if (_ossa_qc_is_brace (&t, '{'))
        depth++;
      else if (_ossa_qc_is_brace (&t, '}'))
        depth--;
    }
  while (depth >= 0);
  return true;
}

/* An error for a $command met inside an open block. */
bool
_ossa_qc_unclosed (QcFile *f, int opened, const char *what, const QcToken *t)
{
  char text[80];

  _ossa_qc_token_text (t, text, sizeof text);
  return _ossa_qc_fail (f, opened, OSSA_ERROR_FORMAT, "the '{' of %s is never closed (%s comes before a '}', line %d)",
               what, text, t->line);
}
