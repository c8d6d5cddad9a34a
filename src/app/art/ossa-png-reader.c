/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-png-reader"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "ossa-png-reader.h"

static const guint8 png_signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };

/* The signature, IHDR's length and type, its 13 bytes and its CRC. */
#define PNG_HEADER_BYTES (8 + 4 + 4 + 13 + 4)

/* How much a file read asks for at a time. */
#define READ_CHUNK (256 * 1024)

static guint32
read_be32 (const guint8 *p)
{
  return (guint32) p[0] << 24 | (guint32) p[1] << 16 | (guint32) p[2] << 8 | p[3];
}

/* Whether depth is a bit depth the PNG specification allows for color type. */
static gboolean
valid_depth (guint8 color_type,
             guint8 depth)
{
  switch (color_type)
    {
    case 0: /* grey */
      return depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16;
    case 3: /* palette */
      return depth == 1 || depth == 2 || depth == 4 || depth == 8;
    case 2: /* RGB */
    case 4: /* grey and alpha */
    case 6: /* RGBA */
      return depth == 8 || depth == 16;
    default:
      return FALSE;
    }
}

/**
 * ossa_png_read_size:
 * @data: the start of a PNG file (at least its first 33 bytes, to be whole)
 * @size: how many bytes @data has
 * @width: (out): the picture's width in pixels
 * @height: (out): its height
 * @error: return location for a #GError
 *
 * Reads the size from the IHDR header, which the PNG specification puts first,
 * without decoding anything, and checks that header is one a decoder accepts.
 * The message of @error says what is wrong and nothing else; the caller puts the
 * file's name in front.
 *
 * Returns: whether @data starts as a PNG file does
 */
gboolean
ossa_png_read_size (const guint8  *data,
                    gsize          size,
                    guint         *width,
                    guint         *height,
                    GError       **error)
{
  const guint8 *ihdr;
  guint32 w, h;

  g_return_val_if_fail (data != NULL || size == 0, FALSE);
  g_return_val_if_fail (width != NULL && height != NULL, FALSE);

  if (size < sizeof png_signature || memcmp (data, png_signature, sizeof png_signature) != 0)
    {
      g_set_error_literal (error, OSSA_ART_ERROR, OSSA_ART_ERROR_DECODE,
                           _("not a PNG image"));
      return FALSE;
    }
  if (size < PNG_HEADER_BYTES)
    {
      g_set_error_literal (error, OSSA_ART_ERROR, OSSA_ART_ERROR_DECODE,
                           _("a damaged PNG image: it ends inside its header"));
      return FALSE;
    }
  if (read_be32 (data + 8) != 13 || memcmp (data + 12, "IHDR", 4) != 0)
    {
      g_set_error_literal (error, OSSA_ART_ERROR, OSSA_ART_ERROR_DECODE,
                           _("a damaged PNG image: it does not start with its header (IHDR)"));
      return FALSE;
    }
  ihdr = data + 16;
  w = read_be32 (ihdr);
  h = read_be32 (ihdr + 4);
  /* The specification caps both at 2³¹ − 1; zero is not a picture. */
  if (w == 0 || h == 0 || w > G_MAXINT32 || h > G_MAXINT32)
    {
      g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_DECODE,
                   _("a damaged PNG image: its header says %u × %u pixels"),
                   (guint) w, (guint) h);
      return FALSE;
    }
  if (!valid_depth (ihdr[9], ihdr[8]) || ihdr[10] != 0 || ihdr[11] != 0 || ihdr[12] > 1)
    {
      g_set_error_literal (error, OSSA_ART_ERROR, OSSA_ART_ERROR_DECODE,
                           _("a damaged PNG image: its header has a colour type, depth or method no decoder knows"));
      return FALSE;
    }
  *width = w;
  *height = h;
  return TRUE;
}

/* Decodes png with gdk-pixbuf's PNG loader alone, whatever the bytes look like.
 * (GTK 4.8's own loader, behind gdk_texture_new_from_bytes(), leaks its buffers
 * on a PNG that breaks off.) */
static GdkPixbuf *
decode (GBytes  *png,
        GError **error)
{
  g_autoptr (GdkPixbufLoader) loader = gdk_pixbuf_loader_new_with_type ("png", error);
  gboolean written;
  GdkPixbuf *pixbuf;

  if (loader == NULL)
    return NULL;
  written = gdk_pixbuf_loader_write_bytes (loader, png, error);
  /* Closed either way: a loader left open complains when it is freed. */
  if (!gdk_pixbuf_loader_close (loader, written ? error : NULL) || !written)
    return NULL;
  pixbuf = gdk_pixbuf_loader_get_pixbuf (loader);
  if (pixbuf == NULL)
    {
      g_set_error_literal (error, GDK_PIXBUF_ERROR, GDK_PIXBUF_ERROR_CORRUPT_IMAGE,
                           _("not a PNG image"));
      return NULL;
    }
  return g_object_ref (pixbuf);
}

