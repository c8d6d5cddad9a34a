/* SPDX-License-Identifier: GPL-3.0-or-later */
/* See gui-test-import.h. */
#include "config.h"

#include "gui-test-import.h"
#include "gui-test-support.h"
#include "gui-test-app.h"

char *
smd_testdata (const char *name)
{
  const char *dir = g_getenv ("OSSA_SHARED_TESTDATA");
  char *path = dir != NULL ? g_build_filename (dir, "smd", name, NULL) : NULL;

  if (path == NULL || !g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_autofree char *message = g_strdup_printf ("OSSA_SHARED_TESTDATA/smd/%s is not available", name);

      g_test_skip (message);
      g_clear_pointer (&path, g_free);
    }
  return path;
}

static gboolean
is_running (GtkWindow *dialog)
{
  gboolean running = FALSE;

  g_object_get (dialog, "running", &running, NULL);
  return running;
}

void
wait_import (GtkWindow *dialog)
{
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  while (dialog != NULL && is_running (dialog) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  if (dialog != NULL)
    {
      g_assert_false (is_running (dialog));
      g_object_remove_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
    }
  gui_test_iterate ();
}

typedef struct
{
  char     *action;
  gboolean *cancelled;
} CancelAtProgress;

static void
cancel_at_progress_free (gpointer data,
                         GClosure *closure)
{
  CancelAtProgress *c = data;

  g_free (c->action);
  g_free (c);
}

static void
progress_cb (GtkWindow        *dialog,
             GParamSpec       *pspec,
             CancelAtProgress *c)
{
  double progress = 0;

  g_object_get (dialog, "progress", &progress, NULL);
  if (*c->cancelled || progress <= 0)
    return;
  *c->cancelled = TRUE;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), c->action, NULL));
}

void
cancel_at_first_progress (GtkWindow  *dialog,
                          const char *cancel_action,
                          gboolean   *cancelled)
{
  CancelAtProgress *c = g_new0 (CancelAtProgress, 1);

  c->action = g_strdup (cancel_action);
  c->cancelled = cancelled;
  g_signal_connect_data (dialog, "notify::progress", G_CALLBACK (progress_cb), c,
                         cancel_at_progress_free, 0);
}

void
assert_cancel_closes (GtkWindow  *dialog,
                      const char *cancel_action)
{
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), cancel_action, NULL));
  gui_test_iterate ();
  g_assert_null (dialog);
}

GtkProgressBar *
import_progress_bar (GtkWindow *dialog)
{
  for (GtkWidget *child = gtk_widget_get_first_child (gtk_window_get_child (dialog)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_PROGRESS_BAR (child))
      return GTK_PROGRESS_BAR (child);
  g_error ("%s has no progress bar", G_OBJECT_TYPE_NAME (dialog));
  return NULL;
}

GtkLabel *
import_status_label (GtkWindow *dialog)
{
  GtkWidget *buttons = gtk_widget_get_last_child (gtk_window_get_child (dialog));

  g_assert_true (GTK_IS_LABEL (gtk_widget_get_prev_sibling (buttons)));
  return GTK_LABEL (gtk_widget_get_prev_sibling (buttons));
}

void
answer_message (GtkMessageDialog *dialog,
                int               response)
{
  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), response);
  gui_test_iterate ();
}

GtkLabel *
find_named_label (GtkWidget  *widget,
                  const char *name)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return GTK_LABEL (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_named_label (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

OssaDocument *
smd_import_directly (const char * const *paths,
                     gsize               n)
{
  OssaSmdImportOptions options;
  OssaError err;
  OssaDocument *doc;

  ossa_smd_import_options_init (&options);
  ossa_error_clear (&err);
  doc = ossa_smd_import_files (paths, n, &options, &err);
  if (doc == NULL)
    g_error ("%s:%d: %s", err.path, err.line, err.message);
  return doc;
}

void
assert_same_structure (const OssaDocument *a,
                       const OssaDocument *b)
{
  g_autofree char *names_a = dup_bone_names (a);
  g_autofree char *names_b = dup_bone_names (b);

  g_assert_cmpstr (names_a, ==, names_b);
  g_assert_cmpuint (a->n_animations, ==, b->n_animations);
  for (gsize i = 0; i < a->n_animations; i++)
    {
      g_assert_cmpstr (a->animations[i].name, ==, b->animations[i].name);
      g_assert_cmpfloat (a->animations[i].fps, ==, b->animations[i].fps);
      g_assert_true (a->animations[i].loop == b->animations[i].loop);
      g_assert_cmpuint (a->animations[i].n_tracks, ==, b->animations[i].n_tracks);
    }
  g_assert_cmpuint (a->n_meshes, ==, b->n_meshes);
  for (gsize i = 0; i < a->n_meshes; i++)
    {
      g_assert_cmpstr (a->meshes[i].name, ==, b->meshes[i].name);
      g_assert_cmpuint (a->meshes[i].n_triangles, ==, b->meshes[i].n_triangles);
    }
}

void
save_screenshot (GtkWidget  *widget,
                 const char *basename)
{
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  const char *dir = g_getenv ("G_TEST_BUILDDIR");
  g_autofree char *path = g_build_filename (dir != NULL ? dir : ".", basename, NULL);
  GskRenderNode *node = gui_test_widget_node (widget);
  GdkTexture *texture;

  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
  g_object_unref (texture);
  gsk_render_node_unref (node);
}
