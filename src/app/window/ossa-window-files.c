/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-window"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "ossa-dialogs.h"
#include "ossa-smd-import-dialog.h"
#include "ossa-smd-notices.h"
#include "ossa-window-private.h"
#include "ossa-gerror.h"
#include "ossa-io.h"

/* The window's document coming and going: open and save (on a worker thread,
 * one at a time, a save over a file changed behind the editor's back asking
 * first), the unsaved-changes question before anything drops it, close, a file
 * dropped on the window, and an SMD import replacing it. */

/* Opening -------------------------------------------------------------------- */

static void
loaded_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  OssaWindow *self = g_task_get_source_object (task);
  GFile *file = g_task_get_task_data (task);
  GError *error = NULL;
  gboolean ok = ossa_editor_load_finish (OSSA_EDITOR (source), result, &error);

  if (self->editor == NULL)
    {
      /* The window went meanwhile. */
      g_clear_error (&error);
      _ossa_window_busy_end (self);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s",
                               _("The window was closed"));
      return;
    }
  gtk_widget_set_sensitive (GTK_WIDGET (self->workspace_stack), TRUE);
  if (ok)
    {
      _ossa_window_file_used (self, file);
      ossa_canvas_fit (self->canvas);
      _ossa_window_busy_end (self);
      g_task_return_boolean (task, TRUE);
      return;
    }
  if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_autofree char *name = ossa_dialogs_dup_display_name (file);

      /* Translators: %s is a file name */
      ossa_dialogs_show_failure (GTK_WINDOW (self), error, _("Could not open “%s”"), name);
    }
  _ossa_window_busy_end (self);
  g_task_return_error (task, error);
}

static void
open_when_idle (OssaWindow *self,
                gpointer    data,
                gboolean    waited)
{
  GTask *task = data;
  GFile *file = g_task_get_task_data (task);
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  if (self->editor == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s",
                               _("The window was closed"));
      g_object_unref (task);
      return;
    }
  name = ossa_dialogs_dup_display_name (file);
  /* Translators: in the status bar while a document is read; %s is its file name */
  text = g_strdup_printf (_("Opening “%s”…"), name);
  _ossa_window_busy_begin (self, text);
  /* The document on show is being dropped: no edits to it meanwhile. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->workspace_stack), FALSE);
  ossa_editor_load_async (self->editor, file, self->cancellable, loaded_cb, task);
}

/**
 * ossa_window_open_file_async:
 * @self: an #OssaWindow
 * @file: a .ossa document
 * @callback: (nullable): called once @file is the window's document, or not
 * @user_data: data for @callback
 *
 * Loads @file into the window's editor on a worker thread, dropping the open
 * document without asking (ossa_window_open() asks first), once any open or save
 * running in the window is done. The status bar says so meanwhile. When @file
 * cannot be loaded, shows the core's reason in a message over the window and
 * changes nothing. Finish with ossa_window_open_file_finish().
 */
