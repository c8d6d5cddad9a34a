/* SPDX-License-Identifier: MIT */
/* IK constraints: copies, the document's lookups and renumbering, and the checks
 * of constraints and tracks (DESIGN.md "Inverse kinematics"). */
#include "ossa-ik.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-document.h"
#include "ossa-ik-private.h"
#include "ossa-name-index-private.h"

void
ossa_ik_constraint_clear (OssaIkConstraint *ik)
{
  free (ik->name);
  memset (ik, 0, sizeof *ik);
}

bool
ossa_ik_constraint_copy (OssaIkConstraint *dst, const OssaIkConstraint *src)
{
  *dst = *src;
  dst->name = src->name ? strdup (src->name) : NULL;
  if (src->name != NULL && dst->name == NULL)
    {
      memset (dst, 0, sizeof *dst);
      return false;
    }
  return true;
}

void
_ossa_ik_constraints_free (OssaIkConstraint *ik, size_t n)
{
  for (size_t i = 0; i < n; i++)
    ossa_ik_constraint_clear (&ik[i]);
  free (ik);
}

bool
_ossa_ik_constraints_copy (OssaIkConstraint **dst, const OssaIkConstraint *src, size_t n)
{
  OssaIkConstraint *copy;

  *dst = NULL;
  if (n == 0)
    return true;
  copy = calloc (n, sizeof *copy);
  if (copy == NULL)
    return false;
  for (size_t i = 0; i < n; i++)
    if (!ossa_ik_constraint_copy (&copy[i], &src[i]))
      {
        _ossa_ik_constraints_free (copy, i);
        return false;
      }
  *dst = copy;
  return true;
}

void
_ossa_animation_clear_ik (OssaAnimation *anim)
{
  for (size_t i = 0; i < anim->n_ik_tracks; i++)
    ossa_ik_track_clear (&anim->ik_tracks[i]);
  free (anim->ik_tracks);
  anim->ik_tracks = NULL;
  anim->n_ik_tracks = 0;
}

bool
_ossa_animation_copy_ik (OssaAnimation *dst, const OssaAnimation *src)
{
  dst->ik_tracks = NULL;
  dst->n_ik_tracks = 0;
  if (src->n_ik_tracks == 0)
    return true;
  dst->ik_tracks = calloc (src->n_ik_tracks, sizeof *dst->ik_tracks);
  if (dst->ik_tracks == NULL)
    return false;
  for (size_t i = 0; i < src->n_ik_tracks; i++)
    {
      if (!ossa_ik_track_copy (&dst->ik_tracks[i], &src->ik_tracks[i]))
        return false;
      dst->n_ik_tracks = i + 1;
    }
  return true;
}

ssize_t
ossa_document_find_ik (const OssaDocument *doc, const char *name)
{
  if (name == NULL)
    return -1;
  for (size_t i = 0; i < doc->n_ik; i++)
    if (doc->ik[i].name != NULL && strcmp (doc->ik[i].name, name) == 0)
      return (ssize_t) i;
  return -1;
}

/* ---- checks ---- */

#define IK_FAIL(err, code, i, c, ...)                                                    \
  do                                                                                     \
    {                                                                                    \
      char why_[OSSA_ERROR_MESSAGE_MAX];                                                 \
      snprintf (why_, sizeof why_, __VA_ARGS__);                                         \
      ossa_error_set ((err), (code), "IK constraint %zu \"%s\": %s", (i), (c)->name, why_); \
      return false;                                                                      \
    }                                                                                    \
  while (0)

/* Name, bone count, indices, the parent/child rule and mix of constraint i. */
static bool
check_fields (const OssaIkConstraint *c, size_t i, const OssaSkeleton *skel, OssaError *err)
{
  char what[48];
  size_t n = skel->n_bones;

  snprintf (what, sizeof what, "IK constraint %zu's name", i);
  if (!ossa_name_check (c->name, what, err))
    return false;
  if (c->n_bones != 1 && c->n_bones != 2)
    IK_FAIL (err, OSSA_ERROR_INVALID, i, c, "it has %u bones; a constraint has 1 or 2", c->n_bones);
  for (uint32_t k = 0; k < c->n_bones; k++)
    if (c->bones[k] >= n)
      IK_FAIL (err, OSSA_ERROR_INVALID, i, c, "its bone %u is bone %u, but the skeleton has %zu bones",
               k, c->bones[k], n);
  if (c->n_bones == 2 && skel->bones[c->bones[1]].parent != (int32_t) c->bones[0])
    IK_FAIL (err, OSSA_ERROR_INVALID, i, c, "its second bone '%s' is not a direct child of its first '%s'",
             skel->bones[c->bones[1]].name, skel->bones[c->bones[0]].name);
  if (c->target >= n)
    IK_FAIL (err, OSSA_ERROR_INVALID, i, c, "its target is bone %u, but the skeleton has %zu bones",
             c->target, n);
  if (!isfinite (c->mix) || c->mix < 0.f || c->mix > 1.f)
    IK_FAIL (err, OSSA_ERROR_INVALID, i, c, "mix %g is not a number in [0, 1]", (double) c->mix);
  return true;
}

