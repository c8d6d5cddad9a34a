/* SPDX-License-Identifier: GPL-3.0-or-later */
/* File > Export Animation… in a real window on the bundled hero
 * (OSSA_BUILD_ROOT/data/samples/hero.ossa): the dialog opened by its action, the
 * choices set through its widgets, Export pressed, and what a person gets: the
 * files (30 frames of the size asked, not blank; a GIF), the preview, the message
 * with Open Folder (the URI it would open, through the dialog's launch hook),
 * Cancel and closing the window midway (nothing left), an error for a folder
 * that is not there or read-only, and the choices put back the next time. */
#define G_LOG_DOMAIN "test-export-dialog"

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <json-glib/json-glib.h>

#include "ossa.h"

#include "ossa-export-dialog-private.h"
#include "ossa-image-store.h"
#include "gui-test-app.h"
#include "../support/test-folder.h"

/* --no-video: GStreamer's plugins are out of sight, so video must be greyed out. */
static gboolean expect_no_video;

/* What Open Folder asked to open, instead of a file manager. */
static char *launched_uri;

static gboolean
record_launch (const char *uri,
               GError    **error)
{
  g_free (launched_uri);
  launched_uri = g_strdup (uri);
  return TRUE;
}

static void
open_hero (AppFixture *f)
{
  g_autofree char *path = g_build_filename (g_getenv ("OSSA_BUILD_ROOT"), "data", "samples",
                                            "hero.ossa", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  open_window_sized (f, 1280, 800);
  g_assert_true (ossa_window_open_file (f->window, file, &error));
  g_assert_no_error (error);
  wait_for_window_io (f->window);
  ossa_image_store_wait (ossa_editor_get_images (editor_of (f)));
}

static OssaExportDialog *
open_dialog (AppFixture *f)
{
  OssaExportDialog *dialog;

  g_assert_true (activate (f, "export-animation", NULL));
  dialog = ossa_export_dialog_find (GTK_WINDOW (f->window));
  g_assert_nonnull (dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  gui_test_flush (GTK_WIDGET (dialog));
  return dialog;
}

/* The preview and summary catch up with the last change. */
static void
settle (OssaExportDialog *d)
{
  gui_test_linger (0.15);
  gui_test_iterate ();
}

/* Turns the main loop until the export ended, at most a minute (a shared machine). */
static void
wait_export (OssaExportDialog *d)
{
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (ossa_export_dialog_get_running (d) && g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (5000);
    }
  g_assert_false (ossa_export_dialog_get_running (d));
  gui_test_iterate ();
}

/* A click, now (gtk_widget_activate() clicks a quarter of a second later). */
static void
click (GtkButton *button)
{
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (button)));
  g_signal_emit_by_name (button, "clicked");
}

static void
press_export (OssaExportDialog *d)
{
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (d->export_button)));
  click (d->export_button);
  gui_test_iterate ();
}

static void
set_output (OssaExportDialog *d,
            const char       *path)
{
  gtk_editable_set_text (GTK_EDITABLE (d->output_entry), path);
  settle (d);
}

/* Whether pixels (RGBA bytes) has one that is not fully transparent. */
static gboolean
has_opaque (const guchar *pixels,
            gsize         n_pixels)
{
  for (gsize i = 0; i < n_pixels; i++)
    if (pixels[4 * i + 3] != 0)
      return TRUE;
  return FALSE;
}

static GdkTexture *
load_png (const char *path)
{
  g_autoptr(GError) error = NULL;
  GdkTexture *texture = gdk_texture_new_from_filename (path, &error);

  g_assert_no_error (error);
  return texture;
}

static void
assert_png (const char *path,
            int         width,
            int         height)
{
  g_autoptr(GdkTexture) texture = load_png (path);
  g_autofree guchar *pixels = g_malloc ((gsize) width * height * 4);

  g_assert_cmpint (gdk_texture_get_width (texture), ==, width);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, height);
  gdk_texture_download (texture, pixels, (gsize) width * 4);
  g_assert_true (has_opaque (pixels, (gsize) width * height));
}

