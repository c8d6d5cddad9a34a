/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-pointer-input"

#include "config.h"

#include "ossa-pointer-input.h"

/* What ossa_pointer_input_attach() keeps on the widget (as object data). */
typedef struct
{
  const OssaPointerHandlers *handlers;
  double                     start_x, start_y;   /* where the primary drag began */
  double                     pan_x, pan_y;       /* the pan's last offset */
  double                     x, y;               /* the pointer, last seen */
  gboolean                   inside;
} PointerInput;

static GQuark
pointer_input_quark (void)
{
  static GQuark quark;

  if (quark == 0)
    quark = g_quark_from_static_string ("ossa-pointer-input");
  return quark;
}

static PointerInput *
get_input (GtkEventController *controller)
{
  GtkWidget *widget = gtk_event_controller_get_widget (controller);

  return g_object_get_qdata (G_OBJECT (widget), pointer_input_quark ());
}

static GdkModifierType
current_state (GtkEventController *controller)
{
  return gtk_event_controller_get_current_event_state (controller);
}

static void
drag_begin_cb (GtkGestureDrag *gesture, double x, double y, gpointer unused)
{
  GtkEventController *controller = GTK_EVENT_CONTROLLER (gesture);
  PointerInput *input = get_input (controller);

  input->start_x = x;
  input->start_y = y;
  input->handlers->drag_begin (gtk_event_controller_get_widget (controller), x, y,
                               current_state (controller));
}

static void
drag_update_cb (GtkGestureDrag *gesture, double dx, double dy, gpointer unused)
{
  GtkEventController *controller = GTK_EVENT_CONTROLLER (gesture);
  PointerInput *input = get_input (controller);

  if (input->handlers->drag_update != NULL)
    input->handlers->drag_update (gtk_event_controller_get_widget (controller),
                                  input->start_x + dx, input->start_y + dy,
                                  current_state (controller));
}

static void
drag_end_cb (GtkGestureDrag *gesture, double dx, double dy, gpointer unused)
{
  GtkEventController *controller = GTK_EVENT_CONTROLLER (gesture);
  PointerInput *input = get_input (controller);

  if (input->handlers->drag_end != NULL)
    input->handlers->drag_end (gtk_event_controller_get_widget (controller),
                               input->start_x + dx, input->start_y + dy,
                               current_state (controller));
}

static void
pan_begin_cb (GtkGestureDrag *gesture, double x, double y, gpointer unused)
{
  GtkEventController *controller = GTK_EVENT_CONTROLLER (gesture);
  PointerInput *input = get_input (controller);

  input->pan_x = input->pan_y = 0;
  if (input->handlers->pan_begin != NULL)
    input->handlers->pan_begin (gtk_event_controller_get_widget (controller));
}

static void
pan_update_cb (GtkGestureDrag *gesture, double dx, double dy, gpointer unused)
{
  GtkEventController *controller = GTK_EVENT_CONTROLLER (gesture);
  PointerInput *input = get_input (controller);
  double step_x = dx - input->pan_x, step_y = dy - input->pan_y;

  input->pan_x = dx;
  input->pan_y = dy;
  input->handlers->pan_update (gtk_event_controller_get_widget (controller), step_x, step_y);
}

static void
pan_end_cb (GtkGestureDrag *gesture, double dx, double dy, gpointer unused)
{
  GtkEventController *controller = GTK_EVENT_CONTROLLER (gesture);
  PointerInput *input = get_input (controller);

  if (input->handlers->pan_end != NULL)
    input->handlers->pan_end (gtk_event_controller_get_widget (controller));
}

static gboolean
scroll_cb (GtkEventControllerScroll *scroll, double dx, double dy, gpointer unused)
{
  GtkEventController *controller = GTK_EVENT_CONTROLLER (scroll);
  PointerInput *input = get_input (controller);
  GdkEvent *event;
  double x, y;

  if (input->handlers->scroll_at == NULL)
    return input->handlers->scroll (gtk_event_controller_get_widget (controller), dx, dy,
                                    current_state (controller));
  event = gtk_event_controller_get_current_event (controller);
  if (event == NULL || !gdk_event_get_position (event, &x, &y))
    {
      x = input->x;
      y = input->y;
    }
  return input->handlers->scroll_at (gtk_event_controller_get_widget (controller), x, y, dx, dy,
                                     current_state (controller));
}

static void
set_hover (GtkEventController *controller, double x, double y, gboolean inside)
{
  PointerInput *input = get_input (controller);

  input->x = x;
  input->y = y;
  input->inside = inside;
  if (input->handlers->hover != NULL)
    input->handlers->hover (gtk_event_controller_get_widget (controller));
}

