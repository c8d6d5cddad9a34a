/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The map workspace as a widget: its template, the editor it edits, and following
 * that editor's document into the copy of the map on show that the view draws and
 * the searchers are told. The other parts are in the files named in
 * ossa-map-editor-private.h. */
#define G_LOG_DOMAIN "ossa-map-editor"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "ossa-dialogs.h"
#include "ossa-gerror.h"
#include "ossa-map-editor-private.h"

G_DEFINE_FINAL_TYPE (OssaMapEditor, ossa_map_editor, GTK_TYPE_BOX)

enum
{
  PROP_0,
  PROP_MAP,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const OssaDocument *
get_document (OssaMapEditor *self)
{
  return self->editor != NULL ? ossa_editor_get_document (self->editor) : NULL;
}

const OssaGridMap *
_ossa_map_editor_current_map (OssaMapEditor *self)
{
  const OssaDocument *doc = get_document (self);

  if (doc == NULL || self->map < 0 || (gsize) self->map >= doc->n_maps)
    return NULL;
  return &doc->maps[self->map];
}

GSimpleAction *
_ossa_map_editor_lookup (OssaMapEditor *self, const char *name)
{
  return G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self->actions), name));
}

void
_ossa_map_editor_show_error (OssaMapEditor *self, const char *primary, const GError *error)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  ossa_dialogs_show_error (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, primary,
                           error != NULL ? error->message : NULL);
}

/* ---- following the document ---- */

static void
update_size_label (OssaMapEditor *self)
{
  const OssaGridMap *m = _ossa_map_editor_current_map (self);
  g_autofree char *text = NULL;
  gsize walkable = 0;

  if (m == NULL)
    {
      gtk_label_set_text (self->size_label, "");
      return;
    }
  for (gsize i = 0, n = (gsize) self->width * self->height; i < n; i++)
    walkable += self->cells[i] != 0;
  /* Translators: a map's size and how many of its cells are walkable */
  text = g_strdup_printf (_("%u × %u cells, %.1f %% walkable"), self->width, self->height,
                          100.0 * (double) walkable / ((double) self->width * self->height));
  gtk_label_set_text (self->size_label, text);
}

static void
update_dropdown (OssaMapEditor *self)
{
  const OssaDocument *doc = get_document (self);
  guint n = doc != NULL ? (guint) doc->n_maps : 0;
  g_autofree const char **names = g_new0 (const char *, n + 1);
  guint old = g_list_model_get_n_items (G_LIST_MODEL (self->map_names));
  gboolean same = old == n;

  for (guint i = 0; i < n; i++)
    {
      names[i] = doc->maps[i].name != NULL && doc->maps[i].name[0] != '\0' ? doc->maps[i].name
                                                                            : _("Untitled");
      same = same && g_strcmp0 (names[i], gtk_string_list_get_string (self->map_names, i)) == 0;
    }
  self->updating_dropdown = TRUE;
  if (!same)
    gtk_string_list_splice (self->map_names, 0, old, names);
  if (self->map >= 0)
    gtk_drop_down_set_selected (self->map_dropdown, (guint) self->map);
  self->updating_dropdown = FALSE;
}

/* Reads the map on show into the copy, the view and the searchers: all of it when
 * @whole (another map, another size), else the cells that differ (in the hinted
 * box when our own edit caused the change). Returns whether anything changed. */
