/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The canvas in a real window under X: what it draws (read back as pixels), how
 * many draw calls that takes, the mouse editing through the entry points its
 * gestures call, its actions and the view dump. With --scale=2 everything runs
 * again at GDK_SCALE=2. */
#define G_LOG_DOMAIN "test-canvas"

#include "config.h"

#include <math.h>
#include <stdio.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <json-glib/json-glib.h>

#include "ossa.h"

#include "ossa-canvas-private.h"
#include "ossa-editor.h"
#include "gui-test-canvas.h"

#define WIDTH 480
#define HEIGHT 360

static int expected_scale = 1;
static char *dump_path;

typedef struct
{
  GtkWidget  *window;
  GtkWidget  *label;
  OssaCanvas *canvas;
  OssaEditor *editor;
  char       *tmpdir;
} Fixture;

/* Three bones, each its own primary colour:
 *   root: (0, 0) → (100, 0), red
 *   arm:  child of root at its tip, straight up to (100, 80), green
 *   leg:  another root, (0, -60) → (120, -60), blue */
static GFile *
save_rig (Fixture *f)
{
  g_autofree char *path = g_build_filename (f->tmpdir, "rig.ossa", NULL);
  OssaDocument *doc = ossa_document_new ();
  OssaTransform root = { 0, 0, 0, 1, 1 };
  OssaTransform arm = { 100, 0, (float) (OSSA_PI / 2), 1, 1 };
  OssaTransform leg = { 0, -60, 0, 1, 1 };
  OssaError err;

  ossa_error_clear (&err);
  g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, "root", -1, &root, 100, 0xd02020ffu,
                                           &err), ==, 0);
  g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, "arm", 0, &arm, 80, 0x20c030ffu,
                                           &err), ==, 1);
  g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, "leg", -1, &leg, 120, 0x2050e0ffu,
                                           &err), ==, 2);
  if (!ossa_document_save (doc, path, &err))
    g_error ("%s", err.message);
  ossa_document_free (doc);
  return g_file_new_for_path (path);
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  GtkWidget *box;

  f->tmpdir = g_dir_make_tmp ("ossa-test-canvas-XXXXXX", &error);
  g_assert_no_error (error);
  f->editor = ossa_editor_new ();
  file = save_rig (f);
  g_assert_true (ossa_editor_load (f->editor, file, &error));
  g_assert_no_error (error);

  /* A label above the canvas, so widget and window coordinates differ. */
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), WIDTH, HEIGHT);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  f->label = gtk_label_new ("above the canvas");
  gtk_box_append (GTK_BOX (box), f->label);
  f->canvas = OSSA_CANVAS (ossa_canvas_new ());
  ossa_canvas_set_editor (f->canvas, f->editor);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (f->canvas));
  gtk_window_set_child (GTK_WINDOW (f->window), box);
  gtk_window_present (GTK_WINDOW (f->window));
  gui_test_canvas_wait_frame (f->canvas);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_autofree char *rig = g_build_filename (f->tmpdir, "rig.ossa", NULL);

  gtk_window_destroy (GTK_WINDOW (f->window));
  gui_test_iterate ();
  g_clear_object (&f->editor);
  g_unlink (rig);
  g_rmdir (f->tmpdir);
  g_free (f->tmpdir);
}

static void
to_widget (Fixture *f, double wx, double wy, double *px, double *py)
{
  ossa_camera_world_to_widget (_ossa_canvas_get_camera (f->canvas), wx, wy, px, py);
}

static void
to_world (Fixture *f, double px, double py, double *wx, double *wy)
{
  ossa_camera_widget_to_world (_ossa_canvas_get_camera (f->canvas), px, py, wx, wy);
}

static void
assert_dominant (const int rgb[3], int channel)
{
  for (int c = 0; c < 3; c++)
    if (c != channel)
      g_assert_cmpint (rgb[channel], >, rgb[c] + 80);
}

static void
assert_background (const int rgb[3])
{
  /* Dark and grey. */
  for (int c = 0; c < 3; c++)
    {
      g_assert_cmpint (rgb[c], <, 90);
      g_assert_cmpint (abs (rgb[c] - rgb[0]), <, 16);
    }
}

static void
test_canvas_fitted (Fixture *f, gconstpointer data)
{
  const OssaXform *world = ossa_editor_get_world (f->editor);
  const OssaDocument *doc = ossa_editor_get_document (f->editor);
  const OssaCamera *cam = _ossa_canvas_get_camera (f->canvas);
  double zoom;

  g_assert_cmpint (gtk_widget_get_scale_factor (GTK_WIDGET (f->canvas)), ==, expected_scale);
  g_assert_null (gtk_gl_area_get_error (GTK_GL_AREA (f->canvas)));
  g_assert_cmpfloat (cam->width, ==, gtk_widget_get_width (GTK_WIDGET (f->canvas)));
  for (gsize i = 0; i < doc->skeleton.n_bones; i++)
    {
      OssaVec2 tip = ossa_pose_tip (&world[i], doc->skeleton.bones[i].length);
      double px, py;

      to_widget (f, world[i].tx, world[i].ty, &px, &py);
      g_assert_cmpfloat (px, >, 0);
      g_assert_cmpfloat (px, <, cam->width);
      g_assert_cmpfloat (py, >, 0);
      g_assert_cmpfloat (py, <, cam->height);
      to_widget (f, tip.x, tip.y, &px, &py);
      g_assert_cmpfloat (px, >, 0);
      g_assert_cmpfloat (px, <, cam->width);
      g_assert_cmpfloat (py, >, 0);
      g_assert_cmpfloat (py, <, cam->height);
    }
  /* The rig is 120 × 140 units in about 480 × 340 pixels: well over 100 %. */
  g_object_get (f->canvas, "zoom", &zoom, NULL);
  g_assert_cmpfloat (zoom, ==, cam->zoom);
  g_assert_cmpfloat (zoom, >, 1.2);
}

static void
test_canvas_pixels (Fixture *f, gconstpointer data)
{
  GuiTestPixels p = gui_test_canvas_pixels (f->canvas);
  int rgb[3];

  /* Each bone's colour inside it... */
  gui_test_canvas_pixel_at (f->canvas, &p, 50, 0, rgb);
  assert_dominant (rgb, 0);
  gui_test_canvas_pixel_at (f->canvas, &p, 100, 40, rgb);
  assert_dominant (rgb, 1);
  gui_test_canvas_pixel_at (f->canvas, &p, 60, -60, rgb);
  assert_dominant (rgb, 2);
  /* ...and the background around them. */
  gui_test_canvas_pixel_at (f->canvas, &p, 50, 30, rgb);
  assert_background (rgb);
  gui_test_canvas_pixel_at (f->canvas, &p, 60, -35, rgb);
  assert_background (rgb);
  gui_test_canvas_pixel_at (f->canvas, &p, 50, -12, rgb);
  assert_background (rgb);
  g_free (p.data);
}

