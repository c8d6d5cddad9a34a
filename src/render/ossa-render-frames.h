/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Which frames an export draws: an animation's times at a frame rate, cut to a
 * range, and the bounds of all of them (what `--fit` frames). Plain values; no
 * ownership. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "ossa-animation.h"
#include "ossa-error.h"
#include "ossa-render.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A point of the range as the person gave it: a frame number or seconds. */
typedef struct
{
  bool   set;         /* false: the animation's start (from) or end (to) */
  bool   in_seconds;  /* "0.5s" */
  double value;
} OssaFrameMark;

/* The frames to draw: frame i (0 ≤ i < n_frames) is at time first + i / fps. */
typedef struct
{
  float  fps;
  float  first;      /* seconds */
  size_t n_frames;   /* ≥ 1 */
  float  duration;   /* how long the frames last when played: n_frames / fps */
  bool   loop;       /* the animation loops (a GIF repeats, a sheet is a cycle) */
} OssaFrameRange;

/* The frames of anim at fps (0: the animation's own) between from and to. A
 * looping animation leaves out its last frame (it is the first again); one that
 * does not loop ends on it. anim NULL: one frame of the rest pose. False with err
 * (INVALID) on fps ≤ 0 or NaN, a range outside the animation or backwards. */
bool ossa_frame_range_make (const OssaAnimation *anim, float fps, OssaFrameMark from,
                            OssaFrameMark to, OssaFrameRange *range, OssaError *err);

/* The time of frame i. */
float ossa_frame_range_time (const OssaFrameRange *range, size_t i);

/* Parses "12" (a frame) or "0.5s" (seconds) into mark; false on anything else. */
bool ossa_frame_mark_parse (const char *text, OssaFrameMark *mark);

/* The union of every frame's bounds (ossa_renderer_bounds()) over the range. */
OssaRenderBounds ossa_renderer_range_bounds (OssaRenderer *renderer, const OssaAnimation *anim,
                                             const OssaFrameRange *range, bool bones);

#ifdef __cplusplus
}
#endif
