/* SPDX-License-Identifier: MIT */
/* The `nodes` block: bone lines, then the bones put in parent-before-child order. */
#include "ossa-smd-reader-private.h"

#include <stdlib.h>
#include <string.h>

#include "ossa-types.h"

static bool
read_node_line (OssaSmdReader *r)
{
  OssaSmdLexer *lx = &r->lx;
  OssaSmdRawNode node;
  int32_t id, parent;
  const OssaSmdToken *name;

  if (lx->unterminated)
    return _ossa_smd_fail (r, lx->line, OSSA_ERROR_FORMAT, "a bone name without its closing quote");
  if (lx->n_tok != 3)
    return _ossa_smd_fail (r, lx->line, OSSA_ERROR_FORMAT,
                           "wrong field count: %zu fields, a node line has 3 (id, \"name\", parent)",
                           lx->n_tok);
  if (!_ossa_smd_token_int (&lx->tok[0], &id))
    return _ossa_smd_bad_number (r, &lx->tok[0], "a bone id must be an integer");
  if (!_ossa_smd_token_int (&lx->tok[2], &parent))
    return _ossa_smd_bad_number (r, &lx->tok[2], "a parent id must be an integer");
  name = &lx->tok[1];
  if (id < 0 || (uint32_t) id >= OSSA_MAX_BONES)
    return _ossa_smd_fail (r, lx->line, OSSA_ERROR_INVALID, "bone id %d is out of range (0 to %u)",
                           (int) id, OSSA_MAX_BONES - 1);
  if (parent < -1 || (parent >= 0 && (uint32_t) parent >= OSSA_MAX_BONES))
    return _ossa_smd_fail (r, lx->line, OSSA_ERROR_INVALID, "bone %d: parent %d does not exist",
                           (int) id, (int) parent);
  if (name->len == 0 || memchr (name->p, '\0', name->len) != NULL)
    return _ossa_smd_fail (r, lx->line, OSSA_ERROR_INVALID, "bone %d has an empty or unreadable name",
                           (int) id);
  if (name->len > OSSA_MAX_NAME_BYTES)
    return _ossa_smd_fail (r, lx->line, OSSA_ERROR_LIMIT, "bone %d: the name is %u bytes long (limit %u)",
                           (int) id, name->len, OSSA_MAX_NAME_BYTES);
  if ((size_t) id >= r->id_map_len)
    {
      size_t old = r->id_map_len, n = (size_t) id + 1;

      if (!_ossa_smd_grow ((void **) &r->id_map, &r->id_map_len, n, sizeof *r->id_map))
        return _ossa_smd_fail_memory (r);
      for (size_t i = old; i < r->id_map_len; i++)
        r->id_map[i] = -1;
    }
  if (r->id_map[id] >= 0)
    return _ossa_smd_fail (r, lx->line, OSSA_ERROR_INVALID, "bone id %d is defined twice (first on line %d)",
                           (int) id, r->raw[r->id_map[id]].line);
  if (r->n_raw >= OSSA_MAX_BONES)
    return _ossa_smd_fail (r, lx->line, OSSA_ERROR_LIMIT, "more than %u bones", OSSA_MAX_BONES);
  node.id = id;
  node.parent_id = parent;
  node.line = lx->line;
  if (!_ossa_smd_pool_add_text (r, name->p, name->len, &node.name)
      || !_ossa_smd_grow ((void **) &r->raw, &r->raw_cap, r->n_raw + 1, sizeof *r->raw))
    return _ossa_smd_fail_memory (r);
  r->id_map[id] = (int32_t) r->n_raw;
  r->raw[r->n_raw++] = node;
  return true;
}

/* Puts the nodes in parent-before-child order (by id otherwise), checking that
 * every parent exists and no chain loops. Afterwards id_map maps ids to indices. */
