/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The SMD reader (../shared/FORMATS.md §1 describes every variant it accepts).
 *
 * The whole file is in memory; the lexer (ossa-smd-lexer.c) walks it line by line,
 * cutting each line into tokens that point into the buffer, and the blocks are read
 * from those. Nothing is allocated per line: names and materials go into one
 * string pool, and the arrays of poses and vertices grow geometrically. Numbers are
 * read by ossa-number-private.h's parsers, in the C locale whatever the process
 * locale is; a plain bone line is read straight from the buffer. */
#include "ossa-smd.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-io.h"
#include "ossa-skeleton.h"
#include "ossa-number-private.h"
#include "ossa-smd-lexer-private.h"
#include "ossa-smd-private.h"
#include "ossa-types.h"

#define CHECK_EVERY_LINES 4096  /* how often progress and cancel are looked at */

_Static_assert (sizeof (OssaSmdPose) == 6 * sizeof (double), "a pose is 6 doubles in a row");

/* A node line before the block is closed and the nodes are put in order. */
typedef struct
{
  int32_t id, parent_id;
  size_t  name;     /* offset into the pool */
  int     line;
} RawNode;

typedef struct
{
  OssaSmd       *smd;
  const char    *path;
  OssaError     *err;
  const OssaSmdCallbacks *cb;
  OssaSmdLexer   lx;

  char          *pool;
  size_t         pool_len, pool_cap;

  RawNode       *raw;
  size_t         n_raw, raw_cap;
  int32_t       *id_map;        /* id → node index (after nodes), or raw index before; -1 */
  size_t         id_map_len;
  bool           have_nodes;

  size_t         frame_cap;     /* frames the poses/frame arrays have room for */
  const char    *frame0_start;  /* where the first frame's bone lines begin */
  uint32_t      *seen_in;       /* per node: 1 + the last frame it appeared in, 0 never */
  size_t         vertex_cap;    /* triangles the vertex arrays have room for */
  size_t        *material_off;  /* pool offsets while reading */
  size_t         material_cap;
  uint32_t      *mat_hash;      /* open addressing: 1 + material index, 0 empty */
  size_t         mat_hash_len;
  size_t         lines_to_check;
  char          *scratch;       /* a converted material name */
  size_t         scratch_cap;
} Reader;

/* ---- errors ---- */

static bool fail (Reader *r, int line, OssaErrorCode code, const char *format, ...)
  __attribute__ ((format (printf, 4, 5)));

/* Always false. */
static bool
fail (Reader *r, int line, OssaErrorCode code, const char *format, ...)
{
  va_list args;
  char message[OSSA_ERROR_MESSAGE_MAX];

  va_start (args, format);
  vsnprintf (message, sizeof message, format, args);
  va_end (args);
  ossa_error_set (r->err, code, "%s", message);
  ossa_error_set_location (r->err, r->path, line);
  return false;
}

static bool
fail_memory (Reader *r)
{
  return fail (r, r->lx.line, OSSA_ERROR_NO_MEMORY, "out of memory");
}

static void
notice (Reader *r, int line, const char *format, ...) __attribute__ ((format (printf, 3, 4)));

static void
notice (Reader *r, int line, const char *format, ...)
{
  va_list args;
  char message[OSSA_ERROR_MESSAGE_MAX];

  if (r->cb == NULL || r->cb->notice == NULL)
    return;
  va_start (args, format);
  vsnprintf (message, sizeof message, format, args);
  va_end (args);
  r->cb->notice (r->path, line, message, r->cb->user_data);
}

/* ---- growing arrays ---- */

/* Makes room for n elements of size bytes in *p (capacity *cap); false on out of
 * memory or overflow. */
static bool
grow (void **p, size_t *cap, size_t n, size_t size)
{
  size_t new_cap;
  void *q;

  if (n <= *cap)
    return true;
  new_cap = *cap ? *cap : 16;
  while (new_cap < n)
    {
      if (new_cap > SIZE_MAX / 2 / size)
        return false;
      new_cap *= 2;
    }
  q = realloc (*p, new_cap * size);
  if (q == NULL)
    return false;
  *p = q;
  *cap = new_cap;
  return true;
}

