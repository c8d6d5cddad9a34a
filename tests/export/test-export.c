/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The export job (src/export/ossa-export.c): the format by path, every check of
 * the plan made before anything is written, the frame loop's progress, a cancel
 * and a full disk halfway leaving nothing behind. */
#include "config.h"

#include <math.h>
#include <sys/wait.h>
#include <unistd.h>

#include "export-test-support.h"

#define assert_close(a, b, tol) g_assert_cmpfloat (fabs ((double) (a) - (double) (b)), <=, (tol))

/* ---- the format ------------------------------------------------------------------ */

static void
test_format_for_path (void)
{
  static const struct
  {
    const char      *path;
    gboolean         sheet;
    OssaExportFormat format;
  } good[] = {
    { "frames/walk-%04d.png", FALSE, OSSA_EXPORT_FRAMES },
    { "walk-%d.PNG", FALSE, OSSA_EXPORT_FRAMES },
    { "100%%/walk-%02d.Png", FALSE, OSSA_EXPORT_FRAMES },
    { "walk.png", TRUE, OSSA_EXPORT_SHEET },
    { "out/walk.GIF", FALSE, OSSA_EXPORT_GIF },
    { "walk.WebM", FALSE, OSSA_EXPORT_WEBM },
    { "walk.mp4", FALSE, OSSA_EXPORT_MP4 },
  };
  static const struct
  {
    const char *path;
    gboolean    sheet;
    const char *message;
  } bad[] = {
    { "walk.png", FALSE, "walk.png has no %d: write frames/walk-%04d.png, or add --sheet" },
    { "walk.bmp", FALSE, "walk.bmp: cannot write .bmp files: use .png (frames with a %d "
                         "pattern, or a sheet), .gif, .webm or .mp4" },
    { "walk.TIFF", FALSE, "walk.TIFF: cannot write .tiff files: use .png" },
    { "walk", FALSE, "walk has no extension to choose the format by: use .png" },
    { "frames.d/", FALSE, "frames.d/ is a folder: give a file in it, such as frames.d/walk-%04d.png" },
    { "walk.gif", TRUE, "walk.gif: a sheet is written as a .png" },
    { "walk-%04d.png", TRUE, "walk-%04d.png: a sheet is one picture" },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (good); i++)
    {
      OssaExportFormat format = (OssaExportFormat) -1;
      GError *error = NULL;

      g_assert_true (ossa_export_format_for_path (good[i].path, good[i].sheet, &format, &error));
      g_assert_no_error (error);
      g_assert_cmpint (format, ==, good[i].format);
    }
  for (size_t i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      OssaExportFormat format;
      GError *error = NULL;

      g_assert_false (ossa_export_format_for_path (bad[i].path, bad[i].sheet, &format, &error));
      g_assert_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID);
      if (!g_str_has_prefix (error->message, bad[i].message))
        g_error ("%s: got “%s”, want “%s…”", bad[i].path, error->message, bad[i].message);
      g_clear_error (&error);
    }
}

/* ---- the plan ---------------------------------------------------------------------- */

static void
test_plan_fills (void)
{
  g_autofree char *base = NULL;
  OssaDocument *doc = export_load_hero (&base);
  g_autofree char *dir = NULL, *out = NULL, *listing = NULL;
  OssaExportSettings s;
  OssaExportResult plan = { 0 };
  GError *error = NULL;

  if (doc == NULL)
    return;
  dir = export_tmp_dir ();
  out = g_build_filename (dir, "walk-%04d.png", NULL);
  export_settings (&s, "walk", out, FALSE, base);
  s.width = 320;
  s.height = 200;
  g_assert_true (ossa_export_plan (doc, &s, &plan, &error));
  g_assert_no_error (error);
  g_assert_cmpint (plan.format, ==, OSSA_EXPORT_FRAMES);
  g_assert_cmpint (plan.width, ==, 320);
  g_assert_cmpint (plan.height, ==, 200);
  g_assert_cmpint (plan.view.width, ==, 320);
  g_assert_cmpint (plan.view.height, ==, 200);
  g_assert_cmpfloat (plan.view.scale, >, 0);
  g_assert_cmpuint (plan.range.n_frames, >=, 1);
  g_assert_null (plan.files);
  g_assert_null (plan.missing);
  /* A plan writes nothing. */
  listing = test_folder_list (dir);
  g_assert_cmpstr (listing, ==, "");
  ossa_export_result_clear (&plan);
  export_remove_tree (dir);
  ossa_document_free (doc);
}

