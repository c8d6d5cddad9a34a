/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "ossa-command.h"
#include "ossa-interp.h"
#include "ossa-math.h"
#include "ossa-gerror.h"
#include "ossa-editor-private.h"

/* The spin notice: a rotate drag in Animate mode that the rotation segment next to
 * the dragged key plays another way (the short way, by default) than the person
 * dragged. The canvas takes an OssaSpinCheck at the press and hands it back at the
 * release; when the segment disagrees, the editor keeps one OssaSpinNotice until
 * the next change of the document, the playhead or the mode, and offers the spin and extra
 * turns that make the segment play the dragged sweep. */

/* Radians under which two sweeps are the same (keys store floats). */
#define SWEEP_TOLERANCE 1e-3

static const OssaTrack *
rotate_track (OssaEditor *self, guint bone)
{
  const OssaAnimation *anim = _ossa_editor_current_animation (self);

  return anim != NULL ? ossa_animation_find_track (anim, bone, OSSA_CHANNEL_ROTATE) : NULL;
}

/* The indices of the keys before and after time (not at it), -1 for none. */
static void
neighbours (const OssaTrack *track, float time, ssize_t *prev, ssize_t *next)
{
  ssize_t before = ossa_track_key_before (track, time);

  *prev = before;
  if (before >= 0 && track->times[before] == time)
    *prev = before - 1;
  *next = -1;
  for (size_t i = before >= 0 ? (size_t) before : 0; i < track->n_keys; i++)
    if (track->times[i] > time)
      {
        *next = (ssize_t) i;
        break;
      }
}

/**
 * ossa_editor_spin_check_begin:
 * @start: the bone's local rotation at the press, radians
 *
 * Remembers what the rotation segments on either side of the playhead play before
 * a rotate drag of @bone, for ossa_editor_spin_check_end(). Outside Animate mode,
 * or without an animation, the check stays unarmed and finds nothing.
 */
void
ossa_editor_spin_check_begin (OssaEditor *self, guint bone, double start, OssaSpinCheck *check)
{
  const OssaTrack *track;
  ssize_t at, prev, next;

  g_return_if_fail (OSSA_IS_EDITOR (self));
  g_return_if_fail (check != NULL);
  *check = (OssaSpinCheck) { 0 };
  if (self->mode != OSSA_EDIT_MODE_ANIMATE || _ossa_editor_current_animation (self) == NULL)
    return;
  check->armed = TRUE;
  check->bone = bone;
  check->time = (float) self->time;
  check->start = start;
  track = rotate_track (self, bone);
  if (track == NULL || track->n_keys == 0)
    return;
  at = ossa_track_find_key (track, check->time);
  neighbours (track, check->time, &prev, &next);
  /* Sampling turns a + sweep·u, so between keys the bone's angle less the key's
   * is what the segment has played so far; at a key, the segment's own sweep. */
  if (prev >= 0)
    {
      OssaKey p = ossa_track_get_key (track, (size_t) prev);

      check->has_prev = TRUE;
      check->in_sweep = at >= 0 ? ossa_rotation_delta (p.value, track->values[at], p.spin,
                                                       p.turns)
                                : start - p.value;
    }
  if (next >= 0)
    {
      check->has_next = TRUE;
      if (at >= 0)
        {
          OssaKey k = ossa_track_get_key (track, (size_t) at);

          check->out_sweep = ossa_rotation_delta (k.value, track->values[next], k.spin,
                                                  k.turns);
        }
      else
        check->out_sweep = track->values[next] - start;
    }
}

/* The spin and extra turns under which a segment from a to b sweeps exactly
 * wanted; FALSE when no spin does (more turns than a key may ask). */
static gboolean
spin_for_sweep (double a, double b, double wanted, OssaSpin *spin, guint *turns)
{
  double base, n;

  *spin = wanted < 0 ? OSSA_SPIN_CLOCKWISE : OSSA_SPIN_COUNTERCLOCKWISE;
  base = ossa_rotation_delta (a, b, *spin, 0);
  n = round (fabs (wanted - base) / OSSA_TAU);
  if (n > OSSA_MAX_TURNS)
    return FALSE;
  *turns = (guint) n;
  return fabs (ossa_rotation_delta (a, b, *spin, *turns) - wanted) < SWEEP_TOLERANCE;
}

/* Whether the segment from key `from` to key `to` plays wanted; when not, fills
 * notice with what it plays and what would make it play wanted. */
static gboolean
segment_disagrees (const OssaTrack *track, guint bone, size_t from, size_t to, double wanted,
                   OssaSpinNotice *notice)
{
  OssaKey a = ossa_track_get_key (track, from);
  OssaKey b = ossa_track_get_key (track, to);
  double played = ossa_rotation_delta (a.value, b.value, a.spin, a.turns);

  if (fabs (played - wanted) < SWEEP_TOLERANCE)
    return FALSE;
  *notice = (OssaSpinNotice) {
    .bone = bone,
    .from_time = a.time,
    .to_time = b.time,
    .played = played,
    .dragged = wanted,
    .was_shortest = a.spin == OSSA_SPIN_SHORTEST,
  };
  return spin_for_sweep (a.value, b.value, wanted, &notice->spin, &notice->turns);
}

static void
set_notice (OssaEditor *self, const OssaSpinNotice *notice)
{
  if (notice == NULL && !self->has_spin_notice)
    return;
  self->has_spin_notice = notice != NULL;
  if (notice != NULL)
    self->spin_notice = *notice;
  _ossa_editor_spin_notice_changed (self);
}

