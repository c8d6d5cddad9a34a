/* SPDX-License-Identifier: MIT */
#include "ossa-animation.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-animation-private.h"
#include "ossa-art-private.h"
#include "ossa-ik-private.h"

OssaKey
ossa_key_make (float time, float value)
{
  return (OssaKey) {
    .time = time, .value = value, .interp = OSSA_INTERP_LINEAR,
    .curve = OSSA_CURVE_EASE, .spin = OSSA_SPIN_SHORTEST, .turns = 0,
  };
}

void
ossa_track_init (OssaTrack *track, uint32_t bone, OssaChannel channel)
{
  memset (track, 0, sizeof *track);
  track->bone = bone;
  track->channel = channel;
}

void
ossa_track_clear (OssaTrack *track)
{
  free (track->times);
  free (track->values);
  free (track->interp);
  free (track->curves);
  free (track->spin);
  free (track->turns);
  ossa_track_init (track, track->bone, track->channel);
}

/* A copy of the first n entries of column col (NULL stays NULL); *ok goes false
 * when memory runs out. */
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
ossa_track_copy (OssaTrack *dst, const OssaTrack *src)
{
  size_t n = src->n_keys;
  bool ok = true;

  ossa_track_init (dst, src->bone, src->channel);
  if (n == 0)
    return true;
  dst->n_keys = dst->capacity = n;
  dst->times = copy_column (src->times, n, sizeof *src->times, &ok);
  dst->values = copy_column (src->values, n, sizeof *src->values, &ok);
  dst->interp = copy_column (src->interp, n, sizeof *src->interp, &ok);
  dst->curves = copy_column (src->curves, n, sizeof *src->curves, &ok);
  dst->spin = copy_column (src->spin, n, sizeof *src->spin, &ok);
  dst->turns = copy_column (src->turns, n, sizeof *src->turns, &ok);
  if (!ok)
    ossa_track_clear (dst);
  return ok;
}

OssaKey
ossa_track_get_key (const OssaTrack *track, size_t index)
{
  OssaKey key = ossa_key_make (track->times[index], track->values[index]);

  if (track->interp != NULL)
    key.interp = (OssaInterp) track->interp[index];
  if (track->curves != NULL)
    key.curve = track->curves[index];
  if (track->spin != NULL)
    key.spin = (OssaSpin) track->spin[index];
  if (track->turns != NULL)
    key.turns = track->turns[index];
  return key;
}

