/* SPDX-License-Identifier: MIT */
/* Commands on art: images (one image present or absent), one slot's fields and
 * attachments (a copy of the slot, as bone commands keep a bone), and the edits
 * that renumber slots or attachments or change slot keys, which start from a copy
 * of the structure as bone structure edits do. Each checks the result before it
 * is made. */
#include "ossa-command.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-art-private.h"
#include "ossa-command-private.h"
#include "ossa-document-private.h"
#include "ossa-text.h"
#include "ossa-types.h"

static bool
no_memory (OssaError *err)
{
  ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
  return false;
}

static bool
check_slot_index (const OssaDocument *doc, size_t slot, OssaError *err)
{
  if (slot < doc->n_slots)
    return true;
  ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "slot %zu does not exist (the document has %zu)",
                  slot, doc->n_slots);
  return false;
}

static bool
check_attachment_index (const OssaDocument *doc, size_t slot, size_t att, OssaError *err)
{
  if (!check_slot_index (doc, slot, err))
    return false;
  if (att < doc->slots[slot].n_attachments)
    return true;
  ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "slot '%s' has no attachment %zu (it has %zu)",
                  doc->slots[slot].name, att, doc->slots[slot].n_attachments);
  return false;
}

static bool
check_anim_index (const OssaDocument *doc, size_t anim, OssaError *err)
{
  if (anim < doc->n_animations)
    return true;
  ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "animation %zu does not exist", anim);
  return false;
}

/* Images ---------------------------------------------------------------------- */

bool
_ossa_command_swap_image_list (OssaCommand *cmd, OssaDocument *doc, OssaError *err)
{
  size_t index = cmd->image.index;

  if (cmd->image.present)
    {
      OssaImage *images;

      if (index > doc->n_images)
        {
          ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "image %zu does not exist", index);
          return false;
        }
      images = realloc (doc->images, (doc->n_images + 1) * sizeof *images);
      if (images == NULL)
        return no_memory (err);
      doc->images = images;
      memmove (images + index + 1, images + index, (doc->n_images - index) * sizeof *images);
      images[index] = cmd->image.other;
      doc->n_images++;
      memset (&cmd->image.other, 0, sizeof cmd->image.other);
      cmd->image.present = false;
      return true;
    }
  if (index >= doc->n_images)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "image %zu no longer exists", index);
      return false;
    }
  cmd->image.other = doc->images[index];
  memmove (doc->images + index, doc->images + index + 1,
           (doc->n_images - index - 1) * sizeof *doc->images);
  doc->n_images--;
  cmd->image.present = true;
  return true;
}

OssaCommand *
ossa_command_add_image (const OssaDocument *doc, const char *name, const char *path,
                        const void *data, size_t data_size, uint32_t width, uint32_t height,
                        OssaError *err)
{
  OssaDocument probe;
  OssaImage image = { (char *) name, (char *) path, (uint8_t *) data, data ? data_size : 0,
                      width, height };
  OssaCommand *cmd;

  if (doc->n_images >= OSSA_MAX_IMAGES)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "a document holds at most %u images", OSSA_MAX_IMAGES);
      return NULL;
    }
  /* The image checked alone, as image 0 of a document holding only it. */
  memset (&probe, 0, sizeof probe);
  probe.images = &image;
  probe.n_images = 1;
  if (!_ossa_art_validate_images (&probe, err))
    return NULL;
  if (ossa_document_find_image (doc, name) >= 0)
    {
      ossa_error_set (err, OSSA_ERROR_CONFLICT, "an image called '%s' already exists", name);
      return NULL;
    }
  if ((cmd = _ossa_command_new (KIND_IMAGE_LIST, OSSA_N_ ("Add Image"), err)) == NULL)
    return NULL;
  cmd->image.index = doc->n_images;
  cmd->image.present = true;
  if (path != NULL && path[0] == '\0')
    image.path = NULL;
  if (!ossa_image_copy (&cmd->image.other, &image))
    {
      cmd->image.present = false;
      ossa_command_free (cmd);
      no_memory (err);
      return NULL;
    }
  return cmd;
}

