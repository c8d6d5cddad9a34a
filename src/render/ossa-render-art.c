/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The renderer's art: every image decoded once (embedded PNG bytes or a file),
 * those that cannot be read listed and drawn as the canvas's placeholder, and each
 * visible attachment's picture mapped onto its quad, tinted by its slot. */
#include "ossa-render-private.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct
{
  const uint8_t *data;
  size_t         size, at;
} ByteReader;

static cairo_status_t
read_bytes (void *closure, unsigned char *out, unsigned int length)
{
  ByteReader *r = closure;

  if (length > r->size - r->at)
    return CAIRO_STATUS_READ_ERROR;
  memcpy (out, r->data + r->at, length);
  r->at += length;
  return CAIRO_STATUS_SUCCESS;
}

static cairo_status_t
read_file (void *closure, unsigned char *out, unsigned int length)
{
  return fread (out, 1, length, closure) == length ? CAIRO_STATUS_SUCCESS
                                                   : CAIRO_STATUS_READ_ERROR;
}

static bool
is_png (const uint8_t *head, size_t n)
{
  static const uint8_t signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };

  return n >= sizeof signature && memcmp (head, signature, sizeof signature) == 0;
}

/* The image's picture, or NULL with why it cannot be had in reason. */
static cairo_surface_t *
decode (const OssaImage *image, const char *base_dir, char **path_out, char *reason,
        size_t reason_size)
{
  cairo_surface_t *surface;
  const char *path = image->path != NULL ? image->path : "";

  *path_out = NULL;
  if (image->data != NULL && image->data_size > 0)
    {
      ByteReader r = { image->data, image->data_size, 0 };

      *path_out = strdup ("(embedded)");
      if (!is_png (image->data, image->data_size))
        {
          snprintf (reason, reason_size, "not a PNG picture");
          return NULL;
        }
      surface = cairo_image_surface_create_from_png_stream (read_bytes, &r);
    }
  else
    {
      uint8_t head[8];
      size_t n_head;
      FILE *file;
      bool relative = path[0] != '/' && base_dir != NULL && base_dir[0] != '\0';
      size_t size = strlen (path) + (relative ? strlen (base_dir) + 2 : 1);
      char *full = malloc (size);

      if (full == NULL)
        return NULL;
      if (relative)
        snprintf (full, size, "%s/%s", base_dir, path);
      else
        snprintf (full, size, "%s", path);
      *path_out = full;
      if (path[0] == '\0')
        {
          snprintf (reason, reason_size, "no path and no bytes");
          return NULL;
        }
      file = fopen (full, "rb");
      if (file == NULL)
        {
          snprintf (reason, reason_size, "%s", strerror (errno));
          return NULL;
        }
      n_head = fread (head, 1, sizeof head, file);
      if (!is_png (head, n_head))
        {
          snprintf (reason, reason_size, "not a PNG picture");
          fclose (file);
          return NULL;
        }
      rewind (file);
      surface = cairo_image_surface_create_from_png_stream (read_file, file);
      fclose (file);
    }
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      cairo_status_t status = cairo_surface_status (surface);

      snprintf (reason, reason_size, "%s",
                status == CAIRO_STATUS_READ_ERROR ? "a broken PNG picture"
                                                  : cairo_status_to_string (status));
      cairo_surface_destroy (surface);
      return NULL;
    }
  return surface;
}

static bool
add_missing (OssaRenderer *renderer, const char *name, const char *path, const char *reason)
{
  size_t size = strlen (name) + strlen (path) + strlen (reason) + 5;
  char *line = malloc (size);

  if (line == NULL)
    return false;
  snprintf (line, size, "%s: %s: %s", name, path, reason);
  renderer->missing[renderer->n_missing++] = line;
  return true;
}

