/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ossa-drag.h"

#include <math.h>
#include <stddef.h>


void
ossa_angle_follow_begin (OssaAngleFollow *f, double angle)
{
  f->last = angle;
  f->total = 0;
}

double
ossa_angle_follow_update (OssaAngleFollow *f, double angle)
{
  double step = remainder (angle - f->last, OSSA_TAU);

  /* remainder() gives [-π, π]; DESIGN's half turn is +π. */
  if (step == -OSSA_PI)
    step = OSSA_PI;
  f->total += step;
  f->last = angle;
  return f->total;
}

/* The inverse of parent_world in double precision (identity for NULL). */
static bool
parent_inverse (const OssaXform *m, double inv[6])
{
  double det, id;

  if (m == NULL)
    {
      inv[0] = 1, inv[1] = 0, inv[2] = 0, inv[3] = 1, inv[4] = 0, inv[5] = 0;
      return true;
    }
  det = (double) m->a * m->d - (double) m->b * m->c;
  if (!isfinite (det) || fabs (det) < 1e-20)
    return false;
  id = 1.0 / det;
  inv[0] = m->d * id;
  inv[1] = -m->b * id;
  inv[2] = -m->c * id;
  inv[3] = m->a * id;
  inv[4] = ((double) m->c * m->ty - (double) m->d * m->tx) * id;
  inv[5] = ((double) m->b * m->tx - (double) m->a * m->ty) * id;
  return true;
}

static void
apply_inverse (const double inv[6], double x, double y, double *ox, double *oy)
{
  *ox = inv[0] * x + inv[2] * y + inv[4];
  *oy = inv[1] * x + inv[3] * y + inv[5];
}

static double
snap_to (double v, double step)
{
  return step > 0 ? round (v / step) * step : v;
}

bool
ossa_rotate_drag_begin (OssaRotateDrag *d, const OssaXform *parent_world,
                        const OssaTransform *local, double wx, double wy, double min_radius)
{
  double px, py;

  d->start = *local;
  if (!parent_inverse (parent_world, d->inv))
    return false;
  /* Radius limit in parent units: world length times the inverse's largest gain. */
  d->min_radius = min_radius * sqrt (d->inv[0] * d->inv[0] + d->inv[1] * d->inv[1]
                                     + d->inv[2] * d->inv[2] + d->inv[3] * d->inv[3]);
  d->following = false;
  apply_inverse (d->inv, wx, wy, &px, &py);
  px -= local->x;
  py -= local->y;
  if (hypot (px, py) >= d->min_radius)
    {
      ossa_angle_follow_begin (&d->follow, atan2 (py, px));
      d->following = true;
    }
  return true;
}

OssaTransform
ossa_rotate_drag_update (OssaRotateDrag *d, double wx, double wy, double snap)
{
  OssaTransform t = d->start;
  double px, py, turned = 0;

  /* In the parent's space the joint is at (x, y) and the bone's x axis turns with
   * its rotation whatever the parent's scale, mirror included. */
  apply_inverse (d->inv, wx, wy, &px, &py);
  px -= d->start.x;
  py -= d->start.y;
  if (hypot (px, py) >= d->min_radius)
    {
      if (!d->following)
        {
          ossa_angle_follow_begin (&d->follow, atan2 (py, px));
          d->following = true;
        }
      turned = ossa_angle_follow_update (&d->follow, atan2 (py, px));
    }
  else if (d->following)
    turned = d->follow.total;
  t.rotation = (float) (d->start.rotation + turned);
  t.rotation = (float) snap_to (t.rotation, snap);
  return t;
}

bool
ossa_translate_drag_begin (OssaTranslateDrag *d, const OssaXform *parent_world,
                           const OssaTransform *local, double wx, double wy)
{
  double x = local->x, y = local->y;

  d->start = *local;
  if (!parent_inverse (parent_world, d->inv))
    return false;
  /* The joint's world position is parent_world applied to (x, y). */
  if (parent_world != NULL)
    {
      d->joint_x = parent_world->a * x + parent_world->c * y + parent_world->tx;
      d->joint_y = parent_world->b * x + parent_world->d * y + parent_world->ty;
    }
  else
    {
      d->joint_x = x;
      d->joint_y = y;
    }
  d->press_x = wx;
  d->press_y = wy;
  return true;
}

