/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-canvas"

#include "config.h"

#include "ossa-canvas-private.h"
#include "ossa-gl-program.h"

/* Room around the skeleton when fitting, logical pixels. */
#define FIT_MARGIN 48.0

G_DEFINE_FINAL_TYPE (OssaCanvas, ossa_canvas, GTK_TYPE_GL_AREA)

static GParamSpec *properties[N_PROPS];

void
_ossa_canvas_invalidate (OssaCanvas *self)
{
  self->instances_stale = TRUE;
  gtk_gl_area_queue_render (GTK_GL_AREA (self));
}

/* The per-bone instances of the pose on show, rebuilt when stale; with a drag's
 * moving subtree, also in the order the still image wants. */
void
_ossa_canvas_ensure_instances (OssaCanvas *self)
{
  const OssaDocument *doc;
  const OssaXform *world;
  const guint *selection;
  gsize n, n_selected = 0;

  if (!self->instances_stale)
    return;
  self->instances_stale = FALSE;
  if (self->editor == NULL)
    {
      self->n_instances = 0;
      return;
    }
  doc = ossa_editor_get_document (self->editor);
  n = doc->skeleton.n_bones;
  if (n > self->instances_capacity)
    {
      self->instances_capacity = MAX (n, self->instances_capacity * 2);
      self->instances = g_renew (OssaBoneInstance, self->instances, self->instances_capacity);
      self->band_hits = g_renew (unsigned, self->band_hits, self->instances_capacity);
      self->joints = g_renew (uint32_t, self->joints, self->instances_capacity);
      self->ordered = g_renew (OssaBoneInstance, self->ordered, self->instances_capacity);
      self->new_index = g_renew (uint32_t, self->new_index, self->instances_capacity);
      self->scratch = g_renew (uint32_t, self->scratch, self->instances_capacity);
    }
  world = ossa_editor_get_world (self->editor);
  selection = ossa_editor_get_selection (self->editor, &n_selected);
  ossa_scene_build_instances (&doc->skeleton, world, &self->camera, selection, n_selected,
                              ossa_editor_get_primary (self->editor),
                              self->hover < (gssize) n ? self->hover : -1, self->instances);
  self->n_instances = n;
  self->n_joints = ossa_scene_visible_joints (self->instances, n, &self->camera, self->joints);
  if (self->moving_root >= 0 && (gsize) self->moving_root < n)
    {
      self->n_still = ossa_scene_partition_moving (&doc->skeleton, self->instances, n,
                                                   (gsize) self->moving_root, self->ordered,
                                                   self->new_index);
      self->n_still_joints = ossa_scene_partition_joints (self->joints, self->n_joints,
                                                          self->new_index, self->n_still,
                                                          self->scratch);
    }
}

/* ---- camera ---- */

void
_ossa_canvas_update_pointer (OssaCanvas *self)
{
  double px, py, wx = self->pointer.x, wy = self->pointer.y;
  gboolean inside = ossa_pointer_input_get_position (GTK_WIDGET (self), &px, &py);

  /* Outside the canvas the readout keeps the last place. */
  if (inside)
    ossa_camera_widget_to_world (&self->camera, px, py, &wx, &wy);
  ossa_pointer_props_set (G_OBJECT (self), properties, PROP_POINTER, &self->pointer, wx, wy,
                          inside);
}

/* After any change of the camera. */
static void
camera_changed (OssaCanvas *self, double old_zoom)
{
  if (self->camera.zoom != old_zoom)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
  _ossa_canvas_update_pointer (self);
  _ossa_canvas_invalidate (self);
}

void
_ossa_canvas_zoom_at (OssaCanvas *self, double px, double py, double zoom)
{
  double old = self->camera.zoom;

  ossa_camera_zoom_at (&self->camera, px, py, zoom);
  camera_changed (self, old);
}

void
_ossa_canvas_pan_by (OssaCanvas *self, double dx, double dy)
{
  ossa_camera_pan (&self->camera, dx, dy);
  camera_changed (self, self->camera.zoom);
}

/**
 * ossa_canvas_fit:
 *
 * Zooms and scrolls so that every bone of the editor's pose is in view. Before
 * the canvas has a size, the fit happens as soon as it gets one.
 */
