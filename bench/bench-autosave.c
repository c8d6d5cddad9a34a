/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the autosave costs on the 10,000-bone bench rig (the tree bench-canvas
 * drags). First without a display: the main thread's part of a recovery copy
 * (ossa_document_copy() and the index) and the worker's (encoding the copy and
 * writing it and its index atomically), each timed over a number of copies made
 * through OssaAutosave as the editor makes them. Then, with a display, a rotate
 * drag on the rig in a 1280×800 window through the canvas's own entry points,
 * one pointer step per frame, first with no autosave due and then with a copy
 * every second: the frame interval of both halves and the longest main-thread
 * part of a copy made while dragging (the stall the autosave causes). Copies go
 * to a temporary folder. Never fails on time.
 *
 *   bench-autosave [--bones N] [--keys N] [--copies N] [--frames N]
 *
 * --keys N adds an animation with N rotation keys on every bone. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ossa.h"

#include "bench-rig.h"
#include "bench-series.h"

#include "ossa-autosave.h"
#include "ossa-canvas-private.h"
#include "ossa-editor.h"

static int opt_bones = 10000;
static int opt_copies = 30;
static int opt_frames = 480;
static int opt_keys = 0;

static GOptionEntry entries[] = {
  { "bones", 0, 0, G_OPTION_ARG_INT, &opt_bones, "Bones in the generated rig", "N" },
  { "copies", 0, 0, G_OPTION_ARG_INT, &opt_copies, "Copies timed without a display", "N" },
  { "frames", 0, 0, G_OPTION_ARG_INT, &opt_frames, "Frames of dragging (half without autosave)", "N" },
  { "keys", 0, 0, G_OPTION_ARG_INT, &opt_keys, "Rotation keys a bone in an animation (0: none)", "N" },
  { NULL }
};

/* bench-canvas's rig (bench-rig.h), with --keys an animation on it. */
static OssaDocument *
make_rig (guint n)
{
  OssaDocument *doc = bench_rig_new (n);
  OssaError err;

  ossa_error_clear (&err);
  /* --keys: an animation keying every bone's rotation, a heavier document. */
  if (opt_keys > 0)
    {
      OssaAnimation anim;

      if (!ossa_animation_init (&anim, "wave"))
        g_error ("out of memory");
      anim.duration = 2.0f;
      anim.fps = 30.0f;
      for (guint i = 0; i < n; i++)
        {
          OssaTrack *track = ossa_animation_ensure_track (&anim, i, OSSA_CHANNEL_ROTATE);

          for (int k = 0; track != NULL && k < opt_keys; k++)
            {
              OssaKey key = ossa_key_make (2.0f * (float) k / (float) opt_keys,
                                           0.1f * (float) ((i + (guint) k) % 5));

              if (ossa_track_set_key (track, &key, &err) < 0)
                g_error ("key: %s", err.message);
            }
        }
      if (ossa_document_take_animation (doc, &anim, &err) < 0)
        g_error ("animation: %s", err.message);
    }
  return doc;
}

static void
print_series (const char *what, GArray *values)
{
  BenchSeries s;

  if (values->len == 0)
    return;
  s = bench_series (values);
  printf ("%-34s mean %7.2f ms   p95 %7.2f ms   max %7.2f ms   (n %u)\n", what, s.mean, s.p95,
          s.max, values->len);
}

typedef struct
{
  OssaAutosave *autosave;
  GArray       *main_ms;
  GArray       *worker_ms;
  gboolean      recording;
} Copies;

static void
copied_cb (OssaAutosave *autosave, gboolean ok, Copies *c)
{
  gint64 main_us, worker_us;
  double ms;

  if (!c->recording)
    return;
  if (!ok)
    fprintf (stderr, "bench-autosave: a copy failed\n");
  ossa_autosave_get_timings (autosave, &main_us, &worker_us);
  ms = main_us / 1000.0;
  g_array_append_val (c->main_ms, ms);
  ms = worker_us / 1000.0;
  g_array_append_val (c->worker_ms, ms);
}

/* Moves bone 0 a little: an edit of its own. */
static void
nudge (OssaEditor *editor, guint i)
{
  OssaTransform rest = ossa_editor_get_document (editor)->skeleton.bones[0].rest;

  rest.x = (float) (i % 7);
  if (!ossa_editor_set_bone_rest (editor, 0, &rest, 0, NULL))
    g_error ("nudge refused");
}

