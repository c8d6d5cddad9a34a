/* SPDX-License-Identifier: GPL-3.0-or-later */
/* File > Export SMD… in a real window on the files of OSSA_SHARED_TESTDATA/smd
 * (skipped with a message when absent): the chooser with its animation choice,
 * the suggested name following that choice, the file written (read back with
 * ossa-cli import-smd) and the note that says what went where. */
#define G_LOG_DOMAIN "test-smd-export"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-smd-import.h"
#include "ossa-window-private.h"
#include "gui-test-app.h"
#include "gui-test-import.h"

/* File > Export SMD…: the chooser with its animation choice; the file written reads
 * back with ossa-cli import-smd into the same poses. */
static gboolean
file_exists (gpointer path)
{
  return g_file_test (path, G_FILE_TEST_EXISTS);
}

static void
test_export (AppFixture    *f,
             gconstpointer  data)
{
  g_autofree char *ref = smd_testdata ("hl1test_man_ref.smd");
  g_autofree char *walk = smd_testdata ("hl1test_man_walk.smd");
  g_autofree char *smd = tmp_path (f, "walk-out.smd");
  g_autofree char *out = tmp_path (f, "again.ossa");
  g_autofree char *cli = g_build_filename (g_getenv ("OSSA_BUILD_ROOT"), "src", "cli",
                                           "ossa-cli", NULL);
  g_autofree char *cli_err = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) folder = NULL;
  const char *paths[2];
  const OssaDocument *doc;
  OssaDocument *back;
  GtkFileChooser *chooser;
  OssaError err;
  int status = -1;

  if (ref == NULL || walk == NULL)
    return;
  open_window_sized (f, 1000, 700);
  /* Nothing to export in an empty document. */
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "export-smd"));

  paths[0] = ref;
  paths[1] = walk;
  ossa_editor_take_document (editor_of (f), smd_import_directly (paths, 2));
  doc = doc_of (f);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "export-smd"));
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "export-smd", NULL);
  gui_test_flush (GTK_WIDGET (f->window));
  chooser = find_file_chooser (GTK_WINDOW (f->window));
  g_assert_nonnull (chooser);
  g_assert_cmpint (gtk_file_chooser_get_action (chooser), ==, GTK_FILE_CHOOSER_ACTION_SAVE);
  g_assert_cmpstr (gtk_file_chooser_get_choice (chooser, "animation"), ==, "0");
  g_assert_cmpstr (gtk_file_chooser_get_current_name (chooser), ==, "hl1test_man_walk.smd");
  folder = g_file_new_for_path (f->tmpdir);
  gtk_file_chooser_set_current_folder (chooser, folder, &error);
  g_assert_no_error (error);
  gtk_file_chooser_set_current_name (chooser, "walk-out");
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  gui_test_iterate_until (file_exists, smd);
  gui_test_iterate ();
  g_assert_null (find_message_dialog (GTK_WINDOW (f->window), GTK_MESSAGE_ERROR));
  /* ".smd" added to the name typed. */
  g_assert_true (g_file_test (smd, G_FILE_TEST_IS_REGULAR));

  {
    const char *argv[] = { cli, "import-smd", ref, smd, "-o", out, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL,
                                 NULL, NULL, &cli_err, &status, &error));
    g_assert_no_error (error);
    if (!g_spawn_check_wait_status (status, NULL))
      g_error ("ossa-cli import-smd failed: %s", cli_err);
  }
  ossa_error_clear (&err);
  back = ossa_document_load (out, &err);
  g_assert_nonnull (back);
  g_assert_cmpint (ossa_document_find_animation (back, "walk-out"), ==, 0);
  g_assert_cmpuint (back->skeleton.n_bones, ==, doc->skeleton.n_bones);

  /* The same world joints at every fifth frame. */
  for (int frame = 0; frame < 26; frame += 5)
    {
      gsize n = doc->skeleton.n_bones;
      g_autofree OssaTransform *la = g_new (OssaTransform, n);
      g_autofree OssaTransform *lb = g_new (OssaTransform, n);
      g_autofree OssaXform *wa = g_new (OssaXform, n);
      g_autofree OssaXform *wb = g_new (OssaXform, n);
      float t = (float) frame / 30.0f;

      ossa_animation_sample_pose (&doc->animations[0], &doc->skeleton, t, la);
      ossa_pose_compute_world (&doc->skeleton, la, wa);
      ossa_animation_sample_pose (&back->animations[0], &back->skeleton, t, lb);
      ossa_pose_compute_world (&back->skeleton, lb, wb);
      for (gsize i = 0; i < n; i++)
        {
          g_assert_cmpfloat (fabsf (wa[i].tx - wb[i].tx), <=, 1e-3f);
          g_assert_cmpfloat (fabsf (wa[i].ty - wb[i].ty), <=, 1e-3f);
        }
    }
  ossa_document_free (back);
}

