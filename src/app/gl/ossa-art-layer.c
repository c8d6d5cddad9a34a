/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-art-layer"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ossa-art-layer.h"
#include "ossa-gl-program.h"

/* A page is 2048 texels a side (what every GL ES 3 driver allows), or 4096 when a
 * picture needs it and the driver has it: a 256-pixel picture leaves little of a
 * page unused, and a software renderer keeps pages in plain memory. A picture
 * bigger than a page (less its gutter) goes in scaled down to fit. */
#define PAGE_SIZE 2048
#define PAGE_SIZE_MAX 4096
#define PAGES_MAX 256
/* Each picture sits in a cell with GUTTER texels of its edge pixels repeated
 * around it, its corner on a multiple of 2^MAX_LEVEL texels and its size one too,
 * so that down to mip level MAX_LEVEL a texel never mixes two pictures: the
 * gutter is 8 >> 3 = 1 texel there. Deeper levels would bleed; farther out than
 * 1/8 a picture is a few pixels on screen anyway. */
#define GUTTER 8
#define MAX_LEVEL 3
#define ALIGN (1 << MAX_LEVEL)
/* Uploads a frame stop after this long, or half the time since the last frame
 * when frames come slower (a software renderer busy with a big document), up to
 * a quarter second; at least one picture goes up a frame. A document of many
 * pictures shows at once, its art coming in over the next frames, placeholders
 * until then. */
#define UPLOAD_BUDGET_US 8000
#define UPLOAD_BUDGET_MAX_US 250000

/* Codes of the page attribute below 0 (art.frag). */
#define PAGE_LOADING (-1)
#define PAGE_MISSING (-2)
#define PAGE_OUTLINE (-3)

typedef struct
{
  float   position[2];  /* world */
  float   uv[2];        /* atlas, or 0..1 across the quad */
  guint32 color;        /* R, G, B, A bytes in memory, straight alpha */
  gint32  page;
} ArtVertex;

typedef struct
{
  char            *name;     /* the image's, to follow it when images move */
  guint64          serial;
  OssaPictureState state;
  gboolean         placed;   /* has a cell */
  gboolean         uploaded; /* and its pixels are in it */
  int              page, x, y, cell_w, cell_h;  /* texels */
  int              w, h;     /* the picture in the cell (smaller when it had to shrink) */
} AtlasEntry;

typedef struct
{
  int page, y, height, x;    /* x: where the next cell goes */
} AtlasShelf;

static void
clear_entry (gpointer data)
{
  g_free (((AtlasEntry *) data)->name);
}

gboolean
ossa_art_layer_realize (OssaArtLayer *layer, gboolean use_es, GError **error)
{
  GLsizei stride = sizeof (ArtVertex);
  GLint max_size = 0, max_layers = 0;

  if (!ossa_gl_layer_realize (&layer->gl, "shaders/art.vert", "shaders/art.frag", use_es,
                              error))
    return FALSE;
  layer->u_atlas = glGetUniformLocation (layer->gl.program, "u_atlas");
  glEnableVertexAttribArray (0);
  glVertexAttribPointer (0, 2, GL_FLOAT, GL_FALSE, stride,
                         (void *) G_STRUCT_OFFSET (ArtVertex, position));
  glEnableVertexAttribArray (1);
  glVertexAttribPointer (1, 2, GL_FLOAT, GL_FALSE, stride,
                         (void *) G_STRUCT_OFFSET (ArtVertex, uv));
  glEnableVertexAttribArray (2);
  glVertexAttribPointer (2, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride,
                         (void *) G_STRUCT_OFFSET (ArtVertex, color));
  glEnableVertexAttribArray (3);
  glVertexAttribIPointer (3, 1, GL_INT, stride, (void *) G_STRUCT_OFFSET (ArtVertex, page));
  glGenBuffers (1, &layer->index_buffer);
  glBindBuffer (GL_ELEMENT_ARRAY_BUFFER, layer->index_buffer);
  layer->index_quads = 0;
  glBindVertexArray (0);
  glBindBuffer (GL_ARRAY_BUFFER, 0);

  layer->picture_program = ossa_gl_program_new ("shaders/art.vert", "shaders/art-picture.frag",
                                                use_es, error);
  if (layer->picture_program == 0)
    return FALSE;
  layer->pu_viewport = glGetUniformLocation (layer->picture_program, "u_viewport");
  layer->pu_center = glGetUniformLocation (layer->picture_program, "u_center");
  layer->pu_zoom = glGetUniformLocation (layer->picture_program, "u_zoom");
  layer->pu_scale = glGetUniformLocation (layer->picture_program, "u_scale");
  layer->pu_atlas = glGetUniformLocation (layer->picture_program, "u_atlas");

  layer->image_program = ossa_gl_program_new ("shaders/art-image.vert",
                                              "shaders/art-image.frag", use_es, error);
  if (layer->image_program == 0)
    return FALSE;
  layer->u_image = glGetUniformLocation (layer->image_program, "u_image");
  glGenVertexArrays (1, &layer->image_vao);

  glGetIntegerv (GL_MAX_TEXTURE_SIZE, &max_size);
  glGetIntegerv (GL_MAX_ARRAY_TEXTURE_LAYERS, &max_layers);
  layer->max_page_size = MIN (max_size, PAGE_SIZE_MAX);
  layer->page_size = MIN (max_size, PAGE_SIZE);
  layer->max_pages = MIN (max_layers, PAGES_MAX);
  layer->repack = TRUE;
  return TRUE;
}

