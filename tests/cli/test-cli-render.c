/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli render as a person runs it, on the bundled hero (<build>/data/samples):
 * the walk as 30 numbered 512×512 PNG frames with the character inside every one,
 * a sprite sheet and its JSON, a GIF, --json checked against the files on disk,
 * the rest pose, missing pictures drawn as placeholders with a warning, every bad
 * usage (exit 2) and bad input (exit 1) leaving the folder as it was, never the
 * document as the output, the progress bar on a terminal only, and Ctrl+C: exit
 * 130, nothing under the final name, no temporary file left. */
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cairo.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "cli-test-support.h"
#include "../support/test-samples.h"

#define LOCALE "C.UTF-8"

/* ossa-cli render ARGS… (NULL-terminated) run in the test's folder. */
static void G_GNUC_NULL_TERMINATED
render (CliRun *run, ...)
{
  GPtrArray *args = g_ptr_array_new ();
  va_list ap;
  const char *a;

  g_ptr_array_add (args, (gpointer) "render");
  va_start (ap, run);
  while ((a = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  cli_run_env (run, LOCALE, NULL, cli_tmp_dir (), 300, (const char *const *) args->pdata);
  g_ptr_array_unref (args);
}

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The names in folder (hidden ones too), sorted, joined by spaces. */
static char *
listing (const char *folder)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  GDir *dir = g_dir_open (folder, 0, NULL);
  const char *name;
  char *text;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  if (dir != NULL)
    g_dir_close (dir);
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  text = g_strjoinv (" ", (char **) names->pdata);
  g_ptr_array_unref (names);
  return text;
}

static void
assert_listing (const char *name, const char *expected)
{
  char *folder = cli_tmp_file (name);
  char *got = listing (folder);

  g_assert_cmpstr (got, ==, expected);
  g_free (got);
  g_free (folder);
}

/* A folder in the test's folder. */
static char *
make_folder (const char *name)
{
  char *path = cli_tmp_file (name);

  g_assert_cmpint (g_mkdir_with_parents (path, 0755), ==, 0);
  return path;
}

/* Removes path and everything under it. */
static void
remove_tree (const char *path)
{
  GDir *dir;
  const char *name;

  g_chmod (path, 0755);
  dir = g_dir_open (path, 0, NULL);
  if (dir == NULL)
    {
      g_unlink (path);
      return;
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_unlink (child);
      g_free (child);
    }
  g_dir_close (dir);
  g_rmdir (path);
}

static void
setup (void)
{
  cli_tmp_dir_create ("ossa-cli-render-XXXXXX");
}

static void
teardown (void)
{
  char *dir = g_strdup (cli_tmp_dir ());

  remove_tree (dir);
  g_free (dir);
  cli_tmp_dir_remove ();
}

/* A PNG's size from its IHDR; false when path is not a PNG. */
static gboolean
png_size (const char *path, int *width, int *height)
{
  static const guchar signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  char *data = NULL;
  gsize n = 0;
  gboolean ok;

  if (!g_file_get_contents (path, &data, &n, NULL))
    return FALSE;
  ok = n >= 24 && memcmp (data, signature, 8) == 0 && memcmp (data + 12, "IHDR", 4) == 0;
  if (ok)
    {
      const guchar *p = (const guchar *) data;

      *width = (int) ((guint32) p[16] << 24 | (guint32) p[17] << 16 | (guint32) p[18] << 8 | p[19]);
      *height = (int) ((guint32) p[20] << 24 | (guint32) p[21] << 16 | (guint32) p[22] << 8 | p[23]);
    }
  g_free (data);
  return ok;
}

/* The box of the pixels with any alpha in a PNG (x0 > x1 when none), its corner
 * pixel (ARGB32, premultiplied) and how many pixels are fully opaque. */
typedef struct
{
  int      width, height;
  int      x0, y0, x1, y1;
  guint32  corner;
  size_t   opaque;
} Picture;

static Picture
look_at (const char *path)
{
  cairo_surface_t *s = cairo_image_surface_create_from_png (path);
  Picture p = { 0 };
  const guchar *data;
  int stride;

  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  p.width = cairo_image_surface_get_width (s);
  p.height = cairo_image_surface_get_height (s);
  p.x0 = p.width;
  p.y0 = p.height;
  p.x1 = p.y1 = -1;
  data = cairo_image_surface_get_data (s);
  stride = cairo_image_surface_get_stride (s);
  for (int y = 0; y < p.height; y++)
    for (int x = 0; x < p.width; x++)
      {
        guint32 px = *(const guint32 *) (data + (size_t) y * (size_t) stride + 4 * (size_t) x);

        if (x == 0 && y == 0)
          p.corner = px;
        if ((px >> 24) == 0)
          continue;
        if ((px >> 24) == 0xff)
          p.opaque++;
        p.x0 = MIN (p.x0, x);
        p.y0 = MIN (p.y0, y);
        p.x1 = MAX (p.x1, x);
        p.y1 = MAX (p.y1, y);
      }
  cairo_surface_destroy (s);
  return p;
}

/* ---- usage: exit 2 ---- */

static void
test_usage (void)
{
  static const struct
  {
    const char *args[6];
    const char *says;
  } cases[] = {
    { { "--anim", "walk" }, "missing -o OUT" },
    { { "-o", "walk.gif", "--size", "abc" }, "--size 'abc' is not WIDTHxHEIGHT" },
    { { "-o", "walk.gif", "--size", "512" }, "--size '512' is not WIDTHxHEIGHT" },
    { { "-o", "walk.gif", "--size", "512x" }, "is not WIDTHxHEIGHT" },
    { { "-o", "walk.gif", "--size", "-5x5" }, "is not WIDTHxHEIGHT" },
    { { "-o", "walk.gif", "--size", "0x512" }, "--size 0x512: each side is 1 to 16384 pixels" },
    { { "-o", "walk.gif", "--size", "16385x100" }, "each side is 1 to 16384 pixels" },
    { { "-o", "walk.gif", "--scale", "0" }, "--scale '0' is not a number above 0" },
    { { "-o", "walk.gif", "--scale", "-2" }, "--scale '-2' is not a number above 0" },
    { { "-o", "walk.gif", "--scale", "nan" }, "--scale 'nan' is not a number" },
    { { "-o", "walk.gif", "--scale", "inf" }, "--scale 'inf' is not a number" },
    { { "-o", "walk.gif", "--fit", "--scale", "2" }, "--fit and --scale" },
    { { "-o", "walk.png", "--trim" }, "--trim cuts the frames of a sprite sheet: it needs --sheet" },
    { { "-o", "walk.gif", "--background", "pink" }, "--background 'pink' is not a colour" },
    { { "-o", "walk.gif", "--background", "#12" }, "--background '#12' is not a colour" },
    { { "-o", "walk.gif", "--background", "#ggg" }, "is not a colour" },
    { { "-o", "walk.gif", "--fps", "0" }, "--fps '0' is not a number above 0" },
    { { "-o", "walk.gif", "--margin", "-1" }, "--margin '-1' is not a number from 0" },
    { { "-o", "walk.gif", "--anim", "walk", "--from", "soon" }, "--from 'soon' is not a frame" },
    { { "-o", "walk.gif", "--anim", "walk", "--to", "1.5x" }, "--to '1.5x' is not a frame" },
    { { "-o", "walk.gif", "--to", "3" }, "--from and --to need --anim" },
    { { "-o", "-" }, "-o - is not possible" },
    { { "-o", "walk.gif", "--frobnicate" }, "unknown option '--frobnicate'" },
  };
  char *hero = test_sample_path ("hero.ossa");

  if (hero == NULL)
    return;
  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *args[10] = { "render" };
      size_t n = 1;
      CliRun run;

      args[n++] = hero;
      for (size_t k = 0; k < G_N_ELEMENTS (cases[i].args) && cases[i].args[k] != NULL; k++)
        args[n++] = cases[i].args[k];
      cli_run_env (&run, LOCALE, NULL, cli_tmp_dir (), 60, args);
      cli_assert_usage_error (&run, "render");
      if (strstr (run.err, cases[i].says) == NULL)
        g_error ("case %zu: expected '%s' in: %s", i, cases[i].says, run.err);
      cli_run_clear (&run);
      assert_listing (".", "");   /* nothing written */
    }
  g_free (hero);
}

