/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-helpers.h"

static OssaTrack
make_track (OssaChannel channel, const float *times, const float *values, size_t n)
{
  OssaTrack track;

  ossa_track_init (&track, 0, channel);
  for (size_t i = 0; i < n; i++)
    {
      OssaKey key = ossa_key_make (times[i], values[i]);

      g_assert_cmpint (ossa_track_set_key (&track, &key, NULL), >=, 0);
    }
  return track;
}

/* Replaces key index with a copy whose interpolation and curve are changed. */
static void
set_interp (OssaTrack *track, size_t index, OssaInterp interp, OssaCurve curve)
{
  OssaKey key = ossa_track_get_key (track, index);

  key.interp = interp;
  key.curve = curve;
  g_assert_cmpint (ossa_track_set_key (track, &key, NULL), ==, (gssize) index);
}

/* Replaces key index with a copy whose spin and turns are changed. */
static void
set_spin (OssaTrack *track, size_t index, OssaSpin spin, uint32_t turns)
{
  OssaKey key = ossa_track_get_key (track, index);

  key.spin = spin;
  key.turns = turns;
  g_assert_cmpint (ossa_track_set_key (track, &key, NULL), ==, (gssize) index);
}

static void
test_animation_clamp_and_linear (void)
{
  const float t[] = { 1, 2, 4 }, v[] = { 10, 20, 0 };
  OssaTrack track = make_track (OSSA_CHANNEL_TRANSLATE_X, t, v, 3);

  assert_close (ossa_track_sample (&track, -5), 10, 0);
  assert_close (ossa_track_sample (&track, 1), 10, 0);
  assert_close (ossa_track_sample (&track, 1.5f), 15, 1e-5);
  assert_close (ossa_track_sample (&track, 2), 20, 0);
  assert_close (ossa_track_sample (&track, 3.5f), 5, 1e-5);
  assert_close (ossa_track_sample (&track, 4), 0, 0);
  assert_close (ossa_track_sample (&track, 100), 0, 0);
  ossa_track_clear (&track);
  g_assert_true (isnan (ossa_track_sample (&track, 0)));
}

static void
test_animation_step_and_bezier (void)
{
  const float t[] = { 0, 1, 2 }, v[] = { 0, 10, 20 };
  OssaTrack track = make_track (OSSA_CHANNEL_SCALE_X, t, v, 3);

  set_interp (&track, 0, OSSA_INTERP_STEP, OSSA_CURVE_EASE);
  set_interp (&track, 1, OSSA_INTERP_BEZIER, OSSA_CURVE_EASE);
  assert_close (ossa_track_sample (&track, 0.999f), 0, 0);
  assert_close (ossa_track_sample (&track, 1.0f), 10, 0);
  assert_close (ossa_track_sample (&track, 1.5f), 10 + 10 * 0.8024034, 1e-4);
  ossa_track_clear (&track);
}

static void
test_animation_rotation_rule (void)
{
  /* The question the original article ended on: 170° → −170° turns 20° through
   * 180°, not 340° back through 0°. */
  const float t[] = { 0, 1 }, v[] = { DEG (170), DEG (-170) };
  OssaTrack track = make_track (OSSA_CHANNEL_ROTATE, t, v, 2);

  assert_close (ossa_track_sample (&track, 0.5f), DEG (180), 1e-5);
  assert_close (ossa_track_sample (&track, 0.25f), DEG (175), 1e-5);
  set_spin (&track, 0, OSSA_SPIN_CLOCKWISE, 0);
  assert_close (ossa_track_sample (&track, 0.5f), DEG (0), 1e-5);
  set_spin (&track, 0, OSSA_SPIN_COUNTERCLOCKWISE, 1);
  assert_close (ossa_track_sample (&track, 0.5f), DEG (170 + 190), 1e-5);
  set_spin (&track, 0, OSSA_SPIN_NUMERIC, 1);
  assert_close (ossa_track_sample (&track, 0.5f), DEG (0), 1e-5);
  /* The end key gives its own stored value, not a wrapped one. */
  assert_close (ossa_track_sample (&track, 1.0f), DEG (-170), 0);
  /* A translate track with the same numbers is plain arithmetic. */
  track.channel = OSSA_CHANNEL_TRANSLATE_Y;
  set_spin (&track, 0, OSSA_SPIN_SHORTEST, 1);
  assert_close (ossa_track_sample (&track, 0.5f), 0, 1e-6);
  ossa_track_clear (&track);
}

