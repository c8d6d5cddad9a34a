/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Attachments picked and edited on the canvas of the editor's real window: a
 * click picks the frontmost picture opaque under the pointer (not its box; bones
 * first), the tools move, turn and scale it in its bone's space with their snaps,
 * each drag one undo step, Animate mode refuses with a message on the canvas, and
 * Delete removes it. The presses go through the entry points the canvas's
 * gestures call, and once through real pointer events (xdotool). Runs alone on the
 * display (the real pointer). */
#define G_LOG_DOMAIN "test-canvas-art-edit"

#include "config.h"

#include <math.h>
#include <string.h>

#include <gtk/gtk.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

#include "ossa.h"

#include "ossa-canvas-private.h"
#include "ossa-image-store.h"
#include "gui-test-app.h"
#include "gui-test-canvas.h"

/* The rig: root (0, 0) → (100, 0); arm, its child at (100, 0), turned 0.5 rad and
 * scaled 1.5 × 0.6 (so its space is turned and stretched unevenly).
 * The art, drawn cape first, then badge over it; in each picture the top-left
 * quarter is transparent:
 *   cape  on arm:  80 × 40 centred at (40, 70), turned 0.5 rad as its bone is
 *   badge on root: 40 × 40 centred at (60, 70), upright: opaque but for x < 60,
 *                  y > 70
 * The points the tests click, and what is under them:
 *   (64, 66)  both opaque
 *   (50, 80)  the badge's transparent corner over the cape's opaque part
 *   (20, 80)  the cape's transparent corner, nothing else
 *   (30, 60)  the cape alone, opaque */
#define CAPE 0
#define BADGE 1

static char *
write_picture (AppFixture *f, const char *name, int width, int height)
{
  g_autofree char *path = tmp_path (f, name);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  guint8 *pixels = g_malloc0 ((gsize) width * height * 4);

  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        guint8 *p = pixels + ((gsize) y * width + x) * 4;

        if (x < width / 2 && y < height / 2)
          continue;
        p[0] = 0xe0, p[1] = 0x40, p[2] = 0x30, p[3] = 0xff;
      }
  bytes = g_bytes_new_take (pixels, (gsize) width * height * 4);
  texture = gdk_memory_texture_new (width, height, GDK_MEMORY_R8G8B8A8, bytes,
                                    (gsize) width * 4);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  return g_steal_pointer (&path);
}

static OssaCanvas *
canvas_of (AppFixture *f)
{
  return f->window->canvas;
}

static void
to_widget (AppFixture *f, double wx, double wy, double *px, double *py)
{
  ossa_camera_world_to_widget (_ossa_canvas_get_camera (canvas_of (f)), wx, wy, px, py);
}

static void
to_world (AppFixture *f, double px, double py, double *wx, double *wy)
{
  ossa_camera_widget_to_world (_ossa_canvas_get_camera (canvas_of (f)), px, py, wx, wy);
}

static void
open_art (AppFixture *f)
{
  g_autofree char *path = tmp_path (f, "rig.ossa");
  g_autofree char *cape = write_picture (f, "cape.png", 80, 40);
  g_autofree char *badge = write_picture (f, "badge.png", 40, 40);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  OssaDocument *doc = ossa_document_new ();
  OssaTransform root = { 0, 0, 0, 1, 1 };
  OssaTransform arm = { 100, 0, 0.5f, 1.5f, 0.6f };
  OssaPictureImport pictures[] = {
    { .name = "cape", .path = cape, .width = 80, .height = 40, .x = 40, .y = 70,
      .rotation = 0.5, .bone = 1 },
    { .name = "badge", .path = badge, .width = 40, .height = 40, .x = 60, .y = 70, .bone = 0 },
  };
  OssaEditor *editor;
  OssaError err;

  ossa_error_clear (&err);
  g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, "root", -1, &root, 100, 0xd02020ffu,
                                           &err), ==, 0);
  g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, "arm", 0, &arm, 60, 0x20c030ffu,
                                           &err), ==, 1);
  if (!ossa_document_save (doc, path, &err))
    g_error ("%s", err.message);
  ossa_document_free (doc);

  open_window_sized (f, 1000, 700);
  g_assert_true (ossa_window_open_file (f->window, file, &error));
  g_assert_no_error (error);
  editor = editor_of (f);
  g_assert_cmpint (ossa_editor_import_pictures (editor, pictures, G_N_ELEMENTS (pictures),
                                                "Import", &error), ==, 0);
  g_assert_no_error (error);
  ossa_image_store_wait (ossa_editor_get_images (editor));
  ossa_editor_select_slot (editor, -1, -1);
  ossa_editor_clear_selection (editor);
  ossa_canvas_fit (canvas_of (f));
  gui_test_canvas_wait_frame (canvas_of (f));
}