/* OSSA_TEST_KEEP=FOLDER keeps a copy of what an export wrote there, to look at. */
static void
keep_for_looking (const char *path)
{
  const char *keep = g_getenv ("OSSA_TEST_KEEP");
  g_autofree char *command = NULL;

  if (keep == NULL)
    return;
  command = g_strdup_printf ("cp -r '%s' '%s'", path, keep);
  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL));
}

/* ---- PNG frames ---- */

static void
test_frames (AppFixture *f, gconstpointer data)
{
  g_autofree char *folder = tmp_path (f, "walk-frames");
  g_autofree char *pattern = g_build_filename (folder, "walk-%04d.png", NULL);
  g_autoptr(GFile) folder_file = g_file_new_for_path (folder);
  g_autofree char *folder_uri = g_file_get_uri (folder_file);
  OssaExportDialog *d;
  const char *output;

  open_hero (f);
  d = open_dialog (f);
  /* The animation on show, PNG frames, beside the document by default. */
  g_assert_cmpstr (gtk_string_object_get_string (
                     gtk_drop_down_get_selected_item (d->animation_dropdown)), ==,
                   doc_of (f)->animations[ossa_editor_get_animation (editor_of (f))].name);
  gtk_drop_down_set_selected (d->animation_dropdown, 0);
  settle (d);
  g_assert_cmpuint (gtk_drop_down_get_selected (d->format_dropdown), ==, 0);
  output = gtk_editable_get_text (GTK_EDITABLE (d->output_entry));
  g_assert_true (g_str_has_suffix (output, "/samples/walk-frames/walk-%04d.png"));
  /* The animation's own rate and all of it. */
  g_assert_cmpfloat (gtk_spin_button_get_value (d->fps_spin), ==, 30);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (d->from_spin), ==, 0);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (d->to_spin), ==, 29);

  set_output (d, pattern);
  gtk_spin_button_set_value (d->width_spin, 128);
  gtk_spin_button_set_value (d->height_spin, 96);
  settle (d);
  g_assert_cmpstr (gtk_label_get_text (d->summary_label), ==, "128 × 96 px, 30 frames, 1.00 s");

  click (d->export_button);
  /* On a worker: the dialog says so at once, and its choices wait. */
  g_assert_true (ossa_export_dialog_get_running (d));
  g_assert_false (gtk_widget_is_sensitive (d->form));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (d->progress_bar)));
  wait_export (d);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (d->status_label)));
  g_assert_true (gtk_widget_get_visible (d->done_box));
  g_assert_true (g_str_has_prefix (gtk_label_get_text (d->done_label), "Exported 30 frames to "));
  g_assert_cmpfloat (ossa_export_dialog_get_progress (d), ==, 1.0);

  /* 30 frames (a loop leaves out its last, the first again), numbered from 0. */
  g_assert_cmpuint (test_folder_count (folder), ==, 30);
  for (int i = 0; i < 30; i++)
    {
      g_autofree char *name = g_strdup_printf ("walk-%04d.png", i);
      g_autofree char *path = g_build_filename (folder, name, NULL);

      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
      if (i == 0 || i == 15 || i == 29)
        assert_png (path, 128, 96);
    }

  keep_for_looking (folder);

  /* At this size the preview is not scaled down: it is the first frame, as written. */
  {
    g_autofree char *first = g_build_filename (folder, "walk-0000.png", NULL);
    g_autoptr(GdkTexture) written = load_png (first);
    GdkTexture *shown = GDK_TEXTURE (gtk_picture_get_paintable (d->preview_picture));
    g_autofree guchar *a = g_malloc (128 * 96 * 4);
    g_autofree guchar *b = g_malloc (128 * 96 * 4);
    int worst = 0;

    g_assert_cmpint (gdk_texture_get_width (shown), ==, 128);
    g_assert_cmpint (gdk_texture_get_height (shown), ==, 96);
    gdk_texture_download (written, a, 128 * 4);
    gdk_texture_download (shown, b, 128 * 4);
    for (gsize i = 0; i < 128 * 96 * 4; i++)
      worst = MAX (worst, abs ((int) a[i] - (int) b[i]));
    g_assert_cmpint (worst, <=, 2);
  }

  /* Open Folder opens the frames' folder. */
  g_clear_pointer (&launched_uri, g_free);
  gtk_widget_activate_action (GTK_WIDGET (d), "export.open-folder", NULL);
  g_assert_cmpstr (launched_uri, ==, folder_uri);

  /* Cancel became Close, and closes. */
  g_assert_cmpstr (gtk_button_get_label (d->cancel_button), ==, "_Close");
  click (d->cancel_button);
  gui_test_iterate ();
  g_assert_null (ossa_export_dialog_find (GTK_WINDOW (f->window)));
}

