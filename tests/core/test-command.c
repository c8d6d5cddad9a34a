/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-helpers.h"

/* Applies cmd, checks the change with `check`, reverts and checks the document is
 * exactly as before, re-applies and checks the change again. */
static void
round_trip (OssaDocument *doc, OssaCommand *cmd, void (*check) (const OssaDocument *doc))
{
  OssaDocument *before = ossa_document_copy (doc);
  OssaDocument *after;
  OssaError err = { 0 };

  g_assert_nonnull (cmd);
  g_assert_true (ossa_command_apply (cmd, doc, &err));
  g_assert_true (ossa_document_validate (doc, &err));
  check (doc);
  after = ossa_document_copy (doc);
  g_assert_false (test_documents_equal (before, after));
  g_assert_true (ossa_command_revert (cmd, doc, &err));
  g_assert_true (test_documents_equal (doc, before));
  g_assert_true (ossa_command_apply (cmd, doc, &err));
  g_assert_true (test_documents_equal (doc, after));
  check (doc);
  ossa_command_free (cmd);
  ossa_document_free (before);
  ossa_document_free (after);
}

static void
check_rest (const OssaDocument *doc)
{
  assert_close (doc->skeleton.bones[1].rest.rotation, DEG (10), 1e-6);
  assert_close (doc->skeleton.bones[1].rest.scale_y, 2, 0);
}

static void
check_renamed (const OssaDocument *doc)
{
  g_assert_cmpstr (doc->skeleton.bones[2].name, ==, "손");
}

static void
check_added (const OssaDocument *doc)
{
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 5);
  g_assert_cmpstr (doc->skeleton.bones[4].name, ==, "finger");
  g_assert_cmpint (doc->skeleton.bones[4].parent, ==, 2);
}

static void
check_removed (const OssaDocument *doc)
{
  /* arm and hand went, with arm's track; leg is now bone 1 and keeps its track. */
  g_assert_cmpuint (doc->skeleton.n_bones, ==, 2);
  g_assert_cmpstr (doc->skeleton.bones[1].name, ==, "leg");
  g_assert_cmpuint (doc->animations[0].n_tracks, ==, 1);
  g_assert_nonnull (ossa_animation_find_track (&doc->animations[0], 1, OSSA_CHANNEL_TRANSLATE_Y));
}

static void
check_reparented (const OssaDocument *doc)
{
  /* arm (with hand) now hangs from leg, after it in order; its track followed. */
  g_assert_cmpstr (doc->skeleton.bones[2].name, ==, "arm");
  g_assert_cmpint (doc->skeleton.bones[2].parent, ==, 1);
  g_assert_nonnull (ossa_animation_find_track (&doc->animations[0], 2, OSSA_CHANNEL_ROTATE));
}

static void
check_key_set (const OssaDocument *doc)
{
  const OssaTrack *t = ossa_animation_find_track (&doc->animations[0], 2, OSSA_CHANNEL_SCALE_X);

  g_assert_nonnull (t);
  g_assert_cmpuint (t->n_keys, ==, 1);
  g_assert_cmpint (ossa_track_get_key (t, 0).interp, ==, OSSA_INTERP_BEZIER);
}

static void
check_key_removed (const OssaDocument *doc)
{
  /* The track's only key went, so the track went too. */
  g_assert_null (ossa_animation_find_track (&doc->animations[0], 3, OSSA_CHANNEL_TRANSLATE_Y));
}

static void
check_key_moved (const OssaDocument *doc)
{
  const OssaTrack *t = ossa_animation_find_track (&doc->animations[0], 1, OSSA_CHANNEL_ROTATE);

  assert_close (t->times[0], 1, 0);
  assert_close (t->values[0], DEG (45), 0);
  assert_close (t->times[1], 2, 0);
  assert_close (t->values[1], 0, 0);
}

static void
check_anim_props (const OssaDocument *doc)
{
  g_assert_cmpstr (doc->animations[0].name, ==, "run");
  assert_close (doc->animations[0].fps, 24, 0);
  g_assert_false (doc->animations[0].loop);
}

static void
check_anim_added (const OssaDocument *doc)
{
  g_assert_cmpuint (doc->n_animations, ==, 2);
  g_assert_cmpstr (doc->animations[1].name, ==, "jump");
}

