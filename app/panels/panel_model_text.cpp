// A trained model's attention on the text a student types (File → Open of a model file, Train → Shipped models,
// `attnlab MODEL`), or an attention file's on its tokens, in the lab (docs/text.md). Every head of every layer as a
// small A, the chosen head at length: its A with the text on both sides, the lines from each character to those it
// attends to (BertViz's head view, turned on its side so that the text reads left to right), S on this text with its
// symmetric and antisymmetric parts on one colour scale and the asymmetry, and the same head scored with W^Q on both
// sides (QQᵀ) beside its own A, with what that changes; and a model's ten likeliest next characters.
#include <algorithm>
#include <cmath>
#include <cfloat>
#include <cstdio>
#include <string>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/files/platform_files.h"  // shown_path
#include "app/panels/panel_experiment_parts.h"
#include "app/render/heatmap_renderer.h"
#include "app/render/text.h"
#include "app/render/theme.h"
#include "app/training/lab.h"
#include "app/training/model_text.h"
#include "app/widgets/controls.h"
#include "app/widgets/frame_context.h"
#include "app/widgets/heatmap.h"
#include "core/io/atomic_file.h"
#include "core/io/model_file.h"
#include "core/math/colormap.h"

namespace app {

namespace {

using Eigen::MatrixXd;

// The head shown at length's pictures, in TextShown::pixels.
enum TextPicture { kWeights, kWeightsQQ, kScores, kSymmetric, kAntisymmetric, kAtlas, kPictures };
const char* const kPictureNames[] = {"A, its weights (dark 0, bright 1; slate: masked)", "A with W^Q on both sides (QQᵀ)", "S = QKᵀ", "(S + Sᵀ)/2, symmetric",
                                     "(S − Sᵀ)/2, antisymmetric"};

// A small head of the grid is at most this many cells a side (a block's mean beyond): an attention file of
// 12 × 12 heads on 1 000 tokens is still one texture the renderer takes.
constexpr int kMaxAtlasSide = 4096;

std::string as_text(const char* format, double x) {
  char text[48];
  std::snprintf(text, sizeof text, format, x);
  return text;
}

const core::TextHead& head_shown(const TextShown& s) {
  return s.forward.layers[static_cast<size_t>(s.layer)][static_cast<size_t>(s.head)];
}

int layer_count(const TextShown& s) { return static_cast<int>(s.forward.layers.size()); }
int head_count(const TextShown& s) { return s.forward.layers.empty() ? 0 : static_cast<int>(s.forward.layers.front().size()); }

ImU32 on_map(core::Colormap map, double t) {
  const core::Rgb c = core::sample(map, static_cast<float>(std::clamp(t, 0.0, 1.0)));
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, 1));
}

// m's colours, row-major: on the sequential map over [0, 1] (weights), or the diverging one over ±max_abs
// (0 white). A masked weight (the logit −∞) is the background's grey.
void paint_matrix(const MatrixXd& m, const MatrixXd* logits, bool signed_values, double max_abs, const ViewOptions& view,
           std::vector<std::uint32_t>& out) {
  out.resize(static_cast<size_t>(m.size()));
  const ImU32 masked = ImGui::GetColorU32(ImGuiCol_FrameBg);
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j) {
      ImU32& c = out[static_cast<size_t>(i * m.cols() + j)];
      if (logits && std::isinf((*logits)(i, j))) c = masked;
      else if (signed_values) c = on_map(view.diverging, max_abs > 0 ? 0.5 + 0.5 * m(i, j) / max_abs : 0.5);
      else c = on_map(view.sequential, m(i, j));
    }
}

