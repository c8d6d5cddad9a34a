/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ossa-scene.h"

#include <math.h>
#include <string.h>

#define SNAP_ANGLE (OSSA_PI / 12.0)  /* 15° */

static double
clampd (double v, double lo, double hi)
{
  return v < lo ? lo : v > hi ? hi : v;
}

/* ---- camera ---- */

void
ossa_camera_init (OssaCamera *cam)
{
  cam->center_x = 0;
  cam->center_y = 0;
  cam->zoom = 1;
  cam->width = 0;
  cam->height = 0;
}

void
ossa_camera_world_to_widget (const OssaCamera *cam, double wx, double wy, double *px, double *py)
{
  *px = 0.5 * cam->width + (wx - cam->center_x) * cam->zoom;
  *py = 0.5 * cam->height - (wy - cam->center_y) * cam->zoom;
}

void
ossa_camera_widget_to_world (const OssaCamera *cam, double px, double py, double *wx, double *wy)
{
  *wx = cam->center_x + (px - 0.5 * cam->width) / cam->zoom;
  *wy = cam->center_y - (py - 0.5 * cam->height) / cam->zoom;
}

void
ossa_camera_zoom_at (OssaCamera *cam, double px, double py, double zoom)
{
  double wx, wy;

  if (!isfinite (zoom))
    return;
  ossa_camera_widget_to_world (cam, px, py, &wx, &wy);
  cam->zoom = clampd (zoom, OSSA_SCENE_ZOOM_MIN, OSSA_SCENE_ZOOM_MAX);
  cam->center_x = wx - (px - 0.5 * cam->width) / cam->zoom;
  cam->center_y = wy + (py - 0.5 * cam->height) / cam->zoom;
}

void
ossa_camera_pan (OssaCamera *cam, double dx, double dy)
{
  cam->center_x -= dx / cam->zoom;
  cam->center_y += dy / cam->zoom;
}

void
ossa_camera_fit (OssaCamera *cam, double min_x, double min_y, double max_x, double max_y,
                 double margin)
{
  double room_w = cam->width - 2 * margin;
  double room_h = cam->height - 2 * margin;
  double box_w = max_x - min_x;
  double box_h = max_y - min_y;
  double zoom = 1;

  if (!(isfinite (min_x) && isfinite (min_y) && isfinite (max_x) && isfinite (max_y))
      || box_w < 0 || box_h < 0)
    {
      min_x = max_x = 0;
      min_y = max_y = 0;
      box_w = box_h = 0;
    }
  if (room_w < 1)
    room_w = 1;
  if (room_h < 1)
    room_h = 1;
  if (box_w > 0)
    zoom = room_w / box_w;
  if (box_h > 0)
    zoom = box_w > 0 ? fmin (zoom, room_h / box_h) : room_h / box_h;
  if (box_w <= 0 && box_h <= 0)
    zoom = 1;
  cam->zoom = clampd (zoom, OSSA_SCENE_ZOOM_MIN, OSSA_SCENE_ZOOM_MAX);
  cam->center_x = 0.5 * (min_x + max_x);
  cam->center_y = 0.5 * (min_y + max_y);
}

double
ossa_camera_grid_step (const OssaCamera *cam)
{
  /* The smallest power of ten that is at least 8 pixels on screen. */
  return pow (10.0, ceil (log10 (8.0 / cam->zoom)));
}

/* ---- instances ---- */

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

/* ---- hit testing ---- */

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

/* ---- drags ---- */

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
ossa_rotate_drag_update (OssaRotateDrag *d, double wx, double wy, bool snap)
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
  if (snap)
    t.rotation = (float) snap_to (t.rotation, SNAP_ANGLE);
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
ossa_scale_drag_update (OssaScaleDrag *d, double wx, double wy, bool snap)
{
  OssaTransform t = d->start;
  double qx = wx - d->joint_x, qy = wy - d->joint_y;
  double along = qx * d->ux + qy * d->uy;
  double across = -qx * d->uy + qy * d->ux;
  double fx = along / d->along0;
  double fy = 1.0 + (across - d->across0) / d->reference;
  double sx = d->start.scale_x * fx, sy = d->start.scale_y * fy;

  if (snap)
    {
      sx = snap_to (sx, 0.1);
      sy = snap_to (sy, 0.1);
    }
  t.scale_x = (float) sx;
  t.scale_y = (float) sy;
  return t;
}

bool
ossa_scene_bone_from_points (const OssaXform *parent_world, double jx, double jy, double tx,
                             double ty, bool snap, OssaTransform *rest, float *length)
{
  double inv[6], ljx, ljy, ltx, lty, rotation;

  if (!parent_inverse (parent_world, inv))
    return false;
  apply_inverse (inv, jx, jy, &ljx, &ljy);
  apply_inverse (inv, tx, ty, &ltx, &lty);
  rotation = atan2 (lty - ljy, ltx - ljx);
  if (snap)
    rotation = snap_to (rotation, SNAP_ANGLE);
  *rest = ossa_transform_identity ();
  rest->x = (float) ljx;
  rest->y = (float) ljy;
  rest->rotation = (float) rotation;
  *length = (float) hypot (ltx - ljx, lty - ljy);
  return true;
}