static void
forget_atlas (OssaArtLayer *layer)
{
  if (layer->entries != NULL)
    g_array_set_size (layer->entries, 0);
  if (layer->shelves != NULL)
    g_array_set_size (layer->shelves, 0);
  layer->used_pages = 0;
  layer->repack = TRUE;
}

void
ossa_art_layer_unrealize (OssaArtLayer *layer)
{
  ossa_gl_layer_unrealize (&layer->gl);
  if (layer->index_buffer != 0)
    glDeleteBuffers (1, &layer->index_buffer);
  if (layer->atlas != 0)
    glDeleteTextures (1, &layer->atlas);
  if (layer->image_program != 0)
    glDeleteProgram (layer->image_program);
  if (layer->picture_program != 0)
    glDeleteProgram (layer->picture_program);
  layer->picture_program = 0;
  if (layer->image_vao != 0)
    glDeleteVertexArrays (1, &layer->image_vao);
  layer->index_buffer = layer->atlas = layer->image_program = layer->image_vao = 0;
  layer->index_quads = 0;
  layer->n_pages = 0;
  forget_atlas (layer);
}

void
ossa_art_layer_clear (OssaArtLayer *layer)
{
  g_clear_pointer (&layer->entries, g_array_unref);
  g_clear_pointer (&layer->shelves, g_array_unref);
  g_clear_pointer (&layer->quads, g_free);
  g_clear_pointer (&layer->vertices, g_free);
  layer->quads_capacity = layer->vertices_capacity = 0;
}

void
ossa_art_layer_pictures_changed (OssaArtLayer *layer)
{
  layer->pictures_dirty = TRUE;
}

/* ---- the atlas ---- */

static int
round_up (int value)
{
  return (value + ALIGN - 1) / ALIGN * ALIGN;
}

/* Where the picture's w × h goes: the first shelf with room that is not much
 * taller than the cell, else a new shelf on the last page, else a new page. */
static gboolean
alloc_cell (OssaArtLayer *layer, AtlasEntry *e)
{
  int page_size = layer->page_size, bottom = 0;
  AtlasShelf shelf;

  for (guint i = 0; i < layer->shelves->len; i++)
    {
      AtlasShelf *s = &g_array_index (layer->shelves, AtlasShelf, i);

      if (s->height >= e->cell_h && s->height <= 2 * e->cell_h && page_size - s->x >= e->cell_w)
        {
          e->page = s->page;
          e->x = s->x;
          e->y = s->y;
          s->x += e->cell_w;
          return TRUE;
        }
      if (s->page == layer->used_pages - 1)
        bottom = MAX (bottom, s->y + s->height);
    }
  if (layer->used_pages == 0 || page_size - bottom < e->cell_h)
    {
      if (layer->used_pages >= layer->max_pages)
        return FALSE;
      layer->used_pages++;
      bottom = 0;
    }
  shelf = (AtlasShelf) { layer->used_pages - 1, bottom, e->cell_h, e->cell_w };
  g_array_append_val (layer->shelves, shelf);
  e->page = shelf.page;
  e->x = 0;
  e->y = bottom;
  return TRUE;
}

