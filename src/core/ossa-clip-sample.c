/* SPDX-License-Identifier: MIT */
/* Sampling a clip: cursors, forward playback, random seeks and the world pass
 * (the layout is in ossa-clip-private.h). */
#include "ossa-clip.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-clip-private.h"
#include "ossa-fastmath-private.h"

/* Cursor entry i. */
static inline void
set_entry (CursorGroup *restrict groups, int32_t *restrict ease_at, uint32_t i, float start,
           float inv_dt, float value, float delta, int32_t ease)
{
  CursorGroup *g = &groups[i / 4];

  g->start[i % 4] = start;
  g->inv_dt[i % 4] = inv_dt;
  g->value[i % 4] = value;
  g->delta[i % 4] = delta;
  ease_at[i] = ease;
}

/* Cursor entry s->track from play segment s. */
static inline void
cache_segment (const PlaySegment *restrict s, CursorGroup *restrict groups,
               int32_t *restrict ease_at)
{
  set_entry (groups, ease_at, s->track, s->start, s->inv_dt, s->value, s->delta, s->ease_at);
}

static void reseek (const OssaClip *clip, OssaClipCursor *c, float time);

OssaClipCursor *
ossa_clip_cursor_new (const OssaClip *clip)
{
  size_t n = clip->n_bones * OSSA_N_CHANNELS, n_groups = (n + 3) / 4;
  OssaClipCursor *c = calloc (1, sizeof *c);
  CursorGroup *groups = aligned_alloc (64, (n_groups + 1) * sizeof *groups);
  int32_t *ease_at = malloc ((n + 1) * sizeof *ease_at);

  if (c == NULL || groups == NULL || ease_at == NULL)
    {
      free (c);
      free (groups);
      free (ease_at);
      return NULL;
    }
  memset (groups, 0, (n_groups + 1) * sizeof *groups);
  c->groups = groups;
  c->ease_at = ease_at;
  reseek (clip, c, -INFINITY);
  c->time = NAN;
  return c;
}

void
ossa_clip_cursor_free (OssaClipCursor *cursor)
{
  if (cursor == NULL)
    return;
  free (cursor->groups);
  free (cursor->ease_at);
  free (cursor);
}

/* Which entry of the run [first, end) applies at t: the first, moved on by how
 * many of the others start at or before t (they are in time order). Runs are
 * short, so their next starts are compared at once, without a branch to
 * mispredict. */
