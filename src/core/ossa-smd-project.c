/* SPDX-License-Identifier: MIT */
/* SMD 3D → Ossa 2D (writing an Ossa animation back to SMD is ossa-smd-export.c).
 *
 * Each frame: the 3D world transform of every bone from its Euler angles (X, then
 * Y, then Z: R = Rz·Ry·Rx) as a quaternion, composed down the parent chain; the
 * world joint positions projected onto the plane; each bone's 2D world angle
 * pointing at its first child's projected joint (else along its projected x axis,
 * else its parent's angle). The 2D locals follow from those: a child's position is
 * its projected joint offset from the parent's, turned into the parent's frame, so
 * the 2D world joints are the projected 3D ones exactly (scale stays 1;
 * foreshortening shows up as changing local positions). All in double; the
 * document stores floats. */
#define _GNU_SOURCE
#include "ossa-smd-project.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ossa-animation.h"
#include "ossa-pose.h"
#include "ossa-smd-project-private.h"
#include "ossa-types.h"

/* Below this a projected offset has no direction (file units, ~1/1000 of a mm). */
#define DEGENERATE 1e-6
#define BONE_COLOR 0xd0d0d0ffu

typedef struct
{
  double w, x, y, z;
} Quat;

static Quat
quat_mul (Quat a, Quat b)
{
  return (Quat) {
    a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
    a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
    a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
    a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
  };
}

/* q v q*, for a unit q. */
static void
quat_rotate (Quat q, const double v[3], double out[3])
{
  /* t = 2 (q.xyz × v); v' = v + w t + q.xyz × t */
  double tx = 2 * (q.y * v[2] - q.z * v[1]);
  double ty = 2 * (q.z * v[0] - q.x * v[2]);
  double tz = 2 * (q.x * v[1] - q.y * v[0]);

  out[0] = v[0] + q.w * tx + (q.y * tz - q.z * ty);
  out[1] = v[1] + q.w * ty + (q.z * tx - q.x * tz);
  out[2] = v[2] + q.w * tz + (q.x * ty - q.y * tx);
}

/* Rz(rz) · Ry(ry) · Rx(rx) as a quaternion: qz qy qx. */
static Quat
quat_from_euler (const double r[3])
{
  double sx, cx, sy, cy, sz, cz;

  sincos (r[0] / 2, &sx, &cx);
  sincos (r[1] / 2, &sy, &cy);
  sincos (r[2] / 2, &sz, &cz);
  /* qz · qy · qx multiplied out. */
  return (Quat) {
    cz * cy * cx + sz * sy * sx,
    cz * cy * sx - sz * sy * cx,
    cz * sy * cx + sz * cy * sx,
    sz * cy * cx - cz * sy * sx,
  };
}

static void
project (OssaSmdPlane plane, const double p[3], double *x, double *y)
{
  switch (plane)
    {
    case OSSA_SMD_PLANE_XY:
      *x = p[0];
      *y = p[1];
      break;
    case OSSA_SMD_PLANE_YZ:
      *x = p[1];
      *y = p[2];
      break;
    case OSSA_SMD_PLANE_XZ:
    default:
      *x = p[0];
      *y = p[2];
      break;
    }
}

double
_ossa_smd_wrap_angle (double a)
{
  /* Differences of two angles in (−π, π] need one step at most. */
  if (a > OSSA_PI)
    a -= 2 * OSSA_PI;
  else if (a <= -OSSA_PI)
    a += 2 * OSSA_PI;
  if (a > OSSA_PI || a <= -OSSA_PI)
    {
      a = remainder (a, 2 * OSSA_PI);
      if (a <= -OSSA_PI)
        a += 2 * OSSA_PI;
    }
  return a;
}

/* Scratch for projecting one pose of n bones. */
typedef struct
{
  size_t   n;
  int32_t *parent;       /* per bone */
  int32_t *first_child;  /* per bone, -1 for a leaf */
  Quat    *q;            /* world rotation */
  double  *p;            /* world position, 3 per bone */
  double  *xy;           /* projected joint, 2 per bone */
  double  *angle;        /* 2D world angle */
  double  *dir;          /* its cosine and sine, 2 per bone */
} Projector;

