/* SPDX-License-Identifier: MIT */
/* A hash index from names to positions in an array the caller owns (bones, SMD
 * nodes): open addressing with linear probing, keyed by the name's FNV-1a hash.
 * The index stores (hash, position) pairs only; the names stay in the caller's
 * records, found as the `const char *` at byte offset name_offset of record i of
 * stride bytes. The index is the caller's (_ossa_name_index_free()); it is only
 * read by _ossa_name_index_find(), so readers on several threads may share it.
 * Not installed. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

typedef struct _OssaNameIndex
{
  uint32_t *hashes;     /* per slot; 0 = empty (a name's hash is never 0) */
  uint32_t *positions;  /* per slot: position in the caller's array */
  size_t    mask;       /* slots - 1 (slots is a power of two) */
  size_t    n;          /* names indexed */
} OssaNameIndex;

/* The records the names live in. */
typedef struct
{
  const void *base;
  size_t      stride;
  size_t      name_offset;
} OssaNameArray;

uint32_t _ossa_name_hash (const char *name);

/* An empty index (no allocation). */
void _ossa_name_index_init (OssaNameIndex *index);
void _ossa_name_index_free (OssaNameIndex *index);

/* Indexes the n names of array afresh; false on out of memory (index left empty). */
bool _ossa_name_index_build (OssaNameIndex *index, OssaNameArray array, size_t n);

/* Adds the name at position (the caller checked it is not there yet); grows the
 * table when needed; false on out of memory (index unchanged). */
bool _ossa_name_index_add (OssaNameIndex *index, OssaNameArray array, const char *name,
                           size_t position);

/* Position of name, or -1. */
ssize_t _ossa_name_index_find (const OssaNameIndex *index, OssaNameArray array,
                               const char *name);
