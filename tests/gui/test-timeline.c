/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The timeline panel in a window of its own: the header follows and edits the
 * animations, the view scrubs, selects, moves and deletes keys through the same
 * entry points its gestures call, playback follows the frame clock's time, and the
 * drawing visits only the keys in view. */
#define G_LOG_DOMAIN "test-timeline"

#include "config.h"

#include <math.h>
#include <stdio.h>

#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-editor.h"
#include "ossa-timeline-private.h"
#include "ossa-timeline-view-private.h"
#include "gui-test-support.h"

enum { HIPS, ARM, LEG, N_RIG };

typedef struct
{
  OssaEditor       *editor;
  GtkWindow        *window;
  OssaTimeline     *timeline;
  OssaTimelineView *view;
} Fixture;

static void
add_bone (OssaEditor *editor, const char *name, int parent)
{
  const OssaTransform rest = { 0, 0, 0, 1, 1 };
  OssaCommand *command = ossa_command_add_bone (ossa_editor_get_document (editor), name, parent,
                                                &rest, 1.0f, 0x5b8dd9ffu, NULL);

  g_assert_nonnull (command);
  g_assert_true (ossa_editor_execute (editor, command, NULL));
}

/* Keys every channel of bone at each frame of frames[]. */
static void
key_at (OssaEditor *editor, guint bone, const int *frames, gsize n)
{
  for (gsize i = 0; i < n; i++)
    {
      ossa_editor_set_time (editor, frames[i] / 30.0);
      g_assert_true (ossa_editor_key_bones (editor, &bone, 1, NULL));
    }
  ossa_editor_set_time (editor, 0);
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  static const int arm_frames[] = { 0, 10, 20 };
  static const int leg_frames[] = { 5, 15 };

  f->editor = ossa_editor_new ();
  add_bone (f->editor, "hips", -1);
  add_bone (f->editor, "arm", HIPS);
  add_bone (f->editor, "leg", HIPS);
  g_assert_cmpint (ossa_editor_add_animation (f->editor, "walk", NULL), ==, 0);
  g_assert_cmpint (ossa_editor_add_animation (f->editor, "wave", NULL), ==, 1);
  ossa_editor_set_animation (f->editor, 0);
  key_at (f->editor, ARM, arm_frames, G_N_ELEMENTS (arm_frames));
  key_at (f->editor, LEG, leg_frames, G_N_ELEMENTS (leg_frames));

  f->timeline = OSSA_TIMELINE (ossa_timeline_new ());
  ossa_timeline_set_editor (f->timeline, f->editor);
  f->view = _ossa_timeline_get_view (f->timeline);
  f->window = gui_test_show (GTK_WIDGET (f->timeline), 1100, 320);
  /* 10 pixels a frame. */
  g_object_set (f->view, "pixels-per-second", 300.0, NULL);
  gui_test_flush (GTK_WIDGET (f->window));
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_clear_pointer (&f->window, gtk_window_destroy);
  gui_test_iterate ();
  g_clear_object (&f->editor);
}

static const OssaAnimation *
animation (Fixture *f)
{
  return &ossa_editor_get_document (f->editor)->animations[ossa_editor_get_animation (f->editor)];
}

static const OssaTrack *
track (Fixture *f, guint bone, OssaChannel channel)
{
  return ossa_animation_find_track (animation (f), bone, channel);
}

static double
x_of_frame (Fixture *f, double frame)
{
  return _ossa_timeline_view_time_to_x (f->view, frame / 30.0);
}

static double
row (Fixture *f, guint bone, int channel)
{
  double y = 0;

  g_assert_true (_ossa_timeline_view_row_y (f->view, bone, channel, &y));
  return y;
}

static gsize
n_selected_keys (Fixture *f)
{
  gsize n = 0;

  ossa_editor_get_selected_keys (f->editor, &n);
  return n;
}

static void
click (Fixture *f, double x, double y, GdkModifierType state)
{
  _ossa_timeline_view_press (f->view, x, y, state);
  _ossa_timeline_view_release (f->view, x, y, state);
}

static void
drag (Fixture *f, double x0, double y0, double x1, double y1, GdkModifierType state)
{
  _ossa_timeline_view_press (f->view, x0, y0, state);
  for (int i = 1; i <= 8; i++)
    _ossa_timeline_view_motion (f->view, x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * i / 8, state);
  _ossa_timeline_view_release (f->view, x1, y1, state);
}

static GtkWidget *
find_child (GtkWidget *widget, GType type, guint skip)
{
  guint seen = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type) && seen++ == skip)
        return child;
      found = find_child (child, type, 0);
      if (found != NULL && skip == 0)
        return found;
    }
  return NULL;
}