// The grid's every A in one image, a cell of gap between heads (transparent), each head brought down to `side`
// cells by block means when it has more tokens than that.
void paint_atlas(TextShown& s, const ViewOptions& view, int side, std::vector<std::uint32_t>& out) {
  const int layers = layer_count(s), heads = head_count(s), n = static_cast<int>(s.tokens.size());
  const int width = heads * (side + 1) - 1, height = layers * (side + 1) - 1;
  out.assign(static_cast<size_t>(width) * static_cast<size_t>(height), 0u);
  for (int l = 0; l < layers; ++l)
    for (int h = 0; h < heads; ++h) {
      const MatrixXd& A = s.forward.layers[static_cast<size_t>(l)][static_cast<size_t>(h)].weights;
      for (int i = 0; i < side; ++i)
        for (int j = 0; j < side; ++j) {
          const int i0 = i * n / side, i1 = std::max(i0 + 1, (i + 1) * n / side), j0 = j * n / side, j1 = std::max(j0 + 1, (j + 1) * n / side);
          const double mean = A.block(i0, j0, i1 - i0, j1 - j0).mean();
          out[static_cast<size_t>((l * (side + 1) + i) * width + h * (side + 1) + j)] = on_map(view.sequential, mean);
        }
    }
}

int atlas_side(const TextShown& s) {
  const int most = kMaxAtlasSide / std::max({1, layer_count(s), head_count(s)}) - 1;
  return std::max(1, std::min(static_cast<int>(s.tokens.size()), most));
}

// The pictures of the head shown, and the grid's, made again when the numbers, the head or the colours change.
void ensure_text_pictures(TextShown& s, const ViewOptions& view) {
  const std::uint64_t key = s.serial + static_cast<std::uint64_t>(s.layer * head_count(s) + s.head) * 64 +
                            static_cast<std::uint64_t>(view.sequential) * 8 + static_cast<std::uint64_t>(view.diverging);
  if (s.pixels_of == key) return;
  s.pixels_of = key;
  const core::TextHead& h = head_shown(s);
  paint_matrix(h.weights, &h.logits, false, 0, view, s.pixels[kWeights]);
  paint_matrix(h.weights_qq, &h.logits, false, 0, view, s.pixels[kWeightsQQ]);
  const double max_abs = h.scores.cwiseAbs().maxCoeff();
  paint_matrix(h.scores, nullptr, true, max_abs, view, s.pixels[kScores]);
  paint_matrix(h.scores_sym, nullptr, true, max_abs, view, s.pixels[kSymmetric]);
  paint_matrix(h.scores_antisym, nullptr, true, max_abs, view, s.pixels[kAntisymmetric]);
  paint_atlas(s, view, atlas_side(s), s.pixels[kAtlas]);
}

std::uint64_t picture_key(const TextShown& s, int picture) { return s.pixels_of * 8 + static_cast<std::uint64_t>(picture); }

void draw_image(const TextShown& s, int picture, int width, int height, ImVec2 at, ImVec2 size) {
  const CellImage image{picture_key(s, picture), width, height, &s.pixels[static_cast<size_t>(picture)]};
  ImDrawList* draw = ImGui::GetWindowDrawList();
  if (const ImTextureID texture = heatmap_renderer().texture(image))
    draw_cell_image(draw, texture, at, ImVec2(at.x + size.x, at.y + size.y), size.x >= static_cast<float>(width));
}

