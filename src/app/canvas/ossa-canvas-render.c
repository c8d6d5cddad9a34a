/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-canvas"

#include "config.h"

#include <string.h>

#include <epoxy/gl.h>

#include "ossa-canvas-private.h"
#include "ossa-gl-program.h"

/* The canvas's GL picture (GtkGLArea's realize, render and unrealize): the grid,
 * the meshes, the art (every attachment in one draw), the onion skin over the art
 * so that its ghosts stay in sight, every bone in one instanced draw and every
 * joint in another (unless Show Bones is off), then the motion path. Two cached
 * images spare a software renderer work: the grid while the camera stays, and
 * during a drag the bones that stay still (with art, those bones alone on a clear
 * image, put over the art drawn afresh each frame: the art moves with the dragged
 * bones and lies under every bone). */

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
  if (!ossa_art_layer_realize (&self->art_layer, self->use_es, error))
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
  ossa_art_layer_unrealize (&self->art_layer);
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

void
_ossa_canvas_note_draw (OssaCanvas *self, guint programs)
{
  guint cold = programs & ~self->drawn_programs;

  self->drawn_programs |= programs;
  while (cold != 0)
    {
      self->stats.cold_draws++;
      cold &= cold - 1;
    }
}

static void draw_grid  (OssaCanvas *self, float width, float height, float scale);
static void draw_bones (OssaCanvas *self, gsize first, gsize count, gsize first_joint,
                        gsize n_joints, float width, float height, float scale);

/* Every program drawn once, with the state of its real draws (blending, points,
 * instancing, the vertex arrays, an RGBA8 target like the area's), onto a 1×1
 * image: a software renderer (Mesa's llvmpipe) compiles the machine code for a
 * program and that state at its first draw, and a document's first frame would
 * otherwise pay for it (bones and joints about 12 ms of the main thread's time).
 * One step (the programs of one bit of steps[]) an idle turn of the main loop,
 * so that each costs the window only a few milliseconds; a program a frame drew
 * already is left alone. Needs the context current; leaves the default state
 * and nothing bound. FALSE when every step is done. */
static gboolean
warm_up_step (OssaCanvas *self)
{
  static const guint steps[] = {
    OSSA_CANVAS_PROGRAM_GRID, OSSA_CANVAS_PROGRAM_BONES | OSSA_CANVAS_PROGRAM_JOINTS,
    OSSA_CANVAS_PROGRAM_MESHES, OSSA_CANVAS_PROGRAM_SEGMENTS,
  };
  OssaBoneInstance bone = { { 0, 0 }, { 1, 0 }, 1, { 255, 255, 255, 255 }, 0, 0 };
  OssaSegment segment = { { 0, 0 }, { 1, 0 }, { 255, 255, 255, 255 }, 1 };
  uint32_t joint = 0;
  OssaGlCache image = { 0 };
  GLint previous = 0;
  guint draw_calls = self->stats.draw_calls;
  guint step = 0;

  while (step < G_N_ELEMENTS (steps) && (self->drawn_programs & steps[step]) == steps[step])
    step++;
  if (step == G_N_ELEMENTS (steps) || self->grid_program == 0)
    return FALSE;
  glGetIntegerv (GL_DRAW_FRAMEBUFFER_BINDING, &previous);
  if (!ossa_gl_cache_ensure (&image, 1, 1))
    return FALSE;
  glBindFramebuffer (GL_FRAMEBUFFER, image.fbo);
  glViewport (0, 0, 1, 1);
  glDisable (GL_DEPTH_TEST);
  /* Marked drawn first: these draws are no document's. */
  self->stats.warm_programs |= steps[step] & ~self->drawn_programs;
  self->drawn_programs |= steps[step];
  switch (steps[step])
    {
    case OSSA_CANVAS_PROGRAM_GRID:
      draw_grid (self, 1, 1, 1);
      break;
    case OSSA_CANVAS_PROGRAM_BONES | OSSA_CANVAS_PROGRAM_JOINTS:
      glBindBuffer (GL_ARRAY_BUFFER, self->instance_buffer);
      glBufferData (GL_ARRAY_BUFFER, sizeof bone, &bone, GL_STREAM_DRAW);
      glBindVertexArray (self->joint_vao);
      glBufferData (GL_ELEMENT_ARRAY_BUFFER, sizeof joint, &joint, GL_STREAM_DRAW);
      draw_bones (self, 0, 1, 0, 1, 1, 1, 1);
      glBindBuffer (GL_ARRAY_BUFFER, 0);
      break;
    case OSSA_CANVAS_PROGRAM_MESHES:
      ossa_mesh_layer_warm_up (&self->mesh_layer);
      break;
    default:
      ossa_segment_layer_draw (&self->segment_layer, &segment, 1, 1, 1, 0, 0, 1, 1);
      break;
    }
  glBindVertexArray (0);
  glUseProgram (0);
  glBindFramebuffer (GL_FRAMEBUFFER, (GLuint) previous);
  ossa_gl_cache_clear (&image);
  self->stats.draw_calls = draw_calls;
  return TRUE;
}

