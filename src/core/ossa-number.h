/* SPDX-License-Identifier: MIT */
/* Numbers read and written in the C locale whatever the process locale is. The
 * caller owns every buffer; nothing here allocates. */
#pragma once

#include <stddef.h>

#include "ossa-api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* strtod in the C locale ('.' decimals) whatever the process locale is: files and
 * JSON must not change with the person's LC_NUMERIC. Thread-safe. */
OSSA_API double ossa_number_parse (const char *s, char **end);

/* Writes v with the fewest digits (up to 9) that read back as the same float,
 * '.' as decimal point, into buf. Returns what snprintf returns. */
OSSA_API int ossa_number_format_float (char *buf, size_t size, float v);

/* The same for a double (up to 17 digits). */
OSSA_API int ossa_number_format_double (char *buf, size_t size, double v);

#ifdef __cplusplus
}
#endif
