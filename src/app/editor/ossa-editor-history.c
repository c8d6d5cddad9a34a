/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-editor"

#include "config.h"

/* The undo history: every edit of the document goes through ossa_editor_execute();
 * groups, merge ids, undo and redo, and the batches of multi-key edits. */

#include "ossa-editor-private.h"
#include "ossa-gerror.h"

/* can-undo, can-redo and modified after the history moved. */
void
_ossa_editor_notify_history (OssaEditor *self)
{
  gboolean modified = self->never_saved || self->saving_modified || self->save_point_lost
                      || ossa_history_is_modified (self->history);

  _ossa_editor_notify (self, PROP_CAN_UNDO);
  _ossa_editor_notify (self, PROP_CAN_REDO);
  if (modified != self->modified)
    {
      self->modified = modified;
      _ossa_editor_notify (self, PROP_MODIFIED);
    }
}

/**
 * ossa_editor_execute:
 * @command: (transfer full): the edit
 *
 * Applies @command through the undo history. On failure the document is unchanged.
 */
gboolean
ossa_editor_execute (OssaEditor *self, OssaCommand *command, GError **error)
{
  OssaError err = { 0 };
  guint64 merge_id;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  g_return_val_if_fail (command != NULL, FALSE);
  merge_id = ossa_command_get_merge_id (command);
  _ossa_editor_wait_for_snapshot (self);
  if (!ossa_history_execute (self->history, self->document, command, &err))
    {
      ossa_gerror_set_from_core (error, &err);
      return FALSE;
    }
  /* What is on show is taken again at the next look, also inside a batch, whose
   * change is announced only at its end: an edit in it may read the pose (the
   * bone nearest a picture) or pick what it just made. */
  self->pose_stale = TRUE;
  _ossa_editor_art_document_changed (self);
  /* One edit a step: a batch counts once, a drag's steps once. */
  if (self->batch == 0 && (merge_id == 0 || merge_id != self->counted_merge_id))
    self->n_edits++;
  self->counted_merge_id = merge_id;
  if (self->batch > 0)
    {
      self->batch_change |= OSSA_CHANGE_POSE | OSSA_CHANGE_ANIMATIONS;
      return TRUE;
    }
  _ossa_editor_document_changed (self, OSSA_CHANGE_POSE | OSSA_CHANGE_ANIMATIONS);
  return TRUE;
}

void
ossa_editor_begin_group (OssaEditor *self, const char *label)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  ossa_history_begin_group (self->history, label);
}

void
ossa_editor_end_group (OssaEditor *self)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  ossa_history_end_group (self->history);
  _ossa_editor_notify_history (self);
}

/* A fresh id for one drag: every command of the drag carries it. */
guint64
ossa_editor_new_merge_id (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), 0);
  return ++self->last_merge_id;
}

gboolean
ossa_editor_can_undo (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  return ossa_history_can_undo (self->history);
}

gboolean
ossa_editor_can_redo (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  return ossa_history_can_redo (self->history);
}

/**
 * ossa_editor_get_n_edits:
 *
 * Returns: how many times the document moved through the history since the
 *   editor was made: each edit, undo and redo counts once, and so does a whole
 *   drag (its steps share a merge id) or a multi-key edit. It never goes back, so
 *   a watcher (the autosave) counts edits as the difference of two readings; read
 *   it on notify::can-undo, which every move of the history emits.
 */
guint64
ossa_editor_get_n_edits (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), 0);
  return self->n_edits;
}

const char *
ossa_editor_get_undo_label (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), NULL);
  return ossa_history_undo_label (self->history);
}

const char *
ossa_editor_get_redo_label (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), NULL);
  return ossa_history_redo_label (self->history);
}

gboolean
ossa_editor_undo (OssaEditor *self, GError **error)
{
  OssaError err = { 0 };

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  _ossa_editor_wait_for_snapshot (self);
  if (!ossa_history_undo (self->history, self->document, &err))
    {
      ossa_gerror_set_from_core (error, &err);
      return FALSE;
    }
  self->n_edits++;
  self->counted_merge_id = 0;
  _ossa_editor_document_changed (self, OSSA_CHANGE_POSE | OSSA_CHANGE_ANIMATIONS);
  return TRUE;
}

gboolean
ossa_editor_redo (OssaEditor *self, GError **error)
{
  OssaError err = { 0 };

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  _ossa_editor_wait_for_snapshot (self);
  if (!ossa_history_redo (self->history, self->document, &err))
    {
      ossa_gerror_set_from_core (error, &err);
      return FALSE;
    }
  self->n_edits++;
  self->counted_merge_id = 0;
  _ossa_editor_document_changed (self, OSSA_CHANGE_POSE | OSSA_CHANGE_ANIMATIONS);
  return TRUE;
}

/* A multi-key edit: one undo step, and one change announced at its end. */
void
_ossa_editor_batch_begin (OssaEditor *self, const char *label)
{
  if (self->batch++ == 0)
    {
      self->batch_change = 0;
      ossa_history_begin_group (self->history, label);
    }
}

void
_ossa_editor_batch_end (OssaEditor *self)
{
  g_return_if_fail (self->batch > 0);
  if (--self->batch > 0)
    return;
  ossa_history_end_group (self->history);
  if (self->batch_change != 0)
    {
      self->n_edits++;
      self->counted_merge_id = 0;
    }
  if (self->batch_change != 0)
    _ossa_editor_document_changed (self, (OssaChange) self->batch_change);
  else
    _ossa_editor_notify_history (self);
}

/* Runs a just-built command (NULL: refused, err says why) with merge_id (0: its own
 * undo step). */
gboolean
_ossa_editor_run (OssaEditor *self, OssaCommand *command, const OssaError *err,
                  guint64 merge_id, GError **error)
{
  if (command == NULL)
    {
      ossa_gerror_set_from_core (error, err);
      return FALSE;
    }
  if (merge_id != 0)
    ossa_command_set_merge_id (command, merge_id);
  return ossa_editor_execute (self, command, error);
}
