/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ossa-autosave.h"
#include "ossa-editor.h"

G_BEGIN_DECLS

/* OssaWindow, one editor window: the panes around one OssaEditor (which the
 * window owns, one per window), the menus' win.* actions, and the document's
 * files. The application owns its windows; a window tells it about files used
 * through OssaWindow::file-used and gets its settings from it. */

#define OSSA_TYPE_WINDOW (ossa_window_get_type ())

G_DECLARE_FINAL_TYPE (OssaWindow, ossa_window, OSSA, WINDOW, GtkApplicationWindow)

OssaWindow *ossa_window_new                    (GtkApplication       *application);
OssaEditor *ossa_window_get_editor             (OssaWindow           *self);
OssaAutosave *ossa_window_get_autosave         (OssaWindow           *self);
void        ossa_window_set_settings           (OssaWindow           *self,
                                                GSettings            *settings);

/* Opening and saving run on a worker thread, one at a time (a second waits for
 * the first); the _async forms return at once, the others turn the main loop
 * until done (for tests and scripts). */
void        ossa_window_open_file_async        (OssaWindow           *self,
                                                GFile                *file,
                                                GAsyncReadyCallback   callback,
                                                gpointer              user_data);
gboolean    ossa_window_open_file_finish       (OssaWindow           *self,
                                                GAsyncResult         *result,
                                                GError              **error);
void        ossa_window_save_file_async        (OssaWindow           *self,
                                                GFile                *file,
                                                GAsyncReadyCallback   callback,
                                                gpointer              user_data);
gboolean    ossa_window_save_file_finish       (OssaWindow           *self,
                                                GAsyncResult         *result,
                                                GError              **error);
gboolean    ossa_window_open_file              (OssaWindow           *self,
                                                GFile                *file,
                                                GError              **error);
gboolean    ossa_window_save_file              (OssaWindow           *self,
                                                GFile                *file,
                                                GError              **error);
/* Whether an open or a save is running (or waiting for an answer about it). */
gboolean    ossa_window_get_busy               (OssaWindow           *self);

void        ossa_window_open                   (OssaWindow           *self,
                                                GFile                *file);
void        ossa_window_new_document           (OssaWindow           *self);

void        ossa_window_ask_save_changes       (OssaWindow           *self,
                                                GAsyncReadyCallback   callback,
                                                gpointer              user_data);
gboolean    ossa_window_ask_save_changes_finish (OssaWindow          *self,
                                                 GAsyncResult        *result);
void        ossa_window_close_async            (OssaWindow           *self,
                                                GAsyncReadyCallback   callback,
                                                gpointer              user_data);
gboolean    ossa_window_close_finish           (OssaWindow           *self,
                                                GAsyncResult         *result);

G_END_DECLS
