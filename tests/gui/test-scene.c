/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The canvas's geometry without a display: camera, fit, hit testing, rubber band,
 * the arithmetic of each drag and where bone names may go. */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib.h>

#include "ossa.h"

#include "ossa-camera.h"
#include "ossa-drag.h"
#include "ossa-hit-test.h"
#include "ossa-label-layout.h"
#include "ossa-scene.h"

static OssaCamera
make_camera (double cx, double cy, double zoom, double w, double h)
{
  OssaCamera cam;

  ossa_camera_init (&cam);
  cam.center_x = cx;
  cam.center_y = cy;
  cam.zoom = zoom;
  cam.width = w;
  cam.height = h;
  return cam;
}

static void
add_bone (OssaSkeleton *skel, const char *name, int parent, float x, float y, float rotation,
          float sx, float sy, float length)
{
  OssaTransform rest = { x, y, rotation, sx, sy };
  OssaError err;

  ossa_error_clear (&err);
  g_assert_cmpint (ossa_skeleton_add_bone (skel, name, parent, &rest, length, 0xff0000ffu,
                                           &err), >=, 0);
}

/* World matrices and instances of a skeleton's rest pose. */
static OssaBoneInstance *
make_instances (const OssaSkeleton *skel, const OssaCamera *cam)
{
  g_autofree OssaXform *world = g_new (OssaXform, skel->n_bones);
  OssaBoneInstance *inst = g_new (OssaBoneInstance, skel->n_bones);

  ossa_skeleton_rest_world (skel, world);
  ossa_scene_build_instances (skel, world, cam, NULL, 0, -1, -1, inst);
  return inst;
}

static void
test_zoom_keeps_point (void)
{
  OssaCamera cam = make_camera (10, -5, 2, 800, 600);
  const double points[][2] = { { 123, 456 }, { 0, 0 }, { 799, 1 }, { 400, 300 } };
  const double zooms[] = { 7.3, 0.01, 1.0, 123.0 };

  for (gsize i = 0; i < G_N_ELEMENTS (points); i++)
    for (gsize k = 0; k < G_N_ELEMENTS (zooms); k++)
      {
        double wx0, wy0, wx1, wy1;

        ossa_camera_widget_to_world (&cam, points[i][0], points[i][1], &wx0, &wy0);
        ossa_camera_zoom_at (&cam, points[i][0], points[i][1], zooms[k]);
        g_assert_cmpfloat (cam.zoom, ==, zooms[k]);
        ossa_camera_widget_to_world (&cam, points[i][0], points[i][1], &wx1, &wy1);
        g_assert_cmpfloat_with_epsilon (wx1, wx0, 1e-9 * fmax (1, fabs (wx0)));
        g_assert_cmpfloat_with_epsilon (wy1, wy0, 1e-9 * fmax (1, fabs (wy0)));
      }

  /* Clamped, and still about the point. */
  ossa_camera_zoom_at (&cam, 10, 10, 1e9);
  g_assert_cmpfloat (cam.zoom, ==, OSSA_SCENE_ZOOM_MAX);
  ossa_camera_zoom_at (&cam, 10, 10, 0);
  g_assert_cmpfloat (cam.zoom, ==, OSSA_SCENE_ZOOM_MIN);
}

static void
test_world_widget_round_trip (void)
{
  OssaCamera cam = make_camera (3, 4, 2.5, 640, 480);
  double px, py, wx, wy;

  /* y up in the world, down on the widget. */
  ossa_camera_world_to_widget (&cam, 3, 4, &px, &py);
  g_assert_cmpfloat (px, ==, 320);
  g_assert_cmpfloat (py, ==, 240);
  ossa_camera_world_to_widget (&cam, 3, 5, &px, &py);
  g_assert_cmpfloat (py, ==, 240 - 2.5);
  ossa_camera_widget_to_world (&cam, 17, 33, &wx, &wy);
  ossa_camera_world_to_widget (&cam, wx, wy, &px, &py);
  g_assert_cmpfloat_with_epsilon (px, 17, 1e-9);
  g_assert_cmpfloat_with_epsilon (py, 33, 1e-9);

  /* Pan: the world point under the pointer moves with it. */
  ossa_camera_widget_to_world (&cam, 100, 100, &wx, &wy);
  ossa_camera_pan (&cam, 30, -12);
  ossa_camera_world_to_widget (&cam, wx, wy, &px, &py);
  g_assert_cmpfloat_with_epsilon (px, 130, 1e-9);
  g_assert_cmpfloat_with_epsilon (py, 88, 1e-9);
}

