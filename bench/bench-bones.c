/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Large skeletons end to end: an SMD of N bones, flat (every bone a root's child)
 * or a chain (each bone the child of the one before, N deep), made in memory and
 *
 *   import   ossa_smd_import_bytes(): parse, project, build the skeleton
 *   save     ossa_document_to_bytes() of the imported document
 *   load     ossa_document_load_bytes() of those bytes (checks every rule)
 *   pose     ossa_pose_new() + ossa_pose_update_world() on the loaded skeleton
 *
 * for N = 12,500, 50,000, 100,000 and 200,000 (or the counts given as arguments).
 * Each size runs in its own child process, which prints its time per step in
 * milliseconds and its peak resident memory (VmHWM of /proc/self/status) at the
 * end. A deep chain is the case that would overflow a recursive walk. Prints
 * figures; never fails on time.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ossa.h"

static double
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static long
peak_rss_kib (void)
{
  FILE *f = fopen ("/proc/self/status", "r");
  char line[256];
  long kib = -1;

  if (f == NULL)
    return -1;
  while (fgets (line, sizeof line, f) != NULL)
    if (sscanf (line, "VmHWM: %ld kB", &kib) == 1)
      break;
  fclose (f);
  return kib;
}

/* Appends to the text of make_smd(), which sized it for what it writes. */
static void __attribute__ ((format (printf, 3, 4)))
append (char *s, size_t *len, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  *len += (size_t) vsprintf (s + *len, format, args);
  va_end (args);
}

/* An SMD with n bones and one skeleton frame. */
static char *
make_smd (size_t n, int chain, size_t *size)
{
  size_t cap = 64 + n * 96;
  char *s = malloc (cap);
  size_t len = 0;

  if (s == NULL)
    {
      fprintf (stderr, "bench-bones: no memory for a %zu-bone SMD\n", n);
      exit (1);
    }
  append (s, &len, "version 1\nnodes\n");
  for (size_t i = 0; i < n; i++)
    append (s, &len, "%zu \"bone_%zu\" %ld\n", i, i, i == 0 ? -1L : chain ? (long) i - 1 : 0L);
  append (s, &len, "end\nskeleton\ntime 0\n");
  for (size_t i = 0; i < n; i++)
    append (s, &len, "%zu %s 0 0 0 0 0\n", i, i == 0 ? "0" : "1");
  append (s, &len, "end\n");
  *size = len;
  return s;
}

static int
run (size_t n, int chain)
{
  OssaError err = { 0 };
  size_t size, out_size;
  char *smd = make_smd (n, chain, &size);
  uint8_t *bytes;
  OssaDocument *doc, *loaded;
  OssaPose *pose;
  double t0, t_import, t_save, t_load, t_pose;

  t0 = now_ms ();
  doc = ossa_smd_import_bytes (smd, size, "bench.smd", NULL, &err);
  t_import = now_ms () - t0;
  free (smd);
  if (doc == NULL)
    {
      printf ("%-6s %8zu  refused: %s\n", chain ? "chain" : "flat", n, err.message);
      return 0;
    }
  t0 = now_ms ();
  if (!ossa_document_to_bytes (doc, &bytes, &out_size, &err))
    {
      printf ("save failed: %s\n", err.message);
      return 1;
    }
  t_save = now_ms () - t0;
  t0 = now_ms ();
  loaded = ossa_document_load_bytes (bytes, out_size, "bench.ossa", &err);
  t_load = now_ms () - t0;
  free (bytes);
  if (loaded == NULL)
    {
      printf ("load failed: %s\n", err.message);
      return 1;
    }
  t0 = now_ms ();
  pose = ossa_pose_new (&loaded->skeleton, &err);
  ossa_pose_update_world (pose, &loaded->skeleton);
  t_pose = now_ms () - t0;
  printf ("%-6s %8zu  import %8.1f  save %7.1f  load %7.1f  pose %6.1f   peak RSS %6.1f MiB\n",
          chain ? "chain" : "flat", n, t_import, t_save, t_load, t_pose, peak_rss_kib () / 1024.0);
  fflush (stdout);
  ossa_pose_free (pose);
  ossa_document_free (loaded);
  ossa_document_free (doc);
  return 0;
}

int
main (int argc, char **argv)
{
  static const size_t defaults[] = { 12500, 50000, 100000, 200000 };
  size_t n_sizes = argc > 1 ? (size_t) argc - 1 : 4;

  printf ("bench-bones: SMD import, .ossa save and load, world pose; times in ms\n");
  fflush (stdout);
  for (int chain = 0; chain < 2; chain++)
    for (size_t k = 0; k < n_sizes; k++)
      {
        size_t n = argc > 1 ? strtoul (argv[k + 1], NULL, 10) : defaults[k];
        pid_t pid = fork ();
        int status;

        if (pid == 0)
          _exit (run (n, chain));
        if (pid < 0 || waitpid (pid, &status, 0) < 0 || !WIFEXITED (status)
            || WEXITSTATUS (status) != 0)
          printf ("%-6s %8zu  failed (status %d)\n", chain ? "chain" : "flat", n, status);
      }
  return 0;
}