/* ---- bad input: exit 1, "ossa-cli: FILE: message", nothing written ---- */

/* Runs render with args (after DOC) and checks exit 1 with one line
 * "ossa-cli: FILE: …" naming file and saying says, nothing on stdout. */
static void
assert_bad_input (const char *doc, const char *const *args, const char *file, const char *says)
{
  const char *argv[16] = { "render", doc };
  size_t n = 2;
  char *prefix = g_strdup_printf ("ossa-cli: %s: ", file);
  CliRun run;

  for (size_t i = 0; args[i] != NULL; i++)
    argv[n++] = args[i];
  cli_run_env (&run, LOCALE, NULL, cli_tmp_dir (), 120, argv);
  cli_assert_exit (&run, 1);
  g_assert_cmpstr (run.out, ==, "");
  if (!g_str_has_prefix (run.err, prefix) || strstr (run.err, says) == NULL
      || strchr (run.err, '\n') != run.err + strlen (run.err) - 1)
    g_error ("expected one line '%s…%s…', got: %s", prefix, says, run.err);
  cli_run_clear (&run);
  g_free (prefix);
}

static void
test_bad_input (void)
{
  char *hero = test_sample_path ("hero.ossa");
  char *ro, *bytes_before = NULL, *bytes_after = NULL;
  gsize n_before = 0, n_after = 0;

  if (hero == NULL)
    return;
  g_assert_true (g_file_get_contents (hero, &bytes_before, &n_before, NULL));
  g_free (make_folder ("out"));
  {
    const char *const args[] = { "--anim", "walk", "-o", "out/walk.bmp", NULL };
    assert_bad_input (hero, args, "out/walk.bmp", ".bmp");
  }
  {
    const char *const args[] = { "--anim", "walk", "-o", "out/walk.png", NULL };
    assert_bad_input (hero, args, "out/walk.png", "%d");
  }
  {
    const char *const args[] = { "--anim", "fly", "-o", "out/fly.gif", NULL };
    assert_bad_input (hero, args, hero, "no animation named 'fly'");
  }
  {
    const char *const args[] = { "--anim", "walk", "-o", "nowhere/walk.gif", NULL };
    assert_bad_input (hero, args, "nowhere/walk.gif", "does not exist");
  }
  {
    const char *const args[] = { "--anim", "walk", "--from", "40", "-o", "out/walk.gif", NULL };
    assert_bad_input (hero, args, "out/walk.gif", "40");
  }
  {
    /* At 100 000 pixels a unit the fitted size is far over 16384 a side. */
    const char *const args[] = { "--anim", "walk", "--scale", "100000", "-o", "out/walk.gif", NULL };
    assert_bad_input (hero, args, "out/walk.gif", "16384");
  }
  {
    const char *const args[] = { "-o", "out/x.gif", NULL };
    char *none = cli_tmp_file ("none.ossa");

    assert_bad_input (none, args, none, "No such file");
    g_free (none);
  }
  ro = make_folder ("read-only");
  g_assert_cmpint (g_chmod (ro, 0555), ==, 0);
  if (access (ro, W_OK) == 0)
    g_test_message ("running as root: the read-only folder is writable, case skipped");
  else
    {
      const char *const args[] = { "--anim", "walk", "-o", "read-only/walk-%04d.png", NULL };
      assert_bad_input (hero, args, "read-only/walk-%04d.png", "writ");
    }
  g_chmod (ro, 0755);
  g_free (ro);

  /* No GStreamer plugins at all: the encoder is missing, and the message says
   * which. */
  {
    char *registry = cli_tmp_file ("registry.bin");
    char *empty = make_folder ("no-plugins");
    const char *const env[] = { "GST_PLUGIN_SYSTEM_PATH_1_0", empty, "GST_PLUGIN_PATH_1_0", empty,
                                "GST_REGISTRY_1_0", registry, "GST_REGISTRY_FORK", "no", NULL };
    const char *const argv[] = { "render", hero, "--anim", "walk", "-o", "out/walk.webm", NULL };
    CliRun run;

    cli_run_env (&run, LOCALE, env, cli_tmp_dir (), 120, argv);
    cli_assert_exit (&run, 1);
    if (!g_str_has_prefix (run.err, "ossa-cli: out/walk.webm: ")
        || strstr (run.err, "GStreamer") == NULL)
      g_error ("expected the missing encoder named, got: %s", run.err);
    cli_run_clear (&run);
    g_unlink (registry);
    g_free (registry);
    g_free (empty);
  }
  assert_listing ("out", "");
  assert_listing ("read-only", "");
  g_assert_true (g_file_get_contents (hero, &bytes_after, &n_after, NULL));
  g_assert_cmpmem (bytes_before, n_before, bytes_after, n_after);
  g_free (bytes_before);
  g_free (bytes_after);
  g_free (hero);
}

