/* SPDX-License-Identifier: MIT */
/* IK constraints and IK tracks in .ossa files (ossa-io-pb-ik-private.h). */
#include "ossa-io-pb-ik-private.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-ik-private.h"
#include "ossa-limits.h"
#include "ossa-skeleton.h"

/* Short enough that the reason after it still fits in an OssaError message. */
#define LABEL_NAME_MAX 64

static bool
set_no_memory (OssaError *err)
{
  ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
  return false;
}

/* "IK constraint 2 \"arm\"", or "IK constraint 2" when the name cannot go into a
 * message (absent, too long, not UTF-8). */
static void
constraint_label (char *buf, size_t size, size_t index, const char *name)
{
  size_t len = name ? strlen (name) : 0;

  if (len > 0 && len <= LABEL_NAME_MAX && ossa_utf8_valid (name, len))
    snprintf (buf, size, "IK constraint %zu \"%s\"", index, name);
  else
    snprintf (buf, size, "IK constraint %zu", index);
}

static bool
check_ik_track (const Ossa__IkTrack *t, size_t a, size_t i, OssaError *err)
{
  if (t->n_times > OSSA_MAX_KEYS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "animation %zu: IK track %zu: %zu keys (limit %u)", a, i,
                      t->n_times, OSSA_MAX_KEYS);
      return false;
    }
  if (t->n_mix != t->n_times || (t->n_bend_positive != 0 && t->n_bend_positive != t->n_times))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "animation %zu: IK track %zu: %zu times but %zu mix values and %zu bends (one per key, or no bends)",
                      a, i, t->n_times, t->n_mix, t->n_bend_positive);
      return false;
    }
  return true;
}

bool
_ossa_pb_check_ik (const Ossa__Document *msg, OssaError *err)
{
  const Ossa__Skeleton *skel = msg->skeleton;
  size_t n_ik = skel ? skel->n_ik : 0;
  char what[96];

  if (n_ik > OSSA_MAX_IK_CONSTRAINTS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "%zu IK constraints (limit %u)", n_ik, OSSA_MAX_IK_CONSTRAINTS);
      return false;
    }
  for (size_t i = 0; i < n_ik; i++)
    if (skel->ik[i]->n_bones != 1 && skel->ik[i]->n_bones != 2)
      {
        constraint_label (what, sizeof what, i, skel->ik[i]->name);
        ossa_error_set (err, OSSA_ERROR_INVALID, "%s: it has %zu bones; a constraint has 1 or 2", what,
                        skel->ik[i]->n_bones);
        return false;
      }
  for (size_t a = 0; a < msg->n_animations; a++)
    {
      const Ossa__Animation *anim = msg->animations[a];

      /* One track a constraint at most: more than there may be constraints is wrong. */
      if (anim->n_ik_tracks > OSSA_MAX_IK_CONSTRAINTS)
        {
          ossa_error_set (err, OSSA_ERROR_LIMIT, "animation %zu: %zu IK tracks (limit %u)", a,
                          anim->n_ik_tracks, OSSA_MAX_IK_CONSTRAINTS);
          return false;
        }
      for (size_t i = 0; i < anim->n_ik_tracks; i++)
        if (!check_ik_track (anim->ik_tracks[i], a, i, err))
          return false;
    }
  return true;
}

bool
_ossa_pb_convert_ik (const Ossa__Document *msg, OssaDocument *doc, OssaError *err)
{
  const Ossa__Skeleton *skel = msg->skeleton;
  size_t n = skel ? skel->n_ik : 0;

  if (n == 0)
    return true;
  doc->ik = calloc (n, sizeof *doc->ik);
  if (doc->ik == NULL)
    return set_no_memory (err);
  /* Zeroed constraints are safe to clear, so the count can cover them all now. */
  doc->n_ik = n;
  for (size_t i = 0; i < n; i++)
    {
      const Ossa__IkConstraint *src = skel->ik[i];
      OssaIkConstraint *c = &doc->ik[i];

      /* An absent name becomes "", which the check then calls empty. */
      c->name = strdup (src->name ? src->name : "");
      if (c->name == NULL)
        return set_no_memory (err);
      c->n_bones = (uint32_t) src->n_bones;
      memcpy (c->bones, src->bones, src->n_bones * sizeof *src->bones);
      c->target = src->target;
      /* Absent fields read as the proto's defaults: bend true, mix 1. */
      c->bend_positive = src->bend_positive != 0;
      c->mix = src->mix;
    }
  return ossa_ik_constraints_validate (doc->ik, doc->n_ik, &doc->skeleton, err);
}

static void *
copy_column (const void *src, size_t n, size_t size, bool *ok)
{
  void *p;

  if (n == 0)
    return NULL;
  p = malloc (n * size);
  if (p == NULL)
    {
      *ok = false;
      return NULL;
    }
  return memcpy (p, src, n * size);
}