static void
click (AppFixture *f, double wx, double wy, GdkModifierType state)
{
  double px, py;

  to_widget (f, wx, wy, &px, &py);
  _ossa_canvas_drag_begin (canvas_of (f), px, py, state);
  _ossa_canvas_drag_end (canvas_of (f), px, py, state);
}

/* A drag in widget pixels, in steps, from world (x0, y0) by (dx, dy) pixels. */
static void
drag_pixels (AppFixture *f, double x0, double y0, double dx, double dy, GdkModifierType state)
{
  double px, py;

  to_widget (f, x0, y0, &px, &py);
  _ossa_canvas_drag_begin (canvas_of (f), px, py, state);
  for (int i = 1; i <= 10; i++)
    _ossa_canvas_drag_update (canvas_of (f), px + dx * i / 10, py + dy * i / 10, state);
  _ossa_canvas_drag_end (canvas_of (f), px + dx, py + dy, state);
}

static const OssaAttachment *
attachment (AppFixture *f, int slot)
{
  return &doc_of (f)->slots[slot].attachments[0];
}

/* The attachment's centre in the world, through its bone's world matrix. */
static void
world_centre (AppFixture *f, int slot, double *x, double *y)
{
  const OssaXform *world = ossa_editor_get_world (editor_of (f));
  const OssaSlot *s = &doc_of (f)->slots[slot];
  OssaVec2 c = ossa_xform_apply (&world[s->bone], (OssaVec2) { s->attachments[0].offset.x,
                                                               s->attachments[0].offset.y });

  *x = c.x;
  *y = c.y;
}

static void
assert_picked (AppFixture *f, int slot, int attachment)
{
  g_assert_cmpint (ossa_editor_get_selected_slot (editor_of (f)), ==, slot);
  g_assert_cmpint (ossa_editor_get_selected_attachment (editor_of (f)), ==, attachment);
}

static void
assert_same_offset (const OssaTransform *a, const OssaTransform *b)
{
  g_assert_cmpfloat (a->x, ==, b->x);
  g_assert_cmpfloat (a->y, ==, b->y);
  g_assert_cmpfloat (a->rotation, ==, b->rotation);
  g_assert_cmpfloat (a->scale_x, ==, b->scale_x);
  g_assert_cmpfloat (a->scale_y, ==, b->scale_y);
}

/* The pictures are decoded: what a click tests is their pixels. */
static void
assert_pixels (AppFixture *f)
{
  OssaPicture picture;

  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (ossa_image_store_get_picture (ossa_editor_get_images (editor_of (f)), i,
                                                   &picture));
      g_assert_cmpint (picture.state, ==, OSSA_PICTURE_READY);
    }
}

