/* SPDX-License-Identifier: MIT */
/* Grid maps as text: the original article's form and MovingAI's .map, and
 * MovingAI's .scen scenarios. Every error names the line it found. Files are read
 * in chunks as they are parsed (ossa-line-reader.c): a bad row fails where it is,
 * with at most one line (OSSA_MAX_MAP_LINE_BYTES) and the map itself in memory. */
#include "ossa-gridmap-io.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-io.h"
#include "ossa-line-reader-private.h"
#include "ossa-number.h"
#include "ossa-types.h"

/* Lines come from ossa-line-reader.c: from memory for the _parse() functions,
 * streamed in chunks for the _load() ones, so a file is never held whole. */
typedef OssaLineReader Reader;

static inline bool
next_line (Reader *r, const char **s, const char **e)
{
  return _ossa_line_reader_next (r, s, e);
}

static bool
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\f' || c == '\v';
}

static bool
is_blank (const char *s, const char *e)
{
  for (; s < e; s++)
    if (!is_space (*s))
      return false;
  return true;
}

/* Splits [s, e) into at most max words; returns how many there were (may exceed
 * max, in which case only max are stored). */
static size_t
split_words (const char *s, const char *e, const char **w, size_t *len, size_t max)
{
  size_t n = 0;

  while (s < e)
    {
      const char *start;

      while (s < e && is_space (*s))
        s++;
      if (s >= e)
        break;
      start = s;
      while (s < e && !is_space (*s))
        s++;
      if (n < max)
        {
          w[n] = start;
          len[n] = (size_t) (s - start);
        }
      n++;
    }
  return n;
}

static bool
word_eq (const char *w, size_t len, const char *word)
{
  size_t n = strlen (word);

  if (len != n)
    return false;
  for (size_t i = 0; i < n; i++)
    {
      char c = w[i];

      if (c >= 'A' && c <= 'Z')
        c = (char) (c - 'A' + 'a');
      if (c != word[i])
        return false;
    }
  return true;
}


typedef struct
{
  Reader    *r;
  OssaError *err;
} Ctx;

static void set_error (Ctx *c, int line, OssaErrorCode code, const char *format, ...)
  __attribute__ ((format (printf, 4, 5)));

static void
set_error (Ctx *c, int line, OssaErrorCode code, const char *format, ...)
{
  char message[OSSA_ERROR_MESSAGE_MAX];
  va_list ap;

  if (c->err == NULL)
    return;
  va_start (ap, format);
  vsnprintf (message, sizeof message, format, ap);
  va_end (ap);
  ossa_error_set (c->err, code, "%s", message);
  ossa_error_set_location (c->err, c->r->path, line);
}

/* A character for a message: 'x' when printable ASCII, else its byte value. */
static void
describe_char (char *buf, size_t size, unsigned char c)
{
  if (c >= 0x21 && c < 0x7f)
    snprintf (buf, size, "'%c'", c);
  else if (c == ' ')
    snprintf (buf, size, "a space");
  else if (c == '\t')
    snprintf (buf, size, "a tab");
  else
    snprintf (buf, size, "byte 0x%02x", c);
}

/* A map side from a header word: a whole number from 1 to OSSA_MAX_MAP_SIDE. */
static bool
parse_side (Ctx *c, const char *key, const char *w, size_t len, uint32_t *out)
{
  bool negative = false;
  uint64_t v = 0;
  size_t i = 0;

  if (len > 0 && (w[0] == '-' || w[0] == '+'))
    {
      negative = w[0] == '-';
      i = 1;
    }
  if (i == len)
    {
      set_error (c, c->r->line, OSSA_ERROR_FORMAT, "%s '%.*s' is not a whole number", key,
                 (int) (len > 40 ? 40 : len), w);
      return false;
    }
  for (; i < len; i++)
    {
      if (w[i] < '0' || w[i] > '9')
        {
          set_error (c, c->r->line, OSSA_ERROR_FORMAT, "%s '%.*s' is not a whole number", key,
                     (int) (len > 40 ? 40 : len), w);
          return false;
        }
      if (v < ((uint64_t) 1 << 40))
        v = v * 10 + (uint64_t) (w[i] - '0');
    }
  if (negative && v > 0)
    {
      set_error (c, c->r->line, OSSA_ERROR_INVALID, "%s %.*s is negative", key,
                 (int) (len > 40 ? 40 : len), w);
      return false;
    }
  if (v == 0)
    {
      set_error (c, c->r->line, OSSA_ERROR_INVALID, "%s is 0 (a map is 1 to %u cells wide and high)",
                 key, OSSA_MAX_MAP_SIDE);
      return false;
    }
  if (v > OSSA_MAX_MAP_SIDE)
    {
      set_error (c, c->r->line, OSSA_ERROR_LIMIT, "%s %.*s is over the limit of %u", key,
                 (int) (len > 40 ? 40 : len), w, OSSA_MAX_MAP_SIDE);
      return false;
    }
  *out = (uint32_t) v;
  return true;
}

