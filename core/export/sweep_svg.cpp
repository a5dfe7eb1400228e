// A learning-rate sweep's curves SVG (export_curves.h, sweep_svg): the lab's two plots against the rate
// (app/widgets/sweep_plot.cpp), for paper.
#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "core/export/export.h"
#include "core/export/export_curves.h"
#include "core/export/svg_parts.h"
#include "core/model/markup.h"
#include "core/text/json_text.h"
#include "core/training/curve_style.h"

namespace core {

namespace {
// A learning-rate sweep as the lab draws it (app/widgets/sweep_plot.cpp), for paper: two plots against
// the rate on log axes, each design's median over the seeds (a line through a dot a rate), the band of
// its runs from the best to the worst, and a cross on the top edge where the median run diverged.
struct SweepFrame {
  double x0, y0, w, h;  // the plot's rectangle
  double r_lo, r_hi;    // log10 of the rate at its left and right edges
  int lo, hi;           // its decades, bottom and top
  double x(double rate) const { return x_of_log(std::log10(rate)); }
  double x_of_log(double lx) const { return x0 + w * (lx - r_lo) / (r_hi - r_lo); }
  double y(double value) const {
    const double v = std::isfinite(value) && value > 0 ? std::max(std::log10(value), static_cast<double>(lo)) : lo;
    return y0 + h * (hi - std::min(v, static_cast<double>(hi))) / static_cast<double>(hi - lo);
  }
};

// The decades that hold the points' finite positive values: their medians and ranges of test loss or of largest logit.
std::pair<int, int> sweep_decades(const std::vector<SweepPoint>& points, bool logits) {
  std::vector<double> values;
  for (const SweepPoint& p : points)
    if (logits) values.insert(values.end(), {p.median_largest_logit, p.largest_logit_lo, p.largest_logit_hi});
    else values.insert(values.end(), {p.median_test_loss, p.test_loss_lo, p.test_loss_hi});
  return decades_around(values);
}

std::string sweep_axes(const SweepFrame& f, const std::vector<double>& rates, const std::string& title, const char* ink,
                       const char* grid) {
  std::string s = "<text x=\"" + svg_coord(f.x0) + "\" y=\"" + svg_coord(f.y0 - 8) + "\" fill=\"" + ink + "\">" + xml_text(title) + "</text>\n";
  const int every = std::max(1, static_cast<int>(std::ceil((f.hi - f.lo) * 16.0 / f.h)));
  for (int k = f.lo; k <= f.hi; ++k) {
    if ((k - f.lo) % every != 0) continue;  // thinned: a grid line only where a label is
    const double y = f.y0 + f.h * (f.hi - k) / static_cast<double>(f.hi - f.lo);
    s += "<line x1=\"" + svg_coord(f.x0) + "\" y1=\"" + svg_coord(y) + "\" x2=\"" + svg_coord(f.x0 + f.w) + "\" y2=\"" + svg_coord(y) + "\" stroke=\"" +
         grid + "\"/>\n";
    s += "<text x=\"" + svg_coord(f.x0 - 6) + "\" y=\"" + svg_coord(y + 4) + "\" text-anchor=\"end\" fill=\"" + ink + "\">" + svg_power_of_ten(k) + "</text>\n";
  }
  if (f.hi - f.lo == 1)  // one decade: 2 to 9 times its foot too, faint, every other labelled, as the lab draws it
    for (int m = 2; m <= 9; ++m) {
      const double value = m * std::pow(10.0, f.lo), y = f.y(value);
      if (!std::isfinite(value) || !(value > 0)) continue;  // past the doubles (2·10^308) or under them
      s += "<line x1=\"" + svg_coord(f.x0) + "\" y1=\"" + svg_coord(y) + "\" x2=\"" + svg_coord(f.x0 + f.w) + "\" y2=\"" + svg_coord(y) +
           "\" stroke=\"" + grid + "\" stroke-dasharray=\"2 3\"/>\n";
      if (m % 2 && m != 3) continue;
      s += "<text x=\"" + svg_coord(f.x0 - 6) + "\" y=\"" + svg_coord(y + 4) + "\" text-anchor=\"end\" font-size=\"10\" fill=\"" + ink + "\">" +
           minor_tick_label(value) + "</text>\n";
    }
  for (const double rate : rates)  // a tick at each rate swept
    s += "<line x1=\"" + svg_coord(f.x(rate)) + "\" y1=\"" + svg_coord(f.y0 + f.h) + "\" x2=\"" + svg_coord(f.x(rate)) + "\" y2=\"" +
         svg_coord(f.y0 + f.h + 5) + "\" stroke=\"" + ink + "\"/>\n";
  // A label at each decade, or at each 2nd, 5th, 10th … where they would touch (a label is about 40 wide).
  const int first = static_cast<int>(std::ceil(f.r_lo)), last = static_cast<int>(std::floor(f.r_hi));
  const int every_x = decade_label_every(static_cast<int>(std::ceil(f.r_hi - f.r_lo)), f.w, 40);
  for (int k = first; k <= last; ++k)
    if (k % every_x == 0)
      s += "<text x=\"" + svg_coord(f.x_of_log(k)) + "\" y=\"" + svg_coord(f.y0 + f.h + 19) + "\" text-anchor=\"middle\" fill=\"" + ink +
           "\">" + svg_power_of_ten(k) + "</text>\n";
  s += "<rect x=\"" + svg_coord(f.x0) + "\" y=\"" + svg_coord(f.y0) + "\" width=\"" + svg_coord(f.w) + "\" height=\"" + svg_coord(f.h) +
       "\" fill=\"none\" stroke=\"" + ink + "\"/>\n";
  s += "<text x=\"" + svg_coord(f.x0 + f.w / 2) + "\" y=\"" + svg_coord(f.y0 + f.h + 36) + "\" text-anchor=\"middle\" fill=\"" + ink +
       "\">learning rate (log scale)</text>\n";
  return s;
}

// One design's band, median line, dots and crosses on one plot.
std::string sweep_design(const SweepFrame& f, const std::vector<SweepPoint>& points, bool logits, const std::string& colour, int v) {
  const auto median = [&](const SweepPoint& p) { return logits ? p.median_largest_logit : p.median_test_loss; };
  const auto low = [&](const SweepPoint& p) { return logits ? p.largest_logit_lo : p.test_loss_lo; };
  const auto high = [&](const SweepPoint& p) { return logits ? p.largest_logit_hi : p.test_loss_hi; };
  std::string upper, lower, s;
  for (const SweepPoint& p : points)
    if (p.runs > 0 && std::isfinite(low(p))) {
      // A run that diverged has no finite loss: the band reaches the top edge.
      upper += svg_coord(f.x(p.learning_rate)) + "," + svg_coord(std::isfinite(high(p)) ? f.y(high(p)) : f.y0) + " ";
      lower = svg_coord(f.x(p.learning_rate)) + "," + svg_coord(f.y(low(p))) + " " + lower;
    }
  if (!upper.empty())
    s += "<polygon fill-opacity=\"0.18\" stroke=\"none\" fill=\"" + colour + "\" points=\"" + upper + lower + "\"/>\n";
  std::string line;
  const auto flush = [&] {
    if (line.find(' ') != line.rfind(' '))  // two points or more
      s += "<polyline fill=\"none\" stroke-width=\"2\" stroke=\"" + colour + "\"" + svg_dash_attribute(v) + " points=\"" + line + "\"/>\n";
    line.clear();
  };
  for (const SweepPoint& p : points) {
    if (p.runs == 0) continue;
    const double x = f.x(p.learning_rate);
    if (!std::isfinite(median(p))) {  // the median run diverged: a cross on the top edge, the line broken
      flush();
      s += "<path d=\"M" + svg_coord(x - 4) + " " + svg_coord(f.y0 - 4) + "L" + svg_coord(x + 4) + " " + svg_coord(f.y0 + 4) + "M" + svg_coord(x - 4) + " " +
           svg_coord(f.y0 + 4) + "L" + svg_coord(x + 4) + " " + svg_coord(f.y0 - 4) + "\" stroke-width=\"2\" stroke=\"" + colour + "\"/>\n";
      continue;
    }
    line += svg_coord(x) + "," + svg_coord(f.y(median(p))) + " ";
    s += "<circle cx=\"" + svg_coord(x) + "\" cy=\"" + svg_coord(f.y(median(p))) + "\" r=\"3\" fill=\"" + colour + "\"/>\n";
  }
  flush();
  return s;
}

}  // namespace

std::string sweep_svg(const Curves& c, bool light) {
  constexpr double W = 720, H = 420, top = 62, plot_h = 270, left = 62, gap = 76;
  const double plot_w = (W - left - 20 - gap) / 2;
  const char* bg = light ? "#ffffff" : "#1e1f24";
  const char* ink = light ? "#222222" : "#e6e6e6";
  const char* grid = light ? "#dddddd" : "#3a3c44";
  std::vector<std::vector<SweepPoint>> points(static_cast<size_t>(c.designs));
  std::vector<SweepPoint> all;
  for (int v = 0; v < c.designs; ++v)
    for (int k = 0; k < static_cast<int>(c.sweep.size()); ++k) all.push_back(points[static_cast<size_t>(v)].emplace_back(sweep_point_of(c, k, v)));
  const auto [r_lo, r_hi] = sweep_rate_axis(c.sweep);
  const auto [loss_lo, loss_hi] = sweep_decades(all, false);
  const auto [logit_lo, logit_hi] = sweep_decades(all, true);
  const SweepFrame loss{left, top, plot_w, plot_h, r_lo, r_hi, loss_lo, loss_hi};
  const SweepFrame logit{left + plot_w + gap, top, plot_w, plot_h, r_lo, r_hi, logit_lo, logit_hi};
  std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"720\" height=\"420\" viewBox=\"0 0 720 420\" "
                  "font-family=\"DejaVu Sans, sans-serif\" font-size=\"12\">\n";
  s += "<rect width=\"720\" height=\"420\" fill=\"" + std::string(bg) + "\"/>\n";
  s += "<text x=\"" + svg_coord(left) + "\" y=\"24\" font-size=\"15\" fill=\"" + ink + "\">" +
       xml_text(c.title.empty() ? "A learning-rate sweep" : markup_as_plain_text(c.title)) + "</text>\n";
  s += sweep_axes(loss, c.sweep, "test loss after training", ink, grid);
  s += sweep_axes(logit, c.sweep, "largest attention logit over training", ink, grid);
  for (int v = 0; v < c.designs; ++v) {
    const std::string colour = svg_rgb(curve_colour(v, light));
    s += sweep_design(loss, points[static_cast<size_t>(v)], false, colour, v);
    s += sweep_design(logit, points[static_cast<size_t>(v)], true, colour, v);
  }
  // The legend: each design's line and name, and what the marks are.
  double x = left;
  const double y = H - 36;
  for (int v = 0; v < c.designs; ++v) {
    const std::string& name = c.names[static_cast<size_t>(v)];
    const std::string plain = markup_as_plain_text(name.substr(0, name.rfind(", \u03b7 = ")));
    s += "<line x1=\"" + svg_coord(x) + "\" y1=\"" + svg_coord(y) + "\" x2=\"" + svg_coord(x + 22) + "\" y2=\"" + svg_coord(y) + "\" stroke-width=\"3\" stroke=\"" +
         svg_rgb(curve_colour(v, light)) + "\"" + svg_dash_attribute(v) + "/>\n";
    s += "<text x=\"" + svg_coord(x + 28) + "\" y=\"" + svg_coord(y + 4) + "\" fill=\"" + ink + "\">" + xml_text(plain) + "</text>\n";
    x += 28 + 7.5 * static_cast<double>(plain.size()) + 20;
  }
  s += "<text x=\"" + svg_coord(left) + "\" y=\"" + svg_coord(H - 12) + "\" font-size=\"10\" fill=\"" + ink + "\">the line: the median over " +
       std::to_string(c.seeds) + (c.seeds == 1 ? " seed" : " seeds") +
       "; the band: the best run to the worst; \u00d7 on the top edge: the median run diverged</text>\n";
  s += "</svg>\n";
  return s;
}


}  // namespace core
