/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-preferences"

#include "config.h"

#include <math.h>

#include "ossa-preferences-window-private.h"

G_DEFINE_FINAL_TYPE (OssaPreferencesWindow, ossa_preferences_window, GTK_TYPE_WINDOW)

/* The Import SMD dialog's planes, in the order of OssaSmdPlane and of the plane
 * drop-down; the key's values. */
static const char * const planes[] = { "xz", "xy", "yz" };

/* ---- mappings between the keys and the controls ---- */

static gboolean
int_to_double (GValue   *value,
               GVariant *variant,
               gpointer  user_data)
{
  if (g_variant_is_of_type (variant, G_VARIANT_TYPE_UINT32))
    g_value_set_double (value, g_variant_get_uint32 (variant));
  else
    g_value_set_double (value, g_variant_get_int32 (variant));
  return TRUE;
}

static GVariant *
double_to_int (const GValue       *value,
               const GVariantType *type,
               gpointer            user_data)
{
  double v = round (g_value_get_double (value));

  if (g_variant_type_equal (type, G_VARIANT_TYPE_UINT32))
    return g_variant_new_uint32 ((guint32) MAX (v, 0));
  return g_variant_new_int32 ((gint32) v);
}

static gboolean
follow_to_selected (GValue   *value,
                    GVariant *variant,
                    gpointer  user_data)
{
  g_value_set_uint (value, g_variant_get_boolean (variant) ? 1 : 0);
  return TRUE;
}

static GVariant *
selected_to_follow (const GValue       *value,
                    const GVariantType *type,
                    gpointer            user_data)
{
  return g_variant_new_boolean (g_value_get_uint (value) == 1);
}

