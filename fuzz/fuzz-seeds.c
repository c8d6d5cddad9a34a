/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Writes the generated part of the fuzz seed corpora: small files of every format,
 * made through the core's own writers (art included, through its commands), into OUTDIR/<target>/gen-*; with the shared
 * test data folder as a second argument, also its small SMDs imported and saved as
 * .ossa documents. build-aux/fuzz.sh runs it; the real files themselves are linked
 * into the corpora, never copied. */
#include <errno.h>
#include <sys/stat.h>

#include "fuzz-support.h"

static const char *out_dir;

static void
write_seed (const char *target, const char *name, const void *data, size_t size)
{
  char path[4096];
  FILE *f;

  snprintf (path, sizeof path, "%s/%s", out_dir, target);
  if (mkdir (path, 0777) != 0 && errno != EEXIST)
    {
      fprintf (stderr, "fuzz-seeds: %s: %s\n", path, strerror (errno));
      exit (1);
    }
  snprintf (path, sizeof path, "%s/%s/gen-%s", out_dir, target, name);
  f = fopen (path, "wb");
  if (f == NULL || fwrite (data, 1, size, f) != size || fclose (f) != 0)
    {
      fprintf (stderr, "fuzz-seeds: %s: cannot write\n", path);
      exit (1);
    }
}

static void
write_text (const char *target, const char *name, const char *text)
{
  write_seed (target, name, text, strlen (text));
}

static void
write_document (const char *target, const char *name, const OssaDocument *doc)
{
  OssaError err = { 0 };
  uint8_t *bytes;
  size_t size;

  FUZZ_CHECK (ossa_document_to_bytes (doc, &bytes, &size, &err), "a seed document saves");
  write_seed (target, name, bytes, size);
  free (bytes);
}

static void
add_bone (OssaDocument *doc, const char *name, int parent, float x, float y, float rot)
{
  OssaTransform t = { x, y, rot, 1, 1 };
  OssaError err = { 0 };

  FUZZ_CHECK (ossa_skeleton_add_bone (&doc->skeleton, name, parent, &t, 10, 0xff8000ffu, &err) >= 0,
              "a seed bone");
}

static void
set_key (OssaAnimation *anim, uint32_t bone, OssaChannel channel, float time, float value,
         OssaInterp interp, OssaSpin spin)
{
  OssaKey key = ossa_key_make (time, value);

  key.interp = interp;
  key.spin = spin;
  FUZZ_CHECK (ossa_track_set_key (ossa_animation_ensure_track (anim, bone, channel), &key, NULL) >= 0,
              "a seed key");
}

/* The fixed reference's bones of fuzz-smd-animation.c, with an animation that keys
 * every channel and every interpolation, and a small map. */
static OssaDocument *
make_document (void)
{
  OssaDocument *doc = ossa_document_new ();
  OssaAnimation anim;
  OssaGridMap map;
  OssaError err = { 0 };

  FUZZ_CHECK (doc != NULL, "a document");
  add_bone (doc, "root", -1, 0, 0, 1.5f);
  add_bone (doc, "spine", 0, 0, 10, 0);
  add_bone (doc, "arm", 1, 5, 8, 0.5f);
  add_bone (doc, "leg", 0, 0, -10, -0.3f);
  FUZZ_CHECK (ossa_animation_init (&anim, "walk"), "an animation");
  anim.duration = 1;
  anim.loop = true;
  set_key (&anim, 1, OSSA_CHANNEL_ROTATE, 0, 0, OSSA_INTERP_BEZIER, OSSA_SPIN_SHORTEST);
  set_key (&anim, 1, OSSA_CHANNEL_ROTATE, 0.5f, 3, OSSA_INTERP_LINEAR, OSSA_SPIN_CLOCKWISE);
  set_key (&anim, 1, OSSA_CHANNEL_ROTATE, 1, 0.2f, OSSA_INTERP_STEP, OSSA_SPIN_NUMERIC);
  set_key (&anim, 2, OSSA_CHANNEL_TRANSLATE_X, 0, 1, OSSA_INTERP_LINEAR, OSSA_SPIN_SHORTEST);
  set_key (&anim, 2, OSSA_CHANNEL_TRANSLATE_Y, 0.25f, -2, OSSA_INTERP_BEZIER, OSSA_SPIN_SHORTEST);
  set_key (&anim, 3, OSSA_CHANNEL_SCALE_X, 0, 1, OSSA_INTERP_LINEAR, OSSA_SPIN_SHORTEST);
  set_key (&anim, 3, OSSA_CHANNEL_SCALE_Y, 1, 2, OSSA_INTERP_LINEAR, OSSA_SPIN_SHORTEST);
  FUZZ_CHECK (ossa_document_take_animation (doc, &anim, &err) == 0, "the animation is taken");
  FUZZ_CHECK (ossa_grid_map_init (&map, "room", 6, 4, &err), "a map");
  ossa_grid_map_set (&map, 2, 1, false);
  ossa_grid_map_set (&map, 2, 2, false);
  map.has_start = map.has_goal = true;
  map.start_x = 0, map.start_y = 0, map.goal_x = 5, map.goal_y = 3;
  FUZZ_CHECK (ossa_document_take_map (doc, &map, &err) == 0, "the map is taken");
  return doc;
}

