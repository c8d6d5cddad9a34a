// SPDX-License-Identifier: GPL-3.0-or-later
// The meshes: every triangle corner already moved by its bone (on the CPU, one
// buffer a frame), placed in device pixels like the bones.
layout(location = 0) in vec2 a_position;  // world
layout(location = 1) in vec4 a_color;     // straight alpha

uniform vec2 u_viewport;
uniform vec2 u_center;
uniform float u_zoom;
uniform float u_scale;

out vec3 v_corner;          // barycentric: 1 at this corner, 0 on the far edge
flat out vec4 v_color;

void
main ()
{
  vec2 pixel = (a_position - u_center) * u_zoom + 0.5 * u_viewport;
  int corner = gl_VertexID % 3;

  gl_Position = vec4 (pixel / u_viewport * 2.0 - 1.0, 0.0, 1.0);
  v_corner = vec3 (corner == 0 ? 1.0 : 0.0, corner == 1 ? 1.0 : 0.0, corner == 2 ? 1.0 : 0.0);
  v_color = a_color;
}
