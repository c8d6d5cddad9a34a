// SPDX-License-Identifier: GPL-3.0-or-later
// A grid map drawn per pixel from two one-byte-a-cell textures read with
// texelFetch, so cells stay crisp squares at any zoom: the cells (0 blocked, else
// walkable) and the search states (0 unseen, 1 open, 2 closed). Cell lines fade in
// once cells are big enough; when a pixel covers several cells (zoomed far out) it
// averages four of them, so thin walls do not flicker away while panning.
uniform vec2 u_viewport;      // device pixels
uniform vec2 u_center;        // cell coordinates at the middle (x right, y down)
uniform float u_zoom;         // device pixels per cell
uniform float u_scale;        // device pixels per logical pixel
uniform ivec2 u_size;         // map width, height in cells
uniform sampler2D u_cells;
uniform sampler2D u_states;
uniform int u_show_states;
uniform ivec2 u_hover;        // the cell under the pointer, or (-1, -1)

out vec4 frag_color;

const vec3 OUTSIDE = vec3 (0.137, 0.141, 0.153);
const vec3 FLOOR = vec3 (0.898, 0.886, 0.859);
const vec3 WALL = vec3 (0.239, 0.251, 0.282);
const vec3 LINE = vec3 (0.0, 0.0, 0.0);
const vec3 OPEN = vec3 (0.553, 0.820, 0.573);
const vec3 CLOSED = vec3 (0.604, 0.722, 0.898);
const vec3 BORDER = vec3 (0.420, 0.435, 0.471);

float
walkable_at (vec2 cell)
{
  ivec2 c = clamp (ivec2 (floor (cell)), ivec2 (0), u_size - 1);

  return texelFetch (u_cells, c, 0).r > 0.0 ? 1.0 : 0.0;
}

void
main ()
{
  vec2 pixel = vec2 (gl_FragCoord.x, u_viewport.y - gl_FragCoord.y);
  vec2 cell = (pixel - 0.5 * u_viewport) / u_zoom + u_center;
  vec2 size = vec2 (u_size);
  // Distance to the map's edge in device pixels (negative inside).
  vec2 out_d = max (-cell, cell - size) * u_zoom;
  float edge = max (out_d.x, out_d.y);
  vec3 color;

  if (edge > 0.0)
    {
      color = mix (OUTSIDE, BORDER, clamp (1.0 * u_scale + 0.5 - edge, 0.0, 1.0));
      frag_color = vec4 (color, 1.0);
      return;
    }

  ivec2 c = ivec2 (floor (cell));
  float walk;

  if (u_zoom >= 1.0)
    walk = walkable_at (cell);
  else
    {
      float q = 0.25 / u_zoom;

      walk = 0.25 * (walkable_at (cell + vec2 (-q, -q)) + walkable_at (cell + vec2 (q, -q))
                     + walkable_at (cell + vec2 (-q, q)) + walkable_at (cell + vec2 (q, q)));
    }
  color = mix (WALL, FLOOR, walk);

  if (u_show_states != 0)
    {
      float state = texelFetch (u_states, clamp (c, ivec2 (0), u_size - 1), 0).r * 255.0;

      if (state > 1.5)
        color = mix (color, CLOSED, 0.85 * walk);
      else if (state > 0.5)
        color = mix (color, OPEN, 0.9 * walk);
    }

  if (c == u_hover)
    color = mix (color, vec3 (1.0, 0.85, 0.35), 0.35);

  // Cell lines: one device pixel at the cell's top and left edges, fading in
  // between 6 and 14 logical pixels a cell.
  vec2 f = fract (cell) * u_zoom;
  float d = min (f.x, f.y);
  float line = clamp (1.0 * u_scale - d, 0.0, 1.0) * smoothstep (6.0, 14.0, u_zoom / u_scale);

  color = mix (color, LINE, 0.12 * line);
  frag_color = vec4 (color, 1.0);
}
