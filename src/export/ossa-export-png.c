/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PNG files of the renderer's pixels, shared by the frames and the sheet writer:
 * libpng directly, a fast zlib level and one fixed filter (a filter search and
 * zlib's default level cost several times the time for a few per cent of size),
 * written with write(2) through our own buffer so that a full disk is seen, and
 * the temporary files the writers put them in first. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <png.h>
#include <setjmp.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include <glib/gstdio.h>

#include "ossa-export-private.h"

/* Measured on hero's walk at 512×512 (bench-render): zlib's level 1 with its
 * run-length strategy and the Up filter on every row writes a frame in about a
 * third of cairo_surface_write_to_png()'s time (level 6, a filter search), the
 * file 2 % bigger; the Sub filter or no filter were slower or bigger, higher
 * levels slower for a few per cent. */
#define PNG_ZLIB_LEVEL    1
#define PNG_ZLIB_STRATEGY Z_RLE
#define PNG_FILTER        PNG_FILTER_UP

gboolean
_ossa_export_write_all (int fd, const char *path, const void *bytes, size_t size,
                        GError **error)
{
  const uint8_t *p = bytes;

  while (size > 0)
    {
      ssize_t n = write (fd, p, size);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int e = n < 0 ? errno : ENOSPC;

          g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO, "%s: cannot write: %s",
                       path, g_strerror (e));
          return FALSE;
        }
      p += n;
      size -= (size_t) n;
    }
  return TRUE;
}

static gboolean
sync_fd (int fd, const char *path, GError **error)
{
  if (fsync (fd) != 0 && errno != EINVAL && errno != EROFS)
    {
      int e = errno;

      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO,
                   "%s: cannot write to disk: %s", path, g_strerror (e));
      return FALSE;
    }
  return TRUE;
}

int
_ossa_export_open_temp (const char *path, char **tmp_path, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *name = g_strdup_printf (".%s.XXXXXX", base);
  char *tmpl = g_build_filename (dir, name, NULL);
  int fd = g_mkstemp_full (tmpl, O_WRONLY | O_CLOEXEC, 0666);

  if (fd < 0)
    {
      int e = errno;

      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO, "%s: cannot create: %s",
                   path, g_strerror (e));
      g_free (tmpl);
      return -1;
    }
  *tmp_path = tmpl;
  return fd;
}

/* ---- libpng to a file descriptor ---------------------------------------------- */

typedef struct
{
  int         fd;
  const char *path;
  GError     *error;
  size_t      used;
  uint8_t     buf[1 << 16];
} PngSink;

static gboolean
sink_flush (PngSink *sink)
{
  if (sink->used > 0 && sink->error == NULL)
    _ossa_export_write_all (sink->fd, sink->path, sink->buf, sink->used, &sink->error);
  sink->used = 0;
  return sink->error == NULL;
}

static void
png_sink_write (png_structp png, png_bytep data, png_size_t size)
{
  PngSink *sink = png_get_io_ptr (png);

  while (size > 0)
    {
      size_t room = sizeof sink->buf - sink->used;
      size_t n = MIN (room, size);

      memcpy (sink->buf + sink->used, data, n);
      sink->used += n;
      data += n;
      size -= n;
      if (sink->used == sizeof sink->buf && !sink_flush (sink))
        png_error (png, "write failed");
    }
}

static void
png_sink_flush (png_structp png)
{
  (void) png;
}

static void
png_on_error (png_structp png, png_const_charp message)
{
  PngSink *sink = png_get_error_ptr (png);

  if (sink->error == NULL)
    g_set_error (&sink->error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO,
                 "%s: cannot write the PNG: %s", sink->path, message);
  png_longjmp (png, 1);
}

static void
png_on_warning (png_structp png, png_const_charp message)
{
  (void) png;
  (void) message;
}

/* straight[a][v]: a premultiplied channel v under alpha a, made straight again
 * (rounded), as a table: a division a channel is most of the conversion's time. */
static const uint8_t *
unpremultiply_table (void)
{
  static uint8_t *table;

  if (g_once_init_enter (&table))
    {
      uint8_t *t = g_malloc (256 * 256);

      for (unsigned a = 0; a < 256; a++)
        for (unsigned v = 0; v < 256; v++)
          t[a * 256 + v] = a == 0 ? 0 : (uint8_t) MIN (255u, (v * 255 + a / 2) / a);
      g_once_init_leave (&table, t);
    }
  return table;
}

