/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Opening and saving that cannot hurt: both run on a worker thread with the
 * status bar saying so; edits made while a save writes keep the document
 * modified; a second save waits for the first; closing and quitting wait for a
 * save; a file another program replaced behind the editor's back is not written
 * over without asking; and a save that fails (its folder gone, the disk full)
 * leaves the old file and the document's changes as they were, and says why
 * (the full disk through the fail-write shim, which the build preloads). */
#define G_LOG_DOMAIN "test-window-io"

#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include <utime.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-editor-private.h"
#include "ossa-window-private.h"
#include "gui-test-app.h"

/* ---- helpers ---- */

typedef struct
{
  gboolean done;
  gboolean ok;
  GError  *error;
} Outcome;

static void
saved_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  Outcome *o = user_data;

  o->ok = ossa_window_save_file_finish (OSSA_WINDOW (source), result, &o->error);
  o->done = TRUE;
}

static void
opened_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  Outcome *o = user_data;

  o->ok = ossa_window_open_file_finish (OSSA_WINDOW (source), result, &o->error);
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

/* What the status bar says while the window opens or saves; NULL when it says
 * nothing of the kind. */
static const char *
busy_text (AppFixture *f)
{
  if (!gtk_widget_get_visible (f->window->busy_box))
    return NULL;
  return gtk_label_get_text (f->window->busy_label);
}

/* The bone names of the document in the file at path. */
static char *
names_on_disk (const char *path)
{
  OssaError err = { 0 };
  OssaDocument *doc = ossa_document_load (path, &err);
  char *names;

  g_assert_nonnull (doc);
  names = dup_bone_names (doc);
  ossa_document_free (doc);
  return names;
}

static void
assert_names_on_disk (const char *path,
                      const char *expected)
{
  g_autofree char *names = names_on_disk (path);

  g_assert_cmpstr (names, ==, expected);
}

static void
count_cb (OssaWindow *window,
          GFile      *file,
          guint      *count)
{
  (*count)++;
}

/* ---- saving on a worker thread ---- */

/* Save starts, the status bar says so at once and the window takes edits; the
 * file gets the document as it was when Save was chosen, and the edits made
 * meanwhile are still unsaved changes (undoing them leaves none). */
static void
test_save_edit_meanwhile (AppFixture    *f,
                          gconstpointer  data)
{
  g_autoptr(GFile) file = save_trio (f, "trio.ossa");
  g_autofree char *path = g_file_get_path (file);
  Outcome o = { 0 };

  open_window (f);
  g_assert_true (ossa_window_open_file (f->window, file, NULL));
  rename_bone (editor_of (f), 2, "skull");
  g_assert_cmpstr (title_of (f), ==, "• trio — Ossa");

  ossa_window_save_file_async (f->window, file, saved_cb, &o);
  g_assert_true (ossa_window_get_busy (f->window));
  g_assert_cmpstr (busy_text (f), ==, "Saving “trio.ossa”…");
  g_assert_true (ossa_editor_get_saving (editor_of (f)));
  /* Not saved until it is written. */
  g_assert_cmpstr (title_of (f), ==, "• trio — Ossa");

  /* An edit while it writes. */
  add_bone (editor_of (f), "jaw", 2);
  wait_outcome (&o);
  g_assert_no_error (o.error);
  g_assert_true (o.ok);
  g_assert_null (busy_text (f));
  g_assert_false (ossa_window_get_busy (f->window));

  assert_names_on_disk (path, "root spine skull");
  g_assert_true (ossa_editor_get_modified (editor_of (f)));
  g_assert_cmpstr (title_of (f), ==, "• trio — Ossa");
  /* Undo back to what was written: nothing unsaved. */
  g_assert_true (ossa_editor_undo (editor_of (f), NULL));
  g_assert_false (ossa_editor_get_modified (editor_of (f)));
  g_assert_cmpstr (title_of (f), ==, "trio — Ossa");
  /* One more undo: a change from what is on disk. */
  g_assert_true (ossa_editor_undo (editor_of (f), NULL));
  g_assert_true (ossa_editor_get_modified (editor_of (f)));
}

/* A document big enough that copying it takes a while (1,000 bones, 400 keys
 * on each of their channels, 16 MB of keys): a tree of three children each. */
