/* SPDX-License-Identifier: MIT */
/* The art model's checks and renumbering (ossa-art-private.h), and an
 * animation's slot keys copied and released with it. */
#include "ossa-art-private.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-skeleton.h"
#include "ossa-types.h"

void
_ossa_animation_clear_art (OssaAnimation *anim)
{
  for (size_t i = 0; i < anim->n_slot_tracks; i++)
    ossa_slot_track_clear (&anim->slot_tracks[i]);
  free (anim->slot_tracks);
  for (size_t i = 0; i < anim->n_draw_order; i++)
    free (anim->draw_order[i].order);
  free (anim->draw_order);
  anim->slot_tracks = NULL;
  anim->draw_order = NULL;
  anim->n_slot_tracks = anim->n_draw_order = 0;
}

bool
_ossa_animation_copy_art (OssaAnimation *dst, const OssaAnimation *src)
{
  if (src->n_slot_tracks > 0)
    {
      dst->slot_tracks = calloc (src->n_slot_tracks, sizeof *dst->slot_tracks);
      if (dst->slot_tracks == NULL)
        return false;
      for (size_t i = 0; i < src->n_slot_tracks; i++)
        {
          if (!ossa_slot_track_copy (&dst->slot_tracks[i], &src->slot_tracks[i]))
            return false;
          dst->n_slot_tracks = i + 1;
        }
    }
  if (src->n_draw_order > 0)
    {
      dst->draw_order = calloc (src->n_draw_order, sizeof *dst->draw_order);
      if (dst->draw_order == NULL)
        return false;
      for (size_t i = 0; i < src->n_draw_order; i++)
        {
          if (!ossa_draw_order_key_copy (&dst->draw_order[i], &src->draw_order[i]))
            return false;
          dst->n_draw_order = i + 1;
        }
    }
  return true;
}

/* Names ---------------------------------------------------------------------- */

typedef struct
{
  const char *name;
  size_t      index;
} NamedIndex;

static int
compare_names (const void *pa, const void *pb)
{
  const NamedIndex *a = pa, *b = pb;
  int c = strcmp (a->name, b->name);

  return c ? c : (a->index > b->index) - (a->index < b->index);
}

/* The names at base + i·stride (char * fields), n of them: whether two are equal,
 * and if so the later one (*dup) and the first (*first). Sorting keeps this
 * O(n log n) for a file with a million slots. False on out of memory too, with
 * *dup = SIZE_MAX. */
static bool
find_duplicate (const void *base, size_t n, size_t stride, size_t *dup, size_t *first)
{
  NamedIndex *order;

  *dup = SIZE_MAX;
  if (n < 2)
    return false;
  order = malloc (n * sizeof *order);
  if (order == NULL)
    return false;
  for (size_t i = 0; i < n; i++)
    order[i] = (NamedIndex) { *(char *const *) (const void *) ((const char *) base + i * stride), i };
  qsort (order, n, sizeof *order, compare_names);
  for (size_t i = 1; i < n; i++)
    if (strcmp (order[i - 1].name, order[i].name) == 0 && order[i].index < *dup)
      *dup = order[i].index, *first = order[i - 1].index;
  free (order);
  return *dup != SIZE_MAX;
}

/* Images -------------------------------------------------------------------- */

static bool
check_image (const OssaImage *im, size_t i, OssaError *err)
{
  char what[96];
  size_t len;

  snprintf (what, sizeof what, "image %zu name", i);
  if (!ossa_name_check (im->name, what, err))
    return false;
  len = im->path ? strlen (im->path) : 0;
  if (len == 0 && im->data_size == 0)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "image %zu '%s': neither a path nor embedded data",
                      i, im->name);
      return false;
    }
  if (len > 0 && (len > 4096 || !ossa_utf8_valid (im->path, len)))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "image %zu '%s': the path is not valid UTF-8 of at most 4096 bytes",
                      i, im->name);
      return false;
    }
  /* Absolute paths are read too: the editor holds them while it edits (and a
   * document never saved has no folder to be relative to); its saves write
   * them relative, as DESIGN.md asks of writers. */
  if (len > 0 && strchr (im->path, '\\') != NULL)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "image %zu '%s': path '%s' has '\\' in it: separators are '/'",
                      i, im->name, im->path);
      return false;
    }
  if (im->data_size > OSSA_MAX_IMAGE_BYTES)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "image %zu '%s': %zu embedded bytes (limit %zu)",
                      i, im->name, im->data_size, OSSA_MAX_IMAGE_BYTES);
      return false;
    }
  if (im->width == 0 || im->height == 0 || im->width > OSSA_MAX_IMAGE_SIDE
      || im->height > OSSA_MAX_IMAGE_SIDE)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "image %zu '%s': size %u × %u is outside 1 to %u pixels a side",
                      i, im->name, im->width, im->height, OSSA_MAX_IMAGE_SIDE);
      return false;
    }
  return true;
}

