/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The playing instance (ossa-player.h): clocks, loops and holds, events, the
 * crossfade at its start, middle and end, the queue, speed, bad arguments, and
 * no allocation per frame, on a document built here with values worked out by
 * hand; then the real sample character crossfaded. The allocation count wraps
 * malloc, calloc and realloc at link time (tests/core/meson.build). */
#include "test-art-support.h"
#include "../support/test-samples.h"

#include <stdlib.h>

/* ---- Counting allocations (-Wl,--wrap=malloc,...) ---- */

void *__real_malloc (size_t size);
void *__real_calloc (size_t n, size_t size);
void *__real_realloc (void *p, size_t size);
void *__wrap_malloc (size_t size);
void *__wrap_calloc (size_t n, size_t size);
void *__wrap_realloc (void *p, size_t size);

static gboolean counting;
static size_t   n_allocations;

void *
__wrap_malloc (size_t size)
{
  n_allocations += counting;
  return __real_malloc (size);
}

void *
__wrap_calloc (size_t n, size_t size)
{
  n_allocations += counting;
  return __real_calloc (n, size);
}

void *
__wrap_realloc (void *p, size_t size)
{
  n_allocations += counting;
  return __real_realloc (p, size);
}

/* ---- The document ---- */

enum { WALK, JUMP };
enum { ROOT, ARM };
enum { SLOT_BODY, SLOT_HAND };

static void
add_key (OssaAnimation *anim, uint32_t bone, OssaChannel channel, float time, float value)
{
  OssaKey k = ossa_key_make (time, value);

  g_assert_cmpint (ossa_track_set_key (ossa_animation_ensure_track (anim, bone, channel), &k, NULL), >=, 0);
}

/* Bones root (at the origin) → arm (x 10 along root, length 10). Slots "body" on
 * root (attachment "body", 4 × 2) and "hand" on arm (attachments "open" 8 × 8,
 * showing, and "fist" 6 × 6), both white, in that order.
 * "walk" (1 s): root x 0 → 10 (so x = 10 t), arm turned 170°.
 * "jump" (0.5 s): root y 0 → 50 (y = 100 t), arm turned −170°, from 0 s the hand
 * shows "fist" in black and the hand is drawn behind the body. */
static OssaDocument *
make_document (void)
{
  static const uint32_t behind[] = { SLOT_HAND, SLOT_BODY };
  OssaDocument *doc = ossa_document_new ();
  OssaTransform at = { 0, 0, 0, 1, 1 };
  OssaAnimation anim;
  OssaSlotKey k;
  OssaError err = { 0 };

  test_add_bone (&doc->skeleton, "root", -1, 0, 0, 0, 1, 1, 10);
  test_add_bone (&doc->skeleton, "arm", 0, 10, 0, 0, 1, 1, 10);
  g_assert_true (ossa_animation_init (&anim, "walk"));
  anim.duration = 1;
  anim.loop = true;
  add_key (&anim, ROOT, OSSA_CHANNEL_TRANSLATE_X, 0, 0);
  add_key (&anim, ROOT, OSSA_CHANNEL_TRANSLATE_X, 1, 10);
  add_key (&anim, ARM, OSSA_CHANNEL_ROTATE, 0, DEG (170));
  g_assert_cmpint (ossa_document_take_animation (doc, &anim, NULL), ==, WALK);
  g_assert_true (ossa_animation_init (&anim, "jump"));
  anim.duration = 0.5f;
  anim.loop = false;
  add_key (&anim, ROOT, OSSA_CHANNEL_TRANSLATE_Y, 0, 0);
  add_key (&anim, ROOT, OSSA_CHANNEL_TRANSLATE_Y, 0.5f, 50);
  add_key (&anim, ARM, OSSA_CHANNEL_ROTATE, 0, DEG (-170));
  g_assert_cmpint (ossa_document_take_animation (doc, &anim, NULL), ==, JUMP);

  art_apply (doc, ossa_command_add_image (doc, "img", "art/img.png", NULL, 0, 8, 8, &err), &err);
  art_apply (doc, ossa_command_add_slot (doc, "body", ROOT, 0xffffffffu, &err), &err);
  art_apply (doc, ossa_command_add_slot (doc, "hand", ARM, 0xffffffffu, &err), &err);
  art_apply (doc, ossa_command_add_attachment (doc, SLOT_BODY, "body", 0, &at, 4, 2, &err), &err);
  art_apply (doc, ossa_command_add_attachment (doc, SLOT_HAND, "open", 0, &at, 8, 8, &err), &err);
  art_apply (doc, ossa_command_add_attachment (doc, SLOT_HAND, "fist", 0, &at, 6, 6, &err), &err);
  memset (&k, 0, sizeof k);
  k.curve = OSSA_CURVE_EASE;
  k.time = 0, k.attachment = 1;
  art_apply (doc, ossa_command_set_slot_key (doc, JUMP, SLOT_HAND, OSSA_SLOT_CHANNEL_ATTACHMENT, &k, &err), &err);
  k.color = 0x000000ffu;
  art_apply (doc, ossa_command_set_slot_key (doc, JUMP, SLOT_HAND, OSSA_SLOT_CHANNEL_COLOR, &k, &err), &err);
  art_apply (doc, ossa_command_set_draw_order_key (doc, JUMP, 0, behind, 2, &err), &err);
  g_assert_true (ossa_document_validate (doc, &err));
  return doc;
}