static void
test_fit_contains_everything (void)
{
  OssaSkeleton skel;
  OssaCamera cam = make_camera (0, 0, 1, 640, 400);
  g_autofree OssaBoneInstance *inst = NULL;
  double x0, y0, x1, y1;
  gboolean touches = FALSE;
  const double margin = 48;

  ossa_skeleton_init (&skel);
  add_bone (&skel, "root", -1, 1000, -300, 0.3f, 1, 1, 400);
  add_bone (&skel, "a", 0, 400, 0, 2.0f, 1.5f, 1, 300);
  add_bone (&skel, "b", 1, 300, 0, -1.0f, 1, 1, 900);
  add_bone (&skel, "c", -1, -200, 500, 0, 1, 1, 10);
  inst = make_instances (&skel, &cam);
  g_assert_true (ossa_scene_bounds (inst, skel.n_bones, &x0, &y0, &x1, &y1));
  ossa_camera_fit (&cam, x0, y0, x1, y1, margin);

  for (gsize i = 0; i < skel.n_bones; i++)
    {
      const float *points[] = { inst[i].joint, inst[i].tip };

      for (int k = 0; k < 2; k++)
        {
          double px, py;

          ossa_camera_world_to_widget (&cam, points[k][0], points[k][1], &px, &py);
          g_assert_cmpfloat (px, >=, margin - 1e-6);
          g_assert_cmpfloat (px, <=, cam.width - margin + 1e-6);
          g_assert_cmpfloat (py, >=, margin - 1e-6);
          g_assert_cmpfloat (py, <=, cam.height - margin + 1e-6);
          /* As large as fits: some point is on the margin. */
          if (fabs (px - margin) < 1e-6 || fabs (py - margin) < 1e-6
              || fabs (px - (cam.width - margin)) < 1e-6 || fabs (py - (cam.height - margin)) < 1e-6)
            touches = TRUE;
        }
    }
  g_assert_true (touches);

  /* Nothing to fit: the origin in the middle at 100 %. */
  ossa_camera_fit (&cam, INFINITY, INFINITY, -INFINITY, -INFINITY, margin);
  g_assert_cmpfloat (cam.zoom, ==, 1);
  g_assert_cmpfloat (cam.center_x, ==, 0);
  g_assert_cmpfloat (cam.center_y, ==, 0);
  ossa_skeleton_clear (&skel);
}

static void
test_hit_test (void)
{
  OssaSkeleton skel;
  /* 1 pixel a unit, world (50, 0) in the middle of 400×300. */
  OssaCamera cam = make_camera (50, 0, 1, 400, 300);
  g_autofree OssaBoneInstance *inst = NULL;
  OssaHit hit;
  double px, py;

  ossa_skeleton_init (&skel);
  add_bone (&skel, "root", -1, 0, 0, 0, 1, 1, 100);                     /* (0,0) → (100,0) */
  add_bone (&skel, "up", 0, 100, 0, (float) (OSSA_PI / 2), 1, 1, 50);   /* (100,0) → (100,50) */
  add_bone (&skel, "over", -1, 20, 0, 0, 1, 1, 60);                     /* lies on root */
  inst = make_instances (&skel, &cam);

#define HIT_AT(wx, wy) \
  (ossa_camera_world_to_widget (&cam, (wx), (wy), &px, &py), \
   ossa_scene_hit_test (inst, skel.n_bones, &cam, px, py))

  /* The child's joint sits on the root's tip: the joint wins. */
  hit = HIT_AT (100, 0);
  g_assert_cmpint (hit.bone, ==, 1);
  g_assert_cmpint (hit.part, ==, OSSA_HIT_JOINT);
  hit = HIT_AT (101.5, 2);
  g_assert_cmpint (hit.bone, ==, 1);
  g_assert_cmpint (hit.part, ==, OSSA_HIT_JOINT);
  hit = HIT_AT (0, 0);
  g_assert_cmpint (hit.bone, ==, 0);
  g_assert_cmpint (hit.part, ==, OSSA_HIT_JOINT);
  /* Bodies: the root alone near its joint, the later bone where they overlap. */
  hit = HIT_AT (9, -6);
  g_assert_cmpint (hit.bone, ==, 0);
  g_assert_cmpint (hit.part, ==, OSSA_HIT_BODY);
  hit = HIT_AT (50, 0);
  g_assert_cmpint (hit.bone, ==, 2);
  g_assert_cmpint (hit.part, ==, OSSA_HIT_BODY);
  hit = HIT_AT (100, 30);
  g_assert_cmpint (hit.bone, ==, 1);
  g_assert_cmpint (hit.part, ==, OSSA_HIT_BODY);
  /* The body is tapered: wide near the joint, narrow near the tip. */
  hit = HIT_AT (12, 7);
  g_assert_cmpint (hit.bone, ==, 0);
  hit = HIT_AT (90, 7);
  g_assert_cmpint (hit.bone, ==, -1);
  /* Empty canvas. */
  hit = HIT_AT (50, 40);
  g_assert_cmpint (hit.bone, ==, -1);
  g_assert_cmpint (hit.part, ==, OSSA_HIT_NONE);
  hit = HIT_AT (130, 0);
  g_assert_cmpint (hit.bone, ==, -1);

  /* Pick distances are pixels: zoomed out ten times, 6 pixels from the joint
   * (60 world units) still hits it. */
  cam.zoom = 0.1;
  g_free (inst);
  inst = make_instances (&skel, &cam);
  hit = HIT_AT (-60, 0);
  g_assert_cmpint (hit.bone, ==, 0);
  g_assert_cmpint (hit.part, ==, OSSA_HIT_JOINT);

  /* The tip of "up" (for the create tool). */
  cam.zoom = 1;
  ossa_camera_world_to_widget (&cam, 100, 50, &px, &py);
  g_assert_true (ossa_scene_hit_tip (inst, skel.n_bones, 1, &cam, px + 3, py));
  g_assert_false (ossa_scene_hit_tip (inst, skel.n_bones, 1, &cam, px + 20, py));
  g_assert_false (ossa_scene_hit_tip (inst, skel.n_bones, 7, &cam, px, py));
#undef HIT_AT
  ossa_skeleton_clear (&skel);
}

