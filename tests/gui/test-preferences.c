/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Edit ▸ Preferences… (Ctrl+,): each control, changed as a person changes it,
 * changes what the editor does at once (auto-key, the onion skin's ghosts and
 * colours, the style, Shift's snapping steps, the Import SMD dialog's plane and
 * frame rate, the autosave interval), and survives a restart (a keyfile backend
 * in two runs of this program). In each language (--lang=en, ko or hi) the
 * window shows whole at its size and is saved as preferences-LANG.png in the
 * build folder, for a person to look at. */
#define G_LOG_DOMAIN "test-preferences"

#include "config.h"

#include <libintl.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-application.h"
#include "ossa-canvas-private.h"
#include "ossa-preferences-window-private.h"
#include "ossa-smd-import-dialog.h"
#include "ossa-window-private.h"
#include "gui-test-app.h"
#include "gui-test-canvas.h"

#define DEG (G_PI / 180)

static const char *language = "en";

static gboolean
has_samples (void)
{
  if (g_getenv ("OSSA_SAMPLES_DIR") != NULL)
    return TRUE;
  g_test_skip ("OSSA_SAMPLES_DIR is not set (meson test sets it)");
  return FALSE;
}

/* Edit ▸ Preferences… as the menu item does it: app.preferences. */
static OssaPreferencesWindow *
open_preferences (AppFixture *f)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  OssaPreferencesWindow *found = NULL;

  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->app), "preferences"));
  /* Among the toplevels: one, the application's (closed with it at teardown). */
  g_action_group_activate_action (G_ACTION_GROUP (f->app), "preferences", NULL);
  gui_test_iterate ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (OSSA_IS_PREFERENCES_WINDOW (toplevel))
        {
          g_assert_null (found);
          found = OSSA_PREFERENCES_WINDOW (toplevel);
        }
    }
  g_assert_nonnull (found);
  g_assert_true (gtk_window_get_application (GTK_WINDOW (found)) == GTK_APPLICATION (f->app));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (found)));
  gui_test_flush (GTK_WIDGET (found));
  return found;
}

/* A spin button given a value as a person types it and presses Enter. */
static void
type_value (GtkSpinButton *spin,
            const char    *text)
{
  gtk_editable_set_text (GTK_EDITABLE (spin), text);
  gtk_spin_button_update (spin);
  gui_test_iterate ();
}

/* ---- the sample in Animate mode ---- */

static void
to_widget (AppFixture *f, double wx, double wy, double *px, double *py)
{
  ossa_camera_world_to_widget (_ossa_canvas_get_camera (f->window->canvas), wx, wy, px, py);
}

/* Presses on the bone's body and turns the pointer about its joint by sweep
 * degrees in 5° steps, with state (Shift: snapping) held, and releases. */
static void
drag_bone_round (AppFixture *f, guint bone, double sweep, GdkModifierType state)
{
  const OssaXform *w = &ossa_editor_get_world (editor_of (f))[bone];
  const OssaBone *b = &doc_of (f)->skeleton.bones[bone];
  double jx = w->tx, jy = w->ty;
  double a0 = atan2 (w->b, w->a);
  double r = 0.6 * b->length * hypot (w->a, w->b);
  int steps = (int) ceil (fabs (sweep) / 5);
  double px, py;

  to_widget (f, jx + r * cos (a0), jy + r * sin (a0), &px, &py);
  _ossa_canvas_drag_begin (f->window->canvas, px, py, state);
  for (int i = 1; i <= steps; i++)
    {
      double a = a0 + sweep * DEG * i / steps;

      to_widget (f, jx + r * cos (a), jy + r * sin (a), &px, &py);
      _ossa_canvas_drag_update (f->window->canvas, px, py, state);
    }
  _ossa_canvas_drag_end (f->window->canvas, px, py, state);
  gui_test_iterate ();
}

/* The sample, opened as a person opens it, with a new animation current in
 * Animate mode and the rotate tool; forearm_l's index. */
