/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Inside the renderer: the OssaRenderer struct, its decoded pictures, and the
 * drawing steps each file of src/render/ does (art, meshes, bones). The renderer
 * owns everything here; the document is only read. */
#pragma once

#include <cairo.h>

#include "ossa-art-pose.h"
#include "ossa-pose.h"
#include "ossa-render.h"

/* One of the document's images, decoded once. */
typedef struct
{
  cairo_surface_t *surface;    /* ARGB32 or RGB24; NULL: missing, drawn as a placeholder */
  cairo_pattern_t *pattern;    /* over surface: bilinear, edges padded */
  int              width, height;
  /* The picture × the last tint it was drawn with (made on first use, reused). */
  cairo_surface_t *tinted;
  cairo_pattern_t *tinted_pattern;
  float            tint[4];
  bool             tint_valid;
} OssaRenderImage;

struct OssaRenderer
{
  const OssaDocument *doc;
  OssaRenderImage    *images;
  size_t              n_images;
  char              **missing;      /* "NAME: PATH: reason" */
  size_t              n_missing;
  OssaPose           *pose;
  OssaSlotPose       *slots;
  OssaQuad           *quads;        /* room for every slot */
  size_t              n_quads;      /* filled by the last _ossa_renderer_pose() */
  float              *deformed;     /* room for the largest mesh's vertices */
  /* The caller's pixels as a cairo surface, kept while they stay the same. */
  cairo_surface_t    *target;
  cairo_t            *cr;
  cairo_surface_t    *mask;         /* A8, the target's size: a picture's coverage */
  cairo_t            *mask_cr;
  uint8_t            *target_pixels;
  int                 target_width, target_height, target_stride;
};

/* Puts the pose of anim (NULL: rest) at t into renderer->pose, ->slots and ->quads. */
void _ossa_renderer_pose (OssaRenderer *renderer, const OssaAnimation *anim, float t);

/* A fill with anything but a solid colour (a transformed picture, a gradient)
 * through cairo's image backend composites each row of spans on its own, and
 * pixman clears 24 KiB of scanline buffers for each: three quarters of a frame.
 * So the shape's coverage goes into the renderer's mask (a solid fill, fast) and
 * the source is composited through it over its box (x0, y0, x1, y1 pixels, inside
 * the target) in one call. begin clears the box of the mask and gives its
 * context (identity matrix, opaque source) to fill the shape into; end composites
 * cr's source through it. */
cairo_t *_ossa_render_mask_begin (OssaRenderer *renderer, const int box[4]);
void     _ossa_render_mask_end (OssaRenderer *renderer, cairo_t *cr, const int box[4]);

/* ossa-render-art.c: decodes every image (false only on out of memory), frees them. */
bool _ossa_render_images_load (OssaRenderer *renderer, const char *base_dir, OssaError *err);
void _ossa_render_images_free (OssaRenderer *renderer);
/* Draws renderer->quads onto cr, whose matrix maps world to pixels. */
void _ossa_render_draw_quads (OssaRenderer *renderer, cairo_t *cr);
/* The picture × rgba (straight) into out (same size, ARGB32 premultiplied). */
void _ossa_render_tint (cairo_surface_t *src, const float rgba[4], cairo_surface_t *out);

/* ossa-render-mesh.c: g_str_hash's djb2 without GLib (the material colours'
 * hash), and the meshes drawn. */
uint32_t _ossa_render_str_hash (const char *text);
void     _ossa_render_draw_meshes (OssaRenderer *renderer, cairo_t *cr);
void     _ossa_render_mesh_bounds (OssaRenderer *renderer, OssaRenderBounds *bounds);

/* ossa-render-bones.c: bones and joints as the canvas draws them, in pixels. */
void _ossa_render_draw_bones (OssaRenderer *renderer, cairo_t *cr, const OssaRenderView *view);
void _ossa_render_bone_bounds (OssaRenderer *renderer, OssaRenderBounds *bounds);

/* Grows bounds to hold (x, y). */
static inline void
_ossa_render_bounds_add (OssaRenderBounds *b, float x, float y)
{
  if (x < b->x0)
    b->x0 = x;
  if (x > b->x1)
    b->x1 = x;
  if (y < b->y0)
    b->y0 = y;
  if (y > b->y1)
    b->y1 = y;
}
