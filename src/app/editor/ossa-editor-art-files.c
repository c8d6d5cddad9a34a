/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-editor"

#include "config.h"

/* The document's image files: their paths made absolute on open and relative in
 * the copy a save writes (DESIGN.md stores them relative to the document's
 * folder, with '/'), and Embed / Unembed Images, each one undo step. */

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "ossa-editor-private.h"
#include "ossa-png-reader.h"

/* Embedding ------------------------------------------------------------------- */

/* Whether any image is a file (embed) or has its bytes (unembed). */
gboolean
ossa_editor_can_embed_images (OssaEditor *self)
{
  const OssaDocument *doc;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  doc = self->document;
  for (gsize i = 0; i < doc->n_images; i++)
    if (doc->images[i].data == NULL && doc->images[i].path != NULL && doc->images[i].path[0] != '\0')
      return TRUE;
  return FALSE;
}

gboolean
ossa_editor_can_unembed_images (OssaEditor *self)
{
  const OssaDocument *doc;

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  doc = self->document;
  for (gsize i = 0; i < doc->n_images; i++)
    if (doc->images[i].data != NULL)
      return TRUE;
  return FALSE;
}

/* Runs one set_image per image given, as one undo step named label; only out of
 * memory fails, and then what went in comes out again. */
static gboolean
set_images (OssaEditor *self, const char *label, const guint *images, GPtrArray *paths,
            GPtrArray *bytes, guint n, GError **error)
{
  gboolean ok = TRUE;
  guint64 before = self->n_edits;

  _ossa_editor_batch_begin (self, label);
  for (guint k = 0; ok && k < n; k++)
    {
      const OssaImage *image = &self->document->images[images[k]];
      GBytes *data = bytes != NULL ? g_ptr_array_index (bytes, k) : NULL;
      OssaError err = { 0 };
      OssaCommand *command;

      command = ossa_command_set_image (self->document, images[k], image->name,
                                        paths != NULL ? g_ptr_array_index (paths, k) : NULL,
                                        data != NULL ? g_bytes_get_data (data, NULL) : NULL,
                                        data != NULL ? g_bytes_get_size (data) : 0,
                                        image->width, image->height, &err);
      ok = _ossa_editor_run (self, command, &err, 0, error);
    }
  _ossa_editor_batch_end (self);
  if (!ok && self->n_edits != before)
    ossa_editor_undo (self, NULL);
  return ok;
}

/**
 * ossa_editor_embed_images:
 *
 * Reads every image file of the document and stores its bytes in the document
 * instead of its path, as one undo step "Embed Images". Every file is read and
 * checked (a PNG within the limits) before anything changes: one that is not
 * refuses it all, naming the file. Reads on the calling thread.
 */
gboolean
ossa_editor_embed_images (OssaEditor *self, GError **error)
{
  const OssaDocument *doc;
  g_autoptr (GPtrArray) bytes = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr (GArray) images = g_array_new (FALSE, FALSE, sizeof (guint));

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  doc = self->document;
  for (gsize i = 0; i < doc->n_images; i++)
    {
      const OssaImage *image = &doc->images[i];
      g_autoptr (GFile) file = NULL;
      g_autoptr (OssaArtImage) read = NULL;
      guint index = (guint) i;

      if (image->data != NULL || image->path == NULL || image->path[0] == '\0')
        continue;
      file = g_file_new_for_path (image->path);
      read = ossa_png_read_file (file, OSSA_ART_READ_DEFAULT, NULL, NULL, error);
      if (read == NULL)
        {
          g_prefix_error (error, _("The images were not embedded: "));
          return FALSE;
        }
      g_ptr_array_add (bytes, g_bytes_ref (read->png));
      g_array_append_val (images, index);
    }
  if (images->len == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("Every image is embedded already"));
      return FALSE;
    }
  return set_images (self, _("Embed Images"), (const guint *) (gpointer) images->data, NULL,
                     bytes, images->len, error);
}

