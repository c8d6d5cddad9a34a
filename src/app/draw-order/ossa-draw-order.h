/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ossa-editor.h"

G_BEGIN_DECLS

/* OssaDrawOrder, the Draw Order panel under the bone tree: the document's slots
 * in the order on show, the front one at the top (as a painter's layers panel),
 * each with its picture, name and bone; picking a row picks the slot, and a row
 * dragged to another place (or moved with Ctrl+Up/Down) asks the editor for the
 * new order (the rest order in Setup mode, a key at the playhead in Animate
 * mode). It keeps a reference to its editor; the window owns it through its
 * template. */

#define OSSA_TYPE_DRAW_ORDER (ossa_draw_order_get_type ())

G_DECLARE_FINAL_TYPE (OssaDrawOrder, ossa_draw_order, OSSA, DRAW_ORDER, GtkWidget)

GtkWidget *ossa_draw_order_new        (void);
void       ossa_draw_order_set_editor (OssaDrawOrder *self,
                                       OssaEditor    *editor);

G_END_DECLS
