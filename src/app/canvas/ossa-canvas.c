/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-canvas"

#include "config.h"

#include <math.h>

#include <epoxy/gl.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "ossa-camera.h"
#include "ossa-canvas-private.h"
#include "ossa-drag.h"
#include "ossa-gl-program.h"
#include "ossa-gl-cache.h"
#include "ossa-hit-test.h"
#include "ossa-label-layout.h"
#include "ossa-mesh-layer.h"
#include "ossa-pose.h"
#include "ossa-preview.h"
#include "ossa-scene.h"

/* How far (logical pixels) the pointer moves before a press becomes a drag. */
#define DRAG_THRESHOLD 3.0
/* Room around the skeleton when fitting, logical pixels. */
#define FIT_MARGIN 48.0
#define ZOOM_STEP 1.25
#define WHEEL_STEP 1.15
/* Names are drawn for at most this many bones, those long enough on screen. */
#define NAMES_MAX 400
#define NAMES_MIN_LENGTH 24.0
#define NAMES_GAP 3.0f

#define NEW_ROOT_COLOR 0x5b8dd9ffu

typedef enum
{
  DRAG_NONE,
  DRAG_PAN,      /* Space + drag */
  DRAG_BAND,     /* from empty canvas: rubber band */
  DRAG_TOOL,     /* from a bone: the editor's tool */
  DRAG_CREATE,   /* create tool: from the primary bone's tip or empty canvas */
} DragKind;

typedef enum
{
  APPLY_NONE,
  APPLY_ROTATE,
  APPLY_TRANSLATE,
  APPLY_SCALE,
} DragApply;

typedef struct
{
  GLint viewport;
  GLint center;
  GLint zoom;
  GLint scale;
  GLint extra;   /* grid: u_step; joints: u_radius */
} Uniforms;

struct _OssaCanvas
{
  GtkGLArea         parent_instance;

  OssaEditor       *editor;
  gulong            document_changed_id;
  gulong            selection_changed_id;
  gulong            tool_notify_id;

  OssaCamera        camera;
  gboolean          fit_pending;
  gboolean          show_names;
  gboolean          show_meshes;

  /* The pointer, when it is over the canvas. */
  double            pointer_px, pointer_py;    /* widget */
  double            pointer_x, pointer_y;      /* world */
  gboolean          pointer_inside;
  gssize            hover;
  gboolean          space_held;

  /* What the shaders draw; rebuilt when stale, grown only. */
  OssaBoneInstance *instances;
  gsize             n_instances;
  gsize             instances_capacity;
  gboolean          instances_stale;
  unsigned         *band_hits;
  uint32_t         *joints;        /* which joints are drawn (ossa_scene_visible_joints) */
  gsize             n_joints;

  /* During a drag that moves one bone's subtree, the still bones are drawn once
   * into a cached image, and each frame only the moving ones go over a copy of
   * it: a software renderer pays per bone. Instances are then reordered (still
   * first) and joints index into that order. */
  gssize            moving_root;     /* the dragged bone, or -1: no cache */
  OssaBoneInstance *ordered;
  uint32_t         *new_index;
  uint32_t         *scratch;
  gsize             n_still, n_still_joints;
  OssaGlCache       still_cache;
  gboolean          still_valid;
  /* The grid alone, kept while the camera and size stay: copying it costs a
   * software renderer less than shading every pixel of it again (playback). */
  OssaGlCache       grid_cache;
  gboolean          grid_valid;
  double            grid_key[5];
  double            still_key[6];    /* camera, size and hover it was drawn with */

  /* GL objects, valid while realized. */
  gboolean          use_es;
  GLuint            grid_program, bone_program, joint_program;
  Uniforms          grid_uniforms, bone_uniforms, joint_uniforms;
  GLuint            grid_vao, bone_vao, joint_vao;
  GLuint            instance_buffer;
  GLuint            joint_buffer;    /* element indices of the joints drawn */
  OssaMeshLayer     mesh_layer;      /* the document's meshes, under the bones */
  OssaCanvasStats   stats;

  /* The drag in progress (primary button). */
  DragKind          drag;
  gboolean          drag_active;
  double            press_x, press_y;          /* widget */
  double            drag_x, drag_y;            /* widget, now */
  gssize            drag_bone;
  OssaHitPart       drag_part;
  DragApply         apply;
  guint64           merge_id;
  union
  {
    OssaRotateDrag    rotate;
    OssaTranslateDrag translate;
    OssaScaleDrag     scale;
  } tool;
  gssize            create_parent;
  gssize            created;
  gboolean          group_open;
  double            create_joint_x, create_joint_y;  /* world */

  /* Middle-button pan. */
  double            pan_last_x, pan_last_y;

  PangoLayout      *layout;
  OssaLabelLayout  *labels;   /* where the names went this frame */
  GArray           *named;    /* of guint: the bones whose names were drawn */
  char             *dump_path;

  /* The interpolation preview (onion skin, motion path): its own program and
   * buffers, drawn under the bones and over them (draw_onion_skin(),
   * draw_motion_path()). */
  gboolean          onion_skin;
  int               onion_frames;
  gboolean          show_motion_path;
  GArray           *ghosts;        /* OssaSegment */
  GArray           *path;          /* OssaSegment, cached until the keys change */
  gboolean          path_stale;
  OssaTransform    *ghost_local;
  OssaXform        *ghost_world;
  gsize             ghost_capacity;
  GLuint            overlay_program;
  Uniforms          overlay_uniforms;
  GLuint            overlay_vao;
  GLuint            overlay_buffer;
  gboolean          space_panned;  /* Space was held for a pan, not tapped to play */
};

G_DEFINE_FINAL_TYPE (OssaCanvas, ossa_canvas, GTK_TYPE_GL_AREA)

enum
{
  PROP_0,
  PROP_EDITOR,
  PROP_ZOOM,
  PROP_POINTER_X,
  PROP_POINTER_Y,
  PROP_POINTER_INSIDE,
  PROP_SHOW_NAMES,
  PROP_SHOW_MESHES,
  PROP_ONION_SKIN,
  PROP_ONION_FRAMES,
  PROP_SHOW_MOTION_PATH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
invalidate (OssaCanvas *self)
{
  self->instances_stale = TRUE;
  gtk_gl_area_queue_render (GTK_GL_AREA (self));
}

static void
ensure_instances (OssaCanvas *self)
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

static void
update_pointer_world (OssaCanvas *self)
{
  double wx, wy;

  if (!self->pointer_inside)
    return;
  ossa_camera_widget_to_world (&self->camera, self->pointer_px, self->pointer_py, &wx, &wy);
  if (wx != self->pointer_x)
    {
      self->pointer_x = wx;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POINTER_X]);
    }
  if (wy != self->pointer_y)
    {
      self->pointer_y = wy;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POINTER_Y]);
    }
}

/* After any change of the camera. */
static void
camera_changed (OssaCanvas *self, double old_zoom)
{
  if (self->camera.zoom != old_zoom)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
  update_pointer_world (self);
  invalidate (self);
}

static void
zoom_at (OssaCanvas *self, double px, double py, double zoom)
{
  double old = self->camera.zoom;

  ossa_camera_zoom_at (&self->camera, px, py, zoom);
  camera_changed (self, old);
}

static void
pan_by (OssaCanvas *self, double dx, double dy)
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
  ensure_instances (self);
  any = ossa_scene_bounds (self->instances, self->n_instances, &x0, &y0, &x1, &y1);
  if (self->show_meshes && self->editor != NULL)
    ossa_mesh_layer_grow_bounds (&self->mesh_layer, ossa_editor_get_document (self->editor),
                                 ossa_editor_get_world (self->editor), &any, &x0, &y0, &x1, &y1);
  if (any)
    ossa_camera_fit (&self->camera, x0, y0, x1, y1, FIT_MARGIN);
  else
    ossa_camera_fit (&self->camera, 0, 0, 0, 0, FIT_MARGIN);
  camera_changed (self, old);
}

/* ---- editor ---- */

/* A drag of bone's subtree begins (bone >= 0) or ends (-1). */
static void
set_moving_root (OssaCanvas *self, gssize bone)
{
  self->moving_root = bone;
  self->still_valid = FALSE;
  self->instances_stale = TRUE;
}