/* ---- a GIF, and the window going on meanwhile ---- */

static void
test_gif (AppFixture *f, gconstpointer data)
{
  g_autofree char *gif = tmp_path (f, "walk.gif");
  g_autofree char *dir_uri = NULL;
  g_autoptr(GdkPixbufAnimation) anim = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *head = NULL;
  OssaExportDialog *d;

  open_hero (f);
  d = open_dialog (f);
  gtk_drop_down_set_selected (d->animation_dropdown, 0);
  gtk_drop_down_set_selected (d->format_dropdown, OSSA_EXPORT_GIF);
  settle (d);
  /* The suggested name follows the format. */
  g_assert_true (g_str_has_suffix (gtk_editable_get_text (GTK_EDITABLE (d->output_entry)),
                                   "/samples/walk.gif"));
  set_output (d, gif);
  gtk_spin_button_set_value (d->width_spin, 96);
  gtk_spin_button_set_value (d->height_spin, 80);
  press_export (d);
  wait_export (d);
  g_assert_true (gtk_widget_get_visible (d->done_box));
  keep_for_looking (gif);
  head = read_file (gif);
  g_assert_true (g_str_has_prefix (head, "GIF89a"));
  anim = gdk_pixbuf_animation_new_from_file (gif, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_pixbuf_animation_get_width (anim), ==, 96);
  g_assert_cmpint (gdk_pixbuf_animation_get_height (anim), ==, 80);
  g_assert_false (gdk_pixbuf_animation_is_static_image (anim));
  /* Open Folder opens the folder the GIF is in. */
  g_clear_pointer (&launched_uri, g_free);
  gtk_widget_activate_action (GTK_WIDGET (d), "export.open-folder", NULL);
  {
    g_autoptr(GFile) dir = g_file_new_for_path (f->tmpdir);

    dir_uri = g_file_get_uri (dir);
  }
  g_assert_cmpstr (launched_uri, ==, dir_uri);
  g_assert_cmpuint (test_folder_count (f->tmpdir), ==, 1);
}

/* ---- a sprite sheet, trimmed ---- */

static void
test_sheet (AppFixture *f, gconstpointer data)
{
  g_autofree char *png = tmp_path (f, "walk.png");
  g_autofree char *json = tmp_path (f, "walk.json");
  g_autofree char *text = NULL;
  OssaExportDialog *d;

  open_hero (f);
  d = open_dialog (f);
  gtk_drop_down_set_selected (d->animation_dropdown, 0);
  g_assert_false (gtk_widget_is_sensitive (GTK_WIDGET (d->trim_check)));
  gtk_drop_down_set_selected (d->format_dropdown, OSSA_EXPORT_SHEET);
  settle (d);
  /* Trim means something for a sheet only. */
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (d->trim_check)));
  gtk_check_button_set_active (d->trim_check, TRUE);
  set_output (d, png);
  gtk_spin_button_set_value (d->width_spin, 64);
  gtk_spin_button_set_value (d->height_spin, 64);
  press_export (d);
  wait_export (d);
  g_assert_true (gtk_widget_get_visible (d->done_box));
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  text = read_file (json);
  /* TexturePacker's hash: every frame, trimmed. */
  {
    g_autoptr(JsonParser) parser = json_parser_new ();
    g_autoptr(GError) error = NULL;
    JsonObject *frames;
    g_autoptr(GList) members = NULL;

    g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
    g_assert_no_error (error);
    frames = json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)),
                                            "frames");
    g_assert_nonnull (frames);
    g_assert_cmpuint (json_object_get_size (frames), ==, 30);
    members = json_object_get_members (frames);
    g_assert_true (json_object_get_boolean_member (
                     json_object_get_object_member (frames, members->data), "trimmed"));
  }
  g_assert_cmpuint (test_folder_count (f->tmpdir), ==, 2);
}