// Left: every layer's heads, a small A each; a click shows that head at length.
void HeadGrid(TextShown& s, float width) {
  const float scale = fonts().scale;
  const int layers = layer_count(s), heads = head_count(s), side = atlas_side(s);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
  ImGui::TextUnformatted("Every head's A (a row per character: where its weight goes). Click one to show it on the right");
  ImGui::PopTextWrapPos();
  const float label_w = ImGui::CalcTextSize("layer 00").x + 6 * scale;
  const float cell = std::max(0.5f, std::min((width - label_w) / static_cast<float>(heads * (side + 1)), 96 * scale / static_cast<float>(side)));
  const float thumb = cell * static_cast<float>(side), pitch = cell * static_cast<float>(side + 1);
  ImVec2 at = ImGui::GetCursorScreenPos();
  at.x += label_w;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  for (int h = 0; h < heads; ++h)
    draw->AddText(ImVec2(at.x + static_cast<float>(h) * pitch, at.y), ImGui::GetColorU32(ImGuiCol_TextDisabled), ("head " + std::to_string(h)).c_str());
  at.y += ImGui::GetTextLineHeightWithSpacing();
  for (int l = 0; l < layers; ++l)
    draw->AddText(ImVec2(at.x - label_w, at.y + static_cast<float>(l) * pitch + thumb / 2 - ImGui::GetTextLineHeight() / 2),
                  ImGui::GetColorU32(ImGuiCol_TextDisabled), ("layer " + std::to_string(l)).c_str());
  const int atlas_w = heads * (side + 1) - 1, atlas_h = layers * (side + 1) - 1;
  draw_image(s, kAtlas, atlas_w, atlas_h, at, ImVec2(cell * static_cast<float>(atlas_w), cell * static_cast<float>(atlas_h)));
  // Each head a button over its picture, the one shown framed.
  for (int l = 0; l < layers; ++l)
    for (int h = 0; h < heads; ++h) {
      const ImVec2 corner(at.x + static_cast<float>(h) * pitch, at.y + static_cast<float>(l) * pitch);
      ImGui::SetCursorScreenPos(corner);
      const std::string key = "text.head." + std::to_string(l) + "." + std::to_string(h);
      if (keyed::InvisibleButton(key, key.c_str(), ImVec2(std::max(thumb, 2.0f), std::max(thumb, 2.0f)))) {
        s.layer = l;
        s.head = h;
      }
      if (ImGui::IsItemHovered() && !frame_picture().active) ImGui::SetTooltip("layer %d, head %d: show it at length", l, h);
      const bool chosen = l == s.layer && h == s.head;
      draw->AddRect(ImVec2(corner.x - 1, corner.y - 1), ImVec2(corner.x + thumb + 1, corner.y + thumb + 1),
                    ImGui::GetColorU32(chosen ? ImGuiCol_Text : ImGuiCol_Border), 0, (chosen ? 2.5f : 1.0f) * scale);
    }
  ImGui::SetCursorScreenPos(ImVec2(at.x - label_w, at.y + static_cast<float>(layers) * pitch));
  ImGui::Dummy(ImVec2(width, 2 * scale));
}

// The tokens along a picture's side, each at its cell's middle, where the cells are wide enough to read them.
// Where the cells are narrower than the regular font's characters, in the small font; narrower than those, every k-th.
void CharacterLabels(const TextShown& s, ImVec2 at, float cell, bool vertical) {
  ImFont* font = cell >= ImGui::GetFontSize() * 0.6f ? ImGui::GetFont() : fonts().small;
  const float size_px = font == ImGui::GetFont() ? ImGui::GetFontSize() : font_px(fonts().small);
  if (!font) return;
  // Too narrow for every character: every k-th, so that the text can still be followed along the side.
  const size_t every = static_cast<size_t>(std::max(1.0f, std::ceil(size_px * 0.7f / std::max(cell, 0.5f))));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  for (size_t i = 0; i < s.tokens.size(); i += every) {
    const std::string t = shown_token(s.tokens[i]);
    const ImVec2 size = font->CalcTextSizeA(size_px, FLT_MAX, 0, t.c_str());
    const float mid = static_cast<float>(i) * cell + cell / 2;
    const ImVec2 p = vertical ? ImVec2(at.x - size.x - 3, at.y + mid - size.y / 2) : ImVec2(at.x + mid - size.x / 2, at.y - size.y - 1);
    draw->AddText(font, size_px, p, ImGui::GetColorU32(ImGuiCol_Text), t.c_str());
  }
}

// A token as the tooltips name it: “a” (3).
std::string token_name(const TextShown& s, int i) {
  const std::string& t = s.tokens[static_cast<size_t>(i)];
  return "\u201C" + shown_token(t) + "\u201D (" + std::to_string(i) + (t.empty() ? ", a character's later byte" : "") + ")";
}

