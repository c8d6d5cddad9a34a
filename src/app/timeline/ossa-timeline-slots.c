/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-timeline-view"

#include "config.h"

#include <math.h>

#include "ossa-timeline-view-private.h"

/* The art's rows: which slot or draw-order key is under a point, which keys a row
 * or a rubber band holds, and the art keys picked on the timeline. The editor's
 * key selection holds bone keys only, so the view keeps the art keys' own (sorted
 * by slot, channel and time; the draw order's, slot -1, first); Delete removes
 * both kinds as one undo step. */

static gboolean
is_art_row (const OssaTimelineRow *row)
{
  return row->kind == OSSA_TIMELINE_ROW_SLOT || row->kind == OSSA_TIMELINE_ROW_DRAW_ORDER;
}

/* Calls each key of an art row from t0 to t1, in time order per channel. */
typedef void (*KeyFunc) (const OssaSlotKeyRef *key, gpointer data);

static void
foreach_key (OssaTimelineView *self, const OssaTimelineRow *row, double t0, double t1,
             KeyFunc func, gpointer data)
{
  if (row->kind == OSSA_TIMELINE_ROW_DRAW_ORDER)
    {
      const OssaAnimation *anim = _ossa_timeline_view_get_animation (self);
      ssize_t k;

      if (anim == NULL)
        return;
      k = MAX (ossa_draw_order_key_before (anim->draw_order, anim->n_draw_order, (float) t0), 0);
      for (; (gsize) k < anim->n_draw_order && anim->draw_order[k].time <= t1; k++)
        if (anim->draw_order[k].time >= t0)
          {
            OssaSlotKeyRef ref = { -1, OSSA_SLOT_CHANNEL_ATTACHMENT, anim->draw_order[k].time };

            func (&ref, data);
          }
      return;
    }
  if (row->kind != OSSA_TIMELINE_ROW_SLOT)
    return;
  for (int c = 0; c < OSSA_N_SLOT_CHANNELS; c++)
    {
      const OssaSlotTrack *track = _ossa_timeline_view_slot_track_of (self, row->slot,
                                                                      (OssaSlotChannel) c);
      ssize_t k;

      if (track == NULL)
        continue;
      k = MAX (ossa_slot_track_key_before (track, (float) t0), 0);
      for (; (gsize) k < track->n_keys && track->times[k] <= t1; k++)
        if (track->times[k] >= t0)
          {
            OssaSlotKeyRef ref = { (int) row->slot, (OssaSlotChannel) c, track->times[k] };

            func (&ref, data);
          }
    }
}

static void
append_key (const OssaSlotKeyRef *key, gpointer data)
{
  g_array_append_val ((GArray *) data, *key);
}

GArray *
_ossa_timeline_view_slot_keys_of (OssaTimelineView *self, const OssaTimelineRow *row, double t0,
                                  double t1)
{
  GArray *keys = g_array_new (FALSE, FALSE, sizeof (OssaSlotKeyRef));

  foreach_key (self, row, t0, t1, append_key, keys);
  return keys;
}

typedef struct
{
  double         t;
  double         best;
  OssaSlotKeyRef key;
} Nearest;

static void
nearer (const OssaSlotKeyRef *key, gpointer data)
{
  Nearest *n = data;
  double d = fabs (key->time - n->t);

  if (d < n->best)
    {
      n->best = d;
      n->key = *key;
    }
}

gboolean
_ossa_timeline_view_slot_key_at (OssaTimelineView *self, const OssaTimelineRow *row, double x,
                                 OssaSlotKeyRef *key)
{
  double radius = row->kind == OSSA_TIMELINE_ROW_DRAW_ORDER ? OSSA_TIMELINE_KEY_RADIUS_BONE
                                                             : OSSA_TIMELINE_KEY_RADIUS_CHANNEL;
  double tolerance = (radius + 2) / self->pps;
  Nearest n = { _ossa_timeline_view_x_to_time (self, x), INFINITY, { 0 } };

  if (!is_art_row (row))
    return FALSE;
  foreach_key (self, row, n.t - tolerance, n.t + tolerance, nearer, &n);
  if (!isfinite (n.best))
    return FALSE;
  *key = n.key;
  return TRUE;
}

GArray *
_ossa_timeline_view_slot_keys_in_rect (OssaTimelineView *self, double x0, double y0, double x1,
                                       double y1)
{
  if (self->editor == NULL || ossa_editor_get_document (self->editor)->n_slots == 0)
    return g_array_new (FALSE, FALSE, sizeof (OssaSlotKeyRef));
  return _ossa_timeline_view_keys_in_band (self, x0, y0, x1, y1, sizeof (OssaSlotKeyRef),
                                           _ossa_timeline_view_slot_keys_of);
}

/* ---- the picked art keys ---- */

const OssaSlotKeyRef *
_ossa_timeline_view_get_selected_slot_keys (OssaTimelineView *self, gsize *n_keys)
{
  g_return_val_if_fail (OSSA_IS_TIMELINE_VIEW (self), NULL);
  *n_keys = self->slot_selection->len;
  return (const OssaSlotKeyRef *) (gconstpointer) self->slot_selection->data;
}

