/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-dialogs"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "ossa-dialogs.h"

static void
choose_document_response_cb (GtkNativeDialog *native,
                             int              response,
                             gpointer         user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GFile) file = NULL;

  /* One answer per task, even if the dialog emits again. */
  g_signal_handlers_disconnect_by_func (native, choose_document_response_cb, user_data);

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

  gtk_native_dialog_destroy (native);

  if (g_task_return_error_if_cancelled (task))
    return;

  if (file != NULL)
    g_task_return_pointer (task, g_steal_pointer (&file), g_object_unref);
  else
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                             "No file was chosen");
}

static void
choose_document_cancelled_cb (GCancellable    *cancellable,
                              GtkNativeDialog *native)
{
  /* Answers the pending "response" handler, which finishes the task. */
  gtk_native_dialog_hide (native);
  g_signal_emit_by_name (native, "response", GTK_RESPONSE_CANCEL);
}

void
ossa_dialogs_add_filter (GtkFileChooser *chooser, const char *name, const char *const *suffixes)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  if (suffixes == NULL)
    gtk_file_filter_add_pattern (filter, "*");
  for (gsize i = 0; suffixes != NULL && suffixes[i] != NULL; i++)
    gtk_file_filter_add_suffix (filter, suffixes[i]);
  gtk_file_chooser_add_filter (chooser, filter);
  if (gtk_file_chooser_get_filter (chooser) == NULL)
    gtk_file_chooser_set_filter (chooser, filter);
  g_object_unref (filter);
}

/* A modal chooser for .ossa documents, showing them by default. */
static GtkFileChooserNative *
new_document_chooser (GtkWindow *parent, const char *title, GtkFileChooserAction action,
                      const char *accept)
{
  static const char *const ossa[] = { "ossa", NULL };
  GtkFileChooserNative *native = gtk_file_chooser_native_new (title, parent, action, accept,
                                                              _("_Cancel"));

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  ossa_dialogs_add_filter (GTK_FILE_CHOOSER (native), _("Ossa documents (*.ossa)"), ossa);
  return native;
}

/**
 * ossa_dialogs_choose_document:
 * @parent: (nullable): the window the dialog belongs to
 * @initial_folder: (nullable): where the chooser starts
 * @cancellable: (nullable): closes the dialog when cancelled
 * @callback: called when a file was chosen or the dialog was dismissed
 * @user_data: data for @callback
 *
 * Asks for a .ossa document to open. Finish with
 * ossa_dialogs_choose_document_finish().
 */
void
ossa_dialogs_choose_document (GtkWindow           *parent,
                              GFile               *initial_folder,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  GtkFileChooserNative *native;
  GTask *task;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));
  g_return_if_fail (initial_folder == NULL || G_IS_FILE (initial_folder));

  task = g_task_new (parent, cancellable, callback, user_data);
  g_task_set_source_tag (task, ossa_dialogs_choose_document);

  native = new_document_chooser (parent, _("Open Document"), GTK_FILE_CHOOSER_ACTION_OPEN,
                                 _("_Open"));

  ossa_dialogs_add_filter (GTK_FILE_CHOOSER (native), _("All files"), NULL);

  if (initial_folder != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), initial_folder, NULL);

  /* The task keeps the dialog alive until it answers; the answer drops both. */
  g_task_set_task_data (task, native, g_object_unref);
  g_signal_connect (native, "response", G_CALLBACK (choose_document_response_cb), task);
  if (cancellable != NULL)
    g_signal_connect_object (cancellable, "cancelled",
                             G_CALLBACK (choose_document_cancelled_cb), native, 0);

  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/**
 * ossa_dialogs_choose_document_finish:
 * @result: the result given to the callback
 * @error: return location for a #GError; %G_IO_ERROR_CANCELLED when dismissed
 *
 * Returns: (transfer full) (nullable): the chosen file
 */
GFile *
ossa_dialogs_choose_document_finish (GAsyncResult  *result,
                                     GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ossa_dialogs_choose_document,
                        NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

GFile *
ossa_dialogs_with_suffix (GFile *file, const char *suffix)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autoptr(GFile) parent = NULL;
  g_autofree char *named = NULL;

  if (basename == NULL || strchr (basename, '.') != NULL)
    return g_object_ref (file);
  parent = g_file_get_parent (file);
  if (parent == NULL)
    return g_object_ref (file);
  named = g_strconcat (basename, ".", suffix, NULL);
  return g_file_get_child (parent, named);
}

