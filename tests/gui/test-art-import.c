/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Bringing art in, in a real window, as a person does it: File → Import
 * OpenRaster… on an .ora of three layers the test writes (slots back to front,
 * where the layers were, on the nearest bones, embedded, one undo step, the
 * blending notice, a hidden layer), into a document without bones (a root bone
 * made in the same step); File → Import Images… (on the selected bone, centred on
 * its joint; several side by side in the view); PNGs dropped on the canvas
 * (centred under the pointer, on the nearest bone) and a document dropped there
 * (opened, as beside the canvas); and every bad input: a message naming the file
 * and the document as it was. */
#define G_LOG_DOMAIN "test-art-import"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ossa.h"

#include "art-test-support.h"
#include "ossa-art-import.h"
#include "ossa-art-import-dialog.h"
#include "ossa-canvas-private.h"
#include "gui-test-app.h"

/* Three layers of known colours and sizes on a 400 × 300 canvas; stack.xml lists
 * the top one first. */
static const char stack_body[] =
  "    <layer name=\"Head\" src=\"data/head.png\" x=\"300\" y=\"40\" composite-op=\"svg:multiply\"/>\n"
  "    <layer name=\"Head\" src=\"data/hand.png\" x=\"20\" y=\"200\" visibility=\"hidden\"/>\n"
  "    <layer name=\"Body\" src=\"data/body.png\" x=\"0\" y=\"0\" opacity=\"0.5\"/>\n";

typedef struct
{
  GBytes *head, *hand, *body;
} Layers;

static void
layers_clear (Layers *l)
{
  g_bytes_unref (l->head);
  g_bytes_unref (l->hand);
  g_bytes_unref (l->body);
}

static void
write_ora (const char *path, const char *body, const ArtTestEntry *layers, guint n_layers)
{
  g_autofree char *xml = art_test_stack_xml (400, 300, body);
  g_autoptr (GBytes) mimetype = g_bytes_new_static ("image/openraster", 16);
  g_autoptr (GBytes) stack = g_bytes_new (xml, strlen (xml));
  g_autofree ArtTestEntry *entries = g_new0 (ArtTestEntry, n_layers + 2);

  entries[0] = (ArtTestEntry) { "mimetype", mimetype, 0, TRUE };
  entries[1] = (ArtTestEntry) { "stack.xml", stack, 0, FALSE };
  for (guint i = 0; i < n_layers; i++)
    entries[i + 2] = layers[i];
  art_test_write_zip (path, entries, n_layers + 2);
}

static char *
write_three_layers (AppFixture *f, const char *basename, Layers *l)
{
  char *path = tmp_path (f, basename);

  l->head = art_test_png (40, 20, 0xffff0000u);
  l->hand = art_test_png (60, 30, 0xff00ff00u);
  l->body = art_test_png (400, 300, 0xff0000ffu);
  write_ora (path, stack_body,
             (ArtTestEntry[]) { { "data/head.png", l->head, 0, FALSE },
                                { "data/hand.png", l->hand, 0, FALSE },
                                { "data/body.png", l->body, 0, FALSE } },
             3);
  return path;
}

static int
add_bone_at (OssaEditor *editor, const char *name, double x, double y, float length)
{
  OssaTransform rest = { (float) x, (float) y, 0, 1, 1 };
  g_autoptr (GError) error = NULL;
  int bone = ossa_editor_add_bone (editor, name, -1, &rest, length, 0, &error);

  g_assert_no_error (error);
  return bone;
}

/* root (0, 0)–(50, 0); hand at (-150, -60); head at (120, 90). */
static void
add_three_bones (AppFixture *f)
{
  add_bone_at (editor_of (f), "root", 0, 0, 50);
  add_bone_at (editor_of (f), "hand", -150, -60, 10);
  add_bone_at (editor_of (f), "head", 120, 90, 10);
}

/* The world centre of slot's rest attachment (or its first one). */
static void
attachment_centre (AppFixture *f, gsize slot, double *x, double *y)
{
  const OssaDocument *doc = doc_of (f);
  const OssaSlot *s = &doc->slots[slot];
  const OssaXform *world = &ossa_editor_get_world (editor_of (f))[s->bone];
  OssaVec2 c;

  g_assert_cmpuint (s->n_attachments, ==, 1);
  c = ossa_xform_apply (world, (OssaVec2) { s->attachments[0].offset.x,
                                            s->attachments[0].offset.y });
  *x = c.x;
  *y = c.y;
}

