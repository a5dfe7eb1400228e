// The app's heatmap renderer: the GLSL of shaders/ run inside ImGui's draw
// list through a draw callback, so heatmaps are layered with the text drawn
// over them exactly as the panels ordered it.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "app/render/heatmap_renderer.h"

namespace app {

class GlHeatmapRenderer final : public HeatmapRenderer {
 public:
  // Compiles shaders/heatmap.vert and .frag from shader_dir. Needs a current
  // GL 3.3 context. On failure, ok() is false and error() says why.
  explicit GlHeatmapRenderer(const std::filesystem::path& shader_dir);
  ~GlHeatmapRenderer() override;
  GlHeatmapRenderer(const GlHeatmapRenderer&) = delete;
  GlHeatmapRenderer& operator=(const GlHeatmapRenderer&) = delete;

  bool ok() const { return program_ != 0; }
  const std::string& error() const { return error_; }

  void begin_frame() override { frame_.clear(); }
  void draw(ImDrawList* draw_list, const HeatmapDraw& heatmap) override;
  ImTextureID texture(const CellImage& image) override;

 private:
  static void render_callback(const ImDrawList* list, const ImDrawCmd* cmd);
  void render(const HeatmapDraw& heatmap, const ImDrawCmd& cmd) const;

  unsigned program_ = 0, vao_ = 0;
  int u_rect_ = -1, u_t_ = -1, u_colormap_ = -1, u_rows_ = -1, u_cols_ = -1, u_gradient_ = -1,
      u_size_px_ = -1, u_gap_ = -1, u_gap_px_ = -1, u_hatch_a_ = -1, u_hatch_b_ = -1;
  std::vector<HeatmapDraw> frame_;  // this frame's heatmaps, read back by the callbacks
  struct Texture {
    std::uint64_t key = 0;
    unsigned id = 0;
  };
  std::vector<Texture> textures_;  // the images' textures, the most recently uploaded last
  std::string error_;
};

}  // namespace app
