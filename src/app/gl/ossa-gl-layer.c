/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-gl-layer"

#include "config.h"

#include "ossa-gl-layer.h"
#include "ossa-gl-program.h"

gboolean
ossa_gl_layer_realize (OssaGlLayer *layer, const char *vertex_resource,
                       const char *fragment_resource, gboolean use_es, GError **error)
{
  layer->program = ossa_gl_program_new (vertex_resource, fragment_resource, use_es, error);
  if (layer->program == 0)
    return FALSE;
  layer->u_viewport = glGetUniformLocation (layer->program, "u_viewport");
  layer->u_center = glGetUniformLocation (layer->program, "u_center");
  layer->u_zoom = glGetUniformLocation (layer->program, "u_zoom");
  layer->u_scale = glGetUniformLocation (layer->program, "u_scale");
  glGenVertexArrays (1, &layer->vao);
  glGenBuffers (1, &layer->buffer);
  glBindVertexArray (layer->vao);
  glBindBuffer (GL_ARRAY_BUFFER, layer->buffer);
  return TRUE;
}

void
ossa_gl_layer_unrealize (OssaGlLayer *layer)
{
  if (layer->program != 0)
    glDeleteProgram (layer->program);
  if (layer->vao != 0)
    glDeleteVertexArrays (1, &layer->vao);
  if (layer->buffer != 0)
    glDeleteBuffers (1, &layer->buffer);
  layer->program = 0;
  layer->vao = 0;
  layer->buffer = 0;
}

void
ossa_gl_layer_use (OssaGlLayer *layer, float viewport_width, float viewport_height,
                   float center_x, float center_y, float zoom, float scale)
{
  glUseProgram (layer->program);
  glUniform2f (layer->u_viewport, viewport_width, viewport_height);
  glUniform2f (layer->u_center, center_x, center_y);
  glUniform1f (layer->u_zoom, zoom);
  glUniform1f (layer->u_scale, scale);
  glBindVertexArray (layer->vao);
  glBindBuffer (GL_ARRAY_BUFFER, layer->buffer);
}