/* ---- never the document ---- */

static void
test_never_the_input (void)
{
  char *hero = test_sample_path ("hero.ossa");
  char *doc_bytes = NULL, *gif, *frame, *after = NULL;
  gsize n = 0, n_after = 0;
  CliRun run;

  if (hero == NULL)
    return;
  /* The document under names an export could write. */
  g_assert_true (g_file_get_contents (hero, &doc_bytes, &n, NULL));
  gif = cli_tmp_file ("hero.gif");
  g_assert_true (g_file_set_contents (gif, doc_bytes, (gssize) n, NULL));
  frame = cli_tmp_file ("walk-0003.png");
  g_assert_cmpint (symlink ("hero.gif", frame), ==, 0);

  render (&run, "hero.gif", "--anim", "walk", "-o", "hero.gif", NULL);
  cli_assert_exit (&run, 1);
  g_assert_cmpstr (run.err, ==, "ossa-cli: hero.gif: is the document being rendered: not "
                   "overwriting the input\n");
  cli_run_clear (&run);

  /* Through a link, as one of the frames of a pattern. */
  render (&run, "hero.gif", "--anim", "walk", "-o", "walk-%04d.png", NULL);
  cli_assert_exit (&run, 1);
  g_assert_cmpstr (run.err, ==, "ossa-cli: walk-0003.png: is the same file as the document "
                   "hero.gif: not overwriting the input\n");
  cli_run_clear (&run);

  /* The sheet's own name, through the link. */
  render (&run, "hero.gif", "--anim", "walk", "--sheet", "-o", "walk-0003.png", NULL);
  cli_assert_exit (&run, 1);
  g_assert_nonnull (strstr (run.err, "not overwriting the input"));
  cli_run_clear (&run);

  g_assert_true (g_file_get_contents (gif, &after, &n_after, NULL));
  g_assert_cmpmem (doc_bytes, n, after, n_after);
  assert_listing (".", "hero.gif walk-0003.png");
  g_free (after);
  g_free (doc_bytes);
  g_free (gif);
  g_free (frame);
  g_free (hero);
}

