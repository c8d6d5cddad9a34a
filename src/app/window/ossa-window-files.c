/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-window"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "ossa-art-import.h"
#include "ossa-dialogs.h"
#include "ossa-smd-import-dialog.h"
#include "ossa-smd-notices.h"
#include "ossa-window-private.h"
#include "ossa-gerror.h"
#include "ossa-io.h"

/* The window's document coming and going: the unsaved-changes question before
 * anything drops it (open and save themselves are in ossa-window-io.c), close,
 * a file dropped on the window, and an SMD import replacing it. */

/* The unsaved-changes question ------------------------------------------------ */

static void
saved_changes_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;

  g_task_return_boolean (task, _ossa_window_save_finish (OSSA_WINDOW (source), result));
}

static void
save_changes_answered_cb (GObject      *source,
                          GAsyncResult *result,
                          gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  OssaWindow *self = g_task_get_source_object (task);

  self->asking = FALSE;
  switch (ossa_dialogs_ask_save_changes_finish (result))
    {
    case OSSA_SAVE_CHANGES_SAVE:
      _ossa_window_save_async (self, FALSE, saved_changes_cb, g_steal_pointer (&task));
      break;
    case OSSA_SAVE_CHANGES_DISCARD:
      g_task_return_boolean (task, TRUE);
      break;
    case OSSA_SAVE_CHANGES_CANCEL:
    default:
      g_task_return_boolean (task, FALSE);
      break;
    }
}

/**
 * ossa_window_ask_save_changes:
 * @self: an #OssaWindow
 * @callback: called with the answer
 * @user_data: data for @callback
 *
 * Before something would drop the open document: when it has unsaved changes, asks
 * whether to save them (Save / Discard / Cancel); Save on a document without a
 * file asks where. An open or a save running in the window is waited for first
 * (closing the window during a save waits for it). Finish with
 * ossa_window_ask_save_changes_finish().
 */
static void
ask_when_idle (OssaWindow *self,
               gpointer    data,
               gboolean    waited)
{
  GTask *task = data;
  g_autofree char *name = NULL;

  if (self->editor == NULL)
    {
      g_task_return_boolean (task, FALSE);
      g_object_unref (task);
      return;
    }
  if (!ossa_editor_get_modified (self->editor))
    {
      g_task_return_boolean (task, TRUE);
      g_object_unref (task);
      return;
    }
  /* One question at a time: a second request while one is open is a no. */
  if (self->asking)
    {
      g_task_return_boolean (task, FALSE);
      g_object_unref (task);
      return;
    }

  self->asking = TRUE;
  name = ossa_editor_dup_display_name (self->editor);
  ossa_dialogs_ask_save_changes (GTK_WINDOW (self), name, self->cancellable,
                                 save_changes_answered_cb, task);
}

void
ossa_window_ask_save_changes (OssaWindow          *self,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (OSSA_IS_WINDOW (self));

  task = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (task, ossa_window_ask_save_changes);
  /* An open or a save running decides what there is to ask about. */
  _ossa_window_when_idle (self, ask_when_idle, task);
}

/**
 * ossa_window_ask_save_changes_finish:
 * @self: an #OssaWindow
 * @result: the result given to the callback
 *
 * Returns: %TRUE when the document may be dropped (nothing unsaved, saved, or
 *   discarded); %FALSE when the person cancelled or saving failed
 */
gboolean
ossa_window_ask_save_changes_finish (OssaWindow   *self,
                                     GAsyncResult *result)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), NULL);
}

static void
open_answered_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  OssaWindow *self = OSSA_WINDOW (source);
  g_autoptr(GFile) file = user_data;

  if (ossa_window_ask_save_changes_finish (self, result))
    ossa_window_open_file_async (self, file, NULL, NULL);
}

/**
 * ossa_window_open:
 * @self: an #OssaWindow
 * @file: a .ossa document
 *
 * Opens @file in @self once unsaved changes are dealt with (see
 * ossa_window_ask_save_changes()). A file that fails to load changes nothing.
 */
void
ossa_window_open (OssaWindow *self,
                  GFile      *file)
{
  g_return_if_fail (OSSA_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  ossa_window_ask_save_changes (self, open_answered_cb, g_object_ref (file));
}

static void
new_answered_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  OssaWindow *self = OSSA_WINDOW (source);

  if (ossa_window_ask_save_changes_finish (self, result))
    ossa_editor_new_document (self->editor);
}

/**
 * ossa_window_new_document:
 * @self: an #OssaWindow
 *
 * Replaces the document with a new, empty one once unsaved changes are dealt with.
 */
void
ossa_window_new_document (OssaWindow *self)
{
  g_return_if_fail (OSSA_IS_WINDOW (self));

  ossa_window_ask_save_changes (self, new_answered_cb, NULL);
}

