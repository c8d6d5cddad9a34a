/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The GIF writer: one palette for the whole animation (libimagequant, from a
 * histogram of every frame), each frame remapped to it with dithering, and the
 * file written by giflib into a temporary file beside the target, renamed at
 * finish.
 *
 * Why one global palette: frames of one animation share their colours, a global
 * table costs 768 bytes once instead of a frame, and colours do not shift from
 * frame to frame (local palettes make flat areas flicker). The palette needs every
 * frame's colours, so frames are kept (straight RGBA, 4 bytes a pixel) until
 * finish; past 256 MiB they go to an unlinked scratch file instead of memory.
 *
 * Transparency: GIF has one transparent palette entry and no partial alpha. A
 * pixel whose (premultiplied) alpha is under ALPHA_THRESHOLD becomes that entry;
 * every other pixel is taken as opaque, with its colour un-premultiplied, so an
 * antialiased edge keeps its own colour and gets no dark fringe. Frames with a
 * transparent entry are disposed "to background" so that they do not pile up.
 * An opaque background gives frames without transparent pixels, and so a palette
 * without a transparent entry. */
#include "ossa-export-private.h"

#include <errno.h>
#include <fcntl.h>
#include <gif_lib.h>
#include <glib/gstdio.h>
#include <libimagequant.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

/* Premultiplied alpha below this is transparent: a half-covered pixel goes to
 * whichever side it is nearer. */
#define ALPHA_THRESHOLD 128
/* Bytes of frames kept in memory before the rest go to a scratch file (a
 * variable for the tests: _ossa_export_gif_set_keep_bytes()). */
static size_t keep_bytes = (size_t) 256 << 20;
/* The output is written in pieces of this size. */
#define OUT_CHUNK ((size_t) 256 << 10)
/* libimagequant's speed (1 slowest … 10 fastest). 8 skips the dither map that
 * keeps flat areas from being dithered, and is 5 times as fast as 5, which has
 * it (90 ms a 512×512 frame). Flat areas are kept flat by FIXED_* instead. */
#define LIQ_SPEED 8
/* Drawn art is mostly flat fills: a colour that covers at least FIXED_SHARE of
 * the (sampled) opaque pixels is made a palette entry exactly, so its areas have
 * no error to dither and stay flat. At most FIXED_MAX of them. */
#define FIXED_SHARE 0.005
#define FIXED_MAX 64
/* Every SAMPLE_STEP-th pixel is counted for them (odd: no aliasing with even
 * widths). */
#define SAMPLE_STEP 7
/* Floyd–Steinberg at full strength: gradients of tinted art need it. */
#define DITHER_LEVEL 1.0f

struct _OssaExportWriter
{
  char           *path;       /* the final name */
  char           *tmp_path;   /* where the GIF is written until finish */
  int             fd;
  int             width, height;
  OssaFrameRange  range;
  size_t          frame_bytes;
  size_t          n_added;
  GPtrArray      *frames;     /* uint8_t *: straight RGBA, or NULL when in the scratch file */
  int             scratch_fd; /* -1 until frames no longer fit in memory */
  liq_attr       *attr;
  liq_histogram  *histogram;
  GHashTable     *counts;     /* straight RGBA (as a guint) → samples, of opaque pixels */
  size_t          n_counted;
  GByteArray     *out;        /* bytes giflib wrote, not yet in the file */
  int             write_errno;
};

static void
set_io_error (GError **error, const char *path, int errno_value, const char *doing)
{
  g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO, "%s: %s: %s", path, doing,
               g_strerror (errno_value));
}

/* Writes all of data to fd (write() itself, not stdio: every byte is seen and every
 * error reported); FALSE with errno set otherwise. */
static gboolean
write_all (int fd, const guint8 *data, size_t size)
{
  while (size > 0)
    {
      ssize_t n = write (fd, data, size);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          if (n == 0)
            errno = ENOSPC;
          return FALSE;
        }
      data += n;
      size -= (size_t) n;
    }
  return TRUE;
}

