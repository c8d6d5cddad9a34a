/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-editor"

#include "config.h"

/* The keys of the current animation: which are selected ("key-selection-changed"),
 * and the edits of them (key, delete, move, interpolation, spin), each one undo
 * step. */

#include <math.h>
#include <stdlib.h>

#include <glib/gi18n.h>

#include "ossa-editor-private.h"
#include "ossa-gerror.h"

static int
compare_key_refs (gconstpointer a, gconstpointer b)
{
  const OssaKeyRef *x = a, *y = b;

  if (x->bone != y->bone)
    return x->bone < y->bone ? -1 : 1;
  if (x->channel != y->channel)
    return x->channel < y->channel ? -1 : 1;
  return (x->time > y->time) - (x->time < y->time);
}

static void
sort_key_selection (OssaEditor *self)
{
  OssaKeyRef *keys = (OssaKeyRef *) (gpointer) self->key_selection->data;
  guint n = self->key_selection->len, kept = 0;

  g_array_sort (self->key_selection, compare_key_refs);
  for (guint i = 0; i < n; i++)
    if (kept == 0 || compare_key_refs (&keys[kept - 1], &keys[i]) != 0)
      keys[kept++] = keys[i];
  g_array_set_size (self->key_selection, kept);
}

/* Track of (bone, channel) in anim through a table built once: find_track is a
 * linear search, and selections can hold tens of thousands of keys. */
static gssize *
track_table (const OssaAnimation *anim, gsize n_bones)
{
  gssize *table = g_new (gssize, MAX (n_bones, 1) * OSSA_N_CHANNELS);

  for (gsize i = 0; i < n_bones * OSSA_N_CHANNELS; i++)
    table[i] = -1;
  for (gsize i = 0; i < anim->n_tracks; i++)
    if (anim->tracks[i].bone < n_bones && (guint) anim->tracks[i].channel < OSSA_N_CHANNELS)
      table[anim->tracks[i].bone * OSSA_N_CHANNELS + anim->tracks[i].channel] = (gssize) i;
  return table;
}

/* Drops the selected keys that no longer exist (all of them when clear); returns
 * whether any went. */
static gboolean
drop_missing_keys (OssaEditor *self, gboolean clear)
{
  const OssaAnimation *anim = _ossa_editor_current_animation (self);
  gsize n_bones = self->document->skeleton.n_bones;
  OssaKeyRef *keys = (OssaKeyRef *) (gpointer) self->key_selection->data;
  guint n = self->key_selection->len, kept = 0;
  g_autofree gssize *table = NULL;

  if (n == 0)
    return FALSE;
  if (!clear && anim != NULL)
    {
      table = track_table (anim, n_bones);
      for (guint i = 0; i < n; i++)
        {
          gssize t = keys[i].bone < n_bones && (guint) keys[i].channel < OSSA_N_CHANNELS
                       ? table[keys[i].bone * OSSA_N_CHANNELS + keys[i].channel] : -1;

          if (t >= 0 && ossa_track_find_key (&anim->tracks[t], keys[i].time) >= 0)
            keys[kept++] = keys[i];
        }
    }
  if (kept == n)
    return FALSE;
  g_array_set_size (self->key_selection, kept);
  return TRUE;
}

void
_ossa_editor_prune_key_selection (OssaEditor *self, gboolean clear)
{
  if (drop_missing_keys (self, clear))
    _ossa_editor_key_selection_changed (self);
}

/**
 * ossa_editor_get_selected_keys:
 *
 * Returns: (array length=n_keys): the selected keys of the current animation,
 *   sorted by bone, channel and time; valid until the next change
 */
const OssaKeyRef *
ossa_editor_get_selected_keys (OssaEditor *self, gsize *n_keys)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), NULL);
  *n_keys = self->key_selection->len;
  return (const OssaKeyRef *) (gconstpointer) self->key_selection->data;
}

gboolean
ossa_editor_is_key_selected (OssaEditor *self, guint bone, OssaChannel channel, float time)
{
  OssaKeyRef key = { bone, channel, time };

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  return self->key_selection->len > 0
         && bsearch (&key, self->key_selection->data, self->key_selection->len,
                     sizeof (OssaKeyRef), compare_key_refs) != NULL;
}

/**
 * ossa_editor_select_keys:
 * @keys: (array length=n_keys): keys of the current animation
 * @extend: add to the selected keys instead of replacing them
 *
 * Keys that do not exist are left out.
 */
