/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-canvas"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "ossa-canvas-private.h"

/* The primary button on the canvas: a click selects, a drag from a bone applies
 * the editor's tool (rotate, translate, scale, IK) to it, from an attachment's opaque
 * pixels to the attachment (ossa-canvas-art-tools.c), from empty canvas draws a
 * rubber band, with the create tool draws a new bone, and with Space held pans.
 * Every edit is an OssaEditor call; the arithmetic is ossa-drag.c's.
 *
 * Bones are drawn over the art and win a click. Ctrl is the bones' selection
 * modifier: with it the art is looked through (Ctrl+click adds bones, Ctrl+drag
 * bands them over a painted character), and so it is with the create tool, which
 * draws bones over the art. Alt+click picks the attachment behind the picked one
 * under the pointer, for parts hidden by others. */

/* How far (logical pixels) the pointer moves before a press becomes a drag. */
#define DRAG_THRESHOLD 3.0

#define NEW_ROOT_COLOR 0x5b8dd9ffu

static gboolean
has_snap (GdkModifierType state)
{
  return (state & GDK_SHIFT_MASK) != 0;
}

/* The rotation snapping step (Preferences ▸ Snapping), in radians. */
static double
rotation_step (OssaCanvas *self)
{
  return self->snap_rotation_step * G_PI / 180.0;
}

static void
report_edit_error (OssaCanvas *self, GError *error)
{
  /* Animate mode without an animation, or an attachment moved in Animate mode,
   * typically: stop the drag (so it is said once), say why on the canvas. */
  g_message ("%s", error->message);
  _ossa_canvas_show_notice (self, error->message);
  self->drag = DRAG_NONE;
}

/* Whether bones are on show (View ▸ Show Bones), and so take clicks before the
 * art; hidden, they take none. */
static gboolean
bones_shown (OssaCanvas *self)
{
  return self->show_bones;
}

static char *
unique_bone_name (const OssaSkeleton *skel)
{
  /* Names are the document's data, not interface text: not translated, so a file
   * means the same in every locale. */
  for (gsize k = skel->n_bones + 1;; k++)
    {
      char *name = g_strdup_printf ("bone-%" G_GSIZE_FORMAT, k);

      if (ossa_skeleton_find_bone (skel, name) < 0)
        return name;
      g_free (name);
    }
}

void
_ossa_canvas_finish_create_group (OssaCanvas *self)
{
  if (self->group_open && self->editor != NULL)
    ossa_editor_end_group (self->editor);
  self->group_open = FALSE;
}

static void
update_create (OssaCanvas *self, double wx, double wy, GdkModifierType state)
{
  const OssaDocument *doc = ossa_editor_get_document (self->editor);
  const OssaXform *world = ossa_editor_get_world (self->editor);
  const OssaXform *parent_world = self->create_parent >= 0 ? &world[self->create_parent] : NULL;
  g_autoptr(GError) error = NULL;
  OssaTransform rest;
  float length;

  if (!ossa_scene_bone_from_points (parent_world, self->create_joint_x, self->create_joint_y,
                                    wx, wy, has_snap (state) ? rotation_step (self) : 0, &rest,
                                    &length))
    return;
  if (self->created < 0)
    {
      g_autofree char *name = unique_bone_name (&doc->skeleton);
      guint32 color = self->create_parent >= 0 ? doc->skeleton.bones[self->create_parent].color
                                               : NEW_ROOT_COLOR;
      guint selected;
      int index;

      /* The new bone and its shaping by the drag are one undo step: a group from
       * the first motion to the release, inside which the rest and length edits
       * merge by the drag's id. */
      ossa_editor_begin_group (self->editor, _("Create Bone"));
      self->group_open = TRUE;
      index = ossa_editor_add_bone (self->editor, name, (int) self->create_parent, &rest,
                                    length, color, &error);
      if (index < 0)
        {
          _ossa_canvas_finish_create_group (self);
          report_edit_error (self, error);
          return;
        }
      self->created = index;
      selected = (guint) index;
      ossa_editor_select (self->editor, &selected, 1, FALSE);
      return;
    }
  if (!ossa_editor_shape_bone (self->editor, (guint) self->created, &rest, length,
                               self->merge_id, &error))
    report_edit_error (self, error);
}

/* The IK tool: the dragged bone's tip follows the pointer, the chain above it
 * bends (the editor solves it and writes it at the release). */
