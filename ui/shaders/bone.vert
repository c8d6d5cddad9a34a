// SPDX-License-Identifier: GPL-3.0-or-later
// One instance per bone: a triangle around the tapered shape from joint to tip, in a
// frame along the bone measured in device pixels (the fragment shader computes the
// shape's distance there).
layout(location = 0) in vec2 a_joint;       // world
layout(location = 1) in vec2 a_tip;         // world
layout(location = 2) in float a_half_width; // logical pixels, at the joint
layout(location = 3) in vec4 a_color;
layout(location = 4) in uint a_flags;       // 1 selected, 2 primary, 4 hover

uniform vec2 u_viewport;
uniform vec2 u_center;
uniform float u_zoom;
uniform float u_scale;

out vec2 v_local;            // x across the bone, y along it, device pixels
flat out float v_length;
flat out float v_r1;
flat out float v_r2;
flat out vec4 v_fill;
flat out vec4 v_line;
flat out float v_line_width;

const vec3 ACCENT = vec3 (1.0, 0.757, 0.259);

vec2
to_pixels (vec2 world)
{
  return (world - u_center) * u_zoom + 0.5 * u_viewport;
}

void
main ()
{
  vec2 joint = to_pixels (a_joint);
  vec2 tip = to_pixels (a_tip);
  float len = length (tip - joint);
  vec2 along = len > 1e-4 ? (tip - joint) / len : vec2 (1.0, 0.0);
  vec2 across = vec2 (-along.y, along.x);
  float r1 = a_half_width * u_scale;
  float r2 = min (r1, 1.0 * u_scale);
  float pad = 1.0 * u_scale;  // room for the anti-aliased edge
  bool selected = (a_flags & 1u) != 0u;
  bool hover = (a_flags & 4u) != 0u;
  float R1 = r1 + pad;
  float R2 = r2 + pad;
  // One triangle around the shape: the trapezoid of its tangent lines (pushed out
  // by pad) extended to where its sides meet, or, when they barely converge (short
  // bones, where one end's circle holds the other), a triangle twice as tall
  // around the box of the shape.
  float b = len > r1 - r2 + 1e-3 ? (r1 - r2) / len : 1.0;
  float a = sqrt (max (1.0 - b * b, 0.0));
  float w1 = a > 0.25 ? R1 * (1.0 + b) / a : R1;
  float w2 = a > 0.25 ? R2 * (1.0 - b) / a : R1;
  float top = a > 0.25 ? len + R2 : max (len + R2, R1);
  float h = top + R1;
  bool converge = w1 > 1.25 * w2;
  float half_base = converge ? w1 : 2.0 * max (w1, w2);
  float apex = converge ? -R1 + h * w1 / (w1 - w2) : -R1 + 2.0 * h;
  vec2 local = gl_VertexID == 0 ? vec2 (-half_base, -R1)
             : gl_VertexID == 1 ? vec2 (half_base, -R1)
             : vec2 (0.0, apex);
  vec2 pixel = joint + across * local.x + along * local.y;
  vec3 base = a_color.rgb;

  gl_Position = vec4 (pixel / u_viewport * 2.0 - 1.0, 0.0, 1.0);
  v_local = local;
  v_length = len;
  v_r1 = r1;
  v_r2 = r2;
  if (selected)
    {
      v_fill = vec4 (mix (base, vec3 (1.0), 0.25), 1.0);
      v_line = vec4 (ACCENT, 1.0);
      v_line_width = 2.0 * u_scale;
    }
  else
    {
      v_fill = vec4 (base * (hover ? 1.15 : 0.92), 1.0);
      v_line = vec4 (hover ? mix (base, vec3 (1.0), 0.6) : base * 0.4, 1.0);
      v_line_width = 1.25 * u_scale;
    }
}
