#include "app/pictures/screenshot.h"

#include <algorithm>
#include <cfloat>
#include <vector>

#include "app/platform/gl.h"
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>
#include <implot.h>

#include "app/frame.h"
#include "app/media/png_writer.h"
#include "app/render/text.h"
#include "app/widgets/heatmap.h"
#include "core/io/atomic_file.h"

namespace app {

namespace {

// Restores the caller's ImGui and ImPlot contexts (and with them its fonts) and framebuffer however we leave.
struct Restore {
  ImGuiContext* context = ImGui::GetCurrentContext();
  ImPlotContext* plot = ImPlot::GetCurrentContext();
  GLint framebuffer = 0;
  GLint viewport[4] = {};
  Restore() {
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &framebuffer);
    glGetIntegerv(GL_VIEWPORT, viewport);
  }
  ~Restore() {
    glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(framebuffer));
    glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
    ImGui::SetCurrentContext(context);
    ImPlot::SetCurrentContext(plot);
  }
};

// The picture's contexts current while it lives (its plots keep their own state), the caller's again after.
struct InPicture {
  ImGuiContext* caller = ImGui::GetCurrentContext();
  ImPlotContext* plot_caller = ImPlot::GetCurrentContext();
  InPicture(ImGuiContext* context, ImPlotContext* plot) { ImGui::SetCurrentContext(context), ImPlot::SetCurrentContext(plot); }
  ~InPicture() { ImGui::SetCurrentContext(caller), ImPlot::SetCurrentContext(plot_caller); }
};

struct Framebuffer {
  GLuint fbo = 0, color = 0;
  Framebuffer(int w, int h) {
    glGenFramebuffers(1, &fbo);
    glGenRenderbuffers(1, &color);
    glBindRenderbuffer(GL_RENDERBUFFER, color);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, w, h);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
  }
  ~Framebuffer() {
    glDeleteRenderbuffers(1, &color);
    glDeleteFramebuffers(1, &fbo);
  }
  bool complete() const { return glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE; }
};

// Where a frame put the cells, controls, panels, heatmaps and plots, as numbers: two frames
// that agree on it have settled (PictureRenderer::lay_out).
std::vector<float> geometry(const Layout& layout) {
  std::vector<float> g;
  const auto add = [&g](const Rect& r) { g.insert(g.end(), {r.x, r.y, r.w, r.h}); };
  for (const auto& [key, r] : layout.cells) add(r);
  for (const auto& [key, r] : layout.controls) add(r);
  for (const auto& [key, r] : layout.panels) add(r);
  for (const auto& [key, h] : layout.heatmaps) {
    add(h.grid);
    g.insert(g.end(), {h.cell_w, h.cell_h, h.number_px});
  }
  for (const auto& [key, p] : layout.plots) {
    add(p.plot);
    add(p.legend);
  }
  g.push_back(static_cast<float>(layout.cells.size() + layout.controls.size() + layout.panels.size() +
                                 layout.heatmaps.size() + layout.plots.size()));
  return g;
}

// A context of the picture's own, made current: fonts at K×, sizes ×K, no mouse.
ImGuiContext* picture_context(const ScreenshotOptions& options, int width, int height) {
  ImGuiContext* context = ImGui::CreateContext();
  ImGui::SetCurrentContext(context);
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = ImVec2(static_cast<float>(width), static_cast<float>(height));
  io.DeltaTime = 1.0f / 60.0f;
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  // A panel alone is zoomed to fill the picture as it fills its place in the
  // window: text and cells grow together, with fonts built at that size, crisp.
  // A training run's frame, two panels side by side, is zoomed as a 1280 × 720 slide is.
  const float w = static_cast<float>(options.width), h = static_cast<float>(options.height);
  const float zoom = options.training         ? std::clamp(std::min(w / 1280.0f, h / 720.0f), 1.0f, 2.5f)
                     : !options.panel         ? 1.0f
                                             : std::clamp(std::min(w / 720.0f, h / 420.0f), 1.0f, 2.5f);
  load_fonts(static_cast<float>(options.scale) * zoom);  // this context's own, K× and zoomed
  ImGui_ImplOpenGL3_Init(kGlslVersion);
  return context;
}

