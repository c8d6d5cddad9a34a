/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Between the protobuf-c messages of proto/ossa.proto and OssaDocument. The only
 * file of libossa that sees the generated code: everything is copied out of an
 * unpacked message (or, for large key columns, taken over from the arena it was
 * unpacked into) before it is freed, and nothing keeps a pointer into one.
 *
 * Loading is two steps. check_message() looks at every count, column length,
 * index and enum number in the message before anything of the core is allocated
 * (protobuf-c trusts what a file declares, so we must not). convert_document() then
 * copies, allocating each array once with its exact size, and applies the semantic
 * rules of ossa_document_validate() to each part right after copying it, in that
 * function's order (ossa-animation-private.h, ossa-document-private.h): a document
 * is read once, while each track is still in cache, not a second time after it has
 * all been copied. */
#include "ossa-io.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-animation-private.h"
#include "ossa-document-private.h"
#include "ossa-types.h"
#include "ossa.pb-c.h"

/* Short enough that the reason after it still fits in an OssaError message. */
#define LABEL_NAME_MAX 64

/* Always false, to end a failed step in one statement. */
static bool
set_no_memory (OssaError *err)
{
  ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
  return false;
}

/* calloc (0, …) may return NULL, which would read as out of memory. */
static void *
alloc0 (size_t n, size_t size)
{
  return calloc (n ? n : 1, size);
}

/* "animation 'walk'", or "animation 3" when the name is absent, too long or not
 * UTF-8 and so cannot go into a message. */
static void
label (char *buf, size_t size, const char *kind, size_t index, const char *name)
{
  size_t len = name ? strlen (name) : 0;

  if (len > 0 && len <= LABEL_NAME_MAX && ossa_utf8_valid (name, len))
    snprintf (buf, size, "%s '%s'", kind, name);
  else
    snprintf (buf, size, "%s %zu", kind, index);
}

/* Loading: the arena protobuf-c unpacks into ----------------------------------- */

/* protobuf-c allocates every message, string and array of a document one by one
 * and frees them one by one: for a document of many small tracks that was a
 * quarter of the time of a load (bench/bench-load.c). The arena hands out memory
 * from a few large blocks and drops them all at once, so its free() does nothing
 * and the unpacked message is released with the arena, on every path, instead of
 * with free_unpacked().
 *
 * Arrays of ARENA_OWN_MIN bytes or more are malloc'd one by one instead, so that
 * the loader can take a track's times and values over as they are (arena_take())
 * rather than copy them: a copy costs as much again in memory written and, in a
 * fresh process, in pages faulted in. Few arrays are that large, so there are
 * few such allocations. */
#define ARENA_FIRST_BLOCK ((size_t) 64 << 10)
#define ARENA_MAX_BLOCK   ((size_t) 8 << 20)
#define ARENA_ALIGN       _Alignof (max_align_t)
#define ARENA_OWN_MIN     ((size_t) 256)
/* How far past the last array taken arena_take() looks. protobuf-c allocates a
 * track's arrays in field order, then the next track's, so the next array to take
 * is a few entries on: past the other columns of a track, or before an
 * animation's first track past its array of tracks and the scratch space
 * protobuf-c takes to scan a message of many fields (a few dozen entries at
 * most). Should that order ever change, arrays are copied instead, at a bounded
 * cost. */
#define ARENA_TAKE_WINDOW 64

typedef struct ArenaBlock ArenaBlock;
struct ArenaBlock
{
  ArenaBlock  *next;
  size_t       used, size;
  max_align_t  data[];
};

typedef struct
{
  ArenaBlock *blocks;      /* the first one is the one being filled */
  size_t      next_size;
  void      **own;         /* arrays malloc'd one by one, in order; NULL once taken */
  size_t      n_own, own_capacity;
  size_t      take_from;   /* where arena_take() starts looking */
  size_t      allocated;   /* bytes handed out so far */
  size_t      budget;      /* most bytes the message of a file this size may need */
  bool        over_budget;
} Arena;

