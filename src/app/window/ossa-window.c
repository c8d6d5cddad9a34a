/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-window"

#include "config.h"

#include <glib/gi18n.h>

#include "ossa-cached-bin.h"
#include "ossa-window-private.h"

/* Pane sizes a new window starts with, in pixels. */
#define HIERARCHY_WIDTH 220
#define INSPECTOR_WIDTH 260
#define TIMELINE_HEIGHT 230
#define DRAW_ORDER_HEIGHT 210

G_DEFINE_FINAL_TYPE (OssaWindow, ossa_window, GTK_TYPE_APPLICATION_WINDOW)

enum
{
  FILE_USED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Title and status ------------------------------------------------------------ */

static void
update_title (OssaWindow *self)
{
  g_autofree char *name = ossa_editor_dup_display_name (self->editor);
  g_autofree char *title = NULL;

  if (ossa_editor_get_modified (self->editor))
    /* Translators: the window title of a document with unsaved changes */
    title = g_strdup_printf (_("• %s — Ossa"), name);
  else
    /* Translators: the window title: a document's name, then the program's */
    title = g_strdup_printf (_("%s — Ossa"), name);
  gtk_window_set_title (GTK_WINDOW (self), title);
}

static gboolean
map_workspace_shown (OssaWindow *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->workspace_stack), "map") == 0;
}

/* On the map page: the map on show and its size. */
static void
update_map_status (OssaWindow *self)
{
  const OssaDocument *doc = ossa_editor_get_document (self->editor);
  int index = ossa_map_editor_get_map (self->map_editor);
  g_autofree char *text = NULL;

  if (index < 0 || (gsize) index >= doc->n_maps)
    text = g_strdup (_("No map"));
  else
    /* Translators: the map on show in the status bar: its name, width and height in cells */
    text = g_strdup_printf (_("%s   %u × %u cells"), doc->maps[index].name,
                            doc->maps[index].width, doc->maps[index].height);
  gtk_label_set_text (self->selection_label, text);
}

static void
update_selection_status (OssaWindow *self)
{
  const OssaSkeleton *skel = &ossa_editor_get_document (self->editor)->skeleton;
  gsize n_selected;
  const guint *selected = ossa_editor_get_selection (self->editor, &n_selected);
  g_autofree char *text = NULL;
  int slot = ossa_editor_get_selected_slot (self->editor);
  int attachment = ossa_editor_get_selected_attachment (self->editor);
  const OssaDocument *doc = ossa_editor_get_document (self->editor);

  if (map_workspace_shown (self))
    {
      update_map_status (self);
      return;
    }
  if (n_selected == 0 && slot >= 0 && attachment >= 0)
    /* Translators: the status bar while a picture is picked on the canvas: the
     * attachment's name, then its slot's */
    text = g_strdup_printf (_("Picture %s (slot %s)"),
                            doc->slots[slot].attachments[attachment].name, doc->slots[slot].name);
  else if (n_selected == 0)
    text = g_strdup (_("No selection"));
  else if (n_selected == 1 && selected[0] < skel->n_bones)
    text = g_strdup (skel->bones[selected[0]].name);
  else
    text = g_strdup_printf (ngettext ("%u bone selected", "%u bones selected",
                                      (gulong) n_selected),
                            (guint) n_selected);
  gtk_label_set_text (self->selection_label, text);
}

static void
update_pointer_status (OssaWindow *self)
{
  gboolean inside = FALSE;
  double x = 0, y = 0;
  g_autofree char *text = NULL;

  if (map_workspace_shown (self))
    {
      double cx = -1, cy = -1;

      g_object_get (ossa_map_editor_get_view (self->map_editor), "pointer-inside", &inside,
                    "pointer-x", &cx, "pointer-y", &cy, NULL);
      if (inside && cx >= 0 && cy >= 0)
        /* Translators: the map cell under the pointer, column then row */
        text = g_strdup_printf (_("cell %d, %d"), (int) cx, (int) cy);
      else
        text = g_strdup ("—");
      gtk_label_set_text (self->pointer_label, text);
      return;
    }
  g_object_get (self->canvas,
                "pointer-inside", &inside,
                "pointer-x", &x,
                "pointer-y", &y,
                NULL);
  if (inside)
    /* Translators: the pointer's position on the canvas in world units */
    text = g_strdup_printf (_("x %.2f   y %.2f"), x, y);
  else
    text = g_strdup ("—");
  gtk_label_set_text (self->pointer_label, text);
}

