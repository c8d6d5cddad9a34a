/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What a person sees of bringing art in: the choosers of File → Import Images…
 * (several PNGs) and File → Import OpenRaster…, and the messages after an import
 * from them or from files dropped on the canvas (what could not be imported,
 * naming the files; the layers drawn as normal). The import itself is
 * ossa-art-import.h's. The choosers own themselves until answered; the caller
 * passes in the window, its editor and a cancellable that dismisses them. */

#include <gtk/gtk.h>

#include "ossa-editor.h"

G_BEGIN_DECLS

/* Where chosen or dropped PNGs go: centred on world (x, y), on bone (-1: each
 * on the bone nearest its centre). */
typedef struct
{
  double x, y;
  int    bone;
} OssaArtTarget;

void     ossa_art_import_images_choose (GtkWindow          *parent,
                                        OssaEditor         *editor,
                                        const OssaArtTarget *target,
                                        GCancellable       *cancellable);
void     ossa_art_import_ora_choose    (GtkWindow          *parent,
                                        OssaEditor         *editor,
                                        GCancellable       *cancellable);

/* files brought in: the PNGs as one import at target, each .ora as its layers
 * say; anything else is named in a message and nothing of it is imported. A
 * failure shows a message naming the files and changes nothing. Whether
 * anything was imported. */
gboolean ossa_art_import_files         (GtkWindow          *parent,
                                        OssaEditor         *editor,
                                        GFile *const       *files,
                                        guint               n_files,
                                        const OssaArtTarget *target);

G_END_DECLS
