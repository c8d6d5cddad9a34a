/* SPDX-License-Identifier: GPL-3.0-or-later */
/* .ossa loading of bytes that are not a document, or not all of one: empty files,
 * garbage, a memory bomb, the size limit, every truncation and mutation fuzzing;
 * never a crash or a half-valid document. */
#include <string.h>

#include <glib.h>

#include "test-io-support.h"

static void
test_empty (void)
{
  GBytes *empty = g_bytes_new (NULL, 0);

  assert_load_fails (empty, OSSA_ERROR_FORMAT, "the file is empty");
  g_bytes_unref (empty);
}

static void
test_garbage (void)
{
  static const uint8_t junk[] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                  0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
  static const char text[] = "<?xml version=\"1.0\"?><skeleton/>";
  GBytes *bytes = g_bytes_new_static (junk, sizeof junk);

  assert_load_fails (bytes, OSSA_ERROR_FORMAT, "not a valid Ossa document (protobuf decoding failed)");
  g_bytes_unref (bytes);
  /* Text may happen to parse as unknown protobuf fields; it is refused either way. */
  bytes = g_bytes_new_static (text, sizeof text - 1);
  assert_load_fails (bytes, OSSA_ERROR_FORMAT, "not a");
  g_bytes_unref (bytes);
}

/* Sizes are checked before a byte is looked at (the data pointer is never read). */
static void
test_size_limit (void)
{
  static const uint8_t one = 0x08;
  OssaError err = { 0 };

  g_assert_null (ossa_document_load_bytes (&one, OSSA_MAX_FILE_SIZE + 1, NULL, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_LIMIT);
  g_assert_nonnull (strstr (err.message, "limit 536870912"));
  g_assert_cmpstr (err.path, ==, "");
}

/* Either a valid document or an error; never a crash or a half-valid document.
 * True when it loaded. */
static bool
check_any_bytes (const uint8_t *data, size_t size)
{
  uint8_t *copy = g_malloc (size ? size : 1);
  OssaError err = { 0 };
  OssaDocument *doc;

  memcpy (copy, data, size);
  doc = ossa_document_load_bytes (copy, size, "fuzz.ossa", &err);
  g_free (copy);
  if (doc == NULL)
    {
      g_assert_cmpint (err.code, !=, OSSA_ERROR_NONE);
      g_assert_cmpint (err.code, !=, OSSA_ERROR_NO_MEMORY);
      g_assert_cmpuint (strlen (err.message), >, 0);
      g_assert_cmpstr (err.path, ==, "fuzz.ossa");
      return false;
    }
  g_assert_true (ossa_document_validate (doc, NULL));
  /* What loads can be saved and loaded again, unchanged (a document without a
   * generator is saved as written by "Ossa"). */
  if (doc->generator == NULL)
    doc->generator = strdup ("Ossa");
  {
    GBytes *again = document_bytes (doc);
    OssaDocument *copy_doc = assert_load_works (again);

    assert_same_document (doc, copy_doc);
    ossa_document_free (copy_doc);
    g_bytes_unref (again);
  }
  ossa_document_free (doc);
  return true;
}

static void
test_truncated (void)
{
  GBytes *bytes = make_document_bytes ();
  gsize size;
  const uint8_t *data = g_bytes_get_data (bytes, &size);
  size_t loaded = 0;

  for (size_t len = 0; len < size; len++)
    loaded += check_any_bytes (data, len);
  g_test_message ("%zu of %zu truncations loaded", loaded, size);
  g_bytes_unref (bytes);
}

static void
test_fuzz (void)
{
  GBytes *bytes = make_document_bytes ();
  gsize size;
  const uint8_t *data = g_bytes_get_data (bytes, &size);
  GRand *rand = g_rand_new_with_seed (20240611);
  uint8_t *buf = g_malloc (size + 64);
  int loaded = 0;

  for (int round = 0; round < 4000; round++)
    {
      size_t len = size;
      int edits = g_rand_int_range (rand, 1, 5);

      memcpy (buf, data, size);
      for (int e = 0; e < edits && len > 0; e++)
        {
          size_t at = (size_t) g_rand_int_range (rand, 0, (gint32) len);

          switch (g_rand_int_range (rand, 0, 5))
            {
            case 0:  /* flip a bit */
              buf[at] ^= (uint8_t) (1u << g_rand_int_range (rand, 0, 8));
              break;
            case 1:  /* any byte */
              buf[at] = (uint8_t) g_rand_int_range (rand, 0, 256);
              break;
            case 2:  /* a byte that makes lengths and varints large */
              buf[at] = g_rand_boolean (rand) ? 0xff : 0x7f;
              break;
            case 3:  /* truncate */
              len = at;
              break;
            default:  /* drop a byte */
              memmove (buf + at, buf + at + 1, len - at - 1);
              len--;
              break;
            }
        }
      loaded += check_any_bytes (buf, len);
    }
  /* Enough mutants must load for the load-save-load path to be exercised. */
  g_test_message ("%d of 4000 mutants loaded", loaded);
  g_assert_cmpint (loaded, >, 100);
  g_free (buf);
  g_rand_free (rand);
  g_bytes_unref (bytes);
}

/* A few megabytes of empty Track messages (2 bytes each in the file, ~150 bytes
 * each once unpacked) must be refused for the memory they would need, not
 * unpacked into gigabytes. */
static void
test_memory_bomb (void)
{
  const size_t n_tracks = 2u << 20;
  size_t body = 2 * n_tracks;
  GByteArray *bytes = g_byte_array_new ();
  guint8 head[16];
  size_t n = 0, v;
  OssaError err = { 0 };
  OssaDocument *doc;

  head[n++] = 0x08;  /* format_version: 1 */
  head[n++] = 0x01;
  head[n++] = 0x22;  /* animations: length-delimited */
  for (v = body; v >= 0x80; v >>= 7)
    head[n++] = (guint8) (v | 0x80);
  head[n++] = (guint8) v;
  g_byte_array_append (bytes, head, (guint) n);
  for (size_t i = 0; i < n_tracks; i++)
    g_byte_array_append (bytes, (const guint8 *) "\x2a\x00", 2);  /* tracks: empty */
  doc = ossa_document_load_bytes (bytes->data, bytes->len, "bomb.ossa", &err);
  g_assert_null (doc);
  g_assert_cmpint (err.code, ==, OSSA_ERROR_LIMIT);
  g_assert_nonnull (strstr (err.message, "more than"));
  g_assert_cmpstr (err.path, ==, "bomb.ossa");
  g_byte_array_unref (bytes);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/io/empty", test_empty);
  g_test_add_func ("/io/garbage", test_garbage);
  g_test_add_func ("/io/memory-bomb", test_memory_bomb);
  g_test_add_func ("/io/size-limit", test_size_limit);
  g_test_add_func ("/io/truncated", test_truncated);
  g_test_add_func ("/io/fuzz", test_fuzz);
  return g_test_run ();
}
