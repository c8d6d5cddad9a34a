/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <epoxy/gl.h>
#include <glib.h>

#include "ossa-document.h"
#include "ossa-gl-layer.h"

G_BEGIN_DECLS

/* The document's meshes on the canvas, under the bones: every vertex moved by its
 * bone's world matrix each frame (ossa_mesh_deform), every triangle of every mesh
 * in one draw from one dynamic vertex buffer, filled with a translucent colour per
 * material and outlined with thin edges. Kept apart from ossa-canvas.c, which only
 * realizes, draws and frees it. */
typedef struct
{
  OssaGlLayer gl;

  /* CPU side, grown only: one OssaMeshCorner per triangle corner, and the
   * deformed vertices of the largest mesh. */
  gpointer corners;
  gsize    corners_capacity;
  float   *deformed;
  gsize    deformed_capacity;
} OssaMeshLayer;

/* Needs the canvas's GL context current. FALSE with @error set on failure. */
gboolean ossa_mesh_layer_realize   (OssaMeshLayer      *layer,
                                    gboolean            use_es,
                                    GError            **error);
/* Deletes the GL objects (context current); safe on a layer never realized. */
void     ossa_mesh_layer_unrealize (OssaMeshLayer      *layer);
/* Frees the CPU side. */
void     ossa_mesh_layer_clear     (OssaMeshLayer      *layer);

/* Draws @doc's meshes in the pose @world (one matrix per bone) with the camera
 * given as the canvas's shaders take it (device pixels). Leaves blending off and
 * no program, array or buffer bound. Returns the number of draw calls (0 or 1). */
guint    ossa_mesh_layer_draw      (OssaMeshLayer      *layer,
                                    const OssaDocument *doc,
                                    const OssaXform    *world,
                                    float               viewport_width,
                                    float               viewport_height,
                                    float               center_x,
                                    float               center_y,
                                    float               zoom,
                                    float               scale);

/* One triangle drawn with the state of a real draw, into the framebuffer bound
 * (a 1×1 image): the driver makes the program's machine code now rather than in
 * a document's first frame. Returns the number of draw calls (0 when not
 * realized, else 1). */
guint    ossa_mesh_layer_warm_up   (OssaMeshLayer      *layer);

/* Grows the box x0..x1, y0..y1 (world units) around every mesh vertex in the pose
 * @world; *any says whether the box holds anything yet and is set when it does. */
void     ossa_mesh_layer_grow_bounds (OssaMeshLayer      *layer,
                                      const OssaDocument *doc,
                                      const OssaXform    *world,
                                      gboolean           *any,
                                      double             *x0,
                                      double             *y0,
                                      double             *x1,
                                      double             *y1);

G_END_DECLS
