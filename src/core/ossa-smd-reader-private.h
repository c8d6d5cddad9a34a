/* SPDX-License-Identifier: MIT */
/* The state of one SMD read and what its block readers share (ossa-smd-reader.c):
 * errors, notices, growing arrays and the string pool. The reader owns every
 * array in it until the read ends, when ossa-smd.c hands the pool and the OssaSmd
 * over to the caller and frees the rest. The blocks: nodes (ossa-smd-nodes.c),
 * skeleton (ossa-smd-skeleton.c), triangles (ossa-smd-triangles.c). Not installed. */
#pragma once

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ossa-smd-lexer-private.h"
#include "ossa-smd.h"

#define OSSA_SMD_CHECK_EVERY_LINES 4096  /* how often progress and cancel are looked at */

/* A node line before the block is closed and the nodes are put in order. */
typedef struct
{
  int32_t id, parent_id;
  size_t  name;     /* offset into the pool */
  int     line;
} OssaSmdRawNode;

/* One read in progress: the lexer over the buffer, the OssaSmd being filled, and
 * what the blocks share until it is done. */
typedef struct
{
  OssaSmd                *smd;
  const char             *path;
  OssaError              *err;
  const OssaSmdCallbacks *cb;
  OssaSmdLexer            lx;

  char                   *pool;
  size_t                  pool_len, pool_cap;

  OssaSmdRawNode         *raw;
  size_t                  n_raw, raw_cap;
  int32_t                *id_map;        /* id → node index (after nodes), or raw index before; -1 */
  size_t                  id_map_len;
  bool                    have_nodes;

  size_t                  frame_cap;     /* frames the poses/frame arrays have room for */
  const char             *frame0_start;  /* where the first frame's bone lines begin */
  uint32_t               *seen_in;       /* per node: 1 + the last frame it appeared in, 0 never */
  size_t                  vertex_cap;    /* triangles the vertex arrays have room for */
  size_t                 *material_off;  /* pool offsets while reading */
  size_t                  material_cap;
  uint32_t               *mat_hash;      /* open addressing: 1 + material index, 0 empty */
  size_t                  mat_hash_len;
  size_t                  lines_to_check;
  char                   *scratch;       /* a converted material name */
  size_t                  scratch_cap;
} OssaSmdReader;

/* Sets the error, at line of the file; always false. */
bool _ossa_smd_fail (OssaSmdReader *r, int line, OssaErrorCode code, const char *format, ...)
  __attribute__ ((format (printf, 4, 5)));

/* "out of memory" at the current line; always false. */
bool _ossa_smd_fail_memory (OssaSmdReader *r);

/* "bad number 'TEXT' (what)" for token t; always false. */
bool _ossa_smd_bad_number (OssaSmdReader *r, const OssaSmdToken *t, const char *what);

/* "missing 'end' of the 'block' block opened on line opened", at line; always false. */
bool _ossa_smd_missing_end (OssaSmdReader *r, const char *block, int opened, int line);

/* Tells the notice callback, if there is one. */
void _ossa_smd_notice (OssaSmdReader *r, int line, const char *format, ...)
  __attribute__ ((format (printf, 3, 4)));

/* Makes room for n elements of size bytes in *p (capacity *cap); false on out of
 * memory or overflow. */
bool _ossa_smd_grow (void **p, size_t *cap, size_t n, size_t size);

/* Appends len bytes and a NUL to the pool; the offset goes to *off. */
bool _ossa_smd_pool_add (OssaSmdReader *r, const char *s, size_t len, size_t *off);

/* Appends s (len bytes) as UTF-8: valid UTF-8 as is, anything else read as
 * Latin-1 (old GoldSrc tools). */
bool _ossa_smd_pool_add_text (OssaSmdReader *r, const char *s, size_t len, size_t *off);

/* Latin-1 bytes as UTF-8 into r->scratch, NUL-terminated. */
bool _ossa_smd_latin1_to_scratch (OssaSmdReader *r, const char *s, size_t len);

/* Whether t opens a block (or is `version`): a line that cannot be in one. */
bool _ossa_smd_is_block_keyword (const OssaSmdToken *t);

/* Node index of the bone id in token t, or -1 with the error set. */
int32_t _ossa_smd_bone_index (OssaSmdReader *r, const OssaSmdToken *t);

/* The blocks, each from the line after its keyword through its `end`. */
bool _ossa_smd_read_nodes (OssaSmdReader *r);
bool _ossa_smd_read_skeleton (OssaSmdReader *r);
bool _ossa_smd_read_triangles (OssaSmdReader *r);

/* Every OSSA_SMD_CHECK_EVERY_LINES lines: cancel and progress. False (the error
 * set) when cancelled. Inline: every line of the file passes here. */
static inline bool
_ossa_smd_check_in (OssaSmdReader *r)
{
  if (++r->lines_to_check < OSSA_SMD_CHECK_EVERY_LINES)
    return true;
  r->lines_to_check = 0;
  if (r->cb == NULL)
    return true;
  if (r->cb->cancel != NULL && atomic_load (r->cb->cancel))
    return _ossa_smd_fail (r, r->lx.line, OSSA_ERROR_CANCELLED, "cancelled");
  if (r->cb->progress != NULL && r->lx.end > r->lx.buf)
    r->cb->progress ((double) (r->lx.p - r->lx.buf) / (double) (r->lx.end - r->lx.buf),
                     r->cb->user_data);
  return true;
}
