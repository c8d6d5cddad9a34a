/* SPDX-License-Identifier: MIT */
/* The art of a .ossa file to and from its messages (ossa-io-pb-art-private.h). */
#include "ossa-io-pb-art-private.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-art-private.h"
#include "ossa-types.h"

static bool
no_memory (OssaError *err)
{
  ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
  return false;
}

/* Checks ---------------------------------------------------------------------- */

static bool
check_slot_track (const Ossa__SlotTrack *t, size_t a, size_t i, OssaError *err)
{
  size_t n = t->n_times, n_bezier = 0;
  bool color;

  if ((unsigned) t->channel >= OSSA_N_SLOT_CHANNELS)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "animation %zu: slot track %zu has unknown channel %d",
                      a, i, (int) t->channel);
      return false;
    }
  color = t->channel == OSSA__SLOT_CHANNEL__COLOR;
  if (n > OSSA_MAX_SLOT_KEYS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "animation %zu: slot track %zu: %zu keys (limit %u)",
                      a, i, n, OSSA_MAX_SLOT_KEYS);
      return false;
    }
  if (t->n_attachments != (color ? 0 : n) || t->n_colors != (color ? n : 0)
      || (t->n_interp != 0 && (!color || t->n_interp != n)))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "animation %zu: slot track %zu (slot %u %s): %zu times but %zu attachments, %zu colours and %zu interpolations",
                      a, i, t->slot, ossa_slot_channel_name ((OssaSlotChannel) t->channel), n,
                      t->n_attachments, t->n_colors, t->n_interp);
      return false;
    }
  for (size_t k = 0; k < t->n_interp; k++)
    {
      if ((unsigned) t->interp[k] >= OSSA_N_INTERPS)
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "animation %zu: slot track %zu: key %zu has unknown interpolation %d",
                          a, i, k, (int) t->interp[k]);
          return false;
        }
      n_bezier += t->interp[k] == OSSA__INTERP__BEZIER;
    }
  if (t->n_curves != 4 * n_bezier)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "animation %zu: slot track %zu has %zu curve numbers, needs %zu (4 per bezier key)",
                      a, i, t->n_curves, 4 * n_bezier);
      return false;
    }
  return true;
}

bool
_ossa_pb_check_art (const Ossa__Document *msg, OssaError *err)
{
  const Ossa__Skeleton *skel = msg->skeleton;

  if (msg->n_images > OSSA_MAX_IMAGES)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "%zu images (limit %u)", msg->n_images, OSSA_MAX_IMAGES);
      return false;
    }
  for (size_t i = 0; i < msg->n_images; i++)
    if (msg->images[i]->data.len > OSSA_MAX_IMAGE_BYTES)
      {
        ossa_error_set (err, OSSA_ERROR_LIMIT, "image %zu: %zu embedded bytes (limit %zu)", i,
                        msg->images[i]->data.len, OSSA_MAX_IMAGE_BYTES);
        return false;
      }
  if (skel != NULL && skel->n_slots > OSSA_MAX_SLOTS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "%zu slots (limit %u)", skel->n_slots, OSSA_MAX_SLOTS);
      return false;
    }
  for (size_t i = 0; skel != NULL && i < skel->n_slots; i++)
    if (skel->slots[i]->n_attachments > OSSA_MAX_ATTACHMENTS)
      {
        ossa_error_set (err, OSSA_ERROR_LIMIT, "slot %zu: %zu attachments (limit %u)", i,
                        skel->slots[i]->n_attachments, OSSA_MAX_ATTACHMENTS);
        return false;
      }
  for (size_t a = 0; a < msg->n_animations; a++)
    {
      const Ossa__Animation *anim = msg->animations[a];

      if (anim->n_slot_tracks > 2 * (size_t) OSSA_MAX_SLOTS || anim->n_draw_order > OSSA_MAX_DRAW_ORDER_KEYS)
        {
          ossa_error_set (err, OSSA_ERROR_LIMIT, "animation %zu: %zu slot tracks and %zu draw-order keys (limits %u, %u)",
                          a, anim->n_slot_tracks, anim->n_draw_order, 2 * OSSA_MAX_SLOTS,
                          OSSA_MAX_DRAW_ORDER_KEYS);
          return false;
        }
      for (size_t i = 0; i < anim->n_slot_tracks; i++)
        if (!check_slot_track (anim->slot_tracks[i], a, i, err))
          return false;
    }
  return true;
}

/* Reading --------------------------------------------------------------------- */

static char *
copy_name (const char *s)
{
  return strdup (s ? s : "");
}

static OssaTransform
convert_transform (const Ossa__Transform *t)
{
  if (t == NULL)
    return ossa_transform_identity ();
  return (OssaTransform) { t->x, t->y, t->rotation, t->scale_x, t->scale_y };
}

