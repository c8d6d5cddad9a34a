/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "ossa-camera.h"
#include "ossa-math.h"
#include "ossa-skeleton.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the canvas's shaders draw for each bone, without GL or GTK: the per-bone
 * instances built from the pose, which joints are worth drawing, the reordering
 * for a drag's cached image and the skeleton's bounds. The caller owns every
 * array (sized by the bone count); nothing here allocates. Pure, so tests check
 * it without a display. Hit tests on these instances are in ossa-hit-test.h. */

/* Sizes on screen, logical pixels; constant at every zoom. */
#define OSSA_SCENE_JOINT_RADIUS     4.5   /* joint circle */
#define OSSA_SCENE_JOINT_PICK       7.0   /* how close a click must be to a joint or tip */
#define OSSA_SCENE_BONE_WIDTH_MAX   8.0   /* half-width of a bone at its joint */
#define OSSA_SCENE_BONE_WIDTH_MIN   3.0
#define OSSA_SCENE_BONE_TIP_RADIUS  1.0
#define OSSA_SCENE_BODY_PICK        2.0   /* slop around a bone's outline */

/* What the bone and joint shaders read, one per bone (32 bytes). The joint and
 * tip are world positions; half_width is the bone's half-width at its joint in
 * logical pixels (the shader and the hit test share it). */
typedef struct
{
  float    joint[2];
  float    tip[2];
  float    half_width;
  uint8_t  color[4];   /* r, g, b, a */
  uint32_t flags;      /* OssaBoneFlags */
  float    pad;
} OssaBoneInstance;

typedef enum
{
  OSSA_BONE_SELECTED = 1 << 0,
  OSSA_BONE_PRIMARY  = 1 << 1,
  OSSA_BONE_HOVER    = 1 << 2,
} OssaBoneFlags;

/* Half-width in pixels of a bone whose length on screen is length_px. */
double ossa_scene_bone_half_width (double length_px);

/* Fills out[n_bones] from the world matrices. selection is sorted ascending;
 * primary and hover are bone indices or -1. O(n_bones + n_selected). */
void   ossa_scene_build_instances  (const OssaSkeleton *skel, const OssaXform *world,
                                    const OssaCamera *cam, const unsigned *selection,
                                    size_t n_selected, ssize_t primary, ssize_t hover,
                                    OssaBoneInstance *out);

/* Which joints to draw, into out (n entries at most); returns how many. A joint is
 * drawn when its bone is at least OSSA_SCENE_JOINT_LOD_PX long on screen, has no
 * length at all (then the joint is all there is of it), or is selected or under
 * the pointer: zoomed out on a big rig, a constant-size circle on every tiny bone
 * only hides the bones (and costs a software renderer a primitive each). */
#define OSSA_SCENE_JOINT_LOD_PX 12.0
size_t ossa_scene_visible_joints   (const OssaBoneInstance *inst, size_t n,
                                    const OssaCamera *cam, uint32_t *out);

/* For a drag that moves bone root and its subtree: the instances reordered into
 * ordered[n], the bones that stay still first and the moving ones after them,
 * each part in bone order (parents first); new_index[i] is where bone i went.
 * Returns how many stay still. The canvas draws those once into a cached image
 * and only the moving ones every frame. */
size_t ossa_scene_partition_moving (const OssaSkeleton *skel, const OssaBoneInstance *inst,
                                    size_t n, size_t root, OssaBoneInstance *ordered,
                                    uint32_t *new_index);

/* The joint list (bone indices) rewritten into positions in the reordered
 * instances, the still bones' joints first; scratch holds n_joints. Returns how
 * many joints belong to still bones. */
size_t ossa_scene_partition_joints (uint32_t *joints, size_t n_joints, const uint32_t *new_index,
                                    size_t n_still, uint32_t *scratch);

/* The box holding every joint and tip; false when there are no bones. */
bool   ossa_scene_bounds           (const OssaBoneInstance *inst, size_t n,
                                    double *min_x, double *min_y,
                                    double *max_x, double *max_y);

#ifdef __cplusplus
}
#endif