static OssaPlayer *
make_player (const OssaDocument *doc)
{
  OssaError err = { 0 };
  OssaPlayer *player = ossa_player_new (doc, &err);

  if (player == NULL)
    g_error ("ossa_player_new: %s", err.message);
  return player;
}

static void
play (OssaPlayer *player, uint32_t anim, bool loop, float mix)
{
  OssaError err = { 0 };

  if (!ossa_player_play (player, anim, loop, mix, &err))
    g_error ("ossa_player_play (%u): %s", anim, err.message);
}

static void
queue (OssaPlayer *player, uint32_t anim, bool loop, float mix)
{
  OssaError err = { 0 };

  if (!ossa_player_queue (player, anim, loop, mix, &err))
    g_error ("ossa_player_queue (%u): %s", anim, err.message);
}

/* Polls every event and checks them against the expected kinds, animations and
 * times, in order. */
static void
expect_events (OssaPlayer *player, size_t n, const OssaPlayerEvent *expected)
{
  OssaPlayerEvent got[OSSA_PLAYER_EVENTS_MAX];
  size_t n_got = ossa_player_poll_events (player, got, G_N_ELEMENTS (got));
  static const char *const kinds[] = { "STARTED", "LOOPED", "FINISHED", "INTERRUPTED" };

  for (size_t i = 0; i < n_got; i++)
    g_test_message ("event %zu: %s %u at %g", i, kinds[got[i].kind], got[i].animation,
                    (double) got[i].time);
  g_assert_cmpuint (n_got, ==, n);
  for (size_t i = 0; i < n; i++)
    {
      g_assert_cmpint (got[i].kind, ==, expected[i].kind);
      g_assert_cmpuint (got[i].animation, ==, expected[i].animation);
      assert_close (got[i].time, expected[i].time, 1e-5);
    }
}

#define EVENTS(...) \
  G_STMT_START { \
    const OssaPlayerEvent ev_[] = { __VA_ARGS__ }; \
    expect_events (player, G_N_ELEMENTS (ev_), ev_); \
  } G_STMT_END
#define NO_EVENTS() expect_events (player, 0, NULL)

static const OssaTransform *
local (const OssaPlayer *player, size_t bone)
{
  return &ossa_player_get_pose (player)->local[bone];
}

/* The angle wrapped into (−π, π]: a rotation compared as a direction. */
static double
wrapped (double a)
{
  return ossa_angle_normalize (a);
}

/* ---- Time ---- */

static void
test_player_loop_wraps (void)
{
  OssaDocument *doc = make_document ();
  OssaPlayer *player = make_player (doc);
  OssaQuad quads[4];

  /* Before play: the rest pose, playing nothing. */
  g_assert_cmpint (ossa_player_current (player), ==, -1);
  ossa_player_update (player, 1);
  ossa_player_apply (player);
  assert_close (local (player, ARM)->x, 10, 0);
  assert_close (local (player, ARM)->rotation, 0, 0);
  g_assert_cmpuint (ossa_player_fill_quads (player, quads, 4), ==, 2);
  g_assert_cmpuint (quads[1].slot, ==, SLOT_HAND);
  g_assert_cmpuint (quads[1].attachment, ==, 0);
  NO_EVENTS ();

  play (player, WALK, true, 0);
  g_assert_cmpint (ossa_player_current (player), ==, WALK);
  ossa_player_update (player, 0.25f);
  ossa_player_apply (player);
  assert_close (ossa_player_current_time (player), 0.25, 1e-6);
  assert_close (local (player, ROOT)->x, 2.5, 1e-5);
  assert_close (local (player, ARM)->rotation, DEG (170), 1e-6);
  /* 2.25 s more in one frame: two ends passed, at 1 s and 2 s; 0.5 s into the third. */
  ossa_player_update (player, 2.25f);
  ossa_player_apply (player);
  assert_close (ossa_player_current_time (player), 0.5, 1e-5);
  assert_close (local (player, ROOT)->x, 5, 1e-4);
  EVENTS ({ OSSA_PLAYER_STARTED, WALK, 1 }, { OSSA_PLAYER_LOOPED, WALK, 2 },
          { OSSA_PLAYER_LOOPED, WALK, 3 });

  /* 1000 cycles in one frame: one LOOPED each, the list keeps the last 64 (in
   * order, the last at 1003 s) and counts the rest as dropped. */
  ossa_player_update (player, 1000);
  {
    OssaPlayerEvent got[OSSA_PLAYER_EVENTS_MAX + 1];
    size_t n = ossa_player_poll_events (player, got, G_N_ELEMENTS (got));

    g_assert_cmpuint (n, ==, OSSA_PLAYER_EVENTS_MAX);
    g_assert_cmpuint (ossa_player_events_dropped (player), ==, 1000 - OSSA_PLAYER_EVENTS_MAX);
    for (size_t i = 0; i < n; i++)
      {
        g_assert_cmpint (got[i].kind, ==, OSSA_PLAYER_LOOPED);
        assert_close (got[i].time, 1003.0 - (OSSA_PLAYER_EVENTS_MAX - 1) + (double) i, 1e-3);
      }
  }
  assert_close (ossa_player_current_time (player), 0.5, 1e-3);

  /* An absurd dt (10^30 cycles) returns at once, the time still in [0, 1). */
  ossa_player_update (player, 1e30f);
  g_assert_cmpfloat (ossa_player_current_time (player), >=, 0);
  g_assert_cmpfloat (ossa_player_current_time (player), <, 1);
  g_assert_cmpuint (ossa_player_poll_events (player, (OssaPlayerEvent[OSSA_PLAYER_EVENTS_MAX]) { 0 },
                                             OSSA_PLAYER_EVENTS_MAX), ==, OSSA_PLAYER_EVENTS_MAX);
  ossa_player_apply (player);
  g_assert_true (isfinite (local (player, ROOT)->x));
  ossa_player_free (player);
  ossa_document_free (doc);
}