static bool
convert_image (const Ossa__Image *src, OssaImage *im)
{
  im->name = copy_name (src->name);
  if (im->name == NULL)
    return false;
  if (src->path != NULL && src->path[0] != '\0' && (im->path = strdup (src->path)) == NULL)
    return false;
  if (src->data.len > 0)
    {
      im->data = malloc (src->data.len);
      if (im->data == NULL)
        return false;
      memcpy (im->data, src->data.data, src->data.len);
      im->data_size = src->data.len;
    }
  im->width = src->width;
  im->height = src->height;
  return true;
}

static bool
convert_slot (const Ossa__Slot *src, const OssaDocument *doc, OssaSlot *slot)
{
  slot->name = copy_name (src->name);
  if (slot->name == NULL)
    return false;
  slot->bone = src->bone;
  slot->color = src->color;
  slot->attachment = src->attachment;
  /* The default, 0, names no attachment of a slot that has none: it shows none. */
  if (src->n_attachments == 0 && !src->has_attachment)
    slot->attachment = -1;
  if (src->n_attachments == 0)
    return true;
  slot->attachments = calloc (src->n_attachments, sizeof *slot->attachments);
  if (slot->attachments == NULL)
    return false;
  for (size_t i = 0; i < src->n_attachments; i++)
    {
      const Ossa__Attachment *a = src->attachments[i];
      OssaAttachment *att = &slot->attachments[i];
      const OssaImage *im = a->image < doc->n_images ? &doc->images[a->image] : NULL;

      att->name = copy_name (a->name);
      if (att->name == NULL)
        return false;
      slot->n_attachments = i + 1;
      att->image = a->image;
      att->offset = convert_transform (a->offset);
      /* Absent sizes are the image's pixels (DESIGN.md). */
      att->width = a->has_width ? a->width : im ? (float) im->width : 0.f;
      att->height = a->has_height ? a->height : im ? (float) im->height : 0.f;
    }
  return true;
}

bool
_ossa_pb_convert_art (const Ossa__Document *msg, OssaDocument *doc, OssaError *err)
{
  const Ossa__Skeleton *skel = msg->skeleton;

  if (msg->n_images > 0)
    {
      doc->images = calloc (msg->n_images, sizeof *doc->images);
      if (doc->images == NULL)
        return no_memory (err);
      doc->n_images = msg->n_images;
      for (size_t i = 0; i < msg->n_images; i++)
        if (!convert_image (msg->images[i], &doc->images[i]))
          return no_memory (err);
    }
  if (!_ossa_art_validate_images (doc, err))
    return false;
  if (skel != NULL && skel->n_slots > 0)
    {
      doc->slots = calloc (skel->n_slots, sizeof *doc->slots);
      if (doc->slots == NULL)
        return no_memory (err);
      doc->n_slots = skel->n_slots;
      for (size_t i = 0; i < skel->n_slots; i++)
        if (!convert_slot (skel->slots[i], doc, &doc->slots[i]))
          return no_memory (err);
    }
  return _ossa_art_validate_slots (doc, doc->n_images, err);
}

static void *
copy_array (const void *src, size_t n, size_t size, bool *ok)
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

/* From a track _ossa_pb_check_art() has passed. */
static bool
convert_slot_track (const Ossa__SlotTrack *src, OssaSlotTrack *t)
{
  size_t n = src->n_times;
  bool ok = true;

  t->slot = src->slot;
  t->channel = (OssaSlotChannel) src->channel;
  t->n_keys = n;
  t->times = copy_array (src->times, n, sizeof *src->times, &ok);
  t->attachments = copy_array (src->attachments, src->n_attachments, sizeof *src->attachments, &ok);
  t->colors = copy_array (src->colors, src->n_colors, sizeof *src->colors, &ok);
  if (ok && src->n_interp > 0)
    {
      const float *c = src->curves;

      t->interp = malloc (n);
      t->curves = src->n_curves > 0 ? malloc (n * sizeof *t->curves) : NULL;
      ok = t->interp != NULL && (src->n_curves == 0 || t->curves != NULL);
      for (size_t k = 0; ok && k < n; k++)
        {
          t->interp[k] = (uint8_t) src->interp[k];
          if (t->curves == NULL)
            continue;
          if (src->interp[k] == OSSA__INTERP__BEZIER)
            {
              t->curves[k] = (OssaCurve) { c[0], c[1], c[2], c[3] };
              c += 4;
            }
          else
            t->curves[k] = OSSA_CURVE_EASE;
        }
    }
  return ok;
}

