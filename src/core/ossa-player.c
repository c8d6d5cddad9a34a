/* SPDX-License-Identifier: MIT */
/* One playing instance (ossa-player.h): the clocks, the crossfade, the queue and
 * the events; what is on show is sampled and mixed by ossa_player_apply().
 *
 * What plays is an "entry" (an animation, looping or once, and its time). The
 * player shows `cur`; during a crossfade it also shows `from`, which fades out
 * while `cur` fades in over mix seconds. Animations are sampled from their
 * runtime clips (OssaPlayerClips, shared by a crowd), each entry through its
 * own cursors, so playing forward reads only the keys passed since the last
 * frame; slots start from their rest state unpacked once.
 *
 * Mixing, and why:
 * - The weight of the new animation is linear in the crossfade's time,
 *   w = elapsed / mix, as Spine and Unity mix: the weight a game reads back
 *   (ossa_player_mix_weight()) is then the fraction of the mix gone by, and the
 *   animations' own keys already carry the easing, so a second curve on top
 *   would only make the middle of the mix faster than the author keyed it.
 * - Every bone channel is blended linearly from the old value to the new;
 *   rotation goes the short way round (the difference wrapped into (−π, π]), so
 *   170° → −170° passes 180°, not 0°. Scales are blended linearly too (not in
 *   log space: that is what Spine does, and the result for a scale passing
 *   through 0, a mirror, is then the expected flip through 0).
 * - A slot's attachment and the draw order are steps: the old ones show while
 *   w < 0.5, the new ones from w = 0.5. Slot colours are blended linearly
 *   (straight alpha, as they are keyed).
 * - No additive layers: the issue does not need them, and one crossfade at a
 *   time keeps the instance small (two poses) and the frame cost fixed.
 *
 * A crossfade started while one runs: what is on show at that moment (the old
 * mix, sampled now) is frozen into the "from" pose, and the new animation fades
 * in over it. Nothing jumps: the frame before and after the call are the same
 * picture. The other choices jump: keeping the old target as "from" and
 * dropping the old "from" pops when the old mix was far from its end; keeping
 * all three playing needs a pose per level of nesting (Spine's mixing chain), so
 * unbounded memory or a limit anyway. Unity's Animator freezes the same way when
 * a transition is interrupted. Both animations that made the frozen picture are
 * INTERRUPTED then (unless they had finished).
 *
 * The clock events are stamped with is the game's: the sum of the dt given to
 * ossa_player_update(), so an event in the middle of a frame says where in the
 * frame it happened; speed scales what the animations and the crossfade advance
 * by, not that clock. */
#include "ossa-player.h"

#include <math.h>

#include "ossa-clip.h"
#include "ossa-ik-pose.h"
#include <string.h>
#include <stdlib.h>

/* What a crossfade fades out: the animation of an entry, the rest pose, or a
 * picture frozen when a crossfade was interrupted (in from_local/from_slots). */
typedef enum
{
  FROM_ENTRY,
  FROM_FROZEN,
} FromKind;

typedef struct
{
  int32_t anim;      /* -1: the rest pose */
  bool    loop;
  bool    finished;  /* a once-only animation that reached its end */
  float   time;      /* seconds into the animation */
} Entry;

typedef struct
{
  uint32_t anim;
  bool     loop;
  float    mix;
} Queued;

/* Which of a player's two entries a clip cursor follows. */
enum { ROLE_CUR, ROLE_FROM, N_ROLES };

struct OssaPlayerClips
{
  const OssaDocument *doc;
  size_t              n_clips;
  OssaClip          **clips;  /* one per animation of doc */
  /* The slots' rest state, unpacked once (what every sample starts from). */
  size_t              n_slots;
  int32_t            *rest_attachment;
  float              *rest_color;
  uint32_t           *rest_order;
};