static GFile *
save_big (AppFixture *f,
          const char *basename,
          gsize       n_bones,
          gsize       n_keys)
{
  g_autofree char *path = tmp_path (f, basename);
  OssaDocument *doc = ossa_document_new ();
  OssaAnimation *anim;
  OssaError err = { 0 };

  doc->skeleton.bones = g_new0 (OssaBone, n_bones);
  doc->skeleton.n_bones = doc->skeleton.capacity = n_bones;
  for (gsize i = 0; i < n_bones; i++)
    {
      OssaBone *b = &doc->skeleton.bones[i];

      b->name = g_strdup_printf ("bone-%zu", i);
      b->parent = i == 0 ? -1 : (int32_t) ((i - 1) / 3);
      b->rest = ossa_transform_identity ();
      b->rest.x = i == 0 ? 0.f : 20.f;
      b->length = 20.f;
      b->color = 0xff8800ffu;
    }
  doc->animations = g_new0 (OssaAnimation, 1);
  doc->n_animations = 1;
  anim = &doc->animations[0];
  ossa_animation_init (anim, "wave");
  anim->duration = (float) n_keys / 30.f;
  anim->tracks = g_new0 (OssaTrack, n_bones * OSSA_N_CHANNELS);
  anim->n_tracks = anim->capacity = n_bones * OSSA_N_CHANNELS;
  for (gsize t = 0; t < anim->n_tracks; t++)
    {
      OssaTrack *track = &anim->tracks[t];

      ossa_track_init (track, (uint32_t) (t / OSSA_N_CHANNELS),
                       (OssaChannel) (t % OSSA_N_CHANNELS));
      track->n_keys = track->capacity = n_keys;
      track->times = g_new (float, n_keys);
      track->values = g_new (float, n_keys);
      for (gsize k = 0; k < n_keys; k++)
        {
          track->times[k] = (float) k / 30.f;
          track->values[k] = (track->channel >= OSSA_CHANNEL_SCALE_X ? 1.f : 0.f)
                             + (float) ((t + k) % 7) / 100.f;
        }
    }
  if (!ossa_document_save (doc, path, &err))
    g_error ("saving %s: %s", path, err.message);
  ossa_document_free (doc);
  return g_file_new_for_path (path);
}

/* A copy of 100 MB takes a tenth of a second: a test's copy as slow. */
static void
slow_snapshot (void)
{
  g_usleep (G_USEC_PER_SEC / 5);
}

/* The worker copies the document the save writes while the window goes on:
 * an edit made at once, before the copy is done (removing a third of the
 * bones, with their tracks), waits for it. The file gets every bone and key
 * as they were when Save was chosen; the edit is there, unsaved. */
static void
test_save_edit_while_copying (AppFixture    *f,
                              gconstpointer  data)
{
  g_autoptr(GFile) file = save_big (f, "big.ossa", 1000, 400);
  g_autofree char *path = g_file_get_path (file);
  const guint spine = 1;
  OssaEditor *editor;
  OssaError err = { 0 };
  OssaDocument *written;
  Outcome o = { 0 };
  gsize n_keys = 0;

  open_window (f);
  g_assert_true (ossa_window_open_file (f->window, file, NULL));
  editor = editor_of (f);
  rename_bone (editor, 0, "hips");

  _ossa_editor_before_snapshot = slow_snapshot;
  ossa_window_save_file_async (f->window, file, saved_cb, &o);
  g_assert_true (ossa_editor_get_saving (editor));
  g_assert_true (ossa_editor_remove_bones (editor, &spine, 1, NULL));
  _ossa_editor_before_snapshot = NULL;
  g_assert_cmpuint (ossa_editor_get_document (editor)->skeleton.n_bones, <, 1000);
  wait_outcome (&o);
  g_assert_no_error (o.error);
  g_assert_true (o.ok);

  written = ossa_document_load (path, &err);
  g_assert_nonnull (written);
  g_assert_cmpuint (written->skeleton.n_bones, ==, 1000);
  g_assert_cmpstr (written->skeleton.bones[0].name, ==, "hips");
  g_assert_cmpstr (written->skeleton.bones[999].name, ==, "bone-999");
  g_assert_cmpuint (written->n_animations, ==, 1);
  g_assert_cmpuint (written->animations[0].n_tracks, ==, 1000 * OSSA_N_CHANNELS);
  for (gsize t = 0; t < written->animations[0].n_tracks; t++)
    {
      const OssaTrack *track = &written->animations[0].tracks[t];

      n_keys += track->n_keys;
      g_assert_cmpfloat_with_epsilon (track->values[track->n_keys - 1],
                                      (track->channel >= OSSA_CHANNEL_SCALE_X ? 1.f : 0.f)
                                        + (float) ((t + 399) % 7) / 100.f,
                                      1e-6);
    }
  g_assert_cmpuint (n_keys, ==, 1000 * OSSA_N_CHANNELS * 400);
  ossa_document_free (written);

  /* The removal is the one change since. */
  g_assert_true (ossa_editor_get_modified (editor));
  g_assert_cmpstr (title_of (f), ==, "• big — Ossa");
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_false (ossa_editor_get_modified (editor));
  g_assert_cmpuint (ossa_editor_get_document (editor)->skeleton.n_bones, ==, 1000);
}

