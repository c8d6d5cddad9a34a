/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The named limits of ossa-limits.h, each through the loader or importer that
 * enforces it, at the limit (accepted) and one past it (refused with
 * OSSA_ERROR_LIMIT and a message naming the limit). Inputs are built in memory, or
 * written to a temporary folder for the readers that stream files.
 *
 * Limits too large to reach in a test, and how they are covered instead:
 * - OSSA_MAX_KEYS, OSSA_MAX_TRACKS, OSSA_MAX_MESH_VERTICES/TRIANGLES and
 *   OSSA_MAX_MATERIALS: a track or mesh at the limit is hundreds of MB; the .ossa
 *   checks compare the message's counts before reading anything, tested one past
 *   with a count whose array is shared (test-io-broken does bones, animations and
 *   maps that way) — here only the at-limit side of what is cheap.
 * - OSSA_SMD_MAX_POSES and OSSA_SMD_MAX_VERTICES: 400 MB and 600 MB of poses and
 *   vertices at the limit; the pose check is exercised one past with the fewest
 *   bytes (a million bones and nine frames would be needed at the limit).
 * - OSSA_MAX_FILE_SIZE, OSSA_SMD_MAX_FILE_SIZE, OSSA_MAX_MAP_FILE_SIZE and
 *   OSSA_MAX_SCEN_FILE_SIZE: sparse files of the limit and one byte more (no disk
 *   is used); at the limit the reader goes on to the first bad row, and fails
 *   there instead, which is the point. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test-io-support.h"

/* ---- a growing string ---- */

static void
expect_limit (const OssaError *err, int line, const char *needle)
{
  if (err->code != OSSA_ERROR_LIMIT || (line >= 0 && err->line != line)
      || strstr (err->message, needle) == NULL)
    g_error ("expected a limit error at line %d with '%s', got code %d at %s:%d: %s", line,
             needle, err->code, err->path, err->line, err->message);
}

/* ---- SMD ---- */

/* An SMD of n nodes (flat), with the nodes block only. */
static GString *
smd_nodes (size_t n)
{
  GString *s = g_string_sized_new (32 + n * 24);

  g_string_append (s, "version 1\nnodes\n");
  for (size_t i = 0; i < n; i++)
    g_string_append_printf (s, "%zu \"b%zu\" %d\n", i, i, i == 0 ? -1 : 0);
  g_string_append (s, "end\n");
  return s;
}

static void
test_smd_bones (void)
{
  OssaError err = { 0 };
  GString *s = smd_nodes (OSSA_MAX_BONES);
  OssaSmd *smd = ossa_smd_read_bytes (s->str, s->len, "at.smd", NULL, &err);

  g_assert_nonnull (smd);
  g_assert_cmpuint (smd->n_nodes, ==, OSSA_MAX_BONES);
  ossa_smd_free (smd);
  g_string_free (s, TRUE);

  /* One more: the id is out of range first; with ids in range, the count. */
  s = smd_nodes (OSSA_MAX_BONES + 1);
  g_assert_null (ossa_smd_read_bytes (s->str, s->len, "past.smd", NULL, &err));
  g_assert_cmpint (err.line, ==, 3 + OSSA_MAX_BONES);
  g_assert_nonnull (strstr (err.message, "out of range (0 to 999999)"));
  g_string_free (s, TRUE);
}

static GString *
smd_frames (size_t n_frames)
{
  GString *s = g_string_sized_new (48 + n_frames * 14);

  g_string_append (s, "version 1\nnodes\nend\nskeleton\n");
  for (size_t f = 0; f < n_frames; f++)
    g_string_append_printf (s, "time %zu\n", f);
  g_string_append (s, "end\n");
  return s;
}

