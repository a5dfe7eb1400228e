#include "app/widgets/sweep_plot.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "app/render/text.h"
#include "app/training/lab.h"  // format_loss
#include "app/widgets/frame_context.h"
#include "app/widgets/loss_curves.h"
#include "core/export/export_curves.h"

namespace app {

namespace {

// Every design's point at every rate, as core::sweep_point_of gives it (points[k][v]).
using Points = std::vector<std::vector<core::SweepPoint>>;

// Whole decades on a log axis: [lo, hi] (core::decades_around).
struct Decades {
  int lo = -3, hi = 0;
};

Decades decades_of(const std::vector<double>& values) {
  const auto [lo, hi] = core::decades_around(values);
  return {lo, hi};
}

// One plot of the two: its frame, its rate axis in log₁₀ (core::sweep_rate_axis) and its decades.
struct SweepFrame {
  ImVec2 p0, p1;
  double x_lo, x_hi;
  Decades y;
  float x_of(double rate) const { return x_of_log(std::log10(rate)); }
  float x_of_log(double lx) const { return p0.x + (p1.x - p0.x) * static_cast<float>((lx - x_lo) / (x_hi - x_lo)); }
  // Decade k's height, from k itself: 10^k may be no double (10^309, 10^-324).
  float y_of_decade(int k) const { return p1.y - (p1.y - p0.y) * static_cast<float>(k - y.lo) / static_cast<float>(y.hi - y.lo); }
  // A value on the y axis: at least the floor (10^lo); +∞ (diverged) on the top edge.
  float y_of(double value) const {
    if (std::isinf(value) && value > 0) return p0.y;
    const double v = std::isfinite(value) && value > 0 ? std::max(std::log10(value), static_cast<double>(y.lo)) : y.lo;
    return p1.y - (p1.y - p0.y) * static_cast<float>((v - y.lo) / (y.hi - y.lo));
  }
};

// "10^{−3}": a decade's label, in the views' markup.
std::string decade_label(int k) { return core::LossAxis{k, k + 1}.label(k, 1); }

// The first of texts (the longest first) that fits width; the last, the shortest, when none does.
const std::string& first_fitting(const std::vector<std::string>& texts, float width) {
  for (const std::string& t : texts)
    if (ImGui::CalcTextSize(t.c_str()).x <= width) return t;
  return texts.back();
}

// titles and x_titles: the longest first; the first that fits over (under) the plot is drawn.
void draw_sweep_axes(ImDrawList* dl, const SweepFrame& f, const std::vector<std::string>& titles, const std::vector<double>& rates,
                     const std::vector<std::string>& x_titles, float scale) {
  const ImU32 ink = ImGui::GetColorU32(ImGuiCol_Text), faint = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const ImU32 grid = ImGui::GetColorU32(ImGuiCol_Separator, 0.5f);
  dl->AddRectFilled(f.p0, f.p1, ImGui::GetColorU32(ImGuiCol_FrameBg));
  const int every_y = std::max(1, static_cast<int>(std::ceil(static_cast<float>(f.y.hi - f.y.lo) * ImGui::GetTextLineHeight() * 1.4f / (f.p1.y - f.p0.y))));
  for (int k = f.y.lo; k <= f.y.hi; ++k) {
    if ((k - f.y.lo) % every_y) continue;  // thinned: a grid line only where a label is, or 600 decades are a texture
    const float y = f.y_of_decade(k);
    dl->AddLine(ImVec2(f.p0.x, y), ImVec2(f.p1.x, y), grid);
    const std::string label = decade_label(k);
    const ImVec2 ts = script_text_size(label);
    draw_script_text(dl, ImVec2(f.p0.x - ts.x - 6 * scale, y - ts.y * 0.5f), ink, label);
  }
  // One decade (a language model's bits per character, 2.8 against 3.5): 2 to 9 times its foot too, each a
  // faint line and, where there is room, a number, so that the values can be read off.
  if (f.y.hi - f.y.lo == 1)
    for (int m = 2; m <= 9; ++m) {
      const double value = m * std::pow(10.0, f.y.lo);
      if (!std::isfinite(value) || !(value > 0)) continue;  // past the doubles (2·10^308) or under them
      const float y = f.y_of(value);
      dl->AddLine(ImVec2(f.p0.x, y), ImVec2(f.p1.x, y), grid);
      if (f.y_of(value) - f.y_of((m + 1) * std::pow(10.0, f.y.lo)) < ImGui::GetTextLineHeight() * 1.1f && m % 2) continue;
      const std::string label = core::minor_tick_label(value);
      const ImVec2 ts = ImGui::CalcTextSize(label.c_str());
      dl->AddText(ImVec2(f.p0.x - ts.x - 6 * scale, y - ts.y * 0.5f), faint, label.c_str());
    }
  // A label at each decade, or at each 2nd, 5th, 10th … where they would touch (a rate axis from 10^-324 to 10^1
  // drew 325 over each other); a grid line at each labelled one.
  const int first = static_cast<int>(std::ceil(f.x_lo)), last = static_cast<int>(std::floor(f.x_hi));
  const float widest = std::max(script_text_size(decade_label(first)).x, script_text_size(decade_label(last)).x) + 8 * scale;
  const int every_x = core::decade_label_every(static_cast<int>(std::ceil(f.x_hi - f.x_lo)), f.p1.x - f.p0.x, widest);
  for (int k = first; k <= last; ++k) {
    if (k % every_x) continue;
    const float x = f.x_of_log(k);
    dl->AddLine(ImVec2(x, f.p0.y), ImVec2(x, f.p1.y), grid);
    const std::string label = decade_label(k);
    const ImVec2 ts = script_text_size(label);
    draw_script_text(dl, ImVec2(x - ts.x * 0.5f, f.p1.y + 4 * scale), ink, label);
  }
  for (const double rate : rates)  // a tick at each rate swept, inside the frame's foot
    dl->AddLine(ImVec2(f.x_of(rate), f.p1.y), ImVec2(f.x_of(rate), f.p1.y - 6 * scale), ink, 1.5f * scale);
  dl->AddRect(f.p0, f.p1, faint);
  dl->AddText(ImVec2(f.p0.x, f.p0.y - ImGui::GetTextLineHeight() - 4 * scale), ink, first_fitting(titles, f.p1.x - f.p0.x).c_str());
  const std::string& x_title = first_fitting(x_titles, f.p1.x - f.p0.x);
  dl->AddText(ImVec2((f.p0.x + f.p1.x - ImGui::CalcTextSize(x_title.c_str()).x) * 0.5f, f.p1.y + 6 * scale + ImGui::GetTextLineHeight()),
              faint, x_title.c_str());
}

// Per design: the band from the smallest to the largest run (to the top edge where one diverged),
// the medians joined in its colour and dash pattern, a cross on the top edge where the median diverged.
template <class Median, class Low, class High>
void draw_design(const AppState& state, ImDrawList* dl, const SweepFrame& f, const Points& points, int v, const std::vector<double>& rates,
                 Median median, Low low, High high) {
  const ImU32 colour = curve_colour(state, v), fill = (colour & ~IM_COL32_A_MASK) | IM_COL32(0, 0, 0, 46);
  const float scale = fonts().scale;
  std::vector<ImVec2> line;
  const auto flush = [&] {
    if (line.size() > 1) DashedPolyline(dl, line.data(), static_cast<int>(line.size()), colour, 1.8f * scale, v);
    line.clear();
  };
  for (size_t k = 0; k < rates.size(); ++k) {
    const core::SweepPoint& p = points[k][static_cast<size_t>(v)];
    const float x = f.x_of(rates[k]);
    if (k + 1 < rates.size()) {  // the band to the next rate, where both have runs
      const core::SweepPoint& q = points[k + 1][static_cast<size_t>(v)];
      const double lo0 = low(p), hi0 = high(p), lo1 = low(q), hi1 = high(q);
      if (!std::isnan(lo0) && !std::isnan(lo1) && !(std::isinf(lo0) || std::isinf(lo1))) {
        const float x1 = f.x_of(rates[k + 1]);
        dl->AddQuadFilled(ImVec2(x, f.y_of(hi0)), ImVec2(x1, f.y_of(hi1)), ImVec2(x1, f.y_of(lo1)), ImVec2(x, f.y_of(lo0)), fill);
      }
    }
    const double m = median(p);
    if (std::isnan(m)) {
      flush();
      continue;
    }
    if (std::isinf(m)) {  // half the runs or more diverged here
      flush();
      const float r = 4 * scale;
      dl->AddLine(ImVec2(x - r, f.p0.y - r), ImVec2(x + r, f.p0.y + r), colour, 2 * scale);
      dl->AddLine(ImVec2(x - r, f.p0.y + r), ImVec2(x + r, f.p0.y - r), colour, 2 * scale);
      continue;
    }
    line.push_back(ImVec2(x, f.y_of(m)));
    dl->AddCircleFilled(line.back(), 3 * scale, colour);
  }
  flush();
}

// The rate under the mouse: its line in both plots and every design's numbers there.
void hover_rate(const core::Curves& c, const Points& points, const std::vector<std::string>& names, const std::string& tested,
                ImDrawList* dl, const SweepFrame (&frames)[2], int k) {
  const ImU32 faint = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  for (const SweepFrame& f : frames) dl->AddLine(ImVec2(f.x_of(c.sweep[static_cast<size_t>(k)]), f.p0.y), ImVec2(f.x_of(c.sweep[static_cast<size_t>(k)]), f.p1.y), faint);
  ImGui::BeginTooltip();
  ImGui::Text("learning rate %s", core::plain_number(c.sweep[static_cast<size_t>(k)]).c_str());
  for (size_t v = 0; v < names.size(); ++v) {
    const core::SweepPoint& p = points[static_cast<size_t>(k)][v];
    ScriptText(names[v]);
    if (p.runs == 0) {
      ImGui::TextDisabled("  training");
      continue;
    }
    const std::string median = std::isinf(p.median_test_loss) ? "diverged" : format_loss(p.median_test_loss);
    const std::string high = std::isinf(p.test_loss_hi) ? "diverged" : format_loss(p.test_loss_hi);
    ImGui::Text("  %s %s  [%s, %s]%s", tested.c_str(), median.c_str(), std::isinf(p.test_loss_lo) ? "diverged" : format_loss(p.test_loss_lo).c_str(),
                high.c_str(), p.runs < c.seeds ? "  (runs still training)" : "");
    if (p.runs_diverged) ImGui::Text("  %d of %d runs diverged", p.runs_diverged, p.runs);
    if (!std::isnan(p.median_largest_logit))
      ImGui::Text("  largest logit %.3g  [%.3g, %.3g]", p.median_largest_logit, p.largest_logit_lo, p.largest_logit_hi);
  }
  ImGui::EndTooltip();
}

}  // namespace

void SweepPlots(AppState& state, ImVec2 size) {
  const core::Curves& c = state.lab.view.curves;
  if (c.sweep.empty() || c.designs == 0) return;
  const float scale = fonts().scale, line = ImGui::GetTextLineHeight();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  frame_layout().panels["lab.sweep"] = Rect{origin.x, origin.y, size.x, size.y};
  ImGui::InvisibleButton("sweep", size, ImGuiButtonFlags_MouseButtonMiddle);  // hovered, never pressed
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();

  Points points(c.sweep.size());
  std::vector<double> losses, logits;
  for (size_t k = 0; k < c.sweep.size(); ++k)
    for (int v = 0; v < c.designs; ++v) {
      points[k].push_back(core::sweep_point_of(c, static_cast<int>(k), v));
      const core::SweepPoint& p = points[k].back();
      for (const double x : {p.median_test_loss, p.test_loss_lo, p.test_loss_hi}) losses.push_back(x);
      for (const double x : {p.median_largest_logit, p.largest_logit_lo, p.largest_logit_hi}) logits.push_back(x);
    }
  std::vector<std::string> names;
  for (int v = 0; v < c.designs; ++v) {
    const std::string& name = c.names[static_cast<size_t>(v)];
    names.push_back(name.substr(0, name.rfind(", \u03b7 = ")));
  }

  // The legend's row under the plots, the plots side by side (one above the other when narrow).
  // What the marks are (the line, the band, the cross) follows the names on the row, or has a
  // row of its own where the names leave no room, in fewer words where the full ones do not fit:
  // a picture of the plot keeps it.
  const float left = 58 * scale;
  const std::string seeds = std::to_string(c.seeds);
  const std::vector<std::string> keys =
      c.seeds > 1 ? std::vector<std::string>{"line: the median over " + seeds +
                                                 " seeds \u00B7 band: the best to the worst run \u00B7 \u00D7 on the top edge: half the runs or more diverged",
                                             "line: the median of " + seeds + " seeds \u00B7 band: best to worst \u00B7 \u00D7: half or more diverged",
                                             "median \u00B7 band: best to worst \u00B7 \u00D7: \u2265 half diverged"}
                  : std::vector<std::string>{"\u00D7 on the top edge: the run diverged", "\u00D7: diverged"};
  // A design's entry in the legend: its sample, its name and the gap after it.
  const auto entry_w = [&](int v) { return 34 * scale + script_text_size(names[static_cast<size_t>(v)]).x + 24 * scale; };
  float names_w = 0;
  for (int v = 0; v < c.designs; ++v) names_w += entry_w(v);
  const std::string* key = nullptr;  // the longest that fits beside the names, or else below them
  bool key_below = false;
  for (const std::string& k : keys) {
    const float w = ImGui::CalcTextSize(k.c_str()).x;
    if (left + names_w + w <= size.x || left + w <= size.x) {
      key = &k;
      key_below = left + names_w + w > size.x;
      break;
    }
  }
  const float legend_h = (key_below ? 2 * line : line) + 8 * scale, top = line + 8 * scale, bottom = 2 * line + 12 * scale;
  const bool stacked = size.x < 560 * scale;
  const float right = 24 * scale;  // room for the last rate label's half
  const float plot_w = stacked ? size.x - left - right : (size.x - 2 * left - 2 * right) / 2;
  const float plot_h = stacked ? (size.y - legend_h) / 2 - top - bottom : size.y - legend_h - top - bottom;
  const auto [x_lo, x_hi] = core::sweep_rate_axis(c.sweep);
  SweepFrame frames[2];
  for (int i = 0; i < 2; ++i) {
    const ImVec2 p0 = stacked ? ImVec2(origin.x + left, origin.y + top + static_cast<float>(i) * (top + plot_h + bottom))
                              : ImVec2(origin.x + left + static_cast<float>(i) * (plot_w + right + left), origin.y + top);
    frames[i] = SweepFrame{p0, ImVec2(p0.x + std::max(40 * scale, plot_w), p0.y + std::max(40 * scale, plot_h)), x_lo, x_hi,
                           decades_of(i == 0 ? losses : logits)};
  }
  // A language model's RESULT: its held-out bits per character at the end.
  const std::string tested = state.lab.result ? "held-out " + state.lab.result->unit : "test loss";
  const std::string after = tested + " after training";
  // A language model's rate is its schedule's peak.
  const std::string rate = state.lab.result ? "peak learning rate" : "learning rate";
  const std::vector<std::string> x_title{rate + " (log scale; a tick at each rate swept)", rate + " (log scale)", rate};
  draw_sweep_axes(dl, frames[0], {c.seeds > 1 ? after + " (median over the seeds, band: their range)" : after, after, tested}, c.sweep,
                  x_title, scale);
  draw_sweep_axes(dl, frames[1], {"largest attention logit over training", "largest attention logit", "largest logit"}, c.sweep, x_title,
                  scale);
  for (int v = 0; v < c.designs; ++v) {
    draw_design(state, dl, frames[0], points, v, c.sweep, [](const core::SweepPoint& p) { return p.runs ? p.median_test_loss : NAN; },
                [](const core::SweepPoint& p) { return p.runs ? p.test_loss_lo : NAN; },
                [](const core::SweepPoint& p) { return p.runs ? p.test_loss_hi : NAN; });
    draw_design(state, dl, frames[1], points, v, c.sweep, [](const core::SweepPoint& p) { return p.median_largest_logit; },
                [](const core::SweepPoint& p) { return p.largest_logit_lo; }, [](const core::SweepPoint& p) { return p.largest_logit_hi; });
  }
  // The legend: each design's line and name, and what the marks are.
  float x = origin.x + left;
  const float y = origin.y + size.y - 4 * scale - (key_below ? 1.5f : 0.5f) * line;
  for (int v = 0; v < c.designs; ++v) {
    CurveSample(state, dl, ImVec2(x, y), 28 * scale, v);
    draw_script_text(dl, ImVec2(x + 34 * scale, y - line * 0.5f), ImGui::GetColorU32(ImGuiCol_Text), names[static_cast<size_t>(v)]);
    x += entry_w(v);
  }
  if (key)
    dl->AddText(key_below ? ImVec2(origin.x + left, y + line * 0.5f) : ImVec2(x, y - line * 0.5f), ImGui::GetColorU32(ImGuiCol_TextDisabled),
                key->c_str());
  if (!hovered || frame_picture().active) return;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  for (const SweepFrame& f : frames) {
    if (mouse.x < f.p0.x - 8 * scale || mouse.x > f.p1.x + 8 * scale || mouse.y < f.p0.y || mouse.y > f.p1.y) continue;
    int nearest = 0;
    for (size_t k = 1; k < c.sweep.size(); ++k)
      if (std::abs(f.x_of(c.sweep[k]) - mouse.x) < std::abs(f.x_of(c.sweep[static_cast<size_t>(nearest)]) - mouse.x)) nearest = static_cast<int>(k);
    hover_rate(c, points, names, tested, dl, frames, nearest);
    break;
  }
}

}  // namespace app
