/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-key-inspector"

#include "config.h"

#include <math.h>

#include "ossa-curve-view.h"

/* The curve editor: the unit square with what the selected keys do from one key
 * to the next — the diagonal for linear, a step for stepped, the bezier curve
 * with its two control handles, which a drag moves. The drag shapes a preview;
 * "changed" says when it ends, and the key inspector applies the curve then. */

#define CURVE_PAD 14.0
#define CURVE_Y_MIN -0.3  /* room for overshoot */
#define CURVE_Y_MAX 1.3
#define HANDLE_PICK 10.0

struct _OssaCurveView
{
  GtkWidget         parent_instance;

  OssaCurve         curve;
  OssaInterp        interp;      /* what is drawn */
  gboolean          enabled;     /* bezier keys selected */
  int               dragging;    /* 0 none, 1 or 2: the handle */
};

G_DEFINE_FINAL_TYPE (OssaCurveView, ossa_curve_view, GTK_TYPE_WIDGET)

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
curve_to_widget (OssaCurveView *self, double u, double v, double *x, double *y)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self)) - 2 * CURVE_PAD;
  double h = gtk_widget_get_height (GTK_WIDGET (self)) - 2 * CURVE_PAD;

  *x = CURVE_PAD + u * w;
  *y = CURVE_PAD + (CURVE_Y_MAX - v) / (CURVE_Y_MAX - CURVE_Y_MIN) * h;
}

static void
widget_to_curve (OssaCurveView *self, double x, double y, double *u, double *v)
{
  double w = MAX (gtk_widget_get_width (GTK_WIDGET (self)) - 2 * CURVE_PAD, 1);
  double h = MAX (gtk_widget_get_height (GTK_WIDGET (self)) - 2 * CURVE_PAD, 1);

  *u = CLAMP ((x - CURVE_PAD) / w, 0, 1);
  *v = CLAMP (CURVE_Y_MAX - (y - CURVE_PAD) / h * (CURVE_Y_MAX - CURVE_Y_MIN), CURVE_Y_MIN,
              CURVE_Y_MAX);
}

static void
ossa_curve_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  OssaCurveView *self = OSSA_CURVE_VIEW (widget);
  double w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  double x0, y0, x1, y1, hx, hy;
  cairo_t *cr;
  const OssaCurve *c = &self->curve;
  double alpha = self->enabled || self->interp != OSSA_INTERP_BEZIER ? 1.0 : 0.35;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, (float) w, (float) h));
  cairo_set_source_rgb (cr, 0.133, 0.137, 0.153);
  cairo_paint (cr);

  /* The unit square and its quarters. */
  curve_to_widget (self, 0, 0, &x0, &y0);
  curve_to_widget (self, 1, 1, &x1, &y1);
  cairo_set_line_width (cr, 1);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.06);
  for (int i = 1; i < 4; i++)
    {
      double gx = round (x0 + (x1 - x0) * i / 4) + 0.5, gy = round (y0 + (y1 - y0) * i / 4) + 0.5;

      cairo_move_to (cr, gx, y1);
      cairo_line_to (cr, gx, y0);
      cairo_move_to (cr, x0, gy);
      cairo_line_to (cr, x1, gy);
    }
  cairo_stroke (cr);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.18);
  cairo_rectangle (cr, round (x0) + 0.5, round (y1) + 0.5, round (x1 - x0), round (y0 - y1));
  cairo_stroke (cr);

  /* The linear diagonal for reference under a curve, then what the keys do. */
  if (self->interp == OSSA_INTERP_BEZIER)
    {
      cairo_set_source_rgba (cr, 1, 1, 1, 0.12);
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, x1, y1);
      cairo_stroke (cr);
    }

  cairo_set_line_width (cr, 2);
  cairo_set_source_rgba (cr, 0.435, 0.816, 0.627, alpha);
  cairo_move_to (cr, x0, y0);
  switch (self->interp)
    {
    case OSSA_INTERP_LINEAR:
      cairo_line_to (cr, x1, y1);
      break;
    case OSSA_INTERP_STEP:
      /* The value holds until the next key, then jumps. */
      cairo_line_to (cr, x1, y0);
      cairo_line_to (cr, x1, y1);
      break;
    case OSSA_INTERP_BEZIER:
    default:
      {
        double ax, ay, bx, by;

        curve_to_widget (self, c->x1, c->y1, &ax, &ay);
        curve_to_widget (self, c->x2, c->y2, &bx, &by);
        cairo_curve_to (cr, ax, ay, bx, by, x1, y1);
      }
      break;
    }
  cairo_stroke (cr);

  /* The handles: lines from the ends, and a disc each. */
  if (self->enabled && self->interp == OSSA_INTERP_BEZIER)
    for (int i = 0; i < 2; i++)
      {
        double ex = i == 0 ? x0 : x1, ey = i == 0 ? y0 : y1;

        curve_to_widget (self, i == 0 ? c->x1 : c->x2, i == 0 ? c->y1 : c->y2, &hx, &hy);
        cairo_set_line_width (cr, 1);
        cairo_set_source_rgba (cr, 1, 0.757, 0.259, 0.8);
        cairo_move_to (cr, ex, ey);
        cairo_line_to (cr, hx, hy);
        cairo_stroke (cr);
        cairo_arc (cr, hx, hy, self->dragging == i + 1 ? 5.5 : 4.5, 0, 2 * G_PI);
        cairo_set_source_rgb (cr, 1, 0.757, 0.259);
        cairo_fill_preserve (cr);
        cairo_set_source_rgb (cr, 0.08, 0.08, 0.09);
        cairo_stroke (cr);
      }
  cairo_destroy (cr);
}

