/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-application"

#include "config.h"

#include <glib/gi18n.h>

#include "ossa-application.h"
#include "ossa-window.h"

#define RECENT_FILES_MAX 10

struct _OssaApplication
{
  GtkApplication  parent_instance;

  /* NULL when the schema is not installed: the app then runs without keeping
   * window size or recent files rather than aborting in g_settings_new(). */
  GSettings      *settings;
};

G_DEFINE_FINAL_TYPE (OssaApplication, ossa_application, GTK_TYPE_APPLICATION)

static const char * const settings_keys[] = {
  "window-width",
  "window-height",
  "window-maximized",
  "recent-files",
};

static GSettings *
load_settings (void)
{
  GSettingsSchemaSource *source;
  g_autoptr(GSettingsSchema) schema = NULL;

  source = g_settings_schema_source_get_default ();
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  if (schema == NULL)
    {
      g_info ("GSettings schema %s not found; settings will not be kept", APP_ID);
      return NULL;
    }

  /* An out-of-date compiled schema would make g_settings_get() abort later. */
  for (guint i = 0; i < G_N_ELEMENTS (settings_keys); i++)
    {
      if (!g_settings_schema_has_key (schema, settings_keys[i]))
        {
          g_info ("GSettings schema %s has no key %s; settings will not be kept",
                  APP_ID, settings_keys[i]);
          return NULL;
        }
    }

  return g_settings_new_full (schema, NULL, NULL);
}

static OssaWindow *
new_window (OssaApplication *self)
{
  OssaWindow *window = ossa_window_new (self);

  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static void
ossa_application_activate (GApplication *app)
{
  OssaApplication *self = OSSA_APPLICATION (app);
  GtkWindow *window;

  window = gtk_application_get_active_window (GTK_APPLICATION (self));
  if (window != NULL)
    gtk_window_present (window);
  else
    new_window (self);
}

static void
ossa_application_open (GApplication  *app,
                       GFile        **files,
                       int            n_files,
                       const char    *hint)
{
  OssaApplication *self = OSSA_APPLICATION (app);

  for (int i = 0; i < n_files; i++)
    {
      GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (self));
      OssaWindow *window;

      /* An empty window is reused; a window showing a document is left alone. */
      if (OSSA_IS_WINDOW (active) && ossa_window_get_file (OSSA_WINDOW (active)) == NULL)
        {
          window = OSSA_WINDOW (active);
          gtk_window_present (active);
        }
      else
        {
          window = new_window (self);
        }

      /* A failure is shown in the window; nothing else to do here. */
      ossa_window_open_file (window, files[i], NULL);
    }
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GList *windows;

  /* Close each window the way its close button would, so each one keeps its size
   * (and, later, can ask about unsaved changes). The app ends with the last one. */
  windows = g_list_copy (gtk_application_get_windows (app));
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
  g_list_free (windows);
}

static void
new_window_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  new_window (OSSA_APPLICATION (user_data));
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  static const char *developers[] = { "The Ossa developers", NULL };

  gtk_show_about_dialog (gtk_application_get_active_window (app),
                         "program-name", "Ossa",
                         "logo-icon-name", APP_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("Rig and animate 2D skeletons"),
                         "website", "https://github.com/ossa/ossa",
                         "copyright", "© 2026 The Ossa developers",
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "authors", developers,
                         /* Translators: your names, one a line. */
                         "translator-credits", _("translator-credits"),
                         NULL);
}

static const GActionEntry app_actions[] = {
  { "quit", quit_activated, NULL, NULL, NULL, { 0 } },
  { "new-window", new_window_activated, NULL, NULL, NULL, { 0 } },
  { "about", about_activated, NULL, NULL, NULL, { 0 } },
};

static const struct
{
  const char *action;
  const char *accels[2];
} app_accels[] = {
  { "app.quit", { "<Control>q", NULL } },
  { "app.new-window", { "<Control><Shift>n", NULL } },
  { "win.open", { "<Control>o", NULL } },
  { "window.close", { "<Control>w", NULL } },
  { "win.show-help-overlay", { "<Control>question", NULL } },
};

static void
ossa_application_startup (GApplication *app)
{
  OssaApplication *self = OSSA_APPLICATION (app);
  g_autoptr(GtkCssProvider) css = NULL;
  GdkDisplay *display;

  G_APPLICATION_CLASS (ossa_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (self),
                                   app_actions, G_N_ELEMENTS (app_actions),
                                   self);
  for (guint i = 0; i < G_N_ELEMENTS (app_accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self),
                                           app_accels[i].action,
                                           app_accels[i].accels);

  /* GtkApplication loads gtk/menus.ui and gtk/help-overlay.ui by itself, but not
   * style.css (that is libadwaita's doing). */
  display = gdk_display_get_default ();
  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, RESOURCE_BASE "/style.css");
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

  /* The app icon also ships in the resource, so it shows when run uninstalled. */
  gtk_icon_theme_add_resource_path (gtk_icon_theme_get_for_display (display),
                                    RESOURCE_BASE "/icons");
  gtk_window_set_default_icon_name (APP_ID);

  self->settings = load_settings ();
}

static void
ossa_application_dispose (GObject *object)
{
  OssaApplication *self = OSSA_APPLICATION (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (ossa_application_parent_class)->dispose (object);
}

static void
ossa_application_class_init (OssaApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = ossa_application_dispose;

  app_class->startup = ossa_application_startup;
  app_class->activate = ossa_application_activate;
  app_class->open = ossa_application_open;
}

static void
ossa_application_init (OssaApplication *self)
{
}

/**
 * ossa_application_new:
 *
 * Returns: (transfer full): the editor application
 */
OssaApplication *
ossa_application_new (void)
{
  return g_object_new (OSSA_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       NULL);
}

/**
 * ossa_application_get_settings:
 * @self: an #OssaApplication
 *
 * Returns: (transfer none) (nullable): the app's settings, %NULL before startup or
 *   when the schema is not installed
 */
GSettings *
ossa_application_get_settings (OssaApplication *self)
{
  g_return_val_if_fail (OSSA_IS_APPLICATION (self), NULL);

  return self->settings;
}

/**
 * ossa_application_add_recent_file:
 * @self: an #OssaApplication
 * @file: a document that was just opened
 *
 * Puts @file first in the recent-files setting (at most ten, no duplicates).
 */
void
ossa_application_add_recent_file (OssaApplication *self,
                                  GFile           *file)
{
  g_auto(GStrv) old = NULL;
  g_autoptr(GStrvBuilder) builder = NULL;
  g_auto(GStrv) recent = NULL;
  g_autofree char *uri = NULL;
  guint n = 1;

  g_return_if_fail (OSSA_IS_APPLICATION (self));
  g_return_if_fail (G_IS_FILE (file));

  if (self->settings == NULL)
    return;

  uri = g_file_get_uri (file);
  old = g_settings_get_strv (self->settings, "recent-files");
  builder = g_strv_builder_new ();
  g_strv_builder_add (builder, uri);
  for (guint i = 0; old[i] != NULL && n < RECENT_FILES_MAX; i++)
    {
      if (g_strcmp0 (old[i], uri) != 0)
        {
          g_strv_builder_add (builder, old[i]);
          n++;
        }
    }
  recent = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "recent-files", (const char * const *) recent);
}
