/* SPDX-License-Identifier: GPL-3.0-or-later */
/* OssaPose: the instance beside the skeleton data, sized to it, filled from the
 * rest pose or an animation without allocating. */
#include "test-helpers.h"

#include "ossa-pose.h"

static void
test_pose_new_holds_rest (void)
{
  OssaDocument *doc = test_make_document ();
  OssaError err = { 0 };
  OssaPose *pose = ossa_pose_new (&doc->skeleton, &err);
  OssaXform world[4];

  g_assert_nonnull (pose);
  g_assert_cmpuint (pose->n_bones, ==, doc->skeleton.n_bones);
  g_assert_cmpuint (pose->capacity, >=, pose->n_bones);
  ossa_skeleton_rest_world (&doc->skeleton, world);
  for (size_t i = 0; i < doc->skeleton.n_bones; i++)
    {
      assert_close (pose->local[i].rotation, doc->skeleton.bones[i].rest.rotation, 1e-6);
      assert_close (pose->world[i].tx, world[i].tx, 1e-5);
      assert_close (pose->world[i].ty, world[i].ty, 1e-5);
    }
  ossa_pose_free (pose);
  ossa_document_free (doc);
}

static void
test_pose_sample_matches_reference (void)
{
  OssaDocument *doc = test_make_document ();
  OssaPose *pose = ossa_pose_new (&doc->skeleton, NULL);
  OssaTransform local[4];
  OssaXform world[4];

  ossa_pose_sample (pose, &doc->animations[0], &doc->skeleton, 0.5f);
  ossa_pose_update_world (pose, &doc->skeleton);
  ossa_animation_sample_pose (&doc->animations[0], &doc->skeleton, 0.5f, local);
  ossa_pose_compute_world (&doc->skeleton, local, world);
  /* The arm is halfway between its keys, 0° and 45°. */
  assert_close (pose->local[1].rotation, DEG (22.5), 1e-5);
  for (size_t i = 0; i < doc->skeleton.n_bones; i++)
    {
      assert_close (pose->world[i].a, world[i].a, 1e-6);
      assert_close (pose->world[i].tx, world[i].tx, 1e-5);
      assert_close (pose->world[i].ty, world[i].ty, 1e-5);
    }
  ossa_pose_set_rest (pose, &doc->skeleton);
  assert_close (pose->local[1].rotation, doc->skeleton.bones[1].rest.rotation, 1e-6);
  ossa_pose_free (pose);
  ossa_document_free (doc);
}

static void
test_pose_resize_keeps_values (void)
{
  OssaDocument *doc = test_make_document ();
  OssaPose *pose = ossa_pose_new (&doc->skeleton, NULL);
  OssaTransform *before;
  float arm = pose->local[1].rotation;

  /* Within the capacity nothing moves; past it the values come along. */
  before = pose->local;
  g_assert_true (ossa_pose_resize (pose, 2, NULL));
  g_assert_cmpuint (pose->n_bones, ==, 2);
  g_assert_true (pose->local == before);
  g_assert_true (ossa_pose_resize (pose, 5000, NULL));
  g_assert_cmpuint (pose->n_bones, ==, 5000);
  g_assert_cmpuint (pose->capacity, >=, 5000);
  assert_close (pose->local[1].rotation, arm, 1e-6);
  ossa_pose_free (pose);
  ossa_pose_free (NULL);
  ossa_document_free (doc);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/pose/new-holds-rest", test_pose_new_holds_rest);
  g_test_add_func ("/pose/sample-matches-reference", test_pose_sample_matches_reference);
  g_test_add_func ("/pose/resize-keeps-values", test_pose_resize_keeps_values);
  return g_test_run ();
}
