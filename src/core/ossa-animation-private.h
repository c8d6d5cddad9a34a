/* SPDX-License-Identifier: MIT */
/* ossa_animation_validate() in the steps it takes, in its order, for the loader,
 * which checks each part right after copying it in, while it is still in cache,
 * instead of reading the whole animation a second time. The caller owns every
 * argument; only _ossa_animation_new_seen() allocates (the caller frees). Not
 * installed. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ossa-animation.h"
#include "ossa-error.h"

/* Name, duration and frame rate: what ossa_animation_validate() checks first. */
bool _ossa_animation_validate_props (const OssaAnimation *anim, OssaError *err);

/* A zeroed byte per bone for _ossa_animation_validate_track(); free() it. NULL
 * with err set on out of memory. */
uint8_t *_ossa_animation_new_seen (size_t n_bones, OssaError *err);

/* Track index of anim: its bone, its keys, and that no earlier track (as recorded
 * in seen) has the same bone and channel. */
bool _ossa_animation_validate_track (const OssaAnimation *anim, size_t index, size_t n_bones,
                                     uint8_t *seen, OssaError *err);
