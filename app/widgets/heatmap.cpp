#include "app/widgets/heatmap.h"

#include <algorithm>
#include <cmath>
#include <charconv>
#include <cstdio>
#include <cstdlib>

#include <imgui_internal.h>

#include "app/widgets/highlight.h"
#include "app/render/text.h"

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

std::string current_panel_name() {
  const ImGuiWindow* window = ImGui::GetCurrentWindowRead();
  std::string panel = window ? window->Name : "";
  if (const size_t id_start = panel.find("###"); id_start != std::string::npos) panel = panel.substr(id_start + 3);
  return panel;
}

std::string format_number(double x) {
  if (std::isinf(x)) return x < 0 ? "\u2212\u221E" : "\u221E";
  if (std::isnan(x)) return "?";
  // The double itself, correctly rounded, as the exports and --dump print it: 0.23500000000000001
  // is "0.24" everywhere. (Rounding to fewer digits first made the window say 0.23.) to_chars,
  // not printf: a frame formats a thousand numbers (as printf would: %.2f, %.1e).
  char buf[64];
  const double a = std::abs(x);
  const std::to_chars_result shown =
      a >= 1e4 ? std::to_chars(buf, buf + sizeof buf, a, std::chars_format::scientific, 1)
               : std::to_chars(buf, buf + sizeof buf, a, std::chars_format::fixed, 2);
  const std::string text(buf, shown.ptr);
  // "-0.00" would say a sign the number does not visibly have.
  const bool negative = x < 0 && text != "0.00";
  return (negative ? "\u2212" : "") + text;
}

namespace {

// A heatmap's numbers as text and the widest of them in each font. A frame
// measures the same matrix several times (a panel tries arrangements): it is
// formatted once, and again only when its values or the fonts change.
struct NumberTexts {
  const double* data = nullptr;
  const MatrixView* mask = nullptr;
  int rows = 0, cols = 0;
  std::vector<double> values;  // as formatted, masked entries included
  ImFont* regular = nullptr;
  ImFont* small = nullptr;
  std::vector<std::string> numbers;  // empty where masked
  float widest_regular = 0, widest_small = 0;
};

const NumberTexts& number_texts(MatrixView m, const MatrixView* mask) {
  static std::vector<NumberTexts> cache;  // a few dozen heatmaps at most
  const Fonts& f = fonts();
  std::vector<double> values(static_cast<size_t>(m.rows * m.cols));
  for (int r = 0; r < m.rows; ++r)
    for (int c = 0; c < m.cols; ++c) values[static_cast<size_t>(r * m.cols + c)] = m(r, c) + (mask && std::isinf((*mask)(r, c)) ? NAN : 0.0);
  const auto same = [&](const NumberTexts& t) {
    return t.data == m.data && t.rows == m.rows && t.cols == m.cols && t.mask == mask && t.regular == f.regular &&
           t.small == f.small && std::equal(values.begin(), values.end(), t.values.begin(), t.values.end(),
                                            [](double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); });
  };
  for (const NumberTexts& t : cache)
    if (same(t)) return t;
  NumberTexts& t = [&]() -> NumberTexts& {
    for (NumberTexts& old : cache)
      if (old.data == m.data && old.mask == mask) return old;  // the same matrix, new values
    if (cache.size() >= 64) cache.clear();
    return cache.emplace_back();
  }();
  t = NumberTexts{m.data, mask, m.rows, m.cols, values, f.regular, f.small, {}, 0, 0};
  t.numbers.assign(values.size(), std::string());
  for (size_t i = 0; i < values.size(); ++i)
    if (!std::isnan(values[i])) t.numbers[i] = format_number(values[i]);
  for (const std::string& s : t.numbers) {
    if (f.regular) t.widest_regular = std::max(t.widest_regular, text_size(f.regular, s).x);
    if (f.small) t.widest_small = std::max(t.widest_small, text_size(f.small, s).x);
  }
  return t;
}

// Everything about a heatmap's size, found before anything is drawn, so that
// panels can choose an arrangement by whether the numbers will fit.
struct Measure {
  float title_h = 0, col_label_h = 0, row_label_w = 0, colorbar_w = 0;
  float cell_w = 0, cell_h = 0;
  double m_abs = 1;                   // Diverging: the colour scale is [−m_abs, m_abs]
  std::vector<std::string> numbers;   // each cell's text, empty where masked
  std::vector<std::string> ticks;     // the colorbar's: top, middle, bottom
  ImFont* number_font = nullptr;      // null: the numbers do not fit (or are off)
  bool fits = true;                   // the grid stays within its room
};

