// SPDX-License-Identifier: GPL-3.0-or-later
// One instance per segment of the canvas's overlays (onion skin ghosts, the
// motion path): a quad around a capsule from p0 to p1 (world), width in logical
// pixels; a segment of length 0 is a dot.
layout(location = 0) in vec2 a_p0;
layout(location = 1) in vec2 a_p1;
layout(location = 2) in vec4 a_color;
layout(location = 3) in float a_width;

uniform vec2 u_viewport;
uniform vec2 u_center;
uniform float u_zoom;
uniform float u_scale;

out vec2 v_local;            // x across, y along from p0, device pixels
flat out float v_length;
flat out float v_radius;
flat out vec4 v_color;

void
main ()
{
  vec2 corner = vec2 (float (gl_VertexID & 1), float ((gl_VertexID >> 1) & 1));
  vec2 p0 = (a_p0 - u_center) * u_zoom + 0.5 * u_viewport;
  vec2 p1 = (a_p1 - u_center) * u_zoom + 0.5 * u_viewport;
  float len = length (p1 - p0);
  vec2 along = len > 1e-4 ? (p1 - p0) / len : vec2 (1.0, 0.0);
  vec2 across = vec2 (-along.y, along.x);
  float r = 0.5 * a_width * u_scale;
  float pad = r + 1.0 * u_scale;
  vec2 local = vec2 (mix (-pad, pad, corner.x), mix (-pad, len + pad, corner.y));
  vec2 pixel = p0 + across * local.x + along * local.y;

  gl_Position = vec4 (pixel / u_viewport * 2.0 - 1.0, 0.0, 1.0);
  v_local = local;
  v_length = len;
  v_radius = r;
  v_color = a_color;
}
