/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The document's pictures in the window, as a person meets them. A document is
 * opened whose art folder has head.png but not arm.png, and whose notes.png is
 * text: the status bar says "2 pictures could not be read: arm.png (no such
 * file), notes.png (not a PNG image)" and, once the artist saves arm.png and
 * notes.png as real PNGs, says nothing. File → Embed Images (enabled only with a
 * file to embed) puts the bytes in the document, saved and read back by core;
 * Undo takes them out; File → Unembed Images writes them beside the document
 * and points the images at the files, which the saved document names relative;
 * Undo puts them back. */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "ossa-image-store.h"
#include "ossa-io.h"
#include "gui-test-app.h"

static GBytes *
png_of (guint width, guint height, guint32 rgba)
{
  gsize stride = (gsize) width * 4;
  guint8 *pixels = g_malloc (stride * height);
  g_autoptr (GBytes) memory = NULL;
  g_autoptr (GdkTexture) texture = NULL;

  for (gsize i = 0; i < (gsize) width * height; i++)
    {
      pixels[4 * i] = rgba >> 24;
      pixels[4 * i + 1] = (rgba >> 16) & 0xff;
      pixels[4 * i + 2] = (rgba >> 8) & 0xff;
      pixels[4 * i + 3] = rgba & 0xff;
    }
  memory = g_bytes_new_take (pixels, stride * height);
  texture = gdk_memory_texture_new ((int) width, (int) height, GDK_MEMORY_R8G8B8A8, memory,
                                    stride);
  return gdk_texture_save_to_png_bytes (texture);
}

static void
write_bytes (const char *path, GBytes *bytes)
{
  g_autofree char *tmp = g_strconcat (path, ".part", NULL);

  /* As a painting program saves: a temporary file renamed into place. */
  g_assert_true (g_file_set_contents (tmp, g_bytes_get_data (bytes, NULL),
                                      (gssize) g_bytes_get_size (bytes), NULL));
  g_assert_cmpint (g_rename (tmp, path), ==, 0);
}

static void
add_image (OssaDocument *doc, const char *name, const char *path, guint w, guint h)
{
  OssaError err = { 0 };
  OssaCommand *cmd = ossa_command_add_image (doc, name, path, NULL, 0, w, h, &err);

  g_assert_nonnull (cmd);
  g_assert_true (ossa_command_apply (cmd, doc, &err));
  ossa_command_free (cmd);
}

/* The status bar's pictures line: its text when shown, else NULL. */
static const char *
pictures_line (AppFixture *f)
{
  if (!gtk_widget_get_visible (f->window->pictures_status))
    return NULL;
  return gtk_label_get_text (f->window->pictures_label);
}