static void
test_header (Fixture *f, gconstpointer data)
{
  GtkDropDown *list = GTK_DROP_DOWN (find_child (GTK_WIDGET (f->timeline), GTK_TYPE_DROP_DOWN, 0));
  GtkSpinButton *length = GTK_SPIN_BUTTON (find_child (GTK_WIDGET (f->timeline),
                                                       GTK_TYPE_SPIN_BUTTON, 0));
  GListModel *names;

  g_assert_nonnull (list);
  names = gtk_drop_down_get_model (list);
  g_assert_cmpuint (g_list_model_get_n_items (names), ==, 2);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), 1), ==, "wave");
  g_assert_cmpuint (gtk_drop_down_get_selected (list), ==, 0);

  /* Picking in the list makes it current; the editor's change shows in the list. */
  gtk_drop_down_set_selected (list, 1);
  g_assert_cmpint (ossa_editor_get_animation (f->editor), ==, 1);
  ossa_editor_set_animation (f->editor, 0);
  g_assert_cmpuint (gtk_drop_down_get_selected (list), ==, 0);

  /* The length field edits the animation: one undo step. */
  g_assert_cmpfloat (gtk_spin_button_get_value (length), ==, 1.0);
  gtk_spin_button_set_value (length, 2.5);
  g_assert_cmpfloat (animation (f)->duration, ==, 2.5f);
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  g_assert_cmpfloat (animation (f)->duration, ==, 1.0f);
  g_assert_cmpfloat (gtk_spin_button_get_value (length), ==, 1.0);

  /* A new animation appears in the list, selected; its removal takes it out. */
  g_assert_cmpint (ossa_editor_add_animation (f->editor, NULL, NULL), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (names), ==, 3);
  g_assert_cmpuint (gtk_drop_down_get_selected (list), ==, 2);
  g_assert_true (ossa_editor_remove_animation (f->editor, 2, NULL));
  g_assert_cmpuint (g_list_model_get_n_items (names), ==, 2);

  /* Renaming through the header's field. */
  ossa_editor_set_animation (f->editor, 0);
  ossa_timeline_start_rename (f->timeline);
  gui_test_flush (GTK_WIDGET (f->window));
  {
    GtkWidget *entry = gtk_window_get_focus (f->window);

    g_assert_true (GTK_IS_TEXT (entry));
    gtk_editable_set_text (GTK_EDITABLE (entry), "stroll");
    /* Enter in the field. */
    g_signal_emit_by_name (entry, "activate");
  }
  g_assert_cmpstr (animation (f)->name, ==, "stroll");
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), 0), ==, "stroll");
}

static void
test_scrub (Fixture *f, gconstpointer data)
{
  double ruler = OSSA_TIMELINE_RULER_HEIGHT / 2;

  ossa_editor_set_mode (f->editor, OSSA_EDIT_MODE_ANIMATE);
  /* A click on the ruler: the playhead to that frame. */
  click (f, x_of_frame (f, 12.3), ruler, 0);
  g_assert_cmpfloat_with_epsilon (ossa_editor_get_time (f->editor), 12 / 30.0, 1e-9);
  /* Dragging scrubs, on frames; the same pose whichever way it came. */
  _ossa_timeline_view_press (f->view, x_of_frame (f, 2), ruler, 0);
  _ossa_timeline_view_motion (f->view, x_of_frame (f, 18), ruler, 0);
  g_assert_cmpfloat_with_epsilon (ossa_editor_get_time (f->editor), 18 / 30.0, 1e-9);
  {
    OssaTransform forward = ossa_editor_get_local (f->editor)[ARM];

    _ossa_timeline_view_motion (f->view, x_of_frame (f, 25), ruler, 0);
    _ossa_timeline_view_motion (f->view, x_of_frame (f, 18), ruler, 0);
    g_assert_true (memcmp (&forward, &ossa_editor_get_local (f->editor)[ARM],
                           sizeof forward) == 0);
  }
  /* Shift: between frames. */
  _ossa_timeline_view_motion (f->view, x_of_frame (f, 7.5), ruler, GDK_SHIFT_MASK);
  g_assert_cmpfloat_with_epsilon (ossa_editor_get_time (f->editor), 7.5 / 30.0, 1e-6);
  _ossa_timeline_view_release (f->view, x_of_frame (f, 7.5), ruler, GDK_SHIFT_MASK);
  /* Never before 0. */
  click (f, OSSA_TIMELINE_NAMES_WIDTH + 1, ruler, 0);
  g_assert_cmpfloat (ossa_editor_get_time (f->editor), >=, 0);
}

