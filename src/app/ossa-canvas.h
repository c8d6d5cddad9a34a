/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ossa-editor.h"

G_BEGIN_DECLS

#define OSSA_TYPE_CANVAS (ossa_canvas_get_type ())

G_DECLARE_FINAL_TYPE (OssaCanvas, ossa_canvas, OSSA, CANVAS, GtkGLArea)

GtkWidget *ossa_canvas_new        (void);
void       ossa_canvas_set_editor (OssaCanvas *self,
                                   OssaEditor *editor);
void       ossa_canvas_fit        (OssaCanvas *self);

G_END_DECLS