/* `key value` lines until the terminator word (`mapstart` or `map`). */
static bool
parse_header (Ctx *c, OssaMapFormat format, uint32_t *width, uint32_t *height)
{
  const char *terminator = format == OSSA_MAP_FORMAT_TEXT ? "mapstart" : "map";
  bool have_w = false, have_h = false, have_type = format == OSSA_MAP_FORMAT_TEXT;
  const char *s, *e;

  while (next_line (c->r, &s, &e))
    {
      const char *w[3];
      size_t len[3];
      size_t n = split_words (s, e, w, len, 3);

      if (n == 0)
        continue;
      if (n == 1 && word_eq (w[0], len[0], terminator))
        {
          if (!have_w || !have_h || !have_type)
            {
              set_error (c, c->r->line, OSSA_ERROR_FORMAT, "'%s' before %s", terminator,
                         !have_type ? "the type line" : !have_w && !have_h ? "width and height"
                                                        : !have_w ? "width" : "height");
              return false;
            }
          return true;
        }
      if (format == OSSA_MAP_FORMAT_MOVINGAI && word_eq (w[0], len[0], "type"))
        {
          if (n != 2 || !word_eq (w[1], len[1], "octile"))
            {
              set_error (c, c->r->line, OSSA_ERROR_FORMAT,
                         "only 'type octile' maps are supported");
              return false;
            }
          have_type = true;
          continue;
        }
      if (word_eq (w[0], len[0], "width") || word_eq (w[0], len[0], "height"))
        {
          bool is_w = word_eq (w[0], len[0], "width");
          const char *key = is_w ? "width" : "height";

          if (n != 2)
            {
              set_error (c, c->r->line, OSSA_ERROR_FORMAT, "'%s' takes one number", key);
              return false;
            }
          if ((is_w && have_w) || (!is_w && have_h))
            {
              set_error (c, c->r->line, OSSA_ERROR_FORMAT, "a second '%s' line", key);
              return false;
            }
          if (!parse_side (c, key, w[1], len[1], is_w ? width : height))
            return false;
          if (is_w)
            have_w = true;
          else
            have_h = true;
          continue;
        }
      set_error (c, c->r->line, OSSA_ERROR_FORMAT, "unexpected '%.*s' in the header (%s)",
                 (int) (len[0] > 40 ? 40 : len[0]), w[0],
                 format == OSSA_MAP_FORMAT_TEXT ? "width, height or mapstart expected"
                                                : "type, height, width or map expected");
      return false;
    }
  if (!c->r->failed)
    set_error (c, c->r->line, OSSA_ERROR_FORMAT, "the file ends before '%s'", terminator);
  return false;
}

/* What a MovingAI character means: 1 walkable (. G S), 0 blocked (any other
 * printable ASCII character: @ O T W and the rest), -1 not a map character. */
static inline int
movingai_cell (unsigned char ch)
{
  if (ch == '.' || ch == 'G' || ch == 'S')
    return 1;
  return ch >= 0x21 && ch < 0x7f ? 0 : -1;
}