static bool
finish_nodes (OssaSmdReader *r)
{
  OssaSmd *smd = r->smd;
  size_t n = r->n_raw;
  int32_t *index = malloc ((n ? n : 1) * sizeof *index);   /* raw → node index */
  uint8_t *state = calloc (n ? n : 1, 1);                  /* 0 new, 1 on the walk, 2 placed */
  size_t *stack = malloc ((n ? n : 1) * sizeof *stack);
  size_t placed = 0;
  bool ok = true;

  smd->nodes = calloc (n ? n : 1, sizeof *smd->nodes);
  if (index == NULL || state == NULL || stack == NULL || smd->nodes == NULL)
    {
      free (index);
      free (state);
      free (stack);
      return _ossa_smd_fail_memory (r);
    }
  for (size_t i = 0; ok && i < n; i++)
    {
      const OssaSmdRawNode *node = &r->raw[i];

      if (node->parent_id >= 0
          && ((size_t) node->parent_id >= r->id_map_len || r->id_map[node->parent_id] < 0))
        ok = _ossa_smd_fail (r, node->line, OSSA_ERROR_INVALID, "bone %d: parent %d does not exist",
                             (int) node->id, (int) node->parent_id);
    }
  /* By id: walk up from each node to the first placed ancestor, then place the
   * chain top-down. A node met twice on one walk closes a cycle. */
  for (size_t id = 0; ok && id < r->id_map_len; id++)
    {
      size_t depth = 0;
      int32_t at = r->id_map[id];

      if (at < 0 || state[at] == 2)
        continue;
      while (at >= 0 && state[at] != 2)
        {
          if (state[at] == 1)
            {
              ok = _ossa_smd_fail (r, r->raw[at].line, OSSA_ERROR_INVALID,
                                   "bone %d: its parent chain loops back to it (a cycle)",
                                   (int) r->raw[at].id);
              break;
            }
          state[at] = 1;
          stack[depth++] = (size_t) at;
          at = r->raw[at].parent_id >= 0 ? r->id_map[r->raw[at].parent_id] : -1;
        }
      while (ok && depth > 0)
        {
          size_t raw = stack[--depth];
          const OssaSmdRawNode *node = &r->raw[raw];
          OssaSmdNode *out = &smd->nodes[placed];

          state[raw] = 2;
          index[raw] = (int32_t) placed++;
          out->id = node->id;
          out->line = node->line;
          out->parent = node->parent_id >= 0 ? index[r->id_map[node->parent_id]] : -1;
          out->name = (const char *) (uintptr_t) node->name;   /* an offset until the end */
        }
    }
  if (ok)
    {
      smd->n_nodes = n;
      for (size_t id = 0; id < r->id_map_len; id++)
        if (r->id_map[id] >= 0)
          r->id_map[id] = index[r->id_map[id]];
      smd->posed = calloc (n ? n : 1, sizeof *smd->posed);
      r->seen_in = calloc (n ? n : 1, sizeof *r->seen_in);
      if (smd->posed == NULL || r->seen_in == NULL)
        ok = _ossa_smd_fail_memory (r);
    }
  free (index);
  free (state);
  free (stack);
  return ok;
}

bool
_ossa_smd_read_nodes (OssaSmdReader *r)
{
  OssaSmdLexer *lx = &r->lx;
  int opened = lx->line;

  if (r->have_nodes)
    return _ossa_smd_fail (r, lx->line, OSSA_ERROR_FORMAT, "a second 'nodes' block");
  r->have_nodes = true;
  while (_ossa_smd_lexer_next (lx))
    {
      if (!_ossa_smd_check_in (r))
        return false;
      if (lx->n_tok == 0 && !lx->unterminated)
        continue;
      if (lx->n_tok == 1 && _ossa_smd_token_is (&lx->tok[0], "end"))
        return finish_nodes (r);
      if (lx->n_tok == 1 && _ossa_smd_is_block_keyword (&lx->tok[0]))
        return _ossa_smd_missing_end (r, "nodes", opened, lx->line);
      if (!read_node_line (r))
        return false;
    }
  return _ossa_smd_missing_end (r, "nodes", opened, lx->line);
}