static void
test_canvas_draw_calls (Fixture *f, gconstpointer data)
{
  const OssaDocument *doc = ossa_editor_get_document (f->editor);
  OssaCanvasStats small, large;

  _ossa_canvas_get_stats (f->canvas, &small);
  g_assert_cmpuint (small.n_instances, ==, 3);

  ossa_editor_begin_group (f->editor, "many");
  for (guint i = 0; i < 500; i++)
    {
      g_autofree char *name = g_strdup_printf ("extra%u", i);
      OssaTransform rest = { (float) (i % 50) * 3, (float) (i / 50) * 3 - 150, 0.3f, 1, 1 };
      OssaCommand *cmd = ossa_command_add_bone (doc, name, -1, &rest, 10, 0xffffffffu, NULL);

      g_assert_nonnull (cmd);
      g_assert_true (ossa_editor_execute (f->editor, cmd, NULL));
    }
  ossa_editor_end_group (f->editor);
  gui_test_canvas_wait_frame (f->canvas);
  _ossa_canvas_get_stats (f->canvas, &large);
  g_assert_cmpuint (large.n_instances, ==, 503);
  /* Grid, all bones, all joints: the same three draws for 3 or 503 bones. */
  g_assert_cmpuint (small.draw_calls, ==, 3);
  g_assert_cmpuint (large.draw_calls, ==, small.draw_calls);
}

static void
click (Fixture *f, double wx, double wy, GdkModifierType state)
{
  double px, py;

  to_widget (f, wx, wy, &px, &py);
  _ossa_canvas_drag_begin (f->canvas, px, py, state);
  _ossa_canvas_drag_end (f->canvas, px, py, state);
}

static char *
selection_string (Fixture *f)
{
  GString *s = g_string_new ("");
  gsize n;
  const guint *sel = ossa_editor_get_selection (f->editor, &n);

  for (gsize i = 0; i < n; i++)
    g_string_append_printf (s, "%s%u", i ? "," : "", sel[i]);
  return g_string_free (s, FALSE);
}

#define assert_selection(f, expected) \
  G_STMT_START { \
    g_autofree char *_s = selection_string (f); \
    g_assert_cmpstr (_s, ==, expected); \
  } G_STMT_END

static void
test_canvas_click_select (Fixture *f, gconstpointer data)
{
  GuiTestPixels before, after;
  int rgb0[3], rgb1[3];

  before = gui_test_canvas_pixels (f->canvas);
  click (f, 50, 0, 0);
  assert_selection (f, "0");
  g_assert_cmpint (ossa_editor_get_primary (f->editor), ==, 0);

  /* Selected bones are drawn lighter. */
  gui_test_canvas_wait_frame (f->canvas);
  after = gui_test_canvas_pixels (f->canvas);
  gui_test_canvas_pixel_at (f->canvas, &before, 50, 0, rgb0);
  gui_test_canvas_pixel_at (f->canvas, &after, 50, 0, rgb1);
  g_assert_cmpint (rgb1[1], >, rgb0[1] + 20);
  g_assert_cmpint (rgb1[2], >, rgb0[2] + 20);
  g_free (before.data);
  g_free (after.data);

  /* Joints win over bodies: the arm's joint lies on the root's tip. */
  click (f, 100, 0, 0);
  assert_selection (f, "1");
  click (f, 50, 0, GDK_CONTROL_MASK);
  assert_selection (f, "0,1");
  click (f, 100, 40, GDK_CONTROL_MASK);
  assert_selection (f, "0");
  /* Empty canvas clears, except with Ctrl. */
  click (f, 50, 30, GDK_CONTROL_MASK);
  assert_selection (f, "0");
  click (f, 50, 30, 0);
  assert_selection (f, "");
  g_assert_cmpint (ossa_editor_get_primary (f->editor), ==, -1);
}

/* Moves the pointer in small steps along a circle around (cx, cy) world, from
 * angle a0 to a1 (degrees). */
static void
drag_arc (Fixture *f, double cx, double cy, double radius, double a0, double a1,
          GdkModifierType state)
{
  int steps = (int) ceil (fabs (a1 - a0) / 5);
  double px, py;

  to_widget (f, cx + radius * cos (a0 * G_PI / 180), cy + radius * sin (a0 * G_PI / 180), &px,
             &py);
  _ossa_canvas_drag_begin (f->canvas, px, py, state);
  for (int i = 1; i <= steps; i++)
    {
      double a = (a0 + (a1 - a0) * i / steps) * G_PI / 180;

      to_widget (f, cx + radius * cos (a), cy + radius * sin (a), &px, &py);
      _ossa_canvas_drag_update (f->canvas, px, py, state);
    }
  _ossa_canvas_drag_end (f->canvas, px, py, state);
}

/* While a drag moves one bone's subtree, the rest comes from a cached image and
 * only the moving bones are drawn: the picture must be the same as without. */