static void
assert_slot (AppFixture *f, gsize slot, const char *name, const char *bone, double x, double y,
             float width, float height)
{
  const OssaDocument *doc = doc_of (f);
  double cx, cy;

  g_assert_cmpuint (slot, <, doc->n_slots);
  g_assert_cmpstr (doc->slots[slot].name, ==, name);
  g_assert_cmpstr (doc->skeleton.bones[doc->slots[slot].bone].name, ==, bone);
  attachment_centre (f, slot, &cx, &cy);
  g_assert_cmpfloat_with_epsilon (cx, x, 1e-3);
  g_assert_cmpfloat_with_epsilon (cy, y, 1e-3);
  g_assert_cmpfloat (doc->slots[slot].attachments[0].width, ==, width);
  g_assert_cmpfloat (doc->slots[slot].attachments[0].height, ==, height);
}

static void
assert_embedded (const OssaImage *image, GBytes *png)
{
  gsize size;
  const guint8 *data = g_bytes_get_data (png, &size);

  g_assert_true (image->path == NULL || image->path[0] == '\0');
  g_assert_cmpmem (image->data, image->data_size, data, size);
}

static void
answer_chooser (AppFixture *f, const char *path)
{
  GtkFileChooser *chooser = find_file_chooser (GTK_WINDOW (f->window));
  g_autoptr (GFile) file = g_file_new_for_path (path);

  g_assert_nonnull (chooser);
  choose_file (chooser, file);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  gui_test_iterate ();
  g_assert_null (find_file_chooser (GTK_WINDOW (f->window)));
}

/* The text of f->window's message of type, which must be there, closed. */
static char *
take_message (AppFixture *f, GtkMessageType type)
{
  GtkMessageDialog *dialog = find_message_dialog (GTK_WINDOW (f->window), type);
  g_autofree char *text = NULL, *secondary = NULL;

  g_assert_nonnull (dialog);
  g_object_get (dialog, "text", &text, "secondary-text", &secondary, NULL);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CLOSE);
  gui_test_iterate ();
  return g_strdup_printf ("%s\n%s", text, secondary != NULL ? secondary : "");
}

/* File → Import OpenRaster…: three layers, back to front, where they were. */
static void
test_ora (AppFixture *f, gconstpointer data)
{
  Layers l = { 0 };
  g_autofree char *path = write_three_layers (f, "character.ora", &l);
  g_autofree char *notice = NULL;
  const OssaDocument *doc;

  open_window_sized (f, 1000, 700);
  add_three_bones (f);
  g_assert_true (activate (f, "import-ora", NULL));
  answer_chooser (f, path);

  doc = doc_of (f);
  g_assert_cmpuint (doc->n_images, ==, 3);
  g_assert_cmpuint (doc->n_slots, ==, 3);
  /* Back to front: the bottom layer is the first slot; the second "Head" is made unique. */
  assert_slot (f, 0, "Body", "root", 0, 0, 400, 300);
  assert_slot (f, 1, "Head", "hand", 20 + 30 - 200, 150 - (200 + 15), 60, 30);
  assert_slot (f, 2, "Head-2", "head", 300 + 20 - 200, 150 - (40 + 10), 40, 20);
  /* The hidden layer shows no attachment; the half-opaque one is half transparent. */
  g_assert_cmpint (doc->slots[1].attachment, ==, -1);
  g_assert_cmpint (doc->slots[2].attachment, ==, 0);
  g_assert_cmphex (doc->slots[0].color, ==, 0xffffff80u);
  g_assert_cmphex (doc->slots[2].color, ==, 0xffffffffu);
  assert_embedded (&doc->images[0], l.body);
  assert_embedded (&doc->images[1], l.hand);
  assert_embedded (&doc->images[2], l.head);
  g_assert_cmpuint (doc->images[0].width, ==, 400);
  g_assert_cmpuint (doc->images[0].height, ==, 300);

  /* The multiply layer imported with a notice that names it. */
  notice = take_message (f, GTK_MESSAGE_INFO);
  g_assert_nonnull (strstr (notice, "Head (svg:multiply)"));
  g_assert_nonnull (strstr (notice, "drawn as normal"));
  g_assert_null (strstr (notice, "Body"));

  /* One undo step. */
  g_assert_cmpstr (ossa_editor_get_undo_label (editor_of (f)), ==, "Import OpenRaster");
  g_assert_true (activate (f, "undo", NULL));
  doc = doc_of (f);
  g_assert_cmpuint (doc->n_slots, ==, 0);
  g_assert_cmpuint (doc->n_images, ==, 0);
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 3);
  g_assert_true (activate (f, "redo", NULL));
  doc = doc_of (f);
  g_assert_cmpuint (doc->n_slots, ==, 3);
  assert_slot (f, 2, "Head-2", "head", 120, 100, 40, 20);
  assert_embedded (&doc->images[2], l.head);
  layers_clear (&l);
}

