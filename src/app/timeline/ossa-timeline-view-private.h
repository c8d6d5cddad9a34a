/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ossa-editor-ik-keys.h"
#include "ossa-timeline-view.h"

G_BEGIN_DECLS

/* What the timeline view's files share (the instance struct, its geometry, the
 * functions one file offers another) and the entry points tests and benchmarks
 * drive it through. Everything the struct points to is the view's own (freed in
 * dispose/finalize, ossa-timeline-view.c) except the editor, of which it holds a
 * reference.
 *
 *   ossa-timeline-view.c        the GObject: properties, zoom, actions, editor binding
 *   ossa-timeline-geometry.c    rows, tracks, time <-> x, the scroll adjustments
 *   ossa-timeline-keys-layer.c  the keys stamped into one pixel layer
 *   ossa-timeline-snapshot.c    the drawing, and the still texture it keeps
 *   ossa-timeline-hit.c         which row, key or keys are under a point
 *   ossa-timeline-slots.c       the art's rows: slot and draw-order keys, their
 *                               selection (the view's own) and their hits
 *   ossa-timeline-ik.c          the IK constraints' rows: their keys, selection
 *                               (the view's own too), hits, presses and moves
 *   ossa-key-set.c              the sorted sets those two selections are
 *   ossa-timeline-input.c       the pointer: scrub, select, drag keys, band, pan, wheel
 *   ossa-timeline-playback.c    the frame-clock tick that moves the playhead */

/* Geometry, in widget coordinates (logical pixels). */
#define OSSA_TIMELINE_NAMES_WIDTH  184.0  /* the bone names column */
#define OSSA_TIMELINE_RULER_HEIGHT 26.0
#define OSSA_TIMELINE_ROW_HEIGHT   22.0   /* a bone's row */
#define OSSA_TIMELINE_CHANNEL_HEIGHT 19.0 /* one of its channels, when expanded */
#define OSSA_TIMELINE_KEY_RADIUS_BONE    5.5  /* a key drawn on a bone's row */
#define OSSA_TIMELINE_KEY_RADIUS_CHANNEL 4.5  /* on a channel's row */
#define OSSA_TIMELINE_LEFT_MARGIN        14.0 /* room before time 0 */

/* ---- for tests and benchmarks: what the gestures and the frame clock call ---- */

double   _ossa_timeline_view_time_to_x   (OssaTimelineView *self,
                                          double            time);
double   _ossa_timeline_view_x_to_time   (OssaTimelineView *self,
                                          double            x);
/* The middle of the row of @bone (@channel -1) or of one of its channels; FALSE
 * when that row is not listed (a collapsed bone's channels). */
gboolean _ossa_timeline_view_row_y       (OssaTimelineView *self,
                                          guint             bone,
                                          int               channel,
                                          double           *y);
void     _ossa_timeline_view_press       (OssaTimelineView *self,
                                          double            x,
                                          double            y,
                                          GdkModifierType   state);
void     _ossa_timeline_view_motion      (OssaTimelineView *self,
                                          double            x,
                                          double            y,
                                          GdkModifierType   state);
void     _ossa_timeline_view_release     (OssaTimelineView *self,
                                          double            x,
                                          double            y,
                                          GdkModifierType   state);
/* The middle of the row of @slot, or with @slot -1 of the draw-order row; FALSE
 * when there is none (a document without slots has neither). */
gboolean _ossa_timeline_view_slot_row_y  (OssaTimelineView *self,
                                          int               slot,
                                          double           *y);
/* The middle of the row of IK constraint @constraint; FALSE when it has none. */
gboolean _ossa_timeline_view_ik_row_y    (OssaTimelineView *self,
                                          guint             constraint,
                                          double           *y);
/* The IK keys picked on the timeline (sorted by constraint and time; owned by the
 * view). */
const OssaIkKeyRef *_ossa_timeline_view_get_selected_ik_keys (OssaTimelineView *self,
                                                              gsize            *n_keys);
/* The slot and draw-order keys picked on the timeline (sorted; owned by the view),
 * apart from the editor's bone keys: Delete on the timeline removes both. */
const OssaSlotKeyRef *_ossa_timeline_view_get_selected_slot_keys (OssaTimelineView *self,
                                                                  gsize            *n_keys);
/* One frame-clock tick of playback at @frame_time_us (monotonic microseconds). */
void     _ossa_timeline_view_tick        (OssaTimelineView *self,
                                          gint64            frame_time_us);