/* Frames need no bones to cost memory: the count has its own limit. */
static void
test_smd_frames (void)
{
  OssaError err = { 0 };
  GString *s = smd_frames (OSSA_SMD_MAX_FRAMES);
  OssaSmd *smd = ossa_smd_read_bytes (s->str, s->len, "at.smd", NULL, &err);

  if (smd == NULL)
    g_error ("%d: %s", err.line, err.message);
  g_assert_cmpuint (smd->n_frames, ==, OSSA_SMD_MAX_FRAMES);
  ossa_smd_free (smd);
  g_string_free (s, TRUE);

  s = smd_frames (OSSA_SMD_MAX_FRAMES + 1);
  g_assert_null (ossa_smd_read_bytes (s->str, s->len, "past.smd", NULL, &err));
  expect_limit (&err, 5 + OSSA_SMD_MAX_FRAMES, "more than 1000000 frames");
  g_string_free (s, TRUE);
}

/* A million bones × nine frames pass 8 Mi poses; eight frames would not. */
static void
test_smd_poses (void)
{
  size_t n = OSSA_MAX_BONES, frames = OSSA_SMD_MAX_POSES / n + 1;
  GString *s = smd_nodes (n);
  OssaError err = { 0 };

  g_assert_cmpuint ((frames - 1) * n, <=, OSSA_SMD_MAX_POSES);
  g_assert_cmpuint (frames * n, >, OSSA_SMD_MAX_POSES);
  g_string_append (s, "skeleton\n");
  for (size_t f = 0; f < frames; f++)
    g_string_append_printf (s, "time %zu\n", f);
  g_string_append (s, "end\n");
  g_assert_null (ossa_smd_read_bytes (s->str, s->len, "poses.smd", NULL, &err));
  expect_limit (&err, (int) (3 + n + 2 + frames - 1), "more than 8388608 bone poses");
  g_string_free (s, TRUE);
}

static void
test_smd_links (void)
{
  for (unsigned links = OSSA_SMD_MAX_LINKS; links <= OSSA_SMD_MAX_LINKS + 1; links++)
    {
      GString *s = g_string_new ("version 1\nnodes\n0 \"a\" -1\nend\ntriangles\nmat\n");
      OssaError err = { 0 };
      OssaSmd *smd;

      for (int v = 0; v < 3; v++)
        {
          g_string_append_printf (s, "0 %d 0 0 0 0 1 0 0 %u", v, links);
          for (unsigned k = 0; k < links; k++)
            g_string_append (s, " 0 0.03125");
          g_string_append_c (s, '\n');
        }
      g_string_append (s, "end\n");
      smd = ossa_smd_read_bytes (s->str, s->len, "links.smd", NULL, &err);
      if (links == OSSA_SMD_MAX_LINKS)
        {
          g_assert_nonnull (smd);
          g_assert_cmpuint (smd->n_triangles, ==, 1);
        }
      else
        {
          g_assert_null (smd);
          expect_limit (&err, 7, "33");
        }
      ossa_smd_free (smd);
      g_string_free (s, TRUE);
    }
}

static void
test_smd_name_bytes (void)
{
  for (size_t len = OSSA_MAX_NAME_BYTES; len <= OSSA_MAX_NAME_BYTES + 1; len++)
    {
      GString *s = g_string_new ("version 1\nnodes\n0 \"");
      OssaError err = { 0 };
      OssaDocument *doc;

      for (size_t i = 0; i < len; i++)
        g_string_append_c (s, 'n');
      g_string_append (s, "\" -1\nend\nskeleton\ntime 0\n0 0 0 0 0 0 0\nend\n");
      doc = ossa_smd_import_bytes (s->str, s->len, "name.smd", NULL, &err);
      if (len == OSSA_MAX_NAME_BYTES)
        {
          g_assert_nonnull (doc);
          g_assert_cmpuint (strlen (doc->skeleton.bones[0].name), ==, len);
        }
      else
        {
          g_assert_null (doc);
          expect_limit (&err, 3, "(limit 1024)");
        }
      ossa_document_free (doc);
      g_string_free (s, TRUE);
    }
}

/* ---- .ossa documents at the limits (one past is in test-io-broken) ---- */

