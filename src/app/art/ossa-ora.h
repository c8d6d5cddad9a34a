/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* An OpenRaster (.ora) file read for the editor: the layers of layered art (what
 * Krita, GIMP and MyPaint write) flattened out of their groups into one list in
 * draw order, back to front, each with its PNG and where it sits. The reader
 * (ossa-ora.c) takes the zip apart with libzip; stack.xml is parsed on its own
 * (ossa-ora-stack.c, also the entry point for a fuzzer). A read gives every
 * layer or an error and nothing: one bad layer fails the whole file, so that a
 * caller never brings in half a character. An .ora without layers reads as an
 * empty list; whether that deserves a message, what to do with two layers of
 * one name and with blending other than "svg:src-over" is the caller's to say.
 * An OssaOra is the caller's, with everything in it; errors are OSSA_ART_ERROR
 * "FILE.ora: message" naming the layer, in the person's language. Safe on any
 * thread. */

#include <gio/gio.h>
#include <gdk/gdk.h>

#include "ossa-art.h"

G_BEGIN_DECLS

typedef struct
{
  char       *name;          /* as stack.xml names it; its file's stem when it gives none */
  char       *group;         /* the groups it is in, outermost first, joined by '/'; "" at the top */
  char       *src;           /* its PNG's path inside the .ora */
  int         x;             /* its top-left corner in image pixels, x to the right, */
  int         y;             /* y down, with its groups' offsets added */
  guint       width;         /* pixels, from its PNG's header (0 from ossa_ora_parse_stack()) */
  guint       height;
  gboolean    visible;       /* FALSE when it or a group it is in is hidden */
  double      opacity;       /* its opacity times its groups', in [0, 1] */
  char       *composite_op;  /* its blending as stack.xml writes it, "svg:src-over" by default */
  GBytes     *png;           /* its PNG file's bytes (NULL from ossa_ora_parse_stack()) */
  GdkTexture *texture;       /* decoded, with OSSA_ART_READ_DECODE; else NULL */
} OssaOraLayer;

typedef struct
{
  guint      width;          /* the whole image, <image w= h=> */
  guint      height;
  GPtrArray *layers;         /* of OssaOraLayer, in draw order, back to front */
} OssaOra;

void     ossa_ora_free        (OssaOra              *ora);

OssaOra *ossa_ora_parse_stack (const char           *xml,
                               gsize                 size,
                               const OssaArtLimits  *limits,
                               GError              **error);

OssaOra *ossa_ora_read_bytes  (GBytes               *bytes,
                               const char           *name,
                               OssaArtReadFlags      flags,
                               const OssaArtLimits  *limits,
                               GCancellable         *cancellable,
                               GError              **error);
OssaOra *ossa_ora_read_file   (GFile                *file,
                               OssaArtReadFlags      flags,
                               const OssaArtLimits  *limits,
                               GCancellable         *cancellable,
                               GError              **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OssaOra, ossa_ora_free)

G_END_DECLS