struct OssaPlayer
{
  const OssaDocument    *doc;
  const OssaPlayerClips *clips;
  OssaPlayerClips       *own_clips;  /* made by ossa_player_new(), else NULL */
  OssaClipCursor       **cursors;    /* [role · n_clips + animation] */
  OssaPose           *pose;        /* what apply() leaves: the mix */
  OssaSlotPose       *slots;
  OssaTransform      *from_local;  /* the crossfade's other pose (or the frozen one) */
  OssaSlotPose       *from_slots;
  OssaTransform      *snap_local;  /* scratch for freezing a crossfade */
  OssaSlotPose       *snap_slots;
  /* The IK constraints' mix and bend for the same three poses (doc->n_ik each):
   * blended like the bones, then applied after FK to what is on show. */
  OssaIkState        *ik_states, *from_ik_states, *snap_ik_states;
  float               speed;
  double              clock;       /* the game's seconds, summed from update()'s dt */

  Entry    cur, from;
  bool     mixing;
  FromKind from_kind;
  float    mix, mix_elapsed;

  Queued queue[OSSA_PLAYER_QUEUE_MAX];
  size_t queue_head, queue_len;

  OssaPlayerEvent events[OSSA_PLAYER_EVENTS_MAX];
  size_t          events_head, events_len;
  size_t          events_dropped;
};

OssaPlayerClips *
ossa_player_clips_new (const OssaDocument *doc, OssaError *err)
{
  OssaPlayerClips *clips;

  if (doc == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "no document to build clips of");
      return NULL;
    }
  clips = calloc (1, sizeof *clips);
  if (clips != NULL)
    clips->clips = calloc (doc->n_animations ? doc->n_animations : 1, sizeof *clips->clips);
  if (clips == NULL || clips->clips == NULL)
    {
      free (clips);
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory for a document's clips");
      return NULL;
    }
  clips->doc = doc;
  clips->n_slots = doc->n_slots;
  clips->rest_attachment = calloc (doc->n_slots + 1, sizeof *clips->rest_attachment);
  clips->rest_color = calloc (4 * doc->n_slots + 1, sizeof *clips->rest_color);
  clips->rest_order = calloc (doc->n_slots + 1, sizeof *clips->rest_order);
  if (clips->rest_attachment == NULL || clips->rest_color == NULL || clips->rest_order == NULL)
    {
      ossa_player_clips_free (clips);
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory for a document's clips");
      return NULL;
    }
  for (size_t i = 0; i < doc->n_slots; i++)
    {
      clips->rest_attachment[i] = doc->slots[i].attachment;
      ossa_color_unpack (doc->slots[i].color, &clips->rest_color[4 * i]);
      clips->rest_order[i] = (uint32_t) i;
    }
  for (; clips->n_clips < doc->n_animations; clips->n_clips++)
    {
      OssaClip *clip = ossa_clip_new (&doc->animations[clips->n_clips], &doc->skeleton, err);

      if (clip == NULL)
        {
          ossa_player_clips_free (clips);
          return NULL;
        }
      clips->clips[clips->n_clips] = clip;
    }
  return clips;
}

void
ossa_player_clips_free (OssaPlayerClips *clips)
{
  if (clips == NULL)
    return;
  for (size_t i = 0; i < clips->n_clips; i++)
    ossa_clip_free (clips->clips[i]);
  free (clips->clips);
  free (clips->rest_attachment);
  free (clips->rest_color);
  free (clips->rest_order);
  free (clips);
}

OssaPlayer *
ossa_player_new (const OssaDocument *doc, OssaError *err)
{
  OssaPlayerClips *clips = ossa_player_clips_new (doc, err);
  OssaPlayer *player;

  if (clips == NULL)
    return NULL;
  player = ossa_player_new_with_clips (doc, clips, err);
  if (player == NULL)
    ossa_player_clips_free (clips);
  else
    player->own_clips = clips;
  return player;
}

