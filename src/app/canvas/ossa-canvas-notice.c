/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-canvas"

#include "config.h"

#include "ossa-canvas-private.h"

/* Why the canvas refused an edit (a drag in Animate mode without an animation, an
 * attachment moved in Animate mode), said where the person is looking: a pill at
 * the bottom of the canvas for a few seconds, with the error bell. A message in a
 * terminal nobody reads, or a dialog in the middle of a drag, would not do. */

#define NOTICE_SECONDS 4
#define NOTICE_MARGIN 16.0f
#define NOTICE_PAD_X 12.0f
#define NOTICE_PAD_Y 6.0f

static gboolean
notice_expired (gpointer data)
{
  OssaCanvas *self = data;

  self->notice_timeout = 0;
  g_clear_pointer (&self->notice, g_free);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

void
_ossa_canvas_show_notice (OssaCanvas *self, const char *message)
{
  gtk_widget_error_bell (GTK_WIDGET (self));
  g_free (self->notice);
  self->notice = g_strdup (message);
  g_clear_handle_id (&self->notice_timeout, g_source_remove);
  self->notice_timeout = g_timeout_add_seconds (NOTICE_SECONDS, notice_expired, self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
_ossa_canvas_get_notice (OssaCanvas *self)
{
  g_return_val_if_fail (OSSA_IS_CANVAS (self), NULL);
  return self->notice;
}

void
_ossa_canvas_snapshot_notice (OssaCanvas *self, GtkSnapshot *snapshot)
{
  const GdkRGBA fill = { 0.10f, 0.10f, 0.11f, 0.92f };
  const GdkRGBA edge = { 0.87f, 0.23f, 0.16f, 0.95f };
  const GdkRGBA ink = { 0.95f, 0.95f, 0.95f, 1.0f };
  float width = (float) self->camera.width, height = (float) self->camera.height;
  float widths[4] = { 1, 1, 1, 1 };
  GdkRGBA edges[4] = { edge, edge, edge, edge };
  PangoRectangle logical;
  PangoLayout *layout;
  GskRoundedRect pill;

  if (self->notice == NULL)
    return;
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), self->notice);
  pango_layout_set_width (layout,
                          (int) (MAX (width - 2 * (NOTICE_MARGIN + NOTICE_PAD_X), 48)
                                 * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  /* Centred lines: the pill is the text's box, not the layout's whole width. */
  pango_layout_get_pixel_extents (layout, NULL, &logical);
  gsk_rounded_rect_init_from_rect (&pill,
                                   &GRAPHENE_RECT_INIT (0.5f * (width - (float) logical.width)
                                                          - NOTICE_PAD_X,
                                                        height - NOTICE_MARGIN
                                                          - (float) logical.height
                                                          - 2 * NOTICE_PAD_Y,
                                                        (float) logical.width + 2 * NOTICE_PAD_X,
                                                        (float) logical.height + 2 * NOTICE_PAD_Y),
                                   6);
  gtk_snapshot_push_rounded_clip (snapshot, &pill);
  gtk_snapshot_append_color (snapshot, &fill, &pill.bounds);
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_append_border (snapshot, &pill, widths, edges);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot,
                          &GRAPHENE_POINT_INIT (pill.bounds.origin.x + NOTICE_PAD_X
                                                  - (float) logical.x,
                                                pill.bounds.origin.y + NOTICE_PAD_Y
                                                  - (float) logical.y));
  gtk_snapshot_append_layout (snapshot, layout, &ink);
  gtk_snapshot_restore (snapshot);
  g_object_unref (layout);
}
