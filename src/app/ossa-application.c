/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-application"

#include "config.h"

#include <glib/gi18n.h>

#include "ossa-application.h"
#include "ossa-preferences-window.h"
#include "ossa-recent.h"
#include "ossa-recovery-dialog.h"
#include "ossa-window.h"

struct _OssaApplication
{
  GtkApplication  parent_instance;

  /* NULL when the schema is not installed: the app then runs without keeping
   * the window size rather than aborting in g_settings_new(). */
  GSettings      *settings;
  /* The desktop's gtk-application-prefer-dark-theme before Ossa set it: what
   * View ▸ Follow System Style gives back. */
  gboolean        system_prefers_dark;
  /* The recovery copies a crash left behind were looked for (once a process). */
  gboolean        recovery_offered;
};

G_DEFINE_FINAL_TYPE (OssaApplication, ossa_application, GTK_TYPE_APPLICATION)

static const char * const settings_keys[] = {
  "window-width",
  "window-height",
  "window-maximized",
  "show-bone-names",
  "follow-system-style",
  "auto-key",
  "onion-ghosts-before",
  "onion-ghosts-after",
  "onion-past-color",
  "onion-future-color",
  "snap-rotation-step",
  "snap-scale-step",
  "snap-keys-to-frames",
  "smd-import-plane",
  "smd-import-fps",
  "autosave-interval",
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

static void
window_file_used_cb (OssaWindow      *window,
                     GFile           *file,
                     OssaApplication *self)
{
  ossa_application_add_recent_file (self, file);
}

/* Every window joins here, however it was made: it gets the settings and tells
 * the application which files it used. The window never calls back. */
static void
ossa_application_window_added (GtkApplication *app,
                               GtkWindow      *window)
{
  OssaApplication *self = OSSA_APPLICATION (app);

  GTK_APPLICATION_CLASS (ossa_application_parent_class)->window_added (app, window);

  if (!OSSA_IS_WINDOW (window))
    return;
  if (self->settings != NULL)
    ossa_window_set_settings (OSSA_WINDOW (window), self->settings);
  g_signal_connect_object (window, "file-used", G_CALLBACK (window_file_used_cb), self, 0);
}

static OssaWindow *
new_window (OssaApplication *self)
{
  OssaWindow *window = ossa_window_new (GTK_APPLICATION (self));

  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static gboolean
is_untouched (OssaWindow *window)
{
  OssaEditor *editor = ossa_window_get_editor (window);

  /* Busy: a file is being opened into it. */
  return ossa_editor_get_file (editor) == NULL && !ossa_window_get_busy (window)
         && !ossa_editor_get_modified (editor)
         && !ossa_editor_can_undo (editor)
         && ossa_editor_get_document (editor)->skeleton.n_bones == 0;
}

/* Recover in the recovery list: the copy as the original's unsaved changes, in
 * the window with an untouched document or in a new one; the window keeps the
 * copy until its document is saved or discarded. */
static void
recover_cb (OssaRecoveryItem *item,
            gpointer          user_data)
{
  OssaApplication *self = user_data;
  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (self));
  g_autoptr(GFile) original = NULL;
  OssaWindow *window = NULL;

  if (OSSA_IS_WINDOW (active) && is_untouched (OSSA_WINDOW (active)))
    window = OSSA_WINDOW (active);
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self));
       l != NULL && window == NULL; l = l->next)
    if (OSSA_IS_WINDOW (l->data) && is_untouched (l->data))
      window = l->data;
  if (window == NULL)
    window = new_window (self);
  if (item->index->original != NULL)
    original = g_file_new_for_path (item->index->original);
  ossa_editor_take_recovered (ossa_window_get_editor (window),
                              g_steal_pointer (&item->document), original,
                              &item->index->original_stamp);
  ossa_autosave_adopt (ossa_window_get_autosave (window), item->id, item->index->changes);
}

/* At the first start of the process, once its windows are there. */
static void
offer_recovery (OssaApplication *self)
{
  if (self->recovery_offered)
    return;
  self->recovery_offered = TRUE;
  ossa_recovery_offer (GTK_APPLICATION (self), NULL, recover_cb, self);
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
  offer_recovery (self);
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

      /* A window with a new, untouched document is reused; one showing a
       * document is left alone. */
      if (OSSA_IS_WINDOW (active) && is_untouched (OSSA_WINDOW (active)))
        {
          window = OSSA_WINDOW (active);
          gtk_window_present (active);
        }
      else
        {
          window = new_window (self);
        }

      /* A failure is shown in the window; nothing else to do here. */
      ossa_window_open_file_async (window, files[i], NULL, NULL);
    }
  offer_recovery (self);
}

