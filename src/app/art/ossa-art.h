/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What the art readers (ossa-png-reader.h, ossa-ora.h) share: their GError domain
 * and codes, the limits they enforce, each a named constant, and the flags of a
 * read. Limits are plain values the caller owns; NULL means the defaults. */

#include <glib.h>

G_BEGIN_DECLS

/* The longest side of a picture, layer or OpenRaster image, in pixels. */
#define OSSA_ART_MAX_SIDE         16384u
/* The most bytes one PNG file may hold once out of its archive (a layer that
 * inflates past it is a zip bomb) or on disk (a single image). */
#define OSSA_ART_MAX_PNG_BYTES    (G_GUINT64_CONSTANT (256) << 20)
/* The most bytes all of one .ora's layers may inflate to together. */
#define OSSA_ORA_MAX_TOTAL_BYTES  (G_GUINT64_CONSTANT (1) << 30)
/* The most layers one .ora may have. */
#define OSSA_ORA_MAX_LAYERS       1000u
/* How deep an .ora's groups (<stack> in <stack>) may nest. */
#define OSSA_ORA_MAX_DEPTH        64u
/* The most bytes stack.xml may inflate to. */
#define OSSA_ORA_MAX_STACK_BYTES  (G_GUINT64_CONSTANT (16) << 20)

#define OSSA_ART_ERROR (ossa_art_error_quark ())

GQuark ossa_art_error_quark (void);

typedef enum
{
  OSSA_ART_ERROR_IO,          /* the file could not be read */
  OSSA_ART_ERROR_NOT_FOUND,   /* a layer file that stack.xml names is not there */
  OSSA_ART_ERROR_NOT_ZIP,     /* an .ora that is not a zip archive */
  OSSA_ART_ERROR_NOT_ORA,     /* a zip without image/openraster or stack.xml */
  OSSA_ART_ERROR_DAMAGED,     /* a zip entry that does not inflate as it says */
  OSSA_ART_ERROR_XML,         /* a stack.xml that is not XML or not OpenRaster's */
  OSSA_ART_ERROR_LIMIT,       /* over one of the limits above */
  OSSA_ART_ERROR_DECODE,      /* a PNG that is not one or does not decode */
} OssaArtError;

typedef struct
{
  guint   max_side;
  guint64 max_png_bytes;
  guint64 max_total_bytes;
  guint   max_layers;
  guint   max_depth;
  guint64 max_stack_bytes;
} OssaArtLimits;

typedef enum
{
  OSSA_ART_READ_DEFAULT = 0,
  /* Decode every PNG in full (a GdkTexture each, kept in the result) and check
   * that it has the size its header says, instead of reading the header only. */
  OSSA_ART_READ_DECODE  = 1 << 0,
} OssaArtReadFlags;

const OssaArtLimits *ossa_art_limits_default (void);

G_END_DECLS