static void
test_bone_distance (void)
{
  /* Horizontal bone from (0,0) to (100,0), 8 px half-width at the joint. */
  g_assert_cmpfloat_with_epsilon (ossa_scene_bone_distance (0, 0, 100, 0, 8, 0, 0), -8, 1e-9);
  g_assert_cmpfloat_with_epsilon (ossa_scene_bone_distance (0, 0, 100, 0, 8, -10, 0), 2, 1e-9);
  g_assert_cmpfloat_with_epsilon (ossa_scene_bone_distance (0, 0, 100, 0, 8, 105, 0), 4, 1e-9);
  g_assert_cmpfloat (ossa_scene_bone_distance (0, 0, 100, 0, 8, 50, 3), <, 0);
  g_assert_cmpfloat (ossa_scene_bone_distance (0, 0, 100, 0, 8, 50, 6), >, 0);
  /* Zero length: a circle. */
  g_assert_cmpfloat_with_epsilon (ossa_scene_bone_distance (5, 5, 5, 5, 4, 5, 10), 1, 1e-9);
}

static void
test_rubber_band (void)
{
  OssaSkeleton skel;
  OssaCamera cam = make_camera (0, 0, 1, 400, 300);
  g_autofree OssaBoneInstance *inst = NULL;
  unsigned out[4];
  gsize n;

  ossa_skeleton_init (&skel);
  add_bone (&skel, "a", -1, 0, 0, 0, 1, 1, 100);
  add_bone (&skel, "b", 0, 100, 0, 0, 1, 1, 100);   /* joint (100, 0) */
  add_bone (&skel, "c", -1, 50, 80, 0, 1, 1, 10);
  add_bone (&skel, "d", -1, -50, -80, 0, 1, 1, 10);
  inst = make_instances (&skel, &cam);

  /* Corners in any order; joints count, tips do not ("a"'s tip is at b's joint). */
  n = ossa_scene_rubber_band (inst, skel.n_bones, 120, 90, 40, -10, out);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (out[0], ==, 1);
  g_assert_cmpuint (out[1], ==, 2);
  n = ossa_scene_rubber_band (inst, skel.n_bones, -60, -90, 10, 10, out);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (out[0], ==, 0);
  g_assert_cmpuint (out[1], ==, 3);
  n = ossa_scene_rubber_band (inst, skel.n_bones, 200, 200, 300, 300, out);
  g_assert_cmpuint (n, ==, 0);
  ossa_skeleton_clear (&skel);
}

static void
test_angle_follow (void)
{
  OssaAngleFollow f;

  /* 170° to -170° is +20°, not -340°. */
  ossa_angle_follow_begin (&f, 170 * OSSA_PI / 180);
  g_assert_cmpfloat_with_epsilon (ossa_angle_follow_update (&f, -170 * OSSA_PI / 180),
                                  20 * OSSA_PI / 180, 1e-12);
  g_assert_cmpfloat_with_epsilon (ossa_angle_follow_update (&f, 170 * OSSA_PI / 180),
                                  0, 1e-12);
  /* Back past the start and on: the total runs beyond -180°. */
  g_assert_cmpfloat_with_epsilon (ossa_angle_follow_update (&f, 90 * OSSA_PI / 180),
                                  -80 * OSSA_PI / 180, 1e-12);
  g_assert_cmpfloat_with_epsilon (ossa_angle_follow_update (&f, -80 * OSSA_PI / 180),
                                  -250 * OSSA_PI / 180, 1e-12);
}

/* A rotate drag around the joint, one and a half turns in small steps: the
 * rotation grows steadily to 3π, past ±180° without a jump. */
static void
test_rotate_drag_unwraps (void)
{
  OssaTransform local = { 10, 20, 0.25f, 1, 1 };
  OssaRotateDrag d;
  double previous = local.rotation;
  OssaTransform t = local;

  /* A root at (10, 20); press 30 units along its axis. */
  g_assert_true (ossa_rotate_drag_begin (&d, NULL, &local, 10 + 30 * cos (0.25),
                                         20 + 30 * sin (0.25), 1));
  for (int step = 1; step <= 108; step++)
    {
      double a = 0.25 + step * (3 * OSSA_PI / 108);

      t = ossa_rotate_drag_update (&d, 10 + 30 * cos (a), 20 + 30 * sin (a), 0);
      g_assert_cmpfloat (t.rotation - previous, >, 0);
      g_assert_cmpfloat (t.rotation - previous, <, 0.1);
      previous = t.rotation;
    }
  g_assert_cmpfloat_with_epsilon (t.rotation, 0.25 + 3 * OSSA_PI, 1e-4);
  g_assert_cmpfloat (t.x, ==, 10);
  g_assert_cmpfloat (t.scale_x, ==, 1);

  /* Shift: multiples of 15°. */
  t = ossa_rotate_drag_update (&d, 10 + 30 * cos (0.3), 20 + 30 * sin (0.3), G_PI / 12);
  g_assert_cmpfloat_with_epsilon (remainder (t.rotation, OSSA_PI / 12), 0, 1e-5);
}

/* Under a mirrored, rotated, non-uniformly scaled parent the bone still turns the
 * way the pointer does: its tip stays on the ray from the joint to the pointer. */
