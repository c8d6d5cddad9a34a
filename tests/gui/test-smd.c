/* SPDX-License-Identifier: GPL-3.0-or-later */
/* SMD in the editor: the import worker (progress, cancel, errors), File > Import
 * SMD… in a real window on the files of
 * OSSA_SHARED_TESTDATA/smd (skipped with a message when absent), and the meshes on
 * the canvas (drawn, following their bone, hidden by View > Show Meshes).
 * File > Export SMD… is test-smd-export.c's. */
#define G_LOG_DOMAIN "test-smd"

#include "config.h"

#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-smd-import.h"
#include "ossa-window-private.h"
#include "gui-test-app.h"
#include "gui-test-import.h"
#include "gui-test-canvas.h"

static OssaSmdImportDialog *
open_import_dialog (AppFixture *f)
{
  OssaSmdImportDialog *dialog;

  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "import-smd"));
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "import-smd", NULL);
  gui_test_flush (GTK_WIDGET (f->window));
  dialog = (OssaSmdImportDialog *) find_transient (GTK_WINDOW (f->window),
                                                   OSSA_TYPE_SMD_IMPORT_DIALOG);
  g_assert_nonnull (dialog);
  /* Not modal: the window goes on working during a long import. */
  g_assert_false (gtk_window_get_modal (GTK_WINDOW (dialog)));
  return dialog;
}

static void
dialog_set_files (OssaSmdImportDialog *dialog,
                  const char          *reference,
                  ...)
{
  g_autoptr(GFile) ref = g_file_new_for_path (reference);
  va_list args;
  const char *path;

  ossa_smd_import_dialog_set_reference (dialog, ref);
  va_start (args, reference);
  while ((path = va_arg (args, const char *)) != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_path (path);

      ossa_smd_import_dialog_add_animation (dialog, file);
    }
  va_end (args);
}

/* ---- the worker ---- */

typedef struct
{
  GArray        *fractions;   /* double, as reported */
  OssaDocument  *doc;
  char         **notices;
  GError        *error;
  gboolean       done;
  GCancellable  *cancel_on_progress;
  guint          ticks;       /* main loop turns while the import ran */
} Run;

static void
run_progress (double   fraction,
              gpointer user_data)
{
  Run *run = user_data;

  g_assert_false (run->done);
  g_array_append_val (run->fractions, fraction);
  if (run->cancel_on_progress != NULL)
    g_cancellable_cancel (run->cancel_on_progress);
}

static void
run_done (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  Run *run = user_data;

  run->doc = ossa_smd_import_finish (result, &run->notices, &run->error);
  run->done = TRUE;
}

static gboolean
tick_cb (gpointer user_data)
{
  Run *run = user_data;

  run->ticks++;
  return G_SOURCE_CONTINUE;
}

static void
run_import (Run                 *run,
            const char * const  *paths,
            guint                n,
            GCancellable        *cancellable)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  guint tick;

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (files, g_file_new_for_path (paths[i]));
  run->fractions = g_array_new (FALSE, FALSE, sizeof (double));
  tick = g_timeout_add (1, tick_cb, run);
  ossa_smd_import_async ((GFile * const *) files->pdata, n, NULL, cancellable, run_progress,
                         run, run_done, run);
  while (!run->done)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (tick);
  /* Nothing reported after the end. */
  gui_test_iterate ();
}

static void
run_clear (Run *run)
{
  g_array_unref (run->fractions);
  ossa_document_free (run->doc);
  g_strfreev (run->notices);
  g_clear_error (&run->error);
}

static void
test_worker_progress (void)
{
  g_autofree char *ref = smd_testdata ("hl1test_man_ref.smd");
  g_autofree char *walk = smd_testdata ("hl1test_man_walk.smd");
  const char *paths[2];
  OssaDocument *expected;
  Run run = { 0 };
  double last = 0;

  if (ref == NULL || walk == NULL)
    return;
  paths[0] = ref;
  paths[1] = walk;
  run_import (&run, paths, 2, NULL);
  g_assert_no_error (run.error);
  g_assert_nonnull (run.doc);

  /* Reported on this thread, never backwards, ending at 1. */
  g_assert_cmpuint (run.fractions->len, >=, 1);
  for (guint i = 0; i < run.fractions->len; i++)
    {
      double fraction = g_array_index (run.fractions, double, i);

      g_assert_cmpfloat (fraction, >=, last);
      g_assert_cmpfloat (fraction, <=, 1.0);
      last = fraction;
    }
  g_assert_cmpfloat (last, ==, 1.0);
  g_assert_nonnull (run.notices);
  g_assert_cmpuint (g_strv_length (run.notices), ==, 0);

  /* What the CLI makes of the same files. */
  expected = smd_import_directly (paths, 2);
  assert_same_structure (run.doc, expected);
  g_assert_cmpuint (run.doc->skeleton.n_bones, ==, 9);
  g_assert_cmpuint (run.doc->n_animations, ==, 1);
  g_assert_cmpstr (run.doc->animations[0].name, ==, "hl1test_man_walk");
  g_assert_cmpuint (run.doc->n_meshes, ==, 1);
  g_assert_cmpuint (run.doc->meshes[0].n_triangles, ==, 72);
  ossa_document_free (expected);
  run_clear (&run);
}

