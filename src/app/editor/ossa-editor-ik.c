/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-editor"

#include "config.h"

/* IK constraints and their keys, as the window's actions and the IK inspector edit
 * them: each edit builds the core command (ossa-command.h) and runs it through the
 * history, one undo step (a slider drag merged into one by its merge id). The
 * picked constraint is the editor's, found again by name after every change. */

#include <string.h>

#include <glib/gi18n.h>

#include "ossa-editor-private.h"
#include "ossa-gerror.h"

enum { IK_SELECTION_CHANGED, N_IK_SIGNALS };
static guint ik_signals[N_IK_SIGNALS];

void
_ossa_editor_ik_class_init (GObjectClass *klass)
{
  /**
   * OssaEditor::ik-selection-changed:
   *
   * The picked IK constraint changed (picked, or gone with an edit).
   */
  ik_signals[IK_SELECTION_CHANGED] = g_signal_new ("ik-selection-changed",
                                                   G_TYPE_FROM_CLASS (klass),
                                                   G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                   G_TYPE_NONE, 0);
}

/* What OSSA_CHANGE_IK is about: the constraints' names, bones and targets, in
 * order (mix and bend are values, announced as a change of the pose). */
static guint
ik_signature (const OssaDocument *doc)
{
  guint h = 5381u + (guint) doc->n_ik;

  for (gsize c = 0; c < doc->n_ik; c++)
    {
      const OssaIkConstraint *ik = &doc->ik[c];

      h = h * 33u ^ g_str_hash (ik->name != NULL ? ik->name : "");
      h = h * 33u ^ ik->n_bones;
      h = h * 33u ^ ik->bones[0];
      h = h * 33u ^ (ik->n_bones > 1 ? ik->bones[1] : 0u);
      h = h * 33u ^ ik->target;
    }
  return h;
}

void
_ossa_editor_ik_init (OssaEditor *self)
{
  self->selected_ik = -1;
  self->ik_signature = ik_signature (self->document);
  self->ik_generation = self->generation;
}

void
_ossa_editor_ik_finalize (OssaEditor *self)
{
  g_clear_pointer (&self->selected_ik_name, g_free);
}

static void
set_selected (OssaEditor *self, int c)
{
  const char *name = c >= 0 ? self->document->ik[c].name : NULL;
  gboolean changed = c != self->selected_ik;

  if (g_strcmp0 (name, self->selected_ik_name) != 0)
    {
      g_free (self->selected_ik_name);
      self->selected_ik_name = g_strdup (name);
    }
  self->selected_ik = c;
  self->n_ik_seen = self->document->n_ik;
  if (changed)
    g_signal_emit (self, ik_signals[IK_SELECTION_CHANGED], 0);
}

/* The picked constraint found again after an edit: by its name, or where it was
 * when the constraints only were renamed (as many as before); gone otherwise, and
 * with a different document. Returns whether the constraints changed. */
gboolean
_ossa_editor_ik_document_changed (OssaEditor *self)
{
  const OssaDocument *doc = self->document;
  guint signature = ik_signature (doc);
  gboolean changed = signature != self->ik_signature || self->ik_generation != self->generation;
  int c = self->selected_ik;

  if (!changed)
    return FALSE;
  if (self->ik_generation != self->generation)
    c = -1;
  else if (c >= 0)
    {
      ssize_t found = self->selected_ik_name != NULL
                        ? ossa_document_find_ik (doc, self->selected_ik_name) : -1;

      if (found >= 0)
        c = (int) found;
      else if (doc->n_ik != self->n_ik_seen || (gsize) c >= doc->n_ik)
        c = -1;
    }
  self->ik_signature = signature;
  self->ik_generation = self->generation;
  set_selected (self, c);
  return TRUE;
}

int
ossa_editor_get_selected_ik (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), -1);
  return self->selected_ik;
}

/**
 * ossa_editor_select_ik:
 * @c: a constraint's index, or -1 for none
 *
 * Picks constraint @c for the IK inspector and K; the bones stay selected.
 */
void
ossa_editor_select_ik (OssaEditor *self, int c)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  g_return_if_fail (c >= -1 && (c < 0 || (gsize) c < self->document->n_ik));
  set_selected (self, c);
}

static gboolean
check_ik (OssaEditor *self, guint c, GError **error)
{
  if (c < self->document->n_ik)
    return TRUE;
  g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID, _("There is no IK constraint %u"), c);
  return FALSE;
}

