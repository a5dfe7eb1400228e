#version 330 core
// A quad covering the heatmap's rectangle, from gl_VertexID alone (no buffers).
uniform vec4 u_rect;  // x0, y0, x1, y1 in normalized device coordinates
out vec2 v_uv;        // 0..1 across, 0..1 down

void main() {
  vec2 corner = vec2(gl_VertexID & 1, (gl_VertexID >> 1) & 1);
  v_uv = vec2(corner.x, 1.0 - corner.y);  // corner.y = 0 is the bottom edge
  gl_Position = vec4(mix(u_rect.xy, u_rect.zw, corner), 0.0, 1.0);
}
