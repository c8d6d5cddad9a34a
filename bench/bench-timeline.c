/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How the timeline and the canvas keep up. Three runs, each for a number of frame-
 * clock frames, printing the frame interval (mean, p95, max, fps) and the CPU time
 * of the parts:
 *
 *   play   a 1280×800 window, canvas over timeline, a generated 1,000-bone tree
 *          with an animation of 10 keys on each of its 5,000 channels, playing;
 *   scrub  the same, the playhead dragged along the ruler one frame a tick, back
 *          and forth (through the view's own press/motion entry points);
 *   keys   a 1600×1200 window with the timeline alone showing about 50,000 keys
 *          (up to 52 bones × 5 channels × 200 keys in view), scrolled a little every frame
 *          so the key layer is drawn anew each time; then the playhead alone
 *          moving (the layer kept); then the same number of keys with no two of
 *          a bone on one frame (1,000 frames in view: the worst case).
 *
 * Never fails on time. Run under xvfb-run for a headless figure; the keys run
 * wants a screen of at least 1600×1200 (xvfb-run -s '-screen 0 1920x1200x24').
 *
 *   bench-timeline [--bones N] [--keys K] [--frames N] [--png FILE] */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <unistd.h>

#include "ossa.h"

#include "bench-series.h"

#include "ossa-canvas-private.h"
#include "ossa-editor.h"
#include "ossa-timeline-private.h"
#include "ossa-timeline-view-private.h"

static int   opt_bones = 1000;
static int   opt_keys = 10;
static int   opt_frames = 240;
static char *opt_png = NULL;

static GOptionEntry entries[] = {
  { "bones", 0, 0, G_OPTION_ARG_INT, &opt_bones, "Bones in the generated rig (play, scrub)", "N" },
  { "keys", 0, 0, G_OPTION_ARG_INT, &opt_keys, "Keys on each channel (play, scrub)", "K" },
  { "frames", 0, 0, G_OPTION_ARG_INT, &opt_frames, "Frames timed in each run", "N" },
  { "png", 0, 0, G_OPTION_ARG_FILENAME, &opt_png, "Save the play window as PNG", "FILE" },
  { NULL }
};

typedef enum
{
  RUN_PLAY,
  RUN_SCRUB,
  RUN_KEYS,
  RUN_PLAYHEAD,
  RUN_KEYS_APART,
} Run;

typedef struct
{
  Run               run;
  GtkWidget        *window;
  OssaEditor       *editor;
  OssaCanvas       *canvas;      /* NULL in the keys runs */
  OssaTimeline     *timeline;
  OssaTimelineView *view;
  guint             frame, frames_wanted, warmup;
  gboolean          done;
  gint64            last_paint_us;
  gint64            paint_start_us;
  guint64           last_snapshots;
  GArray           *intervals, *paints, *snapshots, *layers, *renders, *poses;
  guint             keys_drawn;
  double            cpu_start;   /* process CPU seconds (all threads, llvmpipe's too) */
  double            cpu_end;
} Bench;

/* CPU time of the whole process: steadier than frame intervals on a shared
 * machine, and it counts the software renderer's threads. */
static double
process_cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

/* A tree: every bone has three children fanned out, each shorter, until n. */
static void
add_rig (OssaDocument *doc, guint n)
{
  OssaError err;

  ossa_error_clear (&err);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("b%u", i);
      OssaTransform rest = ossa_transform_identity ();
      int32_t parent = i == 0 ? -1 : (int32_t) ((i - 1) / 3);
      float length = 200;

      if (parent >= 0)
        {
          rest.x = doc->skeleton.bones[parent].length;
          rest.rotation = 0.55f * (float) ((int) ((i - 1) % 3) - 1);
          length = doc->skeleton.bones[parent].length * 0.72f;
        }
      else
        rest.rotation = (float) (OSSA_PI / 2);
      if (ossa_skeleton_add_bone (&doc->skeleton, name, parent, &rest, length,
                                  0x4a90d9ffu + 0x1f000000u * (i % 5), &err) < 0)
        g_error ("rig: %s", err.message);
    }
}

/* keys keys on every channel of every bone over duration seconds, on frames; a
 * third BEZIER, a sixth STEP. */
