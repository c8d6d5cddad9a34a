/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-canvas"

/* STUB: stands in for the real canvas (another branch) so that the window can be
 * built and tested; it has the real one's API and only clears. Replaced at merge. */

#include "config.h"

#include <epoxy/gl.h>

#include "ossa-canvas.h"

#define ZOOM_STEP 1.25

struct _OssaCanvas
{
  GtkGLArea   parent_instance;

  OssaEditor *editor;
  double      zoom;
  double      pointer_x;
  double      pointer_y;
  gboolean    pointer_inside;
  gboolean    show_names;
};

G_DEFINE_FINAL_TYPE (OssaCanvas, ossa_canvas, GTK_TYPE_GL_AREA)

enum
{
  PROP_0,
  PROP_EDITOR,
  PROP_ZOOM,
  PROP_POINTER_X,
  PROP_POINTER_Y,
  PROP_POINTER_INSIDE,
  PROP_SHOW_NAMES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_zoom (OssaCanvas *self,
          double      zoom)
{
  zoom = CLAMP (zoom, 0.05, 50.0);
  if (zoom == self->zoom)
    return;
  self->zoom = zoom;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
}

static void
zoom_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  OssaCanvas *self = OSSA_CANVAS (widget);

  if (g_str_equal (action_name, "canvas.zoom-in"))
    set_zoom (self, self->zoom * ZOOM_STEP);
  else if (g_str_equal (action_name, "canvas.zoom-out"))
    set_zoom (self, self->zoom / ZOOM_STEP);
  else
    set_zoom (self, 1.0);
}

static void
fit_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  ossa_canvas_fit (OSSA_CANVAS (widget));
}

static gboolean
ossa_canvas_render (GtkGLArea    *area,
                    GdkGLContext *context)
{
  glClearColor (0.17f, 0.18f, 0.20f, 1.0f);
  glClear (GL_COLOR_BUFFER_BIT);
  return TRUE;
}

static void
ossa_canvas_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  OssaCanvas *self = OSSA_CANVAS (object);

  switch (prop_id)
    {
    case PROP_EDITOR:
      g_value_set_object (value, self->editor);
      break;
    case PROP_ZOOM:
      g_value_set_double (value, self->zoom);
      break;
    case PROP_POINTER_X:
      g_value_set_double (value, self->pointer_x);
      break;
    case PROP_POINTER_Y:
      g_value_set_double (value, self->pointer_y);
      break;
    case PROP_POINTER_INSIDE:
      g_value_set_boolean (value, self->pointer_inside);
      break;
    case PROP_SHOW_NAMES:
      g_value_set_boolean (value, self->show_names);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_canvas_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  OssaCanvas *self = OSSA_CANVAS (object);

  switch (prop_id)
    {
    case PROP_EDITOR:
      ossa_canvas_set_editor (self, g_value_get_object (value));
      break;
    case PROP_SHOW_NAMES:
      if (self->show_names != g_value_get_boolean (value))
        {
          self->show_names = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_canvas_dispose (GObject *object)
{
  OssaCanvas *self = OSSA_CANVAS (object);

  g_clear_object (&self->editor);

  G_OBJECT_CLASS (ossa_canvas_parent_class)->dispose (object);
}

static void
ossa_canvas_class_init (OssaCanvasClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkGLAreaClass *area_class = GTK_GL_AREA_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = ossa_canvas_get_property;
  object_class->set_property = ossa_canvas_set_property;
  object_class->dispose = ossa_canvas_dispose;
  area_class->render = ossa_canvas_render;

  properties[PROP_EDITOR] = g_param_spec_object ("editor", NULL, NULL, OSSA_TYPE_EDITOR, rw);
  properties[PROP_ZOOM] = g_param_spec_double ("zoom", NULL, NULL, 0, G_MAXDOUBLE, 1.0, ro);
  properties[PROP_POINTER_X] = g_param_spec_double ("pointer-x", NULL, NULL,
                                                    -G_MAXDOUBLE, G_MAXDOUBLE, 0, ro);
  properties[PROP_POINTER_Y] = g_param_spec_double ("pointer-y", NULL, NULL,
                                                    -G_MAXDOUBLE, G_MAXDOUBLE, 0, ro);
  properties[PROP_POINTER_INSIDE] = g_param_spec_boolean ("pointer-inside", NULL, NULL,
                                                          FALSE, ro);
  properties[PROP_SHOW_NAMES] = g_param_spec_boolean ("show-names", NULL, NULL, TRUE, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "canvas.fit", NULL, fit_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-reset", NULL, zoom_action);
  gtk_widget_class_install_property_action (widget_class, "canvas.show-names", "show-names");
}

static void
ossa_canvas_init (OssaCanvas *self)
{
  self->zoom = 1.0;
  self->show_names = TRUE;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
}

GtkWidget *
ossa_canvas_new (void)
{
  return g_object_new (OSSA_TYPE_CANVAS, NULL);
}

void
ossa_canvas_set_editor (OssaCanvas *self,
                        OssaEditor *editor)
{
  g_return_if_fail (OSSA_IS_CANVAS (self));
  g_return_if_fail (editor == NULL || OSSA_IS_EDITOR (editor));

  if (g_set_object (&self->editor, editor))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDITOR]);
}

void
ossa_canvas_fit (OssaCanvas *self)
{
  g_return_if_fail (OSSA_IS_CANVAS (self));

  set_zoom (self, 1.0);
}
