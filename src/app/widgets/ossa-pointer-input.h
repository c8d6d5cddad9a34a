/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The mouse input that the canvas, the timeline view and the map view share: a
 * primary-button drag, a middle-button pan, the wheel and the pointer's hover, set
 * up once by ossa_pointer_input_attach(), plus the "pointer-x", "pointer-y" and
 * "pointer-inside" properties a view offers its window. The widget owns what is
 * attached (controllers and state go with it); handlers are the widget's. */

/* Each handler is optional (NULL: that input is not listened to) and gets the
 * widget. Positions are widget coordinates (logical pixels, y down). */
typedef struct
{
  /* The primary button: press, each motion, release. */
  void     (*drag_begin)  (GtkWidget *widget, double x, double y, GdkModifierType state);
  void     (*drag_update) (GtkWidget *widget, double x, double y, GdkModifierType state);
  void     (*drag_end)    (GtkWidget *widget, double x, double y, GdkModifierType state);
  /* The middle button: begins, then moves by (dx, dy) since the last call, ends. */
  void     (*pan_begin)   (GtkWidget *widget);
  void     (*pan_update)  (GtkWidget *widget, double dx, double dy);
  void     (*pan_end)     (GtkWidget *widget);
  /* A wheel or touchpad scroll; TRUE when handled. */
  gboolean (*scroll)      (GtkWidget *widget, double dx, double dy, GdkModifierType state);
  /* The pointer moved over the widget, entered or left it (see
   * ossa_pointer_input_get_position()). */
  void     (*hover)       (GtkWidget *widget);
  /* Instead of scroll when set: the same with where the pointer is, (x, y) (the
   * scroll event's position, else where the pointer was last seen), for a view
   * that zooms about the pointer. */
  gboolean (*scroll_at)   (GtkWidget *widget, double x, double y, double dx, double dy,
                           GdkModifierType state);
} OssaPointerHandlers;

/* Adds the controllers for the handlers set in @handlers (which must outlive the
 * widget: a static const table). @scroll_flags: the axes the wheel reports. */
void     ossa_pointer_input_attach       (GtkWidget                    *widget,
                                          const OssaPointerHandlers    *handlers,
                                          GtkEventControllerScrollFlags scroll_flags);
/* Where the pointer was last seen over @widget; FALSE (and the last place) when it
 * is not over it. */
gboolean ossa_pointer_input_get_position (GtkWidget                    *widget,
                                          double                       *x,
                                          double                       *y);

/* The pointer properties: where the pointer is in the view's own units (world
 * units on the canvas, cells on the map) and whether it is over the view. */
typedef enum
{
  OSSA_POINTER_PROP_X,
  OSSA_POINTER_PROP_Y,
  OSSA_POINTER_PROP_INSIDE,
  OSSA_POINTER_N_PROPS
} OssaPointerProp;

typedef struct
{
  double   x, y;
  gboolean inside;
} OssaPointerState;

/* Fills properties[first + OSSA_POINTER_PROP_*] with the three specs (read-only);
 * install them with the class's other properties. */
void     ossa_pointer_props_init         (GParamSpec                  **properties,
                                          guint                         first);
/* Stores x, y and inside in @state and notifies those of @object's pointer
 * properties that changed, at once. */
void     ossa_pointer_props_set          (GObject                      *object,
                                          GParamSpec                  **properties,
                                          guint                         first,
                                          OssaPointerState             *state,
                                          double                        x,
                                          double                        y,
                                          gboolean                      inside);
/* g_value_set_*() for a get_property of one of the three; FALSE for another id. */
gboolean ossa_pointer_props_get          (const OssaPointerState       *state,
                                          guint                         prop_id,
                                          guint                         first,
                                          GValue                       *value);

G_END_DECLS
