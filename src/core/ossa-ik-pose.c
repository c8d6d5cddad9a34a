/* SPDX-License-Identifier: MIT */
/* IK after FK, by DESIGN.md's rule: each constraint in order solved in the first
 * constrained bone's parent space (so any scale or shear above it is exact: an
 * affine map keeps points and lines), its rotations blended from the sampled ones
 * by mix the short way round, and the world matrices below it brought up to date
 * by one lazy forward sweep over the dirty scratch. */
#include "ossa-ik-pose.h"

#include <math.h>
#include <string.h>

#include "ossa-fastmath-private.h"

/* Passes of the two-bone solve when bones[0] has a non-uniform scale of its own:
 * the child's reach then depends on the angle (an ellipse, not a circle), so the
 * law of cosines is repeated with the reach at the last angle. Each pass shrinks
 * the error by about the scale's anisotropy; a uniform scale needs one pass. */
#define TWO_BONE_PASSES 8

/* ---- sampling ---- */

/* The track of constraint c in anim (tracks are sorted by constraint), or NULL. */
static const OssaIkTrack *
find_track (const OssaAnimation *anim, size_t c)
{
  size_t lo = 0, hi = anim->n_ik_tracks;

  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;

      if (anim->ik_tracks[mid].constraint < c)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < anim->n_ik_tracks && anim->ik_tracks[lo].constraint == c ? &anim->ik_tracks[lo] : NULL;
}

OssaIkState
ossa_ik_sample (const OssaDocument *doc, const OssaAnimation *anim, size_t c, float t)
{
  OssaIkState state = { doc->ik[c].mix, doc->ik[c].bend_positive };
  const OssaIkTrack *track = anim != NULL ? find_track (anim, c) : NULL;

  return track != NULL ? ossa_ik_track_sample (track, t, state) : state;
}

/* ---- keeping world matrices up to date ---- */

/* Which world matrices are right while constraints change local rotations. Every
 * bone before `done` has its final world matrix, and dirty[i] says whether it
 * changed; from `done` on, dirty[i] marks a changed local transform whose effect
 * on the bone and below has not been swept yet. A dirty bone only moves bones
 * after it (parents come first), so sweeping forward from `done` is enough, and
 * with constraints in bone order each bone is swept once over all of them. */
typedef struct
{
  const OssaSkeleton  *skel;
  const OssaTransform *local;
  OssaXform           *world;
  uint8_t             *dirty;
  size_t               done;
} WorldSweep;

/* Brings world[0..upto] up to date. */
static void
sweep_to (WorldSweep *s, size_t upto)
{
  const OssaBone *bones = s->skel->bones;

  for (size_t i = s->done; i <= upto; i++)
    {
      int32_t parent = bones[i].parent;

      if (s->dirty[i] || (parent >= 0 && s->dirty[parent]))
        {
          _ossa_compose_inline (parent < 0 ? NULL : &s->world[parent], &s->local[i], &s->world[i]);
          s->dirty[i] = 1;
        }
    }
  if (upto + 1 > s->done)
    s->done = upto + 1;
}

/* Records that bone's local transform changed. */
static void
mark_changed (WorldSweep *s, size_t bone)
{
  s->dirty[bone] = 1;
  if (bone < s->done)
    s->done = bone;
}

/* ---- the solves, in the parent space of bones[0] ---- */

/* The angle of v, or fallback for a zero vector. */
static double
angle_or (double x, double y, double fallback)
{
  return x == 0.0 && y == 0.0 ? fallback : atan2 (y, x);
}

/* Rotation of a bone at (x, y) with scale (sx, ·) whose x axis aims at goal. */
static double
solve_one (const OssaTransform *b0, double gx, double gy)
{
  double aim = angle_or (gx - b0->x, gy - b0->y, b0->rotation);
  /* The x axis under the bone's own scale: flipped when scale_x is negative. */
  return aim - (b0->scale_x < 0.f ? OSSA_PI : 0.0);
}

/* Rotations of bones b0 and its child b1 (length len1) that bring b1's tip to the
 * goal, or lay the chain straight towards it when it is out of reach (folded
 * when too near). In b0's space before its rotation, b1's tip is
 * S0 · (p1 + R(r1) · (l1, 0)) = u + v: u the child's joint, v the child's reach. */
static void
solve_two (const OssaTransform *b0, const OssaTransform *b1, float len1, bool bend_positive,
           double gx, double gy, double *r0, double *r1)
{
  double sx = b0->scale_x, sy = b0->scale_y, l1 = (double) b1->scale_x * len1;
  double ux = sx * b1->x, uy = sy * b1->y;
  double a = hypot (ux, uy), alpha = atan2 (uy, ux);
  double dx = gx - b0->x, dy = gy - b0->y, d = hypot (dx, dy);
  /* The elbow's side in β (the angle of v) follows r1's side, unless S0 mirrors. */
  double side = (bend_positive ? 1.0 : -1.0) * ((sx < 0) != (sy < 0) ? -1.0 : 1.0);
  bool uniform = fabs (fabs (sx) - fabs (sy)) <= 1e-6 * fabs (sx);
  double beta, cr, sr, wx, wy;

  *r1 = b1->rotation;
  if (sx == 0.0 || sy == 0.0 || l1 == 0.0)
    goto aim;
  beta = alpha;
  if (a > 0.0)
    for (int pass = 0; pass < (uniform ? 1 : TWO_BONE_PASSES); pass++)
      {
        /* v = l1 · S0 · (cos r1, sin r1) has angle β when (cos r1, sin r1) is
         * along (cos β / sx, sin β / sy); its length is then |l1| / k. */
        double k = hypot (cos (beta) / sx, sin (beta) / sy);
        double b = fabs (l1) / k;
        double cos_theta = (d * d - a * a - b * b) / (2.0 * a * b);

        cos_theta = cos_theta > 1.0 ? 1.0 : cos_theta < -1.0 ? -1.0 : cos_theta;
        beta = alpha + side * acos (cos_theta);
      }
  else
    /* The child sits on b0's joint: only the child's direction matters. */
    beta = angle_or (dx, dy, 0.0) - b0->rotation;
  /* Back from v's angle to r1 (a negative reach points v the other way). */
  cr = cos (beta) / sx;
  sr = sin (beta) / sy;
  *r1 = l1 < 0.0 ? atan2 (-sr, -cr) : atan2 (sr, cr);
aim:
  /* b0 turns u + v onto the goal's direction. */
  wx = sx * (b1->x + l1 * cos (*r1));
  wy = sy * (b1->y + l1 * sin (*r1));
  *r0 = d > 0.0 ? atan2 (dy, dx) - angle_or (wx, wy, 0.0) : b0->rotation;
}

