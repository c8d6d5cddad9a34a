/* SPDX-License-Identifier: MIT */
/* Inverse kinematics (DESIGN.md "Inverse kinematics"): the constraints a document
 * carries and the keys animations hold for them, with their checks and sampling.
 * Their evaluation after FK (shared by the editor, the CLI, the renderer and the
 * runtime) and the chain solver behind the editor's IK drag are in ossa-ik-pose.h.
 * Each struct owns its strings and arrays; the *_clear() functions release them. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "ossa-api.h"
#include "ossa-error.h"
#include "ossa-math.h"
#include "ossa-skeleton.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Most constraints one document may hold (ossa-limits.h keeps the others). */
#define OSSA_MAX_IK_CONSTRAINTS 100000u

/* One constraint: bones[0] alone aims its x axis at target's joint, or bones[0] and
 * its direct child bones[1] bend so that the child's tip reaches it. */
typedef struct
{
  char     *name;           /* unique among the document's constraints, UTF-8, owned */
  uint32_t  bones[2];       /* bones[1] is used only when n_bones == 2 */
  uint32_t  n_bones;        /* 1 or 2 */
  uint32_t  target;         /* neither a bone of any constraint nor below one */
  bool      bend_positive;  /* the elbow on the side where bones[1]'s local rotation is positive */
  float     mix;            /* in [0, 1]: 0 leaves the FK pose, 1 is fully solved */
} OssaIkConstraint;

/* Keys of one constraint, as columns like the file's: mix linear and clamped as
 * bone channels are; bend_positive stepped, NULL when no key sets it. */
typedef struct
{
  uint32_t  constraint;     /* index into the document's constraints */
  size_t    n_keys, capacity;
  float    *times;          /* strictly increasing */
  float    *mix;            /* per key */
  uint8_t  *bend_positive;  /* per key (0 or 1), or NULL = the constraint's own */
} OssaIkTrack;

/* One key of an IK track, as callers pass it in. */
typedef struct
{
  float time;
  float mix;
  bool  has_bend;           /* false: the key leaves bend to the constraint */
  bool  bend_positive;
} OssaIkKey;

/* A constraint's values at one moment. */
typedef struct
{
  float mix;
  bool  bend_positive;
} OssaIkState;

OSSA_API void ossa_ik_constraint_clear (OssaIkConstraint *ik);
/* Deep copy into uninitialised dst; false on out of memory (dst left empty). */
OSSA_API bool ossa_ik_constraint_copy (OssaIkConstraint *dst, const OssaIkConstraint *src);
OSSA_API void ossa_ik_track_init (OssaIkTrack *track, uint32_t constraint);
OSSA_API void ossa_ik_track_clear (OssaIkTrack *track);
OSSA_API bool ossa_ik_track_copy (OssaIkTrack *dst, const OssaIkTrack *src);

/* Inserts a key in time order or replaces the one at that time. Index, or -1 with
 * err (time or mix not finite, out of memory). */
OSSA_API ssize_t ossa_ik_track_set_key (OssaIkTrack *track, const OssaIkKey *key, OssaError *err);
OSSA_API bool    ossa_ik_track_remove_key (OssaIkTrack *track, size_t index, OssaError *err);
OSSA_API ssize_t ossa_ik_track_find_key (const OssaIkTrack *track, float time);
OSSA_API OssaIkKey ossa_ik_track_get_key (const OssaIkTrack *track, size_t index);

/* The track's state at t over the constraint's own (rest): mix linear between keys,
 * clamped outside them; bend stepped (the last key at or before t; before the
 * first key, the first key's), or rest's when the track keys no bend. */
OSSA_API OssaIkState ossa_ik_track_sample (const OssaIkTrack *track, float t, OssaIkState rest);

/* Every rule DESIGN.md gives a constraint, against skel: a unique valid name, bones
 * in range, 1 or 2 of them with bones[1] a direct child of bones[0], a target in
 * range that is neither a bone of any constraint nor below one (so no constraint
 * moves a target), mix finite in [0, 1].
 * The message names the constraint by index and name ("IK constraint 2 \"arm\": …"). */
OSSA_API bool ossa_ik_constraints_validate (const OssaIkConstraint *ik, size_t n_ik,
                                            const OssaSkeleton *skel, OssaError *err);

/* Key order, finite mix in [0, 1], constraint < n_ik; at most one track per
 * constraint and tracks sorted by constraint (the loader sorts them). */
OSSA_API bool ossa_ik_tracks_validate (const OssaIkTrack *tracks, size_t n_tracks, size_t n_ik,
                                       OssaError *err);

#ifdef __cplusplus
}
#endif