/* protobuf-c trusts the file: a message of empty sub-messages, 2 bytes each, costs
 * ~150 bytes each unpacked, so a file at the size limit could ask for tens of
 * gigabytes before any count of ours is checked. Real documents are mostly packed
 * floats (1:1) and short bones (under 10:1); the budget allows far more, but not
 * an unbounded amount. */
#define ARENA_BUDGET_RATIO 32
#define ARENA_BUDGET_SLACK ((size_t) 16 << 20)
#define ARENA_BUDGET_MAX   ((size_t) 4 << 30)

static size_t
arena_budget (size_t file_size)
{
  if (file_size > (ARENA_BUDGET_MAX - ARENA_BUDGET_SLACK) / ARENA_BUDGET_RATIO)
    return ARENA_BUDGET_MAX;
  return file_size * ARENA_BUDGET_RATIO + ARENA_BUDGET_SLACK;
}

static bool
arena_charge (Arena *arena, size_t size)
{
  if (size > arena->budget - arena->allocated)
    {
      arena->over_budget = true;
      return false;
    }
  arena->allocated += size;
  return true;
}

static void *
arena_alloc_own (Arena *arena, size_t size)
{
  void *p;

  if (arena->n_own == arena->own_capacity)
    {
      size_t cap = arena->own_capacity ? 2 * arena->own_capacity : 64;
      void **own = realloc (arena->own, cap * sizeof *own);

      if (own == NULL)
        return NULL;
      arena->own = own;
      arena->own_capacity = cap;
    }
  p = malloc (size);
  if (p != NULL)
    arena->own[arena->n_own++] = p;
  return p;
}

static void *
arena_alloc (void *arena_data, size_t size)
{
  Arena *arena = arena_data;
  ArenaBlock *b = arena->blocks;
  void *p;

  if (size > SIZE_MAX / 2)
    return NULL;
  if (size >= ARENA_OWN_MIN)
    return arena_charge (arena, size) ? arena_alloc_own (arena, size) : NULL;
  size = (size + ARENA_ALIGN - 1) & ~(ARENA_ALIGN - 1);
  if (b == NULL || b->size - b->used < size)
    {
      if (!arena_charge (arena, sizeof *b + arena->next_size))
        return NULL;
      b = malloc (sizeof *b + arena->next_size);
      if (b == NULL)
        return NULL;
      b->used = 0;
      b->size = arena->next_size;
      b->next = arena->blocks;
      arena->blocks = b;
      if (arena->next_size < ARENA_MAX_BLOCK)
        arena->next_size *= 2;
    }
  p = (char *) b->data + b->used;
  b->used += size;
  return p;
}

static void
arena_free (void *arena_data, void *pointer)
{
}

/* Hands the array p of size bytes over to the caller, who frees it from now on;
 * false (nothing changes) when it is not one the arena can give away, such as a
 * small array inside a block: then it has to be copied. */
static bool
arena_take (Arena *arena, const void *p, size_t size)
{
  size_t end = arena->take_from + ARENA_TAKE_WINDOW;

  if (size < ARENA_OWN_MIN)
    return false;
  for (size_t i = arena->take_from; i < arena->n_own && i < end; i++)
    if (arena->own[i] == p)
      {
        arena->own[i] = NULL;
        arena->take_from = i + 1;
        return true;
      }
  return false;
}

static void
arena_release (Arena *arena)
{
  for (size_t i = 0; i < arena->n_own; i++)
    free (arena->own[i]);
  free (arena->own);
  arena->own = NULL;
  arena->n_own = arena->own_capacity = arena->take_from = 0;
  while (arena->blocks != NULL)
    {
      ArenaBlock *next = arena->blocks->next;

      free (arena->blocks);
      arena->blocks = next;
    }
}

/* Loading: checks on the message ------------------------------------------- */