/* The chooser's suggested name and its "animation" choice name the same animation
 * (the one the window shows), whichever that is; after the export a note at the
 * foot of the window says what went where. */
static void
assert_chooser_names (AppFixture *f,
                      const char *choice,
                      const char *name)
{
  GtkFileChooser *chooser;

  g_action_group_activate_action (G_ACTION_GROUP (f->window), "export-smd", NULL);
  gui_test_flush (GTK_WIDGET (f->window));
  chooser = find_file_chooser (GTK_WINDOW (f->window));
  g_assert_nonnull (chooser);
  g_assert_cmpstr (gtk_file_chooser_get_choice (chooser, "animation"), ==, choice);
  g_assert_cmpstr (gtk_file_chooser_get_current_name (chooser), ==, name);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_null (find_file_chooser (GTK_WINDOW (f->window)));
}

static void
test_export_names (AppFixture    *f,
                   gconstpointer  data)
{
  g_autofree char *ref = smd_testdata ("hl1test_man_ref.smd");
  g_autofree char *walk = smd_testdata ("hl1test_man_walk.smd");
  g_autofree char *smd = tmp_path (f, "walk.smd");
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) folder = NULL;
  const char *paths[2];
  GtkFileChooser *chooser;
  GtkPopover *note;
  GtkWidget *label;
  int walk_index;

  if (ref == NULL || walk == NULL)
    return;
  open_window_sized (f, 1000, 700);
  paths[0] = ref;
  paths[1] = walk;
  ossa_editor_take_document (editor_of (f), smd_import_directly (paths, 2));
  walk_index = ossa_editor_add_animation (editor_of (f), "walk", &error);
  g_assert_no_error (error);
  g_assert_cmpint (walk_index, ==, 1);

  /* The second animation on show, in Animate mode and in Setup mode. */
  ossa_editor_set_mode (editor_of (f), OSSA_EDIT_MODE_ANIMATE);
  ossa_editor_set_animation (editor_of (f), walk_index);
  gui_test_flush (GTK_WIDGET (f->window));
  assert_chooser_names (f, "1", "walk.smd");
  ossa_editor_set_mode (editor_of (f), OSSA_EDIT_MODE_SETUP);
  gui_test_flush (GTK_WIDGET (f->window));
  assert_chooser_names (f, "1", "walk.smd");
  ossa_editor_set_animation (editor_of (f), 0);
  ossa_editor_set_mode (editor_of (f), OSSA_EDIT_MODE_ANIMATE);
  gui_test_flush (GTK_WIDGET (f->window));
  assert_chooser_names (f, "0", "hl1test_man_walk.smd");

  /* Exported: the note says which animation went to which file. */
  ossa_editor_set_animation (editor_of (f), walk_index);
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "export-smd", NULL);
  gui_test_flush (GTK_WIDGET (f->window));
  chooser = find_file_chooser (GTK_WINDOW (f->window));
  g_assert_nonnull (chooser);
  folder = g_file_new_for_path (f->tmpdir);
  gtk_file_chooser_set_current_folder (chooser, folder, &error);
  g_assert_no_error (error);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  gui_test_iterate_until (file_exists, smd);
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_null (find_message_dialog (GTK_WINDOW (f->window), GTK_MESSAGE_ERROR));
  note = g_object_get_data (G_OBJECT (f->window), "ossa-smd-exported-note");
  g_assert_true (GTK_IS_POPOVER (note));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (note)));
  /* Not modal: the window goes on taking clicks and keys. */
  g_assert_false (gtk_popover_get_autohide (note));
  label = gtk_popover_get_child (note);
  g_assert_true (GTK_IS_LABEL (label));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, "Exported “walk” to walk.smd");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (label), ==, smd);
  save_screenshot (GTK_WIDGET (f->window), "smd-exported.png");
  gtk_popover_popdown (note);
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_null (g_object_get_data (G_OBJECT (f->window), "ossa-smd-exported-note"));
}