/* Pictures that cannot be read: the plan says which, the run draws their
 * placeholders and writes every frame. */
static void
test_missing_pictures (void)
{
  g_autofree char *base = NULL;
  OssaDocument *doc = export_load_hero (&base);
  g_autofree char *dir = NULL, *empty = NULL, *out = NULL, *want = NULL;
  OssaExportSettings s;
  OssaExportResult plan = { 0 }, result = { 0 };
  GError *error = NULL;

  if (doc == NULL)
    return;
  dir = export_tmp_dir ();
  empty = export_tmp_dir ();
  out = g_build_filename (dir, "walk-%04d.png", NULL);
  export_settings (&s, "walk", out, FALSE, empty);
  s.width = s.height = 64;
  g_assert_true (ossa_export_plan (doc, &s, &plan, &error));
  g_assert_no_error (error);
  want = g_strdup_printf ("%zu pictures are missing: %s: ", doc->n_images, doc->images[0].name);
  g_assert_nonnull (plan.missing);
  if (!g_str_has_prefix (plan.missing, want))
    g_error ("got “%s”, want “%s…”", plan.missing, want);
  /* The same pictures one by one, for callers that list them (ossa-cli render --json). */
  g_assert_nonnull (plan.missing_pictures);
  g_assert_cmpuint (plan.missing_pictures->len, ==, doc->n_images);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (plan.missing_pictures, 0), doc->images[0].name));
  g_assert_nonnull (strstr (plan.missing, g_ptr_array_index (plan.missing_pictures, 0)));
  g_assert_true (ossa_export_run (doc, &s, NULL, NULL, NULL, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (result.missing, ==, plan.missing);
  g_assert_cmpuint (result.missing_pictures->len, ==, doc->n_images);
  g_assert_cmpuint (result.files->len, ==, 30);
  ossa_export_result_clear (&plan);
  ossa_export_result_clear (&result);
  export_remove_tree (dir);
  export_remove_tree (empty);
  ossa_document_free (doc);
}

/* Size 0×0 with a scale: the walk's bounds × scale + 2 × margin, rounded up; too
 * big a scale is refused, saying the size it would need. */
static void
test_plan_size_from_scale (void)
{
  g_autofree char *base = NULL;
  OssaDocument *doc = export_load_hero (&base);
  g_autofree char *dir = NULL, *out = NULL, *want = NULL;
  const OssaAnimation *anim;
  OssaRenderer *renderer;
  OssaRenderBounds b;
  OssaExportSettings s;
  OssaExportResult plan = { 0 };
  GError *error = NULL;

  if (doc == NULL)
    return;
  anim = &doc->animations[ossa_document_find_animation (doc, "walk")];
  dir = export_tmp_dir ();
  out = g_build_filename (dir, "walk.gif", NULL);
  export_settings (&s, "walk", out, FALSE, base);
  s.width = s.height = 0;
  s.scale = 0.5f;
  s.margin = 4;
  g_assert_true (ossa_export_plan (doc, &s, &plan, &error));
  g_assert_no_error (error);
  renderer = ossa_renderer_new (doc, base, NULL);
  b = ossa_renderer_range_bounds (renderer, anim, &plan.range, false);
  ossa_renderer_free (renderer);
  g_assert_false (ossa_render_bounds_empty (b));
  g_assert_cmpint (plan.width, ==, (int) ceil ((b.x1 - b.x0) * 0.5 + 8));
  g_assert_cmpint (plan.height, ==, (int) ceil ((b.y1 - b.y0) * 0.5 + 8));
  g_assert_cmpfloat (plan.view.scale, ==, 0.5f);
  assert_close (plan.view.center_x, (b.x0 + b.x1) / 2, 1e-3);
  assert_close (plan.view.center_y, (b.y0 + b.y1) / 2, 1e-3);
  ossa_export_result_clear (&plan);

  s.scale = 1000;
  g_assert_false (ossa_export_plan (doc, &s, &plan, &error));
  g_assert_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID);
  want = g_strdup_printf ("%s: at scale 1000 the animation needs ", out);
  g_assert_true (g_str_has_prefix (error->message, want));
  g_assert_nonnull (strstr (error->message, "pixels, over the limit of 16384 a side: lower the scale or give a size"));
  g_clear_error (&error);
  export_remove_tree (dir);
  ossa_document_free (doc);
}

