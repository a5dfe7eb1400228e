#include "app/gl/gl_heatmap_renderer.h"

#include <algorithm>
#include <cstdint>

#include "app/platform/gl.h"
#include "core/io/atomic_file.h"

namespace app {

namespace {

GlHeatmapRenderer* g_current = nullptr;  // the renderer whose callbacks are in the draw lists

std::string read_file(const std::filesystem::path& path, std::string& error) {
  core::FileRead file = core::read_regular_file(path.string(), size_t{1} << 20);  // a shader is a few KiB
  if (file.problem != core::FileRead::Problem::None) error = "cannot read shader " + path.string();
  return std::move(file.text);
}

GLuint compile(GLenum type, const std::string& source, const std::string& name, std::string& error) {
  const GLuint shader = glCreateShader(type);
  const char* text = source.c_str();
  glShaderSource(shader, 1, &text, nullptr);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048] = {};
    glGetShaderInfoLog(shader, sizeof log, nullptr, log);
    error = "shader " + name + " does not compile:\n" + log;
    glDeleteShader(shader);
    return 0;
  }
  return shader;
}

void set_color(GLint location, ImU32 c) {
  const ImVec4 v = ImGui::ColorConvertU32ToFloat4(c);
  glUniform3f(location, v.x, v.y, v.z);
}

}  // namespace

GlHeatmapRenderer::GlHeatmapRenderer(const std::filesystem::path& shader_dir) {
  const std::string vert = read_file(shader_dir / "heatmap.vert", error_);
  const std::string frag = error_.empty() ? read_file(shader_dir / "heatmap.frag", error_) : "";
  if (!error_.empty()) return;
  const GLuint vs = compile(GL_VERTEX_SHADER, glsl_for_this_gl(vert), "heatmap.vert", error_);
  const GLuint fs = vs ? compile(GL_FRAGMENT_SHADER, glsl_for_this_gl(frag), "heatmap.frag", error_) : 0;
  if (!vs || !fs) {
    if (vs) glDeleteShader(vs);
    return;
  }
  const GLuint program = glCreateProgram();
  glAttachShader(program, vs);
  glAttachShader(program, fs);
  glLinkProgram(program);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint linked = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &linked);
  if (!linked) {
    char log[2048] = {};
    glGetProgramInfoLog(program, sizeof log, nullptr, log);
    error_ = std::string("heatmap shaders do not link:\n") + log;
    glDeleteProgram(program);
    return;
  }
  program_ = program;
  u_rect_ = glGetUniformLocation(program, "u_rect");
  u_t_ = glGetUniformLocation(program, "u_t");
  u_colormap_ = glGetUniformLocation(program, "u_colormap");
  u_rows_ = glGetUniformLocation(program, "u_rows");
  u_cols_ = glGetUniformLocation(program, "u_cols");
  u_gradient_ = glGetUniformLocation(program, "u_gradient");
  u_size_px_ = glGetUniformLocation(program, "u_size_px");
  u_gap_ = glGetUniformLocation(program, "u_gap");
  u_gap_px_ = glGetUniformLocation(program, "u_gap_px");
  u_hatch_a_ = glGetUniformLocation(program, "u_hatch_a");
  u_hatch_b_ = glGetUniformLocation(program, "u_hatch_b");
  glGenVertexArrays(1, &vao_);  // core profile: a bound VAO is required even without attributes
  frame_.reserve(64);
  g_current = this;
}

GlHeatmapRenderer::~GlHeatmapRenderer() {
  if (g_current == this) g_current = nullptr;
  if (vao_) glDeleteVertexArrays(1, &vao_);
  if (program_) glDeleteProgram(program_);
  for (const Texture& t : textures_) glDeleteTextures(1, &t.id);
}

