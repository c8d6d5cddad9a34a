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

/* The slots of each bone, in the document's order: slots[first[b]] up to
 * slots[first[b + 1]] are bone b's (a counting sort, linear in bones and slots). */
static void
slots_by_bone (const OssaDocument *doc, guint *first, guint *slots)
{
  gsize n_bones = doc->skeleton.n_bones;

  memset (first, 0, (n_bones + 1) * sizeof *first);
  for (gsize s = 0; s < doc->n_slots; s++)
    if (doc->slots[s].bone < n_bones)
      first[doc->slots[s].bone + 1]++;
  for (gsize b = 0; b < n_bones; b++)
    first[b + 1] += first[b];
  {
    g_autofree guint *next = g_memdup2 (first, (n_bones + 1) * sizeof *first);

    for (gsize s = 0; s < doc->n_slots; s++)
      if (doc->slots[s].bone < n_bones)
        slots[next[doc->slots[s].bone]++] = (guint) s;
  }
}

/* The IK constraints under each bone, the first of its chain, in the order they
 * apply: constraints[first[b]] up to constraints[first[b + 1]] are bone b's. */
static void
constraints_by_bone (const OssaDocument *doc, guint *first, guint *constraints)
{
  gsize n_bones = doc->skeleton.n_bones;
  g_autofree guint *next = NULL;

  memset (first, 0, (n_bones + 1) * sizeof *first);
  for (gsize c = 0; c < doc->n_ik; c++)
    if (doc->ik[c].bones[0] < n_bones)
      first[doc->ik[c].bones[0] + 1]++;
  for (gsize b = 0; b < n_bones; b++)
    first[b + 1] += first[b];
  next = g_memdup2 (first, (n_bones + 1) * sizeof *first);
  for (gsize c = 0; c < doc->n_ik; c++)
    if (doc->ik[c].bones[0] < n_bones)
      constraints[next[doc->ik[c].bones[0]]++] = (guint) c;
}

