/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-export-dialog"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "ossa-dialogs.h"
#include "ossa-export-dialog-private.h"

/* The Export Animation dialog's choices: what its fields make of the export's
 * settings, the output it suggests (and follows the animation and format with),
 * the formats it can write, the choices kept in GSettings, the output chooser. */

/* The settings keys, by format: what the gschema's choices say. */
static const char *const format_keys[] = {
  [OSSA_EXPORT_FRAMES] = "frames",
  [OSSA_EXPORT_SHEET] = "sheet",
  [OSSA_EXPORT_GIF] = "gif",
  [OSSA_EXPORT_WEBM] = "webm",
  [OSSA_EXPORT_MP4] = "mp4",
};

static const char *const format_suffixes[] = {
  [OSSA_EXPORT_FRAMES] = "png",
  [OSSA_EXPORT_SHEET] = "png",
  [OSSA_EXPORT_GIF] = "gif",
  [OSSA_EXPORT_WEBM] = "webm",
  [OSSA_EXPORT_MP4] = "mp4",
};

static const char *const settings_keys[] = {
  "export-format", "export-width", "export-height", "export-fit", "export-scale",
  "export-margin", "export-fps", "export-background", "export-bones", "export-trim",
  "export-folder",
};

/* Choices -------------------------------------------------------------------------- */

OssaExportFormat
_ossa_export_dialog_selected_format (OssaExportDialog *self)
{
  guint i = gtk_drop_down_get_selected (self->format_dropdown);

  return i <= OSSA_EXPORT_MP4 ? (OssaExportFormat) i : OSSA_EXPORT_FRAMES;
}

/* The animation chosen, NULL for the rest pose (the list's last item). */
const OssaAnimation *
_ossa_export_dialog_selected_animation (OssaExportDialog *self)
{
  guint i = gtk_drop_down_get_selected (self->animation_dropdown);

  return self->copy != NULL && i < self->copy->n_animations ? &self->copy->animations[i] : NULL;
}

gboolean
_ossa_export_dialog_fit_chosen (OssaExportDialog *self)
{
  return gtk_drop_down_get_selected (self->fit_dropdown) == 0;
}

static uint32_t
background (OssaExportDialog *self)
{
  GdkRGBA rgba;

  if (gtk_check_button_get_active (self->transparent_check))
    return 0;
  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (self->color_button), &rgba);
  return (uint32_t) lround (CLAMP (rgba.red, 0, 1) * 255) << 24
         | (uint32_t) lround (CLAMP (rgba.green, 0, 1) * 255) << 16
         | (uint32_t) lround (CLAMP (rgba.blue, 0, 1) * 255) << 8 | 0xffu;
}

/* The animation's own rate, 30 for the rest pose. */
double
_ossa_export_dialog_own_fps (const OssaAnimation *anim)
{
  return anim != NULL && anim->fps > 0 ? anim->fps : 30;
}

gboolean
_ossa_export_dialog_get_settings (OssaExportDialog   *self,
                                  OssaExportSettings *settings,
                                  GError            **error)
{
  const OssaAnimation *anim = _ossa_export_dialog_selected_animation (self);
  OssaExportFormat format = _ossa_export_dialog_selected_format (self);
  int from = gtk_spin_button_get_value_as_int (self->from_spin);
  int to = gtk_spin_button_get_value_as_int (self->to_spin);

  ossa_export_settings_init (settings);
  settings->animation = anim != NULL ? anim->name : NULL;
  settings->output = gtk_editable_get_text (GTK_EDITABLE (self->output_entry));
  settings->width = gtk_spin_button_get_value_as_int (self->width_spin);
  settings->height = gtk_spin_button_get_value_as_int (self->height_spin);
  settings->scale = _ossa_export_dialog_fit_chosen (self) ? 0 : (float) gtk_spin_button_get_value (self->scale_spin);
  settings->margin = (float) gtk_spin_button_get_value (self->margin_spin);
  settings->fps = (float) gtk_spin_button_get_value (self->fps_spin);
  /* The whole range stays unset, so that a looping animation keeps its rule. */
  if (from > 0)
    settings->from = (OssaFrameMark) { .set = true, .value = from };
  if (to < self->n_frames - 1)
    settings->to = (OssaFrameMark) { .set = true, .value = to };
  settings->background = background (self);
  settings->bones = gtk_check_button_get_active (self->bones_check);
  settings->trim = format == OSSA_EXPORT_SHEET && gtk_check_button_get_active (self->trim_check);
  settings->base_dir = NULL;   /* the editor's image paths are absolute */
  if (settings->output[0] == '\0')
    {
      g_set_error_literal (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID,
                           _("Choose where to write the export."));
      return FALSE;
    }
  return ossa_export_format_for_path (settings->output, format == OSSA_EXPORT_SHEET,
                                      &settings->format, error);
}

