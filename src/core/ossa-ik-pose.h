/* SPDX-License-Identifier: MIT */
/* IK at pose time: applying a document's constraints after FK (DESIGN.md's rule:
 * the call the editor, the CLI, the renderer and the runtime share), and the chain
 * solver the editor's IK drag uses to turn a dragged tip into FK rotations. The
 * document and animations are only read; the caller owns every array passed in.
 * Nothing here allocates or keeps state between calls. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ossa-api.h"
#include "ossa-animation.h"
#include "ossa-document.h"
#include "ossa-ik.h"
#include "ossa-math.h"
#include "ossa-pose.h"
#include "ossa-skeleton.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- constraints (after FK) ---- */

/* Constraint c of doc at t: its own mix and bend, overridden by anim's track for it
 * (anim may be NULL: the constraint's own values). */
OSSA_API OssaIkState ossa_ik_sample (const OssaDocument *doc, const OssaAnimation *anim, size_t c,
                                     float t);

/* Applies doc's constraints in order to local and world (doc->skeleton.n_bones
 * entries each, world already computed from local): for each constraint, the
 * solved rotations of its bones blended from their sampled ones by mix (the short
 * way round), then the world matrices of those bones and everything below them
 * recomputed. states has doc->n_ik entries (NULL: each constraint's own values);
 * dirty is the caller's scratch of n_bones bytes. */
OSSA_API void ossa_ik_apply (const OssaDocument *doc, const OssaIkState *states,
                             OssaTransform *local, OssaXform *world, uint8_t *dirty);

/* The usual call after ossa_pose_sample() + ossa_pose_update_world(): doc's
 * constraints at anim's keys at t (anim may be NULL: the rest values), on pose
 * (sized to doc's skeleton), using the pose's own scratch. */
OSSA_API void ossa_pose_apply_ik (OssaPose *pose, const OssaDocument *doc, const OssaAnimation *anim,
                                  float t);

/* ---- the chain solver (the editor's IK drag) ---- */

/* Longest chain the solver takes (its scratch lives on the stack). */
#define OSSA_IK_MAX_CHAIN 256u

typedef struct
{
  uint32_t max_iterations;  /* passes at most; default 32 */
  float    tolerance;       /* world units: stop when the tip is this close; default 0.01 */
} OssaIkSolveOptions;

OSSA_API void ossa_ik_solve_options_init (OssaIkSolveOptions *options);

/* Bends the chain of n bones of skel (chain[0] the root-most, each chain[i] the
 * parent of chain[i + 1]) so that the tip of chain[n − 1] reaches goal, a world
 * point. local and world are the pose as it is (read only). pinned (n entries, may
 * be NULL): pinned[i] keeps the joint of chain[i] where it is in the world, so the
 * bones before the last pinned one keep their rotations. A goal out of reach leaves
 * the movable part of the chain straight towards it. Writes the new local rotation
 * of every chain bone into rotations (n entries; unmoved bones get their own). Scale
 * anywhere on the chain or above it is allowed. Deterministic. Returns the distance
 * from the tip to the goal afterwards, or a negative number (rotations untouched)
 * when n is 0 or over OSSA_IK_MAX_CHAIN or chain is not a parent chain. */
OSSA_API float ossa_ik_solve_chain (const OssaSkeleton *skel, const OssaTransform *local,
                                    const OssaXform *world, const uint32_t *chain, size_t n,
                                    const bool *pinned, OssaVec2 goal,
                                    const OssaIkSolveOptions *options, float *rotations);

#ifdef __cplusplus
}
#endif