bool
_ossa_command_swap_image (OssaCommand *cmd, OssaDocument *doc, OssaError *err)
{
  OssaImage tmp;

  if (cmd->image.index >= doc->n_images)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "image %zu no longer exists", cmd->image.index);
      return false;
    }
  tmp = doc->images[cmd->image.index];
  doc->images[cmd->image.index] = cmd->image.other;
  cmd->image.other = tmp;
  return true;
}

OssaCommand *
ossa_command_set_image (const OssaDocument *doc, size_t index, const char *name, const char *path,
                        const void *data, size_t data_size, uint32_t width, uint32_t height,
                        OssaError *err)
{
  OssaDocument probe;
  OssaImage image = { (char *) name, (char *) path, (uint8_t *) data, data ? data_size : 0,
                      width, height };
  OssaCommand *cmd;
  ssize_t other;

  if (index >= doc->n_images)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "image %zu does not exist (the document has %zu)",
                      index, doc->n_images);
      return NULL;
    }
  memset (&probe, 0, sizeof probe);
  probe.images = &image;
  probe.n_images = 1;
  if (!_ossa_art_validate_images (&probe, err))
    return NULL;
  other = ossa_document_find_image (doc, name);
  if (other >= 0 && (size_t) other != index)
    {
      ossa_error_set (err, OSSA_ERROR_CONFLICT, "an image called '%s' already exists", name);
      return NULL;
    }
  if ((cmd = _ossa_command_new (KIND_IMAGE, OSSA_N_ ("Change Image"), err)) == NULL)
    return NULL;
  cmd->image.index = index;
  if (path != NULL && path[0] == '\0')
    image.path = NULL;
  if (!ossa_image_copy (&cmd->image.other, &image))
    {
      ossa_command_free (cmd);
      no_memory (err);
      return NULL;
    }
  return cmd;
}

/* Structural edits ------------------------------------------------------------ */

/* What a structural edit needs; each uses some of it. */
typedef struct
{
  size_t             slot, index, anim;
  const char        *name;
  uint32_t           bone, color;
  OssaSlotChannel    channel;
  const OssaSlotKey *key;
  float              time;
  const uint32_t    *order;
  size_t             n_order;
} Args;

typedef bool (*Edit) (OssaDocument *scratch, const Args *args, OssaError *err);

/* The edit made on a copy of the structure and checked (against n_images images)
 * before it becomes a command; NULL with err when it fails either. */
static OssaCommand *
structural (const OssaDocument *doc, size_t n_images, Edit edit, const Args *args,
            const char *label, OssaError *err)
{
  OssaDocument *scratch = _ossa_document_copy_structure (doc, err);

  if (scratch == NULL)
    return NULL;
  if (!edit (scratch, args, err) || !_ossa_art_validate_structure (scratch, n_images, err))
    {
      ossa_document_free (scratch);
      return NULL;
    }
  return _ossa_command_new_structure (scratch, label, err);
}

/* Removes attachment att of slot s: the rest attachment and keys that showed it
 * show none, those after it are renumbered. */
static void
drop_attachment (OssaDocument *doc, size_t s, size_t att)
{
  OssaSlot *slot = &doc->slots[s];

  ossa_attachment_clear (&slot->attachments[att]);
  memmove (slot->attachments + att, slot->attachments + att + 1,
           (slot->n_attachments - att - 1) * sizeof *slot->attachments);
  slot->n_attachments--;
  if (slot->attachment == (int32_t) att)
    slot->attachment = -1;
  else if (slot->attachment > (int32_t) att)
    slot->attachment--;
  for (size_t a = 0; a < doc->n_animations; a++)
    for (size_t i = 0; i < doc->animations[a].n_slot_tracks; i++)
      {
        OssaSlotTrack *t = &doc->animations[a].slot_tracks[i];

        if (t->slot != s || t->channel != OSSA_SLOT_CHANNEL_ATTACHMENT || t->attachments == NULL)
          continue;
        for (size_t k = 0; k < t->n_keys; k++)
          if (t->attachments[k] == (int32_t) att)
            t->attachments[k] = -1;
          else if (t->attachments[k] > (int32_t) att)
            t->attachments[k]--;
      }
}