static void
test_pick (AppFixture *f, gconstpointer data)
{
  OssaEditor *editor;
  gsize n;

  open_art (f);
  assert_pixels (f);
  editor = editor_of (f);
  ossa_editor_set_tool (editor, OSSA_TOOL_TRANSLATE);

  /* Where both pictures are opaque, the front one (drawn last). */
  click (f, 64, 66, 0);
  assert_picked (f, BADGE, 0);
  /* Over the badge's transparent corner the cape behind it shows, and is picked:
   * not the badge's box. */
  click (f, 50, 80, 0);
  assert_picked (f, CAPE, 0);
  /* Over the cape's own transparent corner there is nothing: the pick goes. */
  click (f, 20, 80, 0);
  assert_picked (f, -1, -1);
  click (f, 70, 60, 0);
  assert_picked (f, BADGE, 0);
  /* Empty canvas lets it go. */
  click (f, 150, -40, 0);
  assert_picked (f, -1, -1);

  /* A bone (drawn over the art) wins, and picking it lets the picture go. */
  click (f, 50, 60, 0);
  assert_picked (f, BADGE, 0);
  click (f, 50, 0, 0);
  assert_picked (f, -1, -1);
  g_assert_cmpint (ossa_editor_get_primary (editor), ==, 0);
  /* A picture picked lets the bones go. */
  click (f, 70, 60, 0);
  assert_picked (f, BADGE, 0);
  ossa_editor_get_selection (editor, &n);
  g_assert_cmpuint (n, ==, 0);

  /* Alt+click: the one behind the picked one there, and round again. */
  click (f, 64, 66, GDK_ALT_MASK);
  assert_picked (f, CAPE, 0);
  click (f, 64, 66, GDK_ALT_MASK);
  assert_picked (f, BADGE, 0);
  /* Ctrl looks through the art to the bones: nothing changes on a click. */
  click (f, 64, 66, GDK_CONTROL_MASK);
  assert_picked (f, BADGE, 0);
  /* The create tool draws bones over the art: it picks none. */
  ossa_editor_set_tool (editor, OSSA_TOOL_CREATE);
  click (f, 50, 80, 0);
  assert_picked (f, -1, -1);
}

static void
test_translate (AppFixture *f, gconstpointer data)
{
  OssaEditor *editor;
  OssaTransform before, after;
  double cx0, cy0, cx1, cy1, px, py, wx0, wy0, wx1, wy1;

  open_art (f);
  editor = editor_of (f);
  ossa_editor_set_tool (editor, OSSA_TOOL_TRANSLATE);
  before = attachment (f, CAPE)->offset;
  world_centre (f, CAPE, &cx0, &cy0);
  g_assert_cmpfloat_with_epsilon (cx0, 40, 1e-3);
  g_assert_cmpfloat_with_epsilon (cy0, 70, 1e-3);

  /* From an opaque part of the cape, 37 pixels left and 23 down (away from the
   * badge). */
  to_widget (f, 30, 60, &px, &py);
  to_world (f, px, py, &wx0, &wy0);
  to_world (f, px - 37, py + 23, &wx1, &wy1);
  drag_pixels (f, 30, 60, -37, 23, 0);
  assert_picked (f, CAPE, 0);
  /* The status bar names what is picked. */
  g_assert_cmpstr (gtk_label_get_text (f->window->selection_label), ==,
                   "Picture cape (slot cape)");
  after = attachment (f, CAPE)->offset;
  /* The centre moved by exactly the pointer's world movement, though the bone is
   * turned and scaled unevenly; nothing else about it changed. */
  world_centre (f, CAPE, &cx1, &cy1);
  g_assert_cmpfloat_with_epsilon (cx1 - cx0, wx1 - wx0, 1e-3);
  g_assert_cmpfloat_with_epsilon (cy1 - cy0, wy1 - wy0, 1e-3);
  g_assert_cmpfloat (after.rotation, ==, before.rotation);
  g_assert_cmpfloat (after.scale_x, ==, before.scale_x);
  g_assert_cmpfloat (after.scale_y, ==, before.scale_y);
  /* The picture went with it: picked again where its opaque part is now. */
  click (f, 150, -40, 0);
  click (f, 30 + (wx1 - wx0), 60 + (wy1 - wy0), 0);
  assert_picked (f, CAPE, 0);

  /* One undo step for the whole drag, and redo puts it back. */
  g_assert_true (ossa_editor_undo (editor, NULL));
  assert_same_offset (&attachment (f, CAPE)->offset, &before);
  g_assert_true (ossa_editor_redo (editor, NULL));
  assert_same_offset (&attachment (f, CAPE)->offset, &after);
  /* Under the drag lies the import: the step before is not the drag's. */
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpuint (doc_of (f)->n_slots, ==, 0);
}

