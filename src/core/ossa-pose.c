/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ossa-pose.h"

#include "ossa-fastmath-private.h"

void
ossa_pose_compute_world (const OssaSkeleton *skel, const OssaTransform *local, OssaXform *world)
{
  for (size_t i = 0; i < skel->n_bones; i++)
    {
      int32_t parent = skel->bones[i].parent;

      _ossa_compose_inline (parent < 0 ? NULL : &world[parent], &local[i], &world[i]);
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
