/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-timeline-view"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ossa-timeline-view-private.h"

/* Where things are on the timeline: time <-> x, the rows (laid out once per
 * skeleton shape and expander change, so that a point finds its row by binary
 * search), which track each row shows, and the scroll adjustments that span
 * them. */

#define INDENT     10.0  /* a level of the bone tree, in the names column */
#define INDENT_MAX 8

double
_ossa_timeline_view_key_width (OssaTimelineView *self)
{
  return MAX (gtk_widget_get_width (GTK_WIDGET (self)) - OSSA_TIMELINE_NAMES_WIDTH, 1);
}

double
_ossa_timeline_view_rows_view_height (OssaTimelineView *self)
{
  return MAX (gtk_widget_get_height (GTK_WIDGET (self)) - OSSA_TIMELINE_RULER_HEIGHT, 1);
}

double
_ossa_timeline_view_time_to_x (OssaTimelineView *self, double time)
{
  return OSSA_TIMELINE_NAMES_WIDTH + (time - gtk_adjustment_get_value (self->hadj)) * self->pps;
}

double
_ossa_timeline_view_x_to_time (OssaTimelineView *self, double x)
{
  return gtk_adjustment_get_value (self->hadj) + (x - OSSA_TIMELINE_NAMES_WIDTH) / self->pps;
}

const OssaAnimation *
_ossa_timeline_view_get_animation (OssaTimelineView *self)
{
  const OssaDocument *doc;
  int index;

  if (self->editor == NULL)
    return NULL;
  doc = ossa_editor_get_document (self->editor);
  index = ossa_editor_get_animation (self->editor);
  if (index < 0 || (gsize) index >= doc->n_animations)
    return NULL;
  return &doc->animations[index];
}

double
_ossa_timeline_view_frame_rate (OssaTimelineView *self)
{
  return self->editor != NULL ? ossa_editor_get_frame_rate (self->editor) : 30.0;
}

double
_ossa_timeline_view_snap_to_frame (OssaTimelineView *self, double t)
{
  double fps = _ossa_timeline_view_frame_rate (self);

  return round (t * fps) / fps;
}

/* ---- rows ---- */

void
_ossa_timeline_view_ensure_rows (OssaTimelineView *self)
{
  const OssaSkeleton *skel;
  g_autofree guint *depth = NULL;
  double y = 0;

  if (!self->rows_stale)
    return;
  self->rows_stale = FALSE;
  g_array_set_size (self->rows, 0);
  self->rows_height = 0;
  if (self->editor == NULL)
    return;
  skel = &ossa_editor_get_document (self->editor)->skeleton;
  if (skel->n_bones > self->n_expanded)
    {
      self->expanded = g_renew (guint8, self->expanded, skel->n_bones);
      memset (self->expanded + self->n_expanded, 0, skel->n_bones - self->n_expanded);
      self->n_expanded = skel->n_bones;
    }
  depth = g_new (guint, MAX (skel->n_bones, 1));
  for (gsize i = 0; i < skel->n_bones; i++)
    {
      OssaTimelineRow row = { (guint) i, -1, 0, y, OSSA_TIMELINE_ROW_HEIGHT };

      depth[i] = skel->bones[i].parent >= 0 ? depth[skel->bones[i].parent] + 1 : 0;
      row.depth = depth[i];
      g_array_append_val (self->rows, row);
      y += row.height;
      if (self->expanded[i])
        for (int c = 0; c < OSSA_N_CHANNELS; c++)
          {
            OssaTimelineRow channel = { (guint) i, c, depth[i], y, OSSA_TIMELINE_CHANNEL_HEIGHT };

            g_array_append_val (self->rows, channel);
            y += channel.height;
          }
    }
  self->rows_height = y;
}

