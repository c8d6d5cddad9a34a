/* SPDX-License-Identifier: MIT */
/* Commands on bones: one bone's fields, and the structural edits (add, delete,
 * reparent) that renumber bones and so start from a copy of the structure. */
#include "ossa-command.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-command-private.h"
#include "ossa-document-private.h"
#include "ossa-types.h"
#include "ossa-text.h"

bool
_ossa_command_swap_bone (OssaCommand *cmd, OssaDocument *doc, OssaError *err)
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
  cmd = _ossa_command_new (KIND_BONE, label, err);
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

  if (!_ossa_command_check_bone (doc, bone, err))
    return NULL;
  after = doc->skeleton.bones[bone];
  after.rest = *rest;
  return bone_command (doc, bone, &after, OSSA_N_ ("Transform Bone"), err);
}

OssaCommand *
ossa_command_set_bone_length (const OssaDocument *doc, size_t bone, float length, OssaError *err)
{
  OssaBone after;

  if (!_ossa_command_check_bone (doc, bone, err))
    return NULL;
  after = doc->skeleton.bones[bone];
  after.length = length;
  return bone_command (doc, bone, &after, OSSA_N_ ("Set Bone Length"), err);
}

OssaCommand *
ossa_command_set_bone_color (const OssaDocument *doc, size_t bone, uint32_t color, OssaError *err)
{
  OssaBone after;

  if (!_ossa_command_check_bone (doc, bone, err))
    return NULL;
  after = doc->skeleton.bones[bone];
  after.color = color;
  return bone_command (doc, bone, &after, OSSA_N_ ("Set Bone Colour"), err);
}

OssaCommand *
ossa_command_rename_bone (const OssaDocument *doc, size_t bone, const char *name, OssaError *err)
{
  OssaBone after;
  ssize_t other;

  if (!_ossa_command_check_bone (doc, bone, err) || !ossa_name_check (name, "bone name", err))
    return NULL;
  other = ossa_skeleton_find_bone (&doc->skeleton, name);
  if (other >= 0 && (size_t) other != bone)
    {
      ossa_error_set (err, OSSA_ERROR_CONFLICT, "a bone called '%s' already exists", name);
      return NULL;
    }
  after = doc->skeleton.bones[bone];
  after.name = (char *) name;
  return bone_command (doc, bone, &after, OSSA_N_ ("Rename Bone"), err);
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
  return _ossa_command_new_structure (scratch, OSSA_N_ ("Add Bone"), err);
}

OssaCommand *
ossa_command_remove_bone (const OssaDocument *doc, size_t bone, OssaError *err)
{
  return ossa_command_remove_bone_ik (doc, bone, OSSA_IK_REMOVAL_REPAIR, err);
}

/* The IK constraints are part of the structure the command swaps, so undo brings
 * back the ones removed or repaired with their keys. */
OssaCommand *
ossa_command_remove_bone_ik (const OssaDocument *doc, size_t bone, OssaIkRemoval how, OssaError *err)
{
  OssaDocument *scratch;

  if (!_ossa_command_check_bone (doc, bone, err)
      || (scratch = _ossa_document_copy_structure (doc, err)) == NULL)
    return NULL;
  if (!ossa_document_remove_bone_ik (scratch, bone, how, err))
    {
      ossa_document_free (scratch);
      return NULL;
    }
  return _ossa_command_new_structure (scratch, OSSA_N_ ("Delete Bone"), err);
}

OssaCommand *
ossa_command_reparent_bone (const OssaDocument *doc, size_t bone, int32_t new_parent,
                            OssaError *err)
{
  OssaDocument *scratch;

  if (!_ossa_command_check_bone (doc, bone, err)
      || (scratch = _ossa_document_copy_structure (doc, err)) == NULL)
    return NULL;
  if (!ossa_document_reparent_bone (scratch, bone, new_parent, err))
    {
      ossa_document_free (scratch);
      return NULL;
    }
  return _ossa_command_new_structure (scratch, OSSA_N_ ("Reparent Bone"), err);
}
