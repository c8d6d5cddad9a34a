/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How the canvas draws art while an animation plays. Opens a 1280×800 window
 * whose canvas shows the generated tree of bench-rig.h (200 bones by default)
 * with 1,000 attachments of 256 × 256-pixel pictures (each its own image, a
 * gradient of its own colour, embedded as PNG bytes), spread along the bones and
 * shown 64 world units a side (about 40 pixels at the fitted zoom: a character of
 * many small parts, the pictures drawn from their mip levels), in Animate mode, and moves the playhead one 60th of a second a frame-clock tick.
 * Prints how many pictures the store had ready, the atlas upload (time and
 * pictures, spread over the first frames), when the first frame and the last
 * picture came, the draw calls a frame, and per frame the canvas's GL render (CPU)
 * and the whole paint (mean, p95, max), and the CPU time a frame of every thread
 * of the process (llvmpipe's too: on a shared machine the fairer figure to
 * compare). Never fails on time; run under xvfb-run.
 *
 *   bench-canvas-art [--bones N] [--attachments N] [--pixels N] [--size UNITS]
 *                    [--frames N] [--no-bones] [--png FILE] */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <sys/resource.h>
#include <unistd.h>

#include "ossa.h"

#include "bench-rig.h"
#include "bench-series.h"
#include "ossa-canvas-private.h"
#include "ossa-editor.h"
#include "ossa-image-store.h"

typedef struct
{
  GtkWidget  *window;
  OssaCanvas *canvas;
  OssaEditor *editor;
  gint64      start_us, first_frame_us, paint_start_us;
  guint       frames_wanted, frame;
  gboolean    done;
  guint64     last_frames;
  GArray     *renders, *paints;
  gint64      all_art_us;          /* when the last picture was uploaded */
  gint64      upload_us;
  guint       uploaded;
  double      cpu_start_ms;        /* the process's CPU time (every thread) when playing began */
  double      cpu_ms;              /* and over the frames played */
} Bench;

static int opt_bones = 200;
static int opt_attachments = 1000;
static int opt_pixels = 256;
static double opt_size = 64;
static int opt_frames = 300;
static gboolean opt_no_bones = FALSE;
static char *opt_png = NULL;

static GOptionEntry entries[] = {
  { "bones", 0, 0, G_OPTION_ARG_INT, &opt_bones, "Bones in the generated rig", "N" },
  { "attachments", 0, 0, G_OPTION_ARG_INT, &opt_attachments, "Attachments (one image each)",
    "N" },
  { "pixels", 0, 0, G_OPTION_ARG_INT, &opt_pixels, "Pictures' side, pixels", "N" },
  { "size", 0, 0, G_OPTION_ARG_DOUBLE, &opt_size,
    "Attachments' side, world units (an import gives one a pixel)", "UNITS" },
  { "frames", 0, 0, G_OPTION_ARG_INT, &opt_frames, "Frames of playing", "N" },
  { "no-bones", 0, 0, G_OPTION_ARG_NONE, &opt_no_bones, "Show Bones off", NULL },
  { "png", 0, 0, G_OPTION_ARG_FILENAME, &opt_png, "Save the window as PNG at the end", "FILE" },
  { NULL }
};

/* The process's CPU time so far, every thread (llvmpipe's included), ms: what a
 * frame costs the machine, less at the mercy of others' load than the wall clock. */
static double
cpu_time_ms (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3
         + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
}

static double
load_average (void)
{
  g_autofree char *text = NULL;

  return g_file_get_contents ("/proc/loadavg", &text, NULL, NULL) ? g_ascii_strtod (text, NULL) : 0;
}

static void
print_series (const char *what, GArray *values)
{
  BenchSeries s;

  if (values->len == 0)
    return;
  s = bench_series (values);
  printf ("%-24s mean %7.2f ms   p95 %7.2f ms   max %7.2f ms\n", what, s.mean, s.p95, s.max);
}

