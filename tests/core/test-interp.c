/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-helpers.h"

static void
test_interp_css_values (void)
{
  OssaCurve ease = OSSA_CURVE_EASE, ease_in = OSSA_CURVE_EASE_IN, ease_out = OSSA_CURVE_EASE_OUT;
  OssaCurve in_out = OSSA_CURVE_EASE_IN_OUT, linear = { 0, 0, 1, 1 };

  /* Reference values of CSS cubic-bezier() timing functions. */
  assert_close (ossa_curve_ease (&ease, 0.5), 0.8024033877399112, 1e-5);
  assert_close (ossa_curve_ease (&ease, 0.25), 0.40851059136, 1e-5);
  assert_close (ossa_curve_ease (&ease_in, 0.5), 0.31535681, 1e-5);
  assert_close (ossa_curve_ease (&ease_out, 0.5), 0.68464319, 1e-5);
  assert_close (ossa_curve_ease (&in_out, 0.5), 0.5, 1e-6);
  assert_close (ossa_curve_ease (&in_out, 0.25), 0.12916193, 1e-5);
  for (int i = 0; i <= 20; i++)
    assert_close (ossa_curve_ease (&linear, i / 20.0), i / 20.0, 1e-6);
  assert_close (ossa_curve_ease (&ease, 0.0), 0.0, 0);
  assert_close (ossa_curve_ease (&ease, 1.0), 1.0, 0);
  assert_close (ossa_curve_ease (&ease, -1.0), 0.0, 0);
  assert_close (ossa_curve_ease (&ease, 2.0), 1.0, 0);
}

static void
test_interp_overshoot_and_flat (void)
{
  /* y outside [0, 1] overshoots (back-out style); x at the edges of [0, 1]. */
  OssaCurve back = { 0.34f, 1.56f, 0.64f, 1.0f };
  OssaCurve flat = { 0.0f, 0.0f, 0.0f, 1.0f };
  OssaCurve steep = { 1.0f, 0.0f, 1.0f, 0.0f };
  double peak = 0;

  for (int i = 0; i <= 100; i++)
    peak = fmax (peak, ossa_curve_ease (&back, i / 100.0));
  g_assert_cmpfloat (peak, >, 1.05);
  for (int i = 1; i < 100; i++)
    {
      double u = i / 100.0;

      g_assert_true (isfinite (ossa_curve_ease (&flat, u)));
      g_assert_true (isfinite (ossa_curve_ease (&steep, u)));
      g_assert_cmpfloat (ossa_curve_ease (&steep, u), <=, ossa_curve_ease (&steep, u + 0.01) + 1e-6);
    }
}

static void
check_delta (float a_deg, float b_deg, OssaSpin spin, uint32_t turns, double expected_deg)
{
  double d = ossa_rotation_delta (DEG (a_deg), DEG (b_deg), spin, turns) * 180.0 / G_PI;

  if (fabs (d - expected_deg) > 1e-3)
    g_error ("%g° → %g° (%s, %u turns): turned %.6f°, expected %.6f°", a_deg, b_deg,
             ossa_spin_name (spin), turns, d, expected_deg);
}

static void
test_interp_shortest (void)
{
  check_delta (170, -170, OSSA_SPIN_SHORTEST, 0, 20);     /* across +180 */
  check_delta (-170, 170, OSSA_SPIN_SHORTEST, 0, -20);    /* across -180 */
  check_delta (10, 350, OSSA_SPIN_SHORTEST, 0, -20);
  check_delta (350, 10, OSSA_SPIN_SHORTEST, 0, 20);
  check_delta (0, 190, OSSA_SPIN_SHORTEST, 0, -170);
  check_delta (0, 90, OSSA_SPIN_SHORTEST, 0, 90);
  check_delta (720, 30, OSSA_SPIN_SHORTEST, 0, 30);
  check_delta (0, 0, OSSA_SPIN_SHORTEST, 0, 0);
  /* Turns only mean something with a direction. */
  check_delta (0, 90, OSSA_SPIN_SHORTEST, 3, 90);
}

static void
test_interp_half_turn (void)
{
  /* An exact half turn goes counter-clockwise, whichever side it is written from
   * and even when float rounding puts the difference a hair past π. */
  check_delta (0, 180, OSSA_SPIN_SHORTEST, 0, 180);
  check_delta (0, -180, OSSA_SPIN_SHORTEST, 0, 180);
  check_delta (90, -90, OSSA_SPIN_SHORTEST, 0, 180);
  check_delta (-90, 90, OSSA_SPIN_SHORTEST, 0, 180);
  check_delta (45, 225, OSSA_SPIN_SHORTEST, 0, 180);
  g_assert_cmpfloat (ossa_rotation_delta (0, (float) G_PI, OSSA_SPIN_SHORTEST, 0), >, 3.1);
  g_assert_cmpfloat (ossa_rotation_delta ((float) G_PI, 0, OSSA_SPIN_SHORTEST, 0), >, 3.1);
}

static void
test_interp_directions (void)
{
  check_delta (0, 90, OSSA_SPIN_COUNTERCLOCKWISE, 0, 90);
  check_delta (0, -90, OSSA_SPIN_COUNTERCLOCKWISE, 0, 270);
  check_delta (0, 90, OSSA_SPIN_COUNTERCLOCKWISE, 1, 450);
  check_delta (0, 0, OSSA_SPIN_COUNTERCLOCKWISE, 0, 0);
  check_delta (0, 0, OSSA_SPIN_COUNTERCLOCKWISE, 2, 720);
  check_delta (170, -170, OSSA_SPIN_COUNTERCLOCKWISE, 0, 20);
  check_delta (-170, 170, OSSA_SPIN_COUNTERCLOCKWISE, 0, 340);

  check_delta (0, 90, OSSA_SPIN_CLOCKWISE, 0, -270);
  check_delta (0, -90, OSSA_SPIN_CLOCKWISE, 0, -90);
  check_delta (0, -90, OSSA_SPIN_CLOCKWISE, 2, -810);
  check_delta (0, 0, OSSA_SPIN_CLOCKWISE, 1, -360);
  check_delta (170, -170, OSSA_SPIN_CLOCKWISE, 0, -340);
  check_delta (-170, 170, OSSA_SPIN_CLOCKWISE, 0, -20);
}

static void
test_interp_numeric (void)
{
  check_delta (0, -270, OSSA_SPIN_NUMERIC, 0, -270);
  check_delta (0, 720, OSSA_SPIN_NUMERIC, 0, 720);
  check_delta (170, -170, OSSA_SPIN_NUMERIC, 0, -340);
  check_delta (0, 90, OSSA_SPIN_NUMERIC, 5, 90);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/interp/css-values", test_interp_css_values);
  g_test_add_func ("/interp/overshoot-and-flat", test_interp_overshoot_and_flat);
  g_test_add_func ("/interp/rotation/shortest", test_interp_shortest);
  g_test_add_func ("/interp/rotation/half-turn", test_interp_half_turn);
  g_test_add_func ("/interp/rotation/directions", test_interp_directions);
  g_test_add_func ("/interp/rotation/numeric", test_interp_numeric);
  return g_test_run ();
}
