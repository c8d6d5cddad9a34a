/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-timeline-view"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "ossa-cached-bin.h"
#include "ossa-timeline-view-private.h"

/* The timeline's drawing: rows and names, ruler and grid, the key layer, the
 * playhead, the rubber band and the time under the pointer. Everything but the
 * playhead (a few hundred nodes at most, and the keys as one texture) is kept as
 * one still texture while only the playhead moves, as it does all through
 * playback. */

#define LABEL_MIN_SPACING 56.0  /* between the ruler's labels, pixels */

/* Colours: the timeline is dark whatever the theme, like the canvas above it. */
#define RGBA(r, g, b, a) ((GdkRGBA) { (r) / 255.f, (g) / 255.f, (b) / 255.f, (a) })
static const GdkRGBA color_bg = RGBA (34, 35, 39, 1);
static const GdkRGBA color_names_bg = RGBA (40, 41, 46, 1);
static const GdkRGBA color_row_odd = RGBA (37, 38, 43, 1);
static const GdkRGBA color_row_channel = RGBA (31, 32, 36, 1);
static const GdkRGBA color_row_slot = RGBA (29, 33, 35, 1);
static const GdkRGBA color_draw_order = RGBA (169, 139, 232, 1);
static const GdkRGBA color_row_ik = RGBA (36, 31, 33, 1);
static const GdkRGBA color_ik = RGBA (233, 128, 110, 1);  /* as its keys (keys-layer) */
static const GdkRGBA color_ik_text = RGBA (30, 22, 22, 1);
static const GdkRGBA color_row_selected = RGBA (255, 193, 66, 0.10f);
static const GdkRGBA color_name_selected = RGBA (255, 193, 66, 0.22f);
static const GdkRGBA color_outside = RGBA (0, 0, 0, 0.28f);
static const GdkRGBA color_ruler_bg = RGBA (27, 28, 31, 1);
static const GdkRGBA color_tick = RGBA (110, 113, 122, 1);
static const GdkRGBA color_grid_minor = RGBA (255, 255, 255, 0.035f);
static const GdkRGBA color_grid_major = RGBA (255, 255, 255, 0.085f);
static const GdkRGBA color_text = RGBA (215, 217, 222, 1);
static const GdkRGBA color_text_dim = RGBA (140, 143, 152, 1);
static const GdkRGBA color_text_selected = RGBA (255, 205, 105, 1);
static const GdkRGBA color_line = RGBA (16, 16, 18, 1);
static const GdkRGBA color_playhead = RGBA (255, 86, 74, 1);
static const GdkRGBA color_band_fill = RGBA (255, 193, 66, 0.10f);
static const GdkRGBA color_band_line = RGBA (255, 193, 66, 0.85f);
static const GdkRGBA color_end = RGBA (255, 193, 66, 0.55f);

static const char *
channel_label (int channel)
{
  switch (channel)
    {
    case OSSA_CHANNEL_TRANSLATE_X:
      return _("Translate X");
    case OSSA_CHANNEL_TRANSLATE_Y:
      return _("Translate Y");
    case OSSA_CHANNEL_ROTATE:
      return _("Rotation");
    case OSSA_CHANNEL_SCALE_X:
      return _("Scale X");
    case OSSA_CHANNEL_SCALE_Y:
      return _("Scale Y");
    default:
      return "";
    }
}

static const GdkRGBA *
channel_color (int channel)
{
  static const GdkRGBA colors[OSSA_N_CHANNELS] = {
    RGBA (224, 108, 117, 1),
    RGBA (152, 195, 121, 1),
    RGBA (97, 175, 239, 1),
    RGBA (198, 120, 221, 1),
    RGBA (198, 120, 221, 1),
  };

  return &colors[CLAMP (channel, 0, OSSA_N_CHANNELS - 1)];
}

