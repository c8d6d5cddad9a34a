/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-segment-layer"

#include "config.h"

#include "ossa-segment-layer.h"

gboolean
ossa_segment_layer_realize (OssaSegmentLayer *layer, gboolean use_es, GError **error)
{
  if (!ossa_gl_layer_realize (&layer->gl, "shaders/overlay.vert", "shaders/overlay.frag",
                              use_es, error))
    return FALSE;
  /* One instance a segment: both ends, the colour and the width. */
  glEnableVertexAttribArray (0);
  glVertexAttribPointer (0, 2, GL_FLOAT, GL_FALSE, sizeof (OssaSegment),
                         (void *) G_STRUCT_OFFSET (OssaSegment, p0));
  glVertexAttribDivisor (0, 1);
  glEnableVertexAttribArray (1);
  glVertexAttribPointer (1, 2, GL_FLOAT, GL_FALSE, sizeof (OssaSegment),
                         (void *) G_STRUCT_OFFSET (OssaSegment, p1));
  glVertexAttribDivisor (1, 1);
  glEnableVertexAttribArray (2);
  glVertexAttribPointer (2, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof (OssaSegment),
                         (void *) G_STRUCT_OFFSET (OssaSegment, color));
  glVertexAttribDivisor (2, 1);
  glEnableVertexAttribArray (3);
  glVertexAttribPointer (3, 1, GL_FLOAT, GL_FALSE, sizeof (OssaSegment),
                         (void *) G_STRUCT_OFFSET (OssaSegment, width));
  glVertexAttribDivisor (3, 1);
  glBindVertexArray (0);
  glBindBuffer (GL_ARRAY_BUFFER, 0);
  return TRUE;
}

void
ossa_segment_layer_unrealize (OssaSegmentLayer *layer)
{
  ossa_gl_layer_unrealize (&layer->gl);
}

guint
ossa_segment_layer_draw (OssaSegmentLayer *layer, const OssaSegment *segments, gsize n,
                         float viewport_width, float viewport_height, float center_x,
                         float center_y, float zoom, float scale)
{
  if (n == 0 || layer->gl.program == 0)
    return 0;
  ossa_gl_layer_use (&layer->gl, viewport_width, viewport_height, center_x, center_y, zoom,
                     scale);
  glBufferData (GL_ARRAY_BUFFER, (GLsizeiptr) (n * sizeof (OssaSegment)), segments,
                GL_STREAM_DRAW);
  glEnable (GL_BLEND);
  glBlendFunc (GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDrawArraysInstanced (GL_TRIANGLE_STRIP, 0, 4, (GLsizei) n);
  glDisable (GL_BLEND);
  glBindBuffer (GL_ARRAY_BUFFER, 0);
  return 1;
}
