/* SPDX-License-Identifier: MIT */
/* Reading .qc files as studiomdl does (ossa-qc.h has the contract; the tokens
 * come from ossa-qc-lexer.c). Arguments of a command are read from its own line,
 * as studiomdl's GetToken(false) does, except inside braces, where lines do not
 * matter.
 *
 * Commands are matched case-insensitively. Those Ossa does not use are skipped up
 * to the next `$` word (their braces balanced) and named once each in a notice.
 * $include is read where it stands, relative to the including file; $cd changes
 * the folder the SMDs named after it are found in (a relative $cd is taken from
 * the folder of the file that says it). */
#define _DEFAULT_SOURCE  /* realpath() */

#include "ossa-qc.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ossa-io.h"
#include "ossa-qc-private.h"
#include "ossa-skeleton.h"

/* What a DAG of includes may add up to (a file included twice by each of 32
 * levels is no cycle, but 2^32 reads). */
#define QC_MAX_INCLUDES    4096u
#define QC_MAX_TOTAL_BYTES ((size_t) 64 << 20)

/* ------------------------------------------------------------------ paths */

static char *
dir_of (const char *path)
{
  const char *slash = strrchr (path, '/');

  if (slash == NULL)
    return _ossa_qc_copy_span (".", 1);
  if (slash == path)
    return _ossa_qc_copy_span ("/", 1);
  return _ossa_qc_copy_span (path, (size_t) (slash - path));
}

/* dir/name (name as it is when absolute), '\' read as '/', as Windows modders write. */
static char *
join (const char *dir, const QcToken *name, const char *suffix)
{
  size_t dl = strlen (dir), sl = strlen (suffix), at = 0;
  bool absolute = name->len > 0 && (name->s[0] == '/' || name->s[0] == '\\');
  char *out = malloc (dl + name->len + sl + 2);

  if (out == NULL)
    return NULL;
  if (!absolute && !(dl == 1 && dir[0] == '.'))
    {
      memcpy (out, dir, dl);
      at = dl;
      if (dl > 0 && dir[dl - 1] != '/')
        out[at++] = '/';
    }
  for (size_t i = 0; i < name->len; i++)
    {
      char c = name->s[i] == '\\' ? '/' : name->s[i];

      if (!(c == '/' && at > 0 && out[at - 1] == '/'))  /* "a//b" as "a/b" */
        out[at++] = c;
    }
  memcpy (out + at, suffix, sl + 1);
  return out;
}

static bool
is_file (const char *path)
{
  struct stat st;

  return stat (path, &st) == 0 && S_ISREG (st.st_mode);
}

static bool
ends_with_smd (const QcToken *t)
{
  QcToken tail = *t;

  if (t->len < 4)
    return false;
  tail.s += t->len - 4;
  tail.len = 4;
  return _ossa_qc_token_is (&tail, ".smd");
}

/* Where an SMD the .qc names is: the $cd folder (or the file's own), ".smd"
 * added unless the name has it or exists without it and not with it. */
static char *
resolve_smd (QcFile *f, const QcToken *name)
{
  char *dir = f->r->cd != NULL ? NULL : dir_of (f->path);
  const char *base = f->r->cd != NULL ? f->r->cd : dir;
  char *with, *plain;

  if (base == NULL)
    return NULL;
  if (ends_with_smd (name))
    {
      with = join (base, name, "");
      free (dir);
      return with;
    }
  with = join (base, name, ".smd");
  plain = join (base, name, "");
  free (dir);
  if (with == NULL || plain == NULL)
    {
      free (with);
      free (plain);
      return NULL;
    }
  if (is_file (with) || !is_file (plain))
    {
      free (plain);
      return with;
    }
  free (with);
  return plain;
}

/* The stem of a file name, as a choice's name. */
static char *
stem_of (const QcToken *name)
{
  QcToken s = *name;

  for (size_t i = s.len; i > 0; i--)
    if (s.s[i - 1] == '/' || s.s[i - 1] == '\\')
      {
        s.s += i;
        s.len -= i;
        break;
      }
  if (ends_with_smd (&s) && s.len > 4)
    s.len -= 4;
  return _ossa_qc_copy_text (s.s, s.len);
}

/* ------------------------------------------------------------------ model */

static OssaQcPlace
place (QcFile *f, int line)
{
  OssaQcPlace p = { f->path, line };

  return p;
}

