/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-canvas"

#include "config.h"

#include <math.h>

#include "ossa-canvas-private.h"
#include "ossa-image-store.h"

/* Attachments on the canvas: which one is under the pointer (by its picture's
 * opaque pixels, not its box, frontmost first), the outline of the one hovered,
 * and the editor's tool applied to a picked one. An attachment's offset is a
 * transform in its bone's space, so the drags are the bones' with the bone as the
 * parent: the move follows the pointer exactly in world space whatever the bone's
 * turn and scale, the turn is about the picture's centre, and the scale is
 * uniform. */

void
_ossa_canvas_art_init (OssaCanvas *self)
{
  self->hover_slot = self->hover_attachment = -1;
  self->drag_slot = self->drag_attachment = -1;
}

void
_ossa_canvas_art_dispose (OssaCanvas *self)
{
  g_clear_pointer (&self->art_quads, g_free);
  self->art_quads_capacity = 0;
  g_clear_handle_id (&self->notice_timeout, g_source_remove);
  g_clear_pointer (&self->notice, g_free);
}

/* The quads on show now, in draw order; how many. */
static gsize
fill_quads (OssaCanvas *self)
{
  const OssaSlotPose *pose = ossa_editor_get_slot_pose (self->editor);
  const OssaXform *world = ossa_editor_get_world (self->editor);
  gsize n = ossa_slot_pose_n_visible (pose);

  if (n > self->art_quads_capacity)
    {
      self->art_quads_capacity = MAX (n, 2 * self->art_quads_capacity);
      self->art_quads = g_renew (OssaQuad, self->art_quads, self->art_quads_capacity);
    }
  return ossa_slot_pose_fill_quads (pose, world, self->art_quads, n);
}

static bool
picture_opaque (uint32_t image, double u, double v, void *data)
{
  return ossa_image_store_hit (data, image, u, v);
}

gboolean
_ossa_canvas_art_pick (OssaCanvas *self, double x, double y, gboolean cycle, int *slot,
                       int *attachment)
{
  OssaImageStore *store;
  gsize n, before;
  ssize_t hit = -1;
  double wx, wy;

  if (self->editor == NULL)
    return FALSE;
  store = ossa_editor_get_images (self->editor);
  n = fill_quads (self);
  before = n;
  ossa_camera_widget_to_world (&self->camera, x, y, &wx, &wy);
  if (cycle)
    {
      /* Behind the picked attachment, when it is under the pointer. */
      int picked_slot = ossa_editor_get_selected_slot (self->editor);
      int picked = ossa_editor_get_selected_attachment (self->editor);

      for (gsize k = 0; k < n; k++)
        if ((int) self->art_quads[k].slot == picked_slot
            && (int) self->art_quads[k].attachment == picked
            && ossa_quads_hit_test (self->art_quads, k + 1, k + 1, wx, wy, picture_opaque, store)
                 == (ssize_t) k)
          before = k;
      if (before < n)
        hit = ossa_quads_hit_test (self->art_quads, n, before, wx, wy, picture_opaque, store);
    }
  if (hit < 0)
    hit = ossa_quads_hit_test (self->art_quads, n, n, wx, wy, picture_opaque, store);
  if (hit < 0)
    return FALSE;
  *slot = (int) self->art_quads[hit].slot;
  *attachment = (int) self->art_quads[hit].attachment;
  return TRUE;
}