static gboolean
timed_out (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Turns the main loop until the pictures line is expected (NULL: hidden), at
 * most 5 s. */
static void
wait_for_line (AppFixture *f, const char *expected)
{
  gboolean late = FALSE;
  guint timeout = g_timeout_add_seconds (5, timed_out, &late);

  while (g_strcmp0 (pictures_line (f), expected) != 0 && !late)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpstr (pictures_line (f), ==, expected);
  if (!late)
    g_source_remove (timeout);
}

static GFile *
write_document (AppFixture *f, GBytes *head)
{
  g_autofree char *art = tmp_path (f, "art");
  g_autofree char *head_path = g_build_filename (art, "head.png", NULL);
  g_autofree char *notes = g_build_filename (art, "notes.png", NULL);
  g_autofree char *path = tmp_path (f, "hero.ossa");
  OssaDocument *doc = ossa_document_new ();
  OssaError err = { 0 };

  g_assert_cmpint (g_mkdir (art, 0755), ==, 0);
  write_bytes (head_path, head);
  g_assert_true (g_file_set_contents (notes, "just words\n", -1, NULL));
  add_image (doc, "head", "art/head.png", 8, 8);
  add_image (doc, "arm", "art/arm.png", 16, 32);
  add_image (doc, "notes", "art/notes.png", 4, 4);
  g_assert_true (ossa_document_save (doc, path, &err));
  ossa_document_free (doc);
  return g_file_new_for_path (path);
}

static void
test_missing_line (AppFixture *f, gconstpointer data)
{
  g_autoptr (GBytes) head = png_of (8, 8, 0xff0000ff);
  g_autoptr (GFile) file = write_document (f, head);
  g_autofree char *arm = tmp_path (f, "art/arm.png");
  g_autofree char *notes = tmp_path (f, "art/notes.png");
  g_autoptr (GError) error = NULL;
  const char *tooltip;

  (void) data;
  open_window (f);
  g_assert_null (pictures_line (f));
  g_assert_true (ossa_window_open_file (f->window, file, &error));
  g_assert_no_error (error);
  wait_for_line (f, "2 pictures could not be read: arm.png (no such file), "
                    "notes.png (not a PNG image)");
  tooltip = gtk_widget_get_tooltip_text (f->window->pictures_status);
  g_assert_nonnull (strstr (tooltip, arm));
  g_assert_nonnull (strstr (tooltip, notes));

  /* The artist saves the arm: one left. */
  write_bytes (arm, head);
  wait_for_line (f, "1 picture could not be read: notes.png (not a PNG image)");
  /* And the notes as a picture: nothing to say. */
  write_bytes (notes, head);
  wait_for_line (f, NULL);
  g_assert_false (ossa_editor_get_modified (editor_of (f)));
}

static void
test_embed_unembed (AppFixture *f, gconstpointer data)
{
  g_autoptr (GBytes) head = png_of (8, 8, 0x00ff00ff);
  g_autoptr (GFile) file = write_document (f, head);
  g_autofree char *arm = tmp_path (f, "art/arm.png");
  g_autofree char *notes = tmp_path (f, "art/notes.png");
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *out = tmp_path (f, "head.png");
  g_autoptr (GError) error = NULL;
  OssaError err = { 0 };
  OssaDocument *saved;
  const OssaImage *image;
  OssaPicture picture;
  char *bytes;
  gsize size;

  (void) data;
  write_bytes (arm, head);
  write_bytes (notes, head);
  open_window (f);
  g_assert_false (enabled (f, "embed-images"));
  g_assert_false (enabled (f, "unembed-images"));
  g_assert_true (ossa_window_open_file (f->window, file, &error));
  g_assert_no_error (error);
  g_assert_true (enabled (f, "embed-images"));
  g_assert_false (enabled (f, "unembed-images"));

  /* Embed: the bytes go in, the saved file holds them, it draws the same. */
  g_assert_true (activate (f, "embed-images", NULL));
  image = &doc_of (f)->images[0];
  g_assert_null (image->path);
  g_assert_cmpmem (image->data, image->data_size, g_bytes_get_data (head, NULL),
                   g_bytes_get_size (head));
  g_assert_false (enabled (f, "embed-images"));
  g_assert_true (enabled (f, "unembed-images"));
  ossa_image_store_wait (ossa_editor_get_images (editor_of (f)));
  g_assert_true (ossa_image_store_get_picture (ossa_editor_get_images (editor_of (f)), 0,
                                               &picture));
  g_assert_cmpint (picture.state, ==, OSSA_PICTURE_READY);
  g_assert_cmpuint (picture.pixels[1], ==, 0xff);
  g_assert_true (activate (f, "save", NULL));
  saved = ossa_document_load (path, &err);
  g_assert_nonnull (saved);
  for (gsize i = 0; i < 3; i++)
    {
      g_assert_null (saved->images[i].path);
      g_assert_cmpmem (saved->images[i].data, saved->images[i].data_size,
                       g_bytes_get_data (head, NULL), g_bytes_get_size (head));
    }
  ossa_document_free (saved);

  /* Undo: the files again. */
  g_assert_true (activate (f, "undo", NULL));
  g_assert_nonnull (doc_of (f)->images[0].path);
  g_assert_null (doc_of (f)->images[0].data);
  g_assert_true (activate (f, "redo", NULL));

  /* Unembed: beside the document, the images pointing at the files. */
  g_assert_true (activate (f, "unembed-images", NULL));
  image = &doc_of (f)->images[0];
  g_assert_null (image->data);
  g_assert_cmpstr (image->path, ==, out);
  g_assert_true (g_file_get_contents (out, &bytes, &size, NULL));
  g_assert_cmpmem (bytes, size, g_bytes_get_data (head, NULL), g_bytes_get_size (head));
  g_free (bytes);
  g_assert_true (activate (f, "save", NULL));
  saved = ossa_document_load (path, &err);
  g_assert_nonnull (saved);
  g_assert_cmpstr (saved->images[0].path, ==, "head.png");
  g_assert_cmpstr (saved->images[1].path, ==, "arm.png");
  g_assert_cmpstr (saved->images[2].path, ==, "notes.png");
  ossa_document_free (saved);

  /* Undo: embedded again. */
  g_assert_true (activate (f, "undo", NULL));
  g_assert_null (doc_of (f)->images[0].path);
  g_assert_nonnull (doc_of (f)->images[0].data);
  g_assert_true (enabled (f, "unembed-images"));
  ossa_image_store_wait (ossa_editor_get_images (editor_of (f)));
}

int
main (int argc, char **argv)
{
  if (!gui_test_display_or_skip ())
    return 0;

  gtk_test_init (&argc, &argv, NULL);
  APP_TEST_ADD ("/window-art/missing-line", test_missing_line);
  APP_TEST_ADD ("/window-art/embed-unembed", test_embed_unembed);
  return g_test_run ();
}
