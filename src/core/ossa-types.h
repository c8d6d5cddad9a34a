/* SPDX-License-Identifier: MIT */
/* The enums and limits shared by the whole core and stored in files (channels,
 * interpolations, spins), their names, and the OSSA_MAX_* limits (ossa-limits.h). Nothing here
 * allocates. */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "ossa-api.h"
#include "ossa-limits.h"

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

#ifdef __cplusplus
static_assert (OSSA_MAX_TRACKS == OSSA_MAX_BONES * OSSA_N_CHANNELS,
               "ossa-limits.h: one track per bone and channel");
#else
_Static_assert (OSSA_MAX_TRACKS == OSSA_MAX_BONES * OSSA_N_CHANNELS,
                "ossa-limits.h: one track per bone and channel");
#endif

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

/* The version of the file format this core writes and reads (proto/ossa.proto). */
#define OSSA_FORMAT_VERSION      1u

/* Short lower-case names ("translate_x", "linear", "clockwise"), for messages and
 * the CLI; NULL when out of range. */
OSSA_API const char *ossa_channel_name (OssaChannel channel);
OSSA_API const char *ossa_interp_name (OssaInterp interp);
OSSA_API const char *ossa_spin_name (OssaSpin spin);
/* art: "attachment", "color". */
OSSA_API const char *ossa_slot_channel_name (OssaSlotChannel channel);

#ifdef __cplusplus
}
#endif
