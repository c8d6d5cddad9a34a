/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ossa-interp.h"

G_BEGIN_DECLS

/* OssaCurveView, the key inspector's curve editor: shows what the selected keys
 * do (a line for linear, a step for stepped, a bezier curve with its two handles,
 * which can be dragged, emitting "changed" when one is let go). It holds a copy of the curve and changes no document itself;
 * the key inspector owns it and applies what it says. */

#define OSSA_TYPE_CURVE_VIEW (ossa_curve_view_get_type ())

G_DECLARE_FINAL_TYPE (OssaCurveView, ossa_curve_view, OSSA, CURVE_VIEW, GtkWidget)

GtkWidget *ossa_curve_view_new         (void);
void       ossa_curve_view_set_enabled (OssaCurveView   *self,
                                        gboolean         enabled);
void       ossa_curve_view_set_curve   (OssaCurveView   *self,
                                        const OssaCurve *curve);
void       ossa_curve_view_set_interp  (OssaCurveView   *self,
                                        OssaInterp       interp);
void       ossa_curve_view_get_curve   (OssaCurveView   *self,
                                        OssaCurve       *curve);

/* For tests (through _ossa_key_inspector_curve_drag()): a drag in the widget's
 * coordinates. */
void       _ossa_curve_view_drag       (OssaCurveView   *self,
                                        double           x0,
                                        double           y0,
                                        double           x1,
                                        double           y1);
/* For tests: the interpolation the box draws (a line, a step or the curve). */
OssaInterp _ossa_curve_view_get_interp (OssaCurveView   *self);

G_END_DECLS
