/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The IK constraints in the bone tree's panel, in the editor's real window: the
 * Constraints group under the tree (hidden without constraints), a row per
 * constraint with its name and chain, picking one both ways, renaming one in its
 * row, and the rows following constraints added, removed and renamed and bones
 * renamed. OSSA_TEST_SCREENSHOT=PREFIX saves the window with a constraint picked
 * as PREFIX-ik.png. */
#define G_LOG_DOMAIN "test-hierarchy-ik"

#include "config.h"

#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-hierarchy-private.h"
#include "ossa-timeline-private.h"
#include "ossa-timeline-view-private.h"
#include "gui-test-app.h"
#include "gui-test-ik.h"

static OssaHierarchy *
hierarchy_of (AppFixture *f)
{
  return f->window->hierarchy;
}

static void
flush (AppFixture *f)
{
  gui_test_flush (GTK_WIDGET (f->window));
}

/* The bound row of constraint c (the group is small: every row is bound). */
static OssaIkRow *
row_of (AppFixture *f, int c)
{
  GHashTableIter iter;
  gpointer key;

  flush (f);
  g_hash_table_iter_init (&iter, hierarchy_of (f)->ik_rows);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (((OssaIkRow *) key)->constraint == c)
      return key;
  g_error ("constraint %d has no row", c);
  return NULL;
}

/* The rows' names in order, space-separated. */
static char *
dup_row_names (AppFixture *f)
{
  GListModel *names = G_LIST_MODEL (hierarchy_of (f)->ik_names);
  GString *s = g_string_new (NULL);

  flush (f);
  for (guint i = 0; i < g_list_model_get_n_items (names); i++)
    g_string_append_printf (s, "%s%s", i > 0 ? " " : "",
                            gtk_label_get_text (GTK_LABEL (row_of (f, (int) i)->label)));
  return g_string_free (s, FALSE);
}

#define assert_rows(f, expected)                    \
  G_STMT_START                                      \
  {                                                 \
    g_autofree char *rows_ = dup_row_names (f);     \
    g_assert_cmpstr (rows_, ==, (expected));        \
  }                                                 \
  G_STMT_END

static gboolean
group_shown (AppFixture *f)
{
  flush (f);
  return gtk_widget_get_mapped (hierarchy_of (f)->ik_box);
}

static guint
list_picked (AppFixture *f)
{
  return gtk_single_selection_get_selected (hierarchy_of (f)->ik_selection);
}

static void
open_rig (AppFixture *f)
{
  open_window_sized (f, 1280, 800);
  flush (f);
  /* No constraints: no group. */
  g_assert_false (group_shown (f));
  ossa_editor_take_document (editor_of (f), ik_test_document ());
  flush (f);
}

/* ---- the rows ---- */

static void
test_rows (AppFixture *f, gconstpointer data)
{
  open_rig (f);
  g_assert_true (group_shown (f));
  assert_rows (f, "arm_l leg aim");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (row_of (f, IK_ARM)->chain)), ==,
                   "upper_l › fore_l → hand_target");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (row_of (f, IK_AIM)->chain)), ==,
                   "upper_l → hand_target");
  /* A bone renamed: the chains that name it follow. */
  rename_bone (editor_of (f), IK_UPPER, "arm_up");
  flush (f);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (row_of (f, IK_ARM)->chain)), ==,
                   "arm_up › fore_l → hand_target");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (row_of (f, IK_LEG)->chain)), ==,
                   "thigh › shin → foot_target");
  /* Another document without constraints: the group goes. */
  ossa_editor_new_document (editor_of (f));
  g_assert_false (group_shown (f));
}

/* ---- picking ---- */