Measure measure(MatrixView m, const HeatmapOptions& options, ImVec2 avail, bool title, bool show_numbers) {
  const Fonts& f = fonts();
  const float scale = f.scale;
  Measure r;
  r.m_abs = options.shared_max;
  if (options.range == ValueRange::Diverging && r.m_abs <= 0)
    for (int row = 0; row < m.rows; ++row)
      for (int c = 0; c < m.cols; ++c)
        if (std::isfinite(m(row, c))) r.m_abs = std::max(r.m_abs, std::abs(m(row, c)));
  if (!(r.m_abs > 0)) r.m_abs = 1.0;  // an all-zero matrix: the colorbar still reads −1..1
  const double lo = options.range == ValueRange::Unit ? 0.0 : -r.m_abs;
  const double hi = options.range == ValueRange::Unit ? 1.0 : r.m_abs;
  r.ticks = {format_number(hi), format_number((lo + hi) / 2), format_number(lo)};

  const float line = ImGui::GetTextLineHeight();
  r.title_h = title ? line * 1.35f : 0.0f;
  r.col_label_h = line + 2 * scale + (options.axis_titles ? line : 0.0f);
  r.row_label_w = options.show_row_labels ? widest(options.row_labels, m.rows) + 6 * scale : 2 * scale;
  float tick_w = 0;
  for (const std::string& t : r.ticks) tick_w = std::max(tick_w, ImGui::CalcTextSize(t.c_str()).x);
  r.colorbar_w = options.colorbar ? 8 * scale + 10 * scale + 6 * scale + tick_w + 4 * scale : 0.0f;

  const NumberTexts& texts = number_texts(m, options.masked_where_infinite);
  r.numbers = texts.numbers;
  const auto widest_number = [&](ImFont* font) {
    return (font == f.small && font != f.regular ? texts.widest_small : texts.widest_regular) + 4 * scale;
  };

  // Square cells where there is room; where the height is short but the width
  // is not, cells widen as far as the numbers need, so that they still fit.
  const float fit_w = (avail.x - r.row_label_w - r.colorbar_w) / static_cast<float>(m.cols);
  float fit_h = (avail.y - r.title_h - r.col_label_h) / static_cast<float>(m.rows);
  // A thumbnail has no room for column labels (the tooltip names every cell): its rows take that room.
  if (std::min(fit_w, fit_h) < 10 * scale) {
    r.col_label_h = 0;
    fit_h = (avail.y - r.title_h) / static_cast<float>(m.rows);
  }
  r.cell_h = std::clamp(std::min(fit_w, fit_h), options.min_cell * scale, options.max_cell * scale);
  r.fits = r.cell_h <= fit_h + 0.5f && r.cell_h <= fit_w + 0.5f;
  r.cell_w = r.cell_h;
  if (f.small) {
    ImFont* font = f.regular && r.cell_h >= f.regular->FontSize + 2 * scale ? f.regular : f.small;
    if (r.cell_h >= font->FontSize) r.cell_w = std::max(r.cell_h, std::min(fit_w, widest_number(font)));
  }
  r.cell_w = std::max(r.cell_w, std::min(fit_w, options.cell_w_at_least));
  if (show_numbers) {
    // One font for all (all or none: a heatmap with some numbers missing would look like zeros).
    for (ImFont* font : {options.small_numbers ? f.small : f.regular, f.small})
      if (font && !r.number_font && font->FontSize <= r.cell_h + 1 && widest_number(font) <= r.cell_w + 2 * scale)
        r.number_font = font;
  }
  return r;
}

// A panel alone over a whole picture lets its cells grow past what they may in the crowded window.
HeatmapOptions for_picture(const AppState& state, HeatmapOptions options) {
  options.max_cell *= picture_cell_factor(state);
  return options;
}

}  // namespace

float picture_cell_factor(const AppState& state) {
  // A training run's frame shows its panel alone on half the picture: the same.
  const bool alone = !state.picture.solo_panel.empty() || !state.picture.training.panel.empty() ||
                     (state.view.presenter && !state.picture.active);
  return alone ? 1.6f : 1.0f;
}

HeatmapFit heatmap_fit(const AppState& state, MatrixView m, const HeatmapOptions& options, ImVec2 avail, bool title) {
  const Measure r = measure(m, for_picture(state, options), avail, title, state.view.show_numbers);
  return HeatmapFit{r.cell_w, r.cell_h, r.number_font != nullptr, r.fits, r.col_label_h > 0,
                    r.number_font && r.number_font == fonts().small && fonts().small != fonts().regular};
}

