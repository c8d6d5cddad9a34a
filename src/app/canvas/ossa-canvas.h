/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ossa-editor.h"

G_BEGIN_DECLS

/* The editor's drawing area: the pose of an OssaEditor's document drawn with
 * OpenGL (grid, axes, bones, joints, names), and the mouse editing of it (select,
 * rubber band, the editor's tool on drag, pan and zoom).
 *
 * Properties: "editor"; read-only "zoom" (1.0 = 100 %), "pointer-x", "pointer-y"
 * (world units, y up), "pointer-inside"; read-write "show-names", "show-meshes"
 * (the document's meshes under the bones, following the pose; default on),
 * "show-bones" (bones, joints and names over the art; default on);
 * the onion skin's "onion-skin", "onion-frames" (frames between ghosts),
 * "onion-before", "onion-after" (how many ghosts each side, up to
 * OSSA_CANVAS_ONION_MAX), "onion-past-color", "onion-future-color" (GdkRGBA);
 * Shift's snapping steps while dragging, "snap-rotation-step" (degrees) and
 * "snap-scale-step".
 * Actions: canvas.fit, canvas.zoom-in, canvas.zoom-out, canvas.zoom-reset,
 * canvas.show-names, canvas.show-meshes, canvas.show-bones (stateful, the
 * properties). */
#define OSSA_TYPE_CANVAS (ossa_canvas_get_type ())

G_DECLARE_FINAL_TYPE (OssaCanvas, ossa_canvas, OSSA, CANVAS, GtkGLArea)

/* The most ghosts the onion skin draws on one side of the playhead. */
#define OSSA_CANVAS_ONION_MAX 10

GtkWidget  *ossa_canvas_new        (void);
void        ossa_canvas_set_editor (OssaCanvas *self,
                                    OssaEditor *editor);
OssaEditor *ossa_canvas_get_editor (OssaCanvas *self);
void        ossa_canvas_fit        (OssaCanvas *self);

G_END_DECLS