// One n × n picture of the head shown, the tokens along its sides; hovering a cell says its numbers.
void HeadPicture(TextShown& s, int picture, float side, bool labels) {
  const core::TextHead& h = head_shown(s);
  const int n = static_cast<int>(s.tokens.size());
  ImGui::BeginGroup();
  ScriptText(kPictureNames[picture]);
  const float label = labels ? ImGui::GetFontSize() * 1.2f : 0;
  ImVec2 at = ImGui::GetCursorScreenPos();
  at = ImVec2(at.x + label, at.y + label);
  draw_image(s, picture, n, n, at, ImVec2(side, side));
  ImGui::GetWindowDrawList()->AddRect(at, ImVec2(at.x + side, at.y + side), ImGui::GetColorU32(ImGuiCol_Border));
  const float cell = side / static_cast<float>(std::max(1, n));
  if (labels) {
    CharacterLabels(s, at, cell, true);
    CharacterLabels(s, at, cell, false);
  }
  ImGui::SetCursorScreenPos(at);
  keyed::InvisibleButton("text.picture." + std::to_string(picture), ("picture" + std::to_string(picture)).c_str(), ImVec2(side, side));
  if (ImGui::IsItemHovered() && n > 0 && !frame_picture().active) {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const int i = std::clamp(static_cast<int>((mouse.y - at.y) / cell), 0, n - 1), j = std::clamp(static_cast<int>((mouse.x - at.x) / cell), 0, n - 1);
    ImGui::BeginTooltip();
    ImGui::Text("query %s, key %s", token_name(s, i).c_str(), token_name(s, j).c_str());
    ImGui::Text("A %.4f   with QQᵀ %.4f   S %.4g   (S + Sᵀ)/2 %.4g   (S − Sᵀ)/2 %.4g", h.weights(i, j), h.weights_qq(i, j), h.scores(i, j),
                h.scores_sym(i, j), h.scores_antisym(i, j));
    ImGui::EndTooltip();
  }
  ImGui::EndGroup();
}

// The head's lines: the text along the top (each character as a query) and again along the bottom (as a key), a
// line from query i to key j as opaque as A_ij. With the pointer on a character, its lines alone.
void AttentionLines(const TextShown& s, ImVec2 size) {
  const core::TextHead& h = head_shown(s);
  const int n = static_cast<int>(s.tokens.size());
  const float scale = fonts().scale, pitch = size.x / static_cast<float>(std::max(1, n)), text_h = ImGui::GetTextLineHeight();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float top = at.y + text_h + 2 * scale, bottom = at.y + size.y - text_h - 2 * scale;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  // Which character the pointer is on, if any: a query along the top, a key along the bottom.
  int hovered = -1;         // the token under the pointer, whose lines alone are drawn
  bool hovered_key = false;  // it is a key (the lines into it), not a query (the lines out of it)
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  ImGui::InvisibleButton("lines", size);
  keyed::note_last("text.lines");
  if (ImGui::IsItemHovered() && n > 0) {
    hovered = std::clamp(static_cast<int>((mouse.x - at.x) / pitch), 0, n - 1);
    hovered_key = mouse.y > (top + bottom) / 2;
  }
  const ImVec4 line_colour = ImGui::GetStyleColorVec4(ImGuiCol_PlotLinesHovered);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      const double a = h.weights(i, j);
      if (a < 0.005) continue;
      if (hovered >= 0 && (hovered_key ? j : i) != hovered) continue;
      const float x0 = at.x + (static_cast<float>(i) + 0.5f) * pitch, x1 = at.x + (static_cast<float>(j) + 0.5f) * pitch;
      draw->AddLine(ImVec2(x0, top), ImVec2(x1, bottom), ImGui::ColorConvertFloat4ToU32(ImVec4(line_colour.x, line_colour.y, line_colour.z, static_cast<float>(a))),
                    (1.0f + 2.0f * static_cast<float>(a)) * scale);
    }
  for (int i = 0; i < n; ++i) {
    const std::string t = shown_token(s.tokens[static_cast<size_t>(i)]);
    const float x = at.x + (static_cast<float>(i) + 0.5f) * pitch - ImGui::CalcTextSize(t.c_str()).x / 2;
    const bool lit = i == hovered;
    draw->AddText(ImVec2(x, at.y), ImGui::GetColorU32(lit && !hovered_key ? ImGuiCol_PlotLinesHovered : ImGuiCol_Text), t.c_str());
    draw->AddText(ImVec2(x, bottom + 2 * scale), ImGui::GetColorU32(lit && hovered_key ? ImGuiCol_PlotLinesHovered : ImGuiCol_Text), t.c_str());
  }
  if (hovered >= 0 && !frame_picture().active) {
    const int i = hovered;
    ImGui::BeginTooltip();
    if (hovered_key) ImGui::Text("key %s: the lines into it, from each query that attends to it", token_name(s, i).c_str());
    else ImGui::Text("query %s: where its weights go (they sum to 1)", token_name(s, i).c_str());
    ImGui::EndTooltip();
  }
}

