/* SPDX-License-Identifier: GPL-3.0-or-later */
/* IK tracks: keys of one constraint's mix and bend kept in time order, their
 * sampling (mix linear and clamped, bend stepped), against values worked by hand,
 * and their part in where an animation ends. */
#include "test-helpers.h"

#include "ossa-ik.h"

static void
test_ik_track_keys_in_order (void)
{
  OssaIkTrack track;
  OssaIkKey k;
  OssaError err = { 0 };

  ossa_ik_track_init (&track, 3);
  g_assert_cmpuint (track.constraint, ==, 3);
  g_assert_cmpint (ossa_ik_track_set_key (&track, &(OssaIkKey) { 2.f, 0.5f, false, false }, &err), ==, 0);
  g_assert_cmpint (ossa_ik_track_set_key (&track, &(OssaIkKey) { 1.f, 0.25f, false, false }, &err), ==, 0);
  g_assert_cmpint (ossa_ik_track_set_key (&track, &(OssaIkKey) { 3.f, 1.f, false, false }, &err), ==, 2);
  g_assert_cmpuint (track.n_keys, ==, 3);
  g_assert_cmpfloat (track.times[0], ==, 1.f);
  g_assert_cmpfloat (track.times[1], ==, 2.f);
  g_assert_cmpfloat (track.times[2], ==, 3.f);
  /* Replacing keeps the count. */
  g_assert_cmpint (ossa_ik_track_set_key (&track, &(OssaIkKey) { 2.f, 0.75f, false, false }, &err), ==, 1);
  g_assert_cmpuint (track.n_keys, ==, 3);
  g_assert_cmpfloat (track.mix[1], ==, 0.75f);
  g_assert_null (track.bend_positive);
  g_assert_cmpint (ossa_ik_track_find_key (&track, 2.f), ==, 1);
  g_assert_cmpint (ossa_ik_track_find_key (&track, 2.5f), ==, -1);
  k = ossa_ik_track_get_key (&track, 2);
  g_assert_cmpfloat (k.time, ==, 3.f);
  g_assert_cmpfloat (k.mix, ==, 1.f);
  g_assert_false (k.has_bend);
  g_assert_true (ossa_ik_track_remove_key (&track, 0, &err));
  g_assert_cmpuint (track.n_keys, ==, 2);
  g_assert_cmpfloat (track.times[0], ==, 2.f);
  g_assert_false (ossa_ik_track_remove_key (&track, 2, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_NOT_FOUND);
  ossa_ik_track_clear (&track);
  g_assert_cmpuint (track.n_keys, ==, 0);
  g_assert_null (track.times);
}

static void
test_ik_track_refuses_bad_keys (void)
{
  OssaIkTrack track;
  OssaError err = { 0 };

  ossa_ik_track_init (&track, 0);
  ossa_ik_track_set_key (&track, &(OssaIkKey) { 1.f, 0.5f, false, false }, NULL);
  g_assert_cmpint (ossa_ik_track_set_key (&track, &(OssaIkKey) { NAN, 0.5f, false, false }, &err), ==, -1);
  g_assert_cmpint (err.code, ==, OSSA_ERROR_INVALID);
  g_assert_cmpint (ossa_ik_track_set_key (&track, &(OssaIkKey) { 2.f, INFINITY, false, false }, &err), ==, -1);
  g_assert_cmpint (ossa_ik_track_set_key (&track, &(OssaIkKey) { 2.f, 1.5f, false, false }, &err), ==, -1);
  g_assert_cmpint (ossa_ik_track_set_key (&track, &(OssaIkKey) { 2.f, -0.1f, false, false }, &err), ==, -1);
  /* Nothing changed. */
  g_assert_cmpuint (track.n_keys, ==, 1);
  g_assert_cmpfloat (track.mix[0], ==, 0.5f);
  ossa_ik_track_clear (&track);
}

static void
test_ik_track_sample_mix (void)
{
  OssaIkTrack track;
  OssaIkState rest = { 0.9f, true }, s;

  ossa_ik_track_init (&track, 0);
  /* No keys: the constraint's own values. */
  s = ossa_ik_track_sample (&track, 1.f, rest);
  g_assert_cmpfloat (s.mix, ==, 0.9f);
  g_assert_true (s.bend_positive);
  ossa_ik_track_set_key (&track, &(OssaIkKey) { 1.f, 0.2f, false, false }, NULL);
  ossa_ik_track_set_key (&track, &(OssaIkKey) { 3.f, 1.f, false, false }, NULL);
  /* Clamped outside the keys, linear between: at 1.5 s, 0.2 + 0.8 · 0.25 = 0.4. */
  assert_close (ossa_ik_track_sample (&track, 0.f, rest).mix, 0.2, 1e-7);
  assert_close (ossa_ik_track_sample (&track, 1.5f, rest).mix, 0.4, 1e-6);
  assert_close (ossa_ik_track_sample (&track, 2.f, rest).mix, 0.6, 1e-6);
  assert_close (ossa_ik_track_sample (&track, 9.f, rest).mix, 1.0, 1e-7);
  /* No bend keys: the constraint's bend. */
  g_assert_true (ossa_ik_track_sample (&track, 2.f, rest).bend_positive);
  g_assert_false (ossa_ik_track_sample (&track, 2.f, (OssaIkState) { 1.f, false }).bend_positive);
  ossa_ik_track_clear (&track);
}

static void
test_ik_track_sample_bend_stepped (void)
{
  OssaIkTrack track;
  OssaIkState rest = { 1.f, true };

  ossa_ik_track_init (&track, 0);
  ossa_ik_track_set_key (&track, &(OssaIkKey) { 1.f, 1.f, false, false }, NULL);
  /* The first bend key: the keys before take its bend too. */
  ossa_ik_track_set_key (&track, &(OssaIkKey) { 2.f, 1.f, true, false }, NULL);
  ossa_ik_track_set_key (&track, &(OssaIkKey) { 3.f, 1.f, true, true }, NULL);
  g_assert_nonnull (track.bend_positive);
  g_assert_false (ossa_ik_track_sample (&track, 0.f, rest).bend_positive);   /* the first key's */
  g_assert_false (ossa_ik_track_sample (&track, 1.f, rest).bend_positive);
  g_assert_false (ossa_ik_track_sample (&track, 2.9f, rest).bend_positive);  /* stepped */
  g_assert_true (ossa_ik_track_sample (&track, 3.f, rest).bend_positive);
  g_assert_true (ossa_ik_track_sample (&track, 7.f, rest).bend_positive);
  /* A key without a bend takes the one in effect where it lands. */
  ossa_ik_track_set_key (&track, &(OssaIkKey) { 2.5f, 0.5f, false, false }, NULL);
  g_assert_false (ossa_ik_track_get_key (&track, 2).bend_positive);
  g_assert_true (ossa_ik_track_get_key (&track, 2).has_bend);
  ossa_ik_track_set_key (&track, &(OssaIkKey) { 3.f, 0.5f, false, false }, NULL);
  g_assert_true (ossa_ik_track_sample (&track, 3.f, rest).bend_positive);
  ossa_ik_track_clear (&track);
}

static void
test_ik_track_copy (void)
{
  OssaIkTrack a, b;

  ossa_ik_track_init (&a, 5);
  ossa_ik_track_set_key (&a, &(OssaIkKey) { 1.f, 0.25f, false, false }, NULL);
  ossa_ik_track_set_key (&a, &(OssaIkKey) { 2.f, 0.75f, true, false }, NULL);
  g_assert_true (ossa_ik_track_copy (&b, &a));
  ossa_ik_track_clear (&a);
  g_assert_cmpuint (b.constraint, ==, 5);
  g_assert_cmpuint (b.n_keys, ==, 2);
  g_assert_cmpfloat (b.times[1], ==, 2.f);
  g_assert_cmpfloat (b.mix[0], ==, 0.25f);
  g_assert_nonnull (b.bend_positive);
  g_assert_cmpuint (b.bend_positive[1], ==, 0);
  /* The copy grows on its own. */
  g_assert_cmpint (ossa_ik_track_set_key (&b, &(OssaIkKey) { 3.f, 1.f, false, false }, NULL), ==, 2);
  ossa_ik_track_clear (&b);
  ossa_ik_track_init (&a, 1);
  g_assert_true (ossa_ik_track_copy (&b, &a));
  g_assert_cmpuint (b.n_keys, ==, 0);
  ossa_ik_track_clear (&b);
}

/* IK keys count for where an animation ends: one whose only keys are IK mix keys
 * ends at the last of them (playback and the timeline stop there when its duration
 * is 0), and bone keys after them move the end on. */
static void
test_ik_track_last_key_time (void)
{
  OssaAnimation anim;
  OssaKey bone_key = ossa_key_make (1.f, 0.f);

  g_assert_true (ossa_animation_init (&anim, "mix only"));
  anim.ik_tracks = calloc (3, sizeof *anim.ik_tracks);
  g_assert_nonnull (anim.ik_tracks);
  anim.n_ik_tracks = 3;
  ossa_ik_track_init (&anim.ik_tracks[0], 0);
  ossa_ik_track_set_key (&anim.ik_tracks[0], &(OssaIkKey) { 0.5f, 0.f, false, false }, NULL);
  ossa_ik_track_set_key (&anim.ik_tracks[0], &(OssaIkKey) { 2.5f, 1.f, false, false }, NULL);
  ossa_ik_track_init (&anim.ik_tracks[1], 1);
  ossa_ik_track_set_key (&anim.ik_tracks[1], &(OssaIkKey) { 1.5f, 0.5f, true, false }, NULL);
  /* A track without keys ends nothing. */
  ossa_ik_track_init (&anim.ik_tracks[2], 2);
  assert_close (ossa_animation_last_key_time (&anim), 2.5, 0);

  ossa_track_set_key (ossa_animation_ensure_track (&anim, 0, OSSA_CHANNEL_ROTATE), &bone_key, NULL);
  assert_close (ossa_animation_last_key_time (&anim), 2.5, 0);
  bone_key.time = 3.f;
  ossa_track_set_key (ossa_animation_ensure_track (&anim, 0, OSSA_CHANNEL_ROTATE), &bone_key, NULL);
  assert_close (ossa_animation_last_key_time (&anim), 3, 0);
  ossa_animation_clear (&anim);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ik-track/keys-in-order", test_ik_track_keys_in_order);
  g_test_add_func ("/ik-track/refuses-bad-keys", test_ik_track_refuses_bad_keys);
  g_test_add_func ("/ik-track/sample-mix", test_ik_track_sample_mix);
  g_test_add_func ("/ik-track/sample-bend-stepped", test_ik_track_sample_bend_stepped);
  g_test_add_func ("/ik-track/copy", test_ik_track_copy);
  g_test_add_func ("/ik-track/last-key-time", test_ik_track_last_key_time);
  return g_test_run ();
}
