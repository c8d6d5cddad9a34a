/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-slot-inspector"

#include "config.h"

#include <math.h>
#include <string.h>

#include <gtk/gtk.h>

#include "ossa.h"

#include "ossa-editor.h"
#include "ossa-image-store.h"
#include "ossa-inspector.h"
#include "ossa-slot-inspector.h"
#include "gui-test-support.h"

/* The inspector (the bone inspector, with its slot section) over an editor with
 * a bone and one slot, "hand", with two attachments: "open" (shown at rest) and
 * "fist". */

typedef struct
{
  OssaEditor    *editor;
  GtkWindow     *window;
  OssaInspector *inspector;
  GtkWidget     *slots;  /* the OssaSlotInspector inside it */
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  const OssaTransform rest = { 0.0f, 0.0f, 0.0f, 1.0f, 1.0f };
  const OssaTransform fist_offset = { 1.0f, 0.0f, 0.0f, 1.0f, 1.0f };
  const OssaPictureImport picture = { .name = "open", .path = "/nonexistent/art/open.png",
                                      .width = 20, .height = 10, .x = 5, .y = 0, .bone = 0 };
  OssaError err = { 0 };
  g_autoptr (GError) error = NULL;
  int first;
  OssaCommand *command;

  f->editor = ossa_editor_new ();
  command = ossa_command_add_bone (ossa_editor_get_document (f->editor), "arm", -1, &rest, 10.0f,
                                   0x336699ffu, &err);
  g_assert_true (ossa_editor_execute (f->editor, command, NULL));
  first = ossa_editor_import_pictures (f->editor, &picture, 1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (first, ==, 0);
  g_assert_true (ossa_editor_rename_slot (f->editor, 0, "hand", NULL));
  command = ossa_command_add_attachment (ossa_editor_get_document (f->editor), 0, "fist", 0,
                                         &fist_offset, 12.0f, 12.0f, &err);
  g_assert_nonnull (command);
  g_assert_true (ossa_editor_execute (f->editor, command, NULL));
  ossa_editor_select_slot (f->editor, -1, -1);

  f->inspector = OSSA_INSPECTOR (ossa_inspector_new ());
  g_object_set (f->inspector, "editor", f->editor, NULL);
  f->window = gui_test_show (GTK_WIDGET (f->inspector), 260, -1);
  f->slots = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (f->inspector),
                                                        OSSA_TYPE_INSPECTOR, "slot_inspector"));
  g_assert_true (OSSA_IS_SLOT_INSPECTOR (f->slots));
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_clear_pointer (&f->window, gtk_window_destroy);
  gui_test_iterate ();
  g_clear_object (&f->editor);
}

static gpointer
child (Fixture *f, const char *id)
{
  GObject *object = gtk_widget_get_template_child (f->slots, OSSA_TYPE_SLOT_INSPECTOR, id);

  g_assert_nonnull (object);
  return object;
}

static const OssaSlot *
slot0 (Fixture *f)
{
  return &ossa_editor_get_document (f->editor)->slots[0];
}

static void
set_rgba (Fixture *f, double r, double g, double b, double a)
{
  GdkRGBA rgba = { (float) r, (float) g, (float) b, (float) a };

  gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (child (f, "color_button")), &rgba);
}

