/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Runs a fuzz target's LLVMFuzzerTestOneInput on each file of the folders (or on
 * the files) given, in name order, as libFuzzer would on a crash it saved: the
 * normal suite replays fuzz/regressions/<target>/ with it in every build, no clang
 * needed. Exits 1 when a folder holds no input; a crash is the target's abort. */
#include <dirent.h>
#include <errno.h>
#include <sys/stat.h>

#include "fuzz-support.h"

static int
run_file (const char *path)
{
  FILE *f = fopen (path, "rb");
  uint8_t *data = NULL;
  size_t size = 0, capacity = 0, n;

  if (f == NULL)
    {
      fprintf (stderr, "fuzz-replay: %s: %s\n", path, strerror (errno));
      return 0;
    }
  do
    {
      if (size == capacity)
        {
          uint8_t *bigger;

          capacity = capacity ? capacity * 2 : 4096;
          bigger = realloc (data, capacity);
          FUZZ_CHECK (bigger != NULL, "memory for an input");
          data = bigger;
        }
      n = fread (data + size, 1, capacity - size, f);
      size += n;
    }
  while (n > 0);
  fclose (f);
  fprintf (stderr, "fuzz-replay: %s (%zu bytes)\n", path, size);
  /* An exact-size copy, so that ASan catches a read one past the end. */
  {
    uint8_t *exact = malloc (size ? size : 1);

    FUZZ_CHECK (exact != NULL, "memory for an input");
    memcpy (exact, data, size);
    free (data);
    LLVMFuzzerTestOneInput (exact, size);
    free (exact);
  }
  return 1;
}

static int
compare_names (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The number of inputs run from dir, -1 when it cannot be read. */
static long
run_dir (const char *dir)
{
  DIR *d = opendir (dir);
  struct dirent *e;
  char **names = NULL;
  size_t n = 0, capacity = 0;
  long ran = 0;

  if (d == NULL)
    return -1;
  while ((e = readdir (d)) != NULL)
    {
      if (e->d_name[0] == '.')
        continue;
      if (n == capacity)
        {
          char **bigger;

          capacity = capacity ? capacity * 2 : 64;
          bigger = realloc (names, capacity * sizeof *names);
          FUZZ_CHECK (bigger != NULL, "memory for names");
          names = bigger;
        }
      names[n] = strdup (e->d_name);
      FUZZ_CHECK (names[n] != NULL, "memory for a name");
      n++;
    }
  closedir (d);
  if (n > 0)
    qsort (names, n, sizeof *names, compare_names);
  for (size_t i = 0; i < n; i++)
    {
      size_t len = strlen (dir) + strlen (names[i]) + 2;
      char *path = malloc (len);
      struct stat st;

      FUZZ_CHECK (path != NULL, "memory for a path");
      snprintf (path, len, "%s/%s", dir, names[i]);
      if (stat (path, &st) == 0 && S_ISREG (st.st_mode))
        ran += run_file (path);
      free (path);
      free (names[i]);
    }
  free (names);
  return ran;
}

int
main (int argc, char **argv)
{
  long total = 0;

  if (argc < 2)
    {
      fprintf (stderr, "usage: %s FOLDER|FILE…\n", argv[0]);
      return 2;
    }
  for (int i = 1; i < argc; i++)
    {
      struct stat st;

      if (stat (argv[i], &st) != 0)
        {
          fprintf (stderr, "fuzz-replay: %s: %s\n", argv[i], strerror (errno));
          return 1;
        }
      if (S_ISDIR (st.st_mode))
        {
          long ran = run_dir (argv[i]);

          if (ran <= 0)
            {
              fprintf (stderr, "fuzz-replay: %s: no input to replay\n", argv[i]);
              return 1;
            }
          total += ran;
        }
      else if (!run_file (argv[i]))
        return 1;
      else
        total++;
    }
  printf ("fuzz-replay: %ld inputs, no crash\n", total);
  return 0;
}