static OssaQcBodygroup *
add_group (QcFile *f, const QcToken *name, int line)
{
  OssaQc *qc = f->r->qc;
  OssaQcBodygroup *g;

  if (qc->n_bodies >= OSSA_MAX_MESHES)
    {
      _ossa_qc_fail (f, line, OSSA_ERROR_LIMIT, "more than %u body groups", OSSA_MAX_MESHES);
      return NULL;
    }
  if (!_ossa_qc_grow ((void **) &qc->bodies, &f->r->bodies_cap, qc->n_bodies + 1, sizeof *qc->bodies))
    {
      _ossa_qc_no_memory (f);
      return NULL;
    }
  g = &qc->bodies[qc->n_bodies];
  memset (g, 0, sizeof *g);
  g->place = place (f, line);
  if ((g->name = _ossa_qc_copy_text (name->s, name->len)) == NULL)
    {
      _ossa_qc_no_memory (f);
      return NULL;
    }
  qc->n_bodies++;
  return g;
}

/* A choice named name (made unique in its group: "x", "x-2", …) for the SMD file
 * (NULL: blank). cap is the group's room for choices. */
static bool
add_choice (QcFile *f, OssaQcBodygroup *g, size_t *cap, char *name, const QcToken *file, int line)
{
  OssaQcChoice *c;
  char *unique = name;

  if (name == NULL)
    return _ossa_qc_no_memory (f);
  if (g->n_choices >= OSSA_MAX_MESHES)
    {
      free (name);
      return _ossa_qc_fail (f, line, OSSA_ERROR_LIMIT, "more than %u choices in the body group '%s'", OSSA_MAX_MESHES,
                   g->name);
    }
  for (unsigned n = 2;; n++)
    {
      bool clash = false;

      for (size_t i = 0; i < g->n_choices && !clash; i++)
        clash = strcmp (g->choices[i].name, unique) == 0;
      if (!clash)
        break;
      if (unique != name)
        free (unique);
      unique = malloc (strlen (name) + 16);
      if (unique == NULL)
        {
          free (name);
          return _ossa_qc_no_memory (f);
        }
      sprintf (unique, "%s-%u", name, n);
    }
  if (unique != name)
    free (name);
  if (!_ossa_qc_grow ((void **) &g->choices, cap, g->n_choices + 1, sizeof *g->choices))
    {
      free (unique);
      return _ossa_qc_no_memory (f);
    }
  c = &g->choices[g->n_choices++];
  c->name = unique;
  c->smd = NULL;
  c->place = place (f, line);
  if (file != NULL && (c->smd = resolve_smd (f, file)) == NULL)
    return _ossa_qc_no_memory (f);
  return true;
}

/* ------------------------------------------------------------------ commands */

static bool read_file_bytes (QcReader *r, const char *data, size_t size, const char *path);

/* Skips the rest of a command Ossa does not use: up to the next $word, braces
 * balanced. */
static bool
skip_command (QcFile *f, const QcToken *command)
{
  char key[80], text[80];
  const QcToken *t;

  _ossa_qc_token_key ("", command, key, sizeof key);
  _ossa_qc_token_text (command, text, sizeof text);
  if (!_ossa_qc_notice_once (f, command->line, key, "%s is not used by Ossa: skipped", text))
    return false;
  while ((t = _ossa_qc_peek (f)) != NULL && !_ossa_qc_is_command (t))
    {
      QcToken skipped;

      if (_ossa_qc_is_brace (t, '{'))
        {
          if (!_ossa_qc_skip_block (f, text))
            return false;
          continue;
        }
      if (_ossa_qc_is_brace (t, '}'))
        return _ossa_qc_fail (f, t->line, OSSA_ERROR_FORMAT, "a '}' that closes no '{'");
      _ossa_qc_take (f, &skipped);
    }
  return !f->r->failed;
}

/* The options of a $body or studio line after the file: reverse, scale N. */
static bool
read_studio_options (QcFile *f, int depth)
{
  QcToken t;

  while (_ossa_qc_take_arg (f, depth, &t))
    {
      char key[80], text[80];

      _ossa_qc_token_key ("studio option ", &t, key, sizeof key);
      _ossa_qc_token_text (&t, text, sizeof text);
      if (_ossa_qc_token_is (&t, "scale"))
        {
          QcToken value;

          if (!_ossa_qc_need_arg (f, depth, "scale", "a number", &value))
            return false;
        }
      if (!_ossa_qc_notice_once (f, t.line, key, "the mesh option '%s' is not used by Ossa", text))
        return false;
    }
  return !f->r->failed;
}