static void
projector_free (Projector *pr)
{
  free (pr->parent);
  free (pr->first_child);
  free (pr->q);
  free (pr->p);
  free (pr->xy);
  free (pr->angle);
  free (pr->dir);
  memset (pr, 0, sizeof *pr);
}

static bool
projector_init (Projector *pr, const OssaSmdNode *nodes, size_t n)
{
  size_t m = n ? n : 1;

  memset (pr, 0, sizeof *pr);
  pr->n = n;
  pr->parent = malloc (m * sizeof *pr->parent);
  pr->first_child = malloc (m * sizeof *pr->first_child);
  pr->q = malloc (m * sizeof *pr->q);
  pr->p = malloc (3 * m * sizeof *pr->p);
  pr->xy = malloc (2 * m * sizeof *pr->xy);
  pr->angle = malloc (m * sizeof *pr->angle);
  pr->dir = malloc (2 * m * sizeof *pr->dir);
  if (!pr->parent || !pr->first_child || !pr->q || !pr->p || !pr->xy || !pr->angle || !pr->dir)
    {
      projector_free (pr);
      return false;
    }
  for (size_t i = 0; i < n; i++)
    {
      pr->parent[i] = nodes[i].parent;
      pr->first_child[i] = -1;
    }
  /* Backwards, so the child with the lowest index is the one left. */
  for (size_t i = n; i-- > 0;)
    if (pr->parent[i] >= 0)
      pr->first_child[pr->parent[i]] = (int32_t) i;
  return true;
}

/* World transforms, projected joints and 2D world angles of a pose (locals[i] for
 * bone i; parents come first). */
static void
projector_run (Projector *pr, const OssaSmdPose *locals, OssaSmdPlane plane)
{
  static const double x_axis[3] = { 1, 0, 0 };

  for (size_t i = 0; i < pr->n; i++)
    {
      Quat lq = quat_from_euler (locals[i].rot);
      int32_t parent = pr->parent[i];

      if (parent < 0)
        {
          pr->q[i] = lq;
          memcpy (&pr->p[3 * i], locals[i].pos, 3 * sizeof (double));
        }
      else
        {
          double off[3];

          pr->q[i] = quat_mul (pr->q[parent], lq);
          quat_rotate (pr->q[parent], locals[i].pos, off);
          for (int k = 0; k < 3; k++)
            pr->p[3 * i + k] = pr->p[3 * parent + k] + off[k];
        }
      project (plane, &pr->p[3 * i], &pr->xy[2 * i], &pr->xy[2 * i + 1]);
    }
  /* Parents first again: a degenerate bone takes its parent's angle. */
  for (size_t i = 0; i < pr->n; i++)
    {
      int32_t c = pr->first_child[i];
      double dx = 0, dy = 0, len;

      if (c >= 0)
        {
          dx = pr->xy[2 * c] - pr->xy[2 * i];
          dy = pr->xy[2 * c + 1] - pr->xy[2 * i + 1];
        }
      len = sqrt (dx * dx + dy * dy);
      if (len <= DEGENERATE)
        {
          double ax[3];

          quat_rotate (pr->q[i], x_axis, ax);
          project (plane, ax, &dx, &dy);
          len = sqrt (dx * dx + dy * dy);
        }
      if (len > DEGENERATE * DEGENERATE)
        {
          pr->angle[i] = atan2 (dy, dx);
          pr->dir[2 * i] = dx / len;
          pr->dir[2 * i + 1] = dy / len;
        }
      else if (pr->parent[i] >= 0)
        {
          pr->angle[i] = pr->angle[pr->parent[i]];
          pr->dir[2 * i] = pr->dir[2 * pr->parent[i]];
          pr->dir[2 * i + 1] = pr->dir[2 * pr->parent[i] + 1];
        }
      else
        {
          pr->angle[i] = 0;
          pr->dir[2 * i] = 1;
          pr->dir[2 * i + 1] = 0;
        }
    }
}