bool
_ossa_render_images_load (OssaRenderer *renderer, const char *base_dir, OssaError *err)
{
  const OssaDocument *doc = renderer->doc;

  renderer->images = calloc (doc->n_images > 0 ? doc->n_images : 1, sizeof *renderer->images);
  renderer->missing = calloc (doc->n_images > 0 ? doc->n_images : 1, sizeof *renderer->missing);
  if (renderer->images == NULL || renderer->missing == NULL)
    goto no_memory;
  renderer->n_images = doc->n_images;
  for (size_t i = 0; i < doc->n_images; i++)
    {
      OssaRenderImage *img = &renderer->images[i];
      char reason[256] = "";
      char *path = NULL;

      img->surface = decode (&doc->images[i], base_dir, &path, reason, sizeof reason);
      if (path == NULL)
        goto no_memory;
      if (img->surface == NULL)
        {
          bool ok = add_missing (renderer, doc->images[i].name ? doc->images[i].name : "", path,
                                 reason);

          free (path);
          if (!ok)
            goto no_memory;
          continue;
        }
      free (path);
      img->width = cairo_image_surface_get_width (img->surface);
      img->height = cairo_image_surface_get_height (img->surface);
      img->pattern = cairo_pattern_create_for_surface (img->surface);
      /* Padded: the picture's edge pixels reach its quad's edge, which the fill's
       * own antialiasing softens (transparent beyond would halve them). */
      cairo_pattern_set_extend (img->pattern, CAIRO_EXTEND_PAD);
      cairo_pattern_set_filter (img->pattern, CAIRO_FILTER_BILINEAR);
    }
  return true;

no_memory:
  ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
  return false;
}

void
_ossa_render_images_free (OssaRenderer *renderer)
{
  for (size_t i = 0; i < renderer->n_images; i++)
    {
      OssaRenderImage *img = &renderer->images[i];

      if (img->pattern != NULL)
        cairo_pattern_destroy (img->pattern);
      if (img->surface != NULL)
        cairo_surface_destroy (img->surface);
      if (img->tinted_pattern != NULL)
        cairo_pattern_destroy (img->tinted_pattern);
      if (img->tinted != NULL)
        cairo_surface_destroy (img->tinted);
    }
  for (size_t i = 0; i < renderer->n_missing; i++)
    free (renderer->missing[i]);
  free (renderer->missing);
  free (renderer->images);
}

/* round (v · k / 65536) for v ≤ 255, k ≤ 65536 */
static inline uint32_t
scale_byte (uint32_t v, uint32_t k)
{
  return (v * k + 32768) >> 16;
}

void
_ossa_render_tint (cairo_surface_t *src, const float rgba[4], cairo_surface_t *out)
{
  int w = cairo_image_surface_get_width (src), h = cairo_image_surface_get_height (src);
  int src_stride = cairo_image_surface_get_stride (src);
  int out_stride = cairo_image_surface_get_stride (out);
  bool opaque = cairo_image_surface_get_format (src) == CAIRO_FORMAT_RGB24;
  const uint8_t *s;
  uint8_t *o;
  uint32_t k[4];

  /* Premultiplied: every channel (colour already × alpha) × the tint's own
   * colour × its alpha, the alpha × the tint's alpha. */
  for (int c = 0; c < 3; c++)
    k[c] = (uint32_t) lrintf (fminf (fmaxf (rgba[c] * rgba[3], 0), 1) * 65536.f);
  k[3] = (uint32_t) lrintf (fminf (fmaxf (rgba[3], 0), 1) * 65536.f);
  cairo_surface_flush (src);
  cairo_surface_flush (out);
  s = cairo_image_surface_get_data (src);
  o = cairo_image_surface_get_data (out);
  for (int y = 0; y < h; y++)
    {
      const uint32_t *srow = (const uint32_t *) (const void *) (s + (size_t) y * (size_t) src_stride);
      uint32_t *orow = (uint32_t *) (void *) (o + (size_t) y * (size_t) out_stride);

      for (int x = 0; x < w; x++)
        {
          uint32_t p = srow[x];
          uint32_t a = opaque ? 255 : p >> 24;

          orow[x] = scale_byte (a, k[3]) << 24 | scale_byte ((p >> 16) & 0xff, k[0]) << 16
                    | scale_byte ((p >> 8) & 0xff, k[1]) << 8 | scale_byte (p & 0xff, k[2]);
        }
    }
  cairo_surface_mark_dirty (out);
}

/* The image's pattern tinted by rgba: the picture itself for opaque white (no
 * work), else a copy made the first time and redone only when the tint changes. */
