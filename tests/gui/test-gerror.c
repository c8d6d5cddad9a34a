/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The core's errors in the person's language (--lang=en, ko or hi; meson runs it
 * once for each): opening a broken .ossa through ossa_editor_load() gives a
 * message in Korean or Hindi that keeps the file's name, and in English the
 * core's own words; a formatted core message gets a sentence from its code with
 * the English detail kept in brackets and the "PATH:LINE: " prefix kept. */
#define G_LOG_DOMAIN "test-gerror"

#include "config.h"

#include <libintl.h>
#include <locale.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "ossa.h"

#include "ossa-editor.h"
#include "ossa-gerror.h"

static const char *language = "en";

/* Whether text has a character of the language's script (Hangul or Devanagari). */
static gboolean
has_script (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (strcmp (language, "ko") == 0 && c >= 0xAC00 && c <= 0xD7A3)
        return TRUE;
      if (strcmp (language, "hi") == 0 && c >= 0x0900 && c <= 0x097F)
        return TRUE;
    }
  return FALSE;
}

static void
test_broken_file (void)
{
  static const char garbage[] = { '\xff', '\xff', '\xff', '\xff', '\x07', 'x', 'y' };
  g_autoptr (OssaEditor) editor = ossa_editor_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-gerror-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "broken.ossa", NULL);

  g_assert_true (g_file_set_contents (path, garbage, sizeof garbage, NULL));
  file = g_file_new_for_path (path);
  g_assert_false (ossa_editor_load (editor, file, &error));
  g_assert_error (error, OSSA_CORE_ERROR, OSSA_ERROR_FORMAT);
  g_test_message ("%s: %s", language, error->message);
  g_assert_nonnull (strstr (error->message, "broken.ossa: "));
  if (strcmp (language, "en") == 0)
    g_assert_true (g_str_has_suffix (error->message,
                                     "broken.ossa: not a valid Ossa document (protobuf decoding failed)"));
  else
    {
      g_assert_true (has_script (error->message));
      g_assert_null (strstr (error->message, "not a valid"));
    }
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_formatted (void)
{
  OssaError err = { 0 };
  g_autoptr (GError) error = NULL;

  ossa_error_set (&err, OSSA_ERROR_CONFLICT, "a bone named '%s' already exists", "arm");
  ossa_error_set_location (&err, "rig.txt", 3);
  ossa_gerror_set_from_core (&error, &err);
  g_assert_error (error, OSSA_CORE_ERROR, OSSA_ERROR_CONFLICT);
  g_test_message ("%s: %s", language, error->message);
  if (strcmp (language, "en") == 0)
    g_assert_cmpstr (error->message, ==, "rig.txt:3: a bone named 'arm' already exists");
  else
    {
      g_assert_true (g_str_has_prefix (error->message, "rig.txt:3: "));
      g_assert_true (has_script (error->message));
      g_assert_true (g_str_has_suffix (error->message, " (a bone named 'arm' already exists)"));
    }
}

int
main (int argc, char **argv)
{
  const char *build_root = g_getenv ("OSSA_BUILD_ROOT");
  g_autofree char *localedir = NULL;

  for (int i = 1; i < argc; i++)
    if (g_str_has_prefix (argv[i], "--lang="))
      language = argv[i] + strlen ("--lang=");
  g_setenv ("LANGUAGE", language, TRUE);
  setlocale (LC_ALL, "C.UTF-8");
  localedir = build_root != NULL ? g_build_filename (build_root, "po", NULL)
                                 : g_strdup (LOCALEDIR);
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_test_init (&argc, &argv, NULL);

  /* The catalog is found: otherwise every language would be checked in English. */
  if (strcmp (language, "en") != 0)
    g_assert_cmpstr (gettext ("_Open…"), !=, "_Open…");

  g_test_add_func ("/gerror/broken-file", test_broken_file);
  g_test_add_func ("/gerror/formatted", test_formatted);
  return g_test_run ();
}
