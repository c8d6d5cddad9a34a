/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How smoothly the canvas follows a drag on a large rig. Opens a 1280×800 window
 * whose canvas shows a generated tree of bones (10,000 by default), presses on a
 * bone near the root and drives a rotate drag around its joint for a number of
 * frames, one pointer step per frame-clock tick, through the same entry points the
 * canvas's gesture calls. Prints the time from start to the first drawn frame, the
 * frame interval (mean, p95, max, fps), and per frame the CPU time of the drag
 * update (editor + pose), of the canvas's GL render, and of the whole paint.
 * Never fails on time. Run under xvfb-run for a headless figure.
 *
 * With --ik the drag is the IK tool's instead: the deepest bone's tip pulled round
 * a circle, its chain (to the root, or --chain N bones) solved every frame; the
 * figures add the drag update and the paint of each frame (update + paint).
 *
 *   bench-canvas [--bones N] [--frames N] [--doc FILE.ossa] [--names] [--png FILE]
 *                [--bone N | --ik [--chain N]]
 *
 * --bone 0 turns the root: the whole rig moves, as in an IK drag up to the root.
 *
 * --doc shows a document instead of the generated rig (with --frames 0 and --png,
 * a screenshot tool). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <unistd.h>

#include "ossa.h"

#include "bench-rig.h"
#include "bench-series.h"

#include "ossa-canvas-private.h"
#include "ossa-editor.h"

typedef struct
{
  GtkWidget  *window;
  OssaCanvas *canvas;
  OssaEditor *editor;
  gint64      start_us;
  gint64      first_frame_us;
  gint64      paint_start_us;
  gint64      last_paint_us;
  guint       frames_wanted;
  guint       frame;
  gboolean    dragging;
  gboolean    done;
  double      pivot_x, pivot_y;    /* widget */
  double      radius, angle0;
  guint       drag_bone;
  guint       ik_chain;            /* --ik: the bones the drag bends */
  double      ik_miss;             /* and how far the tip is from the pointer at the end */
  double      ik_offset_x, ik_offset_y;   /* the tip minus the press, world */
  double      last_x, last_y;      /* the pointer's last place, widget */
  GArray     *intervals;           /* double ms */
  GArray     *updates;
  GArray     *renders;
  GArray     *prepares;
  GArray     *paints;
  guint64     last_frames;
  const char *png;
} Bench;

static int   opt_bones = 10000;
static int   opt_frames = 300;
static char *opt_doc = NULL;
static char *opt_png = NULL;
static gboolean opt_names = FALSE;
static gboolean opt_ik = FALSE;
static int   opt_chain = 0;
static int   opt_bone = 1;

static GOptionEntry entries[] = {
  { "bones", 0, 0, G_OPTION_ARG_INT, &opt_bones, "Bones in the generated rig", "N" },
  { "frames", 0, 0, G_OPTION_ARG_INT, &opt_frames, "Frames of dragging", "N" },
  { "doc", 0, 0, G_OPTION_ARG_FILENAME, &opt_doc, "Show this document instead", "FILE" },
  { "names", 0, 0, G_OPTION_ARG_NONE, &opt_names, "Show bone names", NULL },
  { "png", 0, 0, G_OPTION_ARG_FILENAME, &opt_png, "Save the window as PNG at the end", "FILE" },
  { "bone", 0, 0, G_OPTION_ARG_INT, &opt_bone, "The bone the rotate drag turns (default 1)", "N" },
  { "ik", 0, 0, G_OPTION_ARG_NONE, &opt_ik, "Drag the deepest bone's tip with the IK tool", NULL },
  { "chain", 0, 0, G_OPTION_ARG_INT, &opt_chain, "The IK drag's chain length (0: to the root)",
    "N" },
  { NULL }
};


