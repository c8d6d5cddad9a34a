/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ossa-timeline.h"
#include "ossa-timeline-view.h"

G_BEGIN_DECLS

/* For tests and benchmarks: the panel's parts. The view's own entry points are in
 * ossa-timeline-view-private.h. */

/* The timeline view inside the panel (owned by the panel). */
OssaTimelineView *_ossa_timeline_get_view (OssaTimeline *self);

G_END_DECLS
