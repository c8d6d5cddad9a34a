/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The desktop's view of Ossa, as a file manager sees it once Ossa is installed:
 * the MIME package installed into a private XDG data folder (update-mime-database
 * run there) makes a .ossa file application/x-ossa, with its comment and icon; the
 * desktop file, in that folder's applications/, is the type's default application;
 * and the installed .thumbnailer's Exec line, expanded as GNOME's thumbnail
 * factory expands it (%s %i %o %u), draws hero.ossa and a bare skeleton into PNGs
 * of the asked size, and a broken file into nothing.
 *
 * Environment (tests/data/meson.build): OSSA_MIME_XML, OSSA_DESKTOP_FILE (may be
 * empty: no editor built), OSSA_THUMBNAILER, OSSA_BUILD_ROOT, PATH with ossa-cli
 * (and ossa) first. */
#include <string.h>

#include <cairo.h>
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
  /* Leaks are looked for in what runs here (under ASan); this process's own are
   * GIO's (tests/data/meson.build). */
  char **envp = g_environ_setenv (g_get_environ (), "ASAN_OPTIONS",
                                  "detect_leaks=1:abort_on_error=1", TRUE);

  g_spawn_sync (NULL, argv, envp, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &errout,
                &wait_status, &error);
  g_strfreev (envp);
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

/* ---- the thumbnailer ---- */

/* One word of an Exec line with the thumbnail factory's fields filled in (GNOME's
 * gnome-desktop-thumbnail-script.c): %u the input's URI, %i its path, %o the
 * output path, %s the size, %% a percent sign; others are dropped. */
static char *
expand_field (const char *word, int size, const char *in, const char *out)
{
  GString *s = g_string_new (NULL);

  for (const char *p = word; *p != '\0'; p++)
    {
      if (*p != '%' || p[1] == '\0')
        {
          g_string_append_c (s, *p);
          continue;
        }
      switch (*++p)
        {
        case 'u':
          {
            char *uri = g_filename_to_uri (in, NULL, NULL);

            g_string_append (s, uri);
            g_free (uri);
            break;
          }
        case 'i':
          g_string_append (s, in);
          break;
        case 'o':
          g_string_append (s, out);
          break;
        case 's':
          g_string_append_printf (s, "%d", size);
          break;
        case '%':
          g_string_append_c (s, '%');
          break;
        default:
          break;
        }
    }
  return g_string_free (s, FALSE);
}

/* The installed thumbnailer's Exec line (with %i replaced by with_input when that
 * is not NULL) run on in for size as the thumbnail factory runs it: split as a
 * shell would, then each word expanded. Its exit status; stderr into *err. */
static int
run_thumbnailer (const char *in, const char *out, int size, const char *with_input,
                 char **err)
{
  GKeyFile *key_file = g_key_file_new ();
  GError *error = NULL;
  char *exec, *try_exec, *found, **types, **words;
  GPtrArray *argv = g_ptr_array_new_with_free_func (g_free);
  int status;

  g_key_file_load_from_file (key_file, g_getenv ("OSSA_THUMBNAILER"), G_KEY_FILE_NONE,
                             &error);
  g_assert_no_error (error);
  types = g_key_file_get_string_list (key_file, "Thumbnailer Entry", "MimeType", NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_strv_contains ((const char *const *) types, OSSA_TYPE));
  g_strfreev (types);
  /* The factory skips a thumbnailer whose TryExec is not on the PATH. */
  try_exec = g_key_file_get_string (key_file, "Thumbnailer Entry", "TryExec", &error);
  g_assert_no_error (error);
  found = g_find_program_in_path (try_exec);
  g_assert_nonnull (found);
  g_free (found);
  g_free (try_exec);
  exec = g_key_file_get_string (key_file, "Thumbnailer Entry", "Exec", &error);
  g_assert_no_error (error);
  if (with_input != NULL)
    {
      char **parts = g_strsplit (exec, "%i", -1);

      g_assert_cmpuint (g_strv_length (parts), ==, 2);
      g_free (exec);
      exec = g_strjoinv (with_input, parts);
      g_strfreev (parts);
    }
  g_shell_parse_argv (exec, NULL, &words, &error);
  g_assert_no_error (error);
  for (char **w = words; *w != NULL; w++)
    g_ptr_array_add (argv, expand_field (*w, size, in, out));
  g_ptr_array_add (argv, NULL);
  status = run ((char **) argv->pdata, err);
  g_strfreev (words);
  g_ptr_array_free (argv, TRUE);
  g_free (exec);
  g_key_file_free (key_file);
  return status;
}

