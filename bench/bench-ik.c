/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * IK at pose time and the chain solver, in figures (never fails on time):
 *
 *   pose     a 10,000-bone rig (a tree of 9,000 bones, every bone's rotation keyed,
 *            and 1,000 target bones) sampled at changing times: FK alone
 *            (ossa_pose_sample + ossa_pose_update_world), then FK + its 1,000
 *            two-bone constraints (ossa_pose_apply_ik), in ns per bone; and the
 *            runtime's ossa_player_apply() with and without the constraints
 *   solve    ossa_ik_solve_chain() on a 20-bone chain reaching for goals around
 *            a circle (inside its reach), with a pin half way, and out of reach:
 *            µs per solve
 *
 * Each figure is wall time and CPU time of this process (the machine may be
 * shared: compare the two, and the load average printed first).
 * Usage: bench-ik [BONES]   (default 10000; a tenth of them are targets)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ossa.h"

#define TARGET_SECONDS 0.5
#define CHAIN          20

typedef struct
{
  double wall, cpu;
} Clock;

static Clock
clock_now (void)
{
  struct timespec w, c;

  clock_gettime (CLOCK_MONOTONIC, &w);
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &c);
  return (Clock) { w.tv_sec + w.tv_nsec * 1e-9, c.tv_sec + c.tv_nsec * 1e-9 };
}

static Clock
clock_since (Clock start)
{
  Clock now = clock_now ();

  return (Clock) { now.wall - start.wall, now.cpu - start.cpu };
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
  printf ("load average: %s", line);
}

static void
die (const char *what, const OssaError *err)
{
  fprintf (stderr, "bench-ik: %s: %s\n", what, err != NULL ? err->message : "failed");
  exit (1);
}

/* ---- the rig ---- */

/* A tree of n_tree bones, three children each, fanned out and shorter at each
 * level (as bench/bench-rig.h), every rotation keyed at 0 and 1 s; then n_targets
 * root bones, each near the tip of one arm: an upper bone whose child is a leaf.
 * The constraints (one per target, in bone order) go into ik. */
static OssaDocument *
make_rig (size_t n_tree, size_t n_targets, OssaIkConstraint *ik)
{
  OssaDocument *doc = ossa_document_new ();
  OssaAnimation anim;
  OssaXform *world;
  OssaError err = { 0 };
  size_t first_arm;

  if (doc == NULL || !ossa_animation_init (&anim, "sway"))
    die ("rig", NULL);
  anim.duration = 1;
  anim.loop = true;
  for (size_t i = 0; i < n_tree; i++)
    {
      char name[32];
      OssaTransform rest = ossa_transform_identity ();
      int32_t parent = i == 0 ? -1 : (int32_t) ((i - 1) / 3);
      float length = 200;
      OssaKey k0, k1;

      snprintf (name, sizeof name, "b%zu", i);
      if (parent < 0)
        rest.rotation = (float) (OSSA_PI / 2);
      else
        {
          rest.x = doc->skeleton.bones[parent].length;
          rest.rotation = 0.55f * (float) ((int) ((i - 1) % 3) - 1)
                          + 0.05f * (float) ((i * 7919) % 7) / 7.0f;
          length = doc->skeleton.bones[parent].length * 0.72f;
        }
      if (ossa_skeleton_add_bone (&doc->skeleton, name, parent, &rest, length, 0xffffffffu, &err) < 0)
        die ("rig", &err);
      k0 = ossa_key_make (0, rest.rotation);
      k1 = ossa_key_make (1, rest.rotation + 0.3f * (float) sin ((double) i));
      if (ossa_track_set_key (ossa_animation_ensure_track (&anim, (uint32_t) i, OSSA_CHANNEL_ROTATE),
                              &k0, &err) < 0
          || ossa_track_set_key (ossa_animation_ensure_track (&anim, (uint32_t) i, OSSA_CHANNEL_ROTATE),
                                 &k1, &err) < 0)
        die ("rig keys", &err);
    }
  /* Arms: bones whose children are leaves (3p + 3 < n_tree, 9p + 12 ≥ n_tree). */
  first_arm = n_tree / 9;
  world = malloc (n_tree * sizeof *world);
  ossa_skeleton_rest_world (&doc->skeleton, world);
  for (size_t t = 0; t < n_targets; t++)
    {
      size_t upper = first_arm + t, lower = 3 * upper + 1;
      const OssaBone *lb;
      OssaVec2 tip;
      OssaTransform rest = ossa_transform_identity ();
      char name[32];
      ssize_t target;

      if (3 * upper + 3 >= n_tree)
        die ("rig: too few bones for that many arms", NULL);
      lb = &doc->skeleton.bones[lower];
      tip = ossa_pose_tip (&world[lower], lb->length);
      /* A little off the tip, towards the arm's joint: inside its reach. */
      rest.x = tip.x + 0.3f * (world[upper].tx - tip.x);
      rest.y = tip.y + 0.1f * lb->length;
      snprintf (name, sizeof name, "target%zu", t);
      target = ossa_skeleton_add_bone (&doc->skeleton, name, -1, &rest, 1, 0xffffffffu, &err);
      if (target < 0)
        die ("rig targets", &err);
      ik[t] = (OssaIkConstraint) { NULL, { (uint32_t) upper, (uint32_t) lower }, 2,
                                   (uint32_t) target, t % 2 == 0, 1.f };
    }
  free (world);
  if (ossa_document_take_animation (doc, &anim, &err) < 0)
    die ("rig animation", &err);
  return doc;
}

