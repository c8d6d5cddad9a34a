/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ossa-canvas"

#include "config.h"

#include <math.h>

#include "ossa-canvas-private.h"
#include "ossa-pose.h"

/* The interpolation preview in Animate mode: the onion skin (ghosts of the pose
 * before and after the playhead, under the bones) and the primary bone's motion
 * path (over them), both after the IK constraints, as the pose at the playhead is
 * shown. The geometry is ossa-preview.c's, the GL the segment layer's. */

#define PATH_WIDTH 2.0f
#define PATH_SAMPLES_PER_FRAME 4
#define PATH_SAMPLES_MAX 4000
/* A path IK moves samples the whole pose each time, and is built again at every
 * step of a drag: at most this many bones in all, a third each for the line, the
 * frame dots and the key dots; some 16 ms at the 80 ns a bone bench-ik measures
 * for sample + world + IK on its 10,000-bone rig (a rig of 50 bones keeps 1,333
 * samples a part, one of 10,000 gets 6). */
#define PATH_IK_BONE_SAMPLES_MAX 200000

static void
draw_segments (OssaCanvas *self, const GArray *segments, float width, float height, float scale)
{
  guint calls = ossa_segment_layer_draw (&self->segment_layer,
                                         (const OssaSegment *) segments->data, segments->len,
                                         width, height, (float) self->camera.center_x,
                                         (float) self->camera.center_y,
                                         (float) (self->camera.zoom * scale), scale);

  if (calls > 0)
    _ossa_canvas_note_draw (self, OSSA_CANVAS_PROGRAM_SEGMENTS);
  self->stats.draw_calls += calls;
}

/* The animation the preview shows: the current one, in Animate mode only. */
static const OssaAnimation *
preview_animation (OssaCanvas *self)
{
  const OssaDocument *doc;
  int index;

  if (self->editor == NULL || ossa_editor_get_mode (self->editor) != OSSA_EDIT_MODE_ANIMATE)
    return NULL;
  doc = ossa_editor_get_document (self->editor);
  index = ossa_editor_get_animation (self->editor);
  return index >= 0 && (gsize) index < doc->n_animations ? &doc->animations[index] : NULL;
}

/* The preview's scratch pose, sized to skel; FALSE on out of memory (nothing is
 * drawn then). */
static gboolean
preview_pose_sized (OssaCanvas *self, const OssaSkeleton *skel)
{
  if (self->preview_pose == NULL)
    self->preview_pose = ossa_pose_new (skel, NULL);
  return self->preview_pose != NULL && ossa_pose_resize (self->preview_pose, skel->n_bones, NULL);
}

/* Ghosts of the pose onion-frames apart, onion-before of them before the playhead
 * (in onion-past-color, red by default) and onion-after after it (in
 * onion-future-color, green), fainter and narrower further away
 * (ossa_preview_ghost_style), under the bones. */
void
_ossa_canvas_draw_onion_skin (OssaCanvas *self, float width, float height, float scale)
{
  const OssaAnimation *anim = preview_animation (self);
  const OssaSkeleton *skel;
  int counts[2] = { self->onion_before, self->onion_after };
  int most = MAX (counts[0], counts[1]);
  double times[2 * OSSA_CANVAS_ONION_MAX];
  double fps, end;
  gsize n;

  g_array_set_size (self->ghosts, 0);
  self->stats.n_ghosts = 0;
  if (!self->onion_skin || anim == NULL || most <= 0)
    return;
  skel = &ossa_editor_get_document (self->editor)->skeleton;
  n = skel->n_bones;
  if (n == 0)
    return;
  if (!preview_pose_sized (self, skel))
    return;
  fps = ossa_editor_get_frame_rate (self->editor);
  end = ossa_editor_get_end_time (self->editor);
  ossa_preview_ghost_times (ossa_editor_get_time (self->editor), self->onion_frames / fps,
                            most, end, anim->loop, times);
  /* Farthest first, so the nearer ghosts lie on top. */
  for (int k = most - 1; k >= 0; k--)
    for (int side = 0; side < 2; side++)
      {
        const GdkRGBA *rgb = side == 0 ? &self->onion_past : &self->onion_future;
        double t = times[side * most + k];
        guint8 color[4];
        float ghost_width;
        guint at = self->ghosts->len;

        if (k >= counts[side] || isnan (t))
          continue;
        ossa_preview_sample_pose (ossa_editor_get_document (self->editor), anim, t,
                                  self->preview_pose);
        g_array_set_size (self->ghosts, at + (guint) n);
        ossa_preview_ghost_style (side, k, counts[side], color, &ghost_width);
        /* The colour chosen; the fading with distance stays the style's. */
        color[0] = (guint8) lrintf (CLAMP (rgb->red, 0.0f, 1.0f) * 255.0f);
        color[1] = (guint8) lrintf (CLAMP (rgb->green, 0.0f, 1.0f) * 255.0f);
        color[2] = (guint8) lrintf (CLAMP (rgb->blue, 0.0f, 1.0f) * 255.0f);
        ossa_preview_pose_segments (skel, self->preview_pose->world, color, ghost_width,
                                    &g_array_index (self->ghosts, OssaSegment, at));
        self->stats.n_ghosts++;
      }
  draw_segments (self, self->ghosts, width, height, scale);
}

