/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-editor"

#include "config.h"

/* The editor's bone edits: the one door through which the canvas, the bone tree,
 * the inspector and the window's actions change the skeleton. Each builds the core
 * command (which validates and changes nothing on refusal) and runs it through the
 * undo history; widgets never build commands themselves. */

#include <stdlib.h>

#include <glib/gi18n.h>

#include "ossa-editor-private.h"
#include "ossa-gerror.h"

/**
 * ossa_editor_add_bone:
 * @parent: the new bone's parent, or -1 for a root
 *
 * Adds a bone after the last one. Returns its index, or -1 with @error set.
 */
int
ossa_editor_add_bone (OssaEditor *self, const char *name, int parent, const OssaTransform *rest,
                      float length, guint32 color, GError **error)
{
  const OssaDocument *doc;
  OssaError err = { 0 };
  OssaCommand *command;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), -1);
  doc = ossa_editor_get_document (self);
  command = ossa_command_add_bone (doc, name, (int32_t) parent, rest, length, color, &err);
  if (!_ossa_editor_run (self, command, &err, 0, error))
    return -1;
  return (int) ossa_editor_get_document (self)->skeleton.n_bones - 1;
}

gboolean
ossa_editor_set_bone_rest (OssaEditor *self, guint bone, const OssaTransform *rest,
                           guint64 merge_id, GError **error)
{
  OssaError err = { 0 };
  OssaCommand *command;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  command = ossa_command_set_bone_rest (ossa_editor_get_document (self), bone, rest, &err);
  return _ossa_editor_run (self, command, &err, merge_id, error);
}

gboolean
ossa_editor_set_bone_length (OssaEditor *self, guint bone, float length, guint64 merge_id,
                             GError **error)
{
  OssaError err = { 0 };
  OssaCommand *command;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  command = ossa_command_set_bone_length (ossa_editor_get_document (self), bone, length, &err);
  return _ossa_editor_run (self, command, &err, merge_id, error);
}

gboolean
ossa_editor_set_bone_color (OssaEditor *self, guint bone, guint32 color, GError **error)
{
  OssaError err = { 0 };
  OssaCommand *command;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  command = ossa_command_set_bone_color (ossa_editor_get_document (self), bone, color, &err);
  return _ossa_editor_run (self, command, &err, 0, error);
}

/* Whether @name would be accepted for @bone, without renaming: a bone tree's
 * rename field stays open on a refused name and closes only on one that goes. */
gboolean
ossa_editor_check_bone_name (OssaEditor *self, guint bone, const char *name, GError **error)
{
  OssaError err = { 0 };
  OssaCommand *command;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  command = ossa_command_rename_bone (ossa_editor_get_document (self), bone, name, &err);
  if (command == NULL)
    {
      g_set_error_literal (error, OSSA_CORE_ERROR, (int) err.code, err.message);
      return FALSE;
    }
  ossa_command_free (command);
  return TRUE;
}

/**
 * ossa_editor_dup_name_refusal:
 * @name: the name that was refused
 * @error: why, as ossa_editor_check_bone_name() or ossa_editor_rename_bone() set it
 *
 * Why a bone name is refused, in the person's language, for the field that shows
 * it: the core's messages are English, so the known reasons are said again here.
 *
 * Returns: (transfer full): the sentence; free with g_free()
 */
char *
ossa_editor_dup_name_refusal (const char *name, const GError *error)
{
  if (name == NULL || name[0] == '\0')
    return g_strdup (_("A bone needs a name."));
  if (error->code == OSSA_ERROR_CONFLICT)
    /* Translators: a rename was refused; %s is the name typed */
    return g_strdup_printf (_("Another bone is already called “%s”."), name);
  if (error->code == OSSA_ERROR_LIMIT)
    return g_strdup_printf (_("A name can be at most %u bytes long."), OSSA_MAX_NAME_BYTES);
  return g_strdup (error->message);
}

gboolean
ossa_editor_rename_bone (OssaEditor *self, guint bone, const char *name, GError **error)
{
  OssaError err = { 0 };
  OssaCommand *command;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  command = ossa_command_rename_bone (ossa_editor_get_document (self), bone, name, &err);
  return _ossa_editor_run (self, command, &err, 0, error);
}

