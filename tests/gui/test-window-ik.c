/* SPDX-License-Identifier: GPL-3.0-or-later */
/* IK in the editor's real window: New IK Constraint from Selection, Remove IK
 * Constraint and Pin Joint as actions (their keys and menu items are checked with
 * every other's by test-window-actions), the IK inspector showing the picked
 * constraint and editing it (a slider drag one undo step, the bend buttons, the
 * key button in Animate mode), K keying the picked constraint, Delete on a bone
 * a constraint uses: the question, answered Repair, Delete and Cancel, and the
 * onion skin and motion path (View actions) drawing the pose after IK. */
#include "config.h"

#include <math.h>

#include "gui-test-app.h"
#include "gui-test-canvas.h"

enum { ROOT, UPPER, LOWER, TARGET };

/* root → upper → lower, root → target, in an empty window; upper, lower and then
 * target picked. */
static void
open_arm (AppFixture *f)
{
  guint pick[] = { UPPER, LOWER, TARGET };

  open_window (f);
  add_bone (editor_of (f), "root", -1);
  add_bone (editor_of (f), "upper", ROOT);
  add_bone (editor_of (f), "lower", UPPER);
  add_bone (editor_of (f), "target", ROOT);
  select_bones (f, pick, 3);
  gui_test_iterate ();
}

static GObject *
ik_field (AppFixture *f, const char *id)
{
  GObject *object = gtk_widget_get_template_child (GTK_WIDGET (f->window->ik_inspector),
                                                   OSSA_TYPE_IK_INSPECTOR, id);

  g_assert_nonnull (object);
  return object;
}

static gboolean
inspector_visible (AppFixture *f)
{
  return gtk_widget_get_visible (GTK_WIDGET (f->window->ik_inspector));
}

/* The undo steps, counted by undoing them all and redoing them. Undoing New IK
 * Constraint drops the pick (as undoing a new bone drops it from the selection)
 * and redo does not pick it again: the constraint picked before is picked again,
 * or the inspector would be hidden and its fields edit nothing. */
static int
count_undo_steps (OssaEditor *editor)
{
  int picked = ossa_editor_get_selected_ik (editor);
  int n = 0;

  while (ossa_editor_can_undo (editor))
    {
      g_assert_true (ossa_editor_undo (editor, NULL));
      n++;
    }
  while (ossa_editor_can_redo (editor))
    g_assert_true (ossa_editor_redo (editor, NULL));
  ossa_editor_select_ik (editor, picked);
  gui_test_iterate ();
  return n;
}

static void
test_new_and_remove (AppFixture *f, gconstpointer data G_GNUC_UNUSED)
{
  guint one[] = { UPPER };
  guint pick[] = { UPPER, LOWER, TARGET };

  open_arm (f);
  g_assert_false (inspector_visible (f));
  g_assert_false (enabled (f, "remove-ik"));

  /* One bone: nothing to aim at yet. */
  select_bones (f, one, 1);
  g_assert_false (enabled (f, "new-ik"));
  select_bones (f, pick, 3);
  g_assert_true (enabled (f, "new-ik"));
  g_assert_true (activate (f, "new-ik", NULL));
  g_assert_cmpuint (doc_of (f)->n_ik, ==, 1);
  g_assert_cmpuint (doc_of (f)->ik[0].bones[0], ==, UPPER);
  g_assert_cmpuint (doc_of (f)->ik[0].bones[1], ==, LOWER);
  g_assert_cmpuint (doc_of (f)->ik[0].target, ==, TARGET);

  /* Picked: the inspector shows it. */
  g_assert_true (inspector_visible (f));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (ik_field (f, "name_entry"))), ==, "IK 1");
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (ik_field (f, "bone_drop"))), ==,
                    UPPER);
  /* The child list is "None" and upper's one child. */
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (ik_field (f, "child_drop"))), ==, 1);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (ik_field (f, "target_drop"))), ==,
                    TARGET);
  g_assert_cmpfloat (gtk_range_get_value (GTK_RANGE (ik_field (f, "mix_scale"))), ==, 1.0);
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (ik_field (f, "bend_positive_button"))));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (ik_field (f, "key_button"))));

  /* The child set to None: a one-bone constraint. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (ik_field (f, "child_drop")), 0);
  gui_test_iterate ();
  g_assert_cmpuint (doc_of (f)->ik[0].n_bones, ==, 1);
  g_assert_true (ossa_editor_undo (editor_of (f), NULL));
  gui_test_iterate ();
  g_assert_cmpuint (doc_of (f)->ik[0].n_bones, ==, 2);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (ik_field (f, "child_drop"))), ==, 1);

  /* A new name, committed with Enter. */
  gtk_editable_set_text (GTK_EDITABLE (ik_field (f, "name_entry")), "arm");
  g_signal_emit_by_name (ik_field (f, "name_entry"), "activate");
  g_assert_cmpstr (doc_of (f)->ik[0].name, ==, "arm");

  g_assert_true (enabled (f, "remove-ik"));
  g_assert_true (activate (f, "remove-ik", NULL));
  g_assert_cmpuint (doc_of (f)->n_ik, ==, 0);
  g_assert_false (inspector_visible (f));
  g_assert_false (enabled (f, "remove-ik"));
}