static guint
open_sample_animating (AppFixture *f)
{
  g_autoptr(GError) error = NULL;
  int bone, anim;

  g_assert_true (activate (f, "open-sample", NULL));
  bone = ossa_skeleton_find_bone (&doc_of (f)->skeleton, "forearm_l");
  g_assert_cmpint (bone, >=, 0);
  anim = ossa_editor_add_animation (editor_of (f), "prefs-test", &error);
  g_assert_no_error (error);
  ossa_editor_set_animation (editor_of (f), anim);
  ossa_editor_set_mode (editor_of (f), OSSA_EDIT_MODE_ANIMATE);
  ossa_editor_set_tool (editor_of (f), OSSA_TOOL_ROTATE);
  gui_test_flush (GTK_WIDGET (f->window));
  return (guint) bone;
}

static gsize
n_keys (AppFixture *f)
{
  const OssaDocument *doc = doc_of (f);
  const OssaAnimation *anim = &doc->animations[ossa_editor_get_animation (editor_of (f))];
  gsize n = 0;

  for (gsize i = 0; i < anim->n_tracks; i++)
    n += anim->tracks[i].n_keys;
  return n;
}

/* ---- the tests ---- */

/* app.preferences opens one window, with Ctrl+comma, transient for the editor,
 * its controls showing the defaults; asked again, the same window comes forward. */
static void
test_open (AppFixture    *f,
           gconstpointer  data)
{
  g_auto(GStrv) accels = NULL;
  OssaPreferencesWindow *prefs;
  GdkRGBA rgba;

  open_window (f);
  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (f->app), "app.preferences");
  g_assert_cmpstr (accels[0], ==, "<Control>comma");
  prefs = open_preferences (f);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (prefs)) == GTK_WINDOW (f->window));
  g_assert_false (gtk_window_get_modal (GTK_WINDOW (prefs)));
  /* Asked again from the Preferences window itself (now the active one). */
  g_assert_true (open_preferences (f) == prefs);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (prefs)) == GTK_WINDOW (f->window));

  g_assert_cmpuint (gtk_drop_down_get_selected (prefs->style_dropdown), ==, 0);
  g_assert_true (gtk_switch_get_active (prefs->auto_key_switch));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (prefs->ghosts_before_spin), ==, 2);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (prefs->ghosts_after_spin), ==, 2);
  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (prefs->past_color_button), &rgba);
  g_assert_cmpint ((int) lrintf (rgba.red * 255), ==, 0xff);
  g_assert_cmpint ((int) lrintf (rgba.green * 255), ==, 0x54);
  g_assert_cmpfloat (gtk_spin_button_get_value (prefs->rotation_step_spin), ==, 15);
  g_assert_cmpfloat_with_epsilon (gtk_spin_button_get_value (prefs->scale_step_spin), 0.1, 1e-9);
  g_assert_true (gtk_switch_get_active (prefs->snap_keys_switch));
  g_assert_cmpuint (gtk_drop_down_get_selected (prefs->plane_dropdown), ==, 0);
  g_assert_cmpfloat (gtk_spin_button_get_value (prefs->fps_spin), ==, 30);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (prefs->autosave_spin), ==, 60);

  /* Escape closes it, as a dialog. */
  gtk_widget_activate_action (GTK_WIDGET (prefs), "window.close", NULL);
  gui_test_iterate ();
  {
    GListModel *toplevels = gtk_window_get_toplevels ();

    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

        g_assert_false (OSSA_IS_PREFERENCES_WINDOW (toplevel));
      }
  }
}

/* Auto-key off: the open window's editor follows at once, and on a document
 * opened afterwards a drag in Animate mode writes no key. On again: it does. */
static void
test_auto_key (AppFixture    *f,
               gconstpointer  data)
{
  OssaPreferencesWindow *prefs;
  guint bone;

  if (!has_samples ())
    return;
  open_window_sized (f, 1280, 800);
  prefs = open_preferences (f);
  g_assert_true (ossa_editor_get_auto_key (editor_of (f)));

  gtk_switch_set_active (prefs->auto_key_switch, FALSE);
  gui_test_iterate ();
  g_assert_false (ossa_editor_get_auto_key (editor_of (f)));
  g_assert_false (g_settings_get_boolean (ossa_application_get_settings (f->app), "auto-key"));

  /* The timeline's button turns it on for the document at hand; a document
   * opened afterwards starts with the preference again. */
  g_assert_true (activate (f, "auto-key", NULL));
  g_assert_true (ossa_editor_get_auto_key (editor_of (f)));
  bone = open_sample_animating (f);
  g_assert_false (ossa_editor_get_auto_key (editor_of (f)));
  drag_bone_round (f, bone, -40, 0);
  g_assert_cmpuint (n_keys (f), ==, 0);

  gtk_switch_set_active (prefs->auto_key_switch, TRUE);
  gui_test_iterate ();
  g_assert_true (ossa_editor_get_auto_key (editor_of (f)));
  drag_bone_round (f, bone, -40, 0);
  g_assert_cmpuint (n_keys (f), >, 0);
}