/* The pointer's angle about world (cx, cy) seen in the bone's space. */
static double
bone_angle (AppFixture *f, guint bone, double cx, double cy, double wx, double wy)
{
  OssaXform inv;
  OssaVec2 c, p;

  g_assert_true (ossa_xform_invert (&ossa_editor_get_world (editor_of (f))[bone], &inv));
  c = ossa_xform_apply (&inv, (OssaVec2) { (float) cx, (float) cy });
  p = ossa_xform_apply (&inv, (OssaVec2) { (float) wx, (float) wy });
  return atan2 (p.y - c.y, p.x - c.x);
}

static void
test_rotate_snap (AppFixture *f, gconstpointer data)
{
  OssaEditor *editor;
  OssaTransform before, after;
  double cx, cy, cx1, cy1, step = 15 * G_PI / 180, turned, px, py;
  /* World degrees about the cape's centre: the press lands where the cape alone
   * is opaque (left of the badge, below the cape's transparent corner). */
  const double radius = 15, a0 = 253.6 * G_PI / 180, a1 = 290.6 * G_PI / 180;

  open_art (f);
  editor = editor_of (f);
  g_object_set (canvas_of (f), "snap-rotation-step", 15.0, NULL);
  ossa_editor_set_tool (editor, OSSA_TOOL_ROTATE);
  before = attachment (f, CAPE)->offset;
  world_centre (f, CAPE, &cx, &cy);

  to_widget (f, cx + radius * cos (a0), cy + radius * sin (a0), &px, &py);
  _ossa_canvas_drag_begin (canvas_of (f), px, py, GDK_SHIFT_MASK);
  assert_picked (f, CAPE, 0);
  for (int i = 1; i <= 12; i++)
    {
      double a = a0 + (a1 - a0) * i / 12;

      to_widget (f, cx + radius * cos (a), cy + radius * sin (a), &px, &py);
      _ossa_canvas_drag_update (canvas_of (f), px, py, GDK_SHIFT_MASK);
    }
  _ossa_canvas_drag_end (canvas_of (f), px, py, GDK_SHIFT_MASK);
  after = attachment (f, CAPE)->offset;

  /* On a multiple of the step, the nearest to where the pointer turned it (in the
   * bone's space), about its own centre, which stayed. */
  turned = remainder (bone_angle (f, 1, cx, cy, cx + radius * cos (a1), cy + radius * sin (a1))
                      - bone_angle (f, 1, cx, cy, cx + radius * cos (a0),
                                    cy + radius * sin (a0)),
                      2 * G_PI);
  g_assert_cmpfloat_with_epsilon (remainder (after.rotation, step), 0, 1e-5);
  g_assert_cmpfloat_with_epsilon (after.rotation, round ((before.rotation + turned) / step) * step,
                                  1e-5);
  g_assert_cmpfloat (fabs (after.rotation - before.rotation), >, step / 2);
  world_centre (f, CAPE, &cx1, &cy1);
  g_assert_cmpfloat_with_epsilon (cx1, cx, 1e-4);
  g_assert_cmpfloat_with_epsilon (cy1, cy, 1e-4);
  g_assert_cmpfloat (after.scale_x, ==, before.scale_x);

  g_assert_true (ossa_editor_undo (editor, NULL));
  assert_same_offset (&attachment (f, CAPE)->offset, &before);
  g_assert_true (ossa_editor_redo (editor, NULL));
  assert_same_offset (&attachment (f, CAPE)->offset, &after);
}