// The ten likeliest next characters after the text, as bars.
void NextCharacters(const TextShown& s, float width) {
  if (!s.model) return;
  if (s.model->bidirectional) {
    ImGui::TextDisabled("A bidirectional model: it sees every character, so it predicts no next one");
    return;
  }
  ImGui::TextUnformatted("Next character, its probability");
  const float scale = fonts().scale, bar_w = std::max(40 * scale, width - ImGui::CalcTextSize("\\xe2   0.000  ").x);
  for (const core::NextByte& next : core::likeliest_next(s.forward.next_logits, 10)) {
    const std::string name = shown_token(core::byte_name(static_cast<unsigned char>(next.byte)));
    ImGui::TextUnformatted(name.c_str());
    ImGui::SameLine(ImGui::CalcTextSize("\\xe2 ").x + ImGui::GetStyle().WindowPadding.x);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float h = ImGui::GetTextLineHeight();
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(at.x, at.y + 2 * scale), ImVec2(at.x + bar_w * static_cast<float>(next.probability), at.y + h - 2 * scale),
                                              ImGui::GetColorU32(ImGuiCol_PlotHistogram));
    ImGui::Dummy(ImVec2(bar_w, h));
    ImGui::SameLine();
    ImGui::TextUnformatted(as_text("%.3f", next.probability).c_str());
  }
}

// What W^Q on both sides changes in A, in two numbers: the weight a character gives itself, and how far each row moves.
struct QQChange {
  double self = 0, self_qq = 0;  // the diagonal's mean, A's and QQᵀ's
  double moved = 0;              // the rows' mean total-variation distance, ½·Σ_j |A_ij − A_qq,ij|
};

QQChange qq_change(const core::TextHead& h) {
  QQChange c;
  const Eigen::Index n = h.weights.rows();
  if (n == 0) return c;
  c.self = h.weights.diagonal().mean();
  c.self_qq = h.weights_qq.diagonal().mean();
  c.moved = (h.weights - h.weights_qq).cwiseAbs().rowwise().sum().mean() / 2;
  return c;
}

std::string qq_words(const TextShown& s, const core::TextHead& h) {
  const QQChange c = qq_change(h);
  const bool shared = s.model && s.model->options.shared_qk, normalised = s.model && s.model->options.normalize_keys;
  std::string form;
  if (shared) form = "W^K is W^Q in this model (shared QK), so scoring it with W^Q on both sides changes nothing. ";
  if (normalised)
    form += "Its keys are normalised and its queries are not, so even with W^Q on both sides s_{ij} = q_i·q_j/‖q_j‖ is not "
            "symmetric; but each row's largest score is its own (Cauchy–Schwarz). ";
  else if (!shared)
    form = "With W^Q on both sides, S = QQᵀ is symmetric positive semidefinite: s_{ij} ≤ (s_{ii} + s_{jj})/2, so a character can "
           "score another above itself only when that one's query is longer than its own. ";
  return form + "The weight a character gives itself, on average over the rows: " + as_text("%.3f", c.self) + " here, " +
         as_text("%.3f", c.self_qq) + " with W^Q on both sides; a row of A moves by " + as_text("%.3f", c.moved) +
         " on average (half the sum of |ΔA| over the row: 0 the same weights, 1 no character in common).";
}

