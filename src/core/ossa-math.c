/* SPDX-License-Identifier: MIT */
#include "ossa-math.h"

#include <math.h>

#include "ossa-fastmath-private.h"

OssaTransform
ossa_transform_identity (void)
{
  return (OssaTransform) { 0.f, 0.f, 0.f, 1.f, 1.f };
}

void
ossa_sincosf (float angle, float *s, float *c)
{
  _ossa_sincosf_inline (angle, s, c);
}

OssaXform
ossa_xform_from_transform (const OssaTransform *t)
{
  OssaXform m;

  _ossa_compose_inline (NULL, t, &m);
  return m;
}

OssaXform
ossa_xform_multiply (const OssaXform *p, const OssaXform *m)
{
  return _ossa_xform_multiply_inline (p, m);
}

bool
ossa_xform_invert (const OssaXform *m, OssaXform *out)
{
  double det = (double) m->a * m->d - (double) m->b * m->c;
  double inv;

  if (!isfinite (det) || fabs (det) < 1e-20)
    return false;
  inv = 1.0 / det;
  out->a = (float) (m->d * inv);
  out->b = (float) (-m->b * inv);
  out->c = (float) (-m->c * inv);
  out->d = (float) (m->a * inv);
  out->tx = (float) (((double) m->c * m->ty - (double) m->d * m->tx) * inv);
  out->ty = (float) (((double) m->b * m->tx - (double) m->a * m->ty) * inv);
  return true;
}

OssaVec2
ossa_xform_apply (const OssaXform *m, OssaVec2 p)
{
  return (OssaVec2) { m->a * p.x + m->c * p.y + m->tx, m->b * p.x + m->d * p.y + m->ty };
}

float
ossa_xform_rotation (const OssaXform *m)
{
  return atan2f (m->b, m->a);
}

OssaTransform
ossa_xform_decompose (const OssaXform *m)
{
  double sx = hypot (m->a, m->b);
  double det = (double) m->a * m->d - (double) m->b * m->c;
  OssaTransform t;

  t.x = m->tx;
  t.y = m->ty;
  t.rotation = (float) atan2 (m->b, m->a);
  t.scale_x = (float) sx;
  t.scale_y = sx > 0 ? (float) (det / sx) : (float) hypot (m->c, m->d);
  return t;
}

double
ossa_angle_normalize (double a)
{
  double r = fmod (a, OSSA_TAU);

  if (r <= -OSSA_PI)
    r += OSSA_TAU;
  else if (r > OSSA_PI)
    r -= OSSA_TAU;
  return r;
}

bool
ossa_transform_is_finite (const OssaTransform *t)
{
  return isfinite (t->x) && isfinite (t->y) && isfinite (t->rotation)
         && isfinite (t->scale_x) && isfinite (t->scale_y);
}
