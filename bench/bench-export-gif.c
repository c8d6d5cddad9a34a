/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The GIF and video writers (src/export/ossa-export-gif.c, -video.c) on 30
 * frames of 512×512, against ImageMagick's `convert -delay … -loop 0
 * frames/walk-NNNN.png out.gif` on the same frames written as PNGs. The frames are either
 * PNGs given with --frames DIR (e.g. `ossa-cli render` output), or drawn here
 * from the sample's art (--art DIR): its pictures on a transparent background,
 * swinging as a walk does. Prints figures; never fails on time.
 *
 *   bench-export-gif --art _build/dev/data/samples/art [--frames DIR] [--keep DIR] */
#include <cairo.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ossa-export-private.h"

#define SIZE 512
#define N_FRAMES 30
#define FPS 30

static const char *const parts[] = {
  "hero-thigh", "hero-shin", "hero-foot", "hero-torso", "hero-upper-arm", "hero-forearm",
  "hero-hand-open", "hero-head", "hero-blush",
};
/* Where each part hangs (its top centre) and how far it swings. */
static const struct { double x, y, swing, phase; } place[] = {
  { 230, 300, 0.5, 0 }, { 230, 420, 0.3, 0.5 }, { 250, 470, 0.2, 1 }, { 256, 170, 0.05, 0 },
  { 300, 180, 0.6, 3.1 }, { 320, 260, 0.4, 3.6 }, { 330, 330, 0.3, 4 }, { 256, 30, 0.08, 1.5 },
  { 230, 130, 0.08, 1.5 },
};

static double
now (void)
{
  return (double) g_get_monotonic_time () / 1e6;
}

static void
draw_puppet (cairo_surface_t **art, cairo_surface_t *frame, double t)
{
  cairo_t *cr = cairo_create (frame);

  cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
  cairo_paint (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  for (size_t i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      int w = cairo_image_surface_get_width (art[i]);

      cairo_save (cr);
      cairo_translate (cr, place[i].x, place[i].y);
      cairo_rotate (cr, place[i].swing * sin (2 * G_PI * t + place[i].phase));
      cairo_scale (cr, 1.3, 1.3);
      cairo_set_source_surface (cr, art[i], -w / 2.0, 0);
      cairo_paint (cr);
      cairo_restore (cr);
    }
  cairo_destroy (cr);
}

/* The frames, premultiplied ARGB32 as the renderer draws them. */
static cairo_surface_t **
make_frames (const char *art_dir, const char *frames_dir, double *draw_seconds)
{
  cairo_surface_t **frames = g_new0 (cairo_surface_t *, N_FRAMES);
  cairo_surface_t *art[G_N_ELEMENTS (parts)];
  double t0;

  if (frames_dir != NULL)
    {
      g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      GDir *d = g_dir_open (frames_dir, 0, NULL);
      const char *name;

      if (d == NULL)
        g_error ("%s: cannot open the folder", frames_dir);
      while ((name = g_dir_read_name (d)) != NULL)
        if (g_str_has_suffix (name, ".png"))
          g_ptr_array_add (names, g_build_filename (frames_dir, name, NULL));
      g_dir_close (d);
      if (names->len < N_FRAMES)
        g_error ("%s: %u PNGs, %d needed", frames_dir, names->len, N_FRAMES);
      g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
      for (int i = 0; i < N_FRAMES; i++)
        {
          frames[i] = cairo_image_surface_create_from_png (names->pdata[i]);
          if (cairo_image_surface_get_width (frames[i]) != SIZE
              || cairo_image_surface_get_height (frames[i]) != SIZE)
            g_error ("%s is not %d×%d", (char *) names->pdata[i], SIZE, SIZE);
        }
      *draw_seconds = NAN;
      return frames;
    }
  for (size_t i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      g_autofree char *file = g_strdup_printf ("%s/%s.png", art_dir, parts[i]);

      art[i] = cairo_image_surface_create_from_png (file);
      if (cairo_surface_status (art[i]) != CAIRO_STATUS_SUCCESS)
        g_error ("%s: %s", file, cairo_status_to_string (cairo_surface_status (art[i])));
    }
  t0 = now ();
  for (int i = 0; i < N_FRAMES; i++)
    {
      frames[i] = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, SIZE, SIZE);
      draw_puppet (art, frames[i], (double) i / N_FRAMES);
      cairo_surface_flush (frames[i]);
    }
  *draw_seconds = now () - t0;
  for (size_t i = 0; i < G_N_ELEMENTS (parts); i++)
    cairo_surface_destroy (art[i]);
  return frames;
}

/* Seconds the writer takes for every frame, begin to finish. */
static double
run_writer (const OssaExportWriterClass *klass, OssaExportFormat format, const char *path,
            cairo_surface_t **frames)
{
  OssaExportSettings settings;
  OssaExportResult plan = { .format = format, .width = SIZE, .height = SIZE,
                            .range = { .fps = FPS, .n_frames = N_FRAMES,
                                       .duration = (float) N_FRAMES / FPS, .loop = true } };
  OssaExportResult result = { 0 };
  g_autoptr (GError) error = NULL;
  OssaExportWriter *writer;
  double t0 = now ();

  ossa_export_settings_init (&settings);
  settings.output = path;
  settings.format = format;
  writer = klass->begin (&settings, &plan, &error);
  if (writer == NULL)
    {
      printf ("  %s: %s\n", path, error->message);
      return NAN;
    }
  for (int i = 0; i < N_FRAMES; i++)
    if (!klass->add_frame (writer, (size_t) i, cairo_image_surface_get_data (frames[i]),
                           cairo_image_surface_get_stride (frames[i]), &error))
      g_error ("%s", error->message);
  if (!klass->finish (writer, &result, &error))
    g_error ("%s", error->message);
  ossa_export_result_clear (&result);
  return now () - t0;
}

static goffset
file_size (const char *path)
{
  GStatBuf st;

  return g_stat (path, &st) == 0 ? (goffset) st.st_size : -1;
}

int
main (int argc, char **argv)
{
  g_autofree char *art_dir = NULL, *frames_dir = NULL, *keep = NULL;
  GOptionEntry entries[] = {
    { "art", 0, 0, G_OPTION_ARG_FILENAME, &art_dir, "the sample's pictures", "DIR" },
    { "frames", 0, 0, G_OPTION_ARG_FILENAME, &frames_dir, "30 PNGs of 512×512 instead", "DIR" },
    { "keep", 0, 0, G_OPTION_ARG_FILENAME, &keep, "write the outputs here", "DIR" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("");
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = NULL, *png_dir = NULL, *gif = NULL, *im_gif = NULL, *webm = NULL,
                  *mp4 = NULL, *convert = g_find_program_in_path ("convert");
  cairo_surface_t **frames;
  double draw, t_gif, t_webm, t_mp4, t_im = NAN;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    g_error ("%s", error->message);
  if (art_dir == NULL && frames_dir == NULL)
    g_error ("give --art DIR or --frames DIR");
  dir = keep != NULL ? g_strdup (keep) : g_dir_make_tmp ("ossa-bench-gif-XXXXXX", NULL);
  g_mkdir_with_parents (dir, 0755);
  png_dir = g_build_filename (dir, "frames", NULL);
  g_mkdir_with_parents (png_dir, 0755);
  gif = g_build_filename (dir, "walk.gif", NULL);
  im_gif = g_build_filename (dir, "walk-imagemagick.gif", NULL);
  webm = g_build_filename (dir, "walk.webm", NULL);
  mp4 = g_build_filename (dir, "walk.mp4", NULL);

  frames = make_frames (art_dir, frames_dir, &draw);
  for (int i = 0; i < N_FRAMES; i++)
    {
      g_autofree char *png = g_strdup_printf ("%s/walk-%04d.png", png_dir, i);

      cairo_surface_write_to_png (frames[i], png);
    }

  printf ("%d frames of %d×%d at %d fps (%s); the machine is shared: compare runs made together\n",
          N_FRAMES, SIZE, SIZE, FPS, frames_dir != NULL ? frames_dir : "drawn from the sample's art");
  if (!isnan (draw))
    printf ("  drawing the frames (cairo):      %7.1f ms\n", draw * 1e3);
  t_gif = run_writer (&_ossa_export_gif_writer, OSSA_EXPORT_GIF, gif, frames);
  printf ("  GIF writer (encode):             %7.1f ms  %8" G_GOFFSET_FORMAT " bytes\n", t_gif * 1e3,
          file_size (gif));
  if (convert != NULL)
    {
      g_autofree char *cmd = g_strdup_printf ("'%s' -delay 10x300 -loop 0 '%s'/walk-*.png '%s'",
                                              convert, png_dir, im_gif);
      int status = 0;
      double t0 = now ();

      if (!g_spawn_command_line_sync (cmd, NULL, NULL, &status, &error)
          || !g_spawn_check_wait_status (status, NULL))
        printf ("  ImageMagick failed: %s\n", error != NULL ? error->message : cmd);
      else
        t_im = now () - t0;
      printf ("  ImageMagick convert (encode):    %7.1f ms  %8" G_GOFFSET_FORMAT " bytes\n",
              t_im * 1e3, file_size (im_gif));
      if (!isnan (draw))
        printf ("  draw + GIF writer / ImageMagick: %7.3f (target ≤ 0.25)\n", (draw + t_gif) / t_im);
      printf ("  GIF writer / ImageMagick:        %7.3f\n", t_gif / t_im);
    }
  else
    printf ("  ImageMagick's convert is not installed: no comparison\n");
  t_webm = run_writer (&_ossa_export_video_writer, OSSA_EXPORT_WEBM, webm, frames);
  printf ("  WebM writer (VP8):               %7.1f ms  %8" G_GOFFSET_FORMAT " bytes\n", t_webm * 1e3,
          file_size (webm));
  t_mp4 = run_writer (&_ossa_export_video_writer, OSSA_EXPORT_MP4, mp4, frames);
  printf ("  MP4 writer (H.264):              %7.1f ms  %8" G_GOFFSET_FORMAT " bytes\n", t_mp4 * 1e3,
          file_size (mp4));

  for (int i = 0; i < N_FRAMES; i++)
    cairo_surface_destroy (frames[i]);
  g_free (frames);
  if (keep == NULL)
    {
      GDir *d = g_dir_open (png_dir, 0, NULL);
      const char *name;

      while ((name = g_dir_read_name (d)) != NULL)
        {
          g_autofree char *p = g_build_filename (png_dir, name, NULL);

          g_unlink (p);
        }
      g_dir_close (d);
      g_rmdir (png_dir);
      g_unlink (gif);
      g_unlink (im_gif);
      g_unlink (webm);
      g_unlink (mp4);
      g_rmdir (dir);
    }
  return 0;
}