static void
test_player_once_holds (void)
{
  OssaDocument *doc = make_document ();
  OssaPlayer *player = make_player (doc);
  OssaQuad quads[4];

  play (player, JUMP, false, 0);
  ossa_player_update (player, 0.3f);
  ossa_player_apply (player);
  assert_close (local (player, ROOT)->y, 30, 1e-4);
  EVENTS ({ OSSA_PLAYER_STARTED, JUMP, 0 });
  ossa_player_update (player, 0.3f);
  ossa_player_apply (player);
  assert_close (ossa_player_current_time (player), 0.5, 0);
  assert_close (local (player, ROOT)->y, 50, 0);
  ossa_player_update (player, 10);
  ossa_player_apply (player);
  assert_close (ossa_player_current_time (player), 0.5, 0);
  assert_close (local (player, ROOT)->y, 50, 0);
  assert_close (wrapped (local (player, ARM)->rotation), DEG (-170), 1e-6);
  EVENTS ({ OSSA_PLAYER_FINISHED, JUMP, 0.5f });
  /* Its last pose's quads: the fist, black, behind the body. */
  g_assert_cmpuint (ossa_player_fill_quads (player, quads, 4), ==, 2);
  g_assert_cmpuint (quads[0].slot, ==, SLOT_HAND);
  g_assert_cmpuint (quads[0].attachment, ==, 1);
  assert_close (quads[0].rgba[0], 0, 0);
  ossa_player_free (player);
  ossa_document_free (doc);
}

/* ---- The crossfade ---- */

static void
assert_pose_is (const OssaPlayer *player, const OssaDocument *doc, uint32_t anim, float t)
{
  OssaTransform expected[2];

  ossa_animation_sample_pose (&doc->animations[anim], &doc->skeleton, t, expected);
  g_assert_cmpmem (ossa_player_get_pose (player)->local, sizeof expected, expected, sizeof expected);
}

static void
test_player_crossfade (void)
{
  OssaDocument *doc = make_document ();
  OssaPlayer *player = make_player (doc);
  const OssaSlotPose *slots = ossa_player_get_slots (player);
  OssaQuad quads[4];

  play (player, WALK, true, 0);
  ossa_player_update (player, 0.25f);
  play (player, JUMP, false, 0.5f);
  g_assert_cmpint (ossa_player_current (player), ==, JUMP);

  /* w = 0: the walk exactly (at 0.25 s). */
  ossa_player_apply (player);
  assert_close (ossa_player_mix_weight (player), 0, 0);
  assert_pose_is (player, doc, WALK, 0.25f);
  g_assert_cmpint (slots->attachment[SLOT_HAND], ==, 0);

  /* w = 0.25: walk at 0.375 s (x 3.75), jump at 0.125 s (y 12.5); arm 170° + 20°/4;
   * still the open hand in front, its colour a quarter of the way to black. */
  ossa_player_update (player, 0.125f);
  ossa_player_apply (player);
  assert_close (ossa_player_mix_weight (player), 0.25, 1e-6);
  assert_close (local (player, ROOT)->x, 3.75 * 0.75, 1e-5);
  assert_close (local (player, ROOT)->y, 12.5 * 0.25, 1e-5);
  assert_close (local (player, ARM)->rotation, DEG (175), 1e-5);
  g_assert_cmpint (slots->attachment[SLOT_HAND], ==, 0);
  g_assert_cmpuint (slots->order[0], ==, SLOT_BODY);
  assert_close (slots->color[4 * SLOT_HAND], 0.75, 1e-6);

  /* w = 0.5: walk at 0.5 s (x 5), jump at 0.25 s (y 25): halfway; 170° and −170°
   * meet at 180° (the short way, not 0°); the fist now, behind the body. */
  ossa_player_update (player, 0.125f);
  ossa_player_apply (player);
  assert_close (ossa_player_mix_weight (player), 0.5, 1e-6);
  assert_close (local (player, ROOT)->x, 2.5, 1e-5);
  assert_close (local (player, ROOT)->y, 12.5, 1e-5);
  assert_close (fabs (wrapped (local (player, ARM)->rotation)), G_PI, 1e-5);
  g_assert_cmpint (slots->attachment[SLOT_HAND], ==, 1);
  g_assert_cmpuint (slots->order[0], ==, SLOT_HAND);
  assert_close (slots->color[4 * SLOT_HAND], 0.5, 1e-6);
  assert_close (slots->color[4 * SLOT_HAND + 3], 1, 0);

  /* The end: the jump exactly, at its end (0.5 s), the walk gone. */
  ossa_player_update (player, 0.25f);
  ossa_player_apply (player);
  assert_close (ossa_player_mix_weight (player), 1, 0);
  assert_pose_is (player, doc, JUMP, 0.5f);
  EVENTS ({ OSSA_PLAYER_STARTED, WALK, 0 }, { OSSA_PLAYER_STARTED, JUMP, 0.25f },
          { OSSA_PLAYER_INTERRUPTED, WALK, 0.75f }, { OSSA_PLAYER_FINISHED, JUMP, 0.75f });

  /* Where it is drawn: the fist (6 × 6) first, centred on the arm's joint at
   * (10, 50), turned −170°. */
  g_assert_cmpuint (ossa_player_fill_quads (player, quads, 4), ==, 2);
  g_assert_cmpuint (quads[0].slot, ==, SLOT_HAND);
  g_assert_cmpuint (quads[0].attachment, ==, 1);
  {
    double c = cos (DEG (-170)), s = sin (DEG (-170));

    assert_close (quads[0].xy[0], 10 + c * -3 - s * -3, 1e-4);
    assert_close (quads[0].xy[1], 50 + s * -3 + c * -3, 1e-4);
    assert_close (quads[0].xy[4], 10 + c * 3 - s * 3, 1e-4);
    assert_close (quads[0].xy[5], 50 + s * 3 + c * 3, 1e-4);
  }
  ossa_player_free (player);
  ossa_document_free (doc);
}