static cairo_pattern_t *
tinted_pattern (OssaRenderImage *img, const float rgba[4])
{
  if (rgba[0] >= 1 && rgba[1] >= 1 && rgba[2] >= 1 && rgba[3] >= 1)
    return img->pattern;
  if (img->tinted == NULL)
    {
      img->tinted = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, img->width, img->height);
      if (cairo_surface_status (img->tinted) != CAIRO_STATUS_SUCCESS)
        {
          cairo_surface_destroy (img->tinted);
          img->tinted = NULL;
          return NULL;
        }
      img->tinted_pattern = cairo_pattern_create_for_surface (img->tinted);
      cairo_pattern_set_extend (img->tinted_pattern, CAIRO_EXTEND_PAD);
      cairo_pattern_set_filter (img->tinted_pattern, CAIRO_FILTER_BILINEAR);
    }
  if (!img->tint_valid || memcmp (img->tint, rgba, sizeof img->tint) != 0)
    {
      _ossa_render_tint (img->surface, rgba, img->tinted);
      memcpy (img->tint, rgba, sizeof img->tint);
      img->tint_valid = true;
    }
  return img->tinted_pattern;
}

static void
quad_path (cairo_t *cr, const OssaQuad *q)
{
  cairo_move_to (cr, q->xy[0], q->xy[1]);
  for (int c = 1; c < 4; c++)
    cairo_line_to (cr, q->xy[2 * c], q->xy[2 * c + 1]);
  cairo_close_path (cr);
}

/* The canvas's missing picture (art.frag): its rectangle in translucent red with
 * diagonal stripes across the screen, an outline and a cross, never art. */
