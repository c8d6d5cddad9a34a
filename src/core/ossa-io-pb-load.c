/* SPDX-License-Identifier: MIT */
/* Loading a .ossa file from memory (ossa-io-pb.h). With ossa-io-pb-check.c,
 * ossa-io-pb-arena.c and ossa-io-pb-save.c, the only files of libossa that see the
 * code generated from proto/ossa.proto. Everything is copied out of an unpacked
 * message (or, for large key columns, taken over from the arena it was unpacked
 * into) before it is freed, and nothing keeps a pointer into one.
 *
 * Loading is two steps. _ossa_pb_check_document() looks at every count, column
 * length, index and enum number in the message before anything of the core is
 * allocated (protobuf-c trusts what a file declares, so we must not).
 * convert_document() then copies, allocating each array once with its exact size,
 * and applies the semantic rules of ossa_document_validate() to each part right
 * after copying it, in that function's order (ossa-animation-private.h,
 * ossa-document-private.h): a document is read once, while each track is still in
 * cache, not a second time after it has all been copied. */
#include "ossa-io-pb.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-animation-private.h"
#include "ossa-document-private.h"
#include "ossa-io-pb-arena-private.h"
#include "ossa-io-pb-art-private.h"
#include "ossa-io-pb-check-private.h"
#include "ossa-io-pb-ik-private.h"
#include "ossa-name-index-private.h"
#include "ossa-skeleton-private.h"
#include "ossa-text.h"
#include "ossa-types.h"
#include "ossa.pb-c.h"

/* Always false, to end a failed step in one statement. */
static bool
set_no_memory (OssaError *err)
{
  ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
  return false;
}

/* An absent string becomes "": the core never holds a NULL name, and validation
 * then says the name is empty. */
static char *
copy_name (const char *name)
{
  return strdup (name ? name : "");
}

static OssaTransform
convert_transform (const Ossa__Transform *t)
{
  if (t == NULL)
    return ossa_transform_identity ();
  return (OssaTransform) { t->x, t->y, t->rotation, t->scale_x, t->scale_y };
}

static bool
copy_bones (const Ossa__Skeleton *src, OssaSkeleton *skel)
{
  skel->bones = calloc (src->n_bones, sizeof *skel->bones);
  if (skel->bones == NULL)
    return false;
  skel->capacity = src->n_bones;
  for (size_t i = 0; i < src->n_bones; i++)
    {
      const Ossa__Bone *b = src->bones[i];
      OssaBone *bone = &skel->bones[i];

      bone->name = copy_name (b->name);
      if (bone->name == NULL)
        return false;
      skel->n_bones = i + 1;
      bone->parent = b->parent;
      bone->rest = convert_transform (b->rest);
      bone->length = b->length;
      bone->color = b->color;
    }
  return true;
}

static bool
convert_skeleton (const Ossa__Skeleton *src, OssaSkeleton *skel, OssaError *err)
{
  if (src != NULL && src->n_bones > 0 && !copy_bones (src, skel))
    return set_no_memory (err);
  if (!ossa_skeleton_validate (skel, err))
    return false;
  /* Look-ups by name are hashed from the start (a failure only makes them linear). */
  _ossa_skeleton_reindex (skel);
  return true;
}

/* Every column below comes from a track _ossa_pb_check_document() has found
 * consistent: each optional column is empty or one per key, enums are in range,
 * and there are 4 curve numbers per BEZIER key. */

_Static_assert (sizeof (Ossa__Interp) == sizeof (int) && sizeof (Ossa__Spin) == sizeof (int),
                "protobuf-c enums are int-sized");

/* An enum column as a byte per key; NULL when it is absent or all default (0),
 * as it is in most tracks. *ok goes false when memory runs out. */
static uint8_t *
narrow_enums (const int *col, size_t n, bool *ok)
{
  size_t first = 0;
  uint8_t *bytes;

  while (first < n && col[first] == 0)
    first++;
  if (first == n)
    return NULL;
  bytes = malloc (n);
  if (bytes == NULL)
    {
      *ok = false;
      return NULL;
    }
  for (size_t i = 0; i < n; i++)
    bytes[i] = (uint8_t) col[i];
  return bytes;
}

/* The packed curves spread over the keys, the default on keys that are not
 * BEZIER; NULL when no key is. */
static OssaCurve *
expand_curves (const Ossa__Track *src, bool *ok)
{
  const float *c = src->curves;
  OssaCurve *curves;

  if (src->n_curves == 0)
    return NULL;
  curves = malloc (src->n_times * sizeof *curves);
  if (curves == NULL)
    {
      *ok = false;
      return NULL;
    }
  for (size_t i = 0; i < src->n_times; i++)
    if (src->interp[i] == OSSA__INTERP__BEZIER)
      {
        curves[i] = (OssaCurve) { c[0], c[1], c[2], c[3] };
        c += 4;
      }
    else
      curves[i] = OSSA_CURVE_EASE;
  return curves;
}

/* A column of the message as the track's own: taken over from the arena when it
 * can be, else copied. *ok goes false when memory runs out. */
