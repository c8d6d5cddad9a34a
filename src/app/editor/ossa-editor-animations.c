/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-editor"

#include "config.h"

/* The document's animations: adding, duplicating, removing and changing them, each
 * one undo step, and the animation (and its length) the key edits need. */

#include <glib/gi18n.h>

#include "ossa-editor-private.h"
#include "ossa-gerror.h"

/**
 * ossa_editor_dup_unique_animation_name:
 * @base: (nullable): the name wanted, "animation" when %NULL
 *
 * Returns: (transfer full): @base, or "@base 2", "@base 3"… whichever is free
 */
char *
ossa_editor_dup_unique_animation_name (OssaEditor *self, const char *base)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), NULL);
  /* Names are the document's data, not interface text: not translated. */
  if (base == NULL || base[0] == '\0')
    base = "animation";
  if (ossa_document_find_animation (self->document, base) < 0)
    return g_strdup (base);
  for (guint k = 2;; k++)
    {
      char *name = g_strdup_printf ("%s %u", base, k);

      if (ossa_document_find_animation (self->document, name) < 0)
        return name;
      g_free (name);
    }
}

/**
 * ossa_editor_add_animation:
 * @name: (nullable): its name; %NULL for a free one ("animation", "animation 2"…)
 *
 * Adds an empty animation (1 s, 30 frames a second, looping) as one undo step and
 * makes it the current one.
 *
 * Returns: its index, or -1 with @error set
 */
int
ossa_editor_add_animation (OssaEditor *self, const char *name, GError **error)
{
  g_autofree char *unique = NULL;
  OssaError err = { 0 };
  OssaCommand *command;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), -1);
  if (name == NULL)
    name = unique = ossa_editor_dup_unique_animation_name (self, NULL);
  command = ossa_command_add_animation (self->document, name,
                                        OSSA_EDITOR_NEW_ANIMATION_DURATION,
                                        OSSA_EDITOR_NEW_ANIMATION_FPS, TRUE, &err);
  if (!_ossa_editor_run (self, command, &err, 0, error))
    return -1;
  ossa_editor_set_animation (self, (int) self->document->n_animations - 1);
  return self->animation;
}

/**
 * ossa_editor_duplicate_animation:
 *
 * Adds a copy of @animation called "NAME copy" (or "NAME copy 2"…) as one undo
 * step and makes it the current one.
 *
 * Returns: the copy's index, or -1 with @error set
 */
int
ossa_editor_duplicate_animation (OssaEditor *self, int animation, GError **error)
{
  g_autofree char *base = NULL;
  g_autofree char *name = NULL;
  OssaError err = { 0 };
  OssaCommand *command;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), -1);
  if (animation < 0 || (gsize) animation >= self->document->n_animations)
    {
      g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_NOT_FOUND, _("There is no animation %d"),
                   animation);
      return -1;
    }
  /* Translators: the name of a copy of an animation; %s is the original's name */
  base = g_strdup_printf (C_("animation name", "%s copy"),
                          self->document->animations[animation].name);
  name = ossa_editor_dup_unique_animation_name (self, base);
  command = ossa_command_duplicate_animation (self->document, (gsize) animation, name, &err);
  if (!_ossa_editor_run (self, command, &err, 0, error))
    return -1;
  ossa_editor_set_animation (self, (int) self->document->n_animations - 1);
  return self->animation;
}

/**
 * ossa_editor_remove_animation:
 *
 * Deletes @animation as one undo step; the current animation becomes the one
 * before it (or the first).
 */
gboolean
ossa_editor_remove_animation (OssaEditor *self, int animation, GError **error)
{
  OssaError err = { 0 };
  OssaCommand *command;
  int current;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  if (animation < 0 || (gsize) animation >= self->document->n_animations)
    {
      g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_NOT_FOUND, _("There is no animation %d"),
                   animation);
      return FALSE;
    }
  current = self->animation;
  command = ossa_command_remove_animation (self->document, (gsize) animation, &err);
  if (!_ossa_editor_run (self, command, &err, 0, error))
    return FALSE;
  if (current >= animation)
    ossa_editor_set_animation (self, MAX (current - 1, 0));
  return TRUE;
}

/**
 * ossa_editor_set_animation_props:
 *
 * Renames @animation and sets its duration (seconds), frame rate and loop flag, as
 * one undo step. Refuses a name another animation has.
 */
gboolean
ossa_editor_set_animation_props (OssaEditor *self, int animation, const char *name,
                                 double duration, double fps, gboolean loop, GError **error)
{
  const OssaAnimation *anim;
  OssaError err = { 0 };
  OssaCommand *command;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  if (animation < 0 || (gsize) animation >= self->document->n_animations)
    {
      g_set_error (error, OSSA_CORE_ERROR, OSSA_ERROR_NOT_FOUND, _("There is no animation %d"),
                   animation);
      return FALSE;
    }
  anim = &self->document->animations[animation];
  if (g_strcmp0 (anim->name, name) == 0 && anim->duration == (float) duration
      && anim->fps == (float) fps && anim->loop == !!loop)
    return TRUE;
  command = ossa_command_set_animation_props (self->document, (gsize) animation, name,
                                              (float) duration, (float) fps, !!loop, &err);
  return _ossa_editor_run (self, command, &err, 0, error);
}

/* Makes the current animation last at least until t. */
gboolean
_ossa_editor_extend_duration (OssaEditor *self, double t, GError **error)
{
  const OssaAnimation *anim = _ossa_editor_current_animation (self);
  OssaError err = { 0 };
  OssaCommand *command;

  if (anim == NULL || anim->duration >= t)
    return TRUE;
  command = ossa_command_set_animation_props (self->document, (gsize) self->animation,
                                              anim->name, (float) t, anim->fps, anim->loop,
                                              &err);
  return _ossa_editor_run (self, command, &err, 0, error);
}

/* Animate mode with an animation to key; makes one when there is none. */
gboolean
_ossa_editor_ensure_animation (OssaEditor *self, GError **error)
{
  ossa_editor_set_mode (self, OSSA_EDIT_MODE_ANIMATE);
  if (_ossa_editor_current_animation (self) != NULL)
    return TRUE;
  return ossa_editor_add_animation (self, NULL, error) >= 0;
}
