/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The cat-and-mice demo on the map on show: the cat walks the A* path to where it
 * is sent, mice flee to a random reachable cell when it comes near and are caught
 * when it reaches them; the frame clock moves them while anything moves. The
 * animals are not part of the document. */
#define G_LOG_DOMAIN "ossa-map-editor"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "ossa-map-editor-private.h"

/* A mouse flees when the cat comes this close (cells), to a cell this far. */
#define FLEE_RADIUS 6.0
#define FLEE_DISTANCE 10
#define MOUSE_SPEED_RATIO 0.75
#define CATCH_DISTANCE 0.6

static void
agent_clear (OssaMapAgent *agent)
{
  g_clear_pointer (&agent->route, g_array_unref);
}

static gboolean
agent_moving (const OssaMapAgent *agent)
{
  return agent->route != NULL && agent->next < agent->route->len;
}

/* The cell an agent stands on or, between two cells, the one it is walking to. */
static OssaCell
agent_cell (const OssaMapAgent *agent)
{
  if (agent_moving (agent))
    return g_array_index (agent->route, OssaCell, agent->next);
  return (OssaCell) { (guint32) floor (agent->x), (guint32) floor (agent->y) };
}

/* Sends an agent to (x, y) along the agent searcher's A* path; false when there
 * is none. */
static gboolean
agent_go (OssaMapEditor *self, OssaMapAgent *agent, guint x, guint y)
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
agent_walk (OssaMapAgent *agent, double distance)
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

void
_ossa_map_editor_update_agents_label (OssaMapEditor *self)
{
  if (!self->has_cat && self->mice->len == 0)
    {
      gtk_label_set_text (self->agents_label,
                          _("Use the Cat tool to place the cat and click where it should run; "
                            "add mice with the Mouse tool. Mice flee when the cat comes near."));
      return;
    }
  /* Translators: the cat-and-mice demo's tally */
  _ossa_map_editor_set_label_printf (self->agents_label,
                                     ngettext ("%u mouse running, %u caught",
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
mouse_flee (OssaMapEditor *self, OssaMapAgent *mouse)
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
      OssaMapAgent *mouse = &g_array_index (self->mice, OssaMapAgent, i);

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
  _ossa_map_editor_update_marks (self);
  _ossa_map_editor_update_agents_label (self);
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
    any = agent_moving (&g_array_index (self->mice, OssaMapAgent, i));
  if (!any)
    {
      self->agent_tick = 0;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

void
_ossa_map_editor_place_cat (OssaMapEditor *self, guint x, guint y)
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
  _ossa_map_editor_update_marks (self);
  _ossa_map_editor_update_agents_label (self);
  ensure_agent_tick (self);
}

void
_ossa_map_editor_send_cat (OssaMapEditor *self, guint x, guint y)
{
  if (!agent_go (self, &self->cat, x, y))
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  update_agent_path (self);
  ensure_agent_tick (self);
}

void
_ossa_map_editor_toggle_mouse (OssaMapEditor *self, guint x, guint y)
{
  OssaMapAgent mouse = { x + 0.5, y + 0.5, NULL, 0 };

  for (guint i = 0; i < self->mice->len; i++)
    {
      OssaMapAgent *other = &g_array_index (self->mice, OssaMapAgent, i);

      if ((guint) floor (other->x) == x && (guint) floor (other->y) == y)
        {
          agent_clear (other);
          g_array_remove_index (self->mice, i);
          _ossa_map_editor_update_marks (self);
          _ossa_map_editor_update_agents_label (self);
          return;
        }
    }
  if (!self->cells[(gsize) y * self->width + x])
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  g_array_append_val (self->mice, mouse);
  _ossa_map_editor_update_marks (self);
  _ossa_map_editor_update_agents_label (self);
  ensure_agent_tick (self);
}

void
_ossa_map_editor_clear_agents (OssaMapEditor *self)
{
  agent_clear (&self->cat);
  self->has_cat = FALSE;
  for (guint i = 0; i < self->mice->len; i++)
    agent_clear (&g_array_index (self->mice, OssaMapAgent, i));
  g_array_set_size (self->mice, 0);
  self->caught = 0;
  update_agent_path (self);
  _ossa_map_editor_update_marks (self);
  _ossa_map_editor_update_agents_label (self);
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
  *x = g_array_index (self->mice, OssaMapAgent, index).x;
  *y = g_array_index (self->mice, OssaMapAgent, index).y;
  return TRUE;
}

void
_ossa_map_editor_stop_agents (OssaMapEditor *self)
{
  if (self->agent_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->view), self->agent_tick);
  self->agent_tick = 0;
}

void
_ossa_map_editor_free_agents (OssaMapEditor *self)
{
  agent_clear (&self->cat);
  for (guint i = 0; i < self->mice->len; i++)
    agent_clear (&g_array_index (self->mice, OssaMapAgent, i));
  g_array_unref (self->mice);
}