static void
start_ik_drag (OssaCanvas *self, double wx, double wy)
{
  const OssaDocument *doc = ossa_editor_get_document (self->editor);
  int32_t parent = doc->skeleton.bones[self->drag_bone].parent;
  guint bone = (guint) self->drag_bone;
  g_autoptr(GError) error = NULL;
  const guint32 *bones;
  gsize n;

  /* A joint is its parent's tip to pull (the wrist drags the forearm's tip, the
   * hand coming along), as joints are dragged in Spine or Cartoon Animator. */
  if (self->drag_part == OSSA_HIT_JOINT && parent >= 0)
    bone = (guint) parent;
  if (!ossa_editor_ik_drag_begin (self->editor, bone, wx, wy, &error))
    {
      report_edit_error (self, error);
      return;
    }
  self->apply = APPLY_IK;
  /* The chain's first bone and everything below it may move; the rest is still. */
  bones = ossa_editor_ik_drag_get_bones (self->editor, &n);
  self->ik_moving_root = n > 0 ? (gssize) bones[0] : self->drag_bone;
}

/* Escape while dragging with the IK tool: the pose goes back to the press. */
gboolean
_ossa_canvas_cancel_ik_drag (OssaCanvas *self)
{
  if (self->drag != DRAG_TOOL || self->apply != APPLY_IK || self->editor == NULL
      || !ossa_editor_ik_drag_is_active (self->editor))
    return FALSE;
  ossa_editor_ik_drag_cancel (self->editor);
  self->drag = DRAG_NONE;
  _ossa_canvas_stop_still_cache (self);
  _ossa_canvas_invalidate (self);
  return TRUE;
}

/* The press became a drag: take the starting state the drag works from. */
static void
start_drag (OssaCanvas *self, GdkModifierType state)
{
  double wx, wy;

  ossa_camera_widget_to_world (&self->camera, self->press_x, self->press_y, &wx, &wy);
  self->merge_id = ossa_editor_new_merge_id (self->editor);
  self->apply = APPLY_NONE;

  if (self->drag == DRAG_CREATE && self->create_parent < 0)
    {
      double step = has_snap (state) ? ossa_camera_grid_step (&self->camera) : 0;

      self->create_joint_x = step > 0 ? round (wx / step) * step : wx;
      self->create_joint_y = step > 0 ? round (wy / step) * step : wy;
    }
  else if (self->drag == DRAG_ART)
    _ossa_canvas_art_drag_start (self, wx, wy);
  else if (self->drag == DRAG_TOOL)
    {
      const OssaDocument *doc = ossa_editor_get_document (self->editor);
      const OssaXform *world = ossa_editor_get_world (self->editor);
      OssaTransform local = ossa_editor_get_local (self->editor)[self->drag_bone];
      int32_t parent = doc->skeleton.bones[self->drag_bone].parent;
      const OssaXform *parent_world = parent >= 0 ? &world[parent] : NULL;
      OssaTool tool = ossa_editor_get_tool (self->editor);

      /* DESIGN: dragging the root moves the skeleton, whatever the tool shows. */
      if (tool == OSSA_TOOL_ROTATE && self->drag_part == OSSA_HIT_JOINT && parent < 0)
        tool = OSSA_TOOL_TRANSLATE;
      switch (tool)
        {
        case OSSA_TOOL_ROTATE:
          if (ossa_rotate_drag_begin (&self->tool.rotate, parent_world, &local, wx, wy,
                                      4.0 / self->camera.zoom))
            {
              self->apply = APPLY_ROTATE;
              ossa_editor_spin_check_begin (self->editor, (guint) self->drag_bone,
                                            local.rotation, &self->spin_check);
            }
          break;
        case OSSA_TOOL_TRANSLATE:
          if (ossa_translate_drag_begin (&self->tool.translate, parent_world, &local, wx, wy))
            self->apply = APPLY_TRANSLATE;
          break;
        case OSSA_TOOL_SCALE:
          ossa_scale_drag_begin (&self->tool.scale, &world[self->drag_bone], &local, wx, wy,
                                 8.0 / self->camera.zoom);
          self->apply = APPLY_SCALE;
          break;
        case OSSA_TOOL_IK:
          start_ik_drag (self, wx, wy);
          break;
        case OSSA_TOOL_CREATE:
        default:
          /* Pressing a bone's body with the create tool only selects it. */
          break;
        }
    }
}

/* The bone whose tip is under widget point (x, y), for the create tool: the
 * primary's when it is there (it may share the point with other tips), else the
 * topmost bone's, else -1. Any bone's tip starts a child of it, so the first drag
 * works without selecting the bone first. */