static void
add_segment (GArray *out, float x0, float y0, float x1, float y1, const guint8 color[4],
             float width)
{
  OssaSegment s = { { x0, y0 }, { x1, y1 }, { color[0], color[1], color[2], color[3] }, width };

  g_array_append_val (out, s);
}

/* The primary bone's tip over the whole animation: a line from teal (the start)
 * to amber (the end), a dot at each frame, a larger one at each of the bone's
 * keys. When IK moves the bone each sample is a whole pose, so there are fewer of
 * them on a large rig (PATH_IK_BONE_SAMPLES_MAX). */
static void
build_path (OssaCanvas *self, const OssaAnimation *anim, guint bone)
{
  const OssaDocument *doc = ossa_editor_get_document (self->editor);
  double fps = ossa_editor_get_frame_rate (self->editor);
  double end = ossa_editor_get_end_time (self->editor);
  gsize frames = (gsize) MAX (ceil (end * fps), 1);
  gsize n = CLAMP (frames * PATH_SAMPLES_PER_FRAME + 1, 2, PATH_SAMPLES_MAX);
  gsize most = G_MAXSIZE;
  g_autofree float *xy = NULL;
  const guint8 key_color[4] = { 255, 245, 225, 235 };

  g_array_set_size (self->path, 0);
  if (ossa_preview_ik_moves_bone (doc, bone))
    {
      if (!preview_pose_sized (self, &doc->skeleton))
        return;
      most = MAX (PATH_IK_BONE_SAMPLES_MAX / 3 / MAX (doc->skeleton.n_bones, 1), 2);
      n = MIN (n, most);
    }
  xy = g_new (float, 2 * n);
  if (ossa_preview_tip_path_ik (doc, anim, bone, 0, end, n, self->preview_pose, xy) == 0)
    return;
  for (gsize i = 0; i + 1 < n; i++)
    {
      double u = (double) i / (double) (n - 1);
      guint8 color[4] = { (guint8) (80 + 175 * u), (guint8) (200 - 7 * u), (guint8) (190 - 124 * u),
                          220 };

      add_segment (self->path, xy[2 * i], xy[2 * i + 1], xy[2 * i + 2], xy[2 * i + 3], color,
                   PATH_WIDTH);
    }
  if (frames <= 600 && frames < most)
    {
      g_autofree float *dots = g_new (float, 2 * (frames + 1));
      const guint8 dot_color[4] = { 230, 232, 236, 170 };

      ossa_preview_tip_path_ik (doc, anim, bone, 0, frames / fps, frames + 1, self->preview_pose,
                                dots);
      for (gsize f = 0; f <= frames; f++)
        add_segment (self->path, dots[2 * f], dots[2 * f + 1], dots[2 * f], dots[2 * f + 1],
                     dot_color, 4.0f);
    }
  for (int c = 0; c < OSSA_N_CHANNELS; c++)
    {
      const OssaTrack *track = ossa_animation_find_track (anim, bone, (OssaChannel) c);

      for (gsize k = 0; track != NULL && k < track->n_keys && k < MIN (1000, most); k++)
        {
          float p[2];

          ossa_preview_tip_path_ik (doc, anim, bone, track->times[k], track->times[k], 1,
                                    self->preview_pose, p);
          add_segment (self->path, p[0], p[1], p[0], p[1], key_color, 7.0f);
        }
    }
}

void
_ossa_canvas_draw_motion_path (OssaCanvas *self, float width, float height, float scale)
{
  const OssaAnimation *anim = preview_animation (self);
  int primary = self->editor != NULL ? ossa_editor_get_primary (self->editor) : -1;
  const guint8 now_color[4] = { 255, 86, 74, 255 };
  OssaVec2 tip;

  if (!self->show_motion_path || anim == NULL || primary < 0)
    return;
  if (self->path_stale)
    {
      build_path (self, anim, (guint) primary);
      self->path_stale = FALSE;
    }
  if (self->path->len == 0)
    return;
  /* Where the tip is now, on the path. */
  tip = ossa_pose_tip (&ossa_editor_get_world (self->editor)[primary],
                       ossa_editor_get_document (self->editor)->skeleton.bones[primary].length);
  add_segment (self->path, tip.x, tip.y, tip.x, tip.y, now_color, 9.0f);
  draw_segments (self, self->path, width, height, scale);
  g_array_set_size (self->path, self->path->len - 1);
}
