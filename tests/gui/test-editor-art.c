/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The editor's art edits (ossa-editor-art.c): bringing pictures in on the nearest
 * bone, the picked attachment, slot colours, attachments and the draw order set
 * in Setup mode and keyed in Animate mode, and every one of them undone and done
 * again. No display needed. */
#include "config.h"

#include <math.h>

#include "ossa-editor.h"
#include "ossa-gerror.h"

/* Two bones: "arm" at the origin pointing along +x (length 100), "leg" at
 * (0, -200) turned a quarter, scaled 2 in x. */
static OssaEditor *
make_editor (void)
{
  OssaEditor *editor = ossa_editor_new ();

  g_assert_cmpint (ossa_editor_add_bone (editor, "arm", -1,
                                         &(OssaTransform) { 0, 0, 0, 1, 1 }, 100, 0xffffffffu,
                                         NULL), ==, 0);
  g_assert_cmpint (ossa_editor_add_bone (editor, "leg", -1,
                                         &(OssaTransform) { 0, -200, (float) G_PI_2, 2, 1 }, 100,
                                         0xffffffffu, NULL), ==, 1);
  return editor;
}

static OssaPictureImport
picture (const char *name, double x, double y, int bone)
{
  return (OssaPictureImport) { .name = name, .path = "/pictures/x.png", .width = 40,
                               .height = 20, .x = x, .y = y, .bone = bone };
}

/* The world centre of slot's shown attachment, from the runtime's quads. */
static void
quad_centre (OssaEditor *editor, guint slot, double *x, double *y, double *w)
{
  const OssaSlotPose *pose = ossa_editor_get_slot_pose (editor);
  OssaQuad quads[16];
  size_t n = ossa_slot_pose_fill_quads (pose, ossa_editor_get_world (editor), quads, 16);

  for (size_t i = 0; i < n; i++)
    if (quads[i].slot == slot)
      {
        *x = (quads[i].xy[0] + quads[i].xy[4]) / 2;
        *y = (quads[i].xy[1] + quads[i].xy[5]) / 2;
        *w = hypot (quads[i].xy[2] - quads[i].xy[0], quads[i].xy[3] - quads[i].xy[1]);
        return;
      }
  g_assert_not_reached ();
}

static void
count_art_changes (OssaEditor *editor, guint change, gpointer user_data)
{
  (void) editor;
  if (change & OSSA_CHANGE_ART)
    (*(int *) user_data)++;
}