// Kept for their keys: the three parts of the head shown and of the one before, so that going back and
// forth between two heads uploads nothing. Mipmapped: a 1024-cell side drawn in 300 pixels averages
// its cells rather than picking one in three; magnified, each cell stays a sharp square.
ImTextureID GlHeatmapRenderer::texture(const CellImage& image) {
  if (!image.pixels || image.width <= 0 || image.height <= 0 ||
      image.pixels->size() != static_cast<size_t>(image.width) * static_cast<size_t>(image.height))
    return ImTextureID_Invalid;
  const auto as_id = [](unsigned id) { return static_cast<ImTextureID>(id); };
  for (const Texture& t : textures_)
    if (t.key == image.key) return as_id(t.id);
  constexpr size_t kKept = 6;
  if (textures_.size() >= kKept) {
    glDeleteTextures(1, &textures_.front().id);
    textures_.erase(textures_.begin());
  }
  GLuint id = 0;
  glGenTextures(1, &id);
  glBindTexture(GL_TEXTURE_2D, id);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, image.width, image.height, 0, GL_RGBA, GL_UNSIGNED_BYTE, image.pixels->data());
  glGenerateMipmap(GL_TEXTURE_2D);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);
  textures_.push_back({image.key, id});
  return as_id(id);
}

void GlHeatmapRenderer::draw(ImDrawList* draw_list, const HeatmapDraw& heatmap) {
  if (!ok()) return;
  frame_.push_back(heatmap);
  // The index travels in the callback's user data; the vector outlives the frame's rendering.
  draw_list->AddCallback(&GlHeatmapRenderer::render_callback,
                         reinterpret_cast<void*>(static_cast<intptr_t>(frame_.size() - 1)));
  draw_list->AddCallback(ImGui::GetPlatformIO().DrawCallback_ResetRenderState, nullptr);
}

void GlHeatmapRenderer::render_callback(const ImDrawList*, const ImDrawCmd* cmd) {
  const auto index = static_cast<size_t>(reinterpret_cast<intptr_t>(cmd->UserCallbackData));
  if (g_current && index < g_current->frame_.size()) g_current->render(g_current->frame_[index], *cmd);
}

void GlHeatmapRenderer::render(const HeatmapDraw& h, const ImDrawCmd& cmd) const {
  const ImDrawData* data = ImGui::GetDrawData();
  const ImVec2 pos = data->DisplayPos, size = data->DisplaySize, fb_scale = data->FramebufferScale;
  const float fb_h = size.y * fb_scale.y;
  // The backend sets the scissor for draw commands only: apply this command's clip rectangle.
  const ImVec4 clip = cmd.ClipRect;
  glEnable(GL_SCISSOR_TEST);
  glScissor(static_cast<GLint>((clip.x - pos.x) * fb_scale.x), static_cast<GLint>(fb_h - (clip.w - pos.y) * fb_scale.y),
            static_cast<GLsizei>((clip.z - clip.x) * fb_scale.x), static_cast<GLsizei>((clip.w - clip.y) * fb_scale.y));

  const auto ndc_x = [&](float x) { return (x - pos.x) / size.x * 2.0f - 1.0f; };
  const auto ndc_y = [&](float y) { return 1.0f - (y - pos.y) / size.y * 2.0f; };
  glUseProgram(program_);
  glBindVertexArray(vao_);
  glUniform4f(u_rect_, ndc_x(h.min.x), ndc_y(h.max.y), ndc_x(h.max.x), ndc_y(h.min.y));
  glUniform4fv(u_t_, (h.rows * h.cols + 3) / 4, h.t.data());  // heatmap.vert's vec4 u_t[64]
  const core::ColormapTable& table = core::colormap_table(h.colormap);
  glUniform3fv(u_colormap_, core::kColormapAnchors, &table[0].r);
  glUniform1i(u_rows_, h.rows);
  glUniform1i(u_cols_, h.cols);
  glUniform1i(u_gradient_, h.gradient ? 1 : 0);
  glUniform2f(u_size_px_, (h.max.x - h.min.x) * fb_scale.x, (h.max.y - h.min.y) * fb_scale.y);
  set_color(u_gap_, h.gap_color);
  glUniform1f(u_gap_px_, std::max(1.0f, h.gap_px * fb_scale.x));
  set_color(u_hatch_a_, h.hatch_a);
  set_color(u_hatch_b_, h.hatch_b);
  glDisable(GL_BLEND);
  // heatmap.vert: six vertices for the rectangle, then six a cell (a colorbar has no cells).
  glDrawArrays(GL_TRIANGLES, 0, 6 * (1 + (h.gradient ? 0 : h.rows * h.cols)));
  glEnable(GL_BLEND);
}

}  // namespace app
