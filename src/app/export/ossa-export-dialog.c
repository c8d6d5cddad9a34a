/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-export-dialog"

#include "config.h"

#include <errno.h>
#include <math.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "ossa-dialogs.h"
#include "ossa-export-dialog-private.h"
#include "ossa-export-preview.h"
#include "ossa-export-task.h"

/* The preview's longer side, in pixels: small enough to redraw on every change. */
#define PREVIEW_SIDE 300
/* How long the preview waits for more changes before it redraws (a spin held). */
#define PREVIEW_DELAY_MS 60
/* The same after an edit of the document, which is copied and its pictures decoded
 * again for the preview: a drag on the canvas must not do that every frame. */
#define DOCUMENT_DELAY_MS 250

G_DEFINE_FINAL_TYPE (OssaExportDialog, ossa_export_dialog, GTK_TYPE_WINDOW)

enum
{
  PROP_0,
  PROP_RUNNING,
  PROP_PROGRESS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static OssaExportLaunchFunc launch_func;

/* Status --------------------------------------------------------------------------- */

/* error: whether text says why nothing was written (red), or is only a note. */
static void
set_status (OssaExportDialog *self,
            const char       *text,
            gboolean          error)
{
  GtkWidget *label = GTK_WIDGET (self->status_label);

  gtk_label_set_text (self->status_label, text != NULL ? text : "");
  gtk_widget_set_visible (label, text != NULL);
  if (error)
    gtk_widget_add_css_class (label, "error");
  else
    gtk_widget_remove_css_class (label, "error");
}

static void
set_done (OssaExportDialog *self,
          const char       *text)
{
  gtk_label_set_text (self->done_label, text != NULL ? text : "");
  gtk_widget_set_visible (self->done_box, text != NULL);
  gtk_button_set_label (self->cancel_button, text != NULL ? _("_Close") : _("_Cancel"));
}

static gboolean
is_running (OssaExportDialog *self)
{
  return self->export != NULL;
}

static void
set_progress (OssaExportDialog *self,
              double            fraction,
              const char       *text)
{
  self->progress = fraction;
  gtk_progress_bar_set_fraction (self->progress_bar, fraction);
  gtk_progress_bar_set_text (self->progress_bar, text);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
}

/* The preview -------------------------------------------------------------------- */

static void
drop_copy (OssaExportDialog *self)
{
  g_clear_pointer (&self->renderer, ossa_renderer_free);
  g_clear_pointer (&self->copy, ossa_document_free);
}

static gboolean
ensure_copy (OssaExportDialog *self)
{
  OssaError err;

  if (self->renderer != NULL)
    return TRUE;
  drop_copy (self);
  self->copy = ossa_document_copy (ossa_editor_get_document (self->editor));
  if (self->copy == NULL)
    return FALSE;
  ossa_error_clear (&err);
  self->renderer = ossa_renderer_new (self->copy, NULL, &err);
  return self->renderer != NULL;
}

/* The range spins after the animation or the frame rate changed: the whole
 * animation again when they showed all of it. */
static void
update_range (OssaExportDialog *self)
{
  const OssaAnimation *anim = _ossa_export_dialog_selected_animation (self);
  OssaFrameRange range;
  OssaError err;
  gboolean whole = gtk_spin_button_get_value_as_int (self->from_spin) == 0
                   && gtk_spin_button_get_value_as_int (self->to_spin) >= self->n_frames - 1;
  int n = 1;

  ossa_error_clear (&err);
  if (ossa_frame_range_make (anim, (float) gtk_spin_button_get_value (self->fps_spin),
                             (OssaFrameMark) { 0 }, (OssaFrameMark) { 0 }, &range, &err))
    n = (int) MAX (range.n_frames, 1);
  self->n_frames = n;
  gtk_spin_button_set_range (self->from_spin, 0, n - 1);
  gtk_spin_button_set_range (self->to_spin, 0, n - 1);
  if (whole)
    gtk_spin_button_set_value (self->to_spin, n - 1);
  gtk_widget_set_sensitive (GTK_WIDGET (self->from_spin), anim != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->to_spin), anim != NULL);
}

