/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The document's art on the canvas, in a real window under X, read back as
 * pixels: pictures (solid-colour PNGs the test writes) where their world corners
 * say on a turned bone, in draw order, tinted by their slot's colour, a marked
 * placeholder for a picture that cannot be had, the picked attachment outlined, bones over the
 * art and hidden by Show Bones, art under the still bones' cached image during a
 * drag, and the same number of draw calls for 3 attachments as for 300. */
#define G_LOG_DOMAIN "test-canvas-art"

#include "config.h"

#include <math.h>

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-canvas-private.h"
#include "ossa-editor.h"
#include "ossa-image-store.h"
#include "gui-test-canvas.h"

#define WIDTH 640
#define HEIGHT 480

/* The slots the fixture makes, in draw order (back to front). */
enum { WHITE, RED, GREEN, MISSING, BADGE, N_PICTURES };

typedef struct
{
  GtkWidget  *window;
  OssaCanvas *canvas;
  OssaEditor *editor;
  char       *tmpdir;
} Fixture;

/* A width × height PNG, its bytes: solid rgba, or with a bottom half of its own. */
static GBytes *
two_tone_png (guint32 rgba, guint32 bottom, int width, int height)
{
  g_autoptr(GdkPixbuf) pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, TRUE, 8, width, height);
  g_autoptr(GError) error = NULL;
  gchar *buffer = NULL;
  gsize size = 0;

  gdk_pixbuf_fill (pixbuf, rgba);
  if (bottom != 0)
    {
      g_autoptr(GdkPixbuf) half = gdk_pixbuf_new_subpixbuf (pixbuf, 0, height / 2, width,
                                                             height - height / 2);

      gdk_pixbuf_fill (half, bottom);
    }
  g_assert_true (gdk_pixbuf_save_to_buffer (pixbuf, &buffer, &size, "png", &error, NULL));
  g_assert_no_error (error);
  return g_bytes_new_take (buffer, size);
}

/* Two bones: root from (0, 0) turned 0.5 rad, 200 long, blue; arm at its tip,
 * turned on by 1.2 rad, 80 long, yellow. Pictures away from the bones: white,
 * then red and green overlapping (green in front), a file that does not exist, all
 * on root and turned with it; a badge on the arm, magenta over cyan. */
static GFile *
save_rig (Fixture *f)
{
  g_autofree char *path = g_build_filename (f->tmpdir, "rig.ossa", NULL);
  OssaDocument *doc = ossa_document_new ();
  OssaTransform root = { 0, 0, 0.5f, 1, 1 };
  OssaTransform arm = { 200, 0, 1.2f, 1, 1 };
  OssaError err;

  ossa_error_clear (&err);
  g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, "root", -1, &root, 200,
                                           0x2050e0ffu, &err), ==, 0);
  g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, "arm", 0, &arm, 80, 0xe0c020ffu,
                                           &err), ==, 1);
  if (!ossa_document_save (doc, path, &err))
    g_error ("%s", err.message);
  ossa_document_free (doc);
  return g_file_new_for_path (path);
}

static GBytes *
solid_png (guint32 rgba, int width, int height)
{
  return two_tone_png (rgba, 0, width, height);
}

/* The pictures are PNG files in the test's folder, by absolute path; the missing
 * one is a path with no file. */
