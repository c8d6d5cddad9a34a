/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-export-preview"

#include "config.h"

#include <math.h>

#include <cairo.h>

#include "ossa-export-preview.h"

/* A side in pixels, as the export job clamps it. */
static int
clamp_side (double side)
{
  if (!(side >= 1))
    return 1;
  return (int) MIN (ceil (side), OSSA_RENDER_MAX_SIZE);
}

/**
 * ossa_export_preview_view:
 * @view: (out caller-allocates): the frame's size, scale and centre
 *
 * scale 0 fits the bounds of every frame into width × height with the margin;
 * a scale with a size of 0 × 0 makes the size the bounds × scale plus the margin
 * on both sides; both together centre the bounds at that scale.
 */
void
ossa_export_preview_view (OssaRenderer             *renderer,
                          const OssaAnimation      *anim,
                          const OssaFrameRange     *range,
                          const OssaExportSettings *settings,
                          OssaRenderView           *view)
{
  OssaRenderBounds bounds = ossa_renderer_range_bounds (renderer, anim, range, settings->bones);
  gboolean empty = ossa_render_bounds_empty (bounds);

  *view = (OssaRenderView) {
    .width = settings->width,
    .height = settings->height,
    .scale = settings->scale,
    .background = settings->background,
    .bones = settings->bones,
  };
  if (settings->scale <= 0)
    {
      view->width = clamp_side (settings->width);
      view->height = clamp_side (settings->height);
      ossa_render_view_fit (view, bounds, settings->margin);
      return;
    }
  view->center_x = empty ? 0 : (bounds.x0 + bounds.x1) / 2;
  view->center_y = empty ? 0 : (bounds.y0 + bounds.y1) / 2;
  if (settings->width <= 0 || settings->height <= 0)
    {
      double w = empty ? 0 : (bounds.x1 - bounds.x0) * settings->scale;
      double h = empty ? 0 : (bounds.y1 - bounds.y0) * settings->scale;

      view->width = clamp_side (w + 2.0 * settings->margin);
      view->height = clamp_side (h + 2.0 * settings->margin);
    }
}

static void
free_surface_data (gpointer data)
{
  cairo_surface_destroy (data);
}

/**
 * ossa_export_preview_draw:
 *
 * Returns: (transfer full) (nullable): premultiplied pixels, as the export draws them
 */
GdkTexture *
ossa_export_preview_draw (OssaRenderer          *renderer,
                          const OssaAnimation   *anim,
                          const OssaFrameRange  *range,
                          const OssaRenderView  *view,
                          int                    max_side,
                          GError               **error)
{
  OssaRenderView small = *view;
  double k = MIN (1.0, (double) max_side / MAX (view->width, view->height));
  cairo_surface_t *surface;
  g_autoptr(GBytes) bytes = NULL;
  OssaError err;
  int stride;

  small.width = MAX (1, (int) lround (view->width * k));
  small.height = MAX (1, (int) lround (view->height * k));
  small.scale = (float) (view->scale * k);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, small.width, small.height);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, "out of memory");
      cairo_surface_destroy (surface);
      return NULL;
    }
  cairo_surface_flush (surface);
  stride = cairo_image_surface_get_stride (surface);
  ossa_error_clear (&err);
  if (!ossa_renderer_draw (renderer, anim, ossa_frame_range_time (range, 0), &small,
                           cairo_image_surface_get_data (surface), stride, &err))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, err.message);
      cairo_surface_destroy (surface);
      return NULL;
    }
  cairo_surface_mark_dirty (surface);
  /* The texture keeps the surface's pixels; cairo's ARGB32 is GDK's default. */
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) stride * (gsize) small.height,
                                      free_surface_data, surface);
  return gdk_memory_texture_new (small.width, small.height, GDK_MEMORY_DEFAULT, bytes,
                                 (gsize) stride);
}
