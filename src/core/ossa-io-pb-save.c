/* SPDX-License-Identifier: MIT */
/* Saving a document as the bytes of a .ossa file (ossa-io-pb.h): protobuf-c
 * messages built over the document's own strings and columns, packed, then freed. */
#include "ossa-io-pb.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-io-pb-art-private.h"
#include "ossa-io-pb-ik-private.h"
#include "ossa-types.h"
#include "ossa.pb-c.h"

/* calloc (0, …) may return NULL, which would read as out of memory. */
static void *
alloc0 (size_t n, size_t size)
{
  return calloc (n ? n : 1, size);
}

/* Every message the document needs, allocated in a few arrays so that one
 * function can free them all. Strings, cells and most key columns point into the
 * document. */
typedef struct
{
  Ossa__Document    doc;
  Ossa__Skeleton    skeleton;
  Ossa__Bone       *bones;
  Ossa__Bone      **bone_ptrs;
  Ossa__Transform  *rests;
  Ossa__Animation  *anims;
  Ossa__Animation **anim_ptrs;
  Ossa__Track      *tracks;       /* the tracks of all animations, in order */
  Ossa__Track     **track_ptrs;
  void            **track_blocks; /* per track: its converted columns, or NULL */
  size_t            n_tracks;
  Ossa__GridMap    *maps;
  Ossa__GridMap   **map_ptrs;
  Ossa__Cell       *cells;        /* start and goal of each map */
  Ossa__Mesh       *meshes;       /* columns point into the document */
  Ossa__Mesh      **mesh_ptrs;
  OssaPbArtOut      art;          /* images, slots, slot keys */
  OssaPbIkOut       ik;           /* IK constraints and keys */
} Outgoing;

static void
outgoing_free (Outgoing *out)
{
  for (size_t i = 0; i < out->n_tracks; i++)
    free (out->track_blocks[i]);
  free (out->track_blocks);
  free (out->bones);
  free (out->bone_ptrs);
  free (out->rests);
  free (out->anims);
  free (out->anim_ptrs);
  free (out->tracks);
  free (out->track_ptrs);
  free (out->maps);
  free (out->map_ptrs);
  free (out->cells);
  free (out->meshes);
  free (out->mesh_ptrs);
  _ossa_pb_art_out_free (&out->art);
  _ossa_pb_ik_out_free (&out->ik);
}

/* Fields equal to their proto default (bit for bit, so -0 survives) are left out. */
static bool
same_bits (float a, float b)
{
  uint32_t x, y;

  memcpy (&x, &a, sizeof x);
  memcpy (&y, &b, sizeof y);
  return x == y;
}

static bool
set_float (protobuf_c_boolean *has, float *field, float value, float fallback)
{
  *has = !same_bits (value, fallback);
  *field = value;
  return *has;
}

static void
build_bone (const OssaBone *src, Ossa__Bone *b, Ossa__Transform *rest)
{
  const OssaTransform *t = &src->rest;
  bool any = false;

  ossa__bone__init (b);
  ossa__transform__init (rest);
  b->name = src->name;
  b->has_parent = src->parent != -1;
  b->parent = src->parent;
  any |= set_float (&rest->has_x, &rest->x, t->x, 0.f);
  any |= set_float (&rest->has_y, &rest->y, t->y, 0.f);
  any |= set_float (&rest->has_rotation, &rest->rotation, t->rotation, 0.f);
  any |= set_float (&rest->has_scale_x, &rest->scale_x, t->scale_x, 1.f);
  any |= set_float (&rest->has_scale_y, &rest->scale_y, t->scale_y, 1.f);
  b->rest = any ? rest : NULL;
  set_float (&b->has_length, &b->length, src->length, 0.f);
  b->has_color = src->color != 0xffffffffu;
  b->color = src->color;
}

/* Which optional columns hold more than their default (all LINEAR, all SHORTEST,
 * no turns) and so are written, the others being left out of the file; and how
 * many BEZIER keys write a curve. */
typedef struct
{
  bool   any_interp, any_spin, any_turns;
  size_t n_bezier;
} TrackShape;

static TrackShape
track_shape (const OssaTrack *src)
{
  TrackShape shape = { false, false, false, 0 };

  for (size_t i = 0; src->interp != NULL && i < src->n_keys; i++)
    {
      shape.any_interp |= src->interp[i] != OSSA_INTERP_LINEAR;
      shape.n_bezier += src->interp[i] == OSSA_INTERP_BEZIER;
    }
  for (size_t i = 0; src->spin != NULL && i < src->n_keys; i++)
    shape.any_spin |= src->spin[i] != OSSA_SPIN_SHORTEST;
  for (size_t i = 0; src->turns != NULL && i < src->n_keys; i++)
    shape.any_turns |= src->turns[i] != 0;
  return shape;
}

