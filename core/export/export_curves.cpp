#include "core/export/export_curves.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <span>
#include <utility>

#include "core/export/export.h"
#include "core/export/svg_parts.h"
#include "core/math/ticks.h"
#include "core/model/markup.h"
#include "core/text/json_text.h"
#include "core/training/curve_style.h"

namespace core {

Curves curves_of(const Training& t) {
  Curves c;
  c.title = t.experiment().title;
  c.steps = t.experiment().steps;
  c.steps_done = t.steps_done();
  for (int v = 0; v < t.variants(); ++v) {
    c.names.push_back(t.name(v));
    c.loss.push_back(t.loss(v));
    c.params.push_back(t.params(v));
    c.test_loss.push_back(t.test_loss(v));
    c.diverged.push_back(t.diverged(v));
  }
  return c;
}

Curves curves_of(const SeededTraining& t) {
  Curves c;
  update_curves(c, t);
  return c;
}

Curves curves_of(const LmResult& r) {
  constexpr double kInfinity = std::numeric_limits<double>::infinity();
  Curves c;
  c.title = r.title;
  c.steps = c.steps_done = r.steps;
  c.seeds = r.seeds();
  // A curve a variant, or in a sweep a curve a rate and variant (rate by rate, as the lab's): its runs.
  struct Group {
    std::string name;
    long long params;
    std::vector<const LmRun*> runs;
  };
  std::vector<Group> groups;
  const size_t rates = std::max<size_t>(1, r.sweep.size()), seeds = static_cast<size_t>(std::max(1, c.seeds));
  for (size_t k = 0; k < rates; ++k)
    for (const LmVariantResult& variant : r.variants) {
      Group g{r.sweep.empty() ? variant.name : variant.name + ", \u03b7 = " + plain_number(r.sweep[k]), variant.params, {}};
      for (size_t s = 0; s < seeds && k * seeds + s < variant.runs.size(); ++s) g.runs.push_back(&variant.runs[k * seeds + s]);
      groups.push_back(std::move(g));
    }
  const size_t count = groups.size();
  c.loss.assign(count, {});
  c.test_loss.assign(count, std::numeric_limits<double>::quiet_NaN());
  c.diverged.assign(count, 0);
  if (c.seeds > 1) {
    c.band_lo.assign(count, {});
    c.band_hi.assign(count, {});
    c.test_lo = c.test_hi = c.test_loss;
    c.diverged_runs.assign(count, 0);
  }
  if (!r.sweep.empty()) {
    c.sweep = r.sweep;
    c.designs = static_cast<int>(r.variants.size());
    c.run_test_loss.assign(count, {});
    c.run_largest_logit.assign(count, {});
  }
  for (size_t v = 0; v < count; ++v) {
    const Group& group = groups[v];
    c.names.push_back(group.name);
    c.params.push_back(static_cast<int>(std::min<long long>(group.params, std::numeric_limits<int>::max())));
    size_t longest = 0;
    std::vector<double> tests, at;
    for (const LmRun* run : group.runs) {
      longest = std::max(longest, run->loss.size());
      if (std::isfinite(run->test_loss)) tests.push_back(run->test_loss);
      if (run->diverged) {
        c.diverged[v] = c.diverged[v] ? std::min(c.diverged[v], run->diverged) : run->diverged;
        if (c.seeds > 1) ++c.diverged_runs[v];
      }
      if (!r.sweep.empty()) {
        c.run_test_loss[v].push_back(run->diverged ? std::numeric_limits<double>::infinity() : run->test_loss);
        // A logit read as null was not finite (float32 overflows while the loss stays finite): the largest of all.
        double largest = std::numeric_limits<double>::quiet_NaN();
        for (const double x : run->largest_logit)
          largest = std::isnan(largest) ? (std::isnan(x) ? kInfinity : x) : std::max(largest, std::isnan(x) ? kInfinity : x);
        c.run_largest_logit[v].push_back(largest);
      }
    }
    for (size_t k = 0; k < longest; ++k) {  // each step: the runs that reached it
      at.clear();
      for (const LmRun* run : group.runs)
        if (k < run->loss.size()) at.push_back(run->loss[k]);
      c.loss[v].push_back(median_of(at));
      if (c.seeds > 1) {
        c.band_lo[v].push_back(*std::min_element(at.begin(), at.end()));
        c.band_hi[v].push_back(*std::max_element(at.begin(), at.end()));
      }
    }
    if (!tests.empty()) {
      c.test_loss[v] = median_of(tests);
      if (c.seeds > 1) {
        c.test_lo[v] = *std::min_element(tests.begin(), tests.end());
        c.test_hi[v] = *std::max_element(tests.begin(), tests.end());
      }
    }
  }
  return c;
}

namespace {

// update_curves for a SeededTraining's runs and for the copies the page keeps of runs trained in
// its Web Workers (RunRecord): Runs gives runs(), steps_done(), and of each seed's run s,
// variant v: loss(s, v), test_loss(s, v) and diverged(s, v).
template <class Runs>
void update_curves_of(Curves& c, const Runs& t) {
  c.steps_done = t.steps_done();
  std::vector<double> at;
  for (size_t v = 0; v < c.names.size(); ++v) {
    const int variant = static_cast<int>(v);
    if (!c.sweep.empty())
      for (int s = 0; s < t.runs(); ++s) {
        const bool done = t.diverged(s, variant) || std::isfinite(t.test_loss(s, variant));
        c.run_test_loss[v][static_cast<size_t>(s)] = t.diverged(s, variant) ? std::numeric_limits<double>::infinity()
                                                     : done                  ? t.test_loss(s, variant)
                                                                             : std::numeric_limits<double>::quiet_NaN();
        c.run_largest_logit[v][static_cast<size_t>(s)] = t.largest_logit(s, variant);
      }
    if (c.seeds == 1) {
      const std::vector<double>& from = t.loss(0, variant);
      c.loss[v].insert(c.loss[v].end(), from.begin() + static_cast<std::ptrdiff_t>(c.loss[v].size()), from.end());
      c.test_loss[v] = t.test_loss(0, variant);
      c.diverged[v] = t.diverged(0, variant);
      continue;
    }
    // A step is final once every run has passed it or stopped: the runs that still train (the
    // page's may be at different steps) bound what is drawn; when every run stopped, the longest.
    size_t longest = 0, reached = std::numeric_limits<size_t>::max();
    std::vector<double> tests;
    int diverged = 0, runs_diverged = 0;
    for (int s = 0; s < t.runs(); ++s) {
      const size_t length = t.loss(s, variant).size();
      longest = std::max(longest, length);
      if (std::isfinite(t.test_loss(s, variant))) tests.push_back(t.test_loss(s, variant));
      if (const int k = t.diverged(s, variant)) {
        diverged = diverged ? std::min(diverged, k) : k;
        ++runs_diverged;
      } else {
        reached = std::min(reached, length);
      }
    }
    for (size_t k = c.loss[v].size(); k < std::min(longest, reached); ++k) {
      at.clear();
      for (int s = 0; s < t.runs(); ++s)
        if (k < t.loss(s, variant).size()) at.push_back(t.loss(s, variant)[k]);
      c.band_lo[v].push_back(*std::min_element(at.begin(), at.end()));
      c.band_hi[v].push_back(*std::max_element(at.begin(), at.end()));
      c.loss[v].push_back(median_of(at));
    }
    if (t.steps_done() < c.steps) tests.clear();  // the page's runs: no test loss until every run has its own
    c.test_loss[v] = median_of(tests);
    c.test_lo[v] = tests.empty() ? std::numeric_limits<double>::quiet_NaN() : *std::min_element(tests.begin(), tests.end());
    c.test_hi[v] = tests.empty() ? std::numeric_limits<double>::quiet_NaN() : *std::max_element(tests.begin(), tests.end());
    c.diverged[v] = diverged;
    c.diverged_runs[v] = runs_diverged;
  }
}

// Empty curves for `seeds` runs of the experiment whose first run is `first` (at each of a sweep's
// rates): names, params, steps.
void start_curves(Curves& c, const Training& first, int seeds) {
  c = curves_of(first);
  for (std::vector<double>& loss : c.loss) loss.clear();  // filled as every later update
  c.seeds = seeds;
  if (first.sweeping()) {
    const Curves one = c;
    c.sweep = first.experiment().sweep_learning_rate;
    c.designs = static_cast<int>(one.names.size());
    c.names.clear();
    c.loss.clear();
    c.params.clear();
    c.test_loss.clear();
    c.diverged.clear();
    for (const double rate : c.sweep)
      for (size_t v = 0; v < one.names.size(); ++v) {
        c.names.push_back(one.names[v] + ", η = " + plain_number(rate));
        c.loss.emplace_back();
        c.params.push_back(one.params[v]);
        c.test_loss.push_back(std::numeric_limits<double>::quiet_NaN());
        c.diverged.push_back(0);
      }
    c.run_test_loss.assign(c.names.size(), std::vector<double>(static_cast<size_t>(seeds), std::numeric_limits<double>::quiet_NaN()));
    c.run_largest_logit = c.run_test_loss;
  }
  if (c.seeds > 1) {
    c.band_lo.assign(c.names.size(), {});
    c.band_hi.assign(c.names.size(), {});
    c.test_lo.assign(c.names.size(), std::numeric_limits<double>::quiet_NaN());
    c.test_hi.assign(c.names.size(), std::numeric_limits<double>::quiet_NaN());
    c.diverged_runs.assign(c.names.size(), 0);
  }
}

// A sweep's rates (the runs are rates × seeds), 1 without one.
int rates_of(const Training& first) { return std::max(1, static_cast<int>(first.experiment().sweep_learning_rate.size())); }

double largest_of(const std::vector<double>& series) {
  return series.empty() ? std::numeric_limits<double>::quiet_NaN() : *std::max_element(series.begin(), series.end());
}

struct SeededRuns {
  const SeededTraining& t;
  int runs() const { return t.runs(); }
  int steps_done() const { return t.steps_done(); }
  const std::vector<double>& loss(int s, int v) const { return t.run(s).loss(v); }
  double test_loss(int s, int v) const { return t.run(s).test_loss(v); }
  int diverged(int s, int v) const { return t.run(s).diverged(v); }
  double largest_logit(int s, int v) const { return largest_of(t.run(s).largest_logits(v)); }
};

struct RecordedRuns {
  const std::vector<RunRecord>& records;
  const RunRecord& run(int s) const { return records[static_cast<size_t>(s)]; }
  int runs() const { return static_cast<int>(records.size()); }
  int steps_done() const {
    int least = records.front().steps_done;
    for (const RunRecord& r : records) least = std::min(least, r.steps_done);
    return least;
  }
  const std::vector<double>& loss(int s, int v) const { return run(s).loss[static_cast<size_t>(v)]; }
  double test_loss(int s, int v) const { return run(s).test_loss[static_cast<size_t>(v)]; }
  int diverged(int s, int v) const { return run(s).diverged[static_cast<size_t>(v)]; }
  double largest_logit(int s, int v) const {
    const std::vector<double>& largest = run(s).largest_logit;
    return static_cast<size_t>(v) < largest.size() ? largest[static_cast<size_t>(v)] : std::numeric_limits<double>::quiet_NaN();
  }
};

// A sweep's runs as curves see them: `seeds` runs a curve, curve k·designs + v being design v of
// the runs k·seeds … k·seeds + seeds − 1 (one_run's order). Without a sweep, the runs themselves.
template <class Runs>
struct SweptRuns {
  const Runs& t;
  int seeds, designs;
  int run_of(int s, int curve) const { return designs ? curve / designs * seeds + s : s; }
  int design_of(int curve) const { return designs ? curve % designs : curve; }
  int runs() const { return designs ? seeds : t.runs(); }
  int steps_done() const { return t.steps_done(); }
  const std::vector<double>& loss(int s, int v) const { return t.loss(run_of(s, v), design_of(v)); }
  double test_loss(int s, int v) const { return t.test_loss(run_of(s, v), design_of(v)); }
  int diverged(int s, int v) const { return t.diverged(run_of(s, v), design_of(v)); }
  double largest_logit(int s, int v) const { return t.largest_logit(run_of(s, v), design_of(v)); }
};

template <class Runs>
SweptRuns<Runs> swept(const Curves& c, const Runs& t) {
  return SweptRuns<Runs>{t, c.seeds, c.sweep.empty() ? 0 : c.designs};
}

}  // namespace

void update_curves(Curves& c, const SeededTraining& t) {
  if (c.names.empty()) start_curves(c, t.run(0), t.runs() / rates_of(t.run(0)));
  const SeededRuns runs{t};
  update_curves_of(c, swept(c, runs));
}

SweepPoint sweep_point_of(const Curves& c, int k, int v) {
  const size_t curve = static_cast<size_t>(k * c.designs + v);
  std::vector<double> tests, logits;
  for (size_t s = 0; s < c.run_test_loss[curve].size(); ++s) {
    if (!std::isnan(c.run_test_loss[curve][s])) tests.push_back(c.run_test_loss[curve][s]);
    if (!std::isnan(c.run_largest_logit[curve][s])) logits.push_back(c.run_largest_logit[curve][s]);
  }
  return sweep_point(c.sweep[static_cast<size_t>(k)], tests, logits);
}

RunRecord record_of(const Training& t) {
  RunRecord r;
  for (int v = 0; v < t.variants(); ++v) {
    r.loss.push_back(t.loss(v));
    r.test_loss.push_back(t.test_loss(v));
    r.diverged.push_back(t.diverged(v));
  }
  if (t.sweeping())
    for (int v = 0; v < t.variants(); ++v) r.largest_logit.push_back(largest_of(t.largest_logits(v)));
  r.steps_done = t.steps_done();
  return r;
}

void update_curves(Curves& c, const Training& first, const std::vector<RunRecord>& runs) {
  if (c.names.empty()) start_curves(c, first, static_cast<int>(runs.size()) / rates_of(first));
  const RecordedRuns records{runs};
  update_curves_of(c, swept(c, records));
}

std::array<std::uint8_t, 3> curve_colour(int i, bool light) {
  // Okabe & Ito (2008), the six that differ most first: orange, sky blue,
  // bluish green, vermillion, reddish purple, yellow, then blue and grey.
  static constexpr std::array<std::uint8_t, 3> kColours[8] = {{230, 159, 0},   {86, 180, 233}, {0, 158, 115},
                                                              {213, 94, 0},    {204, 121, 167}, {240, 228, 66},
                                                              {0, 114, 178},   {153, 153, 153}};
  // On the light theme the same hues, darkened (each channel scaled alike) until a curve reaches
  // 3:1 on the plot's pale blue-grey (WCAG 1.4.11, lines and marks): all but Okabe and Ito's
  // vermillion and blue read 1.1 to 2.9:1 there (their orange 1.92, sky blue 1.96). The dark
  // theme's all reach 3.15:1 on its plot.
  static constexpr std::array<std::uint8_t, 3> kOnLight[8] = {{177, 122, 0},  {67, 140, 182},  {0, 150, 109},
                                                              {213, 94, 0},   {184, 109, 150}, {142, 135, 39},
                                                              {0, 114, 178},  {132, 132, 132}};
  const int k = ((i % 8) + 8) % 8;
  if (light) return kOnLight[k];
  if (k == 6) return {90, 120, 255};  // the blue is dim on the dark background
  return kColours[k];
}

namespace {

// A value for people: three significant digits.
std::string three_digits(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", x);
  return text;
}

}  // namespace

std::string svg_dash_attribute(int v) {
  const std::span<const float> pattern = curve_dash(v);
  if (pattern.empty()) return "";
  std::string lengths;
  for (const float length : pattern) {
    char text[16];
    std::snprintf(text, sizeof text, "%g", static_cast<double>(length));
    if (!lengths.empty()) lengths += ' ';  // (a char* + std::string&& here set off GCC 12's -Wrestrict, wrongly)
    lengths += text;
  }
  return " stroke-dasharray=\"" + lengths + "\"";
}

std::string svg_coord(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", x);
  return text;
}

std::string svg_rgb(std::array<std::uint8_t, 3> col) {
  char text[16];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", col[0], col[1], col[2]);
  return text;
}

std::string svg_power_of_ten(int k) {
  return "10<tspan dy=\"-6\" font-size=\"9\">" + std::string(k < 0 ? "\u2212" : "") + std::to_string(std::abs(k)) + "</tspan>";
}

std::pair<int, int> decades_around(const std::vector<double>& values) {
  double least = std::numeric_limits<double>::infinity(), most = 0;
  for (const double x : values)
    if (std::isfinite(x) && x > 0) {
      least = std::min(least, x);
      most = std::max(most, x);
    }
  if (!(most > 0)) return {-3, 0};
  // As loss_axis: a value a rounding away from a power of ten is on it, not a decade beyond.
  const int lo = static_cast<int>(std::floor(std::log10(least) + 1e-9)), hi = static_cast<int>(std::ceil(std::log10(most) - 1e-9));
  return {lo, std::max(hi, lo + 1)};
}

std::pair<double, double> sweep_rate_axis(const std::vector<double>& rates) {
  return {std::log10(rates.front()) - 0.25, std::log10(rates.back()) + 0.25};
}

// 10^-324 is no double (it rounds to 0, whose logarithm is −∞): the least positive one stands for it.
double LossAxis::floor() const { return std::max(std::pow(10.0, lo), std::numeric_limits<double>::denorm_min()); }

std::string minor_tick_label(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

std::string LossAxis::label(int k, int every) const {
  if (zero_floor && k == lo) return "0";
  // The floor's 0 keeps the decade above it clear, so that the two labels do not touch.
  if (k % every != 0 || (zero_floor && every > 1 && k - lo < every)) return "";
  return "10^{" + std::string(k < 0 ? "\u2212" : "") + std::to_string(std::abs(k)) + "}";
}

int decade_label_every(int decades, double plot_px, double label_px) {
  const double count = std::max(1, decades);
  for (int every = 1;; every *= 10)
    for (const int step : {every, 2 * every, 5 * every})
      if (plot_px * step / count >= label_px || step >= count) return step;
}

int LossAxis::label_every(double plot_px, double label_px) const { return decade_label_every(hi - lo, plot_px, label_px); }

double on_axis(const LossAxis& axis, double loss) {
  return std::isfinite(loss) ? std::max(loss, axis.floor()) : axis.floor();
}

LossAxis loss_axis(const Curves& c) {
  double lo = std::numeric_limits<double>::infinity(), hi = 0;
  bool zero = false;
  // Every value drawn: the curves and, over seeds, their bands.
  for (const auto* curves : {&c.loss, &c.band_lo, &c.band_hi})
    for (const std::vector<double>& curve : *curves)
      for (double x : curve) {
        if (!std::isfinite(x)) continue;
        if (x <= 0) {
          zero = true;
          continue;
        }
        lo = std::min(lo, x);
        hi = std::max(hi, x);
      }
  if (hi == 0) return LossAxis{-3, 0, zero};  // nothing yet (or only zeros): 10^-3 .. 10^0
  LossAxis axis{static_cast<int>(std::floor(std::log10(lo) + 1e-9)), static_cast<int>(std::ceil(std::log10(hi) - 1e-9)), zero};
  if (zero) --axis.lo;  // the zeros' own floor, below every positive value
  if (axis.hi <= axis.lo) axis.hi = axis.lo + 1;
  return axis;
}

int step_tick(int steps, int ticks) {
  // The window's loss curves round their steps the same way (nice_ticks with TickRounding::Up).
  return std::max(1, static_cast<int>(nice_step(std::max(1.0, static_cast<double>(steps) / std::max(1, ticks)), TickRounding::Up)));
}

namespace {

// The legend: each variant's colour and dash pattern, name, last loss and, once finished, test
// loss, each on its line, from x right of the plot; as many entries as fit in the height.
std::string svg_legend(const Curves& c, bool light, double x, double top, double height) {
  const char* ink = light ? "#222222" : "#e6e6e6";
  std::string s;
  // The sample is as long as the longest pattern's period (22), so that each shows whole.
  const double pitch = std::min(42.0, (height - top - 10) / std::max<double>(1, static_cast<double>(c.names.size())));
  for (size_t v = 0; v < c.names.size(); ++v) {
    const double y = top + 10 + pitch * static_cast<double>(v);
    s += "<line x1=\"" + svg_coord(x) + "\" y1=\"" + svg_coord(y) + "\" x2=\"" + svg_coord(x + 22) + "\" y2=\"" + svg_coord(y) +
         "\" stroke-width=\"3\" stroke=\"" + svg_rgb(curve_colour(static_cast<int>(v), light)) + "\"" + svg_dash_attribute(static_cast<int>(v)) +
         "/>\n";
    s += "<text x=\"" + svg_coord(x + 28) + "\" y=\"" + svg_coord(y + 4) + "\" fill=\"" + ink + "\">" + xml_text(markup_as_plain_text(c.names[v])) + "</text>\n";
    std::string value, second;
    const bool seeded = c.seeds > 1;
    if (v < c.loss.size() && !c.loss[v].empty()) value = (seeded ? "median L = " : "L = ") + three_digits(c.loss[v].back());
    if (v < c.test_loss.size() && std::isfinite(c.test_loss[v])) second = "test " + three_digits(c.test_loss[v]);
    if (seeded && v < c.diverged_runs.size() && c.diverged_runs[v])
      second += (second.empty() ? "" : ", ") + std::to_string(c.diverged_runs[v]) + " of " + std::to_string(c.seeds) + " diverged";
    else if (v < c.diverged.size() && c.diverged[v])
      second += (second.empty() ? "" : ", ") + std::string("diverged at step ") + std::to_string(c.diverged[v]);
    if (!value.empty())
      s += "<text x=\"" + svg_coord(x + 28) + "\" y=\"" + svg_coord(y + 17) + "\" font-size=\"10\" fill=\"" + ink + "\">" + value + "</text>\n";
    if (!second.empty())
      s += "<text x=\"" + svg_coord(x + 28) + "\" y=\"" + svg_coord(y + 29) + "\" font-size=\"10\" fill=\"" + ink + "\">" + second + "</text>\n";
  }
  return s;
}


}  // namespace

std::string curves_svg(const Curves& c, bool light) {
  if (!c.sweep.empty() && c.designs > 0) return sweep_svg(c, light);  // the plots the lab shows in place of the curves (sweep_svg.cpp)
  constexpr double W = 720, H = 420, left = 70, right = 200, top = 44, bottom = 50;
  const double pw = W - left - right, ph = H - top - bottom;
  const LossAxis axis = loss_axis(c);
  const int x_max = std::max(1, c.steps);
  const auto px = [&](double step) { return left + pw * step / x_max; };
  const auto py = [&](double loss) {
    return top + ph * (axis.hi - std::log10(on_axis(axis, loss))) / static_cast<double>(axis.hi - axis.lo);
  };
  const char* bg = light ? "#ffffff" : "#1e1f24";
  const char* ink = light ? "#222222" : "#e6e6e6";
  const char* grid = light ? "#dddddd" : "#3a3c44";
  std::string s;
  s += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"720\" height=\"420\" viewBox=\"0 0 720 420\" "
       "font-family=\"DejaVu Sans, sans-serif\" font-size=\"12\">\n";
  s += "<rect width=\"720\" height=\"420\" fill=\"" + std::string(bg) + "\"/>\n";
  s += "<text x=\"" + svg_coord(left) + "\" y=\"24\" font-size=\"15\" fill=\"" + ink + "\">" +
       xml_text(c.title.empty() ? "Loss curves" : markup_as_plain_text(c.title)) + "</text>\n";
  // Over seeds, what the curves and bands are: above the legend, clear of a long title.
  if (c.seeds > 1)
    s += "<text x=\"" + svg_coord(left + pw + 14) + "\" y=\"20\" font-size=\"10\" fill=\"" + ink + "\">median over " +
         std::to_string(c.seeds) + " seeds,</text>\n<text x=\"" + svg_coord(left + pw + 14) + "\" y=\"33\" font-size=\"10\" fill=\"" +
         ink + "\">band: min to max</text>\n";
  // Decades: a grid line each, and a label 10^k every `every` of them, so that the 33 decades of a
  // loss that reached rounding do not touch; a floor of zeros labelled 0.
  const int every = axis.label_every(ph, 18.0);
  for (int k = axis.lo; k <= axis.hi; ++k) {
    const double y = top + ph * (axis.hi - k) / static_cast<double>(axis.hi - axis.lo);
    s += "<line x1=\"" + svg_coord(left) + "\" y1=\"" + svg_coord(y) + "\" x2=\"" + svg_coord(left + pw) + "\" y2=\"" + svg_coord(y) +
         "\" stroke=\"" + grid + "\"/>\n";
    const std::string label = axis.label(k, every);
    if (label.empty()) continue;
    s += "<text x=\"" + svg_coord(left - 8) + "\" y=\"" + svg_coord(y + 4) + "\" text-anchor=\"end\" fill=\"" + ink + "\">" +
         (label == "0" ? std::string("0") : svg_power_of_ten(k)) +
         "</text>\n";
  }
  const int tick = step_tick(x_max);
  for (int step = 0; step <= x_max; step += tick) {
    const double x = px(step);
    s += "<line x1=\"" + svg_coord(x) + "\" y1=\"" + svg_coord(top + ph) + "\" x2=\"" + svg_coord(x) + "\" y2=\"" + svg_coord(top + ph + 5) +
         "\" stroke=\"" + ink + "\"/>\n";
    s += "<text x=\"" + svg_coord(x) + "\" y=\"" + svg_coord(top + ph + 19) + "\" text-anchor=\"middle\" fill=\"" + ink + "\">" +
         std::to_string(step) + "</text>\n";
  }
  s += "<rect x=\"" + svg_coord(left) + "\" y=\"" + svg_coord(top) + "\" width=\"" + svg_coord(pw) + "\" height=\"" + svg_coord(ph) +
       "\" fill=\"none\" stroke=\"" + ink + "\"/>\n";
  s += "<text x=\"" + svg_coord(left + pw / 2) + "\" y=\"" + svg_coord(H - 10) + "\" text-anchor=\"middle\" fill=\"" + ink +
       "\">step</text>\n";
  s += "<text transform=\"translate(16 " + svg_coord(top + ph / 2) + ") rotate(-90)\" text-anchor=\"middle\" fill=\"" + ink +
       "\">mean loss L of the batch (log scale)</text>\n";
  // Over seeds, each design's band first (min to max of its runs, faint), the median curves over them.
  for (size_t v = 0; v < c.band_lo.size() && v < c.band_hi.size(); ++v) {
    const std::vector<double>&lo = c.band_lo[v], &hi = c.band_hi[v];
    if (lo.empty()) continue;
    // Per pixel column the highest of hi and the lowest of lo, so that the band holds every run:
    // along the top left to right, then back along the bottom.
    const size_t per_column = std::max<size_t>(1, lo.size() / static_cast<size_t>(pw));
    std::vector<std::string> upper, lower;
    for (size_t i = 0; i < lo.size(); i += per_column) {
      const size_t end = std::min(lo.size(), i + per_column);
      const double high = *std::max_element(hi.begin() + static_cast<std::ptrdiff_t>(i), hi.begin() + static_cast<std::ptrdiff_t>(end));
      const double low = *std::min_element(lo.begin() + static_cast<std::ptrdiff_t>(i), lo.begin() + static_cast<std::ptrdiff_t>(end));
      upper.push_back(svg_coord(px(static_cast<double>(i))) + "," + svg_coord(py(high)) + " ");
      lower.push_back(svg_coord(px(static_cast<double>(i))) + "," + svg_coord(py(low)) + " ");
    }
    std::string points;
    for (const std::string& p : upper) points += p;
    for (auto it = lower.rbegin(); it != lower.rend(); ++it) points += *it;
    s += "<polygon fill-opacity=\"0.18\" stroke=\"none\" fill=\"" + svg_rgb(curve_colour(static_cast<int>(v), light)) + "\" points=\"" +
         points + "\"/>\n";
  }
  // The curves: at most ~2 points a pixel column, the lowest and highest of each (spikes stay).
  for (size_t v = 0; v < c.loss.size(); ++v) {
    const std::vector<double>& curve = c.loss[v];
    if (curve.empty()) continue;
    const size_t per_column = std::max<size_t>(1, curve.size() / static_cast<size_t>(pw));
    std::string points;
    for (size_t i = 0; i < curve.size(); i += per_column) {
      const size_t end = std::min(curve.size(), i + per_column);
      size_t lo = i, hi = i;
      for (size_t k = i; k < end; ++k) {
        if (on_axis(axis, curve[k]) < on_axis(axis, curve[lo])) lo = k;
        if (on_axis(axis, curve[k]) > on_axis(axis, curve[hi])) hi = k;
      }
      for (size_t k : {std::min(lo, hi), std::max(lo, hi)}) {
        points += svg_coord(px(static_cast<double>(k))) + "," + svg_coord(py(curve[k])) + " ";
        if (lo == hi) break;
      }
    }
    s += "<polyline fill=\"none\" stroke-width=\"1.6\" stroke=\"" + svg_rgb(curve_colour(static_cast<int>(v), light)) + "\"" +
         svg_dash_attribute(static_cast<int>(v)) + " points=\"" + points + "\"/>\n";
  }
  s += svg_legend(c, light, left + pw + 14, top, H);
  s += "</svg>\n";
  return s;
}

std::string curves_table_csv(const Curves& c) {
  const bool seeded = c.seeds > 1;
  std::string s = "variant,params,first_loss,last_loss,test_loss,steps_done,diverged_at_step";
  s += seeded ? ",seeds,test_loss_min,test_loss_max,runs_diverged\n" : "\n";
  const auto finite = [](const std::vector<double>& x, size_t v) {
    return v < x.size() && std::isfinite(x[v]) ? shortest_number(x[v]) : std::string();
  };
  for (size_t v = 0; v < c.names.size(); ++v) {
    const std::vector<double>& curve = v < c.loss.size() ? c.loss[v] : std::vector<double>{};
    s += csv_text(c.names[v]) + "," + std::to_string(v < c.params.size() ? c.params[v] : 0) + ",";
    s += (curve.empty() ? "" : shortest_number(curve.front())) + ",";
    s += (curve.empty() ? "" : shortest_number(curve.back())) + ",";
    s += (v < c.test_loss.size() && std::isfinite(c.test_loss[v]) ? shortest_number(c.test_loss[v]) : "") + ",";
    // The steps this design took: a design that diverged at step k took k − 1.
    const int diverged = v < c.diverged.size() ? c.diverged[v] : 0;
    // Over seeds the runs that did not diverge took every step; diverged_at_step is the earliest stop.
    s += std::to_string(diverged > 0 && !seeded ? std::min(diverged - 1, c.steps_done) : c.steps_done) + ",";
    s += diverged > 0 ? std::to_string(diverged) : "";
    if (seeded) {
      s += ',';  // (a char* + std::string&& here set off GCC 12's -Wrestrict, wrongly)
      s += std::to_string(c.seeds) + "," + finite(c.test_lo, v) + "," + finite(c.test_hi, v) + "," +
           std::to_string(v < c.diverged_runs.size() ? c.diverged_runs[v] : 0);
    }
    s += "\n";
  }
  return s;
}

}  // namespace core
