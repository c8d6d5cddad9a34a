/* SPDX-License-Identifier: MIT */
/* IK tracks: one constraint's mix and bend keys, their edits and sampling. The
 * columns move together, as a bone track's do (ossa-animation.c). */
#include "ossa-ik.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-limits.h"

void
ossa_ik_track_init (OssaIkTrack *track, uint32_t constraint)
{
  memset (track, 0, sizeof *track);
  track->constraint = constraint;
}

void
ossa_ik_track_clear (OssaIkTrack *track)
{
  free (track->times);
  free (track->mix);
  free (track->bend_positive);
  ossa_ik_track_init (track, track->constraint);
}

/* A copy of n entries of col; NULL stays NULL; *ok goes false when memory runs out. */
static void *
copy_column (const void *col, size_t n, size_t size, bool *ok)
{
  void *copy;

  if (col == NULL)
    return NULL;
  copy = malloc (n * size);
  if (copy == NULL)
    {
      *ok = false;
      return NULL;
    }
  return memcpy (copy, col, n * size);
}

bool
ossa_ik_track_copy (OssaIkTrack *dst, const OssaIkTrack *src)
{
  size_t n = src->n_keys;
  bool ok = true;

  ossa_ik_track_init (dst, src->constraint);
  if (n == 0)
    return true;
  dst->n_keys = dst->capacity = n;
  dst->times = copy_column (src->times, n, sizeof *src->times, &ok);
  dst->mix = copy_column (src->mix, n, sizeof *src->mix, &ok);
  dst->bend_positive = copy_column (src->bend_positive, n, sizeof *src->bend_positive, &ok);
  if (!ok)
    ossa_ik_track_clear (dst);
  return ok;
}