static void
test_ossa_bones_at_limit (void)
{
  MsgArena arena;
  Ossa__Document *msg;
  GBytes *good = make_document_bytes (), *bytes;
  size_t n = OSSA_MAX_BONES;
  Ossa__Bone *bones;
  Ossa__Bone **ptrs;
  Ossa__Transform *rest;
  OssaDocument *doc;

  msg_arena_init (&arena);
  msg = unpack_bytes (good, &arena);
  bones = msg_alloc (&arena, n * sizeof *bones);
  ptrs = msg_alloc (&arena, n * sizeof *ptrs);
  rest = msg_alloc (&arena, sizeof *rest);
  ossa__transform__init (rest);
  rest->scale_x = rest->scale_y = 1;
  for (size_t i = 0; i < n; i++)
    {
      char name[16];

      ossa__bone__init (&bones[i]);
      snprintf (name, sizeof name, "b%zu", i);
      bones[i].name = msg_strdup (&arena, name);
      bones[i].parent = i == 0 ? -1 : (int32_t) i - 1;   /* a chain a million deep */
      bones[i].rest = rest;
      ptrs[i] = &bones[i];
    }
  msg->skeleton->bones = ptrs;
  msg->skeleton->n_bones = n;
  msg->n_animations = 0;
  bytes = pack_message (msg);
  doc = assert_load_works (bytes);
  g_assert_cmpuint (doc->skeleton.n_bones, ==, n);
  g_assert_cmpint (ossa_skeleton_find_bone (&doc->skeleton, "b999999"), ==, 999999);
  ossa_document_free (doc);
  g_bytes_unref (bytes);
  g_bytes_unref (good);
  msg_arena_clear (&arena);
}

static void
test_ossa_animations_and_maps_at_limit (void)
{
  MsgArena arena;
  Ossa__Document *msg;
  GBytes *good = make_document_bytes (), *bytes;
  Ossa__Animation **anims = NULL;
  Ossa__GridMap **maps;
  OssaDocument *doc;

  msg_arena_init (&arena);
  msg = unpack_bytes (good, &arena);
  anims = msg_alloc (&arena, OSSA_MAX_ANIMATIONS * sizeof *anims);
  for (size_t i = 0; i < OSSA_MAX_ANIMATIONS; i++)
    {
      char name[16];

      anims[i] = msg_alloc (&arena, sizeof **anims);
      *anims[i] = *msg->animations[1];   /* "idle": no tracks */
      snprintf (name, sizeof name, "a%zu", i);
      anims[i]->name = msg_strdup (&arena, name);
    }
  msg->animations = anims;
  msg->n_animations = OSSA_MAX_ANIMATIONS;
  maps = msg_alloc (&arena, OSSA_MAX_MAPS * sizeof *maps);
  for (size_t i = 0; i < OSSA_MAX_MAPS; i++)
    {
      char name[16];

      maps[i] = msg_alloc (&arena, sizeof **maps);
      *maps[i] = *MAP (1);
      snprintf (name, sizeof name, "m%zu", i);
      maps[i]->name = msg_strdup (&arena, name);
    }
  msg->maps = maps;
  msg->n_maps = OSSA_MAX_MAPS;
  bytes = pack_message (msg);
  doc = assert_load_works (bytes);
  g_assert_cmpuint (doc->n_animations, ==, OSSA_MAX_ANIMATIONS);
  g_assert_cmpuint (doc->n_maps, ==, OSSA_MAX_MAPS);
  ossa_document_free (doc);
  g_bytes_unref (bytes);
  g_bytes_unref (good);
  msg_arena_clear (&arena);
}

/* ---- IK constraints ---- */

/* OSSA_MAX_IK_CONSTRAINTS one-bone constraints on arm aiming at root (above the
 * chain: allowed) load; one more is refused before anything is copied. The same
 * for IK tracks in one animation, which are bounded by the same number. */