static void
show_summary (OssaExportDialog     *self,
              const OssaRenderView *view,
              const OssaFrameRange *range)
{
  g_autofree char *frames = NULL;
  g_autofree char *text = NULL;

  /* Translators: how many pictures an export writes, in the dialog's summary */
  frames = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%zu frame", "%zu frames",
                                         range->n_frames),
                            range->n_frames);
  /* Translators: the export's summary: width × height in pixels, the frames, the seconds,
   * e.g. "512 × 512 px, 30 frames, 1.00 s" */
  text = g_strdup_printf (_("%d × %d px, %s, %.2f s"), view->width, view->height, frames,
                          range->duration);
  gtk_label_set_text (self->summary_label, text);
}

static void
refresh (OssaExportDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  OssaExportSettings settings;
  const OssaAnimation *anim;
  OssaFrameRange range;
  OssaRenderView view;
  OssaError err;
  gboolean valid;

  if (self->closed || !ensure_copy (self))
    return;
  self->loading = TRUE;
  update_range (self);
  self->loading = FALSE;
  anim = _ossa_export_dialog_selected_animation (self);
  valid = _ossa_export_dialog_get_settings (self, &settings, &error);
  if (!is_running (self))
    {
      set_status (self, valid ? NULL : error->message, !valid);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "export.export", valid);
    }
  ossa_error_clear (&err);
  if (!ossa_frame_range_make (anim, settings.fps, settings.from, settings.to, &range, &err))
    {
      gtk_label_set_text (self->summary_label, err.message);
      return;
    }
  ossa_export_preview_view (self->renderer, anim, &range, &settings, &view);
  show_summary (self, &view, &range);
  g_clear_error (&error);
  texture = ossa_export_preview_draw (self->renderer, anim, &range, &view, PREVIEW_SIDE, &error);
  gtk_picture_set_paintable (self->preview_picture, GDK_PAINTABLE (texture));
}

static gboolean
refresh_cb (gpointer user_data)
{
  OssaExportDialog *self = user_data;

  self->refresh_id = 0;
  refresh (self);
  return G_SOURCE_REMOVE;
}

void
_ossa_export_dialog_queue_refresh (OssaExportDialog *self)
{
  if (self->refresh_id == 0 && !self->closed)
    self->refresh_id = g_timeout_add (PREVIEW_DELAY_MS, refresh_cb, self);
}

/* Which fields mean something for the choices made. */
void
_ossa_export_dialog_update_sensitivity (OssaExportDialog *self)
{
  gboolean fit = _ossa_export_dialog_fit_chosen (self);
  double lowest = fit ? 1 : 0;

  gtk_widget_set_sensitive (GTK_WIDGET (self->scale_spin), !fit);
  /* Auto (0) means nothing to a fit: back to the default size. */
  if (fit && gtk_spin_button_get_value_as_int (self->width_spin) < 1)
    gtk_spin_button_set_value (self->width_spin, 512);
  if (fit && gtk_spin_button_get_value_as_int (self->height_spin) < 1)
    gtk_spin_button_set_value (self->height_spin, 512);
  gtk_spin_button_set_range (self->width_spin, lowest, OSSA_RENDER_MAX_SIZE);
  gtk_spin_button_set_range (self->height_spin, lowest, OSSA_RENDER_MAX_SIZE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->color_button),
                            !gtk_check_button_get_active (self->transparent_check));
  gtk_widget_set_sensitive (GTK_WIDGET (self->trim_check),
                            _ossa_export_dialog_selected_format (self) == OSSA_EXPORT_SHEET);
}

static void
choice_changed_cb (OssaExportDialog *self)
{
  if (self->loading)
    return;
  _ossa_export_dialog_update_sensitivity (self);
  _ossa_export_dialog_queue_refresh (self);
}

/* The range follows (refresh() puts the spins right first). */
static void
timing_changed_cb (OssaExportDialog *self)
{
  choice_changed_cb (self);
}

static void
animation_changed_cb (OssaExportDialog *self)
{
  if (self->loading)
    return;
  self->loading = TRUE;
  gtk_spin_button_set_value (self->fps_spin, _ossa_export_dialog_own_fps (_ossa_export_dialog_selected_animation (self)));
  self->loading = FALSE;
  _ossa_export_dialog_follow_output (self);
  timing_changed_cb (self);
}

static void
format_changed_cb (OssaExportDialog *self)
{
  OssaExportFormat format = _ossa_export_dialog_selected_format (self);

  if (self->loading)
    return;
  /* A video format without its encoder cannot be chosen (its item is greyed). */
  if (!self->available[format])
    {
      gtk_drop_down_set_selected (self->format_dropdown, OSSA_EXPORT_FRAMES);
      return;
    }
  _ossa_export_dialog_follow_output (self);
  choice_changed_cb (self);
}