/* Save pressed again while a save writes: it waits, then finds nothing new to
 * write; with an edit meanwhile it writes that. Never "already saving". */
static void
test_save_twice (AppFixture    *f,
                 gconstpointer  data)
{
  g_autoptr(GFile) file = save_trio (f, "trio.ossa");
  g_autofree char *path = g_file_get_path (file);
  guint writes = 0;

  open_window (f);
  g_assert_true (ossa_window_open_file (f->window, file, NULL));
  g_signal_connect (f->window, "file-used", G_CALLBACK (count_cb), &writes);
  rename_bone (editor_of (f), 0, "hips");

  g_action_group_activate_action (G_ACTION_GROUP (f->window), "save", NULL);
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "save", NULL);
  g_assert_true (ossa_editor_get_saving (editor_of (f)));
  wait_for_window_io (f->window);
  g_assert_null (find_error_dialog (GTK_WINDOW (f->window)));
  g_assert_cmpuint (writes, ==, 1);
  g_assert_false (ossa_editor_get_modified (editor_of (f)));
  assert_names_on_disk (path, "hips spine head");

  g_action_group_activate_action (G_ACTION_GROUP (f->window), "save", NULL);
  add_bone (editor_of (f), "tail", 0);
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "save", NULL);
  wait_for_window_io (f->window);
  g_assert_null (find_error_dialog (GTK_WINDOW (f->window)));
  g_assert_cmpuint (writes, ==, 3);
  g_assert_false (ossa_editor_get_modified (editor_of (f)));
  assert_names_on_disk (path, "hips spine head tail");
}

static gboolean
window_gone (gpointer data)
{
  AppFixture *f = data;

  return gtk_application_get_windows (GTK_APPLICATION (f->app)) == NULL;
}

/* Closing while a save writes: the window stays until it is written, then goes
 * (nothing left to ask); with an edit made meanwhile, it asks first. */
static void
test_close_during_save (AppFixture    *f,
                        gconstpointer  data)
{
  g_autoptr(GFile) file = save_trio (f, "trio.ossa");
  g_autofree char *path = g_file_get_path (file);
  GtkWindow *window;

  open_window (f);
  window = GTK_WINDOW (f->window);
  g_assert_true (ossa_window_open_file (f->window, file, NULL));
  rename_bone (editor_of (f), 1, "back");

  ossa_window_save_file_async (f->window, file, NULL, NULL);
  gtk_window_close (window);
  g_assert_true (window_is_open (f, window));
  g_assert_null (find_question (window));
  g_assert_true (gui_test_iterate_until (window_gone, f));
  f->window = NULL;
  assert_names_on_disk (path, "root back head");

  /* Edited while it wrote: the question comes once the save is done. */
  open_window (f);
  window = GTK_WINDOW (f->window);
  g_assert_true (ossa_window_open_file (f->window, file, NULL));
  rename_bone (editor_of (f), 1, "spine");
  ossa_window_save_file_async (f->window, file, NULL, NULL);
  add_bone (editor_of (f), "tail", 0);
  gtk_window_close (window);
  g_assert_null (find_question (window));
  answer_question (f, GTK_RESPONSE_REJECT);
  g_assert_false (window_is_open (f, window));
  f->window = NULL;
  assert_names_on_disk (path, "root spine head");
}