static void
draw_placeholder (cairo_t *cr, const OssaQuad *q)
{
  static const double base[3] = { 0.86, 0.2, 0.32 };
  double alpha = q->rgba[3] < 0 ? 0 : q->rgba[3] > 1 ? 1 : q->rgba[3];
  double x0, y0, x1, y1;
  cairo_matrix_t world;

  if (alpha <= 0)
    return;
  cairo_save (cr);
  quad_path (cr, q);
  cairo_clip (cr);
  cairo_get_matrix (cr, &world);
  cairo_identity_matrix (cr);
  cairo_clip_extents (cr, &x0, &y0, &x1, &y1);
  cairo_set_source_rgba (cr, base[0], base[1], base[2], 0.3 * alpha);
  cairo_paint (cr);
  /* stripes 5 px wide every 10 px along x + y, as the shader's fract(), over the
   * 0.3 already there to make 0.6 */
  cairo_set_source_rgba (cr, base[0], base[1], base[2], 0.3 * alpha / (1 - 0.3 * alpha));
  for (double s = floor ((x0 + y0) / 10) * 10; s < x1 + y1; s += 10)
    {
      cairo_move_to (cr, s + 5 - y0, y0);
      cairo_line_to (cr, s + 10 - y0, y0);
      cairo_line_to (cr, s + 10 - y1, y1);
      cairo_line_to (cr, s + 5 - y1, y1);
      cairo_close_path (cr);
    }
  cairo_fill (cr);
  cairo_set_matrix (cr, &world);
  quad_path (cr, q);
  cairo_move_to (cr, q->xy[0], q->xy[1]);
  cairo_line_to (cr, q->xy[4], q->xy[5]);
  cairo_move_to (cr, q->xy[2], q->xy[3]);
  cairo_line_to (cr, q->xy[6], q->xy[7]);
  cairo_identity_matrix (cr);
  cairo_set_line_width (cr, 2.5);
  cairo_set_source_rgba (cr, base[0], base[1], base[2], 0.95 * alpha);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* The box of pixels the picture's rectangle covers under m, clipped to the target;
 * false when none. */
static bool
device_box (const cairo_matrix_t *m, int w, int h, int target_w, int target_h, int box[4])
{
  double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;

  for (int c = 0; c < 4; c++)
    {
      double x = (c & 1) ? w : 0, y = (c & 2) ? h : 0;

      cairo_matrix_transform_point (m, &x, &y);
      x0 = fmin (x0, x), x1 = fmax (x1, x), y0 = fmin (y0, y), y1 = fmax (y1, y);
    }
  if (!(x1 > 0 && y1 > 0 && x0 < target_w && y0 < target_h))
    return false;
  box[0] = (int) fmax (floor (x0), 0);
  box[1] = (int) fmax (floor (y0), 0);
  box[2] = (int) fmin (ceil (x1), target_w);
  box[3] = (int) fmin (ceil (y1), target_h);
  return box[2] > box[0] && box[3] > box[1];
}

/* The picture under m (picture pixels → device pixels), its rectangle's edges
 * antialiased, through the renderer's mask (a plain fill would cost three
 * times as much: see _ossa_render_mask_begin()). */
static void
draw_picture (OssaRenderer *renderer, cairo_t *cr, cairo_pattern_t *pattern,
              const cairo_matrix_t *m, int w, int h)
{
  cairo_t *mc;
  int box[4];

  if (!device_box (m, w, h, renderer->target_width, renderer->target_height, box))
    return;
  mc = _ossa_render_mask_begin (renderer, box);
  cairo_set_matrix (mc, m);
  cairo_rectangle (mc, 0, 0, w, h);
  cairo_fill (mc);
  /* Bilinear, unless the picture shrinks well below its pixels (a thumbnail),
   * where bilinear skips pixels and thin outlines break up: cairo's GOOD filter
   * averages them (slower, and only then). */
  cairo_pattern_set_filter (pattern, fmin (hypot (m->xx, m->yx), hypot (m->xy, m->yy)) < 0.75
                                       ? CAIRO_FILTER_GOOD : CAIRO_FILTER_BILINEAR);
  cairo_save (cr);
  cairo_set_matrix (cr, m);
  cairo_set_source (cr, pattern);
  _ossa_render_mask_end (renderer, cr, box);
  cairo_restore (cr);
}

cairo_t *
_ossa_render_mask_begin (OssaRenderer *renderer, const int box[4])
{
  cairo_t *mc = renderer->mask_cr;

  cairo_identity_matrix (mc);
  cairo_set_operator (mc, CAIRO_OPERATOR_SOURCE);
  cairo_rectangle (mc, box[0], box[1], box[2] - box[0], box[3] - box[1]);
  cairo_set_source_rgba (mc, 0, 0, 0, 0);
  cairo_fill (mc);
  cairo_set_operator (mc, CAIRO_OPERATOR_OVER);
  cairo_set_source_rgba (mc, 0, 0, 0, 1);
  return mc;
}

void
_ossa_render_mask_end (OssaRenderer *renderer, cairo_t *cr, const int box[4])
{
  cairo_surface_flush (renderer->mask);
  cairo_save (cr);
  cairo_identity_matrix (cr);
  cairo_rectangle (cr, box[0], box[1], box[2] - box[0], box[3] - box[1]);
  cairo_clip (cr);
  cairo_mask_surface (cr, renderer->mask, 0, 0);
  cairo_restore (cr);
}

void
_ossa_render_draw_quads (OssaRenderer *renderer, cairo_t *cr)
{
  cairo_matrix_t world;

  cairo_get_matrix (cr, &world);
  for (size_t i = 0; i < renderer->n_quads; i++)
    {
      const OssaQuad *q = &renderer->quads[i];
      OssaRenderImage *img = q->image < renderer->n_images ? &renderer->images[q->image] : NULL;
      cairo_matrix_t picture;
      cairo_pattern_t *pattern;
      double det;

      if (img == NULL || q->rgba[3] <= 0)
        continue;
      if (img->surface == NULL)
        {
          draw_placeholder (cr, q);
          continue;
        }
      /* The picture's pixel (u·W, v·H) lands on the corner with that uv: corner 3
       * is uv (0, 0), its top left; corner 2 (1, 0) ends its first row; corner 0
       * (0, 1) ends its first column. */
      cairo_matrix_init (&picture, (q->xy[4] - q->xy[6]) / img->width,
                         (q->xy[5] - q->xy[7]) / img->width, (q->xy[0] - q->xy[6]) / img->height,
                         (q->xy[1] - q->xy[7]) / img->height, q->xy[6], q->xy[7]);
      det = picture.xx * picture.yy - picture.xy * picture.yx;
      if (!(fabs (det) > 1e-12) || !isfinite (det))
        continue;
      pattern = tinted_pattern (img, q->rgba);
      if (pattern == NULL)
        continue;
      cairo_matrix_multiply (&picture, &picture, &world);
      draw_picture (renderer, cr, pattern, &picture, img->width, img->height);
    }
  cairo_set_matrix (cr, &world);
}
