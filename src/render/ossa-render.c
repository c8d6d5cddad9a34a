/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The renderer's frame: the pose at a time, world → pixels, the background, then
 * the meshes, the art and the bones (the canvas's order), into the caller's pixels;
 * and the plain helpers around it (bounds, fit, un-premultiplying). */
#include "ossa-render-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-ik-pose.h"

static void drop_target (OssaRenderer *renderer);

OssaRenderer *
ossa_renderer_new (const OssaDocument *doc, const char *base_dir, OssaError *err)
{
  OssaRenderer *renderer = calloc (1, sizeof *renderer);
  size_t max_vertices = 0;

  if (renderer == NULL)
    goto no_memory;
  renderer->doc = doc;
  renderer->pose = ossa_pose_new (&doc->skeleton, err);
  if (renderer->pose == NULL)
    goto fail;
  renderer->slots = ossa_slot_pose_new (doc, err);
  if (renderer->slots == NULL)
    goto fail;
  renderer->quads = calloc (doc->n_slots > 0 ? doc->n_slots : 1, sizeof *renderer->quads);
  for (size_t m = 0; m < doc->n_meshes; m++)
    if (doc->meshes[m].n_vertices > max_vertices)
      max_vertices = doc->meshes[m].n_vertices;
  renderer->deformed = calloc (max_vertices > 0 ? 2 * max_vertices : 1, sizeof (float));
  if (renderer->quads == NULL || renderer->deformed == NULL)
    goto no_memory;
  if (!_ossa_render_images_load (renderer, base_dir, err))
    goto fail;
  return renderer;

no_memory:
  ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
fail:
  ossa_renderer_free (renderer);
  return NULL;
}

void
ossa_renderer_free (OssaRenderer *renderer)
{
  if (renderer == NULL)
    return;
  _ossa_render_images_free (renderer);
  drop_target (renderer);
  ossa_pose_free (renderer->pose);
  ossa_slot_pose_free (renderer->slots);
  free (renderer->quads);
  free (renderer->deformed);
  free (renderer);
}

size_t
ossa_renderer_n_missing (const OssaRenderer *renderer)
{
  return renderer->n_missing;
}

const char *
ossa_renderer_missing (const OssaRenderer *renderer, size_t i)
{
  return i < renderer->n_missing ? renderer->missing[i] : NULL;
}

void
_ossa_renderer_pose (OssaRenderer *renderer, const OssaAnimation *anim, float t)
{
  const OssaDocument *doc = renderer->doc;

  if (anim != NULL)
    ossa_pose_sample (renderer->pose, anim, &doc->skeleton, t);
  else
    ossa_pose_set_rest (renderer->pose, &doc->skeleton);
  ossa_pose_update_world (renderer->pose, &doc->skeleton);
  /* IK after FK, as the runtime plays it (DESIGN.md "Inverse kinematics"). */
  ossa_pose_apply_ik (renderer->pose, doc, anim, t);
  ossa_slot_pose_sample (renderer->slots, doc, anim, t);
  renderer->n_quads = ossa_slot_pose_fill_quads (renderer->slots, renderer->pose->world,
                                                 renderer->quads, doc->n_slots);
  if (renderer->n_quads > doc->n_slots)
    renderer->n_quads = doc->n_slots;
}

OssaRenderBounds
ossa_renderer_bounds (OssaRenderer *renderer, const OssaAnimation *anim, float t, bool bones)
{
  OssaRenderBounds b = { INFINITY, INFINITY, -INFINITY, -INFINITY };

  _ossa_renderer_pose (renderer, anim, t);
  for (size_t q = 0; q < renderer->n_quads; q++)
    for (int c = 0; c < 4; c++)
      _ossa_render_bounds_add (&b, renderer->quads[q].xy[2 * c], renderer->quads[q].xy[2 * c + 1]);
  _ossa_render_mesh_bounds (renderer, &b);
  if (bones)
    _ossa_render_bone_bounds (renderer, &b);
  if (!(b.x0 <= b.x1 && b.y0 <= b.y1))
    return (OssaRenderBounds) { 1, 1, 0, 0 };
  return b;
}

static bool
check_view (const OssaRenderView *view, const uint8_t *pixels, int stride, OssaError *err)
{
  if (view->width < 1 || view->height < 1 || view->width > OSSA_RENDER_MAX_SIZE
      || view->height > OSSA_RENDER_MAX_SIZE)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "a picture of %d×%d pixels: each side must be 1 to %d",
                      view->width, view->height, OSSA_RENDER_MAX_SIZE);
      return false;
    }
  if (!(view->scale > 0) || !isfinite (view->scale) || !isfinite (view->center_x)
      || !isfinite (view->center_y))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "a scale of %g around (%g, %g): it must be a number over 0",
                      (double) view->scale, (double) view->center_x, (double) view->center_y);
      return false;
    }
  if (pixels == NULL || stride < 4 * view->width || stride % 4 != 0)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "pixels with %d bytes a row for %d pixels", stride,
                      view->width);
      return false;
    }
  return true;
}