bool
_ossa_art_validate_images (const OssaDocument *doc, OssaError *err)
{
  size_t dup, first;

  if (doc->n_images > OSSA_MAX_IMAGES)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "%zu images (limit %u)", doc->n_images, OSSA_MAX_IMAGES);
      return false;
    }
  for (size_t i = 0; i < doc->n_images; i++)
    if (!check_image (&doc->images[i], i, err))
      return false;
  if (find_duplicate (doc->images, doc->n_images, sizeof *doc->images, &dup, &first))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "image %zu '%s': the name is already used by image %zu",
                      dup, doc->images[dup].name, first);
      return false;
    }
  return true;
}

/* Slots ---------------------------------------------------------------------- */

static bool
check_attachment (const OssaSlot *slot, size_t s, size_t a, size_t n_images, OssaError *err)
{
  const OssaAttachment *att = &slot->attachments[a];
  char what[160];

  snprintf (what, sizeof what, "slot %zu '%s': attachment %zu name", s, slot->name, a);
  if (!ossa_name_check (att->name, what, err))
    return false;
  if (att->image >= n_images)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "slot %zu '%s': attachment '%s' uses image %u; the document has %zu",
                      s, slot->name, att->name, att->image, n_images);
      return false;
    }
  if (!ossa_transform_is_finite (&att->offset) || !isfinite (att->width) || !isfinite (att->height)
      || !(att->width > 0) || !(att->height > 0))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "slot %zu '%s': attachment '%s': the offset is not finite or the size %g × %g is not finite and positive",
                      s, slot->name, att->name, (double) att->width, (double) att->height);
      return false;
    }
  return true;
}

bool
_ossa_art_check_slot (const OssaDocument *doc, const OssaSlot *slot, size_t s, size_t n_images,
                      OssaError *err)
{
  char what[64];
  size_t dup, first;

  snprintf (what, sizeof what, "slot %zu name", s);
  if (!ossa_name_check (slot->name, what, err))
    return false;
  if (slot->bone >= doc->skeleton.n_bones)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "slot %zu '%s': bone %u does not exist (the skeleton has %zu bones)",
                      s, slot->name, slot->bone, doc->skeleton.n_bones);
      return false;
    }
  if (slot->n_attachments > OSSA_MAX_ATTACHMENTS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "slot %zu '%s': %zu attachments (limit %u)",
                      s, slot->name, slot->n_attachments, OSSA_MAX_ATTACHMENTS);
      return false;
    }
  if (slot->attachment < -1 || (slot->attachment >= 0 && (size_t) slot->attachment >= slot->n_attachments))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "slot %zu '%s': attachment %d does not exist (the slot has %zu)",
                      s, slot->name, (int) slot->attachment, slot->n_attachments);
      return false;
    }
  for (size_t a = 0; a < slot->n_attachments; a++)
    if (!check_attachment (slot, s, a, n_images, err))
      return false;
  if (find_duplicate (slot->attachments, slot->n_attachments, sizeof *slot->attachments, &dup, &first))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "slot %zu '%s': attachment %zu '%s': the name is already used by attachment %zu",
                      s, slot->name, dup, slot->attachments[dup].name, first);
      return false;
    }
  return true;
}

bool
_ossa_art_validate_slots (const OssaDocument *doc, size_t n_images, OssaError *err)
{
  size_t dup, first;

  if (doc->n_slots > OSSA_MAX_SLOTS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "%zu slots (limit %u)", doc->n_slots, OSSA_MAX_SLOTS);
      return false;
    }
  for (size_t s = 0; s < doc->n_slots; s++)
    if (!_ossa_art_check_slot (doc, &doc->slots[s], s, n_images, err))
      return false;
  if (find_duplicate (doc->slots, doc->n_slots, sizeof *doc->slots, &dup, &first))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "slot %zu '%s': the name is already used by slot %zu",
                      dup, doc->slots[dup].name, first);
      return false;
    }
  return true;
}

/* Slot keys ------------------------------------------------------------------ */

/* seen: a byte per slot, bit c set once a track of channel c was met (so that a
 * file of a million slot tracks is not checked pair by pair). */
