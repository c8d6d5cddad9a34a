/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-timeline-view"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "ossa-cached-bin.h"
#include "ossa-gerror.h"
#include "ossa-timeline-private.h"

/* How it stays fast with tens of thousands of keys on screen: rows are laid out
 * once per skeleton shape, only the rows and the time span in view are visited
 * (a binary search finds each track's first visible key), and the keys are not
 * render nodes. GSK's GL renderer of GTK 4.8 takes about 3 µs a node, so 50,000
 * diamonds as nodes cost 140 ms a frame; instead the keys are stamped into one
 * pixel layer (spans of a few pixels each, in device pixels so they stay sharp),
 * which goes into the snapshot as a single texture and is kept while only the
 * playhead moves. Everything else (rows, ruler, names, playhead) is a few hundred
 * nodes at most. */

#define KEY_RADIUS_BONE     5.5   /* logical pixels */
#define KEY_RADIUS_CHANNEL  4.5
#define DRAG_THRESHOLD      3.0
#define PPS_MIN             4.0   /* pixels a second, the zoom's range */
#define PPS_MAX             6000.0
#define PPS_DEFAULT         300.0
#define ZOOM_STEP           1.25
#define WHEEL_ZOOM_STEP     1.15
#define SCROLL_STEP         40.0  /* pixels a wheel step */
#define LABEL_MIN_SPACING   56.0
#define LEFT_MARGIN         14.0  /* room before time 0 */
#define INDENT              10.0
#define INDENT_MAX          8

typedef struct
{
  guint  bone;
  int    channel;   /* -1: the bone's own row */
  guint  depth;
  double y;         /* top, in row space (0 = under the ruler) */
  double height;
} Row;

typedef enum
{
  DRAG_NONE,
  DRAG_SCRUB,
  DRAG_KEYS,
  DRAG_BAND,
  DRAG_PAN,
  DRAG_NAMES,
} DragKind;

typedef enum
{
  SHAPE_DIAMOND,
  SHAPE_SQUARE,
  SHAPE_CIRCLE,
} Shape;

struct _OssaTimelineView
{
  GtkWidget          parent_instance;

  OssaEditor        *editor;
  GtkAdjustment     *hadj;
  GtkAdjustment     *vadj;
  double             pps;

  /* Rows, laid out when the skeleton's shape or an expander changes. */
  GArray            *rows;
  guint8            *expanded;
  gsize              n_expanded;
  double             rows_height;
  gboolean           rows_stale;

  /* (bone, channel) -> track index in the current animation, or -1. */
  gssize            *tracks;
  gsize              tracks_bones;
  gboolean           tracks_stale;

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
  double             layer_x0;     /* the time span it was drawn for */

