/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What the import dialogs of this folder call on their OssaImportDialog base:
 * the widgets of their templates it drives, and the steps their actions take.
 * The base keeps no reference of its own to the widgets (the template does). */

#include "ossa-import-dialog.h"

G_BEGIN_DECLS

/* Called files chose: @files (GFile) is the chooser's, valid during the call. */
typedef void (*OssaImportChosenFunc) (OssaImportDialog *self,
                                      GListModel       *files,
                                      gpointer          data);

/* From the subclass's init, after its template: the form (made insensitive while
 * an import runs), the option widgets (@fps_spin NULL where the frame rate is
 * the files' own), the progress bar and the status line. */
void _ossa_import_dialog_set_parts       (OssaImportDialog     *self,
                                          GtkWidget            *form,
                                          GtkDropDown          *plane_dropdown,
                                          GtkSpinButton        *fps_spin,
                                          GtkSpinButton        *simplify_spin,
                                          GtkProgressBar       *progress_bar,
                                          GtkLabel             *status_label);
/* The Import button: starts the import unless one runs or there is nothing. */
void _ossa_import_dialog_start           (OssaImportDialog     *self);
/* The Cancel button and Escape: stops the import under way, or closes. */
void _ossa_import_dialog_cancel_or_close (OssaImportDialog     *self);
/* The line under the form (NULL hides it). */
void _ossa_import_dialog_set_status      (OssaImportDialog     *self,
                                          const char           *text);
/* After the form changed what can be imported. */
void _ossa_import_dialog_update_actions  (OssaImportDialog     *self);
/* The folder choosers start in next: @file's. */
void _ossa_import_dialog_remember_folder (OssaImportDialog     *self,
                                          GFile                *file);
/* A modal file chooser over the dialog (the one open brought to the front
 * instead), starting in the remembered folder, filtered to @patterns (and "All
 * files"); @chosen runs with what the person accepted, unless the dialog closed. */
void _ossa_import_dialog_choose          (OssaImportDialog     *self,
                                          const char           *title,
                                          const char           *accept_label,
                                          gboolean              multiple,
                                          const char           *filter_name,
                                          const char * const   *patterns,
                                          OssaImportChosenFunc  chosen,
                                          gpointer              data);

G_END_DECLS
