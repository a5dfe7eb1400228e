// How heatmaps reach the screen. Panels describe a heatmap (a rectangle, the
// cells' positions on the colormap, which cells are masked); a renderer draws it.
// The app's renderer runs the GLSL of shaders/ inside ImGui's draw list; the
// headless tests use the null one, which only records what was asked.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include <imgui.h>

#include "core/math/colormap.h"

namespace app {

inline constexpr int kMaxHeatmapSide = 16;  // concat is n × H·d_k ≤ 8×16; W^O 16×4

struct HeatmapDraw {
  ImVec2 min, max;  // the grid's rectangle in window pixels
  int rows = 0, cols = 0;
  // Each cell's place on the colormap, 0..1, row-major; a negative value marks a masked cell.
  std::array<float, kMaxHeatmapSide * kMaxHeatmapSide> t{};
  core::Colormap colormap = core::Colormap::Viridis;
  bool gradient = false;  // a colorbar: 0 at the bottom edge, 1 at the top, no cells
  ImU32 gap_color = 0;    // the lines between cells (the window background)
  float gap_px = 1;       // their width in window pixels: 1 at 1×, K in a K× export
  ImU32 hatch_a = 0, hatch_b = 0;  // the stripes of a masked cell
};

// A heatmap of too many cells for the cells' uniforms (the Heads view's W_Q·W_Kᵀ, up to 1024 × 1024
// cells): its colours as one texture, uploaded once for its key and drawn as an image.
struct CellImage {
  std::uint64_t key = 0;  // the same key: the same pixels, not uploaded again
  int width = 0, height = 0;
  const std::vector<ImU32>* pixels = nullptr;  // row-major, IM_COL32's RGBA bytes
};

// An image of cells, drawn sharp (each cell a square of one colour) where it is magnified: Dear ImGui's backend
// samples every texture linearly unless a draw callback says otherwise, which blurred 17 cells into gradients.
// Minified (1 024 cells in 300 pixels), it stays linear.
inline void draw_cell_image(ImDrawList* draw, ImTextureID texture, ImVec2 min, ImVec2 max, bool magnified) {
  const ImGuiPlatformIO& io = ImGui::GetPlatformIO();
  const bool sharp = magnified && io.DrawCallback_SetSamplerNearest && io.DrawCallback_SetSamplerLinear;
  if (sharp) draw->AddCallback(io.DrawCallback_SetSamplerNearest, nullptr);
  draw->AddImage(texture, min, max);
  if (sharp) draw->AddCallback(io.DrawCallback_SetSamplerLinear, nullptr);
}

class HeatmapRenderer {
 public:
  virtual ~HeatmapRenderer() = default;
  virtual void begin_frame() {}
  virtual void draw(ImDrawList* draw_list, const HeatmapDraw& heatmap) = 0;
  // The image's texture, for ImDrawList::AddImage; null where there is none to draw with.
  virtual ImTextureID texture(const CellImage& image) = 0;
};

// Records every draw of the frame, for tests; draws nothing.
class NullHeatmapRenderer final : public HeatmapRenderer {
 public:
  void begin_frame() override {
    draws.clear();
    images.clear();
  }
  void draw(ImDrawList*, const HeatmapDraw& heatmap) override { draws.push_back(heatmap); }
  ImTextureID texture(const CellImage& image) override {
    images.push_back(image.key);
    return ImTextureID_Invalid;
  }
  std::vector<HeatmapDraw> draws;
  std::vector<std::uint64_t> images;  // the keys of the images asked for, this frame
};

}  // namespace app
