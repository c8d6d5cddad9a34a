/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <epoxy/gl.h>
#include <glib.h>

#include "ossa-gl-layer.h"
#include "ossa-segment.h"

G_BEGIN_DECLS

/* The canvas's line overlays in GL: a list of OssaSegment (the onion skin's ghost
 * bones, the motion path and its dots), each one instance of a rounded quad, all
 * in one draw from one dynamic buffer. The layer owns its GL objects only; the
 * segments are the caller's. Kept apart from the canvas, which realizes, draws and
 * unrealizes it. */
typedef struct
{
  OssaGlLayer gl;
} OssaSegmentLayer;

/* Needs the canvas's GL context current. FALSE with @error set on failure. */
gboolean ossa_segment_layer_realize   (OssaSegmentLayer  *layer,
                                       gboolean           use_es,
                                       GError           **error);
/* Deletes the GL objects (context current); safe on a layer never realized. */
void     ossa_segment_layer_unrealize (OssaSegmentLayer  *layer);

/* Draws @n segments blended over what is there, with the camera given as the
 * canvas's shaders take it (device pixels). Leaves blending off and no buffer
 * bound. Returns the number of draw calls (0 when there is nothing to draw or the
 * layer is not realized, else 1). */
guint    ossa_segment_layer_draw      (OssaSegmentLayer  *layer,
                                       const OssaSegment *segments,
                                       gsize              n,
                                       float              viewport_width,
                                       float              viewport_height,
                                       float              center_x,
                                       float              center_y,
                                       float              zoom,
                                       float              scale);

G_END_DECLS
