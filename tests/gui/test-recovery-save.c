/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The recovery copy and the window's saves on the worker thread, and a recovery
 * folder on a full disk. A copy goes only once a save has written the document:
 * not when the save starts, never after one that failed. Edits made while a save
 * writes get a copy of their own as soon as it is done. A copy being written
 * when a save ends or the window closes never comes back. A recovered document
 * saved over an original that another program changed since the crashed session
 * read it asks first. Quitting while a save and a copy run leaves no copy. And a
 * copy that cannot be written (the disk full: the fail-write shim, which the
 * build preloads) is said once, in the status bar, never in a dialog, and harms
 * neither saving nor the last good copy. */
#define G_LOG_DOMAIN "test-recovery-save"

#include "config.h"

#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utime.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-recovery-dialog.h"
#include "ossa-recovery-index.h"
#include "ossa-recovery-store.h"
#include "gui-test-app.h"

/* ---- helpers ---- */

static char *state_dir;

static char *
folder (void)
{
  return ossa_recovery_dup_folder ();
}

static void
empty_folder (void)
{
  g_autofree char *dir = folder ();
  g_autofree char *command = g_strdup_printf ("rm -rf '%s'", dir);

  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL));
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The names in dir, sorted, space-separated ("" when empty or gone); set-aside/
 * is not counted. Temporary files of a write show here too. */
static char *
list_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (strcmp (name, OSSA_RECOVERY_SET_ASIDE) != 0)
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static char *
list_folder (void)
{
  g_autofree char *dir = folder ();

  return list_dir (dir);
}

/* What a copy id leaves in the folder: its copy and its index, nothing else. */
static void
assert_folder_holds (const char *id)
{
  g_autofree char *listed = list_folder ();
  g_autofree char *expected = id != NULL ? g_strdup_printf ("%s.ini %s.ossa", id, id)
                                         : g_strdup ("");

  g_assert_cmpstr (listed, ==, expected);
}

/* Every copy an autosave tried to write, and those that failed. */
typedef struct
{
  guint tried;
  guint failed;
} Attempts;

static void
copied_cb (OssaAutosave *autosave, gboolean ok, Attempts *a)
{
  a->tried++;
  a->failed += !ok;
}

/* Copies written so far, for wait_count(). */
static guint n_written;

static void
count_written_cb (OssaAutosave *autosave)
{
  n_written = ossa_autosave_get_n_copies (autosave);
}

typedef struct
{
  const guint *counter;
  guint        n;
} CountWait;

static gboolean
count_reached (gpointer data)
{
  CountWait *w = data;

  return *w->counter >= w->n;
}

/* Until *counter is at least n. */
static void
wait_count (const guint *counter, guint n)
{
  CountWait w = { counter, n };

  g_assert_true (gui_test_iterate_until (count_reached, &w));
}

static OssaRecoveryIndex *
read_index (const char *id)
{
  g_autofree char *dir = folder ();
  g_autofree char *path = ossa_recovery_dup_path (dir, id, ".ini");
  g_autofree char *text = read_file (path);
  g_autoptr(GError) error = NULL;
  OssaRecoveryIndex *index = ossa_recovery_index_parse (text, strlen (text), &error);

  g_assert_no_error (error);
  return index;
}

/* The bone names of the document in the file at path. */
static char *
names_in (const char *path)
{
  OssaError err = { 0 };
  OssaDocument *doc = ossa_document_load (path, &err);
  char *names;

  g_assert_cmpstr (err.message, ==, "");
  g_assert_nonnull (doc);
  names = dup_bone_names (doc);
  ossa_document_free (doc);
  return names;
}

static char *
names_in_copy (const char *id)
{
  g_autofree char *dir = folder ();
  g_autofree char *path = ossa_recovery_dup_path (dir, id, ".ossa");

  return names_in (path);
}

static void
assert_names_in_file (GFile *file, const char *expected)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *names = names_in (path);

  g_assert_cmpstr (names, ==, expected);
}

