/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The map workspace's actions (group "map", listed in ossa-map-editor.h): what
 * each does is a call into the part that owns it (files, search, strokes, chase,
 * view); this file holds their states (tool, paint, algorithm, connectivity), when
 * they are enabled, and the workspace's one-letter keys. */
#define G_LOG_DOMAIN "ossa-map-editor"

#include "config.h"

#include <glib/gi18n.h>

#include "ossa-map-editor-private.h"

static const char *const tool_names[] = {
  "brush", "rect", "line", "fill", "start", "goal", "cat", "mouse",
};

static void
new_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  _ossa_map_editor_show_size_dialog (OSSA_MAP_EDITOR (data), FALSE);
}

static void
open_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  _ossa_map_editor_choose_file (OSSA_MAP_EDITOR (data), FALSE);
}

static void
save_as_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  _ossa_map_editor_choose_file (OSSA_MAP_EDITOR (data), TRUE);
}

static void
resize_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  _ossa_map_editor_show_size_dialog (OSSA_MAP_EDITOR (data), TRUE);
}

static void
remove_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  OssaMapEditor *self = OSSA_MAP_EDITOR (data);
  g_autoptr(GError) error = NULL;

  if (_ossa_map_editor_current_map (self) != NULL
      && !ossa_editor_remove_map (self->editor, (guint) self->map, &error))
    _ossa_map_editor_show_error (self, _("Could not delete the map"), error);
}

static void
tool_change_state (GSimpleAction *action, GVariant *value, gpointer data)
{
  OssaMapEditor *self = OSSA_MAP_EDITOR (data);
  const char *name = g_variant_get_string (value, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (tool_names); i++)
    if (g_str_equal (name, tool_names[i]))
      {
        self->tool = (OssaMapTool) i;
        g_simple_action_set_state (action, value);
      }
}

static void
paint_change_state (GSimpleAction *action, GVariant *value, gpointer data)
{
  OssaMapEditor *self = OSSA_MAP_EDITOR (data);
  const char *name = g_variant_get_string (value, NULL);

  if (!g_str_equal (name, "wall") && !g_str_equal (name, "floor"))
    return;
  self->paint_walkable = g_str_equal (name, "floor");
  g_simple_action_set_state (action, value);
}

static void
swap_paint_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  OssaMapEditor *self = OSSA_MAP_EDITOR (data);

  g_action_group_change_action_state (G_ACTION_GROUP (self->actions), "paint",
                                      g_variant_new_string (self->paint_walkable ? "wall"
                                                                                 : "floor"));
}

static void
brush_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  OssaMapEditor *self = OSSA_MAP_EDITOR (data);
  double size = gtk_adjustment_get_value (self->brush_adjustment);

  if (g_str_equal (g_action_get_name (G_ACTION (action)), "brush-bigger"))
    gtk_adjustment_set_value (self->brush_adjustment, size + 1);
  else
    gtk_adjustment_set_value (self->brush_adjustment, size - 1);
}

static void
algorithm_change_state (GSimpleAction *action, GVariant *value, gpointer data)
{
  OssaMapEditor *self = OSSA_MAP_EDITOR (data);
  OssaPathAlgorithm algorithm;

  if (!ossa_path_algorithm_from_name (g_variant_get_string (value, NULL), &algorithm))
    return;
  self->algorithm = algorithm;
  g_simple_action_set_state (action,
                             g_variant_new_string (ossa_path_algorithm_name (algorithm)));
  _ossa_map_editor_search_settings_changed (self);
}

static void
connect_change_state (GSimpleAction *action, GVariant *value, gpointer data)
{
  OssaMapEditor *self = OSSA_MAP_EDITOR (data);
  int connect = g_variant_get_int32 (value);

  if (connect != 4 && connect != 8)
    return;
  self->connect = connect;
  g_simple_action_set_state (action, value);
  _ossa_map_editor_search_settings_changed (self);
}

static void
step_mode_change_state (GSimpleAction *action, GVariant *value, gpointer data)
{
  OssaMapEditor *self = OSSA_MAP_EDITOR (data);

  if (g_variant_get_boolean (value))
    _ossa_map_editor_start_stepping (self);
  else
    _ossa_map_editor_stop_stepping (self);
}