/* The target rule against the constraint's own bones, then against every
 * constraint's: owner[b] is the first constraint with b among its bones (or -1),
 * covered[b] whether b is such a bone or lies below one. */
static bool
check_target (const OssaIkConstraint *ik, size_t i, const OssaSkeleton *skel,
              const int32_t *owner, const uint8_t *covered, OssaError *err)
{
  const OssaIkConstraint *c = &ik[i];
  const char *target = skel->bones[c->target].name;
  ssize_t b;

  for (uint32_t k = 0; k < c->n_bones; k++)
    if (c->bones[k] == c->target)
      IK_FAIL (err, OSSA_ERROR_INVALID, i, c, "its target '%s' is one of its own bones", target);
  if (ossa_skeleton_is_in_subtree (skel, c->target, c->bones[0]))
    IK_FAIL (err, OSSA_ERROR_INVALID, i, c, "its target '%s' lies below its bone '%s'", target,
             skel->bones[c->bones[0]].name);
  if (!covered[c->target])
    return true;
  /* Only on the way to an error: walk up to the constrained bone that covers it. */
  for (b = (ssize_t) c->target; owner[b] < 0; b = skel->bones[b].parent)
    ;
  if (b == (ssize_t) c->target)
    IK_FAIL (err, OSSA_ERROR_INVALID, i, c, "its target '%s' is a bone of IK constraint %d \"%s\"",
             target, owner[b], ik[owner[b]].name);
  IK_FAIL (err, OSSA_ERROR_INVALID, i, c, "its target '%s' lies below bone '%s' of IK constraint %d \"%s\"",
           target, skel->bones[b].name, owner[b], ik[owner[b]].name);
}

static bool
check_names_unique (const OssaIkConstraint *ik, size_t n_ik, OssaError *err)
{
  OssaNameArray names = { ik, sizeof *ik, offsetof (OssaIkConstraint, name) };
  OssaNameIndex seen;
  bool ok = true;

  _ossa_name_index_init (&seen);
  for (size_t i = 0; ok && i < n_ik; i++)
    {
      ssize_t other = _ossa_name_index_find (&seen, names, ik[i].name);

      if (other >= 0)
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "IK constraint %zu \"%s\": the name is already used by IK constraint %zd",
                          i, ik[i].name, other);
          ok = false;
        }
      else if (!_ossa_name_index_add (&seen, names, ik[i].name, i))
        {
          ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
          ok = false;
        }
    }
  _ossa_name_index_free (&seen);
  return ok;
}

bool
ossa_ik_constraints_validate (const OssaIkConstraint *ik, size_t n_ik, const OssaSkeleton *skel,
                              OssaError *err)
{
  size_t n = skel->n_bones;
  int32_t *owner;
  uint8_t *covered;
  bool ok = true;

  if (n_ik > OSSA_MAX_IK_CONSTRAINTS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "%zu IK constraints (limit %u)", n_ik, OSSA_MAX_IK_CONSTRAINTS);
      return false;
    }
  for (size_t i = 0; i < n_ik; i++)
    if (!check_fields (&ik[i], i, skel, err))
      return false;
  if (n_ik == 0 || !check_names_unique (ik, n_ik, err))
    return n_ik == 0;
  owner = malloc (n * sizeof *owner);
  covered = malloc (n);
  if (owner == NULL || covered == NULL)
    {
      free (owner);
      free (covered);
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return false;
    }
  for (size_t b = 0; b < n; b++)
    owner[b] = -1;
  for (size_t i = n_ik; i-- > 0;)   /* backwards, so the first constraint names a bone */
    for (uint32_t k = 0; k < ik[i].n_bones; k++)
      owner[ik[i].bones[k]] = (int32_t) i;
  /* Parents come first, so one pass in bone order spreads "below" down the tree. */
  for (size_t b = 0; b < n; b++)
    covered[b] = owner[b] >= 0 || (skel->bones[b].parent >= 0 && covered[skel->bones[b].parent]);
  for (size_t i = 0; ok && i < n_ik; i++)
    ok = check_target (ik, i, skel, owner, covered, err);
  free (owner);
  free (covered);
  return ok;
}

