/* SPDX-License-Identifier: MIT */
/* Triangle meshes bound to bones. An OssaMesh owns its name and columns
 * (ossa_mesh_clear()). */
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

/* A triangle mesh bound rigidly to bones: each vertex belongs to one bone and is
 * given in that bone's space, so it follows the bone as it moves (the "stitching"
 * of the article Ossa grew from). Columns, like the file (proto/ossa.proto Mesh):
 * vertex i is bones[i], positions[2i], positions[2i+1], uvs[2i], uvs[2i+1]. */
typedef struct
{
  char     *name;                /* UTF-8, owned */
  size_t    n_vertices;
  uint32_t *bones;               /* per vertex: index into the skeleton's bones */
  float    *positions;           /* per vertex: x, y in its bone's space */
  float    *uvs;                 /* per vertex: u, v (v up); NULL when there are none */
  size_t    n_triangles;
  uint32_t *indices;             /* 3 per triangle, into the vertices, in file winding */
  uint32_t *triangle_materials;  /* per triangle: index into materials; NULL = none */
  char    **materials;           /* names, UTF-8 (may be empty), owned */
  size_t    n_materials;
} OssaMesh;

/* An empty mesh called name; false on out of memory. */
OSSA_API bool ossa_mesh_init (OssaMesh *mesh, const char *name);
OSSA_API void ossa_mesh_clear (OssaMesh *mesh);
/* Deep copy into uninitialised dst; false on out of memory (dst left empty). */
OSSA_API bool ossa_mesh_copy (OssaMesh *dst, const OssaMesh *src);

/* Checks name, sizes against the OSSA_MAX_MESH_* limits, bone and vertex indices,
 * material indices and names, and that every number is finite. */
OSSA_API bool ossa_mesh_validate (const OssaMesh *mesh, size_t n_bones, OssaError *err);

/* World positions of every vertex for a pose: out[2i], out[2i+1] = world[bone] ·
 * position. world holds the skeleton's world matrices (ossa_pose_compute_world). */
OSSA_API void ossa_mesh_deform (const OssaMesh *mesh, const OssaXform *world, float *out);

/* After a skeleton change: remap[old] is a bone's new index or -1 when it was
 * removed. Triangles with a vertex on a removed bone are dropped, and vertices no
 * triangle uses any more with them. False on out of memory (mesh unchanged). */
OSSA_API bool ossa_mesh_remap_bones (OssaMesh *mesh, const ssize_t *remap, size_t n_old);

#ifdef __cplusplus
}
#endif