ssize_t
ossa_track_key_before (const OssaTrack *track, float t)
{
  const float *times = track->times;
  size_t lo = 0, hi = track->n_keys;

  /* First key with time > t; the one before it is the answer. */
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;

      if (times[mid] <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return (ssize_t) lo - 1;
}

ssize_t
ossa_track_find_key (const OssaTrack *track, float time)
{
  ssize_t i = ossa_track_key_before (track, time);

  return i >= 0 && track->times[i] == time ? i : -1;
}

/* Editing: the columns move together -------------------------------------- */

/* col grown to cap entries; col itself, with *ok false, when memory runs out.
 * An absent column stays absent unless required. */
static void *
grow_column (void *col, size_t cap, size_t size, bool required, bool *ok)
{
  void *p;

  if (col == NULL && !required)
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
reserve_keys (OssaTrack *track, size_t n)
{
  size_t cap;
  bool ok = true;

  if (n <= track->capacity)
    return true;
  cap = track->capacity ? track->capacity * 2 : 8;
  if (cap < n)
    cap = n;
  /* A column that did grow keeps its new size; capacity only rises when all did,
   * so it never exceeds what any column holds. */
  track->times = grow_column (track->times, cap, sizeof *track->times, true, &ok);
  track->values = grow_column (track->values, cap, sizeof *track->values, true, &ok);
  track->interp = grow_column (track->interp, cap, sizeof *track->interp, false, &ok);
  track->curves = grow_column (track->curves, cap, sizeof *track->curves, false, &ok);
  track->spin = grow_column (track->spin, cap, sizeof *track->spin, false, &ok);
  track->turns = grow_column (track->turns, cap, sizeof *track->turns, false, &ok);
  if (ok)
    track->capacity = cap;
  return ok;
}

/* Moves count entries of a column from index from to index to (no-op if absent). */
static void
shift_column (void *col, size_t size, size_t from, size_t to, size_t count)
{
  if (col != NULL && count > 0)
    memmove ((char *) col + to * size, (char *) col + from * size, count * size);
}

static void
shift_keys (OssaTrack *track, size_t from, size_t to, size_t count)
{
  shift_column (track->times, sizeof *track->times, from, to, count);
  shift_column (track->values, sizeof *track->values, from, to, count);
  shift_column (track->interp, sizeof *track->interp, from, to, count);
  shift_column (track->curves, sizeof *track->curves, from, to, count);
  shift_column (track->spin, sizeof *track->spin, from, to, count);
  shift_column (track->turns, sizeof *track->turns, from, to, count);
}

static bool
same_curve (const OssaCurve *a, const OssaCurve *b)
{
  return memcmp (a, b, sizeof *a) == 0;
}

/* A column of capacity entries whose first n_keys hold *fill (size bytes); NULL
 * with *ok false when memory runs out. Only called once capacity > 0. */
static void *
new_column (const OssaTrack *track, const void *fill, size_t size, bool *ok)
{
  char *col = malloc (track->capacity * size);

  if (col == NULL)
    {
      *ok = false;
      return NULL;
    }
  for (size_t i = 0; i < track->n_keys; i++)
    memcpy (col + i * size, fill, size);
  return col;
}

/* Creates, filled with defaults, every column key has a non-default value for, so
 * that storing it afterwards cannot fail. */
static bool
materialise_for (OssaTrack *track, const OssaKey *key)
{
  static const uint8_t linear = OSSA_INTERP_LINEAR, shortest = OSSA_SPIN_SHORTEST;
  static const uint32_t no_turns = 0;
  const OssaCurve ease = OSSA_CURVE_EASE;
  bool ok = true;

  if (track->interp == NULL && key->interp != OSSA_INTERP_LINEAR)
    track->interp = new_column (track, &linear, sizeof linear, &ok);
  if (track->curves == NULL && !same_curve (&key->curve, &ease))
    track->curves = new_column (track, &ease, sizeof ease, &ok);
  if (track->spin == NULL && key->spin != OSSA_SPIN_SHORTEST)
    track->spin = new_column (track, &shortest, sizeof shortest, &ok);
  if (track->turns == NULL && key->turns != 0)
    track->turns = new_column (track, &no_turns, sizeof no_turns, &ok);
  return ok;
}

/* An enum in a byte; one out of range stays out of range (255), so validation
 * still refuses it instead of seeing it wrapped onto a valid value. */
static uint8_t
enum_byte (unsigned value, unsigned n_values)
{
  return value < n_values ? (uint8_t) value : UINT8_MAX;
}

/* Writes key into slot index of every column; columns it needs must exist. */
static void
store_key (OssaTrack *track, size_t index, const OssaKey *key)
{
  track->times[index] = key->time;
  track->values[index] = key->value;
  if (track->interp != NULL)
    track->interp[index] = enum_byte ((unsigned) key->interp, OSSA_N_INTERPS);
  if (track->curves != NULL)
    track->curves[index] = key->curve;
  if (track->spin != NULL)
    track->spin[index] = enum_byte ((unsigned) key->spin, OSSA_N_SPINS);
  if (track->turns != NULL)
    track->turns[index] = key->turns;
}

ssize_t
ossa_track_set_key (OssaTrack *track, const OssaKey *key, OssaError *err)
{
  ssize_t before;
  bool replace;
  size_t at;

  if (!isfinite (key->time) || !isfinite (key->value))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "a key's time and value must be finite numbers");
      return -1;
    }
  before = ossa_track_key_before (track, key->time);
  replace = before >= 0 && track->times[before] == key->time;
  if (!replace && track->n_keys >= OSSA_MAX_KEYS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "a track holds at most %u keys", OSSA_MAX_KEYS);
      return -1;
    }
  /* Room and columns first: when memory runs out the keys are as they were. */
  if ((!replace && !reserve_keys (track, track->n_keys + 1)) || !materialise_for (track, key))
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return -1;
    }
  at = replace ? (size_t) before : (size_t) (before + 1);
  if (!replace)
    {
      shift_keys (track, at, at + 1, track->n_keys - at);
      track->n_keys++;
    }
  store_key (track, at, key);
  return (ssize_t) at;
}

