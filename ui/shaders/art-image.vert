// SPDX-License-Identifier: GPL-3.0-or-later
// A canvas-sized image over the frame (the still bones' cached image over the art):
// one strip covering the viewport.
out vec2 v_uv;

void
main ()
{
  vec2 corner = vec2 (float (gl_VertexID & 1), float ((gl_VertexID >> 1) & 1));

  gl_Position = vec4 (corner * 2.0 - 1.0, 0.0, 1.0);
  v_uv = corner;
}
