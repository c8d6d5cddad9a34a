/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The inspector column of the editor's real window at 1280 × 800 with the
 * humanoid sample: picking a key on the timeline shows its properties under the
 * bone fields, both in view, and moves nothing else; the curve box draws what the
 * key does. */
#define G_LOG_DOMAIN "test-window-inspector"

#include "config.h"

#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-application.h"
#include "ossa-curve-view.h"
#include "ossa-window-private.h"
#include "gui-test-app.h"

static GtkWidget *
bone_field (AppFixture *f, const char *id)
{
  GObject *object = gtk_widget_get_template_child (GTK_WIDGET (f->window->inspector),
                                                   OSSA_TYPE_INSPECTOR, id);

  g_assert_true (GTK_IS_WIDGET (object));
  return GTK_WIDGET (object);
}

/* The key inspector's toggle button for keys.interp(target). */
static GtkWidget *
interp_button (AppFixture *f, const char *target)
{
  g_autoptr(GVariant) wanted = g_variant_ref_sink (g_variant_new_string (target));
  GtkWidget *root = GTK_WIDGET (f->window->key_inspector);
  GtkWidget *widget = gtk_widget_get_first_child (root);

  while (widget != NULL)
    {
      GtkWidget *next;

      if (GTK_IS_TOGGLE_BUTTON (widget)
          && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "keys.interp") == 0
          && g_variant_equal (gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget)),
                              wanted))
        return widget;
      next = gtk_widget_get_first_child (widget);
      while (next == NULL && widget != root)
        {
          next = gtk_widget_get_next_sibling (widget);
          if (next == NULL)
            widget = gtk_widget_get_parent (widget);
        }
      widget = next;
    }
  g_assert_not_reached ();
  return NULL;
}

/* widget lies wholly inside the visible part of the inspector column. */
static void
assert_in_view (AppFixture *f, GtkWidget *widget)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t bounds;

  g_assert_nonnull (scroller);
  g_assert_true (gtk_widget_get_mapped (widget));
  g_assert_true (gtk_widget_compute_bounds (widget, scroller, &bounds));
  g_test_message ("%s: y %.0f..%.0f of %d", G_OBJECT_TYPE_NAME (widget), bounds.origin.y,
                  bounds.origin.y + bounds.size.height, gtk_widget_get_height (scroller));
  g_assert_cmpfloat (bounds.origin.y, >=, 0);
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (scroller));
  g_assert_cmpfloat (bounds.origin.x, >=, 0);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (scroller));
}

/* The event loop turned past the window's 50 ms reveal of new key properties. */
static void
settle (AppFixture *f)
{
  for (int i = 0; i < 4; i++)
    {
      gui_test_flush (GTK_WIDGET (f->window));
      g_usleep (40000);
    }
  gui_test_flush (GTK_WIDGET (f->window));
}

/* The first key of a track with more than one of the rotation channel (any other
 * channel for the others). */
static OssaKeyRef
first_key (AppFixture *f, int anim, OssaChannel channel, guint *bone)
{
  const OssaAnimation *animation = &doc_of (f)->animations[anim];

  for (gsize i = 0; i < animation->n_tracks; i++)
    if ((channel == OSSA_CHANNEL_ROTATE) == (animation->tracks[i].channel == OSSA_CHANNEL_ROTATE)
        && animation->tracks[i].n_keys > 1)
      {
        *bone = animation->tracks[i].bone;
        return (OssaKeyRef) { animation->tracks[i].bone, animation->tracks[i].channel,
                              animation->tracks[i].times[0] };
      }
  g_assert_not_reached ();
  return (OssaKeyRef) { 0 };
}

