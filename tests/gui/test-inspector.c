/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-inspector"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-editor.h"
#include "ossa-inspector.h"
#include "gui-test-support.h"

/* hips → spine, hips → leg, each with its own rest transform. */
enum { HIPS, SPINE, LEG, N_RIG };

typedef struct
{
  OssaEditor    *editor;
  GtkWindow     *window;
  OssaInspector *inspector;
} Fixture;

static void
add_bone (OssaEditor *editor, const char *name, int parent, const OssaTransform *rest,
          float length, guint32 color)
{
  OssaError err = { 0 };
  OssaCommand *command = ossa_command_add_bone (ossa_editor_get_document (editor), name, parent,
                                                rest, length, color, &err);

  g_assert_nonnull (command);
  g_assert_true (ossa_editor_execute (editor, command, NULL));
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  const OssaTransform hips = { 0.0f, 0.0f, 0.0f, 1.0f, 1.0f };
  const OssaTransform spine = { 1.5f, -2.0f, (float) (G_PI / 4), 2.0f, 0.5f };
  const OssaTransform leg = { 0.0f, -1.0f, (float) -G_PI / 2, 1.0f, 1.0f };

  f->editor = ossa_editor_new ();
  add_bone (f->editor, "hips", -1, &hips, 1.0f, 0xc0504dff);
  add_bone (f->editor, "spine", HIPS, &spine, 3.0f, 0x336699ffu);
  add_bone (f->editor, "leg", HIPS, &leg, 2.0f, 0x66bb6aff);

  f->inspector = OSSA_INSPECTOR (ossa_inspector_new ());
  g_object_set (f->inspector, "editor", f->editor, NULL);
  f->window = gui_test_show (GTK_WIDGET (f->inspector), 260, -1);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_clear_pointer (&f->window, gtk_window_destroy);
  gui_test_iterate ();
  g_clear_object (&f->editor);
}

static gpointer
child (Fixture *f, const char *id)
{
  GObject *object = gtk_widget_get_template_child (GTK_WIDGET (f->inspector),
                                                   OSSA_TYPE_INSPECTOR, id);

  g_assert_nonnull (object);
  return object;
}

static double
spin (Fixture *f, const char *id)
{
  return gtk_spin_button_get_value (child (f, id));
}

static void
select_bone (Fixture *f, guint bone)
{
  ossa_editor_select (f->editor, &bone, 1, FALSE);
}

static const OssaBone *
bone (Fixture *f, guint index)
{
  return &ossa_editor_get_document (f->editor)->skeleton.bones[index];
}

static void
count_cb (gpointer instance, guint change, gpointer user_data)
{
  (*(int *) user_data)++;
}