static void
test_rotate_drag_mirrored_parent (void)
{
  const float parent_scales[][2] = { { -1, 1 }, { 1, -1 }, { -2, 0.5f }, { 1.5f, 3 } };

  for (gsize s = 0; s < G_N_ELEMENTS (parent_scales); s++)
    {
      OssaTransform parent_t = { 5, -3, 0.7f, parent_scales[s][0], parent_scales[s][1] };
      OssaXform parent = ossa_xform_from_transform (&parent_t);
      OssaTransform local = { 4, 1, 0, 1, 1 };
      OssaXform local_m = ossa_xform_from_transform (&local);
      OssaXform world = ossa_xform_multiply (&parent, &local_m);
      OssaRotateDrag d;
      OssaVec2 joint = { world.tx, world.ty };
      OssaVec2 tip = ossa_xform_apply (&world, (OssaVec2) { 10, 0 });
      double start = atan2 (tip.y - joint.y, tip.x - joint.x);

      g_assert_true (ossa_rotate_drag_begin (&d, &parent, &local, tip.x, tip.y, 0.01));
      for (int step = 1; step <= 40; step++)
        {
          double a = start + step * (OSSA_TAU / 40);
          double wx = joint.x + 25 * cos (a), wy = joint.y + 25 * sin (a);
          OssaTransform t = ossa_rotate_drag_update (&d, wx, wy, 0);
          OssaXform lm = ossa_xform_from_transform (&t);
          OssaXform m = ossa_xform_multiply (&parent, &lm);
          OssaVec2 now = ossa_xform_apply (&m, (OssaVec2) { 10, 0 });
          double dir = atan2 (now.y - m.ty, now.x - m.tx);

          g_assert_cmpfloat_with_epsilon (m.tx, joint.x, 1e-4);
          g_assert_cmpfloat_with_epsilon (remainder (dir - a, OSSA_TAU), 0, 1e-4);
        }
    }
}

static void
test_translate_drag (void)
{
  const float parent_scales[][2] = { { 2, 0.5f }, { -1, 1 }, { 1, 1 } };

  for (gsize s = 0; s < G_N_ELEMENTS (parent_scales); s++)
    {
      OssaTransform parent_t = { 5, 7, 0.7f, parent_scales[s][0], parent_scales[s][1] };
      OssaXform parent = ossa_xform_from_transform (&parent_t);
      OssaTransform local = { 3, 1, 0.4f, 1.2f, 0.8f };
      OssaVec2 joint = ossa_xform_apply (&parent, (OssaVec2) { 3, 1 });
      OssaTranslateDrag d;
      OssaTransform t;
      OssaVec2 moved;

      /* Pressed on the joint: the joint ends exactly under the pointer. */
      g_assert_true (ossa_translate_drag_begin (&d, &parent, &local, joint.x, joint.y));
      t = ossa_translate_drag_update (&d, 40, -12, 0);
      moved = ossa_xform_apply (&parent, (OssaVec2) { t.x, t.y });
      g_assert_cmpfloat_with_epsilon (moved.x, 40, 1e-4);
      g_assert_cmpfloat_with_epsilon (moved.y, -12, 1e-4);
      g_assert_cmpfloat (t.rotation, ==, local.rotation);
      g_assert_cmpfloat (t.scale_x, ==, local.scale_x);

      /* Pressed elsewhere: the joint keeps its offset from the pointer. */
      g_assert_true (ossa_translate_drag_begin (&d, &parent, &local, joint.x + 2, joint.y - 1));
      t = ossa_translate_drag_update (&d, joint.x + 12, joint.y + 4, 0);
      moved = ossa_xform_apply (&parent, (OssaVec2) { t.x, t.y });
      g_assert_cmpfloat_with_epsilon (moved.x, joint.x + 10, 1e-4);
      g_assert_cmpfloat_with_epsilon (moved.y, joint.y + 5, 1e-4);

      /* Shift: the joint lands on the grid. */
      t = ossa_translate_drag_update (&d, 43.3, -11.2, 5);
      moved = ossa_xform_apply (&parent, (OssaVec2) { t.x, t.y });
      g_assert_cmpfloat_with_epsilon (fmod (fabs (moved.x) + 1e-4, 5), 0, 1e-3);
      g_assert_cmpfloat_with_epsilon (fmod (fabs (moved.y) + 1e-4, 5), 0, 1e-3);
    }

  /* A root moves in world units. */
  {
    OssaTransform local = { 1, 2, 0, 1, 1 };
    OssaTranslateDrag d;
    OssaTransform t;

    g_assert_true (ossa_translate_drag_begin (&d, NULL, &local, 1, 2));
    t = ossa_translate_drag_update (&d, 11, -8, 0);
    g_assert_cmpfloat (t.x, ==, 11);
    g_assert_cmpfloat (t.y, ==, -8);
  }
}

static void
test_scale_drag (void)
{
  OssaTransform local = { 0, 0, (float) (OSSA_PI / 2), 1, 2 };
  OssaXform world = ossa_xform_from_transform (&local);
  OssaScaleDrag d;
  OssaTransform t;

  /* The bone points up from the origin; press 50 up it. */
  ossa_scale_drag_begin (&d, &world, &local, 0, 50, 1);
  t = ossa_scale_drag_update (&d, 0, 100, 0);
  g_assert_cmpfloat_with_epsilon (t.scale_x, 2, 1e-6);
  g_assert_cmpfloat_with_epsilon (t.scale_y, 2, 1e-6);
  t = ossa_scale_drag_update (&d, 0, 25, 0);
  g_assert_cmpfloat_with_epsilon (t.scale_x, 0.5, 1e-6);
  /* Across by the press distance (to the bone's left, -x here): scale_y doubles. */
  t = ossa_scale_drag_update (&d, -50, 50, 0);
  g_assert_cmpfloat_with_epsilon (t.scale_x, 1, 1e-6);
  g_assert_cmpfloat_with_epsilon (t.scale_y, 4, 1e-6);
  t = ossa_scale_drag_update (&d, 0.3, 61, 0.1);
  g_assert_cmpfloat_with_epsilon (t.scale_x, 1.2, 1e-6);
}