static bool
cmd_body (QcFile *f, const QcToken *command)
{
  QcToken name, file;
  OssaQcBodygroup *g;
  size_t cap = 0;

  if (!_ossa_qc_need_arg (f, 0, "$body", "a name and a file", &name) || !_ossa_qc_need_arg (f, 0, "$body", "a file", &file)
      || (g = add_group (f, &name, command->line)) == NULL
      || !add_choice (f, g, &cap, _ossa_qc_copy_text (name.s, name.len), &file, command->line))
    return false;
  return read_studio_options (f, 0);
}

static bool
cmd_model (QcFile *f, const QcToken *command)
{
  QcToken name, file;
  OssaQcBodygroup *g;
  size_t cap = 0;
  const QcToken *next;

  if (!_ossa_qc_need_arg (f, 0, "$model", "a name and a file", &name) || !_ossa_qc_need_arg (f, 0, "$model", "a file", &file)
      || (g = add_group (f, &name, command->line)) == NULL
      || !add_choice (f, g, &cap, _ossa_qc_copy_text (name.s, name.len), &file, command->line))
    return false;
  if ((next = _ossa_qc_peek (f)) != NULL && _ossa_qc_is_brace (next, '{'))
    {
      if (!_ossa_qc_notice_once (f, next->line, "$model block",
                        "the block of $model (flex controllers, eyeballs, mouths) is not used by Ossa"))
        return false;
      return _ossa_qc_skip_block (f, "$model");
    }
  return !f->r->failed;
}

static bool
cmd_bodygroup (QcFile *f, const QcToken *command)
{
  QcToken name, t;
  OssaQcBodygroup *g;
  size_t cap = 0;
  const QcToken *open;
  int opened;

  if (!_ossa_qc_need_arg (f, 0, "$bodygroup", "a name", &name))
    return false;
  if ((open = _ossa_qc_peek (f)) == NULL || !_ossa_qc_is_brace (open, '{'))
    return f->r->failed ? false
                        : _ossa_qc_fail (f, command->line, OSSA_ERROR_FORMAT, "$bodygroup needs a { … } block of studio lines");
  opened = open->line;
  _ossa_qc_take (f, &t);
  if ((g = add_group (f, &name, command->line)) == NULL)
    return false;
  for (;;)
    {
      char text[80], key[80];

      if (!_ossa_qc_take (f, &t))
        return f->r->failed ? false
                            : _ossa_qc_fail (f, opened, OSSA_ERROR_FORMAT, "the '{' of $bodygroup '%s' is never closed", g->name);
      if (_ossa_qc_is_brace (&t, '}'))
        return true;
      if (_ossa_qc_is_command (&t))
        return _ossa_qc_unclosed (f, opened, "$bodygroup", &t);
      if (_ossa_qc_token_is (&t, "studio"))
        {
          QcToken file;

          if (!_ossa_qc_need_arg (f, 1, "studio", "a file", &file) || !add_choice (f, g, &cap, stem_of (&file), &file, t.line)
              || !read_studio_options (f, 0))
            return false;
          continue;
        }
      if (_ossa_qc_token_is (&t, "blank"))
        {
          if (!add_choice (f, g, &cap, _ossa_qc_copy_span ("blank", 5), NULL, t.line))
            return false;
          continue;
        }
      if (_ossa_qc_is_brace (&t, '{'))
        return _ossa_qc_fail (f, t.line, OSSA_ERROR_FORMAT, "a '{' inside $bodygroup '%s'", g->name);
      _ossa_qc_token_key ("bodygroup ", &t, key, sizeof key);
      _ossa_qc_token_text (&t, text, sizeof text);
      if (!_ossa_qc_notice_once (f, t.line, key, "'%s' in a $bodygroup is not used by Ossa: skipped", text))
        return false;
    }
}

/* The options of $sequence and $animation Ossa does not use, with how many
 * arguments each takes (-1: the rest of its line). */
