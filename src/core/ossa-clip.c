/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ossa-clip.h"

#include <float.h>
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
 * delta 0. Only the builder keeps segments in key order; the clip keeps them as
 * play segments and seek windows. */
typedef struct
{
  float   time;
  float   value;
  float   delta;
  int32_t easing;  /* 0: linear (LINEAR, STEP, last key); else the index into
                    * clip->easings, and once the tables are pooled that easing's
                    * table_at */
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
 * the sampling loop free of lookups and branches on which channels exist. While the
 * clip is built a track is a run of segments; the built clip keeps them only as
 * play segments and seek windows. */
typedef struct
{
  uint32_t first;        /* first segment in Builder.segments */
  uint32_t last;         /* last segment (the last key) */
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

/* Random seeks read the clip through windows: the key span cut into n equal
 * spans of time, and for each window and track the run of segments a time in that
 * window can fall in (the one in force when the window opens, then those starting
 * inside it). A window's runs lie one after another in track order, so a seek
 * streams through one window front to back, which the processor prefetches,
 * instead of taking a cache miss a track to find its segment. The price is the
 * segment in force at each window's opening stored again, about twice the key
 * data for the usual n (the mean number of keys a track).
 *
 * The columns hold one entry per run member, as a cursor entry wants it. */
typedef struct
{
  uint32_t n;        /* windows, at least 1 */
  float    base;     /* window of t: (t − base) · scale, clamped to [0, n) */
  float    scale;
  uint32_t *runs;    /* window w, track i: entries runs[w·tracks + i] up to (not
                      * including) runs[w·tracks + i + 1]; one more at the end */
  float    *start;   /* padded with RUN_PAD +∞ so a run's next starts load as one vector */
  float    *inv_dt, *value, *delta;
  int32_t  *ease_at;
} Windows;

struct OssaClip
{
  size_t    n_bones;
  int32_t  *parents;
  PlaySegment *play;       /* the segments sorted by start time */
  size_t    n_segments;
  Windows   windows;
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

/* Where the next segment and easing go while a clip is built, and a hash set of
 * the curves seen so far: keys mostly use a few presets, and one easing per
 * distinct curve keeps them all in cache while sampling. */
struct Builder
{
  Track   *tracks;       /* n_bones · OSSA_N_CHANNELS */
  Segment *segments;     /* every track's, one track after another */
  size_t   segment;
  size_t   n_easings;
  int32_t *curve_slots;  /* easing index or -1; capacity a power of two */
  size_t   curve_mask;
};

static bool
allocate (OssaClip *clip, Builder *b, size_t n_segments, size_t n_easings)
{
  size_t n_tracks = clip->n_bones * OSSA_N_CHANNELS;

  clip->parents = malloc (clip->n_bones * sizeof *clip->parents + 1);
  clip->easings = malloc ((n_easings + 1) * sizeof *clip->easings);
  b->tracks = calloc (n_tracks + 1, sizeof *b->tracks);
  b->segments = malloc (n_segments * sizeof *b->segments + 1);
  return clip->parents && clip->easings && b->tracks && b->segments;
}

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
  build_segments (clip, b, src, &b->segments[b->segment]);
  b->segment += src->n_keys;
}

/* 1 / the segment's length, 0 for a track's last. */
static float
segment_inv_dt (const Builder *b, const Track *t, uint32_t k)
{
  return k == t->last ? 0.f : 1.f / (b->segments[k + 1].time - b->segments[k].time);
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
build_play (OssaClip *clip, const Builder *b)
{
  size_t n = clip->n_segments, n_tracks = clip->n_bones * OSSA_N_CHANNELS;
  ByTime *order = malloc ((n + 1) * sizeof *order);
  uint32_t *where = malloc ((n + 1) * sizeof *where);

  clip->play = malloc ((n + 1) * sizeof *clip->play);
  if (order == NULL || where == NULL || clip->play == NULL)
    {
      free (order);
      free (where);
      return false;
    }
  for (size_t k = 0; k < n; k++)
    order[k] = (ByTime) { b->segments[k].time, (uint32_t) k };
  qsort (order, n, sizeof *order, compare_by_time);
  for (size_t p = 0; p < n; p++)
    where[order[p].segment] = (uint32_t) p;
  free (order);
  for (size_t i = 0; i < n_tracks; i++)
    {
      const Track *t = &b->tracks[i];

      for (uint32_t k = t->first; k <= t->last; k++)
        {
          const Segment *s = &b->segments[k];

          clip->play[where[k]] = (PlaySegment) { s->time, segment_inv_dt (b, t, k), s->value,
                                                 s->delta, s->easing, (uint32_t) i };
          clip->eased |= s->easing != 0;
        }
    }
  free (where);
  return true;
}

/* The window of t. Building and seeking both use this, and it never decreases as
 * t grows, which is what makes the runs right whatever the rounding: a key in an
 * earlier window than t's is before t, a key in a later one is after it. */
static inline uint32_t
window_of (const Windows *w, float t)
{
  float f = (t - w->base) * w->scale;

  return f > 0.f ? (f < (float) w->n ? (uint32_t) f : w->n - 1) : 0;
}

/* As many windows as a track has keys on average, so that a run is mostly the
 * segment in force at the opening and at most one or two more. */
#define MAX_WINDOWS 4096

static void
plan_windows (Windows *w, const Builder *b, size_t n_tracks, size_t n_segments)
{
  float lo = INFINITY, hi = -INFINITY;
  size_t n = n_tracks > 0 ? n_segments / n_tracks : 1;

  for (size_t i = 0; i < n_tracks; i++)
    {
      lo = fminf (lo, b->segments[b->tracks[i].first].time);
      hi = fmaxf (hi, b->segments[b->tracks[i].last].time);
    }
  w->n = (uint32_t) (n < 1 ? 1 : (n > MAX_WINDOWS ? MAX_WINDOWS : n));
  w->base = n_tracks > 0 ? lo : 0.f;
  w->scale = n_tracks > 0 && hi > lo ? (float) w->n / (hi - lo) : 0.f;
  if (!(w->scale < INFINITY))
    w->scale = 0.f;
}

/* Moves [*first, *last] on from track t's run in window win − 1 to its run in
 * window win: from the last key of an earlier window (or the track's first key)
 * to the last key of window win (or that same key). Start with both at t->first. */
static inline void
next_run (const Windows *w, const Builder *b, const Track *t, uint32_t win, uint32_t *first,
          uint32_t *last)
{
  *first = *last;
  while (*last < t->last && window_of (w, b->segments[*last + 1].time) <= win)
    (*last)++;
}

/* Entries past the end of the start column, so that a run's next RUN_PAD starts
 * always load as one vector. */
#define RUN_PAD 4

/* The ease_at column only when some segment is eased: linear clips leave it out. */
static bool
allocate_entries (Windows *w, size_t n_entries, bool eased)
{
  w->start = malloc ((n_entries + RUN_PAD) * sizeof *w->start);
  w->inv_dt = malloc ((n_entries + 1) * sizeof *w->inv_dt);
  w->value = malloc ((n_entries + 1) * sizeof *w->value);
  w->delta = malloc ((n_entries + 1) * sizeof *w->delta);
  w->ease_at = eased ? malloc ((n_entries + 1) * sizeof *w->ease_at) : NULL;
  if (!(w->start && w->inv_dt && w->value && w->delta && (w->ease_at || !eased)))
    return false;
  for (size_t r = 0; r < RUN_PAD; r++)
    w->start[n_entries + r] = INFINITY;
  return true;
}

/* Lays the runs out window by window, each window's in track order: sizes first,
 * then the entries. */
static bool
build_windows (OssaClip *clip, const Builder *b)
{
  Windows *w = &clip->windows;
  size_t n_tracks = clip->n_bones * OSSA_N_CHANNELS, n_runs, total = 0;

  plan_windows (w, b, n_tracks, clip->n_segments);
  n_runs = (size_t) w->n * n_tracks;
  w->runs = malloc ((n_runs + 1) * sizeof *w->runs);
  if (w->runs == NULL)
    return false;
  for (size_t i = 0; i < n_tracks; i++)
    {
      uint32_t first = b->tracks[i].first, last = first;

      for (uint32_t win = 0; win < w->n; win++)
        {
          next_run (w, b, &b->tracks[i], win, &first, &last);
          w->runs[win * n_tracks + i] = last - first + 1;
        }
    }
  for (size_t r = 0; r < n_runs; r++)
    {
      uint32_t size = w->runs[r];

      w->runs[r] = (uint32_t) total;
      total += size;
      if (total >= UINT32_MAX)
        return false;
    }
  w->runs[n_runs] = (uint32_t) total;
  if (!allocate_entries (w, total, clip->eased))
    return false;
  for (size_t i = 0; i < n_tracks; i++)
    {
      const Track *t = &b->tracks[i];
      uint32_t first = t->first, last = first;

      for (uint32_t win = 0; win < w->n; win++)
        {
          uint32_t at = w->runs[win * n_tracks + i];

          next_run (w, b, t, win, &first, &last);
          for (uint32_t k = first; k <= last; k++, at++)
            {
              const Segment *s = &b->segments[k];

              w->start[at] = s->time;
              w->inv_dt[at] = segment_inv_dt (b, t, k);
              w->value[at] = s->value;
              w->delta[at] = s->delta;
              if (w->ease_at != NULL)
                w->ease_at[at] = s->easing;
            }
        }
    }
  return true;
}

static void
free_builder (Builder *b)
{
  free (b->curve_slots);
  free (b->tracks);
  free (b->segments);
}

OssaClip *
ossa_clip_new (const OssaAnimation *anim, const OssaSkeleton *skel, OssaError *err)
{
  OssaClip *clip = NULL;
  const OssaTrack **slots = NULL;
  size_t n_slots = skel->n_bones * OSSA_N_CHANNELS;
  size_t n_segments = 0, n_easings = 0, cap = 16;
  Builder builder = { .n_easings = 1 };

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
      || !allocate (clip, &builder, n_segments, n_easings))
    goto oom;
  memset (builder.curve_slots, 0xff, cap * sizeof *builder.curve_slots);
  build_linear_easing (&clip->easings[0]);
  clip->n_easings = 1;
  for (size_t b = 0; b < skel->n_bones; b++)
    {
      clip->parents[b] = skel->bones[b].parent;
      for (int c = 0; c < OSSA_N_CHANNELS; c++)
        build_track (clip, &builder.tracks[b * OSSA_N_CHANNELS + c], slots[b * OSSA_N_CHANNELS + c],
                     ossa_transform_get_channel (&skel->bones[b].rest, (OssaChannel) c),
                     &builder);
    }
  clip->n_segments = n_segments;
  clip->n_easings = builder.n_easings;
  if (!build_table_pool (clip))
    goto oom;
  for (size_t k = 0; k < n_segments; k++)
    builder.segments[k].easing = clip->easings[builder.segments[k].easing].table_at;
  if (!build_play (clip, &builder) || !build_windows (clip, &builder))
    goto oom;
  /* Usually a handful of distinct curves: give back the room kept for one each. */
  {
    Easing *shrunk = realloc (clip->easings, builder.n_easings * sizeof *shrunk);

    if (shrunk != NULL)
      clip->easings = shrunk;
  }
  free_builder (&builder);
  free (slots);
  return clip;

oom:
  free_builder (&builder);
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
  free (clip->play);
  free (clip->windows.runs);
  free (clip->windows.start);
  free (clip->windows.inv_dt);
  free (clip->windows.value);
  free (clip->windows.delta);
  free (clip->windows.ease_at);
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

size_t
ossa_clip_size (const OssaClip *clip)
{
  const Windows *w = &clip->windows;
  size_t n_tables = 0, n_entries = w->runs[(size_t) w->n * clip->n_bones * OSSA_N_CHANNELS];

  for (size_t e = 0; e < clip->n_easings; e++)
    n_tables += clip->easings[e].table_at >= 0;
  return sizeof *clip + clip->n_bones * sizeof *clip->parents
         + clip->n_segments * sizeof *clip->play
         + ((size_t) w->n * clip->n_bones * OSSA_N_CHANNELS + 1) * sizeof *w->runs
         + n_entries * (4 * sizeof (float) + (w->ease_at != NULL ? sizeof (int32_t) : 0))
         + clip->n_easings * sizeof *clip->easings + n_tables * (TABLE_STEPS + 1) * sizeof (float);
}

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
  return &clip->windows.runs[(size_t) window_of (&clip->windows, t) * clip->n_bones * OSSA_N_CHANNELS];
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