typedef struct
{
  guint64 snapshots;    /* snapshots taken so far */
  guint64 layers;       /* key layers drawn so far */
  guint   keys_drawn;   /* keys in the last key layer */
  gint64  layer_us;     /* the last key layer, microseconds */
  gint64  snapshot_us;  /* the last whole snapshot (layer included) */
  guint64 still_renders; /* times all but the playhead was drawn into its texture */
} OssaTimelineStats;

void     _ossa_timeline_view_get_stats   (OssaTimelineView  *self,
                                          OssaTimelineStats *stats);
/* Marks the key layer stale (and the still picture with it), as a scroll or an
 * edit does, and queues a draw. */
void     _ossa_timeline_view_invalidate  (OssaTimelineView  *self);

/* ---- the instance ---- */

typedef enum
{
  OSSA_TIMELINE_ROW_BONE,
  OSSA_TIMELINE_ROW_CHANNEL,     /* one of an expanded bone's channels */
  OSSA_TIMELINE_ROW_SLOT,        /* a slot on the bone: its colour and attachment keys */
  OSSA_TIMELINE_ROW_DRAW_ORDER,  /* the draw-order keys, first of all when there are slots */
  OSSA_TIMELINE_ROW_IK,          /* an IK constraint on the bone: its mix and bend keys */
} OssaTimelineRowKind;

/* One listed row: a bone's, one of its channels' when the bone is expanded, one
 * of its slots', an IK constraint's (under the first bone of its chain, after the
 * slots), or the draw order's. */
typedef struct
{
  guint  bone;      /* a slot's: the slot's bone; the draw order's: 0 */
  int    channel;   /* a channel row's channel, else -1 */
  guint  depth;
  double y;         /* top, in row space (0 = under the ruler) */
  double height;
  OssaTimelineRowKind kind;
  guint  slot;      /* a slot row's */
  guint  constraint; /* an IK row's */
} OssaTimelineRow;

/* The gesture in progress. */
typedef enum
{
  OSSA_TIMELINE_DRAG_NONE,
  OSSA_TIMELINE_DRAG_SCRUB,
  OSSA_TIMELINE_DRAG_KEYS,
  OSSA_TIMELINE_DRAG_ART_KEYS,  /* the picked slot and draw-order keys */
  OSSA_TIMELINE_DRAG_IK_KEYS,   /* the picked IK keys */
  OSSA_TIMELINE_DRAG_BAND,
  OSSA_TIMELINE_DRAG_PAN,
  OSSA_TIMELINE_DRAG_NAMES,
} OssaTimelineDrag;

struct _OssaTimelineView
{
  GtkWidget          parent_instance;

  OssaEditor        *editor;
  GtkAdjustment     *hadj;
  GtkAdjustment     *vadj;
  double             pps;

  /* Rows, laid out when the skeleton's shape or an expander changes. */
  GArray            *rows;          /* of OssaTimelineRow */
  guint8            *expanded;
  gsize              n_expanded;
  double             rows_height;
  gboolean           rows_stale;

  /* (bone, channel) -> track index in the current animation, or -1. */
  gssize            *tracks;
  gsize              tracks_bones;
  gboolean           tracks_stale;
  /* (slot, slot channel) -> slot track index in the current animation, or -1
   * (rebuilt with tracks). */
  gssize            *slot_tracks;
  gsize              slot_tracks_slots;

  /* The slot and draw-order keys picked here (of OssaSlotKeyRef, sorted). */
  GArray            *slot_selection;
  /* The IK keys picked here (of OssaIkKeyRef, sorted). */
  GArray            *ik_selection;
  gboolean           own_key_selection;  /* the view is changing the editor's keys */

  /* Everything but the playhead (rows, ruler, grid, keys) as one texture, drawn
   * again only when one of them changes: while the animation plays only the
   * playhead moves, and a software renderer would otherwise draw hundreds of
   * rows, lines and labels every frame. */
  GdkTexture        *still;
  gboolean           still_stale;
  int                still_width, still_height, still_scale;

  /* The key layer: device pixels of the key area under the ruler. */
  GdkTexture        *layer;
  gboolean           layer_stale;