/* A crossfade started during another: the picture on show is frozen and faded
 * out from, so nothing jumps. */
static void
test_player_crossfade_interrupted (void)
{
  OssaDocument *doc = make_document ();
  OssaPlayer *player = make_player (doc);
  OssaTransform shown[2];
  int32_t attachments[2];

  play (player, WALK, true, 0);
  ossa_player_update (player, 0.25f);
  play (player, JUMP, false, 0.5f);
  ossa_player_update (player, 0.125f);
  ossa_player_apply (player);
  memcpy (shown, ossa_player_get_pose (player)->local, sizeof shown);
  memcpy (attachments, ossa_player_get_slots (player)->attachment, sizeof attachments);

  play (player, WALK, true, 0.5f);
  ossa_player_apply (player);
  g_assert_cmpmem (ossa_player_get_pose (player)->local, sizeof shown, shown, sizeof shown);
  g_assert_cmpmem (ossa_player_get_slots (player)->attachment, sizeof attachments, attachments,
                   sizeof attachments);
  EVENTS ({ OSSA_PLAYER_STARTED, WALK, 0 }, { OSSA_PLAYER_STARTED, JUMP, 0.25f },
          { OSSA_PLAYER_INTERRUPTED, WALK, 0.375f }, { OSSA_PLAYER_INTERRUPTED, JUMP, 0.375f },
          { OSSA_PLAYER_STARTED, WALK, 0.375f });

  /* Halfway from the frozen picture (x 2.8125, y 3.125, 175°) to the walk at
   * 0.25 s (x 2.5, y 0, 170°). */
  ossa_player_update (player, 0.25f);
  ossa_player_apply (player);
  assert_close (local (player, ROOT)->x, (2.8125 + 2.5) / 2, 1e-5);
  assert_close (local (player, ROOT)->y, 3.125 / 2, 1e-5);
  assert_close (local (player, ARM)->rotation, DEG (172.5), 1e-5);
  ossa_player_update (player, 0.25f);
  ossa_player_apply (player);
  assert_pose_is (player, doc, WALK, 0.5f);
  NO_EVENTS ();

  /* A cut replaces at once: INTERRUPTED, STARTED, the new pose. */
  play (player, JUMP, false, 0);
  ossa_player_apply (player);
  assert_pose_is (player, doc, JUMP, 0);
  assert_close (ossa_player_mix_weight (player), 1, 0);
  EVENTS ({ OSSA_PLAYER_INTERRUPTED, WALK, 0.875f }, { OSSA_PLAYER_STARTED, JUMP, 0.875f });
  ossa_player_free (player);
  ossa_document_free (doc);
}

/* From nothing playing: the crossfade starts from the rest pose; an animation
 * of no length held once finishes at the first frame. */
static void
test_player_crossfade_from_rest (void)
{
  OssaDocument *doc = make_document ();
  OssaPlayer *player = make_player (doc);
  OssaAnimation still;

  play (player, WALK, true, 0.5f);
  ossa_player_update (player, 0.25f);
  ossa_player_apply (player);
  /* Halfway from the rest (x 0, arm 0°) to the walk at 0.25 s (x 2.5, 170°). */
  assert_close (local (player, ROOT)->x, 1.25, 1e-5);
  assert_close (local (player, ARM)->rotation, DEG (85), 1e-5);
  ossa_player_update (player, 0.25f);
  ossa_player_apply (player);
  assert_pose_is (player, doc, WALK, 0.5f);
  EVENTS ({ OSSA_PLAYER_STARTED, WALK, 0 });

  g_assert_true (ossa_animation_init (&still, "still"));
  g_assert_cmpint (ossa_document_take_animation (doc, &still, NULL), ==, 2);
  ossa_player_free (player);
  player = make_player (doc);
  play (player, 2, false, 0);
  ossa_player_update (player, 0.01f);
  ossa_player_update (player, 0.01f);
  EVENTS ({ OSSA_PLAYER_STARTED, 2, 0 }, { OSSA_PLAYER_FINISHED, 2, 0 });
  play (player, 2, true, 0);
  ossa_player_update (player, 5);
  assert_close (ossa_player_current_time (player), 0, 0);
  EVENTS ({ OSSA_PLAYER_STARTED, 2, 0.02f });
  ossa_player_free (player);
  ossa_document_free (doc);
}

