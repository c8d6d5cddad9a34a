/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Saves that cannot hurt: a save killed at any moment leaves the old file or the
 * new one, whole, and the next save in the folder removes the temporary files of
 * dead saves (never one a live save is writing); a save through a symbolic link,
 * dangling too, writes the file at its end and keeps the link; a full disk (the
 * tests/support shim) or a folder removed under a document fails with a clear
 * message and the old file intact; a pipe or a device is refused at once, never
 * waited on. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "test-io-support.h"
#include "../support/test-folder.h"

/* Kills of the kill-during-save test (OSSA_KILLS runs more); OSSA_KILL_SEED picks
 * another series of moments. */
#define N_KILLS 100

/* How many entries of dir are not called name. */
static guint
count_others (const char *dir, const char *name)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  const char *entry;
  guint n = 0;

  g_assert_nonnull (d);
  while ((entry = g_dir_read_name (d)) != NULL)
    n += strcmp (entry, name) != 0;
  g_dir_close (d);
  return n;
}

static GBytes *
read_bytes (const char *path)
{
  char *contents = NULL;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  return g_bytes_new_take (contents, len);
}

static void
assert_file_is (const char *path, const char *want)
{
  GBytes *bytes = read_bytes (path);

  g_assert_cmpmem (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), want, strlen (want));
  g_bytes_unref (bytes);
}

static void
write_file (const char *path, const char *contents)
{
  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
}

/* A file's modification time moved back by seconds. */
static void
age_file (const char *path, int seconds)
{
  struct timespec times[2];

  times[0].tv_sec = times[1].tv_sec = time (NULL) - seconds;
  times[0].tv_nsec = times[1].tv_nsec = 0;
  g_assert_cmpint (utimensat (AT_FDCWD, path, times, AT_SYMLINK_NOFOLLOW), ==, 0);
}

/* ---- temporary files of dead saves ---- */

/* What the next save in a folder removes, and what it leaves: the temporary files
 * of dead saves go (ours whatever the name they were for, the old naming of this
 * target once a minute old); a temporary file whose save still runs (its lock
 * held, here by another open of it), a fresh one of the old naming, another
 * program's files, a link or a folder named like one stay. */