OssaPlayer *
ossa_player_new_with_clips (const OssaDocument *doc, const OssaPlayerClips *clips, OssaError *err)
{
  OssaPlayer *player;

  if (doc == NULL || clips == NULL || clips->doc != doc || clips->n_clips != doc->n_animations)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID,
                      doc == NULL ? "a player needs a document"
                                  : "a player needs the clips of its own document");
      return NULL;
    }
  player = calloc (1, sizeof *player);
  if (player == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory for a player");
      return NULL;
    }
  player->doc = doc;
  player->clips = clips;
  player->speed = 1;
  player->cur = (Entry) { .anim = -1 };
  player->from = (Entry) { .anim = -1 };
  player->pose = ossa_pose_new (&doc->skeleton, err);
  player->slots = player->pose ? ossa_slot_pose_new (doc, err) : NULL;
  player->from_slots = player->slots ? ossa_slot_pose_new (doc, err) : NULL;
  player->snap_slots = player->from_slots ? ossa_slot_pose_new (doc, err) : NULL;
  if (player->snap_slots == NULL)
    {
      ossa_player_free (player);
      return NULL;
    }
  {
    size_t n = doc->skeleton.n_bones ? doc->skeleton.n_bones : 1;
    bool ok;

    player->from_local = calloc (n, sizeof *player->from_local);
    player->snap_local = calloc (n, sizeof *player->snap_local);
    player->cursors = calloc (N_ROLES * clips->n_clips + 1, sizeof *player->cursors);
    player->ik_states = calloc (doc->n_ik + 1, sizeof *player->ik_states);
    player->from_ik_states = calloc (doc->n_ik + 1, sizeof *player->from_ik_states);
    player->snap_ik_states = calloc (doc->n_ik + 1, sizeof *player->snap_ik_states);
    ok = player->from_local != NULL && player->snap_local != NULL && player->cursors != NULL
         && player->ik_states != NULL && player->from_ik_states != NULL
         && player->snap_ik_states != NULL;
    for (size_t i = 0; ok && i < N_ROLES * clips->n_clips; i++)
      ok = (player->cursors[i] = ossa_clip_cursor_new (clips->clips[i % clips->n_clips])) != NULL;
    if (!ok)
      {
        ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory for a player");
        ossa_player_free (player);
        return NULL;
      }
  }
  return player;
}

void
ossa_player_free (OssaPlayer *player)
{
  if (player == NULL)
    return;
  ossa_pose_free (player->pose);
  ossa_slot_pose_free (player->slots);
  ossa_slot_pose_free (player->from_slots);
  ossa_slot_pose_free (player->snap_slots);
  free (player->from_local);
  free (player->snap_local);
  free (player->ik_states);
  free (player->from_ik_states);
  free (player->snap_ik_states);
  for (size_t i = 0; player->cursors != NULL && i < N_ROLES * player->clips->n_clips; i++)
    ossa_clip_cursor_free (player->cursors[i]);
  free (player->cursors);
  ossa_player_clips_free (player->own_clips);
  free (player);
}

/* ---- Events ---- */

/* Adds an event in time order (events of one update can come from two animations
 * and the crossfade, each in its own order); the oldest goes when the list is full. */
static void
push_event (OssaPlayer *player, OssaPlayerEventKind kind, int32_t anim, double time)
{
  size_t i;

  if (anim < 0)
    return;
  if (player->events_len == OSSA_PLAYER_EVENTS_MAX)
    {
      player->events_head = (player->events_head + 1) % OSSA_PLAYER_EVENTS_MAX;
      player->events_len--;
      player->events_dropped++;
    }
  i = player->events_len++;
  while (i > 0)
    {
      OssaPlayerEvent *prev = &player->events[(player->events_head + i - 1) % OSSA_PLAYER_EVENTS_MAX];

      if (!(prev->time > (float) time))
        break;
      player->events[(player->events_head + i) % OSSA_PLAYER_EVENTS_MAX] = *prev;
      i--;
    }
  player->events[(player->events_head + i) % OSSA_PLAYER_EVENTS_MAX]
    = (OssaPlayerEvent) { kind, (uint32_t) anim, (float) time };
}

size_t
ossa_player_poll_events (OssaPlayer *player, OssaPlayerEvent *out, size_t max)
{
  size_t n;

  if (player == NULL || out == NULL)
    return 0;
  n = player->events_len < max ? player->events_len : max;
  for (size_t i = 0; i < n; i++)
    out[i] = player->events[(player->events_head + i) % OSSA_PLAYER_EVENTS_MAX];
  player->events_head = (player->events_head + n) % OSSA_PLAYER_EVENTS_MAX;
  player->events_len -= n;
  return n;
}

size_t
ossa_player_events_dropped (const OssaPlayer *player)
{
  return player ? player->events_dropped : 0;
}