/* Appends len bytes and a NUL to the pool; the offset goes to *off. */
static bool
pool_add (Reader *r, const char *s, size_t len, size_t *off)
{
  if (!grow ((void **) &r->pool, &r->pool_cap, r->pool_len + len + 1, 1))
    return false;
  memcpy (r->pool + r->pool_len, s, len);
  r->pool[r->pool_len + len] = '\0';
  *off = r->pool_len;
  r->pool_len += len + 1;
  return true;
}

/* Latin-1 bytes as UTF-8 into r->scratch, NUL-terminated. */
static bool
latin1_to_scratch (Reader *r, const char *s, size_t len)
{
  size_t at = 0;

  if (!grow ((void **) &r->scratch, &r->scratch_cap, 2 * len + 1, 1))
    return false;
  for (size_t i = 0; i < len; i++)
    {
      unsigned char c = (unsigned char) s[i];

      if (c < 0x80)
        r->scratch[at++] = (char) c;
      else
        {
          r->scratch[at++] = (char) (0xc0 | (c >> 6));
          r->scratch[at++] = (char) (0x80 | (c & 0x3f));
        }
    }
  r->scratch[at] = '\0';
  return true;
}

/* Appends s (len bytes) as UTF-8: valid UTF-8 as is, anything else read as
 * Latin-1 (old GoldSrc tools). */
static bool
pool_add_text (Reader *r, const char *s, size_t len, size_t *off)
{
  if (ossa_utf8_valid (s, len))
    return pool_add (r, s, len, off);
  return latin1_to_scratch (r, s, len) && pool_add (r, r->scratch, strlen (r->scratch), off);
}

static bool
bad_number (Reader *r, const OssaSmdToken *t, const char *what)
{
  char text[64];

  _ossa_smd_token_text (t, text, sizeof text);
  return fail (r, r->lx.line, OSSA_ERROR_FORMAT, "bad number '%s' (%s)", text, what);
}

/* ---- progress and cancel ---- */

static bool
check_in (Reader *r)
{
  if (++r->lines_to_check < CHECK_EVERY_LINES)
    return true;
  r->lines_to_check = 0;
  if (r->cb == NULL)
    return true;
  if (r->cb->cancel != NULL && atomic_load (r->cb->cancel))
    return fail (r, r->lx.line, OSSA_ERROR_CANCELLED, "cancelled");
  if (r->cb->progress != NULL && r->lx.end > r->lx.buf)
    r->cb->progress ((double) (r->lx.p - r->lx.buf) / (double) (r->lx.end - r->lx.buf),
                     r->cb->user_data);
  return true;
}

/* ---- nodes ---- */

static bool
is_block_keyword (const OssaSmdToken *t)
{
  return _ossa_smd_token_is (t, "nodes") || _ossa_smd_token_is (t, "skeleton")
         || _ossa_smd_token_is (t, "triangles") || _ossa_smd_token_is (t, "vertexanimation")
         || _ossa_smd_token_is (t, "version");
}

static bool
missing_end (Reader *r, const char *block, int opened, int line)
{
  return fail (r, line, OSSA_ERROR_FORMAT, "missing 'end' of the '%s' block opened on line %d",
               block, opened);
}

