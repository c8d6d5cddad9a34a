/* SPDX-License-Identifier: MIT */
/* The layout of a built OssaClip and of its cursors, shared by the builder
 * (ossa-clip.c) and the sampler (ossa-clip-sample.c). A clip owns every array it
 * points to, the easing tables pooled in table_pool included (ossa_clip_free());
 * a cursor owns its groups and ease_at (ossa_clip_cursor_free()). Not installed. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ossa-clip.h"
#include "ossa-clip-easing-private.h"

/* x86-64 builds target SSE2; the forward loop also has an AVX2 version, chosen
 * when the processor has it, whose gathers fetch eight tracks' easing tables at
 * once. */
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define OSSA_CLIP_AVX2 1
#endif

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
  OssaClipEasing   *easings;       /* easings[0] is the identity: easing 0 means linear */
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

/* Entries past the end of the start column, so that a run's next RUN_PAD starts
 * always load as one vector. */
#define RUN_PAD 4

/* The window of t. Building and seeking both use this, and it never decreases as
 * t grows, which is what makes the runs right whatever the rounding: a key in an
 * earlier window than t's is before t, a key in a later one is after it. */
static inline uint32_t
_ossa_clip_window_of (const Windows *w, float t)
{
  float f = (t - w->base) * w->scale;

  return f > 0.f ? (f < (float) w->n ? (uint32_t) f : w->n - 1) : 0;
}