static void
test_pick (AppFixture *f, gconstpointer data)
{
  OssaEditor *editor;
  GtkWidget *list;

  open_rig (f);
  editor = editor_of (f);
  list = GTK_WIDGET (hierarchy_of (f)->ik_list);
  select_bones (f, (const guint[]) { IK_SHIN }, 1);
  /* A click on a row (the list's select-item, as a click does) picks it … */
  g_assert_true (gtk_widget_activate_action (list, "list.select-item", "(ubb)", IK_LEG, FALSE,
                                             FALSE));
  flush (f);
  g_assert_cmpint (ossa_editor_get_selected_ik (editor), ==, IK_LEG);
  /* … and leaves the bones picked as they were. */
  g_assert_true (ossa_editor_is_selected (editor, IK_SHIN));
  g_assert_cmpint (ossa_editor_get_primary (editor), ==, IK_SHIN);
  g_assert_true (gtk_widget_activate_action (list, "list.select-item", "(ubb)", IK_AIM, FALSE,
                                             FALSE));
  flush (f);
  g_assert_cmpint (ossa_editor_get_selected_ik (editor), ==, IK_AIM);
  /* Picked elsewhere (the canvas, the timeline): the row follows. */
  ossa_editor_select_ik (editor, IK_ARM);
  flush (f);
  g_assert_cmpuint (list_picked (f), ==, IK_ARM);
  ossa_editor_select_ik (editor, -1);
  flush (f);
  g_assert_cmpuint (list_picked (f), ==, GTK_INVALID_LIST_POSITION);
  /* The timeline's name of a constraint picks it here too. */
  {
    OssaTimelineView *view = _ossa_timeline_get_view (f->window->timeline);
    double y = 0;

    g_assert_true (_ossa_timeline_view_ik_row_y (view, IK_LEG, &y));
    _ossa_timeline_view_press (view, 60, y, 0);
    _ossa_timeline_view_release (view, 60, y, 0);
    flush (f);
    g_assert_cmpuint (list_picked (f), ==, IK_LEG);
  }
}

/* ---- renaming ---- */

static void
rename_to (AppFixture *f, const char *name)
{
  GtkEditable *entry = _ossa_hierarchy_get_ik_rename_entry (hierarchy_of (f));

  g_assert_nonnull (entry);
  gtk_editable_set_text (entry, name);
  g_signal_emit_by_name (entry, "activate");
  flush (f);
}

static void
test_rename (AppFixture *f, gconstpointer data)
{
  OssaHierarchy *h;
  GtkEditable *entry;

  open_rig (f);
  h = hierarchy_of (f);
  _ossa_hierarchy_start_rename_ik (h, IK_LEG);
  flush (f);
  entry = _ossa_hierarchy_get_ik_rename_entry (h);
  g_assert_nonnull (entry);
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, "leg");
  rename_to (f, "leg_l");
  g_assert_cmpstr (doc_of (f)->ik[IK_LEG].name, ==, "leg_l");
  g_assert_null (_ossa_hierarchy_get_ik_rename_entry (h));
  assert_rows (f, "arm_l leg_l aim");
  g_assert_true (activate (f, "undo", NULL));
  assert_rows (f, "arm_l leg aim");

  /* A name another constraint has: refused with the reason, nothing renamed. */
  _ossa_hierarchy_start_rename_ik (h, IK_LEG);
  flush (f);
  rename_to (f, "aim");
  g_assert_cmpstr (doc_of (f)->ik[IK_LEG].name, ==, "leg");
  g_assert_cmpstr (_ossa_hierarchy_get_message (h), !=, "");
  assert_rows (f, "arm_l leg aim");

  /* Ended without Enter (what Escape does) leaves the name as it was. */
  _ossa_hierarchy_start_rename_ik (h, IK_ARM);
  flush (f);
  entry = _ossa_hierarchy_get_ik_rename_entry (h);
  gtk_editable_set_text (entry, "nope");
  _ossa_hierarchy_end_ik_rename (h);
  flush (f);
  g_assert_cmpstr (doc_of (f)->ik[IK_ARM].name, ==, "arm_l");

  /* F2 with the focus in the group renames the picked constraint, not the bone. */
  select_bones (f, (const guint[]) { IK_SHIN }, 1);
  ossa_editor_select_ik (editor_of (f), IK_AIM);
  flush (f);
  gtk_widget_grab_focus (GTK_WIDGET (h->ik_list));
  flush (f);
  g_assert_true (_ossa_hierarchy_ik_has_focus (h));
  ossa_hierarchy_start_rename (h);
  flush (f);
  entry = _ossa_hierarchy_get_ik_rename_entry (h);
  g_assert_nonnull (entry);
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, "aim");
  g_assert_null (_ossa_hierarchy_get_rename_entry (h));
  rename_to (f, "look");
  g_assert_cmpstr (doc_of (f)->ik[IK_AIM].name, ==, "look");
}

