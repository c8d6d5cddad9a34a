/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The call a game makes every frame for its art: ossa_slot_pose_fill_quads(), the
 * world corners, UVs and colour of every visible attachment in draw order. A
 * 200-bone rig (random parents, turned and unevenly scaled bones) carrying 10,000
 * slots of two attachments each (one shown, turned and scaled offsets), an
 * animation keying every slot's colour and attachment and the draw order. Prints
 * ns per attachment for the fill (the mean of the best of RUNS runs of FRAMES
 * frames, and the fastest frame, which a busy machine disturbs least), and for
 * sampling the slots (ossa_slot_pose_sample); never fails on time.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ossa.h"

#define BONES   200
#define SLOTS   10000
#define FRAMES  2000
#define RUNS    5

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static float
next_unit (void)
{
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (float) (rng_state >> 40) / (float) (1u << 24);
}

static double
now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void *
xcalloc (size_t n, size_t size)
{
  void *p = calloc (n, size);

  if (p == NULL)
    {
      fprintf (stderr, "out of memory\n");
      exit (1);
    }
  return p;
}

static char *
name (const char *prefix, size_t i)
{
  char buf[32];

  snprintf (buf, sizeof buf, "%s%zu", prefix, i);
  return strdup (buf);
}

/* The rig, built field by field (commands would copy the structure per slot). */
static OssaDocument *
make_rig (void)
{
  OssaDocument *doc = ossa_document_new ();
  OssaAnimation *anim;
  OssaError err = { 0 };

  for (size_t i = 0; i < BONES; i++)
    {
      OssaTransform t = { 10 * next_unit (), 10 * next_unit (), 6.28f * next_unit (),
                          0.5f + next_unit (), 0.5f + next_unit () };
      char *n = name ("bone", i);

      ossa_skeleton_add_bone (&doc->skeleton, n, i == 0 ? -1 : (int32_t) (next_unit () * (float) i),
                              &t, 10, 0xffffffffu, &err);
      free (n);
    }
  doc->images = xcalloc (1, sizeof *doc->images);
  doc->n_images = 1;
  doc->images[0] = (OssaImage) { strdup ("atlas"), strdup ("atlas.png"), NULL, 0, 256, 256 };
  doc->slots = xcalloc (SLOTS, sizeof *doc->slots);
  doc->n_slots = SLOTS;
  for (size_t s = 0; s < SLOTS; s++)
    {
      OssaSlot *slot = &doc->slots[s];

      slot->name = name ("slot", s);
      slot->bone = (uint32_t) (next_unit () * BONES) % BONES;
      slot->color = 0xffffffffu;
      slot->attachment = 0;
      slot->n_attachments = 2;
      slot->attachments = xcalloc (2, sizeof *slot->attachments);
      for (size_t a = 0; a < 2; a++)
        slot->attachments[a] = (OssaAttachment) {
          name ("att", a), 0,
          { 5 * next_unit (), 5 * next_unit (), 6.28f * next_unit (), 0.5f + next_unit (), 0.5f + next_unit () },
          16 + 32 * next_unit (), 16 + 32 * next_unit (),
        };
    }
  doc->animations = xcalloc (1, sizeof *doc->animations);
  doc->n_animations = 1;
  anim = &doc->animations[0];
  ossa_animation_init (anim, "play");
  anim->duration = 2;
  anim->slot_tracks = xcalloc (2 * SLOTS, sizeof *anim->slot_tracks);
  for (size_t s = 0; s < SLOTS; s++)
    for (int c = 0; c < 2; c++)
      {
        OssaSlotTrack *t = &anim->slot_tracks[anim->n_slot_tracks++];
        OssaSlotKey k0 = { 0, 0, 0xff8040ffu, OSSA_INTERP_LINEAR, OSSA_CURVE_EASE };
        OssaSlotKey k1 = { 1, 1, 0x4080ff80u, OSSA_INTERP_LINEAR, OSSA_CURVE_EASE };

        t->slot = (uint32_t) s;
        t->channel = c ? OSSA_SLOT_CHANNEL_COLOR : OSSA_SLOT_CHANNEL_ATTACHMENT;
        ossa_slot_track_set_key (t, &k0, NULL);
        ossa_slot_track_set_key (t, &k1, NULL);
      }
  anim->draw_order = xcalloc (1, sizeof *anim->draw_order);
  anim->n_draw_order = 1;
  anim->draw_order[0] = (OssaDrawOrderKey) { 1.f, xcalloc (SLOTS, sizeof (uint32_t)), SLOTS };
  for (size_t s = 0; s < SLOTS; s++)
    anim->draw_order[0].order[s] = (uint32_t) (SLOTS - 1 - s);
  if (!ossa_document_validate (doc, &err))
    {
      fprintf (stderr, "bench rig is invalid: %s\n", err.message);
      exit (1);
    }
  return doc;
}

int
main (void)
{
  OssaDocument *doc = make_rig ();
  OssaError err = { 0 };
  OssaPose *pose = ossa_pose_new (&doc->skeleton, &err);
  OssaSlotPose *slots = ossa_slot_pose_new (doc, &err);
  OssaQuad *quads = xcalloc (SLOTS, sizeof *quads);
  double best_fill = 1e30, best_sample = 1e30, best_frame = 1e30, check = 0;
  size_t visible = 0;

  for (int run = 0; run < RUNS; run++)
    {
      double fill = 0, sample = 0;

      for (int f = 0; f < FRAMES; f++)
        {
          float t = 2.f * (float) f / FRAMES;
          double t0, t1, t2;

          ossa_pose_sample (pose, &doc->animations[0], &doc->skeleton, t);
          ossa_pose_update_world (pose, &doc->skeleton);
          t0 = now_ns ();
          ossa_slot_pose_sample (slots, doc, &doc->animations[0], t);
          t1 = now_ns ();
          visible = ossa_slot_pose_fill_quads (slots, pose->world, quads, SLOTS);
          t2 = now_ns ();
          sample += t1 - t0;
          fill += t2 - t1;
          best_frame = t2 - t1 < best_frame ? t2 - t1 : best_frame;
          check += quads[visible / 2].xy[0];
        }
      fill /= (double) FRAMES * (double) visible;
      sample /= (double) FRAMES * SLOTS;
      best_fill = fill < best_fill ? fill : best_fill;
      best_sample = sample < best_sample ? sample : best_sample;
    }
  printf ("bench-attachments: %d bones, %d slots, %zu attachments visible a frame\n",
          BONES, SLOTS, visible);
  printf ("world corners, UVs, colour (ossa_slot_pose_fill_quads): %.2f ns per attachment (target < 10)\n",
          best_fill);
  printf ("  fastest frame: %.2f ns per attachment (the figure least disturbed by other processes)\n",
          best_frame / (double) visible);
  printf ("sampling attachment, colour, draw order (ossa_slot_pose_sample): %.2f ns per slot\n",
          best_sample);
  printf ("(checksum %g)\n", check);
  free (quads);
  ossa_slot_pose_free (slots);
  ossa_pose_free (pose);
  ossa_document_free (doc);
  return 0;
}