/* ---- timing poses ---- */

typedef enum { FK, FK_IK, PLAYER } PoseKind;

static void
pose_frames (PoseKind kind, OssaDocument *doc, OssaPose *pose, OssaPlayer *player, size_t frames)
{
  const OssaAnimation *anim = &doc->animations[0];

  for (size_t f = 0; f < frames; f++)
    {
      float t = (float) (f % 60) / 60.f;

      if (kind == PLAYER)
        {
          ossa_player_update (player, 1.f / 60);
          ossa_player_apply (player);
          continue;
        }
      ossa_pose_sample (pose, anim, &doc->skeleton, t);
      ossa_pose_update_world (pose, &doc->skeleton);
      if (kind == FK_IK)
        ossa_pose_apply_ik (pose, doc, anim, t);
    }
}

/* Frames of kind for about TARGET_SECONDS, timed; ns per bone (wall, CPU). */
static Clock
time_pose (PoseKind kind, OssaDocument *doc, OssaPose *pose, OssaPlayer *player)
{
  size_t frames = 1;
  Clock c;

  for (;;)
    {
      Clock start = clock_now ();

      pose_frames (kind, doc, pose, player, frames);
      c = clock_since (start);
      if (c.wall > TARGET_SECONDS / 4 || frames > 1u << 20)
        break;
      frames *= 2;
    }
  frames = (size_t) ((double) frames * TARGET_SECONDS / c.wall) + 1;
  {
    Clock start = clock_now ();
    double per = 1e9 / ((double) frames * (double) doc->skeleton.n_bones);

    pose_frames (kind, doc, pose, player, frames);
    c = clock_since (start);
    return (Clock) { c.wall * per, c.cpu * per };
  }
}

static void
bench_pose (size_t n_bones)
{
  size_t n_targets = n_bones / 10, n_tree = n_bones - n_targets;
  OssaIkConstraint *ik = calloc (n_targets, sizeof *ik);
  OssaDocument *doc = make_rig (n_tree, n_targets, ik);
  OssaError err = { 0 };
  OssaPose *pose = ossa_pose_new (&doc->skeleton, &err);
  OssaPlayer *player;
  Clock fk, fk_ik, pl_off, pl_on;

  if (pose == NULL)
    die ("pose", &err);
  doc->ik = ik;
  doc->n_ik = n_targets;
  player = ossa_player_new (doc, &err);
  if (player == NULL || !ossa_player_play (player, 0, true, 0, &err))
    die ("player", &err);

  doc->n_ik = 0;
  fk = time_pose (FK, doc, pose, NULL);
  pl_off = time_pose (PLAYER, doc, NULL, player);
  doc->n_ik = n_targets;
  fk_ik = time_pose (FK_IK, doc, pose, NULL);
  pl_on = time_pose (PLAYER, doc, NULL, player);

  printf ("pose: %zu bones, %zu two-bone constraints (ns per bone, wall / CPU)\n",
          doc->skeleton.n_bones, n_targets);
  printf ("  sample + world, no constraints      %8.2f / %8.2f\n", fk.wall, fk.cpu);
  printf ("  sample + world + IK                 %8.2f / %8.2f\n", fk_ik.wall, fk_ik.cpu);
  printf ("  IK alone (the difference)           %8.2f / %8.2f   (%.2f / %.2f µs per constraint)\n",
          fk_ik.wall - fk.wall, fk_ik.cpu - fk.cpu,
          (fk_ik.wall - fk.wall) * (double) doc->skeleton.n_bones / (double) n_targets / 1e3,
          (fk_ik.cpu - fk.cpu) * (double) doc->skeleton.n_bones / (double) n_targets / 1e3);
  printf ("  ossa_player_apply, no constraints   %8.2f / %8.2f\n", pl_off.wall, pl_off.cpu);
  printf ("  ossa_player_apply, constraints      %8.2f / %8.2f\n", pl_on.wall, pl_on.cpu);

  ossa_player_free (player);
  ossa_pose_free (pose);
  /* The constraints are this bench's (nameless): detached before the free. */
  doc->ik = NULL;
  doc->n_ik = 0;
  ossa_document_free (doc);
  free (ik);
}

