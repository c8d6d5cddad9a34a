/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For the CLI tests: running the real ossa-cli ($OSSA_CLI) in a locale and keeping
 * its exit status, stdout and stderr; the checks every CLI test makes on a run and
 * on its JSON; the locales a case is run under; a temporary folder for the files a
 * test writes; the shared SMD files and the joints `sample` gives, for the SMD and
 * .qc imports. */
#pragma once

#include <stdarg.h>

#include <glib.h>
#include <json-glib/json-glib.h>

typedef struct
{
  int   status;  /* the exit status (the run fails the test if there is none) */
  char *out;
  char *err;
} CliRun;

/* $OSSA_CLI, or NULL when it is not set. */
const char *cli_test_binary (void);

/* Runs ossa-cli ARGS... under LC_ALL=locale with GLib warnings fatal; the test
 * fails if it cannot be spawned or does not exit normally. */
void cli_runv (CliRun *run, const char *locale, const char *const *args);
void cli_run_va (CliRun *run, const char *locale, va_list args);
/* cli_runv() with more environment variables (env: "NAME", "VALUE", … NULL, or
 * NULL for none), a folder to run in (NULL: the test's) and, when timeout_s > 0,
 * a time limit: a run that outlasts it is killed and fails the test, so that a
 * command that would wait forever does not hang the suite. */
void cli_run_env (CliRun *run, const char *locale, const char *const *env, const char *cwd,
                  int timeout_s, const char *const *args);
/* cli_run (&run, locale, "sample", path, "--json", NULL) */
void cli_run (CliRun *run, const char *locale, ...) G_GNUC_NULL_TERMINATED;
void cli_run_clear (CliRun *run);

/* The run exited with status (the output shown when not). */
void cli_assert_exit (const CliRun *run, int status);
/* Exit 0 and nothing on stderr. */
void cli_assert_ok (const CliRun *run);
/* Exit 2, "ossa-cli: " on stderr with the hint "Try 'ossa-cli COMMAND --help'."
 * (or "Try 'ossa-cli --help'." when command is NULL), nothing on stdout. */
void cli_assert_usage_error (const CliRun *run, const char *command);

/* Exit 1, nothing on stdout, and stderr starting "ossa-cli: PATH:LINE: " with
 * LINE in [1, max_line]. */
void cli_assert_line_error (const CliRun *run, const char *path, int max_line);

/* How many times needle occurs in haystack (overlapping ones too). */
int cli_count_in (const char *haystack, const char *needle);

/* text (what a --json run printed) loaded into parser: exactly one JSON object on
 * one newline-terminated line, returned. */
JsonObject *cli_parse_json (JsonParser *parser, const char *text);

/* Whether the locale is installed; the test is skipped, saying so, when not. */
gboolean cli_locale_usable (const char *locale);

/* A new temporary folder from template (g_dir_make_tmp), for cli_tmp_file(). */
void cli_tmp_dir_create (const char *template);
/* That folder. */
const char *cli_tmp_dir (void);
/* The path of name in that folder, newly allocated. */
char *cli_tmp_file (const char *name);
/* The folder and all it holds (folders in it too) removed. */
void cli_tmp_dir_remove (void);

/* Starts ossa-cli ARGS in that folder with stderr on a new pseudo-terminal (stdout
 * to /dev/null): its pid, and the terminal's side to read in *master. */
GPid cli_spawn_on_tty (const char *const *args, int *master);
/* Reads master into seen until it holds until (NULL: until the other side is gone)
 * or timeout_s pass; whether it came. */
gboolean cli_read_tty (int master, GString *seen, const char *until, int timeout_s);
/* Waits for pid to exit and gives its exit status (an error when it did not exit). */
int cli_wait_exit (GPid pid);

/* $OSSA_SHARED_TESTDATA/smd/name, or NULL when that is not set or the file is
 * not there (the caller skips then). Free with g_free(). */
char *cli_test_smd_file (const char *name);

/* The world joints `ossa-cli sample DOC [--anim ANIM] --time T --json` gives
 * under locale (anim NULL: the rest pose): it must list n bones; bone i's x and y
 * go to xy[2i] and xy[2i + 1], its name (when names is not NULL) appended to names
 * (a copy: give the array a free function). */
void cli_sample_joints (const char *locale, const char *doc, const char *anim, double t,
                        size_t n, double *xy, GPtrArray *names);
