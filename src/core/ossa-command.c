/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ossa-command.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-document-private.h"
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
  KIND_STRUCTURE,  /* the skeleton, all animations and meshes (bone indices change) */
  KIND_GROUP,
  KIND_MAP_CELLS,  /* cells of one map that flip (walkable <-> blocked) */
  KIND_MAP,        /* one whole map (its size and cells) */
  KIND_MAP_ENDS,   /* one map's start and goal */
  KIND_MAP_LIST,   /* one map present at an index, or absent */
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
      OssaMesh      *meshes;
      size_t         n_meshes;
    } structure;
    struct
    {
      OssaCommand **cmds;
      size_t        n;
    } group;
    struct
    {
      size_t    map;
      uint32_t  x, y, width, height;  /* the rectangle the flips lie in */
      uint8_t  *flips;                /* width × height bits, row-major */
    } cells;
    struct
    {
      size_t      index;
      OssaGridMap other;
    } map;
    struct
    {
      size_t   map;
      bool     has_start, has_goal;
      uint32_t start_x, start_y, goal_x, goal_y;
    } ends;
    struct
    {
      size_t      index;
      bool        present;  /* whether `other` is a map to put back at index */
      OssaGridMap other;
    } list;
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
      for (size_t i = 0; i < cmd->structure.n_meshes; i++)
        ossa_mesh_clear (&cmd->structure.meshes[i]);
      free (cmd->structure.meshes);
      break;
    case KIND_GROUP:
      for (size_t i = 0; i < cmd->group.n; i++)
        ossa_command_free (cmd->group.cmds[i]);
      free (cmd->group.cmds);
      break;
    case KIND_MAP_CELLS:
      free (cmd->cells.flips);
      break;
    case KIND_MAP:
      ossa_grid_map_clear (&cmd->map.other);
      break;
    case KIND_MAP_LIST:
      if (cmd->list.present)
        ossa_grid_map_clear (&cmd->list.other);
      break;
    case KIND_MAP_ENDS:
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
    case KIND_MAP_ENDS:
      return a->ends.map == b->ends.map;
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
  OssaMesh *meshes = doc->meshes;
  size_t n_meshes = doc->n_meshes;

  doc->skeleton = cmd->structure.skeleton;
  doc->animations = cmd->structure.animations;
  doc->n_animations = cmd->structure.n_animations;
  doc->meshes = cmd->structure.meshes;
  doc->n_meshes = cmd->structure.n_meshes;
  cmd->structure.skeleton = skel;
  cmd->structure.animations = anims;
  cmd->structure.n_animations = n;
  cmd->structure.meshes = meshes;
  cmd->structure.n_meshes = n_meshes;
}

static bool swap_group (OssaCommand *cmd, OssaDocument *doc, bool forward, OssaError *err);
static bool swap_map_cells (OssaCommand *cmd, OssaDocument *doc, OssaError *err);
static bool swap_map (OssaCommand *cmd, OssaDocument *doc, OssaError *err);
static bool swap_map_ends (OssaCommand *cmd, OssaDocument *doc, OssaError *err);
static bool swap_map_list (OssaCommand *cmd, OssaDocument *doc, OssaError *err);

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
    case KIND_MAP_CELLS:
      return swap_map_cells (cmd, doc, err);
    case KIND_MAP:
      return swap_map (cmd, doc, err);
    case KIND_MAP_ENDS:
      return swap_map_ends (cmd, doc, err);
    case KIND_MAP_LIST:
      return swap_map_list (cmd, doc, err);
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

/* Moves the scratch document's skeleton, animations and meshes into a new command. */
static OssaCommand *
structure_command (OssaDocument *scratch, const char *label, OssaError *err)
{
  OssaCommand *cmd = command_new (KIND_STRUCTURE, label, err);

  if (cmd != NULL)
    {
      cmd->structure.skeleton = scratch->skeleton;
      cmd->structure.animations = scratch->animations;
      cmd->structure.n_animations = scratch->n_animations;
      cmd->structure.meshes = scratch->meshes;
      cmd->structure.n_meshes = scratch->n_meshes;
      ossa_skeleton_init (&scratch->skeleton);
      scratch->animations = NULL;
      scratch->n_animations = 0;
      scratch->meshes = NULL;
      scratch->n_meshes = 0;
    }
  ossa_document_free (scratch);
  return cmd;
}

OssaCommand *
ossa_command_add_bone (const OssaDocument *doc, const char *name, int32_t parent,
                       const OssaTransform *rest, float length, uint32_t color, OssaError *err)
{
  OssaDocument *scratch = _ossa_document_copy_structure (doc, err);

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

  if (!check_bone (doc, bone, err)
      || (scratch = _ossa_document_copy_structure (doc, err)) == NULL)
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

  if (!check_bone (doc, bone, err)
      || (scratch = _ossa_document_copy_structure (doc, err)) == NULL)
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
  if ((scratch = _ossa_document_copy_structure (doc, err)) == NULL)
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

/* ---- grid maps ---- */

static bool
check_map (const OssaDocument *doc, size_t map, OssaError *err)
{
  if (map < doc->n_maps)
    return true;
  ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "map %zu does not exist", map);
  return false;
}

