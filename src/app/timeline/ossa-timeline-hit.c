/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-timeline-view"

#include "config.h"

#include <math.h>

#include "ossa-timeline-view-private.h"

/* What is under a point of the timeline: the row, its expander, the key a click
 * picks (within the key's drawn size), the keys a rubber band covers. */

const OssaTimelineRow *
_ossa_timeline_view_row_at (OssaTimelineView *self, double y)
{
  double ry = y - OSSA_TIMELINE_RULER_HEIGHT + gtk_adjustment_get_value (self->vadj);
  guint i;

  _ossa_timeline_view_ensure_rows (self);
  if (y < OSSA_TIMELINE_RULER_HEIGHT || ry < 0)
    return NULL;
  i = _ossa_timeline_view_row_index_at (self, ry);
  return i < self->rows->len ? &g_array_index (self->rows, OssaTimelineRow, i) : NULL;
}

/* The triangle and the colour swatch before the name (draw_rows() in
 * ossa-timeline-snapshot.c draws them). */
gboolean
_ossa_timeline_view_on_expander (const OssaTimelineRow *row, double x)
{
  return row->kind == OSSA_TIMELINE_ROW_BONE && x < 8 + _ossa_timeline_view_row_indent (row) + 14;
}

gboolean
_ossa_timeline_view_key_at (OssaTimelineView *self, const OssaTimelineRow *row, double x,
                            float *time, int *channel)
{
  double t = _ossa_timeline_view_x_to_time (self, x);
  double radius = row->channel < 0 ? OSSA_TIMELINE_KEY_RADIUS_BONE
                                   : OSSA_TIMELINE_KEY_RADIUS_CHANNEL;
  double tolerance = (radius + 2) / self->pps;
  double best = INFINITY;

  /* The art rows' keys are ossa-timeline-slots.c's. */
  if (row->kind != OSSA_TIMELINE_ROW_BONE && row->kind != OSSA_TIMELINE_ROW_CHANNEL)
    return FALSE;
  for (int c = 0; c < OSSA_N_CHANNELS; c++)
    {
      const OssaTrack *track;
      ssize_t k;

      if (row->channel >= 0 && c != row->channel)
        continue;
      track = _ossa_timeline_view_track_of (self, row->bone, c);
      if (track == NULL)
        continue;
      k = ossa_track_key_before (track, (float) (t + tolerance));
      for (; k >= 0 && track->times[k] >= t - tolerance; k--)
        {
          double d = fabs (track->times[k] - t);

          if (d < best)
            {
              best = d;
              *time = track->times[k];
              *channel = c;
            }
        }
    }
  return isfinite (best);
}

GArray *
_ossa_timeline_view_keys_of (OssaTimelineView *self, const OssaTimelineRow *row, double t0,
                             double t1)
{
  GArray *keys = g_array_new (FALSE, FALSE, sizeof (OssaKeyRef));

  if (row->kind != OSSA_TIMELINE_ROW_BONE && row->kind != OSSA_TIMELINE_ROW_CHANNEL)
    return keys;
  for (int c = 0; c < OSSA_N_CHANNELS; c++)
    {
      const OssaTrack *track;
      ssize_t k;

      if (row->channel >= 0 && c != row->channel)
        continue;
      track = _ossa_timeline_view_track_of (self, row->bone, c);
      if (track == NULL)
        continue;
      k = MAX (ossa_track_key_before (track, (float) t0), 0);
      for (; (gsize) k < track->n_keys && track->times[k] <= t1; k++)
        if (track->times[k] >= t0)
          {
            OssaKeyRef ref = { row->bone, (OssaChannel) c, track->times[k] };

            g_array_append_val (keys, ref);
          }
    }
  return keys;
}

/* The rows as the press that began the band laid them out; a key counts when its
 * drawn size (on a channel row) reaches into the band. */
GArray *
_ossa_timeline_view_keys_in_band (OssaTimelineView *self, double x0, double y0, double x1,
                                  double y1, guint element_size, OssaRowKeysFunc keys_of)
{
  double top_y = MIN (y0, y1), bottom_y = MAX (y0, y1);
  double t0 = _ossa_timeline_view_x_to_time (self, MIN (x0, x1));
  double t1 = _ossa_timeline_view_x_to_time (self, MAX (x0, x1));
  double top = gtk_adjustment_get_value (self->vadj);
  double pad = OSSA_TIMELINE_KEY_RADIUS_CHANNEL / self->pps;
  double first_y = MAX (top_y - OSSA_TIMELINE_RULER_HEIGHT + top, 0);  /* in row space */
  GArray *all = g_array_new (FALSE, FALSE, element_size);

  for (guint i = _ossa_timeline_view_row_index_at (self, first_y); i < self->rows->len; i++)
    {
      const OssaTimelineRow *row = &g_array_index (self->rows, OssaTimelineRow, i);
      double ry = _ossa_timeline_view_row_top (self, row);
      g_autoptr(GArray) keys = NULL;

      if (ry > bottom_y)
        break;
      if (ry + row->height < top_y)
        continue;
      keys = keys_of (self, row, t0 - pad, t1 + pad);
      g_array_append_vals (all, keys->data, keys->len);
    }
  return all;
}

GArray *
_ossa_timeline_view_keys_in_rect (OssaTimelineView *self, double x0, double y0, double x1,
                                  double y1)
{
  return _ossa_timeline_view_keys_in_band (self, x0, y0, x1, y1, sizeof (OssaKeyRef),
                                           _ossa_timeline_view_keys_of);
}

gboolean
_ossa_timeline_view_keys_all_selected (OssaTimelineView *self, GArray *keys)
{
  for (guint i = 0; i < keys->len; i++)
    {
      const OssaKeyRef *k = &g_array_index (keys, OssaKeyRef, i);

      if (!ossa_editor_is_key_selected (self->editor, k->bone, k->channel, k->time))
        return FALSE;
    }
  return keys->len > 0;
}
