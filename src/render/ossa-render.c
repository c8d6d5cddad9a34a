/* SPDX-License-Identifier: GPL-3.0-or-later */
/* STUB until the renderer lands: draws nothing, bounds are empty. */
#include "ossa-render.h"

#include <stdlib.h>
#include <string.h>

struct OssaRenderer
{
  const OssaDocument *doc;
};

OssaRenderer *
ossa_renderer_new (const OssaDocument *doc, const char *base_dir, OssaError *err)
{
  OssaRenderer *renderer = calloc (1, sizeof *renderer);

  (void) base_dir;
  if (renderer == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return NULL;
    }
  renderer->doc = doc;
  return renderer;
}

void
ossa_renderer_free (OssaRenderer *renderer)
{
  free (renderer);
}

size_t
ossa_renderer_n_missing (const OssaRenderer *renderer)
{
  (void) renderer;
  return 0;
}

const char *
ossa_renderer_missing (const OssaRenderer *renderer, size_t i)
{
  (void) renderer;
  (void) i;
  return NULL;
}

OssaRenderBounds
ossa_renderer_bounds (OssaRenderer *renderer, const OssaAnimation *anim, float t, bool bones)
{
  (void) renderer;
  (void) anim;
  (void) t;
  (void) bones;
  return (OssaRenderBounds) { 1, 1, 0, 0 };
}

bool
ossa_renderer_draw (OssaRenderer *renderer, const OssaAnimation *anim, float t,
                    const OssaRenderView *view, uint8_t *pixels, int stride, OssaError *err)
{
  (void) renderer;
  (void) anim;
  (void) t;
  (void) err;
  for (int y = 0; y < view->height; y++)
    memset (pixels + (size_t) y * (size_t) stride, 0, 4 * (size_t) view->width);
  return true;
}

OssaRenderBounds
ossa_render_bounds_union (OssaRenderBounds a, OssaRenderBounds b)
{
  (void) b;
  return a;
}

bool
ossa_render_bounds_empty (OssaRenderBounds b)
{
  return b.x0 > b.x1 || b.y0 > b.y1;
}

void
ossa_render_view_fit (OssaRenderView *view, OssaRenderBounds bounds, float margin)
{
  (void) bounds;
  (void) margin;
  view->scale = 1;
  view->center_x = view->center_y = 0;
}

void
ossa_render_to_rgba (const uint8_t *argb, int stride, int width, int height, uint8_t *out)
{
  (void) argb;
  (void) stride;
  memset (out, 0, 4 * (size_t) width * (size_t) height);
}
