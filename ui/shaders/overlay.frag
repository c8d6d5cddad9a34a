// SPDX-License-Identifier: GPL-3.0-or-later
// A capsule, anti-aliased from its distance field; premultiplied output.
in vec2 v_local;
flat in float v_length;
flat in float v_radius;
flat in vec4 v_color;

out vec4 frag_color;

void
main ()
{
  vec2 q = vec2 (v_local.x, v_local.y - clamp (v_local.y, 0.0, v_length));
  float d = length (q) - v_radius;
  float coverage = (1.0 - smoothstep (-0.5, 0.5, d)) * v_color.a;

  frag_color = vec4 (v_color.rgb * coverage, coverage);
}
