/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The export job: the format an output path asks for, the plan (every check made
 * before a byte is written), and the frame loop that draws each frame with the
 * renderer and hands it to the format's writer. The PNG encoding every still
 * format shares is in ossa-export-png.c. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "ossa-export-private.h"

G_DEFINE_QUARK (ossa-export-error-quark, ossa_export_error)

void
ossa_export_settings_init (OssaExportSettings *settings)
{
  *settings = (OssaExportSettings) { .width = 512, .height = 512, .margin = 16 };
}

gboolean
ossa_export_format_available (OssaExportFormat format, GError **error)
{
  if (format != OSSA_EXPORT_WEBM && format != OSSA_EXPORT_MP4)
    return TRUE;
  return _ossa_export_video_check (format, error);
}

void
ossa_export_result_clear (OssaExportResult *result)
{
  g_clear_pointer (&result->files, g_ptr_array_unref);
  g_clear_pointer (&result->missing, g_free);
  g_clear_pointer (&result->missing_pictures, g_ptr_array_unref);
}

/* ---- patterns ---------------------------------------------------------------- */

void
_ossa_export_pattern_clear (OssaExportPattern *pattern)
{
  g_clear_pointer (&pattern->prefix, g_free);
  g_clear_pointer (&pattern->suffix, g_free);
}

/* Counts the %d / %0Nd conversions of text; *other is set by any other "%…"
 * ("%%" is a percent sign). The first conversion's place and width, if any. */
static int
pattern_scan (const char *text, gboolean *other, const char **start, const char **end,
              int *width)
{
  int n = 0;

  *other = FALSE;
  for (const char *p = text; *p != '\0'; p++)
    {
      const char *q = p + 1;
      int w = 0;

      if (*p != '%')
        continue;
      if (*q == '%')
        {
          p = q;
          continue;
        }
      if (*q == '0')
        {
          q++;
          while (g_ascii_isdigit (*q) && w < 100)
            w = w * 10 + (*q++ - '0');
          if (w == 0)
            {
              *other = TRUE;
              continue;
            }
        }
      if (*q != 'd')
        {
          *other = TRUE;
          continue;
        }
      if (n++ == 0)
        {
          *start = p;
          *end = q + 1;
          *width = w;
        }
      p = q;
    }
  return n;
}

/* text with "%%" turned into "%". */
static char *
unescape_percent (const char *text, size_t len)
{
  GString *out = g_string_sized_new (len);

  for (size_t i = 0; i < len; i++)
    {
      g_string_append_c (out, text[i]);
      if (text[i] == '%' && i + 1 < len && text[i + 1] == '%')
        i++;
    }
  return g_string_free (out, FALSE);
}

gboolean
_ossa_export_pattern_parse (const char *pattern, OssaExportPattern *out, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (pattern);
  g_autofree char *base = g_path_get_basename (pattern);
  const char *start = NULL, *end = NULL;
  gboolean other, dir_other;
  int width = 0, n;

  memset (out, 0, sizeof *out);
  if (pattern_scan (dir, &dir_other, &start, &end, &width) > 0)
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID,
                   "%s: the %%d must be in the file name, not in the folder", pattern);
      return FALSE;
    }
  n = pattern_scan (base, &other, &start, &end, &width);
  if (n == 0)
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID,
                   "%s has no %%d: write frames/walk-%%04d.png, or add --sheet", pattern);
      return FALSE;
    }
  if (n > 1)
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID,
                   "%s has %d frame numbers: give one %%d or %%0Nd", pattern, n);
      return FALSE;
    }
  if (other)
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID,
                   "%s: only one %%d or %%0Nd may follow a %%; write %%%% for a percent sign",
                   pattern);
      return FALSE;
    }
  if (width > 9)
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID,
                   "%s: %d digits is too many for a frame number (at most 9)", pattern, width);
      return FALSE;
    }
  out->prefix = unescape_percent (base, (size_t) (start - base));
  out->suffix = unescape_percent (end, strlen (end));
  out->width = width;
  return TRUE;
}

char *
_ossa_export_pattern_name (const OssaExportPattern *pattern, long n)
{
  return g_strdup_printf ("%s%0*ld%s", pattern->prefix, pattern->width, n, pattern->suffix);
}