static bool
read_node_line (Reader *r)
{
  OssaSmdLexer *lx = &r->lx;
  RawNode node;
  int32_t id, parent;
  const OssaSmdToken *name;

  if (lx->unterminated)
    return fail (r, lx->line, OSSA_ERROR_FORMAT, "a bone name without its closing quote");
  if (lx->n_tok != 3)
    return fail (r, lx->line, OSSA_ERROR_FORMAT,
                 "wrong field count: %zu fields, a node line has 3 (id, \"name\", parent)",
                 lx->n_tok);
  if (!_ossa_smd_token_int (&lx->tok[0], &id))
    return bad_number (r, &lx->tok[0], "a bone id must be an integer");
  if (!_ossa_smd_token_int (&lx->tok[2], &parent))
    return bad_number (r, &lx->tok[2], "a parent id must be an integer");
  name = &lx->tok[1];
  if (id < 0 || (uint32_t) id >= OSSA_MAX_BONES)
    return fail (r, lx->line, OSSA_ERROR_INVALID, "bone id %d is out of range (0 to %u)",
                 (int) id, OSSA_MAX_BONES - 1);
  if (parent < -1 || (parent >= 0 && (uint32_t) parent >= OSSA_MAX_BONES))
    return fail (r, lx->line, OSSA_ERROR_INVALID, "bone %d: parent %d does not exist",
                 (int) id, (int) parent);
  if (name->len == 0 || memchr (name->p, '\0', name->len) != NULL)
    return fail (r, lx->line, OSSA_ERROR_INVALID, "bone %d has an empty or unreadable name",
                 (int) id);
  if (name->len > OSSA_MAX_NAME_BYTES)
    return fail (r, lx->line, OSSA_ERROR_LIMIT, "bone %d: the name is %u bytes long (limit %u)",
                 (int) id, name->len, OSSA_MAX_NAME_BYTES);
  if ((size_t) id >= r->id_map_len)
    {
      size_t old = r->id_map_len, n = (size_t) id + 1;

      if (!grow ((void **) &r->id_map, &r->id_map_len, n, sizeof *r->id_map))
        return fail_memory (r);
      for (size_t i = old; i < r->id_map_len; i++)
        r->id_map[i] = -1;
    }
  if (r->id_map[id] >= 0)
    return fail (r, lx->line, OSSA_ERROR_INVALID, "bone id %d is defined twice (first on line %d)",
                 (int) id, r->raw[r->id_map[id]].line);
  if (r->n_raw >= OSSA_MAX_BONES)
    return fail (r, lx->line, OSSA_ERROR_LIMIT, "more than %u bones", OSSA_MAX_BONES);
  node.id = id;
  node.parent_id = parent;
  node.line = lx->line;
  if (!pool_add_text (r, name->p, name->len, &node.name)
      || !grow ((void **) &r->raw, &r->raw_cap, r->n_raw + 1, sizeof *r->raw))
    return fail_memory (r);
  r->id_map[id] = (int32_t) r->n_raw;
  r->raw[r->n_raw++] = node;
  return true;
}

/* Puts the nodes in parent-before-child order (by id otherwise), checking that
 * every parent exists and no chain loops. Afterwards id_map maps ids to indices. */
