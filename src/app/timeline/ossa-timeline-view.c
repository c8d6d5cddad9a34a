/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-timeline-view"

#include "config.h"

#include <string.h>

#include "ossa-timeline-view-private.h"

/* The view as a GObject: its properties, zoom and actions, and how it follows the
 * editor (which change makes rows, tracks, the key layer or only the playhead
 * stale). The other parts are its siblings' (see ossa-timeline-view-private.h). */

#define PPS_MIN     4.0     /* pixels a second, the zoom's range */
#define PPS_MAX     6000.0
#define PPS_DEFAULT 300.0
#define ZOOM_STEP   1.25

G_DEFINE_FINAL_TYPE (OssaTimelineView, ossa_timeline_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_EDITOR,
  PROP_HADJUSTMENT,
  PROP_VADJUSTMENT,
  PROP_PIXELS_PER_SECOND,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* An edit the editor refused (a key drag, a delete): a bell, and why in the log. */
void
_ossa_timeline_view_report (OssaTimelineView *self, GError *error)
{
  gtk_widget_error_bell (GTK_WIDGET (self));
  g_message ("%s", error->message);
}

/* ---- zoom ---- */

static void
set_pps (OssaTimelineView *self, double pps)
{
  pps = CLAMP (pps, PPS_MIN, PPS_MAX);
  if (pps == self->pps)
    return;
  self->pps = pps;
  _ossa_timeline_view_update_adjustments (self);
  _ossa_timeline_view_invalidate (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PIXELS_PER_SECOND]);
}

/**
 * ossa_timeline_view_zoom_at:
 * @x: the widget x that stays on the same time
 * @factor: > 1 zooms in
 */
void
ossa_timeline_view_zoom_at (OssaTimelineView *self, double x, double factor)
{
  double t;

  g_return_if_fail (OSSA_IS_TIMELINE_VIEW (self));
  x = MAX (x, OSSA_TIMELINE_NAMES_WIDTH);
  t = _ossa_timeline_view_x_to_time (self, x);
  set_pps (self, self->pps * factor);
  gtk_adjustment_set_value (self->hadj, t - (x - OSSA_TIMELINE_NAMES_WIDTH) / self->pps);
}

/**
 * ossa_timeline_view_zoom_to_fit:
 *
 * Shows the whole animation.
 */
void
ossa_timeline_view_zoom_to_fit (OssaTimelineView *self)
{
  g_return_if_fail (OSSA_IS_TIMELINE_VIEW (self));
  set_pps (self, (_ossa_timeline_view_key_width (self) - OSSA_TIMELINE_LEFT_MARGIN - 24)
                   / _ossa_timeline_view_content_end (self));
  gtk_adjustment_set_value (self->hadj, gtk_adjustment_get_lower (self->hadj));
}

/* ---- editor ---- */

static void
on_document_changed (OssaEditor *editor, guint change, OssaTimelineView *self)
{
  if (change & (OSSA_CHANGE_STRUCTURE | OSSA_CHANGE_DOCUMENT | OSSA_CHANGE_ART | OSSA_CHANGE_IK))
    self->rows_stale = TRUE;
  /* Slots renumbered or gone: the art keys picked are no longer those. */
  if (change & (OSSA_CHANGE_DOCUMENT | OSSA_CHANGE_ART))
    _ossa_timeline_view_clear_slot_keys (self);
  else if (change & OSSA_CHANGE_ANIMATIONS)
    _ossa_timeline_view_prune_slot_keys (self);
  /* The same for the constraints. */
  if (change & (OSSA_CHANGE_DOCUMENT | OSSA_CHANGE_IK))
    _ossa_timeline_view_clear_ik_keys (self);
  else if (change & OSSA_CHANGE_ANIMATIONS)
    _ossa_timeline_view_prune_ik_keys (self);
  if (change & OSSA_CHANGE_DOCUMENT)
    {
      if (self->n_expanded > 0)
        memset (self->expanded, 0, self->n_expanded);
      gtk_adjustment_set_value (self->hadj, gtk_adjustment_get_lower (self->hadj));
      gtk_adjustment_set_value (self->vadj, 0);
    }
  if (change & (OSSA_CHANGE_STRUCTURE | OSSA_CHANGE_DOCUMENT | OSSA_CHANGE_ANIMATIONS
                | OSSA_CHANGE_ART | OSSA_CHANGE_IK))
    {
      self->tracks_stale = TRUE;
      _ossa_timeline_view_update_adjustments (self);
      _ossa_timeline_view_invalidate (self);
    }
  /* The shown pose alone (the playhead moved, a drag in progress) changes nothing
   * the rows show: every edit of the document also says ANIMATIONS. */
  if (change == OSSA_CHANGE_POSE)
    gtk_widget_queue_draw (GTK_WIDGET (self));
  else
    _ossa_timeline_view_redraw (self);
}

