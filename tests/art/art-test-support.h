/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What the art tests and bench-ora build their files with: PNGs of a given size
 * and colour (through GdkTexture) and zip archives (through libzip), so that
 * every .ora read in a test was written by it. Everything returned is the
 * caller's. */

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  const char *name;     /* the path inside the archive */
  GBytes     *bytes;    /* its content (NULL with zeros) */
  gsize       zeros;    /* without bytes: this many zero bytes, never held in memory */
  gboolean    store;    /* stored, not deflated (an .ora's mimetype) */
} ArtTestEntry;

GBytes *art_test_png        (guint               width,
                             guint               height,
                             guint32             argb);
GBytes *art_test_png_noise  (guint               width,
                             guint               height,
                             guint32             seed);
void    art_test_write_zip  (const char         *path,
                             const ArtTestEntry *entries,
                             guint               n_entries);
void    art_test_patch_size (const char         *path,
                             const char         *entry,
                             guint32             size);
char   *art_test_stack_xml  (guint               width,
                             guint               height,
                             const char         *body);

G_END_DECLS
