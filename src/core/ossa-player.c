/* SPDX-License-Identifier: MIT */
/* STUB until the player lands: shows the rest pose, plays nothing. */
#include "ossa-player.h"

#include <stdlib.h>

struct OssaPlayer
{
  const OssaDocument *doc;
  OssaPose           *pose;
  OssaSlotPose       *slots;
  float               speed;
};

OssaPlayer *
ossa_player_new (const OssaDocument *doc, OssaError *err)
{
  OssaPlayer *player = calloc (1, sizeof *player);

  if (player == NULL)
    {
      ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
      return NULL;
    }
  player->doc = doc;
  player->speed = 1;
  player->pose = ossa_pose_new (&doc->skeleton, err);
  player->slots = ossa_slot_pose_new (doc, err);
  if (player->pose == NULL || player->slots == NULL)
    {
      ossa_player_free (player);
      return NULL;
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
  free (player);
}

bool
ossa_player_play (OssaPlayer *player, uint32_t animation, bool loop, float mix, OssaError *err)
{
  (void) player;
  (void) animation;
  (void) loop;
  (void) mix;
  ossa_error_set (err, OSSA_ERROR_INVALID, "the player is not built yet");
  return false;
}

bool
ossa_player_queue (OssaPlayer *player, uint32_t animation, bool loop, float mix, OssaError *err)
{
  return ossa_player_play (player, animation, loop, mix, err);
}

bool
ossa_player_set_speed (OssaPlayer *player, float speed)
{
  if (!(speed >= 0))
    return false;
  player->speed = speed;
  return true;
}

float
ossa_player_get_speed (const OssaPlayer *player)
{
  return player->speed;
}

void
ossa_player_update (OssaPlayer *player, float dt)
{
  (void) player;
  (void) dt;
}

void
ossa_player_apply (OssaPlayer *player)
{
  ossa_pose_set_rest (player->pose, &player->doc->skeleton);
  ossa_pose_update_world (player->pose, &player->doc->skeleton);
  ossa_slot_pose_set_rest (player->slots, player->doc);
}

const OssaPose *
ossa_player_get_pose (const OssaPlayer *player)
{
  return player->pose;
}

const OssaSlotPose *
ossa_player_get_slots (const OssaPlayer *player)
{
  return player->slots;
}

size_t
ossa_player_fill_quads (const OssaPlayer *player, OssaQuad *out, size_t max)
{
  return ossa_slot_pose_fill_quads (player->slots, player->pose->world, out, max);
}

size_t
ossa_player_poll_events (OssaPlayer *player, OssaPlayerEvent *out, size_t max)
{
  (void) player;
  (void) out;
  (void) max;
  return 0;
}

int32_t
ossa_player_current (const OssaPlayer *player)
{
  (void) player;
  return -1;
}

float
ossa_player_current_time (const OssaPlayer *player)
{
  (void) player;
  return 0;
}

float
ossa_player_mix_weight (const OssaPlayer *player)
{
  (void) player;
  return 1;
}
