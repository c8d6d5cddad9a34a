/* SPDX-License-Identifier: MIT */
#include "ossa-error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void
ossa_error_set (OssaError *err, OssaErrorCode code, const char *format, ...)
{
  va_list args;

  if (err == NULL)
    return;
  err->code = code;
  /* A new error is not about the errno of an older one; I/O callers set it after. */
  err->errno_value = 0;
  va_start (args, format);
  vsnprintf (err->message, sizeof err->message, format, args);
  va_end (args);
}

void
ossa_error_set_location (OssaError *err, const char *path, int line)
{
  if (err == NULL)
    return;
  snprintf (err->path, sizeof err->path, "%s", path ? path : "");
  err->line = line;
}

void
ossa_error_clear (OssaError *err)
{
  if (err == NULL)
    return;
  memset (err, 0, sizeof *err);
}

void
ossa_error_format (const OssaError *err, char *buf, size_t size)
{
  if (size == 0)
    return;
  if (err->path[0] != '\0' && err->line > 0)
    snprintf (buf, size, "%s:%d: %s", err->path, err->line, err->message);
  else if (err->path[0] != '\0')
    snprintf (buf, size, "%s: %s", err->path, err->message);
  else
    snprintf (buf, size, "%s", err->message);
}
