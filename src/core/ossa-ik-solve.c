/* SPDX-License-Identifier: MIT */
/* The chain solver behind the editor's IK drag: FABRIK (Aristidou and Lasenby,
 * 2011). Chosen over CCD because it moves every joint a little rather than the
 * last ones a lot, so a dragged arm bends along its length as a person expects,
 * it converges in a few passes for any length, and a pinned joint is simply where
 * its forward pass starts. FABRIK works on joint positions; those are turned back
 * into local rotations by aiming each bone, in its parent's world space, at the
 * next joint. Under a uniform scale a bone's world length does not change as it
 * turns, so one round is exact; under a non-uniform or sheared scale it does, so
 * the lengths are measured again from the new pose and the round repeated. */
#include "ossa-ik-pose.h"

#include <math.h>
#include <string.h>

#include "ossa-fastmath-private.h"

void
ossa_ik_solve_options_init (OssaIkSolveOptions *options)
{
  options->max_iterations = 32;
  options->tolerance = 0.01f;
}

typedef struct
{
  double x, y;
} Point;

/* The solver's scratch, on the caller's stack: the chain's world matrices and
 * rotations as the solve changes them, the joints from forward kinematics and the
 * positions FABRIK moves. */
typedef struct
{
  const OssaSkeleton  *skel;
  const OssaTransform *local;
  const uint32_t      *chain;
  size_t               n, first;     /* first: the first bone that may turn */
  OssaXform            base;         /* world matrix of chain[first]'s parent */
  double               rot[OSSA_IK_MAX_CHAIN];
  OssaXform            w[OSSA_IK_MAX_CHAIN];
  Point                joint[OSSA_IK_MAX_CHAIN + 1];  /* [n] is the tip */
  Point                p[OSSA_IK_MAX_CHAIN + 1];
  double               len[OSSA_IK_MAX_CHAIN];
} Solve;

static double
dist (Point a, Point b)
{
  return hypot (b.x - a.x, b.y - a.y);
}

/* The point bone i aims at the next joint with, in its own space: the child's
 * joint, or for the last bone its tip. */
static Point
segment_end (const Solve *s, size_t i)
{
  if (i + 1 < s->n)
    {
      const OssaTransform *child = &s->local[s->chain[i + 1]];

      return (Point) { child->x, child->y };
    }
  return (Point) { s->skel->bones[s->chain[i]].length, 0.0 };
}

static Point
apply (const OssaXform *m, Point p)
{
  return (Point) { m->a * p.x + m->c * p.y + m->tx, m->b * p.x + m->d * p.y + m->ty };
}

static const OssaXform *
parent_of (const Solve *s, size_t i)
{
  return i == s->first ? &s->base : &s->w[i - 1];
}

/* World matrices and joints of the movable bones from their rotations. */
static void
forward_kinematics (Solve *s)
{
  for (size_t i = s->first; i < s->n; i++)
    {
      OssaTransform t = s->local[s->chain[i]];

      t.rotation = (float) s->rot[i];
      _ossa_compose_inline (parent_of (s, i), &t, &s->w[i]);
      s->joint[i] = (Point) { s->w[i].tx, s->w[i].ty };
    }
  s->joint[s->n] = apply (&s->w[s->n - 1], segment_end (s, s->n - 1));
}

/* One FABRIK pass over the positions: from the goal back to the fixed joint, then
 * forward from it, each segment keeping its length. */
static void
fabrik_pass (Solve *s, Point goal)
{
  size_t n = s->n, f = s->first;

  s->p[n] = goal;
  for (size_t i = n; i-- > f;)
    {
      double d = dist (s->p[i + 1], s->p[i]);

      if (d > 0.0)
        s->p[i] = (Point) { s->p[i + 1].x + (s->p[i].x - s->p[i + 1].x) * s->len[i] / d,
                            s->p[i + 1].y + (s->p[i].y - s->p[i + 1].y) * s->len[i] / d };
    }
  s->p[f] = s->joint[f];
  for (size_t i = f; i < n; i++)
    {
      double d = dist (s->p[i], s->p[i + 1]);

      if (d > 0.0)
        s->p[i + 1] = (Point) { s->p[i].x + (s->p[i + 1].x - s->p[i].x) * s->len[i] / d,
                                s->p[i].y + (s->p[i + 1].y - s->p[i].y) * s->len[i] / d };
    }
}

/* Every movable bone turned, in order, so that its segment points at p[i + 1]:
 * the aim is taken in the parent's space, where the bone's joint and the line to
 * the target are the images of the world ones (an affine map keeps lines). */