/* Quitting while a save writes waits for it too. */
static void
test_quit_during_save (AppFixture    *f,
                       gconstpointer  data)
{
  g_autoptr(GFile) file = save_trio (f, "trio.ossa");
  g_autofree char *path = g_file_get_path (file);

  open_window (f);
  g_assert_true (ossa_window_open_file (f->window, file, NULL));
  rename_bone (editor_of (f), 2, "skull");
  ossa_window_save_file_async (f->window, file, NULL, NULL);
  g_action_group_activate_action (G_ACTION_GROUP (f->app), "quit", NULL);
  g_assert_true (window_is_open (f, GTK_WINDOW (f->window)));
  g_assert_true (gui_test_iterate_until (window_gone, f));
  f->window = NULL;
  assert_names_on_disk (path, "root spine skull");
}

/* ---- opening on a worker thread ---- */

static void
test_open_async (AppFixture    *f,
                 gconstpointer  data)
{
  g_autoptr(GFile) file = save_trio (f, "trio.ossa");
  g_autofree char *broken_path = tmp_path (f, "broken.ossa");
  g_autoptr(GFile) broken = g_file_new_for_path (broken_path);
  Outcome o = { 0 };

  open_window (f);
  add_bone (editor_of (f), "mine", -1);

  ossa_window_open_file_async (f->window, file, opened_cb, &o);
  g_assert_cmpstr (busy_text (f), ==, "Opening “trio.ossa”…");
  /* The document on show is going: the workspace takes no edits meanwhile. */
  g_assert_false (gtk_widget_is_sensitive (GTK_WIDGET (f->window->canvas)));
  assert_names (f, "mine");
  wait_outcome (&o);
  g_assert_no_error (o.error);
  g_assert_null (busy_text (f));
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (f->window->canvas)));
  assert_names (f, "root spine head");
  g_assert_cmpstr (title_of (f), ==, "trio — Ossa");

  /* A broken file: the message, the document as it was, the window usable. */
  g_assert_true (g_file_set_contents (broken_path, "junk\xff", 5, NULL));
  o = (Outcome) { 0 };
  ossa_window_open_file_async (f->window, broken, opened_cb, &o);
  wait_outcome (&o);
  g_assert_false (o.ok);
  g_assert_nonnull (o.error);
  g_clear_error (&o.error);
  dismiss_error (f);
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (f->window->canvas)));
  assert_names (f, "root spine head");
}

/* Save pressed while another document opens: it was about the one going, so
 * it writes nothing (least of all the new one over the old one's file). */
static void
test_save_during_open (AppFixture    *f,
                       gconstpointer  data)
{
  static const char *const names[] = { "other", NULL };
  static const int parents[] = { -1 };
  g_autoptr(GFile) file = save_trio (f, "trio.ossa");
  g_autoptr(GFile) other = save_document (f, "other.ossa", names, parents);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *other_path = g_file_get_path (other);
  Outcome o = { 0 };

  open_window (f);
  g_assert_true (ossa_window_open_file (f->window, file, NULL));
  ossa_window_open_file_async (f->window, other, opened_cb, &o);
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "save", NULL);
  wait_outcome (&o);
  wait_for_window_io (f->window);
  g_assert_null (find_error_dialog (GTK_WINDOW (f->window)));
  assert_names (f, "other");
  assert_names_on_disk (path, "root spine head");
  assert_names_on_disk (other_path, "other");
}

/* ---- a file replaced behind the editor's back ---- */

static GtkMessageDialog *
find_warning (AppFixture *f)
{
  return find_message_dialog (GTK_WINDOW (f->window), GTK_MESSAGE_WARNING);
}

static void
answer_changed_on_disk (AppFixture *f,
                        int         response)
{
  GtkMessageDialog *warning;
  g_autofree char *text = NULL;

  gui_test_flush (GTK_WIDGET (f->window));
  warning = find_warning (f);
  g_assert_nonnull (warning);
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (warning)));
  g_object_get (warning, "text", &text, NULL);
  g_assert_cmpstr (text, ==, "“trio.ossa” was changed by another program since you opened it");
  g_assert_nonnull (gtk_dialog_get_widget_for_response (GTK_DIALOG (warning),
                                                        GTK_RESPONSE_ACCEPT));
  g_assert_nonnull (gtk_dialog_get_widget_for_response (GTK_DIALOG (warning),
                                                        GTK_RESPONSE_APPLY));
  g_assert_nonnull (gtk_dialog_get_widget_for_response (GTK_DIALOG (warning),
                                                        GTK_RESPONSE_CANCEL));
  gtk_dialog_response (GTK_DIALOG (warning), response);
  gui_test_iterate ();
  /* Save As… asks where first: the save is still on. */
  if (response != GTK_RESPONSE_APPLY)
    wait_for_window_io (f->window);
  g_assert_null (find_warning (f));
}