/* Applies cmd (which must exist) to doc and frees it. */
static void
apply (OssaDocument *doc, OssaCommand *cmd, const OssaError *err)
{
  OssaError apply_err = { 0 };

  if (cmd == NULL)
    fprintf (stderr, "fuzz-seeds: %s\n", err->message);
  FUZZ_CHECK (cmd != NULL, "a seed command");
  FUZZ_CHECK (ossa_command_apply (cmd, doc, &apply_err), "a seed command applies");
  ossa_command_free (cmd);
}

static void
set_slot_key (OssaDocument *doc, size_t slot, OssaSlotChannel channel, float time,
              int32_t attachment, uint32_t color, OssaInterp interp)
{
  OssaSlotKey k;
  OssaError err = { 0 };

  memset (&k, 0, sizeof k);
  k.time = time;
  k.attachment = attachment;
  k.color = color;
  k.interp = interp;
  k.curve = OSSA_CURVE_EASE;
  apply (doc, ossa_command_set_slot_key (doc, 0, slot, channel, &k, &err), &err);
}

/* make_document() with art: an image beside the document and an embedded one,
 * three slots (one with two attachments, one with none, tinted), attachment and
 * colour keys of every interpolation, and two draw-order keys. */
static OssaDocument *
make_art_document (void)
{
  static const uint8_t png[] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13,
                                 'I', 'H', 'D', 'R', 0, 0, 0, 16, 0, 0, 0, 16, 8, 6, 0, 0, 0 };
  static const uint32_t order_a[] = { 2, 0, 1 }, order_b[] = { 1, 2, 0 };
  OssaDocument *doc = make_document ();
  OssaTransform body = { 0, 10, 0, 1, 1 }, hand = { 2, 0, 1.57f, 1, 1 };
  OssaError err = { 0 };

  apply (doc, ossa_command_add_image (doc, "body", "art/body.png", NULL, 0, 64, 32, &err), &err);
  apply (doc, ossa_command_add_image (doc, "hands", NULL, png, sizeof png, 16, 16, &err), &err);
  apply (doc, ossa_command_add_slot (doc, "body", 1, 0xffffffffu, &err), &err);
  apply (doc, ossa_command_add_slot (doc, "hand", 2, 0xffffffffu, &err), &err);
  apply (doc, ossa_command_add_slot (doc, "leg", 3, 0xff000080u, &err), &err);
  apply (doc, ossa_command_add_attachment (doc, 0, "body", 0, &body, 64, 32, &err), &err);
  apply (doc, ossa_command_add_attachment (doc, 1, "open", 1, &hand, 8, 8, &err), &err);
  apply (doc, ossa_command_add_attachment (doc, 1, "fist", 1, NULL, 6, 6, &err), &err);
  set_slot_key (doc, 1, OSSA_SLOT_CHANNEL_ATTACHMENT, 0.5f, 1, 0, OSSA_INTERP_STEP);
  set_slot_key (doc, 1, OSSA_SLOT_CHANNEL_ATTACHMENT, 1, -1, 0, OSSA_INTERP_STEP);
  set_slot_key (doc, 0, OSSA_SLOT_CHANNEL_COLOR, 0, 0, 0xff0000ffu, OSSA_INTERP_LINEAR);
  set_slot_key (doc, 0, OSSA_SLOT_CHANNEL_COLOR, 0.25f, 0, 0x00ff00ffu, OSSA_INTERP_BEZIER);
  set_slot_key (doc, 0, OSSA_SLOT_CHANNEL_COLOR, 0.75f, 0, 0x0000ff80u, OSSA_INTERP_STEP);
  set_slot_key (doc, 2, OSSA_SLOT_CHANNEL_COLOR, 0.5f, 0, 0x12345678u, OSSA_INTERP_LINEAR);
  apply (doc, ossa_command_set_draw_order_key (doc, 0, 0.5f, order_a, 3, &err), &err);
  apply (doc, ossa_command_set_draw_order_key (doc, 0, 0.9f, order_b, 3, &err), &err);
  FUZZ_CHECK (ossa_document_validate (doc, &err), "the art seed validates");
  return doc;
}

