/* SPDX-License-Identifier: MIT */
#include "ossa-mesh.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-skeleton.h"
#include "ossa-types.h"

bool
ossa_mesh_init (OssaMesh *mesh, const char *name)
{
  memset (mesh, 0, sizeof *mesh);
  mesh->name = strdup (name ? name : "");
  return mesh->name != NULL;
}

void
ossa_mesh_clear (OssaMesh *mesh)
{
  free (mesh->name);
  free (mesh->bones);
  free (mesh->positions);
  free (mesh->uvs);
  free (mesh->indices);
  free (mesh->triangle_materials);
  for (size_t i = 0; i < mesh->n_materials; i++)
    free (mesh->materials[i]);
  free (mesh->materials);
  memset (mesh, 0, sizeof *mesh);
}

static void *
dup_array (const void *src, size_t n, size_t size, bool *ok)
{
  void *p;

  if (src == NULL || n == 0)
    return NULL;
  p = malloc (n * size);
  if (p == NULL)
    {
      *ok = false;
      return NULL;
    }
  return memcpy (p, src, n * size);
}

bool
ossa_mesh_copy (OssaMesh *dst, const OssaMesh *src)
{
  bool ok = true;

  if (!ossa_mesh_init (dst, src->name))
    return false;
  dst->n_vertices = src->n_vertices;
  dst->n_triangles = src->n_triangles;
  dst->bones = dup_array (src->bones, src->n_vertices, sizeof *src->bones, &ok);
  dst->positions = dup_array (src->positions, 2 * src->n_vertices, sizeof *src->positions, &ok);
  dst->uvs = dup_array (src->uvs, 2 * src->n_vertices, sizeof *src->uvs, &ok);
  dst->indices = dup_array (src->indices, 3 * src->n_triangles, sizeof *src->indices, &ok);
  dst->triangle_materials = dup_array (src->triangle_materials, src->n_triangles,
                                       sizeof *src->triangle_materials, &ok);
  if (ok && src->n_materials > 0)
    {
      dst->materials = calloc (src->n_materials, sizeof *dst->materials);
      ok = dst->materials != NULL;
      for (size_t i = 0; ok && i < src->n_materials; i++)
        {
          dst->materials[i] = strdup (src->materials[i]);
          ok = dst->materials[i] != NULL;
          dst->n_materials = i + 1;
        }
    }
  if (!ok)
    ossa_mesh_clear (dst);
  return ok;
}

bool
ossa_mesh_validate (const OssaMesh *mesh, size_t n_bones, OssaError *err)
{
  const char *name = mesh->name ? mesh->name : "";

  if (!ossa_name_check (mesh->name, "mesh name", err))
    return false;
  if (mesh->n_vertices > OSSA_MAX_MESH_VERTICES || mesh->n_triangles > OSSA_MAX_MESH_TRIANGLES
      || mesh->n_materials > OSSA_MAX_MATERIALS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "mesh '%s': %zu vertices, %zu triangles, %zu materials (limits %u, %u, %u)",
                      name, mesh->n_vertices, mesh->n_triangles, mesh->n_materials,
                      OSSA_MAX_MESH_VERTICES, OSSA_MAX_MESH_TRIANGLES, OSSA_MAX_MATERIALS);
      return false;
    }
  if ((mesh->n_vertices > 0 && (mesh->bones == NULL || mesh->positions == NULL))
      || (mesh->n_triangles > 0 && mesh->indices == NULL)
      || (mesh->n_materials > 0 && mesh->materials == NULL))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "mesh '%s': a column is missing", name);
      return false;
    }
  for (size_t i = 0; i < mesh->n_vertices; i++)
    {
      if (mesh->bones[i] >= n_bones)
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "mesh '%s': vertex %zu is bound to bone %u; the skeleton has %zu bones",
                          name, i, mesh->bones[i], n_bones);
          return false;
        }
      if (!isfinite (mesh->positions[2 * i]) || !isfinite (mesh->positions[2 * i + 1])
          || (mesh->uvs != NULL && (!isfinite (mesh->uvs[2 * i]) || !isfinite (mesh->uvs[2 * i + 1]))))
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "mesh '%s': vertex %zu has a number that is not finite",
                          name, i);
          return false;
        }
    }
  for (size_t i = 0; i < 3 * mesh->n_triangles; i++)
    if (mesh->indices[i] >= mesh->n_vertices)
      {
        ossa_error_set (err, OSSA_ERROR_INVALID, "mesh '%s': triangle %zu uses vertex %u; the mesh has %zu",
                        name, i / 3, mesh->indices[i], mesh->n_vertices);
        return false;
      }
  for (size_t i = 0; mesh->triangle_materials != NULL && i < mesh->n_triangles; i++)
    if (mesh->triangle_materials[i] >= mesh->n_materials)
      {
        ossa_error_set (err, OSSA_ERROR_INVALID, "mesh '%s': triangle %zu uses material %u; the mesh has %zu",
                        name, i, mesh->triangle_materials[i], mesh->n_materials);
        return false;
      }
  for (size_t i = 0; i < mesh->n_materials; i++)
    {
      size_t len = mesh->materials[i] ? strlen (mesh->materials[i]) : 0;

      if (mesh->materials[i] == NULL || len > OSSA_MAX_NAME_BYTES
          || !ossa_utf8_valid (mesh->materials[i], len))
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "mesh '%s': material %zu is not a UTF-8 name of at most %u bytes",
                          name, i, OSSA_MAX_NAME_BYTES);
          return false;
        }
    }
  return true;
}