void
_ossa_timeline_view_redraw (OssaTimelineView *self)
{
  self->still_stale = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
_ossa_timeline_view_invalidate (OssaTimelineView *self)
{
  g_return_if_fail (OSSA_IS_TIMELINE_VIEW (self));
  self->layer_stale = TRUE;
  _ossa_timeline_view_redraw (self);
}

static void
ensure_layouts (OssaTimelineView *self)
{
  PangoFontDescription *font;

  if (self->layout != NULL)
    return;
  self->layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  self->small_layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  font = pango_font_description_from_string ("Sans 8.5");
  pango_layout_set_font_description (self->layout, font);
  pango_font_description_free (font);
  font = pango_font_description_from_string ("Sans 7.5");
  pango_layout_set_font_description (self->small_layout, font);
  pango_font_description_free (font);
  pango_layout_set_ellipsize (self->layout, PANGO_ELLIPSIZE_END);
}

static void
fill (GtkSnapshot *snapshot, const GdkRGBA *color, double x, double y, double w, double h)
{
  if (w <= 0 || h <= 0)
    return;
  gtk_snapshot_append_color (snapshot, color,
                             &GRAPHENE_RECT_INIT ((float) x, (float) y, (float) w, (float) h));
}

static void
text (GtkSnapshot *snapshot, PangoLayout *layout, const char *str, double x, double y,
      const GdkRGBA *color)
{
  pango_layout_set_text (layout, str, -1);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((float) round (x), (float) round (y)));
  gtk_snapshot_append_layout (snapshot, layout, color);
  gtk_snapshot_restore (snapshot);
}

