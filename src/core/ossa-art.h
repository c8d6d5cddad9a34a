/* SPDX-License-Identifier: MIT */
/* Art on bones (DESIGN.md): images, slots and their attachments, and the keys
 * animations hold for them (slot tracks, draw-order keys), with their checks and
 * sampling. Each struct owns its strings and arrays; the *_clear() functions
 * release them. Image bytes are kept as they are, never decoded here. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "ossa-api.h"
#include "ossa-error.h"
#include "ossa-interp.h"
#include "ossa-math.h"
#include "ossa-types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A picture: a file beside the document (path) or the PNG itself (data). */
typedef struct
{
  char     *name;       /* unique, UTF-8, owned */
  char     *path;       /* relative to the document's folder (or absolute), '/' separators; NULL when embedded */
  uint8_t  *data;       /* the PNG file's bytes when embedded, else NULL; owned */
  size_t    data_size;
  uint32_t  width, height;  /* pixels, as last read */
} OssaImage;

/* A picture pinned to its slot's bone: a width × height quad centred on offset. */
typedef struct
{
  char          *name;    /* unique in its slot, owned */
  uint32_t       image;   /* index into the document's images */
  OssaTransform  offset;  /* centre, turn and scale in the bone's space */
  float          width, height;  /* world units, > 0 */
} OssaAttachment;

/* A drawable place on a bone. The document's slots are in draw order, back to front. */
typedef struct
{
  char           *name;        /* unique, owned */
  uint32_t        bone;
  uint32_t        color;       /* RGBA tint, R in the high byte, straight alpha */
  OssaAttachment *attachments;
  size_t          n_attachments;
  int32_t         attachment;  /* shown in the rest pose, -1 none */
} OssaSlot;

/* Keys of one slot channel, as columns: ATTACHMENT keys fill attachments (stepped),
 * COLOR keys fill colors (and interp, curves as bone tracks do; NULL = all LINEAR,
 * all default curve). The column the channel does not use is NULL. */
typedef struct
{
  uint32_t         slot;
  OssaSlotChannel  channel;
  size_t           n_keys;
  float           *times;        /* strictly increasing */
  int32_t         *attachments;  /* ATTACHMENT: per key, -1 none */
  uint32_t        *colors;       /* COLOR: per key, RGBA */
  uint8_t         *interp;       /* COLOR: OssaInterp per key, or NULL */
  OssaCurve       *curves;       /* COLOR: per key, or NULL */
} OssaSlotTrack;

/* From time on, slots are drawn in order (n_slots entries, a permutation). */
typedef struct
{
  float     time;
  uint32_t *order;    /* slot indices, back to front; owned */
  size_t    n_order;  /* = the document's slot count */
} OssaDrawOrderKey;

/* One key of a slot track, as callers pass it in. */
typedef struct
{
  float      time;
  int32_t    attachment;  /* ATTACHMENT */
  uint32_t   color;       /* COLOR */
  OssaInterp interp;      /* COLOR */
  OssaCurve  curve;       /* COLOR, BEZIER */
} OssaSlotKey;

OSSA_API void ossa_image_clear (OssaImage *image);
OSSA_API bool ossa_image_copy (OssaImage *dst, const OssaImage *src);
OSSA_API void ossa_attachment_clear (OssaAttachment *att);
OSSA_API void ossa_slot_clear (OssaSlot *slot);
/* Deep copies into uninitialised dst; false on out of memory (dst left empty). */
OSSA_API bool ossa_slot_copy (OssaSlot *dst, const OssaSlot *src);
OSSA_API void ossa_slot_track_clear (OssaSlotTrack *track);
OSSA_API bool ossa_slot_track_copy (OssaSlotTrack *dst, const OssaSlotTrack *src);
OSSA_API bool ossa_draw_order_key_copy (OssaDrawOrderKey *dst, const OssaDrawOrderKey *src);

/* Index of the attachment called name in slot, or -1. */
OSSA_API ssize_t ossa_slot_find_attachment (const OssaSlot *slot, const char *name);

/* RGBA (R in the high byte) as four floats in [0, 1], and back (rounded, clamped). */
OSSA_API void ossa_color_unpack (uint32_t color, float rgba[4]);
OSSA_API uint32_t ossa_color_pack (const float rgba[4]);

/* Index of the last key with time <= t, or -1 before the first. */
OSSA_API ssize_t ossa_slot_track_key_before (const OssaSlotTrack *track, float t);
OSSA_API ssize_t ossa_slot_track_find_key (const OssaSlotTrack *track, float time);

/* Inserts a key in time order or replaces the one at that time; the fields the
 * channel uses are stored. Index, or -1 with err (time not finite, out of memory). */
OSSA_API ssize_t ossa_slot_track_set_key (OssaSlotTrack *track, const OssaSlotKey *key, OssaError *err);
OSSA_API bool ossa_slot_track_remove_key (OssaSlotTrack *track, size_t index, OssaError *err);

/* ATTACHMENT at t: rest before the first key, else the last key at or before t. */
OSSA_API int32_t ossa_slot_track_sample_attachment (const OssaSlotTrack *track, float t, int32_t rest);

/* COLOR at t into rgba: each component a float in [0, 1] eased by the key's
 * interpolation, clamped to the first and last key's colour outside them. */
OSSA_API void ossa_slot_track_sample_color (const OssaSlotTrack *track, float t, float rgba[4]);

/* The draw-order key in effect at t (the last at or before t), or -1 for the rest
 * order. keys are sorted by time. */
OSSA_API ssize_t ossa_draw_order_key_before (const OssaDrawOrderKey *keys, size_t n_keys, float t);

#ifdef __cplusplus
}
#endif
