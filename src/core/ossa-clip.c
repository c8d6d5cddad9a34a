/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ossa-clip.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-fastmath-private.h"

/* One segment, starting at a key and ending at the next one's time:
 * value(u) = value + delta · ease(u), u the clamped fraction of the way. The spin
 * rule and STEP (delta 0) are folded in when the clip is built; the last key has
 * delta 0. 16 bytes: four segments a cache line. */
typedef struct
{
  float   time;
  float   value;
  float   delta;
  int32_t easing;  /* 0: linear (LINEAR, STEP, last key); else index into clip->easings */
} Segment;

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
 * one past MAX_TABLES distinct curves, is solved each time instead. */
#define TABLE_STEPS 4096
#define TABLE_TOLERANCE 2e-6
#define MAX_TABLES 256
typedef struct
{
  float ax, bx, cx;
  float ay, by, cy;
  float guess[GUESS_STEPS + 1];
  OssaCurve curve;               /* what it was built from, to share it */
  float *table;                  /* y at u = j / TABLE_STEPS, or NULL: solve */
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
  uint32_t first_bucket; /* where its buckets start in clip->buckets */
} Track;

/* The same segments again for playback, sorted by the time they start, each with
 * what a cursor needs to use it and the index of its track's next segment. When
 * playback passes a key, the tracks that pass keys at about that time find their
 * next segments next to each other in memory, instead of one cache miss a track:
 * key times across tracks tend to line up (ozz-animation sorts its keys so too). */
typedef struct
{
  float    start;   /* its key's time; the segment applies from it (or from −∞ for
                     * the first) to end */
  float    end;     /* the next key's time, +∞ for the last */
  float    value, delta;
  int32_t  easing;
  uint32_t next;    /* the track's next segment here (itself for the last) */
  float    inv_dt;  /* 1 / (end − start), 0 for the last */
} PlaySegment;

struct OssaClip
{
  size_t    n_bones;
  int32_t  *parents;
  Track    *tracks;        /* n_bones · OSSA_N_CHANNELS */
  Segment  *segments;
  uint32_t *buckets;       /* per track, as absolute segment indices */
  PlaySegment *play;       /* the segments sorted by start time */
  uint32_t *play_index;    /* per segment: where it is in play */
  size_t    n_segments;
  Easing   *easings;       /* easings[0] is the identity: easing 0 means linear */
  size_t    n_easings;
  float     duration;
};

/* For each track, a copy of the segment it used last time and the time until
 * which that segment applies. During playback nearly every frame stays
 * inside it, so sampling streams these arrays front to back, four tracks at a time,
 * and touches the clip's key data only when a track passes a key. One array per
 * field (not per track) so that four tracks are one vector load. */
struct OssaClipCursor
{
  float    *hi;            /* the segment applies until hi (time only moves on) */
  float    *start, *inv_dt, *value, *delta;
  int32_t  *easing;        /* 0: linear; else index into clip->easings */
  uint32_t *next;          /* the track's next segment in clip->play */
  float     time;          /* of the last sample, NAN before the first */
};

static void
build_easing (const OssaCurve *curve, Easing *e)
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
static void
build_linear_easing (Easing *e)
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

static float
solve_ease (const Easing *e, float u)
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

typedef struct Builder Builder;
static int32_t intern_easing (OssaClip *clip, Builder *b, const OssaCurve *curve);