/* A sheet of 30 frames of 4096 × 4096 is over the limit: refused before drawing. */
static void
test_plan_sheet_too_big (void)
{
  g_autofree char *base = NULL;
  OssaDocument *doc = export_load_hero (&base);
  g_autofree char *dir = NULL, *out = NULL, *want = NULL, *listing = NULL;
  OssaExportSettings s;
  OssaExportResult result = { 0 };
  GError *error = NULL;

  if (doc == NULL)
    return;
  dir = export_tmp_dir ();
  out = g_build_filename (dir, "walk.png", NULL);
  export_settings (&s, "walk", out, TRUE, base);
  s.width = s.height = 4096;
  g_assert_false (ossa_export_run (doc, &s, NULL, NULL, NULL, &result, &error));
  g_assert_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_INVALID);
  want = g_strdup_printf ("%s: a sheet of 30 frames of 4096×4096 would be 24586×20488 pixels", out);
  g_assert_true (g_str_has_prefix (error->message, want));
  g_clear_error (&error);
  listing = test_folder_list (dir);
  g_assert_cmpstr (listing, ==, "");
  export_remove_tree (dir);
  ossa_document_free (doc);
}

typedef struct
{
  const char        *name;
  const char        *anim;
  const char        *file;     /* under the test's folder; "NONE/…" is in a missing folder */
  gboolean           sheet;
  int                width, height;
  float              scale, fps, margin;
  OssaExportErrorCode code;
  const char        *message;  /* after "DIR/FILE" … */
} BadCase;

