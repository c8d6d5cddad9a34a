/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* OssaBoneObject, one bone as a list item: the bone tree's model holds one per
 * row (its index, name, depth and colour, copied from the skeleton), and a
 * dragged row carries one. It owns its name; the list store owns the objects. */

#define OSSA_TYPE_BONE_OBJECT (ossa_bone_object_get_type ())

G_DECLARE_FINAL_TYPE (OssaBoneObject, ossa_bone_object, OSSA, BONE_OBJECT, GObject)

OssaBoneObject *ossa_bone_object_new       (guint       index,
                                            const char *name,
                                            guint       depth,
                                            guint32     color);
guint           ossa_bone_object_get_index (OssaBoneObject *self);
const char     *ossa_bone_object_get_name  (OssaBoneObject *self);
void            ossa_bone_object_set_name  (OssaBoneObject *self,
                                            const char     *name);
guint           ossa_bone_object_get_depth (OssaBoneObject *self);
guint32         ossa_bone_object_get_color (OssaBoneObject *self);

G_END_DECLS