/* An .ora into a document without bones: a root bone at the origin in the same step. */
static void
test_ora_no_bones (AppFixture *f, gconstpointer data)
{
  Layers l = { 0 };
  g_autofree char *path = write_three_layers (f, "new.ora", &l);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  const OssaDocument *doc;

  open_window_sized (f, 1000, 700);
  g_assert_true (ossa_art_import_files (GTK_WINDOW (f->window), editor_of (f), &file, 1,
                                        &(OssaArtTarget) { 0, 0, -1 }));
  g_free (take_message (f, GTK_MESSAGE_INFO));
  doc = doc_of (f);
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 1);
  g_assert_cmpstr (doc->skeleton.bones[0].name, ==, "root");
  g_assert_cmpuint (doc->n_slots, ==, 3);
  for (gsize i = 0; i < 3; i++)
    g_assert_cmpuint (doc->slots[i].bone, ==, 0);
  assert_slot (f, 2, "Head-2", "root", 120, 100, 40, 20);
  g_assert_true (activate (f, "undo", NULL));
  doc = doc_of (f);
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 0);
  g_assert_cmpuint (doc->n_slots, ==, 0);
  g_assert_false (ossa_editor_can_undo (editor_of (f)));
  layers_clear (&l);
}

static char *
write_png (AppFixture *f, const char *basename, guint width, guint height, guint32 argb)
{
  g_autoptr (GBytes) png = art_test_png (width, height, argb);
  char *path = tmp_path (f, basename);

  g_assert_true (g_file_set_contents (path, g_bytes_get_data (png, NULL), g_bytes_get_size (png),
                                      NULL));
  return path;
}

/* File → Import Images… with a bone selected: on it, centred on its joint. */
static void
test_images_selected (AppFixture *f, gconstpointer data)
{
  g_autofree char *path = write_png (f, "hat.png", 64, 32, 0xff804020u);
  const OssaDocument *doc;
  guint hand = 1;

  open_window_sized (f, 1000, 700);
  add_three_bones (f);
  select_bones (f, &hand, 1);
  g_assert_true (activate (f, "import-images", NULL));
  g_assert_true (gtk_file_chooser_get_select_multiple (find_file_chooser (GTK_WINDOW (f->window))));
  answer_chooser (f, path);

  doc = doc_of (f);
  if (find_error_dialog (GTK_WINDOW (f->window)) != NULL)
    g_error ("%s", take_message (f, GTK_MESSAGE_ERROR));
  g_assert_cmpuint (doc->n_slots, ==, 1);
  assert_slot (f, 0, "hat", "hand", -150, -60, 64, 32);
  g_assert_cmpstr (doc->images[0].path, ==, path);
  g_assert_null (doc->images[0].data);
  g_assert_cmpstr (ossa_editor_get_undo_label (editor_of (f)), ==, "Import Picture");
  /* The new attachment is picked. */
  g_assert_cmpint (ossa_editor_get_selected_slot (editor_of (f)), ==, 0);
}

/* Several PNGs with nothing selected: side by side around the view's middle,
 * each on the bone nearest its centre; one undo step. */
static void
test_images_row (AppFixture *f, gconstpointer data)
{
  g_autofree char *a = write_png (f, "a.png", 100, 50, 0xffff0000u);
  g_autofree char *b = write_png (f, "b.png", 40, 80, 0xff00ff00u);
  g_autoptr (GFile) fa = g_file_new_for_path (a);
  g_autoptr (GFile) fb = g_file_new_for_path (b);
  GFile *files[] = { fa, fb };
  OssaArtTarget target = { 0, 0, -1 };

  open_window_sized (f, 1000, 700);
  add_bone_at (editor_of (f), "left", -100, 0, 10);
  add_bone_at (editor_of (f), "right", 100, 0, 10);
  ossa_canvas_get_view_center (f->window->canvas, &target.x, &target.y);
  g_assert_true (ossa_art_import_files (GTK_WINDOW (f->window), editor_of (f), files, 2, &target));
  /* A row of 100 + 16 + 40 = 156 wide, centred on the view's middle. */
  assert_slot (f, 0, "a", "left", target.x - 78 + 50, target.y, 100, 50);
  assert_slot (f, 1, "b", "right", target.x - 78 + 116 + 20, target.y, 40, 80);
  g_assert_cmpstr (ossa_editor_get_undo_label (editor_of (f)), ==, "Import Pictures");
  g_assert_true (activate (f, "undo", NULL));
  g_assert_cmpuint (doc_of (f)->n_slots, ==, 0);
}

