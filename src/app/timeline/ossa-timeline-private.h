/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ossa-timeline.h"
#include "ossa-timeline-view.h"

G_BEGIN_DECLS

/* For tests and benchmarks: the timeline's geometry and the entry points its
 * gestures call, in the view's widget coordinates (logical pixels). */

#define OSSA_TIMELINE_NAMES_WIDTH  184.0  /* the bone names column */
#define OSSA_TIMELINE_RULER_HEIGHT 26.0
#define OSSA_TIMELINE_ROW_HEIGHT   22.0   /* a bone's row */
#define OSSA_TIMELINE_CHANNEL_HEIGHT 19.0 /* one of its channels, when expanded */

OssaTimelineView *_ossa_timeline_get_view      (OssaTimeline     *self);

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
/* Marks the key layer stale, as a scroll or an edit does. */
void     _ossa_timeline_view_invalidate  (OssaTimelineView  *self);

G_END_DECLS
