/* SPDX-License-Identifier: GPL-3.0-or-later */
/* See gui-test-app.h. */
#include "config.h"

#include <dlfcn.h>
#include <string.h>

#include "gui-test-app.h"

void
app_fixture_setup (AppFixture    *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *program = g_path_get_basename (g_get_prgname ());
  g_autofree char *template = g_strdup_printf ("ossa-%s-XXXXXX", program);

  /* NON_UNIQUE: each test gets its own primary instance, and none is looked for
   * on a session bus that the test machine may not have. */
  f->app = g_object_new (OSSA_TYPE_APPLICATION,
                         "application-id", APP_ID,
                         "flags", G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE,
                         NULL);
  g_application_register (G_APPLICATION (f->app), NULL, &error);
  g_assert_no_error (error);

  /* The memory backend keeps settings for the whole process: start each test
   * from the defaults. */
  if (ossa_application_get_settings (f->app) != NULL)
    {
      GSettings *settings = ossa_application_get_settings (f->app);
      g_autoptr(GSettingsSchema) schema = NULL;
      g_auto(GStrv) keys = NULL;

      g_object_get (settings, "settings-schema", &schema, NULL);
      keys = g_settings_schema_list_keys (schema);
      for (guint i = 0; keys[i] != NULL; i++)
        g_settings_reset (settings, keys[i]);
    }

  f->tmpdir = g_dir_make_tmp (template, &error);
  g_assert_no_error (error);
}

void
app_fixture_teardown (AppFixture    *f,
                      gconstpointer  data)
{
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (f->app)));
  g_autofree char *command = NULL;

  /* Their dialogs go with them. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_destroy (GTK_WINDOW (l->data));
  g_list_free (windows);
  gui_test_iterate ();

  g_clear_object (&f->app);
  command = g_strdup_printf ("rm -rf '%s'", f->tmpdir);
  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL));
  g_clear_pointer (&f->tmpdir, g_free);
}

void
open_window_sized (AppFixture *f,
                   int         width,
                   int         height)
{
  f->window = ossa_window_new (GTK_APPLICATION (f->app));
  if (width > 0 || height > 0)
    gtk_window_set_default_size (GTK_WINDOW (f->window), width, height);
  gtk_window_present (GTK_WINDOW (f->window));
  gui_test_flush (GTK_WIDGET (f->window));
}

void
open_window (AppFixture *f)
{
  open_window_sized (f, -1, -1);
}

OssaEditor *
editor_of (AppFixture *f)
{
  return ossa_window_get_editor (f->window);
}

const OssaDocument *
doc_of (AppFixture *f)
{
  return ossa_editor_get_document (editor_of (f));
}

const char *
title_of (AppFixture *f)
{
  return gtk_window_get_title (GTK_WINDOW (f->window));
}

gboolean
window_is_open (AppFixture *f,
                GtkWindow  *window)
{
  return g_list_find (gtk_application_get_windows (GTK_APPLICATION (f->app)), window) != NULL;
}

char *
tmp_path (AppFixture *f,
          const char *basename)
{
  return g_build_filename (f->tmpdir, basename, NULL);
}

static gboolean
window_idle (gpointer data)
{
  return !ossa_window_get_busy (data);
}

void
wait_for_window_io (OssaWindow *window)
{
  g_assert_true (gui_test_iterate_until (window_idle, window));
  gui_test_iterate ();
}

gboolean
activate (AppFixture *f,
          const char *name,
          GVariant   *parameter)
{
  gboolean is_enabled = enabled (f, name);

  if (is_enabled)
    g_action_group_activate_action (G_ACTION_GROUP (f->window), name, parameter);
  else if (parameter != NULL)
    g_variant_unref (g_variant_ref_sink (parameter));
  gui_test_iterate ();
  /* Opening and saving run on a worker thread: done before the test looks. */
  if (f->window != NULL)
    wait_for_window_io (f->window);
  return is_enabled;
}

