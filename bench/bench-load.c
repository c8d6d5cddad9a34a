/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How much loading a .ossa costs over protobuf-c's own decoding. Builds ~10 MB
 * documents in memory, serialises them with ossa_document_to_bytes(), then times
 * (best of several runs) ossa__document__unpack() + free against
 * ossa_document_load_bytes() + free, which adds the checks, the conversion into
 * the core model and ossa_document_validate(). Prints figures; never fails on
 * time.
 *
 * Twice: first as malloc comes (freed memory goes back to the system between
 * runs, so each run pays page faults like a fresh process), then, with glibc,
 * keeping freed memory (what is left is the computing). Keys are columns in the
 * file and in memory alike (8 bytes a LINEAR key): the loader takes large times
 * and values arrays over from protobuf-c as they are, copies small ones, and
 * checks each track right after. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ossa.h"
#include "ossa.pb-c.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

#define RUNS 15

typedef struct
{
  const char *name;
  size_t      n_bones;
  size_t      keys_per_track;
  bool        mixed;   /* STEP/BEZIER keys, spins and turns on ROTATE tracks */
} Variant;

static double
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void *
xcalloc (size_t n, size_t size)
{
  void *p = calloc (n ? n : 1, size);

  if (p == NULL)
    {
      fprintf (stderr, "bench-load: out of memory\n");
      exit (1);
    }
  return p;
}

/* Filled field by field: ossa_skeleton_add_bone() looks names up linearly, which
 * is quadratic for the 80,000 bones of the small-track variant. */
static void
make_skeleton (OssaSkeleton *skel, size_t n_bones)
{
  skel->bones = xcalloc (n_bones, sizeof *skel->bones);
  skel->n_bones = skel->capacity = n_bones;
  for (size_t i = 0; i < n_bones; i++)
    {
      OssaBone *b = &skel->bones[i];
      char name[32];

      snprintf (name, sizeof name, "bone-%zu", i);
      b->name = strdup (name);
      b->parent = i == 0 ? -1 : (int32_t) ((i - 1) / 3);
      b->rest = ossa_transform_identity ();
      b->rest.x = 10.f;
      b->rest.rotation = (float) (i % 7) * 0.1f;
      b->length = 10.f;
      b->color = 0xff8800ffu;
    }
}

/* Columns filled directly; mixed ROTATE tracks get the optional ones too. */
static void
make_track (OssaTrack *t, uint32_t bone, OssaChannel channel, size_t n, bool mixed)
{
  bool optional = mixed && channel == OSSA_CHANNEL_ROTATE;

  ossa_track_init (t, bone, channel);
  t->n_keys = t->capacity = n;
  t->times = xcalloc (n, sizeof *t->times);
  t->values = xcalloc (n, sizeof *t->values);
  if (optional)
    {
      t->interp = xcalloc (n, sizeof *t->interp);
      t->spin = xcalloc (n, sizeof *t->spin);
      t->turns = xcalloc (n, sizeof *t->turns);
    }
  for (size_t k = 0; k < n; k++)
    {
      t->times[k] = (float) k / 30.f;
      t->values[k] = sinf ((float) (k + bone)) * 2.f;
      if (!optional)
        continue;
      t->interp[k] = (uint8_t) (k % 3);
      t->spin[k] = (uint8_t) (k % 4);
      t->turns[k] = (uint32_t) (k % 2);
    }
}

static OssaDocument *
make_document (const Variant *v)
{
  OssaDocument *doc = ossa_document_new ();
  OssaAnimation *anim;

  make_skeleton (&doc->skeleton, v->n_bones);
  doc->animations = xcalloc (1, sizeof *doc->animations);
  doc->n_animations = 1;
  anim = &doc->animations[0];
  ossa_animation_init (anim, "bench");
  anim->duration = (float) v->keys_per_track / 30.f;
  anim->tracks = xcalloc (v->n_bones * OSSA_N_CHANNELS, sizeof *anim->tracks);
  anim->n_tracks = anim->capacity = v->n_bones * OSSA_N_CHANNELS;
  for (size_t b = 0; b < v->n_bones; b++)
    for (int c = 0; c < OSSA_N_CHANNELS; c++)
      make_track (&anim->tracks[b * OSSA_N_CHANNELS + (size_t) c], (uint32_t) b,
                  (OssaChannel) c, v->keys_per_track, v->mixed);
  return doc;
}

static void
run (const Variant *v)
{
  OssaDocument *doc = make_document (v);
  OssaError err = { 0 };
  uint8_t *data;
  size_t size;
  double unpack_ms = INFINITY, load_ms = INFINITY;

  if (!ossa_document_to_bytes (doc, &data, &size, &err))
    {
      fprintf (stderr, "bench-load: %s: cannot serialise: %s\n", v->name, err.message);
      exit (1);
    }
  ossa_document_free (doc);
  for (int r = 0; r < RUNS; r++)
    {
      double t0 = now_ms (), t1, t2;
      Ossa__Document *msg = ossa__document__unpack (NULL, size, data);

      if (msg == NULL)
        {
          fprintf (stderr, "bench-load: %s: protobuf-c cannot unpack\n", v->name);
          exit (1);
        }
      ossa__document__free_unpacked (msg, NULL);
      t1 = now_ms ();
      doc = ossa_document_load_bytes (data, size, v->name, &err);
      if (doc == NULL)
        {
          fprintf (stderr, "bench-load: %s: cannot load: %s\n", v->name, err.message);
          exit (1);
        }
      ossa_document_free (doc);
      t2 = now_ms ();
      unpack_ms = fmin (unpack_ms, t1 - t0);
      load_ms = fmin (load_ms, t2 - t1);
    }
  printf ("%-22s %8.2f MB %8zu tracks %10.2f ms unpack %10.2f ms load %6.2fx\n", v->name,
          size / 1e6, v->n_bones * OSSA_N_CHANNELS, unpack_ms, load_ms, load_ms / unpack_ms);
  free (data);
}

int
main (int argc, char **argv)
{
  static const Variant variants[] = {
    { "2000 bones, linear", 2000, 125, false },
    { "2000 bones, mixed", 2000, 110, true },
    { "60000 bones, 2 keys", 60000, 2, false },
  };

  printf ("best of %d runs; load = unpack + checks + conversion + validation, each + free\n", RUNS);
  printf ("\nmalloc as it comes:\n");
  /* An index as argument runs one variant alone, for a profiler. */
  for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++)
    if (argc < 2 || (size_t) atoi (argv[1]) == i)
      run (&variants[i]);
#ifdef __GLIBC__
  mallopt (M_TRIM_THRESHOLD, INT_MAX);
  mallopt (M_MMAP_THRESHOLD, 32 << 20);
  printf ("\nfreed memory kept (no page faults):\n");
  for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++)
    if (argc < 2 || (size_t) atoi (argv[1]) == i)
      run (&variants[i]);
#endif
  return 0;
}
