/* SPDX-License-Identifier: GPL-3.0-or-later */
/* .ossa load and save: every rule a file can break (each crafted with the
 * generated protobuf-c API from a valid document), truncation and mutation fuzzing,
 * a round trip of every field, the compact column encoding, atomic saves that fail
 * halfway, and protoc as an independent decoder. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "ossa.h"
#include "ossa.pb-c.h"

/* The document most tests start from -------------------------------------- */

static void
add_key (OssaTrack *track, float time, float value, OssaInterp interp, OssaSpin spin,
         uint32_t turns)
{
  OssaKey key = ossa_key_make (time, value);

  key.interp = interp;
  key.spin = spin;
  key.turns = turns;
  if (interp == OSSA_INTERP_BEZIER)
    key.curve = (OssaCurve) { 0.1f, -0.2f, 0.3f, 1.4f };
  g_assert_cmpint (ossa_track_set_key (track, &key, NULL), >=, 0);
}

/* Bones root, arm, hand; animation "walk" with track 0 = arm rotate (LINEAR,
 * BEZIER, STEP, LINEAR keys and every spin) and track 1 = hand translate_x (all
 * defaults); maps "level" (4 × 3, start and goal) and "plain" (2 × 1). */
static OssaDocument *
make_document (void)
{
  OssaDocument *doc = ossa_document_new ();
  OssaTransform arm = { 1.5f, -2.f, 0.25f, 2.f, 0.5f };
  OssaTransform hand = { 3.f, 0.f, -0.f, 1.f, -1.f };
  OssaAnimation anim, idle;
  OssaTrack *track;
  OssaGridMap map;

  doc->generator = strdup ("test-io");
  g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, "root", -1, NULL, 10.f, 0xff0000ffu, NULL), ==, 0);
  g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, "arm", 0, &arm, 4.5f, 0xffffffffu, NULL), ==, 1);
  g_assert_cmpint (ossa_skeleton_add_bone (&doc->skeleton, "hand", 1, &hand, 0.f, 0x12345678u, NULL), ==, 2);

  g_assert_true (ossa_animation_init (&anim, "walk"));
  anim.duration = 2.5f;
  anim.loop = true;
  anim.fps = 24.f;
  track = ossa_animation_ensure_track (&anim, 1, OSSA_CHANNEL_ROTATE);
  add_key (track, 0.f, 0.f, OSSA_INTERP_LINEAR, OSSA_SPIN_SHORTEST, 0);
  add_key (track, 0.5f, 1.f, OSSA_INTERP_BEZIER, OSSA_SPIN_CLOCKWISE, 2);
  add_key (track, 1.f, -1.f, OSSA_INTERP_STEP, OSSA_SPIN_COUNTERCLOCKWISE, 1);
  add_key (track, 2.f, 3.f, OSSA_INTERP_LINEAR, OSSA_SPIN_NUMERIC, 0);
  track = ossa_animation_ensure_track (&anim, 2, OSSA_CHANNEL_TRANSLATE_X);
  add_key (track, 0.f, 1.f, OSSA_INTERP_LINEAR, OSSA_SPIN_SHORTEST, 0);
  add_key (track, 1.f, 2.f, OSSA_INTERP_LINEAR, OSSA_SPIN_SHORTEST, 0);
  g_assert_cmpint (ossa_document_take_animation (doc, &anim, NULL), ==, 0);
  g_assert_true (ossa_animation_init (&idle, "idle"));
  g_assert_cmpint (ossa_document_take_animation (doc, &idle, NULL), ==, 1);

  g_assert_true (ossa_grid_map_init (&map, "level", 4, 3, NULL));
  map.cells[5] = 0;
  map.cells[6] = 0;
  map.has_start = map.has_goal = true;
  map.start_x = 0;
  map.start_y = 0;
  map.goal_x = 3;
  map.goal_y = 2;
  g_assert_cmpint (ossa_document_take_map (doc, &map, NULL), ==, 0);
  g_assert_true (ossa_grid_map_init (&map, "plain", 2, 1, NULL));
  map.cells[1] = 0;
  g_assert_cmpint (ossa_document_take_map (doc, &map, NULL), ==, 1);
  g_assert_true (ossa_document_validate (doc, NULL));
  return doc;
}

static GBytes *
document_bytes (const OssaDocument *doc)
{
  OssaError err = { 0 };
  uint8_t *data = NULL;
  size_t size = 0;

  if (!ossa_document_to_bytes (doc, &data, &size, &err))
    g_error ("cannot serialise: %s", err.message);
  return g_bytes_new_with_free_func (data, size, free, data);
}

static GBytes *
make_document_bytes (void)
{
  OssaDocument *doc = make_document ();
  GBytes *bytes = document_bytes (doc);

  ossa_document_free (doc);
  return bytes;
}

/* Field by field, floats bit for bit (so -0 and 0 differ). */
static void
assert_same_float (float a, float b)
{
  g_assert_cmpmem (&a, sizeof a, &b, sizeof b);
}

static void
assert_same_transform (const OssaTransform *a, const OssaTransform *b)
{
  assert_same_float (a->x, b->x);
  assert_same_float (a->y, b->y);
  assert_same_float (a->rotation, b->rotation);
  assert_same_float (a->scale_x, b->scale_x);
  assert_same_float (a->scale_y, b->scale_y);
}

static void
assert_same_track (const OssaTrack *a, const OssaTrack *b)
{
  g_assert_cmpuint (a->bone, ==, b->bone);
  g_assert_cmpint (a->channel, ==, b->channel);
  g_assert_cmpuint (a->n_keys, ==, b->n_keys);
  for (size_t k = 0; k < a->n_keys; k++)
    {
      OssaKey x = ossa_track_get_key (a, k), y = ossa_track_get_key (b, k);

      assert_same_float (x.time, y.time);
      assert_same_float (x.value, y.value);
      g_assert_cmpint (x.interp, ==, y.interp);
      g_assert_cmpint (x.spin, ==, y.spin);
      g_assert_cmpuint (x.turns, ==, y.turns);
      /* A curve is only stored for BEZIER keys. */
      if (x.interp == OSSA_INTERP_BEZIER)
        g_assert_cmpmem (&x.curve, sizeof x.curve, &y.curve, sizeof y.curve);
    }
}

static void
assert_same_map (const OssaGridMap *a, const OssaGridMap *b)
{
  g_assert_cmpstr (a->name, ==, b->name);
  g_assert_cmpuint (a->width, ==, b->width);
  g_assert_cmpuint (a->height, ==, b->height);
  g_assert_cmpmem (a->cells, (size_t) a->width * a->height, b->cells, (size_t) b->width * b->height);
  g_assert_cmpint (a->has_start, ==, b->has_start);
  g_assert_cmpint (a->has_goal, ==, b->has_goal);
  if (a->has_start)
    {
      g_assert_cmpuint (a->start_x, ==, b->start_x);
      g_assert_cmpuint (a->start_y, ==, b->start_y);
    }
  if (a->has_goal)
    {
      g_assert_cmpuint (a->goal_x, ==, b->goal_x);
      g_assert_cmpuint (a->goal_y, ==, b->goal_y);
    }
}

static void
assert_same_document (const OssaDocument *a, const OssaDocument *b)
{
  g_assert_cmpstr (a->generator, ==, b->generator);
  g_assert_cmpuint (a->skeleton.n_bones, ==, b->skeleton.n_bones);
  for (size_t i = 0; i < a->skeleton.n_bones; i++)
    {
      const OssaBone *x = &a->skeleton.bones[i], *y = &b->skeleton.bones[i];

      g_assert_cmpstr (x->name, ==, y->name);
      g_assert_cmpint (x->parent, ==, y->parent);
      assert_same_transform (&x->rest, &y->rest);
      assert_same_float (x->length, y->length);
      g_assert_cmphex (x->color, ==, y->color);
    }
  g_assert_cmpuint (a->n_animations, ==, b->n_animations);
  for (size_t i = 0; i < a->n_animations; i++)
    {
      const OssaAnimation *x = &a->animations[i], *y = &b->animations[i];

      g_assert_cmpstr (x->name, ==, y->name);
      assert_same_float (x->duration, y->duration);
      g_assert_cmpint (x->loop, ==, y->loop);
      assert_same_float (x->fps, y->fps);
      g_assert_cmpuint (x->n_tracks, ==, y->n_tracks);
      for (size_t t = 0; t < x->n_tracks; t++)
        assert_same_track (&x->tracks[t], &y->tracks[t]);
    }
  g_assert_cmpuint (a->n_maps, ==, b->n_maps);
  for (size_t i = 0; i < a->n_maps; i++)
    assert_same_map (&a->maps[i], &b->maps[i]);
}

