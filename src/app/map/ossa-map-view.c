/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The map view as a widget: its camera (cell coordinates to widget pixels and
 * back, zoom, pan, fit), what it is told to show, and the mouse (strokes, the
 * context menu, panning, the wheel and the pointer properties). Its drawing is in
 * ossa-map-view-render.c. */
#define G_LOG_DOMAIN "ossa-map-view"

#include "config.h"

#include <math.h>

#include "ossa-gl-program.h"
#include "ossa-map-view-private.h"

#define ZOOM_MIN 0.01
#define ZOOM_MAX 160.0
#define ZOOM_STEP 1.25
#define WHEEL_STEP 1.15
#define FIT_MARGIN 24.0

G_DEFINE_FINAL_TYPE (OssaMapView, ossa_map_view, GTK_TYPE_GL_AREA)

enum
{
  PROP_0,
  PROP_ZOOM,
  PROP_POINTER,   /* first of the OSSA_POINTER_N_PROPS pointer properties */
  N_PROPS = PROP_POINTER + OSSA_POINTER_N_PROPS
};

enum
{
  STROKE_BEGIN,
  STROKE_UPDATE,
  STROKE_END,
  CONTEXT_MENU,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
redraw (OssaMapView *self)
{
  gtk_gl_area_queue_render (GTK_GL_AREA (self));
}

/* ---- coordinates ---- */

void
ossa_map_view_to_cell (OssaMapView *self, double widget_x, double widget_y, double *cell_x,
                       double *cell_y)
{
  g_return_if_fail (OSSA_IS_MAP_VIEW (self));
  *cell_x = (widget_x - 0.5 * gtk_widget_get_width (GTK_WIDGET (self))) / self->zoom
            + self->center_x;
  *cell_y = (widget_y - 0.5 * gtk_widget_get_height (GTK_WIDGET (self))) / self->zoom
            + self->center_y;
}

void
ossa_map_view_from_cell (OssaMapView *self, double cell_x, double cell_y, double *widget_x,
                         double *widget_y)
{
  g_return_if_fail (OSSA_IS_MAP_VIEW (self));
  *widget_x = (cell_x - self->center_x) * self->zoom
              + 0.5 * gtk_widget_get_width (GTK_WIDGET (self));
  *widget_y = (cell_y - self->center_y) * self->zoom
              + 0.5 * gtk_widget_get_height (GTK_WIDGET (self));
}

/* The pointer properties follow the pointer and whatever moves the map under it. */
static void
update_pointer_cell (OssaMapView *self)
{
  double px, py, cx, cy;
  gboolean inside = ossa_pointer_input_get_position (GTK_WIDGET (self), &px, &py);
  double x = -1, y = -1;

  if (inside)
    {
      ossa_map_view_to_cell (self, px, py, &cx, &cy);
      if (cx >= 0 && cy >= 0 && cx < self->width && cy < self->height)
        x = (int) cx, y = (int) cy;
    }
  if (x != self->pointer.x || y != self->pointer.y)
    redraw (self);
  ossa_pointer_props_set (G_OBJECT (self), properties, PROP_POINTER, &self->pointer, x, y,
                          inside);
}

/* ---- camera ---- */

void
ossa_map_view_set_camera (OssaMapView *self, double center_x, double center_y, double zoom)
{
  g_return_if_fail (OSSA_IS_MAP_VIEW (self));

  zoom = CLAMP (zoom, ZOOM_MIN, ZOOM_MAX);
  self->center_x = center_x;
  self->center_y = center_y;
  if (zoom != self->zoom)
    {
      self->zoom = zoom;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
    }
  update_pointer_cell (self);
  redraw (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ossa_map_view_get_camera (OssaMapView *self, double *center_x, double *center_y, double *zoom)
{
  g_return_if_fail (OSSA_IS_MAP_VIEW (self));
  if (center_x != NULL)
    *center_x = self->center_x;
  if (center_y != NULL)
    *center_y = self->center_y;
  if (zoom != NULL)
    *zoom = self->zoom;
}

/* Keeps the cell under (widget_x, widget_y) where it is. */
void
ossa_map_view_zoom_at (OssaMapView *self, double factor, double widget_x, double widget_y)
{
  double cx, cy, zoom;

  g_return_if_fail (OSSA_IS_MAP_VIEW (self));
  ossa_map_view_to_cell (self, widget_x, widget_y, &cx, &cy);
  zoom = CLAMP (self->zoom * factor, ZOOM_MIN, ZOOM_MAX);
  ossa_map_view_set_camera (self,
                            cx - (widget_x - 0.5 * gtk_widget_get_width (GTK_WIDGET (self))) / zoom,
                            cy - (widget_y - 0.5 * gtk_widget_get_height (GTK_WIDGET (self))) / zoom,
                            zoom);
}

/* Moves the picture by (dx, dy) logical pixels. */
void
ossa_map_view_pan (OssaMapView *self, double dx, double dy)
{
  g_return_if_fail (OSSA_IS_MAP_VIEW (self));
  ossa_map_view_set_camera (self, self->center_x - dx / self->zoom,
                            self->center_y - dy / self->zoom, self->zoom);
}

void
ossa_map_view_fit (OssaMapView *self)
{
  int w, h;
  double zoom;

  g_return_if_fail (OSSA_IS_MAP_VIEW (self));
  w = gtk_widget_get_width (GTK_WIDGET (self));
  h = gtk_widget_get_height (GTK_WIDGET (self));
  if (self->width == 0 || w <= 0 || h <= 0)
    return;
  zoom = MIN ((w - 2 * FIT_MARGIN) / self->width, (h - 2 * FIT_MARGIN) / self->height);
  /* Whole pixels a cell when cells are big: even lines, no shimmer. */
  if (zoom > 2)
    zoom = floor (zoom);
  self->fitted = TRUE;
  ossa_map_view_set_camera (self, 0.5 * self->width, 0.5 * self->height, MAX (zoom, ZOOM_MIN));
}

/* ---- content ---- */

static void
grow_rect (guint *rect, gboolean *dirty, guint x, guint y, guint w, guint h)
{
  if (!*dirty)
    {
      rect[0] = x, rect[1] = y, rect[2] = x + w, rect[3] = y + h;
      *dirty = TRUE;
      return;
    }
  rect[0] = MIN (rect[0], x);
  rect[1] = MIN (rect[1], y);
  rect[2] = MAX (rect[2], x + w);
  rect[3] = MAX (rect[3], y + h);
}

/**
 * ossa_map_view_set_cells:
 * @cells: (nullable): @width × @height bytes, 0 blocked; not copied: it must stay
 *   valid until the next call (tell the view about changes with
 *   ossa_map_view_cells_changed())
 *
 * Shows another map (or none). A different size drops the states.
 */
void
ossa_map_view_set_cells (OssaMapView *self, guint width, guint height, const guint8 *cells)
{
  gboolean resized;

  g_return_if_fail (OSSA_IS_MAP_VIEW (self));

  if (cells == NULL)
    width = height = 0;
  resized = width != self->width || height != self->height;
  self->width = width;
  self->height = height;
  self->cells = cells;
  self->cells_full = TRUE;
  self->cells_dirty = TRUE;
  if (resized)
    {
      self->states = NULL;
      if (!self->fitted)
        ossa_map_view_fit (self);
    }
  update_pointer_cell (self);
  redraw (self);
}

void
ossa_map_view_cells_changed (OssaMapView *self, guint x, guint y, guint width, guint height)
{
  g_return_if_fail (OSSA_IS_MAP_VIEW (self));
  if (width == 0 || height == 0)
    return;
  grow_rect (self->cells_rect, &self->cells_dirty, x, y, width, height);
  redraw (self);
}

/**
 * ossa_map_view_set_states:
 * @states: (nullable): one byte a cell as in ossa_map_view_set_cells(): 0 unseen,
 *   1 open, 2 closed; %NULL hides the states
 */
void
ossa_map_view_set_states (OssaMapView *self, const guint8 *states)
{
  g_return_if_fail (OSSA_IS_MAP_VIEW (self));
  self->states = states;
  self->states_full = TRUE;
  self->states_dirty = states != NULL;
  redraw (self);
}

void
ossa_map_view_states_changed (OssaMapView *self, guint x, guint y, guint width, guint height)
{
  g_return_if_fail (OSSA_IS_MAP_VIEW (self));
  if (width == 0 || height == 0 || self->states == NULL)
    return;
  grow_rect (self->states_rect, &self->states_dirty, x, y, width, height);
  redraw (self);
}

/* Straight runs become one segment: a path across a big map is a few dozen
 * instances, not thousands. */
void
ossa_map_view_set_path (OssaMapView *self, OssaMapPathSlot slot, const OssaCell *cells,
                        gsize n_cells)
{
  GArray *segments;
  gsize start = 0;

  g_return_if_fail (OSSA_IS_MAP_VIEW (self));
  g_return_if_fail (slot < OSSA_MAP_N_PATHS);

  segments = self->paths[slot];
  g_array_set_size (segments, 0);
  for (gsize i = 1; i < n_cells; i++)
    {
      gboolean last = i + 1 == n_cells;
      int dx = (int) cells[i].x - (int) cells[i - 1].x;
      int dy = (int) cells[i].y - (int) cells[i - 1].y;

      if (!last && (int) cells[i + 1].x - (int) cells[i].x == dx
          && (int) cells[i + 1].y - (int) cells[i].y == dy)
        continue;
      g_array_append_val (segments, ((OssaMapSegment) { cells[start].x + 0.5f,
                                                        cells[start].y + 0.5f,
                                                        cells[i].x + 0.5f, cells[i].y + 0.5f }));
      start = i;
    }
  redraw (self);
}

void
ossa_map_view_set_marks (OssaMapView *self, const OssaMapMark *marks, gsize n_marks)
{
  g_return_if_fail (OSSA_IS_MAP_VIEW (self));
  g_array_set_size (self->marks, 0);
  if (n_marks > 0)
    g_array_append_vals (self->marks, marks, (guint) n_marks);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ossa_map_view_set_preview (OssaMapView *self, OssaMapPreview preview, int x0, int y0, int x1,
                           int y1, guint size, gboolean walkable)
{
  g_return_if_fail (OSSA_IS_MAP_VIEW (self));
  self->preview = preview;
  self->preview_x0 = x0, self->preview_y0 = y0;
  self->preview_x1 = x1, self->preview_y1 = y1;
  self->preview_size = MAX (size, 1);
  self->preview_walkable = walkable;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gint64
ossa_map_view_get_render_us (OssaMapView *self)
{
  g_return_val_if_fail (OSSA_IS_MAP_VIEW (self), 0);
  return self->render_us;
}

static void
ossa_map_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  OssaMapView *self = OSSA_MAP_VIEW (widget);

  GTK_WIDGET_CLASS (ossa_map_view_parent_class)->size_allocate (widget, width, height, baseline);
  if (!self->fitted && self->width > 0)
    ossa_map_view_fit (self);
}

/* ---- events ---- */

static void
emit_stroke (OssaMapView *self, guint signal, double x, double y, GdkModifierType state)
{
  double cx, cy;

  ossa_map_view_to_cell (self, x, y, &cx, &cy);
  g_signal_emit (self, signals[signal], 0, cx, cy, (guint) state);
}

static void
drag_begin (GtkWidget *widget, double x, double y, GdkModifierType state)
{
  gtk_widget_grab_focus (widget);
  emit_stroke (OSSA_MAP_VIEW (widget), STROKE_BEGIN, x, y, state);
}

static void
drag_update (GtkWidget *widget, double x, double y, GdkModifierType state)
{
  emit_stroke (OSSA_MAP_VIEW (widget), STROKE_UPDATE, x, y, state);
}

static void
drag_end (GtkWidget *widget, double x, double y, GdkModifierType state)
{
  emit_stroke (OSSA_MAP_VIEW (widget), STROKE_END, x, y, state);
}

static void
pan_begin (GtkWidget *widget)
{
  gtk_widget_set_cursor_from_name (widget, "grabbing");
}

static void
pan_update (GtkWidget *widget, double dx, double dy)
{
  ossa_map_view_pan (OSSA_MAP_VIEW (widget), dx, dy);
}

static void
pan_end (GtkWidget *widget)
{
  gtk_widget_set_cursor_from_name (widget, "crosshair");
}

/* The wheel zooms about the pointer. */
static gboolean
scroll (GtkWidget *widget, double dx, double dy, GdkModifierType state)
{
  double x, y;

  ossa_pointer_input_get_position (widget, &x, &y);
  ossa_map_view_zoom_at (OSSA_MAP_VIEW (widget), pow (WHEEL_STEP, -dy), x, y);
  return TRUE;
}

static void
hover (GtkWidget *widget)
{
  update_pointer_cell (OSSA_MAP_VIEW (widget));
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

/* The secondary button is the view's own: the pointer input has no click. */
static void
secondary_pressed_cb (GtkGestureClick *gesture, int n_press, double x, double y,
                      OssaMapView *self)
{
  double cx, cy;

  ossa_map_view_to_cell (self, x, y, &cx, &cy);
  g_signal_emit (self, signals[CONTEXT_MENU], 0, cx, cy, x, y);
}

static void
view_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  OssaMapView *self = OSSA_MAP_VIEW (widget);
  double x = 0.5 * gtk_widget_get_width (widget), y = 0.5 * gtk_widget_get_height (widget);

  if (g_str_equal (name, "map-view.fit"))
    ossa_map_view_fit (self);
  else if (g_str_equal (name, "map-view.zoom-in"))
    ossa_map_view_zoom_at (self, ZOOM_STEP, x, y);
  else if (g_str_equal (name, "map-view.zoom-out"))
    ossa_map_view_zoom_at (self, 1 / ZOOM_STEP, x, y);
}

/* ---- GObject ---- */

static void
ossa_map_view_realize (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (ossa_map_view_parent_class)->realize (widget);
  _ossa_map_view_realize_gl (OSSA_MAP_VIEW (widget));
}

static void
ossa_map_view_unrealize (GtkWidget *widget)
{
  _ossa_map_view_unrealize_gl (OSSA_MAP_VIEW (widget));
  GTK_WIDGET_CLASS (ossa_map_view_parent_class)->unrealize (widget);
}

static void
ossa_map_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  GTK_WIDGET_CLASS (ossa_map_view_parent_class)->snapshot (widget, snapshot);
  _ossa_map_view_snapshot_overlay (OSSA_MAP_VIEW (widget), snapshot);
}

static void
ossa_map_view_finalize (GObject *object)
{
  OssaMapView *self = OSSA_MAP_VIEW (object);

  for (guint i = 0; i < OSSA_MAP_N_PATHS; i++)
    g_array_unref (self->paths[i]);
  g_array_unref (self->marks);
  G_OBJECT_CLASS (ossa_map_view_parent_class)->finalize (object);
}

static void
ossa_map_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  OssaMapView *self = OSSA_MAP_VIEW (object);

  switch (prop_id)
    {
    case PROP_ZOOM:
      g_value_set_double (value, self->zoom);
      break;
    default:
      if (!ossa_pointer_props_get (&self->pointer, prop_id, PROP_POINTER, value))
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_map_view_set_property (GObject *object, guint prop_id, const GValue *value,
                            GParamSpec *pspec)
{
  OssaMapView *self = OSSA_MAP_VIEW (object);

  switch (prop_id)
    {
    case PROP_ZOOM:
      ossa_map_view_set_camera (self, self->center_x, self->center_y, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_map_view_class_init (OssaMapViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkGLAreaClass *area_class = GTK_GL_AREA_CLASS (klass);

  object_class->finalize = ossa_map_view_finalize;
  object_class->get_property = ossa_map_view_get_property;
  object_class->set_property = ossa_map_view_set_property;

  widget_class->realize = ossa_map_view_realize;
  widget_class->unrealize = ossa_map_view_unrealize;
  widget_class->snapshot = ossa_map_view_snapshot;
  widget_class->size_allocate = ossa_map_view_size_allocate;

  area_class->render = _ossa_map_view_render;
  area_class->create_context = ossa_gl_area_create_context;

  properties[PROP_ZOOM] = g_param_spec_double ("zoom", NULL, NULL, ZOOM_MIN, ZOOM_MAX, 16.0,
                                               G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                               | G_PARAM_STATIC_STRINGS);
  /* "pointer-x", "pointer-y": the cell under the pointer, -1 when none. */
  ossa_pointer_props_init (properties, PROP_POINTER);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * OssaMapView::stroke-begin:
   * @x: cell coordinates of the press
   * @y:
   * @state: the modifier keys (#GdkModifierType)
   */
  signals[STROKE_BEGIN] = g_signal_new ("stroke-begin", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                        G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_UINT);
  signals[STROKE_UPDATE] = g_signal_new ("stroke-update", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                         G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_UINT);
  signals[STROKE_END] = g_signal_new ("stroke-end", G_TYPE_FROM_CLASS (klass),
                                      G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                      G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_UINT);
  /**
   * OssaMapView::context-menu:
   * @x: cell coordinates of the click
   * @y:
   * @widget_x: where to point a menu, widget coordinates
   * @widget_y:
   */
  signals[CONTEXT_MENU] = g_signal_new ("context-menu", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 4,
                                        G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_DOUBLE,
                                        G_TYPE_DOUBLE);

  gtk_widget_class_install_action (widget_class, "map-view.fit", NULL, view_action);
  gtk_widget_class_install_action (widget_class, "map-view.zoom-in", NULL, view_action);
  gtk_widget_class_install_action (widget_class, "map-view.zoom-out", NULL, view_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "map-view.fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "map-view.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, 0, "map-view.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, 0, "map-view.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "map-view.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, 0,
                                       "map-view.zoom-out", NULL);

  gtk_widget_class_set_css_name (widget_class, "ossa-map-view");
}

static void
ossa_map_view_init (OssaMapView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkGesture *gesture;

  for (guint i = 0; i < OSSA_MAP_N_PATHS; i++)
    self->paths[i] = g_array_new (FALSE, FALSE, sizeof (OssaMapSegment));
  self->marks = g_array_new (FALSE, FALSE, sizeof (OssaMapMark));
  self->zoom = 16.0;
  self->pointer.x = self->pointer.y = -1;

  gtk_gl_area_set_required_version (GTK_GL_AREA (self), 3, 3);
  gtk_gl_area_set_has_depth_buffer (GTK_GL_AREA (self), FALSE);
  gtk_gl_area_set_auto_render (GTK_GL_AREA (self), FALSE);
  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_focus_on_click (widget, TRUE);
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_widget_set_vexpand (widget, TRUE);
  gtk_widget_set_cursor_from_name (widget, "crosshair");

  ossa_pointer_input_attach (widget, &pointer_handlers, GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_SECONDARY);
  g_signal_connect (gesture, "pressed", G_CALLBACK (secondary_pressed_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));
}

GtkWidget *
ossa_map_view_new (void)
{
  return g_object_new (OSSA_TYPE_MAP_VIEW, NULL);
}