static bool
edit_drop_image_users (OssaDocument *doc, const Args *args, OssaError *err)
{
  (void) err;
  for (size_t s = 0; s < doc->n_slots; s++)
    for (size_t a = doc->slots[s].n_attachments; a-- > 0;)
      {
        OssaAttachment *att = &doc->slots[s].attachments[a];

        if (att->image == args->index)
          drop_attachment (doc, s, a);
        else if (att->image > args->index)
          att->image--;
      }
  return true;
}

OssaCommand *
ossa_command_remove_image (const OssaDocument *doc, size_t image, bool remove_attachments,
                           OssaError *err)
{
  OssaCommand *parts[2] = { NULL, NULL };
  char users[256] = "";
  size_t n_users = 0, len = 0;
  Args args = { .index = image };

  if (image >= doc->n_images)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "image %zu does not exist (the document has %zu)",
                      image, doc->n_images);
      return NULL;
    }
  for (size_t s = 0; s < doc->n_slots; s++)
    for (size_t a = 0; a < doc->slots[s].n_attachments; a++)
      if (doc->slots[s].attachments[a].image == image)
        {
          if (n_users++ < 8 && len < sizeof users)
            len += (size_t) snprintf (users + len, sizeof users - len, "%s'%s' in slot '%s'",
                                      n_users > 1 ? ", " : "", doc->slots[s].attachments[a].name,
                                      doc->slots[s].name);
        }
  if (n_users > 0 && !remove_attachments)
    {
      ossa_error_set (err, OSSA_ERROR_CONFLICT, "image '%s' is used by %zu %s: %s%s",
                      doc->images[image].name, n_users,
                      n_users == 1 ? "attachment" : "attachments", users,
                      n_users > 8 ? ", …" : "");
      return NULL;
    }
  /* Attachments go (or only renumber their images) first, then the image. */
  parts[0] = structural (doc, doc->n_images - 1, edit_drop_image_users, &args,
                         OSSA_N_ ("Delete Image"), err);
  if (parts[0] == NULL)
    return NULL;
  parts[1] = _ossa_command_new (KIND_IMAGE_LIST, OSSA_N_ ("Delete Image"), err);
  if (parts[1] == NULL)
    {
      ossa_command_free (parts[0]);
      return NULL;
    }
  parts[1]->image.index = image;
  parts[1]->image.present = false;
  return ossa_command_group (OSSA_N_ ("Delete Image"), parts, 2, err);
}

/* Slots ------------------------------------------------------------------------ */

static bool
edit_add_slot (OssaDocument *doc, const Args *args, OssaError *err)
{
  OssaSlot *slots, *slot;
  uint32_t index = (uint32_t) doc->n_slots;

  if (doc->n_slots >= OSSA_MAX_SLOTS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "a document holds at most %u slots", OSSA_MAX_SLOTS);
      return false;
    }
  slots = realloc (doc->slots, (doc->n_slots + 1) * sizeof *slots);
  if (slots == NULL)
    return no_memory (err);
  doc->slots = slots;
  slot = &slots[doc->n_slots];
  memset (slot, 0, sizeof *slot);
  slot->name = strdup (args->name);
  if (slot->name == NULL)
    return no_memory (err);
  slot->bone = args->bone;
  slot->color = args->color;
  slot->attachment = -1;
  doc->n_slots++;
  /* On top in every draw-order key too, so that each stays a permutation. */
  for (size_t a = 0; a < doc->n_animations; a++)
    for (size_t k = 0; k < doc->animations[a].n_draw_order; k++)
      {
        OssaDrawOrderKey *key = &doc->animations[a].draw_order[k];
        uint32_t *order = realloc (key->order, (key->n_order + 1) * sizeof *order);

        if (order == NULL)
          return no_memory (err);
        key->order = order;
        order[key->n_order++] = index;
      }
  return true;
}

