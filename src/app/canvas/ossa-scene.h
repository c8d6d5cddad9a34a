/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "ossa-math.h"
#include "ossa-skeleton.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The canvas's geometry without GL or GTK: the camera, what the shaders draw for
 * each bone, hit testing, and the arithmetic of every mouse drag. Everything here
 * is pure so that tests check it without a display.
 *
 * Widget coordinates are logical pixels, origin at the widget's top-left, y down.
 * World coordinates are the document's units, y up. */

/* Sizes on screen, logical pixels; constant at every zoom. */
#define OSSA_SCENE_JOINT_RADIUS     4.5   /* joint circle */
#define OSSA_SCENE_JOINT_PICK       7.0   /* how close a click must be to a joint or tip */
#define OSSA_SCENE_BONE_WIDTH_MAX   8.0   /* half-width of a bone at its joint */
#define OSSA_SCENE_BONE_WIDTH_MIN   3.0
#define OSSA_SCENE_BONE_TIP_RADIUS  1.0
#define OSSA_SCENE_BODY_PICK        2.0   /* slop around a bone's outline */

#define OSSA_SCENE_ZOOM_MIN 0.001
#define OSSA_SCENE_ZOOM_MAX 1000.0

typedef struct
{
  double center_x, center_y;  /* world point at the middle of the widget */
  double zoom;                /* logical pixels per world unit: 1 = 100 % */
  double width, height;       /* widget size, logical pixels */
} OssaCamera;

void   ossa_camera_init            (OssaCamera *cam);
void   ossa_camera_world_to_widget (const OssaCamera *cam, double wx, double wy,
                                    double *px, double *py);
void   ossa_camera_widget_to_world (const OssaCamera *cam, double px, double py,
                                    double *wx, double *wy);
/* Sets the zoom (clamped to the limits) keeping the world point under widget point
 * (px, py) where it is. */
void   ossa_camera_zoom_at         (OssaCamera *cam, double px, double py, double zoom);
/* Moves the view with the pointer: the world follows a pointer move of (dx, dy). */
void   ossa_camera_pan             (OssaCamera *cam, double dx, double dy);
/* Shows the world box [min, max] whole, centred, margin pixels from the edges. An
 * empty or degenerate box is centred at 100 % (or less if it still would not fit). */
void   ossa_camera_fit             (OssaCamera *cam, double min_x, double min_y,
                                    double max_x, double max_y, double margin);
/* The finer grid spacing, world units: a power of ten at least 8 pixels apart. The
 * coarse grid is ten times that. Shift-drags snap to it. */
double ossa_camera_grid_step       (const OssaCamera *cam);

/* What the bone and joint shaders read, one per bone (32 bytes). The joint and
 * tip are world positions; half_width is the bone's half-width at its joint in
 * logical pixels (the shader and the hit test share it). */
typedef struct
{
  float    joint[2];
  float    tip[2];
  float    half_width;
  uint8_t  color[4];   /* r, g, b, a */
  uint32_t flags;      /* OssaBoneFlags */
  float    pad;
} OssaBoneInstance;

typedef enum
{
  OSSA_BONE_SELECTED = 1 << 0,
  OSSA_BONE_PRIMARY  = 1 << 1,
  OSSA_BONE_HOVER    = 1 << 2,
} OssaBoneFlags;

/* Half-width in pixels of a bone whose length on screen is length_px. */
double ossa_scene_bone_half_width (double length_px);

/* Fills out[n_bones] from the world matrices. selection is sorted ascending;
 * primary and hover are bone indices or -1. O(n_bones + n_selected). */
void   ossa_scene_build_instances  (const OssaSkeleton *skel, const OssaXform *world,
                                    const OssaCamera *cam, const unsigned *selection,
                                    size_t n_selected, ssize_t primary, ssize_t hover,
                                    OssaBoneInstance *out);

/* Which joints to draw, into out (n entries at most); returns how many. A joint is
 * drawn when its bone is at least OSSA_SCENE_JOINT_LOD_PX long on screen, has no
 * length at all (then the joint is all there is of it), or is selected or under
 * the pointer: zoomed out on a big rig, a constant-size circle on every tiny bone
 * only hides the bones (and costs a software renderer a primitive each). */
#define OSSA_SCENE_JOINT_LOD_PX 12.0
size_t ossa_scene_visible_joints   (const OssaBoneInstance *inst, size_t n,
                                    const OssaCamera *cam, uint32_t *out);