static void
test_scale (AppFixture *f, gconstpointer data)
{
  OssaEditor *editor;
  OssaTransform before, after;
  double cx, cy, px, py, qx, qy;

  open_art (f);
  editor = editor_of (f);
  ossa_editor_set_tool (editor, OSSA_TOOL_SCALE);
  before = attachment (f, BADGE)->offset;
  world_centre (f, BADGE, &cx, &cy);

  /* From 15 right of and below the badge's centre to twice as far: twice the
   * size, both ways. */
  to_widget (f, cx + 12, cy - 9, &px, &py);
  to_widget (f, cx + 24, cy - 18, &qx, &qy);
  _ossa_canvas_drag_begin (canvas_of (f), px, py, 0);
  assert_picked (f, BADGE, 0);
  for (int i = 1; i <= 8; i++)
    _ossa_canvas_drag_update (canvas_of (f), px + (qx - px) * i / 8, py + (qy - py) * i / 8, 0);
  _ossa_canvas_drag_end (canvas_of (f), qx, qy, 0);
  after = attachment (f, BADGE)->offset;
  g_assert_cmpfloat_with_epsilon (after.scale_x, 2 * before.scale_x, 1e-3);
  g_assert_cmpfloat_with_epsilon (after.scale_y, 2 * before.scale_y, 1e-3);
  g_assert_cmpfloat (after.x, ==, before.x);
  g_assert_cmpfloat (after.rotation, ==, before.rotation);

  /* With Shift, on the scale step (0.1 by default): 1.37 times is 1.4. */
  g_assert_true (ossa_editor_undo (editor, NULL));
  assert_same_offset (&attachment (f, BADGE)->offset, &before);
  to_widget (f, cx + 12 * 1.37, cy - 9 * 1.37, &qx, &qy);
  _ossa_canvas_drag_begin (canvas_of (f), px, py, GDK_SHIFT_MASK);
  for (int i = 1; i <= 8; i++)
    _ossa_canvas_drag_update (canvas_of (f), px + (qx - px) * i / 8, py + (qy - py) * i / 8,
                              GDK_SHIFT_MASK);
  _ossa_canvas_drag_end (canvas_of (f), qx, qy, GDK_SHIFT_MASK);
  g_assert_cmpfloat_with_epsilon (attachment (f, BADGE)->offset.scale_x, 1.4, 1e-5);
  g_assert_cmpfloat_with_epsilon (attachment (f, BADGE)->offset.scale_y, 1.4, 1e-5);
  g_assert_true (ossa_editor_undo (editor, NULL));
  assert_same_offset (&attachment (f, BADGE)->offset, &before);
  g_assert_true (ossa_editor_redo (editor, NULL));
  g_assert_cmpfloat_with_epsilon (attachment (f, BADGE)->offset.scale_x, 1.4, 1e-5);
}

static guint n_refusals;

static GLogWriterOutput
count_refusals (GLogLevelFlags level, const GLogField *fields, gsize n_fields, gpointer data)
{
  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, "GLIB_DOMAIN") && g_strcmp0 (fields[i].value, "ossa-canvas") == 0
        && (level & G_LOG_LEVEL_MESSAGE))
      {
        n_refusals++;
        return G_LOG_WRITER_HANDLED;
      }
  return g_log_writer_default (level, fields, n_fields, data);
}

static void
test_animate_refuses (AppFixture *f, gconstpointer data)
{
  OssaEditor *editor;
  OssaTransform before;
  const char *notice;
  gboolean could_undo;

  open_art (f);
  editor = editor_of (f);
  g_assert_true (activate (f, "new-animation", NULL));
  ossa_editor_set_mode (editor, OSSA_EDIT_MODE_ANIMATE);
  ossa_editor_set_tool (editor, OSSA_TOOL_TRANSLATE);
  before = attachment (f, CAPE)->offset;
  could_undo = ossa_editor_can_undo (editor);
  g_assert_null (_ossa_canvas_get_notice (canvas_of (f)));

  /* Picking works in Animate mode; moving does not: the drag stops at once and
   * the canvas says why, once. */
  n_refusals = 0;
  drag_pixels (f, 30, 60, 40, -30, 0);
  assert_picked (f, CAPE, 0);
  assert_same_offset (&attachment (f, CAPE)->offset, &before);
  notice = _ossa_canvas_get_notice (canvas_of (f));
  g_assert_nonnull (notice);
  g_assert_nonnull (strstr (notice, "Setup mode"));
  g_assert_cmpuint (n_refusals, ==, 1);
  g_assert_cmpint (ossa_editor_can_undo (editor), ==, could_undo);
  /* Nothing was keyed either. */
  g_assert_cmpuint (doc_of (f)->animations[0].n_slot_tracks, ==, 0);

  /* On the canvas, where the person looks: a frame shows it. */
  gui_test_canvas_wait_frame (canvas_of (f));
  gui_test_linger_if_asked ();
}