long
_ossa_export_frame_number (const OssaExportResult *plan, size_t i)
{
  return lroundf (plan->range.first * plan->range.fps) + (long) i;
}

/* ---- the format ------------------------------------------------------------------ */

static const char *const accepted =
  ".png (frames with a %d pattern, or a sheet), .gif, .webm or .mp4";

gboolean
ossa_export_format_for_path (const char *path, gboolean sheet, OssaExportFormat *format,
                             GError **error)
{
  g_autofree char *base = g_path_get_basename (path);
  const char *dot = strrchr (base, '.');
  g_autofree char *ext = NULL;
  const char *start, *end;
  gboolean other;
  int width;

  if (g_str_has_suffix (path, G_DIR_SEPARATOR_S))
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID,
                   "%s is a folder: give a file in it, such as %swalk-%%04d.png", path, path);
      return FALSE;
    }
  if (path[0] == '\0' || dot == NULL || dot == base || dot[1] == '\0')
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID,
                   "%s has no extension to choose the format by: use %s", path, accepted);
      return FALSE;
    }
  ext = g_ascii_strdown (dot + 1, -1);
  if (strcmp (ext, "png") == 0)
    {
      gboolean pattern = pattern_scan (base, &other, &start, &end, &width) > 0;

      if (sheet && pattern)
        {
          g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID,
                       "%s: a sheet is one picture: drop the %%d (walk.png), or the sheet for "
                       "one PNG a frame", path);
          return FALSE;
        }
      if (!sheet && !pattern)
        {
          g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID,
                       "%s has no %%d: write frames/walk-%%04d.png, or add --sheet", path);
          return FALSE;
        }
      *format = sheet ? OSSA_EXPORT_SHEET : OSSA_EXPORT_FRAMES;
      return TRUE;
    }
  if (sheet)
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID,
                   "%s: a sheet is written as a .png (walk.png, with walk.json beside it)", path);
      return FALSE;
    }
  if (strcmp (ext, "gif") == 0)
    *format = OSSA_EXPORT_GIF;
  else if (strcmp (ext, "webm") == 0)
    *format = OSSA_EXPORT_WEBM;
  else if (strcmp (ext, "mp4") == 0)
    *format = OSSA_EXPORT_MP4;
  else
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID,
                   "%s: cannot write .%s files: use %s", path, ext, accepted);
      return FALSE;
    }
  return TRUE;
}

/* ---- the plan -------------------------------------------------------------------- */

/* The names of doc's animations, ", "-separated. */
static char *
animation_names (const OssaDocument *doc)
{
  GString *names = g_string_new (NULL);

  for (size_t i = 0; i < doc->n_animations; i++)
    g_string_append_printf (names, "%s%s", i ? ", " : "", doc->animations[i].name);
  return g_string_free (names, FALSE);
}

/* The folder the output goes into exists and is writable, and the output is not
 * a folder itself. */
static gboolean
check_folder (const char *output, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (output);

  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO,
                   "%s: the folder %s does not exist", output, dir);
      return FALSE;
    }
  if (g_access (dir, W_OK | X_OK) != 0)
    {
      int e = errno;

      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO,
                   "%s: cannot write into the folder %s: %s", output, dir, g_strerror (e));
      return FALSE;
    }
  if (g_file_test (output, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO,
                   "%s is a folder: give a file name", output);
      return FALSE;
    }
  return TRUE;
}

/* The pictures the renderer could not read, as plan->missing_pictures and as one
 * line, plan->missing: "N pictures are missing: A; B". Nothing when none are. */
static void
note_missing (const OssaRenderer *renderer, OssaExportResult *plan)
{
  size_t n = ossa_renderer_n_missing (renderer);
  GString *text;

  if (n == 0)
    return;
  plan->missing_pictures = g_ptr_array_new_with_free_func (g_free);
  text = g_string_new (NULL);
  g_string_printf (text, n == 1 ? "%zu picture is missing: " : "%zu pictures are missing: ", n);
  for (size_t i = 0; i < n; i++)
    {
      g_ptr_array_add (plan->missing_pictures, g_strdup (ossa_renderer_missing (renderer, i)));
      g_string_append_printf (text, "%s%s", i ? "; " : "", ossa_renderer_missing (renderer, i));
    }
  plan->missing = g_string_free (text, FALSE);
}