/* ---- The queue ---- */

static void
test_player_queue (void)
{
  OssaDocument *doc = make_document ();
  OssaPlayer *player = make_player (doc);

  /* Walk once, then jump: the jump starts at the walk's end (1 s). */
  play (player, WALK, false, 0);
  queue (player, JUMP, false, 0);
  ossa_player_update (player, 0.75f);
  g_assert_cmpint (ossa_player_current (player), ==, WALK);
  ossa_player_update (player, 0.5f);
  g_assert_cmpint (ossa_player_current (player), ==, JUMP);
  assert_close (ossa_player_current_time (player), 0.25, 1e-6);
  ossa_player_apply (player);
  assert_pose_is (player, doc, JUMP, 0.25f);
  ossa_player_update (player, 0.5f);
  EVENTS ({ OSSA_PLAYER_STARTED, WALK, 0 }, { OSSA_PLAYER_FINISHED, WALK, 1 },
          { OSSA_PLAYER_STARTED, JUMP, 1 }, { OSSA_PLAYER_FINISHED, JUMP, 1.5f });

  /* With a mix of 0.5 s it starts 0.5 s before the walk's end and is fully on
   * at the end: at 0.75 s halfway (walk x 7.5, jump y 25). */
  play (player, WALK, false, 0);
  queue (player, JUMP, false, 0.5f);
  ossa_player_update (player, 0.25f);
  g_assert_cmpint (ossa_player_current (player), ==, WALK);
  ossa_player_update (player, 0.5f);
  g_assert_cmpint (ossa_player_current (player), ==, JUMP);
  ossa_player_apply (player);
  assert_close (ossa_player_mix_weight (player), 0.5, 1e-6);
  assert_close (local (player, ROOT)->x, 3.75, 1e-5);
  assert_close (local (player, ROOT)->y, 12.5, 1e-5);
  ossa_player_update (player, 0.25f);
  ossa_player_apply (player);
  assert_close (ossa_player_mix_weight (player), 1, 0);
  assert_pose_is (player, doc, JUMP, 0.5f);
  EVENTS ({ OSSA_PLAYER_STARTED, WALK, 1.75f }, { OSSA_PLAYER_STARTED, JUMP, 2.25f },
          { OSSA_PLAYER_FINISHED, WALK, 2.75f }, { OSSA_PLAYER_FINISHED, JUMP, 2.75f });

  /* After a looping walk: at the end of its cycle, which does not loop again. */
  play (player, WALK, true, 0);
  ossa_player_update (player, 0.25f);
  queue (player, JUMP, false, 0);
  ossa_player_update (player, 1);
  g_assert_cmpint (ossa_player_current (player), ==, JUMP);
  assert_close (ossa_player_current_time (player), 0.25, 1e-6);
  EVENTS ({ OSSA_PLAYER_STARTED, WALK, 2.75f }, { OSSA_PLAYER_INTERRUPTED, WALK, 3.75f },
          { OSSA_PLAYER_STARTED, JUMP, 3.75f });

  /* After a once-only animation that has finished, or on a player playing
   * nothing, a queued one starts at once. */
  ossa_player_update (player, 1);
  queue (player, WALK, true, 0);
  g_assert_cmpint (ossa_player_current (player), ==, WALK);
  ossa_player_free (player);
  player = make_player (doc);
  queue (player, JUMP, false, 0);
  g_assert_cmpint (ossa_player_current (player), ==, JUMP);

  /* play() empties the queue. */
  play (player, WALK, false, 0);
  queue (player, JUMP, false, 0);
  play (player, WALK, true, 0);
  ossa_player_update (player, 3);
  g_assert_cmpint (ossa_player_current (player), ==, WALK);
  ossa_player_free (player);
  ossa_document_free (doc);
}

/* ---- Speed ---- */

static void
test_player_speed (void)
{
  OssaDocument *doc = make_document ();
  OssaPlayer *player = make_player (doc);

  play (player, WALK, true, 0);
  g_assert_true (ossa_player_set_speed (player, 0));
  ossa_player_update (player, 1.5f);
  assert_close (ossa_player_current_time (player), 0, 0);
  g_assert_true (ossa_player_set_speed (player, 2));
  assert_close (ossa_player_get_speed (player), 2, 0);
  ossa_player_update (player, 0.25f);
  assert_close (ossa_player_current_time (player), 0.5, 1e-6);
  ossa_player_apply (player);
  assert_close (local (player, ROOT)->x, 5, 1e-5);
  /* 0.5 s of the game is 1 s of the walk: its end is 0.25 s in, at 2 s (1.5 s
   * paused, 0.25 s at double speed, 0.25 s more). */
  ossa_player_update (player, 0.5f);
  assert_close (ossa_player_current_time (player), 0.5, 1e-5);
  EVENTS ({ OSSA_PLAYER_STARTED, WALK, 0 }, { OSSA_PLAYER_LOOPED, WALK, 2 });
  g_assert_false (ossa_player_set_speed (player, -1));
  g_assert_false (ossa_player_set_speed (player, NAN));
  g_assert_false (ossa_player_set_speed (player, INFINITY));
  assert_close (ossa_player_get_speed (player), 2, 0);
  ossa_player_free (player);
  ossa_document_free (doc);
}