/* ---- video: offered when its encoder is there, greyed out with why otherwise ---- */

static void
test_video_formats (AppFixture *f, gconstpointer data)
{
  g_autofree char *webm = tmp_path (f, "x.webm");
  g_autofree char *mp4 = tmp_path (f, "x.mp4");
  const char *paths[] = { [OSSA_EXPORT_WEBM] = webm, [OSSA_EXPORT_MP4] = mp4 };
  OssaExportDialog *d;

  open_hero (f);
  d = open_dialog (f);
  for (int format = OSSA_EXPORT_WEBM; format <= OSSA_EXPORT_MP4; format++)
    {
      g_autoptr(GError) error = NULL;
      OssaExportSettings settings;
      OssaExportResult plan = { 0 };
      gboolean can;

      ossa_export_settings_init (&settings);
      settings.output = paths[format];
      settings.format = (OssaExportFormat) format;
      can = ossa_export_plan (doc_of (f), &settings, &plan, &error)
            || !g_error_matches (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_NO_ENCODER);
      ossa_export_result_clear (&plan);
      g_test_message ("format %d: %s", format, can ? "can be written" : error->message);
      g_assert_cmpint (d->available[format], ==, can);
      /* Run with GStreamer's plugins out of sight (meson.build's export-dialog-no-video). */
      if (expect_no_video)
        g_assert_false (can);
      if (!can)
        {
          /* Not chosen: the list falls back to PNG frames. */
          g_assert_cmpstr (d->unavailable[format], ==, error->message);
          gtk_drop_down_set_selected (d->format_dropdown, format);
          g_assert_cmpuint (gtk_drop_down_get_selected (d->format_dropdown), ==,
                            OSSA_EXPORT_FRAMES);
        }
    }

  /* A WebM, when it can be written. */
  if (d->available[OSSA_EXPORT_WEBM])
    {
      gtk_drop_down_set_selected (d->animation_dropdown, 0);
      gtk_drop_down_set_selected (d->format_dropdown, OSSA_EXPORT_WEBM);
      set_output (d, webm);
      gtk_spin_button_set_value (d->width_spin, 64);
      gtk_spin_button_set_value (d->height_spin, 64);
      press_export (d);
      wait_export (d);
      g_assert_true (gtk_widget_get_visible (d->done_box));
      g_assert_true (g_file_test (webm, G_FILE_TEST_IS_REGULAR));
      g_assert_cmpuint (test_folder_count (f->tmpdir), ==, 1);
    }
}

/* ---- the preview ---- */

static GdkTexture *
preview_texture (OssaExportDialog *d)
{
  GdkPaintable *paintable = gtk_picture_get_paintable (d->preview_picture);

  g_assert_true (GDK_IS_TEXTURE (paintable));
  return GDK_TEXTURE (paintable);
}

static guchar *
download (GdkTexture *texture)
{
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  guchar *pixels = g_malloc ((gsize) w * h * 4);

  gdk_texture_download (texture, pixels, (gsize) w * 4);
  return pixels;
}

