/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli as a person types it at a shell: "--" ending the options, "-" for
 * standard input and output (through real pipes, run by bash), the meshes info
 * lists, scen's progress on a terminal (a pseudo-terminal here) and not in a pipe,
 * the command table's one column of descriptions, and every usage error worded
 * "ossa-cli: COMMAND: …". The documents are made by ossa-cli import-smd from an
 * SMD written here. */
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "cli-test-support.h"

/* Two bones and one triangle (skin.smd), and an animation of them (walk.smd). */
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
  "end\n"
  "triangles\n"
  "skin.bmp\n"
  "0 0 0 0 0 0 1 0 0\n"
  "0 1 0 0 0 0 1 1 0\n"
  "1 1 0 1 0 0 1 1 1\n"
  "end\n";

static const char tiny_map[] = "type octile\nheight 3\nwidth 3\nmap\n...\n...\n...\n";
static const char tiny_scen[] =
  "version 1\n"
  "0\ttiny.map\t3\t3\t0\t0\t2\t2\t2.82842712\n"
  "0\ttiny.map\t3\t3\t0\t0\t2\t0\t2\n";

static char *rig_path;   /* rig.ossa, imported from skin.smd and walk.smd */

static void
write_file (const char *name, const char *text)
{
  char *path = cli_tmp_file (name);
  GError *error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  g_free (path);
}

static char *
read_file (const char *name, gsize *length)
{
  char *path = cli_tmp_file (name), *text = NULL;
  GError *error = NULL;

  g_file_get_contents (path, &text, length, &error);
  g_assert_no_error (error);
  g_free (path);
  return text;
}

/* Runs script with bash -o pipefail in the temporary folder, $CLI the binary and
 * $1… the arguments: what a person types, pipes and redirections included. */
