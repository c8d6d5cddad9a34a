/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Art brought into the editor's document, shared by File → Import Images…,
 * File → Import OpenRaster… and files dropped on the canvas: PNG files read and
 * checked into pictures laid side by side around a point, and an .ora's layers
 * into pictures where the file places them, each import one undo step through
 * ossa_editor_import_pictures_rooted() (a document without bones gets a root
 * bone "root" at the origin in the same step). All or nothing: one bad file and
 * nothing changes, with an error naming every bad file. Main thread; the results
 * (notices, errors) are the caller's. No dialogs: ossa-art-import-dialog.h
 * shows them. */

#include <gio/gio.h>

#include "ossa-editor.h"
#include "ossa-ora.h"

G_BEGIN_DECLS

/* The gap between pictures imported side by side, in world units. */
#define OSSA_ART_IMPORT_GAP 16.0

/* Whether the file's name says a PNG (.png) or an OpenRaster file (.ora). */
gboolean ossa_art_import_is_png     (GFile              *file);
gboolean ossa_art_import_is_ora     (GFile              *file);

/* The PNG files, each decoded once to check it, as pictures in a row centred on
 * world (x, y), left to right in the files' order, on bone (-1: each on the bone
 * nearest its centre). Returns the first new slot or -1 with error listing each
 * file that could not be read, one a line. */
int      ossa_art_import_pngs       (OssaEditor         *editor,
                                     GFile *const       *files,
                                     guint               n_files,
                                     double              x,
                                     double              y,
                                     int                 bone,
                                     GError            **error);

/* The layers of ora (read from a file called name) as pictures, one undo step
 * named "Import OpenRaster": the ORA's canvas centred on the world origin, y up,
 * one pixel a world unit; back to front as ora lists them; each on the bone
 * nearest its centre; its bytes embedded (a layer is no file of its own); its
 * opacity the slot's alpha; a hidden layer's slot showing no attachment.
 * notices (nullable, out): the layers whose blending is drawn as normal, as one
 * message, or NULL. An .ora without layers is an error. */
int      ossa_art_import_ora_layers (OssaEditor         *editor,
                                     const OssaOra      *ora,
                                     const char         *name,
                                     char              **notice,
                                     GError            **error);
/* The same from the file (read with ossa_ora_read_file(), pixels not decoded). */
int      ossa_art_import_ora        (OssaEditor         *editor,
                                     GFile              *file,
                                     char              **notice,
                                     GError            **error);

G_END_DECLS
