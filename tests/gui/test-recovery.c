/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Autosave and recovery in the editor's real window: edits make a recovery copy
 * after OSSA_AUTOSAVE_EDITS edits (a drag counts once) and after the interval,
 * into $XDG_STATE_HOME/ossa/recovery/ (a folder of the test's own), with an index
 * that says what it should; saving, discarding or closing removes it; several
 * windows keep one copy each; at the next start (activate) the copies of a dead
 * process are listed (another document in a window gets a copy of its own too), Recover opens one as the original's unsaved changes and
 * Save writes them there; broken and foreign copies are set aside and listed
 * greyed with the reason. */
#define G_LOG_DOMAIN "test-recovery"

#include "config.h"

#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-recovery-dialog.h"
#include "ossa-recovery-index.h"
#include "ossa-recovery-store.h"
#include "gui-test-app.h"

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
}

/* Files in the folder ending in suffix (not those set aside). */
static guint
count_files (const char *sub, const char *suffix)
{
  g_autofree char *top = folder ();
  g_autofree char *dir = sub != NULL ? g_build_filename (top, sub, NULL) : g_strdup (top);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  if (d == NULL)
    return 0;
  while ((name = g_dir_read_name (d)) != NULL)
    n += g_str_has_suffix (name, suffix);
  return n;
}

typedef struct
{
  OssaAutosave *autosave;
  guint         n;
} CopyWait;

static gboolean
copied (gpointer data)
{
  CopyWait *w = data;

  return ossa_autosave_get_n_copies (w->autosave) >= w->n;
}