/* ---- Time ---- */

static float
entry_duration (const OssaPlayer *player, const Entry *e)
{
  return e->anim < 0 ? 0 : player->doc->animations[e->anim].duration;
}

/* An entry leaves the screen: INTERRUPTED unless it had finished. */
static void
entry_dropped (OssaPlayer *player, const Entry *e, double now)
{
  if (e->anim >= 0 && !e->finished)
    push_event (player, OSSA_PLAYER_INTERRUPTED, e->anim, now);
}

/* Advances e by s seconds of animation time (s ≥ 0) that start at the game's
 * clock t0; LOOPED once per end passed, FINISHED once at a once-only end. */
static void
entry_advance (OssaPlayer *player, Entry *e, float s, double t0)
{
  float dur = entry_duration (player, e);
  double per_second = 1.0 / player->speed;  /* game seconds per animation second */

  if (e->anim < 0 || !(s > 0))
    return;
  if (e->loop)
    {
      double end = (double) e->time + s;
      double cycles;

      if (!(dur > 0))
        {
          e->time = 0;
          return;
        }
      cycles = floor (end / dur);
      if (cycles >= 1)
        {
          /* Only the last EVENTS_MAX could stay in the list: skip the rest
           * (counted, not looped over: a huge dt must not take long). */
          size_t n = cycles > OSSA_PLAYER_EVENTS_MAX ? OSSA_PLAYER_EVENTS_MAX : (size_t) cycles;
          double skipped = cycles - (double) n;

          player->events_dropped += skipped < 1e18 ? (size_t) skipped : (size_t) 1e18;
          for (size_t i = 0; i < n; i++)
            push_event (player, OSSA_PLAYER_LOOPED, e->anim,
                        t0 + ((cycles - (double) (n - 1 - i)) * dur - e->time) * per_second);
          e->time = (float) fmod (end, dur);
          if (!(e->time < dur))  /* rounding at the very end of a cycle */
            e->time = 0;
        }
      else
        e->time = (float) end;
      return;
    }
  if (e->time + s >= dur)
    {
      if (!e->finished)
        push_event (player, OSSA_PLAYER_FINISHED, e->anim, t0 + (double) (dur - e->time) * per_second);
      e->finished = true;
      e->time = dur;
    }
  else
    e->time += s;
}

/* Starts (anim, loop) now, crossfading over mix seconds from what is on show. */
static void
start (OssaPlayer *player, uint32_t anim, bool loop, float mix, double now);

/* The current entry's time at which the queue's head starts (its crossfade
 * beginning mix before the end), in [0, duration]. */
static float
queue_trigger (const OssaPlayer *player)
{
  const Queued *q = &player->queue[player->queue_head];
  float dur = entry_duration (player, &player->cur);
  float t = dur - q->mix;

  return t > 0 ? t : 0;
}

static void
start_queued (OssaPlayer *player, double now)
{
  Queued q = player->queue[player->queue_head];

  player->queue_head = (player->queue_head + 1) % OSSA_PLAYER_QUEUE_MAX;
  player->queue_len--;
  start (player, q.anim, q.loop, q.mix, now);
}

/* Advances everything by s seconds of animation time from the game's clock t0. */
static void
advance_all (OssaPlayer *player, float s, double t0)
{
  if (player->mixing)
    {
      float left = player->mix - player->mix_elapsed;
      float fade = s < left ? s : left;

      if (player->from_kind == FROM_ENTRY)
        entry_advance (player, &player->from, fade, t0);
      player->mix_elapsed += s;
      if (s >= left)
        {
          if (player->from_kind == FROM_ENTRY)
            entry_dropped (player, &player->from, t0 + (double) left / player->speed);
          player->mixing = false;
        }
    }
  entry_advance (player, &player->cur, s, t0);
}