static int
text_width (PangoLayout *layout, const char *str)
{
  int w, h;

  pango_layout_set_text (layout, str, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  return w;
}

/* Frames between labelled ticks: at least LABEL_MIN_SPACING pixels apart. */
static double
label_step_frames (OssaTimelineView *self)
{
  static const double steps[] = { 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1200, 3000, 6000 };
  double frame_px = self->pps / _ossa_timeline_view_frame_rate (self);

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    if (steps[i] * frame_px >= LABEL_MIN_SPACING)
      return steps[i];
  return 12000;
}

static void
draw_grid_and_ruler (OssaTimelineView *self, GtkSnapshot *snapshot, double width, double height)
{
  double fps = _ossa_timeline_view_frame_rate (self);
  double frame_px = self->pps / fps;
  double step = label_step_frames (self);
  double minor = frame_px >= 5 ? 1 : MAX (step / 5, 1);
  double f0 = floor (_ossa_timeline_view_x_to_time (self, OSSA_TIMELINE_NAMES_WIDTH) * fps / minor)
              * minor;
  double f1 = _ossa_timeline_view_x_to_time (self, width) * fps;

  fill (snapshot, &color_ruler_bg, OSSA_TIMELINE_NAMES_WIDTH, 0,
        width - OSSA_TIMELINE_NAMES_WIDTH, OSSA_TIMELINE_RULER_HEIGHT);
  for (double f = MAX (f0, 0); f <= f1; f += minor)
    {
      double x = floor (_ossa_timeline_view_time_to_x (self, f / fps)) + 0.0;
      gboolean major = fmod (f, step) < 0.5;

      if (x < OSSA_TIMELINE_NAMES_WIDTH)
        continue;
      fill (snapshot, major ? &color_grid_major : &color_grid_minor, x,
            OSSA_TIMELINE_RULER_HEIGHT, 1, height - OSSA_TIMELINE_RULER_HEIGHT);
      fill (snapshot, &color_tick, x, major ? 12 : 19, 1,
            OSSA_TIMELINE_RULER_HEIGHT - (major ? 12 : 19));
      if (major)
        {
          char label[32];

          g_snprintf (label, sizeof label, "%.0f", f);
          text (snapshot, self->small_layout, label, x + 3, 1, &color_text_dim);
        }
    }
}

/* An art row's name: the draw order's, or a slot's after a swatch of its colour
 * (marked when the slot is picked). */
static void
draw_art_name (OssaTimelineView *self, GtkSnapshot *snapshot, const OssaTimelineRow *row,
               double y, double indent)
{
  const OssaDocument *doc = ossa_editor_get_document (self->editor);

  if (row->kind == OSSA_TIMELINE_ROW_DRAW_ORDER)
    {
      fill (snapshot, &color_draw_order, 10, y + 7, 8, row->height - 14);
      pango_layout_set_width (self->layout,
                              (int) ((OSSA_TIMELINE_NAMES_WIDTH - 30) * PANGO_SCALE));
      text (snapshot, self->layout, _("Draw Order"), 24, y + 3, &color_text);
      return;
    }
  {
    const OssaSlot *slot = &doc->slots[row->slot];
    gboolean picked = ossa_editor_get_selected_slot (self->editor) == (int) row->slot;
    double cx = 30 + indent;
    float rgba[4];

    ossa_color_unpack (slot->color, rgba);
    if (picked)
      fill (snapshot, &color_name_selected, 0, y, OSSA_TIMELINE_NAMES_WIDTH, row->height);
    fill (snapshot, &color_line, cx - 1, y + 4, 9, row->height - 8);
    fill (snapshot, &(GdkRGBA) { rgba[0], rgba[1], rgba[2], 1 }, cx, y + 5, 7, row->height - 10);
    pango_layout_set_width (self->small_layout,
                            (int) (MAX (OSSA_TIMELINE_NAMES_WIDTH - cx - 16, 1) * PANGO_SCALE));
    pango_layout_set_ellipsize (self->small_layout, PANGO_ELLIPSIZE_END);
    text (snapshot, self->small_layout, slot->name, cx + 12, y + 2,
          picked ? &color_text_selected : &color_text);
    pango_layout_set_ellipsize (self->small_layout, PANGO_ELLIPSIZE_NONE);
    pango_layout_set_width (self->small_layout, -1);
  }
}

/* Beside each attachment key of a slot row in view, the name of the picture it
 * swaps in, where there is room before the next key. */
static void
draw_attachment_labels (OssaTimelineView *self, GtkSnapshot *snapshot,
                        const OssaTimelineRow *row, double y, double width)
{
  const OssaSlotTrack *track = _ossa_timeline_view_slot_track_of (self, row->slot,
                                                                  OSSA_SLOT_CHANNEL_ATTACHMENT);
  const OssaSlot *slot = &ossa_editor_get_document (self->editor)->slots[row->slot];
  double t0 = _ossa_timeline_view_x_to_time (self, OSSA_TIMELINE_NAMES_WIDTH - 200);
  double t1 = _ossa_timeline_view_x_to_time (self, width);

  if (track == NULL)
    return;
  pango_layout_set_ellipsize (self->small_layout, PANGO_ELLIPSIZE_END);
  for (ssize_t k = MAX (ossa_slot_track_key_before (track, (float) t0), 0);
       (gsize) k < track->n_keys && track->times[k] <= t1; k++)
    {
      double x = _ossa_timeline_view_time_to_x (self, track->times[k]) + 9;
      double next = (gsize) k + 1 < track->n_keys
                      ? _ossa_timeline_view_time_to_x (self, track->times[k + 1]) - 8
                      : width;
      int a = track->attachments[k];
      /* Translators: the label of an attachment key that hides the slot's picture */
      const char *none = C_("attachment", "none");
      const char *name = a >= 0 && (gsize) a < slot->n_attachments ? slot->attachments[a].name
                                                                    : none;

      if (next - x < 24)
        continue;
      pango_layout_set_width (self->small_layout, (int) ((next - x) * PANGO_SCALE));
      text (snapshot, self->small_layout, name, x, y + 2, &color_text_dim);
    }
  pango_layout_set_ellipsize (self->small_layout, PANGO_ELLIPSIZE_NONE);
  pango_layout_set_width (self->small_layout, -1);
}

/* An IK row's name: an "IK" badge in its keys' colour, then the constraint's name
 * (marked when the constraint is picked). */
static void
draw_ik_name (OssaTimelineView *self, GtkSnapshot *snapshot, const OssaTimelineRow *row,
              double y, double indent)
{
  const OssaDocument *doc = ossa_editor_get_document (self->editor);
  gboolean picked = ossa_editor_get_selected_ik (self->editor) == (int) row->constraint;
  double cx = 30 + indent;

  if (row->constraint >= doc->n_ik)  /* rows are laid out again on OSSA_CHANGE_IK */
    return;
  if (picked)
    fill (snapshot, &color_name_selected, 0, y, OSSA_TIMELINE_NAMES_WIDTH, row->height);
  fill (snapshot, &color_ik, cx - 2, y + 4, 15, row->height - 8);
  pango_layout_set_width (self->small_layout, -1);
  text (snapshot, self->small_layout, "IK", cx, y + 3, &color_ik_text);
  pango_layout_set_width (self->small_layout,
                          (int) (MAX (OSSA_TIMELINE_NAMES_WIDTH - cx - 24, 1) * PANGO_SCALE));
  pango_layout_set_ellipsize (self->small_layout, PANGO_ELLIPSIZE_END);
  text (snapshot, self->small_layout, doc->ik[row->constraint].name, cx + 18, y + 2,
        picked ? &color_text_selected : &color_text);
  pango_layout_set_ellipsize (self->small_layout, PANGO_ELLIPSIZE_NONE);
  pango_layout_set_width (self->small_layout, -1);
}

/* Beside each IK key in view, its mix (and its bend when it keys one), where there
 * is room before the next key. */
static void
draw_ik_labels (OssaTimelineView *self, GtkSnapshot *snapshot, const OssaTimelineRow *row,
                double y, double width)
{
  const OssaIkTrack *track = ossa_editor_get_ik_track (self->editor, row->constraint);
  double t0 = _ossa_timeline_view_x_to_time (self, OSSA_TIMELINE_NAMES_WIDTH - 200);
  double t1 = _ossa_timeline_view_x_to_time (self, width);

  if (track == NULL)
    return;
  pango_layout_set_ellipsize (self->small_layout, PANGO_ELLIPSIZE_END);
  for (gsize k = 0; k < track->n_keys && track->times[k] <= t1; k++)
    {
      OssaIkKey key = ossa_ik_track_get_key (track, k);
      double x = _ossa_timeline_view_time_to_x (self, track->times[k]) + 9;
      double next = k + 1 < track->n_keys
                      ? _ossa_timeline_view_time_to_x (self, track->times[k + 1]) - 8
                      : width;
      char label[64];

      if (track->times[k] < t0 || next - x < 24)
        continue;
      if (!key.has_bend)
        /* Translators: the label of an IK key on the timeline: its mix, 0 to 1 */
        g_snprintf (label, sizeof label, _("mix %.2f"), (double) key.mix);
      else if (key.bend_positive)
        /* Translators: an IK key's mix, and its bend keyed to the positive side */
        g_snprintf (label, sizeof label, _("mix %.2f, bend +"), (double) key.mix);
      else
        /* Translators: an IK key's mix, and its bend keyed to the negative side */
        g_snprintf (label, sizeof label, _("mix %.2f, bend −"), (double) key.mix);
      pango_layout_set_width (self->small_layout, (int) ((next - x) * PANGO_SCALE));
      text (snapshot, self->small_layout, label, x, y + 2, &color_text_dim);
    }
  pango_layout_set_ellipsize (self->small_layout, PANGO_ELLIPSIZE_NONE);
  pango_layout_set_width (self->small_layout, -1);
}

static void
draw_rows (OssaTimelineView *self, GtkSnapshot *snapshot, double width, double height)
{
  const OssaDocument *doc = ossa_editor_get_document (self->editor);
  double top = gtk_adjustment_get_value (self->vadj);
  double end_x = _ossa_timeline_view_time_to_x (self, ossa_editor_get_end_time (self->editor));
  double zero_x = _ossa_timeline_view_time_to_x (self, 0);
  guint first = _ossa_timeline_view_row_index_at (self, top);
  int primary = ossa_editor_get_primary (self->editor);

  gtk_snapshot_push_clip (snapshot,
                          &GRAPHENE_RECT_INIT (0, OSSA_TIMELINE_RULER_HEIGHT, (float) width,
                                               (float) (height - OSSA_TIMELINE_RULER_HEIGHT)));
  for (guint i = first; i < self->rows->len; i++)
    {
      const OssaTimelineRow *row = &g_array_index (self->rows, OssaTimelineRow, i);
      double y = _ossa_timeline_view_row_top (self, row);
      gboolean selected = ossa_editor_is_selected (self->editor, row->bone);
      double indent = _ossa_timeline_view_row_indent (row);
      const OssaBone *bone = &doc->skeleton.bones[MIN (row->bone, doc->skeleton.n_bones - 1)];

      if (y > height)
        break;
      if (row->kind == OSSA_TIMELINE_ROW_DRAW_ORDER)
        {
          fill (snapshot, &color_row_odd, 0, y, width, row->height);
          fill (snapshot, &color_names_bg, 0, y, OSSA_TIMELINE_NAMES_WIDTH, row->height);
          fill (snapshot, &color_line, 0, y + row->height - 1, width, 1);
          draw_art_name (self, snapshot, row, y, indent);
          continue;
        }
      if (row->kind == OSSA_TIMELINE_ROW_IK)
        {
          fill (snapshot, &color_row_ik, 0, y, width, row->height);
          gtk_snapshot_push_clip (snapshot,
                                  &GRAPHENE_RECT_INIT ((float) OSSA_TIMELINE_NAMES_WIDTH,
                                                       (float) y,
                                                       (float) (width - OSSA_TIMELINE_NAMES_WIDTH),
                                                       (float) row->height));
          draw_ik_labels (self, snapshot, row, y, width);
          gtk_snapshot_pop (snapshot);
          fill (snapshot, &color_names_bg, 0, y, OSSA_TIMELINE_NAMES_WIDTH, row->height);
          draw_ik_name (self, snapshot, row, y, indent);
          continue;
        }
      if (row->kind == OSSA_TIMELINE_ROW_SLOT)
        {
          fill (snapshot, &color_row_slot, 0, y, width, row->height);
          if (selected)
            fill (snapshot, &color_row_selected, OSSA_TIMELINE_NAMES_WIDTH, y,
                  width - OSSA_TIMELINE_NAMES_WIDTH, row->height);
          gtk_snapshot_push_clip (snapshot,
                                  &GRAPHENE_RECT_INIT ((float) OSSA_TIMELINE_NAMES_WIDTH,
                                                       (float) y,
                                                       (float) (width - OSSA_TIMELINE_NAMES_WIDTH),
                                                       (float) row->height));
          draw_attachment_labels (self, snapshot, row, y, width);
          gtk_snapshot_pop (snapshot);
          fill (snapshot, &color_names_bg, 0, y, OSSA_TIMELINE_NAMES_WIDTH, row->height);
          if (selected)
            fill (snapshot, &color_name_selected, 0, y, OSSA_TIMELINE_NAMES_WIDTH, row->height);
          draw_art_name (self, snapshot, row, y, indent);
          continue;
        }
      if (row->channel >= 0)
        fill (snapshot, &color_row_channel, 0, y, width, row->height);
      else if (i % 2 == 1)
        fill (snapshot, &color_row_odd, 0, y, width, row->height);
      if (selected)
        fill (snapshot, &color_row_selected, OSSA_TIMELINE_NAMES_WIDTH, y,
              width - OSSA_TIMELINE_NAMES_WIDTH, row->height);

      /* The names column. */
      fill (snapshot, &color_names_bg, 0, y, OSSA_TIMELINE_NAMES_WIDTH, row->height);
      if (selected)
        fill (snapshot, &color_name_selected, 0, y, OSSA_TIMELINE_NAMES_WIDTH, row->height);
      if (row->channel < 0)
        {
          GdkRGBA swatch = RGBA ((bone->color >> 24) & 0xff, (bone->color >> 16) & 0xff,
                                 (bone->color >> 8) & 0xff, 1);
          double ex = 8 + indent;
          gboolean open = self->expanded[row->bone];

          /* The expander: a small triangle, right or down. */
          for (int k = 0; k < 5; k++)
            {
              if (open)
                fill (snapshot, &color_text_dim, ex + k, y + 8 + k, 9 - 2 * k, 1);
              else
                fill (snapshot, &color_text_dim, ex + 2 + k, y + 6 + k, 1, 9 - 2 * k);
            }
          fill (snapshot, &swatch, ex + 14, y + 7, 3, row->height - 14);
          pango_layout_set_width (self->layout,
                                  (int) ((OSSA_TIMELINE_NAMES_WIDTH - ex - 26) * PANGO_SCALE));
          text (snapshot, self->layout, bone->name, ex + 22, y + 3,
                (int) row->bone == primary ? &color_text_selected : &color_text);
        }
      else
        {
          double cx = 30 + indent;

          fill (snapshot, channel_color (row->channel), cx, y + 6, 6, row->height - 12);
          pango_layout_set_width (self->small_layout, -1);
          text (snapshot, self->small_layout, channel_label (row->channel), cx + 12, y + 2,
                &color_text_dim);
        }
    }
  gtk_snapshot_pop (snapshot);

  /* Before 0 and after the end: shaded. */
  gtk_snapshot_push_clip (snapshot,
                          &GRAPHENE_RECT_INIT ((float) OSSA_TIMELINE_NAMES_WIDTH,
                                               (float) OSSA_TIMELINE_RULER_HEIGHT,
                                               (float) (width - OSSA_TIMELINE_NAMES_WIDTH),
                                               (float) (height - OSSA_TIMELINE_RULER_HEIGHT)));
  fill (snapshot, &color_outside, OSSA_TIMELINE_NAMES_WIDTH, OSSA_TIMELINE_RULER_HEIGHT,
        zero_x - OSSA_TIMELINE_NAMES_WIDTH, height);
  fill (snapshot, &color_outside, end_x, OSSA_TIMELINE_RULER_HEIGHT, width - end_x, height);
  gtk_snapshot_pop (snapshot);
}

static void
draw_playhead (OssaTimelineView *self, GtkSnapshot *snapshot, double width, double height)
{
  double t = ossa_editor_get_time (self->editor);
  double x = floor (_ossa_timeline_view_time_to_x (self, t));
  double end = ossa_editor_get_end_time (self->editor);
  double end_x = floor (_ossa_timeline_view_time_to_x (self, end));
  char label[32];
  int w;

  gtk_snapshot_push_clip (snapshot,
                          &GRAPHENE_RECT_INIT ((float) OSSA_TIMELINE_NAMES_WIDTH, 0,
                                               (float) (width - OSSA_TIMELINE_NAMES_WIDTH),
                                               (float) height));
  /* The end of the animation: a marker on the ruler and a line down the rows. */
  fill (snapshot, &color_end, end_x, 0, 1, height);
  fill (snapshot, &color_playhead, x, OSSA_TIMELINE_RULER_HEIGHT - 2, 1, height);
  g_snprintf (label, sizeof label, "%.0f", round (t * _ossa_timeline_view_frame_rate (self)));
  w = MAX (text_width (self->small_layout, label) + 10, 22);
  {
    GskRoundedRect rect;

    gsk_rounded_rect_init_from_rect (&rect,
                                     &GRAPHENE_RECT_INIT ((float) (x - w / 2.0 + 0.5), 3,
                                                          (float) w,
                                                          (float) OSSA_TIMELINE_RULER_HEIGHT - 6),
                                     4);
    gtk_snapshot_push_rounded_clip (snapshot, &rect);
    gtk_snapshot_append_color (snapshot, &color_playhead, &rect.bounds);
    gtk_snapshot_pop (snapshot);
  }
  text (snapshot, self->small_layout, label, x - w / 2.0 + 5.5, 5, &RGBA (255, 255, 255, 1));
  gtk_snapshot_pop (snapshot);
}

static void
draw_band (OssaTimelineView *self, GtkSnapshot *snapshot)
{
  GskRoundedRect border;
  graphene_rect_t rect;
  float widths[4] = { 1, 1, 1, 1 };
  GdkRGBA colors[4] = { color_band_line, color_band_line, color_band_line, color_band_line };

  graphene_rect_init (&rect, (float) MIN (self->press_x, self->drag_x),
                      (float) MIN (self->press_y, self->drag_y),
                      (float) fabs (self->drag_x - self->press_x),
                      (float) fabs (self->drag_y - self->press_y));
  gtk_snapshot_append_color (snapshot, &color_band_fill, &rect);
  gsk_rounded_rect_init_from_rect (&border, &rect, 0);
  gtk_snapshot_append_border (snapshot, &border, widths, colors);
}

/* Over the ruler: the time under the pointer, in frames and seconds. */
static void
draw_hover (OssaTimelineView *self, GtkSnapshot *snapshot)
{
  double t = MAX (_ossa_timeline_view_x_to_time (self, self->hover_x), 0);
  double fps = _ossa_timeline_view_frame_rate (self);
  g_autofree char *label = NULL;
  GskRoundedRect rect;
  int w;

  /* Translators: the time under the pointer on the timeline's ruler */
  label = g_strdup_printf (_("frame %.0f · %.2f s"), round (t * fps), round (t * fps) / fps);
  w = text_width (self->small_layout, label) + 12;
  gsk_rounded_rect_init_from_rect (&rect,
                                   &GRAPHENE_RECT_INIT ((float) (self->hover_x + 10),
                                                        (float) OSSA_TIMELINE_RULER_HEIGHT + 4,
                                                        (float) w, 18),
                                   4);
  gtk_snapshot_push_rounded_clip (snapshot, &rect);
  gtk_snapshot_append_color (snapshot, &RGBA (10, 10, 12, 0.9f), &rect.bounds);
  gtk_snapshot_pop (snapshot);
  text (snapshot, self->small_layout, label, self->hover_x + 16, OSSA_TIMELINE_RULER_HEIGHT + 6,
        &color_text);
}

/* Everything that stays while only the playhead moves. */
static void
draw_still (OssaTimelineView *self, GtkSnapshot *snapshot, double width, double height, int scale)
{
  fill (snapshot, &color_bg, 0, 0, width, height);
  draw_rows (self, snapshot, width, height);
  draw_grid_and_ruler (self, snapshot, width, height);
  if (self->layer != NULL)
    {
      float w = (float) gdk_texture_get_width (self->layer) / scale;
      float h = (float) gdk_texture_get_height (self->layer) / scale;

      gtk_snapshot_append_texture (snapshot, self->layer,
                                   &GRAPHENE_RECT_INIT ((float) OSSA_TIMELINE_NAMES_WIDTH,
                                                        (float) OSSA_TIMELINE_RULER_HEIGHT, w, h));
    }
}

/* The still picture drawn into its texture (none when there is no renderer yet:
 * then the snapshot draws it directly). */
static void
update_still (OssaTimelineView *self, double width, double height, int scale)
{
  GtkSnapshot *still = gtk_snapshot_new ();
  GskRenderNode *node;
  graphene_rect_t rect = GRAPHENE_RECT_INIT (0, 0, (float) width, (float) height);

  draw_still (self, still, width, height, scale);
  node = gtk_snapshot_free_to_node (still);
  if (node != NULL)
    {
      self->still = ossa_widget_render_node (GTK_WIDGET (self), node, &rect);
      gsk_render_node_unref (node);
    }
  self->stats.still_renders++;
}

/* OSSA_TIMELINE_DUMP: where things are on the timeline, in window coordinates, for
 * tests that drive the real program with a pointer. */
static void
write_dump (OssaTimelineView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkRoot *root = gtk_widget_get_root (widget);
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *json = NULL;
  graphene_point_t origin = GRAPHENE_POINT_INIT (0, 0);
  const OssaDocument *doc = ossa_editor_get_document (self->editor);
  const OssaAnimation *anim = _ossa_timeline_view_get_animation (self);
  double fps = _ossa_timeline_view_frame_rate (self);
  gsize n_keys = 0;

  if (root == NULL
      || !gtk_widget_compute_point (widget, GTK_WIDGET (root), &GRAPHENE_POINT_INIT (0, 0),
                                    &origin))
    return;
  ossa_editor_get_selected_keys (self->editor, &n_keys);
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "animation");
  json_builder_add_string_value (builder, anim != NULL ? anim->name : "");
  json_builder_set_member_name (builder, "time");
  json_builder_add_double_value (builder, ossa_editor_get_time (self->editor));
  json_builder_set_member_name (builder, "playing");
  json_builder_add_boolean_value (builder, ossa_editor_get_playing (self->editor));
  json_builder_set_member_name (builder, "selected_keys");
  json_builder_add_int_value (builder, (gint64) n_keys);
  json_builder_set_member_name (builder, "ruler_y");
  json_builder_add_double_value (builder, origin.y + 0.5 * OSSA_TIMELINE_RULER_HEIGHT);
  /* x of frame 0 and the width of one frame, in window pixels */
  json_builder_set_member_name (builder, "frame0_x");
  json_builder_add_double_value (builder, origin.x + _ossa_timeline_view_time_to_x (self, 0));
  json_builder_set_member_name (builder, "frame_width");
  json_builder_add_double_value (builder, self->pps / fps);
  json_builder_set_member_name (builder, "rows");
  json_builder_begin_array (builder);
  for (guint i = 0; i < self->rows->len; i++)
    {
      const OssaTimelineRow *row = &g_array_index (self->rows, OssaTimelineRow, i);
      double y = _ossa_timeline_view_row_top (self, row);

      if (y + row->height < OSSA_TIMELINE_RULER_HEIGHT || y > gtk_widget_get_height (widget)
          || (row->kind != OSSA_TIMELINE_ROW_BONE && row->kind != OSSA_TIMELINE_ROW_CHANNEL))
        continue;
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "bone");
      json_builder_add_string_value (builder, doc->skeleton.bones[row->bone].name);
      json_builder_set_member_name (builder, "channel");
      if (row->channel >= 0)
        json_builder_add_string_value (builder, ossa_channel_name ((OssaChannel) row->channel));
      else
        json_builder_add_null_value (builder);
      json_builder_set_member_name (builder, "y");
      json_builder_add_double_value (builder, origin.y + y + 0.5 * row->height);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  /* The art's rows apart: a slot's by its name, the draw order's with none. */
  json_builder_set_member_name (builder, "art_rows");
  json_builder_begin_array (builder);
  for (guint i = 0; i < self->rows->len; i++)
    {
      const OssaTimelineRow *row = &g_array_index (self->rows, OssaTimelineRow, i);
      double y = _ossa_timeline_view_row_top (self, row);

      if (y + row->height < OSSA_TIMELINE_RULER_HEIGHT || y > gtk_widget_get_height (widget)
          || (row->kind != OSSA_TIMELINE_ROW_SLOT && row->kind != OSSA_TIMELINE_ROW_DRAW_ORDER))
        continue;
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "slot");
      if (row->kind == OSSA_TIMELINE_ROW_SLOT)
        json_builder_add_string_value (builder, doc->slots[row->slot].name);
      else
        json_builder_add_null_value (builder);
      json_builder_set_member_name (builder, "y");
      json_builder_add_double_value (builder, origin.y + y + 0.5 * row->height);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  /* The IK constraints' rows, by name. */
  json_builder_set_member_name (builder, "ik_rows");
  json_builder_begin_array (builder);
  for (guint i = 0; i < self->rows->len; i++)
    {
      const OssaTimelineRow *row = &g_array_index (self->rows, OssaTimelineRow, i);
      double y = _ossa_timeline_view_row_top (self, row);

      if (y + row->height < OSSA_TIMELINE_RULER_HEIGHT || y > gtk_widget_get_height (widget)
          || row->kind != OSSA_TIMELINE_ROW_IK || row->constraint >= doc->n_ik)
        continue;
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "constraint");
      json_builder_add_string_value (builder, doc->ik[row->constraint].name);
      json_builder_set_member_name (builder, "y");
      json_builder_add_double_value (builder, origin.y + y + 0.5 * row->height);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  node = json_builder_get_root (builder);
  json_generator_set_root (generator, node);
  json = json_generator_to_data (generator, NULL);
  g_file_set_contents (self->dump_path, json, -1, NULL);
}

