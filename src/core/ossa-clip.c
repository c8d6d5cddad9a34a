/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ossa-clip.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-fastmath-private.h"

/* One segment, starting at a key: value(t) = value + delta · ease(clamp((t − time) ·
 * inv_dt)). The spin rule, STEP (delta 0) and the last key (delta 0, inv_dt 0) are
 * folded in when the clip is built, so sampling never branches on them. 16 bytes:
 * four segments a cache line. */
typedef struct
{
  float time;
  float value;
  float delta;
  float inv_dt;
} Segment;

/* A BEZIER segment's easing y(u): the two cubics in the curve parameter s, and a
 * table of s at u = 0, 1/16 … 1 to start Newton from. Two Newton steps reach float
 * precision; near a vertical tangent (x1 or x2 at 0 or 1), where Newton stalls,
 * bisection takes over. (A cubic Hermite table of y(u) was tried: it needs many
 * nodes exactly for the presets, ease-in and ease-out, whose tangents are
 * vertical at one end.) */
#define GUESS_STEPS 16
#define GRID 64
typedef struct
{
  float ax, bx, cx;
  float ay, by, cy;
  float guess[GUESS_STEPS + 1];
} Easing;


/* Every bone has a track per channel, in order bone · 5 + channel; a channel the
 * animation does not touch gets a one-key track holding the rest value. That keeps
 * the sampling loop free of lookups and branches on which channels exist. */
typedef struct
{
  uint32_t first;        /* first segment in clip->segments */
  uint32_t last;         /* last segment (the last key) */
  float    t0;           /* time of the first key */
  float    scale;        /* buckets per second */
  uint32_t n_buckets;    /* bucket b: last segment at or before t0 + b / scale */
  int32_t  first_easing; /* -1: no BEZIER key; else index into clip->easing_of */
} Track;

struct OssaClip
{
  size_t    n_bones;
  int32_t  *parents;
  Track    *tracks;        /* n_bones · OSSA_N_CHANNELS */
  Segment  *segments;
  uint32_t *buckets;       /* one per segment, as absolute segment indices */
  int32_t  *easing_of;     /* per segment of tracks with BEZIER keys: its easing */
  Easing   *easings;       /* easings[0] is linear, for the other segments there */
  float     duration;
};

/* A copy of the segment a track used last time, with the time range in which it
 * still applies. During playback nearly every frame stays inside it, so sampling
 * reads this array front to back and touches the clip's key data only when a track
 * passes a key. */
typedef struct
{
  float    lo, hi;         /* the segment applies for lo <= t < hi */
  float    start, inv_dt, value, delta;
  uint32_t segment;
  int32_t  easing;         /* -1 (track has no BEZIER key) or index into clip->easings */
} CachedSegment;

struct OssaClipCursor
{
  CachedSegment *tracks;
};

static void
build_easing (const OssaCurve *curve, Easing *e)
{
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
static void
build_linear_easing (Easing *e)
{
  memset (e, 0, sizeof *e);
  e->cx = e->cy = 1.f;
  for (int j = 0; j <= GUESS_STEPS; j++)
    e->guess[j] = (float) j / GUESS_STEPS;
}

static inline float
fast_reciprocal (float x)
{
#ifdef __SSE__
  return _mm_cvtss_f32 (_mm_rcp_ss (_mm_set_ss (x)));
#else
  return 1.f / x;
#endif
}

static float
bisect (const Easing *e, float u, float lo, float hi)
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

static inline __attribute__ ((always_inline)) float
ease (const Easing *e, float u)
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
        s -= x * fast_reciprocal (slope);
    }
  /* Near a vertical tangent (x1 or x2 at 0 or 1) Newton can stall. Each table
   * entry is within one grid cell of the truth, so the nodes widened by a cell
   * bracket the answer: bisect there. Rare, hence a branch. */
  if (!(fabsf (((e->ax * s + e->bx) * s + e->cx) * s - u) < 2e-6f))
    s = bisect (e, u, fmaxf (e->guess[j] - 1.f / GRID, 0.f), fminf (e->guess[j + 1] + 1.f / GRID, 1.f));
  return ((e->ay * s + e->by) * s + e->cy) * s;
}