/* ---- what a render writes ---- */

static void
test_frames (void)
{
  char *hero = test_sample_path ("hero.ossa");
  char *folder;
  GString *names = g_string_new (NULL);
  int ux0 = G_MAXINT, uy0 = G_MAXINT, ux1 = -1, uy1 = -1;
  CliRun run;

  if (hero == NULL)
    return;
  folder = make_folder ("frames");
  render (&run, hero, "--anim", "walk", "-o", "frames/walk-%04d.png", NULL);
  cli_assert_ok (&run);   /* every picture found: the paths start at the document's folder */
  g_assert_cmpstr (run.out, ==, "wrote 30 frames to frames/walk-0000.png … walk-0029.png "
                   "(512×512, 30 fps, 1 s, loops)\n");
  cli_run_clear (&run);
  for (int i = 0; i < 30; i++)
    {
      char *name = g_strdup_printf ("walk-%04d.png", i);
      char *path = g_build_filename (folder, name, NULL);
      Picture p = look_at (path);

      g_string_append_printf (names, "%s%s", i > 0 ? " " : "", name);
      g_assert_cmpint (p.width, ==, 512);
      g_assert_cmpint (p.height, ==, 512);
      /* The character is there, the background is transparent, and --fit keeps
       * every frame's content inside the picture, off its edges. */
      g_assert_cmpuint (p.opaque, >, 10000);
      g_assert_cmphex (p.corner, ==, 0);
      g_assert_cmpint (p.x0, >, 0);
      g_assert_cmpint (p.y0, >, 0);
      g_assert_cmpint (p.x1, <, 511);
      g_assert_cmpint (p.y1, <, 511);
      ux0 = MIN (ux0, p.x0);
      uy0 = MIN (uy0, p.y0);
      ux1 = MAX (ux1, p.x1);
      uy1 = MAX (uy1, p.y1);
      g_free (path);
      g_free (name);
    }
  /* The whole walk keeps the 16-pixel margin (a pixel of antialiasing) and fills
   * the picture on its tighter side: the fit frames the attachments' rectangles,
   * whose pictures have transparent borders of their own. */
  if (ux0 < 15 || uy0 < 15 || ux1 > 511 - 15 || uy1 > 511 - 15
      || !((ux0 <= 40 && ux1 >= 511 - 40) || (uy0 <= 40 && uy1 >= 511 - 40)))
    g_error ("the walk's content is %d,%d – %d,%d: not fitted with a 16-pixel margin",
             ux0, uy0, ux1, uy1);
  assert_listing ("frames", names->str);
  g_string_free (names, TRUE);

  /* The rest pose: one frame, on white, at a size asked for (as render writes
   * sizes). */
  render (&run, hero, "--size", "200×100", "--background", "white", "-o", "rest-%d.png", NULL);
  cli_assert_ok (&run);
  g_assert_cmpstr (run.out, ==, "wrote 1 frame to rest-0.png (200×100)\n");
  cli_run_clear (&run);
  {
    char *path = cli_tmp_file ("rest-0.png");
    Picture p = look_at (path);

    g_assert_cmpint (p.width, ==, 200);
    g_assert_cmpint (p.height, ==, 100);
    g_assert_cmphex (p.corner, ==, 0xffffffff);
    g_free (path);
  }
  /* #rgb: every pixel opaque, the corner that colour (with the bones drawn and
   * --fit said out loud). */
  render (&run, hero, "--size", "64x64", "--background", "#336", "--bones", "--fit", "-o",
          "bones-%d.png", NULL);
  cli_assert_ok (&run);
  cli_run_clear (&run);
  {
    char *path = cli_tmp_file ("bones-0.png");
    Picture p = look_at (path);

    g_assert_cmphex (p.corner, ==, 0xff333366);
    g_assert_cmpuint (p.opaque, ==, 64 * 64);
    g_free (path);
  }
  g_free (folder);
  g_free (hero);
}