void
_ossa_timeline_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  OssaTimelineView *self = OSSA_TIMELINE_VIEW (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  int scale = gtk_widget_get_scale_factor (widget);
  gint64 start = g_get_monotonic_time ();
  char corner[64];

  if (self->editor == NULL)
    {
      fill (snapshot, &color_bg, 0, 0, width, height);
      return;
    }
  ensure_layouts (self);
  _ossa_timeline_view_ensure_rows (self);
  if (self->layer_stale)
    {
      _ossa_timeline_view_draw_keys_layer (self, scale);
      self->still_stale = TRUE;
    }
  if (self->still_width != (int) width || self->still_height != (int) height
      || self->still_scale != scale)
    self->still_stale = TRUE;
  if (self->still_stale)
    {
      /* Changing now (a scroll, a drag, an edit): drawn directly, as it may well
       * change again next frame; kept as a texture once a frame comes in which it
       * did not. */
      g_clear_object (&self->still);
      draw_still (self, snapshot, width, height, scale);
      self->still_width = (int) width;
      self->still_height = (int) height;
      self->still_scale = scale;
      self->still_stale = FALSE;
    }
  else
    {
      if (self->still == NULL)
        update_still (self, width, height, scale);
      if (self->still != NULL)
        gtk_snapshot_append_texture (snapshot, self->still,
                                     &GRAPHENE_RECT_INIT (0, 0, (float) width, (float) height));
      else
        draw_still (self, snapshot, width, height, scale);
    }
  if (self->drag == OSSA_TIMELINE_DRAG_BAND && self->drag_active)
    draw_band (self, snapshot);
  draw_playhead (self, snapshot, width, height);

  /* The corner over the names: the playhead's frame and time. */
  fill (snapshot, &color_ruler_bg, 0, 0, OSSA_TIMELINE_NAMES_WIDTH, OSSA_TIMELINE_RULER_HEIGHT);
  {
    double t = ossa_editor_get_time (self->editor);

    /* Translators: the playhead on the timeline: frame number and seconds */
    g_snprintf (corner, sizeof corner, _("Frame %.0f   %.2f s"),
                round (t * _ossa_timeline_view_frame_rate (self)), t);
    pango_layout_set_width (self->layout, -1);
    text (snapshot, self->layout, corner, 10, 5, &color_text);
  }
  fill (snapshot, &color_line, OSSA_TIMELINE_NAMES_WIDTH - 1, 0, 1, height);
  fill (snapshot, &color_line, 0, OSSA_TIMELINE_RULER_HEIGHT - 1, width, 1);
  if (self->hover_ruler && self->drag == OSSA_TIMELINE_DRAG_NONE)
    draw_hover (self, snapshot);

  self->stats.snapshots++;
  self->stats.snapshot_us = g_get_monotonic_time () - start;
  if (self->dump_path != NULL)
    write_dump (self);
}
