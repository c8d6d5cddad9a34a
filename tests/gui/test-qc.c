/* SPDX-License-Identifier: GPL-3.0-or-later */
/* File > Import Valve Model (.qc)… in a real window, through its GAction: the
 * dialog (not modal, nothing to import until a .qc is chosen, the chooser's
 * filter), the menu item and its key; a whole model whose .qc and SMDs the test
 * writes, imported to the end (the window's question first, then the union
 * skeleton, every mesh and sequence as the core's import makes them, the notices
 * listed, an untitled document with no undo back past it); a long import
 * cancelled at its first progress report; and failures (an $include loop, a
 * parent that differs between reference and animation, a missing SMD) shown as
 * FILE:LINE over the dialog with the document untouched. */
#define G_LOG_DOMAIN "test-qc"

#include "config.h"

#include <locale.h>
#include <string.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-smd-import.h"
#include "ossa-window-private.h"
#include "gui-test-app.h"
#include "gui-test-canvas.h"
#include "gui-test-import.h"

static char *
write_tmp (AppFixture *f,
           const char *basename,
           const char *text)
{
  char *path = tmp_path (f, basename);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static OssaQcImportDialog *
open_qc_dialog (AppFixture *f)
{
  OssaQcImportDialog *dialog;

  g_assert_true (activate (f, "import-qc", NULL));
  gui_test_flush (GTK_WIDGET (f->window));
  dialog = (OssaQcImportDialog *) find_transient (GTK_WINDOW (f->window), OSSA_TYPE_QC_IMPORT_DIALOG);
  g_assert_nonnull (dialog);
  /* Not modal: the window goes on working during a long import. */
  g_assert_false (gtk_window_get_modal (GTK_WINDOW (dialog)));
  return dialog;
}

static void
set_qc (OssaQcImportDialog *dialog,
        const char         *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  ossa_qc_import_dialog_set_file (dialog, file);
}

/* Whether model (or a submenu of it) has an item for action with accel. */
static gboolean
menu_has (GMenuModel *model,
          const char *action,
          const char *accel)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *item_action = NULL, *item_accel = NULL;
      g_autoptr(GMenuLinkIter) links = NULL;
      const char *name;
      GMenuModel *link;

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &item_action)
          && g_strcmp0 (item_action, action) == 0
          && g_menu_model_get_item_attribute (model, i, "accel", "s", &item_accel)
          && g_strcmp0 (item_accel, accel) == 0)
        return TRUE;
      links = g_menu_model_iterate_item_links (model, i);
      while (g_menu_link_iter_get_next (links, &name, &link))
        {
          gboolean found = menu_has (link, action, accel);

          g_object_unref (link);
          if (found)
            return TRUE;
        }
    }
  return FALSE;
}

/* The window's own key for action (its "ossa-window-shortcuts" controller), or NULL. */
static GtkShortcut *
find_window_shortcut (OssaWindow *window,
                      const char *action)
{
  g_autoptr(GListModel) own = gtk_widget_observe_controllers (GTK_WIDGET (window));

  for (guint i = 0; i < g_list_model_get_n_items (own); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (own, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller)
          || g_strcmp0 (gtk_event_controller_get_name (GTK_EVENT_CONTROLLER (controller)),
                        "ossa-window-shortcuts") != 0)
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          GtkShortcut *shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutAction *named = gtk_shortcut_get_action (shortcut);

          if (GTK_IS_NAMED_ACTION (named)
              && g_strcmp0 (gtk_named_action_get_action_name (GTK_NAMED_ACTION (named)), action) == 0)
            return shortcut;
          g_object_unref (shortcut);
        }
    }
  return NULL;
}

/* The menu item, its key in the window, and the dialog it opens: nothing to
 * import until a .qc is chosen, chosen through a chooser that shows .qc files. */