void
ossa_player_update (OssaPlayer *player, float dt)
{
  double now;
  float left;

  if (player == NULL || !(dt >= 0) || !isfinite (dt))
    return;
  now = player->clock;
  left = dt * player->speed;
  player->clock += dt;
  /* Steps end where a queued animation starts; each starts one, or uses up dt. */
  for (;;)
    {
      float step = left;

      if (player->queue_len > 0)
        {
          float trigger = queue_trigger (player);

          if (player->cur.anim < 0 || player->cur.time >= trigger)
            {
              start_queued (player, now);
              continue;
            }
          if (player->cur.time + step >= trigger)
            {
              /* Up to the trigger exactly, the crossfade and its old animation
               * with it; a looping cycle does not wrap there (the queued
               * animation replaces it), a once-only one finishes at its end. */
              Entry keep = player->cur;
              float dur = entry_duration (player, &keep);

              step = trigger - keep.time;
              player->cur.anim = -1;
              advance_all (player, step, now);
              player->cur = keep;
              player->cur.time = trigger;
              if (!keep.loop && trigger >= dur && !keep.finished)
                {
                  push_event (player, OSSA_PLAYER_FINISHED, keep.anim,
                              now + (double) step / player->speed);
                  player->cur.finished = true;
                }
              now += (double) step / player->speed;
              left -= step;
              start_queued (player, now);
              continue;
            }
        }
      if (step > 0)
        advance_all (player, step, now);
      break;
    }
}

/* ---- Playing ---- */

static bool
check_args (const OssaPlayer *player, uint32_t animation, float mix, OssaError *err)
{
  if (player == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "no player");
      return false;
    }
  if (animation >= player->doc->n_animations)
    {
      ossa_error_set (err, OSSA_ERROR_NOT_FOUND, "no animation %u (the document has %zu)",
                      animation, player->doc->n_animations);
      return false;
    }
  if (!isfinite (mix) || mix < 0)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "crossfade time %g is not a finite number >= 0",
                      (double) mix);
      return false;
    }
  return true;
}

static void freeze (OssaPlayer *player);

static void
start (OssaPlayer *player, uint32_t anim, bool loop, float mix, double now)
{
  if (mix > 0)
    {
      if (player->mixing)
        {
          if (player->from_kind == FROM_ENTRY)
            entry_dropped (player, &player->from, now);
          entry_dropped (player, &player->cur, now);
          freeze (player);
        }
      else
        {
          player->from = player->cur;
          player->from_kind = FROM_ENTRY;
        }
      player->mixing = true;
      player->mix = mix;
      player->mix_elapsed = 0;
    }
  else
    {
      if (player->mixing && player->from_kind == FROM_ENTRY)
        entry_dropped (player, &player->from, now);
      entry_dropped (player, &player->cur, now);
      player->mixing = false;
    }
  player->cur = (Entry) { .anim = (int32_t) anim, .loop = loop, .finished = false, .time = 0 };
  push_event (player, OSSA_PLAYER_STARTED, (int32_t) anim, now);
}

bool
ossa_player_play (OssaPlayer *player, uint32_t animation, bool loop, float mix, OssaError *err)
{
  if (!check_args (player, animation, mix, err))
    return false;
  player->queue_len = 0;
  start (player, animation, loop, mix, player->clock);
  return true;
}

bool
ossa_player_queue (OssaPlayer *player, uint32_t animation, bool loop, float mix, OssaError *err)
{
  if (!check_args (player, animation, mix, err))
    return false;
  if (player->queue_len == OSSA_PLAYER_QUEUE_MAX)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "the player's queue is full (%d animations)",
                      OSSA_PLAYER_QUEUE_MAX);
      return false;
    }
  player->queue[(player->queue_head + player->queue_len) % OSSA_PLAYER_QUEUE_MAX]
    = (Queued) { animation, loop, mix };
  player->queue_len++;
  /* Nothing plays, or its end (less the mix) is already behind: start now. */
  if (player->queue_len == 1 && (player->cur.anim < 0 || player->cur.time >= queue_trigger (player)))
    start_queued (player, player->clock);
  return true;
}

bool
ossa_player_set_speed (OssaPlayer *player, float speed)
{
  if (player == NULL || !isfinite (speed) || speed < 0)
    return false;
  player->speed = speed;
  return true;
}

float
ossa_player_get_speed (const OssaPlayer *player)
{
  return player ? player->speed : 0;
}

/* ---- Sampling and mixing ---- */

