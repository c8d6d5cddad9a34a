/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The renderer's art: a slot's tint (fixed and keyed) equals the picture × the
 * tint, missing and broken pictures drawn as placeholders and listed with why, and
 * the bundled character drawn whole (written to /tmp for a person to look at). */
#include "render-test-support.h"
#include "../support/test-samples.h"

#include "ossa-io.h"
#include "ossa-render-private.h"

/* A picture with a gradient and some transparency, to tint. */
static cairo_surface_t *
make_gradient (int w, int h)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  guint8 *data = cairo_image_surface_get_data (s);
  int stride = cairo_image_surface_get_stride (s);

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        guint32 a = 255 - (guint32) (y * 200 / (h - 1));
        guint32 r = (guint32) (x * 255 / (w - 1)), g = 200, b = (guint32) (y * 255 / (h - 1));
        guint32 p = a << 24 | (r * a + 127) / 255 << 16 | (g * a + 127) / 255 << 8
                    | (b * a + 127) / 255;

        memcpy (data + (gsize) y * (gsize) stride + 4 * (gsize) x, &p, 4);
      }
  cairo_surface_mark_dirty (s);
  return s;
}

/* Every pixel of the tinted copy is the picture × the tint: premultiplied, each
 * channel × the tint's colour × its alpha, the alpha × its alpha, within ±1/255
 * (straight colours of faint pixels are only as exact as 8 bits under a small
 * alpha let them be). */
static void
test_tint_copy (void)
{
  static const float tints[][4] = {
    { 0.5f, 1, 0.25f, 0.75f }, { 1, 1, 1, 0.5f }, { 0, 0, 0, 1 }, { 0.2f, 0.9f, 0.6f, 0.1f },
  };
  cairo_surface_t *src = make_gradient (32, 32);
  cairo_surface_t *out = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 32, 32);
  const guint8 *s = cairo_image_surface_get_data (src), *o = cairo_image_surface_get_data (out);
  int ss = cairo_image_surface_get_stride (src), os = cairo_image_surface_get_stride (out);

  for (gsize t = 0; t < G_N_ELEMENTS (tints); t++)
    {
      const float *k = tints[t];

      _ossa_render_tint (src, k, out);
      for (int y = 0; y < 32; y++)
        for (int x = 0; x < 32; x++)
          {
            guint32 sp, op;
            double want[4], got[4];

            memcpy (&sp, s + y * ss + 4 * x, 4);
            memcpy (&op, o + y * os + 4 * x, 4);
            for (int c = 0; c < 4; c++)
              {
                int shift = c == 3 ? 24 : 16 - 8 * c;

                want[c] = ((sp >> shift) & 0xff) * (c == 3 ? k[3] : k[c] * k[3]);
                got[c] = (op >> shift) & 0xff;
                if (fabs (got[c] - want[c]) > 1)
                  g_error ("tint %zu pixel (%d, %d) channel %d: %g, want %g", t, x, y, c, got[c],
                           want[c]);
              }
          }
    }
  cairo_surface_destroy (src);
  cairo_surface_destroy (out);
}

/* A white 8 × 8 picture and an orange one on two slots, one tinted by its slot's
 * colour, the other keyed in an animation from opaque white to half-transparent
 * green. */