static void
test_canvas_drag_cache (Fixture *f, gconstpointer data)
{
  OssaCanvasStats stats;
  GuiTestPixels p;
  double px, py;
  int rgb[3];

  ossa_editor_set_tool (f->editor, OSSA_TOOL_ROTATE);
  /* Press on the arm (up from (100, 0)) and turn it to point down and right. */
  to_widget (f, 100, 40, &px, &py);
  _ossa_canvas_drag_begin (f->canvas, px, py, 0);
  for (int a = 85; a >= -45; a -= 5)
    {
      to_widget (f, 100 + 40 * cos (a * G_PI / 180), 40 * sin (a * G_PI / 180), &px, &py);
      _ossa_canvas_drag_update (f->canvas, px, py, 0);
    }
  for (int frame = 0; frame < 2; frame++)
    {
      gui_test_canvas_wait_frame (f->canvas);
      p = gui_test_canvas_pixels (f->canvas);
      gui_test_canvas_pixel_at (f->canvas, &p, 50, 0, rgb);        /* still: red */
      assert_dominant (rgb, 0);
      gui_test_canvas_pixel_at (f->canvas, &p, 60, -60, rgb);      /* still: blue */
      assert_dominant (rgb, 2);
      /* moved: green, where the arm went */
      gui_test_canvas_pixel_at (f->canvas, &p, 128, -28, rgb);
      assert_dominant (rgb, 1);
      gui_test_canvas_pixel_at (f->canvas, &p, 100, 40, rgb);      /* where the arm was */
      assert_background (rgb);
      g_free (p.data);
      /* Once the still image is made, a frame draws only the moving bone and its
       * joint; if the image were remade (or not used), grid and all would be. */
      to_widget (f, 100 + 40 * cos (-46 * G_PI / 180), 40 * sin (-46 * G_PI / 180), &px, &py);
      _ossa_canvas_drag_update (f->canvas, px, py, 0);
    }
  gui_test_canvas_wait_frame (f->canvas);
  _ossa_canvas_get_stats (f->canvas, &stats);
  g_assert_cmpuint (stats.draw_calls, ==, 2);
  _ossa_canvas_drag_end (f->canvas, px, py, 0);

  /* After the drag, everything is drawn in bone order again. */
  gui_test_canvas_wait_frame (f->canvas);
  p = gui_test_canvas_pixels (f->canvas);
  _ossa_canvas_get_stats (f->canvas, &stats);
  g_assert_cmpuint (stats.draw_calls, >=, 3);
  gui_test_canvas_pixel_at (f->canvas, &p, 128, -28, rgb);
  assert_dominant (rgb, 1);
  gui_test_canvas_pixel_at (f->canvas, &p, 50, 0, rgb);
  assert_dominant (rgb, 0);
  g_free (p.data);
}

static void
test_canvas_rotate_drag (Fixture *f, gconstpointer data)
{
  const OssaDocument *doc = ossa_editor_get_document (f->editor);

  g_assert_false (ossa_editor_can_undo (f->editor));
  ossa_editor_set_tool (f->editor, OSSA_TOOL_ROTATE);
  /* Press on the arm's body (it points up from (100, 0)) and go clockwise 290°,
   * through the ±180° line: -200°, not +160°. */
  drag_arc (f, 100, 0, 40, 90, -200, 0);
  assert_selection (f, "1");
  g_assert_cmpfloat_with_epsilon (doc->skeleton.bones[1].rest.rotation,
                                  (90 - 290) * G_PI / 180, 1e-3);
  g_assert_cmpfloat (doc->skeleton.bones[1].rest.x, ==, 100);
  /* The whole drag is one undo step. */
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  g_assert_false (ossa_editor_can_undo (f->editor));
  g_assert_cmpfloat_with_epsilon (doc->skeleton.bones[1].rest.rotation, G_PI / 2, 1e-6);

  /* Shift snaps to 15°. */
  drag_arc (f, 100, 0, 40, 90, 58, GDK_SHIFT_MASK);
  g_assert_cmpfloat_with_epsilon (doc->skeleton.bones[1].rest.rotation, 60 * G_PI / 180, 1e-5);
}

static void
test_canvas_translate_drag (Fixture *f, gconstpointer data)
{
  const OssaDocument *doc = ossa_editor_get_document (f->editor);
  double zoom = _ossa_canvas_get_camera (f->canvas)->zoom;
  double px, py, wx, wy;
  const OssaXform *world;

  /* The rotate tool on the root's joint moves the skeleton (DESIGN). */
  ossa_editor_set_tool (f->editor, OSSA_TOOL_ROTATE);
  to_widget (f, 0, 0, &px, &py);
  _ossa_canvas_drag_begin (f->canvas, px, py, 0);
  _ossa_canvas_drag_update (f->canvas, px + 10, py - 5, 0);
  _ossa_canvas_drag_update (f->canvas, px + 30, py - 20, 0);
  _ossa_canvas_drag_end (f->canvas, px + 30, py - 20, 0);
  g_assert_cmpfloat_with_epsilon (doc->skeleton.bones[0].rest.x, 30 / zoom, 1e-4);
  g_assert_cmpfloat_with_epsilon (doc->skeleton.bones[0].rest.y, 20 / zoom, 1e-4);
  g_assert_cmpfloat (doc->skeleton.bones[0].rest.rotation, ==, 0);
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  g_assert_false (ossa_editor_can_undo (f->editor));

  /* The translate tool on the arm (rotated 90° in its parent): its joint follows
   * the pointer exactly. */
  ossa_editor_set_tool (f->editor, OSSA_TOOL_TRANSLATE);
  to_widget (f, 100, 0, &px, &py);
  _ossa_canvas_drag_begin (f->canvas, px, py, 0);
  _ossa_canvas_drag_update (f->canvas, px - 20, py + 7, 0);
  _ossa_canvas_drag_end (f->canvas, px - 40, py + 15, 0);
  to_world (f, px - 40, py + 15, &wx, &wy);
  world = ossa_editor_get_world (f->editor);
  g_assert_cmpfloat_with_epsilon (world[1].tx, wx, 1e-3);
  g_assert_cmpfloat_with_epsilon (world[1].ty, wy, 1e-3);
  g_assert_cmpfloat_with_epsilon (world[0].tx, 0, 1e-6);
}

static void
test_canvas_scale_drag (Fixture *f, gconstpointer data)
{
  const OssaDocument *doc = ossa_editor_get_document (f->editor);
  double px, py, qx, qy;

  ossa_editor_set_tool (f->editor, OSSA_TOOL_SCALE);
  to_widget (f, 50, 0, &px, &py);
  to_widget (f, 75, 0, &qx, &qy);
  _ossa_canvas_drag_begin (f->canvas, px, py, 0);
  _ossa_canvas_drag_update (f->canvas, qx, qy, 0);
  _ossa_canvas_drag_end (f->canvas, qx, qy, 0);
  g_assert_cmpfloat_with_epsilon (doc->skeleton.bones[0].rest.scale_x, 1.5, 1e-3);
  g_assert_cmpfloat_with_epsilon (doc->skeleton.bones[0].rest.scale_y, 1.0, 1e-3);
}