/* 2D local of bone i from the projected pose: x, y, rotation (wrapped). */
static void
projector_local (const Projector *pr, size_t i, double out[3])
{
  int32_t parent = pr->parent[i];

  if (parent < 0)
    {
      out[0] = pr->xy[2 * i];
      out[1] = pr->xy[2 * i + 1];
      out[2] = _ossa_smd_wrap_angle (pr->angle[i]);
    }
  else
    {
      double dx = pr->xy[2 * i] - pr->xy[2 * parent];
      double dy = pr->xy[2 * i + 1] - pr->xy[2 * parent + 1];
      double c = pr->dir[2 * parent], s = pr->dir[2 * parent + 1];

      out[0] = c * dx + s * dy;
      out[1] = -s * dx + c * dy;
      out[2] = _ossa_smd_wrap_angle (pr->angle[i] - pr->angle[parent]);
    }
}

void
ossa_smd_project_frame (const OssaSmd *smd, size_t frame, OssaSmdPlane plane, double *xy,
                        double *angle)
{
  Projector pr;
  OssaSmdPose *zero = NULL;
  const OssaSmdPose *locals;

  if (!projector_init (&pr, smd->nodes, smd->n_nodes))
    return;
  if (frame < smd->n_frames)
    locals = &smd->poses[frame * smd->n_nodes];
  else
    locals = zero = calloc (smd->n_nodes ? smd->n_nodes : 1, sizeof *zero);
  if (locals != NULL)
    {
      projector_run (&pr, locals, plane);
      memcpy (xy, pr.xy, 2 * smd->n_nodes * sizeof *xy);
      memcpy (angle, pr.angle, smd->n_nodes * sizeof *angle);
    }
  free (zero);
  projector_free (&pr);
}

/* ---- options, notices ---- */

void
ossa_smd_import_options_init (OssaSmdImportOptions *options)
{
  memset (options, 0, sizeof *options);
  options->plane = OSSA_SMD_PLANE_XZ;
  options->fps = 30;
  options->simplify = 0;
}

bool
ossa_smd_plane_from_string (const char *s, OssaSmdPlane *plane)
{
  if (s == NULL)
    return false;
  if (strcmp (s, "xz") == 0)
    *plane = OSSA_SMD_PLANE_XZ;
  else if (strcmp (s, "xy") == 0)
    *plane = OSSA_SMD_PLANE_XY;
  else if (strcmp (s, "yz") == 0)
    *plane = OSSA_SMD_PLANE_YZ;
  else
    return false;
  return true;
}

const char *
ossa_smd_plane_name (OssaSmdPlane plane)
{
  switch (plane)
    {
    case OSSA_SMD_PLANE_XZ: return "xz";
    case OSSA_SMD_PLANE_XY: return "xy";
    case OSSA_SMD_PLANE_YZ: return "yz";
    default: return NULL;
    }
}

void
_ossa_smd_notify (const OssaSmdImportOptions *options, const char *path, int line,
                  const char *format, ...)
{
  char message[OSSA_ERROR_MESSAGE_MAX];
  va_list args;

  if (options == NULL || options->callbacks.notice == NULL)
    return;
  va_start (args, format);
  vsnprintf (message, sizeof message, format, args);
  va_end (args);
  options->callbacks.notice (path, line, message, options->callbacks.user_data);
}

static bool
cancelled (const OssaSmdImportOptions *options, const OssaSmd *smd, OssaError *err)
{
  if (options == NULL || options->callbacks.cancel == NULL || !atomic_load (options->callbacks.cancel))
    return false;
  ossa_error_set (err, OSSA_ERROR_CANCELLED, "cancelled");
  ossa_error_set_location (err, smd->path, 0);
  return true;
}

static bool
no_memory (OssaError *err)
{
  ossa_error_set (err, OSSA_ERROR_NO_MEMORY, "out of memory");
  return false;
}

/* ---- reference → document ---- */

