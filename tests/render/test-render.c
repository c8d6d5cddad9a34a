/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The renderer's pictures checked pixel by pixel: an attachment at its corners
 * (upright and turned, from a file and embedded), two in draw order and swapped by
 * a draw-order key, the background, bones only when asked, an SMD mesh in its
 * material's colour, antialiased edges that keep the picture's colour, bad views. */
#include "render-test-support.h"

#include "ossa-render-private.h"

#define RED   0xff0000ffu
#define GREEN 0x00ff00ffu
#define BLUE  0x0000ffffu
#define WHITE 0xffffffffu

static const guint32 quadrants[4] = { RED, GREEN, BLUE, WHITE };

/* One bone turned rot_deg at the origin, an 8 × 8 quadrant picture on it as an
 * 80 × 80 attachment centred on the joint; from a file in dir, or embedded. */
static OssaDocument *
make_square (const char *dir, float rot_deg, gboolean embedded)
{
  OssaDocument *doc = ossa_document_new ();
  cairo_surface_t *s = rt_quadrant_surface (8, 8, quadrants);
  size_t bone = rt_add_bone (doc, "root", -1, 0, 0, rot_deg, 50, 0xff0000ffu);
  size_t image;

  if (embedded)
    {
      GBytes *bytes = rt_png_bytes (s);

      image = rt_add_image (doc, "square", NULL, bytes, 8, 8);
      g_bytes_unref (bytes);
    }
  else
    {
      rt_write_png (s, dir, "square.png");
      image = rt_add_image (doc, "square", "square.png", NULL, 8, 8);
    }
  cairo_surface_destroy (s);
  rt_add_slot (doc, "square", bone, 0xffffffffu, image, 0, 0, 0, 80, 80);
  return doc;
}

/* The pixels just inside the 80 × 80 square (60 … 139 in a 200 × 200 picture at
 * scale 1) have the colours of the picture's corners tl, tr, bl, br as they land
 * on the screen; the pixels just outside are transparent. */
static void
assert_square (const RtImage *img, guint32 tl, guint32 tr, guint32 bl, guint32 br)
{
  rt_assert_pixel (img, 60, 60, tl, 1);
  rt_assert_pixel (img, 139, 60, tr, 1);
  rt_assert_pixel (img, 60, 139, bl, 1);
  rt_assert_pixel (img, 139, 139, br, 1);
  rt_assert_pixel (img, 94, 94, tl, 1);  /* bilinear: blended only near the middle */
  for (int i = 0; i < 2; i++)
    {
      int lo = 59, hi = 140;

      g_assert_cmphex (rt_argb (img, lo, i ? lo : 60), ==, 0);
      g_assert_cmphex (rt_argb (img, i ? lo : 60, lo), ==, 0);
      g_assert_cmphex (rt_argb (img, hi, i ? hi : 139), ==, 0);
      g_assert_cmphex (rt_argb (img, i ? hi : 139, hi), ==, 0);
    }
  g_assert_cmphex (rt_argb (img, 0, 0), ==, 0);
  g_assert_cmphex (rt_argb (img, 199, 199), ==, 0);
}

static void
test_corners (void)
{
  char *dir = rt_dir_new ();
  OssaDocument *doc = make_square (dir, 0, FALSE);
  OssaError err = { 0 };
  OssaRenderer *renderer = ossa_renderer_new (doc, dir, &err);
  OssaRenderView view = rt_view (200, 200, 1, 0, 0);
  RtImage img = rt_image_new (200, 200);

  g_assert_nonnull (renderer);
  g_assert_cmpuint (ossa_renderer_n_missing (renderer), ==, 0);
  rt_draw (renderer, NULL, 0, &view, &img);
  /* the picture's top row at world y = +40, the top of the picture */
  assert_square (&img, RED, GREEN, BLUE, WHITE);
  /* drawn again into the same pixels: the same picture */
  rt_draw (renderer, NULL, 0, &view, &img);
  assert_square (&img, RED, GREEN, BLUE, WHITE);
  rt_image_free (&img);
  ossa_renderer_free (renderer);
  ossa_document_free (doc);
  rt_dir_free (dir);
}