static void
test_canvas_rubber_band (Fixture *f, gconstpointer data)
{
  double x0, y0, x1, y1;
  GuiTestPixels p;
  int rgb[3], inside[3];

  to_widget (f, -20, 25, &x0, &y0);
  to_widget (f, 110, -10, &x1, &y1);
  p = gui_test_canvas_pixels (f->canvas);
  gui_test_canvas_pixel_at (f->canvas, &p, 50, 20, rgb);
  g_free (p.data);

  _ossa_canvas_drag_begin (f->canvas, x0, y0, 0);
  _ossa_canvas_drag_update (f->canvas, 0.5 * (x0 + x1), 0.5 * (y0 + y1), 0);
  _ossa_canvas_drag_update (f->canvas, x1, y1, 0);
  /* The band is drawn while dragging: a tint over the background. */
  gui_test_canvas_wait_frame (f->canvas);
  p = gui_test_canvas_pixels (f->canvas);
  gui_test_canvas_pixel_at (f->canvas, &p, 50, 20, inside);
  g_assert_cmpint (inside[0], >, rgb[0] + 8);
  g_free (p.data);
  _ossa_canvas_drag_end (f->canvas, x1, y1, 0);
  /* The root's and the arm's joints, not the leg's. */
  assert_selection (f, "0,1");

  /* Ctrl adds. */
  to_widget (f, -10, -50, &x0, &y0);
  to_widget (f, 10, -70, &x1, &y1);
  _ossa_canvas_drag_begin (f->canvas, x0, y0, GDK_CONTROL_MASK);
  _ossa_canvas_drag_update (f->canvas, x1, y1, GDK_CONTROL_MASK);
  _ossa_canvas_drag_end (f->canvas, x1, y1, GDK_CONTROL_MASK);
  assert_selection (f, "0,1,2");

  /* Without Ctrl, replaces. */
  _ossa_canvas_drag_begin (f->canvas, x0, y0, 0);
  _ossa_canvas_drag_update (f->canvas, x1, y1, 0);
  _ossa_canvas_drag_end (f->canvas, x1, y1, 0);
  assert_selection (f, "2");
}

static void
test_canvas_create (Fixture *f, gconstpointer data)
{
  const OssaDocument *doc = ossa_editor_get_document (f->editor);
  double px, py, qx, qy;
  const OssaXform *world;
  OssaVec2 tip;

  ossa_editor_set_tool (f->editor, OSSA_TOOL_CREATE);
  click (f, 100, 40, 0);
  assert_selection (f, "1");

  /* From the arm's tip, a child of it, tip under the pointer. */
  to_widget (f, 100, 80, &px, &py);
  to_widget (f, 150, 90, &qx, &qy);
  _ossa_canvas_drag_begin (f->canvas, px, py, 0);
  _ossa_canvas_drag_update (f->canvas, px + 10, py, 0);
  _ossa_canvas_drag_update (f->canvas, qx, qy, 0);
  _ossa_canvas_drag_end (f->canvas, qx, qy, 0);
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 4);
  g_assert_cmpstr (doc->skeleton.bones[3].name, ==, "bone-4");
  g_assert_cmpint (doc->skeleton.bones[3].parent, ==, 1);
  assert_selection (f, "3");
  world = ossa_editor_get_world (f->editor);
  tip = ossa_pose_tip (&world[3], doc->skeleton.bones[3].length);
  g_assert_cmpfloat_with_epsilon (world[3].tx, 100, 1e-3);
  g_assert_cmpfloat_with_epsilon (world[3].ty, 80, 1e-3);
  g_assert_cmpfloat_with_epsilon (tip.x, 150, 1e-3);
  g_assert_cmpfloat_with_epsilon (tip.y, 90, 1e-3);
  /* One undo step takes it all back. */
  g_assert_cmpstr (ossa_editor_get_undo_label (f->editor), ==, "Create Bone");
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 3);
  g_assert_false (ossa_editor_can_undo (f->editor));

  /* From empty canvas, a new root. */
  to_widget (f, -60, 60, &px, &py);
  to_widget (f, -20, 60, &qx, &qy);
  _ossa_canvas_drag_begin (f->canvas, px, py, 0);
  _ossa_canvas_drag_update (f->canvas, qx, qy, 0);
  _ossa_canvas_drag_end (f->canvas, qx, qy, 0);
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 4);
  g_assert_cmpint (doc->skeleton.bones[3].parent, ==, -1);
  g_assert_cmpfloat_with_epsilon (doc->skeleton.bones[3].rest.x, -60, 1e-3);
  g_assert_cmpfloat_with_epsilon (doc->skeleton.bones[3].length, 40, 1e-3);
  g_assert_cmpfloat_with_epsilon (doc->skeleton.bones[3].rest.rotation, 0, 1e-5);
}

/* A person's steps: build bone-1 → bone-2 → bone-3 with the create tool from
 * empty canvas, click bone-1, then drag from bone-3's tip. The first drag from
 * a bone's tip makes a child of that bone, whatever is selected. */
static void
create_drag (Fixture *f, double wx0, double wy0, double wx1, double wy1)
{
  double px, py, qx, qy;

  to_widget (f, wx0, wy0, &px, &py);
  to_widget (f, wx1, wy1, &qx, &qy);
  _ossa_canvas_drag_begin (f->canvas, px, py, 0);
  _ossa_canvas_drag_update (f->canvas, (px + qx) / 2, (py + qy) / 2, 0);
  _ossa_canvas_drag_update (f->canvas, qx, qy, 0);
  _ossa_canvas_drag_end (f->canvas, qx, qy, 0);
}

static void
test_canvas_create_from_any_tip (Fixture *f, gconstpointer data)
{
  const OssaDocument *doc = ossa_editor_get_document (f->editor);
  const OssaXform *world;

  ossa_editor_set_tool (f->editor, OSSA_TOOL_CREATE);
  /* bone-4 from empty canvas, bone-5 from its tip, bone-6 from bone-5's tip. */
  create_drag (f, -60, 60, -60, 100);
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 4);
  create_drag (f, -60, 100, -20, 100);
  create_drag (f, -20, 100, -20, 140);
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 6);
  g_assert_cmpint (doc->skeleton.bones[4].parent, ==, 3);
  g_assert_cmpint (doc->skeleton.bones[5].parent, ==, 4);
  assert_selection (f, "5");

  /* Click the first of them, then drag from the last one's tip. */
  click (f, -60, 80, 0);
  assert_selection (f, "3");
  create_drag (f, -20, 140, 20, 140);
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 7);
  g_assert_cmpint (doc->skeleton.bones[6].parent, ==, 5);
  assert_selection (f, "6");
  world = ossa_editor_get_world (f->editor);
  g_assert_cmpfloat_with_epsilon (world[6].tx, -20, 1e-3);
  g_assert_cmpfloat_with_epsilon (world[6].ty, 140, 1e-3);

  /* Nothing selected: a drag from the leg's tip makes a child of the leg. */
  ossa_editor_clear_selection (f->editor);
  create_drag (f, 120, -60, 160, -60);
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 8);
  g_assert_cmpint (doc->skeleton.bones[7].parent, ==, 2);

  /* A click on a tip without moving selects that bone and makes nothing. */
  click (f, 100, 80, 0);
  assert_selection (f, "1");
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 8);
}