gboolean
ossa_editor_reparent_bone (OssaEditor *self, guint bone, int new_parent, GError **error)
{
  OssaError err = { 0 };
  OssaCommand *command;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  command = ossa_command_reparent_bone (ossa_editor_get_document (self), bone,
                                        (int32_t) new_parent, &err);
  return _ossa_editor_run (self, command, &err, 0, error);
}

/**
 * ossa_editor_shape_bone:
 *
 * What the Create tool's drag does to the bone it made, at each motion: its rest
 * transform and length, merged into the drag's undo step by @merge_id. A value the
 * core refuses (a zero length while the pointer is back on the joint) is skipped,
 * not an error: the drag goes on. FALSE with @error set when an edit failed.
 */
gboolean
ossa_editor_shape_bone (OssaEditor *self, guint bone, const OssaTransform *rest, float length,
                        guint64 merge_id, GError **error)
{
  const OssaDocument *doc;
  OssaError err = { 0 };
  OssaCommand *command;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  doc = ossa_editor_get_document (self);
  command = ossa_command_set_bone_rest (doc, bone, rest, &err);
  if (command != NULL && !_ossa_editor_run (self, command, &err, merge_id, error))
    return FALSE;
  doc = ossa_editor_get_document (self);
  command = ossa_command_set_bone_length (doc, bone, length, &err);
  if (command != NULL && !_ossa_editor_run (self, command, &err, merge_id, error))
    return FALSE;
  return TRUE;
}

/* Whether a bone above @bone is in @bones (ascending): then removing that one takes
 * @bone too. */
static gboolean
has_listed_ancestor (const OssaSkeleton *skel, guint bone, const guint *bones, gsize n_bones)
{
  for (int32_t up = skel->bones[bone].parent; up >= 0; up = skel->bones[up].parent)
    {
      guint key = (guint) up;

      if (bsearch (&key, bones, n_bones, sizeof *bones, _ossa_editor_compare_bones) != NULL)
        return TRUE;
    }
  return FALSE;
}

/**
 * ossa_editor_remove_bones:
 * @bones: (array length=n_bones): bone indices, ascending
 *
 * Removes @bones, each with its subtree, as one undo step. A bone under another
 * listed bone is already covered; the others go from the highest index down, which
 * leaves the lower indices where they are (children always come after their
 * parents). Returns FALSE with @error set when one was refused.
 */
gboolean
ossa_editor_remove_bones (OssaEditor *self, const guint *bones, gsize n_bones, GError **error)
{
  return ossa_editor_remove_bones_ik (self, bones, n_bones, OSSA_IK_REMOVAL_REPAIR, error);
}

/**
 * ossa_editor_remove_bones_ik:
 * @bones: (array length=n_bones): bone indices, ascending
 * @how: what becomes of the IK constraints that name a bone going: repaired to
 *   what remains, or deleted
 *
 * ossa_editor_remove_bones() with the constraints' fate chosen (the question Delete
 * asks when constraints use the bones).
 */
gboolean
ossa_editor_remove_bones_ik (OssaEditor *self, const guint *bones, gsize n_bones,
                             OssaIkRemoval how, GError **error)
{
  const OssaSkeleton *skel;
  g_autoptr(GArray) doomed = g_array_new (FALSE, FALSE, sizeof (guint));
  GError *failure = NULL;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  skel = &ossa_editor_get_document (self)->skeleton;
  for (gsize i = 0; i < n_bones; i++)
    if (bones[i] < skel->n_bones && !has_listed_ancestor (skel, bones[i], bones, n_bones))
      g_array_append_val (doomed, bones[i]);
  if (doomed->len == 0)
    return TRUE;

  ossa_editor_begin_group (self, n_bones > 1 ? _("Delete Bones") : _("Delete Bone"));
  for (guint k = doomed->len; k > 0 && failure == NULL; k--)
    {
      const OssaDocument *doc = ossa_editor_get_document (self);
      guint bone = g_array_index (doomed, guint, k - 1);
      OssaError err = { 0 };
      OssaCommand *command;

      /* ossa_command_remove_bone() is the repairing one. */
      command = how == OSSA_IK_REMOVAL_REPAIR ? ossa_command_remove_bone (doc, bone, &err)
                                              : ossa_command_remove_bone_ik (doc, bone, how, &err);
      _ossa_editor_run (self, command, &err, 0, &failure);
    }
  ossa_editor_end_group (self);
  if (failure != NULL)
    {
      g_propagate_error (error, failure);
      return FALSE;
    }
  return TRUE;
}
