/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <epoxy/gl.h>
#include <glib.h>

G_BEGIN_DECLS

/* An offscreen image the size of the canvas: what stays still during a drag is
 * drawn into it once, then copied under the moving part every frame. */
typedef struct
{
  GLuint fbo;
  GLuint texture;
  int    width, height;
} OssaGlCache;

/* Makes the image width × height (keeping it when it already is); needs a current
 * context. FALSE when the driver cannot make it (then draw without a cache). */
gboolean ossa_gl_cache_ensure (OssaGlCache *cache, int width, int height);

/* Copies the image into the framebuffer target (the one the canvas draws to). */
void     ossa_gl_cache_copy_to (const OssaGlCache *cache, GLuint target);

/* Deletes the GL objects; needs the context current. */
void     ossa_gl_cache_clear (OssaGlCache *cache);

G_END_DECLS
