/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-canvas"

#include "config.h"

#include "ossa-canvas-private.h"

/* The canvas's own actions (fit, zoom; the view toggles are its properties) and
 * their keys. */

#define ZOOM_STEP 1.25

static void
fit_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ossa_canvas_fit (OSSA_CANVAS (widget));
}

static void
zoom_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  OssaCanvas *self = OSSA_CANVAS (widget);
  double zoom = 1;

  if (g_str_equal (action_name, "canvas.zoom-in"))
    zoom = self->camera.zoom * ZOOM_STEP;
  else if (g_str_equal (action_name, "canvas.zoom-out"))
    zoom = self->camera.zoom / ZOOM_STEP;
  _ossa_canvas_zoom_at (self, 0.5 * self->camera.width, 0.5 * self->camera.height, zoom);
}

void
_ossa_canvas_class_init_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "canvas.fit", NULL, fit_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-reset", NULL, zoom_action);
  gtk_widget_class_install_property_action (widget_class, "canvas.show-names", "show-names");
  gtk_widget_class_install_property_action (widget_class, "canvas.show-meshes", "show-meshes");
  gtk_widget_class_install_property_action (widget_class, "canvas.show-bones", "show-bones");
  gtk_widget_class_install_property_action (widget_class, "canvas.onion-skin", "onion-skin");
  gtk_widget_class_install_property_action (widget_class, "canvas.motion-path",
                                            "show-motion-path");

  /* F frames the skeleton; Home and End belong to the playhead. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, 0, "canvas.fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, 0, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, 0, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "canvas.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, 0,
                                       "canvas.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1, 0, "canvas.zoom-reset", NULL);
}
