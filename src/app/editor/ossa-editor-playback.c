/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-editor"

#include "config.h"

/* The playhead: the current animation and the time on it, the playback state
 * (playing, speed, auto-key) and moving the playhead by frames or to keys. The
 * editor only holds the state: the timeline moves the playhead while playing. */

#include <math.h>

#include "ossa-editor-private.h"

/* animation as an index of the document's animations, -1 when there is none. */
int
_ossa_editor_clamp_animation (OssaEditor *self, int animation)
{
  if (self->document->n_animations == 0)
    return -1;
  return CLAMP (animation, 0, (int) self->document->n_animations - 1);
}

double
ossa_editor_get_time (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), 0);
  return self->time;
}

void
ossa_editor_set_time (OssaEditor *self, double time)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  if (!(time >= 0))
    time = 0;
  if (self->time == time)
    return;
  self->time = time;
  _ossa_editor_clear_pending (self);
  _ossa_editor_drop_spin_notice (self);
  _ossa_editor_notify (self, PROP_TIME);
  if (self->mode == OSSA_EDIT_MODE_ANIMATE)
    {
      self->pose_stale = TRUE;
      _ossa_editor_pose_changed (self);
    }
}

int
ossa_editor_get_animation (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), -1);
  return self->animation;
}

void
ossa_editor_set_animation (OssaEditor *self, int animation)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  animation = _ossa_editor_clamp_animation (self, animation);
  if (self->animation == animation)
    return;
  self->animation = animation;
  _ossa_editor_clear_pending (self);
  self->pose_stale = TRUE;
  _ossa_editor_prune_key_selection (self, TRUE);
  _ossa_editor_notify (self, PROP_ANIMATION);
  _ossa_editor_pose_changed (self);
}

gboolean
ossa_editor_get_playing (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  return self->playing;
}

/**
 * ossa_editor_set_playing:
 *
 * Starts or stops playback. The editor only holds the state: the timeline moves
 * the playhead with its frame clock while it is set.
 */
void
ossa_editor_set_playing (OssaEditor *self, gboolean playing)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  playing = !!playing;
  if (self->playing == playing)
    return;
  self->playing = playing;
  _ossa_editor_notify (self, PROP_PLAYING);
}

double
ossa_editor_get_speed (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), 1.0);
  return self->speed;
}

/**
 * ossa_editor_set_speed:
 * @speed: playback speed, 1.0 = real time; clamped to 0.25–2
 */
void
ossa_editor_set_speed (OssaEditor *self, double speed)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  if (!isfinite (speed))
    speed = 1.0;
  speed = CLAMP (speed, OSSA_EDITOR_SPEED_MIN, OSSA_EDITOR_SPEED_MAX);
  if (self->speed == speed)
    return;
  self->speed = speed;
  _ossa_editor_notify (self, PROP_SPEED);
}

gboolean
ossa_editor_get_auto_key (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), TRUE);
  return self->auto_key;
}

/**
 * ossa_editor_set_auto_key:
 *
 * With auto-key on (the default), a pose edit in Animate mode keys the channels it
 * changes at the playhead. Off, the edit is only shown until
 * ossa_editor_key_bones() keys it or the playhead moves.
 */
void
ossa_editor_set_auto_key (OssaEditor *self, gboolean auto_key)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  auto_key = !!auto_key;
  if (self->auto_key == auto_key)
    return;
  self->auto_key = auto_key;
  _ossa_editor_notify (self, PROP_AUTO_KEY);
}

/* The animation Animate mode shows and keys, or NULL. */
const OssaAnimation *
_ossa_editor_current_animation (OssaEditor *self)
{
  if (self->animation < 0 || (gsize) self->animation >= self->document->n_animations)
    return NULL;
  return &self->document->animations[self->animation];
}

/**
 * ossa_editor_get_frame_rate:
 *
 * Returns: the current animation's frame rate, or 30 when there is none
 */
double
ossa_editor_get_frame_rate (OssaEditor *self)
{
  const OssaAnimation *anim;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), OSSA_EDITOR_NEW_ANIMATION_FPS);
  anim = _ossa_editor_current_animation (self);
  return anim != NULL && anim->fps > 0 ? anim->fps : OSSA_EDITOR_NEW_ANIMATION_FPS;
}

/**
 * ossa_editor_get_end_time:
 *
 * Returns: where the current animation ends, seconds: its duration, or its last
 *   key when the duration is 0; 0 without an animation
 */
double
ossa_editor_get_end_time (OssaEditor *self)
{
  const OssaAnimation *anim;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), 0);
  anim = _ossa_editor_current_animation (self);
  if (anim == NULL)
    return 0;
  if (anim->duration > 0)
    return anim->duration;
  return ossa_animation_last_key_time (anim);
}

/* A time on the current animation's frame grid. */
double
_ossa_editor_snap_time (OssaEditor *self, double t)
{
  double fps = ossa_editor_get_frame_rate (self);

  return round (t * fps) / fps;
}

/**
 * ossa_editor_step_frames:
 * @frames: how many frames to move the playhead, negative for backwards
 *
 * Puts the playhead @frames frames from the frame it is on (or nearest to),
 * never before 0.
 */
void
ossa_editor_step_frames (OssaEditor *self, int frames)
{
  double fps;
  double frame;

  g_return_if_fail (OSSA_IS_EDITOR (self));
  fps = ossa_editor_get_frame_rate (self);
  frame = round (self->time * fps) + frames;
  ossa_editor_set_time (self, MAX (frame, 0) / fps);
}

/**
 * ossa_editor_seek_key:
 * @direction: > 0 for the next key, < 0 for the previous one
 *
 * Moves the playhead to the nearest key after (or before) it among the selected
 * bones' keys, or all keys of the current animation when no bone is selected.
 *
 * Returns: whether there was such a key
 */
gboolean
ossa_editor_seek_key (OssaEditor *self, int direction)
{
  const OssaAnimation *anim;
  const double eps = 1e-6;
  double best = direction > 0 ? INFINITY : -INFINITY;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  anim = _ossa_editor_current_animation (self);
  if (anim == NULL || direction == 0)
    return FALSE;
  for (gsize i = 0; i < anim->n_tracks; i++)
    {
      const OssaTrack *track = &anim->tracks[i];
      ssize_t k;

      if (track->n_keys == 0
          || (self->selection->len > 0 && !ossa_editor_is_selected (self, track->bone)))
        continue;
      if (direction > 0)
        {
          k = ossa_track_key_before (track, (float) (self->time + eps)) + 1;
          if ((gsize) k < track->n_keys && track->times[k] > self->time + eps)
            best = MIN (best, track->times[k]);
        }
      else
        {
          k = ossa_track_key_before (track, (float) (self->time - eps));
          while (k >= 0 && track->times[k] >= self->time - eps)
            k--;
          if (k >= 0)
            best = MAX (best, track->times[k]);
        }
    }
  if (!isfinite (best))
    return FALSE;
  ossa_editor_set_time (self, best);
  return TRUE;
}