static void
update_zoom_status (OssaWindow *self)
{
  double zoom = 1.0;
  g_autofree char *text = NULL;

  if (map_workspace_shown (self))
    {
      g_object_get (ossa_map_editor_get_view (self->map_editor), "zoom", &zoom, NULL);
      /* Translators: the map view's zoom: pixels a cell, e.g. "16 px" */
      text = g_strdup_printf (_("%.0f px"), zoom);
      gtk_label_set_text (self->zoom_label, text);
      return;
    }
  g_object_get (self->canvas, "zoom", &zoom, NULL);
  /* Translators: the canvas zoom, e.g. "125 %" */
  text = g_strdup_printf (_("%.0f %%"), zoom * 100.0);
  gtk_label_set_text (self->zoom_label, text);
}

/* The status bar speaks of the workspace on show. */
static void
update_status (OssaWindow *self)
{
  update_selection_status (self);
  update_pointer_status (self);
  update_zoom_status (self);
}

static void
editor_state_changed_cb (OssaWindow *self)
{
  update_title (self);
  _ossa_window_actions_update (self);
}

static void
document_changed_cb (OssaWindow *self,
                     guint       change,
                     OssaEditor *editor)
{
  if (change & (OSSA_CHANGE_STRUCTURE | OSSA_CHANGE_DOCUMENT))
    _ossa_window_actions_update (self);
  /* Map edits (a resize, a rename) come as any kind of change. */
  if (change & (OSSA_CHANGE_STRUCTURE | OSSA_CHANGE_DOCUMENT | OSSA_CHANGE_ART)
      || map_workspace_shown (self))
    update_selection_status (self);
}

/* Keys picked after none: the inspector column scrolls to their properties. */
static gboolean
reveal_key_inspector_cb (gpointer user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (self->key_inspector),
                                                 GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adj;
  graphene_point_t top;

  if (scroller == NULL || !gtk_widget_get_visible (GTK_WIDGET (self->key_inspector))
      || !gtk_widget_compute_point (GTK_WIDGET (self->key_inspector),
                                    gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller)),
                                    &GRAPHENE_POINT_INIT (0, 0), &top))
    return G_SOURCE_REMOVE;
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  gtk_adjustment_set_value (adj, MIN (top.y, gtk_adjustment_get_upper (adj)
                                               - gtk_adjustment_get_page_size (adj)));
  return G_SOURCE_REMOVE;
}

static void
key_selection_changed_cb (OssaWindow *self)
{
  gsize n = 0;

  ossa_editor_get_selected_keys (self->editor, &n);
  if (n > 0 && !self->had_keys)
    g_timeout_add_full (G_PRIORITY_DEFAULT, 50, reveal_key_inspector_cb, g_object_ref (self),
                        g_object_unref);
  self->had_keys = n > 0;
}

static void
selection_changed_cb (OssaWindow *self)
{
  update_selection_status (self);
  _ossa_window_actions_update (self);
}

/* Recovery copies that cannot be written: one line in the status bar while it
 * lasts (the autosave tries again every interval), never a dialog each time. */