static gboolean
sync_from_document (OssaMapEditor *self, gboolean whole)
{
  const OssaGridMap *m = _ossa_map_editor_current_map (self);
  gboolean changed = FALSE;
  guint x0 = G_MAXUINT, y0 = G_MAXUINT, x1 = 0, y1 = 0;
  guint bx, by, bw, bh;

  if (m == NULL)
    {
      if (self->cells == NULL && self->width == 0)
        return FALSE;
      g_clear_pointer (&self->cells, g_free);
      g_clear_error (&self->map_error);
      self->width = self->height = 0;
      self->has_start = self->has_goal = FALSE;
      _ossa_map_editor_stop_stepping (self);
      ossa_map_view_set_cells (self->view, 0, 0, NULL);
      gtk_stack_set_visible_child_name (self->content_stack, "empty");
      return TRUE;
    }
  gtk_stack_set_visible_child_name (self->content_stack, "map");

  if (whole || m->width != self->width || m->height != self->height || self->cells == NULL)
    {
      OssaError err = { 0 };
      gboolean resized = m->width != self->width || m->height != self->height;

      g_free (self->cells);
      self->width = m->width;
      self->height = m->height;
      self->cells = g_memdup2 (m->cells, (gsize) m->width * m->height);
      /* A map over the budget is still shown and painted; its searches say why
       * they cannot run (ossa-map-search.c), rather than a dialog each stroke. */
      g_clear_error (&self->map_error);
      if (!ossa_pathfinder_set_map (self->finder, m, &err))
        {
          g_debug ("%s", err.message);
          ossa_gerror_set_from_core (&self->map_error, &err);
        }
      /* The chase's searcher, unbound, finds no routes: the animals stay. */
      if (!ossa_pathfinder_set_map (self->agent_finder, m, &err))
        g_debug ("%s", err.message);
      if (resized && self->stepping)
        g_clear_pointer (&self->states, g_free);
      ossa_map_view_set_cells (self->view, self->width, self->height, self->cells);
      if (resized)
        ossa_map_view_fit (self->view);
      changed = TRUE;
    }
  else
    {
      if (self->hint_valid)
        bx = self->hint[0], by = self->hint[1], bw = self->hint[2], bh = self->hint[3];
      else
        bx = 0, by = 0, bw = self->width, bh = self->height;
      for (guint y = by; y < by + bh; y++)
        {
          guint8 *mine = self->cells + (gsize) y * self->width;
          const guint8 *theirs = m->cells + (gsize) y * m->width;

          if (memcmp (mine + bx, theirs + bx, bw) == 0)
            continue;
          for (guint x = bx; x < bx + bw; x++)
            if ((mine[x] != 0) != (theirs[x] != 0))
              {
                mine[x] = theirs[x] != 0;
                ossa_pathfinder_set_cell (self->finder, x, y, mine[x]);
                ossa_pathfinder_set_cell (self->agent_finder, x, y, mine[x]);
                x0 = MIN (x0, x), x1 = MAX (x1, x);
                y0 = MIN (y0, y), y1 = MAX (y1, y);
              }
        }
      if (x0 != G_MAXUINT)
        {
          ossa_map_view_cells_changed (self->view, x0, y0, x1 - x0 + 1, y1 - y0 + 1);
          changed = TRUE;
        }
    }
  self->hint_valid = FALSE;

  if (m->has_start != self->has_start || m->has_goal != self->has_goal
      || (m->has_start && (m->start_x != self->start_x || m->start_y != self->start_y))
      || (m->has_goal && (m->goal_x != self->goal_x || m->goal_y != self->goal_y)))
    {
      self->has_start = m->has_start;
      self->has_goal = m->has_goal;
      self->start_x = m->start_x, self->start_y = m->start_y;
      self->goal_x = m->goal_x, self->goal_y = m->goal_y;
      changed = TRUE;
    }
  return changed;
}

static void
refresh (OssaMapEditor *self, gboolean whole)
{
  const OssaDocument *doc = get_document (self);
  int n = doc != NULL ? (int) doc->n_maps : 0;

  if (self->map >= n)
    {
      self->map = n - 1;
      whole = TRUE;
    }
  else if (self->map < 0 && n > 0)
    {
      self->map = 0;
      whole = TRUE;
    }
  update_dropdown (self);
  if (sync_from_document (self, whole))
    {
      update_size_label (self);
      if (self->stepping)
        _ossa_map_editor_restart_stepping (self);
      else
        _ossa_map_editor_schedule_search (self);
      _ossa_map_editor_update_marks (self);
    }
  _ossa_map_editor_update_actions (self);
  if (self->map != self->notified_map)
    {
      self->notified_map = self->map;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAP]);
    }
}