static void
write_maps (void)
{
  static const struct { const char *name; uint32_t w, h; } sizes[] = {
    { "1x1", 1, 1 }, { "7x3", 7, 3 }, { "16x16", 16, 16 },
  };

  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
    {
      OssaGridMap map;
      OssaError err = { 0 };

      FUZZ_CHECK (ossa_grid_map_init (&map, sizes[i].name, sizes[i].w, sizes[i].h, &err), "a map");
      for (uint32_t y = 0; y < map.height; y++)
        for (uint32_t x = 0; x < map.width; x++)
          if ((x * 7 + y * 3) % 5 == 0 && (x + y) > 0)
            ossa_grid_map_set (&map, x, y, false);
      for (int f = 0; f < 2; f++)
        {
          char *text;
          size_t length;
          char name[64];

          FUZZ_CHECK (ossa_grid_map_to_text (&map, (OssaMapFormat) f, &text, &length, &err),
                      "a seed map writes");
          snprintf (name, sizeof name, "%s.%s", sizes[i].name, f ? "map" : "txt");
          write_seed (f ? "map-movingai" : "map-text", name, text, length);
          free (text);
        }
      ossa_grid_map_clear (&map);
    }
  write_text ("map-text", "crlf.txt", "width 3\r\nheight 2\r\nmapstart\r\n1 0 1\r\n\r\n1 1 1");
  write_text ("map-movingai", "crlf.map",
              "type octile\r\nheight 2\r\nwidth 3\r\nmap\r\n.@G\r\nS.T");
}

static void
write_scenarios (void)
{
  write_text ("scen", "small.scen",
              "version 1\n"
              "0\tmaps/room.map\t16\t16\t0\t1\t3\t1\t2.00000000\n"
              "1\tmaps/room.map\t16\t16\t15\t15\t0\t0\t21.21320344\n"
              "\n"
              "2 room.map 16 16 3 4 4 3 1.41421356\n");
  write_text ("scen", "version-only.scen", "version 1.0\n");
}

/* The animation SMDs: the seed document's animation exported, which names the
 * fixed reference's bones, and the document itself as a reference. */
static void
write_smds (const OssaDocument *doc)
{
  OssaError err = { 0 };
  char *text;
  size_t length;

  FUZZ_CHECK (ossa_smd_export_animation (doc, 0, &text, &length, &err), "the seed exports");
  write_seed ("smd-animation", "walk.smd", text, length);
  write_seed ("smd-reference", "walk.smd", text, length);
  free (text);
}

/* Small shared SMDs imported, then saved as documents with a mesh. */
static void
write_imported (const char *shared)
{
  static const char *const files[] = {
    "smd/bst_cube_source_links.smd", "smd/hl1test_man_ref.smd", "smd/bst_bezier_mixed_links.smd",
  };

  for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
    {
      char path[4096], name[256];
      OssaSmdImportOptions options;
      const char *const paths[] = { path };
      OssaError err = { 0 };
      OssaDocument *doc;

      snprintf (path, sizeof path, "%s/%s", shared, files[i]);
      ossa_smd_import_options_init (&options);
      doc = ossa_smd_import_files (paths, 1, &options, &err);
      if (doc == NULL)
        {
          fprintf (stderr, "fuzz-seeds: %s: %s (skipped)\n", path, err.message);
          continue;
        }
      snprintf (name, sizeof name, "%zu.ossa", i);
      write_document ("ossa", name, doc);
      ossa_document_free (doc);
    }
}

int
main (int argc, char **argv)
{
  OssaDocument *doc;

  if (argc < 2)
    {
      fprintf (stderr, "usage: %s OUTDIR [SHARED_TESTDATA]\n", argv[0]);
      return 2;
    }
  out_dir = argv[1];
  if (mkdir (out_dir, 0777) != 0 && errno != EEXIST)
    {
      fprintf (stderr, "fuzz-seeds: %s: %s\n", out_dir, strerror (errno));
      return 1;
    }
  doc = make_document ();
  write_document ("ossa", "small.ossa", doc);
  write_smds (doc);
  ossa_document_free (doc);
  write_document ("ossa", "art.ossa", (doc = make_art_document ()));
  ossa_document_free (doc);
  write_document ("ossa", "empty.ossa", (doc = ossa_document_new ()));
  ossa_document_free (doc);
  write_maps ();
  write_scenarios ();
  if (argc > 2)
    write_imported (argv[2]);
  return 0;
}
