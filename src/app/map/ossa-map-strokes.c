/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What a primary-button drag on the map does with the current tool: paint with the
 * brush (the whole stroke one undo step), a rectangle or a line (previewed, applied
 * on release), a flood fill, drag the start or the goal (merged into one step), or
 * place and send the cat and the mice. Every change to the map goes through the
 * editor's map edits (ossa-editor-maps.h). */
#define G_LOG_DOMAIN "ossa-map-editor"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "ossa-map-editor-private.h"

/* ---- painting ---- */

static guint
brush_size (OssaMapEditor *self)
{
  return (guint) gtk_adjustment_get_value (self->brush_adjustment);
}

/* Applies values (0, 1 or 0xff = keep) over the box [x0, x1] × [y0, y1], already
 * clipped to the map, as one edit. Only that box can change: the document-changed
 * it causes compares just the box with our copy. */
static void
execute_cells (OssaMapEditor *self, guint x0, guint y0, guint x1, guint y1, const guint8 *values,
               const char *label)
{
  g_autoptr(GError) error = NULL;

  self->hint_valid = TRUE;
  self->hint[0] = x0, self->hint[1] = y0, self->hint[2] = x1 - x0 + 1, self->hint[3] = y1 - y0 + 1;
  if (!ossa_editor_set_map_cells (self->editor, (guint) self->map, x0, y0, x1 - x0 + 1,
                                  y1 - y0 + 1, values, label, &error))
    _ossa_map_editor_show_error (self, _("Could not change the map"), error);
  self->hint_valid = FALSE;
}

static void
stamp (guint8 *values, guint stride, int bx, int by, int cx, int cy, guint size, guint8 value)
{
  int half = (int) size / 2;

  for (int y = cy - half; y < cy - half + (int) size; y++)
    for (int x = cx - half; x < cx - half + (int) size; x++)
      values[(gsize) (y - by) * stride + (gsize) (x - bx)] = value;
}

/* The brush from (ax, ay) to (bx, by) (cells), every cell of the line touched, as
 * one command. */
static void
paint_line (OssaMapEditor *self, int ax, int ay, int bx, int by, const char *label)
{
  guint size = brush_size (self);
  int half = (int) size / 2;
  int x0 = MIN (ax, bx) - half, y0 = MIN (ay, by) - half;
  int x1 = MAX (ax, bx) - half + (int) size - 1, y1 = MAX (ay, by) - half + (int) size - 1;
  guint stride = (guint) (x1 - x0 + 1);
  g_autofree guint8 *values = g_malloc ((gsize) stride * (gsize) (y1 - y0 + 1));
  int dx = ABS (bx - ax), dy = -ABS (by - ay), sx = ax < bx ? 1 : -1, sy = ay < by ? 1 : -1;
  int e = dx + dy, x = ax, y = ay;
  int cx0, cy0, cx1, cy1;
  g_autofree guint8 *clipped = NULL;

  memset (values, 0xff, (gsize) stride * (gsize) (y1 - y0 + 1));
  for (;;)
    {
      int e2 = 2 * e;

      stamp (values, stride, x0, y0, x, y, size, self->paint_walkable ? 1 : 0);
      if (x == bx && y == by)
        break;
      if (e2 >= dy)
        e += dy, x += sx;
      if (e2 <= dx)
        e += dx, y += sy;
    }
  /* Clip to the map. */
  cx0 = MAX (x0, 0), cy0 = MAX (y0, 0);
  cx1 = MIN (x1, (int) self->width - 1), cy1 = MIN (y1, (int) self->height - 1);
  if (cx0 > cx1 || cy0 > cy1)
    return;
  clipped = g_malloc ((gsize) (cx1 - cx0 + 1) * (gsize) (cy1 - cy0 + 1));
  for (int row = cy0; row <= cy1; row++)
    memcpy (clipped + (gsize) (row - cy0) * (gsize) (cx1 - cx0 + 1),
            values + (gsize) (row - y0) * stride + (gsize) (cx0 - x0), (gsize) (cx1 - cx0 + 1));
  execute_cells (self, (guint) cx0, (guint) cy0, (guint) cx1, (guint) cy1, clipped, label);
}

static void
paint_rect (OssaMapEditor *self, int ax, int ay, int bx, int by)
{
  int x0 = CLAMP (MIN (ax, bx), 0, (int) self->width - 1);
  int x1 = CLAMP (MAX (ax, bx), 0, (int) self->width - 1);
  int y0 = CLAMP (MIN (ay, by), 0, (int) self->height - 1);
  int y1 = CLAMP (MAX (ay, by), 0, (int) self->height - 1);
  gsize n = (gsize) (x1 - x0 + 1) * (gsize) (y1 - y0 + 1);
  g_autofree guint8 *values = g_malloc (n);

  memset (values, self->paint_walkable ? 1 : 0, n);
  execute_cells (self, (guint) x0, (guint) y0, (guint) x1, (guint) y1, values,
                 _("Fill Rectangle"));
}

