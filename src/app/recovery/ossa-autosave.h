/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* OssaAutosave keeps a recovery copy of one editor's document while it has
 * unsaved changes: every interval seconds after a change and after every
 * OSSA_AUTOSAVE_EDITS edits, the document is copied on the main thread and
 * written (encoded, then atomically, with its index) on a worker thread, into the
 * recovery folder (ossa-recovery-store.h); never to the document's own file. A
 * document unsaved without an edit (the sample, an import) waits for its first
 * edit: until then nothing of the person's can be lost. The
 * copy goes when the document is saved (once written: not when a save starts,
 * nor after one that failed), replaced or closed; edits made while a save writes
 * get a copy as soon as it is done. The window owns its
 * autosave; the autosave holds a reference on the editor until it is closed. */

#include <gio/gio.h>

#include "ossa-editor.h"

G_BEGIN_DECLS

/* A copy after this many edits (undo steps: a whole drag is one), even before the
 * interval is up: about a minute of steady work, so that a burst of quick edits
 * is never more than a few seconds of work behind, while a drag (one edit however
 * long) or a slow session writes no more often than the interval says. */
#define OSSA_AUTOSAVE_EDITS 20
/* The interval when there are no settings (the setting's default). */
#define OSSA_AUTOSAVE_DEFAULT_INTERVAL 60
/* OSSA_AUTOSAVE_INTERVAL=SECONDS (at least 1) in the environment overrides the
 * autosave-interval setting: for tests, which cannot wait a minute. */
#define OSSA_AUTOSAVE_INTERVAL_ENV "OSSA_AUTOSAVE_INTERVAL"

#define OSSA_TYPE_AUTOSAVE (ossa_autosave_get_type ())
G_DECLARE_FINAL_TYPE (OssaAutosave, ossa_autosave, OSSA, AUTOSAVE, GObject)

/* folder NULL: the recovery folder (ossa_recovery_dup_folder()). */
OssaAutosave *ossa_autosave_new           (OssaEditor   *editor,
                                           const char   *folder);
/* Takes the interval from settings' autosave-interval (when the schema has it)
 * and follows its changes, unless the environment overrides it. */
void          ossa_autosave_set_settings  (OssaAutosave *self,
                                           GSettings    *settings);
guint         ossa_autosave_get_interval  (OssaAutosave *self);
void          ossa_autosave_set_interval  (OssaAutosave *self,
                                           guint         seconds);

/* The copy's id (its files are <folder>/<id>.ossa and .ini), NULL while there is
 * none. */
const char   *ossa_autosave_get_id        (OssaAutosave *self);
const char   *ossa_autosave_get_folder    (OssaAutosave *self);
/* Why the last copy could not be written (G_IO_ERROR_NO_SPACE: the disk is
 * full), NULL when it was or when none is needed; notify::error says when it
 * changes. The autosave keeps trying every interval and never asks the person:
 * the window says it in its status bar. */
const GError *ossa_autosave_get_error     (OssaAutosave *self);
/* Copies written so far (for tests and benches). */
guint         ossa_autosave_get_n_copies  (OssaAutosave *self);
/* Microseconds the last copy took on the main thread (copying the document,
 * making its index) and on the worker (encoding and writing both files). */
void          ossa_autosave_get_timings   (OssaAutosave *self,
                                           gint64       *main_us,
                                           gint64       *worker_us);

/* The editor's document is the recovered copy @id, @changes edits after its last
 * save: keep that copy (rewritten now, as this process's) until the document is
 * saved or discarded. */
void          ossa_autosave_adopt         (OssaAutosave *self,
                                           const char   *id,
                                           guint         changes);
/* A copy now, if there are unsaved changes not in the copy. */
void          ossa_autosave_write_now     (OssaAutosave *self);
/* The window goes with its changes saved or discarded: the copy is removed
 * (after a write that is under way) and nothing more is written. */
void          ossa_autosave_close         (OssaAutosave *self);

G_END_DECLS