typedef struct
{
  gboolean done;
  gboolean ok;
  GError  *error;
} Outcome;

static void
saved_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Outcome *o = user_data;

  o->ok = ossa_window_save_file_finish (OSSA_WINDOW (source), result, &o->error);
  o->done = TRUE;
}

static gboolean
outcome_done (gpointer data)
{
  return ((Outcome *) data)->done;
}

static void
wait_outcome (Outcome *o)
{
  g_assert_true (gui_test_iterate_until (outcome_done, o));
}

static gboolean
window_gone (gpointer data)
{
  AppFixture *f = data;

  return gtk_application_get_windows (GTK_APPLICATION (f->app)) == NULL;
}

/* No message of any kind over the window. */
static void
assert_no_dialog (AppFixture *f)
{
  static const GtkMessageType types[] = {
    GTK_MESSAGE_INFO, GTK_MESSAGE_WARNING, GTK_MESSAGE_QUESTION, GTK_MESSAGE_ERROR,
    GTK_MESSAGE_OTHER,
  };

  for (gsize i = 0; i < G_N_ELEMENTS (types); i++)
    g_assert_null (find_message_dialog (GTK_WINDOW (f->window), types[i]));
}

/* What the status bar says about the recovery copy; NULL when nothing. */
static const char *
recovery_status (AppFixture *f)
{
  if (!gtk_widget_get_visible (f->window->recovery_status))
    return NULL;
  return gtk_label_get_text (f->window->recovery_label);
}

/* A copy asked for now and its write waited for; whether it was written. */
static gboolean
copy_and_wait (OssaAutosave *autosave)
{
  Attempts a = { 0 };

  g_signal_connect (autosave, "copied", G_CALLBACK (copied_cb), &a);
  ossa_autosave_write_now (autosave);
  wait_count (&a.tried, 1);
  g_signal_handlers_disconnect_by_data (autosave, &a);
  return a.failed == 0;
}

/* trio.ossa open in a new window, the recovery folder empty, copies made only
 * when asked (or after 20 edits). */
static OssaAutosave *
open_trio (AppFixture *f, GFile **file_out)
{
  g_autoptr(GFile) file = save_trio (f, "trio.ossa");

  empty_folder ();
  open_window (f);
  g_assert_true (ossa_window_open_file (f->window, file, NULL));
  if (file_out != NULL)
    *file_out = g_object_ref (file);
  ossa_autosave_set_interval (ossa_window_get_autosave (f->window), 3600);
  return ossa_window_get_autosave (f->window);
}

#define BIG_BONES 20000

/* A document of n bones in a chain, big enough that encoding it takes a while
 * (a copy's worker is still under way when the main thread goes on), open in a
 * new window. */
static OssaAutosave *
open_big (AppFixture *f, guint n, GFile **file_out)
{
  g_autofree char *path = tmp_path (f, "big.ossa");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  OssaTransform rest = ossa_transform_identity ();
  OssaDocument *doc = ossa_document_new ();
  OssaError err = { 0 };

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("b%u", i);

      g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, name, (int) i - 1, &rest, 1.0f,
                                               0xffffffffu, &err), ==, (int) i);
    }
  g_assert_true (ossa_document_save (doc, path, &err));
  ossa_document_free (doc);
  empty_folder ();
  open_window (f);
  g_assert_true (ossa_window_open_file (f->window, file, NULL));
  ossa_autosave_set_interval (ossa_window_get_autosave (f->window), 3600);
  /* The map workspace on show: no frame of the skeleton's drawing (tens of
   * milliseconds for so many bones in software GL) stands between the main
   * loop and what a test waits for. */
  gtk_stack_set_visible_child_name (f->window->workspace_stack, "map");
  gui_test_flush (GTK_WIDGET (f->window));
  *file_out = g_object_ref (file);
  return ossa_window_get_autosave (f->window);
}

/* ---- a copy goes when the save has written, not before ---- */

