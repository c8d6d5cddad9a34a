/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ossa-hierarchy.h"

G_BEGIN_DECLS

/* For the GUI tests: what the panel's gestures call, without the gestures. */

/* What a drop of @bone does: onto bone @new_parent, or onto the empty space under
 * the rows when @new_parent is -1. A refused drop changes nothing and shows the
 * core's reason under the list; returns whether the bone moved. */
gboolean     _ossa_hierarchy_drop_bone        (OssaHierarchy *self,
                                               guint          bone,
                                               int            new_parent);

/* The entry of the row being renamed, or NULL. */
GtkEditable *_ossa_hierarchy_get_rename_entry (OssaHierarchy *self);

/* The text of the message under the list ("" when none is shown). */
const char  *_ossa_hierarchy_get_message      (OssaHierarchy *self);

G_END_DECLS
