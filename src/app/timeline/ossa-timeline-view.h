/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ossa-editor.h"

G_BEGIN_DECLS

/* The timeline's drawing: a ruler in frames, the playhead, one row per bone (each
 * expandable into its five channels) with the current animation's keys, under it
 * a row per slot on the bone (its colour and attachment keys) and one per IK
 * constraint whose chain starts at the bone (its mix and bend keys) and, when
 * there are slots, the draw order's row first, drawn with GtkSnapshot. Scrubs,
 * selects, moves and deletes keys (bone keys through the editor's key selection,
 * art and IK keys through its own) through the editor,
 * and moves the playhead with its frame clock while the editor is playing. It
 * holds a reference to its editor; its adjustments are its own.
 *
 * Properties: "editor"; "hadjustment" and "vadjustment" (read-only, for
 * scrollbars); "pixels-per-second" (the zoom).
 * Actions: timeline.zoom-in, timeline.zoom-out, timeline.zoom-fit,
 * timeline.delete-keys, timeline.expand-all, timeline.collapse-all. */
#define OSSA_TYPE_TIMELINE_VIEW (ossa_timeline_view_get_type ())

G_DECLARE_FINAL_TYPE (OssaTimelineView, ossa_timeline_view, OSSA, TIMELINE_VIEW, GtkWidget)

GtkWidget     *ossa_timeline_view_new             (void);
void           ossa_timeline_view_set_editor      (OssaTimelineView *self,
                                                   OssaEditor       *editor);
OssaEditor    *ossa_timeline_view_get_editor      (OssaTimelineView *self);
GtkAdjustment *ossa_timeline_view_get_hadjustment (OssaTimelineView *self);
GtkAdjustment *ossa_timeline_view_get_vadjustment (OssaTimelineView *self);
void           ossa_timeline_view_zoom_at         (OssaTimelineView *self,
                                                   double            x,
                                                   double            factor);
void           ossa_timeline_view_zoom_to_fit     (OssaTimelineView *self);
void           ossa_timeline_view_set_expanded    (OssaTimelineView *self,
                                                   guint             bone,
                                                   gboolean          expanded);
gboolean       ossa_timeline_view_get_expanded    (OssaTimelineView *self,
                                                   guint             bone);

G_END_DECLS
