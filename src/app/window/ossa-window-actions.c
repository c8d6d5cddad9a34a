/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-window-actions"

#include "config.h"

#include <glib/gi18n.h>

#include "ossa-dialogs.h"
#include "ossa-export-dialog.h"
#include "ossa-smd-export.h"
#include "ossa-window-private.h"

/* The win.* actions. Their accelerators are the application's
 * (ossa-application.c), except for the keys below.
 *
 * GTK 4 handles application accelerators in the capture phase, before the focus
 * widget sees the key: an accelerator "r" would switch tools on every "r" typed
 * into an inspector field or the rename entry. Keys that also type or edit text
 * are therefore bound here, in shortcut controllers in the bubble phase: they see
 * a key only after the focused widget let it through, so a text field keeps its
 * letters, Delete, Home, Ctrl+A and Escape, while the same keys act on the
 * document everywhere else (canvas, hierarchy, buttons).
 *
 * The skeleton workspace's keys (key_shortcuts) are bound on that workspace's
 * page, so that they act while the focus is in it (switching workspaces puts
 * the focus there) and never in the map workspace, which binds its own on its
 * page the same way (ossa-map-editor-actions.c): one key does one thing in
 * each workspace, Ctrl+Alt+N a new animation here and a new map there. They
 * run before the window's own keys (GtkWindow moves the focus with the arrow
 * keys). The keys of window_shortcuts act in both. menus.ui and help-overlay.ui show these keys
 * with their "accel" / "accelerator" attributes, since GTK only knows the
 * application's accelerators by itself. */
typedef struct
{
  const char *trigger;
  const char *action;
  const char *target;   /* GVariant text, or NULL */
} KeyShortcut;

static const KeyShortcut window_shortcuts[] = {
  { "<Control>i", "win.import-smd", NULL },
  { "<Control><Alt>v", "win.import-qc", NULL },
  { "<Control>e", "win.export-smd", NULL },
  { "<Control><Shift>e", "win.export-animation", NULL },
  { "<Control><Shift>i", "win.import-images", NULL },
  { "<Control><Alt>i", "win.import-ora", NULL },
  { "<Control><Shift>m", "win.embed-images", NULL },
  { "<Control><Alt>m", "win.unembed-images", NULL },
};

static const KeyShortcut key_shortcuts[] = {
  { "r", "win.tool", "'rotate'" },
  { "t", "win.tool", "'translate'" },
  { "s", "win.tool", "'scale'" },
  { "c", "win.tool", "'create'" },
  { "i", "win.tool", "'ik'" },
  { "n", "win.show-names", NULL },
  { "m", "win.show-meshes", NULL },
  { "b", "win.show-bones", NULL },
  { "Delete|KP_Delete", "win.delete", NULL },
  { "F2", "win.rename", NULL },
  { "f", "win.fit", NULL },
  /* The timeline's keys. The timeline view binds Delete to its keys itself. */
  { "space", "win.play", NULL },
  { "k", "win.key-bones", NULL },
  { "Home|KP_Home", "win.first-frame", NULL },
  { "End|KP_End", "win.last-frame", NULL },
  { "Left|KP_Left", "win.previous-frame", NULL },
  { "Right|KP_Right", "win.next-frame", NULL },
  { "Up|KP_Up", "win.previous-key", NULL },
  { "Down|KP_Down", "win.next-key", NULL },
  { "<Control>c", "win.copy-keys", NULL },
  { "<Control>v", "win.paste-keys", NULL },
  { "<Shift>Delete|<Shift>KP_Delete", "win.delete-keys", NULL },
  { "<Shift>k", "win.auto-key", NULL },
  { "l", "win.animation-loop", NULL },
  { "o", "win.onion-skin", NULL },
  { "p", "win.motion-path", NULL },
  { "<Shift>l", "win.key-interp", "'linear'" },
  { "<Shift>h", "win.key-interp", "'stepped'" },
  { "<Shift>b", "win.key-interp", "'bezier'" },
  { "<Shift>i", "win.key-interp", "'ease-in'" },
  { "<Shift>o", "win.key-interp", "'ease-out'" },
  { "<Shift>e", "win.key-interp", "'ease-in-out'" },
  { "<Alt>s", "win.key-spin", "'shortest'" },
  { "<Alt>c", "win.key-spin", "'clockwise'" },
  { "<Alt><Shift>c", "win.key-spin", "'counterclockwise'" },
  { "<Alt>n", "win.key-spin", "'numeric'" },
  { "<Control>a", "win.select-all", NULL },
  { "<Control><Shift>a|Escape", "win.select-none", NULL },
  { "<Control><Alt>n", "win.new-animation", NULL },
  { "<Control><Alt>d", "win.duplicate-animation", NULL },
  { "<Control><Alt>r", "win.rename-animation", NULL },
  { "<Control><Shift>Delete|<Control><Shift>KP_Delete", "win.delete-animation", NULL },
  /* IK (ossa-window-ik.c): P is the motion path's. */
  { "<Control><Alt>k", "win.new-ik", NULL },
  { "<Control><Alt><Shift>k", "win.remove-ik", NULL },
  { "<Shift>p", "win.pin-joint", NULL },
};