static bool
finish_nodes (Reader *r)
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
      return fail_memory (r);
    }
  for (size_t i = 0; ok && i < n; i++)
    {
      const RawNode *node = &r->raw[i];

      if (node->parent_id >= 0
          && ((size_t) node->parent_id >= r->id_map_len || r->id_map[node->parent_id] < 0))
        ok = fail (r, node->line, OSSA_ERROR_INVALID, "bone %d: parent %d does not exist",
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
              ok = fail (r, r->raw[at].line, OSSA_ERROR_INVALID,
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
          const RawNode *node = &r->raw[raw];
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
        ok = fail_memory (r);
    }
  free (index);
  free (state);
  free (stack);
  return ok;
}

static bool
read_nodes (Reader *r)
{
  OssaSmdLexer *lx = &r->lx;
  int opened = lx->line;

  if (r->have_nodes)
    return fail (r, lx->line, OSSA_ERROR_FORMAT, "a second 'nodes' block");
  r->have_nodes = true;
  while (_ossa_smd_lexer_next (lx))
    {
      if (!check_in (r))
        return false;
      if (lx->n_tok == 0 && !lx->unterminated)
        continue;
      if (lx->n_tok == 1 && _ossa_smd_token_is (&lx->tok[0], "end"))
        return finish_nodes (r);
      if (lx->n_tok == 1 && is_block_keyword (&lx->tok[0]))
        return missing_end (r, "nodes", opened, lx->line);
      if (!read_node_line (r))
        return false;
    }
  return missing_end (r, "nodes", opened, lx->line);
}

/* ---- skeleton ---- */

/* Node index of the bone id in token t, or -1 with the error set. */
static int32_t
bone_index (Reader *r, const OssaSmdToken *t)
{
  int32_t id;

  if (!_ossa_smd_token_int (t, &id))
    {
      bad_number (r, t, "a bone id must be an integer");
      return -1;
    }
  if (id < 0 || (size_t) id >= r->id_map_len || r->id_map[id] < 0)
    {
      fail (r, r->lx.line, OSSA_ERROR_INVALID, "bone id %d is out of range (not defined in 'nodes')",
            (int) id);
      return -1;
    }
  return r->id_map[id];
}

static bool
start_frame (Reader *r, int32_t number)
{
  OssaSmd *smd = r->smd;
  size_t n = smd->n_nodes, f = smd->n_frames;
  size_t cap = r->frame_cap;

  if (f > 0 && number <= smd->frame_numbers[f - 1])
    return fail (r, r->lx.line, OSSA_ERROR_INVALID, "frame %d comes after frame %d: frame numbers must increase",
                 (int) number, (int) smd->frame_numbers[f - 1]);
  if (n > 0 && (f + 1) > OSSA_SMD_MAX_POSES / n)
    return fail (r, r->lx.line, OSSA_ERROR_LIMIT, "more than %zu bone poses (%zu bones × %zu frames)",
                 OSSA_SMD_MAX_POSES, n, f + 1);
  if (f + 1 > OSSA_MAX_KEYS)
    return fail (r, r->lx.line, OSSA_ERROR_LIMIT, "more than %u frames", OSSA_MAX_KEYS);
  /* Once the first frame is read, its size in bytes tells how many frames the
   * rest of the file can hold at most: reserve that, instead of growing (and
   * copying) the poses again and again. */
  if (f == 1 && n > 0 && r->lx.p > r->frame0_start)
    {
      size_t frame_bytes = (size_t) (r->lx.p - r->frame0_start);
      size_t estimate = (size_t) (r->lx.end - r->lx.p) / frame_bytes + 2;

      if (estimate > cap && estimate <= OSSA_SMD_MAX_POSES / n)
        cap = estimate - 1;   /* the growth below makes room for f + 1 > cap */
      else
        cap = r->frame_cap;
    }
  if (f + 1 > cap || cap != r->frame_cap)
    {
      size_t c = r->frame_cap;
      size_t want = f + 1 > cap ? f + 1 : cap + 1;

      if (!grow ((void **) &smd->frame_numbers, &c, want, sizeof *smd->frame_numbers))
        return fail_memory (r);
      c = r->frame_cap;
      if (!grow ((void **) &smd->frame_lines, &c, want, sizeof *smd->frame_lines))
        return fail_memory (r);
      if (n > 0)
        {
          OssaSmdPose *poses = realloc (smd->poses, c * n * sizeof *poses);

          if (poses == NULL)
            return fail_memory (r);
          smd->poses = poses;
        }
      r->frame_cap = c;
    }
  /* Bones the frame leaves out keep their values from the frame before. */
  if (n > 0)
    {
      if (f > 0)
        memcpy (&smd->poses[f * n], &smd->poses[(f - 1) * n], n * sizeof *smd->poses);
      else
        memset (smd->poses, 0, n * sizeof *smd->poses);
    }
  if (f == 0)
    r->frame0_start = r->lx.p;
  smd->frame_numbers[f] = number;
  smd->frame_lines[f] = r->lx.line;
  smd->n_frames = f + 1;
  return true;
}

static bool
read_pose_line (Reader *r)
{
  OssaSmdLexer *lx = &r->lx;
  OssaSmd *smd = r->smd;
  size_t f = smd->n_frames;
  OssaSmdPose pose;
  int32_t bone;

  if (lx->n_tok != 7)
    return fail (r, lx->line, OSSA_ERROR_FORMAT,
                 "wrong field count: %zu fields, a bone line has 7 (id, x y z, rx ry rz)", lx->n_tok);
  if (f == 0)
    return fail (r, lx->line, OSSA_ERROR_FORMAT, "a bone line before the first 'time' line");
  if ((bone = bone_index (r, &lx->tok[0])) < 0)
    return false;
  for (int i = 0; i < 3; i++)
    if (!_ossa_smd_token_double (&lx->tok[1 + i], lx->end, &pose.pos[i]))
      return bad_number (r, &lx->tok[1 + i], "a position");
  for (int i = 0; i < 3; i++)
    if (!_ossa_smd_token_double (&lx->tok[4 + i], lx->end, &pose.rot[i]))
      return bad_number (r, &lx->tok[4 + i], "an angle");
  if (r->seen_in[bone] == f)
    return fail (r, lx->line, OSSA_ERROR_INVALID, "bone '%s' appears twice in frame %d",
                 r->pool + (uintptr_t) smd->nodes[bone].name, (int) smd->frame_numbers[f - 1]);
  /* First seen in a later frame: the frames before take this value too. */
  if (r->seen_in[bone] == 0)
    for (size_t k = 0; k + 1 < f; k++)
      smd->poses[k * smd->n_nodes + (size_t) bone] = pose;
  r->seen_in[bone] = (uint32_t) f;
  smd->posed[bone] = true;
  smd->poses[(f - 1) * smd->n_nodes + (size_t) bone] = pose;
  return true;
}

/* A bone line of 7 plain fields read straight from the buffer; false (nothing
 * consumed) when the line needs the general path (comments, quotes, exponents,
 * long numbers, a bad field: that path gives the error). */
static bool
fast_pose_line (Reader *r)
{
  OssaSmdLexer *lx = &r->lx;
  OssaSmd *smd = r->smd;
  const char *s = lx->p, *end = lx->end;
  size_t f = smd->n_frames;
  double v[6];
  int32_t id = 0;
  int32_t bone;
  int n = 0;

  if (f == 0)
    return false;
  while (s < end && (*s == ' ' || *s == '\t'))
    s++;
  for (; s < end && (unsigned) (*s - '0') < 10 && n < 9; s++, n++)
    id = id * 10 + (*s - '0');
  if (n == 0 || n >= 9 || (size_t) id >= r->id_map_len || (bone = r->id_map[id]) < 0
      || r->seen_in[bone] == f)
    return false;
  for (int k = 0; k < 6; k++)
    {
      if (s >= end || (*s != ' ' && *s != '\t'))
        return false;
      while (s < end && (*s == ' ' || *s == '\t'))
        s++;
      if (!_ossa_number_fast_decimal (&s, end, &v[k]))
        return false;
    }
  while (s < end && (*s == ' ' || *s == '\t'))
    s++;
  if (s < end && *s != '\n' && *s != '\r')
    return false;
  if (s < end && *s == '\r')
    {
      s++;
      if (s < end && *s == '\n')
        s++;
    }
  else if (s < end && *s == '\n')
    s++;
  lx->p = s;
  lx->line++;
  if (r->seen_in[bone] == 0)
    for (size_t k = 0; k + 1 < f; k++)
      memcpy (&smd->poses[k * smd->n_nodes + (size_t) bone], v, sizeof v);
  r->seen_in[bone] = (uint32_t) f;
  smd->posed[bone] = true;
  memcpy (&smd->poses[(f - 1) * smd->n_nodes + (size_t) bone], v, sizeof v);
  return true;
}

static bool
read_skeleton (Reader *r)
{
  OssaSmdLexer *lx = &r->lx;
  int opened = lx->line;

  if (!r->have_nodes)
    return fail (r, lx->line, OSSA_ERROR_FORMAT, "a 'skeleton' block before the 'nodes' block");
  if (r->smd->n_frames > 0)
    return fail (r, lx->line, OSSA_ERROR_FORMAT, "a second 'skeleton' block");
  for (;;)
    {
      if (fast_pose_line (r))
        {
          if (!check_in (r))
            return false;
          continue;
        }
      if (!_ossa_smd_lexer_next (lx))
        break;
      if (!check_in (r))
        return false;
      if (lx->n_tok == 0)
        {
          if (lx->unterminated)
            return fail (r, lx->line, OSSA_ERROR_FORMAT, "a quote without its closing quote");
          continue;
        }
      if (_ossa_smd_token_is (&lx->tok[0], "time"))
        {
          int32_t number;

          if (lx->n_tok != 2)
            return fail (r, lx->line, OSSA_ERROR_FORMAT,
                         "wrong field count: %zu fields, a time line has 2 (time N)", lx->n_tok);
          if (!_ossa_smd_token_int (&lx->tok[1], &number))
            return bad_number (r, &lx->tok[1], "a frame number must be an integer");
          if (!start_frame (r, number))
            return false;
          continue;
        }
      if (lx->n_tok == 1 && _ossa_smd_token_is (&lx->tok[0], "end"))
        return true;
      if (lx->n_tok == 1 && is_block_keyword (&lx->tok[0]))
        return missing_end (r, "skeleton", opened, lx->line);
      if (!read_pose_line (r))
        return false;
    }
  return missing_end (r, "skeleton", opened, lx->line);
}

/* ---- triangles ---- */

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
intern_material (Reader *r, const char *s, size_t len, uint32_t *index)
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
  if (!grow ((void **) &r->material_off, &r->material_cap, smd->n_materials + 1,
             sizeof *r->material_off)
      || !pool_add (r, s, len, &r->material_off[smd->n_materials]))
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
read_vertex_line (Reader *r, OssaSmdVertex *v)
{
  OssaSmdLexer *lx = &r->lx;
  double x[8];
  int32_t bone;

  if (lx->n_tok != 9 && lx->n_tok < 10)
    return fail (r, lx->line, OSSA_ERROR_FORMAT,
                 "wrong field count: %zu fields, a vertex line has 9 (bone, x y z, nx ny nz, u v) "
                 "or 10 + 2 × links", lx->n_tok);
  for (int i = 0; i < 8; i++)
    if (!_ossa_smd_token_double (&lx->tok[1 + i], lx->end, &x[i]))
      return bad_number (r, &lx->tok[1 + i], i < 3 ? "a position" : i < 6 ? "a normal" : "a texture coordinate");
  if (lx->n_tok == 9)
    {
      if ((bone = bone_index (r, &lx->tok[0])) < 0)
        return false;
    }
  else
    {
      int32_t links, parent;
      double best = -INFINITY;

      if (!_ossa_smd_token_int (&lx->tok[0], &parent))
        return bad_number (r, &lx->tok[0], "a bone id must be an integer");
      if (!_ossa_smd_token_int (&lx->tok[9], &links) || links < 0)
        return bad_number (r, &lx->tok[9], "the link count must be an integer >= 0");
      if ((uint32_t) links > OSSA_SMD_MAX_LINKS)
        return fail (r, lx->line, OSSA_ERROR_LIMIT, "%d links on one vertex (limit %u)",
                     (int) links, OSSA_SMD_MAX_LINKS);
      if (lx->n_tok != 10 + 2 * (size_t) links)
        return fail (r, lx->line, OSSA_ERROR_FORMAT,
                     "wrong field count: %zu fields, a vertex line with %d links has %d",
                     lx->n_tok, (int) links, 10 + 2 * (int) links);
      bone = -1;
      if (links == 0 && (bone = bone_index (r, &lx->tok[0])) < 0)
        return false;
      for (int32_t k = 0; k < links; k++)
        {
          int32_t b = bone_index (r, &lx->tok[10 + 2 * k]);
          double w;

          if (b < 0)
            return false;
          if (!_ossa_smd_token_double (&lx->tok[11 + 2 * k], lx->end, &w))
            return bad_number (r, &lx->tok[11 + 2 * k], "a weight");
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
    return fail (r, lx->line, OSSA_ERROR_INVALID, "a vertex position out of float range");
  return true;
}

static bool
add_triangle (Reader *r, uint32_t material)
{
  OssaSmd *smd = r->smd;
  size_t n = smd->n_triangles, cap = r->vertex_cap;

  if ((n + 1) * 3 > OSSA_SMD_MAX_VERTICES)
    return fail (r, r->lx.line, OSSA_ERROR_LIMIT, "more than %zu vertices", OSSA_SMD_MAX_VERTICES);
  if (n + 1 > cap)
    {
      size_t c = cap;
      OssaSmdVertex *v;

      if (!grow ((void **) &smd->triangle_materials, &c, n + 1, sizeof *smd->triangle_materials))
        return fail_memory (r);
      v = realloc (smd->vertices, c * 3 * sizeof *v);
      if (v == NULL)
        return fail_memory (r);
      smd->vertices = v;
      r->vertex_cap = c;
    }
  smd->triangle_materials[n] = material;
  return true;
}

static bool
read_triangles (Reader *r)
{
  OssaSmdLexer *lx = &r->lx;
  OssaSmd *smd = r->smd;
  int opened = lx->line;
  bool after_empty = false;

  if (!r->have_nodes)
    return fail (r, lx->line, OSSA_ERROR_FORMAT, "a 'triangles' block before the 'nodes' block");
  while (_ossa_smd_lexer_next (lx))
    {
      uint32_t material;
      size_t t;
      bool line_is_vertex;

      if (!check_in (r))
        return false;
      if (lx->unterminated)
        return fail (r, lx->line, OSSA_ERROR_FORMAT, "a quote without its closing quote");
      if (lx->n_tok == 0)
        {
          after_empty = lx->empty;
          continue;
        }
      if (lx->n_tok == 1 && _ossa_smd_token_is (&lx->tok[0], "end"))
        return true;
      if (lx->n_tok == 1 && is_block_keyword (&lx->tok[0]))
        return missing_end (r, "triangles", opened, lx->line);
      /* Milkshape writes an empty material line: then this is the first vertex. */
      line_is_vertex = after_empty && looks_like_vertex (lx);
      after_empty = false;
      if (line_is_vertex)
        {
          if (!intern_material (r, "", 0, &material))
            return fail_memory (r);
        }
      else
        {
          const OssaSmdToken *first = &lx->tok[0];
          const OssaSmdToken *last
            = &lx->tok[lx->n_tok < OSSA_SMD_MAX_TOKENS ? lx->n_tok - 1 : OSSA_SMD_MAX_TOKENS - 1];
          size_t len = (size_t) (last->p + last->len - first->p);
          const char *name = first->p;

          if (memchr (first->p, '\0', len) != NULL || len > OSSA_MAX_NAME_BYTES)
            return fail (r, lx->line, OSSA_ERROR_INVALID, "an unreadable or too long material name");
          if (!ossa_utf8_valid (first->p, len))
            {
              if (!latin1_to_scratch (r, first->p, len))
                return fail_memory (r);
              name = r->scratch;
              len = strlen (r->scratch);
            }
          if (!intern_material (r, name, len, &material))
            return fail_memory (r);
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
                  return fail (r, lx->line, OSSA_ERROR_FORMAT,
                               "a triangle with fewer than three vertices (%d) at the end of the file",
                               have);
              while (lx->n_tok == 0 && !lx->unterminated);
            }
          if ((lx->n_tok == 1 && _ossa_smd_token_is (&lx->tok[0], "end"))
              || (lx->n_tok < 9
                  && !(lx->n_tok > 0 && _ossa_smd_token_int (&lx->tok[0], &(int32_t) { 0 }))))
            return fail (r, lx->line, OSSA_ERROR_FORMAT, "a triangle with fewer than three vertices (%d)",
                         have);
          if (!read_vertex_line (r, &smd->vertices[3 * t + (size_t) have]))
            return false;
        }
      smd->n_triangles = t + 1;
    }
  return missing_end (r, "triangles", opened, lx->line);
}

/* ---- vertexanimation ---- */

static bool
read_vertexanimation (Reader *r)
{
  OssaSmdLexer *lx = &r->lx;
  OssaSmd *smd = r->smd;
  int opened = lx->line;

  smd->vertexanimation_line = lx->line;
  while (_ossa_smd_lexer_next (lx))
    {
      int32_t id;
      double v;

      if (!check_in (r))
        return false;
      if (lx->n_tok == 0)
        continue;
      if (lx->n_tok == 1 && _ossa_smd_token_is (&lx->tok[0], "end"))
        return true;
      if (lx->n_tok == 1 && is_block_keyword (&lx->tok[0]))
        return missing_end (r, "vertexanimation", opened, lx->line);
      if (_ossa_smd_token_is (&lx->tok[0], "time"))
        {
          if (lx->n_tok != 2)
            return fail (r, lx->line, OSSA_ERROR_FORMAT,
                         "wrong field count: %zu fields, a time line has 2 (time N)", lx->n_tok);
          if (!_ossa_smd_token_int (&lx->tok[1], &id))
            return bad_number (r, &lx->tok[1], "a frame number must be an integer");
          smd->n_shapes++;
          continue;
        }
      if (lx->n_tok != 7)
        return fail (r, lx->line, OSSA_ERROR_FORMAT,
                     "wrong field count: %zu fields, a vertex animation line has 7 (vertex, x y z, nx ny nz)",
                     lx->n_tok);
      if (smd->n_shapes == 0)
        return fail (r, lx->line, OSSA_ERROR_FORMAT, "a vertex line before the first 'time' line");
      if (!_ossa_smd_token_int (&lx->tok[0], &id) || id < 0)
        return bad_number (r, &lx->tok[0], "a vertex id must be an integer >= 0");
      for (int i = 1; i < 7; i++)
        if (!_ossa_smd_token_double (&lx->tok[i], lx->end, &v))
          return bad_number (r, &lx->tok[i], i < 4 ? "a position" : "a normal");
      smd->n_shape_vertices++;
    }
  return missing_end (r, "vertexanimation", opened, lx->line);
}

/* ---- the file ---- */

static bool
read_header (Reader *r)
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
        return fail (r, lx->line, OSSA_ERROR_FORMAT, "not an SMD file: it does not start with 'version 1'");
      if (lx->n_tok != 2 || !_ossa_smd_token_int (&lx->tok[1], &version))
        return fail (r, lx->line, OSSA_ERROR_FORMAT, "not an SMD file: 'version' is not followed by a number");
      if (version != 1)
        notice (r, lx->line, "version %d: read as version 1", (int) version);
      return true;
    }
  return fail (r, lx->line, OSSA_ERROR_FORMAT, lx->line == 0 ? "not an SMD file: it is empty"
                                                              : "not an SMD file: no 'version' line");
}

