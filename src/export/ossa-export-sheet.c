/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The SHEET writer: every frame in one PNG ("walk.png") and the frames' places in
 * "walk.json" beside it, in the JSON-hash layout TexturePacker writes (what
 * Phaser's atlas loader, PixiJS's Spritesheet and Godot's importers read), with a
 * PixiJS "animations" list and each frame's duration. Untrimmed frames sit in a
 * near-square grid; trimmed ones (their transparent border cut, its offsets in
 * spriteSourceSize) on shelves in frame order. A 2-pixel transparent gap keeps a
 * frame's pixels from bleeding into its neighbours' under filtering. Both files
 * are written beside their names and moved under them at the end. */
#include "config.h"

#include <errno.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "ossa-export-private.h"

#define SHEET_GAP 2

typedef struct
{
  int      x, y, w, h;   /* the kept part of the frame (all of it untrimmed) */
  int      sheet_x, sheet_y;
  uint8_t *pixels;       /* trimmed: its copy, 4 × w bytes a row */
} SheetFrame;

struct _OssaExportWriter
{
  char       *png_path, *json_path, *anim_name, *stem;
  int         width, height;   /* of a frame */
  gboolean    trim;
  size_t      n_frames;
  long        first;
  double      fps;
  SheetFrame *frames;
  int         sheet_w, sheet_h;
  uint8_t    *sheet;           /* sheet_w × sheet_h ARGB32; untrimmed: from begin */
};

/* The grid of n frames of w × h that is nearest a square (then smallest, then
 * the wider). */
static void
grid_layout (size_t n, int w, int h, int *cols_out, double *sheet_w, double *sheet_h)
{
  double best = INFINITY, best_area = INFINITY;

  for (size_t cols = 1; cols <= n; cols++)
    {
      size_t rows = (n + cols - 1) / cols;
      double sw = (double) cols * w + (double) (cols - 1) * SHEET_GAP;
      double sh = (double) rows * h + (double) (rows - 1) * SHEET_GAP;
      double side = MAX (sw, sh);

      if (side < best || (side == best && sw * sh <= best_area))
        {
          best = side;
          best_area = sw * sh;
          *cols_out = (int) cols;
          *sheet_w = sw;
          *sheet_h = sh;
        }
      if (rows == 1)
        break;
    }
}

gboolean
_ossa_export_sheet_check (const OssaExportSettings *settings, const OssaExportResult *plan,
                          GError **error)
{
  double sw, sh;
  int cols;

  grid_layout (plan->range.n_frames, plan->width, plan->height, &cols, &sw, &sh);
  if (sw > OSSA_RENDER_MAX_SIZE || sh > OSSA_RENDER_MAX_SIZE)
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID,
                   "%s: a sheet of %zu frames of %d×%d would be %.0f×%.0f pixels, over the "
                   "limit of %d a side: make the frames smaller, draw fewer, or write frames",
                   settings->output, plan->range.n_frames, plan->width, plan->height, sw, sh,
                   OSSA_RENDER_MAX_SIZE);
      return FALSE;
    }
  return TRUE;
}

static void
writer_free (OssaExportWriter *w)
{
  for (size_t i = 0; i < w->n_frames; i++)
    g_free (w->frames[i].pixels);
  g_free (w->frames);
  g_free (w->sheet);
  g_free (w->png_path);
  g_free (w->json_path);
  g_free (w->anim_name);
  g_free (w->stem);
  g_free (w);
}

static gboolean
alloc_sheet (OssaExportWriter *w, GError **error)
{
  w->sheet = g_try_malloc0 (4 * (size_t) w->sheet_w * (size_t) w->sheet_h);
  if (w->sheet == NULL)
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO,
                   "%s: not enough memory for a sheet of %d×%d pixels", w->png_path, w->sheet_w,
                   w->sheet_h);
      return FALSE;
    }
  return TRUE;
}