static const struct
{
  const char *name;
  OssaTool    tool;
} tools[] = {
  { "rotate", OSSA_TOOL_ROTATE },
  { "translate", OSSA_TOOL_TRANSLATE },
  { "scale", OSSA_TOOL_SCALE },
  { "create", OSSA_TOOL_CREATE },
  { "ik", OSSA_TOOL_IK },
};

static const struct
{
  const char   *name;
  OssaEditMode  mode;
} modes[] = {
  { "setup", OSSA_EDIT_MODE_SETUP },
  { "animate", OSSA_EDIT_MODE_ANIMATE },
};

static GSimpleAction *
lookup (OssaWindow *self,
        const char *name)
{
  return G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), name));
}

static void
set_enabled (OssaWindow *self,
             const char *name,
             gboolean    enabled)
{
  g_simple_action_set_enabled (lookup (self, name), enabled);
}

/* File ------------------------------------------------------------------------ */

static void
document_chosen_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  OssaWindow *self = OSSA_WINDOW (source);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;

  file = ossa_dialogs_choose_document_finish (result, &error);
  if (file == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        ossa_dialogs_show_failure (GTK_WINDOW (self), error, _("Could not choose a file"));
      return;
    }

  ossa_window_open (self, file);
}

static void
open_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  GFile *current = ossa_editor_get_file (self->editor);
  g_autoptr(GFile) folder = NULL;

  if (current != NULL)
    folder = g_file_get_parent (current);

  ossa_dialogs_choose_document (GTK_WINDOW (self), folder, self->cancellable,
                                document_chosen_cb, NULL);
}

static void
open_recent_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  ossa_window_open (self, file);
}

static void
save_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  _ossa_window_save (OSSA_WINDOW (user_data), FALSE);
}

static void
save_as_activated (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  _ossa_window_save (OSSA_WINDOW (user_data), TRUE);
}

static void
open_sample_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  _ossa_window_open_sample (OSSA_WINDOW (user_data));
}

static void
import_smd_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  _ossa_window_import_smd (OSSA_WINDOW (user_data));
}

static void
import_qc_activated (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  _ossa_window_import_qc (OSSA_WINDOW (user_data));
}

/* On the selected bone, centred on its joint; with none, centred in the view,
 * each picture on the bone nearest its centre. */
void
_ossa_window_art_target (OssaWindow *self, OssaArtTarget *target)
{
  target->bone = ossa_editor_get_primary (self->editor);
  if (target->bone >= 0)
    {
      const OssaXform *joint = &ossa_editor_get_world (self->editor)[target->bone];

      target->x = joint->tx;
      target->y = joint->ty;
    }
  else
    ossa_canvas_get_view_center (self->canvas, &target->x, &target->y);
}

static void
import_images_activated (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  OssaArtTarget target;

  _ossa_window_art_target (self, &target);
  ossa_art_import_images_choose (GTK_WINDOW (self), self->editor, &target, self->cancellable);
}

static void
import_ora_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);

  ossa_art_import_ora_choose (GTK_WINDOW (self), self->editor, self->cancellable);
}

static void
export_smd_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);

  ossa_smd_export_start (GTK_WINDOW (self), self->editor, self->cancellable);
}

static void
export_animation_activated (GSimpleAction *action,
                            GVariant      *parameter,
                            gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);

  ossa_export_dialog_present (GTK_WINDOW (self), self->editor, self->settings,
                              self->cancellable);
}

static void
close_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  /* Through close-request, which asks about unsaved changes. */
  gtk_window_close (GTK_WINDOW (user_data));
}

/* Edit ------------------------------------------------------------------------ */

static void
undo_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  g_autoptr(GError) error = NULL;

  if (ossa_editor_can_undo (self->editor) && !ossa_editor_undo (self->editor, &error))
    ossa_dialogs_show_failure (GTK_WINDOW (self), error, _("Could not undo"));
}

