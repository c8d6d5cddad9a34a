/* SPDX-License-Identifier: GPL-3.0-or-later */
/* .ossa files that break one rule each: every rule a file can break, each file
 * crafted with the generated protobuf-c API from a valid document, refused with its
 * error code and message. */
#include <math.h>
#include <string.h>

#include <glib.h>

#include "test-io-support.h"

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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/io/base-document-loads", test_base_document_loads);
  for (size_t i = 0; i < G_N_ELEMENTS (broken_cases); i++)
    g_test_add_data_func (broken_cases[i].path, &broken_cases[i], test_broken);
  return g_test_run ();
}
