/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-window-ik"

#include "config.h"

#include <glib/gi18n.h>

#include "ossa-dialogs.h"
#include "ossa-window-private.h"

/* The window's IK actions (their keys are in ossa-window-actions.c's table, with
 * the skeleton workspace's others): win.new-ik (the selection's bones, the target
 * picked last), win.remove-ik (the picked constraint), win.pin-joint (the
 * selected bones' joints pinned or not, its state the primary bone's), and Delete
 * on bones that constraints use, which first asks whether to repair or delete
 * those constraints. */

static void
report (OssaWindow *self, gboolean ok, const char *primary, GError *error)
{
  if (!ok)
    ossa_dialogs_show_failure (GTK_WINDOW (self), error, "%s", primary);
}

static GSimpleAction *
lookup (OssaWindow *self, const char *name)
{
  return G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), name));
}

static void
new_ik_activated (GSimpleAction *action G_GNUC_UNUSED,
                  GVariant      *parameter G_GNUC_UNUSED,
                  gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  g_autoptr(GError) error = NULL;

  report (self, ossa_editor_add_ik_from_selection (self->editor, &error) >= 0,
          _("Could not add the IK constraint"), error);
}

static void
remove_ik_activated (GSimpleAction *action G_GNUC_UNUSED,
                     GVariant      *parameter G_GNUC_UNUSED,
                     gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  int c = ossa_editor_get_selected_ik (self->editor);
  g_autoptr(GError) error = NULL;

  if (c < 0)
    return;
  report (self, ossa_editor_remove_ik (self->editor, (guint) c, &error),
          _("Could not remove the IK constraint"), error);
}

/* Every selected bone takes the state asked for, the primary one's turned over. */
static void
pin_joint_change_state (GSimpleAction *action G_GNUC_UNUSED,
                        GVariant      *value,
                        gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  gsize n;
  const guint *selected = ossa_editor_get_selection (self->editor, &n);
  g_autofree guint *bones = g_memdup2 (selected, n * sizeof (guint));
  gboolean pinned = g_variant_get_boolean (value);

  /* Setting a pin emits pins-changed, which reads the selection again. */
  for (gsize i = 0; i < n; i++)
    ossa_editor_set_pinned (self->editor, bones[i], pinned);
}

static void
update (OssaWindow *self)
{
  gsize n_selected;
  int primary = ossa_editor_get_primary (self->editor);

  ossa_editor_get_selection (self->editor, &n_selected);
  g_simple_action_set_enabled (lookup (self, "new-ik"), n_selected >= 2 && n_selected <= 3
                                                          && primary >= 0);
  g_simple_action_set_enabled (lookup (self, "remove-ik"),
                               ossa_editor_get_selected_ik (self->editor) >= 0);
  g_simple_action_set_enabled (lookup (self, "pin-joint"), n_selected > 0);
  g_simple_action_set_state (lookup (self, "pin-joint"),
                             g_variant_new_boolean (primary >= 0
                                                    && ossa_editor_is_pinned (self->editor,
                                                                              (guint) primary)));
}

static const GActionEntry ik_actions[] = {
  { "new-ik", new_ik_activated, NULL, NULL, NULL, { 0 } },
  { "remove-ik", remove_ik_activated, NULL, NULL, NULL, { 0 } },
  { "pin-joint", NULL, NULL, "false", pin_joint_change_state, { 0 } },
};

/* The bones Delete removes, kept while the question is open. */
typedef struct
{
  OssaWindow *window;
  guint      *bones;
  gsize       n_bones;
  guint64     n_edits;   /* the document as it was when asked */
} RemoveBones;

static void
remove_bones_free (RemoveBones *job)
{
  g_object_unref (job->window);
  g_free (job->bones);
  g_free (job);
}

static void
removal_answered_cb (GObject *source G_GNUC_UNUSED, GAsyncResult *result, gpointer user_data)
{
  RemoveBones *job = user_data;
  OssaWindow *self = job->window;
  int how = ossa_dialogs_ask_ik_removal_finish (result);
  g_autoptr(GError) error = NULL;

  /* An answer about the document as it was: not after it changed meanwhile. */
  if (how >= 0 && self->editor != NULL && ossa_editor_get_n_edits (self->editor) == job->n_edits)
    report (self, ossa_editor_remove_bones_ik (self->editor, job->bones, job->n_bones,
                                               (OssaIkRemoval) how, &error),
            _("Could not delete the bones"), error);
  remove_bones_free (job);
}

/**
 * _ossa_window_delete_bones:
 * @bones: (array length=n_bones): bone indices, ascending
 *
 * Delete on bones: removed at once when no IK constraint uses them; otherwise
 * after asking whether to repair those constraints or delete them too.
 */
void
_ossa_window_delete_bones (OssaWindow *self, const guint *bones, gsize n_bones)
{
  guint n_ik = ossa_editor_count_ik_of_bones (self->editor, bones, n_bones);
  g_autoptr(GError) error = NULL;
  RemoveBones *job;

  if (n_ik == 0)
    {
      report (self, ossa_editor_remove_bones (self->editor, bones, n_bones, &error),
              _("Could not delete the bones"), error);
      return;
    }
  job = g_new0 (RemoveBones, 1);
  job->window = g_object_ref (self);
  job->bones = g_memdup2 (bones, n_bones * sizeof (guint));
  job->n_bones = n_bones;
  job->n_edits = ossa_editor_get_n_edits (self->editor);
  ossa_dialogs_ask_ik_removal (GTK_WINDOW (self), n_ik, self->cancellable,
                               removal_answered_cb, job);
}

/**
 * _ossa_window_ik_init:
 *
 * Adds the IK actions and keeps their state in step with the editor.
 */
void
_ossa_window_ik_init (OssaWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), ik_actions, G_N_ELEMENTS (ik_actions),
                                   self);
  g_signal_connect_object (self->editor, "selection-changed", G_CALLBACK (update), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "ik-selection-changed", G_CALLBACK (update), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "pins-changed", G_CALLBACK (update), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "document-changed", G_CALLBACK (update), self,
                           G_CONNECT_SWAPPED);
  update (self);
}