static bool
build_skeleton (OssaDocument *doc, const OssaSmd *ref, const OssaSmdImportOptions *options,
                Projector *pr, OssaError *err)
{
  size_t n = ref->n_nodes;
  OssaSmdPose *rest = calloc (n ? n : 1, sizeof *rest);
  float *length;

  if (rest == NULL)
    return no_memory (err);
  length = calloc (n ? n : 1, sizeof *length);
  if (length == NULL)
    {
      free (rest);
      return no_memory (err);
    }
  if (ref->n_frames > 0)
    memcpy (rest, ref->poses, n * sizeof *rest);
  for (size_t i = 0; i < n; i++)
    if (!ref->posed[i])
      _ossa_smd_notify (options, ref->path, ref->nodes[i].line,
                        "bone '%s' has no pose in the skeleton block: placed at its parent's joint (a root at the origin)",
                        ref->nodes[i].name);
  projector_run (pr, rest, options->plane);
  for (size_t i = 0; i < n; i++)
    {
      int32_t c = pr->first_child[i];

      if (c >= 0)
        length[i] = (float) hypot (pr->xy[2 * c] - pr->xy[2 * i], pr->xy[2 * c + 1] - pr->xy[2 * i + 1]);
      else
        length[i] = pr->parent[i] >= 0 ? length[pr->parent[i]] / 2 : 0;
    }
  for (size_t i = 0; i < n; i++)
    {
      double l[3];
      OssaTransform t;

      projector_local (pr, i, l);
      t = (OssaTransform) { (float) l[0], (float) l[1], (float) l[2], 1, 1 };
      if (!ossa_transform_is_finite (&t))
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "bone '%s': its pose is out of float range",
                          ref->nodes[i].name);
          ossa_error_set_location (err, ref->path, ref->n_frames ? ref->frame_lines[0] : ref->nodes[i].line);
          break;
        }
      if (ossa_skeleton_add_bone (&doc->skeleton, ref->nodes[i].name, ref->nodes[i].parent, &t,
                                  length[i], BONE_COLOR, err) < 0)
        {
          ossa_error_set_location (err, ref->path, ref->nodes[i].line);
          break;
        }
    }
  free (rest);
  free (length);
  return doc->skeleton.n_bones == n;
}

/* Vertex v of a reference whose own rest is own, moved with its bone b (own's
 * node ob) to where pr's rest puts b: the same offset in the bone's 3D frame. */
static void
carry_vertex (const Projector *own, uint32_t ob, const Projector *pr, uint32_t b, double p[3])
{
  Quat inv = { own->q[ob].w, -own->q[ob].x, -own->q[ob].y, -own->q[ob].z };
  double off[3], local[3];

  for (int k = 0; k < 3; k++)
    off[k] = p[k] - own->p[3 * ob + k];
  quat_rotate (inv, off, local);
  quat_rotate (pr->q[b], local, off);
  for (int k = 0; k < 3; k++)
    p[k] = pr->p[3 * b + k] + off[k];
}

/* Each triangle vertex on its bone: the projected model-space position in that
 * bone's 2D rest space (pr holds the document skeleton's rest pose). Vertex i is
 * the file's vertex i. With a bone_map, ref's node i is the skeleton's bone
 * bone_map[i] and own holds ref's own rest pose, which its vertices were posed by. */