void
_ossa_timeline_view_ensure_rows (OssaTimelineView *self)
{
  const OssaDocument *doc;
  const OssaSkeleton *skel;
  g_autofree guint *depth = NULL;
  g_autofree guint *slot_first = NULL;
  g_autofree guint *slot_list = NULL;
  g_autofree guint *ik_first = NULL;
  g_autofree guint *ik_list = NULL;
  double y = 0;

  if (!self->rows_stale)
    return;
  self->rows_stale = FALSE;
  g_array_set_size (self->rows, 0);
  self->rows_height = 0;
  if (self->editor == NULL)
    return;
  doc = ossa_editor_get_document (self->editor);
  skel = &doc->skeleton;
  if (skel->n_bones > self->n_expanded)
    {
      self->expanded = g_renew (guint8, self->expanded, skel->n_bones);
      memset (self->expanded + self->n_expanded, 0, skel->n_bones - self->n_expanded);
      self->n_expanded = skel->n_bones;
    }
  depth = g_new (guint, MAX (skel->n_bones, 1));
  if (doc->n_slots > 0)
    {
      /* The draw order is the whole skeleton's: its row comes first. */
      OssaTimelineRow row = { 0, -1, 0, y, OSSA_TIMELINE_ROW_HEIGHT,
                              OSSA_TIMELINE_ROW_DRAW_ORDER, 0, 0 };

      g_array_append_val (self->rows, row);
      y += row.height;
      slot_first = g_new (guint, skel->n_bones + 1);
      slot_list = g_new (guint, doc->n_slots);
      slots_by_bone (doc, slot_first, slot_list);
    }
  if (doc->n_ik > 0)
    {
      ik_first = g_new (guint, skel->n_bones + 1);
      ik_list = g_new (guint, doc->n_ik);
      constraints_by_bone (doc, ik_first, ik_list);
    }
  for (gsize i = 0; i < skel->n_bones; i++)
    {
      OssaTimelineRow row = { (guint) i, -1, 0, y, OSSA_TIMELINE_ROW_HEIGHT,
                              OSSA_TIMELINE_ROW_BONE, 0, 0 };

      depth[i] = skel->bones[i].parent >= 0 ? depth[skel->bones[i].parent] + 1 : 0;
      row.depth = depth[i];
      g_array_append_val (self->rows, row);
      y += row.height;
      if (self->expanded[i])
        for (int c = 0; c < OSSA_N_CHANNELS; c++)
          {
            OssaTimelineRow channel = { (guint) i, c, depth[i], y, OSSA_TIMELINE_CHANNEL_HEIGHT,
                                        OSSA_TIMELINE_ROW_CHANNEL, 0, 0 };

            g_array_append_val (self->rows, channel);
            y += channel.height;
          }
      /* Its slots, always listed: they are what a person animates with art. */
      for (guint k = slot_first != NULL ? slot_first[i] : 0;
           slot_first != NULL && k < slot_first[i + 1]; k++)
        {
          OssaTimelineRow slot = { (guint) i, -1, depth[i], y, OSSA_TIMELINE_CHANNEL_HEIGHT,
                                   OSSA_TIMELINE_ROW_SLOT, slot_list[k], 0 };

          g_array_append_val (self->rows, slot);
          y += slot.height;
        }
      /* Then the constraints its chain starts from, listed whether keyed or not:
       * an empty row is where mix and bend get keyed. */
      for (guint k = ik_first != NULL ? ik_first[i] : 0;
           ik_first != NULL && k < ik_first[i + 1]; k++)
        {
          OssaTimelineRow ik = { (guint) i, -1, depth[i], y, OSSA_TIMELINE_CHANNEL_HEIGHT,
                                 OSSA_TIMELINE_ROW_IK, 0, ik_list[k] };

          g_array_append_val (self->rows, ik);
          y += ik.height;
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

      if (row->bone == bone && row->channel == channel
          && (row->kind == OSSA_TIMELINE_ROW_BONE || row->kind == OSSA_TIMELINE_ROW_CHANNEL))
        {
          *y = _ossa_timeline_view_row_top (self, row) + 0.5 * row->height;
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
_ossa_timeline_view_slot_row_y (OssaTimelineView *self, int slot, double *y)
{
  g_return_val_if_fail (OSSA_IS_TIMELINE_VIEW (self), FALSE);
  _ossa_timeline_view_ensure_rows (self);
  for (guint i = 0; i < self->rows->len; i++)
    {
      const OssaTimelineRow *row = &g_array_index (self->rows, OssaTimelineRow, i);

      if ((slot < 0 && row->kind == OSSA_TIMELINE_ROW_DRAW_ORDER)
          || (slot >= 0 && row->kind == OSSA_TIMELINE_ROW_SLOT && row->slot == (guint) slot))
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
  if (anim != NULL)
    for (gsize i = 0; i < anim->n_tracks; i++)
      if (anim->tracks[i].bone < n && (guint) anim->tracks[i].channel < OSSA_N_CHANNELS)
        self->tracks[anim->tracks[i].bone * OSSA_N_CHANNELS + anim->tracks[i].channel] =
          (gssize) i;

  n = self->editor != NULL ? ossa_editor_get_document (self->editor)->n_slots : 0;
  self->slot_tracks_slots = n;
  if (n == 0)
    return;
  self->slot_tracks = g_renew (gssize, self->slot_tracks, n * OSSA_N_SLOT_CHANNELS);
  for (gsize i = 0; i < n * OSSA_N_SLOT_CHANNELS; i++)
    self->slot_tracks[i] = -1;
  for (gsize i = 0; anim != NULL && i < anim->n_slot_tracks; i++)
    if (anim->slot_tracks[i].slot < n
        && (guint) anim->slot_tracks[i].channel < OSSA_N_SLOT_CHANNELS)
      self->slot_tracks[anim->slot_tracks[i].slot * OSSA_N_SLOT_CHANNELS
                        + anim->slot_tracks[i].channel] = (gssize) i;
}

const OssaSlotTrack *
_ossa_timeline_view_slot_track_of (OssaTimelineView *self, guint slot, OssaSlotChannel channel)
{
  const OssaAnimation *anim = _ossa_timeline_view_get_animation (self);
  gssize index;

  ensure_tracks (self);
  if (anim == NULL || slot >= self->slot_tracks_slots
      || (guint) channel >= OSSA_N_SLOT_CHANNELS)
    return NULL;
  index = self->slot_tracks[slot * OSSA_N_SLOT_CHANNELS + channel];
  return index >= 0 && (gsize) index < anim->n_slot_tracks ? &anim->slot_tracks[index] : NULL;
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