static bool
check_track_keys (const OssaIkTrack *t, size_t index, OssaError *err)
{
  for (size_t k = 0; k < t->n_keys; k++)
    {
      if (!isfinite (t->times[k]))
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "IK track %zu (constraint %u): key %zu has a time that is not a finite number",
                          index, t->constraint, k);
          return false;
        }
      if (k > 0 && !(t->times[k] > t->times[k - 1]))
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "IK track %zu (constraint %u): key %zu at %g s does not come after key %zu at %g s",
                          index, t->constraint, k, (double) t->times[k], k - 1, (double) t->times[k - 1]);
          return false;
        }
      if (!isfinite (t->mix[k]) || t->mix[k] < 0.f || t->mix[k] > 1.f)
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "IK track %zu (constraint %u): key %zu has mix %g, not a number in [0, 1]",
                          index, t->constraint, k, (double) t->mix[k]);
          return false;
        }
      if (t->bend_positive != NULL && t->bend_positive[k] > 1)
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "IK track %zu (constraint %u): key %zu has bend %u, not 0 or 1",
                          index, t->constraint, k, t->bend_positive[k]);
          return false;
        }
    }
  return true;
}

bool
ossa_ik_tracks_validate (const OssaIkTrack *tracks, size_t n_tracks, size_t n_ik, OssaError *err)
{
  for (size_t i = 0; i < n_tracks; i++)
    {
      const OssaIkTrack *t = &tracks[i];

      if (t->constraint >= n_ik)
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "IK track %zu names constraint %u, but the document has %zu",
                          i, t->constraint, n_ik);
          return false;
        }
      if (i > 0 && !(t->constraint > tracks[i - 1].constraint))
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, t->constraint == tracks[i - 1].constraint
                          ? "IK track %zu: constraint %u has two tracks"
                          : "IK track %zu: constraint %u comes after constraint %u; tracks are sorted by constraint",
                          i, t->constraint, tracks[i - 1].constraint);
          return false;
        }
      if (!check_track_keys (t, i, err))
        return false;
    }
  return true;
}

bool
_ossa_ik_validate_animation (const OssaDocument *doc, const OssaAnimation *anim, OssaError *err)
{
  char inner[OSSA_ERROR_MESSAGE_MAX];

  if (ossa_ik_tracks_validate (anim->ik_tracks, anim->n_ik_tracks, doc->n_ik, err))
    return true;
  snprintf (inner, sizeof inner, "%s", err ? err->message : "");
  ossa_error_set (err, err ? err->code : OSSA_ERROR_INVALID, "animation '%s': %s", anim->name, inner);
  return false;
}

/* ---- renumbering ---- */

/* Removes the constraints whose n_bones is 0 (the mark), with their keys in every
 * animation, renumbering the rest and their tracks. Tracks are sorted by constraint,
 * so one walk over both lists finds each track's new number without a table. */
static void
drop_marked (OssaDocument *doc)
{
  size_t kept = 0;

  for (size_t a = 0; a < doc->n_animations; a++)
    {
      OssaAnimation *anim = &doc->animations[a];
      size_t t = 0, out = 0, new_c = 0;

      for (size_t c = 0; c < doc->n_ik; c++)
        {
          bool gone = doc->ik[c].n_bones == 0;

          for (; t < anim->n_ik_tracks && anim->ik_tracks[t].constraint <= c; t++)
            if (gone || anim->ik_tracks[t].constraint < c)
              ossa_ik_track_clear (&anim->ik_tracks[t]);
            else
              {
                anim->ik_tracks[t].constraint = (uint32_t) new_c;
                anim->ik_tracks[out++] = anim->ik_tracks[t];
              }
          new_c += !gone;
        }
      for (; t < anim->n_ik_tracks; t++)
        ossa_ik_track_clear (&anim->ik_tracks[t]);
      anim->n_ik_tracks = out;
      if (out == 0)
        {
          free (anim->ik_tracks);
          anim->ik_tracks = NULL;
        }
    }
  for (size_t c = 0; c < doc->n_ik; c++)
    if (doc->ik[c].n_bones == 0)
      ossa_ik_constraint_clear (&doc->ik[c]);
    else
      doc->ik[kept++] = doc->ik[c];
  doc->n_ik = kept;
  if (kept == 0)
    {
      free (doc->ik);
      doc->ik = NULL;
    }
}

static bool
bone_gone (const ssize_t *remap, size_t n_old, uint32_t bone)
{
  return bone >= n_old || remap[bone] < 0;
}