static void
aim_bones (Solve *s)
{
  for (size_t i = s->first; i < s->n; i++)
    {
      const OssaXform *m = parent_of (s, i);
      const OssaTransform *t = &s->local[s->chain[i]];
      double det = (double) m->a * m->d - (double) m->b * m->c;
      Point q = segment_end (s, i), target = s->p[i + 1];
      double qx = q.x * t->scale_x, qy = q.y * t->scale_y, px, py, tx, ty;

      if (det != 0.0 && isfinite (det) && (qx != 0.0 || qy != 0.0))
        {
          px = target.x - m->tx;
          py = target.y - m->ty;
          tx = (m->d * px - m->c * py) / det - t->x;
          ty = (-m->b * px + m->a * py) / det - t->y;
          if (tx != 0.0 || ty != 0.0)
            {
              double r = atan2 (ty, tx) - atan2 (qy, qx);

              /* The turn from where the bone was, the short way: keys stay continuous. */
              s->rot[i] = t->rotation + ossa_angle_normalize (r - t->rotation);
            }
        }
      {
        OssaTransform turned = *t;

        turned.rotation = (float) s->rot[i];
        _ossa_compose_inline (m, &turned, &s->w[i]);
      }
    }
}

/* False when chain is not a chain of n bones of skel, each the parent of the next. */
static bool
chain_valid (const OssaSkeleton *skel, const uint32_t *chain, size_t n)
{
  if (n == 0 || n > OSSA_IK_MAX_CHAIN || chain == NULL)
    return false;
  for (size_t i = 0; i < n; i++)
    if (chain[i] >= skel->n_bones
        || (i > 0 && skel->bones[chain[i]].parent != (int32_t) chain[i - 1]))
      return false;
  return true;
}

/* One round: FABRIK on the current lengths until the positions reach the goal (or
 * the chain is laid straight when it cannot), then the rotations from them. */
static void
solve_round (Solve *s, Point goal, const OssaIkSolveOptions *o, uint32_t *iterations)
{
  size_t n = s->n, f = s->first;
  double total = 0.0, reach;

  for (size_t i = f; i < n; i++)
    total += s->len[i] = dist (s->joint[i], s->joint[i + 1]);
  memcpy (&s->p[f], &s->joint[f], (n + 1 - f) * sizeof s->p[0]);
  reach = dist (s->joint[f], goal);
  if (reach >= total)
    {
      /* Out of reach: every segment along the line to the goal. */
      for (size_t i = f; reach > 0.0 && i < n; i++)
        s->p[i + 1] = (Point) { s->p[i].x + (goal.x - s->joint[f].x) * s->len[i] / reach,
                                s->p[i].y + (goal.y - s->joint[f].y) * s->len[i] / reach };
      (*iterations)++;
    }
  else
    do
      {
        fabrik_pass (s, goal);
        (*iterations)++;
      }
    while (dist (s->p[n], goal) > o->tolerance && *iterations < o->max_iterations);
  aim_bones (s);
}

float
ossa_ik_solve_chain (const OssaSkeleton *skel, const OssaTransform *local, const OssaXform *world,
                     const uint32_t *chain, size_t n, const bool *pinned, OssaVec2 goal,
                     const OssaIkSolveOptions *options, float *rotations)
{
  OssaIkSolveOptions defaults;
  Solve s;
  Point g = { goal.x, goal.y };
  uint32_t iterations = 0;
  double err, best;
  float best_rot[OSSA_IK_MAX_CHAIN];

  if (skel == NULL || local == NULL || world == NULL || rotations == NULL
      || !chain_valid (skel, chain, n) || !isfinite (goal.x) || !isfinite (goal.y))
    return -1.0f;
  if (options == NULL)
    {
      ossa_ik_solve_options_init (&defaults);
      options = &defaults;
    }
  s.skel = skel;
  s.local = local;
  s.chain = chain;
  s.n = n;
  s.first = 0;
  for (size_t i = 0; pinned != NULL && i < n; i++)
    if (pinned[i])
      s.first = i;
  /* Bones before the last pin keep their rotations, so its parent is as it is. */
  if (s.first > 0)
    s.base = world[chain[s.first - 1]];
  else if (skel->bones[chain[0]].parent >= 0)
    s.base = world[skel->bones[chain[0]].parent];
  else
    s.base = (OssaXform) { 1, 0, 0, 1, 0, 0 };
  for (size_t i = 0; i < n; i++)
    s.rot[i] = local[chain[i]].rotation;
  forward_kinematics (&s);
  best = err = dist (s.joint[n], g);
  for (size_t i = 0; i < n; i++)
    best_rot[i] = (float) s.rot[i];
  /* Rounds until the tip is close enough, the passes run out, or a round stops
   * helping (a goal out of reach: the chain already lies straight at it). The
   * best rotations seen are kept. */
  while (best > options->tolerance && iterations < options->max_iterations)
    {
      solve_round (&s, g, options, &iterations);
      forward_kinematics (&s);
      err = dist (s.joint[n], g);
      if (!(err < best - 1e-6 * (1.0 + best)))
        break;
      best = err;
      for (size_t i = 0; i < n; i++)
        best_rot[i] = (float) s.rot[i];
    }
  memcpy (rotations, best_rot, n * sizeof *rotations);
  return (float) best;
}
