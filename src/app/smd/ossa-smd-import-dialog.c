/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-smd-import"

#include "config.h"

#include <glib/gi18n.h>

#include "ossa-dialogs.h"
#include "ossa-smd-import-dialog.h"
#include "ossa-smd-import-worker.h"

struct _OssaSmdImportDialog
{
  GtkWindow        parent_instance;

  /* Template children */
  GtkWidget       *form;
  GtkLabel        *reference_label;
  GtkListBox      *animation_list;
  GtkDropDown     *plane_dropdown;
  GtkSpinButton   *fps_spin;
  GtkSpinButton   *simplify_spin;
  GtkProgressBar  *progress_bar;
  GtkLabel        *status_label;

  GFile           *reference;
  GListStore      *animations;       /* GFile */
  GFile           *folder;           /* where the choosers start */
  GtkNativeDialog *chooser;          /* the file chooser open, or NULL */

  GCancellable    *import;           /* the import running, or NULL */
  double           progress;
  gboolean         closed;

  GTask           *run;              /* ossa_smd_import_dialog_run()'s, until answered */
  GCancellable    *run_cancellable;
  gulong           run_cancelled_id;
};

G_DEFINE_FINAL_TYPE (OssaSmdImportDialog, ossa_smd_import_dialog, GTK_TYPE_WINDOW)

enum
{
  PROP_0,
  PROP_RUNNING,
  PROP_PROGRESS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

typedef struct
{
  OssaDocument  *document;
  char         **notices;
} RunResult;

static void
run_result_free (gpointer data)
{
  RunResult *r = data;

  ossa_document_free (r->document);
  g_strfreev (r->notices);
  g_free (r);
}

/* Answers ossa_smd_import_dialog_run(), once: with @document (taken) or, when it
 * is NULL, as dismissed. */
static void
answer_run (OssaSmdImportDialog  *self,
            OssaDocument         *document,
            char                **notices)
{
  g_autoptr(GTask) task = g_steal_pointer (&self->run);

  /* Not g_cancellable_disconnect(): this may run inside the "cancelled" emission
   * (run_cancelled_cb closes the dialog), where that would wait for itself. */
  if (self->run_cancellable != NULL)
    {
      g_clear_signal_handler (&self->run_cancelled_id, self->run_cancellable);
      g_clear_object (&self->run_cancellable);
    }
  if (task == NULL)
    {
      ossa_document_free (document);
      g_strfreev (notices);
      return;
    }
  if (document != NULL)
    {
      RunResult *r = g_new0 (RunResult, 1);

      r->document = document;
      r->notices = notices;
      g_task_return_pointer (task, r, run_result_free);
    }
  else
    {
      g_strfreev (notices);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                               "The import dialog was closed");
    }
}

static gboolean
is_running (OssaSmdImportDialog *self)
{
  return self->import != NULL;
}

static void
update_actions (OssaSmdImportDialog *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean running = is_running (self);

  gtk_widget_action_set_enabled (widget, "smd-import.import",
                                 self->reference != NULL && !running);
  gtk_widget_action_set_enabled (widget, "smd-import.choose-reference", !running);
  gtk_widget_action_set_enabled (widget, "smd-import.add-animations", !running);
}

static void
set_status (OssaSmdImportDialog *self,
            const char          *text)
{
  gtk_label_set_text (self->status_label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), text != NULL);
}

static void
set_progress (OssaSmdImportDialog *self,
              double               fraction)
{
  self->progress = fraction;
  gtk_progress_bar_set_fraction (self->progress_bar, fraction);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
}

static void
set_running (OssaSmdImportDialog *self,
             GCancellable        *import)
{
  g_set_object (&self->import, import);
  gtk_widget_set_sensitive (self->form, import == NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), import != NULL);
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static void
remember_folder (OssaSmdImportDialog *self,
                 GFile               *file)
{
  g_autoptr(GFile) parent = g_file_get_parent (file);

  if (parent != NULL)
    g_set_object (&self->folder, parent);
}

/**
 * ossa_smd_import_dialog_set_reference:
 * @file: (nullable): the reference SMD: skeleton, mesh and, with more than one
 *   frame, an animation of its own
 */