void
ossa_canvas_fit (OssaCanvas *self)
{
  double old, x0, y0, x1, y1;
  gboolean any;

  g_return_if_fail (OSSA_IS_CANVAS (self));
  if (self->camera.width <= 0 || self->camera.height <= 0)
    {
      self->fit_pending = TRUE;
      return;
    }
  self->fit_pending = FALSE;
  old = self->camera.zoom;
  _ossa_canvas_ensure_instances (self);
  any = ossa_scene_bounds (self->instances, self->n_instances, &x0, &y0, &x1, &y1);
  if (self->show_meshes && self->editor != NULL)
    ossa_mesh_layer_grow_bounds (&self->mesh_layer, ossa_editor_get_document (self->editor),
                                 ossa_editor_get_world (self->editor), &any, &x0, &y0, &x1, &y1);
  if (self->editor != NULL)
    ossa_art_layer_grow_bounds (&self->art_layer, ossa_editor_get_slot_pose (self->editor),
                                ossa_editor_get_world (self->editor), &any, &x0, &y0, &x1, &y1);
  if (any)
    ossa_camera_fit (&self->camera, x0, y0, x1, y1, FIT_MARGIN);
  else
    ossa_camera_fit (&self->camera, 0, 0, 0, 0, FIT_MARGIN);
  camera_changed (self, old);
}

static void
ossa_canvas_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  OssaCanvas *self = OSSA_CANVAS (widget);

  GTK_WIDGET_CLASS (ossa_canvas_parent_class)->size_allocate (widget, width, height, baseline);
  if (self->camera.width != width || self->camera.height != height)
    {
      /* The middle of the view stays put. */
      self->camera.width = width;
      self->camera.height = height;
      if (self->fit_pending)
        ossa_canvas_fit (self);
      _ossa_canvas_update_pointer (self);
      _ossa_canvas_invalidate (self);
    }
}

/* From this many bones, a new document's bones are drawn a frame after the rest
 * of the window takes it: with a software renderer, 4,000 bones cost as much
 * as the new rows of every panel, and the two in one frame would stall it. */
#define DEFER_BONES 1000

/* ---- editor ---- */

static void
on_document_changed (OssaEditor *editor, guint change, OssaCanvas *self)
{
  if (change & OSSA_CHANGE_STRUCTURE)
    self->hover = -1;
  if (change & (OSSA_CHANGE_STRUCTURE | OSSA_CHANGE_DOCUMENT))
    _ossa_canvas_stop_still_cache (self);
  if (change & (OSSA_CHANGE_STRUCTURE | OSSA_CHANGE_ANIMATIONS | OSSA_CHANGE_DOCUMENT
                | OSSA_CHANGE_IK))
    self->path_stale = TRUE;
  if (change & (OSSA_CHANGE_ART | OSSA_CHANGE_DOCUMENT))
    ossa_art_layer_pictures_changed (&self->art_layer);
  self->instances_stale = TRUE;
  if (change & OSSA_CHANGE_DOCUMENT)
    {
      self->bones_deferred = ossa_editor_get_document (editor)->skeleton.n_bones
                             >= DEFER_BONES;
      ossa_canvas_fit (self);
    }
  _ossa_canvas_invalidate (self);
}

static void
on_selection_changed (OssaEditor *editor, OssaCanvas *self)
{
  self->still_valid = FALSE;
  self->path_stale = TRUE;
  _ossa_canvas_invalidate (self);
}

/* The playhead, the mode or the animation moved: the view dump says so, and the
 * preview follows. */
static void
on_view_notify (OssaEditor *editor, GParamSpec *pspec, OssaCanvas *self)
{
  if (g_strcmp0 (g_param_spec_get_name (pspec), "time") != 0)
    self->path_stale = TRUE;
  gtk_gl_area_queue_render (GTK_GL_AREA (self));
}

void
_ossa_canvas_update_cursor (OssaCanvas *self)
{
  const char *name = NULL;

  if (self->drag == DRAG_PAN && self->drag_active)
    name = "grabbing";
  else if (self->space_held)
    name = "grab";
  else if (self->editor != NULL && ossa_editor_get_tool (self->editor) == OSSA_TOOL_CREATE)
    name = "crosshair";
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), name);
}

