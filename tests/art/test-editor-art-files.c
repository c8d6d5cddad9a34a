/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The document's image files as the editor keeps them: relative paths in the
 * file become absolute on open, a save writes them relative to the folder it
 * writes into (Save As elsewhere included) and never changes the editor's
 * document, and a document saved into another folder still finds its pictures.
 * Embed Images stores the bytes (the saved file holds them and draws the same),
 * Unembed Images writes them out beside the document, never over a file, and
 * points the images at them; each is one undo step; the refusals change nothing. */
#define G_LOG_DOMAIN "test-editor-art-files"

#include "config.h"

#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "art-test-support.h"
#include "ossa-command.h"
#include "ossa-editor.h"
#include "ossa-image-store.h"
#include "ossa-io.h"

typedef struct
{
  char   *root;   /* a, b inside */
  char   *a, *b;
  GBytes *png;
} Fixture;

static void
set_up (Fixture *f, gconstpointer data)
{
  g_autofree char *art = NULL;
  g_autofree char *head = NULL;
  g_autofree char *doc_path = NULL;
  OssaDocument *doc = ossa_document_new ();
  OssaError err = { 0 };
  OssaCommand *cmd;

  (void) data;
  f->root = g_dir_make_tmp ("test-editor-art-files-XXXXXX", NULL);
  f->a = g_build_filename (f->root, "a", NULL);
  f->b = g_build_filename (f->root, "b", NULL);
  art = g_build_filename (f->a, "art", NULL);
  g_assert_cmpint (g_mkdir_with_parents (art, 0755), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (f->b, 0755), ==, 0);
  f->png = art_test_png (6, 4, 0xff336699);
  head = g_build_filename (art, "head.png", NULL);
  g_assert_true (g_file_set_contents (head, g_bytes_get_data (f->png, NULL),
                                      (gssize) g_bytes_get_size (f->png), NULL));
  cmd = ossa_command_add_image (doc, "head", "art/head.png", NULL, 0, 6, 4, &err);
  g_assert_nonnull (cmd);
  g_assert_true (ossa_command_apply (cmd, doc, &err));
  ossa_command_free (cmd);
  doc_path = g_build_filename (f->a, "doc.ossa", NULL);
  g_assert_true (ossa_document_save (doc, doc_path, &err));
  ossa_document_free (doc);
}

static void
tear_down (Fixture *f, gconstpointer data)
{
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", f->root);

  (void) data;
  g_assert_cmpint (system (cmd), ==, 0);
  g_free (f->root);
  g_free (f->a);
  g_free (f->b);
  g_bytes_unref (f->png);
}

