/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli never loses a file, run as a person runs it (the real binary): an
 * output that is one of the inputs is refused before anything is read, and so is
 * writing one format over a file named for another unless --force; a save through
 * a symbolic link writes the file it names; a full disk (the tests/support shim)
 * or a folder removed while the input was read fails with the file named and the
 * old file intact; a named pipe or a device is refused at once instead of waited
 * on, while '-' still reads standard input; a scenario cannot reach a map outside
 * --maps or its folder. */
/* realpath() is XSI, beyond the POSIX the project builds with. */
#define _XOPEN_SOURCE 700

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "cli-test-support.h"

/* A command that hangs is killed after this many seconds (and fails the test). */
#define TIME_LIMIT 20

/* Two bones (rig.smd), and an animation of them (walk.smd). */
static const char rig_smd[] =
  "version 1\n"
  "nodes\n"
  "0 \"root\" -1\n"
  "1 \"arm\" 0\n"
  "end\n"
  "skeleton\n"
  "time 0\n"
  "0 0 0 0 0 0 0\n"
  "1 1 0 0 0 0 0\n"
  "end\n";
static const char walk_smd[] =
  "version 1\n"
  "nodes\n"
  "0 \"root\" -1\n"
  "1 \"arm\" 0\n"
  "end\n"
  "skeleton\n"
  "time 0\n"
  "0 0 0 0 0 0 0\n"
  "1 1 0 0 0 0 0\n"
  "time 1\n"
  "0 0 0 0 0 0 0\n"
  "1 1 0 0 0 0.5 0\n"
  "end\n";

static const char small_map[] = "type octile\nheight 4\nwidth 4\nmap\n....\n....\n....\n....\n";

/* ---- files ---- */

static char *
path_in (const char *name)
{
  return cli_tmp_file (name);
}

static void
write_file (const char *name, const char *text)
{
  char *path = path_in (name);
  GError *error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  g_free (path);
}

static GBytes *
read_file (const char *name)
{
  char *path = g_path_is_absolute (name) ? g_strdup (name) : path_in (name);
  char *text = NULL;
  gsize length = 0;
  GError *error = NULL;

  g_file_get_contents (path, &text, &length, &error);
  g_assert_no_error (error);
  g_free (path);
  return g_bytes_new_take (text, length);
}

static void
assert_same_bytes (GBytes *a, GBytes *b)
{
  g_assert_cmpmem (g_bytes_get_data (a, NULL), g_bytes_get_size (a), g_bytes_get_data (b, NULL),
                   g_bytes_get_size (b));
}

static void
make_dir (const char *name)
{
  char *path = path_in (name);

  g_assert_cmpint (g_mkdir_with_parents (path, 0755), ==, 0);
  g_free (path);
}

static void
make_link (const char *target, const char *name)
{
  char *path = path_in (name);

  g_assert_cmpint (symlink (target, path), ==, 0);
  g_free (path);
}

