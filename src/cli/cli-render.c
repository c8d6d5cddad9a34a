/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ossa-cli render DOC [--anim NAME] -o OUT: an animation drawn as pictures (PNG
 * frames, a sprite sheet, a GIF or a video) through the export job; the format
 * is chosen by OUT. */
#include "config.h"

#include <dirent.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli-common.h"
#include "ossa-export.h"

#define CMD "render"

/* The signal that asks the render to stop (SIGINT from Ctrl+C, SIGTERM from
 * kill), or 0. The handler only records it; the job's progress callback sees it
 * and cancels. A second signal gets the default (SA_RESETHAND): it ends the
 * process at once. */
static volatile sig_atomic_t interrupted;

static void
on_stop_signal (int signo)
{
  interrupted = signo;
}

static const int stop_signals[] = { SIGINT, SIGTERM };

/* Installs the handler for each stop signal (not for one the process was started
 * ignoring, as a background job is), keeping the old handlers in old. */
static void
catch_stop_signals (struct sigaction old[G_N_ELEMENTS (stop_signals)])
{
  struct sigaction sa = { .sa_handler = on_stop_signal, .sa_flags = SA_RESETHAND };

  sigemptyset (&sa.sa_mask);
  interrupted = 0;
  for (size_t i = 0; i < G_N_ELEMENTS (stop_signals); i++)
    {
      sigaction (stop_signals[i], NULL, &old[i]);
      if (old[i].sa_handler != SIG_IGN)
        sigaction (stop_signals[i], &sa, NULL);
    }
}

static void
restore_stop_signals (const struct sigaction old[G_N_ELEMENTS (stop_signals)])
{
  for (size_t i = 0; i < G_N_ELEMENTS (stop_signals); i++)
    sigaction (stop_signals[i], &old[i], NULL);
}

/* ---- parsing the option values ---- */

/* "WxH" (or "W×H", as render prints sizes), each side 1 … OSSA_RENDER_MAX_SIZE.
 * Prints the usage error when not. */
static bool
parse_size (const char *text, int *width, int *height)
{
  const char *x = strpbrk (text, "xX"), *times = strstr (text, "\xc3\x97");
  size_t sep = 1;
  guint64 w, h;
  char *left;
  bool ok;

  if (x == NULL && times != NULL)
    x = times, sep = 2;
  if (x == NULL)
    {
      cli_usage_error (CMD, "--size '%s' is not WIDTHxHEIGHT (e.g. 512x512)", text);
      return false;
    }
  left = g_strndup (text, (gsize) (x - text));
  ok = cli_parse_uint (left, 0, G_MAXUINT32, &w) && cli_parse_uint (x + sep, 0, G_MAXUINT32, &h);
  g_free (left);
  if (!ok)
    {
      cli_usage_error (CMD, "--size '%s' is not WIDTHxHEIGHT (e.g. 512x512)", text);
      return false;
    }
  if (w < 1 || h < 1 || w > OSSA_RENDER_MAX_SIZE || h > OSSA_RENDER_MAX_SIZE)
    {
      cli_usage_error (CMD, "--size %s: each side is 1 to %d pixels", text, OSSA_RENDER_MAX_SIZE);
      return false;
    }
  *width = (int) w;
  *height = (int) h;
  return true;
}

static int
hex_digit (char c)
{
  return g_ascii_xdigit_value (c);
}

/* "#rgb", "#rrggbb", "#rrggbbaa", "white", "black", "transparent" → RGBA with R
 * in the high byte, straight alpha. */
static bool
parse_color (const char *text, uint32_t *rgba)
{
  size_t n = strlen (text);
  uint32_t v = 0;

  if (g_ascii_strcasecmp (text, "transparent") == 0)
    return (*rgba = 0, true);
  if (g_ascii_strcasecmp (text, "white") == 0)
    return (*rgba = 0xffffffffu, true);
  if (g_ascii_strcasecmp (text, "black") == 0)
    return (*rgba = 0x000000ffu, true);
  if (text[0] != '#' || (n != 4 && n != 7 && n != 9))
    return false;
  for (size_t i = 1; i < n; i++)
    if (hex_digit (text[i]) < 0)
      return false;
  if (n == 4)
    {
      for (size_t i = 1; i < 4; i++)
        v = (v << 8) | (uint32_t) (hex_digit (text[i]) * 17);
      *rgba = (v << 8) | 0xffu;
      return true;
    }
  for (size_t i = 1; i < n; i += 2)
    v = (v << 8) | (uint32_t) (hex_digit (text[i]) * 16 + hex_digit (text[i + 1]));
  *rgba = n == 7 ? (v << 8) | 0xffu : v;
  return true;
}