static void
on_animation (OssaEditor *editor, GParamSpec *pspec, OssaTimelineView *self)
{
  _ossa_timeline_view_clear_slot_keys (self);
  _ossa_timeline_view_clear_ik_keys (self);
  self->tracks_stale = TRUE;
  _ossa_timeline_view_update_adjustments (self);
  _ossa_timeline_view_invalidate (self);
}

static void
on_time (OssaEditor *editor, GParamSpec *pspec, OssaTimelineView *self)
{
  if (self->drag != OSSA_TIMELINE_DRAG_PAN)
    _ossa_timeline_view_follow_playhead (self);
  /* Only the playhead moved (following it scrolls, which redraws the rest). */
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The primary bone picked elsewhere (canvas, hierarchy): its row comes into view. */
static void
on_selection_changed (OssaTimelineView *self)
{
  int primary = ossa_editor_get_primary (self->editor);

  _ossa_timeline_view_redraw (self);
  if (primary < 0)
    return;
  _ossa_timeline_view_ensure_rows (self);
  for (guint i = 0; i < self->rows->len; i++)
    {
      const OssaTimelineRow *row = &g_array_index (self->rows, OssaTimelineRow, i);
      double top = gtk_adjustment_get_value (self->vadj);
      double page = _ossa_timeline_view_rows_view_height (self);

      if (row->bone != (guint) primary || row->kind != OSSA_TIMELINE_ROW_BONE)
        continue;
      if (row->y < top)
        gtk_adjustment_set_value (self->vadj, row->y);
      else if (row->y + row->height > top + page)
        gtk_adjustment_set_value (self->vadj, row->y + row->height - page);
      break;
    }
}

/* Bone keys picked elsewhere (the canvas, the key inspector) replace the art
 * keys picked here, as picking keys on the timeline does. */
static void
on_key_selection_changed (OssaTimelineView *self)
{
  gsize n = 0;

  ossa_editor_get_selected_keys (self->editor, &n);
  if (!self->own_key_selection && n > 0)
    {
      _ossa_timeline_view_clear_slot_keys (self);
      _ossa_timeline_view_clear_ik_keys (self);
    }
  _ossa_timeline_view_invalidate (self);
}

static void
on_playing (OssaEditor *editor, GParamSpec *pspec, OssaTimelineView *self)
{
  _ossa_timeline_view_update_ticking (self);
}

static void
disconnect_editor (OssaTimelineView *self)
{
  if (self->editor == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->editor, self);
  _ossa_timeline_view_stop_ticking (self);
  g_clear_object (&self->editor);
}

/**
 * ossa_timeline_view_set_editor:
 * @editor: (nullable): the editor whose current animation the view shows
 */
void
ossa_timeline_view_set_editor (OssaTimelineView *self, OssaEditor *editor)
{
  g_return_if_fail (OSSA_IS_TIMELINE_VIEW (self));
  g_return_if_fail (editor == NULL || OSSA_IS_EDITOR (editor));
  if (self->editor == editor)
    return;
  disconnect_editor (self);
  if (editor != NULL)
    {
      self->editor = g_object_ref (editor);
      g_signal_connect (editor, "document-changed", G_CALLBACK (on_document_changed), self);
      g_signal_connect (editor, "notify::animation", G_CALLBACK (on_animation), self);
      g_signal_connect (editor, "notify::time", G_CALLBACK (on_time), self);
      g_signal_connect (editor, "notify::playing", G_CALLBACK (on_playing), self);
      g_signal_connect_swapped (editor, "notify::speed", G_CALLBACK (_ossa_timeline_view_re_anchor),
                                self);
      g_signal_connect_swapped (editor, "selection-changed", G_CALLBACK (on_selection_changed),
                                self);
      g_signal_connect_swapped (editor, "key-selection-changed",
                                G_CALLBACK (on_key_selection_changed), self);
      /* A picked slot's row is marked. */
      g_signal_connect_swapped (editor, "art-selection-changed",
                                G_CALLBACK (_ossa_timeline_view_redraw), self);
      /* So is a picked constraint's. */
      g_signal_connect_swapped (editor, "ik-selection-changed",
                                G_CALLBACK (_ossa_timeline_view_redraw), self);
      _ossa_timeline_view_update_ticking (self);
    }
  self->rows_stale = TRUE;
  self->tracks_stale = TRUE;
  g_array_set_size (self->slot_selection, 0);
  g_array_set_size (self->ik_selection, 0);
  _ossa_timeline_view_update_adjustments (self);
  _ossa_timeline_view_invalidate (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDITOR]);
}

OssaEditor *
ossa_timeline_view_get_editor (OssaTimelineView *self)
{
  g_return_val_if_fail (OSSA_IS_TIMELINE_VIEW (self), NULL);
  return self->editor;
}

