/* SPDX-License-Identifier: MIT */
/* The chain solver. STUB: the contract's shapes only, filled in by the IK evaluation work. */
#include "ossa-ik-pose.h"

void
ossa_ik_solve_options_init (OssaIkSolveOptions *options)
{
  options->max_iterations = 32;
  options->tolerance = 0.01f;
}

float
ossa_ik_solve_chain (const OssaSkeleton *skel, const OssaTransform *local, const OssaXform *world,
                     const uint32_t *chain, size_t n, const bool *pinned, OssaVec2 goal,
                     const OssaIkSolveOptions *options, float *rotations)
{
  (void) skel;
  (void) local;
  (void) world;
  (void) chain;
  (void) n;
  (void) pinned;
  (void) goal;
  (void) options;
  (void) rotations;
  return -1.0f;
}
