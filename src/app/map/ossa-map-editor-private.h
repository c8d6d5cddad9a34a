/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The map workspace's instance struct and the functions its files share (all
 * state belongs to the OssaMapEditor): ossa-map-editor.c (the GObject, its
 * template and following the document), ossa-map-search.c (the search, step mode
 * and the cell under the pointer), ossa-map-strokes.c (what the mouse does with
 * each tool), ossa-map-chase.c (the cat and the mice), ossa-map-menu.c (the
 * context menu), ossa-map-files.c (new, open, save and the size dialog) and
 * ossa-map-editor-actions.c (the "map" actions and their keys). */

#include "ossa-editor-maps.h"
#include "ossa-map-editor.h"

G_BEGIN_DECLS

/* One of the demo's animals, walking a route. */
typedef struct
{
  double  x, y;      /* centre, cell coordinates */
  GArray *route;     /* of OssaCell: the cells still to visit, in order */
  guint   next;      /* index into route of the cell being walked to */
} OssaMapAgent;

struct _OssaMapEditor
{
  GtkBox              parent_instance;

  /* Template children */
  GtkStack           *content_stack;
  OssaMapView        *view;
  GtkDropDown        *map_dropdown;
  GtkLabel           *size_label;
  GtkLabel           *found_label;
  GtkLabel           *length_label;
  GtkLabel           *expansions_label;
  GtkLabel           *time_label;
  GtkLabel           *search_error_label;
  GtkLabel           *step_label;
  GtkLabel           *cell_label;
  GtkLabel           *speed_label;
  GtkLabel           *agents_label;
  GtkAdjustment      *brush_adjustment;
  GtkAdjustment      *speed_adjustment;
  GtkAdjustment      *cat_speed_adjustment;

  OssaEditor         *editor;
  GSimpleActionGroup *actions;
  GtkStringList      *map_names;
  GtkWidget          *context_menu;
  gboolean            updating_dropdown;

  /* The map on show: its index and a copy of its cells (what the view draws and
   * the searchers were told), compared with the document after every change. */
  int                 map;
  int                 notified_map;  /* the "map" value last notified */
  guint               width, height;
  guint8             *cells;
  gboolean            has_start, has_goal;
  guint               start_x, start_y, goal_x, goal_y;
  /* Set around our own cell edits: only this box can differ. */
  gboolean            hint_valid;
  guint               hint[4];   /* x, y, width, height */

  OssaPathfinder     *finder;     /* the start-to-goal search, stepped or not */
  OssaPathfinder     *agent_finder;
  /* Binding the map on show to the searcher failed (over its memory budget, out
   * of memory): every search fails with this until a bind works. */
  GError             *map_error;

  OssaMapTool         tool;
  gboolean            paint_walkable;
  OssaPathAlgorithm   algorithm;
  int                 connect;

  /* The live search. */
  guint               search_idle;
  OssaMapSearchInfo   info;
  GArray             *path;       /* of OssaCell */
  /* Why the search on show, live or stepped, could not run or stopped before its
   * end, in the person's language; NULL when it ran (found or not). */
  GError             *search_error;

  /* A drag. */
  gboolean            stroking;
  int                 stroke_x0, stroke_y0, stroke_x, stroke_y;
  guint64             merge_id;

  /* Step mode. */
  gboolean            stepping;
  gboolean            playing;
  guint8             *states;
  guint64             steps;
  double              step_carry;
  guint               step_tick;
  gint64              step_last_time;

  /* The demo. */
  gboolean            has_cat;
  OssaMapAgent        cat;
  GArray             *mice;       /* of OssaMapAgent */
  guint               caught;
  GRand              *rand;
  guint               agent_tick;
  gint64              agent_last_time;
};

/* ossa-map-editor.c */
const OssaGridMap *_ossa_map_editor_current_map      (OssaMapEditor *self);
GSimpleAction     *_ossa_map_editor_lookup           (OssaMapEditor *self,
                                                      const char    *name);
