/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The key inspector in a window of its own: shown while keys are selected; its
 * interpolation and spin buttons (the keys.* actions), presets, extra turns and
 * curve editor change every selected key, one undo step each. */
#define G_LOG_DOMAIN "test-key-inspector"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-editor.h"
#include "ossa-key-inspector.h"
#include "gui-test-support.h"

typedef struct
{
  OssaEditor       *editor;
  GtkWindow        *window;
  OssaKeyInspector *inspector;
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  const OssaTransform rest = { 0, 0, 0, 1, 1 };
  guint bone = 0;

  f->editor = ossa_editor_new ();
  g_assert_true (ossa_editor_execute (f->editor,
                                      ossa_command_add_bone (ossa_editor_get_document (f->editor),
                                                             "arm", -1, &rest, 1, 0xff0000ffu,
                                                             NULL),
                                      NULL));
  g_assert_true (ossa_editor_key_bones (f->editor, &bone, 1, NULL));
  ossa_editor_set_time (f->editor, 0.5);
  g_assert_true (ossa_editor_key_bones (f->editor, &bone, 1, NULL));

  f->inspector = OSSA_KEY_INSPECTOR (ossa_key_inspector_new ());
  ossa_key_inspector_set_editor (f->inspector, f->editor);
  f->window = gui_test_show (GTK_WIDGET (f->inspector), 260, 500);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_clear_pointer (&f->window, gtk_window_destroy);
  gui_test_iterate ();
  g_clear_object (&f->editor);
}

static OssaKey
key (Fixture *f, OssaChannel channel, gsize index)
{
  const OssaDocument *doc = ossa_editor_get_document (f->editor);

  return ossa_track_get_key (ossa_animation_find_track (&doc->animations[0], 0, channel), index);
}

static void
select_first (Fixture *f, gboolean all_channels)
{
  OssaKeyRef keys[OSSA_N_CHANNELS];

  for (int c = 0; c < OSSA_N_CHANNELS; c++)
    {
      keys[c].bone = 0;
      keys[c].channel = all_channels ? (OssaChannel) c : OSSA_CHANNEL_ROTATE;
      keys[c].time = 0;
    }
  ossa_editor_select_keys (f->editor, keys, all_channels ? OSSA_N_CHANNELS : 1, FALSE);
}

static char *
state (Fixture *f, const char *property)
{
  char *value = NULL;

  g_object_get (f->inspector, property, &value, NULL);
  return value;
}

static GtkWidget *
find_label (GtkWidget *widget, const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (child) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (child)), text) == 0)
        return child;
      if ((found = find_label (child, text)) != NULL)
        return found;
    }
  return NULL;
}

static void
test_shown_with_keys (Fixture *f, gconstpointer data)
{
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->inspector)));
  select_first (f, TRUE);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->inspector)));
  g_assert_nonnull (find_label (GTK_WIDGET (f->inspector), "Linear"));
  {
    g_autofree char *interp = state (f, "interp");

    g_assert_cmpstr (interp, ==, "linear");
  }
  ossa_editor_clear_key_selection (f->editor);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->inspector)));
}

static void
test_interpolation (Fixture *f, gconstpointer data)
{
  GtkWidget *stepped;

  select_first (f, TRUE);
  /* The Stepped button: every selected key, one undo step; the button shows it. */
  stepped = find_label (GTK_WIDGET (f->inspector), "Stepped");
  g_assert_nonnull (stepped);
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (stepped)));
  g_signal_emit_by_name (stepped, "clicked");
  gui_test_flush (GTK_WIDGET (f->window));
  for (int c = 0; c < OSSA_N_CHANNELS; c++)
    g_assert_cmpint (key (f, (OssaChannel) c, 0).interp, ==, OSSA_INTERP_STEP);
  g_assert_cmpint (key (f, OSSA_CHANNEL_ROTATE, 1).interp, ==, OSSA_INTERP_LINEAR);
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (stepped)));
  g_assert_cmpstr (ossa_editor_get_undo_label (f->editor), ==, "Change Interpolation");

  /* A preset through the action: bezier with its control points. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->inspector), "keys.interp", "s",
                                             "ease-out"));
  g_assert_cmpint (key (f, OSSA_CHANNEL_SCALE_X, 0).interp, ==, OSSA_INTERP_BEZIER);
  g_assert_cmpfloat (key (f, OSSA_CHANNEL_SCALE_X, 0).curve.x2, ==, 0.58f);
  g_assert_cmpfloat (key (f, OSSA_CHANNEL_SCALE_X, 0).curve.x1, ==, 0.0f);
  {
    g_autofree char *interp = state (f, "interp");

    g_assert_cmpstr (interp, ==, "bezier");
  }
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  g_assert_cmpint (key (f, OSSA_CHANNEL_SCALE_X, 0).interp, ==, OSSA_INTERP_STEP);

  /* Keys that differ: no button on. */
  {
    OssaKeyRef more = { 0, OSSA_CHANNEL_ROTATE, 0.5f };
    g_autofree char *interp = NULL;

    ossa_editor_select_keys (f->editor, &more, 1, TRUE);
    interp = state (f, "interp");
    g_assert_cmpstr (interp, ==, "");
    g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (stepped)));
  }
}

