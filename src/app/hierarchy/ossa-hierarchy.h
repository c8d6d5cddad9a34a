/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ossa-editor.h"

G_BEGIN_DECLS

/* OssaHierarchy, the bone tree panel on the left: one row per bone under its
 * parent, selecting with the editor, reparenting by drag and drop and renaming in
 * place (F2, double-click), every change through the OssaEditor it is given
 * (a reference it keeps). The window owns the panel through its template. */

#define OSSA_TYPE_HIERARCHY (ossa_hierarchy_get_type ())

G_DECLARE_FINAL_TYPE (OssaHierarchy, ossa_hierarchy, OSSA, HIERARCHY, GtkWidget)

GtkWidget *ossa_hierarchy_new          (void);
void       ossa_hierarchy_set_editor   (OssaHierarchy *self,
                                        OssaEditor    *editor);
void       ossa_hierarchy_start_rename (OssaHierarchy *self);

G_END_DECLS