/* ---- Bad arguments ---- */

static void
test_player_refuses (void)
{
  OssaDocument *doc = make_document ();
  OssaPlayer *player = make_player (doc);
  OssaError err = { 0 };
  static const float bad_mix[] = { -1, NAN, INFINITY };
  OssaPlayerEvent ev;

  g_assert_null (ossa_player_new (NULL, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_INVALID);
  play (player, WALK, true, 0);
  ossa_player_update (player, 0.25f);
  g_assert_cmpuint (ossa_player_poll_events (player, &ev, 1), ==, 1);

  ossa_error_clear (&err);
  g_assert_false (ossa_player_play (player, 2, true, 0, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (err.message, "animation 2"));
  ossa_error_clear (&err);
  g_assert_false (ossa_player_queue (player, 7, true, 0, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_NOT_FOUND);
  for (size_t i = 0; i < G_N_ELEMENTS (bad_mix); i++)
    {
      ossa_error_clear (&err);
      g_assert_false (ossa_player_play (player, JUMP, false, bad_mix[i], &err));
      g_assert_cmpint (err.code, ==, OSSA_ERROR_INVALID);
      ossa_error_clear (&err);
      g_assert_false (ossa_player_queue (player, JUMP, false, bad_mix[i], &err));
      g_assert_cmpint (err.code, ==, OSSA_ERROR_INVALID);
    }
  g_assert_false (ossa_player_play (NULL, 0, true, 0, NULL));
  ossa_player_update (player, -1);
  ossa_player_update (player, NAN);
  ossa_player_update (player, INFINITY);
  /* Nothing changed: still the walk at 0.25 s, no crossfade, no events. */
  g_assert_cmpint (ossa_player_current (player), ==, WALK);
  assert_close (ossa_player_current_time (player), 0.25, 1e-6);
  assert_close (ossa_player_mix_weight (player), 1, 0);
  NO_EVENTS ();

  /* The queue holds 16; the 17th is refused and the 16 still play in turn. */
  for (int i = 0; i < OSSA_PLAYER_QUEUE_MAX; i++)
    queue (player, JUMP, false, 0);
  ossa_error_clear (&err);
  g_assert_false (ossa_player_queue (player, WALK, true, 0, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_LIMIT);
  ossa_player_update (player, 0.75f + 0.5f * OSSA_PLAYER_QUEUE_MAX);
  g_assert_cmpint (ossa_player_current (player), ==, JUMP);
  {
    OssaPlayerEvent got[OSSA_PLAYER_EVENTS_MAX];
    size_t n = ossa_player_poll_events (player, got, G_N_ELEMENTS (got));

    /* The walk's end, then 16 × (started, finished). */
    g_assert_cmpuint (n, ==, 1 + 2 * OSSA_PLAYER_QUEUE_MAX);
    g_assert_cmpint (got[n - 1].kind, ==, OSSA_PLAYER_FINISHED);
    assert_close (got[n - 1].time, 1 + 0.5 * OSSA_PLAYER_QUEUE_MAX, 1e-4);
  }
  ossa_player_free (player);
  ossa_document_free (doc);
}

/* ---- No allocation per frame ---- */

static void
test_player_no_allocation (void)
{
  OssaDocument *doc = make_document ();
  OssaPlayer *player;
  OssaQuad quads[4];
  OssaPlayerEvent ev[8];
  size_t n_new, n_frames = 0, n_events = 0, n_fists = 0;

  /* The count sees the library's allocations (else this test proves nothing). */
  n_allocations = 0;
  counting = TRUE;
  player = make_player (doc);
  counting = FALSE;
  n_new = n_allocations;
  g_assert_cmpuint (n_new, >, 0);

  n_allocations = 0;
  counting = TRUE;
  for (int frame = 0; frame < 1000; frame++)
    {
      /* Every kind of change on the way: cuts, crossfades, crossfades cut into,
       * queued ones. */
      if (frame % 100 == 0)
        ossa_player_play (player, WALK, true, 0, NULL);
      else if (frame % 100 == 30)
        ossa_player_play (player, JUMP, false, 0.25f, NULL);
      else if (frame % 100 == 40)
        ossa_player_play (player, WALK, true, 0.25f, NULL);
      else if (frame % 100 == 60)
        ossa_player_queue (player, JUMP, false, 0.2f, NULL);
      ossa_player_update (player, 1.f / 60);
      ossa_player_apply (player);
      n_frames += ossa_player_fill_quads (player, quads, G_N_ELEMENTS (quads)) > 0;
      n_fists += quads[0].slot == SLOT_HAND && quads[0].attachment == 1;
      n_events += ossa_player_poll_events (player, ev, G_N_ELEMENTS (ev));
    }
  counting = FALSE;
  g_assert_cmpuint (n_allocations, ==, 0);
  g_assert_cmpuint (n_frames, ==, 1000);
  /* It did play: 10 × (the walk started, the jump crossfaded in and out, ...). */
  g_assert_cmpuint (n_events, >=, 40);
  g_assert_cmpuint (n_fists, >, 0);
  g_test_message ("ossa_player_new: %zu allocations; 1000 frames: %zu", n_new, n_allocations);
  ossa_player_free (player);
  ossa_document_free (doc);
}

/* ---- Clips shared by a crowd ---- */

static void
test_player_shared_clips (void)
{
  OssaDocument *doc = make_document (), *other = make_document ();
  OssaError err = { 0 };
  OssaPlayerClips *clips = ossa_player_clips_new (doc, &err);
  OssaPlayer *shared[3], *own;
  OssaQuad a[4], b[4];

  g_assert_nonnull (clips);
  own = make_player (doc);
  for (int i = 0; i < 3; i++)
    {
      shared[i] = ossa_player_new_with_clips (doc, clips, &err);
      g_assert_nonnull (shared[i]);
      play (shared[i], WALK, true, 0);
    }
  play (own, WALK, true, 0);
  ossa_player_update (shared[1], 0.5f);
  /* Players sharing clips are independent, and show what a player of its own does. */
  for (int frame = 0; frame < 90; frame++)
    {
      if (frame == 30)
        {
          play (own, JUMP, false, 0.25f);
          play (shared[0], JUMP, false, 0.25f);
        }
      ossa_player_update (own, 1.f / 30);
      ossa_player_update (shared[0], 1.f / 30);
      ossa_player_apply (own);
      ossa_player_apply (shared[0]);
      ossa_player_apply (shared[1]);
      g_assert_cmpmem (ossa_player_get_pose (own)->world, 2 * sizeof (OssaXform),
                       ossa_player_get_pose (shared[0])->world, 2 * sizeof (OssaXform));
      g_assert_cmpuint (ossa_player_fill_quads (own, a, 4), ==, ossa_player_fill_quads (shared[0], b, 4));
      g_assert_cmpmem (a, 2 * sizeof *a, b, 2 * sizeof *b);
      assert_close (local (shared[1], ROOT)->x, 5, 1e-5);
    }
  for (int i = 0; i < 3; i++)
    ossa_player_free (shared[i]);
  ossa_player_free (own);

  /* Clips of another document, or none, are refused. */
  ossa_error_clear (&err);
  g_assert_null (ossa_player_new_with_clips (other, clips, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_INVALID);
  g_assert_null (ossa_player_new_with_clips (doc, NULL, NULL));
  g_assert_null (ossa_player_clips_new (NULL, NULL));
  ossa_player_clips_free (clips);
  ossa_player_clips_free (NULL);
  ossa_document_free (other);
  ossa_document_free (doc);
}

/* ---- The sample character ---- */

static gboolean
all_finite (const float *v, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (!isfinite (v[i]))
      return FALSE;
  return TRUE;
}

static void
test_player_hero (void)
{
  char *path;
  OssaDocument *doc;
  OssaPlayer *player;
  OssaError err = { 0 };
  ssize_t walk, cheer;
  OssaQuad quads[64];
  OssaTransform *expected;
  float last_w = 0;
  gboolean finished = FALSE;

  path = test_sample_path ("hero.ossa");
  if (path == NULL)
    return;
  doc = ossa_document_load (path, &err);
  if (doc == NULL)
    g_error ("%s: %s", path, err.message);
  walk = ossa_document_find_animation (doc, "walk");
  cheer = ossa_document_find_animation (doc, "cheer");
  g_assert_cmpint (walk, >=, 0);
  g_assert_cmpint (cheer, >=, 0);
  player = make_player (doc);
  play (player, (uint32_t) walk, true, 0);
  ossa_player_update (player, 0.4f);
  play (player, (uint32_t) cheer, false, 0.3f);
  for (int frame = 0; frame < 120; frame++)
    {
      const OssaPose *pose;
      size_t n;
      float w;
      OssaPlayerEvent ev[8];
      size_t n_ev;

      ossa_player_update (player, 1.f / 60);
      ossa_player_apply (player);
      pose = ossa_player_get_pose (player);
      n = ossa_player_fill_quads (player, quads, G_N_ELEMENTS (quads));
      g_assert_cmpuint (n, >, 0);
      g_assert_cmpuint (n, <=, G_N_ELEMENTS (quads));
      g_assert_true (all_finite ((const float *) pose->local, 5 * pose->n_bones));
      g_assert_true (all_finite ((const float *) pose->world, 6 * pose->n_bones));
      for (size_t q = 0; q < n; q++)
        {
          g_assert_true (all_finite (quads[q].xy, 8));
          g_assert_true (all_finite (quads[q].rgba, 4));
        }
      w = ossa_player_mix_weight (player);
      g_assert_cmpfloat (w, >=, last_w);
      last_w = w;
      n_ev = ossa_player_poll_events (player, ev, G_N_ELEMENTS (ev));
      for (size_t e = 0; e < n_ev; e++)
        finished |= ev[e].kind == OSSA_PLAYER_FINISHED && ev[e].animation == (uint32_t) cheer;
    }
  /* 2 s after the start of the cheer (1.4 s): over, held at its end. */
  g_assert_true (finished);
  assert_close (ossa_player_mix_weight (player), 1, 0);
  expected = g_new (OssaTransform, doc->skeleton.n_bones);
  ossa_animation_sample_pose (&doc->animations[cheer], &doc->skeleton,
                              doc->animations[cheer].duration, expected);
  g_assert_cmpmem (ossa_player_get_pose (player)->local, doc->skeleton.n_bones * sizeof *expected,
                   expected, doc->skeleton.n_bones * sizeof *expected);
  g_free (expected);
  ossa_player_free (player);
  ossa_document_free (doc);
  g_free (path);
}

/* ---- IK after FK ---- */

/* upper (length 3) → lower (at 3, length 4) reaching for a target root at (5, 0):
 * a 3-4-5 triangle, so fully solved the elbow is 90° and upper −53.13°.
 * "off" keys the constraint's mix 0, "on" keys it 1. */
static OssaDocument *
make_ik_document (OssaIkConstraint *ik, OssaIkTrack *tracks)
{
  OssaDocument *doc = ossa_document_new ();
  const char *names[2] = { "off", "on" };

  test_add_bone (&doc->skeleton, "upper", -1, 0, 0, 0, 1, 1, 3);
  test_add_bone (&doc->skeleton, "lower", 0, 3, 0, 0, 1, 1, 4);
  test_add_bone (&doc->skeleton, "target", -1, 5, 0, 0, 1, 1, 1);
  *ik = (OssaIkConstraint) { "reach", { 0, 1 }, 2, 2, true, 1.f };
  doc->ik = ik;
  doc->n_ik = 1;
  for (int a = 0; a < 2; a++)
    {
      OssaAnimation anim;

      g_assert_true (ossa_animation_init (&anim, names[a]));
      anim.duration = 1;
      anim.loop = true;
      ossa_ik_track_init (&tracks[a], 0);
      ossa_ik_track_set_key (&tracks[a], &(OssaIkKey) { 0.f, (float) a, false, false }, NULL);
      anim.ik_tracks = &tracks[a];
      anim.n_ik_tracks = 1;
      g_assert_cmpint (ossa_document_take_animation (doc, &anim, NULL), ==, a);
    }
  return doc;
}

static void
test_player_ik (void)
{
  OssaIkConstraint ik;
  OssaIkTrack tracks[2];
  OssaDocument *doc = make_ik_document (&ik, tracks);
  OssaPlayer *player = ossa_player_new (doc, NULL);
  const OssaPose *pose = ossa_player_get_pose (player);
  double elbow = G_PI / 2, upper = -atan2 (4, 3);

  g_assert_nonnull (player);
  /* Nothing playing: the constraint's own mix, 1. */
  ossa_player_apply (player);
  assert_close (pose->local[1].rotation, elbow, 1e-5);
  assert_close (ossa_pose_tip (&pose->world[1], 4).x, 5, 1e-5);
  ossa_player_play (player, 0, true, 0, NULL);
  ossa_player_apply (player);
  assert_close (pose->local[1].rotation, 0, 0);
  assert_close (pose->world[1].tx, 3, 1e-6);
  /* A crossfade over 1 s to "on": halfway, the mix is halfway, and so are the
   * angles; the frame does not allocate. */
  ossa_player_play (player, 1, true, 1, NULL);
  ossa_player_update (player, 0.5f);
  n_allocations = 0;
  counting = TRUE;
  ossa_player_apply (player);
  counting = FALSE;
  g_assert_cmpuint (n_allocations, ==, 0);
  assert_close (pose->local[0].rotation, upper / 2, 1e-5);
  assert_close (pose->local[1].rotation, elbow / 2, 1e-5);
  /* Interrupted at 0.5 by a cut back into "on" over 1 s: the frozen picture
   * shows at once (nothing jumps), then fades to full IK. */
  ossa_player_play (player, 1, true, 1, NULL);
  ossa_player_apply (player);
  assert_close (pose->local[1].rotation, elbow / 2, 1e-5);
  ossa_player_update (player, 1.f);
  ossa_player_apply (player);
  assert_close (pose->local[0].rotation, upper, 1e-5);
  assert_close (pose->local[1].rotation, elbow, 1e-5);
  assert_close (ossa_pose_tip (&pose->world[1], 4).x, 5, 1e-5);
  assert_close (ossa_pose_tip (&pose->world[1], 4).y, 0, 1e-5);
  ossa_player_free (player);
  doc->ik = NULL;
  doc->n_ik = 0;
  for (int a = 0; a < 2; a++)
    {
      doc->animations[a].ik_tracks = NULL;
      doc->animations[a].n_ik_tracks = 0;
      ossa_ik_track_clear (&tracks[a]);
    }
  ossa_document_free (doc);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/player/loop-wraps", test_player_loop_wraps);
  g_test_add_func ("/player/once-holds", test_player_once_holds);
  g_test_add_func ("/player/crossfade", test_player_crossfade);
  g_test_add_func ("/player/crossfade-interrupted", test_player_crossfade_interrupted);
  g_test_add_func ("/player/crossfade-from-rest", test_player_crossfade_from_rest);
  g_test_add_func ("/player/queue", test_player_queue);
  g_test_add_func ("/player/speed", test_player_speed);
  g_test_add_func ("/player/refuses", test_player_refuses);
  g_test_add_func ("/player/no-allocation", test_player_no_allocation);
  g_test_add_func ("/player/shared-clips", test_player_shared_clips);
  g_test_add_func ("/player/hero", test_player_hero);
  g_test_add_func ("/player/ik", test_player_ik);
  return g_test_run ();
}
