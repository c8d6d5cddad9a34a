/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A crowd: N players (100) of one document (the hero), each at a different phase
 * of its walk; a frame is, for every player, ossa_player_update (1/60),
 * ossa_player_apply() and ossa_player_fill_quads(). Prints the median and 95th
 * percentile of the frame time over many frames, the three parts, and the same
 * with every player in the middle of a crossfade (walk → cheer), with the load
 * of the machine. Never fails on time.
 * `bench-crowd DOC.ossa [--players N] [--frames N]`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ossa-io.h"
#include "ossa-player.h"

#define MAX_QUADS 256

static double
now_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
percentile (double *v, size_t n, double p)
{
  qsort (v, n, sizeof *v, compare_double);
  return v[(size_t) (p * (double) (n - 1))];
}

static void
print_load (void)
{
  FILE *f = fopen ("/proc/loadavg", "r");
  char line[128] = "?";

  if (f != NULL)
    {
      if (fgets (line, sizeof line, f) == NULL)
        strcpy (line, "?\n");
      fclose (f);
    }
  printf ("load average (1, 5, 15 min, runnable/all): %s", line);
}

typedef struct
{
  double *total, *update, *apply, *fill;
} Series;

/* Runs n_frames frames of the crowd; the figures of each go into s. Returns the
 * quads filled over all frames (so that nothing is optimised away). */
static size_t
run (OssaPlayer **players, size_t n_players, size_t n_frames, Series *s, OssaQuad *quads)
{
  size_t sum = 0;

  for (size_t f = 0; f < n_frames; f++)
    {
      double t0 = now_us (), t1, t2, t3;

      for (size_t i = 0; i < n_players; i++)
        ossa_player_update (players[i], 1.f / 60);
      t1 = now_us ();
      for (size_t i = 0; i < n_players; i++)
        ossa_player_apply (players[i]);
      t2 = now_us ();
      for (size_t i = 0; i < n_players; i++)
        sum += ossa_player_fill_quads (players[i], quads + (i % 4) * MAX_QUADS, MAX_QUADS);
      t3 = now_us ();
      s->total[f] = t3 - t0;
      s->update[f] = t1 - t0;
      s->apply[f] = t2 - t1;
      s->fill[f] = t3 - t2;
    }
  return sum;
}

static void
report (const char *what, Series *s, size_t n_frames, size_t n_players)
{
  double total = percentile (s->total, n_frames, 0.5), p95 = percentile (s->total, n_frames, 0.95);

  printf ("%s: %.1f µs a frame for %zu players (median of %zu frames; 95th percentile %.1f µs), "
          "%.3f µs a player\n", what, total, n_players, n_frames, p95, total / (double) n_players);
  printf ("  parts (medians): update %.1f µs, apply %.1f µs, fill_quads %.1f µs\n",
          percentile (s->update, n_frames, 0.5), percentile (s->apply, n_frames, 0.5),
          percentile (s->fill, n_frames, 0.5));
}

int
main (int argc, char **argv)
{
  const char *path = NULL;
  size_t n_players = 100, n_frames = 5000, quads_total = 0;
  OssaError err = { 0 };
  OssaDocument *doc;
  OssaPlayer **players;
  OssaPlayerClips *clips;
  OssaQuad *quads;
  ssize_t walk, cheer;
  Series s;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--players") == 0 && i + 1 < argc)
        n_players = strtoul (argv[++i], NULL, 10);
      else if (strcmp (argv[i], "--frames") == 0 && i + 1 < argc)
        n_frames = strtoul (argv[++i], NULL, 10);
      else if (argv[i][0] != '-' && path == NULL)
        path = argv[i];
      else
        {
          fprintf (stderr, "usage: %s DOC.ossa [--players N] [--frames N]\n", argv[0]);
          return 2;
        }
    }
  if (path == NULL || n_players == 0 || n_frames == 0)
    {
      fprintf (stderr, "usage: %s DOC.ossa [--players N] [--frames N]\n", argv[0]);
      return 2;
    }
  doc = ossa_document_load (path, &err);
  if (doc == NULL)
    {
      fprintf (stderr, "%s: %s\n", path, err.message);
      return 1;
    }
  walk = ossa_document_find_animation (doc, "walk");
  cheer = ossa_document_find_animation (doc, "cheer");
  if (walk < 0)
    walk = 0;
  if (cheer < 0)
    cheer = walk;
  if (doc->n_animations == 0)
    {
      fprintf (stderr, "%s: no animation to play\n", path);
      return 1;
    }
  /* The animations built once for the whole crowd, as a game would. */
  clips = ossa_player_clips_new (doc, &err);
  if (clips == NULL)
    {
      fprintf (stderr, "%s: %s\n", path, err.message);
      return 1;
    }
  players = calloc (n_players, sizeof *players);
  quads = calloc (4 * MAX_QUADS, sizeof *quads);
  s.total = calloc (n_frames, sizeof (double));
  s.update = calloc (n_frames, sizeof (double));
  s.apply = calloc (n_frames, sizeof (double));
  s.fill = calloc (n_frames, sizeof (double));
  if (players == NULL || quads == NULL || s.total == NULL || s.update == NULL || s.apply == NULL
      || s.fill == NULL)
    return 1;
  for (size_t i = 0; i < n_players; i++)
    {
      players[i] = ossa_player_new_with_clips (doc, clips, &err);
      if (players[i] == NULL || !ossa_player_play (players[i], (uint32_t) walk, true, 0, &err))
        {
          fprintf (stderr, "%s: %s\n", path, err.message);
          return 1;
        }
      /* Each at its own phase of the walk. */
      ossa_player_update (players[i], doc->animations[walk].duration * (float) i / (float) n_players);
    }
  printf ("%s: %zu bones, %zu slots, %zu players\n", path, doc->skeleton.n_bones, doc->n_slots,
          n_players);
  print_load ();

  run (players, n_players, n_frames / 10 + 1, &s, quads);  /* warm up */
  quads_total += run (players, n_players, n_frames, &s, quads);
  report ("walking", &s, n_frames, n_players);

  /* Every player crossfading (a mix longer than the run), so that each frame
   * samples two animations and blends them. */
  for (size_t i = 0; i < n_players; i++)
    ossa_player_play (players[i], (uint32_t) cheer, true, 1e6f, NULL);
  run (players, n_players, n_frames / 10 + 1, &s, quads);
  quads_total += run (players, n_players, n_frames, &s, quads);
  report ("crossfading walk → cheer", &s, n_frames, n_players);
  print_load ();
  printf ("(%zu quads filled)\n", quads_total);

  for (size_t i = 0; i < n_players; i++)
    ossa_player_free (players[i]);
  free (players);
  ossa_player_clips_free (clips);
  free (quads);
  free (s.total);
  free (s.update);
  free (s.apply);
  free (s.fill);
  ossa_document_free (doc);
  return 0;
}
