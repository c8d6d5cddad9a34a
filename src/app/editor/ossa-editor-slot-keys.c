/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-editor"

#include "config.h"

/* The art's keys as the timeline and K edit them: deleting slot and draw-order
 * keys, and K keying the slots on the selected bones with the bones. Each edit is
 * one undo step; the single-slot edits are ossa-editor-art.c's. */

#include <math.h>
#include <stdlib.h>

#include <glib/gi18n.h>

#include "ossa-editor-private.h"
#include "ossa-gerror.h"

static const OssaSlotTrack *
find_slot_track (const OssaAnimation *anim, guint slot, OssaSlotChannel channel)
{
  for (gsize i = 0; i < anim->n_slot_tracks; i++)
    if (anim->slot_tracks[i].slot == slot && anim->slot_tracks[i].channel == channel)
      return &anim->slot_tracks[i];
  return NULL;
}

static gboolean
slot_key_exists (const OssaAnimation *anim, const OssaSlotKeyRef *key)
{
  if (key->slot < 0)
    {
      for (gsize i = 0; i < anim->n_draw_order; i++)
        if (anim->draw_order[i].time == key->time)
          return TRUE;
      return FALSE;
    }
  {
    const OssaSlotTrack *track = (guint) key->channel < OSSA_N_SLOT_CHANNELS
                                   ? find_slot_track (anim, (guint) key->slot, key->channel)
                                   : NULL;

    return track != NULL && ossa_slot_track_find_key (track, key->time) >= 0;
  }
}

int
ossa_slot_key_ref_compare (gconstpointer a, gconstpointer b)
{
  const OssaSlotKeyRef *x = a, *y = b;

  if (x->slot != y->slot)
    return x->slot < y->slot ? -1 : 1;
  if (x->slot >= 0 && x->channel != y->channel)
    return x->channel < y->channel ? -1 : 1;
  return x->time < y->time ? -1 : x->time > y->time;
}

/* keys sorted, or NULL with @error when one of them is not there. */
static OssaSlotKeyRef *
sorted_existing (OssaEditor *self, const OssaSlotKeyRef *keys, gsize n_keys, GError **error)
{
  const OssaAnimation *anim = _ossa_editor_current_animation (self);
  g_autofree OssaSlotKeyRef *sorted = NULL;

  if (anim == NULL)
    {
      g_set_error_literal (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID,
                           _("There is no animation to delete keys from"));
      return NULL;
    }
  sorted = g_memdup2 (keys, n_keys * sizeof *keys);
  qsort (sorted, n_keys, sizeof *sorted, ossa_slot_key_ref_compare);
  for (gsize i = 0; i < n_keys; i++)
    if (!slot_key_exists (anim, &sorted[i]))
      {
        if (sorted[i].slot < 0)
          g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID,
                       _("There is no draw-order key at %.3f s"), sorted[i].time);
        else
          g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID,
                       _("There is no key of slot %d at %.3f s"), sorted[i].slot,
                       sorted[i].time);
        return NULL;
      }
  return g_steal_pointer (&sorted);
}

/**
 * ossa_editor_remove_slot_keys:
 * @keys: (array length=n_keys): the keys, in any order (twice is once)
 *
 * Deletes slot keys and draw-order keys of the current animation, as one undo
 * step: the timeline's Delete on them.
 */
gboolean
ossa_editor_remove_slot_keys (OssaEditor *self, const OssaSlotKeyRef *keys, gsize n_keys,
                              GError **error)
{
  return ossa_editor_delete_keys_with_slot_keys (self, FALSE, keys, n_keys, error);
}

/**
 * ossa_editor_delete_keys_with_slot_keys:
 * @selected: the selected bone keys go too
 * @keys: (array length=n_keys): art keys, in any order (twice is once)
 *
 * The timeline's Delete: the selected bone keys (with @selected) and @keys, as one
 * undo step. All of @keys are there, or nothing changes.
 */
