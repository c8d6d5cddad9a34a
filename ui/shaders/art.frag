// SPDX-License-Identifier: GPL-3.0-or-later
// A picture from its atlas page, tinted (premultiplied: tint = rgb * a, a); or, for
// a picture not there (yet), a marked placeholder the picture's size: diagonal
// stripes in screen space, an outline and a cross, so that it never passes for
// art; or the selected attachment's outline.
in vec2 v_uv;
flat in vec4 v_color;
flat in int v_page;

uniform highp sampler2DArray u_atlas;
uniform float u_scale;

out vec4 frag_color;

const int LOADING = -1;   // blue: the picture is being read
const int MISSING = -2;   // red: the file is missing or broken
const int OUTLINE = -3;   // the selection's amber, an outline alone

const vec3 ACCENT = vec3 (1.0, 0.757, 0.259);

// How far this pixel is from the quad's edges and from its diagonals, in device pixels.
float
edge_distance ()
{
  vec2 w = max (fwidth (v_uv), vec2 (1e-6));
  vec2 d = min (v_uv, 1.0 - v_uv) / w;
  return min (d.x, d.y);
}

float
cross_distance ()
{
  float a = v_uv.x - v_uv.y, b = v_uv.x + v_uv.y - 1.0;
  return min (abs (a) / max (fwidth (a), 1e-6), abs (b) / max (fwidth (b), 1e-6));
}

void
main ()
{
  if (v_page >= 0)
    {
      vec4 texel = texture (u_atlas, vec3 (v_uv, float (v_page)));
      frag_color = texel * vec4 (v_color.rgb * v_color.a, v_color.a);
      return;
    }

  float line = 1.25 * u_scale;
  float edge = 1.0 - smoothstep (line - 0.5, line + 0.5, edge_distance ());
  if (v_page == OUTLINE)
    {
      // Amber on a dark rim, so it reads on light art and dark art alike.
      float wide = 1.6 * u_scale;
      float amber = 1.0 - smoothstep (wide - 0.5, wide + 0.5, edge_distance ());
      float rim = 1.0 - smoothstep (2.0 * wide - 0.5, 2.0 * wide + 0.5, edge_distance ());
      vec3 color = mix (vec3 (0.1), ACCENT, amber);
      frag_color = vec4 (color, 1.0) * max (amber, 0.7 * rim);
      return;
    }

  vec3 base = v_page == MISSING ? vec3 (0.86, 0.2, 0.32) : vec3 (0.45, 0.6, 0.95);
  float period = 10.0 * u_scale;
  float stripe = step (0.5, fract ((gl_FragCoord.x + gl_FragCoord.y) / period));
  float cross = 1.0 - smoothstep (line - 0.5, line + 0.5, cross_distance ());
  float mark = max (edge, cross);
  float alpha = mix (mix (0.3, 0.6, stripe), 0.95, mark) * v_color.a;

  frag_color = vec4 (base * alpha, alpha);
}
