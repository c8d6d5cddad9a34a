/* SPDX-License-Identifier: MIT */
/* The SMD reader (../shared/FORMATS.md §1 describes every variant it accepts).
 *
 * The whole file is in memory; the lexer (ossa-smd-lexer.c) walks it line by line,
 * cutting each line into tokens that point into the buffer, and each block is read
 * from those (ossa-smd-nodes.c, ossa-smd-skeleton.c, ossa-smd-triangles.c; here the
 * header, the order of blocks and the vertex animations). Nothing is allocated per
 * line: names and materials go into one string pool, and the arrays of poses and
 * vertices grow geometrically. Numbers are read by ossa-number-private.h's
 * parsers, in the C locale whatever the process locale is. */
#include "ossa-smd.h"

#include <stdlib.h>
#include <string.h>

#include "ossa-io.h"
#include "ossa-smd-private.h"
#include "ossa-smd-reader-private.h"

static bool
read_vertexanimation (OssaSmdReader *r)
{
  OssaSmdLexer *lx = &r->lx;
  OssaSmd *smd = r->smd;
  int opened = lx->line;

  smd->vertexanimation_line = lx->line;
  while (_ossa_smd_lexer_next (lx))
    {
      int32_t id;
      double v;

      if (!_ossa_smd_check_in (r))
        return false;
      if (lx->n_tok == 0)
        continue;
      if (lx->n_tok == 1 && _ossa_smd_token_is (&lx->tok[0], "end"))
        return true;
      if (lx->n_tok == 1 && _ossa_smd_is_block_keyword (&lx->tok[0]))
        return _ossa_smd_missing_end (r, "vertexanimation", opened, lx->line);
      if (_ossa_smd_token_is (&lx->tok[0], "time"))
        {
          if (lx->n_tok != 2)
            return _ossa_smd_fail (r, lx->line, OSSA_ERROR_FORMAT,
                                   "wrong field count: %zu fields, a time line has 2 (time N)", lx->n_tok);
          if (!_ossa_smd_token_int (&lx->tok[1], &id))
            return _ossa_smd_bad_number (r, &lx->tok[1], "a frame number must be an integer");
          smd->n_shapes++;
          continue;
        }
      if (lx->n_tok != 7)
        return _ossa_smd_fail (r, lx->line, OSSA_ERROR_FORMAT,
                               "wrong field count: %zu fields, a vertex animation line has 7 (vertex, x y z, nx ny nz)",
                               lx->n_tok);
      if (smd->n_shapes == 0)
        return _ossa_smd_fail (r, lx->line, OSSA_ERROR_FORMAT, "a vertex line before the first 'time' line");
      if (!_ossa_smd_token_int (&lx->tok[0], &id) || id < 0)
        return _ossa_smd_bad_number (r, &lx->tok[0], "a vertex id must be an integer >= 0");
      for (int i = 1; i < 7; i++)
        if (!_ossa_smd_token_double (&lx->tok[i], lx->end, &v))
          return _ossa_smd_bad_number (r, &lx->tok[i], i < 4 ? "a position" : "a normal");
      smd->n_shape_vertices++;
    }
  return _ossa_smd_missing_end (r, "vertexanimation", opened, lx->line);
}

static bool
read_header (OssaSmdReader *r)
{
  OssaSmdLexer *lx = &r->lx;
  int32_t version;

  /* A UTF-8 byte order mark, then blank and comment lines (Crowbar writes one). */
  if (lx->end - lx->p >= 3 && memcmp (lx->p, "\xef\xbb\xbf", 3) == 0)
    lx->p += 3;
  while (_ossa_smd_lexer_next (lx))
    {
      if (lx->n_tok == 0 && !lx->unterminated)
        continue;
      if (lx->n_tok < 1 || !_ossa_smd_token_is (&lx->tok[0], "version"))
        return _ossa_smd_fail (r, lx->line, OSSA_ERROR_FORMAT, "not an SMD file: it does not start with 'version 1'");
      if (lx->n_tok != 2 || !_ossa_smd_token_int (&lx->tok[1], &version))
        return _ossa_smd_fail (r, lx->line, OSSA_ERROR_FORMAT, "not an SMD file: 'version' is not followed by a number");
      if (version != 1)
        _ossa_smd_notice (r, lx->line, "version %d: read as version 1", (int) version);
      return true;
    }
  return _ossa_smd_fail (r, lx->line, OSSA_ERROR_FORMAT,
                         lx->line == 0 ? "not an SMD file: it is empty"
                                       : "not an SMD file: no 'version' line");
}