static void
document_changed_cb (OssaMapEditor *self, guint change, OssaEditor *editor)
{
  if (change & OSSA_CHANGE_DOCUMENT)
    {
      self->map = -1;
      refresh (self, TRUE);
      return;
    }
  refresh (self, FALSE);
}

void
_ossa_map_editor_set_label_printf (GtkLabel *label, const char *format, ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  gtk_label_set_text (label, text);
}

/* ---- what the view shows on top ---- */

void
_ossa_map_editor_update_marks (OssaMapEditor *self)
{
  g_autoptr(GArray) marks = g_array_new (FALSE, FALSE, sizeof (OssaMapMark));
  OssaCell current;

  if (self->width > 0)
    {
      if (self->stepping && ossa_pathfinder_current (self->finder, &current)
          && ossa_pathfinder_status (self->finder) == OSSA_SEARCH_RUNNING)
        g_array_append_val (marks, ((OssaMapMark) { OSSA_MAP_MARK_CURRENT, current.x + 0.5,
                                                    current.y + 0.5 }));
      if (self->has_start)
        g_array_append_val (marks, ((OssaMapMark) { OSSA_MAP_MARK_START, self->start_x + 0.5,
                                                    self->start_y + 0.5 }));
      if (self->has_goal)
        g_array_append_val (marks, ((OssaMapMark) { OSSA_MAP_MARK_GOAL, self->goal_x + 0.5,
                                                    self->goal_y + 0.5 }));
      for (guint i = 0; i < self->mice->len; i++)
        {
          OssaMapAgent *mouse = &g_array_index (self->mice, OssaMapAgent, i);

          g_array_append_val (marks, ((OssaMapMark) { OSSA_MAP_MARK_MOUSE, mouse->x, mouse->y }));
        }
      if (self->has_cat)
        g_array_append_val (marks, ((OssaMapMark) { OSSA_MAP_MARK_CAT, self->cat.x, self->cat.y }));
    }
  ossa_map_view_set_marks (self->view, (const OssaMapMark *) (gpointer) marks->data, marks->len);
}

gboolean
_ossa_map_editor_cell_of (OssaMapEditor *self, double x, double y, int *cx, int *cy)
{
  *cx = (int) floor (x);
  *cy = (int) floor (y);
  return *cx >= 0 && *cy >= 0 && (guint) *cx < self->width && (guint) *cy < self->height;
}

/* ---- public ---- */

GActionGroup *
ossa_map_editor_get_actions (OssaMapEditor *self)
{
  g_return_val_if_fail (OSSA_IS_MAP_EDITOR (self), NULL);
  return G_ACTION_GROUP (self->actions);
}

OssaMapView *
ossa_map_editor_get_view (OssaMapEditor *self)
{
  g_return_val_if_fail (OSSA_IS_MAP_EDITOR (self), NULL);
  return self->view;
}

int
ossa_map_editor_get_map (OssaMapEditor *self)
{
  g_return_val_if_fail (OSSA_IS_MAP_EDITOR (self), -1);
  return self->map;
}

void
ossa_map_editor_set_map (OssaMapEditor *self, int map)
{
  const OssaDocument *doc;

  g_return_if_fail (OSSA_IS_MAP_EDITOR (self));
  doc = get_document (self);
  if (doc == NULL || map < 0 || (gsize) map >= doc->n_maps || map == self->map)
    return;
  self->map = map;
  _ossa_map_editor_clear_agents (self);
  refresh (self, TRUE);
  ossa_map_view_fit (self->view);
}

