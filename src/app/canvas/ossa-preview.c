/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ossa-preview.h"

#include <math.h>
#include <stdlib.h>

#include "ossa-ik-pose.h"
#include "ossa-pose.h"

void
ossa_preview_pose_segments (const OssaSkeleton *skel, const OssaXform *world,
                            const uint8_t color[4], float width, OssaSegment *out)
{
  for (size_t i = 0; i < skel->n_bones; i++)
    {
      OssaVec2 joint = ossa_pose_joint (&world[i]);
      OssaVec2 tip = ossa_pose_tip (&world[i], skel->bones[i].length);
      OssaSegment *s = &out[i];

      s->p0[0] = joint.x;
      s->p0[1] = joint.y;
      s->p1[0] = tip.x;
      s->p1[1] = tip.y;
      for (int c = 0; c < 4; c++)
        s->color[c] = color[c];
      s->width = width;
    }
}

size_t
ossa_preview_tip_path (const OssaSkeleton *skel, const OssaAnimation *anim, size_t bone,
                       double t0, double t1, size_t n_samples, float *xy)
{
  size_t depth = 0, n_chain = 0;
  size_t *chain;
  const OssaTrack **tracks;

  if (bone >= skel->n_bones || n_samples == 0)
    return 0;
  for (int32_t b = (int32_t) bone; b >= 0; b = skel->bones[b].parent)
    depth++;
  chain = malloc (depth * sizeof *chain);
  tracks = calloc (depth * OSSA_N_CHANNELS, sizeof *tracks);
  if (chain == NULL || tracks == NULL)
    {
      free (chain);
      free (tracks);
      return 0;
    }
  /* Root first. */
  for (int32_t b = (int32_t) bone; b >= 0; b = skel->bones[b].parent)
    chain[depth - 1 - n_chain++] = (size_t) b;
  if (anim != NULL)
    for (size_t i = 0; i < depth; i++)
      for (int c = 0; c < OSSA_N_CHANNELS; c++)
        tracks[i * OSSA_N_CHANNELS + c] = ossa_animation_find_track (anim, (uint32_t) chain[i],
                                                                     (OssaChannel) c);

  for (size_t s = 0; s < n_samples; s++)
    {
      double t = n_samples > 1 ? t0 + (t1 - t0) * (double) s / (double) (n_samples - 1) : t0;
      OssaXform world = { 1, 0, 0, 1, 0, 0 };
      OssaVec2 tip;

      for (size_t i = 0; i < depth; i++)
        {
          OssaTransform local = skel->bones[chain[i]].rest;
          OssaXform m;

          for (int c = 0; c < OSSA_N_CHANNELS; c++)
            {
              const OssaTrack *track = tracks[i * OSSA_N_CHANNELS + c];

              if (track != NULL && track->n_keys > 0)
                ossa_transform_set_channel (&local, (OssaChannel) c,
                                            ossa_track_sample (track, (float) t));
            }
          m = ossa_xform_from_transform (&local);
          world = i == 0 ? m : ossa_xform_multiply (&world, &m);
        }
      tip = ossa_pose_tip (&world, skel->bones[bone].length);
      xy[2 * s] = tip.x;
      xy[2 * s + 1] = tip.y;
    }
  free (chain);
  free (tracks);
  return n_samples;
}

void
ossa_preview_sample_pose (const OssaDocument *doc, const OssaAnimation *anim, double t,
                          OssaPose *pose)
{
  ossa_pose_sample (pose, anim, &doc->skeleton, (float) t);
  ossa_pose_update_world (pose, &doc->skeleton);
  ossa_pose_apply_ik (pose, doc, anim, (float) t);
}

int
ossa_preview_ik_moves_bone (const OssaDocument *doc, size_t bone)
{
  const OssaSkeleton *skel = &doc->skeleton;

  if (bone >= skel->n_bones)
    return 0;
  for (int32_t b = (int32_t) bone; b >= 0; b = skel->bones[b].parent)
    for (size_t c = 0; c < doc->n_ik; c++)
      for (uint32_t i = 0; i < doc->ik[c].n_bones && i < 2; i++)
        if (doc->ik[c].bones[i] == (uint32_t) b)
          return 1;
  return 0;
}

size_t
ossa_preview_tip_path_ik (const OssaDocument *doc, const OssaAnimation *anim, size_t bone,
                          double t0, double t1, size_t n_samples, OssaPose *pose, float *xy)
{
  const OssaSkeleton *skel = &doc->skeleton;

  if (!ossa_preview_ik_moves_bone (doc, bone))
    return ossa_preview_tip_path (skel, anim, bone, t0, t1, n_samples, xy);
  if (n_samples == 0 || !ossa_pose_resize (pose, skel->n_bones, NULL))
    return 0;
  for (size_t s = 0; s < n_samples; s++)
    {
      double t = n_samples > 1 ? t0 + (t1 - t0) * (double) s / (double) (n_samples - 1) : t0;
      OssaVec2 tip;

      ossa_preview_sample_pose (doc, anim, t, pose);
      tip = ossa_pose_tip (&pose->world[bone], skel->bones[bone].length);
      xy[2 * s] = tip.x;
      xy[2 * s + 1] = tip.y;
    }
  return n_samples;
}

void
ossa_preview_ghost_times (double t, double step, int count, double end, int loop, double *times)
{
  for (int side = 0; side < 2; side++)
    for (int k = 1; k <= count; k++)
      {
        double g = t + (side == 0 ? -k : k) * step;

        if (loop && end > 0)
          g = fmod (fmod (g, end) + end, end);
        else if (g < -1e-9 || g > end + 1e-9)
          g = NAN;
        times[side * count + k - 1] = g;
      }
}

void
ossa_preview_ghost_style (int after, int k, int count, uint8_t color[4], float *width)
{
  /* Bright enough to read on the dark canvas, and far apart in hue. */
  static const uint8_t past[3] = { 255, 84, 72 }, future[3] = { 72, 226, 120 };
  const uint8_t *rgb = after ? future : past;
  float u = count > 1 ? (float) k / (float) (count - 1) : 0.0f;

  if (u < 0)
    u = 0;
  if (u > 1)
    u = 1;
  for (int c = 0; c < 3; c++)
    color[c] = rgb[c];
  /* Clearly there, yet quieter than the pose itself, which is opaque. */
  color[3] = (uint8_t) lrintf (180.0f - 90.0f * u);
  *width = OSSA_PREVIEW_GHOST_MIN_WIDTH + 1.0f - u;
}