/* Unpacked messages that tests may freely rewrite ------------------------- */

/* Everything protobuf-c allocates for a test message (and everything a test adds
 * to one) lives here and goes at once, so a test may point fields at anything,
 * shrink counts or share sub-messages without leaking or freeing twice. */
typedef struct
{
  GPtrArray          *blocks;
  ProtobufCAllocator  allocator;
} MsgArena;

static void *
arena_alloc (void *data, size_t size)
{
  MsgArena *arena = data;
  void *p = g_malloc0 (size ? size : 1);

  g_ptr_array_add (arena->blocks, p);
  return p;
}

static void
arena_free (void *data, void *pointer)
{
}

static void
msg_arena_init (MsgArena *arena)
{
  arena->blocks = g_ptr_array_new_with_free_func (g_free);
  arena->allocator = (ProtobufCAllocator) { arena_alloc, arena_free, arena };
}

static void
msg_arena_clear (MsgArena *arena)
{
  g_ptr_array_unref (arena->blocks);
}

static gpointer
msg_alloc (MsgArena *arena, size_t size)
{
  return arena_alloc (arena, size);
}

static char *
msg_strdup (MsgArena *arena, const char *s)
{
  char *copy = msg_alloc (arena, strlen (s) + 1);

  strcpy (copy, s);
  return copy;
}

static Ossa__Document *
unpack_bytes (GBytes *bytes, MsgArena *arena)
{
  gsize size;
  const uint8_t *data = g_bytes_get_data (bytes, &size);
  Ossa__Document *msg = ossa__document__unpack (&arena->allocator, size, data);

  g_assert_nonnull (msg);
  return msg;
}

static GBytes *
pack_message (const Ossa__Document *msg)
{
  size_t size = ossa__document__get_packed_size (msg);
  uint8_t *data = g_malloc (size ? size : 1);

  g_assert_cmpuint (ossa__document__pack (msg, data), ==, size);
  return g_bytes_new_take (data, size);
}

/* Loads bytes (copied to a buffer of exactly their size, so that a sanitizer sees
 * any read past the end) and expects failure with code and a message containing
 * substring. */
static void
assert_load_fails (GBytes *bytes, OssaErrorCode code, const char *substring)
{
  gsize size;
  gconstpointer src = g_bytes_get_data (bytes, &size);
  void *copy = g_malloc (size ? size : 1);
  OssaError err = { 0 };
  OssaDocument *doc;

  if (size > 0)
    memcpy (copy, src, size);
  doc = ossa_document_load_bytes (copy, size, "broken.ossa", &err);
  g_free (copy);
  if (doc != NULL)
    g_error ("loaded a document that should fail with \"%s\"", substring);
  g_test_message ("%s", err.message);
  if (strstr (err.message, substring) == NULL)
    g_error ("message \"%s\" does not contain \"%s\"", err.message, substring);
  g_assert_cmpint (err.code, ==, code);
  g_assert_cmpstr (err.path, ==, "broken.ossa");
  g_assert_cmpint (err.errno_value, ==, 0);
}

static OssaDocument *
assert_load_works (GBytes *bytes)
{
  gsize size;
  gconstpointer data = g_bytes_get_data (bytes, &size);
  OssaError err = { 0 };
  OssaDocument *doc = ossa_document_load_bytes (data, size, "good.ossa", &err);

  if (doc == NULL)
    g_error ("cannot load: %s", err.message);
  return doc;
}

/* Broken files, one rule each ---------------------------------------------- */

#define BONE(i)     (msg->skeleton->bones[i])
#define TRACK(a, t) (msg->animations[a]->tracks[t])
#define MAP(i)      (msg->maps[i])

typedef void (*Mutator) (Ossa__Document *msg, MsgArena *arena);

typedef struct
{
  const char   *path;
  Mutator       mutate;
  OssaErrorCode code;
  const char   *message;
} BrokenCase;

static void
parent_after_child (Ossa__Document *msg, MsgArena *arena)
{
  BONE (1)->parent = 2;
}

static void
parent_out_of_range (Ossa__Document *msg, MsgArena *arena)
{
  BONE (2)->parent = 7;
}

static void
parent_negative (Ossa__Document *msg, MsgArena *arena)
{
  BONE (2)->parent = -2;
}

static void
duplicate_bone_name (Ossa__Document *msg, MsgArena *arena)
{
  BONE (2)->name = msg_strdup (arena, "arm");
}

static void
bad_utf8_name (Ossa__Document *msg, MsgArena *arena)
{
  BONE (1)->name = msg_strdup (arena, "a\xc3(");
}

static void
overlong_utf8_name (Ossa__Document *msg, MsgArena *arena)
{
  BONE (1)->name = msg_strdup (arena, "\xc0\xaf");
}

static void
missing_bone_name (Ossa__Document *msg, MsgArena *arena)
{
  BONE (0)->name = NULL;
}

static void
long_bone_name (Ossa__Document *msg, MsgArena *arena)
{
  char *name = msg_alloc (arena, OSSA_MAX_NAME_BYTES + 2);

  memset (name, 'x', OSSA_MAX_NAME_BYTES + 1);
  BONE (1)->name = name;
}

static void
nan_in_rest (Ossa__Document *msg, MsgArena *arena)
{
  BONE (1)->rest->x = NAN;
}

static void
inf_in_rest (Ossa__Document *msg, MsgArena *arena)
{
  BONE (1)->rest->has_scale_y = 1;
  BONE (1)->rest->scale_y = -INFINITY;
}

static void
inf_length (Ossa__Document *msg, MsgArena *arena)
{
  BONE (0)->has_length = 1;
  BONE (0)->length = INFINITY;
}

static void
negative_length (Ossa__Document *msg, MsgArena *arena)
{
  BONE (0)->length = -1.f;
}

static void
nan_key_time (Ossa__Document *msg, MsgArena *arena)
{
  TRACK (0, 0)->times[1] = NAN;
}

static void
inf_key_value (Ossa__Document *msg, MsgArena *arena)
{
  TRACK (0, 0)->values[2] = INFINITY;
}

static void
nan_curve (Ossa__Document *msg, MsgArena *arena)
{
  TRACK (0, 0)->curves[1] = NAN;
}

static void
inf_curve (Ossa__Document *msg, MsgArena *arena)
{
  TRACK (0, 0)->curves[3] = INFINITY;
}

static void
curve_x_outside (Ossa__Document *msg, MsgArena *arena)
{
  TRACK (0, 0)->curves[2] = 1.5f;
}

static void
times_decrease (Ossa__Document *msg, MsgArena *arena)
{
  TRACK (0, 0)->times[2] = 0.25f;
}

static void
times_equal (Ossa__Document *msg, MsgArena *arena)
{
  TRACK (0, 0)->times[1] = 0.f;
}

static void
fewer_values (Ossa__Document *msg, MsgArena *arena)
{
  TRACK (0, 0)->n_values = 3;
}

static void
more_values (Ossa__Document *msg, MsgArena *arena)
{
  float *values = msg_alloc (arena, 3 * sizeof *values);

  TRACK (0, 1)->values = values;
  TRACK (0, 1)->n_values = 3;
}

static void
fewer_interps (Ossa__Document *msg, MsgArena *arena)
{
  TRACK (0, 0)->n_interp = 3;
}

static void
fewer_curves (Ossa__Document *msg, MsgArena *arena)
{
  TRACK (0, 0)->n_curves = 3;
}

static void
curves_without_bezier (Ossa__Document *msg, MsgArena *arena)
{
  float *curves = msg_alloc (arena, 4 * sizeof *curves);

  TRACK (0, 1)->curves = curves;
  TRACK (0, 1)->n_curves = 4;
}

static void
unknown_interp (Ossa__Document *msg, MsgArena *arena)
{
  TRACK (0, 0)->interp[2] = 7;
}

static void
negative_interp (Ossa__Document *msg, MsgArena *arena)
{
  TRACK (0, 0)->interp[0] = -1;
}

static void
unknown_spin (Ossa__Document *msg, MsgArena *arena)
{
  TRACK (0, 0)->spin[1] = 9;
}