static void
check_key (AppFixture *f, int anim, OssaChannel channel)
{
  OssaEditor *editor = editor_of (f);
  guint bone = 0;
  OssaKeyRef key = first_key (f, anim, channel, &bone);
  int canvas_width, column_width;

  /* A bone picked, then one of its keys. */
  ossa_editor_clear_key_selection (editor);
  select_bones (f, &bone, 1);
  settle (f);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->window->key_inspector)));
  canvas_width = gtk_widget_get_width (GTK_WIDGET (f->window->canvas));
  column_width = gtk_widget_get_width (GTK_WIDGET (f->window->inspector));

  ossa_editor_select_keys (editor, &key, 1, FALSE);
  settle (f);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->window->key_inspector)));
  gui_test_linger_if_asked ();

  /* Nothing moved sideways. */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window->canvas)), ==, canvas_width);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window->inspector)), ==, column_width);

  /* The bone's fields and the key's interpolation, together in view. */
  assert_in_view (f, bone_field (f, "name_entry"));
  assert_in_view (f, bone_field (f, "x_spin"));
  assert_in_view (f, bone_field (f, "rotation_spin"));
  assert_in_view (f, interp_button (f, "linear"));
  assert_in_view (f, interp_button (f, "bezier"));
  assert_in_view (f, _ossa_key_inspector_get_curve_editor (f->window->key_inspector));
  if (channel == OSSA_CHANNEL_ROTATE)
    {
      GObject *turns = gtk_widget_get_template_child (GTK_WIDGET (f->window->key_inspector),
                                                      OSSA_TYPE_KEY_INSPECTOR, "turns_spin");

      assert_in_view (f, GTK_WIDGET (turns));
    }

  /* And back: the key deselected, the canvas as wide as ever. */
  ossa_editor_clear_key_selection (editor);
  settle (f);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->window->key_inspector)));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window->canvas)), ==, canvas_width);
}

static int
open_walk (AppFixture *f)
{
  const OssaDocument *doc;
  int walk = -1;

  open_window_sized (f, 1280, 800);
  _ossa_window_open_sample (f->window);
  settle (f);
  doc = doc_of (f);
  g_assert_cmpuint (doc->n_animations, >, 0);
  for (gsize i = 0; i < doc->n_animations; i++)
    if (g_strcmp0 (doc->animations[i].name, "walk") == 0)
      walk = (int) i;
  g_assert_cmpint (walk, >=, 0);
  ossa_editor_set_mode (editor_of (f), OSSA_EDIT_MODE_ANIMATE);
  ossa_editor_set_animation (editor_of (f), walk);
  settle (f);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window)), ==, 1280);
  return walk;
}

static void
test_window_inspector_key_in_view (AppFixture *f, gconstpointer data)
{
  int walk = open_walk (f);

  check_key (f, walk, OSSA_CHANNEL_ROTATE);
  check_key (f, walk, OSSA_CHANNEL_TRANSLATE_X); /* or any other than rotation */
}

/* The curve box draws the selected key's interpolation: a straight line for
 * Linear, a step for Stepped, the bezier for Bezier. */
static void
test_window_inspector_curve_shape (AppFixture *f, gconstpointer data)
{
  int walk = open_walk (f);
  guint bone = 0;
  OssaKeyRef key = first_key (f, walk, OSSA_CHANNEL_ROTATE, &bone);
  OssaCurveView *view;
  OssaCurve curve;

  select_bones (f, &bone, 1);
  ossa_editor_select_keys (editor_of (f), &key, 1, FALSE);
  settle (f);
  view = OSSA_CURVE_VIEW (_ossa_key_inspector_get_curve_editor (f->window->key_inspector));

  g_assert_true (activate (f, "key-interp", g_variant_new_string ("linear")));
  settle (f);
  g_assert_cmpint (_ossa_curve_view_get_interp (view), ==, OSSA_INTERP_LINEAR);
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (interp_button (f, "linear"))));

  g_assert_true (activate (f, "key-interp", g_variant_new_string ("stepped")));
  settle (f);
  g_assert_cmpint (_ossa_curve_view_get_interp (view), ==, OSSA_INTERP_STEP);

  g_assert_true (activate (f, "key-interp", g_variant_new_string ("ease-out")));
  settle (f);
  g_assert_cmpint (_ossa_curve_view_get_interp (view), ==, OSSA_INTERP_BEZIER);
  ossa_curve_view_get_curve (view, &curve);
  g_assert_cmpfloat_with_epsilon (curve.x2, 0.58, 1e-6);

  /* Undone: the step again. */
  g_assert_true (activate (f, "undo", NULL));
  settle (f);
  g_assert_cmpint (_ossa_curve_view_get_interp (view), ==, OSSA_INTERP_STEP);
}

int
main (int argc, char *argv[])
{
  if (!gui_test_display_or_skip ())
    return 0;

  gtk_test_init (&argc, &argv, NULL);

  APP_TEST_ADD ("/ossa/window/inspector/key-in-view", test_window_inspector_key_in_view);
  APP_TEST_ADD ("/ossa/window/inspector/curve-shape", test_window_inspector_curve_shape);
  return g_test_run ();
}
