/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-helpers.h"

/* A random rig and animation: every interpolation, spin and some turns, tracks with
 * one key, uneven key spacing, channels left at rest. */
static void
make_random (GRand *rng, OssaSkeleton *skel, OssaAnimation *anim, size_t n_bones)
{
  ossa_skeleton_init (skel);
  g_assert_true (ossa_animation_init (anim, "random"));
  anim->duration = 3;
  for (size_t b = 0; b < n_bones; b++)
    {
      char name[32];

      g_snprintf (name, sizeof name, "bone%zu", b);
      test_add_bone (skel, name, b == 0 ? -1 : g_rand_int_range (rng, 0, (int) b),
                     (float) g_rand_double_range (rng, -20, 20), (float) g_rand_double_range (rng, -20, 20),
                     (float) g_rand_double_range (rng, -180, 180), (float) g_rand_double_range (rng, 0.5, 1.5),
                     (float) g_rand_double_range (rng, 0.5, 1.5), 10);
      for (int c = 0; c < OSSA_N_CHANNELS; c++)
        {
          OssaTrack *track;
          int n_keys = g_rand_int_range (rng, 0, 12);
          float t = (float) g_rand_double_range (rng, -0.5, 1);

          if (n_keys == 0)
            continue;
          track = ossa_animation_ensure_track (anim, (uint32_t) b, (OssaChannel) c);
          for (int k = 0; k < n_keys; k++)
            {
              OssaKey key = ossa_key_make (t, (float) g_rand_double_range (rng, -4, 4));

              key.interp = (OssaInterp) g_rand_int_range (rng, 0, OSSA_N_INTERPS);
              key.curve = (OssaCurve) { (float) g_rand_double (rng), (float) g_rand_double_range (rng, -1, 2),
                                        (float) g_rand_double (rng), (float) g_rand_double_range (rng, -1, 2) };
              key.spin = (OssaSpin) g_rand_int_range (rng, 0, OSSA_N_SPINS);
              key.turns = (uint32_t) g_rand_int_range (rng, 0, 3);
              g_assert_cmpint (ossa_track_set_key (track, &key, NULL), >=, 0);
              t += (float) g_rand_double_range (rng, 0.01, 0.6);
            }
        }
    }
}

static const OssaAnimation *debug_anim;

static void
dump_track (size_t bone, int channel)
{
  const OssaTrack *t = debug_anim ? ossa_animation_find_track (debug_anim, (uint32_t) bone, (OssaChannel) channel) : NULL;

  for (size_t k = 0; t && k < t->n_keys; k++)
    {
      OssaKey key = ossa_track_get_key (t, k);

      g_printerr ("  key %zu: t=%.9g v=%.9g interp=%d curve=(%g %g %g %g) spin=%d turns=%u\n", k,
                  (double) key.time, (double) key.value, key.interp, (double) key.curve.x1,
                  (double) key.curve.y1, (double) key.curve.x2, (double) key.curve.y2, key.spin,
                  key.turns);
    }
}

static void
assert_pose_equal (const OssaTransform *ref, const OssaXform *ref_world, const OssaTransform *got,
                   const OssaXform *got_world, size_t n, float t)
{
  for (size_t b = 0; b < n; b++)
    {
      const float *r = (const float *) &ref[b], *g = (const float *) &got[b];

      for (int c = 0; c < OSSA_N_CHANNELS; c++)
        if (!(fabsf (r[c] - g[c]) <= 2e-4f * (1 + fabsf (r[c]))) && (dump_track (b, c), 1))
          g_error ("t = %g, bone %zu, %s: clip %.7g, reference %.7g", (double) t, b,
                   ossa_channel_name ((OssaChannel) c), (double) g[c], (double) r[c]);
      /* Local values may differ by 2e-4 of their size, and a rotation error moves a
       * joint in proportion to its distance: compare relative to that distance. */
      if (!(hypotf (ref_world[b].tx - got_world[b].tx, ref_world[b].ty - got_world[b].ty)
            <= 1e-3f * (1 + hypotf (ref_world[b].tx, ref_world[b].ty))))
        g_error ("t = %g, bone %zu: world (%g, %g), reference (%g, %g)", (double) t, b,
                 (double) got_world[b].tx, (double) got_world[b].ty, (double) ref_world[b].tx,
                 (double) ref_world[b].ty);
    }
}

/* The runtime clip agrees with the reference sampler (binary search + the
 * interpolation functions) at random times, in playback order with a cursor, in
 * reverse and random order, and without a cursor. */