gboolean
enabled (AppFixture *f,
         const char *action)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), action);
}

/* ---- documents ---- */

GFile *
save_document (AppFixture         *f,
               const char         *basename,
               const char * const *names,
               const int          *parents)
{
  g_autofree char *path = tmp_path (f, basename);
  OssaTransform rest = ossa_transform_identity ();
  OssaDocument *doc = ossa_document_new ();
  OssaError err;

  ossa_error_clear (&err);
  g_assert_nonnull (doc);
  for (guint i = 0; names[i] != NULL; i++)
    {
      rest.x = 1.0f;
      g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, names[i], parents[i], &rest,
                                               1.0f, 0xc0504dff, &err),
                       ==, i);
    }
  if (!ossa_document_save (doc, path, &err))
    g_error ("saving %s: %s", path, err.message);
  ossa_document_free (doc);

  return g_file_new_for_path (path);
}

GFile *
save_trio (AppFixture *f,
           const char *basename)
{
  static const char * const names[] = { "root", "spine", "head", NULL };
  static const int parents[] = { -1, 0, 1 };

  return save_document (f, basename, names, parents);
}

void
execute (OssaEditor  *editor,
         OssaCommand *command)
{
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (command);
  g_assert_true (ossa_editor_execute (editor, command, &error));
  g_assert_no_error (error);
}

void
add_bone (OssaEditor *editor,
          const char *name,
          int         parent)
{
  OssaTransform rest = ossa_transform_identity ();
  OssaError err = { 0 };

  execute (editor, ossa_command_add_bone (ossa_editor_get_document (editor), name, parent,
                                          &rest, 1.0f, 0x4a90d9ff, &err));
}

void
rename_bone (OssaEditor *editor,
             guint       bone,
             const char *name)
{
  OssaError err = { 0 };

  execute (editor, ossa_command_rename_bone (ossa_editor_get_document (editor), bone, name,
                                             &err));
}

void
select_bones (AppFixture  *f,
              const guint *bones,
              gsize        n)
{
  ossa_editor_select (editor_of (f), bones, n, FALSE);
}

char *
dup_bone_names (const OssaDocument *doc)
{
  GString *s = g_string_new (NULL);

  for (gsize i = 0; i < doc->skeleton.n_bones; i++)
    g_string_append_printf (s, "%s%s", i ? " " : "", doc->skeleton.bones[i].name);
  return g_string_free (s, FALSE);
}

void
assert_names (AppFixture *f,
              const char *expected)
{
  g_autofree char *names = dup_bone_names (doc_of (f));

  g_assert_cmpstr (names, ==, expected);
}

char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;
  gsize length;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  return contents;
}

/* ---- dialogs ---- */

GtkWindow *
find_transient (GtkWindow *parent,
                GType      type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWindow *found = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (toplevel, type)
          && gtk_window_get_transient_for (toplevel) == parent
          && gtk_widget_get_visible (GTK_WIDGET (toplevel)))
        {
          g_assert_null (found);
          found = toplevel;
        }
    }
  return found;
}

GtkMessageDialog *
find_message_dialog (GtkWindow      *parent,
                     GtkMessageType  type)
{
  GtkMessageDialog *found = NULL;
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);
      GtkMessageType message_type;

      if (!GTK_IS_MESSAGE_DIALOG (toplevel)
          || gtk_window_get_transient_for (toplevel) != parent
          || !gtk_widget_get_visible (GTK_WIDGET (toplevel)))
        continue;
      g_object_get (toplevel, "message-type", &message_type, NULL);
      if (message_type == type)
        {
          g_assert_null (found);
          found = GTK_MESSAGE_DIALOG (toplevel);
        }
    }
  return found;
}

GtkMessageDialog *
find_error_dialog (GtkWindow *parent)
{
  return find_message_dialog (parent, GTK_MESSAGE_ERROR);
}

