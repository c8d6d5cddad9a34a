/* SPDX-License-Identifier: MIT */
/* The per-instance state of a document's slots (which attachment each shows, its
 * colour, the draw order) at a time, and the call a game makes every frame: every
 * visible attachment's world corners, UVs and colour, in draw order, into the
 * caller's buffer. The caller owns an OssaSlotPose (ossa_slot_pose_free()) and the
 * buffers; the document is only read. Sampling and filling never allocate. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ossa-api.h"
#include "ossa-animation.h"
#include "ossa-document.h"
#include "ossa-error.h"
#include "ossa-math.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One attachment to draw: a quad in world space (DESIGN.md "Art on bones"). */
typedef struct
{
  float    xy[8];     /* corners x0 y0 … x3 y3: (−w/2, −h/2), (w/2, −h/2), (w/2, h/2), (−w/2, h/2) */
  float    uv[8];     /* (0, 1), (1, 1), (1, 0), (0, 0): image rows top to bottom */
  float    rgba[4];   /* the slot's colour (a keyed colour replaces it), straight alpha */
  uint32_t slot, attachment, image;
} OssaQuad;

/* Slots of one document as one instance shows them. Fields are read-only. */
typedef struct
{
  size_t    n_slots;
  int32_t  *attachment;   /* per slot: the attachment shown, or -1 */
  float    *color;        /* per slot: r, g, b, a in [0, 1] */
  uint32_t *order;        /* slot indices in draw order, back to front */
  /* Geometry, from the document when the pose was made or last reset. */
  uint32_t *bone;         /* per slot */
  size_t   *first;        /* per slot: its first attachment's index in corners/image */
  float    *corners;      /* per attachment: its 4 corners in its bone's space (8 floats) */
  uint32_t *image;        /* per attachment */
  size_t    n_attachments, capacity_slots, capacity_attachments;
} OssaSlotPose;

/* A pose for doc's slots in the rest state. NULL with err on out of memory. */
OSSA_API OssaSlotPose *ossa_slot_pose_new (const OssaDocument *doc, OssaError *err);
OSSA_API void ossa_slot_pose_free (OssaSlotPose *pose);

/* After the document's slots, attachments or their offsets and sizes changed:
 * takes the geometry again and goes to the rest state. Allocates only when the
 * document grew; false with err (pose as it was) on out of memory. */
OSSA_API bool ossa_slot_pose_reset (OssaSlotPose *pose, const OssaDocument *doc, OssaError *err);

/* The rest state: each slot's own attachment and colour, the slots' order. */
OSSA_API void ossa_slot_pose_set_rest (OssaSlotPose *pose, const OssaDocument *doc);

/* anim (may be NULL: rest) at t (DESIGN.md's rule): attachments and draw order
 * stepped, showing the rest value before their first key; colours interpolated
 * and clamped. The pose must have been made or reset from doc. */
OSSA_API void ossa_slot_pose_sample (OssaSlotPose *pose, const OssaDocument *doc,
                                     const OssaAnimation *anim, float t);

/* Fills out (room for max quads) with every visible attachment in draw order,
 * with world = the bones' world matrices (OssaPose.world). Returns how many are
 * visible; only the first max are written. Never allocates. */
OSSA_API size_t ossa_slot_pose_fill_quads (const OssaSlotPose *pose, const OssaXform *world,
                                           OssaQuad *out, size_t max);

/* How many attachments are visible (the quads the call above needs room for). */
OSSA_API size_t ossa_slot_pose_n_visible (const OssaSlotPose *pose);

#ifdef __cplusplus
}
#endif
