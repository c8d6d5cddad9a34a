/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "fuzz-support.h"

#include <math.h>

/* Times to sample at: before the start, the keys' span, past the end. */
static const float sample_times[] = { -1.0f, 0.0f, 0.25f, 0.5f, 1.0f, 1e6f };

void
fuzz_sample_document (const OssaDocument *doc)
{
  OssaError err = { 0 };
  OssaPose *pose;

  if (doc->skeleton.n_bones == 0)
    return;
  pose = ossa_pose_new (&doc->skeleton, &err);
  FUZZ_CHECK (pose != NULL, "a pose for a valid skeleton");
  /* Every mesh drawn over the rest pose, as the canvas does. */
  ossa_pose_set_rest (pose, &doc->skeleton);
  ossa_pose_update_world (pose, &doc->skeleton);
  for (size_t m = 0; m < doc->n_meshes; m++)
    {
      float *out = malloc (2 * doc->meshes[m].n_vertices * sizeof *out + 1);

      FUZZ_CHECK (out != NULL, "memory for a mesh");
      ossa_mesh_deform (&doc->meshes[m], pose->world, out);
      free (out);
    }
  /* The first animation everywhere, the others at one time: enough to reach every
   * track's sampling without making a many-animation input slow. */
  for (size_t a = 0; a < doc->n_animations && a < 4; a++)
    {
      const OssaAnimation *anim = &doc->animations[a];
      float duration = anim->duration > 0 ? anim->duration : 1.0f;
      size_t n_times = a == 0 ? sizeof sample_times / sizeof sample_times[0] : 1;
      OssaClip *clip;
      OssaClipCursor *cursor = NULL;
      OssaTransform *local;
      OssaXform *world;

      for (size_t i = 0; i < n_times; i++)
        {
          ossa_pose_sample (pose, anim, &doc->skeleton, sample_times[i] * duration);
          ossa_pose_update_world (pose, &doc->skeleton);
        }
      clip = ossa_clip_new (anim, &doc->skeleton, &err);
      FUZZ_CHECK (clip != NULL, "a clip from an animation that validated");
      cursor = ossa_clip_cursor_new (clip);
      FUZZ_CHECK (cursor != NULL, "a cursor");
      local = calloc (doc->skeleton.n_bones, sizeof *local);
      world = calloc (doc->skeleton.n_bones, sizeof *world);
      FUZZ_CHECK (local != NULL && world != NULL, "memory for a pose");
      for (size_t i = 0; i < n_times; i++)
        {
          ossa_clip_sample (clip, sample_times[i] * duration, NULL, local);
          ossa_clip_sample_world (clip, sample_times[i] * duration, cursor, local, world);
        }
      free (local);
      free (world);
      ossa_clip_cursor_free (cursor);
      ossa_clip_free (clip);
    }
  ossa_pose_free (pose);
}

static int
keys_equal (const OssaTrack *x, const OssaTrack *y)
{
  if (x->n_keys != y->n_keys)
    return 0;
  for (size_t k = 0; k < x->n_keys; k++)
    {
      OssaKey kx = ossa_track_get_key (x, k), ky = ossa_track_get_key (y, k);

      if (memcmp (&kx, &ky, sizeof kx) != 0)
        return 0;
    }
  return 1;
}

/* Bones, animations with their keys, and maps (meshes are compared through the
 * bytes by the caller). */
static int
documents_equal (const OssaDocument *a, const OssaDocument *b)
{
  if (a->skeleton.n_bones != b->skeleton.n_bones || a->n_animations != b->n_animations
      || a->n_maps != b->n_maps || a->n_meshes != b->n_meshes)
    return 0;
  for (size_t i = 0; i < a->skeleton.n_bones; i++)
    {
      const OssaBone *x = &a->skeleton.bones[i], *y = &b->skeleton.bones[i];

      if (strcmp (x->name, y->name) != 0 || x->parent != y->parent
          || memcmp (&x->length, &y->length, sizeof x->length) != 0 || x->color != y->color
          || memcmp (&x->rest, &y->rest, sizeof x->rest) != 0)
        return 0;
    }
  for (size_t i = 0; i < a->n_animations; i++)
    {
      const OssaAnimation *x = &a->animations[i], *y = &b->animations[i];

      if (strcmp (x->name, y->name) != 0
          || memcmp (&x->duration, &y->duration, sizeof x->duration) != 0
          || memcmp (&x->fps, &y->fps, sizeof x->fps) != 0 || x->loop != y->loop
          || x->n_tracks != y->n_tracks)
        return 0;
      for (size_t t = 0; t < x->n_tracks; t++)
        {
          const OssaTrack *tx = &x->tracks[t];
          const OssaTrack *ty = ossa_animation_find_track (y, tx->bone, tx->channel);

          if (ty == NULL || !keys_equal (tx, ty))
            return 0;
        }
    }
  for (size_t i = 0; i < a->n_maps; i++)
    {
      const OssaGridMap *x = &a->maps[i], *y = &b->maps[i];

      if (strcmp (x->name, y->name) != 0 || x->width != y->width || x->height != y->height
          || memcmp (x->cells, y->cells, (size_t) x->width * x->height) != 0
          || x->has_start != y->has_start || x->has_goal != y->has_goal
          || (x->has_start && (x->start_x != y->start_x || x->start_y != y->start_y))
          || (x->has_goal && (x->goal_x != y->goal_x || x->goal_y != y->goal_y)))
        return 0;
    }
  return 1;
}

void
fuzz_round_trip_document (const OssaDocument *doc)
{
  OssaError err = { 0 };
  uint8_t *bytes = NULL, *again = NULL;
  size_t size = 0, size_again = 0;
  OssaDocument *copy;

  FUZZ_CHECK (ossa_document_validate (doc, &err), "the document validates");
  FUZZ_CHECK (ossa_document_to_bytes (doc, &bytes, &size, &err), "a valid document saves");
  copy = ossa_document_load_bytes (bytes, size, "saved", &err);
  if (copy == NULL)
    fprintf (stderr, "reloading: %s\n", err.message);
  FUZZ_CHECK (copy != NULL, "what was saved loads again");
  FUZZ_CHECK (documents_equal (doc, copy), "the reloaded document is the same");
  FUZZ_CHECK (ossa_document_to_bytes (copy, &again, &size_again, &err), "it saves again");
  FUZZ_CHECK (size == size_again && memcmp (bytes, again, size) == 0,
              "saving it again gives the same bytes");
  free (bytes);
  free (again);
  ossa_document_free (copy);
}
