/* SPDX-License-Identifier: MIT */
/* Poses: world matrices from local transforms. The caller owns every array;
 * nothing here allocates. */
#pragma once

/* A pose: one skeleton's local transforms and world matrices, the per-instance
 * state beside the shared skeleton data (as spine-c's skeleton and ozz's
 * local/model buffers sit beside the skeleton asset). The caller owns an OssaPose
 * and frees it with ossa_pose_free(); the skeleton and animations it is filled from
 * stay the caller's and are only read. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ossa-api.h"
#include "ossa-animation.h"
#include "ossa-error.h"
#include "ossa-math.h"
#include "ossa-skeleton.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct
{
  size_t         n_bones;   /* entries of local and world in use */
  size_t         capacity;  /* entries allocated; grows, never shrinks */
  OssaTransform *local;     /* each bone relative to its parent */
  OssaXform     *world;     /* each bone's matrix in world space */
  uint8_t       *scratch;   /* private: capacity bytes for ossa_pose_apply_ik() */
} OssaPose;

/* A pose sized to skel, holding its rest pose (local and world). NULL with err
 * set on out of memory. */
OSSA_API OssaPose *ossa_pose_new (const OssaSkeleton *skel, OssaError *err);
OSSA_API void      ossa_pose_free (OssaPose *pose);

/* Sizes the pose to n_bones, keeping the values of the bones it had. Allocates only
 * when n_bones is over the capacity; false with err set (and the pose as it was)
 * on out of memory. */
OSSA_API bool ossa_pose_resize (OssaPose *pose, size_t n_bones, OssaError *err);

/* Fill the local transforms (the pose must be sized to skel): the rest pose, or
 * anim sampled at t. Neither allocates; call ossa_pose_update_world() after. */
OSSA_API void ossa_pose_set_rest (OssaPose *pose, const OssaSkeleton *skel);
OSSA_API void ossa_pose_sample (OssaPose *pose, const OssaAnimation *anim, const OssaSkeleton *skel,
                                float t);
/* World matrices from the local transforms. */
OSSA_API void ossa_pose_update_world (OssaPose *pose, const OssaSkeleton *skel);

/* World matrices from local transforms in one forward pass (parents come first):
 * world[i] = world[parent] · local[i]. Both arrays have skel->n_bones entries and
 * belong to the caller; nothing is allocated. */
OSSA_API void ossa_pose_compute_world (const OssaSkeleton *skel, const OssaTransform *local,
                                       OssaXform *world);

/* A bone's joint (world origin) and tip (world point at (length, 0)). */
OSSA_API OssaVec2 ossa_pose_joint (const OssaXform *world);
OSSA_API OssaVec2 ossa_pose_tip (const OssaXform *world, float length);

#ifdef __cplusplus
}
#endif
