/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-timeline-view"

#include "config.h"

#include <math.h>

#include "ossa-pointer-input.h"
#include "ossa-timeline-view-private.h"

/* The pointer on the timeline. The primary button scrubs on the ruler (or on the
 * playhead's line), picks bones (slots, constraints) in the names column, picks
 * and drags keys (the IK rows' through ossa-timeline-ik.c), and draws a rubber band elsewhere; the middle button pans; the wheel scrolls, and
 * zooms with Ctrl; over the ruler the time under the pointer is shown. The
 * controllers are ossa-pointer-input's, and they call the same press, motion and
 * release entry points the tests do. */

#define DRAG_THRESHOLD  3.0   /* pixels before a press becomes a drag */
#define WHEEL_ZOOM_STEP 1.15
#define SCROLL_STEP     40.0  /* pixels a wheel step */

static void
scrub_to (OssaTimelineView *self, double x, GdkModifierType state)
{
  double t = MAX (_ossa_timeline_view_x_to_time (self, x), 0);

  if (!(state & GDK_SHIFT_MASK))
    t = _ossa_timeline_view_snap_to_frame (self, t);
  ossa_editor_set_time (self->editor, t);
}

/* The editor's key selection changed from here: the art keys picked here stay
 * unless the caller clears them. */
static void
select_bone_keys (OssaTimelineView *self, GArray *keys, gboolean extend)
{
  self->own_key_selection = TRUE;
  ossa_editor_select_keys (self->editor, (const OssaKeyRef *) (gconstpointer) keys->data,
                           keys->len, extend);
  self->own_key_selection = FALSE;
}

static void
toggle_bone_key (OssaTimelineView *self, const OssaKeyRef *key)
{
  self->own_key_selection = TRUE;
  ossa_editor_toggle_key_selected (self->editor, key);
  self->own_key_selection = FALSE;
}

/* A press on a key of a slot's or the draw order's row: it is picked (all of the
 * row's keys at its time), or added or taken away with Ctrl, added with Shift;
 * dragged, the picked art keys move. */
static gboolean
press_art_key (OssaTimelineView *self, const OssaTimelineRow *row, double x,
               GdkModifierType state)
{
  OssaSlotKeyRef key;
  g_autoptr(GArray) keys = NULL;

  if (!_ossa_timeline_view_slot_key_at (self, row, x, &key))
    return FALSE;
  keys = _ossa_timeline_view_slot_keys_of (self, row, key.time, key.time);
  if (state & GDK_CONTROL_MASK)
    {
      _ossa_timeline_view_toggle_slot_keys (self, keys);
      return TRUE;
    }
  self->press_was_selected = TRUE;
  for (guint i = 0; i < keys->len; i++)
    self->press_was_selected &=
      _ossa_timeline_view_is_slot_key_selected (self, &g_array_index (keys, OssaSlotKeyRef, i));
  self->press_art_time = key.time;
  self->drag = OSSA_TIMELINE_DRAG_ART_KEYS;
  if (!(state & GDK_SHIFT_MASK))
    {
      self->own_key_selection = TRUE;
      ossa_editor_clear_key_selection (self->editor);
      self->own_key_selection = FALSE;
      _ossa_timeline_view_clear_ik_keys (self);
    }
  /* A press on picked keys keeps the others picked, to drag them all. */
  if (!self->press_was_selected)
    _ossa_timeline_view_select_slot_keys (self,
                                          (const OssaSlotKeyRef *) (gconstpointer) keys->data,
                                          keys->len, (state & GDK_SHIFT_MASK) != 0);
  return TRUE;
}

static gboolean
near_playhead (OssaTimelineView *self, double x)
{
  return fabs (x - _ossa_timeline_view_time_to_x (self, ossa_editor_get_time (self->editor)))
         <= 4;
}

