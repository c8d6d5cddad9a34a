/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-timeline-view"

#include "config.h"

#include <math.h>

#include "ossa-timeline-view-private.h"

/* The keys as one pixel layer. GSK's GL renderer of GTK 4.8 takes about 3 µs a
 * render node, so 50,000 diamonds as nodes would cost 140 ms a frame; instead each
 * key is stamped into the layer's pixels (spans of a few pixels each, in device
 * pixels so they stay sharp), which goes into the snapshot as a single texture.
 * Only the rows and the time span in view are visited (a binary search finds each
 * track's first visible key), and a bone's row draws its channels' keys at one
 * time once. */

typedef enum
{
  SHAPE_DIAMOND,
  SHAPE_SQUARE,
  SHAPE_CIRCLE,
} Shape;

/* Key colours, 0xAARRGGBB premultiplied (all opaque). */
static const guint32 key_fill[OSSA_N_INTERPS] = {
  [OSSA_INTERP_LINEAR] = 0xfff0b44c,  /* amber diamond */
  [OSSA_INTERP_STEP] = 0xffef6f6c,    /* red square: holds */
  [OSSA_INTERP_BEZIER] = 0xff6fd0a0,  /* green disc: eased */
};
static const guint32 key_fill_selected[OSSA_N_INTERPS] = {
  [OSSA_INTERP_LINEAR] = 0xfffff1d2,
  [OSSA_INTERP_STEP] = 0xffffdcdb,
  [OSSA_INTERP_BEZIER] = 0xffdcf8ea,
};
static const Shape key_shape[OSSA_N_INTERPS] = {
  [OSSA_INTERP_LINEAR] = SHAPE_DIAMOND,
  [OSSA_INTERP_STEP] = SHAPE_SQUARE,
  [OSSA_INTERP_BEZIER] = SHAPE_CIRCLE,
};
#define KEY_OUTLINE          0xff141416u
#define KEY_OUTLINE_SELECTED 0xffffffffu
#define KEY_SPIN_MARK        0xff61afefu  /* a rotation key that does not go the short way */

/* A key's picture: for each of its rows, the half-widths of its outline and of its
 * fill (-1: outline only), so each pixel is written once. */
#define SPRITE_R_MAX 40

typedef struct
{
  int     r;
  int     hw[2 * SPRITE_R_MAX + 1];
  int     fill_hw[2 * SPRITE_R_MAX + 1];
  guint32 outline, fill;
} Sprite;

/* Sprites: interpolation × selected × bone row or channel row, and the spin mark. */
#define N_SPRITES (OSSA_N_INTERPS * 2 * 2 + 1)
#define SPIN_SPRITE (N_SPRITES - 1)

/* The art rows' sprites, each unselected and selected (+ 1): an attachment key is
 * a teal diamond (hollow when it shows none), a colour key a swatch of its colour
 * (smaller inside the diamond when both are keyed at one time), a draw-order key
 * a violet square. */
enum
{
  ART_ATTACHMENT = 0,
  ART_ATTACHMENT_NONE = 2,
  ART_SWATCH = 4,
  ART_SWATCH_INNER = 6,
  ART_DRAW_ORDER = 8,
  N_ART_SPRITES = 10,
};
#define ART_ATTACHMENT_FILL   0xff4fc1b8u
#define ART_NONE_FILL         0xff1f2024u
#define ART_DRAW_ORDER_FILL   0xffa98be8u
#define ART_SWATCH_BACKGROUND 0x30  /* grey a colour key's alpha shows over */

/* An IK key (mix, and bend when keyed): a coral diamond, unselected and
 * selected. */
#define IK_FILL          0xffe9806eu
#define IK_FILL_SELECTED 0xffffe0d9u

