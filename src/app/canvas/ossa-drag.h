/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stdbool.h>

#include "ossa-math.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The arithmetic of the canvas's mouse drags, without GL or GTK: rotate,
 * translate and scale a bone, follow an angle across turns, and the rest pose of a
 * bone drawn from two points (the create tool). Each drag is a plain value the
 * caller owns, begun from the bone's local transform and its parent's world matrix
 * at the press; every update returns the local transform for the pointer now, so
 * the whole drag is recomputed from its start (no drift) and can be one undo step.
 * Pure, so tests check it without a display. World coordinates: document units,
 * y up. */

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
 * exactly). snap > 0 puts the rotation on a multiple of snap (radians). */
OssaTransform ossa_rotate_drag_update (OssaRotateDrag *d, double wx, double wy, double snap);

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
 * across the bone by the press distance changes scale_y by 1. snap > 0 puts both
 * on a multiple of snap. */
OssaTransform ossa_scale_drag_update (OssaScaleDrag *d, double wx, double wy, double snap);

/* An attachment's uniform scale: both its scales follow the ratio of the
 * pointer's distance from its centre to the distance at the press (Blender's S),
 * so the picture keeps its proportions. Its move and turn are a bone's translate
 * and rotate drags with the attachment's bone as the parent and its offset as the
 * local transform. */
typedef struct
{
  OssaTransform start;
  double        centre_x, centre_y;  /* world */
  double        reference;           /* press distance, at least min_reference */
  double        min_scale;           /* the smallest |scale| a drag makes */
} OssaUniformScaleDrag;

/* (cx, cy): the attachment's world centre. min_reference as for
 * ossa_scale_drag_begin(). */
void          ossa_uniform_scale_drag_begin  (OssaUniformScaleDrag *d, double cx, double cy,
                                              const OssaTransform *local, double wx,
                                              double wy, double min_reference);
/* snap > 0 puts both scales on a multiple of snap (never 0: at least one step,
 * keeping the sign); without it neither falls under 1/100 of its size at the
 * press, so the picture never collapses into a point nobody can pick again. */
OssaTransform ossa_uniform_scale_drag_update (OssaUniformScaleDrag *d, double wx, double wy,
                                              double snap);

/* The rest transform (scale 1) and length of a bone under parent_world (NULL for a
 * root) whose joint is at world (jx, jy) and tip at (tx, ty). snap > 0 puts the
 * rotation on a multiple of snap (radians). False when the parent is singular. */
bool          ossa_scene_bone_from_points (const OssaXform *parent_world,
                                           double jx, double jy, double tx, double ty,
                                           double snap, OssaTransform *rest, float *length);

#ifdef __cplusplus
}
#endif