/* "IK 1", "IK 2"…: the first that is free. Names are the document's data, not
 * interface text: not translated. */
static char *
dup_free_name (OssaEditor *self)
{
  for (guint k = 1;; k++)
    {
      char *name = g_strdup_printf ("IK %u", k);

      if (ossa_document_find_ik (self->document, name) < 0)
        return name;
      g_free (name);
    }
}

int
ossa_editor_add_ik (OssaEditor *self, const char *name, const guint *bones, gsize n_bones,
                    guint target, GError **error)
{
  g_autofree char *free_name = NULL;
  uint32_t chain[2] = { 0, 0 };
  OssaError err = { 0 };
  OssaCommand *command;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), -1);
  g_return_val_if_fail (bones != NULL || n_bones == 0, -1);
  if (n_bones < 1 || n_bones > 2)
    {
      g_set_error_literal (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID,
                           _("An IK constraint moves one bone, or a bone and its child"));
      return -1;
    }
  for (gsize i = 0; i < n_bones; i++)
    chain[i] = bones[i];
  if (name == NULL)
    name = free_name = dup_free_name (self);
  command = ossa_command_add_ik (self->document, name, chain, (uint32_t) n_bones, target, true,
                                 1.0f, &err);
  if (!_ossa_editor_run (self, command, &err, 0, error))
    return -1;
  set_selected (self, (int) self->document->n_ik - 1);
  return self->selected_ik;
}

/**
 * ossa_editor_add_ik_from_selection:
 *
 * New IK Constraint from Selection: the primary bone (picked last) is the target,
 * the other one or two selected bones the chain (two must be a parent and its
 * direct child). Returns the new constraint's index, or -1 with @error.
 */
int
ossa_editor_add_ik_from_selection (OssaEditor *self, GError **error)
{
  const OssaSkeleton *skel;
  guint chain[2];
  gsize n_chain = 0;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), -1);
  skel = &self->document->skeleton;
  if (self->primary < 0 || self->selection->len < 2)
    {
      g_set_error_literal (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID,
                           _("Select the bone or the two bones to move, then the target bone last"));
      return -1;
    }
  if (self->selection->len > 3)
    {
      g_set_error_literal (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID,
                           _("An IK constraint moves one bone, or a bone and its child: select at most three bones with the target"));
      return -1;
    }
  /* Ascending: a parent comes before its child. */
  for (guint i = 0; i < self->selection->len; i++)
    {
      guint bone = g_array_index (self->selection, guint, i);

      if ((int) bone != self->primary)
        chain[n_chain++] = bone;
    }
  if (n_chain == 2 && skel->bones[chain[1]].parent != (int32_t) chain[0])
    {
      g_set_error_literal (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID,
                           _("The two bones an IK constraint moves must be a bone and its direct child"));
      return -1;
    }
  return ossa_editor_add_ik (self, NULL, chain, n_chain, (guint) self->primary, error);
}

gboolean
ossa_editor_remove_ik (OssaEditor *self, guint c, GError **error)
{
  OssaError err = { 0 };

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  if (!check_ik (self, c, error))
    return FALSE;
  return _ossa_editor_run (self, ossa_command_remove_ik (self->document, c, &err), &err, 0,
                           error);
}

/* Constraint c with some of its fields replaced (one undo step, or merged). */
static gboolean
set_fields (OssaEditor *self, guint c, const char *name, gboolean bend_positive, float mix,
            guint64 merge_id, GError **error)
{
  const OssaIkConstraint *ik = &self->document->ik[c];
  OssaError err = { 0 };
  OssaCommand *command;

  command = ossa_command_set_ik (self->document, c, name, ik->bones, ik->n_bones, ik->target,
                                 bend_positive, mix, &err);
  return _ossa_editor_run (self, command, &err, merge_id, error);
}

gboolean
ossa_editor_rename_ik (OssaEditor *self, guint c, const char *name, GError **error)
{
  const OssaIkConstraint *ik;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  if (!check_ik (self, c, error))
    return FALSE;
  ik = &self->document->ik[c];
  if (g_strcmp0 (name, ik->name) == 0)
    return TRUE;
  return set_fields (self, c, name, ik->bend_positive, ik->mix, 0, error);
}

/**
 * ossa_editor_set_ik_chain:
 * @bones: (array length=n_bones): one bone, or a bone and its direct child
 *
 * The IK inspector's bone and target fields: constraint @c moves @bones towards
 * @target from now on (its name, mix, bend and keys stay). One undo step.
 */