static void
test_bone_from_points (void)
{
  OssaTransform parent_t = { 5, 7, -0.4f, -1.5f, 0.5f };
  OssaXform parent = ossa_xform_from_transform (&parent_t);
  OssaTransform rest;
  OssaXform local, world;
  OssaVec2 tip;
  float length;

  g_assert_true (ossa_scene_bone_from_points (&parent, 10, 10, 30, -5, 0, &rest, &length));
  local = ossa_xform_from_transform (&rest);
  world = ossa_xform_multiply (&parent, &local);
  tip = ossa_xform_apply (&world, (OssaVec2) { length, 0 });
  g_assert_cmpfloat_with_epsilon (world.tx, 10, 1e-4);
  g_assert_cmpfloat_with_epsilon (world.ty, 10, 1e-4);
  g_assert_cmpfloat_with_epsilon (tip.x, 30, 1e-3);
  g_assert_cmpfloat_with_epsilon (tip.y, -5, 1e-3);

  g_assert_true (ossa_scene_bone_from_points (NULL, 0, 0, 10, 1, G_PI / 12, &rest, &length));
  g_assert_cmpfloat (rest.rotation, ==, 0);
  g_assert_cmpfloat_with_epsilon (length, sqrt (101), 1e-5);
}

static void
test_grid_step (void)
{
  OssaCamera cam = make_camera (0, 0, 1, 100, 100);

  g_assert_cmpfloat_with_epsilon (ossa_camera_grid_step (&cam), 10, 1e-9);
  cam.zoom = 8;
  g_assert_cmpfloat_with_epsilon (ossa_camera_grid_step (&cam), 1, 1e-9);
  cam.zoom = 0.05;
  g_assert_cmpfloat_with_epsilon (ossa_camera_grid_step (&cam), 1000, 1e-9);
}

static void
test_instances (void)
{
  OssaSkeleton skel;
  OssaCamera cam = make_camera (0, 0, 2, 100, 100);
  g_autofree OssaXform *world = NULL;
  OssaBoneInstance inst[3];
  const unsigned selection[] = { 0, 2 };
  OssaTransform rest = { 1, 2, 0, 1, 1 };
  OssaError err;

  ossa_error_clear (&err);
  ossa_skeleton_init (&skel);
  g_assert_cmpint (ossa_skeleton_add_bone (&skel, "a", -1, &rest, 100, 0x11223344u, &err), ==, 0);
  g_assert_cmpint (ossa_skeleton_add_bone (&skel, "b", 0, &rest, 1, 0xffffffffu, &err), ==, 1);
  g_assert_cmpint (ossa_skeleton_add_bone (&skel, "c", 0, &rest, 0, 0xffffffffu, &err), ==, 2);
  world = g_new (OssaXform, skel.n_bones);
  ossa_skeleton_rest_world (&skel, world);
  ossa_scene_build_instances (&skel, world, &cam, selection, 2, 2, 1, inst);
  g_assert_cmpfloat (inst[0].joint[0], ==, 1);
  g_assert_cmpfloat (inst[0].tip[0], ==, 101);
  g_assert_cmpuint (inst[0].color[0], ==, 0x11);
  g_assert_cmpuint (inst[0].color[3], ==, 0x44);
  g_assert_cmpuint (inst[0].flags, ==, OSSA_BONE_SELECTED);
  g_assert_cmpuint (inst[1].flags, ==, OSSA_BONE_HOVER);
  g_assert_cmpuint (inst[2].flags, ==, OSSA_BONE_SELECTED | OSSA_BONE_PRIMARY);
  /* Width in pixels: capped for long bones, a floor for short ones. */
  g_assert_cmpfloat (inst[0].half_width, ==, OSSA_SCENE_BONE_WIDTH_MAX);
  g_assert_cmpfloat (inst[2].half_width, ==, OSSA_SCENE_BONE_WIDTH_MIN);
  g_assert_cmpuint (sizeof (OssaBoneInstance), ==, 32);
  ossa_skeleton_clear (&skel);
}

/* Zoomed out, tiny bones lose their joint circles; long, length-less, selected
 * and hovered ones keep them, and zooming in brings them all back. */
static void
test_joint_level_of_detail (void)
{
  OssaCamera cam = make_camera (0, 0, 1, 640, 400);
  OssaBoneInstance inst[4] = { 0 };
  uint32_t shown[4];
  size_t n;

  inst[0].tip[0] = 100;                 /* 100 px: shown */
  inst[1].tip[0] = 5;                   /* 5 px: hidden */
  inst[2].tip[0] = 0;                   /* no length: shown */
  inst[3].tip[0] = 5;                   /* 5 px but selected: shown */
  inst[3].flags = OSSA_BONE_SELECTED;
  n = ossa_scene_visible_joints (inst, 4, &cam, shown);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (shown[0], ==, 0);
  g_assert_cmpuint (shown[1], ==, 2);
  g_assert_cmpuint (shown[2], ==, 3);
  cam.zoom = 4;                         /* 5 units are 20 px now */
  g_assert_cmpuint (ossa_scene_visible_joints (inst, 4, &cam, shown), ==, 4);
}

/* A drag of "a" moves a, its child b and b's child d; root and c stay. The still
 * ones come first, each part in bone order, and the joints follow their bones. */
