/* SPDX-License-Identifier: MIT */
/* IK tracks: one constraint's mix and bend keys, their edits and sampling. STUB:
 * the contract's shapes only, filled in by the IK evaluation work. */
#include "ossa-ik.h"

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
  memset (track, 0, sizeof *track);
}

bool
ossa_ik_track_copy (OssaIkTrack *dst, const OssaIkTrack *src)
{
  (void) src;
  memset (dst, 0, sizeof *dst);
  return false;
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