typedef struct
{
  int width, height;
  int opaque;        /* pixels with alpha ≥ 250 */
  int corner_alpha;  /* the largest alpha of the four corners */
} Picture;

/* Whether the picture holds at least min_count opaque pixels within tol of rgb. */
static gboolean
has_colour (cairo_surface_t *surface, guint32 rgb, int tol, int min_count)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
  int count = 0;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        guint32 p = *(const guint32 *) (data + (gsize) y * stride + 4 * (gsize) x);

        if ((p >> 24) >= 250 && ABS ((int) ((p >> 16) & 0xff) - (int) ((rgb >> 16) & 0xff)) <= tol
            && ABS ((int) ((p >> 8) & 0xff) - (int) ((rgb >> 8) & 0xff)) <= tol
            && ABS ((int) (p & 0xff) - (int) (rgb & 0xff)) <= tol)
          count++;
      }
  return count >= min_count;
}

static cairo_surface_t *
load_png (const char *path, Picture *pic)
{
  cairo_surface_t *surface = cairo_image_surface_create_from_png (path);
  const guint8 *data;
  int stride;

  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_format (surface), ==, CAIRO_FORMAT_ARGB32);
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  pic->width = cairo_image_surface_get_width (surface);
  pic->height = cairo_image_surface_get_height (surface);
  pic->opaque = 0;
  for (int y = 0; y < pic->height; y++)
    for (int x = 0; x < pic->width; x++)
      if (data[(gsize) y * stride + 4 * (gsize) x + 3 * (G_BYTE_ORDER == G_LITTLE_ENDIAN)]
          >= 250)
        pic->opaque++;
  pic->corner_alpha = 0;
  for (int c = 0; c < 4; c++)
    {
      int x = c & 1 ? pic->width - 1 : 0, y = c & 2 ? pic->height - 1 : 0;
      guint32 p = *(const guint32 *) (data + (gsize) y * stride + 4 * (gsize) x);

      pic->corner_alpha = MAX (pic->corner_alpha, (int) (p >> 24));
    }
  return surface;
}

