/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Which frames an export draws: the animation's times at a frame rate between two
 * marks, the marks as a person types them, and the bounds over all the frames. */
#include "ossa-render-frames.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Past this many frames a second an export is a mistake, not a wish. */
#define MAX_FPS 1000.0
/* How far from a frame's time still counts as on it (float times). */
#define EPSILON 1e-3

static void
describe (OssaFrameMark mark, char *buf, size_t size)
{
  if (mark.in_seconds)
    snprintf (buf, size, "%gs", mark.value);
  else
    snprintf (buf, size, "frame %g", mark.value);
}

bool
ossa_frame_range_make (const OssaAnimation *anim, float fps, OssaFrameMark from,
                       OssaFrameMark to, OssaFrameRange *range, OssaError *err)
{
  double rate, duration, end, t0, t1, n;
  const char *name = anim != NULL && anim->name != NULL ? anim->name : "";
  char a[64], b[64];

  if (isnan (fps) || fps < 0 || (fps == 0 && anim != NULL && !(anim->fps > 0)))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "a frame rate of %g: it must be a number over 0",
                      (double) fps);
      return false;
    }
  rate = fps > 0 ? fps : anim != NULL ? anim->fps : 30;
  if (rate > MAX_FPS)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "a frame rate of %g: at most %g frames a second",
                      rate, MAX_FPS);
      return false;
    }
  range->fps = (float) rate;
  range->first = 0;
  range->n_frames = 1;
  range->duration = (float) (1 / rate);
  range->loop = anim != NULL && anim->loop;
  if (anim == NULL)
    return true;
  duration = anim->duration > 0 ? anim->duration : 0;
  t0 = !from.set ? 0 : from.in_seconds ? from.value : from.value / rate;
  t1 = !to.set ? duration : to.in_seconds ? to.value : to.value / rate;
  /* the end, in frames at this rate: where a frame mark may still point */
  end = round (duration * rate);
  if ((from.set && !(from.value >= 0)) || (from.set && t0 > duration + EPSILON / rate)
      || (to.set && !(to.value >= 0)) || (to.set && t1 > duration + EPSILON / rate))
    {
      const OssaFrameMark *bad = from.set && !(from.value >= 0 && t0 <= duration + EPSILON / rate)
                                   ? &from : &to;

      describe (*bad, a, sizeof a);
      ossa_error_set (err, OSSA_ERROR_INVALID,
                      "--%s %s is outside \"%s\", which runs from frame 0 to frame %g (%gs at %g fps)",
                      bad == &from ? "from" : "to", a, name, end, duration, rate);
      return false;
    }
  if (t1 < t0 - EPSILON / rate)
    {
      describe (from, a, sizeof a);
      describe (to, b, sizeof b);
      ossa_error_set (err, OSSA_ERROR_INVALID,
                      "--from %s comes after --to %s in \"%s\": the range runs backwards", a, b,
                      name);
      return false;
    }
  if (range->loop && !to.set)
    /* the end is the start again: left out */
    n = ceil ((duration - t0) * rate - EPSILON);
  else if (!to.set)
    /* ends on the end pose, also when the length is not a whole number of
     * frames (the last frame's time is then past the end, which samples as the
     * end) */
    n = ceil ((t1 - t0) * rate - EPSILON) + 1;
  else
    n = floor ((t1 - t0) * rate + EPSILON) + 1;
  range->first = (float) t0;
  range->n_frames = n >= 1 ? (size_t) n : 1;
  range->duration = (float) ((double) range->n_frames / rate);
  return true;
}

float
ossa_frame_range_time (const OssaFrameRange *range, size_t i)
{
  return (float) ((double) range->first + (double) i / range->fps);
}

bool
ossa_frame_mark_parse (const char *text, OssaFrameMark *mark)
{
  const char *p = text;
  bool seconds, dot = false, digits = false;
  char *end;
  double value;

  mark->set = false;
  mark->in_seconds = false;
  mark->value = 0;
  if (text == NULL)
    return false;
  /* digits, and for seconds an optional fraction: "12", "0.5s", "2s" */
  for (; *p != '\0'; p++)
    {
      if (*p >= '0' && *p <= '9')
        digits = true;
      else if (*p == '.' && !dot)
        dot = true;
      else
        break;
    }
  seconds = p[0] == 's' && p[1] == '\0';
  if (!digits || (!seconds && *p != '\0') || (dot && !seconds))
    return false;
  value = strtod (text, &end);
  if (end != p || !isfinite (value))
    return false;
  mark->set = true;
  mark->in_seconds = seconds;
  mark->value = value;
  return true;
}

OssaRenderBounds
ossa_renderer_range_bounds (OssaRenderer *renderer, const OssaAnimation *anim,
                            const OssaFrameRange *range, bool bones)
{
  OssaRenderBounds b = { 1, 1, 0, 0 };

  for (size_t i = 0; i < range->n_frames; i++)
    b = ossa_render_bounds_union (b, ossa_renderer_bounds (renderer, anim,
                                                           ossa_frame_range_time (range, i), bones));
  return b;
}