static void
test_copy_goes_when_written (AppFixture *f, gconstpointer data)
{
  g_autoptr(GFile) file = NULL;
  OssaAutosave *autosave;
  OssaEditor *editor;
  g_autofree char *id = NULL;
  Outcome o = { 0 };

  if (!full_disk_available ())
    return;
  autosave = open_trio (f, &file);
  editor = editor_of (f);
  rename_bone (editor, 0, "hips");
  g_assert_true (copy_and_wait (autosave));
  id = g_strdup (ossa_autosave_get_id (autosave));
  assert_folder_holds (id);

  /* Started, not written yet: the copy stays. */
  ossa_window_save_file_async (f->window, file, saved_cb, &o);
  g_assert_true (ossa_editor_get_saving (editor));
  assert_folder_holds (id);
  g_assert_cmpstr (ossa_autosave_get_id (autosave), ==, id);
  wait_outcome (&o);
  g_assert_no_error (o.error);
  g_assert_true (o.ok);
  gui_test_iterate ();
  /* Written: nothing left to recover. */
  assert_folder_holds (NULL);
  g_assert_null (ossa_autosave_get_id (autosave));
  g_assert_false (ossa_editor_get_modified (editor));

  /* A save that fails (the document's disk full) keeps the copy. */
  rename_bone (editor, 0, "pelvis");
  g_assert_true (copy_and_wait (autosave));
  g_clear_pointer (&id, g_free);
  id = g_strdup (ossa_autosave_get_id (autosave));
  g_assert_nonnull (id);
  o = (Outcome) { 0 };
  full_disk_arm (f->tmpdir);
  ossa_window_save_file_async (f->window, file, saved_cb, &o);
  wait_outcome (&o);
  full_disk_disarm ();
  g_assert_false (o.ok);
  g_clear_error (&o.error);
  dismiss_error (f);
  gui_test_linger (0.2);
  g_assert_true (ossa_editor_get_modified (editor));
  g_assert_cmpstr (ossa_autosave_get_id (autosave), ==, id);
  assert_folder_holds (id);
  {
    g_autofree char *names = names_in_copy (id);

    g_assert_cmpstr (names, ==, "pelvis spine head");
  }
  assert_names_in_file (file, "hips spine head");

  /* The disk has room again: Save writes, and then the copy goes. */
  g_assert_true (activate (f, "save", NULL));
  g_assert_null (find_error_dialog (GTK_WINDOW (f->window)));
  assert_names_in_file (file, "pelvis spine head");
  assert_folder_holds (NULL);
}

/* ---- edits made while a save writes ---- */

/* They are in no file: a copy of them is made as soon as the save is done (not
 * an interval later, an hour here), counting only them as changes. */
static void
test_edit_while_saving (AppFixture *f, gconstpointer data)
{
  g_autoptr(GFile) file = NULL;
  OssaAutosave *autosave = open_trio (f, &file);
  OssaEditor *editor = editor_of (f);
  g_autoptr(OssaRecoveryIndex) index = NULL;
  g_autofree char *names = NULL;
  Attempts a = { 0 };
  Outcome o = { 0 };

  rename_bone (editor, 2, "skull");
  rename_bone (editor, 1, "back");
  g_assert_true (copy_and_wait (autosave));

  g_signal_connect (autosave, "copied", G_CALLBACK (copied_cb), &a);
  ossa_window_save_file_async (f->window, file, saved_cb, &o);
  add_bone (editor, "jaw", 2);
  wait_outcome (&o);
  g_assert_true (o.ok);
  assert_names_in_file (file, "root back skull");
  g_assert_true (ossa_editor_get_modified (editor));

  wait_count (&a.tried, 1);
  g_signal_handlers_disconnect_by_data (autosave, &a);
  g_assert_cmpuint (a.failed, ==, 0);
  g_assert_nonnull (ossa_autosave_get_id (autosave));
  assert_folder_holds (ossa_autosave_get_id (autosave));
  names = names_in_copy (ossa_autosave_get_id (autosave));
  g_assert_cmpstr (names, ==, "root back skull jaw");
  index = read_index (ossa_autosave_get_id (autosave));
  g_assert_cmpuint (index->changes, ==, 1);

  /* Undone back to what the save wrote: nothing to recover. */
  g_assert_true (ossa_editor_undo (editor, NULL));
  gui_test_iterate ();
  g_assert_false (ossa_editor_get_modified (editor));
  assert_folder_holds (NULL);
}

