/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The GIF writer (src/export/ossa-export-gif.c), driven through its class with
 * frames drawn here (solid colours, a gradient, a transparent corner, a
 * half-covered edge) and read back with giflib: frame count, size, delays,
 * the loop, colours and transparency; a full disk; an abort; and the sample's
 * walk through the whole job, against the same frames as PNGs. */
#include <errno.h>
#include <gif_lib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "export-test-support.h"
#include "ossa-export-private.h"

#define W 96
#define H 64

/* Premultiplied native ARGB32 of straight r, g, b and alpha a. */
static uint32_t
premul (unsigned r, unsigned g, unsigned b, unsigned a)
{
  return (a << 24) | (((r * a + 127) / 255) << 16) | (((g * a + 127) / 255) << 8)
         | ((b * a + 127) / 255);
}

/* Frame i: the left half a solid colour that changes with i (red, then blue from
 * frame 10 on), the top right a horizontal grey gradient, the bottom right corner
 * (x ≥ 80, y ≥ 48) transparent when transparent, else white, and column 47 of
 * the left half a half-covered (alpha 200) pure green edge. */
static void
draw_frame (uint32_t *px, size_t i, gboolean transparent)
{
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      {
        uint32_t c;

        if (x < W / 2)
          c = i < 10 ? premul (220, 30, 40, 255) : premul (30, 60, 200, 255);
        else if (y < H / 2)
          c = premul ((unsigned) (x - W / 2) * 255 / (W / 2 - 1),
                      (unsigned) (x - W / 2) * 255 / (W / 2 - 1),
                      (unsigned) (x - W / 2) * 255 / (W / 2 - 1), 255);
        else if (x >= 80 && y >= 48)
          c = transparent ? 0 : premul (255, 255, 255, 255);
        else
          c = premul (250, 200, 0, 255);
        if (x == W / 2 - 1)
          c = transparent ? premul (0, 255, 0, 200) : premul (0, 255, 0, 255);
        px[y * W + x] = c;
      }
}