static bool
read_blocks (Reader *r)
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
          if (!read_nodes (r))
            return false;
        }
      else if (lx->n_tok == 1 && _ossa_smd_token_is (t, "skeleton"))
        {
          if (!read_skeleton (r))
            return false;
        }
      else if (lx->n_tok == 1 && _ossa_smd_token_is (t, "triangles"))
        {
          if (!read_triangles (r))
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
            return fail (r, lx->line, OSSA_ERROR_FORMAT, "a quote without its closing quote");
          _ossa_smd_token_text (t, text, sizeof text);
          return fail (r, lx->line, OSSA_ERROR_FORMAT,
                       "'%s' where a block (nodes, skeleton, triangles, vertexanimation) should start",
                       text);
        }
    }
  if (!r->have_nodes)
    return fail (r, lx->line, OSSA_ERROR_FORMAT, "no 'nodes' block");
  return true;
}

/* Turns the pool offsets into pointers, once the pool no longer moves. */
static bool
finish (Reader *r)
{
  OssaSmd *smd = r->smd;
  OssaSmdPrivate *priv;
  size_t path_off = 0;

  if (r->path != NULL && !pool_add (r, r->path, strlen (r->path), &path_off))
    return fail_memory (r);
  priv = calloc (1, sizeof *priv);
  if (priv == NULL)
    return fail_memory (r);
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
        return fail_memory (r);
      for (size_t i = 0; i < smd->n_materials; i++)
        smd->materials[i] = priv->pool + r->material_off[i];
    }
  if (smd->n_shapes > 0 || smd->n_shape_vertices > 0)
    notice (r, smd->vertexanimation_line,
            "vertex animation skipped: %zu %s, %zu vertex lines (an Ossa document holds no vertex animation)",
            smd->n_shapes, smd->n_shapes == 1 ? "shape" : "shapes", smd->n_shape_vertices);
  return true;
}

OssaSmd *
ossa_smd_read_bytes (const char *data, size_t size, const char *path,
                     const OssaSmdCallbacks *callbacks, OssaError *err)
{
  Reader r;
  bool ok;

  memset (&r, 0, sizeof r);
  r.path = path;
  r.err = err;
  r.cb = callbacks;
  r.lx.buf = r.lx.p = data;
  r.lx.end = data + size;
  if (size > OSSA_SMD_MAX_FILE_SIZE)
    {
      fail (&r, 0, OSSA_ERROR_LIMIT, "the file is %zu bytes (limit %zu)", size, OSSA_SMD_MAX_FILE_SIZE);
      return NULL;
    }
  r.smd = calloc (1, sizeof *r.smd);
  if (r.smd == NULL)
    {
      fail_memory (&r);
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
