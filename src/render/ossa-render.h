/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The renderer: a document's pose at a time drawn into an RGBA picture with cairo
 * (image attachments, SMD meshes, and bones when asked), shared by `ossa-cli
 * render`, the editor's Export Animation and the thumbnailer. This layer depends on
 * the core and cairo only (no GLib). The caller owns an OssaRenderer
 * (ossa_renderer_free()) and the pixels it draws into; the document is only read
 * and must outlive the renderer unchanged. One renderer is used by one thread at a
 * time; several renderers may share one document across threads. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ossa-animation.h"
#include "ossa-document.h"
#include "ossa-error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The largest picture side the renderer draws, and `--size` accepts. */
#define OSSA_RENDER_MAX_SIZE 16384

/* A box in world units (y up). Empty when x0 > x1. */
typedef struct
{
  float x0, y0, x1, y1;
} OssaRenderBounds;

/* What one picture shows and how big it is. */
typedef struct
{
  int      width, height;      /* pixels, 1 … OSSA_RENDER_MAX_SIZE */
  float    scale;              /* pixels per world unit, > 0 */
  float    center_x, center_y; /* the world point at the picture's centre */
  uint32_t background;         /* RGBA, R in the high byte, straight alpha; 0 = transparent */
  bool     bones;              /* draw bones and joints over the art, as the canvas does */
} OssaRenderView;

typedef struct OssaRenderer OssaRenderer;

/* A renderer for doc. Every image is decoded now: its embedded bytes, or its path
 * (absolute, or relative to base_dir; base_dir NULL = the current folder). An image
 * that cannot be read is drawn as a placeholder (its rectangle, hatched) and listed
 * by ossa_renderer_missing(). NULL with err only on out of memory. */
OssaRenderer *ossa_renderer_new (const OssaDocument *doc, const char *base_dir, OssaError *err);
void ossa_renderer_free (OssaRenderer *renderer);

/* The images that could not be read, each as "NAME: PATH: reason", i < n_missing. */
size_t      ossa_renderer_n_missing (const OssaRenderer *renderer);
const char *ossa_renderer_missing (const OssaRenderer *renderer, size_t i);

/* The world bounds of what a frame of anim (NULL: the rest pose) at t draws:
 * attachments' quads, meshes' vertices, and with bones the bones and joints. */
OssaRenderBounds ossa_renderer_bounds (OssaRenderer *renderer, const OssaAnimation *anim,
                                       float t, bool bones);

/* Draws anim (NULL: the rest pose) at t as view says into pixels: view->width ×
 * view->height premultiplied ARGB32 in native byte order (cairo's
 * CAIRO_FORMAT_ARGB32), stride bytes a row (>= 4 × width). Everything is drawn
 * over the background; with a transparent background, pixels nothing covers stay
 * (0, 0, 0, 0). Antialiased; attachments affine, tinted by their slot's colour, in
 * draw order. False with err on a bad view (sizes, NaN scale). Never allocates
 * after the first call at a given size (the renderer's own buffers and cairo
 * surfaces; cairo's rasteriser takes a few KiB from malloc for a fill and gives
 * them back). */
bool ossa_renderer_draw (OssaRenderer *renderer, const OssaAnimation *anim, float t,
                         const OssaRenderView *view, uint8_t *pixels, int stride,
                         OssaError *err);

/* The colour (RGBA, R in the high byte) an SMD material's triangles are drawn in,
 * here and on the editor's canvas: picked from a palette by the name's hash, so a
 * material keeps its colour; NULL or "" is the neutral grey. */
uint32_t ossa_render_material_color (const char *material);

/* The union of two boxes, and whether a box is empty. */
OssaRenderBounds ossa_render_bounds_union (OssaRenderBounds a, OssaRenderBounds b);
bool             ossa_render_bounds_empty (OssaRenderBounds b);

/* Sets view's scale and centre so that bounds, plus margin pixels on every side,
 * fill view->width × view->height (the tighter side decides). Empty bounds: scale 1
 * around the origin. */
void ossa_render_view_fit (OssaRenderView *view, OssaRenderBounds bounds, float margin);

/* Premultiplied native ARGB32 rows → straight RGBA bytes (R, G, B, A), as PNG, GIF
 * and image libraries want them. out holds 4 × width × height bytes. */
void ossa_render_to_rgba (const uint8_t *argb, int stride, int width, int height, uint8_t *out);

#ifdef __cplusplus
}
#endif