gboolean
_ossa_timeline_view_is_slot_key_selected (OssaTimelineView *self, const OssaSlotKeyRef *key)
{
  return _ossa_key_set_find (self->slot_selection, key, ossa_slot_key_ref_compare) != NULL;
}

void
_ossa_timeline_view_select_slot_keys (OssaTimelineView *self, const OssaSlotKeyRef *keys,
                                      gsize n_keys, gboolean extend)
{
  if (!extend)
    _ossa_key_set_clear (self->slot_selection);
  _ossa_key_set_insert (self->slot_selection, keys, (guint) n_keys, ossa_slot_key_ref_compare);
  _ossa_timeline_view_invalidate (self);
}

/* Ctrl+click: the keys go when all of them were picked, else they come in. */
void
_ossa_timeline_view_toggle_slot_keys (OssaTimelineView *self, GArray *keys)
{
  gboolean all = keys->len > 0;

  for (guint i = 0; all && i < keys->len; i++)
    all = _ossa_timeline_view_is_slot_key_selected (self,
                                                    &g_array_index (keys, OssaSlotKeyRef, i));
  if (!all)
    {
      _ossa_timeline_view_select_slot_keys (self, (const OssaSlotKeyRef *) (gconstpointer)
                                                    keys->data, keys->len, TRUE);
      return;
    }
  for (guint i = 0; i < keys->len; i++)
    _ossa_key_set_remove (self->slot_selection, &g_array_index (keys, OssaSlotKeyRef, i),
                          ossa_slot_key_ref_compare);
  _ossa_timeline_view_invalidate (self);
}

float
_ossa_timeline_view_art_key_time (OssaTimelineView *self, const OssaSlotKeyRef *key)
{
  if (self->drag != OSSA_TIMELINE_DRAG_ART_KEYS || !self->drag_active
      || !_ossa_timeline_view_is_slot_key_selected (self, key))
    return key->time;
  return _ossa_timeline_view_dragged_time (self, key->time);
}

void
_ossa_timeline_view_move_slot_keys (OssaTimelineView *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) keys = g_array_copy (self->slot_selection);
  double delta = self->move_delta;

  self->move_delta = 0;
  if (keys->len == 0)
    return;
  if (!ossa_editor_move_slot_keys (self->editor, (OssaSlotKeyRef *) (gpointer) keys->data,
                                   keys->len, delta, self->move_snap, &error))
    {
      _ossa_timeline_view_report (self, error);
      _ossa_timeline_view_invalidate (self);
      return;
    }
  /* The picked keys follow. */
  _ossa_timeline_view_select_slot_keys (self, (const OssaSlotKeyRef *) (gconstpointer) keys->data,
                                        keys->len, FALSE);
}

void
_ossa_timeline_view_clear_slot_keys (OssaTimelineView *self)
{
  if (_ossa_key_set_clear (self->slot_selection))
    _ossa_timeline_view_invalidate (self);
}

static gboolean
key_exists (gconstpointer ref, gpointer user_data)
{
  const OssaSlotKeyRef *key = ref;
  OssaTimelineView *self = user_data;
  const OssaAnimation *anim = _ossa_timeline_view_get_animation (self);

  if (anim == NULL)
    return FALSE;
  if (key->slot < 0)
    {
      ssize_t k = ossa_draw_order_key_before (anim->draw_order, anim->n_draw_order, key->time);

      return k >= 0 && anim->draw_order[k].time == key->time;
    }
  {
    const OssaSlotTrack *track = _ossa_timeline_view_slot_track_of (self, (guint) key->slot,
                                                                    key->channel);

    return track != NULL && ossa_slot_track_find_key (track, key->time) >= 0;
  }
}

void
_ossa_timeline_view_prune_slot_keys (OssaTimelineView *self)
{
  if (_ossa_key_set_keep (self->slot_selection, key_exists, self))
    _ossa_timeline_view_invalidate (self);
}

gboolean
_ossa_timeline_view_delete_keys (OssaTimelineView *self, GError **error)
{
  g_autoptr(GArray) art = NULL;
  g_autoptr(GArray) ik = NULL;
  gboolean ok;

  if (self->editor == NULL)
    return TRUE;
  /* Copies: the edit's change prunes the selections as it goes. */
  art = g_array_copy (self->slot_selection);
  ik = g_array_copy (self->ik_selection);
  ok = ossa_editor_delete_timeline_keys (self->editor, TRUE,
                                         (const OssaSlotKeyRef *) (gconstpointer) art->data,
                                         art->len,
                                         (const OssaIkKeyRef *) (gconstpointer) ik->data,
                                         ik->len, error);
  if (ok)
    {
      _ossa_timeline_view_clear_slot_keys (self);
      _ossa_timeline_view_clear_ik_keys (self);
    }
  return ok;
}
