// SVG export: the heatmaps of one head as vector graphics, for slides and papers.
//
// Text is measured with DejaVu Sans's advance widths (the font the app draws
// with, first in the SVG's font-family), so numbers and labels are sized to
// fit their cells rather than spill over their neighbours.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/export/export.h"
#include "core/designs/attention_alt.h"
#include "core/designs/cosine_logits.h"
#include "core/designs/one_w.h"
#include "core/designs/positions.h"
#include "core/designs/sigmoid_attention.h"
#include "core/designs/sqrt_dk_scale.h"
#include "core/text/json_text.h"

namespace core {

namespace {

constexpr double kCell = 40, kTitleH = 26, kHeaderH = 18, kBarW = 12, kBarGap = 8, kBarTextW = 50, kGapX = 36,
                 kGapY = 30, kMargin = 20, kAxisH = 16, kAxisW = 18, kNoteH = 20;
constexpr double kTitleSize = 14, kLabelSize = 12, kNumberSize = 11, kTickSize = 10, kMinLabelSize = 8;
constexpr double kScript = 0.7;  // superscripts and subscripts, relative to their text

// DejaVu Sans advance widths of U+0020..U+007E, in units of 1/2048 em.
constexpr int kAsciiAdvance[95] = {
    651,  821,  942,  1716, 1303, 1946, 1597, 563,  799,  799,  1024, 1716, 651,  739,  651,  690,  1303, 1303, 1303,
    1303, 1303, 1303, 1303, 1303, 1303, 1303, 690,  690,  1716, 1716, 1716, 1087, 2048, 1401, 1405, 1430, 1577, 1294,
    1178, 1587, 1540, 604,  604,  1343, 1141, 1767, 1532, 1612, 1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403,
    1251, 1403, 799,  690,  799,  1716, 1024, 1024, 1255, 1300, 1126, 1300, 1260, 721,  1300, 1298, 569,  569,  1186,
    569,  1995, 1298, 1253, 1300, 1300, 842,  1067, 803,  1298, 1212, 1675, 1212, 1212, 1075, 1303, 690,  1303, 1716};

// The width of one character in em. Outside ASCII: the font's widths of the
// symbols the exports write, a full em for East Asian wide characters and
// emoji, and an average Latin letter for the rest.
double advance(char32_t c) {
  if (c >= 0x20 && c < 0x7F) return kAsciiAdvance[c - 0x20] / 2048.0;
  switch (c) {
    case 0x2212: case 0x2260: case 0x00D7: return 1716 / 2048.0;  // − ≠ ×
    case 0x1D40: return 788 / 2048.0;                // ᵀ
    case 0x221A: return 1305 / 2048.0;               // √
    case 0x00B7: return 651 / 2048.0;                // ·
    case 0x2026: return 2048 / 2048.0;               // …
    default: break;
  }
  const bool wide = (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF) || (c >= 0xAC00 && c <= 0xD7A3) ||
                    (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
                    (c >= 0xFFE0 && c <= 0xFFE6) || c >= 0x1F000;
  return wide ? 1.0 : 1250 / 2048.0;
}

double text_em(std::u32string_view text) {
  double w = 0;
  for (char32_t c : text) w += advance(c);
  return w;
}

// The app's markup ("W^Q", "W^{Kᵀ}", "d_k"): runs of text, raised, lowered or on the baseline.
struct TextRun {
  std::u32string text;
  int shift = 0;  // +1 superscript, −1 subscript
};

std::vector<TextRun> parse_markup(std::string_view markup) {
  const std::u32string s = decode_utf8(markup);
  std::vector<TextRun> runs(1);
  for (size_t i = 0; i < s.size(); ++i) {
    if ((s[i] == '^' || s[i] == '_') && i + 1 < s.size()) {
      TextRun script{{}, s[i] == '^' ? 1 : -1};
      if (s[i + 1] == '{') {
        const size_t close = s.find('}', i + 2);
        const size_t end = close == std::u32string::npos ? s.size() : close;
        script.text = s.substr(i + 2, end - (i + 2));
        i = end;
      } else {
        script.text = s.substr(i + 1, 1);
        ++i;
      }
      runs.push_back(std::move(script));
      runs.push_back({});
    } else {
      runs.back().text += s[i];
    }
  }
  return runs;
}

double markup_width(const std::vector<TextRun>& runs, double size) {
  double w = 0;
  for (const TextRun& r : runs) w += text_em(r.text) * size * (r.shift ? kScript : 1.0);
  return w;
}

std::string utf8(std::u32string_view text) {
  std::string out;
  for (char32_t c : text) append_utf8(out, c);
  return out;
}

// The markup as <tspan>s: dy moves the baseline relative to the previous run.
std::string markup_svg(const std::vector<TextRun>& runs, double size) {
  std::string out;
  double at = 0;
  for (const TextRun& r : runs) {
    if (r.text.empty()) continue;
    const double y = r.shift > 0 ? -0.4 * size : r.shift < 0 ? 0.25 * size : 0;
    char dy[48] = "";
    if (y != at) std::snprintf(dy, sizeof dy, " dy=\"%g\"", y - at);
    at = y;
    const std::string text = xml_text(utf8(r.text));
    if (!r.shift && !*dy) out += text;
    else out += "<tspan" + std::string(dy) + (r.shift ? " font-size=\"" + std::to_string(static_cast<int>(std::lround(size * kScript))) + "\"" : "") + ">" + text + "</tspan>";
  }
  return out;
}

// A label in at most `width` px: its font shrinks down to kMinLabelSize, then
// its end is cut with "…" (the whole label stays in a <title> for hovering).
struct FittedText {
  std::string text;  // escaped for XML
  double size;
  bool cut;
};

FittedText fit(const std::string& label, double width, double size) {
  std::u32string s = decode_utf8(label);
  const double em = text_em(s);
  if (em * size <= width) return {xml_text(label), size, false};
  if (em * kMinLabelSize <= width) return {xml_text(label), width / em, false};
  while (!s.empty() && (text_em(s) + advance(0x2026)) * kMinLabelSize > width) s.pop_back();
  return {xml_text(utf8(s) + "\u2026"), kMinLabelSize, true};
}

std::string hex(Rgb c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", static_cast<int>(std::lround(c.r * 255)),
                static_cast<int>(std::lround(c.g * 255)), static_cast<int>(std::lround(c.b * 255)));
  return buf;
}

// As the app prints a cell (app/widgets/heatmap.cpp's format_number).
std::string cell_text(double x) {
  char buf[32];
  const double a = std::abs(x);
  if (a >= 1e4) std::snprintf(buf, sizeof buf, "%.1e", a);
  else std::snprintf(buf, sizeof buf, "%.2f", a);
  const bool negative = x < 0 && std::string(buf) != "0.00";
  return (negative ? "\u2212" : "") + std::string(buf);
}

// The font size at which a number fits `width` px, at most `size`.
double number_size(const std::string& text, double width, double size) {
  return std::min(size, width / text_em(decode_utf8(text)));
}

std::string px(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", x);
  return buf;
}

struct Panel {
  std::string title;  // markup
  Eigen::MatrixXd m;
  std::vector<std::string> rows, cols;
  // What the rows and the columns are ("queries", "keys"), under cross-attention
  // where two sequences label one matrix; empty: no axis title.
  std::string row_axis, col_axis;
  bool unit = false;          // weights: 0..1 on the sequential colormap
  Eigen::MatrixXd mask_from;  // logits: −∞ marks a masked cell (empty: none)
  int scale_group = -1;       // panels of one group share their colour scale (−1: their own)
  double range = 1;           // the largest |x| of the group: the ends of the diverging scale
  double label_w = 0;         // the row labels' column
  double title_w = 0;
  double axis_w() const { return row_axis.empty() ? 0 : kAxisW; }
  double axis_h() const { return col_axis.empty() ? 0 : kAxisH; }
  double grid_w() const { return axis_w() + label_w + kCell * static_cast<double>(m.cols()); }
  double width() const { return std::max(grid_w() + kBarGap + kBarW + kBarTextW, axis_w() + label_w + title_w); }
  double height() const { return kTitleH + axis_h() + kHeaderH + kCell * static_cast<double>(m.rows()); }
};

std::string softmax_title(const Options& o) {
  if (cosine_logits(o)) return weights_formula(o, cosine_logits_words(false, o.temperature != 1.0));
  return weights_formula(o, scaled_scores_words(o, true));
}

// A line above the scores on where the positions entered (nothing without them).
std::string positions_note(const Scenario& s) {
  const Options& o = s.options;
  const std::string base = plain_number(o.position_base);  // 10000, not 10000.0
  if (sinusoidal_positions(o))
    return std::string("sinusoidal positions (base ") + base + "): X\u2032 = X + PE" +
           (s.cross() ? " and X_{kv}\u2032 = X_{kv} + PE" : "") + " before the projections, each sequence from position 0";
  if (rope_positions(o))
    return "RoPE (base " + base + "): q_p and k_p turned by p\u00B7\u03B8_i, \u03B8_i = " + base +
           "^{\u22122i/d_k}, before S = QK\u1D40; V is not turned";
  return "";
}

enum { kScores, kParts, kInputs };  // the colour-scale groups
// Rows as the app pairs them: the two sequences (cross-attention, projected
// mode), the scores, their parts and the bilinear form, the outputs.
enum { kInputRow, kScoreRow, kPartRow, kOutputRow };

// One head's panels, a row of them per row above, and the markup lines above each row's panels.
struct Figure {
  std::vector<std::vector<Panel>> grid = std::vector<std::vector<Panel>>(4);
  std::vector<std::vector<std::string>> notes = std::vector<std::vector<std::string>>(grid.size());
};

// Head h's panels, titled as the app titles them.
Figure head_panels(const Scenario& s, const Result& r, int h) {
  const HeadResult& hr = r.head[h];
  const std::string H = s.heads > 1 ? "  (head " + std::to_string(h + 1) + ")" : "";
  const std::string index = std::to_string(h + 1);
  const std::vector<std::string> dims = numbered_labels("d", s.d_model), dk = numbered_labels("k", s.d_k);
  const bool cross = s.cross(), projected = s.mode == Mode::Projected;
  const std::vector<std::string>& keys = s.key_tokens();
  Figure f;
  std::vector<std::vector<Panel>>& grid = f.grid;
  std::vector<std::vector<std::string>>& notes = f.notes;
  const auto add = [&](size_t row, std::string title, const auto& m, const std::vector<std::string>& rows,
                       const std::vector<std::string>& cols, int group = -1) -> Panel& {
    Panel p;
    p.title = std::move(title);
    p.m = m;
    p.rows = rows;
    p.cols = cols;
    p.scale_group = group;
    return grid[row].emplace_back(std::move(p));
  };
  // Under cross-attention the queries' sequence labels the rows, the keys' the
  // columns: the axis titles say which is which.
  const auto queries_by_keys = [&](Panel& p) {
    if (!cross) return;
    p.row_axis = "queries";
    p.col_axis = "keys";
  };
  if (cross && projected) {
    add(kInputRow, "X  (queries)", s.X, s.tokens, dims, kInputs);
    add(kInputRow, "X_{kv}  (keys and values)", s.X_kv, keys, dims, kInputs);
  }
  if (const std::string note = positions_note(s); !note.empty()) notes[kScoreRow].push_back(note);
  queries_by_keys(add(kScoreRow, (cross ? "S = QK\u1D40  (n \u00D7 m)" : "S = QK\u1D40") + H, hr.scores, s.tokens, keys, kScores));
  Panel& qqt = add(kScoreRow, (cross ? "QQ\u1D40  (n \u00D7 n)" : "QQ\u1D40") + H, hr.QQt, s.tokens, s.tokens, kScores);
  if (cross) qqt.row_axis = qqt.col_axis = "queries";  // the decoder against itself: not comparable with S
  Panel& weights = add(kScoreRow, softmax_title(s.options) + H, hr.weights, s.tokens, keys);
  weights.unit = true;
  weights.mask_from = hr.logits;
  queries_by_keys(weights);
  if (hr.square()) {
    add(kPartRow, "(S + S\u1D40)/2" + H, hr.scores_sym, s.tokens, keys, kParts);
    add(kPartRow, "(S \u2212 S\u1D40)/2" + H, hr.scores_antisym, s.tokens, keys, kParts);
  } else {  // Sᵀ is m×n: no heatmaps of a split that does not exist
    const std::string n = std::to_string(s.n()), m = std::to_string(s.m());
    notes[kPartRow].push_back("(S + S\u1D40)/2, (S \u2212 S\u1D40)/2 and the asymmetry: not defined, S is " + n +
                              " \u00D7 " + m + " and S\u1D40 is " + m + " \u00D7 " + n + H);
  }
  // Under merged_qk the bilinear form is the file's W_h itself (S = X·W_h·Xᵀ, X_kv's under cross-attention).
  if (projected)
    add(kPartRow,
        (one_w(s.options) ? "W_" + index + " (S = XW_" + index + (cross ? "X_{kv}" : "X") + "\u1D40)"
                             : std::string("W^Q W^{K\u1D40}")) + H,
        hr.W_QK, dims, dims);
  const bool alt = attention_alt(s.options);
  add(kOutputRow, "O_" + index + " = AV" + H, hr.output, s.tokens, dk);
  add(kOutputRow, kAttentionAltMarkup + std::string(alt ? " \u2192 concat" : "") + H, hr.alt_output, s.tokens, dk);
  add(kOutputRow, s.heads > 1 ? "Y = concat \u00B7 W^O" : alt ? "Y = O^{alt}_1 W^O" : "Y = O_1 W^O", r.output, s.tokens, dims);
  if (s.has_target)
    add(kOutputRow, "target Y^* (loss " + px(r.loss) + ")", s.target, s.tokens, dims);
  return f;
}

// Each panel's colour range (its group's, when it shares a scale), its row labels' column and its title's width.
void measure_panels(std::vector<std::vector<Panel>>& grid) {
  double group_range[3] = {0, 0, 0};
  for (auto& row : grid)
    for (Panel& p : row) {
      p.range = p.m.size() ? p.m.cwiseAbs().maxCoeff() : 0;
      if (p.scale_group >= 0) group_range[p.scale_group] = std::max(group_range[p.scale_group], p.range);
      double widest = 0;
      for (const std::string& label : p.rows) widest = std::max(widest, text_em(decode_utf8(label)) * kLabelSize);
      p.label_w = std::clamp(widest + 10, 40.0, 160.0);
      p.title_w = markup_width(parse_markup(p.title), kTitleSize);
    }
  for (auto& row : grid)
    for (Panel& p : row) {
      if (p.scale_group >= 0) p.range = group_range[p.scale_group];
      if (!(p.range > 0)) p.range = 1;
    }
}

// The panels on a grid: a column as wide as its widest panel, a row as tall as its tallest.
struct Layout {
  std::vector<double> col_w, row_h;
  double width = kMargin, height = kMargin;  // the whole picture
};

Layout layout(const Figure& f) {
  const auto& grid = f.grid;
  const auto& notes = f.notes;
  size_t columns = 0;
  for (const auto& row : grid) columns = std::max(columns, row.size());
  Layout l{std::vector<double>(columns, 0), std::vector<double>(grid.size(), 0)};
  std::vector<double> notes_h(grid.size(), 0);
  double notes_w = 0;
  for (size_t y = 0; y < grid.size(); ++y) {
    for (size_t x = 0; x < grid[y].size(); ++x) {
      l.col_w[x] = std::max(l.col_w[x], grid[y][x].width());
      l.row_h[y] = std::max(l.row_h[y], grid[y][x].height());
    }
    notes_h[y] = kNoteH * static_cast<double>(notes[y].size());
    for (const std::string& note : notes[y]) notes_w = std::max(notes_w, markup_width(parse_markup(note), kLabelSize));
  }
  for (double w : l.col_w) l.width += w + kGapX;
  l.width = std::max(l.width, 2 * kMargin + notes_w);
  for (size_t y = 0; y < grid.size(); ++y)  // an empty row (no inputs shown) takes no room
    if (!grid[y].empty() || !notes[y].empty()) l.height += notes_h[y] + l.row_h[y] + kGapY;
  return l;
}

// The themes' window backgrounds (app/render/theme.cpp), so a picture matches the app.
struct Palette {
  std::string bg, fg, dim, hatch;
};

Palette palette(bool light) {
  return {light ? "#ffffff" : "#1c1f24", light ? "#111318" : "#e8e8e8", light ? "#666a73" : "#8a8f99",
          light ? "#b0b4bb" : "#4a4f59"};
}

// The <svg> element's opening, the masked cells' hatching and a gradient per colormap for the colorbars.
void write_header(std::ostream& o, const Scenario& s, const SvgStyle& style, const Palette& c, const Layout& l) {
  o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << px(l.width) << "\" height=\"" << px(l.height)
    << "\" viewBox=\"0 0 " << px(l.width) << " " << px(l.height)
    << "\" font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"12\">\n"
    << "<title>" << xml_text(s.title.empty() ? "attnlab" : s.title) << "</title>\n<defs>\n"
    << "  <pattern id=\"masked\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
    << "<rect width=\"6\" height=\"6\" fill=\"" << c.bg << "\"/><rect width=\"2\" height=\"6\" fill=\"" << c.hatch
    << "\"/></pattern>\n";
  for (Colormap cmap : {style.sequential, style.diverging}) {
    o << "  <linearGradient id=\"bar-" << colormap_name(cmap) << "\" x1=\"0\" y1=\"1\" x2=\"0\" y2=\"0\">";
    const ColormapTable& t = colormap_table(cmap);
    for (int i = 0; i < kColormapAnchors; ++i)
      o << "<stop offset=\"" << static_cast<double>(i) / (kColormapAnchors - 1) << "\" stop-color=\"" << hex(t[i]) << "\"/>";
    o << "</linearGradient>\n";
  }
  o << "</defs>\n<rect width=\"100%\" height=\"100%\" fill=\"" << c.bg << "\"/>\n";
}

void write_label(std::ostream& o, const Palette& c, double x, double y, const char* anchor, const std::string& label,
                 double w) {
  const FittedText f = fit(label, w, kLabelSize);
  o << "<text x=\"" << px(x) << "\" y=\"" << px(y) << "\" fill=\"" << c.dim << "\" text-anchor=\"" << anchor << "\"";
  if (f.size != kLabelSize) o << " font-size=\"" << px(f.size) << "\"";
  o << ">" << (f.cut ? "<title>" + xml_text(label) + "</title>" : "") << f.text << "</text>\n";
}

// The colormap from bottom to top beside the grid at (gx, gy), with the panel's range.
void write_colorbar(std::ostream& o, const Panel& p, Colormap cmap, const Palette& c, double gx, double gy) {
  const double bx = gx + kCell * static_cast<double>(p.m.cols()) + kBarGap;
  const double bh = kCell * static_cast<double>(p.m.rows());  // the grid's height
  o << "<rect class=\"colorbar\" x=\"" << px(bx) << "\" y=\"" << px(gy) << "\" width=\"" << px(kBarW) << "\" height=\"" << px(bh)
    << "\" fill=\"url(#bar-" << colormap_name(cmap) << ")\" stroke=\"" << c.dim << "\" stroke-width=\"0.5\"/>\n";
  const double lo = p.unit ? 0 : -p.range, hi = p.unit ? 1 : p.range;
  const double ticks[3] = {hi, (lo + hi) / 2, lo};
  double tick_size = kTickSize;
  for (double tick : ticks) tick_size = number_size(cell_text(tick), kBarTextW - 6, tick_size);
  for (int t = 0; t < 3; ++t)
    o << "<text x=\"" << px(bx + kBarW + 4) << "\" y=\"" << px(gy + bh * t / 2 + 4) << "\" fill=\"" << c.dim
      << "\" font-size=\"" << px(tick_size) << "\">" << cell_text(ticks[t]) << "</text>\n";
}

// One <g class="heatmap"> with its top left corner at (x0, y0): title, axis titles, labels, cells, colorbar.
void write_heatmap(std::ostream& o, const Panel& p, double x0, double y0, const SvgStyle& style, const Palette& c) {
  const Colormap cmap = p.unit ? style.sequential : style.diverging;
  const auto position = [&](double v) {
    return static_cast<float>(p.unit ? std::clamp(v, 0.0, 1.0) : std::clamp(0.5 + v / (2 * p.range), 0.0, 1.0));
  };
  const double gx = x0 + p.axis_w() + p.label_w, gy = y0 + kTitleH + p.axis_h() + kHeaderH;
  // One size for all the numbers of a heatmap, as the app does: the largest at which the longest fits.
  double size = kNumberSize;
  for (Eigen::Index a = 0; a < p.m.rows(); ++a)
    for (Eigen::Index b = 0; b < p.m.cols(); ++b) size = number_size(cell_text(p.m(a, b)), kCell - 6, size);
  // xml:space: a space next to a superscript or subscript run must stay.
  o << "<g class=\"heatmap\">\n<text x=\"" << px(gx) << "\" y=\"" << px(y0 + 16) << "\" fill=\"" << c.fg
    << "\" font-size=\"" << px(kTitleSize) << "\" xml:space=\"preserve\">" << markup_svg(parse_markup(p.title), kTitleSize) << "</text>\n";
  const double grid_h = kCell * static_cast<double>(p.m.rows());
  if (!p.col_axis.empty())
    o << "<text class=\"axis\" x=\"" << px(gx + kCell * static_cast<double>(p.m.cols()) / 2) << "\" y=\""
      << px(y0 + kTitleH + kAxisH - 4) << "\" fill=\"" << c.fg << "\" text-anchor=\"middle\">" << xml_text(p.col_axis)
      << "</text>\n";
  if (!p.row_axis.empty()) {
    const double ax = x0 + kAxisW / 2 + 4, ay = gy + grid_h / 2;
    o << "<text class=\"axis\" x=\"" << px(ax) << "\" y=\"" << px(ay) << "\" transform=\"rotate(-90 " << px(ax) << " "
      << px(ay) << ")\" fill=\"" << c.fg << "\" text-anchor=\"middle\">" << xml_text(p.row_axis) << "</text>\n";
  }
  for (Eigen::Index col = 0; col < p.m.cols(); ++col)
    write_label(o, c, gx + kCell * (static_cast<double>(col) + 0.5), gy - 5, "middle", p.cols[static_cast<size_t>(col)],
                kCell - 2);
  for (Eigen::Index a = 0; a < p.m.rows(); ++a) {
    const double cy = gy + kCell * static_cast<double>(a);
    write_label(o, c, gx - 6, cy + kCell / 2 + 4, "end", p.rows[static_cast<size_t>(a)], p.label_w - 8);
    for (Eigen::Index b = 0; b < p.m.cols(); ++b) {
      const double cx = gx + kCell * static_cast<double>(b);
      const bool masked = p.mask_from.size() && std::isinf(p.mask_from(a, b));
      const Rgb colour = sample(cmap, position(p.m(a, b)));
      o << "<rect class=\"cell\" x=\"" << px(cx) << "\" y=\"" << px(cy) << "\" width=\"" << px(kCell - 1)
        << "\" height=\"" << px(kCell - 1) << "\" fill=\"" << (masked ? "url(#masked)" : hex(colour)) << "\"/>";
      if (!masked) {
        const std::string text = cell_text(p.m(a, b));
        o << "<text x=\"" << px(cx + kCell / 2) << "\" y=\"" << px(cy + kCell / 2 + 4) << "\" text-anchor=\"middle\" font-size=\""
          << px(size) << "\" fill=\"" << hex(text_on(colour))
          << "\">" << text << "</text>";
      }
      o << "\n";
    }
  }
  write_colorbar(o, p, cmap, c, gx, gy);
  o << "</g>\n";
}

}  // namespace

std::string export_svg(const Scenario& s, const Result& r, const SvgStyle& style) {
  const int h = std::clamp(style.head, 0, std::clamp(s.heads, 1, kMaxHeads) - 1);
  Figure f = head_panels(s, r, h);
  measure_panels(f.grid);
  const Layout l = layout(f);
  const Palette c = palette(style.light);
  std::ostringstream o;
  write_header(o, s, style, c, l);
  double y0 = kMargin;
  for (size_t y = 0; y < f.grid.size(); ++y) {
    if (f.grid[y].empty() && f.notes[y].empty()) continue;
    // Not inside a <g>: each <g class="heatmap"> is one heatmap.
    for (const std::string& note : f.notes[y]) {
      o << "<text class=\"note\" x=\"" << px(kMargin) << "\" y=\"" << px(y0 + 14) << "\" fill=\"" << c.dim
        << "\" xml:space=\"preserve\">" << markup_svg(parse_markup(note), kLabelSize) << "</text>\n";
      y0 += kNoteH;
    }
    double x0 = kMargin;
    for (size_t x = 0; x < f.grid[y].size(); ++x) {
      write_heatmap(o, f.grid[y][x], x0, y0, style, c);
      x0 += l.col_w[x] + kGapX;
    }
    y0 += l.row_h[y] + kGapY;
  }
  o << "</svg>\n";
  return o.str();
}

}  // namespace core