static const struct
{
  const char *name;
  int         args;
} unused_options[] = {
  { "frame", 2 }, { "origin", 3 }, { "rotate", 1 }, { "angles", 3 }, { "scale", 1 }, { "pivot", 3 },
  { "blend", 3 }, { "node", 1 }, { "transition", 2 }, { "rtransition", 2 }, { "animation", 1 },
  { "activity", 2 }, { "fadein", 1 }, { "fadeout", 1 }, { "snap", 0 }, { "realtime", 0 }, { "hidden", 0 },
  { "delta", 0 }, { "autoplay", 0 }, { "post", 0 }, { "predelta", 0 }, { "worldspace", 0 },
  { "numframes", 1 }, { "exitphase", 1 }, { "blendwidth", 1 }, { "blendref", 1 }, { "blendcomp", 1 },
  { "blendcenter", 1 }, { "addlayer", 1 }, { "blendlayer", 5 }, { "weightlist", 1 }, { "subtract", 2 },
  { "iklock", 3 }, { "ikrule", -1 }, { "calcblend", 3 }, { "rotateto", 1 }, { "alignto", 1 },
  { "align", 3 }, { "fixuploop", 2 }, { "entrynode", 1 }, { "exitnode", 1 }, { "compress", 1 },
  { "posecycle", 1 }, { "event", 2 }, { "keyvalues", 0 },
  /* motion extraction */
  { "x", 0 }, { "y", 0 }, { "z", 0 }, { "xr", 0 }, { "yr", 0 }, { "zr", 0 }, { "lx", 0 }, { "ly", 0 },
  { "lz", 0 }, { "lxr", 0 }, { "lyr", 0 }, { "lzr", 0 }, { "ax", 0 }, { "ay", 0 }, { "az", 0 },
  { "axr", 0 }, { "ayr", 0 }, { "azr", 0 }, { "lm", 0 },
};

/* What a $sequence or $animation says: name, the first file, fps, loop. */
typedef struct
{
  const char *command;   /* "$sequence" or "$animation" */
  QcToken     name;
  QcToken     file;
  bool        has_file, has_fps, has_loop, loop;
  double      fps;
  int         extra_files;
} QcMotion;

/* An option Ossa skips: its arguments taken, named once in a notice. */
static bool
skip_option (QcFile *f, int depth, const QcToken *t, int args)
{
  char key[80], text[80];
  QcToken arg;

  _ossa_qc_token_key ("sequence option ", t, key, sizeof key);
  _ossa_qc_token_text (t, text, sizeof text);
  if (!_ossa_qc_notice_once (f, t->line, key, "the %s option '%s' is not used by Ossa", "sequence", text))
    return false;
  if (_ossa_qc_token_is (t, "keyvalues") && _ossa_qc_peek (f) != NULL && _ossa_qc_is_brace (_ossa_qc_peek (f), '{'))
    return _ossa_qc_skip_block (f, "keyvalues");
  if (args < 0)
    {
      int line = t->line;
      const QcToken *next;

      while ((next = _ossa_qc_peek (f)) != NULL && next->line == line && !_ossa_qc_is_brace (next, '{') && !_ossa_qc_is_brace (next, '}')
             && !_ossa_qc_is_command (next))
        _ossa_qc_take (f, &arg);
      return !f->r->failed;
    }
  for (int i = 0; i < args; i++)
    if (!_ossa_qc_take_arg (f, depth, &arg))
      break;
  /* studiomdl's event: id, frame, and options when they are on its line. */
  if (_ossa_qc_token_is (t, "event"))
    {
      const QcToken *next = _ossa_qc_peek (f);

      if (next != NULL && next->line == f->last_line && !_ossa_qc_is_brace (next, '{') && !_ossa_qc_is_brace (next, '}')
          && !_ossa_qc_is_command (next))
        _ossa_qc_take (f, &arg);
    }
  return !f->r->failed;
}

/* One option or file of a sequence. */
static bool
read_motion_word (QcFile *f, int depth, QcMotion *m, const QcToken *t)
{
  if (_ossa_qc_token_is (t, "fps"))
    {
      if (!_ossa_qc_need_number (f, depth, "fps", "frames per second", &m->fps))
        return false;
      if (m->fps <= 0 || m->fps > 1e6)
        return _ossa_qc_fail (f, t->line, OSSA_ERROR_FORMAT, "%s '%.*s': fps %g is not a frame rate (above 0, at most 1000000)",
                     m->command, (int) m->name.len, m->name.s, m->fps);
      m->has_fps = true;
      return true;
    }
  if (_ossa_qc_token_is (t, "loop"))
    {
      m->loop = m->has_loop = true;
      return true;
    }
  if (!t->quoted)
    {
      for (size_t i = 0; i < sizeof unused_options / sizeof unused_options[0]; i++)
        if (_ossa_qc_token_is (t, unused_options[i].name))
          return skip_option (f, depth, t, unused_options[i].args);
      /* An activity, GoldSrc style: ACT_NAME weight. */
      if (_ossa_qc_token_starts (t, "act_"))
        {
          QcToken weight;

          _ossa_qc_take_arg (f, depth, &weight);
          return _ossa_qc_notice_once (f, t->line, "sequence option activity", "sequence activities are not used by Ossa");
        }
    }
  if (!m->has_file)
    {
      m->file = *t;
      m->has_file = true;
      return true;
    }
  m->extra_files++;
  return true;
}