/* Running -------------------------------------------------------------------------- */

static void
set_running (OssaExportDialog *self,
             GCancellable     *export)
{
  g_set_object (&self->export, export);
  gtk_widget_set_sensitive (self->form, export == NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), export != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "export.export", export == NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "export.choose-output", export == NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

/* "Exported 30 frames to walk-frames" and the folder Open Folder opens. */
static void
show_exported (OssaExportDialog       *self,
               const OssaExportResult *result,
               const char             *output)
{
  g_autofree char *dir = g_path_get_dirname (output);
  g_autofree char *shown = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  gsize n = result->range.n_frames;

  if (result->format == OSSA_EXPORT_FRAMES)
    shown = g_filename_display_name (dir);
  else
    shown = g_filename_display_name (output);
  /* Translators: after File > Export Animation…; %zu is a number of frames, %s a file
   * or folder, e.g. "Exported 30 frames to /home/me/walk.gif" */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Exported %zu frame to %s",
                                       "Exported %zu frames to %s", n),
                          n, shown);
  g_free (self->folder_uri);
  self->folder_uri = g_file_get_uri (folder);
  set_done (self, text);
  set_status (self, result->missing, FALSE);
}

/* One export: it knows its dialog only weakly, since the dialog may go (its
 * window closed) before the worker noticed the cancel. */
typedef struct
{
  GWeakRef  dialog;
  char     *output;
  char     *made_folder;    /* the frames folder this export made */
} Run;

static void
run_free (Run *run)
{
  g_weak_ref_clear (&run->dialog);
  g_free (run->output);
  g_free (run->made_folder);
  g_free (run);
}

static void
export_progress (gsize    done,
                 gsize    total,
                 gpointer user_data)
{
  Run *run = user_data;
  g_autoptr(OssaExportDialog) self = g_weak_ref_get (&run->dialog);
  g_autofree char *text = NULL;

  if (self == NULL || self->closed || total == 0)
    return;
  /* Translators: the export's progress bar, e.g. "Frame 12 of 30" */
  text = g_strdup_printf (_("Frame %zu of %zu"), MIN (done, total), total);
  set_progress (self, (double) done / (double) total, text);
}

static void
export_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  Run *run = user_data;
  g_autoptr(OssaExportDialog) self = g_weak_ref_get (&run->dialog);
  g_autoptr(GError) error = NULL;
  OssaExportResult done = { 0 };
  gboolean ok = ossa_export_task_run_finish (result, &done, &error);

  /* A frames folder this export made goes again with nothing in it. */
  if (!ok && run->made_folder != NULL)
    g_rmdir (run->made_folder);
  if (self != NULL && !self->closed)
    {
      set_running (self, NULL);
      if (ok)
        {
          set_progress (self, 1.0, NULL);
          show_exported (self, &done, run->output);
        }
      else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        set_status (self, _("Cancelled: nothing was written."), FALSE);
      else
        {
          /* Translators: %s is why, e.g. "/tmp/x: No such file or directory" */
          g_autofree char *text = g_strdup_printf (_("Could not export: %s"), error->message);

          set_status (self, text, TRUE);
        }
    }
  ossa_export_result_clear (&done);
  run_free (run);
}

/* The frames' own folder ("walk-frames") is made when the folder it goes in is
 * there: the default output names one that is not there yet. */