static void
unknown_channel (Ossa__Document *msg, MsgArena *arena)
{
  TRACK (0, 1)->channel = 12;
}

static void
fewer_spins (Ossa__Document *msg, MsgArena *arena)
{
  TRACK (0, 0)->n_spin = 2;
}

static void
fewer_turns (Ossa__Document *msg, MsgArena *arena)
{
  TRACK (0, 0)->n_turns = 1;
}

static void
too_many_turns (Ossa__Document *msg, MsgArena *arena)
{
  TRACK (0, 0)->turns[1] = OSSA_MAX_TURNS + 1;
}

static void
track_bone_out_of_range (Ossa__Document *msg, MsgArena *arena)
{
  TRACK (0, 1)->bone = 3;
}

static void
track_without_skeleton (Ossa__Document *msg, MsgArena *arena)
{
  msg->skeleton = NULL;
}

static void
duplicate_track (Ossa__Document *msg, MsgArena *arena)
{
  TRACK (0, 1)->bone = 1;
  TRACK (0, 1)->channel = OSSA__CHANNEL__ROTATE;
}

static void
zero_fps (Ossa__Document *msg, MsgArena *arena)
{
  msg->animations[0]->fps = 0.f;
}

static void
negative_duration (Ossa__Document *msg, MsgArena *arena)
{
  msg->animations[0]->duration = -1.f;
}

static void
missing_animation_name (Ossa__Document *msg, MsgArena *arena)
{
  msg->animations[1]->name = NULL;
}

static void
duplicate_animation_name (Ossa__Document *msg, MsgArena *arena)
{
  msg->animations[1]->name = msg_strdup (arena, "walk");
}

static void
map_cells_short (Ossa__Document *msg, MsgArena *arena)
{
  MAP (0)->cells.len = 11;
}

static void
map_cells_missing (Ossa__Document *msg, MsgArena *arena)
{
  MAP (1)->has_cells = 0;
  MAP (1)->cells.len = 0;
  MAP (1)->cells.data = NULL;
}

static void
map_width_zero (Ossa__Document *msg, MsgArena *arena)
{
  MAP (0)->width = 0;
}

static void
map_height_over_limit (Ossa__Document *msg, MsgArena *arena)
{
  MAP (0)->height = OSSA_MAX_MAP_SIDE + 1;
}

/* 10^10 cells declared, 12 present: must fail before anything that size exists. */
static void
map_huge (Ossa__Document *msg, MsgArena *arena)
{
  MAP (0)->width = 100000;
  MAP (0)->height = 100000;
}

static void
map_width_missing (Ossa__Document *msg, MsgArena *arena)
{
  MAP (0)->has_width = 0;
}

static void
map_height_missing (Ossa__Document *msg, MsgArena *arena)
{
  MAP (1)->has_height = 0;
}

static void
map_start_outside (Ossa__Document *msg, MsgArena *arena)
{
  MAP (0)->start->x = 4;
}

static void
map_goal_outside (Ossa__Document *msg, MsgArena *arena)
{
  MAP (0)->goal->y = 3;
}

static void
map_cell_value (Ossa__Document *msg, MsgArena *arena)
{
  MAP (0)->cells.data[0] = 2;
}

static void
map_bad_name (Ossa__Document *msg, MsgArena *arena)
{
  MAP (1)->name = msg_strdup (arena, "\xff");
}

static void
version_missing (Ossa__Document *msg, MsgArena *arena)
{
  msg->has_format_version = 0;
}

static void
version_newer (Ossa__Document *msg, MsgArena *arena)
{
  msg->format_version = 2;
}

static void
version_zero (Ossa__Document *msg, MsgArena *arena)
{
  msg->format_version = 0;
}

static void
generator_not_utf8 (Ossa__Document *msg, MsgArena *arena)
{
  msg->generator = msg_strdup (arena, "\xfe\xff");
}

/* Counts over the limits: one small sub-message shared by every pointer keeps
 * the test cheap; the loader must stop at the count. */
static void
too_many_bones (Ossa__Document *msg, MsgArena *arena)
{
  size_t n = OSSA_MAX_BONES + 1;
  Ossa__Bone *bone = msg_alloc (arena, sizeof *bone);
  Ossa__Bone **bones = msg_alloc (arena, n * sizeof *bones);

  ossa__bone__init (bone);
  bone->name = msg_strdup (arena, "b");
  for (size_t i = 0; i < n; i++)
    bones[i] = bone;
  msg->skeleton->bones = bones;
  msg->skeleton->n_bones = n;
}

static void
too_many_animations (Ossa__Document *msg, MsgArena *arena)
{
  size_t n = OSSA_MAX_ANIMATIONS + 1;
  Ossa__Animation **anims = msg_alloc (arena, n * sizeof *anims);

  for (size_t i = 0; i < n; i++)
    anims[i] = msg->animations[1];
  msg->animations = anims;
  msg->n_animations = n;
}

static void
too_many_maps (Ossa__Document *msg, MsgArena *arena)
{
  size_t n = OSSA_MAX_MAPS + 1;
  Ossa__GridMap **maps = msg_alloc (arena, n * sizeof *maps);

  for (size_t i = 0; i < n; i++)
    maps[i] = MAP (1);
  msg->maps = maps;
  msg->n_maps = n;
}

