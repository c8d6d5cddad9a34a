/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-map-editor"

#include "config.h"

#include <inttypes.h>

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "ossa-dialogs.h"
#include "ossa-editor-maps.h"
#include "ossa-gerror.h"
#include "ossa-map-editor.h"

/* Nodes a frame at most while playing a stepped search. */
#define MAX_STEPS_A_FRAME 20000
/* A mouse flees when the cat comes this close (cells), to a cell this far. */
#define FLEE_RADIUS 6.0
#define FLEE_DISTANCE 10
#define MOUSE_SPEED_RATIO 0.75
#define CATCH_DISTANCE 0.6
#define NEW_MAP_SIDE 40

typedef struct
{
  double  x, y;      /* centre, cell coordinates */
  GArray *route;     /* of OssaCell: the cells still to visit, in order */
  guint   next;      /* index into route of the cell being walked to */
} Agent;

struct _OssaMapEditor
{
  GtkBox              parent_instance;

  /* Template children */
  GtkStack           *content_stack;
  OssaMapView        *view;
  GtkDropDown        *map_dropdown;
  GtkLabel           *size_label;
  GtkLabel           *found_label;
  GtkLabel           *length_label;
  GtkLabel           *expansions_label;
  GtkLabel           *time_label;
  GtkLabel           *step_label;
  GtkLabel           *cell_label;
  GtkLabel           *speed_label;
  GtkLabel           *agents_label;
  GtkAdjustment      *brush_adjustment;
  GtkAdjustment      *speed_adjustment;
  GtkAdjustment      *cat_speed_adjustment;

  OssaEditor         *editor;
  GSimpleActionGroup *actions;
  GtkStringList      *map_names;
  GtkWidget          *context_menu;
  gboolean            updating_dropdown;

  /* The map on show: its index and a copy of its cells (what the view draws and
   * the searchers were told), compared with the document after every change. */
  int                 map;
  int                 notified_map;  /* the "map" value last notified */
  guint               width, height;
  guint8             *cells;
  gboolean            has_start, has_goal;
  guint               start_x, start_y, goal_x, goal_y;
  /* Set around our own cell edits: only this box can differ. */
  gboolean            hint_valid;
  guint               hint[4];   /* x, y, width, height */

  OssaPathfinder     *finder;     /* the start-to-goal search, stepped or not */
  OssaPathfinder     *agent_finder;

  OssaMapTool         tool;
  gboolean            paint_walkable;
  OssaPathAlgorithm   algorithm;
  int                 connect;

  /* The live search. */
  guint               search_idle;
  OssaMapSearchInfo   info;
  GArray             *path;       /* of OssaCell */

  /* A drag. */
  gboolean            stroking;
  int                 stroke_x0, stroke_y0, stroke_x, stroke_y;
  guint64             merge_id;

  /* Step mode. */
  gboolean            stepping;
  gboolean            playing;
  guint8             *states;
  guint64             steps;
  double              step_carry;
  guint               step_tick;
  gint64              step_last_time;

  /* The demo. */
  gboolean            has_cat;
  Agent               cat;
  GArray             *mice;       /* of Agent */
  guint               caught;
  GRand              *rand;
  guint               agent_tick;
  gint64              agent_last_time;
};

G_DEFINE_FINAL_TYPE (OssaMapEditor, ossa_map_editor, GTK_TYPE_BOX)

enum
{
  PROP_0,
  PROP_MAP,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char *const tool_names[] = {
  "brush", "rect", "line", "fill", "start", "goal", "cat", "mouse",
};

static void schedule_search (OssaMapEditor *self);
static void restart_stepping (OssaMapEditor *self);
static void stop_stepping (OssaMapEditor *self);
static void update_marks (OssaMapEditor *self);
static void update_step_label (OssaMapEditor *self);
static void update_actions (OssaMapEditor *self);

static const OssaDocument *
get_document (OssaMapEditor *self)
{
  return self->editor != NULL ? ossa_editor_get_document (self->editor) : NULL;
}

static const OssaGridMap *
current_map (OssaMapEditor *self)
{
  const OssaDocument *doc = get_document (self);

  if (doc == NULL || self->map < 0 || (gsize) self->map >= doc->n_maps)
    return NULL;
  return &doc->maps[self->map];
}

static GSimpleAction *
lookup (OssaMapEditor *self, const char *name)
{
  return G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self->actions), name));
}

static void
show_error (OssaMapEditor *self, const char *primary, const GError *error)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  ossa_dialogs_show_error (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, primary,
                           error != NULL ? error->message : NULL);
}

/* The window shows the map workspace (after New Map, Open Map…). */
static void
show_workspace (OssaMapEditor *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.workspace", "s", "map");
}

/* ---- following the document ---- */

