/* SPDX-License-Identifier: GPL-3.0-or-later */
/* IK after FK (DESIGN.md "Inverse kinematics"): one-bone aim, two-bone reach by
 * the law of cosines, bend, mix the short way round, a non-uniform parent scale,
 * constraints in order, keyed mix and bend. Every expected value is worked out by
 * hand in the comments (3-4-5 triangles where possible). */
#include "test-helpers.h"

#include "ossa-ik-pose.h"

/* atan2(4, 3) = 53.130102°: the angles of a 3-4-5 triangle. */
#define A345 53.13010235415598

/* The document's constraints are the test's array, detached again before the
 * document is freed (so the test does not depend on who frees them). */
static void
attach_ik (OssaDocument *doc, OssaIkConstraint *ik, size_t n)
{
  doc->ik = ik;
  doc->n_ik = n;
}

static void
free_doc (OssaDocument *doc)
{
  doc->ik = NULL;
  doc->n_ik = 0;
  for (size_t a = 0; a < doc->n_animations; a++)
    {
      doc->animations[a].ik_tracks = NULL;
      doc->animations[a].n_ik_tracks = 0;
    }
  ossa_document_free (doc);
}

static OssaIkConstraint
one_bone (uint32_t bone, uint32_t target, float mix)
{
  return (OssaIkConstraint) { "aim", { bone, 0 }, 1, target, true, mix };
}

static OssaIkConstraint
two_bone (uint32_t upper, uint32_t lower, uint32_t target, bool bend, float mix)
{
  return (OssaIkConstraint) { "reach", { upper, lower }, 2, target, bend, mix };
}

/* Rest local and world of doc into the arrays, then IK with the constraints' own values. */
static void
pose_rest_ik (OssaDocument *doc, OssaTransform *local, OssaXform *world, uint8_t *dirty)
{
  for (size_t i = 0; i < doc->skeleton.n_bones; i++)
    local[i] = doc->skeleton.bones[i].rest;
  ossa_pose_compute_world (&doc->skeleton, local, world);
  ossa_ik_apply (doc, NULL, local, world, dirty);
}

/* World matrices after IK equal a fresh FK pass over the local transforms IK left. */
static void
assert_world_consistent (const OssaDocument *doc, const OssaTransform *local, const OssaXform *world)
{
  OssaXform check[32];

  g_assert_cmpuint (doc->skeleton.n_bones, <=, G_N_ELEMENTS (check));
  ossa_pose_compute_world (&doc->skeleton, local, check);
  for (size_t i = 0; i < doc->skeleton.n_bones; i++)
    {
      assert_close (world[i].a, check[i].a, 1e-6);
      assert_close (world[i].b, check[i].b, 1e-6);
      assert_close (world[i].tx, check[i].tx, 1e-5);
      assert_close (world[i].ty, check[i].ty, 1e-5);
    }
}

static void
test_ik_one_bone_aim (void)
{
  OssaDocument *doc = ossa_document_new ();
  OssaIkConstraint ik[1];
  OssaTransform local[3];
  OssaXform world[3];
  uint8_t dirty[3];

  test_add_bone (&doc->skeleton, "arm", -1, 0, 0, 0, 1, 1, 10);
  test_add_bone (&doc->skeleton, "hand", 0, 10, 0, 0, 1, 1, 2);
  test_add_bone (&doc->skeleton, "target", -1, 3, 4, 0, 1, 1, 1);
  ik[0] = one_bone (0, 2, 1.f);
  attach_ik (doc, ik, 1);
  pose_rest_ik (doc, local, world, dirty);
  /* The x axis at (3, 4): atan2(4, 3). */
  assert_close (local[0].rotation, DEG (A345), 1e-6);
  /* The hand below it moved: its joint is 10 along that axis, (6, 8). */
  assert_close (world[1].tx, 6.0, 1e-5);
  assert_close (world[1].ty, 8.0, 1e-5);
  assert_world_consistent (doc, local, world);
  free_doc (doc);
}