static void
test_tint_drawn (void)
{
  static const guint32 white[4] = { 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu };
  static const guint32 orange[4] = { 0xff8040ffu, 0xff8040ffu, 0xff8040ffu, 0xff8040ffu };
  OssaDocument *doc = ossa_document_new ();
  cairo_surface_t *w = rt_quadrant_surface (8, 8, white), *o = rt_quadrant_surface (8, 8, orange);
  GBytes *wb = rt_png_bytes (w), *ob = rt_png_bytes (o);
  size_t bone = rt_add_bone (doc, "root", -1, 0, 0, 0, 10, 0xffffffffu);
  OssaAnimation anim;
  OssaSlotKey k = { 0 };
  OssaError err = { 0 };
  OssaRenderer *renderer;
  OssaRenderView view = rt_view (200, 100, 1, 0, 0);
  RtImage img = rt_image_new (200, 100);

  rt_add_image (doc, "white", NULL, wb, 8, 8);
  rt_add_image (doc, "orange", NULL, ob, 8, 8);
  rt_add_slot (doc, "tinted", bone, 0x4080ffc0u, 0, -50, 0, 0, 60, 60);
  rt_add_slot (doc, "keyed", bone, 0xffffffffu, 1, 50, 0, 0, 60, 60);
  g_assert_true (ossa_animation_init (&anim, "fade"));
  anim.duration = 1;
  g_assert_cmpint (ossa_document_take_animation (doc, &anim, NULL), ==, 0);
  k.time = 0, k.color = 0xffffffffu;
  rt_apply (doc, ossa_command_set_slot_key (doc, 0, 1, OSSA_SLOT_CHANNEL_COLOR, &k, &err), &err);
  k.time = 1, k.color = 0x00ff0080u;
  rt_apply (doc, ossa_command_set_slot_key (doc, 0, 1, OSSA_SLOT_CHANNEL_COLOR, &k, &err), &err);
  renderer = ossa_renderer_new (doc, NULL, &err);

  rt_draw (renderer, NULL, 0, &view, &img);
  /* white × (0.25, 0.5, 1, 0.75) */
  rt_assert_pixel (&img, 50, 50, 0x4080ffc0u, 2);
  /* the keyed slot at rest: its own colour, opaque white: the picture as it is */
  rt_assert_pixel (&img, 150, 50, 0xff8040ffu, 0);
  /* halfway: (0.5, 1, 0.5, 0.75) × orange (1, 0.5, 0.25) */
  rt_draw (renderer, &doc->animations[0], 0.5f, &view, &img);
  rt_assert_pixel (&img, 150, 50, 0x808020bfu, 2);
  rt_assert_pixel (&img, 50, 50, 0x4080ffc0u, 2);
  /* at the end, then the start again: the cached copy follows the tint */
  rt_draw (renderer, &doc->animations[0], 1, &view, &img);
  rt_assert_pixel (&img, 150, 50, 0x00800080u, 2);
  rt_draw (renderer, &doc->animations[0], 0, &view, &img);
  rt_assert_pixel (&img, 150, 50, 0xff8040ffu, 0);

  rt_image_free (&img);
  ossa_renderer_free (renderer);
  g_bytes_unref (wb);
  g_bytes_unref (ob);
  cairo_surface_destroy (w);
  cairo_surface_destroy (o);
  ossa_document_free (doc);
}

/* A picture whose file is absent, one that is not a PNG, one cut short, and
 * embedded bytes that are not a PNG: each drawn as its placeholder and listed. */