static void
test_corners_turned_embedded (void)
{
  /* the bone turned a quarter counter-clockwise: the picture's top points left */
  OssaDocument *doc = make_square (NULL, 90, TRUE);
  OssaRenderer *renderer = ossa_renderer_new (doc, "/nonexistent", NULL);
  OssaRenderView view = rt_view (200, 200, 1, 0, 0);
  RtImage img = rt_image_new (200, 200);

  g_assert_cmpuint (ossa_renderer_n_missing (renderer), ==, 0);
  rt_draw (renderer, NULL, 0, &view, &img);
  /* top left of the screen: the picture's top right (green); top right: its
   * bottom right (white); bottom left: its top left (red) */
  rt_assert_pixel (&img, 60, 60, GREEN, 1);
  rt_assert_pixel (&img, 139, 60, WHITE, 1);
  rt_assert_pixel (&img, 60, 139, RED, 1);
  rt_assert_pixel (&img, 139, 139, BLUE, 1);
  g_assert_cmphex (rt_argb (&img, 59, 100), ==, 0);
  g_assert_cmphex (rt_argb (&img, 140, 100), ==, 0);
  rt_image_free (&img);
  ossa_renderer_free (renderer);
  ossa_document_free (doc);
}

/* Moved by half a pixel: the edge pixels are half covered, and un-premultiplied
 * they keep the picture's colour (no dark fringe). */
static void
test_antialiased_edge (void)
{
  OssaDocument *doc = make_square (NULL, 0, TRUE);
  OssaRenderer *renderer = ossa_renderer_new (doc, NULL, NULL);
  OssaRenderView view = rt_view (200, 200, 1, 0.5f, -0.5f);
  RtImage img = rt_image_new (200, 200);
  RtPixel p;

  rt_draw (renderer, NULL, 0, &view, &img);
  /* the left edge at x = 59.5, the top at y = 59.5 */
  p = rt_pixel (&img, 59, 80);
  g_assert_cmpint (abs (p.a - 128), <=, 2);
  rt_assert_pixel (&img, 59, 80, (RED & 0xffffff00u) | p.a, 2);
  p = rt_pixel (&img, 120, 59);
  g_assert_cmpint (abs (p.a - 128), <=, 2);
  rt_assert_pixel (&img, 120, 59, (GREEN & 0xffffff00u) | p.a, 2);
  rt_assert_pixel (&img, 60, 60, RED, 1);
  rt_image_free (&img);
  ossa_renderer_free (renderer);
  ossa_document_free (doc);
}

/* Two overlapping squares, red behind blue in the slots' order; from 0.5 s the
 * animation's draw-order key puts red in front. */
