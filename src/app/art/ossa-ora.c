/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-ora"

#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n.h>
#include <zip.h>

#include "ossa-ora.h"
#include "ossa-png-reader.h"

/* How much one zip_fread asks for: the limit is checked this often. */
#define READ_CHUNK (256 * 1024)

/* What a read is limited by, to say which limit an entry went past. */
typedef enum
{
  LIMIT_ENTRY,
  LIMIT_TOTAL,
} LimitKind;

/* Sets error from a libzip error: a file that is not there, not a zip, damaged or
 * unreadable. The message has no file name yet; the caller adds it. */
static void
set_zip_error (GError     **error,
               zip_error_t *zerror)
{
  int code = zip_error_code_zip (zerror);
  int sys = zip_error_system_type (zerror) == ZIP_ET_SYS ? zip_error_code_system (zerror) : 0;

  if (sys == ENOENT)
    code = ZIP_ER_NOENT;
  switch (code)
    {
    case ZIP_ER_NOENT:
      g_set_error_literal (error, OSSA_ART_ERROR, OSSA_ART_ERROR_NOT_FOUND,
                           _("the file does not exist"));
      break;
    case ZIP_ER_NOZIP:
      g_set_error_literal (error, OSSA_ART_ERROR, OSSA_ART_ERROR_NOT_ZIP,
                           _("not a zip archive, so not an OpenRaster file"));
      break;
    case ZIP_ER_OPEN:
    case ZIP_ER_READ:
    case ZIP_ER_SEEK:
    case ZIP_ER_MEMORY:
      g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_IO,
                   _("the file could not be read (%s)"),
                   sys != 0 ? g_strerror (sys) : zip_error_strerror (zerror));
      break;
    default:
      /* libzip's own words are English; the sentence around them is not. */
      g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_DAMAGED,
                   _("a damaged zip archive (%s)"), zip_error_strerror (zerror));
      break;
    }
}

/* Inflates entry index of zip, at most limit bytes: its declared size is checked
 * first and the bytes as they come, since a header can lie (a zip bomb says it is
 * small). Errors have no file name; kind says which limit limit is. */
static GBytes *
read_entry (zip_t         *zip,
            zip_uint64_t   index,
            guint64        limit,
            LimitKind      kind,
            GCancellable  *cancellable,
            GError       **error)
{
  g_autoptr (GByteArray) bytes = NULL;
  g_autofree char *most = NULL;
  zip_stat_t st;
  zip_file_t *file;
  gboolean declared;

  /* A GByteArray counts in guint. */
  limit = MIN (limit, (guint64) G_MAXUINT - 2 * READ_CHUNK);
  most = g_format_size_full (limit, G_FORMAT_SIZE_IEC_UNITS);
  zip_stat_init (&st);
  if (zip_stat_index (zip, index, 0, &st) != 0)
    {
      set_zip_error (error, zip_get_error (zip));
      return NULL;
    }
  declared = (st.valid & ZIP_STAT_SIZE) != 0;
  if (declared && st.size > limit)
    {
      g_autofree char *says = g_format_size_full (st.size, G_FORMAT_SIZE_IEC_UNITS);

      if (kind == LIMIT_TOTAL)
        g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_LIMIT,
                     _("says it inflates to %s, past the %s left of the limit for one file"),
                     says, most);
      else
        g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_LIMIT,
                     _("says it inflates to %s, over the limit of %s"), says, most);
      return NULL;
    }
  if ((st.valid & ZIP_STAT_ENCRYPTION_METHOD) && st.encryption_method != ZIP_EM_NONE)
    {
      g_set_error_literal (error, OSSA_ART_ERROR, OSSA_ART_ERROR_DAMAGED,
                           _("encrypted, and this reader reads no passwords"));
      return NULL;
    }
  if ((st.valid & ZIP_STAT_COMP_METHOD) && !zip_compression_method_supported (st.comp_method, 0))
    {
      g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_DAMAGED,
                   _("packed with a compression method this reader does not know (%d)"),
                   (int) st.comp_method);
      return NULL;
    }
  file = zip_fopen_index (zip, index, 0);
  if (file == NULL)
    {
      set_zip_error (error, zip_get_error (zip));
      return NULL;
    }
  /* Room for what it says and the last chunk's ask: an honest entry is never
   * copied to grow. */
  bytes = g_byte_array_sized_new ((guint) (declared ? st.size : 0) + READ_CHUNK);
  for (;;)
    {
      guint old = bytes->len;
      zip_int64_t n;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        break;
      g_byte_array_set_size (bytes, old + READ_CHUNK);
      n = zip_fread (file, bytes->data + old, READ_CHUNK);
      if (n < 0)
        {
          g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_DAMAGED,
                       _("damaged in the archive (%s)"), zip_file_strerror (file));
          break;
        }
      g_byte_array_set_size (bytes, old + (guint) n);
      if (bytes->len > limit)
        {
          g_autofree char *says = g_format_size_full (st.size, G_FORMAT_SIZE_IEC_UNITS);

          /* Stop here: the rest would be inflated only to be thrown away. */
          if (kind == LIMIT_TOTAL)
            g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_LIMIT,
                         _("inflates past the %s left of the limit for one file"), most);
          else if (declared)
            g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_LIMIT,
                         _("inflates past %s, the limit, though it says it is %s (a zip bomb)"),
                         most, says);
          else
            g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_LIMIT,
                         _("inflates past %s, the limit (a zip bomb)"), most);
          break;
        }
      if (n == 0)
        {
          zip_fclose (file);
          if (declared && bytes->len != st.size)
            {
              g_set_error_literal (error, OSSA_ART_ERROR, OSSA_ART_ERROR_DAMAGED,
                                   _("damaged in the archive (it inflates to another size than it says)"));
              return NULL;
            }
          return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
        }
    }
  zip_fclose (file);
  return NULL;
}