static bool
check_version (const Ossa__Document *msg, OssaError *err)
{
  if (!msg->has_format_version)
    {
      ossa_error_set (err, OSSA_ERROR_FORMAT,
                      "not an Ossa document: format_version is missing");
      return false;
    }
  if (msg->format_version > OSSA_FORMAT_VERSION)
    {
      ossa_error_set (err, OSSA_ERROR_FORMAT, "format_version %u is newer than this Ossa reads (%u)",
                      msg->format_version, OSSA_FORMAT_VERSION);
      return false;
    }
  if (msg->format_version != OSSA_FORMAT_VERSION)
    {
      ossa_error_set (err, OSSA_ERROR_FORMAT, "format_version %u is not one this Ossa reads (%u)",
                      msg->format_version, OSSA_FORMAT_VERSION);
      return false;
    }
  return true;
}

static bool
check_generator (const char *generator, OssaError *err)
{
  size_t len;

  if (generator == NULL)
    return true;
  len = strlen (generator);
  if (len > OSSA_MAX_NAME_BYTES)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "generator is %zu bytes long (limit %u)",
                      len, OSSA_MAX_NAME_BYTES);
      return false;
    }
  if (!ossa_utf8_valid (generator, len))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "generator is not valid UTF-8");
      return false;
    }
  return true;
}

/* Which track a message is about. The words are only put together when something
 * is wrong: formatting them for every track would cost more than the checks. */
typedef struct
{
  const char        *anim;
  size_t             index;
  const Ossa__Track *track;
} TrackRef;

static bool track_error (OssaError *err, OssaErrorCode code, const TrackRef *ref,
                         const char *format, ...) __attribute__ ((format (printf, 4, 5)));

/* "animation 'walk': track 2 (bone 4 rotate): REASON"; always false. */
static bool
track_error (OssaError *err, OssaErrorCode code, const TrackRef *ref, const char *format, ...)
{
  const char *channel = ossa_channel_name ((OssaChannel) ref->track->channel);
  char reason[256];
  va_list args;

  va_start (args, format);
  vsnprintf (reason, sizeof reason, format, args);
  va_end (args);
  if (channel != NULL)
    ossa_error_set (err, code, "%s: track %zu (bone %u %s): %s", ref->anim, ref->index,
                    ref->track->bone, channel, reason);
  else
    ossa_error_set (err, code, "%s: track %zu (bone %u): %s", ref->anim, ref->index,
                    ref->track->bone, reason);
  return false;
}

/* Enum numbers are checked by hand: protobuf-c passes unknown ones through. The
 * BEZIER keys decide how many curve numbers there must be. */
static bool
check_interp (const Ossa__Track *t, const TrackRef *ref, OssaError *err)
{
  size_t n_bezier = 0;

  if (t->n_interp != 0 && t->n_interp != t->n_times)
    return track_error (err, OSSA_ERROR_INVALID, ref, "%zu keys but %zu interpolations",
                        t->n_times, t->n_interp);
  for (size_t i = 0; i < t->n_interp; i++)
    {
      if ((unsigned) t->interp[i] >= OSSA_N_INTERPS)
        return track_error (err, OSSA_ERROR_INVALID, ref, "key %zu has unknown interpolation %d",
                            i, (int) t->interp[i]);
      n_bezier += t->interp[i] == OSSA__INTERP__BEZIER;
    }
  if (t->n_curves != 4 * n_bezier)
    return track_error (err, OSSA_ERROR_INVALID, ref, "has %zu curve numbers, needs %zu (4 per bezier key)",
                        t->n_curves, 4 * n_bezier);
  return true;
}