/* b − a wrapped into (−π, π]. */
static inline float
angle_delta (float a, float b)
{
  float d = b - a;

  if (d > (float) OSSA_PI || d <= (float) -OSSA_PI)
    d -= (float) OSSA_TAU * ceilf ((d - (float) OSSA_PI) / (float) OSSA_TAU);
  return d;
}

static const OssaAnimation *
entry_animation (const OssaPlayer *player, const Entry *e)
{
  return e->anim < 0 ? NULL : &player->doc->animations[e->anim];
}

/* ossa_slot_pose_sample() starting from the rest state unpacked once. */
static void
sample_slots (const OssaPlayer *player, const OssaAnimation *anim, float t, OssaSlotPose *pose)
{
  const OssaPlayerClips *clips = player->clips;
  size_t n = pose->n_slots;
  ssize_t d;

  memcpy (pose->attachment, clips->rest_attachment, n * sizeof *pose->attachment);
  memcpy (pose->color, clips->rest_color, 4 * n * sizeof *pose->color);
  memcpy (pose->order, clips->rest_order, n * sizeof *pose->order);
  if (anim == NULL)
    return;
  for (size_t i = 0; i < anim->n_slot_tracks; i++)
    {
      const OssaSlotTrack *track = &anim->slot_tracks[i];
      uint32_t s = track->slot;

      if (s >= n || track->n_keys == 0)
        continue;
      if (track->channel == OSSA_SLOT_CHANNEL_ATTACHMENT)
        pose->attachment[s] = ossa_slot_track_sample_attachment (track, t, pose->attachment[s]);
      else if (track->channel == OSSA_SLOT_CHANNEL_COLOR)
        ossa_slot_track_sample_color (track, t, &pose->color[4 * s]);
    }
  d = ossa_draw_order_key_before (anim->draw_order, anim->n_draw_order, t);
  if (d >= 0 && anim->draw_order[d].n_order == n)
    memcpy (pose->order, anim->draw_order[d].order, n * sizeof *pose->order);
}

/* Every IK constraint's mix and bend in anim at t (NULL: their own). */
static void
sample_ik_states (const OssaPlayer *player, const OssaAnimation *anim, float t, OssaIkState *out)
{
  for (size_t c = 0; c < player->doc->n_ik; c++)
    out[c] = ossa_ik_sample (player->doc, anim, c, t);
}

/* e's local pose (and world matrices, when world is not NULL: FK only, before
 * IK), slots and IK states; role says which cursors follow it. */
static void
sample_entry (const OssaPlayer *player, const Entry *e, int role, OssaTransform *local,
              OssaXform *world, OssaSlotPose *slots, OssaIkState *ik)
{
  const OssaAnimation *anim = entry_animation (player, e);

  sample_ik_states (player, anim, e->time, ik);

  if (anim == NULL)
    {
      ossa_animation_sample_pose (NULL, &player->doc->skeleton, 0, local);
      if (world != NULL)
        ossa_pose_compute_world (&player->doc->skeleton, local, world);
    }
  else
    {
      size_t n = player->clips->n_clips;
      const OssaClip *clip = player->clips->clips[e->anim];
      OssaClipCursor *cursor = player->cursors[(size_t) role * n + (size_t) e->anim];

      if (world != NULL)
        ossa_clip_sample_world (clip, e->time, cursor, local, world);
      else
        ossa_clip_sample (clip, e->time, cursor, local);
    }
  sample_slots (player, anim, e->time, slots);
}

/* The IK states of from and to at weight w into out (which may be either): mix
 * blended, bend a step at the midpoint like the attachments. */
static void
blend_ik (const OssaPlayer *player, float w, const OssaIkState *from, const OssaIkState *to,
          OssaIkState *out)
{
  for (size_t c = 0; c < player->doc->n_ik; c++)
    {
      OssaIkState f = from[c], t = to[c];

      out[c].mix = f.mix + (t.mix - f.mix) * w;
      out[c].bend_positive = w < 0.5f ? f.bend_positive : t.bend_positive;
    }
}