void
ossa_editor_select_keys (OssaEditor *self, const OssaKeyRef *keys, gsize n_keys,
                         gboolean extend)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  if (!extend)
    g_array_set_size (self->key_selection, 0);
  g_array_append_vals (self->key_selection, keys, (guint) n_keys);
  sort_key_selection (self);
  drop_missing_keys (self, FALSE);
  _ossa_editor_key_selection_changed (self);
}

/**
 * ossa_editor_toggle_key_selected:
 *
 * Selects @key, or unselects it when it is selected (Ctrl+click).
 */
void
ossa_editor_toggle_key_selected (OssaEditor *self, const OssaKeyRef *key)
{
  OssaKeyRef *found;

  g_return_if_fail (OSSA_IS_EDITOR (self));
  found = self->key_selection->len > 0
            ? bsearch (key, self->key_selection->data, self->key_selection->len,
                       sizeof (OssaKeyRef), compare_key_refs)
            : NULL;
  if (found == NULL)
    {
      ossa_editor_select_keys (self, key, 1, TRUE);
      return;
    }
  g_array_remove_index (self->key_selection,
                        (guint) (found - (OssaKeyRef *) (gpointer) self->key_selection->data));
  _ossa_editor_key_selection_changed (self);
}

void
ossa_editor_clear_key_selection (OssaEditor *self)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  if (self->key_selection->len == 0)
    return;
  g_array_set_size (self->key_selection, 0);
  _ossa_editor_key_selection_changed (self);
}

/**
 * ossa_editor_key_bones:
 * @bones: (array length=n_bones): bones to key
 *
 * K: keys every channel of @bones at the playhead with the pose on show (pending
 * unkeyed edits included), as one undo step. Switches to Animate mode first, and
 * makes an animation when there is none; the animation grows to the playhead
 * when it ends before it. A key already at the playhead keeps its interpolation
 * and spin.
 */
gboolean
ossa_editor_key_bones (OssaEditor *self, const guint *bones, gsize n_bones, GError **error)
{
  g_autofree OssaTransform *values = NULL;
  gboolean ok;
  float t;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  for (gsize i = 0; i < n_bones; i++)
    if (bones[i] >= self->document->skeleton.n_bones)
      {
        g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_INVALID, _("There is no bone %u"),
                     bones[i]);
        return FALSE;
      }
  if (n_bones == 0)
    return TRUE;

  /* The pose on show, before the mode changes and the keys replace it. */
  values = g_new (OssaTransform, n_bones);
  for (gsize i = 0; i < n_bones; i++)
    values[i] = ossa_editor_get_local (self)[bones[i]];

  _ossa_editor_batch_begin (self, n_bones > 1 ? _("Key Bones") : _("Key Bone"));
  ok = _ossa_editor_ensure_animation (self, error);
  t = (float) self->time;
  for (gsize i = 0; ok && i < n_bones; i++)
    for (int c = 0; ok && c < OSSA_N_CHANNELS; c++)
      {
        const OssaTrack *track = ossa_animation_find_track (_ossa_editor_current_animation (self),
                                                            bones[i], (OssaChannel) c);
        ssize_t at = track != NULL ? ossa_track_find_key (track, t) : -1;
        float value = ossa_transform_get_channel (&values[i], (OssaChannel) c);
        OssaKey key = at >= 0 ? ossa_track_get_key (track, (size_t) at) : ossa_key_make (t, value);
        OssaError err = { 0 };
        OssaCommand *command;

        key.value = value;
        command = ossa_command_set_key (self->document, (gsize) self->animation, bones[i],
                                        (OssaChannel) c, &key, &err);
        ok = _ossa_editor_run (self, command, &err, 0, error);
      }
  if (ok)
    ok = _ossa_editor_extend_duration (self, t, error);
  _ossa_editor_batch_end (self);
  if (ok)
    _ossa_editor_unset_pending (self, bones, n_bones);
  return ok;
}

/**
 * ossa_editor_delete_selected_keys:
 *
 * Removes the selected keys, as one undo step.
 */
gboolean
ossa_editor_delete_selected_keys (OssaEditor *self, GError **error)
{
  g_autoptr(GArray) keys = NULL;
  gboolean ok = TRUE;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  if (self->key_selection->len == 0 || _ossa_editor_current_animation (self) == NULL)
    return TRUE;
  keys = g_array_copy (self->key_selection);
  _ossa_editor_batch_begin (self, keys->len > 1 ? _("Delete Keys") : _("Delete Key"));
  for (guint i = 0; ok && i < keys->len; i++)
    {
      const OssaKeyRef *k = &g_array_index (keys, OssaKeyRef, i);
      OssaError err = { 0 };
      OssaCommand *command;

      command = ossa_command_remove_key (self->document, (gsize) self->animation, k->bone,
                                         k->channel, k->time, &err);
      ok = _ossa_editor_run (self, command, &err, 0, error);
    }
  _ossa_editor_batch_end (self);
  return ok;
}