/* The rest of a $sequence or $animation after its name: the line form (the
 * sequence's own line, and any { … } it opens) or the block form. */
static bool
read_motion (QcFile *f, QcMotion *m, int command_line)
{
  const QcToken *next = _ossa_qc_peek (f);
  bool block = next != NULL && _ossa_qc_is_brace (next, '{');
  int depth = 0, opened = command_line;
  QcToken t;

  m->fps = 30;
  for (;;)
    {
      next = _ossa_qc_peek (f);
      if (f->r->failed)
        return false;
      if (next == NULL)
        {
          if (depth > 0)
            return _ossa_qc_fail (f, opened, OSSA_ERROR_FORMAT, "the '{' of %s '%.*s' is never closed", m->command,
                         (int) m->name.len, m->name.s);
          break;
        }
      if (depth == 0 && (next->line != f->last_line || _ossa_qc_is_command (next)) && !(block && _ossa_qc_is_brace (next, '{')))
        break;
      if (depth > 0 && _ossa_qc_is_command (next))
        {
          char what[128];

          snprintf (what, sizeof what, "%s '%.*s'", m->command, (int) (m->name.len < 60 ? m->name.len : 60), m->name.s);
          return _ossa_qc_unclosed (f, opened, what, next);
        }
      _ossa_qc_take (f, &t);
      if (_ossa_qc_is_brace (&t, '{'))
        {
          if (depth++ == 0)
            opened = t.line;
          continue;
        }
      if (_ossa_qc_is_brace (&t, '}'))
        {
          if (depth == 0)
            return _ossa_qc_fail (f, t.line, OSSA_ERROR_FORMAT, "a '}' that closes no '{'");
          if (--depth == 0 && block)
            break;
          continue;
        }
      if (!read_motion_word (f, depth, m, &t))
        return false;
    }
  if (!m->has_file)
    return _ossa_qc_fail (f, command_line, OSSA_ERROR_FORMAT, "%s '%.*s' names no animation file", m->command,
                 (int) (m->name.len < 60 ? m->name.len : 60), m->name.s);
  if (m->extra_files > 0
      && !_ossa_qc_notice_once (f, command_line, "sequence blends",
                       "%s '%.*s' names %d more animation files: Ossa uses the first one (blends are not used)",
                       m->command, (int) (m->name.len < 60 ? m->name.len : 60), m->name.s, m->extra_files))
    return false;
  return true;
}

static const QcAnimation *
find_animation (const QcReader *r, const QcToken *name)
{
  for (size_t i = 0; i < r->n_animations; i++)
    if (strlen (r->animations[i].name) == name->len && memcmp (r->animations[i].name, name->s, name->len) == 0)
      return &r->animations[i];
  return NULL;
}

static bool
cmd_animation (QcFile *f, const QcToken *command)
{
  QcReader *r = f->r;
  QcMotion m = { .command = "$animation" };
  QcAnimation *a;

  if (!_ossa_qc_need_arg (f, 0, "$animation", "a name", &m.name) || !read_motion (f, &m, command->line))
    return false;
  if (r->n_animations >= OSSA_MAX_ANIMATIONS)
    return _ossa_qc_fail (f, command->line, OSSA_ERROR_LIMIT, "more than %u $animation", OSSA_MAX_ANIMATIONS);
  if (!_ossa_qc_grow ((void **) &r->animations, &r->animations_cap, r->n_animations + 1, sizeof *r->animations))
    return _ossa_qc_no_memory (f);
  a = &r->animations[r->n_animations];
  memset (a, 0, sizeof *a);
  a->name = _ossa_qc_copy_span (m.name.s, m.name.len);
  a->smd = resolve_smd (f, &m.file);
  if (a->name == NULL || a->smd == NULL)
    {
      free (a->name);
      free (a->smd);
      return _ossa_qc_no_memory (f);
    }
  a->fps = (float) m.fps;
  a->has_fps = m.has_fps;
  a->loop = m.loop;
  a->has_loop = m.has_loop;
  r->n_animations++;
  return true;
}

