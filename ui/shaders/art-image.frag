// SPDX-License-Identifier: GPL-3.0-or-later
// Premultiplied pixels as they are; blending puts them over what is drawn.
in vec2 v_uv;

uniform highp sampler2D u_image;

out vec4 frag_color;

void
main ()
{
  frag_color = texture (u_image, v_uv);
}
