/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Reading layered art: an OpenRaster file of 20 layers of 2048 × 2048 pixels
 * (soft discs with grain, as painted layers are: mostly transparent, not
 * compressing to nothing), written by the bench with libzip, then read with
 * ossa_ora_read_file() a few times: the headers only (what the import needs to
 * place the layers), and decoded in full to textures (what the first drawn frame
 * needs). The target is the first drawn frame under 1 s; this is the
 * read's part of it. Prints figures, never fails on time.
 *
 *   build/bench/bench-ora [--layers N] [--side PIXELS] [--rounds N] */
#define G_LOG_DOMAIN "bench-ora"

#include "config.h"

#include <locale.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "art-test-support.h"
#include "ossa-ora.h"

static int n_layers = 20;
static int side = 2048;
static int rounds = 3;

static const GOptionEntry options[] = {
  { "layers", 0, 0, G_OPTION_ARG_INT, &n_layers, "Layers in the file (20)", "N" },
  { "side", 0, 0, G_OPTION_ARG_INT, &side, "Pixels a side of each layer (2048)", "PIXELS" },
  { "rounds", 0, 0, G_OPTION_ARG_INT, &rounds, "Reads of each kind; the best counts (3)", "N" },
  { NULL },
};

/* The best of rounds reads with flags, in seconds. */
static double
best_read (GFile            *file,
           OssaArtReadFlags  flags)
{
  double best = G_MAXDOUBLE;

  for (int r = 0; r < rounds; r++)
    {
      g_autoptr (GError) error = NULL;
      gint64 start = g_get_monotonic_time ();
      g_autoptr (OssaOra) ora = ossa_ora_read_file (file, flags, NULL, NULL, &error);
      double seconds = (g_get_monotonic_time () - start) / 1e6;

      if (ora == NULL)
        g_error ("%s", error->message);
      g_assert_cmpuint (ora->layers->len, ==, (guint) n_layers);
      best = MIN (best, seconds);
    }
  return best;
}

int
main (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("- time reading a layered .ora");
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) body = g_string_new (NULL);
  g_autoptr (GPtrArray) pngs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *dir = g_dir_make_tmp ("bench-ora-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "layers.ora", NULL);
  g_autofree char *xml = NULL;
  g_autofree ArtTestEntry *entries = NULL;
  g_autoptr (GBytes) mimetype = g_bytes_new_static ("image/openraster", 16);
  g_autoptr (GBytes) stack = NULL;
  g_autoptr (GFile) file = NULL;
  GStatBuf st;
  guint64 png_bytes = 0;
  gint64 start;
  double header, decoded;

  setlocale (LC_ALL, "");
  g_option_context_add_main_entries (context, options, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("bench-ora: %s\n", error->message);
      return 2;
    }

  start = g_get_monotonic_time ();
  entries = g_new0 (ArtTestEntry, (gsize) n_layers + 2);
  for (int i = 0; i < n_layers; i++)
    {
      char *name = g_strdup_printf ("data/layer%03d.png", i);
      GBytes *png = art_test_png_noise ((guint) side, (guint) side, (guint32) i + 1);

      g_ptr_array_add (names, name);
      g_ptr_array_add (pngs, png);
      png_bytes += g_bytes_get_size (png);
      entries[i + 2] = (ArtTestEntry) { name, png, 0, FALSE };
      g_string_append_printf (body, "    <layer name=\"Layer %d\" src=\"%s\" x=\"%d\" y=\"0\"/>\n",
                              i, name, i * 16);
    }
  xml = art_test_stack_xml ((guint) side + (guint) n_layers * 16, (guint) side, body->str);
  stack = g_bytes_new (xml, strlen (xml));
  entries[0] = (ArtTestEntry) { "mimetype", mimetype, 0, TRUE };
  entries[1] = (ArtTestEntry) { "stack.xml", stack, 0, FALSE };
  art_test_write_zip (path, entries, (guint) n_layers + 2);
  g_stat (path, &st);
  g_print ("bench-ora: %d layers of %d × %d: %.1f MiB of PNG, %.1f MiB .ora (made in %.1f s)\n",
           n_layers, side, side, png_bytes / 1048576.0, st.st_size / 1048576.0,
           (g_get_monotonic_time () - start) / 1e6);

  file = g_file_new_for_path (path);
  header = best_read (file, OSSA_ART_READ_DEFAULT);
  decoded = best_read (file, OSSA_ART_READ_DECODE);
  g_print ("bench-ora: read, sizes from the headers: %.0f ms (%.1f ms a layer)\n",
           header * 1e3, header * 1e3 / n_layers);
  g_print ("bench-ora: read and decoded to textures: %.0f ms (%.1f ms a layer)\n",
           decoded * 1e3, decoded * 1e3 / n_layers);

  g_unlink (path);
  g_rmdir (dir);
  return 0;
}