static void
step_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  OssaMapEditor *self = OSSA_MAP_EDITOR (data);

  _ossa_map_editor_set_playing (self, FALSE);
  _ossa_map_editor_start_stepping (self);
  _ossa_map_editor_step_search (self, 1);
}

static void
finish_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  _ossa_map_editor_finish_search (OSSA_MAP_EDITOR (data));
}

static void
play_change_state (GSimpleAction *action, GVariant *value, gpointer data)
{
  OssaMapEditor *self = OSSA_MAP_EDITOR (data);
  gboolean play = g_variant_get_boolean (value);

  if (play)
    {
      _ossa_map_editor_start_stepping (self);
      /* Play after the end starts again. */
      if (ossa_pathfinder_status (self->finder) != OSSA_SEARCH_RUNNING)
        _ossa_map_editor_restart_stepping (self);
    }
  _ossa_map_editor_set_playing (self, play && self->info.searched);
}

static void
restart_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  OssaMapEditor *self = OSSA_MAP_EDITOR (data);

  if (self->stepping)
    _ossa_map_editor_restart_stepping (self);
  else
    _ossa_map_editor_start_stepping (self);
}

static void
clear_agents_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  _ossa_map_editor_clear_agents (OSSA_MAP_EDITOR (data));
}

static gboolean
cell_parameter (OssaMapEditor *self, GVariant *parameter, guint *x, guint *y)
{
  g_variant_get (parameter, "(uu)", x, y);
  return *x < self->width && *y < self->height;
}

static void
place_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  OssaMapEditor *self = OSSA_MAP_EDITOR (data);
  const char *name = g_action_get_name (G_ACTION (action));
  guint x, y;

  if (!cell_parameter (self, parameter, &x, &y))
    return;
  if (g_str_equal (name, "set-start"))
    _ossa_map_editor_place_start (self, x, y, 0);
  else if (g_str_equal (name, "set-goal"))
    _ossa_map_editor_place_goal (self, x, y, 0);
  else if (g_str_equal (name, "place-cat"))
    _ossa_map_editor_place_cat (self, x, y);
  else if (g_str_equal (name, "add-mouse"))
    _ossa_map_editor_toggle_mouse (self, x, y);
}

static void
clear_ends_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  OssaMapEditor *self = OSSA_MAP_EDITOR (data);

  if (self->width > 0)
    _ossa_map_editor_set_endpoints (self, FALSE, 0, 0, FALSE, 0, 0, 0);
}

static void
view_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  OssaMapEditor *self = OSSA_MAP_EDITOR (data);
  g_autofree char *name = g_strconcat ("map-view.", g_action_get_name (G_ACTION (action)), NULL);

  gtk_widget_activate_action (GTK_WIDGET (self->view), name, NULL);
}

static const GActionEntry map_actions[] = {
  { "new", new_activated, NULL, NULL, NULL, { 0 } },
  { "open", open_activated, NULL, NULL, NULL, { 0 } },
  { "save-as", save_as_activated, NULL, NULL, NULL, { 0 } },
  { "resize", resize_activated, NULL, NULL, NULL, { 0 } },
  { "remove", remove_activated, NULL, NULL, NULL, { 0 } },
  { "tool", NULL, "s", "'brush'", tool_change_state, { 0 } },
  { "paint", NULL, "s", "'wall'", paint_change_state, { 0 } },
  { "swap-paint", swap_paint_activated, NULL, NULL, NULL, { 0 } },
  { "brush-bigger", brush_activated, NULL, NULL, NULL, { 0 } },
  { "brush-smaller", brush_activated, NULL, NULL, NULL, { 0 } },
  { "algorithm", NULL, "s", "'astar'", algorithm_change_state, { 0 } },
  { "connect", NULL, "i", "8", connect_change_state, { 0 } },
  { "step-mode", NULL, NULL, "false", step_mode_change_state, { 0 } },
  { "step", step_activated, NULL, NULL, NULL, { 0 } },
  { "finish", finish_activated, NULL, NULL, NULL, { 0 } },
  { "play", NULL, NULL, "false", play_change_state, { 0 } },
  { "restart", restart_activated, NULL, NULL, NULL, { 0 } },
  { "clear-agents", clear_agents_activated, NULL, NULL, NULL, { 0 } },
  { "set-start", place_activated, "(uu)", NULL, NULL, { 0 } },
  { "set-goal", place_activated, "(uu)", NULL, NULL, { 0 } },
  { "place-cat", place_activated, "(uu)", NULL, NULL, { 0 } },
  { "add-mouse", place_activated, "(uu)", NULL, NULL, { 0 } },
  { "clear-ends", clear_ends_activated, NULL, NULL, NULL, { 0 } },
  { "zoom-in", view_activated, NULL, NULL, NULL, { 0 } },
  { "zoom-out", view_activated, NULL, NULL, NULL, { 0 } },
  { "fit", view_activated, NULL, NULL, NULL, { 0 } },
};

