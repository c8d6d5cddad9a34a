/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ossa-pose.h"

void
ossa_pose_compute_world (const OssaSkeleton *skel, const OssaTransform *local, OssaXform *world)
{
  for (size_t i = 0; i < skel->n_bones; i++)
    {
      OssaXform m = ossa_xform_from_transform (&local[i]);
      int32_t parent = skel->bones[i].parent;

      world[i] = parent < 0 ? m : ossa_xform_multiply (&world[parent], &m);
    }
}

OssaVec2
ossa_pose_joint (const OssaXform *world)
{
  return (OssaVec2) { world->tx, world->ty };
}

OssaVec2
ossa_pose_tip (const OssaXform *world, float length)
{
  return ossa_xform_apply (world, (OssaVec2) { length, 0.f });
}
