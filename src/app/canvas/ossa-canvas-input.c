/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-canvas"

#include "config.h"

#include <math.h>

#include "ossa-canvas-private.h"

/* The canvas's input: the primary-button drag wired to ossa-canvas-tools.c, the
 * middle-button pan, the wheel's zoom, the hover highlight and Space. */

#define WHEEL_STEP 1.15

static GdkModifierType
current_state (GtkGesture *gesture)
{
  return gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
}

static void
on_drag_begin (GtkGestureDrag *gesture, double x, double y, OssaCanvas *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  _ossa_canvas_drag_begin (self, x, y, current_state (GTK_GESTURE (gesture)));
}

static void
on_drag_update (GtkGestureDrag *gesture, double dx, double dy, OssaCanvas *self)
{
  double x, y;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  _ossa_canvas_drag_update (self, x + dx, y + dy, current_state (GTK_GESTURE (gesture)));
}

static void
on_drag_end (GtkGestureDrag *gesture, double dx, double dy, OssaCanvas *self)
{
  double x, y;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  _ossa_canvas_drag_end (self, x + dx, y + dy, current_state (GTK_GESTURE (gesture)));
}

static void
on_pan_begin (GtkGestureDrag *gesture, double x, double y, OssaCanvas *self)
{
  self->pan_last_x = 0;
  self->pan_last_y = 0;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
}

static void
on_pan_update (GtkGestureDrag *gesture, double dx, double dy, OssaCanvas *self)
{
  _ossa_canvas_pan_by (self, dx - self->pan_last_x, dy - self->pan_last_y);
  self->pan_last_x = dx;
  self->pan_last_y = dy;
}

static void
on_pan_end (GtkGestureDrag *gesture, double dx, double dy, OssaCanvas *self)
{
  _ossa_canvas_update_cursor (self);
}

static gboolean
on_scroll (GtkEventControllerScroll *controller, double dx, double dy, OssaCanvas *self)
{
  GdkEvent *event = gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (controller));
  double x = self->pointer_px, y = self->pointer_py;

  if (event != NULL && !gdk_event_get_position (event, &x, &y))
    {
      x = self->pointer_px;
      y = self->pointer_py;
    }
  _ossa_canvas_scroll (self, x, y, dy);
  return TRUE;
}

static void
update_hover (OssaCanvas *self)
{
  gssize hover = -1;

  if (self->pointer_inside && self->drag == DRAG_NONE && self->editor != NULL)
    {
      _ossa_canvas_ensure_instances (self);
      hover = ossa_scene_hit_test (self->instances, self->n_instances, &self->camera,
                                   self->pointer_px, self->pointer_py).bone;
    }
  if (hover != self->hover)
    {
      self->hover = hover;
      _ossa_canvas_invalidate (self);
    }
}

static void
on_motion (GtkEventControllerMotion *controller, double x, double y, OssaCanvas *self)
{
  _ossa_canvas_set_pointer (self, x, y, TRUE);
  update_hover (self);
}

static void
on_leave (GtkEventControllerMotion *controller, OssaCanvas *self)
{
  _ossa_canvas_set_pointer (self, self->pointer_px, self->pointer_py, FALSE);
  update_hover (self);
}

void
_ossa_canvas_scroll (OssaCanvas *self, double x, double y, double dy)
{
  g_return_if_fail (OSSA_IS_CANVAS (self));
  _ossa_canvas_zoom_at (self, x, y, self->camera.zoom * pow (WHEEL_STEP, -dy));
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode,
                GdkModifierType state, OssaCanvas *self)
{
  if (keyval != GDK_KEY_space)
    return FALSE;
  if (!self->space_held)
    {
      self->space_held = TRUE;
      self->space_panned = FALSE;
      _ossa_canvas_update_cursor (self);
    }
  return TRUE;
}

static void
on_key_released (GtkEventControllerKey *controller, guint keyval, guint keycode,
                 GdkModifierType state, OssaCanvas *self)
{
  if (keyval != GDK_KEY_space)
    return;
  /* Space held while dragging pans; tapped, it plays or pauses like elsewhere. */
  if (self->space_held && !self->space_panned)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.play", NULL);
  self->space_held = FALSE;
  _ossa_canvas_update_cursor (self);
}

void
_ossa_canvas_init_input (OssaCanvas *self)
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

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_MIDDLE);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_pan_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_pan_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_pan_end), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect (controller, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (on_key_pressed), self);
  g_signal_connect (controller, "key-released", G_CALLBACK (on_key_released), self);
  gtk_widget_add_controller (widget, controller);
}
