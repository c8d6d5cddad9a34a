/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The IK constraints on the timeline, in the editor's real window: a row per
 * constraint under the first bone of its chain, its mix and bend keys where their
 * times are (and drawn there), picked by click, Shift, Ctrl and a band, deleted
 * and moved as one undo step each, the name picking the constraint, and the rows
 * following constraints and keys added and removed; and the sorted key sets the
 * timeline keeps its picked IK and art keys in. */
#define G_LOG_DOMAIN "test-timeline-ik"

#include "config.h"

#include <math.h>

#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-timeline-private.h"
#include "ossa-timeline-view-private.h"
#include "gui-test-app.h"
#include "gui-test-ik.h"

#define IK_KEY_FILL 0xffe9806eu  /* an unpicked IK key's colour in the key layer */

static OssaTimelineView *
view_of (AppFixture *f)
{
  return _ossa_timeline_get_view (f->window->timeline);
}

static void
flush (AppFixture *f)
{
  gui_test_flush (GTK_WIDGET (f->window));
}

static double
x_of_frame (AppFixture *f, double frame)
{
  return _ossa_timeline_view_time_to_x (view_of (f), frame / IK_FPS);
}

static double
ik_row (AppFixture *f, guint c)
{
  double y = 0;

  g_assert_true (_ossa_timeline_view_ik_row_y (view_of (f), c, &y));
  return y;
}

static double
bone_row (AppFixture *f, guint bone)
{
  double y = 0;

  g_assert_true (_ossa_timeline_view_row_y (view_of (f), bone, -1, &y));
  return y;
}

/* The IK keys picked on the timeline, as "c@frame c@frame". */
static char *
dup_picked (AppFixture *f)
{
  gsize n = 0;
  const OssaIkKeyRef *keys = _ossa_timeline_view_get_selected_ik_keys (view_of (f), &n);
  GString *s = g_string_new (NULL);

  for (gsize i = 0; i < n; i++)
    g_string_append_printf (s, "%s%u@%.0f", i > 0 ? " " : "", keys[i].constraint,
                            keys[i].time * IK_FPS);
  return g_string_free (s, FALSE);
}

#define assert_picked(f, expected)                  \
  G_STMT_START                                      \
  {                                                 \
    g_autofree char *picked_ = dup_picked (f);      \
    g_assert_cmpstr (picked_, ==, (expected));      \
  }                                                 \
  G_STMT_END

#define assert_frames(f, c, expected)                                   \
  G_STMT_START                                                          \
  {                                                                     \
    g_autofree char *frames_ = ik_test_dup_frames (editor_of (f), (c)); \
    g_assert_cmpstr (frames_, ==, (expected));                          \
  }                                                                     \
  G_STMT_END

/* The key layer's pixel at frame on the row of constraint c, 0xAARRGGBB, the
 * row scrolled into view first (the window's timeline shows a few rows). */
static guint32
ik_pixel (AppFixture *f, double frame, guint c)
{
  OssaTimelineView *view = view_of (f);
  GtkAdjustment *vadj = ossa_timeline_view_get_vadjustment (view);
  GdkTexture *layer;
  int width, height, scale;
  g_autofree guint32 *pixels = NULL;
  double x = x_of_frame (f, frame), y;
  int px, py;

  gtk_adjustment_set_value (vadj, gtk_adjustment_get_value (vadj) + ik_row (f, c)
                                    - OSSA_TIMELINE_RULER_HEIGHT - 2 * OSSA_TIMELINE_ROW_HEIGHT);
  flush (f);
  y = ik_row (f, c);
  layer = view->layer;
  g_assert_nonnull (layer);
  width = gdk_texture_get_width (layer);
  height = gdk_texture_get_height (layer);
  scale = MAX ((int) lround (width / _ossa_timeline_view_key_width (view)), 1);
  pixels = g_new (guint32, (gsize) width * height);
  gdk_texture_download (layer, (guchar *) pixels, (gsize) width * 4);
  px = (int) lround ((x - OSSA_TIMELINE_NAMES_WIDTH) * scale);
  py = (int) lround ((y - OSSA_TIMELINE_RULER_HEIGHT) * scale);
  g_assert_cmpint (px, >=, 0);
  g_assert_cmpint (px, <, width);
  g_assert_cmpint (py, >=, 0);
  g_assert_cmpint (py, <, height);
  return pixels[(gsize) py * width + px];
}

