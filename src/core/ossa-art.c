/* SPDX-License-Identifier: MIT */
/* Images, slots, attachments, slot tracks and draw-order keys: copying, editing
 * keys and sampling (ossa-art.h). Checks are in ossa-art-check.c. */
#include "ossa-art.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static char *
dup_or_null (const char *s, bool *ok)
{
  char *copy;

  if (s == NULL)
    return NULL;
  copy = strdup (s);
  if (copy == NULL)
    *ok = false;
  return copy;
}

static void *
dup_array (const void *src, size_t n, size_t size, bool *ok)
{
  void *p;

  if (src == NULL || n == 0)
    return NULL;
  p = malloc (n * size);
  if (p == NULL)
    {
      *ok = false;
      return NULL;
    }
  return memcpy (p, src, n * size);
}

void
ossa_image_clear (OssaImage *image)
{
  free (image->name);
  free (image->path);
  free (image->data);
  memset (image, 0, sizeof *image);
}

bool
ossa_image_copy (OssaImage *dst, const OssaImage *src)
{
  bool ok = true;

  *dst = *src;
  dst->name = dup_or_null (src->name, &ok);
  dst->path = dup_or_null (src->path, &ok);
  dst->data = dup_array (src->data, src->data_size, 1, &ok);
  if (dst->data == NULL)
    dst->data_size = 0;
  if (!ok)
    ossa_image_clear (dst);
  return ok;
}

void
ossa_attachment_clear (OssaAttachment *att)
{
  free (att->name);
  memset (att, 0, sizeof *att);
}

void
ossa_slot_clear (OssaSlot *slot)
{
  for (size_t i = 0; i < slot->n_attachments; i++)
    ossa_attachment_clear (&slot->attachments[i]);
  free (slot->attachments);
  free (slot->name);
  memset (slot, 0, sizeof *slot);
}

bool
ossa_slot_copy (OssaSlot *dst, const OssaSlot *src)
{
  bool ok = true;

  *dst = *src;
  dst->attachments = NULL;
  dst->n_attachments = 0;
  dst->name = dup_or_null (src->name, &ok);
  if (ok && src->n_attachments > 0)
    {
      dst->attachments = calloc (src->n_attachments, sizeof *dst->attachments);
      ok = dst->attachments != NULL;
      for (size_t i = 0; ok && i < src->n_attachments; i++)
        {
          dst->attachments[i] = src->attachments[i];
          dst->attachments[i].name = dup_or_null (src->attachments[i].name, &ok);
          dst->n_attachments = i + 1;
        }
    }
  if (!ok)
    ossa_slot_clear (dst);
  return ok;
}

void
ossa_slot_track_clear (OssaSlotTrack *track)
{
  free (track->times);
  free (track->attachments);
  free (track->colors);
  free (track->interp);
  free (track->curves);
  track->times = NULL;
  track->attachments = NULL;
  track->colors = NULL;
  track->interp = NULL;
  track->curves = NULL;
  track->n_keys = 0;
}

bool
ossa_slot_track_copy (OssaSlotTrack *dst, const OssaSlotTrack *src)
{
  size_t n = src->n_keys;
  bool ok = true;

  *dst = *src;
  dst->times = dup_array (src->times, n, sizeof *src->times, &ok);
  dst->attachments = dup_array (src->attachments, n, sizeof *src->attachments, &ok);
  dst->colors = dup_array (src->colors, n, sizeof *src->colors, &ok);
  dst->interp = dup_array (src->interp, n, sizeof *src->interp, &ok);
  dst->curves = dup_array (src->curves, n, sizeof *src->curves, &ok);
  if (!ok)
    ossa_slot_track_clear (dst);
  return ok;
}

bool
ossa_draw_order_key_copy (OssaDrawOrderKey *dst, const OssaDrawOrderKey *src)
{
  bool ok = true;

  *dst = *src;
  dst->order = dup_array (src->order, src->n_order, sizeof *src->order, &ok);
  if (!ok)
    dst->n_order = 0;
  return ok;
}

ssize_t
ossa_slot_find_attachment (const OssaSlot *slot, const char *name)
{
  for (size_t i = 0; i < slot->n_attachments; i++)
    if (strcmp (slot->attachments[i].name, name) == 0)
      return (ssize_t) i;
  return -1;
}

void
ossa_color_unpack (uint32_t color, float rgba[4])
{
  for (int i = 0; i < 4; i++)
    rgba[i] = (float) ((color >> (24 - 8 * i)) & 0xffu) * (1.f / 255.f);
}

uint32_t
ossa_color_pack (const float rgba[4])
{
  uint32_t color = 0;

  for (int i = 0; i < 4; i++)
    {
      float c = rgba[i] > 0.f ? (rgba[i] < 1.f ? rgba[i] : 1.f) : 0.f;

      color |= (uint32_t) lrintf (c * 255.f) << (24 - 8 * i);
    }
  return color;
}

ssize_t
ossa_slot_track_key_before (const OssaSlotTrack *track, float t)
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
ossa_slot_track_find_key (const OssaSlotTrack *track, float time)
{
  ssize_t i = ossa_slot_track_key_before (track, time);

  return i >= 0 && track->times[i] == time ? i : -1;
}

/* col grown to n entries (realloc); false when memory runs out (col kept). */
static bool
grow (void **col, size_t n, size_t size)
{
  void *p = realloc (*col, n * size);

  if (p == NULL)
    return false;
  *col = p;
  return true;
}

static void
shift (void *col, size_t size, size_t from, size_t to, size_t count)
{
  if (col != NULL && count > 0)
    memmove ((char *) col + to * size, (char *) col + from * size, count * size);
}