static void
check_anim_duplicated (const OssaDocument *doc)
{
  g_assert_cmpuint (doc->n_animations, ==, 2);
  g_assert_cmpstr (doc->animations[0].name, ==, "walk");
  g_assert_cmpstr (doc->animations[1].name, ==, "walk copy");
  g_assert_cmpfloat (doc->animations[1].duration, ==, doc->animations[0].duration);
  g_assert_cmpfloat (doc->animations[1].fps, ==, doc->animations[0].fps);
  g_assert_true (doc->animations[1].loop == doc->animations[0].loop);
  g_assert_cmpuint (doc->animations[1].n_tracks, ==, doc->animations[0].n_tracks);
  g_assert_cmpuint (ossa_animation_n_keys (&doc->animations[1]), ==,
                    ossa_animation_n_keys (&doc->animations[0]));
  /* A copy, not shared columns. */
  g_assert_true (doc->animations[1].tracks[0].times != doc->animations[0].tracks[0].times);
}

static void
check_anim_removed (const OssaDocument *doc)
{
  g_assert_cmpuint (doc->n_animations, ==, 0);
}

typedef OssaCommand *(*MakeCommand) (const OssaDocument *doc);

static OssaCommand *
make_set_rest (const OssaDocument *doc)
{
  OssaTransform rest = doc->skeleton.bones[1].rest;

  rest.rotation = DEG (10);
  rest.scale_y = 2;
  return ossa_command_set_bone_rest (doc, 1, &rest, NULL);
}

static OssaCommand *
make_rename (const OssaDocument *doc)
{
  return ossa_command_rename_bone (doc, 2, "손", NULL);
}

static OssaCommand *
make_add_bone (const OssaDocument *doc)
{
  return ossa_command_add_bone (doc, "finger", 2, NULL, 3, 0xffffffffu, NULL);
}

static OssaCommand *
make_remove_bone (const OssaDocument *doc)
{
  return ossa_command_remove_bone (doc, 1, NULL);
}

static OssaCommand *
make_reparent (const OssaDocument *doc)
{
  return ossa_command_reparent_bone (doc, 1, 3, NULL);
}

static OssaCommand *
make_set_key (const OssaDocument *doc)
{
  OssaKey key = ossa_key_make (0.5f, 2);

  key.interp = OSSA_INTERP_BEZIER;
  key.curve = OSSA_CURVE_EASE_OUT;
  return ossa_command_set_key (doc, 0, 2, OSSA_CHANNEL_SCALE_X, &key, NULL);
}

static OssaCommand *
make_remove_key (const OssaDocument *doc)
{
  return ossa_command_remove_key (doc, 0, 3, OSSA_CHANNEL_TRANSLATE_Y, 1, NULL);
}

static OssaCommand *
make_move_key (const OssaDocument *doc)
{
  return ossa_command_move_key (doc, 0, 1, OSSA_CHANNEL_ROTATE, 0, 2, NULL);
}

static OssaCommand *
make_anim_props (const OssaDocument *doc)
{
  return ossa_command_set_animation_props (doc, 0, "run", 2, 24, false, NULL);
}

static OssaCommand *
make_add_anim (const OssaDocument *doc)
{
  return ossa_command_add_animation (doc, "jump", 0.5f, 30, false, NULL);
}

static OssaCommand *
make_duplicate_anim (const OssaDocument *doc)
{
  return ossa_command_duplicate_animation (doc, 0, "walk copy", NULL);
}

static OssaCommand *
make_remove_anim (const OssaDocument *doc)
{
  return ossa_command_remove_animation (doc, 0, NULL);
}

static void
test_command_round_trips (void)
{
  static const struct
  {
    MakeCommand make;
    void (*check) (const OssaDocument *doc);
  } cases[] = {
    { make_set_rest, check_rest },
    { make_rename, check_renamed },
    { make_add_bone, check_added },
    { make_remove_bone, check_removed },
    { make_reparent, check_reparented },
    { make_set_key, check_key_set },
    { make_remove_key, check_key_removed },
    { make_move_key, check_key_moved },
    { make_anim_props, check_anim_props },
    { make_add_anim, check_anim_added },
    { make_remove_anim, check_anim_removed },
    { make_duplicate_anim, check_anim_duplicated },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      OssaDocument *doc = test_make_document ();

      round_trip (doc, cases[i].make (doc), cases[i].check);
      ossa_document_free (doc);
    }
}

