/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "ossa-animation.h"
#include "ossa-math.h"
#include "ossa-segment.h"
#include "ossa-skeleton.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The interpolation preview on the canvas, without GL or GTK: the segments
 * (OssaSegment, ossa-segment.h) of the onion skin's ghost poses and of the motion
 * path, written into the caller's arrays. */

/* One segment per bone, joint to tip, of the pose with world matrices world. */
void   ossa_preview_pose_segments (const OssaSkeleton *skel, const OssaXform *world,
                                   const uint8_t color[4], float width, OssaSegment *out);

/* Where bone's tip is at n_samples times evenly spread over [t0, t1] (t1 included
 * when n_samples > 1) of anim, into xy (2 × n_samples floats). Only the bone and
 * its ancestors are sampled, so a long path on a large rig stays cheap. Returns
 * n_samples, or 0 when bone is out of range. */
size_t ossa_preview_tip_path      (const OssaSkeleton *skel, const OssaAnimation *anim,
                                   size_t bone, double t0, double t1, size_t n_samples,
                                   float *xy);

/* The times of the ghosts around t: count before and count after, step seconds
 * apart. A looping animation of length end wraps them into [0, end); otherwise
 * those outside [0, end] are left out (NAN). times has 2 × count entries: the
 * ones before, nearest first, then the ones after, nearest first. */
void   ossa_preview_ghost_times   (double t, double step, int count, double end, int loop,
                                   double *times);

/* The narrowest ghost, in logical pixels: still a readable line at 100 %. */
#define OSSA_PREVIEW_GHOST_MIN_WIDTH 4.0f

/* How the onion skin draws ghost k (0 the nearest) of the count on one side of
 * the playhead: after FALSE, the past, in red; TRUE, the future, in green (as
 * Blender and Spine tell them apart); the farther from the playhead, the fainter
 * and the narrower, down to OSSA_PREVIEW_GHOST_MIN_WIDTH. RGBA into color. */
void   ossa_preview_ghost_style   (int after, int k, int count, uint8_t color[4], float *width);

#ifdef __cplusplus
}
#endif
