/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli: everything the editor can do to a file, headless. main() picks the
 * command; each command lives in its own cli-<command>.c. */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "cli-common.h"

typedef struct
{
  const char     *name;
  CliCommandFunc  run;
  const char     *synopsis;
  const char     *summary;
} CliCommand;

static const CliCommand commands[] = {
  { "info", cli_info, "info FILE", "what a document holds: bones, animations, maps" },
  { "validate", cli_validate, "validate FILE", "load and check a file; exit 0 if valid" },
  { "sample", cli_sample, "sample DOC [--anim NAME] --time T",
    "pose of every bone at time T (no --anim: the rest pose)" },
  { "convert", cli_convert, "convert IN OUT", "convert between formats, chosen by extension" },
  { "import-smd", cli_import_smd, "import-smd REF.smd [ANIM.smd…] -o OUT.ossa",
    "Valve SMD skeleton, mesh and animations → document" },
  { "export-smd", cli_export_smd, "export-smd DOC --anim NAME -o OUT.smd",
    "an animation → Valve SMD animation" },
  { "astar", cli_astar,
    "astar MAP --from X,Y --to X,Y",
    "shortest path on a grid map (--algo astar|dijkstra|greedy, --connect 8|4)" },
  { "scen", cli_scen, "scen FILE.scen [--maps DIR]",
    "run a MovingAI scenario: optimal lengths, time per search" },
  { "bench", cli_bench, "bench pose [--bones N --keys K | DOC]",
    "time pose sampling + world transforms (ns per bone)" },
};

static void
print_usage (FILE *out)
{
  int width = 0;

  fputs ("Usage: ossa-cli COMMAND [OPTION…] [ARGUMENT…]\n"
         "\n"
         "Ossa's headless front end: inspect, check, sample and convert skeletal\n"
         "animation documents (.ossa), and find paths on grid maps.\n"
         "\n"
         "Commands:\n", out);
  for (size_t i = 0; i < G_N_ELEMENTS (commands); i++)
    width = MAX (width, (int) strlen (commands[i].synopsis));
  for (size_t i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-*s  %s\n", width, commands[i].synopsis, commands[i].summary);
  fputs ("\n"
         "Every command prints text for a person, or exactly one JSON object with --json.\n"
         "Errors go to stderr as 'ossa-cli: FILE[:LINE]: message'.\n"
         "Exit status: 0 success, 1 bad input, 2 bad usage.\n"
         "\n"
         "'ossa-cli COMMAND --help' (or 'ossa-cli help COMMAND') describes a command.\n"
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

int
main (int argc, char **argv)
{
  const CliCommand *command;

  setlocale (LC_ALL, "");

  if (argc < 2)
    return cli_usage_error (NULL, "missing COMMAND (info, validate, sample, convert, import-smd, export-smd, astar, scen, bench)");
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