  /* The gesture in progress. */
  DragKind           drag;
  gboolean           drag_active;
  double             press_x, press_y;
  double             drag_x, drag_y;
  GdkModifierType    press_state;
  OssaKeyRef         press_key;     /* the key pressed on (DRAG_KEYS) */
  gboolean           press_was_selected;
  double             move_delta;    /* seconds, while keys are dragged */
  gboolean           move_snap;
  double             pan_value;
  double             pan_vvalue;

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

G_DEFINE_FINAL_TYPE (OssaTimelineView, ossa_timeline_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_EDITOR,
  PROP_HADJUSTMENT,
  PROP_VADJUSTMENT,
  PROP_PIXELS_PER_SECOND,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Colours: the timeline is dark whatever the theme, like the canvas above it. */
#define RGBA(r, g, b, a) ((GdkRGBA) { (r) / 255.f, (g) / 255.f, (b) / 255.f, (a) })
static const GdkRGBA color_bg = RGBA (34, 35, 39, 1);
static const GdkRGBA color_names_bg = RGBA (40, 41, 46, 1);
static const GdkRGBA color_row_odd = RGBA (37, 38, 43, 1);
static const GdkRGBA color_row_channel = RGBA (31, 32, 36, 1);
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

/* ---- geometry ---- */

static double
key_width (OssaTimelineView *self)
{
  return MAX (gtk_widget_get_width (GTK_WIDGET (self)) - OSSA_TIMELINE_NAMES_WIDTH, 1);
}

static double
rows_view_height (OssaTimelineView *self)
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

static const OssaDocument *
document (OssaTimelineView *self)
{
  return ossa_editor_get_document (self->editor);
}

static const OssaAnimation *
animation (OssaTimelineView *self)
{
  int index;

  if (self->editor == NULL)
    return NULL;
  index = ossa_editor_get_animation (self->editor);
  if (index < 0 || (gsize) index >= document (self)->n_animations)
    return NULL;
  return &document (self)->animations[index];
}

static double
frame_rate (OssaTimelineView *self)
{
  return self->editor != NULL ? ossa_editor_get_frame_rate (self->editor) : 30.0;
}

static double
snap_to_frame (OssaTimelineView *self, double t)
{
  double fps = frame_rate (self);

  return round (t * fps) / fps;
}

static void
ensure_rows (OssaTimelineView *self)
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
  skel = &document (self)->skeleton;
  if (skel->n_bones > self->n_expanded)
    {
      self->expanded = g_renew (guint8, self->expanded, skel->n_bones);
      memset (self->expanded + self->n_expanded, 0, skel->n_bones - self->n_expanded);
      self->n_expanded = skel->n_bones;
    }
  depth = g_new (guint, MAX (skel->n_bones, 1));
  for (gsize i = 0; i < skel->n_bones; i++)
    {
      Row row = { (guint) i, -1, 0, y, OSSA_TIMELINE_ROW_HEIGHT };

      depth[i] = skel->bones[i].parent >= 0 ? depth[skel->bones[i].parent] + 1 : 0;
      row.depth = depth[i];
      g_array_append_val (self->rows, row);
      y += row.height;
      if (self->expanded[i])
        for (int c = 0; c < OSSA_N_CHANNELS; c++)
          {
            Row channel = { (guint) i, c, depth[i], y, OSSA_TIMELINE_CHANNEL_HEIGHT };

            g_array_append_val (self->rows, channel);
            y += channel.height;
          }
    }
  self->rows_height = y;
}

static void
ensure_tracks (OssaTimelineView *self)
{
  const OssaAnimation *anim;
  gsize n;

  if (!self->tracks_stale)
    return;
  self->tracks_stale = FALSE;
  n = self->editor != NULL ? document (self)->skeleton.n_bones : 0;
  self->tracks = g_renew (gssize, self->tracks, MAX (n, 1) * OSSA_N_CHANNELS);
  self->tracks_bones = n;
  for (gsize i = 0; i < n * OSSA_N_CHANNELS; i++)
    self->tracks[i] = -1;
  anim = animation (self);
  if (anim == NULL)
    return;
  for (gsize i = 0; i < anim->n_tracks; i++)
    if (anim->tracks[i].bone < n && (guint) anim->tracks[i].channel < OSSA_N_CHANNELS)
      self->tracks[anim->tracks[i].bone * OSSA_N_CHANNELS + anim->tracks[i].channel] = (gssize) i;
}

static const OssaTrack *
track_of (OssaTimelineView *self, guint bone, int channel)
{
  const OssaAnimation *anim = animation (self);
  gssize index;

  ensure_tracks (self);
  if (anim == NULL || bone >= self->tracks_bones || channel < 0 || channel >= OSSA_N_CHANNELS)
    return NULL;
  index = self->tracks[bone * OSSA_N_CHANNELS + channel];
  return index >= 0 && (gsize) index < anim->n_tracks ? &anim->tracks[index] : NULL;
}

/* Index of the first row whose bottom is below row-space y. */
static guint
row_index_at (OssaTimelineView *self, double y)
{
  guint lo = 0, hi = self->rows->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      const Row *row = &g_array_index (self->rows, Row, mid);

      if (row->y + row->height <= y)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* The row under widget point y, or NULL. */
static const Row *
row_at (OssaTimelineView *self, double y)
{
  double ry = y - OSSA_TIMELINE_RULER_HEIGHT + gtk_adjustment_get_value (self->vadj);
  guint i;

  ensure_rows (self);
  if (y < OSSA_TIMELINE_RULER_HEIGHT || ry < 0)
    return NULL;
  i = row_index_at (self, ry);
  return i < self->rows->len ? &g_array_index (self->rows, Row, i) : NULL;
}

static double
row_top (OssaTimelineView *self, const Row *row)
{
  return OSSA_TIMELINE_RULER_HEIGHT + row->y - gtk_adjustment_get_value (self->vadj);
}

gboolean
_ossa_timeline_view_row_y (OssaTimelineView *self, guint bone, int channel, double *y)
{
  g_return_val_if_fail (OSSA_IS_TIMELINE_VIEW (self), FALSE);
  ensure_rows (self);
  for (guint i = 0; i < self->rows->len; i++)
    {
      const Row *row = &g_array_index (self->rows, Row, i);

      if (row->bone == bone && row->channel == channel)
        {
          *y = row_top (self, row) + 0.5 * row->height;
          return TRUE;
        }
    }
  return FALSE;
}

/* ---- adjustments ---- */

/* The span the horizontal scrollbar covers: the animation and its keys, with
 * room after them. */
static double
content_end (OssaTimelineView *self)
{
  const OssaAnimation *anim = animation (self);
  double end = 1.0;

  if (anim != NULL)
    end = MAX (end, MAX (anim->duration, ossa_animation_last_key_time (anim)));
  return end;
}

static void
update_adjustments (OssaTimelineView *self)
{
  double page = key_width (self) / self->pps;
  double lower = -LEFT_MARGIN / self->pps;
  double upper = MAX (content_end (self) * 1.15 + page * 0.25, lower + page);
  double value = gtk_adjustment_get_value (self->hadj);
  double vpage = rows_view_height (self);

  ensure_rows (self);
  upper = MAX (upper, value + page);
  gtk_adjustment_configure (self->hadj, CLAMP (value, lower, upper - page), lower, upper,
                            1.0 / frame_rate (self), page * 0.9, page);
  gtk_adjustment_configure (self->vadj,
                            CLAMP (gtk_adjustment_get_value (self->vadj), 0,
                                   MAX (self->rows_height - vpage, 0)),
                            0, MAX (self->rows_height, vpage), OSSA_TIMELINE_ROW_HEIGHT,
                            vpage * 0.9, vpage);
}

static void
redraw (OssaTimelineView *self)
{
  self->still_stale = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
invalidate_layer (OssaTimelineView *self)
{
  self->layer_stale = TRUE;
  redraw (self);
}

void
_ossa_timeline_view_invalidate (OssaTimelineView *self)
{
  g_return_if_fail (OSSA_IS_TIMELINE_VIEW (self));
  invalidate_layer (self);
}

static void
set_pps (OssaTimelineView *self, double pps)
{
  pps = CLAMP (pps, PPS_MIN, PPS_MAX);
  if (pps == self->pps)
    return;
  self->pps = pps;
  update_adjustments (self);
  invalidate_layer (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PIXELS_PER_SECOND]);
}

/**
 * ossa_timeline_view_zoom_at:
 * @x: the widget x that stays on the same time
 * @factor: > 1 zooms in
 */
void
ossa_timeline_view_zoom_at (OssaTimelineView *self, double x, double factor)
{
  double t;

  g_return_if_fail (OSSA_IS_TIMELINE_VIEW (self));
  x = MAX (x, OSSA_TIMELINE_NAMES_WIDTH);
  t = _ossa_timeline_view_x_to_time (self, x);
  set_pps (self, self->pps * factor);
  gtk_adjustment_set_value (self->hadj, t - (x - OSSA_TIMELINE_NAMES_WIDTH) / self->pps);
}

/**
 * ossa_timeline_view_zoom_to_fit:
 *
 * Shows the whole animation.
 */
void
ossa_timeline_view_zoom_to_fit (OssaTimelineView *self)
{
  g_return_if_fail (OSSA_IS_TIMELINE_VIEW (self));
  set_pps (self, (key_width (self) - LEFT_MARGIN - 24) / content_end (self));
  gtk_adjustment_set_value (self->hadj, gtk_adjustment_get_lower (self->hadj));
}

/* Keeps the playhead in view while it plays or steps. */
static void
follow_playhead (OssaTimelineView *self)
{
  double t = ossa_editor_get_time (self->editor);
  double value = gtk_adjustment_get_value (self->hadj);
  double page = gtk_adjustment_get_page_size (self->hadj);

  if (page <= 0)
    return;
  if (t < value)
    gtk_adjustment_set_value (self->hadj, t - LEFT_MARGIN / self->pps);
  else if (t > value + page)
    gtk_adjustment_set_value (self->hadj, t - 0.1 * page);
}

/* ---- the key layer ---- */

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

typedef struct
{
  guint32 *pixels;
  int      width, height;   /* device pixels */
  Sprite   sprites[N_SPRITES];
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
          int r = (int) ((bone_row ? KEY_RADIUS_BONE : KEY_RADIUS_CHANNEL) * scale);

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

static inline void
fill_span (guint32 *row, int x0, int x1, int width, guint32 color)
{
  x0 = MAX (x0, 0);
  x1 = MIN (x1, width - 1);
  for (int x = x0; x <= x1; x++)
    row[x] = color;
}

static void
stamp (Layer *layer, int cx, int cy, const Sprite *sprite)
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
          fill_span (row, cx - fw, cx + fw, layer->width, sprite->fill);
          fill_span (row, cx + fw + 1, cx + hw, layer->width, sprite->outline);
        }
    }
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

/* The time a selected key is drawn at while the selection is dragged. */
static float
preview_time (OssaTimelineView *self, float time)
{
  double t = time + self->move_delta;

  if (self->move_snap)
    t = snap_to_frame (self, t);
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
  gboolean moving = self->drag == DRAG_KEYS && self->drag_active;
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
        time = preview_time (self, time);
      if (time < t0 || time > t1)
        continue;
      stamp_key (layer, (int) lround ((time - value) * px), cy, track, (gsize) k, selected,
                 bone_row);
      drawn++;
    }
  return drawn;
}