static void
close_answered_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  OssaWindow *self = OSSA_WINDOW (source);

  if (!ossa_window_ask_save_changes_finish (self, result))
    {
      g_task_return_boolean (task, FALSE);
      return;
    }
  self->close_confirmed = TRUE;
  g_task_return_boolean (task, TRUE);
  gtk_window_close (GTK_WINDOW (self));
}

/**
 * ossa_window_close_async:
 * @self: an #OssaWindow
 * @callback: called once the window closed or stayed
 * @user_data: data for @callback
 *
 * Closes @self once unsaved changes are dealt with (see
 * ossa_window_ask_save_changes()). Finish with ossa_window_close_finish().
 */
void
ossa_window_close_async (OssaWindow          *self,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (OSSA_IS_WINDOW (self));

  task = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (task, ossa_window_close_async);
  ossa_window_ask_save_changes (self, close_answered_cb, task);
}

/**
 * ossa_window_close_finish:
 * @self: an #OssaWindow
 * @result: the result given to the callback
 *
 * Returns: whether the window closed
 */
gboolean
ossa_window_close_finish (OssaWindow   *self,
                          GAsyncResult *result)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), NULL);
}

static gboolean
is_smd (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);
  gsize len = basename != NULL ? strlen (basename) : 0;

  return len > 4 && g_ascii_strcasecmp (basename + len - 4, ".smd") == 0;
}

static gboolean
is_qc (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);
  gsize len = basename != NULL ? strlen (basename) : 0;

  return len > 3 && g_ascii_strcasecmp (basename + len - 3, ".qc") == 0;
}

/* Drag and drop, anywhere on the window: a .ossa file opens in it; .smd files go
 * to the Import SMD dialog, the first as the reference and the others as
 * animations, for the person to check the options and import, and a .qc to the
 * Import Valve Model dialog; PNG and .ora files
 * are imported (the canvas takes its own, under the pointer). */
static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         OssaWindow    *self)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);

  if (G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    {
      GSList *list = gdk_file_list_get_files (g_value_get_boxed (value));

      for (GSList *l = list; l != NULL; l = l->next)
        g_ptr_array_add (files, g_object_ref (l->data));
      g_slist_free (list);
    }
  else if (G_VALUE_HOLDS (value, G_TYPE_FILE) && g_value_get_object (value) != NULL)
    {
      g_ptr_array_add (files, g_value_dup_object (value));
    }

  if (files->len == 0)
    return FALSE;
  /* Pictures beside the canvas land as if chosen from the menu. */
  if (ossa_art_import_is_png (files->pdata[0]) || ossa_art_import_is_ora (files->pdata[0]))
    {
      OssaArtTarget at;

      _ossa_window_art_target (self, &at);
      ossa_art_import_files (GTK_WINDOW (self), self->editor, (GFile *const *) files->pdata,
                             files->len, &at);
      return TRUE;
    }
  if (is_smd (files->pdata[0]))
    {
      _ossa_window_import_smd_files (self, (GFile **) files->pdata, files->len);
      return TRUE;
    }
  if (is_qc (files->pdata[0]))
    {
      _ossa_window_import_qc_file (self, files->pdata[0]);
      return TRUE;
    }
  ossa_window_open (self, files->pdata[0]);
  return TRUE;
}

void
_ossa_window_files_init (OssaWindow *self)
{
  GtkDropTarget *drop;
  GType drop_types[] = { GDK_TYPE_FILE_LIST, G_TYPE_FILE };

  drop = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY);
  gtk_drop_target_set_gtypes (drop, drop_types, G_N_ELEMENTS (drop_types));
  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}

/* SMD import ------------------------------------------------------------------ */

/* An imported document waiting for the unsaved-changes answer. */
typedef struct
{
  OssaDocument  *document;
  char         **notices;
} PendingImport;

static void
pending_import_free (PendingImport *p)
{
  ossa_document_free (p->document);
  g_strfreev (p->notices);
  g_free (p);
}

static void
import_answered_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  OssaWindow *self = OSSA_WINDOW (source);
  PendingImport *p = user_data;

  if (ossa_window_ask_save_changes_finish (self, result))
    {
      /* The canvas fits the new document by itself. */
      ossa_editor_take_document (self->editor, g_steal_pointer (&p->document));
      if (p->notices != NULL && p->notices[0] != NULL)
        ossa_smd_show_notices (GTK_WINDOW (self), (const char * const *) p->notices);
    }
  pending_import_free (p);
}

