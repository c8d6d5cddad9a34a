/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* OssaApplication, the editor process: its windows (it owns them, GTK-style),
 * the app.* actions and keys, the settings it hands each window as it joins, and
 * the recent files it keeps from the windows' OssaWindow::file-used. */

#define OSSA_TYPE_APPLICATION (ossa_application_get_type ())

G_DECLARE_FINAL_TYPE (OssaApplication, ossa_application, OSSA, APPLICATION, GtkApplication)

OssaApplication *ossa_application_new             (void);
GSettings       *ossa_application_get_settings    (OssaApplication *self);
void             ossa_application_add_recent_file (OssaApplication *self,
                                                   GFile           *file);

G_END_DECLS