static void
redo_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  g_autoptr(GError) error = NULL;

  if (ossa_editor_can_redo (self->editor) && !ossa_editor_redo (self->editor, &error))
    ossa_dialogs_show_failure (GTK_WINDOW (self), error, _("Could not redo"));
}

/* Removes the picked attachment (the canvas edits it or bones, never both), or
 * else the selected bones, each with its subtree, as one undo step. */
static void
delete_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  gsize n_selected;
  const guint *selected = ossa_editor_get_selection (self->editor, &n_selected);
  int slot = ossa_editor_get_selected_slot (self->editor);
  int attachment = ossa_editor_get_selected_attachment (self->editor);
  g_autoptr(GError) error = NULL;

  if (slot >= 0 && attachment >= 0)
    {
      if (!ossa_editor_remove_attachment (self->editor, (guint) slot, (guint) attachment,
                                          &error))
        ossa_dialogs_show_failure (GTK_WINDOW (self), error, _("Could not delete the picture"));
      return;
    }
  _ossa_window_delete_bones (self, selected, n_selected);
}

static void
rename_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);

  ossa_hierarchy_start_rename (self->hierarchy);
}

static void
select_all_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  const OssaDocument *doc = ossa_editor_get_document (self->editor);
  g_autofree guint *all = g_new (guint, MAX (doc->skeleton.n_bones, 1));
  int primary = ossa_editor_get_primary (self->editor);
  gsize n = 0;

  /* The primary bone stays the primary one: it goes last. */
  for (gsize i = 0; i < doc->skeleton.n_bones; i++)
    if ((int) i != primary)
      all[n++] = (guint) i;
  if (primary >= 0)
    all[n++] = (guint) primary;
  ossa_editor_select (self->editor, all, n, FALSE);
}

static void
select_none_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  ossa_editor_clear_selection (OSSA_WINDOW (user_data)->editor);
  ossa_editor_select_slot (OSSA_WINDOW (user_data)->editor, -1, -1);
}

static void
tool_change_state (GSimpleAction *action,
                   GVariant      *value,
                   gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  const char *name = g_variant_get_string (value, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    if (g_str_equal (name, tools[i].name))
      ossa_editor_set_tool (self->editor, tools[i].tool);
  /* The state follows the editor (tool_changed_cb), so a bad name changes nothing. */
}

static void
tool_changed_cb (OssaWindow *self)
{
  OssaTool tool = ossa_editor_get_tool (self->editor);

  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    if (tools[i].tool == tool)
      g_simple_action_set_state (lookup (self, "tool"), g_variant_new_string (tools[i].name));
  /* The IK tool's chain length sits beside the tools while that tool is on. */
  gtk_widget_set_visible (self->ik_chain_box, tool == OSSA_TOOL_IK);
}

static void
ik_chain_changed_cb (OssaWindow *self)
{
  ossa_editor_set_ik_chain_length (self->editor,
                                   (guint) gtk_spin_button_get_value_as_int (self->ik_chain_spin));
}

/* View ------------------------------------------------------------------------ */

static void
canvas_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  g_autofree char *name = g_strconcat ("canvas.", g_action_get_name (G_ACTION (action)), NULL);

  gtk_widget_activate_action (GTK_WIDGET (self->canvas), name, NULL);
}

static void
show_names_change_state (GSimpleAction *action,
                         GVariant      *value,
                         gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);

  g_object_set (self->canvas, "show-names", g_variant_get_boolean (value), NULL);
}

static void
show_names_changed_cb (OssaWindow *self)
{
  gboolean show = FALSE;

  g_object_get (self->canvas, "show-names", &show, NULL);
  g_simple_action_set_state (lookup (self, "show-names"), g_variant_new_boolean (show));
}

static void
show_meshes_change_state (GSimpleAction *action,
                          GVariant      *value,
                          gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);

  g_object_set (self->canvas, "show-meshes", g_variant_get_boolean (value), NULL);
}

static void
show_meshes_changed_cb (OssaWindow *self)
{
  gboolean show = FALSE;

  g_object_get (self->canvas, "show-meshes", &show, NULL);
  g_simple_action_set_state (lookup (self, "show-meshes"), g_variant_new_boolean (show));
}

static void
show_bones_change_state (GSimpleAction *action,
                         GVariant      *value,
                         gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);

  g_object_set (self->canvas, "show-bones", g_variant_get_boolean (value), NULL);
}

