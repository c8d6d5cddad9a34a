/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-editor"

#include "config.h"

/* The key clipboard: the selected keys copied (the editor keeps the copy, per
 * window) and pasted at the playhead, onto the same or the selected bones. */

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "ossa-editor-private.h"

/**
 * ossa_editor_copy_selected_keys:
 *
 * Copies the selected keys for ossa_editor_paste_keys().
 *
 * Returns: whether there was anything to copy
 */
gboolean
ossa_editor_copy_selected_keys (OssaEditor *self)
{
  const OssaAnimation *anim;
  float earliest = INFINITY;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  anim = _ossa_editor_current_animation (self);
  if (anim == NULL || self->key_selection->len == 0)
    return FALSE;
  g_array_set_size (self->clipboard, 0);
  for (guint i = 0; i < self->key_selection->len; i++)
    {
      const OssaKeyRef *k = &g_array_index (self->key_selection, OssaKeyRef, i);
      const OssaTrack *track = ossa_animation_find_track (anim, k->bone, k->channel);
      ssize_t at = track != NULL ? ossa_track_find_key (track, k->time) : -1;
      OssaClipKey clip;

      if (at < 0)
        continue;
      clip.bone = k->bone;
      clip.channel = k->channel;
      clip.key = ossa_track_get_key (track, (size_t) at);
      earliest = MIN (earliest, clip.key.time);
      g_array_append_val (self->clipboard, clip);
    }
  for (guint i = 0; i < self->clipboard->len; i++)
    g_array_index (self->clipboard, OssaClipKey, i).key.time -= earliest;
  return self->clipboard->len > 0;
}

gboolean
ossa_editor_can_paste_keys (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  return self->clipboard->len > 0;
}

/* The copied bones, ascending and distinct. */
static GArray *
clipboard_bones (OssaEditor *self)
{
  GArray *bones = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < self->clipboard->len; i++)
    {
      guint bone = g_array_index (self->clipboard, OssaClipKey, i).bone;
      gboolean seen = FALSE;

      for (guint j = 0; j < bones->len && !seen; j++)
        seen = g_array_index (bones, guint, j) == bone;
      if (!seen)
        g_array_append_val (bones, bone);
    }
  g_array_sort (bones, _ossa_editor_compare_bones);
  return bones;
}

/**
 * ossa_editor_paste_keys:
 *
 * Pastes the copied keys at the playhead (the earliest one on it, the others as
 * far after it as they were), as one undo step, and selects them. They go onto
 * the bones they were copied from, unless other bones are selected: then keys of
 * one bone go onto each selected bone, and keys of several bones onto as many
 * selected bones, in order. Keys of bones that no longer exist are left out.
 */
gboolean
ossa_editor_paste_keys (OssaEditor *self, GError **error)
{
  g_autoptr(GArray) from = NULL;
  g_autoptr(GArray) pasted = g_array_new (FALSE, FALSE, sizeof (OssaKeyRef));
  const guint *selected;
  gsize n_selected = 0;
  gboolean ok, same;
  float latest = 0;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  if (self->clipboard->len == 0)
    return TRUE;
  from = clipboard_bones (self);
  selected = ossa_editor_get_selection (self, &n_selected);
  same = n_selected == 0
         || (n_selected == from->len
             && memcmp (selected, from->data, n_selected * sizeof (guint)) == 0)
         || (from->len > 1 && n_selected != from->len);

  _ossa_editor_batch_begin (self, self->clipboard->len > 1 ? _("Paste Keys") : _("Paste Key"));
  ok = _ossa_editor_ensure_animation (self, error);
  for (guint i = 0; ok && i < self->clipboard->len; i++)
    {
      const OssaClipKey *clip = &g_array_index (self->clipboard, OssaClipKey, i);
      guint rank = 0;

      for (guint j = 0; j < from->len; j++)
        if (g_array_index (from, guint, j) == clip->bone)
          rank = j;
      for (gsize s = 0; ok && s < (same ? 1 : n_selected); s++)
        {
          guint bone;
          OssaKey key = clip->key;
          OssaError err = { 0 };
          OssaCommand *command;
          OssaKeyRef ref;

          if (same)
            bone = clip->bone;
          else if (from->len == 1)
            bone = selected[s];
          else if (s == rank)
            bone = selected[s];
          else
            continue;
          if (bone >= self->document->skeleton.n_bones)
            continue;
          key.time = (float) (self->time + clip->key.time);
          latest = MAX (latest, key.time);
          command = ossa_command_set_key (self->document, (gsize) self->animation, bone,
                                          clip->channel, &key, &err);
          ok = _ossa_editor_run (self, command, &err, 0, error);
          ref.bone = bone;
          ref.channel = clip->channel;
          ref.time = key.time;
          g_array_append_val (pasted, ref);
        }
    }
  if (ok)
    ok = _ossa_editor_extend_duration (self, latest, error);
  _ossa_editor_batch_end (self);
  if (ok)
    ossa_editor_select_keys (self, (const OssaKeyRef *) (gconstpointer) pasted->data,
                             pasted->len, FALSE);
  return ok;
}
