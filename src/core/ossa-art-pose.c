/* SPDX-License-Identifier: MIT */
/* Slots at a time and the world corners of what they show (ossa-art-pose.h). */
#include "ossa-art-pose.h"

#include <stdlib.h>
#include <string.h>

OssaSlotPose *
ossa_slot_pose_new (const OssaDocument *doc, OssaError *err)
{
  OssaSlotPose *pose = calloc (1, sizeof *pose);

  if (pose == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return NULL;
    }
  if (!ossa_slot_pose_reset (pose, doc, err))
    {
      ossa_slot_pose_free (pose);
      return NULL;
    }
  return pose;
}

void
ossa_slot_pose_free (OssaSlotPose *pose)
{
  if (pose == NULL)
    return;
  free (pose->attachment);
  free (pose->color);
  free (pose->order);
  free (pose->bone);
  free (pose->first);
  free (pose->corners);
  free (pose->image);
  free (pose);
}

static bool
grow (void **p, size_t n, size_t size)
{
  void *q = realloc (*p, (n ? n : 1) * size);

  if (q == NULL)
    return false;
  *p = q;
  return true;
}

/* The attachment's corners in its bone's space: T(offset) · R · S · corner. */
static void
attachment_corners (const OssaAttachment *att, float *c)
{
  static const float sx[4] = { -0.5f, 0.5f, 0.5f, -0.5f }, sy[4] = { -0.5f, -0.5f, 0.5f, 0.5f };
  OssaXform m = ossa_xform_from_transform (&att->offset);

  for (int k = 0; k < 4; k++)
    {
      OssaVec2 p = ossa_xform_apply (&m, (OssaVec2) { sx[k] * att->width, sy[k] * att->height });

      c[2 * k] = p.x;
      c[2 * k + 1] = p.y;
    }
}

bool
ossa_slot_pose_reset (OssaSlotPose *pose, const OssaDocument *doc, OssaError *err)
{
  size_t n = doc->n_slots, n_att = 0;

  for (size_t s = 0; s < n; s++)
    n_att += doc->slots[s].n_attachments;
  if (n > pose->capacity_slots || pose->attachment == NULL)
    {
      if (!grow ((void **) &pose->attachment, n, sizeof *pose->attachment)
          || !grow ((void **) &pose->color, 4 * n, sizeof *pose->color)
          || !grow ((void **) &pose->order, n, sizeof *pose->order)
          || !grow ((void **) &pose->bone, n, sizeof *pose->bone)
          || !grow ((void **) &pose->first, n, sizeof *pose->first))
        goto no_memory;
      pose->capacity_slots = n;
    }
  if (n_att > pose->capacity_attachments || pose->corners == NULL)
    {
      if (!grow ((void **) &pose->corners, 8 * n_att, sizeof *pose->corners)
          || !grow ((void **) &pose->image, n_att, sizeof *pose->image))
        goto no_memory;
      pose->capacity_attachments = n_att;
    }
  pose->n_slots = n;
  pose->n_attachments = n_att;
  n_att = 0;
  for (size_t s = 0; s < n; s++)
    {
      const OssaSlot *slot = &doc->slots[s];

      pose->bone[s] = slot->bone;
      pose->first[s] = n_att;
      for (size_t a = 0; a < slot->n_attachments; a++, n_att++)
        {
          attachment_corners (&slot->attachments[a], &pose->corners[8 * n_att]);
          pose->image[n_att] = slot->attachments[a].image;
        }
    }
  ossa_slot_pose_set_rest (pose, doc);
  return true;

no_memory:
  ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory for the slots of a pose");
  return false;
}

void
ossa_slot_pose_set_rest (OssaSlotPose *pose, const OssaDocument *doc)
{
  for (size_t s = 0; s < pose->n_slots && s < doc->n_slots; s++)
    {
      pose->attachment[s] = doc->slots[s].attachment;
      ossa_color_unpack (doc->slots[s].color, &pose->color[4 * s]);
      pose->order[s] = (uint32_t) s;
    }
}

void
ossa_slot_pose_sample (OssaSlotPose *pose, const OssaDocument *doc, const OssaAnimation *anim,
                       float t)
{
  ssize_t d;

  ossa_slot_pose_set_rest (pose, doc);
  if (anim == NULL)
    return;
  for (size_t i = 0; i < anim->n_slot_tracks; i++)
    {
      const OssaSlotTrack *track = &anim->slot_tracks[i];
      uint32_t s = track->slot;

      if (s >= pose->n_slots || track->n_keys == 0)
        continue;
      if (track->channel == OSSA_SLOT_CHANNEL_ATTACHMENT)
        pose->attachment[s] = ossa_slot_track_sample_attachment (track, t, pose->attachment[s]);
      else if (track->channel == OSSA_SLOT_CHANNEL_COLOR)
        ossa_slot_track_sample_color (track, t, &pose->color[4 * s]);
    }
  d = ossa_draw_order_key_before (anim->draw_order, anim->n_draw_order, t);
  if (d >= 0 && anim->draw_order[d].n_order == pose->n_slots)
    memcpy (pose->order, anim->draw_order[d].order, pose->n_slots * sizeof *pose->order);
}

size_t
ossa_slot_pose_n_visible (const OssaSlotPose *pose)
{
  size_t n = 0;

  for (size_t s = 0; s < pose->n_slots; s++)
    n += pose->attachment[s] >= 0;
  return n;
}

size_t
ossa_slot_pose_fill_quads (const OssaSlotPose *pose, const OssaXform *world, OssaQuad *out,
                           size_t max)
{
  static const float uv[8] = { 0, 1, 1, 1, 1, 0, 0, 0 };
  size_t n = 0;

  for (size_t k = 0; k < pose->n_slots; k++)
    {
      uint32_t s = pose->order[k];
      int32_t a = pose->attachment[s];
      const OssaXform *w;
      const float *c;
      OssaQuad *q;
      size_t index;

      /* A pose out of step with its document never reads past its arrays. */
      if (a < 0 || s >= pose->n_slots
          || pose->first[s] + (size_t) a >= (s + 1 < pose->n_slots ? pose->first[s + 1] : pose->n_attachments))
        continue;
      if (n >= max)
        {
          n++;
          continue;
        }
      index = pose->first[s] + (size_t) a;
      w = &world[pose->bone[s]];
      c = &pose->corners[8 * index];
      q = &out[n++];
      for (int i = 0; i < 4; i++)
        {
          float x = c[2 * i], y = c[2 * i + 1];

          q->xy[2 * i] = w->a * x + w->c * y + w->tx;
          q->xy[2 * i + 1] = w->b * x + w->d * y + w->ty;
        }
      memcpy (q->uv, uv, sizeof uv);
      memcpy (q->rgba, &pose->color[4 * s], sizeof q->rgba);
      q->slot = s;
      q->attachment = (uint32_t) a;
      q->image = pose->image[index];
    }
  return n;
}