gboolean
ossa_editor_delete_keys_with_slot_keys (OssaEditor *self, gboolean selected,
                                        const OssaSlotKeyRef *keys, gsize n_keys,
                                        GError **error)
{
  g_autofree OssaSlotKeyRef *sorted = NULL;
  gsize n_selected = 0;
  gboolean ok = TRUE;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  g_return_val_if_fail (keys != NULL || n_keys == 0, FALSE);
  if (selected)
    ossa_editor_get_selected_keys (self, &n_selected);
  if (n_keys == 0)
    return n_selected == 0 || ossa_editor_delete_selected_keys (self, error);
  sorted = sorted_existing (self, keys, n_keys, error);
  if (sorted == NULL)
    return FALSE;
  _ossa_editor_batch_begin (self, n_keys + n_selected > 1 ? _("Delete Keys") : _("Delete Key"));
  if (n_selected > 0)
    ok = ossa_editor_delete_selected_keys (self, error);
  for (gsize i = 0; ok && i < n_keys; i++)
    {
      OssaError err = { 0 };
      OssaCommand *command;

      if (i > 0 && ossa_slot_key_ref_compare (&sorted[i - 1], &sorted[i]) == 0)
        continue;
      if (sorted[i].slot < 0)
        command = ossa_command_remove_draw_order_key (self->document, (gsize) self->animation,
                                                      sorted[i].time, &err);
      else
        command = ossa_command_remove_slot_key (self->document, (gsize) self->animation,
                                                (gsize) sorted[i].slot, sorted[i].channel,
                                                sorted[i].time, &err);
      ok = _ossa_editor_run (self, command, &err, 0, error);
    }
  _ossa_editor_batch_end (self);
  return ok;
}

/**
 * ossa_editor_key_bones_and_slots:
 * @bones: (array length=n_bones): bones to key
 *
 * K with bones selected, as a Spine user expects: each bone's channels and, for
 * every slot on those bones, its colour and attachment, all at the playhead as one
 * undo step. The slots' values are taken before anything changes (K in Setup mode
 * keys what Setup mode showed, as ossa_editor_key_bones() does for the bones).
 */
gboolean
ossa_editor_key_bones_and_slots (OssaEditor *self, const guint *bones, gsize n_bones,
                                 GError **error)
{
  const OssaDocument *doc;
  const OssaSlotPose *pose;
  g_autoptr(GArray) slots = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree guint32 *colors = NULL;
  g_autofree int *attachments = NULL;
  gboolean ok;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  doc = self->document;
  for (gsize s = 0; s < doc->n_slots; s++)
    for (gsize i = 0; i < n_bones; i++)
      if (doc->slots[s].bone == bones[i])
        {
          guint slot = (guint) s;

          g_array_append_val (slots, slot);
          break;
        }
  if (slots->len == 0)
    return ossa_editor_key_bones (self, bones, n_bones, error);

  pose = ossa_editor_get_slot_pose (self);
  colors = g_new (guint32, slots->len);
  attachments = g_new (int, slots->len);
  for (guint i = 0; i < slots->len; i++)
    {
      guint slot = g_array_index (slots, guint, i);

      colors[i] = ossa_color_pack (&pose->color[slot * 4]);
      attachments[i] = pose->attachment[slot];
    }
  _ossa_editor_batch_begin (self, n_bones > 1 ? _("Key Bones and Their Slots")
                                              : _("Key Bone and Its Slots"));
  ok = ossa_editor_key_bones (self, bones, n_bones, error);
  /* Animate mode now: these key at the playhead. */
  for (guint i = 0; ok && i < slots->len; i++)
    {
      guint slot = g_array_index (slots, guint, i);

      ok = ossa_editor_set_slot_color (self, slot, colors[i], 0, error)
           && ossa_editor_set_slot_attachment (self, slot, attachments[i], error);
    }
  _ossa_editor_batch_end (self);
  return ok;
}

/* What a moved key carries to its new time. */
typedef struct
{
  OssaSlotKeyRef   ref;
  float            to;
  OssaSlotKey      key;    /* a slot key's */
  const guint32   *order;  /* a draw-order key's (the document's, read before the edit) */
  gsize            n_order;
} Moved;

static gboolean
same_track (const OssaSlotKeyRef *a, const OssaSlotKeyRef *b)
{
  return a->slot == b->slot && (a->slot < 0 || a->channel == b->channel);
}

/**
 * ossa_editor_move_slot_keys:
 * @keys: (array length=n_keys) (inout): art keys of the current animation; on
 *   success, where they went
 * @delta: seconds to move by
 * @snap: put each key on the nearest frame
 *
 * Moves art keys in time as one undo step, as ossa_editor_move_selected_keys()
 * does the bone keys: refused, with nothing changed, when a key would land on a
 * key that stays or two would land on one time.
 */
