/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A whole Valve model through its .qc, end to end: ossa_qc_import_file() reading
 * the .qc, then every SMD it names, merging the skeletons, projecting every frame
 * and building the document (what `ossa-cli import-qc` and the editor's File ▸
 * Import Valve Model do, less writing the .ossa).
 *
 * The model is written here into a temporary folder, sized like a GoldSrc or
 * Source character: 64 bones; 4 reference meshes ($body) of 3,000 triangles
 * each, each with 48 shared bones and a limb of 4 of its own (so the skeleton is
 * a union); 20 sequences of every bone, 30 to 60 frames each (900 in all), in
 * line and block form under a $cd.
 *
 * Median and best of RUNS runs, in milliseconds, with the bytes, the files and
 * the time per file. Prints figures; never fails on time.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ossa.h"

#define RUNS        9
#define N_BONES     64
#define N_SHARED    48
#define N_MESHES    4
#define N_TRIANGLES 3000
#define N_SEQUENCES 20

static double
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* A fixed sequence, so that every run measures the same files. */
static unsigned long rng_state = 12345;

static double
rnd (double lo, double hi)
{
  rng_state = rng_state * 6364136223846793005ul + 1442695040888963407ul;
  return lo + (hi - lo) * (double) (rng_state >> 11) / 9007199254740992.0;
}

/* Bone i's parent: a spine of 8 bones, then limbs of 4 bones hanging off it
 * (each mesh's own 4 bones are one such limb). */
static int
parent_of (int i)
{
  return i == 0 ? -1 : i < 8 || i % 4 != 0 ? i - 1 : (i * 5) % 8;
}

/* The bones mesh m has: the shared ones, then its own. */
static int
mesh_bones (int m, int *bones)
{
  int n = 0;

  for (int i = 0; i < N_SHARED; i++)
    bones[n++] = i;
  for (int k = 0; k < 4; k++)
    bones[n++] = N_SHARED + 4 * m + k;
  return n;
}

static double total_bytes;

static FILE *
open_out (const char *dir, const char *name)
{
  char path[4096];
  FILE *f;

  snprintf (path, sizeof path, "%s/%s", dir, name);
  f = fopen (path, "w");
  if (f == NULL)
    {
      perror (path);
      exit (1);
    }
  return f;
}

static void
close_out (FILE *f)
{
  total_bytes += (double) ftell (f);
  fclose (f);
}

/* nodes of the bones listed, ids in that order (a bone's parent is listed before it). */
static void
write_nodes (FILE *f, const int *bones, int n)
{
  fputs ("version 1\nnodes\n", f);
  for (int k = 0; k < n; k++)
    {
      int parent = parent_of (bones[k]), id = -1;

      for (int j = 0; j < k; j++)
        if (bones[j] == parent)
          id = j;
      fprintf (f, "%d \"bone%02d\" %d\n", k, bones[k], id);
    }
  fputs ("end\nskeleton\n", f);
}

static void
write_pose (FILE *f, int n, double wobble)
{
  for (int k = 0; k < n; k++)
    fprintf (f, "%d %.6f %.6f %.6f %.6f %.6f %.6f\n", k, k == 0 ? 0.0 : 4 + rnd (0, 2), rnd (-1, 1),
             k == 0 ? 36.0 : rnd (-1, 1), wobble * rnd (-0.3, 0.3), wobble * rnd (-0.3, 0.3),
             rnd (-0.5, 0.5));
}

static void
write_mesh (const char *dir, int m)
{
  char name[64];
  int bones[N_BONES], n = mesh_bones (m, bones);
  FILE *f;

  snprintf (name, sizeof name, "mesh%d_ref.smd", m);
  f = open_out (dir, name);
  write_nodes (f, bones, n);
  fputs ("time 0\n", f);
  write_pose (f, n, 0);
  fputs ("end\ntriangles\n", f);
  for (int t = 0; t < N_TRIANGLES; t++)
    {
      fprintf (f, "skin%d.bmp\n", t % 3);
      for (int v = 0; v < 3; v++)
        fprintf (f, "%d %.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f\n", (int) rnd (0, n), rnd (-20, 20),
                 rnd (-10, 10), rnd (0, 72), rnd (-1, 1), rnd (-1, 1), rnd (-1, 1), rnd (0, 1),
                 rnd (0, 1));
    }
  fputs ("end\n", f);
  close_out (f);
}