static void
test_missing (void)
{
  static const guint8 junk[] = "GIF89a not a png";
  char *dir = rt_dir_new ();
  OssaDocument *doc = ossa_document_new ();
  size_t bone = rt_add_bone (doc, "root", -1, 0, 0, 0, 10, 0xffffffffu);
  GBytes *bytes = g_bytes_new_static (junk, sizeof junk);
  cairo_surface_t *good = rt_quadrant_surface (8, 8, (const guint32[4]) { 0xff0000ffu, 0xff0000ffu,
                                                                          0xff0000ffu, 0xff0000ffu });
  GBytes *png = rt_png_bytes (good);
  char *path, *want;
  OssaRenderer *renderer;
  OssaRenderView view = rt_view (200, 200, 1, 0, 0);
  RtImage img = rt_image_new (200, 200);
  RtPixel p;
  int marked = 0;

  path = g_build_filename (dir, "text.png", NULL);
  g_assert_true (g_file_set_contents (path, "hello", -1, NULL));
  g_free (path);
  path = g_build_filename (dir, "short.png", NULL);
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (png, NULL),
                                      (gssize) g_bytes_get_size (png) / 2, NULL));
  g_free (path);
  rt_add_image (doc, "gone", "art/gone.png", NULL, 8, 8);
  rt_add_image (doc, "text", "text.png", NULL, 8, 8);
  rt_add_image (doc, "short", "short.png", NULL, 8, 8);
  rt_add_image (doc, "junk", NULL, bytes, 8, 8);
  rt_add_slot (doc, "gone", bone, 0xffffffffu, 0, -50, 50, 0, 80, 80);
  rt_add_slot (doc, "text", bone, 0xffffffffu, 1, 50, 50, 0, 80, 80);
  rt_add_slot (doc, "short", bone, 0xffffffffu, 2, -50, -50, 0, 80, 80);
  rt_add_slot (doc, "junk", bone, 0xffffffffu, 3, 50, -50, 0, 80, 80);

  renderer = ossa_renderer_new (doc, dir, NULL);
  g_assert_nonnull (renderer);
  g_assert_cmpuint (ossa_renderer_n_missing (renderer), ==, 4);
  want = g_strdup_printf ("gone: %s/art/gone.png: No such file or directory", dir);
  g_assert_cmpstr (ossa_renderer_missing (renderer, 0), ==, want);
  g_free (want);
  want = g_strdup_printf ("text: %s/text.png: not a PNG picture", dir);
  g_assert_cmpstr (ossa_renderer_missing (renderer, 1), ==, want);
  g_free (want);
  g_assert_true (g_str_has_prefix (ossa_renderer_missing (renderer, 2), "short: "));
  g_assert_true (g_str_has_suffix (ossa_renderer_missing (renderer, 2), "/short.png: a broken PNG picture"));
  g_assert_cmpstr (ossa_renderer_missing (renderer, 3), ==, "junk: (embedded): not a PNG picture");
  g_assert_null (ossa_renderer_missing (renderer, 4));

  rt_draw (renderer, NULL, 0, &view, &img);
  /* each quad: translucent red everywhere inside, the stripes and the outline
   * more opaque, nothing outside */
  for (int q = 0; q < 4; q++)
    {
      int x0 = q % 2 ? 110 : 10, y0 = q / 2 ? 110 : 10;

      for (int y = y0 + 4; y < y0 + 76; y++)
        for (int x = x0 + 4; x < x0 + 76; x++)
          {
            p = rt_pixel (&img, x, y);
            g_assert_cmpint (p.a, >=, 70);
            g_assert_cmpint (p.r, >, p.g + 100);
            marked += p.a > 200;
          }
      rt_assert_pixel (&img, x0, y0 + 40, 0xdb3352f4u, 4);  /* the outline, 0.95 over the rest */
      g_assert_cmphex (rt_argb (&img, x0 - 1, y0 + 40), ==, 0);
      g_assert_cmphex (rt_argb (&img, x0 + 80, y0 + 40), ==, 0);
    }
  /* the cross and the outline */
  g_assert_cmpint (marked, >, 4 * 2 * 72);
  rt_image_save (&img, "/tmp/ossa-render-test-missing.png");

  rt_image_free (&img);
  ossa_renderer_free (renderer);
  g_bytes_unref (bytes);
  g_bytes_unref (png);
  cairo_surface_destroy (good);
  ossa_document_free (doc);
  rt_dir_free (dir);
}

/* A picture of thin black lines on white (one pixel in four) shrunk to a quarter:
 * the lines are averaged into grey, not skipped (bilinear alone would sample
 * between them and show white). */