/* The picture's size and framing: plan->view from settings and the range's bounds. */
static gboolean
frame_view (const OssaExportSettings *s, OssaRenderer *renderer, const OssaAnimation *anim,
            OssaExportResult *plan, GError **error)
{
  OssaRenderView *view = &plan->view;
  OssaRenderBounds b;

  if (!(s->scale >= 0) || !isfinite (s->scale))
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID,
                   "%s: the scale %g is not a positive number", s->output, s->scale);
      return FALSE;
    }
  if (!(s->margin >= 0) || !isfinite (s->margin))
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID,
                   "%s: the margin %g is not a number of pixels ≥ 0", s->output, s->margin);
      return FALSE;
    }
  if (s->width == 0 && s->height == 0 && s->scale == 0)
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID,
                   "%s: the size 0×0 needs a scale to be computed from; give a size or a scale",
                   s->output);
      return FALSE;
    }
  if (!(s->width == 0 && s->height == 0)
      && (s->width < 1 || s->height < 1 || s->width > OSSA_RENDER_MAX_SIZE
          || s->height > OSSA_RENDER_MAX_SIZE))
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID,
                   "%s: the size %d×%d is out of range: each side must be 1 to %d pixels",
                   s->output, s->width, s->height, OSSA_RENDER_MAX_SIZE);
      return FALSE;
    }

  b = ossa_renderer_range_bounds (renderer, anim, &plan->range, s->bones);
  if (ossa_render_bounds_empty (b))
    b = (OssaRenderBounds) { 0, 0, 0, 0 };
  *view = (OssaRenderView) { .width = s->width, .height = s->height, .scale = s->scale,
                             .center_x = (b.x0 + b.x1) / 2, .center_y = (b.y0 + b.y1) / 2,
                             .background = s->background, .bones = s->bones };
  if (s->width == 0)
    {
      double w = ceil ((double) (b.x1 - b.x0) * s->scale + 2.0 * s->margin);
      double h = ceil ((double) (b.y1 - b.y0) * s->scale + 2.0 * s->margin);

      w = MAX (w, 1);
      h = MAX (h, 1);
      if (w > OSSA_RENDER_MAX_SIZE || h > OSSA_RENDER_MAX_SIZE)
        {
          g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID,
                       "%s: at scale %g the animation needs %.0f×%.0f pixels, over the limit "
                       "of %d a side: lower the scale or give a size", s->output, s->scale, w, h,
                       OSSA_RENDER_MAX_SIZE);
          return FALSE;
        }
      view->width = (int) w;
      view->height = (int) h;
    }
  else if (s->scale == 0)
    {
      if (2 * s->margin >= MIN (s->width, s->height))
        {
          g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID,
                       "%s: a margin of %g pixels leaves nothing of a %d×%d picture",
                       s->output, s->margin, s->width, s->height);
          return FALSE;
        }
      ossa_render_view_fit (view, b, s->margin);
    }
  plan->width = view->width;
  plan->height = view->height;
  return TRUE;
}

/* Every check, in the order a person fixes them; the renderer and the animation
 * for run. */