static bool
build_mesh (OssaDocument *doc, const OssaSmd *ref, const char *name, const Projector *pr,
            const Projector *own, const uint32_t *bone_map, const OssaSmdImportOptions *options,
            OssaError *err)
{
  OssaMesh mesh;
  size_t nv = 3 * ref->n_triangles;

  if (!ossa_mesh_init (&mesh, name))
    return no_memory (err);
  mesh.n_vertices = nv;
  mesh.n_triangles = ref->n_triangles;
  mesh.bones = malloc (nv * sizeof *mesh.bones);
  mesh.positions = malloc (2 * nv * sizeof *mesh.positions);
  mesh.uvs = malloc (2 * nv * sizeof *mesh.uvs);
  mesh.indices = malloc (nv * sizeof *mesh.indices);
  mesh.triangle_materials = malloc (ref->n_triangles * sizeof *mesh.triangle_materials);
  mesh.materials = calloc (ref->n_materials ? ref->n_materials : 1, sizeof *mesh.materials);
  if (!mesh.bones || !mesh.positions || !mesh.uvs || !mesh.indices || !mesh.triangle_materials
      || !mesh.materials)
    {
      ossa_mesh_clear (&mesh);
      return no_memory (err);
    }
  for (size_t i = 0; i < ref->n_materials; i++)
    {
      mesh.materials[i] = strdup (ref->materials[i]);
      mesh.n_materials = i + 1;
      if (mesh.materials[i] == NULL)
        {
          ossa_mesh_clear (&mesh);
          return no_memory (err);
        }
    }
  memcpy (mesh.triangle_materials, ref->triangle_materials,
          ref->n_triangles * sizeof *mesh.triangle_materials);
  for (size_t i = 0; i < nv; i++)
    {
      const OssaSmdVertex *v = &ref->vertices[i];
      uint32_t b = bone_map != NULL ? bone_map[v->bone] : v->bone;
      double p[3] = { v->pos[0], v->pos[1], v->pos[2] }, x, y;
      double c = pr->dir[2 * b], s = pr->dir[2 * b + 1];
      double dx, dy;

      if (own != NULL)
        carry_vertex (own, v->bone, pr, b, p);
      project (options->plane, p, &x, &y);
      dx = x - pr->xy[2 * b];
      dy = y - pr->xy[2 * b + 1];
      mesh.bones[i] = b;
      mesh.positions[2 * i] = (float) (c * dx + s * dy);
      mesh.positions[2 * i + 1] = (float) (-s * dx + c * dy);
      mesh.uvs[2 * i] = v->uv[0];
      mesh.uvs[2 * i + 1] = v->uv[1];
      mesh.indices[i] = (uint32_t) i;
    }
  if (!ossa_mesh_validate (&mesh, doc->skeleton.n_bones, err)
      || ossa_document_take_mesh (doc, &mesh, err) < 0)
    {
      ossa_mesh_clear (&mesh);
      ossa_error_set_location (err, ref->path, 0);
      return false;
    }
  return true;
}

OssaDocument *
ossa_smd_to_document (const OssaSmd *ref, const char *name, const OssaSmdImportOptions *options,
                      OssaError *err)
{
  OssaSmdImportOptions defaults;
  OssaDocument *doc;
  Projector pr;
  bool any_posed = false;

  if (options == NULL)
    {
      ossa_smd_import_options_init (&defaults);
      options = &defaults;
    }
  if (ref->n_nodes == 0)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "the file has no bones");
      ossa_error_set_location (err, ref->path, 0);
      return NULL;
    }
  doc = ossa_document_new ();
  if (doc == NULL || !projector_init (&pr, ref->nodes, ref->n_nodes))
    {
      ossa_document_free (doc);
      no_memory (err);
      ossa_error_set_location (err, ref->path, 0);
      return NULL;
    }
  for (size_t i = 0; i < ref->n_nodes; i++)
    any_posed |= ref->posed[i];
  if (ref->n_frames > 1 && any_posed)
    _ossa_smd_notify (options, ref->path, ref->frame_lines[1],
                      "%zu frames: the skeleton's rest pose is the first, and the frames become animation '%s'",
                      ref->n_frames, name);
  if (!build_skeleton (doc, ref, options, &pr, err)
      || (ref->n_triangles > 0 && !build_mesh (doc, ref, name, &pr, NULL, NULL, options, err))
      || (ref->n_frames > 1 && any_posed && ossa_smd_add_animation (doc, ref, ref, name, options, err) < 0))
    {
      ossa_document_free (doc);
      doc = NULL;
    }
  projector_free (&pr);
  return doc;
}

/* The rest pose of smd: its first frame, or every bone at zero without one. */
static bool
run_rest (Projector *pr, const OssaSmd *smd, OssaSmdPlane plane)
{
  OssaSmdPose *zero = NULL;

  if (!projector_init (pr, smd->nodes, smd->n_nodes))
    return false;
  if (smd->n_frames == 0 && (zero = calloc (smd->n_nodes ? smd->n_nodes : 1, sizeof *zero)) == NULL)
    {
      projector_free (pr);
      return false;
    }
  projector_run (pr, zero != NULL ? zero : smd->poses, plane);
  free (zero);
  return true;
}