static inline float
ease (const Easing *e, float u)
{
  float f, a;
  int j;

  if (e->table == NULL)
    return solve_ease (e, u);
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
exact_ease (const Easing *e, double u)
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
static void
build_table (Easing *e)
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

static void
build_segments (OssaClip *clip, Builder *b, const OssaTrack *src, Segment *seg)
{
  for (size_t i = 0; i < src->n_keys; i++)
    {
      OssaKey k = ossa_track_get_key (src, i);
      Segment *s = &seg[i];

      s->time = k.time;
      s->value = k.value;
      s->delta = 0.f;
      s->easing = 0;
      if (i + 1 == src->n_keys || k.interp == OSSA_INTERP_STEP)
        continue;
      if (src->channel == OSSA_CHANNEL_ROTATE)
        s->delta = (float) ossa_rotation_delta (k.value, src->values[i + 1], k.spin, k.turns);
      else
        s->delta = (float) ((double) src->values[i + 1] - k.value);
      if (k.interp == OSSA_INTERP_BEZIER)
        s->easing = intern_easing (clip, b, &k.curve);
    }
}

/* Uniform buckets over the key span, one per KEYS_PER_BUCKET keys: with evenly
 * spaced keys the bucket lands within a cache line or two of the right segment,
 * and the table stays small enough to stay in cache, so a random seek costs one
 * miss a track (the segment) rather than two. */
#define KEYS_PER_BUCKET 4

static void
build_buckets (const float *times, size_t n_keys, Track *t, uint32_t *buckets)
{
  float span = times[n_keys - 1] - times[0];
  size_t n_buckets = (n_keys + KEYS_PER_BUCKET - 1) / KEYS_PER_BUCKET;
  size_t k = 0;

  t->t0 = times[0];
  t->n_buckets = (uint32_t) n_buckets;
  t->scale = span > 0 ? (float) n_buckets / span : 0.f;
  for (uint32_t b = 0; b < n_buckets; b++)
    {
      float start = t->scale > 0 ? t->t0 + (float) b / t->scale : t->t0;

      while (k + 1 < n_keys && times[k + 1] <= start)
        k++;
      buckets[b] = t->first + (uint32_t) k;
    }
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
allocate (OssaClip *clip, size_t n_segments, size_t n_easings)
{
  size_t n_tracks = clip->n_bones * OSSA_N_CHANNELS;

  clip->parents = malloc (clip->n_bones * sizeof *clip->parents + 1);
  clip->tracks = calloc (n_tracks + 1, sizeof *clip->tracks);
  clip->segments = malloc (n_segments * sizeof *clip->segments + 1);
  clip->buckets = malloc (n_segments * sizeof *clip->buckets + 1);
  clip->easings = malloc ((n_easings + 1) * sizeof *clip->easings);
  return clip->parents && clip->tracks && clip->segments && clip->buckets && clip->easings;
}

/* Where the next segment and easing go while a clip is built, and a hash set of
 * the curves seen so far: keys mostly use a few presets, and one easing per
 * distinct curve keeps them all in cache while sampling. */
struct Builder
{
  size_t   segment;
  size_t   bucket;
  size_t   n_easings;
  int32_t *curve_slots;  /* easing index or -1; capacity a power of two */
  size_t   curve_mask;
};

static uint32_t
hash_curve (const OssaCurve *c)
{
  uint32_t words[4], h = 2166136261u;

  memcpy (words, c, sizeof words);
  for (int i = 0; i < 4; i++)
    h = (h ^ words[i]) * 16777619u;
  return h ^ (h >> 15);
}

/* The easing for curve, built the first time the curve is seen. */
static int32_t
intern_easing (OssaClip *clip, Builder *b, const OssaCurve *curve)
{
  size_t i = hash_curve (curve) & b->curve_mask;
  int32_t e;

  while ((e = b->curve_slots[i]) >= 0)
    {
      if (memcmp (&clip->easings[e].curve, curve, sizeof *curve) == 0)
        return e;
      i = (i + 1) & b->curve_mask;
    }
  e = (int32_t) b->n_easings++;
  build_easing (curve, &clip->easings[e]);
  clip->easings[e].table = NULL;
  if (e <= MAX_TABLES)
    build_table (&clip->easings[e]);
  b->curve_slots[i] = e;
  return e;
}

/* Fills one track slot from src, or with a constant rest value when src is NULL. */
static void
build_track (OssaClip *clip, Track *t, const OssaTrack *src, float rest, Builder *b)
{
  float zero = 0.f;
  OssaTrack constant = { 0 };

  if (src == NULL)
    {
      constant.n_keys = constant.capacity = 1;
      constant.times = &zero;
      constant.values = &rest;
      src = &constant;
    }
  t->first = (uint32_t) b->segment;
  t->last = (uint32_t) (b->segment + src->n_keys - 1);
  build_segments (clip, b, src, &clip->segments[b->segment]);
  t->first_bucket = (uint32_t) b->bucket;
  build_buckets (src->times, src->n_keys, t, &clip->buckets[b->bucket]);
  b->bucket += t->n_buckets;
  b->segment += src->n_keys;
}

typedef struct
{
  float    time;
  uint32_t segment;
} ByTime;

static int
compare_by_time (const void *pa, const void *pb)
{
  const ByTime *a = pa, *b = pb;

  if (a->time != b->time)
    return a->time < b->time ? -1 : 1;
  return (a->segment > b->segment) - (a->segment < b->segment);
}

/* Sorts the segments by start time into clip->play and links each to its track's
 * next one. */
static bool
build_play (OssaClip *clip)
{
  size_t n = clip->n_segments, n_tracks = clip->n_bones * OSSA_N_CHANNELS;
  ByTime *order = malloc ((n + 1) * sizeof *order);

  clip->play = malloc ((n + 1) * sizeof *clip->play);
  clip->play_index = malloc ((n + 1) * sizeof *clip->play_index);
  if (order == NULL || clip->play == NULL || clip->play_index == NULL)
    {
      free (order);
      return false;
    }
  for (size_t k = 0; k < n; k++)
    order[k] = (ByTime) { clip->segments[k].time, (uint32_t) k };
  qsort (order, n, sizeof *order, compare_by_time);
  for (size_t p = 0; p < n; p++)
    clip->play_index[order[p].segment] = (uint32_t) p;
  free (order);
  for (size_t i = 0; i < n_tracks; i++)
    {
      const Track *t = &clip->tracks[i];

      for (uint32_t k = t->first; k <= t->last; k++)
        {
          const Segment *s = &clip->segments[k];
          PlaySegment *ps = &clip->play[clip->play_index[k]];

          ps->start = s->time;
          ps->end = k == t->last ? INFINITY : s[1].time;
          ps->value = s->value;
          ps->delta = s->delta;
          ps->easing = s->easing;
          ps->next = clip->play_index[k == t->last ? k : k + 1];
          ps->inv_dt = k == t->last ? 0.f : 1.f / (s[1].time - s->time);
        }
    }
  return true;
}

OssaClip *
ossa_clip_new (const OssaAnimation *anim, const OssaSkeleton *skel, OssaError *err)
{
  OssaClip *clip = NULL;
  const OssaTrack **slots = NULL;
  size_t n_slots = skel->n_bones * OSSA_N_CHANNELS;
  size_t n_segments = 0, n_easings = 0, cap = 16;
  Builder builder = { 0, 0, 1, NULL, 0 };

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
      for (size_t k = 0; t && t->interp && k + 1 < t->n_keys; k++)
        n_easings += t->interp[k] == OSSA_INTERP_BEZIER;
    }
  while (cap < 2 * (n_easings + 1))
    cap *= 2;
  builder.curve_slots = malloc (cap * sizeof *builder.curve_slots);
  builder.curve_mask = cap - 1;
  if (n_segments >= UINT32_MAX || builder.curve_slots == NULL
      || !allocate (clip, n_segments, n_easings))
    goto oom;
  memset (builder.curve_slots, 0xff, cap * sizeof *builder.curve_slots);
  build_linear_easing (&clip->easings[0]);
  clip->n_easings = 1;
  for (size_t b = 0; b < skel->n_bones; b++)
    {
      clip->parents[b] = skel->bones[b].parent;
      for (int c = 0; c < OSSA_N_CHANNELS; c++)
        build_track (clip, &clip->tracks[b * OSSA_N_CHANNELS + c], slots[b * OSSA_N_CHANNELS + c],
                     ossa_transform_get_channel (&skel->bones[b].rest, (OssaChannel) c),
                     &builder);
    }
  clip->n_segments = n_segments;
  if (!build_play (clip))
    goto oom;
  /* Usually a handful of distinct curves: give back the room kept for one each. */
  clip->n_easings = builder.n_easings;
  {
    Easing *shrunk = realloc (clip->easings, builder.n_easings * sizeof *shrunk);

    if (shrunk != NULL)
      clip->easings = shrunk;
  }
  free (builder.curve_slots);
  free (slots);
  return clip;

oom:
  free (builder.curve_slots);
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
  free (clip->play);
  free (clip->play_index);
  for (size_t i = 0; clip->easings != NULL && i < clip->n_easings; i++)
    free (clip->easings[i].table);
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

/* Refills cursor entry i from play segment p. */
static inline void
cache_segment (const OssaClip *clip, size_t i, uint32_t p, OssaClipCursor *c)
{
  const PlaySegment *s = &clip->play[p];

  c->hi[i] = s->end;
  c->start[i] = s->start;
  c->inv_dt[i] = s->inv_dt;
  c->value[i] = s->value;
  c->delta[i] = s->delta;
  c->easing[i] = s->easing;
  c->next[i] = s->next;
}

OssaClipCursor *
ossa_clip_cursor_new (const OssaClip *clip)
{
  size_t n = clip->n_bones * OSSA_N_CHANNELS;
  OssaClipCursor *c = calloc (1, sizeof *c);
  float *floats = malloc ((5 * n + 1) * sizeof *floats);
  uint32_t *words = malloc ((2 * n + 1) * sizeof *words);

  if (c == NULL || floats == NULL || words == NULL)
    {
      free (c);
      free (floats);
      free (words);
      return NULL;
    }
  c->hi = floats;
  c->start = floats + n;
  c->inv_dt = floats + 2 * n;
  c->value = floats + 3 * n;
  c->delta = floats + 4 * n;
  c->next = words;
  c->easing = (int32_t *) (words + n);
  for (size_t i = 0; i < n; i++)
    cache_segment (clip, i, clip->play_index[clip->tracks[i].first], c);
  c->time = NAN;
  return c;
}

void
ossa_clip_cursor_free (OssaClipCursor *cursor)
{
  if (cursor == NULL)
    return;
  free (cursor->hi);
  free (cursor->next);
  free (cursor);
}

static inline uint32_t
bucket_index (const Track *t, float time)
{
  float f = (time - t->t0) * t->scale;
  uint32_t b = f > 0.f ? (f < (float) t->n_buckets ? (uint32_t) f : t->n_buckets - 1) : 0;

  return t->first_bucket + b;
}

/* The segment for time, walking forward from k, which must not be past it (or be
 * the track's first segment). */
static inline uint32_t
walk (const OssaClip *clip, const Track *t, float time, uint32_t k)
{
  const Segment *seg = clip->segments;

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
eval_cached (const OssaClip *clip, const OssaClipCursor *c, size_t i, float time)
{
  float u = clamp01 ((time - c->start[i]) * c->inv_dt[i]);

  if (c->easing[i] != 0)
    u = ease (&clip->easings[c->easing[i]], u);
  return c->value[i] + c->delta[i] * u;
}

/* Cursor entry i after time moved on past its segment: along the track's play
 * segments. Usually the next one, whose place the cursor keeps so that it can be
 * prefetched without reading the current one. */
static void
refill (const OssaClip *clip, OssaClipCursor *c, size_t i, float time)
{
  uint32_t p = c->next[i];

  while (time >= clip->play[p].end)
    p = clip->play[p].next;
  cache_segment (clip, i, p, c);
}

/* Every cursor entry from the bucket tables: the first sample, and whenever time
 * goes back (a loop starting again, a jump), which a per-track check then need not
 * look for. */
static void
reseek (const OssaClip *clip, OssaClipCursor *c, float time)
{
  size_t n = clip->n_bones * OSSA_N_CHANNELS;

  for (size_t i = 0; i < n; i++)
    {
      const Track *t = &clip->tracks[i];

      cache_segment (clip, i, clip->play_index[walk (clip, t, time, clip->buckets[bucket_index (t, time)])], c);
    }
}

/* Groups of four tracks that need more than the vector path (a track passed a key,
 * or a segment is BEZIER) are noted and finished SPECIAL_BATCH groups at a time:
 * the segments of tracks that passed a key are prefetched when noted, so those
 * misses overlap, and the lanes are then found by bit scans instead of a branch
 * per lane. */
#define SPECIAL_BATCH 64

typedef struct
{
  uint32_t first[SPECIAL_BATCH];  /* the group's first track */
  uint8_t  stale[SPECIAL_BATCH];  /* lanes whose track passed a key */
  uint8_t  curved[SPECIAL_BATCH]; /* lanes with an eased segment */
  size_t   n;
} Special;

static void
finish_special (const OssaClip *clip, OssaClipCursor *c, Special *sp, float time, float *out)
{
  for (size_t g = 0; g < sp->n; g++)
    {
      unsigned stale = sp->stale[g], curved = sp->curved[g] & ~stale;

      while (stale != 0)
        {
          size_t i = sp->first[g] + (size_t) __builtin_ctz (stale);

          refill (clip, c, i, time);
          out[i] = eval_cached (clip, c, i, time);
          stale &= stale - 1;
        }
      while (curved != 0)
        {
          size_t i = sp->first[g] + (size_t) __builtin_ctz (curved);

          out[i] = eval_cached (clip, c, i, time);
          curved &= curved - 1;
        }
    }
  sp->n = 0;
}

static inline void
note_special (const OssaClip *clip, OssaClipCursor *c, Special *sp, size_t first,
              unsigned stale, unsigned curved, float time, float *out)
{
  for (unsigned m = stale; m != 0; m &= m - 1)
    __builtin_prefetch (&clip->play[c->next[first + (size_t) __builtin_ctz (m)]]);
  sp->first[sp->n] = (uint32_t) first;
  sp->stale[sp->n] = (uint8_t) stale;
  sp->curved[sp->n] = (uint8_t) curved;
  if (++sp->n == SPECIAL_BATCH)
    finish_special (clip, c, sp, time, out);
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

static void
sample_forward (const OssaClip *clip, float time, OssaClipCursor *c, float *out)
{
  size_t n = clip->n_bones * OSSA_N_CHANNELS;
  Special special = { .n = 0 };
  size_t i = 0;
  /* The segments that start between the last sample and this one are exactly the
   * ones tracks passing a key will need, and they lie side by side in clip->play:
   * stream them in, a cache line per group of tracks scanned, ahead of the refills
   * (which come in track order, not in play order). */
  size_t ahead = 0, ahead_end = 0;

  if (time > c->time)
    {
      ahead = play_after (clip, c->time);
      ahead_end = play_after (clip, time);
    }
  else if (!(time == c->time))
    reseek (clip, c, time);
  c->time = time;

#ifdef __SSE2__
  {
    const __m128 t4 = _mm_set1_ps (time), zero = _mm_setzero_ps (), one = _mm_set1_ps (1.f);

    for (; i + 4 <= n; i += 4)
      {
        __m128 inside = _mm_cmplt_ps (t4, _mm_loadu_ps (&c->hi[i]));
        __m128 u = _mm_mul_ps (_mm_sub_ps (t4, _mm_loadu_ps (&c->start[i])), _mm_loadu_ps (&c->inv_dt[i]));
        __m128i linear = _mm_cmpeq_epi32 (_mm_loadu_si128 ((const __m128i *) &c->easing[i]),
                                          _mm_setzero_si128 ());
        unsigned stale = (unsigned) _mm_movemask_ps (inside) ^ 0xfu;
        unsigned curved = (unsigned) _mm_movemask_ps (_mm_castsi128_ps (linear)) ^ 0xfu;

        if (ahead < ahead_end)
          {
            __builtin_prefetch (&clip->play[ahead]);
            ahead += 64 / sizeof (PlaySegment);
          }

        u = _mm_min_ps (_mm_max_ps (u, zero), one);
        _mm_storeu_ps (&out[i], _mm_add_ps (_mm_loadu_ps (&c->value[i]),
                                            _mm_mul_ps (_mm_loadu_ps (&c->delta[i]), u)));
        /* Eased lanes now, from the u just computed; tracks that passed a key
         * later, once their segments are in cache. */
        if ((curved & ~stale) != 0)
          {
            float uu[4];

            _mm_storeu_ps (uu, u);
            /* All four lanes, the linear ones through easings[0]'s identity
             * table: cheaper than a branch per lane that cannot be predicted.
             * (Lanes that passed a key are written again after their refill.) */
            for (int l = 0; l < 4; l++)
              {
                size_t j = i + (size_t) l;

                out[j] = c->value[j] + c->delta[j] * ease (&clip->easings[c->easing[j]], uu[l]);
              }
          }
        if (stale != 0)
          note_special (clip, c, &special, i, stale, 0, time, out);
      }
  }
#endif
  for (; i < n; i += 4)
    {
      unsigned stale = 0, curved = 0;

      for (size_t l = 0; l < 4 && i + l < n; l++)
        {
          if (!(time < c->hi[i + l]))
            stale |= 1u << l;
          else if (c->easing[i + l] != 0)
            curved |= 1u << l;
          else
            out[i + l] = eval_cached (clip, c, i + l, time);
        }
      if ((stale | curved) != 0)
        note_special (clip, c, &special, i, stale, curved, time, out);
    }
  finish_special (clip, c, &special, time, out);
}

/* A random seek is a three-stage pipeline over the tracks, LOOKAHEAD apart: work
 * out track i + 2·LOOKAHEAD's bucket and prefetch it; read track i + LOOKAHEAD's
 * bucket (in cache by now) and prefetch its segment; evaluate track i. Each track
 * costs two dependent cache misses, and this keeps many of them in flight. */
#define LOOKAHEAD 32

static inline float
eval_segment (const OssaClip *clip, const Track *t, uint32_t k, float time)
{
  const Segment *s;
  float u;

  k = walk (clip, t, time, k);
  s = &clip->segments[k];
  u = k == t->last ? 0.f : clamp01 ((time - s->time) / (s[1].time - s->time));
  if (s->easing != 0)
    u = ease (&clip->easings[s->easing], u);
  return s->value + s->delta * u;
}

static void
sample_seek (const OssaClip *clip, float time, float *out)
{
  size_t n = clip->n_bones * OSSA_N_CHANNELS;
  uint32_t bucket[2 * LOOKAHEAD];  /* bucket index of track j at j % (2·LOOKAHEAD) */
  uint32_t segment[2 * LOOKAHEAD]; /* first segment to try for track j, same slots */

  for (size_t j = 0; j < n + 2 * LOOKAHEAD; j++)
    {
      if (j < n)
        {
          bucket[j % (2 * LOOKAHEAD)] = bucket_index (&clip->tracks[j], time);
          __builtin_prefetch (&clip->buckets[bucket[j % (2 * LOOKAHEAD)]]);
        }
      if (j >= LOOKAHEAD && j - LOOKAHEAD < n)
        {
          size_t i = j - LOOKAHEAD;
          uint32_t k = clip->buckets[bucket[i % (2 * LOOKAHEAD)]];

          segment[i % (2 * LOOKAHEAD)] = k;
          __builtin_prefetch (&clip->segments[k]);
        }
      if (j >= 2 * LOOKAHEAD)
        {
          size_t i = j - 2 * LOOKAHEAD;

          out[i] = eval_segment (clip, &clip->tracks[i], segment[i % (2 * LOOKAHEAD)], time);
        }
    }
}

_Static_assert (sizeof (OssaTransform) == OSSA_N_CHANNELS * sizeof (float),
                "OssaTransform is the five channels in channel order");

void
ossa_clip_sample (const OssaClip *clip, float t, OssaClipCursor *cursor, OssaTransform *local)
{
  /* Tracks are laid out bone · 5 + channel, the order of OssaTransform's floats, so
   * the pose is filled front to back. */
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

      ossa_sincos4 (_mm_set_ps (local[b + 3].rotation, local[b + 2].rotation,
                                local[b + 1].rotation, local[b].rotation),
                    &s4, &c4, &big);
      _mm_storeu_ps (&s[b], s4);
      _mm_storeu_ps (&c[b], c4);
      for (int i = 0; big && i < 4; i++)
        ossa_sincosf_inline (local[b + i].rotation, &s[b + i], &c[b + i]);
    }
#endif
  for (; b < n; b++)
    ossa_sincosf_inline (local[b].rotation, &s[b], &c[b]);
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

          world[first + i] = parent < 0 ? m : ossa_xform_multiply_inline (&world[parent], &m);
        }
    }
}