void
ossa_smd_import_dialog_set_reference (OssaSmdImportDialog *self,
                                      GFile               *file)
{
  g_return_if_fail (OSSA_IS_SMD_IMPORT_DIALOG (self));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  g_set_object (&self->reference, file);
  if (file != NULL)
    {
      g_autofree char *name = ossa_dialogs_dup_display_name (file);
      g_autofree char *parse_name = g_file_get_parse_name (file);

      gtk_label_set_text (self->reference_label, name);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->reference_label), parse_name);
      gtk_widget_remove_css_class (GTK_WIDGET (self->reference_label), "dim-label");
      remember_folder (self, file);
    }
  else
    {
      gtk_label_set_text (self->reference_label, _("None chosen"));
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->reference_label), NULL);
      gtk_widget_add_css_class (GTK_WIDGET (self->reference_label), "dim-label");
    }
  set_status (self, NULL);
  update_actions (self);
}

/**
 * ossa_smd_import_dialog_add_animation:
 * @file: an animation SMD; it becomes an animation named after its file's stem
 */
void
ossa_smd_import_dialog_add_animation (OssaSmdImportDialog *self,
                                      GFile               *file)
{
  g_return_if_fail (OSSA_IS_SMD_IMPORT_DIALOG (self));
  g_return_if_fail (G_IS_FILE (file));

  g_list_store_append (self->animations, file);
  remember_folder (self, file);
  set_status (self, NULL);
}

/**
 * ossa_smd_import_dialog_get_options:
 * @options: (out caller-allocates): the plane, frame rate and simplification shown;
 *   no callbacks
 */
void
ossa_smd_import_dialog_get_options (OssaSmdImportDialog  *self,
                                    OssaSmdImportOptions *options)
{
  guint plane;

  g_return_if_fail (OSSA_IS_SMD_IMPORT_DIALOG (self));
  g_return_if_fail (options != NULL);

  ossa_smd_import_options_init (options);
  plane = gtk_drop_down_get_selected (self->plane_dropdown);
  options->plane = plane <= OSSA_SMD_PLANE_YZ ? (OssaSmdPlane) plane : OSSA_SMD_PLANE_XZ;
  options->fps = (float) gtk_spin_button_get_value (self->fps_spin);
  options->simplify = (float) gtk_spin_button_get_value (self->simplify_spin);
}

void
ossa_smd_import_dialog_set_options (OssaSmdImportDialog        *self,
                                    const OssaSmdImportOptions *options)
{
  g_return_if_fail (OSSA_IS_SMD_IMPORT_DIALOG (self));
  g_return_if_fail (options != NULL);

  gtk_drop_down_set_selected (self->plane_dropdown, (guint) options->plane);
  gtk_spin_button_set_value (self->fps_spin, options->fps);
  gtk_spin_button_set_value (self->simplify_spin, options->simplify);
}

/**
 * ossa_smd_import_dialog_get_running:
 *
 * Returns: whether an import is under way (the "running" property)
 */
gboolean
ossa_smd_import_dialog_get_running (OssaSmdImportDialog *self)
{
  g_return_val_if_fail (OSSA_IS_SMD_IMPORT_DIALOG (self), FALSE);
  return is_running (self);
}

/**
 * ossa_smd_import_dialog_get_progress:
 *
 * Returns: how far the running or last import got, 0 to 1 (the "progress" property)
 */
double
ossa_smd_import_dialog_get_progress (OssaSmdImportDialog *self)
{
  g_return_val_if_fail (OSSA_IS_SMD_IMPORT_DIALOG (self), 0);
  return self->progress;
}

/* Animation rows ---------------------------------------------------------------- */

static void
remove_clicked_cb (GtkButton           *button,
                   OssaSmdImportDialog *self)
{
  GFile *file = g_object_get_data (G_OBJECT (button), "ossa-file");
  guint position;

  if (file != NULL && g_list_store_find (self->animations, file, &position))
    g_list_store_remove (self->animations, position);
}

