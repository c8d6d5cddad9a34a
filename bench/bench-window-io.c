/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Opening and saving big documents in the real editor window, and how long the
 * main loop stalls meanwhile. A 1 ms GLib timeout and the window's frame clock
 * stamp every turn of the main loop; the longest interval between two stamps
 * while the operation runs (and until the next frame is drawn) is the longest
 * time the window could not answer (target: under 50 ms); beside it, the main
 * thread's own CPU time in that gap (the rest is waiting: for the software
 * renderer's threads, or for other programs on a loaded machine).
 *
 *   open:  a generated document of about 100 MB (bones with long key tracks on
 *          every channel), written to a temporary file, opened with File ▸ Open's
 *          path (ossa_window_open_file_async()); also the parts of the main
 *          thread's share: the handlers of "document-changed" (hierarchy,
 *          timeline, canvas, inspector) and the first frame after it, and from
 *          the end of the open to two frames later (the document on screen) the
 *          time and the main thread's CPU time in it: on a loaded machine the
 *          time grows, the CPU time hardly (the first open in a new window is
 *          the one to watch: what is done once a window shows there).
 *   save:  the big document and the 10,000-bone tree of bench-canvas, edited,
 *          then saved with Save's path; the main thread's time at the start
 *          (the snapshot, ossa_document_copy(), is taken on the worker), beside
 *          what copying and encoding on the main thread would cost.
 *
 *   bench-window-io [--bones N] [--keys N] [--runs N] [--png-dir DIR]
 *
 * With --png-dir, the window is pictured half way through the first open and a
 * save of the big document (in the language of LANGUAGE, with OSSA_LOCALEDIR
 * pointing at the build's po/ as build-aux/run.sh sets it).
 *
 * Needs a display (xvfb-run -a -s '-screen 0 1280x800x24'). Prints figures;
 * never fails on time. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <glib/gstdio.h>
#include <glib/gi18n.h>
#include <gtk/gtk.h>
#include <locale.h>
#include <unistd.h>

#include "ossa.h"
#include "bench-rig.h"

#include "ossa-application.h"
#include "ossa-window.h"

static int opt_bones = 4000;
static int opt_keys = 640;
static int opt_runs = 3;
static char *opt_png_dir = NULL;

static GOptionEntry entries[] = {
  { "bones", 0, 0, G_OPTION_ARG_INT, &opt_bones, "Bones of the big document", "N" },
  { "keys", 0, 0, G_OPTION_ARG_INT, &opt_keys, "Keys a track in the big document", "N" },
  { "runs", 0, 0, G_OPTION_ARG_INT, &opt_runs, "Opens and saves to time", "N" },
  { "png-dir", 0, 0, G_OPTION_ARG_FILENAME, &opt_png_dir,
    "Save the window as open.png and save.png there, half way through", "DIR" },
  { NULL }
};

/* Stamps ---------------------------------------------------------------------- */

typedef struct
{
  gint64   last_us;
  gint64   last_cpu_us;
  gint64   max_gap_us;
  gint64   max_gap_cpu_us;  /* the main thread's time on a CPU during that gap */
  gboolean recording;
} Gaps;

static Gaps gaps;

/* OSSA_BENCH_TRACE=1: every gap over 8 ms is printed, with the last event
 * before it (what the main thread was doing when it stalled). */
static gboolean trace;
static const char *last_event = "";
static gint64 last_event_us;

static void
event (const char *what)
{
  last_event = what;
  last_event_us = g_get_monotonic_time ();
}

/* On a loaded machine a gap is longer than the work in it: the main thread's
 * own CPU time says how much of it was ours. */
static gint64
thread_cpu_us (void)
{
  struct timespec ts;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
    return 0;
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static void
stamp (void)
{
  gint64 now = g_get_monotonic_time ();
  gint64 cpu = thread_cpu_us ();

  if (trace && gaps.recording && gaps.last_us > 0 && now - gaps.last_us > 8000)
    fprintf (stderr, "  gap %6.1f ms (cpu %5.1f ms), last event %s %.1f ms before its end"
             " (monotonic %.6f to %.6f s)\n",
             (now - gaps.last_us) / 1000.0, (cpu - gaps.last_cpu_us) / 1000.0, last_event,
             (now - last_event_us) / 1000.0, gaps.last_us / 1e6, now / 1e6);
  if (gaps.recording && gaps.last_us > 0 && now - gaps.last_us > gaps.max_gap_us)
    {
      gaps.max_gap_us = now - gaps.last_us;
      gaps.max_gap_cpu_us = cpu - gaps.last_cpu_us;
    }
  gaps.last_us = now;
  gaps.last_cpu_us = cpu;
}

static gboolean
timeout_cb (gpointer data)
{
  stamp ();
  event ("timeout");
  return G_SOURCE_CONTINUE;
}

static guint64 frames;

static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       data)
{
  stamp ();
  event ("tick");
  frames++;
  return G_SOURCE_CONTINUE;
}

static void
gaps_start (void)
{
  gaps.last_us = g_get_monotonic_time ();
  gaps.last_cpu_us = thread_cpu_us ();
  gaps.max_gap_us = 0;
  gaps.max_gap_cpu_us = 0;
  gaps.recording = TRUE;
}

static double
gaps_stop (void)
{
  stamp ();
  gaps.recording = FALSE;
  return gaps.max_gap_us / 1000.0;
}

static double
now_ms (void)
{
  return g_get_monotonic_time () / 1000.0;
}

/* Until two more frames are drawn: the document on screen. */
static void
wait_frames (guint n)
{
  guint64 until = frames + n;

  while (frames < until)
    g_main_context_iteration (NULL, TRUE);
}

/* Documents ------------------------------------------------------------------- */

static void *
xcalloc (size_t n, size_t size)
{
  void *p = calloc (n ? n : 1, size);

  if (p == NULL)
    g_error ("out of memory");
  return p;
}

/* n_bones in a tree of three children each, one animation with keys keys on
 * every channel of every bone; filled field by field, as bench-load does. */
static OssaDocument *
make_big (size_t n_bones, size_t keys)
{
  OssaDocument *doc = ossa_document_new ();
  OssaSkeleton *skel = &doc->skeleton;
  OssaAnimation *anim;

  skel->bones = xcalloc (n_bones, sizeof *skel->bones);
  skel->n_bones = skel->capacity = n_bones;
  for (size_t i = 0; i < n_bones; i++)
    {
      OssaBone *b = &skel->bones[i];

      b->name = g_strdup_printf ("bone-%zu", i);
      b->parent = i == 0 ? -1 : (int32_t) ((i - 1) / 3);
      b->rest = ossa_transform_identity ();
      b->rest.x = i == 0 ? 0.f : 20.f;
      b->rest.rotation = 0.5f * (float) ((int) (i % 3) - 1);
      b->length = 20.f;
      b->color = 0xff8800ffu;
    }
  doc->animations = xcalloc (1, sizeof *doc->animations);
  doc->n_animations = 1;
  anim = &doc->animations[0];
  ossa_animation_init (anim, "bench");
  anim->duration = (float) keys / 30.f;
  anim->tracks = xcalloc (n_bones * OSSA_N_CHANNELS, sizeof *anim->tracks);
  anim->n_tracks = anim->capacity = n_bones * OSSA_N_CHANNELS;
  for (size_t b = 0; b < n_bones; b++)
    for (int c = 0; c < OSSA_N_CHANNELS; c++)
      {
        OssaTrack *t = &anim->tracks[b * OSSA_N_CHANNELS + (size_t) c];

        ossa_track_init (t, (uint32_t) b, (OssaChannel) c);
        t->n_keys = t->capacity = keys;
        t->times = xcalloc (keys, sizeof *t->times);
        t->values = xcalloc (keys, sizeof *t->values);
        for (size_t k = 0; k < keys; k++)
          {
            t->times[k] = (float) k / 30.f;
            t->values[k] = c >= OSSA_CHANNEL_SCALE_X ? 1.f + 0.1f * sinf ((float) (k + b))
                                                      : sinf ((float) (k + b)) * 0.2f;
          }
      }
  return doc;
}

static char *
write_temp (const OssaDocument *doc, const char *name, double *size_mb)
{
  g_autoptr(GError) error = NULL;
  OssaError err = { 0 };
  char *path = NULL;
  int fd = g_file_open_tmp (name, &path, &error);
  GStatBuf st;

  if (fd < 0)
    g_error ("%s", error->message);
  close (fd);
  if (!ossa_document_save (doc, path, &err))
    g_error ("%s", err.message);
  g_stat (path, &st);
  *size_mb = st.st_size / 1e6;
  return path;
}

/* The window ------------------------------------------------------------------ */

static void
save_png (GtkWidget *window, const char *name)
{
  g_autofree char *path = g_build_filename (opt_png_dir, name, NULL);
  GdkPaintable *paintable = gtk_widget_paintable_new (window);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int w = gtk_widget_get_width (window), h = gtk_widget_get_height (window);
  GskRenderNode *node;
  GdkTexture *texture;

  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node != NULL)
    {
      texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)),
                                             node, &GRAPHENE_RECT_INIT (0, 0, w, h));
      if (!gdk_texture_save_to_png (texture, path))
        fprintf (stderr, "bench-window-io: could not write %s\n", path);
      g_object_unref (texture);
      gsk_render_node_unref (node);
    }
  g_object_unref (paintable);
}

