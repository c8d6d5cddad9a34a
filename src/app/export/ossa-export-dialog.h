/* SPDX-License-Identifier: GPL-3.0-or-later */
/* OssaExportDialog, File > Export Animation…: the animation, format, output,
 * size or scale, frame rate, range, background, bones and trim, with a live
 * preview of the first frame and the output's size; runs the export job
 * (src/export/) on a worker thread with a progress bar and Cancel, and says what
 * came of it in the dialog ("Exported 30 frames to …" with Open Folder, or why
 * not). It knows no window: the window passes its editor, its settings (where
 * the last choices are kept) and its cancellable in. The dialog owns itself
 * while shown (and the copy of the document an export runs on); closing it stops
 * its export. */
#pragma once

#include <gtk/gtk.h>

#include "ossa-editor.h"

G_BEGIN_DECLS

#define OSSA_TYPE_EXPORT_DIALOG (ossa_export_dialog_get_type ())

G_DECLARE_FINAL_TYPE (OssaExportDialog, ossa_export_dialog, OSSA, EXPORT_DIALOG, GtkWindow)

OssaExportDialog *ossa_export_dialog_present     (GtkWindow        *parent,
                                                  OssaEditor       *editor,
                                                  GSettings        *settings,
                                                  GCancellable     *cancellable);
OssaExportDialog *ossa_export_dialog_find        (GtkWindow        *parent);
gboolean          ossa_export_dialog_get_running (OssaExportDialog *self);
double            ossa_export_dialog_get_progress (OssaExportDialog *self);

G_END_DECLS