static void
test_animation_absolute_sampling (void)
{
  /* Scrubbing back and forth gives the same pose for the same time. */
  const float t[] = { 0, 0.3f, 0.7f, 1 }, v[] = { 0, 3, -2, 1 };
  OssaTrack track = make_track (OSSA_CHANNEL_ROTATE, t, v, 4);
  float first[101];

  set_interp (&track, 1, OSSA_INTERP_BEZIER, OSSA_CURVE_EASE_IN_OUT);
  for (int i = 0; i <= 100; i++)
    first[i] = ossa_track_sample (&track, i / 100.f);
  for (int i = 100; i >= 0; i--)
    g_assert_cmpfloat (ossa_track_sample (&track, i / 100.f), ==, first[i]);
  for (int i = 0; i < 1000; i++)
    {
      int j = g_test_rand_int_range (0, 101);
      g_assert_cmpfloat (ossa_track_sample (&track, j / 100.f), ==, first[j]);
    }
  ossa_track_clear (&track);
}

static void
test_animation_key_editing (void)
{
  const float t[] = { 0, 1, 2 }, v[] = { 0, 1, 2 };
  OssaTrack track = make_track (OSSA_CHANNEL_TRANSLATE_X, t, v, 3);
  OssaKey key = ossa_key_make (0.5f, 7);
  OssaError err = { 0 };

  /* Insert between, replace at the same time, keep order. */
  g_assert_cmpint (ossa_track_set_key (&track, &key, NULL), ==, 1);
  key.value = 8;
  g_assert_cmpint (ossa_track_set_key (&track, &key, NULL), ==, 1);
  g_assert_cmpuint (track.n_keys, ==, 4);
  assert_close (ossa_track_get_key (&track, 1).value, 8, 0);
  /* Moving past others re-sorts; landing on another key is refused. */
  g_assert_cmpint (ossa_track_move_key (&track, 1, 1.5f, &err), ==, 2);
  g_assert_true (ossa_track_validate (&track, NULL));
  g_assert_cmpint (ossa_track_move_key (&track, 2, 2.0f, &err), ==, -1);
  g_assert_cmpint (err.code, ==, OSSA_ERROR_CONFLICT);
  g_assert_cmpint (ossa_track_move_key (&track, 0, NAN, &err), ==, -1);
  assert_close (ossa_track_get_key (&track, 2).time, 1.5f, 0);
  g_assert_true (ossa_track_remove_key (&track, 0, NULL));
  g_assert_false (ossa_track_remove_key (&track, 9, &err));
  g_assert_cmpuint (track.n_keys, ==, 3);
  g_assert_cmpint (ossa_track_find_key (&track, 1.5f), ==, 1);
  g_assert_cmpint (ossa_track_find_key (&track, 1.25f), ==, -1);
  key = ossa_key_make (INFINITY, 0);
  g_assert_cmpint (ossa_track_set_key (&track, &key, &err), ==, -1);
  ossa_track_clear (&track);
}

static void
test_animation_validate (void)
{
  const float t[] = { 0, 1 }, v[] = { 0, 1 };
  OssaTrack track = make_track (OSSA_CHANNEL_ROTATE, t, v, 2);
  OssaError err = { 0 };
  OssaAnimation anim;

  /* Written into the columns: ossa_track_set_key() would not make these. */
  track.times[1] = 0;
  g_assert_false (ossa_track_validate (&track, &err));
  g_assert_nonnull (strstr (err.message, "does not come after"));
  track.times[1] = 1;
  set_interp (&track, 0, OSSA_INTERP_BEZIER, (OssaCurve) { 1.5f, 0, 0.5f, 1 });
  g_assert_false (ossa_track_validate (&track, &err));
  g_assert_nonnull (strstr (err.message, "bezier"));
  set_interp (&track, 0, OSSA_INTERP_LINEAR, (OssaCurve) { 1.5f, 0, 0.5f, 1 });
  set_spin (&track, 0, OSSA_SPIN_SHORTEST, OSSA_MAX_TURNS + 1);
  g_assert_false (ossa_track_validate (&track, &err));
  set_spin (&track, 0, OSSA_SPIN_SHORTEST, 0);
  track.values[0] = NAN;
  g_assert_false (ossa_track_validate (&track, &err));
  g_assert_nonnull (strstr (err.message, "finite"));
  track.values[0] = 0;

  g_assert_true (ossa_animation_init (&anim, "walk"));
  track.bone = 3;
  *ossa_animation_ensure_track (&anim, 3, OSSA_CHANNEL_ROTATE) = track;
  g_assert_false (ossa_animation_validate (&anim, 2, &err));
  g_assert_nonnull (strstr (err.message, "names bone 3, but the skeleton has 2 bones"));
  g_assert_true (ossa_animation_validate (&anim, 4, &err));
  anim.fps = 0;
  g_assert_false (ossa_animation_validate (&anim, 4, &err));
  anim.fps = 30;
  anim.tracks[0].channel = OSSA_CHANNEL_SCALE_Y;
  ossa_animation_ensure_track (&anim, 3, OSSA_CHANNEL_ROTATE);
  anim.tracks[1].channel = OSSA_CHANNEL_SCALE_Y;
  g_assert_false (ossa_animation_validate (&anim, 4, &err));
  g_assert_nonnull (strstr (err.message, "two scale_y tracks"));
  ossa_animation_clear (&anim);
}