static void
add_animation (OssaDocument *doc, guint keys, float duration, gboolean apart)
{
  OssaAnimation anim;
  OssaError err;

  ossa_error_clear (&err);
  if (!ossa_animation_init (&anim, "bench"))
    g_error ("out of memory");
  anim.duration = duration;
  anim.loop = true;
  for (guint b = 0; b < doc->skeleton.n_bones; b++)
    for (int c = 0; c < OSSA_N_CHANNELS; c++)
      {
        OssaTrack *track = ossa_animation_ensure_track (&anim, b, (OssaChannel) c);
        const OssaTransform *rest = &doc->skeleton.bones[b].rest;

        for (guint k = 0; k < keys; k++)
          {
            /* apart: channel c on frames 5k + c, so no two keys of a bone share a
             * frame (the worst case: nothing drawn once for several). */
            float t = apart ? (float) (5 * k + (guint) c) / 30
                      : keys > 1 ? roundf (k * duration * 30 / (keys - 1)) / 30 : 0;
            float wave = sinf ((float) (b * 0.37 + k * 1.3 + c));
            OssaKey key = ossa_key_make (t, ossa_transform_get_channel (rest, (OssaChannel) c)
                                              + (c == OSSA_CHANNEL_ROTATE ? 0.4f * wave
                                                 : c >= OSSA_CHANNEL_SCALE_X ? 0.1f * wave
                                                                             : 6 * wave));

            key.interp = (k % 3 == 1) ? OSSA_INTERP_BEZIER
                         : (k % 6 == 5) ? OSSA_INTERP_STEP : OSSA_INTERP_LINEAR;
            key.curve = OSSA_CURVE_EASE_IN_OUT;
            if (ossa_track_set_key (track, &key, &err) < 0)
              g_error ("keys: %s", err.message);
          }
      }
  if (ossa_document_take_animation (doc, &anim, &err) < 0)
    g_error ("animation: %s", err.message);
}

static OssaEditor *
make_editor (guint bones, guint keys, float duration, gboolean apart)
{
  OssaEditor *editor = ossa_editor_new ();
  OssaDocument *doc = ossa_document_new ();
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  OssaError err;
  int fd;

  add_rig (doc, bones);
  add_animation (doc, keys, duration, apart);
  fd = g_file_open_tmp ("bench-timeline-XXXXXX.ossa", &path, &error);
  if (fd < 0)
    g_error ("%s", error->message);
  close (fd);
  ossa_error_clear (&err);
  if (!ossa_document_save (doc, path, &err))
    g_error ("%s", err.message);
  ossa_document_free (doc);
  file = g_file_new_for_path (path);
  if (!ossa_editor_load (editor, file, &error))
    g_error ("%s", error->message);
  g_unlink (path);
  ossa_editor_set_mode (editor, OSSA_EDIT_MODE_ANIMATE);
  return editor;
}

static void
print_series (const char *what, GArray *values)
{
  BenchSeries s;

  if (values->len == 0)
    return;
  s = bench_series (values);
  printf ("  %-24s mean %7.2f ms   p95 %7.2f ms   max %7.2f ms\n", what, s.mean, s.p95, s.max);
}

static void
save_png (Bench *b)
{
  GdkPaintable *paintable = gtk_widget_paintable_new (b->window);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  GdkTexture *texture;
  int w = gtk_widget_get_width (b->window), h = gtk_widget_get_height (b->window);

  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node != NULL)
    {
      texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (b->window)),
                                             node, &GRAPHENE_RECT_INIT (0, 0, w, h));
      if (!gdk_texture_save_to_png (texture, opt_png))
        fprintf (stderr, "bench-timeline: could not write %s\n", opt_png);
      g_object_unref (texture);
      gsk_render_node_unref (node);
    }
  g_object_unref (paintable);
}

static const char *
run_title (Run run)
{
  switch (run)
    {
    case RUN_PLAY:
      return "play";
    case RUN_SCRUB:
      return "scrub";
    case RUN_KEYS:
      return "keys (layer drawn every frame)";
    case RUN_PLAYHEAD:
      return "keys (playhead only)";
    case RUN_KEYS_APART:
      return "keys on 1000 frames (layer drawn every frame)";
    default:
      return "";
    }
}

