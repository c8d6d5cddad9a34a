/* SPDX-License-Identifier: MIT */
#include "ossa-interp.h"

#include <math.h>

#include "ossa-math.h"

#define HALF_TURN_TOLERANCE 4e-6

/* Bezier coordinate for parameter s with end points 0 and 1: 3(1−s)²s·p1 +
 * 3(1−s)s²·p2 + s³, written in Horner form. */
static double
bezier (double s, double p1, double p2)
{
  double c = 3.0 * p1;
  double b = 3.0 * (p2 - p1) - c;
  double a = 1.0 - c - b;

  return ((a * s + b) * s + c) * s;
}

static double
bezier_slope (double s, double p1, double p2)
{
  double c = 3.0 * p1;
  double b = 3.0 * (p2 - p1) - c;
  double a = 1.0 - c - b;

  return (3.0 * a * s + 2.0 * b) * s + c;
}

double
ossa_curve_ease (const OssaCurve *curve, double u)
{
  double lo = 0.0, hi = 1.0, s = u;

  if (u <= 0.0)
    return 0.0;
  if (u >= 1.0)
    return 1.0;
  /* Newton from s = u converges in a few steps for well-behaved curves; fall back
   * to bisection (x(s) is monotonic for x1, x2 in [0, 1]) when it does not. */
  for (int i = 0; i < 8; i++)
    {
      double err = bezier (s, curve->x1, curve->x2) - u;
      double slope = bezier_slope (s, curve->x1, curve->x2);

      if (fabs (err) < 1e-7)
        return bezier (s, curve->y1, curve->y2);
      if (fabs (slope) < 1e-6)
        break;
      s -= err / slope;
    }
  s = u;
  for (int i = 0; i < 40; i++)
    {
      double x = bezier (s, curve->x1, curve->x2);

      if (fabs (x - u) < 1e-7)
        break;
      if (x < u)
        lo = s;
      else
        hi = s;
      s = 0.5 * (lo + hi);
    }
  return bezier (s, curve->y1, curve->y2);
}

double
ossa_rotation_delta (double a, double b, OssaSpin spin, uint32_t turns)
{
  double d = b - a;
  double w;

  switch (spin)
    {
    case OSSA_SPIN_NUMERIC:
      return d;
    case OSSA_SPIN_COUNTERCLOCKWISE:
      w = fmod (d, OSSA_TAU);
      if (w < 0)
        w += OSSA_TAU;
      if (w >= OSSA_TAU)
        w = 0;
      return w + OSSA_TAU * turns;
    case OSSA_SPIN_CLOCKWISE:
      w = fmod (d, OSSA_TAU);
      if (w > 0)
        w -= OSSA_TAU;
      if (w <= -OSSA_TAU)
        w = 0;
      return w - OSSA_TAU * turns;
    case OSSA_SPIN_SHORTEST:
    case OSSA_N_SPINS:
    default:
      w = ossa_angle_normalize (d);
      /* Angles arrive as floats: a half turn stored as 0 → 180° can differ from π by
       * a few float ulps either way. Call it the exact half turn, which turns
       * counter-clockwise. */
      if (w < -OSSA_PI + HALF_TURN_TOLERANCE)
        w += OSSA_TAU;
      return w;
    }
}