static bool
read_blocks (OssaSmdReader *r)
{
  OssaSmdLexer *lx = &r->lx;

  while (_ossa_smd_lexer_next (lx))
    {
      const OssaSmdToken *t = &lx->tok[0];
      char text[64];

      if (lx->n_tok == 0 && !lx->unterminated)
        continue;
      if (lx->n_tok == 1 && _ossa_smd_token_is (t, "nodes"))
        {
          if (!_ossa_smd_read_nodes (r))
            return false;
        }
      else if (lx->n_tok == 1 && _ossa_smd_token_is (t, "skeleton"))
        {
          if (!_ossa_smd_read_skeleton (r))
            return false;
        }
      else if (lx->n_tok == 1 && _ossa_smd_token_is (t, "triangles"))
        {
          if (!_ossa_smd_read_triangles (r))
            return false;
        }
      else if (lx->n_tok == 1 && _ossa_smd_token_is (t, "vertexanimation"))
        {
          if (!read_vertexanimation (r))
            return false;
        }
      else
        {
          if (lx->n_tok == 0)
            return _ossa_smd_fail (r, lx->line, OSSA_ERROR_FORMAT, "a quote without its closing quote");
          _ossa_smd_token_text (t, text, sizeof text);
          return _ossa_smd_fail (r, lx->line, OSSA_ERROR_FORMAT,
                                 "'%s' where a block (nodes, skeleton, triangles, vertexanimation) should start",
                                 text);
        }
    }
  if (!r->have_nodes)
    return _ossa_smd_fail (r, lx->line, OSSA_ERROR_FORMAT, "no 'nodes' block");
  return true;
}

/* Turns the pool offsets into pointers, once the pool no longer moves. */
static bool
finish (OssaSmdReader *r)
{
  OssaSmd *smd = r->smd;
  OssaSmdPrivate *priv;
  size_t path_off = 0;

  if (r->path != NULL && !_ossa_smd_pool_add (r, r->path, strlen (r->path), &path_off))
    return _ossa_smd_fail_memory (r);
  priv = calloc (1, sizeof *priv);
  if (priv == NULL)
    return _ossa_smd_fail_memory (r);
  smd->priv = priv;
  priv->pool = r->pool;
  r->pool = NULL;
  if (r->path != NULL)
    smd->path = priv->pool + path_off;
  for (size_t i = 0; i < smd->n_nodes; i++)
    smd->nodes[i].name = priv->pool + (uintptr_t) smd->nodes[i].name;
  if (smd->n_materials > 0)
    {
      smd->materials = malloc (smd->n_materials * sizeof *smd->materials);
      if (smd->materials == NULL)
        return _ossa_smd_fail_memory (r);
      for (size_t i = 0; i < smd->n_materials; i++)
        smd->materials[i] = priv->pool + r->material_off[i];
    }
  if (smd->n_shapes > 0 || smd->n_shape_vertices > 0)
    _ossa_smd_notice (r, smd->vertexanimation_line,
                      "vertex animation skipped: %zu %s, %zu vertex lines (an Ossa document holds no vertex animation)",
                      smd->n_shapes, smd->n_shapes == 1 ? "shape" : "shapes", smd->n_shape_vertices);
  return true;
}

OssaSmd *
ossa_smd_read_bytes (const char *data, size_t size, const char *path,
                     const OssaSmdCallbacks *callbacks, OssaError *err)
{
  OssaSmdReader r;
  bool ok;

  memset (&r, 0, sizeof r);
  r.path = path;
  r.err = err;
  r.cb = callbacks;
  r.lx.buf = r.lx.p = data;
  r.lx.end = data + size;
  if (size > OSSA_SMD_MAX_FILE_SIZE)
    {
      _ossa_smd_fail (&r, 0, OSSA_ERROR_LIMIT, "the file is %zu bytes (limit %zu)", size, OSSA_SMD_MAX_FILE_SIZE);
      return NULL;
    }
  r.smd = calloc (1, sizeof *r.smd);
  if (r.smd == NULL)
    {
      _ossa_smd_fail_memory (&r);
      return NULL;
    }
  ok = read_header (&r) && read_blocks (&r) && finish (&r);
  free (r.pool);
  free (r.raw);
  free (r.id_map);
  free (r.seen_in);
  free (r.material_off);
  free (r.mat_hash);
  free (r.scratch);
  if (!ok)
    {
      /* Names are still offsets: nothing reads them before freeing. */
      ossa_smd_free (r.smd);
      return NULL;
    }
  if (callbacks != NULL && callbacks->progress != NULL)
    callbacks->progress (1.0, callbacks->user_data);
  return r.smd;
}

OssaSmd *
ossa_smd_read (const char *path, const OssaSmdCallbacks *callbacks, OssaError *err)
{
  uint8_t *data = NULL;
  size_t size = 0;
  OssaSmd *smd;

  if (!ossa_file_read (path, OSSA_SMD_MAX_FILE_SIZE, &data, &size, err))
    {
      if (err != NULL && err->path[0] == '\0')
        ossa_error_set_location (err, path, 0);
      return NULL;
    }
  smd = ossa_smd_read_bytes ((const char *) data, size, path, callbacks, err);
  free (data);
  return smd;
}

void
ossa_smd_free (OssaSmd *smd)
{
  OssaSmdPrivate *priv;

  if (smd == NULL)
    return;
  priv = smd->priv;
  if (priv != NULL)
    free (priv->pool);
  free (priv);
  free (smd->nodes);
  free (smd->frame_numbers);
  free (smd->frame_lines);
  free (smd->poses);
  free (smd->posed);
  free (smd->vertices);
  free (smd->triangle_materials);
  free (smd->materials);
  free (smd);
}

ssize_t
ossa_smd_find_node (const OssaSmd *smd, const char *name)
{
  for (size_t i = 0; i < smd->n_nodes; i++)
    if (strcmp (smd->nodes[i].name, name) == 0)
      return (ssize_t) i;
  return -1;
}