/* Three ghosts before and two after: the canvas draws five poses, the past ones
 * in the colour chosen; none before and none after: none. */
static void
test_onion (AppFixture    *f,
            gconstpointer  data)
{
  OssaPreferencesWindow *prefs;
  OssaCanvas *canvas;
  OssaCanvasStats stats;
  GdkRGBA blue = { 0.2f, 0.4f, 1.0f, 1.0f };
  g_autoptr(GError) error = NULL;
  guint bone;
  gsize n_bones;
  const OssaSegment *farthest;

  if (!has_samples ())
    return;
  open_window_sized (f, 1280, 800);
  canvas = f->window->canvas;
  bone = open_sample_animating (f);
  n_bones = doc_of (f)->skeleton.n_bones;
  /* A key at 0 and at 2 s, the playhead in the middle: room for ghosts on both
   * sides. */
  ossa_editor_set_time (editor_of (f), 0);
  select_bones (f, &bone, 1);
  g_assert_true (activate (f, "key-bones", NULL));
  ossa_editor_set_time (editor_of (f), 2.0);
  drag_bone_round (f, bone, -60, 0);
  ossa_editor_set_time (editor_of (f), 1.0);
  g_assert_true (activate (f, "onion-skin", NULL));
  gui_test_canvas_wait_frame (canvas);
  _ossa_canvas_get_stats (canvas, &stats);
  g_assert_cmpuint (stats.n_ghosts, ==, 4);

  prefs = open_preferences (f);
  type_value (prefs->ghosts_before_spin, "3");
  type_value (prefs->ghosts_after_spin, "2");
  gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (prefs->past_color_button), &blue);
  gui_test_iterate ();
  g_assert_cmpint (g_settings_get_int (ossa_application_get_settings (f->app),
                                       "onion-ghosts-before"), ==, 3);
  {
    g_autofree char *color = g_settings_get_string (ossa_application_get_settings (f->app),
                                                    "onion-past-color");

    g_assert_cmpstr (color, ==, "#3366ff");
  }
  gui_test_canvas_wait_frame (canvas);
  _ossa_canvas_get_stats (canvas, &stats);
  g_assert_cmpuint (stats.n_ghosts, ==, 5);
  g_assert_cmpuint (canvas->ghosts->len, ==, 5 * n_bones);
  /* Farthest first: the past ghost three steps back, in the chosen blue. */
  farthest = &g_array_index (canvas->ghosts, OssaSegment, 0);
  g_assert_cmpuint (farthest->color[0], ==, 0x33);
  g_assert_cmpuint (farthest->color[1], ==, 0x66);
  g_assert_cmpuint (farthest->color[2], ==, 0xff);

  type_value (prefs->ghosts_before_spin, "0");
  type_value (prefs->ghosts_after_spin, "0");
  gui_test_canvas_wait_frame (canvas);
  _ossa_canvas_get_stats (canvas, &stats);
  g_assert_cmpuint (stats.n_ghosts, ==, 0);
  g_assert_no_error (error);
}

/* The style drop-down and View ▸ Follow System Style are one setting. */
static void
test_style (AppFixture    *f,
            gconstpointer  data)
{
  OssaPreferencesWindow *prefs;
  g_autoptr(GVariant) state = NULL;

  open_window (f);
  prefs = open_preferences (f);
  gtk_drop_down_set_selected (prefs->style_dropdown, 1);
  gui_test_iterate ();
  state = g_action_group_get_action_state (G_ACTION_GROUP (f->app), "follow-system-style");
  g_assert_true (g_variant_get_boolean (state));

  g_action_group_activate_action (G_ACTION_GROUP (f->app), "follow-system-style", NULL);
  gui_test_iterate ();
  g_assert_cmpuint (gtk_drop_down_get_selected (prefs->style_dropdown), ==, 0);
  g_clear_pointer (&state, g_variant_unref);
  state = g_action_group_get_action_state (G_ACTION_GROUP (f->app), "follow-system-style");
  g_assert_false (g_variant_get_boolean (state));
}

