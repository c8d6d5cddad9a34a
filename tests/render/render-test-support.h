/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For the renderer's tests: documents built with the core's API (bones, pictures
 * written as PNGs by cairo into a temporary folder or embedded, slots,
 * attachments, keys), a picture drawn into pixels the test owns, and reading
 * those pixels back as straight RGBA. */
#pragma once

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "ossa-command.h"
#include "ossa-document.h"
#include "ossa-render-frames.h"
#include "ossa-render.h"

#define RT_DEG(d) ((float) ((d) * G_PI / 180.0))

/* A straight RGBA colour as four bytes, for messages and comparisons. */
typedef struct
{
  guint8 r, g, b, a;
} RtPixel;

/* A picture w × h drawn as four quadrants: top left, top right, bottom left,
 * bottom right (RGBA, R high, straight alpha). */
static inline cairo_surface_t *
rt_quadrant_surface (int w, int h, const guint32 colors[4])
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (s);

  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  for (int q = 0; q < 4; q++)
    {
      guint32 c = colors[q];

      cairo_set_source_rgba (cr, (c >> 24) / 255.0, ((c >> 16) & 0xff) / 255.0,
                             ((c >> 8) & 0xff) / 255.0, (c & 0xff) / 255.0);
      cairo_rectangle (cr, (q % 2) * w / 2, (q / 2) * h / 2, w / 2, h / 2);
      cairo_fill (cr);
    }
  cairo_destroy (cr);
  return s;
}

static cairo_status_t
rt_append_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* The PNG file of a surface, as bytes. */
static inline GBytes *
rt_png_bytes (cairo_surface_t *s)
{
  GByteArray *bytes = g_byte_array_new ();

  g_assert_cmpint (cairo_surface_write_to_png_stream (s, rt_append_bytes, bytes), ==,
                   CAIRO_STATUS_SUCCESS);
  return g_byte_array_free_to_bytes (bytes);
}

static inline void
rt_apply (OssaDocument *doc, OssaCommand *cmd, const OssaError *err)
{
  OssaError apply_err = { 0 };

  if (cmd == NULL)
    g_error ("building a command: %s", err->message);
  if (!ossa_command_apply (cmd, doc, &apply_err))
    g_error ("applying a command: %s", apply_err.message);
  ossa_command_free (cmd);
}

static inline size_t
rt_add_bone (OssaDocument *doc, const char *name, int parent, float x, float y, float rot_deg,
             float length, guint32 color)
{
  OssaTransform t = { x, y, RT_DEG (rot_deg), 1, 1 };
  OssaError err = { 0 };
  ssize_t i = ossa_skeleton_add_bone (&doc->skeleton, name, parent, &t, length, color, &err);

  if (i < 0)
    g_error ("adding bone %s: %s", name, err.message);
  return (size_t) i;
}

/* An image from a file path (relative to the renderer's base folder) or bytes. */
static inline size_t
rt_add_image (OssaDocument *doc, const char *name, const char *path, GBytes *data, guint32 w,
              guint32 h)
{
  OssaError err = { 0 };
  gsize size = 0;
  const void *bytes = data != NULL ? g_bytes_get_data (data, &size) : NULL;

  rt_apply (doc, ossa_command_add_image (doc, name, path, bytes, size, w, h, &err), &err);
  return doc->n_images - 1;
}

/* A slot on bone showing one attachment of image, w × h world units centred at
 * (x, y) of the bone, turned rot_deg. */
static inline size_t
rt_add_slot (OssaDocument *doc, const char *name, size_t bone, guint32 color, size_t image,
             float x, float y, float rot_deg, float w, float h)
{
  OssaTransform off = { x, y, RT_DEG (rot_deg), 1, 1 };
  OssaError err = { 0 };
  size_t slot;

  rt_apply (doc, ossa_command_add_slot (doc, name, (uint32_t) bone, color, &err), &err);
  slot = doc->n_slots - 1;
  rt_apply (doc, ossa_command_add_attachment (doc, slot, name, (uint32_t) image, &off, w, h, &err),
            &err);
  doc->slots[slot].attachment = 0;
  return slot;
}

