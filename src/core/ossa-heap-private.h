/* SPDX-License-Identifier: MIT */
/* An indexed binary min-heap of (key, tie, node) entries with decrease-key; each
 * entry also carries its node's cost so far (g), so that the searcher keeps no
 * per-cell g of its own.
 *
 * The heap writes each node's position into a caller-owned array so that a node's
 * entry can be found and its key lowered in O(log n): pos[node * stride] is the
 * entry's index while the node is in the heap. Every function is inline so that a
 * constant stride folds away.
 *
 * Entries order by key, then by tie (both smaller first). The heap owns its items
 * (release them with _ossa_heap_clear()); the position array is the caller's.
 * Not installed. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct
{
  uint64_t key;
  uint64_t g;      /* carried along, not compared */
  uint32_t tie;
  uint32_t node;
} OssaHeapEntry;

typedef struct
{
  OssaHeapEntry *items;
  size_t         n, cap;
} OssaHeap;

static inline bool
_ossa_heap_less (const OssaHeapEntry *a, const OssaHeapEntry *b)
{
  return a->key < b->key || (a->key == b->key && a->tie < b->tie);
}

static inline void
_ossa_heap_clear (OssaHeap *heap)
{
  free (heap->items);
  heap->items = NULL;
  heap->n = heap->cap = 0;
}

/* Makes room for at least cap entries; false on out of memory (heap unchanged). */
static inline bool
_ossa_heap_reserve (OssaHeap *heap, size_t cap)
{
  OssaHeapEntry *items;

  if (cap <= heap->cap)
    return true;
  items = realloc (heap->items, cap * sizeof *items);
  if (items == NULL)
    return false;
  heap->items = items;
  heap->cap = cap;
  return true;
}

/* Moves entry e up from the hole at index i to its place. */
static inline void
_ossa_heap_sift_up (OssaHeap *heap, size_t i, OssaHeapEntry e, uint32_t *pos, size_t stride)
{
  OssaHeapEntry *items = heap->items;

  while (i > 0)
    {
      size_t parent = (i - 1) >> 1;

      if (!_ossa_heap_less (&e, &items[parent]))
        break;
      items[i] = items[parent];
      pos[(size_t) items[i].node * stride] = (uint32_t) i;
      i = parent;
    }
  items[i] = e;
  pos[(size_t) e.node * stride] = (uint32_t) i;
}

/* Adds an entry; the caller has reserved room (n < cap). */
static inline void
_ossa_heap_push (OssaHeap *heap, OssaHeapEntry e, uint32_t *pos, size_t stride)
{
  _ossa_heap_sift_up (heap, heap->n++, e, pos, stride);
}

/* Removes and returns the smallest entry; the heap must not be empty. The removed
 * node's position is left as it was: the caller marks it.
 *
 * Floyd's variant: the hole left at the root follows the smaller child all the way
 * down (one comparison a level instead of two), then the last entry rises from
 * there; it belongs near the bottom, so it rarely rises far. */
static inline OssaHeapEntry
_ossa_heap_pop (OssaHeap *heap, uint32_t *pos, size_t stride)
{
  OssaHeapEntry *items = heap->items;
  OssaHeapEntry top = items[0];
  size_t n = --heap->n, i = 0;

  if (n == 0)
    return top;
  for (;;)
    {
      size_t child = 2 * i + 1;

      if (child >= n)
        break;
      if (child + 1 < n && _ossa_heap_less (&items[child + 1], &items[child]))
        child++;
      items[i] = items[child];
      pos[(size_t) items[i].node * stride] = (uint32_t) i;
      i = child;
    }
  _ossa_heap_sift_up (heap, i, items[n], pos, stride);
  return top;
}

/* Lowers the key (and tie) of the entry at index i and sets its g; the new pair must
 * not be larger. */
static inline void
_ossa_heap_decrease (OssaHeap *heap, size_t i, uint64_t key, uint32_t tie, uint64_t g,
                     uint32_t *pos, size_t stride)
{
  OssaHeapEntry e = heap->items[i];

  e.key = key;
  e.tie = tie;
  e.g = g;
  _ossa_heap_sift_up (heap, i, e, pos, stride);
}