static gboolean
warm_up_idle (gpointer data)
{
  OssaCanvas *self = data;
  GtkGLArea *area = GTK_GL_AREA (self);

  gtk_gl_area_make_current (area);
  if (gtk_gl_area_get_error (area) == NULL && warm_up_step (self))
    return G_SOURCE_CONTINUE;
  self->warm_idle = 0;
  return G_SOURCE_REMOVE;
}

void
_ossa_canvas_realize_gl (OssaCanvas *self)
{
  GtkGLArea *area = GTK_GL_AREA (self);
  g_autoptr(GError) error = NULL;

  gtk_gl_area_make_current (area);
  if (gtk_gl_area_get_error (area) != NULL)
    return;
  self->use_es = gdk_gl_context_get_use_es (gtk_gl_area_get_context (area));
  if (!build_gl (self, &error)
      || !ossa_segment_layer_realize (&self->segment_layer, self->use_es, &error))
    {
      delete_gl (self);
      ossa_segment_layer_unrealize (&self->segment_layer);
      gtk_gl_area_set_error (area, error);
      return;
    }
  /* A new context: its programs have drawn nothing yet. After the frames
   * waiting to be drawn (G_PRIORITY_LOW comes after GTK's redraws), so that the
   * window's first frame is not the later for it. */
  self->drawn_programs = 0;
  self->stats.warm_programs = 0;
  if (self->warm_idle == 0)
    self->warm_idle = g_idle_add_full (G_PRIORITY_LOW, warm_up_idle, self, NULL);
}

void
_ossa_canvas_unrealize_gl (OssaCanvas *self)
{
  GtkGLArea *area = GTK_GL_AREA (self);

  g_clear_handle_id (&self->warm_idle, g_source_remove);
  /* The objects belong to the area's context: make it current before deleting. */
  gtk_gl_area_make_current (area);
  if (gtk_gl_area_get_error (area) == NULL)
    {
      delete_gl (self);
      ossa_segment_layer_unrealize (&self->segment_layer);
    }
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
  _ossa_canvas_note_draw (self, OSSA_CANVAS_PROGRAM_GRID);
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
  _ossa_canvas_note_draw (self, OSSA_CANVAS_PROGRAM_BONES | OSSA_CANVAS_PROGRAM_JOINTS);
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

/* A drag of bone's subtree begins (bone >= 0) or ends (-1). */
void
_ossa_canvas_set_moving_root (OssaCanvas *self, gssize bone)
{
  self->moving_root = bone;
  self->still_valid = FALSE;
  self->instances_stale = TRUE;
}

void
_ossa_canvas_stop_still_cache (OssaCanvas *self)
{
  if (self->moving_root >= 0)
    _ossa_canvas_set_moving_root (self, -1);
}

/* Whether the still part of a drag can come from the cached image: not when
 * something under the bones (meshes, onion skin) changes with the moving ones,
 * nor when no bones are drawn. */
static gboolean
still_cache_usable (OssaCanvas *self)
{
  const OssaDocument *doc;

  if (self->moving_root < 0 || self->editor == NULL || self->onion_skin || !self->show_bones)
    return FALSE;
  doc = ossa_editor_get_document (self->editor);
  return !(self->show_meshes && doc->n_meshes > 0) && self->n_still > 0;
}

/* Whether there is art to draw: then the still image holds bones alone. */
static gboolean
has_art (OssaCanvas *self)
{
  return self->editor != NULL && ossa_editor_get_document (self->editor)->n_slots > 0;
}

static gboolean
art_tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  OssaCanvas *self = OSSA_CANVAS (widget);

  self->art_tick = 0;
  gtk_gl_area_queue_render (GTK_GL_AREA (self));
  return G_SOURCE_REMOVE;
}

/* Every visible attachment in the pose on show, the picked one outlined; while
 * pictures wait to be uploaded, another frame. */
static void
draw_art (OssaCanvas *self, float width, float height, float scale)
{
  if (!has_art (self))
    return;
  self->stats.draw_calls +=
    ossa_art_layer_draw (&self->art_layer, ossa_editor_get_document (self->editor),
                         ossa_editor_get_slot_pose (self->editor),
                         ossa_editor_get_world (self->editor),
                         ossa_editor_get_images (self->editor),
                         ossa_editor_get_selected_slot (self->editor),
                         ossa_editor_get_selected_attachment (self->editor), width, height,
                         (float) self->camera.center_x, (float) self->camera.center_y,
                         (float) (self->camera.zoom * scale), scale);
  if (ossa_art_layer_has_pending (&self->art_layer) && self->art_tick == 0)
    self->art_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), art_tick_cb, NULL, NULL);
}

/* Draws the still bones into the cached image (over the grid; with art, on a
 * clear image) unless it holds them already for this camera, size and hover.
 * FALSE when there is no cache to use. */