static void
show_bones_changed_cb (OssaWindow *self)
{
  gboolean show = TRUE;

  g_object_get (self->canvas, "show-bones", &show, NULL);
  g_simple_action_set_state (lookup (self, "show-bones"), g_variant_new_boolean (show));
}

/* Animation ------------------------------------------------------------------- */

static void
mode_change_state (GSimpleAction *action,
                   GVariant      *value,
                   gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  const char *name = g_variant_get_string (value, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    if (g_str_equal (name, modes[i].name))
      ossa_editor_set_mode (self->editor, modes[i].mode);
}

static void
mode_changed_cb (OssaWindow *self)
{
  OssaEditMode mode = ossa_editor_get_mode (self->editor);

  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    if (modes[i].mode == mode)
      g_simple_action_set_state (lookup (self, "mode"), g_variant_new_string (modes[i].name));
}

/* Workspaces ------------------------------------------------------------------ */

static void
workspace_change_state (GSimpleAction *action,
                        GVariant      *value,
                        gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  const char *name = g_variant_get_string (value, NULL);

  if (gtk_stack_get_child_by_name (self->workspace_stack, name) != NULL)
    gtk_stack_set_visible_child_name (self->workspace_stack, name);
}

/* The focus into the workspace on show, where its keys act: its canvas or map
 * view, or else its first control. */
void
_ossa_window_focus_workspace (OssaWindow *self)
{
  const char *name = gtk_stack_get_visible_child_name (self->workspace_stack);
  GtkWidget *focus = g_strcmp0 (name, "map") == 0
                     ? GTK_WIDGET (ossa_map_editor_get_view (self->map_editor))
                     : GTK_WIDGET (self->canvas);

  /* The map view is hidden while the document has no map: focused, it would
   * swallow every key. The workspace's first control, or none, then. */
  if (!gtk_widget_get_mapped (focus) || !gtk_widget_grab_focus (focus))
    {
      GtkWidget *page = gtk_stack_get_visible_child (self->workspace_stack);

      if (page == NULL || !gtk_widget_child_focus (page, GTK_DIR_TAB_FORWARD))
        gtk_root_set_focus (GTK_ROOT (self), NULL);
    }
}

static void
workspace_changed_cb (OssaWindow *self)
{
  const char *name = gtk_stack_get_visible_child_name (self->workspace_stack);

  g_simple_action_set_state (lookup (self, "workspace"), g_variant_new_string (name));
  _ossa_window_focus_workspace (self);
}

/* Timeline ---------------------------------------------------------------------- */

static void
report (OssaWindow *self, gboolean ok, const char *primary, GError *error)
{
  if (!ok)
    ossa_dialogs_show_failure (GTK_WINDOW (self), error, "%s", primary);
}

static void
new_animation_activated (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  g_autoptr(GError) error = NULL;

  report (self, ossa_editor_add_animation (self->editor, NULL, &error) >= 0,
          _("Could not add an animation"), error);
  ossa_editor_set_mode (self->editor, OSSA_EDIT_MODE_ANIMATE);
}

static void
duplicate_animation_activated (GSimpleAction *action,
                               GVariant      *parameter,
                               gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  g_autoptr(GError) error = NULL;

  report (self, ossa_editor_duplicate_animation (self->editor,
                                                 ossa_editor_get_animation (self->editor),
                                                 &error) >= 0,
          _("Could not duplicate the animation"), error);
}

static void
rename_animation_activated (GSimpleAction *action,
                            GVariant      *parameter,
                            gpointer       user_data)
{
  ossa_timeline_start_rename (OSSA_WINDOW (user_data)->timeline);
}

static void
delete_animation_activated (GSimpleAction *action,
                            GVariant      *parameter,
                            gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  g_autoptr(GError) error = NULL;

  report (self, ossa_editor_remove_animation (self->editor,
                                              ossa_editor_get_animation (self->editor), &error),
          _("Could not delete the animation"), error);
}

static const OssaAnimation *
current_animation (OssaWindow *self)
{
  const OssaDocument *doc = ossa_editor_get_document (self->editor);
  int index = ossa_editor_get_animation (self->editor);

  return index >= 0 && (gsize) index < doc->n_animations ? &doc->animations[index] : NULL;
}

static void
animation_loop_change_state (GSimpleAction *action,
                             GVariant      *value,
                             gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  const OssaAnimation *anim = current_animation (self);
  g_autoptr(GError) error = NULL;

  if (anim == NULL)
    return;
  report (self, ossa_editor_set_animation_props (self->editor,
                                                 ossa_editor_get_animation (self->editor),
                                                 anim->name, anim->duration, anim->fps,
                                                 g_variant_get_boolean (value), &error),
          _("Could not change the animation"), error);
}

static void
play_change_state (GSimpleAction *action,
                   GVariant      *value,
                   gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);

  /* Playing shows the animation: Animate mode. */
  if (g_variant_get_boolean (value))
    ossa_editor_set_mode (self->editor, OSSA_EDIT_MODE_ANIMATE);
  ossa_editor_set_playing (self->editor, g_variant_get_boolean (value)
                                           && current_animation (self) != NULL);
}