/* Quitting closes the windows one after the other, each asking about its unsaved
 * changes; Cancel on any of them stops the quit there. The app ends with the
 * last window. */
static void quit_next (GList *windows);

static void
quit_window_closed_cb (GObject      *source,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  GList *windows = user_data;

  if (ossa_window_close_finish (OSSA_WINDOW (source), result))
    quit_next (windows);
  else
    g_list_free_full (windows, g_object_unref);
}

static void
quit_next (GList *windows)
{
  GtkWindow *window;

  if (windows == NULL)
    return;
  window = windows->data;
  windows = g_list_delete_link (windows, windows);

  if (OSSA_IS_WINDOW (window))
    {
      ossa_window_close_async (OSSA_WINDOW (window), quit_window_closed_cb, windows);
    }
  else
    {
      gtk_window_close (window);
      quit_next (windows);
    }
  g_object_unref (window);
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GList *windows = g_list_copy (gtk_application_get_windows (app));

  g_list_foreach (windows, (GFunc) (void (*) (void)) g_object_ref, NULL);

  /* The active window first: that is the one the person is looking at. */
  quit_next (windows);
}

static void
new_activated (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  OssaApplication *self = OSSA_APPLICATION (user_data);
  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (OSSA_IS_WINDOW (active))
    ossa_window_new_document (OSSA_WINDOW (active));
  else
    new_window (self);
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

/* Edit ▸ Preferences…: disabled without settings (no schema), as there is
 * nothing to keep them in. */
static void
preferences_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  OssaApplication *self = OSSA_APPLICATION (user_data);
  GtkWindow *parent = NULL;

  if (self->settings == NULL)
    return;
  /* Over the editor window last used (the list is in that order). */
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL && parent == NULL;
       l = l->next)
    if (OSSA_IS_WINDOW (l->data))
      parent = l->data;
  ossa_preferences_window_present (GTK_APPLICATION (self), self->settings, parent);
}

/* Dark by default, as animation editors are, so that the panels match the
 * canvas and the timeline; the desktop's own choice when following the system. */
static void
apply_style (OssaApplication *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "follow-system-style");
  g_autoptr(GVariant) state = g_action_get_state (action);
  gboolean follow = g_variant_get_boolean (state);

  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme",
                follow ? self->system_prefers_dark : TRUE, NULL);
}

static void
follow_system_style_change_state (GSimpleAction *action,
                                  GVariant      *value,
                                  gpointer       user_data)
{
  OssaApplication *self = user_data;

  if (self->settings != NULL)
    {
      /* settings_style_changed_cb() sets the state and applies it. */
      g_settings_set_boolean (self->settings, "follow-system-style",
                              g_variant_get_boolean (value));
      return;
    }
  g_simple_action_set_state (action, value);
  apply_style (self);
}

static void
settings_style_changed_cb (OssaApplication *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "follow-system-style");
  gboolean follow = g_settings_get_boolean (self->settings, "follow-system-style");

  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (follow));
  apply_style (self);
}

static const GActionEntry app_actions[] = {
  { "new", new_activated, NULL, NULL, NULL, { 0 } },
  { "quit", quit_activated, NULL, NULL, NULL, { 0 } },
  { "new-window", new_window_activated, NULL, NULL, NULL, { 0 } },
  { "about", about_activated, NULL, NULL, NULL, { 0 } },
  { "preferences", preferences_activated, NULL, NULL, NULL, { 0 } },
  { "follow-system-style", NULL, NULL, "false", follow_system_style_change_state, { 0 } },
};

/* Keys that never type text and mean the same in both workspaces; the window
 * binds the others itself, each workspace its own (ossa-window-actions.c,
 * ossa-map-editor-actions.c). */