/* A file name made of an image's name: no folder separators, not hidden. */
static char *
file_stem (const char *name)
{
  GString *stem = g_string_new (NULL);

  for (const char *p = name; *p != '\0'; p++)
    g_string_append_c (stem, *p == '/' || *p == '\\' ? '-' : *p);
  while (stem->len > 0 && stem->str[0] == '.')
    g_string_erase (stem, 0, 1);
  if (stem->len == 0)
    g_string_append (stem, "image");
  return g_string_free (stem, FALSE);
}

/* Creates NAME.png in folder, or NAME-2.png, … when it exists: g_file_create()
 * never writes over a file, even one made meanwhile. */
static GFile *
write_new_file (GFile *folder, const char *name, GBytes *bytes, GError **error)
{
  g_autofree char *stem = file_stem (name);

  for (guint n = 1; n < 10000; n++)
    {
      g_autofree char *base = n == 1 ? g_strdup_printf ("%s.png", stem)
                                     : g_strdup_printf ("%s-%u.png", stem, n);
      g_autoptr (GFile) file = g_file_get_child (folder, base);
      g_autoptr (GFileOutputStream) out = NULL;
      g_autoptr (GError) local = NULL;
      gsize written;

      out = g_file_create (file, G_FILE_CREATE_NONE, NULL, &local);
      if (out == NULL && g_error_matches (local, G_IO_ERROR, G_IO_ERROR_EXISTS))
        continue;
      if (out == NULL
          || !g_output_stream_write_all (G_OUTPUT_STREAM (out), g_bytes_get_data (bytes, NULL),
                                         g_bytes_get_size (bytes), &written, NULL, &local)
          || !g_output_stream_close (G_OUTPUT_STREAM (out), NULL, &local))
        {
          g_autofree char *shown = g_file_get_parse_name (file);

          if (out != NULL)
            g_file_delete (file, NULL, NULL);
          /* Translators: %s is a file, then why it could not be written */
          g_set_error (error, G_IO_ERROR, local->code, _("%s could not be written (%s)"),
                       shown, local->message);
          return NULL;
        }
      return g_steal_pointer (&file);
    }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS, _("%s.png and 9,999 others exist already"),
               stem);
  return NULL;
}

/**
 * ossa_editor_unembed_images:
 * @folder: (nullable): where the files go; %NULL for the document's folder
 *
 * Writes every embedded image out as NAME.png (never over a file: NAME-2.png …)
 * and points the images at the files, as one undo step "Unembed Images". When a
 * file cannot be written, those already written are removed and nothing
 * changes. Undo puts the bytes back and leaves the files.
 */
gboolean
ossa_editor_unembed_images (OssaEditor *self, GFile *folder, GError **error)
{
  const OssaDocument *doc;
  g_autoptr (GFile) where = NULL;
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) images = g_array_new (FALSE, FALSE, sizeof (guint));

  g_return_val_if_fail (OSSA_IS_EDITOR (self), FALSE);
  g_return_val_if_fail (folder == NULL || G_IS_FILE (folder), FALSE);
  doc = self->document;
  if (!ossa_editor_can_unembed_images (self))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("No image is embedded"));
      return FALSE;
    }
  if (folder != NULL)
    where = g_object_ref (folder);
  else if (self->file != NULL)
    where = g_file_get_parent (self->file);
  if (where == NULL || g_file_peek_path (where) == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
                           _("The images were not unembedded: save the document first, so that they have a folder to go into"));
      return FALSE;
    }
  for (gsize i = 0; i < doc->n_images; i++)
    {
      const OssaImage *image = &doc->images[i];
      g_autoptr (GBytes) bytes = NULL;
      GFile *file;
      guint index = (guint) i;

      if (image->data == NULL)
        continue;
      bytes = g_bytes_new_static (image->data, image->data_size);
      file = write_new_file (where, image->name, bytes, error);
      if (file == NULL)
        {
          for (guint k = 0; k < files->len; k++)
            g_file_delete (g_ptr_array_index (files, k), NULL, NULL);
          g_prefix_error (error, _("The images were not unembedded: "));
          return FALSE;
        }
      g_ptr_array_add (files, file);
      g_ptr_array_add (paths, g_file_get_path (file));
      g_array_append_val (images, index);
    }
  if (!set_images (self, _("Unembed Images"), (const guint *) (gpointer) images->data, paths,
                   NULL, images->len, error))
    {
      for (guint k = 0; k < files->len; k++)
        g_file_delete (g_ptr_array_index (files, k), NULL, NULL);
      return FALSE;
    }
  return TRUE;
}