bool
_ossa_smd_add_mesh (OssaDocument *doc, const OssaSmd *skel, const OssaSmd *ref,
                    const uint32_t *bone_map, const char *name,
                    const OssaSmdImportOptions *options, OssaError *err)
{
  Projector pr, own;
  bool ok;

  if (skel->n_nodes != doc->skeleton.n_bones)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "the document's skeleton (%zu bones) is not the reference's (%zu)",
                      doc->skeleton.n_bones, skel->n_nodes);
      ossa_error_set_location (err, ref->path, 0);
      return false;
    }
  if (!run_rest (&pr, skel, options->plane))
    {
      no_memory (err);
      ossa_error_set_location (err, ref->path, 0);
      return false;
    }
  if (!run_rest (&own, ref, options->plane))
    {
      projector_free (&pr);
      no_memory (err);
      ossa_error_set_location (err, ref->path, 0);
      return false;
    }
  ok = build_mesh (doc, ref, name, &pr, &own, bone_map, options, err);
  projector_free (&pr);
  projector_free (&own);
  return ok;
}

/* ---- frames → animation ---- */

/* Which keys of values[0..n) to keep so that linear interpolation between kept
 * keys stays within tol of every value (keep[] gets 1 for those). A sleeve: from
 * the last kept key, each later value narrows the slopes a segment may have; the
 * segment ends at the last value whose own slope still fits. For rotations a
 * segment also stays under half a turn, so the shortest-way rule between two kept
 * keys turns the way the frames did. */
static void
simplify_keys (const float *times, const float *values, size_t n, double tol, bool rotation,
               uint8_t *keep)
{
  size_t a = 0, j;
  double lo = -INFINITY, hi = INFINITY;
  bool flat = true;

  memset (keep, 0, n);
  if (n == 0)
    return;
  keep[0] = 1;
  for (size_t i = 1; i < n; i++)
    flat &= fabs ((double) values[i] - values[0]) <= tol;
  if (flat)
    return;
  for (j = 1; j < n;)
    {
      double dt = (double) times[j] - times[a];
      double dv = (double) values[j] - values[a];
      double s = dv / dt;

      if (j == a + 1 || (s >= lo && s <= hi && (!rotation || fabs (dv) < OSSA_PI - 1e-3)))
        {
          lo = fmax (lo, (dv - tol) / dt);
          hi = fmin (hi, (dv + tol) / dt);
          j++;
        }
      else
        {
          a = j - 1;
          keep[a] = 1;
          lo = -INFINITY;
          hi = INFINITY;
        }
    }
  keep[n - 1] = 1;
}

/* A track of bone on channel from values (one per frame), unless every value is
 * the rest value. */
static bool
add_track (OssaAnimation *anim, uint32_t bone, OssaChannel channel, const float *times,
           const float *values, size_t n, float rest, const OssaSmdImportOptions *options,
           uint8_t *keep, OssaError *err)
{
  OssaTrack *track;
  bool moves = false;
  size_t n_keys = 0;

  for (size_t f = 0; f < n && !moves; f++)
    moves = fabsf (values[f] - rest) > 1e-6f * (1 + fabsf (rest));
  if (!moves)
    return true;
  if (options->simplify > 0)
    simplify_keys (times, values, n, options->simplify, channel == OSSA_CHANNEL_ROTATE, keep);
  else
    memset (keep, 1, n);
  for (size_t f = 0; f < n; f++)
    n_keys += keep[f];
  track = ossa_animation_ensure_track (anim, bone, channel);
  if (track == NULL)
    return no_memory (err);
  /* A new track: fill its two columns at once (all keys LINEAR, SHORTEST, no
   * turns: the optional columns stay absent). Times increase strictly. */
  track->times = malloc (n_keys * sizeof *track->times);
  track->values = malloc (n_keys * sizeof *track->values);
  if (track->times == NULL || track->values == NULL)
    return no_memory (err);
  track->capacity = n_keys;
  for (size_t f = 0; f < n; f++)
    if (keep[f])
      {
        track->times[track->n_keys] = times[f];
        track->values[track->n_keys++] = values[f];
      }
  return true;
}

/* "parent 'NAME'", or "no parent" for a root (name NULL). */
static void
describe_parent (char *buf, size_t size, const char *name)
{
  if (name != NULL)
    snprintf (buf, size, "parent '%s'", name);
  else
    snprintf (buf, size, "no parent");
}

