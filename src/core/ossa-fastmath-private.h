/* SPDX-License-Identifier: MIT */
/* Inline sin/cos and transform composition for the core's per-bone hot loops
 * (pose, math, clip). Not installed; nothing here allocates or keeps state.
 * Private functions start with an underscore, static inline ones included. */
#pragma once

#include <math.h>
#include <stddef.h>

#include "ossa-math.h"

/* sin and cos together, inline, for the per-bone hot path where a libm call (with
 * its errno and huge-argument handling) costs as much as the rest of a bone.
 * Reduction by quarter turns in double (exact enough for |a| < 2^31), then float
 * polynomials on [−π/4, π/4] (Taylor terms through x^9 / x^8: error below 4e-8,
 * under one float ulp). Falls back to libm outside that range or for NaN/inf. */
static inline void
_ossa_sincosf_inline (float a, float *s_out, float *c_out)
{
  const double two_over_pi = 0.63661977236758134308;
  const double pi_over_two = 1.57079632679489661923;
  const double round_magic = 6755399441055744.0; /* 1.5 · 2^52 */
  double qd, rd;
  float r, r2, s, c;
  long q;

  if (!(fabsf (a) < 2.0e9f))
    {
      *s_out = sinf (a);
      *c_out = cosf (a);
      return;
    }
  /* Adding and removing 1.5 · 2^52 rounds to the nearest integer without a call. */
  qd = ((double) a * two_over_pi + round_magic) - round_magic;
  rd = (double) a - qd * pi_over_two;
  q = (long) qd;
  r = (float) rd;
  r2 = r * r;
  s = r + r * r2 * (-1.6666667e-1f + r2 * (8.3333333e-3f + r2 * (-1.9841270e-4f + r2 * 2.7557319e-6f)));
  c = 1.f + r2 * (-0.5f + r2 * (4.1666667e-2f + r2 * (-1.3888889e-3f + r2 * 2.4801587e-5f)));
  switch (q & 3)
    {
    case 0: *s_out = s;  *c_out = c;  break;
    case 1: *s_out = c;  *c_out = -s; break;
    case 2: *s_out = -s; *c_out = -c; break;
    default: *s_out = -c; *c_out = s; break;
    }
}

/* world = parent · T·R·S(local), written out so the compiler keeps everything in
 * registers; parent NULL for a root. */
static inline void
_ossa_compose_inline (const OssaXform *parent, const OssaTransform *t, OssaXform *world)
{
  float s, c, a, b, cc, d;

  _ossa_sincosf_inline (t->rotation, &s, &c);
  a = c * t->scale_x;
  b = s * t->scale_x;
  cc = -s * t->scale_y;
  d = c * t->scale_y;
  if (parent == NULL)
    {
      *world = (OssaXform) { a, b, cc, d, t->x, t->y };
      return;
    }
  world->a = parent->a * a + parent->c * b;
  world->b = parent->b * a + parent->d * b;
  world->c = parent->a * cc + parent->c * d;
  world->d = parent->b * cc + parent->d * d;
  world->tx = parent->a * t->x + parent->c * t->y + parent->tx;
  world->ty = parent->b * t->x + parent->d * t->y + parent->ty;
}

#ifdef __SSE2__
#include <emmintrin.h>

/* Four sincos at once (SSE2, part of every x86-64). Same polynomials as above;
 * the quarter-turn reduction is done in float with π/2 split in three parts
 * (Cody–Waite), exact enough for |a| < 8192. Larger angles: *big is set, and the
 * caller redoes those lanes with _ossa_sincosf_inline(). */
static inline void
_ossa_sincos4 (__m128 a, __m128 *s_out, __m128 *c_out, int *big)
{
  const __m128 two_over_pi = _mm_set1_ps (0.63661977236758134f);
  const __m128 p1 = _mm_set1_ps (1.5703125f);
  const __m128 p2 = _mm_set1_ps (4.837512969970703125e-4f);
  const __m128 p3 = _mm_set1_ps (7.54978995489188216e-8f);
  __m128i q = _mm_cvtps_epi32 (_mm_mul_ps (a, two_over_pi));  /* round to nearest */
  __m128 qf = _mm_cvtepi32_ps (q);
  __m128 r = _mm_sub_ps (_mm_sub_ps (_mm_sub_ps (a, _mm_mul_ps (qf, p1)), _mm_mul_ps (qf, p2)),
                         _mm_mul_ps (qf, p3));
  __m128 r2 = _mm_mul_ps (r, r);
  __m128 s, c, swap, sin_neg, cos_neg;
  __m128i one = _mm_set1_epi32 (1), two = _mm_set1_epi32 (2);
  __m128 abs_a = _mm_andnot_ps (_mm_set1_ps (-0.f), a);

  s = _mm_add_ps (_mm_set1_ps (-1.9841270e-4f), _mm_mul_ps (r2, _mm_set1_ps (2.7557319e-6f)));
  s = _mm_add_ps (_mm_set1_ps (8.3333333e-3f), _mm_mul_ps (r2, s));
  s = _mm_add_ps (_mm_set1_ps (-1.6666667e-1f), _mm_mul_ps (r2, s));
  s = _mm_add_ps (r, _mm_mul_ps (_mm_mul_ps (r, r2), s));
  c = _mm_add_ps (_mm_set1_ps (-1.3888889e-3f), _mm_mul_ps (r2, _mm_set1_ps (2.4801587e-5f)));
  c = _mm_add_ps (_mm_set1_ps (4.1666667e-2f), _mm_mul_ps (r2, c));
  c = _mm_add_ps (_mm_set1_ps (-0.5f), _mm_mul_ps (r2, c));
  c = _mm_add_ps (_mm_set1_ps (1.f), _mm_mul_ps (r2, c));
  /* Odd quadrants swap sin and cos; quadrants 2, 3 negate sin; 1, 2 negate cos. */
  swap = _mm_castsi128_ps (_mm_cmpeq_epi32 (_mm_and_si128 (q, one), one));
  sin_neg = _mm_castsi128_ps (_mm_slli_epi32 (_mm_and_si128 (q, two), 30));
  cos_neg = _mm_castsi128_ps (_mm_slli_epi32 (_mm_and_si128 (_mm_add_epi32 (q, one), two), 30));
  *s_out = _mm_xor_ps (_mm_or_ps (_mm_and_ps (swap, c), _mm_andnot_ps (swap, s)), sin_neg);
  *c_out = _mm_xor_ps (_mm_or_ps (_mm_and_ps (swap, s), _mm_andnot_ps (swap, c)), cos_neg);
  /* NaN compares false, so !(|a| < 8192) catches it too. */
  *big |= _mm_movemask_ps (_mm_cmpnlt_ps (abs_a, _mm_set1_ps (8192.f)));
}
#endif

static inline OssaXform
_ossa_xform_multiply_inline (const OssaXform *p, const OssaXform *m)
{
  return (OssaXform) {
    .a = p->a * m->a + p->c * m->b,
    .b = p->b * m->a + p->d * m->b,
    .c = p->a * m->c + p->c * m->d,
    .d = p->b * m->c + p->d * m->d,
    .tx = p->a * m->tx + p->c * m->ty + p->tx,
    .ty = p->b * m->tx + p->d * m->ty + p->ty,
  };
}