/* Copies every level of the first n_pages pages of one atlas texture into another,
 * on the GPU (GL 3.3 and GL ES 3.0 have no glCopyImageSubData: a blit a layer). */
static void
copy_pages (GLuint from, GLuint to, int n_pages, int page_size)
{
  GLint read = 0, draw = 0;
  GLuint fbo[2];

  glGetIntegerv (GL_READ_FRAMEBUFFER_BINDING, &read);
  glGetIntegerv (GL_DRAW_FRAMEBUFFER_BINDING, &draw);
  glGenFramebuffers (2, fbo);
  glBindFramebuffer (GL_READ_FRAMEBUFFER, fbo[0]);
  glBindFramebuffer (GL_DRAW_FRAMEBUFFER, fbo[1]);
  for (int level = 0; level <= MAX_LEVEL; level++)
    for (int page = 0; page < n_pages; page++)
      {
        int size = page_size >> level;

        glFramebufferTextureLayer (GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, from, level, page);
        glFramebufferTextureLayer (GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, to, level, page);
        glBlitFramebuffer (0, 0, size, size, 0, 0, size, size, GL_COLOR_BUFFER_BIT, GL_NEAREST);
      }
  glBindFramebuffer (GL_READ_FRAMEBUFFER, (GLuint) read);
  glBindFramebuffer (GL_DRAW_FRAMEBUFFER, (GLuint) draw);
  glDeleteFramebuffers (2, fbo);
}

/* Room for n_pages pages: a bigger texture when more are needed, a quarter more
 * than asked (pictures arrive a few at a time while a document loads), with the
 * pages so far copied over. */