static void
test_inspector_mix_and_bend (AppFixture *f, gconstpointer data G_GNUC_UNUSED)
{
  GtkRange *mix;
  int steps;

  open_arm (f);
  g_assert_true (activate (f, "new-ik", NULL));
  steps = count_undo_steps (editor_of (f));
  mix = GTK_RANGE (ik_field (f, "mix_scale"));

  /* The slider dragged through ten values: one step. */
  g_assert_true (inspector_visible (f));
  gtk_widget_grab_focus (GTK_WIDGET (mix));
  for (int i = 1; i <= 10; i++)
    gtk_range_set_value (mix, 1.0 - 0.07 * i);
  gui_test_iterate ();
  g_assert_cmpfloat_with_epsilon (doc_of (f)->ik[0].mix, 0.3f, 1e-5);
  g_assert_cmpint (count_undo_steps (editor_of (f)), ==, steps + 1);

  /* An edit elsewhere closes the slider's step: the next change is a new one. */
  g_assert_true (ossa_editor_rename_ik (editor_of (f), 0, "arm", NULL));
  gtk_range_set_value (mix, 0.5);
  g_assert_cmpint (count_undo_steps (editor_of (f)), ==, steps + 3);
  g_assert_true (ossa_editor_undo (editor_of (f), NULL));
  gui_test_iterate ();
  g_assert_cmpfloat_with_epsilon (gtk_range_get_value (mix), 0.3, 1e-5);

  /* Bend: the Negative button. */
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (ik_field (f, "bend_negative_button")), TRUE);
  gui_test_iterate ();
  g_assert_false (doc_of (f)->ik[0].bend_positive);
  g_assert_true (ossa_editor_undo (editor_of (f), NULL));
  gui_test_iterate ();
  g_assert_true (doc_of (f)->ik[0].bend_positive);
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (ik_field (f, "bend_positive_button"))));
}

static const OssaIkTrack *
ik_track (AppFixture *f)
{
  const OssaAnimation *anim = &doc_of (f)->animations[0];

  if (anim->n_ik_tracks == 0)
    g_error ("no IK track");
  return &anim->ik_tracks[0];
}

static void
test_animate_mode_keys (AppFixture *f, gconstpointer data G_GNUC_UNUSED)
{
  GtkWidget *key_button;
  OssaIkKey key;

  open_arm (f);
  g_assert_true (activate (f, "new-ik", NULL));
  g_assert_true (activate (f, "new-animation", NULL));
  g_assert_cmpint (ossa_editor_get_mode (editor_of (f)), ==, OSSA_EDIT_MODE_ANIMATE);
  gui_test_iterate ();
  key_button = GTK_WIDGET (ik_field (f, "key_button"));
  g_assert_true (gtk_widget_get_visible (key_button));

  /* The slider in Animate mode keys the mix at the playhead. */
  ossa_editor_set_time (editor_of (f), 0.5);
  gtk_range_set_value (GTK_RANGE (ik_field (f, "mix_scale")), 0.4);
  gui_test_iterate ();
  g_assert_nonnull (ik_track (f));
  key = ossa_ik_track_get_key (ik_track (f), 0);
  g_assert_cmpfloat (key.time, ==, 0.5f);
  g_assert_cmpfloat_with_epsilon (key.mix, 0.4f, 1e-6);
  g_assert_cmpfloat (doc_of (f)->ik[0].mix, ==, 1.0f);

  /* The key button at another time: the mix on show there (the key's, held). */
  ossa_editor_set_time (editor_of (f), 0.25);
  gui_test_iterate ();
  g_signal_emit_by_name (key_button, "clicked");
  g_assert_cmpuint (ik_track (f)->n_keys, ==, 2);
  key = ossa_ik_track_get_key (ik_track (f), 0);
  g_assert_cmpfloat (key.time, ==, 0.25f);
  g_assert_cmpfloat_with_epsilon (key.mix, 0.4f, 1e-6);
  g_assert_true (key.has_bend);

  /* K with the constraint picked and its bones selected: bones and constraint,
   * one step. */
  ossa_editor_set_time (editor_of (f), 0.75);
  g_assert_true (activate (f, "key-bones", NULL));
  g_assert_cmpuint (ik_track (f)->n_keys, ==, 3);
  g_assert_nonnull (ossa_animation_find_track (&doc_of (f)->animations[0], UPPER,
                                               OSSA_CHANNEL_ROTATE));
  g_assert_true (ossa_editor_undo (editor_of (f), NULL));
  g_assert_cmpuint (ik_track (f)->n_keys, ==, 2);
  g_assert_null (ossa_animation_find_track (&doc_of (f)->animations[0], UPPER,
                                            OSSA_CHANNEL_ROTATE));
}