gboolean
ossa_editor_set_ik_chain (OssaEditor *self, guint c, const guint *bones, gsize n_bones,
                          guint target, GError **error)
{
  const OssaIkConstraint *ik;
  uint32_t chain[2] = { 0, 0 };
  OssaError err = { 0 };
  OssaCommand *command;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  if (!check_ik (self, c, error))
    return FALSE;
  if (n_bones < 1 || n_bones > 2)
    {
      g_set_error_literal (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID,
                           _("An IK constraint moves one bone, or a bone and its child"));
      return FALSE;
    }
  for (gsize i = 0; i < n_bones; i++)
    chain[i] = bones[i];
  ik = &self->document->ik[c];
  command = ossa_command_set_ik (self->document, c, ik->name, chain, (uint32_t) n_bones, target,
                                 ik->bend_positive, ik->mix, &err);
  return _ossa_editor_run (self, command, &err, 0, error);
}

gboolean
ossa_editor_reorder_ik (OssaEditor *self, guint c, guint new_index, GError **error)
{
  OssaError err = { 0 };

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  if (!check_ik (self, c, error))
    return FALSE;
  return _ossa_editor_run (self, ossa_command_reorder_ik (self->document, c, new_index, &err),
                           &err, 0, error);
}

static const OssaIkTrack *
find_track (const OssaAnimation *anim, guint c)
{
  for (gsize i = 0; anim != NULL && i < anim->n_ik_tracks; i++)
    if (anim->ik_tracks[i].constraint == c)
      return &anim->ik_tracks[i];
  return NULL;
}

/* A key of constraint c at the playhead with mix and bend (has_bend: whether it
 * keys the bend), in the current animation; merged by merge_id. */
static gboolean
key_at_playhead (OssaEditor *self, guint c, float mix, gboolean has_bend, gboolean bend_positive,
                 guint64 merge_id, GError **error)
{
  OssaIkKey key = { .time = (float) self->time, .mix = mix, .has_bend = has_bend,
                    .bend_positive = bend_positive };
  OssaError err = { 0 };

  return _ossa_editor_run (self,
                           ossa_command_set_ik_key (self->document, (gsize) self->animation, c,
                                                    &key, &err),
                           &err, merge_id, error);
}

/* An Animate-mode key, made an undo step with the animation it may need and the
 * duration it may grow to; a drag's later steps (merge_id, an animation there)
 * merge into the first. The key keys bend when asked to, or when the track keys
 * bend already (a key without would hand it back to the constraint's own). */
static gboolean
key_ik (OssaEditor *self, guint c, float mix, gboolean key_bend, gboolean bend_positive,
        guint64 merge_id, const char *label, GError **error)
{
  const OssaIkTrack *track;
  gboolean ok;

  track = find_track (_ossa_editor_current_animation (self), c);
  if (!key_bend && track != NULL && track->bend_positive != NULL)
    {
      key_bend = TRUE;
      bend_positive = ossa_editor_get_ik_state (self, c).bend_positive;
    }
  if (_ossa_editor_current_animation (self) != NULL && merge_id != 0)
    return key_at_playhead (self, c, mix, key_bend, bend_positive, merge_id, error);
  _ossa_editor_batch_begin (self, label);
  ok = _ossa_editor_ensure_animation (self, error)
       && key_at_playhead (self, c, mix, key_bend, bend_positive, 0, error)
       && _ossa_editor_extend_duration (self, self->time, error);
  _ossa_editor_batch_end (self);
  return ok;
}

static gboolean
check_mix (float mix, GError **error)
{
  if (mix >= 0.0f && mix <= 1.0f)
    return TRUE;
  g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID,
               _("An IK constraint's mix is between 0 and 1, not %g"), (double) mix);
  return FALSE;
}

gboolean
ossa_editor_set_ik_mix (OssaEditor *self, guint c, float mix, guint64 merge_id, GError **error)
{
  const OssaIkConstraint *ik;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  if (!check_ik (self, c, error) || !check_mix (mix, error))
    return FALSE;
  ik = &self->document->ik[c];
  if (self->mode == OSSA_EDIT_MODE_SETUP)
    return set_fields (self, c, ik->name, ik->bend_positive, mix, merge_id, error);
  return key_ik (self, c, mix, FALSE, FALSE, merge_id, _("Key IK Mix"), error);
}

