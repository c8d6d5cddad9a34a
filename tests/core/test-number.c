/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-helpers.h"

#include <locale.h>

static void
check_round_trips (void)
{
  const float floats[] = { 0.1f, -2.5f, 3.14159274f, 1e-20f, 123456.789f, -0.0f };
  char buf[64];
  char *end;

  for (size_t i = 0; i < G_N_ELEMENTS (floats); i++)
    {
      ossa_number_format_float (buf, sizeof buf, floats[i]);
      g_assert_null (strchr (buf, ','));
      g_assert_cmpfloat ((float) ossa_number_parse (buf, &end), ==, floats[i]);
      g_assert_cmpint (*end, ==, '\0');
    }
  ossa_number_format_float (buf, sizeof buf, 0.1f);
  g_assert_cmpstr (buf, ==, "0.1");
  ossa_number_format_double (buf, sizeof buf, 0.1);
  g_assert_cmpstr (buf, ==, "0.1");
  ossa_number_format_double (buf, sizeof buf, G_PI);
  g_assert_cmpfloat (ossa_number_parse (buf, NULL), ==, G_PI);
  assert_close (ossa_number_parse ("2.5e3", &end), 2500, 0);
  assert_close (ossa_number_parse ("1,5", &end), 1, 0);
  g_assert_cmpstr (end, ==, ",5");
}

static void
test_number_c_locale (void)
{
  check_round_trips ();
}

static void
test_number_comma_locale (void)
{
  /* Under a locale whose decimal point is a comma, files and JSON still use '.'. */
  const char *names[] = { "de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8" };
  char *saved = g_strdup (setlocale (LC_ALL, NULL));
  gboolean found = FALSE;

  for (size_t i = 0; i < G_N_ELEMENTS (names) && !found; i++)
    found = setlocale (LC_ALL, names[i]) != NULL;
  if (!found)
    {
      g_test_skip ("no de_DE.UTF-8 or fr_FR.UTF-8 locale installed (build-aux/install-deps.sh generates de_DE)");
      g_free (saved);
      return;
    }
  {
    char buf[32];

    /* The process locale really is a comma one, or this test proves nothing. */
    g_snprintf (buf, sizeof buf, "%.1f", 1.5);
    g_assert_cmpstr (buf, ==, "1,5");
  }
  check_round_trips ();
  setlocale (LC_ALL, saved);
  g_free (saved);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/number/c-locale", test_number_c_locale);
  g_test_add_func ("/number/comma-locale", test_number_comma_locale);
  return g_test_run ();
}
