/* SPDX-License-Identifier: MIT */
#include "ossa-pose.h"

#include <stdlib.h>

#include "ossa-fastmath-private.h"

/* Capacity for at least this many bones, so that a skeleton growing bone by bone
 * (the Create tool) does not reallocate at every bone. */
#define POSE_MIN_CAPACITY 16

OssaPose *
ossa_pose_new (const OssaSkeleton *skel, OssaError *err)
{
  OssaPose *pose = calloc (1, sizeof *pose);

  if (pose == NULL || !ossa_pose_resize (pose, skel->n_bones, err))
    {
      if (pose == NULL)
        ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory for a pose");
      ossa_pose_free (pose);
      return NULL;
    }
  ossa_pose_set_rest (pose, skel);
  ossa_pose_update_world (pose, skel);
  return pose;
}

void
ossa_pose_free (OssaPose *pose)
{
  if (pose == NULL)
    return;
  free (pose->local);
  free (pose->world);
  free (pose->scratch);
  free (pose);
}

bool
ossa_pose_resize (OssaPose *pose, size_t n_bones, OssaError *err)
{
  if (n_bones > pose->capacity || pose->local == NULL)
    {
      size_t capacity = n_bones > POSE_MIN_CAPACITY ? n_bones : POSE_MIN_CAPACITY;
      OssaTransform *local = realloc (pose->local, capacity * sizeof *local);
      OssaXform *world;
      uint8_t *scratch;

      if (local == NULL)
        goto no_memory;
      pose->local = local;
      world = realloc (pose->world, capacity * sizeof *world);
      if (world == NULL)
        goto no_memory;
      pose->world = world;
      scratch = realloc (pose->scratch, capacity);
      if (scratch == NULL)
        goto no_memory;
      pose->scratch = scratch;
      pose->capacity = capacity;
    }
  pose->n_bones = n_bones;
  return true;

no_memory:
  ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory for a pose of %zu bones", n_bones);
  return false;
}

void
ossa_pose_set_rest (OssaPose *pose, const OssaSkeleton *skel)
{
  for (size_t i = 0; i < skel->n_bones && i < pose->n_bones; i++)
    pose->local[i] = skel->bones[i].rest;
}

void
ossa_pose_sample (OssaPose *pose, const OssaAnimation *anim, const OssaSkeleton *skel, float t)
{
  ossa_animation_sample_pose (anim, skel, t, pose->local);
}

void
ossa_pose_update_world (OssaPose *pose, const OssaSkeleton *skel)
{
  ossa_pose_compute_world (skel, pose->local, pose->world);
}

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
