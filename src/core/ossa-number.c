/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ossa-number.h"

#include <locale.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* The C locale object is created once and never changes: it is not state a caller
 * could observe, only a handle POSIX makes us allocate. */
static locale_t c_locale;
static pthread_once_t c_locale_once = PTHREAD_ONCE_INIT;

static void
make_c_locale (void)
{
  c_locale = newlocale (LC_ALL_MASK, "C", (locale_t) 0);
}

static locale_t
enter_c_locale (void)
{
  pthread_once (&c_locale_once, make_c_locale);
  return c_locale ? uselocale (c_locale) : (locale_t) 0;
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