/* Many 2.4 MB files (copies of one; not links, which the import would rightly
 * read once as the same file): an import that takes over a second, long enough
 * to cancel on the first progress report even on a busy machine. */
#define LARGE_SET 40
static char **
make_large_set (const char *dir,
                const char *large,
                guint       n)
{
  char **paths = g_new0 (char *, n + 1);
  g_autofree char *bytes = NULL;
  gsize size = 0;

  g_assert_true (g_file_get_contents (large, &bytes, &size, NULL));
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("large%02u.smd", i);

      paths[i] = g_build_filename (dir, name, NULL);
      g_assert_true (g_file_set_contents (paths[i], bytes, (gssize) size, NULL));
    }
  return paths;
}

static void
test_worker_cancel (void)
{
  g_autofree char *large = smd_testdata ("hlsdk_loader_rampwalk_large.smd");
  g_autofree char *dir = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_auto(GStrv) paths = NULL;
  Run run = { 0 };
  g_autofree char *command = NULL;

  if (large == NULL)
    return;
  dir = g_dir_make_tmp ("ossa-test-smd-cancel-XXXXXX", NULL);
  paths = make_large_set (dir, large, LARGE_SET);

  /* Without cancelling, for comparison: the files import. */
  run_import (&run, (const char * const *) paths, 4, NULL);
  g_assert_no_error (run.error);
  g_assert_cmpuint (run.doc->n_animations, ==, 4);
  g_test_message ("%u main loop turns during the import", run.ticks);
  run_clear (&run);

  run = (Run) { 0 };
  run.cancel_on_progress = cancellable;
  run_import (&run, (const char * const *) paths, LARGE_SET, cancellable);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (run.doc);
  g_assert_cmpuint (g_strv_length (run.notices), ==, 0);
  /* Stopped early: the first report cancelled it, well before the end. */
  g_assert_cmpuint (run.fractions->len, >=, 1);
  g_assert_cmpfloat (g_array_index (run.fractions, double, run.fractions->len - 1), <, 1.0);
  run_clear (&run);

  /* Cancelled before it starts: nothing at all. */
  run = (Run) { 0 };
  run_import (&run, (const char * const *) paths, LARGE_SET, cancellable);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (run.doc);
  run_clear (&run);

  command = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL));
}