/* ---- a copy under way never comes back ---- */

/* A copy asked for at the last moment of a save, as the autosave's timer may
 * fire then: on notify::can-redo as the save ends, the last notify before the
 * document counts as saved (which removes the copy), so that the copy's worker
 * is still encoding when its copy is removed. */
typedef struct
{
  OssaAutosave *autosave;
  gboolean      armed;
} CopyAtSaveEnd;

static void
copy_at_save_end_cb (OssaEditor    *editor,
                     GParamSpec    *pspec,
                     CopyAtSaveEnd *c)
{
  if (!c->armed || ossa_editor_get_saving (editor))
    return;
  c->armed = FALSE;
  g_assert_true (ossa_editor_get_modified (editor));
  ossa_autosave_write_now (c->autosave);
}

/* The same as the window goes (its cancellable is cancelled first thing),
 * before it removes its copy. */
static void
copy_at_close_cb (GCancellable *cancellable,
                  OssaAutosave *autosave)
{
  ossa_autosave_write_now (autosave);
}

static void
assert_first_bone_on_disk (GFile *file, const char *expected)
{
  OssaError err = { 0 };
  OssaDocument *doc = ossa_document_load (g_file_peek_path (file), &err);

  g_assert_nonnull (doc);
  g_assert_cmpstr (doc->skeleton.bones[0].name, ==, expected);
  ossa_document_free (doc);
}

/* A save ends, or the window closes, while a copy of a big document is being
 * encoded on its worker: once the worker is done there is no copy (a save with
 * nothing after it, and a close that discards, leave nothing to recover), nor
 * any half-written file. */
static void
test_no_resurrection (AppFixture *f, gconstpointer data)
{
  g_autoptr(GFile) file = NULL;
  OssaAutosave *autosave = open_big (f, BIG_BONES, &file);
  OssaEditor *editor = editor_of (f);
  GtkWindow *window = GTK_WINDOW (f->window);
  CopyAtSaveEnd at_end = { autosave, FALSE };
  Attempts a = { 0 };
  gint64 worker_us = 0;

  g_signal_connect (autosave, "copied", G_CALLBACK (copied_cb), &a);
  g_signal_connect (editor, "notify::can-redo", G_CALLBACK (copy_at_save_end_cb), &at_end);

  /* A save ends while a copy is encoded. */
  rename_bone (editor, 0, "first");
  at_end.armed = TRUE;
  g_assert_true (activate (f, "save", NULL));
  g_assert_false (at_end.armed);
  g_assert_false (ossa_editor_get_modified (editor));
  wait_count (&a.tried, 1);
  ossa_autosave_get_timings (autosave, NULL, &worker_us);
  g_test_message ("the copy's worker took %" G_GINT64_FORMAT " µs", worker_us);
  gui_test_linger (0.1);
  g_assert_null (ossa_autosave_get_id (autosave));
  assert_folder_holds (NULL);
  assert_first_bone_on_disk (file, "first");
  g_signal_handlers_disconnect_by_data (editor, &at_end);

  /* The window closes (Discard) while a copy is encoded. */
  g_object_ref (autosave);
  rename_bone (editor, 0, "gone");
  g_signal_connect (f->window->cancellable, "cancelled", G_CALLBACK (copy_at_close_cb),
                    autosave);
  gtk_window_close (window);
  answer_question (f, GTK_RESPONSE_REJECT);
  g_assert_true (gui_test_iterate_until (window_gone, f));
  f->window = NULL;
  wait_count (&a.tried, 2);
  gui_test_linger (0.1);
  assert_folder_holds (NULL);
  g_signal_handlers_disconnect_by_data (autosave, &a);
  g_object_unref (autosave);
  assert_first_bone_on_disk (file, "first");
}

