/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ossa-autosave.h"
#include "ossa-art-import-dialog.h"
#include "ossa-canvas.h"
#include "ossa-draw-order.h"
#include "ossa-hierarchy.h"
#include "ossa-ik-inspector.h"
#include "ossa-inspector.h"
#include "ossa-map-editor.h"
#include "ossa-smd-import-dialog.h"
#include "ossa-qc-import-dialog.h"
#include "ossa-key-inspector.h"
#include "ossa-timeline.h"
#include "ossa-window.h"

G_BEGIN_DECLS

/* The instance struct of OssaWindow and the functions its files share:
 * ossa-window.c (the GObject: layout, title, status bar, settings),
 * ossa-window-io.c (open, save), ossa-window-files.c (the unsaved-changes
 * question, close, SMD import, the sample), ossa-window-start.c (the start page
 * of an empty window), ossa-window-settings.c (what Preferences sets, applied to
 * this window) and ossa-window-actions.c (the win.* actions and their keys). Tests
 * read the template children. The window owns everything here but the
 * template children, which its template owns. */
struct _OssaWindow
{
  GtkApplicationWindow   parent_instance;

  /* Template children */
  GtkPaned              *main_paned;
  GtkPaned              *side_paned;
  GtkPaned              *center_paned;
  OssaHierarchy         *hierarchy;
  GtkPaned              *left_paned;           /* the bone tree over the draw order */
  OssaDrawOrder         *draw_order;
  OssaCanvas            *canvas;
  OssaInspector         *inspector;
  OssaIkInspector       *ik_inspector;         /* the picked IK constraint */
  OssaKeyInspector      *key_inspector;
  GtkBox                *timeline_slot;
  OssaTimeline          *timeline;
  GtkLabel              *selection_label;
  GtkLabel              *pointer_label;
  GtkLabel              *zoom_label;
  GtkWidget             *ik_chain_box;         /* the IK tool's chain length, shown */
  GtkSpinButton         *ik_chain_spin;        /* with that tool */
  GtkStack              *workspace_stack;
  OssaMapEditor         *map_editor;
  GtkWidget             *start_page;
  GtkBox                *start_recent_box;
  GtkListBox            *start_recent_list;
  GtkRevealer           *spin_bar;             /* ossa-window-spin.c's */
  GtkLabel              *spin_label;
  GtkWidget             *busy_box;             /* the status bar's progress */
  GtkProgressBar        *busy_bar;
  GtkLabel              *busy_label;
  GtkWidget             *recovery_status;      /* copies cannot be written */
  GtkLabel              *recovery_label;
  GtkWidget             *pictures_status;      /* ossa-window-art.c's: pictures */
  GtkLabel              *pictures_label;       /* that could not be read */

  OssaEditor            *editor;
  /* The recovery copy of the editor's unsaved changes (src/app/recovery/). */
  OssaAutosave          *autosave;
  /* Cancelled when the window goes: dismisses the choosers and questions open. */
  GCancellable          *cancellable;
  GSettings             *settings;             /* the application's, or NULL */

  /* The skeleton workspace's shortcuts, for keys that also type text and keys
   * that mean something else in the map workspace (see ossa-window-actions.c);
   * on the workspace's page. */
  GtkShortcutController *key_shortcuts;

  /* ossa-window.c: an open or a save running (or its question), and what waits
   * for it to end (IdleWaiter, run in order, each when the window is idle). */
  guint                  busy;
  guint                  busy_pulse;           /* the progress bar's timeout */
  GQueue                 idle_waiters;

  guint                  asking : 1;           /* an unsaved-changes question is open */
  guint                  close_confirmed : 1;  /* the next close request goes through */
  guint                  had_keys : 1;         /* keys were selected at the last change */
  guint                  started : 1;          /* the start page went for good */
};

/* ossa-window.c */
void _ossa_window_file_used         (OssaWindow *self,
                                     GFile      *file);