static bool
check_slot_name (const OssaDocument *doc, const char *name, ssize_t self, OssaError *err)
{
  ssize_t other;

  if (!ossa_name_check (name, "slot name", err))
    return false;
  other = ossa_document_find_slot (doc, name);
  if (other >= 0 && other != self)
    {
      ossa_error_set (err, OSSA_ERROR_CONFLICT, "a slot called '%s' already exists", name);
      return false;
    }
  return true;
}

OssaCommand *
ossa_command_add_slot (const OssaDocument *doc, const char *name, uint32_t bone, uint32_t color,
                       OssaError *err)
{
  Args args = { .name = name, .bone = bone, .color = color };

  if (!check_slot_name (doc, name, -1, err) || !_ossa_command_check_bone (doc, bone, err))
    return NULL;
  return structural (doc, doc->n_images, edit_add_slot, &args, OSSA_N_ ("Add Slot"), err);
}

/* Slot args->slot to position args->index (remove: args->index = SIZE_MAX). */
static bool
edit_move_slot (OssaDocument *doc, const Args *args, OssaError *err)
{
  size_t n = doc->n_slots, from = args->slot, to = args->index;
  ssize_t *remap = malloc ((n ? n : 1) * sizeof *remap);
  bool ok;

  if (remap == NULL)
    return no_memory (err);
  for (size_t i = 0; i < n; i++)
    {
      size_t j = i;

      if (i == from)
        {
          remap[i] = to == SIZE_MAX ? -1 : (ssize_t) to;
          continue;
        }
      if (i > from)
        j--;   /* the others close up … */
      if (to != SIZE_MAX && j >= to)
        j++;   /* … and open room where it lands */
      remap[i] = (ssize_t) j;
    }
  ok = _ossa_art_remap_slots (doc, remap, err);
  free (remap);
  return ok;
}

OssaCommand *
ossa_command_remove_slot (const OssaDocument *doc, size_t slot, OssaError *err)
{
  Args args = { .slot = slot, .index = SIZE_MAX };

  if (!check_slot_index (doc, slot, err))
    return NULL;
  return structural (doc, doc->n_images, edit_move_slot, &args, OSSA_N_ ("Delete Slot"), err);
}

OssaCommand *
ossa_command_reorder_slot (const OssaDocument *doc, size_t slot, size_t new_index, OssaError *err)
{
  Args args = { .slot = slot, .index = new_index };

  if (!check_slot_index (doc, slot, err))
    return NULL;
  if (new_index >= doc->n_slots)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "draw order position %zu does not exist (the document has %zu slots)",
                      new_index, doc->n_slots);
      return NULL;
    }
  return structural (doc, doc->n_images, edit_move_slot, &args, OSSA_N_ ("Reorder Slot"), err);
}

static bool
edit_remove_attachment (OssaDocument *doc, const Args *args, OssaError *err)
{
  (void) err;
  drop_attachment (doc, args->slot, args->index);
  return true;
}

OssaCommand *
ossa_command_remove_attachment (const OssaDocument *doc, size_t slot, size_t attachment,
                                OssaError *err)
{
  Args args = { .slot = slot, .index = attachment };

  if (!check_attachment_index (doc, slot, attachment, err))
    return NULL;
  return structural (doc, doc->n_images, edit_remove_attachment, &args,
                     OSSA_N_ ("Delete Attachment"), err);
}

/* One slot's fields ------------------------------------------------------------ */

bool
_ossa_command_swap_slot (OssaCommand *cmd, OssaDocument *doc, OssaError *err)
{
  OssaSlot tmp;

  if (cmd->slot.index >= doc->n_slots)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "slot %zu no longer exists", cmd->slot.index);
      return false;
    }
  tmp = doc->slots[cmd->slot.index];
  doc->slots[cmd->slot.index] = cmd->slot.other;
  cmd->slot.other = tmp;
  return true;
}

/* A command holding after, a slot the caller owns and gives up, once it checks as
 * slot index; after is cleared when it is refused. */
static OssaCommand *
slot_command (const OssaDocument *doc, size_t index, OssaSlot *after, const char *label,
              OssaError *err)
{
  OssaCommand *cmd = NULL;

  if (_ossa_art_check_slot (doc, after, index, doc->n_images, err))
    cmd = _ossa_command_new (KIND_SLOT, label, err);
  if (cmd == NULL)
    {
      ossa_slot_clear (after);
      return NULL;
    }
  cmd->slot.index = index;
  cmd->slot.other = *after;
  return cmd;
}