static void
test_values (Fixture *f, gconstpointer data)
{
  GdkRGBA rgba;

  select_bone (f, SPINE);
  g_assert_cmpstr (gtk_label_get_text (child (f, "title_label")), ==, "spine");
  g_assert_cmpstr (gtk_label_get_text (child (f, "subtitle_label")), ==, "Child of “hips”");
  g_assert_cmpstr (gtk_editable_get_text (child (f, "name_entry")), ==, "spine");
  g_assert_cmpfloat_with_epsilon (spin (f, "x_spin"), 1.5, 1e-6);
  g_assert_cmpfloat_with_epsilon (spin (f, "y_spin"), -2.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (spin (f, "rotation_spin"), 45.0, 1e-4);
  g_assert_cmpfloat_with_epsilon (spin (f, "scale_x_spin"), 2.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (spin (f, "scale_y_spin"), 0.5, 1e-6);
  g_assert_cmpfloat_with_epsilon (spin (f, "length_spin"), 3.0, 1e-6);
  gtk_color_chooser_get_rgba (child (f, "color_button"), &rgba);
  g_assert_cmpfloat_with_epsilon (rgba.red, 0x33 / 255.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (rgba.green, 0x66 / 255.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (rgba.blue, 0x99 / 255.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (rgba.alpha, 1.0, 1e-6);
  g_assert_true (gtk_widget_get_sensitive (child (f, "grid")));
  /* Rotation reads in degrees. */
  g_assert_cmpstr (gtk_editable_get_text (child (f, "rotation_spin")), ==, "45.0°");

  /* Another bone: its values. */
  select_bone (f, LEG);
  g_assert_cmpstr (gtk_label_get_text (child (f, "title_label")), ==, "leg");
  g_assert_cmpfloat_with_epsilon (spin (f, "rotation_spin"), -90.0, 1e-4);
  g_assert_cmpfloat_with_epsilon (spin (f, "x_spin"), 0.0, 1e-6);

  /* Several bones: the primary one, and how many. */
  ossa_editor_select (f->editor, (const guint[]) { LEG, SPINE }, 2, FALSE);
  g_assert_cmpstr (gtk_label_get_text (child (f, "title_label")), ==, "spine");
  g_assert_cmpstr (gtk_label_get_text (child (f, "subtitle_label")), ==, "2 bones selected");
  g_assert_cmpfloat_with_epsilon (spin (f, "x_spin"), 1.5, 1e-6);
}

/* An edit from elsewhere (the canvas) shows up, and showing it edits nothing. */
static void
test_follows_document (Fixture *f, gconstpointer data)
{
  OssaTransform local = bone (f, SPINE)->rest;
  int changes = 0;

  select_bone (f, SPINE);
  g_signal_connect (f->editor, "document-changed", G_CALLBACK (count_cb), &changes);
  local.x = 7.25f;
  local.rotation = (float) (G_PI * 1.5);  /* 270°, shown as -90° */
  g_assert_true (ossa_editor_set_bone_local (f->editor, SPINE, &local, 0, NULL));
  g_assert_cmpint (changes, ==, 1);
  g_assert_cmpfloat_with_epsilon (spin (f, "x_spin"), 7.25, 1e-6);
  g_assert_cmpfloat_with_epsilon (spin (f, "rotation_spin"), -90.0, 1e-4);
  /* The inspector wrote nothing back: one undo returns to where it was. */
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  g_assert_cmpfloat (bone (f, SPINE)->rest.x, ==, 1.5f);
  g_assert_cmpfloat_with_epsilon (spin (f, "x_spin"), 1.5, 1e-6);
  g_assert_cmpint (changes, ==, 2);
  g_signal_handlers_disconnect_by_func (f->editor, count_cb, &changes);
}

static void
test_rotation (Fixture *f, gconstpointer data)
{
  GtkSpinButton *rotation = child (f, "rotation_spin");
  const OssaTransform before = bone (f, SPINE)->rest;

  select_bone (f, SPINE);

  /* Degrees in the field, radians in the document; only rotation changes. */
  gtk_spin_button_set_value (rotation, 90.0);
  g_assert_cmpfloat_with_epsilon (bone (f, SPINE)->rest.rotation, G_PI / 2, 1e-6);
  g_assert_cmpfloat (bone (f, SPINE)->rest.x, ==, before.x);
  g_assert_cmpfloat (bone (f, SPINE)->rest.scale_x, ==, before.scale_x);
  g_assert_cmpfloat_with_epsilon (spin (f, "rotation_spin"), 90.0, 1e-4);

  /* The focus entering a field starts a new edit ... */
  gtk_widget_grab_focus (child (f, "x_spin"));
  gtk_widget_grab_focus (GTK_WIDGET (rotation));
  g_assert_true (gtk_widget_is_focus (GTK_WIDGET (rotation))
                 || gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (f->window)),
                                            GTK_WIDGET (rotation)));

  /* ... and the changes of one edit are one undo step. */
  gtk_spin_button_set_value (rotation, 100.0);
  gtk_spin_button_spin (rotation, GTK_SPIN_STEP_FORWARD, 0);
  gtk_spin_button_spin (rotation, GTK_SPIN_STEP_FORWARD, 0);
  g_assert_cmpfloat_with_epsilon (bone (f, SPINE)->rest.rotation, 102.0 * G_PI / 180, 1e-5);
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  g_assert_cmpfloat_with_epsilon (bone (f, SPINE)->rest.rotation, G_PI / 2, 1e-6);
  g_assert_cmpfloat_with_epsilon (spin (f, "rotation_spin"), 90.0, 1e-4);
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  g_assert_cmpfloat (bone (f, SPINE)->rest.rotation, ==, before.rotation);

  /* Past the half turn the field keeps what was typed; the document holds it. */
  gtk_spin_button_set_value (rotation, 270.0);
  g_assert_cmpfloat_with_epsilon (bone (f, SPINE)->rest.rotation, 1.5 * G_PI, 1e-5);
  g_assert_cmpfloat_with_epsilon (spin (f, "rotation_spin"), 270.0, 1e-4);
}

/* Animate mode: the field keys the animation at the playhead, the rest pose stays. */
static void
test_animate (Fixture *f, gconstpointer data)
{
  OssaCommand *command = ossa_command_add_animation (ossa_editor_get_document (f->editor),
                                                     "wave", 1.0f, 30.0f, TRUE, NULL);
  const OssaAnimation *anim;
  const OssaTrack *track;
  float rest_y = bone (f, SPINE)->rest.y;

  g_assert_nonnull (command);
  g_assert_true (ossa_editor_execute (f->editor, command, NULL));
  ossa_editor_set_animation (f->editor, 0);
  ossa_editor_set_mode (f->editor, OSSA_EDIT_MODE_ANIMATE);
  ossa_editor_set_time (f->editor, 0.5);
  select_bone (f, SPINE);

  gtk_spin_button_set_value (child (f, "y_spin"), 4.0);
  g_assert_cmpfloat (bone (f, SPINE)->rest.y, ==, rest_y);
  anim = &ossa_editor_get_document (f->editor)->animations[0];
  track = ossa_animation_find_track (anim, SPINE, OSSA_CHANNEL_TRANSLATE_Y);
  g_assert_nonnull (track);
  g_assert_cmpuint (track->n_keys, ==, 1);
  g_assert_null (ossa_animation_find_track (anim, SPINE, OSSA_CHANNEL_ROTATE));
  g_assert_cmpfloat_with_epsilon (ossa_editor_get_local (f->editor)[SPINE].y, 4.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (spin (f, "y_spin"), 4.0, 1e-6);
}

static void
test_length_color_name (Fixture *f, gconstpointer data)
{
  GtkEditable *name = child (f, "name_entry");
  const GdkRGBA red = { 1.0f, 0.0f, 0.0f, 0.5f };
  const char *tooltip;

  select_bone (f, SPINE);

  gtk_spin_button_set_value (child (f, "length_spin"), 5.5);
  g_assert_cmpfloat (bone (f, SPINE)->length, ==, 5.5f);
  /* Never below zero. */
  gtk_spin_button_set_value (child (f, "length_spin"), -3.0);
  g_assert_cmpfloat (bone (f, SPINE)->length, ==, 0.0f);

  gtk_color_chooser_set_rgba (child (f, "color_button"), &red);
  g_assert_cmphex (bone (f, SPINE)->color, ==, 0x336699ff);  /* only a pick applies */
  g_signal_emit_by_name (child (f, "color_button"), "color-set");
  g_assert_cmphex (bone (f, SPINE)->color, ==, 0xff000080);

  /* A taken name is refused, saying why right under the field (and in its
   * tooltip); nothing changes. */
  g_assert_false (gtk_widget_get_visible (child (f, "name_error_label")));
  gtk_editable_set_text (name, "leg");
  g_signal_emit_by_name (name, "activate");
  g_assert_cmpstr (bone (f, SPINE)->name, ==, "spine");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (name), "error"));
  tooltip = gtk_widget_get_tooltip_text (GTK_WIDGET (name));
  g_assert_nonnull (tooltip);
  g_assert_nonnull (strstr (tooltip, "already called “leg”"));
  g_assert_true (gtk_widget_get_visible (child (f, "name_error_label")));
  g_assert_cmpstr (gtk_label_get_text (child (f, "name_error_label")), ==,
                   "Another bone is already called “leg”.");
  /* Just under the entry, in the same column. */
  {
    graphene_rect_t entry_box, label_box;

    gui_test_flush (GTK_WIDGET (f->inspector));
    g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (name), GTK_WIDGET (f->inspector),
                                              &entry_box));
    g_assert_true (gtk_widget_compute_bounds (child (f, "name_error_label"),
                                              GTK_WIDGET (f->inspector), &label_box));
    g_assert_cmpfloat (label_box.origin.y, >=, entry_box.origin.y + entry_box.size.height);
    g_assert_cmpfloat (label_box.origin.y, <, entry_box.origin.y + entry_box.size.height + 12);
    g_assert_cmpfloat (fabs (label_box.origin.x - entry_box.origin.x), <, 1.0);
  }

  gtk_editable_set_text (name, "torso");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (name), "error"));
  g_assert_false (gtk_widget_get_visible (child (f, "name_error_label")));
  g_signal_emit_by_name (name, "activate");
  g_assert_cmpstr (bone (f, SPINE)->name, ==, "torso");
  g_assert_cmpstr (gtk_label_get_text (child (f, "title_label")), ==, "torso");
}