void
_ossa_canvas_art_hover (OssaCanvas *self, gboolean inside, double x, double y)
{
  int slot = -1, attachment = -1;

  /* The create tool draws bones over the art: it picks no art, so none is lit. */
  if (inside && self->editor != NULL && self->hover < 0 && self->drag == DRAG_NONE
      && ossa_editor_get_tool (self->editor) != OSSA_TOOL_CREATE
      && !_ossa_canvas_art_pick (self, x, y, FALSE, &slot, &attachment))
    slot = attachment = -1;
  if (slot == self->hover_slot && attachment == self->hover_attachment)
    return;
  self->hover_slot = slot;
  self->hover_attachment = attachment;
  /* Drawn over the GL picture: the bones' caches stay. */
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The attachment's bone's world matrix and its offset; FALSE when it is gone. */
static gboolean
dragged (OssaCanvas *self, const OssaXform **bone_world, OssaTransform *offset)
{
  const OssaDocument *doc = ossa_editor_get_document (self->editor);
  const OssaSlot *slot;

  if (self->drag_slot < 0 || (gsize) self->drag_slot >= doc->n_slots)
    return FALSE;
  slot = &doc->slots[self->drag_slot];
  if (self->drag_attachment < 0 || (gsize) self->drag_attachment >= slot->n_attachments
      || slot->bone >= doc->skeleton.n_bones)
    return FALSE;
  *bone_world = &ossa_editor_get_world (self->editor)[slot->bone];
  *offset = slot->attachments[self->drag_attachment].offset;
  return TRUE;
}

void
_ossa_canvas_art_drag_start (OssaCanvas *self, double wx, double wy)
{
  const OssaXform *bone_world;
  OssaTransform offset;

  self->apply = APPLY_NONE;
  if (!dragged (self, &bone_world, &offset))
    return;
  switch (ossa_editor_get_tool (self->editor))
    {
    case OSSA_TOOL_ROTATE:
      if (ossa_rotate_drag_begin (&self->tool.rotate, bone_world, &offset, wx, wy,
                                  4.0 / self->camera.zoom))
        self->apply = APPLY_ROTATE;
      break;
    case OSSA_TOOL_TRANSLATE:
      if (ossa_translate_drag_begin (&self->tool.translate, bone_world, &offset, wx, wy))
        self->apply = APPLY_TRANSLATE;
      break;
    case OSSA_TOOL_SCALE:
      {
        OssaXform local = ossa_xform_from_transform (&offset);
        OssaXform centre = ossa_xform_multiply (bone_world, &local);

        ossa_uniform_scale_drag_begin (&self->tool.art_scale, centre.tx, centre.ty, &offset, wx,
                                       wy, 8.0 / self->camera.zoom);
        self->apply = APPLY_SCALE;
      }
      break;
    case OSSA_TOOL_CREATE:
    default:
      break;
    }
}

gboolean
_ossa_canvas_art_drag_update (OssaCanvas *self, double wx, double wy, GdkModifierType state,
                              GError **error)
{
  gboolean snap = (state & GDK_SHIFT_MASK) != 0;
  OssaTransform offset;

  switch (self->apply)
    {
    case APPLY_ROTATE:
      offset = ossa_rotate_drag_update (&self->tool.rotate, wx, wy,
                                        snap ? self->snap_rotation_step * G_PI / 180.0 : 0);
      break;
    case APPLY_TRANSLATE:
      offset = ossa_translate_drag_update (&self->tool.translate, wx, wy,
                                           snap ? ossa_camera_grid_step (&self->camera) : 0);
      break;
    case APPLY_SCALE:
      offset = ossa_uniform_scale_drag_update (&self->tool.art_scale, wx, wy,
                                               snap ? self->snap_scale_step : 0);
      break;
    case APPLY_NONE:
    default:
      return TRUE;
    }
  return ossa_editor_set_attachment_offset (self->editor, (guint) self->drag_slot,
                                            (guint) self->drag_attachment, &offset,
                                            self->merge_id, error);
}

/* A thin line from widget point a to b, drawn as a turned rectangle (GTK 4.8 has
 * no paths). */
static void
append_line (GtkSnapshot *snapshot, double ax, double ay, double bx, double by,
             const GdkRGBA *color)
{
  float length = (float) hypot (bx - ax, by - ay);

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((float) ax, (float) ay));
  gtk_snapshot_rotate (snapshot, (float) (atan2 (by - ay, bx - ax) * 180.0 / G_PI));
  gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT (0, -0.5f, length, 1.0f));
  gtk_snapshot_restore (snapshot);
}

/* The hovered attachment's box, faint and white, unless it is the picked one
 * (whose amber outline the GL picture draws). */
void
_ossa_canvas_snapshot_art (OssaCanvas *self, GtkSnapshot *snapshot)
{
  const GdkRGBA color = { 1.0f, 1.0f, 1.0f, 0.4f };
  gsize n;

  if (self->editor == NULL || self->hover_slot < 0 || self->drag != DRAG_NONE
      || (self->hover_slot == ossa_editor_get_selected_slot (self->editor)
          && self->hover_attachment == ossa_editor_get_selected_attachment (self->editor)))
    return;
  n = fill_quads (self);
  for (gsize k = 0; k < n; k++)
    {
      const OssaQuad *q = &self->art_quads[k];
      double px[4], py[4];

      if ((int) q->slot != self->hover_slot || (int) q->attachment != self->hover_attachment)
        continue;
      for (int c = 0; c < 4; c++)
        ossa_camera_world_to_widget (&self->camera, q->xy[2 * c], q->xy[2 * c + 1], &px[c],
                                     &py[c]);
      for (int c = 0; c < 4; c++)
        append_line (snapshot, px[c], py[c], px[(c + 1) % 4], py[(c + 1) % 4], &color);
      return;
    }
}
