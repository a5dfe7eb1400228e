#version 330 core
// A heatmap from gl_VertexID alone (no buffers), six vertices a quad: first its whole rectangle
// in the gap colour, then one quad a cell in the cell's colour, inset by the gap on its left and
// top edges (none on the first column and row). A colorbar is one quad, coloured per fragment.
// Each cell's colour is worked out here, once a vertex: where WebGL runs in software, a table
// lookup once a pixel was a visible part of a frame.
const int kMaxCells = 256;
const int kAnchors = 9;

uniform vec4 u_rect;             // x0, y0, x1, y1 in normalized device coordinates (y0: the bottom edge)
// Row-major, four cells a vec4 (a float array would take a vec4 slot a cell: 256 of the 256
// vectors WebGL 2 promises a vertex shader); negative: a masked cell.
uniform vec4 u_t[kMaxCells / 4];
uniform vec3 u_colormap[kAnchors];
uniform int u_rows;
uniform int u_cols;
uniform bool u_gradient;         // a colorbar: t = 1 at the top edge, 0 at the bottom
uniform vec2 u_size_px;          // the rectangle in framebuffer pixels
uniform vec3 u_gap;              // the lines between cells
uniform float u_gap_px;          // their width in framebuffer pixels (the export scale)

out vec2 v_uv;                   // 0..1 across, 0..1 down
flat out vec3 v_color;
flat out int v_masked;           // 1: the fragment shader draws the stripes of a masked cell

vec3 colormap(float t) {
  float x = clamp(t, 0.0, 1.0) * float(kAnchors - 1);
  int i = min(int(x), kAnchors - 2);
  return mix(u_colormap[i], u_colormap[i + 1], x - float(i));
}

void main() {
  int quad = gl_VertexID / 6;
  int k = gl_VertexID - 6 * quad;  // two triangles: (0,0) (1,0) (0,1), (1,0) (1,1) (0,1)
  vec2 corner = vec2((k == 1 || k == 3 || k == 4) ? 1.0 : 0.0, (k == 2 || k == 4 || k == 5) ? 1.0 : 0.0);
  vec2 lo = vec2(0.0), hi = vec2(1.0);  // the quad's corners in v_uv
  v_color = u_gap;
  v_masked = 0;
  if (quad > 0 && !u_gradient) {
    int cell = quad - 1;
    ivec2 rc = ivec2(cell - (cell / u_cols) * u_cols, cell / u_cols);  // column, row
    vec2 grid = vec2(u_cols, u_rows);
    vec2 gap = vec2(rc.x > 0 ? u_gap_px : 0.0, rc.y > 0 ? u_gap_px : 0.0) / u_size_px;
    lo = vec2(rc) / grid + gap;
    hi = vec2(rc + 1) / grid;
    float t = u_t[cell / 4][cell - 4 * (cell / 4)];
    v_masked = t < 0.0 ? 1 : 0;
    v_color = colormap(t);
  }
  v_uv = mix(lo, hi, corner);
  gl_Position = vec4(mix(u_rect.x, u_rect.z, v_uv.x), mix(u_rect.w, u_rect.y, v_uv.y), 0.0, 1.0);
}
