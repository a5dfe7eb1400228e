#include "app/heatmap.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/text.h"

namespace app {

namespace {

HeatmapRenderer* g_renderer = nullptr;

std::string label(const std::vector<std::string>* labels, int i) {
  return labels && i < static_cast<int>(labels->size()) ? (*labels)[i] : std::to_string(i + 1);
}

// The label, shortened with "…" to fit `width`; empty when not even one letter fits.
std::string fit_label(const std::string& s, float width) {
  if (ImGui::CalcTextSize(s.c_str()).x <= width) return s;
  for (size_t n = s.size(); n > 0; --n) {
    if ((static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) continue;  // not inside a UTF-8 character
    const std::string shorter = s.substr(0, n) + "…";
    if (ImGui::CalcTextSize(shorter.c_str()).x <= width) return shorter;
  }
  return {};
}

// One font for a whole set of texts (a heatmap's numbers, its column labels):
// the regular one when every text fits in width × height, else the small one.
// Mixed sizes within one heatmap would read as emphasis.
ImFont* uniform_font(const std::vector<std::string>& texts, float width, float height) {
  const Fonts& f = fonts();
  const auto all_fit = [&](ImFont* font) {
    if (!font || font->FontSize > height + 1) return false;
    for (const std::string& s : texts)
      if (font->CalcTextSizeA(font->FontSize, FLT_MAX, 0, s.c_str()).x > width) return false;
    return true;
  };
  if (all_fit(f.regular)) return f.regular;
  return f.small ? f.small : f.regular;
}

ImVec2 text_size(ImFont* font, const std::string& s) { return font->CalcTextSizeA(font->FontSize, FLT_MAX, 0, s.c_str()); }

float widest(const std::vector<std::string>* labels, int count) {
  float w = 0;
  for (int i = 0; i < count; ++i) w = std::max(w, ImGui::CalcTextSize(label(labels, i).c_str()).x);
  return w;
}

}  // namespace

void set_heatmap_renderer(HeatmapRenderer* renderer) { g_renderer = renderer; }

HeatmapRenderer& heatmap_renderer() {
  static NullHeatmapRenderer fallback;
  return g_renderer ? *g_renderer : fallback;
}

std::string format_number(double x) {
  if (std::isinf(x)) return x < 0 ? "\u2212\u221E" : "\u221E";
  if (std::isnan(x)) return "?";
  char buf[32];
  const double a = std::abs(x);
  if (a >= 1e4) std::snprintf(buf, sizeof buf, "%.1e", a);
  else std::snprintf(buf, sizeof buf, "%.2f", a);
  // "-0.00" would say a sign the number does not visibly have.
  const bool negative = x < 0 && std::string_view(buf) != "0.00";
  return (negative ? "\u2212" : "") + std::string(buf);
}

HeatmapLayout Heatmap(const char* id, std::string_view title_markup, MatrixView m,
               const HeatmapOptions& options, ImVec2 avail, const ViewOptions& view) {
  ImGui::PushID(id);
  ImGui::BeginGroup();  // one item of the whole size, so that SameLine rows line up
  const Fonts& f = fonts();
  const float scale = f.scale;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 text_color = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 dim_color = ImGui::GetColorU32(ImGuiCol_TextDisabled);

  // [SECTION] Sizes: title, column labels, row labels, cells, colorbar.
  const float line = ImGui::GetTextLineHeight();
  const float title_h = title_markup.empty() ? 0.0f : line * 1.35f;
  const float col_label_h = line + 2 * scale;
  const float row_label_w = widest(options.row_labels, m.rows) + 6 * scale;
  const float colorbar_w = options.colorbar ? 12 * scale + ImGui::CalcTextSize("\u22120.00").x + 8 * scale : 0.0f;
  // Square cells where there is room; where the height is short but the width
  // is not, cells widen (up to the width of "−0.00") so that numbers still fit.
  const float fit_w = (avail.x - row_label_w - colorbar_w) / static_cast<float>(m.cols);
  const float fit_h = (avail.y - title_h - col_label_h) / static_cast<float>(m.rows);
  const float cell_h = std::clamp(std::min(fit_w, fit_h), 10.0f * scale, options.max_cell * scale);
  const float number_w = ImGui::CalcTextSize("\u22120.00").x + 6 * scale;
  const bool number_fits_height = f.small && cell_h >= f.small->FontSize;
  const float cell_w = number_fits_height ? std::max(cell_h, std::min(fit_w, number_w)) : cell_h;
  const ImVec2 grid_min(origin.x + row_label_w, origin.y + title_h + col_label_h);
  const ImVec2 grid_max(grid_min.x + cell_w * static_cast<float>(m.cols), grid_min.y + cell_h * static_cast<float>(m.rows));

  if (!title_markup.empty()) draw_script_text(dl, ImVec2(grid_min.x, origin.y), text_color, title_markup);

  // [SECTION] Value → colormap position.
  const core::Colormap colormap = options.range == ValueRange::Unit ? view.sequential : view.diverging;
  double m_abs = options.shared_max;
  if (options.range == ValueRange::Diverging && m_abs <= 0) {
    for (int r = 0; r < m.rows; ++r)
      for (int c = 0; c < m.cols; ++c)
        if (std::isfinite(m(r, c))) m_abs = std::max(m_abs, std::abs(m(r, c)));
  }
  if (!(m_abs > 0)) m_abs = 1.0;  // an all-zero matrix: the colorbar still reads −1..1
  const auto position = [&](double x) -> float {
    if (options.range == ValueRange::Unit) return static_cast<float>(std::clamp(x, 0.0, 1.0));
    return static_cast<float>(std::clamp(0.5 + x / (2 * m_abs), 0.0, 1.0));
  };
  const auto masked = [&](int r, int c) {
    return options.masked_where_infinite && std::isinf((*options.masked_where_infinite)(r, c));
  };

  HeatmapDraw draw;
  draw.min = grid_min;
  draw.max = grid_max;
  draw.rows = std::min(m.rows, kMaxHeatmapSide);
  draw.cols = std::min(m.cols, kMaxHeatmapSide);
  draw.colormap = colormap;
  draw.gap_color = ImGui::GetColorU32(ImGuiCol_WindowBg);
  draw.gap_px = std::max(1.0f, std::floor(scale));
  draw.hatch_a = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  draw.hatch_b = ImGui::GetColorU32(ImGuiCol_WindowBg);
  for (int r = 0; r < draw.rows; ++r)
    for (int c = 0; c < draw.cols; ++c)
      draw.t[r * draw.cols + c] = masked(r, c) ? -1.0f : position(m(r, c));
  heatmap_renderer().draw(dl, draw);

  // [SECTION] Labels: columns above, rows to the left; one font per axis, the
  // small one when the cells are small; a label that still does not fit is
  // shortened with "…" or left out (the tooltip names the cell anyway).
  {
    std::vector<std::string> cols(m.cols), rows(m.rows);
    for (int c = 0; c < m.cols; ++c) cols[c] = label(options.col_labels, c);
    for (int r = 0; r < m.rows; ++r) rows[r] = label(options.row_labels, r);
    const float col_w = cell_w - 2 * scale;
    ImFont* col_font = uniform_font(cols, col_w, line);
    for (int c = 0; c < m.cols; ++c) {
      std::string s = cols[c];
      if (text_size(col_font, s).x > col_w) {
        ImGui::PushFont(col_font);
        s = fit_label(s, col_w);
        ImGui::PopFont();
      }
      const ImVec2 size = text_size(col_font, s);
      dl->AddText(col_font, col_font->FontSize,
                  ImVec2(grid_min.x + cell_w * (static_cast<float>(c) + 0.5f) - size.x / 2, grid_min.y - size.y - 2 * scale),
                  dim_color, s.c_str());
    }
    ImFont* row_font = uniform_font(rows, row_label_w, cell_h);
    if (row_font->FontSize <= cell_h + 1)
      for (int r = 0; r < m.rows; ++r) {
        const ImVec2 size = text_size(row_font, rows[r]);
        dl->AddText(row_font, row_font->FontSize,
                    ImVec2(grid_min.x - size.x - 4 * scale, grid_min.y + cell_h * (static_cast<float>(r) + 0.5f) - size.y / 2),
                    dim_color, rows[r].c_str());
      }
  }

  // [SECTION] Numbers in the cells, dark or light against the cell's colour.
  if (view.show_numbers) {
    std::vector<std::string> numbers(static_cast<size_t>(m.rows * m.cols));
    for (int r = 0; r < m.rows; ++r)
      for (int c = 0; c < m.cols; ++c)
        if (!masked(r, c)) numbers[r * m.cols + c] = format_number(m(r, c));
    ImFont* font = uniform_font(numbers, cell_w - 2 * scale, cell_h);
    // All or none: a heatmap with some numbers missing would look like zeros.
    bool all_fit = font->FontSize <= cell_h + 1;
    for (const std::string& s : numbers) all_fit = all_fit && text_size(font, s).x <= cell_w - 2 * scale;
    for (int r = 0; all_fit && r < m.rows; ++r)
      for (int c = 0; c < m.cols; ++c) {
        const std::string& s = numbers[r * m.cols + c];
        if (s.empty()) continue;  // masked
        const ImVec2 size = text_size(font, s);
        const bool dark_text = core::luminance(core::sample(colormap, position(m(r, c)))) > 0.45f;
        const ImVec2 at(grid_min.x + cell_w * (static_cast<float>(c) + 0.5f) - size.x / 2,
                        grid_min.y + cell_h * (static_cast<float>(r) + 0.5f) - size.y / 2);
        dl->AddText(font, font->FontSize, at, dark_text ? IM_COL32(20, 20, 20, 255) : IM_COL32(250, 250, 250, 255), s.c_str());
      }
  }

  // [SECTION] Colorbar: the gradient and its three ticks.
  if (options.colorbar) {
    const ImVec2 bar_min(grid_max.x + 8 * scale, grid_min.y);
    const ImVec2 bar_max(bar_min.x + 10 * scale, grid_max.y);
    HeatmapDraw bar;
    bar.min = bar_min;
    bar.max = bar_max;
    bar.rows = bar.cols = 1;
    bar.gradient = true;
    bar.colormap = colormap;
    bar.gap_color = draw.gap_color;
    heatmap_renderer().draw(dl, bar);
    dl->AddRect(bar_min, bar_max, ImGui::GetColorU32(ImGuiCol_Border));
    const double lo = options.range == ValueRange::Unit ? 0.0 : -m_abs;
    const double hi = options.range == ValueRange::Unit ? 1.0 : m_abs;
    const double ticks[3] = {hi, (lo + hi) / 2, lo};
    for (int i = 0; i < 3; ++i) {
      const float y = bar_min.y + (bar_max.y - bar_min.y) * static_cast<float>(i) / 2.0f;
      const std::string s = format_number(ticks[i]);
      dl->AddLine(ImVec2(bar_max.x, y), ImVec2(bar_max.x + 3 * scale, y), dim_color);
      dl->AddText(ImVec2(bar_max.x + 5 * scale, y - line / 2), dim_color, s.c_str());
    }
  }

  // [SECTION] Hover: outline the cell, name it, let the panel explain it.
  const ImVec2 used(std::max(grid_max.x + colorbar_w, origin.x + script_text_size(title_markup).x + row_label_w) - origin.x,
                    grid_max.y - origin.y);
  ImGui::SetCursorScreenPos(grid_min);
  ImGui::InvisibleButton("cells", ImVec2(grid_max.x - grid_min.x, grid_max.y - grid_min.y));
  if (ImGui::IsItemHovered()) {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const int c = std::clamp(static_cast<int>((mouse.x - grid_min.x) / cell_w), 0, m.cols - 1);
    const int r = std::clamp(static_cast<int>((mouse.y - grid_min.y) / cell_h), 0, m.rows - 1);
    const ImVec2 a(grid_min.x + cell_w * static_cast<float>(c), grid_min.y + cell_h * static_cast<float>(r));
    dl->AddRect(a, ImVec2(a.x + cell_w, a.y + cell_h), text_color, 0, 0, 2 * scale);
    ImGui::BeginTooltip();
    ImGui::Text("%s \u2192 %s: %s", label(options.row_labels, r).c_str(), label(options.col_labels, c).c_str(),
                masked(r, c) ? "masked (weight exactly 0)" : format_number(m(r, c)).c_str());
    if (options.tooltip) options.tooltip(r, c);
    ImGui::EndTooltip();
  }
  ImGui::SetCursorScreenPos(origin);
  ImGui::Dummy(used);
  ImGui::EndGroup();
  ImGui::PopID();
  return HeatmapLayout{used, grid_min, cell_w, cell_h, grid_max.x + colorbar_w};
}

}  // namespace app