/* Paths ----------------------------------------------------------------------- */

/* Whether path is one the document holds as relative: DESIGN.md's '/'-separated
 * path from the document's folder. */
static gboolean
is_relative (const char *path)
{
  return path != NULL && path[0] != '\0' && !g_path_is_absolute (path);
}

/**
 * _ossa_editor_absolute_image_paths:
 * @doc: a document just read, not yet the editor's
 * @folder: the folder of its file
 *
 * Makes every relative image path of @doc absolute against @folder, so that the
 * store, the watch and Save As never depend on the working folder. Safe on any
 * thread (the document is the caller's alone).
 */
void
_ossa_editor_absolute_image_paths (OssaDocument *doc, GFile *folder)
{
  g_autofree char *base = NULL;

  g_return_if_fail (doc != NULL);
  base = folder != NULL ? g_file_get_path (folder) : NULL;
  if (base == NULL)
    return;
  for (gsize i = 0; i < doc->n_images; i++)
    {
      OssaImage *image = &doc->images[i];

      if (image->data != NULL || !is_relative (image->path))
        continue;
      /* g_canonicalize_filename() resolves "..", keeps symlinks, and takes '/'. */
      {
        char *absolute = g_canonicalize_filename (image->path, base);

        free (image->path);
        image->path = strdup (absolute);
        g_free (absolute);
        if (image->path == NULL)
          g_error ("out of memory");
      }
    }
}

/* path, absolute and canonical, relative to folder, absolute and canonical:
 * "../" for each of folder's names past the shared ones, then the rest of path. */
static char *
relative_to (const char *path, const char *folder)
{
  g_auto (GStrv) p = g_strsplit (path, G_DIR_SEPARATOR_S, -1);
  g_auto (GStrv) f = g_strsplit (folder, G_DIR_SEPARATOR_S, -1);
  g_autoptr (GString) out = g_string_new (NULL);
  guint common = 0, np = g_strv_length (p), nf = g_strv_length (f);

  /* "/" splits into "", "": an empty last name is no folder. */
  if (nf > 0 && f[nf - 1][0] == '\0')
    nf--;
  while (common < np - 1 && common < nf && strcmp (p[common], f[common]) == 0)
    common++;
  for (guint i = common; i < nf; i++)
    g_string_append (out, "../");
  for (guint i = common; i < np; i++)
    {
      if (p[i][0] == '\0')
        continue;
      g_string_append (out, p[i]);
      if (i + 1 < np)
        g_string_append_c (out, '/');
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/**
 * _ossa_editor_relative_image_paths:
 * @doc: the copy a save writes (never the editor's document)
 * @folder: the folder it is written into
 * @error: return location for a #GError
 *
 * Writes every absolute image path of @doc relative to @folder, with '/'
 * separators, as DESIGN.md stores them. Safe on any thread.
 *
 * Returns: TRUE (every path on one tree can be made relative; a path that could
 *   not would stay absolute)
 */
gboolean
_ossa_editor_relative_image_paths (OssaDocument *doc, GFile *folder, GError **error)
{
  g_autofree char *base = NULL;
  g_autofree char *canonical_base = NULL;

  g_return_val_if_fail (doc != NULL, FALSE);
  (void) error;
  base = folder != NULL ? g_file_get_path (folder) : NULL;
  if (base == NULL)
    return TRUE;
  canonical_base = g_canonicalize_filename (base, NULL);
  for (gsize i = 0; i < doc->n_images; i++)
    {
      OssaImage *image = &doc->images[i];
      g_autofree char *canonical = NULL;
      g_autofree char *relative = NULL;

      if (image->data != NULL || image->path == NULL || !g_path_is_absolute (image->path))
        continue;
      canonical = g_canonicalize_filename (image->path, NULL);
      relative = relative_to (canonical, canonical_base);
      free (image->path);
      image->path = strdup (relative);
      if (image->path == NULL)
        g_error ("out of memory");
    }
  return TRUE;
}