static const BrokenCase broken_cases[] = {
  { "/io/broken/parent-after-child", parent_after_child, OSSA_ERROR_INVALID, "bone 1 'arm': parent 2 comes after it" },
  { "/io/broken/parent-out-of-range", parent_out_of_range, OSSA_ERROR_INVALID, "bone 2 'hand': parent 7 does not exist" },
  { "/io/broken/parent-negative", parent_negative, OSSA_ERROR_INVALID, "bone 2 'hand': parent -2 does not exist" },
  { "/io/broken/duplicate-bone-name", duplicate_bone_name, OSSA_ERROR_INVALID, "bone 2 'arm': the name is already used by bone 1" },
  { "/io/broken/bad-utf8-name", bad_utf8_name, OSSA_ERROR_INVALID, "bone 1 name is not valid UTF-8" },
  { "/io/broken/overlong-utf8-name", overlong_utf8_name, OSSA_ERROR_INVALID, "bone 1 name is not valid UTF-8" },
  { "/io/broken/missing-bone-name", missing_bone_name, OSSA_ERROR_INVALID, "bone 0 name is empty" },
  { "/io/broken/long-bone-name", long_bone_name, OSSA_ERROR_LIMIT, "bone 1 name is 1025 bytes long (limit 1024)" },
  { "/io/broken/nan-in-rest", nan_in_rest, OSSA_ERROR_INVALID, "bone 1 'arm': rest transform or length is not a finite number" },
  { "/io/broken/inf-in-rest", inf_in_rest, OSSA_ERROR_INVALID, "bone 1 'arm': rest transform or length is not a finite number" },
  { "/io/broken/inf-length", inf_length, OSSA_ERROR_INVALID, "bone 0 'root': rest transform or length" },
  { "/io/broken/negative-length", negative_length, OSSA_ERROR_INVALID, "bone 0 'root': rest transform or length" },
  { "/io/broken/nan-key-time", nan_key_time, OSSA_ERROR_INVALID, "animation 'walk': bone 1 rotate: key 1 has a time or value that is not a finite number" },
  { "/io/broken/inf-key-value", inf_key_value, OSSA_ERROR_INVALID, "animation 'walk': bone 1 rotate: key 2 has a time or value that is not a finite number" },
  { "/io/broken/nan-curve", nan_curve, OSSA_ERROR_INVALID, "animation 'walk': bone 1 rotate: key 1 has a bezier curve" },
  { "/io/broken/inf-curve", inf_curve, OSSA_ERROR_INVALID, "key 1 has a bezier curve with x outside [0, 1] or a number that is not finite" },
  { "/io/broken/curve-x-outside", curve_x_outside, OSSA_ERROR_INVALID, "key 1 has a bezier curve with x outside [0, 1]" },
  { "/io/broken/times-decrease", times_decrease, OSSA_ERROR_INVALID, "bone 1 rotate: key 2 at 0.25 s does not come after key 1 at 0.5 s" },
  { "/io/broken/times-equal", times_equal, OSSA_ERROR_INVALID, "bone 1 rotate: key 1 at 0 s does not come after key 0 at 0 s" },
  { "/io/broken/fewer-values", fewer_values, OSSA_ERROR_INVALID, "animation 'walk': track 0 (bone 1 rotate): 4 times but 3 values" },
  { "/io/broken/more-values", more_values, OSSA_ERROR_INVALID, "animation 'walk': track 1 (bone 2 translate_x): 2 times but 3 values" },
  { "/io/broken/fewer-interps", fewer_interps, OSSA_ERROR_INVALID, "track 0 (bone 1 rotate): 4 keys but 3 interpolations" },
  { "/io/broken/fewer-curves", fewer_curves, OSSA_ERROR_INVALID, "track 0 (bone 1 rotate): has 3 curve numbers, needs 4 (4 per bezier key)" },
  { "/io/broken/curves-without-bezier", curves_without_bezier, OSSA_ERROR_INVALID, "track 1 (bone 2 translate_x): has 4 curve numbers, needs 0" },
  { "/io/broken/unknown-interp", unknown_interp, OSSA_ERROR_INVALID, "track 0 (bone 1 rotate): key 2 has unknown interpolation 7" },
  { "/io/broken/negative-interp", negative_interp, OSSA_ERROR_INVALID, "key 0 has unknown interpolation -1" },
  { "/io/broken/unknown-spin", unknown_spin, OSSA_ERROR_INVALID, "track 0 (bone 1 rotate): key 1 has unknown spin 9" },
  { "/io/broken/unknown-channel", unknown_channel, OSSA_ERROR_INVALID, "animation 'walk': track 1 (bone 2): unknown channel 12" },
  { "/io/broken/fewer-spins", fewer_spins, OSSA_ERROR_INVALID, "track 0 (bone 1 rotate): 4 keys but 2 spins" },
  { "/io/broken/fewer-turns", fewer_turns, OSSA_ERROR_INVALID, "track 0 (bone 1 rotate): 4 keys but 1 turn counts" },
  { "/io/broken/too-many-turns", too_many_turns, OSSA_ERROR_LIMIT, "bone 1 rotate: key 1 asks for 1001 turns (limit 1000)" },
  { "/io/broken/track-bone-out-of-range", track_bone_out_of_range, OSSA_ERROR_INVALID, "animation 'walk': track 1 (bone 3 translate_x): the skeleton has 3 bones" },
  { "/io/broken/track-without-skeleton", track_without_skeleton, OSSA_ERROR_INVALID, "track 0 (bone 1 rotate): the skeleton has 0 bones" },
  { "/io/broken/duplicate-track", duplicate_track, OSSA_ERROR_INVALID, "animation 'walk': bone 1 has two rotate tracks" },
  { "/io/broken/zero-fps", zero_fps, OSSA_ERROR_INVALID, "animation 'walk': frame rate 0 is not in (0, 1000]" },
  { "/io/broken/negative-duration", negative_duration, OSSA_ERROR_INVALID, "animation 'walk': duration -1" },
  { "/io/broken/missing-animation-name", missing_animation_name, OSSA_ERROR_INVALID, "animation 1 name is empty" },
  { "/io/broken/duplicate-animation-name", duplicate_animation_name, OSSA_ERROR_INVALID, "animation 1 'walk': the name is already used by animation 0" },
  { "/io/broken/map-cells-short", map_cells_short, OSSA_ERROR_INVALID, "map 'level': 11 cell bytes for a 4 × 3 map (12 expected)" },
  { "/io/broken/map-cells-missing", map_cells_missing, OSSA_ERROR_INVALID, "map 'plain': 0 cell bytes for a 2 × 1 map (2 expected)" },
  { "/io/broken/map-width-zero", map_width_zero, OSSA_ERROR_LIMIT, "map 'level': size 0 × 3 is outside 1 to 16384" },
  { "/io/broken/map-height-over-limit", map_height_over_limit, OSSA_ERROR_LIMIT, "map 'level': size 4 × 16385 is outside 1 to 16384" },
  { "/io/broken/map-huge", map_huge, OSSA_ERROR_LIMIT, "map 'level': size 100000 × 100000 is outside 1 to 16384" },
  { "/io/broken/map-width-missing", map_width_missing, OSSA_ERROR_INVALID, "map 'level': width is missing" },
  { "/io/broken/map-height-missing", map_height_missing, OSSA_ERROR_INVALID, "map 'plain': height is missing" },
  { "/io/broken/map-start-outside", map_start_outside, OSSA_ERROR_INVALID, "map 'level': start (4, 0) lies outside the 4 × 3 map" },
  { "/io/broken/map-goal-outside", map_goal_outside, OSSA_ERROR_INVALID, "map 'level': goal (3, 3) lies outside the 4 × 3 map" },
  { "/io/broken/map-cell-value", map_cell_value, OSSA_ERROR_INVALID, "map 'level': cell (0, 0) holds 2, not 0 or 1" },
  { "/io/broken/map-bad-name", map_bad_name, OSSA_ERROR_INVALID, "map name is not valid UTF-8" },
  { "/io/broken/version-missing", version_missing, OSSA_ERROR_FORMAT, "format_version is missing" },
  { "/io/broken/version-newer", version_newer, OSSA_ERROR_FORMAT, "format_version 2 is newer than this Ossa reads (1)" },
  { "/io/broken/version-zero", version_zero, OSSA_ERROR_FORMAT, "format_version 0 is not one this Ossa reads (1)" },
  { "/io/broken/generator-not-utf8", generator_not_utf8, OSSA_ERROR_INVALID, "generator is not valid UTF-8" },
  { "/io/broken/too-many-bones", too_many_bones, OSSA_ERROR_LIMIT, "the skeleton has 1000001 bones (limit 1000000)" },
  { "/io/broken/too-many-animations", too_many_animations, OSSA_ERROR_LIMIT, "10001 animations (limit 10000)" },
  { "/io/broken/too-many-maps", too_many_maps, OSSA_ERROR_LIMIT, "1001 maps (limit 1000)" },
};

static void
test_broken (gconstpointer data)
{
  const BrokenCase *c = data;
  GBytes *good = make_document_bytes ();
  MsgArena arena;
  Ossa__Document *msg;
  GBytes *bad;

  msg_arena_init (&arena);
  msg = unpack_bytes (good, &arena);
  c->mutate (msg, &arena);
  bad = pack_message (msg);
  assert_load_fails (bad, c->code, c->message);
  g_bytes_unref (bad);
  msg_arena_clear (&arena);
  g_bytes_unref (good);
}

/* The base document itself is fine, so every failure above is the mutation's. */
static void
test_base_document_loads (void)
{
  GBytes *bytes = make_document_bytes ();
  OssaDocument *doc = assert_load_works (bytes);

  ossa_document_free (doc);
  g_bytes_unref (bytes);
}

/* Files that are not documents at all ------------------------------------- */

static void
test_empty (void)
{
  GBytes *empty = g_bytes_new (NULL, 0);

  assert_load_fails (empty, OSSA_ERROR_FORMAT, "the file is empty");
  g_bytes_unref (empty);
}

static void
test_garbage (void)
{
  static const uint8_t junk[] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                  0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
  static const char text[] = "<?xml version=\"1.0\"?><skeleton/>";
  GBytes *bytes = g_bytes_new_static (junk, sizeof junk);

  assert_load_fails (bytes, OSSA_ERROR_FORMAT, "not a valid Ossa document (protobuf decoding failed)");
  g_bytes_unref (bytes);
  /* Text may happen to parse as unknown protobuf fields; it is refused either way. */
  bytes = g_bytes_new_static (text, sizeof text - 1);
  assert_load_fails (bytes, OSSA_ERROR_FORMAT, "not a");
  g_bytes_unref (bytes);
}

