/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ossa-command.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-types.h"

/* Every command holds the *other* state of what it changes: applying swaps it with
 * the document's, and so does reverting. One copy per command, and apply/revert
 * never allocate, so undo cannot fail for lack of memory (except when a track has
 * to be created again). */
typedef enum
{
  KIND_BONE,       /* one bone's fields */
  KIND_TRACK,      /* one (animation, bone, channel) track, present or absent */
  KIND_ANIMATION,  /* one animation's name, duration, fps and loop */
  KIND_STRUCTURE,  /* the skeleton and all animations (bone indices change) */
  KIND_GROUP,
} Kind;

struct OssaCommand
{
  Kind     kind;
  char    *label;
  uint64_t merge_id;
  union
  {
    struct
    {
      size_t   index;
      OssaBone other;
    } bone;
    struct
    {
      size_t      anim;
      uint32_t    bone;
      OssaChannel channel;
      bool        present;  /* whether `other` is a track or "no track" */
      OssaTrack   other;
    } track;
    struct
    {
      size_t index;
      char  *name;
      float  duration, fps;
      bool   loop;
    } animation;
    struct
    {
      OssaSkeleton   skeleton;
      OssaAnimation *animations;
      size_t         n_animations;
    } structure;
    struct
    {
      OssaCommand **cmds;
      size_t        n;
    } group;
  };
};

static OssaCommand *
command_new (Kind kind, const char *label, OssaError *err)
{
  OssaCommand *cmd = calloc (1, sizeof *cmd);

  if (cmd != NULL)
    {
      cmd->kind = kind;
      cmd->label = strdup (label);
      if (cmd->label != NULL)
        return cmd;
      free (cmd);
    }
  ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
  return NULL;
}

static void
free_animations (OssaAnimation *anims, size_t n)
{
  for (size_t i = 0; i < n; i++)
    ossa_animation_clear (&anims[i]);
  free (anims);
}

void
ossa_command_free (OssaCommand *cmd)
{
  if (cmd == NULL)
    return;
  switch (cmd->kind)
    {
    case KIND_BONE:
      free (cmd->bone.other.name);
      break;
    case KIND_TRACK:
      ossa_track_clear (&cmd->track.other);
      break;
    case KIND_ANIMATION:
      free (cmd->animation.name);
      break;
    case KIND_STRUCTURE:
      ossa_skeleton_clear (&cmd->structure.skeleton);
      free_animations (cmd->structure.animations, cmd->structure.n_animations);
      break;
    case KIND_GROUP:
      for (size_t i = 0; i < cmd->group.n; i++)
        ossa_command_free (cmd->group.cmds[i]);
      free (cmd->group.cmds);
      break;
    default:
      break;
    }
  free (cmd->label);
  free (cmd);
}

const char *
ossa_command_label (const OssaCommand *cmd)
{
  return cmd->label;
}

void
ossa_command_set_label (OssaCommand *cmd, const char *label)
{
  char *copy = strdup (label);

  if (copy == NULL)
    return;
  free (cmd->label);
  cmd->label = copy;
}

void
ossa_command_set_merge_id (OssaCommand *cmd, uint64_t merge_id)
{
  cmd->merge_id = merge_id;
}

uint64_t
ossa_command_get_merge_id (const OssaCommand *cmd)
{
  return cmd->merge_id;
}

bool
ossa_command_same_target (const OssaCommand *a, const OssaCommand *b)
{
  if (a->kind != b->kind)
    return false;
  switch (a->kind)
    {
    case KIND_BONE:
      return a->bone.index == b->bone.index;
    case KIND_TRACK:
      return a->track.anim == b->track.anim && a->track.bone == b->track.bone
             && a->track.channel == b->track.channel;
    case KIND_ANIMATION:
      return a->animation.index == b->animation.index;
    case KIND_STRUCTURE:
    case KIND_GROUP:
    default:
      return false;
    }
}

/* ---- swapping states ---- */

static bool
swap_bone (OssaCommand *cmd, OssaDocument *doc, OssaError *err)
{
  OssaBone tmp;

  if (cmd->bone.index >= doc->skeleton.n_bones)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "bone %zu no longer exists", cmd->bone.index);
      return false;
    }
  tmp = doc->skeleton.bones[cmd->bone.index];
  doc->skeleton.bones[cmd->bone.index] = cmd->bone.other;
  cmd->bone.other = tmp;
  return true;
}

static bool
swap_track (OssaCommand *cmd, OssaDocument *doc, OssaError *err)
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

static bool
swap_animation (OssaCommand *cmd, OssaDocument *doc, OssaError *err)
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

