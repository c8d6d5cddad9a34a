/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The chain solver (FABRIK) the editor's IK drag uses: a reachable goal reached
 * within the tolerance, a pinned joint that stays, an unreachable goal leaving
 * the chain straight towards it, scale, determinism and the refusals. */
#include "test-helpers.h"

#include "ossa-ik-pose.h"

/* A chain of n bones of length 1 from (x, y) along +x, each at the end of the
 * one before, under an optional scaled root "base" (when sx, sy are not 1). */
static OssaSkeleton *
make_chain (size_t n, float sx, float sy, uint32_t *chain)
{
  OssaSkeleton *skel = g_new0 (OssaSkeleton, 1);
  int parent = -1;

  ossa_skeleton_init (skel);
  if (sx != 1.f || sy != 1.f)
    parent = (int) test_add_bone (skel, "base", -1, 0, 0, 0, sx, sy, 0);
  for (size_t i = 0; i < n; i++)
    {
      char name[16];

      g_snprintf (name, sizeof name, "b%zu", i);
      parent = (int) test_add_bone (skel, name, parent, i == 0 ? 0 : 1, 0, 0, 1, 1, 1);
      chain[i] = (uint32_t) parent;
    }
  return skel;
}

static void
free_chain (OssaSkeleton *skel)
{
  ossa_skeleton_clear (skel);
  g_free (skel);
}

/* The pose with chain's rotations replaced by rot, and its world matrices. */
static void
pose_with (const OssaSkeleton *skel, const uint32_t *chain, size_t n, const float *rot,
           OssaTransform *local, OssaXform *world)
{
  for (size_t i = 0; i < skel->n_bones; i++)
    local[i] = skel->bones[i].rest;
  for (size_t i = 0; rot != NULL && i < n; i++)
    local[chain[i]].rotation = rot[i];
  ossa_pose_compute_world (skel, local, world);
}

static void
test_solve_reachable (void)
{
  uint32_t chain[3];
  OssaSkeleton *skel = make_chain (3, 1, 1, chain);
  OssaTransform local[3];
  OssaXform world[3];
  OssaIkSolveOptions opt;
  float rot[3];
  OssaVec2 goal = { 2, 1 }, tip;
  float d;

  ossa_ik_solve_options_init (&opt);
  g_assert_cmpuint (opt.max_iterations, ==, 32);
  assert_close (opt.tolerance, 0.01, 1e-9);
  pose_with (skel, chain, 3, NULL, local, world);
  /* (2, 1) is √5 ≈ 2.24 from the root joint, inside the reach of 3. */
  d = ossa_ik_solve_chain (skel, local, world, chain, 3, NULL, goal, &opt, rot);
  g_assert_cmpfloat (d, >=, 0);
  g_assert_cmpfloat (d, <=, opt.tolerance);
  pose_with (skel, chain, 3, rot, local, world);
  tip = ossa_pose_tip (&world[2], 1);
  assert_close (tip.x, goal.x, opt.tolerance);
  assert_close (tip.y, goal.y, opt.tolerance);
  assert_close (hypot (tip.x - goal.x, tip.y - goal.y), d, 1e-4);
  /* The root joint stays (only rotations change). */
  assert_close (world[0].tx, 0, 0);
  assert_close (world[0].ty, 0, 0);
  /* A tighter tolerance gets closer. */
  opt.tolerance = 1e-4f;
  pose_with (skel, chain, 3, NULL, local, world);
  d = ossa_ik_solve_chain (skel, local, world, chain, 3, NULL, goal, &opt, rot);
  g_assert_cmpfloat (d, <=, 1e-4);
  free_chain (skel);
}

static void
test_solve_pinned (void)
{
  uint32_t chain[4];
  OssaSkeleton *skel = make_chain (4, 1, 1, chain);
  OssaTransform local[4];
  OssaXform world[4];
  bool pinned[4] = { false, false, true, false };
  float start[4] = { DEG (30), DEG (-20), DEG (10), DEG (5) };
  float rot[4];
  OssaVec2 joint, goal, tip;
  float d;

  pose_with (skel, chain, 4, start, local, world);
  joint = ossa_pose_joint (&world[2]);
  /* A goal 1.5 from the pinned joint of b2: only b2 and b3 can move (reach 2). */
  goal = (OssaVec2) { joint.x + 0.9f, joint.y - 1.2f };
  d = ossa_ik_solve_chain (skel, local, world, chain, 4, pinned, goal, NULL, rot);
  g_assert_cmpfloat (d, >=, 0);
  g_assert_cmpfloat (d, <=, 0.01);
  /* The bones before the pin keep their rotations exactly. */
  g_assert_cmpfloat (rot[0], ==, start[0]);
  g_assert_cmpfloat (rot[1], ==, start[1]);
  pose_with (skel, chain, 4, rot, local, world);
  assert_close (world[2].tx, joint.x, 1e-6);
  assert_close (world[2].ty, joint.y, 1e-6);
  tip = ossa_pose_tip (&world[3], 1);
  assert_close (hypot (tip.x - goal.x, tip.y - goal.y), 0, 0.01);
  free_chain (skel);
}