gboolean
ossa_editor_move_slot_keys (OssaEditor *self, OssaSlotKeyRef *keys, gsize n_keys, double delta,
                            gboolean snap, GError **error)
{
  const OssaAnimation *anim;
  g_autofree OssaSlotKeyRef *sorted = NULL;
  g_autofree Moved *moved = NULL;
  g_autoptr(GPtrArray) orders = g_ptr_array_new_with_free_func (g_free);
  gboolean ok = TRUE, moves = FALSE;
  float latest = 0;
  gsize n = 0;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  if (n_keys == 0 || !isfinite (delta))
    return TRUE;
  sorted = sorted_existing (self, keys, n_keys, error);
  if (sorted == NULL)
    return FALSE;
  anim = _ossa_editor_current_animation (self);
  moved = g_new0 (Moved, n_keys);
  for (gsize i = 0; i < n_keys; i++)
    {
      Moved *m;
      double t = sorted[i].time + delta;

      if (n > 0 && ossa_slot_key_ref_compare (&moved[n - 1].ref, &sorted[i]) == 0)
        continue;
      m = &moved[n++];
      m->ref = sorted[i];
      if (snap)
        t = _ossa_editor_snap_time (self, t);
      m->to = (float) MAX (t, 0);
      moves |= m->to != m->ref.time;
      latest = MAX (latest, m->to);
    }
  /* Check first: nothing changes unless every key can go. */
  for (gsize i = 0; i < n; i++)
    {
      Moved *m = &moved[i];
      gboolean clash = i > 0 && same_track (&moved[i - 1].ref, &m->ref)
                       && moved[i - 1].to >= m->to;
      OssaSlotKeyRef there = m->ref;

      there.time = m->to;
      if (!clash && slot_key_exists (anim, &there))
        {
          /* Landing on a key that stays (one that moves too leaves its time). */
          clash = TRUE;
          for (gsize j = 0; j < n; j++)
            if (ossa_slot_key_ref_compare (&moved[j].ref, &there) == 0)
              clash = FALSE;
        }
      if (clash)
        {
          if (m->ref.slot < 0)
            g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_CONFLICT,
                         _("A draw-order key is already at %.3g s"), (double) m->to);
          else
            g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_CONFLICT,
                         _("A key of “%s” is already at %.3g s"),
                         self->document->slots[m->ref.slot].name, (double) m->to);
          return FALSE;
        }
      if (m->ref.slot < 0)
        {
          for (gsize k = 0; k < anim->n_draw_order; k++)
            if (anim->draw_order[k].time == m->ref.time)
              {
                m->n_order = anim->draw_order[k].n_order;
                m->order = g_memdup2 (anim->draw_order[k].order, m->n_order * sizeof (guint32));
                g_ptr_array_add (orders, (gpointer) m->order);
              }
        }
      else
        {
          const OssaSlotTrack *track = find_slot_track (anim, (guint) m->ref.slot,
                                                        m->ref.channel);
          ssize_t k = track != NULL ? ossa_slot_track_find_key (track, m->ref.time) : -1;

          if (k < 0)  /* sorted_existing() found it: never */
            {
              g_set_error_literal (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID,
                                   _("There is no animation to delete keys from"));
              return FALSE;
            }
          m->key = (OssaSlotKey) {
            .time = m->to,
            .attachment = track->attachments != NULL ? track->attachments[k] : -1,
            .color = track->colors != NULL ? track->colors[k] : 0xffffffffu,
            .interp = track->interp != NULL ? (OssaInterp) track->interp[k] : OSSA_INTERP_LINEAR,
            .curve = track->curves != NULL ? track->curves[k] : OSSA_CURVE_EASE,
          };
        }
    }
  if (!moves)
    return TRUE;

  _ossa_editor_batch_begin (self, n > 1 ? _("Move Keys") : _("Move Key"));
  /* All of them off first, then all of them back at their new times: no key
   * lands on one that has not moved yet. */
  for (gsize i = 0; ok && i < n; i++)
    {
      OssaError err = { 0 };
      OssaCommand *command;

      if (moved[i].ref.slot < 0)
        command = ossa_command_remove_draw_order_key (self->document, (gsize) self->animation,
                                                      moved[i].ref.time, &err);
      else
        command = ossa_command_remove_slot_key (self->document, (gsize) self->animation,
                                                (gsize) moved[i].ref.slot, moved[i].ref.channel,
                                                moved[i].ref.time, &err);
      ok = _ossa_editor_run (self, command, &err, 0, error);
    }
  for (gsize i = 0; ok && i < n; i++)
    {
      OssaError err = { 0 };
      OssaCommand *command;

      if (moved[i].ref.slot < 0)
        command = ossa_command_set_draw_order_key (self->document, (gsize) self->animation,
                                                   moved[i].to, moved[i].order,
                                                   moved[i].n_order, &err);
      else
        command = ossa_command_set_slot_key (self->document, (gsize) self->animation,
                                             (gsize) moved[i].ref.slot, moved[i].ref.channel,
                                             &moved[i].key, &err);
      ok = _ossa_editor_run (self, command, &err, 0, error);
    }
  if (ok)
    ok = _ossa_editor_extend_duration (self, latest, error);
  _ossa_editor_batch_end (self);
  if (ok)
    {
      /* Where they went, in the caller's array. */
      for (gsize i = 0; i < n_keys; i++)
        {
          keys[i] = moved[MIN (i, n - 1)].ref;
          keys[i].time = moved[MIN (i, n - 1)].to;
        }
    }
  return ok;
}