/* Flipping is its own inverse: apply and revert are the same walk. */
static bool
swap_map_cells (OssaCommand *cmd, OssaDocument *doc, OssaError *err)
{
  OssaGridMap *map;
  size_t bit = 0;

  if (!check_map (doc, cmd->cells.map, err))
    return false;
  map = &doc->maps[cmd->cells.map];
  if ((uint64_t) cmd->cells.x + cmd->cells.width > map->width
      || (uint64_t) cmd->cells.y + cmd->cells.height > map->height)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "map '%s' is smaller than the edit", map->name);
      return false;
    }
  for (uint32_t j = 0; j < cmd->cells.height; j++)
    {
      uint8_t *row = map->cells + (size_t) (cmd->cells.y + j) * map->width + cmd->cells.x;

      for (uint32_t i = 0; i < cmd->cells.width; i++, bit++)
        if (cmd->cells.flips[bit >> 3] & (1u << (bit & 7)))
          row[i] = row[i] ? 0 : 1;
    }
  return true;
}

static bool
swap_map (OssaCommand *cmd, OssaDocument *doc, OssaError *err)
{
  OssaGridMap tmp;

  if (!check_map (doc, cmd->map.index, err))
    return false;
  tmp = doc->maps[cmd->map.index];
  doc->maps[cmd->map.index] = cmd->map.other;
  cmd->map.other = tmp;
  return true;
}

static bool
swap_map_ends (OssaCommand *cmd, OssaDocument *doc, OssaError *err)
{
  OssaGridMap *map;
  bool has_start, has_goal;
  uint32_t sx, sy, gx, gy;

  if (!check_map (doc, cmd->ends.map, err))
    return false;
  map = &doc->maps[cmd->ends.map];
  if ((cmd->ends.has_start && (cmd->ends.start_x >= map->width || cmd->ends.start_y >= map->height))
      || (cmd->ends.has_goal && (cmd->ends.goal_x >= map->width || cmd->ends.goal_y >= map->height)))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "map '%s' is smaller than the edit", map->name);
      return false;
    }
  has_start = map->has_start, has_goal = map->has_goal;
  sx = map->start_x, sy = map->start_y, gx = map->goal_x, gy = map->goal_y;
  map->has_start = cmd->ends.has_start, map->has_goal = cmd->ends.has_goal;
  map->start_x = cmd->ends.start_x, map->start_y = cmd->ends.start_y;
  map->goal_x = cmd->ends.goal_x, map->goal_y = cmd->ends.goal_y;
  cmd->ends.has_start = has_start, cmd->ends.has_goal = has_goal;
  cmd->ends.start_x = sx, cmd->ends.start_y = sy, cmd->ends.goal_x = gx, cmd->ends.goal_y = gy;
  return true;
}

static bool
swap_map_list (OssaCommand *cmd, OssaDocument *doc, OssaError *err)
{
  size_t index = cmd->list.index;

  if (cmd->list.present)
    {
      OssaGridMap *maps;

      if (index > doc->n_maps)
        {
          ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "map %zu does not exist", index);
          return false;
        }
      maps = realloc (doc->maps, (doc->n_maps + 1) * sizeof *maps);
      if (maps == NULL)
        {
          ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
          return false;
        }
      doc->maps = maps;
      memmove (maps + index + 1, maps + index, (doc->n_maps - index) * sizeof *maps);
      maps[index] = cmd->list.other;
      doc->n_maps++;
      memset (&cmd->list.other, 0, sizeof cmd->list.other);
      cmd->list.present = false;
      return true;
    }
  if (!check_map (doc, index, err))
    return false;
  cmd->list.other = doc->maps[index];
  memmove (doc->maps + index, doc->maps + index + 1, (doc->n_maps - index - 1) * sizeof *doc->maps);
  doc->n_maps--;
  cmd->list.present = true;
  return true;
}

OssaCommand *
ossa_command_add_map (const OssaDocument *doc, const OssaGridMap *map, OssaError *err)
{
  OssaCommand *cmd;

  if (doc->n_maps >= OSSA_MAX_MAPS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "a document holds at most %u maps", OSSA_MAX_MAPS);
      return NULL;
    }
  if (!ossa_grid_map_validate (map, err))
    return NULL;
  if ((cmd = command_new (KIND_MAP_LIST, "Add Map", err)) == NULL)
    return NULL;
  cmd->list.index = doc->n_maps;
  cmd->list.present = true;
  if (!ossa_grid_map_copy (&cmd->list.other, map))
    {
      cmd->list.present = false;
      ossa_command_free (cmd);
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return NULL;
    }
  return cmd;
}

OssaCommand *
ossa_command_remove_map (const OssaDocument *doc, size_t map, OssaError *err)
{
  OssaCommand *cmd;

  if (!check_map (doc, map, err))
    return NULL;
  if ((cmd = command_new (KIND_MAP_LIST, "Delete Map", err)) == NULL)
    return NULL;
  cmd->list.index = map;
  cmd->list.present = false;
  return cmd;
}

