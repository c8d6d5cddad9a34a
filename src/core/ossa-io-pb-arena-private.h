/* SPDX-License-Identifier: MIT */
/* The arena the loader has protobuf-c unpack a .ossa file into (ossa-io-pb-arena.c).
 * The arena owns everything it hands out until _ossa_pb_arena_release(), except the
 * arrays _ossa_pb_arena_take() gives away, which the taker frees. Not installed.
 *
 * protobuf-c allocates every message, string and array of a document one by one
 * and frees them one by one: for a document of many small tracks that was a
 * quarter of the time of a load (bench/bench-load.c). The arena hands out memory
 * from a few large blocks and drops them all at once, so its free() does nothing
 * and the unpacked message is released with the arena, on every path, instead of
 * with free_unpacked().
 *
 * Arrays of ARENA_OWN_MIN (256) bytes or more are malloc'd one by one instead, so
 * that the loader can take a track's times and values over as they are
 * (_ossa_pb_arena_take()) rather than copy them: a copy costs as much again in
 * memory written and, in a fresh process, in pages faulted in. Few arrays are that
 * large, so there are few such allocations. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include <protobuf-c/protobuf-c.h>

typedef struct OssaPbArenaBlock OssaPbArenaBlock;

typedef struct
{
  OssaPbArenaBlock *blocks;      /* the first one is the one being filled */
  size_t            next_size;
  void            **own;         /* arrays malloc'd one by one, in order; NULL once taken */
  size_t            n_own, own_capacity;
  size_t            take_from;   /* where _ossa_pb_arena_take() starts looking */
  size_t            allocated;   /* bytes handed out so far */
  size_t            budget;      /* most bytes the message of a file this size may need */
  bool              over_budget;
} OssaPbArena;

/* An empty arena whose budget suits a file of file_size bytes. */
void _ossa_pb_arena_init (OssaPbArena *arena, size_t file_size);

/* The allocator to unpack with; it points at arena. */
ProtobufCAllocator _ossa_pb_arena_allocator (OssaPbArena *arena);

/* Hands the array p of size bytes over to the caller, who frees it from now on;
 * false (nothing changes) when it is not one the arena can give away, such as a
 * small array inside a block: then it has to be copied. */
bool _ossa_pb_arena_take (OssaPbArena *arena, const void *p, size_t size);

/* Frees everything the arena still owns; it is empty afterwards. */
void _ossa_pb_arena_release (OssaPbArena *arena);