/* The rig of gui-test-ik.h in Animate mode on "reach", 10 pixels a frame. */
static void
open_rig (AppFixture *f)
{
  OssaEditor *editor;
  double y;

  open_window_sized (f, 1280, 800);
  editor = editor_of (f);
  flush (f);
  /* An empty document: no IK rows. */
  g_assert_false (_ossa_timeline_view_ik_row_y (view_of (f), 0, &y));
  ossa_editor_take_document (editor, ik_test_document ());
  ossa_editor_set_mode (editor, OSSA_EDIT_MODE_ANIMATE);
  ossa_editor_set_animation (editor, 0);
  ossa_editor_set_time (editor, 0);
  g_object_set (view_of (f), "pixels-per-second", 300.0, NULL);
  flush (f);
}

static void
click (AppFixture *f, double x, double y, GdkModifierType state)
{
  _ossa_timeline_view_press (view_of (f), x, y, state);
  _ossa_timeline_view_release (view_of (f), x, y, state);
  flush (f);
}

static void
drag (AppFixture *f, double x0, double y0, double x1, double y1, GdkModifierType state)
{
  OssaTimelineView *view = view_of (f);

  _ossa_timeline_view_press (view, x0, y0, state);
  _ossa_timeline_view_motion (view, (x0 + x1) / 2, (y0 + y1) / 2, state);
  _ossa_timeline_view_motion (view, x1, y1, state);
  _ossa_timeline_view_release (view, x1, y1, state);
  flush (f);
}

static void
press_delete (AppFixture *f)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view_of (f)), "timeline.delete-keys",
                                             NULL));
  flush (f);
}

/* ---- the rows and their keys ---- */