/* Whether anim's node k, the document's bone b, has the same parent as the
 * skeleton gives b (by name; roots alike). Posing a bone under another parent
 * would put its joint where neither file's author put it: refused, as studiomdl
 * refuses it ("illegal parent bone replacement"). */
static bool
same_parent (const OssaDocument *doc, const OssaSmd *ref, const OssaSmd *anim, size_t k,
             size_t b, OssaError *err)
{
  int32_t ap = anim->nodes[k].parent, dp = doc->skeleton.bones[b].parent;
  const char *a_name = ap >= 0 ? anim->nodes[ap].name : NULL;
  const char *d_name = dp >= 0 ? doc->skeleton.bones[dp].name : NULL;
  char here[OSSA_MAX_NAME_BYTES + 16], there[OSSA_MAX_NAME_BYTES + 16], where[OSSA_ERROR_PATH_MAX + 32];

  if ((a_name == NULL && d_name == NULL) || (a_name != NULL && d_name != NULL && strcmp (a_name, d_name) == 0))
    return true;
  describe_parent (here, sizeof here, a_name);
  describe_parent (there, sizeof there, d_name);
  where[0] = '\0';
  if (ref->path != NULL && b < ref->n_nodes)
    snprintf (where, sizeof where, " (%s:%d)", ref->path, ref->nodes[b].line);
  ossa_error_set (err, OSSA_ERROR_INVALID,
                  "bone '%s' has %s here but %s in the reference%s: refused, as studiomdl "
                  "refuses it (illegal parent bone replacement)",
                  anim->nodes[k].name, here, there, where);
  ossa_error_set_location (err, anim->path, anim->nodes[k].line);
  return false;
}

/* Per document bone, the node of anim it takes its pose from, or -1; NULL with
 * err set when a bone's parent is not the skeleton's. */
static int32_t *
match_bones (const OssaDocument *doc, const OssaSmd *ref, const OssaSmd *anim,
             const OssaSmdImportOptions *options, OssaError *err)
{
  size_t n = doc->skeleton.n_bones;
  int32_t *from = malloc ((n ? n : 1) * sizeof *from);

  if (from == NULL)
    {
      no_memory (err);
      return NULL;
    }
  for (size_t i = 0; i < n; i++)
    from[i] = -1;
  if (anim == ref)
    {
      for (size_t i = 0; i < n; i++)
        from[i] = anim->posed[i] ? (int32_t) i : -1;
      return from;
    }
  for (size_t k = 0; k < anim->n_nodes; k++)
    {
      ssize_t b = ossa_skeleton_find_bone (&doc->skeleton, anim->nodes[k].name);

      if (b < 0)
        _ossa_smd_notify (options, anim->path, anim->nodes[k].line,
                          "bone '%s' is not in the skeleton: skipped", anim->nodes[k].name);
      else if (!same_parent (doc, ref, anim, k, (size_t) b, err))
        {
          free (from);
          return NULL;
        }
      else if (anim->posed[k])
        from[b] = (int32_t) k;
    }
  return from;
}

