/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ossa-editor.h"

G_BEGIN_DECLS

/* OssaSlotInspector, the inspector's art section: the picked slot (name, colour
 * with alpha, the attachment it shows) and its attachment (image, place on the
 * bone, size), in the state on show; an edit is an OssaEditor function (the rest
 * values in Setup mode, a key at the playhead in Animate mode for the colour and
 * the attachment shown). With a bone picked instead it lists the bone's slots,
 * each a button that picks it. It keeps a reference to its editor; the bone
 * inspector (OssaInspector) owns it through its template. */

#define OSSA_TYPE_SLOT_INSPECTOR (ossa_slot_inspector_get_type ())

G_DECLARE_FINAL_TYPE (OssaSlotInspector, ossa_slot_inspector, OSSA, SLOT_INSPECTOR, GtkWidget)

GtkWidget *ossa_slot_inspector_new        (void);
void       ossa_slot_inspector_set_editor (OssaSlotInspector *self,
                                           OssaEditor        *editor);

G_END_DECLS