static GtkWidget *
create_animation_row (gpointer item,
                      gpointer user_data)
{
  OssaSmdImportDialog *self = user_data;
  GFile *file = G_FILE (item);
  g_autofree char *name = ossa_dialogs_dup_display_name (file);
  g_autofree char *parse_name = g_file_get_parse_name (file);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (name);
  GtkWidget *button = gtk_button_new_from_icon_name ("list-remove-symbolic");

  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 2);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_tooltip_text (label, parse_name);
  gtk_box_append (GTK_BOX (box), label);

  gtk_button_set_has_frame (GTK_BUTTON (button), FALSE);
  gtk_widget_set_tooltip_text (button, _("Remove"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Remove"), -1);
  g_object_set_data_full (G_OBJECT (button), "ossa-file", g_object_ref (file), g_object_unref);
  g_signal_connect (button, "clicked", G_CALLBACK (remove_clicked_cb), self);
  gtk_box_append (GTK_BOX (box), button);
  return box;
}

/* File choosers ------------------------------------------------------------------ */

static void
add_smd_filters (GtkFileChooser *chooser)
{
  static const char *const smd[] = { "smd", "vta", NULL };

  ossa_dialogs_add_filter (chooser, _("SMD files (*.smd, *.vta)"), smd);
  ossa_dialogs_add_filter (chooser, _("All files"), NULL);
}

static void
chooser_response_cb (GtkNativeDialog     *native,
                     int                  response,
                     OssaSmdImportDialog *self)
{
  gboolean for_reference = !gtk_file_chooser_get_select_multiple (GTK_FILE_CHOOSER (native));

  g_signal_handlers_disconnect_by_func (native, chooser_response_cb, self);
  if (response == GTK_RESPONSE_ACCEPT && !self->closed)
    {
      g_autoptr(GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (native));
      guint n = files != NULL ? g_list_model_get_n_items (files) : 0;

      for (guint i = 0; i < n; i++)
        {
          g_autoptr(GFile) file = g_list_model_get_item (files, i);

          if (for_reference)
            ossa_smd_import_dialog_set_reference (self, file);
          else
            ossa_smd_import_dialog_add_animation (self, file);
        }
    }
  gtk_native_dialog_destroy (native);
  if (self->chooser == native)
    g_clear_object (&self->chooser);
}

static void
open_chooser (OssaSmdImportDialog *self,
              gboolean             for_reference)
{
  GtkFileChooserNative *native;

  if (self->chooser != NULL)
    {
      gtk_native_dialog_show (self->chooser);
      return;
    }
  native = gtk_file_chooser_native_new (for_reference ? _("Choose the Reference SMD")
                                                      : _("Add Animation SMDs"),
                                        GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN,
                                        for_reference ? _("_Choose") : _("_Add"),
                                        _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (native), !for_reference);
  add_smd_filters (GTK_FILE_CHOOSER (native));
  if (self->folder != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), self->folder, NULL);
  self->chooser = GTK_NATIVE_DIALOG (native);
  g_signal_connect (native, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (self->chooser);
}

/* Actions ------------------------------------------------------------------------- */

static void
choose_reference_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  open_chooser (OSSA_SMD_IMPORT_DIALOG (widget), TRUE);
}

static void
add_animations_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  open_chooser (OSSA_SMD_IMPORT_DIALOG (widget), FALSE);
}

static void
import_progress (double   fraction,
                 gpointer user_data)
{
  OssaSmdImportDialog *self = user_data;

  if (!self->closed)
    set_progress (self, fraction);
}

static void
import_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(OssaSmdImportDialog) self = user_data;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) notices = NULL;
  OssaDocument *doc;

  doc = ossa_smd_import_finish (result, &notices, &error);
  if (self->closed)
    {
      ossa_document_free (doc);
      return;
    }
  set_running (self, NULL);
  if (doc != NULL)
    {
      set_progress (self, 1.0);
      answer_run (self, doc, g_steal_pointer (&notices));
      gtk_window_destroy (GTK_WINDOW (self));
      return;
    }
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      set_status (self, _("Cancelled: nothing was imported."));
      return;
    }
  /* The core's "PATH:LINE: message"; the dialog stays for another try. */
  set_status (self, NULL);
  ossa_dialogs_show_failure (GTK_WINDOW (self), error, _("Could not import the SMD files"));
}