typedef struct
{
  guint32 *pixels;
  int      width, height;   /* device pixels */
  Sprite   sprites[N_SPRITES];
  Sprite   art[N_ART_SPRITES];  /* made only when the document has slots */
  Sprite   ik[2];           /* made only when it has IK constraints */
  guint32 *mark;            /* per column: row generation << 8 | sprite + 1 last drawn */
  guint32  generation;
} Layer;

static int
half_width (Shape shape, int r, int dy)
{
  if (ABS (dy) > r)
    return -1;
  switch (shape)
    {
    case SHAPE_SQUARE:
      return ABS (dy) == r ? r - 1 : r;  /* the corners rounded a little */
    case SHAPE_CIRCLE:
      return (int) floor (sqrt ((double) r * r - (double) dy * dy) + 0.35);
    case SHAPE_DIAMOND:
    default:
      return r - ABS (dy);
    }
}

static void
make_sprite (Sprite *sprite, Shape shape, int r, int ring, guint32 outline, guint32 fill)
{
  r = CLAMP (r, 1, SPRITE_R_MAX);
  sprite->r = r;
  sprite->outline = outline;
  sprite->fill = fill;
  for (int dy = -r; dy <= r; dy++)
    {
      sprite->hw[dy + r] = half_width (shape, r, dy);
      sprite->fill_hw[dy + r] = ring > 0 ? half_width (shape, r - ring, dy) : sprite->hw[dy + r];
    }
}

static int
sprite_index (OssaInterp interp, gboolean selected, gboolean bone_row)
{
  return ((int) interp * 2 + !!selected) * 2 + !!bone_row;
}

static void
make_sprites (Layer *layer, int scale)
{
  for (int interp = 0; interp < OSSA_N_INTERPS; interp++)
    for (int selected = 0; selected < 2; selected++)
      for (int bone_row = 0; bone_row < 2; bone_row++)
        {
          Shape shape = key_shape[interp];
          double radius = bone_row ? OSSA_TIMELINE_KEY_RADIUS_BONE
                                   : OSSA_TIMELINE_KEY_RADIUS_CHANNEL;
          int r = (int) (radius * scale);

          if (shape == SHAPE_SQUARE)
            r = r * 4 / 5;
          make_sprite (&layer->sprites[sprite_index (interp, selected, bone_row)], shape, r,
                       selected ? 2 * scale : scale,
                       selected ? KEY_OUTLINE_SELECTED : KEY_OUTLINE,
                       selected ? key_fill_selected[interp] : key_fill[interp]);
        }
  make_sprite (&layer->sprites[SPIN_SPRITE], SHAPE_CIRCLE, (int) (1.5 * scale), 0,
               KEY_SPIN_MARK, KEY_SPIN_MARK);
}

static void
make_art_sprites (Layer *layer, int scale)
{
  int rc = (int) (OSSA_TIMELINE_KEY_RADIUS_CHANNEL * scale);
  int rb = (int) (OSSA_TIMELINE_KEY_RADIUS_BONE * scale);

  for (int sel = 0; sel < 2; sel++)
    {
      guint32 outline = sel ? KEY_OUTLINE_SELECTED : KEY_OUTLINE;
      int ring = sel ? 2 * scale : scale;

      make_sprite (&layer->art[ART_ATTACHMENT + sel], SHAPE_DIAMOND, rc + scale, ring, outline,
                   sel ? 0xffd4f5f1u : ART_ATTACHMENT_FILL);
      make_sprite (&layer->art[ART_ATTACHMENT_NONE + sel], SHAPE_DIAMOND, rc + scale, ring,
                   sel ? KEY_OUTLINE_SELECTED : ART_ATTACHMENT_FILL, ART_NONE_FILL);
      make_sprite (&layer->art[ART_SWATCH + sel], SHAPE_SQUARE, rc, ring, outline, 0);
      make_sprite (&layer->art[ART_SWATCH_INNER + sel], SHAPE_SQUARE, MAX (rc / 2, 2),
                   sel ? scale : 0, outline, 0);
      make_sprite (&layer->art[ART_DRAW_ORDER + sel], SHAPE_SQUARE, rb * 4 / 5, ring, outline,
                   sel ? 0xffe9e0fbu : ART_DRAW_ORDER_FILL);
    }
}

