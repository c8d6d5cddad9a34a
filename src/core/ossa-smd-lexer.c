/* SPDX-License-Identifier: MIT */
/* The SMD lexer (ossa-smd-lexer-private.h): one table look-up per byte, nothing
 * allocated per line. */
#include "ossa-smd-lexer-private.h"

#include <stdio.h>

/* Character classes for the lexer: one table look-up per byte. */
enum
{
  C_SPACE = 1,     /* space, tab, vertical tab, form feed */
  C_EOL = 2,       /* \n, \r */
  C_SPECIAL = 4,   /* may end a token: " # ; / (a comment only as //) */
};

static const uint8_t char_class[256] = {
  [' '] = C_SPACE, ['\t'] = C_SPACE, ['\v'] = C_SPACE, ['\f'] = C_SPACE,
  ['\n'] = C_EOL, ['\r'] = C_EOL,
  ['"'] = C_SPECIAL, ['#'] = C_SPECIAL, [';'] = C_SPECIAL, ['/'] = C_SPECIAL,
};

static inline bool
is_space (char c)
{
  return char_class[(unsigned char) c] & C_SPACE;
}

static inline bool
is_eol (char c)
{
  return char_class[(unsigned char) c] & C_EOL;
}

/* True when p starts a comment: `#`, `;` or `//`. */
static inline bool
is_comment (const char *p, const char *end)
{
  return *p == '#' || *p == ';' || (*p == '/' && p + 1 < end && p[1] == '/');
}

/* Reads the next line into tokens; false at the end of the buffer. */
bool
_ossa_smd_lexer_next (OssaSmdLexer *lx)
{
  const char *p = lx->p, *end = lx->end;
  bool comment = false;

  if (p >= end)
    return false;
  lx->line++;
  lx->n_tok = 0;
  lx->unterminated = false;
  for (;;)
    {
      const char *start;
      bool quoted = false;

      while (p < end && is_space (*p))
        p++;
      if (p >= end || is_eol (*p))
        break;
      if (is_comment (p, end))
        {
          comment = true;
          while (p < end && !is_eol (*p))
            p++;
          break;
        }
      if (*p == '"')
        {
          start = ++p;
          while (p < end && *p != '"' && !is_eol (*p))
            p++;
          if (p >= end || *p != '"')
            {
              lx->unterminated = true;
              while (p < end && !is_eol (*p))
                p++;
              break;
            }
          quoted = true;
        }
      else
        {
          start = p;
          for (;;)
            {
              while (p < end && char_class[(unsigned char) *p] == 0)
                p++;
              /* A lone '/' belongs to the token (material paths). */
              if (p < end && *p == '/' && !is_comment (p, end))
                {
                  p++;
                  continue;
                }
              break;
            }
        }
      if (lx->n_tok < OSSA_SMD_MAX_TOKENS)
        lx->tok[lx->n_tok] = (OssaSmdToken) { start, (uint32_t) (p - start), quoted };
      lx->n_tok++;
      if (quoted)
        p++;   /* the closing quote */
    }
  lx->empty = lx->n_tok == 0 && !comment && !lx->unterminated;
  if (p < end && *p == '\r')
    {
      p++;
      if (p < end && *p == '\n')
        p++;
    }
  else if (p < end && *p == '\n')
    p++;
  lx->p = p;
  return true;
}

void
_ossa_smd_token_text (const OssaSmdToken *t, char *buf, size_t size)
{
  size_t n = t->len < 40 ? t->len : 40;

  snprintf (buf, size, "%.*s%s", (int) n, t->p, t->len > n ? "…" : "");
  for (char *c = buf; *c; c++)
    if ((unsigned char) *c < 0x20)
      *c = '?';
}
