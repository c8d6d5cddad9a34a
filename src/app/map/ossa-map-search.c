/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The map workspace's search: the whole start-to-goal search run after every edit
 * (once before the next frame), or step mode, where the search advances a node at
 * a time or plays at a set speed and the view shows its open and closed sets; and
 * the stats, the step progress and the costs of the cell under the pointer.
 *
 * A search that cannot run or stops before its end (the map or the search over the
 * searcher's memory budget, see OSSA_PATH_MEMORY_BUDGET_ENV, or out of memory) is
 * told on the Path line ("Stopped: too large for memory"), with the core's reason
 * in the person's language in its tooltip and on a wrapped line under the stats:
 * never a dialog, since it comes again on every stroke. The next search that runs
 * clears it. */
#define G_LOG_DOMAIN "ossa-map-editor"

#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "ossa-gerror.h"
#include "ossa-map-editor-private.h"

/* Nodes a frame at most while playing a stepped search. */
#define MAX_STEPS_A_FRAME 20000

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

static void update_cell_label (OssaMapEditor *self);

/* What the Path line says for a search that could not run or finish. */
static const char *
stopped_title (const GError *error)
{
  if (g_error_matches (error, OSSA_CORE_ERROR, OSSA_ERROR_LIMIT))
    /* Translators: the search's outcome when it would pass its memory budget */
    return _("Stopped: too large for memory");
  if (g_error_matches (error, OSSA_CORE_ERROR, OSSA_ERROR_NO_MEMORY))
    /* Translators: the search's outcome when the machine ran out of memory */
    return _("Stopped: out of memory");
  /* Translators: the search's outcome when it could not run for another reason */
  return _("Search failed");
}

/* The Path line's tooltip and the line under the stats: the reason of
 * search_error, or nothing. */
static void
update_search_error (OssaMapEditor *self)
{
  const char *reason = self->search_error != NULL ? self->search_error->message : NULL;

  gtk_widget_set_tooltip_text (GTK_WIDGET (self->found_label), reason);
  gtk_label_set_text (self->search_error_label, reason != NULL ? reason : "");
  gtk_widget_set_visible (GTK_WIDGET (self->search_error_label), reason != NULL);
}

/* The search on show could not run or stopped: @err says why. */
static void
set_search_error (OssaMapEditor *self, const OssaError *err)
{
  g_debug ("%s", err->message);
  g_clear_error (&self->search_error);
  ossa_gerror_set_from_core (&self->search_error, err);
}

/* The stats, and the costs of the cell under the pointer: every search, step,
 * restart, edit, map switch and load ends here. */
static void
update_stats (OssaMapEditor *self)
{
  const OssaMapSearchInfo *info = &self->info;

  update_cell_label (self);
  update_search_error (self);

  if (!info->searched)
    {
      if (self->search_error != NULL)
        gtk_label_set_text (self->found_label, stopped_title (self->search_error));
      else
        gtk_label_set_text (self->found_label,
                            self->width > 0 && !(self->has_start && self->has_goal)
                            ? _("Place a start and a goal") : "—");
      gtk_label_set_text (self->length_label, "—");
      gtk_label_set_text (self->expansions_label, "—");
      gtk_label_set_text (self->time_label, "—");
      write_dump (self);
      return;
    }
  if (self->search_error != NULL)
    gtk_label_set_text (self->found_label, stopped_title (self->search_error));
  else if (self->stepping && ossa_pathfinder_status (self->finder) == OSSA_SEARCH_RUNNING)
    gtk_label_set_text (self->found_label, _("Searching…"));
  else
    gtk_label_set_text (self->found_label, info->found ? _("Found") : _("No path"));
  if (info->found)
    _ossa_map_editor_set_label_printf (self->length_label, "%.3f", info->length);
  else
    gtk_label_set_text (self->length_label, "—");
  _ossa_map_editor_set_label_printf (self->expansions_label, "%" G_GUINT64_FORMAT,
                                     info->expansions);
  if (self->stepping)
    gtk_label_set_text (self->time_label, "—");
  else if (info->time_us < 1000)
    /* Translators: a duration in microseconds */
    _ossa_map_editor_set_label_printf (self->time_label, _("%" PRId64 " µs"),
                                       (int64_t) info->time_us);
  else
    /* Translators: a duration in milliseconds */
    _ossa_map_editor_set_label_printf (self->time_label, _("%.2f ms"), info->time_us / 1000.0);
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
  g_clear_error (&self->search_error);
  if (self->width == 0 || !self->has_start || !self->has_goal)
    {
      set_path (self, NULL, 0);
      update_stats (self);
      return;
    }
  if (self->map_error != NULL)
    {
      self->search_error = g_error_copy (self->map_error);
      set_path (self, NULL, 0);
      update_stats (self);
      return;
    }
  start = g_get_monotonic_time ();
  if (!ossa_pathfinder_search (self->finder, self->algorithm, self->connect, self->start_x,
                               self->start_y, self->goal_x, self->goal_y, &result, &err))
    {
      /* Not searched: a search that could not begin cannot be told from one that
       * stopped partway here (the core's reason says how far it got). */
      set_search_error (self, &err);
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
void
_ossa_map_editor_schedule_search (OssaMapEditor *self)
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
  self->states[(gsize) y * self->width + x] =
    (guint8) ossa_pathfinder_cell_state (self->finder, x, y);
}

static void
update_step_label (OssaMapEditor *self)
{
  if (!self->stepping)
    {
      gtk_label_set_text (self->step_label,
                          _("Step mode is off: the whole search runs after every edit."));
      return;
    }
  /* Translators: progress of a stepped search */
  _ossa_map_editor_set_label_printf (self->step_label, _("%" PRIu64 " expanded, %zu open"),
                                     (uint64_t) self->steps,
                                     ossa_pathfinder_open_count (self->finder));
}

void
_ossa_map_editor_restart_stepping (OssaMapEditor *self)
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
  g_clear_error (&self->search_error);
  set_path (self, NULL, 0);
  ossa_map_view_set_states (self->view, self->states);
  if (n > 0 && self->has_start && self->has_goal)
    {
      if (self->map_error != NULL)
        self->search_error = g_error_copy (self->map_error);
      else if (ossa_pathfinder_begin (self->finder, self->algorithm, self->connect,
                                      self->start_x, self->start_y, self->goal_x, self->goal_y,
                                      &err))
        {
          self->info.searched = TRUE;
          set_state (self, self->start_x, self->start_y);
        }
      else
        set_search_error (self, &err);
    }
  update_stats (self);
  update_step_label (self);
  _ossa_map_editor_update_marks (self);
}

void
_ossa_map_editor_start_stepping (OssaMapEditor *self)
{
  if (self->stepping)
    return;
  self->stepping = TRUE;
  g_simple_action_set_state (_ossa_map_editor_lookup (self, "step-mode"),
                             g_variant_new_boolean (TRUE));
  _ossa_map_editor_restart_stepping (self);
}

void
_ossa_map_editor_stop_stepping (OssaMapEditor *self)
{
  if (!self->stepping)
    return;
  _ossa_map_editor_set_playing (self, FALSE);
  self->stepping = FALSE;
  g_simple_action_set_state (_ossa_map_editor_lookup (self, "step-mode"),
                             g_variant_new_boolean (FALSE));
  ossa_map_view_set_states (self->view, NULL);
  g_clear_pointer (&self->states, g_free);
  update_step_label (self);
  _ossa_map_editor_update_marks (self);
  _ossa_map_editor_schedule_search (self);
}

/* Expands up to @n nodes; returns whether the search is still running. */
gboolean
_ossa_map_editor_step_search (OssaMapEditor *self, guint n)
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
      OssaError err = { 0 };

      /* Ended as "no path" because it could not go on: say so. */
      if (ossa_pathfinder_stopped (self->finder, &err))
        set_search_error (self, &err);
      ossa_pathfinder_result (self->finder, &result);
      self->info.found = result.found;
      self->info.length = result.length;
      set_path (self, result.path, result.n_path);
    }
  self->info.expansions = self->steps;
  update_stats (self);
  update_step_label (self);
  _ossa_map_editor_update_marks (self);
  return status == OSSA_SEARCH_RUNNING;
}