static void
report (Bench *b)
{
  double sum = 0;
  const OssaDocument *doc = ossa_editor_get_document (b->editor);

  for (guint i = 0; i < b->intervals->len; i++)
    sum += g_array_index (b->intervals, double, i);
  printf ("%s: %zu bones, %zu keys, %u keys drawn in the view\n", run_title (b->run),
          doc->skeleton.n_bones, ossa_animation_n_keys (&doc->animations[0]), b->keys_drawn);
  if (sum > 0)
    printf ("  %-24s %u frames, %.1f fps\n", "frames", b->intervals->len,
            1000.0 * b->intervals->len / sum);
  print_series ("frame interval", b->intervals);
  if (b->intervals->len > 0)
    printf ("  %-24s %7.2f ms a frame (all threads of this process)\n", "CPU",
            1000.0 * (b->cpu_end - b->cpu_start) / b->intervals->len);
  print_series ("whole paint (CPU)", b->paints);
  print_series ("timeline snapshot (CPU)", b->snapshots);
  print_series ("  of which key layer", b->layers);
  print_series ("canvas GL render (CPU)", b->renders);
  print_series ("  of which pose", b->poses);
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
  OssaTimelineStats ts;

  if (b->done || b->frame <= b->warmup)
    {
      b->last_paint_us = now;
      b->cpu_start = process_cpu_seconds ();
      return;
    }
  b->cpu_end = process_cpu_seconds ();
  _ossa_timeline_view_get_stats (b->view, &ts);
  if (b->last_paint_us != 0)
    {
      double interval = (now - b->last_paint_us) / 1000.0;
      double paint = (now - b->paint_start_us) / 1000.0;

      g_array_append_val (b->intervals, interval);
      g_array_append_val (b->paints, paint);
    }
  if (ts.snapshots != b->last_snapshots)
    {
      double snap = ts.snapshot_us / 1000.0;

      g_array_append_val (b->snapshots, snap);
      if (b->run != RUN_PLAYHEAD)
        {
          double layer = ts.layer_us / 1000.0;

          g_array_append_val (b->layers, layer);
        }
    }
  b->last_snapshots = ts.snapshots;
  b->keys_drawn = ts.keys_drawn;
  if (b->canvas != NULL)
    {
      OssaCanvasStats cs;
      double render, pose;

      _ossa_canvas_get_stats (b->canvas, &cs);
      render = cs.render_us / 1000.0;
      pose = cs.prepare_us / 1000.0;
      g_array_append_val (b->renders, render);
      g_array_append_val (b->poses, pose);
    }
  b->last_paint_us = now;
}

static gboolean
tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  Bench *b = data;
  double ruler = OSSA_TIMELINE_RULER_HEIGHT / 2;

  if (b->done)
    return G_SOURCE_REMOVE;
  if (b->frame >= b->frames_wanted + b->warmup)
    {
      b->done = TRUE;
      if (b->run == RUN_SCRUB)
        {
          double t = ossa_editor_get_time (b->editor);

          _ossa_timeline_view_release (b->view, _ossa_timeline_view_time_to_x (b->view, t), ruler,
                                       0);
        }
      if (opt_png != NULL && b->run == RUN_PLAY)
        save_png (b);
      ossa_editor_set_playing (b->editor, FALSE);
      report (b);
      gtk_window_destroy (GTK_WINDOW (b->window));
      return G_SOURCE_REMOVE;
    }
  switch (b->run)
    {
    case RUN_PLAY:
      if (b->frame == 0)
        ossa_editor_set_playing (b->editor, TRUE);
      break;
    case RUN_SCRUB:
      {
        /* Back and forth over the first 60 frames, one frame a tick. */
        int f = (int) (b->frame % 120);
        double frame = f < 60 ? f : 120 - f;
        double x = _ossa_timeline_view_time_to_x (b->view, frame / 30.0);

        if (b->frame == 0)
          _ossa_timeline_view_press (b->view, x, ruler, 0);
        else
          _ossa_timeline_view_motion (b->view, x, ruler, 0);
      }
      break;
    case RUN_KEYS:
    case RUN_KEYS_APART:
      {
        /* A one-pixel scroll, alternating: a new key layer every frame. */
        GtkAdjustment *h = ossa_timeline_view_get_hadjustment (b->view);
        double pps;

        g_object_get (b->view, "pixels-per-second", &pps, NULL);
        gtk_adjustment_set_value (h, gtk_adjustment_get_value (h)
                                       + (b->frame % 2 == 0 ? 1.0 : -1.0) / pps);
      }
      break;
    case RUN_PLAYHEAD:
      ossa_editor_set_time (b->editor, (b->frame % 120) / 30.0 * 0.5);
      break;
    default:
      break;
    }
  b->frame++;
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