static void
update_size_label (OssaMapEditor *self)
{
  const OssaGridMap *m = current_map (self);
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
  const OssaGridMap *m = current_map (self);
  gboolean changed = FALSE;
  guint x0 = G_MAXUINT, y0 = G_MAXUINT, x1 = 0, y1 = 0;
  guint bx, by, bw, bh;

  if (m == NULL)
    {
      if (self->cells == NULL && self->width == 0)
        return FALSE;
      g_clear_pointer (&self->cells, g_free);
      self->width = self->height = 0;
      self->has_start = self->has_goal = FALSE;
      stop_stepping (self);
      ossa_map_view_set_cells (self->view, 0, 0, NULL);
      gtk_stack_set_visible_child_name (self->content_stack, "empty");
      return TRUE;
    }
  gtk_stack_set_visible_child_name (self->content_stack, "map");

  if (whole || m->width != self->width || m->height != self->height || self->cells == NULL)
    {
      g_autoptr(GError) error = NULL;
      OssaError err = { 0 };
      gboolean resized = m->width != self->width || m->height != self->height;

      g_free (self->cells);
      self->width = m->width;
      self->height = m->height;
      self->cells = g_memdup2 (m->cells, (gsize) m->width * m->height);
      if (!ossa_pathfinder_set_map (self->finder, m, &err)
          || !ossa_pathfinder_set_map (self->agent_finder, m, &err))
        g_warning ("%s", err.message);
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
        restart_stepping (self);
      else
        schedule_search (self);
      update_marks (self);
    }
  update_actions (self);
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

/* ---- the search ---- */

static void
set_label_printf (GtkLabel *label, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
set_label_printf (GtkLabel *label, const char *format, ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  gtk_label_set_text (label, text);
}

static void
write_dump (OssaMapEditor *self)
{
  const char *path = g_getenv ("OSSA_MAP_VIEW_DUMP");
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  graphene_point_t origin = GRAPHENE_POINT_INIT (0, 0);
  double cx = 0, cy = 0, zoom = 1;
  g_autofree char *json = NULL;
  g_autoptr(GError) error = NULL;
  char length[G_ASCII_DTOSTR_BUF_SIZE], fx[G_ASCII_DTOSTR_BUF_SIZE],
       fy[G_ASCII_DTOSTR_BUF_SIZE], fz[G_ASCII_DTOSTR_BUF_SIZE];

  if (path == NULL || path[0] == '\0' || root == NULL
      || !gtk_widget_get_mapped (GTK_WIDGET (self->view))
      || !gtk_widget_compute_point (GTK_WIDGET (self->view), GTK_WIDGET (root),
                                    &GRAPHENE_POINT_INIT (0, 0), &origin))
    return;
  ossa_map_view_get_camera (self->view, &cx, &cy, &zoom);
  /* Where cell (0, 0)'s corner is in the window, and how big a cell is. */
  g_ascii_dtostr (fx, sizeof fx, origin.x + 0.5 * gtk_widget_get_width (GTK_WIDGET (self->view))
                                 - cx * zoom);
  g_ascii_dtostr (fy, sizeof fy, origin.y + 0.5 * gtk_widget_get_height (GTK_WIDGET (self->view))
                                 - cy * zoom);
  g_ascii_dtostr (fz, sizeof fz, zoom);
  g_ascii_dtostr (length, sizeof length, self->info.length);
  json = g_strdup_printf ("{\"width\": %u, \"height\": %u, \"origin\": [%s, %s], \"zoom\": %s, "
                          "\"searched\": %s, \"found\": %s, \"length\": %s, "
                          "\"expansions\": %" G_GUINT64_FORMAT "}\n",
                          self->width, self->height, fx, fy, fz,
                          self->info.searched ? "true" : "false",
                          self->info.found ? "true" : "false", length, self->info.expansions);
  if (!g_file_set_contents (path, json, -1, &error))
    g_debug ("OSSA_MAP_VIEW_DUMP: %s", error->message);
}

static void
update_stats (OssaMapEditor *self)
{
  const OssaMapSearchInfo *info = &self->info;

  if (!info->searched)
    {
      gtk_label_set_text (self->found_label, self->width > 0 && !(self->has_start && self->has_goal)
                                             ? _("Place a start and a goal") : "—");
      gtk_label_set_text (self->length_label, "—");
      gtk_label_set_text (self->expansions_label, "—");
      gtk_label_set_text (self->time_label, "—");
      write_dump (self);
      return;
    }
  if (self->stepping && ossa_pathfinder_status (self->finder) == OSSA_SEARCH_RUNNING)
    gtk_label_set_text (self->found_label, _("Searching…"));
  else
    gtk_label_set_text (self->found_label, info->found ? _("Found") : _("No path"));
  if (info->found)
    set_label_printf (self->length_label, "%.3f", info->length);
  else
    gtk_label_set_text (self->length_label, "—");
  set_label_printf (self->expansions_label, "%" G_GUINT64_FORMAT, info->expansions);
  if (self->stepping)
    gtk_label_set_text (self->time_label, "—");
  else if (info->time_us < 1000)
    /* Translators: a duration in microseconds */
    set_label_printf (self->time_label, _("%" PRId64 " µs"), (int64_t) info->time_us);
  else
    /* Translators: a duration in milliseconds */
    set_label_printf (self->time_label, _("%.2f ms"), info->time_us / 1000.0);
  write_dump (self);
}

static void
set_path (OssaMapEditor *self, const OssaCell *cells, gsize n)
{
  g_array_set_size (self->path, 0);
  if (n > 0)
    g_array_append_vals (self->path, cells, (guint) n);
  ossa_map_view_set_path (self->view, OSSA_MAP_PATH_SEARCH, cells, n);
}

static void
run_search (OssaMapEditor *self)
{
  OssaPathResult result = { 0 };
  OssaError err = { 0 };
  gint64 start;

  g_clear_handle_id (&self->search_idle, g_source_remove);
  memset (&self->info, 0, sizeof self->info);
  if (self->width == 0 || !self->has_start || !self->has_goal)
    {
      set_path (self, NULL, 0);
      update_stats (self);
      return;
    }
  start = g_get_monotonic_time ();
  if (!ossa_pathfinder_search (self->finder, self->algorithm, self->connect, self->start_x,
                               self->start_y, self->goal_x, self->goal_y, &result, &err))
    {
      g_warning ("%s", err.message);
      set_path (self, NULL, 0);
      update_stats (self);
      return;
    }
  self->info.time_us = g_get_monotonic_time () - start;
  self->info.searched = TRUE;
  self->info.found = result.found;
  self->info.length = result.length;
  self->info.expansions = result.expansions;
  set_path (self, result.path, result.n_path);
  update_stats (self);
}

static gboolean
search_idle_cb (gpointer data)
{
  OssaMapEditor *self = data;

  self->search_idle = 0;
  run_search (self);
  return G_SOURCE_REMOVE;
}

/* Edits come in bursts (a stroke's motion events): search once before the next
 * frame is drawn rather than once an event. */
static void
schedule_search (OssaMapEditor *self)
{
  if (self->stepping)
    return;
  if (self->search_idle == 0)
    self->search_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, search_idle_cb, self, NULL);
}

OssaMapSearchInfo
ossa_map_editor_get_search (OssaMapEditor *self)
{
  g_return_val_if_fail (OSSA_IS_MAP_EDITOR (self), (OssaMapSearchInfo) { 0 });
  if (self->search_idle != 0)
    run_search (self);
  return self->info;
}

const OssaCell *
ossa_map_editor_get_path (OssaMapEditor *self, gsize *n_cells)
{
  g_return_val_if_fail (OSSA_IS_MAP_EDITOR (self), NULL);
  if (self->search_idle != 0)
    run_search (self);
  *n_cells = self->path->len;
  return (const OssaCell *) (gpointer) self->path->data;
}

/* ---- step mode ---- */

static void
set_state (OssaMapEditor *self, guint x, guint y)
{
  self->states[(gsize) y * self->width + x] = (guint8) ossa_pathfinder_cell_state (self->finder, x, y);
}

static void
update_step_label (OssaMapEditor *self)
{
  if (!self->stepping)
    {
      gtk_label_set_text (self->step_label, _("Step mode is off: the whole search runs after every edit."));
      return;
    }
  /* Translators: progress of a stepped search */
  set_label_printf (self->step_label, _("%" PRIu64 " expanded, %zu open"), (uint64_t) self->steps,
                    ossa_pathfinder_open_count (self->finder));
}

static void
restart_stepping (OssaMapEditor *self)
{
  OssaError err = { 0 };
  gsize n = (gsize) self->width * self->height;

  g_clear_handle_id (&self->search_idle, g_source_remove);
  if (self->states == NULL && n > 0)
    self->states = g_malloc0 (n);
  else if (n > 0)
    memset (self->states, 0, n);
  self->steps = 0;
  self->step_carry = 0;
  memset (&self->info, 0, sizeof self->info);
  set_path (self, NULL, 0);
  ossa_map_view_set_states (self->view, self->states);
  if (n > 0 && self->has_start && self->has_goal)
    {
      if (ossa_pathfinder_begin (self->finder, self->algorithm, self->connect, self->start_x,
                                 self->start_y, self->goal_x, self->goal_y, &err))
        {
          self->info.searched = TRUE;
          set_state (self, self->start_x, self->start_y);
        }
      else
        g_warning ("%s", err.message);
    }
  update_stats (self);
  update_step_label (self);
  update_marks (self);
}

static void
start_stepping (OssaMapEditor *self)
{
  if (self->stepping)
    return;
  self->stepping = TRUE;
  g_simple_action_set_state (lookup (self, "step-mode"), g_variant_new_boolean (TRUE));
  restart_stepping (self);
}

static void set_playing (OssaMapEditor *self, gboolean playing);

static void
stop_stepping (OssaMapEditor *self)
{
  if (!self->stepping)
    return;
  set_playing (self, FALSE);
  self->stepping = FALSE;
  g_simple_action_set_state (lookup (self, "step-mode"), g_variant_new_boolean (FALSE));
  ossa_map_view_set_states (self->view, NULL);
  g_clear_pointer (&self->states, g_free);
  update_step_label (self);
  update_marks (self);
  schedule_search (self);
}

/* Expands up to @n nodes; returns whether the search is still running. */
static gboolean
step_search (OssaMapEditor *self, guint n)
{
  OssaSearchStatus status = ossa_pathfinder_status (self->finder);
  guint x0 = G_MAXUINT, y0 = G_MAXUINT, x1 = 0, y1 = 0;

  if (!self->info.searched)
    return FALSE;
  for (guint i = 0; i < n && status == OSSA_SEARCH_RUNNING; i++)
    {
      OssaCell cell;

      status = ossa_pathfinder_step (self->finder);
      if (!ossa_pathfinder_current (self->finder, &cell))
        break;
      self->steps++;
      /* The node closed, its neighbours opened. */
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
          {
            gint64 x = (gint64) cell.x + dx, y = (gint64) cell.y + dy;

            if (x < 0 || y < 0 || x >= self->width || y >= self->height)
              continue;
            set_state (self, (guint) x, (guint) y);
            x0 = MIN (x0, (guint) x), x1 = MAX (x1, (guint) x);
            y0 = MIN (y0, (guint) y), y1 = MAX (y1, (guint) y);
          }
    }
  if (x0 != G_MAXUINT)
    ossa_map_view_states_changed (self->view, x0, y0, x1 - x0 + 1, y1 - y0 + 1);
  if (status != OSSA_SEARCH_RUNNING)
    {
      OssaPathResult result = { 0 };

      ossa_pathfinder_result (self->finder, &result);
      self->info.found = result.found;
      self->info.length = result.length;
      set_path (self, result.path, result.n_path);
    }
  self->info.expansions = self->steps;
  update_stats (self);
  update_step_label (self);
  update_marks (self);
  return status == OSSA_SEARCH_RUNNING;
}

OssaSearchStatus
ossa_map_editor_get_step_status (OssaMapEditor *self, guint64 *steps)
{
  g_return_val_if_fail (OSSA_IS_MAP_EDITOR (self), OSSA_SEARCH_IDLE);
  if (steps != NULL)
    *steps = self->stepping ? self->steps : 0;
  return self->stepping ? ossa_pathfinder_status (self->finder) : OSSA_SEARCH_IDLE;
}

static double
steps_a_second (OssaMapEditor *self)
{
  return pow (10.0, gtk_adjustment_get_value (self->speed_adjustment));
}

static void
speed_changed_cb (OssaMapEditor *self)
{
  /* Translators: a speed in search steps a second */
  set_label_printf (self->speed_label, _("%.0f/s"), steps_a_second (self));
}

static gboolean
step_tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  OssaMapEditor *self = data;
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  double dt = self->step_last_time > 0 ? (now - self->step_last_time) / 1e6 : 0;
  guint n;

  self->step_last_time = now;
  self->step_carry += MIN (dt, 0.25) * steps_a_second (self);
  n = (guint) MIN (self->step_carry, (double) MAX_STEPS_A_FRAME);
  self->step_carry -= n;
  if (n > 0 && !step_search (self, n))
    {
      self->step_tick = 0;
      set_playing (self, FALSE);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
set_playing (OssaMapEditor *self, gboolean playing)
{
  if (playing == self->playing)
    return;
  self->playing = playing;
  g_simple_action_set_state (lookup (self, "play"), g_variant_new_boolean (playing));
  if (playing)
    {
      self->step_last_time = 0;
      self->step_carry = 1;
      if (self->step_tick == 0)
        self->step_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->view), step_tick_cb,
                                                        self, NULL);
    }
  else if (self->step_tick != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self->view), self->step_tick);
      self->step_tick = 0;
    }
}

