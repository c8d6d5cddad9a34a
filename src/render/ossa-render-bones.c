/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The renderer's bones: each a tapered shape from its joint to its tip in its
 * colour, outlined darker with a soft ridge, then the joints as dark discs with a
 * light ring, the sizes in pixels, as the canvas draws them (ui/shaders/bone.*,
 * joint.*, src/app/canvas/ossa-scene.c). */
#include "ossa-render-private.h"

#include <math.h>

/* src/app/canvas/ossa-scene.h's sizes, in pixels. */
#define JOINT_RADIUS    4.5
#define BONE_WIDTH_MAX  8.0
#define BONE_WIDTH_MIN  3.0
#define BONE_TIP_RADIUS 1.0
#define JOINT_LOD_PX    12.0

void
_ossa_render_bone_bounds (OssaRenderer *renderer, OssaRenderBounds *bounds)
{
  const OssaSkeleton *skel = &renderer->doc->skeleton;
  double total = 0;
  float pad;

  /* Joints and bone widths are pixels, unknown here: a joint gets room of an
   * eighth of the bones' mean length, about what the shape needs at a size that
   * fits the skeleton; the fit's margin covers the rest. */
  for (size_t i = 0; i < skel->n_bones; i++)
    total += skel->bones[i].length;
  pad = skel->n_bones > 0 && total > 0 ? (float) (total / (double) skel->n_bones / 8) : 1;
  for (size_t i = 0; i < skel->n_bones; i++)
    {
      const OssaXform *m = &renderer->pose->world[i];
      OssaVec2 joint = ossa_pose_joint (m), tip = ossa_pose_tip (m, skel->bones[i].length);

      _ossa_render_bounds_add (bounds, joint.x - pad, joint.y - pad);
      _ossa_render_bounds_add (bounds, joint.x + pad, joint.y + pad);
      _ossa_render_bounds_add (bounds, tip.x, tip.y);
    }
}

/* The uneven capsule of bone.frag: a circle of r1 at the origin, one of r2 at
 * (len, 0) and their outer tangents, in a frame along the bone. */
static void
capsule_path (cairo_t *cr, double len, double r1, double r2)
{
  double b, theta;

  if (r1 < 0)
    r1 = 0;
  if (r2 < 0)
    r2 = 0;
  if (len <= fabs (r1 - r2) + 1e-4)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, 0, 0, fmax (r1, r2), 0, OSSA_TAU);
      cairo_close_path (cr);
      return;
    }
  b = (r1 - r2) / len;
  theta = atan2 (sqrt (1 - b * b), b);
  cairo_new_sub_path (cr);
  cairo_arc (cr, 0, 0, r1, theta, OSSA_TAU - theta);
  cairo_arc (cr, len, 0, r2, -theta, theta);
  cairo_close_path (cr);
}

/* The pixels around the bone, inside the target; false when none. */
static bool
bone_box (OssaRenderer *renderer, double jx, double jy, double tx, double ty, double r,
          int box[4])
{
  double x0 = fmin (jx, tx) - r - 1, y0 = fmin (jy, ty) - r - 1;
  double x1 = fmax (jx, tx) + r + 1, y1 = fmax (jy, ty) + r + 1;

  box[0] = (int) fmax (floor (x0), 0);
  box[1] = (int) fmax (floor (y0), 0);
  box[2] = (int) fmin (ceil (x1), renderer->target_width);
  box[3] = (int) fmin (ceil (y1), renderer->target_height);
  return box[2] > box[0] && box[3] > box[1];
}

