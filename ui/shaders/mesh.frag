// SPDX-License-Identifier: GPL-3.0-or-later
// A translucent fill in the material's colour with a thin, darker edge about one
// logical pixel wide, measured in screen space from the barycentric coordinates.
in vec3 v_corner;
flat in vec4 v_color;

uniform float u_scale;

out vec4 frag_color;

const float FILL_ALPHA = 0.42;
const float EDGE_ALPHA = 0.75;

void
main ()
{
  vec3 width = fwidth (v_corner) * u_scale;
  vec3 inside = smoothstep (0.25 * width, 1.25 * width, v_corner);
  float edge = 1.0 - min (min (inside.x, inside.y), inside.z);
  vec4 fill = vec4 (v_color.rgb, 1.0) * (FILL_ALPHA * v_color.a);
  vec4 line = vec4 (v_color.rgb * 0.6, 1.0) * (EDGE_ALPHA * v_color.a);

  // Premultiplied, as GtkGLArea composites it.
  frag_color = mix (fill, line, edge);
}