/* One row of premultiplied native ARGB32 to straight R, G, B, A bytes. */
static void
row_to_rgba (const uint32_t *in, int width, const uint8_t *table, uint8_t *out)
{
  for (int x = 0; x < width; x++, out += 4)
    {
      uint32_t p = in[x];
      unsigned a = p >> 24;

      if (a == 255)
        {
          out[0] = (uint8_t) (p >> 16), out[1] = (uint8_t) (p >> 8), out[2] = (uint8_t) p;
        }
      else
        {
          const uint8_t *t = table + a * 256;

          out[0] = t[(p >> 16) & 255], out[1] = t[(p >> 8) & 255], out[2] = t[p & 255];
        }
      out[3] = (uint8_t) a;
    }
}

gboolean
_ossa_export_png_write_fd (int fd, const char *path, const uint8_t *argb, int width,
                           int height, int stride, gboolean sync, GError **error)
{
  PngSink *sink = g_new (PngSink, 1);
  uint8_t *volatile row = g_malloc (4 * (size_t) width);
  const uint8_t *table = unpremultiply_table ();
  png_structp png;
  png_infop info = NULL;
  gboolean ok = FALSE;

  sink->fd = fd;
  sink->path = path;
  sink->error = NULL;
  sink->used = 0;
  png = png_create_write_struct (PNG_LIBPNG_VER_STRING, sink, png_on_error, png_on_warning);
  if (png != NULL)
    info = png_create_info_struct (png);
  if (png == NULL || info == NULL)
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO, "%s: out of memory", path);
      png_destroy_write_struct (&png, &info);
      g_free (row);
      g_free (sink);
      return FALSE;
    }
  if (setjmp (png_jmpbuf (png)) == 0)
    {
      png_set_write_fn (png, sink, png_sink_write, png_sink_flush);
      png_set_compression_level (png, PNG_ZLIB_LEVEL);
      png_set_compression_strategy (png, PNG_ZLIB_STRATEGY);
      png_set_filter (png, PNG_FILTER_TYPE_BASE, PNG_FILTER);
      png_set_IHDR (png, info, (png_uint_32) width, (png_uint_32) height, 8,
                    PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE,
                    PNG_FILTER_TYPE_BASE);
      png_write_info (png, info);
      for (int y = 0; y < height; y++)
        {
          row_to_rgba ((const uint32_t *) (const void *) (argb + (size_t) y * (size_t) stride),
                       width, table, row);
          png_write_row (png, row);
        }
      png_write_end (png, info);
      ok = sink_flush (sink);
    }
  png_destroy_write_struct (&png, &info);
  g_free (row);
  if (ok)
    ok = !sync || sync_fd (fd, path, error);
  else if (sink->error != NULL)
    g_propagate_error (error, g_steal_pointer (&sink->error));
  else
    g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO, "%s: cannot write the PNG",
                 path);
  g_clear_error (&sink->error);
  g_free (sink);
  return ok;
}

gboolean
ossa_export_write_png (const char *path, const uint8_t *argb, int width, int height,
                       int stride, GError **error)
{
  g_autofree char *tmp = NULL;
  int fd;

  if (width < 1 || height < 1 || width > OSSA_RENDER_MAX_SIZE || height > OSSA_RENDER_MAX_SIZE
      || stride < 4 * width)
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID,
                   "%s: cannot write a %d×%d picture", path, width, height);
      return FALSE;
    }
  fd = _ossa_export_open_temp (path, &tmp, error);
  if (fd < 0)
    return FALSE;
  if (!_ossa_export_png_write_fd (fd, path, argb, width, height, stride, TRUE, error))
    {
      close (fd);
      g_unlink (tmp);
      return FALSE;
    }
  if (close (fd) != 0 || g_rename (tmp, path) != 0)
    {
      int e = errno;

      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO, "%s: cannot write: %s", path,
                   g_strerror (e));
      g_unlink (tmp);
      return FALSE;
    }
  return TRUE;
}