/* A positive finite number no larger than max, for option name. */
static bool
parse_positive (const char *name, const char *text, double max, bool zero_ok, double *out)
{
  if (!cli_parse_double (text, out) || (zero_ok ? *out < 0 : *out <= 0) || *out > max)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      cli_usage_error (CMD, "%s '%s' is not a number %s %s", name, text,
                       zero_ok ? "from 0 to" : "above 0, up to",
                       cli_format (buf, sizeof buf, "%.0f", max));
      return false;
    }
  return true;
}

/* ---- never the input ---- */

/* Whether st (the document) is the file at path. */
static bool
same_file (const struct stat *st, const char *path)
{
  struct stat out;

  return stat (path, &out) == 0 && out.st_dev == st->st_dev && out.st_ino == st->st_ino;
}

/* For a FRAMES pattern: whether name is one of its files (the prefix, digits,
 * the suffix; "%%" is "%"). */
static bool
pattern_matches (const char *pattern, const char *name)
{
  const char *p = pattern, *n = name;

  for (; *p != '\0'; p++, n++)
    {
      if (p[0] == '%' && p[1] == '%')
        {
          if (*n != '%')
            return false;
          p++;
          continue;
        }
      if (p[0] == '%')
        {
          const char *digits = n;

          p++;
          while (g_ascii_isdigit (*p))
            p++;
          if (*p != 'd')
            return false;
          while (g_ascii_isdigit (*n))
            n++;
          if (n == digits)
            return false;
          n--;   /* the loop steps past the last digit */
          continue;
        }
      if (*p != *n)
        return false;
    }
  return *n == '\0';
}

/* Prints the error and returns true when a file the export would write is the
 * document itself (under any name, through a hard or symbolic link). */
static bool
output_is_input (const char *doc_path, const OssaExportSettings *settings)
{
  struct stat doc_st;
  const char *victim = NULL;
  char *victim_owned = NULL;

  if (cli_is_stdio (doc_path) || stat (doc_path, &doc_st) != 0)
    return false;
  if (settings->format == OSSA_EXPORT_FRAMES)
    {
      char *dir = g_path_get_dirname (settings->output);
      char *base = g_path_get_basename (settings->output);
      DIR *d = opendir (dir);
      struct dirent *e;

      while (d != NULL && victim == NULL && (e = readdir (d)) != NULL)
        if (pattern_matches (base, e->d_name))
          {
            char *file = strchr (settings->output, '/') == NULL
                           ? g_strdup (e->d_name) : g_build_filename (dir, e->d_name, NULL);

            if (same_file (&doc_st, file))
              victim = victim_owned = file;
            else
              g_free (file);
          }
      if (d != NULL)
        closedir (d);
      g_free (base);
      g_free (dir);
    }
  else
    {
      if (same_file (&doc_st, settings->output))
        victim = settings->output;
      else if (settings->format == OSSA_EXPORT_SHEET)
        {
          const char *dot = strrchr (settings->output, '.');
          char *json = g_strdup_printf ("%.*s.json", (int) (dot - settings->output),
                                        settings->output);

          if (same_file (&doc_st, json))
            victim = victim_owned = json;
          else
            g_free (json);
        }
    }
  if (victim != NULL)
    {
      if (strcmp (victim, doc_path) == 0)
        cli_error (victim, "is the document being rendered: not overwriting the input");
      else
        cli_error (victim, "is the same file as the document %s: not overwriting the input",
                   doc_path);
    }
  g_free (victim_owned);
  return victim != NULL;
}

/* ---- progress ---- */

typedef struct
{
  CliProgress   line;
  GCancellable *cancellable;
} Progress;

#define BAR_WIDTH 30

