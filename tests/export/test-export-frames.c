/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PNG frames (src/export/ossa-export-frames.c, ossa-export-png.c): the files'
 * names and count, their size, their pixels against the renderer's own drawing,
 * a name that exists replaced, and ossa_export_write_png() read back exactly. */
#include "config.h"

#include <math.h>

#include "export-test-support.h"

/* Exports anim of doc to dir/pattern at w×h; the result (files checked to exist). */
static void
export_frames (OssaDocument *doc, const char *base, const char *dir, const char *pattern,
               int w, int h, OssaExportResult *result)
{
  g_autofree char *out = g_build_filename (dir, pattern, NULL);
  OssaExportSettings s;
  GError *error = NULL;

  export_settings (&s, "walk", out, FALSE, base);
  s.width = w;
  s.height = h;
  if (!ossa_export_run (doc, &s, NULL, NULL, NULL, result, &error))
    g_error ("%s: %s", out, error->message);
  g_assert_cmpint (result->format, ==, OSSA_EXPORT_FRAMES);
  g_assert_nonnull (result->files);
  g_assert_cmpuint (result->files->len, ==, result->range.n_frames);
}

/* Names walk-0000.png … in order, one a frame and nothing else in the folder (no
 * hidden folder left), each a PNG of the size asked. */
static void
test_frames_names_and_sizes (void)
{
  g_autofree char *base = NULL;
  OssaDocument *doc = export_load_hero (&base);
  g_autofree char *dir = NULL, *listing = NULL;
  OssaExportResult result = { 0 };
  GString *want;

  if (doc == NULL)
    return;
  dir = export_tmp_dir ();
  export_frames (doc, base, dir, "walk-%04d.png", 96, 64, &result);
  want = g_string_new (NULL);
  for (guint i = 0; i < result.files->len; i++)
    {
      g_autofree char *name = g_strdup_printf ("walk-%04u.png", i);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      cairo_surface_t *png;

      g_assert_cmpstr (result.files->pdata[i], ==, path);
      g_string_append_printf (want, "%s%s", i ? " " : "", name);
      png = export_read_png (path);
      g_assert_cmpint (cairo_image_surface_get_width (png), ==, 96);
      g_assert_cmpint (cairo_image_surface_get_height (png), ==, 64);
      cairo_surface_destroy (png);
    }
  listing = test_folder_list (dir);
  g_assert_cmpstr (listing, ==, want->str);
  g_string_free (want, TRUE);
  ossa_export_result_clear (&result);
  export_remove_tree (dir);
  ossa_document_free (doc);
}

/* Frame i's PNG equals the renderer's own drawing of the plan's view at its time,
 * pixel for pixel. */
static void
assert_frames_match_renderer (OssaDocument *doc, const char *base, const OssaExportResult *r,
                              size_t first_index)
{
  const OssaAnimation *anim = &doc->animations[ossa_document_find_animation (doc, "walk")];
  OssaRenderer *renderer = ossa_renderer_new (doc, base, NULL);
  int stride = 4 * r->width;
  uint8_t *pixels = g_malloc ((size_t) stride * (size_t) r->height);

  g_assert_cmpfloat (fabs (r->range.first - (double) first_index / 30.0), <, 1e-5);
  for (guint i = 0; i < r->files->len; i++)
    {
      cairo_surface_t *png = export_read_png (r->files->pdata[i]);
      float t = ossa_frame_range_time (&r->range, i);
      size_t opaque = 0;

      g_assert_true (ossa_renderer_draw (renderer, anim, t, &r->view, pixels, stride, NULL));
      for (int y = 0; y < r->height; y++)
        for (int x = 0; x < r->width; x++)
          {
            uint32_t want = *(uint32_t *) (void *) (pixels + (size_t) y * (size_t) stride + 4 * (size_t) x);

            if (export_pixel (png, x, y) != want)
              g_error ("%s (%d, %d): %08x, the renderer drew %08x", (char *) r->files->pdata[i], x,
                       y, export_pixel (png, x, y), want);
            opaque += want >> 24 == 255;
            /* Fitted with a 16-pixel margin: the border is clear in every frame. */
            if (x < 14 || y < 14 || x >= r->width - 14 || y >= r->height - 14)
              g_assert_cmphex (want, ==, 0);
          }
      /* The character is there. */
      g_assert_cmpuint (opaque, >, (size_t) (r->width * r->height / 20));
      cairo_surface_destroy (png);
    }
  g_free (pixels);
  ossa_renderer_free (renderer);
}

