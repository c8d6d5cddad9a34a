// SPDX-License-Identifier: GPL-3.0-or-later
// A capsule of u_width device pixels, anti-aliased by its distance field.
uniform float u_width;
uniform vec4 u_color;   // straight alpha

in vec2 v_local;
in float v_length;

out vec4 frag_color;

void
main ()
{
  float along = clamp (v_local.x, 0.0, v_length);
  float d = length (vec2 (v_local.x - along, v_local.y)) - 0.5 * u_width;
  float a = clamp (0.5 - d, 0.0, 1.0) * u_color.a;

  frag_color = vec4 (u_color.rgb * a, a);
}
