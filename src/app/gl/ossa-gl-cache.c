/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ossa-gl-cache.h"

gboolean
ossa_gl_cache_ensure (OssaGlCache *cache, int width, int height)
{
  GLint previous = 0;
  gboolean complete;

  if (cache->fbo != 0 && cache->width == width && cache->height == height)
    return TRUE;
  ossa_gl_cache_clear (cache);
  glGetIntegerv (GL_DRAW_FRAMEBUFFER_BINDING, &previous);
  glGenTextures (1, &cache->texture);
  glBindTexture (GL_TEXTURE_2D, cache->texture);
  glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindTexture (GL_TEXTURE_2D, 0);
  glGenFramebuffers (1, &cache->fbo);
  glBindFramebuffer (GL_FRAMEBUFFER, cache->fbo);
  glFramebufferTexture2D (GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, cache->texture, 0);
  complete = glCheckFramebufferStatus (GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  glBindFramebuffer (GL_FRAMEBUFFER, (GLuint) previous);
  if (!complete)
    {
      ossa_gl_cache_clear (cache);
      return FALSE;
    }
  cache->width = width;
  cache->height = height;
  return TRUE;
}

void
ossa_gl_cache_copy_to (const OssaGlCache *cache, GLuint target)
{
  glBindFramebuffer (GL_READ_FRAMEBUFFER, cache->fbo);
  glBindFramebuffer (GL_DRAW_FRAMEBUFFER, target);
  glBlitFramebuffer (0, 0, cache->width, cache->height, 0, 0, cache->width, cache->height,
                     GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer (GL_FRAMEBUFFER, target);
}

void
ossa_gl_cache_clear (OssaGlCache *cache)
{
  if (cache->fbo != 0)
    glDeleteFramebuffers (1, &cache->fbo);
  if (cache->texture != 0)
    glDeleteTextures (1, &cache->texture);
  cache->fbo = 0;
  cache->texture = 0;
  cache->width = cache->height = 0;
}