bool
ossa_track_remove_key (OssaTrack *track, size_t index, OssaError *err)
{
  if (index >= track->n_keys)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "key %zu does not exist", index);
      return false;
    }
  shift_keys (track, index + 1, index, track->n_keys - index - 1);
  track->n_keys--;
  return true;
}

ssize_t
ossa_track_move_key (OssaTrack *track, size_t index, float time, OssaError *err)
{
  OssaKey key;
  ssize_t other;

  if (index >= track->n_keys)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "key %zu does not exist", index);
      return -1;
    }
  if (!isfinite (time))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "a key's time must be a finite number");
      return -1;
    }
  other = ossa_track_find_key (track, time);
  if (other >= 0 && (size_t) other != index)
    {
      ossa_error_set (err, OSSA_ERROR_CONFLICT, "another key already sits at %g s", (double) time);
      return -1;
    }
  key = ossa_track_get_key (track, index);
  key.time = time;
  ossa_track_remove_key (track, index, NULL);
  /* Cannot fail: the slot just freed is still allocated, and every column the key
   * needs exists since it came from this track. */
  return ossa_track_set_key (track, &key, err);
}

/* Sampling and checking ------------------------------------------------------ */

float
ossa_track_sample (const OssaTrack *track, float t)
{
  ssize_t i;
  OssaKey k0;
  float t1, v1;
  double u, e, d;

  if (track->n_keys == 0)
    return NAN;
  i = ossa_track_key_before (track, t);
  if (i < 0)
    return track->values[0];
  if ((size_t) i + 1 >= track->n_keys)
    return track->values[track->n_keys - 1];
  k0 = ossa_track_get_key (track, (size_t) i);
  t1 = track->times[i + 1];
  v1 = track->values[i + 1];
  u = ((double) t - k0.time) / ((double) t1 - k0.time);
  switch (k0.interp)
    {
    case OSSA_INTERP_STEP:
      return k0.value;
    case OSSA_INTERP_BEZIER:
      e = ossa_curve_ease (&k0.curve, u);
      break;
    case OSSA_INTERP_LINEAR:
    case OSSA_N_INTERPS:
    default:
      e = u;
      break;
    }
  if (track->channel == OSSA_CHANNEL_ROTATE)
    d = ossa_rotation_delta (k0.value, v1, k0.spin, k0.turns);
  else
    d = (double) v1 - k0.value;
  return (float) (k0.value + d * e);
}

static bool
curve_valid (const OssaCurve *c)
{
  return isfinite (c->y1) && isfinite (c->y2) && c->x1 >= 0 && c->x1 <= 1
         && c->x2 >= 0 && c->x2 <= 1;
}

/* Keys are checked a chunk at a time: a loop of fixed length over them, which
 * compilers turn into vector compares even at -O2, and one branch a chunk. */
#define CHECK_CHUNK 16

/* Times strictly increasing between a finite first and last (so all finite), and
 * values finite. NaN fails every comparison, so it is caught as well. */
static bool
times_values_look_valid (const float *times, const float *values, size_t n)
{
  unsigned bad = !(fabsf (times[0]) <= FLT_MAX) | !(fabsf (times[n - 1]) <= FLT_MAX)
                 | !(fabsf (values[n - 1]) <= FLT_MAX);
  size_t i = 0;

  for (; i + CHECK_CHUNK < n; i += CHECK_CHUNK)
    {
      unsigned chunk = 0;

      for (size_t j = 0; j < CHECK_CHUNK; j++)
        chunk |= !(times[i + j + 1] > times[i + j]) | !(fabsf (values[i + j]) <= FLT_MAX);
      bad |= chunk;
    }
  for (; i + 1 < n; i++)
    bad |= !(times[i + 1] > times[i]) | !(fabsf (values[i]) <= FLT_MAX);
  return !bad;
}

