/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-editor"

#include "config.h"

/* The pose on show: an OssaPose (the instance beside the document's skeleton data)
 * recomputed when stale, the unkeyed edits shown over it, and the one way tools
 * change a bone's pose. */

#include <string.h>

#include <glib/gi18n.h>

#include "ossa-editor-private.h"
#include "ossa-gerror.h"

/* The document's IK constraints over the FK pose, into ik_pose (DESIGN.md: after
 * FK, at the animation's keys of mix and bend, or the constraints' own values in
 * Setup mode), leaving pose's local transforms as they are. */
static void
update_ik_pose (OssaEditor *self, const OssaAnimation *anim)
{
  const OssaDocument *doc = self->document;
  gsize n = doc->skeleton.n_bones;

  if (self->ik_pose == NULL)
    self->ik_pose = ossa_pose_new (&doc->skeleton, NULL);
  if (self->ik_pose == NULL || !ossa_pose_resize (self->ik_pose, n, NULL))
    g_error ("out of memory");
  memcpy (self->ik_pose->local, self->pose->local, n * sizeof *self->pose->local);
  memcpy (self->ik_pose->world, self->pose->world, n * sizeof *self->pose->world);
  ossa_pose_apply_ik (self->ik_pose, doc, anim, (float) self->time);
}

/* The rest pose in Setup mode, the current animation at the playhead in Animate
 * mode, with the pending edits over it, then IK. Runs every frame of a drag: it
 * reuses the poses' arrays and allocates only when the skeleton outgrows them. */
static void
update_pose (OssaEditor *self)
{
  const OssaDocument *doc = self->document;
  OssaPose *pose = self->pose;
  const OssaAnimation *anim = NULL;

  if (!ossa_pose_resize (pose, doc->skeleton.n_bones, NULL))
    g_error ("out of memory");
  if (self->mode == OSSA_EDIT_MODE_ANIMATE && self->animation >= 0
      && (gsize) self->animation < doc->n_animations)
    {
      anim = &doc->animations[self->animation];
      ossa_pose_sample (pose, anim, &doc->skeleton, (float) self->time);
    }
  else
    ossa_pose_set_rest (pose, &doc->skeleton);
  if (self->mode == OSSA_EDIT_MODE_ANIMATE && self->n_pending > 0)
    for (gsize i = 0; i < doc->skeleton.n_bones && i < self->pending_capacity; i++)
      if (self->pending_set[i])
        pose->local[i] = self->pending[i];
  _ossa_editor_ik_drag_overlay (self, pose);
  ossa_pose_update_world (pose, &doc->skeleton);
  if (doc->n_ik > 0)
    update_ik_pose (self, anim);
  self->pose_stale = FALSE;
  self->slot_pose_stale = TRUE;
}

const OssaTransform *
ossa_editor_get_local (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), NULL);
  if (self->pose_stale)
    update_pose (self);
  return self->pose->local;
}

const OssaXform *
ossa_editor_get_world (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), NULL);
  if (self->pose_stale || (self->document->n_ik > 0 && self->ik_pose == NULL))
    update_pose (self);
  /* What is on show: after IK when the document has constraints. */
  return self->document->n_ik > 0 ? self->ik_pose->world : self->pose->world;
}

/* Auto-key off: the edit shows, unkeyed, until K keys it or the playhead moves. */
static void
set_pending (OssaEditor *self, guint bone, const OssaTransform *local)
{
  gsize n = self->document->skeleton.n_bones;

  if (n > self->pending_capacity)
    {
      gsize old = self->pending_capacity;

      self->pending_capacity = MAX (n, 16);
      self->pending = g_renew (OssaTransform, self->pending, self->pending_capacity);
      self->pending_set = g_renew (guint8, self->pending_set, self->pending_capacity);
      memset (self->pending_set + old, 0, self->pending_capacity - old);
    }
  if (!self->pending_set[bone])
    self->n_pending++;
  self->pending_set[bone] = TRUE;
  self->pending[bone] = *local;
  self->pose_stale = TRUE;
  _ossa_editor_pose_changed (self);
}

