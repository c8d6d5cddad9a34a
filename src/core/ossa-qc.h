/* SPDX-License-Identifier: MIT */
/* Valve .qc files, as studiomdl reads them: the reference meshes ($body, $model,
 * $bodygroup), the sequences ($sequence, line and block forms), $include, $cd,
 * $scale and $origin, read into an OssaQc, which owns every string and array it
 * points to (ossa_qc_free()); and the import of a whole model (every mesh, every
 * sequence) into one document. Threads and callbacks as in ossa-smd.h: commands
 * Ossa does not use are reported once each through notice(). */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "ossa-api.h"
#include "ossa-document.h"
#include "ossa-error.h"
#include "ossa-smd.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How deep $include may nest (a cycle is refused before this). */
#define OSSA_QC_MAX_INCLUDE_DEPTH 32u
/* Largest .qc file (each included one too). */
#define OSSA_QC_MAX_FILE_SIZE ((size_t) 16 << 20)

/* Where something was written: file is one of OssaQc.files. */
typedef struct
{
  const char *file;
  int         line;
} OssaQcPlace;

/* One choice of a body group: a reference SMD, or blank (smd NULL). */
typedef struct
{
  char        *name;    /* the choice's name: the file's stem, "blank", or the $body/$model name */
  char        *smd;     /* the SMD's path as found on disk ($cd and the including file's
                         * folder applied, ".smd" added when the .qc left it out), or NULL */
  OssaQcPlace  place;
} OssaQcChoice;

/* A $body or $model (one choice) or a $bodygroup (its studio and blank lines). */
typedef struct
{
  char         *name;
  OssaQcChoice *choices;
  size_t        n_choices;
  OssaQcPlace   place;
} OssaQcBodygroup;

/* A $sequence: its animation SMD and the options Ossa uses. */
typedef struct
{
  char        *name;
  char        *smd;      /* the first animation file, resolved as OssaQcChoice.smd */
  float        fps;      /* 30 unless the sequence says */
  bool         loop;
  OssaQcPlace  place;
} OssaQcSequence;

typedef struct
{
  char            **files;        /* every .qc read, files[0] the one asked for; owned */
  size_t            n_files;
  char             *modelname;    /* $modelname, or NULL */
  OssaQcBodygroup  *bodies;       /* in the order the .qc gives them */
  size_t            n_bodies;
  OssaQcSequence   *sequences;
  size_t            n_sequences;
  double            scale;        /* $scale, 1 by default (the last one given wins) */
  double            origin[3];    /* $origin x y z, 0 by default */
  double            origin_rotation;  /* $origin's fourth number, degrees about Z */
} OssaQc;

/* Reads path and every file it $includes (relative to the including file; a
 * cycle, a missing file, an unterminated block or quote, a $sequence with no file
 * give FILE:LINE errors). The SMDs named are not read here, only their paths
 * resolved. NULL with err set on failure. */
OSSA_API OssaQc *ossa_qc_read (const char *path, const OssaSmdCallbacks *callbacks, OssaError *err);

/* The same from bytes the caller read (path names them, and $include and $cd are
 * resolved against its folder). Any bytes give a result or an error. */
OSSA_API OssaQc *ossa_qc_read_bytes (const char *data, size_t size, const char *path,
                                     const OssaSmdCallbacks *callbacks, OssaError *err);

OSSA_API void ossa_qc_free (OssaQc *qc);

/* The whole model as one document: the skeleton is the union of every reference
 * mesh's nodes, merged by name (a bone whose parent differs between two meshes is
 * a FILE:LINE error naming the bone and both parents); every choice of every body
 * group a mesh named "GROUP" (one choice) or "GROUP/CHOICE"; every sequence an
 * animation named as in the .qc, with its fps and loop flag; $scale applied. An
 * SMD read once however often it is named. Progress runs 0 to 1 over all files. */
OSSA_API OssaDocument *ossa_qc_import (const OssaQc *qc, const OssaSmdImportOptions *options,
                                       OssaError *err);

/* ossa_qc_read() then ossa_qc_import(): what `ossa-cli import-qc` and the editor do. */
OSSA_API OssaDocument *ossa_qc_import_file (const char *path, const OssaSmdImportOptions *options,
                                            OssaError *err);

#ifdef __cplusplus
}
#endif