static void
on_tool_notify (OssaEditor *editor, GParamSpec *pspec, OssaCanvas *self)
{
  _ossa_canvas_update_cursor (self);
  /* The view dump says which tool is on. */
  if (self->dump_path != NULL)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The store decoded, reloaded or dropped a picture. */
static void
on_pictures_changed (OssaImageStore *store, OssaCanvas *self)
{
  ossa_art_layer_pictures_changed (&self->art_layer);
  gtk_gl_area_queue_render (GTK_GL_AREA (self));
}

static void
disconnect_editor (OssaCanvas *self)
{
  if (self->editor == NULL)
    return;
  g_clear_signal_handler (&self->pictures_changed_id, ossa_editor_get_images (self->editor));
  g_signal_handlers_disconnect_by_func (self->editor, gtk_gl_area_queue_render, self);
  _ossa_canvas_finish_create_group (self);
  ossa_editor_ik_drag_cancel (self->editor);
  g_clear_signal_handler (&self->document_changed_id, self->editor);
  g_clear_signal_handler (&self->selection_changed_id, self->editor);
  g_clear_signal_handler (&self->tool_notify_id, self->editor);
  g_signal_handlers_disconnect_by_func (self->editor, on_view_notify, self);
  g_signal_handlers_disconnect_by_func (self->editor, gtk_widget_queue_draw, self);
  g_clear_object (&self->editor);
}

/**
 * ossa_canvas_set_editor:
 * @editor: (nullable): the editor whose document the canvas shows and edits
 */
void
ossa_canvas_set_editor (OssaCanvas *self, OssaEditor *editor)
{
  g_return_if_fail (OSSA_IS_CANVAS (self));
  g_return_if_fail (editor == NULL || OSSA_IS_EDITOR (editor));

  if (self->editor == editor)
    return;
  self->drag = DRAG_NONE;
  disconnect_editor (self);
  if (editor != NULL)
    {
      self->editor = g_object_ref (editor);
      self->document_changed_id = g_signal_connect (editor, "document-changed",
                                                    G_CALLBACK (on_document_changed), self);
      self->selection_changed_id = g_signal_connect (editor, "selection-changed",
                                                     G_CALLBACK (on_selection_changed), self);
      self->tool_notify_id = g_signal_connect (editor, "notify::tool",
                                               G_CALLBACK (on_tool_notify), self);
      g_signal_connect (editor, "notify::time", G_CALLBACK (on_view_notify), self);
      g_signal_connect (editor, "notify::mode", G_CALLBACK (on_view_notify), self);
      g_signal_connect (editor, "notify::animation", G_CALLBACK (on_view_notify), self);
      /* The picked attachment's outline, and the pictures it shows. */
      g_signal_connect_swapped (editor, "art-selection-changed",
                                G_CALLBACK (gtk_gl_area_queue_render), self);
      self->pictures_changed_id = g_signal_connect (ossa_editor_get_images (editor),
                                                    "pictures-changed",
                                                    G_CALLBACK (on_pictures_changed), self);
      ossa_art_layer_pictures_changed (&self->art_layer);
      /* The mode's badge says whether auto-key is on. */
      g_signal_connect_swapped (editor, "notify::auto-key", G_CALLBACK (gtk_widget_queue_draw),
                                self);
      /* Pins and the picked constraint's line are drawn over the GL picture. */
      g_signal_connect_swapped (editor, "pins-changed", G_CALLBACK (gtk_widget_queue_draw), self);
      g_signal_connect_swapped (editor, "ik-selection-changed",
                                G_CALLBACK (gtk_widget_queue_draw), self);
    }
  self->path_stale = TRUE;
  self->hover = -1;
  self->instances_stale = TRUE;
  ossa_canvas_fit (self);
  _ossa_canvas_update_cursor (self);
  _ossa_canvas_invalidate (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDITOR]);
}

/**
 * ossa_canvas_get_editor:
 *
 * Returns: (transfer none) (nullable): the editor the canvas shows
 */