static void
test_partition_moving (void)
{
  OssaSkeleton skel;
  OssaCamera cam = make_camera (0, 0, 1, 640, 400);
  g_autofree OssaBoneInstance *inst = NULL;
  OssaBoneInstance ordered[5];
  uint32_t new_index[5], joints[5] = { 0, 1, 2, 3, 4 }, scratch[5];
  size_t n_still;

  ossa_skeleton_init (&skel);
  add_bone (&skel, "root", -1, 0, 0, 0, 1, 1, 10);
  add_bone (&skel, "a", 0, 10, 0, 0, 1, 1, 20);
  add_bone (&skel, "b", 1, 20, 0, 0, 1, 1, 30);
  add_bone (&skel, "c", 0, 0, 10, 0, 1, 1, 40);
  add_bone (&skel, "d", 2, 30, 0, 0, 1, 1, 50);
  inst = make_instances (&skel, &cam);
  n_still = ossa_scene_partition_moving (&skel, inst, 5, 1, ordered, new_index);
  g_assert_cmpuint (n_still, ==, 2);
  g_assert_cmpuint (new_index[0], ==, 0);
  g_assert_cmpuint (new_index[3], ==, 1);
  g_assert_cmpuint (new_index[1], ==, 2);
  g_assert_cmpuint (new_index[2], ==, 3);
  g_assert_cmpuint (new_index[4], ==, 4);
  for (int i = 0; i < 5; i++)
    g_assert_cmpmem (&ordered[new_index[i]], sizeof *inst, &inst[i], sizeof *inst);
  g_assert_cmpuint (ossa_scene_partition_joints (joints, 5, new_index, n_still, scratch), ==, 2);
  g_assert_cmpuint (joints[0], ==, 0);
  g_assert_cmpuint (joints[1], ==, 1);
  g_assert_cmpuint (joints[2], ==, 2);
  g_assert_cmpuint (joints[3], ==, 3);
  g_assert_cmpuint (joints[4], ==, 4);
  ossa_skeleton_clear (&skel);
}

static gboolean
place (OssaLabelLayout *layout, float x, float y, float w, float h)
{
  OssaLabelBox box = { x, y, w, h };

  return ossa_label_layout_place (layout, &box);
}

/* Names never cover each other: a box that overlaps a placed one is refused, one
 * that only touches it is not, inside the view or far outside it. */
static void
test_label_layout_rules (void)
{
  OssaLabelLayout *layout = ossa_label_layout_new ();

  ossa_label_layout_reset (layout, 800, 600);
  g_assert_true (place (layout, 100, 100, 60, 12));
  g_assert_false (place (layout, 100, 100, 60, 12));        /* the same spot */
  g_assert_false (place (layout, 159.5f, 111.5f, 40, 12));  /* half a pixel in */
  g_assert_true (place (layout, 160, 100, 40, 12));         /* touching its right */
  g_assert_true (place (layout, 100, 112, 60, 12));         /* touching below */
  g_assert_false (place (layout, 120, 90, 10, 40));         /* crossing both */
  /* A wide box over many cells blocks a small one in its middle. */
  g_assert_true (place (layout, 200, 300, 500, 14));
  g_assert_false (place (layout, 440, 305, 8, 4));
  /* Far outside the view (clamped to the grid's border cells), still exact. */
  g_assert_true (place (layout, -900, -700, 50, 12));
  g_assert_false (place (layout, -870, -695, 50, 12));
  g_assert_true (place (layout, -800, -700, 50, 12));
  g_assert_true (place (layout, 5000, 4000, 50, 12));
  g_assert_false (place (layout, 5010, 4005, 50, 12));
  /* Nothing to place. */
  g_assert_false (place (layout, 10, 10, 0, 12));
  g_assert_false (place (layout, NAN, 10, 5, 12));
  g_assert_false (place (layout, 10, 10, INFINITY, 12));
  g_assert_cmpuint (ossa_label_layout_count (layout), ==, 7);

  ossa_label_layout_reset (layout, 800, 600);
  g_assert_cmpuint (ossa_label_layout_count (layout), ==, 0);
  g_assert_true (place (layout, 100, 100, 60, 12));
  ossa_label_layout_free (layout);
}

/* The grid decides as comparing every pair would, on many random boxes over a view
 * and its surroundings, and on a view size that changes between frames. */
static void
test_label_layout_matches_all_pairs (void)
{
  OssaLabelLayout *layout = ossa_label_layout_new ();
  GRand *rand = g_rand_new_with_seed (7);
  OssaLabelBox *placed = g_new (OssaLabelBox, 3000);

  for (int frame = 0; frame < 4; frame++)
    {
      float width = frame % 2 ? 1280 : 333, height = frame % 2 ? 720 : 999;
      size_t n = 0;

      ossa_label_layout_reset (layout, width, height);
      for (int i = 0; i < 3000; i++)
        {
          OssaLabelBox box = {
            (float) g_rand_double_range (rand, -200, width + 200),
            (float) g_rand_double_range (rand, -100, height + 100),
            (float) g_rand_double_range (rand, 4, i % 50 == 0 ? 400 : 90),
            (float) g_rand_double_range (rand, 6, 16),
          };
          gboolean free_spot = TRUE;

          for (size_t k = 0; k < n && free_spot; k++)
            free_spot = !(box.x < placed[k].x + placed[k].width && placed[k].x < box.x + box.width
                          && box.y < placed[k].y + placed[k].height
                          && placed[k].y < box.y + box.height);
          g_assert_cmpint (ossa_label_layout_place (layout, &box), ==, free_spot);
          if (free_spot)
            placed[n++] = box;
        }
      g_assert_cmpuint (ossa_label_layout_count (layout), ==, n);
      g_assert_cmpuint (n, >, 50);
    }
  g_free (placed);
  g_rand_free (rand);
  ossa_label_layout_free (layout);
}

