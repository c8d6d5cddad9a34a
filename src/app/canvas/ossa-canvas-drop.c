/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-canvas"

#include "config.h"

/* Files dropped on the canvas: PNG pictures land centred where they were
 * dropped (on the selected bone, or each on the bone nearest its centre), an
 * .ora as its layers say (ossa-art-import-dialog.h); files that are no art
 * (a document, SMD files) go on to the window's drop target, as if dropped
 * beside the canvas. Also where the view's middle is, for art chosen from the
 * menu. */

#include "ossa-art-import.h"
#include "ossa-art-import-dialog.h"
#include "ossa-canvas-private.h"

void
ossa_canvas_get_view_center (OssaCanvas *self, double *x, double *y)
{
  g_return_if_fail (OSSA_IS_CANVAS (self));
  *x = self->camera.center_x;
  *y = self->camera.center_y;
}

/* The drop handed to the nearest ancestor with a drop target of its own. */
static gboolean
pass_on (OssaCanvas *self, const GValue *value, double x, double y)
{
  for (GtkWidget *up = gtk_widget_get_parent (GTK_WIDGET (self)); up != NULL;
       up = gtk_widget_get_parent (up))
    {
      g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (up);

      for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
        {
          g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);
          graphene_point_t at;
          gboolean accepted = FALSE;

          if (!GTK_IS_DROP_TARGET (controller))
            continue;
          if (!gtk_widget_compute_point (GTK_WIDGET (self), up, &GRAPHENE_POINT_INIT (x, y), &at))
            at = GRAPHENE_POINT_INIT (x, y);
          g_signal_emit_by_name (controller, "drop", value, (double) at.x, (double) at.y,
                                 &accepted);
          return accepted;
        }
    }
  return FALSE;
}

static gboolean
drop_cb (GtkDropTarget *target, const GValue *value, double x, double y, OssaCanvas *self)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  gboolean art = FALSE;
  OssaArtTarget at;
  GSList *list;

  if (self->editor == NULL || !G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  list = gdk_file_list_get_files (g_value_get_boxed (value));
  for (GSList *l = list; l != NULL; l = l->next)
    {
      g_ptr_array_add (files, g_object_ref (l->data));
      art |= ossa_art_import_is_png (l->data) || ossa_art_import_is_ora (l->data);
    }
  g_slist_free (list);
  if (files->len == 0)
    return FALSE;
  if (!art)
    return pass_on (self, value, x, y);
  ossa_camera_widget_to_world (&self->camera, x, y, &at.x, &at.y);
  at.bone = ossa_editor_get_primary (self->editor);
  ossa_art_import_files (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), self->editor,
                         (GFile *const *) files->pdata, files->len, &at);
  gtk_widget_grab_focus (GTK_WIDGET (self));
  return TRUE;
}

void
_ossa_canvas_init_drop (OssaCanvas *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}
