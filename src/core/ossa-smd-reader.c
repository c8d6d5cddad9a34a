/* SPDX-License-Identifier: MIT */
/* What the SMD block readers share (ossa-smd-reader-private.h). */
#include "ossa-smd-reader-private.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-skeleton.h"

bool
_ossa_smd_fail (OssaSmdReader *r, int line, OssaErrorCode code, const char *format, ...)
{
  va_list args;
  char message[OSSA_ERROR_MESSAGE_MAX];

  va_start (args, format);
  vsnprintf (message, sizeof message, format, args);
  va_end (args);
  ossa_error_set (r->err, code, "%s", message);
  ossa_error_set_location (r->err, r->path, line);
  return false;
}

bool
_ossa_smd_fail_memory (OssaSmdReader *r)
{
  return _ossa_smd_fail (r, r->lx.line, OSSA_ERROR_NO_MEMORY, "out of memory");
}

void
_ossa_smd_notice (OssaSmdReader *r, int line, const char *format, ...)
{
  va_list args;
  char message[OSSA_ERROR_MESSAGE_MAX];

  if (r->cb == NULL || r->cb->notice == NULL)
    return;
  va_start (args, format);
  vsnprintf (message, sizeof message, format, args);
  va_end (args);
  r->cb->notice (r->path, line, message, r->cb->user_data);
}

bool
_ossa_smd_grow (void **p, size_t *cap, size_t n, size_t size)
{
  size_t new_cap;
  void *q;

  if (n <= *cap)
    return true;
  new_cap = *cap ? *cap : 16;
  while (new_cap < n)
    {
      if (new_cap > SIZE_MAX / 2 / size)
        return false;
      new_cap *= 2;
    }
  q = realloc (*p, new_cap * size);
  if (q == NULL)
    return false;
  *p = q;
  *cap = new_cap;
  return true;
}

bool
_ossa_smd_pool_add (OssaSmdReader *r, const char *s, size_t len, size_t *off)
{
  if (!_ossa_smd_grow ((void **) &r->pool, &r->pool_cap, r->pool_len + len + 1, 1))
    return false;
  memcpy (r->pool + r->pool_len, s, len);
  r->pool[r->pool_len + len] = '\0';
  *off = r->pool_len;
  r->pool_len += len + 1;
  return true;
}

bool
_ossa_smd_latin1_to_scratch (OssaSmdReader *r, const char *s, size_t len)
{
  size_t at = 0;

  if (!_ossa_smd_grow ((void **) &r->scratch, &r->scratch_cap, 2 * len + 1, 1))
    return false;
  for (size_t i = 0; i < len; i++)
    {
      unsigned char c = (unsigned char) s[i];

      if (c < 0x80)
        r->scratch[at++] = (char) c;
      else
        {
          r->scratch[at++] = (char) (0xc0 | (c >> 6));
          r->scratch[at++] = (char) (0x80 | (c & 0x3f));
        }
    }
  r->scratch[at] = '\0';
  return true;
}

bool
_ossa_smd_pool_add_text (OssaSmdReader *r, const char *s, size_t len, size_t *off)
{
  if (ossa_utf8_valid (s, len))
    return _ossa_smd_pool_add (r, s, len, off);
  return _ossa_smd_latin1_to_scratch (r, s, len) && _ossa_smd_pool_add (r, r->scratch, strlen (r->scratch), off);
}

bool
_ossa_smd_bad_number (OssaSmdReader *r, const OssaSmdToken *t, const char *what)
{
  char text[64];

  _ossa_smd_token_text (t, text, sizeof text);
  return _ossa_smd_fail (r, r->lx.line, OSSA_ERROR_FORMAT, "bad number '%s' (%s)", text, what);
}

bool
_ossa_smd_is_block_keyword (const OssaSmdToken *t)
{
  return _ossa_smd_token_is (t, "nodes") || _ossa_smd_token_is (t, "skeleton")
         || _ossa_smd_token_is (t, "triangles") || _ossa_smd_token_is (t, "vertexanimation")
         || _ossa_smd_token_is (t, "version");
}

bool
_ossa_smd_missing_end (OssaSmdReader *r, const char *block, int opened, int line)
{
  return _ossa_smd_fail (r, line, OSSA_ERROR_FORMAT, "missing 'end' of the '%s' block opened on line %d",
                         block, opened);
}

int32_t
_ossa_smd_bone_index (OssaSmdReader *r, const OssaSmdToken *t)
{
  int32_t id;

  if (!_ossa_smd_token_int (t, &id))
    {
      _ossa_smd_bad_number (r, t, "a bone id must be an integer");
      return -1;
    }
  if (id < 0 || (size_t) id >= r->id_map_len || r->id_map[id] < 0)
    {
      _ossa_smd_fail (r, r->lx.line, OSSA_ERROR_INVALID, "bone id %d is out of range (not defined in 'nodes')",
                      (int) id);
      return -1;
    }
  return r->id_map[id];
}
