/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-canvas"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "ossa-canvas-private.h"

/* What GTK draws over the canvas's GL picture: the bones' names, the rubber band,
 * the mode's frame and badge and, when GL failed, why. GSK draws text far better
 * than the shaders could, and what is drawn here leaves the GL caches alone. */

/* Names are drawn for at most this many bones, those long enough on screen. */
#define NAMES_MAX 400
#define NAMES_MIN_LENGTH 24.0
#define NAMES_GAP 3.0f

/* The mode on the canvas itself, as Spine and DragonBones show it: in Animate mode
 * a coloured frame round the view (red while auto-key records every drag, blue
 * when it does not) and a badge in the top left corner saying so; in Setup mode
 * only a quiet badge. Names give way to the badge. */
#define MODE_FRAME 3.0f
#define MODE_MARGIN 8.0f
#define MODE_PAD_X 7.0f
#define MODE_PAD_Y 3.0f

typedef struct
{
  const char *text;
  GdkRGBA     fill;      /* the badge's, and the frame's when framed */
  GdkRGBA     ink;
  gboolean    framed;
} ModeLook;

static void
mode_look (OssaCanvas *self, ModeLook *look)
{
  const GdkRGBA white = { 1.0f, 1.0f, 1.0f, 1.0f };

  if (ossa_editor_get_mode (self->editor) != OSSA_EDIT_MODE_ANIMATE)
    *look = (ModeLook) { _("Setup"), { 0.0f, 0.0f, 0.0f, 0.45f }, { 0.78f, 0.80f, 0.82f, 0.9f },
                         FALSE };
  else if (ossa_editor_get_auto_key (self->editor))
    *look = (ModeLook) { _("Animate · Auto-key"), { 0.87f, 0.23f, 0.16f, 0.95f }, white, TRUE };
  else
    *look = (ModeLook) { _("Animate"), { 0.20f, 0.50f, 0.85f, 0.95f }, white, TRUE };
}

/* The badge's layout, made on first use: bold, a little larger than the names. */
static PangoLayout *
mode_layout (OssaCanvas *self, const ModeLook *look, OssaLabelBox *box)
{
  int w, h;

  if (self->mode_layout == NULL)
    {
      PangoFontDescription *font = pango_font_description_from_string ("Sans Bold 9");

      self->mode_layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
      pango_layout_set_font_description (self->mode_layout, font);
      pango_font_description_free (font);
    }
  pango_layout_set_text (self->mode_layout, look->text, -1);
  pango_layout_get_pixel_size (self->mode_layout, &w, &h);
  box->x = MODE_MARGIN;
  box->y = MODE_MARGIN;
  box->width = (float) w + 2 * MODE_PAD_X;
  box->height = (float) h + 2 * MODE_PAD_Y;
  return self->mode_layout;
}

static void
draw_mode (OssaCanvas *self, GtkSnapshot *snapshot)
{
  float width = (float) self->camera.width, height = (float) self->camera.height;
  ModeLook look;
  OssaLabelBox box;
  PangoLayout *layout;
  GskRoundedRect pill;

  mode_look (self, &look);
  if (look.framed)
    {
      GskRoundedRect frame;
      const float widths[4] = { MODE_FRAME, MODE_FRAME, MODE_FRAME, MODE_FRAME };
      const GdkRGBA colors[4] = { look.fill, look.fill, look.fill, look.fill };

      gsk_rounded_rect_init_from_rect (&frame, &GRAPHENE_RECT_INIT (0, 0, width, height), 0);
      gtk_snapshot_append_border (snapshot, &frame, widths, colors);
    }
  layout = mode_layout (self, &look, &box);
  gsk_rounded_rect_init_from_rect (&pill,
                                   &GRAPHENE_RECT_INIT (box.x, box.y, box.width, box.height),
                                   box.height / 2);
  gtk_snapshot_push_rounded_clip (snapshot, &pill);
  gtk_snapshot_append_color (snapshot, &look.fill, &pill.bounds);
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (box.x + MODE_PAD_X, box.y + MODE_PAD_Y));
  gtk_snapshot_append_layout (snapshot, layout, &look.ink);
  gtk_snapshot_restore (snapshot);
}

/* Keeps the names off the mode's badge. */
static void
reserve_mode_badge (OssaCanvas *self)
{
  ModeLook look;
  OssaLabelBox box;

  mode_look (self, &look);
  mode_layout (self, &look, &box);
  box.x -= NAMES_GAP;
  box.y -= NAMES_GAP;
  box.width += 2 * NAMES_GAP;
  box.height += 2 * NAMES_GAP;
  ossa_label_layout_place (self->labels, &box);
}

/* Where bone i's name goes with the layout's text set to it: centred on the bone,
 * just above its widest part. FALSE when the bone is off screen, or too short on
 * screen to be worth a name and not selected. */
static gboolean
name_box (OssaCanvas *self, gsize i, OssaLabelBox *box)
{
  const OssaBoneInstance *b = &self->instances[i];
  double jx, jy, tx, ty, mx, my;
  int w, h;

  ossa_camera_world_to_widget (&self->camera, b->joint[0], b->joint[1], &jx, &jy);
  ossa_camera_world_to_widget (&self->camera, b->tip[0], b->tip[1], &tx, &ty);
  mx = 0.5 * (jx + tx);
  my = 0.5 * (jy + ty);
  if (mx < -50 || my < -20 || mx > self->camera.width + 50 || my > self->camera.height + 20)
    return FALSE;
  if (hypot (tx - jx, ty - jy) < NAMES_MIN_LENGTH && !(b->flags & OSSA_BONE_SELECTED))
    return FALSE;
  pango_layout_set_text (self->layout,
                         ossa_editor_get_document (self->editor)->skeleton.bones[i].name, -1);
  pango_layout_get_pixel_size (self->layout, &w, &h);
  box->x = (float) round (mx - 0.5 * w);
  box->y = (float) round (my - b->half_width - h - 1);
  box->width = (float) w;
  box->height = (float) h;
  return TRUE;
}

