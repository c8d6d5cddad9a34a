/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-editor"

#include "config.h"

/* The bone selection: bone indices, ascending, and the primary bone (the last one
 * picked), found again by name after a structure edit. */

#include "ossa-editor-private.h"

/* Orders guint bone indices, for sorting and bsearch. */
int
_ossa_editor_compare_bones (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return (x > y) - (x < y);
}

/* After a structure edit, the selected bones are found again by name (indices move
 * when bones are removed or reordered); bones that are gone drop out. */
void
_ossa_editor_remap_selection (OssaEditor *self)
{
  const OssaSkeleton *skel = &self->document->skeleton;
  g_autoptr (GArray) kept = g_array_new (FALSE, FALSE, sizeof (guint));
  int primary = -1;

  for (guint i = 0; i < self->selection->len; i++)
    {
      guint old = g_array_index (self->selection, guint, i);
      const char *name = old < self->names->len ? g_ptr_array_index (self->names, old) : NULL;
      ssize_t now = name != NULL ? ossa_skeleton_find_bone (skel, name) : -1;

      /* Renamed in place: same bones, same order. */
      if (now < 0 && name != NULL && skel->n_bones == self->names->len)
        now = (ssize_t) old;

      if (now < 0)
        continue;
      g_array_append_val (kept, now);
      if ((int) old == self->primary)
        primary = (int) now;
    }
  g_array_sort (kept, _ossa_editor_compare_bones);
  g_array_set_size (self->selection, 0);
  g_array_append_vals (self->selection, kept->data, kept->len);
  self->primary = primary;
}

/**
 * ossa_editor_get_selection:
 *
 * Returns: (array length=n_selected): the selected bones, ascending
 */
const guint *
ossa_editor_get_selection (OssaEditor *self, gsize *n_selected)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), NULL);
  *n_selected = self->selection->len;
  return (const guint *) self->selection->data;
}

static int
find_selected (OssaEditor *self, guint bone)
{
  guint lo = 0, hi = self->selection->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      guint at = g_array_index (self->selection, guint, mid);

      if (at == bone)
        return (int) mid;
      if (at < bone)
        lo = mid + 1;
      else
        hi = mid;
    }
  return -(int) lo - 1;
}

gboolean
ossa_editor_is_selected (OssaEditor *self, guint bone)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  return find_selected (self, bone) >= 0;
}

int
ossa_editor_get_primary (OssaEditor *self)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), -1);
  return self->primary;
}

static gboolean
add_selected (OssaEditor *self, guint bone)
{
  int at = find_selected (self, bone);

  if (bone >= self->document->skeleton.n_bones)
    return FALSE;
  self->primary = (int) bone;
  if (at < 0)
    g_array_insert_val (self->selection, (guint) (-at - 1), bone);
  return TRUE;
}

/**
 * ossa_editor_select:
 * @bones: (array length=n_bones): bones to select; the last becomes the primary one
 * @extend: add to the selection instead of replacing it
 */
void
ossa_editor_select (OssaEditor *self, const guint *bones, gsize n_bones, gboolean extend)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  if (!extend)
    {
      g_array_set_size (self->selection, 0);
      self->primary = -1;
    }
  for (gsize i = 0; i < n_bones; i++)
    add_selected (self, bones[i]);
  _ossa_editor_selection_changed (self);
}

void
ossa_editor_toggle_selected (OssaEditor *self, guint bone)
{
  int at;

  g_return_if_fail (OSSA_IS_EDITOR (self));
  at = find_selected (self, bone);
  if (at >= 0)
    {
      g_array_remove_index (self->selection, (guint) at);
      if (self->primary == (int) bone)
        self->primary = self->selection->len > 0
                          ? (int) g_array_index (self->selection, guint, self->selection->len - 1)
                          : -1;
    }
  else if (!add_selected (self, bone))
    return;
  _ossa_editor_selection_changed (self);
}

void
ossa_editor_clear_selection (OssaEditor *self)
{
  g_return_if_fail (OSSA_IS_EDITOR (self));
  if (self->selection->len == 0)
    return;
  g_array_set_size (self->selection, 0);
  self->primary = -1;
  _ossa_editor_selection_changed (self);
}
