/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How long the renderer takes a frame: a document's first animation (the sample's
 * walk) fitted into 512×512 over every frame, drawn frame after frame, and turned
 * into straight RGBA as the exporters want it. Prints figures; never fails on time.
 * `bench-render-frame DOC.ossa [--png OUT.png] [--bones] [--rest] [--background RRGGBBAA]
 * [--rounds N] [--size N]
 * [--frame N]`. */
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cairo.h>

#include "ossa-io.h"
#include "ossa-render-frames.h"
#include "ossa-render.h"

static double
clock_ms (clockid_t id)
{
  struct timespec ts;

  clock_gettime (id, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static double
now_ms (void)
{
  return clock_ms (CLOCK_MONOTONIC);
}

int
main (int argc, char **argv)
{
  const char *path = NULL, *png = NULL;
  bool bones = false, rest = false;
  size_t png_frame = 0;
  uint32_t background = 0;
  OssaError err = { 0 };
  OssaDocument *doc;
  OssaRenderer *renderer;
  OssaRenderView view = { .width = 512, .height = 512 };  /* --size N */
  OssaFrameRange range;
  OssaFrameMark none = { 0 };
  const OssaAnimation *anim;
  char *dir;
  int stride;
  uint8_t *pixels, *rgba;
  double t0, t_load, t_fit, t_draw = 0, t_rgba = 0;
  int rounds = 10;  /* --rounds */
  double cpu0;

  for (int i = 1; i < argc; i++)
    if (strcmp (argv[i], "--png") == 0 && i + 1 < argc)
      png = argv[++i];
    else if (strcmp (argv[i], "--rounds") == 0 && i + 1 < argc)
      rounds = atoi (argv[++i]);
    else if (strcmp (argv[i], "--bones") == 0)
      bones = true;
    else if (strcmp (argv[i], "--size") == 0 && i + 1 < argc)
      view.width = view.height = atoi (argv[++i]);
    else if (strcmp (argv[i], "--frame") == 0 && i + 1 < argc)
      png_frame = (size_t) atoi (argv[++i]);
    else if (strcmp (argv[i], "--rest") == 0)
      rest = true;
    else if (strcmp (argv[i], "--background") == 0 && i + 1 < argc)
      background = (uint32_t) strtoul (argv[++i], NULL, 16);
    else
      path = argv[i];
  if (path == NULL)
    {
      fprintf (stderr, "usage: bench-render-frame DOC.ossa [--png OUT.png] [--bones]\n");
      return 2;
    }
  stride = cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, view.width);
  t0 = now_ms ();
  doc = ossa_document_load (path, &err);
  if (doc == NULL)
    {
      fprintf (stderr, "%s: %s\n", path, err.message);
      return 1;
    }
  dir = strdup (path);
  renderer = ossa_renderer_new (doc, dirname (dir), &err);
  t_load = now_ms () - t0;
  for (size_t i = 0; i < ossa_renderer_n_missing (renderer); i++)
    fprintf (stderr, "missing: %s\n", ossa_renderer_missing (renderer, i));
  anim = doc->n_animations > 0 && !rest ? &doc->animations[0] : NULL;
  if (!ossa_frame_range_make (anim, 0, none, none, &range, &err))
    {
      fprintf (stderr, "%s\n", err.message);
      return 1;
    }
  t0 = now_ms ();
  ossa_render_view_fit (&view, ossa_renderer_range_bounds (renderer, anim, &range, bones), 16);
  t_fit = now_ms () - t0;
  view.bones = bones;
  view.background = background;
  pixels = calloc ((size_t) stride, (size_t) view.height);
  rgba = malloc (4 * (size_t) view.width * (size_t) view.height);
  cpu0 = clock_ms (CLOCK_PROCESS_CPUTIME_ID);
  for (int r = 0; r < rounds; r++)
    for (size_t i = 0; i < range.n_frames; i++)
      {
        t0 = now_ms ();
        if (!ossa_renderer_draw (renderer, anim, ossa_frame_range_time (&range, i), &view, pixels,
                                 stride, &err))
          {
            fprintf (stderr, "%s\n", err.message);
            return 1;
          }
        t_draw += now_ms () - t0;
        t0 = now_ms ();
        ossa_render_to_rgba (pixels, stride, view.width, view.height, rgba);
        t_rgba += now_ms () - t0;
      }
  cpu0 = clock_ms (CLOCK_PROCESS_CPUTIME_ID) - cpu0;
  printf ("%s: \"%s\", %zu frames at %g fps, %d×%d, scale %.3f\n", path,
          anim != NULL ? anim->name : "(rest)", range.n_frames, (double) range.fps, view.width,
          view.height, (double) view.scale);
  printf ("open + decode images: %.2f ms; fit over every frame: %.3f ms\n", t_load, t_fit);
  printf ("draw: %.3f ms a frame; to RGBA: %.3f ms a frame (%d rounds of %zu frames)\n",
          t_draw / (double) (rounds * range.n_frames), t_rgba / (double) (rounds * range.n_frames),
          rounds, range.n_frames);
  printf ("CPU time (the machine may be shared): %.3f ms a frame, draw and to RGBA\n",
          cpu0 / (double) (rounds * range.n_frames));
  if (png != NULL)
    {
      cairo_surface_t *s;

      ossa_renderer_draw (renderer, anim, ossa_frame_range_time (&range, png_frame), &view, pixels,
                          stride, &err);
      s = cairo_image_surface_create_for_data (pixels, CAIRO_FORMAT_ARGB32, view.width, view.height,
                                               stride);
      cairo_surface_write_to_png (s, png);
      cairo_surface_destroy (s);
      printf ("wrote %s (frame %zu)\n", png, png_frame);
    }
  free (rgba);
  free (pixels);
  free (dir);
  ossa_renderer_free (renderer);
  ossa_document_free (doc);
  return 0;
}
