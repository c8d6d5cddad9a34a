/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The renderer's SMD meshes: every triangle at its bones' pose in its material's
 * flat colour, translucent with a darker edge, as the canvas draws them
 * (src/app/gl/ossa-mesh-layer.c, ui/shaders/mesh.frag). */
#include "ossa-render-private.h"

uint32_t
_ossa_render_str_hash (const char *text)
{
  /* GLib's g_str_hash (djb2 over signed chars), so that a material keeps the
   * canvas's colour here too. */
  uint32_t h = 5381;

  for (const signed char *p = (const signed char *) text; *p != '\0'; p++)
    h = (h << 5) + h + (uint32_t) (int32_t) *p;
  return h;
}

uint32_t
ossa_render_material_color (const char *material)
{
  /* Muted hues that read on the dark canvas and stay apart from the selection's
   * amber. */
  static const uint32_t palette[] = {
    0x7fa7d9ffu, 0x8cc08affu, 0xc98fb8ffu, 0x7fc4c0ffu,
    0xb9a3e0ffu, 0xd39a84ffu, 0xa9b86fffu, 0x8f9fb5ffu,
  };

  if (material == NULL || material[0] == '\0')
    return 0xa0a8b4ffu;
  return palette[_ossa_render_str_hash (material) % (sizeof palette / sizeof palette[0])];
}

void
_ossa_render_mesh_bounds (OssaRenderer *renderer, OssaRenderBounds *bounds)
{
  const OssaDocument *doc = renderer->doc;

  for (size_t m = 0; m < doc->n_meshes; m++)
    {
      const OssaMesh *mesh = &doc->meshes[m];

      ossa_mesh_deform (mesh, renderer->pose->world, renderer->deformed);
      for (size_t v = 0; v < mesh->n_vertices; v++)
        _ossa_render_bounds_add (bounds, renderer->deformed[2 * v], renderer->deformed[2 * v + 1]);
    }
}

static void
set_color (cairo_t *cr, uint32_t color, double shade, double alpha)
{
  cairo_set_source_rgba (cr, shade * (color >> 24) / 255.0, shade * ((color >> 16) & 0xff) / 255.0,
                         shade * ((color >> 8) & 0xff) / 255.0, alpha * (color & 0xff) / 255.0);
}

void
_ossa_render_draw_meshes (OssaRenderer *renderer, cairo_t *cr)
{
  /* mesh.frag's FILL_ALPHA and EDGE_ALPHA */
  const double fill_alpha = 0.42, edge_alpha = 0.75;
  const OssaDocument *doc = renderer->doc;
  cairo_matrix_t world;
  double line = 1;

  if (doc->n_meshes == 0)
    return;
  cairo_get_matrix (cr, &world);
  /* about one pixel, in world units */
  line = 1.0 / world.xx;
  cairo_set_line_width (cr, line);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  for (size_t m = 0; m < doc->n_meshes; m++)
    {
      const OssaMesh *mesh = &doc->meshes[m];
      const float *xy = renderer->deformed;

      ossa_mesh_deform (mesh, renderer->pose->world, renderer->deformed);
      for (size_t t = 0; t < mesh->n_triangles; t++)
        {
          const uint32_t *i = &mesh->indices[3 * t];
          const char *material = NULL;
          uint32_t color;

          if (mesh->triangle_materials != NULL && mesh->triangle_materials[t] < mesh->n_materials)
            material = mesh->materials[mesh->triangle_materials[t]];
          color = ossa_render_material_color (material);
          cairo_move_to (cr, xy[2 * i[0]], xy[2 * i[0] + 1]);
          cairo_line_to (cr, xy[2 * i[1]], xy[2 * i[1] + 1]);
          cairo_line_to (cr, xy[2 * i[2]], xy[2 * i[2] + 1]);
          cairo_close_path (cr);
          set_color (cr, color, 1, fill_alpha);
          cairo_fill_preserve (cr);
          set_color (cr, color, 0.6, edge_alpha);
          cairo_stroke (cr);
        }
    }
}