static void
test_rows (AppFixture *f, gconstpointer data)
{
  OssaTimelineView *view;
  const OssaTimelineRow *row;
  float time = -1;

  open_rig (f);
  view = view_of (f);
  /* Under upper_l (the first bone of both chains) in the order they apply, after
   * its bone row and before its child's; the leg's under the thigh. */
  g_assert_cmpfloat (bone_row (f, IK_UPPER), <, ik_row (f, IK_ARM));
  g_assert_cmpfloat_with_epsilon (ik_row (f, IK_AIM) - ik_row (f, IK_ARM),
                                  OSSA_TIMELINE_CHANNEL_HEIGHT, 1e-9);
  g_assert_cmpfloat (ik_row (f, IK_AIM), <, bone_row (f, IK_FORE));
  g_assert_cmpfloat (bone_row (f, IK_THIGH), <, ik_row (f, IK_LEG));
  g_assert_cmpfloat (ik_row (f, IK_LEG), <, bone_row (f, IK_SHIN));
  row = _ossa_timeline_view_row_at (view, ik_row (f, IK_LEG));
  g_assert_nonnull (row);
  g_assert_cmpint (row->kind, ==, OSSA_TIMELINE_ROW_IK);
  g_assert_cmpuint (row->constraint, ==, IK_LEG);
  g_assert_cmpuint (row->bone, ==, IK_THIGH);

  /* arm_l's keys at frames 0, 10 and 20, nothing at 5. */
  row = _ossa_timeline_view_row_at (view, ik_row (f, IK_ARM));
  for (guint frame = 0; frame <= 20; frame += 10)
    {
      g_assert_true (_ossa_timeline_view_ik_key_at (view, row, x_of_frame (f, frame), &time));
      g_assert_cmpfloat (time, ==, (float) (frame / IK_FPS));
    }
  g_assert_false (_ossa_timeline_view_ik_key_at (view, row, x_of_frame (f, 5), &time));
  /* Drawn there, coral; nothing between them, nor on the unkeyed aim's row. */
  g_assert_cmphex (ik_pixel (f, 10, IK_ARM), ==, IK_KEY_FILL);
  g_assert_cmphex (ik_pixel (f, 20, IK_ARM), ==, IK_KEY_FILL);
  g_assert_cmphex (ik_pixel (f, 5, IK_ARM), ==, 0);
  g_assert_cmphex (ik_pixel (f, 10, IK_AIM), ==, 0);
  row = _ossa_timeline_view_row_at (view, ik_row (f, IK_AIM));
  g_assert_false (_ossa_timeline_view_ik_key_at (view, row, x_of_frame (f, 0), &time));
  /* The leg's one key at 15. */
  row = _ossa_timeline_view_row_at (view, ik_row (f, IK_LEG));
  g_assert_true (_ossa_timeline_view_ik_key_at (view, row, x_of_frame (f, 15), &time));
  g_assert_cmpfloat (time, ==, (float) (15 / IK_FPS));
  g_assert_cmphex (ik_pixel (f, 15, IK_LEG), ==, IK_KEY_FILL);
  /* Scrolled to the arm's rows, the leg's in view too: four IK keys drawn, and
   * nothing else. */
  {
    OssaTimelineStats stats;

    gtk_adjustment_set_value (ossa_timeline_view_get_vadjustment (view),
                              2 * OSSA_TIMELINE_ROW_HEIGHT);
    flush (f);
    g_assert_cmpfloat (ik_row (f, IK_LEG) + 0.5 * OSSA_TIMELINE_CHANNEL_HEIGHT, <,
                       gtk_widget_get_height (GTK_WIDGET (view)));
    _ossa_timeline_view_get_stats (view, &stats);
    g_assert_cmpuint (stats.keys_drawn, ==, 4);
  }
}

/* ---- picking ---- */

static void
test_pick (AppFixture *f, gconstpointer data)
{
  gsize n = 0;

  open_rig (f);
  /* A click picks one key, drawn picked. */
  click (f, x_of_frame (f, 10), ik_row (f, IK_ARM), 0);
  assert_picked (f, "0@10");
  g_assert_cmphex (ik_pixel (f, 10, IK_ARM), !=, IK_KEY_FILL);
  g_assert_cmphex (ik_pixel (f, 20, IK_ARM), ==, IK_KEY_FILL);
  /* Shift adds, Ctrl takes away, a plain click picks one alone. */
  click (f, x_of_frame (f, 15), ik_row (f, IK_LEG), GDK_SHIFT_MASK);
  assert_picked (f, "0@10 1@15");
  click (f, x_of_frame (f, 10), ik_row (f, IK_ARM), GDK_CONTROL_MASK);
  assert_picked (f, "1@15");
  click (f, x_of_frame (f, 10), ik_row (f, IK_ARM), GDK_CONTROL_MASK);
  assert_picked (f, "0@10 1@15");
  click (f, x_of_frame (f, 20), ik_row (f, IK_ARM), 0);
  assert_picked (f, "0@20");
  /* A click where no key is lets go. */
  click (f, x_of_frame (f, 5), ik_row (f, IK_ARM), 0);
  assert_picked (f, "");
  /* A band over both rows' keys from frame 8 to 16 picks those two. */
  drag (f, x_of_frame (f, 8), ik_row (f, IK_ARM) - 4, x_of_frame (f, 16), ik_row (f, IK_LEG) + 4,
        0);
  assert_picked (f, "0@10 1@15");

  /* A bone key picked lets go of the IK keys, and a click on an IK key of it. */
  g_assert_true (ossa_editor_key_bones (editor_of (f), (const guint[]) { IK_FORE }, 1, NULL));
  flush (f);
  click (f, x_of_frame (f, 0), bone_row (f, IK_FORE), 0);
  ossa_editor_get_selected_keys (editor_of (f), &n);
  g_assert_cmpuint (n, >, 0);
  assert_picked (f, "");
  click (f, x_of_frame (f, 0), ik_row (f, IK_ARM), 0);
  assert_picked (f, "0@0");
  ossa_editor_get_selected_keys (editor_of (f), &n);
  g_assert_cmpuint (n, ==, 0);

  /* Another animation: nothing picked. */
  g_assert_cmpint (ossa_editor_add_animation (editor_of (f), "idle", NULL), ==, 1);
  ossa_editor_set_animation (editor_of (f), 1);
  flush (f);
  assert_picked (f, "");
}