static gboolean
make_frames_folder (const OssaExportSettings *settings,
                    char                    **made)
{
  g_autofree char *dir = g_path_get_dirname (settings->output);
  g_autofree char *parent = g_path_get_dirname (dir);

  if (settings->format != OSSA_EXPORT_FRAMES || g_file_test (dir, G_FILE_TEST_EXISTS)
      || !g_file_test (parent, G_FILE_TEST_IS_DIR))
    return TRUE;
  if (g_mkdir (dir, 0777) != 0)
    return FALSE;
  *made = g_steal_pointer (&dir);
  return TRUE;
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  OssaExportDialog *self = OSSA_EXPORT_DIALOG (widget);
  g_autoptr(GCancellable) cancellable = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *made = NULL;
  OssaExportSettings settings;
  OssaDocument *doc;
  Run *run;

  if (is_running (self) || !ensure_copy (self))
    return;
  set_done (self, NULL);
  if (!_ossa_export_dialog_get_settings (self, &settings, &error))
    {
      set_status (self, error->message, TRUE);
      return;
    }
  if (!make_frames_folder (&settings, &made))
    {
      g_autofree char *dir = g_path_get_dirname (settings.output);
      /* Translators: %s is a folder, then why it could not be made */
      g_autofree char *text = g_strdup_printf (_("Could not export: %s: %s"), dir,
                                               g_strerror (errno));

      set_status (self, text, TRUE);
      return;
    }
  _ossa_export_dialog_save_choices (self, &settings);
  /* A copy of its own, which the editor's next edit does not touch. */
  doc = ossa_document_copy (ossa_editor_get_document (self->editor));
  if (doc == NULL)
    {
      if (made != NULL)
        g_rmdir (made);
      return;
    }
  cancellable = g_cancellable_new ();
  set_status (self, NULL, FALSE);
  set_progress (self, 0.0, NULL);
  set_running (self, cancellable);
  run = g_new0 (Run, 1);
  g_weak_ref_init (&run->dialog, self);
  run->output = g_strdup (settings.output);
  run->made_folder = g_steal_pointer (&made);
  ossa_export_task_run_async (doc, &settings, cancellable, export_progress, run,
                              export_done_cb, run);
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  OssaExportDialog *self = OSSA_EXPORT_DIALOG (widget);

  /* Cancel stops an export under way, and closes the dialog otherwise. */
  if (is_running (self))
    g_cancellable_cancel (self->export);
  else
    gtk_window_close (GTK_WINDOW (self));
}

static gboolean
launch_default (const char *uri,
                GError    **error)
{
  return g_app_info_launch_default_for_uri (uri, NULL, error);
}

static void
open_folder_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  OssaExportDialog *self = OSSA_EXPORT_DIALOG (widget);
  g_autoptr(GError) error = NULL;
  OssaExportLaunchFunc launch = launch_func != NULL ? launch_func : launch_default;

  if (self->folder_uri == NULL)
    return;
  if (!launch (self->folder_uri, &error))
    {
      /* Translators: %s is why the file manager did not start */
      g_autofree char *text = g_strdup_printf (_("Could not open the folder: %s"),
                                               error->message);

      set_status (self, text, TRUE);
    }
}

void
_ossa_export_dialog_set_launch_func (OssaExportLaunchFunc func)
{
  launch_func = func;
}

/* The document ---------------------------------------------------------------------- */

static void
fill_animations (OssaExportDialog *self,
                 int               selected)
{
  const OssaDocument *doc = ossa_editor_get_document (self->editor);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  gboolean loading = self->loading;

  for (gsize i = 0; i < doc->n_animations; i++)
    gtk_string_list_append (names, doc->animations[i].name);
  /* Translators: the last item of Export Animation's animation list: the bones at rest */
  gtk_string_list_append (names, _("Rest pose"));
  self->loading = TRUE;
  gtk_drop_down_set_model (self->animation_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->animation_dropdown,
                              selected >= 0 && (gsize) selected < doc->n_animations
                                ? (guint) selected : (guint) doc->n_animations);
  self->loading = loading;
}

static void
document_changed_cb (OssaExportDialog *self,
                     guint             change)
{
  /* A running export has its own copy; the preview catches up, soon. */
  if (change & (OSSA_CHANGE_ANIMATIONS | OSSA_CHANGE_DOCUMENT))
    {
      const OssaAnimation *anim = _ossa_export_dialog_selected_animation (self);
      int index = -1;

      if (anim != NULL)
        index = ossa_document_find_animation (ossa_editor_get_document (self->editor),
                                              anim->name);
      fill_animations (self, index);
    }
  drop_copy (self);
  if (self->refresh_id == 0 && !self->closed)
    self->refresh_id = g_timeout_add (DOCUMENT_DELAY_MS, refresh_cb, self);
}

/* GObject ------------------------------------------------------------------------- */

static void
stop (OssaExportDialog *self)
{
  self->closed = TRUE;
  if (self->export != NULL)
    g_cancellable_cancel (self->export);
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  if (self->window_cancellable != NULL)
    {
      /* Not g_cancellable_disconnect(): this may run inside the "cancelled" emission. */
      g_clear_signal_handler (&self->window_cancelled_id, self->window_cancellable);
      g_clear_object (&self->window_cancellable);
    }
}

