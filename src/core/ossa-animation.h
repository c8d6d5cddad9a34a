/* SPDX-License-Identifier: MIT */
/* Editable animations: keys, tracks of keys on one bone channel, and animations
 * of tracks, with sampling. An OssaAnimation owns its name and tracks, a track its
 * key columns; ossa_animation_clear() and ossa_track_clear() release them. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "ossa-api.h"
#include "ossa-art.h"
#include "ossa-error.h"
#include "ossa-ik.h"
#include "ossa-interp.h"
#include "ossa-math.h"
#include "ossa-skeleton.h"
#include "ossa-types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One key: an absolute local value at a time, and how the segment that starts here
 * reaches the next key. curve is used by BEZIER, spin and turns by ROTATE tracks.
 * The value callers pass in and get out; tracks store keys as columns. */
typedef struct
{
  float      time;    /* seconds */
  float      value;   /* radians for ROTATE, units or scale factors otherwise */
  OssaInterp interp;
  OssaCurve  curve;
  OssaSpin   spin;
  uint32_t   turns;
} OssaKey;

/* One channel of one bone, its keys as columns like the file's (DESIGN.md): most
 * keys are LINEAR, SHORTEST and turn 0, so those columns are left out (NULL) until
 * a key needs them, and sampling reads contiguous times. Every present column
 * holds capacity entries. Read keys with ossa_track_get_key() and change them with
 * the functions below, which keep the columns in step. */
typedef struct
{
  uint32_t    bone;
  OssaChannel channel;
  size_t      n_keys, capacity;
  float      *times;    /* strictly increasing */
  float      *values;
  uint8_t    *interp;   /* OssaInterp per key, or NULL = all LINEAR */
  OssaCurve  *curves;   /* per key (used by BEZIER keys), or NULL = all default (OSSA_CURVE_EASE) */
  uint8_t    *spin;     /* OssaSpin per key, or NULL = all SHORTEST */
  uint32_t   *turns;    /* per key, or NULL = all 0 */
} OssaTrack;

typedef struct
{
  char      *name;       /* owned, UTF-8 */
  float      duration;   /* seconds, >= 0 */
  bool       loop;
  float      fps;        /* > 0, for snapping */
  OssaTrack *tracks;
  size_t     n_tracks;
  size_t     capacity;
  OssaSlotTrack    *slot_tracks;  /* art: at most one per (slot, channel) */
  size_t            n_slot_tracks;
  OssaDrawOrderKey *draw_order;   /* art: sorted by strictly increasing time */
  size_t            n_draw_order;
  OssaIkTrack      *ik_tracks;    /* IK: at most one per constraint, sorted by constraint */
  size_t            n_ik_tracks;
} OssaAnimation;

/* A LINEAR key with default curve, SHORTEST spin and no turns. */
OSSA_API OssaKey ossa_key_make (float time, float value);

OSSA_API void ossa_track_init (OssaTrack *track, uint32_t bone, OssaChannel channel);
OSSA_API void ossa_track_clear (OssaTrack *track);
OSSA_API bool ossa_track_copy (OssaTrack *dst, const OssaTrack *src);

/* Key index (< n_keys) gathered from the columns, absent ones giving defaults. */
OSSA_API OssaKey ossa_track_get_key (const OssaTrack *track, size_t index);

/* Index of the key at exactly time, or -1. */
OSSA_API ssize_t ossa_track_find_key (const OssaTrack *track, float time);

/* Index of the last key with time <= t, or -1 when t is before the first key. */
OSSA_API ssize_t ossa_track_key_before (const OssaTrack *track, float t);

/* Inserts key in time order, or replaces the key already at that time. Returns its
 * index, or -1 with err set (time not finite or out of memory). Fields are stored
 * as given, unchecked: ossa_track_validate() says whether they make sense. */
OSSA_API ssize_t ossa_track_set_key (OssaTrack *track, const OssaKey *key, OssaError *err);

OSSA_API bool ossa_track_remove_key (OssaTrack *track, size_t index, OssaError *err);

/* Gives key index a new time, moving it among the others as needed. Refuses (with
 * OSSA_ERROR_CONFLICT) when another key already sits at that time. Returns the key's
 * new index or -1. */
OSSA_API ssize_t ossa_track_move_key (OssaTrack *track, size_t index, float time, OssaError *err);

/* The track's value at t: clamped before the first and after the last key, else
 * the segment of the key before t, eased by its interpolation and, on ROTATE
 * tracks, turning by its spin. Absolute: depends on t alone. NAN for no keys. */
OSSA_API float ossa_track_sample (const OssaTrack *track, float t);

/* Checks key order, finite values, enum ranges, curve x in [0,1], turns limit. */
OSSA_API bool ossa_track_validate (const OssaTrack *track, OssaError *err);

OSSA_API bool ossa_animation_init (OssaAnimation *anim, const char *name);
OSSA_API void ossa_animation_clear (OssaAnimation *anim);
OSSA_API bool ossa_animation_copy (OssaAnimation *dst, const OssaAnimation *src);

/* The track for (bone, channel), or NULL. */
OSSA_API OssaTrack *ossa_animation_find_track (const OssaAnimation *anim, uint32_t bone,
                                               OssaChannel channel);

/* The track for (bone, channel), created empty when missing; NULL on out of memory.
 * May move other tracks in memory. */
OSSA_API OssaTrack *ossa_animation_ensure_track (OssaAnimation *anim, uint32_t bone,
                                                 OssaChannel channel);

OSSA_API void ossa_animation_remove_track (OssaAnimation *anim, size_t index);

/* Renumbers track bones after a skeleton change: remap[old] is the new index or -1
 * (tracks of such bones are dropped). n_old is the bone count before the change. */
OSSA_API void ossa_animation_remap_bones (OssaAnimation *anim, const ssize_t *remap, size_t n_old);

/* The local pose at t: rest transforms, overwritten channel by channel by the
 * animation's tracks. local has skel->n_bones entries. anim may be NULL (rest). */
OSSA_API void ossa_animation_sample_pose (const OssaAnimation *anim, const OssaSkeleton *skel,
                                          float t, OssaTransform *local);

/* Checks name, duration, fps and every track against a skeleton of n_bones bones,
 * including one track per (bone, channel) at most. */
OSSA_API bool ossa_animation_validate (const OssaAnimation *anim, size_t n_bones, OssaError *err);

/* The largest key time over all tracks, slot tracks, draw-order keys and IK tracks
 * (0 when there are none). */
OSSA_API float ossa_animation_last_key_time (const OssaAnimation *anim);

/* Keys over all tracks. */
OSSA_API size_t ossa_animation_n_keys (const OssaAnimation *anim);

/* Sets one channel of a transform. */
OSSA_API void ossa_transform_set_channel (OssaTransform *t, OssaChannel channel, float value);
OSSA_API float ossa_transform_get_channel (const OssaTransform *t, OssaChannel channel);

#ifdef __cplusplus
}
#endif