void
_ossa_ik_remap_bones (OssaDocument *doc, const ssize_t *remap, size_t n_old, OssaIkRemoval how)
{
  bool any_gone = false;

  for (size_t c = 0; c < doc->n_ik; c++)
    {
      OssaIkConstraint *ik = &doc->ik[c];
      bool lost_child = ik->n_bones == 2 && bone_gone (remap, n_old, ik->bones[1]);
      bool gone = bone_gone (remap, n_old, ik->bones[0]) || bone_gone (remap, n_old, ik->target)
                  || (lost_child && how == OSSA_IK_REMOVAL_DELETE);

      if (gone)
        {
          ik->n_bones = 0;   /* the mark drop_marked() looks for */
          any_gone = true;
          continue;
        }
      if (lost_child)
        ik->n_bones = 1;
      for (uint32_t k = 0; k < ik->n_bones; k++)
        ik->bones[k] = (uint32_t) remap[ik->bones[k]];
      ik->target = (uint32_t) remap[ik->target];
    }
  if (any_gone)
    drop_marked (doc);
}

/* Insertion sort by constraint: after a reorder only one track is out of place, so
 * this costs one pass and the distance it moves, and it needs no memory. */
static void
sort_tracks (OssaIkTrack *tracks, size_t n)
{
  for (size_t i = 1; i < n; i++)
    {
      OssaIkTrack t = tracks[i];
      size_t j = i;

      for (; j > 0 && tracks[j - 1].constraint > t.constraint; j--)
        tracks[j] = tracks[j - 1];
      tracks[j] = t;
    }
}

void
_ossa_ik_tracks_remap (OssaIkTrack *tracks, size_t *n_tracks, const ssize_t *remap, size_t n_old)
{
  size_t out = 0;

  for (size_t t = 0; t < *n_tracks; t++)
    {
      OssaIkTrack *track = &tracks[t];

      if (track->constraint >= n_old || remap[track->constraint] < 0)
        {
          ossa_ik_track_clear (track);
          continue;
        }
      track->constraint = (uint32_t) remap[track->constraint];
      tracks[out++] = *track;
    }
  *n_tracks = out;
  sort_tracks (tracks, out);
}

/* The constrained bone at or above bone (the first constraint's when several),
 * or -1; *which receives the constraint. Linear in constraints and depth. */
static ssize_t
constrained_ancestor (const OssaDocument *doc, ssize_t bone, uint8_t *mark, size_t *which)
{
  const OssaSkeleton *skel = &doc->skeleton;

  for (size_t c = 0; c < doc->n_ik; c++)
    for (uint32_t k = 0; k < doc->ik[c].n_bones; k++)
      if (doc->ik[c].bones[k] < skel->n_bones)
        mark[doc->ik[c].bones[k]] = 1;
  for (; bone >= 0 && !mark[bone]; bone = skel->bones[bone].parent)
    ;
  for (size_t c = 0; bone >= 0 && c < doc->n_ik; c++)
    for (uint32_t k = 0; k < doc->ik[c].n_bones; k++)
      if (doc->ik[c].bones[k] == (uint32_t) bone)
        {
          *which = c;
          return bone;
        }
  return -1;
}

bool
_ossa_ik_check_reparent (const OssaDocument *doc, size_t bone, int32_t new_parent, OssaError *err)
{
  const OssaSkeleton *skel = &doc->skeleton;
  uint8_t *mark;
  ssize_t guard;
  size_t which = 0;

  if (doc->n_ik == 0 || bone >= skel->n_bones || new_parent >= (int32_t) skel->n_bones
      || (new_parent >= 0 && ossa_skeleton_is_in_subtree (skel, (size_t) new_parent, bone)))
    return true;   /* nothing to keep, or the skeleton refuses it with its own words */
  for (size_t c = 0; c < doc->n_ik; c++)
    if (doc->ik[c].n_bones == 2 && doc->ik[c].bones[1] == bone && doc->ik[c].bones[0] != (uint32_t) new_parent)
      {
        ossa_error_set (err, OSSA_ERROR_CONFLICT, "bone '%s' is the second bone of IK constraint %zu \"%s\": it must stay a direct child of '%s'",
                        skel->bones[bone].name, c, doc->ik[c].name, skel->bones[doc->ik[c].bones[0]].name);
        return false;
      }
  if (new_parent < 0)
    return true;
  mark = calloc (skel->n_bones, 1);
  if (mark == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return false;
    }
  guard = constrained_ancestor (doc, new_parent, mark, &which);
  free (mark);
  if (guard < 0)
    return true;
  for (size_t c = 0; c < doc->n_ik; c++)
    if (doc->ik[c].target < skel->n_bones && ossa_skeleton_is_in_subtree (skel, doc->ik[c].target, bone))
      {
        ossa_error_set (err, OSSA_ERROR_CONFLICT, "moving bone '%s' under '%s' would put the target '%s' of IK constraint %zu \"%s\" below bone '%s' of IK constraint %zu \"%s\"",
                        skel->bones[bone].name, skel->bones[new_parent].name, skel->bones[doc->ik[c].target].name, c, doc->ik[c].name,
                        skel->bones[guard].name, which, doc->ik[which].name);
        return false;
      }
  return true;
}