/* out = the mix of from and to at weight w; out may be either of them. */
static void
blend (const OssaPlayer *player, float w, const OssaTransform *from, const OssaSlotPose *fs,
       const OssaTransform *to, const OssaSlotPose *ts, OssaTransform *out, OssaSlotPose *os)
{
  size_t n_bones = player->doc->skeleton.n_bones, n_slots = os->n_slots;
  const OssaSlotPose *step = w < 0.5f ? fs : ts;

  for (size_t i = 0; i < n_bones; i++)
    {
      OssaTransform f = from[i], t = to[i];

      out[i].x = f.x + (t.x - f.x) * w;
      out[i].y = f.y + (t.y - f.y) * w;
      out[i].rotation = f.rotation + angle_delta (f.rotation, t.rotation) * w;
      out[i].scale_x = f.scale_x + (t.scale_x - f.scale_x) * w;
      out[i].scale_y = f.scale_y + (t.scale_y - f.scale_y) * w;
    }
  for (size_t c = 0; c < 4 * n_slots; c++)
    os->color[c] = fs->color[c] + (ts->color[c] - fs->color[c]) * w;
  if (step != os)
    {
      memcpy (os->attachment, step->attachment, n_slots * sizeof *os->attachment);
      memcpy (os->order, step->order, n_slots * sizeof *os->order);
    }
}

/* Freezes what is on show now (the running crossfade at its weight) into the
 * from pose, to fade out from it. */
static void
freeze (OssaPlayer *player)
{
  float w = ossa_player_mix_weight (player);

  sample_entry (player, &player->cur, ROLE_CUR, player->snap_local, NULL, player->snap_slots,
                player->snap_ik_states);
  if (player->from_kind == FROM_ENTRY)
    sample_entry (player, &player->from, ROLE_FROM, player->from_local, NULL, player->from_slots,
                  player->from_ik_states);
  blend (player, w, player->from_local, player->from_slots, player->snap_local,
         player->snap_slots, player->from_local, player->from_slots);
  /* The frozen picture is FK blended plus IK at blended states, as apply() shows it. */
  blend_ik (player, w, player->from_ik_states, player->snap_ik_states, player->from_ik_states);
  player->from_kind = FROM_FROZEN;
}

void
ossa_player_apply (OssaPlayer *player)
{
  if (player == NULL)
    return;
  if (!player->mixing)
    {
      /* One pass for the local pose and the world matrices. */
      sample_entry (player, &player->cur, ROLE_CUR, player->pose->local, player->pose->world,
                    player->slots, player->ik_states);
    }
  else
    {
      float w = ossa_player_mix_weight (player);

      sample_entry (player, &player->cur, ROLE_CUR, player->pose->local, NULL, player->slots,
                    player->ik_states);
      if (player->from_kind == FROM_ENTRY)
        sample_entry (player, &player->from, ROLE_FROM, player->from_local, NULL,
                      player->from_slots, player->from_ik_states);
      blend (player, w, player->from_local, player->from_slots, player->pose->local,
             player->slots, player->pose->local, player->slots);
      blend_ik (player, w, player->from_ik_states, player->ik_states, player->ik_states);
      ossa_pose_update_world (player->pose, &player->doc->skeleton);
    }
  /* IK after FK, on the mixed pose (DESIGN.md "Inverse kinematics"). */
  ossa_ik_apply (player->doc, player->ik_states, player->pose->local, player->pose->world,
                 player->pose->scratch);
}

const OssaPose *
ossa_player_get_pose (const OssaPlayer *player)
{
  return player ? player->pose : NULL;
}

const OssaSlotPose *
ossa_player_get_slots (const OssaPlayer *player)
{
  return player ? player->slots : NULL;
}

size_t
ossa_player_fill_quads (const OssaPlayer *player, OssaQuad *out, size_t max)
{
  if (player == NULL || (out == NULL && max > 0))
    return 0;
  return ossa_slot_pose_fill_quads (player->slots, player->pose->world, out, max);
}

int32_t
ossa_player_current (const OssaPlayer *player)
{
  return player ? player->cur.anim : -1;
}

float
ossa_player_current_time (const OssaPlayer *player)
{
  return player ? player->cur.time : 0;
}

float
ossa_player_mix_weight (const OssaPlayer *player)
{
  float w;

  if (player == NULL || !player->mixing)
    return 1;
  w = player->mix_elapsed / player->mix;
  return w < 1 ? w : 1;
}