/* A rotation step of 45°: a Shift+drag lands on a multiple of 45°. Keys on
 * whole frames off: the timeline takes it. */
static void
test_snapping (AppFixture    *f,
               gconstpointer  data)
{
  OssaPreferencesWindow *prefs;
  gboolean snap_keys = TRUE;
  guint bone;
  double turned;

  if (!has_samples ())
    return;
  open_window_sized (f, 1280, 800);
  bone = open_sample_animating (f);
  ossa_editor_set_mode (editor_of (f), OSSA_EDIT_MODE_SETUP);
  prefs = open_preferences (f);

  drag_bone_round (f, bone, -50, GDK_SHIFT_MASK);
  turned = doc_of (f)->skeleton.bones[bone].rest.rotation / DEG;
  g_assert_cmpfloat (fabs (turned / 15 - round (turned / 15)), <, 1e-3);

  type_value (prefs->rotation_step_spin, "45");
  g_assert_cmpfloat (g_settings_get_double (ossa_application_get_settings (f->app),
                                            "snap-rotation-step"), ==, 45);
  drag_bone_round (f, bone, -70, GDK_SHIFT_MASK);
  turned = doc_of (f)->skeleton.bones[bone].rest.rotation / DEG;
  g_test_message ("rest rotation after a Shift+drag at 45° steps: %.3f°", turned);
  g_assert_cmpfloat (fabs (turned / 45 - round (turned / 45)), <, 1e-3);

  type_value (prefs->scale_step_spin, "0.25");
  g_assert_cmpfloat (g_settings_get_double (ossa_application_get_settings (f->app),
                                            "snap-scale-step"), ==, 0.25);
  {
    double step = 0;

    g_object_get (f->window->canvas, "snap-scale-step", &step, NULL);
    g_assert_cmpfloat (step, ==, 0.25);
  }

  gtk_switch_set_active (prefs->snap_keys_switch, FALSE);
  gui_test_iterate ();
  g_object_get (f->window->timeline, "snap-keys-to-frames", &snap_keys, NULL);
  g_assert_false (snap_keys);
}

/* The YZ plane at 24 fps: File ▸ Import SMD… opens with them. */
static void
test_smd_defaults (AppFixture    *f,
                   gconstpointer  data)
{
  OssaPreferencesWindow *prefs;
  OssaSmdImportDialog *dialog;
  OssaSmdImportOptions options;

  open_window (f);
  prefs = open_preferences (f);
  gtk_drop_down_set_selected (prefs->plane_dropdown, OSSA_SMD_PLANE_YZ);
  type_value (prefs->fps_spin, "24");
  {
    g_autofree char *plane = g_settings_get_string (ossa_application_get_settings (f->app),
                                                    "smd-import-plane");

    g_assert_cmpstr (plane, ==, "yz");
  }

  g_assert_true (activate (f, "import-smd", NULL));
  gui_test_flush (GTK_WIDGET (f->window));
  dialog = OSSA_SMD_IMPORT_DIALOG (ossa_import_dialog_find (OSSA_TYPE_SMD_IMPORT_DIALOG,
                                                            GTK_WINDOW (f->window)));
  g_assert_nonnull (dialog);
  ossa_import_dialog_get_options (OSSA_IMPORT_DIALOG (dialog), &options);
  g_assert_cmpint (options.plane, ==, OSSA_SMD_PLANE_YZ);
  g_assert_cmpfloat (options.fps, ==, 24.0f);
  gtk_window_close (GTK_WINDOW (dialog));
  gui_test_iterate ();
}

/* The autosave interval is the key the editor's autosave reads. */
static void
test_autosave (AppFixture    *f,
               gconstpointer  data)
{
  OssaPreferencesWindow *prefs;

  open_window (f);
  prefs = open_preferences (f);
  type_value (prefs->autosave_spin, "120");
  g_assert_cmpuint (g_settings_get_uint (ossa_application_get_settings (f->app),
                                         "autosave-interval"), ==, 120);
  /* Out of range: the spin button keeps it within the key's range. */
  type_value (prefs->autosave_spin, "1");
  g_assert_cmpuint (g_settings_get_uint (ossa_application_get_settings (f->app),
                                         "autosave-interval"), ==, 5);
}