static void
test_solve_unreachable (void)
{
  uint32_t chain[3];
  OssaSkeleton *skel = make_chain (3, 1, 1, chain);
  OssaTransform local[3];
  OssaXform world[3];
  bool pinned[3] = { false, true, false };
  float start[3] = { DEG (20), DEG (40), DEG (-60) };
  float rot[3];
  float d;

  /* (0, 10) from the root, 3 long: straight up (90°, then 0°, 0°), the tip at
   * (0, 3), 7 short. */
  pose_with (skel, chain, 3, start, local, world);
  d = ossa_ik_solve_chain (skel, local, world, chain, 3, NULL, (OssaVec2) { 0, 10 }, NULL, rot);
  assert_close (d, 7, 1e-4);
  assert_close (ossa_angle_normalize (rot[0]), DEG (90), 1e-5);
  assert_close (ossa_angle_normalize (rot[1]), 0, 1e-5);
  assert_close (ossa_angle_normalize (rot[2]), 0, 1e-5);
  /* Pinned at b1's joint (cos 20°, sin 20°): b0 stays at 20°, and b1, b2 lie
   * straight along the line from that joint to the goal. */
  {
    double jx = cos (DEG (20)), jy = sin (DEG (20)), gx = 5, gy = -5;
    double world_angle = atan2 (gy - jy, gx - jx);

    d = ossa_ik_solve_chain (skel, local, world, chain, 3, pinned, (OssaVec2) { 5, -5 }, NULL, rot);
    g_assert_cmpfloat (rot[0], ==, start[0]);
    assert_close (ossa_angle_normalize (rot[1] + rot[0]), world_angle, 1e-5);
    assert_close (ossa_angle_normalize (rot[2]), 0, 1e-5);
    assert_close (d, hypot (gx - jx, gy - jy) - 2, 1e-4);
  }
  free_chain (skel);
}

static void
test_solve_scaled (void)
{
  uint32_t chain[5];
  OssaSkeleton *skel = make_chain (5, 2, 0.5f, chain);
  OssaTransform local[6];
  OssaXform world[6];
  float rot[5];
  OssaVec2 goal = { 4, 1.5f }, tip;
  float d;

  /* Under a base scaled (2, 0.5) a bone's world length changes as it turns; the
   * solver measures again and still brings the tip within the tolerance. */
  pose_with (skel, chain, 5, NULL, local, world);
  d = ossa_ik_solve_chain (skel, local, world, chain, 5, NULL, goal, NULL, rot);
  g_assert_cmpfloat (d, >=, 0);
  g_assert_cmpfloat (d, <=, 0.01);
  pose_with (skel, chain, 5, rot, local, world);
  tip = ossa_pose_tip (&world[chain[4]], 1);
  assert_close (hypot (tip.x - goal.x, tip.y - goal.y), d, 1e-4);
  free_chain (skel);
}

static void
test_solve_deterministic (void)
{
  uint32_t chain[20];
  OssaSkeleton *skel = make_chain (20, 1, 1, chain);
  OssaTransform local[20];
  OssaXform world[20];
  float a[20], b[20];
  float da, db;

  pose_with (skel, chain, 20, NULL, local, world);
  da = ossa_ik_solve_chain (skel, local, world, chain, 20, NULL, (OssaVec2) { 3, 11 }, NULL, a);
  db = ossa_ik_solve_chain (skel, local, world, chain, 20, NULL, (OssaVec2) { 3, 11 }, NULL, b);
  g_assert_cmpfloat (da, ==, db);
  g_assert_cmpmem (a, sizeof a, b, sizeof b);
  g_assert_cmpfloat (da, <=, 0.01);
  free_chain (skel);
}

static void
test_solve_refuses (void)
{
  uint32_t chain[3];
  OssaSkeleton *skel = make_chain (3, 1, 1, chain);
  OssaTransform local[3];
  OssaXform world[3];
  float rot[3] = { 7, 7, 7 };
  uint32_t not_chain[2] = { 0, 2 }, out_of_range[2] = { 0, 9 };
  uint32_t *long_chain = g_new0 (uint32_t, OSSA_IK_MAX_CHAIN + 1);
  OssaVec2 goal = { 1, 1 };

  pose_with (skel, chain, 3, NULL, local, world);
  g_assert_cmpfloat (ossa_ik_solve_chain (skel, local, world, chain, 0, NULL, goal, NULL, rot), <, 0);
  g_assert_cmpfloat (ossa_ik_solve_chain (skel, local, world, not_chain, 2, NULL, goal, NULL, rot), <, 0);
  g_assert_cmpfloat (ossa_ik_solve_chain (skel, local, world, out_of_range, 2, NULL, goal, NULL, rot), <, 0);
  g_assert_cmpfloat (ossa_ik_solve_chain (skel, local, world, long_chain, OSSA_IK_MAX_CHAIN + 1, NULL,
                                          goal, NULL, rot), <, 0);
  g_assert_cmpfloat (ossa_ik_solve_chain (skel, local, world, chain, 3, NULL, (OssaVec2) { NAN, 0 },
                                          NULL, rot), <, 0);
  /* Untouched. */
  g_assert_cmpfloat (rot[0], ==, 7);
  g_assert_cmpfloat (rot[2], ==, 7);
  g_free (long_chain);
  free_chain (skel);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ik-solve/reachable", test_solve_reachable);
  g_test_add_func ("/ik-solve/pinned", test_solve_pinned);
  g_test_add_func ("/ik-solve/unreachable", test_solve_unreachable);
  g_test_add_func ("/ik-solve/scaled", test_solve_scaled);
  g_test_add_func ("/ik-solve/deterministic", test_solve_deterministic);
  g_test_add_func ("/ik-solve/refuses", test_solve_refuses);
  return g_test_run ();
}