static void
bench_run (Run run, OssaEditor *editor)
{
  Bench b = { 0 };
  gboolean running = TRUE;
  GtkWidget *top;

  b.run = run;
  b.editor = editor;
  b.frames_wanted = (guint) MAX (opt_frames, 1);
  b.warmup = 10;
  b.intervals = g_array_new (FALSE, FALSE, sizeof (double));
  b.paints = g_array_new (FALSE, FALSE, sizeof (double));
  b.snapshots = g_array_new (FALSE, FALSE, sizeof (double));
  b.layers = g_array_new (FALSE, FALSE, sizeof (double));
  b.renders = g_array_new (FALSE, FALSE, sizeof (double));
  b.poses = g_array_new (FALSE, FALSE, sizeof (double));

  b.window = gtk_window_new ();
  gtk_window_set_title (GTK_WINDOW (b.window), "bench-timeline");
  b.timeline = OSSA_TIMELINE (ossa_timeline_new ());
  ossa_timeline_set_editor (b.timeline, editor);
  b.view = _ossa_timeline_get_view (b.timeline);
  if (run == RUN_PLAY || run == RUN_SCRUB)
    {
      GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_VERTICAL);

      gtk_window_set_default_size (GTK_WINDOW (b.window), 1280, 800);
      b.canvas = OSSA_CANVAS (ossa_canvas_new ());
      ossa_canvas_set_editor (b.canvas, editor);
      gtk_paned_set_start_child (GTK_PANED (paned), GTK_WIDGET (b.canvas));
      gtk_paned_set_end_child (GTK_PANED (paned), GTK_WIDGET (b.timeline));
      gtk_paned_set_position (GTK_PANED (paned), 800 - 240);
      top = paned;
    }
  else
    {
      gtk_window_set_default_size (GTK_WINDOW (b.window), 1600, 1200);
      top = GTK_WIDGET (b.timeline);
    }
  gtk_window_set_child (GTK_WINDOW (b.window), top);
  g_signal_connect (b.window, "map", G_CALLBACK (on_map), &b);
  g_signal_connect (b.window, "destroy", G_CALLBACK (on_destroy), &running);
  gtk_widget_add_tick_callback (GTK_WIDGET (b.view), tick, &b, NULL);
  gtk_window_present (GTK_WINDOW (b.window));
  if (run == RUN_KEYS || run == RUN_PLAYHEAD || run == RUN_KEYS_APART)
    {
      /* 200 keys a channel across the view. */
      double width;

      while (gtk_widget_get_width (GTK_WIDGET (b.view)) == 0)
        g_main_context_iteration (NULL, TRUE);
      width = gtk_widget_get_width (GTK_WIDGET (b.view)) - OSSA_TIMELINE_NAMES_WIDTH - 30;
      g_object_set (b.view, "pixels-per-second", width / ossa_editor_get_end_time (editor), NULL);
    }
  while (running)
    g_main_context_iteration (NULL, TRUE);

  g_array_unref (b.intervals);
  g_array_unref (b.paints);
  g_array_unref (b.snapshots);
  g_array_unref (b.layers);
  g_array_unref (b.renders);
  g_array_unref (b.poses);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("- time the timeline");
  g_autoptr(GError) error = NULL;
  g_autoptr(OssaEditor) rig = NULL;
  g_autoptr(OssaEditor) keys = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "bench-timeline: %s\n", error->message);
      return 2;
    }
  if (!gtk_init_check ())
    {
      printf ("bench-timeline: no display, skipped\n");
      return 0;
    }

  rig = make_editor ((guint) MAX (opt_bones, 1), (guint) MAX (opt_keys, 1), 2.0f, FALSE);
  bench_run (RUN_PLAY, rig);
  ossa_editor_set_time (rig, 0);
  bench_run (RUN_SCRUB, rig);

  /* 52 bones × 5 channels × 200 keys, one key a frame over 199 frames. */
  keys = make_editor (52, 200, 199 / 30.0f, FALSE);
  bench_run (RUN_KEYS, keys);
  bench_run (RUN_PLAYHEAD, keys);
  /* The same count with every key on a frame of its own, 1000 frames in view. */
  g_clear_object (&keys);
  keys = make_editor (52, 200, 999 / 30.0f, TRUE);
  bench_run (RUN_KEYS_APART, keys);
  return 0;
}