static void
stop_still_cache (OssaCanvas *self)
{
  if (self->moving_root >= 0)
    set_moving_root (self, -1);
}

static void
on_document_changed (OssaEditor *editor, guint change, OssaCanvas *self)
{
  if (change & OSSA_CHANGE_STRUCTURE)
    self->hover = -1;
  if (change & (OSSA_CHANGE_STRUCTURE | OSSA_CHANGE_DOCUMENT))
    stop_still_cache (self);
  if (change & (OSSA_CHANGE_STRUCTURE | OSSA_CHANGE_ANIMATIONS | OSSA_CHANGE_DOCUMENT))
    self->path_stale = TRUE;
  self->instances_stale = TRUE;
  if (change & OSSA_CHANGE_DOCUMENT)
    ossa_canvas_fit (self);
  invalidate (self);
}

static void
on_selection_changed (OssaEditor *editor, OssaCanvas *self)
{
  self->still_valid = FALSE;
  self->path_stale = TRUE;
  invalidate (self);
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

static void
update_cursor (OssaCanvas *self)
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
  update_cursor (self);
}

static void
finish_create_group (OssaCanvas *self)
{
  if (self->group_open && self->editor != NULL)
    ossa_editor_end_group (self->editor);
  self->group_open = FALSE;
}

static void
disconnect_editor (OssaCanvas *self)
{
  if (self->editor == NULL)
    return;
  finish_create_group (self);
  g_clear_signal_handler (&self->document_changed_id, self->editor);
  g_clear_signal_handler (&self->selection_changed_id, self->editor);
  g_clear_signal_handler (&self->tool_notify_id, self->editor);
  g_signal_handlers_disconnect_by_func (self->editor, on_view_notify, self);
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
    }
  self->path_stale = TRUE;
  self->hover = -1;
  self->instances_stale = TRUE;
  ossa_canvas_fit (self);
  update_cursor (self);
  invalidate (self);
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

/* ---- GL ---- */

static void
get_uniforms (GLuint program, const char *extra, Uniforms *u)
{
  u->viewport = glGetUniformLocation (program, "u_viewport");
  u->center = glGetUniformLocation (program, "u_center");
  u->zoom = glGetUniformLocation (program, "u_zoom");
  u->scale = glGetUniformLocation (program, "u_scale");
  u->extra = extra != NULL ? glGetUniformLocation (program, extra) : -1;
}

/* The bones' buffer as vertex attributes: per instance for the bones (divisor 1),
 * per vertex for the joints, which are drawn as points. */
static void
set_instance_attributes (gboolean with_bone, gsize first)
{
  GLsizei stride = sizeof (OssaBoneInstance);
  GLuint divisor = with_bone ? 1 : 0;
  guintptr base = first * sizeof (OssaBoneInstance);

  glEnableVertexAttribArray (0);
  glVertexAttribPointer (0, 2, GL_FLOAT, GL_FALSE, stride,
                         (const void *) (base + (guintptr) G_STRUCT_OFFSET (OssaBoneInstance, joint)));
  glVertexAttribDivisor (0, divisor);
  if (with_bone)
    {
      glEnableVertexAttribArray (1);
      glVertexAttribPointer (1, 2, GL_FLOAT, GL_FALSE, stride,
                             (const void *) (base + (guintptr) G_STRUCT_OFFSET (OssaBoneInstance, tip)));
      glVertexAttribDivisor (1, 1);
      glEnableVertexAttribArray (2);
      glVertexAttribPointer (2, 1, GL_FLOAT, GL_FALSE, stride,
                             (const void *) (base + (guintptr) G_STRUCT_OFFSET (OssaBoneInstance, half_width)));
      glVertexAttribDivisor (2, 1);
    }
  glEnableVertexAttribArray (3);
  glVertexAttribPointer (3, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride,
                         (const void *) (base + (guintptr) G_STRUCT_OFFSET (OssaBoneInstance, color)));
  glVertexAttribDivisor (3, divisor);
  glEnableVertexAttribArray (4);
  glVertexAttribIPointer (4, 1, GL_UNSIGNED_INT, stride,
                          (const void *) (base + (guintptr) G_STRUCT_OFFSET (OssaBoneInstance, flags)));
  glVertexAttribDivisor (4, divisor);
}

static gboolean
build_gl (OssaCanvas *self, GError **error)
{
  self->grid_program = ossa_gl_program_new ("shaders/grid.vert", "shaders/grid.frag",
                                            self->use_es, error);
  if (self->grid_program == 0)
    return FALSE;
  self->bone_program = ossa_gl_program_new ("shaders/bone.vert", "shaders/bone.frag",
                                            self->use_es, error);
  if (self->bone_program == 0)
    return FALSE;
  self->joint_program = ossa_gl_program_new ("shaders/joint.vert", "shaders/joint.frag",
                                             self->use_es, error);
  if (self->joint_program == 0)
    return FALSE;
  if (!ossa_mesh_layer_realize (&self->mesh_layer, self->use_es, error))
    return FALSE;
  get_uniforms (self->grid_program, "u_step", &self->grid_uniforms);
  get_uniforms (self->bone_program, NULL, &self->bone_uniforms);
  get_uniforms (self->joint_program, "u_radius", &self->joint_uniforms);

  /* The grid needs no attributes, but core profile draws need a vertex array. */
  glGenVertexArrays (1, &self->grid_vao);
  glGenBuffers (1, &self->instance_buffer);

  /* Bones and joints read the same per-bone buffer: one upload a frame. */
  glGenVertexArrays (1, &self->bone_vao);
  glBindVertexArray (self->bone_vao);
  glBindBuffer (GL_ARRAY_BUFFER, self->instance_buffer);
  set_instance_attributes (TRUE, 0);
  glGenVertexArrays (1, &self->joint_vao);
  glBindVertexArray (self->joint_vao);
  set_instance_attributes (FALSE, 0);
  glGenBuffers (1, &self->joint_buffer);
  glBindBuffer (GL_ELEMENT_ARRAY_BUFFER, self->joint_buffer);
  glBindVertexArray (0);
  glBindBuffer (GL_ARRAY_BUFFER, 0);
  return TRUE;
}

static void
delete_gl (OssaCanvas *self)
{
  GLuint *programs[] = { &self->grid_program, &self->bone_program, &self->joint_program };
  GLuint *arrays[] = { &self->grid_vao, &self->bone_vao, &self->joint_vao };

  ossa_mesh_layer_unrealize (&self->mesh_layer);
  ossa_gl_cache_clear (&self->still_cache);
  self->still_valid = FALSE;
  ossa_gl_cache_clear (&self->grid_cache);
  self->grid_valid = FALSE;
  for (gsize i = 0; i < G_N_ELEMENTS (programs); i++)
    if (*programs[i] != 0)
      {
        glDeleteProgram (*programs[i]);
        *programs[i] = 0;
      }
  for (gsize i = 0; i < G_N_ELEMENTS (arrays); i++)
    if (*arrays[i] != 0)
      {
        glDeleteVertexArrays (1, arrays[i]);
        *arrays[i] = 0;
      }
  if (self->instance_buffer != 0)
    {
      glDeleteBuffers (1, &self->instance_buffer);
      self->instance_buffer = 0;
    }
  if (self->joint_buffer != 0)
    {
      glDeleteBuffers (1, &self->joint_buffer);
      self->joint_buffer = 0;
    }
}

/* The interpolation preview, below ossa_canvas_render(). */
static gboolean build_overlay_gl  (OssaCanvas *self, GError **error);
static void     delete_overlay_gl (OssaCanvas *self);
static void     draw_onion_skin   (OssaCanvas *self, float width, float height, float scale);
static void     draw_motion_path  (OssaCanvas *self, float width, float height, float scale);

