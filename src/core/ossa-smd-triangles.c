/* SPDX-License-Identifier: MIT */
/* The `triangles` block: a material line and three vertex lines a triangle, the
 * materials interned in a hash table. */
#include "ossa-smd-reader-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-skeleton.h"
#include "ossa-types.h"

static uint32_t
hash_bytes (const char *s, size_t len)
{
  uint32_t h = 2166136261u;

  for (size_t i = 0; i < len; i++)
    h = (h ^ (unsigned char) s[i]) * 16777619u;
  return h;
}

/* The index of the material named by the bytes [s, s + len), added when new. */
static bool
intern_material (OssaSmdReader *r, const char *s, size_t len, uint32_t *index)
{
  OssaSmd *smd = r->smd;
  uint32_t h = hash_bytes (s, len);
  size_t mask, at;

  /* Keep the table at most half full. */
  if ((smd->n_materials + 1) * 2 > r->mat_hash_len)
    {
      size_t new_len = r->mat_hash_len ? r->mat_hash_len * 2 : 64;
      uint32_t *table = calloc (new_len, sizeof *table);

      if (table == NULL)
        return false;
      for (size_t i = 0; i < smd->n_materials; i++)
        {
          const char *name = r->pool + r->material_off[i];

          at = hash_bytes (name, strlen (name)) & (new_len - 1);
          while (table[at] != 0)
            at = (at + 1) & (new_len - 1);
          table[at] = (uint32_t) i + 1;
        }
      free (r->mat_hash);
      r->mat_hash = table;
      r->mat_hash_len = new_len;
    }
  mask = r->mat_hash_len - 1;
  for (at = h & mask; r->mat_hash[at] != 0; at = (at + 1) & mask)
    {
      uint32_t i = r->mat_hash[at] - 1;
      const char *name = r->pool + r->material_off[i];

      if (strncmp (name, s, len) == 0 && name[len] == '\0')
        {
          *index = i;
          return true;
        }
    }
  if (!_ossa_smd_grow ((void **) &r->material_off, &r->material_cap, smd->n_materials + 1,
                       sizeof *r->material_off)
      || !_ossa_smd_pool_add (r, s, len, &r->material_off[smd->n_materials]))
    return false;
  r->mat_hash[at] = (uint32_t) smd->n_materials + 1;
  *index = (uint32_t) smd->n_materials++;
  return true;
}

/* Whether the line looks like a vertex line rather than a material name: an
 * integer, then at least 8 more fields. */
static bool
looks_like_vertex (const OssaSmdLexer *lx)
{
  int32_t bone;

  return lx->n_tok >= 9 && _ossa_smd_token_int (&lx->tok[0], &bone);
}

static bool
read_vertex_line (OssaSmdReader *r, OssaSmdVertex *v)
{
  OssaSmdLexer *lx = &r->lx;
  double x[8];
  int32_t bone;

  if (lx->n_tok != 9 && lx->n_tok < 10)
    return _ossa_smd_fail (r, lx->line, OSSA_ERROR_FORMAT,
                           "wrong field count: %zu fields, a vertex line has 9 (bone, x y z, nx ny nz, u v) "
                           "or 10 + 2 × links", lx->n_tok);
  for (int i = 0; i < 8; i++)
    if (!_ossa_smd_token_double (&lx->tok[1 + i], lx->end, &x[i]))
      return _ossa_smd_bad_number (r, &lx->tok[1 + i], i < 3 ? "a position" : i < 6 ? "a normal" : "a texture coordinate");
  if (lx->n_tok == 9)
    {
      if ((bone = _ossa_smd_bone_index (r, &lx->tok[0])) < 0)
        return false;
    }
  else
    {
      int32_t links, parent;
      double best = -INFINITY;

      if (!_ossa_smd_token_int (&lx->tok[0], &parent))
        return _ossa_smd_bad_number (r, &lx->tok[0], "a bone id must be an integer");
      if (!_ossa_smd_token_int (&lx->tok[9], &links) || links < 0)
        return _ossa_smd_bad_number (r, &lx->tok[9], "the link count must be an integer >= 0");
      if ((uint32_t) links > OSSA_SMD_MAX_LINKS)
        return _ossa_smd_fail (r, lx->line, OSSA_ERROR_LIMIT, "%d links on one vertex (limit %u)",
                               (int) links, OSSA_SMD_MAX_LINKS);
      if (lx->n_tok != 10 + 2 * (size_t) links)
        return _ossa_smd_fail (r, lx->line, OSSA_ERROR_FORMAT,
                               "wrong field count: %zu fields, a vertex line with %d links has %d",
                               lx->n_tok, (int) links, 10 + 2 * (int) links);
      bone = -1;
      if (links == 0 && (bone = _ossa_smd_bone_index (r, &lx->tok[0])) < 0)
        return false;
      for (int32_t k = 0; k < links; k++)
        {
          int32_t b = _ossa_smd_bone_index (r, &lx->tok[10 + 2 * k]);
          double w;

          if (b < 0)
            return false;
          if (!_ossa_smd_token_double (&lx->tok[11 + 2 * k], lx->end, &w))
            return _ossa_smd_bad_number (r, &lx->tok[11 + 2 * k], "a weight");
          if (w > best)
            {
              best = w;
              bone = b;
            }
        }
    }
  v->bone = (uint32_t) bone;
  for (int i = 0; i < 3; i++)
    {
      v->pos[i] = (float) x[i];
      v->normal[i] = (float) x[3 + i];
    }
  v->uv[0] = (float) x[6];
  v->uv[1] = (float) x[7];
  if (!isfinite (v->pos[0]) || !isfinite (v->pos[1]) || !isfinite (v->pos[2]))
    return _ossa_smd_fail (r, lx->line, OSSA_ERROR_INVALID, "a vertex position out of float range");
  return true;
}