/* A copy of slot index to change; false with err on out of memory. */
static bool
copy_slot (const OssaDocument *doc, size_t index, OssaSlot *copy, OssaError *err)
{
  if (ossa_slot_copy (copy, &doc->slots[index]))
    return true;
  return no_memory (err);
}

OssaCommand *
ossa_command_rename_slot (const OssaDocument *doc, size_t slot, const char *name, OssaError *err)
{
  OssaSlot after;
  char *copy;

  if (!check_slot_index (doc, slot, err) || !check_slot_name (doc, name, (ssize_t) slot, err)
      || !copy_slot (doc, slot, &after, err))
    return NULL;
  copy = strdup (name);
  if (copy == NULL)
    {
      ossa_slot_clear (&after);
      no_memory (err);
      return NULL;
    }
  free (after.name);
  after.name = copy;
  return slot_command (doc, slot, &after, OSSA_N_ ("Rename Slot"), err);
}

OssaCommand *
ossa_command_set_slot_bone (const OssaDocument *doc, size_t slot, uint32_t bone, OssaError *err)
{
  OssaSlot after;

  if (!check_slot_index (doc, slot, err) || !_ossa_command_check_bone (doc, bone, err)
      || !copy_slot (doc, slot, &after, err))
    return NULL;
  after.bone = bone;
  return slot_command (doc, slot, &after, OSSA_N_ ("Set Slot Bone"), err);
}

OssaCommand *
ossa_command_set_slot_color (const OssaDocument *doc, size_t slot, uint32_t color, OssaError *err)
{
  OssaSlot after;

  if (!check_slot_index (doc, slot, err) || !copy_slot (doc, slot, &after, err))
    return NULL;
  after.color = color;
  return slot_command (doc, slot, &after, OSSA_N_ ("Set Slot Colour"), err);
}

OssaCommand *
ossa_command_set_slot_attachment (const OssaDocument *doc, size_t slot, int32_t attachment,
                                  OssaError *err)
{
  OssaSlot after;

  if (!check_slot_index (doc, slot, err) || !copy_slot (doc, slot, &after, err))
    return NULL;
  after.attachment = attachment;
  return slot_command (doc, slot, &after, OSSA_N_ ("Set Slot Attachment"), err);
}

OssaCommand *
ossa_command_add_attachment (const OssaDocument *doc, size_t slot, const char *name,
                             uint32_t image, const OssaTransform *offset, float width,
                             float height, OssaError *err)
{
  OssaSlot after;
  OssaAttachment *atts, *att;
  char what[64];

  if (!check_slot_index (doc, slot, err))
    return NULL;
  snprintf (what, sizeof what, "attachment name");
  if (!ossa_name_check (name, what, err))
    return NULL;
  if (ossa_slot_find_attachment (&doc->slots[slot], name) >= 0)
    {
      ossa_error_set (err, OSSA_ERROR_CONFLICT, "slot '%s' already has an attachment called '%s'",
                      doc->slots[slot].name, name);
      return NULL;
    }
  if (doc->slots[slot].n_attachments >= OSSA_MAX_ATTACHMENTS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "a slot holds at most %u attachments", OSSA_MAX_ATTACHMENTS);
      return NULL;
    }
  if (!copy_slot (doc, slot, &after, err))
    return NULL;
  atts = realloc (after.attachments, (after.n_attachments + 1) * sizeof *atts);
  if (atts == NULL)
    {
      ossa_slot_clear (&after);
      no_memory (err);
      return NULL;
    }
  after.attachments = atts;
  att = &atts[after.n_attachments];
  att->name = strdup (name);
  if (att->name == NULL)
    {
      ossa_slot_clear (&after);
      no_memory (err);
      return NULL;
    }
  after.n_attachments++;
  att->image = image;
  att->offset = offset != NULL ? *offset : ossa_transform_identity ();
  att->width = width;
  att->height = height;
  if (after.n_attachments == 1 && after.attachment < 0)
    after.attachment = 0;
  return slot_command (doc, slot, &after, OSSA_N_ ("Add Attachment"), err);
}