void
_ossa_timeline_view_press (OssaTimelineView *self, double x, double y, GdkModifierType state)
{
  gboolean ctrl = (state & GDK_CONTROL_MASK) != 0;
  const OssaTimelineRow *row;

  g_return_if_fail (OSSA_IS_TIMELINE_VIEW (self));
  self->drag = OSSA_TIMELINE_DRAG_NONE;
  self->drag_active = FALSE;
  self->press_x = self->drag_x = x;
  self->press_y = self->drag_y = y;
  self->press_state = state;
  self->move_delta = 0;
  if (self->editor == NULL)
    return;
  _ossa_timeline_view_ensure_rows (self);

  if (x >= OSSA_TIMELINE_NAMES_WIDTH && y < OSSA_TIMELINE_RULER_HEIGHT)
    {
      self->drag = OSSA_TIMELINE_DRAG_SCRUB;
      scrub_to (self, x, state);
      return;
    }
  row = _ossa_timeline_view_row_at (self, y);
  if (x < OSSA_TIMELINE_NAMES_WIDTH)
    {
      self->drag = OSSA_TIMELINE_DRAG_NAMES;
      if (row == NULL || row->kind == OSSA_TIMELINE_ROW_DRAW_ORDER)
        return;
      if (row->kind == OSSA_TIMELINE_ROW_SLOT)
        {
          /* A slot's name picks it, as a click on its picture does. */
          ossa_editor_select_slot (self->editor, (int) row->slot, -1);
          return;
        }
      if (row->kind == OSSA_TIMELINE_ROW_IK)
        {
          /* A constraint's name picks it, as its row in the bone tree does. */
          ossa_editor_select_ik (self->editor, (int) row->constraint);
          return;
        }
      if (_ossa_timeline_view_on_expander (row, x))
        {
          ossa_timeline_view_set_expanded (self, row->bone, !self->expanded[row->bone]);
          return;
        }
      if (ctrl)
        ossa_editor_toggle_selected (self->editor, row->bone);
      else
        ossa_editor_select (self->editor, &row->bone, 1, FALSE);
      return;
    }
  if (row != NULL && (press_art_key (self, row, x, state)
                      || _ossa_timeline_view_press_ik_key (self, row, x, state)))
    return;
  if (row != NULL)
    {
      float time;
      int channel;

      if (_ossa_timeline_view_key_at (self, row, x, &time, &channel))
        {
          g_autoptr(GArray) keys = _ossa_timeline_view_keys_of (self, row, time, time);

          self->press_key.bone = row->bone;
          self->press_key.channel = (OssaChannel) channel;
          self->press_key.time = time;
          self->press_was_selected = _ossa_timeline_view_keys_all_selected (self, keys);
          if (ctrl)
            {
              /* Ctrl+click adds or takes away, and does not drag. */
              if (self->press_was_selected)
                for (guint i = 0; i < keys->len; i++)
                  toggle_bone_key (self, &g_array_index (keys, OssaKeyRef, i));
              else
                select_bone_keys (self, keys, TRUE);
              return;
            }
          /* The art and IK keys picked stay only with Shift (they do not move
           * with a drag). */
          if (!(state & GDK_SHIFT_MASK))
            {
              _ossa_timeline_view_clear_slot_keys (self);
              _ossa_timeline_view_clear_ik_keys (self);
            }
          if (!self->press_was_selected)
            select_bone_keys (self, keys, (state & GDK_SHIFT_MASK) != 0);
          self->drag = OSSA_TIMELINE_DRAG_KEYS;
          return;
        }
    }
  /* The playhead's line can be dragged too, where no key is. */
  if (near_playhead (self, x))
    {
      self->drag = OSSA_TIMELINE_DRAG_SCRUB;
      scrub_to (self, x, state);
      return;
    }
  self->drag = OSSA_TIMELINE_DRAG_BAND;
}