/* Another program writes the file as such programs do: a new file renamed over
 * it (a new inode), or in place (the same inode, another size and time). */
static void
replace_behind (const char *path,
                gboolean    in_place)
{
  static const char *const names[] = { "theirs", NULL };
  static const int parents[] = { -1 };
  OssaDocument *doc = ossa_document_new ();
  OssaError err = { 0 };
  uint8_t *bytes;
  size_t size;

  OssaTransform rest = ossa_transform_identity ();

  for (gsize i = 0; names[i] != NULL; i++)
    g_assert_true (ossa_skeleton_add_bone (&doc->skeleton, names[i], parents[i], &rest, 10.f,
                                           0xffffffffu, &err) >= 0);
  g_assert_true (ossa_document_to_bytes (doc, &bytes, &size, &err));
  if (in_place)
    {
      FILE *out = g_fopen (path, "r+b");

      g_assert_nonnull (out);
      g_assert_cmpuint (fwrite (bytes, 1, size, out), ==, size);
      g_assert_cmpint (ftruncate (fileno (out), (off_t) size), ==, 0);
      fclose (out);
    }
  else
    {
      g_autofree char *tmp = g_strconcat (path, ".other", NULL);

      g_assert_true (g_file_set_contents (tmp, (const char *) bytes, (gssize) size, NULL));
      g_assert_cmpint (g_rename (tmp, path), ==, 0);
    }
  free (bytes);
  ossa_document_free (doc);
}

static void
test_replaced_file (AppFixture    *f,
                    gconstpointer  data)
{
  g_autoptr(GFile) file = save_trio (f, "trio.ossa");
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *other_path = tmp_path (f, "mine.ossa");
  g_autoptr(GFile) other = g_file_new_for_path (other_path);
  GtkFileChooser *chooser;

  open_window (f);
  g_assert_true (ossa_window_open_file (f->window, file, NULL));
  rename_bone (editor_of (f), 2, "skull");

  /* Our own saves are ours: no question. */
  g_assert_true (activate (f, "save", NULL));
  g_assert_null (find_warning (f));
  rename_bone (editor_of (f), 2, "head");
  g_assert_true (activate (f, "save", NULL));
  g_assert_null (find_warning (f));
  assert_names_on_disk (path, "root spine head");

  /* Replaced: Save asks; Cancel writes nothing and keeps the changes. */
  rename_bone (editor_of (f), 2, "skull");
  replace_behind (path, FALSE);
  g_assert_true (ossa_editor_file_changed_on_disk (editor_of (f), file));
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "save", NULL);
  answer_changed_on_disk (f, GTK_RESPONSE_CANCEL);
  g_assert_null (find_error_dialog (GTK_WINDOW (f->window)));
  assert_names_on_disk (path, "theirs");
  g_assert_true (ossa_editor_get_modified (editor_of (f)));
  g_assert_cmpstr (title_of (f), ==, "• trio — Ossa");

  /* Save As… keeps both: ours goes elsewhere and becomes the document's file. */
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "save", NULL);
  answer_changed_on_disk (f, GTK_RESPONSE_APPLY);
  chooser = find_file_chooser (GTK_WINDOW (f->window));
  g_assert_nonnull (chooser);
  gtk_file_chooser_set_current_name (chooser, "mine.ossa");
  {
    g_autoptr(GFile) folder = g_file_new_for_path (f->tmpdir);

    gtk_file_chooser_set_current_folder (chooser, folder, NULL);
  }
  gui_test_flush (GTK_WIDGET (chooser));
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  /* The chooser checks the name before it answers. */
  wait_for_window_io (f->window);
  g_assert_true (g_file_equal (ossa_editor_get_file (editor_of (f)), other));
  assert_names_on_disk (path, "theirs");
  assert_names_on_disk (other_path, "root spine skull");
  g_assert_false (ossa_editor_get_modified (editor_of (f)));

  /* Back to trio.ossa, changed in place this time: Overwrite writes ours. */
  g_assert_true (ossa_window_open_file (f->window, file, NULL));
  assert_names (f, "theirs");
  rename_bone (editor_of (f), 0, "ours");
  replace_behind (path, TRUE);
  {
    /* A coarse clock could give it the time it had: an old time, to be sure. */
    struct utimbuf times = { .actime = 1000000000, .modtime = 1000000000 };

    g_assert_cmpint (g_utime (path, &times), ==, 0);
  }
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "save", NULL);
  answer_changed_on_disk (f, GTK_RESPONSE_ACCEPT);
  g_assert_null (find_error_dialog (GTK_WINDOW (f->window)));
  assert_names_on_disk (path, "ours");
  g_assert_false (ossa_editor_get_modified (editor_of (f)));
  g_assert_cmpstr (title_of (f), ==, "trio — Ossa");

  /* And after that, saving is quiet again. */
  rename_bone (editor_of (f), 0, "hips");
  g_assert_true (activate (f, "save", NULL));
  g_assert_null (find_warning (f));
  assert_names_on_disk (path, "hips");
}