/* Three rotation keys a bone, so that everything moves. */
static void
add_animation (OssaDocument *doc)
{
  OssaAnimation anim;
  OssaError err;

  ossa_error_clear (&err);
  if (!ossa_animation_init (&anim, "sway"))
    g_error ("out of memory");
  anim.duration = 2;
  anim.loop = true;
  for (guint b = 0; b < doc->skeleton.n_bones; b++)
    {
      OssaTrack *track = ossa_animation_ensure_track (&anim, b, OSSA_CHANNEL_ROTATE);
      float rest = doc->skeleton.bones[b].rest.rotation;

      for (int k = 0; k < 3; k++)
        {
          OssaKey key = ossa_key_make ((float) k, rest + (k == 1 ? 0.3f : 0) * (b % 2 ? 1 : -1));

          if (ossa_track_set_key (track, &key, &err) < 0)
            g_error ("keys: %s", err.message);
        }
    }
  if (ossa_document_take_animation (doc, &anim, &err) < 0)
    g_error ("animation: %s", err.message);
}

/* A side × side gradient of its own hue, with a round alpha edge, as PNG bytes. */
static guint8 *
make_png (guint i, int side, gsize *size)
{
  g_autoptr(GdkPixbuf) pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, TRUE, 8, side, side);
  guint8 *pixels = gdk_pixbuf_get_pixels (pixbuf);
  int stride = gdk_pixbuf_get_rowstride (pixbuf);
  g_autoptr(GError) error = NULL;
  gchar *buffer = NULL;
  double hue = fmod (i * 0.618034, 1.0) * 6;

  for (int y = 0; y < side; y++)
    for (int x = 0; x < side; x++)
      {
        guint8 *p = pixels + (gsize) y * stride + 4 * x;
        double dx = (x + 0.5) / side - 0.5, dy = (y + 0.5) / side - 0.5;
        double shade = 0.5 + 0.5 * (double) y / side;

        p[0] = (guint8) (255 * shade * CLAMP (fabs (hue - 3) - 1, 0, 1));
        p[1] = (guint8) (255 * shade * CLAMP (2 - fabs (hue - 2), 0, 1));
        p[2] = (guint8) (255 * shade * CLAMP (2 - fabs (hue - 4), 0, 1));
        p[3] = hypot (dx, dy) < 0.5 ? 255 : 0;
      }
  if (!gdk_pixbuf_save_to_buffer (pixbuf, &buffer, size, "png", &error, NULL))
    g_error ("png: %s", error->message);
  return (guint8 *) buffer;
}

static void
add_art (OssaEditor *editor, guint n, int side, double units)
{
  const OssaDocument *doc = ossa_editor_get_document (editor);
  const OssaXform *world = ossa_editor_get_world (editor);
  g_autofree OssaPictureImport *pictures = g_new0 (OssaPictureImport, n);
  g_autoptr(GPtrArray) keep = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  guint n_bones = (guint) doc->skeleton.n_bones;
  gint64 t0 = g_get_monotonic_time ();

  for (guint i = 0; i < n; i++)
    {
      guint bone = i % n_bones;
      const OssaXform *m = &world[bone];
      float along = doc->skeleton.bones[bone].length * (0.2f + 0.6f * (float) (i / n_bones) / 5);
      char *name = g_strdup_printf ("art%u", i);
      gsize size = 0;
      guint8 *data = make_png (i, side, &size);

      g_ptr_array_add (keep, name);
      g_ptr_array_add (keep, data);
      pictures[i] = (OssaPictureImport) {
        .name = name, .data = data, .data_size = size, .width = (guint) side,
        .height = (guint) side, .x = m->tx + m->a * along, .y = m->ty + m->b * along,
        .rotation = atan2 (m->b, m->a), .bone = (int) bone,
      };
    }
  printf ("making %u PNGs           %.1f ms\n", n, (g_get_monotonic_time () - t0) / 1000.0);
  t0 = g_get_monotonic_time ();
  if (ossa_editor_import_pictures (editor, pictures, n, "bench", &error) < 0)
    g_error ("import: %s", error->message);
  printf ("importing them           %.1f ms\n", (g_get_monotonic_time () - t0) / 1000.0);
  /* Their size on show. */
  for (guint i = 0; i < n; i++)
    if (!ossa_editor_set_attachment_size (editor, i, 0, units, units, 0, &error))
      g_error ("size: %s", error->message);
  ossa_editor_select_slot (editor, -1, -1);
}