void
_ossa_editor_clear_pending (OssaEditor *self)
{
  if (self->n_pending == 0)
    return;
  memset (self->pending_set, 0, self->pending_capacity);
  self->n_pending = 0;
  self->pose_stale = TRUE;
}

/* The bones just keyed: their keys show now, not their pending edits. */
void
_ossa_editor_unset_pending (OssaEditor *self, const guint *bones, gsize n_bones)
{
  for (gsize i = 0; i < n_bones && self->n_pending > 0; i++)
    if (bones[i] < self->pending_capacity && self->pending_set[bones[i]])
      {
        self->pending_set[bones[i]] = FALSE;
        self->n_pending--;
      }
  self->pose_stale = TRUE;
}

/* Animate mode: a key at the playhead for each channel the edit changes. */
static gboolean
key_bone_local (OssaEditor *self, guint bone, const OssaTransform *local, guint64 merge_id,
                GError **error)
{
  const OssaAnimation *anim;
  const OssaTransform *shown = &ossa_editor_get_local (self)[bone];
  OssaCommand *commands[OSSA_N_CHANNELS];
  gsize n = 0;
  gboolean ok = TRUE;

  if (self->animation < 0)
    {
      g_set_error_literal (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID,
                           _("There is no animation to key: create one first"));
      return FALSE;
    }
  anim = &self->document->animations[self->animation];
  for (int c = 0; c < OSSA_N_CHANNELS; c++)
    {
      float value = ossa_transform_get_channel (local, (OssaChannel) c);
      const OssaTrack *track;
      OssaKey key;
      ssize_t at;
      OssaError err = { 0 };

      if (value == ossa_transform_get_channel (shown, (OssaChannel) c))
        continue;
      track = ossa_animation_find_track (anim, bone, (OssaChannel) c);
      at = track != NULL ? ossa_track_find_key (track, (float) self->time) : -1;
      key = at >= 0 ? ossa_track_get_key (track, (size_t) at)
                    : ossa_key_make ((float) self->time, value);
      key.value = value;
      commands[n] = ossa_command_set_key (self->document, (size_t) self->animation, bone,
                                          (OssaChannel) c, &key, &err);
      if (commands[n] == NULL)
        {
          ossa_gerror_set_from_core (error, &err);
          for (gsize i = 0; i < n; i++)
            ossa_command_free (commands[i]);
          return FALSE;
        }
      ossa_command_set_merge_id (commands[n], merge_id);
      n++;
    }
  /* Keys of different channels are independent, so each is built against the
   * document as it is and applied in turn. */
  if (n > 1)
    ossa_editor_begin_group (self, _("Key Bone"));
  for (gsize i = 0; i < n; i++)
    if (ok)
      ok = ossa_editor_execute (self, commands[i], error);
    else
      ossa_command_free (commands[i]);
  if (n > 1)
    ossa_editor_end_group (self);
  return ok;
}

gboolean
ossa_editor_set_bone_local (OssaEditor *self, guint bone, const OssaTransform *local,
                            guint64 merge_id, GError **error)
{
  OssaCommand *command;
  OssaError err = { 0 };

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  g_return_val_if_fail (local != NULL, FALSE);
  if (bone >= self->document->skeleton.n_bones)
    {
      g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID, _("There is no bone %u"), bone);
      return FALSE;
    }
  if (self->mode == OSSA_EDIT_MODE_ANIMATE && !self->auto_key)
    {
      set_pending (self, bone, local);
      return TRUE;
    }
  if (self->mode == OSSA_EDIT_MODE_ANIMATE)
    return key_bone_local (self, bone, local, merge_id, error);
  command = ossa_command_set_bone_rest (self->document, bone, local, &err);
  return _ossa_editor_run (self, command, &err, merge_id, error);
}