static void
seek_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  const char *name = g_action_get_name (G_ACTION (action));

  if (g_str_equal (name, "first-frame"))
    ossa_editor_set_time (self->editor, 0);
  else if (g_str_equal (name, "last-frame"))
    ossa_editor_set_time (self->editor, ossa_editor_get_end_time (self->editor));
  else if (g_str_equal (name, "previous-frame"))
    ossa_editor_step_frames (self->editor, -1);
  else if (g_str_equal (name, "next-frame"))
    ossa_editor_step_frames (self->editor, 1);
  else if (g_str_equal (name, "previous-key"))
    ossa_editor_seek_key (self->editor, -1);
  else if (g_str_equal (name, "next-key"))
    ossa_editor_seek_key (self->editor, 1);
}

static void
key_bones_activated (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  gsize n;
  const guint *bones = ossa_editor_get_selection (self->editor, &n);
  g_autofree guint *copy = g_memdup2 (bones, n * sizeof (guint));
  g_autoptr(GError) error = NULL;
  int slot = ossa_editor_get_selected_slot (self->editor);

  /* A picked picture keys its slot alone (picking it cleared the bones); bones
   * key with the slots on them. */
  if (n == 0 && slot >= 0)
    {
      guint s = (guint) slot;

      report (self, ossa_editor_key_slots (self->editor, &s, 1, &error),
              _("Could not key the slot"), error);
      return;
    }
  /* With a constraint picked, its mix and bend too (ossa-editor-ik.c). */
  report (self, ossa_editor_key_bones_and_ik (self->editor, copy, n, &error),
          _("Could not key the bones"), error);
}

static void
auto_key_change_state (GSimpleAction *action,
                       GVariant      *value,
                       gpointer       user_data)
{
  ossa_editor_set_auto_key (OSSA_WINDOW (user_data)->editor, g_variant_get_boolean (value));
}

static void
copy_keys_activated (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);

  ossa_editor_copy_selected_keys (self->editor);
  _ossa_window_actions_update (self);
}

static void
paste_keys_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  g_autoptr(GError) error = NULL;

  report (self, ossa_editor_paste_keys (self->editor, &error), _("Could not paste the keys"),
          error);
}

static void
delete_keys_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  g_autoptr(GError) error = NULL;

  report (self, ossa_editor_delete_selected_keys (self->editor, &error),
          _("Could not delete the keys"), error);
}

static void
key_interp_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  g_autoptr(GError) error = NULL;
  const OssaCurve *curve = NULL;
  OssaInterp interp;

  if (!ossa_key_inspector_parse_interp (g_variant_get_string (parameter, NULL), &interp, &curve))
    return;
  report (self, ossa_editor_set_selected_keys_interp (self->editor, interp, curve, &error),
          _("Could not change the interpolation"), error);
}

static void
key_spin_activated (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  g_autoptr(GError) error = NULL;
  OssaSpin spin;

  if (!ossa_key_inspector_parse_spin (g_variant_get_string (parameter, NULL), &spin))
    return;
  report (self, ossa_editor_set_selected_keys_spin (self->editor, spin, 0, &error),
          _("Could not change the spin"), error);
}

static void
canvas_flag_change_state (GSimpleAction *action,
                          GVariant      *value,
                          gpointer       user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  const char *property = g_str_equal (g_action_get_name (G_ACTION (action)), "onion-skin")
                           ? "onion-skin" : "show-motion-path";

  g_object_set (self->canvas, property, g_variant_get_boolean (value), NULL);
}