static bool
cmd_sequence (QcFile *f, const QcToken *command)
{
  OssaQc *qc = f->r->qc;
  QcMotion m = { .command = "$sequence" };
  const QcAnimation *anim;
  OssaQcSequence *s;
  char *name;

  if (!_ossa_qc_need_arg (f, 0, "$sequence", "a name", &m.name) || !read_motion (f, &m, command->line))
    return false;
  if ((name = _ossa_qc_copy_text (m.name.s, m.name.len)) == NULL)
    return _ossa_qc_no_memory (f);
  for (size_t i = 0; i < qc->n_sequences; i++)
    if (strcmp (qc->sequences[i].name, name) == 0)
      {
        OssaQcPlace first = qc->sequences[i].place;

        free (name);
        return _ossa_qc_fail (f, command->line, OSSA_ERROR_FORMAT, "a second $sequence '%.*s' (the first is at %s:%d)",
                     (int) (m.name.len < 60 ? m.name.len : 60), m.name.s, first.file, first.line);
      }
  if (qc->n_sequences >= OSSA_MAX_ANIMATIONS
      || !_ossa_qc_grow ((void **) &qc->sequences, &f->r->sequences_cap, qc->n_sequences + 1, sizeof *qc->sequences))
    {
      free (name);
      return qc->n_sequences >= OSSA_MAX_ANIMATIONS
               ? _ossa_qc_fail (f, command->line, OSSA_ERROR_LIMIT, "more than %u sequences", OSSA_MAX_ANIMATIONS)
               : _ossa_qc_no_memory (f);
    }
  s = &qc->sequences[qc->n_sequences++];
  s->name = name;
  s->place = place (f, command->line);
  /* A Source $sequence may name an $animation instead of a file. */
  anim = !ends_with_smd (&m.file) ? find_animation (f->r, &m.file) : NULL;
  s->fps = anim != NULL && anim->has_fps && !m.has_fps ? anim->fps : (float) m.fps;
  s->loop = anim != NULL && !m.has_loop ? anim->loop : m.loop;
  s->smd = anim != NULL ? _ossa_qc_copy_span (anim->smd, strlen (anim->smd)) : resolve_smd (f, &m.file);
  if (s->smd == NULL)
    return _ossa_qc_no_memory (f);
  return true;
}

static bool
cmd_cd (QcFile *f)
{
  QcToken dir;
  char *here, *cd;

  if (!_ossa_qc_need_arg (f, 0, "$cd", "a folder", &dir))
    return false;
  if ((here = dir_of (f->path)) == NULL)
    return _ossa_qc_no_memory (f);
  cd = join (here, &dir, "");
  free (here);
  if (cd == NULL)
    return _ossa_qc_no_memory (f);
  free (f->r->cd);
  f->r->cd = cd;
  return true;
}

static bool
cmd_modelname (QcFile *f)
{
  QcToken name;
  OssaQc *qc = f->r->qc;

  if (!_ossa_qc_need_arg (f, 0, "$modelname", "a name", &name))
    return false;
  free (qc->modelname);
  if ((qc->modelname = _ossa_qc_copy_text (name.s, name.len)) == NULL)
    return _ossa_qc_no_memory (f);
  return true;
}

static bool
cmd_scale (QcFile *f, const QcToken *command)
{
  double scale;
  OssaQc *qc = f->r->qc;

  if (!_ossa_qc_need_number (f, 0, "$scale", "a scale", &scale))
    return false;
  if (scale <= 0)
    return _ossa_qc_fail (f, command->line, OSSA_ERROR_FORMAT, "$scale %g: a scale must be above 0", scale);
  if (f->r->have_scale && scale != qc->scale
      && !_ossa_qc_notice_once (f, command->line, "$scale again",
                       "a second $scale: the last one given (%g here) applies to the whole model", scale))
    return false;
  qc->scale = scale;
  f->r->have_scale = true;
  return true;
}

static bool
cmd_origin (QcFile *f)
{
  OssaQc *qc = f->r->qc;
  double v[3], rot = 0;
  const QcToken *next;

  for (int i = 0; i < 3; i++)
    if (!_ossa_qc_need_number (f, 0, "$origin", "x y z", &v[i]))
      return false;
  next = _ossa_qc_peek (f);
  if (next != NULL && next->line == f->last_line && !_ossa_qc_is_command (next) && !_ossa_qc_is_brace (next, '{')
      && !_ossa_qc_is_brace (next, '}') && !_ossa_qc_need_number (f, 0, "$origin", "a rotation in degrees", &rot))
    return false;
  if (f->r->failed)
    return false;
  memcpy (qc->origin, v, sizeof v);
  qc->origin_rotation = rot;
  return true;
}