static gboolean
plane_to_selected (GValue   *value,
                   GVariant *variant,
                   gpointer  user_data)
{
  const char *plane = g_variant_get_string (variant, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (planes); i++)
    if (g_str_equal (plane, planes[i]))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
selected_to_plane (const GValue       *value,
                   const GVariantType *type,
                   gpointer            user_data)
{
  guint selected = g_value_get_uint (value);

  /* GTK_INVALID_LIST_POSITION while the drop-down's model changes: no value. */
  if (selected >= G_N_ELEMENTS (planes))
    return NULL;
  return g_variant_new_string (planes[selected]);
}

static gboolean
string_to_rgba (GValue   *value,
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

/* "#ff5448": what the key's description promises, and what a person can read. */
static GVariant *
rgba_to_string (const GValue       *value,
                const GVariantType *type,
                gpointer            user_data)
{
  const GdkRGBA *rgba = g_value_get_boxed (value);
  g_autofree char *text = NULL;

  if (rgba == NULL)
    return NULL;
  text = g_strdup_printf ("#%02x%02x%02x",
                          (guint) lrintf (CLAMP (rgba->red, 0.0f, 1.0f) * 255.0f),
                          (guint) lrintf (CLAMP (rgba->green, 0.0f, 1.0f) * 255.0f),
                          (guint) lrintf (CLAMP (rgba->blue, 0.0f, 1.0f) * 255.0f));
  return g_variant_new_string (text);
}

static void
bind (OssaPreferencesWindow *self,
      const char            *key,
      gpointer               control,
      const char            *property)
{
  g_settings_bind (self->settings, key, control, property, G_SETTINGS_BIND_DEFAULT);
}

static void
bind_mapped (OssaPreferencesWindow      *self,
             const char                 *key,
             gpointer                    control,
             const char                 *property,
             GSettingsBindGetMapping     get,
             GSettingsBindSetMapping     set)
{
  g_settings_bind_with_mapping (self->settings, key, control, property,
                                G_SETTINGS_BIND_DEFAULT, get, set, NULL, NULL);
}

static void
bind_settings (OssaPreferencesWindow *self)
{
  /* The style is app.follow-system-style's key: the View menu's check item and
   * this drop-down show the same thing. */
  bind_mapped (self, "follow-system-style", self->style_dropdown, "selected",
               follow_to_selected, selected_to_follow);
  bind (self, "auto-key", self->auto_key_switch, "active");
  bind_mapped (self, "onion-ghosts-before", self->ghosts_before_spin, "value",
               int_to_double, double_to_int);
  bind_mapped (self, "onion-ghosts-after", self->ghosts_after_spin, "value",
               int_to_double, double_to_int);
  bind_mapped (self, "onion-past-color", self->past_color_button, "rgba",
               string_to_rgba, rgba_to_string);
  bind_mapped (self, "onion-future-color", self->future_color_button, "rgba",
               string_to_rgba, rgba_to_string);
  bind (self, "snap-rotation-step", self->rotation_step_spin, "value");
  bind (self, "snap-scale-step", self->scale_step_spin, "value");
  bind (self, "snap-keys-to-frames", self->snap_keys_switch, "active");
  bind_mapped (self, "smd-import-plane", self->plane_dropdown, "selected",
               plane_to_selected, selected_to_plane);
  bind (self, "smd-import-fps", self->fps_spin, "value");
  bind_mapped (self, "autosave-interval", self->autosave_spin, "value",
               int_to_double, double_to_int);
}

/* ---- the GObject ---- */

static void
ossa_preferences_window_dispose (GObject *object)
{
  OssaPreferencesWindow *self = OSSA_PREFERENCES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), OSSA_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (ossa_preferences_window_parent_class)->dispose (object);
}

static void
ossa_preferences_window_class_init (OssaPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ossa_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/ossa-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, OssaPreferencesWindow, style_dropdown);
  gtk_widget_class_bind_template_child (widget_class, OssaPreferencesWindow, auto_key_switch);
  gtk_widget_class_bind_template_child (widget_class, OssaPreferencesWindow, ghosts_before_spin);
  gtk_widget_class_bind_template_child (widget_class, OssaPreferencesWindow, ghosts_after_spin);
  gtk_widget_class_bind_template_child (widget_class, OssaPreferencesWindow, past_color_button);
  gtk_widget_class_bind_template_child (widget_class, OssaPreferencesWindow, future_color_button);
  gtk_widget_class_bind_template_child (widget_class, OssaPreferencesWindow, rotation_step_spin);
  gtk_widget_class_bind_template_child (widget_class, OssaPreferencesWindow, scale_step_spin);
  gtk_widget_class_bind_template_child (widget_class, OssaPreferencesWindow, snap_keys_switch);
  gtk_widget_class_bind_template_child (widget_class, OssaPreferencesWindow, plane_dropdown);
  gtk_widget_class_bind_template_child (widget_class, OssaPreferencesWindow, fps_spin);
  gtk_widget_class_bind_template_child (widget_class, OssaPreferencesWindow, autosave_spin);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ossa_preferences_window_init (OssaPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* The one open in app, if any. */
static OssaPreferencesWindow *
find_open (GtkApplication *app)
{
  for (GList *l = gtk_application_get_windows (app); l != NULL; l = l->next)
    if (OSSA_IS_PREFERENCES_WINDOW (l->data))
      return OSSA_PREFERENCES_WINDOW (l->data);
  return NULL;
}

/**
 * ossa_preferences_window_present:
 * @app: the application, which the window joins (it closes with the others)
 * @settings: the application's settings (io.github.ossa.Ossa)
 * @parent: (nullable): the window it is opened from
 *
 * Shows the Preferences window, transient for @parent but not modal (the editor
 * goes on working, and shows each change at once), or brings the open one to
 * the front.
 *
 * Returns: (transfer none): the window
 */
OssaPreferencesWindow *
ossa_preferences_window_present (GtkApplication *app,
                                 GSettings      *settings,
                                 GtkWindow      *parent)
{
  OssaPreferencesWindow *self;

  g_return_val_if_fail (GTK_IS_APPLICATION (app), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  self = find_open (app);
  if (self == NULL)
    {
      self = g_object_new (OSSA_TYPE_PREFERENCES_WINDOW, "application", app, NULL);
      self->settings = g_object_ref (settings);
      bind_settings (self);
    }
  if (parent != NULL && parent != GTK_WINDOW (self))
    gtk_window_set_transient_for (GTK_WINDOW (self), parent);
  gtk_window_present (GTK_WINDOW (self));
  return self;
}
