/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-art"

#include "config.h"

/* STUB, replaced by the real store: every picture is LOADING at the size the
 * document records, so the contract in ossa-image-store.h links and draws
 * placeholders until decoding lands. */

#include "ossa-image-store.h"

struct _OssaImageStore
{
  GObject     parent_instance;
  OssaEditor *editor;
};

G_DEFINE_FINAL_TYPE (OssaImageStore, ossa_image_store, G_TYPE_OBJECT)

enum { PICTURES_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
ossa_image_store_class_init (OssaImageStoreClass *klass)
{
  signals[PICTURES_CHANGED] = g_signal_new ("pictures-changed", G_TYPE_FROM_CLASS (klass),
                                            G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                            G_TYPE_NONE, 0);
}

static void
ossa_image_store_init (OssaImageStore *self)
{
  (void) self;
}

OssaImageStore *
ossa_image_store_new (OssaEditor *editor)
{
  OssaImageStore *self = g_object_new (OSSA_TYPE_IMAGE_STORE, NULL);

  self->editor = editor;
  return self;
}

guint
ossa_image_store_get_n_pictures (OssaImageStore *self)
{
  g_return_val_if_fail (OSSA_IS_IMAGE_STORE (self), 0);
  return (guint) ossa_editor_get_document (self->editor)->n_images;
}

gboolean
ossa_image_store_get_picture (OssaImageStore *self, guint image, OssaPicture *picture)
{
  const OssaDocument *doc;

  g_return_val_if_fail (OSSA_IS_IMAGE_STORE (self), FALSE);
  doc = ossa_editor_get_document (self->editor);
  if (image >= doc->n_images)
    return FALSE;
  *picture = (OssaPicture) {
    .state = OSSA_PICTURE_LOADING,
    .width = doc->images[image].width,
    .height = doc->images[image].height,
  };
  return TRUE;
}

gboolean
ossa_image_store_hit (OssaImageStore *self, guint image, double u, double v)
{
  g_return_val_if_fail (OSSA_IS_IMAGE_STORE (self), FALSE);
  (void) image;
  return u >= 0 && u <= 1 && v >= 0 && v <= 1;
}

gboolean
ossa_image_store_is_loading (OssaImageStore *self)
{
  g_return_val_if_fail (OSSA_IS_IMAGE_STORE (self), FALSE);
  return FALSE;
}

void
ossa_image_store_wait (OssaImageStore *self)
{
  g_return_if_fail (OSSA_IS_IMAGE_STORE (self));
}
