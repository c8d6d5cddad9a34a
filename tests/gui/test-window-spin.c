/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Issue 12: the drag says one thing, playback another. In Animate mode a person
 * keys forearm_l of the sample at frame 0, goes to frame 20 and drags the bone
 * 250° clockwise; the segment then plays the short way (110° counter-clockwise).
 * The window says so in a bar over the canvas, and its one action, "Turn the Way I
 * Dragged", makes the segment play the dragged sweep: sampled at frame 10 the bone
 * is halfway along it. Driven through the canvas's drag entry points and the
 * window's actions, as the mouse and the bar's button would. */
#include "config.h"

#include <math.h>

#include "ossa-canvas-private.h"
#include "gui-test-app.h"

#define DEG (G_PI / 180)

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

/* Presses on the bone's body, then turns the pointer about its joint by sweep
 * degrees (negative: clockwise) in steps of 5°, and releases. */
static void
drag_bone_round (AppFixture *f, guint bone, double sweep)
{
  const OssaXform *w = &ossa_editor_get_world (editor_of (f))[bone];
  const OssaBone *b = &doc_of (f)->skeleton.bones[bone];
  double jx = w->tx, jy = w->ty;
  double a0 = atan2 (w->b, w->a);
  double r = 0.6 * b->length * hypot (w->a, w->b);
  int steps = (int) ceil (fabs (sweep) / 5);
  double px, py;

  to_widget (f, jx + r * cos (a0), jy + r * sin (a0), &px, &py);
  _ossa_canvas_drag_begin (canvas_of (f), px, py, 0);
  for (int i = 1; i <= steps; i++)
    {
      double a = a0 + sweep * DEG * i / steps;

      to_widget (f, jx + r * cos (a), jy + r * sin (a), &px, &py);
      _ossa_canvas_drag_update (canvas_of (f), px, py, 0);
    }
  _ossa_canvas_drag_end (canvas_of (f), px, py, 0);
  gui_test_iterate ();
}

/* forearm_l's local rotation in the current animation at t. */
static double
sample_at (AppFixture *f, guint bone, double t)
{
  const OssaDocument *doc = doc_of (f);
  const OssaAnimation *anim =
    &doc->animations[ossa_editor_get_animation (editor_of (f))];
  g_autofree OssaTransform *local = g_new0 (OssaTransform, doc->skeleton.n_bones);

  ossa_animation_sample_pose (anim, &doc->skeleton, (float) t, local);
  return local[bone].rotation;
}

static gboolean
bar_shown (AppFixture *f)
{
  return gtk_revealer_get_reveal_child (f->window->spin_bar);
}

/* The sample open, a new animation current in Animate mode, forearm_l keyed at
 * frame 0 and the playhead at frame 20 with the rotate tool. Returns the bone. */
static guint
key_forearm (AppFixture *f, double *start)
{
  OssaEditor *editor;
  g_autoptr(GError) error = NULL;
  int bone, anim;

  open_window_sized (f, 1280, 800);
  g_assert_true (activate (f, "open-sample", NULL));
  editor = editor_of (f);
  bone = ossa_skeleton_find_bone (&doc_of (f)->skeleton, "forearm_l");
  g_assert_cmpint (bone, >=, 0);
  anim = ossa_editor_add_animation (editor, "spin", &error);
  g_assert_no_error (error);
  ossa_editor_set_animation (editor, anim);
  ossa_editor_set_mode (editor, OSSA_EDIT_MODE_ANIMATE);
  ossa_editor_set_time (editor, 0);
  select_bones (f, (const guint[]) { (guint) bone }, 1);
  g_assert_true (activate (f, "key-bones", NULL));
  *start = sample_at (f, (guint) bone, 0);
  ossa_editor_set_time (editor, 20 / 30.0);
  ossa_editor_set_tool (editor, OSSA_TOOL_ROTATE);
  gui_test_flush (GTK_WIDGET (f->window));
  return (guint) bone;
}

static void
test_spin_notice_turn (AppFixture *f, gconstpointer data G_GNUC_UNUSED)
{
  OssaEditor *editor;
  const OssaSpinNotice *notice;
  double start, end, mid;
  guint bone;

  if (g_getenv ("OSSA_SAMPLES_DIR") == NULL)
    {
      g_test_skip ("OSSA_SAMPLES_DIR is not set (meson test sets it)");
      return;
    }
  bone = key_forearm (f, &start);
  editor = editor_of (f);
  g_assert_false (bar_shown (f));
  g_assert_false (enabled (f, "turn-dragged-way"));

  drag_bone_round (f, bone, -250);
  g_assert_cmpint (ossa_editor_get_primary (editor), ==, (int) bone);
  end = sample_at (f, bone, 20 / 30.0);
  g_assert_cmpfloat_with_epsilon (end - start, -250 * DEG, 0.5 * DEG);

  /* Before: frame 10 is on the short side, 55° counter-clockwise. */
  mid = sample_at (f, bone, 10 / 30.0);
  g_assert_cmpfloat_with_epsilon (mid - start, 55 * DEG, 0.5 * DEG);

  /* The bar says which way the segment plays, and offers the way dragged. */
  notice = ossa_editor_get_spin_notice (editor);
  g_assert_nonnull (notice);
  g_assert_cmpfloat_with_epsilon (notice->played, 110 * DEG, 0.5 * DEG);
  g_assert_true (bar_shown (f));
  g_assert_cmpstr (gtk_label_get_text (f->window->spin_label), ==,
                   "This segment plays the short way (110° counter-clockwise)");
  g_assert_true (enabled (f, "turn-dragged-way"));

  /* Turn the Way I Dragged: one undo step; the preview follows the drag. */
  g_assert_true (activate (f, "turn-dragged-way", NULL));
  g_assert_false (bar_shown (f));
  g_assert_null (ossa_editor_get_spin_notice (editor));
  mid = sample_at (f, bone, 10 / 30.0);
  g_assert_cmpfloat_with_epsilon (mid - start, -125 * DEG, 0.5 * DEG);
  g_assert_cmpfloat_with_epsilon (sample_at (f, bone, 20 / 30.0), end, 1e-5);
  {
    const OssaTrack *track = ossa_animation_find_track (
      &doc_of (f)->animations[ossa_editor_get_animation (editor)], bone, OSSA_CHANNEL_ROTATE);
    OssaKey k = ossa_track_get_key (track, 0);

    g_assert_cmpint (k.spin, ==, OSSA_SPIN_CLOCKWISE);
    g_assert_cmpuint (k.turns, ==, 0);
  }

  g_assert_cmpstr (ossa_editor_get_undo_label (editor), ==, "Change Spin");
  g_assert_true (activate (f, "undo", NULL));
  mid = sample_at (f, bone, 10 / 30.0);
  g_assert_cmpfloat_with_epsilon (mid - start, 55 * DEG, 0.5 * DEG);
  g_assert_false (bar_shown (f));
}