/* ---- quitting while a save and a copy run ---- */

static void
test_quit_while_saving (AppFixture *f, gconstpointer data)
{
  g_autoptr(GFile) file = NULL;
  OssaAutosave *autosave = open_big (f, BIG_BONES, &file);
  OssaEditor *editor = editor_of (f);
  CopyAtSaveEnd at_end = { autosave, FALSE };
  g_autofree char *doc_folder = g_path_get_dirname (g_file_peek_path (file));
  g_autofree char *left = NULL;
  Attempts a = { 0 };

  g_object_ref (autosave);
  g_object_ref (editor);
  g_signal_connect (autosave, "copied", G_CALLBACK (copied_cb), &a);
  rename_bone (editor, 0, "kept");
  g_assert_true (copy_and_wait (autosave));
  g_assert_cmpuint (a.tried, ==, 1);
  rename_bone (editor, 0, "also");
  /* Quit with a save under way, and a copy that starts as it ends. */
  g_signal_connect (editor, "notify::can-redo", G_CALLBACK (copy_at_save_end_cb), &at_end);
  at_end.armed = TRUE;
  ossa_window_save_file_async (f->window, file, NULL, NULL);
  g_action_group_activate_action (G_ACTION_GROUP (f->app), "quit", NULL);
  /* The save ends, nothing is left to ask, the window goes. */
  g_assert_true (gui_test_iterate_until (window_gone, f));
  f->window = NULL;
  g_assert_false (at_end.armed);
  wait_count (&a.tried, 2);
  gui_test_linger (0.1);
  assert_folder_holds (NULL);
  /* Nor any temporary file beside the document. */
  left = list_dir (doc_folder);
  g_assert_cmpstr (left, ==, "big.ossa");
  assert_first_bone_on_disk (file, "also");
  g_signal_handlers_disconnect_by_data (autosave, &a);
  g_signal_handlers_disconnect_by_data (editor, &at_end);
  g_object_unref (autosave);
  g_object_unref (editor);
}

/* ---- a recovered document saved over a changed original ---- */

/* A pid that ran and is gone. */
static gint64
dead_pid (void)
{
  pid_t pid = fork ();

  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    _exit (0);
  g_assert_cmpint (waitpid (pid, NULL, 0), ==, pid);
  return pid;
}

/* What the killed session knew of the file at path: its stamp then. */
static OssaFileStamp
stamp_now (const char *path)
{
  OssaFileStamp stamp = { 0 };
  struct stat st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  stamp.known = TRUE;
  stamp.device = (guint64) st.st_dev;
  stamp.inode = (guint64) st.st_ino;
  stamp.size = (gint64) st.st_size;
  stamp.mtime_ns = (gint64) st.st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000)
                   + st.st_mtim.tv_nsec;
  return stamp;
}

/* The copy a killed session left of trio.ossa with a bone "jaw" added, the
 * session having read the file when it was as it is now. */
static void
leave_copy_of (const char *id, const char *path)
{
  g_autofree char *dir = folder ();
  OssaRecoveryIndex index = { 0 };
  OssaError err = { 0 };
  OssaTransform rest = ossa_transform_identity ();
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  OssaDocument *doc = ossa_document_load (path, &err);
  uint8_t *bytes = NULL;
  size_t size = 0;
  gsize length = 0;

  g_assert_nonnull (doc);
  g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, "jaw", 2, &rest, 0.5f, 0xffffffff,
                                           &err), ==, 3);
  index.format = OSSA_RECOVERY_FORMAT;
  index.id = (char *) id;
  index.original = (char *) path;
  index.original_stamp = stamp_now (path);
  index.title = "trio";
  index.time = g_get_real_time () / G_USEC_PER_SEC;
  index.changes = 1;
  index.pid = dead_pid ();
  text = ossa_recovery_index_to_data (&index, &length);
  g_assert_true (ossa_document_to_bytes (doc, &bytes, &size, &err));
  g_assert_true (ossa_recovery_write (dir, id, bytes, size, text, length, &error));
  g_assert_no_error (error);
  free (bytes);
  ossa_document_free (doc);
}