/* Index of the last key at or before t, or -1 (binary search: times increase). */
static ssize_t
key_before (const OssaIkTrack *track, float t)
{
  size_t lo = 0, hi = track->n_keys;

  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;

      if (track->times[mid] <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return (ssize_t) lo - 1;
}

ssize_t
ossa_ik_track_find_key (const OssaIkTrack *track, float time)
{
  ssize_t i = key_before (track, time);

  return i >= 0 && track->times[i] == time ? i : -1;
}

OssaIkKey
ossa_ik_track_get_key (const OssaIkTrack *track, size_t index)
{
  OssaIkKey key = { 0 };

  if (index >= track->n_keys)
    return key;
  key.time = track->times[index];
  key.mix = track->mix[index];
  key.has_bend = track->bend_positive != NULL;
  key.bend_positive = key.has_bend && track->bend_positive[index] != 0;
  return key;
}

/* Grows col to cap entries: col itself with *ok false when memory runs out; an
 * absent column stays absent. */
static void *
grow_column (void *col, size_t cap, size_t size, bool *ok)
{
  void *p;

  if (col == NULL)
    return NULL;
  p = realloc (col, cap * size);
  if (p == NULL)
    {
      *ok = false;
      return col;
    }
  return p;
}

static bool
reserve_keys (OssaIkTrack *track, size_t n)
{
  size_t cap;
  bool ok = true;
  void *p;

  if (n <= track->capacity)
    return true;
  cap = track->capacity ? track->capacity * 2 : 8;
  if (cap < n)
    cap = n;
  /* times and mix always exist once there is room; a column that grew keeps its new
   * size, and capacity rises only when all did. */
  p = realloc (track->times, cap * sizeof *track->times);
  if (p == NULL)
    return false;
  track->times = p;
  p = realloc (track->mix, cap * sizeof *track->mix);
  if (p == NULL)
    return false;
  track->mix = p;
  track->bend_positive = grow_column (track->bend_positive, cap, sizeof *track->bend_positive, &ok);
  if (ok)
    track->capacity = cap;
  return ok;
}

/* The bend column, created when the first key that sets a bend arrives: the keys
 * already there take that key's bend, so the track has one bend from then on (a
 * track cannot say "the constraint's own" for some keys and not others). */
static bool
ensure_bend_column (OssaIkTrack *track, bool bend_positive)
{
  uint8_t *col;

  if (track->bend_positive != NULL)
    return true;
  col = malloc (track->capacity > 0 ? track->capacity : 1);
  if (col == NULL)
    return false;
  memset (col, bend_positive ? 1 : 0, track->capacity > 0 ? track->capacity : 1);
  track->bend_positive = col;
  return true;
}

static void
shift_keys (OssaIkTrack *track, size_t from, size_t to, size_t count)
{
  if (count == 0)
    return;
  memmove (track->times + to, track->times + from, count * sizeof *track->times);
  memmove (track->mix + to, track->mix + from, count * sizeof *track->mix);
  if (track->bend_positive != NULL)
    memmove (track->bend_positive + to, track->bend_positive + from, count);
}

/* The bend a key without one takes in a track that keys bend: the one in effect at
 * its place (the key it replaces, else the key before, else the key after), so
 * that sampling there does not change. */
static uint8_t
bend_in_effect (const OssaIkTrack *track, ssize_t before, bool replace)
{
  if (replace || before >= 0)
    return track->bend_positive[before];
  return track->n_keys > 0 ? track->bend_positive[0] : 1;
}

ssize_t
ossa_ik_track_set_key (OssaIkTrack *track, const OssaIkKey *key, OssaError *err)
{
  ssize_t before;
  bool replace;
  size_t at;
  uint8_t bend = 1;

  if (!isfinite (key->time) || !isfinite (key->mix))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "an IK key's time and mix must be finite numbers");
      return -1;
    }
  if (key->mix < 0.f || key->mix > 1.f)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "an IK key's mix must lie in [0, 1], not %g",
                      (double) key->mix);
      return -1;
    }
  before = key_before (track, key->time);
  replace = before >= 0 && track->times[before] == key->time;
  if (!replace && track->n_keys >= OSSA_MAX_KEYS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "an IK track holds at most %u keys", OSSA_MAX_KEYS);
      return -1;
    }
  /* Room and columns first: when memory runs out the keys are as they were. */
  if ((!replace && !reserve_keys (track, track->n_keys + 1))
      || (key->has_bend && !ensure_bend_column (track, key->bend_positive)))
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return -1;
    }
  if (track->bend_positive != NULL)
    bend = key->has_bend ? (key->bend_positive ? 1 : 0) : bend_in_effect (track, before, replace);
  at = replace ? (size_t) before : (size_t) (before + 1);
  if (!replace)
    {
      shift_keys (track, at, at + 1, track->n_keys - at);
      track->n_keys++;
    }
  track->times[at] = key->time;
  track->mix[at] = key->mix;
  if (track->bend_positive != NULL)
    track->bend_positive[at] = bend;
  return (ssize_t) at;
}

bool
ossa_ik_track_remove_key (OssaIkTrack *track, size_t index, OssaError *err)
{
  if (index >= track->n_keys)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "IK key %zu does not exist", index);
      return false;
    }
  shift_keys (track, index + 1, index, track->n_keys - index - 1);
  track->n_keys--;
  /* An empty track keys no bend: the next key decides again whether it does. */
  if (track->n_keys == 0)
    {
      free (track->bend_positive);
      track->bend_positive = NULL;
    }
  return true;
}

OssaIkState
ossa_ik_track_sample (const OssaIkTrack *track, float t, OssaIkState rest)
{
  OssaIkState state = rest;
  ssize_t i;
  size_t n = track->n_keys;

  if (n == 0)
    return rest;
  i = key_before (track, t);
  if (i < 0)
    state.mix = track->mix[0];
  else if ((size_t) i + 1 >= n)
    state.mix = track->mix[n - 1];
  else
    {
      double t0 = track->times[i], t1 = track->times[i + 1];
      double u = ((double) t - t0) / (t1 - t0);

      state.mix = (float) (track->mix[i] + ((double) track->mix[i + 1] - track->mix[i]) * u);
    }
  if (track->bend_positive != NULL)
    state.bend_positive = track->bend_positive[i < 0 ? 0 : i] != 0;
  return state;
}