static void
test_ossa_ik_constraints_at_limit (void)
{
  for (size_t n = OSSA_MAX_IK_CONSTRAINTS; n <= OSSA_MAX_IK_CONSTRAINTS + 1; n++)
    {
      MsgArena arena;
      Ossa__Document *msg;
      GBytes *good = make_document_bytes (), *bytes;
      Ossa__IkConstraint **ik, *c;
      Ossa__IkTrack **tracks, *t;
      uint32_t *bone = NULL;
      float *zero;

      msg_arena_init (&arena);
      msg = unpack_bytes (good, &arena);
      ik = msg_alloc (&arena, n * sizeof *ik);
      c = msg_alloc (&arena, n * sizeof *c);
      tracks = msg_alloc (&arena, n * sizeof *tracks);
      t = msg_alloc (&arena, n * sizeof *t);
      bone = msg_alloc (&arena, sizeof *bone);
      zero = msg_alloc (&arena, sizeof *zero);
      *bone = 1;
      for (size_t i = 0; i < n; i++)
        {
          char name[16];

          ossa__ik_constraint__init (&c[i]);
          snprintf (name, sizeof name, "c%zu", i);
          c[i].name = msg_strdup (&arena, name);
          c[i].n_bones = 1;
          c[i].bones = bone;
          c[i].has_target = 1;
          c[i].target = 0;
          ik[i] = &c[i];
          ossa__ik_track__init (&t[i]);
          t[i].has_constraint = 1;
          t[i].constraint = (uint32_t) i;
          t[i].n_times = t[i].n_mix = 1;
          t[i].times = t[i].mix = zero;
          tracks[i] = &t[i];
        }
      msg->skeleton->ik = ik;
      msg->skeleton->n_ik = n;
      bytes = pack_message (msg);
      if (n == OSSA_MAX_IK_CONSTRAINTS)
        {
          OssaDocument *doc = assert_load_works (bytes);

          g_assert_cmpuint (doc->n_ik, ==, n);
          g_assert_cmpstr (doc->ik[n - 1].name, ==, "c99999");
          ossa_document_free (doc);
          /* ... and as many tracks, one per constraint. */
          g_bytes_unref (bytes);
          msg->animations[0]->ik_tracks = tracks;
          msg->animations[0]->n_ik_tracks = n;
          bytes = pack_message (msg);
          doc = assert_load_works (bytes);
          g_assert_cmpuint (doc->animations[0].n_ik_tracks, ==, n);
          ossa_document_free (doc);
        }
      else
        {
          assert_load_fails (bytes, OSSA_ERROR_LIMIT, "100001 IK constraints (limit 100000)");
          g_bytes_unref (bytes);
          msg->skeleton->n_ik = n - 1;
          msg->animations[0]->ik_tracks = tracks;
          msg->animations[0]->n_ik_tracks = n;
          bytes = pack_message (msg);
          assert_load_fails (bytes, OSSA_ERROR_LIMIT, "animation 0: 100001 IK tracks (limit 100000)");
        }
      g_bytes_unref (bytes);
      g_bytes_unref (good);
      msg_arena_clear (&arena);
    }
}

/* ---- grid maps ---- */

static void
test_map_side (void)
{
  for (uint32_t w = OSSA_MAX_MAP_SIDE; w <= OSSA_MAX_MAP_SIDE + 1; w++)
    {
      GString *s = g_string_new (NULL);
      OssaGridMap map;
      OssaError err = { 0 };
      bool ok;

      g_string_append_printf (s, "type octile\nheight 1\nwidth %u\nmap\n", w);
      for (uint32_t x = 0; x < w; x++)
        g_string_append_c (s, '.');
      g_string_append_c (s, '\n');
      ok = ossa_grid_map_parse (&map, s->str, s->len, "side.map", "side", NULL, &err);
      if (w == OSSA_MAX_MAP_SIDE)
        {
          g_assert_true (ok);
          g_assert_cmpuint (map.width, ==, w);
          ossa_grid_map_clear (&map);
        }
      else
        {
          g_assert_false (ok);
          expect_limit (&err, 3, "over the limit of 16384");
        }
      g_string_free (s, TRUE);
    }
}