GtkMessageDialog *
find_question (GtkWindow *parent)
{
  return find_message_dialog (parent, GTK_MESSAGE_QUESTION);
}

GtkFileChooser *
find_file_chooser (GtkWindow *parent)
{
  return (GtkFileChooser *) find_transient (parent, GTK_TYPE_FILE_CHOOSER);
}

void
dismiss_error (AppFixture *f)
{
  GtkMessageDialog *dialog = find_error_dialog (GTK_WINDOW (f->window));

  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CLOSE);
  gui_test_iterate ();
  g_assert_null (find_error_dialog (GTK_WINDOW (f->window)));
}

void
answer_question (AppFixture *f,
                 int         response)
{
  GtkWindow *window = GTK_WINDOW (f->window);
  GtkMessageDialog *question;
  g_autofree char *text = NULL;

  gui_test_flush (GTK_WIDGET (f->window));
  question = find_question (GTK_WINDOW (f->window));
  g_assert_nonnull (question);
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (question)));
  g_object_get (question, "text", &text, NULL);
  g_assert_nonnull (strstr (text, "Save changes"));
  /* Save, Discard and Cancel */
  g_assert_nonnull (gtk_dialog_get_widget_for_response (GTK_DIALOG (question),
                                                        GTK_RESPONSE_ACCEPT));
  g_assert_nonnull (gtk_dialog_get_widget_for_response (GTK_DIALOG (question),
                                                        GTK_RESPONSE_REJECT));
  g_assert_nonnull (gtk_dialog_get_widget_for_response (GTK_DIALOG (question),
                                                        GTK_RESPONSE_CANCEL));
  /* The answer may close the window: nothing here keeps it alive, so it is
   * finalized as in the real program. */
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_dialog_response (GTK_DIALOG (question), response);
  gui_test_iterate ();
  if (window != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (window), (gpointer *) &window);
      wait_for_window_io (OSSA_WINDOW (window));
      g_assert_null (find_question (window));
    }
}

typedef struct
{
  GtkFileChooser *chooser;
  GFile          *file;
} Choice;

static gboolean
chooser_has_selected (gpointer data)
{
  Choice *choice = data;
  g_autoptr(GFile) selected = gtk_file_chooser_get_file (choice->chooser);

  return selected != NULL && g_file_equal (selected, choice->file);
}

void
choose_file (GtkFileChooser *chooser,
             GFile          *file)
{
  g_autoptr(GError) error = NULL;
  Choice choice = { chooser, file };

  gtk_file_chooser_set_file (chooser, file, &error);
  g_assert_no_error (error);
  gui_test_iterate_until (chooser_has_selected, &choice);
}

/* ---- a full disk ---- */

static void (*shim_arm) (const char *folder);
static void (*shim_disarm) (void);

gboolean
full_disk_available (void)
{
  /* POSIX's way to a function pointer from dlsym(). */
  *(void **) &shim_arm = dlsym (RTLD_DEFAULT, "ossa_fail_write_arm");
  *(void **) &shim_disarm = dlsym (RTLD_DEFAULT, "ossa_fail_write_disarm");
  if (shim_arm != NULL && shim_disarm != NULL)
    return TRUE;
  if (g_getenv ("OSSA_FAIL_WRITE_SHIM") != NULL)
    g_error ("$OSSA_FAIL_WRITE_SHIM is set but the shim is not loaded: "
             "run with LD_PRELOAD=$OSSA_FAIL_WRITE_SHIM");
  g_test_skip ("the fail-write shim is not loaded (LD_PRELOAD=$OSSA_FAIL_WRITE_SHIM)");
  return FALSE;
}

void
full_disk_init (void)
{
  g_unsetenv ("LD_PRELOAD");
}

void
full_disk_arm (const char *folder)
{
  g_assert_nonnull (shim_arm);
  shim_arm (folder);
}

void
full_disk_disarm (void)
{
  g_assert_nonnull (shim_disarm);
  shim_disarm ();
}
