/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* OssaPreferencesWindow, Edit ▸ Preferences… (Ctrl+,): the application's
 * settings that a person sets once (style, auto-key, the onion skin, snapping,
 * the SMD import's plane and frame rate, the autosave interval), each control
 * bound to its key so that a change is written at once and every window reading
 * the key follows. One an application, among its windows:
 * ossa_preferences_window_present() brings the open one forward. It holds a
 * reference to the settings; the application holds it while shown, and it goes
 * when closed. */

#define OSSA_TYPE_PREFERENCES_WINDOW (ossa_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (OssaPreferencesWindow, ossa_preferences_window, OSSA, PREFERENCES_WINDOW,
                      GtkWindow)

OssaPreferencesWindow *ossa_preferences_window_present (GtkApplication *app,
                                                        GSettings      *settings,
                                                        GtkWindow      *parent);

G_END_DECLS