/* One pass over the columns without a branch per key, for the common case where
 * everything is fine. True means valid; false means look again key by key. */
static bool
columns_look_valid (const OssaTrack *track)
{
  size_t n = track->n_keys;
  unsigned bad = 0;

  if (n == 0)
    return true;
  bad |= !times_values_look_valid (track->times, track->values, n);
  for (size_t i = 0; track->interp != NULL && i < n; i++)
    bad |= track->interp[i] >= OSSA_N_INTERPS
           || (track->interp[i] == OSSA_INTERP_BEZIER && track->curves != NULL
               && !curve_valid (&track->curves[i]));
  for (size_t i = 0; track->spin != NULL && i < n; i++)
    bad |= track->spin[i] >= OSSA_N_SPINS;
  for (size_t i = 0; track->turns != NULL && i < n; i++)
    bad |= track->turns[i] > OSSA_MAX_TURNS;
  return !bad;
}

/* Key by key, the first problem in words. */
static bool
validate_keys (const OssaTrack *track, const char *channel, OssaError *err)
{
  for (size_t i = 0; i < track->n_keys; i++)
    {
      OssaKey k = ossa_track_get_key (track, i);

      if (!isfinite (k.time) || !isfinite (k.value))
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "bone %u %s: key %zu has a time or value that is not a finite number",
                          track->bone, channel, i);
          return false;
        }
      if (i > 0 && !(k.time > track->times[i - 1]))
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "bone %u %s: key %zu at %g s does not come after key %zu at %g s",
                          track->bone, channel, i, (double) k.time, i - 1,
                          (double) track->times[i - 1]);
          return false;
        }
      if ((unsigned) k.interp >= OSSA_N_INTERPS || (unsigned) k.spin >= OSSA_N_SPINS)
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "bone %u %s: key %zu has an unknown interpolation or spin",
                          track->bone, channel, i);
          return false;
        }
      if (k.interp == OSSA_INTERP_BEZIER && !curve_valid (&k.curve))
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "bone %u %s: key %zu has a bezier curve with x outside [0, 1] or a number that is not finite",
                          track->bone, channel, i);
          return false;
        }
      if (k.turns > OSSA_MAX_TURNS)
        {
          ossa_error_set (err, OSSA_ERROR_LIMIT, "bone %u %s: key %zu asks for %u turns (limit %u)",
                          track->bone, channel, i, k.turns, OSSA_MAX_TURNS);
          return false;
        }
    }
  return true;
}

bool
ossa_track_validate (const OssaTrack *track, OssaError *err)
{
  const char *channel = ossa_channel_name (track->channel);

  if (channel == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "track of bone %u: unknown channel %d",
                      track->bone, (int) track->channel);
      return false;
    }
  return columns_look_valid (track) || validate_keys (track, channel, err);
}

bool
ossa_animation_init (OssaAnimation *anim, const char *name)
{
  memset (anim, 0, sizeof *anim);
  anim->fps = 30.f;
  anim->name = strdup (name ? name : "");
  return anim->name != NULL;
}

void
ossa_animation_clear (OssaAnimation *anim)
{
  for (size_t i = 0; i < anim->n_tracks; i++)
    ossa_track_clear (&anim->tracks[i]);
  free (anim->tracks);
  free (anim->name);
  _ossa_animation_clear_art (anim);
  _ossa_animation_clear_ik (anim);
  memset (anim, 0, sizeof *anim);
}

