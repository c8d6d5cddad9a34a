/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-gerror"

#include "config.h"

#include "ossa-gerror.h"

G_DEFINE_QUARK (ossa-core-error-quark, ossa_core_error)

/**
 * ossa_gerror_set_from_core:
 * @error: (nullable): return location for a #GError
 * @err: a filled #OssaError
 *
 * Sets @error in the %OSSA_CORE_ERROR domain with @err's code and its message as
 * ossa_error_format() writes it ("PATH[:LINE]: message").
 */
void
ossa_gerror_set_from_core (GError          **error,
                           const OssaError  *err)
{
  char message[OSSA_ERROR_PATH_MAX + OSSA_ERROR_MESSAGE_MAX + 32];
  g_autofree char *valid = NULL;

  g_return_if_fail (err != NULL);

  ossa_error_format (err, message, sizeof message);
  /* Paths are bytes; a GError message is shown to a person and must be UTF-8. */
  valid = g_utf8_make_valid (message, -1);
  g_set_error_literal (error, OSSA_CORE_ERROR, (int) err->code, valid);
}
