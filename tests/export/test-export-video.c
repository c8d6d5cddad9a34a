/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The video writer (src/export/ossa-export-video.c), driven through its class
 * with frames drawn here: WebM and MP4 files that gst-discoverer-1.0 reads with
 * the right duration and size, whose first frame decodes to the colours drawn
 * (a transparent background over white); a missing plugin named with its
 * package; a full disk halfway; the sample's walk through the whole job. Skips with a message when GStreamer, its
 * plugins or gst-discoverer-1.0 are not installed. */
#include <errno.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "export-test-support.h"
#include "ossa-export-private.h"

#if __has_include(<gst/gst.h>)
#include <gst/app/gstappsink.h>
#include <gst/gst.h>
#define HAVE_GST 1
#else
#define HAVE_GST 0
#endif

typedef struct
{
  char *dir;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->dir = g_dir_make_tmp ("ossa-video-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  export_remove_tree (f->dir);
  g_free (f->dir);
}

/* Frame i of w × h: the left half red, the right half transparent, and a
 * 16-pixel blue square that moves right with i (so the encoder has motion). */
static void
draw_frame (uint32_t *px, int w, int h, size_t i)
{
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        uint32_t c = x < w / 2 ? 0xffdc1e28u : 0;

        if (y >= 4 && y < 20 && x >= (int) i && x < (int) i + 16)
          c = 0xff1e3cc8u;
        px[y * w + x] = c;
      }
}