static void
finish (Bench *b)
{
  OssaImageStore *store = ossa_editor_get_images (b->editor);
  OssaCanvasStats stats;
  guint ready = 0, n = ossa_image_store_get_n_pictures (store);

  if (b->done)
    return;
  b->done = TRUE;
  for (guint i = 0; i < n; i++)
    {
      OssaPicture p;

      if (ossa_image_store_get_picture (store, i, &p) && p.state == OSSA_PICTURE_READY)
        ready++;
    }
  _ossa_canvas_get_stats (b->canvas, &stats);
  printf ("bones                    %u%s\n", (guint) ossa_editor_get_document (b->editor)->skeleton.n_bones,
          opt_no_bones ? " (hidden)" : "");
  printf ("attachments drawn        %u (pictures ready %u of %u, %d×%d pixels, %g units)\n",
          b->canvas->art_layer.n_drawn, ready, n, opt_pixels, opt_pixels, opt_size);
  printf ("atlas pages              %d of %d texels a side\n", b->canvas->art_layer.used_pages,
          b->canvas->art_layer.page_size);
  printf ("atlas upload             %.1f ms (%u pictures, over the first frames)\n",
          b->upload_us / 1000.0, b->uploaded);
  printf ("GL draw calls a frame    %u\n", stats.draw_calls);
  printf ("first frame              %.1f ms after start\n",
          (b->first_frame_us - b->start_us) / 1000.0);
  printf ("every picture drawn      %.1f ms after start\n",
          (b->all_art_us - b->start_us) / 1000.0);
  printf ("frames played            %u\n", b->paints->len);
  print_series ("canvas GL render (CPU)", b->renders);
  print_series ("whole paint (CPU)", b->paints);
  if (b->paints->len > 0)
    printf ("CPU time a frame         %.2f ms (every thread of the process; load %.2f)\n",
            b->cpu_ms / b->paints->len, load_average ());
  if (opt_png != NULL)
    {
      GdkPaintable *paintable = gtk_widget_paintable_new (b->window);
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      int w = gtk_widget_get_width (b->window), h = gtk_widget_get_height (b->window);
      GskRenderNode *node;

      gdk_paintable_snapshot (paintable, snapshot, w, h);
      node = gtk_snapshot_free_to_node (snapshot);
      if (node != NULL)
        {
          GdkTexture *texture =
            gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (b->window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));

          gdk_texture_save_to_png (texture, opt_png);
          g_object_unref (texture);
          gsk_render_node_unref (node);
        }
      g_object_unref (paintable);
    }
  gtk_window_destroy (GTK_WINDOW (b->window));
}

static void
on_before_paint (GdkFrameClock *clock, Bench *b)
{
  b->paint_start_us = g_get_monotonic_time ();
}

static void
on_after_paint (GdkFrameClock *clock, Bench *b)
{
  gint64 now = g_get_monotonic_time ();
  OssaCanvasStats stats;

  _ossa_canvas_get_stats (b->canvas, &stats);
  if (stats.frames == 0 && gtk_gl_area_get_error (GTK_GL_AREA (b->canvas)) != NULL)
    {
      fprintf (stderr, "bench-canvas-art: %s\n",
               gtk_gl_area_get_error (GTK_GL_AREA (b->canvas))->message);
      b->frames_wanted = 0;
      b->first_frame_us = now;
      return;
    }
  if (stats.frames == 0 || stats.frames == b->last_frames)
    return;
  if (b->first_frame_us == 0)
    b->first_frame_us = now;
  if (b->all_art_us == 0 && !ossa_art_layer_has_pending (&b->canvas->art_layer))
    {
      b->all_art_us = now;
      b->upload_us = b->canvas->art_layer.upload_us;
      b->uploaded = b->canvas->art_layer.n_uploaded;
    }
  else if (b->frame > 0)
    {
      double render = stats.render_us / 1000.0, paint = (now - b->paint_start_us) / 1000.0;

      g_array_append_val (b->renders, render);
      g_array_append_val (b->paints, paint);
    }
  b->last_frames = stats.frames;
}

