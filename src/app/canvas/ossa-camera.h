/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#ifdef __cplusplus
extern "C" {
#endif

/* The canvas's camera, without GL or GTK: which world point is at the middle of
 * the view and how many pixels a world unit takes, the conversions between widget
 * and world coordinates, zoom, pan, fit and the grid spacing. A plain value the
 * caller owns (the canvas keeps one). Pure, so tests check it without a display.
 *
 * Widget coordinates are logical pixels, origin at the widget's top-left, y down.
 * World coordinates are the document's units, y up. */

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

#ifdef __cplusplus
}
#endif
