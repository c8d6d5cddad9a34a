/* SPDX-License-Identifier: MIT */
/* IK constraints and tracks: copies, keys, sampling and checks. STUB: the
 * contract's shapes only, filled in by the IK model work. */
#include "ossa-ik.h"

#include <string.h>

#include "ossa-document.h"

void
ossa_ik_constraint_clear (OssaIkConstraint *ik)
{
  memset (ik, 0, sizeof *ik);
}

bool
ossa_ik_constraint_copy (OssaIkConstraint *dst, const OssaIkConstraint *src)
{
  (void) src;
  memset (dst, 0, sizeof *dst);
  return false;
}

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

bool
ossa_ik_constraints_validate (const OssaIkConstraint *ik, size_t n_ik, const OssaSkeleton *skel,
                              OssaError *err)
{
  (void) ik;
  (void) n_ik;
  (void) skel;
  (void) err;
  return true;
}

bool
ossa_ik_tracks_validate (const OssaIkTrack *tracks, size_t n_tracks, size_t n_ik, OssaError *err)
{
  (void) tracks;
  (void) n_tracks;
  (void) n_ik;
  (void) err;
  return true;
}

ssize_t
ossa_document_find_ik (const OssaDocument *doc, const char *name)
{
  for (size_t i = 0; i < doc->n_ik; i++)
    if (strcmp (doc->ik[i].name, name) == 0)
      return (ssize_t) i;
  return -1;
}

bool
ossa_document_remove_bone_ik (OssaDocument *doc, size_t bone, OssaIkRemoval how, OssaError *err)
{
  (void) how;
  return ossa_document_remove_bone (doc, bone, err);
}