static void
draw_name (OssaCanvas *self, GtkSnapshot *snapshot, const OssaLabelBox *box, gboolean selected)
{
  const GdkRGBA text = { 0.90f, 0.91f, 0.92f, 0.95f };
  const GdkRGBA amber = { 1.0f, 0.757f, 0.259f, 1.0f };
  const GdkRGBA shadow = { 0.0f, 0.0f, 0.0f, 0.7f };

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (box->x, box->y));
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (1, 1));
  gtk_snapshot_append_layout (snapshot, self->layout, &shadow);
  gtk_snapshot_restore (snapshot);
  gtk_snapshot_append_layout (snapshot, self->layout, selected ? &amber : &text);
  gtk_snapshot_restore (snapshot);
}

/* Bone names, never one over another: the selected bones' names are placed first,
 * as those are the bones being worked on, then the others from the root down; a
 * name that would cover one already placed is left out. */
static void
draw_names (OssaCanvas *self, GtkSnapshot *snapshot)
{
  g_array_set_size (self->named, 0);
  if (self->labels == NULL)
    return;
  if (self->layout == NULL)
    {
      PangoFontDescription *font = pango_font_description_from_string ("Sans 8");

      self->layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
      pango_layout_set_font_description (self->layout, font);
      pango_font_description_free (font);
    }
  ossa_label_layout_reset (self->labels, (float) self->camera.width,
                           (float) self->camera.height);
  reserve_mode_badge (self);
  for (int pass = 0; pass < 2; pass++)
    for (gsize i = 0; i < self->n_instances && self->named->len < NAMES_MAX; i++)
      {
        gboolean selected = (self->instances[i].flags & OSSA_BONE_SELECTED) != 0;
        OssaLabelBox box, spaced;
        guint index = (guint) i;

        if (selected != (pass == 0) || !name_box (self, i, &box))
          continue;
        /* A little air between names keeps each one readable. */
        spaced = (OssaLabelBox) { box.x - NAMES_GAP, box.y, box.width + 2 * NAMES_GAP,
                                  box.height };
        if (!ossa_label_layout_place (self->labels, &spaced))
          continue;
        draw_name (self, snapshot, &box, selected);
        g_array_append_val (self->named, index);
      }
}

static void
draw_band (OssaCanvas *self, GtkSnapshot *snapshot)
{
  const GdkRGBA fill = { 1.0f, 0.757f, 0.259f, 0.10f };
  const GdkRGBA line = { 1.0f, 0.757f, 0.259f, 0.85f };
  GskRoundedRect border;
  graphene_rect_t rect;
  float widths[4] = { 1, 1, 1, 1 };
  GdkRGBA colors[4] = { line, line, line, line };

  graphene_rect_init (&rect, (float) MIN (self->press_x, self->drag_x),
                      (float) MIN (self->press_y, self->drag_y),
                      (float) fabs (self->drag_x - self->press_x),
                      (float) fabs (self->drag_y - self->press_y));
  gtk_snapshot_append_color (snapshot, &fill, &rect);
  gsk_rounded_rect_init_from_rect (&border, &rect, 0);
  gtk_snapshot_append_border (snapshot, &border, widths, colors);
}

static void
draw_error (OssaCanvas *self, GtkSnapshot *snapshot, const GError *error)
{
  g_autofree char *message = g_strdup_printf (_("The canvas cannot draw: %s"), error->message);
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), message);
  const GdkRGBA color = { 0.9f, 0.9f, 0.9f, 1.0f };
  const GdkRGBA background = { 0.157f, 0.161f, 0.169f, 1.0f };

  /* The canvas's own background, so the message reads the same in any theme. */
  gtk_snapshot_append_color (snapshot, &background,
                             &GRAPHENE_RECT_INIT (0, 0, (float) self->camera.width,
                                                  (float) self->camera.height));
  pango_layout_set_width (layout, (int) (MAX (self->camera.width - 48, 48) * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (24, 24));
  gtk_snapshot_append_layout (snapshot, layout, &color);
  gtk_snapshot_restore (snapshot);
  g_object_unref (layout);
}

void
_ossa_canvas_snapshot_overlay (OssaCanvas *self, GtkSnapshot *snapshot)
{
  GError *error = gtk_gl_area_get_error (GTK_GL_AREA (self));

  if (error != NULL)
    {
      draw_error (self, snapshot, error);
      return;
    }
  _ossa_canvas_ensure_instances (self);
  _ossa_canvas_snapshot_ik (self, snapshot);
  if (self->show_names && self->show_bones && self->editor != NULL)
    draw_names (self, snapshot);
  else
    g_array_set_size (self->named, 0);
  if (self->drag == DRAG_BAND && self->drag_active)
    draw_band (self, snapshot);
  _ossa_canvas_snapshot_art (self, snapshot);
  if (self->editor != NULL)
    draw_mode (self, snapshot);
  _ossa_canvas_snapshot_notice (self, snapshot);
  if (self->dump_path != NULL)
    _ossa_canvas_write_view_dump (self);
}

const guint *
_ossa_canvas_get_named (OssaCanvas *self, gsize *n)
{
  *n = self->named->len;
  return (const guint *) self->named->data;
}