void
_ossa_timeline_view_motion (OssaTimelineView *self, double x, double y, GdkModifierType state)
{
  g_return_if_fail (OSSA_IS_TIMELINE_VIEW (self));
  if (self->drag == OSSA_TIMELINE_DRAG_NONE || self->editor == NULL)
    return;
  self->drag_x = x;
  self->drag_y = y;
  if (!self->drag_active)
    {
      if (self->drag != OSSA_TIMELINE_DRAG_SCRUB && self->drag != OSSA_TIMELINE_DRAG_PAN
          && hypot (x - self->press_x, y - self->press_y) < DRAG_THRESHOLD)
        return;
      self->drag_active = TRUE;
    }
  switch (self->drag)
    {
    case OSSA_TIMELINE_DRAG_SCRUB:
      scrub_to (self, x, state);
      break;
    case OSSA_TIMELINE_DRAG_KEYS:
    case OSSA_TIMELINE_DRAG_ART_KEYS:
    case OSSA_TIMELINE_DRAG_IK_KEYS:
      self->move_delta = (x - self->press_x) / self->pps;
      self->move_snap = self->snap_keys != ((state & GDK_SHIFT_MASK) != 0);
      if (self->move_snap)
        /* Keys on frames stay on frames: the drag moves by whole frames. */
        self->move_delta = _ossa_timeline_view_snap_to_frame (self, self->move_delta);
      _ossa_timeline_view_invalidate (self);
      break;
    case OSSA_TIMELINE_DRAG_BAND:
      /* The band is drawn over the still picture: that stays. */
      gtk_widget_queue_draw (GTK_WIDGET (self));
      break;
    case OSSA_TIMELINE_DRAG_PAN:
      gtk_adjustment_set_value (self->hadj, self->pan_value - (x - self->press_x) / self->pps);
      break;
    case OSSA_TIMELINE_DRAG_NAMES:
    case OSSA_TIMELINE_DRAG_NONE:
    default:
      break;
    }
}

/* The keys the band covers become the selection, or are added to it with Ctrl or
 * Shift. */
static void
select_band (OssaTimelineView *self, GdkModifierType state)
{
  g_autoptr(GArray) keys = _ossa_timeline_view_keys_in_rect (self, self->press_x, self->press_y,
                                                             self->drag_x, self->drag_y);
  g_autoptr(GArray) art = _ossa_timeline_view_slot_keys_in_rect (self, self->press_x,
                                                                 self->press_y, self->drag_x,
                                                                 self->drag_y);
  g_autoptr(GArray) ik = _ossa_timeline_view_ik_keys_in_rect (self, self->press_x, self->press_y,
                                                              self->drag_x, self->drag_y);
  gboolean extend = (state & (GDK_CONTROL_MASK | GDK_SHIFT_MASK)) != 0;

  select_bone_keys (self, keys, extend);
  _ossa_timeline_view_select_slot_keys (self, (const OssaSlotKeyRef *) (gconstpointer) art->data,
                                        art->len, extend);
  _ossa_timeline_view_select_ik_keys (self, (const OssaIkKeyRef *) (gconstpointer) ik->data,
                                      ik->len, extend);
}