/* Another program writes the file: a new one renamed over it, with a time of
 * long ago (so that no coarse clock can give it the time it had). */
static void
replace_behind (const char *path)
{
  static const char *const names[] = { "theirs", NULL };
  g_autofree char *tmp = g_strconcat (path, ".other", NULL);
  OssaTransform rest = ossa_transform_identity ();
  OssaDocument *doc = ossa_document_new ();
  OssaError err = { 0 };
  struct utimbuf times = { .actime = 1000000000, .modtime = 1000000000 };

  g_assert_true (ossa_skeleton_add_bone (&doc->skeleton, names[0], -1, &rest, 10.f,
                                         0xffffffffu, &err) >= 0);
  g_assert_true (ossa_document_save (doc, tmp, &err));
  ossa_document_free (doc);
  g_assert_cmpint (g_utime (tmp, &times), ==, 0);
  g_assert_cmpint (g_rename (tmp, path), ==, 0);
}

static OssaRecoveryDialog *
find_recovery_dialog (AppFixture *f)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (f->app)); l; l = l->next)
    if (OSSA_IS_RECOVERY_DIALOG (l->data) && gtk_widget_get_visible (l->data))
      return l->data;
  return NULL;
}

static gboolean
dialog_shown (gpointer data)
{
  return find_recovery_dialog (data) != NULL;
}

/* The next start: the list, and Recover on its only copy; the window it went
 * to becomes f->window. */
static void
recover_only_copy (AppFixture *f, const char *id)
{
  OssaRecoveryDialog *dialog;

  g_application_activate (G_APPLICATION (f->app));
  g_assert_true (gui_test_iterate_until (dialog_shown, f));
  dialog = find_recovery_dialog (f);
  g_assert_cmpuint (ossa_recovery_dialog_get_n_items (dialog), ==, 1);
  g_assert_cmpstr (ossa_recovery_dialog_get_item (dialog, 0)->id, ==, id);
  f->window = OSSA_WINDOW (gtk_window_get_transient_for (GTK_WINDOW (dialog)));
  ossa_recovery_dialog_recover (dialog, 0);
  gui_test_iterate ();
  if (find_recovery_dialog (f) != NULL)
    gtk_window_close (GTK_WINDOW (find_recovery_dialog (f)));
  gui_test_flush (GTK_WIDGET (f->window));
  assert_names (f, "root spine head jaw");
  g_assert_cmpstr (title_of (f), ==, "• trio — Ossa");
}

static void
answer_changed_on_disk (AppFixture *f, int response)
{
  GtkMessageDialog *warning;
  g_autofree char *text = NULL;

  gui_test_flush (GTK_WIDGET (f->window));
  warning = find_message_dialog (GTK_WINDOW (f->window), GTK_MESSAGE_WARNING);
  g_assert_nonnull (warning);
  g_object_get (warning, "text", &text, NULL);
  g_assert_cmpstr (text, ==, "“trio.ossa” was changed by another program since you opened it");
  gtk_dialog_response (GTK_DIALOG (warning), response);
  gui_test_iterate ();
  wait_for_window_io (f->window);
  g_assert_null (find_message_dialog (GTK_WINDOW (f->window), GTK_MESSAGE_WARNING));
}

/* The original as the killed session read it: Save writes over it, no question. */
static void
test_recovered_original_unchanged (AppFixture *f, gconstpointer data)
{
  g_autoptr(GFile) file = save_trio (f, "trio.ossa");
  g_autofree char *path = g_file_get_path (file);
  const char *id = "20261201-101500-0000aaaa";

  empty_folder ();
  leave_copy_of (id, path);
  recover_only_copy (f, id);
  g_assert_true (activate (f, "save", NULL));
  assert_no_dialog (f);
  assert_names_in_file (file, "root spine head jaw");
  g_assert_false (ossa_editor_get_modified (editor_of (f)));
  assert_folder_holds (NULL);
}