static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  OssaSmdImportDialog *self = OSSA_SMD_IMPORT_DIALOG (widget);
  g_autoptr(GCancellable) cancellable = NULL;
  g_autoptr(GPtrArray) files = NULL;
  OssaSmdImportOptions options;
  guint n;

  if (self->reference == NULL || is_running (self))
    return;

  n = g_list_model_get_n_items (G_LIST_MODEL (self->animations));
  files = g_ptr_array_new_full (n + 1, g_object_unref);
  g_ptr_array_add (files, g_object_ref (self->reference));
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (files, g_list_model_get_item (G_LIST_MODEL (self->animations), i));
  ossa_smd_import_dialog_get_options (self, &options);

  cancellable = g_cancellable_new ();
  set_status (self, NULL);
  set_progress (self, 0.0);
  set_running (self, cancellable);
  ossa_smd_import_async ((GFile * const *) files->pdata, files->len, &options, cancellable,
                         import_progress, self, import_done_cb, g_object_ref (self));
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  OssaSmdImportDialog *self = OSSA_SMD_IMPORT_DIALOG (widget);

  /* Cancel stops an import under way, and closes the dialog otherwise. */
  if (is_running (self))
    g_cancellable_cancel (self->import);
  else
    gtk_window_close (GTK_WINDOW (self));
}

/* GObject ------------------------------------------------------------------------- */

static gboolean
ossa_smd_import_dialog_close_request (GtkWindow *window)
{
  OssaSmdImportDialog *self = OSSA_SMD_IMPORT_DIALOG (window);

  self->closed = TRUE;
  if (self->import != NULL)
    g_cancellable_cancel (self->import);
  answer_run (self, NULL, NULL);
  return GTK_WINDOW_CLASS (ossa_smd_import_dialog_parent_class)->close_request (window);
}

static void
ossa_smd_import_dialog_dispose (GObject *object)
{
  OssaSmdImportDialog *self = OSSA_SMD_IMPORT_DIALOG (object);

  self->closed = TRUE;
  if (self->import != NULL)
    g_cancellable_cancel (self->import);
  g_clear_object (&self->import);
  answer_run (self, NULL, NULL);
  if (self->chooser != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->chooser, chooser_response_cb, self);
      gtk_native_dialog_destroy (self->chooser);
      g_clear_object (&self->chooser);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), OSSA_TYPE_SMD_IMPORT_DIALOG);
  g_clear_object (&self->reference);
  g_clear_object (&self->animations);
  g_clear_object (&self->folder);

  G_OBJECT_CLASS (ossa_smd_import_dialog_parent_class)->dispose (object);
}

static void
ossa_smd_import_dialog_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  OssaSmdImportDialog *self = OSSA_SMD_IMPORT_DIALOG (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, is_running (self));
      break;
    case PROP_PROGRESS:
      g_value_set_double (value, self->progress);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ossa_smd_import_dialog_class_init (OssaSmdImportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->dispose = ossa_smd_import_dialog_dispose;
  object_class->get_property = ossa_smd_import_dialog_get_property;
  window_class->close_request = ossa_smd_import_dialog_close_request;

  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE, ro);
  properties[PROP_PROGRESS] = g_param_spec_double ("progress", NULL, NULL, 0, 1, 0, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/ossa-smd-import.ui");
  gtk_widget_class_bind_template_child (widget_class, OssaSmdImportDialog, form);
  gtk_widget_class_bind_template_child (widget_class, OssaSmdImportDialog, reference_label);
  gtk_widget_class_bind_template_child (widget_class, OssaSmdImportDialog, animation_list);
  gtk_widget_class_bind_template_child (widget_class, OssaSmdImportDialog, plane_dropdown);
  gtk_widget_class_bind_template_child (widget_class, OssaSmdImportDialog, fps_spin);
  gtk_widget_class_bind_template_child (widget_class, OssaSmdImportDialog, simplify_spin);
  gtk_widget_class_bind_template_child (widget_class, OssaSmdImportDialog, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, OssaSmdImportDialog, status_label);

  gtk_widget_class_install_action (widget_class, "smd-import.choose-reference", NULL,
                                   choose_reference_action);
  gtk_widget_class_install_action (widget_class, "smd-import.add-animations", NULL,
                                   add_animations_action);
  gtk_widget_class_install_action (widget_class, "smd-import.import", NULL, import_action);
  gtk_widget_class_install_action (widget_class, "smd-import.cancel", NULL, cancel_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "smd-import.cancel",
                                       NULL);
}