/* ---- marks ---- */

static void
update_marks (OssaMapEditor *self)
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
          Agent *mouse = &g_array_index (self->mice, Agent, i);

          g_array_append_val (marks, ((OssaMapMark) { OSSA_MAP_MARK_MOUSE, mouse->x, mouse->y }));
        }
      if (self->has_cat)
        g_array_append_val (marks, ((OssaMapMark) { OSSA_MAP_MARK_CAT, self->cat.x, self->cat.y }));
    }
  ossa_map_view_set_marks (self->view, (const OssaMapMark *) (gpointer) marks->data, marks->len);
}

/* ---- editing ---- */

static gboolean
cell_of (OssaMapEditor *self, double x, double y, int *cx, int *cy)
{
  *cx = (int) floor (x);
  *cy = (int) floor (y);
  return *cx >= 0 && *cy >= 0 && (guint) *cx < self->width && (guint) *cy < self->height;
}

static guint
brush_size (OssaMapEditor *self)
{
  return (guint) gtk_adjustment_get_value (self->brush_adjustment);
}

/* Applies values (0, 1 or 0xff = keep) over the box [x0, x1] × [y0, y1], already
 * clipped to the map, as one edit. Only that box can change: the document-changed
 * it causes compares just the box with our copy. */
static void
execute_cells (OssaMapEditor *self, guint x0, guint y0, guint x1, guint y1, const guint8 *values,
               const char *label)
{
  g_autoptr(GError) error = NULL;

  self->hint_valid = TRUE;
  self->hint[0] = x0, self->hint[1] = y0, self->hint[2] = x1 - x0 + 1, self->hint[3] = y1 - y0 + 1;
  if (!ossa_editor_set_map_cells (self->editor, (guint) self->map, x0, y0, x1 - x0 + 1,
                                  y1 - y0 + 1, values, label, &error))
    show_error (self, _("Could not change the map"), error);
  self->hint_valid = FALSE;
}

static void
stamp (guint8 *values, guint stride, int bx, int by, int cx, int cy, guint size, guint8 value)
{
  int half = (int) size / 2;

  for (int y = cy - half; y < cy - half + (int) size; y++)
    for (int x = cx - half; x < cx - half + (int) size; x++)
      values[(gsize) (y - by) * stride + (gsize) (x - bx)] = value;
}

/* The brush from (ax, ay) to (bx, by) (cells), every cell of the line touched, as
 * one command. */
static void
paint_line (OssaMapEditor *self, int ax, int ay, int bx, int by, const char *label)
{
  guint size = brush_size (self);
  int half = (int) size / 2;
  int x0 = MIN (ax, bx) - half, y0 = MIN (ay, by) - half;
  int x1 = MAX (ax, bx) - half + (int) size - 1, y1 = MAX (ay, by) - half + (int) size - 1;
  guint stride = (guint) (x1 - x0 + 1);
  g_autofree guint8 *values = g_malloc ((gsize) stride * (gsize) (y1 - y0 + 1));
  int dx = ABS (bx - ax), dy = -ABS (by - ay), sx = ax < bx ? 1 : -1, sy = ay < by ? 1 : -1;
  int e = dx + dy, x = ax, y = ay;
  int cx0, cy0, cx1, cy1;
  g_autofree guint8 *clipped = NULL;

  memset (values, 0xff, (gsize) stride * (gsize) (y1 - y0 + 1));
  for (;;)
    {
      int e2 = 2 * e;

      stamp (values, stride, x0, y0, x, y, size, self->paint_walkable ? 1 : 0);
      if (x == bx && y == by)
        break;
      if (e2 >= dy)
        e += dy, x += sx;
      if (e2 <= dx)
        e += dx, y += sy;
    }
  /* Clip to the map. */
  cx0 = MAX (x0, 0), cy0 = MAX (y0, 0);
  cx1 = MIN (x1, (int) self->width - 1), cy1 = MIN (y1, (int) self->height - 1);
  if (cx0 > cx1 || cy0 > cy1)
    return;
  clipped = g_malloc ((gsize) (cx1 - cx0 + 1) * (gsize) (cy1 - cy0 + 1));
  for (int row = cy0; row <= cy1; row++)
    memcpy (clipped + (gsize) (row - cy0) * (gsize) (cx1 - cx0 + 1),
            values + (gsize) (row - y0) * stride + (gsize) (cx0 - x0), (gsize) (cx1 - cx0 + 1));
  execute_cells (self, (guint) cx0, (guint) cy0, (guint) cx1, (guint) cy1, clipped, label);
}