static void
test_action (AppFixture    *f,
             gconstpointer  data)
{
  g_autofree char *path = write_tmp (f, "empty.qc", "$modelname \"empty.mdl\"\n");
  GMenuModel *menubar;
  OssaQcImportDialog *dialog;
  GtkFileChooser *chooser;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GtkShortcut) shortcut = NULL;
  g_autofree char *trigger = NULL;
  OssaSmdImportOptions options;

  open_window_sized (f, 1000, 700);
  menubar = gtk_application_get_menubar (GTK_APPLICATION (f->app));
  g_assert_nonnull (menubar);
  g_assert_true (menu_has (menubar, "win.import-qc", "<Control><Alt>v"));

  /* The window's key is the one the menu shows, and it opens the dialog. */
  shortcut = find_window_shortcut (f->window, "win.import-qc");
  g_assert_nonnull (shortcut);
  trigger = gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut));
  g_assert_cmpstr (trigger, ==, "<Control><Alt>v");
  g_assert_null (ossa_import_dialog_find (OSSA_TYPE_QC_IMPORT_DIALOG, GTK_WINDOW (f->window)));
  g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, GTK_WIDGET (f->window),
                                               gtk_shortcut_get_arguments (shortcut)));
  gui_test_flush (GTK_WIDGET (f->window));
  dialog = OSSA_QC_IMPORT_DIALOG (ossa_import_dialog_find (OSSA_TYPE_QC_IMPORT_DIALOG,
                                                           GTK_WINDOW (f->window)));
  g_assert_nonnull (dialog);
  /* The action again brings the same one forward. */
  g_assert_true (open_qc_dialog (f) == dialog);

  g_assert_null (ossa_qc_import_dialog_get_file (dialog));
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (dialog), "qc-import.import", NULL)
                  && ossa_import_dialog_get_running (OSSA_IMPORT_DIALOG (dialog)));
  g_assert_false (ossa_import_dialog_get_running (OSSA_IMPORT_DIALOG (dialog)));
  ossa_import_dialog_get_options (OSSA_IMPORT_DIALOG (dialog), &options);
  g_assert_cmpint (options.plane, ==, OSSA_SMD_PLANE_XZ);
  g_assert_cmpfloat (options.simplify, ==, 0.0f);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "qc-import.choose", NULL));
  gui_test_flush (GTK_WIDGET (dialog));
  chooser = find_file_chooser (GTK_WINDOW (dialog));
  g_assert_nonnull (chooser);
  g_assert_cmpstr (gtk_file_filter_get_name (gtk_file_chooser_get_filter (chooser)), ==, "Valve models (*.qc)");
  choose_file (chooser, file);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  gui_test_flush (GTK_WIDGET (dialog));
  g_assert_null (find_file_chooser (GTK_WINDOW (dialog)));
  g_assert_true (g_file_equal (ossa_qc_import_dialog_get_file (dialog), file));
  gui_test_flush (GTK_WIDGET (dialog));
  save_screenshot (GTK_WIDGET (dialog), "qc-import-dialog.png");

  /* Escape (Cancel while idle) closes it. */
  assert_cancel_closes (GTK_WINDOW (dialog), "qc-import.cancel");
}

/* ---- the files ---- */

/* A bone of a test SMD: its name and its parent's index in the same file. */
typedef struct
{
  const char *name;
  int         parent;   /* -1: a root */
} Node;

/* The body; the coat, with a bone the body lacks; an animation of both. */
static const Node body_nodes[] = { { "root", -1 }, { "pelvis", 0 }, { "spine", 1 }, { "head", 2 } };
static const Node coat_nodes[] = { { "root", -1 }, { "pelvis", 0 }, { "coat", 1 } };
static const Node walk_nodes[] = { { "root", -1 }, { "pelvis", 0 }, { "spine", 1 }, { "head", 2 },
                                   { "coat", 1 } };
/* The body's nodes with the spine hung under the root (line 5 of the file). */
static const Node bent_nodes[] = { { "root", -1 }, { "pelvis", 0 }, { "spine", 0 }, { "head", 2 } };

/* basename in the test's folder: an SMD of nodes with n_frames frames (each bone
 * turning a little more each frame) and, when material is not NULL, one
 * triangle on each bone. */
static char *
write_smd (AppFixture *f,
           const char *basename,
           const Node *nodes,
           guint       n,
           guint       n_frames,
           const char *material)
{
  g_autoptr(GString) text = g_string_new ("version 1\nnodes\n");
  char *path;

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%u \"%s\" %d\n", i, nodes[i].name, nodes[i].parent);
  g_string_append (text, "end\nskeleton\n");
  for (guint k = 0; k < n_frames; k++)
    {
      g_string_append_printf (text, "time %u\n", k);
      for (guint i = 0; i < n; i++)
        g_string_append_printf (text, "%u %d 0 %u 0 %.4f 0\n", i, nodes[i].parent < 0 ? 0 : 3,
                                10 + i, 0.01 * k * (i + 1));
    }
  g_string_append (text, "end\n");
  if (material != NULL)
    {
      g_string_append (text, "triangles\n");
      for (guint i = 0; i < n; i++)
        g_string_append_printf (text, "%s\n%u 0 0 %u 0 1 0 0 0\n%u 1 0 %u 0 1 0 1 0\n%u 0 0 %u 0 1 0 0 1\n",
                                material, i, 10 + i, i, 10 + i, i, 11 + i);
      g_string_append (text, "end\n");
    }
  path = tmp_path (f, basename);
  g_assert_true (g_file_set_contents (path, text->str, (gssize) text->len, NULL));
  return path;
}