/* "walk" as a file name, "rest" for the rest pose. */
static char *
dup_stem (OssaExportDialog *self)
{
  const OssaAnimation *anim = _ossa_export_dialog_selected_animation (self);
  char *stem = g_strdup (anim != NULL && anim->name[0] != '\0' ? anim->name : "rest");

  return g_strdelimit (stem, "/\\", '_');
}

/* Where outputs go by default: the folder last written to, else the document's,
 * else the pictures folder. */
static char *
dup_base_folder (OssaExportDialog *self)
{
  GFile *doc_file = ossa_editor_get_file (self->editor);
  const char *pictures = g_get_user_special_dir (G_USER_DIRECTORY_PICTURES);

  if (self->settings != NULL)
    {
      g_autofree char *last = g_settings_get_string (self->settings, "export-folder");

      if (last[0] != '\0' && g_file_test (last, G_FILE_TEST_IS_DIR))
        return g_steal_pointer (&last);
    }
  if (doc_file != NULL)
    {
      g_autoptr(GFile) parent = g_file_get_parent (doc_file);
      char *path = parent != NULL ? g_file_get_path (parent) : NULL;

      if (path != NULL)
        return path;
    }
  return g_strdup (pictures != NULL ? pictures : g_get_home_dir ());
}

/* The folder an output is in, as the person thinks of it: for frames the one
 * holding their "walk-frames" folder. */
static char *
dup_folder_of (const char *output,
               OssaExportFormat format)
{
  g_autofree char *dir = g_path_get_dirname (output);
  g_autofree char *name = g_path_get_basename (dir);

  if (format == OSSA_EXPORT_FRAMES && g_str_has_suffix (name, "-frames"))
    return g_path_get_dirname (dir);
  return g_steal_pointer (&dir);
}

static char *
dup_suggestion (OssaExportDialog *self,
                const char       *folder)
{
  OssaExportFormat format = _ossa_export_dialog_selected_format (self);
  g_autofree char *stem = dup_stem (self);
  g_autofree char *sub = NULL;
  g_autofree char *name = NULL;

  if (format == OSSA_EXPORT_FRAMES)
    {
      sub = g_strconcat (stem, "-frames", NULL);
      name = g_strconcat (stem, "-%04d.png", NULL);
      return g_build_filename (folder, sub, name, NULL);
    }
  name = g_strconcat (stem, ".", format_suffixes[format], NULL);
  return g_build_filename (folder, name, NULL);
}

static void
set_output (OssaExportDialog *self,
            const char       *output,
            gboolean          suggested)
{
  gboolean loading = self->loading;

  self->loading = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->output_entry), output);
  gtk_editable_set_position (GTK_EDITABLE (self->output_entry), -1);
  self->loading = loading;
  g_free (self->suggested);
  self->suggested = suggested ? g_strdup (output) : NULL;
}

/* The output follows the animation and the format while it is the one this
 * suggested; a path the person typed or chose stays theirs, but its extension
 * follows the format. */
void
_ossa_export_dialog_follow_output (OssaExportDialog *self)
{
  const char *current = gtk_editable_get_text (GTK_EDITABLE (self->output_entry));
  g_autofree char *folder = NULL;
  g_autofree char *next = NULL;

  if (current[0] == '\0' || g_strcmp0 (current, self->suggested) == 0)
    {
      folder = current[0] != '\0' ? dup_folder_of (current, OSSA_EXPORT_FRAMES)
                                  : dup_base_folder (self);
      next = dup_suggestion (self, folder);
      set_output (self, next, TRUE);
      return;
    }
  {
    OssaExportFormat format = _ossa_export_dialog_selected_format (self);
    OssaExportFormat was;

    if (ossa_export_format_for_path (current, format == OSSA_EXPORT_SHEET, &was, NULL)
        && was == format)
      return;
    folder = dup_folder_of (current, OSSA_EXPORT_FRAMES);
    next = dup_suggestion (self, folder);
    set_output (self, next, TRUE);
  }
}

/* "Auto" in a size field at 0, where the scale makes the size. */
static gboolean
size_output_cb (GtkSpinButton *spin,
                gpointer       user_data)
{
  int value = gtk_spin_button_get_value_as_int (spin);
  g_autofree char *text = value > 0 ? g_strdup_printf ("%d", value) : g_strdup (_("Auto"));

  if (g_strcmp0 (text, gtk_editable_get_text (GTK_EDITABLE (spin))) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), text);
  return TRUE;
}

static int
size_input_cb (GtkSpinButton *spin,
               double        *value,
               gpointer       user_data)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));
  char *end = NULL;

  if (g_utf8_collate (text, _("Auto")) == 0)
    {
      *value = 0;
      return TRUE;
    }
  *value = g_ascii_strtod (text, &end);
  return end != text && *end == '\0' ? TRUE : GTK_INPUT_ERROR;
}

