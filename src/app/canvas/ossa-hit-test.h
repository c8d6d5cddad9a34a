/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "ossa-art-pose.h"
#include "ossa-camera.h"
#include "ossa-scene.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What is under the pointer on the canvas, without GL or GTK: the bone (joint or
 * body) at a widget point, a bone's tip, the distance to a bone's outline, and the
 * bones inside a rubber band, all on the instances of ossa-scene.h; and the
 * attachment whose picture is opaque at a world point, on the quads of
 * ossa-art-pose.h. Reads only; the caller owns every array. Pure, so tests check
 * it without a display. */

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

/* Where world point (wx, wy) falls on quad's picture: its u, v (v = 0 the top
 * row) through the inverse of the quad's affine map, whatever its turn, scale or
 * mirror. False outside the quad, or when it has no area. */
bool    ossa_quad_uv_at            (const OssaQuad *quad, double wx, double wy,
                                    double *u, double *v);

/* Whether image's picture is opaque at u, v: the caller's pictures (the editor's
 * ossa_image_store_hit()). */
typedef bool (*OssaPictureHitFunc) (uint32_t image, double u, double v, void *data);

/* The frontmost of quads[0 .. before) (in draw order, back to front, as
 * ossa_slot_pose_fill_quads() gives them) that covers world point (wx, wy) with an
 * opaque part of its picture, as opaque() says: its index, or -1 for none. before
 * = n looks at all of them; the index of a hit looks behind it (a click that cycles
 * through overlapping pictures). */
ssize_t ossa_quads_hit_test        (const OssaQuad *quads, size_t n, size_t before,
                                    double wx, double wy, OssaPictureHitFunc opaque,
                                    void *data);

#ifdef __cplusplus
}
#endif