static void
swap_structure (OssaCommand *cmd, OssaDocument *doc)
{
  OssaSkeleton skel = doc->skeleton;
  OssaAnimation *anims = doc->animations;
  size_t n = doc->n_animations;

  doc->skeleton = cmd->structure.skeleton;
  doc->animations = cmd->structure.animations;
  doc->n_animations = cmd->structure.n_animations;
  cmd->structure.skeleton = skel;
  cmd->structure.animations = anims;
  cmd->structure.n_animations = n;
}

static bool swap_group (OssaCommand *cmd, OssaDocument *doc, bool forward, OssaError *err);

static bool
swap (OssaCommand *cmd, OssaDocument *doc, bool forward, OssaError *err)
{
  switch (cmd->kind)
    {
    case KIND_BONE:
      return swap_bone (cmd, doc, err);
    case KIND_TRACK:
      return swap_track (cmd, doc, err);
    case KIND_ANIMATION:
      return swap_animation (cmd, doc, err);
    case KIND_STRUCTURE:
      swap_structure (cmd, doc);
      return true;
    case KIND_GROUP:
      return swap_group (cmd, doc, forward, err);
    default:
      return false;
    }
}

/* Applies (forward) or reverts the parts in order; on a failure the parts already
 * done are undone again so the document is as before. */
static bool
swap_group (OssaCommand *cmd, OssaDocument *doc, bool forward, OssaError *err)
{
  size_t n = cmd->group.n;

  for (size_t i = 0; i < n; i++)
    {
      OssaCommand *part = cmd->group.cmds[forward ? i : n - 1 - i];

      if (!swap (part, doc, forward, err))
        {
          while (i-- > 0)
            swap (cmd->group.cmds[forward ? i : n - 1 - i], doc, !forward, NULL);
          return false;
        }
    }
  return true;
}

bool
ossa_command_apply (OssaCommand *cmd, OssaDocument *doc, OssaError *err)
{
  return swap (cmd, doc, true, err);
}

bool
ossa_command_revert (OssaCommand *cmd, OssaDocument *doc, OssaError *err)
{
  return swap (cmd, doc, false, err);
}

/* ---- bones ---- */

static bool
check_bone (const OssaDocument *doc, size_t bone, OssaError *err)
{
  if (bone < doc->skeleton.n_bones)
    return true;
  ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "bone %zu does not exist (the skeleton has %zu)",
                  bone, doc->skeleton.n_bones);
  return false;
}

/* A command whose other state is a copy of the bone with after's fields. */
static OssaCommand *
bone_command (const OssaDocument *doc, size_t index, const OssaBone *after, const char *label,
              OssaError *err)
{
  OssaCommand *cmd;

  if (!ossa_transform_is_finite (&after->rest) || !isfinite (after->length) || after->length < 0)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "bone '%s': transform and length must be finite numbers, length >= 0",
                      doc->skeleton.bones[index].name);
      return NULL;
    }
  cmd = command_new (KIND_BONE, label, err);
  if (cmd == NULL)
    return NULL;
  cmd->bone.index = index;
  cmd->bone.other = *after;
  cmd->bone.other.name = strdup (after->name);
  if (cmd->bone.other.name == NULL)
    {
      ossa_command_free (cmd);
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return NULL;
    }
  return cmd;
}

OssaCommand *
ossa_command_set_bone_rest (const OssaDocument *doc, size_t bone, const OssaTransform *rest,
                            OssaError *err)
{
  OssaBone after;

  if (!check_bone (doc, bone, err))
    return NULL;
  after = doc->skeleton.bones[bone];
  after.rest = *rest;
  return bone_command (doc, bone, &after, "Transform Bone", err);
}

OssaCommand *
ossa_command_set_bone_length (const OssaDocument *doc, size_t bone, float length, OssaError *err)
{
  OssaBone after;

  if (!check_bone (doc, bone, err))
    return NULL;
  after = doc->skeleton.bones[bone];
  after.length = length;
  return bone_command (doc, bone, &after, "Set Bone Length", err);
}

OssaCommand *
ossa_command_set_bone_color (const OssaDocument *doc, size_t bone, uint32_t color, OssaError *err)
{
  OssaBone after;

  if (!check_bone (doc, bone, err))
    return NULL;
  after = doc->skeleton.bones[bone];
  after.color = color;
  return bone_command (doc, bone, &after, "Set Bone Colour", err);
}

OssaCommand *
ossa_command_rename_bone (const OssaDocument *doc, size_t bone, const char *name, OssaError *err)
{
  OssaBone after;
  ssize_t other;

  if (!check_bone (doc, bone, err) || !ossa_name_check (name, "bone name", err))
    return NULL;
  other = ossa_skeleton_find_bone (&doc->skeleton, name);
  if (other >= 0 && (size_t) other != bone)
    {
      ossa_error_set (err, OSSA_ERROR_CONFLICT, "a bone called '%s' already exists", name);
      return NULL;
    }
  after = doc->skeleton.bones[bone];
  after.name = (char *) name;
  return bone_command (doc, bone, &after, "Rename Bone", err);
}