static gboolean
flush_out (OssaExportWriter *w)
{
  if (w->write_errno != 0)
    return FALSE;
  if (!write_all (w->fd, w->out->data, w->out->len))
    {
      w->write_errno = errno;
      return FALSE;
    }
  g_byte_array_set_size (w->out, 0);
  return TRUE;
}

/* giflib's output: collected in pieces, each written once full. */
static int
gif_output (GifFileType *gif, const GifByteType *data, int size)
{
  OssaExportWriter *w = gif->UserData;

  if (w->write_errno != 0)
    return 0;
  g_byte_array_append (w->out, data, (guint) size);
  if (w->out->len >= OUT_CHUNK && !flush_out (w))
    return 0;
  return size;
}

static void
writer_free (OssaExportWriter *w)
{
  if (w->fd >= 0)
    close (w->fd);
  if (w->scratch_fd >= 0)
    close (w->scratch_fd);
  if (w->histogram != NULL)
    liq_histogram_destroy (w->histogram);
  if (w->attr != NULL)
    liq_attr_destroy (w->attr);
  g_clear_pointer (&w->frames, g_ptr_array_unref);
  g_clear_pointer (&w->counts, g_hash_table_unref);
  g_clear_pointer (&w->out, g_byte_array_unref);
  g_free (w->path);
  g_free (w->tmp_path);
  g_free (w);
}

static OssaExportWriter *
gif_begin (const OssaExportSettings *settings, const OssaExportResult *plan, GError **error)
{
  OssaExportWriter *w;
  g_autofree char *dir = NULL, *base = NULL;

  if (plan->width <= 0 || plan->height <= 0 || plan->width > 65535 || plan->height > 65535)
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID,
                   "%s: a GIF cannot be %d×%d", settings->output, plan->width, plan->height);
      return NULL;
    }
  w = g_new0 (OssaExportWriter, 1);
  w->fd = w->scratch_fd = -1;
  w->path = g_strdup (settings->output);
  w->width = plan->width;
  w->height = plan->height;
  w->range = plan->range;
  w->frame_bytes = (size_t) w->width * (size_t) w->height * 4;
  w->frames = g_ptr_array_new_with_free_func (g_free);
  w->out = g_byte_array_sized_new ((guint) OUT_CHUNK + 4096);

  dir = g_path_get_dirname (w->path);
  base = g_path_get_basename (w->path);
  w->tmp_path = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  w->fd = g_mkstemp_full (w->tmp_path, O_RDWR | O_CLOEXEC, 0666);
  if (w->fd < 0)
    {
      set_io_error (error, w->path, errno, "cannot create the file");
      g_clear_pointer (&w->tmp_path, g_free);
      writer_free (w);
      return NULL;
    }

  w->attr = liq_attr_create ();
  liq_set_speed (w->attr, LIQ_SPEED);
  w->histogram = liq_histogram_create (w->attr);
  w->counts = g_hash_table_new (NULL, NULL);
  return w;
}

/* The frame in straight RGBA with 1-bit alpha, into rgba. */
static void
to_rgba (const uint8_t *argb, int stride, int width, int height, uint8_t *rgba)
{
  for (int y = 0; y < height; y++)
    {
      const uint32_t *row = (const uint32_t *) (const void *) (argb + (size_t) y * (size_t) stride);
      uint8_t *out = rgba + (size_t) y * (size_t) width * 4;

      for (int x = 0; x < width; x++, out += 4)
        {
          uint32_t p = row[x];
          uint32_t a = p >> 24;

          if (a < ALPHA_THRESHOLD)
            {
              memset (out, 0, 4);
              continue;
            }
          if (a == 255)
            {
              out[0] = (uint8_t) (p >> 16);
              out[1] = (uint8_t) (p >> 8);
              out[2] = (uint8_t) p;
            }
          else
            {
              /* Un-premultiply, rounded. */
              out[0] = (uint8_t) MIN (255u, (((p >> 16) & 0xff) * 255 + a / 2) / a);
              out[1] = (uint8_t) MIN (255u, (((p >> 8) & 0xff) * 255 + a / 2) / a);
              out[2] = (uint8_t) MIN (255u, ((p & 0xff) * 255 + a / 2) / a);
            }
          out[3] = 255;
        }
    }
}