typedef struct
{
  char *dir;
  char *path;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->dir = g_dir_make_tmp ("ossa-gif-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  f->path = g_build_filename (f->dir, "walk.gif", NULL);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_unlink (f->path);
  g_rmdir (f->dir);
  g_free (f->path);
  g_free (f->dir);
}

/* Writes n frames at fps to path through the writer; TRUE or error. */
static gboolean
write_gif (const char *path, size_t n, float fps, gboolean loop, gboolean transparent,
           GError **error)
{
  const OssaExportWriterClass *klass = &_ossa_export_gif_writer;
  OssaExportSettings settings;
  OssaExportResult plan = { .format = OSSA_EXPORT_GIF, .width = W, .height = H };
  OssaExportResult result = { 0 };
  OssaExportWriter *writer;
  g_autofree uint32_t *px = g_new (uint32_t, W * H);
  gboolean ok;

  ossa_export_settings_init (&settings);
  settings.output = path;
  settings.format = OSSA_EXPORT_GIF;
  settings.background = transparent ? 0 : 0xffffffff;
  plan.range = (OssaFrameRange) { .fps = fps, .first = 0, .n_frames = n,
                                  .duration = (float) n / fps, .loop = loop };
  writer = klass->begin (&settings, &plan, error);
  if (writer == NULL)
    return FALSE;
  for (size_t i = 0; i < n; i++)
    {
      draw_frame (px, i, transparent);
      if (!klass->add_frame (writer, i, (const uint8_t *) px, W * 4, error))
        {
          klass->abort (writer);
          return FALSE;
        }
    }
  ok = klass->finish (writer, &result, error);
  if (ok)
    {
      g_assert_cmpuint (result.files->len, ==, 1);
      g_assert_cmpstr (result.files->pdata[0], ==, path);
    }
  ossa_export_result_clear (&result);
  return ok;
}

static GifFileType *
slurp (const char *path)
{
  int err = 0;
  GifFileType *gif = DGifOpenFileName (path, &err);

  g_assert_nonnull (gif);
  if (DGifSlurp (gif) != GIF_OK)
    g_error ("%s does not decode: %s", path, GifErrorString (gif->Error));
  return gif;
}

static gboolean
has_loop_extension (GifFileType *gif)
{
  for (int i = 0; i < gif->ImageCount; i++)
    {
      SavedImage *image = &gif->SavedImages[i];

      for (int e = 0; e < image->ExtensionBlockCount; e++)
        {
          ExtensionBlock *b = &image->ExtensionBlocks[e];

          if (b->Function == APPLICATION_EXT_FUNC_CODE && b->ByteCount == 11
              && memcmp (b->Bytes, "NETSCAPE2.0", 11) == 0)
            {
              ExtensionBlock *sub = b + 1;

              g_assert_cmpint (e + 1, <, image->ExtensionBlockCount);
              g_assert_cmpint (sub->ByteCount, ==, 3);
              g_assert_cmpint (sub->Bytes[0], ==, 1);
              g_assert_cmpint (sub->Bytes[1] | (sub->Bytes[2] << 8), ==, 0);  /* for ever */
              return TRUE;
            }
        }
    }
  return FALSE;
}

static int
total_delay (GifFileType *gif)
{
  int sum = 0;

  for (int i = 0; i < gif->ImageCount; i++)
    {
      GraphicsControlBlock gcb;

      g_assert_cmpint (DGifSavedExtensionToGCB (gif, i, &gcb), ==, GIF_OK);
      sum += gcb.DelayTime;
    }
  return sum;
}

/* The decoded colour of pixel x, y of frame i, and whether it is transparent. */
static GifColorType
pixel (GifFileType *gif, int i, int x, int y, gboolean *transparent)
{
  SavedImage *image = &gif->SavedImages[i];
  ColorMapObject *map = image->ImageDesc.ColorMap ? image->ImageDesc.ColorMap : gif->SColorMap;
  GraphicsControlBlock gcb;
  int index;

  g_assert_cmpint (image->ImageDesc.Left, ==, 0);
  g_assert_cmpint (image->ImageDesc.Top, ==, 0);
  g_assert_cmpint (image->ImageDesc.Width, ==, W);
  DGifSavedExtensionToGCB (gif, i, &gcb);
  index = image->RasterBits[y * image->ImageDesc.Width + x];
  *transparent = index == gcb.TransparentColor;
  g_assert_nonnull (map);
  g_assert_cmpint (index, <, map->ColorCount);
  return map->Colors[index];
}

static void
assert_colour (GifFileType *gif, int i, int x, int y, int r, int g, int b, int tolerance)
{
  gboolean transparent;
  GifColorType c = pixel (gif, i, x, y, &transparent);

  g_assert_false (transparent);
  if (abs (c.Red - r) > tolerance || abs (c.Green - g) > tolerance || abs (c.Blue - b) > tolerance)
    g_error ("frame %d at %d,%d: %d,%d,%d, drawn %d,%d,%d", i, x, y, c.Red, c.Green, c.Blue, r, g,
             b);
}

static void
test_loop (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  GifFileType *gif;

  g_assert_true (write_gif (f->path, 30, 30, TRUE, TRUE, &error));
  g_assert_no_error (error);
  gif = slurp (f->path);
  g_assert_cmpint (gif->ImageCount, ==, 30);
  g_assert_cmpint (gif->SWidth, ==, W);
  g_assert_cmpint (gif->SHeight, ==, H);
  g_assert_cmpint (total_delay (gif), ==, 100);   /* 1 s */
  g_assert_true (has_loop_extension (gif));
  DGifCloseFile (gif, NULL);
  g_assert_cmpuint (test_folder_count (f->dir), ==, 1);   /* no temporary file left */
}

static void
test_once (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  GifFileType *gif;
  int delays[7];

  /* 7 frames at 12 fps: 0.5833 s, delays of 8 and 9 cs that add up to 58. */
  g_assert_true (write_gif (f->path, 7, 12, FALSE, TRUE, &error));
  g_assert_no_error (error);
  gif = slurp (f->path);
  g_assert_cmpint (gif->ImageCount, ==, 7);
  g_assert_cmpint (total_delay (gif), ==, 58);
  for (int i = 0; i < 7; i++)
    {
      GraphicsControlBlock gcb;

      DGifSavedExtensionToGCB (gif, i, &gcb);
      delays[i] = gcb.DelayTime;
      g_assert_cmpint (delays[i], >=, 8);
      g_assert_cmpint (delays[i], <=, 9);
    }
  g_assert_false (has_loop_extension (gif));
  DGifCloseFile (gif, NULL);
}

static void
test_fps24 (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  GifFileType *gif;

  /* 24 fps: 4.1666 cs a frame; rounding each delay alone would sum to 96. */
  g_assert_true (write_gif (f->path, 24, 24, TRUE, FALSE, &error));
  g_assert_no_error (error);
  gif = slurp (f->path);
  g_assert_cmpint (gif->ImageCount, ==, 24);
  g_assert_cmpint (total_delay (gif), ==, 100);
  DGifCloseFile (gif, NULL);
}

static void
test_colours (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  GifFileType *gif;

  g_assert_true (write_gif (f->path, 12, 30, TRUE, TRUE, &error));
  g_assert_no_error (error);
  gif = slurp (f->path);
  /* Solid areas: the colours drawn (a palette entry each), red then blue. */
  assert_colour (gif, 0, 10, 10, 220, 30, 40, 4);
  assert_colour (gif, 11, 10, 10, 30, 60, 200, 4);
  assert_colour (gif, 0, 60, 50, 250, 200, 0, 4);
  /* The gradient: each pixel near its grey, dithered; a block's mean closer. */
  for (int x = W / 2; x < W; x += 7)
    {
      int want = (x - W / 2) * 255 / (W / 2 - 1);
      double mean = 0;

      assert_colour (gif, 0, x, 8, want, want, want, 24);
      for (int y = 4; y < 12; y++)
        {
          gboolean t;

          mean += pixel (gif, 0, x, y, &t).Red;
        }
      g_assert_cmpfloat (fabs (mean / 8 - want), <, 10);
    }
  /* The half-covered green edge: green, not darkened towards black. */
  assert_colour (gif, 0, W / 2 - 1, 10, 0, 255, 0, 8);
  /* The transparent corner: the transparent entry, disposed to background. */
  for (int i = 0; i < gif->ImageCount; i++)
    {
      GraphicsControlBlock gcb;
      gboolean transparent;

      DGifSavedExtensionToGCB (gif, i, &gcb);
      g_assert_cmpint (gcb.TransparentColor, !=, NO_TRANSPARENT_COLOR);
      g_assert_cmpint (gcb.DisposalMode, ==, DISPOSE_BACKGROUND);
      pixel (gif, i, 90, 60, &transparent);
      g_assert_true (transparent);
      pixel (gif, i, 80, 48, &transparent);
      g_assert_true (transparent);
      pixel (gif, i, 79, 48, &transparent);
      g_assert_false (transparent);
    }
  DGifCloseFile (gif, NULL);
}

static void
test_opaque (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  GifFileType *gif;

  g_assert_true (write_gif (f->path, 12, 30, TRUE, FALSE, &error));
  g_assert_no_error (error);
  gif = slurp (f->path);
  for (int i = 0; i < gif->ImageCount; i++)
    {
      GraphicsControlBlock gcb;

      DGifSavedExtensionToGCB (gif, i, &gcb);
      g_assert_cmpint (gcb.TransparentColor, ==, NO_TRANSPARENT_COLOR);
      g_assert_cmpint (gcb.DisposalMode, !=, DISPOSE_BACKGROUND);
    }
  assert_colour (gif, 3, 90, 60, 255, 255, 255, 4);
  DGifCloseFile (gif, NULL);
}

static void
test_abort (Fixture *f, gconstpointer data)
{
  const OssaExportWriterClass *klass = &_ossa_export_gif_writer;
  OssaExportSettings settings;
  OssaExportResult plan = { .format = OSSA_EXPORT_GIF, .width = W, .height = H,
                            .range = { .fps = 30, .n_frames = 5, .duration = 5 / 30.f } };
  g_autoptr (GError) error = NULL;
  g_autofree uint32_t *px = g_new (uint32_t, W * H);
  OssaExportWriter *writer;

  ossa_export_settings_init (&settings);
  settings.output = f->path;
  writer = klass->begin (&settings, &plan, &error);
  g_assert_no_error (error);
  for (size_t i = 0; i < 2; i++)
    {
      draw_frame (px, i, TRUE);
      g_assert_true (klass->add_frame (writer, i, (const uint8_t *) px, W * 4, &error));
    }
  g_assert_cmpuint (test_folder_count (f->dir), ==, 1);   /* the temporary file, not walk.gif */
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
  klass->abort (writer);
  g_assert_cmpuint (test_folder_count (f->dir), ==, 0);
}

/* In the child, under the fail-write shim: the write fails with an I/O error
 * naming the file and leaves nothing. */
static void
full_disk_child (void)
{
  g_autoptr (GError) error = NULL;
  const char *dir = g_getenv ("OSSA_FAIL_WRITE_DIR");
  g_autofree char *path = g_build_filename (dir, "walk.gif", NULL);

  g_assert_false (write_gif (path, 30, 30, TRUE, TRUE, &error));
  g_assert_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_nonnull (strstr (error->message, g_strerror (ENOSPC)));
  g_assert_cmpuint (test_folder_count (dir), ==, 0);
}

static void
test_full_disk (Fixture *f, gconstpointer data)
{
  const char *shim = g_getenv ("OSSA_FAIL_WRITE_SHIM");
  /* Every write fails; the first 2 kB pass and the disk fills up in the middle;
   * every write passes and fsync() reports the full disk. */
  static const struct { const char *after, *ops; } modes[] = {
    { "0", "write,sync" }, { "2000", "write,sync" }, { "0", "sync" },
  };

  if (g_test_subprocess ())
    {
      full_disk_child ();
      return;
    }
  if (shim == NULL || !g_file_test (shim, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the fail-write shim was not built (OSSA_FAIL_WRITE_SHIM)");
      return;
    }
  for (size_t m = 0; m < G_N_ELEMENTS (modes); m++)
    {
      g_autofree char *asan = g_strdup_printf ("%s:verify_asan_link_order=0",
                                               g_getenv ("ASAN_OPTIONS") ?: "");

      g_setenv ("OSSA_FAIL_WRITE_DIR", f->dir, TRUE);
      g_setenv ("OSSA_FAIL_WRITE_AFTER", modes[m].after, TRUE);
      g_setenv ("OSSA_FAIL_WRITE_OPS", modes[m].ops, TRUE);
      g_setenv ("ASAN_OPTIONS", asan, TRUE);
      g_setenv ("LD_PRELOAD", shim, TRUE);
      g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_unsetenv ("LD_PRELOAD");
      g_unsetenv ("OSSA_FAIL_WRITE_DIR");
      g_test_trap_assert_passed ();
      g_assert_cmpuint (test_folder_count (f->dir), ==, 0);
    }
}


/* Frames past the memory budget wait in a scratch file: the same GIF, byte for
 * byte, as when every frame is in memory. */
static void
test_scratch_file (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *in_memory = NULL, *spilled = NULL;
  gsize n_memory = 0, n_spilled = 0;
  size_t old;

  g_assert_true (write_gif (f->path, 12, 30, TRUE, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (f->path, &in_memory, &n_memory, NULL));
  g_unlink (f->path);
  old = _ossa_export_gif_set_keep_bytes (3 * W * H * 4);   /* 3 frames */
  g_assert_true (write_gif (f->path, 12, 30, TRUE, TRUE, &error));
  _ossa_export_gif_set_keep_bytes (old);
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (f->path, &spilled, &n_spilled, NULL));
  g_assert_cmpmem (in_memory, n_memory, spilled, n_spilled);
  g_assert_cmpuint (test_folder_count (f->dir), ==, 1);
}

/* The sample's walk through the job: a GIF of its 30 frames, 1 s, looping, whose
 * every frame is the job's PNG frame in 256 colours: transparent where that is
 * transparent, opaque and near its colour where it is opaque. */
static void
test_hero_walk (Fixture *f, gconstpointer data)
{
  g_autofree char *base = NULL;
  OssaDocument *doc = export_load_hero (&base);
  g_autofree char *pattern = NULL;
  OssaExportSettings s;
  OssaExportResult result = { 0 };
  g_autoptr (GError) error = NULL;
  GifFileType *gif;
  size_t n_opaque = 0, n_checked = 0;
  double error_sum = 0;

  if (doc == NULL)
    return;
  export_settings (&s, "walk", f->path, FALSE, base);
  g_assert_true (ossa_export_run (doc, &s, NULL, NULL, NULL, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.files->len, ==, 1);
  g_assert_cmpstr (result.files->pdata[0], ==, f->path);
  ossa_export_result_clear (&result);
  pattern = g_build_filename (f->dir, "walk-%02d.png", NULL);
  export_settings (&s, "walk", pattern, FALSE, base);
  g_assert_true (ossa_export_run (doc, &s, NULL, NULL, NULL, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.files->len, ==, 30);

  gif = slurp (f->path);
  g_assert_cmpint (gif->ImageCount, ==, 30);
  g_assert_cmpint (gif->SWidth, ==, 512);
  g_assert_cmpint (gif->SHeight, ==, 512);
  g_assert_cmpint (total_delay (gif), ==, 100);
  g_assert_true (has_loop_extension (gif));
  for (int i = 0; i < 30; i += 7)
    {
      cairo_surface_t *png = export_read_png (result.files->pdata[i]);
      SavedImage *image = &gif->SavedImages[i];
      ColorMapObject *map = image->ImageDesc.ColorMap ? image->ImageDesc.ColorMap : gif->SColorMap;
      GraphicsControlBlock gcb;

      DGifSavedExtensionToGCB (gif, i, &gcb);
      g_assert_cmpint (gcb.TransparentColor, !=, NO_TRANSPARENT_COLOR);
      g_assert_cmpint (gcb.DisposalMode, ==, DISPOSE_BACKGROUND);
      for (int y = 0; y < 512; y++)
        for (int x = 0; x < 512; x++)
          {
            uint32_t p = export_pixel (png, x, y);
            int index = image->RasterBits[y * 512 + x];
            GifColorType c = map->Colors[index];

            if (p >> 24 == 0)
              g_assert_cmpint (index, ==, gcb.TransparentColor);
            else if (p >> 24 == 255)
              {
                g_assert_cmpint (index, !=, gcb.TransparentColor);
                error_sum += abs (c.Red - (int) (p >> 16 & 0xff)) + abs (c.Green - (int) (p >> 8 & 0xff))
                             + abs (c.Blue - (int) (p & 0xff));
                n_opaque++;
              }
            n_checked++;
          }
      cairo_surface_destroy (png);
    }
  g_assert_cmpuint (n_opaque, >, n_checked / 20);   /* the character is there */
  /* 256 colours with dithering: a few levels off on average, not more. */
  g_test_message ("mean error over opaque pixels: %.2f", error_sum / (3.0 * n_opaque));
  g_assert_cmpfloat (error_sum / (3.0 * n_opaque), <, 2.0);
  DGifCloseFile (gif, NULL);
  for (guint i = 0; i < result.files->len; i++)
    g_unlink (result.files->pdata[i]);
  ossa_export_result_clear (&result);
  ossa_document_free (doc);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(name, func) g_test_add (name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/export-gif/loop", test_loop);
  ADD ("/export-gif/once", test_once);
  ADD ("/export-gif/delays-sum-at-24-fps", test_fps24);
  ADD ("/export-gif/colours-and-transparency", test_colours);
  ADD ("/export-gif/opaque", test_opaque);
  ADD ("/export-gif/abort", test_abort);
  ADD ("/export-gif/scratch-file", test_scratch_file);
  ADD ("/export-gif/full-disk", test_full_disk);
  ADD ("/export-gif/hero-walk", test_hero_walk);
  return g_test_run ();
}