static void
test_select_and_move (Fixture *f, gconstpointer data)
{
  double arm = row (f, ARM, -1), leg = row (f, LEG, -1);
  const OssaTrack *rotation;

  /* A click on a bone row's key picks that bone's keys at that frame, in every
   * channel. */
  click (f, x_of_frame (f, 10), arm, 0);
  g_assert_cmpuint (n_selected_keys (f), ==, OSSA_N_CHANNELS);
  g_assert_true (ossa_editor_is_key_selected (f->editor, ARM, OSSA_CHANNEL_ROTATE, 10 / 30.0f));
  /* Ctrl+click adds; again takes away. */
  click (f, x_of_frame (f, 5), leg, GDK_CONTROL_MASK);
  g_assert_cmpuint (n_selected_keys (f), ==, 2 * OSSA_N_CHANNELS);
  click (f, x_of_frame (f, 5), leg, GDK_CONTROL_MASK);
  g_assert_cmpuint (n_selected_keys (f), ==, OSSA_N_CHANNELS);
  /* A click on empty space clears. */
  click (f, x_of_frame (f, 28), arm, 0);
  g_assert_cmpuint (n_selected_keys (f), ==, 0);
  /* A rubber band over both rows from frame 8 to 16: arm 10, leg 15. */
  drag (f, x_of_frame (f, 8), arm - 8, x_of_frame (f, 16), leg + 8, 0);
  g_assert_cmpuint (n_selected_keys (f), ==, 2 * OSSA_N_CHANNELS);
  g_assert_true (ossa_editor_is_key_selected (f->editor, LEG, OSSA_CHANNEL_SCALE_Y, 15 / 30.0f));

  /* Dragging a selected key moves them all by whole frames: one undo step. */
  drag (f, x_of_frame (f, 10), arm, x_of_frame (f, 13.2), arm, 0);
  rotation = track (f, ARM, OSSA_CHANNEL_ROTATE);
  g_assert_cmpfloat_with_epsilon (rotation->times[1], 13 / 30.0f, 1e-6);
  g_assert_cmpfloat_with_epsilon (track (f, LEG, OSSA_CHANNEL_TRANSLATE_X)->times[1], 18 / 30.0f,
                                  1e-6);
  g_assert_true (ossa_editor_is_key_selected (f->editor, ARM, OSSA_CHANNEL_ROTATE,
                                              rotation->times[1]));
  g_assert_cmpstr (ossa_editor_get_undo_label (f->editor), ==, "Move Keys");
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  g_assert_cmpfloat_with_epsilon (track (f, ARM, OSSA_CHANNEL_ROTATE)->times[1], 10 / 30.0f, 1e-6);

  /* Onto a key that stays: refused, nothing moves. */
  click (f, x_of_frame (f, 10), arm, 0);
  drag (f, x_of_frame (f, 10), arm, x_of_frame (f, 20), arm, 0);
  g_assert_cmpfloat_with_epsilon (track (f, ARM, OSSA_CHANNEL_ROTATE)->times[1], 10 / 30.0f, 1e-6);

  /* Delete through the view's action. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "timeline.delete-keys", NULL));
  g_assert_cmpuint (track (f, ARM, OSSA_CHANNEL_ROTATE)->n_keys, ==, 2);
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  g_assert_cmpuint (track (f, ARM, OSSA_CHANNEL_ROTATE)->n_keys, ==, 3);
}

static void
test_channels (Fixture *f, gconstpointer data)
{
  double y = 0;

  g_assert_false (_ossa_timeline_view_row_y (f->view, ARM, OSSA_CHANNEL_ROTATE, &y));
  /* The expander in the names column opens the bone's channels. */
  click (f, 8 + 10 + 4, row (f, ARM, -1), 0);
  g_assert_true (ossa_timeline_view_get_expanded (f->view, ARM));
  y = row (f, ARM, OSSA_CHANNEL_ROTATE);
  g_assert_cmpfloat (y, >, row (f, ARM, -1));
  g_assert_cmpfloat (row (f, LEG, -1), >, row (f, ARM, OSSA_CHANNEL_SCALE_Y));
  /* A key on a channel row is that channel's alone. */
  click (f, x_of_frame (f, 20), y, 0);
  g_assert_cmpuint (n_selected_keys (f), ==, 1);
  g_assert_true (ossa_editor_is_key_selected (f->editor, ARM, OSSA_CHANNEL_ROTATE, 20 / 30.0f));
  /* The names column selects bones. */
  click (f, 100, row (f, LEG, -1), 0);
  g_assert_cmpint (ossa_editor_get_primary (f->editor), ==, LEG);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "timeline.collapse-all", NULL));
  g_assert_false (ossa_timeline_view_get_expanded (f->view, ARM));
}