static bool
cmd_include (QcFile *f, const QcToken *command)
{
  QcReader *r = f->r;
  QcToken name;
  char *dir, *path;
  uint8_t *data = NULL;
  size_t size = 0;
  OssaError inner = { 0 };
  bool ok;

  if (!_ossa_qc_need_arg (f, 0, "$include", "a file", &name))
    return false;
  if ((dir = dir_of (f->path)) == NULL)
    return _ossa_qc_no_memory (f);
  path = join (dir, &name, "");
  free (dir);
  if (path == NULL)
    return _ossa_qc_no_memory (f);
  if (r->depth >= OSSA_QC_MAX_INCLUDE_DEPTH || ++r->n_includes > QC_MAX_INCLUDES)
    {
      free (path);
      return _ossa_qc_fail (f, command->line, OSSA_ERROR_LIMIT,
                   r->depth >= OSSA_QC_MAX_INCLUDE_DEPTH ? "$include nested deeper than %u files"
                                                         : "more than %u $include in all",
                   r->depth >= OSSA_QC_MAX_INCLUDE_DEPTH ? OSSA_QC_MAX_INCLUDE_DEPTH : QC_MAX_INCLUDES);
    }
  if (!ossa_file_read (path, OSSA_QC_MAX_FILE_SIZE, &data, &size, &inner))
    {
      _ossa_qc_fail (f, command->line, inner.code, "cannot read the included file '%s': %s", path, inner.message);
      if (r->err != NULL)
        r->err->errno_value = inner.errno_value;
      free (path);
      return false;
    }
  if (size > QC_MAX_TOTAL_BYTES - r->total_bytes)
    ok = _ossa_qc_fail (f, command->line, OSSA_ERROR_LIMIT, "the included files add up to more than %zu bytes",
               QC_MAX_TOTAL_BYTES);
  else
    ok = read_file_bytes (r, (const char *) data, size, path);
  free (data);
  free (path);
  return ok;
}

static bool
read_command (QcFile *f, const QcToken *t)
{
  if (_ossa_qc_token_is (t, "$include"))
    return cmd_include (f, t);
  if (_ossa_qc_token_is (t, "$cd"))
    return cmd_cd (f);
  if (_ossa_qc_token_is (t, "$modelname"))
    return cmd_modelname (f);
  if (_ossa_qc_token_is (t, "$scale"))
    return cmd_scale (f, t);
  if (_ossa_qc_token_is (t, "$origin"))
    return cmd_origin (f);
  if (_ossa_qc_token_is (t, "$body"))
    return cmd_body (f, t);
  if (_ossa_qc_token_is (t, "$model"))
    return cmd_model (f, t);
  if (_ossa_qc_token_is (t, "$bodygroup"))
    return cmd_bodygroup (f, t);
  if (_ossa_qc_token_is (t, "$sequence"))
    return cmd_sequence (f, t);
  if (_ossa_qc_token_is (t, "$animation"))
    return cmd_animation (f, t);
  return skip_command (f, t);
}

/* ------------------------------------------------------------------ files */

static const char *
intern_file (QcReader *r, const char *path)
{
  OssaQc *qc = r->qc;
  char *copy;

  for (size_t i = 0; i < qc->n_files; i++)
    if (strcmp (qc->files[i], path) == 0)
      return qc->files[i];
  if (!_ossa_qc_grow ((void **) &qc->files, &r->files_cap, qc->n_files + 1, sizeof *qc->files)
      || (copy = _ossa_qc_copy_span (path, strlen (path))) == NULL)
    return NULL;
  qc->files[qc->n_files++] = copy;
  return copy;
}

/* The include chain as "a.qc → b.qc → a.qc", for the loop's message. */
static void
chain_text (const QcReader *r, const char *last, char *buf, size_t size)
{
  size_t at = 0;

  buf[0] = '\0';
  for (size_t i = 0; i < r->depth && at < size; i++)
    at += (size_t) snprintf (buf + at, size - at, "%s → ", r->chain[i]->path);
  if (at < size)
    snprintf (buf + at, size - at, "%s", last);
}