static void
test_command_impossible_edits (void)
{
  OssaDocument *doc = test_make_document ();
  OssaDocument *before = ossa_document_copy (doc);
  OssaError err = { 0 };
  OssaTransform bad = { NAN, 0, 0, 1, 1 };
  OssaKey key = ossa_key_make (0, 1);

#define REFUSED(expr, code_) \
  G_STMT_START { \
    ossa_error_clear (&err); \
    g_assert_null (expr); \
    g_assert_cmpint (err.code, ==, code_); \
    g_assert_cmpstr (err.message, !=, ""); \
  } G_STMT_END

  REFUSED (ossa_command_rename_bone (doc, 1, "leg", &err), OSSA_ERROR_CONFLICT);
  REFUSED (ossa_command_rename_bone (doc, 9, "x", &err), OSSA_ERROR_NOT_FOUND);
  REFUSED (ossa_command_rename_bone (doc, 1, "", &err), OSSA_ERROR_INVALID);
  REFUSED (ossa_command_add_bone (doc, "root", -1, NULL, 1, 0, &err), OSSA_ERROR_CONFLICT);
  REFUSED (ossa_command_reparent_bone (doc, 0, 2, &err), OSSA_ERROR_CONFLICT);
  REFUSED (ossa_command_set_bone_rest (doc, 0, &bad, &err), OSSA_ERROR_INVALID);
  REFUSED (ossa_command_set_bone_length (doc, 0, -1, &err), OSSA_ERROR_INVALID);
  REFUSED (ossa_command_remove_bone (doc, 4, &err), OSSA_ERROR_NOT_FOUND);
  REFUSED (ossa_command_move_key (doc, 0, 1, OSSA_CHANNEL_ROTATE, 0, 1, &err), OSSA_ERROR_CONFLICT);
  REFUSED (ossa_command_remove_key (doc, 0, 1, OSSA_CHANNEL_ROTATE, 0.5f, &err), OSSA_ERROR_NOT_FOUND);
  REFUSED (ossa_command_set_key (doc, 3, 1, OSSA_CHANNEL_ROTATE, &key, &err), OSSA_ERROR_NOT_FOUND);
  key.time = NAN;
  REFUSED (ossa_command_set_key (doc, 0, 1, OSSA_CHANNEL_ROTATE, &key, &err), OSSA_ERROR_INVALID);
  key.time = 0;
  key.turns = OSSA_MAX_TURNS + 1;
  REFUSED (ossa_command_set_key (doc, 0, 1, OSSA_CHANNEL_ROTATE, &key, &err), OSSA_ERROR_INVALID);
  REFUSED (ossa_command_add_animation (doc, "walk", 1, 30, true, &err), OSSA_ERROR_CONFLICT);
  REFUSED (ossa_command_add_animation (doc, "fast", 1, 0, true, &err), OSSA_ERROR_INVALID);
  REFUSED (ossa_command_set_animation_props (doc, 0, "x", -1, 30, true, &err), OSSA_ERROR_INVALID);
  REFUSED (ossa_command_remove_animation (doc, 1, &err), OSSA_ERROR_NOT_FOUND);
  REFUSED (ossa_command_duplicate_animation (doc, 0, "walk", &err), OSSA_ERROR_CONFLICT);
  REFUSED (ossa_command_duplicate_animation (doc, 1, "run", &err), OSSA_ERROR_NOT_FOUND);
  REFUSED (ossa_command_duplicate_animation (doc, 0, "", &err), OSSA_ERROR_INVALID);
#undef REFUSED
  g_assert_true (test_documents_equal (doc, before));
  ossa_document_free (before);
  ossa_document_free (doc);
}

static void
test_command_group (void)
{
  OssaDocument *doc = test_make_document ();
  OssaDocument *before = ossa_document_copy (doc);
  OssaCommand *parts[2];
  OssaCommand *group;
  OssaKey key = ossa_key_make (0.25f, 1);

  /* Parts are built in sequence against the document as each will find it. */
  parts[0] = ossa_command_set_key (doc, 0, 0, OSSA_CHANNEL_ROTATE, &key, NULL);
  g_assert_true (ossa_command_apply (parts[0], doc, NULL));
  parts[1] = ossa_command_set_key (doc, 0, 0, OSSA_CHANNEL_SCALE_X, &key, NULL);
  g_assert_true (ossa_command_apply (parts[1], doc, NULL));
  group = ossa_command_group ("Key Bone", parts, 2, NULL);
  g_assert_cmpstr (ossa_command_label (group), ==, "Key Bone");
  g_assert_true (ossa_command_revert (group, doc, NULL));
  g_assert_true (test_documents_equal (doc, before));
  g_assert_true (ossa_command_apply (group, doc, NULL));
  g_assert_cmpuint (doc->animations[0].n_tracks, ==, 4);
  ossa_command_free (group);
  ossa_document_free (before);
  ossa_document_free (doc);
}

