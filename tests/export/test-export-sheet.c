/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Sprite sheets (src/export/ossa-export-sheet.c): walk.png + walk.json in
 * TexturePacker's JSON-hash layout; every rectangle points at pixels equal to the
 * same frame exported alone; frames apart by a transparent gap; --trim's boxes and
 * offsets, on the job and on the writer fed frames of known content; a sheet over
 * the size limit refused before anything is drawn. */
#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>

#include "export-test-support.h"
#include "ossa-export-private.h"

static JsonObject *
member_object (JsonObject *o, const char *name)
{
  g_assert_true (json_object_has_member (o, name));
  return json_object_get_object_member (o, name);
}

static int
member_int (JsonObject *o, const char *name)
{
  g_assert_true (json_object_has_member (o, name));
  return (int) json_object_get_int_member (o, name);
}

/* The sheet's JSON parsed and checked for the layout every importer reads;
 * frames in order in *names. */
static JsonParser *
read_sheet_json (const char *path, const char *image, int sheet_w, int sheet_h, int frame_w,
                 int frame_h, gboolean trimmed, GPtrArray *names)
{
  JsonParser *parser = json_parser_new ();
  GError *error = NULL;
  JsonObject *root, *frames, *meta, *size;
  GList *members;

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  frames = member_object (root, "frames");
  meta = member_object (root, "meta");
  g_assert_cmpstr (json_object_get_string_member (meta, "app"), ==, "Ossa");
  g_assert_cmpstr (json_object_get_string_member (meta, "version"), ==, PACKAGE_VERSION);
  g_assert_cmpstr (json_object_get_string_member (meta, "image"), ==, image);
  g_assert_cmpstr (json_object_get_string_member (meta, "format"), ==, "RGBA8888");
  g_assert_cmpstr (json_object_get_string_member (meta, "scale"), ==, "1");
  size = member_object (meta, "size");
  g_assert_cmpint (member_int (size, "w"), ==, sheet_w);
  g_assert_cmpint (member_int (size, "h"), ==, sheet_h);
  members = json_object_get_members (frames);
  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonObject *f = member_object (frames, l->data);
      JsonObject *rect = member_object (f, "frame"), *sss = member_object (f, "spriteSourceSize");
      JsonObject *src = member_object (f, "sourceSize");

      g_ptr_array_add (names, g_strdup (l->data));
      g_assert_false (json_object_get_boolean_member (f, "rotated"));
      g_assert_cmpint (json_object_get_boolean_member (f, "trimmed"), ==, trimmed);
      g_assert_cmpint (member_int (src, "w"), ==, frame_w);
      g_assert_cmpint (member_int (src, "h"), ==, frame_h);
      g_assert_cmpint (member_int (sss, "w"), ==, member_int (rect, "w"));
      g_assert_cmpint (member_int (sss, "h"), ==, member_int (rect, "h"));
      g_assert_cmpint (member_int (sss, "x") + member_int (sss, "w"), <=, frame_w);
      g_assert_cmpint (member_int (sss, "y") + member_int (sss, "h"), <=, frame_h);
      g_assert_cmpint (member_int (rect, "x") + member_int (rect, "w"), <=, sheet_w);
      g_assert_cmpint (member_int (rect, "y") + member_int (rect, "h"), <=, sheet_h);
      g_assert_cmpint (member_int (f, "duration"), >, 0);
    }
  g_list_free (members);
  return parser;
}

/* No two frames' rectangles come within 2 pixels of each other. */
static void
assert_apart (JsonObject *frames, GPtrArray *names)
{
  for (guint i = 0; i < names->len; i++)
    for (guint j = i + 1; j < names->len; j++)
      {
        JsonObject *a = member_object (member_object (frames, names->pdata[i]), "frame");
        JsonObject *b = member_object (member_object (frames, names->pdata[j]), "frame");
        gboolean apart_x = member_int (a, "x") + member_int (a, "w") + 2 <= member_int (b, "x")
                           || member_int (b, "x") + member_int (b, "w") + 2 <= member_int (a, "x");
        gboolean apart_y = member_int (a, "y") + member_int (a, "h") + 2 <= member_int (b, "y")
                           || member_int (b, "y") + member_int (b, "h") + 2 <= member_int (a, "y");

        if (!apart_x && !apart_y)
          g_error ("%s and %s touch", (char *) names->pdata[i], (char *) names->pdata[j]);
      }
}

/* The sheet's rectangle of frame `f` equals the single frame `one` at the frame's
 * offset, and the single frame is clear outside it. */
static void
assert_frame_pixels (cairo_surface_t *sheet, JsonObject *f, cairo_surface_t *one,
                     const char *name)
{
  JsonObject *rect = member_object (f, "frame"), *sss = member_object (f, "spriteSourceSize");
  int rx = member_int (rect, "x"), ry = member_int (rect, "y");
  int ox = member_int (sss, "x"), oy = member_int (sss, "y");
  int w = member_int (rect, "w"), h = member_int (rect, "h");

  for (int y = 0; y < cairo_image_surface_get_height (one); y++)
    for (int x = 0; x < cairo_image_surface_get_width (one); x++)
      {
        gboolean inside = x >= ox && x < ox + w && y >= oy && y < oy + h;
        uint32_t want = export_pixel (one, x, y);
        uint32_t got = inside ? export_pixel (sheet, rx + x - ox, ry + y - oy) : 0;

        if (got != want)
          g_error ("%s (%d, %d): the sheet has %08x, the frame %08x", name, x, y, got, want);
      }
}

