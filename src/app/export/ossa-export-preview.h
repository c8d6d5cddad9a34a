/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Export Animation dialog's framing and preview: where a picture of the
 * export's size looks (the rule of ossa-export.h: fit the range's bounds, or a
 * scale centred on them) and its first frame drawn small into a texture. The
 * caller owns the renderer and the document it draws, and the texture returned. */
#pragma once

#include <gtk/gtk.h>

#include "ossa-export.h"

G_BEGIN_DECLS

/* The view a frame of settings' size shows: size, scale and centre, for the
 * frames of range of anim (NULL: the rest pose). */
void        ossa_export_preview_view (OssaRenderer              *renderer,
                                      const OssaAnimation       *anim,
                                      const OssaFrameRange      *range,
                                      const OssaExportSettings  *settings,
                                      OssaRenderView            *view);

/* The first frame of range as view shows it, scaled down so that its longer side
 * is at most max_side pixels (never up), as a texture; NULL with error when the
 * renderer refuses. */
GdkTexture *ossa_export_preview_draw (OssaRenderer              *renderer,
                                      const OssaAnimation       *anim,
                                      const OssaFrameRange      *range,
                                      const OssaRenderView      *view,
                                      int                        max_side,
                                      GError                   **error);

G_END_DECLS