/* Sizes are checked before a byte is looked at (the data pointer is never read). */
static void
test_size_limit (void)
{
  static const uint8_t one = 0x08;
  OssaError err = { 0 };

  g_assert_null (ossa_document_load_bytes (&one, OSSA_MAX_FILE_SIZE + 1, NULL, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_LIMIT);
  g_assert_nonnull (strstr (err.message, "limit 536870912"));
  g_assert_cmpstr (err.path, ==, "");
}

/* Either a valid document or an error; never a crash or a half-valid document.
 * True when it loaded. */
static bool
check_any_bytes (const uint8_t *data, size_t size)
{
  uint8_t *copy = g_malloc (size ? size : 1);
  OssaError err = { 0 };
  OssaDocument *doc;

  memcpy (copy, data, size);
  doc = ossa_document_load_bytes (copy, size, "fuzz.ossa", &err);
  g_free (copy);
  if (doc == NULL)
    {
      g_assert_cmpint (err.code, !=, OSSA_ERROR_NONE);
      g_assert_cmpint (err.code, !=, OSSA_ERROR_NO_MEMORY);
      g_assert_cmpuint (strlen (err.message), >, 0);
      g_assert_cmpstr (err.path, ==, "fuzz.ossa");
      return false;
    }
  g_assert_true (ossa_document_validate (doc, NULL));
  /* What loads can be saved and loaded again, unchanged (a document without a
   * generator is saved as written by "Ossa"). */
  if (doc->generator == NULL)
    doc->generator = strdup ("Ossa");
  {
    GBytes *again = document_bytes (doc);
    OssaDocument *copy_doc = assert_load_works (again);

    assert_same_document (doc, copy_doc);
    ossa_document_free (copy_doc);
    g_bytes_unref (again);
  }
  ossa_document_free (doc);
  return true;
}

static void
test_truncated (void)
{
  GBytes *bytes = make_document_bytes ();
  gsize size;
  const uint8_t *data = g_bytes_get_data (bytes, &size);
  size_t loaded = 0;

  for (size_t len = 0; len < size; len++)
    loaded += check_any_bytes (data, len);
  g_test_message ("%zu of %zu truncations loaded", loaded, size);
  g_bytes_unref (bytes);
}

static void
test_fuzz (void)
{
  GBytes *bytes = make_document_bytes ();
  gsize size;
  const uint8_t *data = g_bytes_get_data (bytes, &size);
  GRand *rand = g_rand_new_with_seed (20240611);
  uint8_t *buf = g_malloc (size + 64);
  int loaded = 0;

  for (int round = 0; round < 4000; round++)
    {
      size_t len = size;
      int edits = g_rand_int_range (rand, 1, 5);

      memcpy (buf, data, size);
      for (int e = 0; e < edits && len > 0; e++)
        {
          size_t at = (size_t) g_rand_int_range (rand, 0, (gint32) len);

          switch (g_rand_int_range (rand, 0, 5))
            {
            case 0:  /* flip a bit */
              buf[at] ^= (uint8_t) (1u << g_rand_int_range (rand, 0, 8));
              break;
            case 1:  /* any byte */
              buf[at] = (uint8_t) g_rand_int_range (rand, 0, 256);
              break;
            case 2:  /* a byte that makes lengths and varints large */
              buf[at] = g_rand_boolean (rand) ? 0xff : 0x7f;
              break;
            case 3:  /* truncate */
              len = at;
              break;
            default:  /* drop a byte */
              memmove (buf + at, buf + at + 1, len - at - 1);
              len--;
              break;
            }
        }
      loaded += check_any_bytes (buf, len);
    }
  /* Enough mutants must load for the load-save-load path to be exercised. */
  g_test_message ("%d of 4000 mutants loaded", loaded);
  g_assert_cmpint (loaded, >, 100);
  g_free (buf);
  g_rand_free (rand);
  g_bytes_unref (bytes);
}

/* Round trip and encoding ------------------------------------------------------ */

static void
test_round_trip (void)
{
  OssaDocument *doc = make_document ();
  GBytes *bytes = document_bytes (doc);
  OssaDocument *back = assert_load_works (bytes);

  assert_same_document (doc, back);
  /* -0 is not 0: the rest rotation of "hand" kept its sign bit. */
  g_assert_true (signbit (back->skeleton.bones[2].rest.rotation));
  ossa_document_free (back);
  g_bytes_unref (bytes);
  ossa_document_free (doc);
}

/* Absent fields read as their proto defaults. */
static void
test_defaults (void)
{
  Ossa__Document msg = OSSA__DOCUMENT__INIT;
  Ossa__Skeleton skel = OSSA__SKELETON__INIT;
  Ossa__Bone bone = OSSA__BONE__INIT, *bones[] = { &bone };
  Ossa__Animation anim = OSSA__ANIMATION__INIT, *anims[] = { &anim };
  Ossa__Track track = OSSA__TRACK__INIT, *tracks[] = { &track };
  float times[] = { 0.f, 1.f }, values[] = { 5.f, 6.f };
  GBytes *bytes;
  OssaDocument *doc;
  OssaTransform identity = ossa_transform_identity ();

  msg.has_format_version = 1;
  msg.format_version = 1;
  msg.skeleton = &skel;
  skel.n_bones = 1;
  skel.bones = bones;
  bone.name = (char *) "solo";
  msg.n_animations = 1;
  msg.animations = anims;
  anim.name = (char *) "a";
  anim.n_tracks = 1;
  anim.tracks = tracks;
  track.n_times = track.n_values = 2;
  track.times = times;
  track.values = values;
  bytes = pack_message (&msg);
  doc = assert_load_works (bytes);
  g_assert_null (doc->generator);
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 1);
  g_assert_cmpint (doc->skeleton.bones[0].parent, ==, -1);
  assert_same_transform (&doc->skeleton.bones[0].rest, &identity);
  assert_same_float (doc->skeleton.bones[0].length, 0.f);
  g_assert_cmphex (doc->skeleton.bones[0].color, ==, 0xffffffffu);
  assert_same_float (doc->animations[0].fps, 30.f);
  assert_same_float (doc->animations[0].duration, 0.f);
  g_assert_false (doc->animations[0].loop);
  g_assert_cmpuint (doc->animations[0].tracks[0].bone, ==, 0);
  g_assert_cmpint (doc->animations[0].tracks[0].channel, ==, OSSA_CHANNEL_TRANSLATE_X);
  for (size_t k = 0; k < 2; k++)
    {
      OssaKey key = ossa_track_get_key (&doc->animations[0].tracks[0], k);

      g_assert_cmpint (key.interp, ==, OSSA_INTERP_LINEAR);
      g_assert_cmpint (key.spin, ==, OSSA_SPIN_SHORTEST);
      g_assert_cmpuint (key.turns, ==, 0);
    }
  ossa_document_free (doc);
  g_bytes_unref (bytes);

  /* No skeleton at all: no bones, and still a document. */
  msg.skeleton = NULL;
  msg.n_animations = 0;
  bytes = pack_message (&msg);
  doc = assert_load_works (bytes);
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 0);
  ossa_document_free (doc);
  g_bytes_unref (bytes);
}

static void
test_compact_columns (void)
{
  GBytes *bytes = make_document_bytes ();
  MsgArena arena;
  Ossa__Document *msg;
  const Ossa__Track *rot, *tx;

  msg_arena_init (&arena);
  msg = unpack_bytes (bytes, &arena);
  g_assert_true (msg->has_format_version);
  g_assert_cmpuint (msg->format_version, ==, 1);
  g_assert_cmpstr (msg->generator, ==, "test-io");
  /* All-default track: only times and values. */
  tx = TRACK (0, 1);
  g_assert_cmpuint (tx->n_times, ==, 2);
  g_assert_cmpuint (tx->n_values, ==, 2);
  g_assert_cmpuint (tx->n_interp, ==, 0);
  g_assert_cmpuint (tx->n_curves, ==, 0);
  g_assert_cmpuint (tx->n_spin, ==, 0);
  g_assert_cmpuint (tx->n_turns, ==, 0);
  /* Mixed track: every column, curves for the one BEZIER key only. */
  rot = TRACK (0, 0);
  g_assert_cmpuint (rot->n_interp, ==, 4);
  g_assert_cmpint (rot->interp[0], ==, OSSA__INTERP__LINEAR);
  g_assert_cmpint (rot->interp[1], ==, OSSA__INTERP__BEZIER);
  g_assert_cmpint (rot->interp[2], ==, OSSA__INTERP__STEP);
  g_assert_cmpuint (rot->n_curves, ==, 4);
  g_assert_cmpfloat (rot->curves[0], ==, 0.1f);
  g_assert_cmpfloat (rot->curves[3], ==, 1.4f);
  g_assert_cmpuint (rot->n_spin, ==, 4);
  g_assert_cmpint (rot->spin[3], ==, OSSA__SPIN__NUMERIC);
  g_assert_cmpuint (rot->n_turns, ==, 4);
  g_assert_cmpuint (rot->turns[1], ==, 2);
  /* Defaults are left out; non-defaults are present. */
  g_assert_false (BONE (0)->has_parent);
  g_assert_null (BONE (0)->rest);
  g_assert_true (BONE (0)->has_color);
  g_assert_false (BONE (1)->has_color);
  g_assert_true (BONE (1)->rest->has_scale_x);
  g_assert_false (BONE (2)->rest->has_y);
  g_assert_true (BONE (2)->rest->has_rotation);  /* -0 */
  g_assert_false (msg->animations[1]->has_fps);
  g_assert_null (MAP (1)->start);
  msg_arena_clear (&arena);
  g_bytes_unref (bytes);
}

