/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ossa-animation.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  free (track->keys);
  track->keys = NULL;
  track->n_keys = track->capacity = 0;
}

bool
ossa_track_copy (OssaTrack *dst, const OssaTrack *src)
{
  ossa_track_init (dst, src->bone, src->channel);
  if (src->n_keys == 0)
    return true;
  dst->keys = malloc (src->n_keys * sizeof *dst->keys);
  if (dst->keys == NULL)
    return false;
  memcpy (dst->keys, src->keys, src->n_keys * sizeof *dst->keys);
  dst->n_keys = dst->capacity = src->n_keys;
  return true;
}

ssize_t
ossa_track_key_before (const OssaTrack *track, float t)
{
  size_t lo = 0, hi = track->n_keys;

  /* First key with time > t; the one before it is the answer. */
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;

      if (track->keys[mid].time <= t)
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

  return i >= 0 && track->keys[i].time == time ? i : -1;
}

static bool
reserve_keys (OssaTrack *track, size_t n)
{
  OssaKey *keys;
  size_t cap;

  if (n <= track->capacity)
    return true;
  cap = track->capacity ? track->capacity * 2 : 8;
  if (cap < n)
    cap = n;
  keys = realloc (track->keys, cap * sizeof *keys);
  if (keys == NULL)
    return false;
  track->keys = keys;
  track->capacity = cap;
  return true;
}

ssize_t
ossa_track_set_key (OssaTrack *track, const OssaKey *key, OssaError *err)
{
  ssize_t before;
  size_t at;

  if (!isfinite (key->time) || !isfinite (key->value))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "a key's time and value must be finite numbers");
      return -1;
    }
  before = ossa_track_key_before (track, key->time);
  if (before >= 0 && track->keys[before].time == key->time)
    {
      track->keys[before] = *key;
      return before;
    }
  if (track->n_keys >= OSSA_MAX_KEYS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "a track holds at most %u keys", OSSA_MAX_KEYS);
      return -1;
    }
  if (!reserve_keys (track, track->n_keys + 1))
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return -1;
    }
  at = (size_t) (before + 1);
  memmove (&track->keys[at + 1], &track->keys[at], (track->n_keys - at) * sizeof *track->keys);
  track->keys[at] = *key;
  track->n_keys++;
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
  memmove (&track->keys[index], &track->keys[index + 1],
           (track->n_keys - index - 1) * sizeof *track->keys);
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
  key = track->keys[index];
  key.time = time;
  ossa_track_remove_key (track, index, NULL);
  /* Cannot fail: the slot just freed is still allocated. */
  return ossa_track_set_key (track, &key, err);
}

float
ossa_track_sample (const OssaTrack *track, float t)
{
  ssize_t i;
  const OssaKey *k0, *k1;
  double u, e, d;

  if (track->n_keys == 0)
    return NAN;
  i = ossa_track_key_before (track, t);
  if (i < 0)
    return track->keys[0].value;
  if ((size_t) i + 1 >= track->n_keys)
    return track->keys[track->n_keys - 1].value;
  k0 = &track->keys[i];
  k1 = &track->keys[i + 1];
  u = ((double) t - k0->time) / ((double) k1->time - k0->time);
  switch (k0->interp)
    {
    case OSSA_INTERP_STEP:
      return k0->value;
    case OSSA_INTERP_BEZIER:
      e = ossa_curve_ease (&k0->curve, u);
      break;
    case OSSA_INTERP_LINEAR:
    case OSSA_N_INTERPS:
    default:
      e = u;
      break;
    }
  if (track->channel == OSSA_CHANNEL_ROTATE)
    d = ossa_rotation_delta (k0->value, k1->value, k0->spin, k0->turns);
  else
    d = (double) k1->value - k0->value;
  return (float) (k0->value + d * e);
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
  for (size_t i = 0; i < track->n_keys; i++)
    {
      const OssaKey *k = &track->keys[i];

      if (!isfinite (k->time) || !isfinite (k->value))
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "bone %u %s: key %zu has a time or value that is not a finite number",
                          track->bone, channel, i);
          return false;
        }
      if (i > 0 && !(k->time > track->keys[i - 1].time))
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "bone %u %s: key %zu at %g s does not come after key %zu at %g s",
                          track->bone, channel, i, (double) k->time, i - 1,
                          (double) track->keys[i - 1].time);
          return false;
        }
      if ((unsigned) k->interp >= OSSA_N_INTERPS || (unsigned) k->spin >= OSSA_N_SPINS)
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "bone %u %s: key %zu has an unknown interpolation or spin",
                          track->bone, channel, i);
          return false;
        }
      if (k->interp == OSSA_INTERP_BEZIER
          && (!isfinite (k->curve.y1) || !isfinite (k->curve.y2)
              || !(k->curve.x1 >= 0 && k->curve.x1 <= 1) || !(k->curve.x2 >= 0 && k->curve.x2 <= 1)))
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "bone %u %s: key %zu has a bezier curve with x outside [0, 1] or a number that is not finite",
                          track->bone, channel, i);
          return false;
        }
      if (k->turns > OSSA_MAX_TURNS)
        {
          ossa_error_set (err, OSSA_ERROR_LIMIT, "bone %u %s: key %zu asks for %u turns (limit %u)",
                          track->bone, channel, i, k->turns, OSSA_MAX_TURNS);
          return false;
        }
    }
  return true;
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
  memset (anim, 0, sizeof *anim);
}

bool
ossa_animation_copy (OssaAnimation *dst, const OssaAnimation *src)
{
  *dst = *src;
  dst->tracks = NULL;
  dst->n_tracks = dst->capacity = 0;
  dst->name = strdup (src->name);
  if (dst->name == NULL)
    return false;
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
ossa_animation_validate (const OssaAnimation *anim, size_t n_bones, OssaError *err)
{
  uint8_t *seen;
  char what[96];

  snprintf (what, sizeof what, "animation name");
  if (!ossa_name_check (anim->name, what, err))
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
  seen = calloc (n_bones ? n_bones : 1, 1);
  if (seen == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return false;
    }
  for (size_t i = 0; i < anim->n_tracks; i++)
    {
      const OssaTrack *track = &anim->tracks[i];
      unsigned bit = 1u << ((unsigned) track->channel & 7u);

      if (track->bone >= n_bones)
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "animation '%s': track %zu names bone %u, but the skeleton has %zu bones",
                          anim->name, i, track->bone, n_bones);
          free (seen);
          return false;
        }
      if (!ossa_track_validate (track, err))
        {
          char inner[OSSA_ERROR_MESSAGE_MAX];

          snprintf (inner, sizeof inner, "%s", err ? err->message : "");
          ossa_error_set (err, err ? err->code : OSSA_ERROR_INVALID, "animation '%s': %s", anim->name, inner);
          free (seen);
          return false;
        }
      if (seen[track->bone] & bit)
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "animation '%s': bone %u has two %s tracks",
                          anim->name, track->bone, ossa_channel_name (track->channel));
          free (seen);
          return false;
        }
      seen[track->bone] |= (uint8_t) bit;
    }
  free (seen);
  return true;
}

float
ossa_animation_last_key_time (const OssaAnimation *anim)
{
  float last = 0.f;

  for (size_t i = 0; i < anim->n_tracks; i++)
    if (anim->tracks[i].n_keys > 0 && anim->tracks[i].keys[anim->tracks[i].n_keys - 1].time > last)
      last = anim->tracks[i].keys[anim->tracks[i].n_keys - 1].time;
  return last;
}