/* A document with one 8 × 6 map "level": a wall at x = 3, start and goal set. */
static OssaDocument *
make_map_document (void)
{
  OssaDocument *doc = test_make_document ();
  OssaGridMap map;

  g_assert_true (ossa_grid_map_init (&map, "level", 8, 6, NULL));
  ossa_grid_map_fill_rect (&map, 3, 0, 3, 4, false);
  map.has_start = map.has_goal = true;
  map.start_x = 0, map.start_y = 0, map.goal_x = 7, map.goal_y = 5;
  g_assert_cmpint (ossa_document_take_map (doc, &map, NULL), ==, 0);
  return doc;
}

static void
check_map_added (const OssaDocument *doc)
{
  g_assert_cmpuint (doc->n_maps, ==, 2);
  g_assert_cmpstr (doc->maps[1].name, ==, "extra");
  g_assert_cmpuint (doc->maps[1].width, ==, 3);
  g_assert_false (ossa_grid_map_walkable (&doc->maps[1], 1, 1));
}

static void
check_map_removed (const OssaDocument *doc)
{
  /* "level" went; "extra", added before, moved up. */
  g_assert_cmpuint (doc->n_maps, ==, 1);
  g_assert_cmpstr (doc->maps[0].name, ==, "extra");
}

static void
check_cells_painted (const OssaDocument *doc)
{
  const OssaGridMap *m = &doc->maps[0];

  /* The masked corner kept its value; the wall cell (3, 2) opened; (5, 2) closed. */
  g_assert_true (ossa_grid_map_walkable (m, 4, 1));
  g_assert_true (ossa_grid_map_walkable (m, 3, 2));
  g_assert_false (ossa_grid_map_walkable (m, 5, 2));
  g_assert_false (ossa_grid_map_walkable (m, 3, 1));
  g_assert_cmpuint (ossa_grid_map_count_walkable (m), ==, 48 - 5 + 2 - 1);
}

static void
check_resized (const OssaDocument *doc)
{
  const OssaGridMap *m = &doc->maps[0];

  g_assert_cmpuint (m->width, ==, 5);
  g_assert_cmpuint (m->height, ==, 9);
  g_assert_false (ossa_grid_map_walkable (m, 3, 4));
  g_assert_true (ossa_grid_map_walkable (m, 3, 8));
  /* The goal (7, 5) fell outside; the start stays. */
  g_assert_true (m->has_start);
  g_assert_false (m->has_goal);
}

static void
check_endpoints (const OssaDocument *doc)
{
  g_assert_true (doc->maps[0].has_start);
  g_assert_cmpuint (doc->maps[0].start_x, ==, 2);
  g_assert_cmpuint (doc->maps[0].start_y, ==, 5);
  g_assert_false (doc->maps[0].has_goal);
}

static void
test_command_maps (void)
{
  OssaDocument *doc = make_map_document ();
  OssaGridMap extra;
  OssaError err = { 0 };
  /* 3 × 3 at (3, 1): 0xff keeps (3, 1) and (4, 1) as they are. */
  const uint8_t values[] = { 0xff, 0xff, 1,
                             1,    1,    0,
                             1,    1,    1 };
  OssaCommand *cmd;
  uint32_t x, y, w, h;
  size_t index;

  g_assert_true (ossa_grid_map_init (&extra, "extra", 3, 3, NULL));
  extra.cells[4] = 0;
  round_trip (doc, ossa_command_add_map (doc, &extra, &err), check_map_added);
  ossa_grid_map_clear (&extra);
  round_trip (doc, ossa_command_remove_map (doc, 0, &err), check_map_removed);
  ossa_document_free (doc);
  doc = make_map_document ();

  cmd = ossa_command_set_map_cells (doc, 0, 3, 1, 3, 3, values, &err);
  g_assert_nonnull (cmd);
  /* Only (3, 2), (3, 3) and (5, 2) change: the box is 3 × 2 from (3, 2). */
  g_assert_true (ossa_command_map_cells_rect (cmd, &index, &x, &y, &w, &h));
  g_assert_cmpuint (index, ==, 0);
  g_assert_cmpuint (x, ==, 3);
  g_assert_cmpuint (y, ==, 2);
  g_assert_cmpuint (w, ==, 3);
  g_assert_cmpuint (h, ==, 2);
  round_trip (doc, cmd, check_cells_painted);

  round_trip (doc, ossa_command_resize_map (doc, 0, 5, 9, &err), check_resized);
  round_trip (doc, ossa_command_set_map_endpoints (doc, 0, true, 2, 5, false, 0, 0, &err),
              check_endpoints);
  ossa_document_free (doc);
}

