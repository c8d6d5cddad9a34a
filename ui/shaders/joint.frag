// SPDX-License-Identifier: GPL-3.0-or-later
// A joint: a dark disc with a light ring, anti-aliased from the distance to the
// circle.
flat in float v_half;
flat in float v_radius;
flat in vec4 v_fill;
flat in vec4 v_line;
flat in float v_line_width;

out vec4 frag_color;

void
main ()
{
  vec2 local = (gl_PointCoord - 0.5) * 2.0 * v_half;
  float d = length (local) - v_radius;
  float shape = 1.0 - smoothstep (-0.5, 0.5, d);
  float inside = 1.0 - smoothstep (-0.5, 0.5, d + v_line_width);
  vec3 color = mix (v_line.rgb, v_fill.rgb, inside);

  frag_color = vec4 (color * shape, shape);
}
