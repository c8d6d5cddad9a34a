/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ossa-camera.h"

#include <math.h>

static double
clampd (double v, double lo, double hi)
{
  return v < lo ? lo : v > hi ? hi : v;
}

void
ossa_camera_init (OssaCamera *cam)
{
  cam->center_x = 0;
  cam->center_y = 0;
  cam->zoom = 1;
  cam->width = 0;
  cam->height = 0;
}

void
ossa_camera_world_to_widget (const OssaCamera *cam, double wx, double wy, double *px, double *py)
{
  *px = 0.5 * cam->width + (wx - cam->center_x) * cam->zoom;
  *py = 0.5 * cam->height - (wy - cam->center_y) * cam->zoom;
}

void
ossa_camera_widget_to_world (const OssaCamera *cam, double px, double py, double *wx, double *wy)
{
  *wx = cam->center_x + (px - 0.5 * cam->width) / cam->zoom;
  *wy = cam->center_y - (py - 0.5 * cam->height) / cam->zoom;
}

void
ossa_camera_zoom_at (OssaCamera *cam, double px, double py, double zoom)
{
  double wx, wy;

  if (!isfinite (zoom))
    return;
  ossa_camera_widget_to_world (cam, px, py, &wx, &wy);
  cam->zoom = clampd (zoom, OSSA_SCENE_ZOOM_MIN, OSSA_SCENE_ZOOM_MAX);
  cam->center_x = wx - (px - 0.5 * cam->width) / cam->zoom;
  cam->center_y = wy + (py - 0.5 * cam->height) / cam->zoom;
}

void
ossa_camera_pan (OssaCamera *cam, double dx, double dy)
{
  cam->center_x -= dx / cam->zoom;
  cam->center_y += dy / cam->zoom;
}

void
ossa_camera_fit (OssaCamera *cam, double min_x, double min_y, double max_x, double max_y,
                 double margin)
{
  double room_w = cam->width - 2 * margin;
  double room_h = cam->height - 2 * margin;
  double box_w = max_x - min_x;
  double box_h = max_y - min_y;
  double zoom = 1;

  if (!(isfinite (min_x) && isfinite (min_y) && isfinite (max_x) && isfinite (max_y))
      || box_w < 0 || box_h < 0)
    {
      min_x = max_x = 0;
      min_y = max_y = 0;
      box_w = box_h = 0;
    }
  if (room_w < 1)
    room_w = 1;
  if (room_h < 1)
    room_h = 1;
  if (box_w > 0)
    zoom = room_w / box_w;
  if (box_h > 0)
    zoom = box_w > 0 ? fmin (zoom, room_h / box_h) : room_h / box_h;
  if (box_w <= 0 && box_h <= 0)
    zoom = 1;
  cam->zoom = clampd (zoom, OSSA_SCENE_ZOOM_MIN, OSSA_SCENE_ZOOM_MAX);
  cam->center_x = 0.5 * (min_x + max_x);
  cam->center_y = 0.5 * (min_y + max_y);
}

double
ossa_camera_grid_step (const OssaCamera *cam)
{
  /* The smallest power of ten that is at least 8 pixels on screen. */
  return pow (10.0, ceil (log10 (8.0 / cam->zoom)));
}