static gboolean
plan_full (const OssaDocument *doc, const OssaExportSettings *s, OssaExportResult *plan,
           OssaRenderer **renderer_out, const OssaAnimation **anim_out, GError **error)
{
  const OssaAnimation *anim = NULL;
  OssaRenderer *renderer;
  OssaExportPattern pattern;
  OssaError err = { 0 };

  memset (plan, 0, sizeof *plan);
  if (s->output == NULL || s->output[0] == '\0')
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID, "no output file given");
      return FALSE;
    }
  plan->format = s->format;
  if (s->animation != NULL)
    {
      ssize_t index = ossa_document_find_animation (doc, s->animation);

      if (index < 0)
        {
          g_autofree char *names = animation_names (doc);

          if (doc->n_animations == 0)
            g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_NOT_FOUND,
                         "no animation named “%s”: the document has no animations",
                         s->animation);
          else
            g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_NOT_FOUND,
                         "no animation named “%s”; there are: %s", s->animation, names);
          return FALSE;
        }
      anim = &doc->animations[index];
    }
  switch (s->format)
    {
    case OSSA_EXPORT_FRAMES:
      if (!_ossa_export_pattern_parse (s->output, &pattern, error))
        return FALSE;
      _ossa_export_pattern_clear (&pattern);
      break;
    case OSSA_EXPORT_SHEET:
    case OSSA_EXPORT_GIF:
    case OSSA_EXPORT_WEBM:
    case OSSA_EXPORT_MP4:
      break;
    default:
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID,
                   "%s: unknown format %d", s->output, (int) s->format);
      return FALSE;
    }
  if (!check_folder (s->output, error))
    return FALSE;
  if (!ossa_export_format_available (s->format, error))
    return FALSE;
  if (!(s->fps >= 0) || !isfinite (s->fps)
      || !ossa_frame_range_make (anim, s->fps, s->from, s->to, &plan->range, &err))
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID, "%s: %s", s->output,
                   err.message[0] ? err.message : "the frame rate is not a positive number");
      return FALSE;
    }

  renderer = ossa_renderer_new (doc, s->base_dir, &err);
  if (renderer == NULL)
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO, "%s: %s", s->output,
                   err.message);
      return FALSE;
    }
  if (!frame_view (s, renderer, anim, plan, error)
      || (s->format == OSSA_EXPORT_SHEET && !_ossa_export_sheet_check (s, plan, error)))
    {
      ossa_renderer_free (renderer);
      return FALSE;
    }
  note_missing (renderer, plan);
  if (renderer_out != NULL)
    *renderer_out = renderer;
  else
    ossa_renderer_free (renderer);
  if (anim_out != NULL)
    *anim_out = anim;
  return TRUE;
}

gboolean
ossa_export_plan (const OssaDocument *doc, const OssaExportSettings *settings,
                  OssaExportResult *plan, GError **error)
{
  return plan_full (doc, settings, plan, NULL, NULL, error);
}

/* ---- the run ---------------------------------------------------------------------- */

static const OssaExportWriterClass *
writer_class (OssaExportFormat format)
{
  switch (format)
    {
    case OSSA_EXPORT_FRAMES: return &_ossa_export_frames_writer;
    case OSSA_EXPORT_SHEET: return &_ossa_export_sheet_writer;
    case OSSA_EXPORT_GIF: return &_ossa_export_gif_writer;
    case OSSA_EXPORT_WEBM:
    case OSSA_EXPORT_MP4: return &_ossa_export_video_writer;
    default: return NULL;
    }
}

/* Frames are drawn on a thread of their own, a frame or two ahead of the writer
 * encoding the one before (measured by bench-render), in buffers passed back and
 * forth through two queues. Not for pictures so big that two of them would cost
 * more memory than the time is worth. */
#define DRAW_AHEAD_BUFFERS  3
#define DRAW_AHEAD_MAX_AREA (4096 * 4096)

typedef struct
{
  uint8_t  *pixels;
  size_t    index;
  gboolean  ok;
  char     *message;  /* when not ok */
} FrameBuffer;

typedef struct
{
  OssaRenderer           *renderer;
  const OssaAnimation    *anim;
  const OssaExportResult *plan;
  size_t                  stride;
  GAsyncQueue            *empty, *drawn;  /* FrameBuffer*; an empty one with NULL pixels = stop */
} Drawer;

static gpointer
drawer_main (gpointer data)
{
  Drawer *d = data;

  for (size_t i = 0; i < d->plan->range.n_frames; i++)
    {
      FrameBuffer *b = g_async_queue_pop (d->empty);
      OssaError err = { 0 };

      if (b->pixels == NULL)
        break;
      b->index = i;
      b->ok = ossa_renderer_draw (d->renderer, d->anim, ossa_frame_range_time (&d->plan->range, i),
                                  &d->plan->view, b->pixels, (int) d->stride, &err);
      if (!b->ok)
        b->message = g_strdup (err.message);
      g_async_queue_push (d->drawn, b);
      if (!b->ok)
        break;
    }
  return NULL;
}

