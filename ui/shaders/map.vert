// SPDX-License-Identifier: GPL-3.0-or-later
// The map: one quad over the whole area, no vertex buffer; map.frag finds the cell
// under each pixel.
void
main ()
{
  vec2 corner = vec2 (float (gl_VertexID & 1), float ((gl_VertexID >> 1) & 1));

  gl_Position = vec4 (corner * 2.0 - 1.0, 0.0, 1.0);
}