static void
import_pictures (Fixture *f)
{
  g_autoptr(GBytes) white = solid_png (0xffffffffu, 40, 40);
  g_autoptr(GBytes) red = solid_png (0xff0000ffu, 60, 40);
  g_autoptr(GBytes) green = solid_png (0x00ff00ffu, 60, 40);
  g_autoptr(GBytes) badge = two_tone_png (0xff00ffffu, 0x00ffffffu, 30, 30);
  GBytes *bytes[N_PICTURES] = { white, red, green, NULL, badge };
  char *paths[N_PICTURES] = { NULL };
  OssaPictureImport pictures[N_PICTURES] = {
    { "white", NULL, NULL, 0, 40, 40, -120, 80, 0.5, 0 },
    { "red", NULL, NULL, 0, 60, 40, -60, -80, 0.5, 0 },
    { "green", NULL, NULL, 0, 60, 40, -25, -70, 0.5, 0 },
    { "missing", NULL, NULL, 0, 50, 30, -150, -10, 0.5, 0 },
    { "badge", NULL, NULL, 0, 30, 30, 205, 140, 1.7, 1 },
  };
  g_autoptr(GError) error = NULL;
  int first;

  for (int i = 0; i < N_PICTURES; i++)
    {
      g_autofree char *base = g_strconcat (pictures[i].name, ".png", NULL);
      gsize size;
      const char *data;

      paths[i] = g_build_filename (f->tmpdir, base, NULL);
      pictures[i].path = paths[i];
      if (bytes[i] == NULL)
        continue;
      data = g_bytes_get_data (bytes[i], &size);
      g_assert_true (g_file_set_contents (paths[i], data, (gssize) size, NULL));
    }
  first = ossa_editor_import_pictures (f->editor, pictures, N_PICTURES, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (first, ==, 0);
  ossa_image_store_wait (ossa_editor_get_images (f->editor));
  for (int i = 0; i < N_PICTURES; i++)
    g_free (paths[i]);
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;

  f->tmpdir = g_dir_make_tmp ("ossa-test-canvas-art-XXXXXX", &error);
  g_assert_no_error (error);
  f->editor = ossa_editor_new ();
  file = save_rig (f);
  g_assert_true (ossa_editor_load (f->editor, file, &error));
  g_assert_no_error (error);
  import_pictures (f);
  ossa_editor_select_slot (f->editor, -1, -1);

  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), WIDTH, HEIGHT);
  f->canvas = OSSA_CANVAS (ossa_canvas_new ());
  ossa_canvas_set_editor (f->canvas, f->editor);
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->canvas));
  gtk_window_present (GTK_WINDOW (f->window));
  gui_test_canvas_wait_frame (f->canvas);
  ossa_canvas_fit (f->canvas);
  gui_test_canvas_wait_frame (f->canvas);
  while (ossa_art_layer_has_pending (&f->canvas->art_layer))
    gui_test_canvas_wait_frame (f->canvas);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  gtk_window_destroy (GTK_WINDOW (f->window));
  gui_test_iterate ();
  g_clear_object (&f->editor);
  dir = g_dir_open (f->tmpdir, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (f->tmpdir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (f->tmpdir);
  g_free (f->tmpdir);
}

/* The world corners of the slot's attachment in the pose on show. */
static void
corners_of (Fixture *f, guint slot, float xy[8])
{
  const OssaSlotPose *pose = ossa_editor_get_slot_pose (f->editor);
  gsize n = ossa_slot_pose_n_visible (pose);
  g_autofree OssaQuad *quads = g_new (OssaQuad, n);

  g_assert_cmpuint (ossa_slot_pose_fill_quads (pose, ossa_editor_get_world (f->editor), quads,
                                               n), ==, n);
  for (gsize i = 0; i < n; i++)
    if (quads[i].slot == slot)
      {
        memcpy (xy, quads[i].xy, sizeof quads[i].xy);
        return;
      }
  g_assert_not_reached ();
}

/* A point of the quad: its centre moved towards corner c by t (1: the corner;
 * more: beyond it). */
static void
towards (const float xy[8], int c, double t, double *x, double *y)
{
  double cx = (xy[0] + xy[2] + xy[4] + xy[6]) / 4, cy = (xy[1] + xy[3] + xy[5] + xy[7]) / 4;

  *x = cx + t * (xy[2 * c] - cx);
  *y = cy + t * (xy[2 * c + 1] - cy);
}

static void
pixel_of (Fixture *f, const GuiTestPixels *p, const float xy[8], int c, double t, int rgb[3])
{
  double x, y;

  towards (xy, c, t, &x, &y);
  gui_test_canvas_pixel_at (f->canvas, p, x, y, rgb);
}

static gboolean
is_background (const int rgb[3])
{
  for (int c = 0; c < 3; c++)
    if (rgb[c] >= 90 || abs (rgb[c] - rgb[0]) >= 16)
      return FALSE;
  return TRUE;
}

static void
assert_color (const int rgb[3], int r, int g, int b, int tolerance)
{
  if (abs (rgb[0] - r) > tolerance || abs (rgb[1] - g) > tolerance
      || abs (rgb[2] - b) > tolerance)
    g_error ("pixel %d,%d,%d, wanted %d,%d,%d ± %d", rgb[0], rgb[1], rgb[2], r, g, b,
             tolerance);
}

/* Inside each corner of the slot's quad the colour, just outside it background. */
static void
assert_quad (Fixture *f, const GuiTestPixels *p, guint slot, int r, int g, int b,
             gboolean outside)
{
  float xy[8];
  int rgb[3];

  corners_of (f, slot, xy);
  pixel_of (f, p, xy, 0, 0, rgb);
  assert_color (rgb, r, g, b, 24);
  for (int c = 0; c < 4; c++)
    {
      pixel_of (f, p, xy, c, 0.85, rgb);
      assert_color (rgb, r, g, b, 24);
      if (outside)
        {
          pixel_of (f, p, xy, c, 1.15, rgb);
          g_assert_true (is_background (rgb));
        }
    }
}

/* The store decoded the pictures, and the missing one is missing. */
static void
assert_pictures_ready (Fixture *f)
{
  for (int i = 0; i < N_PICTURES; i++)
    {
      OssaPicture picture;

      g_assert_true (ossa_image_store_get_picture (ossa_editor_get_images (f->editor), i,
                                                   &picture));
      g_assert_cmpint (picture.state, ==, i == MISSING ? OSSA_PICTURE_MISSING
                                                       : OSSA_PICTURE_READY);
    }
}

/* Something drawn inside each corner of the slot's quad (a picture or its
 * placeholder), background just outside it. */
static void
assert_quad_drawn (Fixture *f, const GuiTestPixels *p, guint slot, gboolean outside)
{
  float xy[8];
  int rgb[3];

  corners_of (f, slot, xy);
  for (int c = 0; c < 4; c++)
    {
      pixel_of (f, p, xy, c, 0.8, rgb);
      g_assert_false (is_background (rgb));
      if (outside)
        {
          pixel_of (f, p, xy, c, 1.15, rgb);
          g_assert_true (is_background (rgb));
        }
    }
}

/* The pictures, where the pose puts them, and the overlap shows the front one. */
static void
test_art_pixels (Fixture *f, gconstpointer data)
{
  GuiTestPixels p;
  const guint back_to_front[] = { WHITE, GREEN, RED, MISSING, BADGE };
  g_autoptr(GError) error = NULL;
  float red[8], green[8], badge[8];
  int rgb[3];

  assert_pictures_ready (f);
  p = gui_test_canvas_pixels (f->canvas);
  assert_quad (f, &p, WHITE, 255, 255, 255, TRUE);
  /* The badge's top row is at the quad's corners 2 and 3, its bottom row at 0, 1
   * (DESIGN.md's quad): magenta above, cyan below, as the picture is. */
  corners_of (f, BADGE, badge);
  for (int c = 0; c < 4; c++)
    {
      pixel_of (f, &p, badge, c, 0.8, rgb);
      if (c >= 2)
        assert_color (rgb, 255, 0, 255, 24);
      else
        assert_color (rgb, 0, 255, 255, 24);
      pixel_of (f, &p, badge, c, 1.15, rgb);
      g_assert_true (is_background (rgb));
    }
  /* Red's corner 1 (right, bottom) and green's corner 3 (left, top) lie in the
   * overlap: green is drawn over red. */
  corners_of (f, RED, red);
  corners_of (f, GREEN, green);
  pixel_of (f, &p, red, 0, 0.7, rgb);
  assert_color (rgb, 255, 0, 0, 24);
  pixel_of (f, &p, green, 2, 0.7, rgb);
  assert_color (rgb, 0, 255, 0, 24);
  pixel_of (f, &p, green, 0, 0.3, rgb);
  assert_color (rgb, 0, 255, 0, 24);
  g_free (p.data);

  /* Red to the front. */
  g_assert_true (ossa_editor_set_draw_order (f->editor, back_to_front, N_PICTURES, &error));
  g_assert_no_error (error);
  gui_test_canvas_wait_frame (f->canvas);
  p = gui_test_canvas_pixels (f->canvas);
  pixel_of (f, &p, green, 0, 0.3, rgb);
  assert_color (rgb, 255, 0, 0, 24);
  pixel_of (f, &p, green, 2, 0.7, rgb);
  assert_color (rgb, 0, 255, 0, 24);
  g_free (p.data);
}

/* The slot's colour multiplies the picture; its alpha fades it. */
static void
test_art_tint (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  GuiTestPixels p;
  float xy[8];
  int rgb[3], bg[3];

  assert_pictures_ready (f);
  /* The background under the picture: the picture at alpha 0. */
  corners_of (f, WHITE, xy);
  g_assert_true (ossa_editor_set_slot_color (f->editor, WHITE, 0xffffff00u, 0, &error));
  gui_test_canvas_wait_frame (f->canvas);
  p = gui_test_canvas_pixels (f->canvas);
  pixel_of (f, &p, xy, 0, 0.5, bg);
  g_assert_true (is_background (bg));
  g_free (p.data);

  g_assert_true (ossa_editor_set_slot_color (f->editor, WHITE, 0xff0000ffu, 0, &error));
  g_assert_no_error (error);
  gui_test_canvas_wait_frame (f->canvas);
  p = gui_test_canvas_pixels (f->canvas);
  assert_quad (f, &p, WHITE, 255, 0, 0, TRUE);
  g_free (p.data);

  g_assert_true (ossa_editor_set_slot_color (f->editor, WHITE, 0xffffff80u, 0, &error));
  gui_test_canvas_wait_frame (f->canvas);
  p = gui_test_canvas_pixels (f->canvas);
  pixel_of (f, &p, xy, 0, 0.5, rgb);
  assert_color (rgb, (255 + bg[0]) / 2, (255 + bg[1]) / 2, (255 + bg[2]) / 2, 8);
  g_free (p.data);
}

/* A picture that is not there: a striped, outlined, crossed box its size. */
static void
test_art_placeholder (Fixture *f, gconstpointer data)
{
  GuiTestPixels p = gui_test_canvas_pixels (f->canvas);
  float xy[8];
  double x0, y0, x1, y1;
  int rgb[3], low = 255 * 3, high = 0;

  assert_pictures_ready (f);
  corners_of (f, MISSING, xy);
  /* Across the box at a quarter of its height, between outline and cross: the
   * stripes. */
  towards (xy, 0, 0.5, &x0, &y0);
  towards (xy, 1, 0.5, &x1, &y1);
  for (int i = 0; i <= 20; i++)
    {
      double t = 0.2 + 0.6 * i / 20.0;
      double x = x0 + t * (x1 - x0), y = y0 + t * (y1 - y0);

      gui_test_canvas_pixel_at (f->canvas, &p, x, y, rgb);
      g_assert_false (is_background (rgb));
      g_assert_cmpint (rgb[0], >, rgb[1] + 20);   /* red: not there, not loading */
      g_assert_cmpint (rgb[0], >, rgb[2]);
      low = MIN (low, rgb[0] + rgb[1] + rgb[2]);
      high = MAX (high, rgb[0] + rgb[1] + rgb[2]);
    }
  g_assert_cmpint (high - low, >, 40);
  /* The cross at the centre, brighter than the stripes; background around. */
  pixel_of (f, &p, xy, 0, 0, rgb);
  g_assert_cmpint (rgb[0] + rgb[1] + rgb[2], >, high);
  for (int c = 0; c < 4; c++)
    {
      pixel_of (f, &p, xy, c, 1.2, rgb);
      g_assert_true (is_background (rgb));
    }
  g_free (p.data);
}

static gboolean
is_amber (const int rgb[3])
{
  return rgb[0] > 200 && rgb[1] > 140 && rgb[1] < 230 && rgb[2] < 130;
}

/* The picked attachment gets an amber outline along its edges. */
static void
test_art_selected_outline (Fixture *f, gconstpointer data)
{
  const OssaCamera *cam = _ossa_canvas_get_camera (f->canvas);
  float xy[8];
  double ax, ay, bx, by, cx, cy;
  gboolean found[2] = { FALSE, FALSE };

  corners_of (f, MISSING, xy);
  ossa_camera_world_to_widget (cam, xy[0], xy[1], &ax, &ay);
  ossa_camera_world_to_widget (cam, xy[2], xy[3], &bx, &by);
  towards (xy, 0, 0, &cx, &cy);
  ossa_camera_world_to_widget (cam, cx, cy, &cx, &cy);
  for (int pass = 0; pass < 2; pass++)
    {
      GuiTestPixels p;

      ossa_editor_select_slot (f->editor, pass == 1 ? MISSING : -1, -1);
      gui_test_canvas_wait_frame (f->canvas);
      p = gui_test_canvas_pixels (f->canvas);
      /* From the bottom edge's middle towards the centre, a pixel at a time. */
      for (double d = 0.25; d <= 2.0; d += 0.25)
        {
          double mx = (ax + bx) / 2, my = (ay + by) / 2;
          double len = hypot (cx - mx, cy - my);
          int x = (int) floor (mx + d * (cx - mx) / len), y = (int) floor (my + d * (cy - my) / len);
          const guchar *q = p.data + ((gsize) y * p.width + x) * 4;
          int rgb[3] = { q[2], q[1], q[0] };

          found[pass] |= is_amber (rgb);
        }
      g_free (p.data);
    }
  g_assert_false (found[0]);
  g_assert_true (found[1]);
}

/* Bones over the art; Show Bones off leaves the art alone. */
static void
test_art_show_bones (Fixture *f, gconstpointer data)
{
  GuiTestPixels p = gui_test_canvas_pixels (f->canvas);
  const OssaXform *world = ossa_editor_get_world (f->editor);
  double bx = world[0].tx + 100 * world[0].a, by = world[0].ty + 100 * world[0].b;
  OssaCanvasStats stats;
  int rgb[3];

  gui_test_canvas_pixel_at (f->canvas, &p, bx, by, rgb);
  g_assert_cmpint (rgb[2], >, rgb[0] + 80);   /* root is blue */
  g_free (p.data);

  g_object_set (f->canvas, "show-bones", FALSE, NULL);
  gui_test_canvas_wait_frame (f->canvas);
  p = gui_test_canvas_pixels (f->canvas);
  gui_test_canvas_pixel_at (f->canvas, &p, bx, by, rgb);
  g_assert_true (is_background (rgb));
  assert_quad_drawn (f, &p, WHITE, TRUE);
  g_free (p.data);
  _ossa_canvas_get_stats (f->canvas, &stats);
  g_assert_cmpuint (stats.draw_calls, ==, 2);   /* grid, art */

  /* The window's View ▸ Show Bones is the canvas's action. */
  gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.show-bones", NULL);
  gui_test_canvas_wait_frame (f->canvas);
  p = gui_test_canvas_pixels (f->canvas);
  gui_test_canvas_pixel_at (f->canvas, &p, bx, by, rgb);
  g_assert_cmpint (rgb[2], >, rgb[0] + 80);
  g_free (p.data);
}

/* One draw for every attachment: 3 or 300. */
static void
test_art_draw_calls (Fixture *f, gconstpointer data)
{
  g_autoptr(GBytes) png = solid_png (0x808080ffu, 16, 16);
  gsize png_size;
  const guint8 *png_data = g_bytes_get_data (png, &png_size);
  g_autofree OssaPictureImport *many = g_new0 (OssaPictureImport, 300);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  OssaCanvasStats small, large;

  /* A fresh document: the rig with three pictures. */
  for (guint i = N_PICTURES; i > 3; i--)
    g_assert_true (ossa_editor_remove_slot (f->editor, i - 1, &error));
  ossa_editor_select_slot (f->editor, -1, -1);
  gui_test_canvas_wait_frame (f->canvas);
  _ossa_canvas_get_stats (f->canvas, &small);
  g_assert_cmpuint (ossa_slot_pose_n_visible (ossa_editor_get_slot_pose (f->editor)), ==, 3);
  g_assert_cmpuint (small.draw_calls, ==, 4);   /* grid, art, bones, joints */

  for (guint i = 0; i < 297; i++)
    {
      g_ptr_array_add (names, g_strdup_printf ("many%u", i));
      many[i] = (OssaPictureImport) { names->pdata[i], NULL, png_data, png_size, 16, 16,
                                      -200 + (i % 20) * 10.0, -100 + (i / 20) * 10.0, 0, 0 };
    }
  g_assert_cmpint (ossa_editor_import_pictures (f->editor, many, 297, NULL, &error), >=, 0);
  g_assert_no_error (error);
  ossa_image_store_wait (ossa_editor_get_images (f->editor));
  /* The import picked the last picture: its outline is a draw of its own. */
  gui_test_canvas_wait_frame (f->canvas);
  _ossa_canvas_get_stats (f->canvas, &large);
  g_assert_cmpuint (large.draw_calls, ==, small.draw_calls + 1);
  ossa_editor_select_slot (f->editor, -1, -1);
  gui_test_canvas_wait_frame (f->canvas);
  _ossa_canvas_get_stats (f->canvas, &large);
  g_assert_cmpuint (ossa_slot_pose_n_visible (ossa_editor_get_slot_pose (f->editor)), ==, 300);
  g_assert_cmpuint (large.draw_calls, ==, small.draw_calls);
}

/* Dragging the arm: the still bones come from the cached image, the art under
 * them is drawn afresh, so the badge follows the arm and nothing hides it. */
static void
test_art_drag_cache (Fixture *f, gconstpointer data)
{
  const OssaXform *world = ossa_editor_get_world (f->editor);
  double jx = world[1].tx, jy = world[1].ty;
  double start = atan2 (world[1].b, world[1].a);
  float before[8], after[8];
  OssaCanvasStats stats;
  GuiTestPixels p;
  double px, py;
  int rgb[3];

  corners_of (f, BADGE, before);
  ossa_editor_set_tool (f->editor, OSSA_TOOL_ROTATE);
  ossa_camera_world_to_widget (_ossa_canvas_get_camera (f->canvas), jx + 50 * cos (start),
                               jy + 50 * sin (start), &px, &py);
  _ossa_canvas_drag_begin (f->canvas, px, py, 0);
  for (int step = 1; step <= 6; step++)
    {
      double a = start + step * G_PI / 12;

      ossa_camera_world_to_widget (_ossa_canvas_get_camera (f->canvas), jx + 50 * cos (a),
                                   jy + 50 * sin (a), &px, &py);
      _ossa_canvas_drag_update (f->canvas, px, py, 0);
      gui_test_canvas_wait_frame (f->canvas);
    }
  corners_of (f, BADGE, after);
  p = gui_test_canvas_pixels (f->canvas);
  assert_quad_drawn (f, &p, BADGE, FALSE);
  pixel_of (f, &p, before, 0, 0, rgb);     /* where it was */
  g_assert_true (is_background (rgb));
  assert_quad_drawn (f, &p, WHITE, TRUE);
  /* The still root bone over its art's neighbourhood, from the cache. */
  gui_test_canvas_pixel_at (f->canvas, &p, world[0].tx + 100 * world[0].a,
                            world[0].ty + 100 * world[0].b, rgb);
  g_assert_cmpint (rgb[2], >, rgb[0] + 80);
  g_free (p.data);
  _ossa_canvas_get_stats (f->canvas, &stats);
  /* Grid, art, the still bones' image, the moving bone and its joint. */
  g_assert_cmpuint (stats.draw_calls, ==, 5);
  _ossa_canvas_drag_end (f->canvas, px, py, 0);
  g_assert_true (fabs (after[0] - before[0]) > 20 || fabs (after[1] - before[1]) > 20);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("/ossa/canvas-art/pixels", test_art_pixels);
  ADD ("/ossa/canvas-art/tint", test_art_tint);
  ADD ("/ossa/canvas-art/placeholder", test_art_placeholder);
  ADD ("/ossa/canvas-art/selected-outline", test_art_selected_outline);
  ADD ("/ossa/canvas-art/show-bones", test_art_show_bones);
  ADD ("/ossa/canvas-art/draw-calls", test_art_draw_calls);
  ADD ("/ossa/canvas-art/drag-cache", test_art_drag_cache);
#undef ADD

  return g_test_run ();
}