/* The first controller of @type on @widget (the widget keeps it). */
static GtkEventController *
controller_of (GtkWidget *widget, GType type)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (controller, type))
        return controller;
    }
  g_error ("no %s on the widget", g_type_name (type));
  return NULL;
}

/* What the row's own gestures and the entry's keys and focus do, their
 * signals emitted as GTK emits them (the code the bone rows share): a
 * double-click opens the name in the row, Escape leaves it as it was, and
 * leaving the entry tries the name typed: a refused one ends the rename, the
 * reason under the list; a good one renames in place. */
static void
test_rename_gestures (AppFixture *f, gconstpointer data)
{
  OssaHierarchy *h;
  OssaIkRow *r;
  GtkEventController *click;
  GtkEditable *entry;
  gboolean handled = FALSE;

  open_rig (f);
  h = hierarchy_of (f);
  r = row_of (f, IK_LEG);
  click = controller_of (r->box, GTK_TYPE_GESTURE_CLICK);
  g_signal_emit_by_name (click, "pressed", 1, 4.0, 4.0);
  flush (f);
  g_assert_null (_ossa_hierarchy_get_ik_rename_entry (h));
  /* The second press within the double-click time (no event: both at time 0). */
  g_signal_emit_by_name (click, "pressed", 1, 4.0, 4.0);
  flush (f);
  entry = _ossa_hierarchy_get_ik_rename_entry (h);
  g_assert_nonnull (entry);
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, "leg");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (entry)));
  g_assert_false (gtk_widget_get_visible (r->label));
  g_assert_false (gtk_widget_get_visible (r->chain));

  gtk_editable_set_text (entry, "nope");
  g_signal_emit_by_name (controller_of (GTK_WIDGET (entry), GTK_TYPE_EVENT_CONTROLLER_KEY),
                         "key-pressed", GDK_KEY_Escape, 0, 0, &handled);
  flush (f);
  g_assert_true (handled);
  g_assert_null (_ossa_hierarchy_get_ik_rename_entry (h));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (entry)));
  g_assert_true (gtk_widget_get_visible (r->label));
  g_assert_true (gtk_widget_get_visible (r->chain));
  g_assert_cmpstr (doc_of (f)->ik[IK_LEG].name, ==, "leg");

  _ossa_hierarchy_start_rename_ik (h, IK_LEG);
  flush (f);
  entry = _ossa_hierarchy_get_ik_rename_entry (h);
  gtk_editable_set_text (entry, "aim");
  g_assert_cmpstr (_ossa_hierarchy_get_message (h), ==, "");
  /* The keyboard focus moved elsewhere, as a click on the list does. */
  gtk_widget_grab_focus (GTK_WIDGET (h->list_view));
  flush (f);
  g_assert_null (_ossa_hierarchy_get_ik_rename_entry (h));
  g_assert_cmpstr (_ossa_hierarchy_get_message (h), !=, "");
  g_assert_cmpstr (doc_of (f)->ik[IK_LEG].name, ==, "leg");
  assert_rows (f, "arm_l leg aim");

  /* A good name, and the focus leaving: renamed, the row kept (the list was
   * once rebuilt under GTK's focus change, which it reported as a critical). */
  _ossa_hierarchy_start_rename_ik (h, IK_LEG);
  flush (f);
  entry = _ossa_hierarchy_get_ik_rename_entry (h);
  gtk_editable_set_text (entry, "knee");
  gtk_widget_grab_focus (GTK_WIDGET (h->list_view));
  flush (f);
  g_assert_null (_ossa_hierarchy_get_ik_rename_entry (h));
  g_assert_cmpstr (doc_of (f)->ik[IK_LEG].name, ==, "knee");
  g_assert_true (row_of (f, IK_LEG) == r);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (r->label)), ==, "knee");
  assert_rows (f, "arm_l knee aim");
}

/* ---- following the document ---- */

