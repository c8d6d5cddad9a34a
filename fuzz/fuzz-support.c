/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "fuzz-support.h"

#include <math.h>

/* Times to sample at: before the start, the keys' span, past the end. */
static const float sample_times[] = { -1.0f, 0.0f, 0.25f, 0.5f, 1.0f, 1e6f };

/* The slots as a game draws them: anim (NULL: rest) at each time, every visible
 * attachment's quad filled in (into too small a buffer too) over the pose's bones. */
static void
sample_slots (OssaSlotPose *slots, const OssaDocument *doc, const OssaAnimation *anim,
              const OssaPose *pose, float duration)
{
  size_t n_times = sizeof sample_times / sizeof sample_times[0];

  for (size_t i = 0; i < n_times; i++)
    {
      size_t n, max;
      OssaQuad *quads;

      ossa_slot_pose_sample (slots, doc, anim, sample_times[i] * duration);
      n = ossa_slot_pose_n_visible (slots);
      FUZZ_CHECK (n <= slots->n_slots, "at most one visible attachment a slot");
      max = i == 1 && n > 0 ? n - 1 : n;
      quads = malloc ((max + 1) * sizeof *quads);
      FUZZ_CHECK (quads != NULL, "memory for the quads");
      FUZZ_CHECK (ossa_slot_pose_fill_quads (slots, pose->world, quads, max) == n,
                  "the quads filled are the visible ones");
      for (size_t q = 0; q < n && q < max; q++)
        FUZZ_CHECK (quads[q].slot < doc->n_slots && quads[q].image < doc->n_images,
                    "a quad names a slot and an image");
      free (quads);
    }
}

void
fuzz_sample_document (const OssaDocument *doc)
{
  OssaSlotPose *slots;
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
  slots = ossa_slot_pose_new (doc, &err);
  FUZZ_CHECK (slots != NULL, "a slot pose for a valid document");
  sample_slots (slots, doc, NULL, pose, 1.0f);
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
      if (a == 0)
        sample_slots (slots, doc, anim, pose, duration);
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
  /* Back at rest, as after an edit. */
  FUZZ_CHECK (ossa_slot_pose_reset (slots, doc, &err), "the slot pose resets");
  sample_slots (slots, doc, NULL, pose, 1.0f);
  ossa_slot_pose_free (slots);
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

static int
bytes_equal (const void *x, size_t nx, const void *y, size_t ny)
{
  return nx == ny && (nx == 0 || memcmp (x, y, nx) == 0);
}

static int
strings_equal (const char *x, const char *y)
{
  return (x == NULL) == (y == NULL) && (x == NULL || strcmp (x, y) == 0);
}

/* Images, slots with their attachments. */
static int
art_equal (const OssaDocument *a, const OssaDocument *b)
{
  if (a->n_images != b->n_images || a->n_slots != b->n_slots)
    return 0;
  for (size_t i = 0; i < a->n_images; i++)
    {
      const OssaImage *x = &a->images[i], *y = &b->images[i];

      if (!strings_equal (x->name, y->name) || !strings_equal (x->path, y->path)
          || (x->data == NULL) != (y->data == NULL)
          || !bytes_equal (x->data, x->data_size, y->data, y->data_size)
          || x->width != y->width || x->height != y->height)
        return 0;
    }
  for (size_t i = 0; i < a->n_slots; i++)
    {
      const OssaSlot *x = &a->slots[i], *y = &b->slots[i];

      if (strcmp (x->name, y->name) != 0 || x->bone != y->bone || x->color != y->color
          || x->attachment != y->attachment || x->n_attachments != y->n_attachments)
        return 0;
      for (size_t k = 0; k < x->n_attachments; k++)
        {
          const OssaAttachment *p = &x->attachments[k], *q = &y->attachments[k];

          if (strcmp (p->name, q->name) != 0 || p->image != q->image
              || memcmp (&p->offset, &q->offset, sizeof p->offset) != 0
              || memcmp (&p->width, &q->width, sizeof p->width) != 0
              || memcmp (&p->height, &q->height, sizeof p->height) != 0)
            return 0;
        }
    }
  return 1;
}

/* An animation's slot tracks (matched by slot and channel) and draw-order keys. */
static int
art_keys_equal (const OssaAnimation *x, const OssaAnimation *y)
{
  if (x->n_slot_tracks != y->n_slot_tracks || x->n_draw_order != y->n_draw_order)
    return 0;
  for (size_t t = 0; t < x->n_slot_tracks; t++)
    {
      const OssaSlotTrack *tx = &x->slot_tracks[t], *ty = NULL;

      for (size_t u = 0; u < y->n_slot_tracks && ty == NULL; u++)
        if (y->slot_tracks[u].slot == tx->slot && y->slot_tracks[u].channel == tx->channel)
          ty = &y->slot_tracks[u];
      if (ty == NULL || tx->n_keys != ty->n_keys
          || memcmp (tx->times, ty->times, tx->n_keys * sizeof *tx->times) != 0)
        return 0;
      for (size_t k = 0; k < tx->n_keys; k++)
        if (tx->channel == OSSA_SLOT_CHANNEL_ATTACHMENT
              ? tx->attachments[k] != ty->attachments[k]
              : tx->colors[k] != ty->colors[k]
                  || (tx->interp ? tx->interp[k] : OSSA_INTERP_LINEAR)
                       != (ty->interp ? ty->interp[k] : OSSA_INTERP_LINEAR))
          return 0;
    }
  for (size_t k = 0; k < x->n_draw_order; k++)
    {
      const OssaDrawOrderKey *p = &x->draw_order[k], *q = &y->draw_order[k];

      if (memcmp (&p->time, &q->time, sizeof p->time) != 0
          || !bytes_equal (p->order, p->n_order * sizeof *p->order, q->order,
                           q->n_order * sizeof *q->order))
        return 0;
    }
  return 1;
}

/* Bones, animations with their keys, art and maps (meshes are compared through the
 * bytes by the caller). */
static int
documents_equal (const OssaDocument *a, const OssaDocument *b)
{
  if (a->skeleton.n_bones != b->skeleton.n_bones || a->n_animations != b->n_animations
      || a->n_maps != b->n_maps || a->n_meshes != b->n_meshes || !art_equal (a, b))
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
          || x->n_tracks != y->n_tracks || !art_keys_equal (x, y))
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