/* The name picks the constraint; the picked one's name is marked. */
static void
test_pick_constraint (AppFixture *f, gconstpointer data)
{
  open_rig (f);
  g_assert_cmpint (ossa_editor_get_selected_ik (editor_of (f)), ==, -1);
  click (f, 60, ik_row (f, IK_LEG), 0);
  g_assert_cmpint (ossa_editor_get_selected_ik (editor_of (f)), ==, IK_LEG);
  click (f, 60, ik_row (f, IK_AIM), 0);
  g_assert_cmpint (ossa_editor_get_selected_ik (editor_of (f)), ==, IK_AIM);
  /* The bones stay as they were picked. */
  g_assert_false (ossa_editor_is_selected (editor_of (f), IK_UPPER));
}

/* ---- deleting and moving ---- */

static void
test_delete (AppFixture *f, gconstpointer data)
{
  const OssaIkTrack *track;
  OssaIkKey key;

  open_rig (f);
  click (f, x_of_frame (f, 10), ik_row (f, IK_ARM), 0);
  press_delete (f);
  assert_frames (f, IK_ARM, "0 20");
  assert_frames (f, IK_LEG, "15");
  assert_picked (f, "");
  g_assert_cmphex (ik_pixel (f, 10, IK_ARM), ==, 0);
  g_assert_true (activate (f, "undo", NULL));
  assert_frames (f, IK_ARM, "0 10 20");
  track = ik_test_find_track (editor_of (f), IK_ARM);
  key = ossa_ik_track_get_key (track, 1);
  g_assert_cmpfloat (key.mix, ==, 0.5f);
  g_assert_true (key.has_bend);
  g_assert_false (key.bend_positive);

  /* Keys of two constraints, and a bone's key with them: one undo step. */
  g_assert_true (ossa_editor_key_bones (editor_of (f), (const guint[]) { IK_FORE }, 1, NULL));
  flush (f);
  click (f, x_of_frame (f, 0), bone_row (f, IK_FORE), 0);
  click (f, x_of_frame (f, 20), ik_row (f, IK_ARM), GDK_SHIFT_MASK);
  click (f, x_of_frame (f, 15), ik_row (f, IK_LEG), GDK_SHIFT_MASK);
  assert_picked (f, "0@20 1@15");
  press_delete (f);
  assert_frames (f, IK_ARM, "0 10");
  assert_frames (f, IK_LEG, "");
  g_assert_null (ossa_animation_find_track (&doc_of (f)->animations[0], IK_FORE,
                                            OSSA_CHANNEL_ROTATE));
  g_assert_true (activate (f, "undo", NULL));
  assert_frames (f, IK_ARM, "0 10 20");
  assert_frames (f, IK_LEG, "15");
  g_assert_nonnull (ossa_animation_find_track (&doc_of (f)->animations[0], IK_FORE,
                                               OSSA_CHANNEL_ROTATE));
}