/* Nothing picked: no slot fields; the bone's fields as before. */
static void
test_shows_slot (Fixture *f, gconstpointer data)
{
  GtkWidget *bone_grid = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (f->inspector),
                                                                    OSSA_TYPE_INSPECTOR, "grid"));

  g_assert_false (gtk_widget_get_visible (child (f, "slot_grid")));
  g_assert_true (gtk_widget_get_visible (bone_grid));

  ossa_editor_select_slot (f->editor, 0, -1);
  g_assert_true (gtk_widget_get_visible (child (f, "slot_grid")));
  g_assert_false (gtk_widget_get_visible (bone_grid));
  g_assert_cmpstr (gtk_label_get_text (child (f, "slot_title")), ==, "hand");
  g_assert_cmpstr (gtk_label_get_text (child (f, "slot_subtitle")), ==, "Slot on “arm”");
  g_assert_cmpstr (gtk_editable_get_text (child (f, "name_entry")), ==, "hand");
  /* The attachment on show, "open", with its picture's place and size. */
  g_assert_cmpuint (gtk_drop_down_get_selected (child (f, "attachment_dropdown")), ==, 1);
  g_assert_cmpstr (gtk_label_get_text (child (f, "attachment_title")), ==, "open");
  g_assert_cmpfloat_with_epsilon (gtk_spin_button_get_value (child (f, "att_x_spin")), 5.0, 1e-4);
  g_assert_cmpfloat_with_epsilon (gtk_spin_button_get_value (child (f, "att_width_spin")), 20.0,
                                  1e-4);
  g_assert_cmpfloat_with_epsilon (gtk_spin_button_get_value (child (f, "att_height_spin")), 10.0,
                                  1e-4);
  /* No document file: the path as it is; the file is not there, and the
   * picture store's message says so. */
  g_assert_cmpstr (gtk_label_get_text (child (f, "image_path_label")), ==,
                   "/nonexistent/art/open.png");
  ossa_image_store_wait (ossa_editor_get_images (f->editor));
  gui_test_iterate ();
  g_assert_true (gtk_widget_get_visible (child (f, "image_message_label")));
  g_assert_nonnull (strstr (gtk_label_get_text (child (f, "image_message_label")), "open.png"));

  /* A bone picked: its slots listed, each picks its slot. */
  ossa_editor_select (f->editor, (const guint[]) { 0 }, 1, FALSE);
  g_assert_true (gtk_widget_get_visible (bone_grid));
  g_assert_false (gtk_widget_get_visible (child (f, "slot_grid")));
  g_assert_true (gtk_widget_get_visible (child (f, "bone_slots_box")));
  {
    GtkLabel *links = child (f, "bone_slots_label");
    gboolean handled = FALSE;

    g_assert_cmpstr (gtk_label_get_text (links), ==, "hand");
    g_assert_nonnull (strstr (gtk_label_get_label (links), "href=\"slot:0\""));
    g_signal_emit_by_name (links, "activate-link", "slot:0", &handled);
    g_assert_true (handled);
    g_assert_cmpint (ossa_editor_get_selected_slot (f->editor), ==, 0);
  }
}

/* Setup mode: the colour button sets the rest colour, the dropdown the rest
 * attachment; each one undo step. */
static void
test_setup_edits (Fixture *f, gconstpointer data)
{
  ossa_editor_select_slot (f->editor, 0, -1);
  set_rgba (f, 1.0, 0.0, 0.0, 0.5);
  g_assert_cmphex (slot0 (f)->color, ==, 0xff000080u);
  /* More choices in the same open chooser: still one step. */
  set_rgba (f, 0.0, 1.0, 0.0, 1.0);
  g_assert_cmphex (slot0 (f)->color, ==, 0x00ff00ffu);
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  g_assert_cmphex (slot0 (f)->color, ==, 0xffffffffu);
  {
    GdkRGBA rgba;

    gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (child (f, "color_button")), &rgba);
    g_assert_cmpfloat_with_epsilon (rgba.green, 1.0, 1e-4);
    g_assert_cmpfloat_with_epsilon (rgba.blue, 1.0, 1e-4);
  }

  gtk_drop_down_set_selected (child (f, "attachment_dropdown"), 2);  /* "fist" */
  g_assert_cmpint (slot0 (f)->attachment, ==, 1);
  g_assert_cmpint (ossa_editor_get_selected_attachment (f->editor), ==, 1);
  g_assert_cmpstr (gtk_label_get_text (child (f, "attachment_title")), ==, "fist");
  gtk_drop_down_set_selected (child (f, "attachment_dropdown"), 0);  /* None */
  g_assert_cmpint (slot0 (f)->attachment, ==, -1);
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  g_assert_cmpint (slot0 (f)->attachment, ==, 1);
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  g_assert_cmpint (slot0 (f)->attachment, ==, 0);
  g_assert_cmpuint (gtk_drop_down_get_selected (child (f, "attachment_dropdown")), ==, 1);
}

/* Animate mode: colour and attachment are keyed at the playhead; the rest values
 * stay; the place fields are off, saying why. */
static void
test_animate_keys (Fixture *f, gconstpointer data)
{
  const OssaDocument *doc;
  const OssaSlotTrack *color = NULL, *attachment = NULL;

  ossa_editor_select_slot (f->editor, 0, 0);
  ossa_editor_set_mode (f->editor, OSSA_EDIT_MODE_ANIMATE);
  ossa_editor_set_time (f->editor, 0.25);
  gui_test_iterate ();
  g_assert_false (gtk_widget_get_sensitive (child (f, "att_x_spin")));
  g_assert_true (gtk_widget_get_visible (child (f, "setup_note_label")));

  set_rgba (f, 0.0, 0.0, 1.0, 0.25);
  gtk_drop_down_set_selected (child (f, "attachment_dropdown"), 2);
  doc = ossa_editor_get_document (f->editor);
  g_assert_cmphex (doc->slots[0].color, ==, 0xffffffffu);
  g_assert_cmpint (doc->slots[0].attachment, ==, 0);
  g_assert_cmpuint (doc->n_animations, ==, 1);
  for (gsize i = 0; i < doc->animations[0].n_slot_tracks; i++)
    {
      const OssaSlotTrack *track = &doc->animations[0].slot_tracks[i];

      if (track->channel == OSSA_SLOT_CHANNEL_COLOR)
        color = track;
      else
        attachment = track;
    }
  g_assert_nonnull (color);
  g_assert_nonnull (attachment);
  g_assert_cmpuint (color->n_keys, ==, 1);
  g_assert_cmpfloat_with_epsilon (color->times[0], 0.25, 1e-6);
  g_assert_cmphex (color->colors[0], ==, 0x0000ff40u);
  g_assert_cmpuint (attachment->n_keys, ==, 1);
  g_assert_cmpint (attachment->attachments[0], ==, 1);

  /* The fields show the keyed values at the playhead. */
  ossa_editor_set_time (f->editor, 0.5);
  gui_test_iterate ();
  g_assert_cmpuint (gtk_drop_down_get_selected (child (f, "attachment_dropdown")), ==, 2);

  g_assert_true (ossa_editor_undo (f->editor, NULL));
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  doc = ossa_editor_get_document (f->editor);
  g_assert_true (doc->n_animations == 0 || doc->animations[0].n_slot_tracks == 0
                 || (doc->animations[0].slot_tracks[0].n_keys == 0));
}