static void
headless (OssaEditor *editor, Copies *c)
{
  const OssaDocument *doc = ossa_editor_get_document (editor);
  g_autoptr(GArray) copy_ms = g_array_new (FALSE, FALSE, sizeof (double));
  uint8_t *bytes = NULL;
  size_t size = 0;
  OssaError err = { 0 };

  /* ossa_document_copy() alone, as the main thread does it. */
  for (int i = 0; i < opt_copies; i++)
    {
      gint64 t0 = g_get_monotonic_time ();
      OssaDocument *copy = ossa_document_copy (doc);
      double ms = (g_get_monotonic_time () - t0) / 1000.0;

      ossa_document_free (copy);
      g_array_append_val (copy_ms, ms);
    }
  if (!ossa_document_to_bytes (doc, &bytes, &size, &err))
    g_error ("%s", err.message);
  free (bytes);

  /* Whole copies through the autosave: an edit, a copy, its write waited for. */
  c->recording = TRUE;
  for (int i = 0; i < opt_copies; i++)
    {
      guint before = ossa_autosave_get_n_copies (c->autosave);

      nudge (editor, (guint) i);
      ossa_autosave_write_now (c->autosave);
      while (ossa_autosave_get_n_copies (c->autosave) == before)
        g_main_context_iteration (NULL, TRUE);
    }
  c->recording = FALSE;
  printf ("bones                              %u\n", (guint) doc->skeleton.n_bones);
  printf ("copy on disk                       %.1f KiB\n", size / 1024.0);
  print_series ("ossa_document_copy (main)", copy_ms);
  print_series ("copy + index (main thread)", c->main_ms);
  print_series ("encode + 2 atomic writes (worker)", c->worker_ms);
  g_array_set_size (c->main_ms, 0);
  g_array_set_size (c->worker_ms, 0);
}

/* The drag, as bench-canvas drives it. */
typedef struct
{
  GtkWidget  *window;
  OssaCanvas *canvas;
  OssaEditor *editor;
  Copies     *copies;
  guint       frame, frames;
  gboolean    dragging, done;
  double      pivot_x, pivot_y, radius, angle0;
  gint64      last_paint_us;
  guint64     last_frames;
  GArray     *intervals[2];   /* without autosave, with */
  GArray     *updates;
} Drag;

static void
on_after_paint (GdkFrameClock *clock, Drag *d)
{
  gint64 now = g_get_monotonic_time ();
  OssaCanvasStats stats;

  _ossa_canvas_get_stats (d->canvas, &stats);
  if (d->dragging && stats.frames != d->last_frames && d->last_paint_us != 0)
    {
      double ms = (now - d->last_paint_us) / 1000.0;

      g_array_append_val (d->intervals[d->frame >= d->frames / 2], ms);
    }
  d->last_frames = stats.frames;
  d->last_paint_us = now;
}

static void
begin_drag (Drag *d)
{
  const OssaCamera *cam = _ossa_canvas_get_camera (d->canvas);
  const OssaXform *m = &ossa_editor_get_world (d->editor)[1];
  float len = ossa_editor_get_document (d->editor)->skeleton.bones[1].length;
  double mx, my;

  ossa_camera_world_to_widget (cam, m->tx, m->ty, &d->pivot_x, &d->pivot_y);
  ossa_camera_world_to_widget (cam, m->tx + m->a * len * 0.6, m->ty + m->b * len * 0.6, &mx, &my);
  d->radius = hypot (mx - d->pivot_x, my - d->pivot_y);
  d->angle0 = atan2 (my - d->pivot_y, mx - d->pivot_x);
  ossa_editor_set_tool (d->editor, OSSA_TOOL_ROTATE);
  _ossa_canvas_drag_begin (d->canvas, mx, my, 0);
  d->dragging = TRUE;
}

static gboolean
tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  Drag *d = data;
  double a;
  gint64 t0;

  if (d->done)
    return G_SOURCE_REMOVE;
  if (d->last_frames == 0)
    return G_SOURCE_CONTINUE;
  if (d->frame >= d->frames)
    {
      d->done = TRUE;
      _ossa_canvas_drag_end (d->canvas, d->pivot_x, d->pivot_y, 0);
      gtk_window_destroy (GTK_WINDOW (d->window));
      return G_SOURCE_REMOVE;
    }
  if (!d->dragging)
    begin_drag (d);
  if (d->frame == d->frames / 2)
    {
      /* The second half: a copy every second, made while the drag goes on. */
      d->copies->recording = TRUE;
      ossa_autosave_set_interval (d->copies->autosave, 1);
    }
  a = d->angle0 + OSSA_TAU * (d->frame + 1) / 120.0;
  t0 = g_get_monotonic_time ();
  _ossa_canvas_drag_update (d->canvas, d->pivot_x + d->radius * cos (a),
                            d->pivot_y + d->radius * sin (a), 0);
  {
    double ms = (g_get_monotonic_time () - t0) / 1000.0;

    g_array_append_val (d->updates, ms);
  }
  d->frame++;
  return G_SOURCE_CONTINUE;
}