static void
test_move (AppFixture *f, gconstpointer data)
{
  const OssaIkTrack *track;
  OssaIkKey key;

  open_rig (f);
  /* The key at 10 dragged to 13: its mix and bend go with it. */
  drag (f, x_of_frame (f, 10), ik_row (f, IK_ARM), x_of_frame (f, 13), ik_row (f, IK_ARM), 0);
  assert_frames (f, IK_ARM, "0 13 20");
  assert_picked (f, "0@13");
  track = ik_test_find_track (editor_of (f), IK_ARM);
  key = ossa_ik_track_get_key (track, 1);
  g_assert_cmpfloat (key.mix, ==, 0.5f);
  g_assert_true (key.has_bend);
  g_assert_false (key.bend_positive);
  g_assert_cmphex (ik_pixel (f, 10, IK_ARM), ==, 0);
  g_assert_cmphex (ik_pixel (f, 13, IK_ARM), !=, 0);
  /* Onto the key at 20: refused, nothing moves. */
  drag (f, x_of_frame (f, 13), ik_row (f, IK_ARM), x_of_frame (f, 20), ik_row (f, IK_ARM), 0);
  assert_frames (f, IK_ARM, "0 13 20");
  /* One undo step puts it back. */
  g_assert_true (activate (f, "undo", NULL));
  assert_frames (f, IK_ARM, "0 10 20");
  /* Two picked keys of two constraints move together. */
  click (f, x_of_frame (f, 10), ik_row (f, IK_ARM), 0);
  click (f, x_of_frame (f, 15), ik_row (f, IK_LEG), GDK_SHIFT_MASK);
  drag (f, x_of_frame (f, 15), ik_row (f, IK_LEG), x_of_frame (f, 17), ik_row (f, IK_LEG), 0);
  assert_frames (f, IK_ARM, "0 12 20");
  assert_frames (f, IK_LEG, "17");
}

/* ---- following the document ---- */

static void
test_follow (AppFixture *f, gconstpointer data)
{
  OssaEditor *editor;
  g_autoptr(GError) error = NULL;
  double y;
  int c;

  open_rig (f);
  editor = editor_of (f);
  /* A new constraint on the shin alone: a row under the shin, empty. */
  c = ossa_editor_add_ik (editor, "toe", (const guint[]) { IK_SHIN }, 1, IK_FOOT, &error);
  g_assert_no_error (error);
  g_assert_cmpint (c, ==, IK_N_CONSTRAINTS);
  flush (f);
  g_assert_cmpfloat (bone_row (f, IK_SHIN), <, ik_row (f, (guint) c));
  assert_frames (f, (guint) c, "");
  /* Keyed at frame 5 (in Animate mode, at the playhead): the key shows. */
  ossa_editor_set_time (editor, 5 / IK_FPS);
  g_assert_true (ossa_editor_set_ik_mix (editor, (guint) c, 0.4f, 0, &error));
  g_assert_no_error (error);
  flush (f);
  assert_frames (f, (guint) c, "5");
  g_assert_cmphex (ik_pixel (f, 5, (guint) c), ==, IK_KEY_FILL);
  /* The key undone: gone from the row. */
  g_assert_true (activate (f, "undo", NULL));
  assert_frames (f, (guint) c, "");
  g_assert_cmphex (ik_pixel (f, 5, (guint) c), ==, 0);
  /* A constraint removed: its row goes, the others' stay (picked keys let go). */
  click (f, x_of_frame (f, 15), ik_row (f, IK_LEG), 0);
  assert_picked (f, "1@15");
  g_assert_true (ossa_editor_remove_ik (editor, IK_ARM, &error));
  g_assert_no_error (error);
  flush (f);
  assert_picked (f, "");
  g_assert_false (_ossa_timeline_view_ik_row_y (view_of (f), IK_N_CONSTRAINTS, &y));
  /* Now leg is 0 and its key still at 15. */
  g_assert_cmpstr (doc_of (f)->ik[0].name, ==, "leg");
  g_assert_cmphex (ik_pixel (f, 15, 0), ==, IK_KEY_FILL);
  g_assert_cmpfloat (bone_row (f, IK_THIGH), <, ik_row (f, 0));
  /* And back. */
  g_assert_true (activate (f, "undo", NULL));
  g_assert_cmpfloat (bone_row (f, IK_UPPER), <, ik_row (f, IK_ARM));
  g_assert_cmphex (ik_pixel (f, 10, IK_ARM), ==, IK_KEY_FILL);
}