/* Only BEZIER keys write curves, in key order, whatever the others hold. */
static void
test_curves_in_key_order (void)
{
  OssaDocument *doc = make_document ();
  OssaTrack *track = &doc->animations[0].tracks[1];
  OssaKey k0 = ossa_track_get_key (track, 0), k1 = ossa_track_get_key (track, 1);
  MsgArena arena;
  Ossa__Document *msg;
  GBytes *bytes;

  k0.interp = OSSA_INTERP_BEZIER;
  k0.curve = (OssaCurve) { 0.f, 1.f, 0.5f, 2.f };
  k1.interp = OSSA_INTERP_BEZIER;
  k1.curve = (OssaCurve) { 1.f, 3.f, 0.25f, 4.f };
  g_assert_cmpint (ossa_track_set_key (track, &k0, NULL), ==, 0);
  g_assert_cmpint (ossa_track_set_key (track, &k1, NULL), ==, 1);
  bytes = document_bytes (doc);
  msg_arena_init (&arena);
  msg = unpack_bytes (bytes, &arena);
  {
    static const float want[] = { 0.f, 1.f, 0.5f, 2.f, 1.f, 3.f, 0.25f, 4.f };

    g_assert_cmpuint (TRACK (0, 1)->n_curves, ==, 8);
    g_assert_cmpmem (TRACK (0, 1)->curves, sizeof want, want, sizeof want);
  }
  msg_arena_clear (&arena);
  g_bytes_unref (bytes);
  ossa_document_free (doc);
}

/* Long tracks: 256 bytes or more of times or values, which the loader takes over
 * from protobuf-c instead of copying. Two animations "long-a" and "long-b" after
 * make_document()'s, each with track 0 = arm rotate (every column), track 1 = hand
 * translate_x (all defaults) and track 2 = root scale_y (turns only). */
static OssaDocument *
make_long_document (size_t n_keys)
{
  static const char *const names[] = { "long-a", "long-b" };
  OssaDocument *doc = make_document ();

  for (size_t a = 0; a < G_N_ELEMENTS (names); a++)
    {
      OssaAnimation anim;
      OssaTrack *rot, *tx, *sy;

      g_assert_true (ossa_animation_init (&anim, names[a]));
      rot = ossa_animation_ensure_track (&anim, 1, OSSA_CHANNEL_ROTATE);
      tx = ossa_animation_ensure_track (&anim, 2, OSSA_CHANNEL_TRANSLATE_X);
      sy = ossa_animation_ensure_track (&anim, 0, OSSA_CHANNEL_SCALE_Y);
      for (size_t k = 0; k < n_keys; k++)
        {
          float t = (float) k / 30.f;

          add_key (rot, t, (float) (k + a), (OssaInterp) (k % 3), (OssaSpin) (k % 4),
                   (uint32_t) (k % 2));
          add_key (tx, t, -(float) k, OSSA_INTERP_LINEAR, OSSA_SPIN_SHORTEST, 0);
          add_key (sy, t, 1.f, OSSA_INTERP_LINEAR, OSSA_SPIN_SHORTEST, (uint32_t) (k % 5 == 0));
        }
      g_assert_cmpint (ossa_document_take_animation (doc, &anim, NULL), >=, 0);
    }
  g_assert_true (ossa_document_validate (doc, NULL));
  return doc;
}

static void
test_long_tracks (void)
{
  OssaDocument *doc = make_long_document (300), *back;
  GBytes *bytes = document_bytes (doc), *padded;
  OssaTrack *track;
  OssaKey key = ossa_key_make (100.f, 1.f);
  MsgArena arena;
  Ossa__Document *msg;

  back = assert_load_works (bytes);
  assert_same_document (doc, back);
  track = &back->animations[3].tracks[1];
  g_assert_null (track->interp);
  g_assert_null (track->curves);
  g_assert_null (track->spin);
  g_assert_null (track->turns);
  g_assert_null (back->animations[3].tracks[2].interp);
  g_assert_nonnull (back->animations[3].tracks[2].turns);

  /* The columns taken over are the track's own: they grow and shrink with it. */
  track = &back->animations[2].tracks[0];
  g_assert_cmpint (ossa_track_set_key (track, &key, NULL), ==, 300);
  key.time = 0.25f / 30.f;
  key.interp = OSSA_INTERP_BEZIER;
  g_assert_cmpint (ossa_track_set_key (track, &key, NULL), ==, 1);
  g_assert_true (ossa_track_remove_key (track, 0, NULL));
  g_assert_cmpuint (track->n_keys, ==, 301);
  g_assert_true (ossa_document_validate (back, NULL));
  ossa_document_free (back);

  /* Columns a file spells out in full but that hold only defaults are dropped. */
  msg_arena_init (&arena);
  msg = unpack_bytes (bytes, &arena);
  TRACK (3, 1)->n_interp = TRACK (3, 1)->n_turns = 300;
  TRACK (3, 1)->interp = msg_alloc (&arena, 300 * sizeof *TRACK (3, 1)->interp);
  TRACK (3, 1)->turns = msg_alloc (&arena, 300 * sizeof *TRACK (3, 1)->turns);
  padded = pack_message (msg);
  back = assert_load_works (padded);
  g_assert_null (back->animations[3].tracks[1].interp);
  g_assert_null (back->animations[3].tracks[1].turns);
  assert_same_document (doc, back);
  ossa_document_free (back);
  g_bytes_unref (padded);
  msg_arena_clear (&arena);

  g_bytes_unref (bytes);
  ossa_document_free (doc);
}

/* A bad key in a long track after others were taken over: the error names it and,
 * under a sanitizer, nothing leaks or is freed twice. */
static void
test_long_track_broken (void)
{
  OssaDocument *doc = make_long_document (300);
  GBytes *bytes = document_bytes (doc), *bad;
  MsgArena arena;
  Ossa__Document *msg;

  msg_arena_init (&arena);
  msg = unpack_bytes (bytes, &arena);
  TRACK (3, 1)->times[200] = TRACK (3, 1)->times[199];
  bad = pack_message (msg);
  assert_load_fails (bad, OSSA_ERROR_INVALID,
                     "animation 'long-b': bone 2 translate_x: key 200 at 6.63333 s does not come after key 199 at 6.63333 s");
  g_bytes_unref (bad);
  TRACK (3, 1)->times[200] = TRACK (3, 0)->times[200];
  TRACK (3, 2)->turns[150] = OSSA_MAX_TURNS + 1;
  bad = pack_message (msg);
  assert_load_fails (bad, OSSA_ERROR_LIMIT,
                     "animation 'long-b': bone 0 scale_y: key 150 asks for 1001 turns (limit 1000)");
  g_bytes_unref (bad);
  msg_arena_clear (&arena);
  g_bytes_unref (bytes);
  ossa_document_free (doc);
}

