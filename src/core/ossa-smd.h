/* SPDX-License-Identifier: MIT */
/* Valve SMD ("studiomdl data"): reading reference, animation and vertex-animation
 * files into an OssaSmd, which owns every array and string it points to (free it
 * with ossa_smd_free()). Turning one into a 2D document and writing an animation
 * back as SMD are in ossa-smd-project.h, which this header includes.
 *
 * Threads: nothing here keeps global state except a C locale object made once, so
 * an editor can run an import on a worker thread. Progress and cancel go through
 * OssaSmdCallbacks: progress() and notice() are called on the thread that runs the
 * import (marshal them to the UI thread yourself); cancel is polled there too. */
#pragma once

#ifdef __cplusplus
/* A C++ game includes this too: std::atomic_bool is C11's atomic_bool (the same
 * object; C++23's <stdatomic.h> makes the same alias). */
#include <atomic>
using std::atomic_bool;
#else
#include <stdatomic.h>
#endif
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "ossa-api.h"
#include "ossa-document.h"
#include "ossa-error.h"
#include "ossa-limits.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The reader's limits (OSSA_SMD_MAX_*) are in ossa-limits.h with the others. */

/* Called now and then with how far the work is, 0 to 1. */
typedef void (*OssaSmdProgressFunc) (double fraction, void *user_data);

/* Something worth telling that is not an error (a bone skipped, a block not kept).
 * path and line (0 = none) say where. */
typedef void (*OssaSmdNoticeFunc) (const char *path, int line, const char *message,
                                   void *user_data);

typedef struct
{
  OssaSmdProgressFunc  progress;   /* may be NULL */
  OssaSmdNoticeFunc    notice;     /* may be NULL */
  void                *user_data;
  /* Polled while working (every few thousand lines and between frames); when it
   * becomes true the call gives up with OSSA_ERROR_CANCELLED. May be NULL. */
  const atomic_bool   *cancel;
} OssaSmdCallbacks;

/* One `nodes` line. Nodes are kept parent-before-child, ordered by id otherwise. */
typedef struct
{
  const char *name;    /* UTF-8 (Latin-1 bytes are converted), owned by the OssaSmd */
  int32_t     parent;  /* index into nodes, -1 for a root */
  int32_t     id;      /* the id the file gave it */
  int         line;    /* where it was defined */
} OssaSmdNode;

/* A bone in a frame, local to its parent: position in file units, Euler angles in
 * radians (X, then Y, then Z: R = Rz·Ry·Rx on column vectors). */
typedef struct
{
  double pos[3];
  double rot[3];
} OssaSmdPose;

/* A `triangles` vertex, in model space. */
typedef struct
{
  uint32_t bone;       /* node index: the line's bone when it has no links, else the heaviest link */
  float    pos[3];
  float    normal[3];
  float    uv[2];
} OssaSmdVertex;

typedef struct
{
  const char    *path;           /* as given to the reader (NULL if none was), for messages */
  OssaSmdNode   *nodes;
  size_t         n_nodes;

  /* skeleton: one pose per node per frame, frame-major (poses[f * n_nodes + i]).
   * A bone a frame leaves out keeps its value from the frame before; a bone that
   * first appears in frame k takes its frame-k value in frames 0..k-1. */
  size_t         n_frames;
  int32_t       *frame_numbers;  /* strictly increasing */
  int           *frame_lines;    /* the `time` line of each frame */
  OssaSmdPose   *poses;
  bool          *posed;          /* per node: appears in at least one frame */

  /* triangles: 3 vertices per triangle, in file order (vertex i of the file is
   * vertices[i], as `vertexanimation` numbers them). */
  OssaSmdVertex *vertices;
  size_t         n_triangles;
  uint32_t      *triangle_materials;  /* per triangle, index into materials */
  const char   **materials;           /* UTF-8, owned by the OssaSmd */
  size_t         n_materials;

  /* vertexanimation: read and checked, not kept. */
  size_t         n_shapes;
  size_t         n_shape_vertices;
  int            vertexanimation_line;  /* 0 when there is no such block */

  void          *priv;
} OssaSmd;

/* Parses an SMD held in memory (size bytes; no terminating NUL needed). path (may
 * be NULL) only names the source in errors and notices. Returns a new OssaSmd or
 * NULL with err set, err->line the 1-based line of the problem. Any bytes give one
 * or the other: nothing is read outside [data, data + size). Numbers are read in
 * the C locale whatever the process locale. */
OSSA_API OssaSmd *ossa_smd_read_bytes (const char *data, size_t size, const char *path,
                                       const OssaSmdCallbacks *callbacks, OssaError *err);

/* The same from a file (at most OSSA_SMD_MAX_FILE_SIZE bytes). */
OSSA_API OssaSmd *ossa_smd_read (const char *path, const OssaSmdCallbacks *callbacks, OssaError *err);

OSSA_API void ossa_smd_free (OssaSmd *smd);

/* Index of the node called name, or -1. */
OSSA_API ssize_t ossa_smd_find_node (const OssaSmd *smd, const char *name);

#ifdef __cplusplus
}
#endif

/* Code that includes this header gets the import and export too, as it always has. */
#include "ossa-smd-project.h"