static void
test_ik_one_bone_rotated_parent (void)
{
  OssaDocument *doc = ossa_document_new ();
  OssaIkConstraint ik[1];
  OssaTransform local[3];
  OssaXform world[3];
  uint8_t dirty[3];

  /* body at (1, 1) turned 90°; the arm on it; the target at (1, −4), straight
   * below the joint: in the body's space that is (−5, 0), so a local 180°, and a
   * world rotation of 270° (−90°). */
  test_add_bone (&doc->skeleton, "body", -1, 1, 1, 90, 1, 1, 1);
  test_add_bone (&doc->skeleton, "arm", 0, 0, 0, 0, 1, 1, 3);
  test_add_bone (&doc->skeleton, "target", -1, 1, -4, 0, 1, 1, 1);
  ik[0] = one_bone (1, 2, 1.f);
  attach_ik (doc, ik, 1);
  pose_rest_ik (doc, local, world, dirty);
  assert_close (fabs (ossa_angle_normalize (local[1].rotation)), G_PI, 1e-6);
  assert_close (ossa_xform_rotation (&world[1]), DEG (-90), 1e-6);
  free_doc (doc);
}

/* upper at the origin (length 3), lower at (3, 0) on it (length 4), a hand on
 * lower's tip, the target a root at (tx, ty), and a bystander after them all. */
static OssaDocument *
make_arm (float tx, float ty)
{
  OssaDocument *doc = ossa_document_new ();

  test_add_bone (&doc->skeleton, "upper", -1, 0, 0, 0, 1, 1, 3);
  test_add_bone (&doc->skeleton, "lower", 0, 3, 0, 0, 1, 1, 4);
  test_add_bone (&doc->skeleton, "hand", 1, 4, 0, 0, 1, 1, 1);
  test_add_bone (&doc->skeleton, "target", -1, tx, ty, 0, 1, 1, 1);
  test_add_bone (&doc->skeleton, "bystander", -1, 9, 9, 10, 1, 1, 1);
  return doc;
}

/* The arm's two rotations after IK towards (tx, ty), in degrees, and its tip. */
static void
solve_arm (float tx, float ty, bool bend, float mix, double *r0, double *r1, OssaVec2 *tip)
{
  OssaDocument *doc = make_arm (tx, ty);
  OssaIkConstraint ik[1] = { two_bone (0, 1, 3, bend, mix) };
  OssaTransform local[5];
  OssaXform world[5];
  uint8_t dirty[5];

  attach_ik (doc, ik, 1);
  pose_rest_ik (doc, local, world, dirty);
  *r0 = ossa_angle_normalize (local[0].rotation) * 180 / G_PI;
  *r1 = ossa_angle_normalize (local[1].rotation) * 180 / G_PI;
  *tip = ossa_pose_tip (&world[1], 4);
  /* The hand follows the tip; the bystander is untouched. */
  assert_close (world[2].tx, tip->x, 1e-5);
  assert_close (world[2].ty, tip->y, 1e-5);
  assert_close (world[4].tx, 9, 0);
  assert_close (ossa_xform_rotation (&world[4]), DEG (10), 1e-6);
  assert_world_consistent (doc, local, world);
  free_doc (doc);
}

static void
test_ik_two_bone_inside (void)
{
  double r0, r1;
  OssaVec2 tip;

  /* Target (5, 0): sides 3, 4, 5, so the elbow is a right angle (r1 = 90°) and
   * the upper bone turns by −atan2(4, 3) to bring (3, 0) + (0, 4) onto the x axis. */
  solve_arm (5, 0, true, 1, &r0, &r1, &tip);
  assert_close (r1, 90, 1e-4);
  assert_close (r0, -A345, 1e-4);
  assert_close (tip.x, 5, 1e-5);
  assert_close (tip.y, 0, 1e-5);
  /* Target (0, 5): the same triangle turned by 90°. */
  solve_arm (0, 5, true, 1, &r0, &r1, &tip);
  assert_close (r1, 90, 1e-4);
  assert_close (r0, 90 - A345, 1e-4);
  assert_close (tip.x, 0, 1e-5);
  assert_close (tip.y, 5, 1e-5);
}

static void
test_ik_two_bone_bend_sides (void)
{
  double r0, r1;
  OssaVec2 tip;

  /* bend_positive false: the mirror image, elbow above the line instead of below. */
  solve_arm (5, 0, false, 1, &r0, &r1, &tip);
  assert_close (r1, -90, 1e-4);
  assert_close (r0, A345, 1e-4);
  assert_close (tip.x, 5, 1e-5);
  assert_close (tip.y, 0, 1e-5);
  /* And the positive bend puts the elbow at (1.8, −2.4), below the line. */
  solve_arm (5, 0, true, 1, &r0, &r1, &tip);
  assert_close (3 * cos (r0 * G_PI / 180), 1.8, 1e-5);
  assert_close (3 * sin (r0 * G_PI / 180), -2.4, 1e-5);
}