static void
build_segments (const OssaTrack *src, Segment *seg)
{
  for (size_t i = 0; i < src->n_keys; i++)
    {
      OssaKey k = ossa_track_get_key (src, i);
      Segment *s = &seg[i];

      s->time = k.time;
      s->value = k.value;
      s->delta = 0.f;
      s->inv_dt = 0.f;
      if (i + 1 == src->n_keys)
        continue;
      s->inv_dt = (float) (1.0 / ((double) src->times[i + 1] - k.time));
      if (k.interp == OSSA_INTERP_STEP)
        continue;
      if (src->channel == OSSA_CHANNEL_ROTATE)
        s->delta = (float) ossa_rotation_delta (k.value, src->values[i + 1], k.spin, k.turns);
      else
        s->delta = (float) ((double) src->values[i + 1] - k.value);
    }
}

/* Uniform buckets over the key span, as many as keys: with evenly spaced keys the
 * bucket lands on the right segment or one before it. */
static void
build_buckets (const float *times, size_t n_keys, Track *t, uint32_t *buckets)
{
  float span = times[n_keys - 1] - times[0];
  size_t k = 0;

  t->t0 = times[0];
  t->n_buckets = (uint32_t) n_keys;
  t->scale = span > 0 ? (float) n_keys / span : 0.f;
  for (uint32_t b = 0; b < n_keys; b++)
    {
      float start = t->scale > 0 ? t->t0 + (float) b / t->scale : t->t0;

      while (k + 1 < n_keys && times[k + 1] <= start)
        k++;
      buckets[b] = t->first + (uint32_t) k;
    }
}

static bool
has_bezier (const OssaTrack *src)
{
  for (size_t k = 0; src->interp != NULL && k + 1 < src->n_keys; k++)
    if (src->interp[k] == OSSA_INTERP_BEZIER)
      return true;
  return false;
}

/* The animation's track for each (bone, channel), or NULL: slots[bone · 5 + channel]. */
static const OssaTrack **
index_tracks (const OssaAnimation *anim, size_t n_bones)
{
  const OssaTrack **slots = calloc (n_bones * OSSA_N_CHANNELS + 1, sizeof *slots);

  if (slots == NULL)
    return NULL;
  for (size_t i = 0; i < anim->n_tracks; i++)
    if (anim->tracks[i].n_keys > 0)
      slots[anim->tracks[i].bone * OSSA_N_CHANNELS + anim->tracks[i].channel] = &anim->tracks[i];
  return slots;
}

static bool
allocate (OssaClip *clip, size_t n_segments, size_t n_easings, size_t n_eased_segments)
{
  size_t n_tracks = clip->n_bones * OSSA_N_CHANNELS;

  clip->parents = malloc (clip->n_bones * sizeof *clip->parents + 1);
  clip->tracks = calloc (n_tracks + 1, sizeof *clip->tracks);
  clip->segments = malloc (n_segments * sizeof *clip->segments + 1);
  clip->buckets = malloc (n_segments * sizeof *clip->buckets + 1);
  clip->easing_of = malloc (n_eased_segments * sizeof *clip->easing_of + 1);
  clip->easings = malloc ((n_easings + 1) * sizeof *clip->easings);
  return clip->parents && clip->tracks && clip->segments && clip->buckets && clip->easing_of
         && clip->easings;
}

/* Fills one track slot from src, or with a constant rest value when src is NULL. */
static void
build_track (OssaClip *clip, Track *t, const OssaTrack *src, float rest, size_t *seg,
             size_t *eased, size_t *easing)
{
  float zero = 0.f;
  OssaTrack constant = { 0 };
  size_t n_keys;

  if (src == NULL)
    {
      constant.n_keys = constant.capacity = 1;
      constant.times = &zero;
      constant.values = &rest;
      src = &constant;
    }
  n_keys = src->n_keys;
  t->first = (uint32_t) *seg;
  t->last = (uint32_t) (*seg + n_keys - 1);
  t->first_easing = -1;
  build_segments (src, &clip->segments[*seg]);
  build_buckets (src->times, n_keys, t, &clip->buckets[*seg]);
  if (has_bezier (src))
    {
      t->first_easing = (int32_t) *eased;
      for (size_t k = 0; k < n_keys; k++)
        {
          bool bez = src->interp[k] == OSSA_INTERP_BEZIER && k + 1 < n_keys;

          /* Other segments of a track that has BEZIER keys ease linearly through
           * easings[0]: no branch per segment in the sampling loop. */
          clip->easing_of[*eased + k] = bez ? (int32_t) *easing : 0;
          if (bez)
            {
              OssaKey key = ossa_track_get_key (src, k);

              build_easing (&key.curve, &clip->easings[(*easing)++]);
            }
        }
      *eased += n_keys;
    }
  *seg += n_keys;
}