static bool
too_few_rows (Ctx *c, uint32_t rows, uint32_t height)
{
  if (c->r->failed)   /* not the end: a read error or an over-long line */
    return false;
  set_error (c, c->r->line + 1, OSSA_ERROR_FORMAT,
             "the file ends after %u of %u rows (too few rows)", rows, height);
  return false;
}

/* The rows of a MovingAI map; cells may be NULL to only check them. */
static bool
parse_rows_movingai (Ctx *c, uint32_t width, uint32_t height, uint8_t *cells)
{
  const char *s, *e;
  uint32_t y = 0;

  while (y < height)
    {
      size_t n;

      if (!next_line (c->r, &s, &e))
        return too_few_rows (c, y, height);
      while (e > s && is_space (e[-1]))
        e--;
      n = (size_t) (e - s);
      for (size_t x = 0; x < n && x < width; x++)
        {
          int v = movingai_cell ((unsigned char) s[x]);

          if (v < 0)
            {
              char what[32];

              describe_char (what, sizeof what, (unsigned char) s[x]);
              set_error (c, c->r->line, OSSA_ERROR_FORMAT,
                         "unknown character %s in column %zu (a cell is one of . G S for "
                         "walkable or @ O T W for blocked)", what, x + 1);
              return false;
            }
          if (cells != NULL)
            cells[(size_t) y * width + x] = (uint8_t) v;
        }
      if (n != width && c->r->truncated)
        {
          set_error (c, c->r->line, OSSA_ERROR_FORMAT, "row %u has over %zu cells, %u expected (long row)",
                     y + 1, n, width);
          return false;
        }
      if (n != width)
        {
          set_error (c, c->r->line, OSSA_ERROR_FORMAT, "row %u has %zu cells, %u expected (%s row)",
                     y + 1, n, width, n < width ? "short" : "long");
          return false;
        }
      y++;
    }
  return true;
}

/* The rows of an article map: 0/1 separated by spaces, blank lines skipped. */
static bool
parse_rows_text (Ctx *c, uint32_t width, uint32_t height, uint8_t *cells)
{
  const char *s, *e;
  uint32_t y = 0;

  while (y < height)
    {
      uint8_t *row = cells != NULL ? cells + (size_t) y * width : NULL;
      size_t x = 0;

      if (!next_line (c->r, &s, &e))
        return too_few_rows (c, y, height);
      if (is_blank (s, e))
        continue;
      for (const char *p = s; p < e; p++)
        {
          char ch = *p;

          if (is_space (ch))
            continue;
          if ((ch != '0' && ch != '1') || (p + 1 < e && !is_space (p[1])))
            {
              char what[32];

              if (ch == '0' || ch == '1')
                p++;
              describe_char (what, sizeof what, (unsigned char) *p);
              set_error (c, c->r->line, OSSA_ERROR_FORMAT,
                         "unknown character %s in column %zu (cells are 0 or 1 separated by "
                         "spaces)", what, (size_t) (p - s) + 1);
              return false;
            }
          if (x == width)
            {
              set_error (c, c->r->line, OSSA_ERROR_FORMAT,
                         "row %u has more than %u cells (long row)", y + 1, width);
              return false;
            }
          if (row != NULL)
            row[x] = (uint8_t) (ch - '0');
          x++;
        }
      if (x < width && c->r->truncated)
        {
          _ossa_line_reader_fail_long (c->r);
          return false;
        }
      if (x < width)
        {
          set_error (c, c->r->line, OSSA_ERROR_FORMAT, "row %u has %zu cells, %u expected (short row)",
                     y + 1, x, width);
          return false;
        }
      y++;
    }
  return true;
}

/* Only blank lines may follow the last row. */
static bool
parse_trailer (Ctx *c, uint32_t height)
{
  const char *s, *e;

  while (next_line (c->r, &s, &e))
    if (!is_blank (s, e))
      {
        set_error (c, c->r->line, OSSA_ERROR_FORMAT,
                   "text after the last row (height is %u: too many rows)", height);
        return false;
      }
  return !c->r->failed;
}

