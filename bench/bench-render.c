/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The export job on the sample's walk (30 frames at 512×512, src/export/): to PNG
 * frames (frames a second), to a sprite sheet, to a GIF, each through
 * ossa_export_run() as `ossa-cli render` runs it; the PNG encoder alone against
 * cairo_surface_write_to_png(); and ImageMagick's `convert -delay 3.33 -loop 0
 * frames/walk-*.png out.gif` on the same frames, with the ratio the issue targets (our
 * whole render-and-encode to GIF at most a quarter of ImageMagick's encode alone).
 * Prints figures; never fails on time.
 * `bench-render [DOC.ossa] [--rounds N] [--keep DIR]` (DOC: hero.ossa of the build). */
#include "config.h"

#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "ossa-export.h"
#include "ossa-io.h"

static double
now_ms (void)
{
  return (double) g_get_monotonic_time () / 1e3;
}

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The median of n times (sorts them). */
static double
median (double *t, int n)
{
  qsort (t, (size_t) n, sizeof *t, compare_double);
  return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

static void
remove_files (GPtrArray *files)
{
  for (guint i = 0; files != NULL && i < files->len; i++)
    g_unlink (files->pdata[i]);
}

/* ossa_export_run() of doc's walk to output, rounds times; the median ms, the
 * result of the last run kept in *last (its files left in place). */
static double
time_export (const OssaDocument *doc, const char *base, const char *output, gboolean sheet,
             int rounds, OssaExportResult *last)
{
  double *t = g_new (double, (size_t) rounds), m;
  OssaExportSettings s;
  GError *error = NULL;

  ossa_export_settings_init (&s);
  s.animation = "walk";
  s.output = output;
  s.base_dir = base;
  if (!ossa_export_format_for_path (output, sheet, &s.format, &error))
    g_error ("%s", error->message);
  for (int r = 0; r < rounds; r++)
    {
      double t0 = now_ms ();

      if (r > 0)
        ossa_export_result_clear (last);
      if (!ossa_export_run (doc, &s, NULL, NULL, NULL, last, &error))
        {
          printf ("  %s: %s\n", output, error->message);
          g_clear_error (&error);
          g_free (t);
          return -1;
        }
      t[r] = now_ms () - t0;
    }
  m = median (t, rounds);
  g_free (t);
  return m;
}

/* The PNG encoders alone on the frames already written (read back): ours and
 * cairo's, ms a frame (median of rounds over all frames). */
static void
time_png_encoders (GPtrArray *frames, const char *dir, int rounds)
{
  g_autofree char *ours = g_build_filename (dir, "ours.png", NULL);
  g_autofree char *theirs = g_build_filename (dir, "cairo.png", NULL);
  double *t_ours = g_new (double, (size_t) rounds), *t_cairo = g_new (double, (size_t) rounds);
  cairo_surface_t **s = g_new (cairo_surface_t *, frames->len);
  GStatBuf st_ours, st_cairo;
  GError *error = NULL;

  for (guint i = 0; i < frames->len; i++)
    s[i] = cairo_image_surface_create_from_png (frames->pdata[i]);
  for (int r = 0; r < rounds; r++)
    {
      double t0 = now_ms ();

      for (guint i = 0; i < frames->len; i++)
        if (!ossa_export_write_png (ours, cairo_image_surface_get_data (s[i]),
                                    cairo_image_surface_get_width (s[i]),
                                    cairo_image_surface_get_height (s[i]),
                                    cairo_image_surface_get_stride (s[i]), &error))
          g_error ("%s", error->message);
      t_ours[r] = (now_ms () - t0) / frames->len;
      t0 = now_ms ();
      for (guint i = 0; i < frames->len; i++)
        cairo_surface_write_to_png (s[i], theirs);
      t_cairo[r] = (now_ms () - t0) / frames->len;
    }
  g_stat (ours, &st_ours);
  g_stat (theirs, &st_cairo);
  printf ("png encoder, a 512×512 frame: ours %.2f ms (%ld bytes), cairo_surface_write_to_png "
          "%.2f ms (%ld bytes): %.1f× faster\n",
          median (t_ours, rounds), (long) st_ours.st_size, median (t_cairo, rounds),
          (long) st_cairo.st_size, median (t_cairo, rounds) / median (t_ours, rounds));
  for (guint i = 0; i < frames->len; i++)
    cairo_surface_destroy (s[i]);
  g_unlink (ours);
  g_unlink (theirs);
  g_free (s);
  g_free (t_ours);
  g_free (t_cairo);
}

/* ImageMagick's convert on the frames: ms (median), or -1 when it is absent. */
static double
time_imagemagick (GPtrArray *frames, const char *out, int rounds)
{
  GPtrArray *argv = g_ptr_array_new ();
  double *t = g_new (double, (size_t) rounds), m;

  g_ptr_array_add (argv, (char *) "convert");
  g_ptr_array_add (argv, (char *) "-delay");
  g_ptr_array_add (argv, (char *) "3.33");
  g_ptr_array_add (argv, (char *) "-loop");
  g_ptr_array_add (argv, (char *) "0");
  for (guint i = 0; i < frames->len; i++)
    g_ptr_array_add (argv, frames->pdata[i]);
  g_ptr_array_add (argv, (char *) out);
  g_ptr_array_add (argv, NULL);
  for (int r = 0; r < rounds; r++)
    {
      GError *error = NULL;
      int status = 0;
      double t0 = now_ms ();

      if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                         NULL, NULL, &status, &error)
          || !g_spawn_check_wait_status (status, NULL))
        {
          printf ("ImageMagick's convert: %s\n", error ? error->message : "failed");
          g_clear_error (&error);
          g_ptr_array_unref (argv);
          g_free (t);
          return -1;
        }
      t[r] = now_ms () - t0;
    }
  m = median (t, rounds);
  g_ptr_array_unref (argv);
  g_free (t);
  return m;
}

int
main (int argc, char **argv)
{
  const char *path = NULL, *keep = NULL, *root = g_getenv ("OSSA_BUILD_ROOT");
  g_autofree char *default_path = NULL, *base = NULL, *dir = NULL, *frames_dir = NULL;
  g_autofree char *pattern = NULL, *sheet = NULL, *gif = NULL, *im_gif = NULL;
  OssaExportResult frames = { 0 }, other = { 0 };
  OssaError err = { 0 };
  OssaDocument *doc;
  double t_frames, t_sheet, t_gif, t_im;
  int rounds = 5;

  for (int i = 1; i < argc; i++)
    if (strcmp (argv[i], "--rounds") == 0 && i + 1 < argc)
      rounds = atoi (argv[++i]);
    else if (strcmp (argv[i], "--keep") == 0 && i + 1 < argc)
      keep = argv[++i];
    else
      path = argv[i];
  rounds = MAX (1, rounds);
  if (path == NULL)
    {
      default_path = g_build_filename (root != NULL ? root : ".", "data", "samples", "hero.ossa",
                                       NULL);
      path = default_path;
    }
  doc = ossa_document_load (path, &err);
  if (doc == NULL)
    {
      fprintf (stderr, "bench-render: %s: %s\n", path, err.message);
      return 1;
    }
  base = g_path_get_dirname (path);
  dir = keep != NULL ? g_strdup (keep) : g_dir_make_tmp ("bench-render-XXXXXX", NULL);
  g_mkdir_with_parents (dir, 0755);
  frames_dir = g_build_filename (dir, "frames", NULL);
  g_mkdir_with_parents (frames_dir, 0755);
  pattern = g_build_filename (frames_dir, "walk-%04d.png", NULL);
  sheet = g_build_filename (dir, "walk.png", NULL);
  gif = g_build_filename (dir, "walk.gif", NULL);
  im_gif = g_build_filename (dir, "imagemagick.gif", NULL);

  printf ("bench-render: %s, \"walk\" at 512×512, median of %d rounds (a shared machine: "
          "compare figures of one run)\n", path, rounds);
  t_frames = time_export (doc, base, pattern, FALSE, rounds, &frames);
  if (t_frames < 0)
    return 1;
  printf ("png frames: %zu frames in %.1f ms: %.1f frames a second\n", frames.range.n_frames,
          t_frames, 1e3 * (double) frames.range.n_frames / t_frames);
  time_png_encoders (frames.files, dir, rounds);

  t_sheet = time_export (doc, base, sheet, TRUE, rounds, &other);
  if (t_sheet >= 0)
    printf ("sprite sheet: %.1f ms (%d×%d frames)\n", t_sheet, other.width, other.height);
  if (keep == NULL)
    remove_files (other.files);
  ossa_export_result_clear (&other);

  t_gif = time_export (doc, base, gif, FALSE, rounds, &other);
  if (t_gif >= 0)
    printf ("gif (render and encode): %.1f ms\n", t_gif);
  if (keep == NULL)
    remove_files (other.files);
  ossa_export_result_clear (&other);

  t_im = time_imagemagick (frames.files, im_gif, MIN (rounds, 3));
  if (t_im >= 0)
    {
      printf ("ImageMagick convert -delay 3.33 -loop 0 frames/*.png out.gif (encode only): "
              "%.1f ms\n", t_im);
      if (t_gif >= 0)
        printf ("ratio, our render and encode to gif / ImageMagick's encode: %.3f "
                "(target ≤ 0.25)\n", t_gif / t_im);
    }
  if (keep == NULL)
    {
      remove_files (frames.files);
      g_unlink (im_gif);
      g_rmdir (frames_dir);
      g_rmdir (dir);
    }
  ossa_export_result_clear (&frames);
  ossa_document_free (doc);
  return 0;
}