typedef struct
{
  gboolean done;
  gboolean ok;
  double   end_ms;
  gint64   end_cpu_us;   /* the main thread's CPU time then */
} Outcome;

static void
opened_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Outcome *o = user_data;
  g_autoptr(GError) error = NULL;

  o->ok = ossa_window_open_file_finish (OSSA_WINDOW (source), result, &error);
  if (!o->ok)
    fprintf (stderr, "bench-window-io: %s\n", error->message);
  o->end_ms = now_ms ();
  o->end_cpu_us = thread_cpu_us ();
  o->done = TRUE;
  event ("opened");
}

static void
saved_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Outcome *o = user_data;
  g_autoptr(GError) error = NULL;

  o->ok = ossa_window_save_file_finish (OSSA_WINDOW (source), result, &error);
  if (!o->ok)
    fprintf (stderr, "bench-window-io: %s\n", error->message);
  o->end_ms = now_ms ();
  o->done = TRUE;
}

/* Putting the loaded document in place: from the editor's notify::file (just
 * before its "document-changed") to the end of the last "document-changed"
 * handler (the hierarchy, the timeline, the canvas, the inspectors). */
static double changed_start_ms, changed_ms;

static void
file_notified_cb (OssaEditor *editor, GParamSpec *pspec, gpointer data)
{
  changed_start_ms = now_ms ();
  event ("notify::file");
}