/* hero's walk (1 s at 30 fps, looping): 30 frames, t = i / 30, each the
 * renderer's picture of it, the character inside the margin. */
static void
test_frames_hero_walk (void)
{
  g_autofree char *base = NULL;
  OssaDocument *doc = export_load_hero (&base);
  g_autofree char *dir = NULL;
  OssaExportResult result = { 0 };

  if (doc == NULL)
    return;
  dir = export_tmp_dir ();
  export_frames (doc, base, dir, "walk-%04d.png", 128, 160, &result);
  g_assert_cmpuint (result.files->len, ==, 30);
  g_assert_true (g_str_has_suffix (result.files->pdata[29], "/walk-0029.png"));
  assert_frames_match_renderer (doc, base, &result, 0);
  ossa_export_result_clear (&result);
  export_remove_tree (dir);
  ossa_document_free (doc);
}

/* --from 10: frames 10 … 29, named by their frame in the animation. */
static void
test_frames_from (void)
{
  g_autofree char *base = NULL;
  OssaDocument *doc = export_load_hero (&base);
  g_autofree char *dir = NULL, *out = NULL;
  OssaExportSettings s;
  OssaExportResult result = { 0 };
  GError *error = NULL;

  if (doc == NULL)
    return;
  dir = export_tmp_dir ();
  out = g_build_filename (dir, "walk-%04d.png", NULL);
  export_settings (&s, "walk", out, FALSE, base);
  s.width = s.height = 96;
  s.from = (OssaFrameMark) { .set = true, .value = 10 };
  g_assert_true (ossa_export_run (doc, &s, NULL, NULL, NULL, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.files->len, ==, 20);
  g_assert_true (g_str_has_suffix (result.files->pdata[0], "/walk-0010.png"));
  g_assert_true (g_str_has_suffix (result.files->pdata[19], "/walk-0029.png"));
  assert_frames_match_renderer (doc, base, &result, 10);
  ossa_export_result_clear (&result);
  export_remove_tree (dir);
  ossa_document_free (doc);
}

/* %d unpadded, %% a percent sign, a pattern in the current folder, and a frame
 * whose name exists replaced while a file of another name stays. */
static void
test_frames_pattern_forms (void)
{
  g_autofree char *base = NULL;
  OssaDocument *doc = export_load_hero (&base);
  g_autofree char *dir = NULL, *old = NULL, *other = NULL, *listing = NULL, *cwd = NULL;
  g_autofree char *base_abs = NULL;
  OssaExportResult result = { 0 };
  char *text = NULL;

  if (doc == NULL)
    return;
  dir = export_tmp_dir ();
  old = g_build_filename (dir, "100%-0.png", NULL);
  other = g_build_filename (dir, "notes.txt", NULL);
  g_assert_true (g_file_set_contents (old, "an old frame", -1, NULL));
  g_assert_true (g_file_set_contents (other, "keep", -1, NULL));
  export_frames (doc, base, dir, "100%%-%d.png", 48, 48, &result);
  g_assert_true (g_str_has_suffix (result.files->pdata[0], "/100%-0.png"));
  /* The old file was replaced by a PNG. */
  cairo_surface_destroy (export_read_png (old));
  g_assert_true (g_file_get_contents (other, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "keep");
  g_free (text);
  ossa_export_result_clear (&result);

  /* A bare pattern is in the current folder, and its names stay bare. */
  cwd = g_get_current_dir ();
  base_abs = g_canonicalize_filename (base, NULL);
  g_assert_cmpint (g_chdir (dir), ==, 0);
  export_frames (doc, base_abs, "", "f%03d.png", 48, 48, &result);
  g_assert_cmpstr (result.files->pdata[0], ==, "f000.png");
  g_assert_true (g_file_test ("f000.png", G_FILE_TEST_IS_REGULAR));
  g_assert_cmpint (g_chdir (cwd), ==, 0);
  listing = test_folder_list (dir);
  g_assert_true (g_str_has_prefix (listing, "100%-0.png "));
  g_assert_null (strstr (listing, " ."));
  ossa_export_result_clear (&result);
  export_remove_tree (dir);
  ossa_document_free (doc);
}

/* A picture with every kind of pixel (opaque, half transparent, nearly
 * transparent, clear) written and read back: the same premultiplied pixels. */
static void
test_write_png_round_trip (void)
{
  enum { W = 256, H = 64 };
  g_autofree char *dir = export_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "p.png", NULL);
  g_autofree char *listing = NULL;
  int stride = 4 * W + 12;  /* a stride wider than the row */
  uint8_t *pixels = g_malloc0 ((size_t) stride * H);
  cairo_surface_t *png;
  GError *error = NULL;

  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      {
        uint32_t a = (uint32_t) (y * 4 + (x & 3)), r = (uint32_t) x * a / 255,
                 g = (uint32_t) (255 - x) * a / 255, b = a / 2;

        *(uint32_t *) (void *) (pixels + (size_t) y * (size_t) stride + 4 * (size_t) x) =
          a << 24 | r << 16 | g << 8 | b;
      }
  g_assert_true (ossa_export_write_png (path, pixels, W, H, stride, &error));
  g_assert_no_error (error);
  png = export_read_png (path);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, W);
  g_assert_cmpint (cairo_image_surface_get_height (png), ==, H);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      {
        uint32_t want = *(uint32_t *) (void *) (pixels + (size_t) y * (size_t) stride + 4 * (size_t) x);

        if (export_pixel (png, x, y) != want)
          g_error ("(%d, %d): %08x, want %08x", x, y, export_pixel (png, x, y), want);
      }
  cairo_surface_destroy (png);
  listing = test_folder_list (dir);
  g_assert_cmpstr (listing, ==, "p.png");
  g_free (pixels);
  export_remove_tree (dir);
}

