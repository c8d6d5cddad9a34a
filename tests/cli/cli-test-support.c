/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "cli-test-support.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <poll.h>
#include <pty.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>

static char *tmp_dir;

const char *
cli_test_binary (void)
{
  return g_getenv ("OSSA_CLI");
}

/* Exit status of coreutils' timeout when the time ran out. */
#define TIMEOUT_EXPIRED 124

void
cli_run_env (CliRun *run, const char *locale, const char *const *env, const char *cwd,
             int timeout_s, const char *const *args)
{
  GPtrArray *argv = g_ptr_array_new ();
  char **envp = g_get_environ ();
  char *limit = g_strdup_printf ("%d", timeout_s);
  GError *error = NULL;
  int wait_status = 0;

  if (timeout_s > 0)
    {
      /* SIGTERM when the time is up, SIGKILL 5 s later if that did not do. */
      g_ptr_array_add (argv, (gpointer) "timeout");
      g_ptr_array_add (argv, (gpointer) "-k");
      g_ptr_array_add (argv, (gpointer) "5");
      g_ptr_array_add (argv, limit);
    }
  g_ptr_array_add (argv, (gpointer) cli_test_binary ());
  for (size_t i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  envp = g_environ_setenv (envp, "LC_ALL", locale, TRUE);
  /* The binary must not warn: GLib warnings are fatal for it too. */
  envp = g_environ_setenv (envp, "G_DEBUG", "fatal-warnings", TRUE);
  for (size_t i = 0; env != NULL && env[i] != NULL; i += 2)
    envp = g_environ_setenv (envp, env[i], env[i + 1], TRUE);

  memset (run, 0, sizeof *run);
  g_spawn_sync (cwd, (char **) argv->pdata, envp,
                timeout_s > 0 ? G_SPAWN_SEARCH_PATH : G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  if (timeout_s > 0 && (!WIFEXITED (wait_status) || WEXITSTATUS (wait_status) == TIMEOUT_EXPIRED))
    g_error ("ossa-cli %s ... was still running after %d s: killed", args[0] ? args[0] : "",
             timeout_s);
  if (!WIFEXITED (wait_status))
    g_error ("ossa-cli %s ... did not exit normally (wait status %d); stderr: %s",
             args[0] ? args[0] : "", wait_status, run->err);
  run->status = WEXITSTATUS (wait_status);
  g_ptr_array_unref (argv);
  g_strfreev (envp);
  g_free (limit);
}

void
cli_runv (CliRun *run, const char *locale, const char *const *args)
{
  cli_run_env (run, locale, NULL, NULL, 0, args);
}

void
cli_run_va (CliRun *run, const char *locale, va_list args)
{
  GPtrArray *list = g_ptr_array_new ();
  const char *a;

  while ((a = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (list, (gpointer) a);
  g_ptr_array_add (list, NULL);
  cli_runv (run, locale, (const char *const *) list->pdata);
  g_ptr_array_unref (list);
}

void
cli_run (CliRun *run, const char *locale, ...)
{
  va_list ap;

  va_start (ap, locale);
  cli_run_va (run, locale, ap);
  va_end (ap);
}

void
cli_run_clear (CliRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

void
cli_assert_exit (const CliRun *run, int status)
{
  if (run->status != status)
    g_error ("expected exit %d, got %d; stdout: %s stderr: %s", status, run->status, run->out,
             run->err);
}

void
cli_assert_ok (const CliRun *run)
{
  cli_assert_exit (run, 0);
  g_assert_cmpstr (run->err, ==, "");
}

void
cli_assert_usage_error (const CliRun *run, const char *command)
{
  char *hint = command != NULL ? g_strdup_printf ("Try 'ossa-cli %s --help'.", command)
                               : g_strdup ("Try 'ossa-cli --help'.");

  cli_assert_exit (run, 2);
  g_assert_true (g_str_has_prefix (run->err, "ossa-cli: "));
  g_assert_nonnull (strstr (run->err, hint));
  g_assert_cmpstr (run->out, ==, "");
  g_free (hint);
}

void
cli_assert_line_error (const CliRun *run, const char *path, int max_line)
{
  char *prefix = g_strdup_printf ("ossa-cli: %s:", path);
  const char *p;
  int line;

  if (run->status != 1 || !g_str_has_prefix (run->err, prefix))
    g_error ("expected exit 1 and '%s…', got %d: %s", prefix, run->status, run->err);
  p = run->err + strlen (prefix);
  line = atoi (p);
  while (g_ascii_isdigit (*p))
    p++;
  if (line < 1 || line > max_line || strncmp (p, ": ", 2) != 0)
    g_error ("no line (1 to %d) in: %s", max_line, run->err);
  g_assert_cmpstr (run->out, ==, "");
  g_free (prefix);
}

int
cli_count_in (const char *haystack, const char *needle)
{
  int n = 0;

  for (const char *p = strstr (haystack, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

JsonObject *
cli_parse_json (JsonParser *parser, const char *text)
{
  GError *error = NULL;
  JsonNode *root;

  g_assert_true (g_str_has_suffix (text, "\n"));
  g_assert_true (strchr (text, '\n') == text + strlen (text) - 1);
  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  root = json_parser_get_root (parser);
  g_assert_nonnull (root);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (root));
  return json_node_get_object (root);
}

gboolean
cli_locale_usable (const char *locale)
{
  gboolean ok = setlocale (LC_ALL, locale) != NULL;

  setlocale (LC_ALL, "C");
  if (!ok)
    {
      char *message = g_strdup_printf ("locale %s is not installed", locale);

      g_test_skip (message);
      g_free (message);
    }
  return ok;
}

void
cli_tmp_dir_create (const char *template)
{
  GError *error = NULL;

  g_assert_null (tmp_dir);
  tmp_dir = g_dir_make_tmp (template, &error);
  g_assert_no_error (error);
}

const char *
cli_tmp_dir (void)
{
  g_assert_nonnull (tmp_dir);
  return tmp_dir;
}

char *
cli_tmp_file (const char *name)
{
  g_assert_nonnull (tmp_dir);
  return g_build_filename (tmp_dir, name, NULL);
}

/* path and, when it is a folder (not a link to one), all it holds. */
static void
remove_tree (const char *path)
{
  GDir *dir = g_file_test (path, G_FILE_TEST_IS_SYMLINK) ? NULL : g_dir_open (path, 0, NULL);
  const char *name;

  if (dir == NULL)
    {
      g_unlink (path);
      return;
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      char *child = g_build_filename (path, name, NULL);

      remove_tree (child);
      g_free (child);
    }
  g_dir_close (dir);
  g_rmdir (path);
}

void
cli_tmp_dir_remove (void)
{
  if (tmp_dir != NULL)
    remove_tree (tmp_dir);
  g_clear_pointer (&tmp_dir, g_free);
}

/* ---- on a terminal ---- */

GPid
cli_spawn_on_tty (const char *const *args, int *master)
{
  GPtrArray *argv = g_ptr_array_new ();
  GError *error = NULL;
  int slave, devnull;
  GPid pid;

  g_assert_cmpint (openpty (master, &slave, NULL, NULL, NULL), ==, 0);
  devnull = open ("/dev/null", O_WRONLY | O_CLOEXEC);
  g_ptr_array_add (argv, (gpointer) cli_test_binary ());
  for (size_t i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_async_with_pipes_and_fds (cli_tmp_dir (), (const char *const *) argv->pdata, NULL,
                                    G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, -1, devnull, slave,
                                    NULL, NULL, 0, &pid, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  close (slave);
  close (devnull);
  g_ptr_array_unref (argv);
  return pid;
}

gboolean
cli_read_tty (int master, GString *seen, const char *until, int timeout_s)
{
  gint64 end = g_get_monotonic_time () + (gint64) timeout_s * G_USEC_PER_SEC;

  while (until == NULL || strstr (seen->str, until) == NULL)
    {
      struct pollfd pfd = { master, POLLIN, 0 };
      gint64 left = (end - g_get_monotonic_time ()) / 1000;
      char buf[4096];
      ssize_t n;

      if (left <= 0)
        return FALSE;
      if (poll (&pfd, 1, (int) left) <= 0)
        continue;
      n = read (master, buf, sizeof buf);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)   /* Linux gives EIO once the other side is gone */
        return until == NULL;
      g_string_append_len (seen, buf, n);
    }
  return TRUE;
}

int
cli_wait_exit (GPid pid)
{
  int status = 0;

  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
  if (!WIFEXITED (status))
    g_error ("ossa-cli did not exit (wait status %d)", status);
  return WEXITSTATUS (status);
}

char *
cli_test_smd_file (const char *name)
{
  const char *dir = g_getenv ("OSSA_SHARED_TESTDATA");
  char *path = dir ? g_build_filename (dir, "smd", name, NULL) : NULL;

  if (path != NULL && !g_file_test (path, G_FILE_TEST_EXISTS))
    g_clear_pointer (&path, g_free);
  return path;
}

void
cli_sample_joints (const char *locale, const char *doc, const char *anim, double t,
                   size_t n, double *xy, GPtrArray *names)
{
  char time_text[G_ASCII_DTOSTR_BUF_SIZE];
  JsonParser *parser = json_parser_new ();
  JsonArray *bones;
  CliRun r;

  g_ascii_dtostr (time_text, sizeof time_text, t);
  if (anim)
    cli_run (&r, locale, "sample", doc, "--anim", anim, "--time", time_text, "--json", NULL);
  else
    cli_run (&r, locale, "sample", doc, "--time", time_text, "--json", NULL);
  cli_assert_exit (&r, 0);
  bones = json_object_get_array_member (cli_parse_json (parser, r.out), "bones");
  g_assert_cmpuint (json_array_get_length (bones), ==, n);
  for (size_t i = 0; i < n; i++)
    {
      JsonObject *bone = json_array_get_object_element (bones, (guint) i);
      JsonObject *w = json_object_get_object_member (bone, "world");

      xy[2 * i] = json_object_get_double_member (w, "x");
      xy[2 * i + 1] = json_object_get_double_member (w, "y");
      if (names != NULL)
        g_ptr_array_add (names, g_strdup (json_object_get_string_member (bone, "name")));
    }
  g_object_unref (parser);
  cli_run_clear (&r);
}
