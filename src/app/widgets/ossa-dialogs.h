/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The dialogs the editor shows, behind one small async API. GTK 4.8 has no
 * GtkFileDialog/GtkAlertDialog (4.10); these wrap GtkFileChooserNative and
 * GtkMessageDialog so that moving to the new classes touches this file only.
 * Each dialog owns itself until answered (then destroys itself); the caller gets
 * the chosen GFile, to own, from the _finish() function. */

void       ossa_dialogs_choose_document        (GtkWindow            *parent,
                                                GFile                *initial_folder,
                                                GCancellable         *cancellable,
                                                GAsyncReadyCallback   callback,
                                                gpointer              user_data);
GFile     *ossa_dialogs_choose_document_finish (GAsyncResult         *result,
                                                GError              **error);

void       ossa_dialogs_choose_save_file       (GtkWindow            *parent,
                                                GFile                *initial_file,
                                                GCancellable         *cancellable,
                                                GAsyncReadyCallback   callback,
                                                gpointer              user_data);
GFile     *ossa_dialogs_choose_save_file_finish (GAsyncResult        *result,
                                                 GError             **error);

/* What to do with unsaved changes before they would be lost. */
typedef enum
{
  OSSA_SAVE_CHANGES_CANCEL,
  OSSA_SAVE_CHANGES_DISCARD,
  OSSA_SAVE_CHANGES_SAVE,
} OssaSaveChanges;

void            ossa_dialogs_ask_save_changes        (GtkWindow            *parent,
                                                      const char           *document_name,
                                                      GCancellable         *cancellable,
                                                      GAsyncReadyCallback   callback,
                                                      gpointer              user_data);
OssaSaveChanges ossa_dialogs_ask_save_changes_finish (GAsyncResult         *result);

/* What to do when the file about to be written over was changed by another
 * program since the editor read or wrote it. */
typedef enum
{
  OSSA_OVERWRITE_CANCEL,
  OSSA_OVERWRITE_SAVE_AS,
  OSSA_OVERWRITE_OVERWRITE,
} OssaOverwrite;

void            ossa_dialogs_ask_overwrite           (GtkWindow            *parent,
                                                      const char           *file_name,
                                                      GCancellable         *cancellable,
                                                      GAsyncReadyCallback   callback,
                                                      gpointer              user_data);
OssaOverwrite   ossa_dialogs_ask_overwrite_finish    (GAsyncResult         *result);

/* What Delete does to the IK constraints that use the bones it removes: Repair
 * them (the default: OSSA_IK_REMOVAL_REPAIR, 0), Delete them (OSSA_IK_REMOVAL_DELETE,
 * 1), or -1 for Cancel (nothing removed). n_constraints is how many there are. */
void            ossa_dialogs_ask_ik_removal          (GtkWindow            *parent,
                                                      guint                 n_constraints,
                                                      GCancellable         *cancellable,
                                                      GAsyncReadyCallback   callback,
                                                      gpointer              user_data);
int             ossa_dialogs_ask_ik_removal_finish   (GAsyncResult         *result);

/* Adds a filter called name to chooser for the files ending in one of suffixes
 * (NULL-terminated, without the dot), or for every file when suffixes is NULL.
 * The first filter added is the one the chooser starts with. */
void       ossa_dialogs_add_filter             (GtkFileChooser       *chooser,
                                                const char           *name,
                                                const char *const    *suffixes);
/* file with ".suffix" added when its name has no extension ("walk" becomes
 * "walk.smd"; "walk.v2" stays), so that it shows under the chooser's filter next
 * time. Returns a new reference either way. */
GFile     *ossa_dialogs_with_suffix            (GFile                *file,
                                                const char           *suffix);

/* The name a person reads for file: its base name, made displayable. */
char      *ossa_dialogs_dup_display_name       (GFile                *file);

GtkWindow *ossa_dialogs_show_error             (GtkWindow            *parent,
                                                const char           *primary,
                                                const char           *secondary);
/* Every "Could not X" message: the primary text from format, the reason from
 * error (nullable) under it. */
GtkWindow *ossa_dialogs_show_failure           (GtkWindow            *parent,
                                                const GError         *error,
                                                const char           *format,
                                                ...) G_GNUC_PRINTF (3, 4);

G_END_DECLS
