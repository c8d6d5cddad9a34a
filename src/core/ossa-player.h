/* SPDX-License-Identifier: MIT */
/* One playing instance of a document, the object a game keeps per character: its
 * pose and slots, what it plays (an animation, a crossfade to the next, a queue),
 * and what has finished. The document is the shared, read-only data (load it once;
 * any number of players on any threads may read it); a player is used by one
 * thread at a time. The caller owns a player (ossa_player_free()); everything it
 * needs is allocated by ossa_player_new(), so the per-frame calls (marked "Per
 * frame") never allocate. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ossa-api.h"
#include "ossa-art-pose.h"
#include "ossa-document.h"
#include "ossa-error.h"
#include "ossa-pose.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How many animations can wait in one player's queue, and how many events it keeps
 * between two polls (older ones are dropped first; events_dropped counts them). */
#define OSSA_PLAYER_QUEUE_MAX  16
#define OSSA_PLAYER_EVENTS_MAX 64

typedef enum
{
  OSSA_PLAYER_STARTED,      /* an animation began (at play, or a queued one: when its crossfade starts) */
  OSSA_PLAYER_LOOPED,       /* a looping animation passed its end and started again */
  OSSA_PLAYER_FINISHED,     /* a once-only animation reached its end (it holds its last pose) */
  OSSA_PLAYER_INTERRUPTED,  /* an animation was replaced (by play, or a crossfade's end) before finishing */
} OssaPlayerEventKind;

typedef struct
{
  OssaPlayerEventKind kind;
  uint32_t            animation;  /* index into the document's animations */
  float               time;       /* the player's clock (seconds since it was made) when it happened */
} OssaPlayerEvent;

typedef struct OssaPlayer OssaPlayer;

/* A player for doc in its rest pose, playing nothing. NULL with err on out of
 * memory. doc must outlive the player and not change while it is used. */
OSSA_API OssaPlayer *ossa_player_new (const OssaDocument *doc, OssaError *err);
OSSA_API void        ossa_player_free (OssaPlayer *player);

/* The document's animations built once into runtime clips (ossa-clip.h: the keys
 * laid out for playback, the curves tabulated), which a player samples. Read-only
 * once made: any number of players on any threads may share one. A player made
 * by ossa_player_new() builds its own; for a crowd, build them once and make the
 * players with ossa_player_new_with_clips() (clips must outlive them, and doc is
 * the document they were built from). NULL with err on out of memory or an
 * animation that does not validate. */
typedef struct OssaPlayerClips OssaPlayerClips;
OSSA_API OssaPlayerClips *ossa_player_clips_new (const OssaDocument *doc, OssaError *err);
OSSA_API void             ossa_player_clips_free (OssaPlayerClips *clips);
OSSA_API OssaPlayer *ossa_player_new_with_clips (const OssaDocument *doc,
                                                 const OssaPlayerClips *clips, OssaError *err);

/* Plays animation (an index; ossa_document_find_animation() finds one by name) from
 * its start, looping or once, crossfading from what is on show over `mix` seconds
 * (0: a cut). During a crossfade, the picture on show is frozen and faded out
 * from, so nothing jumps. Empties the queue. False with err (NOT_FOUND, INVALID
 * for a NaN, infinite or negative mix) and nothing changed. */
OSSA_API bool ossa_player_play (OssaPlayer *player, uint32_t animation, bool loop, float mix,
                                OssaError *err);

/* Plays animation after what plays now (and what is queued before it) ends: a
 * once-only animation at its end, a looping one at the end of its current cycle;
 * the change crossfades over mix seconds, starting mix before that end. False with
 * err when the queue is full or the arguments are bad (nothing changed). */
OSSA_API bool ossa_player_queue (OssaPlayer *player, uint32_t animation, bool loop, float mix,
                                 OssaError *err);

/* Playback speed (1: as keyed, 0: paused, negative refused: returns false). */
OSSA_API bool  ossa_player_set_speed (OssaPlayer *player, float speed);
OSSA_API float ossa_player_get_speed (const OssaPlayer *player);

/* Per frame. Advances the clock by dt seconds (× speed): animation time, the
 * crossfade, the queue, events. dt must be ≥ 0 (a negative or non-finite dt is
 * ignored: nothing changes). */
OSSA_API void ossa_player_update (OssaPlayer *player, float dt);

/* Per frame. Samples what is on show into the pose and slots (mixing during a
 * crossfade: every bone channel blended by the mix weight, rotations the short way
 * round; slot attachments and the draw order switch at the crossfade's midpoint;
 * slot colours blended) and computes the world matrices. */
OSSA_API void ossa_player_apply (OssaPlayer *player);

/* The pose and slots as the last ossa_player_apply() left them (read-only; valid
 * until the player is freed). */
OSSA_API const OssaPose     *ossa_player_get_pose (const OssaPlayer *player);
OSSA_API const OssaSlotPose *ossa_player_get_slots (const OssaPlayer *player);

/* Per frame. Every visible attachment's world quad in draw order (as
 * ossa_slot_pose_fill_quads()): how many are visible; only the first max written. */
OSSA_API size_t ossa_player_fill_quads (const OssaPlayer *player, OssaQuad *out, size_t max);

/* Per frame. Moves up to max events, oldest first, into out; returns how many. */
OSSA_API size_t ossa_player_poll_events (OssaPlayer *player, OssaPlayerEvent *out, size_t max);

/* How many events were dropped (the list full, or one update passing more ends
 * of a loop than the list holds) since the player was made. */
OSSA_API size_t ossa_player_events_dropped (const OssaPlayer *player);

/* What plays: the animation (-1: none, the rest pose), its time in seconds, and
 * the crossfade's weight of it (1 when no crossfade runs). */
OSSA_API int32_t ossa_player_current (const OssaPlayer *player);
OSSA_API float   ossa_player_current_time (const OssaPlayer *player);
OSSA_API float   ossa_player_mix_weight (const OssaPlayer *player);

#ifdef __cplusplus
}
#endif
