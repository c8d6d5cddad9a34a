/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The editor's picture store, as the canvas sees it: a document with a PNG of
 * known pixels, a path that does not exist, a text file named .png and an
 * embedded PNG gives READY with premultiplied pixels, MISSING and BROKEN with
 * messages naming the files and the placeholder sizes the document records;
 * clicks hit opaque pixels only; the document is never changed; the PNG
 * replaced on disk as Krita saves (a temporary file renamed over it) comes back
 * as the new pixels with "pictures-changed"; the missing file written comes in;
 * removing an image renumbers the others without reading them again. */
#define G_LOG_DOMAIN "test-image-store"

#include "config.h"

#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <png.h>

#include "ossa-command.h"
#include "ossa-editor.h"
#include "ossa-image-store.h"
#include "ossa-io.h"

/* 4 × 2 straight RGBA: opaque, half, clear, a quarter (hit), just under a
 * quarter (no hit), white, nearly clear, nearly opaque. */
static const guint8 pixels_a[4 * 2 * 4] = {
  255, 0, 0, 255,     0, 255, 0, 128,     0, 0, 255, 0,      200, 100, 50, 64,
  10, 20, 30, 63,     255, 255, 255, 255, 100, 150, 200, 1,  50, 60, 70, 254,
};

/* 2 × 2: what the artist saves next. */
static const guint8 pixels_b[2 * 2 * 4] = {
  0, 0, 255, 255,  0, 0, 0, 0,
  0, 0, 0, 0,      90, 180, 30, 200,
};

static GBytes *
png_bytes (const guint8 *pixels, guint width, guint height)
{
  png_image image = { .version = PNG_IMAGE_VERSION, .width = width, .height = height,
                      .format = PNG_FORMAT_RGBA };
  png_alloc_size_t size = 0;
  guint8 *buffer;

  g_assert_true (png_image_write_to_memory (&image, NULL, &size, 0, pixels, 0, NULL));
  buffer = g_malloc (size);
  g_assert_true (png_image_write_to_memory (&image, buffer, &size, 0, pixels, 0, NULL));
  return g_bytes_new_take (buffer, size);
}

/* Writes as an artist's program does: a temporary file, renamed over the old. */
static void
save_like_krita (const char *path, GBytes *bytes)
{
  g_autofree char *tmp = g_strconcat (path, ".tmp~", NULL);

  g_assert_true (g_file_set_contents (tmp, g_bytes_get_data (bytes, NULL),
                                      (gssize) g_bytes_get_size (bytes), NULL));
  g_assert_cmpint (g_rename (tmp, path), ==, 0);
}

static void
assert_premultiplied (const OssaPicture *picture, const guint8 *straight, guint width,
                      guint height)
{
  g_assert_cmpint (picture->state, ==, OSSA_PICTURE_READY);
  g_assert_cmpuint (picture->width, ==, width);
  g_assert_cmpuint (picture->height, ==, height);
  g_assert_nonnull (picture->pixels);
  for (guint i = 0; i < width * height; i++)
    {
      const guint8 *s = straight + 4 * i;
      const guint8 *p = picture->pixels + 4 * i;

      for (guint c = 0; c < 3; c++)
        g_assert_cmpuint (p[c], ==, (s[c] * s[3] + 127u) / 255u);
      g_assert_cmpuint (p[3], ==, s[3]);
    }
}

static GBytes *
save_bytes (OssaEditor *editor, const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "snapshot.ossa", NULL);
  OssaError err = { 0 };
  char *data;
  gsize size;

  g_assert_true (ossa_document_save (ossa_editor_get_document (editor), path, &err));
  g_assert_true (g_file_get_contents (path, &data, &size, NULL));
  g_unlink (path);
  return g_bytes_new_take (data, size);
}

static void
add_image (OssaDocument *doc, const char *name, const char *path, GBytes *data,
           guint width, guint height)
{
  OssaError err = { 0 };
  OssaCommand *cmd = ossa_command_add_image (doc, name, path,
                                             data ? g_bytes_get_data (data, NULL) : NULL,
                                             data ? g_bytes_get_size (data) : 0,
                                             width, height, &err);

  g_assert_nonnull (cmd);
  g_assert_true (ossa_command_apply (cmd, doc, &err));
  ossa_command_free (cmd);
}

static void
count (OssaImageStore *store, gpointer data)
{
  (void) store;
  (*(guint *) data)++;
}