static void
choose_save_file_response_cb (GtkNativeDialog *native,
                              int              response,
                              gpointer         user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GFile) file = NULL;

  g_signal_handlers_disconnect_by_func (native, choose_save_file_response_cb, user_data);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) chosen = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      if (chosen != NULL)
        file = ossa_dialogs_with_suffix (chosen, "ossa");
    }

  gtk_native_dialog_destroy (native);

  if (g_task_return_error_if_cancelled (task))
    return;

  if (file != NULL)
    g_task_return_pointer (task, g_steal_pointer (&file), g_object_unref);
  else
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                             "No file was chosen");
}

/**
 * ossa_dialogs_choose_save_file:
 * @parent: (nullable): the window the dialog belongs to
 * @initial_file: (nullable): the file to propose; %NULL proposes "Untitled.ossa"
 * @cancellable: (nullable): closes the dialog when cancelled
 * @callback: called when a file was chosen or the dialog was dismissed
 * @user_data: data for @callback
 *
 * Asks where to save a document (the chooser confirms overwriting a file). Finish
 * with ossa_dialogs_choose_save_file_finish().
 */
void
ossa_dialogs_choose_save_file (GtkWindow           *parent,
                               GFile               *initial_file,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  GtkFileChooserNative *native;
  GTask *task;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));
  g_return_if_fail (initial_file == NULL || G_IS_FILE (initial_file));

  task = g_task_new (parent, cancellable, callback, user_data);
  g_task_set_source_tag (task, ossa_dialogs_choose_save_file);

  native = new_document_chooser (parent, _("Save Document"), GTK_FILE_CHOOSER_ACTION_SAVE,
                                 _("_Save"));

  if (initial_file != NULL)
    {
      gtk_file_chooser_set_file (GTK_FILE_CHOOSER (native), initial_file, NULL);
    }
  else
    {
      /* Translators: the file name proposed for a new document; keep ".ossa" */
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), _("Untitled.ossa"));
    }

  g_task_set_task_data (task, native, g_object_unref);
  g_signal_connect (native, "response", G_CALLBACK (choose_save_file_response_cb), task);
  if (cancellable != NULL)
    g_signal_connect_object (cancellable, "cancelled",
                             G_CALLBACK (choose_document_cancelled_cb), native, 0);

  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/**
 * ossa_dialogs_choose_save_file_finish:
 * @result: the result given to the callback
 * @error: return location for a #GError; %G_IO_ERROR_CANCELLED when dismissed
 *
 * Returns: (transfer full) (nullable): where to save
 */
GFile *
ossa_dialogs_choose_save_file_finish (GAsyncResult  *result,
                                      GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ossa_dialogs_choose_save_file,
                        NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Either question's answer: the task gets the dialog's response as it is (Escape,
 * the close button and a cancelled question give other responses, all read as
 * Cancel), and each _finish() says what it means. */
static void
question_response_cb (GtkDialog *dialog,
                      int        response,
                      gpointer   user_data)
{
  g_autoptr(GTask) task = user_data;

  g_signal_handlers_disconnect_by_func (dialog, question_response_cb, user_data);
  /* The answer may close the parent at once (Discard on closing), while this
   * dialog lives on until its "response" emission ends: let go of the parent
   * first, or the dialog's last unref would reach for a finalized window. */
  gtk_window_set_transient_for (GTK_WINDOW (dialog), NULL);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_task_return_int (task, response);
}

static void
question_cancelled_cb (GCancellable *cancellable,
                       GtkDialog    *dialog)
{
  gtk_dialog_response (dialog, GTK_RESPONSE_CANCEL);
}

/* Shows a question built by one of the ossa_dialogs_ask_*() functions; @task,
 * which it takes, gets the response. */
static void
present_question (GtkWidget    *dialog,
                  GTask        *task,
                  GCancellable *cancellable)
{
  g_signal_connect (dialog, "response", G_CALLBACK (question_response_cb), task);
  if (cancellable != NULL)
    g_signal_connect_object (cancellable, "cancelled",
                             G_CALLBACK (question_cancelled_cb), dialog, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/**
 * ossa_dialogs_ask_save_changes:
 * @parent: the window whose document has unsaved changes
 * @document_name: the document's name as the title shows it
 * @cancellable: (nullable): answers Cancel when cancelled
 * @callback: called with the answer
 * @user_data: data for @callback
 *
 * Asks whether to save the changes to @document_name before they are lost:
 * Save, Discard or Cancel. Finish with ossa_dialogs_ask_save_changes_finish().
 */
void
ossa_dialogs_ask_save_changes (GtkWindow           *parent,
                               const char          *document_name,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  GtkWidget *dialog;
  GtkWidget *button;
  GTask *task;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));
  g_return_if_fail (document_name != NULL);

  task = g_task_new (parent, cancellable, callback, user_data);
  g_task_set_source_tag (task, ossa_dialogs_ask_save_changes);
  /* A cancelled question is answered Cancel, not with an error. */
  g_task_set_check_cancellable (task, FALSE);

  /* Translators: %s is a document's name, e.g. "humanoid" or "Untitled" */
  dialog = gtk_message_dialog_new (parent,
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION,
                                   GTK_BUTTONS_NONE,
                                   _("Save changes to “%s”?"), document_name);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("Unsaved changes will be lost if you don’t save them."));
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Discard"), GTK_RESPONSE_REJECT);
  gtk_widget_add_css_class (button, "destructive-action");
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Save"), GTK_RESPONSE_ACCEPT);
  gtk_widget_add_css_class (button, "suggested-action");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);

  present_question (dialog, task, cancellable);
}

