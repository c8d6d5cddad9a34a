/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The instance struct of OssaExportDialog and the functions its two files
 * (ossa-export-dialog.c, ossa-export-choices.c) share, for them and its tests, which set the choices
 * through its widgets, and the hook through which Open Folder opens a folder (a
 * test looks at the URI instead of starting a file manager). The dialog owns
 * everything here but the template children, which its template owns. */
#pragma once

#include "ossa-export-dialog.h"
#include "ossa-export.h"

G_BEGIN_DECLS

struct _OssaExportDialog
{
  GtkWindow        parent_instance;

  /* Template children */
  GtkWidget       *form;
  GtkDropDown     *animation_dropdown;
  GtkDropDown     *format_dropdown;
  GtkEntry        *output_entry;
  GtkDropDown     *fit_dropdown;
  GtkSpinButton   *width_spin;
  GtkSpinButton   *height_spin;
  GtkSpinButton   *scale_spin;
  GtkSpinButton   *margin_spin;
  GtkSpinButton   *fps_spin;
  GtkSpinButton   *from_spin;
  GtkSpinButton   *to_spin;
  GtkCheckButton  *transparent_check;
  GtkColorButton  *color_button;
  GtkCheckButton  *bones_check;
  GtkCheckButton  *trim_check;
  GtkPicture      *preview_picture;
  GtkLabel        *summary_label;
  GtkProgressBar  *progress_bar;
  GtkLabel        *status_label;
  GtkWidget       *done_box;
  GtkLabel        *done_label;
  GtkButton       *cancel_button;
  GtkButton       *export_button;

  OssaEditor      *editor;
  GSettings       *settings;         /* NULL: nothing is remembered */
  GCancellable    *window_cancellable;
  gulong           window_cancelled_id;

  /* The preview's own copy of the document and its renderer, made again after
   * the editor's document changed. */
  OssaDocument    *copy;
  OssaRenderer    *renderer;
  guint            refresh_id;       /* the preview's redraw, soon */
  gboolean         loading;          /* choices being put in: no redraw, no follow */

  gboolean         available[5];     /* by OssaExportFormat: its encoder is there */
  char            *unavailable[5];   /* why not, for the tooltip */
  char            *suggested;        /* the output this last suggested */
  int              n_frames;         /* the whole animation's at the frame rate */

  GCancellable    *export;           /* the export running, or NULL */
  double           progress;
  char            *folder_uri;       /* what Open Folder opens */
  gboolean         closed;
};

/* Opens uri (a folder); the default runs g_app_info_launch_default_for_uri(). */
typedef gboolean (*OssaExportLaunchFunc) (const char *uri,
                                          GError    **error);
void _ossa_export_dialog_set_launch_func (OssaExportLaunchFunc func);

/* ossa-export-choices.c: the fields read and written, the output suggested. */
void                 _ossa_export_dialog_init_choices       (OssaExportDialog *self);
OssaExportFormat     _ossa_export_dialog_selected_format    (OssaExportDialog *self);
/* NULL for the rest pose (the list's last item). */
const OssaAnimation *_ossa_export_dialog_selected_animation (OssaExportDialog *self);
gboolean             _ossa_export_dialog_fit_chosen         (OssaExportDialog *self);
/* The animation's own rate, 30 for the rest pose. */
double               _ossa_export_dialog_own_fps            (const OssaAnimation *anim);
/* The output follows the animation and format while it is the one suggested. */
void                 _ossa_export_dialog_follow_output      (OssaExportDialog *self);
/* Which formats can be written (available[], unavailable[]). */
void                 _ossa_export_dialog_probe_formats      (OssaExportDialog *self);
/* Whether settings has every key of the dialog's (an old compiled schema may not). */
gboolean             _ossa_export_dialog_has_settings       (OssaExportDialog *self);
void                 _ossa_export_dialog_load_choices       (OssaExportDialog *self);
void                 _ossa_export_dialog_save_choices       (OssaExportDialog *self,
                                                             const OssaExportSettings *settings);
/* The export.choose-output action: a folder for frames, a file for the rest. */
void                 _ossa_export_dialog_choose_output      (GtkWidget        *widget,
                                                             const char       *action_name,
                                                             GVariant         *parameter);

/* ossa-export-dialog.c */
void                 _ossa_export_dialog_queue_refresh      (OssaExportDialog *self);
/* Which fields mean something for the choices made. */
void                 _ossa_export_dialog_update_sensitivity (OssaExportDialog *self);

/* The settings the choices shown make (the strings are the dialog's, valid until
 * the next change); FALSE with error when they make none (a pattern without %d). */
gboolean _ossa_export_dialog_get_settings (OssaExportDialog   *self,
                                           OssaExportSettings *settings,
                                           GError            **error);

G_END_DECLS
