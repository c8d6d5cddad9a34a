/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ossa-clip.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-fastmath-private.h"

/* x86-64 builds target SSE2; the forward loop also has an AVX2 version, chosen
 * when the processor has it, whose gathers fetch eight tracks' easing tables at
 * once. */
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define OSSA_CLIP_AVX2 1
#endif

/* One segment, starting at a key and ending at the next one's time:
 * value(u) = value + delta · ease(u), u the clamped fraction of the way. The spin
 * rule and STEP (delta 0) are folded in when the clip is built; the last key has
 * delta 0. 16 bytes: four segments a cache line. */
typedef struct
{
  float   time;
  float   value;
  float   delta;
  int32_t easing;  /* 0: linear (LINEAR, STEP, last key); else, while the clip is
                    * built, the index into clip->easings, and once built that
                    * easing's table_at */
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
  int32_t table_at;              /* where table starts in clip->table_pool, or
                                  * −(its index) when it has none */
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
 * what a cursor needs to use it and the track it belongs to. Playing from t0 to t1
 * then means reading the run of segments that start in (t0, t1], front to back,
 * and writing each into its track's cursor entry: no per-track check whether a key
 * was passed, and no cache miss a track (ozz-animation sorts its keys so too). */
typedef struct
{
  float    start;    /* its key's time; the segment applies from it (or from −∞
                      * for the first) until the next segment of its track */
  float    inv_dt;   /* 1 / (next key's time − start), 0 for the last */
  float    value, delta;
  int32_t  ease_at;  /* the easing's table_at (0: linear, the identity table) */
  uint32_t track;
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
  float    *table_pool;    /* every easing's table, one after another */
  bool      eased;         /* some segment has an easing other than linear */
  bool      avx2;          /* the processor has AVX2 and FMA */
  float     duration;
};

/* For each track, a copy of the segment that applies at the last sampled time.
 * Sampling streams these front to back, four tracks at a time, and touches the
 * clip's key data only for the segments that start between the last sample and
 * this one. */
typedef struct
{
  float start[4], inv_dt[4], value[4], delta[4];
} CursorGroup;

/* Groups of four tracks, a cache line each: replaying a segment touches that line
 * and the track's ease_at, not one line per field. */
struct OssaClipCursor
{
  CursorGroup *groups;     /* track i is lane i % 4 of groups[i / 4] */
  int32_t  *ease_at;       /* the segment's PlaySegment.ease_at */
  size_t    play_pos;      /* the first play segment that starts after time */
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

/* Moves every easing table into one pool, so that a vector of four eased tracks
 * finds its tables by offset from one base. The identity comes first: offset 0
 * means linear. */
static bool
build_table_pool (OssaClip *clip)
{
  size_t n_tables = 0, at = 0;

  for (size_t e = 0; e < clip->n_easings; e++)
    n_tables += clip->easings[e].table != NULL;
  if (clip->easings[0].table == NULL)
    return false;
  clip->table_pool = malloc ((n_tables * (TABLE_STEPS + 1) + 1) * sizeof *clip->table_pool);
  if (clip->table_pool == NULL)
    return false;
  for (size_t e = 0; e < clip->n_easings; e++)
    {
      Easing *easing = &clip->easings[e];

      if (easing->table == NULL)
        {
          easing->table_at = -(int32_t) e;
          continue;
        }
      memcpy (&clip->table_pool[at], easing->table, (TABLE_STEPS + 1) * sizeof *easing->table);
      free (easing->table);
      easing->table = &clip->table_pool[at];
      easing->table_at = (int32_t) at;
      at += TABLE_STEPS + 1;
    }
  return true;
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

/* Sorts the segments by start time into clip->play, noting each one's track. */
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
          ps->value = s->value;
          ps->delta = s->delta;
          ps->ease_at = clip->easings[s->easing].table_at;
          ps->track = (uint32_t) i;
          ps->inv_dt = k == t->last ? 0.f : 1.f / (s[1].time - s->time);
          clip->eased |= s->easing != 0;
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
#ifdef OSSA_CLIP_AVX2
  clip->avx2 = __builtin_cpu_supports ("avx2") && __builtin_cpu_supports ("fma")
               && getenv ("OSSA_NO_AVX2") == NULL;
#endif
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
  clip->n_easings = builder.n_easings;
  if (!build_table_pool (clip) || !build_play (clip))
    goto oom;
  for (size_t k = 0; k < n_segments; k++)
    clip->segments[k].easing = clip->easings[clip->segments[k].easing].table_at;
  /* Usually a handful of distinct curves: give back the room kept for one each. */
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
  /* Once pooled, the tables live in table_pool. */
  for (size_t i = 0; clip->table_pool == NULL && clip->easings != NULL && i < clip->n_easings; i++)
    free (clip->easings[i].table);
  free (clip->table_pool);
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

/* Cursor entry i from play segment p. */
static inline void
cache_segment (const PlaySegment *restrict s, CursorGroup *restrict groups,
               int32_t *restrict ease_at)
{
  uint32_t i = s->track;
  CursorGroup *g = &groups[i / 4];

  g->start[i % 4] = s->start;
  g->inv_dt[i % 4] = s->inv_dt;
  g->value[i % 4] = s->value;
  g->delta[i % 4] = s->delta;
  ease_at[i] = s->ease_at;
}

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
  for (size_t i = 0; i < n; i++)
    cache_segment (&clip->play[clip->play_index[clip->tracks[i].first]], groups, ease_at);
  c->play_pos = 0;
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

/* y(u) for a cursor entry's ease_at: a table lookup, or the solver for an easing
 * without a table (ease_at < 0 holds −(its index)). */
static inline float
ease_at (const OssaClip *clip, int32_t at, float u)
{
  float f, a;
  int j;

  if (at < 0)
    return solve_ease (&clip->easings[-at], u);
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

/* Every cursor entry from the bucket tables: the first sample, and whenever time
 * goes back (a loop starting again, a jump) or far ahead. */
static void
reseek (const OssaClip *clip, OssaClipCursor *c, float time)
{
  size_t n = clip->n_bones * OSSA_N_CHANNELS;

  for (size_t i = 0; i < n; i++)
    {
      const Track *t = &clip->tracks[i];

      uint32_t k = walk (clip, t, time, clip->buckets[bucket_index (t, time)]);

      cache_segment (&clip->play[clip->play_index[k]], c->groups, c->ease_at);
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
      uu[l] = solve_ease (&clip->easings[-c->ease_at[i + (size_t) l]],
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

static void
sample_forward (const OssaClip *clip, float time, OssaClipCursor *c, float *out)
{
  size_t n = clip->n_bones * OSSA_N_CHANNELS;
  size_t i = 0;

  if (!(time == c->time))
    advance (clip, c, time);
  c->time = time;
#ifdef OSSA_CLIP_AVX2
  if (clip->avx2)
    i = sample_groups_avx2 (clip, c, time, n, out);
#endif
  i = sample_groups_sse2 (clip, c, time, i, n, out);
  for (; i < n; i++)
    out[i] = eval_cached (clip, c, i, time);
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
  /* In a clip with eased keys, linear segments go through the identity table
   * too: cheaper than a branch on each segment that cannot be predicted. */
  if (clip->eased)
    u = ease_at (clip, s->easing, u);
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
