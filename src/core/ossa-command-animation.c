/* SPDX-License-Identifier: MIT */
/* Commands on animations (add, delete, duplicate, their properties) and on their
 * keys (set, delete, move: one track's state a command). */
#include "ossa-command.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-command-private.h"
#include "ossa-document-private.h"
#include "ossa-types.h"
#include "ossa-text.h"

bool
_ossa_command_swap_track (OssaCommand *cmd, OssaDocument *doc, OssaError *err)
{
  OssaAnimation *anim;
  OssaTrack *track, mine;
  bool doc_present;

  if (cmd->track.anim >= doc->n_animations)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "animation %zu no longer exists", cmd->track.anim);
      return false;
    }
  anim = &doc->animations[cmd->track.anim];
  track = ossa_animation_find_track (anim, cmd->track.bone, cmd->track.channel);
  doc_present = track != NULL;
  if (doc_present)
    mine = *track;
  else
    ossa_track_init (&mine, cmd->track.bone, cmd->track.channel);
  if (cmd->track.present)
    {
      if (track == NULL)
        track = ossa_animation_ensure_track (anim, cmd->track.bone, cmd->track.channel);
      if (track == NULL)
        {
          ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
          return false;
        }
      *track = cmd->track.other;
    }
  else if (track != NULL)
    {
      /* The columns now belong to the command: detach them before dropping the slot. */
      ossa_track_init (track, track->bone, track->channel);
      ossa_animation_remove_track (anim, (size_t) (track - anim->tracks));
    }
  cmd->track.present = doc_present;
  cmd->track.other = mine;
  return true;
}

bool
_ossa_command_swap_animation (OssaCommand *cmd, OssaDocument *doc, OssaError *err)
{
  OssaAnimation *anim;
  char *name;
  float duration, fps;
  bool loop;

  if (cmd->animation.index >= doc->n_animations)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "animation %zu no longer exists", cmd->animation.index);
      return false;
    }
  anim = &doc->animations[cmd->animation.index];
  name = anim->name, duration = anim->duration, fps = anim->fps, loop = anim->loop;
  anim->name = cmd->animation.name;
  anim->duration = cmd->animation.duration;
  anim->fps = cmd->animation.fps;
  anim->loop = cmd->animation.loop;
  cmd->animation.name = name;
  cmd->animation.duration = duration;
  cmd->animation.fps = fps;
  cmd->animation.loop = loop;
  return true;
}

static bool
check_animation_props (const char *name, float duration, float fps, OssaError *err)
{
  if (!ossa_name_check (name, "animation name", err))
    return false;
  if (!isfinite (duration) || duration < 0 || !isfinite (fps) || !(fps > 0) || fps > 1000)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "animation '%s': duration must be >= 0 and frame rate in (0, 1000]",
                      name);
      return false;
    }
  return true;
}

OssaCommand *
ossa_command_add_animation (const OssaDocument *doc, const char *name, float duration, float fps,
                            bool loop, OssaError *err)
{
  OssaDocument *scratch;
  OssaAnimation anim;

  if (!check_animation_props (name, duration, fps, err))
    return NULL;
  if ((scratch = _ossa_document_copy_structure (doc, err)) == NULL)
    return NULL;
  if (!ossa_animation_init (&anim, name))
    {
      ossa_document_free (scratch);
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return NULL;
    }
  anim.duration = duration;
  anim.fps = fps;
  anim.loop = loop;
  if (ossa_document_take_animation (scratch, &anim, err) < 0)
    {
      ossa_animation_clear (&anim);
      ossa_document_free (scratch);
      return NULL;
    }
  return _ossa_command_new_structure (scratch, OSSA_N_ ("Add Animation"), err);
}

OssaCommand *
ossa_command_remove_animation (const OssaDocument *doc, size_t index, OssaError *err)
{
  OssaDocument *scratch;

  if (index >= doc->n_animations)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "animation %zu does not exist", index);
      return NULL;
    }
  if ((scratch = _ossa_document_copy_structure (doc, err)) == NULL)
    return NULL;
  ossa_document_remove_animation (scratch, index, NULL);
  return _ossa_command_new_structure (scratch, OSSA_N_ ("Delete Animation"), err);
}

OssaCommand *
ossa_command_duplicate_animation (const OssaDocument *doc, size_t index, const char *name,
                                  OssaError *err)
{
  OssaDocument *scratch;
  OssaAnimation copy;

  if (index >= doc->n_animations)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "animation %zu does not exist", index);
      return NULL;
    }
  if (!check_animation_props (name, doc->animations[index].duration,
                              doc->animations[index].fps, err))
    return NULL;
  if ((scratch = _ossa_document_copy_structure (doc, err)) == NULL)
    return NULL;
  if (!ossa_animation_copy (&copy, &doc->animations[index]))
    {
      ossa_document_free (scratch);
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return NULL;
    }
  free (copy.name);
  copy.name = strdup (name);
  if (copy.name == NULL)
    {
      ossa_animation_clear (&copy);
      ossa_document_free (scratch);
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return NULL;
    }
  /* Refuses a name already taken, like add_animation. */
  if (ossa_document_take_animation (scratch, &copy, err) < 0)
    {
      ossa_animation_clear (&copy);
      ossa_document_free (scratch);
      return NULL;
    }
  return _ossa_command_new_structure (scratch, OSSA_N_ ("Duplicate Animation"), err);
}