/* The place fields move, turn, scale and size the attachment on its bone; a
 * run of changes in one field is one step. */
static void
test_offset_spins (Fixture *f, gconstpointer data)
{
  const OssaAttachment *att;

  ossa_editor_select_slot (f->editor, 0, 0);
  gtk_spin_button_set_value (child (f, "att_x_spin"), 7.0);
  gtk_spin_button_set_value (child (f, "att_x_spin"), 8.0);
  gtk_spin_button_set_value (child (f, "att_y_spin"), -3.0);
  gtk_spin_button_set_value (child (f, "att_rotation_spin"), 90.0);
  gtk_spin_button_set_value (child (f, "att_scale_x_spin"), 2.0);
  gtk_spin_button_set_value (child (f, "att_width_spin"), 30.0);
  att = &slot0 (f)->attachments[0];
  g_assert_cmpfloat_with_epsilon (att->offset.x, 8.0, 1e-5);
  g_assert_cmpfloat_with_epsilon (att->offset.y, -3.0, 1e-5);
  g_assert_cmpfloat_with_epsilon (att->offset.rotation, G_PI / 2, 1e-5);
  g_assert_cmpfloat_with_epsilon (att->offset.scale_x, 2.0, 1e-5);
  g_assert_cmpfloat_with_epsilon (att->width, 30.0, 1e-5);
  g_assert_cmpfloat_with_epsilon (att->height, 10.0, 1e-5);

  for (int i = 0; i < 4; i++)
    g_assert_true (ossa_editor_undo (f->editor, NULL));
  att = &slot0 (f)->attachments[0];
  g_assert_cmpfloat_with_epsilon (att->offset.x, 8.0, 1e-5);
  g_assert_cmpfloat_with_epsilon (att->offset.y, 0.0, 1e-5);
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  att = &slot0 (f)->attachments[0];
  g_assert_cmpfloat_with_epsilon (att->offset.x, 5.0, 1e-5);
  g_assert_cmpfloat_with_epsilon (gtk_spin_button_get_value (child (f, "att_x_spin")), 5.0, 1e-4);
}

/* Renaming through the entry; a refused name says why and changes nothing. */
static void
test_rename (Fixture *f, gconstpointer data)
{
  GtkEditable *entry;

  ossa_editor_select_slot (f->editor, 0, -1);
  entry = child (f, "name_entry");
  gtk_editable_set_text (entry, "paw");
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpstr (slot0 (f)->name, ==, "paw");
  gtk_editable_set_text (entry, "");
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpstr (slot0 (f)->name, ==, "paw");
  g_assert_true (gtk_widget_get_visible (child (f, "name_error_label")));
  g_assert_true (ossa_editor_undo (f->editor, NULL));
  g_assert_cmpstr (slot0 (f)->name, ==, "hand");
}

int
main (int argc, char **argv)
{
  if (!gui_test_display_or_skip ())
    return 0;
  gtk_test_init (&argc, &argv, NULL);

  g_test_add ("/slot-inspector/shows-slot", Fixture, NULL, fixture_setup, test_shows_slot,
              fixture_teardown);
  g_test_add ("/slot-inspector/setup-edits", Fixture, NULL, fixture_setup, test_setup_edits,
              fixture_teardown);
  g_test_add ("/slot-inspector/animate-keys", Fixture, NULL, fixture_setup, test_animate_keys,
              fixture_teardown);
  g_test_add ("/slot-inspector/offset-spins", Fixture, NULL, fixture_setup, test_offset_spins,
              fixture_teardown);
  g_test_add ("/slot-inspector/rename", Fixture, NULL, fixture_setup, test_rename,
              fixture_teardown);
  return g_test_run ();
}
