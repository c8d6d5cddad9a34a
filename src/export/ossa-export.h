/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An animation written out as pictures: PNG frames, a sprite sheet with its
 * TexturePacker JSON, an animated GIF, or a video (WebM, MP4) through GStreamer.
 * The one job `ossa-cli render` and the editor's Export Animation both run. The
 * caller owns the settings (strings included) and the result
 * (ossa_export_result_clear()); the document is only read and must not change
 * while the job runs, which may be on any one thread. Nothing is written under
 * an output's final name until it is complete: a failure or a cancel leaves the
 * folder as it was. */
#pragma once

#include <gio/gio.h>
#include <stdbool.h>
#include <stdint.h>

#include "ossa-document.h"
#include "ossa-render-frames.h"
#include "ossa-render.h"

G_BEGIN_DECLS

#define OSSA_EXPORT_ERROR (ossa_export_error_quark ())
GQuark ossa_export_error_quark (void);

typedef enum
{
  OSSA_EXPORT_ERROR_INVALID,     /* settings that cannot be: size 0, no %d, unknown extension … */
  OSSA_EXPORT_ERROR_NOT_FOUND,   /* no animation of that name */
  OSSA_EXPORT_ERROR_IO,          /* a folder that does not exist, is read-only, a full disk … */
  OSSA_EXPORT_ERROR_NO_ENCODER,  /* a GStreamer element missing: the message names it and its package */
  OSSA_EXPORT_ERROR_ENCODER,     /* an encoder failed halfway */
} OssaExportErrorCode;
/* A cancel is G_IO_ERROR / G_IO_ERROR_CANCELLED. */

typedef enum
{
  OSSA_EXPORT_FRAMES,  /* "frames/walk-%04d.png": one PNG a frame */
  OSSA_EXPORT_SHEET,   /* "walk.png" with --sheet: one sheet + "walk.json" beside it */
  OSSA_EXPORT_GIF,     /* "walk.gif" */
  OSSA_EXPORT_WEBM,    /* "walk.webm": VP8 in WebM */
  OSSA_EXPORT_MP4,     /* "walk.mp4": H.264 in MP4 */
} OssaExportFormat;

typedef struct
{
  const char      *animation;   /* its name; NULL = the rest pose, one frame */
  const char      *output;      /* the path; for FRAMES a pattern with one %d or %0Nd */
  OssaExportFormat format;      /* ossa_export_format_for_path() */
  /* Framing. size 0×0: from scale and the animation's bounds. scale 0: fit. */
  int              width, height;
  float            scale;       /* pixels per world unit; 0 = fit the bounds into the size */
  float            margin;      /* pixels around the fitted bounds */
  float            fps;         /* 0 = the animation's own */
  OssaFrameMark    from, to;    /* unset = the whole animation */
  uint32_t         background;  /* RGBA, straight alpha; 0 = transparent */
  bool             bones;       /* draw the bones too */
  bool             trim;        /* SHEET: cut each frame's transparent border */
  const char      *base_dir;    /* where the document's relative image paths start */
} OssaExportSettings;

/* The defaults: fit into 512×512 with a 16-pixel margin, the animation's fps,
 * the whole range, transparent, no bones, no trim. */
void ossa_export_settings_init (OssaExportSettings *settings);

/* The format an output path asks for (by extension; sheet = --sheet): ".png"
 * with a %d pattern is FRAMES, ".png" with sheet is SHEET, ".gif", ".webm",
 * ".mp4". False with error (INVALID) naming the path otherwise, e.g. a ".png"
 * without %d and without sheet. */
gboolean ossa_export_format_for_path (const char *path, gboolean sheet,
                                      OssaExportFormat *format, GError **error);

/* Whether format can be written on this machine: FALSE with error (NO_ENCODER,
 * naming the missing GStreamer element and its package) for a video format whose
 * encoder is not installed. Frames, sheets and GIFs always can. */
gboolean ossa_export_format_available (OssaExportFormat format, GError **error);

/* What a finished (or planned) export is. */
typedef struct
{
  OssaExportFormat format;
  int              width, height;   /* of each frame */
  OssaFrameRange   range;           /* the frames drawn */
  GPtrArray       *files;           /* char*: every file written, in order (NULL before run) */
  char            *missing;         /* "N pictures are missing: …", or NULL */
  GPtrArray       *missing_pictures; /* char*: each as "NAME: PATH: reason"; NULL when none */
  OssaRenderView   view;            /* how each frame is framed (for a preview) */
} OssaExportResult;

void ossa_export_result_clear (OssaExportResult *result);

/* Checks the settings against doc before anything is written (the animation, the
 * size ≤ OSSA_RENDER_MAX_SIZE, the pattern, the output folder exists and is
 * writable, the encoder is installed) and fills plan's format, size and range.
 * files stays NULL. */
gboolean ossa_export_plan (const OssaDocument *doc, const OssaExportSettings *settings,
                           OssaExportResult *plan, GError **error);

/* Called after each frame is drawn and encoded, on the job's thread. */
typedef void (*OssaExportProgress) (size_t done, size_t total, gpointer user_data);

/* Plans, then draws and writes every frame. TRUE with result filled; FALSE with
 * error, nothing left under a final name (also on cancel). progress may be NULL. */
gboolean ossa_export_run (const OssaDocument *doc, const OssaExportSettings *settings,
                          OssaExportProgress progress, gpointer user_data,
                          GCancellable *cancellable, OssaExportResult *result,
                          GError **error);

/* One picture (premultiplied native ARGB32, as the renderer draws) to a PNG at
 * path, through a temporary file in the same folder and a rename. */
gboolean ossa_export_write_png (const char *path, const uint8_t *argb, int width, int height,
                                int stride, GError **error);

G_END_DECLS