static OssaEditor *
open_editor (const char *folder, const char *name)
{
  g_autofree char *path = g_build_filename (folder, name, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  OssaEditor *editor = ossa_editor_new ();

  g_assert_true (ossa_editor_load (editor, file, &error));
  g_assert_no_error (error);
  return editor;
}

static void
save_editor (OssaEditor *editor, const char *folder, const char *name)
{
  g_autofree char *path = g_build_filename (folder, name, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;

  g_assert_true (ossa_editor_save (editor, file, &error));
  g_assert_no_error (error);
}

/* The document as a save wrote it, read back by core alone. */
static OssaDocument *
read_back (const char *folder, const char *name)
{
  g_autofree char *path = g_build_filename (folder, name, NULL);
  OssaError err = { 0 };
  OssaDocument *doc = ossa_document_load (path, &err);

  g_assert_nonnull (doc);
  return doc;
}

static void
assert_ready (OssaEditor *editor)
{
  OssaImageStore *store = ossa_editor_get_images (editor);
  OssaPicture picture;

  ossa_image_store_wait (store);
  g_assert_true (ossa_image_store_get_picture (store, 0, &picture));
  g_assert_cmpint (picture.state, ==, OSSA_PICTURE_READY);
  g_assert_cmpuint (picture.width, ==, 6);
  /* 0xff336699 is opaque: premultiplied is the colour itself. */
  g_assert_cmpuint (picture.pixels[0], ==, 0x33);
  g_assert_cmpuint (picture.pixels[1], ==, 0x66);
  g_assert_cmpuint (picture.pixels[2], ==, 0x99);
  g_assert_cmpuint (picture.pixels[3], ==, 0xff);
}

static void
test_paths (Fixture *f, gconstpointer data)
{
  g_autoptr (OssaEditor) editor = open_editor (f->a, "doc.ossa");
  g_autoptr (OssaEditor) again = NULL;
  g_autofree char *head = g_build_filename (f->a, "art", "head.png", NULL);
  const OssaDocument *doc = ossa_editor_get_document (editor);
  OssaDocument *saved;

  (void) data;
  g_assert_cmpstr (doc->images[0].path, ==, head);
  assert_ready (editor);

  /* Saved where it was: as it was. */
  save_editor (editor, f->a, "doc.ossa");
  saved = read_back (f->a, "doc.ossa");
  g_assert_cmpstr (saved->images[0].path, ==, "art/head.png");
  ossa_document_free (saved);
  g_assert_cmpstr (ossa_editor_get_document (editor)->images[0].path, ==, head);

  /* Save As into a sibling folder: the copy says how to get there from it. */
  save_editor (editor, f->b, "moved.ossa");
  saved = read_back (f->b, "moved.ossa");
  g_assert_cmpstr (saved->images[0].path, ==, "../a/art/head.png");
  ossa_document_free (saved);
  g_assert_cmpstr (ossa_editor_get_document (editor)->images[0].path, ==, head);

  /* Opened from there, it finds the picture. */
  again = open_editor (f->b, "moved.ossa");
  g_assert_cmpstr (ossa_editor_get_document (again)->images[0].path, ==, head);
  assert_ready (again);
}

static void
test_embed (Fixture *f, gconstpointer data)
{
  g_autoptr (OssaEditor) editor = open_editor (f->a, "doc.ossa");
  g_autoptr (GError) error = NULL;
  g_autofree char *head = g_build_filename (f->a, "art", "head.png", NULL);
  g_autofree char *taken = g_build_filename (f->b, "head.png", NULL);
  g_autofree char *written = g_build_filename (f->b, "head-2.png", NULL);
  g_autofree char *bytes = NULL;
  gsize size;
  const OssaImage *image;
  OssaDocument *saved;

  (void) data;
  g_assert_true (ossa_editor_can_embed_images (editor));
  g_assert_false (ossa_editor_can_unembed_images (editor));
  g_assert_false (ossa_editor_unembed_images (editor, NULL, &error));
  g_assert_nonnull (strstr (error->message, "No image is embedded"));
  g_clear_error (&error);

  g_assert_true (ossa_editor_embed_images (editor, &error));
  g_assert_no_error (error);
  image = &ossa_editor_get_document (editor)->images[0];
  g_assert_null (image->path);
  g_assert_cmpmem (image->data, image->data_size, g_bytes_get_data (f->png, NULL),
                   g_bytes_get_size (f->png));
  g_assert_cmpstr (ossa_editor_get_undo_label (editor), ==, "Embed Images");
  g_assert_false (ossa_editor_can_embed_images (editor));
  g_assert_true (ossa_editor_can_unembed_images (editor));
  assert_ready (editor);

  /* The saved file holds the bytes, and draws without the file. */
  save_editor (editor, f->b, "embedded.ossa");
  g_assert_cmpint (g_unlink (head), ==, 0);
  saved = read_back (f->b, "embedded.ossa");
  g_assert_null (saved->images[0].path);
  g_assert_cmpmem (saved->images[0].data, saved->images[0].data_size,
                   g_bytes_get_data (f->png, NULL), g_bytes_get_size (f->png));
  ossa_document_free (saved);
  {
    g_autoptr (OssaEditor) reopened = open_editor (f->b, "embedded.ossa");

    assert_ready (reopened);
  }

  /* Unembed beside the document (b/), around a head.png already there. */
  g_assert_true (g_file_set_contents (taken, "someone else's", -1, NULL));
  g_assert_true (ossa_editor_unembed_images (editor, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (ossa_editor_get_undo_label (editor), ==, "Unembed Images");
  image = &ossa_editor_get_document (editor)->images[0];
  g_assert_null (image->data);
  g_assert_cmpstr (image->path, ==, written);
  g_assert_true (g_file_get_contents (taken, &bytes, &size, NULL));
  g_assert_cmpstr (bytes, ==, "someone else's");
  g_clear_pointer (&bytes, g_free);
  g_assert_true (g_file_get_contents (written, &bytes, &size, NULL));
  g_assert_cmpmem (bytes, size, g_bytes_get_data (f->png, NULL), g_bytes_get_size (f->png));
  assert_ready (editor);
  save_editor (editor, f->b, "embedded.ossa");
  saved = read_back (f->b, "embedded.ossa");
  g_assert_cmpstr (saved->images[0].path, ==, "head-2.png");
  g_assert_null (saved->images[0].data);
  ossa_document_free (saved);

  /* Undo: embedded again; undo: the path it had. */
  g_assert_true (ossa_editor_undo (editor, NULL));
  image = &ossa_editor_get_document (editor)->images[0];
  g_assert_null (image->path);
  g_assert_nonnull (image->data);
  g_assert_true (ossa_editor_undo (editor, NULL));
  image = &ossa_editor_get_document (editor)->images[0];
  g_assert_cmpstr (image->path, ==, head);
  g_assert_null (image->data);

  /* The file is gone now: embedding is refused, naming it, and nothing changes. */
  {
    guint64 edits = ossa_editor_get_n_edits (editor);

    g_assert_false (ossa_editor_embed_images (editor, &error));
    g_assert_nonnull (strstr (error->message, "head.png"));
    g_assert_cmpuint (ossa_editor_get_n_edits (editor), ==, edits);
    g_assert_cmpstr (ossa_editor_get_document (editor)->images[0].path, ==, head);
    g_clear_error (&error);
  }
  ossa_image_store_wait (ossa_editor_get_images (editor));
}

static void
test_unembed_unsaved (void)
{
  g_autoptr (OssaEditor) editor = ossa_editor_new ();
  g_autoptr (GBytes) png = art_test_png (2, 2, 0xff000000);
  g_autoptr (GError) error = NULL;
  OssaDocument *doc = ossa_document_new ();
  OssaError err = { 0 };
  OssaCommand *cmd = ossa_command_add_image (doc, "dot", NULL, g_bytes_get_data (png, NULL),
                                             g_bytes_get_size (png), 2, 2, &err);

  g_assert_true (ossa_command_apply (cmd, doc, &err));
  ossa_command_free (cmd);
  ossa_editor_take_document (editor, doc);
  g_assert_false (ossa_editor_unembed_images (editor, NULL, &error));
  g_assert_nonnull (strstr (error->message, "save the document first"));
  g_assert_nonnull (ossa_editor_get_document (editor)->images[0].data);
  ossa_image_store_wait (ossa_editor_get_images (editor));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/editor-art-files/paths", Fixture, NULL, set_up, test_paths, tear_down);
  g_test_add ("/editor-art-files/embed", Fixture, NULL, set_up, test_embed, tear_down);
  g_test_add_func ("/editor-art-files/unembed-unsaved", test_unembed_unsaved);
  return g_test_run ();
}