/* ---- attachments: picking by the picture's opaque pixels ---- */

/* A quad as DESIGN.md builds it: bone · T R S(offset) · corner, UVs (0, 1), (1, 1),
 * (1, 0), (0, 0). */
static OssaQuad
make_quad (const OssaXform *bone, const OssaTransform *offset, float w, float h, uint32_t image)
{
  static const float corners[8] = { -0.5f, -0.5f, 0.5f, -0.5f, 0.5f, 0.5f, -0.5f, 0.5f };
  static const float uv[8] = { 0, 1, 1, 1, 1, 0, 0, 0 };
  OssaXform local = ossa_xform_from_transform (offset);
  OssaXform m = ossa_xform_multiply (bone, &local);
  OssaQuad q = { .image = image };

  for (int c = 0; c < 4; c++)
    {
      OssaVec2 p = ossa_xform_apply (&m, (OssaVec2) { corners[2 * c] * w, corners[2 * c + 1] * h });

      q.xy[2 * c] = p.x;
      q.xy[2 * c + 1] = p.y;
    }
  memcpy (q.uv, uv, sizeof uv);
  return q;
}

/* Pictures whose top-left quarter is transparent (u, v < 1/2); image 7 is
 * transparent everywhere. */
static bool
corner_cut (uint32_t image, double u, double v, void *data)
{
  int *calls = data;

  (*calls)++;
  return image != 7 && !(u < 0.5 && v < 0.5);
}

/* Attachment space (ax, ay) of an attachment with offset on bone, to world. */
static void
att_to_world (const OssaXform *bone, const OssaTransform *offset, double ax, double ay,
              double *wx, double *wy)
{
  OssaXform local = ossa_xform_from_transform (offset);
  OssaXform m = ossa_xform_multiply (bone, &local);
  OssaVec2 p = ossa_xform_apply (&m, (OssaVec2) { (float) ax, (float) ay });

  *wx = p.x;
  *wy = p.y;
}

static void
test_quad_uv (void)
{
  /* A turned bone scaled unevenly and mirrored in y, an offset turned and scaled
   * unevenly again: the quad is a sheared, turned parallelogram. */
  OssaTransform bone_t = { 10, 20, 0.7f, 2.0f, -0.5f };
  OssaXform bone = ossa_xform_from_transform (&bone_t);
  OssaTransform offset = { 5, -3, 0.4f, 1.5f, 0.8f };
  OssaQuad q = make_quad (&bone, &offset, 40, 20, 0);
  static const double inside[][2] = { { 0, 0 }, { 19, 9 }, { -19, -9 }, { 12, -7 }, { -3, 8 } };
  double wx, wy, u, v;

  for (gsize i = 0; i < G_N_ELEMENTS (inside); i++)
    {
      att_to_world (&bone, &offset, inside[i][0], inside[i][1], &wx, &wy);
      g_assert_true (ossa_quad_uv_at (&q, wx, wy, &u, &v));
      g_assert_cmpfloat_with_epsilon (u, inside[i][0] / 40 + 0.5, 1e-4);
      g_assert_cmpfloat_with_epsilon (v, 0.5 - inside[i][1] / 20, 1e-4);
    }
  /* Just outside each side, in the picture's own space. */
  att_to_world (&bone, &offset, 21, 0, &wx, &wy);
  g_assert_false (ossa_quad_uv_at (&q, wx, wy, &u, &v));
  att_to_world (&bone, &offset, -21, 0, &wx, &wy);
  g_assert_false (ossa_quad_uv_at (&q, wx, wy, &u, &v));
  att_to_world (&bone, &offset, 0, 10.5, &wx, &wy);
  g_assert_false (ossa_quad_uv_at (&q, wx, wy, &u, &v));
  att_to_world (&bone, &offset, 0, -10.5, &wx, &wy);
  g_assert_false (ossa_quad_uv_at (&q, wx, wy, &u, &v));
  /* Inside the quad's world box but outside the turned quad. */
  att_to_world (&bone, &offset, 21, 10.5, &wx, &wy);
  g_assert_false (ossa_quad_uv_at (&q, wx, wy, &u, &v));

  /* No area: never a hit. */
  offset.scale_y = 0;
  q = make_quad (&bone, &offset, 40, 20, 0);
  g_assert_false (ossa_quad_uv_at (&q, q.xy[0], q.xy[1], &u, &v));
}