// The framebuffer's pixels as a PNG holds them: GL's rows come bottom-up, one byte per channel,
// no row padding; turned top row first, opaque, or (transparent) in straight alpha.
void read_back(GLuint fbo, int width, int height, bool transparent, std::vector<unsigned char>& rgba) {
  const size_t row = static_cast<size_t>(width) * 4;
  std::vector<unsigned char> pixels(row * static_cast<size_t>(height));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  rgba.resize(pixels.size());
  for (int y = 0; y < height; ++y)
    std::copy_n(pixels.begin() + static_cast<std::ptrdiff_t>(row * static_cast<size_t>(height - 1 - y)), row,
                rgba.begin() + static_cast<std::ptrdiff_t>(row * static_cast<size_t>(y)));
  for (size_t i = 0; i < rgba.size(); i += 4) {
    if (!transparent) {
      rgba[i + 3] = 255;  // opaque, whatever blending left in alpha
      continue;
    }
    // ImGui blends colour over transparent black (premultiplied) and alpha as
    // a + (1 − a)·dst: divide by alpha for PNG's straight alpha.
    const unsigned a = rgba[i + 3];
    for (int c = 0; c < 3; ++c)
      rgba[i + c] = a ? static_cast<unsigned char>(std::min(255u, (rgba[i + c] * 255u + a / 2) / a)) : 0;
  }
}

}  // namespace

// What the renderer holds between pictures: the caller's state to give back,
// the framebuffer, and the ImGui context with its fonts and GL backend.
struct PictureRenderer::Gl {
  Restore restore;
  Framebuffer target;
  ImGuiContext* context = nullptr;
  ImPlotContext* plot = nullptr;
  Gl(int w, int h) : target(w, h) {}
  ~Gl() {
    if (!context) return;
    // What is current now is given back (not what was at construction): the
    // window's Record sweep keeps a renderer across frames.
    restore.context = ImGui::GetCurrentContext();
    restore.plot = ImPlot::GetCurrentContext();
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &restore.framebuffer);
    glGetIntegerv(GL_VIEWPORT, restore.viewport);
    ImGui::SetCurrentContext(context);
    ImGui_ImplOpenGL3_Shutdown();
    unload_fonts();
    ImPlot::DestroyContext(plot);
    ImGui::DestroyContext(context);
  }
};

PictureRenderer::PictureRenderer(const ScreenshotOptions& options) : options_(options) {
  const int K = options.scale;
  width_ = options.width * K;
  height_ = options.height * K;
  GLint max_size = 0, max_viewport[2] = {};
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_size);
  glGetIntegerv(GL_MAX_VIEWPORT_DIMS, max_viewport);
  const int limit = std::min({max_size, max_viewport[0], max_viewport[1]});
  if (width_ < 1 || height_ < 1 || width_ > limit || height_ > limit) {
    error_ = "a " + std::to_string(width_) + "×" + std::to_string(height_) + " picture is more than this OpenGL renders (" +
             std::to_string(limit) + " pixels a side at most)";
    return;
  }
  gl_ = std::make_unique<Gl>(width_, height_);
  if (!gl_->target.complete()) {
    error_ = "the offscreen framebuffer could not be made";
    gl_.reset();
    return;
  }

  gl_->context = picture_context(options, width_, height_);
  gl_->plot = ImPlot::CreateContext();  // the caller's stays current where it has one
  ImGui::SetCurrentContext(gl_->restore.context);  // the caller's again until a picture is rendered
}

PictureRenderer::~PictureRenderer() = default;

AppState PictureRenderer::picture_state(const AppState& state, const core::Scenario* scenario) const {
  // What the frame shows, without the undo history (the frame may write view state: the window's stays as it is).
  AppState copy(scenario ? *scenario : state.scenario());
  copy.view = state.view;
  copy.view.show_help = false;
  if (options_.theme) copy.view.theme = *options_.theme;
  // Whole parts of the state, so that nothing a panel keeps is forgotten by the picture.
  copy.library = state.library;
  copy.panels = state.panels;
  copy.panels.highlight = copy.panels.highlight_next = {};  // a picture has no mouse
  copy.lab = state.lab;  // the same run (shared): the picture draws what the window shows
  return copy;
}

PictureOptions PictureRenderer::picture_options(const TrainingFrame& training) const {
  PictureOptions picture{true, options_.panel, options_.transparent, {}, fixed_scales_, caption_};
  if (options_.training) {  // the step, variant and axis are the frame's; the panel the recording's
    picture.solo_panel.reset();
    picture.training = training;
    picture.training.panel = options_.panel;
  }
  return picture;
}