static void
test_sheet (void)
{
  char *hero = test_sample_path ("hero.ossa");
  char *png, *json_path;
  JsonParser *parser;
  JsonObject *root, *frames, *meta, *size;
  int w = 0, h = 0;
  CliRun run;

  if (hero == NULL)
    return;
  render (&run, hero, "--anim", "walk", "--sheet", "--size", "128x128", "-o", "walk.png", NULL);
  cli_assert_ok (&run);
  png = cli_tmp_file ("walk.png");
  json_path = cli_tmp_file ("walk.json");
  g_assert_true (png_size (png, &w, &h));
  {
    char *line = g_strdup_printf ("wrote a %d×%d sprite sheet of 30 frames to walk.png (128×128 "
                                  "each, 30 fps, 1 s, loops)\nwrote its frame rectangles to "
                                  "walk.json (TexturePacker JSON hash)\n", w, h);

    g_assert_cmpstr (run.out, ==, line);
    g_free (line);
  }
  cli_run_clear (&run);
  assert_listing (".", "walk.json walk.png");
  parser = json_parser_new ();
  g_assert_true (json_parser_load_from_file (parser, json_path, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  frames = json_object_get_object_member (root, "frames");
  meta = json_object_get_object_member (root, "meta");
  g_assert_cmpuint (json_object_get_size (frames), ==, 30);
  size = json_object_get_object_member (meta, "size");
  g_assert_cmpint (json_object_get_int_member (size, "w"), ==, w);
  g_assert_cmpint (json_object_get_int_member (size, "h"), ==, h);
  g_assert_cmpint (w * h, >=, 30 * 128 * 128);
  /* Each frame's rectangle is inside the sheet and holds the character. */
  {
    Picture sheet_pic = look_at (png);
    GList *names = json_object_get_members (frames);

    g_assert_cmpuint (sheet_pic.opaque, >, 30 * 1000);
    for (GList *l = names; l != NULL; l = l->next)
      {
        JsonObject *f = json_object_get_object_member (frames, l->data);
        JsonObject *rect = json_object_get_object_member (f, "frame");
        gint64 x = json_object_get_int_member (rect, "x"), y = json_object_get_int_member (rect, "y");

        g_assert_true (g_str_has_prefix (l->data, "walk-"));
        g_assert_cmpint (x + json_object_get_int_member (rect, "w"), <=, w);
        g_assert_cmpint (y + json_object_get_int_member (rect, "h"), <=, h);
      }
    g_list_free (names);
  }
  g_object_unref (parser);

  /* --trim: the same frames, cut. */
  g_unlink (png);
  g_unlink (json_path);
  render (&run, hero, "--anim", "walk", "--sheet", "--trim", "--size", "128x128", "-o", "walk.png",
          NULL);
  cli_assert_ok (&run);
  g_assert_true (g_str_has_prefix (run.out, "wrote a "));
  g_assert_nonnull (strstr (run.out, "sprite sheet of 30 frames to walk.png (128×128 each, "
                            "trimmed, 30 fps, 1 s, loops)\n"));
  cli_run_clear (&run);
  assert_listing (".", "walk.json walk.png");
  parser = json_parser_new ();
  g_assert_true (json_parser_load_from_file (parser, json_path, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  frames = json_object_get_object_member (root, "frames");
  g_assert_cmpuint (json_object_get_size (frames), ==, 30);
  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (frames,
                                                 "walk-0000.png"), "trimmed"));
  {
    int tw = 0, th = 0;

    g_assert_true (png_size (png, &tw, &th));
    g_assert_cmpint (tw * th, <, w * h);   /* the cut frames take less room */
  }
  g_object_unref (parser);
  g_free (png);
  g_free (json_path);
  g_free (hero);
}

static void
test_gif (void)
{
  char *hero = test_sample_path ("hero.ossa");
  char *path, *data = NULL;
  gsize n = 0;
  CliRun run;

  if (hero == NULL)
    return;
  render (&run, hero, "--anim", "walk", "-o", "walk.gif", NULL);
  cli_assert_ok (&run);
  g_assert_cmpstr (run.out, ==, "wrote an animated GIF of 30 frames to walk.gif "
                   "(512×512, 30 fps, 1 s, loops)\n");
  cli_run_clear (&run);
  assert_listing (".", "walk.gif");
  path = cli_tmp_file ("walk.gif");
  g_assert_true (g_file_get_contents (path, &data, &n, NULL));
  g_assert_cmpuint (n, >, 13);
  g_assert_true (memcmp (data, "GIF89a", 6) == 0);
  /* The logical screen: 512 × 512, little-endian. */
  g_assert_cmpint ((guchar) data[6] | (guchar) data[7] << 8, ==, 512);
  g_assert_cmpint ((guchar) data[8] | (guchar) data[9] << 8, ==, 512);
  g_free (data);
  g_free (path);
  g_free (hero);
}

/* A WebM, when GStreamer's VP8 encoder is installed: an EBML file of 1 s. */
static void
test_video (void)
{
  char *hero = test_sample_path ("hero.ossa");
  const char *inspect[] = { "gst-inspect-1.0", "--exists", "vp8enc", NULL };
  char *path, *data = NULL;
  int wait_status = -1;
  gsize n = 0;
  CliRun run;

  if (hero == NULL)
    return;
  if (!g_spawn_sync (NULL, (char **) inspect, NULL,
                     G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, NULL, NULL, &wait_status, NULL)
      || !g_spawn_check_wait_status (wait_status, NULL))
    {
      g_test_skip ("GStreamer's vp8enc is not installed");
      g_free (hero);
      return;
    }
  {
    /* GLib drops its first quark table by design when a process makes more than
     * 2048 quarks (readers take it without a lock), and GStreamer's plugins do:
     * under AddressSanitizer that block is a leak of 16384 bytes that is not ours. */
    const char *asan = g_getenv ("ASAN_OPTIONS");
    char *options = g_strconcat (asan != NULL ? asan : "", asan != NULL ? ":" : "",
                                 "detect_leaks=0", NULL);
    const char *const env[] = { "ASAN_OPTIONS", options, NULL };
    const char *const argv[] = { "render", hero, "--anim", "walk", "--size", "128x96", "-o",
                                 "walk.webm", NULL };

    cli_run_env (&run, LOCALE, env, cli_tmp_dir (), 300, argv);
    g_free (options);
  }
  cli_assert_ok (&run);
  g_assert_cmpstr (run.out, ==, "wrote a WebM video of 30 frames to walk.webm "
                   "(128×96, 30 fps, 1 s)\n");
  cli_run_clear (&run);
  assert_listing (".", "walk.webm");
  path = cli_tmp_file ("walk.webm");
  g_assert_true (g_file_get_contents (path, &data, &n, NULL));
  g_assert_cmpuint (n, >, 1000);
  g_assert_true (memcmp (data, "\x1a\x45\xdf\xa3", 4) == 0);
  g_free (data);
  g_free (path);
  g_free (hero);
}

static void
test_json (void)
{
  char *hero = test_sample_path ("hero.ossa");
  JsonParser *parser = json_parser_new ();
  JsonObject *o;
  JsonArray *files;
  GString *names = g_string_new (NULL);
  CliRun run;

  if (hero == NULL)
    return;
  g_free (make_folder ("frames"));
  render (&run, hero, "--anim", "walk", "--scale", "2", "--from", "10", "--to", "0.5s", "--json",
          "-o", "frames/w%d.png", NULL);
  cli_assert_ok (&run);
  o = cli_parse_json (parser, run.out);
  g_assert_cmpstr (json_object_get_string_member (o, "format"), ==, "frames");
  g_assert_cmpint (json_object_get_int_member (o, "frames"), ==, 6);   /* 10 … 15 */
  g_assert_cmpfloat (json_object_get_double_member (o, "fps"), ==, 30);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (o, "duration"), 0.2, 1e-6);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "missing")), ==, 0);
  files = json_object_get_array_member (o, "files");
  g_assert_cmpuint (json_array_get_length (files), ==, 6);
  for (guint i = 0; i < json_array_get_length (files); i++)
    {
      const char *file = json_array_get_string_element (files, i);
      char *expected = g_strdup_printf ("frames/w%u.png", 10 + i);
      char *path = cli_tmp_file (file);
      int w = 0, h = 0;

      g_assert_cmpstr (file, ==, expected);
      g_assert_true (png_size (path, &w, &h));
      /* --scale without --size: the size follows the content. */
      g_assert_cmpint (w, ==, json_object_get_int_member (o, "width"));
      g_assert_cmpint (h, ==, json_object_get_int_member (o, "height"));
      g_string_append_printf (names, "%sw%u.png", i > 0 ? " " : "", 10 + i);
      g_free (path);
      g_free (expected);
    }
  assert_listing ("frames", names->str);
  cli_run_clear (&run);
  g_string_free (names, TRUE);
  g_object_unref (parser);
  g_free (hero);
}

