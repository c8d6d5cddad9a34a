/* SPDX-License-Identifier: MIT */
/* Building a clip's easings (ossa-clip-easing-private.h): the cubics, the Newton
 * guesses and the checked tables. Runs once a distinct curve, when a clip is
 * built. */
#include "ossa-clip-easing-private.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

void
_ossa_clip_easing_init (const OssaCurve *curve, OssaClipEasing *e)
{
  e->curve = *curve;
  e->cx = 3.f * curve->x1;
  e->bx = 3.f * (curve->x2 - curve->x1) - e->cx;
  e->ax = 1.f - e->cx - e->bx;
  e->cy = 3.f * curve->y1;
  e->by = 3.f * (curve->y2 - curve->y1) - e->cy;
  e->ay = 1.f - e->cy - e->by;
  /* s for u = j/16 by inverting x(s) sampled at 64 points (x is monotonic for x1,
   * x2 in [0, 1]): cheap enough for clips with a million BEZIER keys, and close
   * enough for the Newton step. */
  {
    float xs[GRID + 1];
    int i = 0;

    for (int g = 0; g <= GRID; g++)
      {
        float t = (float) g / GRID;

        xs[g] = ((e->ax * t + e->bx) * t + e->cx) * t;
      }
    for (int j = 0; j <= GUESS_STEPS; j++)
      {
        float u = (float) j / GUESS_STEPS;

        while (i < GRID - 1 && xs[i + 1] < u)
          i++;
        e->guess[j] = xs[i + 1] > xs[i]
                        ? ((float) i + (u - xs[i]) / (xs[i + 1] - xs[i])) / GRID
                        : (float) i / GRID;
        if (e->guess[j] < 0.f)
          e->guess[j] = 0.f;
        if (e->guess[j] > 1.f)
          e->guess[j] = 1.f;
      }
  }
}

/* x(s) = y(s) = s: the table is exact and Newton changes nothing, so linear
 * segments in a track that also has BEZIER keys come out exactly linear. */
void
_ossa_clip_easing_init_linear (OssaClipEasing *e)
{
  memset (e, 0, sizeof *e);
  e->cx = e->cy = 1.f;
  for (int j = 0; j <= GUESS_STEPS; j++)
    e->guess[j] = (float) j / GUESS_STEPS;
  e->table = malloc ((TABLE_STEPS + 1) * sizeof *e->table);
  for (int j = 0; e->table != NULL && j <= TABLE_STEPS; j++)
    e->table[j] = (float) j / TABLE_STEPS;
}

static inline float
ease (const OssaClipEasing *e, float u)
{
  float f, a;
  int j;

  if (e->table == NULL)
    return _ossa_clip_easing_solve (e, u);
  f = u * TABLE_STEPS;
  j = (int) f;
  if (j >= TABLE_STEPS)
    j = TABLE_STEPS - 1;
  a = e->table[j];
  return a + (e->table[j + 1] - a) * (f - (float) j);
}

/* y(u) in double precision, for building tables: bisection on x(s), exact to the
 * last bit; it runs 2 · TABLE_STEPS times a curve, once, when the clip is built. */
static double
exact_ease (const OssaClipEasing *e, double u)
{
  double lo = 0, hi = 1, s;

  for (int k = 0; k < 52; k++)
    {
      s = 0.5 * (lo + hi);
      if (((e->ax * s + e->bx) * s + e->cx) * s < u)
        lo = s;
      else
        hi = s;
    }
  s = 0.5 * (lo + hi);
  return ((e->ay * s + e->by) * s + e->cy) * s;
}

/* The y(u) table for e, kept only when linear interpolation in it agrees with the
 * exact curve at every cell's middle. */
void
_ossa_clip_easing_build_table (OssaClipEasing *e)
{
  float *table = malloc ((TABLE_STEPS + 1) * sizeof *table);
  bool good = table != NULL;

  for (int j = 0; good && j <= TABLE_STEPS; j++)
    table[j] = (float) exact_ease (e, (double) j / TABLE_STEPS);
  e->table = table;
  for (int j = 0; good && j < TABLE_STEPS; j++)
    {
      double u = (j + 0.5) / TABLE_STEPS;

      good = fabs (ease (e, (float) u) - exact_ease (e, u)) <= TABLE_TOLERANCE;
    }
  if (!good)
    {
      free (table);
      e->table = NULL;
    }
}
