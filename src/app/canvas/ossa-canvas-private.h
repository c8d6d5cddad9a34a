/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ossa-camera.h"
#include "ossa-canvas.h"

G_BEGIN_DECLS

/* For tests and benchmarks: the same entry points the canvas's gestures call, in
 * widget coordinates (logical pixels), and what the last frame cost. */

/* The primary button: press, motion, release. */
void              _ossa_canvas_drag_begin  (OssaCanvas      *self,
                                            double           x,
                                            double           y,
                                            GdkModifierType  state);
void              _ossa_canvas_drag_update (OssaCanvas      *self,
                                            double           x,
                                            double           y,
                                            GdkModifierType  state);
void              _ossa_canvas_drag_end    (OssaCanvas      *self,
                                            double           x,
                                            double           y,
                                            GdkModifierType  state);
/* A wheel step of dy (positive: away, zooms out) with the pointer at (x, y). */
void              _ossa_canvas_scroll      (OssaCanvas      *self,
                                            double           x,
                                            double           y,
                                            double           dy);
const OssaCamera *_ossa_canvas_get_camera  (OssaCanvas      *self);

typedef struct
{
  guint   draw_calls;   /* GL draw calls of the last frame */
  guint   n_instances;  /* bones drawn by the last frame */
  guint64 frames;       /* frames rendered so far */
  gint64  prepare_us;   /* of which the pose and the per-bone arrays, microseconds */
  gint64  render_us;    /* CPU time of the last render (GL calls return before the
                         * GPU, or Mesa's threads, finish), microseconds */
} OssaCanvasStats;

void              _ossa_canvas_get_stats   (OssaCanvas      *self,
                                            OssaCanvasStats *stats);

/* The bones whose names the last frame printed, in the order they were placed
 * (the selected ones first); none while names are hidden. */
const guint      *_ossa_canvas_get_named   (OssaCanvas      *self,
                                            gsize           *n);

/* Forgets the cached images (grid, still bones) so that the next frame draws
 * everything afresh: tests compare the two. */
void              _ossa_canvas_drop_caches (OssaCanvas      *self);

G_END_DECLS
