/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Valve SMD ("studiomdl data"): reading reference, animation and vertex-animation
 * files, turning them into a 2D document (skeleton, mesh, animations) by projecting
 * the 3D skeleton onto a plane, and writing an animation back as SMD.
 *
 * Threads: nothing here keeps global state except a C locale object made once, so
 * an editor can run an import on a worker thread. Progress and cancel go through
 * OssaSmdCallbacks: progress() and notice() are called on the thread that runs the
 * import (marshal them to the UI thread yourself); cancel is polled there too. */
#pragma once

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "ossa-document.h"
#include "ossa-error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Limits of the reader, on top of ossa-types.h's. A pose is one bone in one frame:
 * frames carry missing bones over, so a short file can ask for many. */
#define OSSA_SMD_MAX_FILE_SIZE  ((size_t) 512 << 20)
#define OSSA_SMD_MAX_POSES      ((size_t) 8 << 20)
#define OSSA_SMD_MAX_VERTICES   ((size_t) 16 << 20)
#define OSSA_SMD_MAX_LINKS      32u    /* (bone, weight) pairs on one vertex line */

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
OssaSmd *ossa_smd_read_bytes (const char *data, size_t size, const char *path,
                              const OssaSmdCallbacks *callbacks, OssaError *err);

/* The same from a file (at most OSSA_SMD_MAX_FILE_SIZE bytes). */
OssaSmd *ossa_smd_read (const char *path, const OssaSmdCallbacks *callbacks, OssaError *err);

void ossa_smd_free (OssaSmd *smd);

/* Index of the node called name, or -1. */
ssize_t ossa_smd_find_node (const OssaSmd *smd, const char *name);

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
void ossa_smd_import_options_init (OssaSmdImportOptions *options);

/* "xz", "xy", "yz"; false for anything else. */
bool ossa_smd_plane_from_string (const char *s, OssaSmdPlane *plane);
const char *ossa_smd_plane_name (OssaSmdPlane plane);

/* The 2D world joint position and angle of every node in frame `frame` of smd,
 * as the importer derives them (joint = projected 3D joint; angle = towards the
 * first child's projected joint, else along the projected x axis, else the
 * parent's). xy and angle have 2 × n_nodes and n_nodes entries. */
void ossa_smd_project_frame (const OssaSmd *smd, size_t frame, OssaSmdPlane plane,
                             double *xy, double *angle);

/* A new document from a reference SMD: the skeleton from its first frame, a mesh
 * named `name` from its triangles (each vertex bound rigidly to one bone, its
 * position in that bone's space), and, when the file has more than one frame, an
 * animation named `name` as well. NULL with err set on failure. */
OssaDocument *ossa_smd_to_document (const OssaSmd *ref, const char *name,
                                    const OssaSmdImportOptions *options, OssaError *err);

/* Adds the frames of anim as an animation called name to doc, whose skeleton must
 * be the one ossa_smd_to_document() made from ref (ref gives the 3D rest of bones
 * anim leaves out). Bones are matched by name; anim's bones the skeleton lacks are
 * reported through notice() and skipped. Returns the animation's index or -1. */
ssize_t ossa_smd_add_animation (OssaDocument *doc, const OssaSmd *ref, const OssaSmd *anim,
                                const char *name, const OssaSmdImportOptions *options,
                                OssaError *err);

/* The whole import the CLI and the editor do: paths[0] is the reference, the others
 * animations, each named after its file's stem. Progress runs 0 to 1 over all the
 * files; errors carry the file and line. */
OssaDocument *ossa_smd_import_files (const char *const *paths, size_t n_paths,
                                     const OssaSmdImportOptions *options, OssaError *err);

/* "walk" for "/a/b/walk.smd". Writes at most size bytes, NUL-terminated. */
void ossa_smd_stem (const char *path, char *buf, size_t size);

/* ---- export ---- */

/* Animation anim_index of doc as an animation SMD (plane xz, z = 0): every bone in
 * every frame, frames 0..round(duration · fps) sampled at frame / fps. Each bone's
 * 3D local is taken from the 2D world pose, so importing the file again (plane xz,
 * same fps) gives the same world joint positions, and the same local transforms
 * when each bone points at its first child as imported bones do. Names holding a
 * double quote cannot be written and are refused. *text is malloc'd. */
bool ossa_smd_export_animation (const OssaDocument *doc, size_t anim_index, char **text,
                                size_t *length, OssaError *err);

/* The same, written atomically to path. */
bool ossa_smd_save_animation (const OssaDocument *doc, size_t anim_index, const char *path,
                              OssaError *err);

#ifdef __cplusplus
}
#endif