/* Until autosave has written n copies in all. */
static void
wait_copies (OssaAutosave *autosave, guint n)
{
  CopyWait w = { autosave, n };

  g_assert_true (gui_test_iterate_until (copied, &w));
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

static OssaDocument *
load_copy (const char *id)
{
  g_autofree char *dir = folder ();
  g_autofree char *path = ossa_recovery_dup_path (dir, id, ".ossa");
  OssaError err = { 0 };
  OssaDocument *doc = ossa_document_load (path, &err);

  g_assert_cmpstr (err.message, ==, "");
  g_assert_nonnull (doc);
  return doc;
}

/* Moves bone 0 to x, as its own edit (merge 0) or as a step of a drag. */
static void
move_root (OssaEditor *editor, float x, guint64 merge_id)
{
  OssaTransform rest = ossa_transform_identity ();
  g_autoptr(GError) error = NULL;

  rest.x = x;
  g_assert_true (ossa_editor_set_bone_rest (editor, 0, &rest, merge_id, &error));
  g_assert_no_error (error);
}

static OssaAutosave *
open_trio (AppFixture *f, GFile **file_out)
{
  g_autoptr(GFile) file = save_trio (f, "trio.ossa");

  empty_folder ();
  open_window (f);
  g_assert_true (ossa_window_open_file (f->window, file, NULL));
  if (file_out != NULL)
    *file_out = g_object_ref (file);
  /* Only edits count here, not time. */
  ossa_autosave_set_interval (ossa_window_get_autosave (f->window), 3600);
  return ossa_window_get_autosave (f->window);
}

static void
test_copy_after_edits (AppFixture *f, gconstpointer data)
{
  g_autoptr(GFile) file = NULL;
  OssaAutosave *autosave = open_trio (f, &file);
  OssaEditor *editor = editor_of (f);
  g_autoptr(OssaRecoveryIndex) index = NULL;
  g_autofree char *path = g_file_get_path (file);
  OssaDocument *copy;
  guint64 drag;

  /* A long drag is one edit. */
  drag = ossa_editor_new_merge_id (editor);
  for (guint i = 1; i <= 3 * OSSA_AUTOSAVE_EDITS; i++)
    move_root (editor, (float) i, drag);
  for (guint i = 2; i < OSSA_AUTOSAVE_EDITS; i++)
    move_root (editor, 100.0f + (float) i, 0);
  gui_test_linger (0.3);
  g_assert_cmpuint (ossa_autosave_get_n_copies (autosave), ==, 0);
  g_assert_null (ossa_autosave_get_id (autosave));
  g_assert_cmpuint (count_files (NULL, ".ossa"), ==, 0);

  /* The K-th edit. */
  move_root (editor, 7.5f, 0);
  wait_copies (autosave, 1);
  g_assert_nonnull (ossa_autosave_get_id (autosave));
  g_assert_cmpuint (count_files (NULL, ".ossa"), ==, 1);
  g_assert_cmpuint (count_files (NULL, ".ini"), ==, 1);

  index = read_index (ossa_autosave_get_id (autosave));
  g_assert_cmpuint (index->format, ==, OSSA_RECOVERY_FORMAT);
  g_assert_cmpstr (index->id, ==, ossa_autosave_get_id (autosave));
  g_assert_cmpstr (index->original, ==, path);
  g_assert_cmpstr (index->title, ==, "trio");
  g_assert_cmpuint (index->changes, ==, OSSA_AUTOSAVE_EDITS);
  g_assert_cmpint (index->pid, ==, getpid ());
  g_assert_true (ossa_recovery_index_owner_alive (index));
  g_assert_cmpint (ABS (index->time - g_get_real_time () / G_USEC_PER_SEC), <=, 5);

  /* The copy is the document as it is, not the file on disk, which is untouched. */
  copy = load_copy (index->id);
  g_assert_cmpfloat (copy->skeleton.bones[0].rest.x, ==, 7.5f);
  ossa_document_free (copy);
  {
    OssaError err = { 0 };
    OssaDocument *on_disk = ossa_document_load (path, &err);

    g_assert_nonnull (on_disk);
    g_assert_cmpfloat (on_disk->skeleton.bones[0].rest.x, ==, 1.0f);
    ossa_document_free (on_disk);
  }

  /* A live process's copy is not offered. */
  {
    g_autofree char *dir = folder ();
    g_autoptr(GPtrArray) items = ossa_recovery_scan (dir);

    g_assert_cmpuint (items->len, ==, 0);
  }

  /* Saving removes it. */
  g_assert_true (ossa_window_save_file (f->window, file, NULL));
  gui_test_iterate ();
  g_assert_cmpuint (count_files (NULL, ".ossa"), ==, 0);
  g_assert_cmpuint (count_files (NULL, ".ini"), ==, 0);
  g_assert_null (ossa_autosave_get_id (autosave));
}

static void
test_copy_after_interval (AppFixture *f, gconstpointer data)
{
  OssaAutosave *autosave = open_trio (f, NULL);
  OssaEditor *editor = editor_of (f);
  g_autoptr(OssaRecoveryIndex) index = NULL;
  OssaDocument *copy;
  gint64 start;

  ossa_autosave_set_interval (autosave, 1);
  gui_test_linger (1.3);
  /* Nothing unsaved, nothing written. */
  g_assert_cmpuint (ossa_autosave_get_n_copies (autosave), ==, 0);

  start = g_get_monotonic_time ();
  rename_bone (editor, 2, "skull");
  gui_test_linger (0.5);
  g_assert_cmpuint (ossa_autosave_get_n_copies (autosave), ==, 0);
  wait_copies (autosave, 1);
  g_assert_cmpint (g_get_monotonic_time () - start, >=, 900000);
  index = read_index (ossa_autosave_get_id (autosave));
  g_assert_cmpuint (index->changes, ==, 1);
  copy = load_copy (index->id);
  g_assert_cmpstr (copy->skeleton.bones[2].name, ==, "skull");
  ossa_document_free (copy);

  /* Idle: no more copies. */
  gui_test_linger (1.3);
  g_assert_cmpuint (ossa_autosave_get_n_copies (autosave), ==, 1);

  /* Undone back to the saved state: nothing to recover. */
  g_assert_true (ossa_editor_undo (editor, NULL));
  gui_test_iterate ();
  g_assert_false (ossa_editor_get_modified (editor));
  g_assert_cmpuint (count_files (NULL, ".ossa"), ==, 0);
}

/* Another document in the same window: the old one's copy goes, the new one
 * gets a copy id of its own. */
static void
test_another_document (AppFixture *f, gconstpointer data)
{
  OssaAutosave *autosave = open_trio (f, NULL);
  g_autoptr(GFile) other = NULL;
  g_autofree char *first_id = NULL;

  rename_bone (editor_of (f), 0, "hips");
  ossa_autosave_write_now (autosave);
  wait_copies (autosave, 1);
  first_id = g_strdup (ossa_autosave_get_id (autosave));

  other = save_trio (f, "other.ossa");
  g_assert_true (ossa_window_open_file (f->window, other, NULL));
  gui_test_iterate ();
  g_assert_null (ossa_autosave_get_id (autosave));
  g_assert_cmpuint (count_files (NULL, ".ossa"), ==, 0);

  rename_bone (editor_of (f), 1, "tail");
  ossa_autosave_write_now (autosave);
  wait_copies (autosave, 2);
  g_assert_cmpstr (ossa_autosave_get_id (autosave), !=, first_id);
  {
    g_autoptr(OssaRecoveryIndex) index = read_index (ossa_autosave_get_id (autosave));

    g_assert_cmpstr (index->title, ==, "other");
    g_assert_cmpuint (index->changes, ==, 1);
  }
}

/* A document unsaved from the start (the sample, an import) waits for the
 * person's first edit. */
static void
test_taken_document (AppFixture *f, gconstpointer data)
{
  g_autoptr(GFile) file = save_trio (f, "trio.ossa");
  g_autofree char *path = g_file_get_path (file);
  OssaError err = { 0 };
  OssaAutosave *autosave;

  empty_folder ();
  open_window (f);
  autosave = ossa_window_get_autosave (f->window);
  ossa_autosave_set_interval (autosave, 1);
  ossa_editor_take_document (editor_of (f), ossa_document_load (path, &err));
  g_assert_true (ossa_editor_get_modified (editor_of (f)));
  gui_test_linger (1.5);
  g_assert_cmpuint (ossa_autosave_get_n_copies (autosave), ==, 0);
  rename_bone (editor_of (f), 0, "hips");
  wait_copies (autosave, 1);
}

/* The interval is the setting's (Preferences), followed as it changes. */
static void
test_interval_setting (AppFixture *f, gconstpointer data)
{
  GSettings *settings = ossa_application_get_settings (f->app);
  OssaAutosave *autosave;

  g_assert_nonnull (settings);
  open_window (f);
  autosave = ossa_window_get_autosave (f->window);
  g_assert_cmpuint (g_settings_get_uint (settings, "autosave-interval"), ==, 60);
  g_assert_cmpuint (ossa_autosave_get_interval (autosave), ==, 60);
  g_settings_set_uint (settings, "autosave-interval", 5);
  g_assert_cmpuint (ossa_autosave_get_interval (autosave), ==, 5);
}

static gboolean
window_gone (gpointer data)
{
  AppFixture *f = data;

  return gtk_application_get_windows (GTK_APPLICATION (f->app)) == NULL;
}

static void
test_close_removes (AppFixture *f, gconstpointer data)
{
  OssaAutosave *autosave = open_trio (f, NULL);
  OssaWindow *first = f->window;
  OssaAutosave *second_autosave;
  g_autofree char *first_id = NULL;

  rename_bone (editor_of (f), 0, "hips");
  ossa_autosave_write_now (autosave);
  wait_copies (autosave, 1);
  first_id = g_strdup (ossa_autosave_get_id (autosave));

  /* Another window, another document: a copy of its own. */
  open_window (f);
  add_bone (editor_of (f), "tail", -1);
  second_autosave = ossa_window_get_autosave (f->window);
  ossa_autosave_write_now (second_autosave);
  wait_copies (second_autosave, 1);
  g_assert_cmpstr (ossa_autosave_get_id (second_autosave), !=, first_id);
  g_assert_cmpuint (count_files (NULL, ".ossa"), ==, 2);
  {
    g_autoptr(OssaRecoveryIndex) index = read_index (ossa_autosave_get_id (second_autosave));

    g_assert_null (index->original);
    g_assert_cmpstr (index->title, ==, "Untitled");
  }

  /* Close, Discard: that window's copy goes, the other's stays. */
  gtk_window_close (GTK_WINDOW (f->window));
  answer_question (f, GTK_RESPONSE_REJECT);
  gui_test_iterate ();
  g_assert_cmpuint (count_files (NULL, ".ossa"), ==, 1);
  g_assert_cmpuint (count_files (NULL, ".ini"), ==, 1);
  {
    g_autoptr(OssaRecoveryIndex) index = read_index (first_id);

    g_assert_cmpstr (index->title, ==, "trio");
  }

  /* Quit (app.quit), Discard: a clean quit leaves nothing. */
  f->window = first;
  g_action_group_activate_action (G_ACTION_GROUP (f->app), "quit", NULL);
  answer_question (f, GTK_RESPONSE_REJECT);
  g_assert_true (gui_test_iterate_until (window_gone, f));
  g_assert_cmpuint (count_files (NULL, ".ossa"), ==, 0);
  g_assert_cmpuint (count_files (NULL, ".ini"), ==, 0);
}

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

/* A copy of doc left by a killed process, changes edits after its last save. */
static void
leave_copy (const char *id, const OssaDocument *doc, const char *original, guint changes,
            gint64 age_s)
{
  g_autofree char *dir = folder ();
  OssaRecoveryIndex index = { 0 };
  OssaError err = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  uint8_t *bytes = NULL;
  size_t size = 0;
  gsize length = 0;

  index.format = OSSA_RECOVERY_FORMAT;
  index.id = (char *) id;
  index.original = (char *) original;
  index.title = original != NULL ? "trio" : "Untitled";
  index.time = g_get_real_time () / G_USEC_PER_SEC - age_s;
  index.changes = changes;
  index.pid = dead_pid ();
  text = ossa_recovery_index_to_data (&index, &length);
  g_assert_true (ossa_document_to_bytes (doc, &bytes, &size, &err));
  g_assert_true (ossa_recovery_write (dir, id, bytes, size, text, length, &error));
  g_assert_no_error (error);
  free (bytes);
}

/* A file in the folder with contents, as a crash or another program left it. */
static void
leave_file (const char *name, const char *contents)
{
  g_autofree char *dir = folder ();
  g_autofree char *path = g_build_filename (dir, name, NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
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

/* The labels' texts under widget, one a line, and whether each is sensitive. */
static void
collect_labels (GtkWidget *widget, GString *out)
{
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (out, "%s%s\n", gtk_widget_is_sensitive (widget) ? "" : "(greyed) ",
                            gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    collect_labels (c, out);
}

static void
test_recover (AppFixture *f, gconstpointer data)
{
  g_autoptr(GFile) file = save_trio (f, "trio.ossa");
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *dir = folder ();
  OssaRecoveryDialog *dialog;
  OssaRecoveryItem *item;
  OssaAutosave *autosave;
  OssaDocument *doc;
  OssaError err = { 0 };
  OssaTransform rest = ossa_transform_identity ();

  empty_folder ();
  /* What the killed process had: trio with a fourth bone, 7 edits after its save;
   * and an untitled document, older. */
  doc = ossa_document_load (path, &err);
  g_assert_nonnull (doc);
  g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, "jaw", 2, &rest, 0.5f, 0xffffffff,
                                           &err), ==, 3);
  leave_copy ("20261201-101500-0000aaaa", doc, path, 7, 0);
  leave_copy ("20261130-090000-0000bbbb", doc, NULL, 1, 86400);
  ossa_document_free (doc);
  /* Broken or foreign ones, and a live process's (this one's), not offered. */
  leave_file ("garbage.ini", "this is \x01 not [a keyfile\n");
  leave_file ("badcopy.ossa", "not protobuf at all");
  {
    g_autofree char *kf = g_strdup_printf ("[Recovery]\nformat=1\nid=badcopy\ntitle=walk\n"
                                           "time=0\nchanges=3\npid=%" G_GINT64_FORMAT "\n",
                                           dead_pid ());

    leave_file ("badcopy.ini", kf);
  }
  leave_file ("future.ini", "[Recovery]\nformat=9\nid=future\n");
  {
    OssaRecoveryIndex mine = { .format = OSSA_RECOVERY_FORMAT, .id = "mine", .title = "mine" };
    g_autofree char *kf = NULL;
    gsize length;

    ossa_recovery_index_set_owner (&mine);
    kf = ossa_recovery_index_to_data (&mine, &length);
    leave_file ("mine.ini", kf);
    leave_file ("mine.ossa", "");
    g_free (mine.boot_id);
  }

  /* The next start. */
  g_application_activate (G_APPLICATION (f->app));
  g_assert_true (gui_test_iterate_until (dialog_shown, f));
  dialog = find_recovery_dialog (f);
  gui_test_flush (GTK_WIDGET (dialog));
  gui_test_linger_if_asked ();

  collect_labels (GTK_WIDGET (dialog), text);
  g_test_message ("%s", text->str);
  g_assert_cmpuint (ossa_recovery_dialog_get_n_items (dialog), ==, 5);
  /* Newest first: the file, where it is, when, how many changes. */
  g_assert_nonnull (strstr (text->str, "trio\n"));
  g_assert_nonnull (strstr (text->str, path));
  g_assert_nonnull (strstr (text->str, "Autosaved today at "));
  g_assert_nonnull (strstr (text->str, "7 unsaved changes"));
  g_assert_nonnull (strstr (text->str, "Untitled\nNever saved\nAutosaved on "));
  g_assert_nonnull (strstr (text->str, "1 unsaved change\n"));
  /* The broken ones, greyed with the reason. */
  g_assert_nonnull (strstr (text->str, "(greyed) Its index cannot be read: "));
  g_assert_nonnull (strstr (text->str, "(greyed) The copy cannot be read: "));
  g_assert_nonnull (strstr (text->str, "(greyed) Written by another version of Ossa "
                                       "(recovery format 9)"));
  g_assert_nonnull (strstr (text->str, "Copies that cannot be recovered were moved to "));
  g_assert_null (strstr (text->str, "mine"));
  /* … and moved into set-aside/, the live one left alone. */
  g_assert_cmpuint (count_files (NULL, ".ini"), ==, 3);
  g_assert_cmpuint (count_files (OSSA_RECOVERY_SET_ASIDE, ".ini"), ==, 3);
  g_assert_cmpuint (count_files (OSSA_RECOVERY_SET_ASIDE, ".ossa"), ==, 1);

  /* Recover the newest: it comes into the untouched window as trio's unsaved
   * changes. */
  item = ossa_recovery_dialog_get_item (dialog, 0);
  g_assert_cmpstr (item->id, ==, "20261201-101500-0000aaaa");
  f->window = OSSA_WINDOW (gtk_window_get_transient_for (GTK_WINDOW (dialog)));
  ossa_recovery_dialog_recover (dialog, 0);
  gui_test_flush (GTK_WIDGET (f->window));
  assert_names (f, "root spine head jaw");
  g_assert_true (ossa_editor_get_modified (editor_of (f)));
  g_assert_true (g_file_equal (ossa_editor_get_file (editor_of (f)), file));
  g_assert_cmpstr (title_of (f), ==, "• trio — Ossa");
  autosave = ossa_window_get_autosave (f->window);
  g_assert_cmpstr (ossa_autosave_get_id (autosave), ==, "20261201-101500-0000aaaa");
  /* The copy is kept, now as this process's. */
  wait_copies (autosave, 1);
  {
    g_autoptr(OssaRecoveryIndex) index = read_index ("20261201-101500-0000aaaa");

    g_assert_cmpint (index->pid, ==, getpid ());
    g_assert_cmpuint (index->changes, ==, 7);
  }

  /* Discard the other: its copy goes; the list stays for the greyed ones. */
  g_assert_cmpuint (ossa_recovery_dialog_get_n_items (dialog), ==, 4);
  ossa_recovery_dialog_discard (dialog, 0);
  g_assert_cmpuint (ossa_recovery_dialog_get_n_items (dialog), ==, 3);
  g_assert_false (g_file_test (ossa_recovery_dup_path (dir, "20261130-090000-0000bbbb", ".ini"),
                               G_FILE_TEST_EXISTS));
  gtk_window_close (GTK_WINDOW (dialog));
  gui_test_iterate ();

  /* Save writes the recovered document to the original, and the copy goes. */
  g_assert_true (ossa_window_save_file (f->window, file, NULL));
  gui_test_iterate ();
  g_assert_false (ossa_editor_get_modified (editor_of (f)));
  g_assert_cmpstr (title_of (f), ==, "trio — Ossa");
  doc = ossa_document_load (path, &err);
  g_assert_nonnull (doc);
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 4);
  g_assert_cmpstr (doc->skeleton.bones[3].name, ==, "jaw");
  ossa_document_free (doc);
  g_assert_cmpuint (count_files (NULL, ".ini"), ==, 1);   /* mine.ini, a live one's */
}

/* The scan alone: the owner checks and an interrupted write's leftovers. */
static void
test_scan (AppFixture *f, gconstpointer data)
{
  g_autofree char *dir = folder ();
  g_autoptr(GPtrArray) items = NULL;
  OssaDocument *doc = ossa_document_new ();
  OssaRecoveryIndex index = { 0 };

  empty_folder ();
  leave_copy ("dead", doc, NULL, 2, 0);
  ossa_document_free (doc);
  /* Another process's pid, but started at another time: reused, so gone. */
  {
    g_autofree char *path = ossa_recovery_dup_path (dir, "dead", ".ini");
    g_autofree char *text = read_file (path);
    g_autoptr(OssaRecoveryIndex) parsed = ossa_recovery_index_parse (text, strlen (text), NULL);

    g_assert_nonnull (parsed);
    g_assert_false (ossa_recovery_index_owner_alive (parsed));
    ossa_recovery_index_set_owner (parsed);
    g_assert_true (ossa_recovery_index_owner_alive (parsed));
    parsed->start_ticks += 1;
    g_assert_false (ossa_recovery_index_owner_alive (parsed));
  }
  index.pid = getpid ();
  index.boot_id = "another-boot";
  g_assert_false (ossa_recovery_index_owner_alive (&index));

  items = ossa_recovery_scan (dir);
  g_assert_cmpuint (items->len, ==, 1);
  g_assert_null (((OssaRecoveryItem *) items->pdata[0])->problem);
  g_assert_nonnull (((OssaRecoveryItem *) items->pdata[0])->document);
  g_assert_cmpuint (((OssaRecoveryItem *) items->pdata[0])->index->changes, ==, 2);
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

  gtk_test_init (&argc, &argv, NULL);

  APP_TEST_ADD ("/ossa/recovery/copy-after-edits", test_copy_after_edits);
  APP_TEST_ADD ("/ossa/recovery/copy-after-interval", test_copy_after_interval);
  APP_TEST_ADD ("/ossa/recovery/another-document", test_another_document);
  APP_TEST_ADD ("/ossa/recovery/taken-document", test_taken_document);
  APP_TEST_ADD ("/ossa/recovery/interval-setting", test_interval_setting);
  APP_TEST_ADD ("/ossa/recovery/close-removes", test_close_removes);
  APP_TEST_ADD ("/ossa/recovery/recover", test_recover);
  APP_TEST_ADD ("/ossa/recovery/scan", test_scan);

  status = g_test_run ();
  {
    g_autofree char *command = g_strdup_printf ("rm -rf '%s'", state_dir);

    g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
  }
  return status;
}
