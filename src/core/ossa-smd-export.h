/* SPDX-License-Identifier: MIT */
/* Writing an animation of a document as SMD (ossa-smd-export.c). Text written is
 * the caller's (free()); nothing keeps a pointer into the document. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "ossa-api.h"
#include "ossa-document.h"
#include "ossa-error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Animation anim_index of doc as an animation SMD (plane xz, z = 0): every bone in
 * every frame, frames 0..round(duration · fps) sampled at frame / fps. Each bone's
 * 3D local is taken from the 2D world pose, so importing the file again (plane xz,
 * same fps) gives the same world joint positions, and the same local transforms
 * when each bone points at its first child as imported bones do. Names holding a
 * double quote cannot be written and are refused. *text is malloc'd. */
OSSA_API bool ossa_smd_export_animation (const OssaDocument *doc, size_t anim_index, char **text,
                                         size_t *length, OssaError *err);

/* The same, written atomically to path. */
OSSA_API bool ossa_smd_save_animation (const OssaDocument *doc, size_t anim_index, const char *path,
                                       OssaError *err);

#ifdef __cplusplus
}
#endif