static void
test_draw_order (void)
{
  static const guint32 reds[4] = { RED, RED, RED, RED }, blues[4] = { BLUE, BLUE, BLUE, BLUE };
  static const uint32_t swapped[] = { 1, 0 };
  OssaDocument *doc = ossa_document_new ();
  cairo_surface_t *r = rt_quadrant_surface (4, 4, reds), *b = rt_quadrant_surface (4, 4, blues);
  GBytes *rb = rt_png_bytes (r), *bb = rt_png_bytes (b);
  size_t bone = rt_add_bone (doc, "root", -1, 0, 0, 0, 10, 0xffffffffu);
  OssaAnimation anim;
  OssaError err = { 0 };
  OssaRenderer *renderer;
  OssaRenderView view = rt_view (200, 200, 1, 0, 0);
  RtImage img = rt_image_new (200, 200);

  rt_add_image (doc, "red", NULL, rb, 4, 4);
  rt_add_image (doc, "blue", NULL, bb, 4, 4);
  rt_add_slot (doc, "red", bone, 0xffffffffu, 0, -20, 0, 0, 60, 60);
  rt_add_slot (doc, "blue", bone, 0xffffffffu, 1, 20, 0, 0, 60, 60);
  g_assert_true (ossa_animation_init (&anim, "swap"));
  anim.duration = 1;
  g_assert_cmpint (ossa_document_take_animation (doc, &anim, NULL), ==, 0);
  rt_apply (doc, ossa_command_set_draw_order_key (doc, 0, 0.5f, swapped, 2, &err), &err);
  renderer = ossa_renderer_new (doc, NULL, &err);

  rt_draw (renderer, &doc->animations[0], 0.25f, &view, &img);
  rt_assert_pixel (&img, 80, 100, RED, 0);   /* red alone */
  rt_assert_pixel (&img, 100, 100, BLUE, 0); /* the overlap: blue in front */
  rt_assert_pixel (&img, 120, 100, BLUE, 0);
  rt_draw (renderer, &doc->animations[0], 0.5f, &view, &img);
  rt_assert_pixel (&img, 100, 100, RED, 0);  /* swapped */
  rt_assert_pixel (&img, 120, 100, BLUE, 0);
  rt_draw (renderer, NULL, 0, &view, &img);  /* the rest pose keeps the slots' order */
  rt_assert_pixel (&img, 100, 100, BLUE, 0);

  rt_image_free (&img);
  ossa_renderer_free (renderer);
  g_bytes_unref (rb);
  g_bytes_unref (bb);
  cairo_surface_destroy (r);
  cairo_surface_destroy (b);
  ossa_document_free (doc);
}

static void
test_background (void)
{
  OssaDocument *doc = make_square (NULL, 0, TRUE);
  OssaRenderer *renderer = ossa_renderer_new (doc, NULL, NULL);
  OssaRenderView view = rt_view (200, 200, 1, 0, 0);
  RtImage img = rt_image_new (200, 200);

  /* transparent: every pixel nothing covers is 0 (the buffer held garbage) */
  rt_draw (renderer, NULL, 0, &view, &img);
  for (int y = 0; y < 200; y++)
    for (int x = 0; x < 200; x++)
      if (x < 60 || x >= 140 || y < 60 || y >= 140)
        g_assert_cmphex (rt_argb (&img, x, y), ==, 0);
  /* opaque: the colour, the art over it */
  view.background = 0x336699ffu;
  rt_draw (renderer, NULL, 0, &view, &img);
  g_assert_cmphex (rt_argb (&img, 0, 0), ==, 0xff336699u);
  g_assert_cmphex (rt_argb (&img, 199, 199), ==, 0xff336699u);
  rt_assert_pixel (&img, 60, 60, RED, 0);
  /* half transparent, premultiplied in the pixels */
  view.background = 0x33669980u;
  rt_draw (renderer, NULL, 0, &view, &img);
  rt_assert_pixel (&img, 10, 10, 0x33669980u, 1);
  g_assert_cmpuint (rt_argb (&img, 10, 10) >> 24, ==, 0x80);
  g_assert_cmpuint ((rt_argb (&img, 10, 10) >> 16) & 0xff, <=, 0x1a);
  rt_image_free (&img);
  ossa_renderer_free (renderer);
  ossa_document_free (doc);
}

/* A bone from (0, 0) to (100, 0) in red: drawn only with bones, a tapered shape
 * in its colour with the joint's dark disc and light ring at its start. */
