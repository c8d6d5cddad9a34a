/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ossa-editor.h"

G_BEGIN_DECLS

/* OssaKeyInspector, the selected keys' properties below the bone inspector. It
 * keeps a reference to its editor and owns its curve editor; the window owns it
 * through its template. */

/* The selected keys' properties, under the bone inspector while keys are
 * selected: interpolation (linear, stepped, bezier with the ease presets and a
 * curve editor for custom control points) and, for rotation keys, the spin
 * (shortest, clockwise, counter-clockwise, numeric) with extra turns. Each change
 * is one undo step through the editor.
 *
 * Actions: keys.interp(s) with 'linear', 'stepped', 'bezier', 'ease-in',
 * 'ease-out', 'ease-in-out'; keys.spin(s) with 'shortest', 'clockwise',
 * 'counterclockwise', 'numeric'. */
#define OSSA_TYPE_KEY_INSPECTOR (ossa_key_inspector_get_type ())

G_DECLARE_FINAL_TYPE (OssaKeyInspector, ossa_key_inspector, OSSA, KEY_INSPECTOR, GtkWidget)

GtkWidget *ossa_key_inspector_new        (void);
void       ossa_key_inspector_set_editor (OssaKeyInspector *self,
                                          OssaEditor       *editor);

/* Names the actions and the menus share. */
gboolean   ossa_key_inspector_parse_interp (const char      *name,
                                            OssaInterp      *interp,
                                            const OssaCurve **curve);
gboolean   ossa_key_inspector_parse_spin   (const char      *name,
                                            OssaSpin        *spin);

/* For tests: the curve editor's handles are dragged through these, in the curve
 * editor's widget coordinates. */
GtkWidget *_ossa_key_inspector_get_curve_editor (OssaKeyInspector *self);
void       _ossa_key_inspector_curve_drag      (OssaKeyInspector *self,
                                                double            x0,
                                                double            y0,
                                                double            x1,
                                                double            y1);

G_END_DECLS