/**
 * ossa_dialogs_ask_save_changes_finish:
 * @result: the result given to the callback
 *
 * Returns: the answer
 */
OssaSaveChanges
ossa_dialogs_ask_save_changes_finish (GAsyncResult *result)
{
  g_return_val_if_fail (G_IS_TASK (result), OSSA_SAVE_CHANGES_CANCEL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ossa_dialogs_ask_save_changes,
                        OSSA_SAVE_CHANGES_CANCEL);

  switch (g_task_propagate_int (G_TASK (result), NULL))
    {
    case GTK_RESPONSE_ACCEPT:
      return OSSA_SAVE_CHANGES_SAVE;
    case GTK_RESPONSE_REJECT:
      return OSSA_SAVE_CHANGES_DISCARD;
    default:
      /* Cancel, Escape, the close button, a cancelled question */
      return OSSA_SAVE_CHANGES_CANCEL;
    }
}

/**
 * ossa_dialogs_ask_overwrite:
 * @parent: the window whose document is being saved
 * @file_name: the file's name as a person reads it ("hero.ossa")
 * @cancellable: (nullable): answers Cancel when cancelled
 * @callback: called with the answer
 * @user_data: data for @callback
 *
 * Asks what to do about a save over @file_name, which another program changed
 * since it was opened or saved: Overwrite it, Save As… elsewhere, or Cancel (the
 * default: nobody's work is lost by it). Finish with
 * ossa_dialogs_ask_overwrite_finish().
 */
void
ossa_dialogs_ask_overwrite (GtkWindow           *parent,
                            const char          *file_name,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  GtkWidget *dialog;
  GtkWidget *button;
  GTask *task;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));
  g_return_if_fail (file_name != NULL);

  task = g_task_new (parent, cancellable, callback, user_data);
  g_task_set_source_tag (task, ossa_dialogs_ask_overwrite);
  g_task_set_check_cancellable (task, FALSE);

  /* Translators: %s is a file name, e.g. "hero.ossa" */
  dialog = gtk_message_dialog_new (parent,
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_WARNING,
                                   GTK_BUTTONS_NONE,
                                   _("“%s” was changed by another program since you opened it"),
                                   file_name);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("If you save over it, the other program’s changes will be lost. Save your document under another name to keep both."));
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Overwrite"), GTK_RESPONSE_ACCEPT);
  gtk_widget_add_css_class (button, "destructive-action");
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("Save _As…"), GTK_RESPONSE_APPLY);
  gtk_widget_add_css_class (button, "suggested-action");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);

  present_question (dialog, task, cancellable);
}

/**
 * ossa_dialogs_ask_overwrite_finish:
 * @result: the result given to the callback
 *
 * Returns: the answer
 */
OssaOverwrite
ossa_dialogs_ask_overwrite_finish (GAsyncResult *result)
{
  g_return_val_if_fail (G_IS_TASK (result), OSSA_OVERWRITE_CANCEL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ossa_dialogs_ask_overwrite,
                        OSSA_OVERWRITE_CANCEL);

  switch (g_task_propagate_int (G_TASK (result), NULL))
    {
    case GTK_RESPONSE_ACCEPT:
      return OSSA_OVERWRITE_OVERWRITE;
    case GTK_RESPONSE_APPLY:
      return OSSA_OVERWRITE_SAVE_AS;
    default:
      return OSSA_OVERWRITE_CANCEL;
    }
}