static void
ossa_curve_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                         int *minimum, int *natural, int *minimum_baseline,
                         int *natural_baseline)
{
  /* Small beside the ease presets: the column shows the bone's fields too. */
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 80 : 72;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 140 : 84;
}

static int
handle_at (OssaCurveView *self, double x, double y)
{
  int best = 0;
  double best_d = HANDLE_PICK;

  for (int i = 0; i < 2; i++)
    {
      double hx, hy, d;

      curve_to_widget (self, i == 0 ? self->curve.x1 : self->curve.x2,
                       i == 0 ? self->curve.y1 : self->curve.y2, &hx, &hy);
      d = hypot (hx - x, hy - y);
      if (d <= best_d)
        {
          best_d = d;
          best = i + 1;
        }
    }
  return best;
}

static void
curve_press (OssaCurveView *self, double x, double y)
{
  self->dragging = self->enabled && self->interp == OSSA_INTERP_BEZIER ? handle_at (self, x, y) : 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
curve_motion (OssaCurveView *self, double x, double y)
{
  double u, v;

  if (self->dragging == 0)
    return;
  widget_to_curve (self, x, y, &u, &v);
  if (self->dragging == 1)
    {
      self->curve.x1 = (float) u;
      self->curve.y1 = (float) v;
    }
  else
    {
      self->curve.x2 = (float) u;
      self->curve.y2 = (float) v;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The drag shapes a preview; the keys change once, on release. */
static void
curve_release (OssaCurveView *self, double x, double y)
{
  if (self->dragging == 0)
    return;
  curve_motion (self, x, y);
  self->dragging = 0;
  g_signal_emit (self, signals[CHANGED], 0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_curve_begin (GtkGestureDrag *gesture, double x, double y, OssaCurveView *self)
{
  curve_press (self, x, y);
}

static void
on_curve_update (GtkGestureDrag *gesture, double dx, double dy, OssaCurveView *self)
{
  double x, y;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  curve_motion (self, x + dx, y + dy);
}

static void
on_curve_end (GtkGestureDrag *gesture, double dx, double dy, OssaCurveView *self)
{
  double x, y;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  curve_release (self, x + dx, y + dy);
}

static void
ossa_curve_view_class_init (OssaCurveViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = ossa_curve_view_snapshot;
  widget_class->measure = ossa_curve_view_measure;
  gtk_widget_class_set_css_name (widget_class, "ossacurveview");

  /**
   * OssaCurveView::changed:
   * @self: the curve editor
   *
   * A handle was dragged to a new place and let go: the curve to apply is
   * ossa_curve_view_get_curve()'s.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
ossa_curve_view_init (OssaCurveView *self)
{
  GtkGesture *gesture = gtk_gesture_drag_new ();

  self->curve = OSSA_CURVE_EASE;
  self->interp = OSSA_INTERP_LINEAR;
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_curve_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_curve_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_curve_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));
}

GtkWidget *
ossa_curve_view_new (void)
{
  return g_object_new (OSSA_TYPE_CURVE_VIEW, NULL);
}

/* Keys with a bezier curve are selected: the handles can be dragged. */
void
ossa_curve_view_set_enabled (OssaCurveView *self,
                             gboolean       enabled)
{
  g_return_if_fail (OSSA_IS_CURVE_VIEW (self));

  self->enabled = enabled;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The curve to show; ignored while a handle is being dragged, whose preview it
 * would undo. */
void
ossa_curve_view_set_curve (OssaCurveView   *self,
                           const OssaCurve *curve)
{
  g_return_if_fail (OSSA_IS_CURVE_VIEW (self));
  g_return_if_fail (curve != NULL);

  if (self->dragging != 0)
    return;
  self->curve = *curve;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* What the keys do: a line, a step, or the curve (ossa_curve_view_set_curve()). */
void
ossa_curve_view_set_interp (OssaCurveView *self,
                            OssaInterp     interp)
{
  g_return_if_fail (OSSA_IS_CURVE_VIEW (self));

  if (self->dragging != 0 || self->interp == interp)
    return;
  self->interp = interp;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ossa_curve_view_get_curve (OssaCurveView *self,
                           OssaCurve     *curve)
{
  g_return_if_fail (OSSA_IS_CURVE_VIEW (self));
  g_return_if_fail (curve != NULL);

  *curve = self->curve;
}

/* What a drag from (x0, y0) to (x1, y1) does, by way of the midpoint. */
void
_ossa_curve_view_drag (OssaCurveView *self,
                       double         x0,
                       double         y0,
                       double         x1,
                       double         y1)
{
  g_return_if_fail (OSSA_IS_CURVE_VIEW (self));

  curve_press (self, x0, y0);
  curve_motion (self, 0.5 * (x0 + x1), 0.5 * (y0 + y1));
  curve_release (self, x1, y1);
}

OssaInterp
_ossa_curve_view_get_interp (OssaCurveView *self)
{
  g_return_val_if_fail (OSSA_IS_CURVE_VIEW (self), OSSA_INTERP_LINEAR);
  return self->interp;
}
