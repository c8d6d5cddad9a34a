/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Poses: world matrices from local transforms. The caller owns every array;
 * nothing here allocates. */
#pragma once

#include "ossa-math.h"
#include "ossa-skeleton.h"

#ifdef __cplusplus
extern "C" {
#endif

/* World matrices from local transforms in one forward pass (parents come first):
 * world[i] = world[parent] · local[i]. Both arrays have skel->n_bones entries and
 * belong to the caller; nothing is allocated. */
void ossa_pose_compute_world (const OssaSkeleton *skel, const OssaTransform *local,
                              OssaXform *world);

/* A bone's joint (world origin) and tip (world point at (length, 0)). */
OssaVec2 ossa_pose_joint (const OssaXform *world);
OssaVec2 ossa_pose_tip (const OssaXform *world, float length);

#ifdef __cplusplus
}
#endif