static void
update_recovery_status (OssaWindow *self)
{
  const GError *error;
  g_autofree char *tooltip = NULL;

  if (self->recovery_status == NULL || self->autosave == NULL)
    return;   /* gone */
  error = ossa_autosave_get_error (self->autosave);
  gtk_widget_set_visible (self->recovery_status, error != NULL);
  if (error == NULL)
    return;
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE))
    /* Translators: in the status bar while autosave cannot write its copy */
    gtk_label_set_text (self->recovery_label,
                        _("Could not write a recovery copy: the disk is full"));
  else
    /* Translators: in the status bar while autosave cannot write its copy */
    gtk_label_set_text (self->recovery_label, _("Could not write a recovery copy"));
  /* Translators: the tooltip of the status bar's "Could not write a recovery
   * copy"; %s is why, with the file's name */
  tooltip = g_strdup_printf (_("%s\nAutosave tries again after each interval. Save the document to keep your changes."),
                             error->message);
  gtk_widget_set_tooltip_text (self->recovery_status, tooltip);
}

/* Opening and saving: one at a time, with progress ---------------------------- */

typedef struct
{
  OssaWindowIdleFunc func;
  gpointer           data;
} IdleWaiter;

static gboolean
busy_pulse_cb (gpointer user_data)
{
  OssaWindow *self = OSSA_WINDOW (user_data);

  gtk_progress_bar_pulse (self->busy_bar);
  return G_SOURCE_CONTINUE;
}

void
_ossa_window_busy_set_text (OssaWindow *self,
                            const char *text)
{
  if (self->busy_box == NULL)
    return;   /* gone */
  /* Pulsed ten times a second rather than animated every frame: the status
   * bar is drawn again each time. */
  if (text != NULL && self->busy_pulse == 0)
    self->busy_pulse = g_timeout_add (100, busy_pulse_cb, self);
  else if (text == NULL)
    g_clear_handle_id (&self->busy_pulse, g_source_remove);
  gtk_label_set_text (self->busy_label, text != NULL ? text : "");
  gtk_widget_set_visible (self->busy_box, text != NULL);
}

void
_ossa_window_busy_begin (OssaWindow *self,
                         const char *text)
{
  self->busy++;
  _ossa_window_busy_set_text (self, text);
}

void
_ossa_window_busy_end (OssaWindow *self)
{
  g_return_if_fail (self->busy > 0);

  self->busy--;
  _ossa_window_busy_set_text (self, NULL);
  /* What waited runs in order; the first that starts something makes the rest
   * wait for that. */
  while (self->busy == 0 && !g_queue_is_empty (&self->idle_waiters))
    {
      IdleWaiter *waiter = g_queue_pop_head (&self->idle_waiters);

      waiter->func (self, waiter->data, TRUE);
      g_free (waiter);
    }
}

void
_ossa_window_when_idle (OssaWindow         *self,
                        OssaWindowIdleFunc  func,
                        gpointer            data)
{
  IdleWaiter *waiter;

  if (self->busy == 0 && g_queue_is_empty (&self->idle_waiters))
    {
      func (self, data, FALSE);
      return;
    }
  waiter = g_new (IdleWaiter, 1);
  waiter->func = func;
  waiter->data = data;
  g_queue_push_tail (&self->idle_waiters, waiter);
}

/**
 * ossa_window_get_busy:
 * @self: an #OssaWindow
 *
 * Returns: whether the window's document is being opened or saved (or a question
 *   about that is open)
 */
gboolean
ossa_window_get_busy (OssaWindow *self)
{
  g_return_val_if_fail (OSSA_IS_WINDOW (self), FALSE);

  return self->busy > 0;
}

/* Panes ----------------------------------------------------------------------- */

/* The inspector and the timeline keep a fixed size measured from the far edge, so
 * their positions can only be set once their paned is allocated: when its
 * max-position (its size less the handle and the end child's minimum; G_MAXINT
 * before) is first known. The paned notifies before it allocates its children,
 * so the new position applies at once. */
static void
place_end_child_cb (GtkPaned   *paned,
                    GParamSpec *pspec,
                    gpointer    user_data)
{
  int size = GPOINTER_TO_INT (user_data);
  GtkWidget *end = gtk_paned_get_end_child (paned);
  int max = G_MAXINT;
  int minimum = 0;

  g_object_get (paned, "max-position", &max, NULL);
  if (max == G_MAXINT || end == NULL)
    return;

  gtk_widget_measure (end, gtk_orientable_get_orientation (GTK_ORIENTABLE (paned)), -1,
                      &minimum, NULL, NULL, NULL);
  gtk_paned_set_position (paned, max + minimum - MAX (size, minimum));
  g_signal_handlers_disconnect_by_func (paned, place_end_child_cb, user_data);
}