/**
 * ossa_png_check:
 * @png: a PNG file's bytes
 * @flags: %OSSA_ART_READ_DECODE to decode it in full
 * @limits: (nullable): the limits, or NULL for ossa_art_limits_default()
 * @width: (out): its width in pixels, from its header
 * @height: (out): its height
 * @texture: (out) (optional) (transfer full): with %OSSA_ART_READ_DECODE, the
 *   decoded picture; else set to NULL
 * @error: return location for a #GError
 *
 * Checks that @png is a PNG within @limits (bytes, pixels a side), reads its size
 * and, when asked, decodes it and checks the decoded size against the header's.
 * Like ossa_png_read_size(), @error says what is wrong, not where.
 *
 * Returns: whether @png is a picture the editor can use
 */
gboolean
ossa_png_check (GBytes               *png,
                OssaArtReadFlags      flags,
                const OssaArtLimits  *limits,
                guint                *width,
                guint                *height,
                GdkTexture          **texture,
                GError              **error)
{
  g_autoptr (GdkTexture) decoded = NULL;
  g_autoptr (GError) local = NULL;
  gsize size;
  const guint8 *data;
  guint w, h;

  g_return_val_if_fail (png != NULL, FALSE);

  if (limits == NULL)
    limits = ossa_art_limits_default ();
  if (texture != NULL)
    *texture = NULL;
  data = g_bytes_get_data (png, &size);
  if (size > limits->max_png_bytes)
    {
      g_autofree char *have = g_format_size_full (size, G_FORMAT_SIZE_IEC_UNITS);
      g_autofree char *most = g_format_size_full (limits->max_png_bytes, G_FORMAT_SIZE_IEC_UNITS);

      g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_LIMIT,
                   _("%s, over the limit of %s for one picture"), have, most);
      return FALSE;
    }
  if (!ossa_png_read_size (data, size, &w, &h, error))
    return FALSE;
  if (w > limits->max_side || h > limits->max_side)
    {
      g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_LIMIT,
                   _("%u × %u pixels, over the limit of %u pixels a side"),
                   w, h, limits->max_side);
      return FALSE;
    }
  if (flags & OSSA_ART_READ_DECODE)
    {
      g_autoptr (GdkPixbuf) pixbuf = decode (png, &local);

      if (pixbuf == NULL)
        {
          g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_DECODE,
                       _("the PNG image does not decode (%s)"), local->message);
          return FALSE;
        }
      if ((guint) gdk_pixbuf_get_width (pixbuf) != w || (guint) gdk_pixbuf_get_height (pixbuf) != h)
        {
          g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_DECODE,
                       _("the PNG image decodes to %d × %d pixels, not the %u × %u its header says"),
                       gdk_pixbuf_get_width (pixbuf), gdk_pixbuf_get_height (pixbuf), w, h);
          return FALSE;
        }
      decoded = gdk_texture_new_for_pixbuf (pixbuf);
    }
  *width = w;
  *height = h;
  if (texture != NULL)
    *texture = g_steal_pointer (&decoded);
  return TRUE;
}

/**
 * ossa_art_image_free:
 * @image: (nullable) (transfer full): an image
 *
 * Frees @image and everything in it.
 */
void
ossa_art_image_free (OssaArtImage *image)
{
  if (image == NULL)
    return;
  g_free (image->name);
  g_clear_pointer (&image->png, g_bytes_unref);
  g_clear_object (&image->texture);
  g_free (image);
}

/**
 * ossa_png_read_bytes:
 * @png: a PNG file's bytes (a reference is taken)
 * @name: the name shown in messages (a file name, UTF-8)
 * @flags: %OSSA_ART_READ_DECODE to decode it in full
 * @limits: (nullable): the limits, or NULL for the defaults
 * @error: return location for a #GError, "NAME: message"
 *
 * Returns: (transfer full) (nullable): the image, or NULL with @error set
 */