// The colour scale of S's three pictures: −m (blue) through 0 (white) to m (red).
void ScoreScale(double max_abs, float width, const ViewOptions& view) {
  const float h = 8 * fonts().scale;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  constexpr int kSteps = 32;
  for (int k = 0; k < kSteps; ++k) {
    const float x0 = at.x + width * static_cast<float>(k) / kSteps, x1 = at.x + width * static_cast<float>(k + 1) / kSteps;
    const ImU32 a = on_map(view.diverging, static_cast<double>(k) / kSteps), b = on_map(view.diverging, static_cast<double>(k + 1) / kSteps);
    ImGui::GetWindowDrawList()->AddRectFilledMultiColor(ImVec2(x0, at.y), ImVec2(x1, at.y + h), a, b, b, a);
  }
  ImGui::Dummy(ImVec2(width, h));
  ImGui::TextDisabled("one scale for the three: \u2212%s (blue), 0 (white), %s (red)", as_text("%.4g", max_abs).c_str(), as_text("%.4g", max_abs).c_str());
}

// "Open in views": the characters as toggles (each a control the keyboard reaches), then the button, which works for
// 2 to core::kMaxTokens of them (TextShown::chosen, app/training/lab.h's open_text_in_views).
void ChooseForViews(AppState& state, TextShown& s) {
  const ImGuiStyle& style = ImGui::GetStyle();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Characters for the views:");
  ImGui::SameLine();
  const float start_x = ImGui::GetCursorPosX(), width = ImGui::GetContentRegionAvail().x;
  float x = 0;
  for (int p = 0; p < static_cast<int>(s.tokens.size()); ++p) {
    if (s.tokens[static_cast<size_t>(p)].empty()) continue;  // a character's later byte: chosen with its first
    const std::string label = shown_token(s.tokens[static_cast<size_t>(p)]) + "##choose" + std::to_string(p);
    const float w = ImGui::CalcTextSize(label.c_str(), nullptr, true).x + 2 * style.FramePadding.x;
    if (x > 0 && x + w <= width) ImGui::SameLine(0, style.ItemInnerSpacing.x);
    else if (x > 0) ImGui::SetCursorPosX(start_x), x = 0;
    else ImGui::SameLine(start_x);
    x += w + style.ItemInnerSpacing.x;
    const auto at = std::find(s.chosen.begin(), s.chosen.end(), p);
    const bool on = at != s.chosen.end();
    if (on) {  // chosen: the accent (the next character's bars), dark text on it, so that it stands out in both themes
      const ImVec4 accent = ImGui::GetStyleColorVec4(ImGuiCol_PlotHistogram);
      ImGui::PushStyleColor(ImGuiCol_Button, accent);
      ImGui::PushStyleColor(ImGuiCol_ButtonHovered, accent);
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0, 0, 0, 1));
    }
    if (keyed::SmallButton("text.choose." + std::to_string(p), label.c_str())) {
      if (on) s.chosen.erase(at);
      else s.chosen.insert(std::upper_bound(s.chosen.begin(), s.chosen.end(), p), p);
    }
    if (on) ImGui::PopStyleColor(3);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s, position %d: %s", shown_token(s.tokens[static_cast<size_t>(p)]).c_str(), p, on ? "chosen (click: not)" : "click to choose");
  }
  const int count = static_cast<int>(s.chosen.size());
  const bool can = count >= core::kMinTokens && count <= core::kMaxTokens;
  ImGui::BeginDisabled(!can);
  const std::string label = "Open layer " + std::to_string(s.layer) + ", head " + std::to_string(s.head) + " in views (" +
                            std::to_string(count) + " chosen)###open_in_views";
  ImGui::SameLine(0, 2 * style.ItemSpacing.x);
  if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(label.c_str(), nullptr, true).x + 2 * style.FramePadding.x) ImGui::NewLine();
  if (keyed::Button("text.open_in_views", label.c_str())) open_text_in_views(state, 4);
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("Their inputs to the layer, on the head's top 4 singular directions, as a scenario every panel shows and you can drag");
  ImGui::EndDisabled();
  if (!s.chosen.empty()) {
    ImGui::SameLine();
    if (keyed::SmallButton("text.choose.none", "Choose none")) s.chosen.clear();
  }
  if (!can) {
    ImGui::SameLine();
    ImGui::TextDisabled(count > core::kMaxTokens ? "at most 8: a scenario has 2 to 8 tokens" : "click 2 to 8 of these characters");
  }
}