/* Draws every frame of plan and hands it to the writer, on one thread or two. */
static gboolean
draw_and_write (OssaRenderer *renderer, const OssaAnimation *anim, const OssaExportResult *plan,
                const OssaExportSettings *settings, const OssaExportWriterClass *klass,
                OssaExportWriter *writer, OssaExportProgress progress, gpointer user_data,
                GCancellable *cancellable, GError **error)
{
  size_t n = plan->range.n_frames, stride = 4 * (size_t) plan->width;
  size_t size = stride * (size_t) plan->height;
  gboolean threaded = n > 1 && (double) plan->width * plan->height <= DRAW_AHEAD_MAX_AREA
                      && g_get_num_processors () > 1;
  int n_buffers = threaded ? DRAW_AHEAD_BUFFERS : 1;
  FrameBuffer buffers[DRAW_AHEAD_BUFFERS + 1] = { { 0 } };
  Drawer d = { renderer, anim, plan, stride, NULL, NULL };
  GThread *thread = NULL;
  gboolean ok = TRUE;

  for (int k = 0; k < n_buffers; k++)
    if ((buffers[k].pixels = g_try_malloc (size)) == NULL)
      {
        g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO,
                     "%s: not enough memory for a %d×%d picture", settings->output,
                     plan->width, plan->height);
        ok = FALSE;
        goto out;
      }
  if (threaded)
    {
      d.empty = g_async_queue_new ();
      d.drawn = g_async_queue_new ();
      for (int k = 0; k < n_buffers; k++)
        g_async_queue_push (d.empty, &buffers[k]);
      thread = g_thread_new ("ossa-export-draw", drawer_main, &d);
    }
  for (size_t i = 0; i < n && ok; i++)
    {
      FrameBuffer *b = &buffers[0];
      OssaError err = { 0 };

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          ok = FALSE;
          break;
        }
      if (threaded)
        b = g_async_queue_pop (d.drawn);
      else if (!(b->ok = ossa_renderer_draw (renderer, anim,
                                             ossa_frame_range_time (&plan->range, i),
                                             &plan->view, b->pixels, (int) stride, &err)))
        b->message = g_strdup (err.message);
      if (!b->ok)
        {
          g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID,
                       "%s: frame %zu: %s", settings->output, i, b->message);
          ok = FALSE;
          break;
        }
      ok = klass->add_frame (writer, i, b->pixels, (int) stride, error);
      if (threaded)
        g_async_queue_push (d.empty, b);
      if (ok && progress != NULL)
        progress (i + 1, n, user_data);
    }

out:
  if (thread != NULL)
    {
      /* The stop sign, before any buffer still queued: one without pixels. */
      g_async_queue_push_front (d.empty, &buffers[DRAW_AHEAD_BUFFERS]);
      g_thread_join (thread);
    }
  g_clear_pointer (&d.empty, g_async_queue_unref);
  g_clear_pointer (&d.drawn, g_async_queue_unref);
  for (int k = 0; k < n_buffers; k++)
    {
      g_free (buffers[k].pixels);
      g_free (buffers[k].message);
    }
  return ok;
}

gboolean
ossa_export_run (const OssaDocument *doc, const OssaExportSettings *settings,
                 OssaExportProgress progress, gpointer user_data, GCancellable *cancellable,
                 OssaExportResult *result, GError **error)
{
  const OssaExportWriterClass *klass;
  const OssaAnimation *anim = NULL;
  OssaRenderer *renderer = NULL;
  OssaExportWriter *writer;
  OssaExportResult plan;

  memset (result, 0, sizeof *result);
  if (!plan_full (doc, settings, &plan, &renderer, &anim, error))
    return FALSE;
  klass = writer_class (plan.format);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    goto fail;
  writer = klass->begin (settings, &plan, error);
  if (writer == NULL)
    goto fail;
  if (!draw_and_write (renderer, anim, &plan, settings, klass, writer, progress, user_data,
                       cancellable, error)
      || g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      klass->abort (writer);
      goto fail;
    }
  plan.files = g_ptr_array_new_with_free_func (g_free);
  if (!klass->finish (writer, &plan, error))
    goto fail;
  ossa_renderer_free (renderer);
  *result = plan;
  return TRUE;

fail:
  ossa_renderer_free (renderer);
  ossa_export_result_clear (&plan);
  return FALSE;
}