/* ---- saves that fail ---- */

/* One way a save fails after the document was opened from dir/trio.ossa: break()
 * makes it fail, mend() undoes that after the attempt. old_file_kept: whether
 * there is an old file to find intact afterwards (not when its folder went);
 * reason: what the message must say, if anything in particular; available: NULL,
 * or whether this way can be tried here (skipping the test if not). */
typedef struct
{
  const char *name;
  void      (*break_it) (const char *path);
  void      (*mend) (const char *path);
  gboolean    old_file_kept;
  const char *reason;
  gboolean  (*available) (void);
} SaveFailure;

static void
remove_folder (const char *path)
{
  g_autofree char *folder = g_path_get_dirname (path);

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
}

static void
make_folder (const char *path)
{
  g_autofree char *folder = g_path_get_dirname (path);

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
}

/* Writes fail part way: a file size limit (it holds for root too) stands in for
 * a full disk. The worker thread is the process's, so it is limited too. */
static struct rlimit saved_limit;

static void
limit_file_size (const char *path)
{
  struct rlimit limit;

  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &saved_limit), ==, 0);
  limit = saved_limit;
  limit.rlim_cur = 16;
  signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
}

static void
unlimit_file_size (const char *path)
{
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved_limit), ==, 0);
  signal (SIGXFSZ, SIG_DFL);
}

/* The disk full, for the document's folder only: every write and sync there
 * fails with ENOSPC (the fail-write shim, preloaded by the build). */
static void
arm_enospc (const char *path)
{
  g_autofree char *folder = g_path_get_dirname (path);

  full_disk_arm (folder);
}

static void
disarm_enospc (const char *path)
{
  full_disk_disarm ();
}

static const SaveFailure failures[] = {
  { "folder-gone", remove_folder, make_folder, FALSE, "no longer exists", NULL },
  { "write-fails", limit_file_size, unlimit_file_size, TRUE, NULL, NULL },
  { "disk-full", arm_enospc, disarm_enospc, TRUE,
    "the disk is full; free some space, or save the document somewhere else with Save As…",
    full_disk_available },
};

static void
recent_written_cb (GtkRecentManager *manager, gpointer user_data)
{
  (void) manager;
  *(gboolean *) user_data = TRUE;
}

static gboolean
flag_set (gpointer user_data)
{
  return *(gboolean *) user_data;
}

/* GTK writes the recent files list when it likes (now and then a second time,
 * under load, after the "changed" waited for below); under the test's file-size
 * limit or full disk that write fails too, with a warning of GTK's own that is
 * not what this test is about. Every other warning stays fatal. */
static gboolean
tolerate_recent_files_cb (const char     *domain,
                          GLogLevelFlags  level,
                          const char     *message,
                          gpointer        user_data)
{
  return !(g_strcmp0 (domain, "Gtk") == 0
           && strstr (message, "Attempting to store changes into") != NULL);
}