/* Settings -------------------------------------------------------------------- */

static void
restore_settings (OssaWindow *self)
{
  GSettings *settings = self->settings;
  int width, height;

  width = g_settings_get_int (settings, "window-width");
  height = g_settings_get_int (settings, "window-height");
  if (width >= 360 && height >= 240)
    gtk_window_set_default_size (GTK_WINDOW (self), width, height);
  if (g_settings_get_boolean (settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  g_settings_bind (settings, "show-bone-names", self->canvas, "show-names",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "show-meshes", self->canvas, "show-meshes",
                   G_SETTINGS_BIND_DEFAULT);
  _ossa_window_bind_preferences (self);
}

static void
save_size (OssaWindow *self)
{
  GSettings *settings = self->settings;
  gboolean maximized;
  int width, height;

  if (settings == NULL)
    return;

  maximized = gtk_window_is_maximized (GTK_WINDOW (self));
  g_settings_set_boolean (settings, "window-maximized", maximized);
  /* The default size follows the window as it is resized, but not while it is
   * maximized: then it still holds the size to go back to. */
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (width > 0 && height > 0)
    {
      g_settings_set_int (settings, "window-width", width);
      g_settings_set_int (settings, "window-height", height);
    }
}

/* GObject --------------------------------------------------------------------- */

static void
close_request_answered_cb (GObject      *source,
                           GAsyncResult *result,
                           gpointer      user_data)
{
  ossa_window_close_finish (OSSA_WINDOW (source), result);
}

static gboolean
ossa_window_close_request (GtkWindow *window)
{
  OssaWindow *self = OSSA_WINDOW (window);

  /* Unsaved changes: keep the window, ask, and close again once answered. A
   * save running: keep it until the save is done (then ask if it failed). */
  if (!self->close_confirmed
      && (ossa_editor_get_modified (self->editor) || self->busy > 0))
    {
      ossa_window_close_async (self, close_request_answered_cb, NULL);
      return TRUE;
    }

  save_size (self);
  return GTK_WINDOW_CLASS (ossa_window_parent_class)->close_request (window);
}

static void
ossa_window_constructed (GObject *object)
{
  G_OBJECT_CLASS (ossa_window_parent_class)->constructed (object);

  /* Not in the template: show-menubar is a construct property, so its default
   * (FALSE) is applied after the template and would undo it. */
  gtk_application_window_set_show_menubar (GTK_APPLICATION_WINDOW (object), TRUE);
}

static void
ossa_window_dispose (GObject *object)
{
  OssaWindow *self = OSSA_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->busy_pulse, g_source_remove);
  /* The window goes with its changes saved or discarded: so does their copy. */
  if (self->autosave != NULL)
    ossa_autosave_close (self->autosave);
  g_clear_object (&self->autosave);
  if (self->editor != NULL)
    g_signal_handlers_disconnect_by_data (self->editor, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), OSSA_TYPE_WINDOW);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->editor);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (ossa_window_parent_class)->dispose (object);
}