static void
import_dialog_done_cb (GObject      *source,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  OssaWindow *self = OSSA_WINDOW (source);
  PendingImport *p = g_new0 (PendingImport, 1);

  p->document = ossa_import_dialog_run_finish (result, &p->notices, NULL);
  if (p->document == NULL || gtk_widget_in_destruction (GTK_WIDGET (self)))
    {
      /* Closed, or the window went: errors were shown by the dialog. */
      pending_import_free (p);
      return;
    }
  ossa_window_ask_save_changes (self, import_answered_cb, p);
}

/* The import dialog of @type for the window: the one open brought to the front,
 * or a new one with the preferred options, whose result replaces the document
 * once unsaved changes are dealt with, and what it left out is listed. */
static OssaImportDialog *
show_import_dialog (OssaWindow *self,
                    GType       type)
{
  OssaImportDialog *open = ossa_import_dialog_find (type, GTK_WINDOW (self));

  if (open != NULL)
    {
      gtk_window_present (GTK_WINDOW (open));
      return open;
    }
  ossa_import_dialog_run (type, GTK_WINDOW (self), self->cancellable, import_dialog_done_cb, NULL);
  open = ossa_import_dialog_find (type, GTK_WINDOW (self));
  if (open != NULL)
    _ossa_window_import_defaults (self, open);
  return open;
}

/* File > Import SMD… */
void
_ossa_window_import_smd (OssaWindow *self)
{
  show_import_dialog (self, OSSA_TYPE_SMD_IMPORT_DIALOG);
}

/* Files dropped on the window: the Import SMD dialog (the one open, or a new one)
 * with files[0] as its reference and any others as animations. */
void
_ossa_window_import_smd_files (OssaWindow  *self,
                               GFile      **files,
                               guint        n_files)
{
  OssaImportDialog *dialog;

  g_return_if_fail (n_files > 0);

  dialog = show_import_dialog (self, OSSA_TYPE_SMD_IMPORT_DIALOG);
  g_return_if_fail (dialog != NULL);
  ossa_smd_import_dialog_set_reference (OSSA_SMD_IMPORT_DIALOG (dialog), files[0]);
  for (guint i = 1; i < n_files; i++)
    if (is_smd (files[i]))
      ossa_smd_import_dialog_add_animation (OSSA_SMD_IMPORT_DIALOG (dialog), files[i]);
}

/* File > Import Valve Model (.qc)… */
void
_ossa_window_import_qc (OssaWindow *self)
{
  show_import_dialog (self, OSSA_TYPE_QC_IMPORT_DIALOG);
}

/* A .qc dropped on the window: the Import Valve Model dialog with it chosen. */
void
_ossa_window_import_qc_file (OssaWindow *self,
                             GFile      *file)
{
  OssaImportDialog *dialog = show_import_dialog (self, OSSA_TYPE_QC_IMPORT_DIALOG);

  g_return_if_fail (dialog != NULL);
  ossa_qc_import_dialog_set_file (OSSA_QC_IMPORT_DIALOG (dialog), file);
}

/* The sample ------------------------------------------------------------------ */

/**
 * _ossa_window_dup_sample_file:
 *
 * Returns: (transfer full): the bundled hero.ossa (the character with art; its
 *   pictures are in art/ beside it): in $OSSA_SAMPLES_DIR when
 *   that is set (an uninstalled build: build-aux/run.sh, `meson devenv` and the
 *   tests set it), else where it is installed
 */
GFile *
_ossa_window_dup_sample_file (void)
{
  const char *dir = g_getenv ("OSSA_SAMPLES_DIR");

  if (dir == NULL || dir[0] == '\0')
    dir = SAMPLESDIR;
  return g_file_new_build_filename (dir, "hero.ossa", NULL);
}

static void
sample_answered_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  OssaWindow *self = OSSA_WINDOW (source);
  OssaDocument *doc = user_data;

  if (ossa_window_ask_save_changes_finish (self, result))
    {
      g_autoptr(GFile) sample = _ossa_window_dup_sample_file ();
      g_autoptr(GFile) folder = g_file_get_parent (sample);

      ossa_editor_take_copy (self->editor, g_steal_pointer (&doc), folder);
    }
  g_clear_pointer (&doc, ossa_document_free);
}

/* Help > Open the Sample: a copy of the bundled sample as a new, untitled
 * document (the canvas fits it by itself), so that Save asks where and the
 * installed file is never written over. */
void
_ossa_window_open_sample (OssaWindow *self)
{
  g_autoptr(GFile) file = _ossa_window_dup_sample_file ();
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GError) error = NULL;
  OssaError err = { 0 };
  OssaDocument *doc;

  doc = ossa_document_load (path, &err);
  if (doc == NULL)
    {
      ossa_gerror_set_from_core (&error, &err);
      ossa_dialogs_show_failure (GTK_WINDOW (self), error, _("Could not open the sample"));
      return;
    }
  ossa_window_ask_save_changes (self, sample_answered_cb, doc);
}
