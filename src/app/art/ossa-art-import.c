/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-art"

#include "config.h"

/* PNG files and OpenRaster layers into the document (ossa-art-import.h). */

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "ossa-art-import.h"
#include "ossa-png-reader.h"

static gboolean
has_suffix (GFile *file, const char *suffix)
{
  g_autofree char *basename = g_file_get_basename (file);
  gsize len = basename != NULL ? strlen (basename) : 0, n = strlen (suffix);

  return len > n && g_ascii_strcasecmp (basename + len - n, suffix) == 0;
}

gboolean
ossa_art_import_is_png (GFile *file)
{
  return has_suffix (file, ".png");
}

gboolean
ossa_art_import_is_ora (GFile *file)
{
  return has_suffix (file, ".ora");
}

/* The file's base name without its extension: the image's, slot's and
 * attachment's name. */
static char *
picture_name (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);
  char *dot = basename != NULL ? strrchr (basename, '.') : NULL;

  if (dot != NULL && dot != basename)
    *dot = '\0';
  return g_utf8_make_valid (basename != NULL ? basename : "picture", -1);
}

int
ossa_art_import_pngs (OssaEditor *editor, GFile *const *files, guint n_files, double x, double y,
                      int bone, GError **error)
{
  g_autoptr (GPtrArray) images = g_ptr_array_new_with_free_func ((GDestroyNotify) ossa_art_image_free);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GString) bad = g_string_new (NULL);
  g_autofree OssaPictureImport *pictures = NULL;
  double row = 0, left;

  g_return_val_if_fail (OSSA_IS_EDITOR (editor), -1);
  for (guint i = 0; i < n_files; i++)
    {
      g_autoptr (GError) local = NULL;
      OssaArtImage *image = ossa_png_read_file (files[i], OSSA_ART_READ_DECODE, NULL, NULL, &local);

      if (image == NULL)
        {
          g_string_append_printf (bad, "%s%s", bad->len > 0 ? "\n" : "", local->message);
          continue;
        }
      /* The pixels were only wanted to know the file decodes: the store reads it. */
      g_clear_object (&image->texture);
      g_ptr_array_add (images, image);
      g_ptr_array_add (names, picture_name (files[i]));
      g_ptr_array_add (paths, g_file_get_path (files[i]));
      row += image->width + (i > 0 ? OSSA_ART_IMPORT_GAP : 0);
    }
  if (bad->len > 0)
    {
      g_set_error_literal (error, OSSA_ART_ERROR, OSSA_ART_ERROR_DECODE, bad->str);
      return -1;
    }
  pictures = g_new0 (OssaPictureImport, MAX (images->len, 1));
  left = x - row / 2;
  for (guint i = 0; i < images->len; i++)
    {
      const OssaArtImage *image = g_ptr_array_index (images, i);
      const char *path = g_ptr_array_index (paths, i);
      OssaPictureImport *p = &pictures[i];

      p->name = g_ptr_array_index (names, i);
      p->path = path;
      /* A file with no local path (a remote one) is kept in the document. */
      if (path == NULL)
        p->data = g_bytes_get_data (image->png, &p->data_size);
      p->width = image->width;
      p->height = image->height;
      p->x = left + image->width / 2.0;
      p->y = y;
      p->bone = bone;
      left += image->width + OSSA_ART_IMPORT_GAP;
    }
  return ossa_editor_import_pictures_rooted (editor, pictures, NULL, images->len,
                                             images->len == 1 ? _("Import Picture")
                                                              : _("Import Pictures"),
                                             "root", error);
}

/* The layers whose blending Ossa does not draw, one a line, or NULL. */
static char *
blending_notice (const OssaOra *ora, const char *name)
{
  g_autoptr (GString) list = g_string_new (NULL);

  /* Top first, as the painting program's layer list shows them. */
  for (guint i = ora->layers->len; i-- > 0;)
    {
      const OssaOraLayer *layer = g_ptr_array_index (ora->layers, i);

      if (layer->composite_op != NULL && strcmp (layer->composite_op, "svg:src-over") != 0)
        g_string_append_printf (list, "\n%s (%s)", layer->name, layer->composite_op);
    }
  if (list->len == 0)
    return NULL;
  /* TRANSLATORS: %s is the .ora file's name; the list of layers follows. */
  return g_strdup_printf (_("%s: these layers blend in ways Ossa does not draw; they are drawn as "
                            "normal:%s"),
                          name, list->str);
}

int
ossa_art_import_ora_layers (OssaEditor *editor, const OssaOra *ora, const char *name,
                            char **notice, GError **error)
{
  g_autofree OssaPictureImport *pictures = NULL;
  g_autofree OssaPictureLook *looks = NULL;
  int first;

  g_return_val_if_fail (OSSA_IS_EDITOR (editor), -1);
  g_return_val_if_fail (ora != NULL, -1);
  if (notice != NULL)
    *notice = NULL;
  if (ora->layers->len == 0)
    {
      g_set_error (error, OSSA_ART_ERROR, OSSA_ART_ERROR_NOT_ORA,
                   _("%s: the OpenRaster file has no layers"), name);
      return -1;
    }
  pictures = g_new0 (OssaPictureImport, ora->layers->len);
  looks = g_new0 (OssaPictureLook, ora->layers->len);
  for (guint i = 0; i < ora->layers->len; i++)
    {
      const OssaOraLayer *layer = g_ptr_array_index (ora->layers, i);
      OssaPictureImport *p = &pictures[i];
      guint alpha = (guint) lround (CLAMP (layer->opacity, 0.0, 1.0) * 255.0);

      p->name = layer->name;
      p->data = g_bytes_get_data (layer->png, &p->data_size);
      p->width = layer->width;
      p->height = layer->height;
      /* The ORA's canvas centred on the origin, its y axis turned up. */
      p->x = layer->x + layer->width / 2.0 - ora->width / 2.0;
      p->y = ora->height / 2.0 - (layer->y + layer->height / 2.0);
      p->bone = -1;
      looks[i].tint = 0xffffff00u | alpha;
      looks[i].hidden = !layer->visible;
    }
  first = ossa_editor_import_pictures_rooted (editor, pictures, looks, ora->layers->len,
                                              _("Import OpenRaster"), "root", error);
  if (first < 0)
    {
      if (error != NULL && *error != NULL)
        g_prefix_error (error, "%s: ", name);
      return -1;
    }
  if (notice != NULL)
    *notice = blending_notice (ora, name);
  return first;
}

int
ossa_art_import_ora (OssaEditor *editor, GFile *file, char **notice, GError **error)
{
  g_autoptr (OssaOra) ora = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (G_IS_FILE (file), -1);
  if (notice != NULL)
    *notice = NULL;
  ora = ossa_ora_read_file (file, OSSA_ART_READ_DEFAULT, NULL, NULL, error);
  if (ora == NULL)
    return -1;
  name = g_file_get_parse_name (file);
  return ossa_art_import_ora_layers (editor, ora, name, notice, error);
}
