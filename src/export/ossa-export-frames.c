/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The FRAMES writer: one PNG a frame, named by the pattern ("walk-%04d.png" →
 * walk-0000.png …, the number being the frame's in the animation). The frames go
 * into a hidden folder beside them (".walk-XXXXXX") and are moved under their
 * names only when every one is written, so a cancel or a full disk leaves the
 * folder as it was. A frame whose name exists is replaced (as ffmpeg -y does);
 * frames of an earlier, longer export past the new last one are left alone.
 * Frames are not fsync()ed one by one (it cost a quarter of the export's time):
 * write() and close() still report a full disk, and a sequence can be made again
 * after a power cut; a single file (a sheet, ossa_export_write_png()) is synced. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "ossa-export-private.h"

struct _OssaExportWriter
{
  char             *dir;       /* the pattern's folder as given, "" or ending in '/' */
  char             *tmp_dir;   /* the hidden folder the frames are written into */
  OssaExportPattern pattern;
  int               width, height;
  long              first;     /* the first frame's number */
  GPtrArray        *names;     /* char*: the file names written into tmp_dir */
};

static void
writer_free (OssaExportWriter *w)
{
  _ossa_export_pattern_clear (&w->pattern);
  g_free (w->dir);
  g_free (w->tmp_dir);
  g_ptr_array_unref (w->names);
  g_free (w);
}

/* The hidden folder's name: the pattern's prefix without its trailing separators
 * ("walk-" → ".walk-XXXXXX"), "frames" when there is none. */
static char *
tmp_dir_template (const OssaExportWriter *w)
{
  g_autofree char *stem = g_strdup (w->pattern.prefix);
  size_t n = strlen (stem);

  while (n > 0 && !g_ascii_isalnum (stem[n - 1]))
    stem[--n] = '\0';
  return g_strdup_printf ("%s.%s-XXXXXX", w->dir, n > 0 ? stem : "frames");
}

static OssaExportWriter *
frames_begin (const OssaExportSettings *settings, const OssaExportResult *plan, GError **error)
{
  OssaExportWriter *w = g_new0 (OssaExportWriter, 1);
  const char *slash = strrchr (settings->output, '/');

  w->names = g_ptr_array_new_with_free_func (g_free);
  w->dir = slash != NULL ? g_strndup (settings->output, (size_t) (slash + 1 - settings->output))
                         : g_strdup ("");
  w->width = plan->width;
  w->height = plan->height;
  w->first = _ossa_export_frame_number (plan, 0);
  if (!_ossa_export_pattern_parse (settings->output, &w->pattern, error))
    {
      writer_free (w);
      return NULL;
    }
  w->tmp_dir = tmp_dir_template (w);
  if (g_mkdtemp_full (w->tmp_dir, 0777) == NULL)
    {
      int e = errno;

      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO,
                   "%s: cannot create a folder for the frames: %s", settings->output,
                   g_strerror (e));
      g_clear_pointer (&w->tmp_dir, g_free);
      writer_free (w);
      return NULL;
    }
  return w;
}

static gboolean
frames_add_frame (OssaExportWriter *w, size_t index, const uint8_t *argb, int stride,
                  GError **error)
{
  char *name = _ossa_export_pattern_name (&w->pattern, w->first + (long) index);
  g_autofree char *path = g_build_filename (w->tmp_dir, name, NULL);
  g_autofree char *final = g_strconcat (w->dir, name, NULL);
  int fd = g_open (path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  gboolean ok;

  if (fd < 0)
    {
      int e = errno;

      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO, "%s: cannot create: %s",
                   final, g_strerror (e));
      g_free (name);
      return FALSE;
    }
  g_ptr_array_add (w->names, name);
  ok = _ossa_export_png_write_fd (fd, final, argb, w->width, w->height, stride, FALSE, error);
  if (close (fd) != 0 && ok)
    {
      int e = errno;

      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO, "%s: cannot write: %s",
                   final, g_strerror (e));
      ok = FALSE;
    }
  return ok;
}

/* Removes the hidden folder and what is still in it. */
static void
remove_tmp_dir (OssaExportWriter *w)
{
  for (guint i = 0; i < w->names->len; i++)
    {
      g_autofree char *path = g_build_filename (w->tmp_dir, w->names->pdata[i], NULL);

      g_unlink (path);
    }
  g_rmdir (w->tmp_dir);
}

static gboolean
frames_finish (OssaExportWriter *w, OssaExportResult *result, GError **error)
{
  guint moved;

  for (moved = 0; moved < w->names->len; moved++)
    {
      const char *name = w->names->pdata[moved];
      g_autofree char *from = g_build_filename (w->tmp_dir, name, NULL);
      g_autofree char *to = g_strconcat (w->dir, name, NULL);

      if (g_rename (from, to) != 0)
        {
          int e = errno;

          g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO, "%s: cannot write: %s",
                       to, g_strerror (e));
          break;
        }
    }
  if (moved < w->names->len)
    {
      /* The frames already moved go too: a half sequence is worse than none. */
      for (guint i = 0; i < moved; i++)
        {
          g_autofree char *to = g_strconcat (w->dir, w->names->pdata[i], NULL);

          g_unlink (to);
        }
      remove_tmp_dir (w);
      writer_free (w);
      return FALSE;
    }
  g_rmdir (w->tmp_dir);
  for (guint i = 0; i < w->names->len; i++)
    g_ptr_array_add (result->files, g_strconcat (w->dir, w->names->pdata[i], NULL));
  writer_free (w);
  return TRUE;
}

static void
frames_abort (OssaExportWriter *w)
{
  remove_tmp_dir (w);
  writer_free (w);
}

const OssaExportWriterClass _ossa_export_frames_writer = {
  frames_begin, frames_add_frame, frames_finish, frames_abort,
};
