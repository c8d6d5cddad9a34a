/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What a frame covers and how a picture frames it: the bounds of quads, meshes and
 * bones, their union, the fit (the tighter side decides, centred), the fit over
 * every frame keeping a late excursion inside the picture, and un-premultiplying
 * to exact bytes. */
#include "render-test-support.h"

static const guint32 solid[4] = { 0x20c040ffu, 0x20c040ffu, 0x20c040ffu, 0x20c040ffu };

/* A root bone, an 40 × 20 picture centred at (10, 5) on it; "run" (1 s, no loop)
 * keeps it still until 0.8 s, then moves the root to x = 1000 at 0.9 s and back
 * by 1 s. */
static OssaDocument *
make_runner (void)
{
  OssaDocument *doc = ossa_document_new ();
  cairo_surface_t *s = rt_quadrant_surface (4, 4, solid);
  GBytes *bytes = rt_png_bytes (s);
  size_t bone = rt_add_bone (doc, "root", -1, 0, 0, 0, 30, 0xffffffffu);
  OssaAnimation anim;
  OssaKey k;

  rt_add_image (doc, "box", NULL, bytes, 4, 4);
  rt_add_slot (doc, "box", bone, 0xffffffffu, 0, 10, 5, 0, 40, 20);
  g_assert_true (ossa_animation_init (&anim, "run"));
  anim.duration = 1;
  anim.fps = 30;
  anim.loop = false;
  k = ossa_key_make (0.8f, 0);
  ossa_track_set_key (ossa_animation_ensure_track (&anim, 0, OSSA_CHANNEL_TRANSLATE_X), &k, NULL);
  k = ossa_key_make (0.9f, 1000);
  ossa_track_set_key (ossa_animation_ensure_track (&anim, 0, OSSA_CHANNEL_TRANSLATE_X), &k, NULL);
  k = ossa_key_make (1, 0);
  ossa_track_set_key (ossa_animation_ensure_track (&anim, 0, OSSA_CHANNEL_TRANSLATE_X), &k, NULL);
  g_assert_cmpint (ossa_document_take_animation (doc, &anim, NULL), ==, 0);
  g_assert_true (ossa_document_validate (doc, NULL));
  g_bytes_unref (bytes);
  cairo_surface_destroy (s);
  return doc;
}

static void
assert_bounds (OssaRenderBounds b, float x0, float y0, float x1, float y1)
{
  g_assert_cmpfloat_with_epsilon (b.x0, x0, 1e-3);
  g_assert_cmpfloat_with_epsilon (b.y0, y0, 1e-3);
  g_assert_cmpfloat_with_epsilon (b.x1, x1, 1e-3);
  g_assert_cmpfloat_with_epsilon (b.y1, y1, 1e-3);
}

static void
test_bounds (void)
{
  OssaDocument *doc = make_runner ();
  OssaRenderer *renderer = ossa_renderer_new (doc, NULL, NULL);
  OssaRenderBounds b;

  assert_bounds (ossa_renderer_bounds (renderer, NULL, 0, false), -10, -5, 30, 15);
  assert_bounds (ossa_renderer_bounds (renderer, &doc->animations[0], 0.9f, false), 990, -5, 1030,
                 15);
  ossa_renderer_free (renderer);
  ossa_document_free (doc);

  /* bones alone: nothing without them; with them the bone from (0, 0) to (0, 30)
   * and room around its joint */
  doc = ossa_document_new ();
  rt_add_bone (doc, "root", -1, 0, 0, 90, 30, 0xffffffffu);
  renderer = ossa_renderer_new (doc, NULL, NULL);
  g_assert_true (ossa_render_bounds_empty (ossa_renderer_bounds (renderer, NULL, 0, false)));
  b = ossa_renderer_bounds (renderer, NULL, 0, true);
  g_assert_cmpfloat (b.x0, <, -1);
  g_assert_cmpfloat (b.x1, >, 1);
  g_assert_cmpfloat (b.y0, <, -1);
  g_assert_cmpfloat_with_epsilon (b.y1, 30, 1e-4);
  ossa_renderer_free (renderer);
  ossa_document_free (doc);

  /* nothing to draw: empty, bones or not when there are none */
  doc = ossa_document_new ();
  renderer = ossa_renderer_new (doc, NULL, NULL);
  g_assert_true (ossa_render_bounds_empty (ossa_renderer_bounds (renderer, NULL, 0, true)));
  ossa_renderer_free (renderer);
  ossa_document_free (doc);
}