static void
test_follow (AppFixture *f, gconstpointer data)
{
  OssaEditor *editor;
  g_autoptr(GError) error = NULL;

  open_rig (f);
  editor = editor_of (f);
  g_assert_cmpint (ossa_editor_add_ik (editor, "toe", (const guint[]) { IK_SHIN }, 1, IK_FOOT,
                                       &error), ==, IK_N_CONSTRAINTS);
  g_assert_no_error (error);
  assert_rows (f, "arm_l leg aim toe");
  /* The new one is picked, in the list too. */
  g_assert_cmpuint (list_picked (f), ==, IK_N_CONSTRAINTS);
  g_assert_true (ossa_editor_remove_ik (editor, IK_LEG, &error));
  g_assert_no_error (error);
  assert_rows (f, "arm_l aim toe");
  g_assert_true (ossa_editor_rename_ik (editor, 0, "arm", &error));
  assert_rows (f, "arm aim toe");
  g_assert_true (activate (f, "undo", NULL));
  assert_rows (f, "arm_l aim toe");
  g_assert_true (activate (f, "undo", NULL));
  assert_rows (f, "arm_l leg aim toe");
  for (int c = 3; c >= 0; c--)
    g_assert_true (ossa_editor_remove_ik (editor, (guint) c, NULL));
  g_assert_false (group_shown (f));
  g_assert_true (activate (f, "undo", NULL));
  g_assert_true (group_shown (f));
  assert_rows (f, "arm_l");
}

/* ---- a picture ---- */

static void
save_window (AppFixture *f, const char *path)
{
  GtkWidget *widget = GTK_WIDGET (f->window);
  GskRenderNode *node;
  GdkTexture *texture;

  flush (f);
  node = gui_test_widget_node (widget);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget),
                                                              gtk_widget_get_height (widget)));
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
  g_object_unref (texture);
  gsk_render_node_unref (node);
}

/* The rig in Animate mode, arm_l picked and its key at frame 10 picked on the
 * timeline: both panels show it. */
static void
test_picture (AppFixture *f, gconstpointer data)
{
  const char *shot = g_getenv ("OSSA_TEST_SCREENSHOT");
  OssaTimelineView *view;
  double y = 0;

  open_rig (f);
  view = _ossa_timeline_get_view (f->window->timeline);
  ossa_editor_set_mode (editor_of (f), OSSA_EDIT_MODE_ANIMATE);
  ossa_editor_set_animation (editor_of (f), 0);
  ossa_editor_set_time (editor_of (f), 10 / IK_FPS);
  select_bones (f, (const guint[]) { IK_FORE }, 1);
  ossa_editor_select_ik (editor_of (f), IK_ARM);
  g_object_set (view, "pixels-per-second", 300.0, NULL);
  flush (f);
  g_assert_true (_ossa_timeline_view_ik_row_y (view, IK_ARM, &y));
  _ossa_timeline_view_press (view, _ossa_timeline_view_time_to_x (view, 10 / IK_FPS), y, 0);
  _ossa_timeline_view_release (view, _ossa_timeline_view_time_to_x (view, 10 / IK_FPS), y, 0);
  flush (f);
  if (shot != NULL)
    {
      g_autofree char *path = g_strdup_printf ("%s-ik.png", shot);

      save_window (f, path);
    }
  g_assert_cmpuint (list_picked (f), ==, IK_ARM);
  {
    gsize n = 0;

    _ossa_timeline_view_get_selected_ik_keys (view, &n);
    g_assert_cmpuint (n, ==, 1);
  }
  gui_test_linger_if_asked ();
}

int
main (int argc, char **argv)
{
  if (!gui_test_display_or_skip ())
    return 0;

  gtk_test_init (&argc, &argv, NULL);
  APP_TEST_ADD ("/hierarchy-ik/rows", test_rows);
  APP_TEST_ADD ("/hierarchy-ik/pick", test_pick);
  APP_TEST_ADD ("/hierarchy-ik/rename", test_rename);
  APP_TEST_ADD ("/hierarchy-ik/rename-gestures", test_rename_gestures);
  APP_TEST_ADD ("/hierarchy-ik/follow", test_follow);
  APP_TEST_ADD ("/hierarchy-ik/picture", test_picture);
  return g_test_run ();
}
