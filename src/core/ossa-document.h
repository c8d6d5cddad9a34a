/* SPDX-License-Identifier: MIT */
/* The document: everything one .ossa file holds, and the edits that keep its
 * parts consistent. A document owns all its parts (ossa_document_free()). */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "ossa-api.h"
#include "ossa-animation.h"
#include "ossa-art.h"
#include "ossa-error.h"
#include "ossa-gridmap.h"
#include "ossa-ik.h"
#include "ossa-mesh.h"
#include "ossa-skeleton.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Everything one .ossa file holds. One owner: ossa_document_free() releases it all.
 * Fields are read-only for an editor, which changes them through OssaCommand so
 * that undo and the CLI share one path. */
typedef struct
{
  char          *generator;   /* who wrote the file; owned, may be NULL */
  OssaSkeleton   skeleton;
  OssaAnimation *animations;
  size_t         n_animations;
  OssaGridMap   *maps;
  size_t         n_maps;
  OssaMesh      *meshes;      /* bound to skeleton bones; drawn under them */
  size_t         n_meshes;
  OssaImage     *images;      /* art: the pictures attachments use */
  size_t         n_images;
  OssaSlot      *slots;       /* art: on the skeleton's bones, in draw order, back to front */
  size_t         n_slots;
  OssaIkConstraint *ik;       /* IK constraints on the skeleton's bones, applied in this order */
  size_t            n_ik;
} OssaDocument;

/* An empty document; NULL on out of memory. */
OSSA_API OssaDocument *ossa_document_new (void);
OSSA_API void ossa_document_free (OssaDocument *doc);
OSSA_API OssaDocument *ossa_document_copy (const OssaDocument *doc);

/* Index of the animation called name, or -1. */
OSSA_API ssize_t ossa_document_find_animation (const OssaDocument *doc, const char *name);

/* Appends a copy of anim (takes nothing). Returns its index or -1. */
OSSA_API ssize_t ossa_document_add_animation (OssaDocument *doc, const OssaAnimation *anim, OssaError *err);

/* Moves anim into the document (anim is left zeroed). Returns its index or -1 (anim
 * untouched then). */
OSSA_API ssize_t ossa_document_take_animation (OssaDocument *doc, OssaAnimation *anim, OssaError *err);

OSSA_API bool ossa_document_remove_animation (OssaDocument *doc, size_t index, OssaError *err);

/* Moves map into the document. Returns its index or -1. */
OSSA_API ssize_t ossa_document_take_map (OssaDocument *doc, OssaGridMap *map, OssaError *err);

/* Moves mesh into the document (mesh is left zeroed). Returns its index or -1. */
OSSA_API ssize_t ossa_document_take_mesh (OssaDocument *doc, OssaMesh *mesh, OssaError *err);

/* What removing a bone does to the IK constraints that use it or its subtree. */
typedef enum
{
  /* Keep what still makes sense: a two-bone constraint that loses its child becomes
   * a one-bone one; a constraint that loses its first bone or its target goes (an
   * arm aiming at whatever bone is left would not be a repair). */
  OSSA_IK_REMOVAL_REPAIR = 0,
  OSSA_IK_REMOVAL_DELETE,   /* every constraint that names a removed bone goes */
} OssaIkRemoval;

/* Removes a bone with its subtree, every track of those bones, every mesh
 * triangle bound to them, their slots (with the slots' keys) and, as how says, the
 * IK constraints that name them (with their keys). */
OSSA_API bool ossa_document_remove_bone_ik (OssaDocument *doc, size_t bone, OssaIkRemoval how,
                                            OssaError *err);
/* The same, repairing constraints (OSSA_IK_REMOVAL_REPAIR). */
OSSA_API bool ossa_document_remove_bone (OssaDocument *doc, size_t bone, OssaError *err);

/* IK: index of the constraint called name, or -1. */
OSSA_API ssize_t ossa_document_find_ik (const OssaDocument *doc, const char *name);

/* Reparents a bone keeping its world rest transform; tracks follow their bones. */
OSSA_API bool ossa_document_reparent_bone (OssaDocument *doc, size_t bone, int32_t new_parent,
                                           OssaError *err);

/* art: index of the slot or image called name, or -1. */
OSSA_API ssize_t ossa_document_find_slot (const OssaDocument *doc, const char *name);
OSSA_API ssize_t ossa_document_find_image (const OssaDocument *doc, const char *name);

/* Checks every rule DESIGN.md lists; the first problem goes into err. */
OSSA_API bool ossa_document_validate (const OssaDocument *doc, OssaError *err);

#ifdef __cplusplus
}
#endif
