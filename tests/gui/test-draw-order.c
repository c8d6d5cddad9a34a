/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-draw-order"

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-draw-order-private.h"
#include "ossa-editor.h"
#include "ossa-image-store.h"
#include "gui-test-support.h"

/* The Draw Order panel alone in a window, over an editor with two bones and three
 * slots drawn back to front: "back", "middle", "front". */

typedef struct
{
  OssaEditor    *editor;
  GtkWindow     *window;
  OssaDrawOrder *panel;
} Fixture;

static void
add_bone (OssaEditor *editor, const char *name, int parent)
{
  const OssaTransform rest = { 0.0f, 0.0f, 0.0f, 1.0f, 1.0f };
  OssaError err = { 0 };
  OssaCommand *command = ossa_command_add_bone (ossa_editor_get_document (editor), name, parent,
                                                &rest, 10.0f, 0x336699ffu, &err);

  g_assert_nonnull (command);
  g_assert_true (ossa_editor_execute (editor, command, NULL));
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  const OssaPictureImport pictures[] = {
    { .name = "back", .path = "/nonexistent/back.png", .width = 8, .height = 8, .bone = 0 },
    { .name = "middle", .path = "/nonexistent/middle.png", .width = 8, .height = 8, .bone = 1 },
    { .name = "front", .path = "/nonexistent/front.png", .width = 8, .height = 8, .bone = 1 },
  };
  g_autoptr (GError) error = NULL;
  int first;

  f->editor = ossa_editor_new ();
  add_bone (f->editor, "hips", -1);
  add_bone (f->editor, "chest", 0);
  first = ossa_editor_import_pictures (f->editor, pictures, G_N_ELEMENTS (pictures), NULL,
                                                &error);
  g_assert_no_error (error);
  g_assert_cmpint (first, ==, 0);
  ossa_editor_select_slot (f->editor, -1, -1);

  f->panel = OSSA_DRAW_ORDER (ossa_draw_order_new ());
  g_object_set (f->panel, "editor", f->editor, NULL);
  f->window = gui_test_show (GTK_WIDGET (f->panel), 240, 320);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_clear_pointer (&f->window, gtk_window_destroy);
  gui_test_iterate ();
  g_clear_object (&f->editor);
}

static OssaDrawOrderRow *
row_at (Fixture *f, int index)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (f->panel->list, index);

  g_assert_nonnull (row);
  return g_object_get_data (G_OBJECT (row), "ossa-draw-order-row");
}

/* The rows' names top to bottom, joined by spaces. */
static char *
rows_text (Fixture *f)
{
  GString *text = g_string_new (NULL);

  for (int i = 0; gtk_list_box_get_row_at_index (f->panel->list, i) != NULL; i++)
    g_string_append_printf (text, "%s%s", i > 0 ? " " : "", gtk_label_get_text (row_at (f, i)->name));
  return g_string_free (text, FALSE);
}

/* The document's rest order (its slots' order), back to front. */
static char *
rest_text (Fixture *f)
{
  const OssaDocument *doc = ossa_editor_get_document (f->editor);
  GString *text = g_string_new (NULL);

  for (gsize i = 0; i < doc->n_slots; i++)
    g_string_append_printf (text, "%s%s", i > 0 ? " " : "", doc->slots[i].name);
  return g_string_free (text, FALSE);
}

static void
assert_rows (Fixture *f, const char *expected)
{
  g_autofree char *text = rows_text (f);

  g_assert_cmpstr (text, ==, expected);
}

static void
assert_rest (Fixture *f, const char *expected)
{
  g_autofree char *text = rest_text (f);

  g_assert_cmpstr (text, ==, expected);
}

/* A drop of the slot called name on the row at index, near its top edge (above
 * it) or its bottom edge (below it), as GTK delivers it, and the idle after. */
static gboolean
drop_on_row (Fixture *f, const char *name, int index, gboolean below)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (f->panel->list, index);
  graphene_rect_t bounds;
  GValue value = G_VALUE_INIT;
  gboolean accepted = FALSE;
  double y;

  g_assert_nonnull (row);
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (row), GTK_WIDGET (f->panel->list), &bounds));
  y = below ? bounds.origin.y + bounds.size.height - 2 : bounds.origin.y + 2;
  g_value_init (&value, OSSA_TYPE_SLOT_DRAG);
  g_value_take_boxed (&value, _ossa_slot_drag_new (name));
  g_signal_emit_by_name (f->panel->drop_target, "drop", &value, 10.0, y, &accepted);
  g_value_unset (&value);
  gui_test_iterate ();
  return accepted;
}