/* Changed by another program since the killed session read it: Save asks, as
 * for any document; Cancel keeps both the file and the copy; Overwrite writes. */
static void
test_recovered_original_changed (AppFixture *f, gconstpointer data)
{
  g_autoptr(GFile) file = save_trio (f, "trio.ossa");
  g_autofree char *path = g_file_get_path (file);
  const char *id = "20261201-101500-0000bbbb";
  OssaFileStamp read_then;

  empty_folder ();
  read_then = stamp_now (path);
  leave_copy_of (id, path);
  replace_behind (path);
  recover_only_copy (f, id);

  /* The copy, rewritten as this process's, keeps what the killed session read:
   * a second crash must not make the other program's change the baseline. */
  {
    OssaAutosave *autosave = ossa_window_get_autosave (f->window);
    g_autoptr(OssaRecoveryIndex) index = NULL;

    g_assert_true (gui_test_iterate_until ((gboolean (*) (gpointer)) ossa_autosave_get_n_copies,
                                           autosave));
    index = read_index (id);
    g_assert_cmpint (index->pid, ==, getpid ());
    g_assert_true (index->original_stamp.known);
    g_assert_cmpuint (index->original_stamp.inode, ==, read_then.inode);
    g_assert_cmpint (index->original_stamp.size, ==, read_then.size);
    g_assert_cmpint (index->original_stamp.mtime_ns, ==, read_then.mtime_ns);
  }

  g_action_group_activate_action (G_ACTION_GROUP (f->window), "save", NULL);
  answer_changed_on_disk (f, GTK_RESPONSE_CANCEL);
  assert_names_in_file (file, "theirs");
  g_assert_true (ossa_editor_get_modified (editor_of (f)));
  assert_folder_holds (id);

  g_action_group_activate_action (G_ACTION_GROUP (f->window), "save", NULL);
  answer_changed_on_disk (f, GTK_RESPONSE_ACCEPT);
  assert_no_dialog (f);
  assert_names_in_file (file, "root spine head jaw");
  g_assert_false (ossa_editor_get_modified (editor_of (f)));
  assert_folder_holds (NULL);
}

/* ---- the recovery folder on a full disk ---- */