static void
count_notify (GObject *object, GParamSpec *pspec, int *count)
{
  (*count)++;
}

/* After the camera moves, the cached grid is drawn again: the frame is the same
 * as one drawn with every cache dropped. */
static void
test_canvas_grid_cache (Fixture *f, gconstpointer data)
{
  GuiTestPixels cached, fresh;
  gsize size;

  gui_test_canvas_wait_frame (f->canvas);
  _ossa_canvas_scroll (f->canvas, 37, 53, -1);
  _ossa_canvas_scroll (f->canvas, 211, 120, 1);
  _ossa_canvas_scroll (f->canvas, 90, 40, -1);
  gui_test_canvas_wait_frame (f->canvas);
  cached = gui_test_canvas_pixels (f->canvas);
  _ossa_canvas_drop_caches (f->canvas);
  gui_test_canvas_wait_frame (f->canvas);
  fresh = gui_test_canvas_pixels (f->canvas);
  size = (gsize) cached.width * cached.height * 4;
  g_assert_cmpint (cached.width, ==, fresh.width);
  g_assert_cmpint (cached.height, ==, fresh.height);
  g_assert_true (memcmp (cached.data, fresh.data, size) == 0);
  g_free (cached.data);
  g_free (fresh.data);
}

static void
test_canvas_zoom (Fixture *f, gconstpointer data)
{
  const OssaCamera *cam = _ossa_canvas_get_camera (f->canvas);
  double fitted = cam->zoom, wx0, wy0, wx1, wy1;
  gboolean names;
  int notified = 0;

  g_signal_connect (f->canvas, "notify::zoom", G_CALLBACK (count_notify), &notified);
  to_world (f, 100, 80, &wx0, &wy0);
  _ossa_canvas_scroll (f->canvas, 100, 80, -1);
  to_world (f, 100, 80, &wx1, &wy1);
  g_assert_cmpfloat_with_epsilon (cam->zoom, fitted * 1.15, 1e-9);
  g_assert_cmpfloat_with_epsilon (wx1, wx0, 1e-9);
  g_assert_cmpfloat_with_epsilon (wy1, wy0, 1e-9);
  g_assert_cmpint (notified, ==, 1);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.zoom-reset", NULL));
  g_assert_cmpfloat (cam->zoom, ==, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.zoom-in", NULL));
  g_assert_cmpfloat_with_epsilon (cam->zoom, 1.25, 1e-9);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.zoom-out", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.zoom-out", NULL));
  g_assert_cmpfloat_with_epsilon (cam->zoom, 0.8, 1e-9);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.fit", NULL));
  g_assert_cmpfloat_with_epsilon (cam->zoom, fitted, 1e-9);

  g_object_get (f->canvas, "show-names", &names, NULL);
  g_assert_false (names);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.show-names", NULL));
  g_object_get (f->canvas, "show-names", &names, NULL);
  g_assert_true (names);
}

static void
test_canvas_names (Fixture *f, gconstpointer data)
{
  GuiTestPixels before, after;
  gsize changed = 0;

  before = gui_test_canvas_pixels (f->canvas);
  g_object_set (f->canvas, "show-names", TRUE, NULL);
  gui_test_canvas_wait_frame (f->canvas);
  after = gui_test_canvas_pixels (f->canvas);
  /* Text appeared: many pixels changed, all of them near bones' middles. */
  for (gsize i = 0; i < (gsize) before.width * before.height * 4; i++)
    if (before.data[i] != after.data[i])
      changed++;
  g_assert_cmpuint (changed, >, 100);
  g_free (before.data);
  g_free (after.data);
}

static gboolean
named (Fixture *f, guint bone)
{
  gsize n;
  const guint *bones = _ossa_canvas_get_named (f->canvas, &n);

  for (gsize i = 0; i < n; i++)
    if (bones[i] == bone)
      return TRUE;
  return FALSE;
}

/* The mode's badge in the top left corner is never covered by a name: a bone
 * whose name would fall on it goes unnamed there, and is named again elsewhere. */
static void
test_canvas_names_avoid_badge (Fixture *f, gconstpointer data)
{
  double mx, my;

  g_object_set (f->canvas, "show-names", TRUE, NULL);
  gui_test_canvas_wait_frame (f->canvas);
  g_assert_true (named (f, 0));
  /* The root's middle just under the badge: its name would sit on it. */
  to_widget (f, 50, 0, &mx, &my);
  _ossa_canvas_pan_by (f->canvas, 36 - mx, 36 - my);
  gui_test_canvas_wait_frame (f->canvas);
  g_assert_false (named (f, 0));
  /* In the open, it is named. */
  _ossa_canvas_pan_by (f->canvas, 200, 150);
  gui_test_canvas_wait_frame (f->canvas);
  g_assert_true (named (f, 0));
}

/* A bone lying exactly on another would print its name over the other's: only
 * one of the two is named, and it is the selected one when either is selected. */