static void
test_worker_broken (void)
{
  static const char broken[] =
    "version 1\n"
    "nodes\n"
    "  0 \"root\" -1\n"
    "  1 \"arm\" 0\n"
    "end\n"
    "skeleton\n"
    "time 0\n"
    "  0 0 0 0 0 0 0\n"
    "  1 1 0 0 0 0\n"      /* line 9: one field short */
    "end\n";
  g_autofree char *dir = g_dir_make_tmp ("ossa-test-smd-broken-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "broken.smd", NULL);
  g_autofree char *prefix = g_strdup_printf ("%s:9: ", path);
  const char *paths[1] = { path };
  Run run = { 0 };

  g_assert_true (g_file_set_contents (path, broken, -1, NULL));
  run_import (&run, paths, 1, NULL);
  g_assert_null (run.doc);
  g_assert_nonnull (run.error);
  g_test_message ("%s", run.error->message);
  g_assert_true (g_str_has_prefix (run.error->message, prefix));
  run_clear (&run);
  g_unlink (path);
  g_rmdir (dir);
}

/* ---- the dialog in a window ---- */

static GFile *
choose_in_chooser (GtkWindow  *parent,
                   const char *path)
{
  GtkFileChooser *chooser = find_file_chooser (parent);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_assert_nonnull (chooser);
  g_assert_cmpstr (gtk_file_filter_get_name (gtk_file_chooser_get_filter (chooser)), ==,
                   "SMD files (*.smd, *.vta)");
  choose_file (chooser, file);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  gui_test_flush (GTK_WIDGET (parent));
  g_assert_null (find_file_chooser (parent));
  return g_steal_pointer (&file);
}

/* File > Import SMD… on an empty window: the reference through the chooser, an
 * animation, then the new untitled document with bones, mesh and animation. */
static void
test_dialog_import (AppFixture    *f,
                    gconstpointer  data)
{
  g_autofree char *ref = smd_testdata ("hl1test_man_ref.smd");
  g_autofree char *walk = smd_testdata ("hl1test_man_walk.smd");
  const char *paths[2];
  OssaSmdImportDialog *dialog;
  OssaSmdImportOptions options;
  OssaDocument *expected;
  OssaCanvasStats stats;

  if (ref == NULL || walk == NULL)
    return;
  open_window_sized (f, 1000, 700);
  dialog = open_import_dialog (f);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);

  /* Nothing to import yet. */
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (dialog), "smd-import.import", NULL)
                  && ossa_import_dialog_get_running (OSSA_IMPORT_DIALOG (dialog)));
  g_assert_false (ossa_import_dialog_get_running (OSSA_IMPORT_DIALOG (dialog)));

  /* The reference as a person picks it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "smd-import.choose-reference",
                                             NULL));
  gui_test_flush (GTK_WIDGET (dialog));
  g_object_unref (choose_in_chooser (GTK_WINDOW (dialog), ref));
  dialog_set_files (dialog, ref, walk, NULL);
  gui_test_flush (GTK_WIDGET (dialog));
  save_screenshot (GTK_WIDGET (dialog), "smd-import-dialog.png");

  ossa_import_dialog_get_options (OSSA_IMPORT_DIALOG (dialog), &options);
  g_assert_cmpint (options.plane, ==, OSSA_SMD_PLANE_XZ);
  g_assert_cmpfloat (options.fps, ==, 30.0f);
  g_assert_cmpfloat (options.simplify, ==, 0.0f);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "smd-import.import", NULL));
  g_assert_true (ossa_import_dialog_get_running (OSSA_IMPORT_DIALOG (dialog)));
  wait_import (GTK_WINDOW (dialog));
  /* It closed itself; nothing unsaved was in the way, so no question. */
  g_assert_null (dialog);
  g_assert_null (find_message_dialog (GTK_WINDOW (f->window), GTK_MESSAGE_QUESTION));
  g_assert_null (find_message_dialog (GTK_WINDOW (f->window), GTK_MESSAGE_INFO));
  g_assert_null (find_message_dialog (GTK_WINDOW (f->window), GTK_MESSAGE_ERROR));

  paths[0] = ref;
  paths[1] = walk;
  expected = smd_import_directly (paths, 2);
  assert_same_structure (doc_of (f), expected);
  ossa_document_free (expected);

  /* A new document that exists nowhere on disk yet. */
  g_assert_null (ossa_editor_get_file (editor_of (f)));
  g_assert_true (ossa_editor_get_modified (editor_of (f)));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (f->window)), ==, "• Untitled — Ossa");
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "export-smd"));
  /* Like opening a file, not an edit: the history starts at the import. */
  g_assert_false (enabled (f, "undo"));

  /* The rest pose with its mesh: one more draw call. */
  gui_test_flush (GTK_WIDGET (f->window));
  _ossa_canvas_get_stats (f->window->canvas, &stats);
  g_assert_cmpuint (stats.draw_calls, ==, 4);
  save_screenshot (GTK_WIDGET (f->window), "smd-import-rest.png");

  /* The walk, a third of the way in. */
  ossa_editor_set_mode (editor_of (f), OSSA_EDIT_MODE_ANIMATE);
  ossa_editor_set_time (editor_of (f), 0.3);
  ossa_canvas_fit (f->window->canvas);
  gui_test_flush (GTK_WIDGET (f->window));
  _ossa_canvas_get_stats (f->window->canvas, &stats);
  g_assert_cmpuint (stats.draw_calls, ==, 4);
  save_screenshot (GTK_WIDGET (f->window), "smd-import.png");
}

/* A larger model seen from the side (plane yz): Barney walking, every mesh vertex
 * in view after a fit, and a screenshot kept as an artefact. */