static bool
check_slot_track (const OssaDocument *doc, const OssaAnimation *anim, size_t index, uint8_t *seen,
                  OssaError *err)
{
  const OssaSlotTrack *t = &anim->slot_tracks[index];
  const char *channel = ossa_slot_channel_name (t->channel);
  const OssaSlot *slot;
  bool color = t->channel == OSSA_SLOT_CHANNEL_COLOR;

  if (channel == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "animation '%s': slot track %zu has unknown channel %d",
                      anim->name, index, (int) t->channel);
      return false;
    }
  if (t->slot >= doc->n_slots)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "animation '%s': slot track %zu names slot %u, but the document has %zu slots",
                      anim->name, index, t->slot, doc->n_slots);
      return false;
    }
  slot = &doc->slots[t->slot];
  if (seen[t->slot] & (1u << t->channel))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "animation '%s': slot '%s' has two %s tracks",
                      anim->name, slot->name, channel);
      return false;
    }
  seen[t->slot] |= (uint8_t) (1u << t->channel);
  if (t->n_keys > OSSA_MAX_SLOT_KEYS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "animation '%s': slot '%s' %s: %zu keys (limit %u)",
                      anim->name, slot->name, channel, t->n_keys, OSSA_MAX_SLOT_KEYS);
      return false;
    }
  if (t->n_keys > 0 && (color ? t->colors == NULL : t->attachments == NULL))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "animation '%s': slot '%s' %s: %zu keys but no %s",
                      anim->name, slot->name, channel, t->n_keys, color ? "colours" : "attachments");
      return false;
    }
  for (size_t k = 0; k < t->n_keys; k++)
    {
      if (!isfinite (t->times[k]) || (k > 0 && !(t->times[k] > t->times[k - 1])))
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "animation '%s': slot '%s' %s: key %zu at %g s is not a finite time after the key before it",
                          anim->name, slot->name, channel, k, (double) t->times[k]);
          return false;
        }
      if (!color && (t->attachments[k] < -1 || (t->attachments[k] >= 0
                                                 && (size_t) t->attachments[k] >= slot->n_attachments)))
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "animation '%s': slot '%s' attachment: key %zu shows attachment %d; the slot has %zu",
                          anim->name, slot->name, k, (int) t->attachments[k], slot->n_attachments);
          return false;
        }
      if (color && t->interp != NULL && t->interp[k] >= OSSA_N_INTERPS)
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "animation '%s': slot '%s' color: key %zu has an unknown interpolation",
                          anim->name, slot->name, k);
          return false;
        }
      if (color && t->interp != NULL && t->interp[k] == OSSA_INTERP_BEZIER && t->curves != NULL)
        {
          const OssaCurve *c = &t->curves[k];

          if (!isfinite (c->y1) || !isfinite (c->y2) || !(c->x1 >= 0 && c->x1 <= 1)
              || !(c->x2 >= 0 && c->x2 <= 1))
            {
              ossa_error_set (err, OSSA_ERROR_INVALID, "animation '%s': slot '%s' color: key %zu has a bezier curve with x outside [0, 1] or a number that is not finite",
                              anim->name, slot->name, k);
              return false;
            }
        }
    }
  return true;
}

static bool
check_draw_order (const OssaDocument *doc, const OssaAnimation *anim, OssaError *err)
{
  uint8_t *seen;
  bool ok = true;

  if (anim->n_draw_order == 0)
    return true;
  if (anim->n_draw_order > OSSA_MAX_DRAW_ORDER_KEYS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "animation '%s': %zu draw-order keys (limit %u)",
                      anim->name, anim->n_draw_order, OSSA_MAX_DRAW_ORDER_KEYS);
      return false;
    }
  seen = malloc (doc->n_slots ? doc->n_slots : 1);
  if (seen == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return false;
    }
  for (size_t k = 0; ok && k < anim->n_draw_order; k++)
    {
      const OssaDrawOrderKey *key = &anim->draw_order[k];

      if (!isfinite (key->time) || (k > 0 && !(key->time > anim->draw_order[k - 1].time)))
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "animation '%s': draw-order key %zu at %g s is not a finite time after the key before it",
                          anim->name, k, (double) key->time);
          ok = false;
          break;
        }
      if (key->n_order != doc->n_slots)
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "animation '%s': draw-order key %zu at %g s orders %zu slots; the document has %zu",
                          anim->name, k, (double) key->time, key->n_order, doc->n_slots);
          ok = false;
          break;
        }
      memset (seen, 0, doc->n_slots ? doc->n_slots : 1);
      for (size_t i = 0; ok && i < key->n_order; i++)
        if (key->order[i] >= doc->n_slots || seen[key->order[i]]++)
          {
            ossa_error_set (err, OSSA_ERROR_INVALID, "animation '%s': draw-order key %zu at %g s is not a permutation of the slots (entry %zu is %u)",
                            anim->name, k, (double) key->time, i, key->order[i]);
            ok = false;
          }
    }
  free (seen);
  return ok;
}

