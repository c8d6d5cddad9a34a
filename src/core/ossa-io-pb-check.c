/* SPDX-License-Identifier: MIT */
/* Checks on an unpacked .ossa message before it is converted
 * (ossa-io-pb-check-private.h). */
#include "ossa-io-pb-check-private.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ossa-io-pb-art-private.h"
#include "ossa-io-pb-ik-private.h"
#include "ossa-skeleton.h"
#include "ossa-types.h"

/* Short enough that the reason after it still fits in an OssaError message. */
#define LABEL_NAME_MAX 64

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

bool
_ossa_pb_check_document (const Ossa__Document *msg, OssaError *err)
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
  return _ossa_pb_check_art (msg, err) && _ossa_pb_check_ik (msg, err);
}