  /* The gesture in progress. */
  OssaTimelineDrag   drag;
  gboolean           drag_active;
  double             press_x, press_y;
  double             drag_x, drag_y;
  GdkModifierType    press_state;
  OssaKeyRef         press_key;     /* the key pressed on (DRAG_KEYS) */
  gboolean           press_was_selected;
  float              press_art_time; /* the art key pressed on (DRAG_ART_KEYS) */
  float              press_ik_time;  /* the IK key pressed on (DRAG_IK_KEYS) */
  double             move_delta;    /* seconds, while keys are dragged */
  gboolean           move_snap;
  gboolean           snap_keys;     /* moved keys land on frames (Shift: the other) */
  double             pan_value;
  double             pan_vvalue;
  double             pan_dx, pan_dy; /* the middle-button pan so far, pixels */

  /* The pointer over the ruler: the time under it in seconds is shown. */
  gboolean           hover_ruler;
  double             hover_x;

  /* Playback: time = anchor_time + (frame time - anchor_us) × speed. */
  guint              tick_id;
  gint64             anchor_us;
  double             anchor_time;
  double             last_set_time;

  PangoLayout       *layout;
  PangoLayout       *small_layout;
  OssaTimelineStats  stats;
  char              *dump_path;
};

/* ---- between the view's files ---- */

/* ossa-key-set.c: a GArray of key references sorted by @compare, without
 * repeats (the picked art keys and IK keys). */
typedef gboolean (*OssaKeyKeepFunc) (gconstpointer key,
                                     gpointer      data);

/* Adds @n_keys keys (repeats, and keys already there, go in once). */
void                   _ossa_key_set_insert                   (GArray                *set,
                                                               gconstpointer          keys,
                                                               guint                  n_keys,
                                                               GCompareFunc           compare);
/* The set's element equal to @key, or NULL. */
gpointer               _ossa_key_set_find                     (GArray                *set,
                                                               gconstpointer          key,
                                                               GCompareFunc           compare);
/* Each returns whether the set changed. */
gboolean               _ossa_key_set_remove                   (GArray                *set,
                                                               gconstpointer          key,
                                                               GCompareFunc           compare);
gboolean               _ossa_key_set_clear                    (GArray                *set);
/* Keeps the keys for which @keep says TRUE, in their order. */
gboolean               _ossa_key_set_keep                     (GArray                *set,
                                                               OssaKeyKeepFunc        keep,
                                                               gpointer               data);

/* ossa-timeline-view.c */
void                   _ossa_timeline_view_report             (OssaTimelineView      *self,
                                                               GError                *error);

/* ossa-timeline-geometry.c */
const OssaAnimation   *_ossa_timeline_view_get_animation      (OssaTimelineView      *self);
double                 _ossa_timeline_view_frame_rate         (OssaTimelineView      *self);
double                 _ossa_timeline_view_snap_to_frame      (OssaTimelineView      *self,
                                                               double                 t);
/* The width of the key area and the height of the rows' area, at least 1. */
double                 _ossa_timeline_view_key_width          (OssaTimelineView      *self);
double                 _ossa_timeline_view_rows_view_height   (OssaTimelineView      *self);
void                   _ossa_timeline_view_ensure_rows        (OssaTimelineView      *self);
/* The track of (@bone, @channel) in the current animation, or NULL. */
const OssaTrack       *_ossa_timeline_view_track_of           (OssaTimelineView      *self,
                                                               guint                  bone,
                                                               int                    channel);
/* The slot track of (@slot, @channel) in the current animation, or NULL. */
const OssaSlotTrack   *_ossa_timeline_view_slot_track_of      (OssaTimelineView      *self,
                                                               guint                  slot,
                                                               OssaSlotChannel        channel);
/* The index of the first row whose bottom is below row-space @y. */
guint                  _ossa_timeline_view_row_index_at       (OssaTimelineView      *self,
                                                               double                 y);
/* A row's top in widget coordinates. */
double                 _ossa_timeline_view_row_top            (OssaTimelineView      *self,
                                                               const OssaTimelineRow *row);
/* How far a row's name is indented for its depth in the tree. */
double                 _ossa_timeline_view_row_indent         (const OssaTimelineRow *row);
/* The end of what the horizontal scrollbar covers: the animation and its keys. */
double                 _ossa_timeline_view_content_end        (OssaTimelineView      *self);
void                   _ossa_timeline_view_update_adjustments (OssaTimelineView      *self);
/* Keeps the playhead in view while it plays or steps. */
void                   _ossa_timeline_view_follow_playhead    (OssaTimelineView      *self);

