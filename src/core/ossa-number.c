/* SPDX-License-Identifier: MIT */
/* Numbers in the C locale: the public strtod and shortest-form writers, the one C
 * locale object of the core, and the decimal span parsers of ossa-number-private.h. */
#define _GNU_SOURCE
#include "ossa-number.h"

#include <errno.h>
#include <locale.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-number-private.h"

static locale_t c_locale;
static pthread_once_t c_locale_once = PTHREAD_ONCE_INIT;

static void
make_c_locale (void)
{
  c_locale = newlocale (LC_ALL_MASK, "C", (locale_t) 0);
}

locale_t
_ossa_c_locale (void)
{
  pthread_once (&c_locale_once, make_c_locale);
  return c_locale;
}

static locale_t
enter_c_locale (void)
{
  locale_t c = _ossa_c_locale ();

  return c ? uselocale (c) : (locale_t) 0;
}

static void
leave_c_locale (locale_t previous)
{
  if (previous)
    uselocale (previous);
}

double
ossa_number_parse (const char *s, char **end)
{
  locale_t previous = enter_c_locale ();
  double v = strtod (s, end);

  leave_c_locale (previous);
  return v;
}

int
ossa_number_format_float (char *buf, size_t size, float v)
{
  locale_t previous = enter_c_locale ();
  int n = 0;

  for (int digits = 6; digits <= 9; digits++)
    {
      n = snprintf (buf, size, "%.*g", digits, (double) v);
      if ((float) strtod (buf, NULL) == v || digits == 9)
        break;
    }
  leave_c_locale (previous);
  return n;
}

int
ossa_number_format_double (char *buf, size_t size, double v)
{
  locale_t previous = enter_c_locale ();
  int n = 0;

  for (int digits = 15; digits <= 17; digits++)
    {
      n = snprintf (buf, size, "%.*g", digits, v);
      if (strtod (buf, NULL) == v || digits == 17)
        break;
    }
  leave_c_locale (previous);
  return n;
}

/* strtod_l in the C locale on exactly s[0, len). The byte after a span is never
 * part of a number (a space, a line end, a quote or a comment), so strtod stops
 * there; only a span that ends the buffer is copied out first. */
static bool
slow_double (const char *span, size_t len, const char *buf_end, double *out)
{
  char local[128];
  const char *s = span;
  char *stop = NULL;
  locale_t c = _ossa_c_locale ();
  double v;

  if (c == (locale_t) 0)
    return false;
  if (span + len >= buf_end)
    {
      if (len >= sizeof local)
        return false;
      memcpy (local, span, len);
      local[len] = '\0';
      s = local;
    }
  errno = 0;
  v = strtod_l (s, &stop, c);
  if (stop != s + len || !isfinite (v))
    return false;
  *out = v;
  return true;
}

bool
_ossa_number_parse_span (const char *span, size_t len, const char *buf_end, double *out)
{
  const char *s = span, *e = span + len, *digits_start;
  uint64_t m = 0;
  int digits = 0, exp10 = 0;
  bool neg = false, any;

  if (len == 0)
    return false;
  if (*s == '-' || *s == '+')
    neg = *s++ == '-';
  digits_start = s;
  /* Leading zeros count for nothing. */
  while (s < e && *s == '0')
    s++;
  for (; s < e && (unsigned) (*s - '0') < 10; s++, digits++)
    m = m * 10 + (uint64_t) (*s - '0');
  any = s > digits_start;
  if (s < e && *s == '.')
    {
      const char *frac = ++s;

      if (digits == 0)
        while (s < e && *s == '0')
          s++;
      for (; s < e && (unsigned) (*s - '0') < 10; s++, digits++)
        m = m * 10 + (uint64_t) (*s - '0');
      /* Every fraction digit, leading zeros included, is a power of ten down. */
      exp10 = -(int) (s - frac);
      any |= s > frac;
    }
  if (!any)
    return slow_double (span, len, buf_end, out);
  if (s < e)
    {
      /* An exponent, or something the fast path does not know. */
      bool eneg = false;
      int ex = 0;

      if (*s != 'e' && *s != 'E')
        return slow_double (span, len, buf_end, out);
      s++;
      if (s < e && (*s == '-' || *s == '+'))
        eneg = *s++ == '-';
      if (s >= e)
        return slow_double (span, len, buf_end, out);
      for (; s < e; s++)
        {
          if ((unsigned) (*s - '0') >= 10)
            return slow_double (span, len, buf_end, out);
          if (ex < 100000)
            ex = ex * 10 + (*s - '0');
        }
      exp10 += eneg ? -ex : ex;
    }
  /* digits counts significant digits only (leading zeros skipped), so at most 15
   * of them make m < 10^15 < 2^53: exact. */
  if (digits <= 15)
    {
      double v = (double) m;

      if (m == 0)
        {
          *out = neg ? -0.0 : 0.0;
          return true;
        }
      if (exp10 >= -22 && exp10 <= 22)
        {
          v = exp10 < 0 ? v / _ossa_pow10[-exp10] : v * _ossa_pow10[exp10];
          *out = neg ? -v : v;
          return true;
        }
    }
  return slow_double (span, len, buf_end, out);
}

bool
_ossa_number_parse_int32 (const char *span, size_t len, int32_t *out)
{
  const char *s = span, *e = span + len;
  bool neg = false;
  int64_t v = 0;

  if (len == 0)
    return false;
  if (*s == '-' || *s == '+')
    neg = *s++ == '-';
  if (s >= e)
    return false;
  for (; s < e; s++)
    {
      if (*s < '0' || *s > '9')
        return false;
      v = v * 10 + (*s - '0');
      if (v > (int64_t) INT32_MAX + 1)
        return false;
    }
  v = neg ? -v : v;
  if (v > INT32_MAX || v < INT32_MIN)
    return false;
  *out = (int32_t) v;
  return true;
}
