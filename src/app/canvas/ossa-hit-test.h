/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "ossa-camera.h"
#include "ossa-scene.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What is under the pointer on the canvas, without GL or GTK: the bone (joint or
 * body) at a widget point, a bone's tip, the distance to a bone's outline, and the
 * bones inside a rubber band, all on the instances of ossa-scene.h. Reads only;
 * the caller owns every array. Pure, so tests check it without a display. */

typedef enum
{
  OSSA_HIT_NONE,
  OSSA_HIT_JOINT,
  OSSA_HIT_BODY,
} OssaHitPart;

typedef struct
{
  ssize_t     bone;   /* -1 for none */
  OssaHitPart part;
} OssaHit;

/* The bone under widget point (px, py): joints win over bodies, and among joints
 * or among bodies the topmost (the highest index: children draw over parents). */
OssaHit ossa_scene_hit_test        (const OssaBoneInstance *inst, size_t n,
                                    const OssaCamera *cam, double px, double py);
/* True when (px, py) is within picking distance of bone's tip. */
bool   ossa_scene_hit_tip          (const OssaBoneInstance *inst, size_t n, size_t bone,
                                    const OssaCamera *cam, double px, double py);
/* Signed distance in logical pixels from (px, py) to the outline of a bone drawn
 * from widget point (jx, jy) to (tx, ty): negative inside. */
double ossa_scene_bone_distance    (double jx, double jy, double tx, double ty,
                                    double half_width, double px, double py);

/* Bones whose joints lie in the world box spanned by two corners, ascending, into
 * out (room for n). Returns how many. */
size_t ossa_scene_rubber_band      (const OssaBoneInstance *inst, size_t n,
                                    double x0, double y0, double x1, double y1,
                                    unsigned *out);

#ifdef __cplusplus
}
#endif