static void
drop_target (OssaRenderer *renderer)
{
  if (renderer->cr != NULL)
    cairo_destroy (renderer->cr);
  if (renderer->target != NULL)
    cairo_surface_destroy (renderer->target);
  if (renderer->mask_cr != NULL)
    cairo_destroy (renderer->mask_cr);
  if (renderer->mask != NULL)
    cairo_surface_destroy (renderer->mask);
  renderer->cr = renderer->mask_cr = NULL;
  renderer->target = renderer->mask = NULL;
  renderer->target_pixels = NULL;
}

/* A cairo context on the caller's pixels, the same one while they stay put, and
 * the coverage mask beside it (kept while the size stays). */
static cairo_t *
target_context (OssaRenderer *renderer, const OssaRenderView *view, uint8_t *pixels, int stride,
                OssaError *err)
{
  if (renderer->cr != NULL && renderer->target_pixels == pixels
      && renderer->target_width == view->width && renderer->target_height == view->height
      && renderer->target_stride == stride)
    return renderer->cr;
  if (renderer->mask != NULL && (renderer->target_width != view->width
                                 || renderer->target_height != view->height))
    drop_target (renderer);
  if (renderer->cr != NULL)
    cairo_destroy (renderer->cr);
  if (renderer->target != NULL)
    cairo_surface_destroy (renderer->target);
  renderer->target = cairo_image_surface_create_for_data (pixels, CAIRO_FORMAT_ARGB32, view->width,
                                                          view->height, stride);
  renderer->cr = cairo_create (renderer->target);
  if (renderer->mask == NULL)
    {
      renderer->mask = cairo_image_surface_create (CAIRO_FORMAT_A8, view->width, view->height);
      renderer->mask_cr = cairo_create (renderer->mask);
    }
  if (cairo_status (renderer->cr) != CAIRO_STATUS_SUCCESS
      || cairo_status (renderer->mask_cr) != CAIRO_STATUS_SUCCESS)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "drawing: %s",
                      cairo_status_to_string (cairo_status (renderer->cr) != CAIRO_STATUS_SUCCESS
                                                ? cairo_status (renderer->cr)
                                                : cairo_status (renderer->mask_cr)));
      drop_target (renderer);
      return NULL;
    }
  renderer->target_pixels = pixels;
  renderer->target_width = view->width;
  renderer->target_height = view->height;
  renderer->target_stride = stride;
  return renderer->cr;
}