// Right of the grid: the head shown, its A and lines, S and its parts, and QQᵀ beside it.
void HeadAtLength(AppState& state, TextShown& s, float width) {
  const float scale = fonts().scale, gap = 14 * scale;
  const core::TextHead& h = head_shown(s);
  // Normalised keys divide column j by ‖k_j‖, so even QQᵀ is not symmetric there: the reminder must not say it is.
  const bool normalised = s.model && s.model->options.normalize_keys;
  ScriptText("Layer " + std::to_string(s.layer) + ", head " + std::to_string(s.head) + ": the asymmetry ‖(S − Sᵀ)/2‖ / ‖S‖ = " +
             as_text("%.3f", h.asymmetry) +
             (normalised ? " (0 symmetric, 1 antisymmetric; with normalised keys not even QQᵀ is symmetric)"
                         : " (0 symmetric, as QQᵀ always is; 1 antisymmetric)"));
  const float room_y = ImGui::GetContentRegionAvail().y;
  const float big = std::clamp(std::min((width - gap) * 0.42f, room_y * 0.5f), 80 * scale, 520 * scale);
  HeadPicture(s, kWeights, big, true);
  ImGui::SameLine(0, gap);
  ImGui::BeginGroup();
  ImGui::TextUnformatted("Where each character's weight goes (pointer on a character: its lines alone)");
  AttentionLines(s, ImVec2(std::max(80 * scale, width - big - 2 * gap - ImGui::GetFontSize() * 1.2f), big));
  ImGui::EndGroup();
  ImGui::Spacing();
  const float small = std::clamp(std::min((width - 5 * gap) / 4, ImGui::GetContentRegionAvail().y - 6 * ImGui::GetTextLineHeightWithSpacing()),
                                  50 * scale, 300 * scale);
  for (int p : {kScores, kSymmetric, kAntisymmetric}) {
    if (p != kScores) ImGui::SameLine(0, gap);
    HeadPicture(s, p, small, false);
  }
  ImGui::SameLine(0, 2 * gap);
  HeadPicture(s, kWeightsQQ, small, false);
  ScoreScale(h.scores.cwiseAbs().maxCoeff(), 3 * small + 2 * gap, state.view);
  ScriptTextWrapped(qq_words(s, h));
}

}  // namespace

