/* SPDX-License-Identifier: MIT */
/* Building a clip from an animation (the layout is in ossa-clip-private.h; the
 * sampler in ossa-clip-sample.c). */
#include "ossa-clip.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-clip-private.h"

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

#define MAX_TABLES 256

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

typedef struct Builder Builder;
static int32_t intern_easing (OssaClip *clip, Builder *b, const OssaCurve *curve);

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
  _ossa_clip_easing_init (curve, &clip->easings[e]);
  clip->easings[e].table = NULL;
  if (e <= MAX_TABLES)
    _ossa_clip_easing_build_table (&clip->easings[e]);
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
      OssaClipEasing *easing = &clip->easings[e];

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
  while (*last < t->last && _ossa_clip_window_of (w, b->segments[*last + 1].time) <= win)
    (*last)++;
}

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
  _ossa_clip_easing_init_linear (&clip->easings[0]);
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
    OssaClipEasing *shrunk = realloc (clip->easings, builder.n_easings * sizeof *shrunk);

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