static void
on_progress (size_t done, size_t total, gpointer user_data)
{
  Progress *p = user_data;
  char bar[BAR_WIDTH + 1];
  size_t filled;

  if (interrupted)
    {
      g_cancellable_cancel (p->cancellable);
      return;
    }
  if (!cli_progress_due (&p->line, done, total))
    return;
  filled = total > 0 ? done * BAR_WIDTH / total : BAR_WIDTH;
  memset (bar, '#', filled);
  memset (bar + filled, ' ', BAR_WIDTH - filled);
  bar[BAR_WIDTH] = '\0';
  fprintf (stderr, "\r\033[K[%s] %zu/%zu frames", bar, done, total);
  fflush (stderr);
}

/* ---- what was written ---- */

static const char *
format_name (OssaExportFormat format)
{
  switch (format)
    {
    case OSSA_EXPORT_FRAMES: return "frames";
    case OSSA_EXPORT_SHEET: return "sheet";
    case OSSA_EXPORT_GIF: return "gif";
    case OSSA_EXPORT_WEBM: return "webm";
    case OSSA_EXPORT_MP4: return "mp4";
    default: return "?";
    }
}

/* The pictures the job drew as placeholders, each as "NAME: PATH: reason". */
static void
add_missing (JsonBuilder *b, const OssaExportResult *result)
{
  json_builder_set_member_name (b, "missing");
  json_builder_begin_array (b);
  for (guint i = 0; result->missing_pictures != NULL && i < result->missing_pictures->len; i++)
    {
      g_autofree char *shown = cli_display_name (g_ptr_array_index (result->missing_pictures, i));

      json_builder_add_string_value (b, shown);
    }
  json_builder_end_array (b);
}

static void
print_json (const char *anim_name, const OssaExportResult *result)
{
  JsonBuilder *b = json_builder_new ();

  json_builder_begin_object (b);
  cli_json_add_string (b, "format", format_name (result->format));
  cli_json_add_string (b, "animation", anim_name);
  cli_json_add_int (b, "width", result->width);
  cli_json_add_int (b, "height", result->height);
  cli_json_add_float (b, "fps", result->range.fps);
  cli_json_add_int (b, "frames", (gint64) result->range.n_frames);
  cli_json_add_float (b, "duration", result->range.duration);
  cli_json_add_bool (b, "loop", result->range.loop);
  json_builder_set_member_name (b, "files");
  json_builder_begin_array (b);
  for (guint i = 0; result->files != NULL && i < result->files->len; i++)
    {
      char *shown = cli_display_name (g_ptr_array_index (result->files, i));

      json_builder_add_string_value (b, shown);
      g_free (shown);
    }
  json_builder_end_array (b);
  add_missing (b, result);
  json_builder_end_object (b);
  cli_json_print (b);
}

/* A PNG's size from its header (0×0 when it cannot be read). */
static void
png_size (const char *path, int *width, int *height)
{
  unsigned char h[24];
  FILE *f = fopen (path, "rb");
  bool ok = f != NULL && fread (h, 1, sizeof h, f) == sizeof h && memcmp (h + 12, "IHDR", 4) == 0;

  *width = ok ? (int) ((unsigned) h[16] << 24 | (unsigned) h[17] << 16 | (unsigned) h[18] << 8 | h[19]) : 0;
  *height = ok ? (int) ((unsigned) h[20] << 24 | (unsigned) h[21] << 16 | (unsigned) h[22] << 8 | h[23]) : 0;
  if (f != NULL)
    fclose (f);
}

/* One line a kind of file: "wrote 30 frames to frames/walk-0000.png …
 * walk-0029.png (512×512, 30 fps, 1 s, loops)". */
