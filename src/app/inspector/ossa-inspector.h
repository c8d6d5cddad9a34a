/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ossa-editor.h"

G_BEGIN_DECLS

/* OssaInspector, the bone inspector on the right: the numeric fields of the
 * primary selected bone in the pose on show; an edit is an OssaEditor function
 * (rest pose in Setup mode, a key in Animate mode). It keeps a reference to its
 * editor; the window owns it through its template. */

#define OSSA_TYPE_INSPECTOR (ossa_inspector_get_type ())

G_DECLARE_FINAL_TYPE (OssaInspector, ossa_inspector, OSSA, INSPECTOR, GtkWidget)

GtkWidget *ossa_inspector_new        (void);
void       ossa_inspector_set_editor (OssaInspector *self,
                                      OssaEditor    *editor);

G_END_DECLS