/* ---- the sets the picked IK and art keys are kept in ---- */

static gboolean
keep_constraint_0 (gconstpointer key, gpointer data)
{
  return ((const OssaIkKeyRef *) key)->constraint == 0;
}

static void
assert_key_set (GArray *set, const char *expected)
{
  g_autoptr (GString) s = g_string_new (NULL);

  for (guint i = 0; i < set->len; i++)
    g_string_append_printf (s, "%s%u@%g", i > 0 ? " " : "",
                            g_array_index (set, OssaIkKeyRef, i).constraint,
                            (double) g_array_index (set, OssaIkKeyRef, i).time);
  g_assert_cmpstr (s->str, ==, expected);
}

/* Sorted by constraint then time, each key once, whatever order they come in;
 * found, removed and kept by what they are. */
static void
test_key_set (void)
{
  const OssaIkKeyRef keys[] = { { 1, 0.5f }, { 0, 1.0f }, { 1, 0.25f }, { 0, 1.0f } };
  const OssaIkKeyRef more[] = { { 1, 0.5f }, { 0, 0.0f } };
  const OssaIkKeyRef absent = { 2, 0.5f };
  g_autoptr (GArray) set = g_array_new (FALSE, FALSE, sizeof (OssaIkKeyRef));
  OssaIkKeyRef *found;

  _ossa_key_set_insert (set, keys, G_N_ELEMENTS (keys), ossa_ik_key_ref_compare);
  assert_key_set (set, "0@1 1@0.25 1@0.5");
  _ossa_key_set_insert (set, more, G_N_ELEMENTS (more), ossa_ik_key_ref_compare);
  assert_key_set (set, "0@0 0@1 1@0.25 1@0.5");
  found = _ossa_key_set_find (set, &keys[2], ossa_ik_key_ref_compare);
  g_assert_nonnull (found);
  g_assert_cmpfloat (found->time, ==, 0.25f);
  g_assert_null (_ossa_key_set_find (set, &absent, ossa_ik_key_ref_compare));
  g_assert_false (_ossa_key_set_remove (set, &absent, ossa_ik_key_ref_compare));
  g_assert_true (_ossa_key_set_remove (set, &keys[0], ossa_ik_key_ref_compare));
  assert_key_set (set, "0@0 0@1 1@0.25");
  g_assert_true (_ossa_key_set_keep (set, keep_constraint_0, NULL));
  assert_key_set (set, "0@0 0@1");
  g_assert_false (_ossa_key_set_keep (set, keep_constraint_0, NULL));
  g_assert_true (_ossa_key_set_clear (set));
  g_assert_false (_ossa_key_set_clear (set));
  g_assert_cmpuint (set->len, ==, 0);
}

int
main (int argc, char **argv)
{
  if (!gui_test_display_or_skip ())
    return 0;

  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/timeline-ik/key-set", test_key_set);
  APP_TEST_ADD ("/timeline-ik/rows", test_rows);
  APP_TEST_ADD ("/timeline-ik/pick", test_pick);
  APP_TEST_ADD ("/timeline-ik/pick-constraint", test_pick_constraint);
  APP_TEST_ADD ("/timeline-ik/delete", test_delete);
  APP_TEST_ADD ("/timeline-ik/move", test_move);
  APP_TEST_ADD ("/timeline-ik/follow", test_follow);
  return g_test_run ();
}
