/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-editor"

#include "config.h"

/* The IK constraints' keys as the timeline edits them: deleting and moving them
 * (alone, or with the bone and art keys in one Delete), each edit one undo step
 * through the core's set_ik_key and remove_ik_key commands. Keying a constraint
 * at the playhead is ossa-editor-ik.c's. */

#include <math.h>
#include <stdlib.h>

#include <glib/gi18n.h>

#include "ossa-editor-ik-keys.h"
#include "ossa-editor-private.h"
#include "ossa-gerror.h"

const OssaIkTrack *
ossa_editor_get_ik_track (OssaEditor *self, guint c)
{
  const OssaAnimation *anim;
  gsize lo = 0, hi;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), NULL);
  anim = _ossa_editor_current_animation (self);
  if (anim == NULL)
    return NULL;
  /* The animation keeps its IK tracks sorted by constraint. */
  hi = anim->n_ik_tracks;
  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (anim->ik_tracks[mid].constraint < c)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < anim->n_ik_tracks && anim->ik_tracks[lo].constraint == c ? &anim->ik_tracks[lo]
                                                                        : NULL;
}

int
ossa_ik_key_ref_compare (gconstpointer a, gconstpointer b)
{
  const OssaIkKeyRef *x = a, *y = b;

  if (x->constraint != y->constraint)
    return x->constraint < y->constraint ? -1 : 1;
  return x->time < y->time ? -1 : x->time > y->time;
}

static gboolean
ik_key_exists (OssaEditor *self, const OssaIkKeyRef *key)
{
  const OssaIkTrack *track = ossa_editor_get_ik_track (self, key->constraint);

  return track != NULL && ossa_ik_track_find_key (track, key->time) >= 0;
}

static const char *
constraint_name (OssaEditor *self, guint c)
{
  return c < self->document->n_ik ? self->document->ik[c].name : "";
}

/* keys sorted with the repeats dropped (*n_out of them), or NULL with @error when
 * one of them is not there. */
static OssaIkKeyRef *
sorted_existing (OssaEditor *self, const OssaIkKeyRef *keys, gsize n_keys, gsize *n_out,
                 GError **error)
{
  g_autofree OssaIkKeyRef *sorted = NULL;
  gsize n = 0;

  if (_ossa_editor_current_animation (self) == NULL)
    {
      g_set_error_literal (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID,
                           _("There is no animation to delete keys from"));
      return NULL;
    }
  sorted = g_memdup2 (keys, n_keys * sizeof *keys);
  qsort (sorted, n_keys, sizeof *sorted, ossa_ik_key_ref_compare);
  for (gsize i = 0; i < n_keys; i++)
    {
      if (n > 0 && ossa_ik_key_ref_compare (&sorted[n - 1], &sorted[i]) == 0)
        continue;
      if (!ik_key_exists (self, &sorted[i]))
        {
          g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID,
                       _("There is no key of the IK constraint “%s” at %.3f s"),
                       constraint_name (self, sorted[i].constraint), (double) sorted[i].time);
          return NULL;
        }
      sorted[n++] = sorted[i];
    }
  *n_out = n;
  return g_steal_pointer (&sorted);
}

/* Runs the removal of each of keys (sorted, existing), inside a batch. */
static gboolean
run_removals (OssaEditor *self, const OssaIkKeyRef *keys, gsize n_keys, GError **error)
{
  gboolean ok = TRUE;

  for (gsize i = 0; ok && i < n_keys; i++)
    {
      OssaError err = { 0 };
      OssaCommand *command = ossa_command_remove_ik_key (self->document, (gsize) self->animation,
                                                         keys[i].constraint, keys[i].time, &err);

      ok = _ossa_editor_run (self, command, &err, 0, error);
    }
  return ok;
}

/**
 * ossa_editor_remove_ik_keys:
 * @keys: (array length=n_keys): IK keys of the current animation, in any order
 *
 * The timeline's Delete on IK keys alone: one undo step; all of @keys are there,
 * or nothing changes.
 */
gboolean
ossa_editor_remove_ik_keys (OssaEditor *self, const OssaIkKeyRef *keys, gsize n_keys,
                            GError **error)
{
  return ossa_editor_delete_timeline_keys (self, FALSE, NULL, 0, keys, n_keys, error);
}

/**
 * ossa_editor_delete_timeline_keys:
 * @selected: the selected bone keys go too
 * @art_keys: (array length=n_art_keys): slot and draw-order keys, in any order
 * @ik_keys: (array length=n_ik_keys): IK keys, in any order
 *
 * Everything the timeline picked goes, as one undo step; when one of the art or
 * IK keys is not there, nothing changes.
 */
