/* SPDX-License-Identifier: MIT */
/* The parts of the art model (ossa-art.h) the rest of the core uses: an
 * animation's slot tracks and draw-order keys copied and released with it, the
 * checks ossa_document_validate() and the loader run, and the renumbering that
 * follows a change of bones or slots (ossa-art-check.c). The caller owns every
 * argument. Not installed. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "ossa-document.h"
#include "ossa-error.h"

/* Releases anim's slot tracks and draw-order keys (nothing else). */
void _ossa_animation_clear_art (OssaAnimation *anim);
/* Copies src's slot tracks and draw-order keys into dst, which has none; false on
 * out of memory (dst then holds what was copied, for ossa_animation_clear()). */
bool _ossa_animation_copy_art (OssaAnimation *dst, const OssaAnimation *src);

/* Names, paths, sizes and embedded bytes of doc's images. */
bool _ossa_art_validate_images (const OssaDocument *doc, OssaError *err);
/* doc's slots against its bones and n_images images (passed apart, for a scratch
 * copy that holds no images): names, indices, colours, attachments' sizes. */
bool _ossa_art_validate_slots (const OssaDocument *doc, size_t n_images, OssaError *err);
/* One slot as if it were slot s of doc (everything but its name against the
 * other slots'). */
bool _ossa_art_check_slot (const OssaDocument *doc, const OssaSlot *slot, size_t s,
                           size_t n_images, OssaError *err);
/* anim's slot tracks and draw-order keys against doc's slots. */
bool _ossa_art_validate_animation (const OssaDocument *doc, const OssaAnimation *anim,
                                   OssaError *err);
/* Slots, then every animation's slot keys: all of the art but the images. */
bool _ossa_art_validate_structure (const OssaDocument *doc, size_t n_images, OssaError *err);

/* After the bones changed (remap[old] = new index or -1, n_old entries): slots on
 * removed bones go, with their keys; the others follow their bones. False on out
 * of memory, with nothing changed. */
bool _ossa_art_remap_bones (OssaDocument *doc, const ssize_t *remap, size_t n_old,
                            OssaError *err);
/* Moves slot i to remap[i] (n_slots entries; -1 removes it) and its keys and
 * draw-order entries with it, so that draw-order keys stay permutations. The new
 * indices must be 0 … kept − 1, each once. False on out of memory, nothing changed. */
bool _ossa_art_remap_slots (OssaDocument *doc, const ssize_t *remap, OssaError *err);