/* Where a selected key lands when the selection moves by delta. */
static float
moved_time (OssaEditor *self, float time, double delta, gboolean snap)
{
  double t = time + delta;

  if (snap)
    t = _ossa_editor_snap_time (self, t);
  return (float) MAX (t, 0);
}

/**
 * ossa_editor_move_selected_keys:
 * @delta: seconds to move by
 * @snap: put each key on the nearest frame
 *
 * Moves the selected keys in time as one undo step; the selection follows them.
 * Refuses (changing nothing) when a key would land on a key that stays, or two
 * would land on one frame.
 */
gboolean
ossa_editor_move_selected_keys (OssaEditor *self, double delta, gboolean snap, GError **error)
{
  const OssaAnimation *anim;
  g_autoptr(GArray) keys = NULL;
  g_autofree float *to = NULL;
  gboolean ok = TRUE, moves = FALSE;
  float latest = 0;
  guint n;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  anim = _ossa_editor_current_animation (self);
  n = self->key_selection->len;
  if (n == 0 || anim == NULL || !isfinite (delta))
    return TRUE;
  keys = g_array_copy (self->key_selection);
  to = g_new (float, n);

  /* Check first: nothing changes unless every key can go. */
  for (guint i = 0; i < n; i++)
    {
      const OssaKeyRef *k = &g_array_index (keys, OssaKeyRef, i);
      const OssaKeyRef *prev = i > 0 ? &g_array_index (keys, OssaKeyRef, i - 1) : NULL;
      const OssaTrack *track = ossa_animation_find_track (anim, k->bone, k->channel);

      to[i] = moved_time (self, k->time, delta, snap);
      moves |= to[i] != k->time;
      latest = MAX (latest, to[i]);
      if (prev != NULL && prev->bone == k->bone && prev->channel == k->channel
          && to[i - 1] >= to[i])
        ok = FALSE;
      else if (track != NULL && ossa_track_find_key (track, to[i]) >= 0
               && !ossa_editor_is_key_selected (self, k->bone, k->channel, to[i]))
        ok = FALSE;
      if (!ok)
        {
          g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_CONFLICT,
                       _("A key of “%s” is already at %.3g s"),
                       self->document->skeleton.bones[k->bone].name, (double) to[i]);
          return FALSE;
        }
    }
  if (!moves)
    return TRUE;

  _ossa_editor_batch_begin (self, n > 1 ? _("Move Keys") : _("Move Key"));
  /* Keys going later move latest first, keys going earlier earliest first, so
   * none lands on a selected key that has not moved yet. */
  for (guint j = 0; ok && j < n; j++)
    {
      guint i = delta > 0 ? n - 1 - j : j;
      const OssaKeyRef *k = &g_array_index (keys, OssaKeyRef, i);
      OssaError err = { 0 };
      OssaCommand *command;

      if (to[i] == k->time)
        continue;
      command = ossa_command_move_key (self->document, (gsize) self->animation, k->bone,
                                       k->channel, k->time, to[i], &err);
      ok = _ossa_editor_run (self, command, &err, 0, error);
    }
  if (ok)
    ok = _ossa_editor_extend_duration (self, latest, error);
  if (ok)
    {
      for (guint i = 0; i < n; i++)
        g_array_index (keys, OssaKeyRef, i).time = to[i];
      g_array_set_size (self->key_selection, 0);
      g_array_append_vals (self->key_selection, keys->data, keys->len);
      sort_key_selection (self);
    }
  _ossa_editor_batch_end (self);
  _ossa_editor_key_selection_changed (self);
  return ok;
}

typedef enum
{
  KEY_PROP_INTERP = 1 << 0,
  KEY_PROP_SPIN   = 1 << 1,
} KeyProps;