/* The chooser's drop-down with n items, anywhere under root. */
static GtkDropDown *
find_dropdown (GtkWidget *root,
               guint      n)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkDropDown *found;

      if (GTK_IS_DROP_DOWN (child)
          && g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (child))) == n)
        return GTK_DROP_DOWN (child);
      found = find_dropdown (child, n);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Another animation chosen in the chooser: the suggested name follows it, both
 * ways, until the person types a name of their own; the file written is of the
 * animation chosen. */
static void
test_export_name_follows (AppFixture    *f,
                          gconstpointer  data)
{
  g_autofree char *ref = smd_testdata ("hl1test_man_ref.smd");
  g_autofree char *walk = smd_testdata ("hl1test_man_walk.smd");
  g_autofree char *smd = tmp_path (f, "hl1test_man_walk.smd");
  g_autofree char *name = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) folder = NULL;
  const char *paths[2];
  GtkFileChooser *chooser;
  GtkDropDown *choice;
  GtkPopover *note;

  if (ref == NULL || walk == NULL)
    return;
  open_window_sized (f, 1000, 700);
  paths[0] = ref;
  paths[1] = walk;
  ossa_editor_take_document (editor_of (f), smd_import_directly (paths, 2));
  g_assert_cmpint (ossa_editor_add_animation (editor_of (f), "walk", &error), ==, 1);
  g_assert_no_error (error);
  ossa_editor_set_animation (editor_of (f), 1);
  gui_test_flush (GTK_WIDGET (f->window));

  g_action_group_activate_action (G_ACTION_GROUP (f->window), "export-smd", NULL);
  gui_test_flush (GTK_WIDGET (f->window));
  chooser = find_file_chooser (GTK_WINDOW (f->window));
  g_assert_nonnull (chooser);
  g_assert_cmpstr (gtk_file_chooser_get_current_name (chooser), ==, "walk.smd");
  choice = find_dropdown (GTK_WIDGET (chooser), 2);
  g_assert_nonnull (choice);
  g_assert_cmpuint (gtk_drop_down_get_selected (choice), ==, 0);

  /* The other animation, as a person picks it in the drop-down, and back. */
  gtk_drop_down_set_selected (choice, 1);
  gui_test_iterate ();
  g_assert_cmpstr (gtk_file_chooser_get_choice (chooser, "animation"), ==, "0");
  g_assert_cmpstr (gtk_file_chooser_get_current_name (chooser), ==, "hl1test_man_walk.smd");
  gtk_drop_down_set_selected (choice, 0);
  gui_test_iterate ();
  g_assert_cmpstr (gtk_file_chooser_get_current_name (chooser), ==, "walk.smd");

  /* A name typed stays. */
  gtk_file_chooser_set_current_name (chooser, "mine.smd");
  gtk_drop_down_set_selected (choice, 1);
  gui_test_iterate ();
  g_assert_cmpstr (gtk_file_chooser_get_current_name (chooser), ==, "mine.smd");
  gtk_drop_down_set_selected (choice, 0);
  gtk_file_chooser_set_current_name (chooser, "walk.smd");
  gtk_drop_down_set_selected (choice, 1);
  gui_test_iterate ();
  name = gtk_file_chooser_get_current_name (chooser);
  g_assert_cmpstr (name, ==, "hl1test_man_walk.smd");

  /* Exported: that animation, to the name that followed it. */
  folder = g_file_new_for_path (f->tmpdir);
  gtk_file_chooser_set_current_folder (chooser, folder, &error);
  g_assert_no_error (error);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  gui_test_iterate_until (file_exists, smd);
  gui_test_flush (GTK_WIDGET (f->window));
  g_assert_true (g_file_test (smd, G_FILE_TEST_IS_REGULAR));
  note = g_object_get_data (G_OBJECT (f->window), "ossa-smd-exported-note");
  g_assert_true (GTK_IS_POPOVER (note));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_popover_get_child (note))), ==,
                   "Exported “hl1test_man_walk” to hl1test_man_walk.smd");
  gtk_popover_popdown (note);
  gui_test_flush (GTK_WIDGET (f->window));
}

int
main (int   argc,
      char *argv[])
{
  if (!gui_test_display_or_skip ())
    return 0;

  gtk_test_init (&argc, &argv, NULL);

  APP_TEST_ADD ("/ossa/smd/export", test_export);
  APP_TEST_ADD ("/ossa/smd/export/names", test_export_names);
  APP_TEST_ADD ("/ossa/smd/export/name-follows", test_export_name_follows);

  return g_test_run ();
}