static void
test_barney_screenshot (AppFixture    *f,
                        gconstpointer  data)
{
  g_autofree char *ref = smd_testdata ("hlsdk_barney_hd_ref.smd");
  g_autofree char *walk = smd_testdata ("hlsdk_barney_hd_walk.smd");
  const char *paths[2];
  OssaCanvasStats stats;
  OssaSmdImportOptions options;
  const OssaCamera *camera;
  const OssaMesh *mesh;
  g_autofree float *xy = NULL;
  OssaError err;

  if (ref == NULL || walk == NULL)
    return;
  open_window_sized (f, 1000, 700);
  paths[0] = ref;
  paths[1] = walk;
  ossa_smd_import_options_init (&options);
  options.plane = OSSA_SMD_PLANE_YZ;
  ossa_error_clear (&err);
  ossa_editor_take_document (editor_of (f), ossa_smd_import_files (paths, 2, &options, &err));
  g_assert_cmpuint (doc_of (f)->n_meshes, ==, 1);
  ossa_editor_set_mode (editor_of (f), OSSA_EDIT_MODE_ANIMATE);
  ossa_editor_set_time (editor_of (f), 0.4);
  ossa_canvas_fit (f->window->canvas);
  gui_test_flush (GTK_WIDGET (f->window));
  _ossa_canvas_get_stats (f->window->canvas, &stats);
  g_assert_cmpuint (stats.draw_calls, ==, 4);

  /* The fit holds the mesh, not only the bones (the head reaches past them). */
  camera = _ossa_canvas_get_camera (f->window->canvas);
  mesh = &doc_of (f)->meshes[0];
  xy = g_new (float, 2 * mesh->n_vertices);
  ossa_mesh_deform (mesh, ossa_editor_get_world (editor_of (f)), xy);
  for (gsize v = 0; v < mesh->n_vertices; v++)
    {
      double px, py;

      ossa_camera_world_to_widget (camera, xy[2 * v], xy[2 * v + 1], &px, &py);
      g_assert_cmpfloat (px, >=, 0);
      g_assert_cmpfloat (py, >=, 0);
      g_assert_cmpfloat (px, <=, camera->width);
      g_assert_cmpfloat (py, <=, camera->height);
    }
  save_screenshot (GTK_WIDGET (f->window), "smd-barney.png");
}

/* Over unsaved changes: the window's question first; Cancel drops the import. */
static void
test_dialog_unsaved (AppFixture    *f,
                     gconstpointer  data)
{
  g_autofree char *ref = smd_testdata ("hl1test_man_ref.smd");
  OssaSmdImportDialog *dialog;

  if (ref == NULL)
    return;
  open_window_sized (f, 1000, 700);
  add_bone (editor_of (f), "mine", -1);

  dialog = open_import_dialog (f);
  /* A second Import SMD… brings the same dialog forward. */
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "import-smd", NULL);
  gui_test_iterate ();
  g_assert_true (open_import_dialog (f) == dialog);
  dialog_set_files (dialog, ref, NULL);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "smd-import.import", NULL);
  wait_import (GTK_WINDOW (dialog));
  gui_test_flush (GTK_WIDGET (f->window));
  answer_message (find_message_dialog (GTK_WINDOW (f->window), GTK_MESSAGE_QUESTION), GTK_RESPONSE_CANCEL);
  {
    g_autofree char *names = dup_bone_names (doc_of (f));

    g_assert_cmpstr (names, ==, "mine");
  }

  dialog = open_import_dialog (f);
  dialog_set_files (dialog, ref, NULL);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "smd-import.import", NULL);
  wait_import (GTK_WINDOW (dialog));
  gui_test_flush (GTK_WIDGET (f->window));
  answer_message (find_message_dialog (GTK_WINDOW (f->window), GTK_MESSAGE_QUESTION), GTK_RESPONSE_REJECT);
  g_assert_cmpuint (doc_of (f)->skeleton.n_bones, ==, 9);
  g_assert_cmpuint (doc_of (f)->n_meshes, ==, 1);
  g_assert_true (ossa_editor_get_modified (editor_of (f)));
}

/* A long import with the progress bar: Cancel stops it and changes nothing, while
 * the window kept working. */
