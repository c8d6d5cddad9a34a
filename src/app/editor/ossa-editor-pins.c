/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-editor"

#include "config.h"

/* Pinned joints: the editor's state for the IK drag, not the document's (nothing
 * of it is saved or undone). Pins follow their bones through structure edits as
 * the selection does: found again by name, dropped with the bones that go and
 * with the document. */

#include <stdlib.h>
#include <string.h>

#include "ossa-editor-private.h"

enum { PINS_CHANGED, N_PIN_SIGNALS };
static guint pin_signals[N_PIN_SIGNALS];

void
_ossa_editor_pins_class_init (GObjectClass *klass)
{
  /**
   * OssaEditor::pins-changed:
   *
   * A joint was pinned or unpinned (or its bone went).
   */
  pin_signals[PINS_CHANGED] = g_signal_new ("pins-changed", G_TYPE_FROM_CLASS (klass),
                                            G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                            G_TYPE_NONE, 0);
}

void
_ossa_editor_pins_init (OssaEditor *self)
{
  self->pins = g_array_new (FALSE, FALSE, sizeof (guint));
  self->pins_generation = self->generation;
}

void
_ossa_editor_pins_finalize (OssaEditor *self)
{
  g_clear_pointer (&self->pins, g_array_unref);
}

static gboolean
names_unchanged (OssaEditor *self)
{
  const OssaSkeleton *skel = &self->document->skeleton;

  if (skel->n_bones != self->names->len)
    return FALSE;
  for (gsize i = 0; i < skel->n_bones; i++)
    if (g_strcmp0 (skel->bones[i].name, g_ptr_array_index (self->names, i)) != 0)
      return FALSE;
  return TRUE;
}

/* Called before the editor remembers the new structure: self->names are still the
 * bones' names as of the last change, so an old index names its bone. */
void
_ossa_editor_pins_document_changed (OssaEditor *self)
{
  const OssaSkeleton *skel = &self->document->skeleton;
  g_autoptr(GArray) kept = NULL;
  gboolean other_document = self->pins_generation != self->generation;

  self->pins_generation = self->generation;
  if (self->pins->len == 0 || (!other_document && names_unchanged (self)))
    return;
  kept = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; !other_document && i < self->pins->len; i++)
    {
      guint old = g_array_index (self->pins, guint, i);
      const char *name = old < self->names->len ? g_ptr_array_index (self->names, old) : NULL;
      ssize_t now = name != NULL ? ossa_skeleton_find_bone (skel, name) : -1;
      guint bone;

      /* Renamed in place: same bones, same order. */
      if (now < 0 && name != NULL && skel->n_bones == self->names->len)
        now = (ssize_t) old;
      if (now < 0)
        continue;
      bone = (guint) now;
      g_array_append_val (kept, bone);
    }
  g_array_sort (kept, _ossa_editor_compare_bones);
  if (kept->len == self->pins->len
      && memcmp (kept->data, self->pins->data, kept->len * sizeof (guint)) == 0)
    return;
  g_array_set_size (self->pins, 0);
  g_array_append_vals (self->pins, kept->data, kept->len);
  g_signal_emit (self, pin_signals[PINS_CHANGED], 0);
}

static guint *
find_pin (OssaEditor *self, guint bone)
{
  /* bsearch's base must not be NULL, even for no elements (UBSan holds it to that). */
  if (self->pins->len == 0)
    return NULL;
  return bsearch (&bone, self->pins->data, self->pins->len, sizeof (guint),
                  _ossa_editor_compare_bones);
}

gboolean
ossa_editor_is_pinned (OssaEditor *self, guint bone)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  return find_pin (self, bone) != NULL;
}

/**
 * ossa_editor_set_pinned:
 * @bone: a bone of the document
 *
 * Pins @bone's joint (it stays put in the world while an IK drag moves the rest
 * of its chain) or unpins it. Emits "pins-changed" when that changed anything.
 */
void
ossa_editor_set_pinned (OssaEditor *self, guint bone, gboolean pinned)
{
  guint *at;

  g_return_if_fail (OSSA_IS_EDITOR (self));
  g_return_if_fail (bone < self->document->skeleton.n_bones);
  at = find_pin (self, bone);
  if ((at != NULL) == (pinned != FALSE))
    return;
  if (pinned)
    {
      guint i = 0;

      while (i < self->pins->len && g_array_index (self->pins, guint, i) < bone)
        i++;
      g_array_insert_val (self->pins, i, bone);
    }
  else
    g_array_remove_index (self->pins, (guint) (at - (guint *) self->pins->data));
  g_signal_emit (self, pin_signals[PINS_CHANGED], 0);
}

/**
 * ossa_editor_get_pins:
 *
 * Returns: (array length=n_pins): the pinned bones, ascending
 */
const guint *
ossa_editor_get_pins (OssaEditor *self, gsize *n_pins)
{
  g_return_val_if_fail (OSSA_IS_EDITOR (self), NULL);
  *n_pins = self->pins->len;
  return (const guint *) self->pins->data;
}