guint
_ossa_timeline_view_row_index_at (OssaTimelineView *self, double y)
{
  guint lo = 0, hi = self->rows->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      const OssaTimelineRow *row = &g_array_index (self->rows, OssaTimelineRow, mid);

      if (row->y + row->height <= y)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

double
_ossa_timeline_view_row_top (OssaTimelineView *self, const OssaTimelineRow *row)
{
  return OSSA_TIMELINE_RULER_HEIGHT + row->y - gtk_adjustment_get_value (self->vadj);
}

double
_ossa_timeline_view_row_indent (const OssaTimelineRow *row)
{
  return MIN (row->depth, INDENT_MAX) * INDENT;
}

gboolean
_ossa_timeline_view_row_y (OssaTimelineView *self, guint bone, int channel, double *y)
{
  g_return_val_if_fail (OSSA_IS_TIMELINE_VIEW (self), FALSE);
  _ossa_timeline_view_ensure_rows (self);
  for (guint i = 0; i < self->rows->len; i++)
    {
      const OssaTimelineRow *row = &g_array_index (self->rows, OssaTimelineRow, i);

      if (row->bone == bone && row->channel == channel)
        {
          *y = _ossa_timeline_view_row_top (self, row) + 0.5 * row->height;
          return TRUE;
        }
    }
  return FALSE;
}

/* ---- tracks ---- */

static void
ensure_tracks (OssaTimelineView *self)
{
  const OssaAnimation *anim;
  gsize n;

  if (!self->tracks_stale)
    return;
  self->tracks_stale = FALSE;
  n = self->editor != NULL ? ossa_editor_get_document (self->editor)->skeleton.n_bones : 0;
  self->tracks = g_renew (gssize, self->tracks, MAX (n, 1) * OSSA_N_CHANNELS);
  self->tracks_bones = n;
  for (gsize i = 0; i < n * OSSA_N_CHANNELS; i++)
    self->tracks[i] = -1;
  anim = _ossa_timeline_view_get_animation (self);
  if (anim == NULL)
    return;
  for (gsize i = 0; i < anim->n_tracks; i++)
    if (anim->tracks[i].bone < n && (guint) anim->tracks[i].channel < OSSA_N_CHANNELS)
      self->tracks[anim->tracks[i].bone * OSSA_N_CHANNELS + anim->tracks[i].channel] = (gssize) i;
}

const OssaTrack *
_ossa_timeline_view_track_of (OssaTimelineView *self, guint bone, int channel)
{
  const OssaAnimation *anim = _ossa_timeline_view_get_animation (self);
  gssize index;

  ensure_tracks (self);
  if (anim == NULL || bone >= self->tracks_bones || channel < 0 || channel >= OSSA_N_CHANNELS)
    return NULL;
  index = self->tracks[bone * OSSA_N_CHANNELS + channel];
  return index >= 0 && (gsize) index < anim->n_tracks ? &anim->tracks[index] : NULL;
}

/* ---- adjustments ---- */

double
_ossa_timeline_view_content_end (OssaTimelineView *self)
{
  const OssaAnimation *anim = _ossa_timeline_view_get_animation (self);
  double end = 1.0;

  if (anim != NULL)
    end = MAX (end, MAX (anim->duration, ossa_animation_last_key_time (anim)));
  return end;
}

void
_ossa_timeline_view_update_adjustments (OssaTimelineView *self)
{
  double page = _ossa_timeline_view_key_width (self) / self->pps;
  double lower = -OSSA_TIMELINE_LEFT_MARGIN / self->pps;
  double upper = MAX (_ossa_timeline_view_content_end (self) * 1.15 + page * 0.25, lower + page);
  double value = gtk_adjustment_get_value (self->hadj);
  double vpage = _ossa_timeline_view_rows_view_height (self);

  _ossa_timeline_view_ensure_rows (self);
  upper = MAX (upper, value + page);
  gtk_adjustment_configure (self->hadj, CLAMP (value, lower, upper - page), lower, upper,
                            1.0 / _ossa_timeline_view_frame_rate (self), page * 0.9, page);
  gtk_adjustment_configure (self->vadj,
                            CLAMP (gtk_adjustment_get_value (self->vadj), 0,
                                   MAX (self->rows_height - vpage, 0)),
                            0, MAX (self->rows_height, vpage), OSSA_TIMELINE_ROW_HEIGHT,
                            vpage * 0.9, vpage);
}

void
_ossa_timeline_view_follow_playhead (OssaTimelineView *self)
{
  double t = ossa_editor_get_time (self->editor);
  double value = gtk_adjustment_get_value (self->hadj);
  double page = gtk_adjustment_get_page_size (self->hadj);

  if (page <= 0)
    return;
  if (t < value)
    gtk_adjustment_set_value (self->hadj, t - OSSA_TIMELINE_LEFT_MARGIN / self->pps);
  else if (t > value + page)
    gtk_adjustment_set_value (self->hadj, t - 0.1 * page);
}