/* ---- a restart: two runs of this program on one keyfile ---- */

static void
test_restart_first (AppFixture    *f,
                    gconstpointer  data)
{
  OssaPreferencesWindow *prefs;

  if (!g_test_subprocess ())
    {
      g_test_skip ("run by /preferences/restart");
      return;
    }
  open_window (f);
  prefs = open_preferences (f);
  type_value (prefs->ghosts_before_spin, "3");
  gtk_switch_set_active (prefs->auto_key_switch, FALSE);
  gtk_drop_down_set_selected (prefs->plane_dropdown, OSSA_SMD_PLANE_XY);
  type_value (prefs->rotation_step_spin, "30");
  gui_test_iterate ();
  g_settings_sync ();
}

/* Without the fixture, which would reset the settings. */
static void
test_restart_second (void)
{
  g_autoptr(GError) error = NULL;
  OssaApplication *app;
  OssaWindow *window;
  OssaPreferencesWindow *prefs;
  int before = 0;
  double step = 0;

  if (!g_test_subprocess ())
    {
      g_test_skip ("run by /preferences/restart");
      return;
    }
  app = g_object_new (OSSA_TYPE_APPLICATION, "application-id", APP_ID,
                      "flags", G_APPLICATION_NON_UNIQUE, NULL);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  window = ossa_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
  gui_test_flush (GTK_WIDGET (window));

  g_object_get (window->canvas, "onion-before", &before, "snap-rotation-step", &step, NULL);
  g_assert_cmpint (before, ==, 3);
  g_assert_cmpfloat (step, ==, 30);
  g_assert_false (ossa_editor_get_auto_key (ossa_window_get_editor (window)));
  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  gui_test_iterate ();
  prefs = ossa_preferences_window_present (GTK_APPLICATION (app),
                                           ossa_application_get_settings (app),
                                           GTK_WINDOW (window));
  g_assert_cmpuint (gtk_drop_down_get_selected (prefs->plane_dropdown), ==, OSSA_SMD_PLANE_XY);
  g_assert_false (gtk_switch_get_active (prefs->auto_key_switch));

  gtk_window_destroy (GTK_WINDOW (prefs));
  gtk_window_destroy (GTK_WINDOW (window));
  gui_test_iterate ();
  g_object_unref (app);
}

static void
test_restart (void)
{
  g_autofree char *config = g_dir_make_tmp ("ossa-test-prefs-XXXXXX", NULL);
  g_autofree char *keyfile = g_build_filename (config, "glib-2.0", "settings", "keyfile", NULL);
  g_autofree char *command = g_strdup_printf ("rm -rf '%s'", config);

  g_assert_nonnull (config);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "keyfile", TRUE);
  g_test_trap_subprocess ("/preferences/restart/first", 60 * G_USEC_PER_SEC,
                          G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
  g_assert_true (g_file_test (keyfile, G_FILE_TEST_IS_REGULAR));
  g_test_trap_subprocess ("/preferences/restart/second", 60 * G_USEC_PER_SEC,
                          G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL));
}

/* ---- in each language ---- */

static gboolean
holds_shortening (GtkWidget *widget)
{
  return GTK_IS_SCROLLED_WINDOW (widget) || GTK_IS_VIEWPORT (widget)
         || (GTK_IS_LABEL (widget) && (gtk_label_get_wrap (GTK_LABEL (widget))
                                       || gtk_label_get_ellipsize (GTK_LABEL (widget))
                                            != PANGO_ELLIPSIZE_NONE));
}

/* Every widget inside the window and as wide as its content needs. */
static void
check_fits (GtkWidget *window,
            GtkWidget *widget,
            GString   *problems)
{
  graphene_rect_t bounds;

  if (!gtk_widget_get_mapped (widget) || GTK_IS_NATIVE (widget))
    return;
  if (gtk_widget_compute_bounds (widget, window, &bounds)
      && bounds.size.width > 0 && bounds.size.height > 0)
    {
      const char *text = GTK_IS_LABEL (widget) ? gtk_label_get_text (GTK_LABEL (widget)) : "";
      int width = gtk_widget_get_width (window);
      int nat = 0;

      if (bounds.origin.x < -0.5 || bounds.origin.x + bounds.size.width > width + 0.5)
        g_string_append_printf (problems, "%s \"%s\" at x %.0f–%.0f is outside the window\n",
                                G_OBJECT_TYPE_NAME (widget), text, bounds.origin.x,
                                bounds.origin.x + bounds.size.width);
      gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL, NULL);
      nat -= gtk_widget_get_margin_start (widget) + gtk_widget_get_margin_end (widget);
      if (!holds_shortening (widget) && gtk_widget_get_width (widget) < nat)
        g_string_append_printf (problems, "%s \"%s\" is %d px wide, its content %d px\n",
                                G_OBJECT_TYPE_NAME (widget), text,
                                gtk_widget_get_width (widget), nat);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    check_fits (window, child, problems);
}

