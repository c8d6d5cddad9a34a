// SPDX-License-Identifier: GPL-3.0-or-later
// Background, grid and world axes, computed per pixel so that every line is one
// device pixel wide (the axes a little more) and anti-aliased at any zoom.
uniform vec2 u_viewport;     // device pixels
uniform vec2 u_center;       // world point at the middle
uniform float u_zoom;        // device pixels per world unit
uniform float u_scale;       // device pixels per logical pixel
uniform float u_step;        // fine grid spacing, world units (coarse: 10 times)

out vec4 frag_color;

const vec3 BACKGROUND = vec3 (0.157, 0.161, 0.169);
const vec3 FINE = vec3 (0.196, 0.200, 0.212);
const vec3 COARSE = vec3 (0.243, 0.247, 0.262);
const vec3 AXIS_X = vec3 (0.690, 0.282, 0.290);
const vec3 AXIS_Y = vec3 (0.380, 0.620, 0.329);

// Coverage of lines every `step` world units, width in device pixels.
float
lines (float coord, float step, float width)
{
  float d = abs (fract (coord / step + 0.5) - 0.5) * step * u_zoom;

  return clamp (0.5 * width + 0.5 - d, 0.0, 1.0);
}

float
line_at_zero (float coord, float width)
{
  return clamp (0.5 * width + 0.5 - abs (coord) * u_zoom, 0.0, 1.0);
}

void
main ()
{
  vec2 world = (gl_FragCoord.xy - 0.5 * u_viewport) / u_zoom + u_center;
  // Fine lines fade in as they move apart, so zooming never pops.
  float spacing = u_step * u_zoom / u_scale;
  float fine_alpha = smoothstep (8.0, 32.0, spacing);
  float fine = max (lines (world.x, u_step, u_scale), lines (world.y, u_step, u_scale));
  float coarse = max (lines (world.x, 10.0 * u_step, u_scale),
                      lines (world.y, 10.0 * u_step, u_scale));
  // A faint darkening toward the edges keeps the eye on the middle.
  vec2 uv = gl_FragCoord.xy / u_viewport - 0.5;
  vec3 color = BACKGROUND * (1.0 - 0.18 * dot (uv, uv));

  color = mix (color, FINE, fine * fine_alpha);
  color = mix (color, COARSE, coarse);
  color = mix (color, AXIS_X, line_at_zero (world.y, 1.5 * u_scale));
  color = mix (color, AXIS_Y, line_at_zero (world.x, 1.5 * u_scale));
  frag_color = vec4 (color, 1.0);
}
