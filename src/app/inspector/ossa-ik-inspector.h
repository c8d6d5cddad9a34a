/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ossa-editor.h"

G_BEGIN_DECLS

/* OssaIkInspector, the picked IK constraint's fields under the bone inspector,
 * shown while a constraint is picked: its name, its bone and child, its target
 * (drop-downs), its mix (a slider, 0 to 1) and bend (positive or negative) as on
 * show, and in Animate mode a button that keys mix and bend at the playhead. Each
 * change is an OssaEditor IK edit (a slider drag one undo step). It keeps a
 * reference to its editor; the window owns it through its template. */

#define OSSA_TYPE_IK_INSPECTOR (ossa_ik_inspector_get_type ())

G_DECLARE_FINAL_TYPE (OssaIkInspector, ossa_ik_inspector, OSSA, IK_INSPECTOR, GtkWidget)

GtkWidget *ossa_ik_inspector_new        (void);
void       ossa_ik_inspector_set_editor (OssaIkInspector *self,
                                         OssaEditor      *editor);

G_END_DECLS