/* Samples rgba's opaque colours into w->counts. */
static void
count_colours (OssaExportWriter *w, const uint8_t *rgba)
{
  size_t n = (size_t) w->width * (size_t) w->height;

  for (size_t i = 0; i < n; i += SAMPLE_STEP)
    {
      uint32_t c;
      gpointer key;

      memcpy (&c, rgba + i * 4, 4);
      if (rgba[i * 4 + 3] == 0)
        continue;
      key = GUINT_TO_POINTER (c);
      g_hash_table_insert (w->counts, key,
                           GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (w->counts, key)) + 1));
      w->n_counted++;
    }
}

typedef struct
{
  uint32_t colour;
  guint    count;
} Count;

static int
by_count (gconstpointer a, gconstpointer b)
{
  guint x = ((const Count *) a)->count, y = ((const Count *) b)->count;

  return (x < y) - (x > y);
}

/* The flat fills become fixed palette entries. */
static void
fix_flat_colours (OssaExportWriter *w)
{
  g_autoptr (GArray) counts = g_array_new (FALSE, FALSE, sizeof (Count));
  GHashTableIter iter;
  gpointer key, value;
  guint least = (guint) MAX (1.0, FIXED_SHARE * (double) w->n_counted);

  g_hash_table_iter_init (&iter, w->counts);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (GPOINTER_TO_UINT (value) >= least)
      g_array_append_val (counts, ((Count) { GPOINTER_TO_UINT (key), GPOINTER_TO_UINT (value) }));
  g_array_sort (counts, by_count);
  for (guint i = 0; i < MIN (counts->len, FIXED_MAX); i++)
    {
      uint8_t c[4];

      memcpy (c, &g_array_index (counts, Count, i).colour, 4);
      liq_histogram_add_fixed_color (w->histogram, (liq_color) { c[0], c[1], c[2], c[3] }, 0);
    }
}

static gboolean
gif_add_frame (OssaExportWriter *w, size_t index, const uint8_t *argb, int stride,
               GError **error)
{
  uint8_t *rgba;
  liq_image *image;
  liq_error lerr;

  g_return_val_if_fail (index == w->n_added && index < w->range.n_frames, FALSE);
  rgba = g_malloc (w->frame_bytes);
  to_rgba (argb, stride, w->width, w->height, rgba);
  count_colours (w, rgba);

  image = liq_image_create_rgba (w->attr, rgba, w->width, w->height, 0);
  lerr = image != NULL ? liq_histogram_add_image (w->histogram, w->attr, image) : LIQ_OUT_OF_MEMORY;
  if (image != NULL)
    liq_image_destroy (image);
  if (lerr != LIQ_OK)
    {
      g_free (rgba);
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_ENCODER,
                   "%s: the palette of frame %zu could not be built (libimagequant error %d)",
                   w->path, index, (int) lerr);
      return FALSE;
    }

  if ((index + 1) * w->frame_bytes > keep_bytes)
    {
      off_t at = (off_t) (index * w->frame_bytes);
      ssize_t n;

      if (w->scratch_fd < 0)
        {
          char *scratch = NULL;

          w->scratch_fd = g_file_open_tmp ("ossa-gif-XXXXXX", &scratch, error);
          if (w->scratch_fd < 0)
            {
              g_free (rgba);
              return FALSE;
            }
          g_unlink (scratch);
          g_free (scratch);
        }
      n = pwrite (w->scratch_fd, rgba, w->frame_bytes, at);
      g_free (rgba);
      if (n != (ssize_t) w->frame_bytes)
        {
          set_io_error (error, w->path, n < 0 ? errno : ENOSPC,
                        "cannot keep the frames in a temporary file");
          return FALSE;
        }
      rgba = NULL;
    }
  g_ptr_array_add (w->frames, rgba);
  w->n_added++;
  return TRUE;
}