static void
test_minified (void)
{
  OssaDocument *doc = ossa_document_new ();
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 64, 64);
  cairo_t *cr = cairo_create (s);
  GBytes *bytes;
  OssaRenderer *renderer;
  OssaRenderView view = rt_view (32, 32, 0.25f, 0, 0);
  RtImage img = rt_image_new (32, 32);
  RtPixel p;

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  for (int x = 0; x < 64; x += 4)
    cairo_rectangle (cr, x, 0, 1, 64);
  cairo_fill (cr);
  cairo_destroy (cr);
  bytes = rt_png_bytes (s);
  rt_add_bone (doc, "root", -1, 0, 0, 0, 10, 0xffffffffu);
  rt_add_image (doc, "lines", NULL, bytes, 64, 64);
  rt_add_slot (doc, "lines", 0, 0xffffffffu, 0, 0, 0, 0, 64, 64);
  renderer = ossa_renderer_new (doc, NULL, NULL);
  rt_draw (renderer, NULL, 0, &view, &img);
  for (int x = 10; x < 22; x++)
    {
      p = rt_pixel (&img, x, 16);
      g_assert_cmpint (p.a, ==, 255);
      g_assert_cmpint (p.r, >, 150);
      g_assert_cmpint (p.r, <, 230);
    }
  rt_image_free (&img);
  ossa_renderer_free (renderer);
  g_bytes_unref (bytes);
  cairo_surface_destroy (s);
  ossa_document_free (doc);
}

/* The bundled character, its walk fitted into 512 × 512 over every frame: every
 * picture read, something drawn, nothing touching the border, the picture written
 * to /tmp/ossa-render-hero.png. */
static void
test_hero (void)
{
  char *path, *dir;
  OssaDocument *doc;
  OssaError err = { 0 };
  OssaRenderer *renderer;
  OssaFrameRange range;
  OssaRenderView view = rt_view (512, 512, 1, 0, 0);
  RtImage img = rt_image_new (512, 512);
  ssize_t walk;
  size_t covered = 0;

  path = test_sample_path ("hero.ossa");
  if (path == NULL)
    {
      rt_image_free (&img);
      return;
    }
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the sample is not built");
      g_free (path);
      rt_image_free (&img);
      return;
    }
  doc = ossa_document_load (path, &err);
  g_assert_nonnull (doc);
  dir = g_path_get_dirname (path);
  renderer = ossa_renderer_new (doc, dir, &err);
  g_assert_cmpuint (ossa_renderer_n_missing (renderer), ==, 0);
  walk = ossa_document_find_animation (doc, "walk");
  g_assert_cmpint (walk, >=, 0);
  g_assert_true (ossa_frame_range_make (&doc->animations[walk], 0, (OssaFrameMark) { 0 },
                                        (OssaFrameMark) { 0 }, &range, &err));
  g_assert_cmpuint (range.n_frames, ==, 30);
  ossa_render_view_fit (&view, ossa_renderer_range_bounds (renderer, &doc->animations[walk], &range,
                                                           false), 8);
  for (size_t f = 0; f < range.n_frames; f++)
    {
      rt_draw (renderer, &doc->animations[walk], ossa_frame_range_time (&range, f), &view, &img);
      for (int i = 0; i < 512; i++)
        {
          g_assert_cmphex (rt_argb (&img, i, 0), ==, 0);
          g_assert_cmphex (rt_argb (&img, i, 511), ==, 0);
          g_assert_cmphex (rt_argb (&img, 0, i), ==, 0);
          g_assert_cmphex (rt_argb (&img, 511, i), ==, 0);
        }
      if (f == 0)
        {
          for (int y = 0; y < 512; y++)
            for (int x = 0; x < 512; x++)
              covered += rt_argb (&img, x, y) >> 24 == 255;
          rt_image_save (&img, "/tmp/ossa-render-hero.png");
        }
    }
  /* a character, not a speck: a tenth of the picture or more */
  g_assert_cmpuint (covered, >, 512 * 512 / 10);
  view.bones = true;
  view.background = 0x303440ffu;
  rt_draw (renderer, &doc->animations[walk], 0, &view, &img);
  rt_image_save (&img, "/tmp/ossa-render-hero-bones.png");

  rt_image_free (&img);
  ossa_renderer_free (renderer);
  ossa_document_free (doc);
  g_free (dir);
  g_free (path);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render-art/tint-copy", test_tint_copy);
  g_test_add_func ("/render-art/tint-drawn", test_tint_drawn);
  g_test_add_func ("/render-art/missing", test_missing);
  g_test_add_func ("/render-art/minified", test_minified);
  g_test_add_func ("/render-art/hero", test_hero);
  return g_test_run ();
}
