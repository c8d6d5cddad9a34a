/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>

#include "test-helpers.h"

static void
test_skeleton_add_find_rename (void)
{
  OssaSkeleton skel;
  OssaError err = { 0 };
  OssaTransform id = ossa_transform_identity ();

  ossa_skeleton_init (&skel);
  test_add_bone (&skel, "root", -1, 0, 0, 0, 1, 1, 10);
  test_add_bone (&skel, "arm", 0, 10, 0, 0, 1, 1, 10);
  g_assert_cmpint (ossa_skeleton_find_bone (&skel, "arm"), ==, 1);
  g_assert_cmpint (ossa_skeleton_find_bone (&skel, "leg"), ==, -1);
  g_assert_cmpint (ossa_skeleton_add_bone (&skel, "arm", 0, &id, 1, 0, &err), ==, -1);
  g_assert_cmpint (err.code, ==, OSSA_ERROR_CONFLICT);
  g_assert_nonnull (strstr (err.message, "'arm' already exists"));
  g_assert_cmpint (ossa_skeleton_add_bone (&skel, "x", 5, &id, 1, 0, &err), ==, -1);
  g_assert_cmpint (err.code, ==, OSSA_ERROR_NOT_FOUND);
  g_assert_cmpint (ossa_skeleton_add_bone (&skel, "", -1, &id, 1, 0, &err), ==, -1);
  g_assert_cmpint (ossa_skeleton_add_bone (&skel, "bad\xff", -1, &id, 1, 0, &err), ==, -1);
  g_assert_nonnull (strstr (err.message, "UTF-8"));
  g_assert_false (ossa_skeleton_rename_bone (&skel, 1, "root", &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_CONFLICT);
  g_assert_true (ossa_skeleton_rename_bone (&skel, 1, "팔", &err));
  g_assert_cmpstr (skel.bones[1].name, ==, "팔");
  g_assert_true (ossa_skeleton_rename_bone (&skel, 1, "팔", &err));  /* its own name is fine */
  g_assert_cmpuint (skel.n_bones, ==, 2);
  ossa_skeleton_clear (&skel);
}

static void
test_skeleton_no_fixed_limits (void)
{
  /* The original article capped children at 10; a fan of 500 and a chain 2000 deep. */
  OssaSkeleton skel;
  OssaXform *world;
  char name[32];

  ossa_skeleton_init (&skel);
  test_add_bone (&skel, "hub", -1, 0, 0, 0, 1, 1, 1);
  for (int i = 0; i < 500; i++)
    {
      g_snprintf (name, sizeof name, "spoke%d", i);
      test_add_bone (&skel, name, 0, 1, 0, i * 0.72f, 1, 1, 1);
    }
  for (int i = 0; i < 2000; i++)
    {
      g_snprintf (name, sizeof name, "link%d", i);
      test_add_bone (&skel, name, i == 0 ? 0 : (int) skel.n_bones - 1, 1, 0, 0, 1, 1, 1);
    }
  world = g_new (OssaXform, skel.n_bones);
  ossa_skeleton_rest_world (&skel, world);
  assert_close (world[skel.n_bones - 1].tx, 2000, 1e-2);
  g_assert_true (ossa_skeleton_validate (&skel, NULL));
  g_free (world);
  ossa_skeleton_clear (&skel);
}

static void
test_skeleton_world_nonuniform_scale (void)
{
  /* Parent rotated 90° and scaled (2, 0.5): a child at local (3, 4) lands at
   * parent · (3·2, 4·0.5) rotated 90° = (−2, 6) + parent origin (1, 1). */
  OssaSkeleton skel;
  OssaXform world[3];

  ossa_skeleton_init (&skel);
  test_add_bone (&skel, "parent", -1, 1, 1, 90, 2, 0.5f, 1);
  test_add_bone (&skel, "child", 0, 3, 4, 0, 1, 1, 1);
  test_add_bone (&skel, "grandchild", 1, 1, 0, 90, 1, 1, 1);
  ossa_skeleton_rest_world (&skel, world);
  assert_close (world[1].tx, -1, 1e-5);
  assert_close (world[1].ty, 7, 1e-5);
  /* Grandchild one unit along the child's x, which is the parent's x stretched 2×:
   * (0, 2) further. */
  assert_close (world[2].tx, -1, 1e-5);
  assert_close (world[2].ty, 9, 1e-5);
  /* Its world rotation is atan2(m10, m00): child axes are sheared by the parent's
   * non-uniform scale, so it is not simply 180°. The x axis of the grandchild is
   * parent · R(90°) · (1, 0) → parent · (0, 1) = rotate90 (0, 0.5) = (−0.5, 0). */
  assert_close (fabs (ossa_xform_rotation (&world[2])), G_PI, 1e-5);
  assert_close (hypot (world[2].a, world[2].b), 0.5, 1e-5);
  ossa_skeleton_clear (&skel);
}

static void
test_skeleton_remove_subtree (void)
{
  OssaSkeleton skel;
  ssize_t remap[6];

  ossa_skeleton_init (&skel);
  test_add_bone (&skel, "root", -1, 0, 0, 0, 1, 1, 1);   /* 0 */
  test_add_bone (&skel, "a", 0, 0, 0, 0, 1, 1, 1);       /* 1 */
  test_add_bone (&skel, "b", 0, 0, 0, 0, 1, 1, 1);       /* 2 */
  test_add_bone (&skel, "a1", 1, 0, 0, 0, 1, 1, 1);      /* 3 */
  test_add_bone (&skel, "b1", 2, 0, 0, 0, 1, 1, 1);      /* 4 */
  test_add_bone (&skel, "a11", 3, 0, 0, 0, 1, 1, 1);     /* 5 */
  g_assert_true (ossa_skeleton_remove_bone (&skel, 1, remap, NULL));
  g_assert_cmpuint (skel.n_bones, ==, 3);
  g_assert_cmpint (remap[1], ==, -1);
  g_assert_cmpint (remap[3], ==, -1);
  g_assert_cmpint (remap[5], ==, -1);
  g_assert_cmpint (remap[2], ==, 1);
  g_assert_cmpint (remap[4], ==, 2);
  g_assert_cmpstr (skel.bones[2].name, ==, "b1");
  g_assert_cmpint (skel.bones[2].parent, ==, 1);
  g_assert_true (ossa_skeleton_validate (&skel, NULL));
  g_assert_false (ossa_skeleton_remove_bone (&skel, 7, NULL, NULL));
  ossa_skeleton_clear (&skel);
}

static void
assert_same_world (const OssaXform *a, const OssaXform *b)
{
  assert_close (a->tx, b->tx, 1e-4);
  assert_close (a->ty, b->ty, 1e-4);
  assert_close (a->a, b->a, 1e-5);
  assert_close (a->b, b->b, 1e-5);
  assert_close (a->c, b->c, 1e-5);
  assert_close (a->d, b->d, 1e-5);
}

static void
test_skeleton_reparent_keeps_world (void)
{
  OssaSkeleton skel;
  OssaXform before[5], after[5];
  ssize_t remap[5];
  OssaError err = { 0 };

  ossa_skeleton_init (&skel);
  test_add_bone (&skel, "root", -1, 5, 5, 30, 1.5f, 1.5f, 10);  /* 0 */
  test_add_bone (&skel, "arm", 0, 10, 0, 45, 1, 1, 10);          /* 1 */
  test_add_bone (&skel, "hand", 1, 10, 0, -20, 1, 1, 5);         /* 2 */
  test_add_bone (&skel, "leg", 0, 0, -10, -90, 0.5f, 0.5f, 10);  /* 3 */
  test_add_bone (&skel, "foot", 3, 10, 0, 90, 1, 1, 5);          /* 4 */
  ossa_skeleton_rest_world (&skel, before);

  /* Onto a later bone: arm's subtree moves behind foot; order rule holds. */
  g_assert_true (ossa_skeleton_reparent_bone (&skel, 1, 4, remap, &err));
  g_assert_true (ossa_skeleton_validate (&skel, &err));
  g_assert_cmpint (remap[0], ==, 0);
  g_assert_cmpint (remap[3], ==, 1);
  g_assert_cmpint (remap[4], ==, 2);
  g_assert_cmpint (remap[1], ==, 3);
  g_assert_cmpint (remap[2], ==, 4);
  g_assert_cmpstr (skel.bones[3].name, ==, "arm");
  g_assert_cmpint (skel.bones[3].parent, ==, 2);
  ossa_skeleton_rest_world (&skel, after);
  for (int i = 0; i < 5; i++)
    assert_same_world (&before[i], &after[remap[i]]);

  /* To a root, and back under an earlier bone. */
  g_assert_true (ossa_skeleton_reparent_bone (&skel, 3, -1, NULL, &err));
  ossa_skeleton_rest_world (&skel, after);
  assert_same_world (&before[1], &after[3]);
  g_assert_true (ossa_skeleton_reparent_bone (&skel, 3, 0, NULL, &err));
  ossa_skeleton_rest_world (&skel, after);
  assert_same_world (&before[1], &after[3]);
  assert_same_world (&before[2], &after[4]);

  /* Cycles are refused and change nothing. */
  g_assert_false (ossa_skeleton_reparent_bone (&skel, 0, 4, NULL, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_CONFLICT);
  g_assert_nonnull (strstr (err.message, "own subtree"));
  g_assert_false (ossa_skeleton_reparent_bone (&skel, 3, 3, NULL, &err));
  g_assert_cmpint (skel.bones[0].parent, ==, -1);
  ossa_skeleton_clear (&skel);
}

static void
test_skeleton_validate_messages (void)
{
  OssaSkeleton skel;
  OssaError err = { 0 };

  ossa_skeleton_init (&skel);
  for (int i = 0; i < 8; i++)
    {
      char name[16];

      g_snprintf (name, sizeof name, "b%d", i);
      test_add_bone (&skel, name, i - 1, 1, 0, 0, 1, 1, 1);
    }
  g_assert_true (ossa_skeleton_rename_bone (&skel, 3, "hand", NULL));
  skel.bones[3].parent = 7;
  g_assert_false (ossa_skeleton_validate (&skel, &err));
  g_assert_cmpstr (err.message, ==, "bone 3 'hand': parent 7 comes after it");
  skel.bones[3].parent = 9;
  g_assert_false (ossa_skeleton_validate (&skel, &err));
  g_assert_cmpstr (err.message, ==, "bone 3 'hand': parent 9 does not exist");
  skel.bones[3].parent = 2;
  skel.bones[5].rest.rotation = NAN;
  g_assert_false (ossa_skeleton_validate (&skel, &err));
  g_assert_nonnull (strstr (err.message, "bone 5 'b5'"));
  skel.bones[5].rest.rotation = 0;
  free (skel.bones[6].name);
  skel.bones[6].name = strdup ("b1");
  g_assert_false (ossa_skeleton_validate (&skel, &err));
  g_assert_cmpstr (err.message, ==, "bone 6 'b1': the name is already used by bone 1");
  ossa_skeleton_clear (&skel);
}

static void
test_skeleton_utf8 (void)
{
  g_assert_true (ossa_utf8_valid ("hand", 4));
  g_assert_true (ossa_utf8_valid ("हाथ 손", strlen ("हाथ 손")));
  g_assert_false (ossa_utf8_valid ("\xc0\xaf", 2));          /* overlong */
  g_assert_false (ossa_utf8_valid ("\xed\xa0\x80", 3));      /* surrogate */
  g_assert_false (ossa_utf8_valid ("\xf4\x90\x80\x80", 4));  /* past U+10FFFF */
  g_assert_false (ossa_utf8_valid ("\xe2\x82", 2));          /* truncated */
}

/* Every bone is found by its name, and names that are not there are not, after
 * each edit that moves or renames bones (the name index follows them all). */
static void
assert_names_found (const OssaSkeleton *skel)
{
  for (size_t i = 0; i < skel->n_bones; i++)
    g_assert_cmpint (ossa_skeleton_find_bone (skel, skel->bones[i].name), ==, (ssize_t) i);
  g_assert_cmpint (ossa_skeleton_find_bone (skel, "nobody"), ==, -1);
}

static void
test_skeleton_name_index (void)
{
  OssaSkeleton skel, copy;
  OssaError err = { 0 };
  char name[32];

  ossa_skeleton_init (&skel);
  for (int i = 0; i < 3000; i++)
    {
      snprintf (name, sizeof name, "bone %d", i);
      test_add_bone (&skel, name, i == 0 ? -1 : (i % 3 == 0 ? i - 1 : i / 2), 1, 0, 0, 1, 1, 1);
    }
  assert_names_found (&skel);
  /* A taken name is refused whatever the size. */
  g_assert_cmpint (ossa_skeleton_add_bone (&skel, "bone 2999", -1, NULL, 1, 0, &err), ==, -1);
  g_assert_cmpint (err.code, ==, OSSA_ERROR_CONFLICT);

  g_assert_true (ossa_skeleton_rename_bone (&skel, 7, "seven", &err));
  g_assert_cmpint (ossa_skeleton_find_bone (&skel, "bone 7"), ==, -1);
  assert_names_found (&skel);
  g_assert_true (ossa_skeleton_remove_bone (&skel, 40, NULL, &err));
  assert_names_found (&skel);
  g_assert_true (ossa_skeleton_reparent_bone (&skel, 3, (int32_t) skel.n_bones - 1, NULL, &err));
  assert_names_found (&skel);
  g_assert_true (ossa_skeleton_copy (&copy, &skel));
  assert_names_found (&copy);
  test_add_bone (&copy, "after copy", 0, 0, 0, 0, 1, 1, 1);
  assert_names_found (&copy);
  ossa_skeleton_clear (&copy);
  ossa_skeleton_clear (&skel);
}

/* An SMD of 100,000 bones, flat and as one chain 100,000 deep: imported whole
 * (names hashed, no recursion), posed, and every bone found by name. The time is
 * in bench/bench-bones.c. */
static void
test_skeleton_huge_smd (void)
{
  for (int chain = 0; chain < 2; chain++)
    {
      size_t n = 100000;
      GString *s = g_string_sized_new (n * 48);
      OssaError err = { 0 };
      OssaDocument *doc;
      OssaPose *pose;

      g_string_append (s, "version 1\nnodes\n");
      for (size_t i = 0; i < n; i++)
        g_string_append_printf (s, "%zu \"b%zu\" %ld\n", i, i, i == 0 ? -1L : chain ? (long) i - 1 : 0L);
      g_string_append (s, "end\nskeleton\ntime 0\n");
      for (size_t i = 0; i < n; i++)
        g_string_append_printf (s, "%zu %d 0 0 0 0 0\n", i, i > 0);
      g_string_append (s, "end\n");
      doc = ossa_smd_import_bytes (s->str, s->len, "huge.smd", NULL, &err);
      if (doc == NULL)
        g_error ("%d: %s", err.line, err.message);
      g_assert_cmpuint (doc->skeleton.n_bones, ==, n);
      assert_names_found (&doc->skeleton);
      pose = ossa_pose_new (&doc->skeleton, &err);
      g_assert_nonnull (pose);
      ossa_pose_update_world (pose, &doc->skeleton);
      /* The chain's tip is n - 1 units out along the projection's axis. */
      if (chain)
        assert_close (hypot (pose->world[n - 1].tx, pose->world[n - 1].ty), (double) (n - 1), 1);
      g_assert_true (ossa_skeleton_validate (&doc->skeleton, &err));
      ossa_pose_free (pose);
      ossa_document_free (doc);
      g_string_free (s, TRUE);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/skeleton/add-find-rename", test_skeleton_add_find_rename);
  g_test_add_func ("/skeleton/no-fixed-limits", test_skeleton_no_fixed_limits);
  g_test_add_func ("/skeleton/world-nonuniform-scale", test_skeleton_world_nonuniform_scale);
  g_test_add_func ("/skeleton/remove-subtree", test_skeleton_remove_subtree);
  g_test_add_func ("/skeleton/reparent-keeps-world", test_skeleton_reparent_keeps_world);
  g_test_add_func ("/skeleton/validate-messages", test_skeleton_validate_messages);
  g_test_add_func ("/skeleton/utf8", test_skeleton_utf8);
  g_test_add_func ("/skeleton/name-index", test_skeleton_name_index);
  g_test_add_func ("/skeleton/huge-smd", test_skeleton_huge_smd);
  return g_test_run ();
}
