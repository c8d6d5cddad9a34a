/* SPDX-License-Identifier: MIT */
/* The `skeleton` block: frames of bone poses. A plain bone line is read straight
 * from the buffer (ossa-number-private.h's fast decimals), anything else through
 * the lexer. */
#include "ossa-smd-reader-private.h"

#include <stdlib.h>
#include <string.h>

#include "ossa-number-private.h"
#include "ossa-types.h"

_Static_assert (sizeof (OssaSmdPose) == 6 * sizeof (double), "a pose is 6 doubles in a row");

static bool
start_frame (OssaSmdReader *r, int32_t number)
{
  OssaSmd *smd = r->smd;
  size_t n = smd->n_nodes, f = smd->n_frames;
  size_t cap = r->frame_cap;

  if (f > 0 && number <= smd->frame_numbers[f - 1])
    return _ossa_smd_fail (r, r->lx.line, OSSA_ERROR_INVALID, "frame %d comes after frame %d: frame numbers must increase",
                           (int) number, (int) smd->frame_numbers[f - 1]);
  if (n > 0 && (f + 1) > OSSA_SMD_MAX_POSES / n)
    return _ossa_smd_fail (r, r->lx.line, OSSA_ERROR_LIMIT, "more than %zu bone poses (%zu bones × %zu frames)",
                           OSSA_SMD_MAX_POSES, n, f + 1);
  if (f + 1 > OSSA_SMD_MAX_FRAMES)
    return _ossa_smd_fail (r, r->lx.line, OSSA_ERROR_LIMIT, "more than %u frames (the limit of one animation)",
                           OSSA_SMD_MAX_FRAMES);
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

      if (!_ossa_smd_grow ((void **) &smd->frame_numbers, &c, want, sizeof *smd->frame_numbers))
        return _ossa_smd_fail_memory (r);
      c = r->frame_cap;
      if (!_ossa_smd_grow ((void **) &smd->frame_lines, &c, want, sizeof *smd->frame_lines))
        return _ossa_smd_fail_memory (r);
      if (n > 0)
        {
          OssaSmdPose *poses = realloc (smd->poses, c * n * sizeof *poses);

          if (poses == NULL)
            return _ossa_smd_fail_memory (r);
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
read_pose_line (OssaSmdReader *r)
{
  OssaSmdLexer *lx = &r->lx;
  OssaSmd *smd = r->smd;
  size_t f = smd->n_frames;
  OssaSmdPose pose;
  int32_t bone;

  if (lx->n_tok != 7)
    return _ossa_smd_fail (r, lx->line, OSSA_ERROR_FORMAT,
                           "wrong field count: %zu fields, a bone line has 7 (id, x y z, rx ry rz)", lx->n_tok);
  if (f == 0)
    return _ossa_smd_fail (r, lx->line, OSSA_ERROR_FORMAT, "a bone line before the first 'time' line");
  if ((bone = _ossa_smd_bone_index (r, &lx->tok[0])) < 0)
    return false;
  for (int i = 0; i < 3; i++)
    if (!_ossa_smd_token_double (&lx->tok[1 + i], lx->end, &pose.pos[i]))
      return _ossa_smd_bad_number (r, &lx->tok[1 + i], "a position");
  for (int i = 0; i < 3; i++)
    if (!_ossa_smd_token_double (&lx->tok[4 + i], lx->end, &pose.rot[i]))
      return _ossa_smd_bad_number (r, &lx->tok[4 + i], "an angle");
  if (r->seen_in[bone] == f)
    return _ossa_smd_fail (r, lx->line, OSSA_ERROR_INVALID, "bone '%s' appears twice in frame %d",
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
fast_pose_line (OssaSmdReader *r)
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

bool
_ossa_smd_read_skeleton (OssaSmdReader *r)
{
  OssaSmdLexer *lx = &r->lx;
  int opened = lx->line;

  if (!r->have_nodes)
    return _ossa_smd_fail (r, lx->line, OSSA_ERROR_FORMAT, "a 'skeleton' block before the 'nodes' block");
  if (r->smd->n_frames > 0)
    return _ossa_smd_fail (r, lx->line, OSSA_ERROR_FORMAT, "a second 'skeleton' block");
  for (;;)
    {
      if (fast_pose_line (r))
        {
          if (!_ossa_smd_check_in (r))
            return false;
          continue;
        }
      if (!_ossa_smd_lexer_next (lx))
        break;
      if (!_ossa_smd_check_in (r))
        return false;
      if (lx->n_tok == 0)
        {
          if (lx->unterminated)
            return _ossa_smd_fail (r, lx->line, OSSA_ERROR_FORMAT, "a quote without its closing quote");
          continue;
        }
      if (_ossa_smd_token_is (&lx->tok[0], "time"))
        {
          int32_t number;

          if (lx->n_tok != 2)
            return _ossa_smd_fail (r, lx->line, OSSA_ERROR_FORMAT,
                                   "wrong field count: %zu fields, a time line has 2 (time N)", lx->n_tok);
          if (!_ossa_smd_token_int (&lx->tok[1], &number))
            return _ossa_smd_bad_number (r, &lx->tok[1], "a frame number must be an integer");
          if (!start_frame (r, number))
            return false;
          continue;
        }
      if (lx->n_tok == 1 && _ossa_smd_token_is (&lx->tok[0], "end"))
        return true;
      if (lx->n_tok == 1 && _ossa_smd_is_block_keyword (&lx->tok[0]))
        return _ossa_smd_missing_end (r, "skeleton", opened, lx->line);
      if (!read_pose_line (r))
        return false;
    }
  return _ossa_smd_missing_end (r, "skeleton", opened, lx->line);
}