OssaCommand *
ossa_command_set_attachment_offset (const OssaDocument *doc, size_t slot, size_t attachment,
                                    const OssaTransform *offset, OssaError *err)
{
  OssaSlot after;

  if (!check_attachment_index (doc, slot, attachment, err) || !copy_slot (doc, slot, &after, err))
    return NULL;
  after.attachments[attachment].offset = *offset;
  return slot_command (doc, slot, &after, OSSA_N_ ("Transform Attachment"), err);
}

OssaCommand *
ossa_command_set_attachment_size (const OssaDocument *doc, size_t slot, size_t attachment,
                                  float width, float height, OssaError *err)
{
  OssaSlot after;

  if (!check_attachment_index (doc, slot, attachment, err) || !copy_slot (doc, slot, &after, err))
    return NULL;
  after.attachments[attachment].width = width;
  after.attachments[attachment].height = height;
  return slot_command (doc, slot, &after, OSSA_N_ ("Resize Attachment"), err);
}

/* Slot keys -------------------------------------------------------------------- */

static OssaSlotTrack *
find_slot_track (OssaAnimation *anim, size_t slot, OssaSlotChannel channel)
{
  for (size_t i = 0; i < anim->n_slot_tracks; i++)
    if (anim->slot_tracks[i].slot == slot && anim->slot_tracks[i].channel == channel)
      return &anim->slot_tracks[i];
  return NULL;
}

static bool
edit_set_slot_key (OssaDocument *doc, const Args *args, OssaError *err)
{
  OssaAnimation *anim = &doc->animations[args->anim];
  OssaSlotTrack *track = find_slot_track (anim, args->slot, args->channel);

  if (track == NULL)
    {
      OssaSlotTrack *tracks = realloc (anim->slot_tracks, (anim->n_slot_tracks + 1) * sizeof *tracks);

      if (tracks == NULL)
        return no_memory (err);
      anim->slot_tracks = tracks;
      track = &tracks[anim->n_slot_tracks++];
      memset (track, 0, sizeof *track);
      track->slot = (uint32_t) args->slot;
      track->channel = args->channel;
    }
  return ossa_slot_track_set_key (track, args->key, err) >= 0;
}

OssaCommand *
ossa_command_set_slot_key (const OssaDocument *doc, size_t anim, size_t slot,
                           OssaSlotChannel channel, const OssaSlotKey *key, OssaError *err)
{
  static const char *const labels[] = { OSSA_N_ ("Key Attachment"), OSSA_N_ ("Key Slot Colour") };
  Args args = { .anim = anim, .slot = slot, .channel = channel, .key = key };

  if (!check_anim_index (doc, anim, err) || !check_slot_index (doc, slot, err))
    return NULL;
  if ((unsigned) channel >= OSSA_N_SLOT_CHANNELS)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "unknown slot channel %d", (int) channel);
      return NULL;
    }
  if (channel == OSSA_SLOT_CHANNEL_COLOR && (unsigned) key->interp >= OSSA_N_INTERPS)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "unknown interpolation %d", (int) key->interp);
      return NULL;
    }
  return structural (doc, doc->n_images, edit_set_slot_key, &args, labels[channel], err);
}

static bool
edit_remove_slot_key (OssaDocument *doc, const Args *args, OssaError *err)
{
  OssaAnimation *anim = &doc->animations[args->anim];
  OssaSlotTrack *track = find_slot_track (anim, args->slot, args->channel);
  ssize_t k = track != NULL ? ossa_slot_track_find_key (track, args->time) : -1;
  size_t i;

  if (k < 0)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "slot '%s' has no %s key at %g s",
                      doc->slots[args->slot].name, ossa_slot_channel_name (args->channel),
                      (double) args->time);
      return false;
    }
  ossa_slot_track_remove_key (track, (size_t) k, NULL);
  if (track->n_keys > 0)
    return true;
  i = (size_t) (track - anim->slot_tracks);
  ossa_slot_track_clear (track);
  memmove (anim->slot_tracks + i, anim->slot_tracks + i + 1,
           (anim->n_slot_tracks - i - 1) * sizeof *anim->slot_tracks);
  anim->n_slot_tracks--;
  return true;
}