void               _ossa_map_editor_show_error       (OssaMapEditor *self,
                                                      const char    *primary,
                                                      const GError  *error);
void               _ossa_map_editor_set_label_printf (GtkLabel      *label,
                                                      const char    *format,
                                                      ...) G_GNUC_PRINTF (2, 3);
/* Hands the view the start, goal, current node, cat and mice. */
void               _ossa_map_editor_update_marks     (OssaMapEditor *self);
/* Sets both searchers' memory budget in bytes (0: the core's default), binds the
 * map again and searches again: what OSSA_PATH_MEMORY_BUDGET sets at start. */
void               _ossa_map_editor_set_memory_budget (OssaMapEditor *self,
                                                       guint64        bytes);
/* The cell at cell coordinates (x, y); whether it is on the map. */
gboolean           _ossa_map_editor_cell_of          (OssaMapEditor *self,
                                                      double         x,
                                                      double         y,
                                                      int           *cx,
                                                      int           *cy);

/* ossa-map-search.c: the search after every edit, or step by step. */
void               _ossa_map_editor_init_search      (OssaMapEditor *self);
void               _ossa_map_editor_schedule_search  (OssaMapEditor *self);
void               _ossa_map_editor_search_settings_changed (OssaMapEditor *self);
void               _ossa_map_editor_start_stepping   (OssaMapEditor *self);
void               _ossa_map_editor_restart_stepping (OssaMapEditor *self);
void               _ossa_map_editor_stop_stepping    (OssaMapEditor *self);
gboolean           _ossa_map_editor_step_search      (OssaMapEditor *self,
                                                      guint          n);
void               _ossa_map_editor_finish_search    (OssaMapEditor *self);
void               _ossa_map_editor_set_playing      (OssaMapEditor *self,
                                                      gboolean       playing);

/* ossa-map-strokes.c: the view's primary drag, and the start and goal. */
void               _ossa_map_editor_init_strokes     (OssaMapEditor *self);
void               _ossa_map_editor_set_endpoints    (OssaMapEditor *self,
                                                      gboolean       has_start,
                                                      guint          sx,
                                                      guint          sy,
                                                      gboolean       has_goal,
                                                      guint          gx,
                                                      guint          gy,
                                                      guint64        merge_id);
void               _ossa_map_editor_place_start      (OssaMapEditor *self,
                                                      guint          x,
                                                      guint          y,
                                                      guint64        merge_id);
void               _ossa_map_editor_place_goal       (OssaMapEditor *self,
                                                      guint          x,
                                                      guint          y,
                                                      guint64        merge_id);

/* ossa-map-chase.c: the cat and the mice. */
void               _ossa_map_editor_place_cat        (OssaMapEditor *self,
                                                      guint          x,
                                                      guint          y);
void               _ossa_map_editor_send_cat         (OssaMapEditor *self,
                                                      guint          x,
                                                      guint          y);
void               _ossa_map_editor_toggle_mouse     (OssaMapEditor *self,
                                                      guint          x,
                                                      guint          y);
void               _ossa_map_editor_clear_agents     (OssaMapEditor *self);
void               _ossa_map_editor_update_agents_label (OssaMapEditor *self);
/* Stops the animation (dispose) and frees the routes (finalize). */
void               _ossa_map_editor_stop_agents      (OssaMapEditor *self);
void               _ossa_map_editor_free_agents      (OssaMapEditor *self);

/* ossa-map-menu.c */
void               _ossa_map_editor_init_menu        (OssaMapEditor *self);

/* ossa-map-files.c */
void               _ossa_map_editor_choose_file      (OssaMapEditor *self,
                                                      gboolean       save);
void               _ossa_map_editor_show_size_dialog (OssaMapEditor *self,
                                                      gboolean       resize);

/* ossa-map-editor-actions.c */
void               _ossa_map_editor_init_actions     (OssaMapEditor *self);
void               _ossa_map_editor_update_actions   (OssaMapEditor *self);

G_END_DECLS