void
ossa_window_open_file_async (OssaWindow          *self,
                             GFile               *file,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (OSSA_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (task, ossa_window_open_file_async);
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  _ossa_window_when_idle (self, open_when_idle, task);
}

/**
 * ossa_window_open_file_finish:
 *
 * Returns: whether the file is now the window's document
 */
gboolean
ossa_window_open_file_finish (OssaWindow    *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* The blocking forms: the async ones with the main loop turned until done. */
typedef struct
{
  GAsyncResult *result;
} Waiting;

static void
waited_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  Waiting *w = user_data;

  w->result = g_object_ref (result);
}

static GAsyncResult *
wait_for (Waiting *w)
{
  while (w->result == NULL)
    g_main_context_iteration (NULL, TRUE);
  return w->result;
}

/**
 * ossa_window_open_file:
 * @self: an #OssaWindow
 * @file: a .ossa document
 * @error: return location for a #GError
 *
 * ossa_window_open_file_async(), turning the main loop until it is done.
 *
 * Returns: whether @file is now the window's document
 */
gboolean
ossa_window_open_file (OssaWindow  *self,
                       GFile       *file,
                       GError     **error)
{
  Waiting w = { NULL };
  g_autoptr(GAsyncResult) result = NULL;

  g_return_val_if_fail (OSSA_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  ossa_window_open_file_async (self, file, waited_cb, &w);
  result = wait_for (&w);
  return ossa_window_open_file_finish (self, result, error);
}

/* Saving --------------------------------------------------------------------- */

typedef struct
{
  GFile               *file;
  OssaEditorSaveFlags  flags;
  gboolean             skip_unmodified;   /* a Save queued behind another */
} SaveRequest;

static void
save_request_free (SaveRequest *request)
{
  g_clear_object (&request->file);
  g_free (request);
}

static void write_file (GTask *task);

static void
save_failed (GTask  *task,
             GError *error)
{
  OssaWindow *self = g_task_get_source_object (task);
  SaveRequest *request = g_task_get_task_data (task);

  if (self->editor != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_autofree char *name = ossa_dialogs_dup_display_name (request->file);

      /* Translators: %s is a file name */
      ossa_dialogs_show_failure (GTK_WINDOW (self), error, _("Could not save “%s”"), name);
    }
  _ossa_window_busy_end (self);
  g_task_return_error (task, error);
}

static void
save_as_chosen_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  GTask *task = user_data;
  SaveRequest *request = g_task_get_task_data (task);
  g_autoptr(GFile) file = ossa_dialogs_choose_save_file_finish (result, NULL);

  if (file == NULL)
    {
      save_failed (task, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                              _("Saving was cancelled")));
      g_object_unref (task);
      return;
    }
  g_set_object (&request->file, file);
  request->flags = OSSA_EDITOR_SAVE_DEFAULT;
  write_file (task);
}

static void
changed_on_disk_answered_cb (GObject      *source,
                             GAsyncResult *result,
                             gpointer      user_data)
{
  GTask *task = user_data;
  OssaWindow *self = g_task_get_source_object (task);
  SaveRequest *request = g_task_get_task_data (task);

  switch (ossa_dialogs_ask_overwrite_finish (result))
    {
    case OSSA_OVERWRITE_OVERWRITE:
      request->flags |= OSSA_EDITOR_SAVE_OVERWRITE;
      write_file (task);
      break;
    case OSSA_OVERWRITE_SAVE_AS:
      ossa_dialogs_choose_save_file (GTK_WINDOW (self), request->file, self->cancellable,
                                     save_as_chosen_cb, task);
      break;
    case OSSA_OVERWRITE_CANCEL:
    default:
      save_failed (task, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                              _("Saving was cancelled")));
      g_object_unref (task);
      break;
    }
}

static void
written_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  GTask *task = user_data;
  OssaWindow *self = g_task_get_source_object (task);
  SaveRequest *request = g_task_get_task_data (task);
  GError *error = NULL;

  if (!ossa_editor_save_finish (OSSA_EDITOR (source), result, &error))
    {
      if (self->editor != NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG))
        {
          g_autofree char *name = ossa_dialogs_dup_display_name (request->file);

          g_clear_error (&error);
          /* Still busy: nothing else starts while the question is open. */
          _ossa_window_busy_set_text (self, NULL);
          ossa_dialogs_ask_overwrite (GTK_WINDOW (self), name, self->cancellable,
                                      changed_on_disk_answered_cb, task);
          return;
        }
      save_failed (task, error);
      g_object_unref (task);
      return;
    }
  if (self->editor != NULL)
    _ossa_window_file_used (self, request->file);
  _ossa_window_busy_end (self);
  g_task_return_boolean (task, TRUE);
  g_object_unref (task);
}

/* Busy already: writes request->file (the window keeps the task till then). */
static void
write_file (GTask *task)
{
  OssaWindow *self = g_task_get_source_object (task);
  SaveRequest *request = g_task_get_task_data (task);
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  if (self->editor == NULL)
    {
      _ossa_window_busy_end (self);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s",
                               _("The window was closed"));
      g_object_unref (task);
      return;
    }
  name = ossa_dialogs_dup_display_name (request->file);
  /* Translators: in the status bar while a document is written; %s is its file name */
  text = g_strdup_printf (_("Saving “%s”…"), name);
  _ossa_window_busy_set_text (self, text);
  ossa_editor_save_async (self->editor, request->file, request->flags, written_cb, task);
}

