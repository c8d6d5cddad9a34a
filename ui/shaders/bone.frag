// SPDX-License-Identifier: GPL-3.0-or-later
// The bone: a circle at the joint joined by tangents to a small one at the tip,
// filled, outlined, and anti-aliased from the exact distance to its edge.
in vec2 v_local;
flat in float v_length;
flat in float v_r1;
flat in float v_r2;
flat in vec4 v_fill;
flat in vec4 v_line;
flat in float v_line_width;

out vec4 frag_color;

// Inigo Quilez's uneven capsule, along +y from the origin; ossa-scene.c has the
// same function for hit testing.
float
uneven_capsule (vec2 p, float r1, float r2, float h)
{
  p.x = abs (p.x);
  if (h <= abs (r1 - r2) + 1e-4)
    return min (length (p) - r1, length (p - vec2 (0.0, h)) - r2);
  float b = (r1 - r2) / h;
  float a = sqrt (1.0 - b * b);
  float k = dot (p, vec2 (-b, a));
  if (k < 0.0)
    return length (p) - r1;
  if (k > a * h)
    return length (p - vec2 (0.0, h)) - r2;
  return dot (p, vec2 (a, b)) - r1;
}

void
main ()
{
  float d = uneven_capsule (v_local, v_r1, v_r2, v_length);
  float shape = 1.0 - smoothstep (-0.5, 0.5, d);
  float inside = 1.0 - smoothstep (-0.5, 0.5, d + v_line_width);
  // A soft ridge along the middle gives the flat shape some body.
  float ridge = 1.0 - smoothstep (0.0, max (v_r1, 1.0), abs (v_local.x));
  vec3 fill = v_fill.rgb * (0.88 + 0.2 * ridge);
  vec3 color = mix (v_line.rgb, fill, inside);

  // Premultiplied, as GtkGLArea composites it.
  frag_color = vec4 (color * shape, shape);
}