void ModelTextView(AppState& state) {
  // Held for the frame: Back closes it half-way through drawing it.
  const std::shared_ptr<TextShown> held = state.lab.text;
  TextShown& s = *held;
  const float scale = fonts().scale;
  if (!frame_picture().active && keyed::Button("text.back", "\u2190 Back")) close_model_text(state);
  ImGui::SameLine();
  ScriptText((s.model ? "The model " : "The ") + s.title);
  ImGui::SameLine();
  ImGui::TextDisabled("%s", shown_path(s.source).c_str());
  if (s.model) {
    const int most = std::min(core::kMaxTextBytes, s.model->context);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Text:");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x - 160 * scale, ImGui::CalcTextSize("M").x * 66));
    std::string typed = s.text;
    if (keyed::InputText("text.text", "##text", &typed)) set_model_text(state, typed);
    ImGui::SameLine();
    ImGui::TextDisabled("%zu of %d bytes", s.text.size(), most);
  } else {
    ImGui::TextDisabled("Recorded on %zu tokens: an attention file holds no model, so it runs on no other text, and predicts nothing", s.tokens.size());
  }
  if (s.model && !s.tokens.empty() && !frame_picture().active) ChooseForViews(state, s);
  if (!s.problem.empty())
    ImGui::TextColored(error_text(), "%s%s", s.problem.c_str(),
                       s.tokens.empty() ? "" : ": the numbers below are the last text's");
  if (s.tokens.empty() || s.forward.layers.empty() || head_count(s) == 0) return;
  ensure_text_pictures(s, state.view);
  const ImVec2 room = ImGui::GetContentRegionAvail();
  const float left = std::clamp(room.x * 0.26f, 180 * scale, 420 * scale);
  ImGui::BeginChild("text_heads", ImVec2(left, 0), false);
  HeadGrid(s, left - ImGui::GetStyle().ScrollbarSize);
  ImGui::Spacing();
  NextCharacters(s, left - ImGui::GetStyle().ScrollbarSize);
  ImGui::EndChild();
  ImGui::SameLine(0, 14 * scale);
  ImGui::BeginChild("text_head", ImVec2(0, 0), false);
  HeadAtLength(state, s, ImGui::GetContentRegionAvail().x);
  ImGui::EndChild();
}

PanelText DescribeModelText(const TextShown& s) {
  std::string text;
  for (const std::string& t : s.tokens) text += t;
  PanelText out = std::string(s.model ? "The model " : "The ") + s.title + " on \u201C" + text + "\u201D: " +
                  std::to_string(layer_count(s)) + (layer_count(s) == 1 ? " layer" : " layers") + " of " + std::to_string(head_count(s)) +
                  (head_count(s) == 1 ? " head" : " heads") + ", " + std::to_string(s.tokens.size()) + (s.tokens.size() == 1 ? " token\n" : " tokens\n");
  if (!s.problem.empty()) out += "The text typed is not run: " + s.problem + "\n";
  if (s.tokens.empty() || s.forward.layers.empty() || head_count(s) == 0) return out;
  std::string asymmetries = "Each head's asymmetry ‖(S − Sᵀ)/2‖ / ‖S‖:";
  for (int l = 0; l < layer_count(s); ++l)
    for (int h = 0; h < head_count(s); ++h)
      asymmetries += (l || h ? ", " : " ") + std::string("layer ") + std::to_string(l) + " head " + std::to_string(h) + " " +
                     as_text("%.3f", s.forward.layers[static_cast<size_t>(l)][static_cast<size_t>(h)].asymmetry);
  out += asymmetries + "\n";
  const core::TextHead& h = head_shown(s);
  std::vector<std::string> labels;
  for (const std::string& t : s.tokens) labels.push_back(shown_token(t));
  const auto masked = [&h](int i, int j) { return std::isinf(h.logits(i, j)); };
  const std::string name = "layer " + std::to_string(s.layer) + ", head " + std::to_string(s.head);
  out += "Shown: " + name + ", asymmetry " + as_text("%.3f", h.asymmetry) + "\n";
  out += matrix_text("A of " + name + " (rows: queries, columns: keys)", h.weights, labels, labels, masked);
  out += matrix_text("A of " + name + " with W^Q on both sides (QQᵀ)", h.weights_qq, labels, labels, masked);
  out += qq_words(s, h) + "\n";
  if (s.model && !s.model->bidirectional) {
    std::string next = "The next character's ten likeliest:";
    for (const core::NextByte& b : core::likeliest_next(s.forward.next_logits, 10))
      next += " " + shown_token(core::byte_name(static_cast<unsigned char>(b.byte))) + " " + as_text("%.3f", b.probability) + ",";
    next.back() = '\n';
    out += next;
  }
  return out;
}

}  // namespace app