/* libzip opens an empty buffer (not an empty file) as an empty archive, which
 * would then be "a zip archive, but not an OpenRaster file": no bytes are no
 * zip. Returns NULL. */
static OssaOra *
not_zip (const char  *name,
         GError     **error)
{
  g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_NOT_ZIP, "%s: %s", name,
               _("not a zip archive, so not an OpenRaster file"));
  return NULL;
}

/* Where path is in zip, also when a writer put "./" or "/" in front of it. */
static zip_int64_t
locate (zip_t      *zip,
        const char *path)
{
  zip_int64_t index = zip_name_locate (zip, path, 0);

  while (index < 0 && (path[0] == '/' || g_str_has_prefix (path, "./")))
    {
      path += path[0] == '/' ? 1 : 2;
      index = zip_name_locate (zip, path, 0);
    }
  return index;
}

/* One layer's decode, on a thread of the pool: what it needs and what it found. */
typedef struct
{
  OssaOraLayer        *layer;
  const OssaArtLimits *limits;
  GCancellable        *cancellable;
  GError              *error;
} Decode;

static void
decode_layer (gpointer data,
              gpointer user_data)
{
  Decode *job = data;
  guint width, height;

  if (!g_cancellable_set_error_if_cancelled (job->cancellable, &job->error))
    ossa_png_check (job->layer->png, OSSA_ART_READ_DECODE, job->limits, &width, &height,
                    &job->layer->texture, &job->error);
}

/* Inflates each layer in turn (a zip_t is for one thread) and checks its header;
 * with OSSA_ART_READ_DECODE, each is decoded on a pool of threads, one a
 * processor, while the next is inflated. The first layer in draw order that
 * fails is the one reported, whichever thread found it first. */
