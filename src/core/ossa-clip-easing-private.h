/* SPDX-License-Identifier: MIT */
/* The easing of a clip's BEZIER segments (ossa-clip-easing.c): the curve solved
 * for y(u), and the table of y(u) that replaces the solver where it can. An
 * OssaClipEasing owns its table until the clip pools the tables
 * (ossa-clip-private.h says who frees what then). The solver is inline: sampling
 * calls it for every eased track whose curve has no table. Not installed. */
#pragma once

#include <math.h>
#include <stdint.h>

#include "ossa-interp.h"

#ifdef __SSE__
#include <xmmintrin.h>
#endif

/* A BEZIER segment's easing y(u): the two cubics in the curve parameter s, and a
 * table of s at u = 0, 1/16 … 1 to start Newton from. Two Newton steps reach float
 * precision; near a vertical tangent (x1 or x2 at 0 or 1), where Newton stalls,
 * bisection takes over. (A cubic Hermite table of y(u) was tried: it needs many
 * nodes exactly for the presets, ease-in and ease-out, whose tangents are
 * vertical at one end.) */
#define GUESS_STEPS 16
#define GRID 64

/* Curves are few (presets, mostly) and shared, so each gets a table of y(u) fine
 * enough for linear interpolation to stay within TABLE_TOLERANCE of the solved
 * curve, checked cell by cell when the clip is built; sampling then costs two
 * loads and a multiply. A curve the table cannot follow (a vertical tangent), or
 * one past MAX_TABLES (ossa-clip.c) distinct curves, is solved each time instead. */
#define TABLE_STEPS 4096
#define TABLE_TOLERANCE 2e-6

typedef struct
{
  float ax, bx, cx;
  float ay, by, cy;
  float guess[GUESS_STEPS + 1];
  OssaCurve curve;               /* what it was built from, to share it */
  float *table;                  /* y at u = j / TABLE_STEPS, or NULL: solve */
  int32_t table_at;              /* where table starts in clip->table_pool, or
                                  * −(its index) when it has none */
} OssaClipEasing;

/* Fills e for curve: the cubics and the guesses (no table: e->table is left as
 * it was). */
void _ossa_clip_easing_init (const OssaCurve *curve, OssaClipEasing *e);

/* The identity easing, with its exact table (NULL on out of memory). */
void _ossa_clip_easing_init_linear (OssaClipEasing *e);

/* Gives e a table of y(u) when linear interpolation in one follows the curve
 * within TABLE_TOLERANCE; else (or on out of memory) e->table stays NULL. */
void _ossa_clip_easing_build_table (OssaClipEasing *e);

static inline float
_ossa_clip_fast_reciprocal (float x)
{
#ifdef __SSE__
  return _mm_cvtss_f32 (_mm_rcp_ss (_mm_set_ss (x)));
#else
  return 1.f / x;
#endif
}

static inline float
_ossa_clip_easing_bisect (const OssaClipEasing *e, float u, float lo, float hi)
{
  for (int k = 0; k < 32 && hi - lo > 1e-7f; k++)
    {
      float mid = 0.5f * (lo + hi);

      if (((e->ax * mid + e->bx) * mid + e->cx) * mid < u)
        lo = mid;
      else
        hi = mid;
    }
  return 0.5f * (lo + hi);
}

static inline float
_ossa_clip_easing_solve (const OssaClipEasing *e, float u)
{
  float f = u * GUESS_STEPS;
  int j = (int) f;
  float s;

  if (j >= GUESS_STEPS)
    j = GUESS_STEPS - 1;
  s = e->guess[j] + (e->guess[j + 1] - e->guess[j]) * (f - (float) j);
  /* Two Newton steps. They only need the slope roughly: SSE's 12-bit reciprocal
   * costs a third of a division and its error is squared away by the next step. */
  for (int k = 0; k < 2; k++)
    {
      float x = ((e->ax * s + e->bx) * s + e->cx) * s - u;
      float slope = (3.f * e->ax * s + 2.f * e->bx) * s + e->cx;

      if (slope > 1e-3f)
        s -= x * _ossa_clip_fast_reciprocal (slope);
    }
  /* Near a vertical tangent (x1 or x2 at 0 or 1) Newton can stall. Each table
   * entry is within one grid cell of the truth, so the nodes widened by a cell
   * bracket the answer: bisect there. Rare, hence a branch. */
  if (!(fabsf (((e->ax * s + e->bx) * s + e->cx) * s - u) < 2e-6f))
    s = _ossa_clip_easing_bisect (e, u, fmaxf (e->guess[j] - 1.f / GRID, 0.f),
                                  fminf (e->guess[j + 1] + 1.f / GRID, 1.f));
  return ((e->ay * s + e->by) * s + e->cy) * s;
}
