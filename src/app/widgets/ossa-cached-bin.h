/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A container of one child whose drawing is kept as one image between the
 * child's changes.
 *
 * GTK 4.8 draws the whole window again every frame, each widget from its render
 * nodes. On a software GL renderer (Mesa's llvmpipe under Xvfb, a virtual machine
 * without a GPU) a panel of buttons, entries and labels costs milliseconds a
 * frame that way, even when it did not change, while the canvas above it is
 * animating. In this bin it costs one textured rectangle: the child is drawn
 * into a texture only when GTK asks this widget for a new snapshot, which it does
 * only when the child (or anything in it) queued a redraw or was reallocated;
 * otherwise GTK reuses the node holding the texture. Input, focus and
 * accessibility go to the child as usual.
 *
 * Property: "child". In a template: <property name="child">…</property>. */
#define OSSA_TYPE_CACHED_BIN (ossa_cached_bin_get_type ())

G_DECLARE_FINAL_TYPE (OssaCachedBin, ossa_cached_bin, OSSA, CACHED_BIN, GtkWidget)

GtkWidget *ossa_cached_bin_new       (void);
void       ossa_cached_bin_set_child (OssaCachedBin *self,
                                      GtkWidget     *child);
GtkWidget *ossa_cached_bin_get_child (OssaCachedBin *self);
/* node (in widget's coordinates) drawn by widget's renderer into a texture that
 * covers rect, grown out to whole device pixels (rect is updated to match);
 * NULL when widget has no renderer yet. Append it with gtk_snapshot_append_texture
 * (snapshot, texture, rect). */
GdkTexture *ossa_widget_render_node (GtkWidget       *widget,
                                     GskRenderNode   *node,
                                     graphene_rect_t *rect);
/* How many times the child has been drawn into a texture (for tests, benches). */
guint      ossa_cached_bin_get_renders (OssaCachedBin *self);

G_END_DECLS
