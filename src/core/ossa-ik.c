/* SPDX-License-Identifier: MIT */
/* IK constraints: copies, the document's lookups and repairs, and the checks of
 * constraints and tracks. STUB: the contract's shapes only, filled in by the IK
 * model work. */
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