static char *
write_temp (const char *dir, const char *name, const char *data, size_t size)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, data, (gssize) size, NULL));
  return path;
}

/* An article map of 4 × 1 whose row is padded with spaces to len bytes. */
static void
test_map_line_bytes (void)
{
  char *dir = g_dir_make_tmp ("ossa-limits-XXXXXX", NULL);

  for (size_t len = OSSA_MAX_MAP_LINE_BYTES; len <= OSSA_MAX_MAP_LINE_BYTES + 1; len++)
    {
      GString *s = g_string_new ("width 4\nheight 1\nmapstart\n1 0 1 1");
      char *path;
      OssaGridMap map;
      OssaError err = { 0 };
      bool ok;

      while (s->len - strlen ("width 4\nheight 1\nmapstart\n") < len)
        g_string_append_c (s, ' ');
      g_string_append (s, "\r\n");
      path = write_temp (dir, "line.txt", s->str, s->len);
      ok = ossa_grid_map_load (&map, path, NULL, &err);
      if (len == OSSA_MAX_MAP_LINE_BYTES)
        {
          if (!ok)
            g_error ("%d: %s", err.line, err.message);
          g_assert_cmpuint (map.cells[2], ==, 1);
          ossa_grid_map_clear (&map);
        }
      else
        {
          g_assert_false (ok);
          expect_limit (&err, 4, "line 4 is longer than 1048576 bytes");
        }
      unlink (path);
      g_free (path);
      g_string_free (s, TRUE);
    }
  remove_tree (dir);
  g_free (dir);
}

/* A sparse file of size bytes that starts with head. */
static char *
sparse_file (const char *dir, const char *name, const char *head, off_t size)
{
  char *path = g_build_filename (dir, name, NULL);
  int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (write (fd, head, strlen (head)), ==, (ssize_t) strlen (head));
  g_assert_cmpint (ftruncate (fd, size), ==, 0);
  close (fd);
  return path;
}

static void
test_file_sizes (void)
{
  char *dir = g_dir_make_tmp ("ossa-limits-XXXXXX", NULL);
  OssaError err = { 0 };
  OssaGridMap map;
  OssaScenario scen;
  char *path;

  /* Map text: at the limit the reader goes on, and fails at row 1 (NUL bytes). */
  path = sparse_file (dir, "at.map", "type octile\nheight 4\nwidth 4\nmap\n", (off_t) OSSA_MAX_MAP_FILE_SIZE);
  g_assert_false (ossa_grid_map_load (&map, path, NULL, &err));
  g_assert_cmpint (err.line, ==, 5);
  g_assert_nonnull (strstr (err.message, "byte 0x00 in column 1"));
  g_free (path);
  path = sparse_file (dir, "past.map", "type octile\n", (off_t) OSSA_MAX_MAP_FILE_SIZE + 1);
  g_assert_false (ossa_grid_map_load (&map, path, NULL, &err));
  expect_limit (&err, 0, "the file is 1073741825 bytes (limit 1073741824)");
  g_free (path);

  path = sparse_file (dir, "at.scen", "version 1\n", (off_t) OSSA_MAX_SCEN_FILE_SIZE);
  g_assert_false (ossa_scenario_load (&scen, path, &err));
  g_assert_cmpint (err.line, ==, 2);   /* a line of NUL bytes is one field, not nine */
  g_free (path);
  path = sparse_file (dir, "past.scen", "version 1\n", (off_t) OSSA_MAX_SCEN_FILE_SIZE + 1);
  g_assert_false (ossa_scenario_load (&scen, path, &err));
  expect_limit (&err, 0, "(limit 268435456)");
  g_free (path);

  path = sparse_file (dir, "past.ossa", "", (off_t) OSSA_MAX_FILE_SIZE + 1);
  g_assert_null (ossa_document_load (path, &err));
  expect_limit (&err, -1, "limit 536870912");
  g_free (path);
  path = sparse_file (dir, "past.smd", "version 1\n", (off_t) OSSA_SMD_MAX_FILE_SIZE + 1);
  g_assert_null (ossa_smd_read (path, NULL, &err));
  expect_limit (&err, -1, "limit 536870912");
  g_free (path);
  remove_tree (dir);
  g_free (dir);
}