static void
test_no_selection (Fixture *f, gconstpointer data)
{
  OssaTransform rest;

  g_assert_false (gtk_widget_get_sensitive (child (f, "grid")));
  g_assert_cmpstr (gtk_label_get_text (child (f, "title_label")), ==, "No bone selected");
  g_assert_true (gtk_widget_has_css_class (child (f, "title_label"), "dim-label"));

  select_bone (f, SPINE);
  g_assert_true (gtk_widget_get_sensitive (child (f, "grid")));
  ossa_editor_clear_selection (f->editor);
  g_assert_false (gtk_widget_get_sensitive (child (f, "grid")));

  /* A field changed with nothing shown edits nothing. */
  rest = bone (f, SPINE)->rest;
  gtk_spin_button_set_value (child (f, "x_spin"), 42.0);
  g_assert_cmpfloat (bone (f, SPINE)->rest.x, ==, rest.x);
  g_assert_cmpfloat (bone (f, HIPS)->rest.x, ==, 0.0f);

  /* A new document has no bones selected either. */
  select_bone (f, LEG);
  ossa_editor_new_document (f->editor);
  g_assert_false (gtk_widget_get_sensitive (child (f, "grid")));
}

/* The panel at the width the window gives it. OSSA_TEST_LINGER=SECONDS keeps it on
 * screen for a screenshot. */
static void
test_look (Fixture *f, gconstpointer data)
{
  int min_width = 0;

  ossa_editor_select (f->editor, (const guint[]) { LEG, SPINE }, 2, FALSE);
  gui_test_flush (GTK_WIDGET (f->window));
  gtk_widget_measure (GTK_WIDGET (f->inspector), GTK_ORIENTATION_HORIZONTAL, -1, &min_width,
                      NULL, NULL, NULL);
  g_assert_cmpint (min_width, <=, 260);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->inspector)), ==, 260);
  gui_test_linger_if_asked ();
}

int
main (int argc, char *argv[])
{
  if (!gui_test_display_or_skip ())
    return 0;

  gtk_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("/ossa/inspector/values", test_values);
  ADD ("/ossa/inspector/follows-document", test_follows_document);
  ADD ("/ossa/inspector/rotation", test_rotation);
  ADD ("/ossa/inspector/animate", test_animate);
  ADD ("/ossa/inspector/length-color-name", test_length_color_name);
  ADD ("/ossa/inspector/no-selection", test_no_selection);
  ADD ("/ossa/inspector/look", test_look);
#undef ADD

  return g_test_run ();
}
