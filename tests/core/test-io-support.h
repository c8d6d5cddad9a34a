/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the .ossa load and save tests (test-io-broken, -garbage, -encoding, -files)
 * share: the document most of them start from, field-by-field comparison, protobuf
 * messages a test may rewrite freely (the generated protobuf-c API), and loading
 * that must fail or work. */
#pragma once

#include <stdint.h>

#include <glib.h>

#include "ossa.h"
#include "ossa.pb-c.h"

/* The document most tests start from ---------------------------------------- */

/* A key set on track (asserting it worked); BEZIER keys get a fixed curve. */
void add_key (OssaTrack *track, float time, float value, OssaInterp interp, OssaSpin spin,
              uint32_t turns);

/* Bones root, arm, hand; animation "walk" with track 0 = arm rotate (LINEAR,
 * BEZIER, STEP, LINEAR keys and every spin) and track 1 = hand translate_x (all
 * defaults); animation "idle", empty; maps "level" (4 × 3, start and goal) and
 * "plain" (2 × 1). Generator "test-io". */
OssaDocument *make_document (void);
/* doc serialised (the test fails if it cannot be). */
GBytes *document_bytes (const OssaDocument *doc);
/* make_document(), serialised. */
GBytes *make_document_bytes (void);

/* Field by field, floats bit for bit (so -0 and 0 differ). */
void assert_same_float (float a, float b);
void assert_same_transform (const OssaTransform *a, const OssaTransform *b);
void assert_same_track (const OssaTrack *a, const OssaTrack *b);
void assert_same_map (const OssaGridMap *a, const OssaGridMap *b);
void assert_same_document (const OssaDocument *a, const OssaDocument *b);

/* Unpacked messages that tests may freely rewrite --------------------------- */

/* Everything protobuf-c allocates for a test message (and everything a test adds
 * to one) lives here and goes at once, so a test may point fields at anything,
 * shrink counts or share sub-messages without leaking or freeing twice. */
typedef struct
{
  GPtrArray          *blocks;
  ProtobufCAllocator  allocator;
} MsgArena;

void msg_arena_init (MsgArena *arena);
void msg_arena_clear (MsgArena *arena);
/* size zeroed bytes that live as long as the arena. */
gpointer msg_alloc (MsgArena *arena, size_t size);
char *msg_strdup (MsgArena *arena, const char *s);
/* bytes unpacked into the arena (the test fails if they do not unpack). */
Ossa__Document *unpack_bytes (GBytes *bytes, MsgArena *arena);
GBytes *pack_message (const Ossa__Document *msg);

#define BONE(i)     (msg->skeleton->bones[i])
#define TRACK(a, t) (msg->animations[a]->tracks[t])
#define MAP(i)      (msg->maps[i])

/* Loading -------------------------------------------------------------------- */

/* Loads bytes (copied to a buffer of exactly their size, so that a sanitizer sees
 * any read past the end) and expects failure with code and a message containing
 * substring. */
void assert_load_fails (GBytes *bytes, OssaErrorCode code, const char *substring);
/* The document bytes hold (the test fails if they do not load). */
OssaDocument *assert_load_works (GBytes *bytes);

/* path removed, and everything under it when it is a folder. */
void remove_tree (const char *path);
