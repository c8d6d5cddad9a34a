/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ossa-editor.h"

G_BEGIN_DECLS

#define OSSA_TYPE_INSPECTOR (ossa_inspector_get_type ())

G_DECLARE_FINAL_TYPE (OssaInspector, ossa_inspector, OSSA, INSPECTOR, GtkWidget)

GtkWidget *ossa_inspector_new        (void);
void       ossa_inspector_set_editor (OssaInspector *self,
                                      OssaEditor    *editor);

G_END_DECLS