static void
paint_rect (OssaMapEditor *self, int ax, int ay, int bx, int by)
{
  int x0 = CLAMP (MIN (ax, bx), 0, (int) self->width - 1);
  int x1 = CLAMP (MAX (ax, bx), 0, (int) self->width - 1);
  int y0 = CLAMP (MIN (ay, by), 0, (int) self->height - 1);
  int y1 = CLAMP (MAX (ay, by), 0, (int) self->height - 1);
  gsize n = (gsize) (x1 - x0 + 1) * (gsize) (y1 - y0 + 1);
  g_autofree guint8 *values = g_malloc (n);

  memset (values, self->paint_walkable ? 1 : 0, n);
  execute_cells (self, (guint) x0, (guint) y0, (guint) x1, (guint) y1, values,
                 _("Fill Rectangle"));
}

/* The 4-connected region of cells like (x, y) takes the paint. */
static void
flood_fill (OssaMapEditor *self, int x, int y)
{
  guint8 from = self->cells[(gsize) y * self->width + (gsize) x] != 0;
  guint8 to = self->paint_walkable ? 1 : 0;
  gsize n = (gsize) self->width * self->height;
  g_autofree guint8 *seen = NULL;
  g_autoptr(GArray) stack = NULL;
  guint x0 = (guint) x, y0 = (guint) y, x1 = (guint) x, y1 = (guint) y;
  g_autofree guint8 *values = NULL;
  guint w;

  if (from == to)
    return;
  seen = g_malloc0 (n);
  stack = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_array_append_val (stack, ((guint32) { (guint32) ((gsize) y * self->width + (gsize) x) }));
  seen[(gsize) y * self->width + (gsize) x] = 1;
  while (stack->len > 0)
    {
      guint32 i = g_array_index (stack, guint32, stack->len - 1);
      guint cx = i % self->width, cy = i / self->width;
      const int nx[4] = { (int) cx - 1, (int) cx + 1, (int) cx, (int) cx };
      const int ny[4] = { (int) cy, (int) cy, (int) cy - 1, (int) cy + 1 };

      g_array_set_size (stack, stack->len - 1);
      x0 = MIN (x0, cx), x1 = MAX (x1, cx), y0 = MIN (y0, cy), y1 = MAX (y1, cy);
      for (int k = 0; k < 4; k++)
        {
          gsize j;

          if (nx[k] < 0 || ny[k] < 0 || (guint) nx[k] >= self->width
              || (guint) ny[k] >= self->height)
            continue;
          j = (gsize) ny[k] * self->width + (gsize) nx[k];
          if (seen[j] || (self->cells[j] != 0) != from)
            continue;
          seen[j] = 1;
          g_array_append_val (stack, ((guint32) { (guint32) j }));
        }
    }
  w = x1 - x0 + 1;
  values = g_malloc ((gsize) w * (y1 - y0 + 1));
  for (guint row = y0; row <= y1; row++)
    for (guint col = x0; col <= x1; col++)
      values[(gsize) (row - y0) * w + (col - x0)] = seen[(gsize) row * self->width + col] ? to
                                                                                         : 0xff;
  execute_cells (self, x0, y0, x1, y1, values, _("Flood Fill"));
}

static void
set_endpoints (OssaMapEditor *self, gboolean has_start, guint sx, guint sy, gboolean has_goal,
               guint gx, guint gy, guint64 merge_id)
{
  g_autoptr(GError) error = NULL;

  if (!ossa_editor_set_map_endpoints (self->editor, (guint) self->map, has_start, sx, sy,
                                      has_goal, gx, gy, merge_id, &error))
    show_error (self, _("Could not move the start or goal"), error);
}

static void
place_start (OssaMapEditor *self, guint x, guint y, guint64 merge_id)
{
  set_endpoints (self, TRUE, x, y, self->has_goal, self->goal_x, self->goal_y, merge_id);
}

static void
place_goal (OssaMapEditor *self, guint x, guint y, guint64 merge_id)
{
  set_endpoints (self, self->has_start, self->start_x, self->start_y, TRUE, x, y, merge_id);
}

/* ---- the cat and the mice ---- */

static void
agent_clear (Agent *agent)
{
  g_clear_pointer (&agent->route, g_array_unref);
}

static gboolean
agent_moving (const Agent *agent)
{
  return agent->route != NULL && agent->next < agent->route->len;
}

/* The cell an agent stands on or, between two cells, the one it is walking to. */
static OssaCell
agent_cell (const Agent *agent)
{
  if (agent_moving (agent))
    return g_array_index (agent->route, OssaCell, agent->next);
  return (OssaCell) { (guint32) floor (agent->x), (guint32) floor (agent->y) };
}

/* Sends an agent to (x, y) along the agent searcher's A* path; false when there
 * is none. */
static gboolean
agent_go (OssaMapEditor *self, Agent *agent, guint x, guint y)
{
  OssaCell from = agent_cell (agent);
  OssaPathResult result = { 0 };

  if (!ossa_pathfinder_search (self->agent_finder, OSSA_PATH_ASTAR, self->connect, from.x,
                               from.y, x, y, &result, NULL)
      || !result.found)
    return FALSE;
  if (agent->route == NULL)
    agent->route = g_array_new (FALSE, FALSE, sizeof (OssaCell));
  g_array_set_size (agent->route, 0);
  g_array_append_vals (agent->route, result.path, (guint) result.n_path);
  agent->next = 0;
  return TRUE;
}

/* Moves along the route by @distance cells; returns what is left over. */
static void
agent_walk (Agent *agent, double distance)
{
  while (distance > 0 && agent_moving (agent))
    {
      OssaCell target = g_array_index (agent->route, OssaCell, agent->next);
      double tx = target.x + 0.5, ty = target.y + 0.5;
      double dx = tx - agent->x, dy = ty - agent->y;
      double d = sqrt (dx * dx + dy * dy);

      if (d <= distance)
        {
          agent->x = tx, agent->y = ty;
          agent->next++;
          distance -= d;
        }
      else
        {
          agent->x += dx / d * distance;
          agent->y += dy / d * distance;
          distance = 0;
        }
    }
}

static void
update_agents_label (OssaMapEditor *self)
{
  if (!self->has_cat && self->mice->len == 0)
    {
      gtk_label_set_text (self->agents_label,
                          _("Use the Cat tool to place the cat and click where it should run; "
                            "add mice with the Mouse tool. Mice flee when the cat comes near."));
      return;
    }
  /* Translators: the cat-and-mice demo's tally */
  set_label_printf (self->agents_label, ngettext ("%u mouse running, %u caught",
                                                  "%u mice running, %u caught", self->mice->len),
                    self->mice->len, self->caught);
}

