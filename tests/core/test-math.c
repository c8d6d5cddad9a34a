/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-helpers.h"

static void
test_math_sincos (void)
{
  /* Against libm in double over ordinary angles, many turns, and values that need
   * the big-angle path. */
  for (int i = -200000; i <= 200000; i++)
    {
      float a = (float) i * 0.00137f;
      float s, c;

      ossa_sincosf (a, &s, &c);
      assert_close (s, sin ((double) a), 2e-7);
      assert_close (c, cos ((double) a), 2e-7);
    }
  {
    const float big[] = { 1e5f, -3e6f, 2.5e9f, -1e20f };
    for (size_t i = 0; i < G_N_ELEMENTS (big); i++)
      {
        float s, c;

        ossa_sincosf (big[i], &s, &c);
        assert_close (s, sin ((double) big[i]), 1e-6);
        assert_close (c, cos ((double) big[i]), 1e-6);
      }
  }
}

static void
test_math_compose_invert (void)
{
  OssaTransform parent = { 10, 5, DEG (90), 2, 3 };
  OssaTransform child = { 4, 0, DEG (0), 1, 1 };
  OssaXform p = ossa_xform_from_transform (&parent);
  OssaXform c = ossa_xform_from_transform (&child);
  OssaXform w = ossa_xform_multiply (&p, &c);
  OssaXform inv, id;
  OssaVec2 tip;

  /* Child at (4, 0) under a parent rotated 90° with scale_x 2: (4·2 rotated) = (0, 8). */
  assert_close (w.tx, 10, 1e-5);
  assert_close (w.ty, 13, 1e-5);
  tip = ossa_xform_apply (&w, (OssaVec2) { 1, 0 });
  assert_close (tip.x, 10, 1e-5);
  assert_close (tip.y, 15, 1e-5);
  g_assert_true (ossa_xform_invert (&w, &inv));
  id = ossa_xform_multiply (&w, &inv);
  assert_close (id.a, 1, 1e-6);
  assert_close (id.b, 0, 1e-6);
  assert_close (id.c, 0, 1e-6);
  assert_close (id.d, 1, 1e-6);
  assert_close (id.tx, 0, 1e-5);
  assert_close (id.ty, 0, 1e-5);
  {
    OssaXform singular = { 0, 0, 0, 0, 1, 1 };
    g_assert_false (ossa_xform_invert (&singular, &inv));
  }
}

static void
test_math_decompose (void)
{
  OssaTransform t = { -3, 7, DEG (135), 1.5f, -0.5f };
  OssaXform m = ossa_xform_from_transform (&t);
  OssaTransform back = ossa_xform_decompose (&m);
  OssaXform again = ossa_xform_from_transform (&back);

  assert_close (back.x, -3, 1e-6);
  assert_close (back.y, 7, 1e-6);
  assert_close (back.scale_x, 1.5, 1e-6);
  /* The matrix is what must round-trip; a flip may come back as another angle. */
  assert_close (again.a, m.a, 1e-6);
  assert_close (again.b, m.b, 1e-6);
  assert_close (again.c, m.c, 1e-6);
  assert_close (again.d, m.d, 1e-6);
  assert_close (ossa_xform_rotation (&m), DEG (135), 1e-6);
}

static void
test_math_normalize (void)
{
  assert_close (ossa_angle_normalize (G_PI), G_PI, 1e-12);
  assert_close (ossa_angle_normalize (-G_PI), G_PI, 1e-12);
  assert_close (ossa_angle_normalize (3 * G_PI), G_PI, 1e-9);
  assert_close (ossa_angle_normalize (DEG (190)), DEG (-170), 1e-6);
  assert_close (ossa_angle_normalize (DEG (-190)), DEG (170), 1e-6);
  assert_close (ossa_angle_normalize (DEG (725)), DEG (5), 1e-5);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/math/sincos", test_math_sincos);
  g_test_add_func ("/math/compose-invert", test_math_compose_invert);
  g_test_add_func ("/math/decompose", test_math_decompose);
  g_test_add_func ("/math/normalize", test_math_normalize);
  return g_test_run ();
}
