/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the .ossa load and save tests (test-io-*.c) share; see test-io-support.h. */
#include "test-io-support.h"

#include <string.h>

#include <glib/gstdio.h>

void
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
OssaDocument *
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

GBytes *
document_bytes (const OssaDocument *doc)
{
  OssaError err = { 0 };
  uint8_t *data = NULL;
  size_t size = 0;

  if (!ossa_document_to_bytes (doc, &data, &size, &err))
    g_error ("cannot serialise: %s", err.message);
  return g_bytes_new_with_free_func (data, size, free, data);
}

GBytes *
make_document_bytes (void)
{
  OssaDocument *doc = make_document ();
  GBytes *bytes = document_bytes (doc);

  ossa_document_free (doc);
  return bytes;
}

/* Field by field, floats bit for bit (so -0 and 0 differ). */
void
assert_same_float (float a, float b)
{
  g_assert_cmpmem (&a, sizeof a, &b, sizeof b);
}

void
assert_same_transform (const OssaTransform *a, const OssaTransform *b)
{
  assert_same_float (a->x, b->x);
  assert_same_float (a->y, b->y);
  assert_same_float (a->rotation, b->rotation);
  assert_same_float (a->scale_x, b->scale_x);
  assert_same_float (a->scale_y, b->scale_y);
}

void
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

void
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

void
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

void
msg_arena_init (MsgArena *arena)
{
  arena->blocks = g_ptr_array_new_with_free_func (g_free);
  arena->allocator = (ProtobufCAllocator) { arena_alloc, arena_free, arena };
}

void
msg_arena_clear (MsgArena *arena)
{
  g_ptr_array_unref (arena->blocks);
}

gpointer
msg_alloc (MsgArena *arena, size_t size)
{
  return arena_alloc (arena, size);
}

char *
msg_strdup (MsgArena *arena, const char *s)
{
  char *copy = msg_alloc (arena, strlen (s) + 1);

  strcpy (copy, s);
  return copy;
}

Ossa__Document *
unpack_bytes (GBytes *bytes, MsgArena *arena)
{
  gsize size;
  const uint8_t *data = g_bytes_get_data (bytes, &size);
  Ossa__Document *msg = ossa__document__unpack (&arena->allocator, size, data);

  g_assert_nonnull (msg);
  return msg;
}

GBytes *
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
void
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

OssaDocument *
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

void
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