static void
make_ik_sprites (Layer *layer, int scale)
{
  int r = (int) (OSSA_TIMELINE_KEY_RADIUS_CHANNEL * scale) + scale;

  make_sprite (&layer->ik[0], SHAPE_DIAMOND, r, scale, KEY_OUTLINE, IK_FILL);
  make_sprite (&layer->ik[1], SHAPE_DIAMOND, r, 2 * scale, KEY_OUTLINE_SELECTED,
               IK_FILL_SELECTED);
}

static inline void
fill_span (guint32 *row, int x0, int x1, int width, guint32 color)
{
  x0 = MAX (x0, 0);
  x1 = MIN (x1, width - 1);
  for (int x = x0; x <= x1; x++)
    row[x] = color;
}

/* The sprite with its fill replaced: fill above its middle row, fill_low from it
 * down. */
static void
stamp_fill (Layer *layer, int cx, int cy, const Sprite *sprite, guint32 fill, guint32 fill_low)
{
  int r = sprite->r;

  if (cx + r < 0 || cx - r >= layer->width)
    return;
  for (int dy = -r; dy <= r; dy++)
    {
      int y = cy + dy, hw = sprite->hw[dy + r], fw = sprite->fill_hw[dy + r];
      guint32 *row;

      if (y < 0 || y >= layer->height || hw < 0)
        continue;
      row = layer->pixels + (gsize) y * layer->width;
      if (fw < 0)
        fill_span (row, cx - hw, cx + hw, layer->width, sprite->outline);
      else
        {
          fill_span (row, cx - hw, cx - fw - 1, layer->width, sprite->outline);
          fill_span (row, cx - fw, cx + fw, layer->width, dy < 0 ? fill : fill_low);
          fill_span (row, cx + fw + 1, cx + hw, layer->width, sprite->outline);
        }
    }
}

static void
stamp (Layer *layer, int cx, int cy, const Sprite *sprite)
{
  stamp_fill (layer, cx, cy, sprite, sprite->fill, sprite->fill);
}

/* A colour key's swatch, as colour pickers show a colour with alpha: the colour
 * opaque above, and below as it shows over the grey its alpha lets through (a
 * fade to transparent is white above, dark below). */
static guint32
swatch_color (guint32 rgba, gboolean with_alpha)
{
  guint a = with_alpha ? rgba & 0xff : 0xff;
  guint32 out = 0xff000000u;

  for (int shift = 24, to = 16; shift >= 8; shift -= 8, to -= 8)
    {
      guint c = (rgba >> shift) & 0xff;

      out |= ((c * a + ART_SWATCH_BACKGROUND * (255 - a) + 127) / 255) << to;
    }
  return out;
}

/* Draws key k of track at (cx, cy), unless the same picture is already there on
 * this row (a bone's row shows its channels' keys at one time as one). */
static void
stamp_key (Layer *layer, int cx, int cy, const OssaTrack *track, gsize k, gboolean selected,
           gboolean bone_row)
{
  OssaInterp interp = track->interp != NULL ? (OssaInterp) track->interp[k] : OSSA_INTERP_LINEAR;
  gboolean spin = track->channel == OSSA_CHANNEL_ROTATE && track->spin != NULL
                  && track->spin[k] != OSSA_SPIN_SHORTEST;
  int index;
  guint32 mark;

  if ((guint) interp >= OSSA_N_INTERPS)
    interp = OSSA_INTERP_LINEAR;
  index = sprite_index (interp, selected, bone_row);
  if (cx >= 0 && cx < layer->width)
    {
      mark = layer->generation << 8 | (guint32) (index + 1);
      if (layer->mark[cx] == mark && !spin)
        return;
      layer->mark[cx] = mark;
    }
  stamp (layer, cx, cy, &layer->sprites[index]);
  /* A rotation that does not take the short way is marked: the person sees it
   * before playing. */
  if (spin)
    stamp (layer, cx, cy, &layer->sprites[SPIN_SPRITE]);
}