/* A map from the lines of r; path names the source in errors. */
static bool
parse_map (Reader *r, OssaGridMap *map, const char *path, const char *name,
           OssaMapFormat *format, OssaError *err)
{
  Ctx c = { r, err };
  OssaMapFormat f = OSSA_MAP_FORMAT_TEXT;
  uint32_t width = 0, height = 0;
  const char *s, *e, *w[2];
  size_t len[2];
  uint64_t remaining, least;
  bool ok;

  memset (map, 0, sizeof *map);

  /* The first word tells the form; its line is read again as the header's. */
  for (;;)
    {
      if (!next_line (r, &s, &e))
        {
          if (!r->failed)
            set_error (&c, r->line > 0 ? r->line : 1, OSSA_ERROR_FORMAT,
                       "empty file (a map starts with 'width' or 'type')");
          return false;
        }
      if (is_blank (s, e))
        continue;
      split_words (s, e, w, len, 1);
      if (word_eq (w[0], len[0], "width") || word_eq (w[0], len[0], "height"))
        f = OSSA_MAP_FORMAT_TEXT;
      else if (word_eq (w[0], len[0], "type"))
        f = OSSA_MAP_FORMAT_MOVINGAI;
      else
        {
          set_error (&c, r->line, OSSA_ERROR_FORMAT,
                     "not a grid map (the first word is neither 'width' nor 'type')");
          return false;
        }
      _ossa_line_reader_unread (r);
      break;
    }

  if (!parse_header (&c, f, &width, &height))
    return false;

  /* Never allocate for rows the file is too short to hold: a check-only pass then
   * finds the precise problem and its line. (A stream of unknown size skips this:
   * the map is at most OSSA_MAX_MAP_CELLS bytes.) */
  remaining = _ossa_line_reader_remaining (r);
  least = f == OSSA_MAP_FORMAT_TEXT ? (uint64_t) height * (2 * (uint64_t) width - 1)
                                    : (uint64_t) height * width;
  if (remaining < least)
    {
      ok = f == OSSA_MAP_FORMAT_TEXT ? parse_rows_text (&c, width, height, NULL)
                                     : parse_rows_movingai (&c, width, height, NULL);
      if (ok)
        set_error (&c, r->line, OSSA_ERROR_FORMAT, "the file is too short for %u × %u cells",
                   width, height);
      return false;
    }

  /* Not ossa_grid_map_init(), which fills the cells: the rows write every one, and
   * untouched zero pages cost no memory when row 1 of a huge map is bad. */
  map->name = strdup (name ? name : "");
  map->cells = calloc ((size_t) width * height, 1);
  if (map->name == NULL || map->cells == NULL)
    {
      ossa_grid_map_clear (map);
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      ossa_error_set_location (err, path, r->line);
      return false;
    }
  map->width = width;
  map->height = height;
  ok = f == OSSA_MAP_FORMAT_TEXT ? parse_rows_text (&c, width, height, map->cells)
                                 : parse_rows_movingai (&c, width, height, map->cells);
  if (ok)
    ok = parse_trailer (&c, height);
  if (!ok)
    {
      ossa_grid_map_clear (map);
      return false;
    }
  if (format != NULL)
    *format = f;
  return true;
}

bool
ossa_grid_map_parse (OssaGridMap *map, const void *data, size_t size, const char *path,
                     const char *name, OssaMapFormat *format, OssaError *err)
{
  Reader r;

  _ossa_line_reader_init_bytes (&r, data, size, path, err);
  return parse_map (&r, map, path, name, format, err);
}

char *
ossa_grid_map_name_for_path (const char *path)
{
  const char *base = strrchr (path, '/');
  const char *dot;

  base = base != NULL ? base + 1 : path;
  dot = strrchr (base, '.');
  return strndup (base, dot != NULL && dot != base ? (size_t) (dot - base) : strlen (base));
}

bool
ossa_grid_map_load (OssaGridMap *map, const char *path, OssaMapFormat *format, OssaError *err)
{
  Reader r;
  char *name;
  bool ok;

  memset (map, 0, sizeof *map);
  name = ossa_grid_map_name_for_path (path);
  if (name == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return false;
    }
  if (!_ossa_line_reader_open (&r, path, OSSA_MAX_MAP_FILE_SIZE, OSSA_MAX_MAP_LINE_BYTES, err))
    {
      free (name);
      return false;
    }
  ok = parse_map (&r, map, path, name, format, err);
  _ossa_line_reader_close (&r);
  free (name);
  return ok;
}