OssaArtImage *
ossa_png_read_bytes (GBytes               *png,
                     const char           *name,
                     OssaArtReadFlags      flags,
                     const OssaArtLimits  *limits,
                     GError              **error)
{
  g_autoptr (OssaArtImage) image = g_new0 (OssaArtImage, 1);

  g_return_val_if_fail (png != NULL && name != NULL, NULL);

  if (!ossa_png_check (png, flags, limits, &image->width, &image->height,
                       &image->texture, error))
    {
      g_prefix_error (error, "%s: ", name);
      return NULL;
    }
  image->name = g_strdup (name);
  image->png = g_bytes_ref (png);
  return g_steal_pointer (&image);
}

/* Reads all of stream, but no more than most bytes: more is an OSSA_ART_ERROR_LIMIT
 * error (the file grew since it was measured, or it is a pipe), set without the
 * file's name like every error here. */
static GBytes *
read_at_most (GInputStream  *stream,
              guint64        most,
              guint64        expected,
              GCancellable  *cancellable,
              GError       **error)
{
  g_autoptr (GByteArray) bytes = NULL;

  /* A GByteArray counts in guint. */
  most = MIN (most, (guint64) G_MAXUINT - 2 * READ_CHUNK);
  bytes = g_byte_array_sized_new ((guint) MIN (expected, most) + 1);

  for (;;)
    {
      guint old = bytes->len;
      gssize n;

      g_byte_array_set_size (bytes, old + READ_CHUNK);
      n = g_input_stream_read (stream, bytes->data + old, READ_CHUNK, cancellable, error);
      if (n < 0)
        return NULL;
      g_byte_array_set_size (bytes, old + (guint) n);
      if (n == 0)
        break;
      if (bytes->len > most)
        {
          g_autofree char *limit = g_format_size_full (most, G_FORMAT_SIZE_IEC_UNITS);

          g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_LIMIT,
                       _("over %s, the limit for one picture"), limit);
          return NULL;
        }
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
}

/**
 * ossa_png_read_file:
 * @file: a PNG file
 * @flags: %OSSA_ART_READ_DECODE to decode it in full
 * @limits: (nullable): the limits, or NULL for the defaults
 * @cancellable: (nullable): stops the read
 * @error: return location for a #GError
 *
 * Reads the PNG file @file, measuring it before reading it so that a file over
 * the byte limit is refused without being read. Errors are %OSSA_ART_ERROR
 * "FILE: message" (%OSSA_ART_ERROR_NOT_FOUND for a file that does not exist),
 * or %G_IO_ERROR_CANCELLED.
 *
 * Returns: (transfer full) (nullable): the image, named after @file's path as
 *   the person would write it, or NULL with @error set
 */
OssaArtImage *
ossa_png_read_file (GFile                *file,
                    OssaArtReadFlags      flags,
                    const OssaArtLimits  *limits,
                    GCancellable         *cancellable,
                    GError              **error)
{
  g_autofree char *name = NULL;
  g_autoptr (GFileInputStream) stream = NULL;
  g_autoptr (GFileInfo) info = NULL;
  g_autoptr (GBytes) png = NULL;
  g_autoptr (GError) local = NULL;
  guint64 size = 0;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  if (limits == NULL)
    limits = ossa_art_limits_default ();
  name = g_file_get_parse_name (file);
  stream = g_file_read (file, cancellable, &local);
  if (stream != NULL)
    info = g_file_input_stream_query_info (stream, G_FILE_ATTRIBUTE_STANDARD_SIZE,
                                           cancellable, &local);
  if (info != NULL)
    size = (guint64) g_file_info_get_size (info);
  if (info != NULL && size > limits->max_png_bytes)
    {
      g_autofree char *have = g_format_size_full (size, G_FORMAT_SIZE_IEC_UNITS);
      g_autofree char *most = g_format_size_full (limits->max_png_bytes, G_FORMAT_SIZE_IEC_UNITS);

      g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_LIMIT,
                   _("%s: %s, over the limit of %s for one picture"), name, have, most);
      return NULL;
    }
  if (info != NULL)
    png = read_at_most (G_INPUT_STREAM (stream), limits->max_png_bytes, size, cancellable, &local);
  if (png == NULL)
    {
      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED)
          || local->domain == OSSA_ART_ERROR)
        g_propagate_prefixed_error (error, g_steal_pointer (&local), "%s: ", name);
      else if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_NOT_FOUND,
                     _("%s: the file does not exist"), name);
      else
        g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_IO,
                     _("%s: the file could not be read (%s)"), name, local->message);
      return NULL;
    }
  return ossa_png_read_bytes (png, name, flags, limits, error);
}