void
ossa_mesh_deform (const OssaMesh *mesh, const OssaXform *world, float *out)
{
  for (size_t i = 0; i < mesh->n_vertices; i++)
    {
      const OssaXform *m = &world[mesh->bones[i]];
      float x = mesh->positions[2 * i], y = mesh->positions[2 * i + 1];

      out[2 * i] = m->a * x + m->c * y + m->tx;
      out[2 * i + 1] = m->b * x + m->d * y + m->ty;
    }
}

bool
ossa_mesh_remap_bones (OssaMesh *mesh, const ssize_t *remap, size_t n_old)
{
  size_t n = mesh->n_vertices, kept_t = 0, kept_v = 0;
  ssize_t *vmap = malloc ((n ? n : 1) * sizeof *vmap);

  if (vmap == NULL)
    return false;
  for (size_t i = 0; i < n; i++)
    vmap[i] = mesh->bones[i] < n_old && remap[mesh->bones[i]] >= 0 ? 0 : -1;
  for (size_t t = 0; t < mesh->n_triangles; t++)
    {
      const uint32_t *tri = &mesh->indices[3 * t];

      if (vmap[tri[0]] < 0 || vmap[tri[1]] < 0 || vmap[tri[2]] < 0)
        continue;
      memmove (&mesh->indices[3 * kept_t], tri, 3 * sizeof *tri);
      if (mesh->triangle_materials != NULL)
        mesh->triangle_materials[kept_t] = mesh->triangle_materials[t];
      kept_t++;
    }
  mesh->n_triangles = kept_t;
  /* Vertices some kept triangle uses, renumbered in order. */
  for (size_t i = 0; i < n; i++)
    vmap[i] = -1;
  for (size_t i = 0; i < 3 * kept_t; i++)
    vmap[mesh->indices[i]] = 0;
  for (size_t i = 0; i < n; i++)
    if (vmap[i] >= 0)
      {
        vmap[i] = (ssize_t) kept_v;
        mesh->bones[kept_v] = (uint32_t) remap[mesh->bones[i]];
        mesh->positions[2 * kept_v] = mesh->positions[2 * i];
        mesh->positions[2 * kept_v + 1] = mesh->positions[2 * i + 1];
        if (mesh->uvs != NULL)
          {
            mesh->uvs[2 * kept_v] = mesh->uvs[2 * i];
            mesh->uvs[2 * kept_v + 1] = mesh->uvs[2 * i + 1];
          }
        kept_v++;
      }
  for (size_t i = 0; i < 3 * kept_t; i++)
    mesh->indices[i] = (uint32_t) vmap[mesh->indices[i]];
  mesh->n_vertices = kept_v;
  free (vmap);
  return true;
}
