/* SPDX-License-Identifier: GPL-3.0-or-later */
/* STUB until the renderer lands: one frame at 0. */
#include "ossa-render-frames.h"

bool
ossa_frame_range_make (const OssaAnimation *anim, float fps, OssaFrameMark from,
                       OssaFrameMark to, OssaFrameRange *range, OssaError *err)
{
  (void) from;
  (void) to;
  (void) err;
  range->fps = fps > 0 ? fps : (anim != NULL ? anim->fps : 30);
  range->first = 0;
  range->n_frames = 1;
  range->duration = 1 / range->fps;
  range->loop = anim != NULL && anim->loop;
  return true;
}

float
ossa_frame_range_time (const OssaFrameRange *range, size_t i)
{
  return range->first + (float) i / range->fps;
}

bool
ossa_frame_mark_parse (const char *text, OssaFrameMark *mark)
{
  (void) text;
  mark->set = false;
  return false;
}

OssaRenderBounds
ossa_renderer_range_bounds (OssaRenderer *renderer, const OssaAnimation *anim,
                            const OssaFrameRange *range, bool bones)
{
  return ossa_renderer_bounds (renderer, anim, range->first, bones);
}