void
_ossa_map_editor_set_memory_budget (OssaMapEditor *self, guint64 bytes)
{
  OssaPathfinder *finder = ossa_pathfinder_new (), *agent_finder = ossa_pathfinder_new ();

  if (finder == NULL || agent_finder == NULL)
    g_error ("out of memory");
  /* New searchers: the old ones keep what they grew under the old budget. */
  _ossa_map_editor_set_playing (self, FALSE);
  ossa_pathfinder_free (self->finder);
  ossa_pathfinder_free (self->agent_finder);
  self->finder = finder;
  self->agent_finder = agent_finder;
  ossa_pathfinder_set_memory_budget (self->finder, bytes);
  ossa_pathfinder_set_memory_budget (self->agent_finder, bytes);
  refresh (self, TRUE);
}

/* OSSA_PATH_MEMORY_BUDGET_ENV in bytes, or 0 (the core's default) when unset or
 * not a number of bytes (said once, on standard error). */
static guint64
memory_budget_from_environment (void)
{
  const char *env = g_getenv (OSSA_PATH_MEMORY_BUDGET_ENV);
  guint64 bytes = 0;

  if (env == NULL || env[0] == '\0')
    return 0;
  if (!g_ascii_string_to_unsigned (env, 10, 1, G_MAXUINT64, &bytes, NULL))
    {
      g_warning ("%s=%s is not a number of bytes; the map searches keep the default "
                 "memory budget of %" G_GUINT64_FORMAT " MiB",
                 OSSA_PATH_MEMORY_BUDGET_ENV, env,
                 ossa_pathfinder_default_memory_budget () >> 20);
      return 0;
    }
  return bytes;
}

static void
dropdown_selected_cb (OssaMapEditor *self)
{
  guint selected = gtk_drop_down_get_selected (self->map_dropdown);

  if (!self->updating_dropdown && selected != GTK_INVALID_LIST_POSITION)
    ossa_map_editor_set_map (self, (int) selected);
}

void
ossa_map_editor_set_editor (OssaMapEditor *self, OssaEditor *editor)
{
  g_return_if_fail (OSSA_IS_MAP_EDITOR (self));
  g_return_if_fail (editor == NULL || OSSA_IS_EDITOR (editor));

  if (self->editor == editor)
    return;
  if (self->editor != NULL)
    g_signal_handlers_disconnect_by_data (self->editor, self);
  g_set_object (&self->editor, editor);
  if (editor != NULL)
    g_signal_connect_swapped (editor, "document-changed", G_CALLBACK (document_changed_cb), self);
  self->map = -1;
  _ossa_map_editor_clear_agents (self);
  refresh (self, TRUE);
}

/* ---- GObject ---- */

static void
ossa_map_editor_dispose (GObject *object)
{
  OssaMapEditor *self = OSSA_MAP_EDITOR (object);

  g_clear_handle_id (&self->search_idle, g_source_remove);
  if (self->view != NULL)
    {
      _ossa_map_editor_set_playing (self, FALSE);
      _ossa_map_editor_stop_agents (self);
    }
  if (self->stroking && self->tool == OSSA_MAP_TOOL_BRUSH && self->editor != NULL)
    ossa_editor_end_group (self->editor);
  self->stroking = FALSE;
  if (self->editor != NULL)
    g_signal_handlers_disconnect_by_data (self->editor, self);
  g_clear_object (&self->editor);
  g_clear_pointer (&self->context_menu, gtk_widget_unparent);
  gtk_widget_dispose_template (GTK_WIDGET (self), OSSA_TYPE_MAP_EDITOR);
  g_clear_object (&self->actions);
  g_clear_object (&self->map_names);
  G_OBJECT_CLASS (ossa_map_editor_parent_class)->dispose (object);
}

static void
ossa_map_editor_finalize (GObject *object)
{
  OssaMapEditor *self = OSSA_MAP_EDITOR (object);

  _ossa_map_editor_free_agents (self);
  g_array_unref (self->path);
  g_rand_free (self->rand);
  g_free (self->cells);
  g_free (self->states);
  g_clear_error (&self->map_error);
  g_clear_error (&self->search_error);
  ossa_pathfinder_free (self->finder);
  ossa_pathfinder_free (self->agent_finder);
  G_OBJECT_CLASS (ossa_map_editor_parent_class)->finalize (object);
}

