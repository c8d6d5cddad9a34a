/* SPDX-License-Identifier: MIT */
/* OssaCommand itself: freeing, labels, merging, applying and reverting by kind,
 * structural commands and groups. The commands on bones, animations and keys, and
 * maps are built in ossa-command-bone.c, ossa-command-animation.c and
 * ossa-command-map.c. */
#include "ossa-command.h"

#include <stdlib.h>
#include <string.h>

#include "ossa-command-private.h"
#include "ossa-ik-private.h"

static bool swap_group (OssaCommand *cmd, OssaDocument *doc, bool forward, OssaError *err);

OssaCommand *
_ossa_command_new (OssaCommandKind kind, const char *label, OssaError *err)
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
      for (size_t i = 0; i < cmd->structure.n_slots; i++)
        ossa_slot_clear (&cmd->structure.slots[i]);
      free (cmd->structure.slots);
      _ossa_ik_constraints_free (cmd->structure.ik, cmd->structure.n_ik);
      break;
    case KIND_SLOT:
      ossa_slot_clear (&cmd->slot.other);
      break;
    case KIND_IMAGE_LIST:
      if (cmd->image.present)
        ossa_image_clear (&cmd->image.other);
      break;
    case KIND_IMAGE:
      ossa_image_clear (&cmd->image.other);
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
    case KIND_IK:
    case KIND_IK_LIST:
    case KIND_IK_TRACK:
      _ossa_command_free_ik (cmd);
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
    case KIND_SLOT:
      return a->slot.index == b->slot.index;
    case KIND_IMAGE:
      return a->image.index == b->image.index;
    case KIND_IK:
      return a->ik.index == b->ik.index;
    case KIND_IK_TRACK:
      return a->ik_track.anim == b->ik_track.anim && a->ik_track.constraint == b->ik_track.constraint;
    case KIND_IK_LIST:
    case KIND_STRUCTURE:
    case KIND_GROUP:
    default:
      return false;
    }
}

static void
swap_structure (OssaCommand *cmd, OssaDocument *doc)
{
  OssaSkeleton skel = doc->skeleton;
  OssaAnimation *anims = doc->animations;
  size_t n = doc->n_animations;
  OssaMesh *meshes = doc->meshes;
  size_t n_meshes = doc->n_meshes;
  OssaSlot *slots = doc->slots;
  size_t n_slots = doc->n_slots;
  OssaIkConstraint *ik = doc->ik;
  size_t n_ik = doc->n_ik;

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
  doc->slots = cmd->structure.slots;
  doc->n_slots = cmd->structure.n_slots;
  cmd->structure.slots = slots;
  cmd->structure.n_slots = n_slots;
  doc->ik = cmd->structure.ik;
  doc->n_ik = cmd->structure.n_ik;
  cmd->structure.ik = ik;
  cmd->structure.n_ik = n_ik;
}

static bool
swap (OssaCommand *cmd, OssaDocument *doc, bool forward, OssaError *err)
{
  switch (cmd->kind)
    {
    case KIND_BONE:
      return _ossa_command_swap_bone (cmd, doc, err);
    case KIND_TRACK:
      return _ossa_command_swap_track (cmd, doc, err);
    case KIND_ANIMATION:
      return _ossa_command_swap_animation (cmd, doc, err);
    case KIND_STRUCTURE:
      swap_structure (cmd, doc);
      return true;
    case KIND_GROUP:
      return swap_group (cmd, doc, forward, err);
    case KIND_MAP_CELLS:
      return _ossa_command_swap_map_cells (cmd, doc, err);
    case KIND_MAP:
      return _ossa_command_swap_map (cmd, doc, err);
    case KIND_MAP_ENDS:
      return _ossa_command_swap_map_ends (cmd, doc, err);
    case KIND_MAP_LIST:
      return _ossa_command_swap_map_list (cmd, doc, err);
    case KIND_SLOT:
      return _ossa_command_swap_slot (cmd, doc, err);
    case KIND_IMAGE_LIST:
      return _ossa_command_swap_image_list (cmd, doc, err);
    case KIND_IMAGE:
      return _ossa_command_swap_image (cmd, doc, err);
    case KIND_IK:
      return _ossa_command_swap_ik (cmd, doc, err);
    case KIND_IK_LIST:
      return _ossa_command_swap_ik_list (cmd, doc, err);
    case KIND_IK_TRACK:
      return _ossa_command_swap_ik_track (cmd, doc, err);
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

bool
_ossa_command_check_bone (const OssaDocument *doc, size_t bone, OssaError *err)
{
  if (bone < doc->skeleton.n_bones)
    return true;
  ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "bone %zu does not exist (the skeleton has %zu)",
                  bone, doc->skeleton.n_bones);
  return false;
}

/* Moves the scratch document's skeleton, IK constraints, animations, meshes and
 * slots into a new command. */
OssaCommand *
_ossa_command_new_structure (OssaDocument *scratch, const char *label, OssaError *err)
{
  OssaCommand *cmd = _ossa_command_new (KIND_STRUCTURE, label, err);

  if (cmd != NULL)
    {
      cmd->structure.skeleton = scratch->skeleton;
      cmd->structure.animations = scratch->animations;
      cmd->structure.n_animations = scratch->n_animations;
      cmd->structure.meshes = scratch->meshes;
      cmd->structure.n_meshes = scratch->n_meshes;
      cmd->structure.slots = scratch->slots;
      cmd->structure.n_slots = scratch->n_slots;
      scratch->slots = NULL;
      scratch->n_slots = 0;
      cmd->structure.ik = scratch->ik;
      cmd->structure.n_ik = scratch->n_ik;
      scratch->ik = NULL;
      scratch->n_ik = 0;
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
ossa_command_group (const char *label, OssaCommand **cmds, size_t n, OssaError *err)
{
  OssaCommand *cmd = _ossa_command_new (KIND_GROUP, label, err);

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
