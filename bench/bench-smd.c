/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * SMD import speed against its yardstick: a plain strtod loop over the same file's
 * numbers. Measured in one run on hlsdk_loader_rampwalk_large.smd (2.4 MB, 76 bones
 * × 501 frames) from OSSA_SHARED_TESTDATA, or on the file given as argument:
 *
 *   import      ossa_smd_import_files(): read the file, parse, project every frame,
 *               build the skeleton and the animation (end to end, file to document)
 *   parse       ossa_smd_read_bytes() on the bytes already in memory
 *   strtod      every whitespace-separated token of the bytes in memory that starts
 *               like a number, through strtod (C locale): nothing else
 *
 * Best of RUNS runs each, in milliseconds. Prints figures; never fails on time.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ossa.h"

#define RUNS 7

static double
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The loop the import is compared with: strtod over every number token. */
static double
strtod_loop (const char *p, const char *end, size_t *count)
{
  double sum = 0;

  *count = 0;
  while (p < end)
    {
      char *stop;

      while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
        p++;
      if (p >= end)
        break;
      if ((*p >= '0' && *p <= '9') || *p == '-' || *p == '+' || *p == '.')
        {
          sum += strtod (p, &stop);
          (*count)++;
          if (stop > p)
            p = stop;
        }
      while (p < end && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
        p++;
    }
  return sum;
}

int
main (int argc, char **argv)
{
  const char *dir = getenv ("OSSA_SHARED_TESTDATA");
  char default_path[4096];
  const char *path = argc > 1 ? argv[1] : default_path;
  const char *paths[1];
  OssaError err = { 0 };
  uint8_t *data;
  size_t size, count = 0;
  double best_import = INFINITY, best_parse = INFINITY, best_strtod = INFINITY, sink = 0;
  char *text;

  if (argc <= 1)
    {
      if (dir == NULL)
        {
          printf ("bench-smd: set OSSA_SHARED_TESTDATA or name an SMD file; nothing measured\n");
          return 0;
        }
      snprintf (default_path, sizeof default_path, "%s/smd/hlsdk_loader_rampwalk_large.smd", dir);
    }
  paths[0] = path;
  if (!ossa_file_read (path, OSSA_SMD_MAX_FILE_SIZE, &data, &size, &err))
    {
      fprintf (stderr, "bench-smd: %s: %s\n", path, err.message);
      return 1;
    }
  /* strtod needs a terminator after the last token. */
  text = malloc (size + 1);
  memcpy (text, data, size);
  text[size] = '\0';

  for (int run = 0; run < RUNS; run++)
    {
      double t0 = now_ms ();
      OssaDocument *doc = ossa_smd_import_files (paths, 1, NULL, &err);
      double t1 = now_ms ();
      OssaSmd *smd;
      double t2, t3, t4;

      if (doc == NULL)
        {
          fprintf (stderr, "bench-smd: %s:%d: %s\n", err.path, err.line, err.message);
          return 1;
        }
      ossa_document_free (doc);
      t2 = now_ms ();
      smd = ossa_smd_read_bytes ((const char *) data, size, path, NULL, &err);
      t3 = now_ms ();
      ossa_smd_free (smd);
      sink += strtod_loop (text, text + size, &count);
      t4 = now_ms ();
      best_import = fmin (best_import, t1 - t0);
      best_parse = fmin (best_parse, t3 - t2);
      best_strtod = fmin (best_strtod, t4 - t3);
    }
  printf ("%s: %zu bytes, %zu numbers (best of %d)\n", path, size, count, RUNS);
  printf ("  import, file to document:  %8.2f ms\n", best_import);
  printf ("  parse only, from memory:   %8.2f ms\n", best_parse);
  printf ("  plain strtod loop:         %8.2f ms\n", best_strtod);
  printf ("  strtod loop / import:      %8.2f×   (target ≥ 2)\n", best_strtod / best_import);
  if (sink == 1234.5)
    printf ("\n");   /* keeps the loop's result alive */
  free (text);
  free (data);
  return 0;
}