static void
update_agent_path (OssaMapEditor *self)
{
  if (self->has_cat && agent_moving (&self->cat))
    {
      g_autoptr(GArray) rest = g_array_new (FALSE, FALSE, sizeof (OssaCell));
      OssaCell here = { (guint32) floor (self->cat.x), (guint32) floor (self->cat.y) };

      g_array_append_val (rest, here);
      g_array_append_vals (rest, &g_array_index (self->cat.route, OssaCell, self->cat.next),
                           self->cat.route->len - self->cat.next);
      ossa_map_view_set_path (self->view, OSSA_MAP_PATH_AGENT,
                              (const OssaCell *) (gpointer) rest->data, rest->len);
    }
  else
    ossa_map_view_set_path (self->view, OSSA_MAP_PATH_AGENT, NULL, 0);
}

static gboolean agent_tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer data);

static void
ensure_agent_tick (OssaMapEditor *self)
{
  if (self->agent_tick == 0 && (self->has_cat || self->mice->len > 0))
    {
      self->agent_last_time = 0;
      self->agent_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->view), agent_tick_cb,
                                                       self, NULL);
    }
}

/* A mouse near the cat picks a random walkable cell some way off, farther from the
 * cat than it is, that it can reach, and runs there. */
static void
mouse_flee (OssaMapEditor *self, Agent *mouse)
{
  double away = hypot (mouse->x - self->cat.x, mouse->y - self->cat.y);

  for (int attempt = 0; attempt < 24; attempt++)
    {
      int x = (int) floor (mouse->x) + g_rand_int_range (self->rand, -FLEE_DISTANCE,
                                                         FLEE_DISTANCE + 1);
      int y = (int) floor (mouse->y) + g_rand_int_range (self->rand, -FLEE_DISTANCE,
                                                         FLEE_DISTANCE + 1);

      if (x < 0 || y < 0 || (guint) x >= self->width || (guint) y >= self->height
          || !self->cells[(gsize) y * self->width + (gsize) x])
        continue;
      if (hypot (x + 0.5 - self->cat.x, y + 0.5 - self->cat.y) <= away)
        continue;
      if (agent_go (self, mouse, (guint) x, (guint) y))
        return;
    }
}

void
ossa_map_editor_advance_agents (OssaMapEditor *self, double seconds)
{
  double cat_speed;

  g_return_if_fail (OSSA_IS_MAP_EDITOR (self));

  cat_speed = gtk_adjustment_get_value (self->cat_speed_adjustment);
  if (self->has_cat)
    agent_walk (&self->cat, cat_speed * seconds);
  for (guint i = 0; i < self->mice->len;)
    {
      Agent *mouse = &g_array_index (self->mice, Agent, i);

      if (self->has_cat && hypot (mouse->x - self->cat.x, mouse->y - self->cat.y) < CATCH_DISTANCE)
        {
          agent_clear (mouse);
          g_array_remove_index (self->mice, i);
          self->caught++;
          continue;
        }
      if (self->has_cat && !agent_moving (mouse)
          && hypot (mouse->x - self->cat.x, mouse->y - self->cat.y) < FLEE_RADIUS)
        mouse_flee (self, mouse);
      agent_walk (mouse, cat_speed * MOUSE_SPEED_RATIO * seconds);
      i++;
    }
  update_agent_path (self);
  update_marks (self);
  update_agents_label (self);
}