static const struct
{
  const char *action;
  const char *accels[4];
} app_accels[] = {
  { "app.new", { "<Control>n", NULL } },
  { "app.new-window", { "<Control><Shift>n", NULL } },
  { "app.quit", { "<Control>q", NULL } },
  { "app.follow-system-style", { "<Control><Shift>t", NULL } },
  { "app.preferences", { "<Control>comma", NULL } },
  { "win.open", { "<Control>o", NULL } },
  { "win.open-sample", { "<Control><Shift>o", NULL } },
  { "win.save", { "<Control>s", NULL } },
  { "win.save-as", { "<Control><Shift>s", NULL } },
  { "win.close", { "<Control>w", NULL } },
  { "win.undo", { "<Control>z", NULL } },
  { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
  { "win.zoom-in", { "<Control>plus", "<Control>equal", "<Control>KP_Add", NULL } },
  { "win.zoom-out", { "<Control>minus", "<Control>KP_Subtract", NULL } },
  { "win.zoom-reset", { "<Control>0", "<Control>KP_0", NULL } },
  { "win.mode('setup')", { "<Control>1", NULL } },
  { "win.mode('animate')", { "<Control>2", NULL } },
  { "win.show-help-overlay", { "<Control>question", NULL } },
  { "win.workspace('skeleton')", { "<Alt>1", NULL } },
  { "win.workspace('map')", { "<Alt>2", NULL } },
};

/* "humanoid.ossa" for the menu; underscores doubled, or they would underline. */
static char *
dup_recent_label (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *display = g_filename_display_name (basename);
  g_auto(GStrv) parts = g_strsplit (display, "_", -1);

  return g_strjoinv ("__", parts);
}

/* The File > Open Recent submenu, from the desktop's recent files (Ossa's). */
static void
update_recent_menu (OssaApplication *self)
{
  GMenu *section = gtk_application_get_menu_by_id (GTK_APPLICATION (self), "recent-files");
  GList *files;

  if (section == NULL)
    return;
  g_menu_remove_all (section);
  files = ossa_recent_list (OSSA_RECENT_MAX);
  for (GList *l = files; l != NULL; l = l->next)
    {
      g_autofree char *uri = g_file_get_uri (l->data);
      g_autofree char *label = dup_recent_label (l->data);
      g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target_value (item, "win.open-recent",
                                               g_variant_new_string (uri));
      g_menu_append_item (section, item);
    }
  g_list_free_full (files, g_object_unref);

  if (g_menu_model_get_n_items (G_MENU_MODEL (section)) == 0)
    {
      /* An item without an action shows greyed out. */
      g_menu_append (section, _("No Recent Documents"), NULL);
    }
}

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
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self),
                                                                            "preferences")),
                               self->settings != NULL);
  g_object_get (gtk_settings_get_default (), "gtk-application-prefer-dark-theme",
                &self->system_prefers_dark, NULL);
  if (self->settings != NULL)
    {
      g_signal_connect_object (self->settings, "changed::follow-system-style",
                               G_CALLBACK (settings_style_changed_cb), self, G_CONNECT_SWAPPED);
      settings_style_changed_cb (self);
    }
  else
    apply_style (self);
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (update_recent_menu), self, G_CONNECT_SWAPPED);
  update_recent_menu (self);
}

/* `ossa --version` answers before anything needs a display. */
static int
ossa_application_handle_local_options (GApplication *app,
                                       GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("ossa %s\n", PACKAGE_VERSION);
      return 0;
    }
  return -1;
}

/* The process's GtkSettings outlives the application: give the desktop's value back.
 * And no recovery copy outlives a clean quit. */
static void
ossa_application_shutdown (GApplication *app)
{
  OssaApplication *self = OSSA_APPLICATION (app);
  g_autofree char *recovery = ossa_recovery_dup_folder ();

  /* A clean quit: no copy of this process's stays (each window removed its own
   * as it closed; this catches any other). */
  ossa_recovery_remove_own (recovery);
  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme",
                self->system_prefers_dark, NULL);
  G_APPLICATION_CLASS (ossa_application_parent_class)->shutdown (app);
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
  GtkApplicationClass *gtk_app_class = GTK_APPLICATION_CLASS (klass);

  object_class->dispose = ossa_application_dispose;
  gtk_app_class->window_added = ossa_application_window_added;

  app_class->startup = ossa_application_startup;
  app_class->shutdown = ossa_application_shutdown;
  app_class->activate = ossa_application_activate;
  app_class->open = ossa_application_open;
  app_class->handle_local_options = ossa_application_handle_local_options;
}

static void
ossa_application_init (OssaApplication *self)
{
  const GOptionEntry options[] = {
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Show the version and quit"), NULL },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };

  g_application_add_main_option_entries (G_APPLICATION (self), options);
  /* Translators: what follows "ossa [OPTION…]" in ossa --help */
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[FILE…]"));
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _("Opens each .ossa FILE in its own window; "
                                              "without one, a new, empty document."));
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
 * Puts @file first among the desktop's recent files, as Ossa's; File > Open
 * Recent and the start page show the ten newest.
 */
void
ossa_application_add_recent_file (OssaApplication *self,
                                  GFile           *file)
{
  g_return_if_fail (OSSA_IS_APPLICATION (self));
  g_return_if_fail (G_IS_FILE (file));

  ossa_recent_add (file);
}