/* The 4-connected region of cells like (x, y) takes the paint. */
static void
flood_fill (OssaMapEditor *self, int x, int y)
{
  guint8 from = self->cells[(gsize) y * self->width + (gsize) x] != 0;
  guint8 to = self->paint_walkable ? 1 : 0;
  gsize n = (gsize) self->width * self->height;
  g_autofree guint8 *seen = NULL;
  g_autoptr(GArray) stack = NULL;
  guint x0 = (guint) x, y0 = (guint) y, x1 = (guint) x, y1 = (guint) y;
  g_autofree guint8 *values = NULL;
  guint w;

  if (from == to)
    return;
  seen = g_malloc0 (n);
  stack = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_array_append_val (stack, ((guint32) { (guint32) ((gsize) y * self->width + (gsize) x) }));
  seen[(gsize) y * self->width + (gsize) x] = 1;
  while (stack->len > 0)
    {
      guint32 i = g_array_index (stack, guint32, stack->len - 1);
      guint cx = i % self->width, cy = i / self->width;
      const int nx[4] = { (int) cx - 1, (int) cx + 1, (int) cx, (int) cx };
      const int ny[4] = { (int) cy, (int) cy, (int) cy - 1, (int) cy + 1 };

      g_array_set_size (stack, stack->len - 1);
      x0 = MIN (x0, cx), x1 = MAX (x1, cx), y0 = MIN (y0, cy), y1 = MAX (y1, cy);
      for (int k = 0; k < 4; k++)
        {
          gsize j;

          if (nx[k] < 0 || ny[k] < 0 || (guint) nx[k] >= self->width
              || (guint) ny[k] >= self->height)
            continue;
          j = (gsize) ny[k] * self->width + (gsize) nx[k];
          if (seen[j] || (self->cells[j] != 0) != from)
            continue;
          seen[j] = 1;
          g_array_append_val (stack, ((guint32) { (guint32) j }));
        }
    }
  w = x1 - x0 + 1;
  values = g_malloc ((gsize) w * (y1 - y0 + 1));
  for (guint row = y0; row <= y1; row++)
    for (guint col = x0; col <= x1; col++)
      values[(gsize) (row - y0) * w + (col - x0)] = seen[(gsize) row * self->width + col] ? to
                                                                                         : 0xff;
  execute_cells (self, x0, y0, x1, y1, values, _("Flood Fill"));
}

void
_ossa_map_editor_set_endpoints (OssaMapEditor *self, gboolean has_start, guint sx, guint sy,
                                gboolean has_goal, guint gx, guint gy, guint64 merge_id)
{
  g_autoptr(GError) error = NULL;

  if (!ossa_editor_set_map_endpoints (self->editor, (guint) self->map, has_start, sx, sy,
                                      has_goal, gx, gy, merge_id, &error))
    _ossa_map_editor_show_error (self, _("Could not move the start or goal"), error);
}

void
_ossa_map_editor_place_start (OssaMapEditor *self, guint x, guint y, guint64 merge_id)
{
  _ossa_map_editor_set_endpoints (self, TRUE, x, y, self->has_goal, self->goal_x, self->goal_y,
                                  merge_id);
}

void
_ossa_map_editor_place_goal (OssaMapEditor *self, guint x, guint y, guint64 merge_id)
{
  _ossa_map_editor_set_endpoints (self, self->has_start, self->start_x, self->start_y, TRUE, x, y,
                                  merge_id);
}

/* ---- the mouse ---- */

static const char *
paint_label (OssaMapEditor *self)
{
  return self->paint_walkable ? _("Paint Floor") : _("Paint Walls");
}

void
ossa_map_editor_stroke_begin (OssaMapEditor *self, double x, double y)
{
  int cx, cy;
  gboolean inside;

  g_return_if_fail (OSSA_IS_MAP_EDITOR (self));
  if (self->width == 0 || self->stroking)
    return;
  inside = _ossa_map_editor_cell_of (self, x, y, &cx, &cy);
  self->stroke_x0 = self->stroke_x = cx;
  self->stroke_y0 = self->stroke_y = cy;
  self->merge_id = ossa_editor_new_merge_id (self->editor);

  switch (self->tool)
    {
    case OSSA_MAP_TOOL_BRUSH:
      self->stroking = TRUE;
      ossa_editor_begin_group (self->editor, paint_label (self));
      paint_line (self, cx, cy, cx, cy, paint_label (self));
      break;
    case OSSA_MAP_TOOL_RECT:
      self->stroking = TRUE;
      ossa_map_view_set_preview (self->view, OSSA_MAP_PREVIEW_RECT, cx, cy, cx, cy, 1,
                                 self->paint_walkable);
      break;
    case OSSA_MAP_TOOL_LINE:
      self->stroking = TRUE;
      ossa_map_view_set_preview (self->view, OSSA_MAP_PREVIEW_LINE, cx, cy, cx, cy,
                                 brush_size (self), self->paint_walkable);
      break;
    case OSSA_MAP_TOOL_FILL:
      if (inside)
        flood_fill (self, cx, cy);
      break;
    case OSSA_MAP_TOOL_START:
    case OSSA_MAP_TOOL_GOAL:
      if (!inside)
        break;
      self->stroking = TRUE;
      if (self->tool == OSSA_MAP_TOOL_START)
        _ossa_map_editor_place_start (self, (guint) cx, (guint) cy, self->merge_id);
      else
        _ossa_map_editor_place_goal (self, (guint) cx, (guint) cy, self->merge_id);
      break;
    case OSSA_MAP_TOOL_CAT:
      if (!inside)
        break;
      if (self->has_cat)
        _ossa_map_editor_send_cat (self, (guint) cx, (guint) cy);
      else
        _ossa_map_editor_place_cat (self, (guint) cx, (guint) cy);
      break;
    case OSSA_MAP_TOOL_MOUSE:
      if (inside)
        _ossa_map_editor_toggle_mouse (self, (guint) cx, (guint) cy);
      break;
    default:
      break;
    }
}