static void
test_bones (void)
{
  OssaDocument *doc = ossa_document_new ();
  OssaRenderer *renderer;
  OssaRenderView view = rt_view (200, 100, 1, 50, 0);
  RtImage img = rt_image_new (200, 100);
  RtPixel mid, tip_side, ring, disc;

  rt_add_bone (doc, "root", -1, 0, 0, 0, 100, 0xe03020ffu);
  renderer = ossa_renderer_new (doc, NULL, NULL);
  rt_draw (renderer, NULL, 0, &view, &img);
  for (int y = 0; y < 100; y++)
    for (int x = 0; x < 200; x++)
      g_assert_cmphex (rt_argb (&img, x, y), ==, 0);
  view.bones = true;
  rt_draw (renderer, NULL, 0, &view, &img);
  /* the middle of the bone, the joint at pixel (50, 50), the tip at (150, 50) */
  mid = rt_pixel (&img, 100, 50);
  g_assert_cmpint (mid.a, ==, 255);
  g_assert_cmpint (mid.r, >, 180);
  g_assert_cmpint (mid.g, <, 60);
  g_assert_cmpint (mid.b, <, 60);
  /* 8 px wide at the joint (half width 8 for a 100 px bone), a point at the tip */
  g_assert_cmpint (rt_pixel (&img, 60, 50 - 6).a, ==, 255);
  g_assert_cmphex (rt_argb (&img, 60, 50 - 10), ==, 0);
  tip_side = rt_pixel (&img, 148, 50 - 3);
  g_assert_cmpint (tip_side.a, ==, 0);
  g_assert_cmphex (rt_argb (&img, 155, 50), ==, 0);
  ring = rt_pixel (&img, 50 + 3, 50);
  disc = rt_pixel (&img, 50, 50);
  g_assert_cmpint (ring.r, >, 150);
  g_assert_cmpint (ring.g, >, 150);
  g_assert_cmpint (disc.r, <, 100);
  g_assert_cmpint (disc.a, ==, 255);
  rt_image_free (&img);
  ossa_renderer_free (renderer);
  ossa_document_free (doc);
}

/* The material hash is GLib's, so that a material keeps the canvas's colour. */
static void
test_material_hash (void)
{
  static const char *names[] = { "skin", "Material #1", "héllo wörld", "a", "" };

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_cmpuint (_ossa_render_str_hash (names[i]), ==, g_str_hash (names[i]));
  g_assert_cmphex (ossa_render_material_color (NULL), ==, 0xa0a8b4ffu);
  g_assert_cmphex (ossa_render_material_color (""), ==, 0xa0a8b4ffu);
  /* g_str_hash ("skin") % 8 picks the palette's entry */
  g_assert_cmphex (ossa_render_material_color ("skin"), !=, 0xa0a8b4ffu);
}

/* A triangle of material "skin" bound to a bone turned 90°: its inside in the
 * material's colour at the canvas's fill opacity (0.42), nothing outside. */
static void
test_mesh (void)
{
  static const float positions[] = { 0, 0, 0, -80, 80, 0 };  /* bone space */
  OssaDocument *doc = ossa_document_new ();
  OssaMesh mesh;
  OssaRenderer *renderer;
  OssaRenderView view = rt_view (200, 200, 1, 0, 0);
  RtImage img = rt_image_new (200, 200);
  guint32 color = ossa_render_material_color ("skin");
  RtPixel p;

  rt_add_bone (doc, "root", -1, 0, 0, 90, 10, 0xffffffffu);
  g_assert_true (ossa_mesh_init (&mesh, "body"));
  mesh.n_vertices = 3;
  mesh.bones = g_new0 (uint32_t, 3);
  mesh.positions = g_memdup2 (positions, sizeof positions);
  mesh.n_triangles = 1;
  mesh.indices = g_new (uint32_t, 3);
  mesh.indices[0] = 0, mesh.indices[1] = 1, mesh.indices[2] = 2;
  mesh.triangle_materials = g_new0 (uint32_t, 1);
  mesh.n_materials = 1;
  mesh.materials = g_new (char *, 1);
  mesh.materials[0] = g_strdup ("skin");
  g_assert_cmpint (ossa_document_take_mesh (doc, &mesh, NULL), ==, 0);
  g_assert_true (ossa_document_validate (doc, NULL));
  renderer = ossa_renderer_new (doc, NULL, NULL);
  rt_draw (renderer, NULL, 0, &view, &img);
  /* turned 90°: world (0, 0), (80, 0), (0, 80): the pixels right of and above
   * the centre */
  p = rt_pixel (&img, 115, 85);
  g_assert_cmpint (abs (p.a - 107), <=, 2);
  rt_assert_pixel (&img, 115, 85, (color & 0xffffff00u) | p.a, 2);
  g_assert_cmphex (rt_argb (&img, 85, 85), ==, 0);
  g_assert_cmphex (rt_argb (&img, 115, 115), ==, 0);
  g_assert_cmphex (rt_argb (&img, 170, 30), ==, 0);  /* beyond the long edge */
  rt_image_free (&img);
  ossa_renderer_free (renderer);
  ossa_document_free (doc);
}

