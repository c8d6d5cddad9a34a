/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-mesh-layer"

#include "config.h"

#include <string.h>

#include "ossa-mesh-layer.h"
#include "ossa-render.h"

/* One triangle corner as the vertex shader reads it. Corners are not shared
 * between triangles, so each triangle carries its material's colour and the
 * shader knows which corner it is (gl_VertexID % 3) for the edges. */
typedef struct
{
  float   position[2];  /* world */
  guint32 color;        /* R, G, B, A bytes in memory */
} OssaMeshCorner;

gboolean
ossa_mesh_layer_realize (OssaMeshLayer *layer, gboolean use_es, GError **error)
{
  GLsizei stride = sizeof (OssaMeshCorner);

  if (!ossa_gl_layer_realize (&layer->gl, "shaders/mesh.vert", "shaders/mesh.frag", use_es,
                              error))
    return FALSE;
  glEnableVertexAttribArray (0);
  glVertexAttribPointer (0, 2, GL_FLOAT, GL_FALSE, stride,
                         (void *) G_STRUCT_OFFSET (OssaMeshCorner, position));
  glEnableVertexAttribArray (1);
  glVertexAttribPointer (1, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride,
                         (void *) G_STRUCT_OFFSET (OssaMeshCorner, color));
  glBindVertexArray (0);
  glBindBuffer (GL_ARRAY_BUFFER, 0);
  return TRUE;
}

void
ossa_mesh_layer_unrealize (OssaMeshLayer *layer)
{
  ossa_gl_layer_unrealize (&layer->gl);
}

void
ossa_mesh_layer_clear (OssaMeshLayer *layer)
{
  g_clear_pointer (&layer->corners, g_free);
  g_clear_pointer (&layer->deformed, g_free);
  layer->corners_capacity = 0;
  layer->deformed_capacity = 0;
}

/* Bytes R, G, B, A in memory, as the attribute reads them. */
static guint32
pack_color (guint32 rgba)
{
  guchar bytes[4] = { rgba >> 24, (rgba >> 16) & 0xff, (rgba >> 8) & 0xff, rgba & 0xff };
  guint32 packed;

  memcpy (&packed, bytes, sizeof packed);
  return packed;
}

static gsize
count_corners (const OssaDocument *doc, gsize *max_vertices)
{
  gsize n = 0;

  *max_vertices = 0;
  for (gsize m = 0; m < doc->n_meshes; m++)
    {
      n += 3 * doc->meshes[m].n_triangles;
      *max_vertices = MAX (*max_vertices, doc->meshes[m].n_vertices);
    }
  return n;
}

static void
ensure_deformed (OssaMeshLayer *layer, gsize max_vertices)
{
  if (max_vertices <= layer->deformed_capacity)
    return;
  layer->deformed_capacity = MAX (max_vertices, 2 * layer->deformed_capacity);
  layer->deformed = g_realloc_n (layer->deformed, layer->deformed_capacity, 2 * sizeof (float));
}

void
ossa_mesh_layer_grow_bounds (OssaMeshLayer *layer, const OssaDocument *doc,
                             const OssaXform *world, gboolean *any, double *x0, double *y0,
                             double *x1, double *y1)
{
  gsize max_vertices;

  count_corners (doc, &max_vertices);
  ensure_deformed (layer, max_vertices);
  for (gsize m = 0; m < doc->n_meshes; m++)
    {
      const OssaMesh *mesh = &doc->meshes[m];

      ossa_mesh_deform (mesh, world, layer->deformed);
      for (gsize v = 0; v < mesh->n_vertices; v++)
        {
          double x = layer->deformed[2 * v], y = layer->deformed[2 * v + 1];

          if (!*any)
            {
              *x0 = *x1 = x;
              *y0 = *y1 = y;
              *any = TRUE;
              continue;
            }
          *x0 = MIN (*x0, x);
          *y0 = MIN (*y0, y);
          *x1 = MAX (*x1, x);
          *y1 = MAX (*y1, y);
        }
    }
}