static void
fill_background (uint32_t background, const OssaRenderView *view, uint8_t *pixels, int stride,
                 cairo_t *cr)
{
  double a = (background & 0xff) / 255.0;

  if ((background & 0xff) == 0)
    {
      for (int y = 0; y < view->height; y++)
        memset (pixels + (size_t) y * (size_t) stride, 0, 4 * (size_t) view->width);
      return;
    }
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  cairo_set_source_rgba (cr, (background >> 24) / 255.0, ((background >> 16) & 0xff) / 255.0,
                         ((background >> 8) & 0xff) / 255.0, a);
  cairo_paint (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
}

bool
ossa_renderer_draw (OssaRenderer *renderer, const OssaAnimation *anim, float t,
                    const OssaRenderView *view, uint8_t *pixels, int stride, OssaError *err)
{
  cairo_t *cr;
  cairo_matrix_t world;

  if (!check_view (view, pixels, stride, err))
    return false;
  cr = target_context (renderer, view, pixels, stride, err);
  if (cr == NULL)
    return false;
  cairo_save (cr);
  fill_background (view->background, view, pixels, stride, cr);
  /* world y is up, pixel rows go down */
  cairo_matrix_init (&world, view->scale, 0, 0, -view->scale,
                     view->width / 2.0 - (double) view->center_x * view->scale,
                     view->height / 2.0 + (double) view->center_y * view->scale);
  cairo_set_matrix (cr, &world);
  _ossa_renderer_pose (renderer, anim, t);
  _ossa_render_draw_meshes (renderer, cr);
  _ossa_render_draw_quads (renderer, cr);
  if (view->bones)
    _ossa_render_draw_bones (renderer, cr, view);
  cairo_restore (cr);
  cairo_surface_flush (renderer->target);
  if (cairo_status (cr) != CAIRO_STATUS_SUCCESS
      || cairo_status (renderer->mask_cr) != CAIRO_STATUS_SUCCESS)
    {
      cairo_status_t status = cairo_status (cr) != CAIRO_STATUS_SUCCESS
                                ? cairo_status (cr) : cairo_status (renderer->mask_cr);

      ossa_error_set (err, status == CAIRO_STATUS_NO_MEMORY ? OSSA_ERROR_NO_MEMORY
                                                            : OSSA_ERROR_INVALID,
                      "drawing: %s", cairo_status_to_string (status));
      /* a cairo context stays in error: the next frame starts afresh */
      drop_target (renderer);
      return false;
    }
  return true;
}

OssaRenderBounds
ossa_render_bounds_union (OssaRenderBounds a, OssaRenderBounds b)
{
  if (ossa_render_bounds_empty (a))
    return b;
  if (ossa_render_bounds_empty (b))
    return a;
  return (OssaRenderBounds) { fminf (a.x0, b.x0), fminf (a.y0, b.y0), fmaxf (a.x1, b.x1),
                              fmaxf (a.y1, b.y1) };
}

bool
ossa_render_bounds_empty (OssaRenderBounds b)
{
  return !(b.x0 <= b.x1 && b.y0 <= b.y1);
}

void
ossa_render_view_fit (OssaRenderView *view, OssaRenderBounds bounds, float margin)
{
  double w, h, room_w, room_h, scale;

  if (ossa_render_bounds_empty (bounds))
    {
      view->scale = 1;
      view->center_x = view->center_y = 0;
      return;
    }
  if (!(margin >= 0))
    margin = 0;
  w = (double) bounds.x1 - bounds.x0;
  h = (double) bounds.y1 - bounds.y0;
  room_w = fmax (view->width - 2.0 * margin, 1.0);
  room_h = fmax (view->height - 2.0 * margin, 1.0);
  if (w > 0 && h > 0)
    scale = fmin (room_w / w, room_h / h);
  else if (w > 0)
    scale = room_w / w;
  else if (h > 0)
    scale = room_h / h;
  else
    scale = 1;
  view->scale = (float) scale;
  view->center_x = (float) (0.5 * ((double) bounds.x0 + bounds.x1));
  view->center_y = (float) (0.5 * ((double) bounds.y0 + bounds.y1));
}

void
ossa_render_to_rgba (const uint8_t *argb, int stride, int width, int height, uint8_t *out)
{
  for (int y = 0; y < height; y++)
    {
      const uint32_t *row = (const uint32_t *) (const void *) (argb + (size_t) y * (size_t) stride);
      uint8_t *o = out + 4 * (size_t) y * (size_t) width;

      for (int x = 0; x < width; x++, o += 4)
        {
          uint32_t p = row[x];
          uint32_t a = p >> 24;

          if (a == 255)
            {
              o[0] = (uint8_t) (p >> 16);
              o[1] = (uint8_t) (p >> 8);
              o[2] = (uint8_t) p;
              o[3] = 255;
            }
          else if (a == 0)
            o[0] = o[1] = o[2] = o[3] = 0;
          else
            {
              /* round (c · 255 / a); premultiplied c ≤ a, clamped for bad input */
              uint32_t r = (((p >> 16) & 0xff) * 255 + a / 2) / a;
              uint32_t g = (((p >> 8) & 0xff) * 255 + a / 2) / a;
              uint32_t b = ((p & 0xff) * 255 + a / 2) / a;

              o[0] = (uint8_t) (r > 255 ? 255 : r);
              o[1] = (uint8_t) (g > 255 ? 255 : g);
              o[2] = (uint8_t) (b > 255 ? 255 : b);
              o[3] = (uint8_t) a;
            }
        }
    }
}