static void
pack_curves (const OssaTrack *src, float *out)
{
  const OssaCurve ease = OSSA_CURVE_EASE;

  for (size_t i = 0; i < src->n_keys; i++)
    if (src->interp[i] == OSSA_INTERP_BEZIER)
      {
        memcpy (out, src->curves != NULL ? &src->curves[i] : &ease, sizeof ease);
        out += 4;
      }
}

/* Times, values and turns point at the track's own columns (packing only reads
 * them). Interp and spin, widened to protobuf-c's int-sized enums, and the curves,
 * packed 4 per BEZIER key, go into one block left in *block for outgoing_free(). */
static bool
build_track (const OssaTrack *src, Ossa__Track *t, void **block)
{
  size_t n = src->n_keys, words;
  TrackShape shape;
  uint32_t *w;

  ossa__track__init (t);
  t->has_bone = t->has_channel = 1;
  t->bone = src->bone;
  t->channel = (Ossa__Channel) src->channel;
  if (n == 0)
    return true;
  t->n_times = t->n_values = n;
  t->times = src->times;
  t->values = src->values;
  shape = track_shape (src);
  if (shape.any_turns)
    {
      t->n_turns = n;
      t->turns = src->turns;
    }
  /* Every converted column is 4-byte words: floats and int-sized enums. */
  words = 4 * shape.n_bezier + (shape.any_interp + shape.any_spin) * n;
  if (words == 0)
    return true;
  w = *block = malloc (words * sizeof *w);
  if (w == NULL)
    return false;
  if (shape.n_bezier > 0)
    {
      t->n_curves = 4 * shape.n_bezier;
      t->curves = (float *) (void *) w;
      pack_curves (src, t->curves);
      w += 4 * shape.n_bezier;
    }
  if (shape.any_interp)
    {
      t->n_interp = n;
      t->interp = (Ossa__Interp *) (void *) w;
      for (size_t i = 0; i < n; i++)
        t->interp[i] = (Ossa__Interp) src->interp[i];
      w += n;
    }
  if (shape.any_spin)
    {
      t->n_spin = n;
      t->spin = (Ossa__Spin *) (void *) w;
      for (size_t i = 0; i < n; i++)
        t->spin[i] = (Ossa__Spin) src->spin[i];
    }
  return true;
}

static bool
build_animations (const OssaDocument *doc, Outgoing *out)
{
  size_t n = doc->n_animations, total = 0, next = 0;

  for (size_t i = 0; i < n; i++)
    total += doc->animations[i].n_tracks;
  out->anims = alloc0 (n, sizeof *out->anims);
  out->anim_ptrs = alloc0 (n, sizeof *out->anim_ptrs);
  out->tracks = alloc0 (total, sizeof *out->tracks);
  out->track_ptrs = alloc0 (total, sizeof *out->track_ptrs);
  out->track_blocks = alloc0 (total, sizeof *out->track_blocks);
  if (!out->anims || !out->anim_ptrs || !out->tracks || !out->track_ptrs || !out->track_blocks)
    return false;
  for (size_t i = 0; i < n; i++)
    {
      const OssaAnimation *src = &doc->animations[i];
      Ossa__Animation *a = &out->anims[i];

      ossa__animation__init (a);
      out->anim_ptrs[i] = a;
      a->name = src->name;
      set_float (&a->has_duration, &a->duration, src->duration, 0.f);
      a->has_loop = src->loop;
      a->loop = src->loop;
      set_float (&a->has_fps, &a->fps, src->fps, 30.f);
      a->n_tracks = src->n_tracks;
      a->tracks = out->track_ptrs + next;
      for (size_t j = 0; j < src->n_tracks; j++, next++)
        {
          out->track_ptrs[next] = &out->tracks[next];
          out->n_tracks = next + 1;
          if (!build_track (&src->tracks[j], &out->tracks[next], &out->track_blocks[next]))
            return false;
        }
    }
  return true;
}

static void
build_cell (Ossa__Cell *c, uint32_t x, uint32_t y)
{
  ossa__cell__init (c);
  c->has_x = c->has_y = 1;
  c->x = x;
  c->y = y;
}