/* Fills the corners of every mesh in the pose @world. */
static void
fill_corners (OssaMeshLayer *layer, const OssaDocument *doc, const OssaXform *world)
{
  OssaMeshCorner *out = layer->corners;
  guint32 neutral = pack_color (ossa_render_material_color (NULL));

  for (gsize m = 0; m < doc->n_meshes; m++)
    {
      const OssaMesh *mesh = &doc->meshes[m];
      guint32 colors[16];
      gsize n_colors = MIN (mesh->n_materials, G_N_ELEMENTS (colors));

      /* Most meshes have a handful of materials: their colours once, the rest
       * (rare) as they come. */
      for (gsize i = 0; i < n_colors; i++)
        colors[i] = pack_color (ossa_render_material_color (mesh->materials[i]));
      ossa_mesh_deform (mesh, world, layer->deformed);
      for (gsize t = 0; t < mesh->n_triangles; t++)
        {
          guint32 color = neutral;

          if (mesh->triangle_materials != NULL)
            {
              uint32_t k = mesh->triangle_materials[t];

              color = k < n_colors ? colors[k]
                                   : pack_color (ossa_render_material_color (
                                       mesh->materials[k]));
            }
          for (int c = 0; c < 3; c++)
            {
              uint32_t v = mesh->indices[3 * t + c];

              out->position[0] = layer->deformed[2 * v];
              out->position[1] = layer->deformed[2 * v + 1];
              out->color = color;
              out++;
            }
        }
    }
}

/* The one draw, with the state every mesh frame uses (the warm-up's too). */
static void
draw_corners (OssaMeshLayer *layer, const OssaMeshCorner *corners, gsize n_corners,
              float viewport_width, float viewport_height, float center_x, float center_y,
              float zoom, float scale)
{
  ossa_gl_layer_use (&layer->gl, viewport_width, viewport_height, center_x, center_y, zoom,
                     scale);
  glBufferData (GL_ARRAY_BUFFER, (GLsizeiptr) (n_corners * sizeof (OssaMeshCorner)), corners,
                GL_STREAM_DRAW);
  glEnable (GL_BLEND);
  glBlendFunc (GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDrawArrays (GL_TRIANGLES, 0, (GLsizei) n_corners);
  glDisable (GL_BLEND);
  glBindBuffer (GL_ARRAY_BUFFER, 0);
  glBindVertexArray (0);
  glUseProgram (0);
}

guint
ossa_mesh_layer_draw (OssaMeshLayer *layer, const OssaDocument *doc, const OssaXform *world,
                      float viewport_width, float viewport_height, float center_x,
                      float center_y, float zoom, float scale)
{
  gsize n_corners, max_vertices;

  if (layer->gl.program == 0 || doc == NULL || world == NULL)
    return 0;
  n_corners = count_corners (doc, &max_vertices);
  if (n_corners == 0 || n_corners > G_MAXINT)
    return 0;
  if (n_corners > layer->corners_capacity)
    {
      layer->corners_capacity = MAX (n_corners, 2 * layer->corners_capacity);
      layer->corners = g_realloc_n (layer->corners, layer->corners_capacity,
                                    sizeof (OssaMeshCorner));
    }
  ensure_deformed (layer, max_vertices);
  fill_corners (layer, doc, world);
  draw_corners (layer, layer->corners, n_corners, viewport_width, viewport_height, center_x,
                center_y, zoom, scale);
  return 1;
}

guint
ossa_mesh_layer_warm_up (OssaMeshLayer *layer)
{
  OssaMeshCorner corners[3] = { { { 0, 0 }, 0 }, { { 1, 0 }, 0 }, { { 0, 1 }, 0 } };

  if (layer->gl.program == 0)
    return 0;
  draw_corners (layer, corners, G_N_ELEMENTS (corners), 1, 1, 0, 0, 1, 1);
  return 1;
}