static gboolean
ossa_export_dialog_close_request (GtkWindow *window)
{
  stop (OSSA_EXPORT_DIALOG (window));
  return GTK_WINDOW_CLASS (ossa_export_dialog_parent_class)->close_request (window);
}

static void
ossa_export_dialog_dispose (GObject *object)
{
  OssaExportDialog *self = OSSA_EXPORT_DIALOG (object);

  stop (self);
  g_clear_object (&self->export);
  /* A running export keeps the dialog until it ends, maybe after the window: the
   * window must not be looked at then. */
  gtk_window_set_transient_for (GTK_WINDOW (self), NULL);
  if (self->editor != NULL)
    g_signal_handlers_disconnect_by_func (self->editor, document_changed_cb, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), OSSA_TYPE_EXPORT_DIALOG);
  drop_copy (self);
  g_clear_object (&self->editor);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (ossa_export_dialog_parent_class)->dispose (object);
}

static void
ossa_export_dialog_finalize (GObject *object)
{
  OssaExportDialog *self = OSSA_EXPORT_DIALOG (object);

  for (guint i = 0; i < G_N_ELEMENTS (self->unavailable); i++)
    g_free (self->unavailable[i]);
  g_free (self->suggested);
  g_free (self->folder_uri);

  G_OBJECT_CLASS (ossa_export_dialog_parent_class)->finalize (object);
}

static void
ossa_export_dialog_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  OssaExportDialog *self = OSSA_EXPORT_DIALOG (object);

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
ossa_export_dialog_class_init (OssaExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->dispose = ossa_export_dialog_dispose;
  object_class->finalize = ossa_export_dialog_finalize;
  object_class->get_property = ossa_export_dialog_get_property;
  window_class->close_request = ossa_export_dialog_close_request;

  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE, ro);
  properties[PROP_PROGRESS] = g_param_spec_double ("progress", NULL, NULL, 0, 1, 0, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/ossa-export-dialog.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, OssaExportDialog, name)
  BIND (form);
  BIND (animation_dropdown);
  BIND (format_dropdown);
  BIND (output_entry);
  BIND (fit_dropdown);
  BIND (width_spin);
  BIND (height_spin);
  BIND (scale_spin);
  BIND (margin_spin);
  BIND (fps_spin);
  BIND (from_spin);
  BIND (to_spin);
  BIND (transparent_check);
  BIND (color_button);
  BIND (bones_check);
  BIND (trim_check);
  BIND (preview_picture);
  BIND (summary_label);
  BIND (progress_bar);
  BIND (status_label);
  BIND (done_box);
  BIND (done_label);
  BIND (cancel_button);
  BIND (export_button);
#undef BIND

  gtk_widget_class_install_action (widget_class, "export.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "export.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "export.choose-output", NULL,
                                   _ossa_export_dialog_choose_output);
  gtk_widget_class_install_action (widget_class, "export.open-folder", NULL,
                                   open_folder_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "export.cancel", NULL);
}

static void
ossa_export_dialog_init (OssaExportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  _ossa_export_dialog_init_choices (self);
}

static void
connect_choices (OssaExportDialog *self)
{
  g_signal_connect_swapped (self->animation_dropdown, "notify::selected",
                            G_CALLBACK (animation_changed_cb), self);
  g_signal_connect_swapped (self->format_dropdown, "notify::selected",
                            G_CALLBACK (format_changed_cb), self);
  g_signal_connect_swapped (self->fit_dropdown, "notify::selected",
                            G_CALLBACK (choice_changed_cb), self);
  g_signal_connect_swapped (self->output_entry, "changed", G_CALLBACK (choice_changed_cb), self);
  g_signal_connect_swapped (self->width_spin, "value-changed", G_CALLBACK (choice_changed_cb),
                            self);
  g_signal_connect_swapped (self->height_spin, "value-changed", G_CALLBACK (choice_changed_cb),
                            self);
  g_signal_connect_swapped (self->scale_spin, "value-changed", G_CALLBACK (choice_changed_cb),
                            self);
  g_signal_connect_swapped (self->margin_spin, "value-changed", G_CALLBACK (choice_changed_cb),
                            self);
  g_signal_connect_swapped (self->fps_spin, "value-changed", G_CALLBACK (timing_changed_cb),
                            self);
  g_signal_connect_swapped (self->from_spin, "value-changed", G_CALLBACK (choice_changed_cb),
                            self);
  g_signal_connect_swapped (self->to_spin, "value-changed", G_CALLBACK (choice_changed_cb), self);
  g_signal_connect_swapped (self->transparent_check, "toggled", G_CALLBACK (choice_changed_cb),
                            self);
  g_signal_connect_swapped (self->color_button, "notify::rgba", G_CALLBACK (choice_changed_cb),
                            self);
  g_signal_connect_swapped (self->bones_check, "toggled", G_CALLBACK (choice_changed_cb), self);
  g_signal_connect_swapped (self->trim_check, "toggled", G_CALLBACK (choice_changed_cb), self);
}