bool
ossa_animation_copy (OssaAnimation *dst, const OssaAnimation *src)
{
  *dst = *src;
  dst->tracks = NULL;
  dst->n_tracks = dst->capacity = 0;
  dst->slot_tracks = NULL;
  dst->n_slot_tracks = 0;
  dst->draw_order = NULL;
  dst->n_draw_order = 0;
  dst->ik_tracks = NULL;
  dst->n_ik_tracks = 0;
  dst->name = strdup (src->name);
  if (dst->name == NULL)
    return false;
  if (!_ossa_animation_copy_art (dst, src) || !_ossa_animation_copy_ik (dst, src))
    {
      ossa_animation_clear (dst);
      return false;
    }
  if (src->n_tracks == 0)
    return true;
  dst->tracks = calloc (src->n_tracks, sizeof *dst->tracks);
  if (dst->tracks == NULL)
    {
      ossa_animation_clear (dst);
      return false;
    }
  dst->capacity = src->n_tracks;
  for (size_t i = 0; i < src->n_tracks; i++)
    {
      bool ok = ossa_track_copy (&dst->tracks[i], &src->tracks[i]);

      dst->n_tracks = i + 1;
      if (!ok)
        {
          ossa_animation_clear (dst);
          return false;
        }
    }
  return true;
}

OssaTrack *
ossa_animation_find_track (const OssaAnimation *anim, uint32_t bone, OssaChannel channel)
{
  for (size_t i = 0; i < anim->n_tracks; i++)
    if (anim->tracks[i].bone == bone && anim->tracks[i].channel == channel)
      return &anim->tracks[i];
  return NULL;
}

OssaTrack *
ossa_animation_ensure_track (OssaAnimation *anim, uint32_t bone, OssaChannel channel)
{
  OssaTrack *track = ossa_animation_find_track (anim, bone, channel);

  if (track != NULL)
    return track;
  if (anim->n_tracks == anim->capacity)
    {
      size_t cap = anim->capacity ? anim->capacity * 2 : 8;
      OssaTrack *tracks = realloc (anim->tracks, cap * sizeof *tracks);

      if (tracks == NULL)
        return NULL;
      anim->tracks = tracks;
      anim->capacity = cap;
    }
  track = &anim->tracks[anim->n_tracks++];
  ossa_track_init (track, bone, channel);
  return track;
}

void
ossa_animation_remove_track (OssaAnimation *anim, size_t index)
{
  if (index >= anim->n_tracks)
    return;
  ossa_track_clear (&anim->tracks[index]);
  memmove (&anim->tracks[index], &anim->tracks[index + 1],
           (anim->n_tracks - index - 1) * sizeof *anim->tracks);
  anim->n_tracks--;
}

void
ossa_animation_remap_bones (OssaAnimation *anim, const ssize_t *remap, size_t n_old)
{
  size_t kept = 0;

  for (size_t i = 0; i < anim->n_tracks; i++)
    {
      OssaTrack track = anim->tracks[i];

      if (track.bone >= n_old || remap[track.bone] < 0)
        {
          ossa_track_clear (&track);
          continue;
        }
      track.bone = (uint32_t) remap[track.bone];
      anim->tracks[kept++] = track;
    }
  anim->n_tracks = kept;
}

void
ossa_transform_set_channel (OssaTransform *t, OssaChannel channel, float value)
{
  switch (channel)
    {
    case OSSA_CHANNEL_TRANSLATE_X: t->x = value; break;
    case OSSA_CHANNEL_TRANSLATE_Y: t->y = value; break;
    case OSSA_CHANNEL_ROTATE: t->rotation = value; break;
    case OSSA_CHANNEL_SCALE_X: t->scale_x = value; break;
    case OSSA_CHANNEL_SCALE_Y: t->scale_y = value; break;
    case OSSA_N_CHANNELS:
    default: break;
    }
}

float
ossa_transform_get_channel (const OssaTransform *t, OssaChannel channel)
{
  switch (channel)
    {
    case OSSA_CHANNEL_TRANSLATE_X: return t->x;
    case OSSA_CHANNEL_TRANSLATE_Y: return t->y;
    case OSSA_CHANNEL_ROTATE: return t->rotation;
    case OSSA_CHANNEL_SCALE_X: return t->scale_x;
    case OSSA_CHANNEL_SCALE_Y: return t->scale_y;
    case OSSA_N_CHANNELS:
    default: return NAN;
    }
}