static void
draw_bone (OssaRenderer *renderer, cairo_t *cr, double jx, double jy, double tx, double ty,
           uint32_t color)
{
  double dx = tx - jx, dy = ty - jy, len = sqrt (dx * dx + dy * dy);
  double r1 = fmin (fmax (0.12 * len, BONE_WIDTH_MIN), BONE_WIDTH_MAX);
  double r2 = fmin (r1, BONE_TIP_RADIUS), line = 1.25;
  double r = (color >> 24) / 255.0, g = ((color >> 16) & 0xff) / 255.0,
         b = ((color >> 8) & 0xff) / 255.0;
  cairo_matrix_t frame;
  cairo_pattern_t *ridge;
  cairo_t *mc;
  int box[4];

  if (!bone_box (renderer, jx, jy, tx, ty, r1, box))
    return;
  cairo_save (cr);
  cairo_translate (cr, jx, jy);
  if (len > 1e-4)
    cairo_rotate (cr, atan2 (dy, dx));
  cairo_get_matrix (cr, &frame);
  capsule_path (cr, len, r1, r2);
  cairo_set_source_rgb (cr, 0.4 * r, 0.4 * g, 0.4 * b);
  cairo_fill (cr);
  /* the fill, 0.92 of the colour, lit along the middle (0.88 + 0.2 · ridge),
   * a gradient: through the mask */
  mc = _ossa_render_mask_begin (renderer, box);
  cairo_set_matrix (mc, &frame);
  capsule_path (mc, len, r1 - line, r2 - line);
  cairo_fill (mc);
  ridge = cairo_pattern_create_linear (0, -r1, 0, r1);
  cairo_pattern_add_color_stop_rgb (ridge, 0, 0.81 * r, 0.81 * g, 0.81 * b);
  cairo_pattern_add_color_stop_rgb (ridge, 0.5, 0.994 * r, 0.994 * g, 0.994 * b);
  cairo_pattern_add_color_stop_rgb (ridge, 1, 0.81 * r, 0.81 * g, 0.81 * b);
  cairo_set_source (cr, ridge);
  _ossa_render_mask_end (renderer, cr, box);
  cairo_pattern_destroy (ridge);
  cairo_restore (cr);
}

static void
draw_joint (cairo_t *cr, double x, double y, uint32_t color)
{
  double r = (color >> 24) / 255.0, g = ((color >> 16) & 0xff) / 255.0,
         b = ((color >> 8) & 0xff) / 255.0;

  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, JOINT_RADIUS, 0, OSSA_TAU);
  cairo_set_source_rgb (cr, 0.86, 0.87, 0.88);
  cairo_fill (cr);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, JOINT_RADIUS - 1.5, 0, OSSA_TAU);
  cairo_set_source_rgb (cr, 0.35 * r, 0.35 * g, 0.35 * b);
  cairo_fill (cr);
}

void
_ossa_render_draw_bones (OssaRenderer *renderer, cairo_t *cr, const OssaRenderView *view)
{
  const OssaSkeleton *skel = &renderer->doc->skeleton;
  cairo_matrix_t world;

  (void) view;
  cairo_get_matrix (cr, &world);
  cairo_identity_matrix (cr);
  for (int pass = 0; pass < 2; pass++)
    for (size_t i = 0; i < skel->n_bones; i++)
      {
        const OssaXform *m = &renderer->pose->world[i];
        OssaVec2 joint = ossa_pose_joint (m), tip = ossa_pose_tip (m, skel->bones[i].length);
        double jx = joint.x, jy = joint.y, tx = tip.x, ty = tip.y, len;

        cairo_matrix_transform_point (&world, &jx, &jy);
        cairo_matrix_transform_point (&world, &tx, &ty);
        if (!isfinite (jx) || !isfinite (jy) || !isfinite (tx) || !isfinite (ty))
          continue;
        len = hypot (tx - jx, ty - jy);
        if (pass == 0)
          draw_bone (renderer, cr, jx, jy, tx, ty, skel->bones[i].color);
        else if (len >= JOINT_LOD_PX || len == 0)
          /* short bones hide their joints, as on the canvas when zoomed out */
          draw_joint (cr, jx, jy, skel->bones[i].color);
      }
  cairo_set_matrix (cr, &world);
}
