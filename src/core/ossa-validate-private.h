/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* ossa_document_validate() in the steps it takes, in its order, for the loader:
 * it checks each part right after copying it in, while it is still in cache,
 * instead of reading the whole document a second time. Not installed. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ossa-animation.h"
#include "ossa-document.h"
#include "ossa-error.h"

/* Name, duration and frame rate: what ossa_animation_validate() checks first. */
bool ossa_animation_validate_props (const OssaAnimation *anim, OssaError *err);

/* A zeroed byte per bone for ossa_animation_validate_track(); free() it. NULL
 * with err set on out of memory. */
uint8_t *ossa_animation_new_seen (size_t n_bones, OssaError *err);

/* Track index of anim: its bone, its keys, and that no earlier track (as recorded
 * in seen) has the same bone and channel. */
bool ossa_animation_validate_track (const OssaAnimation *anim, size_t index, size_t n_bones,
                                    uint8_t *seen, OssaError *err);

/* That no animation before index has the name of animation index. */
bool ossa_document_validate_animation_name (const OssaDocument *doc, size_t index,
                                            OssaError *err);