static void
test_delete (AppFixture *f, gconstpointer data)
{
  OssaEditor *editor;

  open_art (f);
  editor = editor_of (f);
  ossa_editor_set_tool (editor, OSSA_TOOL_TRANSLATE);
  /* Nothing picked, no bones selected: nothing to delete. */
  g_assert_false (enabled (f, "delete"));
  click (f, 70, 60, 0);
  assert_picked (f, BADGE, 0);
  g_assert_true (activate (f, "delete", NULL));
  /* The picture went, not its slot, nor any bone. */
  g_assert_cmpuint (doc_of (f)->slots[BADGE].n_attachments, ==, 0);
  g_assert_cmpuint (doc_of (f)->skeleton.n_bones, ==, 2);
  g_assert_cmpuint (doc_of (f)->slots[CAPE].n_attachments, ==, 1);
  assert_picked (f, BADGE, -1);
  /* One undo step. */
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpuint (doc_of (f)->slots[BADGE].n_attachments, ==, 1);
  g_assert_true (ossa_editor_redo (editor, NULL));
  g_assert_cmpuint (doc_of (f)->slots[BADGE].n_attachments, ==, 0);
}

/* ---- real pointer events ---- */

#ifdef GDK_WINDOWING_X11
static gboolean
run_xdotool (const char *const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  int status = -1;

  g_ptr_array_add (argv, (gpointer) "xdotool");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_SEARCH_PATH |
                     G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, NULL, NULL, &status, NULL))
    return FALSE;
  return g_spawn_check_wait_status (status, NULL);
}

/* Handles what xdotool sent, and keeps at it a while. */
static void
settle (void)
{
  gdk_display_sync (gdk_display_get_default ());
  for (guint i = 0, quiet = 0; i < 200 && quiet < 10; i++)
    {
      gboolean busy = FALSE;

      while (g_main_context_pending (NULL))
        {
          g_main_context_iteration (NULL, FALSE);
          busy = TRUE;
        }
      quiet = busy ? 0 : quiet + 1;
      g_usleep (5000);
    }
}

/* The pointer to world (wx, wy) over the canvas, for real. */
static void
pointer_to (AppFixture *f, const char *xid, double wx, double wy)
{
  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (canvas_of (f)));
  graphene_point_t p;
  double px, py, sx, sy;
  g_autofree char *x = NULL, *y = NULL;

  to_widget (f, wx, wy, &px, &py);
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (canvas_of (f)), GTK_WIDGET (native),
                                           &GRAPHENE_POINT_INIT ((float) px, (float) py), &p));
  /* The surface's origin is the window's, shadows and all. */
  gtk_native_get_surface_transform (native, &sx, &sy);
  x = g_strdup_printf ("%d", (int) round (p.x + sx));
  y = g_strdup_printf ("%d", (int) round (p.y + sy));
  {
    const char *args[] = { "mousemove", "--sync", "--window", xid, x, y, NULL };

    g_assert_true (run_xdotool (args));
  }
  settle ();
}

static void
button (const char *what)
{
  const char *args[] = { what, "1", NULL };

  g_assert_true (run_xdotool (args));
  settle ();
}
#endif