static void
save_when_idle (OssaWindow *self,
                gpointer    data,
                gboolean    waited)
{
  GTask *task = data;
  SaveRequest *request = g_task_get_task_data (task);

  if (self->editor == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s",
                               _("The window was closed"));
      g_object_unref (task);
      return;
    }
  /* Save pressed again while a save ran: that one wrote what there was, unless
   * there were edits since. */
  if (waited && request->skip_unmodified && !ossa_editor_get_modified (self->editor)
      && ossa_editor_get_file (self->editor) != NULL
      && g_file_equal (ossa_editor_get_file (self->editor), request->file))
    {
      g_task_return_boolean (task, TRUE);
      g_object_unref (task);
      return;
    }
  _ossa_window_busy_begin (self, NULL);
  write_file (task);
}

static void
save_file_async (OssaWindow          *self,
                 GFile               *file,
                 gboolean             skip_unmodified,
                 GAsyncReadyCallback  callback,
                 gpointer             user_data)
{
  GTask *task = g_task_new (self, NULL, callback, user_data);
  SaveRequest *request = g_new0 (SaveRequest, 1);

  g_task_set_source_tag (task, ossa_window_save_file_async);
  request->file = g_object_ref (file);
  request->skip_unmodified = skip_unmodified;
  g_task_set_task_data (task, request, (GDestroyNotify) save_request_free);
  _ossa_window_when_idle (self, save_when_idle, task);
}

/**
 * ossa_window_save_file_async:
 * @self: an #OssaWindow
 * @file: where to save
 * @callback: (nullable): called once saved, or not
 * @user_data: data for @callback
 *
 * Saves the document to @file, which becomes its file, once any open or save
 * running in the window is done; a snapshot is written on a worker thread while
 * the window stays usable, the status bar saying so. When @file is the
 * document's own and another program changed it since it was opened or saved,
 * asks first (Overwrite, Save As…, Cancel). When saving fails, shows why in a
 * message over the window; the document keeps its changes and its file, the
 * file on disk is left as it was. Closing the window waits for the save. Finish
 * with ossa_window_save_file_finish().
 */
