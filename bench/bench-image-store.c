/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How long the editor's picture store takes to have 20 PNG files of 2048 × 2048
 * pixels ready (premultiplied RGBA8, on its worker threads), from the document
 * taken to the last picture, against decoding the same files one after another
 * with gdk-pixbuf (what ossa_png_check() does with OSSA_ART_READ_DECODE). Prints
 * numbers; never fails on time. */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>

#include "art-test-support.h"
#include "ossa-command.h"
#include "ossa-editor.h"
#include "ossa-image-store.h"
#include "ossa-png-reader.h"

#include <sys/resource.h>

#define N_FILES 20
#define SIDE 2048

/* CPU time of the process, ms: wall time on a shared machine says little. */
static double
cpu_ms (void)
{
  struct rusage u;

  getrusage (RUSAGE_SELF, &u);
  return (double) (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e3
         + (double) (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e3;
}

int
main (void)
{
  g_autofree char *dir = g_dir_make_tmp ("bench-image-store-XXXXXX", NULL);
  char *paths[N_FILES];
  OssaDocument *doc = ossa_document_new ();
  OssaEditor *editor;
  OssaImageStore *store;
  gint64 start;
  double store_ms, pixbuf_ms, cpu;
  gsize total = 0;

  for (guint i = 0; i < N_FILES; i++)
    {
      g_autoptr (GBytes) png = art_test_png_noise (SIDE, SIDE, i + 1);
      g_autofree char *name = g_strdup_printf ("layer-%02u", i);
      OssaError err = { 0 };
      OssaCommand *cmd;

      paths[i] = g_strdup_printf ("%s/%s.png", dir, name);
      g_assert (g_file_set_contents (paths[i], g_bytes_get_data (png, NULL),
                                     (gssize) g_bytes_get_size (png), NULL));
      total += g_bytes_get_size (png);
      cmd = ossa_command_add_image (doc, name, paths[i], NULL, 0, SIDE, SIDE, &err);
      g_assert (cmd != NULL && ossa_command_apply (cmd, doc, &err));
      ossa_command_free (cmd);
    }
  g_print ("%u PNG files of %u x %u, %.1f MB on disk, %u cores\n", N_FILES, SIDE, SIDE,
           (double) total / 1e6, g_get_num_processors ());

  editor = ossa_editor_new ();
  store = ossa_editor_get_images (editor);
  start = g_get_monotonic_time ();
  cpu = cpu_ms ();
  ossa_editor_take_document (editor, doc);
  ossa_image_store_wait (store);
  store_ms = (double) (g_get_monotonic_time () - start) / 1000.0;
  cpu = cpu_ms () - cpu;
  for (guint i = 0; i < N_FILES; i++)
    {
      OssaPicture picture;

      g_assert (ossa_image_store_get_picture (store, i, &picture));
      g_assert (picture.state == OSSA_PICTURE_READY);
    }
  g_print ("image store (libpng, threads): %8.1f ms for all, %6.1f ms a picture; CPU %.1f ms\n",
           store_ms, store_ms / N_FILES, cpu);

  start = g_get_monotonic_time ();
  cpu = cpu_ms ();
  for (guint i = 0; i < N_FILES; i++)
    {
      g_autoptr (GFile) file = g_file_new_for_path (paths[i]);
      g_autoptr (OssaArtImage) image = ossa_png_read_file (file, OSSA_ART_READ_DECODE, NULL,
                                                          NULL, NULL);

      g_assert (image != NULL && image->texture != NULL);
    }
  pixbuf_ms = (double) (g_get_monotonic_time () - start) / 1000.0;
  cpu = cpu_ms () - cpu;
  g_print ("gdk-pixbuf, one thread:        %8.1f ms for all, %6.1f ms a picture; CPU %.1f ms\n",
           pixbuf_ms, pixbuf_ms / N_FILES, cpu);
  g_print ("(load average now: see uptime; wall times stretch with it, CPU times do not)\n");

  g_object_unref (editor);
  for (guint i = 0; i < N_FILES; i++)
    {
      g_unlink (paths[i]);
      g_free (paths[i]);
    }
  g_rmdir (dir);
  return 0;
}
