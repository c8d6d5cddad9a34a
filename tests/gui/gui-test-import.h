/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For the GUI tests of the import dialogs (File > Import SMD…, Import Valve Model
 * (.qc)…) and of Export SMD…: the shared SMD files, a dialog's import waited for
 * or cancelled at its first progress report (both dialogs have the "running" and
 * "progress" properties and a Cancel action, which closes an idle dialog), its
 * progress bar and status line, the message dialogs put up after it (answered,
 * their named labels found), the core's own import of the same files and two
 * documents' structure compared, and a widget saved as a PNG to look at. The
 * caller owns what it passes; strings returned are newly allocated. */
#pragma once

#include <gtk/gtk.h>

#include "ossa.h"

/* OSSA_SHARED_TESTDATA/smd/name, or NULL (and the test skipped with a message
 * saying what is missing) when it is not there. */
char *smd_testdata (const char *name);

/* Turns the main loop until dialog's import is over, or the dialog gone (at
 * most 60 s, then the test fails). */
void wait_import (GtkWindow *dialog);
/* From now on, the dialog's first progress report above 0 activates its
 * cancel_action (the Cancel button) and sets *cancelled; *cancelled must live as
 * long as the dialog. */
void cancel_at_first_progress (GtkWindow *dialog, const char *cancel_action, gboolean *cancelled);
/* cancel_action activated on the dialog while no import runs: the dialog goes
 * (the test fails if it stays). */
void assert_cancel_closes (GtkWindow *dialog, const char *cancel_action);
/* The dialog's progress bar and its status line ("Cancelled: nothing was
 * imported."): in both dialogs, the bar is a child of the window's box and the
 * status line the one before the buttons' row. */
GtkProgressBar *import_progress_bar (GtkWindow *dialog);
GtkLabel *import_status_label (GtkWindow *dialog);

/* dialog answered with response (the test fails when dialog is NULL). */
void answer_message (GtkMessageDialog *dialog, int response);
/* The label under widget whose widget name is name ("notices"), or NULL. */
GtkLabel *find_named_label (GtkWidget *widget, const char *name);

/* The document the CLI would make from the same SMD files (default options; the
 * test fails when they do not import). */
OssaDocument *smd_import_directly (const char * const *paths, gsize n);
/* a and b have the same bone names, animations (names, fps, loop flags, track
 * counts) and meshes (names, triangle counts): what the editor got is what the
 * core made. */
void assert_same_structure (const OssaDocument *a, const OssaDocument *b);

/* widget as drawn, into G_TEST_BUILDDIR/basename: an artefact to look at. */
void save_screenshot (GtkWidget *widget, const char *basename);
