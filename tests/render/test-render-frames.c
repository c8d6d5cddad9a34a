/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Which frames an export draws: counts and times for looping and non-looping
 * animations, other frame rates, --from/--to as frames and seconds, the marks as
 * typed, bad ranges refused with the values named. */
#include "render-test-support.h"

static OssaAnimation
make_anim (float duration, float fps, bool loop)
{
  OssaAnimation anim;

  g_assert_true (ossa_animation_init (&anim, "walk"));
  anim.duration = duration;
  anim.fps = fps;
  anim.loop = loop;
  return anim;
}

static OssaFrameMark
mark (const char *text)
{
  OssaFrameMark m;

  if (text == NULL)
    return (OssaFrameMark) { 0 };
  g_assert_true (ossa_frame_mark_parse (text, &m));
  return m;
}

static OssaFrameRange
range_ok (const OssaAnimation *anim, float fps, const char *from, const char *to)
{
  OssaFrameRange range;
  OssaError err = { 0 };

  if (!ossa_frame_range_make (anim, fps, mark (from), mark (to), &range, &err))
    g_error ("range %s … %s: %s", from, to, err.message);
  return range;
}

static void
range_bad (const OssaAnimation *anim, float fps, const char *from, const char *to,
           const char *says)
{
  OssaFrameRange range;
  OssaError err = { 0 };

  g_assert_false (ossa_frame_range_make (anim, fps, mark (from), mark (to), &range, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_INVALID);
  if (strstr (err.message, says) == NULL)
    g_error ("\"%s\" does not say \"%s\"", err.message, says);
}

static void
test_loop (void)
{
  OssaAnimation anim = make_anim (1, 30, true);
  OssaFrameRange r = range_ok (&anim, 0, NULL, NULL);

  /* the last frame is the first again: left out */
  g_assert_cmpuint (r.n_frames, ==, 30);
  g_assert_cmpfloat (r.fps, ==, 30);
  g_assert_true (r.loop);
  g_assert_cmpfloat_with_epsilon (r.duration, 1, 1e-6);
  g_assert_cmpfloat (ossa_frame_range_time (&r, 0), ==, 0);
  g_assert_cmpfloat_with_epsilon (ossa_frame_range_time (&r, 29), 29 / 30.f, 1e-6);
  /* another rate */
  r = range_ok (&anim, 12, NULL, NULL);
  g_assert_cmpuint (r.n_frames, ==, 12);
  g_assert_cmpfloat_with_epsilon (ossa_frame_range_time (&r, 11), 11 / 12.f, 1e-6);
  /* 0.75 s at 30 fps is 22.5 frames: 23 start before the end */
  anim.duration = 0.75f;
  g_assert_cmpuint (range_ok (&anim, 0, NULL, NULL).n_frames, ==, 23);
  ossa_animation_clear (&anim);
}

static void
test_no_loop (void)
{
  OssaAnimation anim = make_anim (1, 30, false);
  OssaFrameRange r = range_ok (&anim, 0, NULL, NULL);

  /* ends on its last frame */
  g_assert_cmpuint (r.n_frames, ==, 31);
  g_assert_false (r.loop);
  g_assert_cmpfloat_with_epsilon (ossa_frame_range_time (&r, 30), 1, 1e-6);
  g_assert_cmpfloat_with_epsilon (r.duration, 31 / 30.f, 1e-6);
  r = range_ok (&anim, 10, NULL, NULL);
  g_assert_cmpuint (r.n_frames, ==, 11);
  /* 0.75 s at 30 fps: the 23rd frame is past the end, and shows the end pose */
  anim.duration = 0.75f;
  r = range_ok (&anim, 0, NULL, NULL);
  g_assert_cmpuint (r.n_frames, ==, 24);
  g_assert_cmpfloat (ossa_frame_range_time (&r, 23), >=, 0.75f);
  /* no length: one frame */
  anim.duration = 0;
  g_assert_cmpuint (range_ok (&anim, 0, NULL, NULL).n_frames, ==, 1);
  ossa_animation_clear (&anim);
}

static void
test_marks_in_range (void)
{
  OssaAnimation anim = make_anim (1, 30, true);
  OssaFrameRange r;

  /* frames, both ends drawn */
  r = range_ok (&anim, 0, "5", "10");
  g_assert_cmpuint (r.n_frames, ==, 6);
  g_assert_cmpfloat_with_epsilon (r.first, 5 / 30.f, 1e-6);
  g_assert_cmpfloat_with_epsilon (ossa_frame_range_time (&r, 5), 10 / 30.f, 1e-6);
  /* seconds; a loop without --to stops before its end */
  r = range_ok (&anim, 0, "0.5s", NULL);
  g_assert_cmpuint (r.n_frames, ==, 15);
  g_assert_cmpfloat_with_epsilon (r.first, 0.5f, 1e-6);
  /* --to the very end is drawn when asked for */
  r = range_ok (&anim, 0, "0.5s", "1s");
  g_assert_cmpuint (r.n_frames, ==, 16);
  r = range_ok (&anim, 0, NULL, "30");
  g_assert_cmpuint (r.n_frames, ==, 31);
  /* one frame */
  r = range_ok (&anim, 0, "7", "7");
  g_assert_cmpuint (r.n_frames, ==, 1);
  /* frames count at the rate asked for */
  r = range_ok (&anim, 10, "2", "4");
  g_assert_cmpuint (r.n_frames, ==, 3);
  g_assert_cmpfloat_with_epsilon (r.first, 0.2f, 1e-6);
  ossa_animation_clear (&anim);
}

static void
test_bad_ranges (void)
{
  OssaAnimation anim = make_anim (1, 30, true);
  OssaFrameRange r;

  range_bad (&anim, 0, NULL, "40", "--to frame 40");
  range_bad (&anim, 0, NULL, "40", "frame 30");
  range_bad (&anim, 0, "2s", NULL, "--from 2s");
  range_bad (&anim, 0, "10", "5", "--from frame 10 comes after --to frame 5");
  range_bad (&anim, 0, "0.5s", "0.25s", "backwards");
  range_bad (&anim, NAN, NULL, NULL, "frame rate of nan");
  range_bad (&anim, -1, NULL, NULL, "frame rate of -1");
  range_bad (&anim, 5000, NULL, NULL, "frame rate of 5000");
  /* no animation: one frame of the rest pose */
  g_assert_true (ossa_frame_range_make (NULL, 0, mark (NULL), mark (NULL), &r, NULL));
  g_assert_cmpuint (r.n_frames, ==, 1);
  g_assert_cmpfloat (r.first, ==, 0);
  g_assert_false (r.loop);
  ossa_animation_clear (&anim);
}

static void
test_mark_parse (void)
{
  static const char *bad[] = { "", "s", "abc", "-1", "1.5", "12 ", " 12", "1e3", "0x10",
                               "inf", "nan", "1.2.3s", "5ss", "5 s", "+3" };
  OssaFrameMark m;

  g_assert_true (ossa_frame_mark_parse ("12", &m));
  g_assert_true (m.set);
  g_assert_false (m.in_seconds);
  g_assert_cmpfloat (m.value, ==, 12);
  g_assert_true (ossa_frame_mark_parse ("0.5s", &m));
  g_assert_true (m.set && m.in_seconds);
  g_assert_cmpfloat (m.value, ==, 0.5);
  g_assert_true (ossa_frame_mark_parse ("2s", &m));
  g_assert_cmpfloat (m.value, ==, 2);
  g_assert_true (ossa_frame_mark_parse ("0", &m));
  g_assert_cmpfloat (m.value, ==, 0);
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      if (ossa_frame_mark_parse (bad[i], &m))
        g_error ("\"%s\" parsed", bad[i]);
      g_assert_false (m.set);
    }
  g_assert_false (ossa_frame_mark_parse (NULL, &m));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render-frames/loop", test_loop);
  g_test_add_func ("/render-frames/no-loop", test_no_loop);
  g_test_add_func ("/render-frames/marks-in-range", test_marks_in_range);
  g_test_add_func ("/render-frames/bad-ranges", test_bad_ranges);
  g_test_add_func ("/render-frames/mark-parse", test_mark_parse);
  return g_test_run ();
}
