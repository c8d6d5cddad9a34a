/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ossa-editor.h"

G_BEGIN_DECLS

/* The timeline panel under the canvas: a header row (the current animation with
 * its menu, length, frame rate and loop flag; transport; playback speed; keying
 * and auto-key; onion skin and motion path; zoom to fit) over the timeline view
 * (ossa-timeline-view.h) and its scrollbars. The panel holds a reference to its
 * editor and owns the view. Its buttons and menu act through win.* actions
 * (ossa-window-actions.c), and the view's own timeline.* ones (expand, collapse,
 * zoom to fit).
 *
 * Properties: "editor"; "onion-frames" (how many frames apart the onion skin's
 * ghosts are, bound to the canvas by the window); "snap-keys-to-frames" (keys
 * dragged land on whole frames, Shift doing the other; default on). */
#define OSSA_TYPE_TIMELINE (ossa_timeline_get_type ())

G_DECLARE_FINAL_TYPE (OssaTimeline, ossa_timeline, OSSA, TIMELINE, GtkWidget)

GtkWidget  *ossa_timeline_new          (void);
void        ossa_timeline_set_editor   (OssaTimeline *self,
                                        OssaEditor   *editor);
OssaEditor *ossa_timeline_get_editor   (OssaTimeline *self);
/* Opens the rename field over the animation list. */
void        ossa_timeline_start_rename (OssaTimeline *self);

G_END_DECLS
