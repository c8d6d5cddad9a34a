/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For the GUI tests that drive the editor's real window: an OssaApplication of
 * the test's own with a temporary folder (AppFixture), its windows, the documents
 * they open (made with the core API and saved in that folder), editing through
 * commands and actions, and the dialogs a window puts up (found among the
 * toplevels, answered as a person would). */
#pragma once

#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-application.h"
#include "ossa-window-private.h"
#include "gui-test-support.h"

typedef struct
{
  OssaApplication *app;
  OssaWindow      *window;   /* the one open_window() opened last */
  char            *tmpdir;   /* removed with everything in it at teardown */
} AppFixture;

/* A registered application (non-unique, no session bus needed) with every
 * setting at its default, and an empty temporary folder. */
void app_fixture_setup (AppFixture *f, gconstpointer data);
/* Its windows (and their dialogs) closed, the application and the folder gone. */
void app_fixture_teardown (AppFixture *f, gconstpointer data);

#define APP_TEST_ADD(path, func) \
  g_test_add (path, AppFixture, NULL, app_fixture_setup, func, app_fixture_teardown)

/* A new window of the application, shown and drawn, as f->window. */
void open_window (AppFixture *f);
/* The same at a default size of width × height. */
void open_window_sized (AppFixture *f, int width, int height);
OssaEditor *editor_of (AppFixture *f);
const OssaDocument *doc_of (AppFixture *f);
const char *title_of (AppFixture *f);
gboolean window_is_open (AppFixture *f, GtkWindow *window);
/* The path of basename in the test's folder, newly allocated. */
char *tmp_path (AppFixture *f, const char *basename);

/* f->window's action name with parameter (consumed) when it is enabled, then the
 * main loop turned until what it started is done (an open or a save on its worker
 * thread included); whether it was enabled. */
gboolean activate (AppFixture *f, const char *name, GVariant *parameter);
/* Turns the main loop until the window opens or saves nothing (at most 5 s). */
void wait_for_window_io (OssaWindow *window);
gboolean enabled (AppFixture *f, const char *action);

/* ---- documents ---- */

/* A document of bones names[i] (parent parents[i]), made with the core API and
 * saved as basename in the test's folder. */
GFile *save_document (AppFixture *f, const char *basename, const char *const *names,
                      const int *parents);
/* root → spine → head, saved as basename. */
GFile *save_trio (AppFixture *f, const char *basename);

/* command executed on editor, asserting it was made and worked. */
void execute (OssaEditor *editor, OssaCommand *command);
void add_bone (OssaEditor *editor, const char *name, int parent);
void rename_bone (OssaEditor *editor, guint bone, const char *name);
void select_bones (AppFixture *f, const guint *bones, gsize n);
/* The bone names of doc, space-separated, in index order. */
char *dup_bone_names (const OssaDocument *doc);
/* The bone names of f->window's document are expected (as dup_bone_names()). */
void assert_names (AppFixture *f, const char *expected);

/* path's whole contents (the test fails if it cannot be read). */
char *read_file (const char *path);

/* ---- dialogs ---- */

/* The visible toplevel of type (a class or an interface) transient for parent,
 * asserting there is at most one; NULL when there is none. */
GtkWindow *find_transient (GtkWindow *parent, GType type);
/* The same for a message dialog of that message type. */
GtkMessageDialog *find_message_dialog (GtkWindow *parent, GtkMessageType type);
GtkMessageDialog *find_error_dialog (GtkWindow *parent);
GtkMessageDialog *find_question (GtkWindow *parent);
GtkFileChooser *find_file_chooser (GtkWindow *parent);

/* f->window's error message closed. */
void dismiss_error (AppFixture *f);
/* f->window's unsaved-changes question (modal; Save, Discard and Cancel) answered
 * with response. The answer may close the window. */
void answer_question (AppFixture *f, int response);
/* file chosen in chooser, waiting until the chooser has selected it (it loads the
 * folder first, and refuses to answer before). */
void choose_file (GtkFileChooser *chooser, GFile *file);

/* ---- a full disk ---- */

/* The fail-write shim (tests/support/ossa-fail-write.c), which the build preloads
 * into the tests that use it (LD_PRELOAD): whether it is loaded. When it is not,
 * the test is skipped with a message if the build did not offer it, and fails if
 * it did ($OSSA_FAIL_WRITE_SHIM set), so that a broken preload cannot pass for a
 * skip. */
gboolean full_disk_available (void);
/* In main(), before any thread starts: the programs the test runs (rm) do not
 * get the shim (LD_PRELOAD leaves the environment; it stays in this process). */
void full_disk_init (void);
/* From now on writes under folder fail with ENOSPC, as on a full disk … */
void full_disk_arm (const char *folder);
/* … and no more: the disk has room again. */
void full_disk_disarm (void);