static void
test_union_fit (void)
{
  OssaRenderBounds empty = { 1, 1, 0, 0 }, a = { 0, 0, 100, 50 }, b = { -10, 20, 5, 80 };
  OssaRenderView view = rt_view (200, 200, 3, 7, 7);

  g_assert_true (ossa_render_bounds_empty (empty));
  g_assert_false (ossa_render_bounds_empty (a));
  g_assert_false (ossa_render_bounds_empty ((OssaRenderBounds) { 2, 2, 2, 2 }));
  assert_bounds (ossa_render_bounds_union (a, b), -10, 0, 100, 80);
  assert_bounds (ossa_render_bounds_union (empty, b), -10, 20, 5, 80);
  assert_bounds (ossa_render_bounds_union (a, empty), 0, 0, 100, 50);
  g_assert_true (ossa_render_bounds_empty (ossa_render_bounds_union (empty, empty)));

  /* 100 × 50 into 200 × 200 less 10 a side: the width decides, 1.8 */
  ossa_render_view_fit (&view, a, 10);
  g_assert_cmpfloat_with_epsilon (view.scale, 1.8f, 1e-5);
  g_assert_cmpfloat (view.center_x, ==, 50);
  g_assert_cmpfloat (view.center_y, ==, 25);
  /* into 400 × 100: the height decides, (100 − 20) / 50 */
  view.width = 400, view.height = 100;
  ossa_render_view_fit (&view, a, 10);
  g_assert_cmpfloat_with_epsilon (view.scale, 1.6f, 1e-5);
  /* a flat box: the side it has */
  ossa_render_view_fit (&view, (OssaRenderBounds) { 0, 5, 38, 5 }, 1);
  g_assert_cmpfloat_with_epsilon (view.scale, 398 / 38.f, 1e-5);
  g_assert_cmpfloat (view.center_y, ==, 5);
  /* empty: scale 1 around the origin */
  ossa_render_view_fit (&view, empty, 10);
  g_assert_cmpfloat (view.scale, ==, 1);
  g_assert_cmpfloat (view.center_x, ==, 0);
  g_assert_cmpfloat (view.center_y, ==, 0);
}

static gboolean
border_clear (const RtImage *img, int inset)
{
  for (int i = 0; i < img->width; i++)
    for (int d = 0; d < inset; d++)
      if (rt_argb (img, i, d) != 0 || rt_argb (img, i, img->height - 1 - d) != 0)
        return FALSE;
  for (int i = 0; i < img->height; i++)
    for (int d = 0; d < inset; d++)
      if (rt_argb (img, d, i) != 0 || rt_argb (img, img->width - 1 - d, i) != 0)
        return FALSE;
  return TRUE;
}

static size_t
count_drawn (const RtImage *img)
{
  size_t n = 0;

  for (int y = 0; y < img->height; y++)
    for (int x = 0; x < img->width; x++)
      n += rt_argb (img, x, y) != 0;
  return n;
}

/* The fit over every frame keeps the late excursion to x = 1000 inside the
 * picture, with the margin clear; the first frame's bounds alone would not. */