static void
print_series (const char *what, GArray *values)
{
  BenchSeries s;

  if (values->len == 0)
    return;
  s = bench_series (values);
  printf ("%-22s mean %7.2f ms   p95 %7.2f ms   max %7.2f ms\n", what, s.mean, s.p95, s.max);
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
  if (node == NULL)
    {
      fprintf (stderr, "bench-canvas: nothing to save\n");
      g_object_unref (paintable);
      return;
    }
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (b->window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  if (!gdk_texture_save_to_png (texture, b->png))
    fprintf (stderr, "bench-canvas: could not write %s\n", b->png);
  g_object_unref (texture);
  gsk_render_node_unref (node);
  g_object_unref (paintable);
}

/* How far the deepest bone's tip ended from where the drag asked it to be (the
 * pointer plus the offset of the press from the tip), world units. */
static void
note_ik_result (Bench *b)
{
  const OssaDocument *doc = ossa_editor_get_document (b->editor);
  const OssaXform *m = &ossa_editor_get_world (b->editor)[b->drag_bone];
  OssaVec2 tip = ossa_pose_tip (m, doc->skeleton.bones[b->drag_bone].length);
  gsize n = 0;
  double wx, wy;

  ossa_editor_ik_drag_get_bones (b->editor, &n);
  b->ik_chain = (guint) n;
  ossa_camera_widget_to_world (_ossa_canvas_get_camera (b->canvas), b->last_x, b->last_y, &wx,
                               &wy);
  b->ik_miss = hypot (tip.x - (wx + b->ik_offset_x), tip.y - (wy + b->ik_offset_y));
}

static void
finish (Bench *b)
{
  OssaCanvasStats stats;
  double fps = 0, sum = 0;

  if (b->done)
    return;
  b->done = TRUE;
  /* Before the release, which asks for a new frame and so empties the widget's
   * last picture. */
  if (b->png != NULL)
    save_png (b);
  if (b->dragging && opt_ik)
    {
      note_ik_result (b);
      _ossa_canvas_drag_end (b->canvas, b->last_x, b->last_y, 0);
    }
  else if (b->dragging)
    _ossa_canvas_drag_end (b->canvas, b->pivot_x, b->pivot_y, 0);
  _ossa_canvas_get_stats (b->canvas, &stats);
  printf ("bones                  %u\n", stats.n_instances);
  printf ("GL draw calls a frame  %u\n", stats.draw_calls);
  printf ("first frame            %.1f ms after start\n",
          (b->first_frame_us - b->start_us) / 1000.0);
  for (guint i = 0; i < b->intervals->len; i++)
    sum += g_array_index (b->intervals, double, i);
  if (sum > 0)
    fps = 1000.0 * b->intervals->len / sum;
  if (b->intervals->len > 0)
    printf ("frames dragged         %u (%.1f fps)\n", b->intervals->len, fps);
  print_series ("frame interval", b->intervals);
  print_series ("drag update (CPU)", b->updates);
  print_series ("pose + bone arrays", b->prepares);
  print_series ("canvas GL render (CPU)", b->renders);
  print_series ("whole paint (CPU)", b->paints);
  if (opt_ik)
    {
      GArray *sums = g_array_new (FALSE, FALSE, sizeof (double));

      /* Frame k's paint shows update k: their sum is what a frame of the drag costs. */
      for (guint i = 0; i < MIN (b->updates->len, b->paints->len); i++)
        {
          double frame = g_array_index (b->updates, double, i)
                         + g_array_index (b->paints, double, i);

          g_array_append_val (sums, frame);
        }
      printf ("IK chain               %u bones (the tip %.2f world units off the pointer "
              "at the end)\n", b->ik_chain, b->ik_miss);
      print_series ("update + paint (CPU)", sums);
      g_array_unref (sums);
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
      /* Nothing to time: say why (the canvas shows it too) and stop. */
      if (b->first_frame_us == 0)
        fprintf (stderr, "bench-canvas: %s\n",
                 gtk_gl_area_get_error (GTK_GL_AREA (b->canvas))->message);
      b->frames_wanted = 0;
      b->first_frame_us = now;
      return;
    }
  if (stats.frames == 0)
    return;
  if (b->first_frame_us == 0)
    b->first_frame_us = now;
  if (b->dragging && stats.frames != b->last_frames)
    {
      double render = stats.render_us / 1000.0;
      double paint = (now - b->paint_start_us) / 1000.0;
      double prepare = stats.prepare_us / 1000.0;

      if (b->last_paint_us != 0)
        {
          double interval = (now - b->last_paint_us) / 1000.0;

          g_array_append_val (b->intervals, interval);
        }
      g_array_append_val (b->renders, render);
      g_array_append_val (b->prepares, prepare);
      g_array_append_val (b->paints, paint);
    }
  b->last_frames = stats.frames;
  b->last_paint_us = now;
}

static void
begin_drag (Bench *b)
{
  const OssaCamera *cam = _ossa_canvas_get_camera (b->canvas);
  const OssaXform *world = ossa_editor_get_world (b->editor);
  const OssaDocument *doc = ossa_editor_get_document (b->editor);
  guint bone = (guint) CLAMP (opt_bone, 0, (int) doc->skeleton.n_bones - 1);
  const OssaXform *m = &world[bone];
  float len = doc->skeleton.bones[bone].length;
  double mx, my;

  ossa_camera_world_to_widget (cam, m->tx, m->ty, &b->pivot_x, &b->pivot_y);
  ossa_camera_world_to_widget (cam, m->tx + m->a * len * 0.6, m->ty + m->b * len * 0.6, &mx, &my);
  b->radius = hypot (mx - b->pivot_x, my - b->pivot_y);
  b->angle0 = atan2 (my - b->pivot_y, mx - b->pivot_x);
  b->drag_bone = bone;
  ossa_editor_set_tool (b->editor, OSSA_TOOL_ROTATE);
  _ossa_canvas_drag_begin (b->canvas, mx, my, 0);
  if (ossa_editor_get_primary (b->editor) != (int) bone)
    fprintf (stderr, "bench-canvas: the press picked bone %d, not %u\n",
             ossa_editor_get_primary (b->editor), bone);
  b->dragging = TRUE;
}

/* The press point of bone's tip (5 % of the bone short of it) in the widget. */
static void
ik_press_point (Bench *b, guint bone, double *x, double *y)
{
  const OssaXform *m = &ossa_editor_get_world (b->editor)[bone];
  float len = ossa_editor_get_document (b->editor)->skeleton.bones[bone].length;

  ossa_camera_world_to_widget (_ossa_canvas_get_camera (b->canvas), m->tx + m->a * len * 0.95,
                               m->ty + m->b * len * 0.95, x, y);
}

/* --ik: the deepest bone whose tip a press picks (the rig is dense: most tips lie
 * under other bones), pressed by its tip; the pointer then goes round a circle
 * through the tip, a third of the chain's reach across, so that the whole chain
 * keeps bending. */
static void
begin_ik_drag (Bench *b)
{
  const OssaCamera *cam = _ossa_canvas_get_camera (b->canvas);
  const OssaDocument *doc = ossa_editor_get_document (b->editor);
  guint bone = (guint) doc->skeleton.n_bones - 1;
  const OssaXform *m;
  double reach = 0, tx = 0, ty = 0, jx, jy;
  int depth = 0;

  _ossa_canvas_ensure_instances (b->canvas);
  for (guint k = bone + 1; k-- > 0;)
    {
      OssaHit hit;

      ik_press_point (b, k, &tx, &ty);
      hit = ossa_scene_hit_test (b->canvas->instances, b->canvas->n_instances, cam, tx, ty);
      if (hit.bone == (gssize) k && hit.part == OSSA_HIT_BODY)
        {
          bone = k;
          break;
        }
    }
  ik_press_point (b, bone, &tx, &ty);
  m = &ossa_editor_get_world (b->editor)[bone];
  for (int32_t k = (int32_t) bone; k >= 0 && (opt_chain <= 0 || depth < opt_chain);
       k = doc->skeleton.bones[k].parent, depth++)
    reach += doc->skeleton.bones[k].length;
  ossa_camera_world_to_widget (cam, m->tx, m->ty, &jx, &jy);
  b->ik_offset_x = m->a * doc->skeleton.bones[bone].length * 0.05;
  b->ik_offset_y = m->b * doc->skeleton.bones[bone].length * 0.05;
  b->radius = reach * cam->zoom / 6.0;
  /* The circle's centre a radius back along the bone, so it starts at the tip. */
  b->angle0 = atan2 (ty - jy, tx - jx);
  b->pivot_x = tx - b->radius * cos (b->angle0);
  b->pivot_y = ty - b->radius * sin (b->angle0);
  b->drag_bone = bone;
  ossa_editor_set_ik_chain_length (b->editor, (guint) MAX (opt_chain, 0));
  ossa_editor_set_tool (b->editor, OSSA_TOOL_IK);
  _ossa_canvas_drag_begin (b->canvas, tx, ty, 0);
  if (ossa_editor_get_primary (b->editor) != (int) bone)
    fprintf (stderr, "bench-canvas: the press picked bone %d, not %u\n",
             ossa_editor_get_primary (b->editor), bone);
  b->dragging = TRUE;
}

static gboolean
tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  Bench *b = data;
  double a, x, y;
  gint64 t0;

  if (b->done)
    return G_SOURCE_REMOVE;
  if (b->first_frame_us == 0)
    return G_SOURCE_CONTINUE;
  if (b->frame >= b->frames_wanted)
    {
      finish (b);
      return G_SOURCE_REMOVE;
    }
  if (!b->dragging)
    {
      if (opt_ik)
        begin_ik_drag (b);
      else
        begin_drag (b);
    }
  /* Around the joint two and a half times over 300 frames: the rotation passes
   * ±180° several times. */
  a = b->angle0 + OSSA_TAU * (b->frame + 1) / 120.0;
  x = b->pivot_x + b->radius * cos (a);
  y = b->pivot_y + b->radius * sin (a);
  b->last_x = x;
  b->last_y = y;
  t0 = g_get_monotonic_time ();
  _ossa_canvas_drag_update (b->canvas, x, y, 0);
  {
    double ms = (g_get_monotonic_time () - t0) / 1000.0;

    g_array_append_val (b->updates, ms);
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

int
main (int argc, char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("- time the canvas on a big rig");
  g_autoptr(GError) error = NULL;
  Bench b = { 0 };
  OssaDocument *doc;
  gboolean running = TRUE;

  b.start_us = g_get_monotonic_time ();
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "bench-canvas: %s\n", error->message);
      return 2;
    }
  if (!gtk_init_check ())
    {
      printf ("bench-canvas: no display, skipped\n");
      return 0;
    }

  b.editor = ossa_editor_new ();
  if (opt_doc != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (opt_doc);

      if (!ossa_editor_load (b.editor, file, &error))
        {
          fprintf (stderr, "bench-canvas: %s\n", error->message);
          return 1;
        }
    }
  else
    {
      OssaError err;
      g_autofree char *path = NULL;
      g_autoptr(GFile) file = NULL;
      int fd = g_file_open_tmp ("bench-canvas-XXXXXX.ossa", &path, &error);

      /* Through a file, as a person would open it: the editor starts fitted. */
      if (fd < 0)
        {
          fprintf (stderr, "bench-canvas: %s\n", error->message);
          return 1;
        }
      close (fd);
      ossa_error_clear (&err);
      doc = bench_rig_new ((guint) MAX (opt_bones, 1));
      if (!ossa_document_save (doc, path, &err))
        {
          fprintf (stderr, "bench-canvas: %s\n", err.message);
          return 1;
        }
      ossa_document_free (doc);
      file = g_file_new_for_path (path);
      if (!ossa_editor_load (b.editor, file, &error))
        {
          fprintf (stderr, "bench-canvas: %s\n", error->message);
          return 1;
        }
      g_unlink (path);
    }

  b.intervals = g_array_new (FALSE, FALSE, sizeof (double));
  b.updates = g_array_new (FALSE, FALSE, sizeof (double));
  b.renders = g_array_new (FALSE, FALSE, sizeof (double));
  b.prepares = g_array_new (FALSE, FALSE, sizeof (double));
  b.paints = g_array_new (FALSE, FALSE, sizeof (double));
  b.frames_wanted = (guint) MAX (opt_frames, 0);
  b.png = opt_png;

  b.window = gtk_window_new ();
  gtk_window_set_title (GTK_WINDOW (b.window), "bench-canvas");
  gtk_window_set_default_size (GTK_WINDOW (b.window), 1280, 800);
  b.canvas = OSSA_CANVAS (ossa_canvas_new ());
  ossa_canvas_set_editor (b.canvas, b.editor);
  g_object_set (b.canvas, "show-names", opt_names, NULL);
  gtk_window_set_child (GTK_WINDOW (b.window), GTK_WIDGET (b.canvas));
  g_signal_connect (b.window, "map", G_CALLBACK (on_map), &b);
  g_signal_connect (b.window, "destroy", G_CALLBACK (on_destroy), &running);
  gtk_widget_add_tick_callback (GTK_WIDGET (b.canvas), tick, &b, NULL);
  gtk_window_present (GTK_WINDOW (b.window));

  while (running)
    g_main_context_iteration (NULL, TRUE);

  g_array_unref (b.intervals);
  g_array_unref (b.updates);
  g_array_unref (b.renders);
  g_array_unref (b.prepares);
  g_array_unref (b.paints);
  g_object_unref (b.editor);
  return 0;
}