static gboolean
write_video (OssaExportFormat format, const char *path, int w, int h, size_t n, float fps,
             GError **error)
{
  const OssaExportWriterClass *klass = &_ossa_export_video_writer;
  OssaExportSettings settings;
  OssaExportResult plan = { .format = format, .width = w, .height = h };
  OssaExportResult result = { 0 };
  OssaExportWriter *writer;
  g_autofree uint32_t *px = g_new (uint32_t, (size_t) w * h);
  gboolean ok;

  ossa_export_settings_init (&settings);
  settings.output = path;
  settings.format = format;
  plan.range = (OssaFrameRange) { .fps = fps, .n_frames = n, .duration = (float) n / fps,
                                  .loop = TRUE };
  writer = klass->begin (&settings, &plan, error);
  if (writer == NULL)
    return FALSE;
  for (size_t i = 0; i < n; i++)
    {
      draw_frame (px, w, h, i);
      if (!klass->add_frame (writer, i, (const uint8_t *) px, w * 4, error))
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

/* Whether the format's plugins are here (asked of GStreamer here, not of the
 * writer under test); skips the test with the reason if not. */
static gboolean
plugins_present (OssaExportFormat format)
{
#if HAVE_GST
  const char *const webm[] = { "appsrc", "videoconvert", "vp8enc", "webmmux", "filesink", NULL };
  const char *const mp4[] = { "appsrc", "videoconvert", "x264enc", "mp4mux", "filesink", NULL };
  const char *const *need = format == OSSA_EXPORT_MP4 ? mp4 : webm;

  for (size_t i = 0; need[i] != NULL; i++)
    {
      GstElementFactory *factory = gst_element_factory_find (need[i]);
      g_autofree char *why = NULL;

      if (factory != NULL)
        {
          gst_object_unref (factory);
          continue;
        }
      why = g_strdup_printf ("the GStreamer element %s is not installed", need[i]);
      g_test_skip (why);
      return FALSE;
    }
  return TRUE;
#else
  g_test_skip ("Ossa is built without GStreamer");
  return FALSE;
#endif
}

/* gst-discoverer-1.0's duration in seconds and size of path; FALSE (skipped) when
 * it is not installed. */
static gboolean
discover (const char *path, double *seconds, int *width, int *height)
{
  g_autofree char *tool = g_find_program_in_path ("gst-discoverer-1.0");
  g_autofree char *out = NULL;
  g_autoptr (GError) error = NULL;
  const char *argv[] = { tool, path, NULL };
  const char *d, *wp, *hp;
  int status = 0, hours, minutes;
  double secs;

  if (tool == NULL)
    {
      g_test_skip ("gst-discoverer-1.0 is not installed (gstreamer1.0-plugins-base-apps)");
      return FALSE;
    }
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  if (strstr (out, "Missing plugins") != NULL)
    {
      /* Reading needs a decoder (H.264: gstreamer1.0-libav), writing does not. */
      g_autofree char *why = g_strdup_printf ("gst-discoverer-1.0 cannot read %s: %s", path,
                                              strstr (out, "Missing plugins"));
      g_test_skip (why);
      return FALSE;
    }
  d = strstr (out, "Duration: ");
  wp = strstr (out, "Width: ");
  hp = strstr (out, "Height: ");
  if (d == NULL || wp == NULL || hp == NULL
      || sscanf (d, "Duration: %d:%d:%lf", &hours, &minutes, &secs) != 3)
    g_error ("gst-discoverer-1.0 %s says:\n%s", path, out);
  *seconds = hours * 3600 + minutes * 60 + secs;
  *width = atoi (wp + strlen ("Width: "));
  *height = atoi (hp + strlen ("Height: "));
  return TRUE;
}

#if HAVE_GST
/* The first frame of path decoded to RGBx (w × h), or NULL. */
static guint8 *
first_frame (const char *path, int *w, int *h)
{
  g_autofree char *uri = g_filename_to_uri (path, NULL, NULL);
  g_autofree char *desc = g_strdup_printf (
    "uridecodebin uri=%s ! videoconvert ! video/x-raw,format=RGBx ! appsink name=sink", uri);
  g_autoptr (GError) error = NULL;
  GstElement *pipeline = gst_parse_launch (desc, &error);
  GstElement *sink;
  GstSample *sample;
  GstCaps *caps;
  GstMapInfo map;
  guint8 *pixels;

  g_assert_no_error (error);
  sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  gst_element_set_state (pipeline, GST_STATE_PAUSED);
  sample = gst_app_sink_pull_preroll (GST_APP_SINK (sink));
  g_assert_nonnull (sample);
  caps = gst_sample_get_caps (sample);
  gst_structure_get_int (gst_caps_get_structure (caps, 0), "width", w);
  gst_structure_get_int (gst_caps_get_structure (caps, 0), "height", h);
  gst_buffer_map (gst_sample_get_buffer (sample), &map, GST_MAP_READ);
  g_assert_cmpuint (map.size, >=, (gsize) *w * *h * 4);
  pixels = g_memdup2 (map.data, (gsize) *w * *h * 4);
  gst_buffer_unmap (gst_sample_get_buffer (sample), &map);
  gst_sample_unref (sample);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  return pixels;
}

static void
assert_rgb (const guint8 *px, int w, int x, int y, int r, int g, int b)
{
  const guint8 *p = px + ((size_t) y * w + x) * 4;

  /* 4:2:0 and a lossy codec: near, not equal. */
  if (abs (p[0] - r) > 24 || abs (p[1] - g) > 24 || abs (p[2] - b) > 24)
    g_error ("pixel %d,%d is %d,%d,%d, drawn %d,%d,%d", x, y, p[0], p[1], p[2], r, g, b);
}
#endif

static void
check_video (Fixture *f, OssaExportFormat format, const char *name, int w, int h, int want_w,
             int want_h)
{
  g_autofree char *path = g_build_filename (f->dir, name, NULL);
  g_autoptr (GError) error = NULL;
  double seconds;
  int dw, dh;

  if (!plugins_present (format))
    return;
  g_assert_true (write_video (format, path, w, h, 30, 30, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (test_folder_count (f->dir), ==, 1);   /* no temporary file left */
  if (!discover (path, &seconds, &dw, &dh))
    return;
  g_assert_cmpfloat (fabs (seconds - 1.0), <=, 1.0 / 30 + 1e-6);
  g_assert_cmpint (dw, ==, want_w);
  g_assert_cmpint (dh, ==, want_h);
#if HAVE_GST
  {
    int fw = 0, fh = 0;
    g_autofree guint8 *px = first_frame (path, &fw, &fh);

    g_assert_cmpint (fw, ==, want_w);
    assert_rgb (px, fw, 8, 40, 0xdc, 0x1e, 0x28);         /* red */
    assert_rgb (px, fw, w - 8, 40, 255, 255, 255);        /* transparent: over white */
    assert_rgb (px, fw, 8, 12, 0x1e, 0x3c, 0xc8);         /* the blue square */
  }
#endif
}

static void
test_webm (Fixture *f, gconstpointer data)
{
  check_video (f, OSSA_EXPORT_WEBM, "walk.webm", 95, 63, 95, 63);   /* VP8 takes odd sizes */
}

static void
test_mp4 (Fixture *f, gconstpointer data)
{
  /* Odd sizes grow by one for 4:2:0. */
  check_video (f, OSSA_EXPORT_MP4, "walk.mp4", 97, 63, 98, 64);
}

static void
test_abort (Fixture *f, gconstpointer data)
{
  const OssaExportWriterClass *klass = &_ossa_export_video_writer;
  g_autofree char *path = g_build_filename (f->dir, "walk.webm", NULL);
  g_autofree uint32_t *px = g_new (uint32_t, 64 * 48);
  OssaExportSettings settings;
  OssaExportResult plan = { .format = OSSA_EXPORT_WEBM, .width = 64, .height = 48,
                            .range = { .fps = 30, .n_frames = 10, .duration = 10 / 30.f } };
  g_autoptr (GError) error = NULL;
  OssaExportWriter *writer;

  if (!plugins_present (OSSA_EXPORT_WEBM))
    return;
  ossa_export_settings_init (&settings);
  settings.output = path;
  writer = klass->begin (&settings, &plan, &error);
  g_assert_no_error (error);
  for (size_t i = 0; i < 3; i++)
    {
      draw_frame (px, 64, 48, i);
      g_assert_true (klass->add_frame (writer, i, (const uint8_t *) px, 64 * 4, &error));
    }
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  klass->abort (writer);
  g_assert_cmpuint (test_folder_count (f->dir), ==, 0);
}

/* VP8 stops at 16383 pixels, the export's limit is 16384: the encoder fails in
 * the middle, the writer says so with GStreamer's words and leaves nothing. */
static void
test_encoder_fails (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "wide.webm", NULL);
  g_autoptr (GError) error = NULL;

  if (!plugins_present (OSSA_EXPORT_WEBM))
    return;
  g_assert_false (write_video (OSSA_EXPORT_WEBM, path, 16384, 16, 8, 30, &error));
  g_assert_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_ENCODER);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (strstr (error->message, "vp8enc"));
  g_assert_nonnull (strstr (error->message, "16384×16"));
  g_assert_cmpuint (test_folder_count (f->dir), ==, 0);
}

/* In the child, whose GStreamer sees only the plugins in $GST_PLUGIN_SYSTEM_PATH_1_0. */
static void
missing_child (void)
{
  g_autoptr (GError) error = NULL;
  OssaExportFormat format = g_str_equal (g_getenv ("OSSA_TEST_FORMAT"), "mp4") ? OSSA_EXPORT_MP4
                                                                              : OSSA_EXPORT_WEBM;
  const char *element = g_getenv ("OSSA_TEST_ELEMENT");

  if (element[0] == '\0')
    {
      g_assert_true (_ossa_export_video_check (format, &error));
      g_assert_no_error (error);
      return;
    }
  g_assert_false (_ossa_export_video_check (format, &error));
  g_assert_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_NO_ENCODER);
  g_print ("%s\n", error->message);
  g_assert_nonnull (strstr (error->message, element));
  g_assert_nonnull (strstr (error->message, g_getenv ("OSSA_TEST_PACKAGE")));
}

/* Runs this program's test `test` alone, in a child whose environment is envp
 * (GStreamer's threads are running here: no setenv() in this process), and
 * asserts it passed. */
static void
run_child (const char *test, char **envp)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  const char *argv[] = { self, "-q", "-p", test, "--GTestSubprocess", NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (GError) error = NULL;
  int status = 0;

  g_assert_nonnull (self);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_DEFAULT, NULL, NULL, &out,
                               &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("%s failed in its child:\n%s%s", test, out, err);
  g_test_message ("%s: %s", test, out);
}

/* Runs missing_child with plugin_dir as the only plugins. */
static void
run_missing (const char *plugin_dir, const char *registry, const char *format,
             const char *element, const char *package)
{
  char **envp = g_get_environ ();

  envp = g_environ_setenv (envp, "GST_PLUGIN_SYSTEM_PATH_1_0", plugin_dir, TRUE);
  envp = g_environ_setenv (envp, "GST_REGISTRY_1_0", registry, TRUE);
  envp = g_environ_setenv (envp, "OSSA_TEST_FORMAT", format, TRUE);
  envp = g_environ_setenv (envp, "OSSA_TEST_ELEMENT", element, TRUE);
  envp = g_environ_setenv (envp, "OSSA_TEST_PACKAGE", package, TRUE);
  envp = g_environ_unsetenv (envp, "GST_PLUGIN_PATH_1_0");
  envp = g_environ_unsetenv (envp, "GST_PLUGIN_PATH");
  g_unlink (registry);
  run_child ("/export-video/missing-plugin", envp);
  g_strfreev (envp);
}

static void
test_missing_plugin (Fixture *f, gconstpointer data)
{
  g_autofree char *empty = g_build_filename (f->dir, "no-plugins", NULL);
  g_autofree char *some = g_build_filename (f->dir, "some-plugins", NULL);
  g_autofree char *registry = g_build_filename (f->dir, "registry.bin", NULL);

  if (g_test_subprocess ())
    {
      missing_child ();
      return;
    }
  if (!plugins_present (OSSA_EXPORT_WEBM) || !plugins_present (OSSA_EXPORT_MP4))
    return;
  /* No plugins at all: the encoder is the first thing named. */
  g_assert_cmpint (g_mkdir (empty, 0700), ==, 0);
  run_missing (empty, registry, "webm", "vp8enc", "gstreamer1.0-plugins-good");
  run_missing (empty, registry, "mp4", "x264enc", "gstreamer1.0-plugins-ugly");
#if HAVE_GST
  /* Every plugin but x264 (plugins-ugly not installed): WebM works, MP4 says what
   * to install. */
  {
    GstPlugin *x264 = gst_registry_find_plugin (gst_registry_get (), "x264");
    g_autofree char *plugins = g_path_get_dirname (gst_plugin_get_filename (x264));
    g_autofree char *x264_file = g_path_get_basename (gst_plugin_get_filename (x264));
    GDir *d = g_dir_open (plugins, 0, NULL);
    const char *name;

    g_assert_cmpint (g_mkdir (some, 0700), ==, 0);
    while ((name = g_dir_read_name (d)) != NULL)
      if (!g_str_equal (name, x264_file))
        {
          g_autofree char *from = g_build_filename (plugins, name, NULL);
          g_autofree char *to = g_build_filename (some, name, NULL);

          g_assert_cmpint (symlink (from, to), ==, 0);
        }
    g_dir_close (d);
    gst_object_unref (x264);
    run_missing (some, registry, "webm", "", "");
    run_missing (some, registry, "mp4", "x264enc", "gstreamer1.0-plugins-ugly");
  }
#endif
}

/* In the child, under the fail-write shim: the disk fills up after a few frames. */
static void
full_disk_child (void)
{
  g_autoptr (GError) error = NULL;
  const char *dir = g_getenv ("OSSA_FAIL_WRITE_DIR");
  g_autofree char *path = g_build_filename (dir, "walk.webm", NULL);

  g_assert_false (write_video (OSSA_EXPORT_WEBM, path, 256, 256, 60, 30, &error));
  g_assert_nonnull (error);
  g_print ("%s\n", error->message);
  g_assert_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_cmpuint (test_folder_count (dir), ==, 0);
}

static void
test_full_disk (Fixture *f, gconstpointer data)
{
  const char *shim = g_getenv ("OSSA_FAIL_WRITE_SHIM");
  g_autofree char *asan = NULL;
  char **envp;

  if (g_test_subprocess ())
    {
      full_disk_child ();
      return;
    }
  if (!plugins_present (OSSA_EXPORT_WEBM))
    return;
  if (shim == NULL || !g_file_test (shim, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the fail-write shim was not built (OSSA_FAIL_WRITE_SHIM)");
      return;
    }
  asan = g_strdup_printf ("%s:verify_asan_link_order=0", g_getenv ("ASAN_OPTIONS") ?: "");
  envp = g_get_environ ();
  envp = g_environ_setenv (envp, "OSSA_FAIL_WRITE_DIR", f->dir, TRUE);
  envp = g_environ_setenv (envp, "OSSA_FAIL_WRITE_AFTER", "4000", TRUE);
  envp = g_environ_setenv (envp, "ASAN_OPTIONS", asan, TRUE);
  envp = g_environ_setenv (envp, "LD_PRELOAD", shim, TRUE);
  run_child ("/export-video/full-disk", envp);
  g_strfreev (envp);
  g_assert_cmpuint (test_folder_count (f->dir), ==, 0);
}


/* The sample's walk through the job, as WebM and MP4: 1 s of 512×512, and the
 * first frame's top-left corner (transparent) white. */
static void
test_hero_walk (Fixture *f, gconstpointer data)
{
  static const struct { const char *name; OssaExportFormat format; } outs[] = {
    { "walk.webm", OSSA_EXPORT_WEBM }, { "walk.mp4", OSSA_EXPORT_MP4 },
  };
  g_autofree char *base = NULL;
  OssaDocument *doc;

  if (!plugins_present (OSSA_EXPORT_WEBM) || !plugins_present (OSSA_EXPORT_MP4))
    return;
  doc = export_load_hero (&base);
  if (doc == NULL)
    return;
  for (size_t i = 0; i < G_N_ELEMENTS (outs); i++)
    {
      g_autofree char *path = g_build_filename (f->dir, outs[i].name, NULL);
      OssaExportSettings s;
      OssaExportResult result = { 0 };
      g_autoptr (GError) error = NULL;
      double seconds;
      int w, h;

      export_settings (&s, "walk", path, FALSE, base);
      g_assert_cmpint (s.format, ==, outs[i].format);
      g_assert_true (ossa_export_run (doc, &s, NULL, NULL, NULL, &result, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (result.files->len, ==, 1);
      g_assert_cmpstr (result.files->pdata[0], ==, path);
      ossa_export_result_clear (&result);
      if (!discover (path, &seconds, &w, &h))
        break;
      g_assert_cmpfloat (fabs (seconds - 1.0), <=, 1.0 / 30 + 1e-6);
      g_assert_cmpint (w, ==, 512);
      g_assert_cmpint (h, ==, 512);
#if HAVE_GST
      {
        int fw = 0, fh = 0;
        g_autofree guint8 *px = first_frame (path, &fw, &fh);

        assert_rgb (px, fw, 2, 2, 255, 255, 255);
      }
#endif
    }
  g_assert_cmpuint (test_folder_count (f->dir), ==, 2);
  ossa_document_free (doc);
}

/* Under AddressSanitizer: GLib's first quark table, allocated by its constructor,
 * is left unfreed on purpose when a program makes more than 2048 quarks
 * (gquark.c: lockless readers may still hold it), and GStreamer does. Full
 * stacks (GLib has no frame pointers) let LeakSanitizer tell it by its
 * constructor frame; our code allocates nothing in a constructor. */
const char *__asan_default_options (void);
const char *__lsan_default_suppressions (void);

const char *
__asan_default_options (void)
{
  return "fast_unwind_on_malloc=0";
}

const char *
__lsan_default_suppressions (void)
{
  return "leak:_dl_init\n";
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#if HAVE_GST
  gst_init (NULL, NULL);
#endif
#define ADD(name, func) g_test_add (name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/export-video/webm", test_webm);
  ADD ("/export-video/mp4", test_mp4);
  ADD ("/export-video/abort", test_abort);
  ADD ("/export-video/encoder-fails", test_encoder_fails);
  ADD ("/export-video/missing-plugin", test_missing_plugin);
  ADD ("/export-video/full-disk", test_full_disk);
  ADD ("/export-video/hero-walk", test_hero_walk);
  return g_test_run ();
}