static OssaExportWriter *
sheet_begin (const OssaExportSettings *settings, const OssaExportResult *plan, GError **error)
{
  OssaExportWriter *w = g_new0 (OssaExportWriter, 1);
  g_autofree char *base = g_path_get_basename (settings->output);
  const char *dot = strrchr (settings->output, '.');
  size_t stem_len = dot != NULL ? (size_t) (dot - settings->output) : strlen (settings->output);
  double sw, sh;
  int cols;

  w->png_path = g_strdup (settings->output);
  w->json_path = g_strdup_printf ("%.*s.json", (int) stem_len, settings->output);
  w->stem = g_strndup (base, strrchr (base, '.') != NULL ? (size_t) (strrchr (base, '.') - base)
                                                         : strlen (base));
  w->anim_name = g_strdup (settings->animation != NULL ? settings->animation : w->stem);
  w->width = plan->width;
  w->height = plan->height;
  w->trim = settings->trim;
  w->n_frames = plan->range.n_frames;
  w->first = _ossa_export_frame_number (plan, 0);
  w->fps = plan->range.fps;
  w->frames = g_new0 (SheetFrame, w->n_frames);
  grid_layout (w->n_frames, w->width, w->height, &cols, &sw, &sh);
  for (size_t i = 0; i < w->n_frames; i++)
    {
      SheetFrame *f = &w->frames[i];

      f->w = w->width;
      f->h = w->height;
      f->sheet_x = (int) (i % (size_t) cols) * (w->width + SHEET_GAP);
      f->sheet_y = (int) (i / (size_t) cols) * (w->height + SHEET_GAP);
    }
  w->sheet_w = (int) sw;
  w->sheet_h = (int) sh;
  if (!w->trim && !alloc_sheet (w, error))
    {
      writer_free (w);
      return NULL;
    }
  return w;
}

static void
blit (uint8_t *dst, int dst_stride, const uint8_t *src, int src_stride, int w, int h)
{
  for (int y = 0; y < h; y++)
    memcpy (dst + (size_t) y * (size_t) dst_stride, src + (size_t) y * (size_t) src_stride,
            4 * (size_t) w);
}

/* The box of pixels that are not fully transparent; 1×1 at the origin when none
 * is (as TexturePacker keeps an empty sprite). */
static void
trim_box (const uint8_t *argb, int stride, int w, int h, SheetFrame *f)
{
  int x0 = w, y0 = h, x1 = -1, y1 = -1;

  for (int y = 0; y < h; y++)
    {
      const uint32_t *row = (const uint32_t *) (const void *) (argb + (size_t) y * (size_t) stride);
      int first = -1, last = -1;

      for (int x = 0; x < w; x++)
        if (row[x] != 0)
          {
            first = x;
            break;
          }
      if (first < 0)
        continue;
      for (int x = w - 1; x >= first; x--)
        if (row[x] != 0)
          {
            last = x;
            break;
          }
      x0 = MIN (x0, first);
      x1 = MAX (x1, last);
      y0 = MIN (y0, y);
      y1 = y;
    }
  if (x1 < 0)
    *f = (SheetFrame) { .x = 0, .y = 0, .w = 1, .h = 1 };
  else
    *f = (SheetFrame) { .x = x0, .y = y0, .w = x1 - x0 + 1, .h = y1 - y0 + 1 };
}

static gboolean
sheet_add_frame (OssaExportWriter *w, size_t index, const uint8_t *argb, int stride,
                 GError **error)
{
  SheetFrame *f = &w->frames[index];

  if (!w->trim)
    {
      blit (w->sheet + (size_t) f->sheet_y * 4 * (size_t) w->sheet_w + 4 * (size_t) f->sheet_x,
            4 * w->sheet_w, argb, stride, w->width, w->height);
      return TRUE;
    }
  trim_box (argb, stride, w->width, w->height, f);
  f->pixels = g_try_malloc (4 * (size_t) f->w * (size_t) f->h);
  if (f->pixels == NULL)
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO,
                   "%s: not enough memory for the sheet's frames", w->png_path);
      return FALSE;
    }
  blit (f->pixels, 4 * f->w, argb + (size_t) f->y * (size_t) stride + 4 * (size_t) f->x, stride,
        f->w, f->h);
  return TRUE;
}