static void
ossa_canvas_realize (GtkWidget *widget)
{
  OssaCanvas *self = OSSA_CANVAS (widget);
  GtkGLArea *area = GTK_GL_AREA (widget);
  g_autoptr(GError) error = NULL;

  GTK_WIDGET_CLASS (ossa_canvas_parent_class)->realize (widget);
  gtk_gl_area_make_current (area);
  if (gtk_gl_area_get_error (area) != NULL)
    return;
  self->use_es = gdk_gl_context_get_use_es (gtk_gl_area_get_context (area));
  if (!build_gl (self, &error) || !build_overlay_gl (self, &error))
    {
      delete_gl (self);
      delete_overlay_gl (self);
      gtk_gl_area_set_error (area, error);
    }
}

static void
ossa_canvas_unrealize (GtkWidget *widget)
{
  OssaCanvas *self = OSSA_CANVAS (widget);
  GtkGLArea *area = GTK_GL_AREA (widget);

  /* The objects belong to the area's context: make it current before deleting. */
  gtk_gl_area_make_current (area);
  if (gtk_gl_area_get_error (area) == NULL)
    {
      delete_gl (self);
      delete_overlay_gl (self);
    }
  GTK_WIDGET_CLASS (ossa_canvas_parent_class)->unrealize (widget);
}

static void
set_view_uniforms (OssaCanvas *self, const Uniforms *u, float width, float height, float scale)
{
  glUniform2f (u->viewport, width, height);
  glUniform2f (u->center, (float) self->camera.center_x, (float) self->camera.center_y);
  glUniform1f (u->zoom, (float) (self->camera.zoom * scale));
  glUniform1f (u->scale, scale);
}

/* Background, grid and axes: every pixel, opaque. */
static void
draw_grid (OssaCanvas *self, float width, float height, float scale)
{
  glUseProgram (self->grid_program);
  set_view_uniforms (self, &self->grid_uniforms, width, height, scale);
  glUniform1f (self->grid_uniforms.extra, (float) ossa_camera_grid_step (&self->camera));
  glBindVertexArray (self->grid_vao);
  glDrawArrays (GL_TRIANGLE_STRIP, 0, 4);
  self->stats.draw_calls++;
}

/* The grid from its cached image, drawn into it first when the camera or the size
 * changed; straight onto target when there is no cache to be had. */
static void
draw_grid_cached (OssaCanvas *self, GLuint target, float width, float height, float scale)
{
  double key[5] = { self->camera.center_x, self->camera.center_y, self->camera.zoom, width,
                    height };

  if (!self->grid_valid || memcmp (key, self->grid_key, sizeof key) != 0)
    {
      if (!ossa_gl_cache_ensure (&self->grid_cache, (int) width, (int) height))
        {
          draw_grid (self, width, height, scale);
          return;
        }
      glBindFramebuffer (GL_FRAMEBUFFER, self->grid_cache.fbo);
      draw_grid (self, width, height, scale);
      memcpy (self->grid_key, key, sizeof key);
      self->grid_valid = TRUE;
    }
  else
    self->stats.draw_calls++;   /* the copy stands for the grid's draw */
  ossa_gl_cache_copy_to (&self->grid_cache, target);
}

/* Bones [first, first + count) of the uploaded instances, then the joints listed
 * in the element buffer's entries [first_joint, first_joint + n_joints). */
static void
draw_bones (OssaCanvas *self, gsize first, gsize count, gsize first_joint, gsize n_joints,
            float width, float height, float scale)
{
  if (count == 0)
    return;
  glEnable (GL_BLEND);
  glBlendFunc (GL_ONE, GL_ONE_MINUS_SRC_ALPHA);

  /* Every bone in one draw, parents first so children lie on top: one triangle
   * each, because a software rasteriser (llvmpipe) pays more for a triangle's
   * setup than for the pixels of a small bone. */
  glUseProgram (self->bone_program);
  set_view_uniforms (self, &self->bone_uniforms, width, height, scale);
  glBindVertexArray (self->bone_vao);
  set_instance_attributes (TRUE, first);
  glDrawArraysInstanced (GL_TRIANGLES, 0, 3, (GLsizei) count);
  self->stats.draw_calls++;

  /* Every joint in one draw, over all bones: points, for the same reason;
   * desktop GL takes their size from the shader only when asked (GLES always
   * does). */
  glUseProgram (self->joint_program);
  set_view_uniforms (self, &self->joint_uniforms, width, height, scale);
  glUniform1f (self->joint_uniforms.extra, (float) OSSA_SCENE_JOINT_RADIUS);
  glBindVertexArray (self->joint_vao);
  if (!self->use_es)
    glEnable (GL_PROGRAM_POINT_SIZE);
  glDrawElements (GL_POINTS, (GLsizei) n_joints, GL_UNSIGNED_INT,
                  (const void *) (guintptr) (first_joint * sizeof (uint32_t)));
  self->stats.draw_calls++;
  glDisable (GL_BLEND);
}

/* The instances (in the order the draws expect) and the joint list, once a frame. */
static void
upload (OssaCanvas *self, const OssaBoneInstance *instances, gsize n)
{
  glBindBuffer (GL_ARRAY_BUFFER, self->instance_buffer);
  glBufferData (GL_ARRAY_BUFFER, (GLsizeiptr) (n * sizeof (OssaBoneInstance)), instances,
                GL_STREAM_DRAW);
  glBindVertexArray (self->joint_vao);
  glBufferData (GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr) (self->n_joints * sizeof (uint32_t)),
                self->joints, GL_STREAM_DRAW);
}

/* Whether the still part of a drag can come from the cached image: not when
 * something under the bones (meshes, onion skin) changes with the moving ones. */
static gboolean
still_cache_usable (OssaCanvas *self)
{
  const OssaDocument *doc;

  if (self->moving_root < 0 || self->editor == NULL || self->onion_skin)
    return FALSE;
  doc = ossa_editor_get_document (self->editor);
  return !(self->show_meshes && doc->n_meshes > 0) && self->n_still > 0;
}

/* Draws grid and still bones into the cached image unless it holds them already
 * for this camera, size and hover. FALSE when there is no cache to use. */
static gboolean
ensure_still_image (OssaCanvas *self, GLuint target, float width, float height, float scale)
{
  double key[6] = { self->camera.center_x, self->camera.center_y, self->camera.zoom,
                    width, height, (double) self->hover };

  if (self->still_valid && memcmp (key, self->still_key, sizeof key) == 0)
    return TRUE;
  if (!ossa_gl_cache_ensure (&self->still_cache, (int) width, (int) height))
    return FALSE;
  glBindFramebuffer (GL_FRAMEBUFFER, self->still_cache.fbo);
  glViewport (0, 0, (GLsizei) width, (GLsizei) height);
  draw_grid (self, width, height, scale);
  draw_bones (self, 0, self->n_still, 0, self->n_still_joints, width, height, scale);
  glBindFramebuffer (GL_FRAMEBUFFER, target);
  memcpy (self->still_key, key, sizeof key);
  self->still_valid = TRUE;
  return TRUE;
}

static gboolean
ossa_canvas_render (GtkGLArea *area, GdkGLContext *context)
{
  OssaCanvas *self = OSSA_CANVAS (area);
  GtkWidget *widget = GTK_WIDGET (area);
  gint64 start = g_get_monotonic_time ();
  int scale = gtk_widget_get_scale_factor (widget);
  float width = (float) (gtk_widget_get_width (widget) * scale);
  float height = (float) (gtk_widget_get_height (widget) * scale);
  GLint target = 0;
  gsize n;

  if (self->grid_program == 0)
    return FALSE;
  ensure_instances (self);
  self->stats.prepare_us = g_get_monotonic_time () - start;
  n = self->n_instances;
  self->stats.draw_calls = 0;
  glGetIntegerv (GL_DRAW_FRAMEBUFFER_BINDING, &target);
  glViewport (0, 0, (GLsizei) width, (GLsizei) height);
  glDisable (GL_DEPTH_TEST);

  if (still_cache_usable (self))
    {
      upload (self, self->ordered, n);
      if (ensure_still_image (self, (GLuint) target, width, height, (float) scale))
        {
          glViewport (0, 0, (GLsizei) width, (GLsizei) height);
          ossa_gl_cache_copy_to (&self->still_cache, (GLuint) target);
          draw_bones (self, self->n_still, n - self->n_still, self->n_still_joints,
                      self->n_joints - self->n_still_joints, width, height, (float) scale);
          goto overlays;
        }
      /* No cache after all: draw everything, in bone order. */
      stop_still_cache (self);
      ensure_instances (self);
    }

  draw_grid_cached (self, (GLuint) target, width, height, (float) scale);
  /* Meshes under the bones, in the pose on show. */
  if (self->show_meshes && self->editor != NULL)
    self->stats.draw_calls +=
      ossa_mesh_layer_draw (&self->mesh_layer, ossa_editor_get_document (self->editor),
                            ossa_editor_get_world (self->editor), width, height,
                            (float) self->camera.center_x, (float) self->camera.center_y,
                            (float) (self->camera.zoom * scale), (float) scale);
  draw_onion_skin (self, width, height, (float) scale);
  if (n > 0)
    {
      upload (self, self->instances, n);
      draw_bones (self, 0, n, 0, self->n_joints, width, height, (float) scale);
    }

overlays:
  glBindBuffer (GL_ARRAY_BUFFER, 0);
  draw_motion_path (self, width, height, (float) scale);
  glBindVertexArray (0);
  glUseProgram (0);

  self->stats.n_instances = (guint) n;
  self->stats.frames++;
  self->stats.render_us = g_get_monotonic_time () - start;
  return TRUE;
}