/* A folder of its own with a space in its name, as people name them. */
static char *
thumb_dir (const char *name)
{
  char *dir = g_build_filename (xdg_home, name, NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  return dir;
}

static void
assert_size (const Picture *pic, int size)
{
  g_assert_cmpint (MAX (pic->width, pic->height), ==, size);
  g_assert_cmpint (MIN (pic->width, pic->height), >=, 1);
}

/* hero.ossa with its art/ beside it, in a folder named with a space, at GNOME's
 * normal (128) and large (256) sizes, by path (%i) and by URI (%u). */
static void
test_thumbnail_hero (void)
{
  char *dir = thumb_dir ("Characters 1");
  char *art_from = build_file ("data", "samples", "art", NULL);
  char *art_to = g_build_filename (dir, "art", NULL);
  char *hero = build_file ("data", "samples", "hero.ossa", NULL);
  char *in = g_build_filename (dir, "hero one.ossa", NULL);
  static const int sizes[] = { 128, 256 };
  GDir *art;
  const char *name;

  copy_file (hero, in);
  g_assert_cmpint (g_mkdir_with_parents (art_to, 0755), ==, 0);
  art = g_dir_open (art_from, 0, NULL);
  g_assert_nonnull (art);
  while ((name = g_dir_read_name (art)) != NULL)
    if (g_str_has_suffix (name, ".png"))
      {
        char *from = g_build_filename (art_from, name, NULL), *to = g_build_filename (art_to, name, NULL);

        copy_file (from, to);
        g_free (from);
        g_free (to);
      }
  g_dir_close (art);

  for (gsize i = 0; i < G_N_ELEMENTS (sizes) * 2; i++)
    {
      int size = sizes[i % G_N_ELEMENTS (sizes)];
      gboolean by_uri = i >= G_N_ELEMENTS (sizes);
      char *out = g_strdup_printf ("%s/thumbnail-%d%s.png", dir, size, by_uri ? "-uri" : "");
      char *err = NULL;
      cairo_surface_t *surface;
      Picture pic;

      g_test_message ("size %d, %s", size, by_uri ? "%u" : "%i");
      g_assert_cmpint (run_thumbnailer (in, out, size, by_uri ? "%u" : NULL, &err), ==, 0);
      /* Every picture was found beside the document: no placeholder warnings. */
      g_assert_cmpstr (err, ==, "");
      surface = load_png (out, &pic);
      assert_size (&pic, size);
      /* A standing character is taller than wide. */
      g_assert_cmpint (pic.height, ==, size);
      g_assert_cmpint (pic.width, <, size);
      g_assert_cmpint (pic.corner_alpha, ==, 0);
      /* The hero's own colours: skin, the red shirt, the blue trousers. */
      g_assert_true (has_colour (surface, 0xf6c9a0, 10, size / 8));
      g_assert_true (has_colour (surface, 0xe8553e, 10, size / 8));
      g_assert_true (has_colour (surface, 0x3f6fb5, 10, size / 8));
      g_assert_cmpint (pic.opaque, >, pic.width * pic.height / 8);
      cairo_surface_destroy (surface);
      g_free (err);
      g_free (out);
    }
  g_free (in);
  g_free (hero);
  g_free (art_to);
  g_free (art_from);
  g_free (dir);
}

/* A skeleton with no art and no mesh is drawn as its bones, not left blank. */
static void
test_thumbnail_bare_skeleton (void)
{
  char *dir = thumb_dir ("Bare bones");
  char *sample = build_file ("data", "samples", "humanoid.ossa", NULL);
  char *in = g_build_filename (dir, "humanoid.ossa", NULL);
  char *out = g_build_filename (dir, "humanoid.png", NULL);
  cairo_surface_t *surface;
  Picture pic;

  copy_file (sample, in);
  g_assert_cmpint (run_thumbnailer (in, out, 256, NULL, NULL), ==, 0);
  surface = load_png (out, &pic);
  assert_size (&pic, 256);
  g_assert_cmpint (pic.corner_alpha, ==, 0);
  g_assert_cmpint (pic.opaque, >, pic.width * pic.height / 100);
  cairo_surface_destroy (surface);
  g_free (out);
  g_free (in);
  g_free (sample);
  g_free (dir);
}

/* GNOME runs a thumbnailer in a sandbox that holds the document alone (copied to
 * /tmp): its pictures are not there. The skeleton is drawn instead of a pile of
 * placeholders, and the warnings say why. */
static void
test_thumbnail_without_art (void)
{
  char *dir = thumb_dir ("Sandbox");
  char *hero = build_file ("data", "samples", "hero.ossa", NULL);
  char *in = g_build_filename (dir, "gnome-desktop-file-to-thumbnail.ossa", NULL);
  char *out = g_build_filename (dir, "gnome-desktop-thumbnailer.png", NULL);
  cairo_surface_t *surface;
  char *err = NULL;
  Picture pic;

  copy_file (hero, in);
  g_assert_cmpint (run_thumbnailer (in, out, 256, NULL, &err), ==, 0);
  g_assert_nonnull (strstr (err, "warning: head: "));
  g_assert_nonnull (strstr (err, "none of its 10 pictures could be read: its bones are "
                                 "drawn instead"));
  surface = load_png (out, &pic);
  g_assert_cmpint (pic.height, ==, 256);
  g_assert_cmpint (pic.corner_alpha, ==, 0);
  g_assert_cmpint (pic.opaque, >, pic.width * pic.height / 100);
  /* The bones' own colours (the head's yellow, the left forearm's teal), which
   * placeholders alone would not show. */
  g_assert_true (has_colour (surface, 0xf2c14e, 24, 20));
  g_assert_true (has_colour (surface, 0x2e8c8c, 24, 20));
  cairo_surface_destroy (surface);
  g_free (err);
  g_free (out);
  g_free (in);
  g_free (hero);
  g_free (dir);
}

/* A file that is not a document, and one that is not there: exit 1, a message
 * naming it, no thumbnail (the factory then remembers the failure). */
static void
test_thumbnail_broken (void)
{
  char *dir = thumb_dir ("Broken files");
  char *broken = g_build_filename (dir, "broken.ossa", NULL);
  char *gone = g_build_filename (dir, "gone.ossa", NULL);
  const char *inputs[] = { broken, gone };

  write_file (broken, "\xff\xff\xff\xff not a document", 20);
  for (gsize i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      char *out = g_build_filename (dir, "thumbnail.png", NULL);
      char *err = NULL;

      g_assert_cmpint (run_thumbnailer (inputs[i], out, 128, NULL, &err), ==, 1);
      g_assert_nonnull (strstr (err, inputs[i]));
      g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
      g_free (err);
      g_free (out);
    }
  g_free (gone);
  g_free (broken);
  g_free (dir);
}

/* What a person typing it gets wrong: exit 2 and a line saying what; and an OUT
 * that cannot be written: exit 1, naming it. Nothing is written either way. */
static void
test_thumbnail_bad_usage (void)
{
  char *hero = build_file ("data", "samples", "hero.ossa", NULL);
  char *dir = thumb_dir ("Usage");
  char *out = g_build_filename (dir, "t.png", NULL);
  char *nowhere = g_build_filename (dir, "no such folder", "t.png", NULL);
  struct
  {
    const char *args[5];
    int         status;
    const char *says;
  } cases[] = {
    { { "-s", "0", hero, out }, 2, "--size '0' is not a whole number from 1 to 4096" },
    { { "-s", "5000", hero, out }, 2, "--size '5000'" },
    { { "--size=big", hero, out }, 2, "--size 'big'" },
    { { hero }, 2, "IN OUT" },
    { { hero, "-" }, 2, "OUT is a file, not standard output" },
    { { hero, hero }, 2, "is also an input" },
    { { "file://elsewhere.example/hero.ossa", out }, 2, "is not a local file's URI" },
    { { hero, nowhere }, 1, nowhere },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *argv[8] = { "ossa-cli", "thumbnail" };
      char *err = NULL;

      for (gsize a = 0; a < 5 && cases[i].args[a] != NULL; a++)
        argv[2 + a] = cases[i].args[a];
      g_assert_cmpint (run ((char **) argv, &err), ==, cases[i].status);
      g_assert_nonnull (strstr (err, cases[i].says));
      g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
      g_free (err);
    }
  g_free (nowhere);
  g_free (out);
  g_free (dir);
  g_free (hero);
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
  g_test_add_func ("/desktop/thumbnail-hero", test_thumbnail_hero);
  g_test_add_func ("/desktop/thumbnail-bare-skeleton", test_thumbnail_bare_skeleton);
  g_test_add_func ("/desktop/thumbnail-without-art", test_thumbnail_without_art);
  g_test_add_func ("/desktop/thumbnail-broken", test_thumbnail_broken);
  g_test_add_func ("/desktop/thumbnail-bad-usage", test_thumbnail_bad_usage);
  status = g_test_run ();
  remove_tree (xdg_home);
  g_free (config);
  g_free (xdg_home);
  return status;
}