static void
test_dialog_cancel (AppFixture    *f,
                    gconstpointer  data)
{
  g_autofree char *large = smd_testdata ("hlsdk_loader_rampwalk_large.smd");
  g_auto(GStrv) paths = NULL;
  OssaSmdImportDialog *dialog;
  GtkProgressBar *bar;
  gboolean cancelled = FALSE;
  g_autofree char *names = NULL;
  GtkLabel *status;

  if (large == NULL)
    return;
  paths = make_large_set (f->tmpdir, large, LARGE_SET);
  open_window_sized (f, 1000, 700);
  add_bone (editor_of (f), "mine", -1);

  dialog = open_import_dialog (f);
  dialog_set_files (dialog, paths[0], NULL);
  for (guint i = 1; i < LARGE_SET; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_path (paths[i]);

      ossa_smd_import_dialog_add_animation (dialog, file);
    }
  cancel_at_first_progress (GTK_WINDOW (dialog), "smd-import.cancel", &cancelled);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "smd-import.import", NULL);
  g_assert_true (ossa_import_dialog_get_running (OSSA_IMPORT_DIALOG (dialog)));
  /* The window still takes edits while the worker reads. */
  add_bone (editor_of (f), "during", -1);
  g_assert_cmpuint (doc_of (f)->skeleton.n_bones, ==, 2);

  /* The bar is on show while it runs. */
  bar = import_progress_bar (GTK_WINDOW (dialog));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (bar)));
  wait_import (GTK_WINDOW (dialog));
  g_assert_true (cancelled);
  g_assert_cmpfloat (ossa_import_dialog_get_progress (OSSA_IMPORT_DIALOG (dialog)), <, 1.0);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (bar)));

  /* The dialog stays, says so, and the document is as it was. */
  g_assert_true (find_transient (GTK_WINDOW (f->window), OSSA_TYPE_SMD_IMPORT_DIALOG)
                 == GTK_WINDOW (dialog));
  status = import_status_label (GTK_WINDOW (dialog));
  g_assert_cmpstr (gtk_label_get_text (status), ==, "Cancelled: nothing was imported.");
  g_assert_null (find_message_dialog (GTK_WINDOW (f->window), GTK_MESSAGE_QUESTION));
  g_assert_null (find_message_dialog (GTK_WINDOW (dialog), GTK_MESSAGE_ERROR));
  names = dup_bone_names (doc_of (f));
  g_assert_cmpstr (names, ==, "mine during");
  g_assert_cmpuint (doc_of (f)->n_meshes, ==, 0);
  g_assert_null (ossa_editor_get_file (editor_of (f)));

  /* Cancel again, now idle: the dialog goes. */
  assert_cancel_closes (GTK_WINDOW (dialog), "smd-import.cancel");
}

/* A broken file: its FILE:LINE message over the dialog, and nothing changes. */
static void
test_dialog_broken (AppFixture    *f,
                    gconstpointer  data)
{
  g_autofree char *ref = smd_testdata ("hl1test_man_ref.smd");
  g_autofree char *path = tmp_path (f, "broken_walk.smd");
  g_autofree char *expected = NULL;
  g_autofree char *secondary = NULL;
  g_autofree char *text = NULL;
  g_autofree char *names = NULL;
  OssaSmdImportDialog *dialog;
  GtkMessageDialog *error;

  if (ref == NULL)
    return;
  /* The walk's own first lines, then a frame that stops half-way. */
  g_assert_true (g_file_set_contents (path,
                                      "version 1\n"
                                      "nodes\n"
                                      "  0 \"Bip01\" -1\n"
                                      "end\n"
                                      "skeleton\n"
                                      "time 0\n"
                                      "  0 0.0 0.0 40.0 0.0 0.0 0.0\n"
                                      "time 1\n"
                                      "  0 0.0 0.0 nonsense 0.0 0.0 0.0\n"
                                      "end\n", -1, NULL));
  expected = g_strdup_printf ("%s:9: ", path);
  open_window_sized (f, 1000, 700);
  add_bone (editor_of (f), "mine", -1);

  dialog = open_import_dialog (f);
  dialog_set_files (dialog, ref, path, NULL);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "smd-import.import", NULL);
  wait_import (GTK_WINDOW (dialog));
  gui_test_flush (GTK_WIDGET (dialog));

  error = find_message_dialog (GTK_WINDOW (dialog), GTK_MESSAGE_ERROR);
  g_assert_nonnull (error);
  g_object_get (error, "text", &text, "secondary-text", &secondary, NULL);
  g_test_message ("%s / %s", text, secondary);
  g_assert_cmpstr (text, ==, "Could not import the SMD files");
  g_assert_true (g_str_has_prefix (secondary, expected));
  answer_message (error, GTK_RESPONSE_CLOSE);

  /* Still open for another try; the window's document untouched. */
  g_assert_true (find_transient (GTK_WINDOW (f->window), OSSA_TYPE_SMD_IMPORT_DIALOG)
                 == GTK_WINDOW (dialog));
  g_assert_null (find_message_dialog (GTK_WINDOW (f->window), GTK_MESSAGE_QUESTION));
  names = dup_bone_names (doc_of (f));
  g_assert_cmpstr (names, ==, "mine");
  g_assert_cmpuint (doc_of (f)->n_meshes, ==, 0);
}

