// SPDX-License-Identifier: GPL-3.0-or-later
// The common case of art.frag alone: a picture from its atlas page, tinted
// (premultiplied: tint = rgb * a, a). Used for a frame with no placeholder, so a
// software renderer does not carry the placeholder and outline code for every
// pixel of every picture.
in vec2 v_uv;
flat in vec4 v_color;
flat in int v_page;

uniform highp sampler2DArray u_atlas;

out vec4 frag_color;

void
main ()
{
  vec4 texel = texture (u_atlas, vec3 (v_uv, float (v_page)));
  frag_color = texel * vec4 (v_color.rgb * v_color.a, v_color.a);
}