/* The format list ------------------------------------------------------------------- */

/* Whether each format's encoder is installed (ossa_export_format_available()): a video format
 * without its GStreamer elements is greyed out, the reason in its tooltip. */
void
_ossa_export_dialog_probe_formats (OssaExportDialog *self)
{
  for (int f = 0; f <= OSSA_EXPORT_MP4; f++)
    {
      g_autoptr(GError) error = NULL;

      self->available[f] = ossa_export_format_available ((OssaExportFormat) f, &error);
      if (!self->available[f])
        self->unavailable[f] = g_strdup (error->message);
    }
}

static void
format_item_setup_cb (GtkSignalListItemFactory *factory,
                      GtkListItem              *item,
                      gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

static void
format_item_bind_cb (GtkSignalListItemFactory *factory,
                     GtkListItem              *item,
                     OssaExportDialog         *self)
{
  GtkWidget *label = gtk_list_item_get_child (item);
  GtkStringObject *string = gtk_list_item_get_item (item);
  guint position = gtk_list_item_get_position (item);
  gboolean available = position > OSSA_EXPORT_MP4 || self->available[position];

  gtk_label_set_text (GTK_LABEL (label), gtk_string_object_get_string (string));
  gtk_widget_set_sensitive (label, available);
  gtk_widget_set_tooltip_text (label, available ? NULL : self->unavailable[position]);
  gtk_list_item_set_selectable (item, available);
  gtk_list_item_set_activatable (item, available);
}

/* Remembered choices ------------------------------------------------------------ */

gboolean
_ossa_export_dialog_has_settings (OssaExportDialog *self)
{
  g_autoptr(GSettingsSchema) schema = NULL;

  if (self->settings == NULL)
    return FALSE;
  g_object_get (self->settings, "settings-schema", &schema, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (settings_keys); i++)
    if (!g_settings_schema_has_key (schema, settings_keys[i]))
      return FALSE;
  return TRUE;
}

void
_ossa_export_dialog_load_choices (OssaExportDialog *self)
{
  g_autofree char *format = NULL;
  g_autofree char *color = NULL;
  double fps;
  GdkRGBA rgba;

  if (self->settings == NULL)
    return;
  format = g_settings_get_string (self->settings, "export-format");
  for (guint i = 0; i < G_N_ELEMENTS (format_keys); i++)
    if (g_str_equal (format, format_keys[i]) && self->available[i])
      gtk_drop_down_set_selected (self->format_dropdown, i);
  gtk_drop_down_set_selected (self->fit_dropdown,
                              g_settings_get_boolean (self->settings, "export-fit") ? 0 : 1);
  _ossa_export_dialog_update_sensitivity (self);
  gtk_spin_button_set_value (self->width_spin,
                             g_settings_get_int (self->settings, "export-width"));
  gtk_spin_button_set_value (self->height_spin,
                             g_settings_get_int (self->settings, "export-height"));
  gtk_spin_button_set_value (self->scale_spin,
                             g_settings_get_double (self->settings, "export-scale"));
  gtk_spin_button_set_value (self->margin_spin,
                             g_settings_get_double (self->settings, "export-margin"));
  fps = g_settings_get_double (self->settings, "export-fps");
  if (fps > 0)
    gtk_spin_button_set_value (self->fps_spin, fps);
  color = g_settings_get_string (self->settings, "export-background");
  if (gdk_rgba_parse (&rgba, color))
    {
      rgba.alpha = 1;
      gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (self->color_button), &rgba);
      gtk_check_button_set_active (self->transparent_check, FALSE);
    }
  else
    gtk_check_button_set_active (self->transparent_check, TRUE);
  gtk_check_button_set_active (self->bones_check,
                               g_settings_get_boolean (self->settings, "export-bones"));
  gtk_check_button_set_active (self->trim_check,
                               g_settings_get_boolean (self->settings, "export-trim"));
}