static void
save_picture (GtkWidget *window)
{
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (window));
  GskRenderNode *node = gui_test_widget_node (window);
  g_autofree char *basename = g_strdup_printf ("preferences-%s.png", language);
  g_autofree char *path = g_build_filename (g_getenv ("G_TEST_BUILDDIR") != NULL
                                            ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                            basename, NULL);
  GdkTexture *texture;

  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (window),
                                                              gtk_widget_get_height (window)));
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("picture: %s", path);
  g_object_unref (texture);
  gsk_render_node_unref (node);
}

/* The window over an editor at 1280 × 800: all of it on the screen, nothing cut
 * across, in the language of the run. */
static void
test_fit (AppFixture    *f,
          gconstpointer  data)
{
  g_autoptr(GString) problems = g_string_new (NULL);
  OssaPreferencesWindow *prefs;
  GtkWidget *window;

  open_window_sized (f, 1280, 800);
  prefs = open_preferences (f);
  window = GTK_WIDGET (prefs);
  gui_test_flush (window);
  g_test_message ("preferences: %d × %d", gtk_widget_get_width (window),
                  gtk_widget_get_height (window));
  g_assert_cmpint (gtk_widget_get_height (window), <=, 800);
  g_assert_cmpint (gtk_widget_get_width (window), <=, 1280);
  check_fits (window, window, problems);
  save_picture (window);
  gui_test_linger_if_asked ();
  if (problems->len > 0)
    g_test_message ("in %s:\n%s", language, problems->str);
  g_assert_cmpstr (problems->str, ==, "");

  /* Korean says 잔상 for the onion skin's ghosts, as its animators do. */
  if (strcmp (language, "ko") == 0)
    {
      g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "Onion Skin"), ==, "잔상 표시");
      g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "Onion skin"), ==, "잔상 표시");
      g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "Onion"), ==, "잔상");
      g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "_Onion Skin"), ==, "잔상 표시(_O)");
    }
}

int
main (int   argc,
      char *argv[])
{
  const char *build_root = g_getenv ("OSSA_BUILD_ROOT");
  g_autofree char *localedir = NULL;

  if (!gui_test_display_or_skip ())
    return 0;

  for (int i = 1; i < argc; i++)
    if (g_str_has_prefix (argv[i], "--lang="))
      language = argv[i] + strlen ("--lang=");
  g_setenv ("LANGUAGE", language, TRUE);
  setlocale (LC_ALL, "C.UTF-8");
  localedir = build_root != NULL ? g_build_filename (build_root, "po", NULL)
                                 : g_strdup (LOCALEDIR);
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  gtk_test_init (&argc, &argv, NULL);

  if (strcmp (language, "en") != 0)
    g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "Preferences"), !=, "Preferences");

  APP_TEST_ADD ("/preferences/fit", test_fit);
  if (strcmp (language, "en") == 0)
    {
      APP_TEST_ADD ("/preferences/open", test_open);
      APP_TEST_ADD ("/preferences/auto-key", test_auto_key);
      APP_TEST_ADD ("/preferences/onion", test_onion);
      APP_TEST_ADD ("/preferences/style", test_style);
      APP_TEST_ADD ("/preferences/snapping", test_snapping);
      APP_TEST_ADD ("/preferences/smd-defaults", test_smd_defaults);
      APP_TEST_ADD ("/preferences/autosave", test_autosave);
      g_test_add_func ("/preferences/restart", test_restart);
      APP_TEST_ADD ("/preferences/restart/first", test_restart_first);
      g_test_add_func ("/preferences/restart/second", test_restart_second);
    }
  return g_test_run ();
}