static void
test_preview (AppFixture *f, gconstpointer data)
{
  OssaExportDialog *d;
  GdkTexture *texture;
  g_autofree guchar *pixels = NULL;
  GdkRGBA red = { 1, 0, 0, 1 };
  int w, h;

  open_hero (f);
  d = open_dialog (f);
  settle (d);
  gui_test_linger_if_asked ();
  /* 512 × 512 drawn at most 300 pixels a side, and not blank. */
  texture = preview_texture (d);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 300);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, 300);
  pixels = download (texture);
  g_assert_true (has_opaque (pixels, 300 * 300));
  /* Transparent where nothing is drawn: a corner, inside the margin. */
  g_assert_cmpint (pixels[3], ==, 0);
  g_clear_pointer (&pixels, g_free);

  /* A wide picture: the preview follows, at the same shape. */
  gtk_spin_button_set_value (d->width_spin, 800);
  gtk_spin_button_set_value (d->height_spin, 400);
  settle (d);
  texture = preview_texture (d);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 300);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, 150);
  g_assert_true (g_str_has_prefix (gtk_label_get_text (d->summary_label), "800 × 400 px, "));

  /* A coloured background fills the corners. */
  gtk_check_button_set_active (d->transparent_check, FALSE);
  gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (d->color_button), &red);
  settle (d);
  texture = preview_texture (d);
  pixels = download (texture);
  w = gdk_texture_get_width (texture);
  h = gdk_texture_get_height (texture);
  g_assert_cmpint (w, ==, 300);
  g_assert_cmpint (h, ==, 150);
  /* GDK_MEMORY_DEFAULT: B, G, R, A. */
  g_assert_cmpint (pixels[3], ==, 255);
  g_assert_cmpint (pixels[2], ==, 255);
  g_assert_cmpint (pixels[1], ==, 0);

  /* A fixed scale with an automatic size: the size comes from the animation. */
  gtk_drop_down_set_selected (d->fit_dropdown, 1);
  gtk_spin_button_set_value (d->scale_spin, 1);
  gtk_spin_button_set_value (d->width_spin, 0);
  gtk_spin_button_set_value (d->height_spin, 0);
  settle (d);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (d->width_spin)), ==, "Auto");
  g_assert_false (g_str_has_prefix (gtk_label_get_text (d->summary_label), "1 × 1 px"));
  g_assert_false (g_str_has_prefix (gtk_label_get_text (d->summary_label), "0 × 0 px"));
}

/* ---- Cancel, and the window closing, midway ---- */

static void
on_progress (OssaExportDialog *d, GParamSpec *pspec, gboolean *seen)
{
  if (ossa_export_dialog_get_progress (d) > 0 && ossa_export_dialog_get_running (d))
    *seen = TRUE;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *) data;
}

static gboolean
gone (gpointer path)
{
  return !g_file_test (path, G_FILE_TEST_EXISTS);
}

static void
start_big_export (OssaExportDialog *d,
                  const char       *pattern,
                  gboolean         *seen)
{
  gtk_drop_down_set_selected (d->animation_dropdown, 0);
  set_output (d, pattern);
  gtk_spin_button_set_value (d->width_spin, 2048);
  gtk_spin_button_set_value (d->height_spin, 2048);
  settle (d);
  *seen = FALSE;
  g_signal_connect (d, "notify::progress", G_CALLBACK (on_progress), seen);
  press_export (d);
  g_assert_true (gui_test_iterate_until (is_true, seen));
}

static void
test_cancel (AppFixture *f, gconstpointer data)
{
  g_autofree char *folder = tmp_path (f, "big-frames");
  g_autofree char *pattern = g_build_filename (folder, "big-%04d.png", NULL);
  OssaExportDialog *d;
  gboolean seen = FALSE;

  open_hero (f);
  d = open_dialog (f);
  start_big_export (d, pattern, &seen);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (d->progress_bar)));
  click (d->cancel_button);
  wait_export (d);
  /* Still open, saying so, and nothing left: not a frame, not the folder it made. */
  g_assert_nonnull (ossa_export_dialog_find (GTK_WINDOW (f->window)));
  g_assert_cmpstr (gtk_label_get_text (d->status_label), ==, "Cancelled: nothing was written.");
  g_assert_false (gtk_widget_get_visible (d->done_box));
  g_assert_false (g_file_test (folder, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (test_folder_count (f->tmpdir), ==, 0);

  /* The window closing midway stops the export too. */
  start_big_export (d, pattern, &seen);
  gtk_window_destroy (GTK_WINDOW (f->window));
  f->window = NULL;
  gui_test_iterate ();
  for (int i = 0; i < 20 && !gone (folder); i++)
    gui_test_iterate_until (gone, folder);
  g_assert_false (g_file_test (folder, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (test_folder_count (f->tmpdir), ==, 0);
}

/* ---- bad folders ---- */

static void
assert_refused (AppFixture       *f,
                OssaExportDialog *d,
                const char       *output,
                const char       *named)
{
  const char *text;

  set_output (d, output);
  press_export (d);
  wait_export (d);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (d->status_label)));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (d->status_label), "error"));
  text = gtk_label_get_text (d->status_label);
  g_test_message ("%s: %s", output, text);
  g_assert_true (g_str_has_prefix (text, "Could not export: "));
  g_assert_nonnull (strstr (text, named));
  g_assert_false (gtk_widget_get_visible (d->done_box));
}