OssaTransform
ossa_translate_drag_update (OssaTranslateDrag *d, double wx, double wy, double snap)
{
  OssaTransform t = d->start;
  double jx = snap_to (d->joint_x + (wx - d->press_x), snap);
  double jy = snap_to (d->joint_y + (wy - d->press_y), snap);
  double lx, ly;

  apply_inverse (d->inv, jx, jy, &lx, &ly);
  t.x = (float) lx;
  t.y = (float) ly;
  return t;
}

void
ossa_scale_drag_begin (OssaScaleDrag *d, const OssaXform *world, const OssaTransform *local,
                       double wx, double wy, double min_reference)
{
  double len = hypot (world->a, world->b);
  double qx = wx - world->tx, qy = wy - world->ty;

  d->start = *local;
  d->joint_x = world->tx;
  d->joint_y = world->ty;
  if (len > 1e-12)
    {
      d->ux = world->a / len;
      d->uy = world->b / len;
    }
  else
    {
      d->ux = 1;
      d->uy = 0;
    }
  d->along0 = qx * d->ux + qy * d->uy;
  d->across0 = -qx * d->uy + qy * d->ux;
  if (fabs (d->along0) < min_reference)
    d->along0 = d->along0 < 0 ? -min_reference : min_reference;
  d->reference = fabs (d->along0);
}

OssaTransform
ossa_scale_drag_update (OssaScaleDrag *d, double wx, double wy, double snap)
{
  OssaTransform t = d->start;
  double qx = wx - d->joint_x, qy = wy - d->joint_y;
  double along = qx * d->ux + qy * d->uy;
  double across = -qx * d->uy + qy * d->ux;
  double fx = along / d->along0;
  double fy = 1.0 + (across - d->across0) / d->reference;
  double sx = d->start.scale_x * fx, sy = d->start.scale_y * fy;

  sx = snap_to (sx, snap);
  sy = snap_to (sy, snap);
  t.scale_x = (float) sx;
  t.scale_y = (float) sy;
  return t;
}

bool
ossa_scene_bone_from_points (const OssaXform *parent_world, double jx, double jy, double tx,
                             double ty, double snap, OssaTransform *rest, float *length)
{
  double inv[6], ljx, ljy, ltx, lty, rotation;

  if (!parent_inverse (parent_world, inv))
    return false;
  apply_inverse (inv, jx, jy, &ljx, &ljy);
  apply_inverse (inv, tx, ty, &ltx, &lty);
  rotation = atan2 (lty - ljy, ltx - ljx);
  rotation = snap_to (rotation, snap);
  *rest = ossa_transform_identity ();
  rest->x = (float) ljx;
  rest->y = (float) ljy;
  rest->rotation = (float) rotation;
  *length = (float) hypot (ltx - ljx, lty - ljy);
  return true;
}

void
ossa_uniform_scale_drag_begin (OssaUniformScaleDrag *d, double cx, double cy,
                               const OssaTransform *local, double wx, double wy,
                               double min_reference)
{
  d->start = *local;
  d->centre_x = cx;
  d->centre_y = cy;
  d->reference = fmax (hypot (wx - cx, wy - cy), min_reference);
  d->min_scale = 0.01;
}

/* v scaled by factor and snapped, keeping its sign and never under floor. */
static double
scaled (double v, double factor, double snap, double floor)
{
  double s = v * factor, sign = v < 0 ? -1 : 1;

  if (snap > 0)
    return sign * fmax (snap_to (fabs (s), snap), snap);
  return sign * fmax (fabs (s), floor * fabs (v));
}

OssaTransform
ossa_uniform_scale_drag_update (OssaUniformScaleDrag *d, double wx, double wy, double snap)
{
  OssaTransform t = d->start;
  double factor = hypot (wx - d->centre_x, wy - d->centre_y) / d->reference;

  t.scale_x = (float) scaled (d->start.scale_x, factor, snap, d->min_scale);
  t.scale_y = (float) scaled (d->start.scale_y, factor, snap, d->min_scale);
  return t;
}
