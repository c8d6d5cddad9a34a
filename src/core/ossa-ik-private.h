/* SPDX-License-Identifier: MIT */
/* The parts of the IK model (ossa-ik.h) the rest of the core uses: a document's
 * constraints and an animation's IK tracks released and copied with them, and the
 * renumbering that follows a change of bones or of constraints (ossa-ik.c). The
 * caller owns every argument. Not installed. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "ossa-document.h"
#include "ossa-error.h"

/* Releases anim's IK tracks (nothing else). */
void _ossa_animation_clear_ik (OssaAnimation *anim);
/* Copies src's IK tracks into dst, which has none; false on out of memory (dst
 * then holds what was copied, for ossa_animation_clear()). */
bool _ossa_animation_copy_ik (OssaAnimation *dst, const OssaAnimation *src);

/* Releases the array of n constraints. */
void _ossa_ik_constraints_free (OssaIkConstraint *ik, size_t n);
/* A deep copy of n constraints (NULL for n == 0); false on out of memory. */
bool _ossa_ik_constraints_copy (OssaIkConstraint **dst, const OssaIkConstraint *src, size_t n);

/* After the bones changed (remap[old] = new index or -1, n_old entries): as how
 * says, a constraint that lost a bone goes or is repaired (it loses bones[1] when
 * only that went; it goes when bones[0] or its target went), the rest follow their
 * bones, and the removed constraints' keys go with them. Never allocates, so it
 * cannot fail. */
void _ossa_ik_remap_bones (OssaDocument *doc, const ssize_t *remap, size_t n_old,
                           OssaIkRemoval how);

/* Moves n_tracks IK tracks from constraint i to remap[i] (n_old entries; -1 removes
 * them, and *n_tracks shrinks) and sorts them by constraint again. Never allocates. */
void _ossa_ik_tracks_remap (OssaIkTrack *tracks, size_t *n_tracks, const ssize_t *remap,
                            size_t n_old);

/* anim's IK tracks against doc's constraints (errors name the animation). */
bool _ossa_ik_validate_animation (const OssaDocument *doc, const OssaAnimation *anim,
                                  OssaError *err);

/* Whether moving bone (with its subtree) under new_parent keeps doc's constraints
 * valid: a second bone stays its first's child, no target goes below a constrained
 * bone. Leaves the skeleton's own refusals (a cycle, a bad index) to it. */
bool _ossa_ik_check_reparent (const OssaDocument *doc, size_t bone, int32_t new_parent,
                              OssaError *err);