static void
test_curve_editor (Fixture *f, gconstpointer data)
{
  GtkWidget *curve = _ossa_key_inspector_get_curve_editor (f->inspector);
  double w, h;
  OssaCurve c;

  select_first (f, FALSE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->inspector), "keys.interp", "s",
                                             "ease-in-out"));
  gui_test_flush (GTK_WIDGET (f->window));
  w = gtk_widget_get_width (curve);
  h = gtk_widget_get_height (curve);
  g_assert_cmpfloat (w, >, 60);
  /* The first handle (0.42, 0) sits on the bottom edge of the unit square, 42 %
   * along; dragged to the square's middle it becomes (0.5, 0.5). */
  {
    double pad = 14, y_of_0 = pad + (1.3 - 0) / 1.6 * (h - 2 * pad);
    double y_of_half = pad + (1.3 - 0.5) / 1.6 * (h - 2 * pad);

    _ossa_key_inspector_curve_drag (f->inspector, pad + 0.42 * (w - 2 * pad), y_of_0,
                                    pad + 0.5 * (w - 2 * pad), y_of_half);
  }
  c = key (f, OSSA_CHANNEL_ROTATE, 0).curve;
  g_assert_cmpint (key (f, OSSA_CHANNEL_ROTATE, 0).interp, ==, OSSA_INTERP_BEZIER);
  g_assert_cmpfloat_with_epsilon (c.x1, 0.5, 1e-3);
  g_assert_cmpfloat_with_epsilon (c.y1, 0.5, 1e-3);
  g_assert_cmpfloat (c.x2, ==, 0.58f);
  /* One step: undo gives the preset back. */
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  g_assert_cmpfloat (key (f, OSSA_CHANNEL_ROTATE, 0).curve.x1, ==, 0.42f);
}

static void
test_spin (Fixture *f, gconstpointer data)
{
  GtkWidget *ccw = find_label (GTK_WIDGET (f->inspector), "Counter-CW");
  GtkSpinButton *turns = NULL;
  GtkWidget *spin_box;
  const OssaDocument *doc = ossa_editor_get_document (f->editor);

  g_assert_nonnull (ccw);
  /* Only scale keys: no spin to set. */
  {
    OssaKeyRef scale = { 0, OSSA_CHANNEL_SCALE_X, 0 };

    ossa_editor_select_keys (f->editor, &scale, 1, FALSE);
    g_assert_false (gtk_widget_get_visible (gtk_widget_get_parent (gtk_widget_get_parent (ccw))));
  }
  select_first (f, TRUE);
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_parent (gtk_widget_get_parent (ccw))));
  g_signal_emit_by_name (ccw, "clicked");
  g_assert_cmpint (key (f, OSSA_CHANNEL_ROTATE, 0).spin, ==, OSSA_SPIN_COUNTERCLOCKWISE);
  /* Other channels have no spin. */
  g_assert_null (ossa_animation_find_track (&doc->animations[0], 0, OSSA_CHANNEL_SCALE_X)->spin);
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (ccw)));

  /* Extra turns on a counter-clockwise key. */
  spin_box = gtk_widget_get_parent (gtk_widget_get_parent (ccw));
  for (GtkWidget *w = gtk_widget_get_first_child (spin_box); turns == NULL && w != NULL;
       w = gtk_widget_get_next_sibling (w))
    for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL;
         c = gtk_widget_get_next_sibling (c))
      if (GTK_IS_SPIN_BUTTON (c))
        turns = GTK_SPIN_BUTTON (c);
  g_assert_nonnull (turns);
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (turns)));
  gtk_spin_button_set_value (turns, 2);
  g_assert_cmpuint (key (f, OSSA_CHANNEL_ROTATE, 0).turns, ==, 2);

  /* Back to shortest by the action; undo twice gives counter-clockwise, 0 turns. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->inspector), "keys.spin", "s",
                                             "shortest"));
  g_assert_cmpint (key (f, OSSA_CHANNEL_ROTATE, 0).spin, ==, OSSA_SPIN_SHORTEST);
  g_assert_cmpuint (key (f, OSSA_CHANNEL_ROTATE, 0).turns, ==, 0);
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  g_assert_cmpint (key (f, OSSA_CHANNEL_ROTATE, 0).spin, ==, OSSA_SPIN_COUNTERCLOCKWISE);
  g_assert_cmpuint (key (f, OSSA_CHANNEL_ROTATE, 0).turns, ==, 0);
}

int
main (int argc, char *argv[])
{
  if (!gui_test_display_or_skip ())
    return 0;
  gtk_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("/ossa/key-inspector/shown-with-keys", test_shown_with_keys);
  ADD ("/ossa/key-inspector/interpolation", test_interpolation);
  ADD ("/ossa/key-inspector/curve-editor", test_curve_editor);
  ADD ("/ossa/key-inspector/spin", test_spin);
#undef ADD
  return g_test_run ();
}