/* ossa-timeline-keys-layer.c: draws self->layer anew at @scale device pixels a
 * logical one. */
void                   _ossa_timeline_view_draw_keys_layer    (OssaTimelineView      *self,
                                                               int                    scale);
/* Where a picked key at @time is drawn while the picked keys are dragged
 * (move_delta, move_snap). */
float                  _ossa_timeline_view_dragged_time       (OssaTimelineView      *self,
                                                               float                  time);

/* ossa-timeline-snapshot.c */
void                   _ossa_timeline_view_snapshot           (GtkWidget             *widget,
                                                               GtkSnapshot           *snapshot);
/* Marks the still picture stale and queues a draw (the key layer stays). */
void                   _ossa_timeline_view_redraw             (OssaTimelineView      *self);

/* ossa-timeline-hit.c */
/* The row under widget y, or NULL. */
const OssaTimelineRow *_ossa_timeline_view_row_at             (OssaTimelineView      *self,
                                                               double                 y);
/* Whether widget x on a bone's row is on its expander. */
gboolean               _ossa_timeline_view_on_expander        (const OssaTimelineRow *row,
                                                               double                 x);
/* The key nearest to widget @x on @row, within its drawn size: its time in *time
 * (the exact stored value) and its channel. */
gboolean               _ossa_timeline_view_key_at             (OssaTimelineView      *self,
                                                               const OssaTimelineRow *row,
                                                               double                 x,
                                                               float                 *time,
                                                               int                   *channel);
/* The keys on @row from @t0 to @t1 (of OssaKeyRef, the caller's): on a channel
 * row, that channel's; on a bone row, the bone's in every channel. */
GArray                *_ossa_timeline_view_keys_of            (OssaTimelineView      *self,
                                                               const OssaTimelineRow *row,
                                                               double                 t0,
                                                               double                 t1);
/* The keys of one row from @t0 to @t1, in a new GArray (the caller's). */
typedef GArray *(*OssaRowKeysFunc) (OssaTimelineView      *self,
                                    const OssaTimelineRow *row,
                                    double                 t0,
                                    double                 t1);
/* The keys @keys_of finds on the rows inside the widget rectangle (x0, y0)-(x1,
 * y1), corners in any order, with the room of a key's drawn size around it (of
 * @element_size each, the caller's). */
GArray                *_ossa_timeline_view_keys_in_band       (OssaTimelineView      *self,
                                                               double                 x0,
                                                               double                 y0,
                                                               double                 x1,
                                                               double                 y1,
                                                               guint                  element_size,
                                                               OssaRowKeysFunc        keys_of);
/* The bone keys inside the widget rectangle (x0, y0)-(x1, y1), corners in any
 * order (of OssaKeyRef, the caller's). */
GArray                *_ossa_timeline_view_keys_in_rect       (OssaTimelineView      *self,
                                                               double                 x0,
                                                               double                 y0,
                                                               double                 x1,
                                                               double                 y1);
/* TRUE when @keys (of OssaKeyRef) is not empty and all of them are selected. */
gboolean               _ossa_timeline_view_keys_all_selected  (OssaTimelineView      *self,
                                                               GArray                *keys);

/* ossa-timeline-slots.c */
/* The slot or draw-order key nearest to widget @x on an art row (slot or draw
 * order), within its drawn size. */
gboolean               _ossa_timeline_view_slot_key_at        (OssaTimelineView      *self,
                                                               const OssaTimelineRow *row,
                                                               double                 x,
                                                               OssaSlotKeyRef        *key);
/* The keys on an art @row from @t0 to @t1 (of OssaSlotKeyRef, the caller's; empty
 * for other rows). */
GArray                *_ossa_timeline_view_slot_keys_of       (OssaTimelineView      *self,
                                                               const OssaTimelineRow *row,
                                                               double                 t0,
                                                               double                 t1);
/* The art keys inside a widget rectangle, as _ossa_timeline_view_keys_in_rect(). */
GArray                *_ossa_timeline_view_slot_keys_in_rect  (OssaTimelineView      *self,
                                                               double                 x0,
                                                               double                 y0,
                                                               double                 x1,
                                                               double                 y1);
gboolean               _ossa_timeline_view_is_slot_key_selected (OssaTimelineView    *self,
                                                                 const OssaSlotKeyRef *key);