static void
run_shell (CliRun *run, const char *script, ...)
{
  GPtrArray *argv = g_ptr_array_new ();
  char **envp = g_environ_setenv (g_get_environ (), "CLI", cli_test_binary (), TRUE);
  GError *error = NULL;
  int wait_status = 0;
  const char *a;
  va_list ap;

  g_ptr_array_add (argv, (gpointer) "/bin/bash");
  g_ptr_array_add (argv, (gpointer) "-o");
  g_ptr_array_add (argv, (gpointer) "pipefail");
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
  memset (run, 0, sizeof *run);
  g_spawn_sync (cli_tmp_dir (), (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
  g_ptr_array_unref (argv);
  g_strfreev (envp);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The names of the files in the temporary folder, sorted, space-separated. */
static char *
folder_listing (void)
{
  GDir *dir = g_dir_open (cli_tmp_dir (), 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  char *listing;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_dir_close (dir);
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  listing = g_strjoinv (" ", (char **) names->pdata);
  g_ptr_array_unref (names);
  return listing;
}

/* ---- "--" ends the options, for every command ---- */

static void
test_dashdash (void)
{
  static const char *const cases[][8] = {
    { "info", "--", "-rig.ossa", NULL },
    { "info", "--json", "--", "-rig.ossa", NULL },
    { "validate", "--", "-rig.ossa", NULL },
    { "sample", "--time", "0", "--", "-rig.ossa", NULL },
    { "convert", "--", "-rig.ossa", "-copy.ossa", NULL },
    { "export-smd", "--anim", "walk", "-o", "walk.smd", "--", "-rig.ossa", NULL },
    { "import-smd", "-o", "again.ossa", "--", "-rig.smd", NULL },
    { "astar", "--from", "0,0", "--to", "2,2", "--", "-tiny.map", NULL },
    { "scen", "--", "-tiny.scen", NULL },
    { "bench", "pose", "--frames", "1", "--", "-rig.ossa", NULL },
  };

  write_file ("-rig.smd", rig_smd);
  write_file ("-tiny.map", tiny_map);
  write_file ("-tiny.scen",
              "version 1\n0\t-tiny.map\t3\t3\t0\t0\t2\t2\t2.82842712\n");
  {
    CliRun run;

    run_shell (&run, "cp -- \"$1\" -rig.ossa", rig_path, NULL);
    cli_assert_exit (&run, 0);
    cli_run_clear (&run);
  }
  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *script = "\"$CLI\" \"$@\"";
      CliRun run;

      g_test_message ("ossa-cli %s … -- %s", cases[i][0], cases[i][1]);
      {
        const char *const *c = cases[i];

        run_shell (&run, script, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], NULL);
      }
      if (run.status != 0)
        g_error ("ossa-cli %s with '--' exited %d: %s", cases[i][0], run.status, run.err);
      cli_run_clear (&run);
    }
}

/* ---- "-": standard input and output ---- */

/* text with the times measured (which differ from run to run) taken out. */
static char *
without_times (const char *text)
{
  GRegex *re = g_regex_new ("(\"(time_us|mean_us)\":)[^,}]*|^(time|mean time per search): .*$",
                            G_REGEX_MULTILINE, 0, NULL);
  char *result = g_regex_replace (re, text, -1, 0, "\\1TIME", 0, NULL);

  g_regex_unref (re);
  return result;
}

/* args: up to six arguments, NULL-terminated. stdout of "$CLI ARGS < FILE" through a pipe (cat FILE | …) equals stdout of
 * "$CLI ARGS-with-FILE" once label is put for FILE's name. */
static void
assert_pipe_same (const char *const *args, const char *file, const char *name_in_output,
                  const char *name_from_pipe)
{
  CliRun from_file, from_pipe;
  GString *expected;

  run_shell (&from_file, "f=\"$1\"; shift; a=(); for x in \"$@\"; do "
             "[ \"$x\" = FILE ] && a+=(\"$f\") || a+=(\"$x\"); done; \"$CLI\" \"${a[@]}\"",
             file, args[0], args[1], args[2], args[3], args[4], args[5], NULL);
  run_shell (&from_pipe, "f=\"$1\"; shift; a=(); for x in \"$@\"; do "
             "[ \"$x\" = FILE ] && a+=(-) || a+=(\"$x\"); done; cat -- \"$f\" | \"$CLI\" \"${a[@]}\"",
             file, args[0], args[1], args[2], args[3], args[4], args[5], NULL);
  cli_assert_ok (&from_file);
  cli_assert_ok (&from_pipe);
  expected = g_string_new (from_file.out);
  g_string_replace (expected, name_in_output, name_from_pipe, 0);
  {
    char *want = without_times (expected->str), *got = without_times (from_pipe.out);

    g_assert_cmpstr (got, ==, want);
    g_free (want);
    g_free (got);
  }
  g_string_free (expected, TRUE);
  cli_run_clear (&from_file);
  cli_run_clear (&from_pipe);
}

static void
test_stdin (void)
{
  static const char *const cases[][7] = {
    { "info", "FILE", NULL },
    { "info", "FILE", "--json", NULL },
    { "validate", "FILE", NULL },
    { "validate", "--json", "FILE", NULL },
    { "sample", "FILE", "--anim", "walk", "--time", "0.5" },
    { "sample", "FILE", "--time", "0", "--json", NULL },
  };
  char *smd_path = cli_tmp_file ("rig.smd");
  CliRun run;

  write_file ("rig.smd", rig_smd);
  write_file ("tiny.map", tiny_map);
  write_file ("tiny.scen", tiny_scen);
  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gboolean json = FALSE;

      for (size_t a = 0; cases[i][a] != NULL; a++)
        json |= strcmp (cases[i][a], "--json") == 0;
      g_test_message ("%s from a pipe", cases[i][0]);
      /* Text names standard input "(standard input)", JSON "-". */
      assert_pipe_same (cases[i], rig_path, rig_path, json ? "-" : "(standard input)");
    }
  {
    static const char *const smd_info[7] = { "info", "FILE", "--json", NULL };
    static const char *const astar[7] = { "astar", "FILE", "--from", "0,0", "--to", "2,1" };
    static const char *const scen[7] = { "scen", "FILE", "--json", NULL };
    static const char *const export_smd[7] = { "export-smd", "FILE", "--anim", "walk", "-o", "-" };
    char *map_path = cli_tmp_file ("tiny.map"), *scen_path = cli_tmp_file ("tiny.scen");

    assert_pipe_same (smd_info, smd_path, smd_path, "-");
    assert_pipe_same (astar, map_path, map_path, "(standard input)");
    assert_pipe_same (scen, scen_path, scen_path, "-");
    assert_pipe_same (export_smd, rig_path, rig_path, "(standard input)");
    g_free (map_path);
    g_free (scen_path);
  }

  /* A map read from a pipe is named after "stdin", having no file name. */
  run_shell (&run, "\"$CLI\" info - < tiny.map | cat", NULL);
  cli_assert_ok (&run);
  g_assert_nonnull (strstr (run.out, "(standard input): grid map\n"));
  g_assert_nonnull (strstr (run.out, "\n  stdin: 3 × 3 cells\n"));
  cli_run_clear (&run);

  /* An error names standard input. */
  run_shell (&run, "echo 'not a document' | \"$CLI\" validate -", NULL);
  cli_assert_exit (&run, 1);
  g_assert_true (g_str_has_prefix (run.err, "ossa-cli: (standard input): "));
  cli_run_clear (&run);
  g_free (smd_path);
}

static void
test_stdout (void)
{
  char *before, *after, *file_bytes, *pipe_bytes, *elsewhere, *piped;
  gsize file_len, pipe_len;
  GError *error = NULL;
  CliRun run;

  write_file ("rig.smd", rig_smd);
  write_file ("tiny.map", tiny_map);

  /* convert IN - gives the bytes convert IN OUT writes, and nothing else. */
  run_shell (&run, "\"$CLI\" convert \"$1\" copy.ossa > /dev/null", rig_path, NULL);
  cli_assert_ok (&run);
  cli_run_clear (&run);
  before = folder_listing ();
  elsewhere = g_dir_make_tmp ("ossa-cli-piped-XXXXXX", &error);
  g_assert_no_error (error);
  piped = g_build_filename (elsewhere, "piped.bin", NULL);
  run_shell (&run, "\"$CLI\" convert \"$1\" - | cat > \"$2\"", rig_path, piped, NULL);
  cli_assert_ok (&run);
  cli_run_clear (&run);
  after = folder_listing ();
  /* No file was written on the way, not even for a moment (no temporary left). */
  g_assert_cmpstr (before, ==, after);
  file_bytes = read_file ("copy.ossa", &file_len);
  g_file_get_contents (piped, &pipe_bytes, &pipe_len, &error);
  g_assert_no_error (error);
  g_unlink (piped);
  g_rmdir (elsewhere);
  g_free (piped);
  g_free (elsewhere);
  g_assert_cmpmem (pipe_bytes, pipe_len, file_bytes, file_len);
  g_free (pipe_bytes);
  g_free (file_bytes);
  g_free (before);
  g_free (after);

  /* A pipeline end to end: SMD in, document out, info of that. */
  run_shell (&run, "cat rig.smd | \"$CLI\" import-smd - -o - | \"$CLI\" info - --json", NULL);
  cli_assert_ok (&run);
  g_assert_nonnull (strstr (run.out, "\"bones\":2"));
  g_assert_nonnull (strstr (run.out, "\"name\":\"stdin\""));
  cli_run_clear (&run);

  /* A map to text on stdout; --to picks the format. */
  run_shell (&run, "\"$CLI\" convert tiny.map - --to txt", NULL);
  cli_assert_ok (&run);
  g_assert_true (g_str_has_prefix (run.out, "width 3\nheight 3\n"));
  cli_run_clear (&run);

  /* Standard output cannot carry both the file and the JSON. */
  run_shell (&run, "\"$CLI\" convert \"$1\" - --json", rig_path, NULL);
  cli_assert_usage_error (&run, "convert");
  cli_run_clear (&run);
  run_shell (&run, "\"$CLI\" export-smd \"$1\" --anim walk -o - --json", rig_path, NULL);
  cli_assert_usage_error (&run, "export-smd");
  cli_run_clear (&run);

  /* A failed load writes nothing at all. */
  run_shell (&run, "echo junk | \"$CLI\" convert - - --to ossa", NULL);
  cli_assert_exit (&run, 1);
  g_assert_cmpstr (run.out, ==, "");
  cli_run_clear (&run);
}

/* ---- info lists meshes ---- */

static void
test_info_meshes (void)
{
  JsonParser *parser = json_parser_new ();
  JsonObject *object, *mesh;
  JsonArray *meshes;
  CliRun run;

  cli_run (&run, "C.UTF-8", "info", rig_path, "--json", NULL);
  cli_assert_ok (&run);
  object = cli_parse_json (parser, run.out);
  g_assert_true (json_object_has_member (object, "meshes"));
  meshes = json_object_get_array_member (object, "meshes");
  g_assert_cmpuint (json_array_get_length (meshes), ==, 1);
  mesh = json_array_get_object_element (meshes, 0);
  g_assert_cmpstr (json_object_get_string_member (mesh, "name"), ==, "skin");
  g_assert_cmpint (json_object_get_int_member (mesh, "vertices"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (mesh, "triangles"), ==, 1);
  cli_run_clear (&run);
  g_object_unref (parser);

  cli_run (&run, "C.UTF-8", "info", rig_path, NULL);
  cli_assert_ok (&run);
  g_assert_nonnull (strstr (run.out, "\nmeshes: 1\n  skin: 3 vertices, 1 triangle\n"));
  cli_run_clear (&run);
}

/* ---- scen's progress ---- */

/* stderr of ossa-cli ARGS when stderr is a pseudo-terminal. */
static char *
run_with_tty_stderr (const char *const *args, int *status)
{
  GString *seen = g_string_new (NULL);
  int master;
  GPid pid = cli_spawn_on_tty (args, &master);

  g_assert_true (cli_read_tty (master, seen, NULL, 120));
  close (master);
  *status = cli_wait_exit (pid);
  return g_string_free (seen, FALSE);
}

static void
test_scen_progress (void)
{
  static const char *const plain[] = { "scen", "tiny.scen", NULL };
  static const char *const quiet[] = { "scen", "--quiet", "tiny.scen", NULL };
  static const char *const json[] = { "scen", "--json", "tiny.scen", NULL };
  char *seen;
  int status;
  CliRun run;

  write_file ("tiny.map", tiny_map);
  write_file ("tiny.scen", tiny_scen);

  /* On a terminal: a line redrawn with "\r", wiped at the end. */
  seen = run_with_tty_stderr (plain, &status);
  g_assert_cmpint (status, ==, 0);
  if (strstr (seen, "ossa-cli: scen: searching 2/2 (100%)") == NULL)
    g_error ("no progress on the terminal: '%s'", seen);
  g_assert_nonnull (strchr (seen, '\r'));
  g_assert_true (g_str_has_suffix (seen, "\r\033[K"));
  g_free (seen);

  /* --quiet and --json: none. */
  seen = run_with_tty_stderr (quiet, &status);
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpstr (seen, ==, "");
  g_free (seen);
  seen = run_with_tty_stderr (json, &status);
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpstr (seen, ==, "");
  g_free (seen);

  /* Piped: none. */
  run_shell (&run, "\"$CLI\" scen tiny.scen 2>&1 | cat", NULL);
  cli_assert_exit (&run, 0);
  g_assert_null (strstr (run.out, "searching"));
  g_assert_null (strchr (run.out, '\r'));
  g_assert_nonnull (strstr (run.out, "2 problems, 2 optimal"));
  cli_run_clear (&run);
}

/* ---- the command table ---- */

/* The character column where the description starts on each command line of the
 * "Commands:" section of text; all must be equal. */
static void
assert_table_aligned (const char *text)
{
  const char *section = strstr (text, "Commands:\n");
  char **lines;
  long column = -1;
  int rows = 0;

  g_assert_nonnull (section);
  lines = g_strsplit (section + strlen ("Commands:\n"), "\n", -1);
  for (char **l = lines; *l != NULL && g_str_has_prefix (*l, "  "); l++)
    {
      /* Synopses hold single spaces; two or more separate the description. */
      const char *gap = strstr (*l + 2, "  ");
      long c;

      if (gap == NULL)
        g_error ("no description on '%s'", *l);
      while (*gap == ' ')
        gap++;
      c = g_utf8_pointer_to_offset (*l, gap);
      if (column < 0)
        column = c;
      if (c != column)
        g_error ("description at column %ld, not %ld: '%s'", c, column, *l);
      rows++;
    }
  g_assert_cmpint (rows, >=, 9);
  g_strfreev (lines);
}

static void
test_table (void)
{
  CliRun run;

  cli_run (&run, "C.UTF-8", "--help", NULL);
  cli_assert_ok (&run);
  assert_table_aligned (run.out);
  cli_run_clear (&run);

  /* No command: the table, on stderr, as a usage error. */
  cli_run (&run, "C.UTF-8", NULL);
  cli_assert_usage_error (&run, NULL);
  assert_table_aligned (run.err);
  cli_run_clear (&run);
}

/* ---- usage errors ---- */

static void
test_usage_wording (gconstpointer data)
{
  static const char *const commands[] = {
    "info", "validate", "sample", "convert", "import-smd", "import-qc", "export-smd", "astar",
    "scen", "bench",
  };
  const char *locale = data;
  CliRun run;

  if (!cli_locale_usable (locale))
    return;
  for (size_t i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      char *expected = g_strdup_printf ("ossa-cli: %s: unknown option '--bogus'\n"
                                        "Try 'ossa-cli %s --help'.\n", commands[i], commands[i]);

      if (strcmp (commands[i], "bench") == 0)
        cli_run (&run, locale, "bench", "pose", "--bogus", NULL);
      else
        cli_run (&run, locale, commands[i], "--bogus", "x", NULL);
      cli_assert_usage_error (&run, commands[i]);
      g_assert_cmpstr (run.err, ==, expected);
      cli_run_clear (&run);
      g_free (expected);
    }

  cli_run (&run, locale, "sample", "x", "--time", NULL);
  cli_assert_usage_error (&run, "sample");
  g_assert_cmpstr (run.err, ==, "ossa-cli: sample: missing value for --time\n"
                                "Try 'ossa-cli sample --help'.\n");
  cli_run_clear (&run);

  cli_run (&run, locale, "astar", "x", "--connect", "abc", NULL);
  cli_assert_usage_error (&run, "astar");
  g_assert_true (g_str_has_prefix (run.err, "ossa-cli: astar: cannot parse integer value 'abc' "
                                            "for --connect\n"));
  cli_run_clear (&run);
}

int
main (int argc, char **argv)
{
  char *smd, *walk;
  CliRun run;
  int status;

  g_test_init (&argc, &argv, NULL);
  if (cli_test_binary () == NULL || !g_file_test (cli_test_binary (), G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_message ("OSSA_CLI does not name the ossa-cli binary");
      return 1;
    }
  cli_tmp_dir_create ("ossa-cli-usage-XXXXXX");
  write_file ("skin.smd", rig_smd);
  write_file ("walk.smd", walk_smd);
  smd = cli_tmp_file ("skin.smd");
  walk = cli_tmp_file ("walk.smd");
  rig_path = cli_tmp_file ("rig.ossa");
  cli_run (&run, "C.UTF-8", "import-smd", smd, walk, "-o", rig_path, NULL);
  cli_assert_ok (&run);
  cli_run_clear (&run);
  g_free (smd);
  g_free (walk);

  g_test_add_func ("/cli/usage/dashdash", test_dashdash);
  g_test_add_func ("/cli/usage/stdin", test_stdin);
  g_test_add_func ("/cli/usage/stdout", test_stdout);
  g_test_add_func ("/cli/usage/info-meshes", test_info_meshes);
  g_test_add_func ("/cli/usage/scen-progress", test_scen_progress);
  g_test_add_func ("/cli/usage/table", test_table);
  g_test_add_data_func ("/cli/usage/wording/C", "C.UTF-8", test_usage_wording);
  g_test_add_data_func ("/cli/usage/wording/de_DE", "de_DE.UTF-8", test_usage_wording);

  status = g_test_run ();
  cli_tmp_dir_remove ();
  g_free (rig_path);
  return status;
}