OssaClip *
ossa_clip_new (const OssaAnimation *anim, const OssaSkeleton *skel, OssaError *err)
{
  OssaClip *clip = NULL;
  const OssaTrack **slots = NULL;
  size_t n_slots = skel->n_bones * OSSA_N_CHANNELS;
  size_t n_segments = 0, n_easings = 0, n_eased = 0, seg = 0, eased = 0, easing = 1;

  if (!ossa_animation_validate (anim, skel->n_bones, err))
    return NULL;
  clip = calloc (1, sizeof *clip);
  slots = index_tracks (anim, skel->n_bones);
  if (clip == NULL || slots == NULL)
    goto oom;
  clip->n_bones = skel->n_bones;
  clip->duration = anim->duration;
  for (size_t i = 0; i < n_slots; i++)
    {
      const OssaTrack *t = slots[i];

      n_segments += t ? t->n_keys : 1;
      if (t && has_bezier (t))
        {
          n_eased += t->n_keys;
          for (size_t k = 0; k + 1 < t->n_keys; k++)
            n_easings += t->interp[k] == OSSA_INTERP_BEZIER;
        }
    }
  if (n_segments >= UINT32_MAX || !allocate (clip, n_segments, n_easings, n_eased))
    goto oom;
  build_linear_easing (&clip->easings[0]);
  for (size_t b = 0; b < skel->n_bones; b++)
    {
      clip->parents[b] = skel->bones[b].parent;
      for (int c = 0; c < OSSA_N_CHANNELS; c++)
        build_track (clip, &clip->tracks[b * OSSA_N_CHANNELS + c], slots[b * OSSA_N_CHANNELS + c],
                     ossa_transform_get_channel (&skel->bones[b].rest, (OssaChannel) c),
                     &seg, &eased, &easing);
    }
  free (slots);
  return clip;

oom:
  free (slots);
  ossa_clip_free (clip);
  ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
  return NULL;
}

void
ossa_clip_free (OssaClip *clip)
{
  if (clip == NULL)
    return;
  free (clip->parents);
  free (clip->tracks);
  free (clip->segments);
  free (clip->buckets);
  free (clip->easing_of);
  free (clip->easings);
  free (clip);
}

size_t
ossa_clip_n_bones (const OssaClip *clip)
{
  return clip->n_bones;
}

float
ossa_clip_duration (const OssaClip *clip)
{
  return clip->duration;
}

/* Refills a cursor entry for the segment k of track t. */
static void
cache_segment (const OssaClip *clip, const Track *t, uint32_t k, CachedSegment *c)
{
  const Segment *s = &clip->segments[k];

  c->lo = k == t->first ? -INFINITY : s->time;
  c->hi = k == t->last ? INFINITY : clip->segments[k + 1].time;
  c->start = s->time;
  c->inv_dt = s->inv_dt;
  c->value = s->value;
  c->delta = s->delta;
  c->segment = k;
  c->easing = t->first_easing >= 0 ? clip->easing_of[t->first_easing + (int32_t) (k - t->first)] : -1;
}

OssaClipCursor *
ossa_clip_cursor_new (const OssaClip *clip)
{
  size_t n = clip->n_bones * OSSA_N_CHANNELS;
  OssaClipCursor *cursor = malloc (sizeof *cursor);

  if (cursor == NULL)
    return NULL;
  cursor->tracks = malloc ((n + 1) * sizeof *cursor->tracks);
  if (cursor->tracks == NULL)
    {
      free (cursor);
      return NULL;
    }
  for (size_t i = 0; i < n; i++)
    cache_segment (clip, &clip->tracks[i], clip->tracks[i].first, &cursor->tracks[i]);
  return cursor;
}

void
ossa_clip_cursor_free (OssaClipCursor *cursor)
{
  if (cursor == NULL)
    return;
  free (cursor->tracks);
  free (cursor);
}

static inline uint32_t
bucket_index (const Track *t, float time)
{
  float f = (time - t->t0) * t->scale;
  uint32_t b = f > 0.f ? (f < (float) t->n_buckets ? (uint32_t) f : t->n_buckets - 1) : 0;

  return t->first + b;
}

/* The segment for time: from hint when time has not gone back before it, else from
 * the bucket table; then a short walk forward. */
static inline uint32_t
find_segment (const OssaClip *clip, const Track *t, float time, uint32_t hint)
{
  const Segment *seg = clip->segments;
  uint32_t k = seg[hint].time <= time ? hint : clip->buckets[bucket_index (t, time)];

  while (k < t->last && seg[k + 1].time <= time)
    k++;
  return k;
}