static void
ossa_window_class_init (OssaWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = ossa_window_constructed;
  object_class->dispose = ossa_window_dispose;

  window_class->close_request = ossa_window_close_request;

  /**
   * OssaWindow::file-used:
   * @self: the window
   * @file: the file
   *
   * The window opened or saved @file: for the application's recent files.
   */
  signals[FILE_USED] = g_signal_new ("file-used", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_FILE);

  g_type_ensure (OSSA_TYPE_CACHED_BIN);
  g_type_ensure (OSSA_TYPE_CANVAS);
  g_type_ensure (OSSA_TYPE_HIERARCHY);
  g_type_ensure (OSSA_TYPE_DRAW_ORDER);
  g_type_ensure (OSSA_TYPE_INSPECTOR);
  g_type_ensure (OSSA_TYPE_MAP_EDITOR);
  g_type_ensure (OSSA_TYPE_KEY_INSPECTOR);
  g_type_ensure (OSSA_TYPE_IK_INSPECTOR);
  g_type_ensure (OSSA_TYPE_TIMELINE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/ossa-window.ui");
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, main_paned);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, side_paned);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, center_paned);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, hierarchy);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, left_paned);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, draw_order);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, canvas);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, inspector);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, ik_inspector);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, key_inspector);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, timeline_slot);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, timeline);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, selection_label);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, pointer_label);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, zoom_label);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, ik_chain_box);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, ik_chain_spin);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, workspace_stack);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, map_editor);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, start_page);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, start_recent_box);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, start_recent_list);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, busy_box);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, busy_bar);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, busy_label);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, recovery_status);
  gtk_widget_class_bind_template_child (widget_class, OssaWindow, recovery_label);
}

static void
ossa_window_init (OssaWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_queue_init (&self->idle_waiters);

  self->cancellable = g_cancellable_new ();
  self->editor = ossa_editor_new ();
  self->autosave = ossa_autosave_new (self->editor, NULL);
  g_signal_connect_object (self->autosave, "notify::error",
                           G_CALLBACK (update_recovery_status), self, G_CONNECT_SWAPPED);

  gtk_paned_set_position (self->side_paned, HIERARCHY_WIDTH);
  g_signal_connect (self->center_paned, "notify::max-position",
                    G_CALLBACK (place_end_child_cb), GINT_TO_POINTER (INSPECTOR_WIDTH));
  g_signal_connect (self->main_paned, "notify::max-position",
                    G_CALLBACK (place_end_child_cb), GINT_TO_POINTER (TIMELINE_HEIGHT));
  g_signal_connect (self->left_paned, "notify::max-position",
                    G_CALLBACK (place_end_child_cb), GINT_TO_POINTER (DRAW_ORDER_HEIGHT));

  ossa_hierarchy_set_editor (self->hierarchy, self->editor);
  ossa_draw_order_set_editor (self->draw_order, self->editor);
  ossa_canvas_set_editor (self->canvas, self->editor);
  ossa_inspector_set_editor (self->inspector, self->editor);
  ossa_ik_inspector_set_editor (self->ik_inspector, self->editor);
  ossa_map_editor_set_editor (self->map_editor, self->editor);
  /* The map.* actions reach the menu bar and the application's keys from here. */
  gtk_widget_insert_action_group (GTK_WIDGET (self), "map",
                                  ossa_map_editor_get_actions (self->map_editor));
  ossa_key_inspector_set_editor (self->key_inspector, self->editor);
  ossa_timeline_set_editor (self->timeline, self->editor);
  g_object_bind_property (self->timeline, "onion-frames", self->canvas, "onion-frames",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);

  g_signal_connect_swapped (self->editor, "notify::modified",
                            G_CALLBACK (editor_state_changed_cb), self);
  g_signal_connect_swapped (self->editor, "notify::file",
                            G_CALLBACK (editor_state_changed_cb), self);
  g_signal_connect_swapped (self->editor, "notify::can-undo",
                            G_CALLBACK (editor_state_changed_cb), self);
  g_signal_connect_swapped (self->editor, "notify::can-redo",
                            G_CALLBACK (editor_state_changed_cb), self);
  g_signal_connect_swapped (self->editor, "document-changed",
                            G_CALLBACK (document_changed_cb), self);
  g_signal_connect_swapped (self->editor, "selection-changed",
                            G_CALLBACK (selection_changed_cb), self);
  g_signal_connect_swapped (self->editor, "art-selection-changed",
                            G_CALLBACK (update_selection_status), self);
  g_signal_connect_swapped (self->editor, "key-selection-changed",
                            G_CALLBACK (key_selection_changed_cb), self);

  g_signal_connect_object (self->canvas, "notify::pointer-x",
                           G_CALLBACK (update_pointer_status), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->canvas, "notify::pointer-y",
                           G_CALLBACK (update_pointer_status), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->canvas, "notify::pointer-inside",
                           G_CALLBACK (update_pointer_status), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->canvas, "notify::zoom",
                           G_CALLBACK (update_zoom_status), self, G_CONNECT_SWAPPED);
  {
    OssaMapView *map_view = ossa_map_editor_get_view (self->map_editor);

    g_signal_connect_object (map_view, "notify::pointer-x",
                             G_CALLBACK (update_pointer_status), self, G_CONNECT_SWAPPED);
    g_signal_connect_object (map_view, "notify::pointer-y",
                             G_CALLBACK (update_pointer_status), self, G_CONNECT_SWAPPED);
    g_signal_connect_object (map_view, "notify::pointer-inside",
                             G_CALLBACK (update_pointer_status), self, G_CONNECT_SWAPPED);
    g_signal_connect_object (map_view, "notify::zoom",
                             G_CALLBACK (update_zoom_status), self, G_CONNECT_SWAPPED);
    g_signal_connect_object (self->map_editor, "notify::map",
                             G_CALLBACK (update_selection_status), self, G_CONNECT_SWAPPED);
    g_signal_connect_object (self->workspace_stack, "notify::visible-child-name",
                             G_CALLBACK (update_status), self, G_CONNECT_SWAPPED);
  }

  _ossa_window_files_init (self);
  _ossa_window_actions_init (self);
  _ossa_window_start_init (self);
  _ossa_window_spin_init (self);
  _ossa_window_art_init (self);
  _ossa_window_ik_init (self);

  update_title (self);
  update_status (self);
  _ossa_window_actions_update (self);

  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
}