/* What an export was made with, for the next time the dialog opens. */
void
_ossa_export_dialog_save_choices (OssaExportDialog         *self,
              const OssaExportSettings *settings)
{
  const OssaAnimation *anim = _ossa_export_dialog_selected_animation (self);
  g_autofree char *folder = NULL;
  g_autofree char *color = NULL;
  GdkRGBA rgba;

  if (self->settings == NULL)
    return;
  g_settings_set_string (self->settings, "export-format", format_keys[settings->format]);
  g_settings_set_boolean (self->settings, "export-fit", settings->scale <= 0);
  g_settings_set_int (self->settings, "export-width", settings->width);
  g_settings_set_int (self->settings, "export-height", settings->height);
  g_settings_set_double (self->settings, "export-scale",
                         gtk_spin_button_get_value (self->scale_spin));
  g_settings_set_double (self->settings, "export-margin", settings->margin);
  /* A rate of the animation's own is not an override. */
  g_settings_set_double (self->settings, "export-fps",
                         fabs (settings->fps - _ossa_export_dialog_own_fps (anim)) < 1e-3 ? 0 : settings->fps);
  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (self->color_button), &rgba);
  color = g_strdup_printf ("#%02x%02x%02x", (int) lround (rgba.red * 255),
                           (int) lround (rgba.green * 255), (int) lround (rgba.blue * 255));
  g_settings_set_string (self->settings, "export-background",
                         settings->background == 0 ? "transparent" : color);
  g_settings_set_boolean (self->settings, "export-bones", settings->bones);
  g_settings_set_boolean (self->settings, "export-trim",
                          gtk_check_button_get_active (self->trim_check));
  folder = dup_folder_of (settings->output, settings->format);
  g_settings_set_string (self->settings, "export-folder", folder);
}

/* The output chooser ------------------------------------------------------------ */

static void
chooser_response_cb (GtkNativeDialog  *native,
                     int               response,
                     OssaExportDialog *self)
{
  g_autoptr(GFile) chosen = NULL;

  g_signal_handlers_disconnect_by_func (native, chooser_response_cb, self);
  if (response == GTK_RESPONSE_ACCEPT && !self->closed)
    chosen = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  if (chosen != NULL)
    {
      OssaExportFormat format = _ossa_export_dialog_selected_format (self);
      g_autoptr(GFile) file = format == OSSA_EXPORT_FRAMES
                                ? g_object_ref (chosen)
                                : ossa_dialogs_with_suffix (chosen, format_suffixes[format]);
      g_autofree char *path = g_file_get_path (file);

      if (path != NULL && format == OSSA_EXPORT_FRAMES)
        {
          g_autofree char *stem = dup_stem (self);
          g_autofree char *name = g_strconcat (stem, "-%04d.png", NULL);
          g_autofree char *pattern = g_build_filename (path, name, NULL);

          set_output (self, pattern, FALSE);
        }
      else if (path != NULL)
        set_output (self, path, FALSE);
      _ossa_export_dialog_queue_refresh (self);
    }
  gtk_native_dialog_destroy (native);
  g_object_unref (native);
}

void
_ossa_export_dialog_choose_output (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  OssaExportDialog *self = OSSA_EXPORT_DIALOG (widget);
  OssaExportFormat format = _ossa_export_dialog_selected_format (self);
  gboolean frames = format == OSSA_EXPORT_FRAMES;
  const char *output = gtk_editable_get_text (GTK_EDITABLE (self->output_entry));
  g_autofree char *dir = g_path_get_dirname (output);
  g_autofree char *base = g_path_get_basename (output);
  g_autoptr(GFile) folder = NULL;
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (frames ? _("Folder for the Frames") : _("Export As"),
                                        GTK_WINDOW (self),
                                        frames ? GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER
                                               : GTK_FILE_CHOOSER_ACTION_SAVE,
                                        frames ? _("_Select") : _("_Save"),
                                        _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  /* The frames' folder may not be made yet: start in the one it goes in. */
  if (frames && !g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      char *up = g_path_get_dirname (dir);

      g_free (dir);
      dir = up;
    }
  folder = g_file_new_for_path (dir);
  if (g_file_test (dir, G_FILE_TEST_IS_DIR))
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), folder, NULL);
  if (!frames)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), base);
  g_signal_connect (native, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}


/**
 * _ossa_export_dialog_init_choices:
 *
 * The format list that greys out what cannot be written, and the size fields
 * that say "Auto" at 0.
 */
void
_ossa_export_dialog_init_choices (OssaExportDialog *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (format_item_setup_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (format_item_bind_cb), self);
  gtk_drop_down_set_list_factory (self->format_dropdown, factory);
  g_object_unref (factory);

  /* A numeric spin button would refuse the letters of "Auto". */
  gtk_spin_button_set_numeric (self->width_spin, FALSE);
  gtk_spin_button_set_numeric (self->height_spin, FALSE);
  g_signal_connect (self->width_spin, "output", G_CALLBACK (size_output_cb), NULL);
  g_signal_connect (self->height_spin, "output", G_CALLBACK (size_output_cb), NULL);
  g_signal_connect (self->width_spin, "input", G_CALLBACK (size_input_cb), NULL);
  g_signal_connect (self->height_spin, "input", G_CALLBACK (size_input_cb), NULL);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->width_spin),
                               _("With a fixed scale, 0 (Auto) makes the size fit the animation"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->height_spin),
                               _("With a fixed scale, 0 (Auto) makes the size fit the animation"));
}
