/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* One line segment as the overlay shader draws it (a plain struct, no GL): the
 * canvas's pure geometry (ossa-preview.h) writes arrays of them and the segment
 * layer (ossa-segment-layer.h) uploads them; the arrays are the caller's. */

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A capsule from p0 to p1 in world units, width in logical pixels, colour
 * premultiplied-free RGBA; p0 == p1 is a dot. One instance, 24 bytes. */
typedef struct
{
  float   p0[2];
  float   p1[2];
  uint8_t color[4];
  float   width;
} OssaSegment;

#ifdef __cplusplus
}
#endif
