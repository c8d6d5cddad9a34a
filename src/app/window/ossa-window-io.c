/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-window"

#include "config.h"

#include <glib/gi18n.h>

#include "ossa-dialogs.h"
#include "ossa-window-private.h"

/* Opening and saving the window's document: on the editor's worker thread, one
 * at a time (what comes meanwhile waits, see _ossa_window_when_idle()), the
 * status bar saying so; a save over a file another program changed since asks
 * first (Overwrite, Save As…, Cancel); a failure is shown over the window. */

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
  /* Made insensitive, the workspace lost the focus, and with it its keys (bound
   * on its page): give it back unless the person put it elsewhere meanwhile. */
  if (gtk_root_get_focus (GTK_ROOT (self)) == NULL)
    _ossa_window_focus_workspace (self);
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
  guint                generation;        /* the editor's document it is about */
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
  /* Asked about a document that another replaced meanwhile (Save pressed while
   * a file was opening): not this one's to write. */
  if (waited && request->generation != ossa_editor_get_generation (self->editor))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s",
                               _("Saving was cancelled"));
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
  request->generation = ossa_editor_get_generation (self->editor);
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
 * when the document has no file yet). Finish with _ossa_window_save_finish(). */
void
_ossa_window_save_async (OssaWindow          *self,
                         gboolean             ask_where,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  GTask *task = g_task_new (self, NULL, callback, user_data);
  GFile *file = ossa_editor_get_file (self->editor);

  g_task_set_source_tag (task, _ossa_window_save_async);
  if (file != NULL && !ask_where)
    {
      save_file_async (self, file, TRUE, save_chosen_saved_cb, task);
      return;
    }
  ossa_dialogs_choose_save_file (GTK_WINDOW (self), file, self->cancellable,
                                 save_file_chosen_cb, task);
}

gboolean
_ossa_window_save_finish (OssaWindow   *self,
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
  _ossa_window_save_finish (OSSA_WINDOW (source), result);
}

void
_ossa_window_save (OssaWindow *self,
                   gboolean    ask_where)
{
  _ossa_window_save_async (self, ask_where, save_done_cb, NULL);
}