/* For a drag that moves bone root and its subtree: the instances reordered into
 * ordered[n], the bones that stay still first and the moving ones after them,
 * each part in bone order (parents first); new_index[i] is where bone i went.
 * Returns how many stay still. The canvas draws those once into a cached image
 * and only the moving ones every frame. */
size_t ossa_scene_partition_moving (const OssaSkeleton *skel, const OssaBoneInstance *inst,
                                    size_t n, size_t root, OssaBoneInstance *ordered,
                                    uint32_t *new_index);

/* The joint list (bone indices) rewritten into positions in the reordered
 * instances, the still bones' joints first; scratch holds n_joints. Returns how
 * many joints belong to still bones. */
size_t ossa_scene_partition_joints (uint32_t *joints, size_t n_joints, const uint32_t *new_index,
                                    size_t n_still, uint32_t *scratch);

/* The box holding every joint and tip; false when there are no bones. */
bool   ossa_scene_bounds           (const OssaBoneInstance *inst, size_t n,
                                    double *min_x, double *min_y,
                                    double *max_x, double *max_y);

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

/* ---- drags ----
 * Each drag starts from the bone's local transform and its parent's world matrix
 * at the press and returns the local transform for the pointer now, so the whole
 * drag is recomputed from its start (no drift) and can be one undo step. */

/* The pointer's angle about a pivot, followed continuously: the change between
 * successive angles is wrapped into (-π, π] and summed, so crossing ±180° never
 * jumps and whole turns add up. */
typedef struct
{
  double last;
  double total;
} OssaAngleFollow;

void   ossa_angle_follow_begin     (OssaAngleFollow *f, double angle);
double ossa_angle_follow_update    (OssaAngleFollow *f, double angle);

typedef struct
{
  OssaTransform   start;
  double          inv[6];     /* parent world inverse: a b c d tx ty */
  double          min_radius; /* parent units: closer to the joint, the angle is noise */
  bool            following;
  OssaAngleFollow follow;
} OssaRotateDrag;

/* parent_world NULL for a root. (wx, wy) is the press in world units; min_radius
 * in world units (a few pixels). False when the parent matrix is singular. */
bool          ossa_rotate_drag_begin  (OssaRotateDrag *d, const OssaXform *parent_world,
                                       const OssaTransform *local, double wx, double wy,
                                       double min_radius);
/* The bone turns about its joint by as much as the pointer turned about it, seen
 * in the parent's space (so a mirrored or non-uniformly scaled parent is handled
 * exactly). snap: the rotation goes to a multiple of 15°. */
OssaTransform ossa_rotate_drag_update (OssaRotateDrag *d, double wx, double wy, bool snap);

typedef struct
{
  OssaTransform start;
  double        inv[6];
  double        joint_x, joint_y;  /* world joint at the press */
  double        press_x, press_y;
} OssaTranslateDrag;

bool          ossa_translate_drag_begin  (OssaTranslateDrag *d, const OssaXform *parent_world,
                                          const OssaTransform *local, double wx, double wy);
/* The joint moves by the pointer's world movement; snap > 0 puts the joint on a
 * multiple of snap (world units). */
OssaTransform ossa_translate_drag_update (OssaTranslateDrag *d, double wx, double wy,
                                          double snap);

typedef struct
{
  OssaTransform start;
  double        joint_x, joint_y;
  double        ux, uy;      /* the bone's world x axis, unit */
  double        along0;      /* press distance from the joint along the bone */
  double        across0;     /* and across it */
  double        reference;   /* |along0|, at least a few pixels */
} OssaScaleDrag;

/* world: the bone's own world matrix. min_reference: world length under which the
 * press distance is taken as this (a press on the joint would divide by zero). */
void          ossa_scale_drag_begin  (OssaScaleDrag *d, const OssaXform *world,
                                      const OssaTransform *local, double wx, double wy,
                                      double min_reference);
/* scale_x follows the ratio of distances from the joint along the bone; moving
 * across the bone by the press distance changes scale_y by 1. snap: to 0.1. */
OssaTransform ossa_scale_drag_update (OssaScaleDrag *d, double wx, double wy, bool snap);

/* The rest transform (scale 1) and length of a bone under parent_world (NULL for a
 * root) whose joint is at world (jx, jy) and tip at (tx, ty). snap: the rotation to
 * 15°. False when the parent is singular. */
bool          ossa_scene_bone_from_points (const OssaXform *parent_world,
                                           double jx, double jy, double tx, double ty,
                                           bool snap, OssaTransform *rest, float *length);

#ifdef __cplusplus
}
#endif