float
_ossa_timeline_view_dragged_time (OssaTimelineView *self, float time)
{
  double t = time + self->move_delta;

  if (self->move_snap)
    t = _ossa_timeline_view_snap_to_frame (self, t);
  return (float) MAX (t, 0);
}

/* First entry of the sorted key selection at or after (bone, channel). */
static gsize
selection_lower_bound (const OssaKeyRef *keys, gsize n, guint bone, int channel)
{
  gsize lo = 0, hi = n;

  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (keys[mid].bone < bone || (keys[mid].bone == bone && (int) keys[mid].channel < channel))
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

static guint
draw_track (OssaTimelineView *self, Layer *layer, const OssaTrack *track, int cy,
            gboolean bone_row, double t0, double t1, const OssaKeyRef *sel, gsize n_sel,
            int scale)
{
  gboolean moving = self->drag == OSSA_TIMELINE_DRAG_KEYS && self->drag_active;
  double value = gtk_adjustment_get_value (self->hadj);
  double px = self->pps * scale;
  gsize s = selection_lower_bound (sel, n_sel, track->bone, track->channel);
  gsize s_end = s;
  ssize_t k;
  guint drawn = 0;

  while (s_end < n_sel && sel[s_end].bone == track->bone
         && (int) sel[s_end].channel == (int) track->channel)
    s_end++;
  /* Selected keys dragged elsewhere are drawn after the others, wherever they go. */
  k = moving && s_end > s ? 0 : MAX (ossa_track_key_before (track, (float) t0), 0);
  for (; (gsize) k < track->n_keys; k++)
    {
      float time = track->times[k];
      gboolean selected = FALSE;

      if (time > t1 && !(moving && s_end > s))
        break;
      while (s < s_end && sel[s].time < time)
        s++;
      selected = s < s_end && sel[s].time == time;
      if (selected && moving)
        time = _ossa_timeline_view_dragged_time (self, time);
      if (time < t0 || time > t1)
        continue;
      stamp_key (layer, (int) lround ((time - value) * px), cy, track, (gsize) k, selected,
                 bone_row);
      drawn++;
    }
  return drawn;
}

/* A slot row: attachment keys, then colour keys (inside a diamond at its time). */
static guint
draw_slot_row (OssaTimelineView *self, Layer *layer, guint slot, int cy, double t0, double t1,
               int scale)
{
  const OssaSlotTrack *att = _ossa_timeline_view_slot_track_of (self, slot,
                                                                OSSA_SLOT_CHANNEL_ATTACHMENT);
  const OssaSlotTrack *col = _ossa_timeline_view_slot_track_of (self, slot,
                                                                OSSA_SLOT_CHANNEL_COLOR);
  double value = gtk_adjustment_get_value (self->hadj);
  double px = self->pps * scale;
  /* Picked keys dragged elsewhere are drawn where they go: every key is visited. */
  gboolean moving = self->drag == OSSA_TIMELINE_DRAG_ART_KEYS && self->drag_active;
  guint drawn = 0;

  for (ssize_t k = att != NULL && !moving ? MAX (ossa_slot_track_key_before (att, (float) t0), 0)
                                          : 0;
       att != NULL && (gsize) k < att->n_keys && (moving || att->times[k] <= t1); k++)
    {
      OssaSlotKeyRef ref = { (int) slot, OSSA_SLOT_CHANNEL_ATTACHMENT, att->times[k] };
      gboolean sel = _ossa_timeline_view_is_slot_key_selected (self, &ref);
      int base = att->attachments[k] >= 0 ? ART_ATTACHMENT : ART_ATTACHMENT_NONE;
      float time = _ossa_timeline_view_art_key_time (self, &ref);

      if (time < t0 || time > t1)
        continue;
      stamp (layer, (int) lround ((time - value) * px), cy, &layer->art[base + sel]);
      drawn++;
    }
  for (ssize_t k = col != NULL && !moving ? MAX (ossa_slot_track_key_before (col, (float) t0), 0)
                                          : 0;
       col != NULL && (gsize) k < col->n_keys && (moving || col->times[k] <= t1); k++)
    {
      OssaSlotKeyRef ref = { (int) slot, OSSA_SLOT_CHANNEL_COLOR, col->times[k] };
      gboolean sel = _ossa_timeline_view_is_slot_key_selected (self, &ref);
      gboolean inner = !moving && att != NULL && ossa_slot_track_find_key (att, col->times[k]) >= 0;
      float time = _ossa_timeline_view_art_key_time (self, &ref);

      if (time < t0 || time > t1)
        continue;
      stamp_fill (layer, (int) lround ((time - value) * px), cy,
                  &layer->art[(inner ? ART_SWATCH_INNER : ART_SWATCH) + sel],
                  swatch_color (col->colors[k], FALSE), swatch_color (col->colors[k], TRUE));
      drawn++;
    }
  return drawn;
}

static guint
draw_draw_order_row (OssaTimelineView *self, Layer *layer, int cy, double t0, double t1,
                     int scale)
{
  const OssaAnimation *anim = _ossa_timeline_view_get_animation (self);
  double value = gtk_adjustment_get_value (self->hadj);
  double px = self->pps * scale;
  gboolean moving = self->drag == OSSA_TIMELINE_DRAG_ART_KEYS && self->drag_active;
  guint drawn = 0;

  for (ssize_t k = moving ? 0 : MAX (ossa_draw_order_key_before (anim->draw_order,
                                                                 anim->n_draw_order,
                                                                 (float) t0), 0);
       (gsize) k < anim->n_draw_order && (moving || anim->draw_order[k].time <= t1); k++)
    {
      OssaSlotKeyRef ref = { -1, OSSA_SLOT_CHANNEL_ATTACHMENT, anim->draw_order[k].time };
      gboolean sel = _ossa_timeline_view_is_slot_key_selected (self, &ref);
      float time = _ossa_timeline_view_art_key_time (self, &ref);

      if (time < t0 || time > t1)
        continue;
      stamp (layer, (int) lround ((time - value) * px), cy,
             &layer->art[ART_DRAW_ORDER + sel]);
      drawn++;
    }
  return drawn;
}

/* An IK row: one key per time (its mix, and its bend when keyed). */
static guint
draw_ik_row (OssaTimelineView *self, Layer *layer, guint constraint, int cy, double t0, double t1,
             int scale)
{
  const OssaIkTrack *track = ossa_editor_get_ik_track (self->editor, constraint);
  double value = gtk_adjustment_get_value (self->hadj);
  double px = self->pps * scale;
  /* Picked keys dragged elsewhere are drawn where they go: every key is visited. */
  gboolean moving = self->drag == OSSA_TIMELINE_DRAG_IK_KEYS && self->drag_active;
  guint drawn = 0;

  if (track == NULL)
    return 0;
  /* Else from the first key in view, to the last. */
  for (gsize k = moving ? 0 : _ossa_timeline_view_ik_first_key (track, t0); k < track->n_keys;
       k++)
    {
      OssaIkKeyRef ref = { constraint, track->times[k] };
      float time;

      if (!moving && track->times[k] > t1)
        break;
      time = _ossa_timeline_view_ik_key_time (self, &ref);
      if (time < t0 || time > t1)
        continue;
      stamp (layer, (int) lround ((time - value) * px), cy,
             &layer->ik[_ossa_timeline_view_is_ik_key_selected (self, &ref)]);
      drawn++;
    }
  return drawn;
}

void
_ossa_timeline_view_draw_keys_layer (OssaTimelineView *self, int scale)
{
  Layer layer;
  g_autofree guint32 *mark = NULL;
  const OssaKeyRef *sel = NULL;
  gsize n_sel = 0;
  double kw = _ossa_timeline_view_key_width (self);
  double vh = _ossa_timeline_view_rows_view_height (self);
  double t0, t1, top = gtk_adjustment_get_value (self->vadj);
  guint first;
  guint drawn = 0;
  gint64 start = g_get_monotonic_time ();
  GBytes *bytes;

  g_clear_object (&self->layer);
  self->layer_stale = FALSE;
  layer.width = (int) ceil (kw * scale);
  layer.height = (int) ceil (vh * scale);
  if (self->editor == NULL || layer.width <= 0 || layer.height <= 0
      || _ossa_timeline_view_get_animation (self) == NULL)
    return;
  /* Fresh zeroed memory each time: the texture takes it, nothing is copied. */
  layer.pixels = g_malloc0 ((gsize) layer.width * layer.height * 4);
  mark = g_new0 (guint32, layer.width);
  layer.mark = mark;
  layer.generation = 0;
  make_sprites (&layer, scale);
  if (ossa_editor_get_document (self->editor)->n_slots > 0)
    make_art_sprites (&layer, scale);
  if (ossa_editor_get_document (self->editor)->n_ik > 0)
    make_ik_sprites (&layer, scale);
  sel = ossa_editor_get_selected_keys (self->editor, &n_sel);
  {
    double margin = (OSSA_TIMELINE_KEY_RADIUS_BONE + 2) / self->pps;

    t0 = gtk_adjustment_get_value (self->hadj) - margin;
    t1 = t0 + kw / self->pps + 2 * margin;
  }
  _ossa_timeline_view_ensure_rows (self);
  first = _ossa_timeline_view_row_index_at (self, top);
  for (guint i = first; i < self->rows->len; i++)
    {
      const OssaTimelineRow *row = &g_array_index (self->rows, OssaTimelineRow, i);
      int cy = (int) lround ((row->y - top + 0.5 * row->height) * scale);

      if (row->y - top > vh)
        break;
      layer.generation++;
      if (row->kind == OSSA_TIMELINE_ROW_SLOT)
        {
          drawn += draw_slot_row (self, &layer, row->slot, cy, t0, t1, scale);
          continue;
        }
      if (row->kind == OSSA_TIMELINE_ROW_DRAW_ORDER)
        {
          drawn += draw_draw_order_row (self, &layer, cy, t0, t1, scale);
          continue;
        }
      if (row->kind == OSSA_TIMELINE_ROW_IK)
        {
          drawn += draw_ik_row (self, &layer, row->constraint, cy, t0, t1, scale);
          continue;
        }
      if (row->channel >= 0)
        {
          const OssaTrack *track = _ossa_timeline_view_track_of (self, row->bone, row->channel);

          if (track != NULL)
            drawn += draw_track (self, &layer, track, cy, FALSE, t0, t1, sel, n_sel, scale);
          continue;
        }
      for (int c = 0; c < OSSA_N_CHANNELS; c++)
        {
          const OssaTrack *track = _ossa_timeline_view_track_of (self, row->bone, c);

          if (track != NULL)
            drawn += draw_track (self, &layer, track, cy, TRUE, t0, t1, sel, n_sel, scale);
        }
    }
  bytes = g_bytes_new_take (layer.pixels, (gsize) layer.width * layer.height * 4);
  self->layer = gdk_memory_texture_new (layer.width, layer.height, GDK_MEMORY_DEFAULT, bytes,
                                        (gsize) layer.width * 4);
  g_bytes_unref (bytes);
  self->stats.keys_drawn = drawn;
  self->stats.layers++;
  self->stats.layer_us = g_get_monotonic_time () - start;
}