static bool
check_spin_turns (const Ossa__Track *t, const TrackRef *ref, OssaError *err)
{
  if (t->n_spin != 0 && t->n_spin != t->n_times)
    return track_error (err, OSSA_ERROR_INVALID, ref, "%zu keys but %zu spins",
                        t->n_times, t->n_spin);
  for (size_t i = 0; i < t->n_spin; i++)
    if ((unsigned) t->spin[i] >= OSSA_N_SPINS)
      return track_error (err, OSSA_ERROR_INVALID, ref, "key %zu has unknown spin %d",
                          i, (int) t->spin[i]);
  if (t->n_turns != 0 && t->n_turns != t->n_times)
    return track_error (err, OSSA_ERROR_INVALID, ref, "%zu keys but %zu turn counts",
                        t->n_times, t->n_turns);
  return true;
}

static bool
check_track (const Ossa__Track *t, const char *anim, size_t index, size_t n_bones,
             OssaError *err)
{
  TrackRef ref = { anim, index, t };

  if ((unsigned) t->channel >= OSSA_N_CHANNELS)
    return track_error (err, OSSA_ERROR_INVALID, &ref, "unknown channel %d", (int) t->channel);
  if (t->bone >= n_bones)
    return track_error (err, OSSA_ERROR_INVALID, &ref, "the skeleton has %zu bones", n_bones);
  if (t->n_times > OSSA_MAX_KEYS)
    return track_error (err, OSSA_ERROR_LIMIT, &ref, "%zu keys (limit %u)", t->n_times,
                        OSSA_MAX_KEYS);
  if (t->n_values != t->n_times)
    return track_error (err, OSSA_ERROR_INVALID, &ref, "%zu times but %zu values",
                        t->n_times, t->n_values);
  return check_interp (t, &ref, err) && check_spin_turns (t, &ref, err);
}

static bool
check_animation (const Ossa__Animation *a, size_t index, size_t n_bones, OssaError *err)
{
  char what[96];

  /* Checked here as well as by validation, which cannot say which animation. */
  snprintf (what, sizeof what, "animation %zu name", index);
  if (!ossa_name_check (a->name, what, err))
    return false;
  label (what, sizeof what, "animation", index, a->name);
  if (a->n_tracks > OSSA_MAX_TRACKS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "%s: %zu tracks (limit %u)", what, a->n_tracks,
                      OSSA_MAX_TRACKS);
      return false;
    }
  for (size_t i = 0; i < a->n_tracks; i++)
    if (!check_track (a->tracks[i], what, i, n_bones, err))
      return false;
  return true;
}

static bool
check_cell (const Ossa__Cell *c, const char *what, const char *role, uint32_t width,
            uint32_t height, OssaError *err)
{
  if (c == NULL || (c->x < width && c->y < height))
    return true;
  ossa_error_set (err, OSSA_ERROR_INVALID, "%s: %s (%u, %u) lies outside the %u × %u map",
                  what, role, c->x, c->y, width, height);
  return false;
}

static bool
check_map (const Ossa__GridMap *m, size_t index, OssaError *err)
{
  char what[96];

  label (what, sizeof what, "map", index, m->name);
  if (!m->has_width || !m->has_height)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "%s: %s is missing", what,
                      m->has_width ? "height" : "width");
      return false;
    }
  /* Before width × height is ever allocated: a file may declare any size. */
  if (m->width == 0 || m->height == 0 || m->width > OSSA_MAX_MAP_SIDE
      || m->height > OSSA_MAX_MAP_SIDE)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "%s: size %u × %u is outside 1 to %u",
                      what, m->width, m->height, OSSA_MAX_MAP_SIDE);
      return false;
    }
  if (m->cells.len != (size_t) m->width * m->height)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "%s: %zu cell bytes for a %u × %u map (%zu expected)",
                      what, m->cells.len, m->width, m->height, (size_t) m->width * m->height);
      return false;
    }
  return check_cell (m->start, what, "start", m->width, m->height, err)
         && check_cell (m->goal, what, "goal", m->width, m->height, err);
}