void PictureRenderer::lay_out(AppState& copy, Layout& layout, const PictureOptions& picture, bool draw) {
  // Windows and tabs settle in the first frames of the renderer's context: lay out three, draw
  // the last (drawing 8 million pixels in software GL is what costs). Once settled, a new
  // picture (another scenario, step or value) changes what ImGui sizes from the frame before
  // (a scrollbar, a lone panel's centring, a table's columns): its second frame is drawn when it
  // put everything where the first did, and a third otherwise. The shipped recordings' GIFs and
  // MP4s come out byte for byte as with three frames each.
  const int fewest = settled_ ? 2 : 3, most = 3;
  settled_ = true;
  std::vector<float> before;
  for (int frame = 0; frame < most; ++frame) {
    ImGui_ImplOpenGL3_NewFrame();
    ImGui::NewFrame();
    heatmap_renderer().begin_frame();
    DrawFrame(copy, layout, picture);
    ImGui::Render();
    std::vector<float> now = geometry(layout);
    if (frame + 1 >= fewest && now == before) break;
    before = std::move(now);
  }
  if (!draw) return;
  glBindFramebuffer(GL_FRAMEBUFFER, gl_->target.fbo);
  glViewport(0, 0, width_, height_);
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  glClearColor(bg.x, bg.y, bg.z, options_.transparent ? 0.0f : 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void PictureRenderer::measure_scales(const AppState& state, const core::Scenario& scenario, std::map<std::string, double>& scales,
                                     const TrainingFrame& training) {
  if (!gl_) return;
  const InPicture in_picture(gl_->context, gl_->plot);
  AppState copy = picture_state(state, &scenario);
  PictureOptions picture = picture_options(training);
  picture.fixed_scales.clear();  // what this frame needs on its own
  Layout layout;
  lay_out(copy, layout, picture, false);
  for (const auto& [key, heatmap] : layout.heatmaps)
    if (heatmap.scale > 0) scales[key] = std::max(scales[key], heatmap.scale);
}

bool PictureRenderer::render(const AppState& state, std::vector<unsigned char>& rgba, Layout* layout,
                             const core::Scenario* scenario, const TrainingFrame& training) {
  if (!gl_) return false;
  const InPicture in_picture(gl_->context, gl_->plot);
  AppState copy = picture_state(state, scenario);
  Layout drawn;
  drawn.read_text = layout != nullptr;
  lay_out(copy, drawn, picture_options(training), true);
  glFinish();
  if (layout) {  // in the picture's logical pixels, like the window's
    Layout& out = *layout;
    out.cells.clear();
    out.heatmaps.clear();
    out.panels.clear();
    const float k = static_cast<float>(options_.scale);
    const auto unscale = [k](Rect r) { return Rect{r.x / k, r.y / k, r.w / k, r.h / k}; };
    for (const auto& [key, r] : drawn.cells) out.cells[key] = unscale(r);
    for (const auto& [key, r] : drawn.panels) out.panels[key] = unscale(r);
    out.text = drawn.text;
    for (auto [key, hm] : drawn.heatmaps) {
      hm.grid = unscale(hm.grid);
      hm.cell_w /= k;
      hm.cell_h /= k;
      hm.number_px /= k;
      out.heatmaps[key] = hm;
    }
  }

  read_back(gl_->target.fbo, width_, height_, options_.transparent, rgba);
  glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(gl_->restore.framebuffer));
  return true;
}

bool write_screenshot(const AppState& state, const ScreenshotOptions& options, const std::string& path,
                      std::string* error, Layout* layout) {
  const auto fail = [&](const std::string& why) {
    if (error) *error = path + ": " + why;
    return false;
  };
  std::vector<unsigned char> pixels;
  {
    PictureRenderer renderer(options);
    if (!renderer.error().empty()) return fail(renderer.error());
    renderer.render(state, pixels, layout);
  }
  const int w = options.width * options.scale, h = options.height * options.scale;
  std::string png, why;
  if (!encode_png(pixels.data(), w, h, options.transparent, png, &why)) return fail("PNG encoding failed: " + why);
  return core::write_file_atomically(path, png, error);  // its error names the path
}

}  // namespace app