/* from + mix · (to − from), the difference wrapped into (−π, π]. */
static float
blend_rotation (float from, double to, float mix)
{
  return (float) (from + mix * ossa_angle_normalize (to - from));
}

/* The goal in the parent space of bone (its parent's world inverted); false when
 * that matrix is singular (a zero scale: nothing to aim). */
static bool
goal_in_parent_space (const OssaSkeleton *skel, const OssaXform *world, size_t bone,
                      OssaVec2 goal, double *gx, double *gy)
{
  int32_t parent = skel->bones[bone].parent;
  const OssaXform *m;
  double det, px, py;

  if (parent < 0)
    {
      *gx = goal.x;
      *gy = goal.y;
      return true;
    }
  m = &world[parent];
  det = (double) m->a * m->d - (double) m->b * m->c;
  if (det == 0.0 || !isfinite (det))
    return false;
  px = goal.x - (double) m->tx;
  py = goal.y - (double) m->ty;
  *gx = (m->d * px - m->c * py) / det;
  *gy = (-m->b * px + m->a * py) / det;
  return true;
}

/* Constraint ik at state: its solve blended into local, the changes recorded. */
static void
apply_one (const OssaDocument *doc, const OssaIkConstraint *ik, OssaIkState state,
           OssaTransform *local, WorldSweep *s)
{
  const OssaSkeleton *skel = &doc->skeleton;
  size_t b0 = ik->bones[0], n = skel->n_bones;
  int32_t parent;
  double gx, gy, r0, r1;
  OssaVec2 goal;

  if (!(state.mix > 0.f) || b0 >= n || ik->target >= n
      || (ik->n_bones == 2 && (ik->bones[1] >= n || skel->bones[ik->bones[1]].parent != (int32_t) b0)))
    return;
  parent = skel->bones[b0].parent;
  sweep_to (s, parent > (int32_t) ik->target ? (size_t) parent : ik->target);
  goal = ossa_pose_joint (&s->world[ik->target]);
  if (!goal_in_parent_space (skel, s->world, b0, goal, &gx, &gy))
    return;
  if (state.mix > 1.f)
    state.mix = 1.f;
  if (ik->n_bones == 2)
    {
      size_t b1 = ik->bones[1];

      solve_two (&local[b0], &local[b1], skel->bones[b1].length, state.bend_positive, gx, gy, &r0, &r1);
      local[b1].rotation = blend_rotation (local[b1].rotation, r1, state.mix);
      mark_changed (s, b1);
    }
  else
    r0 = solve_one (&local[b0], gx, gy);
  local[b0].rotation = blend_rotation (local[b0].rotation, r0, state.mix);
  mark_changed (s, b0);
}

void
ossa_ik_apply (const OssaDocument *doc, const OssaIkState *states, OssaTransform *local,
               OssaXform *world, uint8_t *dirty)
{
  size_t n = doc->skeleton.n_bones;
  WorldSweep s = { &doc->skeleton, local, world, dirty, n };

  if (doc->n_ik == 0 || n == 0)
    return;
  memset (dirty, 0, n);
  for (size_t c = 0; c < doc->n_ik; c++)
    {
      OssaIkState own = { doc->ik[c].mix, doc->ik[c].bend_positive };

      apply_one (doc, &doc->ik[c], states != NULL ? states[c] : own, local, &s);
    }
  if (s.done < n)
    sweep_to (&s, n - 1);
}

void
ossa_pose_apply_ik (OssaPose *pose, const OssaDocument *doc, const OssaAnimation *anim, float t)
{
  size_t n = doc->skeleton.n_bones, next_track = 0;
  WorldSweep s = { &doc->skeleton, pose->local, pose->world, pose->scratch, n };

  if (doc->n_ik == 0 || n == 0 || pose->n_bones < n)
    return;
  memset (pose->scratch, 0, n);
  for (size_t c = 0; c < doc->n_ik; c++)
    {
      OssaIkState state = { doc->ik[c].mix, doc->ik[c].bend_positive };

      /* Tracks are sorted by constraint: walk them alongside. */
      while (anim != NULL && next_track < anim->n_ik_tracks
             && anim->ik_tracks[next_track].constraint < c)
        next_track++;
      if (anim != NULL && next_track < anim->n_ik_tracks && anim->ik_tracks[next_track].constraint == c)
        state = ossa_ik_track_sample (&anim->ik_tracks[next_track], t, state);
      apply_one (doc, &doc->ik[c], state, pose->local, &s);
    }
  if (s.done < n)
    sweep_to (&s, n - 1);
}