static gboolean
tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  Bench *b = data;

  if (b->done)
    return G_SOURCE_REMOVE;
  if (b->all_art_us == 0)
    return G_SOURCE_CONTINUE;   /* plays once every picture is up */
  if (b->frame >= b->frames_wanted)
    {
      b->cpu_ms = cpu_time_ms () - b->cpu_start_ms;
      finish (b);
      return G_SOURCE_REMOVE;
    }
  if (b->frame == 0)
    b->cpu_start_ms = cpu_time_ms ();
  b->frame++;
  ossa_editor_set_time (b->editor, fmod (b->frame / 60.0, 2.0));
  return G_SOURCE_CONTINUE;
}

static void
on_map (GtkWidget *window, Bench *b)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);

  g_signal_connect (clock, "before-paint", G_CALLBACK (on_before_paint), b);
  g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), b);
}

static void
on_destroy (GtkWidget *window, gboolean *running)
{
  *running = FALSE;
}

int
main (int argc, char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("- time the canvas drawing art");
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  Bench b = { 0 };
  OssaDocument *doc;
  OssaError err;
  gboolean running = TRUE;
  gint64 t0;
  int fd;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "bench-canvas-art: %s\n", error->message);
      return 2;
    }
  gtk_init ();
  b.editor = ossa_editor_new ();
  fd = g_file_open_tmp ("bench-canvas-art-XXXXXX.ossa", &path, &error);
  if (fd < 0)
    g_error ("%s", error->message);
  close (fd);
  ossa_error_clear (&err);
  doc = bench_rig_new ((guint) MAX (opt_bones, 1));
  add_animation (doc);
  if (!ossa_document_save (doc, path, &err))
    g_error ("%s", err.message);
  ossa_document_free (doc);
  file = g_file_new_for_path (path);
  if (!ossa_editor_load (b.editor, file, &error))
    g_error ("%s", error->message);
  g_unlink (path);

  add_art (b.editor, (guint) MAX (opt_attachments, 1), MAX (opt_pixels, 1), MAX (opt_size, 1));
  t0 = g_get_monotonic_time ();
  ossa_image_store_wait (ossa_editor_get_images (b.editor));
  for (guint i = 0; i < ossa_image_store_get_n_pictures (ossa_editor_get_images (b.editor)); i++)
    {
      OssaPicture picture;

      ossa_image_store_get_picture (ossa_editor_get_images (b.editor), i, &picture);
    }
  printf ("decoding (store)         %.1f ms\n", (g_get_monotonic_time () - t0) / 1000.0);
  ossa_editor_set_mode (b.editor, OSSA_EDIT_MODE_ANIMATE);

  b.renders = g_array_new (FALSE, FALSE, sizeof (double));
  b.paints = g_array_new (FALSE, FALSE, sizeof (double));
  b.frames_wanted = (guint) MAX (opt_frames, 0);
  b.start_us = g_get_monotonic_time ();
  b.window = gtk_window_new ();
  gtk_window_set_title (GTK_WINDOW (b.window), "bench-canvas-art");
  gtk_window_set_default_size (GTK_WINDOW (b.window), 1280, 800);
  b.canvas = OSSA_CANVAS (ossa_canvas_new ());
  ossa_canvas_set_editor (b.canvas, b.editor);
  g_object_set (b.canvas, "show-bones", !opt_no_bones, NULL);
  gtk_window_set_child (GTK_WINDOW (b.window), GTK_WIDGET (b.canvas));
  g_signal_connect (b.window, "map", G_CALLBACK (on_map), &b);
  g_signal_connect (b.window, "destroy", G_CALLBACK (on_destroy), &running);
  gtk_widget_add_tick_callback (GTK_WIDGET (b.canvas), tick, &b, NULL);
  gtk_window_present (GTK_WINDOW (b.window));

  while (running)
    g_main_context_iteration (NULL, TRUE);

  g_array_unref (b.renders);
  g_array_unref (b.paints);
  g_object_unref (b.editor);
  return 0;
}
