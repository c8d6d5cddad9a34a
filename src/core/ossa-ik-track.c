/* SPDX-License-Identifier: MIT */
/* IK tracks: one constraint's mix and bend keys, their edits and sampling. STUB:
 * the contract's shapes only, filled in by the IK evaluation work. */
#include "ossa-ik.h"

#include <stdlib.h>
#include <string.h>

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

/* The first n entries of col (NULL stays NULL); *ok goes false on out of memory. */
static void *
copy_column (const void *col, size_t n, size_t size, bool *ok)
{
  void *copy;

  if (col == NULL || n == 0)
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

ssize_t
ossa_ik_track_set_key (OssaIkTrack *track, const OssaIkKey *key, OssaError *err)
{
  (void) track;
  (void) key;
  ossa_error_set (err, OSSA_ERROR_INVALID, "not implemented");
  return -1;
}

bool
ossa_ik_track_remove_key (OssaIkTrack *track, size_t index, OssaError *err)
{
  (void) track;
  (void) index;
  ossa_error_set (err, OSSA_ERROR_INVALID, "not implemented");
  return false;
}

ssize_t
ossa_ik_track_find_key (const OssaIkTrack *track, float time)
{
  (void) track;
  (void) time;
  return -1;
}

OssaIkKey
ossa_ik_track_get_key (const OssaIkTrack *track, size_t index)
{
  OssaIkKey key = { 0 };

  (void) track;
  (void) index;
  return key;
}