static void
test_playback (Fixture *f, gconstpointer data)
{
  gint64 t0 = 1000000;

  /* Looping, 1 s long. */
  ossa_editor_set_time (f->editor, 0.25);
  ossa_editor_set_playing (f->editor, TRUE);
  _ossa_timeline_view_tick (f->view, t0);
  g_assert_cmpfloat (ossa_editor_get_time (f->editor), ==, 0.25);
  _ossa_timeline_view_tick (f->view, t0 + 500000);
  g_assert_cmpfloat_with_epsilon (ossa_editor_get_time (f->editor), 0.75, 1e-9);
  /* Absolute: from the start, not added up; past the end it wraps. */
  _ossa_timeline_view_tick (f->view, t0 + 1000000);
  g_assert_cmpfloat_with_epsilon (ossa_editor_get_time (f->editor), 0.25, 1e-9);
  for (int i = 1; i <= 997; i++)
    _ossa_timeline_view_tick (f->view, t0 + 1000000 + i * 16667);
  g_assert_cmpfloat_with_epsilon (ossa_editor_get_time (f->editor),
                                  fmod (0.25 + 1.0 + 997 * 0.016667, 1.0), 1e-9);

  /* Half speed from where it is. */
  ossa_editor_set_speed (f->editor, 0.5);
  ossa_editor_set_time (f->editor, 0.1);
  _ossa_timeline_view_tick (f->view, t0 + 30000000);
  _ossa_timeline_view_tick (f->view, t0 + 30400000);
  g_assert_cmpfloat_with_epsilon (ossa_editor_get_time (f->editor), 0.3, 1e-9);

  /* Not looping: it stops at the end. */
  ossa_editor_set_speed (f->editor, 2.0);
  g_assert_true (ossa_editor_set_animation_props (f->editor, 0, "walk", 1.0, 30, FALSE, NULL));
  _ossa_timeline_view_tick (f->view, t0 + 31000000);
  g_assert_cmpfloat_with_epsilon (ossa_editor_get_time (f->editor), 0.3, 1e-9);
  _ossa_timeline_view_tick (f->view, t0 + 31300000);
  g_assert_cmpfloat_with_epsilon (ossa_editor_get_time (f->editor), 0.9, 1e-9);
  g_assert_true (ossa_editor_get_playing (f->editor));
  _ossa_timeline_view_tick (f->view, t0 + 31500000);
  g_assert_cmpfloat (ossa_editor_get_time (f->editor), ==, 1.0);
  g_assert_false (ossa_editor_get_playing (f->editor));

  /* Played again from the end of a one-shot: from the start. */
  ossa_editor_set_playing (f->editor, TRUE);
  g_assert_cmpfloat (ossa_editor_get_time (f->editor), ==, 0);

  /* And with the real frame clock the playhead moves. */
  ossa_editor_set_speed (f->editor, 1.0);
  gui_test_linger (0.3);
  g_assert_cmpfloat (ossa_editor_get_time (f->editor), >, 0);
  ossa_editor_set_playing (f->editor, FALSE);
}

/* The view as the window's renderer draws it, RGBA bytes. */
static GBytes *
render_view (Fixture *f)
{
  int width, height;

  return render_widget_pixels (GTK_WIDGET (f->view), &width, &height);
}

static guint64
still_renders (Fixture *f)
{
  OssaTimelineStats stats;

  _ossa_timeline_view_get_stats (f->view, &stats);
  return stats.still_renders;
}

/* What the view shows now is what it shows when everything is drawn afresh. */
static void
assert_still_fresh (Fixture *f, const char *after)
{
  g_autoptr(GBytes) shown = NULL, fresh = NULL;

  gui_test_flush (GTK_WIDGET (f->window));
  shown = render_view (f);
  _ossa_timeline_view_invalidate (f->view);
  gui_test_flush (GTK_WIDGET (f->window));
  fresh = render_view (f);
  if (!g_bytes_equal (shown, fresh))
    g_error ("after %s the view shows a stale picture", after);
}

/* Rows, ruler and keys are drawn into one texture and kept while only the playhead
 * moves; a change draws them directly until a frame comes without one, and the
 * picture is always the one drawn from scratch. */
