/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For the GUI tests of the IK constraints' rows (the bone tree's Constraints
 * group, the timeline's IK rows): a small rig with three constraints and an
 * animation keying two of them, made with the core's structs and given to an
 * editor, which owns it from then on. */
#pragma once

#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "ossa.h"

#include "ossa-editor.h"

/* root ─ upper_l ─ fore_l        the left arm
 *      ├ hand_target             where the hand reaches
 *      ├ thigh ─ shin            the leg
 *      └ foot_target                                                        */
enum { IK_ROOT, IK_UPPER, IK_FORE, IK_HAND, IK_THIGH, IK_SHIN, IK_FOOT, IK_N_BONES };
/* arm_l: upper_l and fore_l reach for hand_target; leg: thigh and shin reach for
 * foot_target; aim: upper_l alone aims at hand_target (after arm_l). */
enum { IK_ARM, IK_LEG, IK_AIM, IK_N_CONSTRAINTS };
#define IK_FPS 30.0

static inline char *
ik_test_strdup (const char *s)
{
  char *copy = malloc (strlen (s) + 1);

  g_assert_nonnull (copy);
  return strcpy (copy, s);
}

static inline void
ik_test_constraint (OssaIkConstraint *ik, const char *name, guint b0, int b1, guint target,
                    float mix)
{
  ik->name = ik_test_strdup (name);
  ik->bones[0] = b0;
  ik->bones[1] = b1 >= 0 ? (uint32_t) b1 : 0;
  ik->n_bones = b1 >= 0 ? 2 : 1;
  ik->target = target;
  ik->bend_positive = TRUE;
  ik->mix = mix;
}

/* A track of constraint c with keys at frames[i] of mix[i] and bend[i] (1
 * positive, 0 or -1 negative); all of bend -1: the track keys no bend (the format
 * keys bend on every key of a track or on none). */
static inline void
ik_test_track (OssaIkTrack *track, guint c, const double *frames, const float *mix,
               const int *bend, gsize n)
{
  gboolean any_bend = FALSE;

  memset (track, 0, sizeof *track);
  track->constraint = c;
  track->n_keys = track->capacity = n;
  track->times = malloc (n * sizeof *track->times);
  track->mix = malloc (n * sizeof *track->mix);
  for (gsize i = 0; i < n; i++)
    any_bend |= bend[i] >= 0;
  if (any_bend)
    track->bend_positive = malloc (n);
  for (gsize i = 0; i < n; i++)
    {
      track->times[i] = (float) (frames[i] / IK_FPS);
      track->mix[i] = mix[i];
      if (any_bend)
        track->bend_positive[i] = bend[i] > 0;
    }
}

/* The rig, its constraints, and an animation "reach" (1 s at IK_FPS): arm_l keyed
 * at frames 0 (mix 1), 10 (mix 0.5) and 20 (mix 0), all with bend negative; leg at
 * 15 (mix 0.25, no bend); aim not keyed. */
static inline OssaDocument *
ik_test_document (void)
{
  static const char *const names[IK_N_BONES] = {
    "root", "upper_l", "fore_l", "hand_target", "thigh", "shin", "foot_target",
  };
  static const int parents[IK_N_BONES] = { -1, IK_ROOT, IK_UPPER, IK_ROOT, IK_ROOT, IK_THIGH,
                                           IK_ROOT };
  OssaDocument *doc = ossa_document_new ();
  OssaTransform rest = ossa_transform_identity ();
  OssaAnimation anim;
  OssaError err = { 0 };

  g_assert_nonnull (doc);
  for (guint i = 0; i < IK_N_BONES; i++)
    {
      rest.x = i == IK_ROOT ? 0.0f : 40.0f;
      g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, names[i], parents[i], &rest,
                                               40.0f, 0xc0504dff, &err), ==, i);
    }
  doc->ik = calloc (IK_N_CONSTRAINTS, sizeof *doc->ik);
  doc->n_ik = IK_N_CONSTRAINTS;
  ik_test_constraint (&doc->ik[IK_ARM], "arm_l", IK_UPPER, IK_FORE, IK_HAND, 1.0f);
  ik_test_constraint (&doc->ik[IK_LEG], "leg", IK_THIGH, IK_SHIN, IK_FOOT, 1.0f);
  ik_test_constraint (&doc->ik[IK_AIM], "aim", IK_UPPER, -1, IK_HAND, 0.75f);

  g_assert_true (ossa_animation_init (&anim, "reach"));
  anim.duration = 1.0f;
  anim.fps = (float) IK_FPS;
  anim.ik_tracks = calloc (2, sizeof *anim.ik_tracks);
  anim.n_ik_tracks = 2;
  ik_test_track (&anim.ik_tracks[0], IK_ARM, (const double[]) { 0, 10, 20 },
                 (const float[]) { 1.0f, 0.5f, 0.0f }, (const int[]) { -1, 0, -1 }, 3);
  ik_test_track (&anim.ik_tracks[1], IK_LEG, (const double[]) { 15 }, (const float[]) { 0.25f },
                 (const int[]) { -1 }, 1);
  g_assert_cmpint (ossa_document_take_animation (doc, &anim, &err), ==, 0);
  return doc;
}

/* The track of constraint c in animation 0 of the editor's document, or NULL. */
static inline const OssaIkTrack *
ik_test_find_track (OssaEditor *editor, guint c)
{
  const OssaAnimation *anim = &ossa_editor_get_document (editor)->animations[0];

  for (gsize i = 0; i < anim->n_ik_tracks; i++)
    if (anim->ik_tracks[i].constraint == c)
      return &anim->ik_tracks[i];
  return NULL;
}

/* Constraint c's key times in animation 0, as frames ("0 10 20"; "" for none). */
static inline char *
ik_test_dup_frames (OssaEditor *editor, guint c)
{
  const OssaIkTrack *track = ik_test_find_track (editor, c);
  GString *s = g_string_new (NULL);

  for (gsize k = 0; track != NULL && k < track->n_keys; k++)
    g_string_append_printf (s, "%s%.0f", k > 0 ? " " : "", track->times[k] * IK_FPS);
  return g_string_free (s, FALSE);
}