static void
timeline_state_changed_cb (OssaWindow *self)
{
  const OssaAnimation *anim = current_animation (self);
  gboolean onion = FALSE, path = FALSE;

  g_object_get (self->canvas, "onion-skin", &onion, "show-motion-path", &path, NULL);
  g_simple_action_set_state (lookup (self, "play"),
                             g_variant_new_boolean (ossa_editor_get_playing (self->editor)));
  g_simple_action_set_state (lookup (self, "auto-key"),
                             g_variant_new_boolean (ossa_editor_get_auto_key (self->editor)));
  g_simple_action_set_state (lookup (self, "animation-loop"),
                             g_variant_new_boolean (anim != NULL && anim->loop));
  g_simple_action_set_state (lookup (self, "onion-skin"), g_variant_new_boolean (onion));
  g_simple_action_set_state (lookup (self, "motion-path"), g_variant_new_boolean (path));
}

static void
keys_changed_cb (OssaWindow *self)
{
  _ossa_window_actions_update (self);
}

static const GActionEntry win_actions[] = {
  { "open", open_activated, NULL, NULL, NULL, { 0 } },
  { "open-recent", open_recent_activated, "s", NULL, NULL, { 0 } },
  { "save", save_activated, NULL, NULL, NULL, { 0 } },
  { "save-as", save_as_activated, NULL, NULL, NULL, { 0 } },
  { "open-sample", open_sample_activated, NULL, NULL, NULL, { 0 } },
  { "import-smd", import_smd_activated, NULL, NULL, NULL, { 0 } },
  { "import-qc", import_qc_activated, NULL, NULL, NULL, { 0 } },
  { "export-smd", export_smd_activated, NULL, NULL, NULL, { 0 } },
  { "export-animation", export_animation_activated, NULL, NULL, NULL, { 0 } },
  { "import-images", import_images_activated, NULL, NULL, NULL, { 0 } },
  { "import-ora", import_ora_activated, NULL, NULL, NULL, { 0 } },
  { "close", close_activated, NULL, NULL, NULL, { 0 } },
  { "undo", undo_activated, NULL, NULL, NULL, { 0 } },
  { "redo", redo_activated, NULL, NULL, NULL, { 0 } },
  { "delete", delete_activated, NULL, NULL, NULL, { 0 } },
  { "rename", rename_activated, NULL, NULL, NULL, { 0 } },
  { "select-all", select_all_activated, NULL, NULL, NULL, { 0 } },
  { "select-none", select_none_activated, NULL, NULL, NULL, { 0 } },
  { "tool", NULL, "s", "'rotate'", tool_change_state, { 0 } },
  { "zoom-in", canvas_activated, NULL, NULL, NULL, { 0 } },
  { "zoom-out", canvas_activated, NULL, NULL, NULL, { 0 } },
  { "zoom-reset", canvas_activated, NULL, NULL, NULL, { 0 } },
  { "fit", canvas_activated, NULL, NULL, NULL, { 0 } },
  { "show-names", NULL, NULL, "true", show_names_change_state, { 0 } },
  { "show-meshes", NULL, NULL, "true", show_meshes_change_state, { 0 } },
  { "show-bones", NULL, NULL, "true", show_bones_change_state, { 0 } },
  { "mode", NULL, "s", "'setup'", mode_change_state, { 0 } },
  { "workspace", NULL, "s", "'skeleton'", workspace_change_state, { 0 } },
  { "new-animation", new_animation_activated, NULL, NULL, NULL, { 0 } },
  { "duplicate-animation", duplicate_animation_activated, NULL, NULL, NULL, { 0 } },
  { "rename-animation", rename_animation_activated, NULL, NULL, NULL, { 0 } },
  { "delete-animation", delete_animation_activated, NULL, NULL, NULL, { 0 } },
  { "animation-loop", NULL, NULL, "false", animation_loop_change_state, { 0 } },
  { "play", NULL, NULL, "false", play_change_state, { 0 } },
  { "first-frame", seek_activated, NULL, NULL, NULL, { 0 } },
  { "last-frame", seek_activated, NULL, NULL, NULL, { 0 } },
  { "previous-frame", seek_activated, NULL, NULL, NULL, { 0 } },
  { "next-frame", seek_activated, NULL, NULL, NULL, { 0 } },
  { "previous-key", seek_activated, NULL, NULL, NULL, { 0 } },
  { "next-key", seek_activated, NULL, NULL, NULL, { 0 } },
  { "key-bones", key_bones_activated, NULL, NULL, NULL, { 0 } },
  { "auto-key", NULL, NULL, "true", auto_key_change_state, { 0 } },
  { "copy-keys", copy_keys_activated, NULL, NULL, NULL, { 0 } },
  { "paste-keys", paste_keys_activated, NULL, NULL, NULL, { 0 } },
  { "delete-keys", delete_keys_activated, NULL, NULL, NULL, { 0 } },
  { "key-interp", key_interp_activated, "s", NULL, NULL, { 0 } },
  { "key-spin", key_spin_activated, "s", NULL, NULL, { 0 } },
  { "onion-skin", NULL, NULL, "false", canvas_flag_change_state, { 0 } },
  { "motion-path", NULL, NULL, "false", canvas_flag_change_state, { 0 } },
};