/* The editor's strings in @language ("en", "ko", "hi"), from this build's catalogs. */
static void
use_language (const char *language)
{
  g_autofree char *dir = g_build_filename (g_getenv ("OSSA_BUILD_ROOT"), "po", NULL);

  g_setenv ("LANGUAGE", language, TRUE);
  setlocale (LC_ALL, "C.UTF-8");
  bindtextdomain (GETTEXT_PACKAGE, dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

/* With a reference of many frames and no animation files, the note that the
 * reference's own frames become the animation wraps and shows whole inside the
 * dialog at its default size, in English, Korean and Hindi. */
static void
test_dialog_reference_note (AppFixture    *f,
                            gconstpointer  data)
{
  g_autofree char *ref = smd_testdata ("hl1test_sphere_idle_221f.smd");
  const char *languages[] = { "en", "ko", "hi" };

  if (ref == NULL)
    return;
  open_window_sized (f, 1280, 800);
  for (gsize i = 0; i < G_N_ELEMENTS (languages); i++)
    {
      g_autoptr(GFile) file = g_file_new_for_path (ref);
      g_autofree char *shot = g_strdup_printf ("smd-import-note-%s.png", languages[i]);
      OssaSmdImportDialog *dialog;
      graphene_rect_t bounds;
      GtkLabel *note;
      int min = 0, nat = 0;

      use_language (languages[i]);
      dialog = open_import_dialog (f);
      ossa_smd_import_dialog_set_reference (dialog, file);
      gui_test_flush (GTK_WIDGET (dialog));
      note = find_named_label (GTK_WIDGET (dialog), "reference-frames-note");
      g_assert_nonnull (note);
      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (note)));
      if (i == 0)
        g_assert_cmpstr (gtk_label_get_text (note), ==, "None: only the reference’s own frames");
      else
        g_assert_cmpstr (gtk_label_get_text (note), !=, "None: only the reference’s own frames");
      g_assert_true (gtk_label_get_wrap (note));
      gtk_widget_measure (GTK_WIDGET (note), GTK_ORIENTATION_VERTICAL,
                          gtk_widget_get_width (GTK_WIDGET (note)), &min, &nat, NULL, NULL);
      g_assert_cmpint (nat, <=, gtk_widget_get_height (GTK_WIDGET (note)));
      /* Whole, not ellipsized: the layout holds every character. */
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (note)));
      /* Inside the dialog, and inside the list it is the placeholder of. */
      g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (note), GTK_WIDGET (dialog), &bounds));
      g_assert_cmpfloat (bounds.origin.x, >=, 0);
      g_assert_cmpfloat (bounds.origin.y, >=, 0);
      g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=,
                         gtk_widget_get_width (GTK_WIDGET (dialog)));
      g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=,
                         gtk_widget_get_height (GTK_WIDGET (dialog)));
      {
        GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (note),
                                                       GTK_TYPE_SCROLLED_WINDOW);

        g_assert_nonnull (scroller);
        g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (note), scroller, &bounds));
        g_assert_cmpfloat (bounds.origin.x, >=, 0);
        g_assert_cmpfloat (bounds.origin.y, >=, 0);
        g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=,
                           gtk_widget_get_width (scroller));
        g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=,
                           gtk_widget_get_height (scroller));
      }
      save_screenshot (GTK_WIDGET (dialog), shot);
      gtk_window_destroy (GTK_WINDOW (dialog));
      gui_test_flush (GTK_WIDGET (f->window));
    }
  g_unsetenv ("LANGUAGE");
  setlocale (LC_ALL, "C.UTF-8");
}