static void
test_fit_every_frame (void)
{
  OssaDocument *doc = make_runner ();
  OssaRenderer *renderer = ossa_renderer_new (doc, NULL, NULL);
  const OssaAnimation *anim = &doc->animations[0];
  OssaFrameRange range;
  OssaRenderView view = rt_view (320, 64, 1, 0, 0);
  RtImage img = rt_image_new (320, 64);
  OssaRenderBounds all;

  g_assert_true (ossa_frame_range_make (anim, 0, (OssaFrameMark) { 0 }, (OssaFrameMark) { 0 },
                                        &range, NULL));
  g_assert_cmpuint (range.n_frames, ==, 31);
  all = ossa_renderer_range_bounds (renderer, anim, &range, false);
  assert_bounds (all, -10, -5, 1030, 15);
  ossa_render_view_fit (&view, all, 4);
  for (size_t f = 0; f < range.n_frames; f++)
    {
      rt_draw (renderer, anim, ossa_frame_range_time (&range, f), &view, &img);
      g_assert_true (border_clear (&img, 3));
      g_assert_cmpuint (count_drawn (&img), >, 0);
    }
  /* the frame at 0.9 s: the box at the right end */
  rt_draw (renderer, anim, 0.9f, &view, &img);
  g_assert_cmphex (rt_argb (&img, 314, 32), !=, 0);
  g_assert_cmphex (rt_argb (&img, 10, 32), ==, 0);

  /* fitted to the first frame alone, that frame leaves the picture */
  ossa_render_view_fit (&view, ossa_renderer_bounds (renderer, anim, 0, false), 4);
  rt_draw (renderer, anim, 0.9f, &view, &img);
  g_assert_cmpuint (count_drawn (&img), ==, 0);

  rt_image_free (&img);
  ossa_renderer_free (renderer);
  ossa_document_free (doc);
}

static void
test_to_rgba (void)
{
  /* premultiplied ARGB words → straight R, G, B, A bytes, rounded */
  static const guint32 in[] = {
    0xff102030u, 0x00000000u, 0x80402010u, 0x01010101u, 0x03010200u, 0x7f7f7f7fu, 0xc0600030u,
    0x80ff0000u,  /* bad input (colour over alpha) is clamped */
  };
  static const guint8 want[][4] = {
    { 0x10, 0x20, 0x30, 0xff }, { 0, 0, 0, 0 }, { 0x80, 0x40, 0x20, 0x80 }, { 255, 255, 255, 1 },
    { 85, 170, 0, 3 }, { 255, 255, 255, 0x7f }, { 128, 0, 64, 0xc0 }, { 255, 0, 0, 0x80 },
  };
  int w = G_N_ELEMENTS (in), stride = 4 * w + 8;
  guint8 *argb = g_malloc0 ((gsize) stride * 2), *out = g_malloc (4 * (gsize) w * 2);

  for (int y = 0; y < 2; y++)
    memcpy (argb + y * stride, in, sizeof in);
  ossa_render_to_rgba (argb, stride, w, 2, out);
  for (int y = 0; y < 2; y++)
    for (int i = 0; i < w; i++)
      for (int c = 0; c < 4; c++)
        if (out[4 * (y * w + i) + c] != want[i][c])
          g_error ("pixel %d row %d channel %d: %d, want %d", i, y, c, out[4 * (y * w + i) + c],
                   want[i][c]);
  /* every alpha and colour: round (c · 255 / a) */
  for (guint32 a = 1; a < 256; a++)
    for (guint32 c = 0; c <= a; c++)
      {
        guint32 p = a << 24 | c << 16 | c << 8 | c;
        guint8 o[4];

        ossa_render_to_rgba ((const guint8 *) &p, 4, 1, 1, o);
        g_assert_cmpint (o[0], ==, (int) floor (c * 255.0 / a + 0.5));
        g_assert_cmpint (o[3], ==, (int) a);
      }
  g_free (argb);
  g_free (out);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render-bounds/bounds", test_bounds);
  g_test_add_func ("/render-bounds/union-fit", test_union_fit);
  g_test_add_func ("/render-bounds/fit-every-frame", test_fit_every_frame);
  g_test_add_func ("/render-bounds/to-rgba", test_to_rgba);
  return g_test_run ();
}
