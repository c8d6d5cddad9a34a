// SPDX-License-Identifier: GPL-3.0-or-later
// Path segments: one instance a segment between two cell centres, widened in
// device pixels to a quad with round-ish caps (extended by half the width).
layout(location = 0) in vec4 a_segment;   // x0, y0, x1, y1 in cell coordinates

uniform vec2 u_viewport;
uniform vec2 u_center;
uniform float u_zoom;
uniform float u_width;     // device pixels

out vec2 v_local;          // along, across the segment in device pixels
out float v_length;

void
main ()
{
  vec2 a = (a_segment.xy - u_center) * u_zoom;
  vec2 b = (a_segment.zw - u_center) * u_zoom;
  vec2 dir = b - a;
  float len = length (dir);
  vec2 t = len > 0.0 ? dir / len : vec2 (1.0, 0.0);
  vec2 n = vec2 (-t.y, t.x);
  float hw = 0.5 * u_width + 1.0;
  vec2 corner = vec2 (float (gl_VertexID & 1), float ((gl_VertexID >> 1) & 1));
  float along = mix (-hw, len + hw, corner.x);
  float across = mix (-hw, hw, corner.y);
  vec2 p = a + t * along + n * across;

  v_local = vec2 (along, across);
  v_length = len;
  // Device pixels around the middle, y down, to clip space.
  gl_Position = vec4 (2.0 * p.x / u_viewport.x, -2.0 * p.y / u_viewport.y, 0.0, 1.0);
}