static void
motion_cb (GtkEventControllerMotion *motion, double x, double y, gpointer unused)
{
  set_hover (GTK_EVENT_CONTROLLER (motion), x, y, TRUE);
}

static void
leave_cb (GtkEventControllerMotion *motion, gpointer unused)
{
  PointerInput *input = get_input (GTK_EVENT_CONTROLLER (motion));

  set_hover (GTK_EVENT_CONTROLLER (motion), input->x, input->y, FALSE);
}

static void
add_drag (GtkWidget *widget, guint button, GCallback begin, GCallback update, GCallback end)
{
  GtkGesture *gesture = gtk_gesture_drag_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), button);
  g_signal_connect (gesture, "drag-begin", begin, NULL);
  g_signal_connect (gesture, "drag-update", update, NULL);
  g_signal_connect (gesture, "drag-end", end, NULL);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));
}

void
ossa_pointer_input_attach (GtkWidget *widget, const OssaPointerHandlers *handlers,
                           GtkEventControllerScrollFlags scroll_flags)
{
  PointerInput *input;
  GtkEventController *controller;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (handlers != NULL);

  input = g_new0 (PointerInput, 1);
  input->handlers = handlers;
  g_object_set_qdata_full (G_OBJECT (widget), pointer_input_quark (), input, g_free);

  if (handlers->drag_begin != NULL)
    add_drag (widget, GDK_BUTTON_PRIMARY, G_CALLBACK (drag_begin_cb),
              G_CALLBACK (drag_update_cb), G_CALLBACK (drag_end_cb));
  if (handlers->pan_update != NULL)
    add_drag (widget, GDK_BUTTON_MIDDLE, G_CALLBACK (pan_begin_cb), G_CALLBACK (pan_update_cb),
              G_CALLBACK (pan_end_cb));
  if (handlers->scroll != NULL || handlers->scroll_at != NULL)
    {
      controller = gtk_event_controller_scroll_new (scroll_flags);
      g_signal_connect (controller, "scroll", G_CALLBACK (scroll_cb), NULL);
      gtk_widget_add_controller (widget, controller);
    }
  /* Always: ossa_pointer_input_get_position() answers from it. */
  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (motion_cb), NULL);
  g_signal_connect (controller, "motion", G_CALLBACK (motion_cb), NULL);
  g_signal_connect (controller, "leave", G_CALLBACK (leave_cb), NULL);
  gtk_widget_add_controller (widget, controller);
}

gboolean
ossa_pointer_input_get_position (GtkWidget *widget, double *x, double *y)
{
  PointerInput *input = g_object_get_qdata (G_OBJECT (widget), pointer_input_quark ());

  g_return_val_if_fail (input != NULL, FALSE);
  if (x != NULL)
    *x = input->x;
  if (y != NULL)
    *y = input->y;
  return input->inside;
}

void
ossa_pointer_props_init (GParamSpec **properties, guint first)
{
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  properties[first + OSSA_POINTER_PROP_X] =
    g_param_spec_double ("pointer-x", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, ro);
  properties[first + OSSA_POINTER_PROP_Y] =
    g_param_spec_double ("pointer-y", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, ro);
  properties[first + OSSA_POINTER_PROP_INSIDE] =
    g_param_spec_boolean ("pointer-inside", NULL, NULL, FALSE, ro);
}

void
ossa_pointer_props_set (GObject *object, GParamSpec **properties, guint first,
                        OssaPointerState *state, double x, double y, gboolean inside)
{
  g_object_freeze_notify (object);
  if (x != state->x)
    {
      state->x = x;
      g_object_notify_by_pspec (object, properties[first + OSSA_POINTER_PROP_X]);
    }
  if (y != state->y)
    {
      state->y = y;
      g_object_notify_by_pspec (object, properties[first + OSSA_POINTER_PROP_Y]);
    }
  if (inside != state->inside)
    {
      state->inside = inside;
      g_object_notify_by_pspec (object, properties[first + OSSA_POINTER_PROP_INSIDE]);
    }
  g_object_thaw_notify (object);
}

gboolean
ossa_pointer_props_get (const OssaPointerState *state, guint prop_id, guint first, GValue *value)
{
  switch ((int) prop_id - (int) first)
    {
    case OSSA_POINTER_PROP_X:
      g_value_set_double (value, state->x);
      return TRUE;
    case OSSA_POINTER_PROP_Y:
      g_value_set_double (value, state->y);
      return TRUE;
    case OSSA_POINTER_PROP_INSIDE:
      g_value_set_boolean (value, state->inside);
      return TRUE;
    default:
      return FALSE;
    }
}