bool
_ossa_pb_convert_animation_art (const Ossa__Animation *src, const OssaDocument *doc,
                                OssaAnimation *anim, OssaError *err)
{
  if (src->n_slot_tracks > 0)
    {
      anim->slot_tracks = calloc (src->n_slot_tracks, sizeof *anim->slot_tracks);
      if (anim->slot_tracks == NULL)
        return no_memory (err);
      anim->n_slot_tracks = src->n_slot_tracks;
      for (size_t i = 0; i < src->n_slot_tracks; i++)
        if (!convert_slot_track (src->slot_tracks[i], &anim->slot_tracks[i]))
          return no_memory (err);
    }
  if (src->n_draw_order > 0)
    {
      anim->draw_order = calloc (src->n_draw_order, sizeof *anim->draw_order);
      if (anim->draw_order == NULL)
        return no_memory (err);
      anim->n_draw_order = src->n_draw_order;
      for (size_t i = 0; i < src->n_draw_order; i++)
        {
          const Ossa__DrawOrderKey *k = src->draw_order[i];
          bool ok = true;

          anim->draw_order[i].time = k->time;
          anim->draw_order[i].order = copy_array (k->order, k->n_order, sizeof *k->order, &ok);
          if (!ok)
            return no_memory (err);
          anim->draw_order[i].n_order = k->n_order;
        }
    }
  return _ossa_art_validate_animation (doc, anim, err);
}

/* Writing --------------------------------------------------------------------- */

static void *
alloc0 (size_t n, size_t size)
{
  return calloc (n ? n : 1, size);
}

static bool
is_identity (const OssaTransform *t)
{
  OssaTransform id = ossa_transform_identity ();

  return memcmp (t, &id, sizeof id) == 0;
}

static void
build_slot (const OssaDocument *doc, size_t s, Ossa__Slot *m, OssaPbArtOut *out, size_t *next)
{
  const OssaSlot *slot = &doc->slots[s];

  ossa__slot__init (m);
  m->name = slot->name;
  m->has_bone = 1;
  m->bone = slot->bone;
  m->has_color = slot->color != 0xffffffffu;
  m->color = slot->color;
  m->has_attachment = slot->attachment != 0;
  m->attachment = slot->attachment;
  m->n_attachments = slot->n_attachments;
  m->attachments = out->att_ptrs + *next;
  for (size_t a = 0; a < slot->n_attachments; a++, (*next)++)
    {
      const OssaAttachment *src = &slot->attachments[a];
      Ossa__Attachment *att = &out->atts[*next];
      Ossa__Transform *o = &out->offsets[*next];

      ossa__attachment__init (att);
      out->att_ptrs[*next] = att;
      att->name = src->name;
      att->has_image = 1;
      att->image = src->image;
      att->has_width = att->has_height = 1;
      att->width = src->width;
      att->height = src->height;
      if (!is_identity (&src->offset))
        {
          ossa__transform__init (o);
          o->has_x = o->has_y = o->has_rotation = o->has_scale_x = o->has_scale_y = 1;
          o->x = src->offset.x;
          o->y = src->offset.y;
          o->rotation = src->offset.rotation;
          o->scale_x = src->offset.scale_x;
          o->scale_y = src->offset.scale_y;
          att->offset = o;
        }
    }
}

static bool
build_slot_track (const OssaSlotTrack *src, Ossa__SlotTrack *t, void **block)
{
  size_t n = src->n_keys, n_bezier = 0;
  bool any_interp = false;
  uint32_t *w;

  ossa__slot_track__init (t);
  t->has_slot = t->has_channel = 1;
  t->slot = src->slot;
  t->channel = (Ossa__SlotChannel) src->channel;
  t->n_times = n;
  t->times = src->times;
  if (src->channel == OSSA_SLOT_CHANNEL_ATTACHMENT)
    {
      t->n_attachments = n;
      t->attachments = src->attachments;
      return true;
    }
  t->n_colors = n;
  t->colors = src->colors;
  for (size_t k = 0; src->interp != NULL && k < n; k++)
    {
      any_interp |= src->interp[k] != OSSA_INTERP_LINEAR;
      n_bezier += src->interp[k] == OSSA_INTERP_BEZIER;
    }
  if (!any_interp)
    return true;
  w = *block = malloc ((n + 4 * n_bezier) * sizeof *w);
  if (w == NULL)
    return false;
  t->n_interp = n;
  t->interp = (Ossa__Interp *) (void *) w;
  t->n_curves = 4 * n_bezier;
  t->curves = (float *) (void *) (w + n);
  for (size_t k = 0, c = 0; k < n; k++)
    {
      t->interp[k] = (Ossa__Interp) src->interp[k];
      if (src->interp[k] == OSSA_INTERP_BEZIER)
        {
          OssaCurve curve = src->curves != NULL ? src->curves[k] : OSSA_CURVE_EASE;

          memcpy (&t->curves[c], &curve, sizeof curve);
          c += 4;
        }
    }
  return true;
}

