#version 330 core
// Heatmap cells and colorbars. Each cell's place on the colormap (0..1) comes
// in u_t; the colormap is a table of evenly spaced anchors from core/math/colormap.cpp,
// interpolated linearly, so the exports get the same colours.
const int kMaxCells = 256;
const int kAnchors = 9;

uniform float u_t[kMaxCells];    // row-major; negative: a masked cell
uniform vec3 u_colormap[kAnchors];
uniform int u_rows;
uniform int u_cols;
uniform bool u_gradient;         // a colorbar: t = 1 at the top edge, 0 at the bottom
uniform vec2 u_size_px;          // the rectangle in framebuffer pixels
uniform vec3 u_gap;              // the lines between cells
uniform float u_gap_px;          // their width in framebuffer pixels (the export scale)
uniform vec3 u_hatch_a;          // the stripes of a masked cell
uniform vec3 u_hatch_b;

in vec2 v_uv;
out vec4 frag_color;

vec3 colormap(float t) {
  float x = clamp(t, 0.0, 1.0) * float(kAnchors - 1);
  int i = min(int(x), kAnchors - 2);
  return mix(u_colormap[i], u_colormap[i + 1], x - float(i));
}

void main() {
  if (u_gradient) {
    frag_color = vec4(colormap(1.0 - v_uv.y), 1.0);
    return;
  }
  vec2 grid = vec2(u_cols, u_rows);
  vec2 cell = min(floor(v_uv * grid), grid - 1.0);
  // A thin gap on each cell's left and top edge separates the cells.
  vec2 in_cell_px = fract(v_uv * grid) * (u_size_px / grid);
  if ((cell.x > 0.0 && in_cell_px.x < u_gap_px) || (cell.y > 0.0 && in_cell_px.y < u_gap_px)) {
    frag_color = vec4(u_gap, 1.0);
    return;
  }
  float t = u_t[int(cell.y) * u_cols + int(cell.x)];
  if (t < 0.0) {
    // Masked: diagonal stripes, never a colour of the colormap.
    float stripe = mod(gl_FragCoord.x + gl_FragCoord.y, 8.0);
    frag_color = vec4(stripe < 3.0 ? u_hatch_a : u_hatch_b, 1.0);
    return;
  }
  frag_color = vec4(colormap(t), 1.0);
}