/* ---- structure: the skeleton and animations as a whole ---- */

/* A scratch document sharing nothing with doc: its skeleton and animations copied,
 * its maps left out (no structural edit touches them). */
static OssaDocument *
structure_copy (const OssaDocument *doc, OssaError *err)
{
  OssaDocument *copy = ossa_document_new ();

  if (copy == NULL || !ossa_skeleton_copy (&copy->skeleton, &doc->skeleton))
    goto oom;
  if (doc->n_animations > 0)
    {
      copy->animations = calloc (doc->n_animations, sizeof *copy->animations);
      if (copy->animations == NULL)
        goto oom;
      for (size_t i = 0; i < doc->n_animations; i++)
        {
          if (!ossa_animation_copy (&copy->animations[i], &doc->animations[i]))
            goto oom;
          copy->n_animations = i + 1;
        }
    }
  return copy;

oom:
  ossa_document_free (copy);
  ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
  return NULL;
}

/* Moves the scratch document's skeleton and animations into a new command. */
static OssaCommand *
structure_command (OssaDocument *scratch, const char *label, OssaError *err)
{
  OssaCommand *cmd = command_new (KIND_STRUCTURE, label, err);

  if (cmd != NULL)
    {
      cmd->structure.skeleton = scratch->skeleton;
      cmd->structure.animations = scratch->animations;
      cmd->structure.n_animations = scratch->n_animations;
      ossa_skeleton_init (&scratch->skeleton);
      scratch->animations = NULL;
      scratch->n_animations = 0;
    }
  ossa_document_free (scratch);
  return cmd;
}

OssaCommand *
ossa_command_add_bone (const OssaDocument *doc, const char *name, int32_t parent,
                       const OssaTransform *rest, float length, uint32_t color, OssaError *err)
{
  OssaDocument *scratch = structure_copy (doc, err);

  if (scratch == NULL)
    return NULL;
  if (ossa_skeleton_add_bone (&scratch->skeleton, name, parent, rest, length, color, err) < 0)
    {
      ossa_document_free (scratch);
      return NULL;
    }
  return structure_command (scratch, "Add Bone", err);
}

OssaCommand *
ossa_command_remove_bone (const OssaDocument *doc, size_t bone, OssaError *err)
{
  OssaDocument *scratch;

  if (!check_bone (doc, bone, err) || (scratch = structure_copy (doc, err)) == NULL)
    return NULL;
  if (!ossa_document_remove_bone (scratch, bone, err))
    {
      ossa_document_free (scratch);
      return NULL;
    }
  return structure_command (scratch, "Delete Bone", err);
}

OssaCommand *
ossa_command_reparent_bone (const OssaDocument *doc, size_t bone, int32_t new_parent,
                            OssaError *err)
{
  OssaDocument *scratch;

  if (!check_bone (doc, bone, err) || (scratch = structure_copy (doc, err)) == NULL)
    return NULL;
  if (!ossa_document_reparent_bone (scratch, bone, new_parent, err))
    {
      ossa_document_free (scratch);
      return NULL;
    }
  return structure_command (scratch, "Reparent Bone", err);
}

/* ---- animations ---- */

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
  if ((scratch = structure_copy (doc, err)) == NULL)
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
  return structure_command (scratch, "Add Animation", err);
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
  if ((scratch = structure_copy (doc, err)) == NULL)
    return NULL;
  ossa_document_remove_animation (scratch, index, NULL);
  return structure_command (scratch, "Delete Animation", err);
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
  if ((scratch = structure_copy (doc, err)) == NULL)
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
  return structure_command (scratch, "Duplicate Animation", err);
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
  cmd = command_new (KIND_ANIMATION, "Change Animation", err);
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

/* ---- keys ---- */

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
  static const char *const labels[] = { "Set Key", "Delete Key", "Move Key" };
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
  if (!check_bone (doc, bone, err))
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
  if (!ok || (cmd = command_new (KIND_TRACK, labels[edit], err)) == NULL)
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

/* ---- groups ---- */

OssaCommand *
ossa_command_group (const char *label, OssaCommand **cmds, size_t n, OssaError *err)
{
  OssaCommand *cmd = command_new (KIND_GROUP, label, err);

  if (cmd != NULL && n > 0)
    {
      cmd->group.cmds = malloc (n * sizeof *cmd->group.cmds);
      if (cmd->group.cmds == NULL)
        {
          ossa_command_free (cmd);
          cmd = NULL;
          ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
        }
    }
  if (cmd == NULL)
    {
      for (size_t i = 0; i < n; i++)
        ossa_command_free (cmds[i]);
      return NULL;
    }
  memcpy (cmd->group.cmds, cmds, n * sizeof *cmds);
  cmd->group.n = n;
  return cmd;
}
