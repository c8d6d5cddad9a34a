/* SPDX-License-Identifier: GPL-3.0-or-later */
/* .ossa files on disk: saving refuses invalid documents, keeps permissions and
 * symbolic links, and is atomic (a save that fails halfway, over a folder, into a
 * missing one or on a full disk leaves the old file byte for byte and no temporary
 * file); load errors name the file and the cause. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "test-io-support.h"
#include "../support/test-folder.h"

static void
test_save_refuses_invalid (void)
{
  OssaDocument *doc = make_document ();
  char *dir = g_dir_make_tmp ("ossa-io-XXXXXX", NULL);
  char *path = g_build_filename (dir, "bad.ossa", NULL);
  OssaError err = { 0 };
  uint8_t *data = NULL;
  size_t size = 0;

  doc->skeleton.bones[1].rest.y = NAN;
  g_assert_false (ossa_document_to_bytes (doc, &data, &size, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_INVALID);
  g_assert_nonnull (strstr (err.message, "bone 1 'arm'"));
  g_assert_false (ossa_document_save (doc, path, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_INVALID);
  g_assert_cmpstr (err.path, ==, path);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_rmdir (dir);
  g_free (path);
  g_free (dir);
  ossa_document_free (doc);
}

static void
assert_file_is (const char *path, const char *want)
{
  char *contents = NULL;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_assert_cmpmem (contents, len, want, strlen (want));
  g_free (contents);
}

static void
test_save_and_load (void)
{
  OssaDocument *doc = make_document ();
  char *dir = g_dir_make_tmp ("ossa-io-XXXXXX", NULL);
  char *path = g_build_filename (dir, "walk.ossa", NULL);
  OssaError err = { 0 };
  OssaDocument *back;
  char *names;
  struct stat st;
  mode_t mask = umask (022);

  umask (mask);
  g_assert_true (ossa_document_save (doc, path, &err));
  g_assert_cmpint (stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0666 & ~mask);
  back = ossa_document_load (path, &err);
  g_assert_nonnull (back);
  assert_same_document (doc, back);
  ossa_document_free (back);

  /* Saving again keeps the file's permissions and leaves nothing else behind. */
  g_assert_cmpint (chmod (path, 0640), ==, 0);
  g_assert_true (ossa_document_save (doc, path, &err));
  g_assert_cmpint (stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);
  names = test_folder_list (dir);
  g_assert_cmpstr (names, ==, "walk.ossa");
  g_free (names);

  remove_tree (dir);
  g_free (path);
  g_free (dir);
  ossa_document_free (doc);
}

/* A save through a symbolic link replaces the file it points to. */
static void
test_save_through_symlink (void)
{
  OssaDocument *doc = make_document ();
  char *dir = g_dir_make_tmp ("ossa-io-XXXXXX", NULL);
  char *real = g_build_filename (dir, "real.ossa", NULL);
  char *link = g_build_filename (dir, "link.ossa", NULL);
  OssaError err = { 0 };
  OssaDocument *back;
  char *names;

  g_assert_true (g_file_set_contents (real, "old", -1, NULL));
  g_assert_cmpint (symlink ("real.ossa", link), ==, 0);
  g_assert_true (ossa_document_save (doc, link, &err));
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  back = ossa_document_load (real, &err);
  g_assert_nonnull (back);
  ossa_document_free (back);
  names = test_folder_list (dir);
  g_assert_cmpstr (names, ==, "link.ossa real.ossa");
  g_free (names);
  remove_tree (dir);
  g_free (link);
  g_free (real);
  g_free (dir);
  ossa_document_free (doc);
}