/* The model of the issue: two bodies whose bones differ, a body group of two
 * heads and a blank, two sequences (different rates, one loop) and a command
 * Ossa does not use, twice. */
static const char model_qc[] =
  "$modelname \"model.mdl\"\n"
  "$eyeposition 0 0 60\n"                 /* line 2 */
  "$body body \"body\"\n"
  "$body coat \"coat.smd\"\n"
  "$bodygroup heads\n"
  "{\n"
  "  studio \"head_a\"\n"
  "  blank\n"
  "  studio \"head_b\"\n"
  "}\n"
  "$sequence walk \"walk\" fps 12 loop\n"
  "$sequence idle \"idle\" fps 24\n"
  "$eyeposition 0 0 64\n";

#define WALK_FRAMES 5
#define IDLE_FRAMES 3

static char *
write_model (AppFixture *f)
{
  g_free (write_smd (f, "body.smd", body_nodes, G_N_ELEMENTS (body_nodes), 1, "skin.bmp"));
  g_free (write_smd (f, "coat.smd", coat_nodes, G_N_ELEMENTS (coat_nodes), 1, "coat.bmp"));
  g_free (write_smd (f, "head_a.smd", body_nodes, G_N_ELEMENTS (body_nodes), 1, "face_a.bmp"));
  g_free (write_smd (f, "head_b.smd", body_nodes, G_N_ELEMENTS (body_nodes), 1, "face_b.bmp"));
  g_free (write_smd (f, "walk.smd", walk_nodes, G_N_ELEMENTS (walk_nodes), WALK_FRAMES, NULL));
  g_free (write_smd (f, "idle.smd", body_nodes, G_N_ELEMENTS (body_nodes), IDLE_FRAMES, NULL));
  return write_tmp (f, "model.qc", model_qc);
}

/* ---- a finished import ---- */

/* The dialog's import of qc, run to its end. */
static void
import_through_dialog (AppFixture *f,
                       const char *qc)
{
  OssaQcImportDialog *dialog = open_qc_dialog (f);

  set_qc (dialog, qc);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "qc-import.import", NULL));
  g_assert_true (ossa_import_dialog_get_running (OSSA_IMPORT_DIALOG (dialog)));
  wait_import (GTK_WINDOW (dialog));
  gui_test_flush (GTK_WIDGET (f->window));
}

static char *
dup_mesh_names (const OssaDocument *doc)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) names = NULL;

  for (gsize i = 0; i < doc->n_meshes; i++)
    g_strv_builder_add (builder, doc->meshes[i].name);
  names = g_strv_builder_end (builder);
  return g_strjoinv (" ", names);
}

/* What the window holds is the model: the core's import of the same .qc, and
 * what the .qc says of it. */
