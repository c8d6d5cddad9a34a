/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-timeline-view"

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "ossa-timeline-view-private.h"

/* The IK constraints' rows: which key is under a point, which keys a row or a
 * rubber band holds, the IK keys picked on the timeline (the view's own, as the
 * art keys are: the editor's key selection holds bone keys only), and a press,
 * drag or click on them. A constraint's key holds its mix and, when keyed, its
 * bend at one time: the row shows one key per time. Delete removes them with
 * the other picked keys (_ossa_timeline_view_delete_keys()). */

static int
compare_refs (gconstpointer a, gconstpointer b)
{
  const OssaIkKeyRef *x = a, *y = b;

  if (x->constraint != y->constraint)
    return x->constraint < y->constraint ? -1 : 1;
  return x->time < y->time ? -1 : x->time > y->time;
}

/* The first key of track at or after t. */
static gsize
first_key_from (const OssaIkTrack *track, double t)
{
  gsize lo = 0, hi = track->n_keys;

  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (track->times[mid] < t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

static const OssaIkTrack *
track_of (OssaTimelineView *self, const OssaTimelineRow *row)
{
  if (row->kind != OSSA_TIMELINE_ROW_IK || self->editor == NULL)
    return NULL;
  return ossa_editor_get_ik_track (self->editor, row->constraint);
}

gboolean
_ossa_timeline_view_ik_row_y (OssaTimelineView *self, guint constraint, double *y)
{
  g_return_val_if_fail (OSSA_IS_TIMELINE_VIEW (self), FALSE);
  _ossa_timeline_view_ensure_rows (self);
  for (guint i = 0; i < self->rows->len; i++)
    {
      const OssaTimelineRow *row = &g_array_index (self->rows, OssaTimelineRow, i);

      if (row->kind == OSSA_TIMELINE_ROW_IK && row->constraint == constraint)
        {
          *y = _ossa_timeline_view_row_top (self, row) + 0.5 * row->height;
          return TRUE;
        }
    }
  return FALSE;
}

GArray *
_ossa_timeline_view_ik_keys_of (OssaTimelineView *self, const OssaTimelineRow *row, double t0,
                                double t1)
{
  GArray *keys = g_array_new (FALSE, FALSE, sizeof (OssaIkKeyRef));
  const OssaIkTrack *track = track_of (self, row);

  if (track == NULL)
    return keys;
  for (gsize k = first_key_from (track, t0); k < track->n_keys && track->times[k] <= t1; k++)
    {
      OssaIkKeyRef ref = { row->constraint, track->times[k] };

      g_array_append_val (keys, ref);
    }
  return keys;
}

gboolean
_ossa_timeline_view_ik_key_at (OssaTimelineView *self, const OssaTimelineRow *row, double x,
                               float *time)
{
  const OssaIkTrack *track = track_of (self, row);
  double t = _ossa_timeline_view_x_to_time (self, x);
  double tolerance = (OSSA_TIMELINE_KEY_RADIUS_CHANNEL + 2) / self->pps;
  double best = INFINITY;

  if (track == NULL)
    return FALSE;
  for (gsize k = first_key_from (track, t - tolerance);
       k < track->n_keys && track->times[k] <= t + tolerance; k++)
    if (fabs (track->times[k] - t) < best)
      {
        best = fabs (track->times[k] - t);
        *time = track->times[k];
      }
  return isfinite (best);
}

GArray *
_ossa_timeline_view_ik_keys_in_rect (OssaTimelineView *self, double x0, double y0, double x1,
                                     double y1)
{
  double top_y = MIN (y0, y1), bottom_y = MAX (y0, y1);
  double pad = OSSA_TIMELINE_KEY_RADIUS_CHANNEL / self->pps;
  double t0 = _ossa_timeline_view_x_to_time (self, MIN (x0, x1)) - pad;
  double t1 = _ossa_timeline_view_x_to_time (self, MAX (x0, x1)) + pad;
  double first_y = MAX (top_y - OSSA_TIMELINE_RULER_HEIGHT + gtk_adjustment_get_value (self->vadj),
                        0);
  GArray *all = g_array_new (FALSE, FALSE, sizeof (OssaIkKeyRef));

  if (self->editor == NULL || ossa_editor_get_document (self->editor)->n_ik == 0)
    return all;
  for (guint i = _ossa_timeline_view_row_index_at (self, first_y); i < self->rows->len; i++)
    {
      const OssaTimelineRow *row = &g_array_index (self->rows, OssaTimelineRow, i);
      double ry = _ossa_timeline_view_row_top (self, row);
      g_autoptr(GArray) keys = NULL;

      if (ry > bottom_y)
        break;
      if (ry + row->height < top_y || row->kind != OSSA_TIMELINE_ROW_IK)
        continue;
      keys = _ossa_timeline_view_ik_keys_of (self, row, t0, t1);
      g_array_append_vals (all, keys->data, keys->len);
    }
  return all;
}

/* ---- the picked IK keys ---- */

const OssaIkKeyRef *
_ossa_timeline_view_get_selected_ik_keys (OssaTimelineView *self, gsize *n_keys)
{
  g_return_val_if_fail (OSSA_IS_TIMELINE_VIEW (self), NULL);
  *n_keys = self->ik_selection->len;
  return (const OssaIkKeyRef *) (gconstpointer) self->ik_selection->data;
}

gboolean
_ossa_timeline_view_is_ik_key_selected (OssaTimelineView *self, const OssaIkKeyRef *key)
{
  return self->ik_selection->len > 0
         && bsearch (key, self->ik_selection->data, self->ik_selection->len,
                     sizeof (OssaIkKeyRef), compare_refs) != NULL;
}

void
_ossa_timeline_view_select_ik_keys (OssaTimelineView *self, const OssaIkKeyRef *keys,
                                    gsize n_keys, gboolean extend)
{
  guint n = 0;

  if (!extend)
    g_array_set_size (self->ik_selection, 0);
  g_array_append_vals (self->ik_selection, keys, (guint) n_keys);
  g_array_sort (self->ik_selection, compare_refs);
  for (guint i = 0; i < self->ik_selection->len; i++)
    if (n == 0 || compare_refs (&g_array_index (self->ik_selection, OssaIkKeyRef, n - 1),
                                &g_array_index (self->ik_selection, OssaIkKeyRef, i)) != 0)
      g_array_index (self->ik_selection, OssaIkKeyRef, n++) =
        g_array_index (self->ik_selection, OssaIkKeyRef, i);
  g_array_set_size (self->ik_selection, n);
  _ossa_timeline_view_invalidate (self);
}

void
_ossa_timeline_view_clear_ik_keys (OssaTimelineView *self)
{
  if (self->ik_selection->len == 0)
    return;
  g_array_set_size (self->ik_selection, 0);
  _ossa_timeline_view_invalidate (self);
}

void
_ossa_timeline_view_prune_ik_keys (OssaTimelineView *self)
{
  guint n = 0;

  for (guint i = 0; i < self->ik_selection->len; i++)
    {
      const OssaIkKeyRef *key = &g_array_index (self->ik_selection, OssaIkKeyRef, i);
      const OssaIkTrack *track = self->editor != NULL
                                   ? ossa_editor_get_ik_track (self->editor, key->constraint)
                                   : NULL;

      if (track != NULL && ossa_ik_track_find_key (track, key->time) >= 0)
        g_array_index (self->ik_selection, OssaIkKeyRef, n++) = *key;
    }
  if (n == self->ik_selection->len)
    return;
  g_array_set_size (self->ik_selection, n);
  _ossa_timeline_view_invalidate (self);
}

float
_ossa_timeline_view_ik_key_time (OssaTimelineView *self, const OssaIkKeyRef *key)
{
  double t = key->time + self->move_delta;

  if (self->drag != OSSA_TIMELINE_DRAG_IK_KEYS || !self->drag_active
      || !_ossa_timeline_view_is_ik_key_selected (self, key))
    return key->time;
  if (self->move_snap)
    t = _ossa_timeline_view_snap_to_frame (self, t);
  return (float) MAX (t, 0);
}

/* ---- the pointer on them ---- */

gboolean
_ossa_timeline_view_press_ik_key (OssaTimelineView *self, const OssaTimelineRow *row, double x,
                                  GdkModifierType state)
{
  OssaIkKeyRef key;

  if (!_ossa_timeline_view_ik_key_at (self, row, x, &key.time))
    return FALSE;
  key.constraint = row->constraint;
  if (state & GDK_CONTROL_MASK)
    {
      /* Ctrl+click adds or takes away, and does not drag. */
      if (_ossa_timeline_view_is_ik_key_selected (self, &key))
        {
          OssaIkKeyRef *found = bsearch (&key, self->ik_selection->data, self->ik_selection->len,
                                         sizeof (OssaIkKeyRef), compare_refs);

          g_array_remove_index (self->ik_selection,
                                (guint) (found - (OssaIkKeyRef *) (gpointer)
                                                   self->ik_selection->data));
          _ossa_timeline_view_invalidate (self);
        }
      else
        _ossa_timeline_view_select_ik_keys (self, &key, 1, TRUE);
      return TRUE;
    }
  self->press_was_selected = _ossa_timeline_view_is_ik_key_selected (self, &key);
  self->press_ik_time = key.time;
  self->drag = OSSA_TIMELINE_DRAG_IK_KEYS;
  /* The other keys picked stay only with Shift (they do not move with a drag). */
  if (!(state & GDK_SHIFT_MASK))
    {
      self->own_key_selection = TRUE;
      ossa_editor_clear_key_selection (self->editor);
      self->own_key_selection = FALSE;
      _ossa_timeline_view_clear_slot_keys (self);
    }
  /* A press on a picked key keeps the others picked, to drag them all. */
  if (!self->press_was_selected)
    _ossa_timeline_view_select_ik_keys (self, &key, 1, (state & GDK_SHIFT_MASK) != 0);
  return TRUE;
}

static void
move_ik_keys (OssaTimelineView *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) keys = g_array_copy (self->ik_selection);
  double delta = self->move_delta;

  self->move_delta = 0;
  if (keys->len == 0)
    return;
  if (!ossa_editor_move_ik_keys (self->editor, (OssaIkKeyRef *) (gpointer) keys->data, keys->len,
                                 delta, self->move_snap, &error))
    {
      _ossa_timeline_view_report (self, error);
      _ossa_timeline_view_invalidate (self);
      return;
    }
  /* The picked keys follow. */
  _ossa_timeline_view_select_ik_keys (self, (const OssaIkKeyRef *) (gconstpointer) keys->data,
                                      keys->len, FALSE);
}

void
_ossa_timeline_view_release_ik_keys (OssaTimelineView *self)
{
  const OssaTimelineRow *row;

  if (self->drag_active)
    {
      move_ik_keys (self);
      return;
    }
  if (!self->press_was_selected || (self->press_state & GDK_SHIFT_MASK))
    return;
  /* A click on a picked key picks it alone. */
  row = _ossa_timeline_view_row_at (self, self->press_y);
  if (row != NULL && row->kind == OSSA_TIMELINE_ROW_IK)
    {
      OssaIkKeyRef key = { row->constraint, self->press_ik_time };

      _ossa_timeline_view_select_ik_keys (self, &key, 1, FALSE);
    }
}
