/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The enums and limits shared by the whole core and stored in files (channels,
 * interpolations, spins, the OSSA_MAX_* limits), and their names. Nothing here
 * allocates. */
#pragma once

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Values match proto/ossa.proto: they are stored in files. */
typedef enum
{
  OSSA_CHANNEL_TRANSLATE_X = 0,
  OSSA_CHANNEL_TRANSLATE_Y = 1,
  OSSA_CHANNEL_ROTATE = 2,
  OSSA_CHANNEL_SCALE_X = 3,
  OSSA_CHANNEL_SCALE_Y = 4,
  OSSA_N_CHANNELS
} OssaChannel;

typedef enum
{
  OSSA_INTERP_LINEAR = 0,
  OSSA_INTERP_STEP = 1,
  OSSA_INTERP_BEZIER = 2,
  OSSA_N_INTERPS
} OssaInterp;

typedef enum
{
  OSSA_SPIN_SHORTEST = 0,
  OSSA_SPIN_CLOCKWISE = 1,
  OSSA_SPIN_COUNTERCLOCKWISE = 2,
  OSSA_SPIN_NUMERIC = 3,
  OSSA_N_SPINS
} OssaSpin;

/* art: what a slot track keys. Values match proto/ossa.proto SlotChannel. */
typedef enum
{
  OSSA_SLOT_CHANNEL_ATTACHMENT = 0,
  OSSA_SLOT_CHANNEL_COLOR = 1,
  OSSA_N_SLOT_CHANNELS
} OssaSlotChannel;

/* Sanity limits. Loaders check every count read from a file against these before
 * allocating anything; editing functions refuse to grow past them. */
#define OSSA_FORMAT_VERSION      1u
#define OSSA_MAX_FILE_SIZE       ((size_t) 512 << 20)  /* bytes of one .ossa file */
#define OSSA_MAX_BONES           1000000u
#define OSSA_MAX_ANIMATIONS      10000u
#define OSSA_MAX_TRACKS          (OSSA_MAX_BONES * OSSA_N_CHANNELS)  /* per animation */
#define OSSA_MAX_KEYS            10000000u  /* per track */
#define OSSA_MAX_NAME_BYTES      1024u      /* bone, animation and map names */
#define OSSA_MAX_MAPS            1000u
#define OSSA_MAX_MAP_SIDE        16384u
#define OSSA_MAX_TURNS           1000u      /* extra full turns on one rotation key */
#define OSSA_MAX_MESHES          1000u
#define OSSA_MAX_MESH_VERTICES   16000000u  /* per mesh */
#define OSSA_MAX_MESH_TRIANGLES  16000000u  /* per mesh */
#define OSSA_MAX_MATERIALS       65536u     /* per mesh */
/* art: images, slots and attachments (DESIGN.md "Art on bones"). */
#define OSSA_MAX_IMAGES          65536u
#define OSSA_MAX_IMAGE_SIDE      16384u     /* pixels, either side */
#define OSSA_MAX_IMAGE_BYTES     ((size_t) 256 << 20)  /* one embedded PNG */
#define OSSA_MAX_SLOTS           1000000u
#define OSSA_MAX_ATTACHMENTS     65536u     /* per slot */
#define OSSA_MAX_SLOT_KEYS       OSSA_MAX_KEYS  /* per slot track */
#define OSSA_MAX_DRAW_ORDER_KEYS 100000u    /* per animation */

/* Short lower-case names ("translate_x", "linear", "clockwise"), for messages and
 * the CLI; NULL when out of range. */
const char *ossa_channel_name (OssaChannel channel);
const char *ossa_interp_name (OssaInterp interp);
const char *ossa_spin_name (OssaSpin spin);
/* art: "attachment", "color". */
const char *ossa_slot_channel_name (OssaSlotChannel channel);

#ifdef __cplusplus
}
#endif