static void
test_quads_hit (void)
{
  OssaTransform bone_t = { -4, 3, -1.1f, 1.25f, 0.6f };
  OssaXform bone = ossa_xform_from_transform (&bone_t);
  OssaTransform back_off = { -20, 20, 0, 1, 1 };
  OssaTransform front_off = { 10, 0, 0.3f, 1, 2 };
  OssaQuad quads[3];
  double wx, wy;
  int calls = 0;

  quads[0] = make_quad (&bone, &back_off, 100, 60, 0);   /* behind */
  quads[1] = make_quad (&bone, &front_off, 30, 15, 1);   /* in front */
  quads[2] = make_quad (&bone, &back_off, 100, 100, 7);  /* frontmost, all clear */

  /* Where both are opaque the front one wins, whatever lies in front of it clear. */
  att_to_world (&bone, &front_off, 5, -3, &wx, &wy);
  g_assert_cmpint (ossa_quads_hit_test (quads, 3, 3, wx, wy, corner_cut, &calls), ==, 1);
  /* Behind the front one: the one under it. */
  g_assert_cmpint (ossa_quads_hit_test (quads, 3, 1, wx, wy, corner_cut, &calls), ==, 0);
  /* Over the front picture's transparent corner (top left), the back one shows
   * through and is picked, not the front one's box. */
  att_to_world (&bone, &front_off, -10, 5, &wx, &wy);
  g_assert_cmpint (ossa_quads_hit_test (quads, 3, 3, wx, wy, corner_cut, &calls), ==, 0);
  /* The back picture's own transparent corner, outside the front one: nothing. */
  att_to_world (&bone, &back_off, -25, 15, &wx, &wy);
  g_assert_cmpint (ossa_quads_hit_test (quads, 3, 3, wx, wy, corner_cut, &calls), ==, -1);
  /* Outside every quad, the pictures are not even asked. */
  calls = 0;
  att_to_world (&bone, &back_off, 0, 60, &wx, &wy);
  g_assert_cmpint (ossa_quads_hit_test (quads, 3, 3, wx, wy, corner_cut, &calls), ==, -1);
  g_assert_cmpint (calls, ==, 0);
  /* No callback: boxes. */
  att_to_world (&bone, &back_off, -25, 15, &wx, &wy);
  g_assert_cmpint (ossa_quads_hit_test (quads, 2, 2, wx, wy, NULL, NULL), ==, 0);
  g_assert_cmpint (ossa_quads_hit_test (quads, 0, 0, wx, wy, NULL, NULL), ==, -1);
}

static void
test_uniform_scale_drag (void)
{
  OssaTransform local = { 3, 4, 0.5f, 1, -2 };
  OssaUniformScaleDrag d;
  OssaTransform t;

  /* Centre at (10, 10), press 20 to its right. */
  ossa_uniform_scale_drag_begin (&d, 10, 10, &local, 30, 10, 1);
  t = ossa_uniform_scale_drag_update (&d, 10, 50, 0);   /* 40 away, any direction */
  g_assert_cmpfloat_with_epsilon (t.scale_x, 2, 1e-6);
  g_assert_cmpfloat_with_epsilon (t.scale_y, -4, 1e-6);
  g_assert_cmpfloat (t.x, ==, 3);
  g_assert_cmpfloat (t.rotation, ==, 0.5f);
  t = ossa_uniform_scale_drag_update (&d, 20, 10, 0);
  g_assert_cmpfloat_with_epsilon (t.scale_x, 0.5, 1e-6);
  g_assert_cmpfloat_with_epsilon (t.scale_y, -1, 1e-6);
  /* Snapped: each scale on a multiple of the step. */
  t = ossa_uniform_scale_drag_update (&d, 10 + 20 * 1.27, 10, 0.25);
  g_assert_cmpfloat_with_epsilon (t.scale_x, 1.25, 1e-6);
  g_assert_cmpfloat_with_epsilon (t.scale_y, -2.5, 1e-6);
  /* At the centre the picture keeps a size (one step, or 1/100). */
  t = ossa_uniform_scale_drag_update (&d, 10, 10, 0.25);
  g_assert_cmpfloat_with_epsilon (t.scale_x, 0.25, 1e-6);
  g_assert_cmpfloat_with_epsilon (t.scale_y, -0.25, 1e-6);
  t = ossa_uniform_scale_drag_update (&d, 10, 10, 0);
  g_assert_cmpfloat_with_epsilon (t.scale_x, 0.01, 1e-6);
  g_assert_cmpfloat_with_epsilon (t.scale_y, -0.02, 1e-6);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ossa/scene/zoom-keeps-point", test_zoom_keeps_point);
  g_test_add_func ("/ossa/scene/label-layout", test_label_layout_rules);
  g_test_add_func ("/ossa/scene/label-layout-all-pairs", test_label_layout_matches_all_pairs);
  g_test_add_func ("/ossa/scene/joint-level-of-detail", test_joint_level_of_detail);
  g_test_add_func ("/ossa/scene/partition-moving", test_partition_moving);
  g_test_add_func ("/ossa/scene/round-trip", test_world_widget_round_trip);
  g_test_add_func ("/ossa/scene/fit", test_fit_contains_everything);
  g_test_add_func ("/ossa/scene/hit-test", test_hit_test);
  g_test_add_func ("/ossa/scene/bone-distance", test_bone_distance);
  g_test_add_func ("/ossa/scene/rubber-band", test_rubber_band);
  g_test_add_func ("/ossa/scene/angle-follow", test_angle_follow);
  g_test_add_func ("/ossa/scene/rotate-unwraps", test_rotate_drag_unwraps);
  g_test_add_func ("/ossa/scene/rotate-mirrored-parent", test_rotate_drag_mirrored_parent);
  g_test_add_func ("/ossa/scene/translate", test_translate_drag);
  g_test_add_func ("/ossa/scene/scale", test_scale_drag);
  g_test_add_func ("/ossa/scene/bone-from-points", test_bone_from_points);
  g_test_add_func ("/ossa/scene/grid-step", test_grid_step);
  g_test_add_func ("/ossa/scene/instances", test_instances);
  g_test_add_func ("/ossa/scene/quad-uv", test_quad_uv);
  g_test_add_func ("/ossa/scene/quads-hit", test_quads_hit);
  g_test_add_func ("/ossa/scene/uniform-scale", test_uniform_scale_drag);

  return g_test_run ();
}
