/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The desktop's view of Ossa, as a file manager sees it once Ossa is installed:
 * the MIME package installed into a private XDG data folder (update-mime-database
 * run there) makes a .ossa file application/x-ossa, with its comment and icon; the
 * desktop file, in that folder's applications/, is the type's default application.
 *
 * Environment (tests/data/meson.build): OSSA_MIME_XML, OSSA_DESKTOP_FILE (may be
 * empty: no editor built), OSSA_BUILD_ROOT, PATH with ossa (the editor) first. */
#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#define OSSA_TYPE "application/x-ossa"

static char *xdg_home;  /* the private XDG data folder, for the whole run */

static char *
build_file (const char *first, ...) G_GNUC_NULL_TERMINATED;

/* OSSA_BUILD_ROOT / first / … */
static char *
build_file (const char *first, ...)
{
  GPtrArray *parts = g_ptr_array_new ();
  const char *part;
  va_list args;
  char *path;

  g_ptr_array_add (parts, (gpointer) g_getenv ("OSSA_BUILD_ROOT"));
  va_start (args, first);
  for (part = first; part != NULL; part = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer) part);
  va_end (args);
  g_ptr_array_add (parts, NULL);
  path = g_build_filenamev ((char **) parts->pdata);
  g_ptr_array_free (parts, TRUE);
  return path;
}

static void
copy_file (const char *from, const char *to)
{
  GFile *src = g_file_new_for_path (from), *dst = g_file_new_for_path (to);
  GError *error = NULL;

  g_file_copy (src, dst, G_FILE_COPY_OVERWRITE, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_object_unref (src);
  g_object_unref (dst);
}

static void
write_file (const char *path, const void *data, gsize size)
{
  GError *error = NULL;

  g_file_set_contents (path, data, (gssize) size, &error);
  g_assert_no_error (error);
}

/* Runs argv; its status (0 … 255), its stderr into *err when err is not NULL. */
static int
run (char **argv, char **err)
{
  GError *error = NULL;
  char *out = NULL, *errout = NULL;
  int wait_status = 0;

  g_spawn_sync (NULL, argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &errout,
                &wait_status, &error);
  g_assert_no_error (error);
  g_test_message ("%s: stdout '%s' stderr '%s'", argv[0], out, errout);
  g_free (out);
  if (err != NULL)
    *err = errout;
  else
    g_free (errout);
  g_assert_true (WIFEXITED (wait_status));
  return WEXITSTATUS (wait_status);
}

/* ---- the type ---- */

/* The MIME package as `meson install` puts it, and the database built from it,
 * under xdg_home: the user's own data folder to GIO. Called before anything asks
 * GIO about types (it reads the folders once). */
static void
install_mime_package (void)
{
  char *packages = g_build_filename (xdg_home, "mime", "packages", NULL);
  char *package = g_build_filename (packages, "io.github.ossa.Ossa.xml", NULL);
  char *mime_dir = g_build_filename (xdg_home, "mime", NULL);
  char *argv[] = { (char *) "update-mime-database", mime_dir, NULL };

  g_assert_cmpint (g_mkdir_with_parents (packages, 0755), ==, 0);
  copy_file (g_getenv ("OSSA_MIME_XML"), package);
  g_assert_cmpint (run (argv, NULL), ==, 0);
  g_free (mime_dir);
  g_free (package);
  g_free (packages);
}

/* The content type GIO gives path, as a file manager asks for it (the name and,
 * where the name does not settle it, the first bytes). */
static char *
content_type_of (const char *path)
{
  GFile *file = g_file_new_for_path (path);
  GError *error = NULL;
  GFileInfo *info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_CONTENT_TYPE,
                                       G_FILE_QUERY_INFO_NONE, NULL, &error);
  char *type;

  g_assert_no_error (error);
  type = g_strdup (g_file_info_get_content_type (info));
  g_object_unref (info);
  g_object_unref (file);
  return type;
}