/* Delete on the lower arm, the question answered with response. */
static void
delete_lower (AppFixture *f, int response)
{
  guint lower[] = { LOWER };
  GtkMessageDialog *question;

  select_bones (f, lower, 1);
  g_assert_true (activate (f, "delete", NULL));
  question = find_question (GTK_WINDOW (f->window));
  g_assert_nonnull (question);
  /* Nothing goes before the answer. */
  g_assert_cmpuint (doc_of (f)->skeleton.n_bones, ==, 4);
  gtk_dialog_response (GTK_DIALOG (question), response);
  gui_test_iterate ();
  g_assert_null (find_question (GTK_WINDOW (f->window)));
}

static void
test_delete_bone_question (AppFixture *f, gconstpointer data G_GNUC_UNUSED)
{
  guint target[] = { TARGET };

  open_arm (f);
  g_assert_true (activate (f, "new-ik", NULL));

  /* Cancel: nothing changes. */
  delete_lower (f, GTK_RESPONSE_CANCEL);
  g_assert_cmpuint (doc_of (f)->skeleton.n_bones, ==, 4);
  g_assert_cmpuint (doc_of (f)->n_ik, ==, 1);

  /* Repair: a one-bone constraint, still picked and shown. */
  delete_lower (f, GTK_RESPONSE_ACCEPT);
  g_assert_cmpuint (doc_of (f)->skeleton.n_bones, ==, 3);
  g_assert_cmpuint (doc_of (f)->n_ik, ==, 1);
  g_assert_cmpuint (doc_of (f)->ik[0].n_bones, ==, 1);
  g_assert_cmpuint (doc_of (f)->ik[0].target, ==, 2);
  g_assert_true (inspector_visible (f));
  g_assert_true (ossa_editor_undo (editor_of (f), NULL));

  /* Delete: the constraint goes with the bone. */
  delete_lower (f, GTK_RESPONSE_REJECT);
  g_assert_cmpuint (doc_of (f)->skeleton.n_bones, ==, 3);
  g_assert_cmpuint (doc_of (f)->n_ik, ==, 0);
  g_assert_true (ossa_editor_undo (editor_of (f), NULL));
  g_assert_cmpuint (doc_of (f)->n_ik, ==, 1);

  /* A bone no constraint uses goes at once, without a question. */
  g_assert_true (ossa_editor_remove_ik (editor_of (f), 0, NULL));
  select_bones (f, target, 1);
  g_assert_true (activate (f, "delete", NULL));
  g_assert_null (find_question (GTK_WINDOW (f->window)));
  g_assert_cmpuint (doc_of (f)->skeleton.n_bones, ==, 3);
}

static gboolean
pin_state (AppFixture *f)
{
  g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (f->window),
                                                               "pin-joint");

  return g_variant_get_boolean (state);
}

static void
test_pin_joint (AppFixture *f, gconstpointer data G_GNUC_UNUSED)
{
  guint lower[] = { LOWER };
  guint both[] = { UPPER, LOWER };
  guint64 n_edits;

  open_window (f);
  add_bone (editor_of (f), "root", -1);
  add_bone (editor_of (f), "upper", ROOT);
  add_bone (editor_of (f), "lower", UPPER);
  gui_test_iterate ();
  g_assert_false (enabled (f, "pin-joint"));

  select_bones (f, lower, 1);
  g_assert_false (pin_state (f));
  n_edits = ossa_editor_get_n_edits (editor_of (f));
  g_assert_true (activate (f, "pin-joint", NULL));
  g_assert_true (ossa_editor_is_pinned (editor_of (f), LOWER));
  g_assert_true (pin_state (f));
  /* A pin is the editor's, not an edit of the document. */
  g_assert_cmpuint (ossa_editor_get_n_edits (editor_of (f)), ==, n_edits);

  /* Two selected, lower the primary one and pinned: both unpinned. */
  ossa_editor_set_pinned (editor_of (f), UPPER, TRUE);
  select_bones (f, both, 2);
  g_assert_true (pin_state (f));
  g_assert_true (activate (f, "pin-joint", NULL));
  g_assert_false (ossa_editor_is_pinned (editor_of (f), LOWER));
  g_assert_false (ossa_editor_is_pinned (editor_of (f), UPPER));
  g_assert_false (pin_state (f));
  /* And pinned again, both. */
  g_assert_true (activate (f, "pin-joint", NULL));
  g_assert_true (ossa_editor_is_pinned (editor_of (f), LOWER));
  g_assert_true (ossa_editor_is_pinned (editor_of (f), UPPER));
}