static inline uint32_t
pick (const Windows *w, uint32_t first, uint32_t end, float t)
{
  uint32_t others = end - first - 1, lo, hi;

#ifdef __SSE2__
  if (others <= RUN_PAD)
    {
      __m128 next = _mm_loadu_ps (&w->start[first + 1]);
      unsigned passed = (unsigned) _mm_movemask_ps (_mm_cmple_ps (next, _mm_set1_ps (t)));

      return first + (uint32_t) __builtin_ctz (~(passed & ((1u << others) - 1)));
    }
#endif
  lo = first + 1;
  hi = end;
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;

      if (w->start[mid] <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo - 1;
}

/* The runs of the window that holds t, one per track. */
static inline const uint32_t *
runs_at (const OssaClip *clip, float t)
{
  size_t window = _ossa_clip_window_of (&clip->windows, t);

  return &clip->windows.runs[window * clip->n_bones * OSSA_N_CHANNELS];
}

static inline float
clamp01 (float u)
{
  /* NaN gives 0, as the vector paths' max (u, 0) does: a span too short for its
   * inverse to be finite (denormal) or too long to be (over FLT_MAX) makes 0 · ∞
   * or ∞ · 0 at its ends, and NaN must not reach the easing's table index. */
  return u > 0.f ? (u < 1.f ? u : 1.f) : 0.f;
}

/* y(u) for a cursor entry's ease_at: a table lookup, or the solver for an easing
 * without a table (ease_at < 0 holds −(its index)). */
static inline float
ease_at (const OssaClip *clip, int32_t at, float u)
{
  float f, a;
  int j;

  if (at < 0)
    return _ossa_clip_easing_solve (&clip->easings[-at], u);
  f = u * TABLE_STEPS;
  j = (int) f;
  if (j >= TABLE_STEPS)
    j = TABLE_STEPS - 1;
  a = clip->table_pool[at + j];
  return a + (clip->table_pool[at + j + 1] - a) * (f - (float) j);
}

static inline float
eval_cached (const OssaClip *clip, const OssaClipCursor *c, size_t i, float time)
{
  const CursorGroup *g = &c->groups[i / 4];
  float u = clamp01 ((time - g->start[i % 4]) * g->inv_dt[i % 4]);

  if (c->ease_at[i] != 0)
    u = ease_at (clip, c->ease_at[i], u);
  return g->value[i % 4] + g->delta[i % 4] * u;
}

/* The first play segment that starts after t. */
static size_t
play_after (const OssaClip *clip, float t)
{
  size_t lo = 0, hi = clip->n_segments;

  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;

      if (clip->play[mid].start <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* Every cursor entry from the seek windows: the first sample, and whenever time
 * goes back (a loop starting again, a jump) or far ahead. */
static void
reseek (const OssaClip *clip, OssaClipCursor *c, float time)
{
  const Windows *w = &clip->windows;
  const uint32_t *runs = runs_at (clip, time);
  size_t n = clip->n_bones * OSSA_N_CHANNELS;

  for (uint32_t i = 0; i < n; i++)
    {
      uint32_t j = pick (w, runs[i], runs[i + 1], time);

      set_entry (c->groups, c->ease_at, i, w->start[j], w->inv_dt[j], w->value[j], w->delta[j],
                 w->ease_at != NULL ? w->ease_at[j] : 0);
    }
  c->play_pos = play_after (clip, time);
}

/* Moving on past more than this many segments a track, a seek is cheaper than
 * replaying them. */
#define REPLAY_PER_TRACK 4
#define REPLAY_AHEAD 16

/* Brings the cursor from c->time to time. */
static void
advance (const OssaClip *clip, OssaClipCursor *c, float time)
{
  size_t p = c->play_pos, n = clip->n_segments;
  size_t budget = REPLAY_PER_TRACK * clip->n_bones * OSSA_N_CHANNELS;
  const PlaySegment *play = clip->play;
  CursorGroup *groups = c->groups;
  int32_t *ease_at = c->ease_at;

  if (!(time >= c->time))
    {
      reseek (clip, c, time);
      return;
    }
  if (n - p > budget && clip->play[p + budget].start <= time)
    {
      reseek (clip, c, time);
      return;
    }
  /* The entries written are all over the cursor: ask for their lines a few
   * segments ahead so that the writes do not queue up behind the misses. */
  for (; p < n && play[p].start <= time; p++)
    {
      if (p + REPLAY_AHEAD < n)
        {
          uint32_t ahead = play[p + REPLAY_AHEAD].track;

          __builtin_prefetch (&groups[ahead / 4], 1);
          __builtin_prefetch (&ease_at[ahead], 1);
        }
      cache_segment (&play[p], groups, ease_at);
    }
  c->play_pos = p;
}

#ifdef __SSE2__
/* y(u) of four eased lanes: ease_at offsets into the table pool (lanes at 0 use
 * the identity table, which gives u back exactly). Lanes whose easing has no
 * table (negative) are left to the caller. */
static inline __m128
ease4 (const OssaClip *clip, __m128i at, __m128 u)
{
  const __m128 steps = _mm_set1_ps ((float) TABLE_STEPS);
  __m128 f = _mm_mul_ps (u, steps);
  __m128i j = _mm_cvttps_epi32 (_mm_min_ps (f, _mm_set1_ps ((float) TABLE_STEPS - 1.f)));
  __m128 frac = _mm_sub_ps (f, _mm_cvtepi32_ps (j));
  __m128i idx = _mm_add_epi32 (_mm_and_si128 (at, _mm_cmpgt_epi32 (at, _mm_set1_epi32 (-1))), j);
  int32_t k[4];
  __m128 p01, p23, a, b;

  _mm_storeu_si128 ((__m128i *) k, idx);
  /* Each lane's two neighbouring entries in one 8-byte load. */
  p01 = _mm_castsi128_ps (_mm_unpacklo_epi64 (
    _mm_loadl_epi64 ((const __m128i *) &clip->table_pool[k[0]]),
    _mm_loadl_epi64 ((const __m128i *) &clip->table_pool[k[1]])));
  p23 = _mm_castsi128_ps (_mm_unpacklo_epi64 (
    _mm_loadl_epi64 ((const __m128i *) &clip->table_pool[k[2]]),
    _mm_loadl_epi64 ((const __m128i *) &clip->table_pool[k[3]])));
  a = _mm_shuffle_ps (p01, p23, _MM_SHUFFLE (2, 0, 2, 0));
  b = _mm_shuffle_ps (p01, p23, _MM_SHUFFLE (3, 1, 3, 1));
  return _mm_add_ps (a, _mm_mul_ps (_mm_sub_ps (b, a), frac));
}

/* Rare: lanes (bits of solve) whose easing has no table, solved one by one. */
static __m128
solve_lanes (const OssaClip *clip, const OssaClipCursor *c, const CursorGroup *g, size_t i,
             unsigned solve, float time, __m128 u)
{
  float uu[4];

  _mm_storeu_ps (uu, u);
  for (int l = 0; l < 4; l++)
    if (solve & (1u << l))
      uu[l] = _ossa_clip_easing_solve (&clip->easings[-c->ease_at[i + (size_t) l]],
                                       clamp01 ((time - g->start[l]) * g->inv_dt[l]));
  return _mm_loadu_ps (uu);
}
#endif

/* Tracks first to n (a multiple of 4) with SSE2; returns where it stopped. */
static size_t
sample_groups_sse2 (const OssaClip *clip, const OssaClipCursor *c, float time, size_t first,
                    size_t n, float *out)
{
  size_t i = first;

#ifdef __SSE2__
  const __m128 t4 = _mm_set1_ps (time), zero = _mm_setzero_ps (), one = _mm_set1_ps (1.f);
  const bool eased = clip->eased;

  for (; i + 4 <= n; i += 4)
    {
      const CursorGroup *g = &c->groups[i / 4];
      __m128 u = _mm_mul_ps (_mm_sub_ps (t4, _mm_load_ps (g->start)), _mm_load_ps (g->inv_dt));

      u = _mm_min_ps (_mm_max_ps (u, zero), one);
      if (eased)
        {
          __m128i at = _mm_loadu_si128 ((const __m128i *) &c->ease_at[i]);
          unsigned solve = (unsigned) _mm_movemask_ps (_mm_castsi128_ps (at));

          u = ease4 (clip, at, u);
          if (solve != 0)
            u = solve_lanes (clip, c, g, i, solve, time, u);
        }
      _mm_storeu_ps (&out[i], _mm_add_ps (_mm_load_ps (g->value), _mm_mul_ps (_mm_load_ps (g->delta), u)));
    }
#else
  (void) clip, (void) c, (void) time, (void) n, (void) out;
#endif
  return i;
}

#ifdef OSSA_CLIP_AVX2
/* The same eight tracks at a time: two cursor groups, the tables read with
 * gathers. */
__attribute__ ((target ("avx2,fma"))) static size_t
sample_groups_avx2 (const OssaClip *clip, const OssaClipCursor *c, float time, size_t n,
                    float *out)
{
  const __m256 t8 = _mm256_set1_ps (time), zero = _mm256_setzero_ps (), one = _mm256_set1_ps (1.f);
  const __m256 steps = _mm256_set1_ps ((float) TABLE_STEPS);
  const __m256 last = _mm256_set1_ps ((float) TABLE_STEPS - 1.f);
  const bool eased = clip->eased;
  size_t i = 0;

  for (; i + 8 <= n; i += 8)
    {
      const CursorGroup *g = &c->groups[i / 4];
#define LOAD8(field) _mm256_insertf128_ps (_mm256_castps128_ps256 (_mm_load_ps (g[0].field)), \
                                           _mm_load_ps (g[1].field), 1)
      __m256 u = _mm256_mul_ps (_mm256_sub_ps (t8, LOAD8 (start)), LOAD8 (inv_dt));

      u = _mm256_min_ps (_mm256_max_ps (u, zero), one);
      if (eased)
        {
          __m256i at = _mm256_loadu_si256 ((const __m256i *) &c->ease_at[i]);
          unsigned solve = (unsigned) _mm256_movemask_ps (_mm256_castsi256_ps (at));
          __m256 f = _mm256_mul_ps (u, steps);
          __m256i j = _mm256_cvttps_epi32 (_mm256_min_ps (f, last));
          __m256 frac = _mm256_sub_ps (f, _mm256_cvtepi32_ps (j));
          __m256i idx = _mm256_add_epi32 (_mm256_max_epi32 (at, _mm256_setzero_si256 ()), j);
          __m256 a = _mm256_i32gather_ps (clip->table_pool, idx, 4);
          __m256 b = _mm256_i32gather_ps (clip->table_pool + 1, idx, 4);

          u = _mm256_fmadd_ps (_mm256_sub_ps (b, a), frac, a);
          if (solve != 0)
            {
              __m128 lo = _mm256_castps256_ps128 (u), hi = _mm256_extractf128_ps (u, 1);

              if (solve & 0xfu)
                lo = solve_lanes (clip, c, &g[0], i, solve & 0xfu, time, lo);
              if (solve >> 4)
                hi = solve_lanes (clip, c, &g[1], i + 4, solve >> 4, time, hi);
              u = _mm256_insertf128_ps (_mm256_castps128_ps256 (lo), hi, 1);
            }
        }
      _mm256_storeu_ps (&out[i], _mm256_fmadd_ps (LOAD8 (delta), u, LOAD8 (value)));
#undef LOAD8
    }
  return i;
}
#endif

/* Every cursor entry 0 to n evaluated at time into out, vectorised. */
static void
evaluate_entries (const OssaClip *clip, const OssaClipCursor *c, float time, size_t n, float *out)
{
  size_t i = 0;

#ifdef OSSA_CLIP_AVX2
  if (clip->avx2)
    i = sample_groups_avx2 (clip, c, time, n, out);
#endif
  i = sample_groups_sse2 (clip, c, time, i, n, out);
  for (; i < n; i++)
    out[i] = eval_cached (clip, c, i, time);
}

static void
sample_forward (const OssaClip *clip, float time, OssaClipCursor *c, float *out)
{
  if (!(time == c->time))
    advance (clip, c, time);
  c->time = time;
  evaluate_entries (clip, c, time, clip->n_bones * OSSA_N_CHANNELS, out);
}

/* A random seek reads the window that holds the time front to back, each track's
 * run and the entry in force. A linear clip evaluates that entry there and then;
 * an eased one copies a block of them into a cursor for just that block, which
 * the playback loop then evaluates with its vector easing. */
#define SEEK_BLOCK 64

static void
sample_seek (const OssaClip *clip, float time, float *out)
{
  _Alignas (64) CursorGroup groups[SEEK_BLOCK / 4];
  int32_t ease[SEEK_BLOCK];
  OssaClipCursor block = { groups, ease, 0, time };
  const Windows *w = &clip->windows;
  const uint32_t *runs = runs_at (clip, time);
  size_t n = clip->n_bones * OSSA_N_CHANNELS;

  if (!clip->eased)
    {
      for (size_t i = 0; i < n; i++)
        {
          uint32_t j = pick (w, runs[i], runs[i + 1], time);

          out[i] = w->value[j] + w->delta[j] * clamp01 ((time - w->start[j]) * w->inv_dt[j]);
        }
      return;
    }
  for (size_t first = 0; first < n; first += SEEK_BLOCK)
    {
      uint32_t m = (uint32_t) (n - first < SEEK_BLOCK ? n - first : SEEK_BLOCK);

      for (uint32_t i = 0; i < m; i++)
        {
          uint32_t j = pick (w, runs[first + i], runs[first + i + 1], time);

          set_entry (groups, ease, i, w->start[j], w->inv_dt[j], w->value[j], w->delta[j],
                     w->ease_at[j]);
        }
      evaluate_entries (clip, &block, time, m, &out[first]);
    }
}

_Static_assert (sizeof (OssaTransform) == OSSA_N_CHANNELS * sizeof (float),
                "OssaTransform is the five channels in channel order");

void
ossa_clip_sample (const OssaClip *clip, float t, OssaClipCursor *cursor, OssaTransform *local)
{
  /* Tracks are laid out bone · 5 + channel, the order of OssaTransform's floats, so
   * the pose is filled front to back. Infinite times would make ∞ · 0 of a last
   * key's (t − start) · inv_dt; NaN is taken as before every key, as the editable
   * model's sampler takes it. */
  if (!(t >= -FLT_MAX))
    t = -FLT_MAX;
  else if (t > FLT_MAX)
    t = FLT_MAX;
  if (cursor != NULL)
    sample_forward (clip, t, cursor, (float *) local);
  else
    sample_seek (clip, t, (float *) local);
}

/* sin and cos of n rotations, four at a time where SSE2 is there. */
static void
sincos_all (const OssaTransform *local, size_t n, float *s, float *c)
{
  size_t b = 0;

#ifdef __SSE2__
  for (; b + 4 <= n; b += 4)
    {
      __m128 s4, c4;
      int big = 0;

      _ossa_sincos4 (_mm_set_ps (local[b + 3].rotation, local[b + 2].rotation,
                                 local[b + 1].rotation, local[b].rotation),
                     &s4, &c4, &big);
      _mm_storeu_ps (&s[b], s4);
      _mm_storeu_ps (&c[b], c4);
      for (int i = 0; big && i < 4; i++)
        _ossa_sincosf_inline (local[b + i].rotation, &s[b + i], &c[b + i]);
    }
#endif
  for (; b < n; b++)
    _ossa_sincosf_inline (local[b].rotation, &s[b], &c[b]);
}

/* Bones are done in chunks whose sines and cosines fit on the stack. */
#define WORLD_CHUNK 256

void
ossa_clip_sample_world (const OssaClip *clip, float t, OssaClipCursor *cursor,
                        OssaTransform *local, OssaXform *world)
{
  float s[WORLD_CHUNK], c[WORLD_CHUNK];

  /* Sampling first (independent per track); then, a chunk at a time, the sines
   * and cosines (independent per bone, so vectorised) and the world matrices in
   * bone order, the only part that has to wait for another bone. */
  ossa_clip_sample (clip, t, cursor, local);
  for (size_t first = 0; first < clip->n_bones; first += WORLD_CHUNK)
    {
      size_t n = clip->n_bones - first < WORLD_CHUNK ? clip->n_bones - first : WORLD_CHUNK;

      sincos_all (&local[first], n, s, c);
      for (size_t i = 0; i < n; i++)
        {
          const OssaTransform *l = &local[first + i];
          int32_t parent = clip->parents[first + i];
          OssaXform m = { c[i] * l->scale_x, s[i] * l->scale_x, -s[i] * l->scale_y,
                          c[i] * l->scale_y, l->x, l->y };

          world[first + i] = parent < 0 ? m : _ossa_xform_multiply_inline (&world[parent], &m);
        }
    }
}