/**
 * ossa_window_new:
 * @application: the application the window belongs to
 *
 * Makes an editor window with a new, empty document. The application gives it
 * its settings (ossa_window_set_settings()) as the window joins it.
 *
 * Returns: (transfer full): a new editor window
 */
OssaWindow *
ossa_window_new (GtkApplication *application)
{
  OssaWindow *self;

  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);

  self = g_object_new (OSSA_TYPE_WINDOW,
                       "application", application,
                       NULL);
  /* The Edit menu is the application's, shared by its windows: it names the undo
   * step of whichever window is active. */
  g_signal_connect_object (application, "notify::active-window",
                           G_CALLBACK (_ossa_window_actions_sync_menus), self,
                           G_CONNECT_SWAPPED);
  _ossa_window_actions_sync_menus (self);

  return self;
}

/**
 * ossa_window_get_editor:
 * @self: an #OssaWindow
 *
 * Returns: (transfer none): the editor holding the window's document, selection,
 *   mode and tool; every pane of the window shares it
 */
OssaEditor *
ossa_window_get_editor (OssaWindow *self)
{
  g_return_val_if_fail (OSSA_IS_WINDOW (self), NULL);

  return self->editor;
}

/**
 * ossa_window_get_autosave:
 * @self: an #OssaWindow
 *
 * Returns: (transfer none): what keeps the recovery copy of the window's unsaved
 *   changes
 */
OssaAutosave *
ossa_window_get_autosave (OssaWindow *self)
{
  g_return_val_if_fail (OSSA_IS_WINDOW (self), NULL);

  return self->autosave;
}

/**
 * ossa_window_set_settings:
 * @self: an #OssaWindow
 * @settings: the application's settings
 *
 * Gives @self the settings it keeps its size in and takes its size and view
 * options from (at once). Called once, by the application, as the window joins
 * it; a window without settings keeps nothing.
 */
void
ossa_window_set_settings (OssaWindow *self,
                          GSettings  *settings)
{
  g_return_if_fail (OSSA_IS_WINDOW (self));
  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (self->settings == NULL);

  self->settings = g_object_ref (settings);
  restore_settings (self);
  ossa_autosave_set_settings (self->autosave, settings);
}

/* Tells the application (OssaWindow::file-used) that @file was opened or saved. */
void
_ossa_window_file_used (OssaWindow *self,
                        GFile      *file)
{
  g_signal_emit (self, signals[FILE_USED], 0, file);
}