/* Column lengths against each other and the limits, before anything is copied. */
static bool
check_mesh (const Ossa__Mesh *m, size_t index, size_t n_bones, OssaError *err)
{
  char what[96];
  size_t n = m->n_bones;

  label (what, sizeof what, "mesh", index, m->name);
  if (n > OSSA_MAX_MESH_VERTICES || m->n_indices / 3 > OSSA_MAX_MESH_TRIANGLES
      || m->n_materials > OSSA_MAX_MATERIALS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "%s: %zu vertices, %zu indices, %zu materials (limits %u, %u, %u)",
                      what, n, m->n_indices, m->n_materials, OSSA_MAX_MESH_VERTICES,
                      3 * OSSA_MAX_MESH_TRIANGLES, OSSA_MAX_MATERIALS);
      return false;
    }
  if (m->n_positions != 2 * n || (m->n_uvs != 0 && m->n_uvs != 2 * n))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "%s: %zu vertices but %zu position and %zu uv numbers (2 per vertex)",
                      what, n, m->n_positions, m->n_uvs);
      return false;
    }
  if (m->n_indices % 3 != 0
      || (m->n_triangle_materials != 0 && m->n_triangle_materials != m->n_indices / 3))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "%s: %zu indices (3 per triangle) and %zu triangle materials",
                      what, m->n_indices, m->n_triangle_materials);
      return false;
    }
  for (size_t i = 0; i < n; i++)
    if (m->bones[i] >= n_bones)
      {
        ossa_error_set (err, OSSA_ERROR_INVALID, "%s: vertex %zu is bound to bone %u; the skeleton has %zu bones",
                        what, i, m->bones[i], n_bones);
        return false;
      }
  for (size_t i = 0; i < m->n_indices; i++)
    if (m->indices[i] >= n)
      {
        ossa_error_set (err, OSSA_ERROR_INVALID, "%s: triangle %zu uses vertex %u; the mesh has %zu",
                        what, i / 3, m->indices[i], n);
        return false;
      }
  for (size_t i = 0; i < m->n_triangle_materials; i++)
    if (m->triangle_materials[i] >= m->n_materials)
      {
        ossa_error_set (err, OSSA_ERROR_INVALID, "%s: triangle %zu uses material %u; the mesh has %zu",
                        what, i, m->triangle_materials[i], m->n_materials);
        return false;
      }
  return true;
}

static bool
check_message (const Ossa__Document *msg, OssaError *err)
{
  size_t n_bones = msg->skeleton ? msg->skeleton->n_bones : 0;

  if (!check_version (msg, err) || !check_generator (msg->generator, err))
    return false;
  if (n_bones > OSSA_MAX_BONES)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "the skeleton has %zu bones (limit %u)",
                      n_bones, OSSA_MAX_BONES);
      return false;
    }
  if (msg->n_animations > OSSA_MAX_ANIMATIONS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "%zu animations (limit %u)",
                      msg->n_animations, OSSA_MAX_ANIMATIONS);
      return false;
    }
  if (msg->n_maps > OSSA_MAX_MAPS)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "%zu maps (limit %u)", msg->n_maps, OSSA_MAX_MAPS);
      return false;
    }
  for (size_t i = 0; i < msg->n_animations; i++)
    if (!check_animation (msg->animations[i], i, n_bones, err))
      return false;
  for (size_t i = 0; i < msg->n_maps; i++)
    if (!check_map (msg->maps[i], i, err))
      return false;
  if (msg->n_meshes > OSSA_MAX_MESHES)
    {
      ossa_error_set (err, OSSA_ERROR_LIMIT, "%zu meshes (limit %u)", msg->n_meshes, OSSA_MAX_MESHES);
      return false;
    }
  for (size_t i = 0; i < msg->n_meshes; i++)
    if (!check_mesh (msg->meshes[i], i, n_bones, err))
      return false;
  return true;
}

/* Loading: copying into the core -------------------------------------------- */

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
  return ossa_skeleton_validate (skel, err);
}