/* ---- the interpolation preview: onion skin and motion path ---- */

/* Ghosts: how many on each side of the playhead, onion-frames apart. */
#define GHOSTS_EACH_SIDE 2
#define GHOST_WIDTH 3.0f
#define PATH_WIDTH 2.0f
#define PATH_SAMPLES_PER_FRAME 4
#define PATH_SAMPLES_MAX 4000

static gboolean
build_overlay_gl (OssaCanvas *self, GError **error)
{
  self->overlay_program = ossa_gl_program_new ("shaders/overlay.vert", "shaders/overlay.frag",
                                               self->use_es, error);
  if (self->overlay_program == 0)
    return FALSE;
  get_uniforms (self->overlay_program, NULL, &self->overlay_uniforms);
  glGenVertexArrays (1, &self->overlay_vao);
  glGenBuffers (1, &self->overlay_buffer);
  glBindVertexArray (self->overlay_vao);
  glBindBuffer (GL_ARRAY_BUFFER, self->overlay_buffer);
  glEnableVertexAttribArray (0);
  glVertexAttribPointer (0, 2, GL_FLOAT, GL_FALSE, sizeof (OssaSegment),
                         (void *) G_STRUCT_OFFSET (OssaSegment, p0));
  glVertexAttribDivisor (0, 1);
  glEnableVertexAttribArray (1);
  glVertexAttribPointer (1, 2, GL_FLOAT, GL_FALSE, sizeof (OssaSegment),
                         (void *) G_STRUCT_OFFSET (OssaSegment, p1));
  glVertexAttribDivisor (1, 1);
  glEnableVertexAttribArray (2);
  glVertexAttribPointer (2, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof (OssaSegment),
                         (void *) G_STRUCT_OFFSET (OssaSegment, color));
  glVertexAttribDivisor (2, 1);
  glEnableVertexAttribArray (3);
  glVertexAttribPointer (3, 1, GL_FLOAT, GL_FALSE, sizeof (OssaSegment),
                         (void *) G_STRUCT_OFFSET (OssaSegment, width));
  glVertexAttribDivisor (3, 1);
  glBindVertexArray (0);
  glBindBuffer (GL_ARRAY_BUFFER, 0);
  return TRUE;
}

static void
delete_overlay_gl (OssaCanvas *self)
{
  if (self->overlay_program != 0)
    glDeleteProgram (self->overlay_program);
  if (self->overlay_vao != 0)
    glDeleteVertexArrays (1, &self->overlay_vao);
  if (self->overlay_buffer != 0)
    glDeleteBuffers (1, &self->overlay_buffer);
  self->overlay_program = 0;
  self->overlay_vao = 0;
  self->overlay_buffer = 0;
}

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

/* The animation the preview shows: the current one, in Animate mode only. */
static const OssaAnimation *
preview_animation (OssaCanvas *self)
{
  const OssaDocument *doc;
  int index;

  if (self->editor == NULL || ossa_editor_get_mode (self->editor) != OSSA_EDIT_MODE_ANIMATE)
    return NULL;
  doc = ossa_editor_get_document (self->editor);
  index = ossa_editor_get_animation (self->editor);
  return index >= 0 && (gsize) index < doc->n_animations ? &doc->animations[index] : NULL;
}

static void
draw_segments (OssaCanvas *self, const GArray *segments, float width, float height, float scale)
{
  if (segments->len == 0 || self->overlay_program == 0)
    return;
  glBindBuffer (GL_ARRAY_BUFFER, self->overlay_buffer);
  glBufferData (GL_ARRAY_BUFFER, (GLsizeiptr) (segments->len * sizeof (OssaSegment)),
                segments->data, GL_STREAM_DRAW);
  glEnable (GL_BLEND);
  glBlendFunc (GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glUseProgram (self->overlay_program);
  set_view_uniforms (self, &self->overlay_uniforms, width, height, scale);
  glBindVertexArray (self->overlay_vao);
  glDrawArraysInstanced (GL_TRIANGLE_STRIP, 0, 4, (GLsizei) segments->len);
  self->stats.draw_calls++;
  glDisable (GL_BLEND);
  glBindBuffer (GL_ARRAY_BUFFER, 0);
}

/* Ghosts of the pose onion-frames before (red) and after (green) the playhead,
 * fainter further away, under the bones. */
static void
draw_onion_skin (OssaCanvas *self, float width, float height, float scale)
{
  const OssaAnimation *anim = preview_animation (self);
  const OssaSkeleton *skel;
  double times[2 * GHOSTS_EACH_SIDE];
  double fps, end;
  gsize n;

  g_array_set_size (self->ghosts, 0);
  if (!self->onion_skin || anim == NULL)
    return;
  skel = &ossa_editor_get_document (self->editor)->skeleton;
  n = skel->n_bones;
  if (n == 0)
    return;
  if (n > self->ghost_capacity)
    {
      self->ghost_capacity = n;
      self->ghost_local = g_renew (OssaTransform, self->ghost_local, n);
      self->ghost_world = g_renew (OssaXform, self->ghost_world, n);
    }
  fps = ossa_editor_get_frame_rate (self->editor);
  end = ossa_editor_get_end_time (self->editor);
  ossa_preview_ghost_times (ossa_editor_get_time (self->editor), self->onion_frames / fps,
                            GHOSTS_EACH_SIDE, end, anim->loop, times);
  /* Farthest first, so the nearer ghosts lie on top. */
  for (int k = GHOSTS_EACH_SIDE - 1; k >= 0; k--)
    for (int side = 0; side < 2; side++)
      {
        double t = times[side * GHOSTS_EACH_SIDE + k];
        guint8 alpha = (guint8) (k == 0 ? 150 : 80);
        guint8 color[4] = { side == 0 ? 255 : 90, side == 0 ? 96 : 220, side == 0 ? 96 : 140,
                            alpha };
        guint at = self->ghosts->len;

        if (isnan (t))
          continue;
        ossa_animation_sample_pose (anim, skel, (float) t, self->ghost_local);
        ossa_pose_compute_world (skel, self->ghost_local, self->ghost_world);
        g_array_set_size (self->ghosts, at + (guint) n);
        ossa_preview_pose_segments (skel, self->ghost_world, color, GHOST_WIDTH,
                                    &g_array_index (self->ghosts, OssaSegment, at));
      }
  draw_segments (self, self->ghosts, width, height, scale);
}

static void
add_segment (GArray *out, float x0, float y0, float x1, float y1, const guint8 color[4],
             float width)
{
  OssaSegment s = { { x0, y0 }, { x1, y1 }, { color[0], color[1], color[2], color[3] }, width };

  g_array_append_val (out, s);
}

/* The primary bone's tip over the whole animation: a line from teal (the start)
 * to amber (the end), a dot at each frame, a larger one at each of the bone's
 * keys. */
static void
build_path (OssaCanvas *self, const OssaAnimation *anim, guint bone)
{
  const OssaSkeleton *skel = &ossa_editor_get_document (self->editor)->skeleton;
  double fps = ossa_editor_get_frame_rate (self->editor);
  double end = ossa_editor_get_end_time (self->editor);
  gsize frames = (gsize) MAX (ceil (end * fps), 1);
  gsize n = CLAMP (frames * PATH_SAMPLES_PER_FRAME + 1, 2, PATH_SAMPLES_MAX);
  g_autofree float *xy = g_new (float, 2 * n);
  const guint8 key_color[4] = { 255, 245, 225, 235 };

  g_array_set_size (self->path, 0);
  if (ossa_preview_tip_path (skel, anim, bone, 0, end, n, xy) == 0)
    return;
  for (gsize i = 0; i + 1 < n; i++)
    {
      double u = (double) i / (double) (n - 1);
      guint8 color[4] = { (guint8) (80 + 175 * u), (guint8) (200 - 7 * u), (guint8) (190 - 124 * u),
                          220 };

      add_segment (self->path, xy[2 * i], xy[2 * i + 1], xy[2 * i + 2], xy[2 * i + 3], color,
                   PATH_WIDTH);
    }
  if (frames <= 600)
    {
      g_autofree float *dots = g_new (float, 2 * (frames + 1));
      const guint8 dot_color[4] = { 230, 232, 236, 170 };

      ossa_preview_tip_path (skel, anim, bone, 0, frames / fps, frames + 1, dots);
      for (gsize f = 0; f <= frames; f++)
        add_segment (self->path, dots[2 * f], dots[2 * f + 1], dots[2 * f], dots[2 * f + 1],
                     dot_color, 4.0f);
    }
  for (int c = 0; c < OSSA_N_CHANNELS; c++)
    {
      const OssaTrack *track = ossa_animation_find_track (anim, bone, (OssaChannel) c);

      for (gsize k = 0; track != NULL && k < track->n_keys && k < 1000; k++)
        {
          float p[2];

          ossa_preview_tip_path (skel, anim, bone, track->times[k], track->times[k], 1, p);
          add_segment (self->path, p[0], p[1], p[0], p[1], key_color, 7.0f);
        }
    }
}

static void
draw_motion_path (OssaCanvas *self, float width, float height, float scale)
{
  const OssaAnimation *anim = preview_animation (self);
  int primary = self->editor != NULL ? ossa_editor_get_primary (self->editor) : -1;
  const guint8 now_color[4] = { 255, 86, 74, 255 };
  OssaVec2 tip;

  if (!self->show_motion_path || anim == NULL || primary < 0)
    return;
  if (self->path_stale)
    {
      build_path (self, anim, (guint) primary);
      self->path_stale = FALSE;
    }
  if (self->path->len == 0)
    return;
  /* Where the tip is now, on the path. */
  tip = ossa_pose_tip (&ossa_editor_get_world (self->editor)[primary],
                       ossa_editor_get_document (self->editor)->skeleton.bones[primary].length);
  add_segment (self->path, tip.x, tip.y, tip.x, tip.y, now_color, 9.0f);
  draw_segments (self, self->path, width, height, scale);
  g_array_set_size (self->path, self->path->len - 1);
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
      update_pointer_world (self);
      invalidate (self);
    }
}