static bool
convert_track (const Ossa__IkTrack *src, OssaIkTrack *track)
{
  size_t n = src->n_times;
  bool ok = true;

  ossa_ik_track_init (track, src->constraint);
  if (n == 0)
    return true;
  track->n_keys = track->capacity = n;
  track->times = copy_column (src->times, n, sizeof *track->times, &ok);
  track->mix = copy_column (src->mix, n, sizeof *track->mix, &ok);
  if (ok && src->n_bend_positive > 0)
    {
      track->bend_positive = malloc (n);
      ok = track->bend_positive != NULL;
      for (size_t k = 0; ok && k < n; k++)
        track->bend_positive[k] = src->bend_positive[k] != 0;
    }
  return ok;
}

static int
compare_tracks (const void *a, const void *b)
{
  uint32_t x = ((const OssaIkTrack *) a)->constraint, y = ((const OssaIkTrack *) b)->constraint;

  return (x > y) - (x < y);
}

bool
_ossa_pb_convert_animation_ik (const Ossa__Animation *src, const OssaDocument *doc,
                               OssaAnimation *anim, OssaError *err)
{
  size_t n = src->n_ik_tracks;

  if (n == 0)
    return true;
  anim->ik_tracks = calloc (n, sizeof *anim->ik_tracks);
  if (anim->ik_tracks == NULL)
    return set_no_memory (err);
  anim->n_ik_tracks = n;
  for (size_t i = 0; i < n; i++)
    if (!convert_track (src->ik_tracks[i], &anim->ik_tracks[i]))
      return set_no_memory (err);
  /* The model keeps tracks sorted by constraint; a file may list them in any order. */
  qsort (anim->ik_tracks, n, sizeof *anim->ik_tracks, compare_tracks);
  return _ossa_ik_validate_animation (doc, anim, err);
}

static void
build_constraint (const OssaIkConstraint *src, Ossa__IkConstraint *m)
{
  ossa__ik_constraint__init (m);
  m->name = src->name;
  m->n_bones = src->n_bones;
  m->bones = (uint32_t *) src->bones;
  m->has_target = 1;
  m->target = src->target;
  /* Fields at their proto defaults are left out (mix bit for bit: -0 survives). */
  m->has_bend_positive = !src->bend_positive;
  m->bend_positive = src->bend_positive;
  m->has_mix = memcmp (&src->mix, &(float) { 1.f }, sizeof src->mix) != 0;
  m->mix = src->mix;
}

static void
build_track (const OssaIkTrack *src, Ossa__IkTrack *m, protobuf_c_boolean *bends)
{
  ossa__ik_track__init (m);
  m->has_constraint = 1;
  m->constraint = src->constraint;
  m->n_times = m->n_mix = src->n_keys;
  m->times = src->times;
  m->mix = src->mix;
  if (src->bend_positive != NULL)
    {
      for (size_t k = 0; k < src->n_keys; k++)
        bends[k] = src->bend_positive[k] != 0;
      m->n_bend_positive = src->n_keys;
      m->bend_positive = bends;
    }
}

/* calloc (0, …) may return NULL, which would read as out of memory. */
static void *
alloc0 (size_t n, size_t size)
{
  return calloc (n ? n : 1, size);
}

bool
_ossa_pb_build_ik (const OssaDocument *doc, Ossa__Skeleton *skel, Ossa__Animation *anims,
                   OssaPbIkOut *out)
{
  size_t n_tracks = 0, n_bends = 0, next = 0, next_bend = 0;

  for (size_t a = 0; a < doc->n_animations; a++)
    for (size_t t = 0; t < doc->animations[a].n_ik_tracks; t++)
      {
        const OssaIkTrack *track = &doc->animations[a].ik_tracks[t];

        n_tracks++;
        n_bends += track->bend_positive != NULL ? track->n_keys : 0;
      }
  out->constraints = alloc0 (doc->n_ik, sizeof *out->constraints);
  out->constraint_ptrs = alloc0 (doc->n_ik, sizeof *out->constraint_ptrs);
  out->tracks = alloc0 (n_tracks, sizeof *out->tracks);
  out->track_ptrs = alloc0 (n_tracks, sizeof *out->track_ptrs);
  out->bends = alloc0 (n_bends, sizeof *out->bends);
  if (!out->constraints || !out->constraint_ptrs || !out->tracks || !out->track_ptrs || !out->bends)
    return false;
  for (size_t i = 0; i < doc->n_ik; i++)
    {
      build_constraint (&doc->ik[i], &out->constraints[i]);
      out->constraint_ptrs[i] = &out->constraints[i];
    }
  skel->n_ik = doc->n_ik;
  skel->ik = out->constraint_ptrs;
  for (size_t a = 0; a < doc->n_animations; a++)
    {
      const OssaAnimation *src = &doc->animations[a];

      anims[a].n_ik_tracks = src->n_ik_tracks;
      anims[a].ik_tracks = out->track_ptrs + next;
      for (size_t t = 0; t < src->n_ik_tracks; t++, next++)
        {
          build_track (&src->ik_tracks[t], &out->tracks[next], out->bends + next_bend);
          out->track_ptrs[next] = &out->tracks[next];
          next_bend += src->ik_tracks[t].bend_positive != NULL ? src->ik_tracks[t].n_keys : 0;
        }
    }
  return true;
}

void
_ossa_pb_ik_out_free (OssaPbIkOut *out)
{
  free (out->constraints);
  free (out->constraint_ptrs);
  free (out->tracks);
  free (out->track_ptrs);
  free (out->bends);
}