static gboolean
read_layers (zip_t                *zip,
             OssaOra              *ora,
             const zip_uint64_t   *indices,
             const char           *name,
             OssaArtReadFlags      flags,
             const OssaArtLimits  *limits,
             GCancellable         *cancellable,
             GError              **error)
{
  g_autofree Decode *jobs = g_new0 (Decode, ora->layers->len + 1);
  GThreadPool *pool = NULL;
  gboolean ok = TRUE;
  guint64 total = 0;

  if (flags & OSSA_ART_READ_DECODE)
    pool = g_thread_pool_new (decode_layer, NULL, (int) CLAMP (g_get_num_processors (), 1, 8),
                              FALSE, NULL);
  for (guint i = 0; i < ora->layers->len && ok; i++)
    {
      OssaOraLayer *layer = g_ptr_array_index (ora->layers, i);
      guint64 left = limits->max_total_bytes - total;
      LimitKind kind = left < limits->max_png_bytes ? LIMIT_TOTAL : LIMIT_ENTRY;

      layer->png = read_entry (zip, indices[i], MIN (left, limits->max_png_bytes), kind,
                               cancellable, error);
      ok = layer->png != NULL
           && ossa_png_check (layer->png, OSSA_ART_READ_DEFAULT, limits, &layer->width,
                              &layer->height, NULL, error);
      if (!ok)
        g_prefix_error (error, _("%s: layer “%s” (%s): "), name, layer->name, layer->src);
      else if (pool != NULL)
        {
          jobs[i] = (Decode) { layer, limits, cancellable, NULL };
          g_thread_pool_push (pool, &jobs[i], NULL);
        }
      if (ok)
        total += g_bytes_get_size (layer->png);
    }
  /* Waits for the decodes under way; after a failure, drops those not begun. */
  if (pool != NULL)
    g_thread_pool_free (pool, !ok, TRUE);
  for (guint i = 0; i < ora->layers->len; i++)
    {
      const OssaOraLayer *layer = g_ptr_array_index (ora->layers, i);

      if (jobs[i].error != NULL && ok)
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&jobs[i].error),
                                      _("%s: layer “%s” (%s): "), name, layer->name, layer->src);
          ok = FALSE;
        }
      g_clear_error (&jobs[i].error);
    }
  return ok;
}

/* The .ora in zip, named name in messages: every check before any layer is
 * inflated (the mimetype, stack.xml, every layer's file there, the sizes they
 * declare), then the layers (read_layers()). */
static OssaOra *
read_zip (zip_t                *zip,
          const char           *name,
          OssaArtReadFlags      flags,
          const OssaArtLimits  *limits,
          GCancellable         *cancellable,
          GError              **error)
{
  g_autoptr (OssaOra) ora = NULL;
  g_autoptr (GBytes) mimetype = NULL;
  g_autoptr (GBytes) stack = NULL;
  g_autoptr (GError) local = NULL;
  g_autofree zip_uint64_t *indices = NULL;
  zip_int64_t index;
  guint64 declared = 0;

  index = zip_name_locate (zip, "mimetype", 0);
  if (index >= 0)
    mimetype = read_entry (zip, (zip_uint64_t) index, 256, LIMIT_ENTRY, cancellable, &local);
  if (mimetype == NULL && g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  /* Leniently: the specification wants it first and stored, so that the file
   * tells what it is by its first bytes, but a reader can take it from anywhere. */
  if (mimetype == NULL
      || g_bytes_get_size (mimetype) < strlen ("image/openraster")
      || memcmp (g_bytes_get_data (mimetype, NULL), "image/openraster", strlen ("image/openraster")) != 0)
    {
      g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_NOT_ORA,
                   _("%s: a zip archive, but not an OpenRaster file (it has no mimetype “image/openraster”)"),
                   name);
      return NULL;
    }
  g_clear_error (&local);
  index = zip_name_locate (zip, "stack.xml", 0);
  if (index < 0)
    {
      g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_NOT_ORA,
                   _("%s: an OpenRaster file without its list of layers (stack.xml)"), name);
      return NULL;
    }
  stack = read_entry (zip, (zip_uint64_t) index, limits->max_stack_bytes, LIMIT_ENTRY,
                      cancellable, error);
  if (stack == NULL)
    {
      g_prefix_error (error, "%s: stack.xml: ", name);
      return NULL;
    }
  ora = ossa_ora_parse_stack (g_bytes_get_data (stack, NULL), g_bytes_get_size (stack),
                              limits, error);
  if (ora == NULL)
    {
      g_prefix_error (error, "%s: ", name);
      return NULL;
    }

  /* Everything that needs no inflating first, so that a bad file fails fast. */
  indices = g_new0 (zip_uint64_t, ora->layers->len + 1);
  for (guint i = 0; i < ora->layers->len; i++)
    {
      const OssaOraLayer *layer = g_ptr_array_index (ora->layers, i);
      zip_stat_t st;

      index = locate (zip, layer->src);
      if (index < 0)
        {
          g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_NOT_FOUND,
                       _("%s: layer “%s”: its picture %s is not in the file"),
                       name, layer->name, layer->src);
          return NULL;
        }
      indices[i] = (zip_uint64_t) index;
      zip_stat_init (&st);
      if (zip_stat_index (zip, indices[i], 0, &st) == 0 && (st.valid & ZIP_STAT_SIZE))
        declared += st.size;
    }
  if (declared > limits->max_total_bytes)
    {
      g_autofree char *says = g_format_size_full (declared, G_FORMAT_SIZE_IEC_UNITS);
      g_autofree char *most = g_format_size_full (limits->max_total_bytes, G_FORMAT_SIZE_IEC_UNITS);

      g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_LIMIT,
                   _("%s: its layers say they inflate to %s, over the limit of %s for one file"),
                   name, says, most);
      return NULL;
    }

  return read_layers (zip, ora, indices, name, flags, limits, cancellable, error)
         ? g_steal_pointer (&ora) : NULL;
}