static const BadCase bad_cases[] = {
  { "no-such-animation", "run", "walk-%04d.png", FALSE, 512, 512, 0, 0, 16,
    OSSA_EXPORT_ERROR_NOT_FOUND, "no animation named “run”; there are: " },
  { "size-0", "walk", "walk-%04d.png", FALSE, 0, 0, 0, 0, 16,
    OSSA_EXPORT_ERROR_INVALID, ": the size 0×0 needs a scale" },
  { "width-0", "walk", "walk.gif", FALSE, 0, 512, 0, 0, 16,
    OSSA_EXPORT_ERROR_INVALID, ": the size 0×512 is out of range: each side must be 1 to 16384 pixels" },
  { "size-16385", "walk", "walk-%04d.png", FALSE, 16385, 512, 0, 0, 16,
    OSSA_EXPORT_ERROR_INVALID, ": the size 16385×512 is out of range: each side must be 1 to 16384 pixels" },
  { "negative-size", "walk", "walk.png", TRUE, 512, -3, 0, 0, 16,
    OSSA_EXPORT_ERROR_INVALID, ": the size 512×-3 is out of range" },
  { "negative-scale", "walk", "walk.gif", FALSE, 512, 512, -2, 0, 16,
    OSSA_EXPORT_ERROR_INVALID, ": the scale -2 is not a positive number" },
  { "margin-eats-the-picture", "walk", "walk.gif", FALSE, 32, 512, 0, 0, 16,
    OSSA_EXPORT_ERROR_INVALID, ": a margin of 16 pixels leaves nothing of a 32×512 picture" },
  { "negative-fps", "walk", "walk.gif", FALSE, 512, 512, 0, -1, 16,
    OSSA_EXPORT_ERROR_INVALID, ": the frame rate is not a positive number" },
  { "two-conversions", "walk", "walk-%d-%04d.png", FALSE, 512, 512, 0, 0, 16,
    OSSA_EXPORT_ERROR_INVALID, " has 2 frame numbers: give one %d or %0Nd" },
  { "percent-s", "walk", "walk-%s-%04d.png", FALSE, 512, 512, 0, 0, 16,
    OSSA_EXPORT_ERROR_INVALID, ": only one %d or %0Nd may follow a %; write %% for a percent sign" },
  { "conversion-in-the-folder", "walk", "f%d/walk-%04d.png", FALSE, 512, 512, 0, 0, 16,
    OSSA_EXPORT_ERROR_INVALID, ": the %d must be in the file name, not in the folder" },
  { "no-such-folder", "walk", "NONE/walk-%04d.png", FALSE, 512, 512, 0, 0, 16,
    OSSA_EXPORT_ERROR_IO, ": the folder " },
  { "no-such-folder-sheet", "walk", "NONE/walk.png", TRUE, 512, 512, 0, 0, 16,
    OSSA_EXPORT_ERROR_IO, ": the folder " },
  { "no-such-folder-gif", "walk", "NONE/walk.gif", FALSE, 512, 512, 0, 0, 16,
    OSSA_EXPORT_ERROR_IO, ": the folder " },
};

/* Each bad input, through plan and through run: the error, its message naming the
 * file, and the folder untouched. */
static void
test_bad_input (gconstpointer data)
{
  const BadCase *c = data;
  g_autofree char *base = NULL;
  OssaDocument *doc = export_load_hero (&base);
  g_autofree char *dir = NULL, *out = NULL, *listing = NULL, *want = NULL;
  OssaExportSettings s;

  if (doc == NULL)
    return;
  dir = export_tmp_dir ();
  out = g_build_filename (dir, c->file, NULL);
  export_settings (&s, c->anim, out, c->sheet, base);
  s.width = c->width;
  s.height = c->height;
  s.scale = c->scale;
  s.fps = c->fps;
  s.margin = c->margin;
  want = c->code == OSSA_EXPORT_ERROR_NOT_FOUND ? g_strdup (c->message)
                                                : g_strconcat (out, c->message, NULL);
  for (int run = 0; run < 2; run++)
    {
      OssaExportResult result = { 0 };
      GError *error = NULL;
      gboolean ok = run ? ossa_export_run (doc, &s, NULL, NULL, NULL, &result, &error)
                        : ossa_export_plan (doc, &s, &result, &error);

      g_assert_false (ok);
      g_assert_error (error, OSSA_EXPORT_ERROR, (gint) c->code);
      if (!g_str_has_prefix (error->message, want))
        g_error ("%s: got “%s”, want “%s…”", c->name, error->message, want);
      if (c->code == OSSA_EXPORT_ERROR_NOT_FOUND)
        g_assert_nonnull (strstr (error->message, "walk"));
      g_assert_null (result.files);
      g_clear_error (&error);
    }
  listing = test_folder_list (dir);
  g_assert_cmpstr (listing, ==, "");
  export_remove_tree (dir);
  ossa_document_free (doc);
}

/* A folder that is read-only: plan says so, naming the folder. Root writes
 * anyway; the full-disk shim stands in for it there (test_read_only_shim). */