static void
draw_layer (OssaTimelineView *self, int scale)
{
  Layer layer;
  g_autofree guint32 *mark = NULL;
  const OssaKeyRef *sel = NULL;
  gsize n_sel = 0;
  double kw = key_width (self), vh = rows_view_height (self);
  double t0, t1, top = gtk_adjustment_get_value (self->vadj);
  guint first;
  guint drawn = 0;
  gint64 start = g_get_monotonic_time ();
  GBytes *bytes;

  g_clear_object (&self->layer);
  self->layer_stale = FALSE;
  layer.width = (int) ceil (kw * scale);
  layer.height = (int) ceil (vh * scale);
  if (self->editor == NULL || layer.width <= 0 || layer.height <= 0 || animation (self) == NULL)
    return;
  /* Fresh zeroed memory each time: the texture takes it, nothing is copied. */
  layer.pixels = g_malloc0 ((gsize) layer.width * layer.height * 4);
  mark = g_new0 (guint32, layer.width);
  layer.mark = mark;
  layer.generation = 0;
  make_sprites (&layer, scale);
  sel = ossa_editor_get_selected_keys (self->editor, &n_sel);
  {
    double margin = (KEY_RADIUS_BONE + 2) / self->pps;

    t0 = gtk_adjustment_get_value (self->hadj) - margin;
    t1 = t0 + kw / self->pps + 2 * margin;
  }
  ensure_rows (self);
  first = row_index_at (self, top);
  for (guint i = first; i < self->rows->len; i++)
    {
      const Row *row = &g_array_index (self->rows, Row, i);
      int cy = (int) lround ((row->y - top + 0.5 * row->height) * scale);

      if (row->y - top > vh)
        break;
      layer.generation++;
      if (row->channel >= 0)
        {
          const OssaTrack *track = track_of (self, row->bone, row->channel);

          if (track != NULL)
            drawn += draw_track (self, &layer, track, cy, FALSE, t0, t1, sel, n_sel, scale);
          continue;
        }
      for (int c = 0; c < OSSA_N_CHANNELS; c++)
        {
          const OssaTrack *track = track_of (self, row->bone, c);

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

/* ---- snapshot ---- */

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
  double frame_px = self->pps / frame_rate (self);

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    if (steps[i] * frame_px >= LABEL_MIN_SPACING)
      return steps[i];
  return 12000;
}

static void
draw_grid_and_ruler (OssaTimelineView *self, GtkSnapshot *snapshot, double width, double height)
{
  double fps = frame_rate (self);
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

static void
draw_rows (OssaTimelineView *self, GtkSnapshot *snapshot, double width, double height)
{
  const OssaDocument *doc = document (self);
  double top = gtk_adjustment_get_value (self->vadj);
  double end_x = _ossa_timeline_view_time_to_x (self, ossa_editor_get_end_time (self->editor));
  double zero_x = _ossa_timeline_view_time_to_x (self, 0);
  guint first = row_index_at (self, top);
  int primary = ossa_editor_get_primary (self->editor);

  gtk_snapshot_push_clip (snapshot,
                          &GRAPHENE_RECT_INIT (0, OSSA_TIMELINE_RULER_HEIGHT, (float) width,
                                               (float) (height - OSSA_TIMELINE_RULER_HEIGHT)));
  for (guint i = first; i < self->rows->len; i++)
    {
      const Row *row = &g_array_index (self->rows, Row, i);
      double y = row_top (self, row);
      gboolean selected = ossa_editor_is_selected (self->editor, row->bone);
      double indent = MIN (row->depth, INDENT_MAX) * INDENT;
      const OssaBone *bone = &doc->skeleton.bones[row->bone];

      if (y > height)
        break;
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
  g_snprintf (label, sizeof label, "%.0f", round (t * frame_rate (self)));
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
  double fps = frame_rate (self);
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

static void write_dump (OssaTimelineView *self);

static void
ossa_timeline_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
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
  ensure_rows (self);
  if (self->layer_stale)
    {
      draw_layer (self, scale);
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
  if (self->drag == DRAG_BAND && self->drag_active)
    draw_band (self, snapshot);
  draw_playhead (self, snapshot, width, height);

  /* The corner over the names: the playhead's frame and time. */
  fill (snapshot, &color_ruler_bg, 0, 0, OSSA_TIMELINE_NAMES_WIDTH, OSSA_TIMELINE_RULER_HEIGHT);
  {
    double t = ossa_editor_get_time (self->editor);

    /* Translators: the playhead on the timeline: frame number and seconds */
    g_snprintf (corner, sizeof corner, _("Frame %.0f   %.2f s"),
                round (t * frame_rate (self)), t);
    pango_layout_set_width (self->layout, -1);
    text (snapshot, self->layout, corner, 10, 5, &color_text);
  }
  fill (snapshot, &color_line, OSSA_TIMELINE_NAMES_WIDTH - 1, 0, 1, height);
  fill (snapshot, &color_line, 0, OSSA_TIMELINE_RULER_HEIGHT - 1, width, 1);
  if (self->hover_ruler && self->drag == DRAG_NONE)
    draw_hover (self, snapshot);

  self->stats.snapshots++;
  self->stats.snapshot_us = g_get_monotonic_time () - start;
  if (self->dump_path != NULL)
    write_dump (self);
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
  const OssaAnimation *anim = animation (self);
  double fps = frame_rate (self);
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
      const Row *row = &g_array_index (self->rows, Row, i);
      double y = row_top (self, row);

      if (y + row->height < OSSA_TIMELINE_RULER_HEIGHT || y > gtk_widget_get_height (widget))
        continue;
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "bone");
      json_builder_add_string_value (builder, document (self)->skeleton.bones[row->bone].name);
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
  json_builder_end_object (builder);
  node = json_builder_get_root (builder);
  json_generator_set_root (generator, node);
  json = json_generator_to_data (generator, NULL);
  g_file_set_contents (self->dump_path, json, -1, NULL);
}

/* ---- hit testing ---- */

/* The key nearest to widget x on row, within its drawn size: its time in *time
 * (the exact stored value) and, on a channel row, its channel. */
static gboolean
key_at (OssaTimelineView *self, const Row *row, double x, float *time, int *channel)
{
  double t = _ossa_timeline_view_x_to_time (self, x);
  double tolerance = ((row->channel < 0 ? KEY_RADIUS_BONE : KEY_RADIUS_CHANNEL) + 2) / self->pps;
  double best = INFINITY;

  for (int c = 0; c < OSSA_N_CHANNELS; c++)
    {
      const OssaTrack *track;
      ssize_t k;

      if (row->channel >= 0 && c != row->channel)
        continue;
      track = track_of (self, row->bone, c);
      if (track == NULL)
        continue;
      k = ossa_track_key_before (track, (float) (t + tolerance));
      for (; k >= 0 && track->times[k] >= t - tolerance; k--)
        {
          double d = fabs (track->times[k] - t);

          if (d < best)
            {
              best = d;
              *time = track->times[k];
              *channel = c;
            }
        }
    }
  return isfinite (best);
}

/* The keys a press on row at time picks: on a channel row, that key; on a bone
 * row, the bone's keys at that time in every channel. */
static GArray *
keys_of (OssaTimelineView *self, const Row *row, double t0, double t1)
{
  GArray *keys = g_array_new (FALSE, FALSE, sizeof (OssaKeyRef));

  for (int c = 0; c < OSSA_N_CHANNELS; c++)
    {
      const OssaTrack *track;
      ssize_t k;

      if (row->channel >= 0 && c != row->channel)
        continue;
      track = track_of (self, row->bone, c);
      if (track == NULL)
        continue;
      k = MAX (ossa_track_key_before (track, (float) t0), 0);
      for (; (gsize) k < track->n_keys && track->times[k] <= t1; k++)
        if (track->times[k] >= t0)
          {
            OssaKeyRef ref = { row->bone, (OssaChannel) c, track->times[k] };

            g_array_append_val (keys, ref);
          }
    }
  return keys;
}

static gboolean
keys_all_selected (OssaTimelineView *self, GArray *keys)
{
  for (guint i = 0; i < keys->len; i++)
    {
      const OssaKeyRef *k = &g_array_index (keys, OssaKeyRef, i);

      if (!ossa_editor_is_key_selected (self->editor, k->bone, k->channel, k->time))
        return FALSE;
    }
  return keys->len > 0;
}

/* ---- gestures ---- */

static void
scrub_to (OssaTimelineView *self, double x, GdkModifierType state)
{
  double t = MAX (_ossa_timeline_view_x_to_time (self, x), 0);

  if (!(state & GDK_SHIFT_MASK))
    t = snap_to_frame (self, t);
  ossa_editor_set_time (self->editor, t);
}

static gboolean
near_playhead (OssaTimelineView *self, double x)
{
  return fabs (x - _ossa_timeline_view_time_to_x (self, ossa_editor_get_time (self->editor)))
         <= 4;
}

void
_ossa_timeline_view_press (OssaTimelineView *self, double x, double y, GdkModifierType state)
{
  gboolean ctrl = (state & GDK_CONTROL_MASK) != 0;
  const Row *row;

  g_return_if_fail (OSSA_IS_TIMELINE_VIEW (self));
  self->drag = DRAG_NONE;
  self->drag_active = FALSE;
  self->press_x = self->drag_x = x;
  self->press_y = self->drag_y = y;
  self->press_state = state;
  self->move_delta = 0;
  if (self->editor == NULL)
    return;
  ensure_rows (self);

  if (x >= OSSA_TIMELINE_NAMES_WIDTH && y < OSSA_TIMELINE_RULER_HEIGHT)
    {
      self->drag = DRAG_SCRUB;
      scrub_to (self, x, state);
      return;
    }
  row = row_at (self, y);
  if (x < OSSA_TIMELINE_NAMES_WIDTH)
    {
      self->drag = DRAG_NAMES;
      if (row == NULL)
        return;
      if (row->channel < 0 && x < 8 + MIN (row->depth, INDENT_MAX) * INDENT + 14)
        {
          ossa_timeline_view_set_expanded (self, row->bone, !self->expanded[row->bone]);
          return;
        }
      if (ctrl)
        ossa_editor_toggle_selected (self->editor, row->bone);
      else
        ossa_editor_select (self->editor, &row->bone, 1, FALSE);
      return;
    }
  if (row != NULL)
    {
      float time;
      int channel;

      if (key_at (self, row, x, &time, &channel))
        {
          g_autoptr(GArray) keys = keys_of (self, row, time, time);

          self->press_key.bone = row->bone;
          self->press_key.channel = (OssaChannel) channel;
          self->press_key.time = time;
          self->press_was_selected = keys_all_selected (self, keys);
          if (ctrl)
            {
              /* Ctrl+click adds or takes away, and does not drag. */
              if (self->press_was_selected)
                for (guint i = 0; i < keys->len; i++)
                  ossa_editor_toggle_key_selected (self->editor,
                                                   &g_array_index (keys, OssaKeyRef, i));
              else
                ossa_editor_select_keys (self->editor,
                                         (const OssaKeyRef *) (gconstpointer) keys->data,
                                         keys->len, TRUE);
              return;
            }
          if (!self->press_was_selected)
            ossa_editor_select_keys (self->editor,
                                     (const OssaKeyRef *) (gconstpointer) keys->data,
                                     keys->len, (state & GDK_SHIFT_MASK) != 0);
          self->drag = DRAG_KEYS;
          return;
        }
    }
  /* The playhead's line can be dragged too, where no key is. */
  if (near_playhead (self, x))
    {
      self->drag = DRAG_SCRUB;
      scrub_to (self, x, state);
      return;
    }
  self->drag = DRAG_BAND;
}

void
_ossa_timeline_view_motion (OssaTimelineView *self, double x, double y, GdkModifierType state)
{
  g_return_if_fail (OSSA_IS_TIMELINE_VIEW (self));
  if (self->drag == DRAG_NONE || self->editor == NULL)
    return;
  self->drag_x = x;
  self->drag_y = y;
  if (!self->drag_active)
    {
      if (self->drag != DRAG_SCRUB && self->drag != DRAG_PAN
          && hypot (x - self->press_x, y - self->press_y) < DRAG_THRESHOLD)
        return;
      self->drag_active = TRUE;
    }
  switch (self->drag)
    {
    case DRAG_SCRUB:
      scrub_to (self, x, state);
      break;
    case DRAG_KEYS:
      self->move_delta = (x - self->press_x) / self->pps;
      self->move_snap = !(state & GDK_SHIFT_MASK);
      if (self->move_snap)
        /* Keys on frames stay on frames: the drag moves by whole frames. */
        self->move_delta = snap_to_frame (self, self->move_delta);
      invalidate_layer (self);
      break;
    case DRAG_BAND:
      /* The band is drawn over the still picture: that stays. */
      gtk_widget_queue_draw (GTK_WIDGET (self));
      break;
    case DRAG_PAN:
      gtk_adjustment_set_value (self->hadj, self->pan_value - (x - self->press_x) / self->pps);
      break;
    case DRAG_NAMES:
    case DRAG_NONE:
    default:
      break;
    }
}

static void
select_band (OssaTimelineView *self, GdkModifierType state)
{
  double y0 = MIN (self->press_y, self->drag_y), y1 = MAX (self->press_y, self->drag_y);
  double t0 = _ossa_timeline_view_x_to_time (self, MIN (self->press_x, self->drag_x));
  double t1 = _ossa_timeline_view_x_to_time (self, MAX (self->press_x, self->drag_x));
  double top = gtk_adjustment_get_value (self->vadj);
  double pad = KEY_RADIUS_CHANNEL / self->pps;
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (OssaKeyRef));
  gboolean extend = (state & (GDK_CONTROL_MASK | GDK_SHIFT_MASK)) != 0;

  for (guint i = row_index_at (self, MAX (y0 - OSSA_TIMELINE_RULER_HEIGHT + top, 0));
       i < self->rows->len; i++)
    {
      const Row *row = &g_array_index (self->rows, Row, i);
      double ry = row_top (self, row);
      g_autoptr(GArray) keys = NULL;

      if (ry > y1)
        break;
      if (ry + row->height < y0)
        continue;
      keys = keys_of (self, row, t0 - pad, t1 + pad);
      g_array_append_vals (all, keys->data, keys->len);
    }
  ossa_editor_select_keys (self->editor, (const OssaKeyRef *) (gconstpointer) all->data,
                           all->len, extend);
}

static void
report (OssaTimelineView *self, GError *error)
{
  gtk_widget_error_bell (GTK_WIDGET (self));
  g_message ("%s", error->message);
}

void
_ossa_timeline_view_release (OssaTimelineView *self, double x, double y, GdkModifierType state)
{
  g_autoptr(GError) error = NULL;
  DragKind drag = self->drag;

  g_return_if_fail (OSSA_IS_TIMELINE_VIEW (self));
  if (drag != DRAG_NONE)
    _ossa_timeline_view_motion (self, x, y, state);
  self->drag = DRAG_NONE;
  if (self->editor == NULL)
    return;
  switch (drag)
    {
    case DRAG_KEYS:
      if (self->drag_active)
        {
          double delta = self->move_delta;

          self->move_delta = 0;
          if (!ossa_editor_move_selected_keys (self->editor, delta, self->move_snap, &error))
            report (self, error);
        }
      else if (self->press_was_selected && !(self->press_state & GDK_SHIFT_MASK))
        {
          /* A click on a selected key picks it alone. */
          const Row *row = row_at (self, self->press_y);

          if (row != NULL)
            {
              g_autoptr(GArray) keys = keys_of (self, row, self->press_key.time,
                                               self->press_key.time);

              ossa_editor_select_keys (self->editor,
                                       (const OssaKeyRef *) (gconstpointer) keys->data,
                                       keys->len, FALSE);
            }
        }
      invalidate_layer (self);
      break;
    case DRAG_BAND:
      if (self->drag_active)
        select_band (self, self->press_state);
      else if (!(self->press_state & (GDK_CONTROL_MASK | GDK_SHIFT_MASK)))
        ossa_editor_clear_key_selection (self->editor);
      break;
    case DRAG_SCRUB:
    case DRAG_PAN:
    case DRAG_NAMES:
    case DRAG_NONE:
    default:
      break;
    }
  self->drag_active = FALSE;
  redraw (self);
}

static GdkModifierType
current_state (GtkGesture *gesture)
{
  return gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
}

static void
on_drag_begin (GtkGestureDrag *gesture, double x, double y, OssaTimelineView *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  _ossa_timeline_view_press (self, x, y, current_state (GTK_GESTURE (gesture)));
}

static void
on_drag_update (GtkGestureDrag *gesture, double dx, double dy, OssaTimelineView *self)
{
  double x, y;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  _ossa_timeline_view_motion (self, x + dx, y + dy, current_state (GTK_GESTURE (gesture)));
}

static void
on_drag_end (GtkGestureDrag *gesture, double dx, double dy, OssaTimelineView *self)
{
  double x, y;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  _ossa_timeline_view_release (self, x + dx, y + dy, current_state (GTK_GESTURE (gesture)));
}

static void
on_pan_begin (GtkGestureDrag *gesture, double x, double y, OssaTimelineView *self)
{
  self->drag = DRAG_PAN;
  self->drag_active = TRUE;
  self->press_x = x;
  self->press_y = y;
  self->pan_value = gtk_adjustment_get_value (self->hadj);
  self->pan_vvalue = gtk_adjustment_get_value (self->vadj);
}

static void
on_pan_update (GtkGestureDrag *gesture, double dx, double dy, OssaTimelineView *self)
{
  gtk_adjustment_set_value (self->hadj, self->pan_value - dx / self->pps);
  gtk_adjustment_set_value (self->vadj, self->pan_vvalue - dy);
}

static void
on_pan_end (GtkGestureDrag *gesture, double dx, double dy, OssaTimelineView *self)
{
  self->drag = DRAG_NONE;
  self->drag_active = FALSE;
}

static void
on_double_click (GtkGestureClick *gesture, int n_press, double x, double y,
                 OssaTimelineView *self)
{
  const Row *row;
  float time;
  int channel;

  if (n_press != 2 || self->editor == NULL)
    return;
  row = row_at (self, y);
  if (row == NULL)
    return;
  if (x < OSSA_TIMELINE_NAMES_WIDTH && row->channel < 0)
    ossa_timeline_view_set_expanded (self, row->bone, !self->expanded[row->bone]);
  else if (x >= OSSA_TIMELINE_NAMES_WIDTH && key_at (self, row, x, &time, &channel))
    /* A double-click on a key brings the playhead to it. */
    ossa_editor_set_time (self->editor, time);
}

static gboolean
on_scroll (GtkEventControllerScroll *controller, double dx, double dy, OssaTimelineView *self)
{
  GtkEventController *event_controller = GTK_EVENT_CONTROLLER (controller);
  GdkModifierType state = gtk_event_controller_get_current_event_state (event_controller);

  if (state & GDK_CONTROL_MASK)
    ossa_timeline_view_zoom_at (self, self->hover_x, pow (WHEEL_ZOOM_STEP, -dy));
  else if ((state & GDK_SHIFT_MASK) || dx != 0)
    gtk_adjustment_set_value (self->hadj, gtk_adjustment_get_value (self->hadj)
                                            + (dx != 0 ? dx : dy) * SCROLL_STEP / self->pps);
  else
    gtk_adjustment_set_value (self->vadj, gtk_adjustment_get_value (self->vadj)
                                            + dy * SCROLL_STEP);
  return TRUE;
}

static void
on_motion (GtkEventControllerMotion *controller, double x, double y, OssaTimelineView *self)
{
  gboolean ruler = x >= OSSA_TIMELINE_NAMES_WIDTH && y < OSSA_TIMELINE_RULER_HEIGHT;

  if (ruler || self->hover_ruler)
    gtk_widget_queue_draw (GTK_WIDGET (self));
  self->hover_ruler = ruler;
  self->hover_x = x;
}

static void
on_leave (GtkEventControllerMotion *controller, OssaTimelineView *self)
{
  if (self->hover_ruler)
    gtk_widget_queue_draw (GTK_WIDGET (self));
  self->hover_ruler = FALSE;
}

/* ---- playback ---- */

void
_ossa_timeline_view_tick (OssaTimelineView *self, gint64 frame_time_us)
{
  const OssaAnimation *anim;
  double end, t;

  g_return_if_fail (OSSA_IS_TIMELINE_VIEW (self));
  if (self->editor == NULL || !ossa_editor_get_playing (self->editor))
    return;
  anim = animation (self);
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

static void
re_anchor (OssaTimelineView *self)
{
  self->anchor_us = -1;
}

static void
on_playing (OssaEditor *editor, GParamSpec *pspec, OssaTimelineView *self)
{
  gboolean playing = ossa_editor_get_playing (editor);

  if (playing && self->tick_id == 0)
    {
      const OssaAnimation *anim = animation (self);
      double end = ossa_editor_get_end_time (editor);

      /* Play from the start when the playhead is at the end of a one-shot. */
      if (anim != NULL && !anim->loop && ossa_editor_get_time (editor) >= end - 1e-6)
        ossa_editor_set_time (editor, 0);
      re_anchor (self);
      self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), tick_cb, NULL, NULL);
    }
  else if (!playing && self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
}

/* ---- editor ---- */

static void
on_document_changed (OssaEditor *editor, guint change, OssaTimelineView *self)
{
  if (change & (OSSA_CHANGE_STRUCTURE | OSSA_CHANGE_DOCUMENT))
    self->rows_stale = TRUE;
  if (change & OSSA_CHANGE_DOCUMENT)
    {
      if (self->n_expanded > 0)
        memset (self->expanded, 0, self->n_expanded);
      gtk_adjustment_set_value (self->hadj, gtk_adjustment_get_lower (self->hadj));
      gtk_adjustment_set_value (self->vadj, 0);
    }
  if (change & (OSSA_CHANGE_STRUCTURE | OSSA_CHANGE_DOCUMENT | OSSA_CHANGE_ANIMATIONS))
    {
      self->tracks_stale = TRUE;
      update_adjustments (self);
      invalidate_layer (self);
    }
  /* The shown pose alone (the playhead moved, a drag in progress) changes nothing
   * the rows show: every edit of the document also says ANIMATIONS. */
  if (change == OSSA_CHANGE_POSE)
    gtk_widget_queue_draw (GTK_WIDGET (self));
  else
    redraw (self);
}

static void
on_animation (OssaEditor *editor, GParamSpec *pspec, OssaTimelineView *self)
{
  self->tracks_stale = TRUE;
  update_adjustments (self);
  invalidate_layer (self);
}

static void
on_time (OssaEditor *editor, GParamSpec *pspec, OssaTimelineView *self)
{
  if (self->drag != DRAG_PAN)
    follow_playhead (self);
  /* Only the playhead moved (following it scrolls, which redraws the rest). */
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The primary bone picked elsewhere (canvas, hierarchy): its row comes into view. */
static void
on_selection_changed (OssaTimelineView *self)
{
  int primary = ossa_editor_get_primary (self->editor);

  redraw (self);
  if (primary < 0)
    return;
  ensure_rows (self);
  for (guint i = 0; i < self->rows->len; i++)
    {
      const Row *row = &g_array_index (self->rows, Row, i);
      double top = gtk_adjustment_get_value (self->vadj);
      double page = rows_view_height (self);

      if (row->bone != (guint) primary || row->channel >= 0)
        continue;
      if (row->y < top)
        gtk_adjustment_set_value (self->vadj, row->y);
      else if (row->y + row->height > top + page)
        gtk_adjustment_set_value (self->vadj, row->y + row->height - page);
      break;
    }
}

static void
disconnect_editor (OssaTimelineView *self)
{
  if (self->editor == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->editor, self);
  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  g_clear_object (&self->editor);
}

/**
 * ossa_timeline_view_set_editor:
 * @editor: (nullable): the editor whose current animation the view shows
 */
void
ossa_timeline_view_set_editor (OssaTimelineView *self, OssaEditor *editor)
{
  g_return_if_fail (OSSA_IS_TIMELINE_VIEW (self));
  g_return_if_fail (editor == NULL || OSSA_IS_EDITOR (editor));
  if (self->editor == editor)
    return;
  disconnect_editor (self);
  if (editor != NULL)
    {
      self->editor = g_object_ref (editor);
      g_signal_connect (editor, "document-changed", G_CALLBACK (on_document_changed), self);
      g_signal_connect (editor, "notify::animation", G_CALLBACK (on_animation), self);
      g_signal_connect (editor, "notify::time", G_CALLBACK (on_time), self);
      g_signal_connect (editor, "notify::playing", G_CALLBACK (on_playing), self);
      g_signal_connect_swapped (editor, "notify::speed", G_CALLBACK (re_anchor), self);
      g_signal_connect_swapped (editor, "selection-changed", G_CALLBACK (on_selection_changed),
                                self);
      g_signal_connect_swapped (editor, "key-selection-changed",
                                G_CALLBACK (invalidate_layer), self);
      on_playing (editor, NULL, self);
    }
  self->rows_stale = TRUE;
  self->tracks_stale = TRUE;
  update_adjustments (self);
  invalidate_layer (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDITOR]);
}

OssaEditor *
ossa_timeline_view_get_editor (OssaTimelineView *self)
{
  g_return_val_if_fail (OSSA_IS_TIMELINE_VIEW (self), NULL);
  return self->editor;
}

/**
 * ossa_timeline_view_set_expanded:
 *
 * Shows or hides the rows of @bone's five channels.
 */
void
ossa_timeline_view_set_expanded (OssaTimelineView *self, guint bone, gboolean expanded)
{
  g_return_if_fail (OSSA_IS_TIMELINE_VIEW (self));
  ensure_rows (self);
  if (bone >= self->n_expanded || !!self->expanded[bone] == !!expanded)
    return;
  self->expanded[bone] = !!expanded;
  self->rows_stale = TRUE;
  update_adjustments (self);
  invalidate_layer (self);
}

gboolean
ossa_timeline_view_get_expanded (OssaTimelineView *self, guint bone)
{
  g_return_val_if_fail (OSSA_IS_TIMELINE_VIEW (self), FALSE);
  ensure_rows (self);
  return bone < self->n_expanded && self->expanded[bone];
}

GtkAdjustment *
ossa_timeline_view_get_hadjustment (OssaTimelineView *self)
{
  g_return_val_if_fail (OSSA_IS_TIMELINE_VIEW (self), NULL);
  return self->hadj;
}

GtkAdjustment *
ossa_timeline_view_get_vadjustment (OssaTimelineView *self)
{
  g_return_val_if_fail (OSSA_IS_TIMELINE_VIEW (self), NULL);
  return self->vadj;
}

void
_ossa_timeline_view_get_stats (OssaTimelineView *self, OssaTimelineStats *stats)
{
  g_return_if_fail (OSSA_IS_TIMELINE_VIEW (self));
  *stats = self->stats;
}

/* ---- actions ---- */

static void
zoom_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  OssaTimelineView *self = OSSA_TIMELINE_VIEW (widget);
  double x = self->editor != NULL
               ? _ossa_timeline_view_time_to_x (self, ossa_editor_get_time (self->editor))
               : OSSA_TIMELINE_NAMES_WIDTH;

  if (x < OSSA_TIMELINE_NAMES_WIDTH || x > gtk_widget_get_width (widget))
    x = OSSA_TIMELINE_NAMES_WIDTH;
  if (g_str_equal (action_name, "timeline.zoom-in"))
    ossa_timeline_view_zoom_at (self, x, ZOOM_STEP);
  else if (g_str_equal (action_name, "timeline.zoom-out"))
    ossa_timeline_view_zoom_at (self, x, 1 / ZOOM_STEP);
  else
    ossa_timeline_view_zoom_to_fit (self);
}

static void
delete_keys_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  OssaTimelineView *self = OSSA_TIMELINE_VIEW (widget);
  g_autoptr(GError) error = NULL;

  if (self->editor != NULL && !ossa_editor_delete_selected_keys (self->editor, &error))
    report (self, error);
}

static void
expand_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  OssaTimelineView *self = OSSA_TIMELINE_VIEW (widget);
  gboolean expand = g_str_equal (action_name, "timeline.expand-all");

  ensure_rows (self);
  if (self->n_expanded > 0)
    memset (self->expanded, expand, self->n_expanded);
  self->rows_stale = TRUE;
  update_adjustments (self);
  invalidate_layer (self);
}