static void
test_save_fails (AppFixture    *f,
                 gconstpointer  data)
{
  const SaveFailure *failure = data;
  g_autofree char *folder = tmp_path (f, "work");
  g_autofree char *path = g_build_filename (folder, "trio.ossa", NULL);
  g_autoptr(GFile) file = NULL;
  g_autofree char *before = NULL;
  g_autofree char *text = NULL;
  g_autofree char *secondary = NULL;
  GtkMessageDialog *dialog;
  Outcome o = { 0 };
  gboolean recent_written = FALSE;
  gulong recent_id;

  if (failure->available != NULL && !failure->available ())
    return;
  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  {
    g_autoptr(GFile) made = save_trio (f, "trio.ossa");
    g_autofree char *made_path = g_file_get_path (made);

    g_assert_cmpint (g_rename (made_path, path), ==, 0);
  }
  file = g_file_new_for_path (path);
  before = read_file (path);

  /* The recent files are written a moment after the open (later on a loaded
   * machine), in the handler of "changed": wait for it, so that writing them
   * does not fall under the failure. */
  recent_id = g_signal_connect_after (gtk_recent_manager_get_default (), "changed",
                                      G_CALLBACK (recent_written_cb), &recent_written);
  open_window (f);
  g_assert_true (ossa_window_open_file (f->window, file, NULL));
  add_bone (editor_of (f), "tail", 0);
  g_assert_true (gui_test_iterate_until (flag_set, &recent_written));
  g_signal_handler_disconnect (gtk_recent_manager_get_default (), recent_id);

  g_test_log_set_fatal_handler (tolerate_recent_files_cb, NULL);
  failure->break_it (path);
  ossa_window_save_file_async (f->window, file, saved_cb, &o);
  wait_outcome (&o);
  failure->mend (path);
  g_test_log_set_fatal_handler (NULL, NULL);

  g_assert_false (o.ok);
  g_assert_nonnull (o.error);
  g_test_message ("%s: %s", failure->name, o.error->message);

  /* A clear message over the window: what failed, and why. */
  dialog = find_error_dialog (GTK_WINDOW (f->window));
  g_assert_nonnull (dialog);
  g_object_get (dialog, "text", &text, "secondary-text", &secondary, NULL);
  g_assert_cmpstr (text, ==, "Could not save “trio.ossa”");
  g_assert_cmpstr (secondary, ==, o.error->message);
  g_assert_nonnull (strstr (secondary, "trio.ossa"));
  if (failure->reason != NULL)
    g_assert_nonnull (strstr (secondary, failure->reason));
  gui_test_flush (GTK_WIDGET (dialog));
  gui_test_linger_if_asked ();
  dismiss_error (f);

  /* The document still unsaved, its file still this one. */
  g_assert_true (ossa_editor_get_modified (editor_of (f)));
  g_assert_cmpstr (title_of (f), ==, "• trio — Ossa");
  g_assert_true (g_file_equal (ossa_editor_get_file (editor_of (f)), file));
  assert_names (f, "root spine head tail");
  g_assert_null (busy_text (f));

  if (failure->old_file_kept)
    {
      g_autofree char *after = read_file (path);
      g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
      guint n = 0;

      g_assert_cmpstr (after, ==, before);
      /* No half-written temporary file left beside it. */
      while (g_dir_read_name (dir) != NULL)
        n++;
      g_assert_cmpuint (n, ==, 1);
    }
  else
    {
      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
    }

  /* Once mended, the same Save works. */
  g_clear_error (&o.error);
  g_assert_true (activate (f, "save", NULL));
  g_assert_null (find_error_dialog (GTK_WINDOW (f->window)));
  g_assert_false (ossa_editor_get_modified (editor_of (f)));
  assert_names_on_disk (path, "root spine head tail");
}

int
main (int   argc,
      char *argv[])
{
  if (!gui_test_display_or_skip ())
    return 0;

  full_disk_init ();
  gtk_test_init (&argc, &argv, NULL);

  APP_TEST_ADD ("/ossa/window-io/save-edit-meanwhile", test_save_edit_meanwhile);
  APP_TEST_ADD ("/ossa/window-io/save-edit-while-copying", test_save_edit_while_copying);
  APP_TEST_ADD ("/ossa/window-io/save-twice", test_save_twice);
  APP_TEST_ADD ("/ossa/window-io/close-during-save", test_close_during_save);
  APP_TEST_ADD ("/ossa/window-io/quit-during-save", test_quit_during_save);
  APP_TEST_ADD ("/ossa/window-io/open", test_open_async);
  APP_TEST_ADD ("/ossa/window-io/save-during-open", test_save_during_open);
  APP_TEST_ADD ("/ossa/window-io/replaced-file", test_replaced_file);
  for (gsize i = 0; i < G_N_ELEMENTS (failures); i++)
    {
      g_autofree char *name = g_strdup_printf ("/ossa/window-io/save-fails/%s",
                                               failures[i].name);

      g_test_add (name, AppFixture, &failures[i], app_fixture_setup, test_save_fails,
                  app_fixture_teardown);
    }

  return g_test_run ();
}
