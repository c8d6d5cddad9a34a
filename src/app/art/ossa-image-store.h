/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The pictures of one editor's document, decoded: one OssaPicture per image of
 * the document, in its order, read from the image's file (an absolute path while
 * the editor holds the document) or its embedded bytes on a worker thread, and
 * read again when the file changes on disk. A picture that cannot be had is a
 * placeholder of the size the document records, with a message; the document is
 * never changed by any of it. The editor owns the store
 * (ossa_editor_get_images()); what a getter returns is the store's, valid until
 * the next "pictures-changed" or document change. */

#include <gio/gio.h>

#include "ossa-editor.h"

G_BEGIN_DECLS

#define OSSA_TYPE_IMAGE_STORE (ossa_image_store_get_type ())
G_DECLARE_FINAL_TYPE (OssaImageStore, ossa_image_store, OSSA, IMAGE_STORE, GObject)

typedef enum
{
  OSSA_PICTURE_LOADING,  /* being read; drawn as a placeholder for now */
  OSSA_PICTURE_READY,    /* pixels below */
  OSSA_PICTURE_MISSING,  /* no such file (or none embedded) */
  OSSA_PICTURE_BROKEN,   /* a file that is not a PNG, does not decode or is too big */
} OssaPictureState;

typedef struct
{
  OssaPictureState state;
  guint            width, height;  /* READY: the pixels'; else the size the document records */
  const guint8    *pixels;         /* READY: premultiplied RGBA8, top row first,
                                    * width × 4 bytes a row; else NULL */
  guint64          serial;         /* changes whenever state or pixels change: a
                                    * texture made from an older serial is stale */
  const char      *message;        /* MISSING, BROKEN: why, translated, naming the
                                    * file; else NULL */
  const char      *reason;         /* MISSING, BROKEN: the why of message alone,
                                    * short ("no such file", "not a PNG image"),
                                    * for a list of names; else NULL */
} OssaPicture;

/* A store following editor's document (the editor makes its own: use
 * ossa_editor_get_images()). editor is not referenced; it outlives the store. */
OssaImageStore *ossa_image_store_new            (OssaEditor      *editor);

guint           ossa_image_store_get_n_pictures (OssaImageStore  *self);
/* FALSE when image is out of range. */
gboolean        ossa_image_store_get_picture    (OssaImageStore  *self,
                                                 guint            image,
                                                 OssaPicture     *picture);
/* Whether the picture is opaque (alpha at least a quarter) at u, v in [0, 1]
 * (v = 0 the top row): what a click on the canvas picks. A picture without
 * pixels (loading, missing, broken) is solid everywhere in its box. */
gboolean        ossa_image_store_hit            (OssaImageStore  *self,
                                                 guint            image,
                                                 double           u,
                                                 double           v);
/* Premultiplied means each colour byte is round (c × a / 255) of the file's
 * straight colour c and alpha a, in the file's sRGB. */

/* Whether any picture is still LOADING. */
gboolean        ossa_image_store_is_loading     (OssaImageStore  *self);
/* Runs the main context until no picture is LOADING and no read of a changed
 * file is still under way (tests, export, benches). */
void            ossa_image_store_wait           (OssaImageStore  *self);

/* Signal "pictures-changed" (no arguments): a picture came, changed or went
 * (decoded, its file changed on disk, the document's images changed). Emitted on
 * the main thread. */

G_END_DECLS