static void
test_load_errors (void)
{
  char *dir = g_dir_make_tmp ("ossa-io-XXXXXX", NULL);
  char *missing = g_build_filename (dir, "missing.ossa", NULL);
  char *junk = g_build_filename (dir, "junk.ossa", NULL);
  char *huge = g_build_filename (dir, "huge.ossa", NULL);
  OssaError err = { 0 };
  uint8_t *data;
  size_t size;
  int fd;

  g_assert_null (ossa_document_load (missing, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_IO);
  g_assert_cmpint (err.errno_value, ==, ENOENT);
  g_assert_cmpstr (err.path, ==, missing);
  g_assert_cmpstr (err.message, ==, "cannot open: No such file or directory");

  ossa_error_clear (&err);
  g_assert_null (ossa_document_load (dir, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_IO);
  g_assert_cmpint (err.errno_value, ==, EISDIR);

  /* Format errors name the file too. */
  ossa_error_clear (&err);
  g_assert_true (g_file_set_contents (junk, "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff", -1, NULL));
  g_assert_null (ossa_document_load (junk, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_FORMAT);
  g_assert_cmpint (err.errno_value, ==, 0);
  g_assert_cmpstr (err.path, ==, junk);

  /* ossa_file_read: the cap, and an empty file (a buffer of nothing). */
  ossa_error_clear (&err);
  g_assert_false (ossa_file_read (junk, 10, &data, &size, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_LIMIT);
  g_assert_true (ossa_file_read (junk, 11, &data, &size, &err));
  g_assert_cmpuint (size, ==, 11);
  free (data);
  g_assert_true (g_file_set_contents (junk, "", 0, NULL));
  g_assert_true (ossa_file_read (junk, 11, &data, &size, &err));
  g_assert_cmpuint (size, ==, 0);
  free (data);

  /* ossa_file_read_fd: the same from an open file, which stays open; the cap. */
  g_assert_true (g_file_set_contents (junk, "0123456789", 10, NULL));
  fd = open (junk, O_RDONLY);
  g_assert_cmpint (fd, >=, 0);
  g_assert_false (ossa_file_read_fd (fd, junk, 9, &data, &size, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_LIMIT);
  g_assert_cmpstr (err.path, ==, junk);
  g_assert_true (ossa_file_read_fd (fd, junk, 10, &data, &size, &err));
  g_assert_cmpuint (size, ==, 10);
  g_assert_cmpmem (data, size, "0123456789", 10);
  free (data);
  g_assert_cmpint (close (fd), ==, 0);

  /* A sparse file over OSSA_MAX_FILE_SIZE is refused by its size alone. */
  ossa_error_clear (&err);
  fd = open (huge, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) OSSA_MAX_FILE_SIZE + 1), ==, 0);
  close (fd);
  g_assert_null (ossa_document_load (huge, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_LIMIT);
  g_assert_nonnull (strstr (err.message, "536870913 bytes"));

  remove_tree (dir);
  g_free (huge);
  g_free (junk);
  g_free (missing);
  g_free (dir);
}

/* A failed save leaves the old file byte for byte and no temporary file. */
static void
test_save_over_directory (void)
{
  OssaDocument *doc = make_document ();
  char *dir = g_dir_make_tmp ("ossa-io-XXXXXX", NULL);
  char *target = g_build_filename (dir, "doc.ossa", NULL);
  char *inner = g_build_filename (target, "keep", NULL);
  OssaError err = { 0 };
  char *names;

  g_assert_cmpint (g_mkdir (target, 0755), ==, 0);
  g_assert_true (g_file_set_contents (inner, "inside", -1, NULL));
  g_assert_false (ossa_document_save (doc, target, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_IO);
  g_assert_cmpint (err.errno_value, ==, EISDIR);
  g_assert_cmpstr (err.message, ==, "cannot write: Is a directory");
  g_assert_cmpstr (err.path, ==, target);
  g_assert_true (g_file_test (target, G_FILE_TEST_IS_DIR));
  assert_file_is (inner, "inside");
  names = test_folder_list (dir);
  g_assert_cmpstr (names, ==, "doc.ossa");
  g_free (names);
  remove_tree (dir);
  g_free (inner);
  g_free (target);
  g_free (dir);
  ossa_document_free (doc);
}

static void
test_save_into_missing_folder (void)
{
  OssaDocument *doc = make_document ();
  char *dir = g_dir_make_tmp ("ossa-io-XXXXXX", NULL);
  char *target = g_build_filename (dir, "nowhere", "doc.ossa", NULL);
  OssaError err = { 0 };
  char *names;

  g_assert_false (ossa_document_save (doc, target, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_IO);
  g_assert_cmpint (err.errno_value, ==, ENOENT);
  g_assert_nonnull (strstr (err.message, "No such file or directory"));
  g_assert_cmpstr (err.path, ==, target);
  names = test_folder_list (dir);
  g_assert_cmpstr (names, ==, "");
  g_free (names);
  remove_tree (dir);
  g_free (target);
  g_free (dir);
  ossa_document_free (doc);
}

/* The disk fills up halfway: a file size limit makes write() fail with EFBIG
 * (SIGXFSZ ignored), in a child so that the limit does not outlive the test. CI
 * runs as root, where read-only folders would not fail; this does. */
static void
test_save_disk_full (void)
{
  OssaDocument *doc = make_document ();
  char *dir = g_dir_make_tmp ("ossa-io-XXXXXX", NULL);
  char *target = g_build_filename (dir, "doc.ossa", NULL);
  static const char old[] = "the old file, which must survive";
  GBytes *bytes = document_bytes (doc);
  int status = 0;
  char *names;
  pid_t pid;

  g_assert_cmpuint (g_bytes_get_size (bytes), >, 64);
  g_assert_true (g_file_set_contents (target, old, -1, NULL));
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      struct rlimit limit = { 64, 64 };
      OssaError err = { 0 };
      bool ok;

      signal (SIGXFSZ, SIG_IGN);
      if (setrlimit (RLIMIT_FSIZE, &limit) != 0)
        _exit (10);
      ok = ossa_document_save (doc, target, &err);
      if (ok)
        _exit (11);
      if (err.code != OSSA_ERROR_IO || err.errno_value != EFBIG)
        _exit (12);
      if (strcmp (err.message, "cannot write: File too large") != 0)
        _exit (13);
      if (strcmp (err.path, target) != 0)
        _exit (14);
      _exit (0);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  assert_file_is (target, old);
  names = test_folder_list (dir);
  g_assert_cmpstr (names, ==, "doc.ossa");
  g_free (names);
  remove_tree (dir);
  g_bytes_unref (bytes);
  g_free (target);
  g_free (dir);
  ossa_document_free (doc);
}

/* Bytes written to a new file, and the same bytes replacing an old one. */
static void
test_write_atomic (void)
{
  char *dir = g_dir_make_tmp ("ossa-io-XXXXXX", NULL);
  char *target = g_build_filename (dir, "data.bin", NULL);
  char *slash = g_strconcat (dir, "/", NULL);
  OssaError err = { 0 };
  char *names;

  g_assert_true (ossa_file_write_atomic (target, "first", 5, &err));
  assert_file_is (target, "first");
  g_assert_true (ossa_file_write_atomic (target, "second!", 7, &err));
  assert_file_is (target, "second!");
  g_assert_true (ossa_file_write_atomic (target, "", 0, &err));
  assert_file_is (target, "");
  g_assert_false (ossa_file_write_atomic (slash, "x", 1, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_IO);
  g_assert_cmpint (err.errno_value, ==, EISDIR);
  g_assert_false (ossa_file_write_atomic ("/dev/null", "x", 1, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_IO);
  g_assert_true (g_file_test ("/dev/null", G_FILE_TEST_EXISTS));
  names = test_folder_list (dir);
  g_assert_cmpstr (names, ==, "data.bin");
  g_free (names);
  remove_tree (dir);
  g_free (slash);
  g_free (target);
  g_free (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/io/save-refuses-invalid", test_save_refuses_invalid);
  g_test_add_func ("/io/save-and-load", test_save_and_load);
  g_test_add_func ("/io/save-through-symlink", test_save_through_symlink);
  g_test_add_func ("/io/load-errors", test_load_errors);
  g_test_add_func ("/io/save-over-directory", test_save_over_directory);
  g_test_add_func ("/io/save-into-missing-folder", test_save_into_missing_folder);
  g_test_add_func ("/io/save-disk-full", test_save_disk_full);
  g_test_add_func ("/io/write-atomic", test_write_atomic);
  return g_test_run ();
}