static void
test_bad_folder (AppFixture *f, gconstpointer data)
{
  g_autofree char *missing = tmp_path (f, "missing/deeper/walk.gif");
  g_autofree char *frames = tmp_path (f, "missing/deeper/walk-%04d.png");
  g_autofree char *readonly = tmp_path (f, "readonly");
  g_autofree char *in_readonly = g_build_filename (readonly, "walk.gif", NULL);
  g_autofree char *no_pattern = tmp_path (f, "walk.png");
  OssaExportDialog *d;

  open_hero (f);
  d = open_dialog (f);
  gtk_drop_down_set_selected (d->format_dropdown, OSSA_EXPORT_GIF);
  gtk_spin_button_set_value (d->width_spin, 64);
  gtk_spin_button_set_value (d->height_spin, 64);
  assert_refused (f, d, missing, "missing/deeper");

  /* Frames make their own folder, but not the folders above it. */
  gtk_drop_down_set_selected (d->format_dropdown, OSSA_EXPORT_FRAMES);
  assert_refused (f, d, frames, "missing/deeper");

  if (getuid () != 0)
    {
      gtk_drop_down_set_selected (d->format_dropdown, OSSA_EXPORT_GIF);
      g_assert_cmpint (g_mkdir (readonly, 0555), ==, 0);
      assert_refused (f, d, in_readonly, "readonly");
      g_chmod (readonly, 0755);
    }
  else
    g_test_message ("running as root: a read-only folder is writable, not tried");

  /* Frames need a %d: said at once, and Export cannot be pressed. */
  gtk_drop_down_set_selected (d->format_dropdown, OSSA_EXPORT_FRAMES);
  set_output (d, no_pattern);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (d->status_label)));
  g_assert_nonnull (strstr (gtk_label_get_text (d->status_label), "walk.png"));
  g_assert_false (gtk_widget_is_sensitive (GTK_WIDGET (d->export_button)));

  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (test_folder_count (f->tmpdir), ==, getuid () != 0 ? 1 : 0);
}

/* ---- the choices remembered ---- */