/**
 * ossa_timeline_view_set_expanded:
 *
 * Shows or hides the rows of @bone's five channels.
 */
void
ossa_timeline_view_set_expanded (OssaTimelineView *self, guint bone, gboolean expanded)
{
  g_return_if_fail (OSSA_IS_TIMELINE_VIEW (self));
  _ossa_timeline_view_ensure_rows (self);
  if (bone >= self->n_expanded || !!self->expanded[bone] == !!expanded)
    return;
  self->expanded[bone] = !!expanded;
  self->rows_stale = TRUE;
  _ossa_timeline_view_update_adjustments (self);
  _ossa_timeline_view_invalidate (self);
}

gboolean
ossa_timeline_view_get_expanded (OssaTimelineView *self, guint bone)
{
  g_return_val_if_fail (OSSA_IS_TIMELINE_VIEW (self), FALSE);
  _ossa_timeline_view_ensure_rows (self);
  return bone < self->n_expanded && self->expanded[bone];
}

GtkAdjustment *
ossa_timeline_view_get_hadjustment (OssaTimelineView *self)
{
  g_return_val_if_fail (OSSA_IS_TIMELINE_VIEW (self), NULL);
  return self->hadj;
}

GtkAdjustment *
ossa_timeline_view_get_vadjustment (OssaTimelineView *self)
{
  g_return_val_if_fail (OSSA_IS_TIMELINE_VIEW (self), NULL);
  return self->vadj;
}

void
_ossa_timeline_view_get_stats (OssaTimelineView *self, OssaTimelineStats *stats)
{
  g_return_if_fail (OSSA_IS_TIMELINE_VIEW (self));
  *stats = self->stats;
}

/* ---- actions ---- */

static void
zoom_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  OssaTimelineView *self = OSSA_TIMELINE_VIEW (widget);
  double x = self->editor != NULL
               ? _ossa_timeline_view_time_to_x (self, ossa_editor_get_time (self->editor))
               : OSSA_TIMELINE_NAMES_WIDTH;

  if (x < OSSA_TIMELINE_NAMES_WIDTH || x > gtk_widget_get_width (widget))
    x = OSSA_TIMELINE_NAMES_WIDTH;
  if (g_str_equal (action_name, "timeline.zoom-in"))
    ossa_timeline_view_zoom_at (self, x, ZOOM_STEP);
  else if (g_str_equal (action_name, "timeline.zoom-out"))
    ossa_timeline_view_zoom_at (self, x, 1 / ZOOM_STEP);
  else
    ossa_timeline_view_zoom_to_fit (self);
}

static void
delete_keys_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  OssaTimelineView *self = OSSA_TIMELINE_VIEW (widget);
  g_autoptr(GError) error = NULL;

  if (self->editor != NULL && !_ossa_timeline_view_delete_keys (self, &error))
    _ossa_timeline_view_report (self, error);
}

static void
expand_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  OssaTimelineView *self = OSSA_TIMELINE_VIEW (widget);
  gboolean expand = g_str_equal (action_name, "timeline.expand-all");

  _ossa_timeline_view_ensure_rows (self);
  if (self->n_expanded > 0)
    memset (self->expanded, expand, self->n_expanded);
  self->rows_stale = TRUE;
  _ossa_timeline_view_update_adjustments (self);
  _ossa_timeline_view_invalidate (self);
}

/* ---- object ---- */

GtkWidget *
ossa_timeline_view_new (void)
{
  return g_object_new (OSSA_TYPE_TIMELINE_VIEW, NULL);
}

static void
ossa_timeline_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  OssaTimelineView *self = OSSA_TIMELINE_VIEW (widget);

  _ossa_timeline_view_update_adjustments (self);
  _ossa_timeline_view_invalidate (self);
}

static void
ossa_timeline_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                            int *minimum, int *natural, int *minimum_baseline,
                            int *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = (int) OSSA_TIMELINE_NAMES_WIDTH + 120;
  else
    *minimum = *natural = (int) (OSSA_TIMELINE_RULER_HEIGHT + 2 * OSSA_TIMELINE_ROW_HEIGHT);
}

static void
ossa_timeline_view_dispose (GObject *object)
{
  OssaTimelineView *self = OSSA_TIMELINE_VIEW (object);

  disconnect_editor (self);
  g_clear_object (&self->layer);
  g_clear_object (&self->still);
  g_clear_object (&self->layout);
  g_clear_object (&self->small_layout);
  G_OBJECT_CLASS (ossa_timeline_view_parent_class)->dispose (object);
}

