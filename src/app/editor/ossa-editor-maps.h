/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ossa-editor.h"
#include "ossa-gridmap.h"

G_BEGIN_DECLS

/* The editor's grid-map edits (ossa-editor-maps.c): the one door through which the
 * map workspace changes the document's maps, each edit one undo step (or merged
 * into a drag's step by merge_id, or into an open group). A refused edit changes
 * nothing and says why in @error. Maps are indices into the document's maps; the
 * caller keeps what it passes in (maps and cell values are copied). */

/* A name for a new map: @base, or "@base 2", "@base 3"… when that is taken
 * (@base NULL or empty: "map"). Free with g_free(). */
char     *ossa_editor_unique_map_name    (OssaEditor        *self,
                                          const char        *base);
/* Adds a copy of @map after the last one, under ossa_editor_unique_map_name() of
 * its name. Returns its index, or -1 with @error set. */
int       ossa_editor_add_map            (OssaEditor        *self,
                                          const OssaGridMap *map,
                                          GError           **error);
gboolean  ossa_editor_remove_map         (OssaEditor        *self,
                                          guint              map,
                                          GError           **error);
/* Top-left anchored; new cells are walkable, a start or goal outside is dropped. */
gboolean  ossa_editor_resize_map         (OssaEditor        *self,
                                          guint              map,
                                          guint              width,
                                          guint              height,
                                          GError           **error);
/* Sets the cells of the box x, y, width × height (inside the map) from @values,
 * row by row: 0 blocked, 1 walkable, 0xff keeps the cell. @label names the undo
 * step. When no cell changes nothing is recorded and TRUE is returned. */
gboolean  ossa_editor_set_map_cells      (OssaEditor        *self,
                                          guint              map,
                                          guint              x,
                                          guint              y,
                                          guint              width,
                                          guint              height,
                                          const guint8      *values,
                                          const char        *label,
                                          GError           **error);
/* Sets (or, with has_* FALSE, clears) the start and the goal; edits under one
 * @merge_id (0: none) are one step. Setting what is already there records
 * nothing and returns TRUE. */
gboolean  ossa_editor_set_map_endpoints  (OssaEditor        *self,
                                          guint              map,
                                          gboolean           has_start,
                                          guint              start_x,
                                          guint              start_y,
                                          gboolean           has_goal,
                                          guint              goal_x,
                                          guint              goal_y,
                                          guint64            merge_id,
                                          GError           **error);

G_END_DECLS