static void
ossa_smd_import_dialog_init (OssaSmdImportDialog *self)
{
  GtkWidget *placeholder;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->animations = g_list_store_new (G_TYPE_FILE);
  gtk_list_box_bind_model (self->animation_list, G_LIST_MODEL (self->animations),
                           create_animation_row, self, NULL);
  /* Wrapped, so that it shows whole at the dialog's width in every language. */
  placeholder = gtk_label_new (_("None: only the reference’s own frames"));
  gtk_widget_set_name (placeholder, "reference-frames-note");
  gtk_label_set_wrap (GTK_LABEL (placeholder), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (placeholder), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_justify (GTK_LABEL (placeholder), GTK_JUSTIFY_CENTER);
  gtk_label_set_max_width_chars (GTK_LABEL (placeholder), 40);
  gtk_widget_add_css_class (placeholder, "dim-label");
  gtk_widget_set_margin_start (placeholder, 12);
  gtk_widget_set_margin_end (placeholder, 12);
  gtk_widget_set_margin_top (placeholder, 6);
  gtk_widget_set_margin_bottom (placeholder, 6);
  gtk_list_box_set_placeholder (self->animation_list, placeholder);

  ossa_smd_import_dialog_set_reference (self, NULL);
}

static void
run_cancelled_cb (GCancellable        *cancellable,
                  OssaSmdImportDialog *self)
{
  gtk_window_close (GTK_WINDOW (self));
}

/**
 * ossa_smd_import_dialog_run:
 * @parent: the window the import is for
 * @cancellable: (nullable): closes the dialog (and stops its import) when cancelled
 * @callback: called once the import succeeded (the dialog then closes itself) or
 *   the dialog was closed
 * @user_data: data for @callback
 *
 * Shows the Import SMD dialog, transient for @parent but not modal: @parent keeps
 * working while a large import runs. Errors are shown by the dialog itself, which
 * stays open for another try. Finish with ossa_smd_import_dialog_run_finish().
 */
void
ossa_smd_import_dialog_run (GtkWindow           *parent,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  OssaSmdImportDialog *self;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));

  self = g_object_new (OSSA_TYPE_SMD_IMPORT_DIALOG,
                       "transient-for", parent,
                       NULL);
  self->run = g_task_new (parent, cancellable, callback, user_data);
  g_task_set_source_tag (self->run, ossa_smd_import_dialog_run);
  /* Closing is an answer, not an error of the cancellable's. */
  g_task_set_check_cancellable (self->run, FALSE);
  if (cancellable != NULL)
    {
      self->run_cancellable = g_object_ref (cancellable);
      self->run_cancelled_id = g_signal_connect_object (cancellable, "cancelled",
                                                        G_CALLBACK (run_cancelled_cb), self,
                                                        0);
    }
  gtk_window_present (GTK_WINDOW (self));
}

/**
 * ossa_smd_import_dialog_run_finish:
 * @result: the result given to the callback
 * @notices: (out) (optional) (transfer full): see ossa_smd_import_finish()
 * @error: return location for a #GError: %G_IO_ERROR_CANCELLED when the dialog
 *   was closed without importing
 *
 * Returns: (transfer full) (nullable): the imported document
 */
OssaDocument *
ossa_smd_import_dialog_run_finish (GAsyncResult   *result,
                                   char         ***notices,
                                   GError        **error)
{
  RunResult *r;
  OssaDocument *doc;

  g_return_val_if_fail (G_IS_TASK (result), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ossa_smd_import_dialog_run,
                        NULL);

  if (notices != NULL)
    *notices = NULL;
  r = g_task_propagate_pointer (G_TASK (result), error);
  if (r == NULL)
    return NULL;
  doc = g_steal_pointer (&r->document);
  if (notices != NULL)
    *notices = g_steal_pointer (&r->notices);
  run_result_free (r);
  return doc;
}

/**
 * ossa_smd_import_dialog_find:
 * @parent: a window
 *
 * Returns: (transfer none) (nullable): the Import SMD dialog open for @parent
 */
OssaSmdImportDialog *
ossa_smd_import_dialog_find (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  OssaSmdImportDialog *found = NULL;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);

  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && found == NULL; i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (OSSA_IS_SMD_IMPORT_DIALOG (toplevel) && gtk_window_get_transient_for (toplevel) == parent)
        found = OSSA_SMD_IMPORT_DIALOG (toplevel);
    }
  return found;
}