/* The workspace's keys: in the bubble phase, so a focused entry keeps the ones
 * that type text, and on the workspace, so that they never act while it is
 * hidden (the skeleton workspace binds its own the same way,
 * ossa-window-actions.c: Ctrl+Alt+N is a new map here and a new animation
 * there). */
static const struct
{
  const char *trigger;
  const char *action;
  const char *target;
} key_shortcuts[] = {
  { "b", "map.tool", "'brush'" },
  { "r", "map.tool", "'rect'" },
  { "l", "map.tool", "'line'" },
  { "f", "map.tool", "'fill'" },
  { "s", "map.tool", "'start'" },
  { "g", "map.tool", "'goal'" },
  { "c", "map.tool", "'cat'" },
  { "m", "map.tool", "'mouse'" },
  { "x", "map.swap-paint", NULL },
  { "bracketright", "map.brush-bigger", NULL },
  { "bracketleft", "map.brush-smaller", NULL },
  { "period", "map.step", NULL },
  { "End", "map.finish", NULL },
  { "space", "map.play", NULL },
  { "BackSpace", "map.restart", NULL },
  { "Home", "map.fit", NULL },
  { "1", "map.algorithm", "'astar'" },
  { "2", "map.algorithm", "'dijkstra'" },
  { "3", "map.algorithm", "'greedy'" },
  { "8", "map.connect", "8" },
  { "4", "map.connect", "4" },
  { "v", "map.step-mode", NULL },
  { "<Shift>c", "map.clear-agents", NULL },
  { "<Control><Alt>n", "map.new", NULL },
  { "<Control><Alt>o", "map.open", NULL },
  { "<Control><Alt>s", "map.save-as", NULL },
  { "<Control><Alt>r", "map.resize", NULL },
  { "<Control><Alt>d", "map.remove", NULL },
};

void
_ossa_map_editor_update_actions (OssaMapEditor *self)
{
  gboolean has_map = _ossa_map_editor_current_map (self) != NULL;
  const char *needs_map[] = { "save-as", "resize", "remove", "step", "finish", "play",
                              "restart", "step-mode", "clear-ends", "zoom-in", "zoom-out",
                              "fit" };

  for (guint i = 0; i < G_N_ELEMENTS (needs_map); i++)
    g_simple_action_set_enabled (_ossa_map_editor_lookup (self, needs_map[i]), has_map);
  g_simple_action_set_enabled (_ossa_map_editor_lookup (self, "new"), self->editor != NULL);
  g_simple_action_set_enabled (_ossa_map_editor_lookup (self, "open"), self->editor != NULL);
}

/* The "map" group (inserted on the workspace, handed to the window by
 * ossa_map_editor_get_actions()) and its one-letter keys. */
void
_ossa_map_editor_init_actions (OssaMapEditor *self)
{
  GtkEventController *keys;

  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), map_actions,
                                   G_N_ELEMENTS (map_actions), self);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "map", G_ACTION_GROUP (self->actions));

  keys = gtk_shortcut_controller_new ();
  gtk_event_controller_set_name (keys, "ossa-map-shortcuts");
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_BUBBLE);
  for (guint i = 0; i < G_N_ELEMENTS (key_shortcuts); i++)
    {
      GtkShortcut *shortcut = gtk_shortcut_new (gtk_shortcut_trigger_parse_string (key_shortcuts[i].trigger),
                                                gtk_named_action_new (key_shortcuts[i].action));

      if (key_shortcuts[i].target != NULL)
        gtk_shortcut_set_arguments (shortcut, g_variant_parse (NULL, key_shortcuts[i].target,
                                                               NULL, NULL, NULL));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys), shortcut);
    }
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}