/* ---- on top of the GL picture: names, rubber band, view dump ---- */

/* Where bone i's name goes with the layout's text set to it: centred on the bone,
 * just above its widest part. FALSE when the bone is off screen, or too short on
 * screen to be worth a name and not selected. */
static gboolean
name_box (OssaCanvas *self, gsize i, OssaLabelBox *box)
{
  const OssaBoneInstance *b = &self->instances[i];
  double jx, jy, tx, ty, mx, my;
  int w, h;

  ossa_camera_world_to_widget (&self->camera, b->joint[0], b->joint[1], &jx, &jy);
  ossa_camera_world_to_widget (&self->camera, b->tip[0], b->tip[1], &tx, &ty);
  mx = 0.5 * (jx + tx);
  my = 0.5 * (jy + ty);
  if (mx < -50 || my < -20 || mx > self->camera.width + 50 || my > self->camera.height + 20)
    return FALSE;
  if (hypot (tx - jx, ty - jy) < NAMES_MIN_LENGTH && !(b->flags & OSSA_BONE_SELECTED))
    return FALSE;
  pango_layout_set_text (self->layout,
                         ossa_editor_get_document (self->editor)->skeleton.bones[i].name, -1);
  pango_layout_get_pixel_size (self->layout, &w, &h);
  box->x = (float) round (mx - 0.5 * w);
  box->y = (float) round (my - b->half_width - h - 1);
  box->width = (float) w;
  box->height = (float) h;
  return TRUE;
}

static void
draw_name (OssaCanvas *self, GtkSnapshot *snapshot, const OssaLabelBox *box, gboolean selected)
{
  const GdkRGBA text = { 0.90f, 0.91f, 0.92f, 0.95f };
  const GdkRGBA amber = { 1.0f, 0.757f, 0.259f, 1.0f };
  const GdkRGBA shadow = { 0.0f, 0.0f, 0.0f, 0.7f };

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (box->x, box->y));
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (1, 1));
  gtk_snapshot_append_layout (snapshot, self->layout, &shadow);
  gtk_snapshot_restore (snapshot);
  gtk_snapshot_append_layout (snapshot, self->layout, selected ? &amber : &text);
  gtk_snapshot_restore (snapshot);
}

/* Bone names, never one over another: the selected bones' names are placed first,
 * as those are the bones being worked on, then the others from the root down; a
 * name that would cover one already placed is left out. */
static void
draw_names (OssaCanvas *self, GtkSnapshot *snapshot)
{
  g_array_set_size (self->named, 0);
  if (self->labels == NULL)
    return;
  if (self->layout == NULL)
    {
      PangoFontDescription *font = pango_font_description_from_string ("Sans 8");

      self->layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
      pango_layout_set_font_description (self->layout, font);
      pango_font_description_free (font);
    }
  ossa_label_layout_reset (self->labels, (float) self->camera.width,
                           (float) self->camera.height);
  for (int pass = 0; pass < 2; pass++)
    for (gsize i = 0; i < self->n_instances && self->named->len < NAMES_MAX; i++)
      {
        gboolean selected = (self->instances[i].flags & OSSA_BONE_SELECTED) != 0;
        OssaLabelBox box, spaced;
        guint index = (guint) i;

        if (selected != (pass == 0) || !name_box (self, i, &box))
          continue;
        /* A little air between names keeps each one readable. */
        spaced = (OssaLabelBox) { box.x - NAMES_GAP, box.y, box.width + 2 * NAMES_GAP,
                                  box.height };
        if (!ossa_label_layout_place (self->labels, &spaced))
          continue;
        draw_name (self, snapshot, &box, selected);
        g_array_append_val (self->named, index);
      }
}

static void
draw_band (OssaCanvas *self, GtkSnapshot *snapshot)
{
  const GdkRGBA fill = { 1.0f, 0.757f, 0.259f, 0.10f };
  const GdkRGBA line = { 1.0f, 0.757f, 0.259f, 0.85f };
  GskRoundedRect border;
  graphene_rect_t rect;
  float widths[4] = { 1, 1, 1, 1 };
  GdkRGBA colors[4] = { line, line, line, line };

  graphene_rect_init (&rect, (float) MIN (self->press_x, self->drag_x),
                      (float) MIN (self->press_y, self->drag_y),
                      (float) fabs (self->drag_x - self->press_x),
                      (float) fabs (self->drag_y - self->press_y));
  gtk_snapshot_append_color (snapshot, &fill, &rect);
  gsk_rounded_rect_init_from_rect (&border, &rect, 0);
  gtk_snapshot_append_border (snapshot, &border, widths, colors);
}

static void
draw_error (OssaCanvas *self, GtkSnapshot *snapshot, const GError *error)
{
  g_autofree char *message = g_strdup_printf (_("The canvas cannot draw: %s"), error->message);
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), message);
  const GdkRGBA color = { 0.9f, 0.9f, 0.9f, 1.0f };
  const GdkRGBA background = { 0.157f, 0.161f, 0.169f, 1.0f };

  /* The canvas's own background, so the message reads the same in any theme. */
  gtk_snapshot_append_color (snapshot, &background,
                             &GRAPHENE_RECT_INIT (0, 0, (float) self->camera.width,
                                                  (float) self->camera.height));
  pango_layout_set_width (layout, (int) (MAX (self->camera.width - 48, 48) * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (24, 24));
  gtk_snapshot_append_layout (snapshot, layout, &color);
  gtk_snapshot_restore (snapshot);
  g_object_unref (layout);
}