/* Replaces the picked art keys with @keys, or adds them (@extend). */
void                   _ossa_timeline_view_select_slot_keys   (OssaTimelineView      *self,
                                                               const OssaSlotKeyRef  *keys,
                                                               gsize                  n_keys,
                                                               gboolean               extend);
void                   _ossa_timeline_view_toggle_slot_keys   (OssaTimelineView      *self,
                                                               GArray                *keys);
void                   _ossa_timeline_view_clear_slot_keys    (OssaTimelineView      *self);
/* Where a picked art key is drawn while the picked art keys are dragged. */
float                  _ossa_timeline_view_art_key_time       (OssaTimelineView      *self,
                                                               const OssaSlotKeyRef  *key);
/* The picked art keys moved by the drag so far (move_delta, move_snap). */
void                   _ossa_timeline_view_move_slot_keys     (OssaTimelineView      *self);
/* Drops the picked art keys that are no longer there (after an edit). */
void                   _ossa_timeline_view_prune_slot_keys    (OssaTimelineView      *self);
/* Delete on the timeline: the editor's selected keys and the picked art keys, one
 * undo step. */
gboolean               _ossa_timeline_view_delete_keys        (OssaTimelineView      *self,
                                                               GError               **error);

/* ossa-timeline-ik.c */
/* The first key of @track at or after @t (n_keys when none). */
gsize                  _ossa_timeline_view_ik_first_key       (const OssaIkTrack     *track,
                                                               double                 t);
/* The IK key nearest to widget @x on an IK @row, within its drawn size: its exact
 * time. */
gboolean               _ossa_timeline_view_ik_key_at          (OssaTimelineView      *self,
                                                               const OssaTimelineRow *row,
                                                               double                 x,
                                                               float                 *time);
/* The keys on an IK @row from @t0 to @t1 (of OssaIkKeyRef, the caller's; empty
 * for other rows). */
GArray                *_ossa_timeline_view_ik_keys_of         (OssaTimelineView      *self,
                                                               const OssaTimelineRow *row,
                                                               double                 t0,
                                                               double                 t1);
/* The IK keys inside a widget rectangle, as _ossa_timeline_view_keys_in_rect(). */
GArray                *_ossa_timeline_view_ik_keys_in_rect   (OssaTimelineView      *self,
                                                               double                 x0,
                                                               double                 y0,
                                                               double                 x1,
                                                               double                 y1);
gboolean               _ossa_timeline_view_is_ik_key_selected (OssaTimelineView      *self,
                                                               const OssaIkKeyRef    *key);
/* Replaces the picked IK keys with @keys, or adds them (@extend). */
void                   _ossa_timeline_view_select_ik_keys     (OssaTimelineView      *self,
                                                               const OssaIkKeyRef    *keys,
                                                               gsize                  n_keys,
                                                               gboolean               extend);
void                   _ossa_timeline_view_clear_ik_keys      (OssaTimelineView      *self);
/* Drops the picked IK keys that are no longer there (after an edit). */
void                   _ossa_timeline_view_prune_ik_keys      (OssaTimelineView      *self);
/* Where a picked IK key is drawn while the picked IK keys are dragged. */
float                  _ossa_timeline_view_ik_key_time        (OssaTimelineView      *self,
                                                               const OssaIkKeyRef    *key);
/* A press on an IK row's key (picks it, Ctrl toggles, Shift adds; starts
 * DRAG_IK_KEYS): whether there was one. */
gboolean               _ossa_timeline_view_press_ik_key       (OssaTimelineView      *self,
                                                               const OssaTimelineRow *row,
                                                               double                 x,
                                                               GdkModifierType        state);
/* The release that ends DRAG_IK_KEYS: moves the picked keys (dragged), or picks
 * the pressed ones alone (a click). */
void                   _ossa_timeline_view_release_ik_keys    (OssaTimelineView      *self);

/* ossa-timeline-input.c: adds the pointer's controllers. */
void                   _ossa_timeline_view_init_input         (OssaTimelineView      *self);

/* ossa-timeline-playback.c */
/* Starts or stops the frame-clock tick as the editor plays or stops. */
void                   _ossa_timeline_view_update_ticking     (OssaTimelineView      *self);
void                   _ossa_timeline_view_stop_ticking       (OssaTimelineView      *self);
/* Time counts from the playhead's place again at the next tick (the speed changed). */
void                   _ossa_timeline_view_re_anchor          (OssaTimelineView      *self);

G_END_DECLS