static void
on_map (GtkWidget *window, Drag *d)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint",
                    G_CALLBACK (on_after_paint), d);
}

static void
on_destroy (GtkWidget *window, gboolean *running)
{
  *running = FALSE;
}

static void
dragging (OssaEditor *editor, Copies *c)
{
  Drag d = { 0 };
  gboolean running = TRUE;

  d.editor = editor;
  d.copies = c;
  d.frames = (guint) MAX (opt_frames, 2);
  d.intervals[0] = g_array_new (FALSE, FALSE, sizeof (double));
  d.intervals[1] = g_array_new (FALSE, FALSE, sizeof (double));
  d.updates = g_array_new (FALSE, FALSE, sizeof (double));
  /* Nothing due in the first half. */
  ossa_autosave_set_interval (c->autosave, 3600);

  d.window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (d.window), 1280, 800);
  d.canvas = OSSA_CANVAS (ossa_canvas_new ());
  ossa_canvas_set_editor (d.canvas, editor);
  gtk_window_set_child (GTK_WINDOW (d.window), GTK_WIDGET (d.canvas));
  g_signal_connect (d.window, "map", G_CALLBACK (on_map), &d);
  g_signal_connect (d.window, "destroy", G_CALLBACK (on_destroy), &running);
  gtk_widget_add_tick_callback (GTK_WIDGET (d.canvas), tick, &d, NULL);
  gtk_window_present (GTK_WINDOW (d.window));
  while (running)
    g_main_context_iteration (NULL, TRUE);
  c->recording = FALSE;

  printf ("drag frames                        %u (half with a copy every second)\n", d.frames);
  print_series ("frame interval, no autosave", d.intervals[0]);
  print_series ("frame interval, autosave 1 s", d.intervals[1]);
  print_series ("drag update (CPU)", d.updates);
  print_series ("copy's main-thread stall in drag", c->main_ms);
  print_series ("its worker part, meanwhile", c->worker_ms);
  g_array_unref (d.intervals[0]);
  g_array_unref (d.intervals[1]);
  g_array_unref (d.updates);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("- time the autosave on a big rig");
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *command = NULL;
  OssaEditor *editor;
  OssaDocument *doc;
  OssaError err = { 0 };
  Copies c = { 0 };
  gboolean display;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "bench-autosave: %s\n", error->message);
      return 2;
    }
  display = gtk_init_check ();

  folder = g_dir_make_tmp ("bench-autosave-XXXXXX", &error);
  if (folder == NULL)
    {
      fprintf (stderr, "bench-autosave: %s\n", error->message);
      return 1;
    }
  /* Through a file, as a person would open it: the canvas starts fitted. */
  path = g_build_filename (folder, "rig.ossa", NULL);
  doc = make_rig ((guint) MAX (opt_bones, 2));
  if (!ossa_document_save (doc, path, &err))
    g_error ("%s", err.message);
  ossa_document_free (doc);
  editor = ossa_editor_new ();
  file = g_file_new_for_path (path);
  if (!ossa_editor_load (editor, file, &error))
    g_error ("%s", error->message);

  c.main_ms = g_array_new (FALSE, FALSE, sizeof (double));
  c.worker_ms = g_array_new (FALSE, FALSE, sizeof (double));
  {
    g_autofree char *recovery = g_build_filename (folder, "recovery", NULL);

    c.autosave = ossa_autosave_new (editor, recovery);
  }
  g_signal_connect (c.autosave, "copied", G_CALLBACK (copied_cb), &c);

  headless (editor, &c);
  if (display)
    dragging (editor, &c);
  else
    printf ("bench-autosave: no display, the drag skipped\n");

  ossa_autosave_close (c.autosave);
  g_object_unref (c.autosave);
  g_object_unref (editor);
  g_array_unref (c.main_ms);
  g_array_unref (c.worker_ms);
  command = g_strdup_printf ("rm -rf '%s'", folder);
  g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
  return 0;
}
