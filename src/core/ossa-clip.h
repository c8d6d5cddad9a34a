/* SPDX-License-Identifier: MIT */
/* The runtime clip a game samples every frame, and its playback cursors. A clip
 * owns all it holds (ossa_clip_free()), a cursor its state
 * (ossa_clip_cursor_free()); neither keeps a pointer into what it was built from. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "ossa-api.h"
#include "ossa-animation.h"
#include "ossa-error.h"
#include "ossa-math.h"
#include "ossa-skeleton.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The runtime form of one animation bound to one skeleton: what a game samples
 * every frame. Built once from the editable OssaAnimation (like ozz's offline →
 * runtime step); read-only afterwards and shareable between instances and threads.
 * Sampling gives the same values as ossa_animation_sample_pose() + 
 * ossa_pose_compute_world(), without allocating and without searching from scratch. */
typedef struct OssaClip OssaClip;

/* Per-instance playback state (which key each track was at last time). One per
 * playing instance; optional: sampling without one is a random seek. */
typedef struct OssaClipCursor OssaClipCursor;

/* Builds a clip; NULL with err set when anim does not validate against skel or
 * memory runs out. The clip keeps no pointer into anim or skel. */
OSSA_API OssaClip *ossa_clip_new (const OssaAnimation *anim, const OssaSkeleton *skel, OssaError *err);
OSSA_API void ossa_clip_free (OssaClip *clip);

OSSA_API size_t ossa_clip_n_bones (const OssaClip *clip);
OSSA_API float ossa_clip_duration (const OssaClip *clip);

/* Bytes the clip holds (its key data in playback and seek order, tables, bones). */
OSSA_API size_t ossa_clip_size (const OssaClip *clip);

OSSA_API OssaClipCursor *ossa_clip_cursor_new (const OssaClip *clip);
OSSA_API void ossa_clip_cursor_free (OssaClipCursor *cursor);

/* Local pose at t into local[n_bones]. cursor may be NULL. */
OSSA_API void ossa_clip_sample (const OssaClip *clip, float t, OssaClipCursor *cursor,
                                OssaTransform *local);

/* Local pose and world matrices at t in one pass (local and world hold n_bones). */
OSSA_API void ossa_clip_sample_world (const OssaClip *clip, float t, OssaClipCursor *cursor,
                                      OssaTransform *local, OssaXform *world);

#ifdef __cplusplus
}
#endif