static void
add_point (JsonBuilder *builder, double x, double y)
{
  json_builder_begin_array (builder);
  json_builder_add_double_value (builder, x);
  json_builder_add_double_value (builder, y);
  json_builder_end_array (builder);
}

/* OSSA_VIEW_DUMP: what the canvas shows, in window coordinates, for tests that
 * drive the real program with a pointer. */
static void
write_view_dump (OssaCanvas *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkRoot *root = gtk_widget_get_root (widget);
  const OssaDocument *doc;
  g_autoptr(JsonBuilder) builder = NULL;
  g_autoptr(JsonGenerator) generator = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;
  graphene_point_t origin = GRAPHENE_POINT_INIT (0, 0);
  const guint *selection;
  gsize n_selected = 0;

  if (self->editor == NULL || root == NULL)
    return;
  if (!gtk_widget_compute_point (widget, GTK_WIDGET (root), &GRAPHENE_POINT_INIT (0, 0),
                                 &origin))
    return;
  doc = ossa_editor_get_document (self->editor);
  selection = ossa_editor_get_selection (self->editor, &n_selected);

  builder = json_builder_new ();
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "mode");
  json_builder_add_string_value (builder, ossa_editor_get_mode (self->editor)
                                            == OSSA_EDIT_MODE_ANIMATE ? "animate" : "setup");
  json_builder_set_member_name (builder, "time");
  json_builder_add_double_value (builder, ossa_editor_get_time (self->editor));
  json_builder_set_member_name (builder, "zoom");
  json_builder_add_double_value (builder, self->camera.zoom);
  json_builder_set_member_name (builder, "selected");
  json_builder_begin_array (builder);
  for (gsize i = 0; i < n_selected; i++)
    json_builder_add_string_value (builder, doc->skeleton.bones[selection[i]].name);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "bones");
  json_builder_begin_array (builder);
  for (gsize i = 0; i < self->n_instances && i < doc->skeleton.n_bones; i++)
    {
      const OssaBoneInstance *b = &self->instances[i];
      double x, y;

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, doc->skeleton.bones[i].name);
      json_builder_set_member_name (builder, "joint");
      ossa_camera_world_to_widget (&self->camera, b->joint[0], b->joint[1], &x, &y);
      add_point (builder, x + origin.x, y + origin.y);
      json_builder_set_member_name (builder, "tip");
      ossa_camera_world_to_widget (&self->camera, b->tip[0], b->tip[1], &x, &y);
      add_point (builder, x + origin.x, y + origin.y);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  node = json_builder_get_root (builder);
  generator = json_generator_new ();
  json_generator_set_root (generator, node);
  json = json_generator_to_data (generator, NULL);
  if (!g_file_set_contents (self->dump_path, json, -1, &error))
    g_debug ("OSSA_VIEW_DUMP: %s", error->message);
}

static void
ossa_canvas_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  OssaCanvas *self = OSSA_CANVAS (widget);
  GError *error;

  /* GtkGLArea renders and adds its texture; text and the band go on top as GSK
   * nodes, which draw text far better than we could in GL. */
  GTK_WIDGET_CLASS (ossa_canvas_parent_class)->snapshot (widget, snapshot);
  error = gtk_gl_area_get_error (GTK_GL_AREA (widget));
  if (error != NULL)
    {
      draw_error (self, snapshot, error);
      return;
    }
  ensure_instances (self);
  if (self->show_names && self->editor != NULL)
    draw_names (self, snapshot);
  else
    g_array_set_size (self->named, 0);
  if (self->drag == DRAG_BAND && self->drag_active)
    draw_band (self, snapshot);
  if (self->dump_path != NULL)
    write_view_dump (self);
}

/* ---- drags ---- */

static gboolean
has_snap (GdkModifierType state)
{
  return (state & GDK_SHIFT_MASK) != 0;
}

static void
report_edit_error (OssaCanvas *self, GError *error)
{
  /* Animate mode without an animation, typically: stop the drag, say why. */
  gtk_widget_error_bell (GTK_WIDGET (self));
  g_message ("%s", error->message);
  self->drag = DRAG_NONE;
}

static char *
unique_bone_name (const OssaSkeleton *skel)
{
  /* Names are the document's data, not interface text: not translated, so a file
   * means the same in every locale. */
  for (gsize k = skel->n_bones + 1;; k++)
    {
      char *name = g_strdup_printf ("bone-%" G_GSIZE_FORMAT, k);

      if (ossa_skeleton_find_bone (skel, name) < 0)
        return name;
      g_free (name);
    }
}

static void
update_create (OssaCanvas *self, double wx, double wy, GdkModifierType state)
{
  const OssaDocument *doc = ossa_editor_get_document (self->editor);
  const OssaXform *world = ossa_editor_get_world (self->editor);
  const OssaXform *parent_world = self->create_parent >= 0 ? &world[self->create_parent] : NULL;
  g_autoptr(GError) error = NULL;
  OssaTransform rest;
  float length;

  if (!ossa_scene_bone_from_points (parent_world, self->create_joint_x, self->create_joint_y,
                                    wx, wy, has_snap (state), &rest, &length))
    return;
  if (self->created < 0)
    {
      g_autofree char *name = unique_bone_name (&doc->skeleton);
      guint32 color = self->create_parent >= 0 ? doc->skeleton.bones[self->create_parent].color
                                               : NEW_ROOT_COLOR;
      guint selected;
      int index;

      /* The new bone and its shaping by the drag are one undo step: a group from
       * the first motion to the release, inside which the rest and length edits
       * merge by the drag's id. */
      ossa_editor_begin_group (self->editor, _("Create Bone"));
      self->group_open = TRUE;
      index = ossa_editor_add_bone (self->editor, name, (int) self->create_parent, &rest,
                                    length, color, &error);
      if (index < 0)
        {
          finish_create_group (self);
          report_edit_error (self, error);
          return;
        }
      self->created = index;
      selected = (guint) index;
      ossa_editor_select (self->editor, &selected, 1, FALSE);
      return;
    }
  if (!ossa_editor_shape_bone (self->editor, (guint) self->created, &rest, length,
                               self->merge_id, &error))
    report_edit_error (self, error);
}

/* The press became a drag: take the starting state the drag works from. */
static void
start_drag (OssaCanvas *self, GdkModifierType state)
{
  double wx, wy;

  ossa_camera_widget_to_world (&self->camera, self->press_x, self->press_y, &wx, &wy);
  self->merge_id = ossa_editor_new_merge_id (self->editor);
  self->apply = APPLY_NONE;

  if (self->drag == DRAG_CREATE && self->create_parent < 0)
    {
      double step = has_snap (state) ? ossa_camera_grid_step (&self->camera) : 0;

      self->create_joint_x = step > 0 ? round (wx / step) * step : wx;
      self->create_joint_y = step > 0 ? round (wy / step) * step : wy;
    }
  else if (self->drag == DRAG_TOOL)
    {
      const OssaDocument *doc = ossa_editor_get_document (self->editor);
      const OssaXform *world = ossa_editor_get_world (self->editor);
      OssaTransform local = ossa_editor_get_local (self->editor)[self->drag_bone];
      int32_t parent = doc->skeleton.bones[self->drag_bone].parent;
      const OssaXform *parent_world = parent >= 0 ? &world[parent] : NULL;
      OssaTool tool = ossa_editor_get_tool (self->editor);

      /* DESIGN: dragging the root moves the skeleton, whatever the tool shows. */
      if (tool == OSSA_TOOL_ROTATE && self->drag_part == OSSA_HIT_JOINT && parent < 0)
        tool = OSSA_TOOL_TRANSLATE;
      switch (tool)
        {
        case OSSA_TOOL_ROTATE:
          if (ossa_rotate_drag_begin (&self->tool.rotate, parent_world, &local, wx, wy,
                                      4.0 / self->camera.zoom))
            self->apply = APPLY_ROTATE;
          break;
        case OSSA_TOOL_TRANSLATE:
          if (ossa_translate_drag_begin (&self->tool.translate, parent_world, &local, wx, wy))
            self->apply = APPLY_TRANSLATE;
          break;
        case OSSA_TOOL_SCALE:
          ossa_scale_drag_begin (&self->tool.scale, &world[self->drag_bone], &local, wx, wy,
                                 8.0 / self->camera.zoom);
          self->apply = APPLY_SCALE;
          break;
        case OSSA_TOOL_CREATE:
        default:
          /* Pressing a bone's body with the create tool only selects it. */
          break;
        }
    }
}