/* A segment's end at (x, y), within 1e-4. */
static gboolean
near (const float p[2], double x, double y)
{
  return fabs (p[0] - x) < 1e-4 && fabs (p[1] - y) < 1e-4;
}

/* The arm of unit bones: upper from the origin along x, lower at its tip, the
 * target at (1, 1). Straight (FK) the lower arm's tip is at (2, 0); reaching (the
 * law of cosines: d = √2, the shoulder's angle 45°) upper stays along x and lower
 * turns 90° up, its tip on the target. An animation keys the mix 0 at 0 s and 1 at
 * 1 s; with the playhead at 0.5 s the onion skin's ghosts are at 0 s and 1 s: the
 * straight arm, and the arm on the target. */
static void
test_preview_after_ik (AppFixture *f, gconstpointer data G_GNUC_UNUSED)
{
  OssaTransform lower = { 1, 0, 0, 1, 1 }, target = { 1, 1, 0, 1, 1 };
  guint primary[] = { LOWER };
  OssaCanvas *canvas;
  const OssaSegment *path;
  OssaVec2 now;
  gsize n = 4;
  gboolean straight = FALSE, reaching = FALSE;

  open_arm (f);
  canvas = f->window->canvas;
  g_assert_true (ossa_editor_set_bone_local (editor_of (f), LOWER, &lower, 0, NULL));
  g_assert_true (ossa_editor_set_bone_local (editor_of (f), TARGET, &target, 0, NULL));
  g_assert_true (activate (f, "new-ik", NULL));
  g_assert_true (activate (f, "new-animation", NULL));
  g_assert_true (ossa_editor_set_animation_props (editor_of (f), 0, "reach", 1, 30, FALSE, NULL));
  ossa_editor_set_time (editor_of (f), 0);
  g_assert_true (ossa_editor_set_ik_mix (editor_of (f), 0, 0.f, 0, NULL));
  ossa_editor_set_time (editor_of (f), 1);
  g_assert_true (ossa_editor_set_ik_mix (editor_of (f), 0, 1.f, 0, NULL));
  ossa_editor_set_time (editor_of (f), 0.5);

  g_object_set (canvas, "onion-frames", 15, "onion-before", 1, "onion-after", 1, NULL);
  g_assert_true (activate (f, "onion-skin", NULL));
  gui_test_canvas_wait_frame (canvas);
  g_assert_cmpuint (canvas->stats.n_ghosts, ==, 2);
  g_assert_cmpuint (canvas->ghosts->len, ==, 2 * n);
  for (guint g = 0; g < 2; g++)
    {
      const OssaSegment *ghost = &g_array_index (canvas->ghosts, OssaSegment, g * n);

      straight |= near (ghost[LOWER].p1, 2, 0);
      reaching |= near (ghost[LOWER].p1, 1, 1) && near (ghost[UPPER].p1, 1, 0);
    }
  g_assert_true (straight);
  g_assert_true (reaching);

  /* The lower arm's path: from the straight arm's tip to the target, through the
   * tip on show at the playhead (a line of 121 samples, 4 a frame). */
  select_bones (f, primary, 1);
  g_assert_true (activate (f, "motion-path", NULL));
  gui_test_canvas_wait_frame (canvas);
  g_assert_cmpuint (canvas->path->len, >=, 120);
  path = (const OssaSegment *) canvas->path->data;
  g_assert_true (near (path[0].p0, 2, 0));
  g_assert_true (near (path[119].p1, 1, 1));
  now = ossa_pose_tip (&ossa_editor_get_world (editor_of (f))[LOWER], 1);
  g_assert_true (near (path[59].p1, now.x, now.y));
  /* Halfway there, not on the straight arm. */
  g_assert_cmpfloat (hypot (now.x - 2, now.y), >, 0.1);
}

int
main (int argc, char **argv)
{
  if (!gui_test_display_or_skip ())
    return 0;

  gtk_test_init (&argc, &argv, NULL);
  APP_TEST_ADD ("/ossa/window-ik/new-and-remove", test_new_and_remove);
  APP_TEST_ADD ("/ossa/window-ik/inspector-mix-and-bend", test_inspector_mix_and_bend);
  APP_TEST_ADD ("/ossa/window-ik/animate-mode-keys", test_animate_mode_keys);
  APP_TEST_ADD ("/ossa/window-ik/delete-bone-question", test_delete_bone_question);
  APP_TEST_ADD ("/ossa/window-ik/pin-joint", test_pin_joint);
  APP_TEST_ADD ("/ossa/window-ik/preview-after-ik", test_preview_after_ik);
  return g_test_run ();
}