/**
 * ossa_editor_spin_check_end:
 *
 * After the rotate drag that began with @check: when the segment into the dragged
 * key (or, with no key before it, the segment out of it) now plays another sweep
 * than the one it played before plus the turn the person dragged, keeps a spin
 * notice saying so. Returns whether there is one.
 */
gboolean
ossa_editor_spin_check_end (OssaEditor *self, const OssaSpinCheck *check)
{
  const OssaTrack *track;
  OssaSpinNotice notice;
  ssize_t at, prev, next;
  double dragged;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  g_return_val_if_fail (check != NULL, FALSE);
  if (!check->armed || (float) self->time != check->time)
    return FALSE;
  track = rotate_track (self, check->bone);
  at = track != NULL ? ossa_track_find_key (track, check->time) : -1;
  if (at < 0)
    return FALSE; /* not keyed (auto-key off): nothing plays yet */
  dragged = track->values[at] - check->start;
  neighbours (track, check->time, &prev, &next);
  if (prev >= 0
      && segment_disagrees (track, check->bone, (size_t) prev, (size_t) at,
                            (check->has_prev ? check->in_sweep : 0) + dragged, &notice))
    set_notice (self, &notice);
  else if (prev < 0 && next >= 0
           && segment_disagrees (track, check->bone, (size_t) at, (size_t) next,
                                 (check->has_next ? check->out_sweep : 0) - dragged, &notice))
    set_notice (self, &notice);
  return self->has_spin_notice;
}

/**
 * ossa_editor_get_spin_notice:
 *
 * Returns: (nullable): the spin notice of the last rotate drag, or %NULL
 */
const OssaSpinNotice *
ossa_editor_get_spin_notice (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), NULL);
  return self->has_spin_notice ? &self->spin_notice : NULL;
}

/* An angle in whole degrees, in the person's number format. */
static char *
dup_degrees (double radians)
{
  return g_strdup_printf ("%.0f°", fabs (radians) * 180.0 / OSSA_PI);
}

/**
 * ossa_editor_dup_spin_notice_text:
 *
 * Returns: (transfer full) (nullable): what the notice says, or %NULL for none
 */
char *
ossa_editor_dup_spin_notice_text (OssaEditor *self)
{
  const OssaSpinNotice *n = ossa_editor_get_spin_notice (self);
  g_autofree char *deg = NULL;

  if (n == NULL)
    return NULL;
  deg = dup_degrees (n->played);
  if (n->was_shortest)
    /* Translators: %s is an angle such as "110°"; a rotation segment between two
     * keys plays the shorter way round, not the way the bone was dragged. */
    return g_strdup_printf (n->played < 0 ? _("This segment plays the short way (%s clockwise)")
                                          : _("This segment plays the short way (%s counter-clockwise)"),
                            deg);
  /* Translators: %s is an angle such as "110°" */
  return g_strdup_printf (n->played < 0 ? _("This segment turns %s clockwise, not the way you dragged")
                                        : _("This segment turns %s counter-clockwise, not the way you dragged"),
                          deg);
}

/**
 * ossa_editor_dismiss_spin_notice:
 *
 * Forgets the spin notice, if any.
 */
void
ossa_editor_dismiss_spin_notice (OssaEditor *self)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  set_notice (self, NULL);
}

void
_ossa_editor_drop_spin_notice (OssaEditor *self)
{
  set_notice (self, NULL);
}

/**
 * ossa_editor_set_key_spin:
 * @time: the key's exact time
 * @turns: extra full turns (clockwise and counter-clockwise spins)
 *
 * Sets which way the rotation segment starting at @bone's rotation key at @time
 * turns, as one undo step.
 */
gboolean
ossa_editor_set_key_spin (OssaEditor *self, guint bone, float time, OssaSpin spin, guint turns,
                          GError **error)
{
  const OssaTrack *track;
  OssaCommand *command;
  OssaError err = { 0 };
  gboolean ok;
  ssize_t at;
  OssaKey key;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  g_return_val_if_fail ((guint) spin < OSSA_N_SPINS, FALSE);
  track = rotate_track (self, bone);
  at = track != NULL ? ossa_track_find_key (track, time) : -1;
  if (at < 0)
    {
      g_set_error_literal (error, OSSA_CORE_ERROR, OSSA_ERROR_NOT_FOUND,
                           _("There is no rotation key there"));
      return FALSE;
    }
  key = ossa_track_get_key (track, (size_t) at);
  key.spin = spin;
  key.turns = spin == OSSA_SPIN_CLOCKWISE || spin == OSSA_SPIN_COUNTERCLOCKWISE ? turns : 0;
  command = ossa_command_set_key (self->document, (gsize) self->animation, bone,
                                  OSSA_CHANNEL_ROTATE, &key, &err);
  /* Named as the key inspector's spin change is, in the Edit menu's Undo. */
  _ossa_editor_batch_begin (self, _("Change Spin"));
  ok = _ossa_editor_run (self, command, &err, 0, error);
  _ossa_editor_batch_end (self);
  return ok;
}

/**
 * ossa_editor_apply_spin_notice:
 *
 * "Turn the way I dragged": gives the notice's segment the spin and turns that
 * play the dragged sweep, as one undo step; the notice goes.
 */
gboolean
ossa_editor_apply_spin_notice (OssaEditor *self, GError **error)
{
  OssaSpinNotice n;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  if (!self->has_spin_notice)
    return TRUE;
  n = self->spin_notice;
  set_notice (self, NULL);
  return ossa_editor_set_key_spin (self, n.bone, n.from_time, n.spin, n.turns, error);
}