static void
test_mime_type (void)
{
  char *hero = build_file ("data", "samples", "hero.ossa", NULL);
  char *named = g_build_filename (xdg_home, "My hero.ossa", NULL);
  char *unnamed = g_build_filename (xdg_home, "hero-backup", NULL);
  char *other = g_build_filename (xdg_home, "other-protobuf", NULL);
  /* Another protobuf whose first fields look the same (1: 1, 2: a string). */
  static const char other_bytes[] = "\x08\x01\x12\x05hello\x18\x02";
  char *type, *description, *xml;
  GIcon *icon;

  copy_file (hero, named);
  copy_file (hero, unnamed);
  write_file (other, other_bytes, sizeof other_bytes - 1);

  type = content_type_of (named);
  g_assert_cmpstr (type, ==, OSSA_TYPE);
  g_free (type);
  /* Saved by Ossa but not named .ossa: the magic knows it. */
  type = content_type_of (unnamed);
  g_assert_cmpstr (type, ==, OSSA_TYPE);
  g_free (type);
  type = content_type_of (other);
  g_assert_cmpstr (type, !=, OSSA_TYPE);
  g_free (type);

  description = g_content_type_get_description (OSSA_TYPE);
  g_assert_cmpstr (description, ==, "Ossa skeletal animation");
  g_free (description);
  icon = g_content_type_get_icon (OSSA_TYPE);
  g_assert_true (G_IS_THEMED_ICON (icon));
  g_assert_true (g_strv_contains (g_themed_icon_get_names (G_THEMED_ICON (icon)),
                                  "image-x-generic"));
  g_object_unref (icon);

  /* The comment reaches Korean and Hindi desktops in their languages. */
  g_assert_true (g_file_get_contents (g_getenv ("OSSA_MIME_XML"), &xml, NULL, NULL));
  g_assert_nonnull (strstr (xml, "<comment xml:lang=\"ko\">"));
  g_assert_nonnull (strstr (xml, "<comment xml:lang=\"hi\">"));
  g_free (xml);

  g_free (other);
  g_free (unnamed);
  g_free (named);
  g_free (hero);
}

/* ---- the desktop file ---- */

static void
test_desktop_file (void)
{
  const char *desktop = g_getenv ("OSSA_DESKTOP_FILE");
  char *apps, *installed, **types;
  char *argv[3] = { (char *) "update-desktop-database", NULL, NULL };
  GKeyFile *key_file = g_key_file_new ();
  GError *error = NULL;
  GAppInfo *app;

  if (desktop == NULL || *desktop == '\0')
    {
      g_test_skip ("the editor is not built: no desktop file");
      g_key_file_free (key_file);
      return;
    }
  g_key_file_load_from_file (key_file, desktop, G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);
  types = g_key_file_get_string_list (key_file, G_KEY_FILE_DESKTOP_GROUP,
                                      G_KEY_FILE_DESKTOP_KEY_MIME_TYPE, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_strv_contains ((const char *const *) types, OSSA_TYPE));
  g_strfreev (types);
  g_key_file_free (key_file);

  /* Installed where the desktop looks: the default application for the type. */
  apps = g_build_filename (xdg_home, "applications", NULL);
  installed = g_build_filename (apps, "io.github.ossa.Ossa.desktop", NULL);
  g_assert_cmpint (g_mkdir_with_parents (apps, 0755), ==, 0);
  copy_file (desktop, installed);
  argv[1] = apps;
  g_assert_cmpint (run (argv, NULL), ==, 0);
  app = g_app_info_get_default_for_type (OSSA_TYPE, FALSE);
  g_assert_nonnull (app);
  g_assert_cmpstr (g_app_info_get_id (app), ==, "io.github.ossa.Ossa.desktop");
  g_object_unref (app);
  g_free (installed);
  g_free (apps);
}

static void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir != NULL)
    {
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          char *child = g_build_filename (path, name, NULL);

          remove_tree (child);
          g_free (child);
        }
      g_dir_close (dir);
    }
  g_remove (path);
}

int
main (int argc, char **argv)
{
  char *config;
  int status;

  g_test_init (&argc, &argv, NULL);
  xdg_home = g_dir_make_tmp ("ossa-desktop-XXXXXX", NULL);
  g_assert_nonnull (xdg_home);
  config = g_build_filename (xdg_home, "config", NULL);
  /* Only this folder and the system's: another Ossa installed for this user (or a
   * default application chosen in mimeapps.list) does not count. */
  g_setenv ("XDG_DATA_HOME", xdg_home, TRUE);
  g_setenv ("XDG_DATA_DIRS", "/usr/share", TRUE);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  install_mime_package ();

  g_test_add_func ("/desktop/mime-type", test_mime_type);
  g_test_add_func ("/desktop/desktop-file", test_desktop_file);
  status = g_test_run ();
  remove_tree (xdg_home);
  g_free (config);
  g_free (xdg_home);
  return status;
}