/* Bones the skeleton lacks are skipped, and the person is told which. */
static void
test_dialog_notices (AppFixture    *f,
                     gconstpointer  data)
{
  g_autofree char *ref = smd_testdata ("hl1test_man_ref.smd");
  g_autofree char *walk = smd_testdata ("hlsdk_barney_hd_walk.smd");
  g_autofree char *text = NULL;
  OssaSmdImportDialog *dialog;
  GtkMessageDialog *info;
  GtkLabel *list;

  if (ref == NULL || walk == NULL)
    return;
  open_window_sized (f, 1000, 700);
  dialog = open_import_dialog (f);
  dialog_set_files (dialog, ref, walk, NULL);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "smd-import.import", NULL);
  wait_import (GTK_WINDOW (dialog));
  gui_test_flush (GTK_WIDGET (f->window));

  g_assert_cmpuint (doc_of (f)->skeleton.n_bones, ==, 9);
  g_assert_cmpuint (doc_of (f)->n_animations, ==, 1);
  info = find_message_dialog (GTK_WINDOW (f->window), GTK_MESSAGE_INFO);
  g_assert_nonnull (info);
  g_object_get (info, "text", &text, NULL);
  g_assert_true (g_str_has_prefix (text, "Imported, with "));
  list = find_named_label (GTK_WIDGET (info), "notices");
  g_assert_nonnull (list);
  g_assert_nonnull (strstr (gtk_label_get_text (list),
                            "hlsdk_barney_hd_walk.smd:3: bone 'Bip01' is not in the skeleton: "
                            "skipped"));
  answer_message (info, GTK_RESPONSE_CLOSE);
  g_assert_null (find_message_dialog (GTK_WINDOW (f->window), GTK_MESSAGE_INFO));
}

/* ---- meshes on the canvas ---- */

/* Two bones and a 20 × 20 square bound to the second one:
 *   base: (0, 0) → (100, 0)
 *   arm:  at (100, 0), along +x, 80 long; the square spans x 30..50, y -10..10 in
 *         the arm's space, so (140, 0) in the world at rest. */
static OssaDocument *
make_mesh_document (void)
{
  OssaDocument *doc = ossa_document_new ();
  OssaTransform base = { 0, 0, 0, 1, 1 };
  OssaTransform arm = { 100, 0, 0, 1, 1 };
  OssaMesh mesh;
  OssaError err;
  static const float positions[] = { 30, -10, 50, -10, 50, 10, 30, 10 };
  static const uint32_t indices[] = { 0, 1, 2, 0, 2, 3 };

  ossa_error_clear (&err);
  g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, "base", -1, &base, 100, 0xd02020ffu,
                                           &err), ==, 0);
  g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, "arm", 0, &arm, 80, 0x20c030ffu,
                                           &err), ==, 1);
  g_assert_true (ossa_mesh_init (&mesh, "square"));
  mesh.n_vertices = 4;
  mesh.bones = g_malloc (4 * sizeof (uint32_t));
  mesh.positions = g_malloc (sizeof positions);
  for (int i = 0; i < 4; i++)
    mesh.bones[i] = 1;
  memcpy (mesh.positions, positions, sizeof positions);
  mesh.n_triangles = 2;
  mesh.indices = g_malloc (sizeof indices);
  memcpy (mesh.indices, indices, sizeof indices);
  g_assert_true (ossa_mesh_validate (&mesh, 2, &err));
  g_assert_cmpint (ossa_document_take_mesh (doc, &mesh, &err), ==, 0);
  g_assert_true (ossa_document_validate (doc, &err));
  return doc;
}

typedef struct
{
  GtkWidget  *window;
  OssaCanvas *canvas;
  OssaEditor *editor;
} Scene;

static int
difference (const int a[3], const int b[3])
{
  return abs (a[0] - b[0]) + abs (a[1] - b[1]) + abs (a[2] - b[2]);
}

