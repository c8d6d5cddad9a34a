/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <epoxy/gl.h>
#include <glib.h>

#include "ossa-art-pose.h"
#include "ossa-document.h"
#include "ossa-gl-layer.h"
#include "ossa-image-store.h"

G_BEGIN_DECLS

/* The document's attachments on the canvas, between the meshes and the bones:
 * every visible attachment a textured quad (ossa_slot_pose_fill_quads), all of
 * them in one draw from one dynamic vertex buffer. The pictures live in atlas
 * pages (one GL_TEXTURE_2D_ARRAY), shelf-packed with a gutter of repeated edge
 * pixels and mipmaps made on the CPU per picture, so that a picture whose serial
 * changes is uploaded alone; uploads take at most a few milliseconds a frame,
 * the pictures still waiting drawn as placeholders. Premultiplied alpha, linear filtering with mipmaps,
 * the slot's colour as a tint. A picture not READY is a marked placeholder of its
 * size. Owned by the canvas, which realizes, draws and frees it; everything GL
 * needs the canvas's context current. */
typedef struct
{
  OssaGlLayer gl;
  GLint       u_atlas;
  /* art-picture.frag: the pictures alone, for a frame without placeholders (the
   * outline then comes after, with gl's program). */
  GLuint      picture_program;
  GLint       pu_viewport, pu_center, pu_zoom, pu_scale, pu_atlas;
  GLuint      index_buffer;    /* 0 1 2 0 2 3, + 4 a quad */
  gsize       index_quads;     /* quads the index buffer covers */
  GLuint      atlas;           /* GL_TEXTURE_2D_ARRAY, or 0 */
  int         page_size;       /* texels a side */
  int         max_page_size;
  int         n_pages;         /* layers allocated */
  int         max_pages;

  /* The canvas-sized image drawn over the art (the still bones). */
  GLuint      image_program;
  GLint       u_image;
  GLuint      image_vao;

  /* What the atlas holds: per image of the document (AtlasEntry), and the
   * shelves of each page (AtlasShelf). */
  GArray     *entries;
  GArray     *shelves;
  int         used_pages;
  gboolean    pictures_dirty;  /* look at the store's serials again */
  gboolean    repack;          /* lay every picture out afresh */
  guint       n_pending;       /* pictures with a cell, not uploaded yet */
  gint64      upload_started_us;
  gint64      last_draw_us;

  /* CPU side, grown only. */
  OssaQuad   *quads;
  gsize       quads_capacity;
  gpointer    vertices;
  gsize       vertices_capacity;

  /* What the last frame cost. */
  guint       n_drawn;         /* quads drawn, outline included */
  guint       n_marked;        /* of which placeholders */
  gint64      upload_us;       /* GL and CPU time of the last round of uploads (over
                                * one or more frames), microseconds */
  guint       n_uploaded;      /* pictures that round sent */
} OssaArtLayer;

/* FALSE with @error set when a program does not build. */
gboolean ossa_art_layer_realize   (OssaArtLayer      *layer,
                                   gboolean           use_es,
                                   GError           **error);
/* Deletes the GL objects and forgets what the atlas held; safe when never realized. */
void     ossa_art_layer_unrealize (OssaArtLayer      *layer);
/* Frees the CPU side. */
void     ossa_art_layer_clear     (OssaArtLayer      *layer);

/* The store's pictures changed ("pictures-changed"): the next draw uploads the
 * ones whose serial moved. */
void     ossa_art_layer_pictures_changed (OssaArtLayer *layer);

/* Draws every visible attachment of @pose in the bones' pose @world, pictures from
 * @store, then an outline around the attachment @selected_attachment of slot
 * @selected_slot (-1: the one the slot shows; slot -1: none). Camera as the
 * canvas's shaders take it (device pixels). Leaves blending off and nothing bound.
 * Returns the number of draw calls (0 or 1). */
guint    ossa_art_layer_draw      (OssaArtLayer       *layer,
                                   const OssaDocument *doc,
                                   const OssaSlotPose *pose,
                                   const OssaXform    *world,
                                   OssaImageStore     *store,
                                   int                 selected_slot,
                                   int                 selected_attachment,
                                   float               viewport_width,
                                   float               viewport_height,
                                   float               center_x,
                                   float               center_y,
                                   float               zoom,
                                   float               scale);

/* Whether pictures still wait to be uploaded: draw another frame. */
gboolean ossa_art_layer_has_pending (OssaArtLayer *layer);

/* Blends @texture (premultiplied, the size of the viewport) over the framebuffer
 * bound. Returns the number of draw calls (1). */
guint    ossa_art_layer_draw_image (OssaArtLayer     *layer,
                                    GLuint            texture);

/* Grows the box x0..x1, y0..y1 (world) around every visible attachment; *any as
 * for ossa_mesh_layer_grow_bounds(). */
void     ossa_art_layer_grow_bounds (OssaArtLayer       *layer,
                                     const OssaSlotPose *pose,
                                     const OssaXform    *world,
                                     gboolean           *any,
                                     double             *x0,
                                     double             *y0,
                                     double             *x1,
                                     double             *y1);

G_END_DECLS
