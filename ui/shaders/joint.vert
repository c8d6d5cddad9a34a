// SPDX-License-Identifier: GPL-3.0-or-later
// One point per bone, reading the bones' buffer: a square sprite around the joint.
layout(location = 0) in vec2 a_joint;
layout(location = 3) in vec4 a_color;
layout(location = 4) in uint a_flags;

uniform vec2 u_viewport;
uniform vec2 u_center;
uniform float u_zoom;
uniform float u_scale;
uniform float u_radius;      // logical pixels

flat out float v_half;       // half the sprite's side, device pixels
flat out float v_radius;
flat out vec4 v_fill;
flat out vec4 v_line;
flat out float v_line_width;

const vec3 ACCENT = vec3 (1.0, 0.757, 0.259);

void
main ()
{
  vec2 center = (a_joint - u_center) * u_zoom + 0.5 * u_viewport;
  float radius = u_radius * u_scale;
  bool selected = (a_flags & 1u) != 0u;

  v_half = radius + 1.0 * u_scale;  // room for the anti-aliased edge
  gl_Position = vec4 (center / u_viewport * 2.0 - 1.0, 0.0, 1.0);
  gl_PointSize = 2.0 * v_half;
  v_radius = radius;
  v_fill = vec4 (a_color.rgb * 0.35, 1.0);
  v_line = selected ? vec4 (ACCENT, 1.0) : vec4 (0.86, 0.87, 0.88, 1.0);
  v_line_width = (selected ? 2.0 : 1.5) * u_scale;
}