static GtkDropTarget *
drop_target_of (GtkWidget *widget)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        return GTK_DROP_TARGET (controller);
    }
  g_assert_not_reached ();
}

static gboolean
drop_files_on (GtkWidget *widget, GFile **files, guint n, double x, double y)
{
  GValue value = G_VALUE_INIT;
  GSList *list = NULL;
  gboolean accepted = FALSE;

  for (guint i = n; i > 0; i--)
    list = g_slist_prepend (list, files[i - 1]);
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_list (list));
  g_slist_free (list);
  g_signal_emit_by_name (drop_target_of (widget), "drop", &value, x, y, &accepted);
  g_value_unset (&value);
  gui_test_iterate ();
  return accepted;
}

static gboolean
drop_files (AppFixture *f, GFile **files, guint n, double x, double y)
{
  return drop_files_on (GTK_WIDGET (f->window->canvas), files, n, x, y);
}

/* A PNG dropped on the canvas: centred on the world point under the pointer, on
 * the bone nearest it. */
static void
test_drop (AppFixture *f, gconstpointer data)
{
  g_autofree char *path = write_png (f, "drop.png", 30, 30, 0xff123456u);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  double wx, wy;

  open_window_sized (f, 1000, 700);
  add_three_bones (f);
  /* The point over the head bone's joint, in the canvas widget. */
  ossa_camera_world_to_widget (_ossa_canvas_get_camera (f->window->canvas), 118, 95, &wx, &wy);
  g_assert_true (drop_files (f, &file, 1, wx, wy));
  g_assert_cmpuint (doc_of (f)->n_slots, ==, 1);
  assert_slot (f, 0, "drop", "head", 118, 95, 30, 30);
}

/* A PNG dropped beside the canvas (on the bone tree): as if chosen from the menu,
 * on the selected bone's joint. */
static void
test_drop_beside (AppFixture *f, gconstpointer data)
{
  g_autofree char *path = write_png (f, "beside.png", 20, 10, 0xff654321u);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  guint head = 2;

  open_window_sized (f, 1000, 700);
  add_three_bones (f);
  select_bones (f, &head, 1);
  g_assert_true (drop_files_on (GTK_WIDGET (f->window), &file, 1, 10, 200));
  g_assert_cmpuint (doc_of (f)->n_slots, ==, 1);
  assert_slot (f, 0, "beside", "head", 120, 90, 20, 10);
}

/* A document dropped on the canvas opens, as it does beside the canvas. */
static void
test_drop_document (AppFixture *f, gconstpointer data)
{
  g_autoptr (GFile) file = save_trio (f, "dropped.ossa");

  open_window_sized (f, 1000, 700);
  g_assert_true (drop_files (f, &file, 1, 100, 100));
  wait_for_window_io (f->window);
  g_assert_cmpstr (title_of (f), ==, "dropped — Ossa");
}

/* The bad inputs: each gives a message naming the file, and no change. */
static void
assert_refused (AppFixture *f, const char *path, const char *reason)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *message = NULL;
  guint64 edits = ossa_editor_get_n_edits (editor_of (f));
  gsize bones = doc_of (f)->skeleton.n_bones;

  g_assert_false (ossa_art_import_files (GTK_WINDOW (f->window), editor_of (f), &file, 1,
                                         &(OssaArtTarget) { 0, 0, -1 }));
  message = take_message (f, GTK_MESSAGE_ERROR);
  g_test_message ("%s", message);
  g_assert_nonnull (strstr (message, path));
  g_assert_nonnull (strstr (message, reason));
  g_assert_cmpuint (doc_of (f)->n_slots, ==, 0);
  g_assert_cmpuint (doc_of (f)->n_images, ==, 0);
  g_assert_cmpuint (doc_of (f)->skeleton.n_bones, ==, bones);
  g_assert_cmpuint (ossa_editor_get_n_edits (editor_of (f)), ==, edits);
}

static char *
write_bytes (AppFixture *f, const char *basename, const void *data, gsize size)
{
  char *path = tmp_path (f, basename);

  g_assert_true (g_file_set_contents (path, data, (gssize) size, NULL));
  return path;
}

