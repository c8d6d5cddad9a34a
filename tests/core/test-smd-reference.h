/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The tests' own SMD reader and 3D pose, independent of the importer: GLib's line
 * splitting and g_ascii_strtod, rotation MATRICES Rz·Ry·Rx (the importer uses
 * quaternions), and the plane's two coordinates taken directly. For good files
 * only. Shared by the core and the CLI tests. */
#pragma once

#include <glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>


typedef struct
{
  char  *name;
  int    parent;   /* index into the array, -1 root */
} RefNode;

typedef struct
{
  GPtrArray *names;      /* char*, by index */
  GArray    *parents;    /* int, by index */
  GArray    *frames;     /* int frame numbers */
  GArray    *values;     /* double: 6 per bone per frame, carried over */
} RefSmd;

static inline void
ref_smd_free (RefSmd *s)
{
  g_ptr_array_unref (s->names);
  g_array_unref (s->parents);
  g_array_unref (s->frames);
  g_array_unref (s->values);
  g_free (s);
}

/* Good files only: nodes ids are 0..n-1 in order in every test file. */
static inline RefSmd *
ref_smd_read (const char *path)
{
  RefSmd *s = g_new0 (RefSmd, 1);
  char *text = NULL, **lines;
  enum { NONE, NODES, SKELETON, OTHER } block = NONE;
  GError *error = NULL;
  size_t n;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  s->names = g_ptr_array_new_with_free_func (g_free);
  s->parents = g_array_new (FALSE, FALSE, sizeof (int));
  s->frames = g_array_new (FALSE, FALSE, sizeof (int));
  s->values = g_array_new (FALSE, TRUE, sizeof (double));
  lines = g_strsplit (text, "\n", -1);
  for (char **l = lines; *l != NULL; l++)
    {
      char *line = g_strstrip (*l);

      if (block == NONE || block == OTHER)
        {
          if (strcmp (line, "nodes") == 0)
            block = NODES;
          else if (strcmp (line, "skeleton") == 0)
            block = SKELETON;
          else if (strcmp (line, "triangles") == 0 || strcmp (line, "vertexanimation") == 0)
            block = OTHER;
          else if (strcmp (line, "end") == 0)
            block = NONE;
          continue;
        }
      if (strcmp (line, "end") == 0)
        {
          block = NONE;
          continue;
        }
      if (block == NODES)
        {
          char *q1 = strchr (line, '"'), *q2 = q1 ? strchr (q1 + 1, '"') : NULL;
          int parent = atoi (q2 + 1);

          g_assert_nonnull (q2);
          g_assert_cmpint (atoi (line), ==, (int) s->names->len);
          g_ptr_array_add (s->names, g_strndup (q1 + 1, (gsize) (q2 - q1 - 1)));
          g_array_append_val (s->parents, parent);
        }
      else if (g_str_has_prefix (line, "time"))
        {
          int number = atoi (line + 4);
          size_t nb = s->names->len, nf = s->frames->len;

          g_array_append_val (s->frames, number);
          g_array_set_size (s->values, (nf + 1) * nb * 6);
          if (nf > 0)
            memcpy (&g_array_index (s->values, double, nf * nb * 6),
                    &g_array_index (s->values, double, (nf - 1) * nb * 6), nb * 6 * sizeof (double));
        }
      else if (line[0] != '\0')
        {
          char **f = g_strsplit_set (line, " \t", -1);
          double v[7];
          int k = 0;

          for (char **t = f; *t != NULL && k < 7; t++)
            if (**t != '\0')
              v[k++] = g_ascii_strtod (*t, NULL);
          g_assert_cmpint (k, ==, 7);
          n = s->frames->len - 1;
          memcpy (&g_array_index (s->values, double, (n * s->names->len + (size_t) v[0]) * 6),
                  &v[1], 6 * sizeof (double));
          g_strfreev (f);
        }
    }
  g_strfreev (lines);
  g_free (text);
  return s;
}

typedef struct
{
  double m[3][3];
  double p[3];
} Pose3;

static inline void
mat_mul (double a[3][3], double b[3][3], double out[3][3])
{
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      out[i][j] = a[i][0] * b[0][j] + a[i][1] * b[1][j] + a[i][2] * b[2][j];
}

static inline void
euler_matrix (const double r[3], double out[3][3])
{
  double cx = cos (r[0]), sx = sin (r[0]), cy = cos (r[1]), sy = sin (r[1]);
  double cz = cos (r[2]), sz = sin (r[2]);
  double rx[3][3] = { { 1, 0, 0 }, { 0, cx, -sx }, { 0, sx, cx } };
  double ry[3][3] = { { cy, 0, sy }, { 0, 1, 0 }, { -sy, 0, cy } };
  double rz[3][3] = { { cz, -sz, 0 }, { sz, cz, 0 }, { 0, 0, 1 } };
  double zy[3][3];

  mat_mul (rz, ry, zy);
  mat_mul (zy, rx, out);
}

/* The 3D world pose of every bone (parents first), each taking its local from
 * `locals` (6 doubles per bone: position, Euler angles), into w[n]. */
static inline void
world_poses (size_t n, const int *parents, const double *locals, Pose3 *w)
{
  for (size_t i = 0; i < n; i++)
    {
      double m[3][3];

      euler_matrix (&locals[6 * i + 3], m);
      if (parents[i] < 0)
        {
          memcpy (w[i].m, m, sizeof m);
          memcpy (w[i].p, &locals[6 * i], 3 * sizeof (double));
        }
      else
        {
          const Pose3 *pp = &w[parents[i]];

          mat_mul ((double (*)[3]) pp->m, m, w[i].m);
          for (int k = 0; k < 3; k++)
            w[i].p[k] = pp->p[k] + pp->m[k][0] * locals[6 * i] + pp->m[k][1] * locals[6 * i + 1]
                        + pp->m[k][2] * locals[6 * i + 2];
        }
    }
}

/* A 3D point's two coordinates on plane 0 xz, 1 xy, 2 yz (OssaSmdPlane's values). */
static inline void
plane_point (const double p[3], int plane, double *xy)
{
  xy[0] = plane == 2 ? p[1] : p[0];
  xy[1] = plane == 1 ? p[1] : p[2];
}

/* Projected world joints of a pose, for bones given by `parents`, each taking its
 * local from `locals` (6 doubles per bone). */
static inline void
world_joints (size_t n, const int *parents, const double *locals, int plane, double *xy)
{
  Pose3 *w = g_new (Pose3, n);

  world_poses (n, parents, locals, w);
  for (size_t i = 0; i < n; i++)
    plane_point (w[i].p, plane, &xy[2 * i]);
  g_free (w);
}