static void
test_real_pointer (AppFixture *f, gconstpointer data)
{
#ifdef GDK_WINDOWING_X11
  static const char *which[] = { "version", NULL };
  g_autofree char *xid = NULL;
  OssaTransform before;
  double cx0, cy0, cx1, cy1, wx0, wy0, wx1, wy1;

  if (!GDK_IS_X11_DISPLAY (gdk_display_get_default ()) || !run_xdotool (which))
    {
      g_test_skip ("needs X11 and xdotool for real pointer events");
      return;
    }
  open_art (f);
  assert_pixels (f);
  xid = g_strdup_printf ("%lu", (gulong) gdk_x11_surface_get_xid (
                                  gtk_native_get_surface (GTK_NATIVE (f->window))));
  {
    const char *args[] = { "windowfocus", "--sync", xid, NULL };

    g_assert_true (run_xdotool (args));
  }
  ossa_editor_set_tool (editor_of (f), OSSA_TOOL_TRANSLATE);

  /* A click over the badge's transparent corner picks the cape behind it. */
  pointer_to (f, xid, 50, 80);
  button ("click");
  assert_picked (f, CAPE, 0);
  /* Over the cape's transparent corner: nothing. */
  pointer_to (f, xid, 20, 80);
  button ("click");
  assert_picked (f, -1, -1);

  /* A real drag of the cape: press, move in steps, release. */
  before = attachment (f, CAPE)->offset;
  world_centre (f, CAPE, &cx0, &cy0);
  pointer_to (f, xid, 30, 60);
  ossa_pointer_input_get_position (GTK_WIDGET (canvas_of (f)), &wx0, &wy0);
  to_world (f, wx0, wy0, &wx0, &wy0);
  button ("mousedown");
  for (int i = 1; i <= 5; i++)
    pointer_to (f, xid, 30 + 4 * i, 60 - 3 * i);
  ossa_pointer_input_get_position (GTK_WIDGET (canvas_of (f)), &wx1, &wy1);
  to_world (f, wx1, wy1, &wx1, &wy1);
  button ("mouseup");
  assert_picked (f, CAPE, 0);
  world_centre (f, CAPE, &cx1, &cy1);
  /* By the pointer's movement (whole pixels on screen, so to a pixel's width). */
  g_assert_cmpfloat (fabs (cx1 - cx0 - (wx1 - wx0)), <, 1e-3);
  g_assert_cmpfloat (fabs (cy1 - cy0 - (wy1 - wy0)), <, 1e-3);
  g_assert_cmpfloat (hypot (cx1 - cx0, cy1 - cy0), >, 15);
  g_assert_true (ossa_editor_undo (editor_of (f), NULL));
  assert_same_offset (&attachment (f, CAPE)->offset, &before);
#else
  g_test_skip ("needs X11");
#endif
}

/* ---- the sample character ---- */

