/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The editor's grid-map edits: the one door through which the map workspace adds,
 * removes, resizes and paints maps and moves their start and goal. Each builds the
 * core command (which validates and changes nothing on refusal) and runs it through
 * the undo history; widgets never build commands themselves. */
#define G_LOG_DOMAIN "ossa-editor"

#include "config.h"

#include <glib/gi18n.h>

#include "ossa-editor-maps.h"
#include "ossa-editor-private.h"
#include "ossa-gerror.h"

char *
ossa_editor_unique_map_name (OssaEditor *self, const char *base)
{
  const OssaDocument *doc;
  char *name;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), NULL);
  doc = ossa_editor_get_document (self);
  name = g_strdup (base != NULL && base[0] != '\0' ? base : _("map"));
  for (guint n = 2;; n++)
    {
      gboolean taken = FALSE;

      for (gsize i = 0; i < doc->n_maps && !taken; i++)
        taken = g_strcmp0 (doc->maps[i].name, name) == 0;
      if (!taken)
        return name;
      g_free (name);
      name = g_strdup_printf ("%s %u", base, n);
    }
}

int
ossa_editor_add_map (OssaEditor *self, const OssaGridMap *map, GError **error)
{
  g_autofree char *name = NULL;
  OssaGridMap named;
  OssaError err = { 0 };
  OssaCommand *command;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), -1);
  g_return_val_if_fail (map != NULL, -1);
  /* The command copies the map: a shallow copy under the new name is enough. */
  name = ossa_editor_unique_map_name (self, map->name);
  named = *map;
  named.name = name;
  command = ossa_command_add_map (ossa_editor_get_document (self), &named, &err);
  if (!_ossa_editor_run (self, command, &err, 0, error))
    return -1;
  return (int) ossa_editor_get_document (self)->n_maps - 1;
}

gboolean
ossa_editor_remove_map (OssaEditor *self, guint map, GError **error)
{
  OssaError err = { 0 };
  OssaCommand *command;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  command = ossa_command_remove_map (ossa_editor_get_document (self), map, &err);
  return _ossa_editor_run (self, command, &err, 0, error);
}

gboolean
ossa_editor_resize_map (OssaEditor *self, guint map, guint width, guint height, GError **error)
{
  OssaError err = { 0 };
  OssaCommand *command;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  command = ossa_command_resize_map (ossa_editor_get_document (self), map, width, height, &err);
  return _ossa_editor_run (self, command, &err, 0, error);
}

gboolean
ossa_editor_set_map_cells (OssaEditor *self, guint map, guint x, guint y, guint width,
                           guint height, const guint8 *values, const char *label,
                           GError **error)
{
  OssaError err = { 0 };
  OssaCommand *command;
  guint32 w = 0, h = 0;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  command = ossa_command_set_map_cells (ossa_editor_get_document (self), map, x, y, width,
                                        height, values, &err);
  if (command == NULL)
    return _ossa_editor_run (self, command, &err, 0, error);
  /* A stroke over cells that already have the paint: no undo step. */
  ossa_command_map_cells_rect (command, NULL, NULL, NULL, &w, &h);
  if (w == 0 || h == 0)
    {
      ossa_command_free (command);
      return TRUE;
    }
  ossa_command_set_label (command, label);
  return _ossa_editor_run (self, command, &err, 0, error);
}

gboolean
ossa_editor_set_map_endpoints (OssaEditor *self, guint map, gboolean has_start, guint start_x,
                               guint start_y, gboolean has_goal, guint goal_x, guint goal_y,
                               guint64 merge_id, GError **error)
{
  const OssaDocument *doc;
  const OssaGridMap *m;
  OssaError err = { 0 };
  OssaCommand *command;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  doc = ossa_editor_get_document (self);
  m = map < doc->n_maps ? &doc->maps[map] : NULL;
  if (m != NULL && (gboolean) m->has_start == has_start && (gboolean) m->has_goal == has_goal
      && (!has_start || (start_x == m->start_x && start_y == m->start_y))
      && (!has_goal || (goal_x == m->goal_x && goal_y == m->goal_y)))
    return TRUE;
  command = ossa_command_set_map_endpoints (doc, map, has_start, start_x, start_y, has_goal,
                                            goal_x, goal_y, &err);
  return _ossa_editor_run (self, command, &err, merge_id, error);
}