static void
test_clip_matches_reference (void)
{
  GRand *rng = g_rand_new_with_seed (20261130);

  for (int round = 0; round < 20; round++)
    {
      OssaSkeleton skel;
      OssaAnimation anim;
      size_t n = (size_t) g_rand_int_range (rng, 1, 40);
      OssaClip *clip;
      OssaClipCursor *cursor;
      OssaTransform *ref = g_new (OssaTransform, n), *got = g_new (OssaTransform, n);
      OssaXform *ref_w = g_new (OssaXform, n), *got_w = g_new (OssaXform, n);
      OssaError err = { 0 };

      make_random (rng, &skel, &anim, n);
      debug_anim = &anim;
      clip = ossa_clip_new (&anim, &skel, &err);
      g_assert_nonnull (clip);
      g_assert_cmpuint (ossa_clip_n_bones (clip), ==, n);
      cursor = ossa_clip_cursor_new (clip);
      for (int f = -10; f < 250; f++)
        {
          /* Forward with wrap-arounds, as a looping player does. */
          float t = (float) ((f % 120) / 40.0);

          ossa_animation_sample_pose (&anim, &skel, t, ref);
          ossa_pose_compute_world (&skel, ref, ref_w);
          ossa_clip_sample_world (clip, t, cursor, got, got_w);
          assert_pose_equal (ref, ref_w, got, got_w, n, t);
        }
      for (int f = 0; f < 200; f++)
        {
          float t = (float) g_rand_double_range (rng, -1, 5);

          ossa_animation_sample_pose (&anim, &skel, t, ref);
          ossa_pose_compute_world (&skel, ref, ref_w);
          ossa_clip_sample_world (clip, t, f % 2 ? cursor : NULL, got, got_w);
          assert_pose_equal (ref, ref_w, got, got_w, n, t);
          ossa_clip_sample (clip, t, NULL, got);
          assert_pose_equal (ref, ref_w, got, got_w, n, t);
        }
      ossa_clip_cursor_free (cursor);
      ossa_clip_free (clip);
      ossa_animation_clear (&anim);
      ossa_skeleton_clear (&skel);
      g_free (ref);
      g_free (got);
      g_free (ref_w);
      g_free (got_w);
    }
  g_rand_free (rng);
}

static void
test_clip_key_times_exact (void)
{
  /* At a key's exact time the value is that key's, whatever the direction. */
  OssaSkeleton skel;
  OssaAnimation anim;
  OssaTransform local[1];
  OssaTrack *track;
  OssaClip *clip;
  OssaClipCursor *cursor;
  const float times[] = { 0, 0.1f, 0.35f, 1 }, values[] = { 3, -3, 2.9f, -2.9f };

  ossa_skeleton_init (&skel);
  test_add_bone (&skel, "b", -1, 0, 0, 0, 1, 1, 1);
  g_assert_true (ossa_animation_init (&anim, "a"));
  track = ossa_animation_ensure_track (&anim, 0, OSSA_CHANNEL_ROTATE);
  for (int i = 0; i < 4; i++)
    {
      OssaKey key = ossa_key_make (times[i], values[i]);

      key.interp = i == 1 ? OSSA_INTERP_STEP : OSSA_INTERP_LINEAR;
      ossa_track_set_key (track, &key, NULL);
    }
  clip = ossa_clip_new (&anim, &skel, NULL);
  cursor = ossa_clip_cursor_new (clip);
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < 4; i++)
      {
        int k = pass ? 3 - i : i;

        ossa_clip_sample (clip, times[k], cursor, local);
        assert_close (local[0].rotation, values[k], 1e-6);
        ossa_clip_sample (clip, times[k], NULL, local);
        assert_close (local[0].rotation, values[k], 1e-6);
      }
  /* STEP holds, and 3 → −3 (short way: +0.28 rad through π) at a quarter. */
  ossa_clip_sample (clip, 0.2f, NULL, local);
  assert_close (local[0].rotation, -3, 1e-6);
  ossa_clip_sample (clip, 0.025f, NULL, local);
  assert_close (local[0].rotation, 3 + 0.25 * (2 * G_PI - 6), 1e-5);
  ossa_clip_cursor_free (cursor);
  ossa_clip_free (clip);
  ossa_animation_clear (&anim);
  ossa_skeleton_clear (&skel);
}

