/* SPDX-License-Identifier: MIT */
/* The parts of OssaDocument the rest of the core uses and an editor does not: a
 * step of ossa_document_validate() for the loader, which checks each animation
 * right after copying it in, and the partial copy structural commands start from.
 * The caller owns every argument and the copy it gets. Not installed. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "ossa-document.h"
#include "ossa-error.h"

struct _OssaNameIndex;

/* That no animation before index has the name of animation index. seen (may be
 * NULL: a linear scan) indexes the names of animations 0 to index - 1, for a
 * caller that checks them in order; the name of index is added to it. */
bool _ossa_document_validate_animation_name (const OssaDocument *doc, size_t index,
                                             struct _OssaNameIndex *seen, OssaError *err);

/* A new document sharing nothing with doc holding copies of its skeleton, IK
 * constraints, slots, animations and meshes only: what ossa_document_copy() copies minus the generator,
 * the maps and the images, which no structural edit touches and which can be
 * large (a map of 16384² cells is 256 MiB, an embedded picture as much). NULL with err set on out of memory. */
OssaDocument *_ossa_document_copy_structure (const OssaDocument *doc, OssaError *err);