static void *
take_column (OssaPbArena *arena, void *col, size_t bytes, bool *ok)
{
  void *copy;

  if (_ossa_pb_arena_take (arena, col, bytes))
    return col;
  copy = malloc (bytes);
  if (copy == NULL)
    {
      *ok = false;
      return NULL;
    }
  return memcpy (copy, col, bytes);
}

/* NULL when absent or all 0. */
static uint32_t *
take_turns (OssaPbArena *arena, const Ossa__Track *src, bool *ok)
{
  size_t n = src->n_turns, first = 0;

  while (first < n && src->turns[first] == 0)
    first++;
  if (first == n)
    return NULL;
  return take_column (arena, src->turns, n * sizeof *src->turns, ok);
}

/* False on out of memory only; the track is then safe to clear. */
static bool
convert_track (OssaPbArena *arena, const Ossa__Track *src, OssaTrack *track)
{
  size_t n = src->n_times;
  bool ok = true;

  ossa_track_init (track, src->bone, (OssaChannel) src->channel);
  if (n == 0)
    return true;
  track->n_keys = track->capacity = n;
  track->times = take_column (arena, src->times, n * sizeof *track->times, &ok);
  track->values = take_column (arena, src->values, n * sizeof *track->values, &ok);
  track->interp = narrow_enums ((const int *) src->interp, src->n_interp, &ok);
  track->curves = expand_curves (src, &ok);
  track->spin = narrow_enums ((const int *) src->spin, src->n_spin, &ok);
  track->turns = take_turns (arena, src, &ok);
  return ok;
}

/* Each track is checked as soon as it is converted, not in a second pass over
 * the whole document once its keys have long left the cache. */
static bool
convert_tracks (OssaPbArena *arena, const Ossa__Animation *src, OssaAnimation *anim, size_t n_bones,
                OssaError *err)
{
  uint8_t *seen;
  bool ok = true;

  if (src->n_tracks == 0)
    return true;
  anim->tracks = calloc (src->n_tracks, sizeof *anim->tracks);
  if (anim->tracks == NULL)
    return set_no_memory (err);
  /* Zeroed tracks are safe to clear, so the count can cover them all now. */
  anim->n_tracks = anim->capacity = src->n_tracks;
  seen = _ossa_animation_new_seen (n_bones, err);
  if (seen == NULL)
    return false;
  for (size_t i = 0; ok && i < src->n_tracks; i++)
    {
      if (!convert_track (arena, src->tracks[i], &anim->tracks[i]))
        ok = set_no_memory (err);
      else
        ok = _ossa_animation_validate_track (anim, i, n_bones, seen, err);
    }
  free (seen);
  return ok;
}

/* Animation index of doc, checked as ossa_document_validate() does: its
 * properties, its tracks, then its name against the animations before it. */
static bool
convert_animation (OssaPbArena *arena, const Ossa__Animation *src, OssaDocument *doc, size_t index,
                   OssaNameIndex *seen, OssaError *err)
{
  OssaAnimation *anim = &doc->animations[index];

  anim->name = copy_name (src->name);
  if (anim->name == NULL)
    return set_no_memory (err);
  anim->duration = src->duration;
  anim->loop = src->loop;
  anim->fps = src->fps;
  return _ossa_animation_validate_props (anim, err)
         && convert_tracks (arena, src, anim, doc->skeleton.n_bones, err)
         && _ossa_pb_convert_animation_art (src, doc, anim, err)
         && _ossa_pb_convert_animation_ik (src, doc, anim, err)
         && _ossa_document_validate_animation_name (doc, index, seen, err);
}

static bool
convert_map (const Ossa__GridMap *src, OssaGridMap *map, OssaError *err)
{
  map->name = copy_name (src->name);
  map->cells = malloc (src->cells.len);
  if (map->name == NULL || map->cells == NULL)
    return set_no_memory (err);
  memcpy (map->cells, src->cells.data, src->cells.len);
  map->width = src->width;
  map->height = src->height;
  if (src->start != NULL)
    {
      map->has_start = true;
      map->start_x = src->start->x;
      map->start_y = src->start->y;
    }
  if (src->goal != NULL)
    {
      map->has_goal = true;
      map->goal_x = src->goal->x;
      map->goal_y = src->goal->y;
    }
  return ossa_grid_map_validate (map, err);
}

static void *
copy_column (const void *src, size_t n, size_t size, bool *ok)
{
  void *p;

  if (n == 0)
    return NULL;
  p = malloc (n * size);
  if (p == NULL)
    {
      *ok = false;
      return NULL;
    }
  return memcpy (p, src, n * size);
}