void
ossa_animation_sample_pose (const OssaAnimation *anim, const OssaSkeleton *skel, float t,
                            OssaTransform *local)
{
  for (size_t i = 0; i < skel->n_bones; i++)
    local[i] = skel->bones[i].rest;
  if (anim == NULL)
    return;
  for (size_t i = 0; i < anim->n_tracks; i++)
    {
      const OssaTrack *track = &anim->tracks[i];

      if (track->bone < skel->n_bones && track->n_keys > 0)
        ossa_transform_set_channel (&local[track->bone], track->channel,
                                    ossa_track_sample (track, t));
    }
}

bool
_ossa_animation_validate_props (const OssaAnimation *anim, OssaError *err)
{
  if (!ossa_name_check (anim->name, "animation name", err))
    return false;
  if (!isfinite (anim->duration) || anim->duration < 0)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "animation '%s': duration %g is not a finite number >= 0",
                      anim->name, (double) anim->duration);
      return false;
    }
  if (!isfinite (anim->fps) || !(anim->fps > 0) || anim->fps > 1000)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "animation '%s': frame rate %g is not in (0, 1000]",
                      anim->name, (double) anim->fps);
      return false;
    }
  return true;
}

bool
_ossa_animation_validate_track (const OssaAnimation *anim, size_t index, size_t n_bones,
                                uint8_t *seen, OssaError *err)
{
  const OssaTrack *track = &anim->tracks[index];
  unsigned bit = 1u << ((unsigned) track->channel & 7u);

  if (track->bone >= n_bones)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "animation '%s': track %zu names bone %u, but the skeleton has %zu bones",
                      anim->name, index, track->bone, n_bones);
      return false;
    }
  if (!ossa_track_validate (track, err))
    {
      char inner[OSSA_ERROR_MESSAGE_MAX];

      snprintf (inner, sizeof inner, "%s", err ? err->message : "");
      ossa_error_set (err, err ? err->code : OSSA_ERROR_INVALID, "animation '%s': %s", anim->name, inner);
      return false;
    }
  if (seen[track->bone] & bit)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "animation '%s': bone %u has two %s tracks",
                      anim->name, track->bone, ossa_channel_name (track->channel));
      return false;
    }
  seen[track->bone] |= (uint8_t) bit;
  return true;
}

uint8_t *
_ossa_animation_new_seen (size_t n_bones, OssaError *err)
{
  uint8_t *seen = calloc (n_bones ? n_bones : 1, 1);

  if (seen == NULL)
    ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
  return seen;
}

bool
ossa_animation_validate (const OssaAnimation *anim, size_t n_bones, OssaError *err)
{
  uint8_t *seen;
  bool ok = true;

  if (!_ossa_animation_validate_props (anim, err) || (seen = _ossa_animation_new_seen (n_bones, err)) == NULL)
    return false;
  for (size_t i = 0; ok && i < anim->n_tracks; i++)
    ok = _ossa_animation_validate_track (anim, i, n_bones, seen, err);
  free (seen);
  return ok;
}

/* last, or the last of n times in increasing order when that is later. */
static float
later_last_time (float last, const float *times, size_t n)
{
  return n > 0 && times[n - 1] > last ? times[n - 1] : last;
}

float
ossa_animation_last_key_time (const OssaAnimation *anim)
{
  float last = 0.f;

  for (size_t i = 0; i < anim->n_tracks; i++)
    last = later_last_time (last, anim->tracks[i].times, anim->tracks[i].n_keys);
  /* art: slot keys and draw-order keys are keys too. */
  for (size_t i = 0; i < anim->n_slot_tracks; i++)
    last = later_last_time (last, anim->slot_tracks[i].times, anim->slot_tracks[i].n_keys);
  if (anim->n_draw_order > 0 && anim->draw_order[anim->n_draw_order - 1].time > last)
    last = anim->draw_order[anim->n_draw_order - 1].time;
  /* IK mix and bend keys too: an animation may key nothing else. */
  for (size_t i = 0; i < anim->n_ik_tracks; i++)
    last = later_last_time (last, anim->ik_tracks[i].times, anim->ik_tracks[i].n_keys);
  return last;
}

size_t
ossa_animation_n_keys (const OssaAnimation *anim)
{
  size_t keys = 0;

  for (size_t i = 0; i < anim->n_tracks; i++)
    keys += anim->tracks[i].n_keys;
  return keys;
}