static void
test_full_disk (AppFixture *f, gconstpointer data)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *dir = folder ();
  g_autofree char *id = NULL;
  g_autofree char *good_copy = NULL;
  g_autofree char *good_index = NULL;
  OssaAutosave *autosave;
  OssaEditor *editor;
  Attempts a = { 0 };
  guint failed;

  if (!full_disk_available ())
    return;
  autosave = open_trio (f, &file);
  editor = editor_of (f);
  n_written = 0;
  g_signal_connect (autosave, "copied", G_CALLBACK (count_written_cb), NULL);
  g_assert_null (recovery_status (f));
  rename_bone (editor, 0, "hips");
  g_assert_true (copy_and_wait (autosave));
  id = g_strdup (ossa_autosave_get_id (autosave));
  {
    g_autofree char *copy = ossa_recovery_dup_path (dir, id, ".ossa");
    g_autofree char *index = ossa_recovery_dup_path (dir, id, ".ini");

    good_copy = read_file (copy);
    good_index = read_file (index);
  }

  /* The disk fills up: the next copy fails. Said in the status bar, no dialog;
   * the last good copy intact, nothing half-written beside it. */
  full_disk_arm (dir);
  g_signal_connect (autosave, "copied", G_CALLBACK (copied_cb), &a);
  rename_bone (editor, 1, "back");
  ossa_autosave_write_now (autosave);
  wait_count (&a.failed, 1);
  gui_test_iterate ();
  assert_no_dialog (f);
  g_assert_cmpstr (recovery_status (f), ==, "Could not write a recovery copy: the disk is full");
  gui_test_flush (GTK_WIDGET (f->window));
  gui_test_linger_if_asked ();
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (f->window->recovery_status),
                            "No space left on device"));
  g_assert_cmpstr (ossa_autosave_get_id (autosave), ==, id);
  assert_folder_holds (id);
  {
    g_autofree char *copy = ossa_recovery_dup_path (dir, id, ".ossa");
    g_autofree char *index = ossa_recovery_dup_path (dir, id, ".ini");
    g_autofree char *copy_now = read_file (copy);
    g_autofree char *index_now = read_file (index);

    g_assert_cmpstr (copy_now, ==, good_copy);
    g_assert_cmpstr (index_now, ==, good_index);
  }

  /* It tries again every interval and says nothing more: no dialog, the same
   * line in the status bar. */
  ossa_autosave_set_interval (autosave, 1);
  rename_bone (editor, 2, "skull");
  wait_count (&a.failed, 2);
  rename_bone (editor, 2, "head");
  wait_count (&a.failed, 3);
  gui_test_iterate ();
  assert_no_dialog (f);
  g_assert_cmpstr (recovery_status (f), ==, "Could not write a recovery copy: the disk is full");
  assert_folder_holds (id);

  /* Room again: the next copy is written and the line goes. */
  full_disk_disarm ();
  rename_bone (editor, 2, "skull");
  wait_count (&n_written, 2);
  gui_test_iterate ();
  g_assert_null (recovery_status (f));
  assert_folder_holds (id);
  {
    g_autofree char *names = names_in_copy (id);

    g_assert_cmpstr (names, ==, "hips back skull");
  }

  /* Full again, and Save: saving is not hurt (the document's folder has room),
   * the copy goes, and so does the line. */
  full_disk_arm (dir);
  failed = a.failed;
  rename_bone (editor, 2, "head");
  wait_count (&a.failed, failed + 1);
  gui_test_iterate ();
  g_assert_nonnull (recovery_status (f));
  g_assert_true (activate (f, "save", NULL));
  full_disk_disarm ();
  assert_no_dialog (f);
  assert_names_in_file (file, "hips back head");
  g_assert_false (ossa_editor_get_modified (editor));
  g_assert_cmpstr (title_of (f), ==, "trio — Ossa");
  assert_folder_holds (NULL);
  g_assert_null (recovery_status (f));
  g_signal_handlers_disconnect_by_data (autosave, &a);
  g_signal_handlers_disconnect_by_func (autosave, count_written_cb, NULL);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  if (!gui_test_display_or_skip ())
    return 0;

  /* Before anything asks GLib for it (it keeps the first answer). */
  state_dir = g_dir_make_tmp ("ossa-test-state-XXXXXX", NULL);
  g_assert_nonnull (state_dir);
  g_setenv ("XDG_STATE_HOME", state_dir, TRUE);
  g_unsetenv ("OSSA_AUTOSAVE_INTERVAL");
  full_disk_init ();

  gtk_test_init (&argc, &argv, NULL);

  APP_TEST_ADD ("/ossa/recovery-save/copy-goes-when-written", test_copy_goes_when_written);
  APP_TEST_ADD ("/ossa/recovery-save/edit-while-saving", test_edit_while_saving);
  APP_TEST_ADD ("/ossa/recovery-save/no-resurrection", test_no_resurrection);
  APP_TEST_ADD ("/ossa/recovery-save/quit-while-saving", test_quit_while_saving);
  APP_TEST_ADD ("/ossa/recovery-save/recovered-original-unchanged",
                test_recovered_original_unchanged);
  APP_TEST_ADD ("/ossa/recovery-save/recovered-original-changed",
                test_recovered_original_changed);
  APP_TEST_ADD ("/ossa/recovery-save/full-disk", test_full_disk);

  status = g_test_run ();
  {
    g_autofree char *command = g_strdup_printf ("rm -rf '%s'", state_dir);

    g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
  }
  return status;
}