/* ---- object ---- */

GtkWidget *
ossa_timeline_view_new (void)
{
  return g_object_new (OSSA_TYPE_TIMELINE_VIEW, NULL);
}

static void
ossa_timeline_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  OssaTimelineView *self = OSSA_TIMELINE_VIEW (widget);

  update_adjustments (self);
  invalidate_layer (self);
}

static void
ossa_timeline_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                            int *minimum, int *natural, int *minimum_baseline,
                            int *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = (int) OSSA_TIMELINE_NAMES_WIDTH + 120;
  else
    *minimum = *natural = (int) (OSSA_TIMELINE_RULER_HEIGHT + 2 * OSSA_TIMELINE_ROW_HEIGHT);
}

static void
ossa_timeline_view_dispose (GObject *object)
{
  OssaTimelineView *self = OSSA_TIMELINE_VIEW (object);

  disconnect_editor (self);
  g_clear_object (&self->layer);
  g_clear_object (&self->still);
  g_clear_object (&self->layout);
  g_clear_object (&self->small_layout);
  G_OBJECT_CLASS (ossa_timeline_view_parent_class)->dispose (object);
}

static void
ossa_timeline_view_finalize (GObject *object)
{
  OssaTimelineView *self = OSSA_TIMELINE_VIEW (object);

  g_clear_object (&self->hadj);
  g_clear_object (&self->vadj);
  g_array_unref (self->rows);
  g_free (self->expanded);
  g_free (self->tracks);
  g_free (self->dump_path);
  G_OBJECT_CLASS (ossa_timeline_view_parent_class)->finalize (object);
}