static GtkShortcutController *
make_key_shortcuts (const char        *name,
                    const KeyShortcut *shortcuts,
                    guint              n_shortcuts)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_name (controller, name);
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_BUBBLE);
  for (guint i = 0; i < n_shortcuts; i++)
    {
      GtkShortcutTrigger *trigger = gtk_shortcut_trigger_parse_string (shortcuts[i].trigger);
      GtkShortcutAction *action = gtk_named_action_new (shortcuts[i].action);
      GtkShortcut *shortcut = gtk_shortcut_new (trigger, action);

      g_assert (trigger != NULL);
      if (shortcuts[i].target != NULL)
        gtk_shortcut_set_arguments (shortcut, g_variant_parse (NULL, shortcuts[i].target,
                                                               NULL, NULL, NULL));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
    }
  return GTK_SHORTCUT_CONTROLLER (controller);
}

/**
 * _ossa_window_actions_init:
 * @self: an #OssaWindow
 *
 * Adds the win.* actions and the window's own key shortcuts, and keeps the
 * stateful actions (tool, mode, show-names, show-meshes, show-bones) in step with the editor and canvas.
 */
void
_ossa_window_actions_init (OssaWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions,
                                   G_N_ELEMENTS (win_actions), self);

  gtk_widget_add_controller (GTK_WIDGET (self),
                             GTK_EVENT_CONTROLLER (make_key_shortcuts ("ossa-window-shortcuts",
                                                                       window_shortcuts,
                                                                       G_N_ELEMENTS (window_shortcuts))));
  /* On the skeleton workspace's page: only while that workspace shows. */
  self->key_shortcuts = make_key_shortcuts ("ossa-key-shortcuts", key_shortcuts,
                                            G_N_ELEMENTS (key_shortcuts));
  gtk_widget_add_controller (gtk_stack_get_child_by_name (self->workspace_stack, "skeleton"),
                             GTK_EVENT_CONTROLLER (self->key_shortcuts));

  g_signal_connect_object (self->editor, "notify::tool",
                           G_CALLBACK (tool_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "notify::mode",
                           G_CALLBACK (mode_changed_cb), self, G_CONNECT_SWAPPED);
  gtk_spin_button_set_value (self->ik_chain_spin, ossa_editor_get_ik_chain_length (self->editor));
  g_signal_connect_object (self->ik_chain_spin, "value-changed",
                           G_CALLBACK (ik_chain_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->canvas, "notify::show-names",
                           G_CALLBACK (show_names_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->canvas, "notify::show-meshes",
                           G_CALLBACK (show_meshes_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->canvas, "notify::show-bones",
                           G_CALLBACK (show_bones_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->workspace_stack, "notify::visible-child-name",
                           G_CALLBACK (workspace_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->canvas, "notify::onion-skin",
                           G_CALLBACK (timeline_state_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->canvas, "notify::show-motion-path",
                           G_CALLBACK (timeline_state_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "notify::playing",
                           G_CALLBACK (timeline_state_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "notify::auto-key",
                           G_CALLBACK (timeline_state_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "notify::animation",
                           G_CALLBACK (timeline_state_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "notify::animation",
                           G_CALLBACK (keys_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "document-changed",
                           G_CALLBACK (timeline_state_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "document-changed",
                           G_CALLBACK (keys_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "key-selection-changed",
                           G_CALLBACK (keys_changed_cb), self, G_CONNECT_SWAPPED);
  /* Delete removes a picked attachment too, and K keys its slot. */
  g_signal_connect_object (self->editor, "art-selection-changed",
                           G_CALLBACK (_ossa_window_actions_update), self, G_CONNECT_SWAPPED);
  /* K keys a picked IK constraint too. */
  g_signal_connect_object (self->editor, "ik-selection-changed",
                           G_CALLBACK (_ossa_window_actions_update), self, G_CONNECT_SWAPPED);
  timeline_state_changed_cb (self);
  tool_changed_cb (self);
  mode_changed_cb (self);
  show_names_changed_cb (self);
  show_meshes_changed_cb (self);
  show_bones_changed_cb (self);
}

/**
 * _ossa_window_actions_update:
 * @self: an #OssaWindow
 *
 * Enables the actions that can do something now, and renames the Edit menu's undo
 * and redo items after the steps they would take.
 */
void
_ossa_window_actions_update (OssaWindow *self)
{
  const OssaDocument *doc = ossa_editor_get_document (self->editor);
  gsize n_selected;

  ossa_editor_get_selection (self->editor, &n_selected);
  set_enabled (self, "undo", ossa_editor_can_undo (self->editor));
  set_enabled (self, "redo", ossa_editor_can_redo (self->editor));
  set_enabled (self, "delete", n_selected > 0
                                 || ossa_editor_get_selected_attachment (self->editor) >= 0);
  set_enabled (self, "rename", ossa_editor_get_primary (self->editor) >= 0);
  set_enabled (self, "select-all", doc->skeleton.n_bones > 0);
  set_enabled (self, "select-none", n_selected > 0
                                      || ossa_editor_get_selected_slot (self->editor) >= 0);
  set_enabled (self, "export-smd", doc->n_animations > 0);
  set_enabled (self, "export-animation", doc->skeleton.n_bones > 0 || doc->n_slots > 0);
  {
    gboolean has_animation = current_animation (self) != NULL;
    gsize n_keys = 0;

    ossa_editor_get_selected_keys (self->editor, &n_keys);
    set_enabled (self, "duplicate-animation", has_animation);
    set_enabled (self, "rename-animation", has_animation);
    set_enabled (self, "delete-animation", has_animation);
    set_enabled (self, "animation-loop", has_animation);
    set_enabled (self, "key-bones",
                 n_selected > 0 || ossa_editor_get_selected_slot (self->editor) >= 0
                 || ossa_editor_get_selected_ik (self->editor) >= 0);
    set_enabled (self, "copy-keys", n_keys > 0);
    set_enabled (self, "delete-keys", n_keys > 0);
    set_enabled (self, "key-interp", n_keys > 0);
    set_enabled (self, "key-spin", n_keys > 0);
    set_enabled (self, "paste-keys", ossa_editor_can_paste_keys (self->editor));
  }
  _ossa_window_actions_sync_menus (self);
}

/* Sets item @index of @section to @label and @action, unless it is already. */
static void
set_menu_item (GMenu      *section,
               int         index,
               const char *label,
               const char *action)
{
  g_autofree char *current = NULL;
  GMenuModel *model = G_MENU_MODEL (section);

  if (index < g_menu_model_get_n_items (model))
    {
      g_menu_model_get_item_attribute (model, index, G_MENU_ATTRIBUTE_LABEL, "s", &current);
      if (g_strcmp0 (current, label) == 0)
        return;
      g_menu_remove (section, index);
    }
  g_menu_insert (section, index, label, action);
}

/**
 * _ossa_window_actions_sync_menus:
 * @self: an #OssaWindow
 *
 * When @self is its application's active window, makes the Edit menu (shared by
 * all windows) name @self's undo and redo steps: "Undo Rotate Bone".
 */
void
_ossa_window_actions_sync_menus (OssaWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  GMenu *section;
  g_autofree char *undo = NULL;
  g_autofree char *redo = NULL;
  const char *step;

  if (app == NULL || gtk_application_get_active_window (app) != GTK_WINDOW (self))
    return;
  section = gtk_application_get_menu_by_id (app, "undo-section");
  if (section == NULL)
    return;

  /* Core commands name themselves in English ("Rotate Bone"); the catalog may
   * have them. */
  step = ossa_editor_get_undo_label (self->editor);
  if (step != NULL && step[0] != '\0')
    /* Translators: an Edit menu item, %s is the step, e.g. "Undo Rotate Bone" */
    undo = g_strdup_printf (_("_Undo %s"), _(step));
  else
    undo = g_strdup (_("_Undo"));
  step = ossa_editor_get_redo_label (self->editor);
  if (step != NULL && step[0] != '\0')
    /* Translators: an Edit menu item, %s is the step, e.g. "Redo Rotate Bone" */
    redo = g_strdup_printf (_("_Redo %s"), _(step));
  else
    redo = g_strdup (_("_Redo"));
  set_menu_item (section, 0, undo, "win.undo");
  set_menu_item (section, 1, redo, "win.redo");
}