/* The document without its art beside it: placeholders, a warning, exit 0. */
static void
test_missing_pictures (void)
{
  char *hero = test_sample_path ("hero.ossa");
  char *copy, *bytes = NULL;
  gsize n = 0;
  JsonParser *parser = json_parser_new ();
  JsonObject *o;
  CliRun run;

  if (hero == NULL)
    return;
  g_assert_true (g_file_get_contents (hero, &bytes, &n, NULL));
  copy = cli_tmp_file ("alone.ossa");
  g_assert_true (g_file_set_contents (copy, bytes, (gssize) n, NULL));
  render (&run, "alone.ossa", "--size", "64x64", "-o", "alone-%d.png", NULL);
  cli_assert_exit (&run, 0);
  g_assert_true (g_str_has_prefix (run.err, "ossa-cli: alone.ossa: warning: "));
  g_assert_nonnull (strstr (run.err, "missing"));
  g_assert_nonnull (strstr (run.err, "art/"));   /* names the pictures' files */
  g_assert_cmpstr (run.out, ==, "wrote 1 frame to alone-0.png (64×64)\n");
  cli_run_clear (&run);

  render (&run, "alone.ossa", "--size", "64x64", "--json", "-o", "again-%d.png", NULL);
  cli_assert_exit (&run, 0);
  o = cli_parse_json (parser, run.out);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "missing")), >, 1);
  cli_run_clear (&run);
  assert_listing (".", "again-0.png alone-0.png alone.ossa");
  g_object_unref (parser);
  g_free (bytes);
  g_free (copy);
  g_free (hero);
}

