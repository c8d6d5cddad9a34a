/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-canvas"

#include "config.h"

#include <json-glib/json-glib.h>

#include "ossa-canvas-private.h"

/* OSSA_VIEW_DUMP=FILE: after every frame the canvas writes what it shows (mode,
 * time, zoom, the camera's centre and the canvas's place in the window, the
 * tool, the onion skin's ghost poses, selection, pinned joints, each IK
 * constraint's line and each bone's joint and tip in window coordinates) as JSON,
 * for tests that drive the real program with a pointer. */

static void
add_point (JsonBuilder *builder, double x, double y)
{
  json_builder_begin_array (builder);
  json_builder_add_double_value (builder, x);
  json_builder_add_double_value (builder, y);
  json_builder_end_array (builder);
}

/* OSSA_VIEW_DUMP: what the canvas shows, in window coordinates, for tests that
 * drive the real program with a pointer. */
void
_ossa_canvas_write_view_dump (OssaCanvas *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkRoot *root = gtk_widget_get_root (widget);
  const OssaDocument *doc;
  g_autoptr(JsonBuilder) builder = NULL;
  g_autoptr(JsonGenerator) generator = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;
  graphene_point_t origin = GRAPHENE_POINT_INIT (0, 0);
  const guint *selection;
  gsize n_selected = 0;

  if (self->editor == NULL || root == NULL)
    return;
  if (!gtk_widget_compute_point (widget, GTK_WIDGET (root), &GRAPHENE_POINT_INIT (0, 0),
                                 &origin))
    return;
  doc = ossa_editor_get_document (self->editor);
  selection = ossa_editor_get_selection (self->editor, &n_selected);

  builder = json_builder_new ();
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "mode");
  json_builder_add_string_value (builder, ossa_editor_get_mode (self->editor)
                                            == OSSA_EDIT_MODE_ANIMATE ? "animate" : "setup");
  json_builder_set_member_name (builder, "time");
  json_builder_add_double_value (builder, ossa_editor_get_time (self->editor));
  json_builder_set_member_name (builder, "zoom");
  json_builder_add_double_value (builder, self->camera.zoom);
  json_builder_set_member_name (builder, "ghosts");
  json_builder_add_int_value (builder, self->stats.n_ghosts);
  json_builder_set_member_name (builder, "selected");
  json_builder_begin_array (builder);
  for (gsize i = 0; i < n_selected; i++)
    json_builder_add_string_value (builder, doc->skeleton.bones[selection[i]].name);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "tool");
  json_builder_add_int_value (builder, ossa_editor_get_tool (self->editor));
  /* World (x, y) is at window origin + size / 2 + (x − center_x, center_y − y) · zoom. */
  json_builder_set_member_name (builder, "size");
  add_point (builder, self->camera.width, self->camera.height);
  json_builder_set_member_name (builder, "center");
  add_point (builder, self->camera.center_x, self->camera.center_y);
  json_builder_set_member_name (builder, "origin");
  add_point (builder, origin.x, origin.y);
  json_builder_set_member_name (builder, "ik_drag");
  json_builder_add_boolean_value (builder, ossa_editor_ik_drag_is_active (self->editor));
  json_builder_set_member_name (builder, "pinned");
  json_builder_begin_array (builder);
  for (gsize i = 0; i < doc->skeleton.n_bones; i++)
    if (ossa_editor_is_pinned (self->editor, (guint) i))
      json_builder_add_string_value (builder, doc->skeleton.bones[i].name);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "ik");
  json_builder_begin_array (builder);
  for (gsize c = 0; c < doc->n_ik; c++)
    {
      double x0, y0, x1, y1;

      if (!_ossa_canvas_ik_line (self, c, &x0, &y0, &x1, &y1))
        continue;
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, doc->ik[c].name);
      json_builder_set_member_name (builder, "from");
      add_point (builder, x0 + origin.x, y0 + origin.y);
      json_builder_set_member_name (builder, "to");
      add_point (builder, x1 + origin.x, y1 + origin.y);
      json_builder_set_member_name (builder, "picked");
      json_builder_add_boolean_value (builder, ossa_editor_get_selected_ik (self->editor) == (int) c);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "bones");
  json_builder_begin_array (builder);
  for (gsize i = 0; i < self->n_instances && i < doc->skeleton.n_bones; i++)
    {
      const OssaBoneInstance *b = &self->instances[i];
      double x, y;

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, doc->skeleton.bones[i].name);
      json_builder_set_member_name (builder, "joint");
      ossa_camera_world_to_widget (&self->camera, b->joint[0], b->joint[1], &x, &y);
      add_point (builder, x + origin.x, y + origin.y);
      json_builder_set_member_name (builder, "tip");
      ossa_camera_world_to_widget (&self->camera, b->tip[0], b->tip[1], &x, &y);
      add_point (builder, x + origin.x, y + origin.y);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  node = json_builder_get_root (builder);
  generator = json_generator_new ();
  json_generator_set_root (generator, node);
  json = json_generator_to_data (generator, NULL);
  if (!g_file_set_contents (self->dump_path, json, -1, &error))
    g_debug ("OSSA_VIEW_DUMP: %s", error->message);
}