ssize_t
ossa_smd_add_animation (OssaDocument *doc, const OssaSmd *ref, const OssaSmd *anim,
                        const char *name, const OssaSmdImportOptions *options, OssaError *err)
{
  OssaSmdImportOptions defaults;
  size_t n = doc->skeleton.n_bones, nf = anim->n_frames;
  OssaSmdPose *locals = NULL;
  float *times = NULL, *values = NULL;
  uint8_t *keep = NULL;
  int32_t *from = NULL;
  Projector pr;
  OssaAnimation out;
  bool ok = false, have_pr = false;
  ssize_t index = -1;

  if (options == NULL)
    {
      ossa_smd_import_options_init (&defaults);
      options = &defaults;
    }
  memset (&out, 0, sizeof out);
  if (ref->n_nodes != n)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "the document's skeleton (%zu bones) is not the reference's (%zu)",
                      n, ref->n_nodes);
      ossa_error_set_location (err, anim->path, 0);
      return -1;
    }
  if (nf == 0)
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "no frames ('time' lines in a 'skeleton' block)");
      ossa_error_set_location (err, anim->path, 0);
      return -1;
    }
  if (!(options->fps > 0) || !isfinite (options->fps))
    {
      ossa_error_set (err, OSSA_ERROR_INVALID, "the frame rate must be a positive number");
      return -1;
    }
  /* One value per bone, channel and frame (bounded: the reader caps poses). */
  locals = malloc ((n ? n : 1) * sizeof *locals);
  times = malloc (nf * sizeof *times);
  values = malloc (3 * nf * (n ? n : 1) * sizeof *values);
  keep = malloc (nf);
  from = match_bones (doc, ref, anim, options, err);
  if (from == NULL)
    goto out;
  if (!locals || !times || !values || !keep || !(have_pr = projector_init (&pr, ref->nodes, n)))
    {
      no_memory (err);
      goto out;
    }
  for (size_t f = 0; f < nf; f++)
    {
      times[f] = (float) ((double) ((int64_t) anim->frame_numbers[f] - anim->frame_numbers[0])
                          / options->fps);
      if (f > 0 && !(times[f] > times[f - 1]))
        {
          ossa_error_set (err, OSSA_ERROR_INVALID, "frames %d and %d fall on the same time at %g fps",
                          (int) anim->frame_numbers[f - 1], (int) anim->frame_numbers[f], (double) options->fps);
          ossa_error_set_location (err, anim->path, anim->frame_lines[f]);
          goto out;
        }
    }
  for (size_t f = 0; f < nf; f++)
    {
      if ((f & 63) == 0 && cancelled (options, anim, err))
        goto out;
      for (size_t i = 0; i < n; i++)
        {
          if (from[i] >= 0)
            locals[i] = anim->poses[f * anim->n_nodes + (size_t) from[i]];
          else if (ref->n_frames > 0)
            locals[i] = ref->poses[i];
          else
            memset (&locals[i], 0, sizeof locals[i]);
        }
      projector_run (&pr, locals, options->plane);
      for (size_t i = 0; i < n; i++)
        {
          double l[3];
          float *v = &values[3 * (i * nf)];
          double prev = f > 0 ? v[2 * nf + f - 1] : doc->skeleton.bones[i].rest.rotation;

          projector_local (&pr, i, l);
          v[f] = (float) l[0];
          v[nf + f] = (float) l[1];
          /* Unwrapped: within half a turn of the frame before (or of the rest). */
          v[2 * nf + f] = (float) (prev + _ossa_smd_wrap_angle (l[2] - prev));
          if (!isfinite (v[f]) || !isfinite (v[nf + f]) || !isfinite (v[2 * nf + f]))
            {
              ossa_error_set (err, OSSA_ERROR_INVALID, "bone '%s': its pose is out of float range",
                              doc->skeleton.bones[i].name);
              ossa_error_set_location (err, anim->path, anim->frame_lines[f]);
              goto out;
            }
        }
    }
  if (!ossa_animation_init (&out, name))
    {
      no_memory (err);
      goto out;
    }
  out.fps = options->fps;
  out.duration = times[nf - 1];
  for (size_t i = 0; i < n; i++)
    {
      const OssaTransform *rest = &doc->skeleton.bones[i].rest;
      const float *v = &values[3 * (i * nf)];

      if (!add_track (&out, (uint32_t) i, OSSA_CHANNEL_TRANSLATE_X, times, v, nf, rest->x, options, keep, err)
          || !add_track (&out, (uint32_t) i, OSSA_CHANNEL_TRANSLATE_Y, times, v + nf, nf, rest->y, options, keep, err)
          || !add_track (&out, (uint32_t) i, OSSA_CHANNEL_ROTATE, times, v + 2 * nf, nf, rest->rotation, options, keep, err))
        goto out;
    }
  if (!ossa_animation_validate (&out, n, err))
    goto out;
  index = ossa_document_take_animation (doc, &out, err);
  ok = index >= 0;

out:
  if (!ok)
    {
      if (err != NULL && err->path[0] == '\0')
        ossa_error_set_location (err, anim->path, 0);
      index = -1;
    }
  ossa_animation_clear (&out);
  if (have_pr)
    projector_free (&pr);
  free (locals);
  free (times);
  free (values);
  free (keep);
  free (from);
  return index;
}
