/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-timeline-view"

#include "config.h"

#include <math.h>

#include "ossa-timeline-view-private.h"

/* The IK constraints' rows: which key is under a point, which keys a row or a
 * rubber band holds, the IK keys picked on the timeline (the view's own, as the
 * art keys are: the editor's key selection holds bone keys only), and a press,
 * drag or click on them. A constraint's key holds its mix and, when keyed, its
 * bend at one time: the row shows one key per time. Delete removes them with
 * the other picked keys (_ossa_timeline_view_delete_keys()). */

gsize
_ossa_timeline_view_ik_first_key (const OssaIkTrack *track, double t)
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
  for (gsize k = _ossa_timeline_view_ik_first_key (track, t0);
       k < track->n_keys && track->times[k] <= t1; k++)
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
  for (gsize k = _ossa_timeline_view_ik_first_key (track, t - tolerance);
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
  if (self->editor == NULL || ossa_editor_get_document (self->editor)->n_ik == 0)
    return g_array_new (FALSE, FALSE, sizeof (OssaIkKeyRef));
  return _ossa_timeline_view_keys_in_band (self, x0, y0, x1, y1, sizeof (OssaIkKeyRef),
                                           _ossa_timeline_view_ik_keys_of);
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
  return _ossa_key_set_find (self->ik_selection, key, ossa_ik_key_ref_compare) != NULL;
}

void
_ossa_timeline_view_select_ik_keys (OssaTimelineView *self, const OssaIkKeyRef *keys,
                                    gsize n_keys, gboolean extend)
{
  if (!extend)
    _ossa_key_set_clear (self->ik_selection);
  _ossa_key_set_insert (self->ik_selection, keys, (guint) n_keys, ossa_ik_key_ref_compare);
  _ossa_timeline_view_invalidate (self);
}

void
_ossa_timeline_view_clear_ik_keys (OssaTimelineView *self)
{
  if (_ossa_key_set_clear (self->ik_selection))
    _ossa_timeline_view_invalidate (self);
}

static gboolean
ik_key_exists (gconstpointer key, gpointer user_data)
{
  const OssaIkKeyRef *ref = key;
  OssaTimelineView *self = user_data;
  const OssaIkTrack *track = self->editor != NULL
                               ? ossa_editor_get_ik_track (self->editor, ref->constraint)
                               : NULL;

  return track != NULL && ossa_ik_track_find_key (track, ref->time) >= 0;
}

void
_ossa_timeline_view_prune_ik_keys (OssaTimelineView *self)
{
  if (_ossa_key_set_keep (self->ik_selection, ik_key_exists, self))
    _ossa_timeline_view_invalidate (self);
}

float
_ossa_timeline_view_ik_key_time (OssaTimelineView *self, const OssaIkKeyRef *key)
{
  if (self->drag != OSSA_TIMELINE_DRAG_IK_KEYS || !self->drag_active
      || !_ossa_timeline_view_is_ik_key_selected (self, key))
    return key->time;
  return _ossa_timeline_view_dragged_time (self, key->time);
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
      if (_ossa_key_set_remove (self->ik_selection, &key, ossa_ik_key_ref_compare))
        _ossa_timeline_view_invalidate (self);
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