static void
test_stale_temps_removed (void)
{
  OssaDocument *doc = make_document ();
  char *dir = g_dir_make_tmp ("ossa-io-safety-XXXXXX", NULL);
  char *target = g_build_filename (dir, "walk.ossa", NULL);
  char *dead = g_build_filename (dir, ".walk.ossa.Ab3dE9.ossa-tmp", NULL);
  char *dead_other = g_build_filename (dir, ".idle.ossa.zzzzzz.ossa-tmp", NULL);
  char *live = g_build_filename (dir, ".walk.ossa.LiVe42.ossa-tmp", NULL);
  char *legacy_old = g_build_filename (dir, ".walk.ossa.Qw3rty", NULL);
  char *legacy_new = g_build_filename (dir, ".walk.ossa.Fresh1", NULL);
  char *legacy_other = g_build_filename (dir, ".idle.ossa.Qw3rty", NULL);
  char *swap = g_build_filename (dir, ".walk.ossa.swp", NULL);
  char *notes = g_build_filename (dir, "notes.txt", NULL);
  char *link = g_build_filename (dir, ".link.ossa.Ab3dE9.ossa-tmp", NULL);
  char *folder = g_build_filename (dir, ".dir.ossa.Ab3dE9.ossa-tmp", NULL);
  OssaError err = { 0 };
  char *names;
  int live_fd;

  write_file (dead, "a save killed halfway");
  write_file (dead_other, "a save of another file, killed");
  write_file (live, "a save still writing");
  write_file (legacy_old, "an old version's save, killed long ago");
  write_file (legacy_new, "maybe rsync's, being written");
  write_file (legacy_other, "an old temporary file of another name: not ours to judge");
  write_file (swap, "an editor's swap file");
  write_file (notes, "notes");
  age_file (legacy_old, 3600);
  age_file (legacy_other, 3600);
  age_file (dead, 3600);
  g_assert_cmpint (symlink ("notes.txt", link), ==, 0);
  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  live_fd = open (live, O_RDONLY | O_CLOEXEC);
  g_assert_cmpint (live_fd, >=, 0);
  g_assert_cmpint (flock (live_fd, LOCK_EX), ==, 0);

  g_assert_true (ossa_document_save (doc, target, &err));
  names = test_folder_list (dir);
  g_assert_cmpstr (names, ==, ".dir.ossa.Ab3dE9.ossa-tmp .idle.ossa.Qw3rty .link.ossa.Ab3dE9.ossa-tmp "
                              ".walk.ossa.Fresh1 .walk.ossa.LiVe42.ossa-tmp .walk.ossa.swp "
                              "notes.txt walk.ossa");
  g_free (names);
  assert_file_is (live, "a save still writing");
  assert_file_is (notes, "notes");

  /* Its save ends (the lock goes with the last descriptor): the next save takes it. */
  close (live_fd);
  g_assert_true (ossa_document_save (doc, target, &err));
  g_assert_false (g_file_test (live, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (legacy_new, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));

  remove_tree (dir);
  g_free (folder);
  g_free (link);
  g_free (notes);
  g_free (swap);
  g_free (legacy_other);
  g_free (legacy_new);
  g_free (legacy_old);
  g_free (live);
  g_free (dead_other);
  g_free (dead);
  g_free (target);
  g_free (dir);
  ossa_document_free (doc);
}

/* ---- killed in the middle of a save ---- */

/* make_document() and a map of 3 MB whose walls come from seed: large
 * enough that a save takes milliseconds, so that kills land in every part of it
 * (serialising, writing, syncing, renaming). */
static OssaDocument *
make_large_document (guint32 seed)
{
  OssaDocument *doc = make_document ();
  GRand *rng = g_rand_new_with_seed (seed);
  OssaGridMap map;
  OssaError err = { 0 };

  g_assert_true (ossa_grid_map_init (&map, "terrain", 2048, 1536, &err));
  for (size_t i = 0; i < (size_t) map.width * map.height; i++)
    map.cells[i] = g_rand_int_range (rng, 0, 4) != 0;
  g_assert_cmpint (ossa_document_take_map (doc, &map, &err), >=, 0);
  g_rand_free (rng);
  return doc;
}

static gboolean
bytes_equal_file (GBytes *want, GBytes *got)
{
  return g_bytes_equal (want, got);
}

/* A process saving two large documents in turn over one file is killed (SIGKILL)
 * N_KILLS times at random moments (seeded: the same series each run). After each
 * kill the file loads and is bit for bit one of the two; after the last, the
 * next save leaves the folder holding the file alone. */
static void
test_kill_during_save (void)
{
  const char *seed_text = g_getenv ("OSSA_KILL_SEED");
  const char *kills_text = g_getenv ("OSSA_KILLS");
  guint32 seed = seed_text != NULL ? (guint32) g_ascii_strtoull (seed_text, NULL, 10) : 13;
  int n_kills = kills_text != NULL ? (int) g_ascii_strtoull (kills_text, NULL, 10) : N_KILLS;
  OssaDocument *docs[2] = { make_large_document (1), make_large_document (2) };
  GBytes *bytes[2] = { document_bytes (docs[0]), document_bytes (docs[1]) };
  char *dir = g_dir_make_tmp ("ossa-io-kill-XXXXXX", NULL);
  char *target = g_build_filename (dir, "big.ossa", NULL);
  GRand *rng = g_rand_new_with_seed (seed);
  guint seen[2] = { 0, 0 }, temps_seen = 0, max_temps = 0;
  OssaError err = { 0 };
  gint64 t0, save_us;
  char *names;

  g_test_message ("%d kills, seed %u (OSSA_KILL_SEED), documents of %zu and %zu bytes",
                  n_kills, seed, g_bytes_get_size (bytes[0]), g_bytes_get_size (bytes[1]));
  g_assert_false (g_bytes_equal (bytes[0], bytes[1]));
  g_assert_true (ossa_document_save (docs[0], target, &err));
  t0 = g_get_monotonic_time ();
  g_assert_true (ossa_document_save (docs[1], target, &err));
  g_assert_true (ossa_document_save (docs[0], target, &err));
  save_us = MAX ((g_get_monotonic_time () - t0) / 2, 1000);
  g_test_message ("one save: %.1f ms", (double) save_us / 1000);

  for (int kill_i = 0; kill_i < n_kills; kill_i++)
    {
      int ready[2], status = 0;
      char byte;
      pid_t pid;
      GBytes *got;
      OssaDocument *loaded;
      guint temps;

      g_assert_cmpint (pipe (ready), ==, 0);
      pid = fork ();
      g_assert_cmpint (pid, >=, 0);
      if (pid == 0)
        {
          close (ready[0]);
          if (write (ready[1], "r", 1) != 1)
            _exit (2);
          for (unsigned k = 0;; k++)
            ossa_document_save (docs[(k + (unsigned) kill_i) % 2], target, NULL);
        }
      close (ready[1]);
      g_assert_cmpint (read (ready[0], &byte, 1), ==, 1);
      close (ready[0]);
      /* Anywhere in the first two or three saves. */
      g_usleep ((gulong) g_rand_int_range (rng, 0, (gint32) (save_us * 5 / 2)));
      g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      g_assert_true (WIFSIGNALED (status));

      got = read_bytes (target);
      if (bytes_equal_file (bytes[0], got))
        seen[0]++;
      else if (bytes_equal_file (bytes[1], got))
        seen[1]++;
      else
        g_error ("after kill %d the file is neither document (%zu bytes)", kill_i,
                 g_bytes_get_size (got));
      g_bytes_unref (got);
      loaded = ossa_document_load (target, &err);
      if (loaded == NULL)
        g_error ("after kill %d the file does not load: %s", kill_i, err.message);
      ossa_document_free (loaded);
      temps = count_others (dir, "big.ossa");
      temps_seen += temps > 0;
      max_temps = MAX (max_temps, temps);
    }
  g_test_message ("%u kills left the first document, %u the second; %u left a temporary "
                  "file (at most %u at once: the next save removed the earlier ones)",
                  seen[0], seen[1], temps_seen, max_temps);
  /* The kills did land in the middle of saves, both ways. */
  g_assert_cmpuint (seen[0], >, 0);
  g_assert_cmpuint (seen[1], >, 0);
  g_assert_cmpuint (temps_seen, >, 0);

  g_assert_true (ossa_document_save (docs[1], target, &err));
  names = test_folder_list (dir);
  g_assert_cmpstr (names, ==, "big.ossa");
  g_free (names);

  remove_tree (dir);
  g_rand_free (rng);
  g_free (target);
  g_free (dir);
  for (int i = 0; i < 2; i++)
    {
      g_bytes_unref (bytes[i]);
      ossa_document_free (docs[i]);
    }
}

/* ---- symbolic links ---- */

/* A link to a file that does not exist yet: the save creates that file, the link
 * stays; so through a chain of links, relative ones into another folder. */
static void
test_save_through_dangling_symlink (void)
{
  OssaDocument *doc = make_document ();
  char *dir = g_dir_make_tmp ("ossa-io-safety-XXXXXX", NULL);
  char *real_dir = g_build_filename (dir, "real", NULL);
  char *work_dir = g_build_filename (dir, "work", NULL);
  char *link = g_build_filename (work_dir, "walk.ossa", NULL);
  char *hop = g_build_filename (work_dir, "hop.ossa", NULL);
  char *real = g_build_filename (real_dir, "walk.ossa", NULL);
  char *loop_a = g_build_filename (dir, "a.ossa", NULL);
  char *loop_b = g_build_filename (dir, "b.ossa", NULL);
  OssaError err = { 0 };
  OssaDocument *back;
  char *names;

  g_assert_cmpint (g_mkdir (real_dir, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (work_dir, 0755), ==, 0);
  /* work/walk.ossa -> hop.ossa -> ../real/walk.ossa, which does not exist. */
  g_assert_cmpint (symlink ("hop.ossa", link), ==, 0);
  g_assert_cmpint (symlink ("../real/walk.ossa", hop), ==, 0);
  g_assert_true (ossa_document_save (doc, link, &err));
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  g_assert_true (g_file_test (hop, G_FILE_TEST_IS_SYMLINK));
  g_assert_true (g_file_test (real, G_FILE_TEST_IS_REGULAR));
  g_assert_false (g_file_test (real, G_FILE_TEST_IS_SYMLINK));
  back = ossa_document_load (real, &err);
  g_assert_nonnull (back);
  assert_same_document (doc, back);
  ossa_document_free (back);
  /* And again, now that it exists; nothing else in either folder. */
  g_assert_true (ossa_document_save (doc, link, &err));
  names = test_folder_list (work_dir);
  g_assert_cmpstr (names, ==, "hop.ossa walk.ossa");
  g_free (names);
  names = test_folder_list (real_dir);
  g_assert_cmpstr (names, ==, "walk.ossa");
  g_free (names);

  /* A loop of links is refused, and both links stay. */
  g_assert_cmpint (symlink ("b.ossa", loop_a), ==, 0);
  g_assert_cmpint (symlink ("a.ossa", loop_b), ==, 0);
  g_assert_false (ossa_document_save (doc, loop_a, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_IO);
  g_assert_cmpint (err.errno_value, ==, ELOOP);
  g_assert_cmpstr (err.path, ==, loop_a);
  g_assert_true (g_file_test (loop_a, G_FILE_TEST_IS_SYMLINK));
  g_assert_true (g_file_test (loop_b, G_FILE_TEST_IS_SYMLINK));

  remove_tree (dir);
  g_free (loop_b);
  g_free (loop_a);
  g_free (real);
  g_free (hop);
  g_free (link);
  g_free (work_dir);
  g_free (real_dir);
  g_free (dir);
  ossa_document_free (doc);
}

/* ---- a full disk, a folder that disappears ---- */

/* The test binary itself, run again under the shim: "--save-child TARGET" saves
 * make_document() to TARGET and prints the error line. */
static int
save_child (const char *target)
{
  OssaDocument *doc = make_document ();
  OssaError err = { 0 };
  char line[OSSA_ERROR_PATH_MAX + OSSA_ERROR_MESSAGE_MAX + 8];
  bool ok = ossa_document_save (doc, target, &err);

  ossa_document_free (doc);
  if (ok)
    return 0;
  ossa_error_format (&err, line, sizeof line);
  printf ("%s\nerrno %d\n", line, err.errno_value);
  return 1;
}

/* Runs save_child() under the shim with the variables given (NAME, VALUE, …,
 * NULL); its stdout. NULL, the test skipped, when the build has no shim. */
static char *
run_under_shim (const char *target, int *exit_status, ...)
{
  const char *shim = g_getenv ("OSSA_FAIL_WRITE_SHIM");
  const char *asan = g_getenv ("ASAN_OPTIONS");
  char *self = g_file_read_link ("/proc/self/exe", NULL);
  char *argv[] = { self, (char *) "--save-child", (char *) target, NULL };
  char **envp = g_get_environ ();
  char *out = NULL, *asan_options;
  GError *error = NULL;
  int wait_status = 0;
  const char *name;
  va_list ap;

  if (shim == NULL || !g_file_test (shim, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the fail-write shim was not built (OSSA_FAIL_WRITE_SHIM)");
      g_free (self);
      g_strfreev (envp);
      return NULL;
    }
  envp = g_environ_setenv (envp, "LD_PRELOAD", shim, TRUE);
  /* An ASan build wants its runtime first; the shim comes before it. */
  asan_options = g_strconcat (asan != NULL ? asan : "", asan != NULL ? ":" : "",
                              "verify_asan_link_order=0", NULL);
  envp = g_environ_setenv (envp, "ASAN_OPTIONS", asan_options, TRUE);
  va_start (ap, exit_status);
  while ((name = va_arg (ap, const char *)) != NULL)
    envp = g_environ_setenv (envp, name, va_arg (ap, const char *), TRUE);
  va_end (ap);
  g_spawn_sync (NULL, argv, envp, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  *exit_status = WEXITSTATUS (wait_status);
  g_free (asan_options);
  g_free (self);
  g_strfreev (envp);
  return out;
}

/* The disk is full from the first byte, fills up in the middle of the file, or
 * takes every write and reports the full disk at fsync(): the old file byte for
 * byte, no temporary file, a message naming the file and the cause. */
static void
test_save_disk_full_shim (void)
{
  static const char old[] = "the old file, which must survive";
  static const struct
  {
    const char *after, *ops, *message;
  } cases[] = {
    { "0", "write,sync", "cannot write: No space left on device" },
    { "100", "write,sync", "cannot write: No space left on device" },
    { "0", "sync", "cannot write to disk: No space left on device" },
  };
  char *dir = g_dir_make_tmp ("ossa-io-full-XXXXXX", NULL);
  char *target = g_build_filename (dir, "doc.ossa", NULL);

  write_file (target, old);
  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      char *want = g_strdup_printf ("%s: %s\nerrno %d\n", target, cases[i].message, ENOSPC);
      int status = -1;
      char *out = run_under_shim (target, &status, "OSSA_FAIL_WRITE_DIR", dir,
                                  "OSSA_FAIL_WRITE_AFTER", cases[i].after,
                                  "OSSA_FAIL_WRITE_OPS", cases[i].ops, NULL);
      char *names;

      if (out == NULL)
        {
          g_free (want);
          break;
        }
      g_test_message ("after %s bytes, failing %s: %s", cases[i].after, cases[i].ops, out);
      g_assert_cmpint (status, ==, 1);
      g_assert_cmpstr (out, ==, want);
      assert_file_is (target, old);
      names = test_folder_list (dir);
      g_assert_cmpstr (names, ==, "doc.ossa");
      g_free (names);
      g_free (out);
      g_free (want);
    }
  remove_tree (dir);
  g_free (target);
  g_free (dir);
}

/* The folder of an open document is removed: the save says so. */
static void
test_save_into_vanished_folder (void)
{
  char *dir = g_dir_make_tmp ("ossa-io-safety-XXXXXX", NULL);
  char *folder = g_build_filename (dir, "project", NULL);
  char *path = g_build_filename (folder, "walk.ossa", NULL);
  OssaDocument *doc = make_document (), *opened;
  OssaError err = { 0 };

  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  g_assert_true (ossa_document_save (doc, path, &err));
  opened = ossa_document_load (path, &err);
  g_assert_nonnull (opened);
  remove_tree (folder);
  g_assert_false (ossa_document_save (opened, path, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_IO);
  g_assert_cmpint (err.errno_value, ==, ENOENT);
  g_assert_cmpstr (err.path, ==, path);
  g_assert_cmpstr (err.message, ==, "cannot write: the folder does not exist (No such file or directory)");
  g_assert_false (g_file_test (folder, G_FILE_TEST_EXISTS));
  ossa_document_free (opened);
  remove_tree (dir);
  g_free (path);
  g_free (folder);
  g_free (dir);
  ossa_document_free (doc);
}

/* ---- files that are not files ---- */

/* A named pipe nobody writes to, a device: refused at once with what they are.
 * In a subprocess with a time limit, so that a read that waits fails the test
 * instead of hanging it. */
static void
test_read_refuses_special_files (void)
{
  if (g_test_subprocess ())
    {
      char *dir = g_dir_make_tmp ("ossa-io-safety-XXXXXX", NULL);
      char *fifo = g_build_filename (dir, "pipe.ossa", NULL);
      OssaError err = { 0 };
      uint8_t *data;
      size_t size;

      g_assert_cmpint (mkfifo (fifo, 0644), ==, 0);
      g_assert_null (ossa_document_load (fifo, &err));
      g_assert_cmpint (err.code, ==, OSSA_ERROR_IO);
      g_assert_cmpstr (err.path, ==, fifo);
      g_assert_cmpstr (err.message, ==, "cannot read: not a regular file (a named pipe)");
      g_assert_false (ossa_file_read ("/dev/zero", 100, &data, &size, &err));
      g_assert_cmpstr (err.message, ==, "cannot read: not a regular file (a character device)");
      g_assert_cmpstr (err.path, ==, "/dev/zero");
      remove_tree (dir);
      g_free (fifo);
      g_free (dir);
      return;
    }
  g_test_trap_subprocess (NULL, 10 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

int
main (int argc, char **argv)
{
  if (argc == 3 && strcmp (argv[1], "--save-child") == 0)
    return save_child (argv[2]);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/io-safety/stale-temps-removed", test_stale_temps_removed);
  g_test_add_func ("/io-safety/kill-during-save", test_kill_during_save);
  g_test_add_func ("/io-safety/save-through-dangling-symlink", test_save_through_dangling_symlink);
  g_test_add_func ("/io-safety/save-disk-full-shim", test_save_disk_full_shim);
  g_test_add_func ("/io-safety/save-into-vanished-folder", test_save_into_vanished_folder);
  g_test_add_func ("/io-safety/read-refuses-special-files", test_read_refuses_special_files);
  return g_test_run ();
}