static void
ensure_pages (OssaArtLayer *layer, int n_pages)
{
  GLuint old = layer->atlas;
  int capacity;

  if (n_pages == 0 || (old != 0 && n_pages <= layer->n_pages))
    return;
  capacity = MIN (n_pages + MAX (1, n_pages / 4), layer->max_pages);
  glGenTextures (1, &layer->atlas);
  glBindTexture (GL_TEXTURE_2D_ARRAY, layer->atlas);
  for (int level = 0; level <= MAX_LEVEL; level++)
    glTexImage3D (GL_TEXTURE_2D_ARRAY, level, GL_RGBA8, layer->page_size >> level,
                  layer->page_size >> level, capacity, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  glTexParameteri (GL_TEXTURE_2D_ARRAY, GL_TEXTURE_BASE_LEVEL, 0);
  glTexParameteri (GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAX_LEVEL, MAX_LEVEL);
  /* Bilinear in the nearest level: trilinear would fetch twice the texels, and a
   * software renderer pays for every one of them on every attachment. */
  glTexParameteri (GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_NEAREST);
  glTexParameteri (GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri (GL_TEXTURE_2D_ARRAY, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri (GL_TEXTURE_2D_ARRAY, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture (GL_TEXTURE_2D_ARRAY, 0);
  if (old != 0)
    {
      copy_pages (old, layer->atlas, layer->n_pages, layer->page_size);
      glDeleteTextures (1, &old);
    }
  layer->n_pages = capacity;
}

/* The picture's pixels scaled into e->w × e->h (an average over each target
 * pixel's box: premultiplied, so averaging is right), with the gutter around it:
 * each gutter texel repeats the nearest edge pixel. */
static void
fill_cell (const AtlasEntry *e, const OssaPicture *p, guint8 *cell)
{
  gsize row = (gsize) e->cell_w * 4;

  /* The picture's own rows, each with its edge pixels repeated sideways. */
  for (int ty = 0; ty < e->h; ty++)
    {
      guint8 *out = cell + (gsize) (ty + GUTTER) * row;
      guint sy0 = (guint) ((guint64) ty * p->height / (guint) e->h);
      guint sy1 = MAX (sy0 + 1, (guint) ((guint64) (ty + 1) * p->height / (guint) e->h));

      if ((guint) e->w == p->width && sy1 == sy0 + 1)
        memcpy (out + GUTTER * 4, p->pixels + (gsize) sy0 * p->width * 4, (gsize) e->w * 4);
      else
        for (int tx = 0; tx < e->w; tx++)
          {
            guint sx0 = (guint) ((guint64) tx * p->width / (guint) e->w);
            guint sx1 = MAX (sx0 + 1, (guint) ((guint64) (tx + 1) * p->width / (guint) e->w));
            guint sum[4] = { 0 }, count = (sx1 - sx0) * (sy1 - sy0);

            for (guint sy = sy0; sy < sy1; sy++)
              for (guint sx = sx0; sx < sx1; sx++)
                for (int c = 0; c < 4; c++)
                  sum[c] += p->pixels[((gsize) sy * p->width + sx) * 4 + c];
            for (int c = 0; c < 4; c++)
              out[(GUTTER + tx) * 4 + c] = (guint8) ((sum[c] + count / 2) / count);
          }
      for (int x = 0; x < GUTTER; x++)
        memcpy (out + x * 4, out + GUTTER * 4, 4);
      for (int x = GUTTER + e->w; x < e->cell_w; x++)
        memcpy (out + x * 4, out + (gsize) (GUTTER + e->w - 1) * 4, 4);
    }
  /* The first and last rows repeated up and down. */
  for (int y = 0; y < GUTTER; y++)
    memcpy (cell + (gsize) y * row, cell + (gsize) GUTTER * row, row);
  for (int y = GUTTER + e->h; y < e->cell_h; y++)
    memcpy (cell + (gsize) y * row, cell + (gsize) (GUTTER + e->h - 1) * row, row);
}

/* The cell and its mip levels (each the 2 × 2 average of the one above: the cell's
 * size is a multiple of 2^MAX_LEVEL, so every level divides exactly). */
static void
upload_cell (OssaArtLayer *layer, const AtlasEntry *e, const OssaPicture *p, guint8 *cell)
{
  int w = e->cell_w, h = e->cell_h;

  fill_cell (e, p, cell);
  for (int level = 0; level <= MAX_LEVEL; level++)
    {
      if (level > 0)
        {
          int nw = w / 2, nh = h / 2;

          /* In place, row by row: row y of the level goes over bytes of rows it
           * has read already (y < 2y). Each of four pixels' RGBA words split into
           * two words of two 16-bit sums (of its bytes 0 and 2, 1 and 3: at most
           * 4 × 255 + 2 each),
           * so that a pixel is a few word operations, not 16 byte ones; the
           * bytes keep their places whatever the byte order. */
          for (int y = 0; y < nh; y++)
            {
              const guint8 *a = cell + (gsize) (2 * y) * w * 4;
              const guint8 *b = a + (gsize) w * 4;
              guint8 *out = cell + (gsize) y * nw * 4;

              for (int x = 0; x < nw; x++)
                {
                  guint32 q[4], even = 0x00020002u, odd = 0x00020002u, mean;

                  memcpy (&q[0], a + 8 * x, 4);
                  memcpy (&q[1], a + 8 * x + 4, 4);
                  memcpy (&q[2], b + 8 * x, 4);
                  memcpy (&q[3], b + 8 * x + 4, 4);
                  for (int k = 0; k < 4; k++)
                    {
                      even += q[k] & 0x00FF00FFu;
                      odd += (q[k] >> 8) & 0x00FF00FFu;
                    }
                  mean = ((even >> 2) & 0x00FF00FFu) | (((odd >> 2) & 0x00FF00FFu) << 8);
                  memcpy (out + 4 * x, &mean, 4);
                }
            }
          w = nw;
          h = nh;
        }
      glTexSubImage3D (GL_TEXTURE_2D_ARRAY, level, e->x >> level, e->y >> level, e->page, w, h,
                       1, GL_RGBA, GL_UNSIGNED_BYTE, cell);
    }
}

/* The size a picture gets in its cell: its own, unless it is bigger than a page. */
static void
size_entry (OssaArtLayer *layer, AtlasEntry *e, const OssaPicture *p)
{
  int room = layer->page_size - 2 * GUTTER;
  double s = MIN (1.0, (double) room / MAX (p->width, p->height));

  e->w = CLAMP ((int) floor (p->width * s), 1, room);
  e->h = CLAMP ((int) floor (p->height * s), 1, room);
  e->cell_w = round_up (e->w + 2 * GUTTER);
  e->cell_h = round_up (e->h + 2 * GUTTER);
}

/* The page size the pictures want: the smallest that holds the biggest. */
static int
wanted_page_size (OssaArtLayer *layer, guint side)
{
  int size = MIN (PAGE_SIZE, layer->max_page_size);

  while (size < (int) side + 2 * GUTTER && size * 2 <= layer->max_page_size)
    size *= 2;
  return size;
}

/* Brings the atlas in step with the store: keeps the cells of pictures whose
 * serial did not move (following them by name when images moved), and gives the
 * rest a cell to be uploaded (upload_pending). Returns FALSE when the pages ran
 * out or a picture wants bigger pages (then lay everything out again). */
static gboolean
sync_atlas (OssaArtLayer *layer, const OssaDocument *doc, OssaImageStore *store)
{
  g_autoptr(GArray) old = layer->entries;
  g_autoptr(GHashTable) by_name = NULL;
  guint n = MIN (ossa_image_store_get_n_pictures (store), (guint) doc->n_images);
  gboolean ok = TRUE;

  if (layer->repack)
    {
      guint side = 0;

      for (guint i = 0; i < n; i++)
        {
          OssaPicture p;

          if (ossa_image_store_get_picture (store, i, &p) && p.state == OSSA_PICTURE_READY)
            side = MAX (side, MAX (p.width, p.height));
        }
      if (wanted_page_size (layer, side) != layer->page_size)
        {
          if (layer->atlas != 0)
            glDeleteTextures (1, &layer->atlas);
          layer->atlas = 0;
          layer->n_pages = 0;
          layer->page_size = wanted_page_size (layer, side);
        }
      g_array_set_size (old, 0);
      g_array_set_size (layer->shelves, 0);
      layer->used_pages = 0;
      layer->repack = FALSE;
    }
  layer->entries = g_array_sized_new (FALSE, TRUE, sizeof (AtlasEntry), n);
  g_array_set_clear_func (layer->entries, clear_entry);
  layer->n_pending = 0;
  for (guint i = 0; i < n; i++)
    {
      const char *name = doc->images[i].name != NULL ? doc->images[i].name : "";
      AtlasEntry e = { g_strdup (name), 0, OSSA_PICTURE_LOADING, FALSE, FALSE, 0, 0, 0, 0, 0, 0, 0 };
      AtlasEntry *was = NULL;
      OssaPicture p;

      if (!ossa_image_store_get_picture (store, i, &p))
        p = (OssaPicture) { .state = OSSA_PICTURE_LOADING };
      if (i < old->len && g_strcmp0 (g_array_index (old, AtlasEntry, i).name, name) == 0)
        was = &g_array_index (old, AtlasEntry, i);
      else
        {
          if (by_name == NULL)
            {
              by_name = g_hash_table_new (g_str_hash, g_str_equal);
              for (guint k = 0; k < old->len; k++)
                g_hash_table_insert (by_name, g_array_index (old, AtlasEntry, k).name,
                                     &g_array_index (old, AtlasEntry, k));
            }
          was = g_hash_table_lookup (by_name, name);
        }
      e.serial = p.serial;
      e.state = p.state;
      if (p.state == OSSA_PICTURE_READY && p.pixels != NULL && p.width > 0 && p.height > 0)
        {
          if (wanted_page_size (layer, MAX (p.width, p.height)) > layer->page_size)
            ok = FALSE;
          size_entry (layer, &e, &p);
          if (was != NULL && was->placed && was->cell_w == e.cell_w && was->cell_h == e.cell_h)
            {
              /* Its cell again: as it is when the serial stayed, else refilled. */
              e.placed = TRUE;
              e.page = was->page;
              e.x = was->x;
              e.y = was->y;
              e.uploaded = was->uploaded && was->serial == p.serial
                           && was->state == OSSA_PICTURE_READY;
              was->placed = FALSE;
            }
          else if (alloc_cell (layer, &e))
            e.placed = TRUE;
          else
            ok = FALSE;
          if (e.placed && !e.uploaded)
            layer->n_pending++;
        }
      g_array_append_val (layer->entries, e);
    }
  ensure_pages (layer, layer->used_pages);
  layer->pictures_dirty = FALSE;
  return ok;
}

/* Uploads the pictures that wait for it, for as long as the frame's budget lasts. */
static void
upload_pending (OssaArtLayer *layer, OssaImageStore *store)
{
  g_autofree guint8 *cell = NULL;
  gsize cell_size = 0;
  gint64 start = g_get_monotonic_time ();
  gint64 budget = CLAMP ((start - layer->last_draw_us) / 2, UPLOAD_BUDGET_US,
                         UPLOAD_BUDGET_MAX_US);
  guint done = 0;

  layer->last_draw_us = start;
  if (layer->n_pending == 0)
    return;
  if (layer->upload_started_us == 0)
    {
      layer->upload_started_us = start;
      layer->upload_us = 0;
      layer->n_uploaded = 0;
    }
  glBindTexture (GL_TEXTURE_2D_ARRAY, layer->atlas);
  glPixelStorei (GL_UNPACK_ALIGNMENT, 4);
  glPixelStorei (GL_UNPACK_ROW_LENGTH, 0);
  for (guint i = 0; i < layer->entries->len && layer->n_pending > 0; i++)
    {
      AtlasEntry *e = &g_array_index (layer->entries, AtlasEntry, i);
      OssaPicture p;

      if (!e->placed || e->uploaded)
        continue;
      if (done > 0 && g_get_monotonic_time () - start > budget)
        break;
      if (ossa_image_store_get_picture (store, i, &p) && p.pixels != NULL && p.serial == e->serial)
        {
          if ((gsize) e->cell_w * e->cell_h * 4 > cell_size)
            {
              cell_size = (gsize) e->cell_w * e->cell_h * 4;
              cell = g_realloc (cell, cell_size);
            }
          upload_cell (layer, e, &p, cell);
        }
      e->uploaded = TRUE;
      layer->n_pending--;
      done++;
    }
  glBindTexture (GL_TEXTURE_2D_ARRAY, 0);
  layer->upload_us += g_get_monotonic_time () - start;
  layer->n_uploaded += done;
  if (layer->n_pending == 0)
    layer->upload_started_us = 0;
}

gboolean
ossa_art_layer_has_pending (OssaArtLayer *layer)
{
  return layer->n_pending > 0;
}

/* ---- drawing ---- */

static guint32
pack_color (const float rgba[4])
{
  guchar bytes[4];
  guint32 packed;

  for (int c = 0; c < 4; c++)
    bytes[c] = (guchar) lrintf (CLAMP (rgba[c], 0.0f, 1.0f) * 255.0f);
  memcpy (&packed, bytes, sizeof packed);
  return packed;
}

static void
ensure_index_buffer (OssaArtLayer *layer, gsize n_quads)
{
  g_autofree guint32 *indices = NULL;
  gsize n;

  if (n_quads <= layer->index_quads)
    return;
  n = MAX (n_quads, 2 * layer->index_quads);
  indices = g_new (guint32, 6 * n);
  for (gsize q = 0; q < n; q++)
    {
      guint32 base = (guint32) (4 * q);
      guint32 quad[6] = { base, base + 1, base + 2, base, base + 2, base + 3 };

      memcpy (indices + 6 * q, quad, sizeof quad);
    }
  glBufferData (GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr) (6 * n * sizeof (guint32)), indices,
                GL_STATIC_DRAW);
  layer->index_quads = n;
}

/* The four corners of the attachment that is outlined, or FALSE. */
static gboolean
selected_corners (const OssaSlotPose *pose, const OssaXform *world, int slot, int attachment,
                  float xy[8])
{
  gsize s = (gsize) slot, end, index;
  const OssaXform *w;
  const float *c;

  if (slot < 0 || s >= pose->n_slots)
    return FALSE;
  if (attachment < 0)
    attachment = pose->attachment[s];
  end = s + 1 < pose->n_slots ? pose->first[s + 1] : pose->n_attachments;
  if (attachment < 0 || pose->first[s] + (gsize) attachment >= end)
    return FALSE;
  index = pose->first[s] + (gsize) attachment;
  w = &world[pose->bone[s]];
  c = &pose->corners[8 * index];
  for (int i = 0; i < 4; i++)
    {
      xy[2 * i] = w->a * c[2 * i] + w->c * c[2 * i + 1] + w->tx;
      xy[2 * i + 1] = w->b * c[2 * i] + w->d * c[2 * i + 1] + w->ty;
    }
  return TRUE;
}

static gsize
fill_quads (OssaArtLayer *layer, const OssaSlotPose *pose, const OssaXform *world)
{
  gsize n = ossa_slot_pose_n_visible (pose);

  if (n + 1 > layer->quads_capacity)
    {
      layer->quads_capacity = MAX (n + 1, 2 * layer->quads_capacity);
      layer->quads = g_renew (OssaQuad, layer->quads, layer->quads_capacity);
    }
  return MIN (n, ossa_slot_pose_fill_quads (pose, world, layer->quads, n));
}

static void
put_quad (ArtVertex *v, const float xy[8], const float uv[8], guint32 color, gint32 page)
{
  for (int i = 0; i < 4; i++)
    {
      v[i].position[0] = xy[2 * i];
      v[i].position[1] = xy[2 * i + 1];
      v[i].uv[0] = uv[2 * i];
      v[i].uv[1] = uv[2 * i + 1];
      v[i].color = color;
      v[i].page = page;
    }
}

/* The quads in the buffer, gl's program in use. Without placeholders the pictures
 * go with the picture-only program (a software renderer shades every pixel of
 * every picture, and art.frag's placeholder and outline code costs it a third of
 * the frame), and the outline, last in the buffer, after it. Returns the draws. */
static guint
draw_quads (OssaArtLayer *layer, gsize n_drawn, gsize n_marked, gboolean has_outline,
            float viewport_width, float viewport_height, float center_x, float center_y,
            float zoom, float scale)
{
  gsize n_pictures = n_drawn - (has_outline ? 1 : 0);

  if (n_marked > 0 || n_pictures == 0 || layer->picture_program == 0)
    {
      glDrawElements (GL_TRIANGLES, (GLsizei) (6 * n_drawn), GL_UNSIGNED_INT, NULL);
      return 1;
    }
  glUseProgram (layer->picture_program);
  glUniform2f (layer->pu_viewport, viewport_width, viewport_height);
  glUniform2f (layer->pu_center, center_x, center_y);
  glUniform1f (layer->pu_zoom, zoom);
  glUniform1f (layer->pu_scale, scale);
  glUniform1i (layer->pu_atlas, 0);
  glDrawElements (GL_TRIANGLES, (GLsizei) (6 * n_pictures), GL_UNSIGNED_INT, NULL);
  if (!has_outline)
    return 1;
  glUseProgram (layer->gl.program);
  glDrawElements (GL_TRIANGLES, 6, GL_UNSIGNED_INT,
                  (const void *) (guintptr) (6 * n_pictures * sizeof (GLuint)));
  return 2;
}

guint
ossa_art_layer_draw (OssaArtLayer *layer, const OssaDocument *doc, const OssaSlotPose *pose,
                     const OssaXform *world, OssaImageStore *store, int selected_slot,
                     int selected_attachment, float viewport_width, float viewport_height,
                     float center_x, float center_y, float zoom, float scale)
{
  static const float unit_uv[8] = { 0, 1, 1, 1, 1, 0, 0, 0 };
  static const float white[4] = { 1, 1, 1, 1 };
  gsize n, n_drawn = 0, n_marked = 0;
  gboolean has_outline = FALSE;
  guint calls;
  ArtVertex *v;
  float outline[8];

  layer->n_drawn = 0;
  layer->n_marked = 0;
  if (layer->gl.program == 0 || doc == NULL || pose == NULL || world == NULL || store == NULL)
    return 0;
  if (layer->entries == NULL)
    {
      layer->entries = g_array_new (FALSE, TRUE, sizeof (AtlasEntry));
      g_array_set_clear_func (layer->entries, clear_entry);
      layer->shelves = g_array_new (FALSE, FALSE, sizeof (AtlasShelf));
    }
  if (layer->pictures_dirty || layer->repack || layer->entries->len != doc->n_images)
    if (!sync_atlas (layer, doc, store))
      {
        /* Out of pages with cells given up along the way: lay out afresh once. */
        layer->repack = TRUE;
        sync_atlas (layer, doc, store);
      }
  upload_pending (layer, store);

  n = fill_quads (layer, pose, world);
  if (n + 1 > layer->vertices_capacity)
    {
      layer->vertices_capacity = MAX (n + 1, 2 * layer->vertices_capacity);
      layer->vertices = g_realloc_n (layer->vertices, 4 * layer->vertices_capacity,
                                     sizeof (ArtVertex));
    }
  v = layer->vertices;
  for (gsize i = 0; i < n; i++)
    {
      const OssaQuad *q = &layer->quads[i];
      guint32 color = pack_color (q->rgba);

      if (q->image < layer->entries->len
          && g_array_index (layer->entries, AtlasEntry, q->image).uploaded)
        {
          const AtlasEntry *e = &g_array_index (layer->entries, AtlasEntry, q->image);
          float size = (float) layer->page_size;
          float u0 = (float) (e->x + GUTTER) / size, v0 = (float) (e->y + GUTTER) / size;
          float du = (float) e->w / size, dv = (float) e->h / size;
          float uv[8];

          for (int c = 0; c < 4; c++)
            {
              uv[2 * c] = u0 + q->uv[2 * c] * du;
              uv[2 * c + 1] = v0 + q->uv[2 * c + 1] * dv;
            }
          put_quad (v + 4 * n_drawn++, q->xy, uv, color, e->page);
        }
      else
        {
          gboolean loading = q->image >= layer->entries->len
                             || g_array_index (layer->entries, AtlasEntry, q->image).state
                                  == OSSA_PICTURE_LOADING
                             || g_array_index (layer->entries, AtlasEntry, q->image).placed;

          put_quad (v + 4 * n_drawn++, q->xy, unit_uv, color,
                    loading ? PAGE_LOADING : PAGE_MISSING);
          n_marked++;
        }
    }
  if (selected_corners (pose, world, selected_slot, selected_attachment, outline))
    {
      put_quad (v + 4 * n_drawn++, outline, unit_uv, pack_color (white), PAGE_OUTLINE);
      has_outline = TRUE;
    }
  if (n_drawn == 0 || n_drawn > G_MAXINT / 6)
    return 0;

  ossa_gl_layer_use (&layer->gl, viewport_width, viewport_height, center_x, center_y, zoom,
                     scale);
  ensure_index_buffer (layer, n_drawn);
  glBufferData (GL_ARRAY_BUFFER, (GLsizeiptr) (4 * n_drawn * sizeof (ArtVertex)),
                layer->vertices, GL_STREAM_DRAW);
  glActiveTexture (GL_TEXTURE0);
  glBindTexture (GL_TEXTURE_2D_ARRAY, layer->atlas);
  glUniform1i (layer->u_atlas, 0);
  glEnable (GL_BLEND);
  glBlendFunc (GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  calls = draw_quads (layer, n_drawn, n_marked, has_outline, viewport_width, viewport_height,
                      center_x, center_y, zoom, scale);
  glDisable (GL_BLEND);
  glBindTexture (GL_TEXTURE_2D_ARRAY, 0);
  glBindBuffer (GL_ARRAY_BUFFER, 0);
  glBindVertexArray (0);
  glUseProgram (0);
  layer->n_drawn = (guint) n_drawn;
  layer->n_marked = (guint) n_marked;
  return calls;
}

guint
ossa_art_layer_draw_image (OssaArtLayer *layer, GLuint texture)
{
  if (layer->image_program == 0)
    return 0;
  glUseProgram (layer->image_program);
  glActiveTexture (GL_TEXTURE0);
  glBindTexture (GL_TEXTURE_2D, texture);
  glUniform1i (layer->u_image, 0);
  glBindVertexArray (layer->image_vao);
  glEnable (GL_BLEND);
  glBlendFunc (GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDrawArrays (GL_TRIANGLE_STRIP, 0, 4);
  glDisable (GL_BLEND);
  glBindVertexArray (0);
  glBindTexture (GL_TEXTURE_2D, 0);
  glUseProgram (0);
  return 1;
}

void
ossa_art_layer_grow_bounds (OssaArtLayer *layer, const OssaSlotPose *pose,
                            const OssaXform *world, gboolean *any, double *x0, double *y0,
                            double *x1, double *y1)
{
  gsize n;

  if (pose == NULL || world == NULL)
    return;
  n = fill_quads (layer, pose, world);
  for (gsize i = 0; i < n; i++)
    for (int c = 0; c < 4; c++)
      {
        double x = layer->quads[i].xy[2 * c], y = layer->quads[i].xy[2 * c + 1];

        if (!*any)
          {
            *x0 = *x1 = x;
            *y0 = *y1 = y;
            *any = TRUE;
            continue;
          }
        *x0 = MIN (*x0, x);
        *y0 = MIN (*y0, y);
        *x1 = MAX (*x1, x);
        *y1 = MAX (*y1, y);
      }
}
