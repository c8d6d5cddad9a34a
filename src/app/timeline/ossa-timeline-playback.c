/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-timeline-view"

#include "config.h"

#include <math.h>

#include "ossa-timeline-view-private.h"

/* Playback: while the editor plays, the view's frame-clock tick moves the
 * playhead, at time = anchor_time + (frame time - anchor_us) × speed, so that a
 * slow frame does not slow the animation down. The anchor is taken again when
 * playing starts, the speed changes, or someone else moves the playhead. */

void
_ossa_timeline_view_tick (OssaTimelineView *self, gint64 frame_time_us)
{
  const OssaAnimation *anim;
  double end, t;

  g_return_if_fail (OSSA_IS_TIMELINE_VIEW (self));
  if (self->editor == NULL || !ossa_editor_get_playing (self->editor))
    return;
  anim = _ossa_timeline_view_get_animation (self);
  end = ossa_editor_get_end_time (self->editor);
  if (anim == NULL || end <= 0)
    {
      ossa_editor_set_playing (self->editor, FALSE);
      return;
    }
  /* Started, or someone moved the playhead meanwhile: time counts from here. */
  if (self->anchor_us < 0 || ossa_editor_get_time (self->editor) != self->last_set_time)
    {
      self->anchor_us = frame_time_us;
      self->anchor_time = ossa_editor_get_time (self->editor);
    }
  t = self->anchor_time
      + (double) (frame_time_us - self->anchor_us) / G_USEC_PER_SEC
          * ossa_editor_get_speed (self->editor);
  if (anim->loop)
    t = fmod (t, end);
  else if (t >= end)
    {
      t = end;
      ossa_editor_set_playing (self->editor, FALSE);
    }
  self->last_set_time = t;
  ossa_editor_set_time (self->editor, t);
  self->last_set_time = ossa_editor_get_time (self->editor);
}

static gboolean
tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  _ossa_timeline_view_tick (OSSA_TIMELINE_VIEW (widget), gdk_frame_clock_get_frame_time (clock));
  return G_SOURCE_CONTINUE;
}

void
_ossa_timeline_view_re_anchor (OssaTimelineView *self)
{
  self->anchor_us = -1;
}

void
_ossa_timeline_view_update_ticking (OssaTimelineView *self)
{
  OssaEditor *editor = self->editor;
  gboolean playing = ossa_editor_get_playing (editor);

  if (playing && self->tick_id == 0)
    {
      const OssaAnimation *anim = _ossa_timeline_view_get_animation (self);
      double end = ossa_editor_get_end_time (editor);

      /* Play from the start when the playhead is at the end of a one-shot. */
      if (anim != NULL && !anim->loop && ossa_editor_get_time (editor) >= end - 1e-6)
        ossa_editor_set_time (editor, 0);
      _ossa_timeline_view_re_anchor (self);
      self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), tick_cb, NULL, NULL);
    }
  else if (!playing)
    _ossa_timeline_view_stop_ticking (self);
}

void
_ossa_timeline_view_stop_ticking (OssaTimelineView *self)
{
  if (self->tick_id == 0)
    return;
  gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
}
