/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-window-settings"

#include "config.h"

#include "ossa-window-private.h"

/* What Preferences sets (src/app/preferences/), read by the window: each key is
 * bound to what it changes, so that a change applies at once to every open
 * window. The window only reads these keys; the Preferences window writes them. */

/* "#ff5448" (or any CSS colour) to a GdkRGBA; FALSE for one that does not parse,
 * and GSettings then takes the key's default. */
static gboolean
color_from_setting (GValue   *value,
                    GVariant *variant,
                    gpointer  user_data)
{
  GdkRGBA rgba;

  if (!gdk_rgba_parse (&rgba, g_variant_get_string (variant, NULL)))
    return FALSE;
  rgba.alpha = 1.0f;
  g_value_set_boxed (value, &rgba);
  return TRUE;
}

static void
bind_color (OssaWindow *self,
            const char *key,
            const char *property)
{
  g_settings_bind_with_mapping (self->settings, key, self->canvas, property,
                                G_SETTINGS_BIND_GET, color_from_setting, NULL, NULL, NULL);
}

/* A document the window opens or makes starts with the auto-key preference; the
 * timeline's button changes it for that document only. */
static void
document_replaced_cb (OssaWindow *self,
                      guint       change,
                      OssaEditor *editor)
{
  if ((change & OSSA_CHANGE_DOCUMENT) && self->settings != NULL)
    ossa_editor_set_auto_key (editor, g_settings_get_boolean (self->settings, "auto-key"));
}

/**
 * _ossa_window_bind_preferences:
 * @self: an #OssaWindow with its settings
 *
 * Binds the onion skin's ghosts and colours and the drag snapping steps to the
 * canvas, key snapping to the timeline and auto-key to the editor.
 */
void
_ossa_window_bind_preferences (OssaWindow *self)
{
  GSettings *settings = self->settings;

  g_return_if_fail (settings != NULL);

  g_settings_bind (settings, "onion-ghosts-before", self->canvas, "onion-before",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (settings, "onion-ghosts-after", self->canvas, "onion-after",
                   G_SETTINGS_BIND_GET);
  bind_color (self, "onion-past-color", "onion-past-color");
  bind_color (self, "onion-future-color", "onion-future-color");
  g_settings_bind (settings, "snap-rotation-step", self->canvas, "snap-rotation-step",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (settings, "snap-scale-step", self->canvas, "snap-scale-step",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (settings, "snap-keys-to-frames", self->timeline, "snap-keys-to-frames",
                   G_SETTINGS_BIND_GET);
  /* Only from the settings to the editor: the timeline's Auto-key button is the
   * document's, not the preference. */
  g_settings_bind (settings, "auto-key", self->editor, "auto-key", G_SETTINGS_BIND_GET);
  g_signal_connect_object (self->editor, "document-changed",
                           G_CALLBACK (document_replaced_cb), self, G_CONNECT_SWAPPED);
}

static const char * const planes[] = {
  [OSSA_SMD_PLANE_XZ] = "xz",
  [OSSA_SMD_PLANE_XY] = "xy",
  [OSSA_SMD_PLANE_YZ] = "yz",
};

/**
 * _ossa_window_import_defaults:
 * @dialog: an import dialog (SMD or .qc) just opened for @self
 *
 * Puts the preferred plane and frame rate into @dialog (a .qc's sequences bring
 * their own frame rates, and its dialog shows none); the rest of its options
 * keep their defaults.
 */
void
_ossa_window_import_defaults (OssaWindow       *self,
                              OssaImportDialog *dialog)
{
  g_autofree char *plane = NULL;
  OssaSmdImportOptions options;

  if (self->settings == NULL)
    return;
  ossa_import_dialog_get_options (dialog, &options);
  plane = g_settings_get_string (self->settings, "smd-import-plane");
  for (guint i = 0; i < G_N_ELEMENTS (planes); i++)
    if (g_str_equal (plane, planes[i]))
      options.plane = (OssaSmdPlane) i;
  options.fps = (float) g_settings_get_double (self->settings, "smd-import-fps");
  ossa_import_dialog_set_options (dialog, &options);
}
