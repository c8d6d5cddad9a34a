/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Between the protobuf-c messages of proto/ossa.proto and OssaDocument. The only
 * file of libossa that sees the generated code: everything is copied out of an
 * unpacked message before it is freed, and nothing keeps a pointer into one.
 *
 * Loading is three steps. check_message() looks at every count, column length,
 * index and enum number in the message before anything of the core is allocated
 * (protobuf-c trusts what a file declares, so we must not). convert_document() then
 * copies, allocating each array once with its exact size; it can only run out of
 * memory. ossa_document_validate() finally applies the semantic rules. */
#include "ossa-io.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-types.h"
#include "ossa.pb-c.h"

/* Short enough that the reason after it still fits in an OssaError message. */
#define LABEL_NAME_MAX 64

static void
set_no_memory (OssaError *err)
{
  ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
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
 * with free_unpacked(). */
#define ARENA_FIRST_BLOCK ((size_t) 64 << 10)
#define ARENA_MAX_BLOCK   ((size_t) 8 << 20)
#define ARENA_ALIGN       _Alignof (max_align_t)

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
} Arena;

static void *
arena_alloc (void *arena_data, size_t size)
{
  Arena *arena = arena_data;
  ArenaBlock *b = arena->blocks;
  void *p;

  if (size > SIZE_MAX / 2)
    return NULL;
  size = (size + ARENA_ALIGN - 1) & ~(ARENA_ALIGN - 1);
  if (b == NULL || b->size - b->used < size)
    {
      /* A request larger than a block gets a block of its own, kept behind the
       * current one so that the room left there is not lost. */
      bool own = b != NULL && size > arena->next_size;
      size_t bytes = own || size > arena->next_size ? size : arena->next_size;

      b = malloc (sizeof *b + bytes);
      if (b == NULL)
        return NULL;
      b->used = 0;
      b->size = bytes;
      if (own)
        {
          b->next = arena->blocks->next;
          arena->blocks->next = b;
        }
      else
        {
          b->next = arena->blocks;
          arena->blocks = b;
          if (arena->next_size < ARENA_MAX_BLOCK)
            arena->next_size *= 2;
        }
    }
  p = (char *) b->data + b->used;
  b->used += size;
  return p;
}

static void
arena_free (void *arena_data, void *pointer)
{
}