static bool
read_file_bytes (QcReader *r, const char *data, size_t size, const char *path)
{
  QcFile file = { 0 };
  QcToken t;
  char *canon;

  file.r = r;
  file.path = intern_file (r, path);
  file.p = data;
  file.end = data + size;
  file.line = 1;
  if (file.path == NULL)
    return _ossa_qc_no_memory (r->depth > 0 ? r->chain[r->depth - 1] : &file);
  canon = realpath (path, NULL);
  file.canon = canon != NULL ? canon : _ossa_qc_copy_span (path, strlen (path));
  if (file.canon == NULL)
    return _ossa_qc_no_memory (&file);
  for (size_t i = 0; i < r->depth; i++)
    if (strcmp (r->chain[i]->canon, file.canon) == 0)
      {
        char chain[OSSA_ERROR_MESSAGE_MAX - 64];
        QcFile *includer = r->chain[r->depth - 1];

        chain_text (r, path, chain, sizeof chain);
        free (file.canon);
        return _ossa_qc_fail (includer, includer->last_line, OSSA_ERROR_FORMAT, "an $include loop: %s", chain);
      }
  r->total_bytes += size;
  r->chain[r->depth++] = &file;
  while (!r->failed && _ossa_qc_take (&file, &t))
    {
      if (r->cb != NULL && r->cb->cancel != NULL && atomic_load (r->cb->cancel))
        {
          ossa_error_set (r->err, OSSA_ERROR_CANCELLED, "cancelled");
          r->failed = true;
          break;
        }
      if (_ossa_qc_is_command (&t))
        read_command (&file, &t);
      else if (_ossa_qc_is_brace (&t, '}'))
        _ossa_qc_fail (&file, t.line, OSSA_ERROR_FORMAT, "a '}' that closes no '{'");
      else
        {
          char text[80];

          _ossa_qc_token_text (&t, text, sizeof text);
          _ossa_qc_fail (&file, t.line, OSSA_ERROR_FORMAT, "'%s' is not a $command", text);
        }
    }
  r->depth--;
  free (file.canon);
  return !r->failed;
}

OssaQc *
ossa_qc_read_bytes (const char *data, size_t size, const char *path, const OssaSmdCallbacks *callbacks,
                    OssaError *err)
{
  QcReader r = { 0 };
  OssaQc *qc;

  if (path == NULL)
    path = "model.qc";
  if (size > OSSA_QC_MAX_FILE_SIZE)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "a .qc of %zu bytes: the limit is %zu", size, OSSA_QC_MAX_FILE_SIZE);
      ossa_error_set_location (err, path, 0);
      return NULL;
    }
  qc = calloc (1, sizeof *qc);
  if (qc == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory reading the .qc");
      return NULL;
    }
  qc->scale = 1;
  r.qc = qc;
  r.cb = callbacks;
  r.err = err;
  read_file_bytes (&r, data != NULL ? data : "", data != NULL ? size : 0, path);
  free (r.cd);
  for (size_t i = 0; i < r.n_noticed; i++)
    free (r.noticed[i]);
  free (r.noticed);
  for (size_t i = 0; i < r.n_animations; i++)
    {
      free (r.animations[i].name);
      free (r.animations[i].smd);
    }
  free (r.animations);
  if (r.failed)
    {
      ossa_qc_free (qc);
      return NULL;
    }
  return qc;
}

OssaQc *
ossa_qc_read (const char *path, const OssaSmdCallbacks *callbacks, OssaError *err)
{
  uint8_t *data = NULL;
  size_t size = 0;
  OssaQc *qc;

  if (!ossa_file_read (path, OSSA_QC_MAX_FILE_SIZE, &data, &size, err))
    {
      if (err != NULL && err->path[0] == '\0')
        ossa_error_set_location (err, path, 0);
      return NULL;
    }
  qc = ossa_qc_read_bytes ((const char *) data, size, path, callbacks, err);
  free (data);
  return qc;
}

void
ossa_qc_free (OssaQc *qc)
{
  if (qc == NULL)
    return;
  for (size_t i = 0; i < qc->n_files; i++)
    free (qc->files[i]);
  free (qc->files);
  free (qc->modelname);
  for (size_t i = 0; i < qc->n_bodies; i++)
    {
      for (size_t j = 0; j < qc->bodies[i].n_choices; j++)
        {
          free (qc->bodies[i].choices[j].name);
          free (qc->bodies[i].choices[j].smd);
        }
      free (qc->bodies[i].choices);
      free (qc->bodies[i].name);
    }
  free (qc->bodies);
  for (size_t i = 0; i < qc->n_sequences; i++)
    {
      free (qc->sequences[i].name);
      free (qc->sequences[i].smd);
    }
  free (qc->sequences);
  free (qc);
}