void
_ossa_canvas_drag_begin (OssaCanvas *self, double x, double y, GdkModifierType state)
{
  gboolean ctrl = (state & GDK_CONTROL_MASK) != 0;
  OssaTool tool;
  OssaHit hit;
  int primary;

  g_return_if_fail (OSSA_IS_CANVAS (self));
  finish_create_group (self);
  self->drag = DRAG_NONE;
  self->drag_active = FALSE;
  self->press_x = self->drag_x = x;
  self->press_y = self->drag_y = y;
  self->drag_bone = -1;
  self->created = -1;
  self->create_parent = -1;
  if (self->space_held)
    {
      self->drag = DRAG_PAN;
      self->space_panned = TRUE;
      return;
    }
  if (self->editor == NULL)
    return;

  ensure_instances (self);
  tool = ossa_editor_get_tool (self->editor);
  primary = ossa_editor_get_primary (self->editor);
  if (tool == OSSA_TOOL_CREATE && !ctrl && primary >= 0
      && ossa_scene_hit_tip (self->instances, self->n_instances, (gsize) primary, &self->camera,
                             x, y))
    {
      self->drag = DRAG_CREATE;
      self->create_parent = primary;
      self->create_joint_x = self->instances[primary].tip[0];
      self->create_joint_y = self->instances[primary].tip[1];
      return;
    }

  hit = ossa_scene_hit_test (self->instances, self->n_instances, &self->camera, x, y);
  if (hit.bone >= 0)
    {
      guint bone = (guint) hit.bone;

      if (ctrl)
        {
          ossa_editor_toggle_selected (self->editor, bone);
          return;
        }
      /* A press on a selected bone keeps the selection and makes it the primary. */
      ossa_editor_select (self->editor, &bone, 1, ossa_editor_is_selected (self->editor, bone));
      self->drag = DRAG_TOOL;
      self->drag_bone = hit.bone;
      self->drag_part = hit.part;
      return;
    }
  self->drag = (tool == OSSA_TOOL_CREATE && !ctrl) ? DRAG_CREATE : DRAG_BAND;
}

void
_ossa_canvas_drag_update (OssaCanvas *self, double x, double y, GdkModifierType state)
{
  g_autoptr(GError) error = NULL;
  OssaTransform local;
  double wx, wy;

  g_return_if_fail (OSSA_IS_CANVAS (self));
  if (self->drag == DRAG_NONE)
    return;
  if (!self->drag_active)
    {
      if (hypot (x - self->press_x, y - self->press_y) < DRAG_THRESHOLD)
        return;
      self->drag_active = TRUE;
      if (self->drag == DRAG_PAN)
        {
          self->pan_last_x = self->press_x;
          self->pan_last_y = self->press_y;
          update_cursor (self);
        }
      else
        {
          start_drag (self, state);
          /* Rotate, translate and scale move the bone's subtree and nothing else. */
          if (self->drag == DRAG_TOOL && self->apply != APPLY_NONE && self->drag_bone >= 0)
            set_moving_root (self, self->drag_bone);
        }
    }
  self->drag_x = x;
  self->drag_y = y;
  ossa_camera_widget_to_world (&self->camera, x, y, &wx, &wy);

  switch (self->drag)
    {
    case DRAG_PAN:
      pan_by (self, x - self->pan_last_x, y - self->pan_last_y);
      self->pan_last_x = x;
      self->pan_last_y = y;
      return;
    case DRAG_BAND:
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    case DRAG_CREATE:
      update_create (self, wx, wy, state);
      return;
    case DRAG_TOOL:
      switch (self->apply)
        {
        case APPLY_ROTATE:
          local = ossa_rotate_drag_update (&self->tool.rotate, wx, wy, has_snap (state));
          break;
        case APPLY_TRANSLATE:
          local = ossa_translate_drag_update (&self->tool.translate, wx, wy,
                                              has_snap (state)
                                                ? ossa_camera_grid_step (&self->camera) : 0);
          break;
        case APPLY_SCALE:
          local = ossa_scale_drag_update (&self->tool.scale, wx, wy, has_snap (state));
          break;
        case APPLY_NONE:
        default:
          return;
        }
      if (!ossa_editor_set_bone_local (self->editor, (guint) self->drag_bone, &local,
                                       self->merge_id, &error))
        report_edit_error (self, error);
      return;
    case DRAG_NONE:
    default:
      return;
    }
}

void
_ossa_canvas_drag_end (OssaCanvas *self, double x, double y, GdkModifierType state)
{
  gboolean ctrl = (state & GDK_CONTROL_MASK) != 0;

  g_return_if_fail (OSSA_IS_CANVAS (self));
  if (self->drag != DRAG_NONE)
    _ossa_canvas_drag_update (self, x, y, state);

  if (self->editor != NULL && !self->drag_active
      && (self->drag == DRAG_BAND || (self->drag == DRAG_CREATE && self->create_parent < 0))
      && !ctrl)
    {
      /* A click on empty canvas. */
      ossa_editor_clear_selection (self->editor);
    }
  else if (self->editor != NULL && self->drag_active && self->drag == DRAG_BAND)
    {
      double x0, y0, x1, y1;
      gsize n;

      ensure_instances (self);
      ossa_camera_widget_to_world (&self->camera, self->press_x, self->press_y, &x0, &y0);
      ossa_camera_widget_to_world (&self->camera, x, y, &x1, &y1);
      n = ossa_scene_rubber_band (self->instances, self->n_instances, x0, y0, x1, y1,
                                  self->band_hits);
      if (n > 0 || !ctrl)
        ossa_editor_select (self->editor, self->band_hits, n, ctrl);
    }
  finish_create_group (self);
  self->drag = DRAG_NONE;
  self->drag_active = FALSE;
  stop_still_cache (self);
  update_cursor (self);
  invalidate (self);
}

void
_ossa_canvas_scroll (OssaCanvas *self, double x, double y, double dy)
{
  g_return_if_fail (OSSA_IS_CANVAS (self));
  zoom_at (self, x, y, self->camera.zoom * pow (WHEEL_STEP, -dy));
}

const OssaCamera *
_ossa_canvas_get_camera (OssaCanvas *self)
{
  g_return_val_if_fail (OSSA_IS_CANVAS (self), NULL);
  return &self->camera;
}

void
_ossa_canvas_drop_caches (OssaCanvas *self)
{
  g_return_if_fail (OSSA_IS_CANVAS (self));
  self->grid_valid = FALSE;
  self->still_valid = FALSE;
  gtk_gl_area_queue_render (GTK_GL_AREA (self));
}

const guint *
_ossa_canvas_get_named (OssaCanvas *self, gsize *n)
{
  *n = self->named->len;
  return (const guint *) self->named->data;
}

void
_ossa_canvas_get_stats (OssaCanvas *self, OssaCanvasStats *stats)
{
  g_return_if_fail (OSSA_IS_CANVAS (self));
  *stats = self->stats;
}

/* ---- event controllers ---- */

static GdkModifierType
current_state (GtkGesture *gesture)
{
  return gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
}

static void
on_drag_begin (GtkGestureDrag *gesture, double x, double y, OssaCanvas *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  _ossa_canvas_drag_begin (self, x, y, current_state (GTK_GESTURE (gesture)));
}

static void
on_drag_update (GtkGestureDrag *gesture, double dx, double dy, OssaCanvas *self)
{
  double x, y;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  _ossa_canvas_drag_update (self, x + dx, y + dy, current_state (GTK_GESTURE (gesture)));
}