static void
changed_last_cb (OssaEditor *editor, guint change, gpointer data)
{
  if (change & OSSA_CHANGE_DOCUMENT)
    changed_ms = now_ms () - changed_start_ms;
  event ("document-changed done");
}

/* The longest frame: from the frame clock's update phase to the end of its
 * paint (layout and drawing). */
static double frame_start_ms, longest_frame_ms;

static void
frame_update_cb (GdkFrameClock *clock, gpointer data)
{
  frame_start_ms = now_ms ();
  event ("frame update");
}

static void
frame_layout_cb (GdkFrameClock *clock, gpointer data)
{
  event ("frame layout");
}

static void
frame_paint_cb (GdkFrameClock *clock, gpointer data)
{
  event ("frame paint");
}

static void
frame_after_paint_cb (GdkFrameClock *clock, gpointer data)
{
  if (frame_start_ms > 0)
    longest_frame_ms = MAX (longest_frame_ms, now_ms () - frame_start_ms);
  frame_start_ms = 0;
  event ("frame after-paint");
}

static void
run_open (OssaWindow *window, const char *path, double size_mb, const char *png)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  OssaEditor *editor = ossa_window_get_editor (window);
  double start, gap, first_frame, first_cpu;
  Outcome o = { 0 };

  ossa_editor_new_document (editor);
  wait_frames (3);
  changed_ms = 0;
  longest_frame_ms = 0;
  gaps_start ();
  start = now_ms ();
  ossa_window_open_file_async (window, file, opened_cb, &o);
  if (png != NULL && opt_png_dir != NULL)
    {
      wait_frames (8);
      if (!o.done)
        save_png (GTK_WIDGET (window), png);
    }
  while (!o.done)
    g_main_context_iteration (NULL, TRUE);
  wait_frames (2);
  first_frame = now_ms () - o.end_ms;
  first_cpu = (thread_cpu_us () - o.end_cpu_us) / 1000.0;
  gap = gaps_stop ();
  printf ("open %6.1f MB  %7.1f ms to open   longest main-loop gap %6.1f ms (on CPU %5.1f ms)   "
          "(in place %6.1f ms, longest frame %6.1f ms, 2 frames after %6.1f ms, on CPU "
          "%5.1f ms)\n",
          size_mb, o.end_ms - start, gap, gaps.max_gap_cpu_us / 1000.0, changed_ms,
          longest_frame_ms, first_frame, first_cpu);
}