static void
test_canvas_names_never_overlap (Fixture *f, gconstpointer data)
{
  const OssaDocument *doc = ossa_editor_get_document (f->editor);
  const OssaBone *arm = &doc->skeleton.bones[1];
  OssaTransform rest = arm->rest;
  guint twin = 3, arm_index = 1;
  gsize n;

  g_object_set (f->canvas, "show-names", TRUE, NULL);
  gui_test_canvas_wait_frame (f->canvas);
  _ossa_canvas_get_named (f->canvas, &n);
  g_assert_cmpuint (n, ==, 3);

  g_assert_true (ossa_editor_execute (f->editor,
                                      ossa_command_add_bone (doc, "twin", arm->parent, &rest,
                                                             arm->length, 0x808080ffu, NULL),
                                      NULL));
  gui_test_canvas_wait_frame (f->canvas);
  _ossa_canvas_get_named (f->canvas, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_true (named (f, arm_index));
  g_assert_false (named (f, twin));

  ossa_editor_select (f->editor, &twin, 1, FALSE);
  gui_test_canvas_wait_frame (f->canvas);
  _ossa_canvas_get_named (f->canvas, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_true (named (f, twin));
  g_assert_false (named (f, arm_index));

  /* Names hidden: none printed. */
  g_object_set (f->canvas, "show-names", FALSE, NULL);
  gui_test_canvas_wait_frame (f->canvas);
  _ossa_canvas_get_named (f->canvas, &n);
  g_assert_cmpuint (n, ==, 0);
}

static void
test_canvas_view_dump (Fixture *f, gconstpointer data)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root;
  JsonArray *bones, *selected;
  graphene_point_t origin;
  double px, py;

  click (f, 50, 0, 0);
  gui_test_canvas_wait_frame (f->canvas);
  json_parser_load_from_file (parser, dump_path, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "mode"), ==, "setup");
  g_assert_cmpfloat (json_object_get_double_member (root, "time"), ==, 0);
  g_assert_cmpfloat (json_object_get_double_member (root, "zoom"), ==,
                     _ossa_canvas_get_camera (f->canvas)->zoom);
  selected = json_object_get_array_member (root, "selected");
  g_assert_cmpuint (json_array_get_length (selected), ==, 1);
  g_assert_cmpstr (json_array_get_string_element (selected, 0), ==, "root");
  bones = json_object_get_array_member (root, "bones");
  g_assert_cmpuint (json_array_get_length (bones), ==, 3);

  /* Window coordinates: the canvas sits under the label. */
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (f->canvas), f->window,
                                           &GRAPHENE_POINT_INIT (0, 0), &origin));
  g_assert_cmpfloat (origin.y, >, 5);
  {
    JsonObject *arm = json_array_get_object_element (bones, 1);
    JsonArray *joint = json_object_get_array_member (arm, "joint");
    JsonArray *tip = json_object_get_array_member (arm, "tip");

    g_assert_cmpstr (json_object_get_string_member (arm, "name"), ==, "arm");
    to_widget (f, 100, 0, &px, &py);
    g_assert_cmpfloat_with_epsilon (json_array_get_double_element (joint, 0), px + origin.x, 1e-3);
    g_assert_cmpfloat_with_epsilon (json_array_get_double_element (joint, 1), py + origin.y, 1e-3);
    to_widget (f, 100, 80, &px, &py);
    g_assert_cmpfloat_with_epsilon (json_array_get_double_element (tip, 0), px + origin.x, 1e-3);
    g_assert_cmpfloat_with_epsilon (json_array_get_double_element (tip, 1), py + origin.y, 1e-3);
  }
}


/* The interpolation preview: with an animation turning the arm from straight up
 * (0 s) to 30° below the horizontal (1 s) and the playhead at 0.5 s, the onion skin shows
 * the arm's ghosts at 0 s (red) and 1 s (green), and the motion path the arc its
 * tip takes; each is one more draw call. The view dump tells the playhead. */
static void
test_canvas_preview (Fixture *f, gconstpointer data)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *dump;
  OssaCanvasStats stats;
  OssaTransform local;
  guint arm = 1;
  GuiTestPixels p;
  int rgb[3];
  double up = OSSA_PI / 2, down = -OSSA_PI / 6;

  g_assert_cmpint (ossa_editor_add_animation (f->editor, "turn", NULL), ==, 0);
  g_assert_true (ossa_editor_set_animation_props (f->editor, 0, "turn", 1.0, 30, FALSE, NULL));
  g_assert_true (ossa_editor_key_bones (f->editor, &arm, 1, NULL));
  ossa_editor_set_time (f->editor, 1.0);
  local = ossa_editor_get_local (f->editor)[arm];
  local.rotation = (float) down;
  g_assert_true (ossa_editor_set_bone_local (f->editor, arm, &local, 0, NULL));
  ossa_editor_set_time (f->editor, 0.5);
  g_assert_cmpfloat_with_epsilon (ossa_editor_get_local (f->editor)[arm].rotation,
                                  (up + down) / 2, 1e-6);
  gui_test_canvas_wait_frame (f->canvas);
  _ossa_canvas_get_stats (f->canvas, &stats);
  g_assert_cmpuint (stats.draw_calls, ==, 3);

  g_object_set (f->canvas, "onion-skin", TRUE, "onion-frames", 15, NULL);
  gui_test_canvas_wait_frame (f->canvas);
  _ossa_canvas_get_stats (f->canvas, &stats);
  g_assert_cmpuint (stats.draw_calls, ==, 4);
  p = gui_test_canvas_pixels (f->canvas);
  gui_test_canvas_pixel_at (f->canvas, &p, 100, 60, rgb);   /* the ghost at 0 s: up */
  g_assert_cmpint (rgb[0], >, rgb[1] + 50);
  g_assert_cmpint (rgb[0], >, rgb[2] + 50);
  /* It reads on the dark canvas: bright, and at least 4 pixels wide across. */
  g_assert_cmpint (rgb[0], >, 180);
  {
    double cx, cy;
    int across = 0;

    to_widget (f, 100, 60, &cx, &cy);
    for (int x = (int) cx - 8; x <= (int) cx + 8; x++)
      {
        const guchar *q = p.data + ((gsize) floor (cy) * p.width + x) * 4;

        if (q[2] > q[1] + 50 && q[2] > q[0] + 50)
          across++;
      }
    g_assert_cmpint (across, >=, 4);
  }
  /* the ghost at 1 s */
  gui_test_canvas_pixel_at (f->canvas, &p, 100 + 48 * cos (down), 48 * sin (down), rgb);
  g_assert_cmpint (rgb[1], >, rgb[0] + 50);
  g_assert_cmpint (rgb[1], >, rgb[2] + 25);
  g_free (p.data);

  /* Off: no ghost there. */
  g_object_set (f->canvas, "onion-skin", FALSE, NULL);
  gui_test_canvas_wait_frame (f->canvas);
  p = gui_test_canvas_pixels (f->canvas);
  gui_test_canvas_pixel_at (f->canvas, &p, 100, 60, rgb);
  assert_background (rgb);
  g_free (p.data);

  /* The motion path of the selected arm: its tip at 0.25 s is on it. */
  ossa_editor_select (f->editor, &arm, 1, FALSE);
  g_object_set (f->canvas, "show-motion-path", TRUE, NULL);
  gui_test_canvas_wait_frame (f->canvas);
  _ossa_canvas_get_stats (f->canvas, &stats);
  g_assert_cmpuint (stats.draw_calls, ==, 4);
  p = gui_test_canvas_pixels (f->canvas);
  gui_test_canvas_pixel_at (f->canvas, &p, 100 + 80 * cos (up + (down - up) * 0.25),
                            80 * sin (up + (down - up) * 0.25), rgb);
  g_assert_cmpint (MAX (rgb[0], MAX (rgb[1], rgb[2])), >, 110);
  g_free (p.data);

  /* In Setup mode there is nothing to preview. */
  ossa_editor_set_mode (f->editor, OSSA_EDIT_MODE_SETUP);
  gui_test_canvas_wait_frame (f->canvas);
  _ossa_canvas_get_stats (f->canvas, &stats);
  g_assert_cmpuint (stats.draw_calls, ==, 3);

  /* The view dump follows the playhead and the mode. */
  ossa_editor_set_mode (f->editor, OSSA_EDIT_MODE_ANIMATE);
  ossa_editor_set_time (f->editor, 0.75);
  gui_test_canvas_wait_frame (f->canvas);
  g_assert_true (json_parser_load_from_file (parser, dump_path, NULL));
  dump = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (dump, "mode"), ==, "animate");
  g_assert_cmpfloat (json_object_get_double_member (dump, "time"), ==, 0.75);
  ossa_editor_set_mode (f->editor, OSSA_EDIT_MODE_SETUP);
  ossa_editor_set_time (f->editor, 0.25);
  gui_test_canvas_wait_frame (f->canvas);
  g_assert_true (json_parser_load_from_file (parser, dump_path, NULL));
  dump = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (dump, "mode"), ==, "setup");
  g_assert_cmpfloat (json_object_get_double_member (dump, "time"), ==, 0.25);
}