static void
print_human (const OssaExportResult *result, bool trim)
{
  const OssaFrameRange *r = &result->range;
  guint n_files = result->files != NULL ? result->files->len : 0;
  const char *first = n_files > 0 ? g_ptr_array_index (result->files, 0) : "?";
  bool video = result->format == OSSA_EXPORT_WEBM || result->format == OSSA_EXPORT_MP4;
  char fps[G_ASCII_DTOSTR_BUF_SIZE], secs[G_ASCII_DTOSTR_BUF_SIZE], timing[96], what[160];
  char *shown = cli_display_name (first);
  const char *plural = r->n_frames == 1 ? "" : "s";

  cli_format_float (fps, sizeof fps, r->fps);
  cli_format_float (secs, sizeof secs, r->duration);
  if (r->n_frames == 1)
    timing[0] = '\0';
  else
    snprintf (timing, sizeof timing, ", %s fps, %s s%s", fps, secs,
              r->loop && !video ? ", loops" : "");
  snprintf (what, sizeof what, "%d×%d%s", result->width, result->height, timing);
  switch (result->format)
    {
    case OSSA_EXPORT_FRAMES:
      if (n_files > 1)
        {
          char *last = g_path_get_basename (g_ptr_array_index (result->files, n_files - 1));
          char *last_shown = cli_display_name (last);

          printf ("wrote %u frames to %s … %s (%s)\n", n_files, shown, last_shown, what);
          g_free (last_shown);
          g_free (last);
        }
      else
        printf ("wrote 1 frame to %s (%s)\n", shown, what);
      break;
    case OSSA_EXPORT_SHEET:
      {
        int sw, sh;

        png_size (first, &sw, &sh);
        printf ("wrote a %d×%d sprite sheet of %zu frame%s to %s (%d×%d each%s%s)\n", sw, sh,
                r->n_frames, plural, shown, result->width, result->height,
                trim ? ", trimmed" : "", timing);
        for (guint i = 1; i < n_files; i++)
          {
            char *other = cli_display_name (g_ptr_array_index (result->files, i));

            printf ("wrote its frame rectangles to %s (TexturePacker JSON hash)\n", other);
            g_free (other);
          }
      }
      break;
    default:
      printf ("wrote %s of %zu frame%s to %s (%s)\n",
              result->format == OSSA_EXPORT_GIF ? "an animated GIF"
              : result->format == OSSA_EXPORT_WEBM ? "a WebM video" : "an MP4 video",
              r->n_frames, plural, shown, what);
      break;
    }
  g_free (shown);
}

/* message minus name at its start ("NAME: …" or "NAME …"), or NULL when it
 * does not start with name. */
static const char *
after_name (const char *message, const char *name)
{
  size_t n = strlen (name);

  if (n == 0 || strncmp (message, name, n) != 0)
    return NULL;
  if (message[n] == ':' && message[n + 1] == ' ')
    return message + n + 2;
  if (message[n] == ' ')
    return message + n + 1;
  return NULL;
}

/* A job's error as "ossa-cli: FILE: message": the file its message starts with
 * (the output, its folder or the document), else the output's (the document's
 * for an animation not found). */
static void
print_job_error (const GError *error, const char *doc_path, const OssaExportSettings *s)
{
  char *out_dir = g_path_get_dirname (s->output);
  const char *names[] = { s->output, out_dir, doc_path };
  bool done = false;

  for (size_t i = 0; i < G_N_ELEMENTS (names) && !done; i++)
    {
      const char *rest = after_name (error->message, names[i]);

      if (rest != NULL)
        {
          cli_error (names[i], "%s", rest);
          done = true;
        }
    }
  if (!done)
    cli_error (error->domain == OSSA_EXPORT_ERROR && error->code == OSSA_EXPORT_ERROR_NOT_FOUND
               ? cli_input_label (doc_path) : s->output, "%s", error->message);
  g_free (out_dir);
}