/* Step mode's End: the stepped search (begun now if step mode was off) runs to
 * its end at once, its open and closed sets left on show with the path and the
 * stats of the whole search. */
void
_ossa_map_editor_finish_search (OssaMapEditor *self)
{
  _ossa_map_editor_set_playing (self, FALSE);
  _ossa_map_editor_start_stepping (self);
  if (ossa_pathfinder_status (self->finder) == OSSA_SEARCH_RUNNING)
    _ossa_map_editor_step_search (self, G_MAXUINT);
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
  _ossa_map_editor_set_label_printf (self->speed_label, _("%.0f/s"), steps_a_second (self));
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
  if (n > 0 && !_ossa_map_editor_step_search (self, n))
    {
      self->step_tick = 0;
      _ossa_map_editor_set_playing (self, FALSE);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

void
_ossa_map_editor_set_playing (OssaMapEditor *self, gboolean playing)
{
  if (playing == self->playing)
    return;
  self->playing = playing;
  g_simple_action_set_state (_ossa_map_editor_lookup (self, "play"),
                             g_variant_new_boolean (playing));
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

/* ---- the cell under the pointer ---- */

/* What the pointer is over, in the map on show, and its costs in the last search
 * of that map: called when the pointer moves to another cell and after every
 * search and step (through update_stats()), so that an edit, a map switch or a
 * load under a still pointer is told too. */
static void
update_cell_label (OssaMapEditor *self)
{
  double px = -1, py = -1;
  int x, y;
  double g, h, f;
  g_autofree char *where = NULL;

  g_object_get (self->view, "pointer-x", &px, "pointer-y", &py, NULL);
  x = (int) px, y = (int) py;
  if (x < 0 || y < 0 || (guint) x >= self->width || (guint) y >= self->height)
    {
      gtk_label_set_text (self->cell_label, _("Point at a cell to see its g, h and f."));
      return;
    }
  where = g_strdup_printf (self->cells[(gsize) y * self->width + (gsize) x]
                           /* Translators: a cell's coordinates and kind */
                           ? _("Cell %d, %d: walkable") : _("Cell %d, %d: blocked"), x, y);
  /* info.searched: a search of this map ran or, in step mode, began (without a
   * start and a goal the searcher still holds the last one). */
  if (self->info.searched
      && ossa_pathfinder_cell_costs (self->finder, (guint) x, (guint) y, &g, &h, &f))
    /* Translators: a cell's costs in the search: cost so far, heuristic, priority */
    _ossa_map_editor_set_label_printf (self->cell_label, _("%s\ng %.3f   h %.3f   f %.3f"),
                                       where, g, h, f);
  else
    /* Translators: %s is a cell's coordinates and kind */
    _ossa_map_editor_set_label_printf (self->cell_label, _("%s\nnot reached by the search"), where);
}

void
_ossa_map_editor_search_settings_changed (OssaMapEditor *self)
{
  if (self->stepping)
    _ossa_map_editor_restart_stepping (self);
  else
    _ossa_map_editor_schedule_search (self);
}

/* Connects the labels to what they follow and fills them in. */
void
_ossa_map_editor_init_search (OssaMapEditor *self)
{
  g_signal_connect_swapped (self->view, "notify::pointer-x", G_CALLBACK (update_cell_label), self);
  g_signal_connect_swapped (self->view, "notify::pointer-y", G_CALLBACK (update_cell_label), self);
  g_signal_connect_swapped (self->view, "notify::zoom", G_CALLBACK (write_dump), self);
  g_signal_connect_swapped (self->speed_adjustment, "value-changed",
                            G_CALLBACK (speed_changed_cb), self);
  speed_changed_cb (self);
  update_stats (self);
  update_step_label (self);
  update_cell_label (self);
}