OssaCommand *
ossa_command_remove_slot_key (const OssaDocument *doc, size_t anim, size_t slot,
                              OssaSlotChannel channel, float time, OssaError *err)
{
  Args args = { .anim = anim, .slot = slot, .channel = channel, .time = time };

  if (!check_anim_index (doc, anim, err) || !check_slot_index (doc, slot, err))
    return NULL;
  return structural (doc, doc->n_images, edit_remove_slot_key, &args, OSSA_N_ ("Delete Key"), err);
}

static bool
edit_set_draw_order_key (OssaDocument *doc, const Args *args, OssaError *err)
{
  OssaAnimation *anim = &doc->animations[args->anim];
  ssize_t before = ossa_draw_order_key_before (anim->draw_order, anim->n_draw_order, args->time);
  uint32_t *order = malloc ((args->n_order ? args->n_order : 1) * sizeof *order);
  OssaDrawOrderKey *keys;
  size_t at;

  if (order == NULL)
    return no_memory (err);
  if (args->n_order > 0)
    memcpy (order, args->order, args->n_order * sizeof *order);
  if (before >= 0 && anim->draw_order[before].time == args->time)
    {
      free (anim->draw_order[before].order);
      anim->draw_order[before].order = order;
      anim->draw_order[before].n_order = args->n_order;
      return true;
    }
  if (anim->n_draw_order >= OSSA_MAX_DRAW_ORDER_KEYS)
    {
      free (order);
      ossa_error_set (err, OSSA_ERROR_LIMIT, "an animation holds at most %u draw-order keys",
                      OSSA_MAX_DRAW_ORDER_KEYS);
      return false;
    }
  keys = realloc (anim->draw_order, (anim->n_draw_order + 1) * sizeof *keys);
  if (keys == NULL)
    {
      free (order);
      return no_memory (err);
    }
  anim->draw_order = keys;
  at = (size_t) (before + 1);
  memmove (keys + at + 1, keys + at, (anim->n_draw_order - at) * sizeof *keys);
  keys[at] = (OssaDrawOrderKey) { args->time, order, args->n_order };
  anim->n_draw_order++;
  return true;
}

OssaCommand *
ossa_command_set_draw_order_key (const OssaDocument *doc, size_t anim, float time,
                                 const uint32_t *order, size_t n_order, OssaError *err)
{
  Args args = { .anim = anim, .time = time, .order = order, .n_order = n_order };

  if (!check_anim_index (doc, anim, err))
    return NULL;
  if (!isfinite (time))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "a key's time must be a finite number");
      return NULL;
    }
  return structural (doc, doc->n_images, edit_set_draw_order_key, &args,
                     OSSA_N_ ("Key Draw Order"), err);
}

static bool
edit_remove_draw_order_key (OssaDocument *doc, const Args *args, OssaError *err)
{
  OssaAnimation *anim = &doc->animations[args->anim];
  ssize_t k = ossa_draw_order_key_before (anim->draw_order, anim->n_draw_order, args->time);

  if (k < 0 || anim->draw_order[k].time != args->time)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "animation '%s' has no draw-order key at %g s",
                      anim->name, (double) args->time);
      return false;
    }
  free (anim->draw_order[k].order);
  memmove (anim->draw_order + k, anim->draw_order + k + 1,
           (anim->n_draw_order - (size_t) k - 1) * sizeof *anim->draw_order);
  anim->n_draw_order--;
  return true;
}

OssaCommand *
ossa_command_remove_draw_order_key (const OssaDocument *doc, size_t anim, float time,
                                    OssaError *err)
{
  Args args = { .anim = anim, .time = time };

  if (!check_anim_index (doc, anim, err))
    return NULL;
  return structural (doc, doc->n_images, edit_remove_draw_order_key, &args,
                     OSSA_N_ ("Delete Key"), err);
}