static void
assert_model (const OssaDocument *doc,
              const char         *qc)
{
  static const int parents[] = { -1, 0, 1, 2, 1 };
  g_autofree char *names = dup_bone_names (doc);
  g_autofree char *meshes = dup_mesh_names (doc);
  OssaDocument *expected;
  OssaError err;

  ossa_error_clear (&err);
  expected = ossa_qc_import_file (qc, NULL, &err);
  if (expected == NULL)
    g_error ("%s:%d: %s", err.path, err.line, err.message);
  assert_same_structure (doc, expected);
  for (gsize i = 0; i < doc->skeleton.n_bones; i++)
    g_assert_true (memcmp (&doc->skeleton.bones[i].rest, &expected->skeleton.bones[i].rest,
                           sizeof (OssaTransform)) == 0);
  ossa_document_free (expected);

  /* The union of the bodies' bones, parents merged by name. */
  g_assert_cmpstr (names, ==, "root pelvis spine head coat");
  for (gsize i = 0; i < G_N_ELEMENTS (parents); i++)
    g_assert_cmpint (doc->skeleton.bones[i].parent, ==, parents[i]);
  /* Every choice a mesh, the blank none. */
  g_assert_cmpstr (meshes, ==, "body coat heads/head_a heads/head_b");
  /* Each sequence with its own rate and loop flag. */
  g_assert_cmpuint (doc->n_animations, ==, 2);
  g_assert_cmpstr (doc->animations[0].name, ==, "walk");
  g_assert_cmpfloat (doc->animations[0].fps, ==, 12);
  g_assert_true (doc->animations[0].loop);
  g_assert_cmpfloat_with_epsilon (doc->animations[0].duration, (WALK_FRAMES - 1) / 12.0, 1e-6);
  g_assert_cmpstr (doc->animations[1].name, ==, "idle");
  g_assert_cmpfloat (doc->animations[1].fps, ==, 24);
  g_assert_false (doc->animations[1].loop);
  g_assert_cmpfloat_with_epsilon (doc->animations[1].duration, (IDLE_FRAMES - 1) / 24.0, 1e-6);
  /* The walk moves the coat, a bone only the coat's mesh has. */
  g_assert_nonnull (ossa_animation_find_track (&doc->animations[0], 4, OSSA_CHANNEL_ROTATE));
}

/* Over unsaved changes: the window's question; Cancel keeps the document, and
 * Discard takes the model, with its notices listed once, as a new untitled
 * document whose history starts at the import (as an SMD import's does). */
static void
test_import (AppFixture    *f,
             gconstpointer  data)
{
  g_autofree char *qc = NULL;
  GtkMessageDialog *info;
  GtkLabel *list;
  g_autofree char *text = NULL;
  OssaCanvasStats stats;

  open_window_sized (f, 1000, 700);
  qc = write_model (f);
  add_bone (editor_of (f), "mine", -1);

  import_through_dialog (f, qc);
  g_assert_null (ossa_import_dialog_find (OSSA_TYPE_QC_IMPORT_DIALOG, GTK_WINDOW (f->window)));
  answer_message (find_question (GTK_WINDOW (f->window)), GTK_RESPONSE_CANCEL);
  assert_names (f, "mine");
  g_assert_null (find_message_dialog (GTK_WINDOW (f->window), GTK_MESSAGE_INFO));

  import_through_dialog (f, qc);
  answer_message (find_question (GTK_WINDOW (f->window)), GTK_RESPONSE_REJECT);
  gui_test_flush (GTK_WIDGET (f->window));
  assert_model (doc_of (f), qc);

  /* $eyeposition named once, where it first stood. */
  info = find_message_dialog (GTK_WINDOW (f->window), GTK_MESSAGE_INFO);
  g_assert_nonnull (info);
  g_object_get (info, "text", &text, NULL);
  g_assert_cmpstr (text, ==, "Imported, with 1 note");
  list = find_named_label (GTK_WIDGET (info), "notices");
  g_assert_nonnull (list);
  g_assert_cmpstr (gtk_label_get_text (list), ==, "model.qc:2: $eyeposition is not used by Ossa: skipped");
  save_screenshot (GTK_WIDGET (info), "qc-import-notices.png");
  answer_message (info, GTK_RESPONSE_CLOSE);
  g_assert_null (find_message_dialog (GTK_WINDOW (f->window), GTK_MESSAGE_INFO));

  g_assert_null (ossa_editor_get_file (editor_of (f)));
  g_assert_true (ossa_editor_get_modified (editor_of (f)));
  g_assert_cmpstr (title_of (f), ==, "• Untitled — Ossa");
  /* On the canvas, meshes included: grid, meshes, bones, joints. */
  gui_test_flush (GTK_WIDGET (f->window));
  _ossa_canvas_get_stats (f->window->canvas, &stats);
  g_assert_cmpuint (stats.draw_calls, ==, 4);
  save_screenshot (GTK_WIDGET (f->window), "qc-import.png");

  /* Not undoable, as opening a file is not: the old document is gone, and an
   * edit's undo comes back to the model. */
  g_assert_false (enabled (f, "undo"));
  add_bone (editor_of (f), "extra", 0);
  g_assert_true (activate (f, "undo", NULL));
  g_assert_false (enabled (f, "undo"));
  assert_model (doc_of (f), qc);
}