static bool
build_maps (const OssaDocument *doc, Outgoing *out)
{
  size_t n = doc->n_maps;

  out->maps = alloc0 (n, sizeof *out->maps);
  out->map_ptrs = alloc0 (n, sizeof *out->map_ptrs);
  out->cells = alloc0 (2 * n, sizeof *out->cells);
  if (!out->maps || !out->map_ptrs || !out->cells)
    return false;
  for (size_t i = 0; i < n; i++)
    {
      const OssaGridMap *src = &doc->maps[i];
      Ossa__GridMap *m = &out->maps[i];

      ossa__grid_map__init (m);
      out->map_ptrs[i] = m;
      m->name = src->name;
      m->has_width = m->has_height = m->has_cells = 1;
      m->width = src->width;
      m->height = src->height;
      m->cells.len = (size_t) src->width * src->height;
      m->cells.data = src->cells;
      if (src->has_start)
        {
          build_cell (&out->cells[2 * i], src->start_x, src->start_y);
          m->start = &out->cells[2 * i];
        }
      if (src->has_goal)
        {
          build_cell (&out->cells[2 * i + 1], src->goal_x, src->goal_y);
          m->goal = &out->cells[2 * i + 1];
        }
    }
  return true;
}

static bool
build_meshes (const OssaDocument *doc, Outgoing *out)
{
  size_t n = doc->n_meshes;

  out->meshes = alloc0 (n, sizeof *out->meshes);
  out->mesh_ptrs = alloc0 (n, sizeof *out->mesh_ptrs);
  if (!out->meshes || !out->mesh_ptrs)
    return false;
  for (size_t i = 0; i < n; i++)
    {
      const OssaMesh *src = &doc->meshes[i];
      Ossa__Mesh *m = &out->meshes[i];

      ossa__mesh__init (m);
      out->mesh_ptrs[i] = m;
      m->name = src->name;
      m->n_bones = src->n_vertices;
      m->bones = src->bones;
      m->n_positions = 2 * src->n_vertices;
      m->positions = src->positions;
      if (src->uvs != NULL)
        {
          m->n_uvs = 2 * src->n_vertices;
          m->uvs = src->uvs;
        }
      m->n_indices = 3 * src->n_triangles;
      m->indices = src->indices;
      m->n_materials = src->n_materials;
      m->materials = src->materials;
      if (src->triangle_materials != NULL)
        {
          m->n_triangle_materials = src->n_triangles;
          m->triangle_materials = src->triangle_materials;
        }
    }
  return true;
}

static bool
build_document (const OssaDocument *doc, Outgoing *out)
{
  size_t n = doc->skeleton.n_bones;

  ossa__document__init (&out->doc);
  ossa__skeleton__init (&out->skeleton);
  out->doc.has_format_version = 1;
  out->doc.format_version = OSSA_FORMAT_VERSION;
  /* No version macro reaches the core: it is built without config.h. */
  out->doc.generator = doc->generator ? doc->generator : (char *) "Ossa";
  out->doc.skeleton = &out->skeleton;
  out->bones = alloc0 (n, sizeof *out->bones);
  out->bone_ptrs = alloc0 (n, sizeof *out->bone_ptrs);
  out->rests = alloc0 (n, sizeof *out->rests);
  if (!out->bones || !out->bone_ptrs || !out->rests)
    return false;
  for (size_t i = 0; i < n; i++)
    {
      build_bone (&doc->skeleton.bones[i], &out->bones[i], &out->rests[i]);
      out->bone_ptrs[i] = &out->bones[i];
    }
  out->skeleton.n_bones = n;
  out->skeleton.bones = out->bone_ptrs;
  if (!build_animations (doc, out) || !build_maps (doc, out) || !build_meshes (doc, out)
      || !_ossa_pb_build_art (doc, &out->doc, &out->skeleton, out->anims, &out->art)
      || !_ossa_pb_build_ik (doc, &out->skeleton, out->anims, &out->ik))
    return false;
  out->doc.n_meshes = doc->n_meshes;
  out->doc.meshes = out->mesh_ptrs;
  out->doc.n_animations = doc->n_animations;
  out->doc.animations = out->anim_ptrs;
  out->doc.n_maps = doc->n_maps;
  out->doc.maps = out->map_ptrs;
  return true;
}

bool
ossa_document_to_bytes (const OssaDocument *doc, uint8_t **data, size_t *size, OssaError *err)
{
  Outgoing out;
  size_t n = 0;
  uint8_t *buf = NULL;

  if (err != NULL)
    err->errno_value = 0;
  /* Refuse to write what could not be read back. */
  if (!ossa_document_validate (doc, err))
    return false;
  memset (&out, 0, sizeof out);
  if (!build_document (doc, &out))
    ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
  else if ((n = ossa__document__get_packed_size (&out.doc)) > OSSA_MAX_FILE_SIZE)
    ossa_error_set (err, OSSA_ERROR_LIMIT, "the document would be %zu bytes (limit %zu)", n,
                    OSSA_MAX_FILE_SIZE);
  else if ((buf = malloc (n ? n : 1)) == NULL)
    ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
  else
    ossa__document__pack (&out.doc, buf);
  outgoing_free (&out);
  if (buf == NULL)
    return false;
  *data = buf;
  *size = n;
  return true;
}
