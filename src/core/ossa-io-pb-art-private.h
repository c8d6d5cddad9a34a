/* SPDX-License-Identifier: MIT */
/* The art of a .ossa file (images, slots, slot tracks, draw-order keys) read from
 * and written to protobuf-c messages (ossa-io-pb-art.c), for the loader and the
 * saver. Reading copies everything out of the message, which stays the caller's;
 * writing builds messages over the document's own strings and columns, in an
 * OssaPbArtOut that owns only the messages (free with _ossa_pb_art_out_free()).
 * Not installed. */
#pragma once

#include <stdbool.h>

#include "ossa-document.h"
#include "ossa-error.h"
#include "ossa.pb-c.h"

/* Counts, column lengths and enum numbers of the art in msg, before anything is
 * allocated. */
bool _ossa_pb_check_art (const Ossa__Document *msg, OssaError *err);

/* Copies and checks the images, then the slots (which name images and bones), into
 * doc, whose skeleton is in already. */
bool _ossa_pb_convert_art (const Ossa__Document *msg, OssaDocument *doc, OssaError *err);

/* Copies and checks the slot tracks and draw-order keys of src into anim, once
 * doc's slots are in. */
bool _ossa_pb_convert_animation_art (const Ossa__Animation *src, const OssaDocument *doc,
                                     OssaAnimation *anim, OssaError *err);

typedef struct
{
  Ossa__Image         *images;
  Ossa__Image        **image_ptrs;
  Ossa__Slot          *slots;
  Ossa__Slot         **slot_ptrs;
  Ossa__Attachment    *atts;
  Ossa__Attachment   **att_ptrs;
  Ossa__Transform     *offsets;
  Ossa__SlotTrack     *tracks;
  Ossa__SlotTrack    **track_ptrs;
  void               **track_blocks;  /* per track: widened interp and packed curves, or NULL */
  size_t               n_tracks;
  Ossa__DrawOrderKey  *keys;
  Ossa__DrawOrderKey **key_ptrs;
} OssaPbArtOut;

/* Fills msg's images, skel's slots and each of the n_animations anims' slot tracks
 * and draw order from doc. False on out of memory. */
bool _ossa_pb_build_art (const OssaDocument *doc, Ossa__Document *msg, Ossa__Skeleton *skel,
                         Ossa__Animation *anims, OssaPbArtOut *out);
void _ossa_pb_art_out_free (OssaPbArtOut *out);