OssaEditor *
ossa_canvas_get_editor (OssaCanvas *self)
{
  g_return_val_if_fail (OSSA_IS_CANVAS (self), NULL);
  return self->editor;
}

const OssaCamera *
_ossa_canvas_get_camera (OssaCanvas *self)
{
  g_return_val_if_fail (OSSA_IS_CANVAS (self), NULL);
  return &self->camera;
}

/* ---- object ---- */

static void
set_preview_flag (OssaCanvas *self, gboolean *flag, gboolean value, GParamSpec *pspec)
{
  if (*flag == value)
    return;
  *flag = value;
  self->path_stale = TRUE;
  gtk_gl_area_queue_render (GTK_GL_AREA (self));
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

GtkWidget *
ossa_canvas_new (void)
{
  return g_object_new (OSSA_TYPE_CANVAS, NULL);
}

static void
ossa_canvas_dispose (GObject *object)
{
  OssaCanvas *self = OSSA_CANVAS (object);

  disconnect_editor (self);
  if (self->bones_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->bones_tick);
  self->bones_tick = 0;
  if (self->art_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->art_tick);
  self->art_tick = 0;
  g_clear_object (&self->layout);
  g_clear_object (&self->mode_layout);
  _ossa_canvas_art_dispose (self);
  G_OBJECT_CLASS (ossa_canvas_parent_class)->dispose (object);
}

static void
ossa_canvas_finalize (GObject *object)
{
  OssaCanvas *self = OSSA_CANVAS (object);

  g_free (self->instances);
  g_free (self->band_hits);
  g_free (self->joints);
  g_free (self->ordered);
  g_free (self->new_index);
  g_free (self->scratch);
  g_free (self->dump_path);
  ossa_mesh_layer_clear (&self->mesh_layer);
  ossa_art_layer_clear (&self->art_layer);
  g_array_unref (self->ghosts);
  g_array_unref (self->path);
  g_array_unref (self->named);
  ossa_label_layout_free (self->labels);
  ossa_pose_free (self->preview_pose);
  G_OBJECT_CLASS (ossa_canvas_parent_class)->finalize (object);
}

static void
ossa_canvas_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  OssaCanvas *self = OSSA_CANVAS (object);

  if (ossa_pointer_props_get (&self->pointer, prop_id, PROP_POINTER, value))
    return;
  switch (prop_id)
    {
    case PROP_EDITOR:
      g_value_set_object (value, self->editor);
      break;
    case PROP_ZOOM:
      g_value_set_double (value, self->camera.zoom);
      break;
    case PROP_SHOW_NAMES:
      g_value_set_boolean (value, self->show_names);
      break;
    case PROP_SHOW_MESHES:
      g_value_set_boolean (value, self->show_meshes);
      break;
    case PROP_SHOW_BONES:
      g_value_set_boolean (value, self->show_bones);
      break;
    case PROP_ONION_SKIN:
      g_value_set_boolean (value, self->onion_skin);
      break;
    case PROP_ONION_FRAMES:
      g_value_set_int (value, self->onion_frames);
      break;
    case PROP_SHOW_MOTION_PATH:
      g_value_set_boolean (value, self->show_motion_path);
      break;
    case PROP_ONION_BEFORE:
      g_value_set_int (value, self->onion_before);
      break;
    case PROP_ONION_AFTER:
      g_value_set_int (value, self->onion_after);
      break;
    case PROP_ONION_PAST_COLOR:
      g_value_set_boxed (value, &self->onion_past);
      break;
    case PROP_ONION_FUTURE_COLOR:
      g_value_set_boxed (value, &self->onion_future);
      break;
    case PROP_SNAP_ROTATION_STEP:
      g_value_set_double (value, self->snap_rotation_step);
      break;
    case PROP_SNAP_SCALE_STEP:
      g_value_set_double (value, self->snap_scale_step);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_canvas_set_property (GObject *object, guint prop_id, const GValue *value,
                          GParamSpec *pspec)
{
  OssaCanvas *self = OSSA_CANVAS (object);

  switch (prop_id)
    {
    case PROP_EDITOR:
      ossa_canvas_set_editor (self, g_value_get_object (value));
      break;
    case PROP_SHOW_NAMES:
      if (self->show_names != g_value_get_boolean (value))
        {
          self->show_names = g_value_get_boolean (value);
          gtk_widget_queue_draw (GTK_WIDGET (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_SHOW_MESHES:
      if (self->show_meshes != g_value_get_boolean (value))
        {
          self->show_meshes = g_value_get_boolean (value);
          gtk_gl_area_queue_render (GTK_GL_AREA (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_SHOW_BONES:
      if (self->show_bones != g_value_get_boolean (value))
        {
          self->show_bones = g_value_get_boolean (value);
          self->still_valid = FALSE;
          gtk_widget_queue_draw (GTK_WIDGET (self));   /* the names go with the bones */
          gtk_gl_area_queue_render (GTK_GL_AREA (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_ONION_SKIN:
      set_preview_flag (self, &self->onion_skin, g_value_get_boolean (value), pspec);
      break;
    case PROP_SHOW_MOTION_PATH:
      set_preview_flag (self, &self->show_motion_path, g_value_get_boolean (value), pspec);
      break;
    case PROP_ONION_FRAMES:
      if (self->onion_frames != g_value_get_int (value))
        {
          self->onion_frames = g_value_get_int (value);
          gtk_gl_area_queue_render (GTK_GL_AREA (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_ONION_BEFORE:
    case PROP_ONION_AFTER:
      {
        int *count = prop_id == PROP_ONION_BEFORE ? &self->onion_before : &self->onion_after;

        if (*count != g_value_get_int (value))
          {
            *count = g_value_get_int (value);
            gtk_gl_area_queue_render (GTK_GL_AREA (self));
            g_object_notify_by_pspec (object, pspec);
          }
      }
      break;
    case PROP_ONION_PAST_COLOR:
    case PROP_ONION_FUTURE_COLOR:
      {
        GdkRGBA *color = prop_id == PROP_ONION_PAST_COLOR ? &self->onion_past
                                                          : &self->onion_future;
        const GdkRGBA *given = g_value_get_boxed (value);

        if (given != NULL && !gdk_rgba_equal (color, given))
          {
            *color = *given;
            gtk_gl_area_queue_render (GTK_GL_AREA (self));
            g_object_notify_by_pspec (object, pspec);
          }
      }
      break;
    case PROP_SNAP_ROTATION_STEP:
      self->snap_rotation_step = g_value_get_double (value);
      g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_SNAP_SCALE_STEP:
      self->snap_scale_step = g_value_get_double (value);
      g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_canvas_realize (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (ossa_canvas_parent_class)->realize (widget);
  _ossa_canvas_realize_gl (OSSA_CANVAS (widget));
}

static void
ossa_canvas_unrealize (GtkWidget *widget)
{
  _ossa_canvas_unrealize_gl (OSSA_CANVAS (widget));
  GTK_WIDGET_CLASS (ossa_canvas_parent_class)->unrealize (widget);
}

static void
ossa_canvas_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  /* GtkGLArea renders and adds its texture; text and the band go on top as GSK
   * nodes, which draw text far better than we could in GL. */
  GTK_WIDGET_CLASS (ossa_canvas_parent_class)->snapshot (widget, snapshot);
  _ossa_canvas_snapshot_overlay (OSSA_CANVAS (widget), snapshot);
}

static void
ossa_canvas_class_init (OssaCanvasClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkGLAreaClass *area_class = GTK_GL_AREA_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = ossa_canvas_dispose;
  object_class->finalize = ossa_canvas_finalize;
  object_class->get_property = ossa_canvas_get_property;
  object_class->set_property = ossa_canvas_set_property;

  widget_class->realize = ossa_canvas_realize;
  widget_class->unrealize = ossa_canvas_unrealize;
  widget_class->size_allocate = ossa_canvas_size_allocate;
  widget_class->snapshot = ossa_canvas_snapshot;

  area_class->render = _ossa_canvas_render;
  area_class->create_context = ossa_gl_area_create_context;

  properties[PROP_EDITOR] = g_param_spec_object ("editor", NULL, NULL, OSSA_TYPE_EDITOR, rw);
  properties[PROP_ZOOM] = g_param_spec_double ("zoom", NULL, NULL, OSSA_SCENE_ZOOM_MIN,
                                               OSSA_SCENE_ZOOM_MAX, 1.0, ro);
  ossa_pointer_props_init (properties, PROP_POINTER);
  properties[PROP_SHOW_NAMES] = g_param_spec_boolean ("show-names", NULL, NULL, FALSE, rw);
  properties[PROP_SHOW_MESHES] = g_param_spec_boolean ("show-meshes", NULL, NULL, TRUE, rw);
  properties[PROP_SHOW_BONES] = g_param_spec_boolean ("show-bones", NULL, NULL, TRUE, rw);
  properties[PROP_ONION_SKIN] = g_param_spec_boolean ("onion-skin", NULL, NULL, FALSE, rw);
  properties[PROP_ONION_FRAMES] = g_param_spec_int ("onion-frames", NULL, NULL, 1, 30, 3, rw);
  properties[PROP_SHOW_MOTION_PATH] = g_param_spec_boolean ("show-motion-path", NULL, NULL,
                                                            FALSE, rw);
  properties[PROP_ONION_BEFORE] = g_param_spec_int ("onion-before", NULL, NULL, 0,
                                                    OSSA_CANVAS_ONION_MAX, 2, rw);
  properties[PROP_ONION_AFTER] = g_param_spec_int ("onion-after", NULL, NULL, 0,
                                                   OSSA_CANVAS_ONION_MAX, 2, rw);
  properties[PROP_ONION_PAST_COLOR] = g_param_spec_boxed ("onion-past-color", NULL, NULL,
                                                          GDK_TYPE_RGBA, rw);
  properties[PROP_ONION_FUTURE_COLOR] = g_param_spec_boxed ("onion-future-color", NULL, NULL,
                                                            GDK_TYPE_RGBA, rw);
  properties[PROP_SNAP_ROTATION_STEP] = g_param_spec_double ("snap-rotation-step", NULL, NULL,
                                                             1, 90, 15, rw);
  properties[PROP_SNAP_SCALE_STEP] = g_param_spec_double ("snap-scale-step", NULL, NULL,
                                                          0.01, 1, 0.1, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  _ossa_canvas_class_init_actions (widget_class);

  gtk_widget_class_set_css_name (widget_class, "ossa-canvas");
}

static void
ossa_canvas_init (OssaCanvas *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const char *dump = g_getenv ("OSSA_VIEW_DUMP");

  ossa_camera_init (&self->camera);
  self->hover = -1;
  self->drag_bone = -1;
  self->created = -1;
  self->create_parent = -1;
  self->moving_root = -1;
  self->instances_stale = TRUE;
  self->show_meshes = TRUE;
  self->show_bones = TRUE;
  self->onion_frames = 3;
  self->onion_before = 2;
  self->onion_after = 2;
  self->onion_past = (GdkRGBA) { 1.0f, 84 / 255.0f, 72 / 255.0f, 1.0f };
  self->onion_future = (GdkRGBA) { 72 / 255.0f, 226 / 255.0f, 120 / 255.0f, 1.0f };
  self->snap_rotation_step = 15;
  self->snap_scale_step = 0.1;
  self->ghosts = g_array_new (FALSE, FALSE, sizeof (OssaSegment));
  self->path = g_array_new (FALSE, FALSE, sizeof (OssaSegment));
  self->path_stale = TRUE;
  self->labels = ossa_label_layout_new ();
  self->named = g_array_new (FALSE, FALSE, sizeof (guint));
  if (dump != NULL && dump[0] != '\0')
    self->dump_path = g_strdup (dump);

  gtk_gl_area_set_required_version (GTK_GL_AREA (self), 3, 3);
  gtk_gl_area_set_has_depth_buffer (GTK_GL_AREA (self), FALSE);
  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_focus_on_click (widget, TRUE);
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_widget_set_vexpand (widget, TRUE);

  _ossa_canvas_init_input (self);
  _ossa_canvas_init_drop (self);
}
