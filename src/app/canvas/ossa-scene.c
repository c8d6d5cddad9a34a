/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ossa-scene.h"

#include <math.h>
#include <string.h>

static double
clampd (double v, double lo, double hi)
{
  return v < lo ? lo : v > hi ? hi : v;
}

double
ossa_scene_bone_half_width (double length_px)
{
  return clampd (0.12 * length_px, OSSA_SCENE_BONE_WIDTH_MIN, OSSA_SCENE_BONE_WIDTH_MAX);
}

size_t
ossa_scene_visible_joints (const OssaBoneInstance *inst, size_t n, const OssaCamera *cam,
                           uint32_t *out)
{
  double min_sq = (OSSA_SCENE_JOINT_LOD_PX / cam->zoom) * (OSSA_SCENE_JOINT_LOD_PX / cam->zoom);
  size_t n_out = 0;

  for (size_t i = 0; i < n; i++)
    {
      const OssaBoneInstance *b = &inst[i];
      double dx = (double) b->tip[0] - b->joint[0], dy = (double) b->tip[1] - b->joint[1];
      double len_sq = dx * dx + dy * dy;

      if (len_sq >= min_sq || len_sq == 0 || (b->flags & (OSSA_BONE_SELECTED | OSSA_BONE_HOVER)))
        out[n_out++] = (uint32_t) i;
    }
  return n_out;
}

size_t
ossa_scene_partition_moving (const OssaSkeleton *skel, const OssaBoneInstance *inst, size_t n,
                             size_t root, OssaBoneInstance *ordered, uint32_t *new_index)
{
  size_t n_still = 0, at;

  /* Parents come first, so one pass marks every descendant of root. */
  for (size_t i = 0; i < n; i++)
    {
      int32_t parent = skel->bones[i].parent;
      bool moving = i == root || (parent >= 0 && new_index[parent] == UINT32_MAX);

      new_index[i] = moving ? UINT32_MAX : 0;
      n_still += !moving;
    }
  at = 0;
  for (size_t i = 0, m = n_still; i < n; i++)
    new_index[i] = new_index[i] == UINT32_MAX ? (uint32_t) m++ : (uint32_t) at++;
  for (size_t i = 0; i < n; i++)
    ordered[new_index[i]] = inst[i];
  return n_still;
}

size_t
ossa_scene_partition_joints (uint32_t *joints, size_t n_joints, const uint32_t *new_index,
                             size_t n_still, uint32_t *scratch)
{
  size_t still = 0, moving = 0;

  for (size_t j = 0; j < n_joints; j++)
    {
      uint32_t at = new_index[joints[j]];

      if (at < n_still)
        joints[still++] = at;
      else
        scratch[moving++] = at;
    }
  memcpy (&joints[still], scratch, moving * sizeof *scratch);
  return still;
}

void
ossa_scene_build_instances (const OssaSkeleton *skel, const OssaXform *world,
                            const OssaCamera *cam, const unsigned *selection, size_t n_selected,
                            ssize_t primary, ssize_t hover, OssaBoneInstance *out)
{
  size_t s = 0;

  for (size_t i = 0; i < skel->n_bones; i++)
    {
      const OssaXform *m = &world[i];
      const OssaBone *bone = &skel->bones[i];
      OssaBoneInstance *o = &out[i];
      float len = bone->length;
      double dx = (double) m->a * len, dy = (double) m->b * len;
      uint32_t flags = 0;

      o->joint[0] = m->tx;
      o->joint[1] = m->ty;
      o->tip[0] = (float) (m->tx + dx);
      o->tip[1] = (float) (m->ty + dy);
      o->half_width = (float) ossa_scene_bone_half_width (sqrt (dx * dx + dy * dy) * cam->zoom);
      o->color[0] = (uint8_t) (bone->color >> 24);
      o->color[1] = (uint8_t) (bone->color >> 16);
      o->color[2] = (uint8_t) (bone->color >> 8);
      o->color[3] = (uint8_t) bone->color;
      /* The selection is sorted: one merge pass. */
      while (s < n_selected && selection[s] < i)
        s++;
      if (s < n_selected && selection[s] == i)
        flags |= OSSA_BONE_SELECTED;
      if ((ssize_t) i == primary)
        flags |= OSSA_BONE_PRIMARY;
      if ((ssize_t) i == hover)
        flags |= OSSA_BONE_HOVER;
      o->flags = flags;
      o->pad = 0;
    }
}

bool
ossa_scene_bounds (const OssaBoneInstance *inst, size_t n, double *min_x, double *min_y,
                   double *max_x, double *max_y)
{
  double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;

  for (size_t i = 0; i < n; i++)
    {
      x0 = fmin (x0, fmin (inst[i].joint[0], inst[i].tip[0]));
      y0 = fmin (y0, fmin (inst[i].joint[1], inst[i].tip[1]));
      x1 = fmax (x1, fmax (inst[i].joint[0], inst[i].tip[0]));
      y1 = fmax (y1, fmax (inst[i].joint[1], inst[i].tip[1]));
    }
  *min_x = x0;
  *min_y = y0;
  *max_x = x1;
  *max_y = y1;
  return n > 0 && isfinite (x0) && isfinite (y0) && isfinite (x1) && isfinite (y1);
}