OssaCommand *
ossa_command_set_map_cells (const OssaDocument *doc, size_t map, uint32_t x, uint32_t y,
                            uint32_t width, uint32_t height, const uint8_t *values,
                            OssaError *err)
{
  const OssaGridMap *m;
  OssaCommand *cmd;
  uint32_t x0 = UINT32_MAX, y0 = UINT32_MAX, x1 = 0, y1 = 0;
  size_t bit = 0;

  if (!check_map (doc, map, err))
    return NULL;
  m = &doc->maps[map];
  if (width == 0 || height == 0 || (uint64_t) x + width > m->width
      || (uint64_t) y + height > m->height)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID,
                      "cells %u,%u to %u,%u are not inside map '%s' (%u × %u)", x, y,
                      x + width, y + height, m->name, m->width, m->height);
      return NULL;
    }
  /* The flips' bounding box first, so that the bitmap covers only that. */
  for (uint32_t j = 0; j < height; j++)
    {
      const uint8_t *row = m->cells + (size_t) (y + j) * m->width + x;
      const uint8_t *want = values + (size_t) j * width;

      for (uint32_t i = 0; i < width; i++)
        if (want[i] <= 1 && (row[i] != 0) != (want[i] != 0))
          {
            x0 = i < x0 ? i : x0, x1 = i > x1 ? i : x1;
            y0 = j < y0 ? j : y0, y1 = j;
          }
    }
  if ((cmd = command_new (KIND_MAP_CELLS, "Edit Map Cells", err)) == NULL)
    return NULL;
  cmd->cells.map = map;
  if (x0 == UINT32_MAX)
    return cmd;  /* nothing changes: an empty rectangle */
  cmd->cells.x = x + x0;
  cmd->cells.y = y + y0;
  cmd->cells.width = x1 - x0 + 1;
  cmd->cells.height = y1 - y0 + 1;
  cmd->cells.flips = calloc (((size_t) cmd->cells.width * cmd->cells.height + 7) / 8, 1);
  if (cmd->cells.flips == NULL)
    {
      ossa_command_free (cmd);
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return NULL;
    }
  for (uint32_t j = y0; j <= y1; j++)
    {
      const uint8_t *row = m->cells + (size_t) (y + j) * m->width + x;
      const uint8_t *want = values + (size_t) j * width;

      for (uint32_t i = x0; i <= x1; i++, bit++)
        if (want[i] <= 1 && (row[i] != 0) != (want[i] != 0))
          cmd->cells.flips[bit >> 3] |= (uint8_t) (1u << (bit & 7));
    }
  return cmd;
}

bool
ossa_command_map_cells_rect (const OssaCommand *cmd, size_t *map, uint32_t *x, uint32_t *y,
                             uint32_t *width, uint32_t *height)
{
  if (cmd->kind != KIND_MAP_CELLS)
    return false;
  if (map != NULL)
    *map = cmd->cells.map;
  if (x != NULL)
    *x = cmd->cells.x;
  if (y != NULL)
    *y = cmd->cells.y;
  if (width != NULL)
    *width = cmd->cells.width;
  if (height != NULL)
    *height = cmd->cells.height;
  return true;
}

OssaCommand *
ossa_command_resize_map (const OssaDocument *doc, size_t map, uint32_t width, uint32_t height,
                         OssaError *err)
{
  OssaCommand *cmd;

  if (!check_map (doc, map, err))
    return NULL;
  if ((cmd = command_new (KIND_MAP, "Resize Map", err)) == NULL)
    return NULL;
  cmd->map.index = map;
  if (!ossa_grid_map_copy (&cmd->map.other, &doc->maps[map]))
    {
      memset (&cmd->map.other, 0, sizeof cmd->map.other);
      ossa_command_free (cmd);
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return NULL;
    }
  if (!ossa_grid_map_resize (&cmd->map.other, width, height, err))
    {
      ossa_command_free (cmd);
      return NULL;
    }
  return cmd;
}

OssaCommand *
ossa_command_set_map_endpoints (const OssaDocument *doc, size_t map, bool has_start,
                                uint32_t start_x, uint32_t start_y, bool has_goal,
                                uint32_t goal_x, uint32_t goal_y, OssaError *err)
{
  const OssaGridMap *m;
  OssaCommand *cmd;

  if (!check_map (doc, map, err))
    return NULL;
  m = &doc->maps[map];
  if ((has_start && (start_x >= m->width || start_y >= m->height))
      || (has_goal && (goal_x >= m->width || goal_y >= m->height)))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "the start or goal is outside map '%s' (%u × %u)",
                      m->name, m->width, m->height);
      return NULL;
    }
  if ((cmd = command_new (KIND_MAP_ENDS, "Move Start and Goal", err)) == NULL)
    return NULL;
  cmd->ends.map = map;
  cmd->ends.has_start = has_start;
  cmd->ends.start_x = has_start ? start_x : 0;
  cmd->ends.start_y = has_start ? start_y : 0;
  cmd->ends.has_goal = has_goal;
  cmd->ends.goal_x = has_goal ? goal_x : 0;
  cmd->ends.goal_y = has_goal ? goal_y : 0;
  return cmd;
}