/* From a mesh _ossa_pb_check_document() has found consistent. */
static bool
convert_mesh (const Ossa__Mesh *src, OssaMesh *mesh, size_t n_bones, OssaError *err)
{
  bool ok = true;

  mesh->name = copy_name (src->name);
  if (mesh->name == NULL)
    return set_no_memory (err);
  mesh->n_vertices = src->n_bones;
  mesh->n_triangles = src->n_indices / 3;
  mesh->bones = copy_column (src->bones, src->n_bones, sizeof *src->bones, &ok);
  mesh->positions = copy_column (src->positions, src->n_positions, sizeof *src->positions, &ok);
  mesh->uvs = copy_column (src->uvs, src->n_uvs, sizeof *src->uvs, &ok);
  mesh->indices = copy_column (src->indices, src->n_indices, sizeof *src->indices, &ok);
  mesh->triangle_materials = copy_column (src->triangle_materials, src->n_triangle_materials,
                                          sizeof *src->triangle_materials, &ok);
  if (ok && src->n_materials > 0)
    {
      mesh->materials = calloc (src->n_materials, sizeof *mesh->materials);
      ok = mesh->materials != NULL;
      for (size_t i = 0; ok && i < src->n_materials; i++)
        {
          mesh->materials[i] = copy_name (src->materials[i]);
          ok = mesh->materials[i] != NULL;
          mesh->n_materials = i + 1;
        }
    }
  if (!ok)
    return set_no_memory (err);
  return ossa_mesh_validate (mesh, n_bones, err);
}

static bool
convert_lists (OssaPbArena *arena, const Ossa__Document *msg, OssaDocument *doc, OssaError *err)
{
  if (msg->n_animations > 0)
    {
      OssaNameIndex seen;
      bool ok = true;

      doc->animations = calloc (msg->n_animations, sizeof *doc->animations);
      if (doc->animations == NULL)
        return set_no_memory (err);
      doc->n_animations = msg->n_animations;
      /* Each name is checked against those before it through an index. */
      _ossa_name_index_init (&seen);
      for (size_t i = 0; ok && i < msg->n_animations; i++)
        ok = convert_animation (arena, msg->animations[i], doc, i, &seen, err);
      _ossa_name_index_free (&seen);
      if (!ok)
        return false;
    }
  if (msg->n_maps > 0)
    {
      doc->maps = calloc (msg->n_maps, sizeof *doc->maps);
      if (doc->maps == NULL)
        return set_no_memory (err);
      doc->n_maps = msg->n_maps;
      for (size_t i = 0; i < msg->n_maps; i++)
        if (!convert_map (msg->maps[i], &doc->maps[i], err))
          return false;
    }
  if (msg->n_meshes > 0)
    {
      doc->meshes = calloc (msg->n_meshes, sizeof *doc->meshes);
      if (doc->meshes == NULL)
        return set_no_memory (err);
      doc->n_meshes = msg->n_meshes;
      for (size_t i = 0; i < msg->n_meshes; i++)
        if (!convert_mesh (msg->meshes[i], &doc->meshes[i], doc->skeleton.n_bones, err))
          return false;
    }
  return true;
}

/* The document, valid; NULL with err set when it is not or memory runs out. The
 * parts are checked in ossa_document_validate()'s order (skeleton, animations,
 * maps), so the first problem reported is the one it would report. */
static OssaDocument *
convert_document (OssaPbArena *arena, const Ossa__Document *msg, OssaError *err)
{
  OssaDocument *doc = ossa_document_new ();

  if (doc == NULL)
    {
      set_no_memory (err);
      return NULL;
    }
  if (msg->generator != NULL && (doc->generator = strdup (msg->generator)) == NULL)
    set_no_memory (err);
  else if (convert_skeleton (msg->skeleton, &doc->skeleton, err)
           && _ossa_pb_convert_art (msg, doc, err)
           && _ossa_pb_convert_ik (msg, doc, err)
           && convert_lists (arena, msg, doc, err))
    return doc;
  ossa_document_free (doc);
  return NULL;
}

OssaDocument *
ossa_document_load_bytes (const void *data, size_t size, const char *path, OssaError *err)
{
  OssaPbArena arena;
  ProtobufCAllocator allocator;
  Ossa__Document *msg;
  OssaDocument *doc = NULL;

  _ossa_pb_arena_init (&arena, size);
  allocator = _ossa_pb_arena_allocator (&arena);

  if (size == 0)
    ossa_error_set (err, OSSA_ERROR_FORMAT,
                    OSSA_N_ ("not an Ossa document: the file is empty"));
  else if (size > OSSA_MAX_FILE_SIZE)
    ossa_error_set (err, OSSA_ERROR_LIMIT, "the file is %zu bytes (limit %zu)", size,
                    OSSA_MAX_FILE_SIZE);
  else if ((msg = ossa__document__unpack (&allocator, size, data)) == NULL && arena.over_budget)
    ossa_error_set (err, OSSA_ERROR_LIMIT, "the document would need more than %zu MB of memory to read; a %zu-byte Ossa file never does, so it is not a valid one",
                    arena.budget >> 20, size);
  else if (msg == NULL)
    ossa_error_set (err, OSSA_ERROR_FORMAT,
                    OSSA_N_ ("not a valid Ossa document (protobuf decoding failed)"));
  else if (_ossa_pb_check_document (msg, err))
    doc = convert_document (&arena, msg, err);
  /* The message, and after a failed unpack whatever protobuf-c had allocated. */
  _ossa_pb_arena_release (&arena);
  if (doc == NULL && err != NULL)
    {
      err->errno_value = 0;
      ossa_error_set_location (err, path, 0);
    }
  return doc;
}
