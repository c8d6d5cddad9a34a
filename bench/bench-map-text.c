/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Map files with a good header and a large junk body: how far the reader gets, what
 * it says, how long it takes and how much memory it holds before it fails. Writes
 * each file into a temporary folder (MIB MiB of body, 1000 by default, or the
 * first argument), then loads it with ossa_grid_map_load() in a child process that
 * prints the error, the time and its peak resident memory (VmHWM).
 *
 *   zeros.map      type octile, 4 × 4, then MIB MiB of NUL bytes (no newline)
 *   zeros.txt      width 4, height 4, mapstart, then MIB MiB of '0' (no newline)
 *   rows.map       type octile, 4 × 4, then MIB MiB of "0000\n" rows (too many rows)
 *
 * Prints figures; never fails on time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ossa.h"

static double
now_s (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
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

static int
write_file (const char *path, const char *header, const char *unit, size_t unit_len, size_t mib)
{
  FILE *f = fopen (path, "wb");
  char *chunk = malloc (1 << 20);

  if (f == NULL || chunk == NULL)
    return -1;
  for (size_t i = 0; i < (1u << 20); i++)
    chunk[i] = unit[i % unit_len];
  fputs (header, f);
  for (size_t i = 0; i < mib; i++)
    fwrite (chunk, 1, 1 << 20, f);
  free (chunk);
  return fclose (f);
}

static void
load (const char *path)
{
  pid_t pid = fork ();

  if (pid == 0)
    {
      OssaGridMap map;
      OssaError err = { 0 };
      double t0 = now_s ();
      bool ok = ossa_grid_map_load (&map, path, NULL, &err);

      printf ("  %-10s %s  %.2f s  peak RSS %.1f MiB\n     %s:%d: %s\n", strrchr (path, '/') + 1,
              ok ? "loaded" : "refused", now_s () - t0, peak_rss_kib () / 1024.0, err.path,
              err.line, err.message);
      fflush (stdout);
      _exit (0);
    }
  waitpid (pid, NULL, 0);
}

int
main (int argc, char **argv)
{
  size_t mib = argc > 1 ? strtoul (argv[1], NULL, 10) : 1000;
  char dir[] = "/tmp/bench-map-text-XXXXXX";
  char path[3][128];
  static const char *const names[3] = { "zeros.map", "zeros.txt", "rows.map" };

  if (mkdtemp (dir) == NULL)
    return 1;
  for (int i = 0; i < 3; i++)
    snprintf (path[i], sizeof path[i], "%s/%s", dir, names[i]);
  printf ("bench-map-text: header + %zu MiB of junk\n", mib);
  fflush (stdout);
  write_file (path[0], "type octile\nheight 4\nwidth 4\nmap\n", "\0", 1, mib);
  write_file (path[1], "width 4\nheight 4\nmapstart\n", "0", 1, mib);
  write_file (path[2], "type octile\nheight 4\nwidth 4\nmap\n", "0000\n", 5, mib);
  for (int i = 0; i < 3; i++)
    {
      load (path[i]);
      unlink (path[i]);
    }
  rmdir (dir);
  return 0;
}
