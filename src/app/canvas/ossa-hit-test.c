/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ossa-hit-test.h"

#include <math.h>

/* The bone's shape is an "uneven capsule": a circle of radius r1 at the joint, one
 * of radius r2 at the tip, and the tangents between them. Inigo Quilez's exact
 * distance, with the capsule along +y from the origin; the fragment shader in
 * ui/shaders/bone.frag computes the same thing. */
static double
uneven_capsule (double across, double along, double r1, double r2, double h)
{
  double b, a, k;

  across = fabs (across);
  if (h <= fabs (r1 - r2) + 1e-9)
    return fmin (hypot (across, along) - r1, hypot (across, along - h) - r2);
  b = (r1 - r2) / h;
  a = sqrt (1.0 - b * b);
  k = -b * across + a * along;
  if (k < 0)
    return hypot (across, along) - r1;
  if (k > a * h)
    return hypot (across, along - h) - r2;
  return a * across + b * along - r1;
}

double
ossa_scene_bone_distance (double jx, double jy, double tx, double ty, double half_width,
                          double px, double py)
{
  double dx = tx - jx, dy = ty - jy;
  double len = hypot (dx, dy);
  double ux = len > 1e-9 ? dx / len : 1, uy = len > 1e-9 ? dy / len : 0;
  double qx = px - jx, qy = py - jy;
  double along = qx * ux + qy * uy;
  double across = -qx * uy + qy * ux;

  return uneven_capsule (across, along, half_width, fmin (OSSA_SCENE_BONE_TIP_RADIUS, half_width),
                         len);
}

OssaHit
ossa_scene_hit_test (const OssaBoneInstance *inst, size_t n, const OssaCamera *cam, double px,
                     double py)
{
  OssaHit hit = { -1, OSSA_HIT_NONE };
  double pick2 = OSSA_SCENE_JOINT_PICK * OSSA_SCENE_JOINT_PICK;
  /* The box of widget points whose body test is worth doing, in world units. */
  double wx, wy, reach;

  ossa_camera_widget_to_world (cam, px, py, &wx, &wy);
  reach = (OSSA_SCENE_BONE_WIDTH_MAX + OSSA_SCENE_BODY_PICK) / cam->zoom;

  /* Backwards: the first hit is the topmost. Joints first, over all bones. */
  for (size_t k = n; k > 0; k--)
    {
      const OssaBoneInstance *b = &inst[k - 1];
      double jx = 0.5 * cam->width + (b->joint[0] - cam->center_x) * cam->zoom;
      double jy = 0.5 * cam->height - (b->joint[1] - cam->center_y) * cam->zoom;

      if ((jx - px) * (jx - px) + (jy - py) * (jy - py) <= pick2)
        {
          hit.bone = (ssize_t) (k - 1);
          hit.part = OSSA_HIT_JOINT;
          return hit;
        }
    }
  for (size_t k = n; k > 0; k--)
    {
      const OssaBoneInstance *b = &inst[k - 1];
      double jx, jy, tx, ty;

      /* Cheap reject on the world box first. */
      if (wx < fmin (b->joint[0], b->tip[0]) - reach || wx > fmax (b->joint[0], b->tip[0]) + reach
          || wy < fmin (b->joint[1], b->tip[1]) - reach
          || wy > fmax (b->joint[1], b->tip[1]) + reach)
        continue;
      ossa_camera_world_to_widget (cam, b->joint[0], b->joint[1], &jx, &jy);
      ossa_camera_world_to_widget (cam, b->tip[0], b->tip[1], &tx, &ty);
      if (ossa_scene_bone_distance (jx, jy, tx, ty, b->half_width, px, py)
          <= OSSA_SCENE_BODY_PICK)
        {
          hit.bone = (ssize_t) (k - 1);
          hit.part = OSSA_HIT_BODY;
          return hit;
        }
    }
  return hit;
}

bool
ossa_scene_hit_tip (const OssaBoneInstance *inst, size_t n, size_t bone, const OssaCamera *cam,
                    double px, double py)
{
  double tx, ty;

  if (bone >= n)
    return false;
  ossa_camera_world_to_widget (cam, inst[bone].tip[0], inst[bone].tip[1], &tx, &ty);
  return hypot (tx - px, ty - py) <= OSSA_SCENE_JOINT_PICK;
}

size_t
ossa_scene_rubber_band (const OssaBoneInstance *inst, size_t n, double x0, double y0, double x1,
                        double y1, unsigned *out)
{
  double lx = fmin (x0, x1), hx = fmax (x0, x1);
  double ly = fmin (y0, y1), hy = fmax (y0, y1);
  size_t count = 0;

  for (size_t i = 0; i < n; i++)
    if (inst[i].joint[0] >= lx && inst[i].joint[0] <= hx
        && inst[i].joint[1] >= ly && inst[i].joint[1] <= hy)
      out[count++] = (unsigned) i;
  return count;
}

bool
ossa_quad_uv_at (const OssaQuad *q, double wx, double wy, double *u, double *v)
{
  /* The quad is corner 0 plus s times the edge to corner 1 plus t times the edge
   * to corner 3, s and t in [0, 1] (an affine image of a rectangle): solve for
   * s, t, then carry them over to the UVs the same way. */
  double e1x = (double) q->xy[2] - q->xy[0], e1y = (double) q->xy[3] - q->xy[1];
  double e3x = (double) q->xy[6] - q->xy[0], e3y = (double) q->xy[7] - q->xy[1];
  double dx = wx - q->xy[0], dy = wy - q->xy[1];
  double det = e1x * e3y - e1y * e3x;
  double scale = fabs (e1x * e1x + e1y * e1y) + fabs (e3x * e3x + e3y * e3y);
  double s, t;

  if (!isfinite (det) || fabs (det) <= 1e-12 * scale || scale == 0)
    return false;
  s = (dx * e3y - dy * e3x) / det;
  t = (e1x * dy - e1y * dx) / det;
  if (!(s >= 0 && s <= 1 && t >= 0 && t <= 1))
    return false;
  *u = q->uv[0] + s * ((double) q->uv[2] - q->uv[0]) + t * ((double) q->uv[6] - q->uv[0]);
  *v = q->uv[1] + s * ((double) q->uv[3] - q->uv[1]) + t * ((double) q->uv[7] - q->uv[1]);
  *u = fmin (fmax (*u, 0), 1);
  *v = fmin (fmax (*v, 0), 1);
  return true;
}

ssize_t
ossa_quads_hit_test (const OssaQuad *quads, size_t n, size_t before, double wx, double wy,
                     OssaPictureHitFunc opaque, void *data)
{
  /* Backwards: the last drawn is in front. */
  for (size_t k = before < n ? before : n; k > 0; k--)
    {
      double u, v;

      if (ossa_quad_uv_at (&quads[k - 1], wx, wy, &u, &v)
          && (opaque == NULL || opaque (quads[k - 1].image, u, v, data)))
        return (ssize_t) (k - 1);
    }
  return -1;
}