/* ---- on a terminal: progress, and Ctrl+C ---- */

static void
test_progress (void)
{
  char *hero = test_sample_path ("hero.ossa");
  GString *seen = g_string_new (NULL);
  CliRun run;
  int master;
  GPid pid;

  if (hero == NULL)
    return;
  {
    const char *const args[] = { "render", hero, "--anim", "walk", "--size", "64x64", "-o",
                                 "a-%d.png", NULL };
    pid = cli_spawn_on_tty (args, &master);
    g_assert_true (cli_read_tty (master, seen, NULL, 120));
    close (master);
    g_assert_cmpint (cli_wait_exit (pid), ==, 0);
    if (strstr (seen->str, "\r\033[K[") == NULL || strstr (seen->str, "] 30/30 frames") == NULL)
      g_error ("no progress bar on the terminal: '%s'", seen->str);
    g_assert_true (g_str_has_suffix (seen->str, "\r\033[K"));
  }
  {
    const char *const args[] = { "render", hero, "--anim", "walk", "--size", "64x64", "--json",
                                 "-o", "b-%d.png", NULL };
    g_string_truncate (seen, 0);
    pid = cli_spawn_on_tty (args, &master);
    g_assert_true (cli_read_tty (master, seen, NULL, 120));
    close (master);
    g_assert_cmpint (cli_wait_exit (pid), ==, 0);
    g_assert_cmpstr (seen->str, ==, "");
  }
  /* Piped: no bar. */
  render (&run, hero, "--anim", "walk", "--size", "64x64", "-o", "c-%d.png", NULL);
  cli_assert_ok (&run);
  cli_run_clear (&run);
  g_string_free (seen, TRUE);
  g_free (hero);
}