static void
test_write_png_errors (void)
{
  g_autofree char *dir = export_tmp_dir ();
  g_autofree char *missing = g_build_filename (dir, "none", "p.png", NULL);
  g_autofree char *path = g_build_filename (dir, "p.png", NULL);
  g_autofree char *want = NULL, *listing = NULL;
  uint8_t pixels[16] = { 0 };
  GError *error = NULL;

  g_assert_false (ossa_export_write_png (missing, pixels, 2, 2, 8, &error));
  g_assert_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO);
  want = g_strdup_printf ("%s: cannot create: No such file or directory", missing);
  g_assert_cmpstr (error->message, ==, want);
  g_clear_error (&error);
  g_assert_false (ossa_export_write_png (path, pixels, 0, 2, 8, &error));
  g_assert_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID);
  g_clear_error (&error);
  listing = test_folder_list (dir);
  g_assert_cmpstr (listing, ==, "");
  export_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/export-frames/names-and-sizes", test_frames_names_and_sizes);
  g_test_add_func ("/export-frames/pattern-forms", test_frames_pattern_forms);
  g_test_add_func ("/export-frames/hero-walk", test_frames_hero_walk);
  g_test_add_func ("/export-frames/from", test_frames_from);
  g_test_add_func ("/export-frames/write-png-round-trip", test_write_png_round_trip);
  g_test_add_func ("/export-frames/write-png-errors", test_write_png_errors);
  return g_test_run ();
}