/**
 * ossa_dialogs_ask_ik_removal:
 * @parent: the window whose bones are being deleted
 * @n_constraints: how many IK constraints use those bones
 * @cancellable: (nullable): answers Cancel when cancelled
 * @callback: called with the answer
 * @user_data: data for @callback
 *
 * Asks what becomes of the IK constraints that use bones about to be deleted:
 * Repair them (the default: each keeps what it can of its bones and target),
 * Delete them with the bones, or Cancel. Finish with
 * ossa_dialogs_ask_ik_removal_finish().
 */
void
ossa_dialogs_ask_ik_removal (GtkWindow           *parent,
                             guint                n_constraints,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  GtkWidget *dialog;
  GtkWidget *button;
  GTask *task;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));

  task = g_task_new (parent, cancellable, callback, user_data);
  g_task_set_source_tag (task, ossa_dialogs_ask_ik_removal);
  g_task_set_check_cancellable (task, FALSE);

  dialog = gtk_message_dialog_new (parent,
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION,
                                   GTK_BUTTONS_NONE,
                                   ngettext ("%u IK constraint uses the bones you delete",
                                             "%u IK constraints use the bones you delete",
                                             n_constraints),
                                   n_constraints);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("Repair keeps what still works: a two-bone constraint that loses its child moves one bone, and one that loses its first bone or its target goes. Delete removes every one of them with its keys."));
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Delete Constraints"),
                                  GTK_RESPONSE_REJECT);
  gtk_widget_add_css_class (button, "destructive-action");
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Repair Constraints"),
                                  GTK_RESPONSE_ACCEPT);
  gtk_widget_add_css_class (button, "suggested-action");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);

  present_question (dialog, task, cancellable);
}

/**
 * ossa_dialogs_ask_ik_removal_finish:
 * @result: the result given to the callback
 *
 * Returns: 0 to repair the constraints, 1 to delete them, -1 for Cancel
 */
int
ossa_dialogs_ask_ik_removal_finish (GAsyncResult *result)
{
  g_return_val_if_fail (G_IS_TASK (result), -1);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ossa_dialogs_ask_ik_removal,
                        -1);

  switch (g_task_propagate_int (G_TASK (result), NULL))
    {
    case GTK_RESPONSE_ACCEPT:
      return 0;
    case GTK_RESPONSE_REJECT:
      return 1;
    default:
      return -1;
    }
}

static void
error_response_cb (GtkDialog *dialog,
                   int        response,
                   gpointer   user_data)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/**
 * ossa_dialogs_show_error:
 * @parent: (nullable): the window the message is about
 * @primary: what failed, in a few words
 * @secondary: (nullable): why, e.g. the core's message
 *
 * Shows a modal error message that closes itself when answered.
 *
 * Returns: (transfer none): the message window
 */
GtkWindow *
ossa_dialogs_show_error (GtkWindow  *parent,
                         const char *primary,
                         const char *secondary)
{
  GtkWidget *dialog;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (primary != NULL, NULL);

  dialog = gtk_message_dialog_new (parent,
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_ERROR,
                                   GTK_BUTTONS_CLOSE,
                                   "%s", primary);
  if (secondary != NULL)
    gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", secondary);

  g_signal_connect (dialog, "response", G_CALLBACK (error_response_cb), NULL);
  gtk_window_present (GTK_WINDOW (dialog));

  return GTK_WINDOW (dialog);
}

/**
 * ossa_dialogs_show_failure:
 * @parent: (nullable): the window the message is about
 * @error: (nullable): why it failed; its message goes under the primary text
 * @format: printf() format of the primary text: what failed, "Could not save “%s”"
 * @...: the arguments of @format
 *
 * ossa_dialogs_show_error() for a #GError: the one way the editor says that
 * something it was asked to do did not happen.
 *
 * Returns: (transfer none): the message window
 */
GtkWindow *
ossa_dialogs_show_failure (GtkWindow    *parent,
                           const GError *error,
                           const char   *format,
                           ...)
{
  g_autofree char *primary = NULL;
  va_list args;

  g_return_val_if_fail (format != NULL, NULL);

  va_start (args, format);
  primary = g_strdup_vprintf (format, args);
  va_end (args);
  return ossa_dialogs_show_error (parent, primary, error != NULL ? error->message : NULL);
}

/**
 * ossa_dialogs_dup_display_name:
 * @file: a file
 *
 * Returns: (transfer full): @file's base name as a person reads it, for messages
 */
char *
ossa_dialogs_dup_display_name (GFile *file)
{
  g_autofree char *basename = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  basename = g_file_get_basename (file);
  return g_filename_display_name (basename);
}