/* ---- a long import cancelled ---- */

#define LARGE_BONES     40
#define LARGE_FRAMES    1000
#define LARGE_SEQUENCES 40

/* A .qc of one body of LARGE_BONES bones and LARGE_SEQUENCES sequences of
 * LARGE_FRAMES frames each, every one its own file: about 35 MB, a third of a
 * second to import even in a debug build, and cancelled long before its end. */
static char *
write_large_model (AppFixture *f)
{
  g_autoptr(GString) qc = g_string_new ("$body body \"large\"\n");
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  Node nodes[LARGE_BONES];

  for (guint i = 0; i < LARGE_BONES; i++)
    {
      g_ptr_array_add (names, g_strdup_printf ("bone%02u", i));
      nodes[i] = (Node) { g_ptr_array_index (names, i), (int) i - 1 };
    }
  g_free (write_smd (f, "large.smd", nodes, LARGE_BONES, 1, "skin.bmp"));
  for (guint s = 0; s < LARGE_SEQUENCES; s++)
    {
      g_autofree char *basename = g_strdup_printf ("seq%02u.smd", s);

      g_free (write_smd (f, basename, nodes, LARGE_BONES, LARGE_FRAMES, NULL));
      g_string_append_printf (qc, "$sequence seq%02u \"seq%02u\" fps 30\n", s, s);
    }
  return write_tmp (f, "large.qc", qc->str);
}

/* Cancel at the first progress report: the import stops, the dialog says so and
 * stays, and the document is as it was, edits made meanwhile included. */
static void
test_cancel (AppFixture    *f,
             gconstpointer  data)
{
  g_autofree char *qc = write_large_model (f);
  OssaQcImportDialog *dialog;
  GtkProgressBar *bar;
  gboolean cancelled = FALSE;

  open_window_sized (f, 1000, 700);
  add_bone (editor_of (f), "mine", -1);
  dialog = open_qc_dialog (f);
  set_qc (dialog, qc);
  cancel_at_first_progress (GTK_WINDOW (dialog), "qc-import.cancel", &cancelled);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "qc-import.import", NULL));
  g_assert_true (ossa_import_dialog_get_running (OSSA_IMPORT_DIALOG (dialog)));
  /* The window still takes edits while the worker reads. */
  add_bone (editor_of (f), "during", -1);
  bar = import_progress_bar (GTK_WINDOW (dialog));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (bar)));
  wait_import (GTK_WINDOW (dialog));

  /* Still there (a finished import would have closed it). */
  g_assert_true (cancelled);
  g_assert_true (ossa_import_dialog_find (OSSA_TYPE_QC_IMPORT_DIALOG, GTK_WINDOW (f->window))
                 == OSSA_IMPORT_DIALOG (dialog));
  g_assert_cmpfloat (ossa_import_dialog_get_progress (OSSA_IMPORT_DIALOG (dialog)), >, 0.0);
  g_assert_cmpfloat (ossa_import_dialog_get_progress (OSSA_IMPORT_DIALOG (dialog)), <, 1.0);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (bar)));
  g_assert_cmpstr (gtk_label_get_text (import_status_label (GTK_WINDOW (dialog))), ==,
                   "Cancelled: nothing was imported.");
  g_assert_null (find_message_dialog (GTK_WINDOW (dialog), GTK_MESSAGE_ERROR));
  g_assert_null (find_question (GTK_WINDOW (f->window)));
  assert_names (f, "mine during");
  g_assert_cmpuint (doc_of (f)->n_meshes, ==, 0);
  g_assert_cmpuint (doc_of (f)->n_animations, ==, 0);
  g_assert_null (ossa_editor_get_file (editor_of (f)));

  /* Cancel again, now idle: the dialog goes. */
  assert_cancel_closes (GTK_WINDOW (dialog), "qc-import.cancel");
}

/* ---- imports that fail ---- */

/* The import of qc over an unsaved bone "mine": the error over the dialog reads
 * "PREFIX… PART…", the dialog stays for another try, nothing is asked and the
 * document is as it was. */