/* Front at the top: the last slot drawn is the first row, with its bone. */
static void
test_lists_front_first (Fixture *f, gconstpointer data)
{
  assert_rows (f, "front middle back");
  g_assert_cmpstr (gtk_label_get_text (row_at (f, 0)->bone), ==, "chest");
  g_assert_cmpstr (gtk_label_get_text (row_at (f, 2)->bone), ==, "hips");
  /* Every slot shows its attachment. */
  for (int i = 0; i < 3; i++)
    g_assert_false (gtk_widget_has_css_class (row_at (f, i)->row, "hidden-slot"));
}

/* Setup mode: a drop sets the rest order (one undo step). */
static void
test_drop_setup (Fixture *f, gconstpointer data)
{
  /* "back" dropped above "front": now in front of everything. */
  g_assert_true (drop_on_row (f, "back", 0, FALSE));
  assert_rest (f, "middle front back");
  assert_rows (f, "back front middle");
  /* The dropped slot is picked, under its new index. */
  g_assert_cmpint (ossa_editor_get_selected_slot (f->editor), ==, 2);
  g_assert_true (gtk_list_box_get_selected_row (f->panel->list)
                 == GTK_LIST_BOX_ROW (row_at (f, 0)->row));

  /* "front" dropped below "middle" (the bottom row): to the back. */
  g_assert_true (drop_on_row (f, "front", 2, TRUE));
  assert_rest (f, "front middle back");
  assert_rows (f, "back middle front");

  g_assert_true (ossa_editor_undo (f->editor, NULL));
  assert_rest (f, "middle front back");
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  assert_rest (f, "back middle front");
  assert_rows (f, "front middle back");
}

/* Animate mode: a drop keys the order at the playhead; the rest order stays. */
static void
test_drop_animate (Fixture *f, gconstpointer data)
{
  const OssaDocument *doc = ossa_editor_get_document (f->editor);
  const OssaAnimation *anim;

  ossa_editor_set_mode (f->editor, OSSA_EDIT_MODE_ANIMATE);
  ossa_editor_set_time (f->editor, 0.5);
  gui_test_iterate ();
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (f->panel->mode_label), "animate-mode"));

  /* "front" dropped below "back": behind it. */
  g_assert_true (drop_on_row (f, "front", 2, TRUE));
  doc = ossa_editor_get_document (f->editor);
  assert_rest (f, "back middle front");
  g_assert_cmpuint (doc->n_animations, ==, 1);
  anim = &doc->animations[0];
  g_assert_cmpuint (anim->n_draw_order, ==, 1);
  g_assert_cmpfloat_with_epsilon (anim->draw_order[0].time, 0.5, 1e-6);
  g_assert_cmpuint (anim->draw_order[0].order[0], ==, 2);
  g_assert_cmpuint (anim->draw_order[0].order[1], ==, 0);
  g_assert_cmpuint (anim->draw_order[0].order[2], ==, 1);
  assert_rows (f, "middle back front");

  /* The order on show follows the playhead, and the rows are the same widgets,
   * only sorted again. */
  {
    GtkWidget *first = row_at (f, 0)->row;

    ossa_editor_set_time (f->editor, 0.25);
    gui_test_iterate ();
    assert_rows (f, "front middle back");
    g_assert_true (row_at (f, 1)->row == first);
    ossa_editor_set_time (f->editor, 0.75);
    gui_test_iterate ();
    assert_rows (f, "middle back front");
    g_assert_true (row_at (f, 0)->row == first);
  }

  g_assert_true (ossa_editor_undo (f->editor, NULL));
  doc = ossa_editor_get_document (f->editor);
  g_assert_true (doc->n_animations == 0 || doc->animations[0].n_draw_order == 0);
  assert_rows (f, "front middle back");
}

/* A row picked picks the slot, with the attachment it shows; a slot picked
 * elsewhere (the canvas) is the row highlighted; bones picked let it go. */