static void
test_bad_view (void)
{
  OssaDocument *doc = make_square (NULL, 0, TRUE);
  OssaRenderer *renderer = ossa_renderer_new (doc, NULL, NULL);
  guint8 pixels[4 * 16 * 16] = { 0 };
  OssaRenderView view = rt_view (16, 16, 1, 0, 0);
  OssaError err = { 0 };

  g_assert_true (ossa_renderer_draw (renderer, NULL, 0, &view, pixels, 64, &err));
  view.width = 0;
  g_assert_false (ossa_renderer_draw (renderer, NULL, 0, &view, pixels, 64, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_INVALID);
  g_assert_nonnull (strstr (err.message, "0×16"));
  view.width = OSSA_RENDER_MAX_SIZE + 1;
  g_assert_false (ossa_renderer_draw (renderer, NULL, 0, &view, pixels, 64, &err));
  view.width = 16;
  view.scale = NAN;
  g_assert_false (ossa_renderer_draw (renderer, NULL, 0, &view, pixels, 64, &err));
  g_assert_nonnull (strstr (err.message, "scale"));
  view.scale = 0;
  g_assert_false (ossa_renderer_draw (renderer, NULL, 0, &view, pixels, 64, &err));
  view.scale = 1;
  g_assert_false (ossa_renderer_draw (renderer, NULL, 0, &view, pixels, 60, &err));
  ossa_renderer_free (renderer);
  ossa_document_free (doc);
}

/* Absurd framings (the picture a billion billion pixels wide, or far off) draw
 * what they can, and the next frame is right again. */
static void
test_extreme_view (void)
{
  OssaDocument *doc = make_square (NULL, 0, TRUE);
  OssaRenderer *renderer = ossa_renderer_new (doc, NULL, NULL);
  OssaRenderView view = rt_view (200, 200, 1e30f, 0, 0);
  RtImage img = rt_image_new (200, 200);
  OssaError err = { 0 };

  (void) ossa_renderer_draw (renderer, NULL, 0, &view, img.pixels, img.stride, &err);
  view.scale = 1e-30f;
  (void) ossa_renderer_draw (renderer, NULL, 0, &view, img.pixels, img.stride, &err);
  view.scale = 1, view.center_x = 1e30f;
  rt_draw (renderer, NULL, 0, &view, &img);
  g_assert_cmphex (rt_argb (&img, 100, 100), ==, 0);
  view.center_x = 0;
  rt_draw (renderer, NULL, 0, &view, &img);
  assert_square (&img, RED, GREEN, BLUE, WHITE);
  rt_image_free (&img);
  ossa_renderer_free (renderer);
  ossa_document_free (doc);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/corners", test_corners);
  g_test_add_func ("/render/corners-turned-embedded", test_corners_turned_embedded);
  g_test_add_func ("/render/antialiased-edge", test_antialiased_edge);
  g_test_add_func ("/render/draw-order", test_draw_order);
  g_test_add_func ("/render/background", test_background);
  g_test_add_func ("/render/bones", test_bones);
  g_test_add_func ("/render/material-hash", test_material_hash);
  g_test_add_func ("/render/mesh", test_mesh);
  g_test_add_func ("/render/bad-view", test_bad_view);
  g_test_add_func ("/render/extreme-view", test_extreme_view);
  return g_test_run ();
}
