/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ossa-application.h"
#include "ossa-document.h"

G_BEGIN_DECLS

#define OSSA_TYPE_WINDOW (ossa_window_get_type ())

G_DECLARE_FINAL_TYPE (OssaWindow, ossa_window, OSSA, WINDOW, GtkApplicationWindow)

OssaWindow         *ossa_window_new             (OssaApplication  *application);
gboolean            ossa_window_open_file       (OssaWindow       *self,
                                                 GFile            *file,
                                                 GError          **error);
GFile              *ossa_window_get_file        (OssaWindow       *self);
const OssaDocument *ossa_window_get_document    (OssaWindow       *self);
GListModel         *ossa_window_get_bones       (OssaWindow       *self);
const char         *ossa_window_get_status_text (OssaWindow       *self);

G_END_DECLS