static gboolean
agent_tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  OssaMapEditor *self = data;
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  double dt = self->agent_last_time > 0 ? (now - self->agent_last_time) / 1e6 : 0;
  gboolean any = FALSE;

  self->agent_last_time = now;
  ossa_map_editor_advance_agents (self, MIN (dt, 0.1));
  /* Keep ticking while anything moves or a mouse could still be chased. */
  any = self->has_cat && (agent_moving (&self->cat) || self->mice->len > 0);
  for (guint i = 0; i < self->mice->len && !any; i++)
    any = agent_moving (&g_array_index (self->mice, Agent, i));
  if (!any)
    {
      self->agent_tick = 0;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
place_cat (OssaMapEditor *self, guint x, guint y)
{
  if (!self->cells[(gsize) y * self->width + x])
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  agent_clear (&self->cat);
  self->cat.x = x + 0.5, self->cat.y = y + 0.5;
  self->has_cat = TRUE;
  update_agent_path (self);
  update_marks (self);
  update_agents_label (self);
  ensure_agent_tick (self);
}

static void
send_cat (OssaMapEditor *self, guint x, guint y)
{
  if (!agent_go (self, &self->cat, x, y))
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  update_agent_path (self);
  ensure_agent_tick (self);
}

static void
toggle_mouse (OssaMapEditor *self, guint x, guint y)
{
  Agent mouse = { x + 0.5, y + 0.5, NULL, 0 };

  for (guint i = 0; i < self->mice->len; i++)
    {
      Agent *other = &g_array_index (self->mice, Agent, i);

      if ((guint) floor (other->x) == x && (guint) floor (other->y) == y)
        {
          agent_clear (other);
          g_array_remove_index (self->mice, i);
          update_marks (self);
          update_agents_label (self);
          return;
        }
    }
  if (!self->cells[(gsize) y * self->width + x])
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  g_array_append_val (self->mice, mouse);
  update_marks (self);
  update_agents_label (self);
  ensure_agent_tick (self);
}

static void
clear_agents (OssaMapEditor *self)
{
  agent_clear (&self->cat);
  self->has_cat = FALSE;
  for (guint i = 0; i < self->mice->len; i++)
    agent_clear (&g_array_index (self->mice, Agent, i));
  g_array_set_size (self->mice, 0);
  self->caught = 0;
  update_agent_path (self);
  update_marks (self);
  update_agents_label (self);
}

gboolean
ossa_map_editor_get_cat (OssaMapEditor *self, double *x, double *y)
{
  g_return_val_if_fail (OSSA_IS_MAP_EDITOR (self), FALSE);
  if (self->has_cat)
    *x = self->cat.x, *y = self->cat.y;
  return self->has_cat;
}

guint
ossa_map_editor_get_n_mice (OssaMapEditor *self)
{
  g_return_val_if_fail (OSSA_IS_MAP_EDITOR (self), 0);
  return self->mice->len;
}

gboolean
ossa_map_editor_get_mouse (OssaMapEditor *self, guint index, double *x, double *y)
{
  g_return_val_if_fail (OSSA_IS_MAP_EDITOR (self), FALSE);
  if (index >= self->mice->len)
    return FALSE;
  *x = g_array_index (self->mice, Agent, index).x;
  *y = g_array_index (self->mice, Agent, index).y;
  return TRUE;
}

/* ---- strokes ---- */

static const char *
paint_label (OssaMapEditor *self)
{
  return self->paint_walkable ? _("Paint Floor") : _("Paint Walls");
}

void
ossa_map_editor_stroke_begin (OssaMapEditor *self, double x, double y)
{
  int cx, cy;
  gboolean inside;

  g_return_if_fail (OSSA_IS_MAP_EDITOR (self));
  if (self->width == 0 || self->stroking)
    return;
  inside = cell_of (self, x, y, &cx, &cy);
  self->stroke_x0 = self->stroke_x = cx;
  self->stroke_y0 = self->stroke_y = cy;
  self->merge_id = ossa_editor_new_merge_id (self->editor);

  switch (self->tool)
    {
    case OSSA_MAP_TOOL_BRUSH:
      self->stroking = TRUE;
      ossa_editor_begin_group (self->editor, paint_label (self));
      paint_line (self, cx, cy, cx, cy, paint_label (self));
      break;
    case OSSA_MAP_TOOL_RECT:
      self->stroking = TRUE;
      ossa_map_view_set_preview (self->view, OSSA_MAP_PREVIEW_RECT, cx, cy, cx, cy, 1,
                                 self->paint_walkable);
      break;
    case OSSA_MAP_TOOL_LINE:
      self->stroking = TRUE;
      ossa_map_view_set_preview (self->view, OSSA_MAP_PREVIEW_LINE, cx, cy, cx, cy,
                                 brush_size (self), self->paint_walkable);
      break;
    case OSSA_MAP_TOOL_FILL:
      if (inside)
        flood_fill (self, cx, cy);
      break;
    case OSSA_MAP_TOOL_START:
    case OSSA_MAP_TOOL_GOAL:
      if (!inside)
        break;
      self->stroking = TRUE;
      if (self->tool == OSSA_MAP_TOOL_START)
        place_start (self, (guint) cx, (guint) cy, self->merge_id);
      else
        place_goal (self, (guint) cx, (guint) cy, self->merge_id);
      break;
    case OSSA_MAP_TOOL_CAT:
      if (!inside)
        break;
      if (self->has_cat)
        send_cat (self, (guint) cx, (guint) cy);
      else
        place_cat (self, (guint) cx, (guint) cy);
      break;
    case OSSA_MAP_TOOL_MOUSE:
      if (inside)
        toggle_mouse (self, (guint) cx, (guint) cy);
      break;
    default:
      break;
    }
}

void
ossa_map_editor_stroke_update (OssaMapEditor *self, double x, double y)
{
  int cx, cy;
  gboolean inside;

  g_return_if_fail (OSSA_IS_MAP_EDITOR (self));
  if (!self->stroking)
    return;
  inside = cell_of (self, x, y, &cx, &cy);
  if (cx == self->stroke_x && cy == self->stroke_y)
    return;

  switch (self->tool)
    {
    case OSSA_MAP_TOOL_BRUSH:
      paint_line (self, self->stroke_x, self->stroke_y, cx, cy, paint_label (self));
      break;
    case OSSA_MAP_TOOL_RECT:
      ossa_map_view_set_preview (self->view, OSSA_MAP_PREVIEW_RECT, self->stroke_x0,
                                 self->stroke_y0, cx, cy, 1, self->paint_walkable);
      break;
    case OSSA_MAP_TOOL_LINE:
      ossa_map_view_set_preview (self->view, OSSA_MAP_PREVIEW_LINE, self->stroke_x0,
                                 self->stroke_y0, cx, cy, brush_size (self), self->paint_walkable);
      break;
    case OSSA_MAP_TOOL_START:
      if (inside)
        place_start (self, (guint) cx, (guint) cy, self->merge_id);
      break;
    case OSSA_MAP_TOOL_GOAL:
      if (inside)
        place_goal (self, (guint) cx, (guint) cy, self->merge_id);
      break;
    case OSSA_MAP_TOOL_FILL:
    case OSSA_MAP_TOOL_CAT:
    case OSSA_MAP_TOOL_MOUSE:
    default:
      break;
    }
  self->stroke_x = cx;
  self->stroke_y = cy;
}

void
ossa_map_editor_stroke_end (OssaMapEditor *self, double x, double y)
{
  int cx, cy;

  g_return_if_fail (OSSA_IS_MAP_EDITOR (self));
  if (!self->stroking)
    return;
  ossa_map_editor_stroke_update (self, x, y);
  cell_of (self, x, y, &cx, &cy);
  self->stroking = FALSE;
  ossa_map_view_set_preview (self->view, OSSA_MAP_PREVIEW_NONE, 0, 0, 0, 0, 1, FALSE);

  switch (self->tool)
    {
    case OSSA_MAP_TOOL_BRUSH:
      ossa_editor_end_group (self->editor);
      break;
    case OSSA_MAP_TOOL_RECT:
      paint_rect (self, self->stroke_x0, self->stroke_y0, cx, cy);
      break;
    case OSSA_MAP_TOOL_LINE:
      paint_line (self, self->stroke_x0, self->stroke_y0, cx, cy, _("Draw Line"));
      break;
    case OSSA_MAP_TOOL_FILL:
    case OSSA_MAP_TOOL_START:
    case OSSA_MAP_TOOL_GOAL:
    case OSSA_MAP_TOOL_CAT:
    case OSSA_MAP_TOOL_MOUSE:
    default:
      break;
    }
}

static void
stroke_begin_cb (OssaMapView *view, double x, double y, guint state, OssaMapEditor *self)
{
  ossa_map_editor_stroke_begin (self, x, y);
}

static void
stroke_update_cb (OssaMapView *view, double x, double y, guint state, OssaMapEditor *self)
{
  ossa_map_editor_stroke_update (self, x, y);
}

static void
stroke_end_cb (OssaMapView *view, double x, double y, guint state, OssaMapEditor *self)
{
  ossa_map_editor_stroke_end (self, x, y);
}

/* ---- pointer info ---- */

static void
update_cell_label (OssaMapEditor *self)
{
  int x = -1, y = -1;
  double g, h, f;
  g_autofree char *where = NULL;

  g_object_get (self->view, "pointer-x", &x, "pointer-y", &y, NULL);
  if (x < 0 || y < 0 || (guint) x >= self->width || (guint) y >= self->height)
    {
      gtk_label_set_text (self->cell_label, _("Point at a cell to see its g, h and f."));
      return;
    }
  where = g_strdup_printf (self->cells[(gsize) y * self->width + (gsize) x]
                           /* Translators: a cell's coordinates and kind */
                           ? _("Cell %d, %d: walkable") : _("Cell %d, %d: blocked"), x, y);
  if ((self->info.searched || self->stepping)
      && ossa_pathfinder_cell_costs (self->finder, (guint) x, (guint) y, &g, &h, &f))
    /* Translators: a cell's costs in the search: cost so far, heuristic, priority */
    set_label_printf (self->cell_label, _("%s\ng %.3f   h %.3f   f %.3f"), where, g, h, f);
  else
    /* Translators: %s is a cell's coordinates and kind */
    set_label_printf (self->cell_label, _("%s\nnot reached by the search"), where);
}

/* ---- context menu ---- */

static void
context_menu_cb (OssaMapView *view, double x, double y, double wx, double wy,
                 OssaMapEditor *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) section = g_menu_new ();
  g_autoptr(GMenu) agents = g_menu_new ();
  g_autoptr(GMenuItem) item = NULL;
  int cx, cy;
  struct { const char *label, *action; GMenu *in; } items[] = {
    { N_("Set _Start Here"), "map.set-start", section },
    { N_("Set _Goal Here"), "map.set-goal", section },
    { N_("Place the _Cat Here"), "map.place-cat", agents },
    { N_("Add or Remove a _Mouse Here"), "map.add-mouse", agents },
  };

  if (!cell_of (self, x, y, &cx, &cy))
    return;
  for (guint i = 0; i < G_N_ELEMENTS (items); i++)
    {
      g_clear_object (&item);
      item = g_menu_item_new (_(items[i].label), NULL);
      g_menu_item_set_action_and_target_value (item, items[i].action,
                                               g_variant_new ("(uu)", (guint32) cx, (guint32) cy));
      g_menu_append_item (items[i].in, item);
    }
  g_menu_append (section, _("Clear Start and Goal"), "map.clear-ends");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (section));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (agents));
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->context_menu), G_MENU_MODEL (menu));
  gtk_popover_set_pointing_to (GTK_POPOVER (self->context_menu),
                               &(GdkRectangle) { (int) wx, (int) wy, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->context_menu));
}

/* ---- files and dialogs ---- */