static void
test_canvas_mesh (void)
{
  Scene s = { 0 };
  OssaCanvasStats stats;
  OssaTransform turned = { 100, 0, (float) (G_PI / 2), 1, 1 };
  /* Well inside the square but off the arm bone's own shape. */
  const double at_rest[2] = { 140, 8 };
  const double turned_to[2] = { 92, 40 };   /* arm rotated 90°: (100 - 8, 40) */
  int mesh_rgb[3], bare_rgb[3], rgb[3];
  GuiTestPixels p;

  s.editor = ossa_editor_new ();
  ossa_editor_take_document (s.editor, make_mesh_document ());
  s.window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (s.window), 480, 360);
  s.canvas = OSSA_CANVAS (ossa_canvas_new ());
  ossa_canvas_set_editor (s.canvas, s.editor);
  gtk_window_set_child (GTK_WINDOW (s.window), GTK_WIDGET (s.canvas));
  gtk_window_present (GTK_WINDOW (s.window));
  gui_test_canvas_wait_frame (s.canvas);
  g_assert_null (gtk_gl_area_get_error (GTK_GL_AREA (s.canvas)));

  /* Grid, meshes, bones, joints. */
  _ossa_canvas_get_stats (s.canvas, &stats);
  g_assert_cmpuint (stats.draw_calls, ==, 4);

  p = gui_test_canvas_pixels (s.canvas);
  gui_test_canvas_pixel_at (s.canvas, &p, at_rest[0], at_rest[1], mesh_rgb);
  gui_test_canvas_pixel_at (s.canvas, &p, turned_to[0], turned_to[1], bare_rgb);
  g_free (p.data);

  /* Hidden: the square's pixel is the canvas's own, one draw call fewer. */
  g_object_set (s.canvas, "show-meshes", FALSE, NULL);
  gui_test_canvas_wait_frame (s.canvas);
  _ossa_canvas_get_stats (s.canvas, &stats);
  g_assert_cmpuint (stats.draw_calls, ==, 3);
  p = gui_test_canvas_pixels (s.canvas);
  gui_test_canvas_pixel_at (s.canvas, &p, at_rest[0], at_rest[1], rgb);
  g_free (p.data);
  g_test_message ("mesh %d,%d,%d  bare %d,%d,%d", mesh_rgb[0], mesh_rgb[1], mesh_rgb[2],
                  rgb[0], rgb[1], rgb[2]);
  g_assert_cmpint (difference (rgb, mesh_rgb), >, 60);
  g_assert_cmpint (difference (rgb, bare_rgb), <, 20);
  memcpy (bare_rgb, rgb, sizeof rgb);

  /* Shown again, and the arm turned a quarter: the square went with it. */
  g_object_set (s.canvas, "show-meshes", TRUE, NULL);
  g_assert_true (ossa_editor_set_bone_local (s.editor, 1, &turned, 0, NULL));
  gui_test_canvas_wait_frame (s.canvas);
  p = gui_test_canvas_pixels (s.canvas);
  gui_test_canvas_pixel_at (s.canvas, &p, turned_to[0], turned_to[1], rgb);
  g_assert_cmpint (difference (rgb, mesh_rgb), <, 20);
  gui_test_canvas_pixel_at (s.canvas, &p, at_rest[0], at_rest[1], rgb);
  g_assert_cmpint (difference (rgb, bare_rgb), <, 20);
  g_free (p.data);

  gtk_window_destroy (GTK_WINDOW (s.window));
  gui_test_iterate ();
  g_object_unref (s.editor);
}

/* View > Show Meshes follows the canvas and drives it. */
static void
test_window_show_meshes (AppFixture    *f,
                         gconstpointer  data)
{
  g_autoptr(GVariant) state = NULL;
  gboolean show = FALSE;

  open_window_sized (f, 1000, 700);
  g_object_get (f->window->canvas, "show-meshes", &show, NULL);
  g_assert_true (show);
  state = g_action_group_get_action_state (G_ACTION_GROUP (f->window), "show-meshes");
  g_assert_true (g_variant_get_boolean (state));
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "show-meshes", NULL);
  g_object_get (f->window->canvas, "show-meshes", &show, NULL);
  g_assert_false (show);
  g_object_set (f->window->canvas, "show-meshes", TRUE, NULL);
  g_clear_pointer (&state, g_variant_unref);
  state = g_action_group_get_action_state (G_ACTION_GROUP (f->window), "show-meshes");
  g_assert_true (g_variant_get_boolean (state));
}

int
main (int   argc,
      char *argv[])
{
  if (!gui_test_display_or_skip ())
    return 0;
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ossa/smd/worker/progress", test_worker_progress);
  g_test_add_func ("/ossa/smd/worker/cancel", test_worker_cancel);
  g_test_add_func ("/ossa/smd/worker/broken", test_worker_broken);
  g_test_add_func ("/ossa/smd/canvas/mesh", test_canvas_mesh);
  APP_TEST_ADD ("/ossa/smd/dialog/import", test_dialog_import);
  APP_TEST_ADD ("/ossa/smd/dialog/unsaved", test_dialog_unsaved);
  APP_TEST_ADD ("/ossa/smd/barney", test_barney_screenshot);
  APP_TEST_ADD ("/ossa/smd/dialog/cancel", test_dialog_cancel);
  APP_TEST_ADD ("/ossa/smd/dialog/broken", test_dialog_broken);
  APP_TEST_ADD ("/ossa/smd/dialog/notices", test_dialog_notices);
  APP_TEST_ADD ("/ossa/smd/dialog/reference-note", test_dialog_reference_note);
  APP_TEST_ADD ("/ossa/smd/show-meshes", test_window_show_meshes);

  return g_test_run ();
}