static void
test_save_refuses_invalid (void)
{
  OssaDocument *doc = make_document ();
  char *dir = g_dir_make_tmp ("ossa-io-XXXXXX", NULL);
  char *path = g_build_filename (dir, "bad.ossa", NULL);
  OssaError err = { 0 };
  uint8_t *data = NULL;
  size_t size = 0;

  doc->skeleton.bones[1].rest.y = NAN;
  g_assert_false (ossa_document_to_bytes (doc, &data, &size, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_INVALID);
  g_assert_nonnull (strstr (err.message, "bone 1 'arm'"));
  g_assert_false (ossa_document_save (doc, path, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_INVALID);
  g_assert_cmpstr (err.path, ==, path);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_rmdir (dir);
  g_free (path);
  g_free (dir);
  ossa_document_free (doc);
}

/* Files ------------------------------------------------------------------------- */

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Names in dir, sorted, joined with spaces: the whole folder, hidden files too. */
static char *
list_dir (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  char *joined;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_dir_close (d);
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  joined = g_strjoinv (" ", (char **) names->pdata);
  g_ptr_array_unref (names);
  return joined;
}

static void
remove_tree (const char *path)
{
  GDir *d = g_dir_open (path, 0, NULL);
  const char *name;

  if (d == NULL)
    {
      g_remove (path);
      return;
    }
  while ((name = g_dir_read_name (d)) != NULL)
    {
      char *child = g_build_filename (path, name, NULL);

      remove_tree (child);
      g_free (child);
    }
  g_dir_close (d);
  g_rmdir (path);
}

static void
assert_file_is (const char *path, const char *want)
{
  char *contents = NULL;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_assert_cmpmem (contents, len, want, strlen (want));
  g_free (contents);
}

static void
test_save_and_load (void)
{
  OssaDocument *doc = make_document ();
  char *dir = g_dir_make_tmp ("ossa-io-XXXXXX", NULL);
  char *path = g_build_filename (dir, "walk.ossa", NULL);
  OssaError err = { 0 };
  OssaDocument *back;
  char *names;
  struct stat st;
  mode_t mask = umask (022);

  umask (mask);
  g_assert_true (ossa_document_save (doc, path, &err));
  g_assert_cmpint (stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0666 & ~mask);
  back = ossa_document_load (path, &err);
  g_assert_nonnull (back);
  assert_same_document (doc, back);
  ossa_document_free (back);

  /* Saving again keeps the file's permissions and leaves nothing else behind. */
  g_assert_cmpint (chmod (path, 0640), ==, 0);
  g_assert_true (ossa_document_save (doc, path, &err));
  g_assert_cmpint (stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);
  names = list_dir (dir);
  g_assert_cmpstr (names, ==, "walk.ossa");
  g_free (names);

  remove_tree (dir);
  g_free (path);
  g_free (dir);
  ossa_document_free (doc);
}

/* A save through a symbolic link replaces the file it points to. */
static void
test_save_through_symlink (void)
{
  OssaDocument *doc = make_document ();
  char *dir = g_dir_make_tmp ("ossa-io-XXXXXX", NULL);
  char *real = g_build_filename (dir, "real.ossa", NULL);
  char *link = g_build_filename (dir, "link.ossa", NULL);
  OssaError err = { 0 };
  OssaDocument *back;
  char *names;

  g_assert_true (g_file_set_contents (real, "old", -1, NULL));
  g_assert_cmpint (symlink ("real.ossa", link), ==, 0);
  g_assert_true (ossa_document_save (doc, link, &err));
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  back = ossa_document_load (real, &err);
  g_assert_nonnull (back);
  ossa_document_free (back);
  names = list_dir (dir);
  g_assert_cmpstr (names, ==, "link.ossa real.ossa");
  g_free (names);
  remove_tree (dir);
  g_free (link);
  g_free (real);
  g_free (dir);
  ossa_document_free (doc);
}

static void
test_load_errors (void)
{
  char *dir = g_dir_make_tmp ("ossa-io-XXXXXX", NULL);
  char *missing = g_build_filename (dir, "missing.ossa", NULL);
  char *junk = g_build_filename (dir, "junk.ossa", NULL);
  char *huge = g_build_filename (dir, "huge.ossa", NULL);
  OssaError err = { 0 };
  uint8_t *data;
  size_t size;
  int fd;

  g_assert_null (ossa_document_load (missing, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_IO);
  g_assert_cmpint (err.errno_value, ==, ENOENT);
  g_assert_cmpstr (err.path, ==, missing);
  g_assert_cmpstr (err.message, ==, "cannot open: No such file or directory");

  ossa_error_clear (&err);
  g_assert_null (ossa_document_load (dir, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_IO);
  g_assert_cmpint (err.errno_value, ==, EISDIR);

  /* Format errors name the file too. */
  ossa_error_clear (&err);
  g_assert_true (g_file_set_contents (junk, "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff", -1, NULL));
  g_assert_null (ossa_document_load (junk, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_FORMAT);
  g_assert_cmpint (err.errno_value, ==, 0);
  g_assert_cmpstr (err.path, ==, junk);

  /* ossa_file_read: the cap, and an empty file (a buffer of nothing). */
  ossa_error_clear (&err);
  g_assert_false (ossa_file_read (junk, 10, &data, &size, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_LIMIT);
  g_assert_true (ossa_file_read (junk, 11, &data, &size, &err));
  g_assert_cmpuint (size, ==, 11);
  free (data);
  g_assert_true (g_file_set_contents (junk, "", 0, NULL));
  g_assert_true (ossa_file_read (junk, 11, &data, &size, &err));
  g_assert_cmpuint (size, ==, 0);
  free (data);

  /* ossa_file_read_fd: the same from an open file, which stays open; the cap. */
  g_assert_true (g_file_set_contents (junk, "0123456789", 10, NULL));
  fd = open (junk, O_RDONLY);
  g_assert_cmpint (fd, >=, 0);
  g_assert_false (ossa_file_read_fd (fd, junk, 9, &data, &size, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_LIMIT);
  g_assert_cmpstr (err.path, ==, junk);
  g_assert_true (ossa_file_read_fd (fd, junk, 10, &data, &size, &err));
  g_assert_cmpuint (size, ==, 10);
  g_assert_cmpmem (data, size, "0123456789", 10);
  free (data);
  g_assert_cmpint (close (fd), ==, 0);

  /* A sparse file over OSSA_MAX_FILE_SIZE is refused by its size alone. */
  ossa_error_clear (&err);
  fd = open (huge, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) OSSA_MAX_FILE_SIZE + 1), ==, 0);
  close (fd);
  g_assert_null (ossa_document_load (huge, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_LIMIT);
  g_assert_nonnull (strstr (err.message, "536870913 bytes"));

  remove_tree (dir);
  g_free (huge);
  g_free (junk);
  g_free (missing);
  g_free (dir);
}

/* A failed save leaves the old file byte for byte and no temporary file. */
static void
test_save_over_directory (void)
{
  OssaDocument *doc = make_document ();
  char *dir = g_dir_make_tmp ("ossa-io-XXXXXX", NULL);
  char *target = g_build_filename (dir, "doc.ossa", NULL);
  char *inner = g_build_filename (target, "keep", NULL);
  OssaError err = { 0 };
  char *names;

  g_assert_cmpint (g_mkdir (target, 0755), ==, 0);
  g_assert_true (g_file_set_contents (inner, "inside", -1, NULL));
  g_assert_false (ossa_document_save (doc, target, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_IO);
  g_assert_cmpint (err.errno_value, ==, EISDIR);
  g_assert_cmpstr (err.message, ==, "cannot write: Is a directory");
  g_assert_cmpstr (err.path, ==, target);
  g_assert_true (g_file_test (target, G_FILE_TEST_IS_DIR));
  assert_file_is (inner, "inside");
  names = list_dir (dir);
  g_assert_cmpstr (names, ==, "doc.ossa");
  g_free (names);
  remove_tree (dir);
  g_free (inner);
  g_free (target);
  g_free (dir);
  ossa_document_free (doc);
}

static void
test_save_into_missing_folder (void)
{
  OssaDocument *doc = make_document ();
  char *dir = g_dir_make_tmp ("ossa-io-XXXXXX", NULL);
  char *target = g_build_filename (dir, "nowhere", "doc.ossa", NULL);
  OssaError err = { 0 };
  char *names;

  g_assert_false (ossa_document_save (doc, target, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_IO);
  g_assert_cmpint (err.errno_value, ==, ENOENT);
  g_assert_nonnull (strstr (err.message, "No such file or directory"));
  g_assert_cmpstr (err.path, ==, target);
  names = list_dir (dir);
  g_assert_cmpstr (names, ==, "");
  g_free (names);
  remove_tree (dir);
  g_free (target);
  g_free (dir);
  ossa_document_free (doc);
}

/* The disk fills up halfway: a file size limit makes write() fail with EFBIG
 * (SIGXFSZ ignored), in a child so that the limit does not outlive the test. CI
 * runs as root, where read-only folders would not fail; this does. */
static void
test_save_disk_full (void)
{
  OssaDocument *doc = make_document ();
  char *dir = g_dir_make_tmp ("ossa-io-XXXXXX", NULL);
  char *target = g_build_filename (dir, "doc.ossa", NULL);
  static const char old[] = "the old file, which must survive";
  GBytes *bytes = document_bytes (doc);
  int status = 0;
  char *names;
  pid_t pid;

  g_assert_cmpuint (g_bytes_get_size (bytes), >, 64);
  g_assert_true (g_file_set_contents (target, old, -1, NULL));
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      struct rlimit limit = { 64, 64 };
      OssaError err = { 0 };
      bool ok;

      signal (SIGXFSZ, SIG_IGN);
      if (setrlimit (RLIMIT_FSIZE, &limit) != 0)
        _exit (10);
      ok = ossa_document_save (doc, target, &err);
      if (ok)
        _exit (11);
      if (err.code != OSSA_ERROR_IO || err.errno_value != EFBIG)
        _exit (12);
      if (strcmp (err.message, "cannot write: File too large") != 0)
        _exit (13);
      if (strcmp (err.path, target) != 0)
        _exit (14);
      _exit (0);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  assert_file_is (target, old);
  names = list_dir (dir);
  g_assert_cmpstr (names, ==, "doc.ossa");
  g_free (names);
  remove_tree (dir);
  g_bytes_unref (bytes);
  g_free (target);
  g_free (dir);
  ossa_document_free (doc);
}

/* Bytes written to a new file, and the same bytes replacing an old one. */
static void
test_write_atomic (void)
{
  char *dir = g_dir_make_tmp ("ossa-io-XXXXXX", NULL);
  char *target = g_build_filename (dir, "data.bin", NULL);
  char *slash = g_strconcat (dir, "/", NULL);
  OssaError err = { 0 };
  char *names;

  g_assert_true (ossa_file_write_atomic (target, "first", 5, &err));
  assert_file_is (target, "first");
  g_assert_true (ossa_file_write_atomic (target, "second!", 7, &err));
  assert_file_is (target, "second!");
  g_assert_true (ossa_file_write_atomic (target, "", 0, &err));
  assert_file_is (target, "");
  g_assert_false (ossa_file_write_atomic (slash, "x", 1, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_IO);
  g_assert_cmpint (err.errno_value, ==, EISDIR);
  g_assert_false (ossa_file_write_atomic ("/dev/null", "x", 1, &err));
  g_assert_cmpint (err.code, ==, OSSA_ERROR_IO);
  g_assert_true (g_file_test ("/dev/null", G_FILE_TEST_EXISTS));
  names = list_dir (dir);
  g_assert_cmpstr (names, ==, "data.bin");
  g_free (names);
  remove_tree (dir);
  g_free (slash);
  g_free (target);
  g_free (dir);
}

/* protoc, which shares no code with us, reads what we write. */
static void
test_protoc_decodes (void)
{
  const char *proto = g_getenv ("OSSA_PROTO");
  char *protoc = g_find_program_in_path ("protoc");
  OssaDocument *doc;
  char *dir, *path, *proto_dir, *proto_name, *cmd, *out = NULL, *errout = NULL;
  OssaError err = { 0 };
  GError *error = NULL;
  int status = 0;
  static const char *const want[] = {
    "format_version: 1", "generator: \"test-io\"", "name: \"root\"", "name: \"arm\"",
    "name: \"hand\"", "name: \"walk\"", "loop: true", "fps: 24", "channel: ROTATE",
    "times: 0.5", "values: -1", "interp: BEZIER", "curves: 0.1", "spin: COUNTERCLOCKWISE",
    "turns: 2", "width: 4", "height: 3", "goal {",
  };

  if (protoc == NULL)
    {
      g_test_skip ("protoc is not installed (Debian: protobuf-compiler); cannot cross-check the encoding");
      return;
    }
  if (proto == NULL || !g_file_test (proto, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("OSSA_PROTO does not name proto/ossa.proto; run through meson test");
      g_free (protoc);
      return;
    }
  doc = make_document ();
  dir = g_dir_make_tmp ("ossa-io-XXXXXX", NULL);
  path = g_build_filename (dir, "walk.ossa", NULL);
  g_assert_true (ossa_document_save (doc, path, &err));
  proto_dir = g_path_get_dirname (proto);
  proto_name = g_path_get_basename (proto);
  {
    char *q_protoc = g_shell_quote (protoc), *q_dir = g_shell_quote (proto_dir);
    char *q_name = g_shell_quote (proto_name), *q_path = g_shell_quote (path);

    cmd = g_strdup_printf ("%s --decode=ossa.Document --proto_path=%s %s < %s", q_protoc, q_dir,
                           q_name, q_path);
    g_free (q_protoc);
    g_free (q_dir);
    g_free (q_name);
    g_free (q_path);
  }
  {
    const char *argv[] = { "/bin/sh", "-c", cmd, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                 &out, &errout, &status, &error));
  }
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, &error))
    g_error ("protoc failed: %s\n%s", error->message, errout);
  for (size_t i = 0; i < G_N_ELEMENTS (want); i++)
    if (strstr (out, want[i]) == NULL)
      g_error ("protoc's decoding lacks \"%s\":\n%s", want[i], out);
  remove_tree (dir);
  g_free (out);
  g_free (errout);
  g_free (cmd);
  g_free (proto_name);
  g_free (proto_dir);
  g_free (path);
  g_free (dir);
  g_free (protoc);
  ossa_document_free (doc);
}

/* A few megabytes of empty Track messages (2 bytes each in the file, ~150 bytes
 * each once unpacked) must be refused for the memory they would need, not
 * unpacked into gigabytes. */
static void
test_memory_bomb (void)
{
  const size_t n_tracks = 2u << 20;
  size_t body = 2 * n_tracks;
  GByteArray *bytes = g_byte_array_new ();
  guint8 head[16];
  size_t n = 0, v;
  OssaError err = { 0 };
  OssaDocument *doc;

  head[n++] = 0x08;  /* format_version: 1 */
  head[n++] = 0x01;
  head[n++] = 0x22;  /* animations: length-delimited */
  for (v = body; v >= 0x80; v >>= 7)
    head[n++] = (guint8) (v | 0x80);
  head[n++] = (guint8) v;
  g_byte_array_append (bytes, head, (guint) n);
  for (size_t i = 0; i < n_tracks; i++)
    g_byte_array_append (bytes, (const guint8 *) "\x2a\x00", 2);  /* tracks: empty */
  doc = ossa_document_load_bytes (bytes->data, bytes->len, "bomb.ossa", &err);
  g_assert_null (doc);
  g_assert_cmpint (err.code, ==, OSSA_ERROR_LIMIT);
  g_assert_nonnull (strstr (err.message, "more than"));
  g_assert_cmpstr (err.path, ==, "bomb.ossa");
  g_byte_array_unref (bytes);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/io/base-document-loads", test_base_document_loads);
  for (size_t i = 0; i < G_N_ELEMENTS (broken_cases); i++)
    g_test_add_data_func (broken_cases[i].path, &broken_cases[i], test_broken);
  g_test_add_func ("/io/empty", test_empty);
  g_test_add_func ("/io/garbage", test_garbage);
  g_test_add_func ("/io/memory-bomb", test_memory_bomb);
  g_test_add_func ("/io/size-limit", test_size_limit);
  g_test_add_func ("/io/truncated", test_truncated);
  g_test_add_func ("/io/fuzz", test_fuzz);
  g_test_add_func ("/io/round-trip", test_round_trip);
  g_test_add_func ("/io/defaults", test_defaults);
  g_test_add_func ("/io/compact-columns", test_compact_columns);
  g_test_add_func ("/io/curves-in-key-order", test_curves_in_key_order);
  g_test_add_func ("/io/long-tracks", test_long_tracks);
  g_test_add_func ("/io/long-track-broken", test_long_track_broken);
  g_test_add_func ("/io/save-refuses-invalid", test_save_refuses_invalid);
  g_test_add_func ("/io/save-and-load", test_save_and_load);
  g_test_add_func ("/io/save-through-symlink", test_save_through_symlink);
  g_test_add_func ("/io/load-errors", test_load_errors);
  g_test_add_func ("/io/save-over-directory", test_save_over_directory);
  g_test_add_func ("/io/save-into-missing-folder", test_save_into_missing_folder);
  g_test_add_func ("/io/save-disk-full", test_save_disk_full);
  g_test_add_func ("/io/write-atomic", test_write_atomic);
  g_test_add_func ("/io/protoc-decodes", test_protoc_decodes);
  return g_test_run ();
}