bool
ossa_grid_map_to_text (const OssaGridMap *map, OssaMapFormat format, char **data, size_t *size,
                       OssaError *err)
{
  char header[128];
  int hn;
  size_t w = map->width, h = map->height, body, total;
  char *buf, *p;

  if (format == OSSA_MAP_FORMAT_TEXT)
    {
      hn = snprintf (header, sizeof header, "width %u\nheight %u\nmapstart\n", map->width,
                     map->height);
      body = h * w * 2;
    }
  else
    {
      hn = snprintf (header, sizeof header, "type octile\nheight %u\nwidth %u\nmap\n", map->height,
                     map->width);
      body = h * (w + 1);
    }
  total = (size_t) hn + body;
  buf = malloc (total + 1);
  if (buf == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return false;
    }
  memcpy (buf, header, (size_t) hn);
  p = buf + hn;
  for (size_t y = 0; y < h; y++)
    {
      const uint8_t *row = map->cells + y * w;

      if (format == OSSA_MAP_FORMAT_TEXT)
        for (size_t x = 0; x < w; x++)
          {
            *p++ = row[x] ? '1' : '0';
            *p++ = x + 1 < w ? ' ' : '\n';
          }
      else
        {
          for (size_t x = 0; x < w; x++)
            *p++ = row[x] ? '.' : '@';
          *p++ = '\n';
        }
    }
  *p = '\0';
  *data = buf;
  *size = total;
  return true;
}

bool
ossa_grid_map_save (const OssaGridMap *map, const char *path, OssaMapFormat format,
                    OssaError *err)
{
  char *data;
  size_t size;
  bool ok;

  if (!ossa_grid_map_validate (map, err) || !ossa_grid_map_to_text (map, format, &data, &size, err))
    {
      ossa_error_set_location (err, path, 0);
      return false;
    }
  ok = ossa_file_write_atomic (path, data, size, err);
  free (data);
  return ok;
}

const char *
ossa_map_format_name (OssaMapFormat format)
{
  switch (format)
    {
    case OSSA_MAP_FORMAT_TEXT: return "text";
    case OSSA_MAP_FORMAT_MOVINGAI: return "movingai";
    default: return NULL;
    }
}

/* ---- scenarios ---- */

static bool
parse_u32 (const char *w, size_t len, uint32_t *out)
{
  uint64_t v = 0;

  if (len == 0 || len > 10)
    return false;
  for (size_t i = 0; i < len; i++)
    {
      if (w[i] < '0' || w[i] > '9')
        return false;
      v = v * 10 + (uint64_t) (w[i] - '0');
    }
  if (v > UINT32_MAX)
    return false;
  *out = (uint32_t) v;
  return true;
}

static bool
parse_length (const char *w, size_t len, double *out)
{
  char buf[64];
  char *end;
  double v;

  if (len == 0 || len >= sizeof buf)
    return false;
  memcpy (buf, w, len);
  buf[len] = '\0';
  v = ossa_number_parse (buf, &end);
  if (end != buf + len || !isfinite (v) || v < 0)
    return false;
  *out = v;
  return true;
}

void
ossa_scenario_clear (OssaScenario *scen)
{
  for (size_t i = 0; i < scen->n_problems; i++)
    free (scen->problems[i].map);
  free (scen->problems);
  memset (scen, 0, sizeof *scen);
}