/**
 * ossa_ora_read_bytes:
 * @bytes: an .ora file's bytes (kept while reading, not after)
 * @name: the name shown in messages (a file name, UTF-8)
 * @flags: %OSSA_ART_READ_DECODE to decode every layer in full
 * @limits: (nullable): the limits, or NULL for ossa_art_limits_default()
 * @cancellable: (nullable): stops the read between two chunks of inflating
 * @error: return location for a #GError
 *
 * Reads an .ora held in memory; see ossa_ora_read_file().
 *
 * Returns: (transfer full) (nullable): every layer, or NULL with @error set
 */
OssaOra *
ossa_ora_read_bytes (GBytes               *bytes,
                     const char           *name,
                     OssaArtReadFlags      flags,
                     const OssaArtLimits  *limits,
                     GCancellable         *cancellable,
                     GError              **error)
{
  zip_error_t zerror;
  zip_source_t *source;
  zip_t *zip;
  OssaOra *ora;
  gsize size;
  const void *data;

  g_return_val_if_fail (bytes != NULL && name != NULL, NULL);

  if (limits == NULL)
    limits = ossa_art_limits_default ();
  data = g_bytes_get_data (bytes, &size);
  if (size == 0)
    return not_zip (name, error);
  zip_error_init (&zerror);
  source = zip_source_buffer_create (size > 0 ? data : "", size, 0, &zerror);
  zip = source != NULL ? zip_open_from_source (source, ZIP_RDONLY, &zerror) : NULL;
  if (zip == NULL)
    {
      set_zip_error (error, &zerror);
      g_prefix_error (error, "%s: ", name);
      zip_error_fini (&zerror);
      if (source != NULL)
        zip_source_free (source);
      return NULL;
    }
  zip_error_fini (&zerror);
  ora = read_zip (zip, name, flags, limits, cancellable, error);
  zip_discard (zip);
  return ora;
}

/**
 * ossa_ora_read_file:
 * @file: a local .ora file
 * @flags: %OSSA_ART_READ_DECODE to decode every layer in full
 * @limits: (nullable): the limits, or NULL for ossa_art_limits_default()
 * @cancellable: (nullable): stops the read between two chunks of inflating
 * @error: return location for a #GError
 *
 * Reads every layer of an OpenRaster file: its PNG's bytes and size, where it
 * is, whether it shows and how opaque it is, back to front. Nothing is returned
 * unless everything is read: a layer whose file is missing, that inflates past
 * the limits (checked on its declared size and again on the bytes as they come),
 * that is over %OSSA_ART_MAX_SIDE pixels a side or is no PNG fails the whole
 * file, with an %OSSA_ART_ERROR "FILE: layer “NAME” (SRC): message"; a file that
 * is no zip, has no stack.xml or a stack.xml that is not XML
 * ("FILE: stack.xml:LINE: message") or too many layers likewise.
 *
 * Returns: (transfer full) (nullable): every layer, or NULL with @error set
 */
OssaOra *
ossa_ora_read_file (GFile                *file,
                    OssaArtReadFlags      flags,
                    const OssaArtLimits  *limits,
                    GCancellable         *cancellable,
                    GError              **error)
{
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  zip_t *zip;
  OssaOra *ora;
  int code = 0;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  if (limits == NULL)
    limits = ossa_art_limits_default ();
  name = g_file_get_parse_name (file);
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_IO,
                   _("%s: only local files can be read"), name);
      return NULL;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  zip = zip_open (path, ZIP_RDONLY, &code);
  if (zip == NULL)
    {
      zip_error_t zerror;

      zip_error_init_with_code (&zerror, code);
      set_zip_error (error, &zerror);
      g_prefix_error (error, "%s: ", name);
      zip_error_fini (&zerror);
      return NULL;
    }
  ora = read_zip (zip, name, flags, limits, cancellable, error);
  zip_discard (zip);
  return ora;
}