/* Shelves of trimmed frames, in order, no wider than max_w; the sheet's size. */
static void
shelf_layout (OssaExportWriter *w, int max_w)
{
  int x = 0, y = 0, shelf_h = 0, used_w = 0;

  for (size_t i = 0; i < w->n_frames; i++)
    {
      SheetFrame *f = &w->frames[i];

      if (x > 0 && x + f->w > max_w)
        {
          y += shelf_h + SHEET_GAP;
          x = 0;
          shelf_h = 0;
        }
      f->sheet_x = x;
      f->sheet_y = y;
      used_w = MAX (used_w, x + f->w);
      shelf_h = MAX (shelf_h, f->h);
      x += f->w + SHEET_GAP;
    }
  w->sheet_w = used_w;
  w->sheet_h = y + shelf_h;
}

/* Trimmed frames packed near a square; within the untrimmed grid's width when
 * that is not within the limit (the grid fits: plan checked it). */
static gboolean
pack_trimmed (OssaExportWriter *w, GError **error)
{
  double area = 0;
  int widest = 1, grid_w = w->sheet_w;

  for (size_t i = 0; i < w->n_frames; i++)
    {
      area += (double) (w->frames[i].w + SHEET_GAP) * (w->frames[i].h + SHEET_GAP);
      widest = MAX (widest, w->frames[i].w);
    }
  shelf_layout (w, MAX (widest, (int) ceil (sqrt (area))));
  if (w->sheet_w > OSSA_RENDER_MAX_SIZE || w->sheet_h > OSSA_RENDER_MAX_SIZE)
    shelf_layout (w, grid_w);
  if (!alloc_sheet (w, error))
    return FALSE;
  for (size_t i = 0; i < w->n_frames; i++)
    {
      SheetFrame *f = &w->frames[i];

      blit (w->sheet + (size_t) f->sheet_y * 4 * (size_t) w->sheet_w + 4 * (size_t) f->sheet_x,
            4 * w->sheet_w, f->pixels, 4 * f->w, f->w, f->h);
      g_clear_pointer (&f->pixels, g_free);
    }
  return TRUE;
}

static void
add_rect (JsonBuilder *b, const char *name, int x, int y, int w, int h)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "x");
  json_builder_add_int_value (b, x);
  json_builder_set_member_name (b, "y");
  json_builder_add_int_value (b, y);
  json_builder_set_member_name (b, "w");
  json_builder_add_int_value (b, w);
  json_builder_set_member_name (b, "h");
  json_builder_add_int_value (b, h);
  json_builder_end_object (b);
}

static void
add_size (JsonBuilder *b, int w, int h)
{
  json_builder_set_member_name (b, "w");
  json_builder_add_int_value (b, w);
  json_builder_set_member_name (b, "h");
  json_builder_add_int_value (b, h);
}

