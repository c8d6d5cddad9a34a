/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <epoxy/gl.h>
#include <glib.h>

G_BEGIN_DECLS

/* What every layer the canvas draws in world space has in GL: one program whose
 * shader takes the canvas camera (u_viewport, u_center, u_zoom, u_scale), one
 * vertex array and one dynamic buffer. The mesh and segment layers embed one; it
 * owns its GL objects only, and needs the canvas's GL context current. */
typedef struct
{
  GLuint program;
  GLint  u_viewport, u_center, u_zoom, u_scale;
  GLuint vao;
  GLuint buffer;
} OssaGlLayer;

/* Builds the program from two shader resources and makes the vertex array and the
 * buffer, leaving both bound for the caller to describe its vertex attributes.
 * FALSE with @error set when the program does not build. */
gboolean ossa_gl_layer_realize   (OssaGlLayer  *layer,
                                  const char   *vertex_resource,
                                  const char   *fragment_resource,
                                  gboolean      use_es,
                                  GError      **error);
/* Deletes the GL objects; safe on a layer never realized. */
void     ossa_gl_layer_unrealize (OssaGlLayer  *layer);
/* Uses the program with the camera given as the canvas's shaders take it (device
 * pixels) and binds the vertex array and the buffer. */
void     ossa_gl_layer_use       (OssaGlLayer  *layer,
                                  float         viewport_width,
                                  float         viewport_height,
                                  float         center_x,
                                  float         center_y,
                                  float         zoom,
                                  float         scale);

G_END_DECLS
