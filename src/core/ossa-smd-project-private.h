/* SPDX-License-Identifier: MIT */
/* What the SMD import (ossa-smd-project.c, ossa-smd-import.c), its export
 * (ossa-smd-export.c) and the .qc import (ossa-qc-import.c) share: the angle rule,
 * notices, a file's identity, one file's progress inside a longer run, and a
 * reference's triangles added as a mesh to a skeleton made from another reference.
 * Nothing here keeps a pointer into its arguments. Not installed. */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "ossa-smd-project.h"

/* a in (−π, π]; one step for the difference of two angles in that range, a
 * remainder for anything further out. */
double _ossa_smd_wrap_angle (double a);

/* A notice through options' callbacks (nothing when there is none). */
void _ossa_smd_notify (const OssaSmdImportOptions *options, const char *path, int line,
                       const char *format, ...) __attribute__ ((format (printf, 4, 5)));

/* Which file a path names (device and inode, so any spelling or link of one file
 * gives the same), and its size. */
typedef struct
{
  bool     known;   /* false: the path could not be looked at */
  dev_t    dev;
  ino_t    ino;
  uint64_t size;
} OssaSmdFileId;

/* False (known false) when path cannot be looked at. */
bool _ossa_smd_file_id (const char *path, OssaSmdFileId *id);
/* Both known and the same file. */
bool _ossa_smd_same_file (const OssaSmdFileId *a, const OssaSmdFileId *b);

/* One file's progress (0..1) shown as [base, base + span] of outer's. */
typedef struct
{
  const OssaSmdCallbacks *outer;
  double                  base, span;
} OssaSmdProgressMap;

/* ossa_smd_read() with options' callbacks, its progress mapped into
 * [base, base + span]. */
OssaSmd *_ossa_smd_read_part (const char *path, const OssaSmdImportOptions *options,
                              double base, double span, OssaError *err);

/* ref's triangles as a mesh called name in doc, whose skeleton
 * ossa_smd_to_document() made from skel: ref's node i is skel's node bone_map[i].
 * Each vertex keeps its place relative to its bone as ref's own rest pose has it,
 * moved with the bone to where skel's rest puts it (the same place when both rests
 * agree). False with err set (ref's path) on failure; doc unchanged then. */
bool _ossa_smd_add_mesh (OssaDocument *doc, const OssaSmd *skel, const OssaSmd *ref,
                         const uint32_t *bone_map, const char *name,
                         const OssaSmdImportOptions *options, OssaError *err);