HeatmapLayout Heatmap(AppState& state, const char* id, std::string_view title_markup, MatrixView m,
                      const HeatmapOptions& given_options, ImVec2 avail) {
  const ViewOptions& view = state.view;
  const HeatmapOptions options = for_picture(state, given_options);
  ImGui::PushID(id);
  ImGui::BeginGroup();  // one item of the whole size, so that SameLine rows line up
  const Fonts& f = fonts();
  const float scale = f.scale;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 text_color = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 dim_color = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const float line = ImGui::GetTextLineHeight();

  // [SECTION] Sizes: title, column labels, row labels, cells, colorbar.
  const Measure sized = measure(m, options, avail, !title_markup.empty(), view.show_numbers && !options.no_numbers);
  const float title_h = sized.title_h, col_label_h = sized.col_label_h, row_label_w = sized.row_label_w,
              colorbar_w = sized.colorbar_w, cell_w = sized.cell_w, cell_h = sized.cell_h;
  const ImVec2 grid_min(origin.x + row_label_w, origin.y + title_h + col_label_h);
  const ImVec2 grid_max(grid_min.x + cell_w * static_cast<float>(m.cols), grid_min.y + cell_h * static_cast<float>(m.rows));

  // A title wider than its heatmap is set in the small font rather than run into its neighbour.
  if (!title_markup.empty()) {
    const float room = std::max(avail.x - row_label_w, grid_max.x + colorbar_w - grid_min.x);
    const bool small = f.small && script_text_size(title_markup).x > room;
    if (small) ImGui::PushFont(f.small);
    draw_script_text(dl, ImVec2(grid_min.x, origin.y), text_color, title_markup);
    if (small) ImGui::PopFont();
  }

  // [SECTION] Value → colormap position.
  const core::Colormap colormap = options.range == ValueRange::Unit ? view.sequential : view.diverging;
  const double m_abs = sized.m_abs;
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
  std::vector<std::string> drawn_rows, drawn_cols;
  {
    std::vector<std::string> cols(m.cols), rows(m.rows);
    for (int c = 0; c < m.cols; ++c) cols[c] = label(options.col_labels, c);
    for (int r = 0; r < m.rows; ++r) rows[r] = label(options.row_labels, r);
    const float col_w = cell_w - 2 * scale;
    ImFont* col_font = uniform_font(cols, col_w, line);
    for (int c = 0; col_label_h > 0 && c < m.cols; ++c) {
      std::string s = cols[c];
      if (text_size(col_font, s).x > col_w) {
        ImGui::PushFont(col_font);
        s = fit_label(s, col_w);
        ImGui::PopFont();
      }
      const ImVec2 size = text_size(col_font, s);
      drawn_cols.push_back(s);
      dl->AddText(col_font, col_font->FontSize,
                  ImVec2(grid_min.x + cell_w * (static_cast<float>(c) + 0.5f) - size.x / 2, grid_min.y - size.y - 2 * scale),
                  dim_color, s.c_str());
    }
    if (options.axis_titles && col_label_h > 0) {
      if (f.small) ImGui::PushFont(f.small);
      draw_script_text(dl, ImVec2(origin.x, origin.y + title_h), dim_color, options.axis_titles);
      if (f.small) ImGui::PopFont();
    }
    ImFont* row_font = uniform_font(rows, row_label_w, cell_h);
    if (options.show_row_labels && row_font->FontSize <= cell_h + 1)
      for (int r = 0; r < m.rows; ++r) {
        const ImVec2 size = text_size(row_font, rows[r]);
        drawn_rows.push_back(rows[r]);
        dl->AddText(row_font, row_font->FontSize,
                    ImVec2(grid_min.x - size.x - 4 * scale, grid_min.y + cell_h * (static_cast<float>(r) + 0.5f) - size.y / 2),
                    dim_color, rows[r].c_str());
      }
  }

  // [SECTION] Numbers in the cells, dark or light against the cell's colour.
  const bool numbers_drawn = sized.number_font != nullptr;
  if (ImFont* font = sized.number_font) {
    for (int r = 0; r < m.rows; ++r)
      for (int c = 0; c < m.cols; ++c) {
        const std::string& s = sized.numbers[r * m.cols + c];
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
    // Three ticks where they fit apart, else the two ends, else none (a thumbnail).
    const float bar_h = bar_max.y - bar_min.y;
    const int step = bar_h >= 2.2f * line ? 1 : 2;
    for (int i = 0; bar_h >= 1.1f * line && i < 3; i += step) {
      const float y = bar_min.y + bar_h * static_cast<float>(i) / 2.0f;
      const std::string& s = sized.ticks[i];
      // A short tick with a gap before its label, so that "−1.55" never reads as "−−1.55".
      dl->AddLine(ImVec2(bar_max.x, y), ImVec2(bar_max.x + 2 * scale, y), dim_color);
      dl->AddText(ImVec2(bar_max.x + 6 * scale, y - line / 2), dim_color, s.c_str());
    }
  }

  // [SECTION] Hover: outline the cell, name it, let the panel explain it.
  const ImVec2 used(std::max(grid_max.x + colorbar_w, std::min(origin.x + avail.x, grid_min.x + script_text_size(title_markup).x)) - origin.x,
                    grid_max.y - origin.y);
  ImGui::SetCursorScreenPos(grid_min);
  ImGui::InvisibleButton("cells", ImVec2(grid_max.x - grid_min.x, grid_max.y - grid_min.y));
  int hovered_row = -1, hovered_col = -1;
  if (ImGui::IsItemHovered() && !state.picture.active) {  // a picture has no mouse
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const int c = std::clamp(static_cast<int>((mouse.x - grid_min.x) / cell_w), 0, m.cols - 1);
    const int r = std::clamp(static_cast<int>((mouse.y - grid_min.y) / cell_h), 0, m.rows - 1);
    hovered_row = r;
    hovered_col = c;
    const ImVec2 a(grid_min.x + cell_w * static_cast<float>(c), grid_min.y + cell_h * static_cast<float>(r));
    dl->AddRect(a, ImVec2(a.x + cell_w, a.y + cell_h), text_color, 0, 0, 2 * scale);
    ImGui::BeginTooltip();
    ImGui::Text("%s \u2192 %s: %s", label(options.row_labels, r).c_str(), label(options.col_labels, c).c_str(),
                masked(r, c) ? "masked (weight exactly 0)" : format_number(m(r, c)).c_str());
    if (options.tooltip) options.tooltip(r, c);
    ImGui::EndTooltip();
  }

  // [SECTION] Linked highlight: a row or column just outside its cells, a cell just inside its own
  // (not the cell under the mouse: the hover outline marks it already). Over the hover outline.
  {
    const HeatmapHighlight& lit = options.lit;
    const float outside = highlight_thickness() / 2 + 1 * scale, inside = -highlight_thickness() / 2;
    const auto x_at = [&](int c) { return grid_min.x + cell_w * static_cast<float>(c); };
    const auto y_at = [&](int r) { return grid_min.y + cell_h * static_cast<float>(r); };
    const std::string name(id);
    if (lit.row >= 0 && lit.row < m.rows)
      OutlineHighlight(state, name + ".row[" + std::to_string(lit.row) + "]", ImVec2(grid_min.x, y_at(lit.row)),
                       ImVec2(grid_max.x, y_at(lit.row + 1)), outside);
    if (lit.col >= 0 && lit.col < m.cols)
      OutlineHighlight(state, name + ".col[" + std::to_string(lit.col) + "]", ImVec2(x_at(lit.col), grid_min.y),
                       ImVec2(x_at(lit.col + 1), grid_max.y), outside);
    const bool hovered = lit.cell_row == hovered_row && lit.cell_col == hovered_col;
    if (lit.cell_row >= 0 && lit.cell_row < m.rows && lit.cell_col >= 0 && lit.cell_col < m.cols && !hovered)
      OutlineHighlight(state, name + ".cell[" + std::to_string(lit.cell_row) + "][" + std::to_string(lit.cell_col) + "]",
                       ImVec2(x_at(lit.cell_col), y_at(lit.cell_row)), ImVec2(x_at(lit.cell_col + 1), y_at(lit.cell_row + 1)), inside);
  }

  ImGui::SetCursorScreenPos(origin);
  ImGui::Dummy(used);
  ImGui::EndGroup();
  ImGui::PopID();
  state.heatmap_rects[current_panel_name() + "/" + id] =
      HeatmapRect{std::string(title_markup), Rect{grid_min.x, grid_min.y, grid_max.x - grid_min.x, grid_max.y - grid_min.y},
                  cell_w, cell_h, numbers_drawn, std::move(drawn_rows), std::move(drawn_cols),
                  numbers_drawn ? sized.numbers : std::vector<std::string>{}};
  return HeatmapLayout{used, grid_min, cell_w, cell_h, grid_max.x + colorbar_w, hovered_row, hovered_col};
}

}  // namespace app