static void
window_cancelled_cb (GCancellable     *cancellable,
                     OssaExportDialog *self)
{
  gtk_window_close (GTK_WINDOW (self));
}

/**
 * ossa_export_dialog_present:
 * @parent: the window the export is for
 * @editor: the editor whose document is exported
 * @settings: (nullable): where the last choices are kept
 * @cancellable: (nullable): closes the dialog (and stops its export) when cancelled
 *
 * Shows the Export Animation dialog for @parent, transient but not modal: the
 * window keeps working while an export runs. The one already open is brought up.
 *
 * Returns: (transfer none): the dialog
 */
OssaExportDialog *
ossa_export_dialog_present (GtkWindow    *parent,
                            OssaEditor   *editor,
                            GSettings    *settings,
                            GCancellable *cancellable)
{
  OssaExportDialog *self;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (OSSA_IS_EDITOR (editor), NULL);

  self = ossa_export_dialog_find (parent);
  if (self != NULL)
    {
      gtk_window_present (GTK_WINDOW (self));
      return self;
    }
  self = g_object_new (OSSA_TYPE_EXPORT_DIALOG, "transient-for", parent, NULL);
  self->editor = g_object_ref (editor);
  self->loading = TRUE;
  if (settings != NULL)
    self->settings = g_object_ref (settings);
  if (!_ossa_export_dialog_has_settings (self))
    g_clear_object (&self->settings);
  ensure_copy (self);
  _ossa_export_dialog_probe_formats (self);
  fill_animations (self, ossa_editor_get_animation (editor));
  gtk_spin_button_set_value (self->fps_spin, _ossa_export_dialog_own_fps (_ossa_export_dialog_selected_animation (self)));
  _ossa_export_dialog_load_choices (self);
  update_range (self);
  gtk_spin_button_set_value (self->to_spin, self->n_frames - 1);
  _ossa_export_dialog_update_sensitivity (self);
  self->loading = FALSE;
  _ossa_export_dialog_follow_output (self);
  connect_choices (self);
  g_signal_connect_object (editor, "document-changed", G_CALLBACK (document_changed_cb), self,
                           G_CONNECT_SWAPPED);
  if (cancellable != NULL)
    {
      self->window_cancellable = g_object_ref (cancellable);
      self->window_cancelled_id = g_signal_connect_object (cancellable, "cancelled",
                                                           G_CALLBACK (window_cancelled_cb),
                                                           self, 0);
    }
  refresh (self);
  gtk_window_present (GTK_WINDOW (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->export_button));
  return self;
}

/**
 * ossa_export_dialog_find:
 *
 * Returns: (transfer none) (nullable): the Export Animation dialog open for @parent
 */
OssaExportDialog *
ossa_export_dialog_find (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  OssaExportDialog *found = NULL;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);

  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && found == NULL; i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (OSSA_IS_EXPORT_DIALOG (toplevel) && gtk_window_get_transient_for (toplevel) == parent
          && !OSSA_EXPORT_DIALOG (toplevel)->closed)
        found = OSSA_EXPORT_DIALOG (toplevel);
    }
  return found;
}

/**
 * ossa_export_dialog_get_running:
 *
 * Returns: whether an export is under way (the "running" property)
 */
gboolean
ossa_export_dialog_get_running (OssaExportDialog *self)
{
  g_return_val_if_fail (OSSA_IS_EXPORT_DIALOG (self), FALSE);
  return is_running (self);
}

/**
 * ossa_export_dialog_get_progress:
 *
 * Returns: how far the running or last export got, 0 to 1 (the "progress" property)
 */
double
ossa_export_dialog_get_progress (OssaExportDialog *self)
{
  g_return_val_if_fail (OSSA_IS_EXPORT_DIALOG (self), 0);
  return self->progress;
}