static void
test_ik_two_bone_limit (void)
{
  double r0, r1;
  OssaVec2 tip;

  /* At the limit: 3 + 4 = 7 away, the arm straight at it. */
  solve_arm (0, 7, true, 1, &r0, &r1, &tip);
  assert_close (r0, 90, 1e-3);
  assert_close (r1, 0, 1e-3);
  assert_close (tip.x, 0, 1e-4);
  assert_close (tip.y, 7, 1e-4);
  /* Beyond it: straight towards the target, the tip 7 along the way. */
  solve_arm (0, 10, true, 1, &r0, &r1, &tip);
  assert_close (r0, 90, 1e-4);
  assert_close (r1, 0, 1e-4);
  assert_close (tip.x, 0, 1e-5);
  assert_close (tip.y, 7, 1e-5);
  /* Beyond it on a diagonal: (−6, −8) is 10 away, the tip at 0.7 of it. */
  solve_arm (-6, -8, false, 1, &r0, &r1, &tip);
  assert_close (r1, 0, 1e-4);
  assert_close (tip.x, -4.2, 1e-5);
  assert_close (tip.y, -5.6, 1e-5);
}

static void
test_ik_mix (void)
{
  double r0, r1;
  OssaVec2 tip;

  /* mix 0 leaves FK (both rotations 0); 0.5 is halfway in angle. */
  solve_arm (5, 0, true, 0, &r0, &r1, &tip);
  assert_close (r0, 0, 0);
  assert_close (r1, 0, 0);
  solve_arm (5, 0, true, 0.5f, &r0, &r1, &tip);
  assert_close (r0, -A345 / 2, 1e-4);
  assert_close (r1, 45, 1e-4);
}

static void
test_ik_mix_short_way (void)
{
  OssaDocument *doc = ossa_document_new ();
  OssaIkConstraint ik[1];
  OssaTransform local[2];
  OssaXform world[2];
  uint8_t dirty[2];
  float mixes[3] = { 0.f, 0.5f, 1.f };
  /* From 170° to −170°: the short way passes 180° (+20°), so half is 180°; the
   * long way (−340°) would give 0°. */
  double expect[3] = { 170, 180, 190 };

  test_add_bone (&doc->skeleton, "arm", -1, 0, 0, 170, 1, 1, 10);
  test_add_bone (&doc->skeleton, "target", -1, (float) (10 * cos (DEG (-170))),
                 (float) (10 * sin (DEG (-170))), 0, 1, 1, 1);
  attach_ik (doc, ik, 1);
  for (size_t m = 0; m < 3; m++)
    {
      ik[0] = one_bone (0, 1, mixes[m]);
      pose_rest_ik (doc, local, world, dirty);
      assert_close (local[0].rotation, DEG (expect[m]), 1e-5);
      assert_close (world[0].a, cos (DEG (expect[m])), 1e-5);
      assert_close (world[0].b, sin (DEG (expect[m])), 1e-5);
    }
  free_doc (doc);
}