static void
assert_import_fails (AppFixture *f,
                     const char *qc,
                     const char *prefix,
                     const char *part)
{
  g_autofree char *text = NULL, *secondary = NULL;
  OssaQcImportDialog *dialog;
  GtkMessageDialog *error;

  open_window_sized (f, 1000, 700);
  add_bone (editor_of (f), "mine", -1);
  import_through_dialog (f, qc);
  dialog = OSSA_QC_IMPORT_DIALOG (ossa_import_dialog_find (OSSA_TYPE_QC_IMPORT_DIALOG,
                                                           GTK_WINDOW (f->window)));
  g_assert_nonnull (dialog);
  gui_test_flush (GTK_WIDGET (dialog));

  error = find_message_dialog (GTK_WINDOW (dialog), GTK_MESSAGE_ERROR);
  g_assert_nonnull (error);
  g_object_get (error, "text", &text, "secondary-text", &secondary, NULL);
  g_test_message ("%s / %s", text, secondary);
  g_assert_cmpstr (text, ==, "Could not import the Valve model");
  g_assert_true (g_str_has_prefix (secondary, prefix));
  g_assert_nonnull (strstr (secondary, part));
  answer_message (error, GTK_RESPONSE_CLOSE);

  g_assert_true (ossa_import_dialog_find (OSSA_TYPE_QC_IMPORT_DIALOG, GTK_WINDOW (f->window))
                 == OSSA_IMPORT_DIALOG (dialog));
  g_assert_false (ossa_import_dialog_get_running (OSSA_IMPORT_DIALOG (dialog)));
  g_assert_null (find_question (GTK_WINDOW (f->window)));
  g_assert_null (find_message_dialog (GTK_WINDOW (f->window), GTK_MESSAGE_INFO));
  assert_names (f, "mine");
  g_assert_cmpuint (doc_of (f)->n_meshes, ==, 0);
  g_assert_cmpuint (doc_of (f)->n_animations, ==, 0);
  g_assert_true (ossa_editor_get_modified (editor_of (f)));
}

/* An $include loop: the line of the $include that closes it. */
static void
test_broken (AppFixture    *f,
             gconstpointer  data)
{
  g_autofree char *inc = write_tmp (f, "anims.qci", "$sequence walk \"walk\" fps 30\n$include \"model.qc\"\n");
  g_autofree char *path = write_tmp (f, "model.qc", "$body body \"ref\"\n\n$include \"anims.qci\"\n");
  g_autofree char *prefix = g_strdup_printf ("%s:2: ", inc);

  assert_import_fails (f, path, prefix, "$include loop");
}

/* An animation that hangs the spine under the root where the body has it under
 * the pelvis: its own line, the bone and both parents (studiomdl's refusal). */
static void
test_parent_mismatch (AppFixture    *f,
                      gconstpointer  data)
{
  g_autofree char *bent = write_smd (f, "bent.smd", bent_nodes, G_N_ELEMENTS (bent_nodes), 2, NULL);
  g_autofree char *path = write_tmp (f, "bent.qc", "$body body \"body\"\n$sequence bent \"bent\" fps 30\n");
  g_autofree char *prefix = g_strdup_printf ("%s:5: ", bent);

  g_free (write_model (f));

  assert_import_fails (f, path, prefix, "bone 'spine' has parent 'root' here but parent 'pelvis' in the reference");
}

/* A sequence whose SMD is not there: the .qc line that names it. */
static void
test_missing_smd (AppFixture    *f,
                  gconstpointer  data)
{
  g_autofree char *path = write_tmp (f, "missing.qc",
                                     "$body body \"body\"\n"
                                     "$sequence walk \"walk\" fps 12 loop\n"
                                     "$sequence gone \"nowhere\" fps 30\n");
  g_autofree char *prefix = g_strdup_printf ("%s:3: ", path);

  g_free (write_model (f));

  assert_import_fails (f, path, prefix, "nowhere.smd");
}

int
main (int   argc,
      char *argv[])
{
  if (!gui_test_display_or_skip ())
    return 0;
  gtk_test_init (&argc, &argv, NULL);
  setlocale (LC_ALL, "C.UTF-8");

  APP_TEST_ADD ("/ossa/qc/dialog/action", test_action);
  APP_TEST_ADD ("/ossa/qc/dialog/import", test_import);
  APP_TEST_ADD ("/ossa/qc/dialog/cancel", test_cancel);
  APP_TEST_ADD ("/ossa/qc/dialog/broken", test_broken);
  APP_TEST_ADD ("/ossa/qc/dialog/parent-mismatch", test_parent_mismatch);
  APP_TEST_ADD ("/ossa/qc/dialog/missing-smd", test_missing_smd);

  return g_test_run ();
}