/* Adds @map (the caller keeps it) to the document and shows it. */
static gboolean
add_map (OssaMapEditor *self, const OssaGridMap *map, GError **error)
{
  int index = ossa_editor_add_map (self->editor, map, error);

  if (index < 0)
    return FALSE;
  ossa_map_editor_set_map (self, index);
  ossa_map_view_fit (self->view);
  show_workspace (self);
  return TRUE;
}

gboolean
ossa_map_editor_new_map (OssaMapEditor *self, const char *name, guint width, guint height,
                         GError **error)
{
  OssaGridMap map;
  OssaError err = { 0 };
  gboolean ok;

  g_return_val_if_fail (OSSA_IS_MAP_EDITOR (self), FALSE);
  if (!ossa_grid_map_init (&map, name, width, height, &err))
    {
      ossa_gerror_set_from_core (error, &err);
      return FALSE;
    }
  ok = add_map (self, &map, error);
  ossa_grid_map_clear (&map);
  return ok;
}

/**
 * ossa_map_editor_add_map_file:
 * @file: a map in the article's text form or MovingAI's
 *
 * Reads @file and adds it to the document (one undoable step) as the map on show.
 */
gboolean
ossa_map_editor_add_map_file (OssaMapEditor *self, GFile *file, GError **error)
{
  g_autofree char *path = NULL;
  OssaGridMap map;
  OssaError err = { 0 };
  gboolean ok;

  g_return_val_if_fail (OSSA_IS_MAP_EDITOR (self), FALSE);
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("Only local files can be opened"));
      return FALSE;
    }
  if (!ossa_grid_map_load (&map, path, NULL, &err))
    {
      ossa_gerror_set_from_core (error, &err);
      return FALSE;
    }
  ok = add_map (self, &map, error);
  ossa_grid_map_clear (&map);
  return ok;
}

/**
 * ossa_map_editor_save_map_file:
 * @file: where to write; a name ending in ".map" gets MovingAI's form, any other
 *   the article's 0/1 text
 */
gboolean
ossa_map_editor_save_map_file (OssaMapEditor *self, GFile *file, GError **error)
{
  const OssaGridMap *map;
  g_autofree char *path = NULL;
  OssaError err = { 0 };
  OssaMapFormat format;

  g_return_val_if_fail (OSSA_IS_MAP_EDITOR (self), FALSE);
  map = current_map (self);
  path = g_file_get_path (file);
  if (map == NULL || path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   map == NULL ? _("There is no map to save") : _("Only local files can be saved"));
      return FALSE;
    }
  format = g_str_has_suffix (path, ".map") ? OSSA_MAP_FORMAT_MOVINGAI : OSSA_MAP_FORMAT_TEXT;
  if (!ossa_grid_map_save (map, path, format, &err))
    {
      ossa_gerror_set_from_core (error, &err);
      return FALSE;
    }
  return TRUE;
}

static void
add_map_filters (GtkFileChooser *chooser)
{
  static const char *const maps[] = { "txt", "map", NULL };

  ossa_dialogs_add_filter (chooser, _("Grid maps (*.txt, *.map)"), maps);
  ossa_dialogs_add_filter (chooser, _("All files"), NULL);
}

static void
file_response_cb (GtkNativeDialog *dialog, int response, OssaMapEditor *self)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  gboolean saving = gtk_file_chooser_get_action (GTK_FILE_CHOOSER (dialog))
                    == GTK_FILE_CHOOSER_ACTION_SAVE;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  if (file != NULL)
    {
      if (saving && !ossa_map_editor_save_map_file (self, file, &error))
        show_error (self, _("Could not save the map"), error);
      else if (!saving && !ossa_map_editor_add_map_file (self, file, &error))
        show_error (self, _("Could not open the map"), error);
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
  g_object_unref (self);
}

static void
choose_file (OssaMapEditor *self, gboolean save)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (save ? _("Save Map As") : _("Open Map"),
                                        GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                        save ? GTK_FILE_CHOOSER_ACTION_SAVE
                                             : GTK_FILE_CHOOSER_ACTION_OPEN,
                                        save ? _("_Save") : _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  add_map_filters (GTK_FILE_CHOOSER (native));
  if (save)
    {
      const OssaGridMap *map = current_map (self);
      g_autofree char *name = g_strdup_printf ("%s.txt", map != NULL ? map->name : "map");

      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
    }
  g_signal_connect (native, "response", G_CALLBACK (file_response_cb), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

typedef struct
{
  OssaMapEditor  *self;
  gboolean        resize;
  GtkEntry       *name;
  GtkSpinButton  *width, *height;
} SizeDialog;

static void
size_dialog_free (gpointer data)
{
  SizeDialog *d = data;

  g_object_unref (d->self);
  g_free (d);
}

static void
size_response_cb (GtkDialog *dialog, int response, SizeDialog *d)
{
  g_autoptr(GError) error = NULL;
  guint width = (guint) gtk_spin_button_get_value_as_int (d->width);
  guint height = (guint) gtk_spin_button_get_value_as_int (d->height);

  if (response == GTK_RESPONSE_OK && d->resize)
    {
      if (!ossa_editor_resize_map (d->self->editor, (guint) d->self->map, width, height, &error))
        show_error (d->self, _("Could not resize the map"), error);
    }
  else if (response == GTK_RESPONSE_OK
           && !ossa_map_editor_new_map (d->self, gtk_editable_get_text (GTK_EDITABLE (d->name)),
                                        width, height, &error))
    show_error (d->self, _("Could not make the map"), error);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static GtkSpinButton *
size_spin (GtkGrid *grid, int row, const char *label, guint value)
{
  GtkWidget *title = gtk_label_new_with_mnemonic (label);
  GtkWidget *spin = gtk_spin_button_new_with_range (1, OSSA_MAX_MAP_SIDE, 1);

  gtk_widget_set_halign (title, GTK_ALIGN_END);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  g_object_set (gtk_editable_get_delegate (GTK_EDITABLE (spin)), "activates-default", TRUE, NULL);
  gtk_label_set_mnemonic_widget (GTK_LABEL (title), spin);
  gtk_grid_attach (grid, title, 0, row, 1, 1);
  gtk_grid_attach (grid, spin, 1, row, 1, 1);
  return GTK_SPIN_BUTTON (spin);
}

static void
show_size_dialog (OssaMapEditor *self, gboolean resize)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  const OssaGridMap *map = current_map (self);
  SizeDialog *d = g_new0 (SizeDialog, 1);
  GtkWidget *dialog, *grid;

  d->self = g_object_ref (self);
  d->resize = resize;
  dialog = gtk_dialog_new_with_buttons (resize ? _("Resize Map") : _("New Map"),
                                        GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                        GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                        _("_Cancel"), GTK_RESPONSE_CANCEL,
                                        resize ? _("_Resize") : _("C_reate"), GTK_RESPONSE_OK,
                                        NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_OK);
  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_margin_start (grid, 18);
  gtk_widget_set_margin_end (grid, 18);
  gtk_widget_set_margin_top (grid, 18);
  gtk_widget_set_margin_bottom (grid, 18);
  if (!resize)
    {
      GtkWidget *title = gtk_label_new_with_mnemonic (_("_Name"));
      g_autofree char *name = ossa_editor_unique_map_name (self->editor, _("map"));

      d->name = GTK_ENTRY (gtk_entry_new ());
      gtk_editable_set_text (GTK_EDITABLE (d->name), name);
      gtk_entry_set_activates_default (d->name, TRUE);
      gtk_widget_set_halign (title, GTK_ALIGN_END);
      gtk_label_set_mnemonic_widget (GTK_LABEL (title), GTK_WIDGET (d->name));
      gtk_grid_attach (GTK_GRID (grid), title, 0, 0, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (d->name), 1, 0, 1, 1);
    }
  d->width = size_spin (GTK_GRID (grid), 1, _("_Width"), map != NULL ? map->width : NEW_MAP_SIDE);
  d->height = size_spin (GTK_GRID (grid), 2, _("_Height"),
                         map != NULL ? map->height : NEW_MAP_SIDE);
  gtk_box_append (GTK_BOX (gtk_dialog_get_content_area (GTK_DIALOG (dialog))), grid);
  g_signal_connect_data (dialog, "response", G_CALLBACK (size_response_cb), d,
                         (GClosureNotify) (void (*) (void)) size_dialog_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- actions ---- */

static void
new_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  show_size_dialog (OSSA_MAP_EDITOR (data), FALSE);
}

static void
open_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  choose_file (OSSA_MAP_EDITOR (data), FALSE);
}

static void
save_as_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  choose_file (OSSA_MAP_EDITOR (data), TRUE);
}

static void
resize_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  show_size_dialog (OSSA_MAP_EDITOR (data), TRUE);
}