static gboolean
set_selected_keys (OssaEditor *self, KeyProps props, const OssaKey *proto, const char *label,
                   GError **error)
{
  const OssaAnimation *anim = _ossa_editor_current_animation (self);
  g_autoptr(GArray) keys = NULL;
  gboolean ok = TRUE;

  if (self->key_selection->len == 0 || anim == NULL)
    return TRUE;
  keys = g_array_copy (self->key_selection);
  _ossa_editor_batch_begin (self, label);
  for (guint i = 0; ok && i < keys->len; i++)
    {
      const OssaKeyRef *k = &g_array_index (keys, OssaKeyRef, i);
      const OssaTrack *track = ossa_animation_find_track (_ossa_editor_current_animation (self),
                                                          k->bone, k->channel);
      ssize_t at = track != NULL ? ossa_track_find_key (track, k->time) : -1;
      OssaError err = { 0 };
      OssaCommand *command;
      OssaKey key;

      if (at < 0 || ((props & KEY_PROP_SPIN) && k->channel != OSSA_CHANNEL_ROTATE))
        continue;
      key = ossa_track_get_key (track, (size_t) at);
      if (props & KEY_PROP_INTERP)
        {
          key.interp = proto->interp;
          if (proto->interp == OSSA_INTERP_BEZIER)
            key.curve = proto->curve;
        }
      if (props & KEY_PROP_SPIN)
        {
          key.spin = proto->spin;
          key.turns = proto->turns;
        }
      command = ossa_command_set_key (self->document, (gsize) self->animation, k->bone,
                                      k->channel, &key, &err);
      ok = _ossa_editor_run (self, command, &err, 0, error);
    }
  _ossa_editor_batch_end (self);
  return ok;
}

/**
 * ossa_editor_set_selected_keys_interp:
 * @curve: (nullable): the control points for %OSSA_INTERP_BEZIER; %NULL keeps
 *   each key's own
 *
 * Sets how the segments starting at the selected keys interpolate, as one undo
 * step.
 */
gboolean
ossa_editor_set_selected_keys_interp (OssaEditor *self, OssaInterp interp,
                                      const OssaCurve *curve, GError **error)
{
  OssaKey proto = ossa_key_make (0, 0);

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  g_return_val_if_fail ((guint) interp < OSSA_N_INTERPS, FALSE);
  proto.interp = interp;
  if (curve != NULL)
    proto.curve = *curve;
  else if (interp == OSSA_INTERP_BEZIER)
    {
      /* Each key keeps its own curve: set them one by one. */
      const OssaAnimation *anim = _ossa_editor_current_animation (self);
      g_autoptr(GArray) keys = NULL;
      gboolean ok = TRUE;

      if (self->key_selection->len == 0 || anim == NULL)
        return TRUE;
      keys = g_array_copy (self->key_selection);
      _ossa_editor_batch_begin (self, _("Change Interpolation"));
      for (guint i = 0; ok && i < keys->len; i++)
        {
          const OssaKeyRef *k = &g_array_index (keys, OssaKeyRef, i);
          const OssaAnimation *now = _ossa_editor_current_animation (self);
          const OssaTrack *track = ossa_animation_find_track (now, k->bone, k->channel);
          ssize_t at = track != NULL ? ossa_track_find_key (track, k->time) : -1;
          OssaError err = { 0 };
          OssaCommand *command;
          OssaKey key;

          if (at < 0)
            continue;
          key = ossa_track_get_key (track, (size_t) at);
          key.interp = OSSA_INTERP_BEZIER;
          command = ossa_command_set_key (self->document, (gsize) self->animation, k->bone,
                                          k->channel, &key, &err);
          ok = _ossa_editor_run (self, command, &err, 0, error);
        }
      _ossa_editor_batch_end (self);
      return ok;
    }
  return set_selected_keys (self, KEY_PROP_INTERP, &proto, _("Change Interpolation"), error);
}

/**
 * ossa_editor_set_selected_keys_spin:
 * @turns: extra full turns (clockwise and counter-clockwise spins)
 *
 * Sets which way the rotation segments starting at the selected rotation keys
 * turn, as one undo step; other selected keys are left alone.
 */
gboolean
ossa_editor_set_selected_keys_spin (OssaEditor *self, OssaSpin spin, guint turns,
                                    GError **error)
{
  OssaKey proto = ossa_key_make (0, 0);

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  g_return_val_if_fail ((guint) spin < OSSA_N_SPINS, FALSE);
  proto.spin = spin;
  proto.turns = spin == OSSA_SPIN_CLOCKWISE || spin == OSSA_SPIN_COUNTERCLOCKWISE ? turns : 0;
  return set_selected_keys (self, KEY_PROP_SPIN, &proto, _("Change Spin"), error);
}