bool
_ossa_art_validate_animation (const OssaDocument *doc, const OssaAnimation *anim, OssaError *err)
{
  uint8_t *seen;
  bool ok = true;

  if (anim->n_slot_tracks > 2 * (size_t) OSSA_MAX_SLOTS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "animation '%s': %zu slot tracks (limit %u)",
                      anim->name, anim->n_slot_tracks, 2 * OSSA_MAX_SLOTS);
      return false;
    }
  if (anim->n_slot_tracks > 0)
    {
      seen = calloc (doc->n_slots ? doc->n_slots : 1, 1);
      if (seen == NULL)
        {
          ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
          return false;
        }
      for (size_t i = 0; ok && i < anim->n_slot_tracks; i++)
        ok = check_slot_track (doc, anim, i, seen, err);
      free (seen);
    }
  return ok && check_draw_order (doc, anim, err);
}

bool
_ossa_art_validate_structure (const OssaDocument *doc, size_t n_images, OssaError *err)
{
  if (!_ossa_art_validate_slots (doc, n_images, err))
    return false;
  for (size_t i = 0; i < doc->n_animations; i++)
    if (!_ossa_art_validate_animation (doc, &doc->animations[i], err))
      return false;
  return true;
}

/* Renumbering ---------------------------------------------------------------- */

bool
_ossa_art_remap_slots (OssaDocument *doc, const ssize_t *remap, OssaError *err)
{
  size_t n = doc->n_slots, kept = 0;
  OssaSlot *slots;

  for (size_t i = 0; i < n; i++)
    kept += remap[i] >= 0;
  slots = malloc ((kept ? kept : 1) * sizeof *slots);
  if (slots == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return false;
    }
  /* Nothing below allocates: keys and orders shrink in place. */
  for (size_t i = 0; i < n; i++)
    if (remap[i] >= 0)
      slots[remap[i]] = doc->slots[i];
    else
      ossa_slot_clear (&doc->slots[i]);
  free (doc->slots);
  doc->slots = slots;
  doc->n_slots = kept;
  for (size_t a = 0; a < doc->n_animations; a++)
    {
      OssaAnimation *anim = &doc->animations[a];
      size_t k = 0;

      for (size_t i = 0; i < anim->n_slot_tracks; i++)
        {
          OssaSlotTrack t = anim->slot_tracks[i];

          if (t.slot >= n || remap[t.slot] < 0)
            {
              ossa_slot_track_clear (&t);
              continue;
            }
          t.slot = (uint32_t) remap[t.slot];
          anim->slot_tracks[k++] = t;
        }
      anim->n_slot_tracks = k;
      for (size_t d = 0; d < anim->n_draw_order; d++)
        {
          OssaDrawOrderKey *key = &anim->draw_order[d];
          size_t m = 0;

          for (size_t i = 0; i < key->n_order; i++)
            if (key->order[i] < n && remap[key->order[i]] >= 0)
              key->order[m++] = (uint32_t) remap[key->order[i]];
          key->n_order = m;
        }
    }
  return true;
}

bool
_ossa_art_remap_bones (OssaDocument *doc, const ssize_t *remap, size_t n_old, OssaError *err)
{
  ssize_t *slot_remap;
  size_t kept = 0;
  bool ok;

  if (doc->n_slots == 0)
    return true;
  slot_remap = malloc (doc->n_slots * sizeof *slot_remap);
  if (slot_remap == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return false;
    }
  for (size_t i = 0; i < doc->n_slots; i++)
    {
      uint32_t bone = doc->slots[i].bone;

      slot_remap[i] = bone < n_old && remap[bone] >= 0 ? (ssize_t) kept++ : -1;
    }
  ok = _ossa_art_remap_slots (doc, slot_remap, err);
  if (ok)
    for (size_t i = 0; i < doc->n_slots; i++)
      doc->slots[i].bone = (uint32_t) remap[doc->slots[i].bone];
  free (slot_remap);
  return ok;
}