/* ---- timing the solver ---- */

typedef struct
{
  OssaSkeleton  skel;
  uint32_t      chain[CHAIN];
  OssaTransform local[CHAIN];
  OssaXform     world[CHAIN];
} Chain;

/* CHAIN bones of length 10 in a gentle curve from the origin. */
static void
make_chain (Chain *c)
{
  OssaError err = { 0 };

  ossa_skeleton_init (&c->skel);
  for (size_t i = 0; i < CHAIN; i++)
    {
      char name[16];
      OssaTransform rest = { i == 0 ? 0.f : 10.f, 0, 0.05f, 1, 1 };
      ssize_t b;

      snprintf (name, sizeof name, "c%zu", i);
      b = ossa_skeleton_add_bone (&c->skel, name, i == 0 ? -1 : (int32_t) (i - 1), &rest, 10,
                                  0xffffffffu, &err);
      if (b < 0)
        die ("chain", &err);
      c->chain[i] = (uint32_t) b;
      c->local[i] = rest;
    }
  ossa_pose_compute_world (&c->skel, c->local, c->world);
}

typedef enum { REACHABLE, PINNED, OUT_OF_REACH } SolveKind;

/* n solves of kind, each from the pose the last one left (as a drag does); the
 * worst distance to the goal. */
static double
solve_n (Chain *c, SolveKind kind, size_t n)
{
  bool pinned[CHAIN] = { false };
  float rot[CHAIN];
  double worst = 0;

  pinned[CHAIN / 2] = kind == PINNED;
  for (size_t s = 0; s < n; s++)
    {
      double a = (double) (s % 360) * OSSA_PI / 180.0;
      double r = kind == OUT_OF_REACH ? 400.0 : 90.0;
      OssaVec2 goal = { (float) (100 + r * cos (a)), (float) (r * sin (a)) };
      float d = ossa_ik_solve_chain (&c->skel, c->local, c->world, c->chain, CHAIN, pinned, goal,
                                     NULL, rot);

      if (d < 0)
        die ("solve refused", NULL);
      worst = d > worst ? d : worst;
      for (size_t i = 0; i < CHAIN; i++)
        c->local[i].rotation = rot[i];
      ossa_pose_compute_world (&c->skel, c->local, c->world);
    }
  return worst;
}

static void
bench_solve (void)
{
  static const char *const names[] = {
    "reachable (a circle of radius 90)",
    "pinned at joint 10, reachable",
    "out of reach (radius 400)",
  };

  printf ("solve: a %u-bone chain, default options (32 passes, tolerance 0.01); "
          "µs per solve, wall / CPU, and the worst distance left\n", CHAIN);
  for (int k = REACHABLE; k <= OUT_OF_REACH; k++)
    {
      Chain c;
      size_t n = 20000;
      Clock start, t;
      double worst;

      make_chain (&c);
      solve_n (&c, (SolveKind) k, 360);  /* warm up, and leave a bent pose */
      start = clock_now ();
      worst = solve_n (&c, (SolveKind) k, n);
      t = clock_since (start);
      printf ("  %-36s %7.2f / %7.2f   (worst %.4g)\n", names[k], t.wall * 1e6 / (double) n,
              t.cpu * 1e6 / (double) n, worst);
      ossa_skeleton_clear (&c.skel);
    }
}

int
main (int argc, char **argv)
{
  size_t n_bones = argc > 1 ? strtoul (argv[1], NULL, 10) : 10000;

  if (n_bones < 100)
    n_bones = 100;
  print_load ();
  bench_pose (n_bones);
  bench_solve ();
  print_load ();
  return 0;
}