static void
test_command_maps_refused (void)
{
  OssaDocument *doc = make_map_document ();
  OssaDocument *before = ossa_document_copy (doc);
  OssaError err = { 0 };
  const uint8_t ones[4] = { 1, 1, 1, 1 };
  OssaGridMap bad = { 0 };
  OssaCommand *cmd;
  uint32_t w = 9, h = 9;

#define REFUSED(call, expected) \
  do { \
    err.code = OSSA_ERROR_NONE; \
    g_assert_null (call); \
    g_assert_cmpint (err.code, ==, expected); \
  } while (0)
  REFUSED (ossa_command_remove_map (doc, 1, &err), OSSA_ERROR_NOT_FOUND);
  REFUSED (ossa_command_set_map_cells (doc, 1, 0, 0, 2, 2, ones, &err), OSSA_ERROR_NOT_FOUND);
  REFUSED (ossa_command_set_map_cells (doc, 0, 7, 5, 2, 2, ones, &err), OSSA_ERROR_INVALID);
  REFUSED (ossa_command_set_map_cells (doc, 0, 0, 0, 0, 2, ones, &err), OSSA_ERROR_INVALID);
  REFUSED (ossa_command_resize_map (doc, 0, 0, 4, &err), OSSA_ERROR_LIMIT);
  REFUSED (ossa_command_set_map_endpoints (doc, 0, true, 8, 0, false, 0, 0, &err),
           OSSA_ERROR_INVALID);
  REFUSED (ossa_command_add_map (doc, &bad, &err), OSSA_ERROR_INVALID);
#undef REFUSED

  /* Painting what is already there builds a command that changes nothing. */
  cmd = ossa_command_set_map_cells (doc, 0, 0, 0, 2, 2, ones, &err);
  g_assert_nonnull (cmd);
  g_assert_true (ossa_command_map_cells_rect (cmd, NULL, NULL, NULL, &w, &h));
  g_assert_cmpuint (w, ==, 0);
  g_assert_cmpuint (h, ==, 0);
  g_assert_true (ossa_command_apply (cmd, doc, &err));
  g_assert_true (test_documents_equal (doc, before));
  ossa_command_free (cmd);
  g_assert_true (test_documents_equal (doc, before));
  ossa_document_free (before);
  ossa_document_free (doc);
}

/* A brush stroke: many cell commands in one history group, undone as one step; a
 * dragged start: endpoint commands with one merge id, one step too. */
static void
test_command_map_stroke (void)
{
  OssaDocument *doc = make_map_document ();
  OssaDocument *before = ossa_document_copy (doc);
  OssaHistory *history = ossa_history_new (0);
  const uint8_t blocked = 0;

  ossa_history_begin_group (history, "Paint");
  for (uint32_t x = 0; x < 8; x++)
    g_assert_true (ossa_history_execute (history, doc,
                                         ossa_command_set_map_cells (doc, 0, x, 5, 1, 1,
                                                                     &blocked, NULL),
                                         NULL));
  ossa_history_end_group (history);
  g_assert_cmpuint (ossa_history_n_undo (history), ==, 1);
  g_assert_cmpuint (ossa_grid_map_count_walkable (&doc->maps[0]), ==, 48 - 5 - 8);
  g_assert_true (ossa_history_undo (history, doc, NULL));
  g_assert_true (test_documents_equal (doc, before));
  g_assert_true (ossa_history_redo (history, doc, NULL));
  g_assert_false (ossa_grid_map_walkable (&doc->maps[0], 6, 5));

  for (uint32_t y = 1; y < 4; y++)
    {
      OssaCommand *cmd = ossa_command_set_map_endpoints (doc, 0, true, 0, y, true, 7, 5, NULL);

      ossa_command_set_merge_id (cmd, 42);
      g_assert_true (ossa_history_execute (history, doc, cmd, NULL));
    }
  g_assert_cmpuint (ossa_history_n_undo (history), ==, 2);
  g_assert_cmpuint (doc->maps[0].start_y, ==, 3);
  g_assert_true (ossa_history_undo (history, doc, NULL));
  g_assert_cmpuint (doc->maps[0].start_y, ==, 0);
  g_assert_true (ossa_history_undo (history, doc, NULL));
  g_assert_true (test_documents_equal (doc, before));
  ossa_history_free (history);
  ossa_document_free (before);
  ossa_document_free (doc);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/command/round-trips", test_command_round_trips);
  g_test_add_func ("/command/impossible-edits", test_command_impossible_edits);
  g_test_add_func ("/command/group", test_command_group);
  g_test_add_func ("/command/maps", test_command_maps);
  g_test_add_func ("/command/maps-refused", test_command_maps_refused);
  g_test_add_func ("/command/map-stroke", test_command_map_stroke);
  return g_test_run ();
}