static void
test_clip_refuses_invalid (void)
{
  OssaSkeleton skel;
  OssaAnimation anim;
  OssaError err = { 0 };
  OssaKey key = ossa_key_make (0, 1);

  ossa_skeleton_init (&skel);
  test_add_bone (&skel, "b", -1, 0, 0, 0, 1, 1, 1);
  g_assert_true (ossa_animation_init (&anim, "a"));
  ossa_track_set_key (ossa_animation_ensure_track (&anim, 4, OSSA_CHANNEL_ROTATE), &key, NULL);
  g_assert_null (ossa_clip_new (&anim, &skel, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_INVALID);
  ossa_animation_clear (&anim);
  ossa_skeleton_clear (&skel);
}

/* Seeks go through time windows, one per key a track has on average: a track with
 * far more keys than the rest has long runs in each window, keys fall exactly on
 * window edges, and times can be outside every key or not finite. All of it must
 * agree with the reference, with a cursor jumping about and without one. */
static void
test_clip_dense_track_and_edges (void)
{
  OssaSkeleton skel;
  OssaAnimation anim;
  OssaTransform ref[31], got[31];
  OssaXform ref_w[31], got_w[31];
  OssaTrack *dense;
  OssaClip *clip;
  OssaClipCursor *cursor;
  GRand *rng = g_rand_new_with_seed (7);
  GArray *times = g_array_new (FALSE, FALSE, sizeof (float));

  ossa_skeleton_init (&skel);
  g_assert_true (ossa_animation_init (&anim, "dense"));
  for (int b = 0; b < 31; b++)
    {
      char name[16];
      OssaTrack *sparse;

      g_snprintf (name, sizeof name, "b%d", b);
      test_add_bone (&skel, name, b - 1, 1, 0, 0, 1, 1, 1);
      if (b == 0)
        continue;
      /* Stepped keys at both ends of the span (window edges) and two between: a
       * wrong entry picked from a short run shows as a jump. */
      sparse = ossa_animation_ensure_track (&anim, (uint32_t) b, OSSA_CHANNEL_TRANSLATE_X);
      for (int k = 0; k < 4; k++)
        {
          float t = k == 0 ? 0.f : k == 3 ? 4.f : (float) g_rand_double_range (rng, 0.1, 3.9);
          OssaKey key = ossa_key_make (t, (float) (k + b));

          key.interp = OSSA_INTERP_STEP;
          if (ossa_track_set_key (sparse, &key, NULL) >= 0)
            g_array_append_val (times, t);
        }
    }
  dense = ossa_animation_ensure_track (&anim, 0, OSSA_CHANNEL_ROTATE);
  for (int k = 0; k < 600; k++)
    {
      /* Every 25th key on a quarter second, the rest uneven. */
      float t = k % 25 == 0 ? (float) k / 150.f : (float) (k + g_rand_double (rng)) / 150.f;
      OssaKey key = ossa_key_make (t, (float) g_rand_double_range (rng, -3, 3));

      key.interp = (OssaInterp) (k % OSSA_N_INTERPS);
      key.curve = (OssaCurve) { 0.42f, 0, 0.58f, 1 };
      key.spin = (OssaSpin) (k % OSSA_N_SPINS);
      g_assert_cmpint (ossa_track_set_key (dense, &key, NULL), >=, 0);
      g_array_append_val (times, t);
    }
  clip = ossa_clip_new (&anim, &skel, NULL);
  g_assert_nonnull (clip);
  cursor = ossa_clip_cursor_new (clip);
  for (guint i = 0; i < times->len + 400; i++)
    {
      /* Every key time, just before and after it, and random times. */
      float t = i < times->len ? g_array_index (times, float, i)
                               : (float) g_rand_double_range (rng, -1, 5);

      for (int side = -1; side <= 1; side++)
        {
          float s = side == 0 ? t : nextafterf (t, side * INFINITY);

          ossa_animation_sample_pose (&anim, &skel, s, ref);
          ossa_pose_compute_world (&skel, ref, ref_w);
          ossa_clip_sample_world (clip, s, NULL, got, got_w);
          assert_pose_equal (ref, ref_w, got, got_w, 31, s);
          ossa_clip_sample_world (clip, s, cursor, got, got_w);
          assert_pose_equal (ref, ref_w, got, got_w, 31, s);
        }
    }
  /* Not finite: infinity is past every key, NaN before them all (as the reference). */
  {
    const float odd[] = { INFINITY, -INFINITY, NAN, 2 };

    for (int i = 0; i < 4; i++)
      {
        ossa_animation_sample_pose (&anim, &skel, odd[i], ref);
        ossa_pose_compute_world (&skel, ref, ref_w);
        ossa_clip_sample_world (clip, odd[i], NULL, got, got_w);
        assert_pose_equal (ref, ref_w, got, got_w, 31, odd[i]);
        ossa_clip_sample_world (clip, odd[i], cursor, got, got_w);
        assert_pose_equal (ref, ref_w, got, got_w, 31, odd[i]);
      }
  }
  ossa_clip_cursor_free (cursor);
  ossa_clip_free (clip);
  ossa_animation_clear (&anim);
  ossa_skeleton_clear (&skel);
  g_array_free (times, TRUE);
  g_rand_free (rng);
}

/* Key spans a float cannot invert: a denormal one (1 / span overflows, and
 * 0 · ∞ at its start was NaN, which the easing solver turned into an index 2³¹
 * before its table) and one wider than FLT_MAX (span ∞, and ∞ · 0 at the far
 * end). Nine tracks, so that the vector paths and the scalar one all see them;
 * every sample is finite and the keys' own times give the keys' values. */
static void
test_clip_extreme_spans (void)
{
  const float tiny = 2.26e-41f, huge = 3e38f;
  const float at[] = { -FLT_MAX, -huge, -1, 0, tiny, 1, huge, FLT_MAX };
  OssaSkeleton skel;
  OssaAnimation anim;
  OssaError err = { 0 };

  ossa_skeleton_init (&skel);
  g_assert_true (ossa_animation_init (&anim, "extreme"));
  anim.duration = 1;
  for (uint32_t b = 0; b < 9; b++)
    {
      char name[16];
      OssaKey k0 = ossa_key_make (0, 2), k1 = ossa_key_make (tiny, 5);
      OssaKey w0 = ossa_key_make (-huge, 1), w1 = ossa_key_make (huge, 3);
      OssaTrack *x, *y;

      g_snprintf (name, sizeof name, "b%u", b);
      test_add_bone (&skel, name, b == 0 ? -1 : 0, 0, 0, 0, 1, 1, 1);
      k0.interp = OSSA_INTERP_BEZIER;
      /* The fuzzer's curve: one the easing table cannot follow, so it is solved. */
      k0.curve = (OssaCurve) { 1.17549435e-38f, 0.120145798f, 0.25f, 1 };
      w0.interp = b % 2 ? OSSA_INTERP_BEZIER : OSSA_INTERP_LINEAR;
      x = ossa_animation_ensure_track (&anim, b, OSSA_CHANNEL_TRANSLATE_X);
      g_assert_cmpint (ossa_track_set_key (x, &k0, NULL), ==, 0);
      g_assert_cmpint (ossa_track_set_key (x, &k1, NULL), ==, 1);
      y = ossa_animation_ensure_track (&anim, b, OSSA_CHANNEL_TRANSLATE_Y);
      g_assert_cmpint (ossa_track_set_key (y, &w0, NULL), ==, 0);
      g_assert_cmpint (ossa_track_set_key (y, &w1, NULL), ==, 1);
    }
  {
    OssaClip *clip = ossa_clip_new (&anim, &skel, &err);
    OssaClipCursor *cursor = ossa_clip_cursor_new (clip);
    OssaTransform local[9];

    g_assert_nonnull (clip);
    for (int pass = 0; pass < 2; pass++)
      for (size_t i = 0; i < G_N_ELEMENTS (at); i++)
        {
          ossa_clip_sample (clip, at[i], pass ? cursor : NULL, local);
          for (int b = 0; b < 9; b++)
            {
              g_assert_true (isfinite (local[b].x));
              g_assert_true (isfinite (local[b].y));
              if (at[i] == 0)
                g_assert_cmpfloat (local[b].x, ==, 2);
              if (at[i] >= tiny)
                g_assert_cmpfloat (local[b].x, ==, 5);
            }
        }
    ossa_clip_cursor_free (cursor);
    ossa_clip_free (clip);
  }
  ossa_animation_clear (&anim);
  ossa_skeleton_clear (&skel);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/clip/matches-reference", test_clip_matches_reference);
  g_test_add_func ("/clip/key-times-exact", test_clip_key_times_exact);
  g_test_add_func ("/clip/dense-track-and-edges", test_clip_dense_track_and_edges);
  g_test_add_func ("/clip/refuses-invalid", test_clip_refuses_invalid);
  g_test_add_func ("/clip/extreme-spans", test_clip_extreme_spans);
  return g_test_run ();
}