static void
test_import_on_nearest_bone (void)
{
  g_autoptr (OssaEditor) editor = make_editor ();
  const OssaDocument *doc = ossa_editor_get_document (editor);
  OssaPictureImport pictures[] = { picture ("head", 50, 10, -1), picture ("head", 5, -190, -1) };
  int art_changes = 0, first;
  double x, y, w;

  g_autoptr (GError) error = NULL;

  g_signal_connect (editor, "document-changed", G_CALLBACK (count_art_changes), &art_changes);
  first = ossa_editor_import_pictures (editor, pictures, 2, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (first, ==, 0);
  g_assert_cmpint (art_changes, ==, 1);
  g_assert_cmpuint (doc->n_images, ==, 2);
  g_assert_cmpuint (doc->n_slots, ==, 2);
  g_assert_cmpstr (doc->images[1].name, ==, "head-2");
  g_assert_cmpstr (doc->slots[1].name, ==, "head-2");
  g_assert_cmpuint (doc->slots[0].bone, ==, 0);
  g_assert_cmpuint (doc->slots[1].bone, ==, 1);
  /* Centred where it was put, one world unit a pixel, even on the scaled bone. */
  quad_centre (editor, 1, &x, &y, &w);
  g_assert_cmpfloat_with_epsilon (x, 5, 1e-3);
  g_assert_cmpfloat_with_epsilon (y, -190, 1e-3);
  g_assert_cmpfloat_with_epsilon (w, 40, 1e-3);
  g_assert_cmpint (ossa_editor_get_selected_slot (editor), ==, 1);

  /* One undo step takes all of it away, one redo brings it back. */
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpuint (doc->n_images, ==, 0);
  g_assert_cmpuint (doc->n_slots, ==, 0);
  g_assert_cmpint (ossa_editor_get_selected_slot (editor), ==, -1);
  g_assert_true (ossa_editor_redo (editor, NULL));
  g_assert_cmpuint (doc->n_slots, ==, 2);
  g_assert_cmpuint (doc->slots[1].n_attachments, ==, 1);
}

static void
test_import_refusals (void)
{
  g_autoptr (OssaEditor) empty = ossa_editor_new ();
  g_autoptr (OssaEditor) editor = make_editor ();
  OssaPictureImport one = picture ("a", 0, 0, -1);
  OssaPictureImport bad[] = { picture ("a", 0, 0, -1), picture ("b", 0, 0, 7) };
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (ossa_editor_import_pictures (empty, &one, 1, NULL, &error), ==, -1);
  g_assert_nonnull (strstr (error->message, "bone"));
  g_clear_error (&error);
  /* A bad second picture: the first does not go in either. */
  g_assert_cmpint (ossa_editor_import_pictures (editor, bad, 2, NULL, &error), ==, -1);
  g_assert_cmpuint (ossa_editor_get_document (editor)->n_images, ==, 0);
  g_clear_error (&error);
  one.path = "relative.png";
  g_assert_cmpint (ossa_editor_import_pictures (editor, &one, 1, NULL, &error), ==, -1);
  g_assert_nonnull (strstr (error->message, "relative.png"));
  g_assert_false (ossa_editor_can_undo (editor) && ossa_editor_get_document (editor)->n_slots > 0);
}

static void
test_art_and_bone_selection_exclude (void)
{
  g_autoptr (OssaEditor) editor = make_editor ();
  OssaPictureImport one = picture ("a", 0, 0, 0);
  guint bone = 1;
  gsize n;

  g_assert_cmpint (ossa_editor_import_pictures (editor, &one, 1, NULL, NULL), ==, 0);
  ossa_editor_select (editor, &bone, 1, FALSE);
  g_assert_cmpint (ossa_editor_get_selected_slot (editor), ==, -1);
  ossa_editor_select_slot (editor, 0, 0);
  ossa_editor_get_selection (editor, &n);
  g_assert_cmpuint (n, ==, 0);
  g_assert_cmpint (ossa_editor_get_selected_attachment (editor), ==, 0);
  /* Gone with its slot. */
  g_assert_true (ossa_editor_remove_slot (editor, 0, NULL));
  g_assert_cmpint (ossa_editor_get_selected_slot (editor), ==, -1);
}

static void
test_color_and_attachment_in_both_modes (void)
{
  g_autoptr (OssaEditor) editor = make_editor ();
  const OssaDocument *doc = ossa_editor_get_document (editor);
  OssaPictureImport one = picture ("a", 0, 0, 0);
  const OssaSlotPose *pose;

  g_assert_cmpint (ossa_editor_import_pictures (editor, &one, 1, NULL, NULL), ==, 0);
  g_assert_true (ossa_editor_set_slot_color (editor, 0, 0xff000080u, 0, NULL));
  g_assert_cmphex (doc->slots[0].color, ==, 0xff000080u);

  ossa_editor_set_mode (editor, OSSA_EDIT_MODE_ANIMATE);
  ossa_editor_set_time (editor, 0.5);
  g_assert_true (ossa_editor_set_slot_color (editor, 0, 0x00ff00ffu, 0, NULL));
  g_assert_true (ossa_editor_set_slot_attachment (editor, 0, -1, NULL));
  /* Keyed, not the rest values. */
  g_assert_cmphex (doc->slots[0].color, ==, 0xff000080u);
  g_assert_cmpint (doc->slots[0].attachment, ==, 0);
  g_assert_cmpuint (doc->n_animations, ==, 1);
  g_assert_cmpuint (doc->animations[0].n_slot_tracks, ==, 2);
  pose = ossa_editor_get_slot_pose (editor);
  g_assert_cmpfloat (pose->color[1], ==, 1.0f);
  g_assert_cmpint (pose->attachment[0], ==, -1);
  g_assert_cmpuint (ossa_slot_pose_n_visible (pose), ==, 0);
  /* Undo the attachment key, then the colour key. */
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpint (ossa_editor_get_slot_pose (editor)->attachment[0], ==, 0);
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpuint (doc->n_animations == 0 ? 0 : doc->animations[0].n_slot_tracks, ==, 0);
  g_assert_true (ossa_editor_redo (editor, NULL));
  g_assert_cmpfloat (ossa_editor_get_slot_pose (editor)->color[1], ==, 1.0f);
}

static void
test_draw_order (void)
{
  g_autoptr (OssaEditor) editor = make_editor ();
  const OssaDocument *doc = ossa_editor_get_document (editor);
  OssaPictureImport three[] = { picture ("a", 0, 0, 0), picture ("b", 0, 0, 0),
                                picture ("c", 0, 0, 0) };
  guint back_to_front[] = { 2, 0, 1 };
  guint bad[] = { 0, 0, 1 };
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (ossa_editor_import_pictures (editor, three, 3, NULL, NULL), ==, 0);
  g_assert_false (ossa_editor_set_draw_order (editor, bad, 3, &error));
  g_assert_cmpstr (doc->slots[0].name, ==, "a");

  /* Setup: the slots themselves move, one undo step. */
  g_assert_true (ossa_editor_set_draw_order (editor, back_to_front, 3, NULL));
  g_assert_cmpstr (doc->slots[0].name, ==, "c");
  g_assert_cmpstr (doc->slots[1].name, ==, "a");
  g_assert_cmpstr (doc->slots[2].name, ==, "b");
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpstr (doc->slots[0].name, ==, "a");
  g_assert_cmpstr (doc->slots[2].name, ==, "c");

  /* Animate: a key at the playhead; the rest order stays. */
  ossa_editor_set_mode (editor, OSSA_EDIT_MODE_ANIMATE);
  ossa_editor_set_time (editor, 0.25);
  g_assert_true (ossa_editor_set_draw_order (editor, back_to_front, 3, NULL));
  g_assert_cmpstr (doc->slots[0].name, ==, "a");
  g_assert_cmpuint (doc->animations[0].n_draw_order, ==, 1);
  g_assert_cmpuint (ossa_editor_get_draw_order (editor)[0], ==, 2);
  ossa_editor_set_time (editor, 0.0);
  g_assert_cmpuint (ossa_editor_get_draw_order (editor)[0], ==, 0);
}

static void
test_key_slots_is_one_step (void)
{
  g_autoptr (OssaEditor) editor = make_editor ();
  const OssaDocument *doc = ossa_editor_get_document (editor);
  OssaPictureImport two[] = { picture ("a", 0, 0, 0), picture ("b", 0, 0, 1) };
  guint slots[] = { 0, 1 };

  g_assert_cmpint (ossa_editor_import_pictures (editor, two, 2, NULL, NULL), ==, 0);
  g_assert_true (ossa_editor_set_slot_color (editor, 1, 0x336699ffu, 0, NULL));
  g_assert_true (ossa_editor_key_slots (editor, slots, 2, NULL));
  g_assert_cmpint (ossa_editor_get_mode (editor), ==, OSSA_EDIT_MODE_ANIMATE);
  g_assert_cmpuint (doc->animations[0].n_slot_tracks, ==, 4);
  for (gsize i = 0; i < 4; i++)
    if (doc->animations[0].slot_tracks[i].slot == 1
        && doc->animations[0].slot_tracks[i].channel == OSSA_SLOT_CHANNEL_COLOR)
      g_assert_cmphex (doc->animations[0].slot_tracks[i].colors[0], ==, 0x336699ffu);
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpuint (doc->n_animations, ==, 0);
}

static void
test_attachment_place_is_setup (void)
{
  g_autoptr (OssaEditor) editor = make_editor ();
  const OssaDocument *doc = ossa_editor_get_document (editor);
  OssaPictureImport one = picture ("a", 0, 0, 0);
  guint64 drag = ossa_editor_new_merge_id (editor);
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (ossa_editor_import_pictures (editor, &one, 1, NULL, NULL), ==, 0);
  for (int step = 1; step <= 5; step++)
    {
      OssaTransform at = { 10.f * (float) step, 0, 0, 1, 1 };

      g_assert_true (ossa_editor_set_attachment_offset (editor, 0, 0, &at, drag, NULL));
    }
  g_assert_cmpfloat (doc->slots[0].attachments[0].offset.x, ==, 50.f);
  /* The drag is one step. */
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpfloat (doc->slots[0].attachments[0].offset.x, ==, 0.f);
  g_assert_true (ossa_editor_set_attachment_size (editor, 0, 0, 80, 10, 0, NULL));
  g_assert_cmpfloat (doc->slots[0].attachments[0].width, ==, 80.f);

  ossa_editor_set_mode (editor, OSSA_EDIT_MODE_ANIMATE);
  g_assert_false (ossa_editor_set_attachment_offset (editor, 0, 0,
                                                     &(OssaTransform) { 1, 1, 0, 1, 1 }, 0,
                                                     &error));
  g_assert_nonnull (strstr (error->message, "Setup"));
  g_assert_cmpfloat (doc->slots[0].attachments[0].offset.x, ==, 0.f);
}

static void
test_remove_image_in_use (void)
{
  g_autoptr (OssaEditor) editor = make_editor ();
  const OssaDocument *doc = ossa_editor_get_document (editor);
  OssaPictureImport one = picture ("hand", 0, 0, 0);
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (ossa_editor_import_pictures (editor, &one, 1, NULL, NULL), ==, 0);
  g_assert_false (ossa_editor_remove_image (editor, 0, FALSE, &error));
  g_assert_nonnull (strstr (error->message, "hand"));
  g_assert_cmpuint (doc->n_images, ==, 1);
  g_assert_true (ossa_editor_remove_image (editor, 0, TRUE, NULL));
  g_assert_cmpuint (doc->n_images, ==, 0);
  g_assert_cmpuint (doc->slots[0].n_attachments, ==, 0);
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpuint (doc->slots[0].n_attachments, ==, 1);
  g_assert_true (ossa_editor_remove_attachment (editor, 0, 0, NULL));
  g_assert_cmpuint (doc->slots[0].n_attachments, ==, 0);
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_true (ossa_editor_rename_slot (editor, 0, "palm", NULL));
  g_assert_cmpstr (doc->slots[0].name, ==, "palm");
  g_assert_true (ossa_editor_set_slot_bone (editor, 0, 1, NULL));
  g_assert_cmpuint (doc->slots[0].bone, ==, 1);
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpstr (doc->slots[0].name, ==, "hand");
  g_assert_cmpuint (doc->slots[0].bone, ==, 0);
}

/* What a handler of "art-selection-changed" sees when an import picks its last
 * picture: the slots on show match the document, even when the pick comes in the
 * middle of a larger edit (a root bone made first, one undo step). */
static void
check_pose_matches (OssaEditor *editor, gpointer user_data)
{
  const OssaDocument *doc = ossa_editor_get_document (editor);
  const OssaSlotPose *pose = ossa_editor_get_slot_pose (editor);
  int slot = ossa_editor_get_selected_slot (editor);

  g_assert_cmpuint (pose->n_slots, ==, doc->n_slots);
  if (slot >= 0)
    g_assert_cmpint (pose->attachment[slot], ==, 0);
  (*(int *) user_data)++;
}

static void
test_pick_inside_a_larger_edit (void)
{
  g_autoptr (OssaEditor) editor = ossa_editor_new ();
  OssaPictureImport one = picture ("a", 30, 0, -1);
  int checked = 0;

  g_signal_connect (editor, "art-selection-changed", G_CALLBACK (check_pose_matches), &checked);
  g_assert_cmpint (ossa_editor_import_pictures_rooted (editor, &one, NULL, 1, NULL, "root", NULL),
                   ==, 0);
  g_assert_cmpint (checked, >=, 1);
  g_assert_cmpuint (ossa_editor_get_document (editor)->skeleton.n_bones, ==, 1);
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpuint (ossa_editor_get_document (editor)->skeleton.n_bones, ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ossa/editor-art/import-nearest-bone", test_import_on_nearest_bone);
  g_test_add_func ("/ossa/editor-art/import-refusals", test_import_refusals);
  g_test_add_func ("/ossa/editor-art/selection", test_art_and_bone_selection_exclude);
  g_test_add_func ("/ossa/editor-art/color-attachment", test_color_and_attachment_in_both_modes);
  g_test_add_func ("/ossa/editor-art/draw-order", test_draw_order);
  g_test_add_func ("/ossa/editor-art/key-slots", test_key_slots_is_one_step);
  g_test_add_func ("/ossa/editor-art/place-is-setup", test_attachment_place_is_setup);
  g_test_add_func ("/ossa/editor-art/remove-image", test_remove_image_in_use);
  g_test_add_func ("/ossa/editor-art/pick-inside-an-edit", test_pick_inside_a_larger_edit);
  return g_test_run ();
}