bool
_ossa_pb_build_art (const OssaDocument *doc, Ossa__Document *msg, Ossa__Skeleton *skel,
                    Ossa__Animation *anims, OssaPbArtOut *out)
{
  size_t n_att = 0, n_tracks = 0, n_keys = 0, next = 0;

  for (size_t s = 0; s < doc->n_slots; s++)
    n_att += doc->slots[s].n_attachments;
  for (size_t a = 0; a < doc->n_animations; a++)
    {
      n_tracks += doc->animations[a].n_slot_tracks;
      n_keys += doc->animations[a].n_draw_order;
    }
  out->images = alloc0 (doc->n_images, sizeof *out->images);
  out->image_ptrs = alloc0 (doc->n_images, sizeof *out->image_ptrs);
  out->slots = alloc0 (doc->n_slots, sizeof *out->slots);
  out->slot_ptrs = alloc0 (doc->n_slots, sizeof *out->slot_ptrs);
  out->atts = alloc0 (n_att, sizeof *out->atts);
  out->att_ptrs = alloc0 (n_att, sizeof *out->att_ptrs);
  out->offsets = alloc0 (n_att, sizeof *out->offsets);
  out->tracks = alloc0 (n_tracks, sizeof *out->tracks);
  out->track_ptrs = alloc0 (n_tracks, sizeof *out->track_ptrs);
  out->track_blocks = alloc0 (n_tracks, sizeof *out->track_blocks);
  out->keys = alloc0 (n_keys, sizeof *out->keys);
  out->key_ptrs = alloc0 (n_keys, sizeof *out->key_ptrs);
  if (!out->images || !out->image_ptrs || !out->slots || !out->slot_ptrs || !out->atts
      || !out->att_ptrs || !out->offsets || !out->tracks || !out->track_ptrs
      || !out->track_blocks || !out->keys || !out->key_ptrs)
    return false;
  for (size_t i = 0; i < doc->n_images; i++)
    {
      const OssaImage *src = &doc->images[i];
      Ossa__Image *m = &out->images[i];

      ossa__image__init (m);
      out->image_ptrs[i] = m;
      m->name = src->name;
      m->path = src->path != NULL && src->path[0] != '\0' ? src->path : NULL;
      m->has_data = src->data_size > 0;
      m->data.len = src->data_size;
      m->data.data = src->data;
      m->has_width = m->has_height = 1;
      m->width = src->width;
      m->height = src->height;
    }
  msg->n_images = doc->n_images;
  msg->images = out->image_ptrs;
  for (size_t s = 0; s < doc->n_slots; s++)
    {
      build_slot (doc, s, &out->slots[s], out, &next);
      out->slot_ptrs[s] = &out->slots[s];
    }
  skel->n_slots = doc->n_slots;
  skel->slots = out->slot_ptrs;
  n_tracks = n_keys = 0;
  for (size_t a = 0; a < doc->n_animations; a++)
    {
      const OssaAnimation *src = &doc->animations[a];
      Ossa__Animation *m = &anims[a];

      m->n_slot_tracks = src->n_slot_tracks;
      m->slot_tracks = out->track_ptrs + n_tracks;
      for (size_t i = 0; i < src->n_slot_tracks; i++, n_tracks++)
        {
          out->track_ptrs[n_tracks] = &out->tracks[n_tracks];
          out->n_tracks = n_tracks + 1;
          if (!build_slot_track (&src->slot_tracks[i], &out->tracks[n_tracks],
                                 &out->track_blocks[n_tracks]))
            return false;
        }
      m->n_draw_order = src->n_draw_order;
      m->draw_order = out->key_ptrs + n_keys;
      for (size_t i = 0; i < src->n_draw_order; i++, n_keys++)
        {
          Ossa__DrawOrderKey *k = &out->keys[n_keys];

          ossa__draw_order_key__init (k);
          out->key_ptrs[n_keys] = k;
          k->has_time = 1;
          k->time = src->draw_order[i].time;
          k->n_order = src->draw_order[i].n_order;
          k->order = src->draw_order[i].order;
        }
    }
  return true;
}

void
_ossa_pb_art_out_free (OssaPbArtOut *out)
{
  for (size_t i = 0; i < out->n_tracks; i++)
    free (out->track_blocks[i]);
  free (out->track_blocks);
  free (out->images);
  free (out->image_ptrs);
  free (out->slots);
  free (out->slot_ptrs);
  free (out->atts);
  free (out->att_ptrs);
  free (out->offsets);
  free (out->tracks);
  free (out->track_ptrs);
  free (out->keys);
  free (out->key_ptrs);
}
