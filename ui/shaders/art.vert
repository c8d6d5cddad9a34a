// SPDX-License-Identifier: GPL-3.0-or-later
// The document's attachments: every quad's corners already in the world (on the
// CPU, one buffer a frame), placed in device pixels like the bones.
layout(location = 0) in vec2 a_position;  // world
layout(location = 1) in vec2 a_uv;        // atlas (page >= 0), else 0..1 across the quad
layout(location = 2) in vec4 a_color;     // the slot's tint, straight alpha
layout(location = 3) in int a_page;       // atlas page, or a placeholder / outline code

uniform vec2 u_viewport;
uniform vec2 u_center;
uniform float u_zoom;
uniform float u_scale;

out vec2 v_uv;
flat out vec4 v_color;
flat out int v_page;

void
main ()
{
  vec2 pixel = (a_position - u_center) * u_zoom + 0.5 * u_viewport;

  gl_Position = vec4 (pixel / u_viewport * 2.0 - 1.0, 0.0, 1.0);
  v_uv = a_uv;
  v_color = a_color;
  v_page = a_page;
}