void
ossa_window_save_file_async (OssaWindow          *self,
                             GFile               *file,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_return_if_fail (OSSA_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  save_file_async (self, file, FALSE, callback, user_data);
}

/**
 * ossa_window_save_file_finish:
 *
 * Returns: whether the document was saved (%G_IO_ERROR_CANCELLED when the
 *   person chose not to)
 */
gboolean
ossa_window_save_file_finish (OssaWindow    *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * ossa_window_save_file:
 * @self: an #OssaWindow
 * @file: where to save
 * @error: return location for a #GError
 *
 * ossa_window_save_file_async(), turning the main loop until it is done.
 *
 * Returns: whether the document was saved
 */
gboolean
ossa_window_save_file (OssaWindow  *self,
                       GFile       *file,
                       GError     **error)
{
  Waiting w = { NULL };
  g_autoptr(GAsyncResult) result = NULL;

  g_return_val_if_fail (OSSA_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  ossa_window_save_file_async (self, file, waited_cb, &w);
  result = wait_for (&w);
  return ossa_window_save_file_finish (self, result, error);
}

static void
save_chosen_saved_cb (GObject      *source,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;

  g_task_return_boolean (task, ossa_window_save_file_finish (OSSA_WINDOW (source), result,
                                                             NULL));
}

static void
save_file_chosen_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  GTask *task = user_data;
  OssaWindow *self = g_task_get_source_object (task);
  g_autoptr(GFile) file = ossa_dialogs_choose_save_file_finish (result, NULL);

  if (file == NULL || self->editor == NULL)
    {
      g_task_return_boolean (task, FALSE);
      g_object_unref (task);
      return;
    }
  save_file_async (self, file, FALSE, save_chosen_saved_cb, task);
}

/* Saves to the document's file, or asks where first (always when @ask_where, or
 * when the document has no file yet). Finish with save_finish(). */
static void
save_async (OssaWindow          *self,
            gboolean             ask_where,
            GAsyncReadyCallback  callback,
            gpointer             user_data)
{
  GTask *task = g_task_new (self, NULL, callback, user_data);
  GFile *file = ossa_editor_get_file (self->editor);

  g_task_set_source_tag (task, save_async);
  if (file != NULL && !ask_where)
    {
      save_file_async (self, file, TRUE, save_chosen_saved_cb, task);
      return;
    }
  ossa_dialogs_choose_save_file (GTK_WINDOW (self), file, self->cancellable,
                                 save_file_chosen_cb, task);
}

static gboolean
save_finish (OssaWindow   *self,
             GAsyncResult *result)
{
  return g_task_propagate_boolean (G_TASK (result), NULL);
}

/* Actions start a save and forget it: a failure has been shown already. */
static void
save_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  save_finish (OSSA_WINDOW (source), result);
}

void
_ossa_window_save (OssaWindow *self,
                   gboolean    ask_where)
{
  save_async (self, ask_where, save_done_cb, NULL);
}

/* The unsaved-changes question ------------------------------------------------ */

static void
saved_changes_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;

  g_task_return_boolean (task, save_finish (OSSA_WINDOW (source), result));
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
      save_async (self, FALSE, saved_changes_cb, g_steal_pointer (&task));
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

/* Drag and drop, anywhere on the window: a .ossa file opens in it; .smd files go
 * to the Import SMD dialog, the first as the reference and the others as
 * animations, for the person to check the options and import. */
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
  if (is_smd (files->pdata[0]))
    {
      _ossa_window_import_smd_files (self, (GFile **) files->pdata, files->len);
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

  p->document = ossa_smd_import_dialog_run_finish (result, &p->notices, NULL);
  if (p->document == NULL || gtk_widget_in_destruction (GTK_WIDGET (self)))
    {
      /* Closed, or the window went: errors were shown by the dialog. */
      pending_import_free (p);
      return;
    }
  ossa_window_ask_save_changes (self, import_answered_cb, p);
}

/* File > Import SMD…: the dialog (brought to the front when already open); its
 * result replaces the document once unsaved changes are dealt with, and what it
 * left out is listed. */
void
_ossa_window_import_smd (OssaWindow *self)
{
  OssaSmdImportDialog *open = ossa_smd_import_dialog_find (GTK_WINDOW (self));

  if (open != NULL)
    {
      gtk_window_present (GTK_WINDOW (open));
      return;
    }
  ossa_smd_import_dialog_run (GTK_WINDOW (self), self->cancellable, import_dialog_done_cb, NULL);
}


/* Files dropped on the window: the Import SMD dialog (the one open, or a new one)
 * with files[0] as its reference and any others as animations. */
void
_ossa_window_import_smd_files (OssaWindow  *self,
                               GFile      **files,
                               guint        n_files)
{
  OssaSmdImportDialog *dialog;

  g_return_if_fail (n_files > 0);

  _ossa_window_import_smd (self);
  dialog = ossa_smd_import_dialog_find (GTK_WINDOW (self));
  g_return_if_fail (dialog != NULL);
  ossa_smd_import_dialog_set_reference (dialog, files[0]);
  for (guint i = 1; i < n_files; i++)
    if (is_smd (files[i]))
      ossa_smd_import_dialog_add_animation (dialog, files[i]);
}

/* The sample ------------------------------------------------------------------ */

/**
 * _ossa_window_dup_sample_file:
 *
 * Returns: (transfer full): the bundled humanoid.ossa: in $OSSA_SAMPLES_DIR when
 *   that is set (an uninstalled build: build-aux/run.sh, `meson devenv` and the
 *   tests set it), else where it is installed
 */
GFile *
_ossa_window_dup_sample_file (void)
{
  const char *dir = g_getenv ("OSSA_SAMPLES_DIR");

  if (dir == NULL || dir[0] == '\0')
    dir = SAMPLESDIR;
  return g_file_new_build_filename (dir, "humanoid.ossa", NULL);
}

static void
sample_answered_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  OssaWindow *self = OSSA_WINDOW (source);
  OssaDocument *doc = user_data;

  if (ossa_window_ask_save_changes_finish (self, result))
    ossa_editor_take_document (self->editor, g_steal_pointer (&doc));
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