/* Frame i's pixels: in memory, or read back from the scratch file into buf. */
static const uint8_t *
frame_pixels (OssaExportWriter *w, size_t i, uint8_t *buf, GError **error)
{
  ssize_t n;

  if (w->frames->pdata[i] != NULL)
    return w->frames->pdata[i];
  n = pread (w->scratch_fd, buf, w->frame_bytes, (off_t) (i * w->frame_bytes));
  if (n != (ssize_t) w->frame_bytes)
    {
      set_io_error (error, w->path, n < 0 ? errno : EIO, "cannot read back a frame");
      return NULL;
    }
  return buf;
}

/* Frame i's delay in centiseconds: the rounded times of its end and start apart,
 * so that the delays sum to the rounded duration whatever the frame rate. */
static int
frame_delay (const OssaFrameRange *range, size_t i)
{
  double start = (double) i / range->fps;
  double end = i + 1 == range->n_frames ? (double) range->duration : (double) (i + 1) / range->fps;

  return (int) (lround (100.0 * end) - lround (100.0 * start));
}

static gboolean
put_loop_extension (GifFileType *gif)
{
  static const GifByteType netscape[] = "NETSCAPE2.0";
  static const GifByteType forever[] = { 1, 0, 0 };  /* sub-block 1, loop count 0 = for ever */

  return EGifPutExtensionLeader (gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK
         && EGifPutExtensionBlock (gif, 11, netscape) == GIF_OK
         && EGifPutExtensionBlock (gif, 3, forever) == GIF_OK
         && EGifPutExtensionTrailer (gif) == GIF_OK;
}

/* Every frame remapped to the palette and written. */
static gboolean
encode (OssaExportWriter *w, GError **error)
{
  liq_result *quant = NULL;
  const liq_palette *palette;
  GifFileType *gif = NULL;
  ColorMapObject *map = NULL;
  GifPixelType *indices = NULL;
  uint8_t *scratch = NULL;
  int transparent = NO_TRANSPARENT_COLOR, map_size = 2, gif_error = 0;
  gboolean ok = FALSE;
  liq_error lerr;

  fix_flat_colours (w);
  lerr = liq_histogram_quantize (w->histogram, w->attr, &quant);
  if (lerr != LIQ_OK)
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_ENCODER,
                   "%s: the palette could not be built (libimagequant error %d)", w->path,
                   (int) lerr);
      return FALSE;
    }
  liq_set_dithering_level (quant, DITHER_LEVEL);
  palette = liq_get_palette (quant);
  while (map_size < (int) palette->count)
    map_size *= 2;
  map = GifMakeMapObject (map_size, NULL);
  for (unsigned i = 0; i < palette->count; i++)
    {
      map->Colors[i] = (GifColorType) { palette->entries[i].r, palette->entries[i].g,
                                        palette->entries[i].b };
      if (palette->entries[i].a < ALPHA_THRESHOLD && transparent == NO_TRANSPARENT_COLOR)
        {
          transparent = (int) i;
          map->Colors[i] = (GifColorType) { 0, 0, 0 };
        }
    }

  gif = EGifOpen (w, gif_output, &gif_error);
  if (gif == NULL)
    goto gif_failed;
  EGifSetGifVersion (gif, true);
  if (EGifPutScreenDesc (gif, w->width, w->height, 8, transparent != NO_TRANSPARENT_COLOR ? transparent : 0,
                         map) == GIF_ERROR)
    goto gif_failed;
  if (w->range.loop && !put_loop_extension (gif))
    goto gif_failed;

  indices = g_malloc ((size_t) w->width * (size_t) w->height);
  if (w->scratch_fd >= 0)
    scratch = g_malloc (w->frame_bytes);
  for (size_t i = 0; i < w->n_added; i++)
    {
      GraphicsControlBlock gcb = {
        .DisposalMode = transparent != NO_TRANSPARENT_COLOR ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT,
        .UserInputFlag = false,
        .DelayTime = frame_delay (&w->range, i),
        .TransparentColor = transparent,
      };
      GifByteType ext[4];
      const uint8_t *rgba = frame_pixels (w, i, scratch, error);
      liq_image *image;

      if (rgba == NULL)
        goto out;
      image = liq_image_create_rgba (w->attr, rgba, w->width, w->height, 0);
      lerr = image != NULL ? liq_write_remapped_image (quant, image, indices,
                                                      (size_t) w->width * (size_t) w->height)
                           : LIQ_OUT_OF_MEMORY;
      if (image != NULL)
        liq_image_destroy (image);
      if (lerr != LIQ_OK)
        {
          g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_ENCODER,
                       "%s: frame %zu could not be remapped (libimagequant error %d)", w->path,
                       i, (int) lerr);
          goto out;
        }
      EGifGCBToExtension (&gcb, ext);
      if (EGifPutExtension (gif, GRAPHICS_EXT_FUNC_CODE, 4, ext) == GIF_ERROR
          || EGifPutImageDesc (gif, 0, 0, w->width, w->height, false, NULL) == GIF_ERROR
          || EGifPutLine (gif, indices, w->width * w->height) == GIF_ERROR)
        goto gif_failed;
      /* The frame is written: its pixels are no longer needed. */
      g_clear_pointer (&w->frames->pdata[i], g_free);
    }
  ok = EGifCloseFile (gif, &gif_error) == GIF_OK;
  gif = NULL;
  if (ok)
    goto out;