/* Past a whole turn: 400° clockwise plays as 400°, one extra turn. */
static void
test_spin_notice_extra_turn (AppFixture *f, gconstpointer data G_GNUC_UNUSED)
{
  OssaEditor *editor;
  const OssaSpinNotice *notice;
  double start, mid;
  guint bone;

  if (g_getenv ("OSSA_SAMPLES_DIR") == NULL)
    {
      g_test_skip ("OSSA_SAMPLES_DIR is not set (meson test sets it)");
      return;
    }
  bone = key_forearm (f, &start);
  editor = editor_of (f);
  drag_bone_round (f, bone, -400);
  notice = ossa_editor_get_spin_notice (editor);
  g_assert_nonnull (notice);
  /* −400° wraps to −40°: clockwise already, but a turn short. */
  g_assert_cmpfloat_with_epsilon (notice->played, -40 * DEG, 0.5 * DEG);
  g_assert_cmpint (notice->spin, ==, OSSA_SPIN_CLOCKWISE);
  g_assert_cmpuint (notice->turns, ==, 1);
  g_assert_true (activate (f, "turn-dragged-way", NULL));
  mid = sample_at (f, bone, 10 / 30.0);
  g_assert_cmpfloat_with_epsilon (mid - start, -200 * DEG, 0.5 * DEG);
}

/* Within half a turn the short way is the way dragged: no bar. The close button,
 * and a move of the playhead, take the bar away without changing anything. A
 * drag is measured from what the segment played before it. */
static void
test_spin_notice_dismiss (AppFixture *f, gconstpointer data G_GNUC_UNUSED)
{
  OssaEditor *editor;
  double start;
  guint bone;

  if (g_getenv ("OSSA_SAMPLES_DIR") == NULL)
    {
      g_test_skip ("OSSA_SAMPLES_DIR is not set (meson test sets it)");
      return;
    }
  bone = key_forearm (f, &start);
  editor = editor_of (f);
  drag_bone_round (f, bone, -120);
  g_assert_null (ossa_editor_get_spin_notice (editor));
  g_assert_false (bar_shown (f));

  /* A second drag on the same key takes it past half a turn. */
  drag_bone_round (f, bone, -130);
  g_assert_nonnull (ossa_editor_get_spin_notice (editor));
  g_assert_true (bar_shown (f));
  g_assert_true (activate (f, "dismiss-spin-notice", NULL));
  g_assert_false (bar_shown (f));
  g_assert_cmpfloat_with_epsilon (sample_at (f, bone, 10 / 30.0) - start, 55 * DEG, 0.5 * DEG);

  /* Dismissed, the short way is what the segment plays: a nudge from there is
   * measured from it and asks nothing. */
  drag_bone_round (f, bone, -10);
  g_assert_false (bar_shown (f));

  /* Back to the first drag's −120°, past half a turn again; the playhead moves. */
  g_assert_true (activate (f, "undo", NULL));
  g_assert_true (activate (f, "undo", NULL));
  g_assert_cmpfloat_with_epsilon (sample_at (f, bone, 10 / 30.0) - start, -60 * DEG, 0.5 * DEG);
  drag_bone_round (f, bone, -130);
  g_assert_true (bar_shown (f));
  ossa_editor_set_time (editor, 5 / 30.0);
  gui_test_iterate ();
  g_assert_false (bar_shown (f));

  /* And so does leaving Animate mode. */
  ossa_editor_set_time (editor, 20 / 30.0);
  g_assert_true (activate (f, "undo", NULL));
  drag_bone_round (f, bone, -130);
  g_assert_true (bar_shown (f));
  ossa_editor_set_mode (editor, OSSA_EDIT_MODE_SETUP);
  gui_test_iterate ();
  g_assert_false (bar_shown (f));
  g_assert_false (enabled (f, "turn-dragged-way"));
}

int
main (int argc, char **argv)
{
  if (!gui_test_display_or_skip ())
    return 0;

  gtk_test_init (&argc, &argv, NULL);
  APP_TEST_ADD ("/ossa/spin-notice/turn-the-way-dragged", test_spin_notice_turn);
  APP_TEST_ADD ("/ossa/spin-notice/extra-turn", test_spin_notice_extra_turn);
  APP_TEST_ADD ("/ossa/spin-notice/dismiss", test_spin_notice_dismiss);
  return g_test_run ();
}