static void
ossa_timeline_view_finalize (GObject *object)
{
  OssaTimelineView *self = OSSA_TIMELINE_VIEW (object);

  g_clear_object (&self->hadj);
  g_clear_object (&self->vadj);
  g_array_unref (self->rows);
  g_free (self->expanded);
  g_free (self->tracks);
  g_free (self->slot_tracks);
  g_array_unref (self->slot_selection);
  g_array_unref (self->ik_selection);
  g_free (self->dump_path);
  G_OBJECT_CLASS (ossa_timeline_view_parent_class)->finalize (object);
}

static void
ossa_timeline_view_get_property (GObject *object, guint prop_id, GValue *value,
                                 GParamSpec *pspec)
{
  OssaTimelineView *self = OSSA_TIMELINE_VIEW (object);

  switch (prop_id)
    {
    case PROP_EDITOR:
      g_value_set_object (value, self->editor);
      break;
    case PROP_HADJUSTMENT:
      g_value_set_object (value, self->hadj);
      break;
    case PROP_VADJUSTMENT:
      g_value_set_object (value, self->vadj);
      break;
    case PROP_PIXELS_PER_SECOND:
      g_value_set_double (value, self->pps);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_timeline_view_set_property (GObject *object, guint prop_id, const GValue *value,
                                 GParamSpec *pspec)
{
  OssaTimelineView *self = OSSA_TIMELINE_VIEW (object);

  switch (prop_id)
    {
    case PROP_EDITOR:
      ossa_timeline_view_set_editor (self, g_value_get_object (value));
      break;
    case PROP_PIXELS_PER_SECOND:
      set_pps (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_timeline_view_class_init (OssaTimelineViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = ossa_timeline_view_dispose;
  object_class->finalize = ossa_timeline_view_finalize;
  object_class->get_property = ossa_timeline_view_get_property;
  object_class->set_property = ossa_timeline_view_set_property;
  widget_class->snapshot = _ossa_timeline_view_snapshot;
  widget_class->size_allocate = ossa_timeline_view_size_allocate;
  widget_class->measure = ossa_timeline_view_measure;

  properties[PROP_EDITOR] = g_param_spec_object ("editor", NULL, NULL, OSSA_TYPE_EDITOR, rw);
  properties[PROP_HADJUSTMENT] = g_param_spec_object ("hadjustment", NULL, NULL,
                                                      GTK_TYPE_ADJUSTMENT, ro);
  properties[PROP_VADJUSTMENT] = g_param_spec_object ("vadjustment", NULL, NULL,
                                                      GTK_TYPE_ADJUSTMENT, ro);
  properties[PROP_PIXELS_PER_SECOND] = g_param_spec_double ("pixels-per-second", NULL, NULL,
                                                            PPS_MIN, PPS_MAX, PPS_DEFAULT, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "timeline.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "timeline.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "timeline.zoom-fit", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "timeline.delete-keys", NULL,
                                   delete_keys_action);
  gtk_widget_class_install_action (widget_class, "timeline.expand-all", NULL, expand_action);
  gtk_widget_class_install_action (widget_class, "timeline.collapse-all", NULL, expand_action);

  /* With the focus on the timeline, Delete removes keys rather than bones. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "timeline.delete-keys",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Delete, 0,
                                       "timeline.delete-keys", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_BackSpace, 0,
                                       "timeline.delete-keys", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "timeline.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, 0, "timeline.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "timeline.zoom-out",
                                       NULL);

  gtk_widget_class_set_css_name (widget_class, "ossatimelineview");
}

static void
ossa_timeline_view_init (OssaTimelineView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const char *dump = g_getenv ("OSSA_TIMELINE_DUMP");

  self->pps = PPS_DEFAULT;
  self->snap_keys = TRUE;
  self->rows = g_array_new (FALSE, FALSE, sizeof (OssaTimelineRow));
  self->slot_selection = g_array_new (FALSE, FALSE, sizeof (OssaSlotKeyRef));
  self->ik_selection = g_array_new (FALSE, FALSE, sizeof (OssaIkKeyRef));
  self->rows_stale = TRUE;
  self->tracks_stale = TRUE;
  self->layer_stale = TRUE;
  self->anchor_us = -1;
  self->last_set_time = -1;
  self->hadj = g_object_ref_sink (gtk_adjustment_new (0, 0, 1, 0.1, 1, 1));
  self->vadj = g_object_ref_sink (gtk_adjustment_new (0, 0, 1, 20, 100, 1));
  g_signal_connect_swapped (self->hadj, "value-changed",
                            G_CALLBACK (_ossa_timeline_view_invalidate), self);
  g_signal_connect_swapped (self->vadj, "value-changed",
                            G_CALLBACK (_ossa_timeline_view_invalidate), self);
  if (dump != NULL && dump[0] != '\0')
    self->dump_path = g_strdup (dump);

  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_focus_on_click (widget, TRUE);
  gtk_widget_set_overflow (widget, GTK_OVERFLOW_HIDDEN);
  _ossa_timeline_view_init_input (self);
}
