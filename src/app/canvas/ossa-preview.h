/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "ossa-animation.h"
#include "ossa-document.h"
#include "ossa-math.h"
#include "ossa-pose.h"
#include "ossa-segment.h"
#include "ossa-skeleton.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The interpolation preview on the canvas, without GL or GTK: the segments
 * (OssaSegment, ossa-segment.h) of the onion skin's ghost poses and of the motion
 * path, written into the caller's arrays, both of the pose after the document's IK
 * constraints, as the canvas shows the pose at the playhead. */

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

/* The pose of anim at t as the canvas shows it: sampled, its world matrices, then
 * doc's IK constraints at anim's keys, into pose (the caller's, sized to doc's
 * skeleton). */
void   ossa_preview_sample_pose   (const OssaDocument *doc, const OssaAnimation *anim, double t,
                                   OssaPose *pose);

/* Whether one of doc's IK constraints turns bone or one of its ancestors (and so
 * moves its tip). */
int    ossa_preview_ik_moves_bone (const OssaDocument *doc, size_t bone);

/* As ossa_preview_tip_path(), after doc's IK constraints. When one moves the bone
 * each sample is the whole pose (ossa_preview_sample_pose() into pose, the
 * caller's scratch, sized to the skeleton), so the caller keeps n_samples ×
 * n_bones in bounds; otherwise only the bone's ancestors are sampled and pose is
 * not touched. */
size_t ossa_preview_tip_path_ik   (const OssaDocument *doc, const OssaAnimation *anim,
                                   size_t bone, double t0, double t1, size_t n_samples,
                                   OssaPose *pose, float *xy);

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
