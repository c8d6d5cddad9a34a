/* SPDX-License-Identifier: MIT */
/* The loader's arena (ossa-io-pb-arena-private.h says why there is one). */
#include "ossa-io-pb-arena-private.h"

#include <stdint.h>
#include <stdlib.h>

#define ARENA_FIRST_BLOCK ((size_t) 64 << 10)
#define ARENA_MAX_BLOCK   ((size_t) 8 << 20)
#define ARENA_ALIGN       _Alignof (max_align_t)
#define ARENA_OWN_MIN     ((size_t) 256)
/* How far past the last array taken _ossa_pb_arena_take() looks. protobuf-c
 * allocates a track's arrays in field order, then the next track's, so the next
 * array to take is a few entries on: past the other columns of a track, or before
 * an animation's first track past its array of tracks and the scratch space
 * protobuf-c takes to scan a message of many fields (a few dozen entries at
 * most). Should that order ever change, arrays are copied instead, at a bounded
 * cost. */
#define ARENA_TAKE_WINDOW 64

struct OssaPbArenaBlock
{
  OssaPbArenaBlock *next;
  size_t            used, size;
  max_align_t       data[];
};

/* protobuf-c trusts the file: a message of empty sub-messages, 2 bytes each, costs
 * ~150 bytes each unpacked, so a file at the size limit could ask for tens of
 * gigabytes before any count of ours is checked. Real documents are mostly packed
 * floats (1:1) and short bones (under 10:1); the budget allows far more, but not
 * an unbounded amount. */
#define ARENA_BUDGET_RATIO 32
#define ARENA_BUDGET_SLACK ((size_t) 16 << 20)
#define ARENA_BUDGET_MAX   ((size_t) 4 << 30)

static size_t
arena_budget (size_t file_size)
{
  if (file_size > (ARENA_BUDGET_MAX - ARENA_BUDGET_SLACK) / ARENA_BUDGET_RATIO)
    return ARENA_BUDGET_MAX;
  return file_size * ARENA_BUDGET_RATIO + ARENA_BUDGET_SLACK;
}

static bool
arena_charge (OssaPbArena *arena, size_t size)
{
  if (size > arena->budget - arena->allocated)
    {
      arena->over_budget = true;
      return false;
    }
  arena->allocated += size;
  return true;
}

static void *
arena_alloc_own (OssaPbArena *arena, size_t size)
{
  void *p;

  if (arena->n_own == arena->own_capacity)
    {
      size_t cap = arena->own_capacity ? 2 * arena->own_capacity : 64;
      void **own = realloc (arena->own, cap * sizeof *own);

      if (own == NULL)
        return NULL;
      arena->own = own;
      arena->own_capacity = cap;
    }
  p = malloc (size);
  if (p != NULL)
    arena->own[arena->n_own++] = p;
  return p;
}

static void *
arena_alloc (void *arena_data, size_t size)
{
  OssaPbArena *arena = arena_data;
  OssaPbArenaBlock *b = arena->blocks;
  void *p;

  if (size > SIZE_MAX / 2)
    return NULL;
  if (size >= ARENA_OWN_MIN)
    return arena_charge (arena, size) ? arena_alloc_own (arena, size) : NULL;
  size = (size + ARENA_ALIGN - 1) & ~(ARENA_ALIGN - 1);
  if (b == NULL || b->size - b->used < size)
    {
      if (!arena_charge (arena, sizeof *b + arena->next_size))
        return NULL;
      b = malloc (sizeof *b + arena->next_size);
      if (b == NULL)
        return NULL;
      b->used = 0;
      b->size = arena->next_size;
      b->next = arena->blocks;
      arena->blocks = b;
      if (arena->next_size < ARENA_MAX_BLOCK)
        arena->next_size *= 2;
    }
  p = (char *) b->data + b->used;
  b->used += size;
  return p;
}

static void
arena_free (void *arena_data, void *pointer)
{
}

bool
_ossa_pb_arena_take (OssaPbArena *arena, const void *p, size_t size)
{
  size_t end = arena->take_from + ARENA_TAKE_WINDOW;

  if (size < ARENA_OWN_MIN)
    return false;
  for (size_t i = arena->take_from; i < arena->n_own && i < end; i++)
    if (arena->own[i] == p)
      {
        arena->own[i] = NULL;
        arena->take_from = i + 1;
        return true;
      }
  return false;
}

void
_ossa_pb_arena_release (OssaPbArena *arena)
{
  for (size_t i = 0; i < arena->n_own; i++)
    free (arena->own[i]);
  free (arena->own);
  arena->own = NULL;
  arena->n_own = arena->own_capacity = arena->take_from = 0;
  while (arena->blocks != NULL)
    {
      OssaPbArenaBlock *next = arena->blocks->next;

      free (arena->blocks);
      arena->blocks = next;
    }
}

void
_ossa_pb_arena_init (OssaPbArena *arena, size_t file_size)
{
  *arena = (OssaPbArena) { NULL, ARENA_FIRST_BLOCK, NULL, 0, 0, 0, 0, arena_budget (file_size),
                           false };
}

ProtobufCAllocator
_ossa_pb_arena_allocator (OssaPbArena *arena)
{
  return (ProtobufCAllocator) { arena_alloc, arena_free, arena };
}