OssaCommand *
ossa_command_set_animation_props (const OssaDocument *doc, size_t index, const char *name,
                                  float duration, float fps, bool loop, OssaError *err)
{
  OssaCommand *cmd;
  ssize_t other;

  if (index >= doc->n_animations)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "animation %zu does not exist", index);
      return NULL;
    }
  if (!check_animation_props (name, duration, fps, err))
    return NULL;
  other = ossa_document_find_animation (doc, name);
  if (other >= 0 && (size_t) other != index)
    {
      ossa_error_set (err, OSSA_ERROR_CONFLICT, "an animation called '%s' already exists", name);
      return NULL;
    }
  cmd = _ossa_command_new (KIND_ANIMATION, OSSA_N_ ("Change Animation"), err);
  if (cmd == NULL)
    return NULL;
  cmd->animation.index = index;
  cmd->animation.name = strdup (name);
  cmd->animation.duration = duration;
  cmd->animation.fps = fps;
  cmd->animation.loop = loop;
  if (cmd->animation.name == NULL)
    {
      ossa_command_free (cmd);
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return NULL;
    }
  return cmd;
}

typedef enum
{
  KEY_SET,
  KEY_REMOVE,
  KEY_MOVE,
} KeyEdit;

/* The track as it will be after the edit, in a command; NULL with err when the
 * edit is impossible. */
static OssaCommand *
key_command (const OssaDocument *doc, size_t anim, uint32_t bone, OssaChannel channel,
             KeyEdit edit, const OssaKey *key, float from, float to, OssaError *err)
{
  static const char *const labels[] = {
    OSSA_N_ ("Set Key"), OSSA_N_ ("Delete Key"), OSSA_N_ ("Move Key"),
  };
  const OssaTrack *current;
  OssaTrack after;
  OssaCommand *cmd;
  ssize_t index;
  bool ok = true;

  if (anim >= doc->n_animations)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "animation %zu does not exist", anim);
      return NULL;
    }
  if (!_ossa_command_check_bone (doc, bone, err))
    return NULL;
  if ((unsigned) channel >= OSSA_N_CHANNELS)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "unknown channel %d", (int) channel);
      return NULL;
    }
  current = ossa_animation_find_track (&doc->animations[anim], bone, channel);
  if (current == NULL)
    ossa_track_init (&after, bone, channel);
  else if (!ossa_track_copy (&after, current))
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return NULL;
    }
  switch (edit)
    {
    case KEY_SET:
      if ((unsigned) key->interp >= OSSA_N_INTERPS || (unsigned) key->spin >= OSSA_N_SPINS
          || key->turns > OSSA_MAX_TURNS)
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "unknown interpolation or spin, or more than %u turns",
                          OSSA_MAX_TURNS);
          ok = false;
        }
      else
        ok = ossa_track_set_key (&after, key, err) >= 0 && ossa_track_validate (&after, err);
      break;
    case KEY_REMOVE:
    case KEY_MOVE:
      index = ossa_track_find_key (&after, from);
      if (index < 0)
        {
          ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "bone '%s' has no %s key at %g s",
                          doc->skeleton.bones[bone].name, ossa_channel_name (channel), (double) from);
          ok = false;
        }
      else if (edit == KEY_REMOVE)
        ok = ossa_track_remove_key (&after, (size_t) index, err);
      else
        ok = ossa_track_move_key (&after, (size_t) index, to, err) >= 0;
      break;
    default:
      ok = false;
      break;
    }
  if (!ok || (cmd = _ossa_command_new (KIND_TRACK, labels[edit], err)) == NULL)
    {
      ossa_track_clear (&after);
      return NULL;
    }
  cmd->track.anim = anim;
  cmd->track.bone = bone;
  cmd->track.channel = channel;
  cmd->track.present = after.n_keys > 0;
  if (cmd->track.present)
    cmd->track.other = after;
  else
    {
      ossa_track_clear (&after);
      ossa_track_init (&cmd->track.other, bone, channel);
    }
  return cmd;
}

OssaCommand *
ossa_command_set_key (const OssaDocument *doc, size_t anim, uint32_t bone, OssaChannel channel,
                      const OssaKey *key, OssaError *err)
{
  return key_command (doc, anim, bone, channel, KEY_SET, key, 0, 0, err);
}

OssaCommand *
ossa_command_remove_key (const OssaDocument *doc, size_t anim, uint32_t bone, OssaChannel channel,
                         float time, OssaError *err)
{
  return key_command (doc, anim, bone, channel, KEY_REMOVE, NULL, time, 0, err);
}

OssaCommand *
ossa_command_move_key (const OssaDocument *doc, size_t anim, uint32_t bone, OssaChannel channel,
                       float from_time, float to_time, OssaError *err)
{
  return key_command (doc, anim, bone, channel, KEY_MOVE, NULL, from_time, to_time, err);
}