static gboolean
ensure_still_image (OssaCanvas *self, GLuint target, float width, float height, float scale,
                    gboolean art)
{
  double key[7] = { self->camera.center_x, self->camera.center_y, self->camera.zoom,
                    width, height, (double) self->hover, art };

  if (self->still_valid && memcmp (key, self->still_key, sizeof key) == 0)
    return TRUE;
  if (!ossa_gl_cache_ensure (&self->still_cache, (int) width, (int) height))
    return FALSE;
  glBindFramebuffer (GL_FRAMEBUFFER, self->still_cache.fbo);
  glViewport (0, 0, (GLsizei) width, (GLsizei) height);
  if (art)
    {
      glClearColor (0, 0, 0, 0);
      glClear (GL_COLOR_BUFFER_BIT);
    }
  else
    draw_grid (self, width, height, scale);
  draw_bones (self, 0, self->n_still, 0, self->n_still_joints, width, height, scale);
  glBindFramebuffer (GL_FRAMEBUFFER, target);
  memcpy (self->still_key, key, sizeof key);
  self->still_valid = TRUE;
  return TRUE;
}

/* The frame after a big document's first: its bones. */
static gboolean
draw_bones_tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  OssaCanvas *self = OSSA_CANVAS (widget);

  self->bones_tick = 0;
  gtk_gl_area_queue_render (GTK_GL_AREA (self));
  return G_SOURCE_REMOVE;
}

gboolean
_ossa_canvas_render (GtkGLArea *area, GdkGLContext *context)
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
  if (self->bones_deferred)
    {
      glGetIntegerv (GL_DRAW_FRAMEBUFFER_BINDING, &target);
      glViewport (0, 0, (GLsizei) width, (GLsizei) height);
      glDisable (GL_DEPTH_TEST);
      draw_grid_cached (self, (GLuint) target, width, height, (float) scale);
      self->bones_deferred = FALSE;
      if (self->bones_tick == 0)
        self->bones_tick = gtk_widget_add_tick_callback (widget, draw_bones_tick_cb, NULL, NULL);
      return TRUE;
    }
  _ossa_canvas_ensure_instances (self);
  self->stats.prepare_us = g_get_monotonic_time () - start;
  n = self->n_instances;
  self->stats.draw_calls = 0;
  glGetIntegerv (GL_DRAW_FRAMEBUFFER_BINDING, &target);
  glViewport (0, 0, (GLsizei) width, (GLsizei) height);
  glDisable (GL_DEPTH_TEST);

  if (still_cache_usable (self))
    {
      gboolean art = has_art (self);

      upload (self, self->ordered, n);
      if (ensure_still_image (self, (GLuint) target, width, height, (float) scale, art))
        {
          glViewport (0, 0, (GLsizei) width, (GLsizei) height);
          if (art)
            {
              draw_grid_cached (self, (GLuint) target, width, height, (float) scale);
              draw_art (self, width, height, (float) scale);
              self->stats.draw_calls +=
                ossa_art_layer_draw_image (&self->art_layer, self->still_cache.texture);
              glBindBuffer (GL_ARRAY_BUFFER, self->instance_buffer);
            }
          else
            ossa_gl_cache_copy_to (&self->still_cache, (GLuint) target);
          draw_bones (self, self->n_still, n - self->n_still, self->n_still_joints,
                      self->n_joints - self->n_still_joints, width, height, (float) scale);
          goto overlays;
        }
      /* No cache after all: draw everything, in bone order. */
      _ossa_canvas_stop_still_cache (self);
      _ossa_canvas_ensure_instances (self);
    }

  draw_grid_cached (self, (GLuint) target, width, height, (float) scale);
  /* Meshes under the bones, in the pose on show. */
  if (self->show_meshes && self->editor != NULL
      && ossa_mesh_layer_draw (&self->mesh_layer, ossa_editor_get_document (self->editor),
                               ossa_editor_get_world (self->editor), width, height,
                               (float) self->camera.center_x, (float) self->camera.center_y,
                               (float) (self->camera.zoom * scale), (float) scale) > 0)
    {
      self->stats.draw_calls++;
      _ossa_canvas_note_draw (self, OSSA_CANVAS_PROGRAM_MESHES);
    }
  draw_art (self, width, height, (float) scale);
  _ossa_canvas_draw_onion_skin (self, width, height, (float) scale);
  if (n > 0 && self->show_bones)
    {
      upload (self, self->instances, n);
      draw_bones (self, 0, n, 0, self->n_joints, width, height, (float) scale);
    }

overlays:
  glBindBuffer (GL_ARRAY_BUFFER, 0);
  _ossa_canvas_draw_motion_path (self, width, height, (float) scale);
  glBindVertexArray (0);
  glUseProgram (0);

  self->stats.n_instances = (guint) n;
  self->stats.frames++;
  self->stats.render_us = g_get_monotonic_time () - start;
  return TRUE;
}

void
_ossa_canvas_drop_caches (OssaCanvas *self)
{
  g_return_if_fail (OSSA_IS_CANVAS (self));
  self->grid_valid = FALSE;
  self->still_valid = FALSE;
  gtk_gl_area_queue_render (GTK_GL_AREA (self));
}

void
_ossa_canvas_get_stats (OssaCanvas *self, OssaCanvasStats *stats)
{
  g_return_if_fail (OSSA_IS_CANVAS (self));
  *stats = self->stats;
}