/* ---- scenarios ---- */

static void
test_scen_problems (void)
{
  for (size_t n = OSSA_MAX_SCEN_PROBLEMS; n <= OSSA_MAX_SCEN_PROBLEMS + 1; n++)
    {
      GString *s = g_string_sized_new (16 + n * 28);
      OssaScenario scen;
      OssaError err = { 0 };
      bool ok;

      g_string_append (s, "version 1\n");
      for (size_t i = 0; i < n; i++)
        g_string_append (s, "0\ta.map\t4\t4\t0\t0\t1\t1\t1.414\n");
      ok = ossa_scenario_parse (&scen, s->str, s->len, "n.scen", &err);
      if (n == OSSA_MAX_SCEN_PROBLEMS)
        {
          g_assert_true (ok);
          g_assert_cmpuint (scen.n_problems, ==, n);
          ossa_scenario_clear (&scen);
        }
      else
        {
          g_assert_false (ok);
          expect_limit (&err, (int) n + 1, "more than 1000000 problems");
        }
      g_string_free (s, TRUE);
    }
}

static void
test_scen_line_bytes (void)
{
  char *dir = g_dir_make_tmp ("ossa-limits-XXXXXX", NULL);

  for (size_t len = OSSA_MAX_SCEN_LINE_BYTES; len <= OSSA_MAX_SCEN_LINE_BYTES + 1; len++)
    {
      GString *s = g_string_new ("version 1\n");
      size_t start = s->len;
      OssaScenario scen;
      OssaError err = { 0 };
      char *path;
      bool ok;

      g_string_append (s, "0\ta.map\t4\t4\t0\t0\t1\t1\t1.414");
      while (s->len - start < len)
        g_string_append_c (s, ' ');
      g_string_append_c (s, '\n');
      path = write_temp (dir, "line.scen", s->str, s->len);
      ok = ossa_scenario_load (&scen, path, &err);
      if (len == OSSA_MAX_SCEN_LINE_BYTES)
        {
          g_assert_true (ok);
          g_assert_cmpuint (scen.n_problems, ==, 1);
          ossa_scenario_clear (&scen);
        }
      else
        {
          g_assert_false (ok);
          expect_limit (&err, 2, "longer than 65536 bytes");
        }
      unlink (path);
      g_free (path);
      g_string_free (s, TRUE);
    }
  remove_tree (dir);
  g_free (dir);
}

/* ---- the pathfinder's memory budget ---- */

