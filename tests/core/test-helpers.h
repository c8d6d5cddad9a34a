/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <math.h>
#include <string.h>

#include "ossa.h"

#define DEG(d) ((float) ((d) * G_PI / 180.0))

/* Asserts |a − b| <= tol with both values in the message. */
#define assert_close(a, b, tol) \
  G_STMT_START { \
    double a_ = (a), b_ = (b); \
    if (!(fabs (a_ - b_) <= (tol))) \
      g_error ("%s:%d: %s = %.9g, expected %s = %.9g (tolerance %g)", __FILE__, __LINE__, \
               #a, a_, #b, b_, (double) (tol)); \
  } G_STMT_END

/* A bone appended to skel, asserting it worked. */
static inline size_t
test_add_bone (OssaSkeleton *skel, const char *name, int parent, float x, float y, float rot_deg,
               float sx, float sy, float length)
{
  OssaTransform t = { x, y, DEG (rot_deg), sx, sy };
  OssaError err = { 0 };
  ssize_t i = ossa_skeleton_add_bone (skel, name, parent, &t, length, 0xff0000ffu, &err);

  if (i < 0)
    g_error ("adding bone %s: %s", name, err.message);
  return (size_t) i;
}

/* True when two IK tracks hold the same keys, column for column. */
static inline gboolean
test_ik_tracks_equal (const OssaIkTrack *x, const OssaIkTrack *y)
{
  size_t n = x->n_keys;

  return x->constraint == y->constraint && n == y->n_keys
         && (n == 0 || (memcmp (x->times, y->times, n * sizeof *x->times) == 0
                        && memcmp (x->mix, y->mix, n * sizeof *x->mix) == 0))
         && (x->bend_positive == NULL) == (y->bend_positive == NULL)
         && (x->bend_positive == NULL || memcmp (x->bend_positive, y->bend_positive, n) == 0);
}

/* True when two documents hold the same IK constraints in the same order and the
 * same IK tracks in each animation (a's animations must match b's in number). */
static inline gboolean
test_ik_equal (const OssaDocument *a, const OssaDocument *b)
{
  if (a->n_ik != b->n_ik)
    return FALSE;
  for (size_t i = 0; i < a->n_ik; i++)
    {
      const OssaIkConstraint *x = &a->ik[i], *y = &b->ik[i];

      if (strcmp (x->name, y->name) != 0 || x->n_bones != y->n_bones || x->bones[0] != y->bones[0]
          || (x->n_bones == 2 && x->bones[1] != y->bones[1]) || x->target != y->target
          || x->bend_positive != y->bend_positive || memcmp (&x->mix, &y->mix, sizeof x->mix) != 0)
        return FALSE;
    }
  for (size_t i = 0; i < a->n_animations && i < b->n_animations; i++)
    {
      const OssaAnimation *x = &a->animations[i], *y = &b->animations[i];

      if (x->n_ik_tracks != y->n_ik_tracks)
        return FALSE;
      for (size_t t = 0; t < x->n_ik_tracks; t++)
        if (!test_ik_tracks_equal (&x->ik_tracks[t], &y->ik_tracks[t]))
          return FALSE;
    }
  return TRUE;
}

/* True when two documents hold the same bones, animations and keys (track order
 * inside an animation does not matter: it carries no meaning), and the same IK
 * constraints and keys. */
static inline gboolean
test_documents_equal (const OssaDocument *a, const OssaDocument *b)
{
  if (a->skeleton.n_bones != b->skeleton.n_bones || a->n_animations != b->n_animations
      || a->n_maps != b->n_maps || !test_ik_equal (a, b))
    return FALSE;
  for (size_t i = 0; i < a->n_maps; i++)
    {
      const OssaGridMap *x = &a->maps[i], *y = &b->maps[i];

      if (strcmp (x->name, y->name) != 0 || x->width != y->width || x->height != y->height
          || memcmp (x->cells, y->cells, (size_t) x->width * x->height) != 0
          || x->has_start != y->has_start || x->has_goal != y->has_goal
          || (x->has_start && (x->start_x != y->start_x || x->start_y != y->start_y))
          || (x->has_goal && (x->goal_x != y->goal_x || x->goal_y != y->goal_y)))
        return FALSE;
    }
  for (size_t i = 0; i < a->skeleton.n_bones; i++)
    {
      const OssaBone *x = &a->skeleton.bones[i], *y = &b->skeleton.bones[i];

      if (strcmp (x->name, y->name) != 0 || x->parent != y->parent || x->length != y->length
          || x->color != y->color || memcmp (&x->rest, &y->rest, sizeof x->rest) != 0)
        return FALSE;
    }
  for (size_t i = 0; i < a->n_animations; i++)
    {
      const OssaAnimation *x = &a->animations[i], *y = &b->animations[i];

      if (strcmp (x->name, y->name) != 0 || x->duration != y->duration || x->fps != y->fps
          || x->loop != y->loop || x->n_tracks != y->n_tracks)
        return FALSE;
      for (size_t t = 0; t < x->n_tracks; t++)
        {
          const OssaTrack *tx = &x->tracks[t];
          const OssaTrack *ty = ossa_animation_find_track (y, tx->bone, tx->channel);

          if (ty == NULL || tx->n_keys != ty->n_keys)
            return FALSE;
          for (size_t k = 0; k < tx->n_keys; k++)
            {
              OssaKey kx = ossa_track_get_key (tx, k), ky = ossa_track_get_key (ty, k);

              if (memcmp (&kx, &ky, sizeof kx) != 0)
                return FALSE;
            }
        }
    }
  return TRUE;
}

/* root → arm → hand, root → leg; an animation "walk" keying arm and leg. */
static inline OssaDocument *
test_make_document (void)
{
  OssaDocument *doc = ossa_document_new ();
  OssaAnimation anim;
  OssaKey k0 = ossa_key_make (0, 0), k1 = ossa_key_make (1, DEG (45));

  test_add_bone (&doc->skeleton, "root", -1, 0, 0, 90, 1, 1, 20);
  test_add_bone (&doc->skeleton, "arm", 0, 20, 0, -30, 1, 1, 15);
  test_add_bone (&doc->skeleton, "hand", 1, 15, 0, 0, 1, 1, 5);
  test_add_bone (&doc->skeleton, "leg", 0, 0, 0, 180, 1, 1, 25);
  g_assert_true (ossa_animation_init (&anim, "walk"));
  anim.duration = 1;
  anim.loop = true;
  ossa_track_set_key (ossa_animation_ensure_track (&anim, 1, OSSA_CHANNEL_ROTATE), &k0, NULL);
  ossa_track_set_key (ossa_animation_ensure_track (&anim, 1, OSSA_CHANNEL_ROTATE), &k1, NULL);
  ossa_track_set_key (ossa_animation_ensure_track (&anim, 3, OSSA_CHANNEL_TRANSLATE_Y), &k1, NULL);
  g_assert_cmpint (ossa_document_take_animation (doc, &anim, NULL), ==, 0);
  return doc;
}

/* The path of rel under ../shared/testdata (OSSA_SHARED_TESTDATA), or NULL with the
 * test skipped, saying why, when that is not set or the file is absent. */
static inline char *
test_shared_data (const char *rel)
{
  const char *shared = g_getenv ("OSSA_SHARED_TESTDATA");
  char *path;

  if (shared == NULL)
    {
      g_test_skip ("OSSA_SHARED_TESTDATA is not set");
      return NULL;
    }
  path = g_build_filename (shared, rel, NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      char *msg = g_strdup_printf ("%s is absent: skipping", path);

      g_test_skip (msg);
      g_free (msg);
      g_free (path);
      return NULL;
    }
  return path;
}