static void
test_pick (Fixture *f, gconstpointer data)
{
  gtk_list_box_select_row (f->panel->list, GTK_LIST_BOX_ROW (row_at (f, 1)->row));
  g_assert_cmpint (ossa_editor_get_selected_slot (f->editor), ==, 1);
  g_assert_cmpint (ossa_editor_get_selected_attachment (f->editor), ==, 0);

  ossa_editor_select_slot (f->editor, 0, -1);
  g_assert_true (gtk_list_box_get_selected_row (f->panel->list)
                 == GTK_LIST_BOX_ROW (row_at (f, 2)->row));

  ossa_editor_select (f->editor, (const guint[]) { 0 }, 1, FALSE);
  g_assert_cmpint (ossa_editor_get_selected_slot (f->editor), ==, -1);
  g_assert_null (gtk_list_box_get_selected_row (f->panel->list));
}

/* The buttons at the foot move the picked slot one place, and stop at the ends. */
static void
test_buttons (Fixture *f, gconstpointer data)
{
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (f->panel->forward_button)));
  ossa_editor_select_slot (f->editor, 0, -1);  /* "back" */
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (f->panel->forward_button)));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (f->panel->backward_button)));

  g_signal_emit_by_name (f->panel->forward_button, "clicked");
  assert_rest (f, "middle back front");
  g_assert_cmpint (ossa_editor_get_selected_slot (f->editor), ==, 1);
  g_signal_emit_by_name (f->panel->forward_button, "clicked");
  assert_rest (f, "middle front back");
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (f->panel->forward_button)));
  g_signal_emit_by_name (f->panel->backward_button, "clicked");
  assert_rest (f, "middle back front");
  assert_rows (f, "front back middle");
}

/* A slot that shows no attachment is dimmed, with an eye shut. */
static void
test_hidden_slot (Fixture *f, gconstpointer data)
{
  g_assert_true (ossa_editor_set_slot_attachment (f->editor, 1, -1, NULL));
  gui_test_iterate ();
  g_assert_true (gtk_widget_has_css_class (row_at (f, 1)->row, "hidden-slot"));
  g_assert_cmpstr (gtk_image_get_icon_name (row_at (f, 1)->thumb), ==, "view-conceal-symbolic");
}

/* A picture that loads is its row's thumbnail; one that cannot be had (the
 * fixture's files do not exist) is marked as missing. */
static void
test_thumbnails (Fixture *f, gconstpointer data)
{
  g_autofree char *dir = g_dir_make_tmp ("ossa-draw-order-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "red.png", NULL);
  g_autoptr (GdkPixbuf) pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, TRUE, 8, 16, 8);
  OssaPictureImport picture = { .name = "red", .width = 16, .height = 8, .bone = 0 };
  g_autoptr (GError) error = NULL;

  gdk_pixbuf_fill (pixbuf, 0xff0000ffu);
  g_assert_true (gdk_pixbuf_save (pixbuf, path, "png", &error, NULL));
  picture.path = path;
  g_assert_cmpint (ossa_editor_import_pictures (f->editor, &picture, 1, NULL, &error), ==, 3);
  ossa_image_store_wait (ossa_editor_get_images (f->editor));
  gui_test_iterate ();
  assert_rows (f, "red front middle back");
  g_assert_cmpint (gtk_image_get_storage_type (row_at (f, 0)->thumb), ==, GTK_IMAGE_PAINTABLE);
  g_assert_cmpstr (gtk_image_get_icon_name (row_at (f, 1)->thumb), ==, "image-missing-symbolic");
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  if (!gui_test_display_or_skip ())
    return 0;
  gtk_test_init (&argc, &argv, NULL);

  g_test_add ("/draw-order/lists-front-first", Fixture, NULL, fixture_setup,
              test_lists_front_first, fixture_teardown);
  g_test_add ("/draw-order/drop-setup", Fixture, NULL, fixture_setup, test_drop_setup,
              fixture_teardown);
  g_test_add ("/draw-order/drop-animate", Fixture, NULL, fixture_setup, test_drop_animate,
              fixture_teardown);
  g_test_add ("/draw-order/pick", Fixture, NULL, fixture_setup, test_pick, fixture_teardown);
  g_test_add ("/draw-order/buttons", Fixture, NULL, fixture_setup, test_buttons,
              fixture_teardown);
  g_test_add ("/draw-order/hidden-slot", Fixture, NULL, fixture_setup, test_hidden_slot,
              fixture_teardown);
  g_test_add ("/draw-order/thumbnails", Fixture, NULL, fixture_setup, test_thumbnails,
              fixture_teardown);
  return g_test_run ();
}