static void
test_read_only_folder (void)
{
  g_autofree char *base = NULL;
  OssaDocument *doc = NULL;
  g_autofree char *dir = NULL, *ro = NULL, *out = NULL, *want = NULL, *listing = NULL;
  OssaExportSettings s;
  OssaExportResult result = { 0 };
  GError *error = NULL;

  if (geteuid () == 0)
    {
      g_test_skip ("root writes into read-only folders (see read-only-shim)");
      return;
    }
  doc = export_load_hero (&base);
  if (doc == NULL)
    return;
  dir = export_tmp_dir ();
  ro = g_build_filename (dir, "ro", NULL);
  g_assert_cmpint (g_mkdir (ro, 0555), ==, 0);
  out = g_build_filename (ro, "walk-%04d.png", NULL);
  export_settings (&s, "walk", out, FALSE, base);
  g_assert_false (ossa_export_run (doc, &s, NULL, NULL, NULL, &result, &error));
  g_assert_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO);
  want = g_strdup_printf ("%s: cannot write into the folder %s: Permission denied", out, ro);
  g_assert_cmpstr (error->message, ==, want);
  g_clear_error (&error);
  listing = test_folder_list (ro);
  g_assert_cmpstr (listing, ==, "");
  export_remove_tree (dir);
  ossa_document_free (doc);
}

/* ---- the run ------------------------------------------------------------------------ */

typedef struct
{
  size_t        calls, last_done, total;
  size_t        cancel_at;
  GCancellable *cancellable;
} Progress;

static void
on_progress (size_t done, size_t total, gpointer user_data)
{
  Progress *p = user_data;

  g_assert_cmpuint (done, ==, p->last_done + 1);
  p->calls++;
  p->last_done = done;
  p->total = total;
  if (p->cancellable != NULL && done == p->cancel_at)
    g_cancellable_cancel (p->cancellable);
}