static void
test_path_budget (void)
{
  OssaGridMap map;
  OssaPathfinder *pf = ossa_pathfinder_new ();
  OssaPathResult result;
  OssaError err = { 0 };
  uint64_t used;

  g_assert_true (ossa_grid_map_init (&map, "open", 64, 64, NULL));
  memset (map.cells, 1, 64 * 64);
  /* What a whole Dijkstra search of the map holds, with room to spare. */
  g_assert_true (ossa_pathfinder_set_map (pf, &map, &err));
  g_assert_true (ossa_pathfinder_search (pf, OSSA_PATH_DIJKSTRA, 8, 0, 0, 63, 63, &result, &err));
  used = ossa_pathfinder_memory_used (pf);
  ossa_pathfinder_free (pf);

  /* At the budget: the same search in a fresh searcher. */
  pf = ossa_pathfinder_new ();
  ossa_pathfinder_set_memory_budget (pf, used);
  g_assert_true (ossa_pathfinder_set_map (pf, &map, &err));
  g_assert_true (ossa_pathfinder_search (pf, OSSA_PATH_DIJKSTRA, 8, 0, 0, 63, 63, &result, &err));
  g_assert_true (result.found);
  g_assert_cmpuint (ossa_pathfinder_memory_used (pf), <=, used);
  ossa_pathfinder_free (pf);

  /* One byte less: the open list's last growth would pass it. */
  pf = ossa_pathfinder_new ();
  ossa_pathfinder_set_memory_budget (pf, used - 1);
  g_assert_true (ossa_pathfinder_set_map (pf, &map, &err));
  g_assert_false (ossa_pathfinder_search (pf, OSSA_PATH_DIJKSTRA, 8, 0, 0, 63, 63, &result, &err));
  expect_limit (&err, 0, "would pass its memory budget of");
  g_assert_true (ossa_pathfinder_stopped (pf, &err));
  /* A search that fits still runs on the same searcher. */
  g_assert_true (ossa_pathfinder_search (pf, OSSA_PATH_ASTAR, 8, 0, 0, 9, 9, &result, &err));
  g_assert_true (result.found);
  g_assert_false (ossa_pathfinder_stopped (pf, NULL));
  ossa_pathfinder_free (pf);

  /* A budget under the map's search state refuses the search before it starts. */
  pf = ossa_pathfinder_new ();
  ossa_pathfinder_set_memory_budget (pf, ossa_pathfinder_memory_needed (64, 64) - 1);
  g_assert_true (ossa_pathfinder_set_map (pf, &map, &err));
  g_assert_false (ossa_pathfinder_search (pf, OSSA_PATH_ASTAR, 8, 0, 0, 9, 9, &result, &err));
  expect_limit (&err, 0, "a search of the 64 × 64 map would need");
  /* And one under the map's copy refuses the map. */
  ossa_pathfinder_set_memory_budget (pf, 2 * 64 * 64 - 1);
  ossa_pathfinder_free (pf);
  pf = ossa_pathfinder_new ();
  ossa_pathfinder_set_memory_budget (pf, 2 * 64 * 64 - 1);
  g_assert_false (ossa_pathfinder_set_map (pf, &map, &err));
  expect_limit (&err, 0, "memory budget");
  ossa_pathfinder_free (pf);

  /* The default: the named limit, or half the machine's memory. */
  g_assert_cmpuint (ossa_pathfinder_default_memory_budget (), <=, OSSA_PATH_MEMORY_BUDGET);
  g_assert_cmpuint (ossa_pathfinder_default_memory_budget (), >, 0);
  /* At most 10 bytes a cell of state, whatever the map's size (7 and 1/16). */
  g_assert_cmpuint (ossa_pathfinder_memory_needed (OSSA_MAX_MAP_SIDE, OSSA_MAX_MAP_SIDE), <=,
                    10 * (uint64_t) OSSA_MAX_MAP_CELLS);
  ossa_grid_map_clear (&map);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/limits/smd-bones", test_smd_bones);
  g_test_add_func ("/limits/smd-frames", test_smd_frames);
  g_test_add_func ("/limits/smd-poses", test_smd_poses);
  g_test_add_func ("/limits/smd-links", test_smd_links);
  g_test_add_func ("/limits/smd-name-bytes", test_smd_name_bytes);
  g_test_add_func ("/limits/ossa-bones-at-limit", test_ossa_bones_at_limit);
  g_test_add_func ("/limits/ossa-animations-and-maps-at-limit", test_ossa_animations_and_maps_at_limit);
  g_test_add_func ("/limits/ossa-ik-constraints-at-limit", test_ossa_ik_constraints_at_limit);
  g_test_add_func ("/limits/map-side", test_map_side);
  g_test_add_func ("/limits/map-line-bytes", test_map_line_bytes);
  g_test_add_func ("/limits/file-sizes", test_file_sizes);
  g_test_add_func ("/limits/scen-problems", test_scen_problems);
  g_test_add_func ("/limits/scen-line-bytes", test_scen_line_bytes);
  g_test_add_func ("/limits/path-budget", test_path_budget);
  return g_test_run ();
}
