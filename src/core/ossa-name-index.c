/* SPDX-License-Identifier: MIT */
/* Names to positions (ossa-name-index-private.h). The table is kept at most half
 * full, so a look-up probes about 1.5 slots whatever the number of names. */
#include "ossa-name-index-private.h"

#include <stdlib.h>
#include <string.h>

static inline const char *
name_at (OssaNameArray array, size_t i)
{
  const char *record = (const char *) array.base + i * array.stride;
  const char *name;

  memcpy (&name, record + array.name_offset, sizeof name);
  return name;
}

uint32_t
_ossa_name_hash (const char *name)
{
  uint32_t h = 2166136261u;

  for (const unsigned char *p = (const unsigned char *) name; *p; p++)
    h = (h ^ *p) * 16777619u;
  return h ? h : 1;   /* 0 marks an empty slot */
}

void
_ossa_name_index_init (OssaNameIndex *index)
{
  memset (index, 0, sizeof *index);
}

void
_ossa_name_index_free (OssaNameIndex *index)
{
  free (index->hashes);
  free (index->positions);
  _ossa_name_index_init (index);
}

static void
insert (OssaNameIndex *index, uint32_t hash, uint32_t position)
{
  size_t slot = hash & index->mask;

  while (index->hashes[slot] != 0)
    slot = (slot + 1) & index->mask;
  index->hashes[slot] = hash;
  index->positions[slot] = position;
  index->n++;
}

/* A table of slots slots (a power of two) holding the same entries. */
static bool
rehash (OssaNameIndex *index, size_t slots)
{
  OssaNameIndex bigger;

  bigger.hashes = calloc (slots, sizeof *bigger.hashes);
  bigger.positions = malloc (slots * sizeof *bigger.positions);
  bigger.mask = slots - 1;
  bigger.n = 0;
  if (bigger.hashes == NULL || bigger.positions == NULL)
    {
      free (bigger.hashes);
      free (bigger.positions);
      return false;
    }
  for (size_t s = 0; index->hashes != NULL && s <= index->mask; s++)
    if (index->hashes[s] != 0)
      insert (&bigger, index->hashes[s], index->positions[s]);
  _ossa_name_index_free (index);
  *index = bigger;
  return true;
}

static size_t
slots_for (size_t n)
{
  size_t slots = 16;

  while (slots < 2 * n)
    slots *= 2;
  return slots;
}

bool
_ossa_name_index_build (OssaNameIndex *index, OssaNameArray array, size_t n)
{
  _ossa_name_index_free (index);
  if (!rehash (index, slots_for (n)))
    return false;
  for (size_t i = 0; i < n; i++)
    insert (index, _ossa_name_hash (name_at (array, i)), (uint32_t) i);
  return true;
}

bool
_ossa_name_index_add (OssaNameIndex *index, OssaNameArray array, const char *name,
                      size_t position)
{
  (void) array;
  if ((index->hashes == NULL || 2 * (index->n + 1) > index->mask + 1)
      && !rehash (index, slots_for (index->n + 1)))
    return false;
  insert (index, _ossa_name_hash (name), (uint32_t) position);
  return true;
}

ssize_t
_ossa_name_index_find (const OssaNameIndex *index, OssaNameArray array, const char *name)
{
  uint32_t hash;
  size_t slot;

  if (index->hashes == NULL)
    return -1;
  hash = _ossa_name_hash (name);
  for (slot = hash & index->mask; index->hashes[slot] != 0; slot = (slot + 1) & index->mask)
    if (index->hashes[slot] == hash && strcmp (name_at (array, index->positions[slot]), name) == 0)
      return (ssize_t) index->positions[slot];
  return -1;
}
