/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-gerror"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "ossa-gerror.h"

G_DEFINE_QUARK (ossa-core-error-quark, ossa_core_error)

/* What went wrong, in a sentence of the person's language, by code. */
static const char *
code_sentence (OssaErrorCode code)
{
  switch (code)
    {
    case OSSA_ERROR_IO:        return _("the file could not be read or written");
    case OSSA_ERROR_FORMAT:    return _("the file is not in the expected format");
    case OSSA_ERROR_INVALID:   return _("the data breaks a rule");
    case OSSA_ERROR_LIMIT:     return _("a size is over the limit");
    case OSSA_ERROR_NOT_FOUND: return _("not found");
    case OSSA_ERROR_CONFLICT:  return _("the change would break a rule");
    case OSSA_ERROR_NO_MEMORY: return _("out of memory");
    case OSSA_ERROR_CANCELLED: return _("cancelled");
    case OSSA_ERROR_NONE:
    default:                   return NULL;
    }
}

/* The English sentence code_sentence() translates, to tell whether the catalog
 * has one (in English the core's own message reads better). */
static const char *
code_sentence_msgid (OssaErrorCode code)
{
  switch (code)
    {
    case OSSA_ERROR_IO:        return "the file could not be read or written";
    case OSSA_ERROR_FORMAT:    return "the file is not in the expected format";
    case OSSA_ERROR_INVALID:   return "the data breaks a rule";
    case OSSA_ERROR_LIMIT:     return "a size is over the limit";
    case OSSA_ERROR_NOT_FOUND: return "not found";
    case OSSA_ERROR_CONFLICT:  return "the change would break a rule";
    case OSSA_ERROR_NO_MEMORY: return "out of memory";
    case OSSA_ERROR_CANCELLED: return "cancelled";
    case OSSA_ERROR_NONE:
    default:                   return NULL;
    }
}

/* err's message in the person's language: the catalog's translation when the core
 * marked it with OSSA_N_ (a fixed text); else a sentence from the code, followed
 * by the core's English detail in brackets (for I/O, the reason from g_strerror,
 * which glibc translates); else, in English or without a catalog, the core's own. */
static char *
localised_message (const OssaError *err)
{
  /* gettext ("") is the catalog's header, never a translation. */
  const char *translated = err->message[0] != '\0' ? _(err->message) : err->message;
  const char *sentence = code_sentence (err->code);
  const char *msgid = code_sentence_msgid (err->code);

  if (strcmp (translated, err->message) != 0)
    return g_strdup (translated);
  if (sentence == NULL || strcmp (sentence, msgid) == 0)
    return g_strdup (err->message);
  if (err->code == OSSA_ERROR_IO && err->errno_value != 0)
    return g_strdup_printf ("%s: %s", sentence, g_strerror (err->errno_value));
  if (err->message[0] == '\0')
    return g_strdup (sentence);
  return g_strdup_printf ("%s (%s)", sentence, err->message);
}

/**
 * ossa_gerror_set_from_core:
 * @error: (nullable): return location for a #GError
 * @err: a filled #OssaError
 *
 * Sets @error in the %OSSA_CORE_ERROR domain with @err's code and its message as
 * ossa_error_format() writes it ("PATH[:LINE]: message"), the message in the
 * person's language (see localised_message(); the core itself never translates).
 */
void
ossa_gerror_set_from_core (GError          **error,
                           const OssaError  *err)
{
  char message[OSSA_ERROR_PATH_MAX + OSSA_ERROR_MESSAGE_MAX + 32];
  g_autofree char *valid = NULL;
  g_autofree char *localised = NULL;
  OssaError shown;

  g_return_if_fail (err != NULL);

  if (error == NULL)
    return;
  shown = *err;
  localised = localised_message (err);
  g_strlcpy (shown.message, localised, sizeof shown.message);
  ossa_error_format (&shown, message, sizeof message);
  /* Paths are bytes; a GError message is shown to a person and must be UTF-8. */
  valid = g_utf8_make_valid (message, -1);
  g_set_error_literal (error, OSSA_CORE_ERROR, (int) err->code, valid);
}