static void
on_drag_end (GtkGestureDrag *gesture, double dx, double dy, OssaCanvas *self)
{
  double x, y;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  _ossa_canvas_drag_end (self, x + dx, y + dy, current_state (GTK_GESTURE (gesture)));
}

static void
on_pan_begin (GtkGestureDrag *gesture, double x, double y, OssaCanvas *self)
{
  self->pan_last_x = 0;
  self->pan_last_y = 0;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
}

static void
on_pan_update (GtkGestureDrag *gesture, double dx, double dy, OssaCanvas *self)
{
  pan_by (self, dx - self->pan_last_x, dy - self->pan_last_y);
  self->pan_last_x = dx;
  self->pan_last_y = dy;
}

static void
on_pan_end (GtkGestureDrag *gesture, double dx, double dy, OssaCanvas *self)
{
  update_cursor (self);
}

static gboolean
on_scroll (GtkEventControllerScroll *controller, double dx, double dy, OssaCanvas *self)
{
  GdkEvent *event = gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (controller));
  double x = self->pointer_px, y = self->pointer_py;

  if (event != NULL && !gdk_event_get_position (event, &x, &y))
    {
      x = self->pointer_px;
      y = self->pointer_py;
    }
  _ossa_canvas_scroll (self, x, y, dy);
  return TRUE;
}

static void
set_pointer (OssaCanvas *self, double x, double y, gboolean inside)
{
  self->pointer_px = x;
  self->pointer_py = y;
  if (inside != self->pointer_inside)
    {
      self->pointer_inside = inside;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POINTER_INSIDE]);
    }
  update_pointer_world (self);
}

static void
update_hover (OssaCanvas *self)
{
  gssize hover = -1;

  if (self->pointer_inside && self->drag == DRAG_NONE && self->editor != NULL)
    {
      ensure_instances (self);
      hover = ossa_scene_hit_test (self->instances, self->n_instances, &self->camera,
                                   self->pointer_px, self->pointer_py).bone;
    }
  if (hover != self->hover)
    {
      self->hover = hover;
      invalidate (self);
    }
}

static void
on_motion (GtkEventControllerMotion *controller, double x, double y, OssaCanvas *self)
{
  set_pointer (self, x, y, TRUE);
  update_hover (self);
}

static void
on_leave (GtkEventControllerMotion *controller, OssaCanvas *self)
{
  set_pointer (self, self->pointer_px, self->pointer_py, FALSE);
  update_hover (self);
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode,
                GdkModifierType state, OssaCanvas *self)
{
  if (keyval != GDK_KEY_space)
    return FALSE;
  if (!self->space_held)
    {
      self->space_held = TRUE;
      self->space_panned = FALSE;
      update_cursor (self);
    }
  return TRUE;
}

static void
on_key_released (GtkEventControllerKey *controller, guint keyval, guint keycode,
                 GdkModifierType state, OssaCanvas *self)
{
  if (keyval != GDK_KEY_space)
    return;
  /* Space held while dragging pans; tapped, it plays or pauses like elsewhere. */
  if (self->space_held && !self->space_panned)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.play", NULL);
  self->space_held = FALSE;
  update_cursor (self);
}

/* ---- actions ---- */

static void
fit_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  ossa_canvas_fit (OSSA_CANVAS (widget));
}

static void
zoom_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  OssaCanvas *self = OSSA_CANVAS (widget);
  double zoom = 1;

  if (g_str_equal (action_name, "canvas.zoom-in"))
    zoom = self->camera.zoom * ZOOM_STEP;
  else if (g_str_equal (action_name, "canvas.zoom-out"))
    zoom = self->camera.zoom / ZOOM_STEP;
  zoom_at (self, 0.5 * self->camera.width, 0.5 * self->camera.height, zoom);
}

/* ---- object ---- */

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
  g_clear_object (&self->layout);
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
  g_array_unref (self->ghosts);
  g_array_unref (self->path);
  g_array_unref (self->named);
  ossa_label_layout_free (self->labels);
  g_free (self->ghost_local);
  g_free (self->ghost_world);
  G_OBJECT_CLASS (ossa_canvas_parent_class)->finalize (object);
}

static void
ossa_canvas_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  OssaCanvas *self = OSSA_CANVAS (object);

  switch (prop_id)
    {
    case PROP_EDITOR:
      g_value_set_object (value, self->editor);
      break;
    case PROP_ZOOM:
      g_value_set_double (value, self->camera.zoom);
      break;
    case PROP_POINTER_X:
      g_value_set_double (value, self->pointer_x);
      break;
    case PROP_POINTER_Y:
      g_value_set_double (value, self->pointer_y);
      break;
    case PROP_POINTER_INSIDE:
      g_value_set_boolean (value, self->pointer_inside);
      break;
    case PROP_SHOW_NAMES:
      g_value_set_boolean (value, self->show_names);
      break;
    case PROP_SHOW_MESHES:
      g_value_set_boolean (value, self->show_meshes);
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
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
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

  area_class->render = ossa_canvas_render;
  area_class->create_context = ossa_gl_area_create_context;

  properties[PROP_EDITOR] = g_param_spec_object ("editor", NULL, NULL, OSSA_TYPE_EDITOR, rw);
  properties[PROP_ZOOM] = g_param_spec_double ("zoom", NULL, NULL, OSSA_SCENE_ZOOM_MIN,
                                               OSSA_SCENE_ZOOM_MAX, 1.0, ro);
  properties[PROP_POINTER_X] = g_param_spec_double ("pointer-x", NULL, NULL, -G_MAXDOUBLE,
                                                    G_MAXDOUBLE, 0.0, ro);
  properties[PROP_POINTER_Y] = g_param_spec_double ("pointer-y", NULL, NULL, -G_MAXDOUBLE,
                                                    G_MAXDOUBLE, 0.0, ro);
  properties[PROP_POINTER_INSIDE] = g_param_spec_boolean ("pointer-inside", NULL, NULL, FALSE,
                                                          ro);
  properties[PROP_SHOW_NAMES] = g_param_spec_boolean ("show-names", NULL, NULL, FALSE, rw);
  properties[PROP_SHOW_MESHES] = g_param_spec_boolean ("show-meshes", NULL, NULL, TRUE, rw);
  properties[PROP_ONION_SKIN] = g_param_spec_boolean ("onion-skin", NULL, NULL, FALSE, rw);
  properties[PROP_ONION_FRAMES] = g_param_spec_int ("onion-frames", NULL, NULL, 1, 30, 3, rw);
  properties[PROP_SHOW_MOTION_PATH] = g_param_spec_boolean ("show-motion-path", NULL, NULL,
                                                            FALSE, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "canvas.fit", NULL, fit_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-reset", NULL, zoom_action);
  gtk_widget_class_install_property_action (widget_class, "canvas.show-names", "show-names");
  gtk_widget_class_install_property_action (widget_class, "canvas.show-meshes", "show-meshes");
  gtk_widget_class_install_property_action (widget_class, "canvas.onion-skin", "onion-skin");
  gtk_widget_class_install_property_action (widget_class, "canvas.motion-path",
                                            "show-motion-path");

  /* F frames the skeleton; Home and End belong to the playhead. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, 0, "canvas.fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, 0, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, 0, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "canvas.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, 0,
                                       "canvas.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1, 0, "canvas.zoom-reset", NULL);

  gtk_widget_class_set_css_name (widget_class, "ossa-canvas");
}

static void
ossa_canvas_init (OssaCanvas *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkGesture *gesture;
  GtkEventController *controller;
  const char *dump = g_getenv ("OSSA_VIEW_DUMP");

  ossa_camera_init (&self->camera);
  self->hover = -1;
  self->drag_bone = -1;
  self->created = -1;
  self->create_parent = -1;
  self->moving_root = -1;
  self->instances_stale = TRUE;
  self->show_meshes = TRUE;
  self->onion_frames = 3;
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

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_MIDDLE);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_pan_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_pan_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_pan_end), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect (controller, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (on_key_pressed), self);
  g_signal_connect (controller, "key-released", G_CALLBACK (on_key_released), self);
  gtk_widget_add_controller (widget, controller);
}