static void
test_still_picture (Fixture *f, gconstpointer data)
{
  const guint arm = ARM;
  guint64 before;
  OssaTimelineStats stats;
  guint64 snapshots;

  /* The first frame without a change makes the texture. */
  ossa_editor_set_time (f->editor, 0.5 / 30);
  gui_test_flush (GTK_WIDGET (f->window));
  before = still_renders (f);
  g_assert_cmpuint (before, >=, 1);
  _ossa_timeline_view_get_stats (f->view, &stats);
  snapshots = stats.snapshots;
  for (int frame = 1; frame <= 12; frame++)
    {
      ossa_editor_set_time (f->editor, frame / 30.0);
      gui_test_flush (GTK_WIDGET (f->window));
    }
  _ossa_timeline_view_get_stats (f->view, &stats);
  g_assert_cmpuint (stats.snapshots, >, snapshots);
  g_assert_cmpuint (still_renders (f), ==, before);
  assert_still_fresh (f, "the playhead moved");

  /* A change: that frame draws it directly, the next one without a change keeps
   * it again. */
  before = still_renders (f);
  ossa_editor_select (f->editor, &arm, 1, FALSE);
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_cmpuint (still_renders (f), ==, before);
  ossa_editor_set_time (f->editor, 0.5);
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_cmpuint (still_renders (f), ==, before + 1);
  ossa_editor_set_time (f->editor, 0.6);
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_cmpuint (still_renders (f), ==, before + 1);
  assert_still_fresh (f, "a bone was selected");

  click (f, x_of_frame (f, 10), row (f, ARM, -1), 0);
  assert_still_fresh (f, "a key was picked");
  g_assert_true (ossa_editor_execute (f->editor,
                                      ossa_command_rename_bone (ossa_editor_get_document (f->editor),
                                                                LEG, "shin", NULL),
                                      NULL));
  assert_still_fresh (f, "a bone was renamed");
  g_assert_true (ossa_editor_execute (f->editor,
                                      ossa_command_set_bone_color (ossa_editor_get_document (f->editor),
                                                                   ARM, 0xd95b5bffu, NULL),
                                      NULL));
  assert_still_fresh (f, "a colour changed");
  gtk_window_set_default_size (f->window, 900, 300);
  assert_still_fresh (f, "the window shrank");
}

static void
test_draws_visible_keys (Fixture *f, gconstpointer data)
{
  OssaTimelineStats stats;
  guint drawn;

  _ossa_timeline_view_invalidate (f->view);
  gui_test_flush (GTK_WIDGET (f->window));
  _ossa_timeline_view_get_stats (f->view, &stats);
  /* arm: 3 frames × 5 channels, leg: 2 × 5. */
  g_assert_cmpuint (stats.keys_drawn, ==, 25);
  g_assert_cmpuint (stats.snapshots, >, 0);
  drawn = stats.keys_drawn;

  /* Zoomed in to 100 pixels a frame and scrolled so that only frames 12 to 21
   * show: the other keys are not drawn. */
  g_object_set (f->view, "pixels-per-second", 3000.0, NULL);
  gtk_adjustment_set_value (ossa_timeline_view_get_hadjustment (f->view), 12 / 30.0);
  gui_test_flush (GTK_WIDGET (f->window));
  _ossa_timeline_view_get_stats (f->view, &stats);
  g_assert_cmpuint (stats.keys_drawn, ==, 10);
  g_assert_cmpuint (stats.keys_drawn, <, drawn);

  /* Only the playhead moving keeps the key layer. */
  {
    guint64 layers = stats.layers;

    ossa_editor_set_time (f->editor, 0.5);
    gui_test_flush (GTK_WIDGET (f->window));
    _ossa_timeline_view_get_stats (f->view, &stats);
    g_assert_cmpuint (stats.layers, ==, layers);
  }
  /* Zooming in changes what is visible. */
  ossa_timeline_view_zoom_to_fit (f->view);
  gui_test_flush (GTK_WIDGET (f->window));
  _ossa_timeline_view_get_stats (f->view, &stats);
  g_assert_cmpuint (stats.keys_drawn, ==, 25);
}

int
main (int argc, char *argv[])
{
  if (!gui_test_display_or_skip ())
    return 0;
  gtk_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("/ossa/timeline/header", test_header);
  ADD ("/ossa/timeline/scrub", test_scrub);
  ADD ("/ossa/timeline/select-and-move", test_select_and_move);
  ADD ("/ossa/timeline/channels", test_channels);
  ADD ("/ossa/timeline/playback", test_playback);
  ADD ("/ossa/timeline/draws-visible-keys", test_draws_visible_keys);
  ADD ("/ossa/timeline/still-picture", test_still_picture);
#undef ADD
  return g_test_run ();
}