static void
test_remembered (AppFixture *f, gconstpointer data)
{
  g_autofree char *folder = tmp_path (f, "out");
  g_autofree char *gif = g_build_filename (folder, "hero.gif", NULL);
  g_autofree char *expected = g_build_filename (folder, "walk.gif", NULL);
  GdkRGBA color = { 0.2, 0.4, 0.6, 1 }, back;
  OssaExportDialog *d;

  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  open_hero (f);
  d = open_dialog (f);
  gtk_drop_down_set_selected (d->animation_dropdown, 0);
  gtk_drop_down_set_selected (d->format_dropdown, OSSA_EXPORT_GIF);
  gtk_drop_down_set_selected (d->fit_dropdown, 1);
  gtk_spin_button_set_value (d->scale_spin, 0.25);
  gtk_spin_button_set_value (d->width_spin, 0);
  gtk_spin_button_set_value (d->height_spin, 0);
  gtk_spin_button_set_value (d->margin_spin, 4);
  gtk_spin_button_set_value (d->fps_spin, 15);
  gtk_check_button_set_active (d->transparent_check, FALSE);
  gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (d->color_button), &color);
  gtk_check_button_set_active (d->bones_check, TRUE);
  set_output (d, gif);
  press_export (d);
  wait_export (d);
  g_assert_true (gtk_widget_get_visible (d->done_box));
  g_assert_true (g_file_test (gif, G_FILE_TEST_IS_REGULAR));
  /* Written at once: the application's settings are not left waiting to apply
   * (the window's size and the preferences go through the same object). */
  {
    GSettings *settings = ossa_application_get_settings (f->app);
    g_autofree char *format = g_settings_get_string (settings, "export-format");
    gboolean delayed = TRUE;

    g_object_get (settings, "delay-apply", &delayed, NULL);
    g_assert_false (delayed);
    g_assert_cmpstr (format, ==, "gif");
  }
  gtk_window_close (GTK_WINDOW (d));
  gui_test_iterate ();
  g_assert_null (ossa_export_dialog_find (GTK_WINDOW (f->window)));

  d = open_dialog (f);
  gtk_drop_down_set_selected (d->animation_dropdown, 0);
  settle (d);
  g_assert_cmpuint (gtk_drop_down_get_selected (d->format_dropdown), ==, OSSA_EXPORT_GIF);
  g_assert_cmpuint (gtk_drop_down_get_selected (d->fit_dropdown), ==, 1);
  g_assert_cmpfloat_with_epsilon (gtk_spin_button_get_value (d->scale_spin), 0.25, 1e-6);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (d->width_spin), ==, 0);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (d->height_spin), ==, 0);
  g_assert_cmpfloat (gtk_spin_button_get_value (d->margin_spin), ==, 4);
  g_assert_cmpfloat (gtk_spin_button_get_value (d->fps_spin), ==, 15);
  g_assert_false (gtk_check_button_get_active (d->transparent_check));
  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (d->color_button), &back);
  g_assert_cmpfloat_with_epsilon (back.blue, 0.6, 0.01);
  g_assert_cmpfloat_with_epsilon (back.red, 0.2, 0.01);
  g_assert_true (gtk_check_button_get_active (d->bones_check));
  /* In the folder written to last, named after the animation. */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (d->output_entry)), ==, expected);
}

/* ---- nothing to export ---- */

static void
test_empty (AppFixture *f, gconstpointer data)
{
  g_autoptr(GFile) trio = save_trio (f, "trio.ossa");

  open_window (f);
  g_assert_false (enabled (f, "export-animation"));
  g_assert_true (ossa_window_open_file (f->window, trio, NULL));
  wait_for_window_io (f->window);
  /* Bones and no animation: the rest pose. */
  g_assert_true (enabled (f, "export-animation"));
  {
    OssaExportDialog *d = open_dialog (f);

    g_assert_cmpstr (gtk_string_object_get_string (
                       gtk_drop_down_get_selected_item (d->animation_dropdown)), ==, "Rest pose");
    g_assert_true (g_str_has_suffix (gtk_editable_get_text (GTK_EDITABLE (d->output_entry)),
                                     "/rest-frames/rest-%04d.png"));
  }
}

int
main (int argc, char **argv)
{
  if (!gui_test_display_or_skip ())
    return 0;
  for (int i = 1; i < argc; i++)
    if (g_str_equal (argv[i], "--no-video"))
      expect_no_video = TRUE;
  gtk_test_init (&argc, &argv, NULL);
  _ossa_export_dialog_set_launch_func (record_launch);

  APP_TEST_ADD ("/export-dialog/frames", test_frames);
  APP_TEST_ADD ("/export-dialog/gif", test_gif);
  APP_TEST_ADD ("/export-dialog/sheet", test_sheet);
  APP_TEST_ADD ("/export-dialog/video-formats", test_video_formats);
  APP_TEST_ADD ("/export-dialog/preview", test_preview);
  APP_TEST_ADD ("/export-dialog/cancel", test_cancel);
  APP_TEST_ADD ("/export-dialog/bad-folder", test_bad_folder);
  APP_TEST_ADD ("/export-dialog/remembered", test_remembered);
  APP_TEST_ADD ("/export-dialog/empty", test_empty);
  return g_test_run ();
}