static void
test_sample (AppFixture *f, gconstpointer data)
{
  const char *samples = g_getenv ("OSSA_SAMPLES_DIR");
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  const OssaDocument *doc;
  OssaCanvas *canvas;
  int head = -1, slot, att;
  double px = 0, py = 0, cx0, cy0, cx1, cy1;
  gboolean found = FALSE;

  if (samples == NULL)
    {
      g_test_skip ("OSSA_SAMPLES_DIR is not set (meson test sets it)");
      return;
    }
  path = g_build_filename (samples, "hero.ossa", NULL);
  file = g_file_new_for_path (path);
  open_window_sized (f, 1280, 800);
  g_assert_true (ossa_window_open_file (f->window, file, &error));
  g_assert_no_error (error);
  ossa_image_store_wait (ossa_editor_get_images (editor_of (f)));
  canvas = canvas_of (f);
  gui_test_canvas_wait_frame (canvas);
  doc = doc_of (f);
  for (gsize i = 0; i < doc->n_slots; i++)
    if (g_str_equal (doc->slots[i].name, "head"))
      head = (int) i;
  g_assert_cmpint (head, >=, 0);

  /* A place on the head off every bone (the bones take clicks first), from the
   * quads the canvas picks from. */
  {
    const OssaSlotPose *pose = ossa_editor_get_slot_pose (editor_of (f));
    gsize n = ossa_slot_pose_n_visible (pose);
    g_autofree OssaQuad *quads = g_new (OssaQuad, n);
    const OssaQuad *q = NULL;

    ossa_slot_pose_fill_quads (pose, ossa_editor_get_world (editor_of (f)), quads, n);
    for (gsize k = 0; k < n; k++)
      if ((int) quads[k].slot == head)
        q = &quads[k];
    g_assert_nonnull (q);
    _ossa_canvas_ensure_instances (canvas);
    for (int i = 1; i < 10 && !found; i++)
      for (int j = 1; j < 10 && !found; j++)
        {
          double s = i / 10.0, t = j / 10.0;
          double wx = q->xy[0] + s * (q->xy[2] - q->xy[0]) + t * (q->xy[6] - q->xy[0]);
          double wy = q->xy[1] + s * (q->xy[3] - q->xy[1]) + t * (q->xy[7] - q->xy[1]);

          to_widget (f, wx, wy, &px, &py);
          found = ossa_scene_hit_test (canvas->instances, canvas->n_instances,
                                       _ossa_canvas_get_camera (canvas), px, py).bone < 0
                  && _ossa_canvas_art_pick (canvas, px, py, FALSE, &slot, &att) && slot == head;
        }
    g_assert_true (found);
  }

  ossa_editor_set_tool (editor_of (f), OSSA_TOOL_TRANSLATE);
  /* The head's own bone runs through the middle of the picture and takes the
   * click there, unless the bones are hidden (View ▸ Show Bones). */
  {
    guint bone = doc->slots[head].bone;
    OssaVec2 middle = ossa_xform_apply (&ossa_editor_get_world (editor_of (f))[bone],
                                        (OssaVec2) { doc->slots[head].attachments[0].offset.x,
                                                     0 });
    gsize n;

    click (f, middle.x, middle.y, 0);
    assert_picked (f, -1, -1);
    g_assert_cmpint (ossa_editor_get_primary (editor_of (f)), ==, (int) bone);
    g_object_set (canvas, "show-bones", FALSE, NULL);
    click (f, middle.x, middle.y, 0);
    assert_picked (f, head, 0);
    ossa_editor_get_selection (editor_of (f), &n);
    g_assert_cmpuint (n, ==, 0);
    g_object_set (canvas, "show-bones", TRUE, NULL);
  }
  _ossa_canvas_drag_begin (canvas, px, py, 0);
  _ossa_canvas_drag_end (canvas, px, py, 0);
  assert_picked (f, head, 0);
  gui_test_canvas_wait_frame (canvas);
  gui_test_linger_if_asked ();

  world_centre (f, head, &cx0, &cy0);
  _ossa_canvas_drag_begin (canvas, px, py, 0);
  for (int i = 1; i <= 10; i++)
    _ossa_canvas_drag_update (canvas, px + 6 * i, py - 3 * i, 0);
  _ossa_canvas_drag_end (canvas, px + 60, py - 30, 0);
  world_centre (f, head, &cx1, &cy1);
  g_assert_cmpfloat_with_epsilon (cx1 - cx0, 60 / _ossa_canvas_get_camera (canvas)->zoom, 1e-3);
  g_assert_cmpfloat_with_epsilon (cy1 - cy0, 30 / _ossa_canvas_get_camera (canvas)->zoom, 1e-3);
  gui_test_canvas_wait_frame (canvas);
  gui_test_linger_if_asked ();
}

int
main (int argc, char **argv)
{
  if (!gui_test_display_or_skip ())
    return 0;
  gtk_test_init (&argc, &argv, NULL);
  g_log_set_writer_func (count_refusals, NULL, NULL);

  APP_TEST_ADD ("/canvas-art-edit/pick", test_pick);
  APP_TEST_ADD ("/canvas-art-edit/translate", test_translate);
  APP_TEST_ADD ("/canvas-art-edit/rotate-snap", test_rotate_snap);
  APP_TEST_ADD ("/canvas-art-edit/scale", test_scale);
  APP_TEST_ADD ("/canvas-art-edit/animate-refuses", test_animate_refuses);
  APP_TEST_ADD ("/canvas-art-edit/delete", test_delete);
  APP_TEST_ADD ("/canvas-art-edit/real-pointer", test_real_pointer);
  APP_TEST_ADD ("/canvas-art-edit/sample", test_sample);
  return g_test_run ();
}