static int
find_create_tip (OssaCanvas *self, int primary, double x, double y)
{
  if (primary >= 0
      && ossa_scene_hit_tip (self->instances, self->n_instances, (gsize) primary, &self->camera,
                             x, y))
    return primary;
  for (gsize k = self->n_instances; k > 0; k--)
    if (ossa_scene_hit_tip (self->instances, self->n_instances, k - 1, &self->camera, x, y))
      return (int) (k - 1);
  return -1;
}

void
_ossa_canvas_drag_begin (OssaCanvas *self, double x, double y, GdkModifierType state)
{
  gboolean ctrl = (state & GDK_CONTROL_MASK) != 0;
  OssaTool tool;
  OssaHit hit = { -1, OSSA_HIT_NONE };
  int primary, tip, slot, attachment;

  g_return_if_fail (OSSA_IS_CANVAS (self));
  _ossa_canvas_finish_create_group (self);
  self->drag = DRAG_NONE;
  self->drag_active = FALSE;
  self->press_x = self->drag_x = x;
  self->press_y = self->drag_y = y;
  self->drag_bone = -1;
  self->drag_slot = self->drag_attachment = -1;
  self->created = -1;
  self->create_parent = -1;
  if (self->space_held)
    {
      self->drag = DRAG_PAN;
      self->space_panned = TRUE;
      return;
    }
  if (self->editor == NULL)
    return;

  _ossa_canvas_ensure_instances (self);
  tool = ossa_editor_get_tool (self->editor);
  primary = ossa_editor_get_primary (self->editor);
  if (bones_shown (self))
    hit = ossa_scene_hit_test (self->instances, self->n_instances, &self->camera, x, y);
  tip = (tool == OSSA_TOOL_CREATE && !ctrl && bones_shown (self))
          ? find_create_tip (self, primary, x, y) : -1;
  if (tip >= 0)
    {
      /* A press there is still a click on what lies under it (a child's joint,
       * the bone's own body) when the pointer does not move. */
      if (tip != primary)
        {
          guint bone = hit.bone >= 0 ? (guint) hit.bone : (guint) tip;

          ossa_editor_select (self->editor, &bone, 1, ossa_editor_is_selected (self->editor, bone));
        }
      self->drag = DRAG_CREATE;
      self->create_parent = tip;
      self->create_joint_x = self->instances[tip].tip[0];
      self->create_joint_y = self->instances[tip].tip[1];
      return;
    }

  if (hit.bone >= 0)
    {
      guint bone = (guint) hit.bone;

      if (ctrl)
        {
          ossa_editor_toggle_selected (self->editor, bone);
          return;
        }
      /* A press on a selected bone keeps the selection and makes it the primary. */
      ossa_editor_select (self->editor, &bone, 1, ossa_editor_is_selected (self->editor, bone));
      self->drag = DRAG_TOOL;
      self->drag_bone = hit.bone;
      self->drag_part = hit.part;
      return;
    }
  if (tool != OSSA_TOOL_CREATE && !ctrl
      && _ossa_canvas_art_pick (self, x, y, (state & GDK_ALT_MASK) != 0, &slot, &attachment))
    {
      /* Picking it lets the bones go; a press on it drags it with the tool. */
      ossa_editor_select_slot (self->editor, slot, attachment);
      self->drag = DRAG_ART;
      self->drag_slot = slot;
      self->drag_attachment = attachment;
      return;
    }
  self->drag = (tool == OSSA_TOOL_CREATE && !ctrl) ? DRAG_CREATE : DRAG_BAND;
}