/* The JSON text of the sheet. */
static char *
sheet_json (const OssaExportWriter *w, size_t *length)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *image = g_path_get_basename (w->png_path);
  char **names = g_new0 (char *, w->n_frames + 1);
  long last = w->first + (long) w->n_frames - 1;
  int digits = MAX (4, snprintf (NULL, 0, "%ld", last));
  char *text;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "frames");
  json_builder_begin_object (b);
  for (size_t i = 0; i < w->n_frames; i++)
    {
      const SheetFrame *f = &w->frames[i];
      /* Durations in whole milliseconds that add up to the range's length. */
      long ms = lround ((double) (i + 1) * 1000.0 / w->fps) - lround ((double) i * 1000.0 / w->fps);

      names[i] = g_strdup_printf ("%s-%0*ld.png", w->stem, digits, w->first + (long) i);
      json_builder_set_member_name (b, names[i]);
      json_builder_begin_object (b);
      add_rect (b, "frame", f->sheet_x, f->sheet_y, f->w, f->h);
      json_builder_set_member_name (b, "rotated");
      json_builder_add_boolean_value (b, FALSE);
      json_builder_set_member_name (b, "trimmed");
      json_builder_add_boolean_value (b, w->trim);
      add_rect (b, "spriteSourceSize", f->x, f->y, f->w, f->h);
      json_builder_set_member_name (b, "sourceSize");
      json_builder_begin_object (b);
      add_size (b, w->width, w->height);
      json_builder_end_object (b);
      json_builder_set_member_name (b, "duration");
      json_builder_add_int_value (b, ms);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
  json_builder_set_member_name (b, "animations");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, w->anim_name);
  json_builder_begin_array (b);
  for (size_t i = 0; i < w->n_frames; i++)
    json_builder_add_string_value (b, names[i]);
  json_builder_end_array (b);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "meta");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "app");
  json_builder_add_string_value (b, "Ossa");
  json_builder_set_member_name (b, "version");
  json_builder_add_string_value (b, PACKAGE_VERSION);
  json_builder_set_member_name (b, "image");
  json_builder_add_string_value (b, image);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, "RGBA8888");
  json_builder_set_member_name (b, "size");
  json_builder_begin_object (b);
  add_size (b, w->sheet_w, w->sheet_h);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "scale");
  json_builder_add_string_value (b, "1");
  json_builder_end_object (b);
  json_builder_end_object (b);
  g_strfreev (names);

  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  json_generator_set_indent (gen, 1);
  json_generator_set_indent_char (gen, '\t');
  text = json_generator_to_data (gen, length);
  return text;
}

static gboolean
sheet_finish (OssaExportWriter *w, OssaExportResult *result, GError **error)
{
  g_autofree char *png_tmp = NULL, *json_tmp = NULL, *json = NULL;
  int png_fd = -1, json_fd = -1;
  size_t json_len = 0;
  gboolean ok = FALSE;

  if (w->trim && !pack_trimmed (w, error))
    goto out;
  json = sheet_json (w, &json_len);
  png_fd = _ossa_export_open_temp (w->png_path, &png_tmp, error);
  if (png_fd < 0
      || !_ossa_export_png_write_fd (png_fd, w->png_path, w->sheet, w->sheet_w, w->sheet_h,
                                     4 * w->sheet_w, TRUE, error))
    goto out;
  json_fd = _ossa_export_open_temp (w->json_path, &json_tmp, error);
  if (json_fd < 0 || !_ossa_export_write_all (json_fd, w->json_path, json, json_len, error))
    goto out;
  if (close (png_fd) != 0 || g_rename (png_tmp, w->png_path) != 0)
    {
      int e = errno;

      png_fd = -1;
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO, "%s: cannot write: %s",
                   w->png_path, g_strerror (e));
      goto out;
    }
  png_fd = -1;
  g_clear_pointer (&png_tmp, g_free);
  if (close (json_fd) != 0 || g_rename (json_tmp, w->json_path) != 0)
    {
      int e = errno;

      json_fd = -1;
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO, "%s: cannot write: %s",
                   w->json_path, g_strerror (e));
      /* A sheet without its JSON is no use: take it back out. */
      g_unlink (w->png_path);
      goto out;
    }
  json_fd = -1;
  g_clear_pointer (&json_tmp, g_free);
  g_ptr_array_add (result->files, g_strdup (w->png_path));
  g_ptr_array_add (result->files, g_strdup (w->json_path));
  ok = TRUE;

out:
  if (png_fd >= 0)
    close (png_fd);
  if (json_fd >= 0)
    close (json_fd);
  if (png_tmp != NULL)
    g_unlink (png_tmp);
  if (json_tmp != NULL)
    g_unlink (json_tmp);
  writer_free (w);
  return ok;
}

static void
sheet_abort (OssaExportWriter *w)
{
  writer_free (w);
}

const OssaExportWriterClass _ossa_export_sheet_writer = {
  sheet_begin, sheet_add_frame, sheet_finish, sheet_abort,
};
