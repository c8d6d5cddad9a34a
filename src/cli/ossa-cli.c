/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli: everything the editor can do to a file, headless. main() picks the
 * command; each command lives in its own cli-<command>.c. */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli-common.h"

typedef struct
{
  const char     *name;
  CliCommandFunc  run;
  const char     *synopsis;
  const char     *summary;
} CliCommand;

static const CliCommand commands[] = {
  { "info", cli_info, "info FILE", "what a document holds: bones, animations, meshes, maps" },
  { "validate", cli_validate, "validate FILE", "load and check a file; exit 0 if valid" },
  { "sample", cli_sample, "sample DOC [--anim NAME] --time T [--no-ik]",
    "pose of every bone at time T, after IK (no --anim: the rest pose)" },
  { "convert", cli_convert, "convert IN OUT", "convert between formats, chosen by extension" },
  { "import-smd", cli_import_smd, "import-smd REF.smd [ANIM.smd…] -o OUT.ossa",
    "Valve SMD skeleton, mesh and animations → document" },
  { "import-qc", cli_import_qc, "import-qc MODEL.qc -o OUT.ossa",
    "a whole Valve model (.qc: meshes, sequences) → document" },
  { "export-smd", cli_export_smd, "export-smd DOC --anim NAME -o OUT.smd",
    "an animation → Valve SMD animation" },
  { "render", cli_render, "render DOC [--anim NAME] -o OUT",
    "an animation → PNG frames, sprite sheet, GIF or video" },
  { "astar", cli_astar,
    "astar MAP --from X,Y --to X,Y",
    "shortest path on a grid map (--algo astar|dijkstra|greedy, --connect 8|4)" },
  { "scen", cli_scen, "scen FILE.scen [--maps DIR]",
    "run a MovingAI scenario: optimal lengths, time per search" },
  { "bench", cli_bench, "bench pose [--bones N --keys K | DOC]",
    "time pose sampling + world transforms (ns per bone)" },
  { "thumbnail", cli_thumbnail, "thumbnail [-s SIZE] IN OUT",
    "the rest pose as a PNG, as file managers show it" },
};

/* The command table, its descriptions in one column: widths are counted in
 * characters (the synopses hold "…"), not bytes. */
static void
print_commands (FILE *out)
{
  int width = 0;

  fputs ("Commands:\n", out);
  for (size_t i = 0; i < G_N_ELEMENTS (commands); i++)
    width = MAX (width, cli_text_width (commands[i].synopsis));
  for (size_t i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      fprintf (out, "  %s", commands[i].synopsis);
      for (int w = cli_text_width (commands[i].synopsis); w < width; w++)
        fputc (' ', out);
      fprintf (out, "  %s\n", commands[i].summary);
    }
}

static void
print_usage (FILE *out)
{
  fputs ("Usage: ossa-cli COMMAND [OPTION…] [ARGUMENT…]\n"
         "\n"
         "Ossa's headless front end: inspect, check, sample, convert and render\n"
         "skeletal animation documents (.ossa), and find paths on grid maps.\n"
         "\n", out);
  print_commands (out);
  fputs ("\n"
         "Every command prints text for a person, or exactly one JSON object with --json.\n"
         "Errors go to stderr as 'ossa-cli: FILE[:LINE]: message'.\n"
         "Exit status: 0 success, 1 bad input, 2 bad usage.\n"
         "\n"
         "A FILE that is '-' is standard input for the commands that read it, standard\n"
         "output where one file is written (convert IN -, export-smd -o -, import-smd\n"
         "-o -, import-qc -o -). '--' ends the options: 'ossa-cli info -- -name.ossa'.\n"
         "\n"
         "'ossa-cli COMMAND --help' (or 'ossa-cli help COMMAND') describes a command;\n"
         "'ossa-cli --help-all' prints every command's help.\n"
         "'ossa-cli --version' prints the version.\n", out);
}

static const CliCommand *
find_command (const char *name)
{
  for (size_t i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (commands[i].name, name) == 0)
      return &commands[i];
  return NULL;
}

static int
run_command (const CliCommand *command, int argc, char **argv)
{
  char *prgname = g_strdup_printf ("ossa-cli %s", command->name);
  int status;

  /* GOptionContext's usage line is "PRGNAME [OPTION…] PARAMETERS". */
  g_set_prgname (prgname);
  status = command->run (argc, argv);
  g_free (prgname);

  /* Output that did not arrive (a full disk, a closed pipe) is a failure too. */
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      cli_error (NULL, "error writing the output: %s", g_strerror (errno));
      if (status == CLI_EXIT_OK)
        status = CLI_EXIT_INPUT;
    }
  return status;
}

/* The general help, then each command's (for the manual page). A command's --help
 * exits the process, so each runs in a child of its own. */
static int
help_all (void)
{
  print_usage (stdout);
  for (size_t i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      char *help_argv[] = { (char *) commands[i].name, (char *) "--help", NULL };
      int wait_status = 0;
      pid_t pid;

      printf ("\nCommand %s:\n\n", commands[i].name);
      fflush (stdout);
      pid = fork ();
      if (pid < 0)
        {
          cli_error (NULL, "fork: %s", g_strerror (errno));
          return CLI_EXIT_INPUT;
        }
      if (pid == 0)
        _exit (run_command (&commands[i], 2, help_argv));
      if (waitpid (pid, &wait_status, 0) < 0 || !WIFEXITED (wait_status)
          || WEXITSTATUS (wait_status) != 0)
        return CLI_EXIT_INPUT;
    }
  return CLI_EXIT_OK;
}

int
main (int argc, char **argv)
{
  const CliCommand *command;

  setlocale (LC_ALL, "");

  if (argc < 2)
    {
      fputs ("ossa-cli: missing COMMAND\n\n", stderr);
      print_commands (stderr);
      fputs ("\nTry 'ossa-cli --help'.\n", stderr);
      return CLI_EXIT_USAGE;
    }
  if (strcmp (argv[1], "--help-all") == 0)
    return help_all ();
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0
      || strcmp (argv[1], "help") == 0)
    {
      if (strcmp (argv[1], "help") == 0 && argc > 2)
        {
          char *help_argv[] = { argv[2], (char *) "--help", NULL };

          command = find_command (argv[2]);
          if (command == NULL)
            return cli_usage_error (NULL, "unknown command '%s'", argv[2]);
          return run_command (command, 2, help_argv);
        }
      print_usage (stdout);
      return CLI_EXIT_OK;
    }
  if (strcmp (argv[1], "--version") == 0 || strcmp (argv[1], "-V") == 0)
    {
      printf ("ossa-cli %s\n", PACKAGE_VERSION);
      return CLI_EXIT_OK;
    }
  if (argv[1][0] == '-')
    return cli_usage_error (NULL, "unknown option '%s' (a command comes first)", argv[1]);

  command = find_command (argv[1]);
  if (command == NULL)
    return cli_usage_error (NULL, "unknown command '%s'", argv[1]);
  return run_command (command, argc - 1, argv + 1);
}