ssize_t
ossa_slot_track_set_key (OssaSlotTrack *track, const OssaSlotKey *key, OssaError *err)
{
  const OssaCurve ease = OSSA_CURVE_EASE;
  bool color = track->channel == OSSA_SLOT_CHANNEL_COLOR;
  ssize_t before;
  bool replace, ok = true;
  size_t at, n = track->n_keys + 1;

  if (!isfinite (key->time))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "a key's time must be a finite number");
      return -1;
    }
  before = ossa_slot_track_key_before (track, key->time);
  replace = before >= 0 && track->times[before] == key->time;
  if (!replace && track->n_keys >= OSSA_MAX_SLOT_KEYS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "a slot track holds at most %u keys", OSSA_MAX_SLOT_KEYS);
      return -1;
    }
  /* Every column the key needs grown (or made) first: a failure changes nothing
   * the keys mean. */
  if (!replace)
    {
      ok = grow ((void **) &track->times, n, sizeof *track->times);
      if (ok && !color)
        ok = grow ((void **) &track->attachments, n, sizeof *track->attachments);
      if (ok && color)
        ok = grow ((void **) &track->colors, n, sizeof *track->colors);
      if (ok && track->interp != NULL)
        ok = grow ((void **) &track->interp, n, sizeof *track->interp);
      if (ok && track->curves != NULL)
        ok = grow ((void **) &track->curves, n, sizeof *track->curves);
    }
  if (ok && color && track->interp == NULL && key->interp != OSSA_INTERP_LINEAR)
    {
      track->interp = calloc (replace ? track->n_keys : n, sizeof *track->interp);
      ok = track->interp != NULL;
    }
  if (ok && color && track->curves == NULL && memcmp (&key->curve, &ease, sizeof ease) != 0)
    {
      track->curves = malloc ((replace ? track->n_keys : n) * sizeof *track->curves);
      ok = track->curves != NULL;
      for (size_t i = 0; ok && i < track->n_keys; i++)
        track->curves[i] = ease;
    }
  if (!ok)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return -1;
    }
  at = replace ? (size_t) before : (size_t) (before + 1);
  if (!replace)
    {
      size_t count = track->n_keys - at;

      shift (track->times, sizeof *track->times, at, at + 1, count);
      shift (track->attachments, sizeof *track->attachments, at, at + 1, count);
      shift (track->colors, sizeof *track->colors, at, at + 1, count);
      shift (track->interp, sizeof *track->interp, at, at + 1, count);
      shift (track->curves, sizeof *track->curves, at, at + 1, count);
      track->n_keys++;
    }
  track->times[at] = key->time;
  if (track->attachments != NULL)
    track->attachments[at] = key->attachment;
  if (track->colors != NULL)
    track->colors[at] = key->color;
  if (track->interp != NULL)
    track->interp[at] = (unsigned) key->interp < OSSA_N_INTERPS ? (uint8_t) key->interp : UINT8_MAX;
  if (track->curves != NULL)
    track->curves[at] = key->curve;
  return (ssize_t) at;
}

bool
ossa_slot_track_remove_key (OssaSlotTrack *track, size_t index, OssaError *err)
{
  size_t count;

  if (index >= track->n_keys)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "key %zu does not exist", index);
      return false;
    }
  count = track->n_keys - index - 1;
  shift (track->times, sizeof *track->times, index + 1, index, count);
  shift (track->attachments, sizeof *track->attachments, index + 1, index, count);
  shift (track->colors, sizeof *track->colors, index + 1, index, count);
  shift (track->interp, sizeof *track->interp, index + 1, index, count);
  shift (track->curves, sizeof *track->curves, index + 1, index, count);
  track->n_keys--;
  return true;
}

int32_t
ossa_slot_track_sample_attachment (const OssaSlotTrack *track, float t, int32_t rest)
{
  ssize_t i = ossa_slot_track_key_before (track, t);

  return i < 0 || track->attachments == NULL ? rest : track->attachments[i];
}

void
ossa_slot_track_sample_color (const OssaSlotTrack *track, float t, float rgba[4])
{
  ssize_t i;
  float a[4], b[4];
  double u, e;
  OssaInterp interp;

  if (track->n_keys == 0 || track->colors == NULL)
    {
      rgba[0] = rgba[1] = rgba[2] = rgba[3] = 1.f;
      return;
    }
  i = ossa_slot_track_key_before (track, t);
  if (i < 0)
    i = 0;
  ossa_color_unpack (track->colors[i], a);
  interp = track->interp != NULL ? (OssaInterp) track->interp[i] : OSSA_INTERP_LINEAR;
  if ((size_t) i + 1 >= track->n_keys || t <= track->times[i] || interp == OSSA_INTERP_STEP)
    {
      memcpy (rgba, a, sizeof a);
      return;
    }
  ossa_color_unpack (track->colors[i + 1], b);
  u = ((double) t - track->times[i]) / ((double) track->times[i + 1] - track->times[i]);
  if (interp == OSSA_INTERP_BEZIER)
    {
      OssaCurve ease = OSSA_CURVE_EASE;

      e = ossa_curve_ease (track->curves != NULL ? &track->curves[i] : &ease, u);
    }
  else
    e = u;
  for (int c = 0; c < 4; c++)
    {
      double v = a[c] + (b[c] - a[c]) * e;

      /* A bezier may overshoot: a colour component stays in [0, 1]. */
      rgba[c] = (float) (v < 0 ? 0 : v > 1 ? 1 : v);
    }
}

ssize_t
ossa_draw_order_key_before (const OssaDrawOrderKey *keys, size_t n_keys, float t)
{
  size_t lo = 0, hi = n_keys;

  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;

      if (keys[mid].time <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return (ssize_t) lo - 1;
}