static gboolean
file_test (const char *name, GFileTest test)
{
  char *path = path_in (name);
  gboolean result = g_file_test (path, test);

  g_free (path);
  return result;
}

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The names in a folder of the test's, hidden ones too, sorted, space-separated. */
static char *
list_dir (const char *name)
{
  char *path = path_in (name);
  GDir *d = g_dir_open (path, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *entry;
  char *joined;

  g_assert_nonnull (d);
  while ((entry = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (entry));
  g_dir_close (d);
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  joined = g_strjoinv (" ", (char **) names->pdata);
  g_ptr_array_unref (names);
  g_free (path);
  return joined;
}

static void
remove_tree (const char *path)
{
  GDir *d = g_dir_open (path, 0, NULL);
  const char *name;

  if (d == NULL || g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      if (d != NULL)
        g_dir_close (d);
      g_unlink (path);
      return;
    }
  while ((name = g_dir_read_name (d)) != NULL)
    {
      char *child = g_build_filename (path, name, NULL);

      remove_tree (child);
      g_free (child);
    }
  g_dir_close (d);
  g_rmdir (path);
}

/* ---- running ---- */

/* ossa-cli ARGS… in the test's folder, with a time limit; env as cli_run_env(). */
static void
run (CliRun *r, const char *const *env, ...)
{
  GPtrArray *args = g_ptr_array_new ();
  const char *a;
  va_list ap;

  va_start (ap, env);
  while ((a = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  cli_run_env (r, "C.UTF-8", env, cli_tmp_dir (), TIME_LIMIT, (const char *const *) args->pdata);
  g_ptr_array_unref (args);
}

/* A bash script run in the test's folder with $CLI the binary and $1… args. */
static void
run_script (CliRun *r, const char *script, ...)
{
  GPtrArray *argv = g_ptr_array_new ();
  char **envp = g_environ_setenv (g_get_environ (), "CLI", cli_test_binary (), TRUE);
  GError *error = NULL;
  int wait_status = 0;
  const char *a;
  va_list ap;

  g_ptr_array_add (argv, (gpointer) "/bin/bash");
  g_ptr_array_add (argv, (gpointer) "-c");
  g_ptr_array_add (argv, (gpointer) script);
  g_ptr_array_add (argv, (gpointer) "bash");
  va_start (ap, script);
  while ((a = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  envp = g_environ_setenv (envp, "LC_ALL", "C.UTF-8", TRUE);
  envp = g_environ_setenv (envp, "G_DEBUG", "fatal-warnings", TRUE);
  memset (r, 0, sizeof *r);
  g_spawn_sync (cli_tmp_dir (), (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                &r->out, &r->err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  r->status = WEXITSTATUS (wait_status);
  g_ptr_array_unref (argv);
  g_strfreev (envp);
}

/* Exit 2 with exactly "ossa-cli: COMMAND: message" and the hint on stderr. */
static void
assert_usage_message (const CliRun *r, const char *command, const char *message)
{
  char *want = g_strdup_printf ("ossa-cli: %s: %s\nTry 'ossa-cli %s --help'.\n", command,
                                message, command);

  cli_assert_usage_error (r, command);
  g_assert_cmpstr (r->err, ==, want);
  g_free (want);
}

/* Exit 1 with exactly line on stderr. */
static void
assert_input_message (const CliRun *r, const char *line)
{
  char *want = g_strconcat (line, "\n", NULL);

  cli_assert_exit (r, 1);
  g_assert_cmpstr (r->err, ==, want);
  g_free (want);
}

/* rig.smd and walk.smd imported into rig.ossa (one animation, "walk"). */
static void
make_inputs (void)
{
  CliRun r;

  write_file ("rig.smd", rig_smd);
  write_file ("walk.smd", walk_smd);
  run (&r, NULL, "import-smd", "rig.smd", "walk.smd", "-o", "rig.ossa", NULL);
  cli_assert_ok (&r);
  cli_run_clear (&r);
}

/* ---- an output that is an input ---- */

/* The same file, by its own name, through a hard link, a symbolic link or another
 * path, and on standard input: refused, and the input stays byte for byte. The
 * input is broken SMD in one case, to show that nothing was read: the refusal
 * comes, not a parse error. */
static void
test_output_is_input (void)
{
  GBytes *smd, *doc, *now;
  CliRun r;

  make_inputs ();
  smd = read_file ("rig.smd");
  doc = read_file ("rig.ossa");
  {
    char *from = path_in ("rig.smd"), *to = path_in ("hard.smd");

    g_assert_cmpint (link (from, to), ==, 0);
    g_free (to);
    g_free (from);
  }
  make_link ("rig.ossa", "alias.ossa");
  make_dir ("sub");

  run (&r, NULL, "import-smd", "rig.smd", "-o", "rig.smd", NULL);
  assert_usage_message (&r, "import-smd",
                        "the output 'rig.smd' is also an input: not overwriting an input");
  cli_run_clear (&r);
  run (&r, NULL, "import-smd", "rig.smd", "-o", "hard.smd", NULL);
  assert_usage_message (&r, "import-smd", "the output 'hard.smd' is the same file as the input "
                        "'rig.smd': not overwriting an input");
  cli_run_clear (&r);
  /* An animation input counts as much as the reference. */
  run (&r, NULL, "import-smd", "rig.smd", "hard.smd", "-o", "sub/../rig.smd", "--force", NULL);
  assert_usage_message (&r, "import-smd", "the output 'sub/../rig.smd' is the same file as the "
                        "input 'rig.smd': not overwriting an input");
  cli_run_clear (&r);
  now = read_file ("rig.smd");
  assert_same_bytes (now, smd);
  g_bytes_unref (now);

  run (&r, NULL, "export-smd", "rig.ossa", "--anim", "walk", "-o", "rig.ossa", NULL);
  assert_usage_message (&r, "export-smd",
                        "the output 'rig.ossa' is also an input: not overwriting an input");
  cli_run_clear (&r);
  run (&r, NULL, "export-smd", "rig.ossa", "--anim", "walk", "-o", "alias.ossa", "--force", NULL);
  assert_usage_message (&r, "export-smd", "the output 'alias.ossa' is the same file as the "
                        "input 'rig.ossa': not overwriting an input");
  cli_run_clear (&r);
  run (&r, NULL, "convert", "alias.ossa", "rig.ossa", NULL);
  assert_usage_message (&r, "convert", "the output 'rig.ossa' is the same file as the input "
                        "'alias.ossa': not overwriting an input");
  cli_run_clear (&r);
  run_script (&r, "\"$CLI\" convert - rig.ossa < rig.ossa", NULL);
  assert_usage_message (&r, "convert",
                        "the output 'rig.ossa' is the file on standard input: not overwriting "
                        "an input");
  cli_run_clear (&r);
  now = read_file ("rig.ossa");
  assert_same_bytes (now, doc);
  g_bytes_unref (now);
  g_assert_true (file_test ("alias.ossa", G_FILE_TEST_IS_SYMLINK));

  /* Nothing was read: a broken input gets the same refusal, not its parse error. */
  write_file ("broken.smd", "version 1\nnodes\n0 \"a\"\n");
  run (&r, NULL, "import-smd", "broken.smd", "-o", "broken.smd", NULL);
  assert_usage_message (&r, "import-smd",
                        "the output 'broken.smd' is also an input: not overwriting an input");
  cli_run_clear (&r);

  /* A new output, or another file: written. */
  run (&r, NULL, "convert", "rig.ossa", "copy.ossa", NULL);
  cli_assert_ok (&r);
  cli_run_clear (&r);
  g_bytes_unref (doc);
  g_bytes_unref (smd);
}

/* One format over a file named for another: refused unless --force; a name that
 * says nothing, a .txt for text, or a file that does not exist yet is written. */
static void
test_output_of_another_format (void)
{
  GBytes *before, *now;
  CliRun r;

  make_inputs ();
  write_file ("other.smd", rig_smd);
  write_file ("notes.txt", "notes\n");
  write_file ("level.map", small_map);
  before = read_file ("other.smd");

  run (&r, NULL, "import-smd", "rig.smd", "-o", "other.smd", NULL);
  assert_usage_message (&r, "import-smd", "'other.smd' exists and is named like an SMD file: "
                        "not writing an Ossa document over it (--force writes it anyway)");
  cli_run_clear (&r);
  run (&r, NULL, "import-smd", "rig.smd", "-o", "notes.txt", NULL);
  assert_usage_message (&r, "import-smd", "'notes.txt' exists and is named like a text file: "
                        "not writing an Ossa document over it (--force writes it anyway)");
  cli_run_clear (&r);
  now = read_file ("other.smd");
  assert_same_bytes (now, before);
  g_bytes_unref (now);
  g_bytes_unref (before);

  before = read_file ("rig.ossa");
  run (&r, NULL, "convert", "rig.ossa", "old.ossa", NULL);
  cli_assert_ok (&r);
  cli_run_clear (&r);
  run (&r, NULL, "export-smd", "rig.ossa", "--anim", "walk", "-o", "old.ossa", NULL);
  assert_usage_message (&r, "export-smd", "'old.ossa' exists and is named like an Ossa "
                        "document: not writing an SMD file over it (--force writes it anyway)");
  cli_run_clear (&r);
  run (&r, NULL, "export-smd", "rig.ossa", "--anim", "walk", "-o", "level.map", NULL);
  assert_usage_message (&r, "export-smd", "'level.map' exists and is named like a grid map: "
                        "not writing an SMD file over it (--force writes it anyway)");
  cli_run_clear (&r);
  now = read_file ("old.ossa");
  assert_same_bytes (now, before);
  g_bytes_unref (now);
  g_bytes_unref (before);

  /* Written: text over .txt, a new file of any name, anything with --force. */
  run (&r, NULL, "export-smd", "rig.ossa", "--anim", "walk", "-o", "notes.txt", NULL);
  cli_assert_ok (&r);
  cli_run_clear (&r);
  run (&r, NULL, "import-smd", "rig.smd", "-o", "new.smd", NULL);
  cli_assert_ok (&r);
  cli_run_clear (&r);
  run (&r, NULL, "import-smd", "rig.smd", "-o", "other.smd", "--force", NULL);
  cli_assert_ok (&r);
  cli_run_clear (&r);
  run (&r, NULL, "validate", "other.smd", NULL);   /* an .ossa document now */
  cli_assert_exit (&r, 0);
  g_assert_true (g_str_has_prefix (r.out, "other.smd: valid (2 bones"));
  cli_run_clear (&r);
  run (&r, NULL, "export-smd", "rig.ossa", "--anim", "walk", "-o", "old.ossa", "--force", NULL);
  cli_assert_ok (&r);
  cli_run_clear (&r);
}

/* ---- symbolic links ---- */

static void
test_save_through_symlink (void)
{
  GBytes *doc, *now;
  CliRun r;

  make_inputs ();
  make_dir ("real");
  make_link ("real/walk.ossa", "walk.ossa");   /* dangling: real/walk.ossa is not there */
  run (&r, NULL, "convert", "rig.ossa", "walk.ossa", NULL);
  cli_assert_ok (&r);
  cli_run_clear (&r);
  g_assert_true (file_test ("walk.ossa", G_FILE_TEST_IS_SYMLINK));
  doc = read_file ("rig.ossa");
  now = read_file ("real/walk.ossa");
  assert_same_bytes (now, doc);
  g_bytes_unref (now);
  /* Again over the file it now names: still a link. */
  run (&r, NULL, "import-smd", "rig.smd", "walk.smd", "-o", "walk.ossa", NULL);
  cli_assert_ok (&r);
  cli_run_clear (&r);
  g_assert_true (file_test ("walk.ossa", G_FILE_TEST_IS_SYMLINK));
  now = read_file ("real/walk.ossa");
  assert_same_bytes (now, doc);
  g_bytes_unref (now);
  g_bytes_unref (doc);
}

/* ---- a full disk, a folder that goes away ---- */

/* Each command that writes a file, into a folder on a "full disk" (the shim):
 * exit 1, the file and the cause named, the old file byte for byte, nothing else
 * left in the folder. */
static void
test_disk_full (void)
{
  const char *shim = g_getenv ("OSSA_FAIL_WRITE_SHIM");
  const char *asan = g_getenv ("ASAN_OPTIONS");
  char *full, *asan_options;
  GBytes *old;
  static const struct
  {
    const char *after, *ops, *message;
  } modes[] = {
    { "0", "write,sync", "cannot write: No space left on device" },
    { "40", "write,sync", "cannot write: No space left on device" },
    { "0", "sync", "cannot write to disk: No space left on device" },
  };

  if (shim == NULL || !g_file_test (shim, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the fail-write shim was not built (OSSA_FAIL_WRITE_SHIM)");
      return;
    }
  make_inputs ();
  make_dir ("full");
  full = path_in ("full");
  write_file ("full/out.ossa", "the old file, which must survive");
  write_file ("full/out.smd", "the old file, which must survive");
  old = read_file ("full/out.ossa");
  /* ASan wants its runtime loaded first; the shim comes before it. */
  asan_options = g_strconcat (asan != NULL ? asan : "", asan != NULL ? ":" : "",
                              "verify_asan_link_order=0", NULL);
  for (size_t m = 0; m < G_N_ELEMENTS (modes); m++)
    {
      const char *env[] = { "LD_PRELOAD", shim, "OSSA_FAIL_WRITE_DIR", full,
                            "OSSA_FAIL_WRITE_AFTER", modes[m].after, "OSSA_FAIL_WRITE_OPS",
                            modes[m].ops, "ASAN_OPTIONS", asan_options, NULL };
      const char *commands[][7] = {
        { "convert", "rig.ossa", "full/out.ossa", NULL },
        { "import-smd", "rig.smd", "-o", "full/out.ossa", NULL },
        { "export-smd", "rig.ossa", "--anim", "walk", "-o", "full/out.smd", NULL },
      };

      for (size_t c = 0; c < G_N_ELEMENTS (commands); c++)
        {
          const char *const *args = commands[c];
          const char *out = args[c == 0 ? 2 : c == 1 ? 3 : 5];
          char *line = g_strdup_printf ("ossa-cli: %s: %s", out, modes[m].message);
          char *names;
          GBytes *now;
          CliRun r;

          g_test_message ("%s under a full disk (after %s bytes, failing %s)", args[0],
                          modes[m].after, modes[m].ops);
          cli_run_env (&r, "C.UTF-8", env, cli_tmp_dir (), TIME_LIMIT, args);
          assert_input_message (&r, line);
          g_assert_cmpstr (r.out, ==, "");
          cli_run_clear (&r);
          now = read_file (out);
          assert_same_bytes (now, old);
          g_bytes_unref (now);
          names = list_dir ("full");
          g_assert_cmpstr (names, ==, "out.ossa out.smd");
          g_free (names);
          g_free (line);
        }
    }
  g_bytes_unref (old);
  g_free (asan_options);
  g_free (full);
}

/* The folder OUT goes in is removed while the input is read (standard input, fed
 * by the script, ends only after the removal): a clear message. */
static void
test_vanished_folder (void)
{
  CliRun r;

  make_inputs ();
  make_dir ("project");
  run_script (&r, "{ cat rig.ossa; rm -r project; } | \"$CLI\" convert - project/walk.ossa",
              NULL);
  assert_input_message (&r, "ossa-cli: project/walk.ossa: cannot write: the folder does not "
                        "exist (No such file or directory)");
  cli_run_clear (&r);
  g_assert_false (file_test ("project", G_FILE_TEST_EXISTS));
}

/* ---- files that are not files ---- */

/* A named pipe nobody writes to and a device: every command that reads refuses
 * them at once (a time limit fails the test if one waits), saying what they are;
 * '-' still reads standard input, pipe or file. */
static void
test_special_files_refused (void)
{
  static const char pipe_message[] = "cannot read: not a regular file (a named pipe)";
  char *fifo = path_in ("pipe.ossa");
  char *line = g_strdup_printf ("ossa-cli: pipe.ossa: %s", pipe_message);
  const char *commands[][8] = {
    { "validate", "pipe.ossa", NULL },
    { "info", "pipe.ossa", NULL },
    { "sample", "pipe.ossa", "--time", "0", NULL },
    { "convert", "pipe.ossa", "out.ossa", NULL },
    { "import-smd", "pipe.ossa", "-o", "out.ossa", NULL },
    { "export-smd", "pipe.ossa", "--anim", "a", "-o", "out.smd", NULL },
    { "astar", "pipe.ossa", "--from", "0,0", "--to", "1,1", NULL },
    { "scen", "pipe.ossa", NULL },
  };
  CliRun r;

  make_inputs ();
  g_assert_cmpint (mkfifo (fifo, 0644), ==, 0);
  for (size_t c = 0; c < G_N_ELEMENTS (commands); c++)
    {
      g_test_message ("%s on a named pipe", commands[c][0]);
      cli_run_env (&r, "C.UTF-8", NULL, cli_tmp_dir (), TIME_LIMIT, commands[c]);
      assert_input_message (&r, line);
      cli_run_clear (&r);
    }
  run (&r, NULL, "validate", "/dev/zero", NULL);
  assert_input_message (&r, "ossa-cli: /dev/zero: cannot read: not a regular file (a character "
                        "device)");
  cli_run_clear (&r);

  run_script (&r, "cat rig.ossa | \"$CLI\" validate - && \"$CLI\" validate - < rig.smd", NULL);
  cli_assert_ok (&r);
  g_assert_cmpstr (r.out, ==, "(standard input): valid (2 bones, 1 animation)\n"
                              "(standard input): valid (2 bones, 0 animations)\n");
  cli_run_clear (&r);
  g_free (line);
  g_free (fifo);
}

/* ---- scenarios ---- */

/* The relative path from folder (resolved) up to the root, "../../…". */
static char *
up_to_root (const char *folder)
{
  char *real = realpath (folder, NULL);
  GString *up = g_string_new (NULL);

  if (real == NULL)
    g_error ("cannot resolve %s", folder);
  for (const char *p = real; *p != '\0'; p++)
    if (*p == '/')
      g_string_append (up, "../");
  free (real);
  return g_string_free (up, FALSE);
}

static char *
scen_for (const char *map_field)
{
  return g_strdup_printf ("version 1\n0\t%s\t4\t4\t0\t0\t1\t1\t1.41421356\n", map_field);
}

/* A scenario names maps outside the folder they must be in: by "..", by an
 * absolute path, by a symbolic link, by a sibling whose name starts the same
 * (maps2 is not inside maps), up to /etc/passwd: refused. Inside, a link too, and
 * the scenario's own folder without --maps: solved. */
static void
test_scen_stays_inside (void)
{
  char *up = up_to_root (cli_tmp_dir ());
  char *passwd = g_strconcat (up, "../etc/passwd", NULL);
  char *maps = path_in ("maps");
  char *outside = path_in ("outside/secret.map");
  char *other = path_in ("maps2/other.map");
  char *real_outside;
  const char *escapes[] = { "../outside/secret.map", NULL, "link.map", "../maps2/other.map",
                            NULL };
  CliRun r;

  make_dir ("maps");
  make_dir ("maps2");
  make_dir ("outside");
  write_file ("maps/arena.map", small_map);
  write_file ("maps2/other.map", small_map);
  write_file ("outside/secret.map", small_map);
  make_link ("../outside/secret.map", "maps/link.map");
  make_link ("arena.map", "maps/alias.map");
  real_outside = realpath (outside, NULL);
  escapes[1] = real_outside;

  for (size_t i = 0; i < G_N_ELEMENTS (escapes) - 1; i++)
    {
      char *text = scen_for (escapes[i]);
      char *real = NULL;
      char *line;

      write_file ("escape.scen", text);
      run (&r, NULL, "scen", "escape.scen", "--maps", "maps", NULL);
      real = g_strcmp0 (escapes[i], "../maps2/other.map") == 0
               ? realpath (other, NULL) : strdup (real_outside);
      line = g_strdup_printf ("ossa-cli: escape.scen:2: map '%s' is %s, outside maps: refused "
                              "(a scenario's maps must be inside --maps)", escapes[i], real);
      assert_input_message (&r, line);
      g_assert_cmpstr (r.out, ==, "");
      cli_run_clear (&r);
      g_free (line);
      free (real);
      g_free (text);
    }

  /* /etc/passwd by as many ".." as it takes, from the scenario's folder and from
   * --maps: never opened (it would fail as a map, naming it, if it were). */
  {
    char *text = g_strdup_printf ("version 1\n0\t%s\t4\t4\t0\t0\t1\t1\t1.41421356\n", passwd);
    char *line = g_strdup_printf ("ossa-cli: maps/passwd.scen:2: map '%s' is /etc/passwd, "
                                  "outside maps: refused (a scenario's maps must be inside the "
                                  "scenario's folder)", passwd);

    write_file ("maps/passwd.scen", text);
    run (&r, NULL, "scen", "maps/passwd.scen", NULL);
    assert_input_message (&r, line);
    cli_run_clear (&r);
    g_free (line);
    g_free (text);
  }

  /* Inside: a plain name, a link that stays inside, a path that leaves and comes
   * back. */
  {
    const char *fine[] = { "arena.map", "alias.map", "../maps/arena.map" };

    for (size_t i = 0; i < G_N_ELEMENTS (fine); i++)
      {
        char *text = scen_for (fine[i]);

        write_file ("maps/fine.scen", text);
        run (&r, NULL, "scen", "maps/fine.scen", "--maps", "maps", NULL);
        cli_assert_ok (&r);
        g_assert_true (g_str_has_prefix (r.out, "maps/fine.scen: 1 problems, 1 optimal\n"));
        cli_run_clear (&r);
        run (&r, NULL, "scen", "maps/fine.scen", NULL);
        cli_assert_ok (&r);
        cli_run_clear (&r);
        g_free (text);
      }
  }

  free (real_outside);
  g_free (other);
  g_free (outside);
  g_free (maps);
  g_free (passwd);
  g_free (up);
}

/* Each test works in a folder of its own, removed with all it holds after it. */
static void
in_own_folder (gconstpointer data)
{
  GTestFunc func = (GTestFunc) data;

  cli_tmp_dir_create ("ossa-cli-safety-XXXXXX");
  func ();
  remove_tree (cli_tmp_dir ());
  cli_tmp_dir_remove ();
}

int
main (int argc, char **argv)
{
  static const struct
  {
    const char *name;
    GTestFunc   func;
  } tests[] = {
    { "/cli-safety/output-is-input", test_output_is_input },
    { "/cli-safety/output-of-another-format", test_output_of_another_format },
    { "/cli-safety/save-through-symlink", test_save_through_symlink },
    { "/cli-safety/disk-full", test_disk_full },
    { "/cli-safety/vanished-folder", test_vanished_folder },
    { "/cli-safety/special-files-refused", test_special_files_refused },
    { "/cli-safety/scen-stays-inside", test_scen_stays_inside },
  };
  int status;

  g_test_init (&argc, &argv, NULL);
  if (cli_test_binary () == NULL)
    {
      g_printerr ("OSSA_CLI is not set\n");
      return 77;
    }
  for (size_t i = 0; i < G_N_ELEMENTS (tests); i++)
    g_test_add_data_func (tests[i].name, (gconstpointer) tests[i].func, in_own_folder);
  status = g_test_run ();
  return status;
}
