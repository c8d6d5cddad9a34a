/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The interpolation preview's geometry without a display: when the onion skin's
 * ghosts fall, and the motion path of a bone's tip against the full pose. */
#include "config.h"

#include <math.h>

#include <glib.h>

#include "ossa.h"

#include "ossa-preview.h"

static void
test_ghost_times (void)
{
  double t[4];

  /* One-shot of 1 s: those outside are left out. */
  ossa_preview_ghost_times (0.2, 0.1, 2, 1.0, FALSE, t);
  g_assert_cmpfloat_with_epsilon (t[0], 0.1, 1e-12);
  g_assert_cmpfloat_with_epsilon (t[1], 0.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (t[2], 0.3, 1e-12);
  g_assert_cmpfloat_with_epsilon (t[3], 0.4, 1e-12);
  ossa_preview_ghost_times (0.05, 0.1, 2, 1.0, FALSE, t);
  g_assert_true (isnan (t[0]) && isnan (t[1]));
  ossa_preview_ghost_times (0.95, 0.1, 2, 1.0, FALSE, t);
  g_assert_true (isnan (t[2]) && isnan (t[3]));
  /* Looping: they wrap round. */
  ossa_preview_ghost_times (0.05, 0.1, 2, 1.0, TRUE, t);
  g_assert_cmpfloat_with_epsilon (t[0], 0.95, 1e-12);
  g_assert_cmpfloat_with_epsilon (t[1], 0.85, 1e-12);
  ossa_preview_ghost_times (0.95, 0.1, 1, 1.0, TRUE, t);
  g_assert_cmpfloat_with_epsilon (t[1], 0.05, 1e-12);
}

/* root → upper → lower, the root and the upper arm turning over 1 s. */
static void
test_tip_path (void)
{
  OssaSkeleton skel;
  OssaAnimation anim;
  OssaTransform rest = { 0, 0, 0, 1, 1 }, arm = { 10, 0, 0.3f, 1, 1 };
  OssaTransform local[3];
  OssaXform world[3];
  float xy[2 * 11];
  OssaKey key;

  ossa_skeleton_init (&skel);
  g_assert_cmpint (ossa_skeleton_add_bone (&skel, "root", -1, &rest, 10, 0, NULL), ==, 0);
  g_assert_cmpint (ossa_skeleton_add_bone (&skel, "upper", 0, &arm, 8, 0, NULL), ==, 1);
  g_assert_cmpint (ossa_skeleton_add_bone (&skel, "lower", 1, &arm, 6, 0, NULL), ==, 2);
  g_assert_true (ossa_animation_init (&anim, "a"));
  key = ossa_key_make (0, 0);
  g_assert_cmpint (ossa_track_set_key (ossa_animation_ensure_track (&anim, 0, OSSA_CHANNEL_ROTATE),
                                       &key, NULL), >=, 0);
  key = ossa_key_make (1, 3.0f);  /* the short way: -3.28 rad */
  g_assert_cmpint (ossa_track_set_key (ossa_animation_ensure_track (&anim, 0, OSSA_CHANNEL_ROTATE),
                                       &key, NULL), >=, 0);
  key = ossa_key_make (0, 1);
  key.interp = OSSA_INTERP_BEZIER;
  g_assert_cmpint (ossa_track_set_key (ossa_animation_ensure_track (&anim, 1, OSSA_CHANNEL_SCALE_X),
                                       &key, NULL), >=, 0);
  key = ossa_key_make (1, 2);
  g_assert_cmpint (ossa_track_set_key (ossa_animation_ensure_track (&anim, 1, OSSA_CHANNEL_SCALE_X),
                                       &key, NULL), >=, 0);

  g_assert_cmpuint (ossa_preview_tip_path (&skel, &anim, 2, 0, 1, 11, xy), ==, 11);
  for (int s = 0; s <= 10; s++)
    {
      OssaVec2 tip;

      ossa_animation_sample_pose (&anim, &skel, s / 10.0f, local);
      ossa_pose_compute_world (&skel, local, world);
      tip = ossa_pose_tip (&world[2], 6);
      g_assert_cmpfloat_with_epsilon (xy[2 * s], tip.x, 1e-4);
      g_assert_cmpfloat_with_epsilon (xy[2 * s + 1], tip.y, 1e-4);
    }
  g_assert_cmpuint (ossa_preview_tip_path (&skel, &anim, 3, 0, 1, 11, xy), ==, 0);

  {
    OssaSegment seg[3];
    const uint8_t color[4] = { 1, 2, 3, 4 };

    ossa_animation_sample_pose (&anim, &skel, 0.5f, local);
    ossa_pose_compute_world (&skel, local, world);
    ossa_preview_pose_segments (&skel, world, color, 3, seg);
    g_assert_cmpfloat (seg[2].p0[0], ==, world[2].tx);
    g_assert_cmpfloat_with_epsilon (seg[2].p1[0], ossa_pose_tip (&world[2], 6).x, 1e-6);
    g_assert_cmpuint (seg[1].color[3], ==, 4);
    g_assert_cmpfloat (seg[0].width, ==, 3);
  }
  ossa_animation_clear (&anim);
  ossa_skeleton_clear (&skel);
}

/* The onion skin reads on the dark canvas: past ghosts red, future ones green,
 * each side fainter and no wider the farther it is from the playhead, and never
 * thinner than a line one reads at 100 %. */
static void
test_ghost_style (void)
{
  for (int count = 1; count <= 4; count++)
    {
      uint8_t before[4], after[4];
      float wb, wa;
      uint8_t last_alpha[2] = { 255, 255 };
      float last_width[2] = { 1e9f, 1e9f };

      for (int k = 0; k < count; k++)
        for (int side = 0; side < 2; side++)
          {
            uint8_t color[4];
            float width;

            ossa_preview_ghost_style (side, k, count, color, &width);
            g_assert_cmpfloat (width, >=, OSSA_PREVIEW_GHOST_MIN_WIDTH);
            g_assert_cmpfloat (width, <=, last_width[side]);
            if (k > 0)
              g_assert_cmpuint (color[3], <, last_alpha[side]);
            /* Even the farthest stands out; the nearest is clearly there. */
            g_assert_cmpuint (color[3], >=, 90);
            if (k == 0)
              g_assert_cmpuint (color[3], >=, 170);
            last_alpha[side] = color[3];
            last_width[side] = width;
          }
      ossa_preview_ghost_style (FALSE, 0, count, before, &wb);
      ossa_preview_ghost_style (TRUE, 0, count, after, &wa);
      /* Past: red first; future: green first; far apart. */
      g_assert_cmpint (before[0], >, before[1] + 100);
      g_assert_cmpint (before[0], >, before[2] + 100);
      g_assert_cmpint (after[1], >, after[0] + 100);
      g_assert_cmpint (after[1], >, after[2] + 50);
      /* Bright on a dark background. */
      g_assert_cmpint (MAX (before[0], MAX (before[1], before[2])), >=, 220);
      g_assert_cmpint (MAX (after[0], MAX (after[1], after[2])), >=, 220);
    }
  g_assert_cmpfloat (OSSA_PREVIEW_GHOST_MIN_WIDTH, >=, 4.0f);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ossa/preview/ghost-times", test_ghost_times);
  g_test_add_func ("/ossa/preview/tip-path", test_tip_path);
  g_test_add_func ("/ossa/preview/ghost-style", test_ghost_style);
  return g_test_run ();
}