/* hero's walk to a sheet (trimmed or not) and to single frames; every rectangle
 * of the sheet against its frame. */
static void
test_sheet_against_frames (gconstpointer data)
{
  gboolean trim = GPOINTER_TO_INT (data);
  g_autofree char *base = NULL;
  OssaDocument *doc = export_load_hero (&base);
  g_autofree char *dir = NULL, *out = NULL, *json = NULL, *frames_out = NULL, *listing = NULL;
  g_autofree char *one_dir = NULL;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  OssaExportSettings s;
  OssaExportResult result = { 0 }, singles = { 0 };
  JsonParser *parser;
  JsonObject *frames;
  cairo_surface_t *sheet;
  GError *error = NULL;
  double total_ms = 0;

  if (doc == NULL)
    return;
  dir = export_tmp_dir ();
  out = g_build_filename (dir, "walk.png", NULL);
  json = g_build_filename (dir, "walk.json", NULL);
  export_settings (&s, "walk", out, TRUE, base);
  s.width = 120;
  s.height = 100;
  s.trim = trim;
  g_assert_true (ossa_export_run (doc, &s, NULL, NULL, NULL, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpint (result.format, ==, OSSA_EXPORT_SHEET);
  g_assert_cmpuint (result.files->len, ==, 2);
  g_assert_cmpstr (result.files->pdata[0], ==, out);
  g_assert_cmpstr (result.files->pdata[1], ==, json);
  listing = test_folder_list (dir);
  g_assert_cmpstr (listing, ==, "walk.json walk.png");

  one_dir = g_build_filename (dir, "one", NULL);
  frames_out = g_build_filename (one_dir, "walk-%04d.png", NULL);
  g_assert_cmpint (g_mkdir (one_dir, 0755), ==, 0);
  export_settings (&s, "walk", frames_out, FALSE, base);
  s.width = 120;
  s.height = 100;
  g_assert_true (ossa_export_run (doc, &s, NULL, NULL, NULL, &singles, &error));
  g_assert_no_error (error);

  sheet = export_read_png (out);
  parser = read_sheet_json (json, "walk.png", cairo_image_surface_get_width (sheet),
                            cairo_image_surface_get_height (sheet), 120, 100, trim, names);
  frames = member_object (json_node_get_object (json_parser_get_root (parser)), "frames");
  g_assert_cmpuint (names->len, ==, result.range.n_frames);
  assert_apart (frames, names);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *name = g_strdup_printf ("walk-%04u.png", i);
      JsonObject *f = member_object (frames, name);
      cairo_surface_t *one = export_read_png (singles.files->pdata[i]);

      g_assert_cmpstr (names->pdata[i], ==, name);
      assert_frame_pixels (sheet, f, one, name);
      if (!trim)
        {
          JsonObject *sss = member_object (f, "spriteSourceSize");

          g_assert_cmpint (member_int (sss, "x"), ==, 0);
          g_assert_cmpint (member_int (sss, "y"), ==, 0);
          g_assert_cmpint (member_int (sss, "w"), ==, 120);
        }
      total_ms += member_int (f, "duration");
      cairo_surface_destroy (one);
    }
  /* The durations add up to the range's length, to the millisecond. */
  g_assert_cmpfloat (fabs (total_ms - 1000.0 * result.range.duration), <, 1.0);
  /* PixiJS's animations: the frames in order, under the animation's name. */
  {
    JsonObject *anims = member_object (json_node_get_object (json_parser_get_root (parser)),
                                       "animations");
    JsonArray *walk = json_object_get_array_member (anims, "walk");

    g_assert_nonnull (walk);
    g_assert_cmpuint (json_array_get_length (walk), ==, names->len);
    for (guint i = 0; i < names->len; i++)
      g_assert_cmpstr (json_array_get_string_element (walk, i), ==, names->pdata[i]);
  }
  g_object_unref (parser);
  cairo_surface_destroy (sheet);
  ossa_export_result_clear (&result);
  ossa_export_result_clear (&singles);
  export_remove_tree (dir);
  ossa_document_free (doc);
}

static void
put (uint8_t *pixels, int stride, int x, int y, uint32_t argb)
{
  *(uint32_t *) (void *) (pixels + (size_t) y * (size_t) stride + 4 * (size_t) x) = argb;
}

/* The writer fed three 20×16 frames of known content: a 4×3 block at (5, 7), two
 * pixels at opposite corners, nothing. The trimmed boxes and offsets, and the
 * pixels they point at. */
static void
test_sheet_trim_known (void)
{
  enum { W = 20, H = 16, STRIDE = 4 * W };
  g_autofree char *dir = export_tmp_dir ();
  g_autofree char *out = g_build_filename (dir, "wave.png", NULL);
  g_autofree char *json = g_build_filename (dir, "wave.json", NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  static const int want[3][4] = { { 5, 7, 4, 3 }, { 0, 0, W, H }, { 0, 0, 1, 1 } };
  uint8_t frames[3][STRIDE * H];
  OssaExportSettings s;
  OssaExportResult plan = { 0 };
  OssaExportWriter *w;
  JsonParser *parser;
  JsonObject *jframes;
  cairo_surface_t *sheet;
  GError *error = NULL;

  memset (frames, 0, sizeof frames);
  for (int y = 7; y < 10; y++)
    for (int x = 5; x < 9; x++)
      put (frames[0], STRIDE, x, y, 0xff000000u | (uint32_t) (x * 16) << 16 | (uint32_t) (y * 16));
  put (frames[0], STRIDE, 6, 8, 0x80400000u);  /* half transparent */
  put (frames[1], STRIDE, 0, 0, 0xffffffffu);
  put (frames[1], STRIDE, W - 1, H - 1, 0x01010101u);
  ossa_export_settings_init (&s);
  s.animation = "wave";
  s.output = out;
  s.format = OSSA_EXPORT_SHEET;
  s.trim = TRUE;
  plan.format = OSSA_EXPORT_SHEET;
  plan.width = W;
  plan.height = H;
  plan.range = (OssaFrameRange) { .fps = 10, .first = 0, .n_frames = 3, .duration = 0.3f };
  plan.files = g_ptr_array_new_with_free_func (g_free);
  w = _ossa_export_sheet_writer.begin (&s, &plan, &error);
  g_assert_no_error (error);
  for (size_t i = 0; i < 3; i++)
    g_assert_true (_ossa_export_sheet_writer.add_frame (w, i, frames[i], STRIDE, &error));
  g_assert_true (_ossa_export_sheet_writer.finish (w, &plan, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (plan.files->len, ==, 2);

  sheet = export_read_png (out);
  parser = read_sheet_json (json, "wave.png", cairo_image_surface_get_width (sheet),
                            cairo_image_surface_get_height (sheet), W, H, TRUE, names);
  jframes = member_object (json_node_get_object (json_parser_get_root (parser)), "frames");
  g_assert_cmpuint (names->len, ==, 3);
  assert_apart (jframes, names);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("wave-%04u.png", i);
      JsonObject *f = member_object (jframes, name);
      JsonObject *sss = member_object (f, "spriteSourceSize");
      cairo_surface_t *one = cairo_image_surface_create_for_data (frames[i], CAIRO_FORMAT_ARGB32,
                                                                  W, H, STRIDE);

      g_assert_cmpstr (names->pdata[i], ==, name);
      g_assert_cmpint (member_int (sss, "x"), ==, want[i][0]);
      g_assert_cmpint (member_int (sss, "y"), ==, want[i][1]);
      g_assert_cmpint (member_int (sss, "w"), ==, want[i][2]);
      g_assert_cmpint (member_int (sss, "h"), ==, want[i][3]);
      g_assert_cmpint (member_int (f, "duration"), ==, 100);
      assert_frame_pixels (sheet, f, one, name);
      cairo_surface_destroy (one);
    }
  g_object_unref (parser);
  cairo_surface_destroy (sheet);
  ossa_export_result_clear (&plan);
  export_remove_tree (dir);
}

/* A sheet that would be over 16384 pixels a side is refused by the plan, which
 * names the file and the size it would have. */
static void
test_sheet_too_big (void)
{
  OssaExportSettings s;
  OssaExportResult plan = { .format = OSSA_EXPORT_SHEET, .width = 4096, .height = 4096,
                            .range = { .fps = 30, .n_frames = 30, .duration = 1 } };
  GError *error = NULL;

  ossa_export_settings_init (&s);
  s.output = "out/walk.png";
  g_assert_false (_ossa_export_sheet_check (&s, &plan, &error));
  g_assert_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "out/walk.png: a sheet of 30 frames of 4096×4096 would be 24586×20488 pixels, "
                   "over the limit of 16384 a side: make the frames smaller, draw fewer, or "
                   "write frames");
  g_clear_error (&error);
  /* 16 frames in 4 columns: 4 × 4094 + 3 × 2 = 16382 fits, 4 × 4095 + 6 = 16386 does not. */
  plan.range.n_frames = 16;
  plan.width = plan.height = 4094;
  g_assert_true (_ossa_export_sheet_check (&s, &plan, &error));
  plan.width = plan.height = 4095;
  g_assert_false (_ossa_export_sheet_check (&s, &plan, &error));
  g_clear_error (&error);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/export-sheet/against-frames", GINT_TO_POINTER (FALSE),
                        test_sheet_against_frames);
  g_test_add_data_func ("/export-sheet/against-frames-trimmed", GINT_TO_POINTER (TRUE),
                        test_sheet_against_frames);
  g_test_add_func ("/export-sheet/trim-known", test_sheet_trim_known);
  g_test_add_func ("/export-sheet/too-big", test_sheet_too_big);
  return g_test_run ();
}