/* A temporary folder, removed with its files by rt_dir_free(). */
static inline char *
rt_dir_new (void)
{
  GError *error = NULL;
  char *dir = g_dir_make_tmp ("ossa-render-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static inline void
rt_dir_free (char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      char *path = g_build_filename (dir, name, NULL);

      g_remove (path);
      g_free (path);
    }
  if (d != NULL)
    g_dir_close (d);
  g_rmdir (dir);
  g_free (dir);
}

static inline void
rt_write_png (cairo_surface_t *s, const char *dir, const char *name)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_cmpint (cairo_surface_write_to_png (s, path), ==, CAIRO_STATUS_SUCCESS);
  g_free (path);
}

/* A picture drawn: w × h premultiplied pixels (a stride with room to spare, so a
 * renderer that assumes 4 × width shows). */
typedef struct
{
  int      width, height, stride;
  guint8  *pixels;
} RtImage;

static inline RtImage
rt_image_new (int w, int h)
{
  RtImage img = { w, h, 4 * w + 16, NULL };

  img.pixels = g_malloc0 ((gsize) img.stride * (gsize) h);
  /* garbage where the renderer must write */
  memset (img.pixels, 0x5a, (gsize) img.stride * (gsize) h);
  return img;
}

static inline void
rt_image_free (RtImage *img)
{
  g_free (img->pixels);
}

static inline OssaRenderView
rt_view (int w, int h, float scale, float cx, float cy)
{
  OssaRenderView view = { w, h, scale, cx, cy, 0, false };

  return view;
}

static inline void
rt_draw (OssaRenderer *renderer, const OssaAnimation *anim, float t, const OssaRenderView *view,
         RtImage *img)
{
  OssaError err = { 0 };

  g_assert_cmpint (view->width, ==, img->width);
  g_assert_cmpint (view->height, ==, img->height);
  if (!ossa_renderer_draw (renderer, anim, t, view, img->pixels, img->stride, &err))
    g_error ("drawing: %s", err.message);
}

/* The premultiplied ARGB32 word at (x, y). */
static inline guint32
rt_argb (const RtImage *img, int x, int y)
{
  guint32 p;

  memcpy (&p, img->pixels + (gsize) y * (gsize) img->stride + 4 * (gsize) x, 4);
  return p;
}

/* Straight RGBA at (x, y), through ossa_render_to_rgba(). */
static inline RtPixel
rt_pixel (const RtImage *img, int x, int y)
{
  guint8 out[4];
  RtPixel p;

  ossa_render_to_rgba (img->pixels + (gsize) y * (gsize) img->stride + 4 * (gsize) x, img->stride,
                       1, 1, out);
  p.r = out[0], p.g = out[1], p.b = out[2], p.a = out[3];
  return p;
}

/* Asserts that (x, y) is the straight colour want (RGBA, R high) within tol. */
#define rt_assert_pixel(img, x, y, want, tol)                                                 \
  G_STMT_START                                                                                \
  {                                                                                           \
    RtPixel got_ = rt_pixel ((img), (x), (y));                                                \
    guint32 want_ = (want);                                                                   \
    int d_ = MAX (MAX (abs (got_.r - (int) (want_ >> 24)), abs (got_.g - (int) ((want_ >> 16) & 0xff))), \
                  MAX (abs (got_.b - (int) ((want_ >> 8) & 0xff)), abs (got_.a - (int) (want_ & 0xff)))); \
    if (d_ > (tol))                                                                           \
      g_error ("pixel (%d, %d) is %02x%02x%02x%02x, want %08x (±%d)", (x), (y), got_.r, got_.g, \
               got_.b, got_.a, want_, (tol));                                                  \
  }                                                                                           \
  G_STMT_END

/* Writes img as a PNG (for a person to look at when a test fails). */
static inline void
rt_image_save (const RtImage *img, const char *path)
{
  cairo_surface_t *s = cairo_image_surface_create_for_data (img->pixels, CAIRO_FORMAT_ARGB32,
                                                            img->width, img->height, img->stride);

  cairo_surface_write_to_png (s, path);
  cairo_surface_destroy (s);
}