static void
remove_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  OssaMapEditor *self = OSSA_MAP_EDITOR (data);
  g_autoptr(GError) error = NULL;

  if (current_map (self) != NULL
      && !ossa_editor_remove_map (self->editor, (guint) self->map, &error))
    show_error (self, _("Could not delete the map"), error);
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
search_settings_changed (OssaMapEditor *self)
{
  if (self->stepping)
    restart_stepping (self);
  else
    schedule_search (self);
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
  search_settings_changed (self);
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
  search_settings_changed (self);
}

static void
step_mode_change_state (GSimpleAction *action, GVariant *value, gpointer data)
{
  OssaMapEditor *self = OSSA_MAP_EDITOR (data);

  if (g_variant_get_boolean (value))
    start_stepping (self);
  else
    stop_stepping (self);
}

static void
step_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  OssaMapEditor *self = OSSA_MAP_EDITOR (data);

  set_playing (self, FALSE);
  start_stepping (self);
  step_search (self, 1);
}

static void
play_change_state (GSimpleAction *action, GVariant *value, gpointer data)
{
  OssaMapEditor *self = OSSA_MAP_EDITOR (data);
  gboolean play = g_variant_get_boolean (value);

  if (play)
    {
      start_stepping (self);
      /* Play after the end starts again. */
      if (ossa_pathfinder_status (self->finder) != OSSA_SEARCH_RUNNING)
        restart_stepping (self);
    }
  set_playing (self, play && self->info.searched);
}

static void
restart_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  OssaMapEditor *self = OSSA_MAP_EDITOR (data);

  if (self->stepping)
    restart_stepping (self);
  else
    start_stepping (self);
}

static void
clear_agents_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  clear_agents (OSSA_MAP_EDITOR (data));
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
    place_start (self, x, y, 0);
  else if (g_str_equal (name, "set-goal"))
    place_goal (self, x, y, 0);
  else if (g_str_equal (name, "place-cat"))
    place_cat (self, x, y);
  else if (g_str_equal (name, "add-mouse"))
    toggle_mouse (self, x, y);
}

static void
clear_ends_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  OssaMapEditor *self = OSSA_MAP_EDITOR (data);

  if (self->width > 0)
    set_endpoints (self, FALSE, 0, 0, FALSE, 0, 0, 0);
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

/* Keys that also type text: bound on the workspace in the bubble phase, so a
 * focused entry keeps them (as the window does for the skeleton's tools). */
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
};

static void
update_actions (OssaMapEditor *self)
{
  gboolean has_map = current_map (self) != NULL;
  const char *needs_map[] = { "save-as", "resize", "remove", "step", "play", "restart",
                              "step-mode", "clear-ends", "zoom-in", "zoom-out", "fit" };

  for (guint i = 0; i < G_N_ELEMENTS (needs_map); i++)
    g_simple_action_set_enabled (lookup (self, needs_map[i]), has_map);
  g_simple_action_set_enabled (lookup (self, "new"), self->editor != NULL);
  g_simple_action_set_enabled (lookup (self, "open"), self->editor != NULL);
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
  clear_agents (self);
  refresh (self, TRUE);
  ossa_map_view_fit (self->view);
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
  clear_agents (self);
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
      set_playing (self, FALSE);
      if (self->agent_tick != 0)
        gtk_widget_remove_tick_callback (GTK_WIDGET (self->view), self->agent_tick);
      self->agent_tick = 0;
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

  agent_clear (&self->cat);
  for (guint i = 0; i < self->mice->len; i++)
    agent_clear (&g_array_index (self->mice, Agent, i));
  g_array_unref (self->mice);
  g_array_unref (self->path);
  g_rand_free (self->rand);
  g_free (self->cells);
  g_free (self->states);
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
  GtkEventController *keys;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->map = -1;
  self->notified_map = -1;
  self->connect = 8;
  self->algorithm = OSSA_PATH_ASTAR;
  self->finder = ossa_pathfinder_new ();
  self->agent_finder = ossa_pathfinder_new ();
  self->path = g_array_new (FALSE, FALSE, sizeof (OssaCell));
  self->mice = g_array_new (FALSE, FALSE, sizeof (Agent));
  self->rand = g_rand_new_with_seed (20240601);
  if (self->finder == NULL || self->agent_finder == NULL)
    g_error ("out of memory");

  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), map_actions,
                                   G_N_ELEMENTS (map_actions), self);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "map", G_ACTION_GROUP (self->actions));

  keys = gtk_shortcut_controller_new ();
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

  self->map_names = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->map_dropdown, G_LIST_MODEL (self->map_names));
  g_signal_connect_swapped (self->map_dropdown, "notify::selected",
                            G_CALLBACK (dropdown_selected_cb), self);

  self->context_menu = gtk_popover_menu_new_from_model (NULL);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->context_menu), FALSE);
  gtk_widget_set_halign (self->context_menu, GTK_ALIGN_START);
  gtk_widget_set_parent (self->context_menu, GTK_WIDGET (self->view));

  g_signal_connect (self->view, "stroke-begin", G_CALLBACK (stroke_begin_cb), self);
  g_signal_connect (self->view, "stroke-update", G_CALLBACK (stroke_update_cb), self);
  g_signal_connect (self->view, "stroke-end", G_CALLBACK (stroke_end_cb), self);
  g_signal_connect (self->view, "context-menu", G_CALLBACK (context_menu_cb), self);
  g_signal_connect_swapped (self->view, "notify::pointer-x", G_CALLBACK (update_cell_label), self);
  g_signal_connect_swapped (self->view, "notify::pointer-y", G_CALLBACK (update_cell_label), self);
  g_signal_connect_swapped (self->view, "notify::zoom", G_CALLBACK (write_dump), self);
  g_signal_connect_swapped (self->speed_adjustment, "value-changed",
                            G_CALLBACK (speed_changed_cb), self);

  speed_changed_cb (self);
  update_stats (self);
  update_step_label (self);
  update_cell_label (self);
  update_agents_label (self);
  update_actions (self);
  gtk_stack_set_visible_child_name (self->content_stack, "empty");
}

GtkWidget *
ossa_map_editor_new (void)
{
  return g_object_new (OSSA_TYPE_MAP_EDITOR, NULL);
}