void
_ossa_timeline_view_release (OssaTimelineView *self, double x, double y, GdkModifierType state)
{
  g_autoptr(GError) error = NULL;
  OssaTimelineDrag drag = self->drag;

  g_return_if_fail (OSSA_IS_TIMELINE_VIEW (self));
  if (drag != OSSA_TIMELINE_DRAG_NONE)
    _ossa_timeline_view_motion (self, x, y, state);
  self->drag = OSSA_TIMELINE_DRAG_NONE;
  if (self->editor == NULL)
    return;
  switch (drag)
    {
    case OSSA_TIMELINE_DRAG_KEYS:
      if (self->drag_active)
        {
          double delta = self->move_delta;

          self->move_delta = 0;
          if (!ossa_editor_move_selected_keys (self->editor, delta, self->move_snap, &error))
            _ossa_timeline_view_report (self, error);
        }
      else if (self->press_was_selected && !(self->press_state & GDK_SHIFT_MASK))
        {
          /* A click on a selected key picks it alone. */
          const OssaTimelineRow *row = _ossa_timeline_view_row_at (self, self->press_y);

          if (row != NULL)
            {
              g_autoptr(GArray) keys = _ossa_timeline_view_keys_of (self, row,
                                                                    self->press_key.time,
                                                                    self->press_key.time);

              select_bone_keys (self, keys, FALSE);
            }
        }
      _ossa_timeline_view_invalidate (self);
      break;
    case OSSA_TIMELINE_DRAG_ART_KEYS:
      if (self->drag_active)
        _ossa_timeline_view_move_slot_keys (self);
      else if (self->press_was_selected && !(self->press_state & GDK_SHIFT_MASK))
        {
          /* A click on picked keys picks them alone. */
          const OssaTimelineRow *row = _ossa_timeline_view_row_at (self, self->press_y);

          if (row != NULL)
            {
              g_autoptr(GArray) keys = _ossa_timeline_view_slot_keys_of (self, row,
                                                                         self->press_art_time,
                                                                         self->press_art_time);

              _ossa_timeline_view_select_slot_keys (self,
                                                    (const OssaSlotKeyRef *) (gconstpointer)
                                                      keys->data,
                                                    keys->len, FALSE);
            }
        }
      _ossa_timeline_view_invalidate (self);
      break;
    case OSSA_TIMELINE_DRAG_IK_KEYS:
      _ossa_timeline_view_release_ik_keys (self);
      _ossa_timeline_view_invalidate (self);
      break;
    case OSSA_TIMELINE_DRAG_BAND:
      if (self->drag_active)
        select_band (self, self->press_state);
      else if (!(self->press_state & (GDK_CONTROL_MASK | GDK_SHIFT_MASK)))
        {
          ossa_editor_clear_key_selection (self->editor);
          _ossa_timeline_view_clear_slot_keys (self);
          _ossa_timeline_view_clear_ik_keys (self);
        }
      break;
    case OSSA_TIMELINE_DRAG_SCRUB:
    case OSSA_TIMELINE_DRAG_PAN:
    case OSSA_TIMELINE_DRAG_NAMES:
    case OSSA_TIMELINE_DRAG_NONE:
    default:
      break;
    }
  self->drag_active = FALSE;
  _ossa_timeline_view_redraw (self);
}

/* ---- the controllers ---- */

static void
drag_begin (GtkWidget *widget, double x, double y, GdkModifierType state)
{
  gtk_widget_grab_focus (widget);
  _ossa_timeline_view_press (OSSA_TIMELINE_VIEW (widget), x, y, state);
}

static void
drag_update (GtkWidget *widget, double x, double y, GdkModifierType state)
{
  _ossa_timeline_view_motion (OSSA_TIMELINE_VIEW (widget), x, y, state);
}

static void
drag_end (GtkWidget *widget, double x, double y, GdkModifierType state)
{
  _ossa_timeline_view_release (OSSA_TIMELINE_VIEW (widget), x, y, state);
}

static void
pan_begin (GtkWidget *widget)
{
  OssaTimelineView *self = OSSA_TIMELINE_VIEW (widget);

  self->drag = OSSA_TIMELINE_DRAG_PAN;
  self->drag_active = TRUE;
  /* Where the button went down: the pointer was last seen there. */
  ossa_pointer_input_get_position (widget, &self->press_x, &self->press_y);
  self->pan_value = gtk_adjustment_get_value (self->hadj);
  self->pan_vvalue = gtk_adjustment_get_value (self->vadj);
  self->pan_dx = self->pan_dy = 0;
}

/* Counted from where the pan began rather than step by step, so that dragged past
 * a scrollbar's end and back the view waits until the pointer is back. */
static void
pan_update (GtkWidget *widget, double dx, double dy)
{
  OssaTimelineView *self = OSSA_TIMELINE_VIEW (widget);

  self->pan_dx += dx;
  self->pan_dy += dy;
  gtk_adjustment_set_value (self->hadj, self->pan_value - self->pan_dx / self->pps);
  gtk_adjustment_set_value (self->vadj, self->pan_vvalue - self->pan_dy);
}

