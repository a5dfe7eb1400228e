#version 330 core
// Heatmap cells and colorbars (shaders/heatmap.vert lays out the quads). A cell is its flat
// colour; a colorbar's colour comes from its height. The colormap is a table of evenly spaced
// anchors from core/math/colormap.cpp, interpolated linearly, so the exports get the same colours.
const int kAnchors = 9;

uniform vec3 u_colormap[kAnchors];
uniform bool u_gradient;         // a colorbar: t = 1 at the top edge, 0 at the bottom
uniform vec3 u_hatch_a;          // the stripes of a masked cell
uniform vec3 u_hatch_b;

in vec2 v_uv;
flat in vec3 v_color;
flat in int v_masked;
out vec4 frag_color;

vec3 colormap(float t) {
  float x = clamp(t, 0.0, 1.0) * float(kAnchors - 1);
  int i = min(int(x), kAnchors - 2);
  return mix(u_colormap[i], u_colormap[i + 1], x - float(i));
}

void main() {
  if (u_gradient) {
    frag_color = vec4(colormap(1.0 - v_uv.y), 1.0);
  } else if (v_masked != 0) {
    // Masked: diagonal stripes, never a colour of the colormap.
    float stripe = mod(gl_FragCoord.x + gl_FragCoord.y, 8.0);
    frag_color = vec4(stripe < 3.0 ? u_hatch_a : u_hatch_b, 1.0);
  } else {
    frag_color = vec4(v_color, 1.0);
  }
}
