/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ossa-editor.h"
#include "ossa-gridmap.h"
#include "ossa-map-view.h"
#include "ossa-pathfind.h"

G_BEGIN_DECLS

/* The map workspace: edits the grid maps of an OssaEditor's document (every edit
 * an undoable command; a brush stroke one step), finds the path from the map's
 * start to its goal after every edit (live while painting), shows a search step by
 * step, and runs the cat-and-mice demo.
 *
 * Actions (group "map", see ossa_map_editor_get_actions(); the window inserts it):
 * map.new, map.open, map.save-as, map.resize, map.remove, map.tool (s: brush, rect,
 * line, fill, start, goal, cat, mouse), map.paint (s: wall, floor), map.algorithm
 * (s: astar, dijkstra, greedy), map.connect (i: 8 or 4), map.step-mode (b),
 * map.step, map.finish (the stepped search to its end), map.play (b), map.restart,
 * map.clear-agents, map.set-start (uu), map.set-goal (uu), map.place-cat (uu),
 * map.add-mouse (uu), map.brush-bigger, map.brush-smaller, map.swap-paint,
 * map.zoom-in, map.zoom-out, map.fit. */
#define OSSA_TYPE_MAP_EDITOR (ossa_map_editor_get_type ())

/* OSSA_PATH_MEMORY_BUDGET=BYTES in the environment, read when the workspace is
 * made, sets its searchers' memory budget (ossa_pathfinder_set_memory_budget())
 * instead of the core's default (ossa_pathfinder_default_memory_budget(): 4 GiB,
 * or half the machine's memory if less): a search that would pass it stops, and
 * the side panel's Path line says so and why. For tests and small machines. */
#define OSSA_PATH_MEMORY_BUDGET_ENV "OSSA_PATH_MEMORY_BUDGET"

G_DECLARE_FINAL_TYPE (OssaMapEditor, ossa_map_editor, OSSA, MAP_EDITOR, GtkBox)

typedef enum
{
  OSSA_MAP_TOOL_BRUSH,
  OSSA_MAP_TOOL_RECT,
  OSSA_MAP_TOOL_LINE,
  OSSA_MAP_TOOL_FILL,
  OSSA_MAP_TOOL_START,
  OSSA_MAP_TOOL_GOAL,
  OSSA_MAP_TOOL_CAT,
  OSSA_MAP_TOOL_MOUSE,
} OssaMapTool;

/* What the last search found (or the stepped search so far). */
typedef struct
{
  gboolean searched;     /* a start and a goal were set and a search ran */
  gboolean found;
  double   length;
  guint64  expansions;
  gint64   time_us;
} OssaMapSearchInfo;

GtkWidget    *ossa_map_editor_new             (void);
void          ossa_map_editor_set_editor      (OssaMapEditor     *self,
                                               OssaEditor        *editor);
GActionGroup *ossa_map_editor_get_actions     (OssaMapEditor     *self);
OssaMapView  *ossa_map_editor_get_view        (OssaMapEditor     *self);

/* Index of the document map on show, or -1; also the read-only property "map",
 * notified when another map comes on show. */
int           ossa_map_editor_get_map         (OssaMapEditor     *self);
void          ossa_map_editor_set_map         (OssaMapEditor     *self,
                                               int                map);

gboolean      ossa_map_editor_add_map_file    (OssaMapEditor     *self,
                                               GFile             *file,
                                               GError           **error);
gboolean      ossa_map_editor_save_map_file   (OssaMapEditor     *self,
                                               GFile             *file,
                                               GError           **error);
gboolean      ossa_map_editor_new_map         (OssaMapEditor     *self,
                                               const char        *name,
                                               guint              width,
                                               guint              height,
                                               GError           **error);

/* The mouse, as the view's gestures call it: a primary-button drag in cell
 * coordinates, applying the current tool. */
void          ossa_map_editor_stroke_begin    (OssaMapEditor     *self,
                                               double             x,
                                               double             y);
void          ossa_map_editor_stroke_update   (OssaMapEditor     *self,
                                               double             x,
                                               double             y);
void          ossa_map_editor_stroke_end      (OssaMapEditor     *self,
                                               double             x,
                                               double             y);

/* Runs a pending search now and returns its outcome. */
OssaMapSearchInfo ossa_map_editor_get_search  (OssaMapEditor     *self);
/* The path of the last search (start to goal), owned by the editor. */
const OssaCell *ossa_map_editor_get_path      (OssaMapEditor     *self,
                                               gsize             *n_cells);

/* Step mode: the number of nodes expanded so far and the search's status. */
OssaSearchStatus ossa_map_editor_get_step_status (OssaMapEditor  *self,
                                                  guint64        *steps);

/* The demo: moves the cat and the mice by @seconds of animation (the frame clock
 * calls this while they move). */
void          ossa_map_editor_advance_agents  (OssaMapEditor     *self,
                                               double             seconds);
gboolean      ossa_map_editor_get_cat         (OssaMapEditor     *self,
                                               double            *x,
                                               double            *y);
guint         ossa_map_editor_get_n_mice      (OssaMapEditor     *self);
gboolean      ossa_map_editor_get_mouse       (OssaMapEditor     *self,
                                               guint              index,
                                               double            *x,
                                               double            *y);

G_END_DECLS