void
_ossa_canvas_drag_update (OssaCanvas *self, double x, double y, GdkModifierType state)
{
  g_autoptr(GError) error = NULL;
  OssaTransform local;
  double wx, wy;

  g_return_if_fail (OSSA_IS_CANVAS (self));
  if (self->drag == DRAG_NONE)
    return;
  if (!self->drag_active)
    {
      if (hypot (x - self->press_x, y - self->press_y) < DRAG_THRESHOLD)
        return;
      self->drag_active = TRUE;
      if (self->drag == DRAG_PAN)
        {
          self->pan_last_x = self->press_x;
          self->pan_last_y = self->press_y;
          _ossa_canvas_update_cursor (self);
        }
      else
        {
          start_drag (self, state);
          /* Rotate, translate and scale move the bone's subtree and nothing else;
           * an IK drag its chain's first bone's. */
          if (self->drag == DRAG_TOOL && self->apply == APPLY_IK)
            _ossa_canvas_set_moving_root (self, self->ik_moving_root);
          else if (self->drag == DRAG_TOOL && self->apply != APPLY_NONE && self->drag_bone >= 0)
            _ossa_canvas_set_moving_root (self, self->drag_bone);
        }
    }
  self->drag_x = x;
  self->drag_y = y;
  ossa_camera_widget_to_world (&self->camera, x, y, &wx, &wy);

  switch (self->drag)
    {
    case DRAG_PAN:
      _ossa_canvas_pan_by (self, x - self->pan_last_x, y - self->pan_last_y);
      self->pan_last_x = x;
      self->pan_last_y = y;
      return;
    case DRAG_BAND:
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    case DRAG_CREATE:
      update_create (self, wx, wy, state);
      return;
    case DRAG_ART:
      if (!_ossa_canvas_art_drag_update (self, wx, wy, state, &error))
        report_edit_error (self, error);
      return;
    case DRAG_TOOL:
      switch (self->apply)
        {
        case APPLY_ROTATE:
          local = ossa_rotate_drag_update (&self->tool.rotate, wx, wy,
                                           has_snap (state) ? rotation_step (self) : 0);
          break;
        case APPLY_TRANSLATE:
          local = ossa_translate_drag_update (&self->tool.translate, wx, wy,
                                              has_snap (state)
                                                ? ossa_camera_grid_step (&self->camera) : 0);
          break;
        case APPLY_SCALE:
          local = ossa_scale_drag_update (&self->tool.scale, wx, wy,
                                          has_snap (state) ? self->snap_scale_step : 0);
          break;
        case APPLY_IK:
          ossa_editor_ik_drag_update (self->editor, wx, wy);
          return;
        case APPLY_NONE:
        default:
          return;
        }
      if (!ossa_editor_set_bone_local (self->editor, (guint) self->drag_bone, &local,
                                       self->merge_id, &error))
        report_edit_error (self, error);
      return;
    case DRAG_NONE:
    default:
      return;
    }
}

void
_ossa_canvas_drag_end (OssaCanvas *self, double x, double y, GdkModifierType state)
{
  gboolean ctrl = (state & GDK_CONTROL_MASK) != 0;

  g_return_if_fail (OSSA_IS_CANVAS (self));
  if (self->drag != DRAG_NONE)
    _ossa_canvas_drag_update (self, x, y, state);
  /* The segment beside the new key may play the short way round, not the way
   * the bone was dragged: the editor says so. */
  if (self->editor != NULL && self->drag == DRAG_TOOL && self->drag_active
      && self->apply == APPLY_ROTATE)
    ossa_editor_spin_check_end (self->editor, &self->spin_check);
  if (self->editor != NULL && self->drag == DRAG_TOOL && self->drag_active
      && self->apply == APPLY_IK)
    {
      g_autoptr(GError) error = NULL;

      if (!ossa_editor_ik_drag_end (self->editor, &error))
        report_edit_error (self, error);
    }

  if (self->editor != NULL && !self->drag_active
      && (self->drag == DRAG_BAND || (self->drag == DRAG_CREATE && self->create_parent < 0))
      && !ctrl)
    {
      /* A click on empty canvas. */
      ossa_editor_clear_selection (self->editor);
      ossa_editor_select_slot (self->editor, -1, -1);
    }
  else if (self->editor != NULL && self->drag_active && self->drag == DRAG_BAND)
    {
      double x0, y0, x1, y1;
      gsize n;

      _ossa_canvas_ensure_instances (self);
      ossa_camera_widget_to_world (&self->camera, self->press_x, self->press_y, &x0, &y0);
      ossa_camera_widget_to_world (&self->camera, x, y, &x1, &y1);
      n = ossa_scene_rubber_band (self->instances, self->n_instances, x0, y0, x1, y1,
                                  self->band_hits);
      if (n > 0 || !ctrl)
        ossa_editor_select (self->editor, self->band_hits, n, ctrl);
      /* A band picks bones: without Ctrl it replaces what was picked. */
      if (!ctrl)
        ossa_editor_select_slot (self->editor, -1, -1);
    }
  _ossa_canvas_finish_create_group (self);
  self->drag = DRAG_NONE;
  self->drag_active = FALSE;
  _ossa_canvas_stop_still_cache (self);
  _ossa_canvas_update_cursor (self);
  _ossa_canvas_invalidate (self);
}
