/* SPDX-License-Identifier: MIT */
/* OssaError: what went wrong, with the file and line, in a caller-owned struct
 * (nothing to free). */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "ossa-api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What went wrong, as a code a program can test. */
typedef enum
{
  OSSA_ERROR_NONE = 0,
  OSSA_ERROR_IO,            /* open/read/write/rename failed; errno_value says why */
  OSSA_ERROR_FORMAT,        /* bytes that are not the expected format */
  OSSA_ERROR_INVALID,       /* well-formed but breaks a rule (bad index, NaN, order …) */
  OSSA_ERROR_LIMIT,         /* a size over one of the OSSA_MAX_* limits */
  OSSA_ERROR_NOT_FOUND,     /* a name or index that does not exist */
  OSSA_ERROR_CONFLICT,      /* an edit that would break a rule (duplicate name, cycle …) */
  OSSA_ERROR_NO_MEMORY,
  OSSA_ERROR_CANCELLED,     /* a long operation was asked to stop */
} OssaErrorCode;

#define OSSA_ERROR_PATH_MAX    1024
#define OSSA_ERROR_MESSAGE_MAX 512

/* Filled by any call that can fail; caller-owned, no allocation. Pass NULL when the
 * reason does not matter. `path` and `line` are empty/0 when there is none. */
typedef struct
{
  OssaErrorCode code;
  int           errno_value;
  int           line;
  char          path[OSSA_ERROR_PATH_MAX];
  char          message[OSSA_ERROR_MESSAGE_MAX];
} OssaError;

/* Sets code and a printf-style message and clears errno_value; keeps path/line.
 * Safe with err == NULL. */
OSSA_API void ossa_error_set (OssaError *err, OssaErrorCode code, const char *format, ...)
           __attribute__ ((format (printf, 3, 4)));

/* Records the file (and line, 0 for none) the error belongs to. */
OSSA_API void ossa_error_set_location (OssaError *err, const char *path, int line);

/* Resets to OSSA_ERROR_NONE with empty strings. */
OSSA_API void ossa_error_clear (OssaError *err);

/* Writes "PATH[:LINE]: message" (or just the message) into buf. */
OSSA_API void ossa_error_format (const OssaError *err, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
