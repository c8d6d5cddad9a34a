/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-window"

#include "config.h"


#include "ossa-dialogs.h"
#include "ossa-recent.h"
#include "ossa-window-private.h"

/* The start page: what a new, empty window shows over its canvas (the template's
 * start_page), so that its first minute is not a blank grey field. Its buttons
 * are the window's actions: New (win.tool('create'): draw bones), Open…, the few
 * newest recent documents (win.open-recent), Open the Sample (win.open-sample)
 * and Import SMD…. It is there while the window's document is untouched (no file,
 * no bones, the Create tool not picked) and goes for good at the first of these;
 * the map workspace hides it while shown. */

#define START_RECENT_MAX 3

static gboolean
untouched (OssaWindow *self)
{
  return ossa_editor_get_file (self->editor) == NULL
         && ossa_editor_get_document (self->editor)->skeleton.n_bones == 0
         && ossa_editor_get_tool (self->editor) != OSSA_TOOL_CREATE;
}

static void
update_visible (OssaWindow *self)
{
  gboolean skeleton;

  if (!self->started && !untouched (self))
    self->started = TRUE;
  skeleton = g_strcmp0 (gtk_stack_get_visible_child_name (self->workspace_stack), "map") != 0;
  gtk_widget_set_visible (self->start_page, !self->started && skeleton);
}

static GtkWidget *
recent_row (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  g_autofree char *name = ossa_dialogs_dup_display_name (file);
  g_autofree char *where = g_file_get_parse_name (file);
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autofree char *folder = parent != NULL ? g_file_get_parse_name (parent) : g_strdup ("");
  GtkWidget *button = gtk_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *label = gtk_label_new (name);
  GtkWidget *dir = gtk_label_new (folder);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  /* The name keeps more of its room than the folder when the row is short. */
  gtk_label_set_width_chars (GTK_LABEL (label), 24);
  gtk_label_set_xalign (GTK_LABEL (dir), 1);
  gtk_label_set_ellipsize (GTK_LABEL (dir), PANGO_ELLIPSIZE_START);
  gtk_widget_set_hexpand (dir, TRUE);
  gtk_widget_add_css_class (dir, "dim-label");
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), dir);
  gtk_button_set_child (GTK_BUTTON (button), box);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, where);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.open-recent");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), g_variant_new_string (uri));
  return button;
}

static void
update_recent (OssaWindow *self)
{
  GList *files;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->start_recent_list))) != NULL)
    gtk_list_box_remove (self->start_recent_list, child);

  files = ossa_recent_list (START_RECENT_MAX);
  for (GList *l = files; l != NULL; l = l->next)
    gtk_list_box_append (self->start_recent_list, recent_row (l->data));
  gtk_widget_set_visible (GTK_WIDGET (self->start_recent_box), files != NULL);
  g_list_free_full (files, g_object_unref);
}

/* The page in the middle of the canvas at its natural size, but never larger
 * than the canvas: it scrolls rather than being cut off (GtkOverlay would give it
 * its whole natural height). */
static gboolean
place_start_page_cb (GtkOverlay   *overlay,
                     GtkWidget    *widget,
                     GdkRectangle *allocation,
                     OssaWindow   *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (overlay));
  int height = gtk_widget_get_height (GTK_WIDGET (overlay));
  int min_w = 0, nat_w = 0, min_h = 0, nat_h = 0;

  if (!gtk_widget_is_ancestor (self->start_page, widget))
    return FALSE;
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, &nat_w, NULL, NULL);
  allocation->width = MAX (min_w, MIN (nat_w, width));
  gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, allocation->width,
                      &min_h, &nat_h, NULL, NULL);
  allocation->height = MAX (min_h, MIN (nat_h, height));
  allocation->x = (width - allocation->width) / 2;
  allocation->y = (height - allocation->height) / 2;
  return TRUE;
}

void
_ossa_window_start_init (OssaWindow *self)
{
  g_signal_connect_object (gtk_widget_get_ancestor (self->start_page, GTK_TYPE_OVERLAY),
                           "get-child-position", G_CALLBACK (place_start_page_cb), self, 0);
  g_signal_connect_object (self->editor, "notify::file",
                           G_CALLBACK (update_visible), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "notify::tool",
                           G_CALLBACK (update_visible), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor, "document-changed",
                           G_CALLBACK (update_visible), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->workspace_stack, "notify::visible-child-name",
                           G_CALLBACK (update_visible), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (update_recent), self, G_CONNECT_SWAPPED);
  update_recent (self);
  update_visible (self);
}
