/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ossa-editor.h"

G_BEGIN_DECLS

/* File > Export SMD…: a save chooser with an "Animation" choice (the editor's
 * current one first, the one the suggested file name is of; the name follows
 * the choice until the person types one of their own), then
 * ossa_smd_save_animation() on the chosen file: a note at the foot of @parent
 * that goes by itself when that worked ("Exported “walk” to walk.smd"), a
 * message over @parent when it failed. The chooser keeps a reference to
 * @editor until it is answered; cancelling @cancellable (the window closing)
 * dismisses it. */
void ossa_smd_export_start (GtkWindow    *parent,
                            OssaEditor   *editor,
                            GCancellable *cancellable);

G_END_DECLS