static bool
parse_scenario (Reader *r, OssaScenario *scen, OssaError *err)
{
  static const char *const field_names[] = {
    "bucket", "map", "map width", "map height", "start x", "start y", "goal x", "goal y",
    "optimal length"
  };
  Ctx c = { r, err };
  const char *s, *e;
  size_t cap = 0;
  bool seen_version = false;

  memset (scen, 0, sizeof *scen);
  while (next_line (r, &s, &e))
    {
      const char *w[10];
      size_t len[10];
      size_t n = split_words (s, e, w, len, 10);
      OssaScenProblem p;
      uint32_t *u32[] = { &p.bucket, NULL, &p.map_width, &p.map_height, &p.start_x, &p.start_y,
                          &p.goal_x, &p.goal_y };

      if (n == 0)
        continue;
      if (!seen_version && scen->n_problems == 0 && word_eq (w[0], len[0], "version"))
        {
          double v;

          if (n != 2 || !parse_length (w[1], len[1], &v) || v != 1.0)
            {
              set_error (&c, r->line, OSSA_ERROR_FORMAT,
                         "only 'version 1' (or '1.0') scenarios are supported");
              ossa_scenario_clear (scen);
              return false;
            }
          seen_version = true;
          continue;
        }
      if (n != 9)
        {
          set_error (&c, r->line, OSSA_ERROR_FORMAT,
                     "%zu fields, 9 expected (bucket, map, width, height, start x, start y, "
                     "goal x, goal y, optimal length)", n);
          ossa_scenario_clear (scen);
          return false;
        }
      memset (&p, 0, sizeof p);
      for (size_t i = 0; i < 9; i++)
        {
          bool ok = i == 1 ? true
                    : i == 8 ? parse_length (w[i], len[i], &p.optimal)
                    : parse_u32 (w[i], len[i], u32[i]);

          if (!ok)
            {
              set_error (&c, r->line, OSSA_ERROR_FORMAT, "%s '%.*s' is not a %s", field_names[i],
                         (int) (len[i] > 40 ? 40 : len[i]), w[i],
                         i == 8 ? "number of at least 0" : "whole number of at least 0");
              ossa_scenario_clear (scen);
              return false;
            }
        }
      if (scen->n_problems >= OSSA_MAX_SCEN_PROBLEMS)
        {
          set_error (&c, r->line, OSSA_ERROR_LIMIT, "more than %u problems (the limit of one scenario)",
                     OSSA_MAX_SCEN_PROBLEMS);
          ossa_scenario_clear (scen);
          return false;
        }
      /* The path is kept as a C string: a NUL in it would cut it short. */
      if (memchr (w[1], '\0', len[1]) != NULL)
        {
          set_error (&c, r->line, OSSA_ERROR_FORMAT, "the map path holds a NUL byte");
          ossa_scenario_clear (scen);
          return false;
        }
      if (scen->n_problems == cap)
        {
          size_t ncap = cap ? cap * 2 : 256;
          OssaScenProblem *np = realloc (scen->problems, ncap * sizeof *np);

          if (np == NULL)
            {
              ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
              ossa_scenario_clear (scen);
              return false;
            }
          scen->problems = np;
          cap = ncap;
        }
      p.map = strndup (w[1], len[1]);
      if (p.map == NULL)
        {
          ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
          ossa_scenario_clear (scen);
          return false;
        }
      p.line = r->line;
      scen->problems[scen->n_problems++] = p;
    }
  if (r->failed)
    {
      ossa_scenario_clear (scen);
      return false;
    }
  return true;
}

bool
ossa_scenario_parse (OssaScenario *scen, const void *data, size_t size, const char *path,
                     OssaError *err)
{
  Reader r;

  _ossa_line_reader_init_bytes (&r, data, size, path, err);
  return parse_scenario (&r, scen, err);
}

bool
ossa_scenario_load (OssaScenario *scen, const char *path, OssaError *err)
{
  Reader r;
  bool ok;

  memset (scen, 0, sizeof *scen);
  if (!_ossa_line_reader_open (&r, path, OSSA_MAX_SCEN_FILE_SIZE, OSSA_MAX_SCEN_LINE_BYTES, err))
    return false;
  ok = parse_scenario (&r, scen, err);
  _ossa_line_reader_close (&r);
  return ok;
}

bool
ossa_scen_length_matches (double length, double optimal)
{
  double tol = 1e-4 * optimal;

  if (tol < 0.005)
    tol = 0.005;
  return fabs (length - optimal) <= tol;
}