/* r, g, b at a point of the widget (logical pixels). */
static void
pixel_at_widget (const GuiTestPixels *p, int x, int y, int rgb[3])
{
  const guchar *q = p->data + ((gsize) y * p->width + x) * 4;

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, p->width);
  g_assert_cmpint (y, <, p->height);
  rgb[0] = q[2];
  rgb[1] = q[1];
  rgb[2] = q[0];
}

/* What colour the canvas's edge is, at the middle of each side and a corner:
 * 'r' red, 'b' blue, 'g' grey (the grid), '?' anything else, the same on every
 * side or '!' when the sides differ. */
static char
edge_colour (const GuiTestPixels *p)
{
  const int at[5][2] = { { 1, p->height / 2 }, { p->width - 2, p->height / 2 },
                         { p->width / 2, 1 }, { p->width / 2, p->height - 2 },
                         { p->width - 2, p->height - 2 } };
  char seen = 0;

  for (int i = 0; i < 5; i++)
    {
      int rgb[3];
      char c;

      pixel_at_widget (p, at[i][0], at[i][1], rgb);
      if (rgb[0] > rgb[1] + 80 && rgb[0] > rgb[2] + 80)
        c = 'r';
      else if (rgb[2] > rgb[0] + 80 && rgb[2] > rgb[1] + 40)
        c = 'b';
      else if (abs (rgb[0] - rgb[1]) < 16 && abs (rgb[2] - rgb[1]) < 16)
        c = 'g';
      else
        c = '?';
      if (seen != 0 && seen != c)
        return '!';
      seen = c;
    }
  return seen;
}

/* How many pixels of the top left corner's badge area are of the given kind. */
static int
badge_pixels (const GuiTestPixels *p, char kind)
{
  int n = 0;

  for (int y = 8; y < 26; y++)
    for (int x = 8; x < 60; x++)
      {
        int rgb[3];

        pixel_at_widget (p, x, y, rgb);
        if (kind == 'r' ? rgb[0] > rgb[1] + 80 && rgb[0] > rgb[2] + 80
                        : rgb[2] > rgb[0] + 80 && rgb[2] > rgb[1] + 40)
          n++;
      }
  return n;
}

/* The mode shows on the canvas itself: in Animate mode with auto-key (every drag
 * keys) a red frame round the view and a red badge in its corner, blue ones with
 * auto-key off, and in Setup mode no frame. */
static void
test_canvas_mode_frame (Fixture *f, gconstpointer data)
{
  OssaCanvasStats stats;
  GuiTestPixels p;
  double px, py;

  g_assert_cmpint (ossa_editor_get_mode (f->editor), ==, OSSA_EDIT_MODE_SETUP);
  p = gui_test_canvas_pixels (f->canvas);
  g_assert_cmpint (edge_colour (&p), ==, 'g');
  g_assert_cmpint (badge_pixels (&p, 'r'), ==, 0);
  g_free (p.data);

  g_assert_cmpint (ossa_editor_add_animation (f->editor, "walk", NULL), ==, 0);
  ossa_editor_set_mode (f->editor, OSSA_EDIT_MODE_ANIMATE);
  g_assert_true (ossa_editor_get_auto_key (f->editor));
  gui_test_canvas_wait_frame (f->canvas);
  p = gui_test_canvas_pixels (f->canvas);
  g_assert_cmpint (edge_colour (&p), ==, 'r');
  g_assert_cmpint (badge_pixels (&p, 'r'), >, 200);
  g_free (p.data);

  ossa_editor_set_auto_key (f->editor, FALSE);
  gui_test_canvas_wait_frame (f->canvas);
  p = gui_test_canvas_pixels (f->canvas);
  g_assert_cmpint (edge_colour (&p), ==, 'b');
  g_assert_cmpint (badge_pixels (&p, 'b'), >, 200);
  g_assert_cmpint (badge_pixels (&p, 'r'), ==, 0);
  g_free (p.data);

  /* Zoomed far in or out, the frame stays at the view's edge. */
  ossa_editor_set_auto_key (f->editor, TRUE);
  _ossa_canvas_scroll (f->canvas, 100, 100, -10);
  gui_test_canvas_wait_frame (f->canvas);
  p = gui_test_canvas_pixels (f->canvas);
  g_assert_cmpint (edge_colour (&p), ==, 'r');
  g_free (p.data);

  /* The frame is no GL: a drag in Animate mode still draws only the moving bone
   * over the still bones' cached image, framed. */
  _ossa_canvas_scroll (f->canvas, 100, 100, 10);
  ossa_editor_set_tool (f->editor, OSSA_TOOL_ROTATE);
  to_widget (f, 100, 40, &px, &py);
  _ossa_canvas_drag_begin (f->canvas, px, py, 0);
  for (int a = 85; a >= -45; a -= 5)
    {
      to_widget (f, 100 + 40 * cos (a * G_PI / 180), 40 * sin (a * G_PI / 180), &px, &py);
      _ossa_canvas_drag_update (f->canvas, px, py, 0);
      if (a == 0)
        gui_test_canvas_wait_frame (f->canvas);
    }
  gui_test_canvas_wait_frame (f->canvas);
  _ossa_canvas_get_stats (f->canvas, &stats);
  g_assert_cmpuint (stats.draw_calls, ==, 2);
  p = gui_test_canvas_pixels (f->canvas);
  g_assert_cmpint (edge_colour (&p), ==, 'r');
  g_free (p.data);
  _ossa_canvas_drag_end (f->canvas, px, py, 0);

  ossa_editor_set_mode (f->editor, OSSA_EDIT_MODE_SETUP);
  gui_test_canvas_wait_frame (f->canvas);
  p = gui_test_canvas_pixels (f->canvas);
  g_assert_cmpint (edge_colour (&p), ==, 'g');
  g_assert_cmpint (badge_pixels (&p, 'r'), ==, 0);
  g_free (p.data);
}

