/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-canvas"

#include "config.h"

#include <math.h>

#include "ossa-canvas-private.h"

/* What the canvas shows of IK, over the GL picture with GSK like the names: a
 * pin on every pinned joint (the IK drag keeps it where it is), and for each IK
 * constraint a dashed line from its chain's tip to its target's joint, the
 * picked constraint's solid, thicker and amber. Positions are the bones'
 * instances (the pose on show), so the marks follow every drag. */

#define PIN_RADIUS 6.5f
#define PIN_RING 2.0f
#define PIN_DOT 2.0f
#define DASH 6.0f
#define GAP 4.0f
#define LINE 1.5f
#define LINE_PICKED 3.0f
#define END_RADIUS 3.5f

static const GdkRGBA pin_color = { 0.93f, 0.27f, 0.30f, 1.0f };
static const GdkRGBA pin_halo = { 0.0f, 0.0f, 0.0f, 0.55f };
static const GdkRGBA ik_color = { 0.36f, 0.82f, 0.95f, 0.95f };
static const GdkRGBA ik_picked = { 1.0f, 0.757f, 0.259f, 1.0f };

/* A piece of line from (x0, y0), length long along angle, width wide, centred. */
static void
append_bar (GtkSnapshot *snapshot, float x0, float y0, float angle, float length, float width,
            const GdkRGBA *color)
{
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x0, y0));
  gtk_snapshot_rotate (snapshot, angle * (float) (180.0 / G_PI));
  gtk_snapshot_append_color (snapshot, color,
                             &GRAPHENE_RECT_INIT (0, -0.5f * width, length, width));
  gtk_snapshot_restore (snapshot);
}

static void
append_disc (GtkSnapshot *snapshot, float x, float y, float radius, const GdkRGBA *color)
{
  GskRoundedRect disc;

  gsk_rounded_rect_init_from_rect (&disc, &GRAPHENE_RECT_INIT (x - radius, y - radius,
                                                               2 * radius, 2 * radius),
                                   radius);
  gtk_snapshot_push_rounded_clip (snapshot, &disc);
  gtk_snapshot_append_color (snapshot, color, &disc.bounds);
  gtk_snapshot_pop (snapshot);
}

static void
append_ring (GtkSnapshot *snapshot, float x, float y, float radius, float width,
             const GdkRGBA *color)
{
  GskRoundedRect ring;
  const float widths[4] = { width, width, width, width };
  const GdkRGBA colors[4] = { *color, *color, *color, *color };

  gsk_rounded_rect_init_from_rect (&ring, &GRAPHENE_RECT_INIT (x - radius, y - radius,
                                                               2 * radius, 2 * radius),
                                   radius);
  gtk_snapshot_append_border (snapshot, &ring, widths, colors);
}

static gboolean
on_screen (OssaCanvas *self, double x, double y, double margin)
{
  return x > -margin && y > -margin && x < self->camera.width + margin
         && y < self->camera.height + margin;
}

/* A pin: a dark halo, a red ring and a red dot on the joint. */
static void
draw_pins (OssaCanvas *self, GtkSnapshot *snapshot)
{
  for (gsize i = 0; i < self->n_instances; i++)
    {
      double x, y;

      if (!ossa_editor_is_pinned (self->editor, (guint) i))
        continue;
      ossa_camera_world_to_widget (&self->camera, self->instances[i].joint[0],
                                   self->instances[i].joint[1], &x, &y);
      if (!on_screen (self, x, y, 2 * PIN_RADIUS))
        continue;
      append_ring (snapshot, (float) x, (float) y, PIN_RADIUS + 1, PIN_RING + 2, &pin_halo);
      append_ring (snapshot, (float) x, (float) y, PIN_RADIUS, PIN_RING, &pin_color);
      append_disc (snapshot, (float) x, (float) y, PIN_DOT, &pin_color);
    }
}

gboolean
_ossa_canvas_ik_line (OssaCanvas *self, gsize c, double *x0, double *y0, double *x1,
                      double *y1)
{
  const OssaDocument *doc = ossa_editor_get_document (self->editor);
  const OssaIkConstraint *ik;
  guint32 last;

  if (c >= doc->n_ik)
    return FALSE;
  ik = &doc->ik[c];
  last = ik->bones[ik->n_bones > 1 ? 1 : 0];
  if (last >= self->n_instances || ik->target >= self->n_instances)
    return FALSE;
  ossa_camera_world_to_widget (&self->camera, self->instances[last].tip[0],
                               self->instances[last].tip[1], x0, y0);
  ossa_camera_world_to_widget (&self->camera, self->instances[ik->target].joint[0],
                               self->instances[ik->target].joint[1], x1, y1);
  return TRUE;
}

/* The line from constraint c's tip to its target: dashed, or solid when picked. */
static void
draw_constraint (OssaCanvas *self, GtkSnapshot *snapshot, gsize c, gboolean picked)
{
  const GdkRGBA *color = picked ? &ik_picked : &ik_color;
  float width = picked ? LINE_PICKED : LINE;
  double x0, y0, x1, y1, length, angle;

  if (!_ossa_canvas_ik_line (self, c, &x0, &y0, &x1, &y1))
    return;
  length = hypot (x1 - x0, y1 - y0);
  angle = atan2 (y1 - y0, x1 - x0);
  if (picked)
    append_bar (snapshot, (float) x0, (float) y0, (float) angle, (float) length, width, color);
  else
    for (double s = 0; s < length; s += DASH + GAP)
      append_bar (snapshot, (float) (x0 + s * cos (angle)), (float) (y0 + s * sin (angle)),
                  (float) angle, (float) MIN (DASH, length - s), width, color);
  append_ring (snapshot, (float) x1, (float) y1, END_RADIUS + 1, 1.5f, color);
}

void
_ossa_canvas_snapshot_ik (OssaCanvas *self, GtkSnapshot *snapshot)
{
  const OssaDocument *doc;
  int picked;

  if (self->editor == NULL || !self->show_bones)
    return;
  doc = ossa_editor_get_document (self->editor);
  picked = ossa_editor_get_selected_ik (self->editor);
  for (gsize c = 0; c < doc->n_ik; c++)
    if ((int) c != picked)
      draw_constraint (self, snapshot, c, FALSE);
  /* The picked one last, over the others. */
  if (picked >= 0)
    draw_constraint (self, snapshot, (gsize) picked, TRUE);
  draw_pins (self, snapshot);
}