static void
ossa_timeline_view_get_property (GObject *object, guint prop_id, GValue *value,
                                 GParamSpec *pspec)
{
  OssaTimelineView *self = OSSA_TIMELINE_VIEW (object);

  switch (prop_id)
    {
    case PROP_EDITOR:
      g_value_set_object (value, self->editor);
      break;
    case PROP_HADJUSTMENT:
      g_value_set_object (value, self->hadj);
      break;
    case PROP_VADJUSTMENT:
      g_value_set_object (value, self->vadj);
      break;
    case PROP_PIXELS_PER_SECOND:
      g_value_set_double (value, self->pps);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_timeline_view_set_property (GObject *object, guint prop_id, const GValue *value,
                                 GParamSpec *pspec)
{
  OssaTimelineView *self = OSSA_TIMELINE_VIEW (object);

  switch (prop_id)
    {
    case PROP_EDITOR:
      ossa_timeline_view_set_editor (self, g_value_get_object (value));
      break;
    case PROP_PIXELS_PER_SECOND:
      set_pps (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_timeline_view_class_init (OssaTimelineViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = ossa_timeline_view_dispose;
  object_class->finalize = ossa_timeline_view_finalize;
  object_class->get_property = ossa_timeline_view_get_property;
  object_class->set_property = ossa_timeline_view_set_property;
  widget_class->snapshot = ossa_timeline_view_snapshot;
  widget_class->size_allocate = ossa_timeline_view_size_allocate;
  widget_class->measure = ossa_timeline_view_measure;

  properties[PROP_EDITOR] = g_param_spec_object ("editor", NULL, NULL, OSSA_TYPE_EDITOR, rw);
  properties[PROP_HADJUSTMENT] = g_param_spec_object ("hadjustment", NULL, NULL,
                                                      GTK_TYPE_ADJUSTMENT, ro);
  properties[PROP_VADJUSTMENT] = g_param_spec_object ("vadjustment", NULL, NULL,
                                                      GTK_TYPE_ADJUSTMENT, ro);
  properties[PROP_PIXELS_PER_SECOND] = g_param_spec_double ("pixels-per-second", NULL, NULL,
                                                            PPS_MIN, PPS_MAX, PPS_DEFAULT, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "timeline.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "timeline.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "timeline.zoom-fit", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "timeline.delete-keys", NULL,
                                   delete_keys_action);
  gtk_widget_class_install_action (widget_class, "timeline.expand-all", NULL, expand_action);
  gtk_widget_class_install_action (widget_class, "timeline.collapse-all", NULL, expand_action);

  /* With the focus on the timeline, Delete removes keys rather than bones. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "timeline.delete-keys",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Delete, 0,
                                       "timeline.delete-keys", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_BackSpace, 0,
                                       "timeline.delete-keys", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "timeline.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, 0, "timeline.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "timeline.zoom-out",
                                       NULL);

  gtk_widget_class_set_css_name (widget_class, "ossatimelineview");
}

static void
ossa_timeline_view_init (OssaTimelineView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkGesture *gesture;
  GtkEventController *controller;
  const char *dump = g_getenv ("OSSA_TIMELINE_DUMP");

  self->pps = PPS_DEFAULT;
  self->rows = g_array_new (FALSE, FALSE, sizeof (Row));
  self->rows_stale = TRUE;
  self->tracks_stale = TRUE;
  self->layer_stale = TRUE;
  self->anchor_us = -1;
  self->last_set_time = -1;
  self->hadj = g_object_ref_sink (gtk_adjustment_new (0, 0, 1, 0.1, 1, 1));
  self->vadj = g_object_ref_sink (gtk_adjustment_new (0, 0, 1, 20, 100, 1));
  g_signal_connect_swapped (self->hadj, "value-changed", G_CALLBACK (invalidate_layer), self);
  g_signal_connect_swapped (self->vadj, "value-changed", G_CALLBACK (invalidate_layer), self);
  if (dump != NULL && dump[0] != '\0')
    self->dump_path = g_strdup (dump);

  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_focus_on_click (widget, TRUE);
  gtk_widget_set_overflow (widget, GTK_OVERFLOW_HIDDEN);

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect (gesture, "pressed", G_CALLBACK (on_double_click), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_MIDDLE);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_pan_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_pan_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_pan_end), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (controller, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (widget, controller);
}
