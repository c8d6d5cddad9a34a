/* SPDX-License-Identifier: MIT */
/* Every limit on what a file can make Ossa allocate, in one place, each with what
 * it bounds and why that number. Loaders check each count read from a file
 * against these before allocating for it, and refuse with OSSA_ERROR_LIMIT and a
 * message that names the limit; editing functions refuse to grow past them.
 * Nothing here allocates; ossa-types.h, ossa-smd.h and ossa-gridmap-io.h include it.
 *
 * How the numbers were chosen: each is far above anything a real rig, animation or
 * map needs (the largest test data in ../shared/testdata is two orders of magnitude
 * below), and low enough that a file at every limit at once still fits in the
 * memory of a desktop (a few GB) rather than asking for terabytes. */
#pragma once

#include <stddef.h>
#include <stdint.h>

/* ---- .ossa documents ---- */

/* Bytes of one .ossa file. The loader unpacks the whole file at once; 512 MiB holds
 * a million bones with thousands of keys each, and bounds the unpacked message
 * (the loader also refuses a message that would unpack to far more than the file). */
#define OSSA_MAX_FILE_SIZE       ((size_t) 512 << 20)

/* Bones in one skeleton. A bone costs ~100 bytes in a document and 2 × 48 bytes in
 * every pose, so a million bones is ~200 MB: big rigs have thousands. Name look-ups
 * are hashed (ossa-name-index-private.h) and nothing walks the tree recursively, so
 * a chain a million bones deep loads, validates and poses like a flat one. */
#define OSSA_MAX_BONES           1000000u

/* Animations in one document; each has a name and a track array. */
#define OSSA_MAX_ANIMATIONS      10000u

/* Tracks in one animation: one per bone and channel at most (a second track for
 * the same bone and channel is refused anyway). */
#define OSSA_MAX_TRACKS          (OSSA_MAX_BONES * 5u)

/* Keys in one track: ten million is a key every frame for 92 hours at 30 fps. A key
 * costs ~40 bytes, so one full track is 400 MB. */
#define OSSA_MAX_KEYS            10000000u

/* Bytes of a bone, animation, map or mesh name, and of an SMD material: names are
 * labels for people, and a kilobyte holds any of them in any script. */
#define OSSA_MAX_NAME_BYTES      1024u

/* Grid maps in one document. */
#define OSSA_MAX_MAPS            1000u

/* Cells on a side of a grid map. 16384² is 256 Mi cells: 256 MiB of cells, and the
 * pathfinder's ~7 bytes a cell of search state (ossa-pathfind.c) is under 2 GiB.
 * MovingAI's largest benchmark maps are 2048² or less. */
#define OSSA_MAX_MAP_SIDE        16384u

/* Cells of one map: follows from the side. */
#define OSSA_MAX_MAP_CELLS       ((size_t) OSSA_MAX_MAP_SIDE * OSSA_MAX_MAP_SIDE)

/* Extra full turns on one rotation key: keeps a spin's angle (turns × 360°) exact
 * in a float. */
#define OSSA_MAX_TURNS           1000u

/* Meshes in one document, and per mesh its vertices, triangles and materials. A
 * vertex costs ~40 bytes, so a mesh at the limit is ~640 MB; SMD meshes are
 * bounded lower by OSSA_SMD_MAX_VERTICES. */
#define OSSA_MAX_MESHES          1000u
#define OSSA_MAX_MESH_VERTICES   16000000u
#define OSSA_MAX_MESH_TRIANGLES  16000000u
#define OSSA_MAX_MATERIALS       65536u

/* Art on bones (DESIGN.md "Art on bones"). Images are counted and sized before
 * any is decoded (core never decodes them: it keeps paths and bytes). */
#define OSSA_MAX_IMAGES          65536u     /* images of one document */
#define OSSA_MAX_IMAGE_SIDE      16384u     /* pixels, either side: what GL and cairo take */
#define OSSA_MAX_IMAGE_BYTES     ((size_t) 256 << 20)  /* one embedded PNG: a 16384² RGBA fits */
#define OSSA_MAX_SLOTS           1000000u   /* slots of one skeleton: as many as bones */
#define OSSA_MAX_ATTACHMENTS     65536u     /* per slot: the pictures one slot swaps between */
#define OSSA_MAX_SLOT_KEYS       OSSA_MAX_KEYS  /* per slot track, as per bone track */
#define OSSA_MAX_DRAW_ORDER_KEYS 100000u    /* per animation: each holds a whole permutation */

/* ---- SMD (Valve studiomdl data) ---- */

/* Bytes of one SMD file. The reader keeps the file in memory and points tokens into
 * it; 512 MiB is ten times the largest SMD in the test data's sets. */
#define OSSA_SMD_MAX_FILE_SIZE   ((size_t) 512 << 20)

/* Bone poses (bones × frames): a frame carries every bone over from the one before,
 * so a file of short `time` lines could ask for bones × frames × 48 bytes. 8 Mi
 * poses is 400 MB, e.g. 1,000 bones for 8,000 frames. */
#define OSSA_SMD_MAX_POSES       ((size_t) 8 << 20)

/* Frames (`time` lines) in one animation SMD, even with no bones to pose: each
 * frame costs 8 bytes of bookkeeping and becomes a key on every moving track. A
 * million frames is over nine hours at 30 fps. */
#define OSSA_SMD_MAX_FRAMES      1000000u

/* Triangle vertices (3 a triangle) in one reference SMD: 16 Mi × 36 bytes. */
#define OSSA_SMD_MAX_VERTICES    ((size_t) 16 << 20)

/* (bone, weight) pairs on one vertex line: real exporters write at most 4 to 8. */
#define OSSA_SMD_MAX_LINKS       32u

/* SMD line length: no limit is needed. The lexer copies nothing from a line (its
 * tokens point into the file's bytes and only the first 80 are kept), names and
 * materials are bounded by OSSA_MAX_NAME_BYTES, and the file by its size. */

/* ---- grid map and scenario text (ossa-gridmap-io.c) ---- */

/* Bytes of one map text file: a 16384² article map with CRLF rows fits. Files are
 * read in chunks (never whole), so this bounds the work, not the memory. */
#define OSSA_MAX_MAP_FILE_SIZE   ((size_t) 1 << 30)

/* Bytes of one line of a map file, the longest line the streaming reader holds in
 * memory. The longest valid row is an article row of 16384 cells with CRLF
 * (32,768 bytes); 1 MiB leaves room for any spacing. */
#define OSSA_MAX_MAP_LINE_BYTES  ((size_t) 1 << 20)

/* Bytes of one .scen file, and of one of its lines (a problem is ~60 bytes plus
 * its map path). */
#define OSSA_MAX_SCEN_FILE_SIZE  ((size_t) 256 << 20)
#define OSSA_MAX_SCEN_LINE_BYTES ((size_t) 64 << 10)

/* Problems (lines) in one scenario: each costs ~80 bytes. MovingAI's largest sets
 * have a few thousand a map. */
#define OSSA_MAX_SCEN_PROBLEMS   1000000u

/* ---- searches (ossa-pathfind.c) ---- */

/* The memory a pathfinder may use for one map (its copy of the map, the per-cell
 * search state and the open list) unless its owner sets another budget with
 * ossa_pathfinder_set_memory_budget(). 4 GiB holds a Dijkstra search of a whole
 * 16384² map (~1.9 GiB of state and a frontier of millions); the default is
 * also capped at half the machine's memory, so that a search stops with a message
 * instead of pushing the desktop into swap. */
#define OSSA_PATH_MEMORY_BUDGET  ((uint64_t) 4 << 30)