void
ossa_map_editor_stroke_update (OssaMapEditor *self, double x, double y)
{
  int cx, cy;
  gboolean inside;

  g_return_if_fail (OSSA_IS_MAP_EDITOR (self));
  if (!self->stroking)
    return;
  inside = _ossa_map_editor_cell_of (self, x, y, &cx, &cy);
  if (cx == self->stroke_x && cy == self->stroke_y)
    return;

  switch (self->tool)
    {
    case OSSA_MAP_TOOL_BRUSH:
      paint_line (self, self->stroke_x, self->stroke_y, cx, cy, paint_label (self));
      break;
    case OSSA_MAP_TOOL_RECT:
      ossa_map_view_set_preview (self->view, OSSA_MAP_PREVIEW_RECT, self->stroke_x0,
                                 self->stroke_y0, cx, cy, 1, self->paint_walkable);
      break;
    case OSSA_MAP_TOOL_LINE:
      ossa_map_view_set_preview (self->view, OSSA_MAP_PREVIEW_LINE, self->stroke_x0,
                                 self->stroke_y0, cx, cy, brush_size (self), self->paint_walkable);
      break;
    case OSSA_MAP_TOOL_START:
      if (inside)
        _ossa_map_editor_place_start (self, (guint) cx, (guint) cy, self->merge_id);
      break;
    case OSSA_MAP_TOOL_GOAL:
      if (inside)
        _ossa_map_editor_place_goal (self, (guint) cx, (guint) cy, self->merge_id);
      break;
    case OSSA_MAP_TOOL_FILL:
    case OSSA_MAP_TOOL_CAT:
    case OSSA_MAP_TOOL_MOUSE:
    default:
      break;
    }
  self->stroke_x = cx;
  self->stroke_y = cy;
}

void
ossa_map_editor_stroke_end (OssaMapEditor *self, double x, double y)
{
  int cx, cy;

  g_return_if_fail (OSSA_IS_MAP_EDITOR (self));
  if (!self->stroking)
    return;
  ossa_map_editor_stroke_update (self, x, y);
  _ossa_map_editor_cell_of (self, x, y, &cx, &cy);
  self->stroking = FALSE;
  ossa_map_view_set_preview (self->view, OSSA_MAP_PREVIEW_NONE, 0, 0, 0, 0, 1, FALSE);

  switch (self->tool)
    {
    case OSSA_MAP_TOOL_BRUSH:
      ossa_editor_end_group (self->editor);
      break;
    case OSSA_MAP_TOOL_RECT:
      paint_rect (self, self->stroke_x0, self->stroke_y0, cx, cy);
      break;
    case OSSA_MAP_TOOL_LINE:
      paint_line (self, self->stroke_x0, self->stroke_y0, cx, cy, _("Draw Line"));
      break;
    case OSSA_MAP_TOOL_FILL:
    case OSSA_MAP_TOOL_START:
    case OSSA_MAP_TOOL_GOAL:
    case OSSA_MAP_TOOL_CAT:
    case OSSA_MAP_TOOL_MOUSE:
    default:
      break;
    }
}

static void
stroke_begin_cb (OssaMapView *view, double x, double y, guint state, OssaMapEditor *self)
{
  ossa_map_editor_stroke_begin (self, x, y);
}

static void
stroke_update_cb (OssaMapView *view, double x, double y, guint state, OssaMapEditor *self)
{
  ossa_map_editor_stroke_update (self, x, y);
}

static void
stroke_end_cb (OssaMapView *view, double x, double y, guint state, OssaMapEditor *self)
{
  ossa_map_editor_stroke_end (self, x, y);
}

void
_ossa_map_editor_init_strokes (OssaMapEditor *self)
{
  g_signal_connect (self->view, "stroke-begin", G_CALLBACK (stroke_begin_cb), self);
  g_signal_connect (self->view, "stroke-update", G_CALLBACK (stroke_update_cb), self);
  g_signal_connect (self->view, "stroke-end", G_CALLBACK (stroke_end_cb), self);
}