int
cli_render (int argc, char **argv)
{
  gboolean json = FALSE, sheet = FALSE, trim = FALSE, fit = FALSE, bones = FALSE;
  char *out = NULL, *anim_name = NULL, *size = NULL, *scale = NULL, *margin = NULL;
  char *fps = NULL, *from = NULL, *to = NULL, *background = NULL;
  GOptionEntry entries[] = {
    { "anim", 0, 0, G_OPTION_ARG_STRING, &anim_name,
      "The animation to draw (none: the rest pose, one frame)", "NAME" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &out,
      "What to write: frames/NAME-%04d.png, NAME.png with --sheet, NAME.gif, NAME.webm, "
      "NAME.mp4", "OUT" },
    { "sheet", 0, 0, G_OPTION_ARG_NONE, &sheet,
      "OUT.png is one sprite sheet, with OUT.json beside it", NULL },
    { "trim", 0, 0, G_OPTION_ARG_NONE, &trim,
      "With --sheet: cut each frame's transparent border (offsets in the JSON)", NULL },
    { "size", 0, 0, G_OPTION_ARG_STRING, &size, "Each frame's size (default 512x512)", "WxH" },
    { "scale", 0, 0, G_OPTION_ARG_STRING, &scale,
      "Pixels a world unit, instead of fitting (no --size: the size follows)", "S" },
    { "fit", 0, 0, G_OPTION_ARG_NONE, &fit,
      "Fit every frame's content into the size (the default without --scale)", NULL },
    { "margin", 0, 0, G_OPTION_ARG_STRING, &margin, "Pixels around the content (default 16)",
      "PX" },
    { "fps", 0, 0, G_OPTION_ARG_STRING, &fps, "Frames a second (default: the animation's)", "F" },
    { "from", 0, 0, G_OPTION_ARG_STRING, &from, "The first frame: a frame, or seconds as 0.5s",
      "X" },
    { "to", 0, 0, G_OPTION_ARG_STRING, &to, "The last frame: a frame, or seconds as 0.5s", "X" },
    { "background", 0, 0, G_OPTION_ARG_STRING, &background,
      "#rgb, #rrggbb, #rrggbbaa, white, black or transparent (the default)", "COLOR" },
    { "bones", 0, 0, G_OPTION_ARG_NONE, &bones, "Draw the bones and joints too", NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
    G_OPTION_ENTRY_NULL
  };
  OssaExportSettings settings;
  OssaExportResult result = { 0 };
  Progress progress = { 0 };
  GOptionContext *context;
  OssaDocument *doc = NULL;
  GError *error = NULL;
  char *base_dir = NULL;
  const char *path;
  double v;
  int status = CLI_EXIT_USAGE;

  context = cli_option_context_new ("DOC [--anim NAME] -o OUT",
    "Draw an animation of a document as pictures: PNG frames, a sprite sheet, a GIF or a video.",
    "OUT's name chooses the format:\n"
    "  frames/walk-%04d.png  one PNG a frame, numbered by the frame in the animation\n"
    "                        (one %d or %0Nd in the name, as ffmpeg writes it)\n"
    "  walk.png --sheet      one sprite sheet, and walk.json beside it: the frames'\n"
    "                        rectangles as TexturePacker's JSON hash (Phaser, PixiJS, Godot)\n"
    "  walk.gif              an animated GIF, looping when the animation loops\n"
    "  walk.webm, walk.mp4   a video, when GStreamer's encoders are installed\n"
    "Without --anim the rest pose is drawn, one frame. A looping animation leaves out\n"
    "its last frame (it is the first again): a 1 s walk at 30 fps is 30 frames.\n"
    "\n"
    "Framing: by default every frame of the range is fitted into --size (512x512)\n"
    "with --margin pixels (16) around it, so nothing leaves the picture. --scale S\n"
    "draws S pixels a world unit around the content's centre; without --size the\n"
    "size is the content's at that scale plus the margins. --from and --to are frame\n"
    "numbers (12) or seconds (0.5s), both included.\n"
    "Image paths in the document start at its folder; a missing picture is drawn as a\n"
    "placeholder, with a warning.\n"
    "\n"
    "Nothing is written under OUT's name until the render is complete: a failure or\n"
    "Ctrl+C (exit 130; SIGTERM, 143) leaves the folder as it was. OUT is never DOC.\n"
    "On a terminal a progress bar is shown on stderr (not when piped, not with --json).\n"
    "\n"
    "JSON: {\"format\", \"animation\", \"width\", \"height\", \"fps\", \"frames\", \"duration\",\n"
    "\"loop\", \"files\": [every file written], \"missing\": [pictures drawn as placeholders]}\n"
    "\n"
    "Exit status: 0 success, 1 unreadable document, unknown animation, a name of no\n"
    "format or a pattern without %d, a range outside the animation, an output folder\n"
    "missing or read-only, an encoder missing or failing, OUT that is DOC, 2 bad usage\n"
    "(a malformed or out-of-range value, --trim without --sheet, --fit with --scale),\n"
    "130 stopped by Ctrl+C, 143 by SIGTERM.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!cli_parse_options (context, CMD, &argc, &argv)
      || !cli_check_positionals (CMD, argc, argv, 1, 1, "DOC"))
    goto out;
  path = argv[1];
  ossa_export_settings_init (&settings);
  if (out == NULL)
    {
      cli_usage_error (CMD, "missing -o OUT");
      goto out;
    }
  if (cli_is_stdio (out))
    {
      cli_usage_error (CMD, "-o - is not possible: render writes files");
      goto out;
    }
  if (trim && !sheet)
    {
      cli_usage_error (CMD, "--trim cuts the frames of a sprite sheet: it needs --sheet");
      goto out;
    }
  if (fit && scale != NULL)
    {
      cli_usage_error (CMD, "--fit and --scale both set the framing: pick one");
      goto out;
    }
  if (anim_name == NULL && (from != NULL || to != NULL))
    {
      cli_usage_error (CMD, "--from and --to need --anim (the rest pose is one frame)");
      goto out;
    }
  if (size != NULL && !parse_size (size, &settings.width, &settings.height))
    goto out;
  if (scale != NULL)
    {
      if (!parse_positive ("--scale", scale, 1e6, false, &v))
        goto out;
      settings.scale = (float) v;
      if (size == NULL)
        settings.width = settings.height = 0;
    }
  if (margin != NULL)
    {
      if (!parse_positive ("--margin", margin, OSSA_RENDER_MAX_SIZE, true, &v))
        goto out;
      settings.margin = (float) v;
    }
  if (fps != NULL)
    {
      if (!parse_positive ("--fps", fps, 1000, false, &v))
        goto out;
      settings.fps = (float) v;
    }
  if (from != NULL && !ossa_frame_mark_parse (from, &settings.from))
    {
      cli_usage_error (CMD, "--from '%s' is not a frame (12) or seconds (0.5s)", from);
      goto out;
    }
  if (to != NULL && !ossa_frame_mark_parse (to, &settings.to))
    {
      cli_usage_error (CMD, "--to '%s' is not a frame (12) or seconds (0.5s)", to);
      goto out;
    }
  if (background != NULL && !parse_color (background, &settings.background))
    {
      cli_usage_error (CMD, "--background '%s' is not a colour: #rgb, #rrggbb, #rrggbbaa, "
                       "white, black or transparent", background);
      goto out;
    }
  settings.animation = anim_name;
  settings.output = out;
  settings.bones = bones;
  settings.trim = trim;

  status = CLI_EXIT_INPUT;
  if (!ossa_export_format_for_path (out, sheet, &settings.format, &error))
    {
      print_job_error (error, path, &settings);
      goto out;
    }
  doc = cli_load_document (path);
  if (doc == NULL || (anim_name != NULL && cli_find_animation (doc, path, anim_name) == NULL))
    goto out;
  if (!cli_is_stdio (path))
    base_dir = g_path_get_dirname (path);
  settings.base_dir = base_dir;
  if (!ossa_export_plan (doc, &settings, &result, &error))
    {
      print_job_error (error, path, &settings);
      goto out;
    }
  ossa_export_result_clear (&result);
  if (output_is_input (path, &settings))
    goto out;

  progress.line.on = !json && isatty (STDERR_FILENO);
  progress.cancellable = g_cancellable_new ();
  {
    struct sigaction old[G_N_ELEMENTS (stop_signals)];
    gboolean ok;

    catch_stop_signals (old);
    ok = ossa_export_run (doc, &settings, on_progress, &progress, progress.cancellable, &result,
                          &error);
    restore_stop_signals (old);
    cli_progress_end (&progress.line);
    if (!ok)
      {
        if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
          {
            cli_error (NULL, "render stopped; nothing written");
            status = 128 + (interrupted != 0 ? interrupted : SIGINT);   /* as a shell reports it */
          }
        else
          print_job_error (error, path, &settings);
        goto out;
      }
  }
  if (result.missing != NULL)
    cli_error (cli_input_label (path), "warning: %s (drawn as placeholders)", result.missing);
  if (json)
    print_json (anim_name, &result);
  else
    print_human (&result, trim);
  status = CLI_EXIT_OK;

out:
  ossa_export_result_clear (&result);
  g_clear_object (&progress.cancellable);
  g_clear_error (&error);
  ossa_document_free (doc);
  g_free (base_dir);
  g_free (out);
  g_free (anim_name);
  g_free (size);
  g_free (scale);
  g_free (margin);
  g_free (fps);
  g_free (from);
  g_free (to);
  g_free (background);
  g_option_context_free (context);
  return status;
}