static void
test_ik_non_uniform_parent (void)
{
  OssaDocument *doc = ossa_document_new ();
  OssaIkConstraint ik[1];
  OssaTransform local[5];
  OssaXform world[5];
  uint8_t dirty[5];
  OssaVec2 tip;

  /* body scales x by 2. One bone: the target at world (2, 2) is (1, 2) in the
   * body's space, so the arm's local rotation is atan2(2, 1) = 63.43°, and its
   * world x axis (2 cos, sin) = (0.894, 0.894) points at 45°, at the target. (A
   * solve in world space would give 45° locally and point at 26.57°.) */
  test_add_bone (&doc->skeleton, "body", -1, 0, 0, 0, 2, 1, 1);
  test_add_bone (&doc->skeleton, "arm", 0, 0, 0, 0, 1, 1, 1);
  test_add_bone (&doc->skeleton, "target", -1, 2, 2, 0, 1, 1, 1);
  ik[0] = one_bone (1, 2, 1.f);
  attach_ik (doc, ik, 1);
  pose_rest_ik (doc, local, world, dirty);
  assert_close (local[1].rotation, atan2 (2, 1), 1e-6);
  assert_close (ossa_xform_rotation (&world[1]), DEG (45), 1e-6);
  free_doc (doc);

  /* Two bones of length 1 under that body: the target at world (2, 1) is (1, 1)
   * in its space, √2 away: a right angle at the elbow (r1 = 90°), and (1, 0) +
   * (0, 1) already points at (1, 1), so r0 = 0. The tip lands on (2, 1). */
  doc = ossa_document_new ();
  test_add_bone (&doc->skeleton, "body", -1, 0, 0, 0, 2, 1, 1);
  test_add_bone (&doc->skeleton, "upper", 0, 0, 0, 30, 1, 1, 1);
  test_add_bone (&doc->skeleton, "lower", 1, 1, 0, 0, 1, 1, 1);
  test_add_bone (&doc->skeleton, "target", -1, 2, 1, 0, 1, 1, 1);
  ik[0] = two_bone (1, 2, 3, true, 1.f);
  attach_ik (doc, ik, 1);
  pose_rest_ik (doc, local, world, dirty);
  assert_close (ossa_angle_normalize (local[1].rotation), 0, 1e-6);
  assert_close (local[2].rotation, DEG (90), 1e-6);
  tip = ossa_pose_tip (&world[2], 1);
  assert_close (tip.x, 2, 1e-5);
  assert_close (tip.y, 1, 1e-5);
  free_doc (doc);
}

static void
test_ik_scaled_first_bone (void)
{
  OssaDocument *doc = make_arm (0, 0);
  OssaIkConstraint ik[1] = { two_bone (0, 1, 3, true, 1.f) };
  OssaTransform local[5];
  OssaXform world[5];
  uint8_t dirty[5];
  OssaVec2 tip;

  /* The upper bone scaled (1.5, 0.5) itself: the lower bone's reach is then an
   * ellipse. Whatever the angles, the tip must land on a reachable target. */
  doc->skeleton.bones[0].rest.scale_x = 1.5f;
  doc->skeleton.bones[0].rest.scale_y = 0.5f;
  doc->skeleton.bones[3].rest.x = 3.f;
  doc->skeleton.bones[3].rest.y = 2.f;
  attach_ik (doc, ik, 1);
  pose_rest_ik (doc, local, world, dirty);
  tip = ossa_pose_tip (&world[1], 4);
  assert_close (tip.x, 3, 1e-3);
  assert_close (tip.y, 2, 1e-3);
  /* The positive bend: the lower bone's local rotation is positive. */
  g_assert_cmpfloat (ossa_angle_normalize (local[1].rotation), >, 0);
  free_doc (doc);
}

static void
test_ik_two_constraints_in_order (void)
{
  OssaDocument *doc = ossa_document_new ();
  OssaIkConstraint ik[2];
  OssaTransform local[5];
  OssaXform world[5];
  uint8_t dirty[5];

  /* First: a (at the origin, length 10) aims at t1 (0, 5): 90°, which carries its
   * marker (10 along a) to (0, 10). Second: b at (20, 0) aims at that marker:
   * atan2(10, −20) = 153.43°. In the other order b would aim at the marker's FK
   * place (10, 0): 180°. */
  test_add_bone (&doc->skeleton, "a", -1, 0, 0, 0, 1, 1, 10);
  test_add_bone (&doc->skeleton, "marker", 0, 10, 0, 0, 1, 1, 1);
  test_add_bone (&doc->skeleton, "t1", -1, 0, 5, 0, 1, 1, 1);
  test_add_bone (&doc->skeleton, "b", -1, 20, 0, 0, 1, 1, 5);
  test_add_bone (&doc->skeleton, "b-child", 3, 5, 0, 0, 1, 1, 1);
  ik[0] = one_bone (0, 2, 1.f);
  ik[1] = one_bone (3, 1, 1.f);
  attach_ik (doc, ik, 2);
  pose_rest_ik (doc, local, world, dirty);
  assert_close (local[0].rotation, DEG (90), 1e-6);
  assert_close (local[3].rotation, atan2 (10, -20), 1e-6);
  assert_world_consistent (doc, local, world);
  ik[0] = one_bone (3, 1, 1.f);
  ik[1] = one_bone (0, 2, 1.f);
  pose_rest_ik (doc, local, world, dirty);
  assert_close (fabs (local[3].rotation), G_PI, 1e-6);
  assert_close (local[0].rotation, DEG (90), 1e-6);
  assert_world_consistent (doc, local, world);
  free_doc (doc);
}

