/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ossa-editor.h"

G_BEGIN_DECLS

/* File > Export SMD…: a save chooser with an "Animation" choice (the editor's
 * current one first), then ossa_smd_save_animation() on the chosen file, and a
 * message over @parent when that fails. The chooser keeps a reference to
 * @editor until it is answered; cancelling @cancellable (the window closing)
 * dismisses it. */
void ossa_smd_export_start (GtkWindow    *parent,
                            OssaEditor   *editor,
                            GCancellable *cancellable);

G_END_DECLS