/* Every column below comes from a track check_track() has found consistent: each
 * optional column is empty or one per key, enums are in range, and there are 4
 * curve numbers per BEZIER key. */

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
take_column (Arena *arena, void *col, size_t bytes, bool *ok)
{
  void *copy;

  if (arena_take (arena, col, bytes))
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
take_turns (Arena *arena, const Ossa__Track *src, bool *ok)
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
convert_track (Arena *arena, const Ossa__Track *src, OssaTrack *track)
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
convert_tracks (Arena *arena, const Ossa__Animation *src, OssaAnimation *anim, size_t n_bones,
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
convert_animation (Arena *arena, const Ossa__Animation *src, OssaDocument *doc, size_t index,
                   OssaError *err)
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
         && _ossa_document_validate_animation_name (doc, index, err);
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

/* From a mesh check_mesh() has found consistent. */
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
convert_lists (Arena *arena, const Ossa__Document *msg, OssaDocument *doc, OssaError *err)
{
  if (msg->n_animations > 0)
    {
      doc->animations = calloc (msg->n_animations, sizeof *doc->animations);
      if (doc->animations == NULL)
        return set_no_memory (err);
      doc->n_animations = msg->n_animations;
      for (size_t i = 0; i < msg->n_animations; i++)
        if (!convert_animation (arena, msg->animations[i], doc, i, err))
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
convert_document (Arena *arena, const Ossa__Document *msg, OssaError *err)
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
           && convert_lists (arena, msg, doc, err))
    return doc;
  ossa_document_free (doc);
  return NULL;
}

OssaDocument *
ossa_document_load_bytes (const void *data, size_t size, const char *path, OssaError *err)
{
  Arena arena = { NULL, ARENA_FIRST_BLOCK, NULL, 0, 0, 0, 0, arena_budget (size), false };
  ProtobufCAllocator allocator = { arena_alloc, arena_free, &arena };
  Ossa__Document *msg;
  OssaDocument *doc = NULL;

  if (size == 0)
    ossa_error_set (err, OSSA_ERROR_FORMAT, "not an Ossa document: the file is empty");
  else if (size > OSSA_MAX_FILE_SIZE)
    ossa_error_set (err, OSSA_ERROR_LIMIT, "the file is %zu bytes (limit %zu)", size,
                    OSSA_MAX_FILE_SIZE);
  else if ((msg = ossa__document__unpack (&allocator, size, data)) == NULL && arena.over_budget)
    ossa_error_set (err, OSSA_ERROR_LIMIT, "the document would need more than %zu MB of memory to read; a %zu-byte Ossa file never does, so it is not a valid one",
                    arena.budget >> 20, size);
  else if (msg == NULL)
    ossa_error_set (err, OSSA_ERROR_FORMAT, "not a valid Ossa document (protobuf decoding failed)");
  else if (check_message (msg, err))
    doc = convert_document (&arena, msg, err);
  /* The message, and after a failed unpack whatever protobuf-c had allocated. */
  arena_release (&arena);
  if (doc == NULL && err != NULL)
    {
      err->errno_value = 0;
      ossa_error_set_location (err, path, 0);
    }
  return doc;
}

/* Saving ----------------------------------------------------------------------- */

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
  if (!build_animations (doc, out) || !build_maps (doc, out) || !build_meshes (doc, out))
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
    set_no_memory (err);
  else if ((n = ossa__document__get_packed_size (&out.doc)) > OSSA_MAX_FILE_SIZE)
    ossa_error_set (err, OSSA_ERROR_LIMIT, "the document would be %zu bytes (limit %zu)", n,
                    OSSA_MAX_FILE_SIZE);
  else if ((buf = malloc (n ? n : 1)) == NULL)
    set_no_memory (err);
  else
    ossa__document__pack (&out.doc, buf);
  outgoing_free (&out);
  if (buf == NULL)
    return false;
  *data = buf;
  *size = n;
  return true;
}