static void
test_run_progress (void)
{
  g_autofree char *base = NULL;
  OssaDocument *doc = export_load_hero (&base);
  g_autofree char *dir = NULL, *out = NULL;
  OssaExportSettings s;
  OssaExportResult result = { 0 };
  Progress p = { 0 };
  GError *error = NULL;

  if (doc == NULL)
    return;
  dir = export_tmp_dir ();
  out = g_build_filename (dir, "walk-%04d.png", NULL);
  export_settings (&s, "walk", out, FALSE, base);
  s.width = s.height = 64;
  g_assert_true (ossa_export_run (doc, &s, on_progress, &p, NULL, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.range.n_frames, ==, 30);
  g_assert_cmpuint (p.calls, ==, result.range.n_frames);
  g_assert_cmpuint (p.total, ==, result.range.n_frames);
  g_assert_cmpuint (result.files->len, ==, result.range.n_frames);
  ossa_export_result_clear (&result);
  export_remove_tree (dir);
  ossa_document_free (doc);
}

/* Cancelled after the third frame of 30: G_IO_ERROR_CANCELLED,
 * no frame under its name, no hidden folder; a file that was there stays. */
static void
test_run_cancel (gconstpointer data)
{
  gboolean sheet = GPOINTER_TO_INT (data);
  g_autofree char *base = NULL;
  OssaDocument *doc = export_load_hero (&base);
  g_autofree char *dir = NULL, *out = NULL, *keep = NULL, *listing = NULL;
  OssaExportSettings s;
  OssaExportResult plan = { 0 }, result = { 0 };
  Progress p = { 0 };
  GError *error = NULL;

  if (doc == NULL)
    return;
  dir = export_tmp_dir ();
  out = g_build_filename (dir, sheet ? "walk.png" : "walk-%04d.png", NULL);
  keep = g_build_filename (dir, "walk-0000.txt", NULL);
  g_assert_true (g_file_set_contents (keep, "mine", -1, NULL));
  export_settings (&s, "walk", out, sheet, base);
  s.width = s.height = 64;
  g_assert_true (ossa_export_plan (doc, &s, &plan, &error));
  p.cancellable = g_cancellable_new ();
  g_assert_cmpuint (plan.range.n_frames, ==, 30);
  p.cancel_at = 3;
  g_assert_false (ossa_export_run (doc, &s, on_progress, &p, p.cancellable, &result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (p.calls, ==, p.cancel_at);
  g_assert_null (result.files);
  g_clear_error (&error);
  listing = test_folder_list (dir);
  g_assert_cmpstr (listing, ==, "walk-0000.txt");
  /* Cancelled before it starts: nothing at all. */
  p.calls = p.last_done = 0;
  g_assert_false (ossa_export_run (doc, &s, on_progress, &p, p.cancellable, &result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (p.calls, ==, 0);
  g_clear_error (&error);
  g_clear_pointer (&listing, g_free);
  listing = test_folder_list (dir);
  g_assert_cmpstr (listing, ==, "walk-0000.txt");
  g_object_unref (p.cancellable);
  ossa_export_result_clear (&plan);
  export_remove_tree (dir);
  ossa_document_free (doc);
}

/* ---- a full disk, in a child process under the shim ---------------------------------- */

/* The child: exports hero's walk to OUT (sheet if SHEET is "sheet"); prints the
 * error and exits 1, or the bytes written and exits 0. */
static int
child_main (const char *out, const char *mode)
{
  g_autofree char *base = NULL;
  const char *root = g_getenv ("OSSA_BUILD_ROOT");
  g_autofree char *path = g_build_filename (root, "data", "samples", "hero.ossa", NULL);
  OssaDocument *doc = ossa_document_load (path, NULL);
  OssaExportSettings s;
  OssaExportResult result = { 0 };
  GError *error = NULL;
  guint64 bytes = 0;

  if (doc == NULL)
    return 2;
  base = g_path_get_dirname (path);
  ossa_export_settings_init (&s);
  s.animation = "walk";
  s.output = out;
  s.base_dir = base;
  s.width = s.height = 128;
  if (!ossa_export_format_for_path (out, strcmp (mode, "sheet") == 0, &s.format, &error)
      || !ossa_export_run (doc, &s, NULL, NULL, NULL, &result, &error))
    {
      printf ("%s\n", error->message);
      fflush (stdout);
      g_error_free (error);
      ossa_document_free (doc);
      return 1;
    }
  for (guint i = 0; i < result.files->len; i++)
    {
      GStatBuf st;

      if (g_stat (result.files->pdata[i], &st) == 0)
        bytes += (guint64) st.st_size;
    }
  printf ("%" G_GUINT64_FORMAT "\n", bytes);
  fflush (stdout);
  ossa_export_result_clear (&result);
  ossa_document_free (doc);
  return 0;
}

/* Runs the child on out with the shim (when errno_name is not NULL: the disk under
 * dir is full after `after` bytes, with that errno). Its output; NULL, the test
 * skipped, when there is no shim. */
static char *
run_child (const char *out, const char *mode, const char *dir, const char *after,
           const char *errno_name, int *status)
{
  const char *shim = g_getenv ("OSSA_FAIL_WRITE_SHIM");
  const char *asan = g_getenv ("ASAN_OPTIONS");
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *asan_options = NULL;
  char *argv[] = { self, (char *) "--child", (char *) out, (char *) mode, NULL };
  char **envp = g_get_environ ();
  char *stdout_text = NULL;
  GError *error = NULL;
  int wait_status = 0;

  if (shim == NULL || !g_file_test (shim, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the fail-write shim was not built (OSSA_FAIL_WRITE_SHIM)");
      g_strfreev (envp);
      return NULL;
    }
  if (errno_name != NULL)
    {
      envp = g_environ_setenv (envp, "LD_PRELOAD", shim, TRUE);
      asan_options = g_strconcat (asan != NULL ? asan : "", asan != NULL ? ":" : "",
                                  "verify_asan_link_order=0", NULL);
      envp = g_environ_setenv (envp, "ASAN_OPTIONS", asan_options, TRUE);
      envp = g_environ_setenv (envp, "OSSA_FAIL_WRITE_DIR", dir, TRUE);
      envp = g_environ_setenv (envp, "OSSA_FAIL_WRITE_AFTER", after, TRUE);
      envp = g_environ_setenv (envp, "OSSA_FAIL_WRITE_ERRNO", errno_name, TRUE);
    }
  g_spawn_sync (NULL, argv, envp, G_SPAWN_DEFAULT, NULL, NULL, &stdout_text, NULL,
                &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  *status = WEXITSTATUS (wait_status);
  g_strfreev (envp);
  return stdout_text;
}

/* The disk fills up halfway through the frames (or the sheet), or is read-only
 * from the first byte (what a read-only folder is to root): exit with the error
 * naming the file, nothing under a final name, no temporary file or folder. */
static void
test_disk_full (gconstpointer data)
{
  const char *mode = data;
  gboolean sheet = strcmp (mode, "sheet") == 0, read_only = strcmp (mode, "read-only") == 0;
  g_autofree char *dir = export_tmp_dir ();
  g_autofree char *out = g_build_filename (dir, sheet ? "walk.png" : "walk-%04d.png", NULL);
  g_autofree char *text = NULL, *after = NULL, *listing = NULL;
  guint64 bytes;
  int status = -1;

  /* How much a good run writes. */
  text = run_child (out, sheet ? "sheet" : "frames", dir, NULL, NULL, &status);
  if (text == NULL)
    return;
  g_assert_cmpint (status, ==, 0);
  bytes = g_ascii_strtoull (text, NULL, 10);
  g_assert_cmpuint (bytes, >, 100);
  export_remove_tree (dir);
  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  g_free (text);

  after = g_strdup_printf ("%" G_GUINT64_FORMAT, read_only ? 0 : bytes / 2);
  text = run_child (out, sheet ? "sheet" : "frames", dir, after, read_only ? "EROFS" : "ENOSPC",
                    &status);
  g_assert_cmpint (status, ==, 1);
  if (!g_str_has_prefix (text, dir))
    g_error ("the child said “%s”", text);
  g_assert_nonnull (strstr (text, read_only ? "Read-only file system" : "No space left on device"));
  listing = test_folder_list (dir);
  g_assert_cmpstr (listing, ==, "");
  export_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  if (argc == 4 && strcmp (argv[1], "--child") == 0)
    return child_main (argv[2], argv[3]);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/export/format-for-path", test_format_for_path);
  g_test_add_func ("/export/plan-fills", test_plan_fills);
  g_test_add_func ("/export/plan-size-from-scale", test_plan_size_from_scale);
  g_test_add_func ("/export/missing-pictures", test_missing_pictures);
  g_test_add_func ("/export/bad/sheet-too-big", test_plan_sheet_too_big);
  for (size_t i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/export/bad/%s", bad_cases[i].name);

      g_test_add_data_func (name, &bad_cases[i], test_bad_input);
    }
  g_test_add_func ("/export/bad/read-only-folder", test_read_only_folder);
  g_test_add_data_func ("/export/bad/read-only-shim", "read-only", test_disk_full);
  g_test_add_data_func ("/export/disk-full-halfway/frames", "frames", test_disk_full);
  g_test_add_data_func ("/export/disk-full-halfway/sheet", "sheet", test_disk_full);
  g_test_add_func ("/export/run-progress", test_run_progress);
  g_test_add_data_func ("/export/cancel/frames", GINT_TO_POINTER (FALSE), test_run_cancel);
  g_test_add_data_func ("/export/cancel/sheet", GINT_TO_POINTER (TRUE), test_run_cancel);
  return g_test_run ();
}