static void
test_bad_png (AppFixture *f, gconstpointer data)
{
  g_autoptr (GBytes) png = art_test_png (64, 64, 0xff336699u);
  gsize size;
  g_autofree guint8 *bytes = g_memdup2 (g_bytes_get_data (png, &size), g_bytes_get_size (png));
  g_autofree char *text = write_bytes (f, "text.png", "hello, not a picture", 20);
  g_autofree char *missing = tmp_path (f, "missing.png");
  g_autofree char *huge = NULL, *broken = NULL, *good = NULL;
  g_autoptr (GFile) fgood = NULL, fbroken = NULL;
  g_autofree char *message = NULL;

  open_window_sized (f, 1000, 700);
  add_three_bones (f);
  assert_refused (f, text, "not a PNG image");
  assert_refused (f, missing, "missing.png");
  /* Its pixels past its header broken. */
  for (gsize i = 40; i < size - 12; i++)
    bytes[i] ^= 0x5a;
  broken = write_bytes (f, "broken.png", bytes, size);
  assert_refused (f, broken, "does not decode");
  /* A header of 16385 × 1 pixels. */
  memcpy (bytes, g_bytes_get_data (png, NULL), size);
  bytes[16] = 0, bytes[17] = 0, bytes[18] = 0x40, bytes[19] = 0x01;
  bytes[20] = 0, bytes[21] = 0, bytes[22] = 0, bytes[23] = 1;
  huge = write_bytes (f, "huge.png", bytes, size);
  assert_refused (f, huge, "16384");

  /* A good picture with a bad one: nothing comes in, the bad one is named. */
  good = write_png (f, "good.png", 8, 8, 0xffffffffu);
  fgood = g_file_new_for_path (good);
  fbroken = g_file_new_for_path (broken);
  g_assert_false (ossa_art_import_files (GTK_WINDOW (f->window), editor_of (f),
                                         (GFile *[]) { fgood, fbroken }, 2,
                                         &(OssaArtTarget) { 0, 0, -1 }));
  message = take_message (f, GTK_MESSAGE_ERROR);
  g_assert_nonnull (strstr (message, broken));
  g_assert_null (strstr (message, good));
  g_assert_cmpuint (doc_of (f)->n_slots, ==, 0);
  /* Something that is no art. */
  {
    g_autofree char *other = write_bytes (f, "notes.txt", "hello", 5);

    assert_refused (f, other, "notes.txt");
  }
}

static void
test_bad_ora (AppFixture *f, gconstpointer data)
{
  g_autoptr (GBytes) png = art_test_png (10, 10, 0xff000000u);
  g_autofree char *missing = tmp_path (f, "missing-layer.ora");
  g_autofree char *bomb = tmp_path (f, "bomb.ora");
  g_autofree char *notxml = tmp_path (f, "not-xml.ora");
  g_autofree char *empty = tmp_path (f, "empty.ora");
  g_autoptr (GBytes) mimetype = g_bytes_new_static ("image/openraster", 16);
  g_autoptr (GBytes) garbage = g_bytes_new_static ("<image w='4' <<< not xml", 24);

  open_window_sized (f, 1000, 700);
  write_ora (missing,
             "<layer name=\"A\" src=\"data/a.png\"/>\n<layer name=\"B\" src=\"data/b.png\"/>\n",
             (ArtTestEntry[]) { { "data/a.png", png, 0, FALSE } }, 1);
  assert_refused (f, missing, "data/b.png");
  write_ora (bomb, "<layer name=\"Bomb\" src=\"data/bomb.png\"/>\n",
             (ArtTestEntry[]) { { "data/bomb.png", NULL, OSSA_ART_MAX_PNG_BYTES + (1 << 20), FALSE } },
             1);
  assert_refused (f, bomb, "Bomb");
  art_test_write_zip (notxml,
                      (ArtTestEntry[]) { { "mimetype", mimetype, 0, TRUE },
                                         { "stack.xml", garbage, 0, FALSE } },
                      2);
  assert_refused (f, notxml, "stack.xml");
  write_ora (empty, "", NULL, 0);
  assert_refused (f, empty, "no layers");
}

int
main (int argc, char **argv)
{
  if (!gui_test_display_or_skip ())
    return 0;
  gtk_test_init (&argc, &argv, NULL);
  APP_TEST_ADD ("/art-import/ora", test_ora);
  APP_TEST_ADD ("/art-import/ora-no-bones", test_ora_no_bones);
  APP_TEST_ADD ("/art-import/images-selected", test_images_selected);
  APP_TEST_ADD ("/art-import/images-row", test_images_row);
  APP_TEST_ADD ("/art-import/drop", test_drop);
  APP_TEST_ADD ("/art-import/drop-beside", test_drop_beside);
  APP_TEST_ADD ("/art-import/drop-document", test_drop_document);
  APP_TEST_ADD ("/art-import/bad-png", test_bad_png);
  APP_TEST_ADD ("/art-import/bad-ora", test_bad_ora);
  return g_test_run ();
}