static inline float
clamp01 (float u)
{
  return u < 0.f ? 0.f : (u > 1.f ? 1.f : u);
}

static inline float
sample_cached (const OssaClip *clip, const Track *t, float time, CachedSegment *c)
{
  float u;

  if (!(time >= c->lo && time < c->hi))
    cache_segment (clip, t, find_segment (clip, t, time, c->segment), c);
  u = clamp01 ((time - c->start) * c->inv_dt);
  if (c->easing > 0)
    u = ease (&clip->easings[c->easing], u);
  return c->value + c->delta * u;
}

static inline float
sample_seek (const OssaClip *clip, const Track *t, float time)
{
  uint32_t k = find_segment (clip, t, time, t->last);
  const Segment *s = &clip->segments[k];
  float u = clamp01 ((time - s->time) * s->inv_dt);

  if (t->first_easing >= 0)
    {
      int32_t e = clip->easing_of[t->first_easing + (int32_t) (k - t->first)];

      u = ease (&clip->easings[e], u);
    }
  return s->value + s->delta * u;
}

/* How far ahead random seeks prefetch: bucket entries 2·LOOKAHEAD tracks ahead and
 * segments LOOKAHEAD tracks ahead, so both dependent misses are in flight long
 * before they are needed. */
#define LOOKAHEAD 8

_Static_assert (sizeof (OssaTransform) == OSSA_N_CHANNELS * sizeof (float),
                "OssaTransform is the five channels in channel order");

void
ossa_clip_sample (const OssaClip *clip, float t, OssaClipCursor *cursor, OssaTransform *local)
{
  size_t n = clip->n_bones * OSSA_N_CHANNELS;
  float *out = (float *) local;

  /* Tracks are laid out bone · 5 + channel, the order of OssaTransform's floats, so
   * the pose is filled front to back. */
  if (cursor != NULL)
    {
      for (size_t i = 0; i < n; i++)
        out[i] = sample_cached (clip, &clip->tracks[i], t, &cursor->tracks[i]);
      return;
    }
  for (size_t i = 0; i < n; i++)
    {
      if (i + 2 * LOOKAHEAD < n)
        __builtin_prefetch (&clip->buckets[bucket_index (&clip->tracks[i + 2 * LOOKAHEAD], t)]);
      if (i + LOOKAHEAD < n)
        __builtin_prefetch (&clip->segments[clip->buckets[bucket_index (&clip->tracks[i + LOOKAHEAD], t)]]);
      out[i] = sample_seek (clip, &clip->tracks[i], t);
    }
}

static inline void
local_matrix (const OssaTransform *t, float s, float c, OssaXform *m)
{
  *m = (OssaXform) { c * t->scale_x, s * t->scale_x, -s * t->scale_y, c * t->scale_y, t->x, t->y };
}

/* Local matrices of every bone, four sincos at a time where SSE2 is there. */
static void
local_matrices (const OssaTransform *local, size_t n, OssaXform *out)
{
  size_t b = 0;

#ifdef __SSE2__
  for (; b + 4 <= n; b += 4)
    {
      __m128 s4, c4;
      float s[4], c[4];
      int big = 0;

      ossa_sincos4 (_mm_set_ps (local[b + 3].rotation, local[b + 2].rotation,
                                local[b + 1].rotation, local[b].rotation),
                    &s4, &c4, &big);
      _mm_storeu_ps (s, s4);
      _mm_storeu_ps (c, c4);
      for (int i = 0; i < 4; i++)
        {
          if (big)
            ossa_sincosf_inline (local[b + i].rotation, &s[i], &c[i]);
          local_matrix (&local[b + i], s[i], c[i], &out[b + i]);
        }
    }
#endif
  for (; b < n; b++)
    {
      float s, c;

      ossa_sincosf_inline (local[b].rotation, &s, &c);
      local_matrix (&local[b], s, c, &out[b]);
    }
}

void
ossa_clip_sample_world (const OssaClip *clip, float t, OssaClipCursor *cursor,
                        OssaTransform *local, OssaXform *world)
{
  /* Three passes: sampling (independent per track), local matrices (independent
   * per bone, so vectorised), then parent · local in bone order, the only part
   * that has to wait for another bone. */
  ossa_clip_sample (clip, t, cursor, local);
  local_matrices (local, clip->n_bones, world);
  for (size_t b = 0; b < clip->n_bones; b++)
    {
      int32_t parent = clip->parents[b];

      if (parent >= 0)
        world[b] = ossa_xform_multiply_inline (&world[parent], &world[b]);
    }
}