static void
test_animation_pose_and_remap (void)
{
  OssaSkeleton skel;
  OssaAnimation anim;
  OssaTransform local[3];
  OssaXform world[3];
  OssaKey k0 = ossa_key_make (0, 0), k1 = ossa_key_make (1, DEG (90));
  ssize_t remap[3] = { 0, -1, 1 };

  ossa_skeleton_init (&skel);
  test_add_bone (&skel, "root", -1, 0, 0, 0, 1, 1, 10);
  test_add_bone (&skel, "a", 0, 10, 0, 0, 1, 1, 10);
  test_add_bone (&skel, "b", 0, 0, 10, 0, 2, 1, 10);
  g_assert_true (ossa_animation_init (&anim, "turn"));
  ossa_track_set_key (ossa_animation_ensure_track (&anim, 0, OSSA_CHANNEL_ROTATE), &k0, NULL);
  ossa_track_set_key (ossa_animation_ensure_track (&anim, 0, OSSA_CHANNEL_ROTATE), &k1, NULL);
  ossa_track_set_key (ossa_animation_ensure_track (&anim, 1, OSSA_CHANNEL_TRANSLATE_X), &k0, NULL);
  ossa_animation_sample_pose (&anim, &skel, 1.0f, local);
  ossa_pose_compute_world (&skel, local, world);
  /* Untouched channels keep their rest values. */
  assert_close (local[2].scale_x, 2, 0);
  assert_close (local[1].x, 0, 0);
  assert_close (world[2].tx, -10, 1e-5);
  assert_close (world[2].ty, 0, 1e-5);
  ossa_animation_sample_pose (NULL, &skel, 1.0f, local);
  assert_close (local[1].x, 10, 0);

  ossa_animation_remap_bones (&anim, remap, 3);
  g_assert_cmpuint (anim.n_tracks, ==, 1);
  g_assert_cmpuint (anim.tracks[0].bone, ==, 0);
  assert_close (ossa_animation_last_key_time (&anim), 1, 0);
  g_assert_cmpuint (ossa_animation_n_keys (&anim), ==, 2);
  ossa_animation_clear (&anim);
  ossa_skeleton_clear (&skel);
}

/* Keys kept as columns: optional columns appear when a key needs them and stay in
 * step through inserts, removals, moves and copies. */
static void
assert_key (const OssaTrack *track, size_t index, const OssaKey *want)
{
  OssaKey got = ossa_track_get_key (track, index);

  g_assert_cmpmem (&got, sizeof got, want, sizeof *want);
}

static void
assert_keys (const OssaTrack *track, const OssaKey *want, size_t n)
{
  g_assert_cmpuint (track->n_keys, ==, n);
  g_assert_cmpuint (track->capacity, >=, n);
  for (size_t i = 0; i < n; i++)
    assert_key (track, i, &want[i]);
}

