#include "app/widgets/heatmap.h"

#include <algorithm>
#include <cmath>
#include <charconv>
#include <cstdio>
#include <cstdlib>

#include <imgui_internal.h>

#include "app/widgets/frame_context.h"
#include "app/render/text.h"
#include "app/widgets/highlight.h"

namespace app {

namespace {

HeatmapRenderer* g_renderer = nullptr;

std::string label(const std::vector<std::string>* labels, int i) {
  return labels && i < static_cast<int>(labels->size()) ? (*labels)[i] : std::to_string(i + 1);
}

ImVec2 font_text_size(ImFont* font, const std::string& s) { return font->CalcTextSizeA(font_px(font), FLT_MAX, 0, s.c_str()); }

// Whether every text is at most `width` wide in font.
bool all_fit(ImFont* font, const std::vector<std::string>& texts, float width) {
  const auto fits = [&](const std::string& s) { return font_text_size(font, s).x <= width; };
  return std::all_of(texts.begin(), texts.end(), fits);
}

// One font for a whole set of texts (a heatmap's numbers, its column labels):
// the regular one when every text fits in width × height, else the small one.
// Mixed sizes within one heatmap would read as emphasis.
ImFont* uniform_font(const std::vector<std::string>& texts, float width, float height) {
  const Fonts& f = fonts();
  if (f.regular && font_px(f.regular) <= height + 1 && all_fit(f.regular, texts, width)) return f.regular;
  return f.small ? f.small : f.regular;
}

// The widest of texts in the current font.
float widest(const std::vector<std::string>& texts) {
  float w = 0;
  for (const std::string& s : texts) w = std::max(w, ImGui::CalcTextSize(s.c_str()).x);
  return w;
}

// The labels of count rows or columns: the given ones, else 1, 2, ...
std::vector<std::string> labels_of(const std::vector<std::string>* labels, int count) {
  std::vector<std::string> all(static_cast<size_t>(count));
  for (int i = 0; i < count; ++i) all[static_cast<size_t>(i)] = label(labels, i);
  return all;
}

struct ColumnFont {
  ImFont* font;
  bool fits;  // every label fits its room in it
};

// The one font of column labels on `lines` staggered lines (uniform_font, in a line of `height`). A
// label's room is its cell, or with staggered lines two cells, less a gap each side.
ColumnFont column_font(const std::vector<std::string>& cols, float cell_w, int lines, float height) {
  const float room = cell_w * static_cast<float>(lines) - 2 * fonts().scale;
  ImFont* font = uniform_font(cols, room, height);
  return {font, all_fit(font, cols, room)};
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
  if (panel.rfind("dock.", 0) == 0) panel = panel.substr(5);  // a docked view's (app/frame_dock.h)
  return panel;
}

std::string format_number(double x, int decimals) {
  if (std::isinf(x)) return x < 0 ? "\u2212\u221E" : "\u221E";
  if (std::isnan(x)) return "?";
  // The double itself, correctly rounded, as the exports and --dump print it: 0.23500000000000001
  // is "0.24" everywhere. (Rounding to fewer digits first made the window say 0.23.) to_chars,
  // not printf: a frame formats a thousand numbers (as printf would: %.2f, %.1e).
  char buf[64];
  const double a = std::abs(x);
  const std::to_chars_result shown =
      a >= 1e4 ? std::to_chars(buf, buf + sizeof buf, a, std::chars_format::scientific, 1)
               : std::to_chars(buf, buf + sizeof buf, a, std::chars_format::fixed, decimals);
  const std::string text(buf, shown.ptr);
  // "-0.00" (or "-0.0") would say a sign the number does not visibly have.
  const bool negative = x < 0 && text.find_first_not_of("0.") != std::string::npos;
  return (negative ? "\u2212" : "") + text;
}

namespace {

// A heatmap's numbers as text and the widest of them in each font. A frame
// measures the same matrix several times (a panel tries arrangements): it is
// formatted once, and again only when its values or the fonts or their scale (a zoom) change.
struct NumberTexts {
  const double* data = nullptr;
  const MatrixView* mask = nullptr;
  int rows = 0, cols = 0;
  std::vector<double> values;  // as formatted, masked entries included
  ImFont* regular = nullptr;
  ImFont* small = nullptr;
  float scale = 0;                   // the fonts' (fonts().scale): the same fonts draw larger after a zoom
  std::vector<std::string> numbers;  // empty where masked
  float widest_regular = 0, widest_small = 0;
  // With one decimal, for cells too narrow for two (three panels in a slide's frame): a number
  // rounded further, rather than none.
  std::vector<std::string> short_numbers;
  float short_widest_regular = 0, short_widest_small = 0;
};

const NumberTexts& number_texts(MatrixView m, const MatrixView* mask) {
  static std::vector<NumberTexts> cache;  // a few dozen heatmaps at most
  const Fonts& f = fonts();
  std::vector<double> values(static_cast<size_t>(m.rows * m.cols));
  for (int r = 0; r < m.rows; ++r)
    for (int c = 0; c < m.cols; ++c) values[static_cast<size_t>(r * m.cols + c)] = m(r, c) + (mask && std::isinf((*mask)(r, c)) ? NAN : 0.0);
  const auto same = [&](const NumberTexts& t) {
    return t.data == m.data && t.rows == m.rows && t.cols == m.cols && t.mask == mask && t.regular == f.regular &&
           t.small == f.small && t.scale == f.scale && std::equal(values.begin(), values.end(), t.values.begin(), t.values.end(),
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
  const std::vector<std::string> none(values.size());
  t = NumberTexts{m.data, mask, m.rows, m.cols, values, f.regular, f.small, f.scale, none, 0, 0, none, 0, 0};
  for (size_t i = 0; i < values.size(); ++i) {
    if (std::isnan(values[i])) continue;  // masked: no text, no width
    t.numbers[i] = format_number(values[i]);
    t.short_numbers[i] = format_number(values[i], 1);
    if (f.regular) t.widest_regular = std::max(t.widest_regular, font_text_size(f.regular, t.numbers[i]).x);
    if (f.small) t.widest_small = std::max(t.widest_small, font_text_size(f.small, t.numbers[i]).x);
    if (f.regular) t.short_widest_regular = std::max(t.short_widest_regular, font_text_size(f.regular, t.short_numbers[i]).x);
    if (f.small) t.short_widest_small = std::max(t.short_widest_small, font_text_size(f.small, t.short_numbers[i]).x);
  }
  return t;
}

// Everything about a heatmap's size, found before anything is drawn, so that
// panels can choose an arrangement by whether the numbers will fit.
struct Measure {
  float title_h = 0, col_label_h = 0, row_label_w = 0, colorbar_w = 0;
  int col_label_lines = 1;            // 2: staggered, every other label on the upper line; 0: none
  float cell_w = 0, cell_h = 0;
  double m_abs = 1;                   // Diverging: the colour scale is [−m_abs, m_abs]
  double m_found = 0;                 // the largest |x| it needed: 0 for a blank matrix (m_abs is then 1)
  std::vector<std::string> numbers;   // each cell's text, empty where masked
  std::vector<std::string> ticks;     // the colorbar's: top, middle, bottom
  ImFont* number_font = nullptr;      // null: the numbers do not fit (or are off)
  float number_px = 0;                // the size they are drawn at: number_font's, or less for the large font
  bool fits = true;                   // the grid stays within its room
  bool one_decimal = false;           // numbers holds the numbers with one decimal: two did not fit
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
  r.m_found = r.m_abs > 0 ? r.m_abs : 0.0;
  if (!(r.m_abs > 0)) r.m_abs = 1.0;  // an all-zero matrix: the colorbar still reads −1..1
  const double lo = options.range == ValueRange::Unit ? 0.0 : -r.m_abs;
  const double hi = options.range == ValueRange::Unit ? 1.0 : r.m_abs;
  r.ticks = {format_number(hi), format_number((lo + hi) / 2), format_number(lo)};

  const float line = ImGui::GetTextLineHeight();
  r.title_h = title ? line * 1.35f : 0.0f;
  r.col_label_h = line + 2 * scale + (options.axis_titles ? line : 0.0f);
  r.row_label_w = options.show_row_labels ? widest(labels_of(options.row_labels, m.rows)) + 6 * scale
                                          : 2 * scale;
  r.colorbar_w = options.colorbar ? 8 * scale + 10 * scale + 6 * scale + widest(r.ticks) + 4 * scale : 0.0f;

  const NumberTexts& texts = number_texts(m, options.masked_where_infinite);
  r.numbers = texts.numbers;
  // The widest number in font, with two decimals or (one_decimal) one.
  const auto widest_number = [&](ImFont* font, bool one_decimal = false) {
    const bool small = font == f.small && font != f.regular;
    if (one_decimal) return (small ? texts.short_widest_small : texts.short_widest_regular) + 4 * scale;
    return (small ? texts.widest_small : texts.widest_regular) + 4 * scale;
  };

  // Square cells where there is room; where the height is short but the width
  // is not, cells widen as far as the numbers need, so that they still fit.
  const float fit_w = (avail.x - r.row_label_w - r.colorbar_w) / static_cast<float>(m.cols);
  const auto size_cells = [&] {
    float fit_h = (avail.y - r.title_h - r.col_label_h) / static_cast<float>(m.rows);
    // A thumbnail has no room for column labels (the tooltip names every cell): its rows take that room.
    if (std::min(fit_w, fit_h) < 10 * scale) {
      r.col_label_h = 0;
      r.col_label_lines = 0;
      fit_h = (avail.y - r.title_h) / static_cast<float>(m.rows);
    }
    r.cell_h = std::clamp(std::min(fit_w, fit_h), options.min_cell * scale, options.max_cell * scale);
    r.fits = r.cell_h <= fit_h + 0.5f && r.cell_h <= fit_w + 0.5f;
    r.cell_w = r.cell_h;
    if (f.small) {
      // Numbers in the regular font where a cell is tall enough for them (as the number font is
      // chosen below): widening for the small font only left cells of 16 px with 8 px digits.
      // As number_font_for takes a font: a pixel taller than the cell (14.75 px rows, a third of a
      // slide's frame, stayed 14.75 wide and lost the regular digits they had room for).
      ImFont* font = f.regular && r.cell_h + scale >= font_px(f.regular) ? f.regular : f.small;
      if (r.cell_h + scale >= font_px(font)) r.cell_w = std::max(r.cell_h, std::min(fit_w, widest_number(font)));
    }
    r.cell_w = std::max(r.cell_w, std::min(fit_w, options.cell_w_at_least));
  };
  // One font for all the numbers (all or none: a heatmap with some numbers missing would look like zeros).
  const auto number_font_for = [&](const Measure& sized, bool one_decimal) -> ImFont* {
    for (ImFont* font : {options.small_numbers ? f.small : f.regular, f.small})
      // A pixel of room is a pixel at the picture's scale too: at 2× S lost the digits it had at 1×.
      if (font && font_px(font) <= sized.cell_h + scale && widest_number(font, one_decimal) <= sized.cell_w + 2 * scale) return font;
    return nullptr;
  };
  // How the numbers read in cells so sized: 2 with two decimals, 1 with one (where two do not fit:
  // a heatmap without numbers says nothing of them), 0 none.
  const auto numbers_level = [&](const Measure& sized) {
    if (!options.one_decimal && number_font_for(sized, false)) return 2;
    return options.one_decimal_allowed && number_font_for(sized, true) ? 1 : 0;
  };
  size_cells();
  // Column labels too wide to stand side by side ("smell₂", "failure" over 25 px cells) take two
  // staggered lines, each label then having two cells' width: shortened to "s…" they said nothing.
  // Not where the line would cost the cells their numbers, or a decimal of them (the weights at
  // 1280 × 720): the numbers are what the lessons quote, and the row labels name the same tokens in full.
  using LabelLines = HeatmapOptions::LabelLines;
  const std::vector<std::string> cols = labels_of(options.col_labels, m.cols);
  if (r.col_label_h > 0 && m.cols > 1 && options.label_lines != LabelLines::One &&
      (options.label_lines == LabelLines::Two || !column_font(cols, r.cell_w, 1, FLT_MAX).fits)) {
    const Measure one_line = r;
    const int level = numbers_level(r);
    r.col_label_lines = 2;
    r.col_label_h += font_px(column_font(cols, r.cell_w, 2, FLT_MAX).font);
    size_cells();
    if (numbers_level(r) < level && options.label_lines == LabelLines::Fit) r = one_line;
  }
  if (show_numbers) {
    const int level = numbers_level(r);
    r.one_decimal = level == 1;
    r.number_font = level > 0 ? number_font_for(r, r.one_decimal) : nullptr;
    if (r.one_decimal) r.numbers = texts.short_numbers;
    if (r.number_font) r.number_px = font_px(r.number_font);
    // Digits grow with the cells: in a large cell (presenter mode at 1920 × 1080, a panel alone)
    // 15 px digits would be lost in the middle of it. About a third of the cell's height, as
    // wide as the cell allows, at most the large font's own size, which is drawn scaled down.
    if (r.number_font == f.regular && f.large && f.regular != f.small && texts.widest_regular > 0 && !r.one_decimal) {
      // A presentation's cells widen, as far as the room allows, for digits of their share of the
      // height: square, (S ± Sᵀ)/2's 50 px cells held 15 px digits, under the 3% of a frame asked.
      float cell_w = r.cell_w;
      if (options.digits_share > HeatmapOptions{}.digits_share)
        cell_w = std::max(cell_w, std::min(fit_w, texts.widest_regular * r.cell_h * options.digits_share / font_px(f.regular) + 10 * scale));
      const float by_width = font_px(f.regular) * (cell_w - 10 * scale) / texts.widest_regular;
      const float px = std::min({r.cell_h * options.digits_share, by_width, font_px(f.large)});
      if (px > font_px(f.regular) * 1.1f) {
        r.number_font = f.large;
        r.number_px = std::floor(px);
        r.cell_w = cell_w;
      }
    }
  }
  return r;
}

// A panel alone over a whole picture lets its cells grow past what they may in the crowded window.
HeatmapOptions for_picture(const AppState& state, HeatmapOptions options) {
  options.max_cell *= picture_cell_factor(state);
  // Read from the back of a room: half a cell's height, as the width allows (a third left 16 px
  // digits in 50 px cells of a 560 px frame).
  if (presenting(state)) options.digits_share = std::max(options.digits_share, 0.5f);
  return options;
}

// One heatmap as it is drawn: its measure, where its grid lies, and how a value finds its colour.
struct Grid {
  MatrixView m;
  const HeatmapOptions& options;
  Measure sized;
  ImVec2 origin, grid_min, grid_max;
  core::Colormap colormap;
  ImDrawList* dl;
  float scale, line;
  ImU32 text_color, dim_color;

  // Value → colormap position.
  float position(double x) const {
    if (options.range == ValueRange::Unit) return static_cast<float>(std::clamp(x, 0.0, 1.0));
    return static_cast<float>(std::clamp(0.5 + x / (2 * sized.m_abs), 0.0, 1.0));
  }
  bool masked(int r, int c) const {
    return options.masked_where_infinite && std::isinf((*options.masked_where_infinite)(r, c));
  }
};

// Sizes: title, column labels, row labels, cells, colorbar; the grid's corners from them.
Grid layout_grid(const AppState& state, MatrixView m, const HeatmapOptions& options, ImVec2 avail, bool title) {
  const ViewOptions& view = state.view;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  Measure sized = measure(m, options, avail, title, view.show_numbers && !options.no_numbers);
  const ImVec2 grid_min(origin.x + sized.row_label_w, origin.y + sized.title_h + sized.col_label_h);
  const ImVec2 grid_max(grid_min.x + sized.cell_w * static_cast<float>(m.cols),
                        grid_min.y + sized.cell_h * static_cast<float>(m.rows));
  const core::Colormap colormap = options.range == ValueRange::Unit ? view.sequential : view.diverging;
  return Grid{m, options, std::move(sized), origin, grid_min, grid_max, colormap, ImGui::GetWindowDrawList(),
              fonts().scale, ImGui::GetTextLineHeight(), ImGui::GetColorU32(ImGuiCol_Text),
              ImGui::GetColorU32(ImGuiCol_TextDisabled)};
}

// A title wider than its heatmap is set in the small font rather than run into its neighbour.
void draw_title(const Grid& g, std::string_view title_markup, ImVec2 avail) {
  const Fonts& f = fonts();
  const float room = std::max(avail.x - g.sized.row_label_w, g.grid_max.x + g.sized.colorbar_w - g.grid_min.x);
  const bool small = f.small && script_text_size(title_markup).x > room;
  if (small) PushFontOf(f.small);
  draw_script_text(g.dl, ImVec2(g.grid_min.x, g.origin.y), g.text_color, title_markup);
  if (small) ImGui::PopFont();
}

// The cells, through the renderer (at most kMaxHeatmapSide a side); masked ones hatched.
void draw_cells(const Grid& g) {
  HeatmapDraw draw{.min = g.grid_min,
                   .max = g.grid_max,
                   .rows = std::min(g.m.rows, kMaxHeatmapSide),
                   .cols = std::min(g.m.cols, kMaxHeatmapSide),
                   .colormap = g.colormap,
                   .gap_color = ImGui::GetColorU32(ImGuiCol_WindowBg),
                   .gap_px = std::max(1.0f, std::floor(g.scale)),
                   .hatch_a = ImGui::GetColorU32(ImGuiCol_TextDisabled),
                   .hatch_b = ImGui::GetColorU32(ImGuiCol_WindowBg)};
  for (int r = 0; r < draw.rows; ++r)
    for (int c = 0; c < draw.cols; ++c)
      draw.t[r * draw.cols + c] = g.masked(r, c) ? -1.0f : g.position(g.m(r, c));
  heatmap_renderer().draw(g.dl, draw);
}

// Columns above, in one font (the small one when the cells are small), on two staggered lines where
// one has no room; where even so they do not fit, none (the tooltip names the cell anyway). Then the
// axes' titles.
// Returns the labels as drawn.
std::vector<std::string> draw_column_labels(const Grid& g) {
  const std::vector<std::string> cols = labels_of(g.options.col_labels, g.m.cols);
  const int lines = std::max(1, g.sized.col_label_lines);
  // All or none, as the rows: a label cut to "s…" named nothing, and the tooltip names every cell.
  const auto [col_font, all_fit] = column_font(cols, g.sized.cell_w, lines, g.line);
  const bool drawn = all_fit && g.sized.col_label_h > 0;
  for (int c = 0; drawn && c < g.m.cols; ++c) {
    const std::string& s = cols[c];
    const ImVec2 size = font_text_size(col_font, s);
    // Staggered: the first column's label nearest the cells, the second's a line above, and so on.
    const float raised = lines == 2 && c % 2 == 1 ? font_px(col_font) : 0.0f;
    const ImVec2 at(g.grid_min.x + g.sized.cell_w * (static_cast<float>(c) + 0.5f) - size.x / 2,
                    g.grid_min.y - size.y - 2 * g.scale - raised);
    g.dl->AddText(col_font, font_px(col_font), at, g.dim_color, s.c_str());
    note_drawn_text(at, s);
  }
  if (g.options.axis_titles && g.sized.col_label_h > 0) {
    const Fonts& f = fonts();
    if (f.small) PushFontOf(f.small);
    draw_script_text(g.dl, ImVec2(g.origin.x, g.origin.y + g.sized.title_h), g.dim_color, g.options.axis_titles);
    if (f.small) ImGui::PopFont();
  }
  return drawn ? cols : std::vector<std::string>{};
}

// Rows to the left, in one font, all or none: where the font is taller than a cell they are left out.
// Returns the labels as drawn.
std::vector<std::string> draw_row_labels(const Grid& g) {
  const float cell_h = g.sized.cell_h;
  const std::vector<std::string> rows = labels_of(g.options.row_labels, g.m.rows);
  ImFont* row_font = uniform_font(rows, g.sized.row_label_w, cell_h);
  const bool drawn = g.options.show_row_labels && font_px(row_font) <= cell_h + fonts().scale;
  for (int r = 0; drawn && r < g.m.rows; ++r) {
    const ImVec2 size = font_text_size(row_font, rows[r]);
    const ImVec2 at(g.grid_min.x - size.x - 4 * g.scale,
                    g.grid_min.y + cell_h * (static_cast<float>(r) + 0.5f) - size.y / 2);
    g.dl->AddText(row_font, font_px(row_font), at, g.dim_color, rows[r].c_str());
    note_drawn_text(at, rows[r]);
  }
  return drawn ? rows : std::vector<std::string>{};
}

// Numbers in the cells, black or white, whichever contrasts more with the cell (core::text_on:
// at least 4.58:1).
void draw_numbers(const Grid& g) {
  ImFont* font = g.sized.number_font;
  if (!font) return;
  for (int r = 0; r < g.m.rows; ++r)
    for (int c = 0; c < g.m.cols; ++c) {
      const std::string& s = g.sized.numbers[r * g.m.cols + c];
      if (s.empty()) continue;  // masked
      const ImVec2 size = font->CalcTextSizeA(g.sized.number_px, FLT_MAX, 0, s.c_str());
      const core::Rgb ink = core::text_on(core::sample(g.colormap, g.position(g.m(r, c))));
      const ImVec2 at(g.grid_min.x + g.sized.cell_w * (static_cast<float>(c) + 0.5f) - size.x / 2,
                      g.grid_min.y + g.sized.cell_h * (static_cast<float>(r) + 0.5f) - size.y / 2);
      g.dl->AddText(font, g.sized.number_px, at, ImGui::ColorConvertFloat4ToU32(ImVec4(ink.r, ink.g, ink.b, 1.0f)), s.c_str());
      note_drawn_text(at, s);
    }
}

// The colorbar: the gradient and its three ticks.
void draw_colorbar(const Grid& g) {
  const float scale = g.scale, line = g.line;
  const ImVec2 bar_min(g.grid_max.x + 8 * scale, g.grid_min.y);
  const ImVec2 bar_max(bar_min.x + 10 * scale, g.grid_max.y);
  heatmap_renderer().draw(g.dl, {.min = bar_min, .max = bar_max, .rows = 1, .cols = 1, .colormap = g.colormap,
                                 .gradient = true, .gap_color = ImGui::GetColorU32(ImGuiCol_WindowBg)});
  g.dl->AddRect(bar_min, bar_max, ImGui::GetColorU32(ImGuiCol_Border));
  // Three ticks where their labels fit apart, else the two ends, else none (a thumbnail). A label
  // stays beside the bar, never above or below it: there the title and the panel's text are
  // ("0.00" was drawn over "ln 7" under the weights).
  const float bar_h = bar_max.y - bar_min.y;
  const int ticks = bar_h >= 3.1f * line ? 3 : bar_h >= 2.05f * line ? 2 : 0;
  for (int k = 0; k < ticks; ++k) {
    const int i = ticks == 3 ? k : 2 * k;  // top, middle, bottom; or top and bottom
    const float y = bar_min.y + bar_h * static_cast<float>(i) / 2.0f;
    const std::string& s = g.sized.ticks[i];
    // A short tick with a gap before its label, so that "−1.55" never reads as "−−1.55".
    g.dl->AddLine(ImVec2(bar_max.x, y), ImVec2(bar_max.x + 2 * scale, y), g.dim_color);
    const ImVec2 at(bar_max.x + 6 * scale, std::clamp(y - line / 2, bar_min.y, bar_max.y - line));
    g.dl->AddText(at, g.dim_color, s.c_str());
    note_drawn_text(at, s);
  }
}

struct Cell {
  int row = -1, col = -1;
};

// The cells as one item: the hovered one outlined and named in a tooltip, where the panel explains it.
// Returns it, or −1s (never in a picture: it has no mouse).
Cell HoverCell(const Grid& g) {
  const float cell_w = g.sized.cell_w, cell_h = g.sized.cell_h;
  ImGui::SetCursorScreenPos(g.grid_min);
  // Hovered, never pressed: a press goes through, so that a finger on the cells scrolls a phone's
  // stacked panels (app/frame_views.cpp) as it does elsewhere on the page. Not a stop of Tab's (no
  // control), and the mouse's alone: hovered where the pointer is, though the keyboard was used last.
  ImGui::PushItemFlag(ImGuiItemFlags_NoNav, true);
  ImGui::InvisibleButton("cells", ImVec2(g.grid_max.x - g.grid_min.x, g.grid_max.y - g.grid_min.y), ImGuiButtonFlags_MouseButtonMiddle);
  ImGui::PopItemFlag();
  if (!ImGui::IsItemHovered(ImGuiHoveredFlags_NoNavOverride) || frame_picture().active) return {};
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const int c = std::clamp(static_cast<int>((mouse.x - g.grid_min.x) / cell_w), 0, g.m.cols - 1);
  const int r = std::clamp(static_cast<int>((mouse.y - g.grid_min.y) / cell_h), 0, g.m.rows - 1);
  const ImVec2 a(g.grid_min.x + cell_w * static_cast<float>(c), g.grid_min.y + cell_h * static_cast<float>(r));
  g.dl->AddRect(a, ImVec2(a.x + cell_w, a.y + cell_h), g.text_color, 0, 2 * g.scale);
  ImGui::BeginTooltip();
  ImGui::Text("%s \u2192 %s: %s", label(g.options.row_labels, r).c_str(), label(g.options.col_labels, c).c_str(),
              g.masked(r, c) ? "masked (weight exactly 0)" : format_number(g.m(r, c)).c_str());
  if (g.options.tooltip) g.options.tooltip(r, c);
  ImGui::EndTooltip();
  return Cell{r, c};
}

// Linked highlight: a row or column just outside its cells, a cell just inside its own (not the
// cell under the mouse: the hover outline marks it already). Over the hover outline.
void draw_linked_highlight(AppState& state, const Grid& g, const std::string& name, Cell hovered) {
  const HeatmapHighlight& lit = g.options.lit;
  const float outside = highlight_thickness() / 2 + 1 * g.scale, inside = -highlight_thickness() / 2;
  const auto x_at = [&](int c) { return g.grid_min.x + g.sized.cell_w * static_cast<float>(c); };
  const auto y_at = [&](int r) { return g.grid_min.y + g.sized.cell_h * static_cast<float>(r); };
  if (lit.row >= 0 && lit.row < g.m.rows)
    OutlineHighlight(state, name + ".row[" + std::to_string(lit.row) + "]", ImVec2(g.grid_min.x, y_at(lit.row)),
                     ImVec2(g.grid_max.x, y_at(lit.row + 1)), outside);
  if (lit.col >= 0 && lit.col < g.m.cols)
    OutlineHighlight(state, name + ".col[" + std::to_string(lit.col) + "]", ImVec2(x_at(lit.col), g.grid_min.y),
                     ImVec2(x_at(lit.col + 1), g.grid_max.y), outside);
  const bool under_mouse = lit.cell_row == hovered.row && lit.cell_col == hovered.col;
  if (lit.cell_row >= 0 && lit.cell_row < g.m.rows && lit.cell_col >= 0 && lit.cell_col < g.m.cols && !under_mouse)
    OutlineHighlight(state, name + ".cell[" + std::to_string(lit.cell_row) + "][" + std::to_string(lit.cell_col) + "]",
                     ImVec2(x_at(lit.cell_col), y_at(lit.cell_row)), ImVec2(x_at(lit.cell_col + 1), y_at(lit.cell_row + 1)), inside);
}

}  // namespace

bool presenting(const AppState& state) { return state.panels.present && !frame_picture().training.panel; }

bool cells_grow_to_room(const AppState& state, Panel panel) {
  if (frame_picture().training.panel) return false;  // beside the curves, as in the window
  return presenting(state) || frame_picture().solo_panel == panel ||
         (!frame_picture().active && !state.panels.embedded.empty());
}

float picture_cell_factor(const AppState& state) {
  if (presenting(state)) return 3.0f;  // the panels size the room; the cells fill it
  // A training run's frame shows its panel alone on half the picture: the same. A page's ?embed=
  // frame (a slide) has its panels alone on the canvas.
  const bool alone = frame_picture().solo_panel || frame_picture().training.panel ||
                     (state.view.presenter && !frame_picture().active) ||
                     (!frame_picture().active && !state.panels.embedded.empty());
  return alone ? 1.6f : 1.0f;
}

HeatmapFit heatmap_fit(const AppState& state, MatrixView m, const HeatmapOptions& options, ImVec2 avail, bool title) {
  const Measure r = measure(m, for_picture(state, options), avail, title, state.view.show_numbers);
  return HeatmapFit{r.cell_w, r.cell_h, r.number_font != nullptr, r.fits, r.col_label_h > 0,
                    r.number_font && r.number_font == fonts().small && fonts().small != fonts().regular,
                    r.col_label_lines == 2, r.row_label_w + r.cell_w * static_cast<float>(m.cols) + r.colorbar_w, r.one_decimal,
                    r.number_font ? r.number_px : 0.0f};
}

HeatmapLayout Heatmap(AppState& state, const char* id, std::string_view title_markup, MatrixView m,
                      const HeatmapOptions& given_options, ImVec2 avail) {
  HeatmapOptions options = for_picture(state, given_options);
  const std::string key = current_panel_name() + "/" + id;
  const bool fixable = options.range == ValueRange::Diverging && !options.own_scale_always;
  if (fixable)
    if (const auto fixed = frame_picture().fixed_scales.find(key); fixed != frame_picture().fixed_scales.end())
      options.shared_max = fixed->second;
  ImGui::PushID(id);
  ImGui::BeginGroup();  // one item of the whole size, so that SameLine rows line up
  const Grid g = layout_grid(state, m, options, avail, !title_markup.empty());
  if (!title_markup.empty()) draw_title(g, title_markup, avail);
  draw_cells(g);
  std::vector<std::string> drawn_cols = draw_column_labels(g);
  std::vector<std::string> drawn_rows = draw_row_labels(g);
  draw_numbers(g);
  if (options.colorbar) draw_colorbar(g);
  const float right = std::max(g.grid_max.x + g.sized.colorbar_w,
                               std::min(g.origin.x + avail.x, g.grid_min.x + script_text_size(title_markup).x));
  const ImVec2 used(right - g.origin.x, g.grid_max.y - g.origin.y);
  const Cell hovered = HoverCell(g);
  draw_linked_highlight(state, g, id, hovered);

  ImGui::SetCursorScreenPos(g.origin);
  ImGui::Dummy(used);
  ImGui::EndGroup();
  ImGui::PopID();
  const bool numbers_drawn = g.sized.number_font != nullptr;
  const ImVec2 grid_min = g.grid_min, grid_max = g.grid_max;
  frame_layout().heatmaps[key] =
      HeatmapRect{std::string(title_markup), Rect{grid_min.x, grid_min.y, grid_max.x - grid_min.x, grid_max.y - grid_min.y},
                  g.sized.cell_w, g.sized.cell_h, numbers_drawn, numbers_drawn ? g.sized.number_px : 0.0f,
                  std::move(drawn_rows), std::move(drawn_cols),
                  numbers_drawn ? g.sized.numbers : std::vector<std::string>{},
                  fixable ? g.sized.m_found : 0.0};
  return HeatmapLayout{used, grid_min, g.sized.cell_w, g.sized.cell_h, grid_max.x + g.sized.colorbar_w, hovered.row,
                       hovered.col};
}

}  // namespace app