static bool
add_triangle (OssaSmdReader *r, uint32_t material)
{
  OssaSmd *smd = r->smd;
  size_t n = smd->n_triangles, cap = r->vertex_cap;

  if ((n + 1) * 3 > OSSA_SMD_MAX_VERTICES)
    return _ossa_smd_fail (r, r->lx.line, OSSA_ERROR_LIMIT, "more than %zu vertices", OSSA_SMD_MAX_VERTICES);
  if (n + 1 > cap)
    {
      size_t c = cap;
      OssaSmdVertex *v;

      if (!_ossa_smd_grow ((void **) &smd->triangle_materials, &c, n + 1, sizeof *smd->triangle_materials))
        return _ossa_smd_fail_memory (r);
      v = realloc (smd->vertices, c * 3 * sizeof *v);
      if (v == NULL)
        return _ossa_smd_fail_memory (r);
      smd->vertices = v;
      r->vertex_cap = c;
    }
  smd->triangle_materials[n] = material;
  return true;
}

bool
_ossa_smd_read_triangles (OssaSmdReader *r)
{
  OssaSmdLexer *lx = &r->lx;
  OssaSmd *smd = r->smd;
  int opened = lx->line;
  bool after_empty = false;

  if (!r->have_nodes)
    return _ossa_smd_fail (r, lx->line, OSSA_ERROR_FORMAT, "a 'triangles' block before the 'nodes' block");
  while (_ossa_smd_lexer_next (lx))
    {
      uint32_t material;
      size_t t;
      bool line_is_vertex;

      if (!_ossa_smd_check_in (r))
        return false;
      if (lx->unterminated)
        return _ossa_smd_fail (r, lx->line, OSSA_ERROR_FORMAT, "a quote without its closing quote");
      if (lx->n_tok == 0)
        {
          after_empty = lx->empty;
          continue;
        }
      if (lx->n_tok == 1 && _ossa_smd_token_is (&lx->tok[0], "end"))
        return true;
      if (lx->n_tok == 1 && _ossa_smd_is_block_keyword (&lx->tok[0]))
        return _ossa_smd_missing_end (r, "triangles", opened, lx->line);
      /* Milkshape writes an empty material line: then this is the first vertex. */
      line_is_vertex = after_empty && looks_like_vertex (lx);
      after_empty = false;
      if (line_is_vertex)
        {
          if (!intern_material (r, "", 0, &material))
            return _ossa_smd_fail_memory (r);
        }
      else
        {
          const OssaSmdToken *first = &lx->tok[0];
          const OssaSmdToken *last
            = &lx->tok[lx->n_tok < OSSA_SMD_MAX_TOKENS ? lx->n_tok - 1 : OSSA_SMD_MAX_TOKENS - 1];
          size_t len = (size_t) (last->p + last->len - first->p);
          const char *name = first->p;

          if (memchr (first->p, '\0', len) != NULL || len > OSSA_MAX_NAME_BYTES)
            return _ossa_smd_fail (r, lx->line, OSSA_ERROR_INVALID, "an unreadable or too long material name");
          if (!ossa_utf8_valid (first->p, len))
            {
              if (!_ossa_smd_latin1_to_scratch (r, first->p, len))
                return _ossa_smd_fail_memory (r);
              name = r->scratch;
              len = strlen (r->scratch);
            }
          if (!intern_material (r, name, len, &material))
            return _ossa_smd_fail_memory (r);
        }
      if (!add_triangle (r, material))
        return false;
      t = smd->n_triangles;
      for (int have = 0; have < 3; have++)
        {
          if (have > 0 || !line_is_vertex)
            {
              do
                if (!_ossa_smd_lexer_next (lx))
                  return _ossa_smd_fail (r, lx->line, OSSA_ERROR_FORMAT,
                                         "a triangle with fewer than three vertices (%d) at the end of the file",
                                         have);
              while (lx->n_tok == 0 && !lx->unterminated);
            }
          if ((lx->n_tok == 1 && _ossa_smd_token_is (&lx->tok[0], "end"))
              || (lx->n_tok < 9
                  && !(lx->n_tok > 0 && _ossa_smd_token_int (&lx->tok[0], &(int32_t) { 0 }))))
            return _ossa_smd_fail (r, lx->line, OSSA_ERROR_FORMAT, "a triangle with fewer than three vertices (%d)",
                                   have);
          if (!read_vertex_line (r, &smd->vertices[3 * t + (size_t) have]))
            return false;
        }
      smd->n_triangles = t + 1;
    }
  return _ossa_smd_missing_end (r, "triangles", opened, lx->line);
}