gif_failed:
  if (w->write_errno != 0)
    set_io_error (error, w->path, w->write_errno, "cannot write");
  else
    g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_ENCODER, "%s: %s", w->path,
                 GifErrorString (gif != NULL ? gif->Error : gif_error));
  ok = FALSE;
out:
  if (gif != NULL)
    EGifCloseFile (gif, NULL);
  GifFreeMapObject (map);
  liq_result_destroy (quant);
  g_free (indices);
  g_free (scratch);
  return ok;
}

static void
gif_abort (OssaExportWriter *w)
{
  if (w->tmp_path != NULL)
    g_unlink (w->tmp_path);
  writer_free (w);
}

static gboolean
gif_finish (OssaExportWriter *w, OssaExportResult *result, GError **error)
{
  int fd;

  if (w->n_added != w->range.n_frames)
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_ENCODER,
                   "%s: %zu of %zu frames were drawn", w->path, w->n_added, w->range.n_frames);
      gif_abort (w);
      return FALSE;
    }
  if (!encode (w, error))
    {
      gif_abort (w);
      return FALSE;
    }
  if (!flush_out (w) || fsync (w->fd) != 0)
    {
      set_io_error (error, w->path, w->write_errno != 0 ? w->write_errno : errno, "cannot write");
      gif_abort (w);
      return FALSE;
    }
  fd = w->fd;
  w->fd = -1;
  if (close (fd) != 0)
    {
      set_io_error (error, w->path, errno, "cannot write");
      gif_abort (w);
      return FALSE;
    }
  if (g_rename (w->tmp_path, w->path) != 0)
    {
      set_io_error (error, w->path, errno, "cannot put the file in place");
      gif_abort (w);
      return FALSE;
    }
  if (result->files == NULL)
    result->files = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (result->files, g_strdup (w->path));
  g_clear_pointer (&w->tmp_path, g_free);
  writer_free (w);
  return TRUE;
}

size_t
_ossa_export_gif_set_keep_bytes (size_t bytes)
{
  size_t old = keep_bytes;

  keep_bytes = bytes;
  return old;
}

const OssaExportWriterClass _ossa_export_gif_writer = {
  gif_begin, gif_add_frame, gif_finish, gif_abort,
};