gboolean
ossa_editor_delete_timeline_keys (OssaEditor *self, gboolean selected,
                                  const OssaSlotKeyRef *art_keys, gsize n_art_keys,
                                  const OssaIkKeyRef *ik_keys, gsize n_ik_keys, GError **error)
{
  g_autofree OssaIkKeyRef *sorted = NULL;
  gsize n = 0, n_selected = 0;
  gboolean ok;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  g_return_val_if_fail (art_keys != NULL || n_art_keys == 0, FALSE);
  g_return_val_if_fail (ik_keys != NULL || n_ik_keys == 0, FALSE);
  if (n_ik_keys == 0)
    return ossa_editor_delete_keys_with_slot_keys (self, selected, art_keys, n_art_keys, error);
  /* Checked before anything goes. */
  sorted = sorted_existing (self, ik_keys, n_ik_keys, &n, error);
  if (sorted == NULL)
    return FALSE;
  if (selected)
    ossa_editor_get_selected_keys (self, &n_selected);
  _ossa_editor_batch_begin (self, n + n_art_keys + n_selected > 1 ? _("Delete Keys")
                                                                   : _("Delete Key"));
  /* That checks the art keys before it removes anything: a refusal there leaves
   * everything as it was. */
  ok = (n_art_keys == 0 && n_selected == 0)
       || ossa_editor_delete_keys_with_slot_keys (self, selected, art_keys, n_art_keys, error);
  ok = ok && run_removals (self, sorted, n, error);
  _ossa_editor_batch_end (self);
  return ok;
}

/* What a moved key carries to its new time. */
typedef struct
{
  OssaIkKeyRef ref;
  OssaIkKey    key;   /* with the new time */
} Moved;

/* The moves planned: sorted keys with their new times, *n of them; NULL with
 * @error when one would land on a key that stays or two on one time. */
static Moved *
plan_moves (OssaEditor *self, const OssaIkKeyRef *sorted, gsize n, double delta, gboolean snap,
            gboolean *moves, float *latest, GError **error)
{
  g_autofree Moved *moved = g_new0 (Moved, n);

  *moves = FALSE;
  *latest = 0;
  for (gsize i = 0; i < n; i++)
    {
      const OssaIkTrack *track = ossa_editor_get_ik_track (self, sorted[i].constraint);
      double t = sorted[i].time + delta;

      if (snap)
        t = _ossa_editor_snap_time (self, t);
      moved[i].ref = sorted[i];
      moved[i].key = ossa_ik_track_get_key (track,
                                            (gsize) ossa_ik_track_find_key (track, sorted[i].time));
      moved[i].key.time = (float) MAX (t, 0);
      *moves |= moved[i].key.time != sorted[i].time;
      *latest = MAX (*latest, moved[i].key.time);
    }
  for (gsize i = 0; i < n; i++)
    {
      OssaIkKeyRef there = { moved[i].ref.constraint, moved[i].key.time };
      gboolean clash = i > 0 && moved[i - 1].ref.constraint == there.constraint
                       && moved[i - 1].key.time >= there.time;

      if (!clash && ik_key_exists (self, &there))
        {
          /* Landing on a key that stays (one that moves too leaves its time). */
          clash = TRUE;
          for (gsize j = 0; j < n; j++)
            if (ossa_ik_key_ref_compare (&moved[j].ref, &there) == 0)
              clash = FALSE;
        }
      if (clash)
        {
          g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_CONFLICT,
                       _("A key of “%s” is already at %.3g s"),
                       constraint_name (self, there.constraint), (double) there.time);
          return NULL;
        }
    }
  return g_steal_pointer (&moved);
}

/**
 * ossa_editor_move_ik_keys:
 * @keys: (array length=n_keys) (inout): IK keys of the current animation; on
 *   success, where they went
 * @delta: seconds to move by
 * @snap: put each key on the nearest frame
 *
 * Moves IK keys in time, their mix and bend with them, as one undo step.
 */
gboolean
ossa_editor_move_ik_keys (OssaEditor *self, OssaIkKeyRef *keys, gsize n_keys, double delta,
                          gboolean snap, GError **error)
{
  g_autofree OssaIkKeyRef *sorted = NULL;
  g_autofree Moved *moved = NULL;
  gboolean ok = TRUE, moves;
  float latest;
  gsize n = 0;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  g_return_val_if_fail (keys != NULL || n_keys == 0, FALSE);
  if (n_keys == 0 || !isfinite (delta))
    return TRUE;
  sorted = sorted_existing (self, keys, n_keys, &n, error);
  if (sorted == NULL)
    return FALSE;
  moved = plan_moves (self, sorted, n, delta, snap, &moves, &latest, error);
  if (moved == NULL)
    return FALSE;
  if (!moves)
    return TRUE;

  _ossa_editor_batch_begin (self, n > 1 ? _("Move Keys") : _("Move Key"));
  /* All of them off first, then all of them back at their new times: no key
   * lands on one that has not moved yet. */
  ok = run_removals (self, sorted, n, error);
  for (gsize i = 0; ok && i < n; i++)
    {
      OssaError err = { 0 };
      OssaCommand *command = ossa_command_set_ik_key (self->document, (gsize) self->animation,
                                                      moved[i].ref.constraint, &moved[i].key,
                                                      &err);

      ok = _ossa_editor_run (self, command, &err, 0, error);
    }
  if (ok)
    ok = _ossa_editor_extend_duration (self, latest, error);
  _ossa_editor_batch_end (self);
  if (ok)
    {
      /* Where they went, in the caller's array (a repeated key went once). */
      for (gsize i = 0; i < n_keys; i++)
        for (gsize j = 0; j < n; j++)
          if (ossa_ik_key_ref_compare (&keys[i], &moved[j].ref) == 0)
            {
              keys[i].time = moved[j].key.time;
              break;
            }
    }
  return ok;
}