/* ossa-window.c: one open or save at a time. busy_begin marks one running (with
 * text, what the status bar says, or NULL to say nothing, as while a question
 * about it is open), busy_set_text changes what it says, busy_end ends it and
 * runs what waits. when_idle runs func now when nothing runs (waited FALSE), or
 * once everything before it ended (waited TRUE); after the window went too, when
 * func must do nothing but finish (its editor is NULL then). */
typedef void (*OssaWindowIdleFunc) (OssaWindow *self,
                                    gpointer    data,
                                    gboolean    waited);
void _ossa_window_busy_begin        (OssaWindow *self,
                                     const char *text);
void _ossa_window_busy_set_text     (OssaWindow *self,
                                     const char *text);
void _ossa_window_busy_end          (OssaWindow *self);
void _ossa_window_when_idle         (OssaWindow         *self,
                                     OssaWindowIdleFunc  func,
                                     gpointer            data);

/* ossa-window-io.c: saves to the document's file, or asks where (always when
 * ask_where, or when it has none); a failure is shown over the window. The async
 * form tells whether it was saved. */
void _ossa_window_save              (OssaWindow *self,
                                     gboolean    ask_where);
void _ossa_window_save_async        (OssaWindow          *self,
                                     gboolean             ask_where,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data);
gboolean _ossa_window_save_finish   (OssaWindow   *self,
                                     GAsyncResult *result);

/* ossa-window-files.c: the drop target that opens a dropped file. */
void _ossa_window_files_init        (OssaWindow *self);
void _ossa_window_import_smd        (OssaWindow *self);
void _ossa_window_import_smd_files  (OssaWindow  *self,
                                     GFile      **files,
                                     guint        n_files);
void _ossa_window_import_qc         (OssaWindow *self);
void _ossa_window_import_qc_file    (OssaWindow *self,
                                     GFile      *file);
GFile *_ossa_window_dup_sample_file (void);
void _ossa_window_open_sample       (OssaWindow *self);

/* ossa-window-actions.c: where pictures chosen from the menu or dropped beside the
 * canvas land: on the selected bone's joint, or in the middle of the view. */
void _ossa_window_art_target       (OssaWindow    *self,
                                    OssaArtTarget *target);

/* ossa-window-start.c: the start page over an empty window's canvas. */
void _ossa_window_start_init        (OssaWindow *self);

/* ossa-window-settings.c: the preferences (onion skin, snapping, auto-key) bound
 * to the canvas, the timeline and the editor, at once and whenever they change;
 * the SMD import's defaults put into a new Import SMD dialog, and its plane into a
 * new Import Valve Model dialog. */
void _ossa_window_bind_preferences  (OssaWindow          *self);
void _ossa_window_import_defaults   (OssaWindow          *self,
                                     OssaImportDialog    *dialog);

/* ossa-window-spin.c: the bar over the canvas for the editor's spin notice, and
 * its win.turn-dragged-way and win.dismiss-spin-notice actions. */
void _ossa_window_spin_init         (OssaWindow *self);

/* ossa-window-art.c: win.embed-images and win.unembed-images, and the status
 * bar's line naming the pictures that could not be read. */
void _ossa_window_art_init          (OssaWindow *self);

/* ossa-window-ik.c: win.new-ik, win.remove-ik and win.pin-joint, and Delete on
 * bones, which asks first what becomes of the IK constraints that use them. */
void _ossa_window_ik_init           (OssaWindow  *self);
void _ossa_window_delete_bones      (OssaWindow  *self,
                                     const guint *bones,
                                     gsize        n_bones);

/* ossa-window-actions.c */
void _ossa_window_actions_init       (OssaWindow *self);
void _ossa_window_actions_update     (OssaWindow *self);
void _ossa_window_focus_workspace   (OssaWindow *self);
void _ossa_window_actions_sync_menus (OssaWindow *self);

G_END_DECLS