/* For comparison, as the window did before: blocking on the main thread. */
static void
run_blocking (OssaWindow *window, const char *path, gboolean save)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  OssaEditor *editor = ossa_window_get_editor (window);
  double start, gap, total;
  gboolean ok;

  if (!save)
    {
      ossa_editor_new_document (editor);
      wait_frames (3);
    }
  gaps_start ();
  start = now_ms ();
  ok = save ? ossa_editor_save (editor, file, NULL) : ossa_editor_load (editor, file, NULL);
  total = now_ms () - start;
  wait_frames (2);
  gap = gaps_stop ();
  printf ("%s blocking (as before) %7.1f ms   longest main-loop gap %6.1f ms%s\n",
          save ? "save" : "open", total, gap, ok ? "" : "   FAILED");
}

static void
run_save (OssaWindow *window, const char *path, const char *png)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  OssaEditor *editor = ossa_window_get_editor (window);
  const OssaDocument *doc = ossa_editor_get_document (editor);
  OssaTransform rest = doc->skeleton.bones[1].rest;
  double start, call_ms, gap, copy_ms, encode_ms;
  Outcome o = { 0 };
  OssaError err = { 0 };
  OssaDocument *copy;
  uint8_t *bytes;
  size_t size;

  rest.rotation += 0.01f;
  ossa_editor_set_bone_rest (editor, 1, &rest, 0, NULL);
  wait_frames (2);

  /* What the snapshot costs, and what encoding here instead would. */
  start = now_ms ();
  copy = ossa_document_copy (doc);
  copy_ms = now_ms () - start;
  ossa_document_free (copy);
  start = now_ms ();
  if (!ossa_document_to_bytes (doc, &bytes, &size, &err))
    g_error ("%s", err.message);
  encode_ms = now_ms () - start;
  free (bytes);

  gaps_start ();
  start = now_ms ();
  ossa_window_save_file_async (window, file, saved_cb, &o);
  call_ms = now_ms () - start;
  if (png != NULL && opt_png_dir != NULL)
    {
      wait_frames (8);
      if (!o.done)
        save_png (GTK_WIDGET (window), png);
    }
  while (!o.done)
    g_main_context_iteration (NULL, TRUE);
  gap = gaps_stop ();
  printf ("save %6zu bones %7.1f ms to save   main thread at start %6.2f ms   longest "
          "main-loop gap %6.1f ms   (copy %6.2f ms, encode %6.2f ms, %4.1f MB)\n",
          doc->skeleton.n_bones, o.end_ms - start, call_ms, gap, copy_ms, encode_ms,
          size / 1e6);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("- open and save in the window");
  g_autoptr(GError) error = NULL;
  g_autoptr(OssaApplication) app = NULL;
  OssaWindow *window;
  OssaDocument *doc;
  g_autofree char *big = NULL;
  g_autofree char *rig = NULL;
  double big_mb, rig_mb;

  setlocale (LC_ALL, "");
  trace = g_strcmp0 (g_getenv ("OSSA_BENCH_TRACE"), "1") == 0;
  {
    const char *localedir = g_getenv ("OSSA_LOCALEDIR");

    bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && localedir[0] != '\0' ? localedir
                                                                               : LOCALEDIR);
    bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
    textdomain (GETTEXT_PACKAGE);
  }
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "bench-window-io: %s\n", error->message);
      return 2;
    }
  /* The documents opened go into the recent files: a folder of our own, not
   * the person's. */
  {
    g_autofree char *data_home = g_dir_make_tmp ("bench-window-io-XXXXXX", NULL);

    if (data_home != NULL)
      g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  }
  if (!gtk_init_check ())
    {
      printf ("bench-window-io: no display, skipped\n");
      return 0;
    }

  doc = make_big ((size_t) MAX (opt_bones, 1), (size_t) MAX (opt_keys, 1));
  big = write_temp (doc, "bench-window-io-big-XXXXXX.ossa", &big_mb);
  ossa_document_free (doc);
  doc = bench_rig_new (10000);
  rig = write_temp (doc, "bench-window-io-rig-XXXXXX.ossa", &rig_mb);
  ossa_document_free (doc);

  app = g_object_new (OSSA_TYPE_APPLICATION, "application-id", APP_ID,
                      "flags", G_APPLICATION_NON_UNIQUE, NULL);
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    g_error ("%s", error->message);
  window = ossa_window_new (GTK_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_widget_add_tick_callback (GTK_WIDGET (window), tick_cb, NULL, NULL);
  g_timeout_add (1, timeout_cb, NULL);
  g_signal_connect (ossa_window_get_editor (window), "notify::file",
                    G_CALLBACK (file_notified_cb), NULL);
  g_signal_connect_after (ossa_window_get_editor (window), "document-changed",
                          G_CALLBACK (changed_last_cb), NULL);
  gtk_window_present (GTK_WINDOW (window));
  wait_frames (5);
  {
    GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));

    g_signal_connect (clock, "update", G_CALLBACK (frame_update_cb), NULL);
    g_signal_connect (clock, "layout", G_CALLBACK (frame_layout_cb), NULL);
    g_signal_connect (clock, "paint", G_CALLBACK (frame_paint_cb), NULL);
    g_signal_connect_after (clock, "after-paint", G_CALLBACK (frame_after_paint_cb), NULL);
  }

  printf ("big document: %d bones, %d keys on each of %d channels (%.1f MB)\n", opt_bones,
          opt_keys, OSSA_N_CHANNELS, big_mb);
  for (int r = 0; r < opt_runs; r++)
    run_open (window, big, big_mb, r == 0 ? "open.png" : NULL);
  run_save (window, big, "save.png");
  run_blocking (window, big, TRUE);
  run_blocking (window, big, FALSE);

  printf ("rig: 10000 bones (%.1f MB)\n", rig_mb);
  for (int r = 0; r < opt_runs; r++)
    {
      run_open (window, rig, rig_mb, NULL);
      run_save (window, rig, NULL);
    }
  run_blocking (window, rig, TRUE);
  run_blocking (window, rig, FALSE);

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (big);
  g_unlink (rig);
  return 0;
}
