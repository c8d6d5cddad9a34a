/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* One PNG picture read for the editor (File → Import Images, and each layer of an
 * .ora): its size from the IHDR header without a decode, the limits of
 * ossa-art.h, and with OSSA_ART_READ_DECODE a full decode (gdk-pixbuf's PNG
 * loader) to a GdkTexture that must have that size. Safe on any thread. An
 * OssaArtImage is the caller's, with everything in it; errors are OSSA_ART_ERROR
 * "FILE: message" in the person's language. */

#include <gio/gio.h>
#include <gdk/gdk.h>

#include "ossa-art.h"

G_BEGIN_DECLS

typedef struct
{
  char       *name;     /* the file's name, shown to the person (UTF-8) */
  GBytes     *png;      /* the PNG file's bytes, as they were */
  guint       width;    /* pixels, from IHDR */
  guint       height;
  GdkTexture *texture;  /* the decoded picture with OSSA_ART_READ_DECODE, else NULL */
} OssaArtImage;

void          ossa_art_image_free    (OssaArtImage         *image);

gboolean      ossa_png_read_size     (const guint8         *data,
                                      gsize                 size,
                                      guint                *width,
                                      guint                *height,
                                      GError              **error);
gboolean      ossa_png_check         (GBytes               *png,
                                      OssaArtReadFlags      flags,
                                      const OssaArtLimits  *limits,
                                      guint                *width,
                                      guint                *height,
                                      GdkTexture          **texture,
                                      GError              **error);

OssaArtImage *ossa_png_read_bytes    (GBytes               *png,
                                      const char           *name,
                                      OssaArtReadFlags      flags,
                                      const OssaArtLimits  *limits,
                                      GError              **error);
OssaArtImage *ossa_png_read_file     (GFile                *file,
                                      OssaArtReadFlags      flags,
                                      const OssaArtLimits  *limits,
                                      GCancellable         *cancellable,
                                      GError              **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OssaArtImage, ossa_art_image_free)

G_END_DECLS