static void
write_sequence (const char *dir, int s, int frames)
{
  char name[64];
  int bones[N_BONES];
  FILE *f;

  for (int i = 0; i < N_BONES; i++)
    bones[i] = i;
  snprintf (name, sizeof name, "anims/seq%02d.smd", s);
  f = open_out (dir, name);
  write_nodes (f, bones, N_BONES);
  for (int t = 0; t < frames; t++)
    {
      fprintf (f, "time %d\n", t);
      write_pose (f, N_BONES, 1);
    }
  fputs ("end\n", f);
  close_out (f);
}

static void
write_qc (const char *dir)
{
  FILE *f = open_out (dir, "model.qc");

  fputs ("$modelname \"bench.mdl\"\n$cdtexture \"./textures\"\n$scale 1.0\n", f);
  for (int m = 0; m < N_MESHES; m++)
    fprintf (f, "$body part%d \"mesh%d_ref\"\n", m, m);
  fputs ("$hbox 0 \"bone00\" -4 -4 -4 4 4 4\n$cd \"anims\"\n", f);
  for (int s = 0; s < N_SEQUENCES; s++)
    if (s % 2 == 0)
      fprintf (f, "$sequence seq%02d \"seq%02d\" fps %d loop ACT_IDLE 1\n", s, s, 24 + s % 7);
    else
      fprintf (f, "$sequence seq%02d {\n  \"seq%02d.smd\"\n  fps 30\n  loop\n}\n", s, s);
  close_out (f);
}

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
remove_model (const char *dir)
{
  char path[4096];

  for (int m = 0; m < N_MESHES; m++)
    {
      snprintf (path, sizeof path, "%s/mesh%d_ref.smd", dir, m);
      unlink (path);
    }
  for (int s = 0; s < N_SEQUENCES; s++)
    {
      snprintf (path, sizeof path, "%s/anims/seq%02d.smd", dir, s);
      unlink (path);
    }
  snprintf (path, sizeof path, "%s/model.qc", dir);
  unlink (path);
  snprintf (path, sizeof path, "%s/anims", dir);
  rmdir (path);
  rmdir (dir);
}

int
main (void)
{
  char dir[] = "/tmp/ossa-bench-qc-XXXXXX", path[4096], qc[4096];
  double times[RUNS];
  size_t frames = 0, bones = 0, triangles = 0, keys = 0;
  OssaError err = { 0 };

  if (mkdtemp (dir) == NULL)
    {
      perror ("mkdtemp");
      return 1;
    }
  snprintf (path, sizeof path, "%s/anims", dir);
  if (mkdir (path, 0755) != 0)
    {
      perror (path);
      return 1;
    }
  for (int m = 0; m < N_MESHES; m++)
    write_mesh (dir, m);
  for (int s = 0; s < N_SEQUENCES; s++)
    {
      int n = 30 + (s * 13) % 31;

      write_sequence (dir, s, n);
      frames += (size_t) n;
    }
  write_qc (dir);
  snprintf (qc, sizeof qc, "%s/model.qc", dir);

  for (int run = 0; run < RUNS; run++)
    {
      double t0 = now_ms ();
      OssaDocument *doc = ossa_qc_import_file (qc, NULL, &err);
      double t1 = now_ms ();

      if (doc == NULL)
        {
          fprintf (stderr, "bench-qc-import: %s:%d: %s\n", err.path, err.line, err.message);
          remove_model (dir);
          return 1;
        }
      times[run] = t1 - t0;
      bones = doc->skeleton.n_bones;
      triangles = 0;
      for (size_t m = 0; m < doc->n_meshes; m++)
        triangles += doc->meshes[m].n_triangles;
      keys = 0;
      for (size_t a = 0; a < doc->n_animations; a++)
        keys += ossa_animation_n_keys (&doc->animations[a]);
      ossa_document_free (doc);
    }
  remove_model (dir);
  qsort (times, RUNS, sizeof times[0], compare_double);

  printf ("model.qc: %d meshes, %d sequences (%zu frames), %zu bones, %zu triangles, %zu keys;\n"
          "  %d SMD files, %.2f MB in all (median and best of %d)\n",
          N_MESHES, N_SEQUENCES, frames, bones, triangles, keys, N_MESHES + N_SEQUENCES,
          total_bytes / 1e6, RUNS);
  printf ("  import, .qc to document:   %8.2f ms median, %8.2f ms best\n", times[RUNS / 2], times[0]);
  printf ("  per SMD file:              %8.2f ms median\n", times[RUNS / 2] / (N_MESHES + N_SEQUENCES));
  printf ("  throughput:                %8.1f MB/s median\n", total_bytes / 1e3 / times[RUNS / 2]);
  return 0;
}