static void
ossa_map_editor_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  OssaMapEditor *self = OSSA_MAP_EDITOR (object);

  switch (prop_id)
    {
    case PROP_MAP:
      g_value_set_int (value, self->map);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_map_editor_class_init (OssaMapEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ossa_map_editor_dispose;
  object_class->finalize = ossa_map_editor_finalize;
  object_class->get_property = ossa_map_editor_get_property;

  /* The index of the document map on show, or -1 (read-only). */
  properties[PROP_MAP] = g_param_spec_int ("map", NULL, NULL, -1, G_MAXINT, -1,
                                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS
                                           | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (OSSA_TYPE_MAP_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/ossa-map-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, OssaMapEditor, content_stack);
  gtk_widget_class_bind_template_child (widget_class, OssaMapEditor, view);
  gtk_widget_class_bind_template_child (widget_class, OssaMapEditor, map_dropdown);
  gtk_widget_class_bind_template_child (widget_class, OssaMapEditor, size_label);
  gtk_widget_class_bind_template_child (widget_class, OssaMapEditor, found_label);
  gtk_widget_class_bind_template_child (widget_class, OssaMapEditor, length_label);
  gtk_widget_class_bind_template_child (widget_class, OssaMapEditor, expansions_label);
  gtk_widget_class_bind_template_child (widget_class, OssaMapEditor, time_label);
  gtk_widget_class_bind_template_child (widget_class, OssaMapEditor, search_error_label);
  gtk_widget_class_bind_template_child (widget_class, OssaMapEditor, step_label);
  gtk_widget_class_bind_template_child (widget_class, OssaMapEditor, cell_label);
  gtk_widget_class_bind_template_child (widget_class, OssaMapEditor, speed_label);
  gtk_widget_class_bind_template_child (widget_class, OssaMapEditor, agents_label);
  gtk_widget_class_bind_template_child (widget_class, OssaMapEditor, brush_adjustment);
  gtk_widget_class_bind_template_child (widget_class, OssaMapEditor, speed_adjustment);
  gtk_widget_class_bind_template_child (widget_class, OssaMapEditor, cat_speed_adjustment);
  gtk_widget_class_set_css_name (widget_class, "ossa-map-editor");
}

static void
ossa_map_editor_init (OssaMapEditor *self)
{
  guint64 budget;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->map = -1;
  self->notified_map = -1;
  self->connect = 8;
  self->algorithm = OSSA_PATH_ASTAR;
  self->finder = ossa_pathfinder_new ();
  self->agent_finder = ossa_pathfinder_new ();
  self->path = g_array_new (FALSE, FALSE, sizeof (OssaCell));
  self->mice = g_array_new (FALSE, FALSE, sizeof (OssaMapAgent));
  self->rand = g_rand_new_with_seed (20240601);
  if (self->finder == NULL || self->agent_finder == NULL)
    g_error ("out of memory");
  budget = memory_budget_from_environment ();
  ossa_pathfinder_set_memory_budget (self->finder, budget);
  ossa_pathfinder_set_memory_budget (self->agent_finder, budget);

  _ossa_map_editor_init_actions (self);

  self->map_names = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->map_dropdown, G_LIST_MODEL (self->map_names));
  g_signal_connect_swapped (self->map_dropdown, "notify::selected",
                            G_CALLBACK (dropdown_selected_cb), self);

  _ossa_map_editor_init_menu (self);
  _ossa_map_editor_init_strokes (self);
  _ossa_map_editor_init_search (self);
  _ossa_map_editor_update_agents_label (self);
  _ossa_map_editor_update_actions (self);
  gtk_stack_set_visible_child_name (self->content_stack, "empty");
}

GtkWidget *
ossa_map_editor_new (void)
{
  return g_object_new (OSSA_TYPE_MAP_EDITOR, NULL);
}
