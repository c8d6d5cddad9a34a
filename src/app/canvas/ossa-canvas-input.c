/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-canvas"

#include "config.h"

#include <math.h>

#include "ossa-canvas-private.h"

/* The canvas's input: the shared pointer controllers (ossa-pointer-input.h) wired
 * to the drags of ossa-canvas-tools.c, the middle-button pan, the wheel's zoom and
 * the hover highlight, and the canvas's own key controller for Space (and Escape,
 * which takes back an IK drag while the button is down). */

#define WHEEL_STEP 1.15

static void
on_drag_begin (GtkWidget *widget, double x, double y, GdkModifierType state)
{
  gtk_widget_grab_focus (widget);
  _ossa_canvas_drag_begin (OSSA_CANVAS (widget), x, y, state);
}

static void
on_drag_update (GtkWidget *widget, double x, double y, GdkModifierType state)
{
  _ossa_canvas_drag_update (OSSA_CANVAS (widget), x, y, state);
}

static void
on_drag_end (GtkWidget *widget, double x, double y, GdkModifierType state)
{
  _ossa_canvas_drag_end (OSSA_CANVAS (widget), x, y, state);
}

static void
on_pan_begin (GtkWidget *widget)
{
  gtk_widget_set_cursor_from_name (widget, "grabbing");
}

static void
on_pan_update (GtkWidget *widget, double dx, double dy)
{
  _ossa_canvas_pan_by (OSSA_CANVAS (widget), dx, dy);
}

static void
on_pan_end (GtkWidget *widget)
{
  _ossa_canvas_update_cursor (OSSA_CANVAS (widget));
}

static gboolean
on_scroll (GtkWidget *widget, double x, double y, double dx, double dy, GdkModifierType state)
{
  _ossa_canvas_scroll (OSSA_CANVAS (widget), x, y, dy);
  return TRUE;
}

static void
update_hover (OssaCanvas *self)
{
  gssize hover = -1;
  double x = 0, y = 0;
  gboolean inside = ossa_pointer_input_get_position (GTK_WIDGET (self), &x, &y);

  if (inside && self->drag == DRAG_NONE && self->editor != NULL && self->show_bones)
    {
      _ossa_canvas_ensure_instances (self);
      hover = ossa_scene_hit_test (self->instances, self->n_instances, &self->camera, x, y).bone;
    }
  if (hover != self->hover)
    {
      self->hover = hover;
      _ossa_canvas_invalidate (self);
    }
  /* Off the bones, the attachment under the pointer is outlined. */
  _ossa_canvas_art_hover (self, inside, x, y);
}

/* The pointer moved over the canvas, entered or left it. */
static void
on_hover (GtkWidget *widget)
{
  OssaCanvas *self = OSSA_CANVAS (widget);

  _ossa_canvas_update_pointer (self);
  update_hover (self);
}

static const OssaPointerHandlers pointer_handlers = {
  .drag_begin = on_drag_begin,
  .drag_update = on_drag_update,
  .drag_end = on_drag_end,
  .pan_begin = on_pan_begin,
  .pan_update = on_pan_update,
  .pan_end = on_pan_end,
  .scroll_at = on_scroll,
  .hover = on_hover,
};

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
  if (keyval == GDK_KEY_Escape)
    return _ossa_canvas_cancel_ik_drag (self);
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
  GtkEventController *controller;

  _ossa_canvas_art_init (self);
  ossa_pointer_input_attach (widget, &pointer_handlers, GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);

  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (on_key_pressed), self);
  g_signal_connect (controller, "key-released", G_CALLBACK (on_key_released), self);
  gtk_widget_add_controller (widget, controller);
}
