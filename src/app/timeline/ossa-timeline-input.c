/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-timeline-view"

#include "config.h"

#include <math.h>

#include "ossa-timeline-view-private.h"

/* The pointer on the timeline. The primary button scrubs on the ruler (or on the
 * playhead's line), picks bones in the names column, picks and drags keys, and
 * draws a rubber band elsewhere; the middle button pans; the wheel scrolls, and
 * zooms with Ctrl; over the ruler the time under the pointer is shown. The
 * controllers call the same press, motion and release entry points the tests
 * do. */

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
      if (row == NULL)
        return;
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
                  ossa_editor_toggle_key_selected (self->editor,
                                                   &g_array_index (keys, OssaKeyRef, i));
              else
                ossa_editor_select_keys (self->editor,
                                         (const OssaKeyRef *) (gconstpointer) keys->data,
                                         keys->len, TRUE);
              return;
            }
          if (!self->press_was_selected)
            ossa_editor_select_keys (self->editor,
                                     (const OssaKeyRef *) (gconstpointer) keys->data,
                                     keys->len, (state & GDK_SHIFT_MASK) != 0);
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
      self->move_delta = (x - self->press_x) / self->pps;
      self->move_snap = !(state & GDK_SHIFT_MASK);
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
  gboolean extend = (state & (GDK_CONTROL_MASK | GDK_SHIFT_MASK)) != 0;

  ossa_editor_select_keys (self->editor, (const OssaKeyRef *) (gconstpointer) keys->data,
                           keys->len, extend);
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

              ossa_editor_select_keys (self->editor,
                                       (const OssaKeyRef *) (gconstpointer) keys->data,
                                       keys->len, FALSE);
            }
        }
      _ossa_timeline_view_invalidate (self);
      break;
    case OSSA_TIMELINE_DRAG_BAND:
      if (self->drag_active)
        select_band (self, self->press_state);
      else if (!(self->press_state & (GDK_CONTROL_MASK | GDK_SHIFT_MASK)))
        ossa_editor_clear_key_selection (self->editor);
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

static GdkModifierType
current_state (GtkGesture *gesture)
{
  return gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
}

static void
on_drag_begin (GtkGestureDrag *gesture, double x, double y, OssaTimelineView *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  _ossa_timeline_view_press (self, x, y, current_state (GTK_GESTURE (gesture)));
}

static void
on_drag_update (GtkGestureDrag *gesture, double dx, double dy, OssaTimelineView *self)
{
  double x, y;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  _ossa_timeline_view_motion (self, x + dx, y + dy, current_state (GTK_GESTURE (gesture)));
}

static void
on_drag_end (GtkGestureDrag *gesture, double dx, double dy, OssaTimelineView *self)
{
  double x, y;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  _ossa_timeline_view_release (self, x + dx, y + dy, current_state (GTK_GESTURE (gesture)));
}

static void
on_pan_begin (GtkGestureDrag *gesture, double x, double y, OssaTimelineView *self)
{
  self->drag = OSSA_TIMELINE_DRAG_PAN;
  self->drag_active = TRUE;
  self->press_x = x;
  self->press_y = y;
  self->pan_value = gtk_adjustment_get_value (self->hadj);
  self->pan_vvalue = gtk_adjustment_get_value (self->vadj);
}

static void
on_pan_update (GtkGestureDrag *gesture, double dx, double dy, OssaTimelineView *self)
{
  gtk_adjustment_set_value (self->hadj, self->pan_value - dx / self->pps);
  gtk_adjustment_set_value (self->vadj, self->pan_vvalue - dy);
}

static void
on_pan_end (GtkGestureDrag *gesture, double dx, double dy, OssaTimelineView *self)
{
  self->drag = OSSA_TIMELINE_DRAG_NONE;
  self->drag_active = FALSE;
}

static void
on_double_click (GtkGestureClick *gesture, int n_press, double x, double y,
                 OssaTimelineView *self)
{
  const OssaTimelineRow *row;
  float time;
  int channel;

  if (n_press != 2 || self->editor == NULL)
    return;
  row = _ossa_timeline_view_row_at (self, y);
  if (row == NULL)
    return;
  if (x < OSSA_TIMELINE_NAMES_WIDTH && row->channel < 0)
    ossa_timeline_view_set_expanded (self, row->bone, !self->expanded[row->bone]);
  else if (x >= OSSA_TIMELINE_NAMES_WIDTH
           && _ossa_timeline_view_key_at (self, row, x, &time, &channel))
    /* A double-click on a key brings the playhead to it. */
    ossa_editor_set_time (self->editor, time);
}

static gboolean
on_scroll (GtkEventControllerScroll *controller, double dx, double dy, OssaTimelineView *self)
{
  GtkEventController *event_controller = GTK_EVENT_CONTROLLER (controller);
  GdkModifierType state = gtk_event_controller_get_current_event_state (event_controller);

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

static void
on_motion (GtkEventControllerMotion *controller, double x, double y, OssaTimelineView *self)
{
  gboolean ruler = x >= OSSA_TIMELINE_NAMES_WIDTH && y < OSSA_TIMELINE_RULER_HEIGHT;

  if (ruler || self->hover_ruler)
    gtk_widget_queue_draw (GTK_WIDGET (self));
  self->hover_ruler = ruler;
  self->hover_x = x;
}

static void
on_leave (GtkEventControllerMotion *controller, OssaTimelineView *self)
{
  if (self->hover_ruler)
    gtk_widget_queue_draw (GTK_WIDGET (self));
  self->hover_ruler = FALSE;
}

void
_ossa_timeline_view_init_input (OssaTimelineView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkGesture *gesture;
  GtkEventController *controller;

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect (gesture, "pressed", G_CALLBACK (on_double_click), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_MIDDLE);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_pan_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_pan_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_pan_end), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (controller, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (widget, controller);
}