static void
test_canvas_new_document_fits (Fixture *f, gconstpointer data)
{
  g_autoptr(GFile) file = NULL;

  /* Zoomed far away, then the document is opened again: the view fits it. */
  _ossa_canvas_scroll (f->canvas, 10, 10, 20);
  g_assert_cmpfloat (_ossa_canvas_get_camera (f->canvas)->zoom, <, 0.5);
  file = save_rig (f);
  g_assert_true (ossa_editor_load (f->editor, file, NULL));
  g_assert_cmpfloat (_ossa_canvas_get_camera (f->canvas)->zoom, >, 1.2);

  /* An empty document: the origin in the middle at 100 %. */
  ossa_editor_new_document (f->editor);
  g_assert_cmpfloat (_ossa_canvas_get_camera (f->canvas)->zoom, ==, 1);
  g_assert_cmpfloat (_ossa_canvas_get_camera (f->canvas)->center_x, ==, 0);
  gui_test_canvas_wait_frame (f->canvas);
}

/* A big document opened: the frame that brings its rows to the panels shows
 * the canvas's grid, and its bones come with the next frame, all of them. */
static void
test_canvas_big_document_next_frame (Fixture *f, gconstpointer data)
{
  OssaDocument *doc = ossa_document_new ();
  OssaTransform rest = ossa_transform_identity ();
  OssaCanvasStats stats;
  guint64 frames = gui_test_canvas_frames (f->canvas);

  for (guint i = 0; i < 1500; i++)
    {
      g_autofree char *name = g_strdup_printf ("b%u", i);

      rest.x = i == 0 ? 0.f : 5.f;
      rest.rotation = 0.3f * (float) (i % 3) - 0.3f;
      g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, name,
                                               i == 0 ? -1 : (int) (i - 1) / 3, &rest, 5.f,
                                               0xc0504dffu, NULL), ==, (int) i);
    }
  ossa_editor_take_document (f->editor, doc);
  gtk_test_widget_wait_for_draw (f->window);
  g_assert_cmpuint (gui_test_canvas_frames (f->canvas), ==, frames);
  gtk_test_widget_wait_for_draw (f->window);
  gtk_test_widget_wait_for_draw (f->window);
  _ossa_canvas_get_stats (f->canvas, &stats);
  g_assert_cmpuint (stats.frames, ==, frames + 1);
  g_assert_cmpuint (stats.n_instances, ==, 1500);

  /* A small one is drawn at once, as before. */
  ossa_editor_new_document (f->editor);
  gtk_test_widget_wait_for_draw (f->window);
  g_assert_cmpuint (gui_test_canvas_frames (f->canvas), ==, frames + 2);
}

int
main (int argc, char *argv[])
{
  g_autofree char *dump_dir = NULL;
  int status;

  if (!gui_test_display_or_skip ())
    return 0;
  /* --scale=2: HiDPI, set before GTK reads it. */
  for (int i = 1; i < argc; i++)
    if (g_str_has_prefix (argv[i], "--scale="))
      {
        expected_scale = atoi (argv[i] + 8);
        g_setenv ("GDK_SCALE", argv[i] + 8, TRUE);
        for (int k = i; k < argc; k++)
          argv[k] = argv[k + 1];
        argc--;
        break;
      }
  dump_dir = g_dir_make_tmp ("ossa-test-canvas-dump-XXXXXX", NULL);
  g_assert_nonnull (dump_dir);
  dump_path = g_build_filename (dump_dir, "view.json", NULL);
  g_setenv ("OSSA_VIEW_DUMP", dump_path, TRUE);

  gtk_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("/ossa/canvas/fitted", test_canvas_fitted);
  ADD ("/ossa/canvas/pixels", test_canvas_pixels);
  ADD ("/ossa/canvas/draw-calls", test_canvas_draw_calls);
  ADD ("/ossa/canvas/preview", test_canvas_preview);
  ADD ("/ossa/canvas/mode-frame", test_canvas_mode_frame);
  ADD ("/ossa/canvas/click-select", test_canvas_click_select);
  ADD ("/ossa/canvas/rotate-drag", test_canvas_rotate_drag);
  ADD ("/ossa/canvas/drag-cache", test_canvas_drag_cache);
  ADD ("/ossa/canvas/grid-cache", test_canvas_grid_cache);
  ADD ("/ossa/canvas/translate-drag", test_canvas_translate_drag);
  ADD ("/ossa/canvas/scale-drag", test_canvas_scale_drag);
  ADD ("/ossa/canvas/rubber-band", test_canvas_rubber_band);
  ADD ("/ossa/canvas/create", test_canvas_create);
  ADD ("/ossa/canvas/create-from-any-tip", test_canvas_create_from_any_tip);
  ADD ("/ossa/canvas/zoom", test_canvas_zoom);
  ADD ("/ossa/canvas/names", test_canvas_names);
  ADD ("/ossa/canvas/names-never-overlap", test_canvas_names_never_overlap);
  ADD ("/ossa/canvas/names-avoid-badge", test_canvas_names_avoid_badge);
  ADD ("/ossa/canvas/view-dump", test_canvas_view_dump);
  ADD ("/ossa/canvas/new-document-fits", test_canvas_new_document_fits);
  ADD ("/ossa/canvas/big-document-next-frame", test_canvas_big_document_next_frame);
#undef ADD

  status = g_test_run ();
  g_unlink (dump_path);
  g_rmdir (dump_dir);
  g_free (dump_path);
  return status;
}