static void
pan_end (GtkWidget *widget)
{
  OssaTimelineView *self = OSSA_TIMELINE_VIEW (widget);

  self->drag = OSSA_TIMELINE_DRAG_NONE;
  self->drag_active = FALSE;
}

static gboolean
scroll (GtkWidget *widget, double dx, double dy, GdkModifierType state)
{
  OssaTimelineView *self = OSSA_TIMELINE_VIEW (widget);

  if (state & GDK_CONTROL_MASK)
    ossa_timeline_view_zoom_at (self, self->hover_x, pow (WHEEL_ZOOM_STEP, -dy));
  else if ((state & GDK_SHIFT_MASK) || dx != 0)
    gtk_adjustment_set_value (self->hadj, gtk_adjustment_get_value (self->hadj)
                                            + (dx != 0 ? dx : dy) * SCROLL_STEP / self->pps);
  else
    gtk_adjustment_set_value (self->vadj, gtk_adjustment_get_value (self->vadj)
                                            + dy * SCROLL_STEP);
  return TRUE;
}

/* Over the ruler the time under the pointer is drawn: the view is drawn again as
 * the pointer moves there, and once more as it leaves. */
static void
hover (GtkWidget *widget)
{
  OssaTimelineView *self = OSSA_TIMELINE_VIEW (widget);
  double x, y;
  gboolean inside = ossa_pointer_input_get_position (widget, &x, &y);
  gboolean ruler = inside && x >= OSSA_TIMELINE_NAMES_WIDTH && y < OSSA_TIMELINE_RULER_HEIGHT;

  if (ruler || self->hover_ruler)
    gtk_widget_queue_draw (widget);
  self->hover_ruler = ruler;
  self->hover_x = x;
}

static void
on_double_click (GtkGestureClick *gesture, int n_press, double x, double y,
                 OssaTimelineView *self)
{
  const OssaTimelineRow *row;
  OssaSlotKeyRef art;
  float time;
  int channel;

  if (n_press != 2 || self->editor == NULL)
    return;
  row = _ossa_timeline_view_row_at (self, y);
  if (row == NULL)
    return;
  if (x >= OSSA_TIMELINE_NAMES_WIDTH && _ossa_timeline_view_slot_key_at (self, row, x, &art))
    ossa_editor_set_time (self->editor, art.time);
  else if (x >= OSSA_TIMELINE_NAMES_WIDTH && _ossa_timeline_view_ik_key_at (self, row, x, &time))
    ossa_editor_set_time (self->editor, time);
  else if (x < OSSA_TIMELINE_NAMES_WIDTH && row->kind == OSSA_TIMELINE_ROW_BONE)
    ossa_timeline_view_set_expanded (self, row->bone, !self->expanded[row->bone]);
  else if (x >= OSSA_TIMELINE_NAMES_WIDTH
           && _ossa_timeline_view_key_at (self, row, x, &time, &channel))
    /* A double-click on a key brings the playhead to it. */
    ossa_editor_set_time (self->editor, time);
}

static const OssaPointerHandlers pointer_handlers = {
  .drag_begin = drag_begin,
  .drag_update = drag_update,
  .drag_end = drag_end,
  .pan_begin = pan_begin,
  .pan_update = pan_update,
  .pan_end = pan_end,
  .scroll = scroll,
  .hover = hover,
};

void
_ossa_timeline_view_init_input (OssaTimelineView *self)
{
  GtkGesture *gesture;

  ossa_pointer_input_attach (GTK_WIDGET (self), &pointer_handlers,
                             GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);

  /* After the primary drag, as it always was: the second press of a double-click
   * is handled as a press first. */
  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect (gesture, "pressed", G_CALLBACK (on_double_click), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));
}