static void
test_animation_columns (void)
{
  OssaTrack track, copy;
  OssaKey keys[5], bez = ossa_key_make (1.5f, 4), spun = ossa_key_make (0.5f, 5);
  OssaError err = { 0 };

  ossa_track_init (&track, 0, OSSA_CHANNEL_ROTATE);
  for (int i = 0; i < 3; i++)
    {
      keys[i] = ossa_key_make ((float) i, (float) i);
      g_assert_cmpint (ossa_track_set_key (&track, &keys[i], NULL), ==, i);
    }
  /* All defaults: only times and values. */
  g_assert_null (track.interp);
  g_assert_null (track.curves);
  g_assert_null (track.spin);
  g_assert_null (track.turns);
  assert_keys (&track, keys, 3);

  bez.interp = OSSA_INTERP_BEZIER;
  bez.curve = OSSA_CURVE_EASE_IN;
  g_assert_cmpint (ossa_track_set_key (&track, &bez, NULL), ==, 2);
  g_assert_nonnull (track.interp);
  g_assert_nonnull (track.curves);
  g_assert_null (track.spin);
  spun.spin = OSSA_SPIN_CLOCKWISE;
  spun.turns = 2;
  g_assert_cmpint (ossa_track_set_key (&track, &spun, NULL), ==, 1);
  g_assert_nonnull (track.spin);
  g_assert_nonnull (track.turns);
  {
    OssaKey want[] = { keys[0], spun, keys[1], bez, keys[2] };

    assert_keys (&track, want, 5);
    memcpy (keys, want, sizeof want);
  }

  /* Removing and moving shift every column alike. */
  g_assert_true (ossa_track_remove_key (&track, 0, NULL));
  assert_keys (&track, keys + 1, 4);
  g_assert_cmpint (ossa_track_move_key (&track, 0, 3.f, &err), ==, 3);
  spun.time = 3.f;
  {
    OssaKey want[] = { keys[2], bez, keys[4], spun };

    assert_keys (&track, want, 4);
    g_assert_true (ossa_track_copy (&copy, &track));
    assert_keys (&copy, want, 4);
    g_assert_true (ossa_track_validate (&copy, NULL));
    ossa_track_clear (&copy);
  }

  /* Replacing with defaults keeps the columns, holding defaults. */
  keys[0] = ossa_key_make (1.5f, 7);
  g_assert_cmpint (ossa_track_set_key (&track, keys, NULL), ==, 1);
  assert_key (&track, 1, &keys[0]);
  g_assert_cmpint (track.interp[1], ==, OSSA_INTERP_LINEAR);

  /* An enum out of range stays out of range in its byte. */
  keys[0].interp = (OssaInterp) 256;
  g_assert_cmpint (ossa_track_set_key (&track, keys, NULL), ==, 1);
  g_assert_false (ossa_track_validate (&track, &err));
  g_assert_nonnull (strstr (err.message, "key 1 has an unknown interpolation or spin"));
  ossa_track_clear (&track);
  g_assert_null (track.times);
  g_assert_cmpuint (track.n_keys, ==, 0);
}

/* Long tracks are checked in chunks first: a bad key anywhere in a chunk or in
 * the tail after the last one is still found and named. */
static void
test_animation_validate_long (void)
{
  static const struct
  {
    size_t      key;
    bool        in_times;
    float       bad;
    const char *message;
  } cases[] = {
    { 0, true, -INFINITY, "key 0 has a time or value that is not a finite number" },
    { 37, false, NAN, "key 37 has a time or value that is not a finite number" },
    { 50, true, 49.f, "key 50 at 49 s does not come after key 49 at 49 s" },
    { 97, true, NAN, "key 97 has a time or value" },
    { 98, false, INFINITY, "key 98 has a time or value" },
    { 99, true, INFINITY, "key 99 has a time or value" },
    { 99, true, 98.f, "key 99 at 98 s does not come after key 98 at 98 s" },
  };
  float t[100], v[100];
  OssaTrack track;
  OssaError err = { 0 };

  for (size_t i = 0; i < 100; i++)
    {
      t[i] = (float) i;
      v[i] = (float) i / 10.f;
    }
  track = make_track (OSSA_CHANNEL_SCALE_X, t, v, 100);
  g_assert_true (ossa_track_validate (&track, NULL));
  for (size_t c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      float *col = cases[c].in_times ? track.times : track.values;
      float keep = col[cases[c].key];

      col[cases[c].key] = cases[c].bad;
      g_assert_false (ossa_track_validate (&track, &err));
      g_assert_nonnull (strstr (err.message, cases[c].message));
      col[cases[c].key] = keep;
      g_assert_true (ossa_track_validate (&track, NULL));
    }
  ossa_track_clear (&track);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/animation/clamp-and-linear", test_animation_clamp_and_linear);
  g_test_add_func ("/animation/step-and-bezier", test_animation_step_and_bezier);
  g_test_add_func ("/animation/rotation-rule", test_animation_rotation_rule);
  g_test_add_func ("/animation/absolute-sampling", test_animation_absolute_sampling);
  g_test_add_func ("/animation/key-editing", test_animation_key_editing);
  g_test_add_func ("/animation/validate", test_animation_validate);
  g_test_add_func ("/animation/validate-long", test_animation_validate_long);
  g_test_add_func ("/animation/columns", test_animation_columns);
  g_test_add_func ("/animation/pose-and-remap", test_animation_pose_and_remap);
  return g_test_run ();
}
