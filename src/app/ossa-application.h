/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define OSSA_TYPE_APPLICATION (ossa_application_get_type ())

G_DECLARE_FINAL_TYPE (OssaApplication, ossa_application, OSSA, APPLICATION, GtkApplication)

OssaApplication *ossa_application_new             (void);
GSettings       *ossa_application_get_settings    (OssaApplication *self);
void             ossa_application_add_recent_file (OssaApplication *self,
                                                   GFile           *file);

G_END_DECLS
