/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A document with IK constraints and IK keys, built by hand, for the IK model,
 * command and file tests; the test owns what it gets (ossa_document_free()). */
#pragma once

#include "test-helpers.h"

/* Appends a constraint to doc by hand (no command), asserting memory. */
static inline void
test_add_ik (OssaDocument *doc, const char *name, uint32_t b0, int b1, uint32_t target, float mix,
             bool bend_positive)
{
  /* realloc, not g_renew: the core frees these with free(). */
  OssaIkConstraint *ik = realloc (doc->ik, (doc->n_ik + 1) * sizeof *ik);
  OssaIkConstraint *c;

  g_assert_nonnull (ik);
  doc->ik = ik;
  c = &ik[doc->n_ik];
  memset (c, 0, sizeof *c);
  c->name = strdup (name);
  c->bones[0] = b0;
  c->bones[1] = b1 < 0 ? 0 : (uint32_t) b1;
  c->n_bones = b1 < 0 ? 1 : 2;
  c->target = target;
  c->mix = mix;
  c->bend_positive = bend_positive;
  doc->n_ik++;
}

/* Appends a key (after the track's last) on constraint c of animation anim, by
 * hand: bend < 0 keys no bend (allowed only while the track keys none). */
static inline void
test_add_ik_key (OssaDocument *doc, size_t anim, uint32_t c, float time, float mix, int bend)
{
  OssaAnimation *a = &doc->animations[anim];
  OssaIkTrack *track = NULL;
  size_t at = 0, n;

  for (; at < a->n_ik_tracks && a->ik_tracks[at].constraint <= c; at++)
    if (a->ik_tracks[at].constraint == c)
      track = &a->ik_tracks[at];
  if (track == NULL)
    {
      a->ik_tracks = realloc (a->ik_tracks, (a->n_ik_tracks + 1) * sizeof *a->ik_tracks);
      g_assert_nonnull (a->ik_tracks);
      memmove (&a->ik_tracks[at + 1], &a->ik_tracks[at], (a->n_ik_tracks - at) * sizeof *a->ik_tracks);
      a->n_ik_tracks++;
      track = &a->ik_tracks[at];
      ossa_ik_track_init (track, c);
    }
  n = track->n_keys + 1;
  track->times = realloc (track->times, n * sizeof *track->times);
  track->mix = realloc (track->mix, n * sizeof *track->mix);
  g_assert_true (track->times != NULL && track->mix != NULL);
  if (bend >= 0 && track->bend_positive == NULL)
    {
      g_assert_cmpuint (track->n_keys, ==, 0);
      track->bend_positive = malloc (1);
    }
  else if (bend >= 0)
    track->bend_positive = realloc (track->bend_positive, n);
  g_assert_true (bend < 0 || track->bend_positive != NULL);
  track->times[n - 1] = time;
  track->mix[n - 1] = mix;
  if (bend >= 0)
    track->bend_positive[n - 1] = (uint8_t) bend;
  track->n_keys = track->capacity = n;
}

/* root(0) → arm(1) → hand(2) → finger(5), root → leg(3) → foot(6), root → target(4),
 * root → aim(7); constraints "reach" (arm, hand → target, bend +, mix 1) and "look"
 * (leg → aim, mix 0.5, bend −); animation "walk" with IK keys on both. */
static inline OssaDocument *
test_make_ik_document (void)
{
  OssaDocument *doc = test_make_document ();

  test_add_bone (&doc->skeleton, "target", 0, 30, 10, 0, 1, 1, 0);
  test_add_bone (&doc->skeleton, "finger", 2, 5, 0, 0, 1, 1, 2);
  test_add_bone (&doc->skeleton, "foot", 3, 25, 0, 0, 1, 1, 4);
  test_add_bone (&doc->skeleton, "aim", 0, -30, 0, 0, 1, 1, 0);
  test_add_ik (doc, "reach", 1, 2, 4, 1.f, true);
  test_add_ik (doc, "look", 3, -1, 7, 0.5f, false);
  test_add_ik_key (doc, 0, 0, 0.f, 1.f, -1);
  test_add_ik_key (doc, 0, 0, 0.5f, 0.25f, -1);
  test_add_ik_key (doc, 0, 1, 0.25f, 0.75f, 1);
  test_add_ik_key (doc, 0, 1, 0.75f, 0.f, 0);
  return doc;
}