static void
test_ctrl_c (void)
{
  char *hero = test_sample_path ("hero.ossa");
  GString *seen = g_string_new (NULL);
  const char *args[] = { "render", NULL, "--anim", "walk", "--fps", "600", "--size", "2048x2048",
                         "-o", "out/walk-%04d.png", NULL };
  int master;
  GPid pid;

  if (hero == NULL)
    return;
  args[1] = hero;
  g_free (make_folder ("out"));
  pid = cli_spawn_on_tty (args, &master);
  /* Started: its progress bar shows the first frames done. */
  if (!cli_read_tty (master, seen, "/600 frames", 120))
    {
      kill (pid, SIGKILL);
      g_error ("no progress within 120 s: '%s'", seen->str);
    }
  g_assert_cmpint (kill (pid, SIGINT), ==, 0);
  g_assert_true (cli_read_tty (master, seen, NULL, 120));
  close (master);
  g_assert_cmpint (cli_wait_exit (pid), ==, 130);
  if (!g_str_has_suffix (seen->str, "ossa-cli: render stopped; nothing written\r\n"))
    g_error ("expected the stop said, got: '%s'", seen->str);
  /* Nothing under a final name, no temporary file or folder. */
  assert_listing ("out", "");
  assert_listing (".", "out");
  g_string_free (seen, TRUE);
  g_free (hero);
}

/* kill(1) while it renders with no terminal: started once its temporary folder
 * appears, stopped the same way, exit 143. */
static void
test_sigterm (void)
{
  char *hero = test_sample_path ("hero.ossa");
  const char *args[] = { NULL, "render", NULL, "--anim", "walk", "--fps", "600", "--size",
                         "2048x2048", "-o", "out/walk-%04d.png", NULL };
  GError *error = NULL;
  char *out, *seen = NULL;
  gint64 end;
  GPid pid;

  if (hero == NULL)
    return;
  args[0] = cli_test_binary ();
  args[2] = hero;
  out = make_folder ("out");
  g_spawn_async (cli_tmp_dir (), (char **) args, NULL,
                 G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL
                 | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &pid, &error);
  g_assert_no_error (error);
  end = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;
  for (;;)
    {
      g_free (seen);
      seen = listing (out);
      if (seen[0] != '\0' || g_get_monotonic_time () > end)
        break;
      g_usleep (5000);
    }
  g_assert_cmpstr (seen, !=, "");
  g_assert_cmpint (kill (pid, SIGTERM), ==, 0);
  g_assert_cmpint (cli_wait_exit (pid), ==, 143);
  assert_listing ("out", "");
  g_free (seen);
  g_free (out);
  g_free (hero);
}

static const struct
{
  const char *path;
  void (*func) (void);
} tests[] = {
  { "/cli-render/usage", test_usage },
  { "/cli-render/bad-input", test_bad_input },
  { "/cli-render/never-the-input", test_never_the_input },
  { "/cli-render/frames", test_frames },
  { "/cli-render/sheet", test_sheet },
  { "/cli-render/gif", test_gif },
  { "/cli-render/video", test_video },
  { "/cli-render/json", test_json },
  { "/cli-render/missing-pictures", test_missing_pictures },
  { "/cli-render/progress", test_progress },
  { "/cli-render/ctrl-c", test_ctrl_c },
  { "/cli-render/sigterm", test_sigterm },
};

static void
fixture_setup (gpointer fixture, gconstpointer data)
{
  (void) fixture;
  (void) data;
  setup ();
}

static void
fixture_run (gpointer fixture, gconstpointer data)
{
  (void) fixture;
  tests[GPOINTER_TO_SIZE (data)].func ();
}

static void
fixture_teardown (gpointer fixture, gconstpointer data)
{
  (void) fixture;
  (void) data;
  teardown ();
}

int
main (int argc, char **argv)
{

  g_test_init (&argc, &argv, NULL);
  if (cli_test_binary () == NULL)
    {
      g_print ("1..0 # SKIP OSSA_CLI is not set\n");
      return 0;
    }
  for (size_t i = 0; i < G_N_ELEMENTS (tests); i++)
    g_test_add_vtable (tests[i].path, 0, GSIZE_TO_POINTER (i), fixture_setup, fixture_run,
                       fixture_teardown);
  return g_test_run ();
}