gboolean
ossa_editor_set_ik_bend (OssaEditor *self, guint c, gboolean bend_positive, GError **error)
{
  const OssaIkConstraint *ik;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  if (!check_ik (self, c, error))
    return FALSE;
  ik = &self->document->ik[c];
  if (self->mode == OSSA_EDIT_MODE_SETUP)
    return set_fields (self, c, ik->name, bend_positive, ik->mix, 0, error);
  /* A key holds both: the mix on show goes with it, so nothing else moves. */
  return key_ik (self, c, ossa_editor_get_ik_state (self, c).mix, TRUE, bend_positive, 0,
                 _("Key IK Bend"), error);
}

/**
 * ossa_editor_key_ik:
 *
 * K with a constraint picked: its mix and bend as on show (in Setup mode the
 * constraint's own; the keys at the playhead in Animate mode), keyed at the
 * playhead in Animate mode, which K switches to, as for bones.
 */
gboolean
ossa_editor_key_ik (OssaEditor *self, guint c, GError **error)
{
  OssaIkState shown;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  if (!check_ik (self, c, error))
    return FALSE;
  shown = ossa_editor_get_ik_state (self, c);
  return key_ik (self, c, shown.mix, TRUE, shown.bend_positive, 0, _("Key IK Constraint"), error);
}

/**
 * ossa_editor_key_bones_and_ik:
 * @bones: (array length=n_bones): bones to key (none: the constraint alone)
 *
 * K: the bones with their slots, and the picked constraint's mix and bend as on
 * show before K (which switches to Animate mode), as one undo step.
 */
gboolean
ossa_editor_key_bones_and_ik (OssaEditor *self, const guint *bones, gsize n_bones,
                              GError **error)
{
  int c;
  OssaIkState shown;
  gboolean ok;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  c = self->selected_ik;
  if (c < 0)
    return ossa_editor_key_bones_and_slots (self, bones, n_bones, error);
  if (n_bones == 0)
    return ossa_editor_key_ik (self, (guint) c, error);
  shown = ossa_editor_get_ik_state (self, (guint) c);
  _ossa_editor_batch_begin (self, _("Key Bones and IK Constraint"));
  ok = ossa_editor_key_bones_and_slots (self, bones, n_bones, error)
       && key_ik (self, (guint) c, shown.mix, TRUE, shown.bend_positive, 0, NULL, error);
  _ossa_editor_batch_end (self);
  return ok;
}

OssaIkState
ossa_editor_get_ik_state (OssaEditor *self, guint c)
{
  const OssaDocument *doc;
  OssaIkState state = { 1.0f, TRUE };

  g_return_val_if_fail (OSSA_IS_EDITOR (self), state);
  doc = self->document;
  if (c >= doc->n_ik)
    return state;
  return ossa_ik_sample (doc, self->mode == OSSA_EDIT_MODE_ANIMATE
                                ? _ossa_editor_current_animation (self) : NULL,
                         c, (float) self->time);
}

/**
 * ossa_editor_count_ik_of_bones:
 * @bones: (array length=n_bones): bones to be removed, each with its subtree
 *
 * How many constraints name one of @bones or a bone under them (as bone or
 * target): the constraints that removing them would repair or delete.
 */
guint
ossa_editor_count_ik_of_bones (OssaEditor *self, const guint *bones, gsize n_bones)
{
  const OssaDocument *doc;
  g_autofree guint8 *gone = NULL;
  guint n = 0;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), 0);
  doc = self->document;
  if (doc->n_ik == 0 || n_bones == 0)
    return 0;
  gone = g_new0 (guint8, doc->skeleton.n_bones);
  for (gsize i = 0; i < n_bones; i++)
    if (bones[i] < doc->skeleton.n_bones)
      gone[bones[i]] = 1;
  /* Parents come before their children. */
  for (gsize b = 0; b < doc->skeleton.n_bones; b++)
    if (doc->skeleton.bones[b].parent >= 0 && gone[doc->skeleton.bones[b].parent])
      gone[b] = 1;
  for (gsize c = 0; c < doc->n_ik; c++)
    {
      const OssaIkConstraint *ik = &doc->ik[c];
      gboolean touched = FALSE;

      for (guint i = 0; i < ik->n_bones && i < 2; i++)
        touched |= ik->bones[i] < doc->skeleton.n_bones && gone[ik->bones[i]];
      touched |= ik->target < doc->skeleton.n_bones && gone[ik->target];
      n += touched;
    }
  return n;
}
