/* SPDX-License-Identifier: MIT */
/* The skeleton: bones in parent-before-child order, and the edits that keep that
 * order. An OssaSkeleton owns its bones and their names (ossa_skeleton_clear()). */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "ossa-api.h"
#include "ossa-error.h"
#include "ossa-math.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct
{
  char         *name;    /* unique, UTF-8, owned */
  int32_t       parent;  /* index of an earlier bone, -1 for a root */
  OssaTransform rest;    /* local rest transform */
  float         length;  /* for drawing and tip dragging; >= 0 */
  uint32_t      color;   /* RGBA, R in the high byte */
} OssaBone;

/* Bones in parent-before-child order (bones[i].parent < i). No limit on children
 * or depth. Fields are read-only for callers: change them through the functions
 * below (or, in an editor, through OssaCommand) so the order rules hold and the
 * name index stays right. A skeleton whose bones were filled in by hand has no
 * index until the first ossa_skeleton_add_bone(); look-ups are linear until then. */
typedef struct
{
  OssaBone              *bones;
  size_t                 n_bones;
  size_t                 capacity;
  struct _OssaNameIndex *names;   /* private: bone names to indices, owned */
} OssaSkeleton;

OSSA_API void ossa_skeleton_init (OssaSkeleton *skel);
OSSA_API void ossa_skeleton_clear (OssaSkeleton *skel);

/* Deep copy into uninitialised dst; false on out of memory (dst left empty). */
OSSA_API bool ossa_skeleton_copy (OssaSkeleton *dst, const OssaSkeleton *src);

/* Index of the bone called name, or -1: a hash look-up (one string comparison,
 * whatever the number of bones). */
OSSA_API ssize_t ossa_skeleton_find_bone (const OssaSkeleton *skel, const char *name);

/* Appends a bone under parent (-1 for a root). Returns its index, or -1 with err set
 * when the name is empty, not UTF-8, taken, or the parent does not exist. */
OSSA_API ssize_t ossa_skeleton_add_bone (OssaSkeleton *skel, const char *name, int32_t parent,
                                         const OssaTransform *rest, float length, uint32_t color,
                                         OssaError *err);

/* Removes a bone and its whole subtree. remap (n_bones entries before the call, may
 * be NULL) receives each old index's new index, or -1 for removed bones. */
OSSA_API bool ossa_skeleton_remove_bone (OssaSkeleton *skel, size_t index, ssize_t *remap,
                                         OssaError *err);

OSSA_API bool ossa_skeleton_rename_bone (OssaSkeleton *skel, size_t index, const char *name,
                                         OssaError *err);

/* Gives a bone (with its subtree) a new parent (-1: make it a root) and changes its
 * rest transform so that its rest world transform stays where it was. Bones are
 * reordered where needed to keep parent-before-child order; remap (n_bones entries,
 * may be NULL) receives each old index's new index. Refuses cycles. */
OSSA_API bool ossa_skeleton_reparent_bone (OssaSkeleton *skel, size_t index, int32_t new_parent,
                                           ssize_t *remap, OssaError *err);

/* True when bone is ancestor or lies in its subtree. */
OSSA_API bool ossa_skeleton_is_in_subtree (const OssaSkeleton *skel, size_t bone, size_t ancestor);

/* Rest pose world matrices, into world[n_bones]. */
OSSA_API void ossa_skeleton_rest_world (const OssaSkeleton *skel, OssaXform *world);

/* Checks every rule (order, unique UTF-8 names, finite numbers). */
OSSA_API bool ossa_skeleton_validate (const OssaSkeleton *skel, OssaError *err);

/* True when s is valid UTF-8 of 1..OSSA_MAX_NAME_BYTES bytes; else sets err with
 * what (e.g. "bone 3 name"). */
OSSA_API bool ossa_name_check (const char *s, const char *what, OssaError *err);

/* True when the len bytes at s are valid UTF-8 (no overlongs, no surrogates). */
OSSA_API bool ossa_utf8_valid (const char *s, size_t len);

#ifdef __cplusplus
}
#endif