static void
test_ik_keyed_mix_and_bend (void)
{
  OssaDocument *doc = make_arm (5, 0);
  OssaIkConstraint ik[1] = { two_bone (0, 1, 3, true, 1.f) };
  OssaAnimation anim;
  OssaIkTrack track;
  OssaPose *pose;
  OssaIkState st;

  attach_ik (doc, ik, 1);
  g_assert_true (ossa_animation_init (&anim, "reach"));
  anim.duration = 2;
  /* mix 0 at 0 s to 1 at 1 s; bend positive until 1 s, negative from then. */
  ossa_ik_track_init (&track, 0);
  ossa_ik_track_set_key (&track, &(OssaIkKey) { 0.f, 0.f, true, true }, NULL);
  ossa_ik_track_set_key (&track, &(OssaIkKey) { 1.f, 1.f, true, false }, NULL);
  anim.ik_tracks = &track;
  anim.n_ik_tracks = 1;
  g_assert_cmpint (ossa_document_take_animation (doc, &anim, NULL), ==, 0);
  pose = ossa_pose_new (&doc->skeleton, NULL);

  st = ossa_ik_sample (doc, &doc->animations[0], 0, 0.5f);
  assert_close (st.mix, 0.5, 1e-6);
  g_assert_true (st.bend_positive);
  st = ossa_ik_sample (doc, NULL, 0, 0.5f);
  assert_close (st.mix, 1, 0);

  /* At 0.5 s: half of (−53.13°, 90°). */
  ossa_pose_sample (pose, &doc->animations[0], &doc->skeleton, 0.5f);
  ossa_pose_update_world (pose, &doc->skeleton);
  ossa_pose_apply_ik (pose, doc, &doc->animations[0], 0.5f);
  assert_close (pose->local[0].rotation, DEG (-A345 / 2), 1e-5);
  assert_close (pose->local[1].rotation, DEG (45), 1e-5);
  /* At 1.5 s: mix clamped at 1 and the bend negative: (53.13°, −90°). */
  ossa_pose_sample (pose, &doc->animations[0], &doc->skeleton, 1.5f);
  ossa_pose_update_world (pose, &doc->skeleton);
  ossa_pose_apply_ik (pose, doc, &doc->animations[0], 1.5f);
  assert_close (pose->local[0].rotation, DEG (A345), 1e-5);
  assert_close (pose->local[1].rotation, DEG (-90), 1e-5);
  assert_close (ossa_pose_tip (&pose->world[1], 4).x, 5, 1e-5);
  /* No animation: the constraint's own (mix 1, positive). */
  ossa_pose_set_rest (pose, &doc->skeleton);
  ossa_pose_update_world (pose, &doc->skeleton);
  ossa_pose_apply_ik (pose, doc, NULL, 0);
  assert_close (pose->local[1].rotation, DEG (90), 1e-5);
  ossa_pose_free (pose);
  ossa_ik_track_clear (&track);
  free_doc (doc);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ik-pose/one-bone-aim", test_ik_one_bone_aim);
  g_test_add_func ("/ik-pose/one-bone-rotated-parent", test_ik_one_bone_rotated_parent);
  g_test_add_func ("/ik-pose/two-bone-inside", test_ik_two_bone_inside);
  g_test_add_func ("/ik-pose/two-bone-bend-sides", test_ik_two_bone_bend_sides);
  g_test_add_func ("/ik-pose/two-bone-limit", test_ik_two_bone_limit);
  g_test_add_func ("/ik-pose/mix", test_ik_mix);
  g_test_add_func ("/ik-pose/mix-short-way", test_ik_mix_short_way);
  g_test_add_func ("/ik-pose/non-uniform-parent", test_ik_non_uniform_parent);
  g_test_add_func ("/ik-pose/scaled-first-bone", test_ik_scaled_first_bone);
  g_test_add_func ("/ik-pose/two-constraints-in-order", test_ik_two_constraints_in_order);
  g_test_add_func ("/ik-pose/keyed-mix-and-bend", test_ik_keyed_mix_and_bend);
  return g_test_run ();
}