static void
arena_release (Arena *arena)
{
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
convert_skeleton (const Ossa__Skeleton *src, OssaSkeleton *skel)
{
  if (src == NULL || src->n_bones == 0)
    return true;
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

/* Keys from the columns, which check_track() has found consistent. The defaults
 * go in first in one tight pass; the optional columns overwrite them. */
static void
fill_keys (OssaKey *keys, const Ossa__Track *t)
{
  const OssaKey base = ossa_key_make (0.f, 0.f);
  size_t n = t->n_times, c = 0;

  for (size_t i = 0; i < n; i++)
    {
      keys[i] = base;
      keys[i].time = t->times[i];
      keys[i].value = t->values[i];
    }
  for (size_t i = 0; i < t->n_interp; i++)
    {
      keys[i].interp = (OssaInterp) t->interp[i];
      if (keys[i].interp == OSSA_INTERP_BEZIER)
        {
          keys[i].curve = (OssaCurve) { t->curves[c], t->curves[c + 1], t->curves[c + 2],
                                        t->curves[c + 3] };
          c += 4;
        }
    }
  for (size_t i = 0; i < t->n_spin; i++)
    keys[i].spin = (OssaSpin) t->spin[i];
  for (size_t i = 0; i < t->n_turns; i++)
    keys[i].turns = t->turns[i];
}

static bool
convert_track (const Ossa__Track *src, OssaTrack *track)
{
  ossa_track_init (track, src->bone, (OssaChannel) src->channel);
  if (src->n_times == 0)
    return true;
  track->keys = malloc (src->n_times * sizeof *track->keys);
  if (track->keys == NULL)
    return false;
  track->n_keys = track->capacity = src->n_times;
  fill_keys (track->keys, src);
  return true;
}

static bool
convert_animation (const Ossa__Animation *src, OssaAnimation *anim)
{
  anim->name = copy_name (src->name);
  if (anim->name == NULL)
    return false;
  anim->duration = src->duration;
  anim->loop = src->loop;
  anim->fps = src->fps;
  if (src->n_tracks == 0)
    return true;
  anim->tracks = calloc (src->n_tracks, sizeof *anim->tracks);
  if (anim->tracks == NULL)
    return false;
  /* Zeroed tracks are safe to clear, so the count can cover them all now. */
  anim->n_tracks = anim->capacity = src->n_tracks;
  for (size_t i = 0; i < src->n_tracks; i++)
    if (!convert_track (src->tracks[i], &anim->tracks[i]))
      return false;
  return true;
}

static bool
convert_map (const Ossa__GridMap *src, OssaGridMap *map)
{
  map->name = copy_name (src->name);
  map->cells = malloc (src->cells.len);
  if (map->name == NULL || map->cells == NULL)
    return false;
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
  return true;
}

static bool
convert_lists (const Ossa__Document *msg, OssaDocument *doc)
{
  if (msg->n_animations > 0)
    {
      doc->animations = calloc (msg->n_animations, sizeof *doc->animations);
      if (doc->animations == NULL)
        return false;
      doc->n_animations = msg->n_animations;
      for (size_t i = 0; i < msg->n_animations; i++)
        if (!convert_animation (msg->animations[i], &doc->animations[i]))
          return false;
    }
  if (msg->n_maps > 0)
    {
      doc->maps = calloc (msg->n_maps, sizeof *doc->maps);
      if (doc->maps == NULL)
        return false;
      doc->n_maps = msg->n_maps;
      for (size_t i = 0; i < msg->n_maps; i++)
        if (!convert_map (msg->maps[i], &doc->maps[i]))
          return false;
    }
  return true;
}

/* Only fails on out of memory: check_message() has seen everything else. */
static OssaDocument *
convert_document (const Ossa__Document *msg, OssaError *err)
{
  OssaDocument *doc = ossa_document_new ();

  if (doc == NULL)
    {
      set_no_memory (err);
      return NULL;
    }
  if ((msg->generator != NULL && (doc->generator = strdup (msg->generator)) == NULL)
      || !convert_skeleton (msg->skeleton, &doc->skeleton) || !convert_lists (msg, doc))
    {
      ossa_document_free (doc);
      set_no_memory (err);
      return NULL;
    }
  return doc;
}

OssaDocument *
ossa_document_load_bytes (const void *data, size_t size, const char *path, OssaError *err)
{
  Arena arena = { NULL, ARENA_FIRST_BLOCK };
  ProtobufCAllocator allocator = { arena_alloc, arena_free, &arena };
  Ossa__Document *msg;
  OssaDocument *doc = NULL;

  if (size == 0)
    ossa_error_set (err, OSSA_ERROR_FORMAT, "not an Ossa document: the file is empty");
  else if (size > OSSA_MAX_FILE_SIZE)
    ossa_error_set (err, OSSA_ERROR_LIMIT, "the file is %zu bytes (limit %zu)", size,
                    OSSA_MAX_FILE_SIZE);
  else if ((msg = ossa__document__unpack (&allocator, size, data)) == NULL)
    ossa_error_set (err, OSSA_ERROR_FORMAT, "not a valid Ossa document (protobuf decoding failed)");
  else
    {
      if (check_message (msg, err))
        doc = convert_document (msg, err);
      /* Released before validating: the peak holds one copy of the keys, not two. */
      arena_release (&arena);
      if (doc != NULL && !ossa_document_validate (doc, err))
        {
          ossa_document_free (doc);
          doc = NULL;
        }
    }
  /* After a failed unpack, what protobuf-c had allocated is still here. */
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
 * function can free them all. Strings and cells point into the document. */
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
  size_t            n_tracks;
  Ossa__GridMap    *maps;
  Ossa__GridMap   **map_ptrs;
  Ossa__Cell       *cells;        /* start and goal of each map */
} Outgoing;

static void
outgoing_free (Outgoing *out)
{
  /* Each track's columns are one block that starts at its times. */
  for (size_t i = 0; i < out->n_tracks; i++)
    free (out->tracks[i].times);
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

/* Columns that hold only their default (all LINEAR, all SHORTEST, no turns) are
 * left out; curves are written for BEZIER keys only. */
static bool
build_track (const OssaTrack *src, Ossa__Track *t)
{
  size_t n = src->n_keys, n_bezier = 0, words, c = 0;
  bool any_interp = false, any_spin = false, any_turns = false;
  float *block;

  ossa__track__init (t);
  t->has_bone = t->has_channel = 1;
  t->bone = src->bone;
  t->channel = (Ossa__Channel) src->channel;
  if (n == 0)
    return true;
  for (size_t i = 0; i < n; i++)
    {
      any_interp |= src->keys[i].interp != OSSA_INTERP_LINEAR;
      n_bezier += src->keys[i].interp == OSSA_INTERP_BEZIER;
      any_spin |= src->keys[i].spin != OSSA_SPIN_SHORTEST;
      any_turns |= src->keys[i].turns != 0;
    }
  /* Every column is 4-byte words: floats, int-sized enums, uint32. */
  words = 2 * n + 4 * n_bezier + (any_interp + any_spin + any_turns) * n;
  block = malloc (words * sizeof (float));
  if (block == NULL)
    return false;
  t->n_times = t->n_values = n;
  t->times = block;
  t->values = block + n;
  t->n_curves = 4 * n_bezier;
  t->curves = block + 2 * n;
  block += 2 * n + 4 * n_bezier;
  if (any_interp)
    {
      t->n_interp = n;
      t->interp = (Ossa__Interp *) (void *) block;
      block += n;
    }
  if (any_spin)
    {
      t->n_spin = n;
      t->spin = (Ossa__Spin *) (void *) block;
      block += n;
    }
  if (any_turns)
    {
      t->n_turns = n;
      t->turns = (uint32_t *) (void *) block;
    }
  for (size_t i = 0; i < n; i++)
    {
      const OssaKey *k = &src->keys[i];

      t->times[i] = k->time;
      t->values[i] = k->value;
      if (any_interp)
        t->interp[i] = (Ossa__Interp) k->interp;
      if (k->interp == OSSA_INTERP_BEZIER)
        {
          memcpy (&t->curves[c], &k->curve, sizeof k->curve);
          c += 4;
        }
      if (any_spin)
        t->spin[i] = (Ossa__Spin) k->spin;
      if (any_turns)
        t->turns[i] = k->turns;
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
  if (!out->anims || !out->anim_ptrs || !out->tracks || !out->track_ptrs)
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
          if (!build_track (&src->tracks[j], &out->tracks[next]))
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
  if (!build_animations (doc, out) || !build_maps (doc, out))
    return false;
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
