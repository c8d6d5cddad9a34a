/* SPDX-License-Identifier: MIT */
/* SMD 3D → Ossa 2D (ossa-smd-project.c): projecting an OssaSmd's skeleton onto a
 * plane to make a document (skeleton, mesh, animations). Nothing here keeps a
 * pointer into its arguments: a document returned is the caller's
 * (ossa_document_free()). Threads and callbacks as in ossa-smd.h; writing an
 * animation back as SMD is in ossa-smd-export.h, which this header includes. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "ossa-api.h"
#include "ossa-document.h"
#include "ossa-error.h"
#include "ossa-smd.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- 3D → 2D ---- */

typedef enum
{
  OSSA_SMD_PLANE_XZ = 0,   /* 3D (X, Z) → 2D (x, y): a Z-up model seen from the side */
  OSSA_SMD_PLANE_XY,       /* (X, Y) → (x, y) */
  OSSA_SMD_PLANE_YZ,       /* (Y, Z) → (x, y) */
} OssaSmdPlane;

typedef struct
{
  OssaSmdPlane     plane;     /* default XZ */
  float            fps;       /* frame N is at (N − N₀) / fps; default 30 */
  float            simplify;  /* 0: a key per frame; else drop keys that linear
                               * interpolation reproduces within this (units, radians) */
  OssaSmdCallbacks callbacks;
} OssaSmdImportOptions;

/* Defaults: plane XZ, 30 fps, no simplification, no callbacks. */
OSSA_API void ossa_smd_import_options_init (OssaSmdImportOptions *options);

/* "xz", "xy", "yz"; false for anything else. */
OSSA_API bool ossa_smd_plane_from_string (const char *s, OssaSmdPlane *plane);
OSSA_API const char *ossa_smd_plane_name (OssaSmdPlane plane);

/* The 2D world joint position and angle of every node in frame `frame` of smd,
 * as the importer derives them (joint = projected 3D joint; angle = towards the
 * first child's projected joint, else along the projected x axis, else the
 * parent's). xy and angle have 2 × n_nodes and n_nodes entries. */
OSSA_API void ossa_smd_project_frame (const OssaSmd *smd, size_t frame, OssaSmdPlane plane,
                                      double *xy, double *angle);

/* A new document from a reference SMD: the skeleton from its first frame, a mesh
 * named `name` from its triangles (each vertex bound rigidly to one bone, its
 * position in that bone's space), and, when the file has more than one frame, an
 * animation named `name` as well. NULL with err set on failure. */
OSSA_API OssaDocument *ossa_smd_to_document (const OssaSmd *ref, const char *name,
                                             const OssaSmdImportOptions *options, OssaError *err);

/* Adds the frames of anim as an animation called name to doc, whose skeleton must
 * be the one ossa_smd_to_document() made from ref (ref gives the 3D rest of bones
 * anim leaves out). Bones are matched by name; anim's bones the skeleton lacks are
 * reported through notice() and skipped. Returns the animation's index or -1. */
OSSA_API ssize_t ossa_smd_add_animation (OssaDocument *doc, const OssaSmd *ref, const OssaSmd *anim,
                                         const char *name, const OssaSmdImportOptions *options,
                                         OssaError *err);

/* The whole import the CLI and the editor do: paths[0] is the reference, the others
 * animations, each named after its file's stem. Progress runs 0 to 1 over all the
 * files; errors carry the file and line. */
OSSA_API OssaDocument *ossa_smd_import_files (const char *const *paths, size_t n_paths,
                                              const OssaSmdImportOptions *options, OssaError *err);

/* ossa_smd_import_files() of the one file path whose size bytes the caller has
 * read itself (options may be NULL: the defaults). path names the source in errors
 * and, by its stem, the document's mesh and animation; it must not be NULL. */
OSSA_API OssaDocument *ossa_smd_import_bytes (const char *data, size_t size, const char *path,
                                              const OssaSmdImportOptions *options, OssaError *err);

/* "walk" for "/a/b/walk.smd". Writes at most size bytes, NUL-terminated. */
OSSA_API void ossa_smd_stem (const char *path, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

/* Code that includes this header gets the export too, as it always has. */
#include "ossa-smd-export.h"