static gboolean
timed_out (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main context until picture image has a serial other than old and is
 * READY or the state wanted, at most 5 s. */
static void
wait_for_new (OssaImageStore *store, guint image, guint64 old, OssaPictureState state)
{
  gboolean late = FALSE;
  guint timeout = g_timeout_add_seconds (5, timed_out, &late);
  OssaPicture picture;

  for (;;)
    {
      g_assert_true (ossa_image_store_get_picture (store, image, &picture));
      if (picture.serial != old && picture.state == state)
        break;
      g_assert_false (late);
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (timeout);
}

static void
test_store (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-image-store-XXXXXX", NULL);
  g_autofree char *head = g_build_filename (dir, "head.png", NULL);
  g_autofree char *arm = g_build_filename (dir, "arm.png", NULL);
  g_autofree char *notes = g_build_filename (dir, "notes.png", NULL);
  g_autoptr (GBytes) a = png_bytes (pixels_a, 4, 2);
  g_autoptr (GBytes) b = png_bytes (pixels_b, 2, 2);
  g_autoptr (GBytes) before = NULL;
  g_autoptr (GBytes) after = NULL;
  g_autoptr (OssaEditor) editor = ossa_editor_new ();
  OssaDocument *doc = ossa_document_new ();
  OssaImageStore *store;
  OssaPicture picture;
  guint64 serial, arm_serial;
  guint changes = 0;

  g_assert_true (g_file_set_contents (head, g_bytes_get_data (a, NULL),
                                      (gssize) g_bytes_get_size (a), NULL));
  g_assert_true (g_file_set_contents (notes, "not a picture\n", -1, NULL));
  add_image (doc, "head", head, NULL, 4, 2);
  add_image (doc, "arm", arm, NULL, 30, 40);
  add_image (doc, "notes", notes, NULL, 10, 20);
  add_image (doc, "hand", NULL, a, 4, 2);
  ossa_editor_take_document (editor, doc);
  store = ossa_editor_get_images (editor);
  g_signal_connect (store, "pictures-changed", G_CALLBACK (count), &changes);
  before = save_bytes (editor, dir);

  ossa_image_store_wait (store);
  g_assert_false (ossa_image_store_is_loading (store));
  g_assert_cmpuint (ossa_image_store_get_n_pictures (store), ==, 4);

  g_assert_true (ossa_image_store_get_picture (store, 0, &picture));
  assert_premultiplied (&picture, pixels_a, 4, 2);
  g_assert_null (picture.message);
  serial = picture.serial;

  g_assert_true (ossa_image_store_get_picture (store, 1, &picture));
  g_assert_cmpint (picture.state, ==, OSSA_PICTURE_MISSING);
  g_assert_null (picture.pixels);
  g_assert_cmpuint (picture.width, ==, 30);
  g_assert_cmpuint (picture.height, ==, 40);
  g_assert_nonnull (strstr (picture.message, "arm.png"));
  g_assert_cmpstr (picture.reason, ==, "no such file");
  arm_serial = picture.serial;

  g_assert_true (ossa_image_store_get_picture (store, 2, &picture));
  g_assert_cmpint (picture.state, ==, OSSA_PICTURE_BROKEN);
  g_assert_cmpuint (picture.width, ==, 10);
  g_assert_cmpuint (picture.height, ==, 20);
  g_assert_nonnull (strstr (picture.message, "notes.png"));
  g_assert_cmpstr (picture.reason, ==, "not a PNG image");

  g_assert_true (ossa_image_store_get_picture (store, 3, &picture));
  assert_premultiplied (&picture, pixels_a, 4, 2);
  g_assert_false (ossa_image_store_get_picture (store, 4, &picture));

  /* Clicks: opaque from a quarter up; a placeholder is solid in its box. */
  g_assert_true (ossa_image_store_hit (store, 0, 0.125, 0.25));
  g_assert_false (ossa_image_store_hit (store, 0, 0.625, 0.25));
  g_assert_true (ossa_image_store_hit (store, 0, 0.875, 0.25));
  g_assert_false (ossa_image_store_hit (store, 0, 0.125, 0.75));
  g_assert_false (ossa_image_store_hit (store, 0, 0.625, 0.75));
  g_assert_true (ossa_image_store_hit (store, 0, 1.0, 1.0));
  g_assert_false (ossa_image_store_hit (store, 0, 1.5, 0.5));
  g_assert_true (ossa_image_store_hit (store, 1, 0.5, 0.5));
  g_assert_false (ossa_image_store_hit (store, 1, -0.1, 0.5));

  /* The artist saves a new head: the store follows, the document does not. */
  changes = 0;
  save_like_krita (head, b);
  wait_for_new (store, 0, serial, OSSA_PICTURE_READY);
  g_assert_true (ossa_image_store_get_picture (store, 0, &picture));
  assert_premultiplied (&picture, pixels_b, 2, 2);
  while (changes == 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (ossa_image_store_hit (store, 0, 0.25, 0.25));
  g_assert_false (ossa_image_store_hit (store, 0, 0.75, 0.25));

  /* The missing arm is drawn at last. */
  save_like_krita (arm, a);
  wait_for_new (store, 1, arm_serial, OSSA_PICTURE_READY);
  g_assert_true (ossa_image_store_get_picture (store, 1, &picture));
  assert_premultiplied (&picture, pixels_a, 4, 2);
  arm_serial = picture.serial;

  /* And gone again. */
  g_assert_cmpint (g_unlink (arm), ==, 0);
  wait_for_new (store, 1, arm_serial, OSSA_PICTURE_MISSING);
  g_assert_true (ossa_image_store_get_picture (store, 1, &picture));
  g_assert_cmpuint (picture.width, ==, 30);
  arm_serial = picture.serial;

  ossa_image_store_wait (store);
  after = save_bytes (editor, dir);
  g_assert_true (g_bytes_equal (before, after));

  /* The head goes: the others move up, as they were, unread. */
  g_assert_true (ossa_editor_remove_image (editor, 0, TRUE, NULL));
  g_assert_cmpuint (ossa_image_store_get_n_pictures (store), ==, 3);
  g_assert_false (ossa_image_store_is_loading (store));
  g_assert_true (ossa_image_store_get_picture (store, 0, &picture));
  g_assert_cmpint (picture.state, ==, OSSA_PICTURE_MISSING);
  g_assert_cmpuint (picture.serial, ==, arm_serial);
  g_assert_true (ossa_image_store_get_picture (store, 2, &picture));
  assert_premultiplied (&picture, pixels_a, 4, 2);

  /* Undone: the head is read again (a new entry), and READY. */
  g_assert_true (ossa_editor_undo (editor, NULL));
  g_assert_cmpuint (ossa_image_store_get_n_pictures (store), ==, 4);
  ossa_image_store_wait (store);
  g_assert_true (ossa_image_store_get_picture (store, 0, &picture));
  assert_premultiplied (&picture, pixels_b, 2, 2);

  g_unlink (head);
  g_unlink (notes);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/image-store/read-watch-renumber", test_store);
  return g_test_run ();
}
